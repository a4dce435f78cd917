"""Discrete VP scales that depend on the match's length (ACBL20, ACBL30, SBU20), checked against the tables as
published: marcshearer/BridgeScore's impsToVpsAcbl and impsToVpsSbu (cut-offs for 11 ... 20 VPs, one row per band of
board counts) and bridgehands.com's Victory_Points.htm (IMP ranges per result, 20 and 30 points)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from xlbridge import BridgeInputError, Reason, udfs, victory_points, vp20, vp30
from xlbridge.engine.scales import vp_scales
from xlbridge.excel import FUNCTIONS
from xlbridge.files.demo_data import demo_data
from xlbridge.files.templates import CLASSIC, teams_match
from xlbridge.files.templates.match_layout import AWAY_COL, HOME_COL, SUMMARY
from xlbridge.files.workbook.calc import calc_workbook
from xlbridge.rules import MATCH_VP_SCALES, VP_SCALES, BandScale
from xlbridge.rules.scales import ACBL_20, ACBL_30, SBU_20, MatchLengthVPScale

from .test_registries import drop_down
from .workbooks import Book

# BridgeScore, "Bridge Calculations.swift", impsToVpsAcbl: (first board, last board, cut-offs for 11 ... 20 VPs).
BRIDGESCORE_ACBL = [
    (1, 8, [1, 3, 5, 8, 11, 14, 17, 20, 24, 28]),
    (9, 11, [1, 3, 6, 10, 14, 18, 22, 26, 31, 36]),
    (12, 15, [1, 4, 7, 11, 15, 20, 25, 30, 36, 42]),
    (16, 20, [2, 5, 9, 14, 19, 25, 32, 39, 47, 56]),
    (21, 27, [3, 7, 12, 18, 25, 33, 42, 51, 61, 72]),
    (28, 36, [4, 9, 15, 22, 30, 39, 49, 60, 72, 85]),
]
# BridgeScore, impsToVpsSbu.
BRIDGESCORE_SBU = [
    (1, 4, [1, 3, 5, 7, 9, 11, 13, 15, 17, 20]),
    (5, 6, [1, 3, 5, 7, 9, 12, 15, 18, 21, 25]),
    (7, 9, [1, 3, 5, 7, 10, 13, 17, 21, 25, 30]),
    (10, 13, [1, 3, 6, 9, 12, 16, 20, 25, 30, 35]),
    (14, 19, [2, 5, 9, 13, 17, 21, 25, 29, 34, 40]),
    (20, 27, [2, 5, 9, 13, 18, 23, 29, 35, 42, 50]),
    (28, 39, [2, 5, 9, 14, 20, 26, 33, 41, 50, 60]),
    (40, 55, [2, 6, 11, 17, 24, 32, 40, 49, 59, 70]),
]
# bridgehands.com, "20 Point Victory Scale": IMP difference -> victory points, for 6-8 and for 9-11 boards.
BRIDGEHANDS_20 = {
    (6, 8): [("0", "10-10"), ("1-2", "11-9"), ("3-4", "12-8"), ("5-7", "13-7"), ("8-10", "14-6"), ("11-13", "15-5"),
             ("14-16", "16-4"), ("17-19", "17-3"), ("20-23", "18-2"), ("24-27", "19-1"), ("28+", "20-0")],
    (9, 11): [("0", "10-10"), ("1-2", "11-9"), ("3-5", "12-8"), ("6-9", "13-7"), ("10-13", "14-6"), ("14-17", "15-5"),
              ("18-21", "16-4"), ("22-25", "17-3"), ("26-30", "18-2"), ("31-35", "19-1"), ("36+", "20-0")],
}  # fmt: skip
# bridgehands.com, "30 Point Victory Scale".
BRIDGEHANDS_30 = {
    (6, 8): [("0", "15-15"), ("1", "18-12"), ("2", "19-11"), ("3", "20-10"), ("4", "21-9"), ("5-6", "22-8"),
             ("7-8", "23-7"), ("9-10", "24-6"), ("11-13", "25-5"), ("14-16", "26-4"), ("17-19", "27-3"),
             ("20-23", "28-2"), ("24-27", "29-1"), ("28+", "30-0")],
    (9, 11): [("0", "15-15"), ("1", "18-12"), ("2", "19-11"), ("3-4", "20-10"), ("5-6", "21-9"), ("7-8", "22-8"),
              ("9-11", "23-7"), ("12-14", "24-6"), ("15-17", "25-5"), ("18-21", "26-4"), ("22-25", "27-3"),
              ("26-30", "28-2"), ("31-35", "29-1"), ("36+", "30-0")],
}  # fmt: skip


def cutoff_rows(name: str, published: list[tuple[int, int, list[int]]]) -> list[tuple[str, int, int, int, int, int]]:
    """(scale, first board, last board, margin, winner, loser) for every cut-off of every band, and the margin just
    below it (which earns one VP less, or the tie)."""
    rows = []
    for first, last, cutoffs in published:
        for vps, cutoff in enumerate(cutoffs, start=11):
            rows.append((name, first, last, cutoff, vps, 20 - vps))
            rows.append((name, first, last, cutoff - 1, vps - 1, 21 - vps))
    return rows


def range_rows(
    name: str, published: dict[tuple[int, int], list[tuple[str, str]]]
) -> list[tuple[str, int, int, int, int, int]]:
    """Both ends of every IMP range of bridgehands.com's tables (the open-ended last one at its start and far
    beyond)."""
    rows = []
    for (first, last), table in published.items():
        for imps, result in table:
            winner, loser = map(int, result.split("-"))
            low, _, high = imps.partition("-")
            ends = (
                [int(low.rstrip("+")), int(low.rstrip("+")) + 50]
                if imps.endswith("+")
                else [int(low), int(high or low)]
            )
            rows += [(name, first, last, margin, winner, loser) for margin in ends]
    return rows


ROWS = (
    cutoff_rows("ACBL20", BRIDGESCORE_ACBL)
    + cutoff_rows("SBU20", BRIDGESCORE_SBU)
    + range_rows("ACBL20", BRIDGEHANDS_20)
    + range_rows("ACBL30", BRIDGEHANDS_30)
)


@pytest.mark.parametrize(("scale", "first", "last", "margin", "winner", "loser"), ROWS)
def test_every_cutoff_of_every_band(scale: str, first: int, last: int, margin: int, winner: int, loser: int) -> None:
    """Each band's cut-offs as published, at both ends of the band's board counts: the winner's VPs, and the
    loser's (the total less the winner's)."""
    for boards in (first, last):
        assert victory_points(margin, scale, boards) == winner
        assert victory_points(-margin, scale, boards) == loser


@pytest.mark.parametrize(
    ("scale", "published"),
    [(ACBL_20, BRIDGESCORE_ACBL), (SBU_20, BRIDGESCORE_SBU)],
    ids=["ACBL20", "SBU20"],
)
def test_the_registry_holds_the_published_bands(
    scale: MatchLengthVPScale, published: list[tuple[int, int, list[int]]]
) -> None:
    """The bands are exactly BridgeScore's, no more (no band beyond the last published board count)."""
    assert [(first, last, list(cutoffs)) for first, last, cutoffs in scale.bands] == published


