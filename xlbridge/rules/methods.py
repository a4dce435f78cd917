"""How a pairs session is scored, and how its pairs are ranked: the choices of a session workbook's Settings.

A scoring method says which comparison scores each result against its board (matchpoints on a scale, cross-IMPs
or IMPs against a Butler datum) and how the result files name it: USEBIO's ``EVENT_TYPE`` (Compscore3 and BriAn
write MP_PAIRS, CROSS_IMP, BUTLER_PAIRS), USEBIO 1.2's ``BOARD_SCORING_METHOD`` of an ``EVENT_TYPE="PAIRS"``
event (EBUScore, the EBU Pairs Scorer, RealBridge, Pianola: MATCH_POINTS, CROSS_IMPS, BUTLER; the 1.2 DTD's
BUTLER_IMPS), and PBN 2.1's ``[Scoring]``. Within a method, scoring programs differ in a few conventions
(:class:`Conventions`: the cross-IMP form, the Butler datum, what an artificial score does to the other results of
its board, how an incomplete pair is ranked); a method carries the ones it is scored by, and is written as its name
followed by each convention that is not the default (``Cross-IMP TOTAL``, ``MP NO-NEUBERG FACTORED``), as the
workbook's *Scoring* cell and ``xlbridge import --method`` take it. A movement kind says whether the pairs form one
field or two (a two-winner Mitchell ranks North-South and East-West apart).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from types import MappingProxyType

from .comparisons import (
    ACBL,
    ARTIFICIAL_RULES,
    AS_TIES,
    AVERAGED,
    CROSS_IMP_FORMS,
    DATUM_METHODS,
    EUROPEAN,
    TOTAL,
    TRIMMED_FROM_3,
    ArtificialRule,
    CrossImpForm,
    DatumMethod,
    MatchpointScale,
)
from .registry import Named, Registry

__all__ = ["CONVENTION_WORDS", "FIELD_KINDS", "PBN_CONVENTIONS", "PROGRAM_CONVENTIONS", "RANKING_RULES",
           "SECTION_SCORINGS", "SESSION_METHODS", "TEAMS_FORMS", "Conventions", "FieldKind", "RankingRule",
           "SectionScoring", "SessionMethod", "TeamsForm"]  # fmt: skip


@dataclass(frozen=True, slots=True)
class RankingRule:
    """What a matchpointed session ranks its pairs by: it differs where pairs were due different numbers of boards
    (a pair that sat out more rounds, or came late)."""

    name: str
    source: str
    #: True: by the total (factored up to the boards the pair was due, for a board left unplayed); False: by the
    #: percentage.
    by_total: bool
    aliases: tuple[str, ...] = ()
    description: str = ""


BY_PERCENTAGE = RankingRule(
    "PERCENTAGE",
    "Compscore3 and EBUScore: a pair's percentage, the mean of its boards' percentages, however many it played",
    by_total=False,
    aliases=("PERCENT",),
    description="by percentage, the mean over the boards the pair played (the default)",
)
BY_FACTORED_TOTAL = RankingRule(
    "FACTORED",
    "Pianola: a pair is ranked by its matchpoint total, factored up for a board of its rounds left unplayed",
    by_total=True,
    aliases=("FACTORED-TOTAL", "TOTAL-MP"),
    description="by the matchpoint total, factored up to the boards the pair was due (Pianola)",
)

#: How the pairs of a matchpointed session are ranked, by the names a method may use.
RANKING_RULES: Registry[RankingRule] = Registry("ranking", [BY_PERCENTAGE, BY_FACTORED_TOTAL])


@dataclass(frozen=True, slots=True)
class Conventions:
    """What scoring programs do differently within one method, each a rule of its registry: the cross-IMP form,
    the Butler datum, what an artificial score does to the other results of its board, and what a matchpointed
    session ranks its pairs by. Each registry's first entry (Compscore3's and the EBU's way) is the default."""

    cross_imps: CrossImpForm = CROSS_IMP_FORMS.default
    datum: DatumMethod = DATUM_METHODS.default
    artificial: ArtificialRule = ARTIFICIAL_RULES.default
    ranking: RankingRule = RANKING_RULES.default

    def changed(self) -> list[Named]:
        """The conventions that are not the default, in the order of the fields."""
        default = DEFAULT_CONVENTIONS
        return [getattr(self, name) for name in _FIELDS if getattr(self, name) is not getattr(default, name)]


