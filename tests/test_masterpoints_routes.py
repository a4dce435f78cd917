"""Masterpoints where a secretary uses them: the Settings sheet's Masterpoints choice, the column PAIRTOTALS and
RANKING add, `xlbridge import --masterpoints` (a USEBIO file's own scale kept), the ranking CSV's masterpoints,
`xlbridge export --usebio` and the published ranking page; Compscore3's two sessions award for award, run as a user
runs the commands."""

from __future__ import annotations

import csv
import io
import re
from decimal import Decimal
from pathlib import Path

import pytest

from xlbridge import Session, score_session
from xlbridge.engine.movements import howell
from xlbridge.excel.functions import FUNCTIONS
from xlbridge.files.interchange.common import split_pair
from xlbridge.files.templates import CLASSIC, pairs_session
from xlbridge.files.templates.layout import LAYOUT
from xlbridge.files.workbook.xlsx import ExcelErrorValue
from xlbridge.files.workbook.xmlsafe import parse_xml

from .conftest import BUTLER, HOWELL
from .safety import Ran, xlbridge
from .test_masterpoints import played
from .workbooks import Book

PAIRTOTALS, RANKING, SESSIONINFO = FUNCTIONS["PAIRTOTALS"], FUNCTIONS["RANKING"], FUNCTIONS["SESSIONINFO"]
#: Each fixture, the scale its file names, and the import's summary of its awards.
FIXTURES = [(BUTLER, "ABF green", "GREEN"), (HOWELL, "ABF red", "RED")]
IDS = ["butler-mitchell", "howell"]
Key = tuple[str, str]  # a pair as the ranking CSV names it: number and direction ("" in a Howell)


def compscore_awards(path: Path) -> dict[Key, str]:
    """Each pair's MASTER_POINTS_AWARDED as Compscore3 wrote it, in points (21 is 0.21), read here directly."""
    out = {}
    for pair in parse_xml(path.read_bytes()).iter("PAIR"):
        number, _ = split_pair(pair.findtext("PAIR_NUMBER", ""))
        out[(str(number), pair.findtext("DIRECTION", "").strip())] = str(
            Decimal(int(pair.findtext("MASTER_POINTS_AWARDED", ""))).scaleb(-2)
        )
    return out


def csv_awards(ran: Ran) -> dict[Key, str]:
    """The masterpoints column of `xlbridge ranking --csv`, by pair."""
    assert ran.status == 0, ran.err
    rows = list(csv.DictReader(io.StringIO(ran.out)))
    return {(row["pair"], row["direction"]): row["masterpoints"] for row in rows}


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> dict[Path, tuple[Path, Ran]]:
    """Both Compscore3 sessions imported by `xlbridge import`, without --masterpoints: each file's own scale."""
    folder = tmp_path_factory.mktemp("awards")
    return {source: (folder / f"{source.stem}.xlsx", xlbridge("import", source, "-o", folder / f"{source.stem}.xlsx"))
            for source, _, _ in FIXTURES}  # fmt: skip


@pytest.mark.parametrize(("source", "scale", "colour"), FIXTURES, ids=IDS)
def test_import_then_ranking_csv_gives_compscore3s_awards(imported: dict[Path, tuple[Path, Ran]], source: Path,
                                                          scale: str, colour: str) -> None:  # fmt: skip
    """`xlbridge import FILE` keeps the file's own type and scale (GREEN or RED, Club), says so and that every
    award is the file's, and `xlbridge ranking --csv` gives Compscore3's award to every pair, as a decimal."""
    workbook, ran = imported[source]
    assert ran.status == 0, ran.err
    assert f"  masterpoints: {scale}, the file's own ({colour}, Club): every pair's award as the file gives it\n" in (
        ran.out
    )
    assert "the file awards" not in ran.err
    awards = csv_awards(xlbridge("ranking", workbook, "--csv"))
    assert awards == compscore_awards(source)
    assert len(awards) == (14 if source == BUTLER else 12)
    table = xlbridge("ranking", workbook)
    assert f"; {scale} masterpoints\n" in table.out
    assert "Masterpoints" in table.out.splitlines()[3 if source == HOWELL else 4]


