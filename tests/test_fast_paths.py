"""The fast paths give exactly the simple paths' answers.

BRIDGESCORE answers each distinct line once, and the engine's one scorer remembers each line it has scored;
MATCHPOINTS, CROSSIMP and BUTLER answer each distinct score of a column once; the field is sorted and searched
instead of compared pair by pair. Each is checked here against the plain way of doing the same thing, on random
columns with ties, blanks, artificial scores, booleans, errors and nonsense mixed in.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xlbridge import Field, imps
from xlbridge.engine.parse import Artificial, parse_field_entry
from xlbridge.engine.scales import imp_scale
from xlbridge.excel import cache, deals
from xlbridge.excel import field as comparisons_module
from xlbridge.rules import ARTIFICIAL_IMPS_PER_10_PERCENT

# ---------------------------------------------------------------------------------------------------------------
# BRIDGESCORE: a remembered column against each line scored on its own, with nothing remembered.

contracts = st.one_of(
    st.builds(
        lambda level, strain, doubling: f"{level}{strain}{doubling}",
        st.integers(1, 7),
        st.sampled_from(["C", "D", "H", "S", "NT", "n", "♠"]),
        st.sampled_from(["", "X", "XX", "*"]),
    ),
    st.sampled_from(["PASS", "4S=", "3NTX-2", "4H+1", "8S", "4", "", " ", None, 0, 0.0, 1, 1.0, False, True, "#N/A"]),
)
declarers = st.sampled_from(["N", "E", "S", "W", "n", "North", "", None, 0, 0.0, 1, False, True, "Q", "#REF!"])
results = st.one_of(
    st.integers(-14, 14),
    st.integers(0, 13).map(float),
    st.sampled_from(["=", "+1", "-2", "+7", "10", " 9 ", "x", "", None, True, False, 0.5, float("nan"), "#N/A"]),
)
vulnerabilities = st.one_of(
    st.integers(-1, 40),
    st.integers(1, 36).map(float),
    st.sampled_from(["None", "NS", "E-W", "Both", "TRUE", "false", "7", "", None, True, False, 2.5, "#VALUE!", "?"]),
)
eras = st.sampled_from([None, "", "2017", "1935", 1932, 1932.0, "1066"])
lines = st.lists(st.tuples(contracts, declarers, results, vulnerabilities), min_size=2, max_size=60)


@settings(max_examples=400, deadline=None)
@given(st.lists(lines, min_size=1, max_size=3), eras)
def test_a_column_equals_each_line_asked_alone(columns: list[list[tuple[object, ...]]], era: object) -> None:
    """Several columns in turn (so that one call's memory of lines serves the next), then each line asked alone
    with nothing remembered: every cell is the same, whatever the column around it."""
    answers = []
    for rows in columns:
        contract, declarer, result, vulnerability = ([[line[i]] for line in rows] for i in range(4))
        answers.append(deals.bridgescore(contract, declarer, result, vulnerability, era))
    for rows, out in zip(columns, answers, strict=True):
        alone = []
        for line in rows:
            cache.forget()
            alone.append(deals.bridgescore(*([[value]] for value in line), era)[0])
        assert out == alone


def test_true_and_one_stay_apart_across_calls() -> None:
    """TRUE == 1 to a dictionary: board 1 (None vulnerable) and TRUE (declarer vulnerable) must never share."""
    board_one = deals.bridgescore([["4S"], ["4S"]], [["N"], ["N"]], [[10], [10]], [[1.0], [1.0]])
    declarer_vulnerable = deals.bridgescore([["4S"], ["4S"]], [["N"], ["N"]], [[10], [10]], [[True], [True]])
    assert board_one == [[420], [420]]
    assert declarer_vulnerable == [[620], [620]]
    lite_blank = deals.bridgescore([[0], [0]], [[0], [0]], [[0], [0]], [[1], [1]])
    false_contract = deals.bridgescore([[False], [False]], [[0], [0]], [[0], [0]], [[1], [1]])
    assert lite_blank == [[""], [""]]
    assert false_contract == [["#VALUE!"], ["#VALUE!"]]


@pytest.mark.parametrize("dated", [False, True])
@pytest.mark.parametrize("first", [True, 1.0])
def test_a_session_of_true_and_one_stay_apart_across_calls(first: object, dated: bool) -> None:
    """A session worked out for its cells is kept for the next function that asks: a results block whose board is
    TRUE (a mistake) and the same block with board 1 are two sessions, whichever comes first; also when a cell is
    a date (as xlwings hands a cell formatted as one), which the sessions are kept by otherwise."""
    import datetime as dt

    from xlbridge.excel.session import sessionresults

    names = [[1.0, None, "a", "b", None], [2.0, None, "c", "d", None], [3.0, None, "e", "f", None],
             [4.0, None, "g", dt.datetime(2024, 5, 1) if dated else "h", None]]  # fmt: skip

    def check_column(board: object) -> list[object]:
        block = [[board, 1.0, 2.0, "1NT", "N", None, 7.0, None], [1.0, 3.0, 4.0, "2NT", "N", None, 7.0, None]]
        return [row[-1] for row in sessionresults(block, names, "MP", "Howell")]

    cache.forget()
    if first is True:
        mistaken, board_one = check_column(True), check_column(1.0)
    else:
        board_one = check_column(1.0)
        mistaken = check_column(True)
    assert mistaken[0] == "board True: expected a whole number, not TRUE/FALSE"
    assert board_one == ["", ""]

    # The same for a setting (results per board), and for a Lite blank (0) against board 0 (0.0).
    def per_board(value: object) -> object:
        block = [[1.0, 1.0, 2.0, "1NT", "N", None, 7.0, None], [1.0, 3.0, 4.0, "2NT", "N", None, 7.0, None]]
        return sessionresults(block, names, "MP", "Howell", value)[0][-1]

    def board(value: object) -> object:
        block = [[value, 1.0, 2.0, "1NT", "N", None, 7.0, None], [1.0, 3.0, 4.0, "2NT", "N", None, 7.0, None]]
        return sessionresults(block, names, "MP", "Howell")[0][-1]

    for read, one, other, said in ((per_board, True, 1.0, "results per board True: expected a whole number, not "
                                    "TRUE/FALSE"), (board, 0.0, 0, "board 0: board numbers start at 1")):  # fmt: skip
        alone = []
        for value in (one, other):
            cache.forget()
            alone.append(read(value))
        cache.forget()
        in_turn = [read(one), read(other)] if first is True else [read(other), read(one)][::-1]
        assert in_turn == alone
        assert alone[0] == said
        assert alone[1] != said


def test_the_same_cells_find_the_same_session_however_their_values_are_shared() -> None:
    """The functions of a sheet are each handed the session's cells afresh (xlwings makes new values; the
    evaluation copies its rows): equal cells find the session already worked out, whether or not their values
    are also held elsewhere."""
    from xlbridge.excel.session_cells import SessionCells, session_result

    names = [[1.0, None, "a", "b", None], [2.0, None, "c", "d", None]]

    def block() -> list[list[object]]:
        return [[float(board), 1.0, 2.0, "".join(["1N", "T"]), "N", None, 7.0, None] for board in (1, 2)]

    cache.forget()
    first = session_result(SessionCells(block(), names, "MP", "Howell", None))
    again = block()
    held_elsewhere = [row[3] for row in again]  # the contracts also held by another list, while it is asked
    assert session_result(SessionCells(again, names, "MP", "Howell", None)) is first
    del held_elsewhere


def test_a_session_the_functions_let_go_is_freed() -> None:
    """The latest sessions are kept for the functions that ask again, and a session let go is freed with all it
    worked out for them (SESSIONRESULTS's cells too): a session is thousands of lines."""
    import gc
    import weakref

    from xlbridge.excel.session import pairtotals, sessionresults
    from xlbridge.excel.session_cells import SessionCells, session_result

    names = [[1.0, None, "a", "b", None], [2.0, None, "c", "d", None]]

    def block(board: int) -> list[list[object]]:
        return [[float(board), 1.0, 2.0, "1NT", "N", None, 7.0, None]]

    cache.forget()
    sessionresults(block(1), names, "MP", "Howell")
    first = weakref.ref(session_result(SessionCells(block(1), names, "MP", "Howell", None)))
    for board in range(2, 12):  # more sessions than are kept
        pairtotals(block(board), names, "MP", "Howell")
    gc.collect()
    assert first() is None


def test_a_lite_blank_is_not_a_typed_zero_across_calls() -> None:
    """Lines are remembered between calls: 0 (a Lite blank declarer) and 0.0 (a typed 0) must not meet, nor FALSE."""
    typed = deals.bridgescore([["1C"], ["1C"]], [[0.0], [0.0]], [["="], ["="]], [[1.0], [1.0]])
    blank = deals.bridgescore([["1C"], ["1C"]], [[0], [0]], [["="], ["="]], [[1.0], [1.0]])
    false = deals.bridgescore([["1C"], ["1C"]], [[False], [False]], [["="], ["="]], [[1.0], [1.0]])
    assert typed == [["#VALUE!"], ["#VALUE!"]]
    assert blank == [[70], [70]]  # no declarer: declarer's side's score
    assert false == [["#VALUE!"], ["#VALUE!"]]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(contracts, declarers, results, vulnerabilities, eras), min_size=2, max_size=40))
