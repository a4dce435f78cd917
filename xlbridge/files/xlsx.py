"""Reading a workbook package safely and writing computed values into a copy of it, touching nothing else.

An .xlsx/.xlsm file is a zip of XML parts. :func:`open_package` refuses what is not a workbook (an old .xls, an
encrypted workbook, a corrupt or oversized zip) with one clear message; :func:`patch_sheet` rewrites only the ``<c>``
elements of the cells it is given inside ``<sheetData>``, leaving every other byte of the sheet as it was;
:func:`write_package` copies every other part unchanged. Standard library only.
"""

from __future__ import annotations

import datetime as dt
import os
import re
import zipfile
import zlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from xml.sax.saxutils import escape

from ..engine.errors import BridgeInputError
from .outputs import write_atomically
from .xmlsafe import parse_xml

__all__ = [
    "EXCEL_EPOCH",
    "ExcelErrorValue",
    "Package",
    "WorkbookError",
    "cell_text",
    "column_letters",
    "column_number",
    "excel_date",
    "excel_escape",
    "excel_serial",
    "excel_unescape",
    "mark_values_current",
    "open_package",
    "patch_sheet",
    "read_values",
    "split_ref",
    "values_current",
    "write_package",
]

MAX_MEMBERS = 10_000
MAX_TOTAL_BYTES = 256 * 1024 * 1024  # uncompressed, all parts together
MAX_RATIO = 200  # uncompressed / compressed, for parts over 1 MiB
OLE2_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"

MAIN_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
REL_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PKG_REL_NS = "http://schemas.openxmlformats.org/package/2006/relationships"


class WorkbookError(BridgeInputError):
    """A file that cannot be used as a workbook; the message says why, in one line."""


@dataclass
class Package:
    """The parts of a workbook package, by name, and the sheets by their names as Excel shows them."""

    path: Path
    infos: list[zipfile.ZipInfo]
    parts: dict[str, bytes]
    sheets: dict[str, str]  # sheet name -> part name (xl/worksheets/sheet1.xml)
    workbook_part: str


def column_number(letters: str) -> int:
    """A column's number from its letters: A is 1, Z 26, AA 27."""
    number = 0
    for letter in letters:
        number = number * 26 + ord(letter) - 64
    return number


def column_letters(number: int) -> str:
    """A column's letters from its number: 1 is A, 27 AA."""
    letters = ""
    while number:
        number, remainder = divmod(number - 1, 26)
        letters = chr(65 + remainder) + letters
    return letters


_CELL_REF = re.compile(r"\$?([A-Z]{1,3})\$?(\d+)")


def split_ref(ref: str) -> tuple[int, int, int, int]:
    """(first row, first column, last row, last column) of ``A1`` or ``A1:C3``."""
    corners = []
    for part in ref.split(":"):
        match = _CELL_REF.fullmatch(part.strip().upper())
        if match is None:
            raise ValueError(f"not a cell reference: {ref!r}")
        corners.append((int(match[2]), column_number(match[1])))
    (r1, c1), (r2, c2) = corners[0], corners[-1]
    return min(r1, r2), min(c1, c2), max(r1, r2), max(c1, c2)


