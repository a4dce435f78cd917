"""Matchpoints, Neuberg, artificial scores, cross-IMPs, Butler datums and board-a-match."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from xlbridge import BridgeInputError, Field, bam, butler, cross_imps, datum, imps, matchpoints
from xlbridge.engine.field import group_fields
from xlbridge.excel.cells import error_value
from xlbridge.rules.comparisons import ACBL, ACBL_DATUM, MEAN, MEDIAN
from xlbridge.rules.scales import WBF_IMPS


def naive_matchpoints(scores: list[int], expected: int | None = None) -> list[Fraction]:
    """European matchpoints the pencil-and-paper way: compare each score with every other, then Neuberg."""
    n = len(scores)
    full = expected or n
    out = []
    for i, mine in enumerate(scores):
        raw = sum(2 if mine > other else 1 if mine == other else 0 for j, other in enumerate(scores) if j != i)
        out.append(Fraction(raw) if full == n else Fraction((raw + 1) * full, n) - 1)
    return out


def naive_cross_imps(scores: list[int]) -> list[Fraction]:
    """IMPs against every other result, summed and divided by n - 1, comparing each pair directly."""
    n = len(scores)
    return [
        Fraction(sum(imps(mine - other) for j, other in enumerate(scores) if j != i), n - 1) if n > 1 else Fraction(0)
        for i, mine in enumerate(scores)
    ]


def test_simple_board() -> None:
    """Four results, one tie: top 6 (European), 3 (ACBL); percentages from the top."""
    field = [620, 170, 620, -100]
    european = matchpoints(field)
    assert [m.ns for m in european] == [5, 2, 5, 0]
    assert [m.ew for m in european] == [1, 4, 1, 6]
    assert [m.ns for m in matchpoints(field, "ACBL")] == [Fraction(5, 2), 1, Fraction(5, 2), 0]
    assert european[0].ns_percent == Fraction(250, 3)


def test_blanks_are_ignored() -> None:
    """Blank cells in a field are not results and give no matchpoints."""
    out = matchpoints([620, None, "", 170])
    assert out[1] is None
    assert out[2] is None
    assert out[0].ns == 2


def test_neuberg_for_a_board_played_fewer_times() -> None:
    """Five results where six were expected: M' = (M + 1) * 6 / 5 - 1 (European), M * 6/5 + 1/10 (ACBL)."""
    field = [-90, -90, -110, -130, 100]  # board 12 of the Compscore Howell
    assert [m.ns for m in matchpoints(field, expected=6)] == [
        Fraction(31, 5),
        Fraction(31, 5),
        Fraction(13, 5),
        Fraction(1, 5),
        Fraction(49, 5),
    ]
    acbl = [m.ns for m in matchpoints(field, "ACBL", expected=6)]
    assert acbl == [Fraction(31, 10), Fraction(31, 10), Fraction(13, 10), Fraction(1, 10), Fraction(49, 10)]


def test_artificial_scores_take_their_percentage_and_neuberg_the_rest() -> None:
    """An average (A5050) takes 50% of the full top; the five real results are Neuberg-scaled to six."""
    field = [200, 230, "A5050", 650, 170, 300]  # board 26 of the Compscore Howell
    out = matchpoints(field)
    assert [float(m.ns) for m in out] == [2.6, 5.0, 5.0, 9.8, 0.2, 7.4]
    assert [float(m.ew) for m in out] == [7.4, 5.0, 5.0, 0.2, 9.8, 2.6]


def test_split_artificial_scores() -> None:
    """A6060 gives both sides 60%: East-West's share is not the top minus North-South's."""
    out = matchpoints([420, 450, "A6060", "A+", "A-"])
    assert (out[2].ns, out[2].ew) == (Fraction(24, 5), Fraction(24, 5))
    assert (out[3].ns_percent, out[3].ew_percent) == (60, 40)
    assert (out[4].ns_percent, out[4].ew_percent) == (40, 60)


def test_score_must_be_in_the_field() -> None:
    """Asking for a score the board does not have is #N/A."""
    with pytest.raises(BridgeInputError, match="score 400: not one of this board's results") as caught:
        Field([420, 450]).matchpoints(400)
    assert error_value(caught.value) == "#N/A"


def test_expected_below_the_results_is_an_error() -> None:
    """expected cannot be fewer than the results the board has."""
    with pytest.raises(BridgeInputError, match="expected 2: the board already has 3 results"):
        matchpoints([1, 2, 3], expected=2)


def test_a_board_played_once() -> None:
    """A single result has no comparison: 0 of a top of 0, shown as 50%."""
    only = matchpoints([420])[0]
    assert (only.ns, only.top, only.ns_percent) == (0, 0, 50)


fields = st.lists(st.sampled_from([-500, -100, -50, 0, 50, 110, 140, 420, 450, 620, 1430]), min_size=1, max_size=30)


@given(fields)
def test_european_matchpoints_sum_to_n_n_minus_1(scores: list[int]) -> None:
    """A board's European matchpoints sum to n(n-1) for each side."""
    out = matchpoints(scores)
    n = len(scores)
    assert sum(m.ns for m in out) == n * (n - 1)
    assert sum(m.ew for m in out) == n * (n - 1)


@given(fields, st.randoms())
def test_matchpoints_do_not_depend_on_order(scores: list[int], random: object) -> None:
    """Shuffling the field changes nothing but the order of the answers."""
    shuffled = list(scores)
    random.shuffle(shuffled)
    by_score = {s: m.ns for s, m in zip(scores, matchpoints(scores), strict=True)}
    assert {s: m.ns for s, m in zip(shuffled, matchpoints(shuffled), strict=True)} == by_score


