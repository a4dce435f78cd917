"""Sections: a session of two sections or more, each its own Mitchell, its pairs numbered within it (A3 NS).

A board's results are compared within each section or across the field (the ``sections`` registry); each section has
its own ranking, and every section's pairs are ranked together overall. The figures of board 1 below are worked by
hand from the matchpoint rule (Law 78A: 2 matchpoints for each result beaten, 1 for each tied), not by xlbridge.
"""

from __future__ import annotations

import csv
import io
import re
import xml.etree.ElementTree as ET
import zipfile
from dataclasses import replace
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from xlbridge.engine.choices import choose
from xlbridge.engine.errors import BridgeInputError
from xlbridge.engine.movements.generate import make_movement
from xlbridge.engine.pairs import Pair, PairNumber
from xlbridge.engine.pipeline import SessionInput, SessionResult, prepare, result
from xlbridge.engine.scorecards import scorecard
from xlbridge.engine.session import Line, Row, Session, read_line
from xlbridge.engine.standings import score_session
from xlbridge.files.interchange.usebio import read_usebio
from xlbridge.files.templates.layout import LAYOUT
from xlbridge.rules import FIELD_KINDS, MASTERPOINT_SCALES, SECTION_SCORINGS, Side
from xlbridge.rules.methods import ACROSS_FIELD

from .conftest import DATA, real_files
from .safety import xlbridge
from .workbooks import Book

#: Board 1 (love all), North-South's contract and result at each table of section A (7 tables) and B (8 tables).
BOARD_1 = {
    "A": [("4S", "="), ("4S", "+1"), ("3S", "+1"), ("4S", "="), ("4S", "-1"), ("4S", "+1"), ("4S", "=")],
    "B": [("4S", "="), ("4S", "+1"), ("4S", "+2"), ("3S", "+1"), ("4S", "-1"), ("4S", "="), ("2S", "="), ("6S", "=")],
}
#: North-South's scores those make: A 420 450 170 420 -50 450 420; B 420 450 480 170 -50 420 140 980.
#: Within section A (7 results, top 12): 450 beats 5 and ties 1 (11), 420 beats 2 and ties 2 (6), 170 beats 1
#: (2), -50 (0). Within B (8 results, top 14): 980 14, 480 12, 450 10, 420 beats 3 and ties 1 (7), 170 4, 140 2,
#: -50 0. Across the field (15 results, top 28): 980 28, 480 26, 450 beats 10 and ties 2 (22), 420 beats 5 and ties
#: 4 (14), 170 beats 3 and ties 1 (7), 140 4, -50 ties 1 (1).
WITHIN = {"A": [6, 11, 2, 6, 0, 11, 6], "B": [7, 10, 12, 4, 0, 7, 2, 14]}
ACROSS = {"A": [14, 22, 7, 14, 1, 22, 14], "B": [14, 22, 26, 7, 1, 14, 4, 28]}
TOPS = {"Within section": {"A": 12, "B": 14}, "Across the field": {"A": 28, "B": 28}}
#: The other boards' results, by table: one contract, a result that varies.
RESULTS = ("-1", "=", "+1", "+2", "=", "-2", "+1")


def section_rows(section: str, tables: int) -> list[Row]:
    """A section's travellers, as its Mitchell seats them (2 boards a round; 8 tables with a relay, each board
    played at every table), board 1's as written by hand."""
    rows: list[Row] = []
    for slot in make_movement("Mitchell", tables, 2, even="Relay" if tables % 2 == 0 else None).slots():
        if slot.board == 1:
            contract, made = BOARD_1[section][slot.table - 1]
        else:
            contract, made = "3NT", RESULTS[(slot.board * 3 + slot.table) % len(RESULTS)]
        rows.append(replace(read_line(slot.board, slot.ns, slot.ew, contract, "N", made), section=section))
    return rows


def mitchell_pairs() -> list[Pair]:
    """The pairs of the two Mitchells, North-South and East-West, each numbered in its section."""
    sizes = (("A", 7), ("B", 8))
    return [Pair(number, side, section=section)
            for section, tables in sizes for side in Side for number in range(1, tables + 1)]  # fmt: skip


def scored(how: str) -> SessionResult:
    rows = section_rows("A", 7) + section_rows("B", 8)
    pairs = mitchell_pairs()
    given = SessionInput(tuple(rows), tuple(pairs), field=choose(FIELD_KINDS, "Two fields"),
                         section_scoring=choose(SECTION_SCORINGS, how))  # fmt: skip
    return result(prepare(given))


@pytest.mark.parametrize(("how", "expected"), [("Within section", WITHIN), ("Across the field", ACROSS)])
def test_board_one_matchpoints_as_worked_by_hand(how: str, expected: dict[str, list[int]]) -> None:
    """Board 1's matchpoints at each table of each section, within sections and across the field, are those the
    matchpoint rule gives by hand; East-West's are the top less North-South's."""
    session = scored(how)
    assert not session.prepared.findings
    assert not session.score.problems
    for section in "AB":
        ours = {row.ns: figures for row, figures in zip(session.session.lines, session.score.lines, strict=True)
                if isinstance(row, Line) and row.board == 1 and row.section == section}  # fmt: skip
        top = TOPS[how][section]
        assert [ours[table].ns_points for table in range(1, len(expected[section]) + 1)] == expected[section]
        assert all(ours[table].ew_points == top - ours[table].ns_points for table in ours)
        assert [ours[table].ns_percent for table in sorted(ours)] == [
            Fraction(100 * mp, top) for mp in expected[section]
        ]


