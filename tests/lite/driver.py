"""The Python half of the xlwings Lite harness: the same calls, run in Pyodide (by run.mjs) or in CPython.

xlwings Lite runs a workbook's Python in Pyodide and calls a worksheet function through xlwings' own Office.js
dispatcher, ``custom_functions_call``, with the arguments Excel's Office.js runtime hands over: a range as a list
of rows, a blank cell or an omitted optional argument as JavaScript ``null``, an error cell as an error object.
This module builds such a call list as JSON (``calls_json``) and runs it (``run``):

- in Pyodide, run.mjs parses that JSON in JavaScript and passes the JavaScript object to :func:`run`, which turns
  it into Python with ``to_py()`` as the Lite bridge does: whatever JavaScript ``null`` becomes in that Pyodide
  (``None`` up to 0.27, ``pyodide.ffi.jsnull`` since 0.28) is what xlwings and xlbridge receive;
- in CPython (``python tests/lite/driver.py OPTIONS_JSON``, with xlwings importable), ``null`` is ``None``.

As in Lite, the functions are found in a ``main`` module that star-imports ``xlbridge.udfs``, the one line the
README has users write in Lite's main.py.

Both print the same JSON report: xlwings' Office.js metadata of those functions, every call's answer, what each
call's arguments were when they reached the xlbridge function (type names), and timings. Nothing here imports
anything but the standard library, xlwings and xlbridge, so the file runs unchanged in both interpreters.
"""

from __future__ import annotations

import json
import os
import sys
import time
import types
from collections.abc import Callable, Sequence
from typing import Any

#: An error cell as Office.js hands it over (custom functions with allowErrorForDataTypeAny).
NOT_AVAILABLE = {"type": "Error", "basicValue": "#N/A", "errorType": "NotAvailable"}

#: The workbook's main.py in xlwings Lite, as the README says to write it.
MAIN_PY = "from xlbridge.udfs import *\n"

#: Default sizes; run.mjs and the CPython entry point pass overrides in the options.
DEFAULTS = {"column_rows": 10_000, "repeats": 0}

#: A deal for the hand-record functions (Camrose 2024, board 1), which xlwings Lite cannot solve.
DEAL = "N:T5.982.874.AQ632 K43.73.KQ5.KJT54 AJ9.AQT6.JT62.98 Q8762.KJ54.A93.7"

CONTRACTS = ["4S", "3NT", "4HX", "2D", "6NT", "1C", "3S*", "PASS", "5CXX", "7N"]
RESULTS = ["=", "+1", "-2", 9, "-1", 7, "=", "", "-3", 13]


def m(value: object) -> list[list[object]]:
    """A single cell as Office.js sends it to a matrix parameter: a one-by-one list of rows."""
    return [[value]]


def column(values: Sequence[object]) -> list[list[object]]:
    return [[value] for value in values]


def long_column(rows: int) -> list[list[list[object]]]:
    """BRIDGESCORE's four arguments for a column of ``rows`` deals, with unused rows ("" and null) and an error."""
    contracts: list[object] = []
    declarers: list[object] = []
    results: list[object] = []
    boards: list[object] = []
    for row in range(rows):
        contracts.append(CONTRACTS[row % len(CONTRACTS)])
        declarers.append("NESW"[row % 4])
        results.append(RESULTS[(row * 7) % len(RESULTS)])
        boards.append(row % 36 + 1)
    for row in range(0, rows, 97):  # unused rows: Office.js sends "" for an empty cell in a range, or null
        blank = "" if row % 2 else None
        contracts[row], declarers[row], results[row], boards[row] = blank, blank, blank, blank
    if rows > 5:
        declarers[5] = NOT_AVAILABLE
    return [column(contracts), column(declarers), column(results), column(boards)]