def _read_members(path: Path) -> tuple[list[zipfile.ZipInfo], dict[str, bytes]]:
    try:
        head = path.read_bytes()[:8]
    except OSError as error:
        raise WorkbookError(f"{path}: cannot be read ({error.strerror or error})") from None
    if head.startswith(OLE2_MAGIC):
        raise WorkbookError(
            f"{path}: an encrypted (password-protected) workbook or an old .xls file; save it from Excel as an "
            "unprotected .xlsx or .xlsm first"
        )
    if not head.startswith(b"PK"):
        raise WorkbookError(f"{path}: not an Excel workbook (.xlsx or .xlsm)")
    try:
        archive = zipfile.ZipFile(path)
    except zipfile.BadZipFile:
        raise WorkbookError(f"{path}: the workbook is damaged (not a readable zip package)") from None
    with archive:
        infos = archive.infolist()
        if len(infos) > MAX_MEMBERS:
            raise WorkbookError(f"{path}: refused: {len(infos)} parts is more than a workbook has")
        declared = sum(info.file_size for info in infos)
        if declared > MAX_TOTAL_BYTES:
            raise WorkbookError(f"{path}: refused: it would unpack to {declared:,} bytes (limit {MAX_TOTAL_BYTES:,})")
        parts: dict[str, bytes] = {}
        total = 0
        for info in infos:
            if info.file_size > 1 << 20 and info.file_size > MAX_RATIO * max(info.compress_size, 1):
                raise WorkbookError(f"{path}: refused: part {info.filename} is compressed suspiciously far (zip bomb)")
            try:
                with archive.open(info) as member:
                    data = member.read(info.file_size + 1)
            except (zipfile.BadZipFile, zlib.error, OSError, EOFError, ValueError, NotImplementedError) as error:
                raise WorkbookError(f"{path}: the workbook is damaged (part {info.filename}: {error})") from None
            if len(data) > info.file_size:
                raise WorkbookError(f"{path}: refused: part {info.filename} unpacks larger than it says (zip bomb)")
            total += len(data)
            if total > MAX_TOTAL_BYTES:
                raise WorkbookError(f"{path}: refused: it unpacks to more than {MAX_TOTAL_BYTES:,} bytes")
            parts[info.filename] = data
    return infos, parts


def _relationships(parts: Mapping[str, bytes], part: str) -> dict[str, str]:
    """Relationship id -> target part name, for ``part``."""
    folder = PurePosixPath(part).parent
    rels_name = str(folder / "_rels" / (PurePosixPath(part).name + ".rels"))
    if rels_name not in parts:
        return {}
    root = parse_xml(parts[rels_name])
    targets = {}
    for rel in root.iter(f"{{{PKG_REL_NS}}}Relationship"):
        target = rel.get("Target", "")
        resolved = target.lstrip("/") if target.startswith("/") else str(_normalise(folder / target))
        targets[rel.get("Id", "")] = resolved
    return targets


def _normalise(path: PurePosixPath) -> PurePosixPath:
    out: list[str] = []
    for piece in path.parts:
        if piece == "..":
            if out:
                out.pop()
        elif piece != ".":
            out.append(piece)
    return PurePosixPath(*out)


def open_package(path: str | os.PathLike[str]) -> Package:
    """Read a workbook's parts, check every XML part parses safely, and find its sheets."""
    location = Path(path)
    infos, parts = _read_members(location)
    try:
        for name, data in parts.items():
            if name.endswith((".xml", ".rels")):
                parse_xml(data)
    except BridgeInputError as error:
        raise WorkbookError(f"{location}: part {name}: {error.message}") from None
    package_rels = _relationships(parts, "")
    workbook_part = next(
        (target for target in package_rels.values() if target.endswith(("workbook.xml", "workbook.bin"))),
        "xl/workbook.xml",
    )
    if workbook_part not in parts:
        raise WorkbookError(f"{location}: not an Excel workbook (no {workbook_part} part)")
    if workbook_part.endswith(".bin"):
        raise WorkbookError(f"{location}: a binary .xlsb workbook; save it as .xlsx or .xlsm")
    rels = _relationships(parts, workbook_part)
    sheets = {}
    for sheet in parse_xml(parts[workbook_part]).iter(f"{{{MAIN_NS}}}sheet"):
        target = rels.get(sheet.get(f"{{{REL_NS}}}id", ""))
        if target in parts:
            sheets[sheet.get("name", "")] = target
    return Package(location, infos, parts, sheets, workbook_part)


# --- rewriting cells -----------------------------------------------------------------------------------------------

_SHEET_DATA = re.compile(rb"<((?:\w+:)?)sheetData(\s[^>]*)?(/>|>(.*?)</\1sheetData>)", re.DOTALL)
_ATTRIBUTE = re.compile(r'([\w:]+)="([^"]*)"')


