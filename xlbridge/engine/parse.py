"""Reading what club scorers type: contracts, results, seats, vulnerability, field entries.

Parsing is tolerant of the forms clubs use (``4s``, ``4 S``, ``4♠``, ``3N``, ``4S*``, ``=``, ``+1``, ``10.0``) and
strict about meaning: anything that cannot be a bridge result raises :class:`~xlbridge.engine.errors.BridgeInputError`
with a message naming the argument, the allowed forms and the value received. Each value is read into a small
immutable type once (a :class:`~xlbridge.engine.model.Contract`, a :class:`Result`, a
:class:`~xlbridge.rules.words.Seat`), and the engine works with those.
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from ..rules import ARTIFICIAL_CODES, Side
from .boards import board_vulnerability
from .errors import BridgeInputError, Reason
from .model import PASSED_OUT, Contract, Doubling, Seat, Strain, Vulnerability
from .values import MOST_DIGITS, NUMBER, as_whole_number, bounded, is_blank, show

__all__ = [
    "CONTRACT_FORMS",
    "RESULT_FORMS",
    "Artificial",
    "FieldEntry",
    "Result",
    "TypedContract",
    "Weighted",
    "adjusted_text",
    "normalise_text",
    "parse_contract",
    "parse_field_entry",
    "parse_result",
    "parse_seat",
    "parse_vulnerability",
    "parse_weighted",
    "read_contract",
    "read_result",
    "split_contract",
]

_SUITS = str.maketrans(
    {
        "♠": "S",
        "♤": "S",
        "♥": "H",
        "♡": "H",
        "♦": "D",
        "♢": "D",
        "♣": "C",
        "♧": "C",
        "−": "-",  # minus sign
        "–": "-",  # en dash
        "—": "-",  # em dash
        "\u00a0": " ",  # no-break space, as pasted from web pages
    }
)

_PASSED_OUT = frozenset({"PASS", "P", "AP", "PASSED", "PASSEDOUT", "PASSOUT", "ALLPASS", "PO"})
_CONTRACT = re.compile(
    r"(?P<level>\d+)(?P<strain>NT|N|S|H|D|C)?(?P<doubling>XX|X|\*\*|\*)?(?P<result>=|[+-]\d+)?",
)
_DOUBLING = {"": Doubling.UNDOUBLED, "X": Doubling.DOUBLED, "*": Doubling.DOUBLED}
_DOUBLING.update({"XX": Doubling.REDOUBLED, "**": Doubling.REDOUBLED})
_STRAINS = {"C": Strain.CLUBS, "D": Strain.DIAMONDS, "H": Strain.HEARTS, "S": Strain.SPADES}
_STRAINS.update({"N": Strain.NOTRUMP, "NT": Strain.NOTRUMP})
_SEATS = {"N": Seat.NORTH, "E": Seat.EAST, "S": Seat.SOUTH, "W": Seat.WEST}
_SEATS.update({"NORTH": Seat.NORTH, "EAST": Seat.EAST, "SOUTH": Seat.SOUTH, "WEST": Seat.WEST})
_VULNERABILITY = {
    "NONE": Vulnerability.NONE,
    "LOVE": Vulnerability.NONE,
    "NIL": Vulnerability.NONE,
    "NEITHER": Vulnerability.NONE,
    "-": Vulnerability.NONE,
    "NS": Vulnerability.NS,
    "N-S": Vulnerability.NS,
    "N/S": Vulnerability.NS,
    "EW": Vulnerability.EW,
    "E-W": Vulnerability.EW,
    "E/W": Vulnerability.EW,
    "BOTH": Vulnerability.BOTH,
    "ALL": Vulnerability.BOTH,
}
_ARTIFICIAL_SPLIT = re.compile(r"A(\d\d)(\d\d)")

CONTRACT_FORMS = "a level 1-7 and a strain such as 4S, 3NT, 4H*, 2SXX, 4♠ or PASS"
RESULT_FORMS = "tricks taken (0-13), undertricks as a negative number, or =, +1, -2"


def normalise_text(value: str) -> str:
    """Upper case, suit symbols to letters, dashes to minus, no spaces."""
    return "".join(value.translate(_SUITS).upper().split())


@dataclass(frozen=True, slots=True)
class Result:
    """A result as typed, before it meets its contract: ``count`` tricks taken (``kind`` "tricks"), made with
    ``count`` overtricks ("over": ``=`` is 0), ``count`` down ("down"), or a lone dash ("dash", only for a
    passed-out board). ``shown`` is how messages quote what was typed."""

    kind: str
    count: int
    shown: str

    def tricks(self, contract: Contract) -> int:
        """The tricks declarer took in ``contract``; impossible results (7NT+1, down 14) raise."""
        if contract.passed_out:
            if self.count == 0 and self.kind != "down":
                return 0
            raise BridgeInputError(f"result {self.shown}: a passed-out board has no result; leave it blank")
        if self.kind == "dash":
            raise BridgeInputError(f"result {self.shown}: expected {RESULT_FORMS}")
        if self.kind == "tricks":
            if self.count > 13:
                raise BridgeInputError(f"result {self.shown}: there are only 13 tricks", reason=Reason.OUT_OF_RANGE)
            return self.count
        if self.kind == "down":
            if self.count > contract.tricks_needed:
                raise BridgeInputError(
                    f"result {self.shown}: {contract} can go down {contract.tricks_needed} at most",
                    reason=Reason.OUT_OF_RANGE,
                )
            return contract.tricks_needed - self.count
        tricks = contract.tricks_needed + self.count
        if tricks > 13:
            over = self.count
            raise BridgeInputError(
                f"result {self.shown}: {contract} cannot make {over} overtrick{'s' * (over != 1)} (13 tricks at most)",
                reason=Reason.OUT_OF_RANGE,
            )
        return tricks


def _result_from_number(number: float, shown: str) -> Result:
    if isinstance(number, float) and not (math.isfinite(number) and number.is_integer()):
        raise BridgeInputError(f"result {shown}: tricks must be a whole number")
    count = int(number)
    return Result("tricks", count, shown) if count >= 0 else Result("down", -count, shown)


def read_result(value: object) -> Result:
    """A result as typed: tricks taken (0-13), undertricks as a negative number (-2 is down two), or the text
    ``=``, ``+1``, ``-2`` relative to the contract; numbers may arrive as text or as floats."""
    if isinstance(value, str) and not is_blank(value):
        return _read_result_text(value)
    shown = show(value)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return _result_from_number(value, shown)
    raise BridgeInputError(f"result {shown}: expected {RESULT_FORMS}")


@functools.lru_cache(maxsize=4096, typed=True)  # a session's results are typed a few dozen ways
def _read_result_text(value: str) -> Result:
    """:func:`read_result` of a text; one that is not a result raises each time."""
    shown = show(value)
    text = normalise_text(value)
    if text in ("=", "+0", "MADE"):
        return Result("over", 0, shown)
    if text == "-":
        return Result("dash", 0, shown)
    if text.startswith("+") and text[1:].isdecimal():
        return Result("over", as_whole_number(text, "result"), shown)
    if NUMBER.fullmatch(text):
        return _result_from_number(bounded(float(text), "result", value), shown)
    raise BridgeInputError(f"result {shown}: expected {RESULT_FORMS}")


def parse_result(value: object, contract: Contract) -> int:
    """The number of tricks declarer took in ``contract``, from a result as typed (see :func:`read_result`); a
    blank result is 0 tricks on a passed-out board."""
    if contract.passed_out and is_blank(value):
        return 0
    return read_result(value).tricks(contract)


def split_contract(value: object) -> tuple[Contract, Result | None]:
    """A contract, and the result written after it if there was one (``4SX-2`` -> 4SX, down 2)."""
    if isinstance(value, Contract):
        return value, None
    if not isinstance(value, str) or is_blank(value):
        raise BridgeInputError(f"contract {show(value)}: expected {CONTRACT_FORMS}")
    return _split_contract_text(value)


@functools.lru_cache(maxsize=4096, typed=True)  # a session's contracts are typed a few hundred ways
def _split_contract_text(value: str) -> tuple[Contract, Result | None]:
    """:func:`split_contract` of a text; one that is not a contract raises each time."""
    text = normalise_text(value)
    if text in _PASSED_OUT:
        return PASSED_OUT, None
    match = _CONTRACT.fullmatch(text)
    if match is None:
        raise BridgeInputError(f"contract {show(value)}: expected {CONTRACT_FORMS}")
    digits = match["level"]
    level = int(digits) if len(digits) <= MOST_DIGITS else 0  # (int() refuses thousands of digits)
    if not 1 <= level <= 7:
        raise BridgeInputError(f"contract {show(value)}: the level must be 1 to 7")
    if match["strain"] is None:
        raise BridgeInputError(f"contract {show(value)}: the strain must be C, D, H, S or NT (♣♦♥♠ allowed)")
    contract = Contract(level, _STRAINS[match["strain"]], _DOUBLING[match["doubling"] or ""])
    embedded = match["result"]
    return contract, None if embedded is None else read_result(embedded)


@dataclass(frozen=True, slots=True)
class TypedContract:
    """A contract as typed: the contract, the result written after it (``4SX-2``) if any, and how messages quote
    what was typed."""

    contract: Contract
    embedded: Result | None
    shown: str


def read_contract(value: object) -> TypedContract:
    """A contract as typed, with the result written after it if there was one (see :func:`split_contract`)."""
    contract, embedded = split_contract(value)
    return TypedContract(contract, embedded, show(value))


def parse_contract(value: object) -> Contract:
    """A contract as clubs type it: ``4S``, ``4s``, ``4 S``, ``4♠``, ``3NT``, ``3N``, ``4SX``, ``4S*``, ``PASS``...

    A result written after the contract (``4SX-2``) is an error here: see :func:`split_contract`.
    """
    contract, result = split_contract(value)
    if result is not None:
        raise BridgeInputError(f"contract {show(value)}: a contract alone was expected, without its result")
    return contract


def parse_seat(value: object, argument: str = "declarer") -> Seat | None:
    """N, E, S or W (any case, or spelled out); blank gives None."""
    if is_blank(value):
        return None
    if isinstance(value, str):
        seat = _SEATS.get(normalise_text(value))
        if seat is not None:
            return seat
    raise BridgeInputError(f"{argument} {show(value)}: must be N, E, S or W")


def parse_vulnerability(value: object) -> Vulnerability | bool:
    """A board number, a vulnerability (None, Love, -, NS, N-S, EW, E-W, Both, All) or TRUE/FALSE.

    TRUE/FALSE mean "declarer is vulnerable" and come back as a bool; everything else as a
    :class:`~xlbridge.rules.words.Vulnerability`.
    """
    if isinstance(value, bool):
        return value
    if isinstance(value, (int, float)):
        return board_vulnerability(value)
    if isinstance(value, str) and not is_blank(value):
        text = normalise_text(value)
        if text in _VULNERABILITY:
            return _VULNERABILITY[text]
        if text in ("TRUE", "FALSE"):
            return text == "TRUE"
        if NUMBER.fullmatch(text):
            return board_vulnerability(text)
    raise BridgeInputError(
        f"vulnerability {show(value)}: expected a board number, None, NS, EW, Both (or Love, -, N-S, E-W, All), "
        "or TRUE/FALSE for declarer vulnerable"
    )


@dataclass(frozen=True, slots=True)
class Artificial:
    """An artificial adjusted score: each side's percentage of the full top (Average-plus is 60 / 40)."""

    ns_percent: int
    ew_percent: int

    def __str__(self) -> str:
        return f"A{self.ns_percent:02d}{self.ew_percent:02d}"


