"""The demo pairs session as a naive template would write it: one function call per row.

xlbridge's pairs-session workbook scores each Results column with one formula over the whole column
(``=BRIDGESCORE(D2:D301, ...)``, ``=MATCHPOINTS(I2:I301, I2:I301, ..., A2:A301)``). A hand-written sheet copies a
formula down instead: ``=BRIDGESCORE(D5, E5, G5, A5)`` in each row, and each row's matchpoints against its own
board's results, ``=MATCHPOINTS(I5, FILTER(I2:I301, A2:A301=A5))``. This module builds that variant of the very same
workbook (every other sheet unchanged) so that the two can be computed side by side.
"""

from __future__ import annotations

import re
from pathlib import Path
from unittest import mock

from xlbridge.engine.session import Session
from xlbridge.files.templates import CLASSIC, common, pairs_session

_GROUPED = re.compile(r"(BUTLER|CROSSIMP|MATCHPOINTS)\((\$I\$2:\$I\$(\d+)),\2,(.*?),(\$A\$2:\$A\$\3)\)")
_DATUM = re.compile(r'DATUM\((\$I\$2:\$I\$(\d+)),"",(\$A\$2:\$A\$\2)\)')
_COLUMN = re.compile(r"(?<![!\w$])\$([A-Z]+)\$2:\$\1\$\d+")


def per_row(formula: str, row: int) -> str:
    """The whole-column ``formula`` as it reads in spreadsheet row ``row`` (1-based) when copied down."""
    kept: list[str] = []

    def keep(text: str) -> str:
        kept.append(text)
        return f"\x00{len(kept) - 1}\x00"

    def grouped(match: re.Match[str]) -> str:
        name, scores, _, rest, boards = match.groups()
        return f"{name}(I{row},{keep(f'FILTER({scores},{boards}=A{row})')},{rest})"

    def datum(match: re.Match[str]) -> str:
        scores, _, boards = match.groups()
        return f'DATUM({keep(f"FILTER({scores},{boards}=A{row})")},"")'

    text = _DATUM.sub(datum, _GROUPED.sub(grouped, formula))
    text = _COLUMN.sub(lambda match: f"{match[1]}{row}", text)
    return re.sub("\x00(\\d+)\x00", lambda match: kept[int(match[1])], text)


def build(path: Path, session: Session) -> int:
    """Write the per-row variant of the session's workbook to ``path``; returns the number of formulas written."""
    written = 0
    whole_column = common.Sheet.dynamic

    def dynamic(
        sheet: common.Sheet, row: int, col: int, rows: int, formula: str, fmt: object = None, cols: int = 1
    ) -> None:
        nonlocal written
        if sheet.ws.name != "Results":
            whole_column(sheet, row, col, rows, formula, fmt, cols)
            return
        for offset in range(rows):
            sheet.ws.write_formula(row + offset, col, per_row(formula, row + offset + 1), fmt, "")
            written += 1

    with mock.patch.object(common.Sheet, "dynamic", dynamic):
        pairs_session.build(path, CLASSIC, session=session)
    return written
