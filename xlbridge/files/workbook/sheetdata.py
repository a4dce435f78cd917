"""A worksheet's cells written as the ``<sheetData>`` of its part: xlbridge's own writer of the cells it writes.

A template's workbook is written in two parts. XlsxWriter writes everything around the cells (styles, columns,
rows' heights, validation, protection, merged ranges, charts, defined names, print settings) and, of the cells,
only one of each format and each formula's own cell. This module then reads from that sheet part what the cells
need (:func:`read_frame`: each row's attributes, each column's style, the style and formula text of the cells it
holds), writes every cell (:func:`sheet_data`) and puts them in (:func:`replace_cells`). Each cell is written as
:func:`~.patching.cell_element` writes it into a copy, so a workbook written with its computed values
holds the same bytes as one written without them and then computed by ``xlbridge calc``. Standard library only.
"""

from __future__ import annotations

import itertools
import operator
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from .computed import Answer, by_row
from .patching import cell_element, cell_value
from .xlsx import MAIN_NS, ByValue, cell_position, column_letters, excel_escape, range_text, split_ref
from .xmlsafe import escape

__all__ = ["FormulaCell", "Frame", "Position", "SharedStrings", "read_frame", "replace_cells", "sheet_data"]

#: A cell's 1-based (row, column), as cell values are addressed when read or written.
Position = tuple[int, int]

_SHEET_DATA = re.compile(rb"<sheetData\s*/>|<sheetData>(.*?)</sheetData>", re.DOTALL)
_DIMENSION = re.compile(rb'<dimension ref="([^"]*)"\s*/>')
_COLUMN = re.compile(r"<col\s([^>]*?)/?>")
_ROW_OR_CELL = re.compile(r"<row\s([^>]*?)/?>|<c\s([^>]*?)(?:/>|>(.*?)</c>)", re.DOTALL)
_FORMULA_TEXT = re.compile(r"<f\b[^>]*>(.*?)</f>", re.DOTALL)
_ATTRIBUTE = re.compile(r'([\w:]+)="([^"]*)"')


@dataclass
class Frame:
    """What a sheet part holds for its cells: each row's attributes, the styles of columns and rows with formats of
    their own, and the cells it already holds."""

    #: Each ``<row>``'s attributes but its number and cell span, as written (`` ht="20" customHeight="1"``).
    rows: dict[int, str] = field(default_factory=dict)
    #: The style index of each row that has a format of its own, and of each column that has one.
    row_styles: dict[int, str] = field(default_factory=dict)
    column_styles: dict[int, str] = field(default_factory=dict)
    #: Each cell the part holds: its style index ("" for none) and its formula as the ``<f>`` element holds it.
    cells: dict[Position, tuple[str, str | None]] = field(default_factory=dict)
    #: The cells and rows the part covers (first row, first column, last row, last column), if any.
    extent: tuple[int, int, int, int] | None = None


def read_frame(xml: bytes) -> Frame:
    """What the cells of a sheet part need from the rest of it (see :class:`Frame`)."""
    text = xml.decode("utf-8")
    frame = Frame()
    for found in _COLUMN.finditer(text[: text.find("<sheetData")]):
        attributes = dict(_ATTRIBUTE.findall(found[1]))
        if attributes.get("style"):
            for col in range(int(attributes["min"]), int(attributes["max"]) + 1):
                frame.column_styles[col] = attributes["style"]
    data = _SHEET_DATA.search(xml)
    content = (data[1] or b"").decode("utf-8") if data else ""
    for found in _ROW_OR_CELL.finditer(content):
        if found[1] is not None:
            attributes = dict(_ATTRIBUTE.findall(found[1]))
            number = int(attributes.pop("r"))
            attributes.pop("spans", None)
            frame.rows[number] = "".join(f' {name}="{value}"' for name, value in attributes.items())
            if attributes.get("customFormat") == "1" and attributes.get("s"):
                frame.row_styles[number] = attributes["s"]
        else:
            attributes = dict(_ATTRIBUTE.findall(found[2]))
            formula = _FORMULA_TEXT.search(found[3] or "")
            frame.cells[cell_position(attributes["r"])] = (attributes.get("s", ""), formula[1] if formula else None)
    if frame.rows:
        dimension = _DIMENSION.search(xml)
        frame.extent = split_ref(dimension[1].decode()) if dimension else None
    return frame


