"""What an import says about the ranking a results file gives: each pair's place, total and percentage compared with
the session's own, as xlbridge works them out from the file's results; each pair whose figures the session does not
reproduce is named (as :mod:`.awards` names a file's masterpoints), never silently replaced: the workbook shows
xlbridge's.

A figure agrees when xlbridge's, rounded as the file writes it (to its decimals, halves away from zero), is the
file's; a place when the place numbers are equal (``2=`` is place 2, as Ruter's ``2`` with its tie noted apart).
Totals of another kind than the workbook's (Ruter in Norway writes matchpoints above the average) are not compared,
and the summary says so.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction

from ...engine.errors import listed
from ...engine.pairs import PairNumber
from ...engine.standings import Standing
from ...rules import Side
from .common import FileStanding, Imported

__all__ = ["StandingNotes", "standing_notes"]


@dataclass(frozen=True)
class StandingNotes:
    """What the import prints about the file's own ranking: ``summary`` under its summary (empty where the file
    gives none), and each of ``warnings`` on stderr (a pair whose figures are not the file's)."""

    summary: str = ""
    warnings: list[str] = field(default_factory=list)


def _rounded(value: Fraction | int, like: Decimal) -> Decimal:
    """``value`` to as many decimals as ``like`` has, halves away from zero (exact: no float on the way)."""
    places = max(0, -int(like.as_tuple().exponent))
    scaled = Fraction(value) * 10**places
    whole = (2 * abs(scaled.numerator) + scaled.denominator) // (2 * scaled.denominator)
    return Decimal(whole if scaled >= 0 else -whole).scaleb(-places)


def _compared(ours: Standing | None, theirs: FileStanding, totals: bool) -> list[tuple[str, str, str]]:
    """The figures of one pair that differ: (what, the file's, xlbridge's)."""
    out = []
    place = int(ours.place.rstrip("=")) if ours is not None and ours.place else None
    if theirs.place is not None and place != theirs.place:
        out.append(("place", str(theirs.place), ours.place if ours is not None and ours.place else "none"))
    for what, given, mine, shown in (
        ("total", theirs.total if totals else None, None if ours is None else ours.total, ""),
        ("percentage", theirs.percentage, None if ours is None else ours.percentage, "%"),
    ):
        if given is None:
            continue
        if not isinstance(mine, (int, Fraction)):
            out.append((what, f"{given}{shown}", "none"))
        elif _rounded(mine, given) != given:
            out.append((what, f"{given}{shown}", f"{_rounded(mine, given)}{shown}"))
    return out


def standing_notes(imported: Imported) -> StandingNotes:
    """The file's own ranking against the session's (see the module): a summary, and a warning for each pair
    whose place, total or percentage differs, naming the file's line and both figures."""
    given, result = imported.standings, imported.result
    if given is None or result is None or not given.by_pair:
        return StandingNotes()
    source = imported.source
    two_fields = result.session.field_kind.two_fields
    score = result.score
    if score.problems:
        return StandingNotes("the file's ranking: not compared while lines wait to be put right")
    totals = given.totals in ("matchpoints", "IMPs")
    ours: dict[tuple[PairNumber, Side | None], Standing] = {
        (standing.pair.number, standing.pair.direction if two_fields else None): standing
        for standing in score.standings
    }
    warnings = []
    for (number, side), theirs in given.by_pair.items():
        key = (number, side if two_fields else None)
        differ = _compared(ours.get(key), theirs, totals)
        if not differ:
            continue
        where = f"{source}: line {theirs.line}" if theirs.line else f"{source}"
        pair = f"{side.value if two_fields and side is not None else ''} pair {number}".strip()
        file_says = ", ".join(f"{what} {figure}" for what, figure, _ in differ)
        we_say = ", ".join(f"{what} {figure}" for what, _, figure in differ)
        warnings.append(f"{where}: {pair}: the file gives {file_says}; xlbridge {we_say} (the workbook shows "
                        "xlbridge's)")  # fmt: skip
    compared = "places, totals and percentages" if totals else "places and percentages"
    checked = (f"{len(warnings)} of {len(given.by_pair)} pairs' figures differ from xlbridge's" if warnings else
               f"every pair's {compared} as xlbridge works them out")  # fmt: skip
    unlike = "" if totals else f"; its totals are {given.totals}, not compared"
    return StandingNotes(f"the file's ranking: {checked}{unlike}", list(listed(warnings, str(source))))
