"""A pairs session as a sheet holds it: its cells read into the pipeline's input, and its result for those cells.

:class:`SessionCells` is the argument list every session function takes (SESSIONRESULTS, PAIRTOTALS, RANKING,
SESSIONINFO, TRAVELLERS, SCORECARD, PARDIFF), declared once: the results block (board, NS, EW, contract, by,
lead, result, adjusted, and the section it was played in: one row per result, blank rows allowed), the names
block (pair, section, direction, player 1, player 2, handicap, player 1 number, player 2 number; a block of four or
five columns is a workbook's of before sections: pair, direction, player 1, player 2, handicap), the scoring method
(with the sections' comparison after it: :func:`~xlbridge.engine.choices.choose_scoring`), one field or two, the
results per board
(blank: the most any board has) and the movement's block (round, table, NS, EW, boards). The template writes its
formulas with it, the readers of a workbook and of a results file fill it, and the function catalogue declares it.

:func:`session_input` reads the cells into a :class:`~xlbridge.engine.pipeline.SessionInput` (each distinct cell
of a column read once, see :mod:`.cache`); :func:`session_result` takes it through the pipeline, once for the same
cells however many functions of a sheet ask.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from typing import Any, TypeVar

from ..engine.checks import Namer, plus_dropped_rows
from ..engine.choices import choose, choose_scoring
from ..engine.errors import BridgeInputError, CellError, Reason
from ..engine.movements import Movement, movement_from_rows
from ..engine.pairs import Pair, member_key, parse_direction, read_handicap, read_member, section_name
from ..engine.pipeline import SessionInput, SessionResult, prepare, result
from ..engine.session import Row, Typed, Unscorable, read_row
from ..engine.values import as_whole_number, show
from ..rules import FIELD_KINDS, SECTION_SCORINGS
from .cache import Answers, Reader, Recent, cell_key, forget_if_full
from .cells import Grid, as_grid, cell_error, entered_pair, entered_text, flat, is_blank_text, single_value
from .session_arguments import SESSION_ARGUMENTS, SessionCells

__all__ = ["ENTERED", "FORMER_NAME_WIDTH", "NAME_COLUMNS", "NUMBER_COLUMNS", "SESSION_ARGUMENTS", "SessionCells",
           "read_section", "session_input", "session_result"]  # fmt: skip

#: The columns of a results row after its board and pairs: what was typed of the play (the order of
#: :class:`~xlbridge.engine.session.Typed`).
ENTERED = ("Contract", "By", "Lead", "Result", "Adjusted")


# --- the results block ------------------------------------------------------------------------------------------------

#: The names block's columns after the handicap: each player's membership number (blank: none).
NUMBER_COLUMNS = ("Player 1 number", "Player 2 number")
#: The names block's columns, and how many columns a names block had before sections (no Section column and no
#: membership numbers).
NAME_COLUMNS = ("Pair", "Section", "Direction", "Player 1", "Player 2", "Handicap", *NUMBER_COLUMNS)
FORMER_NAME_WIDTH = 5


def read_section(value: object, where: str) -> str:
    """A Section cell as read: its letters in capitals ("" for a blank cell: a session of one section); an error
    in the cell is refused, naming ``where``."""
    in_cell = cell_error("section", value)
    if in_cell is not None:
        raise in_cell.within(where)
    return section_name(entered_text(value))


#: What a column's reader gives for a cell.
T = TypeVar("T")


def _with_cell_error(read: Callable[[object], T], name: str) -> Callable[[object], tuple[T, CellError | None]]:
    """How a cell of the column ``name`` is read: ``read``'s value, and the error it holds
    (:func:`~xlbridge.excel.cells.cell_error`) or None."""
    return lambda value: (read(value), cell_error(name, value))


def _board_cell(value: object) -> tuple[bool, int | None, CellError | None, str]:
    """A board cell as read: whether it is blank, its number (None when it has none), the error it holds, and why
    it is no board number ("" when it is one)."""
    in_cell = cell_error("board", value)
    if is_blank_text(value):
        return True, None, in_cell, "board missing: each result needs its board number"
    try:
        return False, as_whole_number(value, "board"), in_cell, ""
    except BridgeInputError as error:
        return False, None, in_cell, error.message


def _typed(*cells: tuple[str, CellError | None]) -> tuple[Typed, CellError | None]:
    """What was typed of a line's play (contract, by, lead, result, adjusted, each as read) as text, and the error
    of the first of those cells that holds one, or None."""
    return Typed(*(text for text, _ in cells)), next((in_cell for _, in_cell in cells if in_cell is not None), None)


#: The results block's cells, each distinct cell of a column read once (see :mod:`~xlbridge.excel.cache`; with
#: its type: TRUE is not 1): a session's 6,000 rows have a few hundred boards and pairs, and a few hundred distinct
#: plays typed, each line's answered once by :data:`_TYPED`.
_BOARDS = Reader(_board_cell)
_NS, _EW = Reader(_with_cell_error(entered_pair, "NS")), Reader(_with_cell_error(entered_pair, "EW"))
_ENTERED_COLUMNS = tuple(Reader(_with_cell_error(entered_text, name)) for name in ENTERED)
_TYPED = Answers(_typed, _ENTERED_COLUMNS)


def _rows(results: Grid, name: Namer) -> list[Row | None]:
    """Each row of the results block (:func:`_row`), from its columns read a distinct cell at a time; a bare number
    as a result among results typed against the contract waits, with why (:func:`~xlbridge.engine.checks.
    plus_dropped_rows`, naming rows by ``name``)."""
    forget_if_full()
    width = 3 + len(ENTERED) + 1
    columns: list[tuple[object, ...]] = list(zip(*results, strict=True))[:width]
    # a block narrower than the results' columns (a workbook's of before sections: one section)
    columns += [(None,) * len(results)] * (width - len(columns))
    board, ns, ew, *entered, sections = columns
    numbers = [reader.numbers(column) for reader, column in zip(_ENTERED_COLUMNS, entered, strict=True)]
    typed = _TYPED.lines(numbers[:-1], numbers[-1])
    rows = list(map(_row, _read(_BOARDS, board), _read(_NS, ns), _read(_EW, ew), typed))
    if any(not is_blank_text(cell) for cell in sections):
        rows = [_in_section(row, cell, name(index)) for index, (row, cell) in enumerate(zip(rows, sections,
                                                                                             strict=True))]  # fmt: skip
    return plus_dropped_rows(rows, [texts for texts, _ in typed], name)


def _in_section(row: Row | None, cell: object, where: str) -> Row | None:
    """A results row with the section its Section cell names (a blank row stays blank)."""
    if row is None:
        return None
    section = read_section(cell, where)
    return replace(row, section=section) if section else row


def _read(reader: Reader, column: Sequence[object]) -> list[Any]:
    """Each cell of a column as ``reader`` reads it (each distinct cell once)."""
    return list(map(reader.values.__getitem__, reader.numbers(column)))


def _row(board: Any, ns: Any, ew: Any, typed: Any) -> Row | None:
    """One row of the results block, from its cells as read (:func:`_board_cell`, :func:`_with_cell_error`,
    :func:`_typed`): a line, an unscorable line with its reason, or None for a blank row."""
    blank, known, board_in_cell, unreadable = board
    (ns_number, ns_in_cell), (ew_number, ew_in_cell) = ns, ew
    texts, in_cell = typed
    if not texts.contract and not texts.adjusted and blank and ns_number is None and ew_number is None:
        return None
    # an error in the board or a pair before one in the play's cells: the line waits, and with it its board
    in_cell = board_in_cell or ns_in_cell or ew_in_cell or in_cell
    if in_cell is not None:
        return Unscorable(known, ns_number, ew_number, texts, in_cell.message)
    if known is None:
        return Unscorable(None, ns_number, ew_number, texts, unreadable)
    try:
        return read_row(known, ns_number, ew_number, texts)
    except BridgeInputError as error:
        return Unscorable(known, ns_number, ew_number, texts, error.message)


# --- the names and movement blocks ----------------------------------------------------------------------------------


#: The names block's columns as a reason names them.
_NAMES_HEADINGS = tuple(map(str.lower, NAME_COLUMNS))


def _pairs(names: Grid, first_row: int) -> list[Pair | None]:
    """The pairs of the names block, row by row (None for a blank row), by :data:`NAME_COLUMNS`: the handicap and
    the players' membership numbers (:data:`NUMBER_COLUMNS`) optional; a block of :data:`FORMER_NAME_WIDTH` columns
    or fewer, as workbooks of before sections have, has no Section column and no numbers. A pair's row with an
    error in a cell (a lookup of the players that found nobody) is refused, naming the row, as the movement's rows
    are: its #N/A would be the pair's number, or a player's name."""
    out: list[Pair | None] = []
    numbered: dict[str, str] = {}  # where each membership number was typed, by its key
    sectioned = bool(names) and len(names[0]) > FORMER_NAME_WIDTH
    width = len(_NAMES_HEADINGS)
    for row, cells in enumerate(names, start=first_row):
        given = list(cells) if sectioned else [cells[0] if cells else None, None, *cells[1:]]
        values = (given + [None] * width)[:width]
        number, in_section, direction, first, second, handicap, *numbers = values
        pair = entered_pair(number)
        if pair is None:
            out.append(None)
            continue
        for heading, value in zip(_NAMES_HEADINGS, values, strict=True):
            in_cell = cell_error(heading, value)
            if in_cell is not None:
                raise in_cell.within(f"names row {row}")
        try:  # the row named: in a Mitchell, pair 2 is NS 2 or EW 2
            side = parse_direction(entered_text(direction))
        except BridgeInputError as error:
            raise error.within(f"names row {row}: pair {show(pair)}") from None
        section = read_section(in_section, f"names row {row}")
        shown = f"names row {row}: pair {section}{show(pair)}{'' if side is None else side.value}: handicap"
        points = read_handicap(None if is_blank_text(handicap) else handicap, shown)
        members = tuple(read_member(None if is_blank_text(value) else value, f"names row {row}: {heading}")
                        for value, heading in zip(numbers, _NAMES_HEADINGS[6:], strict=True))  # fmt: skip
        players = (entered_text(first), entered_text(second))
        for heading, member in zip(_NAMES_HEADINGS[6:], members, strict=True):
            here = f"names row {row}: {heading}"
            if member and numbered.setdefault(member_key(member), here) != here:
                raise BridgeInputError(f"{here}: number {member} is typed twice (first at "
                                       f"{numbered[member_key(member)]}): one player, one number")  # fmt: skip
        out.append(Pair(pair, side, players, points, members if any(members) else (), section=section))
    return out


