"""The printed sheets as a noticeboard sees them: one landscape page each at 80% or more (the team match, the teams
event's standings, the rubber and Chicago scoresheets) on A4 and on Letter, no figure wider than its column, figures
stored as they are shown, the standings in place order with names beside numbers; and rendered to PDF by
LibreOffice (a values-only copy), one page a sheet."""

from __future__ import annotations

import re
import subprocess
import tempfile
from fractions import Fraction
from pathlib import Path

import pytest

from xlbridge.engine.draw import round_robin
from xlbridge.engine.matches import Event, EventMatch, Team
from xlbridge.files.demo_data import demo_data
from xlbridge.files.templates import CLASSIC, rubber, teams_event, teams_match
from xlbridge.files.workbook.calc import calc_workbook
from xlbridge.files.workbook.xlsx import open_package

from .render import available, values_only
from .workbooks import Book, blank

#: Paper (width, height) in inches.
PAPERS = {"A4": (8.27, 11.69), "Letter": (8.5, 11.0)}
#: Excel's pixels per character of column width with its default font (Calibri 11: the maximum digit width).
DIGIT = 7


def printed_scale(path: Path, sheet: str, paper: str) -> float:
    """The scale Excel prints ``sheet`` at when it fits its print area to one page (fitToPage, 1 x 1, or 1 wide):
    the page's printable size over the print area's, from the columns' widths and the rows' heights in the file."""
    package = open_package(path)
    xml = package.parts[package.sheets[sheet]].decode()
    workbook = package.parts[package.workbook_part].decode()
    index = list(package.sheets).index(sheet)
    area = re.search(rf'<definedName name="_xlnm.Print_Area" localSheetId="{index}">[^!]+!\$([A-Z]+)\$(\d+):\$([A-Z]+)'
                     rf'\$(\d+)</definedName>', workbook)  # fmt: skip
    assert area is not None, f"{sheet} has no print area"
    first_col, first_row, last_col, last_row = (
        _col(area[1]), int(area[2]), _col(area[3]), int(area[4]))  # fmt: skip
    widths = {}
    for found in re.finditer(r'<col min="(\d+)" max="(\d+)" width="([\d.]+)"', xml):
        for col in range(int(found[1]), int(found[2]) + 1):
            widths[col] = float(found[3])
    pixels = sum(
        int((256 * widths.get(col, 8.43) + 128 // DIGIT) / 256 * DIGIT) for col in range(first_col, last_col + 1)
    )
    heights = {int(found[1]): float(found[2]) for found in re.finditer(r'<row r="(\d+)"[^>]*? ht="([\d.]+)"', xml)}
    points = sum(heights.get(row, 20.0 if row == 1 else 15.0) for row in range(first_row, last_row + 1))
    margins = re.search(r'<pageMargins left="([\d.]+)" right="([\d.]+)" top="([\d.]+)" bottom="([\d.]+)"', xml)
    assert margins is not None
    left, right, top, bottom = (float(value) for value in margins.groups())
    width, height = PAPERS[paper]
    if 'orientation="landscape"' in xml:
        width, height = height, width
    assert 'fitToPage="1"' in xml, f"{sheet} is not fitted to its page"
    scale = (width - left - right) * 96 / pixels
    tall = re.search(r'fitToHeight="(\d+)"', xml)
    if tall is None or tall[1] != "0":
        scale = min(scale, (height - top - bottom) * 72 / points)
    return min(scale, 1.0)


def _col(letters: str) -> int:
    number = 0
    for letter in letters:
        number = number * 26 + ord(letter) - 64
    return number


def league(teams: int = 8) -> Event:
    """A finished round robin: every match's IMPs (made up, the same every run)."""
    rows = round_robin(list(range(1, teams + 1)))
    played = [EventMatch(m.round, m.home, m.away, None, (7 * n) % 41, (11 * n) % 37) if not m.bye else m
              for n, m in enumerate(rows)]  # fmt: skip
    names = ["Seahorses", "Kittiwakes", "Puffins", "Gannets", "Terns", "Skuas", "Fulmars", "Shags", "Petrels"]
    return Event("Winter league", teams=tuple(Team(n, names[n - 1]) for n in range(1, teams + 1)),
                 matches=tuple(played), rounds=max(m.round or 0 for m in rows))  # fmt: skip


@pytest.fixture(scope="module")
def printed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Computed workbooks of each kind: a league, the blank event (20 teams, 10 rounds), the demo match, a blank
    match, a rubber and a Chicago."""
    folder = tmp_path_factory.mktemp("printed")
    paths = {name: folder / f"{name}.xlsx" for name in ("league", "blank-event", "match", "blank-match", "rubber",
                                                        "chicago")}  # fmt: skip
    event = league()
    teams_event.build(paths["league"], CLASSIC, rows=len(event.matches), teams=8, event=event, computed=True)
    teams_event.build(paths["blank-event"], CLASSIC, computed=True)
    teams_match.build(paths["match"], CLASSIC, match=demo_data().match, computed=True)
    teams_match.build(paths["blank-match"], CLASSIC, computed=True)
    deals = [("N", "2NT", "=", ""), ("W", "4H", "=", ""), ("W", "5C", "-1", ""), ("S", "4SX", "+1", "NS100")]
    rubber.build_rubber(paths["rubber"], CLASSIC, deals=deals)
    rubber.build_chicago(paths["chicago"], CLASSIC, deals=deals)
    for name in ("rubber", "chicago"):
        calc_workbook(paths[name], in_place=True)
    return paths


@pytest.mark.parametrize(
    ("name", "sheet"),
    [("league", "Standings"), ("blank-event", "Standings"), ("league", "Matches"), ("match", "Match"),
     ("blank-match", "Match"), ("rubber", "Rubber"), ("chicago", "Chicago")],
)  # fmt: skip
@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_one_page_at_80_percent_or_more(printed: dict[str, Path], name: str, sheet: str, paper: str) -> None:
    """Each printed sheet fits one page (the Matches of an 8-team league too) at 80% or more, as Excel scales it."""
    assert printed_scale(printed[name], sheet, paper) >= 0.80


def test_standings_print_in_place_order_with_names_and_only_the_rounds_played(printed: dict[str, Path]) -> None:
    """The Standings sheet: places in order, each team's name beside its number, the running totals of the
    rounds played only, every figure stored as it is shown (2 decimals)."""
    book = Book(printed["league"])
    first = teams_event.HEADER_ROW + 2
    places = [book.value("Standings", f"A{row}") for row in range(first, first + 8)]
    assert [int(place.rstrip("=")) for place in places] == sorted(int(place.rstrip("=")) for place in places)
    assert all(book.value("Standings", f"C{row}") for row in range(first, first + 8))
    headings = [book.value("Standings", f"{letter}{first - 1}") for letter in "JKLMNOP"]
    assert headings == [f"After round {n}" for n in range(1, 8)]
    for row in range(first, first + 8):
        for letter in "HJKLMNOP":
            value = book.value("Standings", f"{letter}{row}")
            assert Fraction(repr(value)) == Fraction(f"{value:.2f}"), (letter, row, value)
    empty = Book(printed["blank-event"])
    assert blank(empty.value("Standings", "J5"))  # no round played: no round's heading


@pytest.mark.parametrize(("name", "sheet"), [("league", "Standings"), ("league", "Matches"), ("match", "Match")])
def test_no_figure_runs_into_the_next_cell(printed: dict[str, Path], name: str, sheet: str) -> None:
    """Every number as shown (2 decimals where the column shows 2) fits its column's width."""
    package = open_package(printed[name])
    xml = package.parts[package.sheets[sheet]].decode()
    widths = {}
    for found in re.finditer(r'<col min="(\d+)" max="(\d+)" width="([\d.]+)"', xml):
        for col in range(int(found[1]), int(found[2]) + 1):
            widths[col] = float(found[3])
    book = Book(printed[name])
    for (row, col), value in book.sheets[sheet].items():
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            shown = f"{value:.2f}" if isinstance(value, float) else str(value)
            assert len(shown) <= widths.get(col, 8.43) - 0.71, (sheet, row, col, value)


@pytest.mark.skipif(not available(), reason="LibreOffice (soffice) and pdftoppm are needed to render the sheets")
@pytest.mark.parametrize("name", ["league", "match", "rubber", "chicago"])
def test_rendered_to_pdf_one_page_a_sheet(printed: dict[str, Path], name: str) -> None:
    """A values-only copy converted by LibreOffice: the scorecards one page each; the league's Standings on one
    page of their own (all eight teams and the last round on it)."""
    with tempfile.TemporaryDirectory() as scratch:
        copy = Path(scratch) / f"{name}.xlsx"
        values_only(printed[name], copy)
        profile = f"-env:UserInstallation=file://{scratch}/profile"
        convert = ["soffice", profile, "--headless", "--convert-to", "pdf", "--outdir", scratch, str(copy)]
        subprocess.run(convert, check=True, capture_output=True, timeout=180)
        pdf = copy.with_suffix(".pdf")
        info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
        found = re.search(r"Pages:\s+(\d+)", info)
        assert found is not None
        pages = int(found[1])
        texts = [
            subprocess.run(["pdftotext", "-f", str(page), "-l", str(page), "-layout", str(pdf), "-"],
                           capture_output=True, text=True, check=True).stdout
            for page in range(1, pages + 1)
        ]  # fmt: skip
    if name != "league":
        assert pages == 1, texts
        return
    standings = [text for text in texts if "Place" in text and "Played" in text]
    assert len(standings) == 1
    assert all(team in standings[0] for team in ("Seahorses", "Shags"))
    assert "After" in standings[0]
    assert re.search(r"round\s+7", standings[0])
