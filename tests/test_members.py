"""Members: each player's membership number from the names file, the Names sheet or the member register, to the
ABF Masterpoint Centre's file of the session's awards (.grn, .red), run as a secretary runs the commands."""

from __future__ import annotations

import csv
import subprocess
import sys
import xml.etree.ElementTree as ET
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from xlbridge.engine.award_files import award_lines
from xlbridge.engine.errors import BridgeInputError
from xlbridge.engine.masterpoints import SessionAwards
from xlbridge.engine.members import Register, registered_pairs
from xlbridge.engine.pairs import Pair, read_member
from xlbridge.excel.session_arguments import SessionCells
from xlbridge.excel.session_cells import session_input
from xlbridge.files.interchange import read_names
from xlbridge.files.workbook.session_book import read_session_book
from xlbridge.rules import AWARD_FORMS, MASTERPOINT_SCALES, Side

ROOT = Path(__file__).resolve().parent.parent
DEMO_NAMES = ROOT / "xlbridge" / "data" / "demo-names.csv"
DEMO_SESSION = ROOT / "xlbridge" / "data" / "demo-session.csv"
GREEN, RED = MASTERPOINT_SCALES.find("ABF green"), MASTERPOINT_SCALES.find("ABF red")


def xlbridge(*args: object, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "xlbridge", *map(str, args)], capture_output=True, text=True,
                          cwd=cwd, check=False, timeout=600)  # fmt: skip


def numbered_names(folder: Path, blank: set[tuple[int, int]] = frozenset()) -> tuple[Path, dict[str, str]]:  # type: ignore[assignment]
    """The demo's names file with a made-up ABF number for each player (leading zeros, as ABF numbers under a
    million have), under the Names sheet's headings; the players at ``blank`` (line, player) without one. Returns
    the file and each numbered player's number by name."""
    rows = list(csv.reader(DEMO_NAMES.read_text(encoding="utf-8").splitlines()))
    out = [[*rows[0], "Player 1 number", "Player 2 number"]]
    numbers = {}
    for line, row in enumerate(rows[1:], start=1):
        given = []
        for player in (1, 2):
            number = "" if (line, player) in blank else f"{line * 31 + player:07d}"
            given.append(number)
            if number:
                numbers[row[1 + player]] = number
        out.append([*row, *given])
    path = folder / "names.csv"
    with path.open("w", newline="", encoding="utf-8") as file:
        csv.writer(file).writerows(out)
    return path, numbers


def ranking_awards(workbook: Path, cwd: Path) -> dict[str, Decimal]:
    """Each player's award as the workbook's ranking prints it (xlbridge ranking --csv), by name."""
    ranked = xlbridge("ranking", workbook, "--csv", cwd=cwd)
    assert ranked.returncode == 0, ranked.stderr
    awards = {}
    for row in csv.DictReader(ranked.stdout.splitlines()):
        for player in row["names"].split(" & "):
            awards[player] = Decimal(row["masterpoints"] or "0")
    return awards