def _plan(cells: Grid | None, first_row: int) -> Movement | None:
    """The movement a block of cells lists (round, table, NS pair, EW pair, boards per row, as ``xlbridge movement
    --csv`` writes it; blank rows skipped), or None when the block is empty."""
    if cells is None:
        return None
    records: list[tuple[object, object, object, object, object]] = []
    numbers = []
    for number, row in enumerate(cells, start=first_row):
        r, t, ns, ew, boards = (entered_text(value) for value in (list(row) + [None] * 5)[:5])
        texts = (r, t, ns, ew, boards)
        for heading, value in zip(("round", "table", "NS", "EW", "boards"), row, strict=False):
            in_cell = cell_error(heading, value)
            if in_cell is not None:
                raise in_cell.within(f"movement row {number}")
        if any(texts):
            records.append(texts)
            numbers.append(number)
    if not records:
        return None
    return movement_from_rows(records, "movement", lambda index: f"row {numbers[index]}")


@contextmanager
def _setting(argument: str) -> Iterator[None]:
    """A refusal of what one of the session's cells holds (``method``), said to come from it: a reader of a
    workbook then names where that cell is (the Settings sheet)."""
    try:
        yield
    except BridgeInputError as error:
        error.argument = error.argument or argument
        raise


def _refuse_gone(block: str, grid: Grid | None) -> None:
    """Refuse a block whose cells were deleted: Excel (and LibreOffice) hand a formula #REF! in place of a range
    whose sheet, or all of whose rows, are gone; said as that, not as the block's first row holding an error."""
    if grid is not None and len(grid) == 1 and len(grid[0]) == 1 and grid[0][0] == "#REF!":
        raise CellError(f"the {block} block is #REF!: its cells were deleted (the sheet, or all its rows); undo "
                        "the deletion, or import the session again (xlbridge import)", "#REF!")  # fmt: skip


