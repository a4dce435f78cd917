"""A pairs session as its sheet holds it: the results, names and movement blocks read into the engine's session,
checked against each other and scored, once for the same cells (every session function of a workbook asks for the
same session; :func:`read_session` works it out for the first and keeps it for the others).

The results block: board, NS, EW, contract, by, lead, result, adjusted, one row per result, blank rows allowed; the
names block: pair, direction, player 1, player 2, handicap; the movement block: round, table, NS, EW, boards.
"""

from __future__ import annotations

import marshal
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, TypeVar

from ..engine.checks import check_session, flag_rows, infer_kind
from ..engine.choices import choose
from ..engine.errors import BridgeInputError, Reason
from ..engine.session import Pair, PairNumber, Row, Session, Unscorable, parse_direction, read_handicap, read_row
from ..engine.standings import SessionScore, score_session
from ..engine.values import as_whole_number, show
from ..rules import MOVEMENT_KINDS, SESSION_METHODS
from .cache import Answers, Reader, Recent, forget_if_full
from .cells import CellError, Grid, as_grid, flat, held_error, is_blank_text

if TYPE_CHECKING:  # only a workbook with a Movement sheet makes a movement (see _plan)
    from ..engine.movements import Movement, Slot

__all__ = ["ENTERED", "WorkedSession", "entered_pair", "entered_text", "read_session", "single_value"]

#: The columns of a results row after its board and pairs: what was typed of the play.
ENTERED = ("Contract", "By", "Lead", "Result", "Adjusted")


def entered_text(value: object) -> str:
    """An entry cell as text: blank (xlwings Lite's 0 included) is "", 10.0 is "10"."""
    if is_blank_text(value):
        return ""
    return show(value).strip("'") if isinstance(value, float) else str(value).strip()


def entered_pair(value: object) -> PairNumber | None:
    """A pair number as typed: a whole number, or a label such as 7A; blank is None."""
    if is_blank_text(value):
        return None
    try:
        return as_whole_number(value, "pair")
    except BridgeInputError:
        return entered_text(value)


#: What a column's reader gives for a cell.
T = TypeVar("T")


def _held(read: Callable[[object], T], name: str) -> Callable[[object], tuple[T, CellError | None]]:
    """How a cell of the column ``name`` is read: ``read``'s value, and the error it holds
    (:func:`~xlbridge.excel.cells.held_error`) or None."""
    return lambda value: (read(value), held_error(name, value))


def _board_cell(value: object) -> tuple[bool, int | None, CellError | None, str]:
    """A board cell as read: whether it is blank, its number (None when it has none), the error it holds, and why
    it is no board number ("" when it is one)."""
    held = held_error("board", value)
    if is_blank_text(value):
        return True, None, held, "board missing: each result needs its board number"
    try:
        return False, as_whole_number(value, "board"), held, ""
    except BridgeInputError as error:
        return False, None, held, error.message


def _typed(*cells: tuple[str, CellError | None]) -> tuple[tuple[str, ...], CellError | None]:
    """What was typed of a line's play (contract, by, lead, result, adjusted, each as read) as text, and the error
    of the first of those cells that holds one, or None."""
    return tuple(text for text, _ in cells), next((held for _, held in cells if held is not None), None)


#: The results block's cells, each distinct cell of a column read once (see :mod:`~xlbridge.excel.cache`; with
#: its type: TRUE is not 1): a session's 6,000 rows have a few hundred boards and pairs, and a few hundred distinct
#: plays typed, each line's answered once by :data:`_TYPED`.
_BOARDS = Reader(_board_cell)
_NS, _EW = Reader(_held(entered_pair, "NS")), Reader(_held(entered_pair, "EW"))
_ENTERED_COLUMNS = tuple(Reader(_held(entered_text, name)) for name in ENTERED)
_TYPED = Answers(_typed, _ENTERED_COLUMNS)


def _rows(results: Grid) -> list[Row | None]:
    """Each row of the results block (:func:`_row`), from its columns read a distinct cell at a time."""
    forget_if_full()
    width = 3 + len(ENTERED)
    columns: list[tuple[object, ...]] = list(zip(*results, strict=True))[:width]
    columns += [(None,) * len(results)] * (width - len(columns))  # a block narrower than the results' columns
    board, ns, ew, *entered = columns
    numbers = [reader.numbers(column) for reader, column in zip(_ENTERED_COLUMNS, entered, strict=True)]
    typed = _TYPED.lines(numbers[:-1], numbers[-1])
    return list(map(_row, _read(_BOARDS, board), _read(_NS, ns), _read(_EW, ew), typed))


