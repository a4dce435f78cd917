"""Tables as a terminal shows them: the one formatter of the ranking, the standings, the ladder and the movement."""

from __future__ import annotations

from collections.abc import Container, Sequence

__all__ = ["text_table"]


def text_table(rows: Sequence[Sequence[object]], right: Container[int] = ()) -> list[str]:
    """Rows of cells (the headings usually first), one line each: every column as wide as its widest cell, two
    spaces apart, the columns numbered in ``right`` (from 0) aligned right and the others left, nothing after the
    last cell. A blank cell is ``None`` or ``""``; a short row leaves its last columns blank."""
    cells = [["" if cell is None else str(cell) for cell in row] for row in rows]
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
