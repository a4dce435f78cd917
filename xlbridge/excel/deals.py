"""The worksheet functions of single deals and boards: BRIDGESCORE, BRIDGECHECK, BOARDVUL, BOARDDEALER."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import repeat
from typing import Any

from ..engine.boards import board_dealer, board_vulnerability
from ..engine.choices import choose
from ..engine.errors import BridgeInputError, CellError
from ..engine.parse import Result, parse_seat, parse_vulnerability, read_contract, read_result
from ..engine.scoring import line_score, play_of_parts, read_part
from ..rules import ERAS
from .cache import Answers, Reader, forget_if_full
from .cells import (
    Grid,
    as_grid,
    broadcast,
    cell_error,
    column_cells,
    error_value,
    is_blank,
    never_raises,
    shape_back,
    shape_of,
    text_cell,
    to_cell,
)

__all__ = ["blank_or", "boarddealer", "boardvul", "bridgecheck", "bridgescore", "broadcast_all", "elementwise"]


def _reading(name: str, read: Callable[[object], object], text: bool) -> Callable[[object], object]:
    """Read a cell of argument ``name``: the error it already holds, None for a blank, else ``read``'s value or
    the error it raised (reported in its turn: see :func:`~xlbridge.engine.scoring.play_of_parts`)."""

    def cell(value: object) -> object:
        in_cell = cell_error(name, value)
        if in_cell is not None:
            return in_cell
        return read_part(read, text_cell(value) if text else value)

    return cell


def _era(value: object) -> object:
    if is_blank(text_cell(value)):
        return ERAS.default
    try:
        return choose(ERAS, value)
    except BridgeInputError as error:
        return error


CONTRACTS = Reader(_reading("contract", read_contract, text=True))
DECLARERS = Reader(_reading("declarer", parse_seat, text=True))
RESULTS = Reader(_reading("result", read_result, text=False))
VULNERABILITIES = Reader(_reading("vulnerability", parse_vulnerability, text=False))
ERAS_READ = Reader(_era)

#: A result of numeric 0: 0 tricks taken, or (on a line with nothing else) an empty cell in xlwings Lite.
_ZERO = Result("tricks", 0, "0")


def _line(contract: Any, declarer: Any, result: Any, vulnerability: Any, era: Any) -> int | BridgeInputError | None:
    """A traveller line from its cells as read: the score (the engine's one scorer's), why it cannot be scored, or
    None for a blank line."""
    if contract is None and declarer is None and (result is None or result == _ZERO):
        return None
    for part in (contract, declarer, result, vulnerability):  # an error already in a cell first, in their order
        if isinstance(part, CellError):
            return part
    try:
        play = play_of_parts(contract, declarer, result)
        for part in (vulnerability, era):
            if isinstance(part, BridgeInputError):
                return part
        return line_score(play, vulnerability, era)
    except BridgeInputError as error:
        return error


_READERS = (CONTRACTS, DECLARERS, RESULTS, VULNERABILITIES, ERAS_READ)
#: Each distinct line's cell in BRIDGESCORE's answer (a one-cell row), and its reason in BRIDGECHECK's.
_SCORES = Answers(lambda *parts: [to_cell(_line(*parts))], _READERS)
_REASONS = Answers(
    lambda *parts: [error.message if isinstance(error := _line(*parts), BridgeInputError) else ""], _READERS
)


def broadcast_all(args: tuple[object, ...]) -> tuple[list[list[Any]], int, int]:
    """The arguments' cells broadcast to one shape, as flat lists, and the shape; columns of one length (as a
    sheet passes them) are used as they are, without copying (the fifth, the rules, may be one cell beside them)."""
    columns = [column_cells(arg) for arg in args]
    lengths = {len(column) for column in columns if column is not None}
    if len(lengths) == 1 and all(column is not None or (index == 4 and _one_cell(arg))
                                 for index, (column, arg) in enumerate(zip(columns, args, strict=True))):  # fmt: skip
        rows = lengths.pop()
        return [broadcast(as_grid(a), rows, 1) if c is None else c for c, a in zip(columns, args, strict=True)], rows, 1
    grids = [as_grid(arg) for arg in args]
    rows, cols = shape_of(*grids)
    return [broadcast(grid, rows, cols) for grid in grids], rows, cols


def _one_cell(value: object) -> bool:
    """Whether an argument is a single cell (a value, or a range of one cell), broadcast to every line."""
    if not isinstance(value, (list, tuple)):
        return True
    return len(value) == 1 and (not isinstance(value[0], (list, tuple)) or len(value[0]) == 1)


def _lines(answers: Answers, *args: object) -> Grid:
    """Answer every line of the broadcast arguments; a column of lines costs a dictionary lookup a cell."""
    forget_if_full()
    *parts, rules = args
    if _one_cell(rules):  # most often: one cell for every line, read once and not broadcast
        era: int | list[int] = ERAS_READ.numbers([as_grid(rules)[0][0]])[0]
        cells, rows, cols = broadcast_all(tuple(parts))
    else:
        cells, rows, cols = broadcast_all(args)
        era = ERAS_READ.numbers(cells.pop())
    numbers: list[Iterable[int]] = []
    for index, reader in enumerate(_READERS[:-1]):  # each column's cells let go once numbered
        column, cells[index] = cells[index], []
        if len(column) > 1 and _one_cell(args[index]):  # the same cell for every line
            numbers.append(repeat(reader.numbers(column[:1])[0], len(column)))
        else:
            numbers.append(reader.numbers(column))
    answered = answers.lines(numbers, era)
    return answered if cols == 1 else shape_back([row[0] for row in answered], rows, cols)


def _shape(*args: object) -> tuple[int, int]:
    return shape_of(*(as_grid(arg) for arg in args))


@never_raises(_shape)
def bridgescore(
    contract: object, declarer: object, result: object, vulnerability: object, rules: object = None
) -> Grid:
    """North-South scores (declarer's side's when declarer is blank), line by line."""
    return _lines(_SCORES, contract, declarer, result, vulnerability, rules)


@never_raises(_shape)
def bridgecheck(
    contract: object, declarer: object, result: object, vulnerability: object, rules: object = None
) -> Grid:
    """Empty text for a valid (or unused) line, otherwise the reason it cannot be scored."""
    return _lines(_REASONS, contract, declarer, result, vulnerability, rules)


def elementwise(function: Callable[..., object], names: tuple[str, ...], *args: object) -> Grid:
    """``function`` cell by cell over the broadcast arguments: an error already in a cell is passed on, an error
    raised is shown as its value."""
    grids = [as_grid(arg) for arg in args]
    rows, cols = shape_of(*grids)
    out: list[object] = []
    for values in zip(*(broadcast(grid, rows, cols) for grid in grids), strict=True):
        in_cell = next((error for error in map(cell_error, names, values) if error is not None), None)
        try:
            out.append(to_cell(in_cell if in_cell is not None else function(*values)))
        except BridgeInputError as error:
            out.append(error_value(error))
    return shape_back(out, rows, cols)


def blank_or(function: Callable[..., object]) -> Callable[..., object]:
    """Nothing (a blank cell) when the first argument is blank, else ``function``."""

    def inner(first: object, *rest: object) -> object:
        return None if is_blank(first) else function(first, *rest)

    return inner


@never_raises(_shape)
def boardvul(board: object) -> Grid:
    """None, NS, EW or Both for each board number."""
    return elementwise(blank_or(lambda b: board_vulnerability(b).value), ("board",), board)


@never_raises(_shape)
def boarddealer(board: object) -> Grid:
    """N, E, S or W for each board number."""
    return elementwise(blank_or(lambda b: board_dealer(b).value), ("board",), board)
