"""Club result files in and out: USEBIO, PBN, CSV to a computed workbook that reproduces Compscore3; export and back."""

from __future__ import annotations

import csv
import io
import math
from pathlib import Path

import pytest

from xlbridge.cli import main
from xlbridge.files.interchange import import_to_workbook, read_results
from xlbridge.files.templates import CLASSIC, pairs_session
from xlbridge.files.templates.layout import LAYOUT
from xlbridge.files.workbook.calc import compute, write_values
from xlbridge.files.workbook.evaluate import evaluate
from xlbridge.files.workbook.xlsx import open_package
from xlbridge.files.workbook.xmlsafe import parse_xml

from .conftest import BUTLER, HOWELL
from .workbooks import Book, blank


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Both Compscore3 sessions imported with `xlbridge import`."""
    folder = tmp_path_factory.mktemp("imported")
    out = {}
    for name, source in (("howell", HOWELL), ("butler", BUTLER)):
        assert main(["import", str(source), "-o", str(folder / f"{name}.xlsx")]) == 0
        out[name] = folder / f"{name}.xlsx"
    return out


def traveller_lines(path: Path) -> list[tuple[int, object]]:
    root = parse_xml(path.read_bytes())
    lines = []
    for board in root.iter("BOARD"):
        for line in board.findall("TRAVELLER_LINE"):
            lines.append((int(board.findtext("BOARD_NUMBER", "")), line))
    return lines


def compscore_pairs(path: Path) -> dict[str, tuple[str, str | None, str]]:
    root = parse_xml(path.read_bytes())
    return {
        pair.findtext("PAIR_NUMBER", ""): (
            pair.findtext("TOTAL_SCORE", ""),
            pair.findtext("PERCENTAGE"),
            pair.findtext("PLACE", ""),
        )
        for pair in root.iter("PAIR")
    }


def totals_by_pair(book: Book) -> dict[str, tuple[object, object, object]]:
    """Pair (with its direction) -> (total, percentage, place), as the Totals sheet shows them."""
    out = {}
    totals = book.sheets["Totals"]
    offset = 0
    while not blank(totals.get(LAYOUT.totals.position("Pair", offset))):

        def cell(heading: str, offset: int = offset) -> object:
            return totals.get(LAYOUT.totals.position(heading, offset))

        out[f"{cell('Pair')}{cell('Direction') or ''}"] = (cell("Total"), cell("%"), cell("Place"))
        offset += 1
    return out


def test_howell_every_matchpoint_total_percentage_and_place(imported: dict[str, Path]) -> None:
    """The Howell: 161 lines of matchpoints (the average, the board played five times), 12 pairs' figures."""
    book = Book(imported["howell"])
    assert book.errors() == []
    lines = traveller_lines(HOWELL)
    assert len(lines) == 161
    for offset, (board, line) in enumerate(lines):
        row = 2 + offset
        assert book.value("Results", f"A{row}") == board
        assert round(book.value("Results", f"L{row}"), 2) == float(line.findtext("NS_MATCH_POINTS"))  # type: ignore[attr-defined]
        assert round(book.value("Results", f"M{row}"), 2) == float(line.findtext("EW_MATCH_POINTS"))  # type: ignore[attr-defined]
    want = compscore_pairs(HOWELL)
    got = totals_by_pair(book)
    assert set(got) == set(want)
    for pair, (total, percentage, place) in want.items():
        ours = got[pair]
        assert f"{ours[0]:.2f}" == total
        assert f"{ours[1]:.2f}" == percentage
        assert ours[2] == place


def test_butler_every_datum_imp_total_and_place(imported: dict[str, Path]) -> None:
    """The Butler Mitchell: 35 datums, 245 lines of Butler IMPs both ways, 14 pairs' totals and places by field."""
    book = Book(imported["butler"])
    assert book.errors() == []
    root = parse_xml(BUTLER.read_bytes())
    averages = {
        int(board.findtext("BOARD_NUMBER", "")): int(board.findtext("BOARD_AVERAGE", ""))
        for board in root.iter("BOARD")
        if board.findtext("BOARD_AVERAGE")
    }
    lines = traveller_lines(BUTLER)
    assert len(lines) == 245
    for offset, (board, line) in enumerate(lines):
        row = 2 + offset
        assert book.value("Results", f"P{row}") == averages[board]
        assert book.value("Results", f"L{row}") == int(line.findtext("NS_BUTLER_POINTS"))  # type: ignore[attr-defined]
        assert book.value("Results", f"M{row}") == int(line.findtext("EW_BUTLER_POINTS"))  # type: ignore[attr-defined]
    want = compscore_pairs(BUTLER)
    got = totals_by_pair(book)
    assert set(got) == set(want)
    for pair, (total, _, place) in want.items():
        assert f"{got[pair][0]:.2f}" == total
        assert got[pair][2] == place