@pytest.mark.parametrize(("source", "scale", "colour"), FIXTURES, ids=IDS)
def test_the_workbook_shows_the_awards(imported: dict[Path, tuple[Path, Ran]], source: Path, scale: str,
                                       colour: str) -> None:  # fmt: skip
    """The imported workbook's Settings name the scale, and its Totals and Ranking sheets show Compscore3's award
    beside each pair, its note the scale."""
    book = Book(imported[source][0])
    setting = LAYOUT.setting("MPScale")
    assert book.sheets["Settings"][(setting.row + 1, setting.col + 1)] == scale
    expected = {key: float(award) for key, award in compscore_awards(source).items()}
    for block in (LAYOUT.totals, LAYOUT.ranking):
        values = book.sheets[block.sheet]
        assert values[(block.header_row + 1, block.col("Masterpoints") + 1)] == "Masterpoints"
        shown = {}
        for offset in range(len(expected)):
            pair, direction, award = (values.get(block.position(heading, offset))
                                      for heading in ("Pair", "Direction", "Masterpoints"))  # fmt: skip
            shown[(str(pair), direction or "")] = award
        assert shown == expected, block.sheet
        assert values.get(block.position("Masterpoints", len(expected))) in (None, "")  # a blank row stays blank
    note = LAYOUT.setting("RankingNote")
    assert str(book.sheets["Settings"][(note.row + 1, note.col + 1)]).endswith(f"; {scale} masterpoints")
    assert not book.errors()


def exported_pairs(path: Path) -> tuple[dict[str, str], dict[Key, tuple[str, str]]]:
    """A USEBIO file's event masterpoint elements, and each PAIR's own MASTER_POINTS_AWARDED and MASTER_POINT_TYPE
    (its children, as Compscore3 writes them)."""
    root = parse_xml(path.read_bytes())
    event = root.find("EVENT")
    assert event is not None
    facts = {tag: event.findtext(tag, "").strip() for tag in ("MASTER_POINT_TYPE", "MASTER_POINT_SCALE")}
    pairs = {}
    for pair in root.iter("PAIR"):
        number, _ = split_pair(pair.findtext("PAIR_NUMBER", ""))
        pairs[(str(number), pair.findtext("DIRECTION", "").strip())] = (
            pair.findtext("MASTER_POINTS_AWARDED", ""), pair.findtext("MASTER_POINT_TYPE", ""))  # fmt: skip
    return facts, pairs


@pytest.mark.parametrize(("source", "scale", "colour"), FIXTURES, ids=IDS)
def test_export_usebio_writes_compscore3s_awards(imported: dict[Path, tuple[Path, Ran]], tmp_path: Path,
                                                 source: Path, scale: str, colour: str) -> None:  # fmt: skip
    """`xlbridge export --usebio` writes the event's MASTER_POINT_TYPE and MASTER_POINT_SCALE and each pair's
    MASTER_POINTS_AWARDED (hundredths) with its MASTER_POINT_TYPE, directly in the PAIR: Compscore3's, pair for
    pair; importing the export gives the same awards, with nothing to warn of."""
    exported = tmp_path / "out.xml"
    ran = xlbridge("export", imported[source][0], "--usebio", exported)
    assert ran.status == 0, ran.err
    facts, pairs = exported_pairs(exported)
    theirs_facts, theirs = exported_pairs(source)
    assert facts == theirs_facts == {"MASTER_POINT_TYPE": colour, "MASTER_POINT_SCALE": "Club"}
    assert pairs == theirs
    again = tmp_path / "again.xlsx"
    ran = xlbridge("import", exported, "-o", again)
    assert ran.status == 0, ran.err
    assert f"masterpoints: {scale}, the file's own ({colour}, Club): every pair's award as the file gives it" in ran.out
    assert "the file awards" not in ran.err
    assert csv_awards(xlbridge("ranking", again, "--csv")) == compscore_awards(source)


