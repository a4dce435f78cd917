"""Every sheet of every template prints one page wide at 80% or more, and no label is cut short by the cell beside
it: worked out from each sheet's own column widths, print area, orientation and page settings, as Excel lays a page
out (its column widths in pixels of the default font: 7 per character and 5 of padding; the page the narrower of
A4 and Letter, less the sheet's margins (XlsxWriter's 0.7 inch a side where it sets none), at 96 pixels an inch).

The templates are checked blank (as ``xlbridge templates`` writes them) and filled the ways a club fills them: the
demo, both real Compscore3 sessions, an evening of ``xlbridge movement -o``, a teams event of ten rounds.
"""

from __future__ import annotations

import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from xlbridge.files.workbook.xlsx import Package, column_letters, column_number, open_package
from xlbridge.files.workbook.xmlsafe import parse_xml

from .conftest import BUTLER, HOWELL

#: Every sheet of every template printed through LibreOffice: with the slow tests (about ten seconds).
pytestmark = pytest.mark.slow

MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
#: The width of a page, in inches: the narrower of A4 and Letter.
PAPER = {"portrait": 8.27, "landscape": 11.0}
#: The printable width of a page, in pixels, with XlsxWriter's margins of 0.7 inch a side.
PRINTABLE = {orientation: (inches - 1.4) * 96 for orientation, inches in PAPER.items()}
#: Excel's default column width as a file stores it (8.43 characters and the padding: 64 pixels).
DEFAULT_WIDTH = 9.140625


