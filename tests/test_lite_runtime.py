"""xlwings Lite proven in its own runtime: the worksheet functions run in Pyodide as Lite runs them.

Pyodide from npm runs under node; the xlbridge wheel built from this checkout, the xlwings wheel from PyPI and
micropip install from local files, as Lite's requirements.txt installs them. Inside, xlwings' own Office.js code
builds the functions' metadata and dispatches calls whose arguments are shaped as Office.js sends them (JavaScript
``null`` for blank cells and omitted arguments, error objects, a 10,000-row column); every answer must equal the
answer the same call gives in CPython through the same xlwings. Runs with the oldest xlwings pyproject.toml allows
and the newest, in two Pyodide releases. The first run fetches Pyodide and the wheels into ``.cache/lite/``.
"""

from __future__ import annotations

import itertools
import tomllib
from functools import cache
from pathlib import Path

import pytest

import xlbridge
import xlbridge.udfs as udfs

from .lite import driver, harness

MISSING = harness.missing_tools()

pytestmark = [
    pytest.mark.lite,
    pytest.mark.slow,  # starts Pyodide under node for each pair of versions: a minute and more; CI runs it (-m slow)
    pytest.mark.xlwings_server,
    # One worker runs every test that fetches Pyodide and the wheels into .cache/lite/ (a second would fetch the
    # same files at the same time): tests/test_benchmarks.py's live recalculation is in the group too.
    pytest.mark.xdist_group("lite"),
    pytest.mark.skipif(
        bool(MISSING), reason=f"needs {' and '.join(MISSING)} on PATH: node runs Pyodide and npm installs it"
    ),
]

VALUE = {"type": "Error", "errorType": "Value"}
NOT_AVAILABLE = {"type": "Error", "errorType": "NotAvailable"}
#: How xlwings hands an error text that a function returns back to Office.js: a real error value.
RETURNED_ERRORS = {"#VALUE!": VALUE, "#N/A": NOT_AVAILABLE, "#NUM!": {"type": "Error", "errorType": "Num"}}


