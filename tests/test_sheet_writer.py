"""xlbridge's writer of cells gives the sheet XlsxWriter would have written, cell for cell.

Every template's cells are kept and written by xlbridge (:mod:`xlbridge.files.templates.cells`,
`xlbridge.files.workbook.sheetdata`), XlsxWriter writing the rest. Here the same calls are made on a plain
XlsxWriter worksheet, which writes its cells itself, and on xlbridge's (:class:`Ours`: its cells in a
:class:`~xlbridge.files.templates.cells.Cells`, the rest on an XlsxWriter worksheet): each cell must hold the same
value, formula and style (the style as its font, fill, border, number format, alignment and protection: the
indices XlsxWriter gives may be numbered in another order), each row the same attributes, each sheet the same
extent.
"""

from __future__ import annotations

import datetime as dt
import io
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import xlsxwriter

from xlbridge.files.templates import CLASSIC
from xlbridge.files.templates.blank import TEMPLATES
from xlbridge.files.templates.cells import Cells, write_book
from xlbridge.files.workbook.computed import Answer, Computed
from xlbridge.files.workbook.xlsx import MAIN_NS, ByValue, cell_position, open_package, read_values, split_ref

NS = f"{{{MAIN_NS}}}"


def _styles(styles_xml: bytes) -> list[tuple[bytes, ...]]:
    """Each cell style of a styles part, by its index, as what it shows."""
    root = ET.fromstring(styles_xml)
    formats = {element.get("numFmtId"): element.get("formatCode", "") for element in root.iter(f"{NS}numFmt")}
    parts = {tag: [ET.tostring(child) for child in root.find(f"{NS}{tag}") or []] for tag in ("fonts", "fills",
             "borders")}  # fmt: skip
    out = []
    for xf in root.find(f"{NS}cellXfs") or []:
        number = xf.get("numFmtId", "0")
        out.append((formats.get(number, number).encode(), parts["fonts"][int(xf.get("fontId", 0))],
                    parts["fills"][int(xf.get("fillId", 0))], parts["borders"][int(xf.get("borderId", 0))],
                    *(ET.tostring(child) for child in xf)))  # fmt: skip
    return out


def _sheet(path: Path) -> tuple[dict[tuple[int, int], Any], dict[str, dict[str, Any]], str]:
    """Each cell of the workbook's one sheet (its value, formula and style), each row's attributes, its extent."""
    package = open_package(path)
    (name, part), = package.sheets.items()  # fmt: skip
    styles = _styles(package.parts["xl/styles.xml"])
    values = read_values(package, name, computed=False)
    root = ET.fromstring(package.parts[part])
    cells = {}
    for cell in root.iter(f"{NS}c"):
        where = cell_position(cell.get("r", ""))
        formula = cell.find(f"{NS}f")
        text = None if formula is None else (formula.text, formula.get("t"), formula.get("ref"), cell.get("cm"))
        cells[where] = (values.get(where) or None, text, styles[int(cell.get("s", 0))])
    rows = {}
    for row in root.iter(f"{NS}row"):
        attributes: dict[str, Any] = {k: v for k, v in row.attrib.items() if k not in ("r", "spans")}
        if "s" in attributes:
            attributes["s"] = styles[int(attributes["s"])]
        rows[row.get("r", "")] = attributes
    extent = re.search(r'<dimension ref="([^"]*)"', package.parts[part].decode())
    assert extent is not None
    return cells, rows, extent[1]


def _cell(args: tuple[Any, ...]) -> tuple[Any, ...]:
    """A call's arguments with a cell in A1 notation as XlsxWriter's (row, column)."""
    if args and isinstance(args[0], str):
        row, col, _, _ = split_ref(args[0])
        return (row - 1, col - 1, *args[1:])
    return args


def _area(args: tuple[Any, ...]) -> tuple[Any, ...]:
    """A call's arguments with an area in A1 notation as XlsxWriter's four corners."""
    if args and isinstance(args[0], str):
        r1, c1, r2, c2 = split_ref(args[0])
        return (r1 - 1, c1 - 1, r2 - 1, c2 - 1, *args[1:])
    return args


