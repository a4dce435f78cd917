"""The worksheet functions register on every route, checked with xlwings' own code (no Excel needed)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

import xlbridge.udfs as udfs

HERE = Path(__file__).resolve().parent
FUNCTIONS_PAGE = HERE.parent / "docs" / "functions.md"

# The names the product promises (the issues), and the classic-Excel aliases.
REQUIRED = {"BRIDGESCORE", "BOARDVUL", "IMP", "VP20", "MATCHPOINTS"}
ALSO = {"BOARDDEALER", "VP30", "CROSSIMP", "DATUM", "BUTLER", "BRIDGECHECK", "BAM", "VP_20", "VP_30", "IMP_",
        "RUBBERTOTAL", "RUBBERSHEET", "CHICAGOTOTAL", "CHICAGOSHEET", "CHICAGOWHEEL", "SESSIONINFO", "SESSIONRESULTS",
        "PAIRTOTALS", "STRATRANKING",
        "RANKING", "TRAVELLERS", "BOARDRESULTS", "MATCHBOARDS", "MATCHSUMMARY", "EVENTMATCHES", "STANDINGS",
        "TEAMSINFO", "SCORECARD", "MASTERPOINTS", "TABLESCORE", "TEAMNAME", "HANDTRICKS", "PARSCORE",
        "PARDIFF"}  # fmt: skip

# MS-VBAL 3.3.5.2: identifiers VBA reserves (a function or parameter with one of these names does not compile).
VBA_RESERVED_WORDS = """
Call Case Close Const Declare DefBool DefByte DefCur DefDate DefDbl DefInt DefLng DefLngLng DefLngPtr DefObj DefSng
DefStr DefVar Dim Do Else ElseIf End EndIf Enum Erase Event Exit For Friend Function Get Global GoSub GoTo If
Implements Input Let Lock Loop LSet Next On Open Option Print Private Public Put RaiseEvent ReDim Resume Return RSet
Seek Select Set Static Stop Sub Type Unlock Wend While With Write Any As ByRef ByVal Each In New Shared Until
WithEvents Optional ParamArray Preserve Spc Tab Then To AddressOf And Eqv Imp Is Like Mod Not Or TypeOf Xor Array
Circle InputB LBound Scale UBound Boolean Byte Currency Date Double Integer Long LongLong LongPtr Single String
Variant Abs CBool CByte CCur CDate CDbl CDec CInt CLng CLngLng CLngPtr CSng CStr CVar CVErr Debug DoEvents Fix Int Len
LenB Me PSet Sgn Empty False Nothing Null True Attribute Decimal DefDec
"""
VBA_RESERVED = frozenset(word.lower() for word in VBA_RESERVED_WORDS.split())
CELL_ADDRESS = re.compile(r"[A-Z]{1,3}[0-9]+")


def run_route(route: str, env: dict[str, str] | None = None) -> dict:  # type: ignore[type-arg]
    completed = subprocess.run(
        [sys.executable, str(HERE / "xlwings_routes.py"), route],
        capture_output=True,
        text=True,
        env={**os.environ, **(env or {})},
        check=False,
        timeout=120,
    )
    assert completed.returncode == 0, completed.stderr
    return json.loads(completed.stdout)  # type: ignore[no-any-return]


@cache
def officejs() -> dict:  # type: ignore[type-arg]
    return run_route("officejs", {"XLWINGS_ON_SERVER": "true", "XLWINGS_LICENSE_KEY": "noncommercial"})


@cache
def classic() -> dict:  # type: ignore[type-arg]
    return run_route("classic")


needs_server = pytest.mark.skipif(
    os.environ.get("XLBRIDGE_SKIP_XLWINGS_SERVER") == "1",
    reason="XLBRIDGE_SKIP_XLWINGS_SERVER=1: not using xlwings' noncommercial licence key",
)


def test_every_promised_function_is_declared() -> None:
    """The required names and the ones the issues add are all declared here (Linux: IMP included), each by its
    own line of the module (``BRIDGESCORE = ...``: found by grep), which is what xlwings reads."""
    assert set(udfs.FUNCTION_NAMES) == REQUIRED | ALSO
    source = Path(udfs.__file__).read_text(encoding="utf-8")
    for name in udfs.FUNCTION_NAMES:
        assert callable(getattr(udfs, name)), name
        assert f"\n{name} = " in source or f"\n    {name} = " in source, name


@pytest.mark.xlwings_server
@needs_server
def test_officejs_metadata_lists_every_function_with_help() -> None:
    """xlwings' Office.js metadata: every function, namespaced BRIDGE., with descriptions for it and each argument."""
    functions = {f["name"]: f for f in officejs()["meta"]["functions"]}
    assert set(functions) == {f"BRIDGE.{name}" for name in REQUIRED | ALSO}
    for name, function in functions.items():
        assert 20 <= len(function["description"]) <= 255, name
        assert function["result"]["dimensionality"] == "matrix", name
        for parameter in function["parameters"]:
            assert parameter["dimensionality"] in ("matrix", "scalar"), (name, parameter["name"])
            assert not parameter["description"].startswith("Positional argument"), (name, parameter["name"])
            assert 10 <= len(parameter["description"]) <= 255, (name, parameter["name"])


