"""A movement as immutable data: for each round and table, the North-South pair, the East-West pair and the boards;
its traveller slots and guide cards; and the check every movement passes (:func:`movement_problems`).

Pairs are numbered as a Results sheet takes them: in a two-winner Mitchell North-South pairs 1 to n and East-West
pairs 1 to n (a pair is its number and its direction); in a one-winner Mitchell East-West pairs n+1 to 2n; in a
Howell 1 to 2n. With an odd number of pairs one pair is a phantom: its seat is empty (None) and its opponents sit
out that round. :mod:`xlbridge.engine.movements.generate` generates them; :func:`movement_from_rows` reads one as a file
lists it.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from itertools import combinations

from ...rules import EvenTables, FieldKind, MovementType, Side, Winners
from ...rules.boards import HIGHEST_BOARD
from ...rules.methods import ONE_FIELD, TWO_FIELDS
from ...rules.movements import HOWELL_TYPE, MITCHELL_TYPE, ONE_WINNER, RELAY, SKIP, UNEQUAL_BOARDS, UNEQUAL_PLAYS
from ..errors import BridgeInputError, Reason
from ..pairs import Pair
from ..values import as_whole_number, count, show

__all__ = [
    "BoardSet",
    "Encounter",
    "Movement",
    "Seating",
    "Slot",
    "movement_from_rows",
    "movement_problems",
    "whole_in",
]


@dataclass(frozen=True, slots=True, order=True)
class BoardSet:
    """The boards played in one round at one table, first to last."""

    first: int
    last: int

    @property
    def boards(self) -> range:
        return range(self.first, self.last + 1)

    def __str__(self) -> str:
        return f"{self.first}-{self.last}"

    @staticmethod
    def parse(text: object) -> BoardSet:
        """``1-3`` (or ``4`` for a single board), as a movement file writes it."""
        found = re.fullmatch(r"\s*(\d+)\s*(?:[-–]\s*(\d+)\s*)?", str(text))
        if found is None:
            raise BridgeInputError(f"boards {text!r}: expected first-last, such as 1-3")
        first, last = (int(number) if len(number) <= 12 else HIGHEST_BOARD + 1 for number in
                       (found[1], found[2] or found[1]))  # fmt: skip
        if first < 1 or last < first:
            raise BridgeInputError(
                f"boards {text!r}: the first board is 1 or more, the last no smaller", reason=Reason.OUT_OF_RANGE
            )
        if last > HIGHEST_BOARD:
            raise BridgeInputError(
                f"boards {show(str(text))}: board numbers go up to {HIGHEST_BOARD}", reason=Reason.OUT_OF_RANGE
            )
        return BoardSet(first, last)


@dataclass(frozen=True, slots=True)
class Encounter:
    """Who sits where in one round at one table, and the boards they play. ``ns`` or ``ew`` is None where the
    phantom would sit: the other pair sits out. ``switched``: an arrow-switch round (the East-West pair of a
    one-winner Mitchell sits North-South)."""

    round: int
    table: int
    ns: int | None
    ew: int | None
    boards: BoardSet
    switched: bool = False

    @property
    def sit_out(self) -> bool:
        return self.ns is None or self.ew is None


@dataclass(frozen=True, slots=True)
class Slot:
    """One line of a traveller: a board and the pairs that play it, with the round and table."""

    board: int
    round: int
    table: int
    ns: int
    ew: int


@dataclass(frozen=True, slots=True)
class Seating:
    """A round of a pair's guide card: its table and direction, its opponents (None: it sits out), the boards."""

    round: int
    table: int
    direction: Side
    opponents: int | None
    boards: BoardSet


