"""A pairs session as immutable, parsed values (a team match and a teams event: :mod:`.matches`).

What the templates are filled with and the importers produce: every result is read once (:func:`read_line`) into a
:class:`Line` holding its :class:`~xlbridge.engine.model.Play` or its adjusted score; a result that cannot be scored
is kept, as typed, in an :class:`Unscorable` row with its reason, so that a workbook can show it to be put right.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cached_property
from itertools import combinations
from typing import NamedTuple, TypeAlias

from ..rules import (
    FIELD_KINDS,
    MASTERPOINT_SCALES,
    SECTION_SCORINGS,
    SESSION_METHODS,
    FieldKind,
    MasterpointScale,
    SectionScoring,
    SessionMethod,
    Side,
)
from .boards import board_vulnerability
from .choices import choose, choose_method
from .errors import BridgeInputError
from .model import Play
from .movements.rounds import Movement
from .pairs import Pair, PairNumber
from .parse import Artificial, FieldEntry, Weighted, adjusted_text, parse_field_entry
from .scoring import parse_play, signed_score
from .values import is_blank, parse_board

__all__ = [
    "NOTHING_TYPED",
    "NOT_PLAYED",
    "Line",
    "Meetings",
    "NotPlayed",
    "Particulars",
    "Row",
    "Session",
    "Typed",
    "Unscorable",
    "board_sets",
    "is_not_played",
    "meetings",
    "pairs_in",
    "read_line",
    "read_play",
    "read_row",
    "rows_with_pairs",
    "seats",
]  # fmt: skip


class Typed(NamedTuple):
    """What was typed of a result after its board and pairs, in the Results sheet's order of its columns: the
    contract, the declarer (By), the lead, the result and an adjusted score (each as text, "" where blank)."""

    contract: str = ""
    declarer: str = ""
    lead: str = ""
    result: str = ""
    adjusted: str = ""


#: Nothing typed: a row of the movement still to be filled in.
NOTHING_TYPED = Typed()


@dataclass(frozen=True, slots=True)
class Line:
    """One result on a traveller: the contract as played, or an adjusted score instead (``adjusted``)."""

    board: int
    ns: PairNumber
    ew: PairNumber
    play: Play | None = None
    adjusted: FieldEntry | None = None
    lead: str = ""
    #: The section the result was played in ("" in a session of one section); its pairs are that section's.
    section: str = ""

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
    def entered(self) -> Typed:
        """What the Results sheet shows typed of the line, each text as the play reads it (``4s`` as ``4S``)."""
        if self.play is None:
            return Typed(lead=self.lead, adjusted=self.adjusted_text)
        contract, declarer, result = self.play.texts
        return Typed(contract, declarer, self.lead, result)


@dataclass(frozen=True, slots=True)
class Unscorable:
    """A result that cannot be scored, kept as it was typed with the reason; ``board``, ``ns`` and ``ew`` are None
    where they could not be read."""

    board: int | None
    ns: PairNumber | None
    ew: PairNumber | None
    entered: Typed
    reason: str
    #: The board, NS and EW as typed where they could not be read (``10x``), so a workbook shows them as typed.
    typed: tuple[str, str, str] = ("", "", "")
    section: str = ""


@dataclass(frozen=True, slots=True)
class NotPlayed:
    """A board not played at its table (a slow table, a fouled board): the line is there, it scores nothing, its
    board's field has one result fewer (Neuberg scales the others to the count), and the two pairs are factored up
    for it, as for any board of a round they played that went unplayed."""

    board: int
    ns: PairNumber
    ew: PairNumber
    section: str = ""

    @property
    def entered(self) -> Typed:
        """What the Results sheet shows typed of it: ``NP`` in the Adjusted column."""
        return Typed(adjusted=NOT_PLAYED)


#: What the Adjusted column says of a board not played at its table (any case; ``not played`` too).
NOT_PLAYED = "NP"
NOT_PLAYED_WORDS = frozenset({"NP", "N/P", "NOT PLAYED"})

#: A row of a session: a result, one that cannot be scored yet, or a board not played.
Row = Line | Unscorable | NotPlayed


def is_not_played(adjusted: object) -> bool:
    """Whether an Adjusted cell says the board was not played at the table (``NP``, ``not played``)."""
    return isinstance(adjusted, str) and " ".join(adjusted.split()).upper() in NOT_PLAYED_WORDS


def read_row(board: object, ns: PairNumber | None, ew: PairNumber | None, typed: Typed) -> Line | NotPlayed:
    """A result as typed: its board and pairs, then what was typed of its play. ``NP`` in the Adjusted column (with
    nothing else typed) is a board not played; anything else is a result (:func:`read_line`). What cannot be scored
    raises :class:`BridgeInputError`, saying why."""
    adjusted = typed.adjusted
    if is_blank(adjusted) or not is_not_played(adjusted):  # (a blank first: nearly every row has none)
        return _result(board, ns, ew, typed)
    number = parse_board(board)
    if ns in ("", None) or ew in ("", None):
        raise BridgeInputError("the NS or EW pair number is missing")
    assert ns is not None
    assert ew is not None
    named = (("contract", typed.contract), ("declarer", typed.declarer), ("result", typed.result),
             ("lead", typed.lead))  # fmt: skip
    given = [f"{name} {value!r}" for name, value in named if not is_blank(value)]
    if given:
        raise BridgeInputError(f"not played ({adjusted.strip()}) and {', '.join(given)}: a board not played has no "
                               "contract, declarer, lead or result")  # fmt: skip
    return NotPlayed(number, ns, ew)


def read_play(contract: object, declarer: object, result: object) -> Play:
    """A contract, declarer and result as typed, checked: a played contract needs its declarer here, whatever the
    vulnerability (a session or a match keeps every score from North-South's side, and only the declarer says which
    side scored it; a passed-out board has none). So checked, a play scores on every board: its score is worked out
    where it is asked for (:attr:`Line.score`, by :func:`~xlbridge.engine.scoring.line_score`)."""
    play = parse_play(contract, declarer, result)
    if play.declarer is None and not play.contract.passed_out:
        raise BridgeInputError(
            f"declarer missing: contract {play.contract} was played, so N, E, S or W must say who declared it"
        )
    return play


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
    """One result as a traveller gives it (contract, declarer, result, then the lead and an adjusted score),
    parsed; anything that cannot be scored raises :class:`BridgeInputError`."""
    return _result(board, ns, ew, Typed(contract, declarer, lead, result, adjusted))


def _result(board: object, ns: PairNumber | None, ew: PairNumber | None, typed: Typed) -> Line:
    number = parse_board(board)
    if ns in ("", None) or ew in ("", None):
        raise BridgeInputError("the NS or EW pair number is missing")
    assert ns is not None
    assert ew is not None
    contract, adjusted = typed.contract, typed.adjusted
    if is_blank(adjusted):
        return Line(number, ns, ew, read_play(contract, typed.declarer, typed.result), None, typed.lead)
    if not is_blank(contract):
        raise BridgeInputError(f"adjusted score {adjusted!r} and contract {contract!r}: give one or the other")
    entry = parse_field_entry(adjusted, "adjusted score")
    assert entry is not None
    return Line(number, ns, ew, adjusted=entry, lead=typed.lead)


@dataclass(frozen=True)
class Particulars:
    """What a federation's results file says of a session besides its results, as the Settings sheet holds it (""
    where not given): the club and its number with the federation, the event's identifier (the federation's, or
    the scorer's), the charge code (the EBU's: 10 a club session, 30 or 40 licensed...), and whom the federation
    asks about the results (name, telephone, email)."""

    club: str = ""
    club_number: str = ""
    event_id: str = ""
    charge_code: str = ""
    contact: str = ""
    telephone: str = ""
    email: str = ""


@dataclass(frozen=True)
class Session:
    """A pairs session: pairs, results, and how it is scored and ranked."""

    event: str = ""
    date: dt.date | None = None
    method: SessionMethod = SESSION_METHODS.default
    #: One field or two.
    field_kind: FieldKind = FIELD_KINDS.default
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
    #: The club, the event's identifier, the charge code and the contact (a setting, as the event and date are).
    particulars: Particulars = Particulars()
    #: Within section or across the field (a session of two sections or more; each line and pair says its section).
    section_scoring: SectionScoring = SECTION_SCORINGS.default
    #: The sections ranked otherwise than ``field_kind`` says, each with its own (a Howell section, one winner, on
    #: a night of two-winner Mitchells).
    section_fields: tuple[tuple[str, FieldKind], ...] = ()

    @staticmethod
    def of(
        *,
        event: str = "",
        date: dt.date | None = None,
        method: object = None,
        field_kind: object = None,
        per_board: int | None = None,
        pairs: Sequence[Pair] = (),
        lines: Sequence[Row] = (),
        plan: Movement | None = None,
        masterpoints: object = None,
        particulars: Particulars = Particulars(),
        section_scoring: object = None,
    ) -> Session:
        """A session, its method, one field or two and masterpoint scale chosen by name (a ``plan`` says how its
        pairs are numbered: one field or two as it numbers them, when ``field_kind`` is not given)."""
        return Session(
            event,
            date,
            choose_method(method),
            plan.field_kind if plan is not None and field_kind is None else choose(FIELD_KINDS, field_kind),
            per_board,
            tuple(pairs),
            tuple(lines),
            plan,
            choose(MASTERPOINT_SCALES, masterpoints, "masterpoints"),
            particulars,
            choose(SECTION_SCORINGS, section_scoring),
        )

    def field_of(self, section: str) -> FieldKind:
        """One field or two in ``section``: its own where :attr:`section_fields` gives one, else the session's."""
        for named, kind in self.section_fields:
            if named == section:
                return kind
        return self.field_kind

    @cached_property
    def _two_fields(self) -> dict[str, bool]:
        """Whether each section (the session's, and any its pairs or lines name) numbers North-South and East-West
        pairs apart."""
        return {section: self.field_of(section).two_fields for section in self.sections}

    @property
    def boards(self) -> list[int]:
        return sorted({line.board for line in self.lines if line.board is not None})

    @cached_property
    def sections(self) -> tuple[str, ...]:
        """The session's sections, in order (``("",)`` for a session of one section): those of its pairs, then of
        its lines."""
        found = dict.fromkeys(pair.section for pair in self.pairs)
        found.update(dict.fromkeys(row.section for row in self.lines))
        return tuple(sorted(found)) or ("",)

    def split(self) -> list[tuple[Session, list[int], list[int]]]:
        """The session section by section: each section's own session (its pairs and lines; the movement where
        the session has one section), with the indices of its lines in ``lines`` and of its pairs in ``pairs``. A
        session of one section is itself."""
        sections = self.sections
        if len(sections) == 1:
            return [(self, list(range(len(self.lines))), list(range(len(self.pairs))))]
        out = []
        for section in sections:
            lines = [index for index, row in enumerate(self.lines) if row.section == section]
            pairs = [index for index, pair in enumerate(self.pairs) if pair.section == section]
            own = replace(self, pairs=tuple(self.pairs[i] for i in pairs), lines=tuple(self.lines[i] for i in lines),
                          plan=None, field_kind=self.field_of(section), section_fields=())  # fmt: skip
            out.append((own, lines, pairs))
        return out

    @property
    def problems(self) -> list[Unscorable]:
        return [line for line in self.lines if isinstance(line, Unscorable)]

    @property
    def not_played(self) -> list[NotPlayed]:
        """The boards not played at their tables."""
        return [line for line in self.lines if isinstance(line, NotPlayed)]

    @cached_property
    def seating(self) -> dict[tuple[str, PairNumber, Side | None], list[tuple[Side, int]]]:
        """Where each pair sat: (side, index of the row in ``lines``) for every scorable result, by who the pair is
        (its section, its number, and in two fields its direction), worked out once (the ranking and a scorecard
        both ask)."""
        ns_field, ew_field = (Side.NS, Side.EW) if self.field_kind.two_fields else (None, None)
        two_fields = self._two_fields if self.section_fields else None
        seated: dict[tuple[str, PairNumber, Side | None], list[tuple[Side, int]]] = defaultdict(list)
        for index, row in enumerate(self.lines):
            if isinstance(row, Line):
                if two_fields is not None:  # each section one field or two as its own
                    ns_field, ew_field = (Side.NS, Side.EW) if two_fields[row.section] else (None, None)
                seated[row.section, row.ns, ns_field].append((Side.NS, index))
                seated[row.section, row.ew, ew_field].append((Side.EW, index))
        return dict(seated)

    @cached_property
    def meetings(self) -> Meetings:
        """The rows of each meeting of two pairs (:func:`meetings`), found once."""
        return meetings(rows_with_pairs(self.lines), self.field_kind.two_fields)

    @cached_property
    def board_sets(self) -> dict[int, int]:
        """Each board with the lowest board of its set (:func:`board_sets`), found once:
        the entry checks and the boards each pair is due both ask."""
        return board_sets(self.lines, self.meetings)

    @cached_property
    def _listed(self) -> frozenset[tuple[str, PairNumber, Side | None]]:
        """The pairs a result may name: in two fields a number with its direction, in one field a number (each in
        its section)."""
        two_fields = self._two_fields
        return frozenset((pair.section, pair.number, pair.direction if two_fields[pair.section] else None)
                         for pair in self.pairs)  # fmt: skip

    def unlisted(self, row: Row) -> str:
        """Why a result names a pair that is not on the session's list of pairs (its NS pair first), or "" (also
        for a session without a list, such as one board's traveller). In two fields a pair is its number and its
        direction: NS 1 and EW 1 are two pairs, and a pair listed without a direction is neither."""
        for side, number in self.unlisted_pairs(row)[:1]:
            shown = f"{row.section}{number}"
            missing = f"{side.value} pair {shown} is not on the list of pairs"
            if self._two_fields[row.section] and (row.section, number, None) in self._listed:
                return (
                    f"{missing}: it has pair {shown} without a direction (NS or EW?); in two fields they are two pairs"
                )
            return missing
        return ""

    def unlisted_pairs(self, row: Row) -> list[tuple[Side, PairNumber]]:
        """The pairs of a result (its NS pair first) that are not on the session's list of pairs, by the side they
        sit (none for a session without a list)."""
        listed = self._listed
        if not listed:
            return []
        section = row.section
        two_fields = self._two_fields.get(section, self.field_kind.two_fields)
        ns, ew = (Side.NS, Side.EW) if two_fields else (None, None)  # how each side is listed
        if (section, row.ns, ns) in listed and (section, row.ew, ew) in listed:  # (nearly every result)
            return []
        return [(side, number) for side, number, key in ((Side.NS, row.ns, ns), (Side.EW, row.ew, ew))
                if number is not None and (section, number, key) not in listed]  # fmt: skip


