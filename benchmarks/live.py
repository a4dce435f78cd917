"""Live recalculation: the pairs-session template's functions giving every cell again after one result is typed.

A session file is imported (``xlbridge import``) and the workbook's own formulas say which functions its sheets call
and on which cells: xlbridge's evaluation of the workbook (``files/workbook/evaluate.py``) makes each call with
the cells as Excel hands them over, and keeps each function's arguments. The template calls SESSIONINFO
(Settings), SESSIONRESULTS (Results), PAIRTOTALS (Totals), RANKING (Ranking), TRAVELLERS (Travellers) and SCORECARD
(Scorecard), each on the whole results block; with a hand record imported, PARDIFF too (Results), whose Hands
table is given here as the boards' pars (board first, par fourth, as the Hands sheet holds them).

A result typed changes the results block, so Excel calls every one of them again. A round is those calls, in turn,
after one more result is retyped (each round a session not seen before: the functions share one session worked
out per distinct cells, ``excel/session_cells.py``, and nothing is found remembered). Timed:

- in xlwings Lite: inside Pyodide under node, every call through xlwings' own Office.js dispatcher
  (``custom_functions_call``) with the cells as Office.js sends them, as ``tests/test_lite_runtime.py`` runs the
  functions (``tests/lite/``); and of that, the time in xlbridge's functions themselves, the rest being xlwings'
  conversions. Not included: Office.js and the JavaScript side of the Lite bridge;
- for the classic add-in: in CPython, the same functions called with the cells as xlwings' UDF server hands them
  over (numbers as floats, blank cells None). Not included: Excel and COM.

Both sides' answers of the last round are compared first; a difference stops the run.
"""

from __future__ import annotations

import copy
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import data
from commands import ENVIRONMENT, XLBRIDGE
from table import Row, seconds

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.lite import harness  # noqa: E402 - the Lite harness, beside the tests that use it

#: What "well under a second" is taken to be for a club session's recalculation.
CLUB_TARGET = 0.5


@dataclass
class Call:
    """One formula's call: the function, its arguments as xlwings hands them over, and which argument is the
    results block (where a result is typed)."""

    function: str
    arguments: list[Any]
    results: int


def template_calls(workbook: Path, boards: int) -> list[Call]:
    """Each call the workbook's sheets make, from its own formulas, with PARDIFF's beside SESSIONRESULTS'."""
    from xlbridge.files.templates.layout import SESSION_NAMES
    from xlbridge.files.workbook.evaluate import evaluate
    from xlbridge.files.workbook.xlsx import defined_area, open_package

    package = open_package(workbook)
    computed = evaluate(package)
    assert computed is not None, f"{workbook}: not a workbook of xlbridge's formulas"
    assert set(computed.calls.values()) == {1}, "a function called more than once: time every call"
    block = defined_area(package, SESSION_NAMES["results"])
    calls = []
    for function, arguments in computed.arguments.items():
        (results,) = [index for index, argument in enumerate(arguments) if (argument.sheet, argument.area) == block]
        calls.append(Call(function, [argument.value for argument in arguments], results))
    session = next(call for call in calls if call.function == "SESSIONRESULTS")
    hands = [[float(board), None, None, float(par)] for board, par in sorted(data.board_pars(boards).items())]
    calls.append(Call("PARDIFF", [*session.arguments, hands], session.results))
    return calls


def retyped_results(calls: Sequence[Call], rounds: int) -> list[tuple[int, int, str]]:
    """The results typed, one a round: (row, column, value) in the results block, on its first rows that have a
    result, each result changed ("=" to "-1", anything else to "=")."""
    from xlbridge.excel.session_cells import ENTERED

    column = 3 + ENTERED.index("Result")  # board, NS, EW, then what was typed
    grid = calls[0].arguments[calls[0].results]
    rows = [row for row, cells in enumerate(grid) if cells[column] not in (None, "")][:rounds]
    return [(row, column, "-1" if grid[row][column] == "=" else "=") for row in rows]


def office_js(value: Any) -> Any:
    """An argument as Office.js sends it: a range as rows with a blank cell "", a single value as a one-by-one
    range, an omitted argument null."""
    if isinstance(value, list):
        return [["" if cell is None else cell for cell in row] for row in value]
    return None if value is None else [[value]]


