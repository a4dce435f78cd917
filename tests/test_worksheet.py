"""The worksheet functions as Excel calls them: ranges, broadcasting, blanks, errors, junk."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xlbridge.excel import FUNCTIONS, deals, scales
from xlbridge.excel import field as fields
from xlbridge.udfs import BRIDGESCORE, IMP, MATCHPOINTS, VP_20


def column(*values: object) -> list[list[object]]:
    return [[value] for value in values]


def test_a_column_scores_line_by_line() -> None:
    """One call scores a whole column: good lines, a blank row, a bad line, an error passed on."""
    out = BRIDGESCORE(
        column("4S", "4S", None, "8S", "3NT"),
        column("N", "E", None, "N", "#N/A"),
        column("=", -1.0, None, "=", 9.0),
        column(1.0, 2.0, 3.0, 4.0, 5.0),
    )
    assert out == column(420, 50, "", "#VALUE!", "#N/A")


def test_classic_and_lite_blanks() -> None:
    """Classic hands over None for an empty cell, Lite "" (in ranges) or 0 (a scalar): all blank lines."""
    assert BRIDGESCORE(None, None, None, 1) == [[""]]
    assert BRIDGESCORE("", "", "", 1) == [[""]]
    assert BRIDGESCORE(0, 0, 0, 0) == [[""]]


def test_a_partly_filled_line_is_an_error_with_a_reason() -> None:
    """A contract without its result is an error, and BRIDGECHECK says why."""
    assert BRIDGESCORE("4S", "N", None, 1) == [["#VALUE!"]]
    assert deals.bridgecheck("4S", "N", None, 1) == [["result missing: expected tricks taken (0-13), or =, +1, -2"]]
    assert deals.bridgecheck(None, "N", "=", 1) == [
        ["contract missing: expected a level 1-7 and a strain such as 4S, 3NT, 4H*, 2SXX, 4♠ or PASS"]
    ]


def test_out_of_range_is_num_and_malformed_is_value() -> None:
    """#NUM! for a number out of range (14 tricks, board 0), #VALUE! for a malformed value."""
    assert BRIDGESCORE(column("4S", "4S", "4S"), "N", column(14, "x", "="), column(1, 1, 0)) == column(
        "#NUM!", "#VALUE!", "#NUM!"
    )


def test_a_row_and_a_block() -> None:
    """Rows and 2-D blocks come back in the same shape."""
    assert IMP([[620, -50, 0]]) == [[12, -2, 0]]
    assert IMP([[620, -50], [20, 4000]]) == [[12, -2], [1, 24]]
    assert deals.boardvul([[1, 2], [3, 4]]) == [["None", "NS"], ["EW", "Both"]]


def test_a_range_mixed_with_scalars_broadcasts() -> None:
    """A single cell stretches over the range; so does a single row over rows, a column over columns."""
    assert BRIDGESCORE(column("4S", "3NT"), "N", "=", True) == column(620, 600)
    assert IMP(column(620, 450), [["WBF", "1938"]]) == [[12, 9], [10, 7]]


def test_positions_outside_a_smaller_range_are_na() -> None:
    """As in Excel, a range shorter than the others gives #N/A where it has no value."""
    assert BRIDGESCORE(column("4S", "4S", "4S"), column("N", "N"), "=", 1) == column(420, 420, "#N/A")


def test_vp_functions() -> None:
    """VP20 without boards is the discrete scale, with boards the WBF one; VP30 discrete."""
    assert VP_20(column(12, -12, None)) == column(15, 5, "")
    assert scales.vp20(column(40, -40), 8) == column(19.74, 0.26)
    assert scales.vp30(column(1, -1)) == column(18, 12)