def pixels(width: float) -> int:
    """A column's width in pixels from its width as the file stores it (its characters plus the padding, in digits
    of Calibri 11, Excel's default font, 7 pixels each), as Excel turns one into the other."""
    return int((256 * width + 128 // 7) / 256 * 7)


@dataclass(frozen=True)
class Printed:
    sheet: str
    columns: int
    width: int
    orientation: str
    fit_to_width: bool
    scale: float


def print_columns(area: str | None, dimension: str) -> tuple[int, int]:
    """The first and last column a sheet prints: its print area (a range, or Excel's OFFSET of a width), else the
    cells it uses."""
    if area and area.startswith("OFFSET("):
        arguments, depth, start = [], 0, len("OFFSET(")
        for index, character in enumerate(area[:-1], start=0):  # split at the commas outside parentheses
            depth += {"(": 1, ")": -1}.get(character, 0)
            if character == "," and depth == 1:
                arguments.append(area[start:index])
                start = index + 1
        arguments.append(area[start:-1])
        first = column_number(re.sub(r"[^A-Z]", "", arguments[0].split("!")[-1]))
        # The width: a number, or the standings' columns plus the rounds played (taken as ten, the most printed at
        # 80%): 9+MIN(15,MAX(Matches!$A$2:$A$201)).
        width = re.sub(r"MAX\([^)]*\)", "10", arguments[4])
        found = re.fullmatch(r"(\d+)(?:\+MIN\((\d+),(\d+)\))?", width)
        assert found is not None, width
        columns = int(found[1]) + (min(int(found[2]), int(found[3])) if found[2] else 0)
        return first, first + columns - 1
    letters = re.findall(r"\$?([A-Z]+)\$?\d*", (area or dimension).split("!")[-1])
    return column_number(letters[0]), column_number(letters[-1])


def printed_sheets(package: Package) -> list[Printed]:
    """How each visible sheet of the workbook prints: the width of what it prints, and at what scale."""
    workbook = parse_xml(package.parts[package.workbook_part])
    areas = {int(name.get("localSheetId", -1)): name.text for name in workbook.iter(f"{MAIN}definedName")
             if name.get("name") == "_xlnm.Print_Area"}  # fmt: skip
    out = []
    for index, sheet in enumerate(workbook.iter(f"{MAIN}sheet")):
        if sheet.get("state") == "hidden":
            continue
        name = sheet.get("name", "")
        root = parse_xml(package.parts[package.sheets[name]])
        widths: dict[int, float] = {}
        for col in root.iter(f"{MAIN}col"):
            for number in range(int(col.get("min", "1")), int(col.get("max", "1")) + 1):
                widths[number] = float(col.get("width", DEFAULT_WIDTH))
        dimension = root.find(f"{MAIN}dimension")
        first, last = print_columns(areas.get(index), "" if dimension is None else dimension.get("ref", "A1"))
        width = sum(pixels(widths.get(number, DEFAULT_WIDTH)) for number in range(first, last + 1))
        setup = root.find(f"{MAIN}pageSetup")
        orientation = "portrait" if setup is None else setup.get("orientation", "portrait")
        fit = root.find(f"{MAIN}sheetPr/{MAIN}pageSetUpPr")
        fit_to_width = fit is not None and fit.get("fitToPage") == "1" and (
            setup is None or setup.get("fitToWidth", "1") == "1")  # fmt: skip
        given = 1.0 if setup is None else int(setup.get("scale", "100")) / 100
        margins = root.find(f"{MAIN}pageMargins")  # the sheet's own, where it sets them
        sides = 1.4 if margins is None else float(margins.get("left", 0.7)) + float(margins.get("right", 0.7))
        printable = (PAPER[orientation] - sides) * 96
        scale = min(1.0, printable / width) if fit_to_width else given
        out.append(Printed(name, last - first + 1, width, orientation, fit_to_width, scale))
    return out


def xlbridge(*argv: str, cwd: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "xlbridge", *argv], capture_output=True, text=True, cwd=cwd,
                          timeout=300, check=False)  # fmt: skip
    assert done.returncode == 0, done.stderr


def teams_event(rounds: int) -> str:
    """A USEBIO teams event of six teams and ``rounds`` rounds (three matches a round of 8 boards, each match as
    both teams' scorers send it)."""
    teams = "".join(f'<TEAM TEAM_ID="{t}" TEAM_NAME="Team {t}"><PLAYER><PLAYER_NAME>P{t}</PLAYER_NAME></PLAYER></TEAM>'
                    for t in range(1, 7))  # fmt: skip
    matches = []
    for r in range(1, rounds + 1):
        others = [2, 3, 4, 5, 6]
        turned = others[(r - 1) % 5 :] + others[: (r - 1) % 5]  # the circle method: everyone meets everyone
        for home, away in ((1, turned[0]), (turned[1], turned[4]), (turned[2], turned[3])):
            for team, other, sign in ((home, away, 1), (away, home, -1)):
                boards = "".join(f"<BOARD><BOARD_NUMBER>{b}</BOARD_NUMBER><IMPS>{sign * ((b + r + home) % 7 - 3)}"
                                 "</IMPS></BOARD>" for b in range(1, 9))  # fmt: skip
                matches.append(f"<MATCH><ROUND_NUMBER>{r}</ROUND_NUMBER><TEAM>{team}</TEAM>"
                               f"<OPPOSING_TEAM>{other}</OPPOSING_TEAM>{boards}</MATCH>")  # fmt: skip
    return ('<?xml version="1.0"?><USEBIO Version="1.2"><EVENT EVENT_TYPE="SWISS_TEAMS"><EVENT_DESCRIPTION>Swiss'
            f"</EVENT_DESCRIPTION><SESSION><SECTION><PARTICIPANTS>{teams}</PARTICIPANTS>{''.join(matches)}</SECTION>"
            "</SESSION></EVENT></USEBIO>")  # fmt: skip


@pytest.fixture(scope="module")
def workbooks(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Every template blank, for both routes, and filled as a club fills them."""
    folder = tmp_path_factory.mktemp("printing")
    xlbridge("templates", "--out", "classic", cwd=folder)
    xlbridge("templates", "--for", "lite", "--out", "lite", cwd=folder)
    xlbridge("demo", "--out", "demo", cwd=folder)
    xlbridge("import", str(HOWELL), "-o", "howell.xlsx", cwd=folder)
    xlbridge("import", str(BUTLER), "-o", "butler.xlsx", cwd=folder)
    xlbridge("movement", "mitchell", "--tables", "8", "--boards-per-round", "3", "--even", "relay", "--winners",
             "one", "--pairs", "15", "--event", "Tuesday pairs", "-o", "evening.xlsx", cwd=folder)  # fmt: skip
    (folder / "swiss.xml").write_text(teams_event(10))
    xlbridge("import", "swiss.xml", "-o", "swiss.xlsx", cwd=folder)
    found = {f"{flavour}/{path.name}": path for flavour in ("classic", "lite") for path in (folder / flavour).glob("*")}
    found |= {f"demo/{path.name}": path for path in (folder / "demo").glob("*.xlsx")}
    found |= {name: folder / name for name in ("howell.xlsx", "butler.xlsx", "evening.xlsx", "swiss.xlsx")}
    return found


def test_every_sheet_prints_one_page_wide_at_80_percent_or_more(workbooks: dict[str, Path]) -> None:
    """Each visible sheet is set to print one page wide, and what it prints fits that page at 80% or more."""
    assert len(workbooks) == 6 + 6 + 2 + 4
    small = []
    for name, path in sorted(workbooks.items()):
        for printed in printed_sheets(open_package(path)):
            if not printed.fit_to_width and printed.scale == 1.0 and printed.width > PRINTABLE[printed.orientation]:
                small.append(f"{name} {printed.sheet}: {printed.width} px, two pages wide")
            elif printed.scale < 0.8:
                small.append(f"{name} {printed.sheet}: {printed.width} px wide ({printed.columns} columns), printed "
                             f"at {printed.scale:.0%} {printed.orientation}")  # fmt: skip
    assert small == []


def test_the_check_can_fail() -> None:
    """The check sees a sheet too wide: twenty columns of 20 characters, fitted to a page, print at 47%."""
    assert pixels(DEFAULT_WIDTH) == 64
    assert min(1.0, PRINTABLE["landscape"] / (20 * pixels(20.7109375))) < 0.5
    assert print_columns("OFFSET(Standings!$A$1,0,0,24,9+MIN(15,MAX(Matches!$A$2:$A$201)))", "A1") == (1, 19)
    assert print_columns("'Results'!$A$1:$P$721", "A1") == (1, 16)


#: The labels the templates write beside cells (not table headings, which wrap, nor notes): the estimated width of
#: a character of bold text, in Excel's units (the width of a digit).
BOLD = 1.0


def styles(package: Package) -> tuple[set[int], set[int]]:
    """The cell styles (indices into cellXfs) that wrap their text, and those that are bold."""
    root = parse_xml(package.parts["xl/styles.xml"])
    fonts = [font.find(f"{MAIN}b") is not None for font in root.iter(f"{MAIN}font")]
    xfs = root.find(f"{MAIN}cellXfs")
    assert xfs is not None
    wrapping, bold = set(), set()
    for index, xf in enumerate(xfs.iter(f"{MAIN}xf")):
        alignment = xf.find(f"{MAIN}alignment")
        if alignment is not None and alignment.get("wrapText") == "1":
            wrapping.add(index)
        if fonts[int(xf.get("fontId", "0"))]:
            bold.add(index)
    return wrapping, bold


def cut_labels(package: Package) -> list[str]:
    """The bold labels of each sheet (text typed in the template, in a style that does not wrap) longer than their
    cell and the empty cells after it, into which Excel lets text run on."""
    wrapping, bold = styles(package)
    strings = [item.findtext(f"{MAIN}t", "") or "".join(t.text or "" for t in item.iter(f"{MAIN}t"))
               for item in parse_xml(package.parts["xl/sharedStrings.xml"]).iter(f"{MAIN}si")]  # fmt: skip
    cut = []
    workbook = parse_xml(package.parts[package.workbook_part])
    hidden = {sheet.get("name") for sheet in workbook.iter(f"{MAIN}sheet") if sheet.get("state") == "hidden"}
    for name, part in package.sheets.items():
        if name in hidden:
            continue
        root = parse_xml(package.parts[part])
        widths: dict[int, float] = {}
        for col in root.iter(f"{MAIN}col"):
            for number in range(int(col.get("min", "1")), int(col.get("max", "1")) + 1):
                widths[number] = float(col.get("width", DEFAULT_WIDTH))
        merged = {}
        for merge in root.iter(f"{MAIN}mergeCell"):
            first, _, last = merge.get("ref", "").partition(":")
            merged[first] = column_number(re.sub(r"\d", "", last)) - column_number(re.sub(r"\d", "", first)) + 1
        cells: dict[tuple[int, int], tuple[str | None, int, bool]] = {}
        for cell in root.iter(f"{MAIN}c"):
            ref = cell.get("r", "")
            row, col = int(re.sub(r"\D", "", ref)), column_number(re.sub(r"\d", "", ref))
            has_value = cell.find(f"{MAIN}v") is not None and (cell.findtext(f"{MAIN}v") or "") != ""
            text = strings[int(cell.findtext(f"{MAIN}v", "0"))] if cell.get("t") == "s" else None
            cells[(row, col)] = (text, int(cell.get("s", "0")), has_value or cell.find(f"{MAIN}f") is not None)
        for (row, col), (text, style, _) in cells.items():
            if text is None or style in wrapping or style not in bold:
                continue
            room = sum(widths.get(col + k, DEFAULT_WIDTH) for k in range(merged.get(f"{column_letters(col)}{row}", 1)))
            after = col + merged.get(f"{column_letters(col)}{row}", 1)
            while len(text) * BOLD > room and not cells.get((row, after), (None, 0, False))[2] and after < col + 20:
                room += widths.get(after, DEFAULT_WIDTH)
                after += 1
            if len(text) * BOLD > room:
                cut.append(f"{name}!{column_letters(col)}{row} {text!r}")
    return cut


def test_no_label_is_cut_by_the_cell_beside_it(workbooks: dict[str, Path]) -> None:
    """Every label a template writes (First dealer, Vulnerable, Results per board used...) fits its cell, or runs
    on into empty cells; none stops at a cell that holds something."""
    cut = [f"{name}: {label}" for name, path in sorted(workbooks.items())
           for label in cut_labels(open_package(path))]  # fmt: skip
    assert cut == []
