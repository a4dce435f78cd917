"""A template computed as it is written: every formula's values stored in the cells in the one pass that writes the
file, instead of writing it, reading it back and writing it again.

Once a template is built, XlsxWriter holds every cell in memory: the typed entries, and each formula with the range
it fills. :func:`compute_book` hands those to the direct evaluation (:func:`~xlbridge.files.evaluate.evaluate_cells`,
the same functions ``xlbridge calc`` calls on a file) and gives each worksheet the values to store.
:class:`ComputedWorksheet` then writes each computed cell exactly as :func:`~xlbridge.files.patching.patch_sheet`
would have put it into the finished file, so the two ways give the same cells, byte for byte (a test holds them
equal), and the workbook says its values are current, as ``xlbridge calc`` leaves it.
"""

from __future__ import annotations

import functools
from typing import Any

import xlsxwriter
import xlsxwriter.worksheet as xlsxwriter_sheets
from xlsxwriter.worksheet import Worksheet

from ..charts import range_tokens
from ..evaluate import Computed, Formula, evaluate_cells
from ..patching import CALC_ID, cell_value
from ..xlsx import column_letters, split_ref

__all__ = ["ONE_PASS", "ComputedWorksheet", "blank_book", "compute_book"]

_NOT_COMPUTED = object()
_column = functools.lru_cache(maxsize=1 << 14)(column_letters)

#: The kinds of cell XlsxWriter keeps (its cell tuples, named so since 3.2.1); None where a version has no such name.
_NUMBER, _DATETIME, _STRING, _BOOLEAN, _FORMULA, _ARRAY = (
    getattr(xlsxwriter_sheets, f"Cell{kind}Tuple", None)
    for kind in ("Number", "Datetime", "String", "Boolean", "Formula", "ArrayFormula")
)


def _internals_known() -> bool:
    """Whether this XlsxWriter keeps a worksheet's cells, formats and strings as this module reads them (3.3 and
    later: its cell tuples, ``row_info``, ``col_info``, the shared string table, the calculation settings)."""
    sheet = Worksheet()
    used = ("table", "row_info", "col_info", "_write_cell", "_escape_data", "_write_array_formula", "_write_number",
            "_get_range_data", "str_table")  # fmt: skip
    return (
        all(kind is not None for kind in (_NUMBER, _DATETIME, _STRING, _BOOLEAN, _FORMULA, _ARRAY))
        and all(hasattr(sheet, name) for name in used)
        and all(hasattr(xlsxwriter.Workbook, name) for name in ("worksheets", "_write_calc_pr"))
    )


#: Whether a template can be computed as it is written with this XlsxWriter; where not, it is written and then
#: computed from its file (:func:`~xlbridge.files.calc.calc_workbook`), with the same result, more slowly.
ONE_PASS = _internals_known()


