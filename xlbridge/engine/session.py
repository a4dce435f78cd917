"""A pairs session as immutable, parsed values (a team match and a teams event: :mod:`.matches`).

What the templates are filled with and the importers produce: every result is read once (:func:`read_line`) into a
:class:`Line` holding its :class:`~xlbridge.engine.model.Play` or its adjusted score; a result that cannot be scored
is kept, as typed, in an :class:`Unscorable` row with its reason, so that a workbook can show it to be put right.
"""

from __future__ import annotations

import datetime as dt
import functools
import math
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from functools import cached_property
from typing import TYPE_CHECKING

from ..rules import (
    HANDICAP_RULES,
    MASTERPOINT_SCALES,
    MOVEMENT_KINDS,
    SESSION_METHODS,
    HandicapRule,
    MasterpointScale,
    MovementKind,
    SessionMethod,
    Side,
)
from ..rules.handicaps import HANDICAP_LIMIT
from .boards import board_vulnerability
from .choices import choose
from .errors import BridgeInputError, Reason
from .meetings import Meetings, board_sets, meetings, placed
from .model import Play
from .parse import Artificial, FieldEntry, Weighted, adjusted_text, parse_field_entry
from .scoring import parse_play, signed_score
from .values import NUMBER, is_blank, parse_board, show

if TYPE_CHECKING:  # a movement is made of pairs: movements/rounds.py imports this module
    from .movements.rounds import Movement

__all__ = ["NOT_PLAYED", "Line", "NotPlayed", "Pair", "PairNumber", "Row", "Session", "Unscorable",
           "is_not_played", "pair_handicap", "parse_direction", "read_handicap", "read_line", "read_play",
           "read_row"]  # fmt: skip

#: A pair's number as a movement gives it (7), or a label a club uses ("7A").
PairNumber = int | str


@dataclass(frozen=True, slots=True)
class Pair:
    """A pair as the Names sheet lists it; ``direction`` is its side in a Mitchell, None in a Howell.

    ``handicap`` is the pair's handicap in percentage points, added to its percentage for the handicapped ranking
    (None: no handicap given; see :func:`pair_handicap` for one made of the players').
    """

    number: PairNumber
    direction: Side | None = None
    players: tuple[str, ...] = ()
    handicap: Fraction | None = None

    @property
    def names(self) -> str:
        return " & ".join(player for player in self.players if player)

    @property
    def direction_text(self) -> str:
        return "" if self.direction is None else self.direction.value


def parse_direction(text: str) -> Side | None:
    """A pair's direction as sheets and files write it (NS, N-S, ew; blank for none, as in a Howell)."""
    cleaned = (text or "").strip().upper().replace("-", "").replace("/", "")
    if not cleaned:
        return None
    if cleaned not in ("NS", "EW"):
        raise BridgeInputError(f"direction {text!r}: must be NS or EW (blank in a Howell)")
    return Side(cleaned)


def read_handicap(value: object, argument: str = "handicap") -> Fraction | None:
    """A handicap as typed, in percentage points: ``-5``, ``+2.5``, ``3%``, ``-1.25`` (blank: None)."""
    if is_blank(value):
        return None
    text = value.strip().removesuffix("%").strip().replace("−", "-") if isinstance(value, str) else value
    if isinstance(text, float) and math.isfinite(text):
        text = repr(text)
    if isinstance(text, int) and not isinstance(text, bool):
        text = str(text)
    if not isinstance(text, str) or not NUMBER.fullmatch(text):
        raise BridgeInputError(f"{argument} {show(value)}: expected percentage points, such as -5 or +2.5")
    points = Fraction(Decimal(text))
    if abs(points) > HANDICAP_LIMIT:
        raise BridgeInputError(
            f"{argument} {show(value)}: a handicap is at most {HANDICAP_LIMIT} percentage points either way",
            reason=Reason.OUT_OF_RANGE,
        )
    return points


