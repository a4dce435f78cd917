"""Comparing results across a board's field: matchpoints, cross-IMPs, Butler datums and IMPs, board-a-match.

A :class:`Field` sorts a board's real scores once; every question about one result is then a few binary searches,
so a field of n results is scored in O(n log n) and a whole session, grouped by board, likewise.

Artificial scores (``A``, ``A+``, ``A-``, ``A6040``...) take their percentage of the full top and are left out of
every comparison; the real results are then Neuberg-scaled to the full count (Law 78A and the WBF formula, as
Compscore3 and Debian's salliere apply it).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TypeVar

from ..rules import (
    ARTIFICIAL_IMPS_PER_10_PERCENT,
    DATUM_METHODS,
    MATCHPOINT_SCALES,
    BandScale,
    DatumMethod,
    MatchpointScale,
)
from ..rules.comparisons import EUROPEAN, TRIMMED
from .choices import choose
from .errors import BridgeInputError, Reason
from .parse import Artificial, FieldEntry, parse_field_entry
from .scales import imp_scale
from .values import as_whole_number, is_blank, show

__all__ = [
    "Field",
    "Matchpoints",
    "SideScores",
    "bam",
    "butler",
    "cross_imps",
    "datum",
    "group_fields",
    "matchpoints",
]

K = TypeVar("K", bound=Hashable)


@dataclass(frozen=True, slots=True)
class Matchpoints:
    """One result's matchpoints for each side, and the top they are out of."""

    ns: Fraction
    ew: Fraction
    top: Fraction

    @property
    def ns_percent(self) -> Fraction:
        return self.ns / self.top * 100 if self.top else Fraction(50)

    @property
    def ew_percent(self) -> Fraction:
        return self.ew / self.top * 100 if self.top else Fraction(50)


@dataclass(frozen=True, slots=True)
class SideScores:
    """An IMP score for each side (East-West's is North-South's negated unless the score is artificial)."""

    ns: Fraction
    ew: Fraction


def _round_to(value: Fraction, step: int, rounding: str) -> int:
    """``value`` to the nearest multiple of ``step``; a half goes away from zero, or to the even multiple."""
    quotient = value / step
    below = quotient.numerator // quotient.denominator
    remainder = quotient - below
    if remainder != Fraction(1, 2):
        nearest = below + (remainder > Fraction(1, 2))
    elif rounding == "half-even":
        nearest = below + (below % 2)
    else:
        nearest = below + (quotient > 0)
    return nearest * step


def _artificial_imps(percent: int) -> Fraction:
    return Fraction(percent - 50, 10) * ARTIFICIAL_IMPS_PER_10_PERCENT


class Field:
    """A board's results: North-South scores, artificial scores and blanks (ignored).

    ``expected`` is the number of results the board should have had (Neuberg); by default the number of
    non-blank entries, artificial ones included.
    """

    __slots__ = ("_datums", "artificial", "real", "scores", "size")

    def __init__(self, entries: Iterable[object], expected: object = None) -> None:
        real: list[int | Fraction] = []
        artificial = 0
        for value in entries:
            if isinstance(value, (int, Fraction, Artificial)) and not isinstance(value, bool):
                entry: FieldEntry | None = value
            else:  # TRUE is an int to Python, but not a score
                entry = parse_field_entry(value, "field entry")
            if entry is None:
                continue
            if isinstance(entry, Artificial):
                artificial += 1
            else:
                real.append(entry)
        self.scores: list[int | Fraction] = sorted(real)
        self.real = len(real)
        self.artificial = artificial
        self.size = self.real + artificial
        if not is_blank(expected):
            count = as_whole_number(expected, "expected")
            if count < self.size:
                raise BridgeInputError(
                    f"expected {count}: the board already has {self.size} results", reason=Reason.OUT_OF_RANGE
                )
            self.size = count
        self._datums: dict[str, int] = {}

    def _count(self, score: int | Fraction) -> tuple[int, int]:
        """(results below ``score``, results equal to it), requiring ``score`` to be in the field."""
        below = bisect_left(self.scores, score)
        equal = bisect_right(self.scores, score) - below
        if not equal:
            raise BridgeInputError(
                f"score {show(_plain(score))}: not one of this board's results", reason=Reason.NOT_IN_FIELD
            )
        return below, equal

    def matchpoints(self, entry: FieldEntry, scale: MatchpointScale = EUROPEAN) -> Matchpoints:
        """Matchpoints of one of the field's entries (Neuberg-scaled to :attr:`size`)."""
        top = scale.per_win * (self.size - 1)
        if isinstance(entry, Artificial):
            return Matchpoints(top * entry.ns_percent / 100, top * entry.ew_percent / 100, top)
        below, equal = self._count(entry)
        raw = scale.per_win * below + scale.per_tie * (equal - 1)
        half = scale.per_tie  # half a win: Neuberg's correction term
        ns = (raw + half) * self.size / self.real - half if self.real != self.size else raw
        return Matchpoints(ns, top - ns, top)

    def cross_imps(self, entry: FieldEntry, scale: BandScale, total: bool = False) -> SideScores:
        """IMPs against every other real result, averaged (or ACBL's total: the average times size - 1)."""
        comparisons = self.size - 1 if total else 1
        if isinstance(entry, Artificial):
            return SideScores(
                _artificial_imps(entry.ns_percent) * comparisons, _artificial_imps(entry.ew_percent) * comparisons
            )
        self._count(entry)
        scores, count = self.scores, self.real
        summed = 0
        for bound, step in scale.steps:  # IMP(d) is the sum of the steps whose bound |d| reaches
            worse = bisect_right(scores, entry - bound)
            better = count - bisect_left(scores, entry + bound)
            summed += step * (worse - better)
        average = Fraction(summed, count - 1) if count > 1 else Fraction(0)
        ns = average * comparisons
        return SideScores(ns, -ns)

    def datum(self, method: DatumMethod = TRIMMED) -> int:
        """The board's Butler datum: trimmed and averaged as ``method`` says, rounded to the nearest 10."""
        cached = self._datums.get(method.name)
        if cached is not None:
            return cached
        drop = method.dropped(self.real)
        kept = self.scores[drop : self.real - drop]
        if not kept:
            raise BridgeInputError(
                "datum: the board has no real results to form a datum from"
                if not self.real
                else f"datum: method {method.name} leaves none of the board's {self.real} results",
                reason=Reason.NOT_IN_FIELD,
            )
        if method.average == "median":
            middle = len(kept) // 2
            centre = Fraction(kept[middle]) if len(kept) % 2 else Fraction(kept[middle - 1] + kept[middle], 2)
        else:
            centre = Fraction(sum(kept), len(kept))
        value = _round_to(centre, method.round_to, method.rounding)
        self._datums[method.name] = value
        return value

    def butler(self, entry: FieldEntry, scale: BandScale, method: DatumMethod = TRIMMED) -> SideScores:
        """IMPs of one result against the board's datum."""
        if isinstance(entry, Artificial):
            return SideScores(_artificial_imps(entry.ns_percent), _artificial_imps(entry.ew_percent))
        self._count(entry)
        ns = scale.signed(entry - self.datum(method))
        return SideScores(Fraction(ns), Fraction(-ns))


