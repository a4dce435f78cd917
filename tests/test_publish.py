"""``xlbridge publish``: the results website of a computed session, checked against the workbook's own cells, parsed
as HTML5, and rendered in headless Chromium.

The sessions are made as a club makes them: ``xlbridge demo``, and ``xlbridge import`` of both real Compscore3
sessions, each then published with ``xlbridge publish``, all in subprocesses.
"""

from __future__ import annotations

import base64
import csv
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlsplit

import html5lib
import pytest

from xlbridge import __version__ as xlbridge_version
from xlbridge.engine.install import install_command
from xlbridge.files.templates.layout import LAYOUT, Block
from xlbridge.files.workbook.patching import patch_sheet, write_package
from xlbridge.files.workbook.xlsx import excel_date, open_package

from . import browser
from .conftest import BUTLER, HOWELL
from .workbooks import Book, blank

SESSIONS = ("demo", "howell", "butler")

#: Law 2: the dealer and vulnerability of boards 1-16 (the cycle repeats every 16 boards).
LAW_2 = {
    1: ("North", "None"), 2: ("East", "North-South"), 3: ("South", "East-West"), 4: ("West", "Both"),
    5: ("North", "North-South"), 6: ("East", "East-West"), 7: ("South", "Both"), 8: ("West", "None"),
    9: ("North", "East-West"), 10: ("East", "Both"), 11: ("South", "None"), 12: ("West", "North-South"),
    13: ("North", "Both"), 14: ("East", "None"), 15: ("South", "North-South"), 16: ("West", "East-West"),
}  # fmt: skip


def xlbridge(*args: str, cwd: Path | None = None, check: bool = True) -> subprocess.CompletedProcess[str]:
    completed = subprocess.run(
        [sys.executable, "-m", "xlbridge", *args], capture_output=True, text=True, cwd=cwd, check=False, timeout=300
    )
    if check:
        assert completed.returncode == 0, completed.stderr
    return completed


@dataclass(frozen=True)
class Published:
    workbook: Path
    site: Path
    book: Book


@pytest.fixture(scope="module")
def published(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Published]:
    """The demo and both real sessions, each computed and published as a user does it."""
    folder = tmp_path_factory.mktemp("publish")
    xlbridge("demo", "--out", str(folder / "demo"))
    workbooks = {"demo": folder / "demo" / "pairs-session.xlsx"}
    for name, source in (("howell", HOWELL), ("butler", BUTLER)):
        workbooks[name] = folder / f"{name}.xlsx"
        xlbridge("import", str(source), "-o", str(workbooks[name]))
    out = {}
    for name, workbook in workbooks.items():
        site = folder / f"{name}-site"
        done = xlbridge("publish", str(workbook), "-o", str(site))
        assert f"-> {site}:" in done.stdout
        out[name] = Published(workbook, site, Book(workbook))
    return out


# Reading the workbook's own cells, by the template's layout.


def block_rows(book: Book, block: Block, until: str) -> list[dict[str, object]]:
    """A block's data rows as the workbook's cells hold them, heading by heading, up to the first blank ``until``."""
    cells = book.sheets[block.sheet]
    rows = []
    offset = 0
    while not blank(cells.get(block.position(until, offset))):
        rows.append({heading: cells.get(block.position(heading, offset)) for heading in block.columns})
        offset += 1
    return rows


def players(book: Book) -> dict[str, str]:
    """Each pair's players as the Names sheet lists them, by the pair's key (see :func:`pair_key`)."""
    mitchell = is_mitchell(book)
    out = {}
    for row in block_rows(book, LAYOUT.names, "Pair"):
        names = " & ".join(str(row[h]) for h in ("Player 1", "Player 2") if not blank(row[h]))
        out[pair_key(row["Pair"], row["Direction"], mitchell)] = names
    return out


def results_rows(book: Book) -> list[dict[str, object]]:
    return block_rows(book, LAYOUT.results, "Board")


def ranking_rows(book: Book) -> list[dict[str, object]]:
    return block_rows(book, LAYOUT.ranking, "Pair")


def is_mitchell(book: Book) -> bool:
    return book.sheets["Settings"].get(LAYOUT.setting("Fields").position) == "Two fields"


def pair_key(pair: object, direction: object, mitchell: bool) -> str:
    number = str(int(pair)) if isinstance(pair, float) else str(pair)
    return f"{number}{direction or ''}" if mitchell else number


# Reading the pages: every one must parse as HTML5 without a single error.

PARSER = html5lib.HTMLParser(strict=True, tree=html5lib.getTreeBuilder("etree"), namespaceHTMLElements=False)