def test_acbl30_has_only_the_published_bands() -> None:
    """Only the 6-8 and 9-11 board tables of the 30-VP scale are published (16 and 17 VPs are never given)."""
    assert [(first, last) for first, last, _ in ACBL_30.bands] == list(BRIDGEHANDS_30)
    for boards in range(6, 12):
        assert {victory_points(m, "ACBL30", boards) for m in range(60)}.isdisjoint({16, 17})


@pytest.mark.parametrize(
    ("scale", "boards", "bands"),
    [
        ("ACBL20", 0, "1-8, 9-11, 12-15, 16-20, 21-27 or 28-36"),
        ("ACBL20", 37, "1-8, 9-11, 12-15, 16-20, 21-27 or 28-36"),
        ("ACBL30", 5, "6-8 or 9-11"),
        ("ACBL30", 12, "6-8 or 9-11"),
        ("SBU20", 56, "1-4, 5-6, 7-9, 10-13, 14-19, 20-27, 28-39 or 40-55"),
    ],
)
def test_a_length_outside_the_bands_is_an_error_naming_them(scale: str, boards: int, bands: str) -> None:
    """Never a guess: a board count with no published table is an error (#NUM! in a cell) that lists the bands."""
    with pytest.raises(
        BridgeInputError, match=f"boards {boards}: the {scale} scale is published for matches of {bands} boards only"
    ) as caught:
        victory_points(10, scale, boards)
    assert caught.value.reason is Reason.OUT_OF_RANGE
    total = "VP30" if scale == "ACBL30" else "VP20"
    # in a sheet 0 is what xlwings Lite passes for an empty cell: the boards are missing there
    assert FUNCTIONS[total](10, boards, scale) == [["#NUM!" if boards else "#VALUE!"]]


def test_the_length_is_needed() -> None:
    """A scale by match length without the number of boards cannot be read."""
    with pytest.raises(BridgeInputError, match="boards missing: the SBU20 scale depends on the number of boards"):
        victory_points(10, "SBU20")
    assert FUNCTIONS["VP20"](10, None, "SBU20") == [["#VALUE!"]]


def test_the_short_scales_are_the_first_bands() -> None:
    """The discrete 20 and 30 scales are the ACBL's tables for short matches: ACBL20's 1-8 and ACBL30's 6-8."""
    for margin in range(-40, 41):
        assert vp20(margin) == victory_points(margin, "ACBL20", 8)
        assert vp30(margin) == victory_points(margin, "ACBL30", 8)