def pair_handicap(players: Sequence[object], rule: object = None) -> Fraction | None:
    """A pair's handicap from its two players' (as typed): their average (``AVERAGE``, EBUScore's "50%", the
    default) or their sum (``SUM``, EBUScore's "100%"); a player with none counts 0; None when neither has one."""
    chosen: HandicapRule = choose(HANDICAP_RULES, rule, "handicaps")
    values = [read_handicap(value, f"player {index} handicap") for index, value in enumerate(players, start=1)]
    if all(value is None for value in values):
        return None
    return sum((value or Fraction(0) for value in values), Fraction(0)) * chosen.factor


@dataclass(frozen=True, slots=True)
class Line:
    """One result on a traveller: the contract as played, or an adjusted score instead (``adjusted``)."""

    board: int
    ns: PairNumber
    ew: PairNumber
    play: Play | None = None
    adjusted: FieldEntry | None = None
    lead: str = ""

    def __post_init__(self) -> None:
        if (self.play is None) == (self.adjusted is None):
            raise ValueError("a line holds either a play or an adjusted score")

    @property
    def score(self) -> int | Fraction | Artificial | Weighted:
        """North-South's score: the play's on this board's vulnerability, or the adjusted score."""
        if self.play is None:
            assert self.adjusted is not None
            return self.adjusted
        return signed_score(self.play, board_vulnerability(self.board))

    @property
    def contract_text(self) -> str:
        return "" if self.play is None else self.play.texts[0]

    @property
    def declarer_text(self) -> str:
        return "" if self.play is None else self.play.texts[1]

    @property
    def result_text(self) -> str:
        return "" if self.play is None else self.play.texts[2]

    @property
    def adjusted_text(self) -> str:
        return "" if self.adjusted is None else adjusted_text(self.adjusted)

    def adjusted_for(self, side: Side) -> str:
        """The adjusted score as ``side`` sees it (A6040 is ``A+`` to North-South, ``A-`` to East-West)."""
        return "" if self.adjusted is None else adjusted_text(self.adjusted, side)

    @property
    def entered(self) -> tuple[str, str, str, str, str]:
        """(contract, declarer, lead, result, adjusted) as the Results sheet shows them."""
        if self.play is None:
            return "", "", self.lead, "", self.adjusted_text
        contract, declarer, result = self.play.texts
        return contract, declarer, self.lead, result, ""


@dataclass(frozen=True, slots=True)
class Unscorable:
    """A result that cannot be scored, kept as it was typed (contract, declarer, lead, result, adjusted) with the
    reason; ``board``, ``ns`` and ``ew`` are None where they could not be read."""

    board: int | None
    ns: PairNumber | None
    ew: PairNumber | None
    entered: tuple[str, str, str, str, str]
    reason: str
    #: The board, NS and EW as typed where they could not be read (``10x``), so a workbook shows them as typed.
    typed: tuple[str, str, str] = ("", "", "")


@dataclass(frozen=True, slots=True)
class NotPlayed:
    """A board not played at its table (a slow table, a fouled board): the line is there, it scores nothing, its
    board's field has one result fewer (Neuberg scales the others to the count), and the two pairs are factored up
    for it, as for any board of a round they played that went unplayed."""

    board: int
    ns: PairNumber
    ew: PairNumber

    @property
    def entered(self) -> tuple[str, str, str, str, str]:
        """(contract, declarer, lead, result, adjusted) as the Results sheet shows it: ``NP`` in the Adjusted column."""
        return "", "", "", "", NOT_PLAYED


#: What the Adjusted column says of a board not played at its table (any case; ``not played`` too).
NOT_PLAYED = "NP"
NOT_PLAYED_WORDS = frozenset({"NP", "N/P", "NOT PLAYED"})

#: A row of a session: a result, one that cannot be scored yet, or a board not played.
Row = Line | Unscorable | NotPlayed


def is_not_played(adjusted: object) -> bool:
    """Whether an Adjusted cell says the board was not played at the table (``NP``, ``not played``)."""
    return isinstance(adjusted, str) and " ".join(adjusted.split()).upper() in NOT_PLAYED_WORDS