def parse(path: Path) -> ET.Element:
    return PARSER.parse(path.read_bytes())  # type: ignore[no-any-return]


def text(element: ET.Element) -> str:
    """An element's text as a reader sees it on a wide screen (the phone-only copies and the words only a screen
    reader says, such as "Board" before a board number, left out)."""

    def raw(node: ET.Element) -> str:
        parts = [node.text or ""]
        for child in node:
            if not {"narrow", "visually-hidden"} & set(child.get("class", "").split()):
                parts.append(raw(child))
            parts.append(child.tail or "")
        return "".join(parts)

    return re.sub(r"\s+", " ", raw(element)).strip()


def table_rows(page: ET.Element, kind: str) -> list[list[str]]:
    return [[text(cell) for cell in row] for table in page.iter("table") if table.get("class") == kind
            for row in table.find("tbody") or []]  # fmt: skip


def same_number(shown: str, value: object) -> bool:
    """A page's figure and the workbook's: equal to the workbook's value rounded as the page rounds (2 decimals)."""
    if blank(value):
        return shown == ""
    if isinstance(value, str):
        return shown == value
    return shown != "" and abs(float(shown) - float(value)) <= 0.005 + 1e-9  # type: ignore[arg-type]


@pytest.mark.parametrize("name", SESSIONS)
def test_every_page_is_valid_html5_with_language_captions_and_header_scopes(
    published: dict[str, Published], name: str
) -> None:
    pages = sorted(published[name].site.glob("*.html"))
    assert len(pages) > 20
    for path in pages:
        page = parse(path)  # strict: the first parse error fails
        assert page.get("lang") == "en", path.name
        assert page.find("head/meta[@name='viewport']") is not None, path.name
        for table in page.iter("table"):
            caption = table.find("caption")
            assert caption is not None, path.name
            assert text(caption), path.name
            headers = list(table.iter("th"))
            assert headers, path.name
            assert all(th.get("scope") in ("col", "row") for th in headers), path.name
        ids = [element.get("id") for element in page.iter() if element.get("id")]
        assert len(ids) == len(set(ids)), path.name
        for element in page.iter():
            if element.get("aria-labelledby"):
                assert element.get("aria-labelledby") in ids, path.name


@pytest.mark.parametrize("name", SESSIONS)
def test_the_ranking_page_is_the_workbooks_ranking(published: dict[str, Published], name: str) -> None:
    """Place, pair, players, boards, score, percentage and masterpoints (when the workbook awards them) of every
    pair, in the Ranking sheet's order and fields."""
    book = published[name].book
    page = parse(published[name].site / "index.html")
    shown = table_rows(page, "ranking")
    expected = ranking_rows(book)
    assert len(shown) == len(expected) > 0
    imp = all(blank(row["%"]) for row in expected)
    awarded = not all(blank(row["Masterpoints"]) for row in expected)
    for row, want in zip(shown, expected, strict=True):
        place, pair, players, boards, score, *percentage = row[:-1] if awarded else row
        if awarded:
            assert same_number(row[-1], want["Masterpoints"])
        assert place == want["Place"]
        assert pair == pair_key(want["Pair"], None, False)
        assert players == want["Players"]
        assert same_number(boards, want["Boards"])
        assert same_number(score, want["Total"])
        assert percentage == ([] if imp else [percentage[0]])
        if not imp:
            assert same_number(percentage[0], want["%"])
    headings = [text(h) for h in page.iter("h2")]
    if is_mitchell(book):
        assert headings[:2] == ["North-South", "East-West"]
        fields = [table for table in page.iter("table") if table.get("class") == "ranking"]
        for table, direction in zip(fields, ("NS", "EW"), strict=True):
            count = len(list(table.find("tbody") or []))
            assert count == sum(1 for row in expected if row["Direction"] == direction)
    else:
        assert headings[0] == "All pairs"
    title = page.find("body/main/h1")
    assert title is not None
    assert text(title) == f"{event_and_date(book)} Ranking"


def event_and_date(book: Book) -> str:
    """The event and its date as the pages name them: ``Tuesday pairs, 24 November 2026`` (the Settings sheet's)."""
    event = book.sheets["Settings"].get(LAYOUT.setting("EventName").position)
    day = book.sheets["Settings"].get(LAYOUT.setting("EventDay").position)
    date = excel_date(day) if isinstance(day, (int, float)) else None
    return f"{event or 'Results'}" + (f", {date.day} {date:%B %Y}" if date else "")


