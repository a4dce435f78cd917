"""Rubber bridge, Chicago, and the historic rules of the seed documents."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from xlbridge import BridgeInputError, deal_score, imps
from xlbridge.engine.rubber import chicago, parse_deals, parse_honours, rubber
from xlbridge.excel import scoresheets
from xlbridge.files.templates import CLASSIC, LITE
from xlbridge.files.templates import rubber as rubber_templates

from .workbooks import blank, computed_book

SEED = (["N", "W", "W", "S", "N", "E"], ["2NT", "4H", "5C", "4SX", "3C", "6D"], [9, 10, 9, 11, 10, 12])


def play(declarers: list[str], contracts: list[str], results: list[object], honours: list[object] | None = None,
         rules: object = None, settle: bool = True) -> tuple[list, tuple[int, int]]:  # type: ignore[type-arg]  # fmt: skip
    return rubber(parse_deals(declarers, contracts, results, honours), rules, settle)


def test_seed_rubber() -> None:
    """The seed's six deals, South keeping score: NS 770, EW 1640, line by line as the seed writes them."""
    rows, totals = play(*SEED, honours=[None] * 5 + ["EW150"])
    assert totals == (770, 1640)
    assert [(r.ns_above, r.ns_below, r.ew_above, r.ew_below) for r in rows] == [
        (30, 70, 0, 0),  # 2NT made 9: 70 below, 30 above
        (0, 0, 0, 120),  # 4H made: EW game
        (200, 0, 0, 0),  # 5C down 2, EW vulnerable: 200 above to NS
        (150, 240, 0, 0),  # 4SX made 11, NS not vulnerable: 240 below, 100 overtrick + 50 insult above
        (20, 60, 0, 0),  # 3C made 10
        (0, 0, 1400, 120),  # 6D made 12: 750 slam + 150 honours + 500 rubber (2-1)
    ]
    assert [r.marker for r in rows][1] == "line: game to EW"
    assert rows[-1].marker == "rubber to EW 2-1: +500"
    assert [r.vulnerability.value for r in rows] == ["None", "EW", "EW", "Both", "Both", "None"]


def test_two_nil_rubber() -> None:
    """Two games in a row: 700."""
    rows, totals = play(["N", "S"], ["4S", "3NT"], ["=", "="])
    assert rows[-1].marker == "rubber to NS 2-0: +700"
    assert totals == (120 + 100 + 700, 0)


def test_unfinished_rubber_bonuses() -> None:
    """Law 80: 300 for the only game; 100 for the only partscore in the unfinished game; nothing when both have one."""
    assert play(["N"], ["4S"], ["="])[1] == (120 + 300, 0)
    assert play(["E"], ["2H"], ["="])[1] == (0, 60 + 100)
    assert play(["N", "E"], ["4S", "2H"], ["=", "="])[1] == (120 + 300, 60 + 100)
    assert play(["N", "E"], ["2S", "2H"], ["=", "="])[1] == (60, 60)  # both have a partscore: neither scores 100
    assert play(["N", "E"], ["4S", "4H"], ["=", "="])[1] == (120, 120)  # a game each: no 300
    rows, _ = play(["N"], ["4S"], ["="])
    assert rows[-1].marker == "line: game to NS; unfinished rubber: NS +300 for the only game"


@pytest.mark.parametrize(("rules", "partscore"), [("2017", 100), ("1993", 100), ("1935", 50), ("1932", 50)])
def test_the_unfinished_partscore_by_era(rules: str, partscore: int) -> None:
    """The only partscore in an unfinished game: 50 under the 1932 and 1935 codes, 100 from the 1993 Laws (Law 80);
    the only game 300 in every era. The engine and the worksheet function give the same."""
    deals = parse_deals(["N", "E"], ["2S", "4H"], ["=", "="])
    assert rubber(deals[:1], rules)[1] == (60 + partscore, 0)
    assert rubber(deals, rules)[1] == (60, 120 + 300)  # EW's game ends NS's partscore's game: no bonus for it
    assert scoresheets.rubbertotal([["N"]], [["2S"]], [["="]], None, rules) == [[60 + partscore, 0]]


