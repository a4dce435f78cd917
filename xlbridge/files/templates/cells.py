"""A template's cells, kept by xlbridge and written once: with every formula's values, or blank to be computed.

XlsxWriter builds what it builds well, through its public API: the formats and styles, columns and rows,
validation, protection, merged ranges, charts, defined names, print settings. The cells are xlbridge's:
:class:`CellsWorksheet` is an XlsxWriter worksheet whose public cell-writing methods (``write``, ``write_string``,
``write_number``, ``write_blank``, ``write_formula``, ``write_dynamic_array_formula``, ``merge_range``...) keep
each cell here, as XlsxWriter would have stored it, instead of in XlsxWriter. :func:`write_book` then

1. hands XlsxWriter, through the same public methods, one cell of each format and each formula's own cell, so that
   it writes their styles, the formulas' text as Excel stores it (``use_future_functions``) and the dynamic arrays'
   metadata, and closes the workbook;
2. computes every formula when the values are wanted, from the cells kept here
   (:func:`~xlbridge.files.workbook.evaluate.evaluate_cells`, what ``xlbridge calc`` calls on a file);
3. writes each sheet's cells (:mod:`xlbridge.files.workbook.sheetdata`) in the styles XlsxWriter gave them, and the
   workbook's parts once more, the cells in.

A cell written by any other XlsxWriter method (``write_url``, ``write_rich_string``, ``add_table``...) would be
left out of the sheet: :func:`write_book` refuses it, naming the cell. What XlsxWriter works out from the cells it
holds sees only those it is handed: ``autofit`` measures none; a chart's cached values are written here, from the
cells, by :func:`~xlbridge.files.workbook.charts.refresh_charts`, as ``xlbridge calc`` writes them.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import functools
import itertools
import math
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import xlsxwriter
from xlsxwriter.utility import xl_cell_to_rowcol
from xlsxwriter.worksheet import Worksheet

from ...excel.cache import deferred_collection
from ..workbook.charts import refresh_charts
from ..workbook.computed import Computed, Rows
from ..workbook.docprops import with_computed_by
from ..workbook.evaluate import Formula, defined_names, evaluate_cells
from ..workbook.patching import mark_values_current, write_package
from ..workbook.sheetdata import FormulaCell, Position, SharedStrings, read_frame, replace_cells, sheet_data
from ..workbook.xlsx import EXCEL_EPOCH, column_letters, open_package, split_ref

__all__ = ["CellsWorksheet", "write_book"]

#: The largest sheet Excel has (rows, columns) and the most characters a cell holds.
MAX_ROWS, MAX_COLUMNS, MAX_TEXT = 1_048_576, 16_384, 32_767

_NUMBERS = (int, float, Decimal, Fraction)
_DATES = (dt.datetime, dt.date, dt.time, dt.timedelta)


def _cell(method: Callable[..., int]) -> Callable[..., int]:
    """A cell method taking its cell as XlsxWriter's do: (row, col, ...), 0-based, or ("B3", ...)."""

    @functools.wraps(method)
    def converted(self: CellsWorksheet, *args: Any, **kwargs: Any) -> int:
        if args and args[0].__class__ is str:
            args = (*xl_cell_to_rowcol(args[0]), *args[1:])
        return method(self, *args, **kwargs)

    return converted


def _area(method: Callable[..., int]) -> Callable[..., int]:
    """A range method taking its area as XlsxWriter's do: (first_row, first_col, last_row, last_col, ...),
    0-based, or ("B3:D9", ...)."""

    @functools.wraps(method)
    def converted(self: CellsWorksheet, *args: Any, **kwargs: Any) -> int:
        if args and args[0].__class__ is str:
            r1, c1, r2, c2 = split_ref(args[0])
            args = (r1 - 1, c1 - 1, r2 - 1, c2 - 1, *args[1:])
        return method(self, *args, **kwargs)

    return converted


