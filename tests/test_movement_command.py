"""`xlbridge movement` run as a director runs it, and `xlbridge import --movement-file` refusing travellers that do
not fit the movement, each with the line and the reason."""

from __future__ import annotations

import csv
import io
import subprocess
import sys
from pathlib import Path

import pytest

from xlbridge.engine.movements import howell, make_movement, mitchell
from xlbridge.engine.session import Unscorable
from xlbridge.files.interchange import read_results
from xlbridge.files.interchange.movement_files import read_movement_csv

from .workbooks import Book


def xlbridge(*argv: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "xlbridge", *argv], capture_output=True, text=True, timeout=300, cwd=cwd, check=False
    )


def test_movement_printed_and_written_as_csv(tmp_path: Path) -> None:
    """The table on the terminal, and the CSV: one row per table per round, round,table,ns,ew,boards, pair numbers
    as the Results sheet takes them, boards as first-last, a sit-out's missing pair empty."""
    out = tmp_path / "mitchell.csv"
    done = xlbridge(
        "movement", "mitchell", "--tables", "7", "--boards-per-round", "3", "--pairs", "13", "--csv", str(out)
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Mitchell, two winners: 6.5 tables, 7 rounds of 3 boards (boards 1-21)\n")
    assert "pair 7NS is missing (a phantom): its opponents sit out" in done.stdout
    table = done.stdout.splitlines()
    heading = next(line for line in table if line.startswith("Round"))
    assert heading.split() == ["Round", *[w for t in range(1, 8) for w in ("Table", str(t))]]
    assert next(line for line in table if line.startswith("1 ")).split()[:4] == ["1", "1", "v", "1:"]
    rows = list(csv.reader(io.StringIO(out.read_text())))
    assert rows[0] == ["round", "table", "ns", "ew", "boards"]
    assert rows[1] == ["1", "1", "1", "1", "1-3"]
    assert rows[7] == ["1", "7", "", "7", "19-21"]
    assert len(rows) == 1 + 7 * 7
    again = read_movement_csv(out)
    assert again.slots() == mitchell(7, 3, pairs=13).slots()


def test_howell_with_options(tmp_path: Path) -> None:
    """A 3.5-table Howell of 7 rounds of 4 boards from board 5; the balance is printed."""
    done = xlbridge("movement", "HOWELL", "--tables", "4", "--boards-per-round", "4", "--first-board", "5",
                    "--pairs", "7", "--csv", str(tmp_path / "h.csv"))  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Howell: 3.5 tables, 7 rounds of 4 boards (boards 5-32)")
    assert "every two pairs sit the same way on 3 of the sets they play against others" in done.stdout
    assert read_movement_csv(tmp_path / "h.csv").slots() == howell(4, 4, first_board=5, pairs=7).slots()


def test_one_board_and_one_round_are_said_in_the_singular(tmp_path: Path) -> None:
    """Rounds of 1 board are "rounds of 1 board" wherever the movement is named: on the terminal, the cards, the
    session workbook's Settings, and the Settings of a session imported with the movement's CSV; a Mitchell cut
    to 1 round is "1 round", each pair meeting "1 opponent" (all said "1 boards", "1 rounds", "1 opponents")."""
    title = "Mitchell, two winners: 5 tables, 5 rounds of 1 board (boards 1-5)"
    outputs = ["--csv", "movement.csv", "--cards", "cards.html", "-o", "session.xlsx"]
    done = xlbridge("movement", "mitchell", "--tables", "5", "--boards-per-round", "1", *outputs, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"{title}\n")
    assert f"<h1>{title}</h1>" in (tmp_path / "cards.html").read_text(encoding="utf-8")

    def played(workbook: Path) -> object:
        book = Book(workbook)
        return next(book.value("Settings", f"B{row}") for row in range(1, 60)
                    if book.value("Settings", f"A{row}") == "Movement played")  # fmt: skip

    assert played(tmp_path / "session.xlsx") == title
    slots = [(s.board, s.ns, s.ew) for s in read_movement_csv(tmp_path / "movement.csv").slots()]
    (tmp_path / "results.csv").write_text(results_csv(slots), encoding="utf-8")
    imported = xlbridge("import", str(tmp_path / "results.csv"), "--movement-file", str(tmp_path / "movement.csv"),
                        "-o", str(tmp_path / "imported.xlsx"))  # fmt: skip
    assert imported.returncode == 0, imported.stderr
    assert played(tmp_path / "imported.xlsx") == "5 tables, 5 rounds of 1 board, as on the Movement sheet"
    cut = xlbridge("movement", "mitchell", "--tables", "5", "--boards-per-round", "2", "--rounds", "1")
    assert cut.stdout.startswith("Mitchell, two winners: 5 tables, 1 round of 2 boards (boards 1-10)\n")
    assert "1 of the 5 rounds: each pair meets 1 opponent\n" in cut.stdout


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["howell", "--tables", "16", "--boards-per-round", "2"], "xlbridge movement: tables 16: must be 3 to 15"),
        (["web-mitchell", "--tables", "13", "--boards-per-round", "2"],
         "xlbridge movement: tables 13: a Web Mitchell is offered for 6, 8, 10"),
        (["appendix", "--tables", "8", "--boards-per-round", "2"],
         "xlbridge movement: tables 8: an Appendix Mitchell is offered for 7, 9, 11"),
        (["mitchell", "--tables", "8", "--boards-per-round", "2", "--even", "relay", "--rounds", "6"],
         "xlbridge movement: rounds 6: a relay-and-bye Mitchell plays all 8 rounds"),
        (["howell", "--tables", "4", "--boards-per-round", "2", "--winners", "one"],
         "xlbridge movement: winners: a Howell has no such option"),
        (["mitchell", "--tables", "5", "--boards-per-round", "2", "--first-board", "995"],
         "xlbridge movement: first board 995: 5 rounds of 2 boards go up to board 1004, and board numbers go up to "
         "999"),
    ],
)  # fmt: skip
def test_impossible_movements_are_one_line(argv: list[str], message: str) -> None:
    """A movement that cannot be had: one line on stderr, exit status 2."""
    done = xlbridge("movement", *argv)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1
    assert done.stderr.startswith(message)