@dataclass(frozen=True, slots=True)
class Weighted:
    """A weighted assigned adjusted score (Law 12C1(c)): North-South scores, each with its weight.

    ``parts`` are (weight, score) pairs, the weights exact fractions summing to 1, each score once, heaviest
    first (``80% 400 / 20% 430`` and ``20% 430 / 80% 400`` are the same score). It is one result of its board's
    field: each part is compared as if it were the table's result and the answers are weighted (see
    :mod:`xlbridge.engine.field`).
    """

    parts: tuple[tuple[Fraction, int], ...]

    @staticmethod
    def of(parts: Sequence[tuple[Fraction | int | str, int]]) -> Weighted:
        """A weighted score from (percentage, score) pairs, checked as :func:`parse_weighted` checks the text."""
        text = " / ".join(f"{percent}% {score}" for percent, score in parts)
        return parse_weighted(text)

    @property
    def mean(self) -> Fraction:
        """The weighted mean of the scores (80% of 400 and 20% of 430 is 406): not how it scores, but how it
        enters a Butler datum."""
        return sum((weight * score for weight, score in self.parts), Fraction(0))

    def __str__(self) -> str:
        return " / ".join(f"{_percent_text(weight * 100)}% {score}" for weight, score in self.parts)


def _percent_text(percent: Fraction) -> str:
    """A percentage as typed: 80, 33.3, 12.5 (the weights were typed as decimals, so this is exact)."""
    if percent.denominator == 1:
        return str(percent.numerator)
    return format(Decimal(percent.numerator) / Decimal(percent.denominator), "f").rstrip("0")