@pytest.mark.xlwings_server
@needs_server
def test_officejs_offers_each_choice_argument_its_choices() -> None:
    """An argument that names one of a registry's choices (a session's method, fields and masterpoint scale, a teams
    event's form, schedule, bye rule and tie-break...) is an Office.js custom enum: one cell of text, whose choices
    Excel offers as it is typed, each with what it means; every other argument a range of anything, as before. A
    choice typed otherwise (an alias, ``Howell``) still reaches the function, through xlwings' own dispatcher."""
    from xlbridge.excel.functions import CATALOGUE

    meta = officejs()["meta"]
    enums = {enum["id"]: enum for enum in meta["enums"]}
    functions = {f["name"]: f for f in meta["functions"]}
    offered = 0
    for function in CATALOGUE:
        shown = {p["name"]: p for p in functions[f"BRIDGE.{function.name}"]["parameters"]}
        for argument in function.arguments:
            parameter = shown[argument.name]
            if not argument.choices:
                assert (parameter["dimensionality"], parameter["type"]) == ("matrix", "any"), argument.name
                continue
            offered += 1
            assert (parameter["dimensionality"], parameter["type"]) == ("scalar", "string"), argument.name
            values = enums[parameter["customEnumId"]]["values"]
            assert [(v["stringValue"], v["tooltip"]) for v in values] == list(argument.choices), argument.name
    assert offered >= 20
    assert ("method", ("MP", "ACBL", "Cross-IMP", "Butler")) in {
        (a.name, tuple(name for name, _ in a.choices)) for f in CATALOGUE for a in f.arguments}  # fmt: skip
    assert officejs()["calls"]["SESSIONINFO"][:3] == [["Club"], ["Tuesday 24th"], [1]]  # "Howell" for fields


@pytest.mark.xlwings_server
@needs_server
def test_officejs_links_each_function_to_its_help_and_caches_the_solvers() -> None:
    """Each function's help in Excel (xlwings Lite's help_url) is its row of the reference page on the project's
    site, an anchor the page has; HANDTRICKS and PARSCORE, the same for the same deal every time and costly, are
    declared cacheable (xlwings Lite 0.37 keeps their answers), and no other function is."""
    import xlbridge
    from xlbridge.excel.functions import spellings

    page = FUNCTIONS_PAGE.read_text(encoding="utf-8")
    anchors = set(re.findall(r'<a id="([a-z0-9_]+)"></a>', page))
    for function in officejs()["meta"]["functions"]:
        url, _, anchor = function["helpUrl"].partition("#")
        assert url == f"{xlbridge.PROJECT_URL}/blob/main/docs/functions.md", function["name"]
        assert anchor in anchors, function["name"]
        assert anchor == spellings()[function["id"]].lower(), function["name"]  # IMP_'s is IMP's
    assert officejs()["cached"] == ["HANDTRICKS", "PARSCORE"]