def _read(reader: Reader, column: Sequence[object]) -> list[Any]:
    """Each cell of a column as ``reader`` reads it (each distinct cell once)."""
    return list(map(reader.values.__getitem__, reader.numbers(column)))


def _row(board: Any, ns: Any, ew: Any, typed: Any) -> Row | None:
    """One row of the results block, from its cells as read (:func:`_board_cell`, :func:`_held`,
    :func:`_typed`): a line, an unscorable line with its reason, or None for a blank row."""
    blank, known, board_held, unreadable = board
    (ns_number, ns_held), (ew_number, ew_held) = ns, ew
    texts, held = typed
    if not texts[0] and not texts[4] and blank and ns_number is None and ew_number is None:
        return None
    # an error in the board or a pair before one in the play's cells: the line waits, and with it its board
    held = board_held or ns_held or ew_held or held
    if held is not None:
        return Unscorable(known, ns_number, ew_number, texts, held.message)
    if known is None:
        return Unscorable(None, ns_number, ew_number, texts, unreadable)
    contract, declarer, lead, result, adjusted = texts
    try:
        return read_row(known, ns_number, ew_number, contract, declarer, result, lead, adjusted)
    except BridgeInputError as error:
        return Unscorable(known, ns_number, ew_number, texts, error.message)


def _pairs(names: Grid) -> list[Pair | None]:
    """The pairs of the names block, row by row (None for a blank row); a fifth column is the pair's handicap. A
    pair's row with an error in a cell (a lookup of the players that found nobody) is refused, naming the row (the
    block's first is row 2), as the movement's rows are: its #N/A would be the pair's number, or a player's name."""
    out: list[Pair | None] = []
    for row, cells in enumerate(names, start=2):
        number, direction, first, second, handicap = values = (list(cells) + [None] * 5)[:5]
        pair = entered_pair(number)
        if pair is None:
            out.append(None)
            continue
        for heading, value in zip(("pair", "direction", "player 1", "player 2", "handicap"), values, strict=True):
            held = held_error(heading, value)
            if held is not None:
                raise held.within(f"names row {row}")
        try:  # the row named: in a Mitchell, pair 2 is NS 2 or EW 2
            side = parse_direction(entered_text(direction))
        except BridgeInputError as error:
            raise error.within(f"names row {row}: pair {show(pair)}") from None
        shown = f"names row {row}: pair {show(pair)}{'' if side is None else side.value}: handicap"
        points = read_handicap(None if is_blank_text(handicap) else handicap, shown)
        out.append(Pair(pair, side, (entered_text(first), entered_text(second)), points))
    return out


def _listed_once(pairs: list[Pair | None], two_fields: bool) -> None:
    """Refuse a pair the names list twice (by number, and in two fields its direction), naming both rows (the
    block's first is row 2): its results would be counted for each, and both placed."""
    first: dict[tuple[object, object], int] = {}
    for number, pair in enumerate(pairs, start=2):
        if pair is None:
            continue
        key = (pair.number, pair.direction if two_fields else None)
        if key in first:
            shown = f"{show(pair.number)}{pair.direction_text if two_fields else ''}"
            raise BridgeInputError(f"pair {shown} is listed twice on the names, on rows {first[key]} and {number}")
        first[key] = number


#: The :mod:`marshal` format of :func:`_key`: version 2 writes each value whole, wherever it comes again. Later
#: versions write a value met twice as a reference to the first, but only a value something else also refers to
#: at that moment, so the same cells could give other bytes (the session worked out again: twice in a calc).
_KEY_FORMAT = 2

#: The kinds of cell :func:`_key` writes as they are; marshal writes each with its kind (TRUE is not 1, a Lite
#: blank 0 is not 0.0).
_WRITTEN = (type(None), bool, int, float, str)


def _key(parts: tuple[Any, ...]) -> Hashable:
    """What a session is read from (its blocks' cells and its settings) as a key: the bytes :mod:`marshal` writes
    of them (:data:`_KEY_FORMAT`), which keep each value's kind, and are made, hashed and compared in C (a
    6,000-row block in half a millisecond, against 2 for its rows as tuples: every session function of a sheet
    asks). A cell of another kind marshal cannot write (a date, from xlwings) is written as its kind's name and its
    repr, a pair, which no cell is. (Cells are what xlwings hands over; a numpy number, which only a Python caller
    could pass, marshal writes as its bytes.)"""
    try:
        return marshal.dumps(parts, _KEY_FORMAT)
    except ValueError:  # a cell marshal cannot write
        return marshal.dumps(tuple(map(_written, parts)), _KEY_FORMAT)


