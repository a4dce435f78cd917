"""A session is never silently wrong: good sessions broken as a tired secretary breaks them, and every command that
reads them, run as a user runs it (in a subprocess).

For each mistake the command either exits 2 naming the right line or row, or gives the right answer: the same
ranking as the equivalent clean input. Never exit 0 with a lost result, a pair with more boards than the session, or
a figure from stale values."""

from __future__ import annotations

import csv
import io
import random
import re
import warnings
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from xlbridge.engine.errors import MOST_LISTED, Doubt
from xlbridge.engine.session import read_line
from xlbridge.engine.standings import score_session
from xlbridge.files.interchange import read_results
from xlbridge.files.interchange.movement_files import read_movement_csv
from xlbridge.files.templates import CLASSIC, pairs_session
from xlbridge.files.templates.layout import LAYOUT
from xlbridge.files.workbook.calc import calc_workbook
from xlbridge.files.workbook.patching import write_package
from xlbridge.files.workbook.report import session_ranking
from xlbridge.files.workbook.session_book import read_session_book
from xlbridge.files.workbook.xlsx import ExcelErrorValue, open_package

from .conftest import HOWELL
from .safety import Ran, xlbridge
from .workbooks import Book, typed_into

HEADER = "board,ns,ew,contract,declarer,result"
CONTRACTS = [("4S", "N", "="), ("4S", "N", "+1"), ("3NT", "S", "-1"), ("2H", "E", "="), ("4SX", "N", "-2"),
             ("1NT", "W", "+1"), ("3NT", "N", "="), ("5D", "W", "-1")]  # fmt: skip


@dataclass(frozen=True)
class Evening:
    """A 7-table Mitchell (two fields, 21 boards) as a club has it: its movement file, its results file, its names
    file, the workbook imported with all three, and the ranking of each."""

    folder: Path
    movement: Path
    names: Path
    lines: list[str]  # the results file's lines, the header first
    workbook: Path
    ranking: str  # ranking --csv of the clean workbook

    def results(self, name: str, lines: list[str]) -> Path:
        path = self.folder / name
        path.write_text("\n".join(lines) + "\n")
        return path


def ranking_of(folder: Path, workbook: Path) -> Ran:
    return xlbridge("ranking", workbook, "--csv", cwd=folder)


@pytest.fixture(scope="module")
def evening(tmp_path_factory: pytest.TempPathFactory) -> Evening:
    folder = tmp_path_factory.mktemp("evening")
    movement = folder / "movement.csv"
    assert xlbridge("movement", "mitchell", "--tables", "7", "--boards-per-round", "3", "--csv", movement).status == 0
    rng = random.Random(20)
    lines = [HEADER] + [f"{s.board},{s.ns},{s.ew},{','.join(rng.choice(CONTRACTS))}"
                        for s in read_movement_csv(movement).slots()]  # fmt: skip
    names = folder / "names.csv"
    listed = [f"{n},{side},{side} player {n}a,{side} player {n}b" for side in ("NS", "EW") for n in range(1, 8)]
    names.write_text("\n".join(["pair,direction,player1,player2", *listed]) + "\n")
    results = folder / "tuesday.csv"
    results.write_text("\n".join(lines) + "\n")
    workbook = folder / "tuesday.xlsx"
    done = xlbridge("import", results, "--names", names, "--movement-file", movement, "-o", workbook, cwd=folder)
    assert done.status == 0, done.err
    clean = ranking_of(folder, workbook)
    assert clean.status == 0, clean.err
    return Evening(folder, movement, names, lines, workbook, clean.out)


def imported(evening: Evening, name: str, lines: list[str], *options: object) -> Ran:
    """``xlbridge import`` of the lines (as the results file ``name``) with the names, and ``options``."""
    path = evening.results(name, lines)
    return xlbridge("import", path, "--names", evening.names, "-o", evening.folder / f"{name}.xlsx", "--force",
                    *options, cwd=evening.folder)  # fmt: skip


def refused_lines(done: Ran, name: str) -> list[int]:
    """The file's line numbers a refusal names, in its order (it ends with their count)."""
    lines = done.refusals
    assert "cannot be imported as" in lines[-1], done.err
    return [
        int(found[1]) for line in lines[:-1] if (found := re.match(rf"xlbridge import: .*{name}: line (\d+): ", line))
    ]


# --- a results file broken ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("with_movement", [True, False], ids=["movement", "no-movement"])
@pytest.mark.parametrize("mistake", ["blank lines", "rows reordered"])
def test_harmless_mistakes_give_the_same_ranking(evening: Evening, mistake: str, with_movement: bool) -> None:
    """Blank lines anywhere, and the lines in any order: the same workbook figures as the clean file."""
    lines = list(evening.lines)
    if mistake == "blank lines":
        lines[40:40] = ["", ",,,,,"]
        lines.append("")
    else:
        body = lines[1:]
        random.Random(3).shuffle(body)
        lines = [lines[0], *body]
    options = ["--movement-file", evening.movement] if with_movement else []
    name = f"{mistake.replace(' ', '-')}-{with_movement}.csv"
    assert imported(evening, name, lines, *options).status == 0
    assert ranking_of(evening.folder, evening.folder / f"{name}.xlsx").out == evening.ranking


def test_a_line_typed_twice(evening: Evening) -> None:
    """The same line on lines 10 and 148: both named (nothing says which is right), with or without the movement."""
    lines = [*evening.lines, evening.lines[9]]
    for options in ([], ["--movement-file", evening.movement]):
        done = imported(evening, "twice.csv", lines, *options)
        assert refused_lines(done, "twice.csv") == [10, len(lines)]
        assert "two results for board" in done.refusals[0]


def excel_saved(line: str) -> str:
    """A results line as Excel saves it: a result typed ``+1`` is the number 1 (its plus sign gone), and ``=``,
    which Excel takes as the start of a formula, is typed 0; ``-1`` stays."""
    parts = line.split(",")
    parts[5] = {"=": "0"}.get(parts[5], parts[5].lstrip("+"))
    return ",".join(parts)


def test_a_results_file_saved_by_excel(evening: Evening) -> None:
    """The results file opened in Excel and saved: every +1 is 1 and = was typed 0, which read as tricks taken are
    contracts gone down seven or more (it gave exit 0 and another winner in both fields). Beside results written
    against the contract (-1), a bare number that as tricks would be down is refused, naming each line and both
    readings (8 on 3NT, which no overtrick count can be, is the tricks taken); the same file written with tricks
    taken for a contract made (10 for 4S=) and -1 for down one is no mistake and gives the clean file's ranking."""
    lines = [evening.lines[0], *(excel_saved(line) for line in evening.lines[1:])]
    changed = [n for n, (old, new) in enumerate(zip(evening.lines, lines, strict=True), start=1) if old != new]
    down = next(n for n, line in enumerate(lines) if ",3NT,S,-1" in line)
    lines[down] = lines[down].replace(",3NT,S,-1", ",3NT,S,8")  # down one as tricks: no overtrick count, not asked
    done = imported(evening, "excel.csv", lines)
    assert refused_lines(done, "excel.csv") == changed[:MOST_LISTED]
    assert f": {len(changed)} lines cannot be imported as they are" in done.refusals[-1]
    first = done.refusals[0]
    number = changed[0]
    typed = lines[number - 1].split(",")[5]
    shown = "=" if typed == "0" else f"+{typed}"
    example = next(n for n, line in enumerate(lines[1:], start=2) if line.split(",")[5].startswith("-"))
    assert first.startswith(f"xlbridge import: {evening.folder / 'excel.csv'}: line {number}: result '{typed}': ")
    assert f"(line {example}: '{lines[example - 1].split(',')[5]}')" in first
    assert f"write {shown}" in first
    assert not (evening.folder / "excel.csv.xlsx").exists()

    def tricks_taken(line: str) -> str:
        parts = line.split(",")
        if not parts[5].startswith("-"):
            level = int(parts[3][0])
            parts[5] = str(level + 6 + int(parts[5].lstrip("+=") or 0))
        return ",".join(parts)

    written = [evening.lines[0], *(tricks_taken(line) for line in evening.lines[1:])]
    assert imported(evening, "tricks.csv", written).status == 0
    assert ranking_of(evening.folder, evening.folder / "tricks.csv.xlsx").out == evening.ranking


def test_a_pbn_file_with_a_board_tag_missing(evening: Evening) -> None:
    """The evening exported as PBN, board 3's [Board] tag deleted. Its boards apart by blank lines: refused naming
    its ScoreTable, and the line where its board starts (it said `board None is not a number`, no line). Written
    without the blank lines (read as well as with them): the same, board 3 starting where its tags start again
    (board 2's results were dropped and board 3's scored as board 2's, with board 2's vulnerability: exit 0)."""
    exported = evening.folder / "exported.pbn"
    assert xlbridge("export", evening.workbook, "--pbn", exported, "--force", cwd=evening.folder).status == 0
    text = exported.read_text(encoding="utf-8").splitlines()
    unbroken = [line for line in text if line.strip()]
    packed = evening.folder / "packed.pbn"
    packed.write_text("\n".join(unbroken) + "\n", encoding="utf-8")
    out = evening.folder / "packed.xlsx"
    assert xlbridge("import", packed, "-o", out, "--force", cwd=evening.folder).status == 0
    assert ranking_of(evening.folder, out).out == evening.ranking

    missing = text.index('[Board "3"]')
    table = next(n for n in range(missing, len(text)) if text[n].startswith("[ScoreTable"))
    start = max(n for n in range(missing) if not text[n].strip()) + 1
    apart = evening.folder / "apart.pbn"
    apart.write_text("\n".join(text[:missing] + text[missing + 1 :]) + "\n", encoding="utf-8")
    done = xlbridge("import", apart, "-o", evening.folder / "apart.xlsx", cwd=evening.folder)
    assert done.refused == (f"xlbridge import: {apart}: line {table}: the ScoreTable of the board from line "
                            f"{start + 1} has no [Board] tag: which board's results are these? Give it its "
                            '[Board "N"] tag')  # fmt: skip

    unbroken.remove('[Board "3"]')
    events = [n for n, line in enumerate(unbroken, start=1) if line.startswith("[Event ")]
    packed.write_text("\n".join(unbroken) + "\n", encoding="utf-8")
    table = next(n for n in range(events[2], len(unbroken)) if unbroken[n - 1].startswith("[ScoreTable"))
    done = xlbridge("import", packed, "-o", out, "--force", cwd=evening.folder)
    assert done.refused == (f"xlbridge import: {packed}: line {table}: the ScoreTable of the board from line "
                            f"{events[2]} has no [Board] tag: which board's results are these? Give it its "
                            '[Board "N"] tag')  # fmt: skip
    assert not (evening.folder / "apart.xlsx").exists()


