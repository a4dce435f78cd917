"""A club evening on paper, driven as the director and the secretary drive it, every step a command in a subprocess.

The director runs ``xlbridge movement mitchell ... -o`` for a 6.5-table Mitchell: the pre-filled session workbook,
the table cards and the paper travellers. After round 1 the secretary types its travellers into the pre-filled rows
(by editing the sheet's XML, as typing in Excel without the add-in does: nothing is computed), computes with
``xlbridge calc``, prints a provisional ranking; publishing waits. Then the rest is typed (a board not played at one
table, an average at another), computed, ranked and published; the pages are read in headless Chromium at 1200 and
400 pixels, the travellers printed to PDF, and the workbook rendered by LibreOffice.

Every figure is checked against what another route gives: the same results imported from a CSV with the movement
file (``xlbridge import --movement-file``), which must give the same workbook, row for row, and the same ranking.
"""

from __future__ import annotations

import base64
import csv
import io
import os
import re
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path

import pytest

from xlbridge.engine.movements import mitchell
from xlbridge.files.templates.layout import LAYOUT
from xlbridge.files.workbook.xlsx import column_letters

from . import browser
from .render import available as can_render
from .render import values_only
from .workbooks import Book, typed_into

#: The evening: 13 pairs at 7 tables (NS 7 missing: table 7's East-West pair sits out), 7 rounds of 3 boards.
MOVEMENT = ["mitchell", "--tables", "7", "--boards-per-round", "3", "--pairs", "13"]
EVENT, DATE, SHOWN_DATE = "Tuesday pairs", "2026-11-24", "24 November 2026"
#: The board not played at its table (NS 1 v EW 1, board 1, round 1), and the average at another.
NOT_PLAYED, AVERAGE = (1, 1, 1), (21, 1, 2)
#: The two pairs of the board not played, as the ranking's CSV names them (pair, direction).
NOT_PLAYED_PAIRS = {(str(NOT_PLAYED[1]), "NS"), (str(NOT_PLAYED[2]), "EW")}


def xlbridge(*argv: object, cwd: Path, check: bool = True) -> subprocess.CompletedProcess[str]:
    done = subprocess.run([sys.executable, "-m", "xlbridge", *map(str, argv)], capture_output=True, text=True,
                          cwd=cwd, timeout=300, check=False)  # fmt: skip
    if check:
        assert done.returncode == 0, done.stderr
    return done


def result_of(board: int, ns: int, ew: int) -> tuple[str, str, str, str, str]:
    """What a table wrote on the traveller: contract, declarer, lead, result, adjusted (a spread of makes and downs,
    the same at the same table every time the test runs)."""
    if (board, ns, ew) == NOT_PLAYED:
        return "", "", "", "", "NP"
    if (board, ns, ew) == AVERAGE:
        return "", "", "", "", "A"
    contract = ("3NT", "4S", "2H", "4HX", "1NT", "5D", "3C")[(board + ns) % 7]
    declarer = "NSEW"[(board * 3 + ew) % 4]
    result = ("=", "+1", "-1", "=", "-2", "+2", "=")[(ns * 5 + ew * 3 + board) % 7]
    lead = ("SA", "H7", "DK", "C2")[(ns + ew + board) % 4]
    return contract, declarer, lead, result, ""


@dataclass
class Evening:
    folder: Path
    workbook: Path
    slots: list[tuple[int, int, int, int, int]]  # board, round, table, ns, ew: the Results rows, in order
    printed: str


@pytest.fixture(scope="module")
def evening(tmp_path_factory: pytest.TempPathFactory) -> Evening:
    """The director's command: the pre-filled workbook, the cards, the travellers and the movement's CSV."""
    folder = tmp_path_factory.mktemp("evening")
    names = folder / "names.csv"
    listed = [f"{n},NS,North {n},South {n}" for n in range(1, 7)] + [f"{n},EW,East {n},West {n}" for n in range(1, 8)]
    names.write_text("pair,direction,player1,player2\n" + "\n".join(listed) + "\n")
    outputs = ["-o", "evening.xlsx", "--cards", "cards.html", "--travellers", "travellers.html"]
    outputs += ["--csv", "movement.csv"]
    done = xlbridge("movement", *MOVEMENT, "--names", names, "--event", EVENT, "--date", DATE, *outputs, cwd=folder)
    slots = [(s.board, s.round, s.table, s.ns, s.ew) for s in mitchell(7, 3, pairs=13).slots()]
    return Evening(folder, folder / "evening.xlsx", slots, done.stdout)