def test_a_game_cuts_off_the_other_sides_partscore() -> None:
    """NS's 60 below the line does not count once EW make a game: NS need 100 again."""
    rows, _ = play(["N", "E", "N"], ["2S", "4H", "2S"], ["=", "=", "="], settle=False)
    assert [r.games for r in rows] == [(0, 0), (0, 1), (0, 1)]


def test_honours_held_by_the_defenders() -> None:
    """Honours score to the side holding them, whoever declares and whether or not the contract makes."""
    _, totals = play(["E"], ["4H"], ["-1"], honours=[100], settle=False)
    assert totals == (50 + 100, 0)
    _, totals = play(["E"], ["4H"], ["="], honours=["NS100"], settle=False)
    assert totals == (100, 120)
    assert [parse_honours(x) for x in ("NS100", "EW150", "e-w 150", -150, 100.0, None)] == [
        100,
        -150,
        -150,
        -150,
        100,
        0,
    ]


def test_redoubled_game_and_the_insult_by_era() -> None:
    """1NTXX made is a game below the line; the insult is 100 since 1993, 50 before."""
    rows, _ = play(["N"], ["1NTXX"], ["="], settle=False)
    assert (rows[0].ns_below, rows[0].ns_above, rows[0].games) == (160, 100, (1, 0))
    rows, _ = play(["N"], ["1NTXX"], ["="], rules="1935", settle=False)
    assert rows[0].ns_above == 50


def test_several_rubbers_in_sequence() -> None:
    """After a rubber ends the next starts at love: vulnerability and games reset."""
    rows, totals = play(["N", "S", "E", "W", "E"], ["4S", "3NT", "4H", "4S", "2H"], ["="] * 5)
    assert [r.games for r in rows] == [(1, 0), (0, 0), (0, 1), (0, 0), (0, 0)]
    assert rows[1].marker == "rubber to NS 2-0: +700"
    assert rows[3].marker == "rubber to EW 2-0: +700"
    assert totals == (120 + 100 + 700, 120 + 120 + 700 + 60 + 100)


def test_passed_out_deal_in_rubber() -> None:
    """A passed-out deal scores nothing and changes nothing."""
    rows, totals = play(["", "N"], ["PASS", "4S"], ["", "="], settle=False)
    assert rows[0].marker == "passed out: redealt"
    assert totals == (120, 0)


def test_chicago_set_with_a_deal_four_partscore() -> None:
    """Deal 1 none, 2 and 3 the dealer's side, 4 both; games 300/500 at once; a partscore on deal 4 earns 100."""
    deals = parse_deals(["N", "E", "S", "W"], ["2S", "3NT", "2D", "2H"], ["=", "=", "=", "+1"])
    rows, totals = chicago(deals)
    assert [(r.deal, r.dealer.value, r.vulnerability.value) for r in rows] == [
        (1, "N", "None"), (2, "E", "EW"), (3, "S", "NS"), (4, "W", "Both")
    ]  # fmt: skip
    assert [(r.ns_points, r.ew_points) for r in rows] == [(60, 0), (0, 600), (40, 0), (0, 90 + 100)]
    assert rows[3].marker == "partscore on deal 4: +100 to EW; end of the chicago"
    assert totals == (100, 790)


def test_chicago_partscores_carry_and_passed_out_is_redealt() -> None:
    """Two partscores make a game; a passed-out deal is redealt by the same dealer."""
    deals = parse_deals(["N", "", "S", "E", "W"], ["2S", "PASS", "2H", "4H", "1NT"], ["=", "", "=", "=", "="])
    rows, _ = chicago(deals)
    assert [(r.deal, r.dealer.value) for r in rows] == [(1, "N"), (2, "E"), (2, "E"), (3, "S"), (4, "W")]
    assert rows[2].ns_points == 60 + 300  # 60 + 60 below the line: game, not vulnerable on deal 2 (EW's)
    assert rows[2].marker == "game to NS: +300"


