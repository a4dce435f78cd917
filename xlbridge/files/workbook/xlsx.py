"""Reading a workbook package safely: its parts, its sheets and the values its cells store.

An .xlsx/.xlsm file is a zip of XML parts. :func:`open_package` refuses what is not a workbook (an old .xls, an
encrypted workbook, a corrupt or oversized zip) with one clear message; :func:`read_values` gives a sheet's stored
values. Writing values into a copy is :mod:`.patching`. Standard library only.
"""

from __future__ import annotations

import datetime as dt
import functools
import io
import os
import re
import zipfile
import zlib
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import TypeVar

from ...engine.errors import BridgeInputError, NotComputedError, WorkbookError
from ...excel.cache import cell_key
from .xmlsafe import check_xml, parse_xml

__all__ = [
    "CALC_PR",
    "EXCEL_EPOCH",
    "ByValue",
    "ExcelErrorValue",
    "FormulaCell",
    "Package",
    "cell_argument",
    "cell_position",
    "cell_text",
    "column_letters",
    "column_number",
    "compute_again",
    "defined_area",
    "defined_names",
    "excel_date",
    "excel_escape",
    "excel_serial",
    "excel_unescape",
    "open_package",
    "read_formula_cells",
    "read_values",
    "split_ref",
    "values_current",
]

MAX_MEMBERS = 10_000
MAX_TOTAL_BYTES = 256 * 1024 * 1024  # uncompressed, all parts together
MAX_RATIO = 200  # uncompressed / compressed, for parts over 1 MiB
OLE2_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
# What zipfile raises on a package damaged past reading: besides BadZipFile, a directory entry can claim a zip
# version it does not implement, a name that is not UTF-8, or sizes and offsets that run off the end.
DAMAGED = (zipfile.BadZipFile, zlib.error, OSError, EOFError, ValueError, NotImplementedError)

MAIN_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
REL_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PKG_REL_NS = "http://schemas.openxmlformats.org/package/2006/relationships"


#: A formula as its sheet holds it: the cells it fills (first row, first column, last row, last column, 1-based: an
#: array formula's range, else its own cell), its kind (``<f t="...">``: "array", "shared", or "" for a plain one)
#: and its text (a shared formula's is held by its first cell only).
FormulaCell = tuple[tuple[int, int, int, int], str, str]

_T = TypeVar("_T")


@dataclass
class Package:
    """The parts of a workbook package, by name, and the sheets by their names as Excel shows them."""

    path: Path
    infos: list[zipfile.ZipInfo]
    parts: dict[str, bytes]
    sheets: dict[str, str]  # sheet name -> part name (xl/worksheets/sheet1.xml)
    workbook_part: str
    #: The shared strings, read once when a sheet's values are first read.
    strings: list[str] | None = field(default=None, repr=False, compare=False)
    #: Each sheet's stored values once read, and its first formula cell without a value (see read_values).
    values: dict[str, tuple[dict[tuple[int, int], object], str | None]] = field(
        default_factory=dict, repr=False, compare=False
    )
    #: Each sheet's formulas, read in the same pass as its values (see :func:`read_formula_cells`).
    formulas: dict[str, list[FormulaCell]] = field(default_factory=dict, repr=False, compare=False)


@functools.lru_cache(maxsize=1 << 14)  # every column a sheet can have
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
#: A cell's own reference as a sheet's ``<c r="...">`` holds it: letters and a row number, nothing else.
_OWN_REF = re.compile(r"([A-Z]{1,3})([1-9][0-9]{0,6})")


#: The column letters of the cells seen so far, and their numbers (a sheet names a few dozen).
_COLUMNS: dict[str, int] = {}
_FIRST_DIGITS = frozenset("123456789")


def cell_position(ref: str) -> tuple[int, int]:
    """(row, column) of a single cell's reference, such as ``B12`` (any other form as :func:`split_ref` reads it;
    ValueError if it is none). A sheet's values are read by it, a cell at a time: a reference of the usual form, in
    columns seen before, is read without a regular expression."""
    letters = ref.rstrip("0123456789")
    col = _COLUMNS.get(letters)
    digits = ref[len(letters) :]
    if col is not None and digits[:1] in _FIRST_DIGITS and len(digits) <= 7:
        return int(digits), col
    match = _OWN_REF.fullmatch(ref)
    if match is None:
        row, col, _, _ = split_ref(ref)
        return row, col
    col = _COLUMNS[match[1]] = column_number(match[1])
    return int(match[2]), col


