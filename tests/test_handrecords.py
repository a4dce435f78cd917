"""Hand-record files and the commands around them: PBN hand records read as BridgeComposer and BBO Helper write
them, dealer and vulnerability from the file's tags before the board number's, faults named by line, files written
back as other programs read them, and `xlbridge deal` and `xlbridge hands` run as a user runs them, with and
without the solver."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import xlbridge
from xlbridge import BridgeInputError, Seat, TrickTable, Vulnerability
from xlbridge.engine.install import install_command
from xlbridge.engine.solver import solver_available
from xlbridge.files.interchange.handrecords import (
    CSV_COLUMNS,
    analyse,
    board_analyses,
    hand_record_pbn,
    hands_csv,
    parse_hand_records,
    parse_par,
    read_hand_records,
)

from .handdata import BBO_HELPER, CAMROSE, bbo_helper_pbn, bridgecomposer_pbn

needs_solver = pytest.mark.skipif(not solver_available(), reason='the solver is not installed: pip install ".[hands]"')


def write(folder: Path, text: str, name: str = "hands.pbn") -> Path:
    path = folder / name
    path.write_text(text, encoding="latin-1")
    return path


def run(*argv: str, cwd: Path, solver: bool = True) -> subprocess.CompletedProcess[str]:
    """The command as a user runs it (``solver=False``: as where the hands extra is not installed)."""
    block = "" if solver else "sys.modules['endplay'] = None  # as if the hands extra were not installed\n"
    probe = f"import sys\n{block}from xlbridge.cli import main\nsys.exit(main({list(argv)!r}))\n"
    return subprocess.run([sys.executable, "-c", probe], cwd=cwd, capture_output=True, text=True, timeout=600)


def test_bridgecomposer_tags_are_read(tmp_path: Path) -> None:
    """Every typed Camrose board: its deal, dealer, vulnerability (All is Both), the table (both tags agree) and the
    par (OptimumScore from the declaring side, ParContract with BridgeComposer's 3N)."""
    records = read_hand_records(write(tmp_path, bridgecomposer_pbn()))
    assert records.event == "Camrose 2024"
    assert [record.board for record in records.boards] == [board[0] for board in CAMROSE]
    for record, (_, dealer, vulnerable, deal, tricks, optimum, contracts) in zip(records.boards, CAMROSE,
                                                                                strict=True):  # fmt: skip
        assert record.deal == xlbridge.parse_deal(deal)
        assert record.dealer == Seat(dealer)
        assert record.vulnerability.value == {"All": "Both"}.get(vulnerable, vulnerable)
        assert record.tricks == TrickTable(tuple(int(digit, 16) for digit in tricks))
        assert record.par is not None
        assert record.par == parse_par(optimum, contracts)
        assert record.notes == ()
    board_8 = records.boards[2].par
    assert board_8 is not None
    assert (board_8.score, board_8.contracts) == (100, "EW 3DX-1")  # "EW -100": East-West lose 100
    board_32 = records.boards[7].par
    assert board_32 is not None
    assert (board_32.score, board_32.contracts) == (990, "S 6NT=")


def test_bbo_helper_tables_are_read(tmp_path: Path) -> None:
    """OptimumResultTable alone (no par); no Dealer or Vulnerable tag: the board number's."""
    records = read_hand_records(write(tmp_path, bbo_helper_pbn()))
    for record, (_, rows) in zip(records.boards, BBO_HELPER, strict=True):
        assert record.tricks is not None
        assert {seat: tuple(record.tricks[seat].values()) for seat in "NSEW"} == rows
        assert record.par is None
        assert (record.dealer, record.vulnerability) == (xlbridge.board_dealer(record.board),
                                                         xlbridge.board_vulnerability(record.board))  # fmt: skip


def test_the_files_vulnerability_comes_before_the_cycles(tmp_path: Path) -> None:
    """A hand record need not follow the board-number cycle: its Dealer and Vulnerable tags are what count, for the
    board and for its par."""
    board = CAMROSE[1]  # board 7: the cycle says South deals, both vulnerable
    text = bridgecomposer_pbn([board]).replace('[Vulnerable "All"]', '[Vulnerable "NS"]')
    text = text.replace('[Dealer "S"]', '[Dealer "E"]')
    (record,) = read_hand_records(write(tmp_path, text)).boards
    assert (record.dealer, record.vulnerability) == (Seat.EAST, Vulnerability.NS)
    if solver_available():
        (analysis,) = analyse([record])
        assert analysis.par is not None
        assert (analysis.par.score, analysis.par.contracts) == (500, "E 5DX-3")
        assert analysis.disagreements == ("its par is NS 620, the solver's NS 500",)


def test_a_results_file_brings_its_deals(tmp_path: Path) -> None:
    """A results file repeats each board's deal for every table: each board is read once; tags on any of its
    games are used."""
    games = bridgecomposer_pbn(CAMROSE[:2]).split("\n\n")
    bare = "\n".join(line for line in games[1].splitlines() if "Optimum" not in line and "DoubleDummy" not in line
                     and "Par" not in line and line[:1] not in "NSEW")  # fmt: skip
    text = "\n\n".join([games[0], bare.replace('"Camrose 2024"', '"#"'), games[0], games[1]])
    records = read_hand_records(write(tmp_path, text))
    assert [record.board for record in records.boards] == [1, 7]
    assert records.boards[1].tricks is not None  # from the board's second game


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (('[Deal "N:T5.982', '[Deal "N:T55.982'), "line 16: board 1: deal 'N:T55.982.874.AQ632"),
        (('[Board "1"]', '[Board "one"]'), "line 9: board 'one': a board number is a whole number from 1"),
        (('[Board "1"]\n', ""), "line 15: the deal has no [Board] tag: which board is it?"),
        (('[Vulnerable "None"]', '[Vulnerable "3"]'), "line 15: board 1: [Vulnerable '3'] is not None, NS, EW or All"),
        (('[Dealer "N"]', '[Dealer "Q"]'), "line 14: board 1: Dealer 'Q': must be N, E, S or W"),
        (('[Board "7"]', '[Board "1"]'), "line 57: board 1 has another deal at line 16; a board is dealt once"),
    ],
)
def test_faults_are_named_by_line(tmp_path: Path, change: tuple[str, str], message: str) -> None:
    """A deal, a board number, a dealer or a vulnerability that cannot be used refuses the file, naming the line."""
    path = write(tmp_path, bridgecomposer_pbn(CAMROSE[:2]).replace(*change, 1))
    with pytest.raises(BridgeInputError) as raised:
        read_hand_records(path)
    assert raised.value.message.startswith(f"{path}: "), raised.value.message
    assert message in raised.value.message


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"PK\x03\x04" + b"\0" * 40, "not a hand record (PBN)"),
        (b"\x00\x01\x02binary\x00\x00\x00", "not a hand record (PBN) (it is a binary file, not text)"),
        (b"board,ns,ew\n1,2,3\n", "not a hand record: it is CSV (a hand record is a PBN file)"),
        (b'[Event "No deals"]\n[Board "1"]\n', "holds no deals ([Deal] tags): it is not a hand record"),
    ],
)
def test_files_that_are_not_hand_records(tmp_path: Path, data: bytes, message: str) -> None:
    """What is not a PBN hand record is refused in one line saying what it is."""
    path = tmp_path / "hands.pbn"
    path.write_bytes(data)
    with pytest.raises(BridgeInputError, match=message.replace("(", r"\(").replace(")", r"\)").replace("[", r"\[")):
        read_hand_records(path)


