"""Hand records: the double-dummy tables and par of a session's boards, against endplay called directly.

xlbridge's analysis is DDS through endplay, so endplay called directly on the same deals (``calc_all_tables`` in
batches of 40, then ``par`` for each board) is the floor: the rows say how far above it xlbridge is, in one process
(the solving alone, each side in a fresh process so that nothing is remembered) and as whole commands (``xlbridge
hands`` on a hand record against a script that reads the same file's deals and calls endplay), A B A B: the
medians of each, and the median of the pair-by-pair ratios (a shared machine's load moves both of a pair alike).
Both sides' tables and par scores are compared first; a difference stops the run.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

from commands import XLBRIDGE, run
from table import Row, seconds

from xlbridge.engine.dealing import deal_boards
from xlbridge.engine.solver import solver_available
from xlbridge.files.interchange.handrecords import Analysis, HandRecord, hand_record_pbn

__all__ = ["hands"]

PYTHON = sys.executable
#: The seed of the benchmark's boards (fixed: every run solves the same deals).
SEED = 2026

#: xlbridge's side: the deals of the file solved with their dealer and vulnerability, only the solving timed.
OURS = """
import json, sys, time
from xlbridge.files.interchange.handrecords import analyse, read_hand_records
import endplay.dds  # loaded before the clock starts, as the floor's is
records = read_hand_records(__import__("pathlib").Path(sys.argv[1]))
started = time.perf_counter()
analysed = analyse(records, use_solver=True)
elapsed = time.perf_counter() - started
print(json.dumps({"seconds": elapsed, "tables": [list(a.tricks.tricks) for a in analysed],
                  "par": [a.par.score for a in analysed]}))
"""

#: The floor: the same file's deals, read with a regular expression, solved by endplay directly.
FLOOR = """
import json, re, sys, time
from endplay.dds import calc_all_tables, par
from endplay.types import Deal, Denom, Player, Vul
text = open(sys.argv[1], encoding="utf-8").read()
boards = [(int(b), d, Vul.find(v), Player.find(s)) for b, s, v, d in re.findall(
    r'\\[Board "(\\d+)"\\]\\n(?:.*\\n)*?\\[Dealer "(\\w)"\\]\\n\\[Vulnerable "(\\w+)"\\]\\n\\[Deal "([^"]+)"\\]', text)]
started = time.perf_counter()
deals = [Deal(deal) for _, deal, _, _ in boards]
tables = []
for start in range(0, len(deals), 40):
    tables += list(calc_all_tables(deals[start : start + 40]))
pars = [par(table, vul, dealer).score for table, (_, _, vul, dealer) in zip(tables, boards)]
elapsed = time.perf_counter() - started
order = [(Player.north, "N"), (Player.south, "S"), (Player.east, "E"), (Player.west, "W")]
strains = [Denom.nt, Denom.spades, Denom.hearts, Denom.diamonds, Denom.clubs]
print(json.dumps({"seconds": elapsed, "tables": [[t[d, p] for p, _ in order for d in strains] for t in tables],
                  "par": pars}))
"""


def _script(script: str, path: Path) -> dict[str, object]:
    done = subprocess.run([PYTHON, "-c", script, str(path)], capture_output=True, text=True, check=True, timeout=1800)
    figures: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures


def _hand_record(boards: int, folder: Path) -> Path:
    """A hand record of ``boards`` dealt boards without analysis, as a dealing machine writes one."""
    from xlbridge.engine.boards import board_dealer, board_vulnerability

    dealt = deal_boards(boards, seed=SEED)[1]
    analyses = [Analysis(HandRecord(board, board_dealer(board), board_vulnerability(board), deal), None, None, "")
                for board, deal in dealt]  # fmt: skip
    path = folder / f"hands-{boards}.pbn"
    path.write_text(hand_record_pbn(analyses, "Benchmark"), encoding="utf-8")
    return path


def _ratio(ours: list[float], theirs: list[float]) -> float:
    """The median of the pair-by-pair ratios."""
    return statistics.median(mine / other for mine, other in zip(ours, theirs, strict=True))


def hands(boards: int, repeats: int = 3, whole: bool = True) -> Iterator[Row]:
    """The rows: solving in one process, and (``whole``) whole commands, each against endplay directly."""
    what = f"Double-dummy tables and par of {boards} boards"
    if not solver_available():
        yield Row(what, "", "endplay called directly", 'missing: pip install "xlbridge[hands]"', "")
        return
    with tempfile.TemporaryDirectory(prefix="xlbridge-hands-bench-") as scratch:
        folder = Path(scratch)
        path = _hand_record(boards, folder)
        ours, floor = [], []
        for _ in range(repeats):  # A B A B: a machine slowing down during the run slows both
            ours.append(_script(OURS, path))
            floor.append(_script(FLOOR, path))
        if (ours[0]["tables"], ours[0]["par"]) != (floor[0]["tables"], floor[0]["par"]):
            raise SystemExit(f"{what}: xlbridge and endplay give different tables or par")
        solving = [float(one["seconds"]) for one in ours]  # type: ignore[arg-type]
        direct = [float(one["seconds"]) for one in floor]  # type: ignore[arg-type]
        mine, theirs, ratio = statistics.median(solving), statistics.median(direct), _ratio(solving, direct)
        yield Row(f"{what}, the solving in one process (xlbridge's analyse of a hand record)", seconds(mine),
                  "endplay called directly (calc_all_tables, par)", seconds(theirs), f"{ratio:.2f}x the floor",
                  "< 5 s", mine < 5)  # fmt: skip
        if not whole:
            return
        command = [*XLBRIDGE, "hands", str(path), "--csv"]
        script = [PYTHON, "-c", FLOOR, str(path)]
        timed_ours, timed_theirs = [], []
        for _ in range(repeats):
            timed_ours.append(run(command, folder)[0])
            timed_theirs.append(run(script, folder)[0])
        mine, theirs = statistics.median(timed_ours), statistics.median(timed_theirs)
        yield Row(f"xlbridge hands of a {boards}-board hand record, whole process", seconds(mine),
                  "a script reading the file's deals and calling endplay, whole process", seconds(theirs),
                  f"{_ratio(timed_ours, timed_theirs):.2f}x the floor", "< 5 s", mine < 5)  # fmt: skip