def oldest_allowed_xlwings() -> str:
    """The lower bound of xlbridge's own xlwings requirement (``xlwings>=X`` in pyproject.toml)."""
    project = tomllib.loads((harness.ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    (requirement,) = (line for line in project["dependencies"] if line.startswith("xlwings"))
    return str(requirement).removeprefix("xlwings>=")


RUNS = list(itertools.product(harness.PYODIDE, (oldest_allowed_xlwings(), harness.NEWEST_XLWINGS)))
IDS = [f"pyodide{pyodide}-xlwings{xlwings}" for pyodide, xlwings in RUNS]


@pytest.fixture(scope="module")
def xlbridge_wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return harness.build_xlbridge_wheel(tmp_path_factory.mktemp("lite-wheel"))


@cache
def cpython(xlwings: str) -> harness.Report:
    return harness.run_cpython(xlwings)


@cache
def pyodide_run(pyodide: str, xlwings: str, wheel: Path) -> harness.Report:
    return harness.run_pyodide(pyodide, xlwings, wheel)


@pytest.fixture(params=RUNS, ids=IDS)
def run(request: pytest.FixtureRequest, xlbridge_wheel: Path) -> tuple[harness.Report, harness.Report]:
    """(the report from Pyodide, the report from CPython) for one Pyodide x xlwings pair."""
    pyodide, xlwings = request.param
    return pyodide_run(pyodide, xlwings, xlbridge_wheel), cpython(xlwings)


def test_the_pair_is_what_was_asked_for(run: tuple[harness.Report, harness.Report]) -> None:
    """The report comes from Pyodide (wasm) and the CPython one from CPython, both with the same xlwings."""
    lite, reference = run
    assert lite["platform"] == "emscripten"
    assert lite["pyodide"] in harness.PYODIDE
    assert reference["platform"] != "emscripten"
    assert lite["xlwings"] == reference["xlwings"]


def test_micropip_installs_xlbridge_against_that_xlwings(run: tuple[harness.Report, harness.Report]) -> None:
    """micropip, resolving xlbridge's requirements offline, accepts the xlwings already installed (as in Lite)."""
    lite, _ = run
    assert lite["install"]["installed"] == [f"xlbridge=={xlbridge.__version__}", f"xlwings=={lite['xlwings']}"]
    assert lite["requirement"]["met"] is True


def test_javascript_null_really_is_jsnull_here(run: tuple[harness.Report, harness.Report]) -> None:
    """These Pyodide releases turn JavaScript null into JsNull, so the calls below do test its handling."""
    lite, _ = run
    assert lite["null_arrives_as"] == "JsNull (jsnull)"


def test_metadata_names_every_function_bridge_dot_with_help(run: tuple[harness.Report, harness.Report]) -> None:
    """xlwings' Office.js metadata, built in Pyodide from a main.py holding the README's one line: BRIDGE.<NAME>
    for each function, a description for it and for each parameter; the same metadata as CPython builds."""
    lite, reference = run
    assert lite["main_py"] == "from xlbridge.udfs import *\n"
    functions = {function["name"]: function for function in lite["meta"]["functions"]}
    assert set(functions) == {f"BRIDGE.{name}" for name in udfs.FUNCTION_NAMES}
    for name, function in functions.items():
        assert function["id"] == name.removeprefix("BRIDGE.")
        assert 20 <= len(function["description"]) <= 255, name
        assert function["parameters"], name
        for parameter in function["parameters"]:
            assert 10 <= len(parameter["description"]) <= 255, (name, parameter["name"])
            assert not parameter["description"].startswith("Positional argument"), (name, parameter["name"])
    assert lite["meta"] == reference["meta"]


def test_every_answer_equals_cpythons(run: tuple[harness.Report, harness.Report]) -> None:
    """Every call through xlwings' dispatcher answers in Pyodide exactly as in CPython; but the reason the solver's
    CHECK gives, which names the command that installs it the way xlbridge was installed there (a wheel in
    Pyodide, a copy of the repository here): both say the solver is not installed."""
    lite, reference = run
    assert set(lite["results"]) == set(reference["results"])
    install_hints = {"handtricks_check", "parscore_check"}
    assert [key for key in harness.differences(lite, reference) if key not in install_hints] == []
    for key in install_hints:
        for report in (lite, reference):
            assert "the double-dummy solver (endplay), which is not installed here" in report["results"][key][0][0]


def test_only_plain_values_reach_xlbridge(run: tuple[harness.Report, harness.Report]) -> None:
    """xlwings turns JsNull (and error objects) into plain values: xlbridge receives nothing Pyodide-specific."""
    lite, _ = run
    assert {call: seen["unusual"] for call, seen in lite["arrived"].items() if seen["unusual"]} == {}


def test_answers_are_the_right_ones(run: tuple[harness.Report, harness.Report]) -> None:
    """Spot checks, so that two runtimes cannot agree on wrong answers: omitted arguments and blank cells."""
    results = run[0]["results"]
    assert results["score_numbers_and_text"] == [[420]]
    assert results["score_rules_omitted_trailing"] == [[630]]
    assert results["score_declarer_omitted_null"] == [[420]]
    assert results["score_column_blanks_and_error"] == [[620], [VALUE], [""], [""], [NOT_AVAILABLE]]
    assert results["imp_scale_omitted"] == [[12]]
    assert results["imp_blank_cell"] == [[""]]
    assert results["imp_error_cell"] == [[NOT_AVAILABLE]]
    assert results["imp_calc_error_cell"] == [[VALUE]]  # an error no custom function returns: #VALUE!, not text
    assert results["imp_spill_error_cell"] == [[VALUE]]
    assert results["sessioninfo_date_as_text"][:2] == [["Club"], ["Tuesday 24th"]]
    assert results["vp20_continuous"] == [[19.74]]
    assert results["matchpoints_field_with_blanks"] == [[2.6], [5], [""], [5], [9.8], [""], [0.2], [7.4]]
    assert results["vul_column"] == [["None"], ["NS"], [""], [""], ["EW"]]
    assert results["masterpoints_trailing_omitted"] == [[0.2], [0.07], [0.07], [""], [0]]
    assert results["masterpoints_directions"] == [[0.06], [0.06], [0], [0]]
    assert results["handtricks_no_solver"] == [[NOT_AVAILABLE] * 5] * 4  # Lite has no solver: #N/A, with a reason
    assert "the double-dummy solver (endplay), which is not installed here" in results["handtricks_check"][0][0]
    assert results["parscore_no_solver"] == [[NOT_AVAILABLE], [""]]
    assert "xlwings Lite cannot run it" in results["parscore_check"][0][0]


def as_xlwings_reads(cell: object) -> object:
    """A cell as xlwings' Office.js reader hands it to a function: blank as None, an error object as its text."""
    if cell == "":
        return None
    return cell["basicValue"] if isinstance(cell, dict) else cell


def test_a_ten_thousand_row_column(run: tuple[harness.Report, harness.Report]) -> None:
    """BRIDGESCORE over 10,000 rows in one call, in Pyodide, answers as the function itself does when called
    directly here: unused rows ("" and null) blank, the error cell passed on, the rest scored."""
    column = run[0]["results"]["score_long_column"]
    arguments = [[[as_xlwings_reads(cell) for cell in row] for row in grid] for grid in driver.long_column(10_000)]
    direct = udfs.BRIDGESCORE(*arguments)
    assert column == [[RETURNED_ERRORS.get(cell, cell) for cell in row] for row in direct]
    assert len(column) == 10_000
    assert all(column[row] == [""] for row in range(0, 10_000, 97))
    assert column[5] == [NOT_AVAILABLE]
    assert sum(isinstance(cell, int) for (cell,) in column) > 7_500