def pairs_in(lines: Sequence[Row], mitchell: bool = False, sections: Mapping[str, bool] | None = None) -> list[Pair]:
    """The pairs a session's lines name, when it lists none (in two fields, ``mitchell``, NS 1 and EW 1 are two
    pairs; ``sections`` gives a section's own), section by section: numbers first, in order, then labels."""

    def order(number: PairNumber) -> tuple[bool, str]:
        return isinstance(number, str), str(number).zfill(6)

    out = []
    for section in sorted({line.section for line in lines}):
        own = [line for line in lines if line.section == section]
        ns = {line.ns for line in own if line.ns is not None}
        ew = {line.ew for line in own if line.ew is not None}
        if mitchell if sections is None else sections.get(section, mitchell):
            out += [Pair(n, Side.NS, section=section) for n in sorted(ns, key=order)]
            out += [Pair(n, Side.EW, section=section) for n in sorted(ew, key=order)]
        else:
            out += [Pair(number, section=section) for number in sorted(ns | ew, key=order)]
    return out


# --- who met whom ----------------------------------------------------------------------------------------------

#: The rows of each meeting of two pairs, in order, by the two pairs: in two fields NS 1 v EW 2 (its NS pair
#: first), in one field 1 and 2 either way round.
Meetings: TypeAlias = dict[tuple[PairNumber, PairNumber] | frozenset[PairNumber], list[int]]