class Ours:
    """XlsxWriter's calls made on xlbridge's sheet: the cells kept in ``cells``, the rest on ``ws``."""

    def __init__(self, ws: Any, cells: Cells) -> None:
        self.ws, self.cells = ws, cells

    def __getattr__(self, name: str) -> Any:
        return getattr(self.cells if name in ("write", "write_string", "write_number", "write_blank",
                                              "write_datetime", "write_row", "blank_rows", "write_rows") else
                       self.ws, name)  # fmt: skip

    def write(self, *args: Any) -> None:
        self.cells.write(*_cell(args))

    def write_boolean(self, *args: Any) -> None:
        self.cells.write(*_cell(args))

    def write_column(self, *args: Any) -> None:
        row, col, data = _cell(args)
        for offset, value in enumerate(data):
            self.cells.write(row + offset, col, value)

    def write_string(self, *args: Any, cell_format: Any = None) -> None:
        self.cells.write_string(*_cell(args), **({"cell_format": cell_format} if cell_format else {}))

    def merge_range(self, *args: Any) -> None:
        self.cells.merge(self.ws, *_area(args))

    def write_formula(self, *args: Any, cell_format: Any = None, value: Any = "") -> None:
        row, col, text, *rest = _cell(args)
        kind = "array" if text.startswith("{") else "plain"
        shown = None if value in ("", None) else [[value]]  # a formula's value, as the template gives its answer
        self.cells.formula(kind, (row, col, row, col), text.strip("{}"), rest[0] if rest else cell_format, shown)

    def write_array_formula(self, *args: Any) -> None:
        r1, c1, r2, c2, text, cell_format, *_ = (*_area(args), None)
        self.cells.formula("array", (r1, c1, r2, c2), text.strip("{}"), cell_format)

    def write_dynamic_array_formula(self, *args: Any, cell_format: Any = None, value: Any = "") -> None:
        r1, c1, r2, c2, text, *rest = _area(args)
        self.cells.formula("dynamic", (r1, c1, r2, c2), text, rest[0] if rest else cell_format)


def _both(tmp_path: Path, fill: Callable[[Any, Any], None]) -> tuple[Any, Any]:
    """``fill(workbook, worksheet)`` run on a plain XlsxWriter workbook and on one whose cells xlbridge writes."""
    plain = xlsxwriter.Workbook(str(tmp_path / "plain.xlsx"), {"strings_to_urls": False})
    fill(plain, plain.add_worksheet("Sheet"))
    plain.close()
    ours = xlsxwriter.Workbook(io.BytesIO(), {"strings_to_urls": False, "in_memory": True})
    cells = Cells("Sheet")
    fill(ours, Ours(ours.add_worksheet("Sheet"), cells))
    write_book(ours, [cells], {}, tmp_path / "ours.xlsx", with_values=False)
    return _sheet(tmp_path / "plain.xlsx"), _sheet(tmp_path / "ours.xlsx")