@pytest.mark.parametrize(
    ("rules", "doubling", "vulnerable", "each"),
    [
        ("2017", "", False, [50, 50, 50, 50, 50]),
        ("2017", "", True, [100, 100, 100, 100, 100]),
        ("2017", "X", False, [100, 200, 200, 300, 300]),
        ("2017", "X", True, [200, 300, 300, 300, 300]),
        ("2017", "XX", False, [200, 400, 400, 600, 600]),
        ("2017", "XX", True, [400, 600, 600, 600, 600]),
        ("1935", "", False, [50, 50, 50, 50, 50]),
        ("1935", "", True, [100, 100, 100, 100, 100]),
        ("1935", "X", False, [100, 200, 200, 200, 200]),
        ("1935", "X", True, [200, 300, 300, 300, 300]),
        ("1935", "XX", False, [200, 400, 400, 400, 400]),
        ("1935", "XX", True, [400, 600, 600, 600, 600]),
        ("1932", "", False, [50, 50, 50, 50, 50]),
        ("1932", "", True, [100, 150, 200, 250, 300]),
        ("1932", "X", False, [100, 150, 200, 250, 300]),
        ("1932", "X", True, [200, 300, 400, 500, 600]),
        ("1932", "XX", False, [200, 300, 400, 500, 600]),
        ("1932", "XX", True, [400, 600, 800, 1000, 1200]),
    ],
)
def test_every_undertrick_ladder(rules: str, doubling: str, vulnerable: bool, each: list[int]) -> None:
    """Each era's penalty for each of the first five undertricks, as the seed documents tabulate them."""
    totals = list(itertools.accumulate(each))
    assert [-deal_score(f"7NT{doubling}", -down, vulnerable, rules) for down in range(1, 6)] == totals


def test_making_redoubled_by_era() -> None:
    """Making redoubled: +100 under the current Laws, +50 in 1935-1987 and before."""
    assert deal_score("2SXX", "=", False) - deal_score("2SXX", "=", False, "1935") == 50
    assert deal_score("2SXX", "=", False, "1987") == deal_score("2SXX", "=", False, "2017")


# Historic IMP tables, every row: (lowest difference, highest difference, IMPs).
EMP_1938 = [(0, 0, 0), (10, 30, 1), (40, 60, 2), (70, 100, 3), (110, 180, 4), (190, 290, 5), (300, 390, 6),
            (400, 490, 7), (500, 590, 8), (600, 740, 9), (750, 1490, 10), (1500, 1990, 11),
            (2000, 5000, 12)]  # fmt: skip
IMP_1948 = [(0, 10, 0), (20, 40, 1), (70, 130, 2), (140, 210, 3), (220, 340, 4), (350, 490, 5), (500, 740, 6),
            (750, 990, 7), (1000, 1240, 8), (1250, 1490, 9), (1500, 1990, 10), (2000, 2490, 11), (2500, 2990, 12),
            (3000, 3490, 13), (3500, 3990, 14), (4000, 7000, 15)]  # fmt: skip
IMP_1961 = [(0, 10, 0), (20, 40, 1), (50, 80, 2), (90, 120, 3), (130, 160, 4), (170, 210, 5), (220, 260, 6),
            (270, 310, 7), (320, 360, 8), (370, 420, 9), (430, 490, 10), (500, 590, 11), (600, 690, 12),
            (700, 790, 13), (800, 890, 14), (900, 1040, 15), (1050, 1190, 16), (1200, 1340, 17), (1350, 1490, 18),
            (1500, 1740, 19), (1750, 1990, 20), (2000, 2240, 21), (2250, 2490, 22), (2500, 2990, 23),
            (3000, 3490, 24), (3500, 7000, 25)]  # fmt: skip


@pytest.mark.parametrize(
    ("scale", "rows"), [("1938", EMP_1938), ("1948", IMP_1948), ("1961", IMP_1961)], ids=["1938", "1948", "1961"]
)
def test_every_historic_imp_row(scale: str, rows: list[tuple[int, int, int]]) -> None:
    """Both ends of every row of each historic IMP table, both signs."""
    for low, high, value in rows:
        for difference in (low, high):
            assert imps(difference, scale) == value, (scale, difference)
            assert imps(-difference, scale) == -value


def test_1948_gap_counts_in_the_lower_band() -> None:
    """The seed's 1948 table prints no band for 50-60: those differences stay in 20-40's band (1 IMP)."""
    assert [imps(d, "1948") for d in (40, 50, 60, 70)] == [1, 1, 1, 2]


def test_1962_is_the_current_scale() -> None:
    """1962 is today's WBF table."""
    assert all(imps(d, "1962") == imps(d) for d in range(0, 5000, 10))