def _elements(xml: str, tag: str, prefix: str) -> Iterator[tuple[str, int]]:
    """Each ``<prefix:tag ...>...</prefix:tag>`` or ``<prefix:tag .../>`` in ``xml`` with its start offset."""
    pattern = re.compile(rf"<{prefix}{tag}\b[^>]*?(?:/>|>.*?</{prefix}{tag}>)", re.DOTALL)
    for match in pattern.finditer(xml):
        yield match.group(0), match.start()


def _open_tag_attributes(element: str) -> list[tuple[str, str]]:
    open_tag = element[: element.index(">") + 1]
    return _ATTRIBUTE.findall(open_tag)


def _number_text(value: float | int) -> str:
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, int) or (isinstance(value, float) and value.is_integer() and abs(value) < 1e15):
        return str(int(value))
    return repr(float(value))


def _cell(prefix: str, attributes: list[tuple[str, str]], formula: str, value: object) -> str:
    """A ``<c>`` element holding ``value``, keeping its attributes (but ``t``) and its formula verbatim."""
    kind: str | None
    if value is None or value == "":
        kind, body = ("str", f"<{prefix}v></{prefix}v>") if formula else (None, "")
    elif isinstance(value, bool):
        kind, body = "b", f"<{prefix}v>{int(value)}</{prefix}v>"
    elif isinstance(value, (int, float)):
        kind, body = None, f"<{prefix}v>{_number_text(value)}</{prefix}v>"
    elif isinstance(value, ExcelErrorValue):
        kind, body = "e", f"<{prefix}v>{value.code}</{prefix}v>"
    else:
        text = escape(excel_escape(str(value)))
        if formula:
            kind, body = "str", f"<{prefix}v>{text}</{prefix}v>"
        else:
            space = ' xml:space="preserve"' if text != text.strip() else ""
            kind, body = "inlineStr", f"<{prefix}is><{prefix}t{space}>{text}</{prefix}t></{prefix}is>"
    kept = [(name, val) for name, val in attributes if name != "t"]
    if kind:
        kept.append(("t", kind))
    attrs = "".join(f' {name}="{val}"' for name, val in kept)
    inner = formula + body
    return f"<{prefix}c{attrs}>{inner}</{prefix}c>" if inner else f"<{prefix}c{attrs}/>"


#: Characters XML 1.0 cannot hold, which Excel writes as ``_xHHHH_`` (ECMA-376 Part 1, 22.9.2.19 ST_Xstring).
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
_ESCAPED = re.compile(r"_x([0-9A-Fa-f]{4})_")


def excel_escape(text: str) -> str:
    """Text as a cell's XML holds it: characters XML cannot hold as ``_xHHHH_``, and an ``_x`` that would read as
    one escaped itself (``_x005F_``), as Excel writes them."""
    text = re.sub(r"_(?=x[0-9A-Fa-f]{4}_)", "_x005F_", text)
    return _NOT_XML.sub(lambda match: f"_x{ord(match[0]):04X}_", text)


def excel_unescape(text: str) -> str:
    """Text as the cell shows it, from its XML (:func:`excel_escape` undone)."""
    return _ESCAPED.sub(lambda match: chr(int(match[1], 16)), text) if "_x" in text else text


@dataclass(frozen=True)
class ExcelErrorValue:
    """An Excel error as a cell value (``#N/A``, ``#VALUE!``...), written with ``t="e"``."""

    code: str


_FORMULA = re.compile(r"<(?:\w+:)?f\b[^>]*?(?:/>|>.*?</(?:\w+:)?f>)", re.DOTALL)