def test_masterpoints_chooses_another_scale(tmp_path: Path) -> None:
    """`--masterpoints` instead of the file's scale: the red Howell awarded green (Table 2B, 6 tables: 0.06 a
    table to the winner, 70%, then 1/2, 1/3 ...), said so, the file's red awards not compared; export then writes
    the green points."""
    workbook = tmp_path / "green.xlsx"
    ran = xlbridge("import", HOWELL, "-o", workbook, "--masterpoints", "green")
    assert ran.status == 0, ran.err
    assert "masterpoints: ABF green, as --masterpoints says; the file's awards are ABF red points (RED, Club), not "\
           "compared" in ran.out  # fmt: skip
    rows = list(csv.DictReader(io.StringIO(xlbridge("ranking", workbook, "--csv").out)))
    assert [row["masterpoints"] for row in rows] == ["0.36", "0.25", "0.18", "0.12", "0.09", "0.07", *["0.00"] * 6]
    exported = tmp_path / "green.xml"
    assert xlbridge("export", workbook, "--usebio", exported).status == 0
    facts, pairs = exported_pairs(exported)
    assert facts == {"MASTER_POINT_TYPE": "GREEN", "MASTER_POINT_SCALE": "Club"}
    assert sorted(int(points) for points, _ in pairs.values())[-6:] == [7, 9, 12, 18, 25, 36]
    assert {kind for _, kind in pairs.values()} == {"GREEN"}


def test_masterpoints_none_awards_nothing(tmp_path: Path) -> None:
    """`--masterpoints None`: no masterpoints column in the CSV, none in the export, a blank column in the
    workbook, nothing of them on the published pages."""
    workbook = tmp_path / "none.xlsx"
    ran = xlbridge("import", HOWELL, "-o", workbook, "--masterpoints", "none")
    assert ran.status == 0, ran.err
    assert "  masterpoints:" not in ran.out
    assert xlbridge("ranking", workbook, "--csv").out.splitlines()[0] == (
        "place,pair,direction,names,boards,score,percentage"
    )
    exported = tmp_path / "none.xml"
    assert xlbridge("export", workbook, "--usebio", exported).status == 0
    assert "MASTER_POINT" not in exported.read_text(encoding="utf-8")
    values = Book(workbook).sheets["Ranking"]
    assert {values.get(LAYOUT.ranking.position("Masterpoints", offset)) for offset in range(12)} <= {None, ""}
    assert xlbridge("publish", workbook, "-o", tmp_path / "site").status == 0
    for page in (tmp_path / "site").glob("*.html"):
        assert "asterpoints" not in page.read_text(encoding="utf-8"), page.name


def test_a_scale_chosen_on_the_settings_sheet(tmp_path: Path) -> None:
    """A secretary picks ABF red in the Settings sheet's drop-down of a workbook imported without masterpoints and
    has it computed (`xlbridge calc`): the ranking then gives Compscore3's red awards; before it is computed the
    workbook is refused as stale, never read with its old, empty column."""
    from .workbooks import typed_into

    workbook = tmp_path / "none.xlsx"
    assert xlbridge("import", HOWELL, "-o", workbook, "--masterpoints", "None").status == 0
    ref = LAYOUT.setting("MPScale").ref.split("!")[1].replace("$", "")  # B8
    chosen = typed_into(workbook, tmp_path / "red.xlsx", {"Settings": {ref: "ABF red"}})
    assert "its figures are not those of its entries" in xlbridge("ranking", chosen, "--csv").refused
    assert xlbridge("calc", chosen, "--in-place").status == 0
    assert csv_awards(xlbridge("ranking", chosen, "--csv")) == compscore_awards(HOWELL)


def test_a_file_of_another_type_of_points(tmp_path: Path) -> None:
    """A file whose points are of no scale xlbridge has (GOLD) is imported without masterpoints, and the import
    says so on stderr (exit 0), the file's awards named as not reproduced."""
    gold = tmp_path / "gold.xml"
    gold.write_text(HOWELL.read_text(encoding="utf-8").replace(">RED<", ">GOLD<"), encoding="utf-8")
    ran = xlbridge("import", gold, "-o", tmp_path / "gold.xlsx")
    assert ran.status == 0, ran.err
    assert f"{gold}: its masterpoints are GOLD, Club (MASTER_POINT_TYPE, MASTER_POINT_SCALE), which is none of the " \
           "scales xlbridge awards (ABF green, ABF red, ACBL club, EBU club, EBU district, EBU county, EBU regional, " \
           "EBU national): the workbook awards none (--masterpoints chooses a scale); the file's awards (12 pairs) " \
           "are not reproduced\n" in ran.err  # fmt: skip
    assert "masterpoints" not in xlbridge("ranking", tmp_path / "gold.xlsx", "--csv").out.splitlines()[0]