@pytest.mark.xlwings_server
@needs_server
def test_officejs_calls_give_real_error_values() -> None:
    """Through xlwings' dispatcher: numbers, blanks for unused rows, real Excel errors for bad or errored input."""
    calls = officejs()["calls"]
    value_error = {"type": "Error", "errorType": "Value"}
    not_available = {"type": "Error", "errorType": "NotAvailable"}
    assert calls["BRIDGESCORE"] == [[620], [value_error], [""], [not_available]]
    assert calls["IMP"] == [[12]]
    assert calls["VP20"] == [[19.74]]
    assert calls["MATCHPOINTS"] == [[2.6], [5], [5], [9.8], [0.2], [7.4]]
    assert calls["MATCHPOINTS_NOT_IN_FIELD"] == [[not_available]]
    assert calls["BRIDGECHECK"][0] == [""]
    assert "7NT cannot make 1 overtrick" in calls["BRIDGECHECK"][1][0]
    assert calls["IMP_CALC_SPILL"] == [[value_error], [value_error], [12]]  # not the text "#CALC!"
    assert calls["SESSIONINFO"][:2] == [["Club"], ["Tuesday 24th"]]


@pytest.mark.parametrize("code", ["#SPILL!", "#CALC!", "#FIELD!", "#BUSY!", "#N/A", "#DIV/0!"])
def test_every_error_value_handed_in_comes_out_as_one(code: str) -> None:
    """An input cell holding any of Excel's error values gives an error value that every route can return: the
    seven of the C API as they are, the newer ones (which no worksheet function can return) as #VALUE!, each with
    its name in the reason CHECK gives."""
    from xlbridge.excel.cells import RETURNED_ERRORS

    out = udfs.IMP([[code]])
    assert out == [[code if code in RETURNED_ERRORS else "#VALUE!"]]
    assert udfs.BRIDGECHECK([[code]], [["N"]], [["="]], [[1]]) == [[f"contract: the cell holds the error {code}"]]


def vba_functions(vba: str) -> dict[str, list[str]]:
    """Function name -> parameter names, read back from the generated VBA."""
    found = {}
    for name, params in re.findall(r"^Function (\w+)\(([^)]*)\)", vba, flags=re.MULTILINE):
        found[name] = [p.replace("Optional ", "").strip() for p in params.split(",") if p.strip()]
    return found


def test_classic_vba_wrappers_for_every_function_and_alias() -> None:
    """xlwings' VBA generator writes a wrapper for every function, including VP_20, VP_30 and IMP_."""
    result = classic()
    functions = vba_functions(result["vba"])
    assert set(functions) == (REQUIRED | ALSO) - {"IMP"}
    assert set(result["declared"]) == set(functions)
    assert functions["BRIDGESCORE"] == ["contract", "declarer", "result", "vulnerability", "rules"]
    assert "Optional rules" in result["vba"]


def test_classic_vba_compiles_in_principle() -> None:
    """No VBA function or parameter is a word VBA reserves (Imp, Scale...): the imported module would not compile."""
    for name, params in vba_functions(classic()["vba"]).items():
        assert name.lower() not in VBA_RESERVED, name
        for param in params:
            assert param.lower() not in VBA_RESERVED, (name, param)


def test_classic_names_typeable_in_a_cell() -> None:
    """Only VP20 and VP30 look like cell addresses, and each has a classic alias."""
    names = set(vba_functions(classic()["vba"]))
    addresses = {name for name in names if CELL_ADDRESS.fullmatch(name)}
    assert addresses == {"VP20", "VP30"}
    assert {"VP_20", "VP_30"} <= names


def test_classic_takes_every_argument_as_a_range() -> None:
    """Classic xlwings makes no drop-down of a ``Literal`` (it would take one for a converter, and every call would
    fail): there, every argument is a plain cell or range, a choice one included."""
    for name, info in classic()["functions"].items():
        assert info["converters"] == ["typing.Any"], name


def test_classic_help_texts_fit_the_function_wizard() -> None:
    """Category Bridge; function and argument help at most 255 characters (Excel cuts there)."""
    for name, info in classic()["functions"].items():
        assert info["category"] == "Bridge", name
        assert len(info["doc"]) <= 255, name
        for argument, doc in info["args"].items():
            assert len(doc) <= 255, (name, argument)
            assert not doc.startswith("Positional argument"), (name, argument)


def test_the_reference_lists_exactly_the_registered_functions() -> None:
    """The reference's table of worksheet functions (docs/functions.md) names exactly what the module declares."""
    section = FUNCTIONS_PAGE.read_text(encoding="utf-8")
    listed = set(re.findall(r"^\| `([A-Z_0-9]+)\(", section, flags=re.MULTILINE))
    assert listed == set(udfs.FUNCTION_NAMES)