def test_bad_input_becomes_error_values() -> None:
    """An 8-level contract or honours of 120: that deal is an error with its reason; later deals are not scored."""
    column = lambda *values: [[value] for value in values]  # noqa: E731
    sheet = scoresheets.rubbersheet(column("N", "E", "S"), column("4S", "8H", "2S"), column("=", "=", "="))
    assert sheet[0][:4] == [0, 120, 0, 0]
    assert sheet[1][0] == "#VALUE!"
    assert sheet[1][6] == "deal 2: contract '8H': the level must be 1 to 7"
    assert sheet[2][0] == "#N/A"
    assert [row[-2:] for row in sheet] == [[120, 0], ["#VALUE!", "#VALUE!"], ["#N/A", "#N/A"]]
    assert scoresheets.rubbertotal(column("N", "E"), column("4S", "8H"), column("=", "=")) == [["#VALUE!", "#VALUE!"]]
    honours = scoresheets.rubbersheet(column("N"), column("4S"), column("="), column(120))
    assert honours[0][0] == "#NUM!"
    assert "honours 120" in honours[0][6]
    assert scoresheets.chicagototal(column("N"), column("4S"), column("=")) == [[420, 0]]
    with pytest.raises(BridgeInputError, match="at notrump only the four aces count"):
        parse_deals(["N"], ["3NT"], ["="], [100])


def test_rubber_template(tmp_path: Path) -> None:
    """The rubber scoresheet computed: the seed rubber and a second, unfinished one, with running totals."""
    deals = [(d, c, str(r), "EW150" if i == 5 else "") for i, (d, c, r) in enumerate(zip(*SEED, strict=True))]
    deals += [("N", "4S", "=", "NS100")]
    book = computed_book(tmp_path, "rubber", lambda path: rubber_templates.build_rubber(path, LITE, deals=deals))
    assert book.errors() == []
    assert (book.value("Rubber", "D4"), book.value("Rubber", "E4")) == (770 + 100 + 120 + 300, 1640)
    assert book.column("Rubber", "L", 8, 7)[5] == "rubber to EW 2-1: +500"
    assert book.column("Rubber", "M", 8, 6) == [100, 100, 300, 690, 770, 770]
    assert book.column("Rubber", "N", 8, 6) == [0, 120, 120, 120, 120, 1640]
    assert blank(book.value("Rubber", "F15"))


def test_chicago_template(tmp_path: Path) -> None:
    """The Chicago scoresheet computed, with the four-deal wheel for the first dealer."""
    deals = [("N", "2S", "=", ""), ("E", "3NT", "=", ""), ("S", "2D", "=", ""), ("W", "2H", "+1", "")]
    book = computed_book(tmp_path, "chicago", lambda path: rubber_templates.build_chicago(path, CLASSIC, deals=deals))
    assert book.errors() == []
    assert book.column("Chicago", "L", 3, 4) == ["N", "E", "S", "W"]  # the wheel
    assert book.column("Chicago", "M", 3, 4) == ["None", "EW", "NS", "Both"]
    assert (book.value("Chicago", "D4"), book.value("Chicago", "E4")) == (100, 790)
    assert book.column("Chicago", "I", 8, 4) == [60, 0, 40, 0]


def test_chicago_honours_where_a_club_scores_them(tmp_path: Path) -> None:
    """The Chicago sheet's Honours column: honours go to the side holding them, whoever declares (as in rubber
    bridge), towards no game; a blank column scores none."""
    deals = [("N", "2S", "=", "EW100"), ("E", "3NT", "=", ""), ("S", "2D", "=", "+150"), ("W", "2H", "+1", "")]
    book = computed_book(tmp_path, "chicago", lambda path: rubber_templates.build_chicago(path, CLASSIC, deals=deals))
    assert book.errors() == []
    assert (book.value("Chicago", "D4"), book.value("Chicago", "E4")) == (100 + 150, 790 + 100)
    assert book.column("Chicago", "I", 8, 4) == [60, 0, 190, 0]  # 40 + 150 on deal 3
    assert book.column("Chicago", "J", 8, 4) == [100, 600, 0, 190]
    assert book.column("Chicago", "K", 8, 4) == [60, 0, 40, 40]  # honours are no partscore: 2D= is 40


