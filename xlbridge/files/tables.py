"""Tables as they leave xlbridge: the one formatter of the tables a terminal shows (the ranking, the standings, the
ladder, the movement), and the one writer of the CSV a spreadsheet opens (:func:`csv_text`, whose cells a
spreadsheet never runs as a formula) with its readers' counterpart (:func:`csv_value`)."""

from __future__ import annotations

import csv
import io
from collections.abc import Container, Iterable, Sequence

from ..engine.text import shown_text
from ..engine.values import NUMBER

__all__ = ["FORMULA_STARTS", "csv_cell", "csv_text", "csv_value", "text_table"]


def text_table(rows: Sequence[Sequence[object]], right: Container[int] = ()) -> list[str]:
    """Rows of cells (the headings usually first), one line each: every column as wide as its widest cell, two
    spaces apart, the columns numbered in ``right`` (from 0) aligned right and the others left, nothing after the
    last cell. A blank cell is ``None`` or ``""``; a short row leaves its last columns blank. A cell is shown as
    :func:`shown_text` has it, on its line (a tab, a newline and an escape written as ``\\t``, ``\\n``,
    ``\\x1b``)."""
    cells = [["" if cell is None else shown_text(str(cell)) for cell in row] for row in rows]
    count = max(map(len, cells), default=0)
    widths = [max((len(row[i]) for row in cells if i < len(row)), default=0) for i in range(count)]
    lines = []
    for row in cells:
        shown = [
            text.rjust(width) if i in right else text.ljust(width)
            for i, (text, width) in enumerate(zip(row + [""] * (count - len(row)), widths, strict=True))
        ]
        lines.append("  ".join(shown).rstrip())
    return lines


# --- CSV a spreadsheet opens ----------------------------------------------------------------------------------------

#: What a spreadsheet takes for the start of a formula in a CSV cell it opens (OWASP, "CSV Injection"): a cell
#: beginning with one of them is written as text, after an apostrophe (:func:`csv_cell`).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _formula_like(text: str) -> bool:
    """Whether ``text``, its leading apostrophes aside, begins as a formula does, and is not a number (``-420``,
    which a spreadsheet reads as one)."""
    return text.lstrip("'").startswith(FORMULA_STARTS) and not NUMBER.fullmatch(text)


def csv_cell(value: object) -> object:
    """A cell as :func:`csv_text` writes it: text that a spreadsheet would run as a formula (``=HYPERLINK(...)``,
    ``-Smith``, ``@SUM(...)``) after an apostrophe, which makes it text (as after apostrophes already: the reader
    takes off one, :func:`csv_value`); a number (``-420``), as text or not, and anything else as it is."""
    return "'" + value if isinstance(value, str) and _formula_like(value) else value


def csv_value(text: str) -> str:
    """A cell of a CSV file as its writer meant it: :func:`csv_cell` undone (an apostrophe before what a
    spreadsheet would take for a formula taken off), as a spreadsheet does when it saves such a cell."""
    return text[1:] if text.startswith("'") and _formula_like(text) else text


def csv_text(rows: Iterable[Sequence[object]]) -> str:
    """CSV of ``rows`` (the header row usually first), each cell as :func:`csv_cell` writes it, a line a row
    (``\\n``), quoted where the csv module's dialect for Excel says and where it holds a carriage return (a line
    break in a cell written ``\\n``, as Excel's own)."""
    out = io.StringIO()
    # The csv module quotes a cell that holds a character of its line terminator: with "\n" alone, a carriage
    # return would be written bare, and a spreadsheet would start a row there, its next cell a formula unchecked.
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerows([csv_cell(cell) for cell in row] for row in rows)
    return out.getvalue().replace("\r\n", "\n")