def read_row(
    board: object,
    ns: PairNumber | None,
    ew: PairNumber | None,
    contract: str = "",
    declarer: str = "",
    result: str = "",
    lead: str = "",
    adjusted: str = "",
) -> Line | NotPlayed:
    """A row as typed: a result (:func:`read_line`), or a board not played (``NP`` in the Adjusted column, nothing
    else but its board and pairs)."""
    if is_blank(adjusted) or not is_not_played(adjusted):  # (a blank first: nearly every row has none)
        return read_line(board, ns, ew, contract, declarer, result, lead, adjusted)
    number = parse_board(board)
    if ns in ("", None) or ew in ("", None):
        raise BridgeInputError("the NS or EW pair number is missing")
    assert ns is not None
    assert ew is not None
    typed = (("contract", contract), ("declarer", declarer), ("result", result), ("lead", lead))
    given = [f"{name} {value!r}" for name, value in typed if not is_blank(value)]
    if given:
        raise BridgeInputError(f"not played ({adjusted.strip()}) and {', '.join(given)}: a board not played has no "
                               "contract, declarer, lead or result")  # fmt: skip
    return NotPlayed(number, ns, ew)


def read_play(contract: object, declarer: object, result: object) -> Play:
    """A contract, declarer and result as typed, checked: a played contract needs its declarer here, whatever the
    vulnerability (a session or a match keeps every score from North-South's side, and only the declarer says which
    side scored it; a passed-out board has none). So checked, a play scores on every board: its score is worked out
    where it is asked for (:attr:`Line.score`, by :func:`~xlbridge.engine.scoring.line_score`)."""
    try:
        return _remembered_play(contract, declarer, result)
    except TypeError:  # a value that cannot be a key (never one typed in a cell): read each time
        return _checked_play(contract, declarer, result)


def _checked_play(contract: object, declarer: object, result: object) -> Play:
    """:func:`read_play`, read afresh."""
    play = parse_play(contract, declarer, result)
    if play.declarer is None and not play.contract.passed_out:
        raise BridgeInputError(
            f"declarer missing: contract {play.contract} was played, so N, E, S or W must say who declared it"
        )
    return play


#: The plays read so far, by what was typed (its type too: TRUE is not 1): a session's 6,000 results are typed
#: a few hundred ways, and a Play is immutable, so one read serves every line typed the same, on any board. A line
#: that cannot be read is not remembered: it raises each time.
_remembered_play = functools.lru_cache(maxsize=65_536, typed=True)(_checked_play)


def read_line(
    board: object,
    ns: PairNumber | None,
    ew: PairNumber | None,
    contract: str = "",
    declarer: str = "",
    result: str = "",
    lead: str = "",
    adjusted: str = "",
) -> Line:
    """One result as typed, parsed; anything that cannot be scored raises :class:`BridgeInputError`."""
    number = parse_board(board)
    if ns in ("", None) or ew in ("", None):
        raise BridgeInputError("the NS or EW pair number is missing")
    assert ns is not None
    assert ew is not None
    if is_blank(adjusted):
        return Line(number, ns, ew, read_play(contract, declarer, result), None, lead)
    if not is_blank(contract):
        raise BridgeInputError(f"adjusted score {adjusted!r} and contract {contract!r}: give one or the other")
    entry = parse_field_entry(adjusted, "adjusted score")
    assert entry is not None
    return Line(number, ns, ew, adjusted=entry, lead=lead)