@pytest.mark.parametrize("how", ["Within section", "Across the field"])
def test_a_ranking_per_section_and_one_overall(how: str) -> None:
    """Each section's North-South and East-West pairs are placed among themselves (two winners a section); overall
    every section's North-South pairs are placed together by percentage, and its East-West pairs."""
    score = scored(how).score
    ranking = score.ranking
    assert [standing.pair.section for standing in ranking] == ["A"] * 14 + ["B"] * 16
    for section, tables in (("A", 7), ("B", 8)):
        for field in (1, 2):
            own = [s for s in ranking if s.pair.section == section and s.field == field]
            assert len(own) == tables
            assert own[0].place.rstrip("=") == "1"
            assert [s.percentage for s in own] == sorted((s.percentage for s in own), reverse=True)
    overall = score.overall
    north_south = [s for s in overall if s.field == 1]
    assert len(north_south) == 15
    assert {s.pair.section for s in north_south} == {"A", "B"}
    assert [s.percentage for s in north_south] == sorted((s.percentage for s in north_south), reverse=True)
    assert north_south[0].place.rstrip("=") == "1"
    better = [s for s in north_south if s.percentage > north_south[5].percentage]  # type: ignore[operator]
    assert north_south[5].place.rstrip("=") == str(len(better) + 1)


def test_within_sections_a_pair_is_compared_with_its_own_section_only() -> None:
    """Within sections, each section's North-South matchpoints on a board sum to its own n(n-1)/2 x 2 (no result of
    the other section is in its field), and the session says each section's top."""
    score = scored("Within section").score
    assert score.section_tops == (("A", 7, Fraction(12)), ("B", 8, Fraction(14)))
    for section, tables in (("A", 7), ("B", 8)):
        for board in (1, 2, 14):
            total = sum(figures.ns_points for row, figures in zip(score.session.lines, score.lines, strict=True)  # type: ignore[misc]
                        if row.board == board and row.section == section)  # fmt: skip
            assert total == tables * (tables - 1)
    across = scored("Across the field").score
    assert across.section_tops == ()
    assert across.top == 28


def labelled(session: Session) -> Session:
    """The session as one section, each pair and each line's pairs named by their section's label (``A1``), its
    boards compared across the field: the same figures as the sections scored across the field must give."""

    def named(section: str, number: PairNumber | None) -> PairNumber | None:
        return number if number is None or not section else f"{section}{number}"

    pairs = tuple(replace(pair, number=pair.label, section="") for pair in session.pairs)
    lines = tuple(replace(row, ns=named(row.section, row.ns), ew=named(row.section, row.ew), section="")  # type: ignore[arg-type]
                  for row in session.lines)  # fmt: skip
    return replace(session, pairs=pairs, lines=lines, section_scoring=ACROSS_FIELD)


def test_a_usebio_files_sections_are_the_sessions() -> None:
    """NZ Scorer's three sections (two Mitchells and a Howell, numbered each from 1) are read as sections, each pair
    and line with its own (A1 NS is pair 1 NS of section A), scored across the field as the file's points show; the
    session named by labels for the workbook (A1 NS) ranks every pair alike."""
    path = Path(__file__).resolve().parent / "data" / "usebio" / "nzscorer_sections.xml"
    session = read_usebio(path.read_bytes(), path).session
    assert session is not None
    assert session.sections == ("A", "B", "C")
    assert session.section_scoring.name == "Across the field"
    assert {(pair.section, pair.number) for pair in session.pairs} >= {("A", "1 NS"), ("B", "13 EW"), ("C", 4)}
    assert {pair.label for pair in labelled(session).pairs} >= {"A1 NS", "B13 EW", "C4"}
    ours, flat = score_session(session), score_session(labelled(session))
    figures = [(line.ns_points, line.ew_points) for line in ours.lines if isinstance(line.ns_points, Fraction)]
    assert len(figures) == 858 - 2 * 33  # (boards 16 and 18, 33 results each, wait: a line on each is put right)
    assert figures == [(line.ns_points, line.ew_points) for line in flat.lines if isinstance(line.ns_points, Fraction)]
    assert ours.problems == flat.problems == 2


def test_the_ranking_says_how_the_sections_were_scored() -> None:
    """The ranking's note gives each section's top within sections, the one top across the field."""
    assert scored("Within section").note() == "Matchpoints (MP) within each section, tops A 12, B 14"
    assert scored("Across the field").note() == "Matchpoints (MP), top 28 across the field"