def test_rules_line_by_line_equal_each_line_asked_alone(rows: list[tuple[object, ...]]) -> None:
    """The rules in a column of their own (an era a line, not one cell for all): each line as asked alone."""
    out = deals.bridgescore(*([[line[i]] for line in rows] for i in range(5)))
    alone = []
    for line in rows:
        cache.forget()
        alone.append(deals.bridgescore(*([[value]] for value in line))[0])
    assert out == alone


def test_a_text_column_then_numbers_in_it() -> None:
    """Contracts and declarers of text alone are looked up as they are; once a number, TRUE or a Lite blank turns
    up in such a column (first, or after text), it is told apart from the text and from each other."""
    cache.forget()
    text = deals.bridgescore([["4S"], ["3NT"]], [["N"], [None]], [[10.0], [9.0]], [[1.0], [1.0]])
    assert text == [[420], [400]]
    contract = [["4S"], [1.0], [True], [0], [0.0], ["4S"], [1], ["4S"]]
    declarer = [["N"], ["N"], ["N"], [0], [0], [True], ["N"], [0.0]]
    result = [[10.0], [10.0], [10.0], [0], [10.0], [10.0], [10.0], [10.0]]
    out = deals.bridgescore(contract, declarer, result, [[1.0]] * 8)
    alone = []
    for line in zip(contract, declarer, result, strict=True):
        cache.forget()
        alone.append(deals.bridgescore(*([value] for value in line), [[1.0]])[0])
    assert out == alone
    assert [row[0] for row in out] == [420, "#VALUE!", "#VALUE!", "", "#VALUE!", "#VALUE!", "#VALUE!", "#VALUE!"]
    reasons = deals.bridgecheck(contract, declarer, result, [[1.0]] * 8)
    said = [row[0].split(":")[0] for row in reasons]
    assert said == ["", "contract 1", "contract True", "", "contract 0", "declarer True", "contract 1", "declarer 0"]