def _plain(value: int | Fraction) -> int | float:
    return value if isinstance(value, int) else (int(value) if value.denominator == 1 else float(value))


def group_fields(
    keys: Sequence[K | None], entries: Sequence[object], expected: object = None
) -> dict[K, Field | BridgeInputError]:
    """One :class:`Field` per group key (usually the board number); a group with an unreadable entry is an error.

    Entries whose key is None are left out (the caller reports them).
    """
    grouped: dict[K, list[object]] = {}
    for key, value in zip(keys, entries, strict=True):
        if key is not None:
            grouped.setdefault(key, []).append(value)
    fields: dict[K, Field | BridgeInputError] = {}
    for key, values in grouped.items():
        try:
            fields[key] = Field(values, expected)
        except BridgeInputError as error:
            fields[key] = error.within(f"board {key}")
    return fields


def _matchpoint_scale(method: object) -> MatchpointScale:
    return choose(MATCHPOINT_SCALES, method, "method")


def _datum_method(method: object) -> DatumMethod:
    return choose(DATUM_METHODS, method, "method")


def _entries(field: Sequence[object]) -> list[FieldEntry | None]:
    return [parse_field_entry(value) for value in field]


def matchpoints(field: Sequence[object], method: object = "MP", expected: object = None) -> list[Matchpoints | None]:
    """Matchpoints of every entry of a board's field (None for blanks).

    ``method`` is ``MP`` (European: 2 per result beaten, 1 per tie) or ``ACBL`` (1 and 1/2); ``expected`` is the
    number of results the board should have had, for a board played fewer times than the others.
    """
    entries = _entries(field)
    board = Field(entries, expected)
    scale = _matchpoint_scale(method)
    return [None if entry is None else board.matchpoints(entry, scale) for entry in entries]


def cross_imps(field: Sequence[object], scale: object = None, total: bool = False) -> list[SideScores | None]:
    """Cross-IMPs of every entry: IMPs against each other result, averaged (``total=True``: ACBL's sum)."""
    entries = _entries(field)
    board = Field(entries)
    imp = imp_scale(scale)
    return [None if entry is None else board.cross_imps(entry, imp, total) for entry in entries]


def datum(field: Sequence[object], method: object = None) -> int:
    """The Butler datum of a board: by default drop the top and bottom from 4 results, mean, nearest 10."""
    return Field(_entries(field)).datum(_datum_method(method))


def butler(field: Sequence[object], method: object = None, scale: object = None) -> list[SideScores | None]:
    """Butler IMPs of every entry against the board's datum."""
    entries = _entries(field)
    board = Field(entries)
    chosen, imp = _datum_method(method), imp_scale(scale)
    return [None if entry is None else board.butler(entry, imp, chosen) for entry in entries]


def bam(score: object, other: object) -> Fraction:
    """Board-a-match: 1 if ``score`` beats ``other`` (both North-South scores as entered), 1/2 for a tie, else 0.

    A team's North-South score at one table is compared with its teammates' (East-West) table, where the
    North-South score entered is the opponents': the team wins the board when ``score`` > ``other``.
    """
    mine, theirs = parse_field_entry(score, "score"), parse_field_entry(other, "other")
    if mine is None or theirs is None:
        raise BridgeInputError("board-a-match needs both tables' scores")
    if isinstance(mine, Artificial) or isinstance(theirs, Artificial):
        raise BridgeInputError("board-a-match: an artificial score cannot be compared; enter the adjusted points")
    return Fraction(1) if mine > theirs else Fraction(1, 2) if mine == theirs else Fraction(0)
