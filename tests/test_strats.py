"""ACBL stratified games: each pair's strat by its players' masterpoints, and its place in each strat it competes in
(rules/strats.py), from the names file through the workbook to ``xlbridge ranking --strats``."""

from __future__ import annotations

import csv
import html
import io
import json
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from xlbridge import BridgeInputError
from xlbridge.engine.strats import pair_figure, read_strats
from xlbridge.files.interchange import read_names
from xlbridge.rules import DEFAULT_STRATS, STRAT_RULES

from .conftest import real_files

ROOT = Path(__file__).resolve().parent.parent
DEMO_SESSION = ROOT / "xlbridge" / "data" / "demo-session.csv"
#: The demo's names with each player's masterpoints (tests/data/README.md: chosen to cover each strat, the limits
#: exactly, a player without a holding and a pair with none).
STRATS_NAMES = ROOT / "tests" / "data" / "strats-names.csv"
AVERAGE, HIGHER = STRAT_RULES.entries


def xlbridge(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "xlbridge", *args], capture_output=True, text=True, cwd=cwd,
                          check=False, timeout=600)  # fmt: skip


@pytest.mark.parametrize(
    ("typed", "limits"),
    [
        ("750/300", (750, 300)),  # the example: A open, B under 750, C under 300
        ("None/1250/500", (1250, 500)),  # as ACBL Live for Clubs prints a game's limits
        ("Open/1,000/500", (1000, 500)),
        ("500", (500,)),  # two strats
        (" 2500 / 750.5 ", (2500, Fraction(1501, 2))),
    ],
)
def test_strat_limits_as_clubs_write_them(typed: str, limits: tuple[Fraction, ...]) -> None:
    """Limits highest first, ACBL Live's leading None (strat A open) allowed; one limit makes two strats."""
    strats = read_strats(typed)
    assert strats.limits == limits
    assert strats.letters == ("A", "B", "C")[: len(limits) + 1]
    assert strats.rule is AVERAGE


@pytest.mark.parametrize(
    "typed", ["", "None", "300/750", "750/750", "750/300/100", "750/abc", "0", "-5/-10", "9" * 16, "9" * 5000]
)
def test_strat_limits_refused(typed: str) -> None:
    """What cannot be a club's strats: no limit, limits not falling, a fourth strat, a limit that is no number or
    has more digits than a cell keeps."""
    with pytest.raises(BridgeInputError) as refused:
        read_strats(typed)
    assert "strats" in refused.value.message


def test_the_default_strats() -> None:
    """750/300 by the players' average, unless the club says otherwise."""
    assert (DEFAULT_STRATS.shown, DEFAULT_STRATS.rule) == ("None/750/300", AVERAGE)
    assert read_strats("750/300", "highest").rule is HIGHER


@pytest.mark.parametrize(
    ("holdings", "average", "higher"),
    [
        ((Fraction(1040), Fraction(1794)), 1417, 1794),  # ACBL Live, Livermore pair 10 NS: strat A of None/1250/500
        ((Fraction(1211), Fraction(902)), Fraction(2113, 2), 1211),  # pair 11 NS: 1056.5, strat B
        ((None, Fraction(244)), 244, 244),  # a player without a holding is left out (ACBL Live pair 9 NS: strat C)
        ((None, None), None, None),
        ((), None, None),
    ],
)
def test_a_pairs_figure(holdings: tuple[Fraction | None, ...], average: Fraction | None,
                        higher: Fraction | None) -> None:  # fmt: skip
    """The average of the players' holdings (ACBL Live's AVERAGE), or the higher."""
    assert pair_figure(holdings, AVERAGE) == average
    assert pair_figure(holdings, HIGHER) == higher