def test_masterpoints_of_several_sections_are_refused_with_the_reason() -> None:
    """A scale whose rule for sections no source here gives (the ACBL's overall awards) does not award a session of
    two sections (never a wrong award), and the ranking's note says why."""
    session = scored("Within section")
    scale = choose(MASTERPOINT_SCALES, "ACBL club")
    awards = session.awards(scale)
    assert isinstance(awards, BridgeInputError)
    assert session.award_note(scale) == (
        "masterpoints ACBL club: a session of 2 sections (A, B): the ACBL Handbook's overall awards of a game of "
        "several sections (its masterpoint charts) were not in the copy found, only each section's awards: award it "
        "by hand"
    )


def test_the_checks_say_the_section_and_the_row() -> None:
    """A result typed for the wrong pair in section B is found in section B (the same numbers in section A are
    other pairs), named by its row; section A's lines are not held against it."""
    rows = section_rows("A", 7) + section_rows("B", 8)
    wrong = next(index for index, row in enumerate(rows) if row.section == "B" and row.board == 3)
    rows[wrong] = replace(rows[wrong], ew=rows[wrong].ew % 8 + 1)  # type: ignore[union-attr, operator]
    pairs = mitchell_pairs()
    prepared = prepare(SessionInput(tuple(rows), tuple(pairs), field=choose(FIELD_KINDS, "Two fields")))
    reasons = [finding.reason for finding in prepared.findings]
    assert reasons
    assert all(reason.startswith("section B: ") for reason in reasons), reasons
    assert wrong in {finding.row for finding in prepared.findings}
    assert any(f"EW pair {rows[wrong].ew} plays board 3 twice" in reason for reason in reasons)


def test_a_howell_section_beside_a_mitchell_section() -> None:
    """Each section one winner or two as its own: a 7-table two-winner Mitchell (A) and a 4-table Howell (C) on the
    same boards, across the field: section A's North-South and East-West pairs are placed apart, section C's pairs
    together; overall every pair is in one list (a section has one winner); a Howell pair's scorecard meets only
    its own section's pairs."""
    rows = section_rows("A", 7)
    for slot in make_movement("Howell", 4, 2).slots():
        made = RESULTS[(slot.board * 5 + slot.table) % len(RESULTS)]
        rows.append(replace(read_line(slot.board, slot.ns, slot.ew, "3NT", "S", made), section="C"))
    pairs = [Pair(number, side, section="A") for side in Side for number in range(1, 8)]
    pairs += [Pair(number, section="C") for number in range(1, 9)]
    given = SessionInput(tuple(rows), tuple(pairs), field=choose(FIELD_KINDS, "Two fields"),
                         section_scoring=choose(SECTION_SCORINGS, "Across the field"),
                         section_fields=(("C", choose(FIELD_KINDS, "Howell")),))  # fmt: skip
    session = result(prepare(given))
    assert not session.prepared.findings
    score = session.score
    assert not score.problems
    howell = [standing for standing in score.ranking if standing.pair.section == "C"]
    assert [standing.field for standing in howell] == [1] * 8
    assert howell[0].place.rstrip("=") == "1"
    assert {s.field for s in score.ranking if s.pair.section == "A"} == {1, 2}
    board_one = [figures.ns_points for row, figures in zip(score.session.lines, score.lines, strict=True)
                 if row.board == 1]  # fmt: skip
    assert len(board_one) == 7 + 4
    assert sum(board_one) == 11 * 20 / 2  # type: ignore[arg-type]  # (11 results: a top of 20, half to North-South)
    overall = score.overall
    assert len(overall) == 22
    assert {standing.field for standing in overall} == {1, 2}  # (each pair keeps its own field, placed in one list)
    assert sorted(int(standing.place.rstrip("=")) for standing in overall)[0] == 1
    assert [s.percentage for s in overall] == sorted((s.percentage for s in overall), reverse=True)
    card = scorecard(score, "C3")
    assert {row.opponents.section for row in card.rows} == {"C"}
    assert {row.opponents.direction for row in card.rows} == {None}


# --- the workbook, the import and the ranking, as a user runs them ------------------------------------------------


def ranked(workbook: Path) -> list[dict[str, str]]:
    """``xlbridge ranking WORKBOOK --csv``, row by row."""
    ran = xlbridge("ranking", workbook, "--csv")
    assert ran.status == 0, ran.err
    return list(csv.DictReader(io.StringIO(ran.out)))


