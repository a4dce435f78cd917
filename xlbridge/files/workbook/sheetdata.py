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

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from .patching import cell_element, cell_value
from .xlsx import MAIN_NS, cell_position, column_letters, excel_escape, split_ref
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
        r1, c1, r2, c2 = self.area
        area = f"{column_letters(c1)}{r1}" + ("" if (r1, c1) == (r2, c2) else f":{column_letters(c2)}{r2}")
        return cell_element("", attributes, f'<f t="array" ref="{area}">{self.text}</f>', value)


class SharedStrings:
    """A workbook's shared strings, as the sheets' typed text refers to them (``t="s"``, by index), and the part
    that lists them (``xl/sharedStrings.xml``)."""

    def __init__(self) -> None:
        self.indices: dict[str, int] = {}
        #: How many cells refer to one of them.
        self.count = 0

    def index(self, text: str) -> int:
        self.count += 1
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


_MISSING = object()


def _body(value: object) -> str:
    """What follows a cell's reference when it holds ``value`` (not a formula): the rest of its open tag and its
    content, as :func:`~.patching.cell_value` writes it (``/>`` for a blank)."""
    t, inner = cell_value("", value, False)
    return f"{t}>{inner}</c>" if t or inner else "/>"


def _attribute(
    fmt: object,
    row_style: str | None,
    col: int,
    shown: Mapping[object, str],
    attributes: Mapping[str, str],
    column_shown: Mapping[int, str],
) -> str:
    """A cell's reference's end and its style: its format's, else its row's, else its column's."""
    if fmt is not None:
        return shown[fmt]
    if row_style:
        return attributes[row_style]
    return column_shown.get(col, '"')