def test_awards_that_differ_from_the_files(tmp_path: Path) -> None:
    """A file's award that is not the engine's is named with its line (the PAIR's) on stderr, and the workbook
    shows the engine's; the import still succeeds."""
    text = HOWELL.read_text(encoding="utf-8")
    changed = tmp_path / "changed.xml"
    changed.write_text(text.replace("<MASTER_POINTS_AWARDED>30<", "<MASTER_POINTS_AWARDED>31<", 1), encoding="utf-8")
    ran = xlbridge("import", changed, "-o", tmp_path / "changed.xlsx")
    assert ran.status == 0, ran.err
    assert "masterpoints: ABF red, the file's own (RED, Club): 1 pair(s)' awards differ from the file's" in ran.out
    (line,) = [line for line in ran.err.splitlines() if "the file awards" in line]
    where = int(line.split(": line ")[1].split(":")[0])
    assert text.splitlines()[where - 1].strip() == "<PAIR>"
    assert line.endswith(": pair 2: the file awards 0.31, xlbridge 0.30 on ABF red (the workbook shows xlbridge's)")
    assert csv_awards(xlbridge("ranking", tmp_path / "changed.xlsx", "--csv"))[("2", "")] == "0.30"


def test_a_csv_session_awarded_as_told(tmp_path: Path) -> None:
    """A CSV has no masterpoints of its own: `--masterpoints green` awards the demo's 9-table Mitchell, each field
    to its top half (4 of 9): 0.27 (0.03 a table), 0.19, 0.14 (0.135, halves up), 0.09."""
    data = Path(__file__).resolve().parent.parent / "xlbridge" / "data"
    workbook = tmp_path / "demo.xlsx"
    ran = xlbridge("import", data / "demo-session.csv", "--names", data / "demo-names.csv", "-o", workbook,
                   "--masterpoints", "ABF green")  # fmt: skip
    assert ran.status == 0, ran.err
    assert "  masterpoints: ABF green, as --masterpoints says\n" in ran.out
    rows = list(csv.DictReader(io.StringIO(xlbridge("ranking", workbook, "--csv").out)))
    for direction in ("NS", "EW"):
        field = [row["masterpoints"] for row in rows if row["direction"] == direction]
        assert field == ["0.27", "0.19", "0.14", "0.09", *["0.00"] * 5]


def test_masterpoints_is_for_a_pairs_session(tmp_path: Path) -> None:
    """A teams event has no pairs to award: --masterpoints with one is refused, as --method is."""
    from .test_interchange import TEAMS

    teams = tmp_path / "teams.xml"
    teams.write_text(TEAMS, encoding="utf-8")
    ran = xlbridge("import", teams, "-o", tmp_path / "teams.xlsx", "--masterpoints", "ABF green")
    assert ran.refused.endswith("teams.xml: a teams event: --masterpoints are for a pairs session")
    assert not (tmp_path / "teams.xlsx").exists()


def test_a_wrong_scale_on_the_command_line() -> None:
    """A scale that is none of the registry's is refused by argparse, naming the choices."""
    ran = xlbridge("import", HOWELL, "-o", "x.xlsx", "--masterpoints", "gold")
    assert ran.status == 2
    assert "'gold': must be one of None (or NO, OFF), ABF green (or GREEN, ABF, ABF E)" in ran.err


# --- a session the scale cannot award ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def walk_out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A computed workbook of a Howell in which pair 3 left after 4 of 7 rounds, on the ABF green scale."""
    session = played(howell(4, 2), skip={(5, 3), (6, 3), (7, 3)})
    path = tmp_path_factory.mktemp("walk-out") / "walk-out.xlsx"
    pairs_session.build(path, CLASSIC, session=Session.of(pairs=session.pairs, lines=session.lines,
                        field_kind="Howell", masterpoints="ABF green"), computed=True)  # fmt: skip
    return path