def rows_with_pairs(rows: Sequence[Row]) -> list[tuple[int, Row]]:
    """The rows with a board and both pairs, each with its index: the rows that can meet each other."""
    return [(index, row) for index, row in enumerate(rows)
            if row.board is not None and row.ns not in (None, "") and row.ew not in (None, "")]  # fmt: skip


def seats(known: list[tuple[int, Row]]) -> tuple[dict[int, list[PairNumber]], dict[int, list[PairNumber]]]:
    """Who sat North-South on each board, line by line, and who sat East-West, from the rows with a board and both
    pairs (``known``, as :func:`rows_with_pairs` gives them)."""
    ns: dict[int, list[PairNumber]] = defaultdict(list)
    ew: dict[int, list[PairNumber]] = defaultdict(list)
    for _, row in known:
        ns[row.board].append(row.ns)  # type: ignore[index, arg-type]
        ew[row.board].append(row.ew)  # type: ignore[index, arg-type]
    return ns, ew


def meetings(known: list[tuple[int, Row]], two_fields: bool) -> Meetings:
    """The rows of each meeting of two pairs (in two fields each its number and its direction), in order, from the
    rows with a board and both pairs (``known``, as :func:`rows_with_pairs` gives them); a pair meeting itself meets
    no one."""
    seated: dict[tuple[PairNumber, PairNumber], list[int]] = {}  # the rows of each NS pair v EW pair
    for index, row in known:
        if two_fields or row.ns != row.ew:
            seated.setdefault((row.ns, row.ew), []).append(index)  # type: ignore[arg-type]
    if two_fields:  # NS 1 v EW 2 and NS 2 v EW 1 are two meetings
        return dict(seated)  # type: ignore[arg-type]
    out: Meetings = {}
    for pairs, indices in seated.items():  # in one field 1 v 2 and 2 v 1 are one meeting, its rows in order
        found = out.setdefault(frozenset(pairs), indices)
        if found is not indices:
            out[frozenset(pairs)] = sorted(found + indices)
    return out


