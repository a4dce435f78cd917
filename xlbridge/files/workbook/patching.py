"""Writing computed values into a copy of a workbook, touching nothing else.

:func:`patch_sheet` rewrites only the ``<c>`` elements of the cells it is given inside ``<sheetData>``, leaving every
other byte of the sheet as it was; :func:`write_package` copies every other part unchanged. Standard library only.
"""

from __future__ import annotations

import re
import zipfile
from collections.abc import Mapping
from pathlib import Path

from ...engine.errors import WorkbookError
from ..outputs import write_atomically
from .computed import by_row
from .xlsx import CALC_PR, ExcelErrorValue, Package, column_letters, column_number, excel_escape
from .xmlsafe import escape

__all__ = ["CALC_ID", "cell_element", "cell_value", "mark_values_current", "patch_sheet", "write_package"]

#: The calculation engine id of Excel 2016 and later, which a workbook whose values are current carries.
CALC_ID = "191029"
#: How hard a written workbook's parts are deflated: zlib's fastest, about a third of its default's time for a file
#: about a third larger.
COMPRESS_LEVEL = 1


_SHEET_DATA = re.compile(rb"<((?:\w+:)?)sheetData(\s[^>]*)?(/>|>(.*?)</\1sheetData>)", re.DOTALL)
_ATTRIBUTE = re.compile(r'([\w:]+)="([^"]*)"')


def _element(tag: str, prefix: str) -> re.Pattern[str]:
    """A whole ``<prefix:tag ...>...</prefix:tag>`` or ``<prefix:tag .../>`` element."""
    return re.compile(rf"<{prefix}{tag}\b[^>]*?(?:/>|>.*?</{prefix}{tag}>)", re.DOTALL)


#: A cell's own reference in its open tag (``r="B12"``): its column letters.
_CELL_REF_ATTRIBUTE = re.compile(r'\sr="\$?([A-Za-z]{1,3})\$?\d+"')


def _open_tag_attributes(element: str) -> list[tuple[str, str]]:
    open_tag = element[: element.index(">") + 1]
    return _ATTRIBUTE.findall(open_tag)


def _number_text(value: float | int) -> str:
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, int) or (isinstance(value, float) and value.is_integer() and abs(value) < 1e15):
        return str(int(value))
    return repr(float(value))


def cell_value(prefix: str, value: object, formula: bool) -> tuple[str, str]:
    """How a cell holds ``value``: its ``t`` attribute (text to append to the open tag: ``' t="str"'``, or "") and
    what follows its formula (if ``formula``) inside the element."""
    if value is None or value == "":
        return (' t="str"', f"<{prefix}v></{prefix}v>") if formula else ("", "")
    if isinstance(value, bool):
        return ' t="b"', f"<{prefix}v>{int(value)}</{prefix}v>"
    if isinstance(value, (int, float)):
        return "", f"<{prefix}v>{_number_text(value)}</{prefix}v>"
    if isinstance(value, ExcelErrorValue):
        return ' t="e"', f"<{prefix}v>{value.code}</{prefix}v>"
    text = escape(excel_escape(str(value)))
    if formula:
        return ' t="str"', f"<{prefix}v>{text}</{prefix}v>"
    space = ' xml:space="preserve"' if text != text.strip() else ""
    return ' t="inlineStr"', f"<{prefix}is><{prefix}t{space}>{text}</{prefix}t></{prefix}is>"


def cell_element(prefix: str, attributes: list[tuple[str, str]], formula: str, value: object) -> str:
    """A ``<c>`` element holding ``value``, keeping its attributes (but ``t``) and its formula verbatim."""
    kind, body = cell_value(prefix, value, bool(formula))
    attrs = "".join(f' {name}="{val}"' for name, val in attributes if name != "t") + kind
    inner = formula + body
    return f"<{prefix}c{attrs}>{inner}</{prefix}c>" if inner else f"<{prefix}c{attrs}/>"


_FORMULA = re.compile(r"<(?:\w+:)?f\b[^>]*?(?:/>|>.*?</(?:\w+:)?f>)", re.DOTALL)


def _rewrite_cell(element: str, prefix: str, value: object) -> str:
    formula_match = _FORMULA.search(element)
    formula = formula_match.group(0) if formula_match else ""
    return cell_element(prefix, _open_tag_attributes(element), formula, value)


