"""The worksheet functions of hand records: HANDTRICKS (a deal's double-dummy table), PARSCORE (its par) and
PARDIFF (each result of a session against its board's par, from the pars a workbook's Hands sheet holds).

HANDTRICKS and PARSCORE need the solver (the hands extra), which xlwings Lite cannot install: there every deal's
answer is ``#N/A``, and with the method word ``CHECK`` the reason says so. A deal is PBN's text
(``N:AKQ2.T98.765.432 ...``); each is worked out once and remembered, and all the deals of a call go to the solver
together. PARDIFF needs no solver: it reads the pars the Hands sheet holds.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TypeVar

from ..engine.against_par import against_par
from ..engine.boards import board_dealer, board_vulnerability
from ..engine.deals import Deal, Par, TrickTable, parse_deal
from ..engine.errors import BridgeInputError
from ..engine.model import Side
from ..engine.pipeline import SessionResult
from ..engine.scoring import deal_score
from ..engine.solver import double_dummy_tables, solve
from ..engine.values import as_whole_number
from ..rules import TABLE_STRAINS
from .cells import (
    Grid,
    as_grid,
    broadcast,
    cell_error,
    error_value,
    fitted,
    flat,
    is_blank,
    is_blank_text,
    never_raises,
    shape_back,
    shape_of,
    text_cell,
    to_cell,
)
from .options import CHECK, SIDES, asks_for_reasons, words
from .session_cells import SessionCells, session_result

__all__ = ["HANDS_PAR_COLUMN", "MOST_PAR", "handtricks", "pardiff", "parscore", "read_par"]

#: The column of the Hands sheet's table (0-based) that holds each board's par, North-South's side; its first
#: holds the board (the columns of ``xlbridge hands --csv``: board, dealer, vulnerable, par_ns, ...).
HANDS_PAR_COLUMN = 3
#: The largest par either way: 7NT bid and made vulnerable (a par is never redoubled, and a doubled sacrifice
#: costs less than the contract it saves).
MOST_PAR = deal_score("7NT", "=", True)

#: HANDTRICKS' answer for one deal: rows N, E, S, W; columns NT, S, H, D, C.
ROWS, COLUMNS = 4, len(TABLE_STRAINS)
#: PARSCORE's word for the par contracts instead of the score.
CONTRACTS = "CONTRACTS"

T = TypeVar("T")
R = TypeVar("R")


def _read(text: str) -> Deal | BridgeInputError:
    try:
        return parse_deal(text)
    except BridgeInputError as error:
        return error


def _deal(value: object) -> Deal | BridgeInputError | None:
    """A cell holding a deal: the deal, why it is none, or None for a blank cell."""
    in_cell = cell_error("deal", value)
    if in_cell is not None:
        return in_cell
    value = text_cell(value)
    if is_blank_text(value):
        return None
    if not isinstance(value, str):
        return BridgeInputError(f"deal {value!r}: expected a deal in PBN notation, such as 'N:AKQ2.T98.765.432 ...'")
    return _read(value.strip())


def _one_cell(method: object) -> object:
    """The method: a single cell (or a plain value from Python)."""
    grid = as_grid(method)
    if len(grid) != 1 or len(grid[0]) != 1:
        raise BridgeInputError("method: give one cell (a word such as CHECK), not a range")
    return grid[0][0]


def _method(method: object, allowed: frozenset[str], usage: str) -> tuple[bool, set[str]]:
    """Whether CHECK is asked for, and the other words (each one of ``allowed``)."""
    given = set(words(_one_cell(method)))
    wrong = given - allowed - {CHECK}
    if wrong:
        raise BridgeInputError(f"method {method!r}: use {usage}")
    return CHECK in given, given - {CHECK}


def _first(method: object) -> object:
    """The method's first cell, to see whether it asks for reasons even when it is not one cell."""
    return as_grid(method)[0][0]


