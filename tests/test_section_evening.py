"""An evening of two sections set up as a secretary sets one up: ``xlbridge movement mitchell --tables 7,8`` prints
each section's movement and writes its CSV (a section column), cards and travellers (each named with its section)
and the pairs-session workbook (Results pre-filled section by section, Names with each pair's section and players
from a names file with a section column); the results typed into the workbook, ``calc`` and ``ranking`` rank each
section. Board 1's figures are the hand-worked ones of tests/test_sections.py (the same two Mitchells: 7 tables, and
8 with a relay, 2 boards a round)."""

from __future__ import annotations

import base64
import csv
import io
import re
from pathlib import Path

import pytest

from xlbridge.files.templates.layout import LAYOUT
from xlbridge.files.workbook.xlsx import column_letters

from .browser import chromium, chromium_path
from .safety import xlbridge
from .test_cards import A4_PRINTED
from .test_sections import BOARD_1, RESULTS, WITHIN, board_one_points, ranked, two_sections_csv
from .workbooks import Book, typed

SIZES = (("A", 7), ("B", 8))
#: The lines of the evening: section A's 7 tables play 14 boards at each; B's 8 (a relay) 16 boards at each.
LINES = 7 * 14 + 8 * 16


def names_file(path: Path, *extra: str) -> Path:
    """A names file of the two sections, a pair a line (``Player 1`` to ``Player 60``), with ``extra`` lines."""
    lines = ["section,pair,direction,player1,player2"]
    player = 0
    for section, tables in SIZES:
        for side in ("NS", "EW"):
            for number in range(1, tables + 1):
                lines.append(f"{section},{number},{side},Player {player + 1},Player {player + 2}")
                player += 2
    path.write_text("\n".join([*lines, *extra]) + "\n", encoding="utf-8")
    return path


def movement(tmp_path: Path, *extra: object) -> tuple[object, ...]:
    """The two sections' movement command (2 boards a round; the even section with a relay)."""
    return ("movement", "mitchell", "--tables", "7,8", "--boards-per-round", "2", "--even", "relay", *extra)