def test_a_walk_out_shows_why_in_the_workbook(walk_out: Path) -> None:
    """The Masterpoints column shows the error value, the ranking's note says why; every other figure stands."""
    book = Book(walk_out)
    note = LAYOUT.setting("RankingNote")
    assert str(book.sheets["Settings"][(note.row + 1, note.col + 1)]).endswith(
        "; masterpoints: pair 3 played 4 of 7 rounds (a walk-in or walk-out; 3 other pair(s) missed rounds against "
        "it): no published rule for awarding such a session was found, so award it by hand"
    )
    ranking = book.sheets["Ranking"]
    assert {ranking[LAYOUT.ranking.position("Masterpoints", offset)] for offset in range(8)} == {
        ExcelErrorValue("#NUM!")
    }
    assert isinstance(ranking[LAYOUT.ranking.position("%", 0)], float)


@pytest.mark.parametrize(
    "command",
    [["ranking", "--csv"], ["export", "--usebio", "out.xml"], ["publish", "-o", "site"]],
    ids=["ranking", "export", "publish"],
)
def test_a_walk_out_is_refused_by_the_commands(walk_out: Path, tmp_path: Path, command: list[str]) -> None:
    """ranking, export and publish refuse a workbook whose scale cannot award its session, saying why and what to
    do, rather than print or send it without its awards."""
    verb, *options = command
    ran = xlbridge(verb, walk_out, *options, cwd=tmp_path)
    assert ran.refused.endswith(
        "walk-out.xlsx: masterpoints: pair 3 played 4 of 7 rounds (a walk-in or walk-out; 3 other pair(s) missed "
        "rounds against it): no published rule for awarding such a session was found, so award it by hand; or "
        "choose None as Masterpoints on the Settings sheet"
    )
    assert list(tmp_path.iterdir()) == []


# --- the worksheet functions --------------------------------------------------------------------------------------


def cells(session: Session) -> tuple[list[list[object]], list[list[object]]]:
    """A session as the Results and Names blocks hold it."""
    results: list[list[object]] = [[line.board, line.ns, line.ew, *line.entered] for line in session.lines]
    names: list[list[object]] = [[pair.number, pair.direction_text, *pair.players, None] for pair in session.pairs]
    return results, names


SESSION = played(howell(4, 2), seed=3)


def test_the_functions_without_a_scale_are_as_before() -> None:
    """PAIRTOTALS and RANKING called as before masterpoints (six arguments) give the columns they gave: a workbook
    made before them computes as it did."""
    results, names = cells(SESSION)
    assert {len(row) for row in PAIRTOTALS(results, names, "MP", "Howell", None, None)} == {10}
    assert {len(row) for row in RANKING(results, names, "MP", "Howell")} == {7}


def test_the_masterpoints_column_is_the_engines() -> None:
    """Given a scale, one column more: each pair's award from the engine's masterpoints of the same session, in the
    names' order on Totals and in place order on the Ranking; a blank cell (or xlwings Lite's 0) awards nothing."""
    import xlbridge

    results, names = cells(SESSION)
    scored = score_session(SESSION)
    awards = xlbridge.masterpoints(scored, "ABF green")
    totals = PAIRTOTALS(results, names, "MP", "Howell", None, None, [["ABF green"]])
    assert [row[-1] for row in totals] == [float(award) for award in awards.awards]  # type: ignore[arg-type]
    ranking = RANKING(results, names, "MP", "Howell", None, None, "green")[:8]  # (the rows of the pairs)
    assert [row[-1] for row in ranking] == sorted((float(a) for a in awards.awards), reverse=True)  # type: ignore[arg-type]
    assert sum(row[-1] for row in ranking) > 0
    for blank in ([[None]], [[0]], "none"):
        assert [row[-1] for row in RANKING(results, names, "MP", "Howell", None, None, blank)] == [""] * 17


