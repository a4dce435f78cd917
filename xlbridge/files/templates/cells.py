"""A template's cells, kept by xlbridge and written once, each formula with the values it shows.

XlsxWriter builds what it builds well, through its public API: the formats and styles, columns and rows,
validation, protection, merged ranges, charts, defined names, print settings. The cells are xlbridge's: each
sheet's are kept in a :class:`Cells` (values, formats, and formulas with their values), and :func:`write_book`

1. hands XlsxWriter, through its public cell-writing methods, one cell of each format and each formula's own cell,
   so that it writes their styles, the formulas' text as Excel stores it (``use_future_functions``) and the
   dynamic arrays' metadata, and closes the workbook, in memory;
2. where the values are wanted and a formula was written without them (the teams templates), computes them from
   the cells kept here (:func:`~xlbridge.files.workbook.evaluate.evaluate_cells`);
3. writes each sheet's cells (:mod:`xlbridge.files.workbook.sheetdata`) in the styles XlsxWriter gave them into its
   parts, and the package once, to the file.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import io
import itertools
import math
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import xlsxwriter
from xlsxwriter.worksheet import Worksheet

from ..workbook.charts import refresh_charts
from ..workbook.computed import Answer, Computed, stored_answer
from ..workbook.docprops import with_computed_by
from ..workbook.evaluate import Formula, evaluate_cells
from ..workbook.patching import mark_values_current, write_package
from ..workbook.sheetdata import FormulaCell, Position, SharedStrings, read_frame, replace_cells, sheet_data
from ..workbook.xlsx import EXCEL_EPOCH, column_letters, open_package

__all__ = ["Cells", "write_book"]

#: The largest sheet Excel has (rows, columns) and the most characters a cell holds.
MAX_ROWS, MAX_COLUMNS, MAX_TEXT = 1_048_576, 16_384, 32_767

_NUMBERS = (int, float, Decimal, Fraction)
_DATES = (dt.datetime, dt.date, dt.time, dt.timedelta)
#: A 1-based area: first row, first column, last row, last column.
Area = tuple[int, int, int, int]


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


class Cells:
    """A worksheet's cells, as the template writes them: rows and columns 0-based, as XlsxWriter's methods take
    them; kept 1-based, by row and then column, so that an area of blanks is kept a row at a time."""

    def __init__(self, name: str) -> None:
        self.name = name
        #: Each cell written, by 1-based row and then column: its format (None: its row's or column's)...
        self.formats: dict[int, dict[int, Any]] = {}
        #: ... its value, where it holds one (a number, text or TRUE/FALSE, a date as its serial number; a blank
        #: holds none)...
        self.values: dict[int, dict[int, object]] = {}
        #: ... the formulas, by their own cell, as the template wrote them (with "=")...
        self.formulas: dict[Position, tuple[str, FormulaCell]] = {}
        #: ... the values each formula's cells show, where the template gave them...
        self.answers: list[Answer] = []
        #: ... and the areas written, in order: a cell was first written by the first that holds it.
        self.written: list[Area] = []
        #: Every format a cell was written in (one may since have been written over in every cell that had it).
        self.given: set[Any] = set()

    def _check(self, row: int, col: int) -> None:
        """Refuse a 0-based cell outside a worksheet."""
        if not (0 <= row < MAX_ROWS and 0 <= col < MAX_COLUMNS):
            raise IndexError(f"sheet {self.name}: row {row}, column {col} is outside a worksheet")

    def _keep(self, row: int, col: int, value: object, cell_format: Any) -> None:
        self._check(row, col)
        row, col = row + 1, col + 1
        formats = self.formats.setdefault(row, {})
        if col not in formats:
            self.written.append((row, col, row, col))
        formats[col] = cell_format
        self.given.add(cell_format)
        values = self.values.get(row)
        if value is not None:
            if values is None:
                self.values[row] = {col: value}
            else:
                values[col] = value
        elif values:
            values.pop(col, None)
        if self.formulas:
            self.formulas.pop((row, col), None)

    # --- one cell ------------------------------------------------------------------------------------------------

    def write(self, row: int, col: int, value: Any, cell_format: Any = None) -> None:
        """A value of any kind, as XlsxWriter's ``write`` dispatches it (text is always text: never a formula, a
        number or a link)."""
        kind = value.__class__
        if kind is str:
            self.write_string(row, col, value, cell_format)
        elif kind is float or kind is int:
            self.write_number(row, col, value, cell_format)
        elif value is None:
            self.write_blank(row, col, None, cell_format)
        elif isinstance(value, bool):
            self._keep(row, col, value, cell_format)
        elif isinstance(value, _NUMBERS):
            self.write_number(row, col, value, cell_format)
        elif isinstance(value, str):
            self.write_string(row, col, str(value), cell_format)
        elif isinstance(value, _DATES):
            self._keep(row, col, _serial(value), cell_format)
        else:
            raise TypeError(f"sheet {self.name}: cannot write a {type(value).__name__} into a cell: {value!r}")

    def write_string(self, row: int, col: int, text: str, cell_format: Any = None) -> None:
        if not text:  # Excel holds no empty text: a blank
            self.write_blank(row, col, None, cell_format)
        else:
            self._keep(row, col, text[:MAX_TEXT], cell_format)

    def write_number(self, row: int, col: int, number: Any, cell_format: Any = None) -> None:
        if number.__class__ is not int:
            number = float(number)  # a Decimal or Fraction too, as XlsxWriter writes them
            if not math.isfinite(number):
                raise TypeError(f"sheet {self.name}: a cell cannot hold {number}")
        self._keep(row, col, number, cell_format)

    def write_blank(self, row: int, col: int, blank: None = None, cell_format: Any = None) -> None:
        """A blank cell in ``cell_format`` (as XlsxWriter's, ``blank`` is None)."""
        if cell_format is not None:  # as XlsxWriter: a blank without a format is no cell
            self._keep(row, col, None, cell_format)

    def write_datetime(self, row: int, col: int, date: dt.datetime | dt.date, cell_format: Any = None) -> None:
        self._keep(row, col, _serial(date), cell_format)

    def write_row(self, row: int, col: int, data: Iterable[Any], cell_format: Any = None) -> None:
        for offset, value in enumerate(data):
            self.write(row, col + offset, value, cell_format)

    def merge(self, ws: Worksheet, r1: int, c1: int, r2: int, c2: int, data: Any, cell_format: Any = None) -> None:
        """A merged range (XlsxWriter's, on ``ws``), its first cell holding ``data`` and the others blank, in the
        format."""
        ws.merge_range(r1, c1, r2, c2, "", cell_format)
        self.blank_area(r1, c1, r2, c2, cell_format)
        self.write(r1, c1, data, cell_format)

    # --- formulas ------------------------------------------------------------------------------------------------

    def formula(
        self,
        kind: str,
        area: tuple[int, int, int, int],
        text: str,
        cell_format: Any = None,
        values: Sequence[Sequence[object]] | None = None,
    ) -> None:
        """A formula over the 0-based ``area`` (first row, first column, last row, last column): "plain" (one
        cell), "array" (a legacy ``{=...}`` array) or "dynamic" (a dynamic array over its spill range), its cells
        blank in its format, showing ``values`` (its answer, row by row, as the worksheet function gives it) where
        given."""
        r1, c1, r2, c2 = area
        self._check(r1, c1)
        self._check(r2, c2)
        kept = (r1 + 1, c1 + 1, r2 + 1, c2 + 1)
        self._forget_formulas(kept)
        self._blanks(kept, dict.fromkeys(range(kept[1], kept[3] + 1), cell_format))
        self.formulas[kept[:2]] = (text, FormulaCell("", kept, kind, ""))
        if values is not None:
            self.answers.append(stored_answer(kept, values))

    def _forget_formulas(self, area: Area) -> None:
        """Forget the formulas whose own cells are in the 1-based area (written over), and their answers."""
        r1, c1, r2, c2 = area
        gone = [where for where in self.formulas if r1 <= where[0] <= r2 and c1 <= where[1] <= c2]
        for where in gone:
            del self.formulas[where]
        if gone:
            self.answers = [answer for answer in self.answers if answer.area[:2] not in gone]

    # --- many cells at once --------------------------------------------------------------------------------------

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
        on, each in its column's format (one of ``formats`` for each column), as ``write`` writes each."""
        for row, values in enumerate(rows, first_row):
            if len(values) > len(formats):
                raise ValueError(f"sheet {self.name}: {len(values)} values for {len(formats)} columns: {values!r}")
            for col, (value, cell_format) in enumerate(zip(values, formats, strict=False), first_col):
                self.write(row, col, value, cell_format)

    def _blanks(self, area: Area, blanks: dict[int, Any]) -> None:
        """Each cell of the 1-based ``area`` blank in its column's format (``blanks``: the format by column), kept
        a row at a time."""
        first_row, _, last_row, _ = area
        self.written.append(area)
        self.given.update(blanks.values())
        for row in range(first_row, last_row + 1):
            formats = self.formats.get(row)
            if formats is None:
                self.formats[row] = blanks.copy()
            else:
                formats.update(blanks)
            values = self.values.get(row)
            if values:
                for col in values.keys() & blanks.keys():
                    del values[col]

    def _in_order(self) -> Iterator[Position]:
        """Each cell once, 1-based, in the order it was first written."""
        seen: set[Position] = set()
        for first_row, first_col, last_row, last_col in self.written:
            for position in itertools.product(range(first_row, last_row + 1), range(first_col, last_col + 1)):
                if position not in seen:
                    seen.add(position)
                    yield position

    def cell_values(self) -> dict[Position, object]:
        """Each cell's value by 1-based (row, column), as a workbook's values are read: the blanks left out."""
        return {(row, col): value for row, values in self.values.items() for col, value in values.items()}

    def first_text(self) -> Position | None:
        """The first cell written that holds text, if any (1-based)."""
        if not any(value.__class__ is str for values in self.values.values() for value in values.values()):
            return None
        return next(position for position in self._in_order()
                    if self.values.get(position[0], {}).get(position[1]).__class__ is str)  # fmt: skip

    def hand_over(self, ws: Worksheet) -> dict[Position, Any]:
        """Hand XlsxWriter (``ws``, through its public methods) each formula's own cell and the first cell written
        of each other format: the cells whose styles and formula text its part will show (and in the order
        XlsxWriter numbers the styles: the first cell of each, as it writes them). Returns each such cell's
        format."""
        shown: dict[Position, Any] = {}
        for (row, col), (text, cell) in self.formulas.items():
            cell_format = self.formats[row][col]
            if cell.kind == "plain":
                ws.write_formula(row - 1, col - 1, text, cell_format, "")
            elif cell.kind == "array":
                ws.write_array_formula(row - 1, col - 1, row - 1, col - 1, text, cell_format, "")
            else:
                ws.write_dynamic_array_formula(row - 1, col - 1, row - 1, col - 1, text, cell_format, "")
            shown[(row, col)] = cell_format
        wanted = self.given - {None, *shown.values()}
        for row, col in self._in_order() if wanted else ():
            cell_format = self.formats[row][col]
            if cell_format in wanted:
                wanted.remove(cell_format)
                ws.write_blank(row - 1, col - 1, None, cell_format)
                shown[(row, col)] = cell_format
                if not wanted:
                    break
        return shown


#: What adds parts to a workbook: a function of its parts as written, giving the parts to add or replace.
Extra = Callable[[Mapping[str, bytes]], Mapping[str, bytes]]


def write_book(
    book: xlsxwriter.Workbook,
    sheets: Sequence[Cells],
    names: Mapping[str, str],
    path: Path,
    with_values: bool,
    extra: Extra | None = None,
) -> None:
    """Write the built ``book`` (its XlsxWriter worksheets named as ``sheets``, which keep their cells) at ``path``,
    with every formula's values when ``with_values`` (the workbook then marked computed, as ``xlbridge calc``
    leaves it), and the ``extra`` parts. ``names`` are the workbook's defined names (upper case, to
    ``Sheet!$A$1:$B$2``), which a formula written without its values is computed with. A template whose formulas
    are not all xlbridge's own, asked for its values, is a mistake in the template: it raises."""
    shown = {cells.name: cells.hand_over(book.get_worksheet_by_name(cells.name)) for cells in sheets}
    texts = next(((cells, position) for cells in sheets if (position := cells.first_text()) is not None), None)
    if texts is not None:  # one text cell, so that XlsxWriter writes the shared strings' part and lists it
        cells, (row, col) = texts
        ws = book.get_worksheet_by_name(cells.name)
        ws.write_string(row - 1, col - 1, cells.values[row][col], cells.formats[row][col])
    book.close()
    output = book.filename
    assert isinstance(output, io.BytesIO)  # a TemplateBook writes in memory
    package = open_package(path, output.getvalue())
    computed = _compute(path, sheets, names) if with_values else None
    shared = SharedStrings()
    replaced: dict[str, bytes] = {}
    for cells in sheets:
        part = package.sheets[cells.name]
        answers = computed.answers.get(cells.name, []) if computed is not None else cells.answers
        replaced[part] = _sheet_part(cells, package.parts[part], shown[cells.name], answers, shared)
    if shared.indices:
        name = next(part for part in package.parts if part.lower() == "xl/sharedstrings.xml")
        replaced[name] = shared.part()
    by_name = {cells.name: cells for cells in sheets}

    def sheet_values(name: str) -> Mapping[Position, object] | None:
        cells = by_name.get(name)
        if cells is None:
            return None
        answers = computed.cells(name) if computed is not None else Computed({name: cells.answers}).cells(name)
        return {**cells.cell_values(), **answers}

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


def _compute(path: Path, sheets: Sequence[Cells], names: Mapping[str, str]) -> Computed:
    """Every formula's values: those the template gave, and those of the formulas written without them computed
    from the cells (the teams templates)."""
    given = {cells.name: {answer.area[:2] for answer in cells.answers} for cells in sheets}
    missing = [Formula(cells.name, cell.area, text) for cells in sheets for text, cell in cells.formulas.values()
               if cell.area[:2] not in given[cells.name]]  # fmt: skip
    computed = Computed({cells.name: list(cells.answers) for cells in sheets if cells.answers})
    if not missing:
        return computed
    values = {cells.name: {row: dict(columns) for row, columns in cells.values.items()} for cells in sheets}
    for name, answers in computed.answers.items():  # what the given values fill, as the others read them
        for answer in answers:
            for offset, row in enumerate(answer.rows):
                values[name].setdefault(answer.area[0] + offset, {}).update(
                    (col, value) for col, value in enumerate(row, answer.area[1]) if value != ""
                )
    found = evaluate_cells([cells.name for cells in sheets], missing, values, dict(names))
    if found is None:
        raise RuntimeError(f"{path}: a template with a formula that is not xlbridge's own")
    for name, answers in found.answers.items():
        computed.answers.setdefault(name, []).extend(answers)
    return computed


def _sheet_part(
    cells: Cells, xml: bytes, shown: Mapping[Position, Any], answers: Sequence[Answer], shared: SharedStrings
) -> bytes:
    """The sheet's part with its cells in."""
    frame = read_frame(xml)
    stray = sorted((row, col) for row, col in frame.cells if col not in cells.formats.get(row, ()))
    if stray:
        raise RuntimeError(f"sheet {cells.name}: cell {column_letters(stray[0][1])}{stray[0][0]} was written by "
                           "XlsxWriter, not through the sheet's Cells")  # fmt: skip
    if not cells.formats:
        return xml
    styles = {cell_format: frame.cells[position][0] for position, cell_format in shown.items() if cell_format}
    formulas = {position: dataclasses.replace(cell, text=frame.cells[position][1] or "")
                for position, (_, cell) in cells.formulas.items()}  # fmt: skip
    data = sheet_data(cells.formats, styles, cells.values, formulas, frame, answers, shared)
    return replace_cells(xml, data, _extent(cells.written, frame.extent))


def _extent(written: Collection[Area], held: Area | None) -> Area:
    """The first row and column and the last of the cells of the areas ``written`` (every cell kept was written by
    one), and of what the part ``held`` besides them (rows with a height or a format of their own)."""
    areas = [*written, *([held] if held is not None else [])]
    return (min(area[0] for area in areas), min(area[1] for area in areas), max(area[2] for area in areas),
            max(area[3] for area in areas))  # fmt: skip
