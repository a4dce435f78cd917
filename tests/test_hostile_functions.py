"""Hostile values in every argument of every worksheet function: huge numbers, 1e300, NaN, infinities, negative
numbers, 5,000-digit text, control characters, digits of other scripts, error values, booleans, empty and
wrong-shaped ranges, each put into a realistic call (one cell changed, a range cut short or stretched, an argument
replaced).

Whatever it is given, a function answers without its catch-all (``never_raises`` logs "failed" and shows a
``#VALUE!`` that gives no reason: a bug), in the shape it promises, and every cell is something Excel can show: a
finite number of at most 16 digits (15 an entry, and a total of a few), TRUE or FALSE, text, or one of the error
values a function can give back.

The numbers are those a workbook can hand over: any double (xlwings passes floats) and integers within 64 bits.

The session functions (SESSIONINFO, SESSIONRESULTS, PAIRTOTALS, RANKING, TRAVELLERS, SCORECARD) are left out here:
their modules (excel/session.py, entries.py, cache.py) are being rewritten with the session pipeline, and their
hostile cases are to be run against that rewrite.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from xlbridge.engine.solver import solver_available
from xlbridge.excel.cells import ERROR_VALUES, RETURNED_ERRORS, is_blank_text
from xlbridge.excel.functions import CATALOGUE, Function

from .handdata import CAMROSE

#: The functions left out (see the module's docstring).
SESSION_FUNCTIONS = {"SESSIONINFO", "SESSIONRESULTS", "PAIRTOTALS", "RANKING", "TRAVELLERS", "SCORECARD"}
#: The largest number an answer may hold: an entry has at most 15 digits (as many as Excel keeps; more are refused),
#: and a total of the few entries of a call here one more.
LARGEST = 10**16

# --- realistic calls -------------------------------------------------------------------------------------------------

DEALS = [[deal] for _, _, _, deal, *_ in CAMROSE[:2]]
TEAMS = [[1, "Lions", "Ann, Bob"], [2, "Tigers", "Cy, Di"], [3, "Bears", ""]]
MATCHES = [[1, 1, 2, 8, 21, 10, None, None], [1, 3, "BYE", 8, None, None, None, None],
           [2, 3, 1, 8, 5, 5, None, None]]  # fmt: skip
TABLE1 = [["4S", "N", "="], ["3NT", "S", "-1"], ["A+", None, None]]
TABLE2 = [["4S", "N", "+1"], ["2HX", "E", 8], ["3NT", "S", "="]]
LINES = [[1, 2, "4S", "N", "HA", "=", None], [3, 4, "4S", "N", "C2", "+1", None], [5, 6, None, None, None, None, "A+"]]
RESULTS = [[1, 1, 2, "2S", "E", "", "+1", ""], [1, 3, 4, "", "", "", "", "A+"], [2, 1, 2, "3NT", "N", "", "=", ""]]
NAMES = [[pair, "", f"Player {pair}a", f"Player {pair}b", None] for pair in range(1, 5)]
HANDS = [[1, "N", "None", -140, "EW 1S+2"], [2, "E", "NS", 400, "N 3NT="]]
HOLDINGS = [[800, 200], [None, 100], [2000, "1,500"], [10, None]]  # the players' masterpoints beside NAMES

RUBBER = ([["N"], ["E"], ["S"]], [["4S"], ["3NT"], ["2H"]], [["="], ["-1"], ["+1"]])
CHICAGO = ([["N"], ["E"], ["S"], ["W"]], [["4S"], ["3NT"], ["2H"], ["1C"]], [["="], ["-1"], ["+1"], [7]], "N")
DEAL_COLUMNS = ([["4S"], ["3NT"], ["2HX"]], [["N"], ["E"], ["S"]], [["="], ["-1"], [8]], [["None"], ["NS"], [3]])
FIELD = [[420], [450], [-50], [420]]

#: A realistic call of each function: its arguments as a sheet hands them over.
CALLS: dict[str, tuple[object, ...]] = {
    "BRIDGESCORE": (*DEAL_COLUMNS, None),
    "BRIDGECHECK": DEAL_COLUMNS,
    "BOARDVUL": ([[1], [2], [17]],),
    "BOARDDEALER": ([[1], [2], [17]],),
    "IMP": ([[450], [-50], [3000]], None),
    "VP20": ([[12], [-3], [0]], 8, None),
    "VP30": ([[12], [-3], [0]], 8, None),
    "MATCHPOINTS": ([[420], [450], [-50]], FIELD, "MP", None, None),
    "CROSSIMP": ([[420], [450]], FIELD, None, None, None),
    "DATUM": ([[420], [450], [-50], [400], [420]], None, None),
    "BUTLER": ([[420], [450], [100]], [[420], [450], [100]], "ACBL", [[1], [1], [2]], None),
    "BAM": ([[420], [-50]], [[400], [-50]]),
    "RUBBERTOTAL": (*RUBBER, None, None),
    "RUBBERSHEET": (*RUBBER, [[None], [100], [None]], None),
    "CHICAGOTOTAL": (*CHICAGO, None, None),
    "CHICAGOSHEET": (*CHICAGO, None, None),
    "CHICAGOWHEEL": ("N", None),
    "BOARDRESULTS": (1, LINES),
    "TABLESCORE": ([[1], [2], [3]], TABLE1),
    "MATCHBOARDS": ([[1], [2], [3]], TABLE1, TABLE2),
    "MATCHSUMMARY": ("Lions", "Tigers", [[1], [2], [3]], TABLE1, TABLE2, None),
    "TEAMNAME": ([[1], [2], ["BYE"], [9]], TEAMS),
    "EVENTMATCHES": (MATCHES, TEAMS, "IMP/VP", "WBF", 8, None, None, "Pairs"),
    "STANDINGS": (MATCHES, TEAMS, "IMP/VP", "WBF", 8, 2, None, None, None, "Pairs"),
    "TEAMSINFO": ("Winter league", "IMP/VP", "WBF", MATCHES, TEAMS, 8, 3, None, None, None),
    "MASTERPOINTS": ([[1], ["2="], ["2="], [4]], 2, "ABF green", None, None, None, None),
    "HANDTRICKS": (DEALS, None),
    "PARSCORE": (DEALS, [[1], [7]], None),
    "PARDIFF": (RESULTS, NAMES, "MP", "Howell", None, None, HANDS),
    "STRATRANKING": (RESULTS, NAMES, "MP", "Howell", None, None, HOLDINGS, "750/300", "HIGHER"),
}
FUNCTIONS = {function.name: function for function in CATALOGUE if function.name not in SESSION_FUNCTIONS}

# --- hostile values --------------------------------------------------------------------------------------------------

#: Values chosen to break a reader: sizes past every bound, numbers that are none, text that is no number, digits
#: int() does not read (superscripts), digits of other scripts that it does, error values, control characters.
SPECIAL: list[object] = [
    None, 0, -1, 1, 13, 14, 2**53 + 1, 2**63 - 1, -(2**63), 1e15, 1e16, 1e300, -1e300, 1.7976931348623157e308, 5e-324,
    -0.0, 0.5, float("nan"), float("inf"), float("-inf"), True, False,
    "", " ", "0", "-0", "1e300", "1e400", "nan", "inf", "9" * 5000, "-" + "9" * 5000, "+" + "9" * 5000,
    "1" * 4300 + "S", "4" + "0" * 4400 + "NT", "4S+" + "9" * 5000, "4S-" + "9" * 5000, "A" + "9" * 5000, "A6040",
    "A" + "6" * 4400, "50% 420 / 50% 430", "50% " + "9" * 5000 + " / 50% 430", "9" * 5000 + "% 420", "+²", "²", "٤S",
    "４S", "+１", "\x00", "\x1b[2J", "\r\n", "\u202e", "\ud800", "x" * 5000, "4S\x00", "NS\t", "=", "+1", "-2", "4S",
    "3NT", "7NTXX", "PASS", "N", "E", "Both", "EW %", "CHECK", "ACBL", "MP", "WBF", "BYE", "IMP/VP", "Howell",
    "Mitchell", "EW", "CONTRACTS", "N:" + "A" * 5000, "N:...", *sorted(ERROR_VALUES),
]  # fmt: skip
cells = st.one_of(
    st.sampled_from(SPECIAL),
    st.floats(),
    st.integers(-(2**63), 2**63 - 1),
    st.text(max_size=12),
)


def grids(cell: st.SearchStrategy[object]) -> st.SearchStrategy[object]:
    """Ranges as xlwings hands them over (lists of rows), and shapes it never does: a plain list, a ragged list,
    empty lists."""
    return st.one_of(
        st.lists(st.lists(cell, min_size=1, max_size=4), min_size=1, max_size=6).filter(
            lambda rows: len({len(row) for row in rows}) == 1
        ),
        st.lists(cell, max_size=4),
        st.lists(st.lists(cell, max_size=4), max_size=4),
        st.just([]),
        st.just([[]]),
    )


@st.composite
def altered(draw: st.DrawFn, value: object) -> object:
    """``value`` (a realistic argument) with something hostile done to it."""
    if not isinstance(value, list) or not value or not isinstance(value[0], list):
        return draw(st.one_of(cells, grids(cells)))
    rows = [list(row) for row in value]
    change = draw(st.sampled_from(["cell", "cell", "cell", "cut", "stretch", "widen", "narrow", "transpose", "other"]))
    if change == "cell":
        row = draw(st.integers(0, len(rows) - 1))
        rows[row][draw(st.integers(0, len(rows[row]) - 1))] = draw(cells)
    elif change == "cut":
        rows = rows[: draw(st.integers(0, len(rows) - 1))] or [[None] * len(rows[0])]
    elif change == "stretch":
        rows += [list(rows[-1]) for _ in range(draw(st.integers(1, 3)))]
    elif change == "widen":
        rows = [[*row, draw(cells)] for row in rows]
    elif change == "narrow":
        rows = [row[:-1] or [None] for row in rows]
    elif change == "transpose":
        rows = [list(column) for column in zip(*rows, strict=True)]
    else:
        return draw(st.one_of(cells, grids(cells)))
    return rows


@st.composite
def hostile_calls(draw: st.DrawFn, name: str) -> tuple[object, ...]:
    """A call of ``name``: its realistic arguments, some altered, the optional ones perhaps left out."""
    function = FUNCTIONS[name]
    base = CALLS[name]
    required = sum(not argument.optional for argument in function.arguments)
    given = draw(st.integers(required, len(function.arguments))) if draw(st.booleans()) else len(base)
    args = list(base[:given]) + [None] * (given - len(base))
    for index in range(given):
        if draw(st.integers(0, 2)) == 0 or index == draw(st.integers(0, given - 1)):
            args[index] = draw(altered(args[index]))
    return tuple(args)


# --- what a function promises ----------------------------------------------------------------------------------------


def shape(value: object) -> tuple[int, int]:
    """The rows and columns of an argument as Excel sees it: a value is one cell, a plain list a column, a list of
    rows as long as its rows (the longest)."""
    if not isinstance(value, list) or not value:
        return 1, 1
    if all(isinstance(row, list) for row in value):
        return len(value), max((len(row) for row in value), default=1) or 1
    return len(value), 1


def cells_of(value: object) -> list[object]:
    if not isinstance(value, list):
        return [value]
    return [cell for row in value for cell in (row if isinstance(row, list) else [row])]


def broadcast(*args: object) -> tuple[int, int]:
    shapes = [shape(arg) for arg in args]
    return max(rows for rows, _ in shapes), max(cols for _, cols in shapes)


def count(value: object) -> int:
    rows, cols = shape(value)
    return rows * cols


def blank(value: object) -> bool:
    return all(is_blank_text(cell) for cell in cells_of(value))


def optional(args: Sequence[object], index: int) -> object:
    return args[index] if len(args) > index else None


def _field_shape(args: Sequence[object], options: tuple[int, ...], groups: int) -> tuple[int, int]:
    if blank(optional(args, groups)):
        return broadcast(args[0], *(optional(args, index) for index in options))
    return shape(args[0])


def _checks(method: object) -> bool:
    return isinstance(method, str) and "CHECK" in method.upper().split()


def _handtricks_shape(args: Sequence[object]) -> tuple[int, int] | None:
    method = optional(args, 1)
    if shape(method) != (1, 1):
        return None  # a refusal of the method: one cell with CHECK, else a table of its error
    return (count(args[0]), 1) if _checks(next(iter(cells_of(method)), None)) else (4 * count(args[0]), 5)


#: The shape each function's answer takes, from its arguments (None: any rectangle, for a refusal of the whole
#: call, whose shape is the function's own choice).
PROMISES: dict[str, Callable[[Sequence[object]], tuple[int, int] | None]] = {
    "BRIDGESCORE": lambda args: broadcast(*args),
    "BRIDGECHECK": lambda args: broadcast(*args),
    "BOARDVUL": lambda args: shape(args[0]),
    "BOARDDEALER": lambda args: shape(args[0]),
    "IMP": lambda args: broadcast(*args),
    "VP20": lambda args: broadcast(*args),
    "VP30": lambda args: broadcast(*args),
    "BAM": lambda args: broadcast(*args),
    "MATCHPOINTS": lambda args: _field_shape(args, (2, 3), 4),
    "CROSSIMP": lambda args: _field_shape(args, (2,), 3),
    "BUTLER": lambda args: _field_shape(args, (2,), 3),
    "DATUM": lambda args: shape(optional(args, 1)) if blank(optional(args, 2)) else shape(args[0]),
    "RUBBERTOTAL": lambda args: (1, 2),
    "CHICAGOTOTAL": lambda args: (1, 2),
    "RUBBERSHEET": lambda args: (count(args[0]), 9),
    "CHICAGOSHEET": lambda args: (count(args[0]), 10),
    "CHICAGOWHEEL": lambda args: (4, 2),
    "BOARDRESULTS": lambda args: (shape(args[1])[0], 5),
    "TABLESCORE": lambda args: (shape(args[0])[0], 1),
    "MATCHBOARDS": lambda args: (shape(args[0])[0], 6),
    "MATCHSUMMARY": lambda args: (6, 2),
    "TEAMNAME": lambda args: shape(args[0]),
    "EVENTMATCHES": lambda args: (shape(args[0])[0], 4),
    "STANDINGS": lambda args: None,
    "TEAMSINFO": lambda args: (3, 1),
    "MASTERPOINTS": lambda args: shape(args[0]),
    "HANDTRICKS": _handtricks_shape,
    "PARSCORE": lambda args: broadcast(args[0], args[1]) if shape(optional(args, 2)) == (1, 1) else None,
    "PARDIFF": lambda args: (shape(args[0])[0], 1),
    "STRATRANKING": lambda args: (shape(args[1])[0], 9),
}


def check_cell(value: object) -> str | None:
    """Why ``value`` cannot be a cell of an answer (None when it can)."""
    if value is None:
        return 'None is not an answer (a blank cell is "")'
    if isinstance(value, bool):  # TRUE or FALSE
        return None
    if isinstance(value, (int, float)):
        if isinstance(value, float) and not math.isfinite(value):
            return f"{value!r} is no number"
        if not -LARGEST < value < LARGEST:
            return "a number of more than 16 digits"
        return None
    if not isinstance(value, str):
        return f"a {type(value).__name__} is no cell"
    if value in ERROR_VALUES and value not in RETURNED_ERRORS:
        return f"{value} is an error no worksheet function can give back"
    return None


@contextmanager
def failures() -> Iterator[list[logging.LogRecord]]:
    """The records of the ``xlbridge`` logger at ERROR or above while the block runs: the catch-all's."""
    records: list[logging.LogRecord] = []
    handler = logging.Handler(logging.ERROR)
    handler.emit = records.append  # type: ignore[method-assign]
    logger = logging.getLogger("xlbridge")
    logger.addHandler(handler)
    try:
        yield records
    finally:
        logger.removeHandler(handler)


