"""Whole commands, as a club runs them, timed as processes from outside (start-up, imports and files included).

Each comparison runs the two commands in turn (A B A B ...), so that a machine getting slower or faster during the
run hits both alike, and gives the median of each and the median of the pair-by-pair ratios. The peer is Debian's
``salliere`` (Java) scoring, matchpointing and totalling the same results, and for the import's workbook XlsxWriter
writing its values alone (:mod:`plain_writer`); a row without a peer has a target of its own (a time, or a multiple
of another xlbridge command).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import data
import peers
import plain_writer
from table import Row, seconds

PYTHON = sys.executable
XLBRIDGE = [PYTHON, "-m", "xlbridge"]


@dataclass(frozen=True)
class Timing:
    """The median wall time of a command, and the largest resident memory a run of it reached."""

    seconds: float
    peak_mb: float


#: Runs a command and reports its wall time and peak memory. It is started in a fresh, small Python rather than
#: forked from this process, because Linux carries a process's peak resident memory across fork and exec: a
#: command forked from a 300 MB benchmark would report at least 300 MB.
MEASURE = """
import os, sys, time
started = time.perf_counter()
pid = os.fork()
if pid == 0:
    os.execvp(sys.argv[1], sys.argv[1:])
_, status, usage = os.wait4(pid, 0)
sys.stderr.write(f"\\n@measured {time.perf_counter() - started} {usage.ru_maxrss}\\n")
sys.exit(os.waitstatus_to_exitcode(status))
"""


#: The commands run as an installed xlbridge runs: with Python's compiled modules kept (pip compiles them when it
#: installs; a machine that sets PYTHONDONTWRITEBYTECODE would make every run compile every module again).
ENVIRONMENT = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}


def run(command: Sequence[str], cwd: Path) -> tuple[float, float]:
    """One run: wall seconds and the command's own peak resident memory (MB), failing loudly if it fails."""
    with tempfile.TemporaryFile() as errors:
        done = subprocess.run(
            [PYTHON, "-c", MEASURE, *command], cwd=cwd, stdout=subprocess.DEVNULL, stderr=errors, env=ENVIRONMENT
        )
        errors.seek(0)
        said = errors.read().decode(errors="replace")
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed ({done.returncode}): {said.strip()[-400:]}")
    wall, peak = said.rsplit("@measured ", 1)[1].split()
    return float(wall), int(peak) / 1024


def paired(a: Sequence[str], b: Sequence[str], cwd: Path, runs: int) -> tuple[Timing, Timing, float]:
    """A and B run in turn ``runs`` times each after one warm-up of each: their medians and the median of A/B."""
    run(a, cwd), run(b, cwd)
    pairs = [(run(a, cwd), run(b, cwd)) for _ in range(runs)]
    ours = Timing(statistics.median(p[0][0] for p in pairs), max(p[0][1] for p in pairs))
    theirs = Timing(statistics.median(p[1][0] for p in pairs), max(p[1][1] for p in pairs))
    return ours, theirs, statistics.median(p[0][0] / p[1][0] for p in pairs)


def alone(command: Sequence[str], cwd: Path, runs: int) -> Timing:
    run(command, cwd)
    timings = [run(command, cwd) for _ in range(runs)]
    return Timing(statistics.median(t[0] for t in timings), max(t[1] for t in timings))


def against(what: str, ours: Timing, peer: str, theirs: Timing, ratio: float, limit: float) -> Row:
    """A command timed in turn with another: its time as a multiple of the other's, which must be at most
    ``limit`` (to 2 decimals: near the limit, 1.0x would read as met when it is 1.04x)."""
    return Row(what, seconds(ours.seconds), peer, seconds(theirs.seconds), f"{ratio:.2f}x its time", f"<= {limit}x",
               ratio <= limit)  # fmt: skip


def peak(what: str, timing: Timing) -> Row:
    """The largest resident memory a command reached."""
    return Row(f"{what}: peak memory", f"{timing.peak_mb:.0f} MB", "", "", "", "", None)


def after_xlwings(cwd: Path) -> float:
    """Seconds ``import xlbridge.udfs`` takes in a fresh Python that has imported xlwings first."""
    script = "import time, xlwings\nstarted = time.perf_counter()\nimport xlbridge.udfs\n"
    script += "print(time.perf_counter() - started)"
    done = subprocess.run([PYTHON, "-c", script], cwd=cwd, capture_output=True, text=True, env=ENVIRONMENT, check=True)
    return float(done.stdout.strip())


def retype_one_contract(workbook: Path, edited: Path) -> None:
    """The workbook as a secretary leaves it after retyping one contract (Results!D2) and saving, values stale."""
    from xlbridge.files.workbook.patching import patch_sheet, write_package
    from xlbridge.files.workbook.xlsx import open_package

    package = open_package(workbook)
    part = package.sheets["Results"]
    write_package(package, {part: patch_sheet(package.parts[part], {(2, 4): "3NT"})}, edited, replace=True)