def _everything(book: Any, ws: Any) -> None:
    """A little of every kind of cell, format and row a template writes."""
    bold, yellow = book.add_format({"bold": True}), book.add_format({"bg_color": "#FFF2CC", "locked": False})
    grey, date = book.add_format({"bg_color": "#F2F2F2", "num_format": "0.00"}), book.add_format({"num_format": 14})
    wrapped = book.add_format({"text_wrap": True, "valign": "top", "bottom": 1})
    ws.set_column(3, 4, 12, grey)  # cells without a format of their own take the column's...
    ws.set_row(5, 30, wrapped)  # ... or the row's, which comes first
    ws.set_row(40, 20)  # a row with a height and no cell
    ws.write("A1", "Event", bold)
    ws.write(0, 1, "  spaced  ")
    ws.write_string(1, 0, "Fish & <chips> _x0041_")
    ws.write_number(1, 1, 2.5, yellow)
    ws.write(1, 2, 7)
    ws.write(2, 0, True)
    ws.write_boolean(2, 1, False, bold)
    ws.write_datetime(2, 2, dt.datetime(2026, 7, 27), date)
    ws.write(3, 0, None, yellow)  # a blank with a format
    ws.write_blank(3, 1, None)  # a blank without one: no cell
    ws.write(3, 2, "", yellow)
    ws.write_row(4, 0, ["N", 3.0, "4S"], yellow)
    ws.write_column("F7", [1, 2, 3])
    ws.write_number(5, 3, 12.25)  # in the formatted row and column
    ws.write_number(6, 3, 1e-7)  # in the column
    ws.write_formula(8, 0, "=A2", bold, "")
    ws.write_dynamic_array_formula(10, 0, 14, 2, "=SESSIONRESULTS(A1:C5,1)", grey, "")
    ws.write_blank(12, 1, None, bold)  # a spilled cell given a format of its own
    ws.write_array_formula("E11:E12", "{=IMP_(A1:A2)}", None, 0)
    ws.merge_range(20, 0, 20, 3, "Merged", wrapped)
    ws.merge_range("A23:C23", "", bold)
    ws.write_formula("A23", "=Title", bold, "")
    ws.write(30, 0, "overwritten")
    ws.write(30, 0, 42)
    ws.write(32, 0, "in a format written over everywhere", book.add_format({"italic": True}))
    ws.write(32, 0, "in its own", book.add_format({"underline": 1}))
    ws.write_formula(31, 0, "=A1")
    ws.write(31, 0, "no longer a formula")


def test_the_same_cells_as_xlsxwriter_writes(tmp_path: Path) -> None:
    """Values, formulas, styles, rows and extent: as XlsxWriter writes them itself."""
    plain, ours = _both(tmp_path, _everything)
    assert ours[0] == plain[0]
    assert ours[1] == plain[1]
    assert ours[2] == plain[2]
    assert len(plain[0]) > 30


def test_rows_of_blanks_as_write_blank_on_each(tmp_path: Path) -> None:
    """A table's rows of blanks, each column in its own format (how a template makes its entry columns), are the
    cells write_blank gives each: over a value written before them, under one written after."""

    def fill(book: Any, ws: Any) -> None:
        bold, yellow = book.add_format({"bold": True}), book.add_format({"bg_color": "#FFF2CC", "locked": False})
        ws.write(2, 2, "blanked")
        if isinstance(ws, Ours):
            ws.blank_rows(1, 4, 1, [bold, yellow, bold])
        else:
            for row in range(1, 5):
                for offset, cell_format in enumerate([bold, yellow, bold]):
                    ws.write_blank(row, 1 + offset, None, cell_format)
        ws.write(3, 2, 7, yellow)

    plain, ours = _both(tmp_path, fill)
    assert ours == plain
    assert len(plain[0]) == 12


def test_rows_of_values_as_write_on_each(tmp_path: Path) -> None:
    """A table's rows of values, each column in its own format (how a template writes a session's lines), are the
    cells write gives each: whole numbers and text over the entry rows' blanks, blanks (None, "") over a value
    written before them, and every other kind of value, a formula's own cell, a row past the blanks or a short row
    as write writes it."""
    rows = [
        [1, "N", "4S"],
        [2, None, ""],  # blanks, over values written before
        [3.5, True, "x" * 40_000],  # a fraction, TRUE, text cut short
        [4, "E"],  # a short row
        [5, dt.date(2026, 7, 27), " spaced "],
        [6, 7, 8],  # over a formula's own cell
        [9, "past", "the blanks"],
    ]

    def fill(book: Any, ws: Any) -> None:
        bold, yellow = book.add_format({"bold": True}), book.add_format({"bg_color": "#FFF2CC", "locked": False})
        formats = [bold, yellow, bold]
        if isinstance(ws, Ours):
            ws.blank_rows(1, 6, 1, formats)
        else:
            for row in range(1, 7):
                for offset, cell_format in enumerate(formats):
                    ws.write_blank(row, 1 + offset, None, cell_format)
        ws.write(2, 2, "blanked", yellow)
        ws.write(2, 4, "beside")
        ws.write_formula(6, 3, "=A1", bold, "")
        if isinstance(ws, Ours):
            ws.write_rows(1, 1, rows, formats)
        else:
            for row, values in enumerate(rows, 1):
                for offset, value in enumerate(values):
                    ws.write(row, 1 + offset, value, formats[offset])

    plain, ours = _both(tmp_path, fill)
    assert ours == plain
    assert len(plain[0]) == 22


