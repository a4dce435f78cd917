"""IMP scales and victory points."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from xlbridge import BridgeInputError, imps, victory_points, vp20, vp30, wbf_vp
from xlbridge.engine.scales import wbf_vp_table
from xlbridge.rules import BandScale

# The WBF IMP scale as printed: (lowest difference, highest difference, IMPs).
WBF_PRINTED = [
    (0, 10, 0), (20, 40, 1), (50, 80, 2), (90, 120, 3), (130, 160, 4), (170, 210, 5), (220, 260, 6),
    (270, 310, 7), (320, 360, 8), (370, 420, 9), (430, 490, 10), (500, 590, 11), (600, 740, 12),
    (750, 890, 13), (900, 1090, 14), (1100, 1290, 15), (1300, 1490, 16), (1500, 1740, 17),
    (1750, 1990, 18), (2000, 2240, 19), (2250, 2490, 20), (2500, 2990, 21), (3000, 3490, 22),
    (3500, 3990, 23), (4000, 7600, 24),
]  # fmt: skip


@pytest.mark.parametrize(("low", "high", "value"), WBF_PRINTED)
def test_every_imp_boundary(low: int, high: int, value: int) -> None:
    """Both ends of every printed band, positive and negative."""
    for difference in (low, high):
        assert imps(difference) == value
        assert imps(-difference) == -value


def test_between_bands_counts_in_the_lower_band() -> None:
    """A difference between two printed bands (15) counts in the lower one; floats and text read as numbers."""
    assert imps(15) == 0
    assert imps(45.0) == 1
    assert imps("620") == 12
    assert imps(" -50 ") == -2


@pytest.mark.parametrize("bad", ["abc", None, True, float("nan")])
def test_imps_refuse_non_numbers(bad: object) -> None:
    """Text, blanks, booleans and NaN are not point differences."""
    with pytest.raises(BridgeInputError, match="points"):
        imps(bad)


@given(st.integers(-8000, 8000))
def test_imps_are_odd_and_monotone(difference: int) -> None:
    """IMP(-d) = -IMP(d), and IMPs never fall as the difference rises."""
    assert imps(-difference) == -imps(difference)
    assert imps(difference + 10) >= imps(difference)


def test_unknown_scale() -> None:
    """An unknown scale name lists the allowed ones."""
    with pytest.raises(
        BridgeInputError, match=r"scale 'ACBL': must be one of WBF \(or CURRENT, 1962\), 1961, 1948, 1938"
    ):
        imps(100, "ACBL")


def test_a_tiny_private_scale() -> None:
    """The engine reads any band table, not only the shipped ones."""
    tiny = BandScale("tiny", "test", ((0, 0), (100, 5)))
    assert (imps(99, tiny), imps(100, tiny), imps(-250, tiny)) == (0, 5, -5)
    with pytest.raises(ValueError, match="must start at 0"):
        BandScale("bad", "test", ((10, 1),))


# The seed documents' discrete scales, every row: (lowest margin, highest margin, winner, loser).
VP20_ROWS = [
    (0, 0, 10, 10), (1, 2, 11, 9), (3, 4, 12, 8), (5, 7, 13, 7), (8, 10, 14, 6), (11, 13, 15, 5),
    (14, 16, 16, 4), (17, 19, 17, 3), (20, 23, 18, 2), (24, 27, 19, 1), (28, 90, 20, 0),
]  # fmt: skip
VP30_ROWS = [
    (0, 0, 15, 15), (1, 1, 18, 12), (2, 2, 19, 11), (3, 3, 20, 10), (4, 4, 21, 9), (5, 6, 22, 8),
    (7, 8, 23, 7), (9, 10, 24, 6), (11, 13, 25, 5), (14, 16, 26, 4), (17, 19, 27, 3), (20, 23, 28, 2),
    (24, 27, 29, 1), (28, 90, 30, 0),
]  # fmt: skip


@pytest.mark.parametrize(("low", "high", "winner", "loser"), VP20_ROWS)
def test_every_vp20_row(low: int, high: int, winner: int, loser: int) -> None:
    """Every row of the seed's 20-VP table, for the winner and (negative margin) the loser."""
    for margin in range(low, high + 1):
        assert (vp20(margin), vp20(-margin)) == (winner, loser)


@pytest.mark.parametrize(("low", "high", "winner", "loser"), VP30_ROWS)
def test_every_vp30_row(low: int, high: int, winner: int, loser: int) -> None:
    """Every row of the seed's 30-VP table."""
    for margin in range(low, high + 1):
        assert (vp30(margin), vp30(-margin)) == (winner, loser)


def test_wbf_published_example() -> None:
    """8 boards, margin 40: 19.74 (the smoothing rule; plain rounding gives 19.73)."""
    assert wbf_vp(40, 8) == 19.74
    assert wbf_vp(-40, 8) == 0.26
    assert wbf_vp(0, 8) == 10.0
    assert wbf_vp(1, 8) == 10.44
    assert wbf_vp(500, 8) == 20.0