def test_chicago_with_the_dealers_opponents_vulnerable() -> None:
    """The other convention (ACBL: "by mutual agreement, the vulnerability on the second and third deals may be
    switched"; Bicycle: "on the second and third deals the dealer's side is not vulnerable and the opposing side is
    vulnerable instead"): the same set scores East-West's 3NT on deal 2 not vulnerable, +400 instead of +600."""
    deals = parse_deals(["N", "E", "S", "W"], ["2S", "3NT", "2D", "2H"], ["=", "=", "=", "+1"])
    for name in ("NON-DEALER", "nondealer", " Opponents ", "switched"):
        rows, totals = chicago(deals, wheel=name)
        assert [(r.deal, r.dealer.value, r.vulnerability.value) for r in rows] == [
            (1, "N", "None"), (2, "E", "NS"), (3, "S", "EW"), (4, "W", "Both")
        ]  # fmt: skip
        assert [(r.ns_points, r.ew_points) for r in rows] == [(60, 0), (0, 400), (40, 0), (0, 90 + 100)]
        assert totals == (100, 590)
    assert chicago(deals, wheel="DEALER") == chicago(deals) == chicago(deals, wheel="standard")
    with pytest.raises(BridgeInputError, match=r"wheel 'SOUTH': must be one of DEALER \(or STANDARD\), NON-DEALER"):
        chicago(deals, wheel="SOUTH")


def test_chicago_wheel_in_a_sheet() -> None:
    """CHICAGOTOTAL and CHICAGOSHEET take the wheel after the first dealer; a bad one is #VALUE! with its reason."""
    column = lambda *values: [[value] for value in values]  # noqa: E731
    declarers, contracts, results = column("N", "E"), column("2S", "3NT"), column("=", "=")
    assert scoresheets.chicagototal(declarers, contracts, results) == [[60, 600]]
    assert scoresheets.chicagototal(declarers, contracts, results, "N", "NON-DEALER") == [[60, 400]]
    sheet = scoresheets.chicagosheet(declarers, contracts, results, None, "non-dealer")
    assert [row[2] for row in sheet] == ["None", "NS"]
    assert [row[-2:] for row in sheet] == [[60, 0], [60, 400]]  # the running totals end each row
    bad = scoresheets.chicagosheet(declarers, contracts, results, "N", "upside down")
    assert bad[0][0] == "#VALUE!"
    assert bad[0][7].startswith("wheel 'upside down': must be one of DEALER")
    assert bad[0][-2:] == ["#VALUE!", "#VALUE!"]


def test_chicago_wheel_function() -> None:
    """CHICAGOWHEEL: each deal's dealer (clockwise from the first) and vulnerability, by the wheel chosen; a bad
    first dealer or wheel is an error with its reason beside it."""
    assert scoresheets.chicagowheel() == [["N", "None"], ["E", "EW"], ["S", "NS"], ["W", "Both"]]
    assert scoresheets.chicagowheel("W", "NON-DEALER") == [["W", "None"], ["N", "EW"], ["E", "NS"], ["S", "Both"]]
    assert scoresheets.chicagowheel([["e"]], [[""]]) == [["E", "None"], ["S", "NS"], ["W", "EW"], ["N", "Both"]]
    bad = scoresheets.chicagowheel("X")
    assert len(bad) == 4
    assert bad[0][0] == "#VALUE!"
    assert "first_dealer" in bad[0][1]


@pytest.mark.parametrize(
    ("wheel", "shown"), [("NON-DEALER", ["None", "NS", "EW", "Both"]), ("", ["None", "EW", "NS", "Both"])]
)
def test_chicago_template_wheel(tmp_path: Path, wheel: str, shown: list[str]) -> None:
    """The Chicago template's drop-down chooses the wheel: the four-deal wheel and the scores follow it."""
    deals = [("N", "2S", "=", ""), ("E", "3NT", "=", ""), ("S", "2D", "=", ""), ("W", "2H", "+1", "")]
    book = computed_book(
        tmp_path, "chicago", lambda path: rubber_templates.build_chicago(path, LITE, deals=deals, wheel=wheel)
    )
    assert book.errors() == []
    assert book.value("Chicago", "B5") == (wheel or "DEALER")
    assert book.column("Chicago", "M", 3, 4) == shown
    assert book.column("Chicago", "H", 8, 4) == shown
    assert (book.value("Chicago", "D4"), book.value("Chicago", "E4")) == ((100, 590) if wheel else (100, 790))