_FIELDS = tuple(entry.name for entry in fields(Conventions))
#: Every convention at its default.
DEFAULT_CONVENTIONS = Conventions()

#: The conventions a method's words may choose, by what each method compares (its ``comparison``): the field of
#: :class:`Conventions` and the registry its words come from. A word of another comparison's is refused (a datum
#: means nothing to matchpoints).
CONVENTION_WORDS: Mapping[str, tuple[tuple[str, Registry], ...]] = MappingProxyType(  # type: ignore[type-arg]
    {
        "matchpoints": (("artificial", ARTIFICIAL_RULES), ("ranking", RANKING_RULES)),
        "cross-imps": (("cross_imps", CROSS_IMP_FORMS),),
        "butler": (("datum", DATUM_METHODS),),
    }
)


@dataclass(frozen=True, slots=True)
class SessionMethod:
    """One way of scoring a pairs session."""

    name: str
    source: str
    description: str
    #: "matchpoints", "cross-imps" or "butler": what each result is scored by.
    comparison: str
    #: The USEBIO 1.2 EVENT_TYPE written for it (the others read as it are ``usebio_events``), and the name of
    #: each traveller line's points (NS_MATCH_POINTS, ...): a file that names no method says it so.
    usebio_event: str
    usebio_points: str
    #: The PBN 2.1 [Scoring] value written for it, and the words of a [Scoring] value read as it.
    pbn_scoring: str
    pbn_words: tuple[str, ...]
    usebio_events: tuple[str, ...] = ()
    #: The values of USEBIO 1.2's BOARD_SCORING_METHOD (in an EVENT_TYPE="PAIRS" event) read as it.
    usebio_scoring: tuple[str, ...] = ()
    matchpoint_scale: MatchpointScale | None = None
    aliases: tuple[str, ...] = ()
    #: The conventions the method is scored by (a registry's entries have the defaults).
    conventions: Conventions = DEFAULT_CONVENTIONS

    @property
    def imp_scoring(self) -> bool:
        """True when results score IMPs (cross-IMPs, Butler): pair totals are sums of IMPs, not percentages."""
        return self.comparison != "matchpoints"

    @property
    def words(self) -> str:
        """The method as the *Scoring* cell holds it: its name, then each convention that is not the default
        (``Cross-IMP TOTAL``); a method at the defaults is its name alone."""
        return " ".join([self.name, *(convention.name for convention in self.conventions.changed())])