@dataclass(frozen=True)
class Movement:
    """A whole movement: every round's encounters, in round and table order."""

    #: The kind generated (None for a movement read from a file).
    type: MovementType | None
    tables: int
    rounds: int
    boards_per_round: int
    first_board: int
    encounters: tuple[Encounter, ...]
    #: True when North-South and East-West pairs are numbered apart (a two-winner Mitchell).
    two_fields: bool
    #: The missing pair of an odd number of pairs (its number and, when numbered apart, its direction).
    phantom: Pair | None = None
    even: EvenTables | None = None
    winners: Winners | None = None
    #: Board sets more than one table plays in the same round, by round: the tables that share them.
    shared: tuple[tuple[int, tuple[int, ...]], ...] = ()
    #: What a director should know: how it runs, and what it lacks.
    notes: tuple[str, ...] = field(default=())
    #: The groups of tables that each play a copy of the boards of their own (a web Mitchell's two halves): a set
    #: stays in its group, and two groups play it in one round without sharing. Empty: one copy, every table.
    circuits: tuple[tuple[int, ...], ...] = ()

    def circuit(self, table: int) -> int:
        """The group of tables (its index in :attr:`circuits`) whose copy of the boards ``table`` plays."""
        return next((index for index, tables in enumerate(self.circuits) if table in tables), 0)

    @property
    def field_kind(self) -> FieldKind:
        """How its pairs are ranked: two fields (a two-winner Mitchell) or one."""
        return TWO_FIELDS if self.two_fields else ONE_FIELD

    @property
    def name(self) -> str:
        if self.type is None:
            return "movement"
        words = [self.type.name]
        if self.even is not None:
            words.append({SKIP.name: "skip", RELAY.name: "relay and bye"}.get(self.even.name, self.even.name))
        if self.winners is not None:
            words.append("one winner" if self.winners is ONE_WINNER else "two winners")
        return ", ".join(words)

    @property
    def title(self) -> str:
        """``Mitchell, two winners: 7 tables, 7 rounds of 3 boards (boards 1-21)``."""
        tables = f"{self.tables - 0.5:g}" if self.phantom is not None else str(self.tables)
        boards = self.boards
        return (
            f"{self.name}: {tables} tables, {count(self.rounds, 'round')} of {count(self.boards_per_round, 'board')} "
            f"(boards {boards.start}-{boards.stop - 1})"
        )

    @property
    def boards(self) -> range:
        """Every board of the session."""
        sets = [encounter.boards for encounter in self.encounters]
        return range(min(s.first for s in sets), max(s.last for s in sets) + 1)

    @property
    def pairs(self) -> tuple[Pair, ...]:
        """Every pair that plays (not the phantom), as the Names sheet lists them."""
        seen: dict[Pair, None] = {}
        for encounter in self.encounters:
            for side in (Side.NS, Side.EW):
                pair = self.pair_at(encounter, side)
                if pair is not None:
                    seen[pair] = None
        return tuple(sorted(seen, key=lambda pair: (pair.direction is Side.EW, pair.number)))

    def pair_at(self, encounter: Encounter, side: Side) -> Pair | None:
        """The pair sitting ``side`` (None: the phantom's empty seat)."""
        number = encounter.ns if side is Side.NS else encounter.ew
        if number is None:
            return None
        if not self.two_fields:
            return Pair(number)
        return Pair(number, side)

    def round(self, number: int) -> list[Encounter]:
        return [encounter for encounter in self.encounters if encounter.round == number]

    def slots(self, order: str = "traveller") -> list[Slot]:
        """Every line the travellers will hold (sit-outs have none): in ``traveller`` order board by board, each
        board's lines in the order they are played; or in ``round`` order, as the tables play them."""
        slots = [
            Slot(board, encounter.round, encounter.table, encounter.ns, encounter.ew)
            for encounter in self.encounters
            if encounter.ns is not None and encounter.ew is not None
            for board in encounter.boards.boards
        ]
        if order == "traveller":
            return sorted(slots, key=lambda slot: (slot.board, slot.round, slot.table))
        if order == "round":
            return sorted(slots, key=lambda slot: (slot.round, slot.table, slot.board))
        raise ValueError(f"order {order!r}: traveller or round")

    def seatings(self, pair: Pair) -> list[Seating]:
        """A pair's guide card: round by round, where it sits, against whom, on which boards."""
        out = []
        for encounter in self.encounters:
            for side in (Side.NS, Side.EW):
                if self.pair_at(encounter, side) == pair:
                    opponent = encounter.ew if side is Side.NS else encounter.ns
                    out.append(Seating(encounter.round, encounter.table, side, opponent, encounter.boards))
        return out

    def sit_outs(self, pair: Pair) -> list[Seating]:
        """The rounds ``pair`` sits out: where its opponents' seat is the phantom's, empty (its players and
        handicap aside: the pair by its number, and its direction in two fields)."""
        seated = Pair(pair.number, pair.direction if self.two_fields else None)
        return [seating for seating in self.seatings(seated) if seating.opponents is None]

    def encounter(self, round_number: int, table: int) -> Encounter | None:
        """Who sits at ``table`` in round ``round_number`` (None: the table is not used that round)."""
        return self._at.get((round_number, table))

    @cached_property
    def _at(self) -> dict[tuple[int, int], Encounter]:
        return {(encounter.round, encounter.table): encounter for encounter in self.encounters}

    def next_seating(self, pair: Pair, round_number: int) -> Seating | None:
        """Where ``pair`` sits in the round after ``round_number``: a table and direction, or a sit-out (its
        :attr:`Seating.opponents` None); None after the last round, or when it has no seat in the next round."""
        return self._seated.get((round_number + 1, pair))

    def next_tables(self, boards: BoardSet, round_number: int, table: int = 0) -> tuple[int, ...] | None:
        """The tables ``boards`` go to for the round after ``round_number`` (two or more when they are shared; none
        when they rest, on a relay's bye stand); None after the last round. With copies of the boards
        (:attr:`circuits`), the tables of ``table``'s copy."""
        if round_number >= self.rounds:
            return None
        copy = self.circuit(table)
        return tuple(sorted(e.table for e in self.encounters if e.round == round_number + 1 and e.boards == boards
                            and self.circuit(e.table) == copy))  # fmt: skip

    @cached_property
    def _seated(self) -> dict[tuple[int, Pair], Seating]:
        """Every pair's seating, by round and pair."""
        out = {}
        for pair in self.pairs:
            for seating in self.seatings(pair):
                out[(seating.round, pair)] = seating
        return out

    def plays(self) -> Counter[int]:
        """How many times each board is played (the phantom's tables not counted)."""
        return Counter(board for slot in self.slots() for board in (slot.board,))

    def balance(self) -> tuple[int, int] | None:
        """For a one-field movement: the fewest and most board sets on which two pairs sit the same way while
        playing against others (they are then compared directly); None for two fields."""
        if self.two_fields:
            return None
        seat: dict[tuple[int, BoardSet], tuple[Side, int | None]] = {}
        for encounter in self.encounters:
            seat[(_seat(encounter.ns), encounter.boards)] = (Side.NS, encounter.ew)
            seat[(_seat(encounter.ew), encounter.boards)] = (Side.EW, encounter.ns)
        sets = sorted({encounter.boards for encounter in self.encounters})
        players = sorted({number for number, _ in seat})
        counts = []
        for a, b in combinations(players, 2):
            same = 0
            for boards in sets:
                if (a, boards) in seat and (b, boards) in seat:
                    (side_a, against), (side_b, _) = seat[(a, boards)], seat[(b, boards)]
                    same += side_a is side_b and against != b
            counts.append(same)
        return (min(counts), max(counts)) if counts else None