def entered(book: Book) -> list[tuple[object, ...]]:
    """The Results block as typed: board, NS, EW, contract, by, lead, result, adjusted, row by row to the last."""
    results = LAYOUT.results
    rows = []
    for offset in range(720):
        cells = tuple(book.sheets["Results"].get(results.position(h, offset)) for h in results.columns[:8])
        if all(value in (None, "") for value in cells):
            break
        rows.append(tuple(int(v) if isinstance(v, float) and v.is_integer() else v or "" for v in cells))
    return rows


def test_the_workbook_is_the_movement_waiting_to_be_typed(evening: Evening) -> None:
    """One Results row per board per table per round, in the travellers' order (board by board, each board's lines
    in playing order), its board and pairs filled in and nothing else; no Check text; the names on Names; Settings
    say the movement, its winners and boards; the workbook opens on Settings, and its ranking waits for results."""
    assert f"-> evening.xlsx: the pairs-session workbook, {len(evening.slots)} results to type on 21 boards" in (
        evening.printed)  # fmt: skip
    book = Book(evening.workbook)
    assert entered(book) == [(board, ns, ew, "", "", "", "", "") for board, _, _, ns, ew in evening.slots]
    assert len(evening.slots) == 21 * 6  # the phantom's table plays nothing
    check = [book.sheets["Results"].get(LAYOUT.results.position("Check", offset)) for offset in range(130)]
    assert all(value in (None, "") for value in check)
    settings = {book.value("Settings", f"A{row}"): book.value("Settings", f"B{row}") for row in range(1, 40)}
    assert settings["Ranked in"] == "Two fields"
    assert settings["Movement played"] == "Mitchell, two winners: 6.5 tables, 7 rounds of 3 boards (boards 1-21)"
    assert settings["Winners"].startswith("Two: North-South and East-West pairs ranked apart")
    assert settings["Boards"] == "1-21: 21 boards, 3 a round"
    assert settings["Event"] == EVENT
    assert (
        settings["Ranking note"]
        == f"Matchpoints (MP), top 10; provisional: 0 of the {len(evening.slots)} results the movement expects are in"
    )
    names = {
        (book.value("Names", f"A{r}"), book.value("Names", f"C{r}")): book.value("Names", f"D{r}") for r in range(2, 15)
    }
    assert names[(1, "NS")] == "North 1"
    assert names[(7, "EW")] == "East 7"
    workbook_xml = zipfile.ZipFile(evening.workbook).read("xl/workbook.xml").decode()
    assert 'activeTab="0"' in workbook_xml or "activeTab" not in workbook_xml  # Settings, the first sheet
    refused = xlbridge("ranking", evening.workbook, cwd=evening.folder, check=False)
    assert (refused.returncode, refused.stderr) == (2, f"xlbridge ranking: {evening.workbook}: the Results sheet has "
                                                       f"no results yet (its movement expects {len(evening.slots)}: "
                                                       "type them into its rows)\n")  # fmt: skip


def typed(
    evening: Evening, source: Path, destination: Path, rounds: set[int], later: Collection[tuple[int, int, int]] = ()
) -> Path:
    """``source`` with the travellers of ``rounds`` typed into their pre-filled rows (contract, by, lead, result,
    adjusted), but for the lines ``later`` (board, NS, EW), saved as Excel saves without the add-in: nothing
    computed."""
    results = LAYOUT.results
    cells: dict[str, object] = {}
    for offset, (board, r, _, ns, ew) in enumerate(evening.slots):
        if r not in rounds or (board, ns, ew) in later:
            continue
        for heading, value in zip(
            ("Contract", "By", "Lead", "Result", "Adjusted"), result_of(board, ns, ew), strict=True
        ):
            if value:
                row, col = results.position(heading, offset)
                cells[f"{column_letters(col)}{row}"] = value
    return typed_into(source, destination, {"Results": cells})