def _rewrite_cell(element: str, prefix: str, value: object) -> str:
    formula_match = _FORMULA.search(element)
    formula = formula_match.group(0) if formula_match else ""
    return _cell(prefix, _open_tag_attributes(element), formula, value)


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
    by_row: dict[int, dict[int, object]] = {}
    for (row, col), value in values.items():
        by_row.setdefault(row, {})[col] = value

    rows: list[tuple[int, str]] = []
    for element, _ in _elements(content, "row", prefix):
        label = dict(_open_tag_attributes(element)).get("r")
        if label is None or not label.isdigit():
            raise WorkbookError(f"a worksheet row's number is {label!r}, not a number; cannot place values safely")
        rows.append((int(label), element))
    seen = {number for number, _ in rows}
    for number in by_row:
        if number not in seen:
            rows.append((number, f'<{prefix}row r="{number}"/>'))
    rows.sort(key=lambda item: item[0])

    out_rows = []
    for number, element in rows:
        updates = by_row.get(number)
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
    for cell, _ in _elements(inner, "c", prefix):
        ref = dict(_open_tag_attributes(cell)).get("r")
        try:
            cells.append((split_ref(ref or "")[1], cell))
        except ValueError:
            raise WorkbookError(f"row {number} has a cell referenced {ref!r}; cannot place values safely") from None
    present = {col for col, _ in cells}
    patched = [(col, _rewrite_cell(cell, prefix, updates[col]) if col in updates else cell) for col, cell in cells]
    for col, value in updates.items():
        if col not in present:
            fresh = _cell(prefix, [("r", f"{column_letters(col)}{number}")], "", value)
            patched.append((col, fresh))
    patched.sort(key=lambda item: item[0])
    # Keep whatever else the row holds (extLst and the like) after the cells.
    rest = re.sub(rf"<{prefix}c\b[^>]*?(?:/>|>.*?</{prefix}c>)", "", inner, flags=re.DOTALL)
    open_tag = re.sub(r'\sspans="[^"]*"', "", open_tag)  # the row's cell span may have grown
    return open_tag + "".join(cell for _, cell in patched) + rest + close_tag


_CALC_PR = re.compile(rb"<((?:\w+:)?)calcPr\b([^>]*?)(/?)>")


def mark_values_current(workbook_xml: bytes) -> bytes:
    """Tell Excel the stored values are current: no full recalculation on load (which would throw them away
    where the functions are not installed) and the calculation engine id of Excel 2016 and later."""

    def replace(match: re.Match[bytes]) -> bytes:
        prefix, attributes, closing = match.group(1), match.group(2).decode(), match.group(3)
        attributes = re.sub(r'\s(fullCalcOnLoad|calcId)="[^"]*"', "", attributes)
        return b"<" + prefix + b"calcPr" + f' calcId="191029"{attributes}'.encode() + closing + b">"

    marked, count = _CALC_PR.subn(replace, workbook_xml, count=1)
    if count:
        return marked
    return re.sub(rb"(</(?:\w+:)?workbook>)", rb'<calcPr calcId="191029"/>\1', workbook_xml, count=1)


def write_package(package: Package, replaced: Mapping[str, bytes], destination: Path, replace: bool = False) -> None:
    """Write the package with ``replaced`` parts to ``destination``: every other part is copied as it was, in the
    same order with the same zip settings. The file appears complete or not at all, through a symbolic link, with
    the mode of the file it replaces (see :func:`~xlbridge.files.outputs.write_atomically`); an existing
    destination is replaced only when ``replace`` is set."""

    def fill(temporary: Path) -> None:
        with zipfile.ZipFile(temporary, "w") as archive:
            for info in package.infos:
                data = replaced.get(info.filename, package.parts[info.filename])
                copy = zipfile.ZipInfo(info.filename, date_time=info.date_time)
                copy.compress_type = info.compress_type
                copy.external_attr = info.external_attr
                copy.create_system = info.create_system
                archive.writestr(copy, data)

    write_atomically(destination, fill, replace=replace)


# --- reading stored values -----------------------------------------------------------------------------------------

#: Day 0 of Excel's date serial numbers (as Excel counts them since 1 March 1900).
EXCEL_EPOCH = dt.date(1899, 12, 30)