def test_a_tables_values_in_another_format_than_its_blanks(tmp_path: Path) -> None:
    """Values written a row at a time in a format their blanks were not given (the blanks bold, the values italic)
    are in that format, as write puts them."""

    def fill(book: Any, ws: Any) -> None:
        bold, italic = book.add_format({"bold": True}), book.add_format({"italic": True})
        if isinstance(ws, Ours):
            ws.blank_rows(1, 3, 1, [bold])
            ws.write_rows(1, 1, [["4S"], [2], ["N"]], [italic])
        else:
            for row in range(1, 4):
                ws.write_blank(row, 1, None, bold)
            for row, value in enumerate(["4S", 2, "N"], 1):
                ws.write(row, 1, value, italic)

    plain, ours = _both(tmp_path, fill)
    assert ours == plain


def test_true_and_1_are_each_written_as_they_are(tmp_path: Path) -> None:
    """1 and TRUE, 0 and FALSE are equal as Python values (and as a dict's keys): each cell is still written as what
    it holds, whichever comes first."""

    def fill(book: Any, ws: Any) -> None:
        ws.write_row(0, 0, [1, True, 1.0, 0, False, 0.0, 1e15, 10**15, 2, 2.0])
        ws.write_row(1, 0, [True, 1, False, 0, 10**15, 1e15])

    plain, ours = _both(tmp_path, fill)
    assert ours == plain
    values = read_values(open_package(tmp_path / "ours.xlsx"), "Sheet", computed=False)
    shown = [values[where] for where in ((1, 1), (1, 2), (1, 4), (1, 5), (2, 1), (2, 2), (2, 3), (2, 4))]
    assert [(type(value), value) for value in shown] == [(int, 1), (bool, True), (int, 0), (bool, False),
                                                         (bool, True), (int, 1), (bool, False), (int, 0)]  # fmt: skip


@pytest.mark.parametrize("order", [1, -1])
def test_a_value_by_value_stands_for_no_value_of_another_kind(order: int) -> None:
    """What ByValue remembers of a value is never given for another value equal to it but of another kind (TRUE
    for 1), in either order."""
    values = [1, True, 1.0, 0, False, -0.0, 2, 2.0, "2", None, "", 10**15, 1e15, 2**60, float(2**60)][::order]

    def shown(value: object) -> str:  # what a cell shows, as the functions ByValue is given do: 2 and 2.0 alike
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return repr(value)
        return f"{type(value).__name__}:{value}" if abs(value) >= 1e15 else repr(float(value))

    by_value = ByValue(shown)
    assert [by_value[value] for value in values] == [shown(value) for value in values]
    assert [by_value[value] for value in values] == [shown(value) for value in values]  # remembered, the same


def test_the_values_by_cell_follow_the_answers() -> None:
    """What was computed, by cell, is worked out from the formulas' answers when asked, and again once a later
    answer has filled some of the same cells."""
    computed = Computed(answers={"Sheet": [Answer((1, 1, 2, 2), [[1.0, "a"], [None, True]])]})
    assert computed.cells("Sheet") == {(1, 1): 1.0, (1, 2): "a", (2, 1): None, (2, 2): True}
    computed.answers["Sheet"].append(Answer((1, 2, 1, 2), [["b"]]))
    assert computed.cells("Sheet") == {(1, 1): 1.0, (1, 2): "b", (2, 1): None, (2, 2): True}
    assert computed.values == {"Sheet": {(1, 1): 1.0, (1, 2): "b", (2, 1): None, (2, 2): True}}