def results_csv(evening: Evening, rounds: set[int]) -> str:
    """The same travellers as a results file (for ``xlbridge import``), in any order: here board by board backwards."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["board", "ns", "ew", "contract", "declarer", "lead", "result", "adjusted"])
    for board, r, _, ns, ew in reversed(evening.slots):
        contract, declarer, lead, result, adjusted = result_of(board, ns, ew)
        if r in rounds and adjusted != "NP":  # a results file has no "not played": the line is left out
            writer.writerow([board, ns, ew, contract, declarer, lead, result, adjusted])
    return out.getvalue()


def test_after_round_one_the_ranking_is_provisional_and_publishing_waits(evening: Evening) -> None:
    """Round 1 typed: the workbook is stale until computed (every command refuses it, naming a cell); computed, the
    ranking is printed as provisional with how many results are in, and publishing (and exporting) wait for the
    rest, naming the first results missing. Importing the same round from a CSV with the movement file gives the
    same Results rows: the results in their places, the others waiting."""
    folder = evening.folder
    partial = typed(evening, evening.workbook, folder / "round1.xlsx", {1})
    stale = xlbridge("ranking", partial, cwd=folder, check=False)
    assert stale.returncode == 2
    assert "its figures are not those of its entries" in stale.stderr
    xlbridge("calc", partial, "--in-place", cwd=folder)
    ranking = xlbridge("ranking", partial, cwd=folder).stdout
    played = sum(1 for slot in evening.slots if slot[1] == 1) - 1  # the board not played is not a result
    assert f"provisional: {played} of the {len(evening.slots) - 1} results the movement expects are in" in ranking
    waiting = xlbridge("publish", partial, "-o", folder / "early-site", cwd=folder, check=False)
    assert waiting.returncode == 2
    assert f"{len(evening.slots) - 1 - played} results the movement expects are not in before publishing" in (
        waiting.stderr
    )
    assert ": board 1: no result for NS " in waiting.stderr.splitlines()[0]
    # Each result not in is named by the Results row that waits for it, in the sheet's order, as the secretary
    # finds it there (the first 50; then how many more).
    found = [re.fullmatch(rf"xlbridge publish: {re.escape(str(partial))}: Results row (\d+): board (\d+): no "
                          r"result for NS (\d+) v EW (\d+) \(round \d+, table \d+\)", line)
             for line in waiting.stderr.splitlines()[:-2]]  # fmt: skip
    named = [(int(row), (int(board), int(ns), int(ew))) for m in found if m is not None
             for row, board, ns, ew in [m.groups()]]  # fmt: skip
    assert named
    assert len(named) == len(found), waiting.stderr
    assert [row for row, _ in named] == sorted(row for row, _ in named)
    first = LAYOUT.results.first_row + 1  # the block's first row, as the sheet numbers it
    assert [(evening.slots[row - first][0], *evening.slots[row - first][3:]) for row, _ in named] == [
        line for _, line in named]  # fmt: skip
    assert not (folder / "early-site").exists()
    (folder / "round1.csv").write_text(results_csv(evening, {1}))
    imported_round = xlbridge("import", "round1.csv", "--movement-file", "movement.csv", "--names", "names.csv",
                              "--event", EVENT, "--date", DATE, "-o", "imported-round1.xlsx", cwd=folder)  # fmt: skip
    assert "the movement expects are not in the file (the first 10 above)" in imported_round.stderr
    mine, imported = entered(Book(partial)), entered(Book(folder / "imported-round1.xlsx"))
    board, ns, ew = NOT_PLAYED
    assert [row for row in mine if row[:3] != (board, ns, ew)] == [
        row for row in imported if row[:3] != (board, ns, ew)
    ]
    assert (board, ns, ew, "", "", "", "", "NP") in mine
    assert (board, ns, ew, "", "", "", "", "") in imported


@pytest.fixture(scope="module")
def finished(evening: Evening) -> Path:
    """Every round typed and computed."""
    done = typed(evening, evening.workbook, evening.folder / "finished.xlsx", set(range(1, 8)))
    xlbridge("calc", done, "--in-place", cwd=evening.folder)
    return done


def test_the_finished_evening_ranks_as_its_results_file_does(evening: Evening, finished: Path) -> None:
    """Everything typed: the ranking is final, and the same as the results file imported with the movement file
    gives (the board not played left out of the file: its pairs factored up the same way)."""
    folder = evening.folder
    ranking = xlbridge("ranking", finished, "--csv", cwd=folder).stdout
    (folder / "all.csv").write_text(results_csv(evening, set(range(1, 8))))
    xlbridge("import", "all.csv", "--movement-file", "movement.csv", "--names", "names.csv", "-o", "imported.xlsx",
             cwd=folder)  # fmt: skip
    from_file = xlbridge("ranking", "imported.xlsx", "--csv", cwd=folder, check=False)
    assert "provisional" not in xlbridge("ranking", finished, cwd=folder).stdout
    rows = list(csv.DictReader(io.StringIO(ranking)))
    assert len(rows) == 13
    pair_1 = next(row for row in rows if (row["pair"], row["direction"]) == ("1", "NS"))
    assert pair_1["boards"] == "20", "the board not played is not one of the boards it played"
    # The file's session lacks that line: its ranking is provisional, and every figure is the same but the scores
    # of the board's two pairs: of the boards they played (a board not in is not owed yet), where the final
    # ranking factors them up by the board not played, which they were due.
    assert from_file.returncode == 0, from_file.stderr
    provisional = list(csv.DictReader(io.StringIO(from_file.stdout)))
    for final, shown in zip(rows, provisional, strict=True):
        if (final["pair"], final["direction"]) in NOT_PLAYED_PAIRS:
            played = int(shown["boards"])
            assert float(final["score"]) == pytest.approx(float(shown["score"]) * (played + 1) / played, abs=0.006)
            final, shown = {**final, "score": ""}, {**shown, "score": ""}
        assert final == shown


def as_played(rows: list[dict[str, str]], top: int) -> list[str]:
    """The pairs of a ranking (CSV rows) whose score is not that of the boards they played, their percentage of
    the top on each (to within the hundredths each board's figure is rounded to): the board not played is owed to
    its two pairs, and factored in, as every ranking does."""
    owed = NOT_PLAYED_PAIRS
    return [f"{row['pair']}{row['direction']}: {row['score']} on {row['boards']} boards at {row['percentage']}%"
            for row in rows if abs(float(row["score"]) - float(row["percentage"]) * top / 100
                                   * (int(row["boards"]) + ((row["pair"], row["direction"]) in owed)))
            > 0.01 * int(row["boards"])]  # fmt: skip


def test_a_provisional_ranking_gives_every_total_as_played(evening: Evening) -> None:
    """Every round typed but EW 5's last boards: the ranking is provisional, and every pair's score is that of the
    boards it has played so far, EW 5's of its 4 as much as the others' (not scaled to the 18 it will play, as if it
    had played them all: 108.00 beside the others' 50s to 90s), in the printed ranking and on the workbook's
    Ranking sheet alike (both, and the website, read one scored session)."""
    folder = evening.folder
    theirs = sorted((r, board, ns, ew) for board, r, _, ns, ew in evening.slots if ew == 5)
    later = {(board, ns, ew) for _, board, ns, ew in theirs[4:]}
    partial = typed(evening, evening.workbook, folder / "late-ew5.xlsx", set(range(1, 8)), later)
    xlbridge("calc", partial, "--in-place", cwd=folder)
    table = xlbridge("ranking", partial, cwd=folder).stdout
    assert f"provisional: {len(evening.slots) - 1 - len(later)} of the {len(evening.slots) - 1} results" in table
    rows = list(csv.DictReader(io.StringIO(xlbridge("ranking", partial, "--csv", cwd=folder).stdout)))
    ew5 = next(row for row in rows if (row["pair"], row["direction"]) == ("5", "EW"))
    assert ew5["boards"] == "4"
    assert as_played(rows, top=10) == []
    book = Book(partial)  # the Ranking sheet, as calc computed it
    ranking = LAYOUT.ranking
    shown = [{heading: book.sheets["Ranking"].get(ranking.position(heading, offset)) for heading in ranking.columns}
             for offset in range(13)]  # fmt: skip
    sheet_rows = [{"pair": str(int(row["Pair"])), "direction": row["Direction"], "boards": str(int(row["Boards"])),
                   "score": str(row["Total"]), "percentage": str(row["%"])} for row in shown]  # fmt: skip
    assert as_played(sheet_rows, top=10) == []


def test_the_chart_keeps_the_ranking_calc_computed(finished: Path) -> None:
    """The ranking's chart holds, as its cache, the percentages the Ranking sheet shows, in its order."""
    book = Book(finished)
    shown = [book.value("Ranking", f"G{row}") for row in range(5, 18)]
    chart = zipfile.ZipFile(finished).read("xl/charts/chart1.xml").decode()
    values = re.search(r"<c:val>.*?</c:val>", chart, re.DOTALL)
    assert values is not None
    cached = [float(v) for v in re.findall(r"<c:v>([^<]*)</c:v>", values.group(0))]
    assert cached == pytest.approx([float(v) for v in shown])
    assert "Ranking!$B$5:$C$17" in chart  # each bar labelled by its pair and direction, the session's 13 pairs


needs_chromium = pytest.mark.skipif(
    browser.chromium_path() is None and not os.environ.get("CI"), reason="needs chromium (Debian's package)"
)


@pytest.mark.slow  # every page at four widths in Chromium: ten seconds
@needs_chromium
def test_the_published_evening_reads_at_every_width(evening: Evening, finished: Path) -> None:
    """Published, every page names the event and date; neither it nor any box in it scrolls sideways at 1200 or
    400 pixels; the traveller of the board not played says so at that table; each traveller line shows both sides'
    players and percentages; each scorecard gives the round of every board, from the movement."""
    from .test_publish import SIDEWAYS

    site = evening.folder / "site"
    xlbridge("publish", finished, "-o", site, cwd=evening.folder)
    pages = sorted(site.glob("*.html"))
    assert len(pages) == 1 + 21 + 13
    with browser.chromium() as chromium:
        for page in pages:
            for size, mobile in (((1200, 900), False), ((400, 900), True)):  # a narrow desktop too: test_publish
                chromium.open(page.as_uri(), size, mobile=mobile)
                assert chromium.evaluate(SIDEWAYS) == [], (page.name, size, mobile)
            assert chromium.evaluate("document.title").endswith(f": {EVENT}, {SHOWN_DATE}"), page.name
            assert chromium.evaluate("document.querySelector('h1 .kicker').innerText") == f"{EVENT}, {SHOWN_DATE}"
        chromium.open((site / "board-1.html").as_uri(), (1200, 900))
        lines = chromium.evaluate(
            "[...document.querySelectorAll('table.traveller tbody tr')].map(r => [...r.cells].map(c => c.innerText))"
        )
        assert lines[0][:3] == ["1\nNorth 1 & South 1", "1\nEast 1 & West 1", "Not played"]
        assert all(line[-2] and line[-1] for line in lines[1:])  # NS % and EW %
        assert all(abs(float(line[-2]) + float(line[-1]) - 100) < 0.02 for line in lines[1:])
        chromium.open((site / "pair-3NS.html").as_uri(), (1200, 900))
        rounds = chromium.evaluate(
            "[...document.querySelectorAll('table.scorecard tbody tr')].map(r => r.cells[0].innerText)"
        )
        mine = [str(r) for board, r, _, ns, _ in evening.slots if ns == 3]
        assert sorted(rounds, key=int) == sorted(mine, key=int)
        # Why the East-West pairs show 18 boards to North-South's 21: each met the missing NS 7 and sat out.
        chromium.open((site / "index.html").as_uri(), (1200, 900))
        notes = chromium.evaluate("[...document.querySelectorAll('section.field')].map(s => s.innerText)")
        assert "sat out" not in notes[0]  # North-South, who all played 21 boards
        assert ("Pairs 1, 2, 3, 4, 5, 6 and 7 each sat out a round (3 boards): with 13 pairs, whoever meets the "
                "empty seat has no opponents that round, and a pair's percentage is of the boards it played.") in (
            notes[1])  # fmt: skip
        for pair in range(1, 8):
            played = {r for _, r, _, _, ew in evening.slots if ew == pair}
            (out,) = set(range(1, 8)) - played
            sat_out = next(s for s in mitchell(7, 3, pairs=13).encounters if s.round == out and s.ew == pair)
            page = site / ("pair-7.html" if pair == 7 else f"pair-{pair}EW.html")
            chromium.open(page.as_uri(), (1200, 900))
            facts = chromium.evaluate("document.querySelector('dl.board-facts').innerText")
            assert (f"Sat out\nround {out} (boards {sat_out.boards}): no opponents at table {sat_out.table}" in
                    facts), (page.name, facts)  # fmt: skip


@needs_chromium
def test_the_travellers_print_one_board_a_page(evening: Evening) -> None:
    """The paper travellers, printed from the browser: one page per board, each with its lines in playing order and
    blank boxes to fill in."""
    page = evening.folder / "travellers.html"
    pdf = evening.folder / "travellers.pdf"
    chromium = browser.chromium_path()
    assert chromium is not None
    subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", f"--user-data-dir={evening.folder / 'p'}",
                    f"--print-to-pdf={pdf}", "--no-pdf-header-footer", page.as_uri()],
                   capture_output=True, timeout=120, check=True)  # fmt: skip
    assert len(re.findall(rb"/Type\s*/Page[^s]", pdf.read_bytes())) == 21
    with browser.chromium() as browsing:
        browsing.open(page.as_uri())
        boards = browsing.evaluate(
            "[...document.querySelectorAll('section.traveller')].map(s => [s.querySelector('h2').innerText, "
            "[...s.querySelectorAll('tbody tr')].map(r => [...r.cells].slice(0, 4).map(c => c.innerText).join(' '))])"
        )
        blanks = browsing.evaluate("document.querySelectorAll('td.blank').length")
    assert [title for title, _ in boards] == [f"Board {b}" for b in range(1, 22)]
    for title, lines in boards:
        board = int(title.split()[1])
        assert lines == [f"{r} {t} {ns} {ew}" for b, r, t, ns, ew in evening.slots if b == board]
    assert blanks == len(evening.slots) * 6