def _written(part: object) -> Any:
    """A block (its rows) or a setting with each cell as :func:`_key` writes it."""
    if isinstance(part, list):
        return [[_written_cell(value) for value in row] for row in part]
    return _written_cell(part)


def _written_cell(value: object) -> Any:
    return value if value.__class__ in _WRITTEN else (value.__class__.__qualname__, repr(value))


def single_value(value: object) -> object:
    grid = as_grid(value)
    return None if is_blank_text(grid[0][0]) else grid[0][0]


def _plan(cells: Grid | None) -> Movement | None:
    """The movement a block of cells lists (round, table, NS pair, EW pair, boards per row, as ``xlbridge movement
    --csv`` writes it; blank rows skipped), or None when the block is empty."""
    if cells is None:
        return None
    records: list[tuple[object, object, object, object, object]] = []
    numbers = []
    for number, row in enumerate(cells, start=2):
        r, t, ns, ew, boards = (entered_text(value) for value in (list(row) + [None] * 5)[:5])
        texts = (r, t, ns, ew, boards)
        for heading, value in zip(("round", "table", "NS", "EW", "boards"), row, strict=False):
            held = held_error(heading, value)
            if held is not None:
                raise held.within(f"movement row {number}")
        if any(texts):
            records.append(texts)
            numbers.append(number)
    if not records:
        return None
    from ..engine.movements import movement_from_rows  # (only a workbook with a movement loads the movements)

    return movement_from_rows(records, "movement", lambda index: f"row {numbers[index]}")


def _waiting(row: Row | None, slots: Mapping[tuple[int, int, int], Slot]) -> bool:
    """A row of the movement not typed yet: its board and pairs (as pre-filled from the movement), nothing else."""
    return (
        isinstance(row, Unscorable)
        and not any(row.entered)
        and row.board is not None
        and (row.board, row.ns, row.ew) in slots
    )


@contextmanager
def _from(argument: str) -> Iterator[None]:
    """A refusal of what one of the session functions' arguments holds (``method``), said to come from it: a reader
    of a workbook then names where that argument is (the Settings sheet)."""
    try:
        yield
    except BridgeInputError as error:
        error.argument = argument
        raise