@dataclass(frozen=True)
class FormulaCell:
    """A formula's own cell: its text as the ``<f>`` element holds it (XML-escaped, without ``=``), the cells it
    fills, how it fills them, and the value it shows until it is computed."""

    text: str
    area: tuple[int, int, int, int]
    #: "plain" (one cell), "array" (a legacy ``{=...}`` array) or "dynamic" (a dynamic array, spilling).
    kind: str = "plain"
    value: object = ""

    def element(self, ref: str, style: str, value: object) -> str:
        """The cell holding ``value`` (as :func:`~.patching.patch_sheet` writes a formula's value)."""
        attributes = [("r", ref), ("s", style)] if style else [("r", ref)]
        if self.kind == "plain":
            return cell_element("", attributes, f"<f>{self.text}</f>", value)
        if self.kind == "dynamic":
            attributes.append(("cm", "1"))
        return cell_element("", attributes, f'<f t="array" ref="{range_text(self.area)}">{self.text}</f>', value)


class SharedStrings:
    """A workbook's shared strings, as the sheets' typed text refers to them (``t="s"``, by index), and the part
    that lists them (``xl/sharedStrings.xml``)."""

    def __init__(self) -> None:
        self.indices: dict[str, int] = {}
        #: How many cells refer to one of them.
        self.count = 0

    def add(self, text: str) -> int:
        """The index of ``text``, added if it is not there yet (the cells that refer to it are counted apart)."""
        found = self.indices.get(text)
        if found is None:
            found = self.indices[text] = len(self.indices)
        return found

    def part(self) -> bytes:
        """The shared strings part, as Excel writes it (leading or trailing spaces kept with ``xml:space``)."""
        items = []
        for text in self.indices:
            escaped = escape(excel_escape(text))
            space = ' xml:space="preserve"' if text != text.strip() else ""
            items.append(f"<si><t{space}>{escaped}</t></si>")
        return (
            '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            f'<sst xmlns="{MAIN_NS}" count="{self.count}" uniqueCount="{len(self.indices)}">{"".join(items)}</sst>'
        ).encode()


def _body(value: object) -> str:
    """What follows a cell's reference when it holds ``value`` (not a formula): the rest of its open tag and its
    content, as :func:`~.patching.cell_value` writes it (``/>`` for a blank)."""
    t, inner = cell_value("", value, False)
    return f"{t}>{inner}</c>" if t or inner else "/>"


def _typed_body(value: object, shared: SharedStrings) -> str:
    """:func:`_body`, typed text as one of the ``shared`` strings (the cells that refer to it counted apart)."""
    if isinstance(value, str) and value:
        return f' t="s"><v>{shared.add(value)}</v></c>'
    return _body(value)


@dataclass
class _Layout:
    """A row's cells laid out, for the rows like it (a table's rows are alike): each cell as four pieces, its
    reference's start (``<c r="B``), its row's number, the reference's end with its style (``" s="3"``) and what
    follows (``/>``, ``><v>420</v></c>``), the number and what follows put in for each row; and the runs of cells
    side by side that hold typed values, or computed ones."""

    pieces: list[str]
    #: Each cell's place in :attr:`pieces` (a quarter of it), by column.
    places: dict[int, int]
    #: Each run: whether formulas fill its cells, where what follows them is in :attr:`pieces`, their columns, and
    #: where they are in a row of the one answer that fills them when they are next to each other (else None).
    runs: list[tuple[bool, slice, list[int], slice | None]]