def test_the_masterpoints_column_when_it_cannot_award() -> None:
    """A scale that is none of the registry's: the error value in each pair's cell, the reason in SESSIONINFO's
    note; an error in the cell is passed on; a ranking waiting for a line to be checked: #N/A, as its totals."""
    results, names = cells(SESSION)
    # (the pairs' rows: RANKING fills twice the names' rows and one, for the overall ranking of sections)
    assert {row[-1] for row in RANKING(results, names, "MP", "Howell", None, None, "gold")[:8]} == {"#VALUE!"}
    assert SESSIONINFO("", "", results, names, "MP", "Howell", None, None, "gold")[-1][0].endswith(
        "; masterpoints 'gold': must be one of None (or NO, OFF), ABF green (or GREEN, ABF, ABF E), ABF red (or RED, "
        "ABF B4C), ACBL club (or ACBL), EBU club (or EBU A, EBU), EBU district (or EBU B), EBU county (or EBU C), "
        "EBU regional (or EBU D), EBU national (or EBU E)"
    )
    assert {row[-1] for row in RANKING(results, names, "MP", "Howell", None, None, "#N/A")[:8]} == {"#N/A"}
    bad = [*results[:-1], [14, 3, 4, "8S", "N", "", "=", ""]]
    assert {row[-1] for row in RANKING(bad, names, "MP", "Howell", None, None, "green")[:8]} == {"#N/A"}
    assert SESSIONINFO("", "", results, names, "MP", "Howell", None, None, "green")[-1][0].endswith(
        "; ABF green masterpoints"
    )


def test_the_lite_workbook_awards_the_same(tmp_path: Path) -> None:
    """The xlwings Lite workbook (=BRIDGE.RANKING(..., MPScale)) of the red Howell, computed: Compscore3's awards."""
    from xlbridge.files.interchange import read_results
    from xlbridge.files.templates import LITE

    session = read_results(HOWELL).session
    assert session is not None
    path = tmp_path / "lite.xlsx"
    pairs_session.build(path, LITE, session=session, computed=True)
    values = Book(path).sheets["Ranking"]
    shown = {(str(values[LAYOUT.ranking.position("Pair", offset)]), ""): values[LAYOUT.ranking.position(
        "Masterpoints", offset)] for offset in range(12)}  # fmt: skip
    assert shown == {key: float(award) for key, award in compscore_awards(HOWELL).items()}


def test_the_drop_down_and_its_default(tmp_path: Path) -> None:
    """A blank pairs-session template's Masterpoints setting is None, and Totals and the Ranking head the column."""
    path = tmp_path / "blank.xlsx"
    pairs_session.build(path, CLASSIC)
    book = Book(path)
    setting = LAYOUT.setting("MPScale")
    assert book.sheets["Settings"][(setting.row + 1, setting.col + 1)] == "None"
    assert book.sheets["Settings"][(setting.row + 1, 1)] == "Masterpoints"
    for block in (LAYOUT.totals, LAYOUT.ranking):
        assert book.sheets[block.sheet][(block.header_row + 1, block.col("Masterpoints") + 1)] == "Masterpoints"


@pytest.mark.parametrize(("source", "scale", "colour"), FIXTURES, ids=IDS)
def test_the_published_ranking_shows_the_awards(imported: dict[Path, tuple[Path, Ran]], tmp_path: Path,
                                                source: Path, scale: str, colour: str) -> None:  # fmt: skip
    """`xlbridge publish`: the ranking page has a Masterpoints column with Compscore3's awards, each pair's page
    its own award; a session without a scale has no such column."""
    ran = xlbridge("publish", imported[source][0], "-o", tmp_path / "site")
    assert ran.status == 0, ran.err
    index = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert f'<th scope="col" class="num" title="{scale} masterpoints">Master&shy;points</th>' in index
    shown: dict[str, list[str]] = {}  # each ranking row's pair and its last cell, the award
    for row in index.split("<tr>")[1:]:
        found = re.search(r'class="pair">(?:<a [^>]*>)?([^<]+).*<td class="num">([^<]*)</td>\s*</tr>', row, re.S)
        if found:
            shown.setdefault(found[1], []).append(found[2])
    expected: dict[str, list[str]] = {}
    for (number, _), award in compscore_awards(source).items():
        expected.setdefault(number, []).append(award)
    assert {pair: sorted(awards) for pair, awards in shown.items()} == {
        pair: sorted(awards) for pair, awards in expected.items()
    }
    first = next(name for name in (tmp_path / "site").iterdir() if name.name.startswith("pair-"))
    assert f"<dt>Masterpoints ({scale})</dt>" in first.read_text(encoding="utf-8")