def test_an_imported_file_of_sections_ranks_each_pair_as_the_file_does(tmp_path: Path) -> None:
    """NZ Scorer's three sections imported into the workbook with their sections (its Section columns), scored
    across the field as the file's points show: every pair's section, overall place and percentage are the file's
    (its percentages to the hundredth NZ Scorer rounds to; 66 of 66 pairs). The file's two lines whose SCORE lost
    its sign are written as plays that score what NZ Scorer scored them by (the lowest score on board 16, 400 on
    board 18), so the file's figures are those of its lines."""
    text = (DATA / "usebio" / "nzscorer_sections.xml").read_text(encoding="utf-8").split("\n")
    for number, old, new in (
        (6886, ">N<", ">E<"),
        (6889, "-420", "-620"),
        (10017, "3NT", "7NT"),
        (10020, ">9<", ">5<"),
    ):
        assert old in text[number - 1], (number, text[number - 1])
        text[number - 1] = text[number - 1].replace(old, new)
    path = tmp_path / "sections.xml"
    path.write_text("\n".join(text), encoding="utf-8")
    workbook = tmp_path / "sections.xlsx"
    ran = xlbridge("import", path, "-o", workbook)
    assert ran.status == 0, ran.err
    book = Book(workbook)
    first = LAYOUT.results.position("Section", 0)
    assert book.sheets["Results"][first] == "A"
    assert book.sheets["Names"][LAYOUT.names.position("Section", 0)] == "A"
    theirs = {}
    for section in ET.parse(path).getroot().iter("SECTION"):
        named = section.get("SECTION_ID", "")
        for pair in section.iter("PAIR"):
            number = (pair.findtext("PAIR_NUMBER") or "").strip().removeprefix(f"({named})").strip()
            theirs[named + number] = (named, pair.findtext("PLACE"), float(pair.findtext("PERCENTAGE") or "nan"))
    rows = ranked(workbook)
    assert len(rows) == len(theirs) == 66
    for row in rows:
        section, place, percentage = theirs[row["pair"]]
        assert (row["section"], row["overall_place"].rstrip("=")) == (section, place), row  # (3= is its 3)
        assert abs(float(row["percentage"]) - percentage) < 0.011, row
    assert [row["section"] for row in rows] == ["A"] * 26 + ["B"] * 26 + ["C"] * 14
    assert [row["place"] for row in rows if row["section"] == "C"][:3] == ["1", "2", "3"]


def board_one_points(book: Book) -> dict[str, list[object]]:
    """Board 1's North-South matchpoints on the workbook's Results, section by section, table by table (the NS
    pair of a Mitchell sits at its own table)."""
    results = book.sheets["Results"]
    figures: dict[str, dict[object, object]] = {"A": {}, "B": {}}
    for offset in range(15 * 14):
        if results.get(LAYOUT.results.position("Board", offset)) == 1:
            section = results[LAYOUT.results.position("Section", offset)]
            figures[section][results[LAYOUT.results.position("NS", offset)]] = results[
                LAYOUT.results.position("NS points", offset)]  # fmt: skip
    return {section: [figures[section][table] for table in sorted(figures[section])] for section in figures}  # type: ignore[type-var]


