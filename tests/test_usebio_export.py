"""``xlbridge export --usebio``: a complete USEBIO file, 1.2 by default or 1.3 (``--usebio-version 1.3``), read back
by xlbridge's own reader to the session of the workbook it was written from.

Each USEBIO pairs fixture (and each real file where XLBRIDGE_REAL_RESULTS names their folder) is imported and
exported as a user does; the exported file and the original are read by xlbridge's reader, and every element it
reads (:data:`READ`) is compared, pair by pair and line by line; the figures (places, totals, percentages, awards,
each line's points) with the workbook's. Every element a fixture holds is either read or listed as not read
(:data:`NOT_READ`), so that an element a new fixture brings is said, not silently dropped.
"""

from __future__ import annotations

import warnings
import xml.etree.ElementTree as ET
from dataclasses import replace
from decimal import Decimal
from pathlib import Path

import pytest

from xlbridge.engine.errors import Doubt
from xlbridge.engine.masterpoints import SessionAwards
from xlbridge.engine.session import Line, NotPlayed, Particulars
from xlbridge.engine.standings import score_session
from xlbridge.files.interchange.common import Imported
from xlbridge.files.interchange.usebio import read_usebio, write_usebio
from xlbridge.files.templates.layout import LAYOUT
from xlbridge.files.workbook.session_book import SessionBook, read_session_book
from xlbridge.rules import MasterpointScale

from .conftest import DATA, HOWELL, real_files
from .safety import xlbridge
from .test_sections import ranked, two_sections_csv
from .workbooks import typed

USEBIO = DATA / "usebio"

#: Every element (``PARENT/CHILD``) and attribute (``ELEMENT@NAME``) xlbridge's reader takes from a pairs event, and
#: what the round trip compares of it: ``kept`` (the exported file reads as the original does), ``figure`` (the
#: exported file's is the workbook's: xlbridge works it out, and takes the original's only to compare), or
#: ``replaced`` (the exported file gives its own: the program is xlbridge; the section a pair is labelled with).
READ = {
    "USEBIO@Version": "replaced",  # the version written
    "CLUB/CLUB_NAME": "kept",
    "CLUB/CLUB_ID_NUMBER": "kept",
    "EVENT@EVENT_TYPE": "kept",  # with BOARD_SCORING_METHOD: the scoring method
    "EVENT/BOARD_SCORING_METHOD": "kept",
    "EVENT/EVENT_IDENTIFIER": "kept",
    "EVENT/EVENT_DESCRIPTION": "kept",
    "EVENT/TITLE": "kept",  # the event's name where it has no EVENT_DESCRIPTION
    "EVENT/PROGRAM_NAME": "replaced",
    "EVENT/WINNER_TYPE": "kept",
    "EVENT/DATE": "kept",
    "EVENT/MASTER_POINT_SCALE": "kept",
    "EVENT/MASTER_POINT_TYPE": "kept",
    "EVENT/P2P_CHARGE_RATE": "kept",  # 1.2's charge code
    "EVENT/EBU_CHARGE_CODE": "kept",  # 1.3's
    "CONTACT/FULL_NAME": "kept",
    "CONTACT/TELEPHONE": "kept",
    "CONTACT/EMAIL": "kept",
    "SECTION@SECTION_ID": "kept",  # a file of one SECTION is written without it (its pairs are in no section)
    "PAIR/PAIR_NUMBER": "kept",
    "PAIR/DIRECTION": "kept",
    "PLAYER/PLAYER_NAME": "kept",
    "PLAYER/NATIONAL_ID_NUMBER": "kept",
    "PAIR/TOTAL_SCORE": "figure",
    "PAIR/PERCENTAGE": "figure",
    "PAIR/PLACE": "figure",
    "PAIR/MASTER_POINTS_AWARDED": "figure",
    "PAIR/MASTER_POINT_TYPE": "kept",
    "MASTER_POINTS/MASTER_POINTS_AWARDED": "figure",  # another program's form of a pair's award
    "MASTER_POINTS/MASTER_POINT_TYPE": "kept",
    "BOARD/BOARD_NUMBER": "kept",
    "TRAVELLER_LINE/NS_PAIR_NUMBER": "kept",
    "TRAVELLER_LINE/EW_PAIR_NUMBER": "kept",
    "TRAVELLER_LINE/CONTRACT": "kept",
    "TRAVELLER_LINE/PLAYED_BY": "kept",
    "TRAVELLER_LINE/LEAD": "kept",
    "TRAVELLER_LINE/TRICKS": "kept",
    "TRAVELLER_LINE/SCORE": "kept",
    **{
        f"TRAVELLER_LINE/{side}_{points}_POINTS": "figure"
        for side in ("NS", "EW")
        for points in ("MATCH", "BUTLER", "CROSS_IMP")
    },
}
#: The elements of the fixtures that hold others, read for what they hold.
HOLDERS = {"USEBIO/CLUB", "USEBIO/EVENT", "EVENT/CONTACT", "EVENT/PARTICIPANTS", "EVENT/SESSION", "EVENT/SECTION",
           "SESSION/SECTION", "SECTION/PARTICIPANTS", "PARTICIPANTS/PAIR", "PAIR/PLAYER", "PAIR/MASTER_POINTS",
           "EVENT/BOARD", "SECTION/BOARD", "BOARD/TRAVELLER_LINE"}  # fmt: skip