MP = SessionMethod(
    "MP",
    "Laws of Duplicate Bridge 2017, Law 78A; EBU and WBF practice",
    "European matchpoints (2 per result beaten, 1 per tie), percentages with Neuberg",
    comparison="matchpoints",
    usebio_event="MP_PAIRS",
    usebio_points="MATCH_POINTS",
    usebio_events=("MP_PAIRS",),
    usebio_scoring=("MATCH_POINTS", "MATCHPOINTS"),
    pbn_scoring="MatchPoints",
    pbn_words=("MP", "MATCHPOINTS", "MP1"),
    matchpoint_scale=EUROPEAN,
    aliases=("MATCHPOINTS",),
)
ACBL_MP = SessionMethod(
    "ACBL",
    "Laws of Duplicate Bridge 2017, Law 78A; ACBL practice",
    "ACBL matchpoints (1 per result beaten, 1/2 per tie), percentages with Neuberg",
    comparison="matchpoints",
    # USEBIO has one event type for both scales: a file's own tops tell them apart (see the USEBIO reader).
    usebio_event="MP_PAIRS",
    usebio_points="MATCH_POINTS",
    pbn_scoring="MatchPoints;MP2",
    pbn_words=("MP2",),
    matchpoint_scale=ACBL,
)
CROSS_IMP = SessionMethod(
    "Cross-IMP",
    "WBF and EBU cross-IMP (Calcutta) scoring; Law 78B",
    "cross-IMPs: each result IMPed against every other on its board, averaged; totals in IMPs",
    comparison="cross-imps",
    usebio_event="CROSS_IMP",
    usebio_points="CROSS_IMP_POINTS",
    usebio_events=("CROSS_IMP", "CROSS_IMPS"),
    usebio_scoring=("CROSS_IMPS", "CROSS_IMP"),
    pbn_scoring="Cross-IMPs",
    pbn_words=("IMP", "CROSS-IMPS", "CROSSIMPS", "CROSS-IMP", "CROSS", "CROSS2"),
    aliases=("CROSSIMP", "CROSSIMPS", "CROSS-IMPS", "XIMP"),
)
BUTLER = SessionMethod(
    "Butler",
    "Butler scoring as Compscore3 applies it (datum: the trimmed mean); Law 78B",
    "Butler: each result IMPed against its board's datum; totals in IMPs",
    comparison="butler",
    usebio_event="BUTLER_PAIRS",
    usebio_points="BUTLER_POINTS",
    usebio_events=("BUTLER_PAIRS",),
    usebio_scoring=("BUTLER", "BUTLER_IMPS"),
    pbn_scoring="Butler",
    pbn_words=("BUTLER", "BUTLER-2"),
)

#: The words of a PBN [Scoring] tag that choose a convention as well as the method (each word also names the method,
#: in its ``pbn_words``), as Ruter and Magic Contest write them: the convention's field of Conventions and its
#: rule. "IMP;Cross" sums each result's cross-IMPs (Ruter); "IMP;Cross2" is read as the other form, the average;
#: "IMP;Butler-2;Mean" forms the datum from the results left when the top and bottom are dropped, from 3 (a word
#: "Mean" or "Median" says how a datum averages what is left: the datum's own ``average``).
PBN_CONVENTIONS: Mapping[str, tuple[str, Named]] = MappingProxyType(
    {"CROSS": ("cross_imps", TOTAL), "CROSS2": ("cross_imps", AVERAGED), "BUTLER-2": ("datum", TRIMMED_FROM_3)}
)
#: The conventions a scoring program is known to score by where its file does not name them (a USEBIO file names
#: its PROGRAM_NAME, not its conventions), by a word of the program's name: each the field of Conventions and its
#: rule (whose source names the program). They are not applied from the name alone (a program's settings may say
#: otherwise, and a file that names its conventions, as PBN's [Scoring] does, chooses them): where the file's
#: figures differ, the import names the method's words that score a session so (``MP FACTORED``).
PROGRAM_CONVENTIONS: Mapping[str, tuple[str, Named]] = MappingProxyType(
    {
        "PIANOLA": ("ranking", BY_FACTORED_TOTAL),
        "BRIAN": ("artificial", AS_TIES),
        "MAGIC": ("datum", TRIMMED_FROM_3),
        "RUTER": ("cross_imps", TOTAL),
    }
)
#: Scoring methods of a pairs session, by the names Settings, the command line and result files use.
SESSION_METHODS: Registry[SessionMethod] = Registry("method", [MP, ACBL_MP, CROSS_IMP, BUTLER])


@dataclass(frozen=True, slots=True)
class FieldKind:
    """Whether the pairs of a session are ranked in one field or two: a Howell, or a Mitchell arrow-switched to one
    winner, ranks every pair together; a two-winner Mitchell ranks North-South and East-West apart."""

    name: str
    source: str
    description: str
    #: North-South and East-West ranked apart (a two-winner movement).
    two_fields: bool
    #: USEBIO's WINNER_TYPE for it (1 one winner, 2 two), which a file's is read as.
    usebio_winners: int
    aliases: tuple[str, ...] = ()