def test_a_column_of_thousands_of_repeated_lines() -> None:
    """A 6,000-line column of 12 distinct lines: each cell is its line's score, by its declarer's side and board."""
    cache.forget()
    distinct = [("4S", seat, tricks, board) for seat in "NE" for tricks in (9.0, 10.0) for board in (1.0, 2.0, 3.0)]
    rows = [distinct[i % len(distinct)] for i in range(6000)]
    out = deals.bridgescore(*([[line[i]] for line in rows] for i in range(4)))
    # By North down one and making, boards 1-3 (none, NS, EW vulnerable); then the same by East, NS-signed.
    want = [-50, -100, -50, 420, 620, 420, 50, 50, 100, -420, -420, -620]
    assert [row[0] for row in out] == want * 500


# ---------------------------------------------------------------------------------------------------------------
# MATCHPOINTS, CROSSIMP, BUTLER: a whole column against each cell asked on its own.

field_cells = st.one_of(
    st.sampled_from([420, 450, -50, -100, 170, 620, 140]),  # realistic scores: plenty of ties
    st.integers(-3000, 3000).map(lambda x: x * 10),
    st.sampled_from([420.0, 450.0, "420", None, "", "A", "A+", "A-", "A6040", True, False, "#N/A", "x", 17.5]),
)
fields = st.lists(field_cells, min_size=1, max_size=40)
comparisons = st.sampled_from(
    [
        ("matchpoints", ["MP", "ACBL", "EW", "EW %", "%", "CHECK", None]),
        ("crossimp", [None, "TOTAL", "EW", "CHECK"]),
        ("butler", [None, "ACBL", "MEDIAN", "EW", "CHECK"]),
    ]
)


@settings(max_examples=300, deadline=None)
@given(fields, comparisons, st.data())
def test_a_column_equals_each_cell_asked_alone(
    field: list[object], comparison: tuple[str, list[object]], data: st.DataObject
) -> None:
    """Each distinct score is answered once for the column; every cell is what asking for it alone gives."""
    name, methods = comparison
    method = data.draw(st.sampled_from(methods))
    function = getattr(comparisons_module, name)
    column = [[value] for value in field]
    out = function(column, column, method)
    alone = [function([[value]], column, method)[0] for value in field]
    assert out == alone


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 4), field_cells), min_size=1, max_size=50), st.sampled_from(["MP", "ACBL"]))
def test_a_grouped_session_equals_each_board_alone(entries: list[tuple[int, object]], method: str) -> None:
    """The whole session in one call, grouped by board, gives each board's own matchpoints."""
    boards = [[board] for board, _ in entries]
    scores = [[score] for _, score in entries]
    out = comparisons_module.matchpoints(scores, scores, method, None, boards)
    for board in {board for board, _ in entries}:
        mine = [i for i, (b, _) in enumerate(entries) if b == board]
        field = [scores[i] for i in mine]
        assert [out[i] for i in mine] == comparisons_module.matchpoints(field, field, method)


