"""Whole commands, as a club runs them, timed as processes from outside (start-up, imports and files included).

Each xlbridge command is run in turn with its peer doing the same job on the same results (A B A B ...), so that a
machine getting slower or faster during the run hits both alike; a row gives the median of each and the median of
the pair-by-pair ratios. The peer is Debian's ``salliere`` (Java), which keeps a session in two CSV files (its
boards and its names) and scores, matchpoints and totals them at every run, whatever it is asked to print:

========  ================================================  ==================================================
xlbridge  what it does                                      salliere doing the same job
========  ================================================  ==================================================
import    the results file into a computed workbook         ``score matchpoint total``: the figures written
                                                            into its two files
ranking   print the ranking                                 ``score matchpoint total results``, printed
export    the session as USEBIO, for the federation         ``... ecats-export``: the files for the ECATS
                                                            simultaneous pairs
calc      compute the workbook, its values into a copy      ``score matchpoint total``: the figures written
publish   the ranking, each board's traveller and each      ``--output=html:... results boards scorecards``:
          pair's scorecard as web pages                     the same three, as HTML
========  ================================================  ==================================================

The commands after ``import`` read the workbook it wrote, in two states:

- **unchanged**: as ``import`` wrote it. Its digest of what was written (``files/workbook/docprops.py``) still
  matches, so its stored figures are known current without computing them again;
- **edited**: one result retyped on the Results sheet (the session file's first line, a trick short; salliere is
  given the same change in its boards file), so the digest no longer matches and every command works the figures
  out again. ``calc`` is given the workbook as saved straight after the retyping, its figures stale (what ``calc``
  is for); ``ranking``, ``export`` and ``publish`` refuse stale figures, so they are given it as Excel with the
  add-in saves it: the figures that the retyping changes recomputed, every other byte as it was.

Before the rows of a session are timed, the ranking of the edited workbook is checked against salliere's totals
for the same edited results: a difference stops the run.
"""

from __future__ import annotations

import csv
import io
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Iterator, Mapping, Sequence
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


def run(command: Sequence[str], cwd: Path, fresh: Mapping[str, str] | None = None) -> tuple[float, float]:
    """One run: wall seconds and the command's own peak resident memory (MB), failing loudly if it fails.
    ``fresh``: files copied into place first (source: copy, in ``cwd``), untimed, for a program that writes into
    its input files."""
    for source, copy in (fresh or {}).items():
        shutil.copyfile(cwd / source, cwd / copy)
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


def paired(
    a: Sequence[str], b: Sequence[str], cwd: Path, runs: int, fresh: Mapping[str, str] | None = None
) -> tuple[Timing, Timing, float]:
    """A and B run in turn ``runs`` times each after one warm-up of each: their medians and the median of A/B
    (``fresh``: as for :func:`run`, before each run of either)."""
    run(a, cwd, fresh), run(b, cwd, fresh)
    pairs = [(run(a, cwd, fresh), run(b, cwd, fresh)) for _ in range(runs)]
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


# --- Every command against salliere doing the same job ------------------------------------------------------------

#: salliere's files of a session, and the copies each run of it scores (it writes its figures into them).
SALLIERE_FILES = {"boards.csv": "s-boards.csv", "names.csv": "s-names.csv"}
SALLIERE_EDITED_FILES = {"edited-boards.csv": "s-boards.csv", "names.csv": "s-names.csv"}
#: What salliere is asked to do for each xlbridge command (its options and commands; its files follow ``--``), and
#: how the table names it.
SALLIERE_JOBS = {
    "import": ("salliere score matchpoint total", ["score", "matchpoint", "total"]),
    "ranking": ("salliere score matchpoint total results", ["score", "matchpoint", "total", "results"]),
    "export": ("salliere score matchpoint total ecats-export",
               ["--ecats-export-dir=ecats", "--ecats-options=clubName:Club,session:1,phone:0,country:UK",
                "score", "matchpoint", "total", "ecats-export"]),
    "calc": ("salliere score matchpoint total", ["score", "matchpoint", "total"]),
    "publish": ("salliere score matchpoint total results boards scorecards, as HTML",
                ["--output=html:salliere.html", "score", "matchpoint", "total", "results", "boards", "scorecards"]),
}  # fmt: skip


