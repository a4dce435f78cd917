"""The peers xlbridge is measured against, each doing the same job the plain way or in its own program.

- ``endplay`` (PyPI): one ``Contract(...).score(vul)`` per line, the line's text parsed by endplay.
- A pure dictionary lookup per line: the floor for anything written in Python.
- Pencil-and-paper matchpoints and cross-IMPs: every result compared with every other, O(n^2).
- npm ``bridge-scorer`` (JavaScript, run by node), where installed: matchpoints, cross-IMPs, Butler.
- Debian ``salliere`` (Java), where installed: scores, matchpoints and totals of a whole session file.

A peer that is not installed is reported as missing, with the command that installs it.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from xlbridge import imps

HERE = Path(__file__).resolve().parent


class NotInstalledError(Exception):
    """A peer that is not installed here; the message says how to install it."""


# --- endplay ------------------------------------------------------------------------------------------------


def endplay_scorer() -> Callable[[object, object, object, object], int]:
    """A function scoring one traveller line with endplay, North-South's side."""
    try:
        from endplay.types import Contract, Vul
    except ImportError:
        raise NotInstalledError("endplay is not installed: pip install endplay") from None

    def score(contract: object, declarer: object, tricks: object, board: object) -> int:
        if contract == "PASS":
            return 0
        text = str(contract)
        call = text.rstrip("X")
        over = int(tricks) - int(call[0]) - 6  # type: ignore[call-overload]
        result = "=" if over == 0 else f"{over:+d}"
        points: int = Contract(f"{call}{declarer}{text[len(call) :]}{result}").score(Vul.from_board(int(board)))  # type: ignore[call-overload]
        return points if declarer in ("N", "S") else -points

    return score


# --- the comparisons, pencil and paper ----------------------------------------------------------------------


def naive_matchpoints(scores: Sequence[int]) -> list[int]:
    """European matchpoints: 2 for each other result beaten, 1 for each tie."""
    return [sum(2 if mine > other else mine == other for other in scores) - 1 for mine in scores]


def naive_cross_imps(scores: Sequence[int]) -> list[float]:
    """IMPs against each other result, averaged."""
    others = len(scores) - 1
    return [sum(imps(mine - other) for other in scores) / others for mine in scores]


# --- npm bridge-scorer ----------------------------------------------------------------------------------------

_NODE_SCRIPT = r"""
const scorer = require(process.argv[process.argv.length - 1]);
const fields = JSON.parse(require('fs').readFileSync(0, 'utf8'));
const games = (scores) => scores.map((score) => ({ contract: { declaror: 'N' }, score: score }));
const out = {};
for (const [name, scores] of Object.entries(fields)) {
  const timings = {};
  for (const job of ['matchpoints', 'crossImps', 'butler']) {
    const board = games(scores);
    const start = process.hrtime.bigint();
    scorer[job](board);
    timings[job] = Number(process.hrtime.bigint() - start) / 1e9;
    if (job === 'matchpoints') timings.mp = board.map((game) => game.matchpointsNS.value);
    if (job === 'crossImps') timings.ximp = board.map((game) => game.impsNS.value);
  }
  out[name] = timings;
}
process.stdout.write(JSON.stringify(out));
"""


def bridge_scorer_module() -> Path:
    """Where npm's bridge-scorer is: ``benchmarks/node_modules`` (``npm install --prefix benchmarks
    bridge-scorer``) or the folder named by ``XLBRIDGE_BRIDGE_SCORER``."""
    if shutil.which("node") is None:
        raise NotInstalledError("node is not installed (apt-get install nodejs npm)")
    candidates = [Path(os.environ["XLBRIDGE_BRIDGE_SCORER"])] if "XLBRIDGE_BRIDGE_SCORER" in os.environ else []
    candidates.append(HERE / "node_modules" / "bridge-scorer")
    for candidate in candidates:
        if (candidate / "index.js").is_file():
            return candidate
    raise NotInstalledError("npm bridge-scorer is not installed: npm install --prefix benchmarks bridge-scorer")


def bridge_scorer(fields: dict[str, list[int]]) -> dict[str, dict[str, object]]:
    """Run bridge-scorer's matchpoints, crossImps and butler on each field, timed inside node (its start-up is
    not counted). Returns, per field, the seconds of each job and its matchpoints and cross-IMPs."""
    module = bridge_scorer_module()
    done = subprocess.run(
        ["node", "-e", _NODE_SCRIPT, "--", str(module)],
        input=json.dumps(fields),
        capture_output=True,
        text=True,
        check=True,
        timeout=1800,
    )
    answer: dict[str, dict[str, object]] = json.loads(done.stdout)
    return answer


# --- Debian salliere ------------------------------------------------------------------------------------------


def salliere_command() -> list[str]:
    if shutil.which("java") is None or not Path("/usr/games/salliere").is_file():
        raise NotInstalledError("salliere is not installed: apt-get install salliere (it brings a Java runtime)")
    return ["java", "-jar", "/usr/games/salliere"]


def salliere(boards_csv: str, names_csv: str) -> tuple[float, list[list[str]]]:
    """Score, matchpoint and total a session with salliere: (wall seconds, the boards file it wrote back)."""
    command = salliere_command()
    with tempfile.TemporaryDirectory() as folder:
        boards, names = Path(folder, "boards.csv"), Path(folder, "names.csv")
        boards.write_text(boards_csv)
        names.write_text(names_csv)
        start = time.perf_counter()
        subprocess.run(
            [*command, "score", "matchpoint", "total", "--", str(boards), str(names)],
            capture_output=True,
            check=True,
            timeout=1800,
        )
        seconds = time.perf_counter() - start
        rows = [line.split(",") for line in boards.read_text().splitlines() if line.strip()]
    return seconds, rows
