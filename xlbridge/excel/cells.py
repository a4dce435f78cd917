"""Cells in and out: what Excel hands over (blanks, xlwings Lite's 0 for an empty cell, error values, ranges as
lists of rows) and what a worksheet function hands back (a grid of numbers, text and error values).

- A range broadcasts like Excel's own functions: a single cell, row or column stretches; a position outside a
  smaller range is ``#N/A``; the answer has the broadcast shape, as a list of rows that Excel 365 spills.
- An error already in a cell (a ``#N/A`` from a lookup) is passed on as it is.
- The engine's reasons become Excel's error values: ``#VALUE!`` malformed, ``#NUM!`` out of range, ``#N/A`` not
  in its field.
- Nothing raises out of a worksheet function (:func:`never_raises`): a bug becomes ``#VALUE!`` and is logged.
"""

from __future__ import annotations

import functools
import logging
import math
from collections.abc import Callable, Sequence
from fractions import Fraction
from itertools import repeat
from typing import Any

from ..engine.errors import BridgeInputError, CellError, Reason
from ..engine.pairs import PairNumber
from ..engine.values import as_whole_number, is_blank, show

__all__ = [
    "ERROR_VALUES",
    "OUTSIDE",
    "RETURNED_ERRORS",
    "Grid",
    "as_grid",
    "broadcast",
    "cell_error",
    "column_cells",
    "entered_pair",
    "entered_text",
    "error_value",
    "fitted",
    "flat",
    "is_blank",
    "is_blank_text",
    "log",
    "never_raises",
    "shape_back",
    "shape_of",
    "single_value",
    "text_cell",
    "to_cell",
]

Grid = list[list[Any]]

#: The Excel error values a worksheet function can give back, on every route: the seven of Excel's C API, which
#: are also the only ones an Office.js custom function returns (xlwings Lite turns exactly these strings into
#: error values; any other text stays text).
RETURNED_ERRORS = frozenset({"#N/A", "#VALUE!", "#NUM!", "#DIV/0!", "#REF!", "#NAME?", "#NULL!"})
#: The Excel error values a cell can hold, as Excel spells them: those, and the newer ones of dynamic arrays and
#: linked data types (a spill blocked, a calculation that failed, a field missing, data still loading...).
ERROR_VALUES = RETURNED_ERRORS | frozenset(
    {"#SPILL!", "#CALC!", "#FIELD!", "#BLOCKED!", "#BUSY!", "#CONNECT!", "#UNKNOWN!", "#GETTING_DATA", "#EXTERNAL!"}
)

#: The error value each of the engine's reasons is shown as.
_ERROR_OF_REASON = {Reason.MALFORMED: "#VALUE!", Reason.OUT_OF_RANGE: "#NUM!", Reason.NOT_IN_FIELD: "#N/A",
                    Reason.UNAVAILABLE: "#N/A"}  # fmt: skip

#: The value at a position outside a smaller range, as Excel broadcasts.
OUTSIDE = "#N/A"

log = logging.getLogger("xlbridge")


def error_value(error: BridgeInputError) -> str:
    """The Excel error value a cell shows for ``error``."""
    return error.code if isinstance(error, CellError) else _ERROR_OF_REASON[error.reason]


def cell_error(name: str, value: object) -> CellError | None:
    """The error to pass on when a cell already holds one (``#N/A`` from a lookup) or an impossible number (NaN).
    An error no worksheet function can give back (``#SPILL!``, ``#CALC!``: see :data:`RETURNED_ERRORS`) is passed
    on as ``#VALUE!``, its reason naming it, so that it is an error value wherever the function runs."""
    if value.__class__ is str and value in ERROR_VALUES:
        code = str(value) if value in RETURNED_ERRORS else "#VALUE!"
        return CellError(f"{name}: the cell holds the error {value}", code)
    if value.__class__ is float and not math.isfinite(value):
        return CellError(f"{name}: not a number ({value})", "#NUM!")
    return None


def is_blank_text(value: object) -> bool:
    """A blank where text belongs (a contract, a seat, a method): xlwings Lite hands an empty cell over as 0."""
    return is_blank(value) or (value.__class__ is int and value == 0)


def text_cell(value: object) -> object:
    """A cell where text belongs, with xlwings Lite's 0 for an empty cell read as the blank it is."""
    return None if is_blank_text(value) else value


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