def test_matchpoints_both_sides_and_percent() -> None:
    """North-South, East-West and percentages from one field, with an average in it."""
    field = column(200, 230, "A5050", 650, 170, 300)
    assert MATCHPOINTS(field, field) == column(2.6, 5, 5, 9.8, 0.2, 7.4)
    assert MATCHPOINTS(field, field, "EW") == column(7.4, 5, 5, 0.2, 9.8, 2.6)
    assert MATCHPOINTS(field, field, "%") == column(26, 50, 50, 98, 2, 74)
    assert MATCHPOINTS(field, field, "ACBL EW %") == column(74, 50, 50, 2, 98, 26)


def test_split_artificial_for_east_west() -> None:
    """A6060: East-West also get 60%, not the top minus North-South's 60%."""
    field = column(420, 450, "A6060")
    assert MATCHPOINTS("A6060", field, "EW %") == [[60]]
    assert MATCHPOINTS("A6060", field, "%") == [[60]]


def test_score_not_in_field_is_na() -> None:
    """Like RANK.EQ: a score that is not one of the field's entries is #N/A."""
    assert MATCHPOINTS(400, column(420, 450)) == [["#N/A"]]


def test_grouped_session_equals_board_by_board() -> None:
    """With groups, one call over a whole session equals matchpointing each board on its own."""
    boards = column(1, 1, 1, 2, 2, 2, 2, None)
    scores = column(420, 450, 420, -50, 100, "A+", 100, None)
    grouped = MATCHPOINTS(scores, scores, None, None, boards)
    assert grouped[:3] == MATCHPOINTS(column(420, 450, 420), column(420, 450, 420))
    assert grouped[3:7] == MATCHPOINTS(column(-50, 100, "A+", 100), column(-50, 100, "A+", 100))
    assert grouped[7] == [""]


def test_grouped_with_a_bad_entry_marks_only_its_board() -> None:
    """A field entry that is not a score makes its board #VALUE!; CHECK says which; other boards score."""
    boards = column(1, 1, 2, 2)
    scores = column(420, "oops", 100, 50)
    assert MATCHPOINTS(scores, scores, None, None, boards) == column("#VALUE!", "#VALUE!", 2, 0)
    reasons = MATCHPOINTS(scores, scores, "check", None, boards)
    assert reasons[0][0].startswith("board 1: field entry 'oops'")
    assert reasons[2] == [""]


def test_result_without_a_board_number() -> None:
    """A grouped result with no group is an error, not silently left out."""
    assert MATCHPOINTS(column(420, 450), column(420, 450), None, None, column(1, None)) == column(0, "#VALUE!")


def test_expected_count_neubergs_a_short_board() -> None:
    """expected scales a board played five times to six."""
    field = column(-90, -90, -110, -130, 100)
    assert MATCHPOINTS(field, field, None, 6) == column(6.2, 6.2, 2.6, 0.2, 9.8)


def test_cross_imps_butler_datum() -> None:
    """Cross-IMPs (average and total), Butler IMPs both sides, the datum alone and per row."""
    field = column(620, -100, -100, -300, 650)
    assert fields.crossimp(620, field) == [[9.25]]
    assert fields.crossimp(620, field, "total") == [[37]]
    assert fields.crossimp(620, field, "EW") == [[-9.25]]
    board = column(420, 420, 450, -50, 1430)
    assert fields.datum(board) == [[430]]
    assert fields.datum(board, "median") == [[420]]
    assert fields.butler(board, board) == column(0, 0, 1, -10, 14)
    assert fields.butler(board, board, "EW") == column(0, 0, -1, 10, -14)
    groups = column(7, 7, 7, 7, 7)
    assert fields.datum(board, None, groups) == column(430, 430, 430, 430, 430)


def test_bad_method_and_its_reason() -> None:
    """An unknown method word is #VALUE!; with CHECK the reason is shown."""
    field = column(420, 450)
    assert MATCHPOINTS(field, field, "Swiss") == column("#VALUE!", "#VALUE!")
    assert "use MP (or EUROPEAN, EBU, WBF), ACBL" in MATCHPOINTS(420, field, "Swiss check")[0][0]


def test_bam() -> None:
    """Board-a-match by rows."""
    assert fields.bam(column(620, 100, -50, None), column(170, 100, 50, None)) == column(1, 0.5, 0, "")