@given(fields, st.integers(0, 5))
def test_fast_matchpoints_equal_pencil_and_paper(scores: list[int], missing: int) -> None:
    """Binary search over the sorted field gives exactly the O(n^2) comparison answers, Neuberg included."""
    expected = len(scores) + missing
    assert [m.ns for m in matchpoints(scores, expected=expected)] == naive_matchpoints(scores, expected)


@given(fields)
def test_fast_cross_imps_equal_pencil_and_paper(scores: list[int]) -> None:
    """Cross-IMPs from the scale's boundaries and binary search equal IMPing every pair."""
    assert [c.ns for c in cross_imps(scores)] == naive_cross_imps(scores)


def test_seed_cross_imp_example() -> None:
    """+620 against -100, -100, -300, +650: 12 + 12 + 14 - 1 = 37 IMPs over 4 comparisons = 9.25."""
    out = cross_imps([620, -100, -100, -300, 650])
    assert out[0].ns == Fraction(37, 4)
    assert out[0].ew == -Fraction(37, 4)
    assert cross_imps([620, -100, -100, -300, 650], total=True)[0].ns == 37


def test_cross_imps_with_an_average() -> None:
    """An average plus is +3 IMPs (Law 86A) and is left out of the others' comparisons."""
    out = cross_imps([620, 170, "A+"])
    assert (out[0].ns, out[1].ns) == (10, -10)
    assert (out[2].ns, out[2].ew) == (3, -3)
    total = cross_imps([620, 170, "A+"], total=True)
    assert (total[0].ns, total[2].ns) == (20, 6)


@pytest.mark.parametrize(
    ("scores", "expected"),
    [
        ([-445, -445, -445, -445], -450),  # halves away from zero
        ([125, 125, 125], 130),
        ([420, 420, 450, -50, 1430], 430),  # drop 1430 and -50: (420+420+450)/3 = 430
        ([100, 200, 300], 200),  # fewer than 4: nothing dropped
        ([450, 420, 420, 420, 420, 420, -800, 420], 420),
    ],
)
def test_trimmed_datum(scores: list[int], expected: int) -> None:
    """Compscore3's datum: drop the single top and bottom from 4 results, mean, nearest 10 (halves away)."""
    assert datum(scores) == expected


def test_other_datum_methods() -> None:
    """ACBLscore's 5% trim with half-even rounding, the plain mean and the median."""
    twenty = [420] * 9 + [425] * 10 + [5000]
    assert datum(twenty, "ACBL") == 420  # one dropped each end (5% of 20), mean 422.6 -> 420
    assert Field([425, 425, 425, 425]).datum(ACBL_DATUM) == 420  # 42.5 tens -> 42 (even)
    assert Field([435, 435, 435, 435]).datum(ACBL_DATUM) == 440
    assert Field([100, 200, 600]).datum(MEAN) == 300
    assert Field([100, 200, 600, 1000]).datum(MEDIAN) == 400
    assert datum([100, 200, 600], "median") == 200


def test_butler_imps() -> None:
    """Each result IMPed against the datum; an average is 0 and average plus +3."""
    out = butler([420, 420, 450, -50, 1430, "A", "A+"])
    assert [(int(s.ns), int(s.ew)) for s in out] == [
        (0, 0),
        (0, 0),
        (1, -1),
        (-10, 10),
        (14, -14),
        (0, 0),
        (3, -3),
    ]


def test_datum_needs_real_results() -> None:
    """A board with only artificial scores has no datum."""
    with pytest.raises(BridgeInputError, match="no real results") as caught:
        datum(["A", "A+"])
    assert error_value(caught.value) == "#N/A"


def test_group_fields_isolates_a_bad_board() -> None:
    """A field entry that is not a score makes its own board an error and leaves the others alone."""
    fields = group_fields([1, 1, 2, 2, None], [420, 450, "abc", 100, 50])
    assert isinstance(fields[2], BridgeInputError)
    assert isinstance(fields[1], Field)
    assert fields[1].matchpoints(450).ns == 2


@pytest.mark.parametrize(("mine", "theirs", "points"), [(620, 170, 1), (-100, -100, Fraction(1, 2)), (-100, 50, 0)])
def test_board_a_match(mine: int, theirs: int, points: Fraction) -> None:
    """1 for a win, 1/2 for a tie, 0 for a loss."""
    assert bam(mine, theirs) == points


def test_acbl_scale_is_half_the_european() -> None:
    """ACBL matchpoints are half the European ones, Neuberg included."""
    board = Field([420, 420, 450, -50, "A+"], expected=7)
    for score in (420, 450, -50):
        assert board.matchpoints(score, ACBL).ns * 2 == board.matchpoints(score).ns


def test_wbf_imp_scale_is_the_default() -> None:
    """Butler and cross-IMPs use the WBF scale unless told otherwise."""
    assert Field([0, 600]).butler(600, WBF_IMPS).ns == imps(600 - 300)


@pytest.mark.parametrize(
    ("value", "half_away", "half_even"),
    [(-445, -450, -440), (445, 450, 440), (435, 440, 440), (125, 130, 120), (-125, -130, -120), (124, 120, 120),
     (-126, -130, -130), (Fraction(1, 3), 0, 0), (10**29 + 5, 10**29 + 10, 10**29)],
)  # fmt: skip
def test_datum_rounding(value: int | Fraction, half_away: int, half_even: int) -> None:
    """Nearest 10: halves away from zero (Compscore3) or to the even ten (ACBLscore); exact for any size."""
    from xlbridge.engine.field import _round_to

    assert _round_to(Fraction(value), 10, "half-away") == half_away
    assert _round_to(Fraction(value), 10, "half-even") == half_even