def answer(function: Function, args: Sequence[object]) -> list[list[Any]]:
    """``function`` called with ``args`` as Excel calls it, checked: no catch-all, the shape promised, cells Excel
    can show."""
    with failures() as caught:
        out = function.run(*args)
    if caught:
        record = caught[0]
        trace = logging.Formatter().formatException(record.exc_info) if record.exc_info else ""
        pytest.fail(f"{function.name} hit its catch-all:\n{trace}")
    assert isinstance(out, list), out
    assert out, out
    assert all(isinstance(row, list) and row for row in out), out
    assert len({len(row) for row in out}) == 1, f"{function.name}: rows of different lengths"
    promised = PROMISES[function.name](args)
    if promised is not None:
        assert (len(out), len(out[0])) == promised, f"{function.name}: {len(out)}x{len(out[0])}, not {promised}"
    for row in out:
        for value in row:
            wrong = check_cell(value)
            assert wrong is None, f"{function.name}: {wrong}"
    return out


NAMES_TESTED = sorted(FUNCTIONS)
needs_solver = {"HANDTRICKS", "PARSCORE"}


def _skip_without_solver(name: str) -> None:
    if name in needs_solver and not solver_available():
        pytest.skip('the solver is not installed: pip install ".[hands]"')


def test_every_function_is_called_here() -> None:
    """Each worksheet function but the session ones has a realistic call and a promise here, which it meets."""
    assert set(CALLS) == set(PROMISES) == set(FUNCTIONS)
    for name, function in FUNCTIONS.items():
        if name not in needs_solver or solver_available():
            assert len(CALLS[name]) == len(function.arguments), name
            answer(function, CALLS[name])