@pytest.fixture(scope="module")
def evening(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The evening's files, written by one ``movement`` command."""
    folder = tmp_path_factory.mktemp("evening")
    ran = xlbridge(*movement(folder), "--csv", folder / "evening.csv", "--cards", folder / "cards.html",
                   "--travellers", folder / "travellers.html", "-o", folder / "evening.xlsx",
                   "--names", names_file(folder / "names.csv"), "--event", "Club night")  # fmt: skip
    assert ran.status == 0, ran.err
    (folder / "stdout.txt").write_text(ran.out, encoding="utf-8")
    return folder


def test_each_sections_movement_is_printed(evening: Path) -> None:
    """The terminal shows section A's movement, then B's, each titled with its letter."""
    out = (evening / "stdout.txt").read_text(encoding="utf-8")
    titles = [line for line in out.splitlines() if line.startswith("Section ")]
    assert titles == [
        "Section A: Mitchell, two winners: 7 tables, 7 rounds of 2 boards (boards 1-14)",
        "Section B: Mitchell, relay and bye, two winners: 8 tables, 8 rounds of 2 boards (boards 1-16)",
    ]
    said = f"{LINES} results to type on 16 boards (Results, 2 sections, in the travellers' order), 30 pairs (30 named)"
    assert said in out


def test_the_csv_has_a_section_column(evening: Path) -> None:
    """The movement CSV: a section column first, then each section's rows (a table per round), its tables its own."""
    rows = list(csv.DictReader(io.StringIO((evening / "evening.csv").read_text(encoding="utf-8"))))
    assert list(rows[0]) == ["section", "round", "table", "ns", "ew", "boards"]
    assert [row["section"] for row in rows] == ["A"] * 7 * 7 + ["B"] * 8 * 8
    assert {int(row["table"]) for row in rows if row["section"] == "A"} == set(range(1, 8))
    assert {int(row["table"]) for row in rows if row["section"] == "B"} == set(range(1, 9))


def test_cards_and_travellers_say_their_section(evening: Path) -> None:
    """Each section's table cards (Section A, table 3) and guide cards (Pair A3 NS); a traveller per board per
    section (Section B, board 1), each section's lines only."""
    cards = (evening / "cards.html").read_text(encoding="utf-8")
    headings = re.findall(r"<h3>([^<]*)</h3>", cards)
    tables = [f"Section {section}, table {t}" for section, size in SIZES for t in range(1, size + 1)]
    guides = [f"Pair {section}{n} {side}" for section, size in SIZES
              for side in ("NS", "EW") for n in range(1, size + 1)]  # fmt: skip
    assert headings == tables + guides
    travellers = (evening / "travellers.html").read_text(encoding="utf-8")
    boards = re.findall(r'<h2 id="[^"]*">([^<]*)</h2>', travellers)
    assert boards == [f"Section A, board {b}" for b in range(1, 15)] + [f"Section B, board {b}" for b in range(1, 17)]
    section_b_one = travellers[travellers.index("Section B, board 1<") : travellers.index("Section B, board 2<")]
    assert section_b_one.count('<tr><th scope="row">') == 8  # (its 8 tables, none of section A's 7)


def cell(name: str, offset: int) -> str:
    """The Results cell of column ``name`` on the block's row ``offset`` (0 the first), as A1."""
    row, column = LAYOUT.results.position(name, offset)
    return f"{column_letters(column)}{row}"


def test_the_workbook_ranks_each_section_once_its_results_are_typed(evening: Path, tmp_path: Path) -> None:
    """The workbook's Results hold each section's lines in turn, its Section column filled; Names each pair's section
    and players. With every result typed (board 1's the hand-worked ones), ``calc`` gives board 1 the matchpoints
    worked by hand within each section and ``ranking`` places each section's pairs, the Names' players beside them."""
    workbook = tmp_path / "evening.xlsx"
    workbook.write_bytes((evening / "evening.xlsx").read_bytes())
    book = Book(workbook)
    results, names = book.sheets["Results"], book.sheets["Names"]
    rows = [tuple(results.get(LAYOUT.results.position(name, offset)) for name in ("Board", "NS", "EW", "Section"))
            for offset in range(LINES + 1)]  # fmt: skip
    assert rows[LINES] == (None, None, None, None)
    assert [row[3] for row in rows[:LINES]] == ["A"] * 7 * 14 + ["B"] * 8 * 16
    assert [names.get(LAYOUT.names.position("Section", offset)) for offset in (0, 13, 14, 29)] == ["A", "A", "B", "B"]
    assert names.get(LAYOUT.names.position("Player 1", 14)) == "Player 29"  # (B1 NS: A's 14 pairs first)
    entered: dict[str, object] = {}
    for offset, (board, ns, _, section) in enumerate(rows[:LINES]):
        if board == 1:
            contract, made = BOARD_1[section][ns - 1]  # (a Mitchell's NS pair sits at its own table)
        else:
            contract, made = "3NT", RESULTS[(board * 3 + ns) % len(RESULTS)]
        entered |= {cell("Contract", offset): contract, cell("By", offset): "N", cell("Result", offset): made}
    typed(workbook, "Results", entered)
    assert xlbridge("calc", workbook, "--in-place").status == 0
    assert board_one_points(Book(workbook)) == WITHIN
    ranking = ranked(workbook)
    assert [row["section"] for row in ranking] == ["A"] * 14 + ["B"] * 16
    for section, _ in SIZES:
        for side in ("NS", "EW"):
            own = [row for row in ranking if row["section"] == section and row["direction"] == side]
            assert own[0]["place"].rstrip("=") == "1"
            assert [float(row["percentage"]) for row in own] == sorted((float(row["percentage"]) for row in own),
                                                                       reverse=True)  # fmt: skip
    assert next(row for row in ranking if row["pair"] == "B1" and row["direction"] == "NS")["names"] == (
        "Player 29 & Player 30"
    )


@pytest.mark.parametrize(
    ("tables", "said"),
    [
        ("7,x", "--tables 7,x: 'x' is not a number of tables: give the tables (7), or each section's in turn (7,8)"),
        ("7,31", "section B (--tables 7,31): tables 31: must be 3 to 30"),
    ],
)
def test_bad_tables_are_refused_in_a_line(tables: str, said: str) -> None:
    """A section's tables that are not a number, or not a size the movement has, are refused naming it."""
    assert xlbridge("movement", "mitchell", "--tables", tables, "--boards-per-round", "2").refused == (
        f"xlbridge movement: {said}"
    )


@pytest.mark.parametrize(
    ("extra", "said"),
    [
        ("C,1,NS,Player 61,Player 62", "section C: the movement has sections A, B"),
        ("B,9,NS,Player 61,Player 62", "section B: NS pair 9 is not a pair of this movement"),
        (",3,EW,Player 61,Player 62", "1 pair without a section (3EW), but the evening has sections A, B: give "
                                      "each pair its section (a section column)"),
    ],
)  # fmt: skip
def test_a_names_file_the_sections_do_not_fit_is_refused(tmp_path: Path, extra: str, said: str) -> None:
    """A names file naming a section the movement lacks, a pair beyond its section's, or a pair of no section is
    refused in one line naming it, and no workbook is written."""
    names = names_file(tmp_path / "names.csv", extra)
    refused = xlbridge(*movement(tmp_path), "-o", tmp_path / "e.xlsx", "--names", names).refused
    assert refused.startswith(f"xlbridge movement: {names}: {said}"), refused
    assert not (tmp_path / "e.xlsx").exists()


# --- import: a names file of sections, a movement file of sections ----------------------------------------------


def test_import_names_each_sections_pairs_from_a_names_file_with_a_section_column(tmp_path: Path) -> None:
    """``import --names`` of a CSV of sections A and B with a names file whose section column numbers each pair
    within its section: every pair named in the ranking, A3 NS and B3 NS two pairs with their own players."""
    workbook = tmp_path / "two.xlsx"
    ran = xlbridge("import", two_sections_csv(tmp_path), "--names", names_file(tmp_path / "names.csv"), "-o", workbook)
    assert ran.status == 0, ran.err
    names = {(row["pair"], row["direction"]): row["names"] for row in ranked(workbook)}
    assert len(names) == 30
    assert names["A3", "NS"] == "Player 5 & Player 6"
    assert names["B3", "NS"] == "Player 33 & Player 34"


@pytest.mark.parametrize(
    ("results", "extra", "said"),
    [
        ("two", "C,1,NS,Player 61,Player 62", "section C: two-sections.csv gives sections A, B"),
        ("one", "", "gives sections (A, B), but one.csv is of one section: leave the names file's section column "
                    "blank"),
    ],
)  # fmt: skip
def test_import_refuses_a_names_file_whose_sections_are_not_the_files(
    tmp_path: Path, results: str, extra: str, said: str
) -> None:
    """A names file naming a section the results file lacks, or giving sections to a file of one section, is
    refused in one line naming it."""
    if results == "two":
        path = two_sections_csv(tmp_path)
    else:
        path = tmp_path / "one.csv"
        path.write_text("board,ns,ew,contract,declarer,result\n1,1,1,4S,N,=\n1,2,2,4S,N,-1\n", encoding="utf-8")
    names = names_file(tmp_path / "names.csv", *([extra] if extra else []))
    assert xlbridge("import", path, "--names", names, "-o", tmp_path / "x.xlsx").refused == (
        f"xlbridge import: {names}: {said}"
    )


def test_a_movement_file_of_sections_reads_back_and_import_says_it_takes_one(evening: Path, tmp_path: Path) -> None:
    """The CSV of the two sections is read back section by section (each its own sound movement); a file of before
    (no section column) is one section; ``import --movement-file`` of a file of sections says in one line that it
    checks against one section's movement."""
    from xlbridge.engine.movements.generate import make_movement
    from xlbridge.files.interchange.movement_files import read_movement_sections

    parts = read_movement_sections(evening / "evening.csv")
    assert [(section, part.tables, part.rounds) for section, part in parts] == [("A", 7, 7), ("B", 8, 8)]
    assert parts[1][1].encounters == make_movement("Mitchell", 8, 2, even="Relay").encounters
    one = tmp_path / "one.csv"
    ran = xlbridge("movement", "mitchell", "--tables", "7", "--boards-per-round", "2", "--csv", one)
    assert ran.status == 0, ran.err
    assert [(section, part.tables) for section, part in read_movement_sections(one)] == [("", 7)]
    refused = xlbridge("import", two_sections_csv(tmp_path), "--movement-file", evening / "evening.csv", "-o",
                       tmp_path / "x.xlsx").refused  # fmt: skip
    assert refused.endswith("a movement of 2 sections (A, B): import checks a results file against one section's "
                            "movement; import without --movement-file (see docs/limits.md)")  # fmt: skip


def test_a_movement_file_row_without_a_section_is_refused_naming_its_line(evening: Path, tmp_path: Path) -> None:
    """A movement file of sections with one row's section blank: refused naming the line (never a third section)."""
    from xlbridge.engine.errors import BridgeInputError
    from xlbridge.files.interchange.movement_files import read_movement_sections

    lines = (evening / "evening.csv").read_text(encoding="utf-8").splitlines()
    lines[5] = lines[5].removeprefix("A")
    path = tmp_path / "blank.csv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(BridgeInputError) as refused:
        read_movement_sections(path)
    assert f"{path}: line 6: no section, where other lines give A, B" in [refused.value.message,
                                                                           *refused.value.details]  # fmt: skip


# --- printed, as Chromium prints them ------------------------------------------------------------------------------


@pytest.mark.slow  # two sections' cards and travellers printed by Chromium
@pytest.mark.skipif(chromium_path() is None, reason="Debian's chromium is not installed (.ci/run installs it)")
def test_the_sections_cards_and_travellers_print_a_page_each(evening: Path) -> None:
    """Printed on A4: each of the 15 table cards (7 of section A, 8 of B) shorter than the page, as every guide
    card; the travellers a page each, one per board per section (14 + 16)."""
    with chromium() as browsing:
        browsing.open((evening / "cards.html").as_uri(), size=A4_PRINTED)
        browsing.call("Emulation.setEmulatedMedia", {"media": "print"})
        heights = browsing.evaluate(
            "[...document.querySelectorAll('article.card')].map(c => [c.className, c.getBoundingClientRect().height])"
        )
        assert sum("table-card" in name for name, _ in heights) == 15
        assert sum("guide-card" in name for name, _ in heights) == 30
        assert not [(name, height) for name, height in heights if height > A4_PRINTED[1]]
        browsing.open((evening / "travellers.html").as_uri())
        printed = browsing.call("Page.printToPDF", {"paperWidth": 8.27, "paperHeight": 11.69})
        assert len(re.findall(rb"/Type\s*/Page[^s]", base64.b64decode(printed["data"]))) == 14 + 16


# --- strats: each section's pairs among themselves -----------------------------------------------------------------


def test_strats_of_a_session_of_sections_are_placed_within_each_section(tmp_path: Path) -> None:
    """``ranking --strats 500/200`` of the two sections: each pair's strat by its players' average masterpoints (the
    names file's), and its places in each strat it competes in counted among its own section's pairs of its
    direction (a section's strat A places run 1 to 7 or 8, as its open ranking's), then the overall ranking."""
    names = tmp_path / "names.csv"
    lines = names_file(tmp_path / "plain.csv").read_text(encoding="utf-8").splitlines()
    held = {}
    with_holdings = [lines[0] + ",masterpoints1,masterpoints2"]
    for number, line in enumerate(lines[1:], start=1):
        first, second = number * 37 % 900, number * 111 % 700  # (from 37 to 888: some in each strat)
        section, pair, direction = line.split(",")[:3]
        held[f"{section}{pair}", direction] = (first + second) / 2
        with_holdings.append(f"{line},{first},{second}")
    names.write_text("\n".join(with_holdings) + "\n", encoding="utf-8")
    workbook = tmp_path / "two.xlsx"
    assert xlbridge("import", two_sections_csv(tmp_path), "--names", names, "-o", workbook).status == 0
    ran = xlbridge("ranking", workbook, "--strats", "500/200", "--csv")
    assert ran.status == 0, ran.err
    rows = list(csv.DictReader(io.StringIO(ran.out)))
    assert len(rows) == 30
    for row in rows:
        figure = held[row["pair"], row["direction"]]
        assert row["strat"] == ("C" if figure < 200 else "B" if figure < 500 else "A"), row
    for section, tables in SIZES:
        for side in ("NS", "EW"):
            own = [row for row in rows if row["section"] == section and row["direction"] == side]
            assert (
                [row["place_a"] for row in own]
                == [row["place"] for row in own]
                == [str(n) for n in range(1, tables + 1)]
            )
            for letter, below in (("b", "BC"), ("c", "C")):
                competing = [row for row in own if row["strat"] in below]
                assert [row[f"place_{letter}"] for row in competing] == [str(n) for n in range(1, len(competing) + 1)]
                assert all(not row[f"place_{letter}"] for row in own if row["strat"] not in below)


def test_an_evening_of_two_howell_sections_ranks_each_as_one_field(tmp_path: Path) -> None:
    """``movement howell --tables 4,5 -o``: two Howell sections (8 and 10 pairs), their pair numbers met on both
    sides within each section and again in the other, are one field each (never taken for a Mitchell's two); with
    every result typed, each section's pairs are ranked in one list."""
    workbook = tmp_path / "howell.xlsx"
    ran = xlbridge("movement", "howell", "--tables", "4,5", "--boards-per-round", "2", "-o", workbook)
    assert ran.status == 0, ran.err
    assert "146 results to type on 18 boards (Results, 2 sections, in the travellers' order), 18 pairs" in ran.out
    results = Book(workbook).sheets["Results"]
    entered: dict[str, object] = {}
    for offset in range(146):
        board, ns = (results.get(LAYOUT.results.position(name, offset)) for name in ("Board", "NS"))
        made = RESULTS[(board * 3 + ns) % len(RESULTS)]  # type: ignore[operator]
        entered |= {cell("Contract", offset): "3NT", cell("By", offset): "S", cell("Result", offset): made}
    typed(workbook, "Results", entered)
    assert xlbridge("calc", workbook, "--in-place").status == 0
    ranking = ranked(workbook)
    assert [(row["section"], row["direction"]) for row in ranking] == [("A", "")] * 8 + [("B", "")] * 10
    assert (ranking[0]["place"].rstrip("="), ranking[8]["place"].rstrip("=")) == ("1", "1")


def test_a_pair_listed_twice_in_its_section_is_refused_naming_it(tmp_path: Path) -> None:
    """A3 NS and B3 NS are two pairs; A3 NS on a second line is listed twice, refused naming it with its section."""
    names = names_file(tmp_path / "names.csv", "A,3,NS,Player 61,Player 62")
    refused = xlbridge(*movement(tmp_path), "-o", tmp_path / "e.xlsx", "--names", names).refused
    assert refused == f"xlbridge movement: {names}: line 32: pair A3NS is listed twice (first on line 4)"