def test_the_reference_shows_each_function_with_the_catalogues_arguments() -> None:
    """Each row of the reference's table shows the function with its arguments as the catalogue declares them, the
    optional ones in brackets."""
    from xlbridge.excel.functions import CATALOGUE

    section = FUNCTIONS_PAGE.read_text(encoding="utf-8")
    shown = dict(re.findall(r"^\| `([A-Z_0-9]+)\(([^)]*)\)`", section, flags=re.MULTILINE))
    for function in CATALOGUE:
        arguments = ", ".join(f"[{a.name}]" if a.optional else a.name for a in function.arguments)
        for name in function.spellings():
            assert shown[name] == arguments, name


def test_each_catalogue_entry_fits_the_function_it_calls() -> None:
    """Every entry's arguments, required ones first, can be passed to the function it names, and the function's
    own optional arguments are the entry's optional ones (a session function takes the session's cells as
    ``*arguments``: :class:`~xlbridge.excel.session_cells.SessionCells` says which they are)."""
    import inspect

    from xlbridge.excel.functions import CATALOGUE

    for function in CATALOGUE:
        flags = [argument.optional for argument in function.arguments]
        assert flags == sorted(flags), function.name
        parameters = list(inspect.signature(function.run).parameters.values())
        rest = any(p.kind is inspect.Parameter.VAR_POSITIONAL for p in parameters)
        named = [p for p in parameters if p.kind is not inspect.Parameter.VAR_POSITIONAL]
        assert rest or len(named) >= len(flags), function.name
        required = [p for p in named if p.default is inspect.Parameter.empty]
        assert len(required) == flags.count(False) or (rest and len(required) < flags.count(False)), function.name


@pytest.mark.parametrize(
    ("stored", "entered"),
    [
        ("=_xldudf_IMP(A1)", "=BRIDGE.IMP(A1)"),
        ("=_xldudf_SESSIONRESULTS(Results!$A$2:$H$301,Names!$A$2:$D$41,Method,Movement,PerBoard)",
         "=BRIDGE.SESSIONRESULTS(Results!$A$2:$H$301,Names!$A$2:$D$41,Method,Movement,PerBoard)"),
        ("=IF(A1=\"\",\"\",bridge.vp20(A1,8))", "=IF(A1=\"\",\"\",BRIDGE.VP20(A1,8))"),
        ("=SUM(A1:A3)", None),
        ("=_xldudf_SOMEONE_ELSES(1)", None),
        (42, None),
    ],
)  # fmt: skip
def test_relinked_formulas(stored: object, entered: str | None) -> None:
    """What the Lite script enters again: xlbridge calls as Excel shows them once the add-in has loaded."""
    from xlbridge.excel.relink import relinked

    assert relinked(stored) == entered


def test_the_lite_script_enters_every_xlbridge_formula_again() -> None:
    """REENTER_FORMULAS, run on a workbook as xlwings Lite hands it over, sets each xlbridge formula again and only
    those, at their own cells."""
    import asyncio

    written: dict[tuple[str, tuple[int, int]], str] = {}

    class Cell:
        def __init__(self, sheet: str, where: tuple[int, int]) -> None:
            self.sheet, self.where = sheet, where

        @property
        def formula(self) -> str:
            raise AssertionError("the script reads formulas through get_formula")

        @formula.setter
        def formula(self, value: str) -> None:
            written[(self.sheet, self.where)] = value

    class Used:
        row, column = 2, 9

        async def get_formula(self) -> list[list[object]]:
            return [["=_xldudf_SESSIONRESULTS(A2:H3,N,M,V,P)", 420], ["", "=SUM(I2:I3)"]]

    class Sheet:
        def __init__(self, name: str) -> None:
            self.name, self.used_range = name, Used()

        def range(self, where: tuple[int, int]) -> Cell:
            return Cell(self.name, where)

    class Book:
        def __init__(self) -> None:
            self.sheets = [Sheet("Results")]

    assert "REENTER_FORMULAS" in udfs.__all__
    asyncio.run(udfs.REENTER_FORMULAS(Book()))
    assert written == {("Results", (2, 9)): "=BRIDGE.SESSIONRESULTS(A2:H3,N,M,V,P)"}