def engine_and_direct(tmp_path: Path, source: Path) -> tuple[Book, Book]:
    """The same imported session computed by the formulas engine and by the direct evaluation."""
    session = read_results(source).session
    assert session is not None
    built = tmp_path / "built.xlsx"
    pairs_session.build(built, CLASSIC, session=session)
    engine = tmp_path / "engine.xlsx"
    write_values(open_package(built), compute(open_package(built)).values, engine, replace=False)  # formulas
    direct = tmp_path / "direct.xlsx"
    computed = evaluate(open_package(built))
    assert computed is not None
    write_values(open_package(built), computed.values, direct, replace=False)
    return Book(engine), Book(direct)


@pytest.mark.parametrize("source", [HOWELL, BUTLER], ids=["howell", "butler"])
def test_direct_evaluation_equals_the_formula_engine(tmp_path: Path, source: Path) -> None:
    """Import's fast path gives every cell the formulas engine gives, on both real sessions."""
    engine, direct = engine_and_direct(tmp_path, source)
    for sheet in ("Settings", "Results", "Totals", "Ranking", "Travellers"):
        keys = set(engine.sheets[sheet]) | set(direct.sheets[sheet])
        for key in keys:
            a, b = engine.sheets[sheet].get(key), direct.sheets[sheet].get(key)
            if isinstance(a, float) or isinstance(b, float):
                assert math.isclose(a, b, rel_tol=1e-12, abs_tol=1e-9), (sheet, key, a, b)  # type: ignore[arg-type]
            else:
                assert a == b, (sheet, key, a, b)


def test_demo_session_direct_equals_engine(tmp_path: Path) -> None:
    """The demo's Mitchell (averages, a board played eight times) by both routes."""
    from xlbridge.files.demo_data import demo_data

    session = demo_data().session
    built = tmp_path / "demo.xlsx"
    pairs_session.build(built, CLASSIC, session=session)
    engine = tmp_path / "engine.xlsx"
    write_values(open_package(built), compute(open_package(built)).values, engine, replace=False)  # formulas
    computed = evaluate(open_package(built))
    assert computed is not None
    write_values(open_package(built), computed.values, tmp_path / "direct.xlsx", replace=False)
    a, b = Book(engine), Book(tmp_path / "direct.xlsx")
    for sheet in ("Results", "Totals", "Ranking", "Travellers", "Settings"):
        for key in set(a.sheets[sheet]) | set(b.sheets[sheet]):
            x, y = a.sheets[sheet].get(key), b.sheets[sheet].get(key)
            assert math.isclose(x, y, abs_tol=1e-9) if isinstance(x, float) else x == y, (sheet, key, x, y)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ["howell", "butler"])
@pytest.mark.parametrize("form", ["usebio", "pbn"])
def test_export_and_import_again(imported: dict[str, Path], tmp_path: Path, name: str, form: str, capsys) -> None:  # type: ignore[no-untyped-def]
    """Exporting and importing the export gives the same results and the same ranking (and masterpoints: USEBIO
    keeps the scale, a PBN file has no place for it, so its import is told it)."""
    original = imported[name]
    exported = tmp_path / f"out.{'xml' if form == 'usebio' else 'pbn'}"
    assert main(["export", str(original), f"--{form}", str(exported)]) == 0
    again = tmp_path / "again.xlsx"
    scale = [] if form == "usebio" else ["--masterpoints", "ABF red" if name == "howell" else "ABF green"]
    assert main(["import", str(exported), "-o", str(again), *scale]) == 0
    first, second = Book(original), Book(again)
    for sheet in ("Results", "Totals", "Ranking"):
        assert first.sheets[sheet] == second.sheets[sheet], sheet
    capsys.readouterr()
    assert main(["ranking", str(original), "--csv"]) == 0
    before = capsys.readouterr().out
    assert main(["ranking", str(again), "--csv"]) == 0
    assert capsys.readouterr().out == before


