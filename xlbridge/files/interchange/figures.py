"""What an import says about the ranking a results file gives: each pair's place, total and percentage compared with
the session's own, as xlbridge works them out from the file's results, for every reader (USEBIO, PBN) alike. Each
pair whose figures the session does not reproduce is named with the file's line (as :mod:`.awards` names a file's
masterpoints), never silently replaced: the workbook shows xlbridge's.

A figure agrees when xlbridge's, rounded as the file writes it (to its decimals, halves away from zero), is the
file's; a place when the place numbers are equal (``2=`` is place 2, as Ruter's ``2`` with its tie noted apart).
Totals of another kind than the workbook's (Ruter in Norway writes matchpoints above the average; a USEBIO file's
TOTAL_SCORE of a matchpointed event is each program's own) are not compared, and the summary says so; nor is a
handicapped ranking (:attr:`~.common.FileStandings.apart`).

Where the figures differ and the file's program is one whose conventions are known
(:data:`~xlbridge.rules.methods.PROGRAM_CONVENTIONS`) but the session is not scored by them, the import says so
once, with the ``--method`` words that score it the program's way: a convention is never applied from a program's
name alone.
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from fractions import Fraction
from typing import Any

from ...engine.errors import listed
from ...engine.pairs import PairNumber
from ...engine.standings import Standing
from ...rules import SessionMethod, Side
from ...rules.methods import CONVENTION_WORDS, PROGRAM_CONVENTIONS
from .common import FileStanding, Imported, ImportNotes

__all__ = ["COMPARED_TOTALS", "figure_notes", "program_conventions"]

#: The kinds of a file's totals that are the workbook's (:attr:`~.common.FileStandings.totals`), and so compared.
COMPARED_TOTALS = frozenset({"matchpoints", "IMPs"})


def _rounded(value: Fraction | int, like: Decimal) -> Decimal:
    """``value`` to as many decimals as ``like`` has, halves away from zero (exact: no float on the way)."""
    places = max(0, -int(like.as_tuple().exponent))
    scaled = Fraction(value) * 10**places
    whole = (2 * abs(scaled.numerator) + scaled.denominator) // (2 * scaled.denominator)
    return Decimal(whole if scaled >= 0 else -whole).scaleb(-places)


def _compared(
    ours: Standing | None, theirs: FileStanding, totals: bool, percentages: bool
) -> list[tuple[str, str, str]]:
    """The figures of one pair that differ: (what, the file's, xlbridge's); its totals and percentages only where
    ``totals`` and ``percentages`` say they are compared."""
    out = []
    place = int(ours.place.rstrip("=")) if ours is not None and ours.place else None
    if theirs.place is not None and place != theirs.place:
        out.append(("place", str(theirs.place), ours.place if ours is not None and ours.place else "none"))
    for what, given, mine, shown in (
        ("total", theirs.total if totals else None, None if ours is None else ours.total, ""),
        ("percentage", theirs.percentage if percentages else None, None if ours is None else ours.percentage, "%"),
    ):
        if given is None:
            continue
        if not isinstance(mine, (int, Fraction)):
            out.append((what, f"{given}{shown}", "none"))
        elif _rounded(mine, given) != given:
            out.append((what, f"{given}{shown}", f"{_rounded(mine, given)}{shown}"))
    return out


def program_conventions(program: str, method: SessionMethod) -> str:
    """What the program named ``program`` is known to score by (:data:`~xlbridge.rules.methods.PROGRAM_CONVENTIONS`)
    that ``method`` is not, in words (``by the matchpoint total, factored up...``), with the method's words that
    score a session so; "" for nothing."""
    fields = {name for name, _ in CONVENTION_WORDS.get(method.comparison, ())}
    known: dict[str, Any] = {
        name: rule
        for word, (name, rule) in PROGRAM_CONVENTIONS.items()
        if word in program.upper() and name in fields and getattr(method.conventions, name) is not rule
    }
    if not known:
        return ""
    words = replace(method, conventions=replace(method.conventions, **known)).words
    described = "; ".join(getattr(rule, "description", "") or rule.name for rule in known.values())
    return f'{described}: import with --method "{words}" to score the session so'


def figure_notes(imported: Imported) -> ImportNotes:
    """The file's own ranking against the session's (see the module): a summary, and a warning for each pair
    whose place, total or percentage differs, naming the file's line and both figures; and, once, what the file's
    program is known to do that the session does not."""
    given, result = imported.standings, imported.result
    if given is None or result is None or not given.by_pair:
        return ImportNotes()
    if given.apart:
        return ImportNotes(f"the file's ranking: {given.apart}; not compared")
    source = imported.source
    session = result.session
    two_fields = session.field_kind.two_fields
    score = result.score
    if score.problems:
        return ImportNotes("the file's ranking: not compared while lines wait to be put right")
    totals = given.totals in COMPARED_TOTALS
    percentages = not session.method.imp_scoring  # an IMP session's pairs have no percentage to compare
    # each pair by its label (A1 in section A), in its overall place (a file of several sections places its pairs
    # in the whole field)
    ours: dict[tuple[PairNumber, Side | None], Standing] = {
        (standing.pair.label, standing.pair.direction if two_fields else None): standing for standing in score.overall
    }
    warnings = []
    for (number, side), theirs in given.by_pair.items():
        differ = _compared(ours.get((number, side if two_fields else None)), theirs, totals, percentages)
        if not differ:
            continue
        where = f"{source}: line {theirs.line}" if theirs.line else f"{source}"
        pair = f"{number}{side.value if two_fields and side is not None else ''}"
        file_says = ", ".join(f"{what} {figure}" for what, figure, _ in differ)
        we_say = ", ".join(f"{what} {figure}" for what, _, figure in differ)
        warnings.append(f"{where}: pair {pair}: the file gives {file_says}; xlbridge {we_say} (the workbook shows "
                        "xlbridge's)")  # fmt: skip
    figures = given.by_pair.values()
    kinds = [what for what, compared in (("places", any(theirs.place is not None for theirs in figures)),
                                         ("totals", totals and any(theirs.total is not None for theirs in figures)),
                                         ("percentages", percentages and any(theirs.percentage is not None
                                                                             for theirs in figures)))
             if compared]  # fmt: skip
    if not kinds:
        return ImportNotes()
    compared = " and ".join([", ".join(kinds[:-1]), kinds[-1]] if len(kinds) > 1 else kinds)
    checked = (f"{len(warnings)} of {len(given.by_pair)} pairs' figures differ from xlbridge's" if warnings else
               f"every pair's {compared} as xlbridge works them out")  # fmt: skip
    unlike = "" if totals or all(theirs.total is None for theirs in figures) else (
        f"; its totals are {given.totals}, not compared")  # fmt: skip
    notes = list(listed(warnings, str(source)))
    known = program_conventions(given.program, session.method) if warnings else ""
    if known:
        notes.append(f"{source}: written by {given.program.strip()}, known to score {known}")
    return ImportNotes(f"the file's ranking: {checked}{unlike}", notes)