def test_pairs_typed_with_their_directions(evening: Evening) -> None:
    """Every pair typed with its direction (3NS, 5EW) is the clean file; a line typed with the pairs in each other's
    columns (5EW under ns, 3NS under ew) is refused, naming the line and both, as is an EW pair alone under ns
    (it was read as NS 5, the direction typed dropped, with exit 0)."""
    lines = [evening.lines[0]]
    for line in evening.lines[1:]:
        board, ns, ew, *rest = line.split(",")
        lines.append(",".join([board, f"{ns}NS", f"{ew}EW", *rest]))
    assert imported(evening, "directions.csv", lines).status == 0
    assert ranking_of(evening.folder, evening.folder / "directions.csv.xlsx").out == evening.ranking
    board, ns, ew, *rest = evening.lines[7].split(",")
    lines[7] = ",".join([board, f"{ew}EW", f"{ns}NS", *rest])
    board, ns, ew, *rest = evening.lines[20].split(",")
    lines[20] = ",".join([board, f"{ns}EW", ew, *rest])
    done = imported(evening, "turned-directions.csv", lines)
    assert refused_lines(done, "turned-directions.csv") == [8, 21]
    assert done.refusals[0].endswith(
        f"line 8: '{evening.lines[7].split(',')[2]}EW' in the ns column is an East-West pair and "
        f"'{evening.lines[7].split(',')[1]}NS' in the ew column is a North-South pair: are NS and EW swapped? Give "
        "each pair in its own column"
    )
    assert done.refusals[1].endswith(f"line 21: '{ns}EW' in the ns column is an East-West pair: are NS and EW "
                                     "swapped? Give each pair in its own column")  # fmt: skip


def test_a_results_header_naming_a_column_twice(evening: Evening) -> None:
    """A traveller's layout typed as a CSV, its scores headed NS and EW as on the paper (Board,NS,EW,...,NS,EW):
    refused in one line naming the heading and both columns (every line was refused as `pair ''`, the pairs read
    from the score columns)."""
    lines = [f"{evening.lines[0]},NS,EW", *(f"{line},," for line in evening.lines[1:])]
    done = imported(evening, "scores.csv", lines)
    assert done.refused == (f"xlbridge import: {evening.folder / 'scores.csv'}: line 1: the header names the ns "
                            "column twice (columns 2 and 7: 'ns', 'NS') and the ew column twice (columns 3 and 8: "
                            "'ew', 'EW'): rename the one that is not it (the scores: NS score and EW "
                            "score)")  # fmt: skip


@pytest.mark.parametrize(("cut", "said"), [
    ("</TRAVELLER_LINE>", "mismatched tag: <TRAVELLER_LINE> of line {opened} is not closed"),
    ("</USEBIO>", "no element found: <USEBIO> of line {opened} is not closed"),
])  # fmt: skip
def test_a_usebio_file_with_a_closing_tag_missing(tmp_path: Path, cut: str, said: str) -> None:
    """The Compscore3 Howell with a closing tag deleted (the fifth traveller line's, or the file's last, as a file
    cut short ends): refused in one line naming where the parser stopped and the element left open, with its line
    (it named only the line of the next closing tag, `line 327: mismatched tag`)."""
    text = HOWELL.read_text(encoding="utf-8").splitlines(keepends=True)
    at = [n for n, line in enumerate(text) if line.strip() == cut][-1 if cut == "</USEBIO>" else 4]
    opening = cut.replace("</", "<")[:-1]
    opened = max(n for n in range(at) if text[n].strip().startswith(opening)) + 1
    broken = tmp_path / "broken.xml"
    broken.write_text("".join(text[:at] + text[at + 1 :]), encoding="utf-8")
    done = xlbridge("import", broken, "-o", tmp_path / "broken.xlsx", cwd=tmp_path)
    assert re.fullmatch(rf"xlbridge import: {re.escape(str(broken))}: not readable XML: line \d+: "
                        f"{re.escape(said.format(opened=opened))}", done.refused), done.refused  # fmt: skip
    assert sorted(path.name for path in tmp_path.iterdir()) == ["broken.xml"]


def test_a_howells_names_file_giving_directions(tmp_path: Path) -> None:
    """The Compscore3 Howell as a CSV, its names file giving each pair the direction it sat in first: the
    directions make two fields, where every pair plays both ways. Refused, saying that each pair left out is on it
    with the other direction and what to do (it said to add NS 1, ... to a names file that lists pair 1); with
    --movement Howell the ranking of the file without directions."""
    session = read_results(HOWELL).session
    assert session is not None
    rows = [HEADER + ",lead,adjusted"]
    first: dict[object, str] = {}
    for line in session.lines:
        contract, declarer, lead, result, adjusted = line.entered
        rows.append(f"{line.board},{line.ns},{line.ew},{contract},{declarer},{result},{lead},{adjusted}")
        first.setdefault(line.ns, "NS")
        first.setdefault(line.ew, "EW")
    results = tmp_path / "howell.csv"
    results.write_text("\n".join(rows) + "\n")
    listed = ["pair,direction,player1,player2"]
    plain = tmp_path / "plain-names.csv"
    plain.write_text("\n".join([*listed, *(f"{p.number},,{p.players[0]},{p.players[1]}" for p in session.pairs)]))
    names = tmp_path / "names.csv"
    names.write_text("\n".join([*listed, *(f"{p.number},{first[p.number]},{p.players[0]},{p.players[1]}"
                                           for p in session.pairs)]) + "\n")  # fmt: skip
    done = xlbridge("import", results, "--names", names, "-o", tmp_path / "out.xlsx", cwd=tmp_path)
    assert len(done.refusals) == 2
    assert done.refusals[0].startswith(f"xlbridge import: {names}: 11 pairs play in {results} but are not on it: NS 1,")
    assert done.refusals[0].endswith(
        f"(117 lines): each is on it with the other direction: the directions of {names.name} make two fields (NS 1 "
        "and EW 1 two pairs), but these pairs play both North-South and East-West: if it is one field (a Howell), "
        "give --fields one, or leave the directions blank"
    )
    assert xlbridge("import", results, "--names", names, "--movement", "Howell", "-o", tmp_path / "out.xlsx",
                    cwd=tmp_path).status == 0  # fmt: skip
    assert xlbridge("import", results, "--names", plain, "-o", tmp_path / "plain.xlsx", cwd=tmp_path).status == 0
    ranked = [line.split(",")[1] for line in ranking_of(tmp_path, tmp_path / "out.xlsx").out.splitlines()]
    assert ranked == [line.split(",")[1] for line in ranking_of(tmp_path, tmp_path / "plain.xlsx").out.splitlines()]


def test_a_usebio_file_saved_as_windows_1252(tmp_path: Path) -> None:
    """The Compscore3 Howell with a player renamed Hélène Dupré and saved by a Windows editor as Windows-1252
    ("ANSI"), its first line naming no encoding: refused naming the line and saying the file is not UTF-8 and the
    two ways to put it right (it said only `line 39: not well-formed (invalid token)`); with the encoding named, it
    is read, the name as typed."""
    text = HOWELL.read_text(encoding="utf-8").replace("Player 1<", "Hélène Dupré<", 1)
    line = text[: text.index("Hélène")].count("\n") + 1
    saved = tmp_path / "ansi.xml"
    saved.write_bytes(text.encode("cp1252"))
    done = xlbridge("import", saved, "-o", tmp_path / "ansi.xlsx", cwd=tmp_path)
    assert done.refused == (f"xlbridge import: {saved}: not readable XML: line {line}: not well-formed (invalid "
                            f"token): line {line} is not UTF-8, which an XML file is unless its first line names "
                            "another encoding (saved as Windows-1252?): save it as UTF-8, or begin it "
                            '<?xml version="1.0" encoding="windows-1252"?>')  # fmt: skip
    named = tmp_path / "named.xml"
    named.write_bytes(text.replace('<?xml version="1.0"?>', '<?xml version="1.0" encoding="windows-1252"?>')
                      .encode("cp1252"))  # fmt: skip
    assert xlbridge("import", named, "-o", tmp_path / "named.xlsx", cwd=tmp_path).status == 0
    assert "Hélène Dupré & Player 2" in ranking_of(tmp_path, tmp_path / "named.xlsx").out


def test_a_results_file_with_its_scores(evening: Evening) -> None:
    """The results with each line's North-South score, as a scorer's export or a typed traveller gives it (an
    `NS score` column): the clean file's ranking. A declarer typed wrong (E for N), the score right: refused naming
    the line, the score and what the contract scores, as a PBN or USEBIO file's score is checked (the column was
    not read, and the line scored for East-West with exit 0)."""
    lines = [f"{evening.lines[0]},NS score"]
    for line in evening.lines[1:]:
        board, ns, ew, contract, declarer, result = line.split(",")
        lines.append(f"{line},{read_line(int(board), int(ns), int(ew), contract, declarer, result).score}")
    assert imported(evening, "scored.csv", lines).status == 0
    assert ranking_of(evening.folder, evening.folder / "scored.csv.xlsx").out == evening.ranking
    at = next(n for n, line in enumerate(lines) if ",4S,N,=," in line)
    lines[at] = lines[at].replace(",4S,N,=,", ",4S,E,=,")
    board, score = lines[at].split(",")[0], lines[at].split(",")[-1]
    done = imported(evening, "scored-wrong.csv", lines)
    assert refused_lines(done, "scored-wrong.csv") == [at + 1]
    assert done.refusals[0].endswith(f"line {at + 1}: NS score {score} disagrees with 4S by E = on board {board}, "
                                     f"which scores {-int(score)}")  # fmt: skip