# --- junk: nothing ever escapes ------------------------------------------------------------------------------------

junk_cell = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**7), 10**7),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=6),
    st.sampled_from(["#N/A", "#VALUE!", "#DIV/0!", "4S", "3NTX", "=", "+1", "-2", "N", "E", "A+", "A6040", "EW %"]),
)
junk_grid = st.one_of(
    junk_cell,
    st.integers(1, 4).flatmap(lambda w: st.lists(st.lists(junk_cell, min_size=w, max_size=w), min_size=1, max_size=4)),
)

ARITY = {
    "BRIDGESCORE": 5,
    "BRIDGECHECK": 5,
    "BOARDVUL": 1,
    "BOARDDEALER": 1,
    "IMP": 2,
    "VP20": 2,
    "VP30": 1,
    "MATCHPOINTS": 5,
    "CROSSIMP": 5,
    "DATUM": 3,
    "BUTLER": 5,
    "BAM": 2,
    "RUBBERTOTAL": 5,
    "RUBBERSHEET": 5,
    "CHICAGOTOTAL": 6,
    "CHICAGOSHEET": 6,
    "CHICAGOWHEEL": 2,
    "SESSIONINFO": 7,
    "SESSIONRESULTS": 5,
    "PAIRTOTALS": 5,
    "RANKING": 5,
    "STRATRANKING": 9,
    "TRAVELLERS": 7,
    "BOARDRESULTS": 2,
    "TABLESCORE": 2,
    "MATCHBOARDS": 3,
    "MATCHSUMMARY": 6,
    "TEAMNAME": 2,
    "EVENTMATCHES": 7,
    "STANDINGS": 9,
    "TEAMSINFO": 10,
    "SCORECARD": 5,
    "MASTERPOINTS": 6,
    "HANDTRICKS": 2,
    "PARSCORE": 3,
    "PARDIFF": 7,
}


def test_arity_table_covers_every_function() -> None:
    """The junk test below reaches every worksheet function."""
    assert set(ARITY) == set(FUNCTIONS)


@pytest.mark.slow
@settings(max_examples=5000, deadline=None)
@given(st.sampled_from(sorted(ARITY)), st.lists(junk_grid, min_size=10, max_size=10))
def test_junk_never_escapes(name: str, grids: list[object]) -> None:
    """Text, numbers, NaN, booleans, None, error strings in any argument: a grid of cell values, never an exception."""
    out = FUNCTIONS[name](*grids[: ARITY[name]])
    assert isinstance(out, list)
    assert out
    assert all(isinstance(row, list) and len(row) == len(out[0]) for row in out)
    for row in out:
        for value in row:
            assert isinstance(value, (int, float, str)), value
            assert not (isinstance(value, float) and math.isnan(value))


def test_true_is_neither_a_score_nor_a_board() -> None:
    """TRUE is 1 to Python: in a field it must not count as a result of 1, nor join board 1's field."""
    assert fields.matchpoints(column(420), column(420, True)) == [["#VALUE!"]]
    out = fields.matchpoints(column(420, 450), column(420, 450), "CHECK", None, column(True, 1))
    assert out == [["board TRUE: expected a board number"], [""]]  # 450 is board 1's only result


def test_a_bug_shows_value_and_its_reason_is_logged(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """The error path Excel gets: an unexpected exception inside a function is #VALUE! over the answer's shape,
    never an exception out of the cell, and its traceback is logged where a developer can read it."""

    def broken(*_: object) -> object:
        raise RuntimeError("a bug")

    monkeypatch.setattr(fields, "Field", broken)
    assert fields.matchpoints(column(420, 450), column(420, 450)) == column("#VALUE!", "#VALUE!")
    (record,) = [record for record in caplog.records if record.name == "xlbridge"]
    assert "MATCHPOINTS failed" in record.getMessage()
    assert record.exc_info is not None
    assert "a bug" in str(record.exc_info[1])
    caplog.clear()  # seen and checked: not a bug behind an error value