def test_unusable_analysis_tags_are_noted_not_fatal(tmp_path: Path) -> None:
    """An analysis tag that cannot be read is left out with a note (the deal is still the board's); a table of
    BridgeComposer's shorthand (1 for every count below seven tricks) is noted as not exact."""
    good = bridgecomposer_pbn(CAMROSE[:1])
    (record,) = parse_hand_records(good.replace('"EW 1S+2"', '"EW 1S++2"').encode(), Path("hands.pbn")).boards
    assert record.par is not None
    assert (record.par.score, record.par.contracts) == (-140, "")
    assert record.notes == ((24, "ParContract 'EW 1S++2': 'EW 1S++2' is not a contract such as 'NS 4S='; the par "
                                 "score is used without it"),)  # fmt: skip
    text = good.replace("54555546658977889778", "5455554665897788977Z")
    text = text.replace('"EW 140"', '"EW lots"')
    (record,) = parse_hand_records(text.encode(), Path("hands.pbn")).boards
    assert record.tricks is not None  # the OptimumResultTable is still good
    assert record.par is None
    assert record.notes == (
        (22, "DoubleDummyTricks '5455554665897788977Z': expected 20 hexadecimal digits 0-d (tricks 0-13); not used"),
        (23, "OptimumScore 'EW lots': expected NS or EW and a score, such as 'NS 420' or 'EW 140'; not used"),
    )
    shorthand = "".join("1" if int(d, 16) < 7 else d for d in CAMROSE[0][4])
    lines = [line for line in bridgecomposer_pbn(CAMROSE[:1]).splitlines()
             if line[:1] not in "NSEW" and "OptimumResultTable" not in line]  # fmt: skip
    text = "\n".join(lines).replace(CAMROSE[0][4], shorthand)
    (record,) = parse_hand_records(text.encode(), Path("hands.pbn")).boards
    assert record.notes == ((16, "its double-dummy table writes 1 for every count below 7 tricks (a shorthand some "
                                 "programs use): those figures are not exact"),)  # fmt: skip


