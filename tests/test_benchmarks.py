"""The benchmark suite itself still runs and still checks its answers (its timings are not judged here).

Each benchmark stops with an error if xlbridge and its peer disagree on any answer; in quick mode the sizes are
small, so this is a second cross-check against endplay, pencil-and-paper matchpoints and cross-IMPs, and (where
installed) npm's bridge-scorer and Debian's salliere.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_quick_run_prints_the_table() -> None:
    """``python benchmarks/run.py --quick`` ends with a table row per measurement, each with both figures."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "run.py"), "--quick"],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    table = [line for line in done.stdout.splitlines() if line.startswith("| ")]
    assert table[0].startswith("| What was measured | xlbridge | Peer")
    rows = table[1:]
    measured = " ".join(rows)
    for name in ("BRIDGESCORE", "MATCHPOINTS", "CROSSIMP", "BUTLER", "DATUM", "peak memory"):
        assert name in measured
    for row in rows:
        cells = [cell.strip() for cell in row.strip("|").split("|")]
        assert len(cells) == 7
        assert cells[1] or cells[3].startswith("missing"), row  # our figure, unless a peer was missing