def test_wbf_smoothing_changes_the_raw_rounding() -> None:
    """Without smoothing, 8 boards at margin 40 would round to 19.73 (the formula gives 19.734...)."""
    import math

    tau = (math.sqrt(5) - 1) / 2
    raw = 10 + 10 * (1 - tau ** (3 * 40 / (15 * math.sqrt(8)))) / (1 - tau**3)
    assert round(raw, 2) == 19.73
    assert wbf_vp_table(8)[40] == 1974


@given(st.integers(1, 64))
def test_wbf_table_is_concave_and_ends_at_20(boards: int) -> None:
    """No IMP is worth more than the one before it; the scale starts at 10 and ends at 20."""
    table = wbf_vp_table(boards)
    steps = [b - a for a, b in itertools.pairwise(table)]
    assert table[0] == 1000
    assert table[-1] == 2000
    assert all(step >= 0 for step in steps)
    assert all(later <= earlier for earlier, later in itertools.pairwise(steps))


@given(st.integers(-200, 200), st.integers(1, 40))
def test_wbf_sums_to_20_and_is_monotone(margin: int, boards: int) -> None:
    """Winner + loser = 20 always, and VPs never fall as the margin rises."""
    assert round(wbf_vp(margin, boards) + wbf_vp(-margin, boards), 2) == 20
    assert wbf_vp(margin + 1, boards) >= wbf_vp(margin, boards)


@given(st.integers(-60, 60))
def test_discrete_scales_sum_and_rise(margin: int) -> None:
    """The discrete scales sum to 20 and 30 and never fall as the margin rises."""
    assert vp20(margin) + vp20(-margin) == 20
    assert vp30(margin) + vp30(-margin) == 30
    assert vp20(margin + 1) >= vp20(margin)
    assert vp30(margin + 1) >= vp30(margin)


def test_fractional_margin_is_interpolated() -> None:
    """A fractional margin lies between its neighbours' VPs."""
    assert wbf_vp(0.5, 8) == 10.22
    assert wbf_vp(-0.5, 8) == 9.78


def test_victory_points_by_scale_name() -> None:
    """Scales are chosen by name: 20 and 30 discrete, WBF with the number of boards."""
    assert victory_points(12) == 15
    assert victory_points(12, "30") == 25
    assert victory_points(40, "WBF", 8) == 19.74
    with pytest.raises(BridgeInputError, match="boards missing"):
        victory_points(40, "WBF")
    with pytest.raises(BridgeInputError, match="boards 0: must be 1 to 10,000"):
        wbf_vp(3, 0)
    with pytest.raises(BridgeInputError, match="boards 1000000: must be 1 to 10,000"):
        wbf_vp(3, 1e6)


def literal_smoothing(values: list[int]) -> list[int]:
    """The WBF's rule word for word: while some V[i+1] - V[i] > V[i] - V[i-1], add 0.01 to V[i]."""
    values = list(values)
    changed = True
    while changed:
        changed = False
        for i in range(1, len(values) - 1):
            if values[i + 1] - values[i] > values[i] - values[i - 1]:
                values[i] += 1
                changed = True
    return values


def test_fast_smoothing_equals_the_literal_rule() -> None:
    """For 1 to 120 boards the table equals rounding half up and then applying the rule one 0.01 at a time."""
    import math
    from decimal import ROUND_HALF_UP, Decimal

    tau = (math.sqrt(5) - 1) / 2
    for boards in range(1, 121):
        blitz = 15 * math.sqrt(boards)
        rounded = []
        for margin in itertools.count():
            raw = 10 + 10 * (1 - tau ** (3 * margin / blitz)) / (1 - tau**3)
            hundredths = min(2000, int(Decimal(repr(raw)).quantize(Decimal("0.01"), ROUND_HALF_UP) * 100))
            rounded.append(hundredths)
            if hundredths == 2000:
                break
        assert list(wbf_vp_table(boards)) == literal_smoothing(rounded), boards


@pytest.mark.parametrize("total", [20, 30])
def test_the_engine_and_the_worksheet_choose_the_same_scale(total: int) -> None:
    """For every scale a VP argument may name (and none), every board count (none, short, long, past the tables) and
    margins either side: victory_points and VP20/VP30 give the same VPs, or both refuse for the same reason (the
    choice of scale for (scale, boards) is one table in rules/, read by both)."""
    from xlbridge.engine.scales import vp_scales
    from xlbridge.excel.cells import error_value
    from xlbridge.excel.scales import vp20, vp30

    function = vp20 if total == 20 else vp30
    names = [None, *(scale.name for scale in vp_scales())]
    checked = refused = 0
    for name in names:
        for boards in (None, 1, 4, 8, 9, 12, 16, 24, 36, 60):
            for margin in (-60, -33, -7.5, -1, 0, 1, 2.5, 12, 33, 60):
                cell = function([[margin]], [[boards]], [[name]])[0][0]
                try:
                    want: object = victory_points(margin, name, boards, total)
                except BridgeInputError as error:
                    want = error_value(error)
                    refused += 1
                assert cell == want, (name, boards, margin)
                checked += 1
    assert refused
    assert checked > refused