def calls(options: dict[str, Any]) -> list[dict[str, Any]]:
    """The call list: (id, function, arguments) with ``None`` wherever Office.js sends ``null``."""
    field = column([200, 230, None, "A5050", 650, "", 170, 300])
    session = column([420, 450, None, -50, 100])
    rubber_declarers = column(["N", "E", None, "S", "W", "N"])
    rubber_contracts = column(["4S", "3NT", None, "2H", "PASS", "4HX"])
    rubber_results = column(["=", "+1", None, 8, "", "-1"])
    # A session as the Names and Results sheets hold it, with unused rows as Office.js sends them ("" and null).
    names = [[1, None, "Ann", "Bob"], [2, "", "Cat", None], [3, None, "Dan", "Eve"], [4, None, "", ""],
             [None, None, None, None], ["", "", "", ""]]  # fmt: skip
    results = [[1, 1, 2, "4S", "N", None, "=", None], [1, 3, 4, "4S", "N", "", "+1", ""],
               [2, 4, 1, "3NT", "S", "5H", "-1", None], [2, 2, 3, None, None, None, None, "A+"],
               [None] * 8, [""] * 8]  # fmt: skip
    listed: list[tuple[str, str, list[object]]] = [
        ("score_numbers_and_text", "BRIDGESCORE", [m("4S"), m("N"), m("="), m(1), None]),
        ("score_result_number", "BRIDGESCORE", [m("4SX"), m("N"), m(-2), m(2), None]),
        ("score_rules_omitted_trailing", "BRIDGESCORE", [m("3NT"), m("S"), m("+1"), m(2)]),
        ("score_rules_given", "BRIDGESCORE", [m("4SX"), m("N"), m(-2), m(2), m(1935)]),
        ("score_vulnerable_true", "BRIDGESCORE", [m("4S"), m("N"), m("="), m(True), None]),
        ("score_blank_declarer_null_cell", "BRIDGESCORE", [m("4S"), m(None), m("="), m(1), None]),
        ("score_blank_declarer_empty_text", "BRIDGESCORE", [m("4S"), m(""), m("="), m(1), None]),
        ("score_declarer_omitted_null", "BRIDGESCORE", [m("4S"), None, m("="), m(1), None]),
        (
            "score_column_blanks_and_error",
            "BRIDGESCORE",
            [
                column(["4S", "8S", "", None, "4H"]),
                column(["N", "N", "", None, NOT_AVAILABLE]),
                column(["=", "=", "", None, "="]),
                m(2),
                None,
            ],
        ),
        ("score_long_column", "BRIDGESCORE", [*long_column(int(options["column_rows"])), None]),
        ("check_bad_level", "BRIDGECHECK", [m("8S"), m("N"), m("="), m(1)]),
        ("check_column", "BRIDGECHECK", [column(["4S", "7NT", None]), m("N"), column(["=", "+1", None]), m(1)]),
        ("vul_column", "BOARDVUL", [column([1, 2, None, "", 358])]),
        ("dealer_column", "BOARDDEALER", [column([1, 2, None, "", 358])]),
        ("imp_scale_omitted", "IMP", [m(620), None]),
        ("imp_scale_omitted_trailing", "IMP", [m(-50)]),
        ("imp_scale_given", "IMP", [m(450), m("1961")]),
        ("imp_blank_cell", "IMP", [m(None), None]),
        ("imp_error_cell", "IMP", [m(NOT_AVAILABLE), None]),
        ("imp_calc_error_cell", "IMP", [m({"type": "Error", "basicValue": "#CALC!", "errorType": "Calc"}), None]),
        ("imp_spill_error_cell", "IMP", [m({"type": "Error", "basicValue": "#SPILL!", "errorType": "Spill"}), None]),
        (
            "sessioninfo_date_as_text",
            "SESSIONINFO",
            [m("Club"), m("Tuesday 24th"), results, names, m("MP"), m("Howell"), None, None],
        ),
        ("imp_alias", "IMP_", [column([620, -50, None]), None]),
        ("vp20_discrete", "VP20", [m(12), None]),
        ("vp20_continuous", "VP20", [m(40), m(8)]),
        ("vp20_alias_blank_boards", "VP_20", [m(12), m(None)]),
        ("vp30", "VP30", [m(1)]),
        ("vp30_alias", "VP_30", [m(-1)]),
        ("matchpoints_field_with_blanks", "MATCHPOINTS", [field, field, None, None, None]),
        ("matchpoints_ew_percent_neuberg", "MATCHPOINTS", [field, field, m("EW %"), m(8), None]),
        ("matchpoints_not_in_field", "MATCHPOINTS", [m(400), column([200, 230]), None, None, None]),
        ("matchpoints_grouped", "MATCHPOINTS", [session, session, None, None, column([1, 1, None, 2, 2])]),
        ("crossimp", "CROSSIMP", [m(620), column([620, -100, None, -100, -300, 650]), None, None]),
        ("datum", "DATUM", [field, None, None]),
        ("butler", "BUTLER", [field, field, None, None]),
        ("bam", "BAM", [column([620, 170, None]), column([170, 170, None])]),
        ("rubbertotal", "RUBBERTOTAL", [rubber_declarers, rubber_contracts, rubber_results, None, None]),
        ("rubbersheet", "RUBBERSHEET", [rubber_declarers, rubber_contracts, rubber_results, None, None]),
        ("chicagototal", "CHICAGOTOTAL", [rubber_declarers, rubber_contracts, rubber_results, None]),
        ("chicagosheet", "CHICAGOSHEET", [rubber_declarers, rubber_contracts, rubber_results, m("E")]),
        ("scorecard", "SCORECARD", [m("1"), names, results, None, None, None]),
        ("scorecard_mitchell_pair", "SCORECARD", [m("3"), names, results, m("Cross-IMP"), m(2), None]),
        ("masterpoints_trailing_omitted", "MASTERPOINTS", [column([1, "2=", "2=", None, 4]), m(2), m("ABF red")]),
        (
            "masterpoints_directions",
            "MASTERPOINTS",
            [column([1, 1, 2, 2]), m(2), m("green"), column(["NS", "EW", "NS", "EW"]), None, None],
        ),
        ("handtricks_no_solver", "HANDTRICKS", [m(DEAL), None]),
        ("handtricks_check", "HANDTRICKS", [m(DEAL), m("CHECK")]),
        ("parscore_no_solver", "PARSCORE", [column([DEAL, None]), column([1, None]), None]),
        ("parscore_check", "PARSCORE", [m(DEAL), m(1), m("CHECK")]),
    ]
    return [{"id": id_, "func_name": name, "args": args} for id_, name, args in listed]


