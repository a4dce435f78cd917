"""Outputs safe to open (issue 37, classes 4, 6, 8 and 11): no CSV cell a spreadsheet runs as a formula, nothing
printed that a terminal takes as a command or that its encoding stops at, no page that replaces another's, and no
page name a file system refuses.

Each is met as a user meets it: the command runs in its own process, with the names a club has (Czech, Greek, a
team name of 300 characters) and the names a hostile file has (``=HYPERLINK(...)``, an escape sequence)."""

from __future__ import annotations

import csv
import io
import os
import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from xlbridge.engine.session import Session
from xlbridge.engine.text import printable, shown_text
from xlbridge.files.tables import FORMULA_STARTS, csv_cell, csv_text, csv_value, text_table
from xlbridge.files.website.publish import MOST_IN_SLUG, PageNames, slug

from .safety import on_a_terminal, xlbridge
from .test_interchange import CSV_SESSION
from .workbooks import typed, typed_into

#: The players: a Czech name, and one of each kind of cell a spreadsheet would run as a formula.
NAMES = (
    "pair,direction,player1,player2\n"
    '1,,Antonín Dvořák,"=HYPERLINK(""http://evil.example/"",""Click"")"\n'
    "2,,-Minus,@SUM(A1)\n"
    "3,,Eva Černá,Jiří Novák\n"
    "4,,+Plus,Hana Malá\n"
)
#: What a hostile workbook's name cell may hold: a window title set and the screen cleared.
ESCAPES = "\x1b]0;pwned\x07\x1b[2J"