# ---------------------------------------------------------------------------------------------------------------
# The sorted field against comparing every pair, with artificial scores and blanks in the field.


def pencil_and_paper(entries: list[int | Artificial | None]) -> tuple[list[Fraction | None], list[Fraction | None]]:
    """European matchpoints (Neuberg over the artificial scores) and cross-IMPs, each pair compared directly."""
    real = [entry for entry in entries if isinstance(entry, int)]
    size = sum(entry is not None for entry in entries)
    top = 2 * (size - 1)
    mps: list[Fraction | None] = []
    cross: list[Fraction | None] = []
    for entry in entries:
        if entry is None:
            mps.append(None)
            cross.append(None)
        elif isinstance(entry, Artificial):
            mps.append(Fraction(top * entry.ns_percent, 100))
            cross.append(Fraction(entry.ns_percent - 50, 10) * ARTIFICIAL_IMPS_PER_10_PERCENT)
        else:
            others = list(real)
            others.remove(entry)
            raw = Fraction(sum(2 if entry > other else 1 if entry == other else 0 for other in others))
            mps.append(raw if len(real) == size else (raw + 1) * size / len(real) - 1)
            cross.append(Fraction(sum(imps(entry - other) for other in others), len(others)) if others else Fraction(0))
    return mps, cross


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.sampled_from([420, 450, -50, 170, -100]),
            st.integers(-400, 400).map(lambda x: x * 10),
            st.sampled_from([None, "A", "A+", "A-"]),
        ),
        min_size=1,
        max_size=30,
    )
)
def test_sorted_field_equals_comparing_every_pair(cells: list[object]) -> None:
    """Binary searches over the sorted field give the pencil-and-paper matchpoints and cross-IMPs exactly."""
    entries = [parse_field_entry(cell) for cell in cells]
    board = Field(entries)
    mps, cross = pencil_and_paper(entries)  # type: ignore[arg-type]
    for entry, mp, imp in zip(entries, mps, cross, strict=True):
        if entry is None:
            continue
        assert board.matchpoints(entry).ns == mp
        assert board.cross_imps(entry, imp_scale(None)).ns == imp


# ---------------------------------------------------------------------------------------------------------------
# The session functions' results block: its columns read a distinct cell at a time, against each row read alone.

TRICKY_ROWS = [
    [1.0, 1.0, 2.0, "4S", "N", None, "=", None],
    [True, 1.0, 2.0, "4S", "N", None, "=", None],  # TRUE is no board 1
    [1, 1.0, 2.0, "4S", "N", None, "=", None],
    [0, 0, 0, 0, 0, 0, 0, 0],  # a row of xlwings Lite's blanks
    [0.0, 1.0, 2.0, "4S", "N", None, "=", None],  # a typed 0 is no blank
    [2.0, "#N/A", 2.0, "4S", "N", None, "=", None],
    [2.0, 1.0, True, "4s", "n", None, 10.0, None],
    [3.0, 1.0, 2.0, None, None, None, None, "NP"],
    [3.0, 1.0, 2.0, "4S", "N", "SA", "10", "NP"],
    [None, None, None, None, None, None, None, None],
    ["x", 1.0, 2.0, "4S", "N", None, "=", None],
    [None, 1.0, 2.0, "4S", "N", None, "=", None],
    [4.0, 1.0, 2.0, None, None, None, None, "A+"],
    [4.0, "7A", 2.0, "3NT", "S", None, "#VALUE!", None],
]


def test_a_results_block_reads_each_row_as_alone() -> None:
    """Each row of a results block reads as it does alone, with nothing remembered, whatever rows come before it in
    either order: a cell read once for the block keeps its type (TRUE is not board 1, a Lite blank 0 not a typed
    0), and an error in a cell stays its row's. (No row here is a bare number the rows typed against the
    contract put in doubt, which only the rows together can say: test_faults.)"""
    from xlbridge.excel import session_cells

    for rows in (TRICKY_ROWS, TRICKY_ROWS[::-1]):
        cache.forget()
        together = session_cells._rows(rows, str)
        alone = []
        for row in rows:
            cache.forget()
            alone += session_cells._rows([row], str)
        assert together == alone
    cache.forget()
    narrow = session_cells._rows(
        [row[:6] for row in TRICKY_ROWS], str
    )  # a block without its Result and Adjusted columns
    assert narrow == session_cells._rows([[*row[:6], None, None] for row in TRICKY_ROWS], str)