def _solved(items: list[T], work: Callable[[list[T]], Sequence[R]]) -> list[R | BridgeInputError]:
    """``work`` on the items (all at once), or the error it raised (no solver) for each of them."""
    if not items:
        return []
    try:
        return list(work(items))
    except BridgeInputError as error:
        return [error] * len(items)


def _shape_of_deals(deal: object, *_: object) -> tuple[int, int]:
    return ROWS * len(flat(as_grid(deal))), COLUMNS


@never_raises(_shape_of_deals)
def handtricks(deal: object, method: object = None) -> Grid:
    """For each deal (a cell, or each cell of a range in turn), its double-dummy table: four rows (declarers N, E,
    S, W) of five tricks (NT, S, H, D, C), one table below another; a blank cell gives four blank rows. With
    CHECK, one cell per deal: the reason it has no table ("" when it has one)."""
    try:
        check, _ = _method(method, frozenset(), "CHECK for the reason of an error, or leave it blank")
    except BridgeInputError as error:  # every deal's answer is the method's error
        deals = len(flat(as_grid(deal)))
        if asks_for_reasons(_first(method)):
            return [[error.message] for _ in range(deals)]
        return [[error_value(error)] * COLUMNS for _ in range(ROWS * deals)]
    cells = [_deal(value) for value in flat(as_grid(deal))]
    valid = [read for read in cells if isinstance(read, Deal)]
    answers = iter(_solved(valid, double_dummy_tables))
    out: Grid = []
    for read in cells:
        answer: TrickTable | BridgeInputError | None = next(answers) if isinstance(read, Deal) else read
        if check:
            out.append([answer.message if isinstance(answer, BridgeInputError) else ""])
        elif answer is None:
            out += [[""] * COLUMNS for _ in range(ROWS)]
        elif isinstance(answer, BridgeInputError):
            out += [[error_value(answer)] * COLUMNS for _ in range(ROWS)]
        else:
            out += answer.rows()
    return out


def _broadcast_shape(*args: object) -> tuple[int, int]:
    return shape_of(*(as_grid(arg) for arg in args[:2]))


@never_raises(_broadcast_shape)
def parscore(deal: object, board: object, method: object = None) -> Grid:
    """For each deal and its board number (broadcast), the par score, North-South's side (the dealer and
    vulnerability are the board's); CONTRACTS gives the par contracts instead, EW East-West's score, CHECK the
    reason of an error ("" when there is none)."""
    grids = [as_grid(deal), as_grid(board)]
    rows, cols = shape_of(*grids)
    try:
        usage = "CONTRACTS for the par contracts, EW for East-West's score, CHECK for the reason"
        check, wanted = _method(method, frozenset({CONTRACTS, *SIDES}), usage)
    except BridgeInputError as error:
        shown = error.message if asks_for_reasons(_first(method)) else error_value(error)
        return [[shown] * cols for _ in range(rows)]
    side = next((SIDES[word] for word in wanted if word in SIDES), Side.NS)
    boards: list[tuple[Deal, object, object] | BridgeInputError | None] = []
    for value, number in zip(*(broadcast(grid, rows, cols) for grid in grids), strict=True):
        read = _deal(value)
        in_cell = cell_error("board", number)
        if read is None or isinstance(read, BridgeInputError):
            boards.append(read)
        elif in_cell is not None:
            boards.append(in_cell)
        elif is_blank(number):  # as BOARDVUL reads a board: 0 is board 0, not a blank
            boards.append(BridgeInputError("board: needed, for the dealer and vulnerability of the deal's par"))
        else:
            try:
                boards.append((read, board_vulnerability(number), board_dealer(number)))
            except BridgeInputError as error:
                boards.append(error)
    valid = [entry for entry in boards if isinstance(entry, tuple)]
    answers = iter(_solved(valid, solve))
    out: list[object] = []
    for entry in boards:
        answer: tuple[TrickTable, Par] | BridgeInputError | None = next(answers) if isinstance(entry, tuple) else entry
        if check:
            out.append(answer.message if isinstance(answer, BridgeInputError) else "")
        elif answer is None:
            out.append("")
        elif isinstance(answer, BridgeInputError):
            out.append(error_value(answer))
        else:
            par = answer[1]
            out.append(par.contracts if CONTRACTS in wanted else par.score * side.sign)
    return shape_back(out, rows, cols)