def classic(calls: Sequence[Call], retyped: Sequence[tuple[int, int, str]]) -> tuple[list[float], list[Any]]:
    """Each round's seconds in this CPython, the functions called as the classic add-in calls them, and the last
    round's answers."""
    import xlbridge.udfs as udfs

    functions = [getattr(udfs, call.function) for call in calls]
    typed = [copy.deepcopy(call.arguments) for call in calls]
    rounds, answers = [], []
    for row, column, value in retyped:
        for call, arguments in zip(calls, typed, strict=True):
            arguments[call.results][row][column] = value
        handed = copy.deepcopy(typed)  # each call's own rows, as xlwings hands them over
        started = time.perf_counter()
        answers = [function(*arguments) for function, arguments in zip(functions, handed, strict=True)]
        rounds.append(time.perf_counter() - started)
    return rounds, answers


def lite(wheel: Path, calls: Sequence[Call], retyped: Sequence[tuple[int, int, str]]) -> harness.Report:
    """The driver's report from Pyodide, with the session's calls and the results retyped
    (``report["recalculation"]``: see ``tests/lite/driver.py``)."""
    sent = [{"func_name": call.function, "args": list(map(office_js, call.arguments)), "results": call.results}
            for call in calls]  # fmt: skip
    session = {"calls": sent, "retyped": retyped}
    options = {"column_rows": 100, "session": session}  # the test's long column kept short: not timed here
    return harness.run_pyodide(harness.PYODIDE[-1], harness.NEWEST_XLWINGS, wheel, options=options)


def as_returned(answer: Any) -> Any:
    """A function's answer as xlwings hands it back to Office.js: an error text as an error value."""
    errors = {"#VALUE!": "Value", "#N/A": "NotAvailable", "#NUM!": "Num", "#DIV/0!": "Div0"}
    return [[{"type": "Error", "errorType": errors[cell]} if isinstance(cell, str) and cell in errors else cell
             for cell in row] for row in answer]  # fmt: skip


def recalculation(sessions: Sequence[tuple[int, int]], in_lite: bool, rounds: int) -> Iterator[Row]:
    """The rows: each session size in Lite (when ``in_lite`` and node and npm are here) and in CPython."""
    missing = harness.missing_tools() if in_lite else []
    with tempfile.TemporaryDirectory() as folder:
        here = Path(folder)
        wheel = harness.build_xlbridge_wheel(here) if in_lite and not missing else None
        for boards, tables in sessions:
            size = f"{boards * tables:,} results ({boards} boards x {tables} tables)"
            boards_csv, names_csv = data.session_file(boards, tables)
            (here / "boards.csv").write_text(boards_csv)
            (here / "names.csv").write_text(data.names_with_header(names_csv))
            subprocess.run([*XLBRIDGE, "import", "boards.csv", "--names", "names.csv", "-o", "session.xlsx",
                            "--force"], cwd=here, env=ENVIRONMENT, check=True, capture_output=True)  # fmt: skip
            calls = template_calls(here / "session.xlsx", boards)
            retyped = retyped_results(calls, rounds)
            names = ", ".join(call.function for call in calls)
            ours, answers = classic(calls, retyped)
            club = boards * tables < 1_000
            target = f"well under 1 s (< {CLUB_TARGET} s)" if club else ""
            what = f"the template's {len(calls)} functions ({names}) after one result is typed, {size}"
            if wheel is not None:
                report = lite(wheel, calls, retyped)
                recalculated = report["recalculation"]
                if recalculated["answers"] != [as_returned(answer) for answer in answers]:
                    raise SystemExit(f"{size}: Pyodide's answers differ from CPython's: nothing to compare")
                in_pyodide, in_cpython = statistics.median(recalculated["rounds"]), statistics.median(ours)
                own = statistics.median(recalculated["functions"])
                runtime = f"xlwings Lite (Pyodide {report['pyodide']}, xlwings {report['xlwings']})"
                yield Row(f"Live recalculation in {runtime}: {what}", seconds(in_pyodide),
                          "the same functions in CPython (the classic add-in's calls)", seconds(in_cpython),
                          f"{in_pyodide / in_cpython:.1f}x CPython's time", target,
                          in_pyodide < CLUB_TARGET if club else None)  # fmt: skip
                yield Row("  of which in xlbridge's functions, in Pyodide (the rest: xlwings' conversions)",
                          seconds(own), "", "", f"{own / in_pyodide:.0%} of it")  # fmt: skip
            elif in_lite:
                yield Row(f"Live recalculation in xlwings Lite: {what}", "", "Pyodide",
                          f"missing: needs {' and '.join(missing)} on PATH", "")  # fmt: skip
            median = statistics.median(ours)
            yield Row(f"Live recalculation in CPython, the classic add-in: {what}", seconds(median), "", "", "",
                      target, median < CLUB_TARGET if club else None)  # fmt: skip
