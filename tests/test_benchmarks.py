"""The benchmark suite itself still runs and still checks its answers (its timings are not judged here).

Each benchmark stops with an error if xlbridge and its peer disagree on any answer; in quick mode the sizes are
small, so this is a second cross-check against endplay, pencil-and-paper matchpoints and cross-IMPs, and (where
installed) npm's bridge-scorer and Debian's salliere.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from .lite import harness

ROOT = Path(__file__).resolve().parent.parent


def table_rows(stdout: str) -> list[list[str]]:
    """The cells of each row of the table the benchmarks print, under its header."""
    table = [line for line in stdout.splitlines() if line.startswith("| ")]
    assert table[0].startswith("| What was measured | xlbridge | Peer")
    return [[cell.strip() for cell in row.strip("|").split("|")] for row in table[1:]]


@pytest.mark.slow
def test_quick_run_prints_the_table() -> None:
    """``python benchmarks/run.py --quick`` ends with a table row per measurement, each with both figures, and
    says the machine's load."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "run.py"), "--quick"],
        capture_output=True,
        text=True,
        timeout=900,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    assert "Load average (1, 5, 15 minutes) at the start: " in done.stdout
    rows = table_rows(done.stdout)
    measured = " ".join(row[0] for row in rows)
    for name in ("BRIDGESCORE", "MATCHPOINTS", "CROSSIMP", "BUTLER", "DATUM", "peak memory"):
        assert name in measured
    for job in ("import", "ranking", "export", "calc", "publish"):  # each command, edited and unchanged
        assert f"xlbridge {job}, " in measured
    assert "Live recalculation in CPython, the classic add-in" in measured
    for cells in rows:
        assert len(cells) == 7
        assert cells[1] or cells[3].startswith("missing"), cells  # our figure, unless a peer was missing


@pytest.mark.slow
@pytest.mark.lite
@pytest.mark.xdist_group("lite")  # fetches into .cache/lite/ as tests/test_lite_runtime.py does, in its worker
@pytest.mark.skipif(bool(harness.missing_tools()), reason="needs node and npm on PATH: node runs Pyodide")
def test_live_recalculation_runs_in_pyodide() -> None:
    """The live recalculation's Lite side runs: the template's functions in Pyodide, after each result retyped,
    answer as the same functions do in CPython (the benchmark stops otherwise), and give a figure."""
    script = "import live\nfor row in live.recalculation(((3, 2),), True, 2): print(row.what, '|', row.ours)"
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=900, cwd=ROOT / "benchmarks"
    )
    assert done.returncode == 0, done.stderr
    lite = [line for line in done.stdout.splitlines() if line.startswith("Live recalculation in xlwings Lite")]
    assert len(lite) == 1
    assert "SESSIONRESULTS" in lite[0]
    assert re.search(r"\| \d+\.\d+ m?s$", lite[0]), lite[0]