def read_par(value: object, what: str) -> int:
    """A par as a Hands table holds it (North-South's side): a whole multiple of 10, at most :data:`MOST_PAR`
    either way; anything else (a typo, a cell changed by hand) is refused with ``what`` it is."""
    par = as_whole_number(value, what)
    if par % 10 or abs(par) > MOST_PAR:
        raise BridgeInputError(f"{what} {par}: not a par (a multiple of 10, at most {MOST_PAR} either way)")
    return par


def _pars(hands: object) -> dict[int, int | BridgeInputError]:
    """Each board's par (North-South's side) from the rows of a Hands table: the board first, the par in
    :data:`HANDS_PAR_COLUMN`; a board without a par (its hand record gave none) is left out. A par that is not
    one, or a board on two rows, is that board's error; a board number that is not one fails the whole table."""
    out: dict[int, int | BridgeInputError] = {}
    rows: dict[int, int] = {}
    for number, row in enumerate(as_grid(hands), start=1):
        if not row or is_blank_text(row[0]):
            continue
        try:
            board = as_whole_number(row[0], f"the Hands table's row {number}: board")
        except BridgeInputError as error:
            raise BridgeInputError(f"{error.message}; every par waits for it") from None
        if board in rows:
            out[board] = BridgeInputError(
                f"board {board} is on two rows of the Hands table ({rows[board]} and {number})"
            )
            continue
        rows[board] = number
        if len(row) > HANDS_PAR_COLUMN and not is_blank_text(row[HANDS_PAR_COLUMN]):
            try:
                out[board] = read_par(row[HANDS_PAR_COLUMN], f"board {board}'s par on the Hands sheet")
            except BridgeInputError as error:
                out[board] = error
    return out


def _results_rows(*arguments: object) -> tuple[int, int]:
    return len(as_grid(SessionCells.split(arguments)[0].results)), 1


def pardiff_cells(session: SessionResult, pars: Mapping[int, int | BridgeInputError]) -> Grid:
    """PARDIFF's cells, for each row of the results block: North-South's score minus its board's par (``pars``:
    each board's, or why its par cell cannot be read); blank where there is none."""
    good = {board: par for board, par in pars.items() if isinstance(par, int)}
    out: Grid = [[""] for _ in session.prepared.line_of]
    row_of = session.prepared.row_of
    for index, (line, difference) in enumerate(zip(session.session.lines, against_par(session.score, good),
                                                   strict=True)):  # fmt: skip
        wrong = pars.get(line.board) if isinstance(line.board, int) else None
        if isinstance(wrong, BridgeInputError):  # the board's par cell was changed by hand: said, not left blank
            out[row_of[index]] = [error_value(wrong)]
        elif difference is not None:
            out[row_of[index]] = [to_cell(difference)]
    return out


@never_raises(_results_rows)
def pardiff(*arguments: object) -> Grid:
    """For each row of the results block: North-South's score minus the par of its board (North-South's side), as
    the Hands table ``hands`` gives the pars (board first, the par in its fourth column); blank where the line
    has no score of points (not played, an average) or its board no par."""
    cells, rest = SessionCells.split(arguments)
    rows = len(as_grid(cells.results))
    try:
        session = session_result(cells)
        pars = _pars(rest[0] if rest else None)
    except BridgeInputError as error:
        return [[error_value(error)] for _ in range(rows)]
    return fitted(pardiff_cells(session, pars), rows)