def test_a_board_typed_wrong(evening: Evening) -> None:
    """Board 4's first line typed as board 14. Given the movement: that line alone, with the board it may be (and
    the result board 4 lacks); the two right lines of board 14 are not blamed. Without it: every line of the
    collision, each naming the others. With --keep-bad-lines the line's own Check cell says why."""
    lines = list(evening.lines)
    moved = next(i for i, line in enumerate(lines) if line.startswith("4,"))
    lines[moved] = "14" + lines[moved][1:]
    done = imported(evening, "moved.csv", lines, "--movement-file", evening.movement)
    assert refused_lines(done, "moved.csv") == [moved + 1]
    assert done.refusals[0].endswith("which has no result: is it that?")
    assert "board 4: no result for" in done.refusals[1]
    alone = imported(evening, "moved-alone.csv", lines)
    named = refused_lines(alone, "moved-alone.csv")
    assert moved + 1 in named
    assert len(set(named)) == 3  # the moved line, and NS's and EW's own lines of board 14
    kept = imported(evening, "moved.csv", lines, "--movement-file", evening.movement, "--keep-bad-lines")
    assert kept.status == 0
    book = Book(evening.folder / "moved.csv.xlsx")
    # The rows follow the travellers (the movement's order): the line the movement does not have comes after them,
    # and board 4's slot waits, quiet, where its traveller has it.
    checks = {offset: book.sheets["Results"].get(LAYOUT.results.position("Check", offset)) for offset in range(200)}
    flagged = [offset for offset, check in checks.items() if check]
    assert len(flagged) == 1
    assert checks[flagged[0]] == done.refusals[0].split(f": line {moved + 1}: ", 1)[1]
    board, ns, ew = lines[moved].split(",")[:3]
    row = [book.sheets["Results"].get(LAYOUT.results.position(h, flagged[0])) for h in ("Board", "NS", "EW")]
    assert row == [int(board), int(ns), int(ew)]
    assert ranking_of(evening.folder, evening.folder / "moved.csv.xlsx").status == 2


def test_a_pair_number_typed_wrong(evening: Evening) -> None:
    """EW 5 typed as EW 15 (not on the names): that line, named."""
    lines = list(evening.lines)
    index = next(i for i, line in enumerate(lines[1:], start=1) if line.split(",")[2] == "5")
    parts = lines[index].split(",")
    lines[index] = ",".join([*parts[:2], "15", *parts[3:]])
    done = imported(evening, "pair.csv", lines)
    assert refused_lines(done, "pair.csv") == [index + 1]
    assert "EW pair 15 is not on the list of pairs in" in done.refusals[0]


def test_a_names_file_of_one_pair(evening: Evening) -> None:
    """A names file listing 1 of the 14 pairs (cut short when it was saved): one line naming the 13 pairs that play
    but are not on it, not a refusal for each of the 147 lines; with a contract typed wrong as well, that line is
    named too. With --keep-bad-lines the same one line (the Check column gives each line's reason)."""
    names = evening.folder / "one-pair.csv"
    names.write_text("\n".join(evening.names.read_text().splitlines()[:2]) + "\n")
    results = evening.results("one-pair-results.csv", evening.lines)
    out = evening.folder / "one-pair.xlsx"
    done = xlbridge("import", results, "--names", names, "-o", out, cwd=evening.folder)
    others = ", ".join([*(f"NS {n}" for n in range(2, 8)), *(f"EW {n}" for n in range(1, 8))])
    lines = len(evening.lines) - 1
    assert done.refusals == [
        f"xlbridge import: {names}: 13 pairs play in {results} but are not on it: {others} ({lines} lines): add them "
        f"to {names.name}",
        f"xlbridge import: {results}: {lines} lines cannot be imported until {names} lists their pairs: put {names} "
        "right and import again, or import with --keep-bad-lines to take them into the workbook as far as they can "
        "be read, each with its reason in the Check column (the ranking waits until they are put right)",
    ]
    assert not out.exists()
    partial = evening.results("one-pair-partial.csv", evening.lines[:101])  # the last rounds still to come
    done = xlbridge("import", partial, "--names", names, "--movement-file", evening.movement, "-o", out,
                    cwd=evening.folder)  # fmt: skip
    assert f"lines cannot be imported until {names} lists their pairs" in done.refusals[-1]
    assert len(done.refusals) == 1 + 10 + 1 + 1  # the finding, the first ten results to come and their count
    assert done.refusals[-2] == f"xlbridge import: {partial}: and 37 more results the movement expects, not in the file"
    broken = list(evening.lines)
    broken[30] = ",".join([*broken[30].split(",")[:3], "8S", *broken[30].split(",")[4:]])
    done = xlbridge("import", evening.results("one-pair-8s.csv", broken), "--names", names, "-o", out,
                    cwd=evening.folder)  # fmt: skip
    assert len(done.refusals) == 3
    assert done.refusals[0].startswith(f"xlbridge import: {names}: 13 pairs play in ")
    assert done.refusals[1].endswith("line 31: contract '8S': the level must be 1 to 7")
    kept = xlbridge("import", results, "--names", names, "-o", out, "--keep-bad-lines", cwd=evening.folder)
    assert kept.status == 0
    assert kept.err.splitlines() == [f"{names}: 13 pairs play in {results} but are not on it: {others} ({lines} "
                                     f"lines): add them to {names.name} (kept; see the Check column)"]  # fmt: skip


def test_a_result_in_the_wrong_direction(evening: Evening) -> None:
    """NS and EW typed the other way round: given the movement, refused naming the line."""
    lines = list(evening.lines)
    index = next(i for i, line in enumerate(lines[1:], start=1) if line.split(",")[1] != line.split(",")[2])
    board, ns, ew, *rest = lines[index].split(",")
    lines[index] = ",".join([board, ew, ns, *rest])
    done = imported(evening, "turned.csv", lines, "--movement-file", evening.movement)
    assert refused_lines(done, "turned.csv")[0] == index + 1
    assert "NS and EW swapped" in done.refusals[0] or "do not play board" in done.refusals[0]


def test_a_board_outside_the_session_and_a_line_left_out(evening: Evening) -> None:
    """Board 22 of a 21-board movement, and a line left out: each named (by its line, or by its board)."""
    lines = [*evening.lines[:-1]]
    lines[5] = "22" + lines[5][lines[5].index(",") :]
    done = imported(evening, "outside.csv", lines, "--movement-file", evening.movement)
    assert "line 6: board 22 is not one of this session's boards (1-21)" in done.err
    assert "board 21: no result for" in done.err


def test_names_without_directions_for_two_fields(evening: Evening) -> None:
    """A names file without a direction column for the two-field Mitchell: refused (NS 1 and EW 1 were once one
    pair with 42 of 21 boards), with or without the movement file."""
    undirected = evening.folder / "undirected.csv"
    undirected.write_text("pair,player1,player2\n" + "".join(f"{n},A{n},B{n}\n" for n in range(1, 8)))
    path = evening.results("plain.csv", evening.lines)
    for options in ([], ["--movement-file", evening.movement]):
        done = xlbridge("import", path, "--names", undirected, "-o", evening.folder / "u.xlsx", *options,
                        cwd=evening.folder)  # fmt: skip
        line = done.refused
        assert line.startswith(f"xlbridge import: {undirected}: 7 pairs without a direction (1, 2, 3, 4, 5, 6, 7)")
        assert "NS 1 and EW 1 are two pairs" in line
    assert not (evening.folder / "u.xlsx").exists()


@pytest.mark.parametrize("content", ["", "pair,direction,player1,player2\n", "\n\n"])
def test_a_names_file_without_pairs(evening: Evening, content: str) -> None:
    """An empty names file (or one with its header only) is refused in one line, not imported as "0 pairs"."""
    empty = evening.folder / "empty-names.csv"
    empty.write_text(content)
    path = evening.results("plain.csv", evening.lines)
    done = xlbridge("import", path, "--names", empty, "-o", evening.folder / "e.xlsx", cwd=evening.folder)
    assert done.refused == (
        f"xlbridge import: {empty}: lists no pairs: a names file is CSV, a header pair,direction,player1,player2 "
        "then a line for each pair"
    )
    assert not (evening.folder / "e.xlsx").exists()


def test_a_names_file_listing_a_pair_the_movement_does_not_have(evening: Evening) -> None:
    """The names file lists NS 8 of the 7-table Mitchell (a pair that did not come, or another evening's): with the
    movement file, refused in one line naming the pair and the movement's pairs, as `xlbridge movement -o --names`
    refuses it (it gave exit 0, and pair 8 went onto the ranking, the website and the federation's file with no
    boards and no place). Without the movement file, imported, and said on stderr."""
    names = evening.folder / "names-and-one.csv"
    names.write_text(evening.names.read_text() + "8,NS,Extra A,Extra B\n")
    results = evening.results("and-one.csv", evening.lines)
    out = evening.folder / "and-one.xlsx"
    done = xlbridge("import", results, "--names", names, "--movement-file", evening.movement, "-o", out,
                    cwd=evening.folder)  # fmt: skip
    everyone = ", ".join(f"{n}{side}" for side in ("NS", "EW") for n in range(1, 8))
    assert done.refused == f"xlbridge import: {names}: NS pair 8 is not a pair of this movement ({everyone})"
    assert not out.exists()
    # Without the movement nothing says pair 8 is not one: imported, and said (it was not)
    done = xlbridge("import", results, "--names", names, "-o", out, cwd=evening.folder)
    assert done.status == 0
    assert done.err.splitlines() == [f"{names}: NS pair 8 is on it but plays no result in {results}: it shows on the "
                                     "ranking with no boards and no place; take it off the names file if it did not "
                                     "play (imported as it is; --movement-file checks it)"]  # fmt: skip


def lines_named(done: Ran, path: Path) -> list[int]:
    """The line numbers of ``path`` that a refusal names, in its order (nothing on stdout, exit status 2)."""
    return [int(found[1]) for line in done.refusals
            if (found := re.match(rf"xlbridge \w+: {re.escape(str(path))}: line (\d+): ", line))]  # fmt: skip


