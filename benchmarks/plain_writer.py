"""A peer for the import's workbook: XlsxWriter writing the same cells' values, and nothing else.

``python plain_writer.py CELLS.json OUT.xlsx`` writes each sheet of ``CELLS.json`` (``{sheet: [[row, col, value],
...]}``, 1-based, as :func:`cells_of` takes them from a workbook xlbridge wrote) with XlsxWriter's ``write``, one
call a cell: no formats, no formulas, no validation, nothing computed. It is the least a Python program does to
put those values in a workbook with the library Python's workbooks are usually written with.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path


def cells_of(workbook: Path) -> dict[str, list[list[object]]]:
    """Every non-blank value of every sheet of a computed workbook, as :func:`main` writes them (errors as text)."""
    from xlbridge.files.workbook.xlsx import ExcelErrorValue, open_package, read_values

    package = open_package(workbook)
    cells: dict[str, list[list[object]]] = {}
    for sheet in package.sheets:
        values = read_values(package, sheet)
        cells[sheet] = [[row, col, value.code if isinstance(value, ExcelErrorValue) else value]
                        for (row, col), value in sorted(values.items()) if value not in (None, "")]  # fmt: skip
    return cells


def main(source: str, destination: str) -> None:
    import xlsxwriter

    cells = json.loads(Path(source).read_text())
    book = xlsxwriter.Workbook(destination)
    for sheet, values in cells.items():
        ws = book.add_worksheet(sheet)
        for row, col, value in values:
            ws.write(row - 1, col - 1, value)
    book.close()


if __name__ == "__main__":
    main(*sys.argv[1:])