@functools.lru_cache(maxsize=1 << 17)  # a sheet's cell references, read for its values, its formulas, its patching
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


def _read_members(path: Path, data: bytes | None = None) -> tuple[list[zipfile.ZipInfo], dict[str, bytes]]:
    """The parts of the package at ``path`` (or, given, in ``data``)."""
    if data is None:
        try:
            with path.open("rb") as file:
                head = file.read(8)
        except OSError as error:
            raise WorkbookError(f"{path}: cannot be read ({error.strerror or error})") from None
    else:
        head = data[:8]
    if head.startswith(OLE2_MAGIC):
        raise WorkbookError(
            f"{path}: an encrypted (password-protected) workbook or an old .xls file; save it from Excel as an "
            "unprotected .xlsx or .xlsm first"
        )
    if not head.startswith(b"PK"):
        raise WorkbookError(f"{path}: not an Excel workbook (.xlsx or .xlsm)")
    try:
        archive = zipfile.ZipFile(path if data is None else io.BytesIO(data))
    except DAMAGED as error:  # a damaged directory can claim a zip version, or a name, Python cannot read
        raise WorkbookError(f"{path}: the workbook is damaged (not a readable zip package: {error})") from None
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
            except DAMAGED as error:
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


def open_package(path: str | os.PathLike[str], data: bytes | None = None) -> Package:
    """Read a workbook's parts (from the file at ``path``, or from ``data``, a package written in memory), check
    every XML part parses safely, and find its sheets."""
    location = Path(path)
    infos, parts = _read_members(location, data)
    try:
        for name, data in parts.items():
            if name.endswith((".xml", ".rels")):
                check_xml(data)
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


#: The workbook's calculation properties element (``<calcPr .../>``).
CALC_PR = re.compile(rb"<((?:\w+:)?)calcPr\b([^>]*?)(/?)>")


# --- cell text and error values -----------------------------------------------------------------------------------

#: Characters XML 1.0 cannot hold, which Excel writes as ``_xHHHH_`` (ECMA-376 Part 1, 22.9.2.19 ST_Xstring).
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
_ESCAPED = re.compile(r"_x([0-9A-Fa-f]{4})_")


def excel_escape(text: str) -> str:
    """Text as a cell's XML holds it: characters XML cannot hold as ``_xHHHH_``, and an ``_x`` that would read as
    one escaped itself (``_x005F_``), as Excel writes them."""
    text = re.sub(r"_(?=x[0-9A-Fa-f]{4}_)", "_x005F_", text)
    return _NOT_XML.sub(lambda match: f"_x{ord(match[0]):04X}_", text)


def excel_unescape(text: str) -> str:
    """Text as the cell shows it, from its XML (:func:`excel_escape` undone). The escapes are UTF-16 code units, as
    Excel holds text: a surrogate pair (``_xD83C__xDCA1_``) is its one character, and a lone surrogate, which no
    encoding can write, the replacement character (U+FFFD)."""
    if "_x" not in text:
        return text
    unescaped = _ESCAPED.sub(lambda match: chr(int(match[1], 16)), text)
    return unescaped.encode("utf-16", "surrogatepass").decode("utf-16", "replace")


@dataclass(frozen=True)
class ExcelErrorValue:
    """An Excel error as a cell value (``#N/A``, ``#VALUE!``...), written with ``t="e"``."""

    code: str