@pytest.mark.slow
def test_numbers_go_from_the_names_file_to_the_abf_green_file(tmp_path: Path) -> None:
    """A Mitchell imported with a names file giving each player's ABF number and scored on ABF green: the .grn file
    has a 13-digit line per numbered player with an award (number zero-filled to 7 digits, award in hundredths to
    6), each the award the ranking prints; the players with an award and no number are named on one line of
    stderr and have no line."""
    names, numbers = numbered_names(tmp_path, blank={(3, 1), (17, 2)})
    imported = xlbridge("import", DEMO_SESSION, "--names", names, "--masterpoints", "ABF green", "-o", "s.xlsx",
                        cwd=tmp_path)  # fmt: skip
    assert imported.returncode == 0, imported.stderr
    book = read_session_book(tmp_path / "s.xlsx")
    assert book.session.pairs[0].members == ("0000032", "0000033")  # leading zeros kept through the workbook
    written = xlbridge("export", "s.xlsx", "--abf", "s.grn", cwd=tmp_path)
    assert written.returncode == 0, written.stderr
    lines = (tmp_path / "s.grn").read_bytes().decode("ascii").split("\r\n")
    assert lines[-1] == ""
    credited = {line[:7]: Decimal(int(line[7:])) / 100 for line in lines[:-1]}
    assert all(len(line) == 13 and line.isdigit() for line in lines[:-1])
    awards = ranking_awards(tmp_path / "s.xlsx", tmp_path)
    expected = {numbers[name]: award for name, award in awards.items() if award and name in numbers}
    assert credited == expected
    assert len(credited) >= 10
    unnumbered = [name for name, award in awards.items() if award and name not in numbers]
    notes = [line for line in written.stderr.splitlines() if "no ABF number" in line]
    assert len(notes) == 1
    assert all(name in notes[0] for name in unnumbered)
    assert len(unnumbered) == 2
    assert not any(number in notes[0] for number in numbers.values())
    # the same numbers reach the USEBIO file, each player's NATIONAL_ID_NUMBER beside his name
    usebio = xlbridge("export", "s.xlsx", "--usebio", "s.xml", cwd=tmp_path)
    assert usebio.returncode == 0, usebio.stderr
    players = ET.parse(tmp_path / "s.xml").getroot().iter("PLAYER")
    written_numbers = {
        player.findtext("PLAYER_NAME"): player.findtext("NATIONAL_ID_NUMBER") or "" for player in players
    }
    assert {name: number for name, number in written_numbers.items() if number} == numbers


@pytest.mark.slow
def test_a_red_session_writes_the_red_file_and_refuses_another_colour(tmp_path: Path) -> None:
    """ABF red awards go in a .red file; asked for a .grn, the command refuses, saying which ending (exit 2); a
    session on a scale no ABF file carries (EBU club) or on none is refused, saying what to choose."""
    names, _ = numbered_names(tmp_path)
    for scale, book in (("ABF red", "red.xlsx"), ("EBU club", "ebu.xlsx"), ("None", "none.xlsx")):
        imported = xlbridge("import", DEMO_SESSION, "--names", names, "--masterpoints", scale, "-o", book,
                            cwd=tmp_path)  # fmt: skip
        assert imported.returncode == 0, imported.stderr
    wrong = xlbridge("export", "red.xlsx", "--abf", "s.grn", cwd=tmp_path)
    assert wrong.returncode == 2
    assert "ABF red" in wrong.stderr
    assert "s.red" in wrong.stderr
    assert not (tmp_path / "s.grn").exists()
    right = xlbridge("export", "red.xlsx", "--abf", "s.red", cwd=tmp_path)
    assert right.returncode == 0, right.stderr
    awards = ranking_awards(tmp_path / "red.xlsx", tmp_path)
    assert sum(Decimal(int(line[7:])) / 100 for line in (tmp_path / "s.red").read_text().split()) == sum(
        awards.values()
    )
    ebu = xlbridge("export", "ebu.xlsx", "--abf", "e.grn", cwd=tmp_path)
    assert ebu.returncode == 2
    assert "EBU club" in ebu.stderr
    assert "ABF green (.grn) or ABF red (.red)" in ebu.stderr
    none = xlbridge("export", "none.xlsx", "--abf", "n.grn", cwd=tmp_path)
    assert none.returncode == 2
    assert "awards no masterpoints" in none.stderr
    assert len(ebu.stderr.splitlines()) == len(none.stderr.splitlines()) == 1