@pytest.mark.parametrize("name", SESSIONS)
def test_no_page_names_the_workbooks_file(published: dict[str, Published], name: str) -> None:
    """A page goes on the club's public site: none names the secretary's workbook, by its file name or its
    folder, in what it shows or in its source."""
    workbook = published[name].workbook
    for page in published[name].site.glob("*.html"):
        source = page.read_text(encoding="utf-8")
        assert workbook.name not in source, page.name
        assert str(workbook.parent) not in source, page.name
        footer = parse(page).find("body/footer")
        assert footer is not None
        assert text(footer) == f"Published with xlbridge {xlbridge_version}."


@pytest.mark.parametrize("name", SESSIONS)
def test_every_page_names_the_event_and_its_date(published: dict[str, Published], name: str) -> None:
    """Every page's title and heading say which session it is: the event and its date."""
    said = event_and_date(published[name].book)
    if name == "demo":
        assert said == "Tuesday Evening Pairs (demo), 24 November 2026"
    for path in published[name].site.glob("*.html"):
        page = parse(path)
        heading = page.find("body/main/h1")
        assert heading is not None, path.name
        assert text(heading).startswith(f"{said} "), path.name
        assert (page.findtext("head/title") or "").endswith(f": {said}"), path.name


@pytest.mark.parametrize("name", SESSIONS)
def test_each_board_page_is_its_traveller(published: dict[str, Published], name: str) -> None:
    """Dealer and vulnerability (Law 2), every line of the board with both sides' scores and points, as on Results."""
    book = published[name].book
    results = results_rows(book)
    boards = sorted({int(row["Board"]) for row in results})  # type: ignore[call-overload]
    for board in boards:
        page = parse(published[name].site / f"board-{board}.html")
        facts = {text(dt): text(dd) for dt, dd in zip(page.iter("dt"), page.iter("dd"), strict=True)}
        assert (facts["Dealer"], facts["Vulnerable"]) == LAW_2[(board - 1) % 16 + 1]
        shown = table_rows(page, "traveller")
        lines = [row for row in results if int(row["Board"]) == board]  # type: ignore[call-overload]
        assert len(shown) == len(lines)
        names = players(book)
        for row, line in zip(shown, lines, strict=True):
            ns, ew, contract, by, lead, result, ns_score, ew_score, ns_points, ew_points, *percents = row
            for cell, side in ((ns, "NS"), (ew, "EW")):  # the pair's number, then its players
                number = pair_key(line[side], None, False)
                who = names.get(pair_key(line[side], side if is_mitchell(book) else None, is_mitchell(book)), "")
                assert cell == f"{number} {who}".strip(), (board, cell)
            if name != "butler":  # matchpoints: both sides' percentages, as Results has them
                assert len(percents) == 2
                assert same_number(percents[0], line["NS %"])
                assert same_number(percents[1], line["EW %"])
            else:
                assert percents == []
            adjusted = line["Adjusted"]
            assert contract == (f"Adjusted {adjusted}" if not blank(adjusted) else line["Contract"] or "")
            assert (by, lead, result) == tuple(line[h] or "" for h in ("By", "Lead", "Result"))
            for shown_value, heading in ((ns_score, "NS score"), (ew_score, "EW score"), (ns_points, "NS points"),
                                         (ew_points, "EW points")):  # fmt: skip
                assert same_number(shown_value, line[heading]), (board, heading, shown_value, line[heading])
        if name == "butler":
            assert same_number(facts["Datum"], lines[0]["Datum"])
        else:
            assert "Datum" not in facts


@pytest.mark.parametrize("name", SESSIONS)
def test_each_pair_page_is_its_scorecard_with_the_workbooks_figures(published: dict[str, Published], name: str) -> None:
    """Every board a pair played, with the score from its side and the points and percentage its Results row shows;
    the running figures end at the ranking's score (IMPs) or percentage (matchpoints)."""
    book = published[name].book
    mitchell = is_mitchell(book)
    results = results_rows(book)
    ranking = {pair_key(row["Pair"], row["Direction"], mitchell): row for row in ranking_rows(book)}
    imp = all(blank(row["%"]) for row in ranking.values())
    for key, standing in ranking.items():
        page = parse(published[name].site / f"pair-{key}.html")
        rows = table_rows(page, "scorecard")
        assert len(rows) == standing["Boards"]
        played = []
        for line in results:
            for side in ("NS", "EW"):
                if pair_key(line[side], side if mitchell else None, mitchell) == key:
                    played.append((side, line))
        assert len(played) == len(rows)
        by_board = {int(line["Board"]): (side, line) for side, line in played}  # type: ignore[call-overload]
        for row in rows:
            board = int(row[0])
            side, line = by_board[board]
            cells = dict(zip(headings(page), row, strict=True))
            other = "EW" if side == "NS" else "NS"
            assert cells["Versus"].split()[0] == pair_key(line[other], other if mitchell else None, mitchell)
            if "Sat" in cells:
                assert cells["Sat"] == side
            assert same_number(cells["Score"], line[f"{side} score"]) or cells["Score"] == line["Adjusted"]
            assert same_number(cells["IMPs" if imp else "MPs"], line[f"{side} points"])
            if not imp:
                assert same_number(cells["%"], line[f"{side} %"])
        last = dict(zip(headings(page), rows[-1], strict=True))
        if imp:
            assert same_number(last["IMPs so far"], standing["Total"])
        else:
            assert same_number(last["% so far"], standing["%"])