def test_a_names_file_broken_in_four_places(evening: Evening) -> None:
    """A names file with a pair typed as a letter, a direction that is none, a fifth name typed on a line, and a
    pair listed twice: each of the four lines named, then their count; nothing written (the import once stopped at
    the first, and dropped the fifth name silently)."""
    lines = evening.names.read_text().splitlines()
    lines[2] = "x,NS,NS player 2a,NS player 2b"
    lines[3] = "3,NE,NS player 3a,NS player 3b"
    lines[4] = "4,NS,NS player 4a,NS player 4b,NS player 4c"
    lines[6] = lines[1].replace("player 1", "player 6")
    names = evening.folder / "broken-names.csv"
    names.write_text("\n".join(lines) + "\n")
    results = evening.results("for-names.csv", evening.lines)
    out = evening.folder / "names-broken.xlsx"
    for options in ([], ["--movement-file", evening.movement]):
        done = xlbridge("import", results, "--names", names, "-o", out, *options, cwd=evening.folder)
        assert lines_named(done, names) == [3, 4, 5, 7]
        assert done.refusals[0].endswith("line 3: pair 'x': expected a pair number (up to 6 digits) such as 7 or 7NS")
        assert done.refusals[1].endswith("line 4: direction 'NE': must be NS or EW (blank in a Howell)")
        assert done.refusals[2].endswith("line 5: 5 fields where the header names 4: 'NS player 4c' is beyond the "
                                         "last column")  # fmt: skip
        assert done.refusals[3].endswith("line 7: pair 1NS is listed twice (first on line 2)")
        assert done.refusals[4] == (f"xlbridge import: {names}: 4 lines of the names file cannot be read: put them "
                                    "right and try again")  # fmt: skip
        assert not out.exists()


def test_a_names_file_whose_pair_and_direction_disagree(evening: Evening) -> None:
    """A names line typed `3NS,EW,...` (pair 3NS, direction EW): refused naming the line and both (it was taken
    as EW 3, the suffix typed dropped, with exit 0: the wrong players for NS 3 had the suffix been right). A USEBIO
    PAIR and a PBN TotalScoreTable row are read by the same function."""
    lines = evening.names.read_text().splitlines()
    at = next(n for n, line in enumerate(lines) if line.startswith("3,EW,"))
    lines[at] = lines[at].replace("3,EW,", "3NS,EW,", 1)
    names = evening.folder / "disagreeing-names.csv"
    names.write_text("\n".join(lines) + "\n")
    done = xlbridge("import", evening.results("for-disagreeing.csv", evening.lines), "--names", names, "-o",
                    evening.folder / "disagreeing.xlsx", cwd=evening.folder)  # fmt: skip
    said = f"line {at + 1}: pair '3NS' and direction 'EW' disagree: which is it?"
    assert done.refused == f"xlbridge import: {names}: {said}"


@pytest.mark.parametrize(
    ("header", "line", "reason"),
    [
        ("pair,direction,player1,player2", "2,NS,E,F,G", "5 fields where the header names 4: 'G' is beyond the last "
                                                          "column"),
        ("", "2,NS,E,F,G", "5 fields where a names file without a header has 4: 'G' is beyond the last column"),
        ("pair,direction,player1,player2,", "2,NS,E,F,G", "'G' is in column 5, which the header does not name"),
        ("pair,direction,player1,player2,club", "2,NS,E,F,G", "column 'club' is not one a names file has (pair, "
                                                               "direction, player1, player2, section, handicap, "
                                                               "handicap1, "
                                                               "handicap2, masterpoints1, masterpoints2, "
                                                               "number1, number2)"),
    ],
)  # fmt: skip
def test_a_name_the_names_file_has_no_column_for(tmp_path: Path, header: str, line: str, reason: str) -> None:
    """A fifth field on a names line, or a column the reader does not know: refused naming the line, never
    dropped (a handicap column is a column a names file has)."""
    names = tmp_path / "names.csv"
    names.write_text("".join(f"{text}\n" for text in (header, "1,NS,A,B", line) if text))
    results = tmp_path / "results.csv"
    results.write_text(f"{HEADER}\n1,1,2,4S,N,=\n1,2,1,4S,N,-1\n")
    done = xlbridge("import", results, "--names", names, "-o", tmp_path / "out.xlsx", cwd=tmp_path)
    at = 1 if reason.startswith("column") else 2 + bool(header)
    assert done.refused == f"xlbridge import: {names}: line {at}: {reason}"
    assert not (tmp_path / "out.xlsx").exists()
    names.write_text("pair,direction,player1,player2,handicap\n1,NS,A,B,2\n2,NS,E,F,-1.5\n1,EW,C,D,\n2,EW,G,H,\n")
    assert xlbridge("import", results, "--names", names, "-o", tmp_path / "out.xlsx", cwd=tmp_path).status == 0


def test_a_mitchells_names_file_without_its_direction_column(tmp_path: Path) -> None:
    """The demo's names file (a two-winner Mitchell) with its direction column left out: each pair number is then
    listed twice, and each such line says what is most likely wrong; nothing written."""
    demo = files("xlbridge").joinpath("data")
    names = tmp_path / "names.csv"
    rows = list(csv.reader(io.StringIO(demo.joinpath("demo-names.csv").read_text())))
    names.write_text("".join(",".join([row[0], *row[2:]]) + "\n" for row in rows))
    results = tmp_path / "results.csv"
    results.write_text(demo.joinpath("demo-session.csv").read_text())
    done = xlbridge("import", results, "--names", names, "-o", tmp_path / "out.xlsx", cwd=tmp_path)
    assert len(done.refusals) == 10
    assert done.refusals[0] == (f"xlbridge import: {names}: line 3: pair 1 is listed twice (first on line 2): if "
                                "they are NS 1 and EW 1, give each its direction (NS or EW)")  # fmt: skip
    assert done.refusals[-1] == (f"xlbridge import: {names}: 9 lines of the names file cannot be read: put them "
                                 "right and try again")  # fmt: skip
    assert not (tmp_path / "out.xlsx").exists()


def test_a_movement_file_saved_by_european_excel(evening: Evening) -> None:
    """The movement file opened and saved by Excel set to a European language: semicolons between the fields,
    Windows line ends, Windows-1252, as the results and names files are read. The same ranking (it was refused, the
    header read as one column: `it has no round, table, ns, ew, boards`)."""
    lines = evening.movement.read_text().splitlines()
    movement = evening.folder / "european-movement.csv"
    movement.write_bytes("\r\n".join(line.replace(",", ";") for line in lines).encode("cp1252") + b"\r\n")
    done = imported(evening, "european.csv", evening.lines, "--movement-file", movement)
    assert done.status == 0, done.err
    assert ranking_of(evening.folder, evening.folder / "european.csv.xlsx").out == evening.ranking


def test_a_movement_file_broken_in_three_places(evening: Evening) -> None:
    """A movement file with a round typed as a letter, boards typed wrong, and a row typed twice: every line named
    (the rows it collides with too), then the count; nothing written (the import once stopped at the first)."""
    lines = evening.movement.read_text().splitlines()
    lines[2] = "x" + lines[2][lines[2].index(",") :]
    lines[4] = ",".join([*lines[4].split(",")[:4], "10-1x"])
    lines[7] = lines[6]
    movement = evening.folder / "broken-movement.csv"
    movement.write_text("\n".join(lines) + "\n")
    results = evening.results("for-movement.csv", evening.lines)
    out = evening.folder / "movement-broken.xlsx"
    done = xlbridge("import", results, "--names", evening.names, "--movement-file", movement, "-o", out,
                    cwd=evening.folder)  # fmt: skip
    named = [re.match(rf"xlbridge import: {re.escape(str(movement))}: lines? ([\d, ]+): ", line) for line in
             done.refusals[:-1]]  # fmt: skip
    assert all(named), done.err
    assert sorted({int(n) for found in named if found for n in found[1].split(", ")}) == [3, 5, 7, 8]
    assert done.refusals[0].endswith("line 3: round 'x': expected a whole number")
    assert done.refusals[1].endswith("line 5: boards '10-1x': expected first-last, such as 1-3")
    assert f"{movement}: lines 7, 8: round 1, table 6: 2 encounters at one table" in done.err
    assert done.refusals[-1].startswith(f"xlbridge import: {movement}: {len(done.refusals) - 1} problems in the "
                                        "movement file: put them right and import again")  # fmt: skip
    assert not out.exists()


def test_a_pair_typed_at_two_tables_of_a_round(evening: Evening) -> None:
    """A movement file with a North-South pair number typed wrong (table 3 of round 1 given table 1's pair): both
    rows named, and both tables, since either may be the one typed wrong (only the second was named)."""
    lines = evening.movement.read_text().splitlines()
    first, third = lines[1].split(","), lines[3].split(",")
    assert (first[:2], third[:2]) == (["1", "1"], ["1", "3"])
    lines[3] = ",".join([*third[:2], first[2], *third[3:]])
    movement = evening.folder / "pair-twice.csv"
    movement.write_text("\n".join(lines) + "\n")
    results = evening.results("for-pair-twice.csv", evening.lines)
    out = evening.folder / "pair-twice.xlsx"
    done = xlbridge("import", results, "--names", evening.names, "--movement-file", movement, "-o", out,
                    cwd=evening.folder)  # fmt: skip
    assert done.refusals[0] == (f"xlbridge import: {movement}: lines 2, 4: round 1: pair {first[2]}NS is at table 1 "
                                "and at table 3")  # fmt: skip
    assert not out.exists()


def test_a_movement_sheet_broken_in_two_rows(evening: Evening) -> None:
    """The same mistakes typed on the workbook's Movement sheet and computed: ranking, export and ladder name both
    rows."""
    path = computed(evening, "movement-sheet.xlsx", {"Movement": {"A3": "x", "E5": "10-1x"}})
    for command in (["ranking", path, "--csv"], ["export", path, "--pbn", evening.folder / "m.pbn"], ["ladder", path]):
        done = xlbridge(*command, cwd=evening.folder)
        assert done.refusals[:2] == [
            f"xlbridge {command[0]}: {path}: movement: row 3: round 'x': expected a whole number",
            f"xlbridge {command[0]}: {path}: movement: row 5: boards '10-1x': expected first-last, such as 1-3",
        ]
        assert done.refusals[2].startswith(f"xlbridge {command[0]}: {path}: 2 problems in its entries")
    assert not (evening.folder / "m.pbn").exists()