HOSTILE = settings(max_examples=20, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@pytest.mark.parametrize("name", NAMES_TESTED)
@HOSTILE
@given(data=st.data())
def test_hostile_arguments(name: str, data: st.DataObject) -> None:
    """Twenty hostile calls of each function: answered without the catch-all, in the promised shape."""
    _skip_without_solver(name)
    answer(FUNCTIONS[name], data.draw(hostile_calls(name)))


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES_TESTED)
@settings(HOSTILE, max_examples=600)
@given(data=st.data())
def test_many_hostile_arguments(name: str, data: st.DataObject) -> None:
    """Six hundred hostile calls of each function."""
    _skip_without_solver(name)
    answer(FUNCTIONS[name], data.draw(hostile_calls(name)))


@pytest.mark.parametrize("special", SPECIAL, ids=lambda value: repr(value)[:20])
def test_each_hostile_value_in_each_argument(special: object) -> None:
    """Every hostile value in turn in every argument of every function (the rest realistic), as a cell and as a
    cell of the argument's range."""
    for name, function in FUNCTIONS.items():
        if name in needs_solver and not solver_available():
            continue
        base = CALLS[name]
        for index, value in enumerate(base):
            forms = [special, [[special]]]
            if isinstance(value, list) and value and isinstance(value[0], list):
                forms.append([[special, *value[0][1:]], *value[1:]])
            for form in forms:
                answer(function, (*base[:index], form, *base[index + 1 :]))