class ByValue(dict[object, _T]):
    """A ``function`` of a cell's value worked out once for each distinct value, looked up as a dict's item (a run
    of cells' at once by ``map(by_value.__getitem__, values)``), a value not seen yet by :meth:`__missing__`.

    Only a value that no value of another kind a cell holds equals is remembered: text, a blank, a number but 0
    and 1 (which FALSE and TRUE equal, as keys) and those of 15 digits or more (whose whole and floating forms
    differ in a cell); whole 0 and 1 and TRUE and FALSE are remembered apart, with their kind (a session's cells
    hold thousands of noughts and ones); any other is worked out each time. It is given the values a cell holds
    and no others: text (``str`` itself), a whole or floating number (``int``, ``float``), TRUE or FALSE, an error,
    a blank (None); a value of another kind equal to one remembered (a ``Fraction`` equal to 2.5, a subclass of
    ``str``) would be given that one's answer. ``function`` gives a whole number and its floating form (2 and 2.0)
    one answer, as a cell shows them alike."""

    def __init__(self, function: Callable[[object], _T]) -> None:
        super().__init__()
        self.function = function
        #: The answers for whole 0 and 1, TRUE and FALSE, by (kind, value) (:func:`~xlbridge.excel.cache.cell_key`).
        self.by_kind: dict[Hashable, _T] = {}

    def __missing__(self, value: object) -> _T:
        kind = value.__class__
        if (kind is int or kind is bool) and value in (0, 1):
            key = cell_key(value)
            found = self.by_kind.get(key)
            if found is None:
                found = self.by_kind[key] = self.function(value)
            return found
        result = self.function(value)
        number = isinstance(value, (int, float)) and value not in (0, 1) and -1e15 < value < 1e15
        if kind is str or value is None or number:
            self[value] = result
        return result


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
    if package.strings is None:
        name = next((part for part in package.parts if part.lower() == "xl/sharedstrings.xml"), None)
        items = [] if name is None else parse_xml(package.parts[name]).iter(f"{{{MAIN_NS}}}si")
        tag = f"{{{MAIN_NS}}}t"
        package.strings = [excel_unescape("".join(text.text or "" for text in item.iter(tag))) for item in items]
    return package.strings


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
    match = CALC_PR.search(package.parts[package.workbook_part])
    return match is None or re.search(rb'\sfullCalcOnLoad="(1|true)"', match.group(2)) is None


def read_values(package: Package, sheet: str, computed: bool = True) -> dict[tuple[int, int], object]:
    """The values a sheet stores (as last computed), by (row, column); errors as :class:`ExcelErrorValue`.

    A workbook whose values are not current (see :func:`values_current`), or a formula cell without a stored value,
    means the workbook was never computed (a blank template, or a file saved by a program that drops the values):
    refused when ``computed`` (else read as it is), so that nothing reads an uncomputed sheet as empty or as zeros.
    A value the cell cannot hold (a damaged part) is refused. Each sheet is parsed once per package, for its values
    and its formulas (the same dictionary is given again: do not change it).
    """
    if sheet not in package.sheets:
        raise WorkbookError(f"{package.path}: has no sheet called {sheet!r}")
    if computed and not values_current(package):
        raise NotComputedError(f"{package.path}: has not been computed (it asks to be computed when opened): "
                            f"{compute_again(package.path)}")  # fmt: skip
    values, uncomputed = _read_sheet(package, sheet)
    if uncomputed is not None and computed:
        raise NotComputedError(
            f"{package.path}: has not been computed (sheet {sheet}, cell {uncomputed} has a formula and no value): "
            f"{compute_again(package.path)}"
        )
    return values


def read_formula_cells(package: Package, sheet: str) -> list[FormulaCell]:
    """The formulas a sheet holds, in its order (read in the pass that reads its values, once per package)."""
    if sheet not in package.sheets:
        raise WorkbookError(f"{package.path}: has no sheet called {sheet!r}")
    _read_sheet(package, sheet)
    return package.formulas[sheet]


def _read_sheet(package: Package, sheet: str) -> tuple[dict[tuple[int, int], object], str | None]:
    known = package.values.get(sheet)
    if known is None:
        known = package.values[sheet] = _sheet_values(package, sheet)
    return known


def compute_again(path: Path) -> str:
    """What every refusal of a workbook whose values are not current ends with: how to compute it."""
    return f"compute it again: xlbridge calc {path} --in-place, or open and save it in Excel"


_CELL, _VALUE, _FORMULA, _TEXT = (f"{{{MAIN_NS}}}{tag}" for tag in ("c", "v", "f", "t"))
_NAN = float("nan")