def test_boards_above_the_last_the_workbook_prints(evening: Evening) -> None:
    """Three lines of board 1000 (the workbook prints a traveller for boards 1 to 999) and a contract typed 8S:
    all four named at once (the import stopped at the first board), and with --keep-bad-lines still the three
    boards, which nothing takes in; nothing written."""
    lines = list(evening.lines)
    for index in (2, 3, 4):
        lines[index] = "1000" + lines[index][lines[index].index(",") :]
    lines[10] = ",".join([*lines[10].split(",")[:3], "8S", *lines[10].split(",")[4:]])
    for options, named in (([], [3, 4, 5, 11]), (["--keep-bad-lines"], [3, 4, 5])):
        done = imported(evening, "board-1000.csv", lines, *options)
        assert refused_lines(done, "board-1000.csv") == named
        assert done.refusals[0].endswith(": line 3: board 1000: the pairs-session workbook prints a traveller for "
                                         "every board from 1, so board numbers go up to 999")  # fmt: skip
        assert done.refusals[-1].endswith(f"{len(named)} lines cannot be imported as they are: put them right and "
                                          "import again")  # fmt: skip
        assert not (evening.folder / "board-1000.csv.xlsx").exists()


def test_five_mistakes_are_named_at_once(evening: Evening) -> None:
    """Five mistakes of different kinds: all five named the first time, in the file's order, then the count and
    what --keep-bad-lines does."""
    lines = list(evening.lines)
    lines[22] = lines[22].replace(",4S,", ",8S,").replace(",3NT,", ",8S,").replace(",2H,", ",8S,")
    lines[22] = ",".join([*lines[22].split(",")[:3], "8S", *lines[22].split(",")[4:]])
    lines[40] = "x" + lines[40]
    lines[60] = ",".join([*lines[60].split(",")[:4], "", *lines[60].split(",")[5:]])
    lines[81] = ",".join([*lines[81].split(",")[:5], "14"])
    lines[100] = ",".join([lines[100].split(",")[0], "9", *lines[100].split(",")[2:]])
    done = imported(evening, "five.csv", lines)
    assert refused_lines(done, "five.csv") == [23, 41, 61, 82, 101]
    assert done.refusals[-1].startswith("xlbridge import: ")
    assert "5 lines cannot be imported as they are" in done.err
    assert "--keep-bad-lines" in done.refusals[-1]


def test_a_howell_line_typed_four_v_four(tmp_path: Path) -> None:
    """The real Compscore3 Howell as CSV with one line typed NS 4 v EW 4: still a Howell (the summary would say
    why), and that line is refused, where it once became a Mitchell with a board 28 of 27."""
    session = read_results(HOWELL).session
    assert session is not None
    lines = [HEADER + ",lead,adjusted"]
    for line in session.lines:
        contract, by, lead, result, adjusted = line.entered
        lines.append(f"{line.board},{line.ns},{line.ew},{contract},{by},{result},{lead},{adjusted}")
    folder = tmp_path
    index = next(i for i, line in enumerate(lines) if line.split(",")[1] == "4")
    parts = lines[index].split(",")
    lines[index] = ",".join([parts[0], "4", "4", *parts[3:]])
    path = tmp_path / "howell.csv"
    path.write_text("\n".join(lines) + "\n")
    done = xlbridge("import", path, "-o", path.with_suffix(".xlsx"), cwd=folder)
    assert done.refusals[0] == f"xlbridge import: {path}: line {index + 1}: pair 4 cannot play against itself"
    clean = [*lines[:index], ",".join([parts[0], parts[1], parts[2], *parts[3:]]), *lines[index + 1 :]]
    path.write_text("\n".join(clean) + "\n")
    ok = xlbridge("import", path, "-o", path.with_suffix(".xlsx"), cwd=folder)
    assert ok.status == 0, ok.err
    assert "(One field, MP)" in ok.out
    assert "One field, found from the lines: no pair number sits both North-South and East-West" in ok.out


# --- a workbook broken ----------------------------------------------------------------------------------------------


def results_cell(heading: str, row: int) -> str:
    """The reference of a Results cell: its column's letter and the sheet row."""
    col = LAYOUT.results.col(heading)
    return f"{chr(ord('A') + col)}{row}"


ENTERED = ("Board", "NS", "EW", "Contract", "By", "Lead", "Result", "Adjusted")


def row_values(book: Book, row: int) -> dict[str, object]:
    return {heading: book.value("Results", results_cell(heading, row)) for heading in ENTERED}


def computed(evening: Evening, name: str, cells: dict[str, dict[str, object]]) -> Path:
    """The clean workbook with ``cells`` typed in, computed again with ``xlbridge calc --in-place``."""
    path = typed_into(evening.workbook, evening.folder / name, cells)
    done = xlbridge("calc", path, "--in-place", cwd=evening.folder)
    assert done.status == 0, done.err
    return path


def test_a_blank_row_loses_no_result(tmp_path: Path) -> None:
    """A Results row of the demo workbook cleared and computed again: every command reads the 241 other results (the
    USEBIO export once held 5 of 242), and the ranking is that of the demo's results file without that line."""
    assert xlbridge("demo", cwd=tmp_path).status == 0
    demo = tmp_path / "xlbridge-demo" / "pairs-session.xlsx"
    cleared = typed_into(demo, tmp_path / "cleared.xlsx", {"Results": {results_cell(h, 7): None for h in ENTERED}})
    assert xlbridge("calc", cleared, "--in-place", cwd=tmp_path).status == 0
    xml = tmp_path / "cleared.xml"
    done = xlbridge("export", cleared, "--usebio", xml, cwd=tmp_path)
    assert done.status == 0, done.err
    assert xml.read_text().count("<TRAVELLER_LINE>") == 241
    data = files("xlbridge").joinpath("data")
    lines = data.joinpath("demo-session.csv").read_text().splitlines()
    (tmp_path / "without.csv").write_text("\n".join([*lines[:6], *lines[7:]]) + "\n")
    (tmp_path / "names.csv").write_text(data.joinpath("demo-names.csv").read_text())
    assert xlbridge("import", "without.csv", "--names", "names.csv", "-o", "without.xlsx", cwd=tmp_path).status == 0
    ours, theirs = (xlbridge("ranking", name, "--csv", cwd=tmp_path) for name in (cleared, "without.xlsx"))
    assert ours.out == theirs.out
    assert ours.out.count("\n") == 19


def test_rows_swapped_give_the_same_ranking(evening: Evening) -> None:
    """Two Results rows typed the other way round (row 5's result in row 90 and row 90's in row 5)."""
    book = Book(evening.workbook)
    first, second = row_values(book, 5), row_values(book, 90)
    cells = {results_cell(h, 5): second[h] for h in ENTERED} | {results_cell(h, 90): first[h] for h in ENTERED}
    swapped = computed(evening, "swapped.xlsx", {"Results": cells})
    assert ranking_of(evening.folder, swapped).out == evening.ranking


@pytest.mark.parametrize(
    ("mistake", "row", "reason"),
    [
        ("a row duplicated", 149, "two results for board"),
        ("a pair typed wrong", 12, "EW pair 15 is not on the list of pairs"),
        ("a board typed wrong", 30, "do not play board"),
    ],
)
def test_a_mistake_typed_in_the_workbook_is_named_by_its_row(
    evening: Evening, mistake: str, row: int, reason: str
) -> None:
    """Typed into the workbook and computed: the ranking (and export, publish, ladder) refuse, naming every row
    that needs checking, a line each, then their count; the row's own Check cell says the same."""
    book = Book(evening.workbook)
    if mistake == "a row duplicated":
        cells = {results_cell(h, row): value for h, value in row_values(book, 10).items()}
    elif mistake == "a pair typed wrong":
        cells = {results_cell("EW", row): 15.0}
    else:
        board = row_values(book, row)["Board"]
        cells = {results_cell("Board", row): float((board + 2) % 21 + 1)}  # type: ignore[operator]  # another set
    path = computed(evening, f"{mistake.replace(' ', '-')}.xlsx", {"Results": cells})
    check = Book(path).value("Results", results_cell("Check", row))
    assert reason in check
    rows = [10, 149] if mistake == "a row duplicated" else [row]
    for command, doing in (
        (["ranking", path, "--csv"], "ranking"),
        (["export", path, "--usebio", evening.folder / "x.xml"], "exporting"),
        (["publish", path, "-o", evening.folder / "site"], "publishing"),
        (["ladder", path, "-o", evening.folder / "ladder.xlsx"], "a season ladder counts it"),
    ):
        lines = xlbridge(*command, cwd=evening.folder).refusals
        start = f"xlbridge {command[0]}: {path}: Results row "
        assert [int(line[len(start) :].split(":")[0]) for line in lines if line.startswith(start)] == rows
        assert f"Results row {row}: {check}" in lines[rows.index(row)]
        them = "it" if len(rows) == 1 else "them"
        assert lines[-1].startswith(f"xlbridge {command[0]}: {path}: {len(rows)} line{'s' * (len(rows) > 1)} on "
                                    f"Results need{'s' * (len(rows) == 1)} checking before {doing}: put {them} right "
                                    "(the Check column says why)")  # fmt: skip
        if command[0] != "ranking" and mistake != "a row duplicated":  # the result the line was meant to be
            assert ": no result for " in lines[-2]
    assert not (evening.folder / "x.xml").exists()
    assert not (evening.folder / "site").exists()
    assert not (evening.folder / "ladder.xlsx").exists()


def test_a_direction_cleared_on_names(evening: Evening) -> None:
    """A Mitchell pair's direction cleared on Names: its results are not on the list of pairs (where NS 3 and EW 3
    once became one pair), and the ranking waits, saying so."""
    row = LAYOUT.names.first_row + 3 + 1  # NS pair 4's row
    path = computed(evening, "undirected.xlsx", {"Names": {f"C{row}": None}})
    lines = ranking_of(evening.folder, path).refusals
    assert len(lines) == 22  # NS 4's 21 boards, then their count
    assert all(line.endswith("NS pair 4 is not on the list of pairs: it has pair 4 without a direction (NS or EW?); "
                             "in two fields they are two pairs") for line in lines[:-1])  # fmt: skip
    assert lines[-1].endswith("21 lines on Results need checking before ranking: put them right (the Check column "
                              "says why)")  # fmt: skip