def _layout(
    cells: Mapping[int, object],
    filled: frozenset[int],
    starts: list[str],
    shown: Mapping[object, str],
    row_shown: str | None,
    column_shown: Mapping[int, str],
    answer_column: int | None,
) -> _Layout:
    """The layout (:class:`_Layout`) of a row's ``cells`` (their formats by column), of which formulas fill those
    in ``filled``, one answer's from column ``answer_column`` on (None: none, or several); ``starts``: each
    column's reference's start. A cell's reference's end and its style are its format's (``shown``), else its
    row's (``row_shown``), else its column's (``column_shown``)."""
    columns = sorted(cells)
    pieces: list[str] = []
    for col in columns:
        fmt = cells[col]
        pieces += (starts[col], "", shown[fmt] if fmt is not None else row_shown or column_shown.get(col, '"'), "")
    runs = []
    at = 0
    for computed, run in itertools.groupby(columns, key=filled.__contains__):
        cols = list(run)
        follows = slice(4 * at + 3, 4 * (at + len(cols)), 4)
        side_by_side = cols[-1] - cols[0] == len(cols) - 1
        within = None
        if side_by_side and answer_column is not None:
            within = slice(cols[0] - answer_column, cols[-1] - answer_column + 1)
        runs.append((computed, follows, cols, within))
        at += len(cols)
    return _Layout(pieces, {col: at for at, col in enumerate(columns)}, runs)


def _by_column(answers: Sequence[Answer], row: int) -> dict[int, object]:
    """The values the ``answers`` give the cells of ``row``, by column (a later answer's over an earlier one's)."""
    values: dict[int, object] = {}
    for answer in answers:
        first_row, first_col, _, last_col = answer.area
        values.update(zip(range(first_col, last_col + 1), answer.rows[row - first_row], strict=True))
    return values


