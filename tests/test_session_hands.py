"""A session's deals in its workbook: ``import --hands`` and ``movement -o --hands`` give it a Hands sheet (each
board's deal, double-dummy table and par) and each result against par; a PBN results file brings its own deals;
``publish`` shows each board's diagram, makeable contracts and par, read back from the workbook.

The deals are eight boards of the Camrose 2024 as BridgeComposer analysed them (tests/handdata.py, typed from its
file). The figures expected are BridgeComposer's tags and the scores of the lines worked out by hand (the tables
of Law 77), not xlbridge's: board 1's par is EW 140 (EW 1S+2, nobody vulnerable), board 7's NS 620 (NS 4H= or
4S=, both vulnerable), board 8's EW -100 (East-West's 3DX-1 saves, nobody vulnerable: North-South +100). Every
command runs in a subprocess as a user runs it; by default without the solver (the tags are used, as where the
hands extra is not installed), and once with it (slow), where DDS's figures must be BridgeComposer's.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import xlbridge.udfs as udfs
from xlbridge.engine.deals import parse_deal
from xlbridge.engine.install import install_command
from xlbridge.engine.solver import solver_available
from xlbridge.files.workbook.session_book import read_session_book

from . import browser
from .handdata import CAMROSE, bridgecomposer_pbn
from .workbooks import Book

#: A three-table Mitchell on boards 1, 2, 7 and 8 (board 2 is not in the hand record): each line with its NS
#: score against par worked out by hand.
LINES = [
    # board, ns, ew, contract, by, result, NS score, against par
    (1, 1, 1, "2S", "E", "+1", -140, 0),  # par EW 140
    (1, 2, 2, "1NT", "N", "-1", -50, 90),
    (1, 3, 3, "3S", "W", "=", -140, 0),
    (2, 1, 2, "3NT", "N", "=", 600, None),  # no deal: no par
    (2, 2, 3, "4S", "S", "-1", -100, None),
    (2, 3, 1, "2H", "E", "=", -110, None),
    (7, 1, 3, "4S", "N", "=", 620, 0),  # par NS 620, both vulnerable
    (7, 2, 1, "4H", "S", "+1", 650, 30),
    (7, 3, 2, "3NT", "S", "-2", -200, -820),
    (8, 1, 2, "3D", "W", "=", -110, -210),  # par NS +100 (EW 3DX-1)
    (8, 2, 3, "3DX", "W", "-1", 100, 0),
    (8, 3, 1, "2H", "N", "=", 110, 10),
]
NAMES = "pair,direction,player1,player2\n" + "".join(
    f"{pair},{side},Player {side}{pair}a,Player {side}{pair}b\n" for side in ("NS", "EW") for pair in (1, 2, 3)
)
#: The Results sheet's NS vs par column (Q: after the 16 columns of the template).
VERSUS_PAR = "R"


def results_csv() -> str:
    rows = [f"{board},{ns},{ew},{contract},{by},{result},," for board, ns, ew, contract, by, result, *_ in LINES]
    return "board,ns,ew,contract,declarer,result,lead,adjusted\n" + "\n".join(rows) + "\n"


def run(*argv: str, cwd: Path, solver: bool = False) -> subprocess.CompletedProcess[str]:
    """The command as a user runs it; without ``solver``, as where the hands extra is not installed."""
    block = "" if solver else "sys.modules['endplay'] = None  # as if the hands extra were not installed\n"
    probe = f"import sys\n{block}from xlbridge.cli import main\nsys.exit(main({list(argv)!r}))\n"
    return subprocess.run([sys.executable, "-c", probe], cwd=cwd, capture_output=True, text=True, timeout=600)


def files(folder: Path) -> tuple[Path, Path, Path]:
    (folder / "hands.pbn").write_text(bridgecomposer_pbn(), encoding="utf-8")
    (folder / "results.csv").write_text(results_csv(), encoding="utf-8")
    (folder / "names.csv").write_text(NAMES, encoding="utf-8")
    return folder / "hands.pbn", folder / "results.csv", folder / "names.csv"


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, subprocess.CompletedProcess[str]]:
    folder = tmp_path_factory.mktemp("session-hands")
    hands, results, names = files(folder)
    done = run("import", str(results), "--names", str(names), "--hands", str(hands), "-o", "session.xlsx",
               cwd=folder)  # fmt: skip
    assert done.returncode == 0, done.stderr
    return folder / "session.xlsx", done


def hands_rows(book: Book) -> dict[int, list[object]]:
    """The Hands sheet's table by board: its columns A to AB from row 5."""
    out = {}
    for row in range(5, 5 + 20):
        board = book.value("Hands", f"A{row}")
        if board is None:
            break
        out[int(board)] = [book.sheets["Hands"].get((row, col)) for col in range(1, 29)]
    return out


