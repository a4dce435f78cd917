"""Cell values as Excel hands them over: blanks, whole numbers, and how a message shows a value."""

from __future__ import annotations

import math
import re
from decimal import ROUND_HALF_UP, Decimal

from .errors import EXCEL_ERRORS, BridgeInputError

__all__ = [
    "NUMBER",
    "as_whole_number",
    "cell_error",
    "is_blank",
    "is_blank_text",
    "parse_board",
    "show",
    "two_decimals",
]

#: A number written as text.
NUMBER = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)")


def is_blank(value: object) -> bool:
    """An empty cell: None (classic Excel), an empty or all-space string."""
    return value is None or (isinstance(value, str) and not value.strip())


def is_blank_text(value: object) -> bool:
    """A blank where text belongs (a contract, a seat, a method): xlwings Lite hands an empty cell over as 0."""
    return is_blank(value) or (value.__class__ is int and value == 0)


def cell_error(name: str, value: object) -> BridgeInputError | None:
    """The error to pass on when a cell already holds one (#N/A from a lookup) or an impossible number (NaN)."""
    if value.__class__ is str and value in EXCEL_ERRORS:
        return BridgeInputError(f"{name}: the cell holds the error {value}", excel_error=str(value))
    if isinstance(value, float) and not math.isfinite(value):
        return BridgeInputError(f"{name}: not a number ({value})", excel_error="#NUM!")
    return None


def show(value: object) -> str:
    """A received value as a message shows it."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return repr(value) if isinstance(value, str) else str(value)


def as_whole_number(value: object, argument: str) -> int:
    """An integer from an int, an integral float (Excel hands over 10.0) or digits in text."""
    if isinstance(value, bool):
        raise BridgeInputError(f"{argument} {show(value)}: expected a whole number, not TRUE/FALSE")
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        if math.isfinite(value) and value.is_integer():
            return int(value)
        raise BridgeInputError(f"{argument} {show(value)}: must be a whole number")
    if isinstance(value, str):
        text = value.strip()
        if NUMBER.fullmatch(text):
            return as_whole_number(float(text), argument)
    raise BridgeInputError(f"{argument} {show(value)}: expected a whole number")


def parse_board(value: object) -> int:
    """A board number: any whole number from 1."""
    number = as_whole_number(value, "board")
    if number < 1:
        raise BridgeInputError(f"board {number}: board numbers start at 1", excel_error="#NUM!")
    return number


def two_decimals(value: float) -> str:
    """A figure as results print it: 2 decimals, halves rounded up (47.685 -> 47.69), as Excel's ROUND does."""
    return str(Decimal(repr(float(value))).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))