def rows_of(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with a results CSV, its names file, and the session imported with Butler scoring (whose scores go
    below nought), computed."""
    folder = tmp_path_factory.mktemp("club")
    (folder / "tue.csv").write_text(CSV_SESSION, encoding="utf-8")
    (folder / "names.csv").write_text(NAMES, encoding="utf-8")
    done = xlbridge("import", "tue.csv", "--names", "names.csv", "--method", "butler", "-o", "tue.xlsx", cwd=folder)
    assert done.status == 0, done.err
    return folder


@pytest.fixture(scope="module")
def hostile(club: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The club's workbook with an escape sequence typed into a player's name (as a workbook from elsewhere may
    hold it), computed again."""
    path = tmp_path_factory.mktemp("hostile") / "tue.xlsx"
    typed_into(club / "tue.xlsx", path, {"Names": {"D2": f"Antonín Dvořák{ESCAPES}"}})
    done = xlbridge("calc", path, "--in-place")
    assert done.status == 0, done.err
    return path


# --- CSV: nothing a spreadsheet runs ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cell", "written"),
    [
        ('=HYPERLINK("http://evil.example/")', '\'=HYPERLINK("http://evil.example/")'),
        ("+Plus", "'+Plus"),
        ("-Minus", "'-Minus"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\tcmd", "'\tcmd"),
        ("\rcmd", "'\rcmd"),
        ("-", "'-"),
        ("'=already", "''=already"),  # the reader takes one apostrophe off: it reads back as it was
        ("-420", "-420"),  # a number stays a number
        ("-3.5", "-3.5"),
        ("+1", "+1"),
        ("1=", "1="),
        ("Antonín Dvořák", "Antonín Dvořák"),
        ("", ""),
    ],
)
def test_a_cell_a_spreadsheet_would_run_is_written_as_text(cell: str, written: str) -> None:
    """OWASP's formula starts (=, +, -, @, tab, carriage return) get a leading apostrophe; numbers do not."""
    assert csv_cell(cell) == written
    assert csv_value(written) == cell


def test_numbers_stay_numbers() -> None:
    """A figure given as a number, negative or not, is written as it is."""
    assert csv_text([["score", "pct"], [-420, -3.5], ["-420", "-3.5"]]) == "score,pct\n-420,-3.5\n-420,-3.5\n"


@given(st.lists(st.lists(st.text(), min_size=1, max_size=4), min_size=1, max_size=4))
def test_every_cell_is_read_back_as_written_and_none_runs(rows: list[list[str]]) -> None:
    """Any text through the one writer and back through a CSV reader and :func:`csv_value` is the text itself (a
    line break ``\\r\\n`` in a cell read as ``\\n``), and no written cell begins as a formula unless it is a
    number."""
    read = list(csv.reader(io.StringIO(csv_text(rows), newline="")))
    assert [[csv_value(cell) for cell in row] for row in read] == [
        [cell.replace("\r\n", "\n") for cell in row] for row in rows
    ]
    assert not [cell for row in read for cell in row if cell.startswith(FORMULA_STARTS) and csv_value(cell) != cell]


def test_a_carriage_return_starts_no_row() -> None:
    """A cell holding a carriage return is quoted: a spreadsheet starts no row inside it (where the rest of the
    cell would be a formula). Before: written bare."""
    text = csv_text([["names", "score"], ["Eve\r=HYPERLINK(1)", -420]])
    assert text == 'names,score\n"Eve\r=HYPERLINK(1)",-420\n'


def test_ranking_csv(club: Path) -> None:
    """`ranking --csv`: the names that begin as a formula are text; the Butler scores below nought are numbers."""
    done = xlbridge("ranking", "tue.xlsx", "--csv", cwd=club)
    assert (done.status, done.err) == (0, "")
    names = {row["pair"]: row["names"] for row in rows_of(done.out)}
    assert names == {
        "1": 'Antonín Dvořák & =HYPERLINK("http://evil.example/","Click")',
        "2": "'-Minus & @SUM(A1)",
        "3": "Eva Černá & Jiří Novák",
        "4": "'+Plus & Hana Malá",
    }
    scores = [row["score"] for row in rows_of(done.out)]
    assert any(score.startswith("-") for score in scores), scores
    assert all(float(score) == float(score.lstrip("'")) and not score.startswith("'") for score in scores)


def test_ladder_csv(club: Path) -> None:
    """`ladder --csv`: a player by player; every formula-like name written as text."""
    done = xlbridge("ladder", "tue.xlsx", "--csv", cwd=club)
    assert (done.status, done.err) == (0, "")
    players = {row["player"] for row in rows_of(done.out)}
    assert {"'-Minus", "'@SUM(A1)", "'+Plus", '\'=HYPERLINK("http://evil.example/","Click")'} <= players
    assert not [player for player in players if player.startswith(("=", "+", "-", "@"))]


def test_standings_csv_read_back_as_team_names(tmp_path: Path) -> None:
    """`standings --csv` of teams whose names begin as formulas writes them as text, and given back as the teams
    of a new schedule (team,name columns) they are the names they were."""
    teams = ["=Sharks", "-Minus", "@Home", "+Plus"]
    (tmp_path / "teams.csv").write_text("".join(f"{name}\n" for name in teams), encoding="utf-8")
    assert xlbridge("schedule", "round-robin", "--names", "teams.csv", "-o", "ev.xlsx", cwd=tmp_path).status == 0
    assert xlbridge("calc", "ev.xlsx", "--in-place", cwd=tmp_path).status == 0
    done = xlbridge("standings", "ev.xlsx", "--csv", cwd=tmp_path)
    assert (done.status, done.err) == (0, ""), done.err
    assert sorted(row["name"] for row in rows_of(done.out)) == ["'+Plus", "'-Minus", "'=Sharks", "'@Home"]
    (tmp_path / "standings.csv").write_text(done.out, encoding="utf-8")
    again = xlbridge("schedule", "round-robin", "--names", "standings.csv", "-o", "ev2.xlsx", cwd=tmp_path)
    assert again.status == 0, again.err
    round_one = next(line for line in again.out.splitlines() if line.startswith("Round 1:"))
    assert all(name in round_one for name in teams), round_one
    assert "'" not in round_one


def test_names_file_read_back(club: Path, tmp_path: Path) -> None:
    """A names file written by the one CSV writer is read back as it was: the apostrophes it added taken off."""
    from xlbridge.files.interchange.csvfile import read_names

    players = [("'=Apostrophe", "=Equals"), ("-Minus", "@At")]
    text = csv_text([["pair", "direction", "player1", "player2"], *([n, "", *p] for n, p in enumerate(players, 1))])
    assert "'-Minus" in text
    pairs = read_names(text.encode(), tmp_path / "names.csv")
    assert [pair.names for pair in pairs] == [" & ".join(p) for p in players]


#: A player's name as a club may type it: quotes, the separators, a line break, letters of any script (not the
#: apostrophe, which before ``=`` or a tab is xlbridge's own writer's: :func:`test_names_file_read_back`).
_NAME = st.text(st.sampled_from([*'Ab z",;\t\nΚόé']), min_size=1, max_size=10).filter(lambda name: name.strip())


@given(st.lists(st.tuples(_NAME, _NAME), min_size=1, max_size=6), st.sampled_from([",", ";", "\t"]),
       st.sampled_from(["\r\n", "\n"]))  # fmt: skip
def test_a_names_file_written_as_rfc_4180_says_is_read_as_written(
    players: list[tuple[str, str]], delimiter: str, ending: str
) -> None:
    """Any names file written as RFC 4180 says (a field holding a quote, the separator or a line break in quotes,
    its quotes written twice), its fields apart by commas, semicolons or tabs, its lines ending either way: every
    player read as written (but the spaces around a name). csv.Sniffer guessed the quoting from the file and refused
    some and misread others (``Jim "Bud" Smith`` shown as ``"Jim ""Bud"" Smith"``)."""
    from xlbridge.files.interchange.csvfile import read_names

    out = io.StringIO()
    writer = csv.writer(out, delimiter=delimiter, lineterminator=ending)
    writer.writerows([["pair", "direction", "player1", "player2"], *([n, "", *p] for n, p in enumerate(players, 1))])
    pairs = read_names(out.getvalue().encode(), Path("names.csv"))
    assert [pair.players for pair in pairs] == [tuple(name.strip() for name in pair) for pair in players]


@pytest.mark.parametrize("players", [[('Jim "Bud" Smith', "Ann Ash")], [('"A,', ",;")], [(";", '"')]])
def test_names_files_csv_sniffer_misread(players: list[tuple[str, str]], tmp_path: Path) -> None:
    """Names files as RFC 4180 writes them, read as written (csv.Sniffer, which guessed the quoting, misread the
    last two: a name that is only a quote, a field of a comma and a semicolon)."""
    from xlbridge.files.interchange.csvfile import read_names

    out = io.StringIO()
    rows = [[number, "", *pair] for number, pair in enumerate(players, 1)]
    csv.writer(out).writerows([["pair", "direction", "player1", "player2"], *rows])
    assert [pair.players for pair in read_names(out.getvalue().encode(), tmp_path / "names.csv")] == players


@pytest.mark.slow  # the solver works out the par of four deals: two seconds
def test_hands_csv_keeps_negative_par_scores_numbers(tmp_path: Path) -> None:
    """`hands --csv`: a par of the East-West side (-420) stays a number, as every figure."""
    assert xlbridge("deal", "--boards", "4", "--seed", "3", "-o", "h.pbn", cwd=tmp_path).status == 0
    done = xlbridge("hands", "h.pbn", "--csv", cwd=tmp_path)
    assert done.status == 0, done.err
    pars = [row["par_ns"] for row in rows_of(done.out)]
    assert any(par.startswith("-") for par in pars), pars
    assert [str(int(par)) for par in pars] == pars  # each a whole number, as written


# --- the terminal: nothing it takes as a command, nothing its encoding stops at ---------------------------------


def run_in(encoding: str, *args: object, cwd: Path) -> tuple[int, bytes, bytes]:
    """``xlbridge ARGS`` in a process whose stdout and stderr are in ``encoding`` (Windows' cp1252, where output
    is redirected), as bytes."""
    done = subprocess.run([sys.executable, "-m", "xlbridge", *map(str, args)], capture_output=True, cwd=cwd,
                          env={**os.environ, "PYTHONIOENCODING": encoding}, timeout=300, check=False)  # fmt: skip
    return done.returncode, done.stdout, done.stderr


def test_ranking_to_a_cp1252_stdout(hostile: Path) -> None:
    """`ranking` of a workbook whose player is Antonín Dvořák (ř is not in cp1252), with an escape sequence after
    his name, to a cp1252 stdout: the table, every character cp1252 has as it is, ř as ?, the escapes as text;
    no traceback, exit 0. Before: UnicodeEncodeError, exit 1."""
    status, out, err = run_in("cp1252", "ranking", hostile.name, cwd=hostile.parent)
    assert (status, err) == (0, b""), err.decode("cp1252")
    assert b"\x1b" not in out
    assert b"\x07" not in out
    table = out.decode("cp1252")
    assert r"Antonín Dvo?ák\x1b]0;pwned\x07\x1b[2J & =HYPERLINK" in table
    assert "Eva Černá" not in table
    assert "Eva ?erná & Ji?í Novák" in table
    lines = [line for line in table.splitlines() if line[:1].isdigit()]
    assert len({line.rindex(" 2 ") for line in lines}) == 1, lines  # the boards column still lines up


def test_ranking_csv_to_a_cp1252_stdout(hostile: Path) -> None:
    """`ranking --csv` to a cp1252 stdout: the CSV, what cp1252 cannot write as ?."""
    status, out, err = run_in("cp1252", "ranking", hostile.name, "--csv", cwd=hostile.parent)
    assert (status, err) == (0, b"")
    rows = rows_of(out.decode("cp1252"))
    assert rows[0]["names"].startswith(r"Antonín Dvo?ák\x1b]0;pwned")


@pytest.mark.parametrize("encoding", ["utf-8", "cp1252", "ascii"])
def test_a_refusal_names_its_file_as_a_terminal_can_show_it(tmp_path: Path, encoding: str) -> None:
    """A file name with Czech letters and an escape sequence, refused: one line, the escape as text, what the
    encoding lacks replaced; exit 2."""
    status, out, err = run_in(encoding, "ranking", f"Dvořák{ESCAPES}.xlsx", cwd=tmp_path)
    assert (status, out) == (2, b"")
    line = err.decode(encoding)
    assert line.count("\n") == 1
    assert "\x1b" not in line
    shown = {"utf-8": "Dvořák", "cp1252": "Dvo?ák", "ascii": "Dvo??k"}[encoding]
    assert line == f"xlbridge ranking: {shown}{shown_text(ESCAPES)}.xlsx: cannot be read (No such file or directory)\n"


def test_an_argument_the_parser_refuses(tmp_path: Path) -> None:
    """An argument argparse itself refuses, with an escape in it: shown escaped too."""
    status, _, err = run_in("utf-8", "ranking", "a.xlsx", f"--x{ESCAPES}", cwd=tmp_path)
    assert status == 2
    assert b"\x1b" not in err
    assert rb"--x\x1b]0;pwned" in err


def test_a_file_name_that_is_not_utf8(club: Path, tmp_path: Path) -> None:
    """A results file whose name is in Latin-1 (the byte E9 for é, not UTF-8): imported, its name shown with the
    byte written as Python escapes it, as the event's name in the workbook; the workbook ranked and published.
    Before: UnicodeEncodeError (the workbook's XML could not be written), exit 1."""
    source = tmp_path / "t\udce9.csv"  # the file system's bytes b"t\xe9.csv"
    source.write_text(CSV_SESSION, encoding="utf-8")
    done = xlbridge("import", source.name, "-o", "out\udce9.xlsx", cwd=tmp_path)
    assert done.status == 0, done.err
    assert done.out.startswith(r"t\udce9.csv (CSV) -> out\udce9.xlsx: 4 results")
    ranking = xlbridge("ranking", "out\udce9.xlsx", cwd=tmp_path)
    assert (ranking.status, ranking.out.splitlines()[0]) == (0, r"t\udce9")
    published = xlbridge("publish", "out\udce9.xlsx", "-o", "site", cwd=tmp_path)
    assert published.status == 0, published.err
    index = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert r"t\udce9" in index  # the event, named after the file it came from
    assert "out\\udce9" not in index  # no page names the workbook


def test_a_lone_surrogate_in_a_workbooks_text(club: Path, tmp_path: Path) -> None:
    """A name cell whose text holds ``_xD800_`` (half of a UTF-16 pair, which no encoding can write): read as the
    replacement character, so the workbook is computed, written and ranked. Before: `calc` stopped with a
    UnicodeEncodeError."""
    path = tmp_path / "tue.xlsx"
    path.write_bytes((club / "tue.xlsx").read_bytes())
    typed(path, "Names", {"D4": "Eva _xD800_Černá", "E4": "pair _xD83C__xDCA1_"})  # a lone surrogate; a pair
    done = xlbridge("calc", path, "--in-place")
    assert done.status == 0, done.err
    ranking = xlbridge("ranking", path)
    assert ranking.status == 0, ranking.err
    assert "Eva \ufffdČerná & pair \U0001f0a1" in ranking.out


def test_the_progress_bar_shows_a_file_name_escaped(tmp_path: Path) -> None:
    """`import` on a terminal: its progress bar draws with its carriage returns, and names a file whose name holds
    an escape sequence with the escape as text."""
    from .conftest import HOWELL

    source = tmp_path / f"tue{ESCAPES}.xml"
    source.write_bytes(HOWELL.read_bytes())
    command = [sys.executable, "-m", "xlbridge", "import", str(source), "-o", str(tmp_path / "tue.xlsx")]
    status, shown = on_a_terminal(command)
    assert status == 0
    assert "\x1b" not in shown
    assert rf"] reading tue{shown_text(ESCAPES)}.xml" in shown
    assert "\r" in shown  # the bar redrawn in place


def test_shown_text_keeps_what_a_terminal_shows() -> None:
    """Letters of any script, spaces and emoji as they are; controls, C1 escapes, bidirectional overrides and lone
    surrogates as Python writes them; tab and newline kept where text spans lines."""
    assert shown_text("Κόρινθος Dvořák\u00a0🂡") == "Κόρινθος Dvořák\u00a0🂡"
    assert shown_text("a\x1b[2Jb\x9b2J\u202eevil\udce9\r") == r"a\x1b[2Jb\x9b2J\u202eevil\udce9\r"
    assert shown_text("a\tb\nc\x07", lines=True) == "a\tb\nc\\x07"
    assert printable("  one\n\ttwo \x1b  ") == r"one two \x1b"
    assert printable("x" * 300, 10) == "x" * 10 + "..."


def test_table_cells_stay_on_their_line() -> None:
    """A cell with a newline, a tab or an escape is shown on its row, its columns lined up."""
    lines = text_table([["Name", "Score"], ["A\nB\t\x1b[31m", "1"], ["Plain", "20"]], right={1})
    assert lines == ["Name            Score", r"A\nB\t\x1b[31m      1", "Plain              20"]


# --- pages: each its own, each a name a file system takes, nothing a terminal runs ---------------------------------


def test_slugs() -> None:
    """A name as part of a page name: Latin letters without accents, digits and hyphens; a name with none of those
    the name given instead; never longer than MOST_IN_SLUG."""
    assert slug("Antonín Dvořák", "x") == "Antonin-Dvorak"
    assert slug("Straße Øresund Łódź", "x") == "Strasse-Oresund-Lodz"
    assert slug("Κόρινθος", "team-1") == "team-1"
    assert slug("  7 NS ", "pair") == "7-NS"
    assert slug("Very " * 60, "x") == "Very-Very-Very-Very-Very-Very-Very-Very"  # 40 characters, its hyphen cut
    assert len(slug("x" * 300, "x")) == MOST_IN_SLUG


def test_page_names_are_each_their_own() -> None:
    """Names that make the same stem, or stems that differ only in case (one file on Windows and macOS), get a
    number: each page its own file."""
    names = PageNames()
    made = [names(stem) for stem in ("pair-7-A", "pair-7-A", "pair-7a", "pair-7A", "pair-7-A-2", "pair-7-A")]
    assert made == ["pair-7-A.html", "pair-7-A-2.html", "pair-7a.html", "pair-7A-2.html", "pair-7-A-2-2.html",
                    "pair-7-A-3.html"]  # fmt: skip
    assert len({name.casefold() for name in made}) == len(made)


def test_pair_pages_of_labels_that_make_one_slug() -> None:
    """Pairs labelled in Greek letters (a section's Α1 and Β1) and pair 1 each get their own page."""
    from xlbridge.engine.pairs import Pair
    from xlbridge.engine.session import Session
    from xlbridge.files.website.publish import _pair_pages

    pairs = [Pair("Α1", None, ("A", "B")), Pair("Β1", None, ("C", "D")), Pair(1, None, ("E", "F")),
             Pair("Ω", None, ("G", "H")), Pair("Ψ", None, ("I", "J"))]  # fmt: skip
    pages = [link.href for link in _pair_pages(Session.of(event="x", pairs=pairs, lines=[])).values()]
    assert pages == ["pair-1.html", "pair-1-2.html", "pair-1-3.html", "pair-pair.html", "pair-pair-2.html"]


def test_pages_show_escapes_as_text(hostile: Path, tmp_path: Path) -> None:
    """A workbook named with an escape sequence, a player's name with another: no page holds the control
    characters, none names the workbook, the name is shown as text; published again, the same session's pages
    are replaced."""
    from .test_publish import parse

    named = tmp_path / f"tue{ESCAPES}.xlsx"
    named.write_bytes(hostile.read_bytes())
    site = tmp_path / "site"
    done = xlbridge("publish", named, "-o", site)
    assert done.status == 0, done.err
    assert "\x1b" not in done.out
    pages = sorted(site.glob("*.html"))
    for page in pages:
        html = page.read_text(encoding="utf-8")
        assert not {"\x1b", "\x07"} & set(html), page.name
        parse(page)  # strict HTML5
    index = (site / "index.html").read_text(encoding="utf-8")
    assert rf"tue{shown_text(ESCAPES)}" not in index  # no page names the workbook; the name is shown as text:
    assert rf"Dvořák{shown_text(ESCAPES)}" in index
    assert xlbridge("publish", named, "-o", site).status == 0  # the same session: replaced without --force


#: Four Greek teams, one Latin, and a team name of 303 characters.
GREEK = ["Κόρινθος", "Αθήνα", "Σπάρτη", "Θήβα", "Argos", "The " + "Very " * 58 + "Long Team"]


def test_teams_with_greek_and_long_names_each_get_their_page(tmp_path: Path) -> None:
    """A round robin of Κόρινθος, Αθήνα, Σπάρτη, Θήβα, Argos and a 303-character name, published with the
    scorecards of round 1: a page each, its name one a file system takes (Greek names by the team's number), each
    page holding its own match. Before: two matches' pages were both match-1-team-team.html (the second replaced
    the first), and the long name's failed publishing (a file name past 255 bytes)."""
    from xlbridge.files.demo_data import demo_data
    from xlbridge.files.templates import CLASSIC, teams_match

    from .test_league import read_matches
    from .test_publish import parse, text

    (tmp_path / "teams.csv").write_text("".join(f"{name}\n" for name in GREEK), encoding="utf-8")
    assert xlbridge("schedule", "round-robin", "--names", "teams.csv", "-o", "ev.xlsx", cwd=tmp_path).status == 0
    assert xlbridge("calc", "ev.xlsx", "--in-place", cwd=tmp_path).status == 0
    cards, played = [], []
    for row, match in read_matches(tmp_path / "ev.xlsx"):
        if match.round == 1 and not match.bye:
            home, away = GREEK[match.home - 1], GREEK[match.away - 1]  # type: ignore[operator]
            card = tmp_path / f"card-{row}.xlsx"
            teams_match.build(card, CLASSIC, match=replace(demo_data().match, home=home, away=away), computed=True)
            cards += ["--scorecard", card]
            played.append((home, away))
    assert len(played) == 3
    site = tmp_path / "site"
    done = xlbridge("publish", "ev.xlsx", "-o", site, *cards, cwd=tmp_path)
    assert done.status == 0, done.err
    pages = sorted(site.glob("match-*.html"))
    assert len(pages) == 3, [page.name for page in pages]
    assert all(len(page.name.encode()) <= 100 for page in pages), [page.name for page in pages]
    shown = set()
    for page in pages:
        title = text(next(parse(page).iter("h1")))
        shown.add(next((home, away) for home, away in played if home in title and away in title))
    assert shown == set(played)
    links = (site / "round-1.html").read_text(encoding="utf-8")
    assert all(f'href="{page.name}"' in links for page in pages)


# --- PBN: its import reads back every file its export writes ----------------------------------------------------

#: Text as a workbook may hold it in a name, an event or a lead: quotes, backslashes, tabs and line breaks, what
#: starts a tag or a comment, letters of any script.
_HOSTILE = st.text(st.sampled_from([*'ab Z"\\[]%;{}-&\t\n\r\x0b\x1c\x85\u2028Κόé\u00a0']), max_size=12)


def _pbn_read_back(event: str, players: list[str], leads: list[str]) -> tuple[Session, Session]:
    """Tuesday's four results, their event, players and leads given, exported as PBN and imported again."""
    from xlbridge.engine.pairs import Pair
    from xlbridge.engine.session import read_line
    from xlbridge.engine.standings import score_session
    from xlbridge.files.interchange.export import write_pbn
    from xlbridge.files.interchange.pbn import read_pbn

    plays = [(1, 1, 2, "4S", "N", "="), (1, 3, 4, "4S", "N", "-1"), (2, 1, 3, "3NT", "E", "="),
             (2, 2, 4, "3NT", "E", "+1")]  # fmt: skip
    lines = [read_line(b, ns, ew, c, d, r, lead) for (b, ns, ew, c, d, r), lead in zip(plays, leads, strict=True)]
    pairs = [Pair(n, None, (players[2 * n - 2], players[2 * n - 1])) for n in range(1, 5)]
    written = Session.of(event=event, pairs=pairs, lines=lines)
    text = write_pbn(score_session(written))
    return written, read_pbn(text.encode("utf-8"), Path("tue.pbn")).session


def _as_pbn_keeps(text: str) -> str:
    """What a PBN string keeps of a text: every character PBN 2.1 does not allow in one is a space."""
    from xlbridge.files.interchange.export import NOT_IN_A_STRING

    return NOT_IN_A_STRING.sub(" ", text)


@given(_HOSTILE, st.lists(_HOSTILE.map(lambda text: f"P{text}q"), min_size=8, max_size=8),
       st.lists(_HOSTILE, min_size=4, max_size=4))  # fmt: skip
def test_pbn_export_is_read_back_by_its_import(event: str, players: list[str], leads: list[str]) -> None:
    """Any event, players' names and leads exported as PBN are read back by the import as they were written, each
    character PBN does not allow in a string (tab, line break, other controls) a space; no lead or name starts a
    tag or a board (a lead ``x\\n[Board "3"]`` was written as a field, which the import read as board 3's tag, and
    ``Jim "Bud" Smith`` unescaped: a refusal). A player's name the import splits the names at (`` & ``, `` - ``,
    `` and `` between spaces) is left out: the Names field is the pair's players joined so."""
    kept = [_as_pbn_keeps(player) for player in players]
    assume(not any(re.search(r"(?:^|\s)(?:-|&|and)(?:\s|$)", player) for player in kept))
    written, read = _pbn_read_back(event, players, leads)
    assert read.event == _as_pbn_keeps(event)
    assert [pair.players for pair in read.pairs] == [tuple(kept[at : at + 2]) for at in range(0, 8, 2)]
    assert [line.lead for line in read.lines] == [_as_pbn_keeps(lead) for lead in leads]
    assert [line.score for line in read.lines] == [line.score for line in written.lines]


def test_pbn_export_of_quotes_and_line_breaks(tmp_path: Path) -> None:
    """The cases the issue found, written as PBN 2.1 says: a quote in a name or the event escaped, a tab a space,
    and a lead holding a line break and a tag one field."""
    _, read = _pbn_read_back('Tuesday "Open"\tPairs', ['Jim "Bud" Smith', "Ann\\Ash", *"CDEFGH"],
                                   ['x\n[Board "3"]', "HK", "S2", "D4"])  # fmt: skip
    assert read.event == 'Tuesday "Open" Pairs'
    assert read.pairs[0].players == ('Jim "Bud" Smith', "Ann\\Ash")
    assert [line.lead for line in read.lines] == ['x [Board "3"]', "HK", "S2", "D4"]
    assert sorted({line.board for line in read.lines}) == [1, 2]