def test_ranking_csv_of_the_howell(imported: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    """`xlbridge ranking --csv`: pair, direction (empty for a Howell), names, score, percentage, place."""
    assert main(["ranking", str(imported["howell"]), "--csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    want = compscore_pairs(HOWELL)
    assert {row["pair"]: (row["score"], row["percentage"], row["place"]) for row in rows} == want
    assert {row["direction"] for row in rows} == {""}
    assert rows[0]["names"] == "Player 11 & Player 12"


PBN_SESSION = """% PBN 2.1
% EXPORT
[Event "Thursday pairs"]
[Site "Club"]
[Date "2026.11.19"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Scoring "MatchPoints;MP1"]
[TotalScoreTable "Rank\\1R;PairId\\1R;Direction\\5R;TotalScoreMP\\4R;TotalPercentage\\5R;Names\\37L"]
1 1 "N-S" 5.0 62.50 "Ann Smith - Bob Jones"
2 2 "N-S" 3.0 37.50 "Cath de la Mare - Dave O'Neil"
1 1 "E-W" 5.0 62.50 "Eve Brown - Fred Green"
2 2 "E-W" 3.0 37.50 "Gill White - Hugh Black"
[ScoreTable "Table;PairId_NS;PairId_EW;Contract\\4L;Declarer\\1R;Result\\2R;Lead\\3L;Score_NS\\6R;Score_EW\\6R"]
1 1 1 4S N 10 "HA" "420" -
2 2 2 4S N 9 "HK" - "50"
3 - 3 - - - - "Bye" "Bye"

[Event "#"]
[Date "#"]
[Board "2"]
[Dealer "E"]
[Vulnerable "NS"]
[Scoring "#"]
[ScoreTable "Table;PairId_NS;PairId_EW;Contract\\4L;Declarer\\1R;Result\\2R;Lead\\3L;Score_NS\\6R;Score_EW\\6R"]
1 1 2 3NT E 9 "S2" - "400"
2 2 1 - - - - "A6040" -
"""


def test_pbn_import(tmp_path: Path) -> None:
    """A PBN with quoted names with spaces, a bye, inherited tags (#) and an adjusted score."""
    path = tmp_path / "session.pbn"
    path.write_text(PBN_SESSION, encoding="utf-8")
    result = read_results(path)
    session = result.session
    assert session is not None
    assert (session.event, str(session.date), session.field_kind.name, session.method.name) == (
        "Thursday pairs", "2026-11-19", "Two fields", "MP"
    )  # fmt: skip
    assert [(p.number, p.direction, p.players) for p in session.pairs][1] == (
        2, "NS", ("Cath de la Mare", "Dave O'Neil")
    )  # fmt: skip
    lines = [
        (x.board, x.ns, x.ew, x.contract_text, x.declarer_text, x.result_text, x.adjusted_text) for x in session.lines
    ]
    assert lines == [
        (1, 1, 1, "4S", "N", "=", ""),
        (1, 2, 2, "4S", "N", "-1", ""),
        (2, 1, 2, "3NT", "E", "=", ""),
        (2, 2, 1, "", "", "", "A+"),  # A6040: average plus, as a traveller writes it
    ]
    book_path = tmp_path / "session.xlsx"
    import_to_workbook(result, book_path)
    book = Book(book_path)
    assert book.errors() == []
    assert book.column("Results", "J", 2, 4) == [420, -50, -400, "A+"]


CSV_SESSION = (
    "Board,NS,EW,Contract,By,Result,Lead\n1,1,2,4S,N,=,HA\n1,3,4,4S,N,-1,HK\n2,1,3,3NT,E,9,S2\n2,2,4,3NT,E,+1,D4\n"
)


def test_csv_import_with_header_and_names(tmp_path: Path) -> None:
    """A CSV with a header (results as =, -1 or tricks) and a names file."""
    path, names = tmp_path / "tue.csv", tmp_path / "names.csv"
    path.write_text(CSV_SESSION, encoding="utf-8")
    names.write_text("pair,direction,player1,player2\n1,,A One,B One\n2,,C Two,D Two\n3,,E,F\n4,,G,H\n")
    session = read_results(path, names=names).session
    assert session is not None
    assert session.field_kind.name == "One field"
    assert [line.result_text for line in session.lines] == ["=", "-1", "=", "+1"]
    assert session.pairs[0].players == ("A One", "B One")


def test_salliere_column_order(tmp_path: Path) -> None:
    """Debian salliere's header-less board,NS,EW,contract,declarer,tricks."""
    path = tmp_path / "boards.csv"
    path.write_text("1,1,1,4S,N,10\n1,2,2,4S,N,9\n2,1,2,2H,E,8\n2,2,1,3NT,S,9\n")
    session = read_results(path).session
    assert session is not None
    assert session.field_kind.name == "Two fields"  # pair 1 meets pair 1: NS 1 and EW 1 are two pairs
    assert [line.result_text for line in session.lines] == ["=", "-1", "=", "="]
    assert [(p.number, p.direction) for p in session.pairs] == [(1, "NS"), (2, "NS"), (1, "EW"), (2, "EW")]


def bad_inputs() -> dict[str, tuple[bytes, str]]:
    good = HOWELL.read_bytes()
    return {
        "truncated.xml": (good[: len(good) // 2], "not readable XML"),
        "bomb.xml": (
            b'<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;&a;">]><USEBIO>&b;</USEBIO>',
            "declares entities",
        ),
        "external.xml": (
            b'<?xml version="1.0"?><!DOCTYPE u [<!ENTITY e SYSTEM "file:///etc/passwd">]><USEBIO>&e;</USEBIO>',
            "declares entities",
        ),
        "bad-row.pbn": (
            PBN_SESSION.replace('2 2 2 4S N 9 "HK" - "50"', '2 2 2 4S N 9 "HK"').encode(),
            "line 17: ScoreTable row has 7 fields",
        ),
        "contract.csv": (CSV_SESSION.replace("3NT,E,9", "9Z,E,9").encode(), "line 4: contract '9Z'"),
        "board.csv": (CSV_SESSION.replace("1,3,4", "x,3,4").encode(), "line 3: board 'x'"),
    }


@pytest.mark.parametrize("name", sorted(bad_inputs()))
def test_bad_files_are_refused_cleanly(tmp_path: Path, name: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A clear message naming the file, the line and the problem; exit 2; no output left behind."""
    data, expected = bad_inputs()[name]
    path = tmp_path / name
    path.write_bytes(data)
    status, _, err = run(capsys, "import", str(path), "-o", str(tmp_path / "out.xlsx"))
    assert status == 2
    lines = err.splitlines()
    assert len(lines) == 1 or (len(lines) == 2 and "1 line cannot be imported as it is" in lines[1])
    assert str(path) in err
    assert expected in err
    assert sorted(p.name for p in tmp_path.iterdir()) == [name]


def test_keep_bad_lines_shows_them_in_the_check_column(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """With --keep-bad-lines a bad line is imported as typed, its reason in the Check column; the ranking waits."""
    path = tmp_path / "bad.csv"
    path.write_text(CSV_SESSION.replace("3NT,E,9", "9Z,E,9"))
    status, _, err = run(capsys, "import", str(path), "-o", str(tmp_path / "out.xlsx"), "--keep-bad-lines")
    assert status == 0
    assert "line 4: contract '9Z'" in err
    book = Book(tmp_path / "out.xlsx")
    assert book.value("Results", "D4") == "9Z"
    assert book.value("Results", "Q4").startswith("contract '9Z'")
    assert book.sheets["Settings"][LAYOUT.setting("Problems").position] == 1


def test_never_overwrites(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An existing output workbook is kept unless --force."""
    path = tmp_path / "s.csv"
    path.write_text(CSV_SESSION)
    target = tmp_path / "mine.xlsx"
    target.write_bytes(b"mine")
    status, _, err = run(capsys, "import", str(path), "-o", str(target))
    assert (status, target.read_bytes()) == (2, b"mine")
    assert "already exists" in err


TEAMS = """<?xml version="1.0"?>
<USEBIO Version="1.2"><EVENT EVENT_TYPE="SWISS_TEAMS"><EVENT_DESCRIPTION>Swiss teams</EVENT_DESCRIPTION>
<SESSION><SECTION><PARTICIPANTS>
<TEAM TEAM_ID="1" TEAM_NAME="Seahorses"><PLAYER><PLAYER_NAME>A</PLAYER_NAME></PLAYER></TEAM>
<TEAM TEAM_ID="2" TEAM_NAME="Kittiwakes"><PLAYER><PLAYER_NAME>B</PLAYER_NAME></PLAYER></TEAM>
</PARTICIPANTS>
<MATCH><ROUND_NUMBER>1</ROUND_NUMBER><TEAM>1</TEAM><OPPOSING_TEAM>2</OPPOSING_TEAM>
<BOARD><BOARD_NUMBER>1</BOARD_NUMBER><IMPS>10</IMPS></BOARD><BOARD><BOARD_NUMBER>2</BOARD_NUMBER><IMPS>-3</IMPS></BOARD>
</MATCH>
<MATCH><ROUND_NUMBER>1</ROUND_NUMBER><TEAM>2</TEAM><OPPOSING_TEAM>1</OPPOSING_TEAM>
<BOARD><BOARD_NUMBER>1</BOARD_NUMBER><IMPS>-10</IMPS></BOARD><BOARD><BOARD_NUMBER>2</BOARD_NUMBER><IMPS>3</IMPS></BOARD>
</MATCH></SECTION></SESSION></EVENT></USEBIO>
"""


def test_usebio_teams_event(tmp_path: Path) -> None:
    """A SWISS_TEAMS file becomes the teams-event workbook: each match once, its IMPs from the boards."""
    from xlbridge import wbf_vp

    path = tmp_path / "teams.xml"
    path.write_text(TEAMS)
    result = read_results(path)
    assert result.event is not None
    assert [(m.round, m.home, m.away, m.boards, m.home_imps, m.away_imps) for m in result.event.matches] == [
        (1, 1, 2, 2, 10, 3)
    ]
    import_to_workbook(result, tmp_path / "teams.xlsx")
    book = Book(tmp_path / "teams.xlsx")
    assert book.errors() == []
    assert book.value("Matches", "M2") == wbf_vp(7, 2)
    assert book.value("Standings", "C6") == "Seahorses"