def _serial(value: dt.datetime | dt.date | dt.time | dt.timedelta) -> float:
    """A date or time as Excel stores it: days since its day 0 (from 1 March 1900, as Excel counts them)."""
    if isinstance(value, dt.timedelta):
        return value.total_seconds() / 86_400
    if isinstance(value, dt.time):
        return (value.hour * 3600 + value.minute * 60 + value.second + value.microsecond / 1e6) / 86_400
    if isinstance(value, dt.datetime):
        epoch = dt.datetime.combine(EXCEL_EPOCH, dt.time(), tzinfo=value.tzinfo)
        return (value - epoch).total_seconds() / 86_400
    return float((value - EXCEL_EPOCH).days)


class CellsWorksheet(Worksheet):  # type: ignore[misc]  # XlsxWriter is untyped
    """An XlsxWriter worksheet whose cells xlbridge keeps and writes (see the module's notes); everything else it
    does as XlsxWriter does. Rows and columns are 0-based, as XlsxWriter's; the cells are kept 1-based, by row and
    then column, so that an area of blanks is kept a row at a time."""

    def __init__(self) -> None:
        super().__init__()
        #: Each cell written, by 1-based row and then column: its format (None: its row's or column's)...
        self.xlbridge_formats: dict[int, dict[int, Any]] = {}
        #: ... its value, where it holds one (a number, text or TRUE/FALSE, a date as its serial number; a blank
        #: holds none)...
        self.xlbridge_values: dict[int, dict[int, object]] = {}
        #: ... the formulas, by their own cell, as the template wrote them (with "=")...
        self.xlbridge_formulas: dict[Position, tuple[str, FormulaCell]] = {}
        #: ... and the areas written (first row, first column, last row, last column), in order: a cell was first
        #: written by the first that holds it (a cell written again is not listed again).
        self.xlbridge_written: list[tuple[int, int, int, int]] = []
        #: Every format a cell was written in (one may since have been written over in every cell that had it).
        self.xlbridge_given: set[Any] = set()

    # --- XlsxWriter's public cell-writing methods, keeping the cells here ------------------------------------------

    def _check(self, row: int, col: int) -> None:
        """Refuse a 0-based cell outside a worksheet."""
        if not (0 <= row < MAX_ROWS and 0 <= col < MAX_COLUMNS):
            raise IndexError(f"sheet {self.name}: row {row}, column {col} is outside a worksheet")

    def _keep(self, row: int, col: int, value: object, cell_format: Any) -> int:
        self._check(row, col)
        row, col = row + 1, col + 1
        formats = self.xlbridge_formats.get(row)
        if formats is None:
            formats = self.xlbridge_formats[row] = {}
        if col not in formats:
            self.xlbridge_written.append((row, col, row, col))
        formats[col] = cell_format
        self.xlbridge_given.add(cell_format)
        values = self.xlbridge_values.get(row)
        if value is not None:
            if values is None:
                self.xlbridge_values[row] = {col: value}
            else:
                values[col] = value
        elif values:
            values.pop(col, None)
        if self.xlbridge_formulas:
            self.xlbridge_formulas.pop((row, col), None)
        return 0

    # Each kind of value kept at a 0-based cell, as XlsxWriter's methods below (these wrapped to take either notation)
    # write it; write_row, write_column and merge_range call them directly, a cell at a time.

    def _keep_value(self, row: int, col: int, token: Any, cell_format: Any = None) -> int:
        """A value of any kind, as XlsxWriter's ``write`` dispatches it (text is always text: never a formula, a
        number or a link)."""
        kind = token.__class__
        if kind is str:
            return self._keep_text(row, col, token, cell_format)
        if kind is float or kind is int:
            return self._keep_number(row, col, token, cell_format)
        if token is None:
            return self._keep_blank(row, col, token, cell_format)
        if isinstance(token, bool):
            return self._keep_boolean(row, col, token, cell_format)
        if isinstance(token, _NUMBERS):
            return self._keep_number(row, col, token, cell_format)
        if isinstance(token, str):
            return self._keep_text(row, col, token, cell_format)
        if isinstance(token, _DATES):
            return self._keep_date(row, col, token, cell_format)
        raise TypeError(f"sheet {self.name}: cannot write a {type(token).__name__} into a cell: {token!r}")

    def _keep_text(self, row: int, col: int, string: Any = None, cell_format: Any = None) -> int:
        text = string if string.__class__ is str else str(string)
        if not text:  # Excel holds no empty text: a blank
            return self._keep_blank(row, col, None, cell_format)
        if len(text) > MAX_TEXT:
            self._keep(row, col, text[:MAX_TEXT], cell_format)
            return -2  # cut short, as XlsxWriter does
        return self._keep(row, col, text, cell_format)

    def _keep_number(self, row: int, col: int, number: Any = None, cell_format: Any = None) -> int:
        if number.__class__ is not int:
            number = float(number)  # a Decimal or Fraction too, as XlsxWriter writes them
            if not math.isfinite(number):
                raise TypeError(f"sheet {self.name}: a cell cannot hold {number}")
        return self._keep(row, col, number, cell_format)

    def _keep_blank(self, row: int, col: int, blank: Any = None, cell_format: Any = None) -> int:
        if cell_format is None:  # as XlsxWriter: a blank without a format is no cell
            return 0
        return self._keep(row, col, None, cell_format)

    def _keep_boolean(self, row: int, col: int, boolean: Any = None, cell_format: Any = None) -> int:
        return self._keep(row, col, bool(boolean), cell_format)

    def _keep_date(self, row: int, col: int, date: Any = None, cell_format: Any = None) -> int:
        return self._keep(row, col, _serial(date), cell_format)

    write = _cell(_keep_value)
    write_string = _cell(_keep_text)
    write_number = _cell(_keep_number)
    write_blank = _cell(_keep_blank)
    write_boolean = _cell(_keep_boolean)
    write_datetime = _cell(_keep_date)

    @_cell
    def write_row(self, row: int, col: int, data: Any = (), cell_format: Any = None) -> int:
        for offset, token in enumerate(data):
            self._keep_value(row, col + offset, token, cell_format)
        return 0

    @_cell
    def write_column(self, row: int, col: int, data: Any = (), cell_format: Any = None) -> int:
        for offset, token in enumerate(data):
            self._keep_value(row + offset, col, token, cell_format)
        return 0

    @_cell
    def write_formula(self, row: int, col: int, formula: Any = None, cell_format: Any = None, value: Any = 0) -> int:
        kind = "array" if formula.startswith("{=") and formula.endswith("}") else "plain"
        return self._formula(kind, row, col, row, col, formula, cell_format, value)

    @_area
    def write_array_formula(self, *args: Any, **kwargs: Any) -> int:
        return self._formula("array", *args, **kwargs)

    @_area
    def write_dynamic_array_formula(self, *args: Any, **kwargs: Any) -> int:
        return self._formula("dynamic", *args, **kwargs)

    def _formula(
        self, kind: str, r1: int, c1: int, r2: int, c2: int, formula: str, cell_format: Any = None, value: Any = 0
    ) -> int:
        """A formula over the 0-based area, its other cells blank in its format until computed (XlsxWriter pads an
        array's range with zeros, which a viewer that does not compute would show)."""
        r1, r2, c1, c2 = min(r1, r2), max(r1, r2), min(c1, c2), max(c1, c2)
        self._check(r1, c1)
        self._check(r2, c2)
        area = (r1 + 1, c1 + 1, r2 + 1, c2 + 1)
        self._forget_formulas(area)
        self._blanks(area, dict.fromkeys(range(area[1], area[3] + 1), cell_format))
        text = formula.strip()
        text = text[1:-1] if kind == "array" and text.startswith("{") else text
        self.xlbridge_formulas[area[:2]] = (text, FormulaCell("", area, kind, value))
        return 0

    def _forget_formulas(self, area: tuple[int, int, int, int]) -> None:
        """Forget the formulas whose own cells are in the 1-based area (written over)."""
        r1, c1, r2, c2 = area
        for row, col in [where for where in self.xlbridge_formulas if r1 <= where[0] <= r2 and c1 <= where[1] <= c2]:
            del self.xlbridge_formulas[(row, col)]

    @_area
    def merge_range(self, r1: int, c1: int, r2: int, c2: int, data: Any, cell_format: Any = None) -> int:
        """A merged range (XlsxWriter's), its first cell holding ``data`` and the others blank, in the format."""
        if super().merge_range(r1, c1, r2, c2, "", cell_format) == -1:  # the range is XlsxWriter's, its cells ours
            return -1  # as XlsxWriter: outside the sheet, or a single cell (which it warns of)
        self.blank_area(min(r1, r2), min(c1, c2), max(r1, r2), max(c1, c2), cell_format)
        self._keep_value(min(r1, r2), min(c1, c2), data, cell_format)
        return 0

    # --- for the template helpers: many cells at once --------------------------------------------------------------

    def blank_area(self, first_row: int, first_col: int, last_row: int, last_col: int, cell_format: Any) -> None:
        """Every cell of the 0-based area blank in ``cell_format`` (as ``write_blank`` on each)."""
        if cell_format is not None and first_col <= last_col:
            self.blank_rows(first_row, last_row, first_col, [cell_format] * (last_col - first_col + 1))

    def blank_rows(self, first_row: int, last_row: int, first_col: int, formats: Sequence[Any]) -> None:
        """Every cell of the 0-based rows ``first_row`` to ``last_row`` in the columns from ``first_col`` blank in
        its column's format, one of ``formats`` for each column (as ``write_blank`` on each, a row at a time)."""
        if first_row > last_row or not formats:
            return
        if None in formats:
            raise ValueError(f"sheet {self.name}: a blank without a format is no cell")
        last_col = first_col + len(formats) - 1
        self._check(first_row, first_col)
        self._check(last_row, last_col)
        area = (first_row + 1, first_col + 1, last_row + 1, last_col + 1)
        self._forget_formulas(area)
        self._blanks(area, dict(zip(range(area[1], area[3] + 1), formats, strict=True)))

    def write_rows(self, first_row: int, first_col: int, rows: Iterable[Sequence[Any]], formats: Sequence[Any]) -> None:
        """Each of ``rows`` written from the 0-based ``first_row`` on, its values in the columns from ``first_col``
        on, each in its column's format (one of ``formats`` for each column), as ``write`` writes each. A row of
        whole numbers, text and blanks (None, "") over cells already written (:meth:`blank_rows`, a table's entry
        rows) is kept a row at a time; any other, a cell at a time."""
        columns = range(first_col + 1, first_col + len(formats) + 1)  # 1-based, as kept
        by_column = dict(zip(columns, formats, strict=True))
        formula_rows = {row for row, _ in self.xlbridge_formulas}
        self.xlbridge_given.update(formats)
        plain = None not in formats and columns.stop - 1 <= MAX_COLUMNS
        for row, values in enumerate(rows, first_row + 1):
            formats_row = self.xlbridge_formats.get(row)
            if len(values) > len(formats):
                raise ValueError(f"sheet {self.name}: {len(values)} values for {len(formats)} columns: {values!r}")
            if not (plain and formats_row is not None and len(values) == len(formats) and row not in formula_rows
                    and by_column.keys() <= formats_row.keys()):  # fmt: skip
                for col, value in zip(columns, values, strict=False):  # a cell at a time, as write_row writes them
                    self._keep_value(row - 1, col - 1, value, by_column[col])
                continue
            formats_row.update(by_column)
            kept = self.xlbridge_values.get(row)
            if kept is None:
                kept = self.xlbridge_values[row] = {}
            for col, value in zip(columns, values, strict=True):
                kind = value.__class__
                if kind is int or (kind is str and value and len(value) <= MAX_TEXT):
                    kept[col] = value
                elif value is None or (kind is str and not value):  # a blank in its format
                    kept.pop(col, None)
                else:
                    self._keep_value(row - 1, col - 1, value, by_column[col])

    def _blanks(self, area: tuple[int, int, int, int], blanks: dict[int, Any]) -> None:
        """Each cell of the 1-based ``area`` blank in its column's format (``blanks``: the format by column), kept
        a row at a time."""
        first_row, _, last_row, _ = area
        self.xlbridge_written.append(area)
        self.xlbridge_given.update(blanks.values())
        for row in range(first_row, last_row + 1):
            formats = self.xlbridge_formats.get(row)
            if formats is None:
                self.xlbridge_formats[row] = blanks.copy()
            else:
                formats.update(blanks)
            values = self.xlbridge_values.get(row)
            if values:
                for col in values.keys() & blanks.keys():
                    del values[col]

    def _in_order(self) -> Iterator[Position]:
        """Each cell once, 1-based, in the order it was first written (as a dict of the cells would hold them)."""
        seen: set[Position] = set()
        for first_row, first_col, last_row, last_col in self.xlbridge_written:
            for position in itertools.product(range(first_row, last_row + 1), range(first_col, last_col + 1)):
                if position not in seen:
                    seen.add(position)
                    yield position

    def cell_values(self) -> dict[Position, object]:
        """Each cell's value by 1-based (row, column), as a workbook's values are read: the blanks left out."""
        return {(row, col): value for row, values in self.xlbridge_values.items() for col, value in values.items()}

    def first_text(self) -> Position | None:
        """The first cell written that holds text, if any (1-based)."""
        if not any(value.__class__ is str for values in self.xlbridge_values.values() for value in values.values()):
            return None
        return next(position for position in self._in_order()
                    if self.xlbridge_values.get(position[0], {}).get(position[1]).__class__ is str)  # fmt: skip

    def let_go(self) -> None:
        """Forget the cells, written."""
        self.xlbridge_formats, self.xlbridge_values, self.xlbridge_formulas, self.xlbridge_written = {}, {}, {}, []
        self.xlbridge_given = set()

    # --- what XlsxWriter is handed to write -------------------------------------------------------------------------

    def hand_over(self) -> dict[Position, Any]:
        """Hand XlsxWriter each formula's own cell and the first cell written of each other format: the cells whose
        styles and formula text its part will show (and in the order XlsxWriter numbers the styles: the first cell
        of each, as it writes them). Returns each such cell's format.

        The formats are those the cells were written in, not gathered from every cell (a session's 130,000): one
        since written over in every cell that had it is looked for in vain, through every cell."""
        shown: dict[Position, Any] = {}
        for (row, col), (text, cell) in self.xlbridge_formulas.items():
            cell_format = self.xlbridge_formats[row][col]
            method = {"plain": Worksheet.write_formula, "array": Worksheet.write_array_formula,
                      "dynamic": Worksheet.write_dynamic_array_formula}[cell.kind]  # fmt: skip
            corner = (row - 1, col - 1) if cell.kind == "plain" else (row - 1, col - 1, row - 1, col - 1)
            method(self, *corner, text, cell_format, cell.value)
            shown[(row, col)] = cell_format
        wanted = self.xlbridge_given - {None, *shown.values()}
        for row, col in self._in_order() if wanted else ():
            cell_format = self.xlbridge_formats[row][col]
            if cell_format in wanted:
                wanted.remove(cell_format)
                Worksheet.write_blank(self, row - 1, col - 1, None, cell_format)
                shown[(row, col)] = cell_format
                if not wanted:
                    break
        return shown


