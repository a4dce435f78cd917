"""Helpers for the workbook tests: build a template, compute it, read its cells back."""

from __future__ import annotations

import io
import re
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from xlbridge.files.workbook.calc import Computed, calc_workbook
from xlbridge.files.workbook.xlsx import ExcelErrorValue, open_package, read_values

ROOT = Path(__file__).resolve().parent.parent


class Book:
    """A computed workbook's stored values, sheet by sheet, addressed like Excel (``book["Results"]["I2"]``)."""

    def __init__(self, path: Path, computed: Computed | None = None) -> None:
        self.path = path
        self.computed = computed
        self.package = open_package(path)
        self.sheets = {name: read_values(self.package, name, computed=False) for name in self.package.sheets}

    def value(self, sheet: str, ref: str) -> Any:
        match = re.fullmatch(r"([A-Z]+)(\d+)", ref)
        assert match, ref
        col = 0
        for letter in match[1]:
            col = col * 26 + ord(letter) - 64
        return self.sheets[sheet].get((int(match[2]), col))

    def column(self, sheet: str, letter: str, first: int, count: int) -> list[Any]:
        return [self.value(sheet, f"{letter}{row}") for row in range(first, first + count)]

    def errors(self) -> list[tuple[str, tuple[int, int], str]]:
        return [
            (sheet, where, value.code)
            for sheet, values in self.sheets.items()
            for where, value in values.items()
            if isinstance(value, ExcelErrorValue)
        ]


def computed_book(tmp: Path, name: str, build: Callable[[Path], None]) -> Book:
    """Write a workbook with ``build`` and compute it with ``xlbridge calc``."""
    source = tmp / f"{name}.xlsx"
    build(source)
    destination, computed = calc_workbook(source, tmp / f"{name}-computed.xlsx")
    return Book(destination, computed)


def blank(value: Any) -> bool:
    return value is None or value == ""


def typed_into(source: Path, destination: Path, cells: dict[str, dict[str, object]]) -> Path:
    """``source`` with cells typed as a user types them (``{"Results": {"D5": "2NT", "A7": None}}``: text as text,
    numbers as numbers, None to clear a cell), saved without computing it again, as Excel does without the add-in."""
    from xlbridge.files.workbook.patching import patch_sheet, write_package
    from xlbridge.files.workbook.xlsx import cell_position

    package = open_package(source)
    replaced = {}
    for sheet, typed in cells.items():
        part = package.sheets[sheet]
        replaced[part] = patch_sheet(package.parts[part], {cell_position(ref): value for ref, value in typed.items()})
    write_package(package, replaced, destination, replace=True)
    return destination


def typed(path: Path, sheet: str, cells: dict[str, object]) -> None:
    """Type values into cells of a workbook as a secretary would, by editing its sheet's XML (not through
    xlbridge's own writer): each cell keeps its style and gets the value (a number, or text), the rest of the file
    is copied as it was. The workbook then needs computing again (calc)."""
    import zipfile
    from xml.sax.saxutils import escape

    part = open_package(path).sheets[sheet]
    with zipfile.ZipFile(path) as source:
        infos = source.infolist()
        parts = {info.filename: source.read(info) for info in infos}
    xml = parts[part].decode()
    for ref, value in cells.items():
        row = int(re.sub(r"[A-Z]+", "", ref))
        number = isinstance(value, (int, float)) and not isinstance(value, bool)
        body = f"<v>{value!r}</v>" if number else f'<is><t xml:space="preserve">{escape(str(value))}</t></is>'
        kind = "" if number else ' t="inlineStr"'
        found = re.search(rf'<c r="{ref}"(?: s="(\d+)")?[^>]*?(?:/>|>.*?</c>)', xml)
        if found:
            style = f' s="{found.group(1)}"' if found.group(1) else ""
            xml = xml[: found.start()] + f'<c r="{ref}"{style}{kind}>{body}</c>' + xml[found.end() :]
            continue
        row_tag = re.search(rf'<row r="{row}"[^>]*?(/>|>)', xml)
        assert row_tag is not None, f"{sheet} has no row {row} to type {ref} into"
        assert row_tag.group(1) == ">", ref
        # a cell the sheet does not have yet: placed in column order within its row
        end = xml.index("</row>", row_tag.end())
        cells_xml = xml[row_tag.end() : end]
        refs = [(m.start(), m.group(1)) for m in re.finditer(r'<c r="([A-Z]+)\d+"', cells_xml)]
        letters = re.sub(r"\d+", "", ref)
        at = next((start for start, col in refs if (len(col), col) > (len(letters), letters)), len(cells_xml))
        new = f'<c r="{ref}"{kind}>{body}</c>'
        xml = xml[: row_tag.end()] + cells_xml[:at] + new + cells_xml[at:] + xml[end:]
    parts[part] = xml.encode()
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as target:
        for info in infos:
            target.writestr(info, parts[info.filename])


def zip_of(parts: dict[str, bytes]) -> bytes:
    """A zip archive of ``parts`` (name: bytes), as a workbook package or any other zip file is made."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in parts.items():
            archive.writestr(name, data)
    return out.getvalue()
