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
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import BinaryIO, TypeVar

from ...engine.errors import InputFileError, NotComputedError, UnsafeXMLError, WorkbookError, XMLSyntaxError
from ...excel.cache import cell_key
from ..inputs import open_input
from .xmlsafe import check_xml, parse_xml

__all__ = [
    "CALC_PR",
    "ENGINE_CELLS",
    "EXCEL_EPOCH",
    "MAX_PART_TAGS",
    "READ_CELLS",
    "READ_ROWS",
    "SHEET_COLUMNS",
    "SHEET_ROWS",
    "ByValue",
    "ExcelErrorValue",
    "FormulaCell",
    "Package",
    "area_cells",
    "beyond_bounds",
    "cell_argument",
    "cell_position",
    "cell_text",
    "clipped",
    "column_letters",
    "column_number",
    "compute_again",
    "defined_area",
    "defined_names",
    "excel_date",
    "excel_escape",
    "excel_serial",
    "excel_unescape",
    "last_in_use",
    "open_package",
    "range_text",
    "read_formula_cells",
    "read_values",
    "split_ref",
    "values_current",
]

# --- what xlbridge reads of a workbook ------------------------------------------------------------------------------
# Each bound is past what the largest session's workbook holds, and a workbook past any of them is refused, naming
# the sheet and the range, before anything is built from it. That session is 20,000 results (the most the import
# takes) of 200 pairs at 100 tables over 200 boards: its tallest range is the Travellers array, 20,600 rows of 10
# columns; its largest sheet, Results, holds 240,000 cells in a part of 11 MB and 1.1 million XML tags; its formulas
# fill 370,000 cells and read 170,000. A session of the highest board a workbook prints (999) at 100 tables fills
# 102,897 rows of travellers (1.03 million cells). A range a formula fills is made whole, as Excel fills it: a whole
# column (1,048,576 rows) or a whole sheet (17 billion cells) would take all the memory there is. A range read is
# first cut at its sheet's last cell holding anything (:func:`clipped`), so whole columns read cost their rows in use.

#: A worksheet's rows and columns (Excel's specifications and limits): a range to the last of either is a whole
#: column or row, as Excel users select them.
SHEET_ROWS, SHEET_COLUMNS = 1_048_576, 16_384
#: The parts of a package, and their bytes unpacked, all together; a part over 1 MiB may unpack to at most
#: MAX_RATIO times its compressed size (more is a zip bomb). The package itself is at most MAX_TOTAL_BYTES: its
#: parts stored as they are, and their headers.
MAX_MEMBERS = 10_000
MAX_TOTAL_BYTES = 256 * 1024 * 1024
MAX_RATIO = 200
#: The tags of one XML part (each ``<``: an element's opening or closing tag, counted before the part is parsed):
#: its parsed tree takes some 300 bytes an element, so this bounds the memory a sheet takes to read (under 1 GB).
MAX_PART_TAGS = 2_500_000
#: The rows of a sheet xlbridge reads: no range a formula fills, no cell holding a value or a formula, and so no
#: range read (cut at the cells in use) may reach below this row.
READ_ROWS = 250_000
#: The cells of one range (rows x columns); and, each in all, the cells holding a value in all the sheets, those
#: all the formulas fill, and those xlbridge's functions are handed (a range made again counts again).
READ_CELLS = 2_000_000
#: The cells the general formula engine (for a workbook with formulas of its own) makes, all together: one of each
#: place of each sheet from A1 to its last cell, of each merged range, and of each range its formulas read or fill.
#: It keeps some 650 bytes a cell (a range of 2 million took 1.3 GB); the largest session with one formula of the
#: user's own makes 1.08 million, and took 284 s and 1.4 GB.
ENGINE_CELLS = 1_500_000
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
    #: Each sheet's last row and last column holding a cell, empty or not (read in the same pass).
    extents: dict[str, tuple[int, int]] = field(default_factory=dict, repr=False, compare=False)
    #: Each sheet's last row and last column holding a value or a formula (read in the same pass): past them, every
    #: cell is blank (see :func:`clipped`).
    in_use: dict[str, tuple[int, int]] = field(default_factory=dict, repr=False, compare=False)


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