def test_outputs_are_never_overwritten(tmp_path: Path) -> None:
    """An existing file is kept unless --force."""
    out = tmp_path / "m.csv"
    out.write_text("mine")
    done = xlbridge("movement", "mitchell", "--tables", "5", "--boards-per-round", "2", "--csv", str(out))
    assert (done.returncode, out.read_text()) == (2, "mine")
    assert "already exists" in done.stderr
    assert xlbridge("movement", "mitchell", "--tables", "5", "--boards-per-round", "2", "--csv", str(out),
                    "--force").returncode == 0  # fmt: skip
    assert out.read_text().startswith("round,table,ns,ew,boards")


def results_csv(slots: list[tuple[int, int, int]]) -> str:
    """A club's results file for these (board, ns, ew) lines: every table made 3NT, or went one off."""
    lines = ["Board,NS,EW,Contract,By,Result,Lead"]
    for board, ns, ew in slots:
        lines.append(f"{board},{ns},{ew},3NT,{'N' if (board + ns) % 3 else 'E'},{'=' if (ns + ew) % 2 else '-1'},S2")
    return "\n".join(lines) + "\n"


@pytest.fixture
def session_files(tmp_path: Path) -> tuple[Path, list[tuple[int, int, int]]]:
    movement_file = tmp_path / "movement.csv"
    assert xlbridge("movement", "mitchell", "--tables", "7", "--boards-per-round", "3", "--csv",
                    str(movement_file)).returncode == 0  # fmt: skip
    slots = [(s.board, s.ns, s.ew) for s in read_movement_csv(movement_file).slots()]
    return movement_file, slots