#: What the fixtures hold that xlbridge does not read (and so does not write back).
NOT_READ = {
    "PLAYER/CLUB_ID_NUMBER": "a player's number with the club: a pair holds each player's national number only",
    "CONTACT/SCORER": "the scorer's name: the contact is one person",
    "EVENT/PROGRAM_VERSION": "the program's version (xlbridge writes its own)",
    "EVENT/VENUE": "the venue",
    "EVENT/MPS_AWARDED_FLAG": "written from the session's scale (Y where it awards)",
    "EVENT/SESSION_COUNT": "one session a workbook (a file of two is refused)",
    "EVENT/SECTION_COUNT": "the sections are found from the SECTIONs",
    "EVENT/SCORING_METHOD": "Compscore3's IMPS beside EVENT_TYPE, which names the method",
    "EVENT/STRATIFICATION": "strats (ACBL): xlbridge has none",
    "STRATIFICATION/STRATS": "strats",
    "STRATS/STRAT": "strats",
    "EVENT/BOARDS_PLAYED": "worked out from the lines",
    "PAIR/BOARDS_PLAYED": "worked out from the lines",
    "BOARD/BOARD_AVERAGE": "a Butler board's datum: worked out from the lines (and written)",
    "USEBIO/HANDSET": "the deals (import --hands reads a PBN hand record)",
    "HANDSET/BOARD": "the deals",
    "BOARD/HAND": "the deals",
    **{f"HAND/{tag}": "the deals" for tag in ("DIRECTION", "SPADES", "HEARTS", "DIAMONDS", "CLUBS")},
    "BOARD@EVENT_TYPE": "the event's",
    "PARTICIPANTS@EVENT_TYPE": "the event's",
    "SESSION@SESSION_ID": "one session a workbook",
}