@pytest.mark.slow
def test_the_register_names_numbers_typed_alone_and_lists_visitors(tmp_path: Path) -> None:
    """With --register (a federation's list: MemberID, first and last name apart), a player typed by number alone
    is named from it, one typed by name alone is numbered from it; those it does not know are kept as typed and
    listed once, on one line of stderr; their numbers still reach the ABF file (the centre knows every member)."""
    rows = list(csv.reader(DEMO_NAMES.read_text(encoding="utf-8").splitlines()))
    first, second = rows[1][2], rows[1][3]  # NS 1's players
    third = rows[2][2]  # EW 1's first player
    (tmp_path / "members.csv").write_text(
        "MemberID,First name,Last name,Email\n"
        f"0000101,{first.split()[0]},{first.split()[1]},a@example.org\n"
        f"0000102,{second.split()[0]},{second.split()[1]},\n"
        f"0000103,{third.split()[0]},{third.split()[1]},\n",
        encoding="utf-8",
    )
    names = [["pair", "direction", "player1", "player2", "Player 1 number", "Player 2 number"]]
    names.append(["1", "NS", "", "", "0000101", "0000102"])  # numbers alone
    names.append(["1", "EW", third, rows[2][3], "", ""])  # names alone: one a member, one a visitor
    names.append(["2", "NS", rows[3][2], rows[3][3], "0000999", ""])  # a number the register lacks
    with (tmp_path / "names.csv").open("w", newline="", encoding="utf-8") as file:
        csv.writer(file).writerows(names + [row[:4] for row in rows[4:]])
    imported = xlbridge("import", DEMO_SESSION, "--names", "names.csv", "--register", "members.csv",
                        "--masterpoints", "ABF green", "-o", "s.xlsx", cwd=tmp_path)  # fmt: skip
    assert imported.returncode == 0, imported.stderr
    pairs = read_session_book(tmp_path / "s.xlsx").session.pairs
    assert pairs[0].players == (first, second)
    assert pairs[0].members == ("0000101", "0000102")
    assert pairs[1].players == (third, rows[2][3])
    assert pairs[1].members == ("0000103", "")
    assert pairs[2].members == ("0000999", "")
    notes = [line for line in imported.stderr.splitlines() if "visitor" in line]
    assert len(notes) == 1
    assert f"{rows[2][3]} (pair 1EW): no number" in notes[0]
    assert "number 0000999 not in" in notes[0]
    assert first not in notes[0]
    assert third not in notes[0]
    written = xlbridge("export", "s.xlsx", "--abf", "s.grn", cwd=tmp_path)
    assert written.returncode == 0, written.stderr
    credited = {line[:7]: line[7:] for line in (tmp_path / "s.grn").read_text(encoding="ascii").split()}
    awards = ranking_awards(tmp_path / "s.xlsx", tmp_path)
    for name, number in ((first, "0000101"), (second, "0000102"), (third, "0000103"), (rows[3][2], "0000999")):
        award = awards[name]
        assert credited.get(number) == (f"{int(award * 100):06d}" if award else None)


@pytest.mark.parametrize(
    ("register", "lines"),
    [
        (
            "number,name\n1234567,Ann Able\n2345678,Bob Baker\n1234567,Cat Cole\n",
            ["line 4: number 1234567 is listed twice (first on line 2"],
        ),
        (
            "number,name\n1234567,Ann Able\nAnn Able,\n,Bob Baker\n",
            ["line 3: number 'Ann Able'", "line 4: no number for 'Bob Baker'"],
        ),
        ("email,club\nx@example.org,1\n", ["line 1: the header names no number column"]),
    ],
)
def test_a_register_that_cannot_be_read_is_refused_naming_its_lines(
    tmp_path: Path, register: str, lines: list[str]
) -> None:
    """A register with a number listed twice, a row without a number or a name, or no number column: every such
    line named at once, exit 2, nothing written."""
    (tmp_path / "members.csv").write_text(register, encoding="utf-8")
    refused = xlbridge("import", DEMO_SESSION, "--names", DEMO_NAMES, "--register", "members.csv", "-o", "s.xlsx",
                       cwd=tmp_path)  # fmt: skip
    assert refused.returncode == 2
    assert "Traceback" not in refused.stderr
    for line in lines:
        assert f"members.csv: {line}" in refused.stderr
    assert not (tmp_path / "s.xlsx").exists()


@pytest.mark.parametrize(
    ("typed", "number"),
    [("0012345", "0012345"), (1234567.0, "1234567"), (" 1234567.0 ", "1234567"), ("S-1234", "S-1234"),
     ("N12345", "N12345"), (None, ""), ("", ""), ("0", ""), (0.0, ""), ("0000000", "")],
)  # fmt: skip
def test_a_membership_number_is_text_as_typed(typed: object, number: str) -> None:
    """A number keeps its leading zeros and letters; an Excel number cell's 1234567.0 is 1234567; zeros alone (Ruter
    writes MemberID "0" for a player without a number) are none, not one number every such player shares."""
    assert read_member(typed) == number