def headings(page: ET.Element) -> list[str]:
    table = next(table for table in page.iter("table") if table.get("class") == "scorecard")
    return [text(th) for th in table.iter("th") if th.get("scope") == "col"]


def test_names_and_texts_are_escaped(tmp_path: Path) -> None:
    """A player called <script>, an event with markup and quotes: shown as the text they are, never as HTML."""
    results = tmp_path / "results.csv"
    results.write_text(
        "board,ns,ew,contract,declarer,result\n1,1,2,4S,N,=\n1,3,4,4S,N,+1\n2,4,1,3NT,S,-1\n2,2,3,3NT,S,=\n",
        encoding="utf-8",
    )
    names = tmp_path / "names.csv"
    hostile = ['<script>alert("x")</script>', 'Ann O\'Neil & "Bo"', "<b>bold</b>", "Zoë</td><td>"]
    names.write_text(
        "pair,direction,player1,player2\n"
        + "".join(f'{n},,"{hostile[n - 1].replace(chr(34), chr(34) * 2)}",Partner {n}\n' for n in (1, 2, 3, 4)),
        encoding="utf-8",
    )
    workbook = tmp_path / "session.xlsx"
    xlbridge("import", str(results), "--names", str(names), "-o", str(workbook))
    site = tmp_path / "site"
    xlbridge("publish", str(workbook), "-o", str(site))
    for path in site.glob("*.html"):
        page = parse(path)
        assert not list(page.iter("script")), path.name
        assert not list(page.iter("b")), path.name
    ranking = table_rows(parse(site / "index.html"), "ranking")
    assert {row[2] for row in ranking} == {f"{name} & Partner {n}" for n, name in enumerate(hostile, start=1)}
    raw = (site / "pair-1.html").read_text(encoding="utf-8")
    assert "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;" in raw


def stale_copy(workbook: Path, destination: Path) -> Path:
    """The workbook with one Results figure changed, as if a result had been edited and the file not computed."""
    package = open_package(workbook)
    part = package.sheets["Results"]
    row, col = LAYOUT.results.position("NS points", 0)
    write_package(package, {part: patch_sheet(package.parts[part], {(row, col): 99.0})}, destination)
    return destination


def test_refusals_are_one_line_naming_the_problem(published: dict[str, Published], tmp_path: Path) -> None:
    howell = published["howell"]
    stale = xlbridge("publish", str(stale_copy(howell.workbook, tmp_path / "stale.xlsx")), "-o", str(tmp_path / "s"),
                     check=False)  # fmt: skip
    assert stale.returncode == 2
    assert stale.stderr.count("\n") == 1
    assert "its figures are not those of its entries (Results!L2 shows 99, its entries give " in stale.stderr
    assert stale.stderr.endswith("or open and save it in Excel\n")
    assert not (tmp_path / "s").exists()

    other = tmp_path / "my-documents"
    other.mkdir()
    (other / "letter.txt").write_text("keep me", encoding="utf-8")
    for force in ([], ["--force"]):  # a folder of files xlbridge did not write: never replaced
        refused = xlbridge("publish", str(howell.workbook), "-o", str(other), *force, check=False)
        assert refused.returncode == 2
        assert refused.stderr == (
            f"xlbridge publish: {other}: holds files xlbridge did not write (letter.txt): publish into a new or "
            "empty folder (publish replaces only a folder of results it published, even with --force)\n"
        )
        assert [path.name for path in other.iterdir()] == ["letter.txt"]
        assert (other / "letter.txt").read_text(encoding="utf-8") == "keep me"

    missing = xlbridge("publish", str(tmp_path / "nothing.xlsx"), "-o", str(tmp_path / "t"), check=False)
    assert missing.returncode == 2
    assert missing.stderr == f"xlbridge publish: {tmp_path / 'nothing.xlsx'}: no such file\n"


