"""xlbridge's speed and memory, measured against named peers in the same run.

    python benchmarks/run.py            # everything (an hour on a busy machine), then the table
    python benchmarks/run.py --quick    # small sizes: checks the benchmarks themselves still work
    python benchmarks/run.py --only commands live bridgescore --json results.json

A comparison runs xlbridge and its peer in turn (A B A B ...) and gives the median of each and the median of the
pair-by-pair ratios, so that a machine getting busier or quieter during the run moves both alike; every comparison
first checks that xlbridge and the peer give the same answers. Ratios, not seconds, are what to compare between
machines; the machine's load (``uptime``) is printed before and after. docs/performance.md says what each figure
measures and how to run it alone.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass
from fractions import Fraction
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import data  # noqa: E402 - the benchmarks' own modules, beside this script
import peers  # noqa: E402
from table import Row, seconds  # noqa: E402

from xlbridge.udfs import BRIDGESCORE, BUTLER, CROSSIMP, DATUM, MATCHPOINTS  # noqa: E402


@dataclass
class Sizes:
    column: int = 200_000
    memory: int = 1_000_000
    field: int = 20_000
    naive_field: int = 2_000
    session_results: int = 20_000
    salliere_boards: int = 200
    salliere_tables: int = 30
    #: The sessions (boards, tables: every board at every table) of the whole commands and the live recalculation:
    #: a club session of 243 results and 6,000.
    sessions: tuple[tuple[int, int], ...] = ((27, 9), (200, 30))
    #: How many times each side of a whole-command comparison runs (after a warm-up), and how many fresh processes
    #: make BRIDGESCORE's first call.
    runs: int = 5
    #: The live recalculation in xlwings Lite (Pyodide under node) besides CPython, and its rounds.
    lite: bool = True
    rounds: int = 5
    calc: bool = True
    #: The start-up rows also import the most results a workbook holds (20,000): a minute, not seconds.
    national: bool = True
    #: The boards of a hand record whose tables and par are timed (a session's 36; DDS takes a while each).
    hand_boards: int = 36


QUICK = Sizes(20_000, 100_000, 2_000, 300, 2_000, 20, 10, sessions=((9, 3),), runs=1, lite=False, rounds=2,
              calc=False, national=False, hand_boards=2)  # fmt: skip


def best(function: Callable[[], object], repeat: int = 5) -> float:
    """The fastest of ``repeat`` runs, in seconds (the least disturbed by whatever else the machine does)."""
    times = []
    for _ in range(repeat):
        gc.collect()
        started = time.perf_counter()
        function()
        times.append(time.perf_counter() - started)
    return min(times)


def alternated(a: Callable[[], object], b: Callable[[], object], runs: int = 7) -> tuple[float, float, float]:
    """A and B timed in turn ``runs`` times each after a warm-up of each, in this process: the median of each and
    the median of the pair-by-pair ratios A/B."""
    a(), b()
    pairs = []
    for _ in range(runs):
        gc.collect()
        started = time.perf_counter()
        a()
        middle = time.perf_counter()
        b()
        pairs.append((middle - started, time.perf_counter() - middle))
    return (statistics.median(p[0] for p in pairs), statistics.median(p[1] for p in pairs),
            statistics.median(p[0] / p[1] for p in pairs))  # fmt: skip


def lookup_floor(columns: list[list[object]], answer: list[object]) -> Callable[[], list[object]]:
    """The floor of any Python scoring of these columns: one dictionary lookup a row, in a table of every row's
    answer already made, over the same columns (flat lists)."""
    table = dict(zip(zip(*columns, strict=True), answer, strict=True))
    return lambda: [table[key] for key in zip(*columns, strict=True)]


def faster(peer_time: float, our_time: float) -> str:
    if peer_time >= our_time:
        return f"{peer_time / our_time:.1f}x faster"
    return f"{our_time / peer_time:.1f}x slower"


def agree(ours: list[object], theirs: list[object], what: str, tolerance: float = 0.0) -> None:
    """Stop the run if the two answers differ anywhere: a fast wrong answer measures nothing."""
    if len(ours) != len(theirs):
        raise SystemExit(f"{what}: {len(ours)} answers against the peer's {len(theirs)}")
    for index, (mine, other) in enumerate(zip(ours, theirs, strict=True)):
        same = abs(float(mine) - float(other)) <= tolerance if tolerance else mine == other  # type: ignore[arg-type]
        if not same:
            raise SystemExit(f"{what}: row {index + 1} is {mine!r} here and {other!r} from the peer")


def cells(grid: list[list[object]]) -> list[object]:
    return [row[0] for row in grid]


def column(values: list[object]) -> list[list[object]]:
    return [[value] for value in values]


def child(job: str, size: int, boards: int = 36) -> dict[str, float]:
    """Run one job in a fresh Python process (nothing remembered, nothing allocated before) and read its figures."""
    done = subprocess.run(
        [sys.executable, str(Path(__file__)), "--child", job, "--size", str(size), "--boards", str(boards)],
        capture_output=True,
        text=True,
        check=True,
        timeout=1800,
    )
    figures: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures


def run_child(job: str, size: int, boards: int) -> dict[str, float]:
    """The child side of :func:`child`."""
    lines = data.traveller(size, boards)
    rows = lines.rows()
    if job == "first":  # BRIDGESCORE's first call in this process, and the floor on the same columns after it
        started = time.perf_counter()
        answer = BRIDGESCORE(*rows)
        first = time.perf_counter() - started
        floor = lookup_floor(lines.columns(), cells(answer))
        return {"seconds": first, "floor": statistics.median(best(floor, 1) for _ in range(3))}
    if job == "memory":
        del lines
        gc.collect()
        before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        tracemalloc.start()
        answer = BRIDGESCORE(*rows)
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        assert len(answer) == size
        return {"peak": peak / 2**20, "rss_before": before, "rss_after": after}
    raise SystemExit(f"unknown child job {job}")


# --- 1. BRIDGESCORE over a long column ------------------------------------------------------------------------


def bridgescore(sizes: Sizes) -> Iterator[Row]:
    """BRIDGESCORE over a long column, its first call (each in a fresh process, beside the floor timed in the same
    process) and recalculated (in turn with the floor), against the floor of one dictionary lookup a row."""
    size = sizes.column
    try:
        score = peers.endplay_scorer()
    except peers.NotInstalledError:
        score = None  # the answers are checked against endplay where it is installed
    floor_name = "a dict lookup per row over the same columns (flat lists), same process"
    for boards, kind in ((36, "a session's results on 36 boards"), (1, "one board's traveller")):
        lines = data.traveller(size, boards)
        rows, columns = lines.rows(), lines.columns()
        answer = cells(BRIDGESCORE(*rows))
        if score is not None:
            agree(answer, [score(*line) for line in zip(*columns, strict=True)], "BRIDGESCORE against endplay")
        what = f"BRIDGESCORE, {size:,} rows in one call: {kind} ({lines.lines():,} distinct lines)"
        firsts = [child("first", size, boards) for _ in range(sizes.runs)]
        first = statistics.median(run["seconds"] for run in firsts)
        ratio = statistics.median(run["seconds"] / run["floor"] for run in firsts)
        floor = statistics.median(run["floor"] for run in firsts)
        yield Row(f"{what}, first call in a fresh process", seconds(first), floor_name, seconds(floor),
                  f"{ratio:.1f}x the floor", "<= 4x", ratio <= 4)  # fmt: skip
        again, floor, ratio = alternated(lambda rows=rows: BRIDGESCORE(*rows), lookup_floor(columns, answer))  # type: ignore[misc]
        yield Row(f"{what}, recalculated (lines remembered)", seconds(again), floor_name, seconds(floor),
                  f"{ratio:.1f}x the floor", "<= 4x", ratio <= 4)  # fmt: skip


def memory(sizes: Sizes) -> Iterator[Row]:
    size = sizes.memory
    figures = child("memory", size)
    peak, before, after = figures["peak"], figures["rss_before"], figures["rss_after"]
    yield Row(
        f"BRIDGESCORE, {size:,} rows in one call: peak memory the call allocates (tracemalloc)",
        f"{peak:.0f} MB",
        "the issue's budget",
        "300 MB",
        f"{peak / 300:.2f} of it",
        "< 300 MB",
        peak < 300,
    )
    yield Row(
        f"BRIDGESCORE, {size:,} rows: the whole process's peak (the ranges as xlwings passes them take "
        f"{before:.0f} MB before the call)",
        f"{after:.0f} MB",
        "",
        "",
        f"+{after - before:.0f} MB for the call",
    )


# --- 2. Comparisons over a field --------------------------------------------------------------------------------


def fields(sizes: Sizes) -> Iterator[Row]:
    n = sizes.field
    functions = {
        "MATCHPOINTS": lambda grid: MATCHPOINTS(grid, grid),
        "CROSSIMP": lambda grid: CROSSIMP(grid, grid),
        "BUTLER": lambda grid: BUTLER(grid, grid),
        "DATUM": lambda grid: DATUM(grid),
    }
    kinds = (("realistic", data.field), ("every score different", data.distinct_field),
             ("a tenth weighted", data.weighted_field))  # fmt: skip
    for kind, make in kinds:
        small, large = column(make(n // 4)), column(make(n))  # type: ignore[arg-type]
        for name, function in functions.items():
            t_small, t_large = best(lambda f=function, g=small: f(g)), best(lambda f=function, g=large: f(g))  # type: ignore[misc]
            met = t_large / t_small < 6 and (n < 20_000 or t_large < 0.5)
            yield Row(
                f"{name}, one field of {n:,} results ({kind}), against {n // 4:,}",
                seconds(t_large),
                f"itself at {n // 4:,}",
                seconds(t_small),
                f"{t_large / t_small:.1f}x the time for 4x the field",
                "< 6x; 20,000 well under 1 s",
                met,
            )
    # The pencil-and-paper way, compared pair by pair.
    m = sizes.naive_field
    scores = data.field(m)
    grid = column(scores)  # type: ignore[arg-type]
    ours_mp = best(lambda: MATCHPOINTS(grid, grid))
    ours_x = best(lambda: CROSSIMP(grid, grid))
    naive_mp = best(lambda: peers.naive_matchpoints(scores), 2)
    naive_x = best(lambda: peers.naive_cross_imps(scores), 1)
    agree(cells(MATCHPOINTS(grid, grid)), peers.naive_matchpoints(scores), "MATCHPOINTS against pencil and paper")  # type: ignore[arg-type]
    agree(cells(CROSSIMP(grid, grid)), peers.naive_cross_imps(scores), "CROSSIMP against pencil and paper", 1e-9)  # type: ignore[arg-type]
    yield Row(
        f"MATCHPOINTS, one field of {m:,} results",
        seconds(ours_mp),
        "every pair compared, O(n^2), Python",
        seconds(naive_mp),
        faster(naive_mp, ours_mp),
    )
    yield Row(
        f"CROSSIMP, one field of {m:,} results",
        seconds(ours_x),
        "every pair compared, O(n^2), Python",
        seconds(naive_x),
        faster(naive_x, ours_x),
    )
    yield from _bridge_scorer(n)


def _bridge_scorer(n: int) -> Iterator[Row]:
    scores = data.field(n)
    grid = column(scores)  # type: ignore[arg-type]
    try:
        answer = peers.bridge_scorer({"field": scores})["field"]
    except peers.NotInstalledError as missing:
        yield Row(f"MATCHPOINTS, CROSSIMP, BUTLER, {n:,} results", "", "npm bridge-scorer", f"missing: {missing}", "")
        return
    agree(cells(MATCHPOINTS(grid, grid)), answer["mp"], "MATCHPOINTS against bridge-scorer")  # type: ignore[arg-type]
    agree(cells(CROSSIMP(grid, grid)), answer["ximp"], "CROSSIMP against bridge-scorer", 1e-9)  # type: ignore[arg-type]
    for name, job, function in (
        ("MATCHPOINTS", "matchpoints", lambda: MATCHPOINTS(grid, grid)),
        ("CROSSIMP", "crossImps", lambda: CROSSIMP(grid, grid)),
        ("BUTLER", "butler", lambda: BUTLER(grid, grid)),
    ):
        ours, theirs = best(function), float(answer[job])  # type: ignore[arg-type]
        note = " (its datum trims differently: timing only)" if name == "BUTLER" else ""
        yield Row(
            f"{name}, one field of {n:,} results{note}",
            seconds(ours),
            "npm bridge-scorer (node, its own time)",
            seconds(theirs),
            faster(theirs, ours),
        )


def grouped(sizes: Sizes) -> Iterator[Row]:
    n = sizes.session_results
    timings = {}
    for size in (n // 4, n):
        scores, boards = data.session(size)
        score_grid, board_grid = column(scores), column(boards)  # type: ignore[arg-type]
        timings[size] = best(lambda s=score_grid, b=board_grid: MATCHPOINTS(s, s, "MP", None, b))  # type: ignore[misc]
    answer = cells(MATCHPOINTS(score_grid, score_grid, "MP", None, board_grid))

    def naive() -> list[int]:
        by_board: dict[int, list[int]] = {}
        for score, board in zip(scores, boards, strict=True):
            by_board.setdefault(board, []).append(score)
        points = {board: iter(peers.naive_matchpoints(field)) for board, field in by_board.items()}
        return [next(points[board]) for board in boards]

    expected = naive()
    agree(answer, expected, "grouped MATCHPOINTS against pencil and paper")  # type: ignore[arg-type]
    pencil = best(naive, 1)
    yield Row(
        f"MATCHPOINTS, a session of {n:,} results on 36 boards in one call (grouped)",
        seconds(timings[n]),
        f"itself at {n // 4:,}",
        seconds(timings[n // 4]),
        f"{timings[n] / timings[n // 4]:.1f}x the time for 4x",
        "< 6x",
        timings[n] / timings[n // 4] < 6,
    )
    yield Row(
        f"MATCHPOINTS, a session of {n:,} results on 36 boards",
        seconds(timings[n]),
        "every pair of each board compared, Python",
        seconds(pencil),
        faster(pencil, timings[n]),
    )


# --- 3. Computing a workbook ------------------------------------------------------------------------------------


def calc(sizes: Sizes) -> Iterator[Row]:
    """xlbridge calc of the demo pairs session: computed directly (its formulas are all xlbridge's) against the
    general formula engine that computes any other workbook, the same values from both."""
    from xlbridge.files.demo_data import demo_data
    from xlbridge.files.templates import CLASSIC, pairs_session
    from xlbridge.files.workbook.calc import compute
    from xlbridge.files.workbook.evaluate import evaluate
    from xlbridge.files.workbook.xlsx import open_package

    session = demo_data().session
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder, "pairs-session.xlsx")
        pairs_session.build(path, CLASSIC, session=session)
        package = open_package(path)
        started = time.perf_counter()
        direct = evaluate(package)
        t_direct = time.perf_counter() - started
        started = time.perf_counter()
        general = compute(package)
        t_general = time.perf_counter() - started
    assert direct is not None
    for sheet in ("Results", "Totals", "Ranking", "Travellers"):
        if direct.values.get(sheet) != general.values.get(sheet):
            raise SystemExit(f"calc: the {sheet} sheet computed directly differs from the formula engine's")
    what = f"xlbridge calc, the demo pairs session ({len(session.lines)} results, 300 rows)"
    yield Row(f"{what}: computing it", seconds(t_direct), "the formulas engine on the same workbook",
              seconds(t_general), faster(t_general, t_direct))  # fmt: skip
    yield Row(
        f"{what}, in LibreOffice headless",
        "",
        "LibreOffice",
        "not possible",
        "",
        "LibreOffice has no xlwings functions: every xlbridge cell recalculates to #NAME?",
    )


def salliere(sizes: Sizes) -> Iterator[Row]:
    from xlbridge.engine.standings import SessionScore, score_session
    from xlbridge.files.interchange import read_results

    boards_csv, names_csv = data.session_file(sizes.salliere_boards, sizes.salliere_tables)
    results = sizes.salliere_boards * sizes.salliere_tables
    what = f"A session file, {sizes.salliere_boards} boards x {sizes.salliere_tables} tables ({results:,} results): "
    what += "scores, matchpoints, totals"
    try:
        peers.salliere_command()
    except peers.NotInstalledError as missing:
        yield Row(what, "", "Debian salliere", f"missing: {missing}", "")
        return
    with tempfile.TemporaryDirectory() as folder:
        boards, names = Path(folder, "session.csv"), Path(folder, "names.csv")
        boards.write_text(boards_csv)
        names.write_text(data.names_with_header(names_csv))
        scored: list[SessionScore] = []

        def ours() -> None:
            session = read_results(boards, names=names).session
            assert session is not None
            scored[:] = [score_session(session)]

        ours_time = best(ours, 3)
        session = read_results(boards, names=names).session
        assert session is not None
    theirs_time, written = min((peers.salliere(boards_csv, names_csv) for _ in range(3)), key=lambda run: run[0])
    start_up, _ = min((peers.salliere("1,1,2,1NT,N,7\n", "1,A,B\n2,C,D\n") for _ in range(3)), key=lambda run: run[0])
    theirs = {(row[0], row[1], row[2]): Fraction(row[8]) for row in written}
    mine = [line.ns_points for line in scored[0].lines]
    keyed = [theirs[(str(line.board), str(line.ns), str(line.ew))] for line in session.lines]
    agree(mine, keyed, "session matchpoints against salliere")  # type: ignore[arg-type]
    yield Row(
        what,
        seconds(ours_time),
        "Debian salliere (Java), less its start-up",
        seconds(theirs_time - start_up),
        faster(theirs_time - start_up, ours_time),
    )


def hand_records(sizes: Sizes) -> Iterator[Row]:
    """The double-dummy tables and par of a session's boards, against endplay called directly."""
    import hands

    yield from hands.hands(sizes.hand_boards, 3 if sizes.calc else 1, whole=sizes.calc)


def whole_commands(sizes: Sizes) -> Iterator[Row]:
    """Every command a club runs on a session, as a whole process, against salliere doing the same job."""
    import commands

    yield from commands.session_commands(sizes.sessions, sizes.runs)


def start_up(sizes: Sizes) -> Iterator[Row]:
    """The demo, --help, import xlbridge.udfs, the import beside XlsxWriter and the largest workbook's memory."""
    import commands

    yield from commands.start_up(sizes.salliere_boards, sizes.salliere_tables, sizes.national, sizes.runs)


def live_recalculation(sizes: Sizes) -> Iterator[Row]:
    """The pairs-session template's functions after one result is typed, in xlwings Lite and in CPython."""
    import live

    yield from live.recalculation(sizes.sessions, sizes.lite, sizes.rounds)


BENCHMARKS: dict[str, Callable[[Sizes], Iterator[Row]]] = {
    "bridgescore": bridgescore,
    "memory": memory,
    "fields": fields,
    "grouped": grouped,
    "calc": calc,
    "salliere": salliere,
    "commands": whole_commands,
    "live": live_recalculation,
    "start-up": start_up,
    "hands": hand_records,
}
#: What a quick run leaves out unless named with --only (each takes minutes, or a download).
SLOW = ("calc", "start-up")


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
        memory = int(Path("/proc/meminfo").read_text().split()[1]) / 2**20
    except OSError:
        memory = 0
    return (
        f"{cpu}, {os.cpu_count()} cores, {memory:.0f} GB; {platform.system()} {platform.release()}; "
        f"Python {platform.python_version()}"
    )


def load() -> str:
    """The machine's load averages over 1, 5 and 15 minutes, as ``uptime`` prints them."""
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


def markdown(rows: list[Row]) -> str:
    lines = [
        "| What was measured | xlbridge | Peer | Peer's figure | Ratio | Target | Met |",
        "|---|---|---|---|---|---|---|",
    ]
    for row in rows:
        met = "" if row.met is None else ("yes" if row.met else "**no**")
        lines.append(f"| {row.what} | {row.ours} | {row.peer} | {row.theirs} | {row.ratio} | {row.target} | {met} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="small sizes: checks that every benchmark still runs")
    parser.add_argument("--only", nargs="+", choices=sorted(BENCHMARKS), help="run only these")
    parser.add_argument("--json", type=Path, help="also write the rows to this file")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--size", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--boards", type=int, default=36, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(run_child(args.child, args.size, args.boards)))
        return 0
    sizes = QUICK if args.quick else Sizes()
    rows: list[Row] = []
    print(f"Machine: {machine()}", flush=True)
    loads = [load()]
    print(f"Load average (1, 5, 15 minutes) at the start: {loads[0]}", flush=True)
    for name in args.only or list(BENCHMARKS):
        if name in SLOW and not sizes.calc and not args.only:
            continue
        started = time.perf_counter()
        for row in BENCHMARKS[name](sizes):
            rows.append(row)
        print(f"  {name}: done in {time.perf_counter() - started:.0f} s", file=sys.stderr, flush=True)
    loads.append(load())
    print(f"Load average (1, 5, 15 minutes) at the end: {loads[1]}", flush=True)
    print(markdown(rows))
    if args.json:
        args.json.write_text(json.dumps({"machine": machine(), "load": loads, "rows": [asdict(row) for row in rows]},
                                        indent=1))  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