class ComputedWorksheet(Worksheet):  # type: ignore[misc]  # XlsxWriter is untyped
    """A worksheet that stores the computed value of each cell it is given (:attr:`computed`, by 1-based row and
    column, as the evaluation gives them) along with the cell's formula and format."""

    def __init__(self) -> None:
        super().__init__()
        self.computed: dict[tuple[int, int], object] = {}
        self._padding = False

    def _write_array_formula(self, *args: Any, **kwargs: Any) -> Any:
        self._padding = True
        try:
            return super()._write_array_formula(*args, **kwargs)
        finally:
            self._padding = False

    def _write_number(self, row: int, col: int, number: Any, cell_format: Any = None) -> Any:
        if self._padding:  # a zero XlsxWriter pads an array's range with (its bounds checked): a value is computed
            self.table[row][col] = _NUMBER(number, cell_format)  # type: ignore[misc]  # known present: ONE_PASS
            return 0
        return super()._write_number(row, col, number, cell_format)

    def _write_cell(self, row: int, col: int, cell: Any) -> None:
        value = self.computed.get((row + 1, col + 1), _NOT_COMPUTED)
        if value is _NOT_COMPUTED:
            super()._write_cell(row, col, cell)
            return
        style = self._style(row, col, cell)
        head = (
            f'<c r="{_column(col + 1)}{row + 1}"'
            if style is None
            else f'<c r="{_column(col + 1)}{row + 1}" s="{style}"'
        )
        kind = type(cell).__name__
        if kind == "ArrayFormula":
            if cell.atype == "dynamic":
                head += ' cm="1"'
            formula = f'<f t="array" ref="{cell.range}">{self._escape_data(cell.formula)}</f>'
        elif kind == "Formula":
            formula = f"<f>{self._escape_data(cell.formula)}</f>"
        else:  # a cell an array formula spills into
            t, body = cell_value("", value, False)
            self.fh.write(f"{head}{t}>{body}</c>" if body else f"{head}{t}/>")
            return
        t, body = cell_value("", value, True)
        self.fh.write(f"{head}{t}>{formula}{body}</c>")

    def _get_range_data(self, row_start: int, col_start: int, row_end: int, col_end: int) -> Any:
        """What a chart's cache holds of a range (0-based, inclusive), as ``xlbridge calc`` writes it
        (:func:`~xlbridge.files.charts.range_tokens`): each cell's computed value, or what was typed."""
        return range_tokens(self._value_at, row_start + 1, col_start + 1, row_end + 1, col_end + 1)

    def _value_at(self, row: int, col: int) -> object:
        """A cell's value (1-based): computed, or as typed; None where there is nothing."""
        value = self.computed.get((row, col), _NOT_COMPUTED)
        if value is not _NOT_COMPUTED:
            return value
        cell = self.table.get(row - 1, {}).get(col - 1)
        kind = type(cell)
        if kind is _NUMBER or kind is _DATETIME:
            return cell.number
        if kind is _STRING:
            return self.str_table._get_shared_string(cell.string) if isinstance(cell.string, int) else cell.string
        if kind is _BOOLEAN:
            return bool(cell.boolean)
        return None

    def _style(self, row: int, col: int, cell: Any) -> int | None:
        """The cell's style index, chosen as XlsxWriter chooses it: its own format, else its row's, else its
        column's (None: no style)."""
        if cell.format:
            return int(cell.format.xf_index if cell.format.xf_index is not None else cell.format._get_xf_index())
        info = self.row_info.get(row)
        if info is not None and info.row_format:
            return int(info.row_format._get_xf_index())
        column = self.col_info.get(col)
        if column is not None and column.column_format is not None:
            return int(column.column_format._get_xf_index())
        return None


def compute_book(book: xlsxwriter.Workbook) -> Computed:
    """Compute every formula of the built but unwritten ``book`` (whose worksheets are all
    :class:`ComputedWorksheet`), give each worksheet its values, and mark the workbook's values current. A template
    whose formulas are not all xlbridge's own is a mistake in the template: it raises."""
    strings = sorted(book.str_table.string_table, key=book.str_table.string_table.__getitem__)
    sheets = {ws.name: ws for ws in book.worksheets()}
    formulas, values = [], {}
    for name, ws in sheets.items():
        held: dict[tuple[int, int], object] = {}  # each typed cell as read back from the file: a blank is nothing
        for row, cells in ws.table.items():
            for col, cell in cells.items():
                kind = type(cell)
                if kind is _NUMBER or kind is _DATETIME:
                    held[(row + 1, col + 1)] = cell.number
                elif kind is _STRING:
                    held[(row + 1, col + 1)] = strings[cell.string] if isinstance(cell.string, int) else cell.string
                elif kind is _ARRAY:
                    formulas.append(Formula(name, split_ref(cell.range), cell.formula))
                elif kind is _FORMULA:
                    formulas.append(Formula(name, (row + 1, col + 1, row + 1, col + 1), cell.formula))
                elif kind is _BOOLEAN:
                    held[(row + 1, col + 1)] = bool(cell.boolean)
        values[name] = held
    names = {name.upper(): target for name, index, target, _ in book.defined_names if index == -1}
    computed = evaluate_cells(list(sheets), formulas, values, names)
    if computed is None:
        raise RuntimeError(f"{book.filename}: a template with a formula that is not xlbridge's own")
    for name, cells in computed.values.items():
        sheets[name].computed = cells
    book.calc_on_load = False  # as xlbridge calc leaves a workbook: its values are current
    book.calc_id = CALC_ID
    return computed


def blank_book(book: xlsxwriter.Workbook) -> None:
    """A workbook left to be computed when it is opened (a blank template): every cell an array formula fills is
    stored empty, as the formula's value is, rather than as the 0 XlsxWriter pads a range with (which a viewer
    that does not recompute would show)."""
    for ws in book.worksheets():
        for cells in ws.table.values():
            for cell in cells.values():
                if type(cell) is _ARRAY:
                    first_row, first_col, last_row, last_col = split_ref(cell.range)
                    for r in range(first_row, last_row + 1):
                        for c in range(first_col, last_col + 1):
                            ws.computed[(r, c)] = ""
