"""Where things are in a template: named cells and blocks of columns, described once.

The builder writes a template from its layout, the readers (``xlbridge export``, ``ranking``) find its cells from
the same layout, and whatever writes computed values into it places them by it: no row or column number of a
template is written anywhere else.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from xlsxwriter.utility import xl_col_to_name, xl_rowcol_to_cell

__all__ = ["Block", "NamedCell", "area_ref", "cell_ref", "range_ref"]


def _sheet_prefix(sheet: str | None) -> str:
    if sheet is None:
        return ""
    return f"'{sheet}'!" if not sheet.isalnum() else f"{sheet}!"


def cell_ref(row: int, col: int, sheet: str | None = None) -> str:
    """An absolute A1 reference to the 0-based (row, col): ``Settings!$B$3``."""
    return f"{_sheet_prefix(sheet)}{xl_rowcol_to_cell(row, col, row_abs=True, col_abs=True)}"


def range_ref(col: int, first_row: int, rows: int, sheet: str | None = None, absolute: bool = True) -> str:
    """An A1 reference to ``rows`` cells of a column from 0-based ``first_row`` and ``col``: ``Results!$D$2:$D$301``."""
    letter = xl_col_to_name(col)
    dollar = "$" if absolute else ""
    return f"{_sheet_prefix(sheet)}{dollar}{letter}{dollar}{first_row + 1}:{dollar}{letter}{dollar}{first_row + rows}"


def area_ref(first_row: int, first_col: int, last_row: int, last_col: int, sheet: str | None = None) -> str:
    """An absolute A1 reference to a block of cells, 0-based corners: ``Results!$A$2:$H$301``."""
    return f"{cell_ref(first_row, first_col, sheet)}:{cell_ref(last_row, last_col)}"


@dataclass(frozen=True)
class NamedCell:
    """A single cell with a defined name (``Method`` is Settings!B5), a label beside it and a note."""

    name: str
    sheet: str
    row: int
    col: int
    label: str = ""
    note: str = ""

    @property
    def ref(self) -> str:
        return cell_ref(self.row, self.col, self.sheet)

    @property
    def position(self) -> tuple[int, int]:
        """(row, column), 1-based, as cell values are addressed when read or written."""
        return self.row + 1, self.col + 1


@dataclass(frozen=True)
class Block:
    """A table of rows on a sheet: the column headings on ``header_row``, data rows from ``first_row`` (0-based)."""

    sheet: str
    columns: tuple[str, ...]
    header_row: int
    first_row: int
    first_col: int = 0

    def col(self, name: str) -> int:
        """The 0-based column of the column headed ``name``."""
        return self.first_col + self.columns.index(name)

    def ref(self, name: str, rows: int, sheet: bool = True) -> str:
        """An absolute reference to ``rows`` data cells of a column: ``Results!$D$2:$D$301``."""
        return range_ref(self.col(name), self.first_row, rows, self.sheet if sheet else None)

    def position(self, name: str, offset: int) -> tuple[int, int]:
        """(row, column), 1-based, of data row ``offset`` (0 is the first) in the column headed ``name``."""
        return self.first_row + offset + 1, self.col(name) + 1

    def cols(self, names: Sequence[str]) -> list[int]:
        return [self.col(name) for name in names]