def test_names_file_masterpoints(tmp_path: Path) -> None:
    """A names file's masterpoints1 and masterpoints2 (1,794 as typed with a comma); a bad one names its line."""
    names = tmp_path / "names.csv"
    names.write_text('pair,direction,player1,player2,MP1,MP2\n1,NS,Ann,Bob,"1,794",2.5\n2,NS,Cath,Dave,,\n')
    assert [p.holdings for p in read_names(names.read_bytes(), names)] == [(1794, Fraction(5, 2)), (None, None)]
    names.write_text("pair,direction,player1,player2,masterpoints1,masterpoints2\n1,NS,Ann,Bob,lots,3\n2,NS,C,D,1,-4\n")
    with pytest.raises(BridgeInputError) as refused:
        read_names(names.read_bytes(), names)
    assert [line.split(": ", 1)[1] for line in refused.value.details] == [
        "line 2: player 1 masterpoints 'lots': expected the player's masterpoints, such as 1040 or 2.5",
        "line 3: player 2 masterpoints '-4': masterpoints are not negative",
    ]


# The demo session (xlbridge/data) ranked by strats 750/300, worked out by hand from its open ranking (`xlbridge
# ranking demo.xlsx`: NS 2, 9, 4, 3, 6, 1, 8, 7, 5; EW 7, 4, 1, 9, 3, 6, 5, 2, 8) and tests/data/strats-names.csv.
# AVERAGE: NS 1 averages 750 and NS 8 300, each on a limit and so above it; NS 3's second player has no holding (2000:
# A); NS 5 has none at all (A). A pair competes in its strat and those above it, each ranked on its own.
BY_AVERAGE = {
    # pair: (strat, place in A, in B, in C)
    "2NS": ("A", "1", "", ""),
    "9NS": ("B", "2", "1", ""),
    "4NS": ("C", "3", "2", "1"),
    "3NS": ("A", "4", "", ""),
    "6NS": ("B", "5", "3", ""),
    "1NS": ("A", "6", "", ""),
    "8NS": ("B", "7", "4", ""),
    "7NS": ("C", "8", "5", "2"),
    "5NS": ("A", "9", "", ""),
    "7EW": ("C", "1", "1", "1"),
    "4EW": ("A", "2", "", ""),
    "1EW": ("B", "3", "2", ""),
    "9EW": ("C", "4", "3", "2"),
    "3EW": ("B", "5", "4", ""),
    "6EW": ("A", "6", "", ""),
    "5EW": ("C", "7", "5", "3"),
    "2EW": ("B", "8", "6", ""),
    "8EW": ("C", "9", "7", "4"),
}
# HIGHER: NS 6 (800), EW 1 (900) and EW 2 (1000) move up to A; NS 8 (301) stays in B.
BY_HIGHER = BY_AVERAGE | {
    "6NS": ("A", "5", "", ""),
    "8NS": ("B", "7", "3", ""),
    "7NS": ("C", "8", "4", "2"),
    "1EW": ("A", "3", "", ""),
    "2EW": ("A", "8", "", ""),
    "9EW": ("C", "4", "2", "2"),
    "3EW": ("B", "5", "3", ""),
    "5EW": ("C", "7", "4", "3"),
    "8EW": ("C", "9", "5", "4"),
}


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The demo session imported as a user does it, its names file carrying the players' masterpoints."""
    folder = tmp_path_factory.mktemp("strats")
    done = xlbridge("import", str(DEMO_SESSION), "--names", str(STRATS_NAMES), "-o", "demo.xlsx", cwd=folder)
    assert done.returncode == 0, done.stderr
    assert (f"{STRATS_NAMES}: masterpoints for 17 pairs, on the Names sheet (Masterpoints 1 and 2); the ranking by "
            "strats: xlbridge ranking demo.xlsx --strats") in done.stderr  # fmt: skip
    return folder / "demo.xlsx"


def _strat_rows(done: subprocess.CompletedProcess[str]) -> dict[str, tuple[str, ...]]:
    assert done.returncode == 0, done.stderr
    rows = csv.DictReader(io.StringIO(done.stdout))
    return {f"{r['pair']}{r['direction']}": (r["strat"], r["place_a"], r["place_b"], r["place_c"]) for r in rows}


@pytest.mark.parametrize(("by", "want"), [(None, BY_AVERAGE), ("HIGHER", BY_HIGHER)])
def test_ranking_by_strats(imported: Path, by: str | None, want: dict[str, tuple[str, ...]]) -> None:
    """The workbook keeps the players' masterpoints (Names sheet, Masterpoints 1 and 2); ``ranking --strats`` gives
    each pair's strat and places as worked out by hand."""
    extra = [] if by is None else ["--strat-by", by]
    done = xlbridge("ranking", str(imported), "--strats", "--csv", *extra, cwd=imported.parent)
    assert _strat_rows(done) == want