def test_a_row_longer_than_its_formats_is_refused() -> None:
    """Each value of a row written with write_rows has its column's format: a row with more values is refused."""
    with pytest.raises(ValueError, match=r"sheet Sheet: 3 values for 2 columns: \[1, 2, 3\]"):
        Cells("Sheet").write_rows(0, 0, [[1, 2, 3]], ["bold"] * 2)


def test_a_blank_without_a_format_is_refused_in_rows() -> None:
    """A row of blanks must say each column's format: a blank without one is no cell."""
    with pytest.raises(ValueError, match="sheet Sheet: a blank without a format is no cell"):
        Cells("Sheet").blank_rows(0, 3, 0, ["bold", None])


def test_a_sheet_of_rows_only(tmp_path: Path) -> None:
    """A sheet with row heights and no cell, and a sheet with nothing at all: as XlsxWriter writes them."""
    plain, ours = _both(tmp_path, lambda book, ws: ws.set_row(3, 25))
    assert ours == plain
    plain, ours = _both(tmp_path, lambda book, ws: None)
    assert ours == plain


def test_a_cell_xlbridge_does_not_write_is_refused(tmp_path: Path) -> None:
    """A cell only XlsxWriter would write (a link, rich text) would be lost: it is refused, named."""
    book = xlsxwriter.Workbook(io.BytesIO(), {"in_memory": True})
    ws, cells = book.add_worksheet("Sheet"), Cells("Sheet")
    cells.write(0, 0, "kept")
    ws.write_url(2, 1, "https://example.org", None, "a link")
    with pytest.raises(RuntimeError, match="sheet Sheet: cell B3 was written by XlsxWriter, not through"):
        write_book(book, [cells], {}, tmp_path / "ours.xlsx", with_values=False)


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda ws: ws.write(1_048_576, 0, 1), IndexError),
        (lambda ws: ws.write_number(0, 16_384, 1), IndexError),
        (lambda ws: ws.write_number(0, 0, float("nan")), TypeError),
        (lambda ws: ws.write(0, 0, object()), TypeError),
    ],
)
def test_a_cell_that_cannot_be_is_refused(call: Callable[[Any], None], error: type[Exception]) -> None:
    """A cell outside a sheet, a number a cell cannot hold, a value of no cell's kind: refused, not dropped."""
    with pytest.raises(error, match="sheet Sheet"):
        call(Cells("Sheet"))


def test_keyword_arguments_as_xlsxwriter_takes_them(tmp_path: Path) -> None:
    """XlsxWriter's methods take their format and value by keyword too, in either notation."""

    def fill(book: Any, ws: Any) -> None:
        bold = book.add_format({"bold": True})
        ws.write_formula(0, 0, "=B1", cell_format=bold, value=5)
        ws.write_formula("A2", "=B2", value="")
        ws.write_string(2, 0, "text", cell_format=bold)
        ws.write_dynamic_array_formula("C1:C3", "=IMP_(B1:B3)", cell_format=bold)

    plain, ours = _both(tmp_path, fill)
    assert ours == plain


@pytest.mark.parametrize("name", ["pairs-session", "teams-event"])
def test_each_number_format_is_listed_once(tmp_path: Path, name: str) -> None:
    """Two formats showing "0.00" share one number format in the styles part, counted right (an XlsxWriter before
    3.0.9 lists it twice under a count of 1, which is why pyproject asks for 3.0.9)."""
    TEMPLATES[name](tmp_path / "book.xlsx", CLASSIC)
    root = ET.fromstring(open_package(tmp_path / "book.xlsx").parts["xl/styles.xml"])
    listed = root.find(f"{NS}numFmts")
    assert listed is not None
    found = [(element.get("numFmtId"), element.get("formatCode")) for element in listed]
    assert "0.00" in {code for _, code in found}
    assert len(found) == len(set(found)) == int(listed.get("count", -1))