def excel_date(value: object) -> dt.date | None:
    """A date from a cell's serial number (a date cell as stored), else None."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return EXCEL_EPOCH + dt.timedelta(days=int(value))
    return None


def excel_serial(day: dt.date) -> int:
    """A date as Excel stores it."""
    return (day - EXCEL_EPOCH).days


def cell_text(value: object) -> str:
    """A stored value as text: whole numbers without ".0", nothing as ""."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _shared_strings(package: Package) -> list[str]:
    name = next((part for part in package.parts if part.lower() == "xl/sharedstrings.xml"), None)
    if name is None:
        return []
    strings = []
    for item in parse_xml(package.parts[name]).iter(f"{{{MAIN_NS}}}si"):
        strings.append(excel_unescape("".join(text.text or "" for text in item.iter(f"{{{MAIN_NS}}}t"))))
    return strings


def _stored(raw: str, kind: str, shared: list[str]) -> object:
    """A cell's stored value from its ``<v>`` text and type; ValueError or IndexError if it is not one."""
    if kind == "s":
        return shared[int(raw)]
    if kind == "str":
        return excel_unescape(raw)
    if kind == "b":
        return raw.strip() == "1"
    if kind == "e":
        return ExcelErrorValue(raw)
    number = float(raw)
    if number != number or number in (float("inf"), float("-inf")):
        raise ValueError(f"not a number a cell can hold: {raw!r}")
    return int(number) if number.is_integer() and "." not in raw and "E" not in raw.upper() else number


def values_current(package: Package) -> bool:
    """Whether the values the workbook stores are its formulas' results: not when it asks to be computed in full
    when opened (``fullCalcOnLoad``, as XlsxWriter and openpyxl write a workbook they could not compute)."""
    match = _CALC_PR.search(package.parts[package.workbook_part])
    return match is None or re.search(rb'\sfullCalcOnLoad="(1|true)"', match.group(2)) is None


def read_values(package: Package, sheet: str, computed: bool = True) -> dict[tuple[int, int], object]:
    """The values a sheet stores (as last computed), by (row, column); errors as :class:`ExcelErrorValue`.

    A workbook whose values are not current (see :func:`values_current`), or a formula cell without a stored value,
    means the workbook was never computed (a blank template, or a file saved by a program that drops the values):
    refused when ``computed`` (else read as it is), so that nothing reads an uncomputed sheet as empty or as zeros.
    A value the cell cannot hold (a damaged part) is refused.
    """
    if sheet not in package.sheets:
        raise WorkbookError(f"{package.path}: has no sheet called {sheet!r}")
    if computed and not values_current(package):
        raise WorkbookError(
            f"{package.path}: has not been computed (it asks to be computed when opened): compute it first "
            "(xlbridge calc), or open it in Excel and save it"
        )
    shared = _shared_strings(package)
    values: dict[tuple[int, int], object] = {}
    for element in parse_xml(package.parts[package.sheets[sheet]]).iter(f"{{{MAIN_NS}}}c"):
        ref = element.get("r")
        if ref is None:
            continue
        try:
            row, col, _, _ = split_ref(ref)
        except ValueError:
            raise WorkbookError(f"{package.path}: sheet {sheet}: {ref!r} is not a cell reference (damaged?)") from None
        kind = element.get("t", "n")
        raw = element.findtext(f"{{{MAIN_NS}}}v")
        if kind == "inlineStr":
            values[(row, col)] = excel_unescape("".join(text.text or "" for text in element.iter(f"{{{MAIN_NS}}}t")))
            continue
        if raw is None or (not raw.strip() and kind not in ("str", "s")):  # XlsxWriter writes an empty value
            if element.find(f"{{{MAIN_NS}}}f") is not None and computed:
                raise WorkbookError(
                    f"{package.path}: has not been computed (sheet {sheet}, cell {ref} has a formula and no value): "
                    f"compute it first (xlbridge calc), or open it in Excel and save it"
                )
            continue
        try:
            values[(row, col)] = _stored(raw, kind, shared)
        except (ValueError, IndexError):
            raise WorkbookError(
                f"{package.path}: sheet {sheet}, cell {ref} holds {raw[:20]!r}, which is not a value of its type "
                "(damaged?)"
            ) from None
    return values