#: The order of each element's children in a written file: as the programs the federations take write them
#: (Compscore3, EBUScore, EBU Pairs Scorer, Pianola, RealBridge; the USEBIO DTDs are not published where this
#: project can read them). A child not listed is no element xlbridge writes.
ORDER = {
    "USEBIO": ("CLUB", "EVENT"),
    "CLUB": ("CLUB_NAME", "CLUB_ID_NUMBER"),
    "EVENT": ("EVENT_IDENTIFIER", "EVENT_DESCRIPTION", "PROGRAM_NAME", "PROGRAM_VERSION", "BOARD_SCORING_METHOD",
              "WINNER_TYPE", "TITLE", "DATE", "VENUE", "MASTER_POINT_SCALE", "MASTER_POINT_TYPE", "MPS_AWARDED_FLAG",
              "SESSION_COUNT", "SECTION_COUNT", "P2P_CHARGE_RATE", "EBU_CHARGE_CODE", "SCORING_METHOD",
              "STRATIFICATION", "CONTACT", "PARTICIPANTS", "SESSION", "BOARD"),
    "CONTACT": ("FULL_NAME", "SCORER", "TELEPHONE", "EMAIL"),
    "SESSION": ("SECTION",),
    "SECTION": ("PARTICIPANTS", "BOARD"),
    "PARTICIPANTS": ("PAIR",),
    "PAIR": ("PAIR_NUMBER", "DIRECTION", "TOTAL_SCORE", "PERCENTAGE", "PLACE", "MASTER_POINTS_AWARDED",
             "MASTER_POINT_TYPE", "PLAYER"),
    "PLAYER": ("PLAYER_NAME", "NATIONAL_ID_NUMBER", "CLUB_ID_NUMBER"),
    "BOARD": ("BOARD_NUMBER", "BOARD_AVERAGE", "TRAVELLER_LINE"),
    "TRAVELLER_LINE": ("NS_PAIR_NUMBER", "EW_PAIR_NUMBER", "CONTRACT", "PLAYED_BY", "LEAD", "TRICKS", "SCORE",
                       *(f"{side}_{points}_POINTS" for points in ("MATCH", "BUTLER", "CROSS_IMP")
                         for side in ("NS", "EW"))),
}  # fmt: skip

#: The players of a pair the workbook keeps: the Names sheet's Player 1 and Player 2 (a third, a substitute, as
#: one real salliere file lists, is not kept).
PLAYERS_KEPT = 2

#: The USEBIO fixtures that are not a pairs session xlbridge exports, and why.
NOT_EXPORTED = {
    "pab_teams.xml": "a teams event (export writes a pairs session)",
    "teamsscorer_swiss.xml": "a teams event (export writes a pairs session)",
}
#: The options a fixture is imported with: NZ Scorer's sections score two lines by their SCORE, not their contract.
OPTIONS = {"nzscorer_sections.xml": ("--file-scores",)}
PAIRS_FILES = [path for path in sorted(USEBIO.glob("*.xml")) if path.name not in NOT_EXPORTED]
REAL_FILES = [path for path in real_files("*.xml", "usebio") if path.name not in NOT_EXPORTED]


def elements(root: ET.Element) -> set[str]:
    """Every element (``PARENT/CHILD``) and attribute (``ELEMENT@NAME``) of a file."""
    found = {f"{root.tag}@{name}" for name in root.attrib}
    for parent in root.iter():
        found |= {f"{parent.tag}/{child.tag}" for child in parent}
        found |= {f"{child.tag}@{name}" for child in parent for name in child.attrib}
    return found


def out_of_order(root: ET.Element) -> list[str]:
    """Each element whose children are not in :data:`ORDER`'s order, or are not listed there."""
    wrong = []
    for parent in root.iter():
        if not len(parent):
            continue
        order = ORDER.get(parent.tag)
        tags = [child.tag for child in parent]
        if order is None or any(tag not in order for tag in tags):
            wrong.append(f"{parent.tag}: {[tag for tag in tags if order is None or tag not in order]} not listed")
        elif [order.index(tag) for tag in tags] != sorted(order.index(tag) for tag in tags):
            wrong.append(f"{parent.tag}: {tags}")
    return wrong


def exported(path: Path, tmp_path: Path, *options: str) -> tuple[Path, Path]:
    """The workbook ``xlbridge import`` makes of ``path`` (with its :data:`OPTIONS`) and the USEBIO file ``xlbridge
    export`` writes of it."""
    workbook, out = tmp_path / f"{path.stem}.xlsx", tmp_path / f"{path.stem}.out.xml"
    ran = xlbridge("import", path, "-o", workbook, *OPTIONS.get(path.name, ()))
    assert ran.status == 0, ran.err
    ran = xlbridge("export", workbook, "--usebio", out, *options)
    assert ran.status == 0, ran.err
    return workbook, out