def calls_json(options_json: str = "{}") -> str:
    """The call list as JSON (None as null), for run.mjs to parse into JavaScript values."""
    return json.dumps(calls({**DEFAULTS, **json.loads(options_json)}))


def describe(value: object) -> str:
    """What a value is, by type: ``list[list[int|str|JsNull]]`` for a range; a scalar by its type name."""
    if isinstance(value, list | tuple):
        inner = sorted({describe(item) for item in value})
        return f"{type(value).__name__}[{'|'.join(inner)}]"
    return type(value).__name__


def unusual(value: object, found: dict[str, str]) -> None:
    """The repr of each leaf that is not a plain cell value (int, float, str, bool, None), by type name."""
    if isinstance(value, list | tuple):
        for item in value:
            unusual(item, found)
    elif value is not None and not isinstance(value, int | float | str):
        found.setdefault(type(value).__name__, repr(value))


class Recorder:
    """A stand-in for the module xlwings dispatches to: each function records its arguments and its own time.

    xlwings' dispatcher finds the function with ``getattr(module, name)`` and reads its ``__xlfunc__``; the wrapper
    carries the same ``__xlfunc__``, so xlwings converts the arguments exactly as for the real function.
    """

    def __init__(self, module: object) -> None:
        self.module = module
        self.arrived: list[list[object]] = []
        self.seconds: list[float] = []

    def __getattr__(self, name: str) -> Callable[..., object]:
        function = getattr(self.module, name)

        def wrapper(*args: object) -> object:
            self.arrived.append(list(args))
            start = time.perf_counter()
            try:
                return function(*args)
            finally:
                self.seconds.append(time.perf_counter() - start)

        wrapper.__xlfunc__ = function.__xlfunc__  # type: ignore[attr-defined]
        wrapper.__wrapped__ = function  # type: ignore[attr-defined]
        return wrapper