def test_import_against_the_movement(tmp_path: Path, session_files: tuple[Path, list[tuple[int, int, int]]]) -> None:
    """The whole 7-table Mitchell typed right imports with its movement, and ranks as without it."""
    movement_file, slots = session_files
    results = tmp_path / "tuesday.csv"
    results.write_text(results_csv(slots))
    done = xlbridge("import", str(results), "-o", str(tmp_path / "with.xlsx"), "--movement-file", str(movement_file))
    assert done.returncode == 0, done.stderr
    assert "147 results on 21 boards, 14 pairs (Two fields, MP)" in done.stdout
    assert xlbridge("import", str(results), "-o", str(tmp_path / "without.xlsx")).returncode == 0
    ranking = [xlbridge("ranking", str(tmp_path / name), "--csv").stdout for name in ("with.xlsx", "without.xlsx")]
    assert ranking[0] == ranking[1]
    assert ranking[0].count("\n") == 15


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ("duplicate", "line 148: two results for board 21, NS 1 v EW 2 (also on line 149)"),
        ("twice", "line 3: NS 1 v EW 5 do not play board 1 in this movement: NS 1 plays it against EW 1"),
        ("misplaced", "line 2: NS 1 v EW 2 do not play board 1 in this movement: NS 1 plays it against EW 1"),
        ("outside", "line 148: board 22 is not one of this session's boards (1-21)"),
    ],
)
def test_import_refuses_lines_that_do_not_fit(
    tmp_path: Path, session_files: tuple[Path, list[tuple[int, int, int]]], change: str, message: str
) -> None:
    """A duplicated, a missing or a misplaced line, a pair playing a board twice, a board outside the session:
    refused (exit 2), a line for each problem naming the file, the line (or the board) and the problem (the line
    the movement does not have, not the right lines it collides with), then their count; nothing written. With
    --keep-bad-lines each is kept, its reason noted on the line (the ranking waits)."""
    movement_file, slots = session_files
    lines = [*slots]
    if change == "duplicate":
        lines.append(lines[-1])
    elif change == "twice":
        lines[1] = (1, 1, 5)  # board 1's second line: NS 1 again, who played it against EW 1 on the first
    elif change == "missing":
        del lines[-1]
    elif change == "misplaced":
        lines[0] = (1, 1, 2)
    else:
        lines[-1] = (22, 7, 7)
    results = tmp_path / "tuesday.csv"
    results.write_text(results_csv(lines))
    out = tmp_path / "out.xlsx"
    done = xlbridge("import", str(results), "-o", str(out), "--movement-file", str(movement_file))
    assert done.returncode == 2, done.stdout
    lines = done.stderr.splitlines()
    assert lines[0].startswith(f"xlbridge import: {results}: {message}")
    assert "cannot be imported as" in lines[-1]
    assert all(line.startswith(f"xlbridge import: {results}: ") for line in lines)
    assert not out.exists()
    imported = read_results(results, keep_bad=True, movement_file=movement_file)
    assert imported.result is not None  # the session as its workbook works it out: the line waits, its reason in
    kept = [row for row in imported.result.session.lines if isinstance(row, Unscorable)]  # the Check column
    reason = message.split(": ", 1)[1].split(" (also on line")[0]  # (the workbook names its rows, not the file's lines)
    assert any(reason in row.reason for row in kept)

    def said(text: str) -> str:  # a reason without the rows it names (a file's lines there, the sheet's rows here)
        return text.split(" (also on ")[0]

    assert {said(row.reason) for row in kept} == {
        "; ".join(said(p.message) for p in imported.problems if (p.line, p.board) == key)
        for key in {(p.line, p.board) for p in imported.problems if not p.waiting}
        if key[0]
    } | {said(p.message) for p in imported.problems if not p.line and not p.waiting}


def test_a_session_still_being_played_imports_with_its_rows_waiting(
    tmp_path: Path, session_files: tuple[Path, list[tuple[int, int, int]]]
) -> None:
    """Results the movement expects and the file lacks (the rounds not played yet) are not bad lines: the import
    writes the workbook, its rows in the travellers' order, each result in its row and the others waiting; stderr
    names the first ten and counts them; the ranking is provisional. A line that is wrong as well is refused, the
    missing ones listed with it."""
    movement_file, slots = session_files
    played = slots[:40]
    results = tmp_path / "tuesday.csv"
    results.write_text(results_csv(played))
    out = tmp_path / "out.xlsx"
    done = xlbridge("import", str(results), "-o", str(out), "--movement-file", str(movement_file))
    assert done.returncode == 0, done.stderr
    assert f"-> {out}: 40 results (107 more to come) on 21 boards, 14 pairs (Two fields, MP)" in done.stdout
    notes = done.stderr.splitlines()
    assert len(notes) == 11
    assert notes[0].endswith("(its row waits on Results, to be typed)")
    assert notes[-1] == (
        f"{results}: 107 results the movement expects are not in the file (the first 10 above): their rows wait on "
        "Results, to be typed; the ranking is provisional until they are"
    )
    book = Book(out)
    rows = [tuple(book.value("Results", f"{c}{r}") for c in "ABCD") for r in range(2, 2 + len(slots))]
    assert [row[:3] for row in rows] == slots  # the travellers' order: every slot in its row
    assert [row[3] not in (None, "") for row in rows] == [slot in played for slot in slots]
    assert "provisional: 40 of the 147 results" in xlbridge("ranking", str(out)).stdout
    results.write_text(results_csv(slots[:-1]))  # one result to come: said in the singular
    one = xlbridge("import", str(results), "-o", str(tmp_path / "one.xlsx"), "--movement-file", str(movement_file))
    assert one.stderr.splitlines()[-1] == (
        f"{results}: 1 result the movement expects is not in the file: its row waits on Results, to be typed; the "
        "ranking is provisional until it is"
    )
    wrong = [*played[:-1], (22, 7, 7)]
    results.write_text(results_csv(wrong))
    refused = xlbridge("import", str(results), "-o", str(tmp_path / "wrong.xlsx"), "--movement-file",
                       str(movement_file))  # fmt: skip
    assert refused.returncode == 2
    assert "line 41: board 22 is not one of this session's boards (1-21)" in refused.stderr
    assert "no result for" in refused.stderr