def read(path: Path) -> Imported:
    return read_usebio(path.read_bytes(), path, file_scores="--file-scores" in OPTIONS.get(path.name, ()))


def lines_of(imported: Imported) -> list[Line]:
    """A file's lines (those played: a board not played has no line in USEBIO), in board and pair order."""
    assert imported.session is not None
    played = [line for line in imported.session.lines if isinstance(line, Line)]
    return sorted(played, key=lambda line: (line.section, line.board, str(line.ns), str(line.ew)))


def compare_kept(original: Imported, written: Imported, scale: MasterpointScale | None = None) -> None:
    """What the exported file reads as the original does: the session's particulars, method, event, date, one
    field or two, pairs (numbers, directions, players and their numbers) and every line as typed; and the
    masterpoint scale, the original's or (``scale``) the workbook's: the None scale where the import awards none,
    saying why (a two-winner EBUScore file on BLACK Club points, whose scale the EBU gives one winner)."""
    before, after = original.session, written.session
    assert before is not None
    assert after is not None
    assert after.particulars == before.particulars
    assert (after.method, after.event, after.date) == (before.method, before.event, before.date)
    if scale is not None and scale != before.masterpoints:
        assert not scale.awards
    assert after.masterpoints == (before.masterpoints if scale is None else scale)
    assert written.file_field is not None
    if original.file_field is not None:
        assert written.file_field[0] == original.file_field[0]
    assert [(pair.section, pair.number, pair.direction, pair.players, pair.members) for pair in after.pairs] == [
        (pair.section, pair.number, pair.direction, pair.players[:PLAYERS_KEPT], pair.members[:PLAYERS_KEPT])
        for pair in before.pairs
    ]
    assert after.section_scoring == before.section_scoring
    assert lines_of(written) == lines_of(original)


def compare_figures(written: Imported, out: Path, book: SessionBook) -> None:
    """The exported file's figures are the workbook's: each pair's place, total and percentage, its award, and each
    line's points (to the hundredth the file writes)."""
    score = book.score
    assert written.standings is not None
    # a pair's place is its overall one (every section's pairs ranked together; in one section, its place)
    overall = {(s.pair.section, s.pair.number, s.pair.direction): s.place for s in score.overall}
    for pair, standing in zip(book.session.pairs, score.standings, strict=True):
        found = written.standings.by_pair[(pair.label, pair.direction)]
        place = overall[pair.section, pair.number, pair.direction]
        assert found.place == (int(str(place).rstrip("=")) if place not in (None, "") else None)
        for theirs, ours in ((found.total, standing.total), (found.percentage, standing.percentage)):
            if ours is None or ours == "":
                assert theirs is None
            else:
                assert theirs is not None
                assert abs(theirs - Decimal(str(float(ours)))) <= Decimal("0.005")
    awards = book.awards()
    if awards is None:
        assert written.masterpoints is None
    else:
        assert written.masterpoints is not None
        pairs = zip(book.session.pairs, awards.awards, strict=True)
        expected = {(pair.number, pair.direction): SessionAwards.in_hundredths(points) for pair, points in pairs
                    if points is not None}  # fmt: skip
        assert written.masterpoints.awarded == expected
    method = book.session.method.usebio_points
    by_line = {}
    root = ET.parse(out).getroot()
    for holder in list(root.iter("SECTION")) or [root]:
        for board in holder.iter("BOARD"):
            for line in board.iter("TRAVELLER_LINE"):
                key = (holder.get("SECTION_ID", ""), int(board.findtext("BOARD_NUMBER") or 0),
                       line.findtext("NS_PAIR_NUMBER"), line.findtext("EW_PAIR_NUMBER"))  # fmt: skip
                by_line[key] = (
                    float(line.findtext(f"NS_{method}") or "nan"),
                    float(line.findtext(f"EW_{method}") or "nan"),
                )
    played = [(index, line) for index, line in enumerate(book.session.lines) if not isinstance(line, NotPlayed)]
    assert len(by_line) == len(played)
    for index, line in played:
        two = book.session.field_of(line.section).two_fields
        key = (line.section, line.board, f"{line.ns}{'NS' if two else ''}", f"{line.ew}{'EW' if two else ''}")
        figures = score.lines[index]
        assert by_line[key] == pytest.approx((float(figures.ns_points), float(figures.ew_points)), abs=0.005)