def test_written_files_read_back(tmp_path: Path) -> None:
    """What xlbridge writes is a hand record as BridgeComposer lays it out (the same tags and table), and reads
    back as the same boards, tables and par."""
    records = parse_hand_records(bridgecomposer_pbn().encode(), Path("in.pbn"))
    analyses = analyse(records, use_solver=False)
    text = hand_record_pbn(analyses, 'The "Camrose" 2024')
    again = read_hand_records(write(tmp_path, text, "out.pbn"))
    assert again.event == 'The "Camrose" 2024'
    assert [(r.board, r.dealer, r.vulnerability, r.deal, r.tricks, r.par) for r in again.boards] == [
        (r.board, r.dealer, r.vulnerability, r.deal, r.tricks, r.par) for r in records.boards
    ]
    assert '[Vulnerable "All"]' in text  # PBN 2.1's export spelling
    assert {'[ParContract "S 6N="]', '[OptimumScore "EW -100"]'} <= set(text.splitlines())  # as BridgeComposer
    assert '[Deal "W:Q.A854.AQT654.J3' in text  # from the dealer's seat


def test_csv_columns_are_the_issues() -> None:
    """board, dealer, vulnerable, par_ns, par_contracts, then N_NT ... W_C (declarers N, E, S, W)."""
    assert CSV_COLUMNS[:5] == ("board", "dealer", "vulnerable", "par_ns", "par_contracts")
    assert CSV_COLUMNS[5:10] == ("N_NT", "N_S", "N_H", "N_D", "N_C")
    assert (CSV_COLUMNS[10], CSV_COLUMNS[-1], len(CSV_COLUMNS)) == ("E_NT", "W_C", 25)
    records = parse_hand_records(bridgecomposer_pbn(CAMROSE[:1]).encode(), Path("in.pbn"))
    assert hands_csv(analyse(records, use_solver=False)).splitlines()[1] == (
        "1,N,None,-140,EW 1S+2,5,4,5,5,5,8,9,7,7,8,5,4,6,6,5,8,9,7,7,8"
    )


