"""Comparing results across a board's field: matchpoints, cross-IMPs, Butler datums and IMPs, board-a-match.

A :class:`Field` sorts a board's real scores once; every question about one result is then a few binary searches,
so a field of n results is scored in O(n log n) and a whole session, grouped by board, likewise.

Artificial scores (``A``, ``A+``, ``A-``, ``A6040``...) take their percentage of the full top and are left out of
every comparison; the real results are then Neuberg-scaled to the full count (Law 78A and the WBF formula, as
Compscore3 and Debian's salliere apply it), or, by the ``NO-NEUBERG`` rule (:data:`~xlbridge.rules.ARTIFICIAL_RULES`,
as clubs scoring by hand do), each artificial score counts for every real result as a result it tied with.

Weighted adjusted scores (Law 12C1(c): "An assigned adjusted score may be weighted to reflect the probabilities of
a number of potential results", 2017 Laws, as pzbs.pl publishes the English text) are results, not artificial
scores (Law 12C1(a): an assigned score "replaces the score obtained in play"):

- Each part is scored as if it were the table's result and the answers are weighted; the weighted points are never
  scored as a score ("convert each result to IMPs or matchpoints before applying the weights": the Danish
  tournament directors' site bridgeregler.dk, "Beregning af vægtet score", with a worked teams example; T. Hill on
  the blml list, March 2016, for pairs: "60% of the matchpoints for +620 plus 40% of the matchpoints for -100").
- Every other result meets each part with its weight, as if the parts were fractions of a result in the frequency
  table (bridgeregler.dk, "Vægtet score i parturnering"), and the weighted score counts as one of the board's
  results: each side's matchpoints still sum to n(n-1) (the EBU White Book's example, as quoted on the EBU forum,
  discussion 901, "weighted split scores match points"). A WBF text on it was not found: these rest on those
  national and list sources.
- With artificial scores on the same board, the weighted score is one of the n real results that are
  Neuberg-scaled, its parts counting fractionally. That both kinds on one board combine this way is xlbridge's
  reading (no source found says it); that artificial scores are not Neuberged and the real ones are is R. Barker's
  (EBU forum, comment 7177).
- A Butler datum counts a weighted score as one result at its weighted mean (80% of 400 and 20% of 430: 406),
  trimmed like any other; the score itself is each part IMPed against the datum, weighted. No source says how a
  datum treats it: this is xlbridge's choice.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import accumulate
from typing import TypeVar

from ..rules import (
    ARTIFICIAL_IMPS_PER_10_PERCENT,
    ARTIFICIAL_RULES,
    DATUM_METHODS,
    MATCHPOINT_SCALES,
    ArtificialRule,
    BandScale,
    DatumMethod,
    MatchpointScale,
)
from ..rules.comparisons import EUROPEAN, NEUBERG, TRIMMED
from .choices import choose
from .errors import BridgeInputError, Reason
from .parse import Artificial, FieldEntry, Weighted, parse_field_entry
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
        return _percent_of(self.ns, self.top)

    @property
    def ew_percent(self) -> Fraction:
        return _percent_of(self.ew, self.top)


def _percent_of(part: Fraction, top: Fraction) -> Fraction:
    """``part / top * 100`` (50 when the top is 0), made one fraction at once: a session makes thousands."""
    if not top:
        return Fraction(50)
    return Fraction(part.numerator * top.denominator * 100, part.denominator * top.numerator)


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
    """A board's results: North-South scores, weighted scores, artificial scores and blanks (ignored).

    ``expected`` is the number of results the board should have had (Neuberg); by default the number of
    non-blank entries, artificial ones included.

    A weighted score (Law 12C1(c)) is one result of the field: it is compared part by part, each part as if it
    were the table's result, and the answers weighted; every other result meets each of its parts with the same
    weights (see the module's notes). The plain scores are kept sorted, and so are the weighted parts with their
    running total of weights, so every answer is still a few binary searches.
    """

    __slots__ = ("_datums", "_parts", "_prefix", "_weighted", "artificial", "real", "scores", "size")

    def __init__(self, entries: Iterable[object], expected: object = None) -> None:
        real: list[int | Fraction] = []
        weighted: list[Weighted] = []
        artificial = 0
        for value in entries:
            if isinstance(value, (int, Fraction, Artificial, Weighted)) and not isinstance(value, bool):
                entry: FieldEntry | None = value
            else:  # TRUE is an int to Python, but not a score
                entry = parse_field_entry(value, "field entry")
            if entry is None:
                continue
            if isinstance(entry, Artificial):
                artificial += 1
            elif isinstance(entry, Weighted):
                weighted.append(entry)
            else:
                real.append(entry)
        #: The plain (not weighted) real scores, sorted.
        self.scores: list[int | Fraction] = sorted(real)
        self._weighted: Counter[Weighted] = Counter(weighted)
        parts = sorted((score, weight) for entry in weighted for weight, score in entry.parts)
        self._parts: list[int] = [score for score, _ in parts]
        self._prefix: list[Fraction] = list(accumulate((weight for _, weight in parts), initial=Fraction(0)))
        #: Real results: plain scores and weighted scores (one each), not the artificial ones.
        self.real = len(real) + len(weighted)
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

    def _around(self, score: int | Fraction, present: bool = False) -> tuple[int | Fraction, int | Fraction]:
        """(results below ``score``, results equal to it), a weighted score's parts counting by their weights; with
        ``present``, ``score`` must be one of the field's plain scores."""
        below = bisect_left(self.scores, score)
        equal = bisect_right(self.scores, score) - below
        if present and not equal:
            raise BridgeInputError(
                f"score {show(_plain(score))}: not one of this board's results", reason=Reason.NOT_IN_FIELD
            )
        if not self._parts:
            return below, equal
        low, high = bisect_left(self._parts, score), bisect_right(self._parts, score)
        return below + self._prefix[low], equal + self._prefix[high] - self._prefix[low]

    def _require(self, entry: Weighted) -> None:
        if not self._weighted[entry]:
            raise BridgeInputError(f"score {entry}: not one of this board's results", reason=Reason.NOT_IN_FIELD)

    def matchpoints(
        self, entry: FieldEntry, scale: MatchpointScale = EUROPEAN, artificial: ArtificialRule = NEUBERG
    ) -> Matchpoints:
        """Matchpoints of one of the field's entries, Neuberg-scaled to :attr:`size`; by an ``artificial`` rule
        without Neuberg, each artificial score of the field counts as a tie with a real entry, and only results
        missing altogether are scaled for."""
        counted = self.real if artificial.neuberg else self.real + self.artificial  # the results compared with
        if not isinstance(entry, (Artificial, Weighted)):
            below, equal = self._around(entry, present=True)
            win, tie = scale.per_win, scale.per_tie
            if (win.denominator == 1 and tie.denominator == 1 and counted == self.size
                    and type(below) is int and type(equal) is int):  # fmt: skip
                # Whole numbers throughout and nothing to scale (European matchpoints, plain scores, a full
                # board): the same sums in integers, each made a fraction once.
                ns_whole = win.numerator * below + tie.numerator * (equal - 1 + counted - self.real)
                top_whole = win.numerator * (self.size - 1)
                return Matchpoints(Fraction(ns_whole), Fraction(top_whole - ns_whole), Fraction(top_whole))
            raw = win * below + tie * (equal - 1)
        top = scale.per_win * (self.size - 1)
        if isinstance(entry, Artificial):
            return Matchpoints(top * entry.ns_percent / 100, top * entry.ew_percent / 100, top)
        if isinstance(entry, Weighted):
            self._require(entry)
            raw = Fraction(0)
            own_below = Fraction(0)  # the entry's own parts are not results it is compared with
            for weight, score in sorted(entry.parts, key=lambda part: part[1]):
                below, equal = self._around(score)
                raw += weight * (scale.per_win * (below - own_below) + scale.per_tie * (equal - weight))
                own_below += weight
        raw += scale.per_tie * (counted - self.real)  # a tie with each artificial score, without Neuberg
        half = scale.per_tie  # half a win: Neuberg's correction term
        ns = (raw + half) * self.size / counted - half if counted != self.size else raw
        return Matchpoints(ns, top - ns, top)

    def _imps_against_all(self, score: int | Fraction, scale: BandScale) -> int | Fraction:
        """IMPs of ``score`` against every real result (a weighted one part by part, by weight)."""
        scores, count = self.scores, len(self.scores)
        summed: int | Fraction = 0
        for bound, step in scale.steps:  # IMP(d) is the sum of the steps whose bound |d| reaches
            worse = bisect_right(scores, score - bound)
            better = count - bisect_left(scores, score + bound)
            summed += step * (worse - better)
        if self._parts:
            parts, prefix = self._parts, self._prefix
            for bound, step in scale.steps:
                worse_weight = prefix[bisect_right(parts, score - bound)]
                better_weight = prefix[-1] - prefix[bisect_left(parts, score + bound)]
                summed += step * (worse_weight - better_weight)
        return summed

    def cross_imps(self, entry: FieldEntry, scale: BandScale, total: bool = False) -> SideScores:
        """IMPs against every other real result, averaged (or ACBL's total: the average times size - 1)."""
        comparisons = self.size - 1 if total else 1
        if isinstance(entry, Artificial):
            return SideScores(
                _artificial_imps(entry.ns_percent) * comparisons, _artificial_imps(entry.ew_percent) * comparisons
            )
        if isinstance(entry, Weighted):
            self._require(entry)
            summed: int | Fraction = sum(
                (weight * self._imps_against_all(score, scale) for weight, score in entry.parts), Fraction(0)
            )
            # less the entry against its own parts, which are not other results
            summed -= sum(
                (mine * theirs * scale.signed(score - other) for mine, score in entry.parts
                 for theirs, other in entry.parts),
                Fraction(0),
            )  # fmt: skip
        else:
            self._around(entry, present=True)
            summed = self._imps_against_all(entry, scale)
        if self.real < 2:
            average = Fraction(0)
        else:
            average = Fraction(summed, self.real - 1) if isinstance(summed, int) else summed / (self.real - 1)
        ns = average * comparisons
        return SideScores(ns, -ns)

    def datum(self, method: DatumMethod = TRIMMED) -> int:
        """The board's Butler datum: trimmed and averaged as ``method`` says, rounded to the nearest 10.

        A weighted score enters it as one result at its weighted mean (xlbridge's choice: no published rule).
        """
        cached = self._datums.get(method.name)
        if cached is not None:
            return cached
        values = self.scores
        if self._weighted:
            values = sorted([*self.scores, *(entry.mean for entry in self._weighted.elements())])
        drop = method.dropped(self.real)
        kept = values[drop : self.real - drop]
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
        """IMPs of one result against the board's datum (a weighted score's parts each, weighted)."""
        if isinstance(entry, Artificial):
            return SideScores(_artificial_imps(entry.ns_percent), _artificial_imps(entry.ew_percent))
        if isinstance(entry, Weighted):
            self._require(entry)
            centre = self.datum(method)
            weighted = sum((weight * scale.signed(score - centre) for weight, score in entry.parts), Fraction(0))
            return SideScores(weighted, -weighted)
        self._around(entry, present=True)
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


def _artificial_rule(artificial: object) -> ArtificialRule:
    return choose(ARTIFICIAL_RULES, artificial, "artificial")


def _datum_method(method: object) -> DatumMethod:
    return choose(DATUM_METHODS, method, "method")


def _entries(field: Sequence[object]) -> list[FieldEntry | None]:
    return [parse_field_entry(value) for value in field]


def matchpoints(
    field: Sequence[object], method: object = "MP", expected: object = None, artificial: object = None
) -> list[Matchpoints | None]:
    """Matchpoints of every entry of a board's field (None for blanks).

    ``method`` is ``MP`` (European: 2 per result beaten, 1 per tie) or ``ACBL`` (1 and 1/2); ``expected`` is the
    number of results the board should have had, for a board played fewer times than the others; ``artificial``
    what an artificial score does to the real results (``NEUBERG``, the default, or ``NO-NEUBERG``).
    """
    entries = _entries(field)
    board = Field(entries, expected)
    scale, rule = _matchpoint_scale(method), _artificial_rule(artificial)
    return [None if entry is None else board.matchpoints(entry, scale, rule) for entry in entries]


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
    North-South score entered is the opponents': the team wins the board when ``score`` > ``other``. A weighted
    score is compared part by part and the answers weighted (Law 12C1(c)).
    """
    mine, theirs = parse_field_entry(score, "score"), parse_field_entry(other, "other")
    if mine is None or theirs is None:
        raise BridgeInputError("board-a-match needs both tables' scores")
    if isinstance(mine, Artificial) or isinstance(theirs, Artificial):
        raise BridgeInputError("board-a-match: an artificial score cannot be compared; enter the adjusted points")
    points = Fraction(0)
    for mine_weight, mine_score in _parts(mine):
        for their_weight, their_score in _parts(theirs):
            won = Fraction(1) if mine_score > their_score else Fraction(1, 2) if mine_score == their_score else 0
            points += mine_weight * their_weight * won
    return points


def _parts(entry: int | Fraction | Weighted) -> tuple[tuple[Fraction, int | Fraction], ...]:
    return entry.parts if isinstance(entry, Weighted) else ((Fraction(1), entry),)