def test_kept_reasons_are_in_the_check_column(
    tmp_path: Path, session_files: tuple[Path, list[tuple[int, int, int]]]
) -> None:
    """With --keep-bad-lines a duplicated line is imported with its reason in its Check cell, and so is the line it
    repeats (nothing says which of the two is right)."""
    movement_file, slots = session_files
    results = tmp_path / "tuesday.csv"
    results.write_text(results_csv([*slots, slots[-1]]))
    out = tmp_path / "out.xlsx"
    done = xlbridge("import", str(results), "-o", str(out), "--movement-file", str(movement_file), "--keep-bad-lines")
    assert done.returncode == 0, done.stderr
    assert "line 149: two results for board 21, NS 1 v EW 2 (also on line 148)" in done.stderr
    book = Book(out)
    assert book.value("Results", "Q149") == "two results for board 21, NS 1 v EW 2 (also on row 148)"
    assert book.value("Results", "Q148") == "two results for board 21, NS 1 v EW 2 (also on row 149)"


def test_the_session_workbook_and_its_names(tmp_path: Path) -> None:
    """-o writes the pre-filled workbook with the names file's players on its pairs (a pair the file leaves out
    stays unnamed), printing what it wrote; the workbook checks its rows against its own movement."""
    names = tmp_path / "names.csv"
    names.write_text("pair,direction,player1,player2\n1,NS,Ann,Bob\n3,EW,Cat,Dan\n")
    done = xlbridge("movement", "mitchell", "--tables", "5", "--boards-per-round", "2", "--names", str(names),
                    "--method", "butler", "-o", str(tmp_path / "s.xlsx"))  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.endswith(
        f"-> {tmp_path / 's.xlsx'}: the pairs-session workbook, 50 results to type on 10 boards (Results, in the "
        "travellers' order), 10 pairs (2 named), Butler\n"
    )
    book = Book(tmp_path / "s.xlsx")
    named = {(book.value("Names", f"A{r}"), book.value("Names", f"C{r}")): book.value("Names", f"D{r}")
             for r in range(2, 12)}  # fmt: skip
    assert named[(1, "NS")] == "Ann"
    assert named[(3, "EW")] == "Cat"
    assert named[(2, "NS")] in (None, "")
    assert book.value("Settings", "B5") == "Butler"
    assert book.value("Movement", "E2") == "1-2"


@pytest.mark.parametrize(
    ("names", "extra", "message"),
    [
        ("pair,direction,player1,player2\n8,EW,Ann,Bob\n", [],
         "names.csv: EW pair 8 is not a pair of this movement (1NS, 2NS, 3NS, 4NS, 5NS, 1EW, 2EW, 3EW, 4EW, 5EW)"),
        ("pair,direction,player1,player2\n8,EW,Ann,Bob\n1,NS,Cy,Di\n9,NS,Ed,Flo\n", [],
         "names.csv: EW pair 8, NS pair 9 are not pairs of this movement (1NS, 2NS, 3NS, 4NS, 5NS, 1EW, 2EW, 3EW, "
         "4EW, 5EW)"),
        ("pair,player1,player2\n1,Ann,Bob\n", [],
         "names.csv: 1 pair without a direction (1), but the Mitchell, two winners numbers North-South and "
         "East-West pairs apart"),
        ("pair,direction,player1,player2\n5,NS,Ann,Bob\n", ["--pairs", "9"],
         "names.csv: NS pair 5 (the phantom: its seat is empty) is not a pair of this movement"),
        ("", [], "names.csv: lists no pairs"),
    ],
)  # fmt: skip
def test_names_that_do_not_fit_the_movement(tmp_path: Path, names: str, extra: list[str], message: str) -> None:
    """A names file naming a pair the movement does not have (or the phantom), without directions for two fields,
    or empty: one line, exit 2, nothing written (not even the other outputs asked for)."""
    (tmp_path / "names.csv").write_text(names)
    done = xlbridge("movement", "mitchell", "--tables", "5", "--boards-per-round", "2", *extra, "--names",
                    "names.csv", "-o", "s.xlsx", "--csv", "m.csv", cwd=tmp_path)  # fmt: skip
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1
    assert done.stderr.startswith(f"xlbridge movement: {message}")
    assert sorted(path.name for path in tmp_path.iterdir()) == ["names.csv"]