def plain(value: object) -> object:
    """An answer as JSON can hold it; anything else (a JsNull, a JsProxy) by its type name and repr."""
    if isinstance(value, list | tuple):
        return [plain(item) for item in value]
    if isinstance(value, dict):
        return {str(key): plain(item) for key, item in value.items()}
    if value is None or isinstance(value, bool | int | float | str):
        return value
    return {"unconverted": type(value).__name__, "repr": repr(value)}


async def install(wheels: list[str], deps: bool) -> dict[str, object]:
    """Pyodide only: install wheels already written into Pyodide's file system, as Lite's requirements.txt does.

    xlwings first (its own requirements are all for Windows and macOS), then xlbridge: with ``deps`` micropip
    checks xlbridge's ``xlwings`` requirement against the xlwings just installed (nothing can be downloaded).
    """
    import micropip  # type: ignore[import-not-found]

    xlwings_wheels = [wheel for wheel in wheels if "/xlwings-" in wheel]
    others = [wheel for wheel in wheels if wheel not in xlwings_wheels]
    await micropip.install([f"emfs:{wheel}" for wheel in xlwings_wheels], deps=True)
    await micropip.install([f"emfs:{wheel}" for wheel in others], deps=deps)
    return {"installed": [f"{name}=={version}" for name, version in sorted(_installed().items())]}


def _installed() -> dict[str, str]:
    from importlib.metadata import version

    return {name: version(name) for name in ("xlwings", "xlbridge")}


def requirement_met() -> dict[str, object]:
    """Whether the installed xlwings satisfies xlbridge's own requirement (read from xlbridge's metadata)."""
    from importlib.metadata import requires, version

    wanted = [line for line in requires("xlbridge") or [] if line.startswith("xlwings") and "extra" not in line]
    try:
        from packaging.requirements import Requirement

        met = all(Requirement(line).specifier.contains(version("xlwings"), prereleases=True) for line in wanted)
    except ImportError:  # CPython without packaging: say so rather than guess
        return {"requires": wanted, "met": None}
    return {"requires": wanted, "met": met}


async def run(request: Any, options_json: str = "{}") -> str:
    """Run the call list through xlwings' dispatcher; the report as JSON."""
    options = {**DEFAULTS, **json.loads(options_json)}
    # What the Lite bridge does with what Office.js sent: JavaScript values into Python ones.
    data: list[dict[str, Any]] = request.to_py() if hasattr(request, "to_py") else request

    # xlwings picks its Office.js decorators (those Lite uses) when XLWINGS_ON_SERVER is set before it is imported,
    # and its Office.js code checks for a licence key; "noncommercial" is xlwings' free non-commercial key.
    os.environ.setdefault("XLWINGS_ON_SERVER", "true")
    os.environ.setdefault("XLWINGS_LICENSE_KEY", "noncommercial")
    import xlwings as xw
    from xlwings.server import custom_functions_call, custom_functions_meta

    import xlbridge.udfs as udfs

    # Lite dispatches to the workbook's main.py; the README has it say this one line.
    main = types.ModuleType("main")
    exec(MAIN_PY, main.__dict__)
    recorder = Recorder(main)
    results: dict[str, object] = {}
    arrived: dict[str, dict[str, object]] = {}
    timings: dict[str, float] = {}
    function_timings: dict[str, float] = {}
    received: dict[str, list[object]] = {}
    for call in data:
        envelope = {
            "func_name": call["func_name"],
            "args": call["args"],
            "version": xw.__version__,
            "client": "Office.js",
            "runtime": "1.4",
        }
        start = time.perf_counter()
        try:
            answer: object = await custom_functions_call(envelope, recorder)
        except Exception as error:  # reported, not raised: the report says which calls fail and how
            answer = {"exception": f"{type(error).__name__}: {error}"}
        timings[call["id"]] = time.perf_counter() - start
        results[call["id"]] = plain(answer)
        if recorder.arrived:
            args = recorder.arrived.pop()
            function_timings[call["id"]] = recorder.seconds.pop()
            received[call["id"]] = args
            found: dict[str, str] = {}
            unusual(args, found)
            arrived[call["id"]] = {"types": [describe(arg) for arg in args], "unusual": found}

    # Recalculations of the long column: the whole dispatch (xlwings' conversions in and out, and the function),
    # and the function alone on the arguments as xlwings handed them over.
    repeats = int(options["repeats"])
    bench: dict[str, list[float]] = {"dispatcher": [], "function": []}
    if repeats:
        long_call = next(call for call in data if call["id"] == "score_long_column")
        envelope = {**long_call, "version": xw.__version__, "client": "Office.js", "runtime": "1.4"}
        for _ in range(repeats):
            start = time.perf_counter()
            await custom_functions_call(envelope, udfs)
            bench["dispatcher"].append(time.perf_counter() - start)
            start = time.perf_counter()
            udfs.BRIDGESCORE(*received["score_long_column"])
            bench["function"].append(time.perf_counter() - start)

    session = options.get("session")
    recalculation = await recalculate(session, Recorder(main), xw.__version__) if session else None

    try:
        import pyodide_js  # type: ignore[import-not-found]

        pyodide_version = str(pyodide_js.version)
    except ImportError:
        pyodide_version = None
    report = {
        "python": sys.version.split()[0],
        "platform": sys.platform,
        "pyodide": pyodide_version,
        "xlwings": xw.__version__,
        "requirement": requirement_met(),
        "null_arrives_as": _null_arrives_as(),
        "main_py": MAIN_PY,
        "meta": custom_functions_meta(main),  # type: ignore[no-untyped-call]
        "results": results,
        "arrived": arrived,
        "timings": timings,
        "function_timings": function_timings,
        "bench": bench,
        "recalculation": recalculation,
    }
    return json.dumps(report)