@pytest.mark.slow
@pytest.mark.parametrize("path", [*PAIRS_FILES, *REAL_FILES], ids=lambda path: path.name)
def test_round_trip(path: Path, tmp_path: Path) -> None:
    """Imported and exported as a user does, a USEBIO file reads back as it was: every element xlbridge reads is
    the original's (or, a figure, the workbook's), and the file is written in the programs' element order; every
    element of the original is one xlbridge reads or one listed as not read."""
    unlisted = elements(ET.parse(path).getroot()) - set(READ) - HOLDERS - set(NOT_READ)
    assert not unlisted, f"{path.name} holds elements neither read nor listed as not read: {sorted(unlisted)}"
    workbook, out = exported(path, tmp_path)
    root = ET.parse(out).getroot()
    assert root.get("Version") == "1.2"
    assert not out_of_order(root)
    assert elements(root) <= set(READ) | HOLDERS | set(NOT_READ)
    written = read(out)
    with warnings.catch_warnings():  # a line worth a look, which the import said
        warnings.simplefilter("ignore", Doubt)
        book = read_session_book(workbook)
    compare_kept(read(path), written, book.session.masterpoints)
    compare_figures(written, out, book)


@pytest.mark.slow
def test_version_1_3(tmp_path: Path) -> None:
    """``--usebio-version 1.3`` writes USEBIO 1.3: its document type, and the charge code as EBU_CHARGE_CODE (1.2's
    P2P_CHARGE_RATE), which the Pianola 1.3 file gives and the reader takes back."""
    path = USEBIO / "pianola_butler_howell_v13.xml"
    _, out = exported(path, tmp_path, "--usebio-version", "1.3")
    text = out.read_text(encoding="utf-8")
    assert '<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_3.dtd">' in text
    root = ET.fromstring(text)
    assert root.get("Version") == "1.3"
    event = root.find("EVENT")
    assert event is not None
    assert event.findtext("EBU_CHARGE_CODE") == "10"
    assert event.find("P2P_CHARGE_RATE") is None
    assert not out_of_order(root)
    compare_kept(read(path), read(out))


def test_version_1_2_by_default(tmp_path: Path) -> None:
    """Without ``--usebio-version``, USEBIO 1.2 with the charge code as P2P_CHARGE_RATE, as the ABF and EBU take."""
    workbook, out = tmp_path / "s.xlsx", tmp_path / "s.xml"
    assert xlbridge("import", HOWELL, "-o", workbook).status == 0
    assert xlbridge("export", workbook, "--usebio", out).status == 0
    root = ET.parse(out).getroot()
    event = root.find("EVENT")
    assert root.get("Version") == "1.2"
    assert event is not None
    assert (event.findtext("P2P_CHARGE_RATE"), event.findtext("EVENT_IDENTIFIER")) == ("10", "3226")
    assert event.findtext("MPS_AWARDED_FLAG") == "Y"


def test_version_refused(tmp_path: Path) -> None:
    """A version xlbridge does not write, or ``--usebio-version`` without ``--usebio``, is refused on one line."""
    workbook = tmp_path / "s.xlsx"
    assert xlbridge("import", HOWELL, "-o", workbook).status == 0
    ran = xlbridge("export", workbook, "--usebio", tmp_path / "s.xml", "--usebio-version", "1.1")
    assert ran.status == 2
    assert "1.1" in ran.err
    assert "1.2" in ran.err
    assert not (tmp_path / "s.xml").exists()
    ran = xlbridge("export", workbook, "--pbn", tmp_path / "s.pbn", "--usebio-version", "1.3")
    assert ran.status == 2
    assert "--usebio-version" in ran.err
    assert len(ran.err.strip().splitlines()) == 1