@pytest.mark.slow
def test_each_hostile_value_in_each_cell() -> None:
    """Every hostile value in turn in every cell of every range of every realistic call (35,000 calls)."""
    for name, function in FUNCTIONS.items():
        if name in needs_solver and not solver_available():
            continue
        base = CALLS[name]
        for index, value in enumerate(base):
            if not (isinstance(value, list) and value and isinstance(value[0], list)):
                continue
            for row, cells_of_row in enumerate(value):
                for column in range(len(cells_of_row)):
                    for special in SPECIAL:
                        changed = [list(cells) for cells in value]
                        changed[row][column] = special
                        answer(function, (*base[:index], changed, *base[index + 1 :]))


def test_the_reason_of_every_refused_deal() -> None:
    """BRIDGECHECK gives a reason for every line BRIDGESCORE refuses with an error value, for every hostile value
    in every column."""
    contract, declarer, result, vulnerability = CALLS["BRIDGECHECK"]
    for special in SPECIAL:
        for index in range(4):
            args: list[object] = [contract, declarer, result, vulnerability]
            args[index] = [[special], *args[index][1:]]  # type: ignore[index]
            scores = answer(FUNCTIONS["BRIDGESCORE"], args)
            reasons = answer(FUNCTIONS["BRIDGECHECK"], args)
            for score, reason in zip(scores, reasons, strict=True):
                assert (score[0] in RETURNED_ERRORS) == bool(reason[0]), (special, index, score, reason)