def test_in_a_sheet() -> None:
    """VP20 and VP30 take the scale after the boards; without it they behave as before (VP20 with boards is the WBF
    scale; VP30 with boards is the ACBL's 30-VP table for that length). A scale out of the other total is refused."""
    margins, boards = [[30], [-30], [12]], [[16], [16], [8]]
    assert FUNCTIONS["VP20"](margins, boards, "ACBL20") == [[16], [4], [15]]
    assert udfs.VP_20(margins, boards, [["acbl20"], ["ACBL20"], ["SBU20"]]) == [[16], [4], [15]]
    assert FUNCTIONS["VP20"](40, 8) == [[19.74]]
    assert FUNCTIONS["VP20"](40, 8, "20") == [[20]]
    assert FUNCTIONS["VP30"](4, 10) == [[20]]
    assert FUNCTIONS["VP30"](4) == [[21]]
    assert FUNCTIONS["VP30"](4, 10, "ACBL30") == [[20]]
    assert FUNCTIONS["VP20"](4, 10, "ACBL30") == [["#VALUE!"]]
    assert FUNCTIONS["VP30"](4, 10, "SBU20") == [["#VALUE!"]]
    assert FUNCTIONS["VP20"](4, 10, "NOSUCH") == [["#VALUE!"]]


def test_a_tiny_private_scale() -> None:
    """The engine reads any table of the kind, not only the shipped ones."""
    tiny = MatchLengthVPScale("tiny", "test", 4, (3, 4), ((1, 2, (5, 10)), (3, 9, (10, 20))))
    assert [victory_points(m, tiny, 2) for m in (0, 4, 5, 10, -10)] == [2, 2, 3, 4, 0]
    assert [victory_points(m, tiny, 3) for m in (9, 10, 19, 20)] == [2, 3, 3, 4]
    assert isinstance(tiny.tables[0], BandScale)
    with pytest.raises(ValueError, match="does not fit"):
        MatchLengthVPScale("bad", "test", 4, (3, 4), ((1, 5, (5, 10)), (4, 9, (10, 20))))


@pytest.mark.parametrize("name", MATCH_VP_SCALES.all_names())
def test_every_scale_by_every_name(name: str) -> None:
    """Each entry by each of its names, in any case, from the Python API and the sheet."""
    entry = MATCH_VP_SCALES.find(name)
    assert entry is not None
    boards = entry.bands[0][1]
    assert victory_points(12, name.lower(), boards) == entry.tables[0](12)
    total = "VP30" if entry.total == 30 else "VP20"
    assert FUNCTIONS[total](12, boards, f" {name} ") == [[entry.tables[0](12)]]


def band_table(scale: MatchLengthVPScale) -> str:
    """A scale by match length as the reference shows it: one row per band, the cut-off for each winner's VPs."""
    rows = [
        "| boards | " + " | ".join(str(value) for value in scale.values) + " |",
        "|---|" + "---|" * len(scale.values),
    ]
    rows += [f"| {first}-{last} | " + " | ".join(map(str, cutoffs)) + " |" for first, last, cutoffs in scale.bands]
    return "\n".join(rows)


@pytest.mark.parametrize("scale", list(MATCH_VP_SCALES), ids=lambda scale: scale.name)
def test_readme_shows_every_band(scale: MatchLengthVPScale) -> None:
    """The reference (docs/choices.md) prints each scale's bands exactly as the registry holds them (regenerate from
    here)."""
    from pathlib import Path

    page = (Path(__file__).resolve().parent.parent / "docs" / "choices.md").read_text(encoding="utf-8")
    assert band_table(scale) in page, f"docs/choices.md should show {scale.name} as:\n\n{band_table(scale)}\n"


def test_teams_workbooks_offer_the_match_length_scales(tmp_path: Path) -> None:
    """The team-match and teams-event drop-downs offer every 20-VP scale, one table or by match length, in the
    registries' order."""
    offered = [scale.name for scale in vp_scales(total=20)]
    assert offered == [
        *(s.name for s in VP_SCALES if s.total == 20),
        *(s.name for s in MATCH_VP_SCALES if s.total == 20),
    ]
    assert {"ACBL20", "SBU20"} <= set(offered)
    for template in ("teams-match", "teams-event"):
        assert drop_down(template, "VP scales", tmp_path) == offered, template


@pytest.mark.parametrize("scale", ["ACBL20", "SBU20"])
def test_team_match_workbook_scores_victory_points_by_its_length(tmp_path: Path, scale: str) -> None:
    """The demo's team match with a match-length scale chosen: the workbook, computed as `xlbridge calc` computes
    it, shows the VPs of the band for the boards played (from the engine's scale, not the 8-board table)."""
    match = replace(demo_data().match, vp_scale=scale)
    path = tmp_path / "match.xlsx"
    teams_match.build(path, CLASSIC, match=match)
    out, _ = calc_workbook(path, tmp_path / "computed.xlsx")
    book = Book(out)
    row = SUMMARY["Victory points"] + 1
    home, away = book.sheets["Match"][(row, HOME_COL + 1)], book.sheets["Match"][(row, AWAY_COL + 1)]
    imps_row = SUMMARY["IMPs"] + 1
    margin = book.sheets["Match"][(imps_row, HOME_COL + 1)] - book.sheets["Match"][(imps_row, AWAY_COL + 1)]
    played = book.sheets["Match"][(SUMMARY["Boards played"] + 1, HOME_COL + 1)]
    assert (home, away) == (victory_points(margin, scale, played), victory_points(-margin, scale, played))
    assert home + away == 20