@needs_chromium
@pytest.mark.parametrize(("paper", "inches"), [("A4", (8.27, 11.69)), ("Letter", (8.5, 11.0))])
def test_the_longest_travellers_print_on_a_page_each(paper: str, inches: tuple[float, float], tmp_path: Path) -> None:
    """The longest travellers a movement has, a 30-table relay's (30 lines a board, the relay's two on round 1),
    printed from the browser on A4 and on Letter: a page a board, none split onto a second page (at 1cm a line, a
    traveller of 25 lines or more, its event named, ran over onto a page that did not say its board)."""
    page = tmp_path / "travellers.html"
    xlbridge("movement", "mitchell", "--tables", "30", "--boards-per-round", "1", "--even", "relay",
             "--event", EVENT, "--travellers", page, cwd=tmp_path)  # fmt: skip
    with browser.chromium() as browsing:
        browsing.open(page.as_uri())
        lines = browsing.evaluate(
            "[...document.querySelectorAll('section.traveller')].map(s => s.querySelectorAll('tbody tr').length)"
        )
        width, height = inches
        printed = browsing.call("Page.printToPDF", {"paperWidth": width, "paperHeight": height})
    assert lines == [30] * 30
    pdf = base64.b64decode(printed["data"])
    assert len(re.findall(rb"/Type\s*/Page[^s]", pdf)) == 30, paper