@dataclass(frozen=True)
class Session:
    """A pairs session: pairs, results, and how it is scored and ranked."""

    event: str = ""
    date: dt.date | None = None
    method: SessionMethod = SESSION_METHODS.default
    movement: MovementKind = MOVEMENT_KINDS.default
    #: Results every board is scaled to (Neuberg); None: the most any board has.
    per_board: int | None = None
    pairs: tuple[Pair, ...] = ()
    lines: tuple[Row, ...] = ()
    #: The movement the session was played to, when it is known: who sits where, round by round (its sit-outs
    #: are then known, and every line is checked against it).
    plan: Movement | None = None
    #: The masterpoint scale the session is awarded on (a setting, as the event and date are: the scoring does not
    #: depend on it; :func:`~xlbridge.engine.masterpoints.masterpoints` gives the awards).
    masterpoints: MasterpointScale = MASTERPOINT_SCALES.default

    @staticmethod
    def of(
        *,
        event: str = "",
        date: dt.date | None = None,
        method: object = None,
        movement: object = None,
        per_board: int | None = None,
        pairs: Sequence[Pair] = (),
        lines: Sequence[Row] = (),
        plan: Movement | None = None,
        masterpoints: object = None,
    ) -> Session:
        """A session, its method, movement and masterpoint scale chosen by name (a ``plan`` says how its pairs are
        numbered)."""
        return Session(
            event,
            date,
            choose(SESSION_METHODS, method),
            plan.field_kind if plan is not None and movement is None else choose(MOVEMENT_KINDS, movement),
            per_board,
            tuple(pairs),
            tuple(lines),
            plan,
            choose(MASTERPOINT_SCALES, masterpoints, "masterpoints"),
        )

    @property
    def boards(self) -> list[int]:
        return sorted({line.board for line in self.lines if line.board is not None})

    @property
    def problems(self) -> list[Unscorable]:
        return [line for line in self.lines if isinstance(line, Unscorable)]

    @property
    def not_played(self) -> list[NotPlayed]:
        """The boards not played at their tables."""
        return [line for line in self.lines if isinstance(line, NotPlayed)]

    @cached_property
    def seating(self) -> dict[tuple[PairNumber, Side | None], list[tuple[Side, int]]]:
        """Where each pair sat: (side, index of the row in ``lines``) for every scorable result, by who the pair is
        (its number, and in two fields its direction), worked out once (the ranking and a scorecard both ask)."""
        ns_field, ew_field = (Side.NS, Side.EW) if self.movement.two_fields else (None, None)
        seated: dict[tuple[PairNumber, Side | None], list[tuple[Side, int]]] = defaultdict(list)
        for index, row in enumerate(self.lines):
            if isinstance(row, Line):
                seated[row.ns, ns_field].append((Side.NS, index))
                seated[row.ew, ew_field].append((Side.EW, index))
        return dict(seated)

    @cached_property
    def meetings(self) -> Meetings:
        """The rows of each meeting of two pairs (:func:`~xlbridge.engine.meetings.meetings`), found once."""
        return meetings(placed(self.lines), self.movement.two_fields)

    @cached_property
    def board_sets(self) -> dict[int, int]:
        """Each board with the lowest board of its set (:func:`~xlbridge.engine.meetings.board_sets`), found once:
        the entry checks and the boards each pair is due both ask."""
        return board_sets(self.lines, self.meetings)

    @cached_property
    def _listed(self) -> frozenset[tuple[PairNumber, Side | None]]:
        """The pairs a result may name: in two fields a number with its direction, in one field a number."""
        two_fields = self.movement.two_fields
        return frozenset((pair.number, pair.direction if two_fields else None) for pair in self.pairs)

    def unlisted(self, row: Row) -> str:
        """Why a result names a pair that is not on the session's list of pairs (its NS pair first), or "" (also
        for a session without a list, such as one board's traveller). In two fields a pair is its number and its
        direction: NS 1 and EW 1 are two pairs, and a pair listed without a direction is neither."""
        for side, number in self.unlisted_pairs(row)[:1]:
            missing = f"{side.value} pair {number} is not on the list of pairs"
            if self.movement.two_fields and (number, None) in self._listed:
                return (
                    f"{missing}: it has pair {number} without a direction (NS or EW?); in two fields they are two pairs"
                )
            return missing
        return ""

    def unlisted_pairs(self, row: Row) -> list[tuple[Side, PairNumber]]:
        """The pairs of a result (its NS pair first) that are not on the session's list of pairs, by the side they
        sit (none for a session without a list)."""
        listed = self._listed
        if not listed:
            return []
        ns, ew = (Side.NS, Side.EW) if self.movement.two_fields else (None, None)  # how each side is listed
        if (row.ns, ns) in listed and (row.ew, ew) in listed:  # (nearly every result)
            return []
        return [(side, number) for side, number, key in ((Side.NS, row.ns, ns), (Side.EW, row.ew, ew))
                if number is not None and (number, key) not in listed]  # fmt: skip
