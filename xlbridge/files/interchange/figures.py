"""What an import says about the figures a results file gives each pair: where the session's own differ.

A results file gives each pair its percentage (matchpoints) or its total (IMPs) and its place, as the program that
wrote it worked them out. xlbridge never takes them: it works every figure out from the lines, and compares. A pair
whose figure (at the file's own precision: 46.7 is 46.73) or place differs is named, with both, and the workbook
shows xlbridge's. Where the program is one whose conventions are known to differ from xlbridge's (as their files
show them), the import says which, once: a convention is never applied silently.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from fractions import Fraction

from ...engine.pairs import PairNumber
from ...engine.standings import Standing
from ...rules import Side
from .common import FileStanding, Imported, ImportNotes

__all__ = ["CONVENTIONS", "figure_notes"]

#: What scoring programs do differently from xlbridge, by a word of the name a file gives the program (its
#: PROGRAM_NAME), as their files show it: named once when the file's figures differ.
CONVENTIONS: tuple[tuple[str, str], ...] = (
    ("PIANOLA", "Pianola ranks a pair that played fewer boards by its total factored up, xlbridge by its percentage"),
    ("BRIAN", "BriAn does not apply Neuberg to the other results of a board with an artificial score"),
    ("MAGIC", "Magic Contest's Butler datum drops the top and bottom result from 3 results up, xlbridge's from 4"),
    ("RUTER", "Ruter's cross-IMP totals are the sum over the comparisons, xlbridge's their average"),
)  # fmt: skip


def _figure(text: str) -> Decimal | None:
    try:
        return Decimal(text.strip().removesuffix("%")) if text.strip() else None
    except InvalidOperation:
        return None


def _same(theirs: Decimal, ours: Fraction | int) -> bool:
    """Whether ``ours`` is ``theirs`` at the file's precision (its figure rounded either way at its last digit)."""
    unit = Decimal(1).scaleb(theirs.as_tuple().exponent)  # type: ignore[arg-type]
    return abs(Fraction(theirs) - Fraction(ours)) <= Fraction(unit) / 2 + Fraction(1, 10**9)


def _place(text: str) -> str:
    return text.strip().rstrip("=").strip()


def _compare(standing: Standing | None, theirs: FileStanding, imps: bool) -> str:
    """How the file's figures for a pair differ from the session's (``standing``), in words, or ""."""
    what = "total" if imps else "percentage"
    given = theirs.total if imps else theirs.percentage
    if standing is None:
        return "the pair plays no result in the file"
    ours = standing.total if imps else standing.percentage
    figure = _figure(given)
    differ = []
    if figure is not None and isinstance(ours, (int, Fraction)) and not _same(figure, ours):
        shown = f"{float(ours):.2f}"
        differ.append((f"{what} {given.strip()}", f"{shown}"))
    if _place(theirs.place) and _place(standing.place) and _place(theirs.place) != _place(standing.place):
        differ.append((f"place {theirs.place.strip()}", f"{standing.place}"))
    if not differ:
        return ""
    return f"the file gives {' and '.join(d[0] for d in differ)}, xlbridge {' and '.join(d[1] for d in differ)}"


def figure_notes(imported: Imported) -> ImportNotes:
    """Each pair whose figures in the file differ from the session's own, by the file's line of the pair, and what
    the file's program is known to do differently; nothing where the file gives no figures or the ranking waits
    for lines to be put right."""
    session, result, file = imported.session, imported.result, imported.standings
    if session is None or result is None or file is None or not file.pairs:
        return ImportNotes()
    if file.apart:
        return ImportNotes(f"the file's figures: {file.apart}; not compared")
    score = result.score
    if score.problems:
        return ImportNotes()
    two_fields = session.field_kind.two_fields
    imps = session.method.imp_scoring
    ours: dict[tuple[PairNumber, Side | None], Standing] = {
        (standing.pair.number, standing.pair.direction if two_fields else None): standing
        for standing in score.standings
    }
    warnings = []
    for (number, side), theirs in file.pairs.items():
        difference = _compare(ours.get((number, side if two_fields else None)), theirs, imps)
        if difference:
            where = f"{imported.source}: line {theirs.line}" if theirs.line else f"{imported.source}"
            label = f"{number}{side.value if side is not None and two_fields else ''}"
            warnings.append(f"{where}: pair {label}: {difference} (the workbook shows xlbridge's)")
    what = "total" if imps else "percentage"
    if not warnings:
        return ImportNotes(f"the file's figures: every pair's {what} and place as the file gives them")
    program = file.program.strip()
    known = [convention for word, convention in CONVENTIONS if word in program.upper()]
    if known:
        warnings.append(f"{imported.source}: written by {program}: {'; '.join(known)}")
    return ImportNotes(f"the file's figures: {len(warnings) - len(known)} pair(s) differ from xlbridge's", warnings)