@pytest.mark.slow  # two sites written: four seconds
def test_publishing_again_replaces_the_earlier_pages(published: dict[str, Published], tmp_path: Path) -> None:
    """A folder that holds an earlier publication of the same session is replaced whole (a page it no longer has
    does not stay); one that holds another session's is refused, naming both, unless --force."""
    site = tmp_path / "site"
    xlbridge("publish", str(published["demo"].workbook), "-o", str(site))
    assert (site / "board-27.html").exists()
    (site / "board-99.html").write_text(next(site.glob("board-*.html")).read_text(encoding="utf-8"))
    xlbridge("publish", str(published["demo"].workbook), "-o", str(site))
    assert not (site / "board-99.html").exists()
    refused = xlbridge("publish", str(published["butler"].workbook), "-o", str(site), check=False)
    assert refused.returncode == 2
    assert refused.stderr == (
        f"xlbridge publish: {site}: holds the results of another session (Tuesday Evening Pairs (demo), 24 November "
        "2026), not of the session of 11 March 2026: publish into a folder of its own (or --force to replace them)\n"
    )
    assert (site / "board-27.html").exists()
    xlbridge("publish", str(published["butler"].workbook), "-o", str(site), "--force")
    assert not (site / "board-36.html").exists()
    assert sorted(p.name for p in site.iterdir()) == sorted(p.name for p in published["butler"].site.iterdir())
    assert [p.name for p in tmp_path.iterdir()] == ["site"]  # nothing staged is left beside it


def test_without_jinja2_the_command_names_the_extra(published: dict[str, Published], tmp_path: Path) -> None:
    code = (
        "import sys; sys.modules['jinja2'] = None\n"
        "from xlbridge.cli import main\n"
        f"sys.exit(main(['publish', {str(published['howell'].workbook)!r}, '-o', {str(tmp_path / 'site')!r}]))\n"
    )
    completed = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert completed.returncode == 2
    assert completed.stderr == f"xlbridge publish: needs the web extra: {install_command('web')}\n"


# In a real browser.

# Skipped on a machine without chromium; never in CI, which installs it (.ci/run): there a missing browser fails.
needs_chromium = pytest.mark.skipif(
    browser.chromium_path() is None and not os.environ.get("CI"), reason="needs chromium (Debian's package)"
)
SCREENSHOTS = os.environ.get("XLBRIDGE_SCREENSHOTS")


def resolves(href: str, site: Path) -> bool:
    """A link to a page of the site that exists."""
    parts = urlsplit(href)
    assert parts.scheme == "file", href
    target = Path(unquote(parts.path))
    return target.parent == site and target.is_file()


@needs_chromium
@pytest.mark.parametrize(
    "name",
    # the demo's 46 pages every run; the two real sessions' (a quarter of a minute each) with the slow tests, in CI
    [SESSIONS[0], *(pytest.param(name, marks=pytest.mark.slow) for name in SESSIONS[1:])],
)
def test_chromium_renders_every_page_without_an_error_and_every_link_resolves(
    published: dict[str, Published], name: str, tmp_path: Path
) -> None:
    """Each page loads with its stylesheet and no console message, every text drawn with WCAG 2 AA's contrast;
    every link leads to a page of the site (or to an element of its own page); at 1200 and at 400 pixels wide (a
    phone, and a narrow desktop window) neither the page nor any box in it scrolls sideways; the ranking it shows
    is the workbook's."""
    site = published[name].site
    expected = ranking_rows(published[name].book)
    with browser.chromium() as chromium:
        for path in sorted(site.glob("*.html")):
            url = path.as_uri()
            problems = chromium.open(url)
            assert problems.messages == [], (path.name, problems.messages)
            assert chromium.evaluate("getComputedStyle(document.querySelector('th')).borderBottomStyle") == "solid"
            assert chromium.evaluate(browser.LOW_CONTRAST) == {}, path.name  # WCAG 2 AA: 4.5:1, every text
            links = chromium.evaluate("[...document.querySelectorAll('a[href]')].map(a => a.href)")
            for href in links:
                if href.startswith(url + "#"):
                    fragment = href.split("#", 1)[1]
                    assert chromium.evaluate(f"document.getElementById({fragment!r}) !== null"), href
                else:
                    assert resolves(href, site), (path.name, href)
            for size, mobile in (((1200, 900), False), ((400, 900), True), ((400, 900), False)):
                chromium.resize(size, mobile=mobile)
                assert sideways(chromium) == [], (path.name, size, mobile)
        chromium.open((site / "index.html").as_uri())
        rendered = chromium.evaluate(
            "[...document.querySelectorAll('table.ranking tbody tr')].map(r => [...r.cells].map(c => c.innerText))"
        )
        assert [(row[0], row[1], row[2]) for row in rendered] == [
            (str(want["Place"]), pair_key(want["Pair"], None, False), want["Players"]) for want in expected
        ]
        assert "<table" in chromium.dom()


