"""BRIDGESCORE over a 10,000-row column in xlwings Lite's runtime (Pyodide under node) against CPython.

    python benchmarks/pyodide.py                      # Pyodide 314.0.7, xlwings 0.37.8, 10,000 rows
    python benchmarks/pyodide.py --pyodide 0.29.3 --rows 50000 --repeats 10

Both sides make the same call through xlwings' Office.js dispatcher (tests/lite/driver.py): the arguments as
Office.js sends them, the answer converted back for Excel. Timed are xlbridge's function alone (on the arguments
as xlwings hands them over) and the whole dispatch. The first call scores every distinct line; the repeats find
them remembered, as a recalculation does.
Each figure is measured inside its own interpreter with ``time.perf_counter``; the Pyodide side needs node and npm
and fetches Pyodide and the wheels into ``.cache/lite/`` the first time. Not a test: it prints, it judges nothing.
"""

from __future__ import annotations

import argparse
import platform
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.lite import harness  # noqa: E402 - the Lite harness, beside the tests that use it


def milliseconds(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pyodide", default=harness.PYODIDE[-1], help="the npm version of Pyodide")
    parser.add_argument("--xlwings", default=harness.NEWEST_XLWINGS)
    parser.add_argument("--rows", type=int, default=10_000)
    parser.add_argument("--repeats", type=int, default=7)
    args = parser.parse_args(argv)
    missing = harness.missing_tools()
    if missing:
        parser.exit(1, f"needs {' and '.join(missing)} on PATH: node runs Pyodide and npm installs it\n")

    options = {"column_rows": args.rows, "repeats": args.repeats}
    with tempfile.TemporaryDirectory(prefix="xlbridge-wheel-") as scratch:
        wheel = harness.build_xlbridge_wheel(Path(scratch))
        lite = harness.run_pyodide(args.pyodide, args.xlwings, wheel, options=options)
    cpython = harness.run_cpython(args.xlwings, options=options)
    if lite["results"]["score_long_column"] != cpython["results"]["score_long_column"]:  # compare like with like
        parser.exit(1, "Pyodide and CPython give different answers: nothing to compare\n")

    print(f"BRIDGESCORE, {args.rows:,} rows in one call, xlwings {args.xlwings}")
    print(f"machine: {platform.machine()}, {platform.system()}; node {lite['node']}\n")
    runtimes = f"CPython {cpython['python']} | Pyodide {lite['pyodide']} (Python {lite['python']})"
    print(f"| | {runtimes} | Pyodide / CPython |")
    print("|---|---|---|---|")
    rows = [
        ("xlbridge's function, first call", "function_timings", None),
        (f"xlbridge's function, recalculated (best of {args.repeats})", "bench", "function"),
        ("the whole dispatch through xlwings, first call", "timings", None),
        (f"the whole dispatch through xlwings, recalculated (best of {args.repeats})", "bench", "dispatcher"),
    ]
    for label, key, part in rows:
        ours = min(cpython[key][part]) if part else cpython[key]["score_long_column"]
        theirs = min(lite[key][part]) if part else lite[key]["score_long_column"]
        print(f"| {label} | {milliseconds(ours)} | {milliseconds(theirs)} | {theirs / ours:.1f}x |")
    seconds = lite["seconds"]
    print(
        f"\nPyodide start-up, once per session: {seconds['load_pyodide']:.1f} s to load, "
        f"{seconds['install']:.1f} s to install micropip, xlwings and xlbridge from local files."
    )
    print(
        "The dispatch in CPython is slow for a reason of xlwings' own, absent in Pyodide: since 0.36.7 its Office.js\n"
        "reader tries `from pyodide.ffi import JsNull` for every cell, and outside Pyodide that import fails and\n"
        "searches sys.path each time. The function rows compare the runtimes; the dispatch rows show that cost."
    )


if __name__ == "__main__":
    main()