def commands(boards: int, tables: int, national: bool, runs: int = 5) -> Iterator[Row]:
    """The rows of the table, for a session file of ``boards`` x ``tables`` (and, with ``national``, 20,000)."""
    results = boards * tables
    try:
        salliere = peers.salliere_command()
    except peers.NotInstalledError as missing:
        salliere = None
        absent = str(missing)
    with tempfile.TemporaryDirectory() as folder:
        here = Path(folder)
        big_csv, big_names = data.session_file(boards, tables)
        small_csv, small_names = data.session_file(24, 10)
        for name, text in (
            ("big.csv", big_csv),
            ("big-names.csv", big_names),
            ("small.csv", small_csv),
            ("small-names.csv", small_names),
        ):
            (here / name).write_text(text)
        # salliere rewrites its boards file in place: each run gets a fresh copy of the session.
        peer = " ".join(salliere or ["true"])
        salliere_big, salliere_small = (
            [
                "sh",
                "-c",
                f"cp {name}.csv s-{name}.csv && exec {peer} score matchpoint total -- s-{name}.csv {name}-names.csv",
            ]
            for name in ("big", "small")
        )
        importing = [*XLBRIDGE, "import", "big.csv", "-o", "big.xlsx", "--force"]
        what = f"xlbridge import of a session file, {boards} boards x {tables} tables ({results:,} results)"
        if salliere is None:
            yield Row(what, "", "Debian salliere", f"missing: {absent}", "")
            ours = alone(importing, here, runs)
        else:
            ours, theirs, ratio = paired(importing, salliere_big, here, runs)
            yield against(f"{what}, whole process", ours, "Debian salliere (Java), whole process", theirs, ratio, 1.0)
        yield peak(what, ours)
        # What writing that workbook's values alone costs in Python: XlsxWriter, one write a cell, nothing else.
        (here / "cells.json").write_text(json.dumps(plain_writer.cells_of(here / "big.xlsx")))
        plain = [PYTHON, str(Path(plain_writer.__file__)), "cells.json", "plain.xlsx"]
        ours, theirs, ratio = paired(importing, plain, here, runs)
        written = sum(len(values) for values in json.loads((here / "cells.json").read_text()).values())
        yield Row(f"{what}, whole process", seconds(ours.seconds),
                  f"XlsxWriter writing the {written:,} values of its workbook alone (no styles, nothing computed), "
                  "whole process", seconds(theirs.seconds), f"{ratio:.1f}x its time", "", None)  # fmt: skip

        run([*XLBRIDGE, "import", "small.csv", "-o", "small.xlsx", "--force"], here)
        calc_small = [*XLBRIDGE, "calc", "small.xlsx", "-o", "small-computed.xlsx", "--force"]
        what = "xlbridge calc of a pairs-session workbook of 240 results (24 boards x 10 tables)"
        if salliere is not None:
            ours, theirs, ratio = paired(calc_small, salliere_small, here, runs)
            yield against(f"{what}, whole process", ours, "Debian salliere on those results, whole process", theirs,
                          ratio, 3)  # fmt: skip

        retype_one_contract(here / "big.xlsx", here / "edited.xlsx")
        calc_big = [*XLBRIDGE, "calc", "edited.xlsx", "-o", "edited-computed.xlsx", "--force"]
        ours, theirs, ratio = paired(calc_big, importing, here, max(3, runs - 2))
        what = f"xlbridge calc of the {results:,}-result workbook after one contract is retyped"
        yield against(what, ours, "its import (xlbridge import)", theirs, ratio, 3)
        yield peak(f"xlbridge calc of the edited {results:,}-result workbook", ours)

        demo = alone([*XLBRIDGE, "demo", "--out", "demo", "--force"], here, runs)
        yield Row(
            "xlbridge demo (two workbooks written and computed, the ranking printed)",
            seconds(demo.seconds),
            "",
            "",
            "",
            "< 1 s",
            demo.seconds < 1.0,
        )
        helped = alone([*XLBRIDGE, "--help"], here, runs)
        yield Row("xlbridge --help", seconds(helped.seconds), "", "", "", "< 0.15 s", helped.seconds < 0.15)
        udfs, xlwings, ratio = paired(
            [PYTHON, "-c", "import xlbridge.udfs"], [PYTHON, "-c", "import xlwings"], here, runs
        )
        yield Row(
            "import xlbridge.udfs in a fresh Python (xlwings and what it imports included)",
            seconds(udfs.seconds),
            "import xlwings alone",
            seconds(xlwings.seconds),
            f"{ratio:.2f}x its time",
            "< 0.2 s",
            udfs.seconds < 0.2,
        )
        # Where the functions run, xlwings is loaded before xlbridge.udfs: the classic add-in's UDF server imports
        # it to import the UDF modules, and xlwings Lite's runtime has it. What xlbridge adds is timed in-process.
        added = statistics.median(after_xlwings(here) for _ in range(runs))
        yield Row(
            "import xlbridge.udfs where xlwings is already loaded (the UDF server, xlwings Lite): the time it adds",
            seconds(added),
            "import xlwings alone",
            seconds(xlwings.seconds),
            f"+{added / xlwings.seconds:.0%} of its time",
            "< 0.2 s",
            added < 0.2,
        )
        if national:
            # The pairs-session workbook holds 20,000 results (xlbridge.files.interchange.MAX_RESULTS): the most.
            (here / "national.csv").write_text(data.session_file(200, 100)[0])
            big = alone([*XLBRIDGE, "import", "national.csv", "-o", "national.xlsx", "--force"], here, 1)
            what = "xlbridge import of 20,000 results (200 boards x 100 tables, the most a workbook holds): peak memory"
            yield Row(what, f"{seconds(big.seconds)}, {big.peak_mb:.0f} MB", "", "", "", "< 1.5 GB", big.peak_mb < 1536)