def range_text(area: tuple[int, int, int, int]) -> str:
    """A range as Excel writes it, from its first row, first column, last row and last column: ``A1:C3``."""
    r1, c1, r2, c2 = area
    return f"{column_letters(c1)}{r1}" + ("" if (r1, c1) == (r2, c2) else f":{column_letters(c2)}{r2}")


def area_cells(area: tuple[int, int, int, int]) -> int:
    """How many cells a range (first row, first column, last row, last column) spans."""
    r1, c1, r2, c2 = area
    return (r2 - r1 + 1) * (c2 - c1 + 1)


def last_in_use(cells: Iterable[tuple[int, int]], areas: Iterable[tuple[int, int, int, int]]) -> tuple[int, int]:
    """A sheet's last row and last column holding anything: its ``cells`` holding a value (row, column) and the
    ``areas`` its formulas fill (stored or not); (0, 0) for none."""
    corners = [*cells, *((area[2], area[3]) for area in areas)]
    return max((row for row, _ in corners), default=0), max((col for _, col in corners), default=0)


def clipped(
    area: tuple[int, int, int, int], last: tuple[int, int], span: tuple[int, int] = (1, 1)
) -> tuple[int, int, int, int]:
    """The range ``area`` (first row, first column, last row, last column) as far as it can hold anything: cut at
    the sheet's ``last`` row and column holding a cell, and never shorter or narrower than ``span`` (rows, columns:
    a function answering row by row is handed as many rows as the tallest formula fills), nor than its first cell.
    Past the cut every cell is blank, so a function is handed the same cells but the blank rows and columns at the
    end: whole columns (``I2:R1048576``, ``A:H``) are read as the rows in use, not a million rows."""
    r1, c1, r2, c2 = area
    return r1, c1, min(r2, max(last[0], r1 + span[0] - 1)), min(c2, max(last[1], c1 + span[1] - 1))


def beyond_bounds(area: tuple[int, int, int, int]) -> str | None:
    """Why xlbridge does not read the range ``area`` (first row, first column, last row, last column): it reaches
    below row :data:`READ_ROWS`, or spans more than :data:`READ_CELLS` cells; None when it reads it."""
    if area[2] > READ_ROWS:
        return f"down to row {area[2]:,}; xlbridge reads a sheet's first {READ_ROWS:,} rows"
    cells = area_cells(area)
    if cells > READ_CELLS:
        return f"{cells:,} cells; xlbridge reads at most {READ_CELLS:,} in a range"
    return None


def _read_members(path: Path, data: bytes | None = None) -> tuple[list[zipfile.ZipInfo], dict[str, bytes]]:
    """The parts of the package at ``path`` (or, given, in ``data``): only a regular file of at most
    :data:`MAX_TOTAL_BYTES`, its first bytes read to tell what it is before the rest."""
    if data is not None:
        return _members(path, io.BytesIO(data))
    try:
        with open_input(path, "a workbook", MAX_TOTAL_BYTES) as file:
            return _members(path, file)
    except InputFileError as error:  # a file that cannot be a workbook: said as such
        raise WorkbookError(error.message) from None


def _members(path: Path, file: BinaryIO) -> tuple[list[zipfile.ZipInfo], dict[str, bytes]]:
    try:
        head = file.read(8)
        file.seek(0)
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
        archive = zipfile.ZipFile(file)
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
    _check_parts(location, {name: data for name, data in parts.items() if name.endswith(_XML_PARTS)})
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
    _check_parts(location, {part: parts[part] for part in sheets.values() if not part.endswith(_XML_PARTS)})
    return Package(location, infos, parts, sheets, workbook_part)


#: The name endings of a package's XML parts (a sheet's part may have another, its relationship says it is one).
_XML_PARTS = (".xml", ".rels")