def _seat(number: int | None) -> int:
    return -1 if number is None else number  # the phantom, counted as a pair where the full movement is meant


def whole_in(value: object, argument: str, low: int, high: int | None = None) -> int:
    number = as_whole_number(value, argument)
    if number < low or (high is not None and number > high):
        allowed = f"{low} to {high}" if high is not None else f"{low} or more"
        raise BridgeInputError(f"{argument} {number}: must be {allowed}", reason=Reason.OUT_OF_RANGE)
    return number


def movement_problems(movement: Movement, strict: bool = True) -> list[str]:
    """What is wrong with a movement, in words (nothing: it is sound).

    Always: each table once a round, each pair at most once a round, no pair plays a board twice, no two pairs
    meet twice, a set at two tables of one round (of one copy of the boards) only where the movement says it is
    shared. ``strict`` (every generated movement) also: counting the phantom's seat as a pair, every board is played
    equally often and every pair plays as many boards (unless its kind says it cannot); a complete Howell (4
    tables or more, all rounds) has every pair meet every other and play every set, each set at every table; a full
    odd-table Mitchell has every North-South pair meet every East-West pair.
    """
    return [problem for _, problem in _located_problems(movement, strict)]


#: A problem of a movement: the encounters it is found at (the rows a file lists them on), and what it is.
Located = tuple[tuple[Encounter, ...], str]