def test_particulars_from_settings(tmp_path: Path) -> None:
    """The club, its number, the event's identifier, the charge code and the contact typed on the Settings sheet
    are written to the file: the workbook's cells, read as its formulas read them."""
    workbook, out = tmp_path / "s.xlsx", tmp_path / "s.xml"
    assert xlbridge("import", HOWELL, "-o", workbook).status == 0
    values = {"Club": "Seaside Bridge Club", "ClubNumber": "0123", "EventId": "E-77", "ChargeCode": 30,
             "Contact": "Player 3", "ContactPhone": "01234 567890", "ContactEmail": "scorer@example.org"}  # fmt: skip
    typed(workbook, "Settings", {f"B{LAYOUT.setting(name).row + 1}": value for name, value in values.items()})
    assert xlbridge("calc", workbook, "--in-place").status == 0
    assert xlbridge("export", workbook, "--usebio", out).status == 0
    root = ET.parse(out).getroot()
    assert [root.findtext(f"CLUB/{tag}") for tag in ("CLUB_NAME", "CLUB_ID_NUMBER")] == ["Seaside Bridge Club", "0123"]
    assert root.findtext("EVENT/EVENT_IDENTIFIER") == "E-77"
    assert root.findtext("EVENT/P2P_CHARGE_RATE") == "30"
    assert [root.findtext(f"EVENT/CONTACT/{tag}") for tag in ("FULL_NAME", "TELEPHONE", "EMAIL")] == [
        "Player 3", "01234 567890", "scorer@example.org"]  # fmt: skip
    assert read(out).session.particulars == Particulars(  # type: ignore[union-attr]
        "Seaside Bridge Club", "0123", "E-77", "30", "Player 3", "01234 567890", "scorer@example.org"
    )


def test_members_written_and_read() -> None:
    """Each player's national number (Pair.members) is written as the player's NATIONAL_ID_NUMBER ("" for a
    player without one) and read back; a pair of players without numbers reads back with none."""
    original = read(HOWELL)
    assert original.session is not None
    numbered = [replace(pair, members=(f"10{index:02}1", "" if index == 3 else f"A{index}2"))
                for index, pair in enumerate(original.session.pairs)]  # fmt: skip
    numbered[5] = replace(numbered[5], members=())
    session = replace(original.session, pairs=tuple(numbered))
    text = write_usebio(score_session(session))
    written = read_usebio(text.encode("utf-8"), HOWELL)
    assert written.session is not None
    assert [pair.members for pair in written.session.pairs] == [pair.members for pair in numbered]
    third = ET.fromstring(text).findall(".//PAIR")[3]
    assert [player.findtext("NATIONAL_ID_NUMBER") for player in third.iter("PLAYER")] == ["10031", ""]