def test_the_stratified_table(imported: Path) -> None:
    """The table says the strats' limits, the rule and each strat's pairs; a column per strat."""
    table = xlbridge("ranking", str(imported), "--strats", "750/300", cwd=imported.parent).stdout
    assert ("Strats by the players' average masterpoints: A open, B under 750, C under 300 (pairs: A 6, B 6, "
            "C 6)") in table  # fmt: skip
    assert re.search(r"Place +Pair +Players +Boards +Score +% +Strat +A +B +C\n1 +2 +Liam Esher & Eve Pelham +27 "
                     r"+266\.25 +61\.63 +A +1\n", table)  # fmt: skip


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--strats", "300/750"], "strats '300/750': each strat's limit must be below the one before it"),
        (["--strats", "--handicapped"], "--strats ranks by strats, --handicapped by handicaps: give one of them"),
        (["--strat-by", "MEDIAN"], "argument --strat-by: 'MEDIAN': must be one of"),
        (
            ["--strat-by", "HIGHER"],
            "--strat-by HIGHER says how strats are made: give --strats too (--strats alone for ACBL Live's "
            "None/750/300, or the limits of strats B and C, such as --strats 1000/500)",
        ),
    ],
)
def test_strats_refused(imported: Path, args: list[str], message: str) -> None:
    """Bad strats: one line on stderr, exit 2."""
    done = xlbridge("ranking", str(imported), *args, cwd=imported.parent)
    assert done.returncode == 2
    assert message in done.stderr
    assert "Traceback" not in done.stderr