@pytest.mark.slow  # the evening round by round: five seconds
def test_a_provisional_session(evening: Evening) -> None:
    """A result row blanked in a workbook that has its movement (a session still being typed), and computed: the
    ranking is provisional and says so (under its title; on stderr with --csv, whose rows have no room for it);
    ladder, export and publish refuse it, naming the workbook and the result that is not in (the ladder once took
    it in, exit 0), and write nothing."""
    book = Book(evening.workbook)
    board, ns, ew = (row_values(book, 7)[heading] for heading in ("Board", "NS", "EW"))
    path = computed(evening, "provisional.xlsx", {"Results": {results_cell(h, 7): None for h in ENTERED}})
    lines = len(evening.lines) - 1
    note = f"provisional: {lines - 1} of the {lines} results the movement expects are in"
    ranked = ranking_of(evening.folder, path)
    assert (ranked.status, ranked.err) == (0, f"xlbridge ranking: note: {path}: {note}\n")
    assert ranked.out.splitlines()[0] == evening.ranking.splitlines()[0]
    table = xlbridge("ranking", path, cwd=evening.folder)
    assert (table.status, table.err) == (0, "")
    assert note in table.out.splitlines()[1]
    slot = next(s for s in read_movement_csv(evening.movement).slots() if (s.board, s.ns, s.ew) == (board, ns, ew))
    missing = f"board {board}: no result for NS {ns} v EW {ew} (round {slot.round}, table {slot.table})"
    for command, doing in (
        (["ladder", path, "-o", evening.folder / "season.xlsx"], "a season ladder counts it"),
        (["export", path, "--pbn", evening.folder / "p.pbn"], "exporting"),
        (["publish", path, "-o", evening.folder / "p-site"], "publishing"),
    ):
        assert xlbridge(*command, cwd=evening.folder).refusals == [
            f"xlbridge {command[0]}: {path}: {missing}",
            f"xlbridge {command[0]}: {path}: 1 result the movement expects is not in before {doing}: type it (NP in "
            "the Adjusted column for a board not played)",
        ]
    assert not [name for name in ("season.xlsx", "p.pbn", "p-site") if (evening.folder / name).exists()]


def test_a_row_below_the_block_is_refused(evening: Evening) -> None:
    """A result typed in the first row below the Results block (on an unprotected sheet): calc and every reader
    refuse it by its row (it was ignored, and the ranking came out final with that pair a board short)."""
    last = LAYOUT.results.first_row + max(720, len(evening.lines) - 1)
    below = last + 1
    typed = {"Board": 1.0, "NS": 1.0, "EW": 2.0, "Contract": "3NT", "By": "N", "Result": "="}
    cells = {results_cell(heading, below): value for heading, value in typed.items()}
    path = typed_into(evening.workbook, evening.folder / "below.xlsx", {"Results": cells})
    for command in (["calc", path, "-o", evening.folder / "below-c.xlsx"], ["ranking", path],
                    ["export", path, "--pbn", evening.folder / "b.pbn"]):  # fmt: skip
        line = xlbridge(*command, cwd=evening.folder).refused
        assert f"Results row {below} (A{below}) is below the Results block (rows 2-{last})" in line
    assert not (evening.folder / "below-c.xlsx").exists()


def test_rows_below_two_blocks_are_all_named(evening: Evening) -> None:
    """Two results typed below the Results block and a pair below the Names block: calc and every reader name the
    three rows, then their count (where only the first was named)."""
    last = LAYOUT.results.first_row + max(720, len(evening.lines) - 1)
    names_last = LAYOUT.names.first_row + 40
    cells = {results_cell("Board", last + 1): 1.0, results_cell("Contract", last + 1): "3NT",
             results_cell("Contract", last + 4): "4S"}  # fmt: skip
    path = typed_into(evening.workbook, evening.folder / "below-two.xlsx",
                      {"Results": cells, "Names": {f"D{names_last + 2}": "A Late Player"}})  # fmt: skip
    for command in (["calc", path, "-o", evening.folder / "below-two-c.xlsx"], ["ranking", path, "--csv"],
                    ["ladder", path], ["publish", path, "-o", evening.folder / "below-site"]):  # fmt: skip
        done = xlbridge(*command, cwd=evening.folder)
        assert done.refusals == [
            f"xlbridge {command[0]}: {path}: Results row {last + 1} (A{last + 1}) is below the Results block (rows "
            f"2-{last})",
            f"xlbridge {command[0]}: {path}: Results row {last + 4} (D{last + 4}) is below the Results block (rows "
            f"2-{last})",
            f"xlbridge {command[0]}: {path}: Names row {names_last + 2} (D{names_last + 2}) is below the Names block "
            f"(rows 2-{names_last})",
            f"xlbridge {command[0]}: {path}: 3 rows below the blocks the workbook's formulas read hold values, and "
            "nothing there is counted: move each into a blank row of its block, or import the session again "
            "(xlbridge import) to make room",
        ]
    assert not (evening.folder / "below-two-c.xlsx").exists()
    assert not (evening.folder / "below-site").exists()


def test_an_edited_workbook_not_computed_again(evening: Evening) -> None:
    """A contract retyped and the workbook saved without computing it: ranking, export, publish and ladder refuse
    it in one line (export once wrote the new contract with the old line's matchpoints)."""
    book = Book(evening.workbook)
    contract = row_values(book, 5)["Contract"]
    edited = typed_into(evening.workbook, evening.folder / "edited.xlsx",
                        {"Results": {results_cell("Contract", 5): "2NT" if contract != "2NT" else "3NT"}})  # fmt: skip
    for command in (["ranking", edited], ["export", edited, "--usebio", evening.folder / "e.xml"],
                    ["publish", edited, "-o", evening.folder / "e-site"], ["ladder", edited]):  # fmt: skip
        line = xlbridge(*command, cwd=evening.folder).refused
        assert "its figures are not those of its entries" in line
        assert line.endswith(f"compute it again: xlbridge calc {edited} --in-place, or open and save it in Excel")
    assert not (evening.folder / "e.xml").exists()
    assert not (evening.folder / "e-site").exists()


# --- a workbook without its movement, broken ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """The demo workbook (a 9-table Mitchell, 27 boards, no Movement sheet) and its ranking --csv."""
    folder = tmp_path_factory.mktemp("demo")
    assert xlbridge("demo", cwd=folder).status == 0
    book = folder / "xlbridge-demo" / "pairs-session.xlsx"
    clean = xlbridge("ranking", book, "--csv", cwd=folder)
    assert clean.status == 0, clean.err
    return book, clean.out


def demo_typed(demo: tuple[Path, str], name: str, cells: dict[str, dict[str, object]]) -> Path:
    book = demo[0]
    path = typed_into(book, book.parent / name, cells)
    done = xlbridge("calc", path, "--in-place", cwd=book.parent)
    assert done.status == 0, done.err
    return path


#: The further cases of a mistake every reader is given (six commands, some ten seconds a case): the slow run's; the
#: default run gives every reader one case of each mistake.
EVERY_READER_AGAIN = pytest.mark.slow


def every_reader_refuses(path: Path, text: str) -> None:
    """ranking, export, publish and ladder each refuse the workbook in lines that say ``text``, writing nothing."""
    folder = path.parent
    for command in (["ranking", path, "--csv"], ["export", path, "--usebio", folder / "r.xml"],
                    ["export", path, "--pbn", folder / "r.pbn"], ["publish", path, "-o", folder / "r-site"],
                    ["ladder", path]):  # fmt: skip
        done = xlbridge(*command, cwd=folder)
        assert done.status == 2, (command, done.out, done.err)
        assert text in done.err, (command, done.err)
    assert not [p for p in ("r.xml", "r.pbn", "r-site") if (folder / p).exists()]


def test_results_per_board_set_below_what_the_boards_have(demo: tuple[Path, str]) -> None:
    """Settings' Results per board typed as 8 where the boards have 9 results: every line of them is to check,
    saying why (the ranking once came out empty with exit 0, and export --usebio crashed)."""
    path = demo_typed(demo, "per-board.xlsx", {"Settings": {"B7": 8}})
    every_reader_refuses(path, "board 1 has 9 results, more than the 8 per board the session is scored to")
    assert "more than the 8 per board" in Book(path).value("Results", results_cell("Check", 2))


@pytest.mark.slow  # every command on the broken workbook: five seconds
def test_a_pair_listed_twice_on_names(demo: tuple[Path, str]) -> None:
    """A pair typed again at the foot of Names: refused naming both rows (both were placed 1=, with the same
    figures, and exported as two pairs)."""
    path = demo_typed(demo, "twice.xlsx", {"Names": {"A20": 2, "C20": "NS", "D20": "Dup", "E20": "Player"}})
    every_reader_refuses(path, "pair 2NS is listed twice on the names, on rows 4 and 20")


@pytest.mark.parametrize(
    ("cells", "said"),
    [
        ({"Settings": {"B6": "Howell"}}, "One field, but on 241 occasions a pair number sits North-South"),
        ({"Names": {f"C{row}": None for row in range(2, 20)}}, "the names give no pair a direction"),
    ],
    ids=["Howell said for a Mitchell", "directions cleared"],
)
def test_the_movement_said_wrong_is_one_line(demo: tuple[Path, str], cells: dict[str, dict[str, object]],
                                              said: str) -> None:  # fmt: skip
    """A Mitchell's Movement set to Howell, or its directions cleared from Names: one reason for the session (it
    was 242 rows' reasons, none naming the cell to put right)."""
    path = demo_typed(demo, f"said-{len(cells['Settings' if 'Settings' in cells else 'Names'])}.xlsx", cells)
    done = xlbridge("ranking", path, cwd=path.parent)
    assert said in done.refused


@pytest.mark.parametrize(
    ("cell", "said"),
    [
        pytest.param("D4", "names row 4: player 1: the cell holds the error #N/A", id="a player's name"),
        pytest.param(
            "A4", "names row 4: pair: the cell holds the error #N/A", id="a pair number", marks=EVERY_READER_AGAIN
        ),
        pytest.param(
            "C4", "names row 4: direction: the cell holds the error #N/A", id="a direction", marks=EVERY_READER_AGAIN
        ),
    ],
)
def test_a_lookup_that_failed_on_names(demo: tuple[Path, str], cell: str, said: str) -> None:
    """A cell of a pair's row on Names holding #N/A (the secretary's lookup of the membership list found nobody):
    every reader refuses, naming the row (a player's #N/A went out to the federation as its PLAYER_NAME and onto
    the website, exit 0; a pair's read as a pair numbered "#N/A", its results "not on the list of pairs")."""
    path = demo_typed(demo, f"lookup-{cell}.xlsx", {"Names": {cell: ExcelErrorValue("#N/A")}})
    every_reader_refuses(path, said)