@pytest.mark.slow
@pytest.mark.parametrize("method", ["MP", "MP Across the field"])
def test_sections_round_trip(method: str, tmp_path: Path) -> None:
    """A workbook of two sections (the 7- and 8-table Mitchells of tests/test_sections.py, typed in one CSV),
    scored within each section or across the field, exported: one SESSION holding SECTION A and B, each with its
    own pairs, numbered within it (1NS to 7NS in A, 1NS to 8NS in B), and its own lines; each pair's PLACE its
    overall one. Imported again, the file is the same session: its sections, scoring, pairs and lines, and every
    pair's section, places and percentage as the first workbook ranks them."""
    workbook, out, back = tmp_path / "two.xlsx", tmp_path / "two.xml", tmp_path / "back.xlsx"
    ran = xlbridge("import", two_sections_csv(tmp_path), "-o", workbook, "--method", method)
    assert ran.status == 0, ran.err
    ran = xlbridge("export", workbook, "--usebio", out)
    assert ran.status == 0, ran.err
    root = ET.parse(out).getroot()
    assert not out_of_order(root)
    assert root.findtext("EVENT/SECTION_COUNT") == "2"
    sections = root.findall("EVENT/SESSION/SECTION")
    assert [section.get("SECTION_ID") for section in sections] == ["A", "B"]
    for section, tables in zip(sections, (7, 8), strict=True):
        assert [pair.findtext("PAIR_NUMBER") for pair in section.iter("PAIR")] == [
            f"{number}{side}" for side in ("NS", "EW") for number in range(1, tables + 1)]  # fmt: skip
        assert len(section.findall("BOARD/TRAVELLER_LINE")) == {7: 7 * 14, 8: 8 * 16}[tables]
    book = read_session_book(workbook)
    written = read(out)
    assert written.session is not None
    assert written.session.sections == ("A", "B")
    assert written.session.section_scoring.across is ("Across" in method)
    assert [(pair.section, pair.number, pair.direction) for pair in written.session.pairs] == [
        (pair.section, pair.number, pair.direction) for pair in book.session.pairs]  # fmt: skip
    played = [line for line in book.session.lines if isinstance(line, Line)]
    assert lines_of(written) == sorted(played, key=lambda line: (line.section, line.board, str(line.ns), str(line.ew)))
    compare_figures(written, out, book)
    ran = xlbridge("import", out, "-o", back)
    assert ran.status == 0, ran.err
    assert "the file's ranking: every pair's places and percentages as xlbridge works them out" in ran.out
    assert ranked(back) == ranked(workbook)


@pytest.mark.slow
def test_an_imported_file_of_sections_exports_as_it_was_read(tmp_path: Path) -> None:
    """NZ Scorer's three sections (two Mitchells ranked in one list, 1 NS and 1 EW, and a Howell), imported with
    --file-scores and exported: SECTIONs A, B and C, each pair as the file names it in its section (1 NS, 4); read
    back, every pair's place and percentage is the workbook's."""
    path = USEBIO / "nzscorer_sections.xml"
    workbook, out = exported(path, tmp_path)
    root = ET.parse(out).getroot()
    sections = root.findall("EVENT/SESSION/SECTION")
    assert [section.get("SECTION_ID") for section in sections] == ["A", "B", "C"]
    assert sections[0].findtext("PARTICIPANTS/PAIR/PAIR_NUMBER") == "1 NS"
    assert sections[2].findtext("PARTICIPANTS/PAIR/PAIR_NUMBER") == "1"
    back = tmp_path / "back.xlsx"
    ran = xlbridge("import", out, "-o", back)
    assert ran.status == 0, ran.err
    assert "every pair's places and percentages as xlbridge works them out" in ran.out
    assert ranked(back) == ranked(workbook)


def test_a_session_of_one_named_section_is_written_without_sections(tmp_path: Path) -> None:
    """A CSV whose every line is in section A is one section: written without a SECTION (as a file of one section is
    read), every line in its board."""
    source, workbook, out = tmp_path / "one.csv", tmp_path / "one.xlsx", tmp_path / "one.xml"
    source.write_text("board,ns,ew,contract,declarer,result,section\n1,1,1,4S,N,=,A\n1,2,2,4S,N,+1,A\n"
                      "2,1,2,3NT,S,=,A\n2,2,1,3NT,S,-1,A\n", encoding="utf-8")  # fmt: skip
    assert xlbridge("import", source, "-o", workbook, "--fields", "two").status == 0
    assert xlbridge("export", workbook, "--usebio", out).status == 0
    root = ET.parse(out).getroot()
    assert root.find(".//SECTION") is None
    assert root.findtext("EVENT/SECTION_COUNT") == "1"
    assert [len(board.findall("TRAVELLER_LINE")) for board in root.iter("BOARD")] == [2, 2]