TABLE = [["4S", "N", "="]]
#: Calls the issue names and calls this suite found, with what each gives now (each hit the catch-all, or answered
#: in another shape, or gave what Excel cannot show).
FOUND = [
    pytest.param("MATCHPOINTS", ([[420], [450], [-50]], [[420], [450], [-50]], "MP", None, [[1], [1]]),
                 [["#VALUE!"]] * 3,
                 id="groups of another size than the field"),
    pytest.param("MATCHPOINTS", ([[420]], [[420], [450], [-50]], "CHECK", None, [[1], [1]]),
                 [["groups: score, field and groups must be ranges of the same size, not score 1x1, field 3x1, "
                   "groups 2x1"]], id="groups of another size: the reason"),
    pytest.param("BRIDGESCORE", ("1" * 5000 + "S", "N", "=", "None"), [["#VALUE!"]], id="a level of 5,000 digits"),
    pytest.param("BRIDGECHECK", ("1" * 5000 + "S", "N", "=", "None"),
                 [[f"contract '{'1' * 49}... (5001 characters): the level must be 1 to 7"]],
                 id="a level of 5,000 digits: the reason"),
    pytest.param("MATCHPOINTS", (420, [[420], [450]], "MP", 1e300), [["#NUM!"]], id="1e300 results expected"),
    pytest.param("MATCHPOINTS", (420, [[420], [450]], "CHECK", 1e300),
                 [["expected 1e+300: too large (at most 15 digits)"]], id="1e300 results expected: the reason"),
    pytest.param("BRIDGECHECK", ("4S", "N", "+" + "9" * 5000, "None"),
                 [[f"result '+{'9' * 48}... (5001 characters): too large (at most 15 digits)"]],
                 id="overtricks of 5,000 digits"),
    pytest.param("BRIDGECHECK", ("4S", "N", "+²", "None"),
                 [["result '+²': expected tricks taken (0-13), undertricks as a negative number, or =, +1, -2"]],
                 id="a superscript digit, which int() does not read"),
    pytest.param("DATUM", ([[1e300], [450], [100], [400]],), [["#NUM!"]], id="a score of 1e300"),
    pytest.param("BOARDVUL", ("9" * 5000,), [["#NUM!"]], id="a board of 5,000 digits"),
    pytest.param("TABLESCORE", ([[1], [2], [3]], TABLE), [["#VALUE!"]] * 3, id="a table shorter than the boards"),
    pytest.param("MATCHBOARDS", ([[1], [2]], TABLE, [*TABLE, ["3NT", "S", "="]]),
                 [["#VALUE!"] * 5 + ["table1: 1 row for 2 boards; give each table's range a row for each board"]] * 2,
                 id="a table shorter than the boards: the reason"),
    pytest.param("MATCHSUMMARY", ("#SPILL!", "Tigers", [[1]], TABLE, TABLE), None,
                 id="a name holding an error no function can give back"),
    pytest.param("BRIDGESCORE", ([["4S"], ["3NT"]], [["N"], ["E"]], [["="], ["-1"]], [[1], [2]], [[None, None]]),
                 [[420, 420], [50, 50]], id="the rules as a row: columns of answers"),
    pytest.param("STANDINGS", ([*MATCHES, [3, 2, 3, None, None, None, None, None]], TEAMS, "IMP/VP", "WBF", -1), None,
                 id="no boards per match, and a match not played yet"),
    pytest.param("HANDTRICKS", (DEALS, 7), [["#VALUE!"] * 5] * 8, id="a method that is none, for two deals"),
    pytest.param("EVENTMATCHES", ([[1, 1, 2, 8, "9" * 5000, 10, None, None]], TEAMS, "IMP/VP", "WBF"),
                 [["", "", "", f"home IMPs '{'9' * 49}... (5000 characters): too large (at most 15 digits)"]],
                 id="IMPs of 5,000 digits"),
]  # fmt: skip


@pytest.mark.parametrize(("name", "args", "expected"), FOUND)
def test_what_was_found(name: str, args: tuple[object, ...], expected: list[list[object]] | None) -> None:
    """Each case answers as its function promises (and with ``expected``, exactly that)."""
    _skip_without_solver(name)
    out = answer(FUNCTIONS[name], args)
    if expected is not None:
        assert out == expected
    if name == "MATCHSUMMARY":
        assert out[0] == ["#VALUE!", "Tigers"]