def two_sections_csv(tmp_path: Path) -> Path:
    """The 7- and 8-table Mitchells of the hand-worked board, typed as a CSV with a section column."""
    rows = section_rows("A", 7) + section_rows("B", 8)
    text = ["board,ns,ew,contract,declarer,result,section"]
    for row in rows:
        assert isinstance(row, Line)
        contract, made = row.entered.contract, row.entered.result
        text.append(f"{row.board},{row.ns},{row.ew},{contract},N,{made},{row.section}")
    path = tmp_path / "two-sections.csv"
    path.write_text("\n".join(text) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize(("how", "method", "expected"), [
    ("Within section", None, WITHIN), ("Across the field", "MP Across the field", ACROSS)])  # fmt: skip
def test_two_sections_typed_in_csv_are_scored_within_or_across(tmp_path: Path, how: str, method: str | None,
                                                              expected: dict[str, list[int]]) -> None:  # fmt: skip
    """A 7- and an 8-table Mitchell typed in one CSV with a section column, imported: board 1's matchpoints on
    Results are the hand-worked ones, within each section (the default) or across the field (``--method "MP
    Across the field"``, kept in the Scoring cell); the ranking places each section's pairs, and every pair
    overall."""
    workbook = tmp_path / "two.xlsx"
    ran = xlbridge("import", two_sections_csv(tmp_path), "-o", workbook, *(("--method", method) if method else ()))
    assert ran.status == 0, ran.err
    book = Book(workbook)
    assert book.sheets["Settings"][LAYOUT.setting("Method").position] == (method or "MP")
    assert board_one_points(book) == expected
    rows = ranked(workbook)
    assert len(rows) == 30
    assert [row["section"] for row in rows] == ["A"] * 14 + ["B"] * 16
    assert next(row["place"].rstrip("=") for row in rows if row["pair"].startswith("B")) == "1"
    engine = scored(how).score
    overall = {(s.pair.label, s.pair.direction_text): s.place for s in engine.overall}
    assert {(row["pair"], row["direction"]): row["overall_place"] for row in rows} == overall
    percentages = {s.pair.label + s.pair.direction_text: round(float(s.percentage or 0), 2) for s in engine.ranking}
    assert {row["pair"] + row["direction"]: float(row["percentage"]) for row in rows} == percentages


def test_the_ranking_sheet_shows_each_section_then_overall(tmp_path: Path) -> None:
    """The workbook's Ranking sheet: each section's pairs by their labels (A3), then a row headed Overall and every
    pair in its overall place."""
    workbook = tmp_path / "two.xlsx"
    assert xlbridge("import", two_sections_csv(tmp_path), "-o", workbook).status == 0
    ranking = Book(workbook).sheets["Ranking"]
    first = LAYOUT.ranking.position("Pair", 0)
    pairs = [ranking.get((first[0] + offset, first[1])) for offset in range(61)]
    assert pairs[0].startswith("A")
    assert pairs[29].startswith("B")
    assert ranking.get((first[0] + 30, LAYOUT.ranking.position("Place", 0)[1])) == "Overall"
    assert sorted(pairs[31:61]) == sorted(pairs[:30])


def test_the_website_ranks_each_section_then_overall_and_a_board_shows_every_section(tmp_path: Path) -> None:
    """``xlbridge publish`` of the two sections: the ranking page has each section's North-South and East-West
    fields, then the overall ones; board 1's page lists its 15 lines, each pair by its label (A3 NS, B8 EW) and
    linked to its own page; each of the 30 pairs has its page."""
    workbook = tmp_path / "two.xlsx"
    assert xlbridge("import", two_sections_csv(tmp_path), "-o", workbook).status == 0
    site = tmp_path / "site"
    ran = xlbridge("publish", workbook, "-o", site)
    assert ran.status == 0, ran.err
    index = (site / "index.html").read_text(encoding="utf-8")
    headings = re.findall(r"<h2[^>]*>(.*?)</h2>", index)
    assert headings[:6] == [f"{part} - {side}" for part in ("Section A", "Section B", "Overall")
                            for side in ("North-South", "East-West")]  # fmt: skip
    board = (site / "board-1.html").read_text(encoding="utf-8")
    labels = re.findall(r'<a href="pair-([AB]\d+(?:NS|EW))\.html"', board)
    assert len(labels) == 2 * 15
    assert {label[0] for label in labels} == {"A", "B"}
    assert sorted(path.name for path in site.glob("pair-*.html")) == sorted(
        f"pair-{section}{number}{side}.html" for section, tables in (("A", 7), ("B", 8))
        for number in range(1, tables + 1) for side in ("NS", "EW")
    )  # fmt: skip


def test_a_scorecard_is_found_by_its_section_label() -> None:
    """A pair of a section is typed as clubs write it (A3NS, a3 ns); its number alone, which two sections share,
    is refused naming both."""
    score = scored("Within section").score
    card = scorecard(score, "a3 ns")
    assert (card.pair.section, card.pair.number, card.pair.direction) == ("A", 3, Side.NS)
    assert {row.opponents.section for row in card.rows} == {"A"}
    with pytest.raises(BridgeInputError, match="2 pairs have this number; say which: A3NS or B3NS"):
        scorecard(score, "3NS")


def test_the_travellers_sheet_names_each_pair_with_its_section(tmp_path: Path) -> None:
    """Board 1's traveller on the Travellers sheet holds both sections' 15 lines, each pair with its section (A3,
    B8), so that section A's pair 3 and section B's are told apart."""
    workbook = tmp_path / "two.xlsx"
    assert xlbridge("import", two_sections_csv(tmp_path), "-o", workbook).status == 0
    travellers = Book(workbook).sheets["Travellers"]
    first = LAYOUT.traveller_top(1, 20) + 3  # (1-based: the title row and the headings above the lines)
    pairs = [(travellers.get((first + offset, 1)), travellers.get((first + offset, 2))) for offset in range(15)]
    assert {ns[0] for ns, _ in pairs} == {"A", "B"}
    assert sorted(ns for ns, _ in pairs) == sorted([f"A{n}" for n in range(1, 8)] + [f"B{n}" for n in range(1, 9)])


def test_the_ladder_names_a_pair_by_its_section(tmp_path: Path) -> None:
    """The ladder's note of a pair it leaves out names it with its section (A1NS and B1NS are two pairs)."""
    workbook = tmp_path / "two.xlsx"
    assert xlbridge("import", two_sections_csv(tmp_path), "-o", workbook).status == 0
    notes = xlbridge("ladder", workbook).err
    assert "pair A1NS has no players' names: left out" in notes
    assert "pair B1NS has no players' names: left out" in notes


def within_sections_usebio(path: Path) -> Path:
    """The two Mitchells as a USEBIO 1.2 file of two SECTIONs scored within each section, as a program writes one:
    each line's NS and EW matchpoints its own section's (board 1's the hand-worked ones, the others the engine's)."""
    session = scored("Within section")
    out = ['<?xml version="1.0" ?>', '<USEBIO Version="1.2">', '<EVENT EVENT_TYPE="PAIRS">',
           "<EVENT_DESCRIPTION>Two sections</EVENT_DESCRIPTION>", "<WINNER_TYPE>2</WINNER_TYPE>"]  # fmt: skip
    for section, tables in (("A", 7), ("B", 8)):
        out += [f'<SECTION SECTION_ID="{section}">', "<PARTICIPANTS>"]
        for side in ("NS", "EW"):
            out += [f"<PAIR><PAIR_NUMBER>{number}</PAIR_NUMBER><DIRECTION>{side}</DIRECTION></PAIR>"
                    for number in range(1, tables + 1)]  # fmt: skip
        out.append("</PARTICIPANTS>")
        for board in session.session.boards:
            out.append(f"<BOARD><BOARD_NUMBER>{board}</BOARD_NUMBER>")
            for row, figures in zip(session.session.lines, session.score.lines, strict=True):
                if row.section == section and row.board == board and isinstance(row, Line):
                    out.append(
                        f"<TRAVELLER_LINE><NS_PAIR_NUMBER>{row.ns}</NS_PAIR_NUMBER><EW_PAIR_NUMBER>{row.ew}"
                        f"</EW_PAIR_NUMBER><CONTRACT>{row.entered.contract}</CONTRACT><PLAYED_BY>N</PLAYED_BY>"
                        f"<TRICKS>{row.play.tricks if row.play else ''}</TRICKS><SCORE>{figures.ns_score}</SCORE>"
                        f"<NS_MATCH_POINTS>{float(figures.ns_points):g}</NS_MATCH_POINTS>"  # type: ignore[arg-type]
                        f"<EW_MATCH_POINTS>{float(figures.ew_points):g}</EW_MATCH_POINTS></TRAVELLER_LINE>"  # type: ignore[arg-type]
                    )
            out.append("</BOARD>")
        out.append("</SECTION>")
    out += ["</EVENT>", "</USEBIO>"]
    path.write_text("\n".join(out) + "\n", encoding="utf-8")
    return path


def test_a_file_scored_within_each_section_is_imported_so(tmp_path: Path) -> None:
    """A USEBIO file whose sections play the same boards, its points scored within each section: imported (it was
    refused while the workbook had no sections), scored within each section (the Scoring cell holds MP), board 1's
    matchpoints the hand-worked ones."""
    workbook = tmp_path / "within.xlsx"
    ran = xlbridge("import", within_sections_usebio(tmp_path / "within.xml"), "-o", workbook)
    assert ran.status == 0, ran.err
    book = Book(workbook)
    assert book.sheets["Settings"][LAYOUT.setting("Method").position] == "MP"
    assert board_one_points(book) == WITHIN


def blank_section(path: Path, line: int) -> Path:
    """``path`` with the Section cell of its file line ``line`` (the header is line 1) left blank."""
    lines = path.read_text(encoding="utf-8").splitlines()
    lines[line - 1] = lines[line - 1].rsplit(",", 1)[0] + ","
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_a_line_without_a_section_among_sectioned_lines_is_refused(tmp_path: Path) -> None:
    """A CSV of sections A and B with one Section cell left blank (line 6): that line is in no section, and is
    refused naming it (it would otherwise be a section "" of its own, its two pairs ranked on one board)."""
    path = blank_section(two_sections_csv(tmp_path), 6)
    assert xlbridge("import", path, "-o", tmp_path / "two.xlsx").refusals == [
        f"xlbridge import: {path}: line 6: no section, where other lines give A, B",
        f"xlbridge import: {path}: 1 line cannot be imported as it is: put it right and import again, or import with "
        "--keep-bad-lines to take it into the workbook as far as it can be read, with its reason in the Check column "
        "(the ranking waits until it is put right)",
    ]  # fmt: skip


def test_a_results_row_without_a_section_waits_in_the_workbook(tmp_path: Path) -> None:
    """In a workbook of sections A and B, a secretary clears the Section cell of Results row 6: ``calc`` says in
    its Check cell that it has no section, and ``ranking`` waits for it, naming the row."""
    from xlbridge.files.workbook.xlsx import column_letters

    from .workbooks import typed

    workbook = tmp_path / "two.xlsx"
    assert xlbridge("import", two_sections_csv(tmp_path), "-o", workbook).status == 0
    row, column = LAYOUT.results.position("Section", 4)
    typed(workbook, "Results", {f"{column_letters(column)}{row}": ""})
    assert xlbridge("calc", workbook, "--in-place").status == 0
    said = "no section, where other lines give A, B"
    assert Book(workbook).sheets["Results"].get(LAYOUT.results.position("Check", 4)) == said
    assert xlbridge("ranking", workbook).refusals == [
        f"xlbridge ranking: {workbook}: Results row {row}: {said}",
        f"xlbridge ranking: {workbook}: 1 line on Results needs checking before ranking: put it right (the Check "
        "column says why)",
    ]


def test_a_names_file_without_sections_for_a_file_of_sections_is_refused_saying_why(tmp_path: Path) -> None:
    """A names file without a section column, with a CSV of sections A and B: ``import --names`` says in one line
    that its pairs need their section (not that the names file's directions are wrong, which they are not)."""
    path, names = two_sections_csv(tmp_path), Path(__file__).parents[1] / "xlbridge" / "data" / "demo-names.csv"
    ran = xlbridge("import", path, "--names", names, "-o", tmp_path / "two.xlsx")
    assert ran.refused == (
        f"xlbridge import: {names}: 18 pairs without a section (1NS, 1EW, 2NS, 2EW, 3NS, 3EW, 4NS, 4EW, 5NS, 5EW, "
        "...), but two-sections.csv gives sections (A, B): give each pair its section (a section column: A, B)"
    )


# --- a file whose program scored a line by its SCORE, not its contract (--file-scores) ----------------------------


def adjusted_rows(book: Book) -> list[tuple[object, ...]]:
    """Each Results row with an Adjusted cell: (Section, Board, NS, EW, Contract, Adjusted)."""
    results = book.sheets["Results"]
    rows = []
    for offset in range(1000):
        adjusted = results.get(LAYOUT.results.position("Adjusted", offset))
        if adjusted not in (None, ""):
            rows.append(tuple(results.get(LAYOUT.results.position(name, offset))
                              for name in ("Section", "Board", "NS", "EW", "Contract", "Adjusted")))  # fmt: skip
    return rows


def test_file_scores_takes_the_score_the_files_program_scored(tmp_path: Path) -> None:
    """NZ Scorer's sections, two of whose lines' SCORE lost its sign (4S by N making, SCORE -420; 3NT by E making,
    SCORE 400): refused, each named with its contract, the refusal saying what --file-scores does; imported with
    --file-scores, each line is the file's SCORE as an assigned score to North-South (the Adjusted column, the
    contract cells empty, a note on the Adjusted cell saying why, with the contract it replaces), each said on stderr
    with its line and contract, and the board's matchpoints are the file's."""
    path = DATA / "usebio" / "nzscorer_sections.xml"
    refused = xlbridge("import", path, "-o", tmp_path / "refused.xlsx").refusals
    assert refused[0] == (f"xlbridge import: {path}: line 6889: SCORE -420 disagrees with 4S by N = on board 16, "
                          "which scores 420: put the contract or the SCORE right, or import with --file-scores to "
                          "score the line by its SCORE as the file's program did")  # fmt: skip
    assert not (tmp_path / "refused.xlsx").exists()
    workbook = tmp_path / "sections.xlsx"
    ran = xlbridge("import", path, "-o", workbook, "--file-scores")
    assert ran.status == 0, ran.err
    taken = [line for line in ran.err.splitlines() if "--file-scores" in line]
    assert taken == [
        f"{path}: line 6889: SCORE -420 disagrees with 4S by N = on board 16, which scores 420: scored by the file's "
        "SCORE, -420 to North-South, as the program that wrote the file scored it (an assigned score in the Adjusted "
        "column: --file-scores) (imported as it is)",
        f"{path}: line 10021: SCORE 400 disagrees with 3NT by E = on board 18, which scores -400: scored by the "
        "file's SCORE, 400 to North-South, as the program that wrote the file scored it (an assigned score in the "
        "Adjusted column: --file-scores) (imported as it is)",
    ]
    assigned = [row for row in adjusted_rows(Book(workbook)) if row[1] != 17]  # (board 17: the file's averages)
    assert assigned == [("B", 16, "4 NS", "13 EW", None, "-420"), ("C", 18, 11, 8, None, "400")]
    with zipfile.ZipFile(workbook) as package:  # each Adjusted cell's note says why, with the contract it replaces
        notes = "".join(package.read(name).decode() for name in package.namelist() if name.startswith("xl/comments"))
    assert notes.count("<comment ref=") == 2
    assert ("The file's SCORE -420, as its program scored the line; the file's contract, 4S by N = on board 16, "
            "scores 420 (import --file-scores)") in notes  # fmt: skip
    assert ("The file's SCORE 400, as its program scored the line; the file's contract, 3NT by E = on board 18, "
            "scores -400 (import --file-scores)") in notes  # fmt: skip
    session = read_usebio(path.read_bytes(), path, file_scores=True).session
    assert session is not None
    given = [
        float(line.findtext("NS_MATCH_POINTS") or "nan") for line in ET.parse(path).getroot().iter("TRAVELLER_LINE")
    ]
    ours = score_session(session).lines
    for board in (16, 18):  # (each line's matchpoints as the file gives them: its board scored by the SCORE)
        on_board = [(float(figures.ns_points), theirs) for row, figures, theirs in  # type: ignore[arg-type]
                    zip(session.lines, ours, given, strict=True) if row.board == board]  # fmt: skip
        assert len(on_board) == 33
        assert all(mine == theirs for mine, theirs in on_board), on_board


#: NZ Scorer's real three-section file (tests/data/README.md says where it is found), where XLBRIDGE_REAL_RESULTS
#: holds it.
NZ_SECTIONS = real_files("nzscorer_sections.xml", "usebio")


@pytest.mark.parametrize("path", NZ_SECTIONS or [None], ids=lambda path: path.name if path else "none")
def test_nz_scorers_real_sections_as_the_file_ranks_them(path: Path | None, tmp_path: Path) -> None:
    """NZ Scorer's real file of three sections (66 pairs), imported with --file-scores (its two lines whose SCORE
    is not their contract's scored by the SCORE, as NZ Scorer scored them) and --method "MP NO-NEUBERG" (NZ Scorer's
    percentages count each of board 17's two averages as a tie with every other result, where its lines' own
    matchpoints are Neuberg-scaled): every pair's section and percentage is the file's, to its hundredth, and
    every pair's place but two: NZ Scorer places by the whole matchpoints of the total, so that C11's 810.60 ties
    A1 EW's 810 (place 40) and C10's 899.40 ties B4 NS's 899 (place 21), where xlbridge places them one lower; the
    import names those two."""
    if path is None:
        pytest.skip("XLBRIDGE_REAL_RESULTS holds no usebio/nzscorer_sections.xml (tests/data/README.md)")
    workbook = tmp_path / "nz.xlsx"
    ran = xlbridge("import", path, "-o", workbook, "--file-scores", "--method", "MP NO-NEUBERG")
    assert ran.status == 0, ran.err
    assert len([line for line in ran.err.splitlines() if "(an assigned score in the Adjusted column" in line]) == 2
    assert "the file's ranking: 2 of 66 pairs' figures differ from xlbridge's" in ran.out
    theirs = {}
    for section in ET.parse(path).getroot().iter("SECTION"):
        named = section.get("SECTION_ID", "")
        for pair in section.iter("PAIR"):
            number = (pair.findtext("PAIR_NUMBER") or "").strip().removeprefix(f"({named})").strip()
            theirs[named + number] = (named, pair.findtext("PLACE"), pair.findtext("PERCENTAGE"))
    rows = ranked(workbook)
    assert len(rows) == len(theirs) == 66
    assert all((row["section"], Decimal(row["percentage"])) == (theirs[row["pair"]][0],
               Decimal(theirs[row["pair"]][2] or "nan")) for row in rows)  # fmt: skip
    placed = {row["pair"]: (theirs[row["pair"]][1], row["overall_place"]) for row in rows
              if theirs[row["pair"]][1] != row["overall_place"].rstrip("=")}  # fmt: skip
    assert placed == {"A1 EW": ("40", "41"), "B4 NS": ("21", "22")}


def test_a_two_section_file_of_another_program_ranks_each_pair_as_the_file_does(tmp_path: Path) -> None:
    """A USEBIO file of two sections in one SESSION (two 5-table Mitchells, one board a round, scored across the
    field: tests/data/README.md), imported as a user does: board 1's matchpoints are those worked by hand (10
    results, top 18: A 420 450 420 -50 170 score 9 15 9 2 4; B 420 420 450 980 -100 score 9 9 15 18 0), the
    sessions scored across the field, and every pair's section, overall place and percentage are the file's."""
    path = DATA / "usebio" / "two_sections.xml"
    workbook = tmp_path / "two.xlsx"
    ran = xlbridge("import", path, "-o", workbook)
    assert ran.status == 0, ran.err
    assert "the file's ranking: every pair's places and percentages as xlbridge works them out" in ran.out
    results = Book(workbook).sheets["Results"]
    board_one: dict[str, dict[object, object]] = {"A": {}, "B": {}}
    for offset in range(50):
        if results.get(LAYOUT.results.position("Board", offset)) == 1:
            section = results[LAYOUT.results.position("Section", offset)]
            board_one[section][results[LAYOUT.results.position("NS", offset)]] = results[
                LAYOUT.results.position("NS points", offset)]  # fmt: skip
    assert {section: [found[table] for table in sorted(found)] for section, found in board_one.items()} == {  # type: ignore[type-var]
        "A": [9, 15, 9, 2, 4], "B": [9, 9, 15, 18, 0]}  # fmt: skip
    theirs = {}
    for section in ET.parse(path).getroot().iter("SECTION"):
        for pair in section.iter("PAIR"):
            key = f"{section.get('SECTION_ID')}{pair.findtext('PAIR_NUMBER')}{pair.findtext('DIRECTION')}"
            theirs[key] = (section.get("SECTION_ID"), pair.findtext("PLACE"), pair.findtext("PERCENTAGE"))
    rows = ranked(workbook)
    assert {row["pair"] + row["direction"]: (row["section"], row["overall_place"].rstrip("="), row["percentage"])
            for row in rows} == theirs  # fmt: skip


def test_a_section_letter_typed_wrong_on_a_line_is_put_in_doubt(tmp_path: Path) -> None:
    """A line typed with section C among sections A and B made a section of one line, its pairs C4 and C7 placed
    first in it on a top of 0, without a word: the import says, naming the line, that section C plays no board
    twice (a doubt: the line is imported as it is). The sections as typed raise no such doubt."""
    path = two_sections_csv(tmp_path)
    clean = xlbridge("import", path, "-o", tmp_path / "clean.xlsx")
    assert clean.status == 0, clean.err
    assert "plays no board twice" not in clean.err
    lines = path.read_text(encoding="utf-8").splitlines()
    lines[5] = lines[5].removesuffix(",A") + ",C"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    ran = xlbridge("import", path, "-o", tmp_path / "stray.xlsx")
    assert ran.status == 0, ran.err
    assert (f"{path}: line 6: section C has 1 result and plays no board twice, where the other sections are A, B: "
            "is its section right? (imported as it is") in ran.err  # fmt: skip