#: What scrolls sideways in the page open: the page itself, and every box of it that scrolls (its overflow set to
#: auto or scroll) and is wider inside than it shows, each with the pixels it is too wide.
SIDEWAYS = """(() => {
  const page = document.documentElement, out = [];
  if (page.scrollWidth > page.clientWidth) out.push(["page", page.scrollWidth - page.clientWidth]);
  for (const box of document.querySelectorAll("*")) {
    const overflow = getComputedStyle(box).overflowX;
    if ((overflow === "auto" || overflow === "scroll") && box.scrollWidth > box.clientWidth)
      out.push([box.tagName.toLowerCase() + "." + box.className, box.scrollWidth - box.clientWidth]);
  }
  return out;
})()"""


def sideways(chromium: browser.Chromium) -> list[list[object]]:
    """What scrolls sideways in the page open at its window's size (nothing, on a page that fits)."""
    return chromium.evaluate(SIDEWAYS)  # type: ignore[no-any-return]


#: A pair's players as long as names get: a double-barrelled surname longer than a phone's column.
LONG_NAMES = ("Marie-Christine Featherstonehaugh-Wolstenholme", "Bartholomew Okonkwo-Vanderbilt")


@needs_chromium
def test_long_names_fit_a_phone_and_a_laptop(published: dict[str, Published], tmp_path: Path) -> None:
    """The demo's results imported again with every pair named as long as names get: at a phone's 375 pixels and a
    laptop's 1280 neither a page nor any table in it scrolls sideways (a name breaks inside its column; the
    ranking's percentages were pushed off a phone's screen, a traveller's last column off a laptop's)."""
    results, names, workbook = tmp_path / "demo.pbn", tmp_path / "names.csv", tmp_path / "long.xlsx"
    xlbridge("export", str(published["demo"].workbook), "--pbn", str(results))
    names.write_text("pair,direction,player1,player2\n" + "".join(
        f"{pair},{direction},{LONG_NAMES[0]},{LONG_NAMES[1]}\n" for direction in ("NS", "EW") for pair in range(1, 10)),
        encoding="utf-8")  # fmt: skip
    xlbridge("import", str(results), "--names", str(names), "-o", str(workbook))
    site = tmp_path / "site"
    xlbridge("publish", str(workbook), "-o", str(site))
    assert {row[2] for row in table_rows(parse(site / "index.html"), "ranking")} == {" & ".join(LONG_NAMES)}
    with browser.chromium() as chromium:
        for path in sorted(site.glob("*.html")):
            chromium.open(path.as_uri())
            for size, mobile in (((320, 800), True), ((375, 800), True), ((1280, 900), False)):
                chromium.resize(size, mobile=mobile)
                assert sideways(chromium) == [], (path.name, size)
                assert chromium.evaluate("document.documentElement.scrollWidth") == size[0], (path.name, size)


def one_field_of_28(folder: Path) -> Path:
    """A one-winner Mitchell of 14 tables, 10 rounds of 2 boards (28 pairs in one field, each named as long as names
    get), its results typed as a CSV in the movement's order, imported with the movement and computed."""
    movement, results, names, workbook = (folder / name for name in ("movement.csv", "results.csv", "names.csv",
                                                                      "session.xlsx"))  # fmt: skip
    xlbridge("movement", "mitchell", "--tables", "14", "--boards-per-round", "2", "--rounds", "10", "--winners", "one",
             "--csv", str(movement))  # fmt: skip
    plays = [("3NT", "N", "="), ("4S", "S", "+1"), ("2H", "E", "-1"), ("1NT", "W", "="), ("4H", "N", "-2"),
             ("3D", "E", "+1"), ("4S", "N", "=")]  # fmt: skip
    lines = ["board,ns,ew,contract,declarer,result"]
    for row in csv.DictReader(movement.read_text(encoding="utf-8").splitlines()):
        first, last = map(int, row["boards"].split("-"))
        for board in range(first, last + 1):
            contract, declarer, result = plays[(board * 3 + int(row["ns"])) % len(plays)]
            lines.append(f"{board},{row['ns']},{row['ew']},{contract},{declarer},{result}")
    results.write_text("\n".join(lines) + "\n", encoding="utf-8")
    names.write_text("pair,player1,player2\n" + "".join(f"{pair},{LONG_NAMES[0]},{LONG_NAMES[1]}\n"
                                                         for pair in range(1, 29)), encoding="utf-8")  # fmt: skip
    xlbridge("import", str(results), "--names", str(names), "--movement-file", str(movement), "-o", str(workbook))
    return workbook


