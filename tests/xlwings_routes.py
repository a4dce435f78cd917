"""Runs xlwings' own registration code over xlbridge.udfs in a fresh interpreter and prints what it made, as JSON.

``python tests/xlwings_routes.py officejs``: xlwings' Office.js metadata builder (the xlwings Lite route) and a few
calls through its custom-function dispatcher with arguments shaped as Office.js sends them. Needs
``XLWINGS_ON_SERVER=true`` and ``XLWINGS_LICENSE_KEY`` in the environment before xlwings is imported.

``python tests/xlwings_routes.py classic``: xlwings' classic VBA generator (``xlwings.udfs.generate_vba_wrapper``),
with the Windows-only modules it imports stubbed out, as the *Import Functions* button would run it.
"""

from __future__ import annotations

import asyncio
import io
import json
import sys
import types


def officejs() -> dict[str, object]:
    import xlwings as xw
    from xlwings.server import custom_functions_call, custom_functions_meta

    import xlbridge.udfs as module

    def call(name: str, *args: object) -> object:
        data = {"func_name": name, "args": list(args), "version": xw.__version__, "client": "Office.js"}
        data["runtime"] = "1.4"
        return asyncio.run(custom_functions_call(data, module))

    not_available = {"type": "Error", "basicValue": "#N/A", "errorType": "NotAvailable"}
    calls = {
        # A column with a good line, a bad contract, an unused row (Office.js sends "") and an error upstream.
        "BRIDGESCORE": call(
            "BRIDGESCORE",
            [["4S"], ["8S"], [""], ["4H"]],
            [["N"], ["N"], [""], [not_available]],
            [["="], ["="], [""], ["="]],
            2,
        ),
        "IMP": call("IMP", 620, None),
        "VP20": call("VP20", 40, 8),
        "MATCHPOINTS": call(
            "MATCHPOINTS",
            [[200], [230], ["A5050"], [650], [170], [300]],
            [[200], [230], ["A5050"], [650], [170], [300]],
        ),
        "MATCHPOINTS_NOT_IN_FIELD": call("MATCHPOINTS", 400, [[200], [230]]),
        "BRIDGECHECK": call("BRIDGECHECK", [["4S"], ["7NT"]], "N", [["="], ["+1"]], 1),
        # Cells holding the errors of dynamic arrays, which no custom function can return: passed on as #VALUE!.
        "IMP_CALC_SPILL": call(
            "IMP",
            [
                [{"type": "Error", "basicValue": "#CALC!", "errorType": "Calc"}],
                [{"type": "Error", "basicValue": "#SPILL!", "errorType": "Spill"}],
                [620],
            ],
            None,
        ),
        # A date typed as text, shown as typed.
        "SESSIONINFO": call(
            "SESSIONINFO",
            "Club",
            "Tuesday 24th",
            [[1, 1, 2, "4S", "N", "", "=", ""]],
            [[1, "", "A", "B"], [2, "", "C", "D"]],
            "MP",
            "Howell",
        ),
    }
    cached = sorted(name for name, value in vars(module).items() if getattr(value, "__xlfunc__", {}).get("cache"))
    return {"meta": custom_functions_meta(module), "calls": calls, "cached": cached}


def classic() -> dict[str, object]:
    for name in ("pythoncom", "pywintypes", "win32com", "win32com.client"):
        sys.modules[name] = types.ModuleType(name)
    sys.modules["pythoncom"].CoInitialize = lambda: None  # type: ignore[attr-defined]
    sys.modules["win32com"].client = sys.modules["win32com.client"]  # type: ignore[attr-defined]
    sys.modules["win32com.client"].Dispatch = lambda *args, **kwargs: None  # type: ignore[attr-defined]

    import xlwings
    import xlwings.udfs as classic_udfs

    # What `from xlwings import func, arg, ret` gives on Windows with pywin32.
    xlwings.func, xlwings.arg, xlwings.ret = classic_udfs.xlfunc, classic_udfs.xlarg, classic_udfs.xlret

    import xlbridge.udfs as module

    class Workbook:
        Name = "club results.xlsm"

    vba = io.StringIO()
    classic_udfs.generate_vba_wrapper("xlbridge.udfs", module, vba, Workbook())
    functions = {
        name: {
            "doc": value.__xlfunc__["ret"]["doc"],
            "category": value.__xlfunc__["category"],
            "args": {a["name"]: a["doc"] for a in value.__xlfunc__["args"]},
            "converters": sorted({str(a["options"].get("convert")) for a in value.__xlfunc__["args"]}),
        }
        for name, value in vars(module).items()
        if hasattr(value, "__xlfunc__")
    }
    return {"vba": vba.getvalue(), "functions": functions, "declared": module.FUNCTION_NAMES}


if __name__ == "__main__":
    route = sys.argv[1]
    print(json.dumps(officejs() if route == "officejs" else classic()))