def _sheet_values(package: Package, sheet: str) -> tuple[dict[tuple[int, int], object], str | None]:
    """A sheet's stored values, and the first formula cell without one (None: there is none); its formulas are
    kept in ``package.formulas`` (one parse of the part gives both). A cell's children are read in one pass, and a
    plain number (most of a session's cells) without a call per cell."""
    shared = _shared_strings(package)
    values: dict[tuple[int, int], object] = {}
    formulas: list[FormulaCell] = []
    uncomputed = None
    columns, first_digits = _COLUMNS, _FIRST_DIGITS
    for element in parse_xml(package.parts[package.sheets[sheet]]).iter(_CELL):
        if not len(element):  # a cell that holds nothing (most of a template's: its blank entries)
            continue
        ref = element.get("r")
        if ref is None:
            continue
        letters = ref.rstrip("0123456789")  # cell_position's own fast way, inline: a call per cell is most of it
        col = columns.get(letters)
        digits = ref[len(letters) :]
        if col is not None and digits[:1] in first_digits and len(digits) <= 7:
            row = int(digits)
        else:
            try:
                row, col = cell_position(ref)
            except ValueError:
                where = f"{package.path}: sheet {sheet}"
                raise WorkbookError(f"{where}: {ref!r} is not a cell reference (damaged?)") from None
        formula = raw = None
        for child in element:
            tag = child.tag
            if tag == _VALUE:
                raw = child.text or ""
            elif tag == _FORMULA:
                formula = child
        if formula is not None:
            fkind, spans = formula.get("t", ""), formula.get("ref")
            try:
                area = split_ref(spans) if fkind == "array" and spans else (row, col, row, col)
            except ValueError:
                raise WorkbookError(f"{package.path}: sheet {sheet}, cell {ref}: its array formula fills {spans!r}, "
                                    "which is not a range (damaged?)") from None  # fmt: skip
            formulas.append((area, fkind, formula.text or ""))
        kind = element.get("t", "n")
        if kind == "inlineStr":
            values[(row, col)] = excel_unescape("".join(text.text or "" for text in element.iter(_TEXT)))
            continue
        if raw is None or (not raw.strip() and kind not in ("str", "s")):  # XlsxWriter writes an empty value
            if uncomputed is None and formula is not None:
                uncomputed = ref
            continue
        if kind == "n":  # _stored's number, inline
            try:
                number = float(raw)
            except ValueError:
                number = _NAN
            if number - number == 0.0:  # neither NaN nor infinite
                values[(row, col)] = (
                    int(number) if number.is_integer() and "." not in raw and "E" not in raw.upper() else number
                )
                continue
        try:
            values[(row, col)] = _stored(raw, kind, shared)
        except (ValueError, IndexError):
            raise WorkbookError(
                f"{package.path}: sheet {sheet}, cell {ref} holds {raw[:20]!r}, which is not a value of its type "
                "(damaged?)"
            ) from None
    package.formulas[sheet] = formulas
    return values, uncomputed


def cell_argument(value: object) -> object:
    """A stored cell value as xlwings hands it to a function: numbers as floats, a blank None, an error as its text
    (``#N/A``)."""
    if value is None or type(value) is float:  # most cells
        return value
    if isinstance(value, ExcelErrorValue):
        return value.code
    if isinstance(value, (bool, str)):
        return None if value == "" else value
    if isinstance(value, (int, float)):
        return float(value)
    return value


def defined_names(package: Package) -> dict[str, str]:
    """Workbook-level defined names that point to a range, by their names in upper case (Excel's own names, such
    as print areas, are left out)."""
    root = parse_xml(package.parts[package.workbook_part])
    names = {}
    for element in root.iter(f"{{{MAIN_NS}}}definedName"):
        name, target = element.get("name", ""), (element.text or "").strip()
        if name.startswith("_xlnm.") or element.get("localSheetId") is not None:
            continue
        names[name.upper()] = target
    return names


def defined_area(package: Package, name: str) -> tuple[str, tuple[int, int, int, int]] | None:
    """The sheet and 1-based area (first row, first column, last row, last column) a defined name points to; None
    when the workbook has no such name, or it points to no range of one of its sheets (``#REF!``: deleted)."""
    target = defined_names(package).get(name.upper())
    if target is None or "!" not in target:
        return None
    where, _, ref = target.rpartition("!")
    sheet = where[1:-1].replace("''", "'") if where.startswith("'") else where
    if sheet not in package.sheets:
        return None
    try:
        return sheet, split_ref(ref)
    except ValueError:
        return None