def test_strats_need_masterpoints(tmp_path: Path) -> None:
    """A workbook whose Names sheet has no masterpoints is refused, saying where to type them."""
    done = xlbridge("import", str(DEMO_SESSION), "-o", "plain.xlsx", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    done = xlbridge("ranking", "plain.xlsx", "--strats", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.startswith("xlbridge ranking: plain.xlsx: no masterpoints on its Names sheet (the columns "
                                  "Masterpoints 1 and Masterpoints 2 beside the pairs)")  # fmt: skip


def test_strat_awards_are_refused_with_what_is_missing(tmp_path: Path) -> None:
    """On the ACBL club scale the stratified ranking shows no masterpoints and says what is missing."""
    done = xlbridge("import", str(DEMO_SESSION), "--names", str(STRATS_NAMES), "--masterpoints", "ACBL", "-o",
                    "acbl.xlsx", cwd=tmp_path)  # fmt: skip
    assert done.returncode == 0, done.stderr
    done = xlbridge("ranking", "acbl.xlsx", "--strats", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert ("ACBL club masterpoints are not given for a stratified game: the awards of strats B and C need ACBL's "
            "club award charts for the lower strats") in done.stdout  # fmt: skip
    assert "Masterpoints" not in done.stdout.split("\n\n", 1)[1].splitlines()[1]


# --- real published results --------------------------------------------------------------------------------------


def _acbl_live(path: Path) -> dict[str, object]:
    """The game an ACBL Live for Clubs results page carries (its result-details data)."""
    found = re.search(r'<result-details v-bind:data="([^"]*)"', path.read_text(encoding="utf-8"))
    assert found is not None, f"{path}: no result-details data"
    game: dict[str, object] = json.loads(html.unescape(found[1]))
    return game


def _written(game: dict[str, object], folder: Path) -> tuple[Path, Path, list[dict[str, object]]]:
    """The game's results and names (players' masterpoints, names replaced) as files xlbridge imports."""
    section = game["sessions"][0]["sections"][0]  # type: ignore[index]
    results, names = folder / "results.csv", folder / "names.csv"
    with results.open("w", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(["board", "ns", "ew", "contract", "declarer", "result"])
        for board in section["boards"]:
            for line in board["board_results"]:
                contract = (line["contract"] or "").replace(" ", "")
                played = contract.upper() not in ("", "PASS")
                entered = [contract, line["declarer"], line["result"]] if played else ["PASS", "", ""]
                writer.writerow([board["board_number"], line["ns_pair"], line["ew_pair"], *entered])
    pairs = section["pair_summaries"]
    with names.open("w", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(["pair", "direction", "player1", "player2", "masterpoints1", "masterpoints2"])
        for index, pair in enumerate(pairs):
            held = [player["mp_total"] or "" for player in pair["players"]]
            writer.writerow([pair["pair_number"], pair["direction"] or "", f"Player {2 * index + 1}",
                             f"Player {2 * index + 2}", *held])  # fmt: skip
    return results, names, pairs


ACBL_LIVE = real_files("*.html", "acbl")


@pytest.mark.slow
@pytest.mark.parametrize("page", ACBL_LIVE, ids=[page.name for page in ACBL_LIVE])
def test_a_published_acbl_stratified_game(page: Path, tmp_path: Path) -> None:
    """A club game as ACBL Live for Clubs publishes it: every pair's strat is the published one, and every place in
    a strat it publishes (those paid, in each field) is xlbridge's, ties included (ACBL Live's 1/2 is 1=)."""
    game = _acbl_live(page)
    assert game["stratification_type"] == "AVERAGE"
    limits = "/".join(str(strat["limit"] or "None") for strat in game["strats"])  # type: ignore[attr-defined]
    results, names, pairs = _written(game, tmp_path)
    done = xlbridge("import", str(results), "--names", str(names), "--method", "ACBL", "-o", "game.xlsx",
                    cwd=tmp_path)  # fmt: skip
    assert done.returncode == 0, done.stderr
    got = _strat_rows(xlbridge("ranking", "game.xlsx", "--strats", limits, "--csv", cwd=tmp_path))
    compared = 0
    for pair in pairs:
        key = f"{pair['pair_number']}{pair['direction'] or ''}"
        strat, *places = got[key]
        assert strat == "ABC"[int(pair["strat"]) - 1], key
        for published in pair["strat_place"] or []:
            if published["type"] != "Section":  # the event's overall places (NS and EW together) are not compared
                continue
            rank = published["rank"]
            shown = rank.split("/")[0] + "=" if "/" in rank else rank
            assert places[int(published["strat_number"]) - 1] == shown, (key, published)
            compared += 1
    assert compared >= 5  # each game publishes its paid places: 28 and 6 of them


def test_the_website_by_strats(imported: Path) -> None:
    """``publish --strats`` gives the website's ranking the strat and the place in each strat, row by row."""
    done = xlbridge("publish", str(imported), "-o", "site", "--strats", cwd=imported.parent)
    assert done.returncode == 0, done.stderr
    page = (imported.parent / "site" / "index.html").read_text(encoding="utf-8")
    assert "B under 750, C under 300 (pairs: A 6, B 6, C 6)" in page
    cells = re.findall(r'<th scope="row" class="pair"><a href="[^"]+">(\d+)</a></th>(.*?)</tr>', page, re.S)
    shown = [(pair, re.findall(r"<td[^>]*>([^<]*)</td>", rest)[-4:]) for pair, rest in cells]
    want = [(key[:-2], list(places)) for key, places in BY_AVERAGE.items()]
    assert shown == want


def test_masterpoints_typed_on_the_names_sheet(imported: Path, tmp_path: Path) -> None:
    """Masterpoints typed beside the Names block count once the workbook is computed again (the Strats sheet
    depends on them); one that is not a number of points is refused, each row named."""
    from .workbooks import typed_into

    typed_into(imported, tmp_path / "typed.xlsx", {"Names": {"I3": 2000, "J3": 2000}})  # 1 EW: from B to A
    done = xlbridge("ranking", "typed.xlsx", "--strats", "--csv", cwd=tmp_path)
    assert done.returncode == 2
    assert "it was changed and not computed since" in done.stderr
    assert xlbridge("calc", "typed.xlsx", "--in-place", cwd=tmp_path).returncode == 0
    done = xlbridge("ranking", "typed.xlsx", "--strats", "--csv", cwd=tmp_path)
    assert _strat_rows(done)["1EW"] == ("A", "3", "", "")
    typed_into(imported, tmp_path / "bad.xlsx", {"Names": {"I2": "lots", "J4": -5}})
    assert xlbridge("calc", "bad.xlsx", "--in-place", cwd=tmp_path).returncode == 0
    done = xlbridge("ranking", "bad.xlsx", "--strats", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        "xlbridge ranking: bad.xlsx: Names row 2: Masterpoints 1 'lots': expected the player's masterpoints, such as "
        "1040 or 2.5",
        "xlbridge ranking: bad.xlsx: Names row 4: Masterpoints 2 -5: masterpoints are not negative",
        "xlbridge ranking: bad.xlsx: 2 rows of masterpoints on the Names sheet cannot be read: put them right and try "
        "again",
    ]


# --- the workbook's Strats sheet (STRATRANKING) -------------------------------------------------------------------


def _strats_sheet(path: Path) -> dict[str, tuple[str, ...]]:
    """The Strats sheet's rows as its cells hold them, by pair: strat, then the place in A, B and C."""
    from xlbridge.excel.session import STRAT_COLUMNS
    from xlbridge.files.templates.layout import LAYOUT
    from xlbridge.files.workbook.xlsx import open_package, read_values

    values = read_values(open_package(path), "Strats")
    block = LAYOUT.strats
    rows = {}
    for row in range(block.first_row + 1, block.first_row + 60):
        cells = [values.get((row, col + 1)) for col in range(block.first_col, block.first_col + len(STRAT_COLUMNS))]
        if cells[1] in (None, ""):
            continue
        shown = dict(zip(STRAT_COLUMNS, ("" if cell is None else str(cell) for cell in cells), strict=True))
        rows[f"{int(float(shown['Pair']))}{shown['Direction']}"] = (shown["Strat"], shown["A"], shown["B"], shown["C"])
    return rows


def _computed(path: Path, folder: Path, typed: dict[str, dict[str, object]]) -> Path:
    """``path`` with cells typed as in Excel, then computed from its file (``calc``, as Excel recalculates)."""
    from .workbooks import typed_into

    edited = typed_into(path, folder / f"edited-{len(list(folder.iterdir()))}.xlsx", typed)
    done = xlbridge("calc", str(edited), "--in-place", cwd=folder)
    assert done.returncode == 0, done.stderr
    return edited


def test_the_strats_sheet_is_the_ranking_by_strats(imported: Path, tmp_path: Path) -> None:
    """The import writes the Strats sheet (750/300 by the players' average, as the names gave masterpoints) with what
    STRATRANKING gives: the workbook computed from its file holds the same cells, and both are ``ranking --strats``'s
    strats and places."""
    want = _strat_rows(xlbridge("ranking", str(imported), "--strats", "--csv", cwd=imported.parent))
    assert want == BY_AVERAGE
    assert _strats_sheet(imported) == want
    assert _strats_sheet(_computed(imported, tmp_path, {})) == want


def test_the_strats_sheet_follows_what_is_typed(imported: Path, tmp_path: Path) -> None:
    """Edited in Excel, the Strats sheet follows: a player's masterpoints typed beside the Names, the Settings cells
    Strats and Strat by; blank Strats, no strats."""
    from xlbridge.files.templates.layout import LAYOUT, STRAT_NAMES
    from xlbridge.files.workbook.xlsx import column_letters

    limits, rule = (f"{column_letters(col)}{row}" for row, col in (LAYOUT.setting(STRAT_NAMES[key]).position
                                                                   for key in ("strats", "strat_by")))  # fmt: skip
    moved = _strats_sheet(_computed(imported, tmp_path, {"Names": {"I3": 2000, "J3": 2000}}))  # 1 EW: from B to A
    assert moved["1EW"] == ("A", "3", "", "")
    higher = _computed(imported, tmp_path, {"Settings": {rule: "HIGHER"}})
    assert _strats_sheet(higher) == BY_HIGHER
    assert _strats_sheet(higher) == _strat_rows(xlbridge("ranking", str(higher), "--strats", "--strat-by", "HIGHER",
                                                         "--csv", cwd=tmp_path))  # fmt: skip
    two = _strats_sheet(_computed(imported, tmp_path, {"Settings": {limits: 500}}))
    assert (two["9NS"], two["4NS"]) == (("B", "2", "1", ""), ("B", "3", "2", ""))
    assert _strats_sheet(_computed(imported, tmp_path, {"Settings": {limits: None}})) == {}