ONE_FIELD = FieldKind(
    "One field",
    "a Howell (every pair plays every other) or an arrow-switched Mitchell: one winner",
    "every pair ranked together (a Howell)",
    two_fields=False,
    usebio_winners=1,
    aliases=("Howell", "One", "One winner"),
)
TWO_FIELDS = FieldKind(
    "Two fields",
    "the Mitchell movement (North-South pairs stay, East-West pairs move): two winners",
    "North-South and East-West ranked apart (a two-winner Mitchell)",
    two_fields=True,
    usebio_winners=2,
    aliases=("Mitchell", "Two", "Two winners"),
)

#: One field or two, by the names Settings and the command line use (blank: one field); Howell and Mitchell, the
#: words clubs use, are taken for them.
FIELD_KINDS: Registry[FieldKind] = Registry("fields", [ONE_FIELD, TWO_FIELDS])


@dataclass(frozen=True, slots=True)
class SectionScoring:
    """How a session of two sections or more compares the results on a board: within each section (a section's
    results only, each section its own top), or across the field (every result on the board, whichever section
    played it, one top). The overall ranking compares the pairs' percentages either way: across the field they
    are of one top; within sections a percentage is the section's matchpoints factored to a common top."""

    name: str
    source: str
    description: str
    #: Every section's results on a board compared together (one top for the board).
    across: bool
    aliases: tuple[str, ...] = ()


WITHIN_SECTION = SectionScoring(
    "Within section",
    "Laws of Duplicate Bridge 2017, Law 78A (a score is compared with the other scores on the board in its "
    "contest); ACBL club practice: each section matchpointed apart, the overall ranking by factored matchpoints "
    "(daily-recap.com, Match Pointing Two Sections); ASE Scorer's score by section",
    "each section's results on a board compared among themselves: a top per section, the overall ranking by "
    "percentage (the tops factored to one)",
    across=False,
    aliases=("Within", "Section", "Within sections", "Apart"),
)
ACROSS_FIELD = SectionScoring(
    "Across the field",
    "Laws of Duplicate Bridge 2017, Law 78A with every section's scores one contest; Scorebridge, EBUScore and NZ "
    "Scorer score sections across the field (their USEBIO files' matchpoints)",
    "every result on a board compared with every other, whichever section played it: one top, one field",
    across=True,
    aliases=("Across", "Field", "Across field"),
)

#: Within section or across the field, by the names Settings and the command line use (blank: within section).
SECTION_SCORINGS: Registry[SectionScoring] = Registry("sections", [WITHIN_SECTION, ACROSS_FIELD])


@dataclass(frozen=True, slots=True)
class TeamsForm:
    """How a teams event scores its matches."""

    name: str
    source: str
    description: str
    #: True: each match's IMP margin is converted to victory points; False: board-a-match points are totalled.
    victory_points: bool
    #: USEBIO 1.2's BOARD_SCORING_METHOD of a teams event read as it, each with the points a board is worth in
    #: the file (board-a-match 1, point-a-board 2: a board won, tied, lost is 2, 1, 0), which the workbook holds
    #: as board-a-match points.
    usebio_scoring: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    aliases: tuple[str, ...] = ()


IMP_VP = TeamsForm(
    "IMP/VP",
    "WBF General Conditions of Contest: IMPs converted to victory points",
    "each match's IMP margin converted to victory points",
    victory_points=True,
    usebio_scoring=MappingProxyType({"IMPS": 1, "IMP": 1}),
    aliases=("IMP", "VP", "IMPS"),
)
BOARD_A_MATCH = TeamsForm(
    "BAM",
    "Laws of Duplicate Bridge 2017, Law 78C: board-a-match",
    "board-a-match: the board points each team won, totalled",
    victory_points=False,
    usebio_scoring=MappingProxyType({"BAM": 1, "PAB": 2}),
    aliases=("BOARD-A-MATCH",),
)

#: Forms of a teams event, by the names its Settings use.
TEAMS_FORMS: Registry[TeamsForm] = Registry("form", [IMP_VP, BOARD_A_MATCH])