def test_a_names_file_that_lists_the_phantom_is_told_which_phantom_it_means(tmp_path: Path) -> None:
    """13 pairs numbered as a secretary often numbers them, NS 1-7 and EW 1-6: the Mitchell's phantom is NS 7 by
    default, so the names are refused, in one line that names the option that fits them (``--phantom 7EW``); made
    with it, the workbook names all 13 pairs."""
    listed = [f"{n},NS,North {n},South {n}" for n in range(1, 8)] + [f"{n},EW,East {n},West {n}" for n in range(1, 7)]
    (tmp_path / "names.csv").write_text("pair,direction,player1,player2\n" + "\n".join(listed) + "\n")
    movement = ["movement", "mitchell", "--tables", "7", "--boards-per-round", "3", "--pairs", "13"]
    refused = xlbridge(*movement, "--names", "names.csv", "-o", "s.xlsx", cwd=tmp_path)
    assert (refused.returncode, refused.stderr) == (2, (
        "xlbridge movement: names.csv: NS pair 7 (the phantom: its seat is empty) is not a pair of this movement "
        "(1NS, 2NS, 3NS, 4NS, 5NS, 6NS, 1EW, 2EW, 3EW, 4EW, 5EW, 6EW, 7EW); the names leave out EW pair 7 alone: if "
        "it is the pair missing, make the movement with --phantom 7EW\n"))  # fmt: skip
    done = xlbridge(*movement, "--phantom", "7EW", "--names", "names.csv", "-o", "s.xlsx", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "13 pairs (13 named)" in done.stdout


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--names", "names.csv"], "xlbridge movement: --names names the pairs of the session workbook: add -o "
                                   "SESSION.xlsx"),
        (["-o", "s.csv"], "xlbridge movement: s.csv: "),
        (["-o", "names.csv"], "xlbridge movement: names.csv: "),
        (["-o", "kept.xlsx", "--cards", "cards.html"], "xlbridge movement: kept.xlsx: already exists"),
    ],
)  # fmt: skip
def test_the_workbooks_output_is_checked_first(tmp_path: Path, argv: list[str], message: str) -> None:
    """An output not named .xlsx, one of the inputs, or existing, and --names without a workbook: refused in one
    line before anything is written."""
    (tmp_path / "names.csv").write_text("pair,direction,player1,player2\n1,NS,Ann,Bob\n")
    (tmp_path / "kept.xlsx").write_text("mine")
    options = ["--names", "names.csv"] if argv[0] == "-o" and argv[1] == "names.csv" else []
    done = xlbridge("movement", "mitchell", "--tables", "5", "--boards-per-round", "2", *options, *argv,
                    cwd=tmp_path)  # fmt: skip
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1
    assert done.stderr.startswith(message)
    assert sorted(path.name for path in tmp_path.iterdir()) == ["kept.xlsx", "names.csv"]
    assert (tmp_path / "kept.xlsx").read_text() == "mine"