def _blocks(cells: SessionCells) -> tuple[Grid, Grid, Grid | None]:
    """The results, names and movement blocks as grids (an empty movement block: None)."""
    results, names = as_grid(cells.results), as_grid(cells.names)
    plan = None if cells.plan is None else as_grid(cells.plan)
    for block, grid in (("results", results), ("names", names), ("movement", plan)):
        _refuse_gone(block, grid)
    if plan is not None and all(map(is_blank_text, flat(plan))):
        plan = None  # an empty block: no movement (and the same session as without one)
    return results, names, plan


def session_input(cells: SessionCells, first_row: int = 2) -> SessionInput:
    """The session the cells hold, read (``first_row``: the sheet row of each block's first row, by which a reason
    names a row). A setting or block that cannot be read is refused, the error's ``argument`` naming it."""
    results, names, plan = _blocks(cells)
    movement = _plan(plan, first_row)
    pairs = _pairs(names, first_row)
    with _setting("per_board"):
        per_board = single_value(cells.per_board)
        expected = None if per_board is None else as_whole_number(per_board, "results per board")
        if expected is not None and expected < 1:
            raise BridgeInputError(f"results per board {expected}: at least 1", reason=Reason.OUT_OF_RANGE)
    with _setting("fields"):
        typed = single_value(cells.fields)
        kind = None if typed is None else choose(FIELD_KINDS, typed)
    with _setting("method"):
        method, section_scoring = choose_scoring(single_value(cells.method))
    given = SessionInput((), tuple(pairs), movement, method, kind, expected, first_row=first_row,
                         section_scoring=section_scoring or SECTION_SCORINGS.default)  # fmt: skip
    return replace(given, rows=tuple(_rows(results, given.row_name)))