def _located_problems(movement: Movement, strict: bool) -> list[Located]:
    """:func:`movement_problems`, each with the encounters it is found at (none for the whole movement's)."""
    problems: list[Located] = []
    tables_seen: Counter[tuple[int, int]] = Counter()
    seated: dict[tuple[int, object], Encounter] = {}  # a pair's first table of a round
    rounds_seen: set[tuple[int, object]] = set()  # a pair found at a second table of a round
    boards_seen: dict[tuple[object, int], int] = {}
    met: dict[frozenset[object], int] = {}
    played: Counter[object] = Counter()
    per_board: Counter[int] = Counter()
    sets_at: dict[tuple[int, BoardSet, int], list[int]] = {}  # by round, set and copy of the boards

    def key(encounter: Encounter, side: Side) -> object:
        pair = movement.pair_at(encounter, side)
        return ("phantom",) if pair is None else pair

    def name(pair: object) -> str:
        if isinstance(pair, Pair):
            return f"pair {pair.number}{pair.direction_text}"
        return "the phantom"

    for encounter in movement.encounters:
        where = f"round {encounter.round}, table {encounter.table}"
        tables_seen[(encounter.round, encounter.table)] += 1
        if encounter.ns is None and encounter.ew is None:
            problems.append(((encounter,), f"{where}: nobody sits there"))
        ns, ew = key(encounter, Side.NS), key(encounter, Side.EW)
        if ns == ew:
            problems.append(((encounter,), f"{where}: {name(ns)} plays against itself"))
        sets_at.setdefault((encounter.round, encounter.boards, movement.circuit(encounter.table)), []).append(
            encounter.table
        )
        for pair in (ns, ew):
            first = seated.setdefault((encounter.round, pair), encounter)
            if first.table != encounter.table and (encounter.round, pair) not in rounds_seen:
                rounds_seen.add((encounter.round, pair))  # both rows named: either may be the one typed wrong
                problems.append(((first, encounter), f"round {encounter.round}: {name(pair)} is at table "
                                 f"{first.table} and at table {encounter.table}"))  # fmt: skip
            again = [board for board in encounter.boards.boards if (pair, board) in boards_seen]
            if again:
                rounds = ", ".join(str(r) for r in sorted({boards_seen[pair, board] for board in again}))
                listed = f"board {again[0]}" if len(again) == 1 else f"boards {', '.join(map(str, again))}"
                problems.append(((encounter,), f"{where}: {name(pair)} plays {listed} again (round {rounds})"))
            for board in encounter.boards.boards:
                boards_seen[(pair, board)] = encounter.round
            played[pair] += len(encounter.boards.boards)
        meeting = frozenset((ns, ew))
        if meeting in met:
            problems.append(((encounter,), f"{where}: {name(ns)} and {name(ew)} meet again (round {met[meeting]})"))
        met[meeting] = encounter.round
        for board in encounter.boards.boards:
            per_board[board] += 1
    for (r, t), times in tables_seen.items():
        if times > 1:
            at = tuple(e for e in movement.encounters if (e.round, e.table) == (r, t))
            problems.append((at, f"round {r}, table {t}: {times} encounters at one table"))
    found_shared = tuple(sorted((r, tuple(sorted(tables))) for (r, _, _), tables in sets_at.items() if len(tables) > 1))
    if found_shared != tuple(sorted(movement.shared)):
        for r, tables in sorted(set(found_shared) - set(movement.shared)):
            at = tuple(e for e in movement.encounters if e.round == r and e.table in tables)
            problems.append((at, f"round {r}: tables {', '.join(map(str, tables))} play the same boards"))
    if not strict:
        return problems
    unequal = movement.type.unequal if movement.type is not None else ()
    if len(set(per_board.values())) > 1 and UNEQUAL_PLAYS not in unequal:
        low, high = min(per_board.values()), max(per_board.values())
        problems.append(((), f"boards are played from {low} to {high} times"))
    if len(set(played.values())) > 1 and UNEQUAL_BOARDS not in unequal:
        problems.append(((), f"pairs play from {min(played.values())} to {max(played.values())} boards"))
    everyone = sorted(played, key=str)
    sets = sorted({encounter.boards for encounter in movement.encounters})
    if movement.type is HOWELL_TYPE:
        for a, b in combinations(everyone, 2):
            if frozenset((a, b)) not in met:
                problems.append(((), f"{name(a)} and {name(b)} never meet"))
        if movement.tables >= 4:
            for boards in sets:
                rows_with_pairs = sorted(t for (_, s, _), ts in sets_at.items() if s == boards for t in ts)
                if rows_with_pairs != list(range(1, movement.tables + 1)):
                    problems.append(((), f"boards {boards} are not played once at every table"))
    if movement.type is MITCHELL_TYPE and movement.tables % 2 and movement.rounds == movement.tables:
        ns_side = [p for p in everyone if _side_of(movement, p) is Side.NS]
        ew_side = [p for p in everyone if _side_of(movement, p) is Side.EW]
        for a in ns_side:
            for b in ew_side:
                if frozenset((a, b)) not in met:
                    problems.append(((), f"{name(a)} and {name(b)} never meet"))
    return problems