async def recalculate(session: dict[str, Any], module: Recorder, version: str) -> dict[str, object]:
    """A sheet's calls made again after each result is typed (benchmarks/live.py): ``session["calls"]`` (each a
    function, its arguments as Office.js sends them, and ``results``: which of them is the results block) all in
    turn, once after each (row, column, value) of ``session["retyped"]`` is typed into the results block. Each
    round's seconds through xlwings' dispatcher and in xlbridge's functions alone, and the last round's answers."""
    from xlwings.server import custom_functions_call

    calls = session["calls"]
    rounds: list[float] = []
    functions: list[float] = []
    answers: list[object] = []
    for row, column, value in session["retyped"]:
        for call in calls:
            call["args"][call["results"]][row][column] = value
        # Each call's arguments its own, as the Lite bridge converts each call's (made before the clock starts).
        envelopes = [{"func_name": call["func_name"], "args": json.loads(json.dumps(call["args"])),
                      "version": version, "client": "Office.js", "runtime": "1.4"} for call in calls]  # fmt: skip
        start = time.perf_counter()
        answers = [await custom_functions_call(envelope, module) for envelope in envelopes]
        rounds.append(time.perf_counter() - start)
        functions.append(sum(module.seconds))
        module.seconds.clear()
        module.arrived.clear()
    return {"rounds": rounds, "functions": functions, "answers": plain(answers)}


def _null_arrives_as() -> str:
    """What JavaScript ``null`` becomes in this interpreter (``NoneType`` in CPython, where JSON null is None)."""
    try:
        from pyodide.code import run_js  # type: ignore[import-not-found]
    except ImportError:
        return "NoneType"
    value = run_js("[null]").to_py()[0]
    return f"{type(value).__name__} ({value!r})"


def main(argv: list[str]) -> None:
    """CPython: the same call list, as JSON parsed in Python, through the same dispatcher, and as in xlwings Lite
    without the double-dummy solver (the hands extra has no Pyodide build)."""
    import asyncio

    sys.modules["endplay"] = None  # type: ignore[assignment]

    options_json = argv[1] if len(argv) > 1 else "{}"
    request = json.loads(calls_json(options_json))
    print(asyncio.run(run(request, options_json)))


if __name__ == "__main__":
    main(sys.argv)