FieldEntry = int | Fraction | Artificial | Weighted

WEIGHTED_FORM = "percentages of North-South scores separated by /, summing to 100, such as 80% 400 / 20% 430"
_WEIGHTED_PART = re.compile(r"(?P<percent>\d+(?:\.\d+)?|\.\d+)%(?P<score>[+-]?\d+)")


def parse_weighted(value: str, argument: str = "score") -> Weighted:
    """A weighted adjusted score as a director writes it: ``80% 400 / 20% 430`` (any number of parts; spaces and
    a + sign optional; percentages may have decimals, 33.3 / 33.3 / 33.4, and must sum to exactly 100).

    The same score twice is one part with the two weights added.
    """
    weights: dict[int, Fraction] = {}
    for number, typed in enumerate(value.translate(_SUITS).split("/"), start=1):
        match = _WEIGHTED_PART.fullmatch(normalise_text(typed))
        if match is None:
            raise BridgeInputError(
                f"{argument} {show(value)}: part {number} ({typed.strip() or 'empty'}) is not a percentage and a "
                "score; "
                f"expected {WEIGHTED_FORM}"
            )
        percent = Fraction(Decimal(match["percent"]))
        if not 0 < percent <= 100:
            raise BridgeInputError(
                f"{argument} {show(value)}: part {number} gives {match['percent']}%; each part must be more than 0% "
                "and at most 100%",
                reason=Reason.OUT_OF_RANGE,
            )
        score = as_whole_number(match["score"], argument)
        weights[score] = weights.get(score, Fraction(0)) + percent / 100
    total = sum(weights.values(), Fraction(0))
    if total != 1:
        raise BridgeInputError(
            f"{argument} {show(value)}: the percentages add up to {_percent_text(total * 100)}, not 100",
            reason=Reason.OUT_OF_RANGE,
        )
    parts = sorted(((weight, score) for score, weight in weights.items()), key=lambda part: (-part[0], part[1]))
    return Weighted(tuple(parts))