def sheet_data(
    formats: Mapping[int, Mapping[int, object]],
    styles: Mapping[object, str],
    values: Mapping[int, Mapping[int, object]],
    formulas: Mapping[Position, FormulaCell],
    frame: Frame,
    answers: Sequence[Answer],
    shared: SharedStrings,
) -> list[str]:
    """The ``<sheetData>`` of a sheet, as the pieces of its text in order (:func:`replace_cells` joins them): a
    cell at each of ``formats``' cells (by row, then column), in the style ``styles`` gives its format (a cell
    whose format is None takes its row's or column's), holding its formula (``formulas``) with its computed value,
    else its computed value (the ``answers`` of its sheet's formulas), else its value (``values``, by row then
    column: a blank holds none, and text is never empty), typed text as one of the ``shared`` strings; the rows of
    ``frame`` kept with their attributes.

    A computed value is written as :func:`~.patching.patch_sheet` writes it into a copy: the formulas' cells by
    :func:`~.patching.cell_element`, the others by the same :func:`~.patching.cell_value`, each distinct value once
    (:class:`~.xlsx.ByValue`). A row is written from the layout of its cells (:class:`_Layout`), worked out again only
    for a row whose cells, style or answers differ from the last one's, a run of cells at a time: a computed run's
    values are a slice of its answer's row."""
    row_attributes, column_styles = frame.rows, frame.column_styles
    attributes = {style: f'" s="{style}"' if style else '"' for style in {*styles.values(), *column_styles.values(),
                                                                           *frame.row_styles.values(), ""}}  # fmt: skip
    shown = {fmt: attributes[style] for fmt, style in styles.items()}  # each format's attribute, looked up once
    column_shown = {col: attributes[style] for col, style in column_styles.items()}
    formula_rows = by_row(formulas)
    typed = ByValue(lambda value: _typed_body(value, shared))  # each distinct value's body worked out once
    computed = ByValue(_body)
    letters, starts = [""], ['<c r="']  # each column's letters and a cell reference's start, by column number
    out = ["<sheetData>"]
    append, extend = out.append, out.extend
    empty_rows = [row for row in sorted(row_attributes) if row not in formats]
    empty_index = 0
    no_values: Mapping[int, object] = {}
    layout = _Layout([], {}, [])
    laid_out: tuple[Mapping[int, object], str | None] | None = None  # the cells and row style of its row
    # The answers that fill cells of the row (in their order: a later one's over an earlier one's) and the columns
    # they fill, worked out again at each row where they change.
    changes = sorted({row for answer in answers for row in (answer.area[0], answer.area[2] + 1)}, reverse=True)
    covering: list[Answer] = []
    filled: frozenset[int] = frozenset()
    for row in sorted(formats):
        while empty_index < len(empty_rows) and empty_rows[empty_index] < row:
            append(f'<row r="{empty_rows[empty_index]}"{row_attributes[empty_rows[empty_index]]}/>')
            empty_index += 1
        append(f'<row r="{row}"{row_attributes.get(row, "")}>')
        number = str(row)
        row_style = frame.row_styles.get(row)
        cells = formats[row]
        if changes and row >= changes[-1]:
            while changes and row >= changes[-1]:
                changes.pop()
            covering = [answer for answer in answers if answer.area[0] <= row <= answer.area[2]]
            filled = frozenset(col for answer in covering for col in range(answer.area[1], answer.area[3] + 1))
            laid_out = None
        if laid_out is None or laid_out[1] != row_style or laid_out[0] != cells:
            while len(letters) <= max(cells):
                letters.append(column_letters(len(letters)))
                starts.append(f'<c r="{letters[-1]}')
            row_shown = attributes[row_style] if row_style else None
            answer_column = covering[0].area[1] if len(covering) == 1 else None
            layout = _layout(cells, filled, starts, shown, row_shown, column_shown, answer_column)
            laid_out = (cells, row_style)
        row_formulas = formula_rows.get(row)
        by_column = _by_column(covering, row) if len(covering) > 1 or row_formulas else None
        pieces = layout.pieces
        pieces[1::4] = [number] * len(layout.places)
        row_values = values.get(row, no_values)
        for is_computed, follows, cols, within in layout.runs:
            if not is_computed:
                typed_values = list(map(row_values.get, cols))
                shared.count += operator.countOf(map(type, typed_values), str)
                pieces[follows] = map(typed.__getitem__, typed_values)
            elif by_column is None and within is not None:  # the one answer's: a slice of its row
                pieces[follows] = map(computed.__getitem__, covering[0].rows[row - covering[0].area[0]][within])
            else:
                by_column = by_column if by_column is not None else _by_column(covering, row)
                pieces[follows] = map(computed.__getitem__, map(by_column.__getitem__, cols))
        if row_formulas:  # a formula's own cell: its formula, with its computed value
            by_column = by_column if by_column is not None else {}
            pieces = pieces.copy()
            for col, formula in row_formulas.items():
                fmt = cells[col]
                style = styles[fmt] if fmt is not None else row_style or column_styles.get(col, "")
                element = formula.element(letters[col] + number, style, by_column.get(col, formula.value))
                at = 4 * layout.places[col]
                pieces[at : at + 4] = (element, "", "", "")
        extend(pieces)
        append("</row>")
    out.extend(f'<row r="{number}"{row_attributes[number]}/>' for number in empty_rows[empty_index:])
    append("</sheetData>")
    return out


def replace_cells(xml: bytes, data: list[str], extent: tuple[int, int, int, int] | None) -> bytes:
    """The sheet part with ``data`` as its ``<sheetData>`` and its ``<dimension>`` (which comes before it) covering
    ``extent`` (first row, first column, last row, last column). ``data``, the pieces of the element's text, is
    joined with the rest of the part put around them in the list itself: the part is joined as text and encoded,
    and no copy of its 3 MB (a 6,000-result session's Results) is made in between (each costs a millisecond or
    two, the memory fresh)."""
    match = _SHEET_DATA.search(xml)
    if match is None:
        raise ValueError("a worksheet part has no <sheetData>")
    head = xml[: match.start()]
    if extent is not None:
        head = _DIMENSION.sub(f'<dimension ref="{range_text(extent)}"/>'.encode(), head, count=1)
    data.insert(0, head.decode("utf-8"))
    data.append(xml[match.end() :].decode("utf-8"))
    return "".join(data).encode("utf-8")
