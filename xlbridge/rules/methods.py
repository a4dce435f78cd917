"""How a pairs session is scored, and how its pairs are ranked: the choices of a session workbook's Settings.

A scoring method says which comparison scores each result against its board (matchpoints on a scale, cross-IMPs
or IMPs against a Butler datum) and how the result files name it: USEBIO's ``EVENT_TYPE`` (Compscore3 and BriAn
write MP_PAIRS, CROSS_IMP, BUTLER_PAIRS), USEBIO 1.2's ``BOARD_SCORING_METHOD`` of an ``EVENT_TYPE="PAIRS"``
event (EBUScore, the EBU Pairs Scorer, RealBridge, Pianola: MATCH_POINTS, CROSS_IMPS, BUTLER; the 1.2 DTD's
BUTLER_IMPS), and PBN 2.1's ``[Scoring]``. A movement kind says whether the pairs form one field or two (a
two-winner Mitchell ranks North-South and East-West apart).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from .comparisons import ACBL, EUROPEAN, MatchpointScale
from .registry import Registry

__all__ = ["FIELD_KINDS", "SESSION_METHODS", "TEAMS_FORMS", "FieldKind", "SessionMethod", "TeamsForm"]


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

    @property
    def imp_scoring(self) -> bool:
        """True when results score IMPs (cross-IMPs, Butler): pair totals are sums of IMPs, not percentages."""
        return self.comparison != "matchpoints"


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
    pbn_words=("IMP", "CROSS-IMPS", "CROSSIMPS", "CROSS-IMP"),
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
    pbn_words=("BUTLER",),
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