@pytest.mark.parametrize(
    ("sheet", "block"), [("Movement", "movement"), pytest.param("Names", "names", marks=EVERY_READER_AGAIN)]
)
def test_a_sheet_deleted(demo: tuple[Path, str], sheet: str, block: str) -> None:
    """The Movement or Names sheet deleted (in Excel or LibreOffice), so that the name every session formula reads
    its block by becomes #REF!: calc hands the formulas the #REF!, as Excel does, and every reader refuses, saying
    the block's cells were deleted (calc went to the general engine, 90 seconds on a LibreOffice save, and the
    readers said the workbook had no SESSIONRESULTS formula, or that it was not computed however often it was)."""
    book = demo[0]
    path = book.parent / f"no-{block}.xlsx"
    package = open_package(book)
    xml = package.parts[package.workbook_part]
    pattern = sheet.encode() + rb"!\$A\$2:\$[A-Z]\$\d+"
    assert len(re.findall(pattern, xml)) == 1
    write_package(package, {package.workbook_part: re.sub(pattern, b"#REF!", xml)}, path)
    assert "its figures are not those of its entries" in xlbridge("ranking", path, cwd=book.parent).refused
    done = xlbridge("calc", path, "--in-place", cwd=book.parent)
    assert done.status == 0, done.err
    every_reader_refuses(path, f"the {block} block is #REF!: its cells were deleted (the sheet, or all its rows)")


def test_a_line_for_a_board_nobody_else_played(demo: tuple[Path, str]) -> None:
    """A result typed for board 28 in a 27-board session: said on stderr and in its Check cell, and no other pair's
    total moves (every pair was once factored up to 28 boards)."""
    clean = demo[1]
    row = LAYOUT.results.first_row + 1 + 242  # the first row after the 242 results
    typed = {"Board": 28.0, "NS": 2.0, "EW": 3.0, "Contract": "3NT", "By": "S", "Result": "+2"}
    path = demo_typed(demo, "board-28.xlsx", {"Results": {results_cell(h, row): v for h, v in typed.items()}})
    done = xlbridge("ranking", path, "--csv", cwd=path.parent)
    assert done.status == 0, done.err
    assert f"row {row} on Results: board 28 has 1 result where other boards have up to 9" in done.err
    assert "Worth a look" in Book(path).value("Results", results_cell("Check", row))
    before = {(r["pair"], r["direction"]): r for r in csv.DictReader(io.StringIO(clean))}
    after = {(r["pair"], r["direction"]): r for r in csv.DictReader(io.StringIO(done.out))}
    for key, was in before.items():
        if key not in {("2", "NS"), ("3", "EW")}:
            assert (after[key]["score"], after[key]["boards"]) == (was["score"], was["boards"]), key


def test_a_mitchell_pair_typed_wrong_beside_a_sit_out(tmp_path: Path) -> None:
    """A 7-table Mitchell of 13 pairs (one sits out each round) imported without its movement, EW 4 typed as EW 6
    on one line of board 1: the line is said on stderr, and EW 1, on no line of it, keeps its total (it was factored
    up from 18 boards to 21)."""
    movement = tmp_path / "m.csv"
    assert xlbridge("movement", "mitchell", "--tables", "7", "--boards-per-round", "3", "--pairs", "13", "--csv",
                    movement).status == 0  # fmt: skip
    rng = random.Random(7)
    slots = [s for s in read_movement_csv(movement).slots() if s.ns is not None and s.ew is not None]
    lines = [HEADER] + [f"{s.board},{s.ns},{s.ew},{','.join(rng.choice(CONTRACTS))}" for s in slots]
    typo = next(i for i, s in enumerate(slots, start=1) if s.board == 1 and s.ew not in (1, 6))
    wrong = lines.copy()
    board, ns, _, *rest = wrong[typo].split(",")
    wrong[typo] = ",".join([board, ns, "6", *rest])
    rankings = []
    for name, text in (("clean", lines), ("wrong", wrong)):
        (tmp_path / f"{name}.csv").write_text("\n".join(text) + "\n")
        done = xlbridge("import", f"{name}.csv", "-o", f"{name}.xlsx", "--movement", "Mitchell", cwd=tmp_path)
        assert done.status == 0, done.err
        if name == "wrong":
            assert f"line {typo + 1}: NS {ns} v EW 6 play board 1 here" in done.err
        ranked = xlbridge("ranking", f"{name}.xlsx", "--csv", cwd=tmp_path)
        rankings.append({(r["pair"], r["direction"]): r for r in csv.DictReader(io.StringIO(ranked.out))})
    clean, typed = rankings
    assert typed[("1", "EW")]["score"] == clean[("1", "EW")]["score"]
    assert typed[("1", "EW")]["boards"] == clean[("1", "EW")]["boards"]


def test_ns_and_ew_typed_the_other_way_round_in_a_howell(tmp_path: Path) -> None:
    """A real Compscore3 Howell imported, then one row's NS and EW typed the other way round in the workbook: the
    ranking goes ahead (a movement may turn a board), but says the row on stderr and in its Check cell, as import
    says it of a results file (it was said nowhere)."""
    assert xlbridge("import", HOWELL, "-o", "howell.xlsx", cwd=tmp_path).status == 0
    book = Book(tmp_path / "howell.xlsx")
    ns, ew = book.value("Results", results_cell("NS", 2)), book.value("Results", results_cell("EW", 2))
    path = typed_into(tmp_path / "howell.xlsx", tmp_path / "swapped.xlsx",
                      {"Results": {results_cell("NS", 2): ew, results_cell("EW", 2): ns}})  # fmt: skip
    assert xlbridge("calc", path, "--in-place", cwd=tmp_path).status == 0
    done = xlbridge("ranking", path, cwd=tmp_path)
    assert done.status == 0, done.err
    assert f"row 2 on Results: NS and EW swapped? NS {ew:g} v EW {ns:g} here" in done.err
    assert Book(path).value("Results", results_cell("Check", 2)).startswith("Worth a look")


# --- blank, reorder and delete rows of a workbook: the same ranking as the same lines in a results file -------------


SMALL_HEADER = "board,ns,ew,contract,declarer,result"