def parse_field_entry(value: object, argument: str = "score") -> FieldEntry | None:
    """One entry of a board's field: a North-South score, an artificial score, a weighted score, or None for a
    blank.

    Scores are whole numbers (an averaged score may have fractions); artificial scores are ``A``/``A=`` (50%),
    ``A+`` (60% NS, 40% EW), ``A-`` (40/60) and USEBIO's ``A6040`` form; a weighted adjusted score (Law
    12C1(c)) is ``80% 400 / 20% 430``.
    """
    if is_blank(value):
        return None
    if isinstance(value, bool):
        raise BridgeInputError(f"{argument} {show(value)}: expected a score or an artificial score such as A+")
    if isinstance(value, (Artificial, Weighted)):
        return value
    if isinstance(value, (int, Fraction)):
        return bounded(value, argument)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise BridgeInputError(f"{argument} {show(value)}: expected a score", reason=Reason.OUT_OF_RANGE)
        bounded(value, argument)
        return int(value) if value.is_integer() else Fraction(value).limit_denominator(1000)
    if isinstance(value, str):
        text = normalise_text(value)
        if NUMBER.fullmatch(text):
            return parse_field_entry(bounded(float(text), argument, value), argument)
        if text in ARTIFICIAL_CODES:
            return Artificial(*ARTIFICIAL_CODES[text])
        split = _ARTIFICIAL_SPLIT.fullmatch(text)
        if split:
            return Artificial(int(split[1]), int(split[2]))
        if "%" in text:
            return parse_weighted(value, argument)
    raise BridgeInputError(
        f"{argument} {show(value)}: expected a North-South score, an artificial score (A, A+, A-, A6040) or a "
        "weighted score (80% 400 / 20% 430)"
    )


def adjusted_text(entry: FieldEntry, side: Side = Side.NS) -> str:
    """An adjusted score as a traveller writes it from ``side``'s point of view: ``A``, ``A+``, ``A-``,
    ``A6040``, ``80% 400 / 20% 430``, or the points. North-South's is the score as entered; East-West's is the same
    score seen from the other side of the table: A6040 (60% to North-South, 40% to East-West) is ``A-`` to
    East-West, a weighted 80% 400 / 20% 430 is ``80% -400 / 20% -430``."""
    if isinstance(entry, Artificial):
        ours, theirs = (entry.ns_percent, entry.ew_percent) if side is Side.NS else (entry.ew_percent, entry.ns_percent)
        codes = [code for code, percents in ARTIFICIAL_CODES.items() if percents == (ours, theirs)]
        return min(codes, key=len) if codes else str(Artificial(ours, theirs))
    if isinstance(entry, Weighted):
        return str(entry if side is Side.NS else Weighted(tuple((weight, -score) for weight, score in entry.parts)))
    points = entry if side is Side.NS else -entry
    return str(points) if isinstance(points, int) else str(float(points))