def single_value(value: object) -> object:
    """A one-cell argument's value (the first cell of a range); None for a blank."""
    grid = as_grid(value)
    return None if is_blank_text(grid[0][0]) else grid[0][0]


def to_cell(value: object) -> object:
    """An engine answer as a cell shows it: numbers, text, "" for nothing, the error value for an error."""
    if value.__class__ is int:  # the most common answer, a score (no Fraction, and no error)
        return value
    if value is None:
        return ""
    if isinstance(value, BridgeInputError):
        return error_value(value)
    if isinstance(value, Fraction):
        numerator, denominator = value.as_integer_ratio()  # (one call: a Fraction's parts are properties)
        return numerator if denominator == 1 else numerator / denominator  # as float() divides, correctly rounded
    return value


def as_grid(value: object) -> Grid:
    """A value as xlwings hands it over (a scalar, or a list of rows) as a list of rows.

    A list of equally long lists, which is what xlwings passes, is used as it is (never changed): a 200,000-row
    column is not copied.
    """
    if isinstance(value, (list, tuple)):
        if not value:
            return [[None]]
        kinds = set(map(type, value))
        if kinds == {list} and len(set(map(len, value))) == 1 and value[0]:
            return value  # type: ignore[return-value]
        if kinds <= {list, tuple}:
            rows = [list(row) for row in value]
            width = max(len(row) for row in rows) or 1
            return [row + [None] * (width - len(row)) for row in rows]
        return [[item] for item in value]  # a plain list from Python: one column
    return [[value]]


def shape_of(*grids: Grid) -> tuple[int, int]:
    """The broadcast shape of several grids: the most rows and the most columns of any."""
    return max(len(grid) for grid in grids), max(len(grid[0]) for grid in grids)


def flat(grid: Grid) -> list[Any]:
    """A grid's cells, row by row."""
    return [value for row in grid for value in row]


def broadcast(grid: Grid, rows: int, cols: int) -> list[Any]:
    """The grid stretched to rows x cols, row by row (Excel's broadcasting)."""
    height, width = len(grid), len(grid[0])
    if (height, width) == (rows, cols):
        return flat(grid)
    if (height, width) == (1, 1):
        return list(repeat(grid[0][0], rows * cols))
    out: list[Any] = []
    for r in range(rows):
        source = grid[0] if height == 1 else grid[r] if r < height else None
        for c in range(cols):
            if source is None:
                out.append(OUTSIDE)
            else:
                out.append(source[0] if width == 1 else source[c] if c < width else OUTSIDE)
    return out


def shape_back(values: Sequence[Any], rows: int, cols: int) -> Grid:
    """Cells, row by row, as the rows of a rows x cols grid."""
    if cols == 1:
        return [[value] for value in values]
    return [list(values[r * cols : (r + 1) * cols]) for r in range(rows)]


def fitted(grid: Grid, rows: int) -> Grid:
    """A grid of one row for each row of a block, as a block of ``rows`` rows is answered: the same session is
    worked out once however many blank rows end its block (a block read as far as its sheet's cells in use, or as
    the tallest formula fills), so its rows are cut to ``rows``, or blank rows of its width added."""
    width = len(grid[0]) if grid else 1
    return [*grid[:rows], *([""] * width for _ in range(rows - len(grid)))]


def column_cells(value: object) -> list[Any] | None:
    """The cells of a range of one column and two or more rows (a list of one-value rows, as xlwings passes it)
    as a flat list; None for any other shape."""
    if not isinstance(value, list) or len(value) < 2:
        return None
    try:
        return [cell for (cell,) in value]
    except (TypeError, ValueError):  # a row that is not a one-value list
        return None


def never_raises(shape: Callable[..., tuple[int, int]]) -> Callable[[Callable[..., Grid]], Callable[..., Grid]]:
    """A worksheet function that never raises: an unexpected exception (a bug) is logged to the ``xlbridge``
    logger and the answer is ``#VALUE!`` over the shape ``shape(*args)`` says (one cell if that fails too)."""

    def decorate(function: Callable[..., Grid]) -> Callable[..., Grid]:
        @functools.wraps(function)
        def wrapper(*args: Any) -> Grid:
            try:
                return function(*args)
            except Exception:
                log.exception("xlbridge %s failed; showing #VALUE!", function.__name__.upper())
                try:
                    rows, cols = shape(*args)
                except Exception:
                    rows, cols = 1, 1
                return [["#VALUE!"] * cols for _ in range(rows)]

        return wrapper

    return decorate