class WorkedSession:
    """A session as a sheet holds it, worked out: its rows (aligned with the results block) and its score."""

    def __init__(
        self, results: Grid, names: Grid, method: object, movement: object, per_board: object, plan: Grid | None
    ) -> None:
        self.plan = _plan(plan)
        slots = {} if self.plan is None else {(s.board, s.ns, s.ew): s for s in self.plan.slots()}
        rows = _rows(results)
        #: The results rows of the movement not typed yet (0 is the block's first): quiet, counted as not in.
        self.waiting = [number for number, row in enumerate(rows) if _waiting(row, slots)] if slots else []
        waiting = set(self.waiting)
        self.rows: list[Row | None] = [None if number in waiting else row for number, row in enumerate(rows)]
        self.pair_rows = _pairs(names)
        with _from("per_board"):
            expected = None if is_blank_text(per_board) else as_whole_number(per_board, "results per board")
            if expected is not None and expected < 1:
                raise BridgeInputError(f"results per board {expected}: at least 1", reason=Reason.OUT_OF_RANGE)
        lines = [row for row in self.rows if row is not None]
        named = [pair for pair in self.pair_rows if pair is not None]
        with _from("movement"):
            if is_blank_text(movement):
                movement = self.plan.field_kind.name if self.plan is not None else _inferred_movement(self.pair_rows)
            kind = choose(MOVEMENT_KINDS, movement, "movement")
            if self.plan is not None and kind.two_fields is not self.plan.two_fields:
                numbered = "apart (NS 1 v EW 1: two fields)" if self.plan.two_fields else "as one field"
                raise BridgeInputError(f"movement {kind.name}: the movement's rows number the pairs {numbered}; say "
                                       f"{self.plan.field_kind.name} as the movement")  # fmt: skip
            if self.plan is None and not kind.two_fields and (shown := infer_kind(lines)).kind.two_fields:
                raise BridgeInputError(f"movement {kind.name}: {shown.evidence}; say {shown.kind.name} as the movement")
            if kind.two_fields and named and all(pair.direction is None for pair in named):
                raise BridgeInputError(f"movement {kind.name}: its North-South and East-West pairs are numbered "
                                       "apart, but the names give no pair a direction: say NS or EW beside each "
                                       "pair")  # fmt: skip
        _listed_once(self.pair_rows, kind.two_fields)
        with _from("method"):
            scoring = choose(SESSION_METHODS, method, "method")
        session = Session(
            method=scoring,
            movement=kind,
            per_board=expected,
            pairs=tuple(named),
            lines=tuple(lines),
            plan=self.plan,
        )
        self.line_of: list[int | None] = []  # results row -> index into session.lines
        self.sheet_row: list[int] = []  # index into session.lines -> the row's number in the block (0 is the first)
        for number, row in enumerate(self.rows):
            self.line_of.append(None if row is None else len(self.sheet_row))
            if row is not None:
                self.sheet_row.append(number)
        # The entry checks (a line twice, a pair playing a board twice... and against the movement when the
        # workbook has it): a line they flag waits, with its reason in the Check column, as an unscorable one
        # does. A line of the movement with no result is not a problem here: it is a row not typed yet.
        findings = check_session(session, self.plan, name=lambda index: f"row {self.sheet_row[index] + 2}")
        #: The movement's lines that have no result yet, and each in words (``board 4: no result for NS 2 v EW 2
        #: (round 1, table 2)``, as the import says it).
        self.missing = [finding.slot for finding in findings if finding.slot is not None]
        self.missing_reasons = [finding.reason for finding in findings if finding.slot is not None]
        #: What the lines alone put in doubt (NS and EW the other way round from the rest of a meeting, a board
        #: played at one table): each line's reasons, by its index. Said in the Check column, never waited for.
        self.doubts: dict[int, str] = {}
        for finding in findings:
            if not finding.certain and finding.row is not None:
                said = self.doubts.get(finding.row)
                self.doubts[finding.row] = finding.reason if said is None else f"{said}; {finding.reason}"
        self.score: SessionScore = score_session(flag_rows(session, findings, missing=False))


def _inferred_movement(pairs: list[Pair | None]) -> str:
    """The movement when none is said: a Mitchell when the names give directions (a Howell's have none)."""
    return "Mitchell" if any(pair and pair.direction for pair in pairs) else "Howell"


_SESSIONS = Recent(8)


def _refuse_gone(block: str, grid: Grid | None) -> None:
    """Refuse a block whose cells were deleted: Excel (and LibreOffice) hand a formula #REF! in place of a range
    whose sheet, or all of whose rows, are gone; said as that, not as the block's first row holding an error."""
    if grid is not None and len(grid) == 1 and len(grid[0]) == 1 and grid[0][0] == "#REF!":
        raise CellError(f"the {block} block is #REF!: its cells were deleted (the sheet, or all its rows); undo "
                        "the deletion, or import the session again (xlbridge import)", "#REF!")  # fmt: skip


def _all_blank(grid: Grid) -> bool:
    """Whether every cell of a block is blank (an empty movement block: hundreds of cells, each None)."""
    return all(map(is_blank_text, flat(grid)))


def read_session(
    results: object, names: object, method: object, movement: object, per_board: object, plan: object = None
) -> WorkedSession:
    """The session the cells hold, worked out once for these cells (the functions below share it). ``plan`` is
    the movement's block (round, table, NS, EW, boards), when the workbook has one."""
    results_grid, names_grid = as_grid(results), as_grid(names)
    plan_grid = None if plan is None else as_grid(plan)
    for block, grid in (("results", results_grid), ("names", names_grid), ("movement", plan_grid)):
        _refuse_gone(block, grid)
    if plan_grid is not None and _all_blank(plan_grid):
        plan_grid = None  # an empty block: no movement (and the same session as without one)
    said = single_value(movement)
    if said is None and plan_grid is None:  # keyed as the movement it will be, so that a function without one
        said = _inferred_movement(_pairs(names_grid))  # (SCORECARD) shares the session
    method, per_board = single_value(method), single_value(per_board)
    key = _key((results_grid, names_grid, method, said, per_board, plan_grid))
    found = _SESSIONS.get(key)
    if found is None:
        found = _SESSIONS[key] = WorkedSession(results_grid, names_grid, method, said, per_board, plan_grid)
    return found  # type: ignore[no-any-return]