def board_sets(rows: Sequence[Row], found: Meetings) -> dict[int, int]:
    """Which boards were played as one set (a round's boards), found from the lines and their meetings (``found``,
    as :func:`meetings` finds them): each board with the lowest board of its set. Two boards are one set when the
    meetings that played both are at least half as many as those that played either with the board it was most
    often played with: a set played at every table is linked by every table, a board of it left unplayed at one
    table still by the others, but one line with a board number or a pair number typed wrong links two sets by one
    meeting alone, and does not join them."""
    # the boards each meeting played: at every table of a round the same set, counted once with its tables
    played_by: Counter[tuple[int, ...]] = Counter(
        tuple(sorted({rows[index].board for index in indices}))  # type: ignore[type-var, misc]
        for indices in found.values()
    )
    together: Counter[tuple[int, int]] = Counter()
    boards: set[int] = set()
    for played, times in played_by.items():
        boards.update(played)
        for two in combinations(played, 2):  # every two boards the meeting played, the lower first
            together[two] += times
    strongest: Counter[int] = Counter()
    for (a, b), shared in together.items():  # shared: how many meetings played both
        strongest[a] = max(strongest[a], shared)
        strongest[b] = max(strongest[b], shared)
    parent = {board: board for board in boards}

    def root(board: int) -> int:
        while parent[board] != board:
            parent[board] = parent[parent[board]]
            board = parent[board]
        return board

    for (a, b), shared in together.items():
        if 2 * shared >= max(strongest[a], strongest[b]):
            low, high = sorted((root(a), root(b)))
            parent[high] = low
    return {board: root(board) for board in boards}