@pytest.fixture(scope="module")
def small(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    """A 5-table Mitchell of 10 boards built as a workbook with every value computed, and its lines."""
    from xlbridge.engine.movements import mitchell

    folder = tmp_path_factory.mktemp("small")
    movement = mitchell(5, 2)
    rng = random.Random(7)
    lines = [f"{s.board},{s.ns},{s.ew},{','.join(rng.choice(CONTRACTS))}" for s in movement.slots()]
    source = folder / "small.csv"
    source.write_text("\n".join([SMALL_HEADER, *lines]) + "\n")
    imported_ = read_results(source)
    workbook = folder / "small.xlsx"
    pairs_session.build(workbook, CLASSIC, session=imported_.session, computed=True)
    return workbook, lines


def csv_ranking(folder: Path, lines: list[str]) -> list[tuple[object, ...]]:
    path = folder / "same.csv"
    path.write_text("\n".join([SMALL_HEADER, *lines]) + "\n")
    score = score_session(read_results(path, fields="Mitchell").session)  # type: ignore[arg-type]
    return [(s.place, s.pair.number, s.pair.direction, s.boards, s.total, s.percentage) for s in score.ranking]


@pytest.mark.slow  # twelve workbooks broken and read: six seconds
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_blank_reorder_and_delete_rows_of_a_workbook(
    small: tuple[Path, list[str]], tmp_path: Path, data: st.DataObject
) -> None:
    """Rows of the Results block blanked, moved to other rows (blank ones among them) and deleted, then computed:
    the workbook ranks exactly as a results file of the lines it still holds."""
    workbook, lines = small
    count = len(lines)
    kept = data.draw(st.lists(st.sampled_from(range(count)), unique=True, min_size=count - 6, max_size=count))
    rows = data.draw(st.lists(st.integers(0, count + 10), unique=True, min_size=len(kept), max_size=len(kept)))
    cells: dict[str, object] = {}
    for row in range(count + 11):  # every row of the block up there cleared, then the kept lines typed in
        for heading in ENTERED:
            cells[results_cell(heading, 2 + row)] = None
    for index, row in zip(kept, rows, strict=True):
        board, ns, ew, contract, by, result = lines[index].split(",")
        typed = {"Board": float(board), "NS": float(ns), "EW": float(ew), "Contract": contract, "By": by,
                 "Result": result}  # fmt: skip
        for heading, value in typed.items():
            cells[results_cell(heading, 2 + row)] = value
    edited = typed_into(workbook, tmp_path / "edited.xlsx", {"Results": cells})
    calc_workbook(edited, in_place=True)
    with warnings.catch_warnings():  # six rows deleted can leave a board one result: a doubt said, not a refusal
        warnings.simplefilter("ignore", Doubt)
        book = read_session_book(edited)
    ours = [(s.place, s.pair.number, s.pair.direction, s.boards, s.total, s.percentage) for s in book.score.ranking]
    assert ours == csv_ranking(tmp_path, [lines[index] for index in kept])
    assert len(book.session.lines) == len(kept)
    assert session_ranking(book).rows


# --- the other workbooks: a value typed below the block its formulas read --------------------------------------------


@pytest.fixture(scope="module")
def templates(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The blank templates, as ``xlbridge templates`` writes them."""
    folder = tmp_path_factory.mktemp("templates")
    assert xlbridge("templates", "--out", folder, cwd=folder).status == 0
    return folder


BELOW_THE_BLOCK = [
    ("rubber", "Rubber", {"B8": "N", "C8": "3NT", "D8": "="}, {"B40": "S", "C40": "4S", "D40": "="},
     "Rubber row 40 (B40) is below the deals block (rows 8-39)", ", or carry on in a new scoresheet"),
    ("chicago", "Chicago", {"B8": "N", "C8": "3NT", "D8": "="}, {"C40": "4S", "D40": "="},
     "Chicago row 40 (C40) is below the deals block (rows 8-39)", ", or carry on in a new scoresheet"),
    ("teams-match", "Match", {"D11": "3NT", "E11": "N", "F11": "=", "H11": "3NT", "I11": "N", "J11": "-1"},
     {"A35": 25.0, "D35": "4S", "E35": "N", "F35": "="}, "Match row 35 (A35) is below the boards block (rows 11-34)",
     ""),
    ("traveller", "Traveller", {"B3": 1.0, "A6": 1.0, "B6": 2.0, "C6": "3NT", "D6": "N", "F6": "="},
     {"A26": 3.0, "B26": 4.0, "C26": "4S", "D26": "N", "F26": "="},
     "Traveller row 26 (A26) is below the lines block (rows 6-25)", ""),
]  # fmt: skip


@pytest.mark.parametrize(("template", "sheet", "entries", "below", "said", "room"), BELOW_THE_BLOCK,
                         ids=[case[0] for case in BELOW_THE_BLOCK])  # fmt: skip
def test_a_deal_below_a_scoresheets_block_is_refused(templates: Path, tmp_path: Path, template: str, sheet: str,
                                                     entries: dict[str, object], below: dict[str, object], said: str,
                                                     room: str) -> None:  # fmt: skip
    """A deal (a board, a traveller's line) typed in the first row below the block its formulas read, on an
    unprotected sheet: calc refuses it by its sheet, row and first cell, and writes nothing (it gave exit 0, the
    deal never counted)."""
    path = typed_into(templates / f"{template}.xlsx", tmp_path / "below.xlsx", {sheet: {**entries, **below}})
    line = xlbridge("calc", path, "-o", tmp_path / "below-c.xlsx", cwd=tmp_path).refused
    assert line == (f"xlbridge calc: {path}: {said}, which the workbook's formulas read: nothing there is counted. "
                    f"Move it into a blank row of the block{room}")  # fmt: skip
    assert not (tmp_path / "below-c.xlsx").exists()
    clean = typed_into(templates / f"{template}.xlsx", tmp_path / "clean.xlsx", {sheet: entries})
    assert xlbridge("calc", clean, "-o", tmp_path / "clean-c.xlsx", cwd=tmp_path).status == 0  # the block's own rows


def test_a_match_below_a_teams_events_block_is_refused(teams_workbook: Path, tmp_path: Path) -> None:
    """A match typed in the first row below the Matches block and a team below the Teams block of a computed teams
    event (on unprotected sheets): calc, standings, publish and swiss name both rows, then their count (the standings
    came out without the match, exit 0, and swiss drew the next round from them)."""
    path = typed_into(teams_workbook, tmp_path / "below.xlsx", {
        "Matches": {"A202": 2.0, "B202": 2.0, "D202": 1.0, "G202": 12.0, "H202": 4.0},
        "Teams": {"A22": 3.0, "B22": "Late team"},
    })  # fmt: skip
    for command in (["calc", path, "-o", tmp_path / "below-c.xlsx"], ["standings", path],
                    ["standings", path, "--csv"], ["publish", path, "-o", tmp_path / "site"],
                    ["swiss", path, "-o", tmp_path / "next.xlsx"]):  # fmt: skip
        assert xlbridge(*command, cwd=tmp_path).refusals == [
            f"xlbridge {command[0]}: {path}: Matches row 202 (A202) is below the Matches block (rows 2-201)",
            f"xlbridge {command[0]}: {path}: Teams row 22 (A22) is below the Teams block (rows 2-21)",
            f"xlbridge {command[0]}: {path}: 2 rows below the blocks the workbook's formulas read hold values, and "
            "nothing there is counted: move each into a blank row of its block, or write the event again with more "
            "rounds (xlbridge schedule)",
        ]
    assert not [name for name in ("below-c.xlsx", "site", "next.xlsx") if (tmp_path / name).exists()]
    one = typed_into(teams_workbook, tmp_path / "one.xlsx", {"Matches": {"B202": 2.0}})
    assert xlbridge("standings", one, cwd=tmp_path).refused == (
        f"xlbridge standings: {one}: Matches row 202 (B202) is below the Matches block (rows 2-201), which the "
        "workbook's formulas read: nothing there is counted. Move it into a blank row of the block, or write the event "
        "again with more rounds (xlbridge schedule)"
    )


# --- a mistake named by its place ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("cell", "typed", "said"), [
    pytest.param("B5", "Pairs", "Settings: method 'Pairs': must be one of MP (or MATCHPOINTS), ACBL", id="method"),
    pytest.param("B6", "Swiss", "Settings: fields 'Swiss': must be one of One field (or Howell", id="fields",
                 marks=EVERY_READER_AGAIN),
    pytest.param("B6", "Howell", "Settings: One field, but on 241 occasions a pair number sits North-South",
                 id="Howell for a Mitchell", marks=EVERY_READER_AGAIN),
])  # fmt: skip
def test_a_setting_that_cannot_be_read_names_settings(demo: tuple[Path, str], cell: str, typed: str, said: str) -> None:
    """A scoring method or movement on Settings that is none (or the wrong one), computed: every reader refuses,
    naming Settings as the masterpoints setting does (it said ``method 'Pairs': ...``, with no word of where)."""
    path = demo_typed(demo, f"setting-{typed}.xlsx", {"Settings": {cell: typed}})
    line = xlbridge("ranking", path, cwd=path.parent).refused
    assert line.startswith(f"xlbridge ranking: {path}: {said}"), line
    every_reader_refuses(path, f"{path}: {said}")


@pytest.mark.parametrize(("cell", "typed", "said"), [
    pytest.param("F4", "abc", "names row 4: pair 2NS: handicap 'abc': expected percentage points, such as -5 or +2.5",
                 id="handicap"),
    pytest.param("C4", "NE", "names row 4: pair 2: direction 'NE': must be NS or EW", id="direction",
                 marks=EVERY_READER_AGAIN),
])  # fmt: skip
def test_a_pair_that_cannot_be_read_names_its_row(demo: tuple[Path, str], cell: str, typed: str, said: str) -> None:
    """A handicap or direction on Names that cannot be read: every reader refuses, naming the Names row (it said
    ``pair 2: handicap 'abc'``, which in a Mitchell is NS 2 or EW 2, and on no row)."""
    path = demo_typed(demo, f"pair-{typed}.xlsx", {"Names": {cell: typed}})
    line = xlbridge("ranking", path, cwd=path.parent).refused
    assert line.startswith(f"xlbridge ranking: {path}: {said}"), line
    every_reader_refuses(path, f"{path}: {said}")


@pytest.mark.parametrize(("cell", "said", "check"), [
    ("B3", "teams row 3: name: the cell holds the error #N/A",
     "away team 2: its row of the list of teams cannot be read (teams row 3: name: the cell holds the error #N/A)"),
    ("A3", "teams row 3: team: the cell holds the error #N/A", "away team 2 is not on the list of teams"),
    ("C3", "teams row 3: members: the cell holds the error #N/A",
     "away team 2: its row of the list of teams cannot be read (teams row 3: members: the cell holds the error #N/A)"),
], ids=["name", "number", "members"])  # fmt: skip
def test_a_lookup_that_failed_on_teams(teams_workbook: Path, tmp_path: Path, cell: str, said: str, check: str) -> None:
    """A cell of a team's row on Teams holding #N/A (a lookup that found nobody), computed: standings, publish and
    swiss refuse, naming the Teams row, and the Standings' status line says it (a name's was reported as ``Standings
    row 7 shows #N/A (Name) ... (see the Check column of Matches)``, whose Check said nothing; a number's as ``team
    ExcelErrorValue(code='#N/A')``; the members' went onto the website with exit 0). The Check of the team's match
    says why, where the row's number can be read (it said only ``away team 2 is not on the list of teams``); a
    number that cannot be read is nobody's, and the status line names its row."""
    path = typed_into(teams_workbook, tmp_path / "lookup.xlsx", {"Teams": {cell: ExcelErrorValue("#N/A")}})
    assert xlbridge("calc", path, "--in-place", cwd=tmp_path).status == 0
    for command in (["standings", path], ["publish", path, "-o", tmp_path / "site"],
                    ["swiss", path, "-o", tmp_path / "next.xlsx"]):  # fmt: skip
        assert xlbridge(*command, cwd=tmp_path).refused == f"xlbridge {command[0]}: {path}: {said}"
    assert Book(path).value("Standings", "A3").endswith(f"; {said} (Teams)")  # its status line, in Excel too
    assert Book(path).value("Matches", "O2") == check  # the match of team 1 v team 2
    assert not [name for name in ("site", "next.xlsx") if (tmp_path / name).exists()]


HUGE = "9" * 5000
HUGE_SHOWN = f"'{'9' * 49}... (5000 characters): too large (at most 15 digits)"


@pytest.mark.parametrize(
    ("name", "content", "said"),
    [
        ("board.csv", f"{HEADER}\n{HUGE},1,2,4S,N,=\n1,3,4,4S,N,=\n", f"line 2: board {HUGE_SHOWN}"),
        ("level.csv", f"{HEADER}\n1,1,2,{'1' * 5000}S,N,=\n1,3,4,4S,N,=\n",
         f"line 2: contract '{'1' * 49}... (5001 characters): the level must be 1 to 7"),
        ("result.csv", f"{HEADER}\n1,1,2,4S,N,{HUGE}\n1,3,4,4S,N,=\n", f"line 2: result {HUGE_SHOWN}"),
        ("over.csv", f"{HEADER}\n1,1,2,4S,N,+{HUGE}\n1,3,4,4S,N,=\n",
         f"line 2: result '+{'9' * 48}... (5001 characters): too large (at most 15 digits)"),
    ],
)  # fmt: skip
def test_numbers_of_five_thousand_digits(tmp_path: Path, name: str, content: str, said: str) -> None:
    """A board, a contract's level or a result of 5,000 digits (past what Python's int() converts: a traceback
    before): the line named with the reason, exit 2."""
    (tmp_path / name).write_text(content)
    assert xlbridge("import", name, "-o", "out.xlsx", cwd=tmp_path).refusals[0] == f"xlbridge import: {name}: {said}"


def test_a_hand_record_whose_board_has_five_thousand_digits(tmp_path: Path) -> None:
    """A PBN hand record's [Board] of 5,000 digits: one line naming the file, the line and why, exit 2."""
    deal = "N:T5.982.874.AQ632 K43.73.KQ5.KJT54 AJ9.AQT6.JT62.98 Q8762.KJ54.A93.7"
    (tmp_path / "hands.pbn").write_text(f'[Event "x"]\n[Board "{HUGE}"]\n[Dealer "N"]\n[Deal "{deal}"]\n\n')
    refused = xlbridge("hands", "hands.pbn", cwd=tmp_path).refused
    assert refused == f"xlbridge hands: hands.pbn: line 2: board {HUGE_SHOWN}"