#: What adds parts to a workbook: a function of its parts as written, giving the parts to add or replace.
Extra = Callable[[Mapping[str, bytes]], Mapping[str, bytes]]


def write_book(book: xlsxwriter.Workbook, path: Path, with_values: bool, extra: Extra | None = None) -> None:
    """Write the built ``book`` at ``path`` with every cell of its :class:`CellsWorksheet` sheets (with every
    formula's values when ``with_values``, the workbook then marked computed, as ``xlbridge calc`` leaves it), and
    the ``extra`` parts.
    A template whose formulas are not all xlbridge's own, asked for its values, is a mistake in the template: it
    raises."""
    with deferred_collection():  # hundreds of thousands of cells, a few objects each, none in a cycle
        _write_book(book, path, with_values, extra)  # what it computed gone with it, before the collector resumes
        for ws in book.worksheets():  # written, let go: not left to the cycle collector, which alone frees an
            if isinstance(ws, CellsWorksheet):  # XlsxWriter workbook (its sheets with it)
                ws.let_go()


def _write_book(book: xlsxwriter.Workbook, path: Path, with_values: bool, extra: Extra | None) -> None:
    sheets = [ws for ws in book.worksheets() if isinstance(ws, CellsWorksheet)]
    shown = {ws.name: ws.hand_over() for ws in sheets}
    texts = next(((ws, position) for ws in sheets if (position := ws.first_text()) is not None), None)
    if texts is not None:  # one text cell, so that XlsxWriter writes the shared strings' part and lists it
        ws, (row, col) = texts
        text, cell_format = ws.xlbridge_values[row][col], ws.xlbridge_formats[row][col]
        Worksheet.write_string(ws, row - 1, col - 1, text, cell_format)
    book.close()
    package = open_package(path)
    stored: dict[str, dict[Position, object]] = {}  # the values by cell of a sheet a chart reads, once asked for

    def values_of(ws: CellsWorksheet) -> dict[Position, object]:
        if ws.name not in stored:
            stored[ws.name] = ws.cell_values()
        return stored[ws.name]

    computed = _compute(package.path, sheets, {ws.name: ws.xlbridge_values for ws in sheets},
                        defined_names(package)) if with_values else None  # fmt: skip
    shared = SharedStrings()
    replaced: dict[str, bytes] = {}
    for ws in sheets:
        part = package.sheets[ws.name]
        replaced[part] = _sheet_part(ws, package.parts[part], shown[ws.name], computed, shared)
    if shared.indices:
        name = next(part for part in package.parts if part.lower() == "xl/sharedstrings.xml")
        replaced[name] = shared.part()
    by_name = {ws.name: ws for ws in sheets}

    def sheet_values(name: str) -> Mapping[Position, object] | None:
        ws = by_name.get(name)
        if ws is None:
            return None
        return {**values_of(ws), **(computed.cells(name) if computed is not None else {})}

    replaced.update(refresh_charts(package, sheet_values))  # each chart's cache, as xlbridge calc writes it
    if with_values:
        replaced[package.workbook_part] = mark_values_current(package.parts[package.workbook_part])
    if extra is not None:
        replaced.update(extra({**package.parts, **replaced}))
    if with_values:  # which xlbridge computed it, said last, as xlbridge calc says it of a file: the same bytes
        merged = dataclasses.replace(package, parts={**package.parts, **replaced})
        replaced.update({name: data for name, data in with_computed_by(merged).parts.items()
                         if merged.parts.get(name) != data})  # fmt: skip
    write_package(package, replaced, path, replace=True)