@pytest.mark.parametrize("typed", ["Ann Able", 12.5, "1" * 21, "12 34"])
def test_a_name_in_the_number_column_is_refused(typed: object) -> None:
    with pytest.raises(BridgeInputError, match="membership number"):
        read_member(typed)


def test_a_names_file_without_number_columns_reads_as_before() -> None:
    """An old names file (pair, direction, players) has pairs without numbers; one with them pairs each number
    with its player, whichever heading form it uses."""
    old = read_names(b"pair,direction,player1,player2\n1,NS,Ann Able,Bob Baker\n", Path("n.csv"))
    assert old[0].members == ()
    new = read_names(b"pair,player1,player2,number1,Player 2 Number\n1,Ann Able,,007,\n2,,Bob Baker,,123\n",
                     Path("n.csv"))  # fmt: skip
    assert (new[0].players, new[0].members) == (("Ann Able",), ("007",))
    assert (new[1].players, new[1].members) == (("Bob Baker",), ("123",))


def test_the_names_sheet_numbers_are_read_from_its_cells() -> None:
    """The Names sheet's number columns: a number typed as a number (Excel hands 1234567.0) or as text (0012345);
    a workbook of an earlier version, its names block ending at the handicap (no Section column), reads its pairs
    without numbers."""
    results = [[1, 1, 2, "3NT", "N", "", "=", ""]]
    eight = [
        [1, "", "", "Ann Able", "Bob Baker", None, 1234567.0, "0012345"],
        [2, "", "", "Cat Cole", "Dan Dune", None, None, None],
    ]
    given = session_input(SessionCells(results, eight, "MP", None))
    assert [pair.members for pair in given.pairs] == [("1234567", "0012345"), ()]
    five = [[row[0], *row[2:6]] for row in eight]
    assert [pair.members for pair in session_input(SessionCells(results, five, "MP", None)).pairs] == [(), ()]


def awards_of(pairs: list[Pair], awards: list[str], scale: object = GREEN) -> SessionAwards:
    """The awards of a session of ``pairs`` on ``scale``, as :func:`~xlbridge.engine.masterpoints.masterpoints`
    gives them."""
    given = tuple(Decimal(award) for award in awards)
    return SessionAwards(scale, AWARD_FORMS.default, Fraction(2), 1, {1: 2}, given, tuple(pairs))  # type: ignore[arg-type]


def test_award_lines_are_the_abf_format() -> None:
    """ABF Masterpoint Manual, Appendix D's example: number 123456 receiving 0.42 is 0123456000042; a player in two
    pairs has one line (the sum); a pair placed below the awards has none; a number with letters is named."""
    pairs = [Pair(1, Side.NS, ("Ann Able", "Bob Baker"), members=("123456", "2288")),
             Pair(2, Side.NS, ("Cat Cole", "Dan Dune"), members=("88249", "X12")),
             Pair(3, Side.NS, ("Ann Able", "Eve East"), members=("123456", "")),
             Pair(4, Side.NS, ("Fay Fox", "Gus Gray"), members=("5", "6"))]  # fmt: skip
    lines = award_lines(awards_of(pairs, ["0.42", "1.45", "0.07", "0.00"]))
    assert lines.file.suffix == ".grn"
    assert lines.lines == ("0123456000049", "0002288000042", "0088249000145")
    assert lines.total == Decimal("2.36")
    assert lines.unnumbered == ("Dan Dune (pair 2NS): 'X12' is not an ABF number (7 digits at most)",
                                "Eve East (pair 3NS): no number")  # fmt: skip
    red = award_lines(awards_of(pairs[:1], ["0.60"], RED))
    assert (red.file.suffix, red.lines) == (".red", ("0123456000060", "0002288000060"))


def test_the_register_fills_names_and_numbers() -> None:
    """A number alone is named, a name alone (any case and spacing) numbered; a name the register holds twice is a
    visitor, as is a number it lacks."""
    register = Register({"1": "Ann Able", "2": "Bob Baker", "3": "Cat Cole", "4": "Cat Cole"}, "members.csv")
    pairs = [Pair(1, None, ("", "bob  baker"), members=("1", "")), Pair(2, None, ("Cat Cole", "Dan Dune"),
                                                                       members=("", "9"))]  # fmt: skip
    found = registered_pairs(pairs, register)
    assert found.pairs[0].players == ("Ann Able", "bob  baker")
    assert found.pairs[0].members == ("1", "2")
    assert found.pairs[1].members == ("", "9")
    assert found.visitors == ("Cat Cole (pair 2): no number, named twice in members.csv",
                              "Dan Dune (pair 2): number 9 not in members.csv")  # fmt: skip