def _check_parts(location: Path, parts: Mapping[str, bytes]) -> None:
    """Refuse an XML part of more tags than :data:`MAX_PART_TAGS` (each part's counted first, in a moment, before
    any is parsed), or one that does not parse safely."""
    for name, data in parts.items():
        tags = data.count(b"<")  # more than its elements
        if tags > MAX_PART_TAGS:
            raise WorkbookError(f"{location}: refused: part {name} has {tags:,} XML tags, more than a workbook "
                                f"xlbridge reads has in one part ({MAX_PART_TAGS:,})")  # fmt: skip
    for name, data in parts.items():
        try:
            check_xml(data)
        except (UnsafeXMLError, XMLSyntaxError) as error:
            raise WorkbookError(f"{location}: part {name}: {error.message}") from None


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
    kept in ``package.formulas`` and its extent in ``package.extents`` (one parse of the part gives all three). A
    cell's children are read in one pass, and a plain number (most of a session's cells) without a call per cell.
    Refused: a cell that holds something below row :data:`READ_ROWS`, an array formula filling a range past the
    bounds (:func:`beyond_bounds`), and more cells holding a value in the workbook than :data:`READ_CELLS`."""
    shared = _shared_strings(package)
    values: dict[tuple[int, int], object] = {}
    formulas: list[FormulaCell] = []
    uncomputed = None
    last_row = last_col = 0
    columns, first_digits = _COLUMNS, _FIRST_DIGITS
    where = f"{package.path}: sheet {sheet}"
    for element in parse_xml(package.parts[package.sheets[sheet]]).iter(_CELL):
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
                raise WorkbookError(f"{where}: {ref!r} is not a cell reference (damaged?)") from None
        if row > last_row:
            last_row = row
        if col > last_col:
            last_col = col
        if not len(element):  # a cell that holds nothing (most of a template's: its blank entries)
            continue
        if row > READ_ROWS:
            raise WorkbookError(f"{where}, cell {ref}: holds a value or a formula, and xlbridge reads a sheet's "
                                f"first {READ_ROWS:,} rows: move it up, or delete it")  # fmt: skip
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
                raise WorkbookError(f"{where}, cell {ref}: its array formula fills {spans!r}, which is not a range "
                                    "(damaged?)") from None  # fmt: skip
            beyond = beyond_bounds(area)
            if beyond is not None:
                raise WorkbookError(f"{where}, cell {ref}: its array formula fills {range_text(area)} ({beyond}): "
                                    "make it fill only the cells its answer needs")  # fmt: skip
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
            raise WorkbookError(f"{where}, cell {ref} holds {raw[:20]!r}, which is not a value of its type "
                                "(damaged?)") from None  # fmt: skip
    held = len(values) + sum(len(known) for known, _ in package.values.values())
    if held > READ_CELLS:
        raise WorkbookError(f"{where}: refused: the workbook's sheets hold {held:,} values up to this one, and "
                            f"xlbridge reads at most {READ_CELLS:,} (the largest session's hold 430,000)")  # fmt: skip
    package.formulas[sheet] = formulas
    package.extents[sheet] = (last_row, last_col)
    package.in_use[sheet] = last_in_use(values, [area for area, _, _ in formulas])
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
    when the workbook has no such name, or it points to no range of one of its sheets (``#REF!``: deleted). The
    range is cut at the sheet's last cell (:func:`clipped`: a name over whole columns is its rows in use); one
    still past what xlbridge reads (:func:`beyond_bounds`) is refused."""
    target = defined_names(package).get(name.upper())
    if target is None or "!" not in target:
        return None
    where, _, ref = target.rpartition("!")
    sheet = where[1:-1].replace("''", "'") if where.startswith("'") else where
    if sheet not in package.sheets:
        return None
    try:
        area = split_ref(ref)
    except ValueError:
        return None
    read_values(package, sheet, computed=False)  # the sheet's extent, read with its values
    area = clipped(area, package.in_use[sheet])
    beyond = beyond_bounds(area)
    if beyond is not None:
        raise WorkbookError(f"{package.path}: the name {name} is {sheet}!{ref}, whose cells in use are "
                            f"{range_text(area)} ({beyond}): make it the rows of the block (Formulas > Name "
                            "Manager)")  # fmt: skip
    return sheet, area