@pytest.mark.slow  # LibreOffice takes some 20 s to start and convert
@pytest.mark.skipif(not can_render(), reason="needs LibreOffice (soffice) and pdftoppm")
def test_the_workbook_renders_with_its_rounds_and_moves(evening: Evening, finished: Path) -> None:
    """The computed workbook as LibreOffice prints it (a values-only copy): the scorecard of the first pair with the
    round of each board, the Settings page with the movement. ``XLBRIDGE_PICTURES=DIR`` keeps the pages as PNG."""
    folder = evening.folder / "rendered"
    folder.mkdir()
    copy = folder / "finished.xlsx"
    values_only(finished, copy)
    profile = f"-env:UserInstallation=file://{folder / 'profile'}"
    subprocess.run(["soffice", profile, "--headless", "--convert-to", "pdf", "--outdir", str(folder), str(copy)],
                   check=True, capture_output=True, timeout=300)  # fmt: skip
    pdf = copy.with_suffix(".pdf")
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    pages = text.split("\f")
    settings = next(page for page in pages if "Movement played" in page)
    assert "Mitchell, two winners: 6.5 tables, 7 rounds of 3 boards (boards 1-21)" in settings
    card = next(page for page in pages if "Personal scorecard" in page)
    rows = [line.split() for line in card.splitlines() if re.match(r"\s*\d+\s+\d+\s+\d+\s+NS", line)]
    played = sorted((r, b) for b, r, _, ns, ew in evening.slots if ns == 1 and (b, ns, ew) != NOT_PLAYED)
    assert [(int(row[0]), int(row[1])) for row in rows] == played
    keep = os.environ.get("XLBRIDGE_PICTURES")
    if keep:
        subprocess.run(["pdftoppm", "-png", "-r", "70", str(pdf), str(Path(keep) / "evening")], check=True)
    shutil.rmtree(folder / "profile", ignore_errors=True)