@pytest.mark.parametrize(
    ("kind", "tables", "summary"),
    [
        ("howell", 9, "153 results on 17 boards, 18 pairs (One field, MP)"),
        ("3/4-howell", 7, "140 results on 26 boards, 14 pairs (One field, MP)"),
        ("hesitation-mitchell", 7, "112 results on 16 boards, 14 pairs (One field, MP)"),
        ("hesitation-mitchell", 8, "144 results on 18 boards, 16 pairs (One field, MP)"),
        ("rover-mitchell", 7, "98 results on 14 boards, 15 pairs (Two fields, MP)"),
        ("rover-mitchell", 9, "162 results on 18 boards, 19 pairs (Two fields, MP)"),
        ("web-mitchell", 14, "364 results on 26 boards, 28 pairs (Two fields, MP)"),
        ("bowman-mitchell", 11, "198 results on 18 boards, 22 pairs (One field, MP)"),
        ("appendix-mitchell", 11, "180 results on 18 boards, 21 pairs (One field, MP)"),
    ],
)
def test_each_new_kind_as_a_directors_csv(kind: str, tables: int, summary: str, tmp_path: Path) -> None:
    """Each kind's movement written as CSV is read back as the same movement (checked as a director's own file is),
    and a club's results typed to it import against it."""
    movement_file = tmp_path / "movement.csv"
    done = xlbridge("movement", kind, "--tables", str(tables), "--boards-per-round", "1" if kind == "howell" else "2",
                    "--csv", str(movement_file))  # fmt: skip
    assert done.returncode == 0, done.stderr
    again = read_movement_csv(movement_file)
    written = make_movement(kind.replace("-", " "), tables, 1 if kind == "howell" else 2)
    assert again.slots() == written.slots()
    assert again.two_fields == written.two_fields
    slots = [(s.board, s.ns, s.ew) for s in again.slots()]
    results = tmp_path / "results.csv"
    results.write_text(results_csv(slots))
    done = xlbridge("import", str(results), "-o", str(tmp_path / "session.xlsx"), "--movement-file", str(movement_file))
    assert done.returncode == 0, done.stderr
    assert summary in done.stdout
    board, ns, ew = slots[0]
    results.write_text(results_csv([*slots[:-1], (board, ns, ew)]))
    refused = xlbridge("import", str(results), "-o", str(tmp_path / "wrong.xlsx"), "--movement-file",
                       str(movement_file))  # fmt: skip
    assert refused.returncode == 2
    assert "two results for board" in refused.stderr


def test_the_variants_say_how_they_run() -> None:
    """The printout of a rover, a web and an appendix Mitchell says what the director must know: the rover's
    tables and its pair number, the two copies of a web's boards, the appendix's half table."""
    rover = xlbridge("movement", "rover", "--tables", "5", "--boards-per-round", "2").stdout
    assert "the rover (NS pair 6) sits North-South at tables 1, 3, 5, 2, 4 in rounds 1-5" in rover
    assert "pairs play unequal numbers of boards: 8 (5 pairs) or 10 (6 pairs)" in rover
    assert "two fields: North-South pairs 1-6, East-West pairs 1-5" in rover
    web = xlbridge("movement", "web", "--tables", "6", "--boards-per-round", "2").stdout
    assert "tables 1-3 play one, tables 4-6 the other; each copy goes down one table a round, 2 sets of each" in web
    appendix = xlbridge("movement", "appendix", "--tables", "7", "--boards-per-round", "3").stdout
    assert appendix.startswith("Appendix Mitchell: 6.5 tables, 5 rounds of 3 boards (boards 1-15)\n")
    assert "table 7's East-West pair sits out each round (North-South pair 7 is missing)" in appendix


def test_the_tables_help_lists_each_kinds_sizes() -> None:
    """`movement --help` lists the tables of every kind as the registry offers them: the hesitation Mitchell odd or
    even, the rover at every odd number of tables (9, 15, 21 and 27 too)."""
    shown = " ".join(xlbridge("movement", "--help").stdout.split())
    assert "Hesitation Mitchell 3-29;" in shown
    assert "Rover Mitchell 5-29 odd;" in shown
    for tables in (8, 12):
        assert xlbridge("movement", "hesitation", "--tables", str(tables), "--boards-per-round", "2").returncode == 0
    refused = xlbridge("movement", "rover", "--tables", "8", "--boards-per-round", "2")
    assert refused.returncode == 2
    assert refused.stderr.startswith("xlbridge movement: tables 8: a Rover Mitchell is offered for 5, 7, 9, 11, 13, 15")


def test_an_even_hesitation_without_north_south_1_says_table_n_plays_alone(tmp_path: Path) -> None:
    """An 8-table hesitation Mitchell of 15 pairs (North-South 1 missing: table 1 never plays): the printed movement
    says table 8 plays table 1's boards, not that it shares them with a table where nobody plays."""
    done = subprocess.run([sys.executable, "-m", "xlbridge", "movement", "hesitation", "--tables", "8",
                           "--boards-per-round", "2", "--pairs", "15"], capture_output=True, text=True, timeout=120,
                          cwd=tmp_path, check=False)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "; table 8 plays table 1's boards\n" in done.stdout
    assert "shares table 1's boards" not in done.stdout