def _key(cells: SessionCells) -> Hashable:
    """What a session is read from, as a key: every cell with its kind (:func:`~.cache.cell_key`: TRUE is not 1,
    a Lite blank 0 is not 0.0), but the blank rows at the end of a block, which hold no part of it (a block read as
    far as its sheet's cells in use, or as far as the tallest formula fills, is the same session)."""
    results, names, plan = _blocks(cells)
    blocks = tuple(None if grid is None else tuple(tuple(map(cell_key, row)) for row in _without_blank_end(grid))
                   for grid in (results, names, plan))  # fmt: skip
    settings = tuple(cell_key(single_value(value)) for value in (cells.method, cells.fields, cells.per_board))
    return blocks, settings


def _without_blank_end(grid: Sequence[Sequence[object]]) -> Sequence[Sequence[object]]:
    """``grid`` without its last rows whose every cell is blank (None or empty text)."""
    end = len(grid)
    while end and all(cell is None or cell == "" for cell in grid[end - 1]):
        end -= 1
    return grid[:end]


#: The latest sessions worked out, by their cells: the session functions of a sheet ask for the same one.
_SESSIONS: Recent = Recent(8)


def session_result(cells: SessionCells) -> SessionResult:
    """The session the cells hold, through the pipeline (:func:`~xlbridge.engine.pipeline.prepare`,
    :func:`~xlbridge.engine.pipeline.result`): once for the same cells, however many functions ask."""
    try:
        key = _key(cells)
    except TypeError:  # a cell that cannot be a key (only a Python caller can hand one over): worked out each time
        return result(prepare(session_input(cells)))
    found = _SESSIONS.get(key)
    if found is None:
        found = _SESSIONS[key] = result(prepare(session_input(cells)))
    return found  # type: ignore[no-any-return]
