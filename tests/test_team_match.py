"""A team match with adjusted scores at either table, boards played at one table, and totals that say why they
wait: the engine and the worksheet functions."""

from __future__ import annotations

import logging
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xlbridge import imps, wbf_vp
from xlbridge.excel import teams

ROW = [["4S", "N", "="]]  # +420 NS, board 1 (nobody vulnerable)


def board(first: object, second: object, number: int = 1) -> list[object]:
    """MATCHBOARDS' row for one board: table 1 and table 2 each a contract line or an adjusted score."""
    table1 = [[first, None, None]] if not isinstance(first, list) else [first]
    table2 = [[second, None, None]] if not isinstance(second, list) else [second]
    return teams.matchboards([[number]], table1, table2)[0]


@pytest.mark.parametrize(
    ("first", "second", "signed", "home", "away", "bam"),
    [
        # an artificial score at one table: each team's share there, the other table's result not compared
        ("A+", ["4S", "N", "="], 3, 3, 0, 0.6),  # home NS at table 1 gets 60%: +3 IMPs (Law 12C2)
        ("A-", ["4S", "N", "="], -3, 0, 3, 0.4),
        ("A", ["4S", "N", "="], 0, 0, 0, 0.5),
        ("A6040", ["4S", "N", "="], 3, 3, 0, 0.6),
        (["4S", "N", "="], "A+", -3, 0, 3, 0.4),  # at table 2 North-South is the away team: A+ is theirs
        ("A6060", ["4S", "N", "="], 3, 3, 3, 0.6),  # both teams average plus: the board does not balance
        ("A4040", "A", -3, -3, -3, 0.45),
        # a weighted score is compared part by part (Law 12C1(c))
        ("60% 430 / 10% 400 / 20% -50 / 10% -150", 400, -2.5, 0, 2.5, 0.65),  # 0.6 won, 0.1 tied
        # an assigned score (Law 12C1) is a score like any other
        ("+620", ["4S", "N", "="], 5, 5, 0, 1),
    ],
)  # fmt: skip
def test_adjusted_scores_at_either_table(
    first: object, second: object, signed: float, home: float, away: float, bam: float
) -> None:
    """Net, signed IMPs, each team's IMPs and the home team's board-a-match points of one board."""
    second = [second, None, None] if isinstance(second, int) else second
    out = board(first, second)
    assert out[1:5] == [signed, home, away, bam]
    assert out[5] == ""


def test_a_board_played_at_one_table_is_averaged_and_says_so() -> None:
    """Nothing at table 2: average there (0 IMPs, half the board), the reason in its Check, the totals counted."""
    out = board(["4S", "N", "="], [None, None, None])
    assert out[1:5] == [0, 0, 0, 0.5]
    assert (
        out[5] == "table 2: not played at this table: scored as average (A); enter an adjusted score here to change it"
    )
    summary = teams.matchsummary("Home", "Away", [[1], [2]], [["4S", "N", "="], ["3NT", "S", "="]],
                                 [["4S", "N", "-1"], [None, None, None]], "WBF")  # fmt: skip
    assert summary[2] == [imps(420 + 50), 0]
    assert summary[3] == [wbf_vp(imps(470), 2), wbf_vp(-imps(470), 2)]
    assert summary[5] == [0, "board 2 played at one table: scored as average there"]


def test_totals_wait_with_the_reason_in_words() -> None:
    """A bad entry: the totals show #N/A and the last row says which board and table, and why."""
    summary = teams.matchsummary("H", "A", [[1], [2]], [["4S", "N", "="], ["8S", "N", "="]],
                                 [["4S", "N", "="], ["3NT", "S", "="]], "WBF")  # fmt: skip
    assert summary[2] == ["#N/A", "#N/A"]
    assert summary[5] == [1, "board 2, table 1: contract '8S': the level must be 1 to 7"]
    assert teams.matchboards([["x"]], ROW, ROW)[0][5] == "board 'x': expected a whole number"


def test_an_adjusted_score_stands_alone() -> None:
    """An adjusted score with a declarer or result beside it, or an assigned score that no deal makes: refused."""
    assert board(["A+", "N", "="], ["4S", "N", "="])[5] == (
        "table 1: adjusted score 'A+': an adjusted score stands alone; leave By and Result blank"
    )
    assert board(["+425", None, None], ["4S", "N", "="])[5] == (
        "table 1: adjusted score '+425': an assigned score is a multiple of 10 (+420, -100)"
    )


def test_the_plain_20_scale_refuses_a_long_match() -> None:
    """24 boards on the 20 scale (a table for up to 8): no VPs, the reason naming the scales that fit."""
    summary = teams.matchsummary("H", "A", [[n] for n in range(1, 25)], ROW * 24, [["4S", "N", "-1"]] * 24, "20")
    assert summary[3] == ["#N/A", "#N/A"]
    assert summary[5][1] == "VP scale 20: a table for matches of 1-8 boards, not 24: choose WBF, ACBL20 or SBU20"


def test_tablescore_shows_what_each_table_scored() -> None:
    """The score column of a table: the deal's score, or the adjusted score as typed."""
    entries = [["4S", "N", "="], ["A+", None, None], ["80%400/20%430", None, None], [None, None, None]]
    out = teams.tablescore([[1], [2], [3], [None]], entries)
    assert out == [[420], ["A+"], ["80% 400 / 20% 430"], [""]]


def test_half_imps_from_a_weighted_score_reach_the_totals() -> None:
    """A weighted score's fractional IMPs are summed exactly."""
    summary = teams.matchsummary("H", "A", [[1]], [["50% 420 / 50% 450", None, None]], [["4S", "N", "="]], "WBF")
    assert summary[2] == [0.5, 0]
    assert Fraction(str(summary[3][0])) == Fraction(str(wbf_vp(Fraction(1, 2), 1)))


junk = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 40),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from(["", "4S", "3NTX", "A+", "A6060", "50% 420 / 50% 450", "N", "=", "+1", "-2", "#N/A", "x", "+420"]),
)
tables = st.integers(1, 6).flatmap(lambda rows: st.tuples(
    st.lists(st.lists(junk, min_size=1, max_size=1), min_size=rows, max_size=rows),
    st.lists(st.lists(junk, min_size=3, max_size=3), min_size=rows, max_size=rows),
    st.lists(st.lists(junk, min_size=3, max_size=3), min_size=rows, max_size=rows),
))  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(tables, junk)
def test_junk_in_a_team_match_never_fails_a_function(
    grids: tuple[list[list[object]], list[list[object]], list[list[object]]], scale: object
) -> None:
    """Any cells at either table and in the board numbers: TABLESCORE, MATCHBOARDS and MATCHSUMMARY answer without
    failing (a failure would be logged and show #VALUE!: a bug this test catches)."""
    boards, table1, table2 = grids
    records: list[logging.LogRecord] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            records.append(record)

    logger = logging.getLogger("xlbridge")
    handler = Keep(logging.ERROR)
    logger.addHandler(handler)
    try:
        teams.tablescore(boards, table1)
        teams.matchboards(boards, table1, table2)
        teams.matchsummary("H", "A", boards, table1, table2, scale)
    finally:
        logger.removeHandler(handler)
    assert records == []