def retype_result(workbook: Path, tricks: int, retyped: Path, edited: Path) -> None:
    """The workbook with its first result (the session file's first line) retyped as ``tricks`` on the Results
    sheet, twice: ``retyped`` saved at once (its figures stale), and ``edited`` as Excel with the add-in saves it
    (the figures the retyping changes recomputed, every other byte as it was: current, but no longer what
    xlbridge wrote)."""
    from xlbridge.excel.session_cells import ENTERED
    from xlbridge.files.templates.layout import SESSION_NAMES
    from xlbridge.files.workbook.evaluate import evaluate
    from xlbridge.files.workbook.patching import patch_sheet, write_package
    from xlbridge.files.workbook.xlsx import defined_area, open_package

    package = open_package(workbook)
    found = defined_area(package, SESSION_NAMES["results"])
    assert found is not None, f"{workbook}: no results block"
    sheet, (first_row, first_col, _, _) = found
    cell = (first_row, first_col + 3 + ENTERED.index("Result"))  # board, NS, EW, then what was typed
    part = package.sheets[sheet]
    write_package(package, {part: patch_sheet(package.parts[part], {cell: tricks})}, retyped, replace=True)
    stale = open_package(retyped)
    computed = evaluate(stale)
    assert computed is not None, f"{retyped}: not a workbook of xlbridge's formulas"
    recomputed = {stale.sheets[name]: patch_sheet(stale.parts[stale.sheets[name]], cells)
                  for name, cells in computed.changes().items() if cells}  # fmt: skip
    write_package(stale, recomputed, edited, replace=True)


def xlbridge_jobs(workbook: str) -> dict[str, list[str]]:
    """The xlbridge command of each job that reads ``workbook``, writing into the working folder."""
    return {
        "ranking": [*XLBRIDGE, "ranking", workbook],
        "export": [*XLBRIDGE, "export", workbook, "--usebio", "session.xml", "--force"],
        "calc": [*XLBRIDGE, "calc", workbook, "-o", "computed.xlsx", "--force"],
        "publish": [*XLBRIDGE, "publish", workbook, "-o", "site", "--force"],
    }


def same_totals(here: Path, workbook: str, salliere: list[str]) -> None:
    """Stop the run unless xlbridge's ranking of ``workbook`` gives every pair the matchpoints salliere totals
    for the edited results: the two measure the same job."""
    printed = subprocess.run([*XLBRIDGE, "ranking", workbook, "--csv"], cwd=here, capture_output=True, text=True,
                             env=ENVIRONMENT, check=True).stdout  # fmt: skip
    ours = {row["pair"]: float(row["score"]) for row in csv.DictReader(io.StringIO(printed))}
    run([*salliere, *SALLIERE_JOBS["calc"][1], "--", *SALLIERE_FILES.values()], here, SALLIERE_EDITED_FILES)
    theirs = {row[0]: float(row[3]) for row in csv.reader((here / "s-names.csv").read_text().splitlines()) if row}
    if ours != theirs:
        differ = sorted(pair for pair in ours.keys() | theirs.keys() if ours.get(pair) != theirs.get(pair))
        raise SystemExit(f"{workbook}: xlbridge's matchpoints differ from salliere's for pairs {differ[:5]}")