def _compute(path: Path, sheets: Iterable[CellsWorksheet], values: dict[str, Rows], names: dict[str, str]) -> Computed:
    formulas = [Formula(ws.name, cell.area, text) for ws in sheets for text, cell in ws.xlbridge_formulas.values()]
    computed = evaluate_cells(list(values), formulas, values, names)
    if computed is None:
        raise RuntimeError(f"{path}: a template with a formula that is not xlbridge's own")
    return computed


def _sheet_part(
    ws: CellsWorksheet, xml: bytes, shown: Mapping[Position, Any], computed: Computed | None, shared: SharedStrings
) -> bytes:
    """The sheet's part with its cells in."""
    frame = read_frame(xml)
    stray = sorted((row, col) for row, col in frame.cells if col not in ws.xlbridge_formats.get(row, ()))
    if stray:
        raise RuntimeError(
            f"sheet {ws.name}: cell {column_letters(stray[0][1])}{stray[0][0]} was written by an XlsxWriter method "
            "whose cells xlbridge does not keep (it keeps those of write, write_string... and merge_range)"
        )
    if not ws.xlbridge_formats:
        return xml
    styles = {cell_format: frame.cells[position][0] for position, cell_format in shown.items() if cell_format}
    formulas = {position: FormulaCell(frame.cells[position][1] or "", cell.area, cell.kind, cell.value)
                for position, (_, cell) in ws.xlbridge_formulas.items()}  # fmt: skip
    answers = computed.answers.get(ws.name, []) if computed is not None else []
    data = sheet_data(ws.xlbridge_formats, styles, ws.xlbridge_values, formulas, frame, answers, shared)
    return replace_cells(xml, data, _extent(ws.xlbridge_written, frame.extent))


def _extent(
    written: Collection[tuple[int, int, int, int]], held: tuple[int, int, int, int] | None
) -> tuple[int, int, int, int]:
    """The first row and column and the last of the cells of the areas ``written`` (every cell kept was written by
    one), and of what the part ``held`` besides them (rows with a height or a format of their own)."""
    areas = [*written, *([held] if held is not None else [])]
    return (min(area[0] for area in areas), min(area[1] for area in areas), max(area[2] for area in areas),
            max(area[3] for area in areas))  # fmt: skip
