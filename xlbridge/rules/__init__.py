"""Every rule xlbridge scores by, as named tables with their sources, and the registries that find them by name.

Adding a scale or an era is an edit here; the engine only reads these tables. Nothing in this package imports
anything of xlbridge's outside it.
"""

from __future__ import annotations

from collections.abc import Mapping

from .boards import BOARD_CYCLE
from .cards import DECK, HAND, HIGH_CARD_POINTS, RANKS, SUIT_SYMBOLS, SUITS, TABLE_SEATS, TABLE_STRAINS
from .comparisons import (
    ARTIFICIAL_CODES,
    ARTIFICIAL_IMPS_PER_10_PERCENT,
    ARTIFICIAL_RULES,
    CROSS_IMP_FORMS,
    DATUM_METHODS,
    MATCHPOINT_SCALES,
    ArtificialRule,
    CrossImpForm,
    DatumMethod,
    MatchpointScale,
)
from .duplicate import CURRENT, ERAS, DealRules, Ladder
from .handicaps import HANDICAP_RULES, HandicapRule
from .ladder import IMP_PERCENT_RULES, ImpPercentRule
from .masterpoints import AWARD_FORMS, MASTERPOINT_SCALES, AwardForm, MasterpointScale
from .methods import (
    CONVENTION_WORDS,
    DEFAULT_CONVENTIONS,
    FIELD_KINDS,
    RANKING_RULES,
    SECTION_SCORINGS,
    SESSION_METHODS,
    TEAMS_FORMS,
    Conventions,
    FieldKind,
    RankingRule,
    SectionScoring,
    SessionMethod,
    TeamsForm,
)
from .movements import (
    EVEN_TABLES,
    HOWELL_ROUND_ONE,
    HOWELL_THREE_TABLES,
    MOVEMENT_TYPES,
    WINNERS,
    EvenTables,
    MovementType,
    Winners,
)
from .registry import Named, Registry, normalise_name
from .rubber import CHICAGO_WHEELS, ChicagoWheel
from .scales import (
    IMP_SCALES,
    MATCH_VP_SCALES,
    VP_SCALES,
    BandScale,
    ContinuousVPScale,
    DiscreteVPScale,
    MatchLengthVPScale,
    VPScale,
)
from .strats import DEFAULT_STRATS, STRAT_RULES, StratRule, Strats
from .teams import BYE_RULES, ENTRANTS, SCHEDULES, TIE_BREAKS, ByeRule, Entrants, Schedule, TieBreak
from .words import Doubling, Seat, Side, Strain, Vulnerability

__all__ = [
    "ARTIFICIAL_CODES",
    "ARTIFICIAL_IMPS_PER_10_PERCENT",
    "ARTIFICIAL_RULES",
    "AWARD_FORMS",
    "BOARD_CYCLE",
    "BYE_RULES",
    "CHICAGO_WHEELS",
    "CONVENTION_WORDS",
    "CROSS_IMP_FORMS",
    "CURRENT",
    "DATUM_METHODS",
    "DECK",
    "DEFAULT_CONVENTIONS",
    "DEFAULT_STRATS",
    "ENTRANTS",
    "ERAS",
    "EVEN_TABLES",
    "FIELD_KINDS",
    "HAND",
    "HANDICAP_RULES",
    "HIGH_CARD_POINTS",
    "HOWELL_ROUND_ONE",
    "HOWELL_THREE_TABLES",
    "IMP_PERCENT_RULES",
    "IMP_SCALES",
    "MASTERPOINT_SCALES",
    "MATCHPOINT_SCALES",
    "MATCH_VP_SCALES",
    "MOVEMENT_TYPES",
    "RANKING_RULES",
    "RANKS",
    "REGISTRIES",
    "SCHEDULES",
    "SECTION_SCORINGS",
    "SESSION_METHODS",
    "STRAT_RULES",
    "SUITS",
    "SUIT_SYMBOLS",
    "TABLE_SEATS",
    "TABLE_STRAINS",
    "TEAMS_FORMS",
    "TIE_BREAKS",
    "VP_SCALES",
    "WINNERS",
    "ArtificialRule",
    "AwardForm",
    "BandScale",
    "ByeRule",
    "ChicagoWheel",
    "ContinuousVPScale",
    "Conventions",
    "CrossImpForm",
    "DatumMethod",
    "DealRules",
    "DiscreteVPScale",
    "Doubling",
    "Entrants",
    "EvenTables",
    "FieldKind",
    "HandicapRule",
    "ImpPercentRule",
    "Ladder",
    "MasterpointScale",
    "MatchLengthVPScale",
    "MatchpointScale",
    "MovementType",
    "Named",
    "RankingRule",
    "Registry",
    "Schedule",
    "Seat",
    "SectionScoring",
    "SessionMethod",
    "Side",
    "Strain",
    "StratRule",
    "Strats",
    "TeamsForm",
    "TieBreak",
    "VPScale",
    "Vulnerability",
    "Winners",
    "normalise_name",
]

#: Every registry of named choices, by the argument that chooses from it.
REGISTRIES: Mapping[str, Registry] = {  # type: ignore[type-arg]
    registry.argument: registry
    for registry in (
        ERAS,
        IMP_SCALES,
        VP_SCALES,
        MATCH_VP_SCALES,
        MATCHPOINT_SCALES,
        CROSS_IMP_FORMS,
        DATUM_METHODS,
        ARTIFICIAL_RULES,
        RANKING_RULES,
        SESSION_METHODS,
        FIELD_KINDS,
        SECTION_SCORINGS,
        TEAMS_FORMS,
        SCHEDULES,
        BYE_RULES,
        TIE_BREAKS,
        ENTRANTS,
        MOVEMENT_TYPES,
        EVEN_TABLES,
        WINNERS,
        CHICAGO_WHEELS,
        HANDICAP_RULES,
        IMP_PERCENT_RULES,
        MASTERPOINT_SCALES,
        AWARD_FORMS,
        STRAT_RULES,
    )
}
