"""Plain values as users hand them over: blanks, whole numbers, board numbers, and how a message shows a value."""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Iterable
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import TypeVar

from .errors import BridgeInputError, Reason

__all__ = [
    "MOST_DIGITS",
    "NUMBER",
    "as_whole_number",
    "bounded",
    "count",
    "exact_sum",
    "hundredths",
    "hundredths_of",
    "hundredths_to_even",
    "is_blank",
    "parse_board",
    "show",
    "two_decimals",
]

#: A number written as text.
NUMBER = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)")


def is_blank(value: object) -> bool:
    """Nothing given: None, or an empty or all-space string."""
    return value is None or (isinstance(value, str) and not value.strip())


#: How much of a received value a message quotes: enough to find it, never a whole file's worth.
SHOWN = 60


def show(value: object) -> str:
    """A received value as a message shows it (a long one cut short, saying how long it was)."""
    if isinstance(value, (int, Fraction)) and not isinstance(value, bool) and abs(value) >= 10**SHOWN:
        whole = abs(int(value))
        return f"a number of {len(str(whole)) if whole.bit_length() < 14_000 else 'thousands of'} digits"
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e16:
        return str(int(value))
    text = repr(value) if isinstance(value, str) else str(value)
    if len(text) > SHOWN:
        return f"{text[: SHOWN - 10]}... ({len(value) if isinstance(value, str) else len(text)} characters)"
    return text


#: The most digits a number may have before its point: as many as Excel keeps (15 significant digits). No score,
#: board, count or margin comes near it; a longer number is refused before any arithmetic is done with it (a
#: 5,000-digit number typed as text is past what Python's int() converts, and 1e300 results expected on a board
#: would give a 300-digit matchpoint).
MOST_DIGITS = 15
_LIMIT = 10**MOST_DIGITS

N = TypeVar("N", bound=int | float | Fraction | Decimal)


def bounded(number: N, argument: str, typed: object = None) -> N:
    """``number`` when it has at most :data:`MOST_DIGITS` digits before its point; otherwise refused as out of
    range, quoting ``typed`` (what was typed; the number itself when None)."""
    if -_LIMIT < number < _LIMIT:
        return number
    shown = show(number if typed is None else typed)
    raise BridgeInputError(f"{argument} {shown}: too large (at most {MOST_DIGITS} digits)", reason=Reason.OUT_OF_RANGE)


def as_whole_number(value: object, argument: str) -> int:
    """An integer from an int, an integral float (Excel hands over 10.0) or digits in text, of at most
    :data:`MOST_DIGITS` digits."""
    if isinstance(value, bool):
        raise BridgeInputError(f"{argument} {show(value)}: expected a whole number, not TRUE/FALSE")
    if isinstance(value, int):
        return bounded(value, argument)
    if isinstance(value, float):
        if math.isnan(value) or (math.isfinite(value) and not value.is_integer()):
            raise BridgeInputError(f"{argument} {show(value)}: must be a whole number")
        return int(bounded(value, argument))
    if isinstance(value, str):
        return _whole_number_text(value, argument)
    raise BridgeInputError(f"{argument} {show(value)}: expected a whole number")


@functools.lru_cache(maxsize=4096)  # a file's 6,000 lines type a few hundred board and pair numbers
def _whole_number_text(value: str, argument: str) -> int:
    """:func:`as_whole_number` of digits in text (a text that is not one raises each time)."""
    text = value.strip()
    if NUMBER.fullmatch(text):
        return as_whole_number(bounded(float(text), argument, value), argument)
    raise BridgeInputError(f"{argument} {show(value)}: expected a whole number")


def parse_board(value: object) -> int:
    """A board number: any whole number from 1."""
    number = as_whole_number(value, "board")
    if number < 1:
        raise BridgeInputError(f"board {number}: board numbers start at 1", reason=Reason.OUT_OF_RANGE)
    return number


def hundredths_of(numerator: int, denominator: int) -> int:
    """``numerator / denominator`` (``denominator`` above 0) in whole hundredths, halves away from zero, as Excel's
    ROUND to 2 decimals: the one rounding of every figure printed to 2 decimals (a traveller's, a total, victory
    points, masterpoints), exact in whole numbers (a decimal division rounds first, at 28 digits)."""
    whole = (200 * abs(numerator) + denominator) // (2 * denominator)
    return whole if numerator >= 0 else -whole


def hundredths_to_even(numerator: int, denominator: int) -> int:
    """``numerator / denominator`` (``denominator`` above 0) in whole hundredths, an exact half to the even
    hundredth (68.425 is 68.42, 68.435 is 68.44): how Compscore3 prints a pair's total factored up to the boards it
    was due, the one figure it rounds so (every other to 2 decimals is :func:`hundredths_of`'s)."""
    whole, rest = divmod(100 * numerator, denominator)
    if 2 * rest > denominator or (2 * rest == denominator and whole % 2):
        whole += 1
    return whole


def exact_sum(values: Iterable[Fraction | int]) -> Fraction:
    """The exact sum of fractions, as ``sum(values, Fraction(0))`` gives it, adding the numerators of each
    denominator as whole numbers first (a pair's 100 percentages share a handful of denominators)."""
    by_denominator: dict[int, int] = {}
    for value in values:
        numerator, denominator = value.as_integer_ratio()  # (one call: a Fraction's parts are properties)
        by_denominator[denominator] = by_denominator.get(denominator, 0) + numerator
    return sum((Fraction(numerator, denominator) for denominator, numerator in by_denominator.items()), Fraction(0))


def hundredths(value: Fraction | int) -> Fraction:
    """``value`` to 2 decimals, halves away from zero (:func:`hundredths_of`): 576.345 is 576.35, -0.125 is -0.13."""
    exact = Fraction(value)
    return Fraction(hundredths_of(exact.numerator, exact.denominator), 100)


def two_decimals(value: float) -> str:
    """A figure as results print it: 2 decimals, halves rounded up (47.685 -> 47.69), as Excel's ROUND does."""
    return str(Decimal(repr(float(value))).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))


def count(number: int, one: str, many: str = "") -> str:
    """``1 board``, ``2 boards`` (``many``: the plural, where it is not ``one`` and an s)."""
    return f"{number} {one if number == 1 else many or one + 's'}"