def sheet_data(
    formats: Mapping[int, Mapping[int, object]],
    styles: Mapping[object, str],
    values: Mapping[int, Mapping[int, object]],
    formulas: Mapping[Position, FormulaCell],
    frame: Frame,
    computed: Mapping[Position, object] | None = None,
    shared: SharedStrings | None = None,
) -> str:
    """The ``<sheetData>`` of a sheet: a cell at each of ``formats``' cells (by row, then column), in the style
    ``styles`` gives its format (a cell whose format is None takes its row's or column's), holding its formula
    (``formulas``) with its ``computed`` value, else its computed value, else its value (``values``, by row then
    column; a blank where there is none; text as one of the ``shared`` strings, when given); the rows of ``frame``
    kept with their attributes.

    A computed value is written as :func:`~.patching.patch_sheet` writes it into a copy: the formulas'
    cells by :func:`~.patching.cell_element`, the others by the same
    :func:`~.patching.cell_value`, each distinct value once. Each cell is written as four pieces joined once at
    the end: its reference's start (``<c r="B``), its row's number, the reference's end with its style
    (``" s="3"``) and what follows (``/>``, ``><v>420</v></c>``)."""
    computed = computed or {}
    row_attributes, column_styles = frame.rows, frame.column_styles
    attributes = {style: f'" s="{style}"' if style else '"' for style in {*styles.values(), *column_styles.values(),
                                                                           *frame.row_styles.values(), ""}}  # fmt: skip
    shown = {fmt: attributes[style] for fmt, style in styles.items()}  # each format's attribute, looked up once
    column_shown = {col: attributes[style] for col, style in column_styles.items()}
    formula_rows: dict[int, dict[int, FormulaCell]] = {}
    for (row, col), formula in formulas.items():
        formula_rows.setdefault(row, {})[col] = formula
    bodies: dict[object, str] = {None: "/>", "": "/>"}  # each distinct number or text once
    texts: dict[str, str] = {}  # each shared text's body once
    letters, starts = [""], ['<c r="']  # each column's letters and a cell reference's start, by column number
    out = ["<sheetData>"]
    append, extend = out.append, out.extend
    empty_rows = [row for row in sorted(row_attributes) if row not in formats]
    empty_index = 0
    no_values: Mapping[int, object] = {}
    # Each cell of a row: its column, its reference's start and its reference's end with its style; worked out
    # again only for a row whose cells or style differ from the last one's (the rows of a table are alike).
    layout: list[tuple[int, str, str, bool]] = []
    laid_out: tuple[Mapping[int, object], str | None] | None = None  # the cells and row style of that row
    # The columns the formulas fill in the row (a value computed is looked up for their cells only), worked out
    # again at each row where they change.
    areas = [formula.area for formula in formulas.values()] if computed else []
    changes = sorted({row for first, _, last, _ in areas for row in (first, last + 1)}, reverse=True)
    filled: frozenset[int] = frozenset()
    for row in sorted(formats):
        while empty_index < len(empty_rows) and empty_rows[empty_index] < row:
            append(f'<row r="{empty_rows[empty_index]}"{row_attributes[empty_rows[empty_index]]}/>')
            empty_index += 1
        append(f'<row r="{row}"{row_attributes.get(row, "")}>')
        number = str(row)
        row_style = frame.row_styles.get(row)
        row_formulas = formula_rows.get(row)
        row_values = values.get(row, no_values)
        cells = formats[row]
        if changes and row >= changes[-1]:
            while changes and row >= changes[-1]:
                changes.pop()
            filled = frozenset(col for first, left, last, right in areas if first <= row <= last
                               for col in range(left, right + 1))  # fmt: skip
            laid_out = None
        if laid_out is None or laid_out[1] != row_style or laid_out[0] != cells:
            while len(letters) <= max(cells):
                letters.append(column_letters(len(letters)))
                starts.append(f'<c r="{letters[-1]}')
            layout = [(col, starts[col], _attribute(cells[col], row_style, col, shown, attributes, column_shown),
                       col in filled) for col in sorted(cells)]  # fmt: skip
            laid_out = (cells, row_style)
        for col, start, attribute, in_formula in layout:
            if row_formulas and col in row_formulas:
                fmt = cells[col]
                style = styles[fmt] if fmt is not None else row_style or column_styles.get(col, "")
                formula = row_formulas[col]
                append(formula.element(letters[col] + number, style, computed.get((row, col), formula.value)))
                continue
            value = computed.get((row, col), _MISSING) if in_formula else _MISSING
            if value is _MISSING:
                value = row_values.get(col)
                if shared is not None and value.__class__ is str and value:
                    body = texts.get(value)
                    if body is None:
                        body = texts[value] = f' t="s"><v>{shared.index(value)}</v></c>'
                    else:
                        shared.count += 1
                    extend((start, number, attribute, body))
                    continue
            kind = value.__class__
            if kind is float or kind is int or kind is str or value is None:
                body = bodies.get(value)
                if body is None:
                    body = bodies[value] = _body(value)
            else:  # TRUE or FALSE (which a number equal to it must not stand for), an error value
                body = _body(value)
            extend((start, number, attribute, body))
        append("</row>")
    out.extend(f'<row r="{number}"{row_attributes[number]}/>' for number in empty_rows[empty_index:])
    append("</sheetData>")
    return "".join(out)


def replace_cells(xml: bytes, data: str, extent: tuple[int, int, int, int] | None) -> bytes:
    """The sheet part with ``data`` as its ``<sheetData>`` and its ``<dimension>`` (which comes before it) covering
    ``extent`` (first row, first column, last row, last column)."""
    match = _SHEET_DATA.search(xml)
    if match is None:
        raise ValueError("a worksheet part has no <sheetData>")
    head = xml[: match.start()]
    if extent is not None:
        r1, c1, r2, c2 = extent
        ref = f"{column_letters(c1)}{r1}" + ("" if (r1, c1) == (r2, c2) else f":{column_letters(c2)}{r2}")
        head = _DIMENSION.sub(f'<dimension ref="{ref}"/>'.encode(), head, count=1)
    return b"".join((head, data.encode("utf-8"), xml[match.end() :]))