def test_import_with_hands_gives_the_hands_sheet_and_each_result_against_par(
    imported: tuple[Path, subprocess.CompletedProcess[str]],
) -> None:
    """The Hands sheet holds every board of either file, with BridgeComposer's tables and par (no solver here);
    the boards on one side only are named on stderr; each line's NS score minus par is on Results."""
    workbook, done = imported
    assert "Hands sheet: 8 deals from hands.pbn, tables and par from the file's own tags" in done.stdout
    assert "hands.pbn: boards 10, 13, 21, 23, 32: not in the session (kept on the Hands sheet)" in done.stderr
    assert "hands.pbn: no deal for board 2 of the session: its results have no score against par" in done.stderr
    book = Book(workbook)
    assert book.value("Results", f"{VERSUS_PAR}1") == "NS vs par"
    assert book.column("Results", "J", 2, len(LINES)) == [line[6] for line in LINES]  # the scores, by hand
    shown = book.column("Results", VERSUS_PAR, 2, len(LINES))
    assert shown == [line[7] for line in LINES]
    rows = hands_rows(book)
    assert sorted(rows) == sorted({1, 2, 7, 8} | {board[0] for board in CAMROSE})
    for board, dealer, vulnerable, deal, tricks, optimum, contracts in CAMROSE:
        row = rows[board]
        assert row[:3] == [board, dealer, {"All": "Both"}.get(vulnerable, vulnerable)]
        side, score = optimum.split()
        assert row[3] == int(score) * (1 if side == "NS" else -1)
        assert row[4] == re.sub(r"(\d)N([=+-])", r"\1NT\2", contracts)  # BridgeComposer writes 6N for 6NT
        # DoubleDummyTricks: declarers N, S, E, W each in NT, S, H, D, C; the sheet's order is N, E, S, W.
        figures = [int(digit, 16) for digit in tricks]
        by_seat = {seat: figures[5 * index : 5 * index + 5] for index, seat in enumerate("NSEW")}
        assert row[5:25] == [*by_seat["N"], *by_seat["E"], *by_seat["S"], *by_seat["W"]]
        assert parse_deal(row[25]) == parse_deal(deal)
        assert str(row[26]).startswith("the hand record's own tags")
    assert rows[2][1:26] == [None] * 25
    assert rows[2][26] == "no deal for this board in hands.pbn"
    assert "not a board of this session" in str(rows[32][26])