@needs_chromium
@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs pdftotext (poppler-utils) to read the PDF")
def test_a_field_longer_than_a_page_is_printed_from_the_first_page(tmp_path: Path) -> None:
    """The ranking of 28 pairs in one field, two lines each, printed on A4 as a browser prints it: the field starts
    on the first page under the heading, its column headings again on the next; it was kept whole, and so pushed
    to page 2, the first page blank but for the heading."""
    site = tmp_path / "site"
    xlbridge("publish", str(one_field_of_28(tmp_path)), "-o", str(site))
    expected = ranking_rows(Book(tmp_path / "session.xlsx"))
    pdf = tmp_path / "ranking.pdf"
    with browser.chromium() as chromium:
        chromium.open((site / "index.html").as_uri())
        printed = chromium.call("Page.printToPDF", {"paperWidth": 8.27, "paperHeight": 11.69})  # A4, in inches
    pdf.write_bytes(base64.b64decode(printed["data"]))
    pages = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True,
                           timeout=60).stdout.split("\f")[:-1]  # fmt: skip
    assert len(pages) == 2
    top = f"{expected[0]['Place']} +{pair_key(expected[0]['Pair'], None, False)} +{LONG_NAMES[0]} &"
    assert "All pairs" in pages[0]
    assert re.search(f"^{top}", pages[0], re.MULTILINE), pages[0]
    assert all("Place" in page and "Players" in page for page in pages)


@needs_chromium
def test_the_sideways_check_can_fail(tmp_path: Path) -> None:
    """A page wider than the window, and a box of it that scrolls, are both found."""
    page = tmp_path / "wide.html"
    page.write_text('<!DOCTYPE html><html lang="en"><head><title>x</title></head><body><div style="width:900px">wide'
                    '</div><div class="scroll" style="overflow-x:auto;width:200px"><table><tr><td style="'
                    'white-space:nowrap">' + "wide " * 100 + "</td></tr></table></div></body></html>",
                    encoding="utf-8")  # fmt: skip
    with browser.chromium() as chromium:
        chromium.open(page.as_uri(), (400, 900))
        found = sideways(chromium)
    assert [kind for kind, _ in found] == ["page", "div.scroll"]
    assert all(isinstance(pixels, int) and pixels > 0 for _, pixels in found)


@needs_chromium
def test_a_page_with_a_broken_link_or_a_console_error_is_caught(tmp_path: Path) -> None:
    """The browser checks can fail: a missing stylesheet and a console error are both reported."""
    page = tmp_path / "broken.html"
    page.write_text(
        '<!DOCTYPE html><html lang="en"><head><title>x</title><link rel="stylesheet" href="missing.css"></head>'
        '<body><script>console.error("boom")</script></body></html>',
        encoding="utf-8",
    )
    with browser.chromium() as chromium:
        messages = chromium.open(page.as_uri()).messages
    assert any("missing.css" in message for message in messages)
    assert "console.error: boom" in messages


@needs_chromium
def test_the_contrast_check_can_fail(tmp_path: Path) -> None:
    """Text too pale for its background is found, on white and on a band set behind it, each with its ratio; text
    dark enough, and a pale text hidden from view, are not."""
    page = tmp_path / "pale.html"
    page.write_text('<!DOCTYPE html><html lang="en"><head><title>x</title></head><body><p style="color:#999">pale'
                    '</p><div style="background:#d0d7de"><span class="muted" style="color:#767676">on a band</span>'
                    '</div><p style="color:#57606a">muted</p><p style="color:#eee;display:none">hidden</p></body>'
                    "</html>", encoding="utf-8")  # fmt: skip
    with browser.chromium() as chromium:
        chromium.open(page.as_uri())
        found = chromium.evaluate(browser.LOW_CONTRAST)
    assert sorted(found) == [
        "p. in undefined: rgb(153, 153, 153) on rgb(255, 255, 255), 2.85:1",
        "span.muted in muted: rgb(118, 118, 118) on rgb(208, 215, 222), 3.13:1",
    ]