@needs_solver
def test_hands_command_checks_the_tags_against_the_solver(tmp_path: Path) -> None:
    """`xlbridge hands` on BridgeComposer's boards: the solver's figures, which agree with the tags; with one tag
    changed, that board's disagreement is reported on stderr by board and line, and the solver's figures shown."""
    path = write(tmp_path, bridgecomposer_pbn(CAMROSE[:3]))
    done = run("hands", str(path), "--csv", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    rows = done.stdout.splitlines()
    assert rows[0] == ",".join(CSV_COLUMNS)
    assert rows[3].startswith("8,W,None,100,EW 3DX-1,")
    assert "3 boards from" in done.stderr
    assert "the file's own tags agree" in done.stderr
    changed = bridgecomposer_pbn(CAMROSE[:3]).replace("7aa588aa595338452274", "7aa588aa595338452275")
    changed = changed.replace('"NS 620"', '"NS 650"')
    path = write(tmp_path, changed, "changed.pbn")
    done = run("hands", str(path), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    notes = [line for line in done.stderr.splitlines() if "board 7" in line]
    assert notes == [
        f"xlbridge hands: {path}: line 63: board 7: its DoubleDummyTricks and OptimumResultTable disagree; the "
        "OptimumResultTable is used",
        f"xlbridge hands: {path}: line 57: board 7: its par is NS 650, the solver's NS 620",
    ]
    assert "    7 S      Both " in done.stdout
    assert "NS 620: NS 4H=; NS 4S=" in done.stdout
    assert "the file's own tags disagree on 1 board" in done.stdout


def test_hands_command_without_the_solver(tmp_path: Path) -> None:
    """Without the hands extra: the file's own tags, and one line saying what to install; a file without tags
    (a dealing machine's) is refused in one line naming the install, exit status 2."""
    path = write(tmp_path, bridgecomposer_pbn(CAMROSE[:2]))
    done = run("hands", str(path), "--csv", cwd=tmp_path, solver=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[1] == "1,N,None,-140,EW 1S+2,5,4,5,5,5,8,9,7,7,8,5,4,6,6,5,8,9,7,7,8"
    assert done.stderr.splitlines()[-1] == ("xlbridge hands: note: no double-dummy tables or par: the solver is not "
                                            f"installed ({install_command('hands')})")  # fmt: skip
    bare = "\n".join(
        line
        for line in bridgecomposer_pbn(CAMROSE[:2]).splitlines()
        if "Optimum" not in line and "Double" not in line and "Par" not in line and line[:1] not in "NSEW"
    )
    path = write(tmp_path, bare, "bare.pbn")
    done = run("hands", str(path), cwd=tmp_path, solver=False)
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        "xlbridge hands: the double-dummy tables and par of a hand record without its own analysis needs the "
        f"double-dummy solver (endplay), which is not installed here: {install_command('hands')} (xlwings Lite "
        "cannot run it)"
    ]
    assert done.stdout == ""


def test_deal_command_reproduces_its_deals(tmp_path: Path) -> None:
    """`xlbridge deal` with a seed writes the same hand record twice; the file names the seed and the command that
    deals it again; dealer and vulnerability follow the board numbers; an existing file is kept without --force.
    (Dealt without the solver, which does not change the deals: the analysis is the printed pages' test's.)"""
    first = run("deal", "--boards", "4", "--first-board", "13", "--seed", "2026", "-o", "a.pbn", cwd=tmp_path,
                solver=False)  # fmt: skip
    assert first.returncode == 0, first.stderr
    assert "Dealt boards 13-16 (seed 2026; deal them again with: xlbridge deal --boards 4 --first-board 13 --seed " \
           "2026)" in first.stdout  # fmt: skip
    second = run("deal", "--boards", "4", "--first-board", "13", "--seed", "2026", "-o", "b.pbn", cwd=tmp_path,
                 solver=False)  # fmt: skip
    assert second.returncode == 0, second.stderr
    assert (tmp_path / "a.pbn").read_bytes() == (tmp_path / "b.pbn").read_bytes()
    records = read_hand_records(tmp_path / "a.pbn")
    assert [(r.board, r.dealer.value, r.vulnerability.value) for r in records.boards] == [
        (13, "N", "Both"), (14, "E", "None"), (15, "S", "NS"), (16, "W", "EW")]  # fmt: skip
    assert [r.deal for r in records.boards] == [xlbridge.deal_board(2026, board) for board in range(13, 17)]
    assert (
        "% Deal them again: xlbridge deal --boards 4 --first-board 13 --seed 2026" in (tmp_path / "a.pbn").read_text()
    )
    again = run("deal", "--boards", "4", "--seed", "1", "-o", "a.pbn", cwd=tmp_path, solver=False)
    assert again.returncode == 2
    assert (
        again.stderr.strip() == "xlbridge deal: a.pbn: already exists; choose another name (or --force to replace it)"
    )
    assert (tmp_path / "a.pbn").read_bytes() == (tmp_path / "b.pbn").read_bytes()
    assert {board: analysis.source for board, analysis in board_analyses(tmp_path / "a.pbn", False).items()} == {
        13: "", 14: "", 15: "", 16: ""}  # fmt: skip


def test_deal_command_without_the_solver(tmp_path: Path) -> None:
    """Without the hands extra the deals are written without analysis, and the command says what to install."""
    done = run("deal", "--boards", "2", "--seed", "5", "-o", "plain.pbn", cwd=tmp_path, solver=False)
    assert done.returncode == 0, done.stderr
    assert "no double-dummy analysis" in done.stdout
    assert done.stderr.strip().endswith(f"the solver is not installed ({install_command('hands')})")
    text = (tmp_path / "plain.pbn").read_text()
    assert "[Deal " in text
    assert "DoubleDummyTricks" not in text
    assert "OptimumScore" not in text


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["deal", "--boards", "0", "-o", "x.pbn"], "argument --boards: '0': must be a whole number, 1 or more"),
        (["deal", "--boards", "4", "--seed", "-3", "-o", "x.pbn"], "argument --seed: '-3': must be a whole number"),
        (["deal", "--boards", "4", "-o", "x.txt"], "x.txt: what is written is a PBN hand record, so the name must end"),
        (["deal", "--boards", "1000", "-o", "x.pbn"], "--boards 1000: at most 999 boards at a time"),
        (["hands", "missing.pbn"], "missing.pbn: cannot be read (No such file or directory)"),
    ],
)
def test_command_mistakes_are_one_line(tmp_path: Path, argv: list[str], message: str) -> None:
    """Every mistake on the command line is one line on stderr, exit status 2, nothing written."""
    done = run(*argv, cwd=tmp_path)
    assert done.returncode == 2
    assert message in done.stderr.strip().splitlines()[-1]
    assert not (tmp_path / "x.pbn").exists()


def test_printing_without_the_web_extra_is_one_line(tmp_path: Path) -> None:
    """--print needs Jinja2 (the web extra): without it the command says so in one line before dealing or writing
    anything."""
    argv = ["deal", "--boards", "2", "--seed", "1", "-o", "x.pbn", "--print", "x.html"]
    probe = f"import sys\nsys.modules['jinja2'] = None\nfrom xlbridge.cli import main\nsys.exit(main({argv!r}))"
    done = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert done.stderr.splitlines() == [f"xlbridge deal: needs the web extra: {install_command('web')}"]
    assert list(tmp_path.iterdir()) == []