def patch_sheet(xml: bytes, values: Mapping[tuple[int, int], object]) -> bytes:
    """The sheet with the given (row, column) cells holding new values; every other byte unchanged.

    A cell with a formula keeps it and gets a cached value; a cell without one (a spilled cell) gets a plain value;
    missing cells and rows are inserted in order.
    """
    if not values:
        return xml
    match = _SHEET_DATA.search(xml)
    if match is None:
        raise WorkbookError("a worksheet part has no <sheetData>")
    try:
        prefix = match.group(1).decode()
        content = (match.group(4) or b"").decode("utf-8")
    except UnicodeDecodeError:
        raise WorkbookError("a worksheet part is not UTF-8 XML; cannot place values safely") from None
    changed = by_row(values)

    rows: list[tuple[int, str]] = []
    for found in _element("row", prefix).finditer(content):
        element = found.group(0)
        label = dict(_open_tag_attributes(element)).get("r")
        if label is None or not label.isdigit():
            raise WorkbookError(f"a worksheet row's number is {label!r}, not a number; cannot place values safely")
        rows.append((int(label), element))
    seen = {number for number, _ in rows}
    for number in changed:
        if number not in seen:
            rows.append((number, f'<{prefix}row r="{number}"/>'))
    rows.sort(key=lambda item: item[0])

    out_rows = []
    for number, element in rows:
        updates = changed.get(number)
        out_rows.append(element if not updates else _patch_row(element, number, updates, prefix))
    new_content = "".join(out_rows)
    if new_content == content:
        return xml
    attributes = (match.group(2) or b"").decode()
    new_data = f"<{prefix}sheetData{attributes}>{new_content}</{prefix}sheetData>".encode()
    return xml[: match.start()] + new_data + xml[match.end() :]


def _patch_row(element: str, number: int, updates: Mapping[int, object], prefix: str) -> str:
    if element.endswith("/>"):
        open_tag, inner, close_tag = element[:-2] + ">", "", f"</{prefix}row>"
    else:
        head_end = element.index(">") + 1
        open_tag, inner, close_tag = element[:head_end], element[head_end : -len(f"</{prefix}row>")], f"</{prefix}row>"
    cells: list[tuple[int, str]] = []
    rest = []  # whatever else the row holds (extLst and the like), kept after the cells
    last = 0
    for match in _element("c", prefix).finditer(inner):
        rest.append(inner[last : match.start()])
        last = match.end()
        cell = match.group(0)
        ref = _CELL_REF_ATTRIBUTE.search(cell, 0, cell.index(">") + 1)
        if ref is None:
            raw = dict(_open_tag_attributes(cell)).get("r")
            raise WorkbookError(f"row {number} has a cell referenced {raw!r}; cannot place values safely")
        cells.append((column_number(ref.group(1).upper()), cell))
    rest.append(inner[last:])
    present = {col for col, _ in cells}
    patched = [(col, _rewrite_cell(cell, prefix, updates[col]) if col in updates else cell) for col, cell in cells]
    for col, value in updates.items():
        if col not in present:
            fresh = cell_element(prefix, [("r", f"{column_letters(col)}{number}")], "", value)
            patched.append((col, fresh))
    patched.sort(key=lambda item: item[0])
    open_tag = re.sub(r'\sspans="[^"]*"', "", open_tag)  # the row's cell span may have grown
    return open_tag + "".join(cell for _, cell in patched) + "".join(rest) + close_tag


def mark_values_current(workbook_xml: bytes) -> bytes:
    """Tell Excel the stored values are current: no full recalculation on load (which would throw them away
    where the functions are not installed) and the calculation engine id of Excel 2016 and later."""

    def replace(match: re.Match[bytes]) -> bytes:
        prefix, attributes, closing = match.group(1), match.group(2).decode(), match.group(3)
        attributes = re.sub(r'\s(fullCalcOnLoad|calcId)="[^"]*"', "", attributes)
        return b"<" + prefix + b"calcPr" + f' calcId="{CALC_ID}"{attributes}'.encode() + closing + b">"

    marked, count = CALC_PR.subn(replace, workbook_xml, count=1)
    if count:
        return marked
    return re.sub(rb"(</(?:\w+:)?workbook>)", f'<calcPr calcId="{CALC_ID}"/>'.encode() + rb"\1", workbook_xml, count=1)


def write_package(package: Package, replaced: Mapping[str, bytes], destination: Path, replace: bool = False) -> None:
    """Write the package with ``replaced`` parts to ``destination``: every other part is copied as it was, in the
    same order with the same zip settings, deflated parts at :data:`COMPRESS_LEVEL` (a part ``replaced`` names that
    the package lacks is added at the end, compressed, dated as its first part). The file appears complete or not
    at all, through a symbolic link, with the mode of the file it replaces (see
    :func:`~xlbridge.files.outputs.write_atomically`); an existing destination is replaced only when ``replace``
    is set."""
    known = {info.filename for info in package.infos}
    added = [name for name in replaced if name not in known]
    stamp = package.infos[0].date_time if package.infos else (1980, 1, 1, 0, 0, 0)

    def fill(temporary: Path) -> None:
        with zipfile.ZipFile(temporary, "w") as archive:  # (the archive's compresslevel is not used for a ZipInfo)
            for info in package.infos:
                data = replaced.get(info.filename, package.parts[info.filename])
                copy = zipfile.ZipInfo(info.filename, date_time=info.date_time)
                copy.compress_type = info.compress_type
                copy.external_attr = info.external_attr
                copy.create_system = info.create_system
                archive.writestr(copy, data, compresslevel=COMPRESS_LEVEL)
            for name in added:
                archive.writestr(zipfile.ZipInfo(name, date_time=stamp), replaced[name], zipfile.ZIP_DEFLATED,
                                 COMPRESS_LEVEL)  # fmt: skip

    write_atomically(destination, fill, replace=replace)