@needs_chromium
def test_screenshots_at_phone_and_desktop_width(published: dict[str, Published], tmp_path: Path) -> None:
    """Screenshots of the ranking, a traveller and a scorecard at a phone's width and a desktop's, to look at
    (``XLBRIDGE_SCREENSHOTS=DIR`` keeps them); each is a real picture of the page's full height."""
    keep = Path(SCREENSHOTS) if SCREENSHOTS else tmp_path
    keep.mkdir(parents=True, exist_ok=True)
    site = published["demo"].site
    with browser.chromium() as chromium:
        for page in ("index.html", "board-5.html", "pair-2NS.html"):
            for label, size in (("phone", browser.PHONE), ("desktop", browser.DESKTOP)):
                chromium.open((site / page).as_uri(), size, mobile=label == "phone")
                shot = chromium.screenshot(keep / f"demo-{page.removesuffix('.html')}-{label}.png")
                data = shot.read_bytes()
                assert data[:8] == b"\x89PNG\r\n\x1a\n"
                width = int.from_bytes(data[16:20], "big")
                assert width == size[0], (page, label, width)
    if not SCREENSHOTS:
        shutil.rmtree(keep, ignore_errors=True)


@pytest.fixture(scope="module")
def with_deals(published: dict[str, Published], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The demo's results imported again with a hand record of their 27 boards (travellers and scorecards with a
    vs-par column, each board page its deal), published: the folder of its pages."""
    folder = tmp_path_factory.mktemp("with-deals")
    results, hands, workbook = folder / "demo.pbn", folder / "hands.pbn", folder / "hands.xlsx"
    xlbridge("export", str(published["demo"].workbook), "--pbn", str(results))
    xlbridge("deal", "--boards", "27", "--seed", "5", "-o", str(hands))
    xlbridge("import", str(results), "--hands", str(hands), "-o", str(workbook))
    xlbridge("publish", str(workbook), "-o", str(folder / "site"))
    assert "vs par" in (folder / "site" / "board-1.html").read_text(encoding="utf-8")
    return folder / "site"


#: Phones' widths in CSS pixels: the smallest still in use (iPhone SE, first generation), Android's most common, and
#: iPhones' 375 and 390.
PHONES = (320, 360, 375, browser.PHONE[0])


@needs_chromium
def test_every_page_fits_a_phone(published: dict[str, Published], with_deals: Path) -> None:
    """Every page of the demo's, both real sessions' and the session with its deals, on phones 320 to 390 pixels
    wide: neither the page nor any table in it scrolls sideways (a traveller against par scrolled 35 pixels at 360,
    its deal's eight-card suit pushed the page 25 pixels wider at 320, a ranking with masterpoints 28 at 360)."""
    sites = [published[name].site for name in sorted(published)] + [with_deals]
    found = []
    with browser.chromium() as chromium:
        for path in (page for site in sites for page in sorted(site.glob("*.html"))):
            chromium.open(path.as_uri(), (PHONES[0], 800), mobile=True)
            for width in PHONES:
                chromium.resize((width, 800), mobile=True)
                found += [(path.parent.name, path.name, width, what) for what in sideways(chromium)]
    assert found == []


#: The width a page prints in, in CSS pixels: A4 (the narrower of A4 and Letter) less style.css's margins of 1.5 cm.
PRINTED_WIDTH = round((21.0 - 2 * 1.5) / 2.54 * 96)


@needs_chromium
def test_every_page_prints_at_full_size(published: dict[str, Published], with_deals: Path) -> None:
    """Every page of the demo's, both real sessions' and the session with its deals laid out for print as wide as
    A4 less its margins: none is wider than the page, which a browser shrinks to fit, the whole page with it (a
    board page printed at 79%, its traveller's twelve columns 888 pixels wide)."""
    sites = [published[name].site for name in sorted(published)] + [with_deals]
    with browser.chromium() as chromium:
        pages = [page for site in sites for page in sorted(site.glob("*.html"))]
        wider = [(path.parent.name, path.name, width) for path in pages
                 if (width := printed_width(chromium, path, PRINTED_WIDTH)) > PRINTED_WIDTH]  # fmt: skip
    assert wider == []


def printed_width(chromium: browser.Chromium, page: Path, width: int) -> int:
    """How wide ``page`` is laid out for print on paper ``width`` pixels wide inside its margins."""
    chromium.open(page.as_uri(), (width, 900))
    chromium.call("Emulation.setEmulatedMedia", {"media": "print"})
    return chromium.evaluate("document.documentElement.scrollWidth")  # type: ignore[no-any-return]


def printed_paper(chromium: browser.Chromium, page: Path) -> tuple[float, float]:
    """The width and height, in points, of the first page ``page`` prints on (A4, or the size its style says)."""
    chromium.open(page.as_uri())
    printed = chromium.call("Page.printToPDF", {"paperWidth": 8.27, "paperHeight": 11.69, "preferCSSPageSize": True})
    found = re.search(rb"/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", base64.b64decode(printed["data"]))
    assert found, "no page size in the PDF"
    return float(found[1]), float(found[2])