def test_the_workbook_computes_from_its_file(
    imported: tuple[Path, subprocess.CompletedProcess[str]], tmp_path: Path
) -> None:
    """xlbridge calc computes the NS vs par column again from the file, to the same figures, and the workbook is
    current (its deals read back by the one session reader)."""
    workbook, _ = imported
    copy = tmp_path / "copy.xlsx"
    shutil.copy(workbook, copy)
    done = run("calc", str(copy), "--in-place", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert Book(copy).column("Results", VERSUS_PAR, 2, len(LINES)) == [line[7] for line in LINES]
    book = read_session_book(copy)  # check_current first
    deals = book.hands()
    assert sorted(deals) == [1, 7, 8, 10, 13, 21, 23, 32]
    assert deals[7].par is not None
    assert deals[7].par.score == 620
    assert deals[7].par.contracts == "NS 4H=; NS 4S="


CARDS = """(() => {
  const deal = document.querySelector('figure.deal');
  const hands = {};
  for (const hand of deal.querySelectorAll('.hand')) {
    const seat = hand.classList[1];
    hands[seat] = [...hand.querySelectorAll('li')].map(li => li.querySelector('.cards').textContent);
  }
  const makeable = [...document.querySelectorAll('table.makeable tbody tr')].map(
    tr => [...tr.children].map(cell => cell.textContent.trim()));
  const par = document.querySelector('p.par').textContent.replace(/\\s+/g, ' ').trim();
  const against = [...document.querySelectorAll('table.traveller tbody tr')].map(
    tr => tr.lastElementChild.textContent.trim());
  const shown = deal.getBoundingClientRect();
  return {hands, makeable, par, against, width: shown.width, height: shown.height};
})()"""


@pytest.mark.skipif(browser.chromium_path() is None, reason="Debian's chromium is not installed")
def test_published_board_pages_show_the_deal_the_makeable_contracts_and_par(
    imported: tuple[Path, subprocess.CompletedProcess[str]], tmp_path: Path
) -> None:
    """xlbridge publish, with no argument for the deals: board 7's page in Chromium holds the 52 cards of the
    deal, the makeable contracts of BridgeComposer's table, its par and each line against it; a pair's scorecard
    shows each result against par from its side; board 2, which has no deal, says so."""
    workbook, _ = imported
    site = tmp_path / "site"
    done = run("publish", str(workbook), "-o", str(site), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert (site / "diagram.css").is_file()
    board, dealer, vulnerable, deal, tricks, *_ = CAMROSE[1]
    assert board == 7
    with browser.chromium() as chromium:
        problems = chromium.open((site / "board-7.html").as_uri())
        assert problems.messages == []
        shown = chromium.evaluate(CARDS)
        card_pages = {name: chromium.open((site / name).as_uri()) for name in ("pair-1NS.html", "board-2.html")}
        assert all(found.messages == [] for found in card_pages.values())
        chromium.open((site / "pair-1EW.html").as_uri())
        ew_card = chromium.evaluate(
            "[...document.querySelectorAll('table.scorecard tbody tr')].map(tr => ["
            "tr.querySelector('th').textContent.replace('Board', '').trim(), tr.lastElementChild.textContent.trim()])"
        )
        chromium.open((site / "board-2.html").as_uri())
        board_2 = chromium.evaluate("[document.querySelector('figure.deal'), document.querySelector('p.note')"
                                    "?.textContent]")  # fmt: skip
    # The 52 cards, as the PBN deal gives them (South first in the file: S:.AKQ9.AQ5.AK9653 ...).
    seats = dict(zip("SWNE", deal[2:].split(), strict=True))
    for seat, place in (("N", "north"), ("E", "east"), ("S", "south"), ("W", "west")):
        suits = seats[seat].split(".")
        assert [cards.replace("10", "T").replace(" ", "").replace("—", "") for cards in shown["hands"][place]] == suits
    assert sum(len(cards.replace("10", "T").replace(" ", "").replace("—", ""))
               for hand in shown["hands"].values() for cards in hand) == 52  # fmt: skip
    assert shown["width"] > 100
    assert shown["height"] > 100
    # Makeable contracts: rows N, S, E, W; the level made in NT, S, H, D, C (– below seven tricks).
    figures = [int(digit, 16) for digit in tricks]
    expected = [[seat, *(str(n - 6) if n >= 7 else "–" for n in figures[5 * i : 5 * i + 5])]
                for i, seat in enumerate("NSEW")]  # fmt: skip
    assert shown["makeable"] == expected
    assert shown["par"] == "Par NS 620: NS 4♥=; NS 4♠="
    assert shown["against"] == ["0", "+30", "-820"]  # the traveller's lines, in its order (NS 1, 2, 3)
    assert (dealer, vulnerable) == ("S", "All")
    # Pair 1 EW: board 1 against NS 1 (0), board 2 no par, board 7 against NS 2 (-30 from its side), board 8
    # against NS 3 (-10).
    assert sorted(ew_card) == [["1", "0"], ["2", ""], ["7", "-30"], ["8", "-10"]]
    assert board_2[0] is None
    assert board_2[1] == "The workbook's Hands sheet has no deal for this board."


def test_a_pbn_results_file_brings_its_deals(
    imported: tuple[Path, subprocess.CompletedProcess[str]], tmp_path: Path
) -> None:
    """xlbridge export --pbn writes each board's deal and analysis from the Hands sheet as BridgeComposer wrote
    them (the Deal from the dealer's seat, OptimumScore, ParContract); that results file imported without --hands
    gives a workbook with the same deals and the same figures against par. Without the analysis tags (a scoring
    program that writes the deals only) and without the solver, the deals come and the par does not, saying so."""
    workbook, _ = imported
    exported = tmp_path / "results.pbn"
    assert run("export", str(workbook), "--pbn", str(exported), cwd=tmp_path).returncode == 0
    text = exported.read_text(encoding="utf-8")
    for board, _, _, deal, _, optimum, contracts in CAMROSE[:3]:  # boards 1, 7 and 8, as BridgeComposer wrote them
        game = text[text.index(f'[Board "{board}"]') :].split("\n\n")[0]
        assert f'[Deal "{deal}"]' in game
        assert f'[OptimumScore "{optimum}"]' in game
        assert f'[ParContract "{contracts}"]' in game
    assert '[Board "2"]' in text
    done = run("import", str(exported), "-o", "again.xlsx", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "Hands sheet: 3 deals from results.pbn" in done.stdout
    assert "results.pbn: no deal for board 2 of the session" in done.stderr
    again = Book(tmp_path / "again.xlsx")
    lines_shown = zip(*(again.column("Results", letter, 2, len(LINES)) for letter in ("A", "B", VERSUS_PAR)),
                      strict=True)  # fmt: skip
    assert sorted((int(board), int(ns), shown if shown != "" else None) for board, ns, shown in lines_shown) == sorted(
        (line[0], line[1], line[7]) for line in LINES
    )
    bare = "\n".join(line for line in text.splitlines()
                     if not line.startswith(("[DoubleDummyTricks", "[Optimum", "[ParContract"))
                     and not re.fullmatch(r"[NESW] +(NT|[SHDC]) +\d+", line))  # fmt: skip
    (tmp_path / "bare.pbn").write_text(bare, encoding="utf-8")
    done = run("import", "bare.pbn", "-o", "bare.xlsx", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    rows = hands_rows(Book(tmp_path / "bare.xlsx"))
    assert parse_deal(rows[7][25]) == parse_deal(CAMROSE[1][3])
    assert rows[7][3] is None
    assert str(rows[7][26]).startswith("none: no solver here (xlbridge's hands extra)")
    assert f"no double-dummy tables or par: the solver is not installed ({install_command('hands')})" in done.stderr


def test_a_malformed_hand_record_is_refused_naming_its_line(tmp_path: Path) -> None:
    """A deal with a card twice: exit 2, the file and line named on stderr, no workbook written."""
    hands, results, names = files(tmp_path)
    text = hands.read_text(encoding="utf-8").replace("K43.73.KQ5.KJT54", "K43.73.KQ5.KJT5A", 1)
    hands.write_text(text, encoding="utf-8")
    line = next(number for number, content in enumerate(text.splitlines(), 1) if "KJT5A" in content)
    done = run("import", str(results), "--names", str(names), "--hands", str(hands), "-o", "out.xlsx", cwd=tmp_path)
    assert done.returncode == 2
    assert f"hands.pbn: line {line}: board 1: deal" in done.stderr
    assert "the ♣A is in both" in done.stderr
    assert not (tmp_path / "out.xlsx").exists()
    teams = run("movement", "mitchell", "--tables", "3", "--boards-per-round", "2", "--hands", str(hands),
                cwd=tmp_path)  # fmt: skip
    assert teams.returncode == 2
    assert "--hands gives the session workbook its deals: add -o SESSION.xlsx" in teams.stderr


def test_the_evening_workbook_carries_its_deals(tmp_path: Path) -> None:
    """movement -o --hands: the evening's workbook has the Hands sheet before a result is typed, and says which
    boards of the movement have no deal."""
    hands, _, _ = files(tmp_path)
    done = run("movement", "mitchell", "--tables", "4", "--boards-per-round", "2", "-o", "evening.xlsx",
               "--hands", str(hands), cwd=tmp_path)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "Hands sheet: 8 deals from hands.pbn" in done.stdout
    assert "hands.pbn: no deal for boards 2-6 of the session" in done.stderr
    book = Book(tmp_path / "evening.xlsx")
    assert book.value("Results", f"{VERSUS_PAR}1") == "NS vs par"
    assert hands_rows(book)[7][3] == 620


@pytest.mark.slow
@pytest.mark.skipif(not solver_available(), reason='the solver is not installed: pip install ".[hands]"')
def test_with_the_solver_the_hands_sheet_is_bridgecomposers(tmp_path: Path) -> None:
    """With the solver, the Hands sheet's tables and par are DDS's, and they are BridgeComposer's published ones
    (the tags agree: nothing reported)."""
    hands, results, names = files(tmp_path)
    done = run("import", str(results), "--names", str(names), "--hands", str(hands), "-o", "s.xlsx", cwd=tmp_path,
               solver=True)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "tables and par by the solver" in done.stdout
    assert "disagree" not in done.stderr
    rows = hands_rows(Book(tmp_path / "s.xlsx"))
    for board, _, _, _, tricks, optimum, _ in CAMROSE:
        figures = [int(digit, 16) for digit in tricks]
        by_seat = {seat: figures[5 * index : 5 * index + 5] for index, seat in enumerate("NSEW")}
        assert rows[board][5:25] == [*by_seat["N"], *by_seat["E"], *by_seat["S"], *by_seat["W"]]
        side, score = optimum.split()
        assert rows[board][3] == int(score) * (1 if side == "NS" else -1)
        assert str(rows[board][26]).startswith("double-dummy solver (DDS)")
    assert Book(tmp_path / "s.xlsx").column("Results", VERSUS_PAR, 2, len(LINES)) == [line[7] for line in LINES]


def test_pardiff_as_a_sheet_calls_it() -> None:
    """PARDIFF over a results block as Excel hands it over: a played line against its board's par (EW 140, so
    2S+1 by East is 0), an assigned score of +420 (560 above par), and nothing for an average, a board not
    played, a blank row or a board without a par; a session that cannot be worked out is an error in every row."""
    results = [[1, 1, 2, "2S", "E", "", "+1", ""], [1, 3, 4, "", "", "", "", "A+"], [1, 5, 6, "", "", "", "", "+420"],
               [1, 7, 8, "", "", "", "", "NP"], [None] * 8, [2, 1, 2, "3NT", "N", "", "=", ""]]  # fmt: skip
    names = [[pair, "", f"Player {pair}a", f"Player {pair}b", None] for pair in range(1, 9)]
    hands = [[1, "N", "None", -140, "EW 1S+2"], [2, "E", "NS", None, None]]
    assert udfs.PARDIFF(results, names, "MP", "Howell", None, None, hands) == [[0], [""], [560], [""], [""], [""]]
    assert udfs.PARDIFF(results, names, "MP", "Howell", None, None, None) == [[""]] * 6
    assert udfs.PARDIFF(results, names, "NO SUCH", "Howell", None, None, hands) == [["#VALUE!"]] * 6


def test_a_par_changed_by_hand_is_an_error_in_its_boards_cells() -> None:
    """PARDIFF over a Hands table edited by hand: a par that is not one (a typo, a figure no deal has) or a board
    on two rows is an error in every line of that board, never a blank; the other boards go on; a board number
    that is not one stops every par."""
    results = [[1, 1, 2, "2S", "E", "", "+1", ""], [2, 1, 2, "3NT", "N", "", "=", ""]]
    names = [[pair, "", f"Player {pair}a", f"Player {pair}b", None] for pair in range(1, 3)]
    good = [[1, "N", "None", -140, "EW 1S+2"], [2, "E", "NS", 600, "NS 3NT="]]
    assert udfs.PARDIFF(results, names, "MP", "Howell", None, None, good) == [[0], [0]]
    for board_one in ("-14O", 99_990, -145):
        hands = [[1, "N", "None", board_one, "EW 1S+2"], good[1]]
        assert udfs.PARDIFF(results, names, "MP", "Howell", None, None, hands) == [["#VALUE!"], [0]]
    twice = [*good, [1, "N", "None", -110, "EW 2S+1"]]
    assert udfs.PARDIFF(results, names, "MP", "Howell", None, None, twice) == [["#VALUE!"], [0]]
    numberless = [["l", "N", "None", -140, "EW 1S+2"], good[1]]
    assert udfs.PARDIFF(results, names, "MP", "Howell", None, None, numberless) == [["#VALUE!"], ["#VALUE!"]]


def test_a_hands_sheet_changed_by_hand_is_refused_naming_its_row() -> None:
    """What publish reads of the Hands sheet: a cell changed by hand (a par, a trick count, a board on two rows)
    is refused, naming the sheet's row and the board, rather than left out of the pages."""
    from xlbridge.engine.errors import BridgeInputError
    from xlbridge.files.templates.hands_layout import read_hands

    board, dealer, vulnerable, deal, tricks, _, contracts = CAMROSE[0]
    figures = [int(digit, 16) for digit in tricks]
    by_seat = {seat: figures[5 * index : 5 * index + 5] for index, seat in enumerate("NSEW")}
    row = [board, dealer, vulnerable, -140, contracts, *by_seat["N"], *by_seat["E"], *by_seat["S"], *by_seat["W"],
           deal, "the hand record's own tags"]  # fmt: skip
    assert read_hands([row], 5)[1].par is not None
    for column, value, reason in ((3, "-14O", "par '-14O'"), (3, 99_990, "not a par"), (7, "x", "tricks 'x'"),
                                  (8, 14, "14 is not 0 to 13"), (0, "one", "board 'one'")):  # fmt: skip
        changed = [*row[:column], value, *row[column + 1 :]]
        with pytest.raises(BridgeInputError, match=f"Hands sheet, row 5.*{re.escape(reason)}"):
            read_hands([changed], 5)
    with pytest.raises(BridgeInputError, match="Hands sheet, row 6, board 1: board 1 is on row 5 too"):
        read_hands([row, row], 5)


def test_hands_that_deal_a_board_otherwise_than_the_session_scores_it(tmp_path: Path) -> None:
    """A hand record whose board 1 is dealt by South, vulnerable Both, for a session that scores board 1 as its
    number does (North, None): named on stderr, and the Hands sheet holds the session's dealer and vulnerability,
    with no par from the file's tag (it is the par of the other vulnerability; no solver here to work it out)."""
    hands, results, names = files(tmp_path)
    text = hands.read_text(encoding="utf-8").replace(
        '[Dealer "N"]\n[Vulnerable "None"]', '[Dealer "S"]\n[Vulnerable "All"]', 1
    )
    hands.write_text(text, encoding="utf-8")
    done = run("import", str(results), "--names", str(names), "--hands", str(hands), "-o", "out.xlsx", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert (
        "board 1: the hand record has dealer S, vulnerable Both; the session scores board 1 as its number does "
        "(dealer N, vulnerable None); its par tag, for the other vulnerability, is left out"
    ) in done.stderr
    rows = hands_rows(Book(tmp_path / "out.xlsx"))
    assert rows[1][:4] == [1, "N", "None", None]
    assert rows[7][:4] == [7, "S", "Both", 620]


def test_hands_beside_a_results_file_with_its_own_deals(
    imported: tuple[Path, subprocess.CompletedProcess[str]], tmp_path: Path
) -> None:
    """--hands given with a PBN results file that carries deals: the Hands sheet has the hand record's (the one
    asked for), and each board the two deal differently is named on stderr."""
    workbook, _ = imported
    exported = tmp_path / "results.pbn"
    assert run("export", str(workbook), "--pbn", str(exported), cwd=tmp_path).returncode == 0
    other = [(1, "N", "None", *CAMROSE[1][3:]), *CAMROSE[1:]]  # board 1 dealt as board 7 was
    (tmp_path / "other.pbn").write_text(bridgecomposer_pbn(other), encoding="utf-8")
    done = run("import", str(exported), "--hands", "other.pbn", "-o", "again.xlsx", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert re.search(r"other\.pbn: line \d+: board 1: the results file results\.pbn deals it differently", done.stderr)
    assert "board 7: the results file" not in done.stderr


@pytest.mark.slow  # send and receive against the fake: some ten seconds
def test_results_from_the_bridgemates_keep_the_deals(tmp_path: Path) -> None:
    """bridgemate receive writes the evening's workbook anew with each result in: its Hands sheet is kept (the
    deals read back from it), and the results received stand against par."""
    from xlbridge.engine.movements import mitchell

    from .bridgemate_fake import FakeDataConnector

    hands, _, names = files(tmp_path)
    env = {"XLBRIDGE_BRIDGEMATE_KEY": "KEY-1"}
    done = run("movement", "mitchell", "--tables", "3", "--boards-per-round", "2", "--rounds", "3", "--names",
               str(names), "-o", "evening.xlsx", "--hands", str(hands), cwd=tmp_path)  # fmt: skip
    assert done.returncode == 0, done.stderr
    workbook = tmp_path / "evening.xlsx"
    before = hands_rows(Book(workbook))
    with FakeDataConnector() as fake, pytest.MonkeyPatch.context() as patch:
        for name, value in env.items():
            patch.setenv(name, value)
        sent = run("bridgemate", "send", str(workbook), "--url", fake.url, "--club-id", "CLUB1", cwd=tmp_path)
        assert sent.returncode == 0, sent.stderr
        slot = next(s for s in mitchell(3, 2, rounds=3).slots(order="round") if s.board == 1)
        fake.enter("A", slot.table, slot.round, 1, "1NT", "N", "-1", "")
        received = run("bridgemate", "receive", str(workbook), cwd=tmp_path)
        assert received.returncode == 0, received.stderr
    book = Book(workbook)
    assert hands_rows(book) == before
    results = zip(*(book.column("Results", letter, 2, 18) for letter in ("A", "D", VERSUS_PAR)), strict=True)
    assert [(board, shown) for board, contract, shown in results if contract] == [(1, 90)]  # -50 against EW 140