@pytest.mark.slow
def test_numbers_go_through_pbn_and_onto_the_website_only_when_asked(tmp_path: Path) -> None:
    """PBN carries the numbers in the TotalScoreTable's MemberID1 and MemberID2 columns (as Ruter writes them,
    quoted: the zeros kept), read back by the import; the published pages show no number unless --show-numbers
    asks, and then each beside its player."""
    names, numbers = numbered_names(tmp_path, blank={(2, 2)})
    imported = xlbridge("import", DEMO_SESSION, "--names", names, "-o", "s.xlsx", cwd=tmp_path)
    assert imported.returncode == 0, imported.stderr
    assert xlbridge("export", "s.xlsx", "--pbn", "s.pbn", cwd=tmp_path).returncode == 0
    pbn = (tmp_path / "s.pbn").read_text(encoding="utf-8")
    assert 'Names;MemberID1;MemberID2"]' in pbn
    again = xlbridge("import", "s.pbn", "-o", "again.xlsx", cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    before = read_session_book(tmp_path / "s.xlsx").session.pairs
    after = {
        (pair.number, pair.direction): pair.members for pair in read_session_book(tmp_path / "again.xlsx").session.pairs
    }
    assert after == {(pair.number, pair.direction): pair.members for pair in before}
    assert xlbridge("publish", "s.xlsx", "-o", "site", cwd=tmp_path).returncode == 0
    pages = "".join(page.read_text(encoding="utf-8") for page in (tmp_path / "site").glob("*.html"))
    assert not any(number in pages for number in numbers.values())
    shown = xlbridge("publish", "s.xlsx", "-o", "shown", "--show-numbers", cwd=tmp_path)
    assert shown.returncode == 0, shown.stderr
    index = (tmp_path / "shown" / "index.html").read_text(encoding="utf-8")
    assert all(f"{name} ({number})" in index for name, number in numbers.items())


def test_digit_numbers_are_one_number_leading_zeros_aside(tmp_path: Path) -> None:
    """ABF numbers are numbers: the register's 1000 is the names file's 0001000 (named from it, not a visitor), and
    a register listing 1000 and 01000 lists one number twice."""
    register = Register({"1000": "Player 1"}, "members.csv")
    found = registered_pairs([Pair(1, None, ("", "Player 2"), members=("0001000", ""))], register)
    assert found.pairs[0].players == ("Player 1", "Player 2")
    assert found.visitors == ("Player 2 (pair 1): no number, not in members.csv",)
    (tmp_path / "members.csv").write_text("number,name\n1000,Player 1\n01000,Player 2\n", encoding="utf-8")
    refused = xlbridge("import", DEMO_SESSION, "--names", DEMO_NAMES, "--register", "members.csv", "-o", "s.xlsx",
                       cwd=tmp_path)  # fmt: skip
    assert refused.returncode == 2, refused.stderr
    assert "members.csv: line 3: number 01000 is listed twice (first on line 2 as 1000, 'Player 1'" in refused.stderr


def test_a_names_header_naming_a_column_twice_is_refused(tmp_path: Path) -> None:
    """A number column headed twice would put player 2's numbers under player 1: refused naming line 1 and both
    columns, as a results file's header naming a column twice is."""
    (tmp_path / "names.csv").write_text("pair,direction,player1,player2,Player 1 number,Player 1 number\n"
                                        "1,NS,Player 1,Player 2,1000,2000\n", encoding="utf-8")  # fmt: skip
    refused = xlbridge("import", DEMO_SESSION, "--names", "names.csv", "-o", "s.xlsx", cwd=tmp_path)
    assert refused.returncode == 2, refused.stderr
    assert ("names.csv: line 1: the header names the number1 column twice (columns 5 and 6: 'Player 1 number', "
            "'Player 1 number')") in refused.stderr  # fmt: skip
    assert "Traceback" not in refused.stderr
    assert not (tmp_path / "s.xlsx").exists()


def test_a_number_given_to_two_players_is_refused_naming_both_lines(tmp_path: Path) -> None:
    """Two players of a session with one membership number (0007777 and 7777 are one ABF number) would be one
    member credited both pairs' awards: the names file is refused naming both lines, exit 2, nothing written."""
    names, _ = numbered_names(tmp_path)
    rows = list(csv.reader(names.read_text(encoding="utf-8").splitlines()))
    rows[2][-2], rows[9][-2] = "0007777", "7777"
    with names.open("w", newline="", encoding="utf-8") as file:
        csv.writer(file).writerows(rows)
    refused = xlbridge("import", DEMO_SESSION, "--names", names, "--masterpoints", "abf", "-o", "s.xlsx", cwd=tmp_path)
    assert refused.returncode == 2, refused.stderr
    first, here = f"{rows[2][0]}{rows[2][1]}", f"{rows[9][0]}{rows[9][1]}"
    assert (
        f"names.csv: line 10: number 7777 is given twice (first on line 3, for {rows[2][2]} (pair {first}); "
        f"here for {rows[9][2]} (pair {here})): one player, one number"
    ) in refused.stderr
    assert "Traceback" not in refused.stderr
    assert not (tmp_path / "s.xlsx").exists()


def test_a_number_the_register_gives_another_name_is_noted(tmp_path: Path) -> None:
    """A player typed with a number the register gives someone else is kept as typed (like a visitor, never
    refused) and named on stderr with the number and the register's name; a name differing only in case and
    spacing is no note."""
    names, numbers = numbered_names(tmp_path)
    (first, one), (second, two) = list(numbers.items())[:2]
    register = tmp_path / "members.csv"
    register.write_text(f"number,name\n{one},Player 9\n{two},{second.upper()}\n", encoding="utf-8")
    imported = xlbridge("import", DEMO_SESSION, "--names", names, "--register", register, "-o", "s.xlsx", cwd=tmp_path)
    assert imported.returncode == 0, imported.stderr
    assert (
        f"xlbridge import: note: 1 player whose number the register gives another name (kept as typed; check the "
        f"number): {first} (pair 1NS): number {one} is 'Player 9' in {register}"
    ) in imported.stderr
    found = registered_pairs([Pair(1, Side.NS, (first,), members=(one,))], Register({one: "Player 9"}, "m.csv"))
    assert (found.pairs[0].players, found.visitors) == ((first,), ())
    assert found.misnamed == (f"{first} (pair 1NS): number {one} is 'Player 9' in m.csv",)


@pytest.mark.slow
def test_a_number_typed_twice_on_the_names_sheet_is_refused(tmp_path: Path) -> None:
    """Two players given one membership number on the workbook's Names sheet (typed there, not in the names file)
    would be one member credited both pairs' awards: the ranking and the ABF file are refused, naming both cells,
    as the names file's check does."""
    from .workbooks import typed_into

    names, _ = numbered_names(tmp_path)
    imported = xlbridge("import", DEMO_SESSION, "--names", names, "--masterpoints", "ABF green", "-o", "s.xlsx",
                        cwd=tmp_path)  # fmt: skip
    assert imported.returncode == 0, imported.stderr
    typed_into(tmp_path / "s.xlsx", tmp_path / "typed.xlsx", {"Names": {"G2": "0007777", "H5": 7777}})
    assert xlbridge("calc", "typed.xlsx", "--in-place", cwd=tmp_path).returncode == 0  # the cells say it
    said = "Names row 5: player 2 number: number 7777 is typed twice (first at names row 2: player 1 number)"
    ranked = xlbridge("ranking", "typed.xlsx", cwd=tmp_path)
    for done in (ranked, xlbridge("export", "typed.xlsx", "--abf", "s.grn", cwd=tmp_path)):
        assert done.returncode == 2, done.stderr
        assert said.lower() in done.stderr.lower(), done.stderr
        assert "Traceback" not in done.stderr
    assert not (tmp_path / "s.grn").exists()