def session_commands(sessions: Sequence[tuple[int, int]], runs: int) -> Iterator[Row]:
    """Each command against salliere, for a session file of each size (boards, tables: every board at every
    table)."""
    try:
        salliere: list[str] | None = peers.salliere_command()
    except peers.NotInstalledError as missing:
        salliere, absent = None, str(missing)
    for boards, tables in sessions:
        size = f"{boards * tables:,} results ({boards} boards x {tables} tables)"
        with tempfile.TemporaryDirectory() as folder:
            here = Path(folder)
            boards_csv, names_csv = data.session_file(boards, tables)
            edited_csv, tricks = data.first_line_a_trick_short(boards_csv)
            (here / "boards.csv").write_text(boards_csv)
            (here / "edited-boards.csv").write_text(edited_csv)
            (here / "names.csv").write_text(names_csv)
            (here / "xlbridge-names.csv").write_text(data.names_with_header(names_csv))
            (here / "ecats").mkdir()
            importing = [*XLBRIDGE, "import", "boards.csv", "--names", "xlbridge-names.csv", "-o", "session.xlsx",
                         "--force"]  # fmt: skip
            run(importing, here)
            retype_result(here / "session.xlsx", tricks, here / "retyped.xlsx", here / "edited.xlsx")
            if salliere is not None:
                same_totals(here, "edited.xlsx", salliere)
            jobs = [("import", importing, "", SALLIERE_FILES)]
            edited, unchanged = xlbridge_jobs("edited.xlsx"), xlbridge_jobs("session.xlsx")
            edited["calc"] = xlbridge_jobs("retyped.xlsx")["calc"]  # stale figures: what calc is for
            jobs += [(job, command, "an edited workbook, ", SALLIERE_EDITED_FILES) for job, command in edited.items()]
            jobs += [(job, command, "the unchanged workbook, ", SALLIERE_FILES) for job, command in unchanged.items()]
            for job, command, state, files in jobs:
                what = f"xlbridge {job}, {state}{size}"
                if salliere is None:
                    mine = alone(command, here, runs)
                    yield Row(what, seconds(mine.seconds), "Debian salliere", f"missing: {absent}", "")
                    continue
                label, arguments = SALLIERE_JOBS[job]
                peer = [*salliere, *arguments, "--", *SALLIERE_FILES.values()]
                ours, theirs, ratio = paired(command, peer, here, runs, files)
                yield against(what, ours, label, theirs, ratio, 1.0)


# --- Start-up, the demo and the largest workbook -------------------------------------------------------------------


def after_xlwings(cwd: Path) -> float:
    """Seconds ``import xlbridge.udfs`` takes in a fresh Python that has imported xlwings first."""
    script = "import time, xlwings\nstarted = time.perf_counter()\nimport xlbridge.udfs\n"
    script += "print(time.perf_counter() - started)"
    done = subprocess.run([PYTHON, "-c", script], cwd=cwd, capture_output=True, text=True, env=ENVIRONMENT, check=True)
    return float(done.stdout.strip())


def start_up(boards: int, tables: int, national: bool, runs: int = 5) -> Iterator[Row]:
    """The import beside XlsxWriter writing its workbook's values alone, the demo, ``--help``, ``import
    xlbridge.udfs`` and (with ``national``) the peak memory of importing 20,000 results."""
    with tempfile.TemporaryDirectory() as folder:
        here = Path(folder)
        (here / "big.csv").write_text(data.session_file(boards, tables)[0])
        importing = [*XLBRIDGE, "import", "big.csv", "-o", "big.xlsx", "--force"]
        run(importing, here)
        # What writing that workbook's values alone costs in Python: XlsxWriter, one write a cell, nothing else.
        (here / "cells.json").write_text(json.dumps(plain_writer.cells_of(here / "big.xlsx")))
        plain = [PYTHON, str(Path(plain_writer.__file__)), "cells.json", "plain.xlsx"]
        ours, theirs, ratio = paired(importing, plain, here, runs)
        written = sum(len(values) for values in json.loads((here / "cells.json").read_text()).values())
        yield Row(f"xlbridge import of {boards * tables:,} results, whole process", seconds(ours.seconds),
                  f"XlsxWriter writing the {written:,} values of its workbook alone (no styles, nothing computed), "
                  "whole process", seconds(theirs.seconds), f"{ratio:.1f}x its time", "", None)  # fmt: skip
        yield peak(f"xlbridge import of {boards * tables:,} results", ours)

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