def _side_of(movement: Movement, pair: object) -> Side | None:
    """A Mitchell pair's own line (its direction in the unswitched rounds)."""
    for encounter in movement.encounters:
        if encounter.switched:
            continue
        for side in (Side.NS, Side.EW):
            if (movement.pair_at(encounter, side) or ("phantom",)) == pair:
                return side
    return None


def movement_from_rows(
    rows: Sequence[tuple[object, object, object, object, object]],
    context: str = "movement",
    name: Callable[[int], str] = lambda index: f"row {index + 1}",
) -> Movement:
    """A movement as a file lists it: (round, table, NS pair, EW pair, boards ``first-last``) per table per round;
    an empty pair is a sit-out. Pairs are numbered apart (two fields) when a row has a pair meet its own number
    (NS 1 v EW 1). Refused when a row cannot be read or the movement is not sound (see :func:`movement_problems`):
    every problem is found, each named by its rows (``name``); the message gives the first and how many more, the
    ``details`` (for several) a line each, in the rows' order."""
    encounters = []
    problems: list[tuple[int, str]] = []  # (the first row it is on, the problem naming its rows)
    for index, (r, t, ns, ew, boards) in enumerate(rows):
        try:
            encounter = Encounter(
                whole_in(r, "round", 1, HIGHEST_BOARD),
                whole_in(t, "table", 1, HIGHEST_BOARD),
                None if str(ns or "").strip() == "" else whole_in(ns, "NS pair", 1, HIGHEST_BOARD),
                None if str(ew or "").strip() == "" else whole_in(ew, "EW pair", 1, HIGHEST_BOARD),
                BoardSet.parse(boards),
            )
        except BridgeInputError as error:  # every row is read: the others are still checked
            problems.append((index, f"{name(index)}: {error.message}"))
            continue
        encounters.append((index, encounter))
    if not encounters and not problems:
        raise BridgeInputError(f"{context}: no rows")
    if encounters:
        problems += _unsound(dict(encounters), name)
    if problems:
        problems.sort(key=lambda problem: problem[0])
        found = [f"{context}: {problem}" for _, problem in problems]
        more = f" (and {len(found) - 1} more)" if len(found) > 1 else ""
        raise BridgeInputError(found[0] + more, details=tuple(found) if more else ())
    return _movement([encounter for _, encounter in encounters])


def _unsound(read: dict[int, Encounter], name: Callable[[int], str]) -> list[tuple[int, str]]:
    """What is wrong with the movement of the rows ``read`` (by their index), each problem named by its rows."""
    row_of = {id(encounter): index for index, encounter in read.items()}
    found = []
    for at, problem in _located_problems(_movement(list(read.values())), strict=False):
        rows = sorted(row_of[id(encounter)] for encounter in at)
        if rows:
            problem = f"{_rows_named([name(row) for row in rows])}: {problem}"
        found.append((rows[0] if rows else -1, problem))
    return found


def _rows_named(names: list[str]) -> str:
    """Rows by their names: ``line 6``; ``lines 6, 7`` (``line 6, row 7`` for names of two kinds)."""
    words = {name.partition(" ")[0] for name in names}
    if len(names) < 2 or len(words) > 1:
        return ", ".join(names)
    return f"{words.pop()}s {', '.join(name.partition(' ')[2] for name in names)}"


def _movement(encounters: list[Encounter]) -> Movement:
    """The movement of the encounters a file lists, in round and table order, its shape found from them: pairs
    numbered apart when one meets its own number, a board set shared where two tables of a round play it."""
    encounters.sort(key=lambda e: (e.round, e.table))
    two_fields = any(e.ns == e.ew for e in encounters if e.ns is not None)
    sizes = Counter(len(e.boards.boards) for e in encounters)
    movement = Movement(
        None,
        max(e.table for e in encounters),
        max(e.round for e in encounters),
        sizes.most_common(1)[0][0],
        min(e.boards.first for e in encounters),
        tuple(encounters),
        two_fields,
    )
    found_shared = Counter((e.round, e.boards) for e in encounters)
    shared = tuple(
        sorted(
            (r, tuple(sorted(e.table for e in encounters if (e.round, e.boards) == (r, s))))
            for (r, s), count in found_shared.items()
            if count > 1
        )
    )
    return Movement(
        None, movement.tables, movement.rounds, movement.boards_per_round, movement.first_board, movement.encounters,
        two_fields, shared=shared,
    )  # fmt: skip
