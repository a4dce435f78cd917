"""The ``xlbridge`` command line: scoring where Excel is not."""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar

from . import __version__
from .engine.boards import board_dealer, board_vulnerability
from .engine.choices import described
from .engine.errors import BridgeInputError
from .engine.model import Seat, Vulnerability
from .engine.parse import parse_seat, parse_vulnerability
from .engine.scoring import ns_score, parse_play
from .engine.session import Session
from .files.addin import UDF_MODULE
from .files.outputs import check_folder, check_output, write_atomically
from .files.xlsx import WorkbookError
from .rules import ERAS, HANDICAP_RULES, IMP_PERCENT_RULES, MOVEMENT_KINDS, SESSION_METHODS, Named, Registry

__all__ = ["main"]

T = TypeVar("T", bound=Named)

SIDE_NAMES = {"NS": "North-South", "EW": "East-West"}

#: The packages of the optional extras (pyproject.toml), by the extra that installs them.
EXTRAS = {"xlsxwriter": "calc", "formulas": "calc", "openpyxl": "calc", "schedula": "calc", "numpy": "calc",
          "jinja2": "web", "markupsafe": "web"}  # fmt: skip


def _score(args: argparse.Namespace) -> int:
    play = parse_play(args.contract, None, args.result)  # a result beside one in the contract must agree with it
    if args.board is not None:
        vulnerability: object = args.board
        where = f"board {args.board} ({board_dealer(args.board)} deals, {_vul_words(board_vulnerability(args.board))})"
    elif args.vul is not None:
        vulnerability = parse_vulnerability(args.vul)
        where = _vul_words(vulnerability)
    else:
        vulnerability, where = "None", "nobody vulnerable"
    seats = [parse_seat(args.by)] if args.by else [Seat.NORTH, Seat.EAST]
    lines = []  # every score worked out before anything is printed: an error is the only line
    for seat in seats:
        assert seat is not None
        score = ns_score(args.contract, seat.value, args.result, vulnerability, args.rules)
        side = seat.side
        declarer = f"by {seat.value}" if args.by else f"by {SIDE_NAMES[side.value]}"
        lines.append(f"  {declarer:<18} {side.value} {score * side.sign:+6d}   (traveller, N-S: {score:+d})")
    taken = "" if play.contract.passed_out else f" ({play.tricks} tricks)"
    print(f"{play.contract}{play.result_text}{taken}, {where}")
    print("\n".join(lines))
    return 0


def _vul_words(vulnerability: Vulnerability | bool) -> str:
    if isinstance(vulnerability, bool):
        return "vulnerable" if vulnerability else "not vulnerable"
    return {"None": "nobody vulnerable", "Both": "both vulnerable"}.get(
        vulnerability.value, f"{vulnerability.value} vulnerable"
    )


def _addin(args: argparse.Namespace) -> int:
    from .files.addin import configure, user_config_path

    path = Path(args.folder) / "xlwings.conf" if args.folder else user_config_path()
    if args.folder:
        check_folder(Path(args.folder))
    done = configure(path, interpreter=None if args.no_interpreter else sys.executable)
    if not done.changed:
        print(f"Already set up: {path} has {UDF_MODULE} in its UDF Modules")
    elif done.added_module:
        print(f"Updated {path}: {UDF_MODULE} added to its UDF Modules")
    if done.interpreter_kept and done.interpreter != sys.executable:
        print(
            f"The add-in runs the Python already set there, {done.interpreter}: xlbridge must be installed in it "
            f"(this is {sys.executable}; to use this one, delete that line and run xlbridge addin again)"
        )
    elif done.interpreter is not None and not done.interpreter_kept:
        print(f"The add-in will run this Python: {done.interpreter}")
    print("Next, in Excel (Windows): install the xlwings add-in once (xlwings addin install), open your workbook,")
    print("click xlwings > Import Functions, and save the workbook as .xlsm. Then =BRIDGESCORE(...) works.")
    return 0


def _calc(args: argparse.Namespace) -> int:
    from .files.calc import calc_workbook

    source = Path(args.workbook)
    if not source.exists():
        raise WorkbookError(f"{source}: no such file")
    output = Path(args.output) if args.output else None
    destination, computed = calc_workbook(source, output, in_place=args.in_place, replace=args.force)
    calls = sum(computed.calls.values())
    print(
        f"{source} -> {destination}: {computed.formula_cells} formulas computed "
        f"({calls} xlbridge function calls, {computed.function_seconds:.2f} s in them) in {computed.seconds:.1f} s"
    )
    if computed.not_computed:
        print(
            f"note: {len(computed.not_computed)} cells use functions the engine does not know; "
            "their stored values were kept",
            file=sys.stderr,
        )
    return 0


def _templates(args: argparse.Namespace) -> int:
    from .files.templates import FLAVOURS, write_templates

    written = write_templates(Path(args.out), FLAVOURS[args.flavour], replace=args.force)
    for path in written:
        print(path)
    return 0


def _ranking(args: argparse.Namespace) -> int:
    from .files.report import read_handicapped_ranking, read_ranking

    if args.handicapped:
        names = Path(args.names) if args.names else None
        ranking = read_handicapped_ranking(Path(args.workbook), names, args.handicaps)
    elif args.names or args.handicaps:
        raise BridgeInputError("--names and --handicaps give handicaps: add --handicapped")
    else:
        ranking = read_ranking(Path(args.workbook))
    print(ranking.csv() if args.csv else ranking.table(), end="" if args.csv else "\n")
    return 0


def _standings(args: argparse.Namespace) -> int:
    from .files.report import read_standings

    standings = read_standings(Path(args.workbook))
    print(standings.csv() if args.csv else standings.table(), end="" if args.csv else "\n")
    return 0


def _add_standings(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    standings = commands.add_parser(
        "standings",
        help="print the standings of a computed teams-event workbook",
        description="Print the standings as the workbook's Standings sheet shows them, in place order (compute it "
        "first: xlbridge calc).",
    )
    standings.add_argument("workbook", help="a computed teams-event workbook")
    standings.add_argument("--csv", action="store_true", help="CSV with a header row instead of a table")
    standings.set_defaults(run=_standings)


class Progress:
    """A one-line progress bar on a terminal (nothing when the output is a file or a pipe)."""

    def __init__(self, steps: int) -> None:
        self.steps, self.done = steps, 0
        self.enabled = sys.stderr.isatty()

    def __call__(self, label: str) -> None:
        self.done += 1
        if self.enabled:
            filled = round(20 * self.done / self.steps)
            print(f"\r[{'#' * filled}{'.' * (20 - filled)}] {label:<40}", end="", file=sys.stderr, flush=True)

    def close(self) -> None:
        if self.enabled:
            print("\r" + " " * 64 + "\r", end="", file=sys.stderr, flush=True)


def _import(args: argparse.Namespace) -> int:
    from .files.interchange import check_import, import_to_workbook, read_results

    source, destination = Path(args.file), Path(args.output)
    names = Path(args.names) if args.names else None
    movement_file = Path(args.movement_file) if args.movement_file else None
    inputs = [source, *(path for path in (names, movement_file) if path is not None)]
    check_import(destination, inputs, args.force)  # before any work is done
    progress = Progress(4)
    try:
        progress(f"reading {source.name}")
        imported = read_results(
            source,
            keep_bad=args.keep_bad_lines,
            names=names,
            method=args.method,
            movement=args.movement,
            movement_file=movement_file,
            handicaps=args.handicaps,
        )
        import_to_workbook(imported, destination, replace=args.force, progress=progress)
        progress("done")
    finally:
        progress.close()
    if imported.session is not None:
        session = imported.session
        what = (
            f"{_count(len(session.lines), 'result')} on {_count(len(session.boards), 'board')}, "
            f"{_count(len(session.pairs), 'pair')} ({session.movement.name}, {session.method.name})"
        )
    else:
        assert imported.event is not None
        event = imported.event
        what = f"{_count(len(event.matches), 'match', 'matches')} of {_count(len(event.teams), 'team')}"
    print(f"{source} ({imported.format}) -> {destination}: {what}")
    for problem in imported.problems:
        kept = "see the Check column" if problem.shown else "put it right before trusting the ranking"
        print(f"{problem.where(source)}: {problem.message} (kept; {kept})", file=sys.stderr)
    for doubt in imported.warnings:
        print(f"{doubt.where(source)}: {doubt.message} (imported as it is; --movement-file checks it)", file=sys.stderr)
    _note_handicaps(imported.session, destination, args)
    return 0


def _count(number: int, one: str, many: str = "") -> str:
    """``1 board``, ``2 boards``."""
    return f"{number} {one if number == 1 else many or one + 's'}"


def _add_handicap_arguments(ranking: argparse.ArgumentParser) -> None:
    ranking.add_argument(
        "--handicapped",
        action="store_true",
        help="the handicapped ranking: each pair's percentage plus its handicap, with the scratch place beside",
    )
    ranking.add_argument("--names", help="with --handicapped: a names CSV with the handicaps (a handicap column)")
    ranking.add_argument(
        "--handicaps",
        type=_choice(HANDICAP_RULES),
        help=_escaped("how the players' handicaps make the pair's: " + _listed(HANDICAP_RULES)),
    )


def _note_handicaps(session: Session | None, destination: Path, args: argparse.Namespace) -> None:
    """After an import whose names gave handicaps: where to see the handicapped ranking (the pairs-session
    workbook has no Handicap column yet)."""
    count = 0 if session is None else sum(1 for pair in session.pairs if pair.handicap is not None)
    if count:
        print(
            f"{args.names}: handicaps for {count} pairs; the handicapped ranking: xlbridge ranking {destination} "
            f"--handicapped --names {args.names}",
            file=sys.stderr,
        )


def _export(args: argparse.Namespace) -> int:
    from .files.interchange import export_session

    form, destination = ("USEBIO", Path(args.usebio)) if args.usebio else ("PBN", Path(args.pbn))
    scored = export_session(Path(args.workbook), destination, form, replace=args.force)
    print(
        f"{args.workbook} -> {destination}: {_count(len(scored.session.lines), 'result')}, "
        f"{_count(len(scored.standings), 'pair')}"
    )
    return 0


def _demo(args: argparse.Namespace) -> int:
    from .files.demo import run_demo

    return run_demo(Path(args.out), force=args.force)


def _publish(args: argparse.Namespace) -> int:
    from .files.publish import publish

    published = publish(Path(args.workbook), Path(args.output), force=args.force)
    print(
        f"{args.workbook} -> {published.folder}: {published.pages} pages (the ranking, {published.boards} travellers, "
        f"{published.pairs} scorecards); open {published.folder / 'index.html'}"
    )
    return 0


def _add_publish(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    publisher = commands.add_parser(
        "publish",
        help="write a computed pairs-session workbook as a results website (static HTML pages)",
        description="Write the ranking, a traveller for every board and a personal scorecard for every pair as "
        "static HTML pages (no server, no JavaScript) into a folder, every figure as the workbook shows it.",
    )
    publisher.add_argument("workbook", help="a computed pairs-session workbook")
    publisher.add_argument("-o", "--output", required=True, metavar="DIR", help="the folder to write the pages into")
    publisher.add_argument(
        "--force", action="store_true", help="replace the folder even if it holds files other than a publication"
    )
    publisher.set_defaults(run=_publish)


def _movement(args: argparse.Namespace) -> int:
    from .engine.movements import make_movement
    from .files.movement_files import movement_csv, movement_table, table_cards, write_new

    options = {"rounds": args.rounds, "first_board": args.first_board, "pairs": args.pairs, "phantom": args.phantom}
    if args.even is not None or args.winners is not None or args.switched_rounds is not None:
        options |= {"even": args.even, "winners": args.winners, "switched_rounds": args.switched_rounds}
    movement = make_movement(args.kind, args.tables, args.boards_per_round, **options)
    files = [(Path(args.csv), movement_csv(movement), "CSV", ".csv")] if args.csv else []
    if args.cards:
        files.append((Path(args.cards), table_cards(movement, args.event or ""), "an HTML page", ".html"))
    for path, _, what, suffix in files:  # every output checked before anything is printed: a refusal is one line
        check_output(path, writes=what, suffixes=(suffix,), replace=args.force)
    print(movement_table(movement), end="")
    for path, text, what, suffix in files:
        print(f"-> {write_new(path, text, replace=args.force, writes=what, suffix=suffix)}")
    return 0


def _add_movement(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from .rules import EVEN_TABLES, MOVEMENT_TYPES, WINNERS

    movement = commands.add_parser(
        "movement",
        help="print a Mitchell or Howell movement; write it as CSV and as printable table and guide cards",
        description="Generate a movement (who plays whom on which boards, round by round), checked before it is "
        "printed: no pair plays a board twice, no two pairs meet twice, every board is played equally often.",
    )
    movement.add_argument("kind", type=_choice(MOVEMENT_TYPES), help=f"{_listed(MOVEMENT_TYPES)}")
    movement.add_argument("--tables", type=int, required=True, help="tables (Mitchell 3-30, Howell 3-8)")
    movement.add_argument("--boards-per-round", type=int, required=True, metavar="K", help="boards each round")
    movement.add_argument("--rounds", type=int, help="rounds to play (default: all the movement has)")
    movement.add_argument("--first-board", type=int, default=1, metavar="B", help="the first board (default 1)")
    movement.add_argument("--even", type=_choice(EVEN_TABLES), help=f"even-table Mitchell: {_listed(EVEN_TABLES)}")
    movement.add_argument("--winners", type=_choice(WINNERS), help=f"Mitchell winners: {_listed(WINNERS)}")
    movement.add_argument(
        "--switched-rounds", type=int, metavar="S", help="one winner: arrow-switch the last S rounds (default 2 "
        "for rounds of 1-2 boards, else 1)"
    )  # fmt: skip
    movement.add_argument("--pairs", type=int, help="pairs playing: 2 x tables, or one fewer (a phantom)")
    movement.add_argument(
        "--phantom", metavar="PAIR", help="the missing pair, e.g. 8 or 7NS (default: Mitchell the NS pair of the "
        "last table, Howell the highest pair)"
    )  # fmt: skip
    movement.add_argument("--csv", metavar="OUT.csv", help="write round,table,ns,ew,boards: a row per table per round")
    movement.add_argument("--cards", metavar="OUT.html", help="write the table and guide cards as a printable page")
    movement.add_argument("--event", help="the event's name, printed on the cards")
    movement.add_argument("--force", action="store_true", help="replace output files that exist")
    movement.set_defaults(run=_movement)


def _ladder(args: argparse.Namespace) -> int:
    import datetime as dt

    from .engine.ladder import season_ladder
    from .files.ladder import ladder_csv, ladder_table, read_ladder_session
    from .files.templates import ladder as ladder_template

    destination = Path(args.output) if args.output else None
    paths = [Path(name) for name in args.sessions]
    if destination is not None:  # never one of the sessions, named .xlsx, replaced only with --force
        check_output(destination, writes="an Excel workbook", suffixes=(".xlsx",), inputs=paths, replace=args.force)
    for path in paths:
        if not path.exists():
            raise WorkbookError(f"{path}: no such file")
        if paths.count(path) > 1:
            raise WorkbookError(f"{path}: given twice")
    same = {}
    for pair in args.same:
        spelling, _, name = pair.partition("=")
        if not spelling.strip() or not name.strip():
            raise BridgeInputError(f"--same {pair!r}: expected SPELLING=NAME, such as 'H Lisle=Hugh Lisle'")
        same[spelling] = name
    read = [read_ladder_session(path) for path in paths]
    order = sorted(range(len(read)), key=lambda i: (read[i].date is None, read[i].date or dt.date.min, i))
    ladder = season_ladder([read[i] for i in order], args.best, args.minimum, args.imp_rule, same)
    for note in ladder.notes:
        print(f"xlbridge ladder: note: {note}; join them with --same", file=sys.stderr)
    for line in ladder.left_out:
        print(f"xlbridge ladder: note: {line}", file=sys.stderr)
    print(ladder_csv(ladder) if args.csv else ladder_table(ladder, args.title), end="" if args.csv else "\n")
    if destination is not None:
        write_atomically(destination, lambda staged: ladder_template.build(staged, ladder, args.title), args.force)
        ranked = sum(1 for row in ladder.rows if row.qualified)
        print(f"{len(paths)} sessions, {len(ladder.rows)} players ({ranked} qualified) -> {destination}",
              file=sys.stderr if args.csv else sys.stdout)  # fmt: skip
    return 0


def _add_ladder(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    ladder = commands.add_parser(
        "ladder",
        help="a season ladder of players from computed session workbooks",
        description="Rank the players of a season: each player's percentage in each session (a pair's percentage "
        "is both its players'; IMP sessions converted by a published rule), the best N sessions averaged, a minimum "
        "to qualify. Players are matched by name, case and spacing ignored; names that may be one player spelled two "
        "ways are reported, not joined (--same joins them).",
    )
    ladder.add_argument("sessions", nargs="+", metavar="SESSION.xlsx", help="computed pairs-session workbooks")
    ladder.add_argument("-o", "--output", metavar="LADDER.xlsx", help="write the ladder workbook")
    ladder.add_argument("--best", type=_positive, metavar="N", help="count each player's best N sessions (default all)")
    ladder.add_argument("--minimum", type=_positive, default=1, metavar="M",
                        help="sessions a player needs to be placed (default 1)")  # fmt: skip
    ladder.add_argument("--csv", action="store_true", help="print CSV with a header row instead of a table")
    ladder.add_argument(
        "--imp-rule",
        type=_choice(IMP_PERCENT_RULES),
        help=_escaped(
            "IMP sessions to a percentage: " + "; ".join(f"{r.name}: {r.description}" for r in IMP_PERCENT_RULES)
        ),
    )
    ladder.add_argument("--same", action="append", default=[], metavar="SPELLING=NAME",
                        help="count a name spelled SPELLING as NAME (repeat for more)")  # fmt: skip
    ladder.add_argument("--title", default="", help="the ladder's title (default: Season ladder)")
    ladder.add_argument("--force", action="store_true", help="replace the output workbook if it exists")
    ladder.set_defaults(run=_ladder)


def _escaped(text: str) -> str:
    """Help text from the registries as argparse prints it (a % is written %%: EBUScore's "50%")."""
    return text.replace("%", "%%")


def _positive(text: str) -> int:
    """A whole number of sessions, 1 or more."""
    if not text.strip().isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r}: must be a whole number, 1 or more")
    return int(text)


def _choice(registry: Registry[T]) -> Callable[[str], str]:
    """An argument choosing from a registry, by any of its entries' names in any case; gives the entry's name."""

    def read(text: str) -> str:
        entry = registry.find(text)
        if entry is None:
            raise argparse.ArgumentTypeError(f"{text!r}: must be one of {described(registry)}")
        return entry.name

    read.__name__ = registry.argument  # what argparse calls the argument in its messages
    return read


def _listed(registry: Registry[T]) -> str:
    """A registry's choices as help text: ``MP (default), ACBL, Cross-IMP, Butler``."""
    return ", ".join(f"{entry.name} (default)" if index == 0 else entry.name for index, entry in enumerate(registry))


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="xlbridge", description="Contract-bridge scoring: the xlbridge worksheet functions without Excel."
    )
    parser.add_argument("--version", action="version", version=f"xlbridge {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    score = commands.add_parser(
        "score",
        help="score one contract (both sides, or one declarer)",
        description="Score a contract as a traveller does: xlbridge score 4SX -2 --board 2",
    )
    score.add_argument("contract", help="the contract, e.g. 4S, 3NT, 4HX, or 4SX-2 with its result")
    score.add_argument("result", nargs="?", help="tricks taken (0-13), or =, +1, -2 (omit if in the contract)")
    score.add_argument("--by", metavar="SEAT", help="declarer: N, E, S or W (default: show both sides)")
    where = score.add_mutually_exclusive_group()
    where.add_argument("--board", type=int, help="board number: gives dealer and vulnerability")
    where.add_argument("--vul", metavar="VUL", help="None, NS, EW or Both (default None)")
    score.add_argument("--rules", type=_choice(ERAS), default=None, help=f"scoring era: {_listed(ERAS)}")
    score.set_defaults(run=_score)

    addin = commands.add_parser(
        "addin",
        help="point the classic xlwings add-in at xlbridge (UDF Modules = xlbridge.udfs)",
        description="Add xlbridge.udfs to the UDF Modules of an xlwings.conf file; every other setting is kept.",
    )
    addin.add_argument(
        "--folder", help="write xlwings.conf in this folder (for the workbooks there) instead of the user's"
    )
    addin.add_argument("--no-interpreter", action="store_true", help="do not record this Python as the interpreter")
    addin.set_defaults(run=_addin)

    demo = commands.add_parser(
        "demo",
        help="fill the templates with a built-in club session and team match, compute them, print the ranking",
        description="The main job on a built-in example: a 9-table Mitchell pairs session and a 16-board team "
        "match, written as workbooks, computed, and the ranking printed.",
    )
    demo.add_argument("--out", default="xlbridge-demo", help="folder for the workbooks (default: xlbridge-demo)")
    demo.add_argument("--force", action="store_true", help="replace demo workbooks you have changed")
    demo.set_defaults(run=_demo)

    calc = commands.add_parser(
        "calc",
        help="compute every formula of a workbook without Excel, into a copy of it",
        description="Compute a workbook with the formulas engine and the xlbridge functions. The values are written "
        "into a copy of your file; everything else in it stays exactly as it was.",
    )
    calc.add_argument("workbook", help="an .xlsx or .xlsm file")
    where_to = calc.add_mutually_exclusive_group()
    where_to.add_argument("-o", "--output", help="where to write the computed copy (default: NAME-computed.xlsx)")
    where_to.add_argument("--in-place", action="store_true", help="replace the workbook itself (atomically)")
    calc.add_argument(
        "--force", action="store_true", help="replace an existing output, or a workbook whose Excel lock file is stale"
    )
    calc.set_defaults(run=_calc)

    templates = commands.add_parser(
        "templates",
        help="write the blank template workbooks",
        description="Write the blank templates: traveller, pairs session, team match, teams event.",
    )
    templates.add_argument(
        "--for",
        dest="flavour",
        choices=["classic", "lite"],
        default="classic",
        help="classic xlwings (=BRIDGESCORE, VP_20) or xlwings Lite (=BRIDGE.BRIDGESCORE)",
    )
    templates.add_argument("--out", default=".", help="folder to write into (default: here)")
    templates.add_argument("--force", action="store_true", help="replace files of the same names")
    templates.set_defaults(run=_templates)

    importer = commands.add_parser(
        "import",
        help="read club results (USEBIO, PBN or CSV) into a computed pairs-session workbook",
        description="Read a results file (USEBIO 1.2 XML, PBN 2.1 with a ScoreTable, or CSV "
        "board,ns,ew,contract,declarer,result[,lead]) into the pairs-session workbook (a teams event into the "
        "teams-event workbook) and compute it. The format is found from the content.",
    )
    importer.add_argument("file", help="the results file")
    importer.add_argument("-o", "--output", required=True, help="the workbook to write (.xlsx)")
    importer.add_argument(
        "--names", help="CSV of pair,direction,player1,player2 to name the pairs (and a handicap column, if any)"
    )
    importer.add_argument(
        "--handicaps",
        type=_choice(HANDICAP_RULES),
        help=_escaped(
            "how the players' handicaps (handicap1, handicap2) make the pair's: "
            + "; ".join(f"{rule.name}: {rule.description}" for rule in HANDICAP_RULES)
        ),
    )
    importer.add_argument(
        "--method",
        type=_choice(SESSION_METHODS),
        help=f"scoring: {', '.join(SESSION_METHODS.names())} (default: the file's, or {SESSION_METHODS.default.name})",
    )
    importer.add_argument(
        "--movement",
        type=_choice(MOVEMENT_KINDS),
        help="; ".join(f"{kind.name}: {kind.description}" for kind in MOVEMENT_KINDS) + " (default: the file's)",
    )
    importer.add_argument(
        "--movement-file",
        metavar="MOVEMENT.csv",
        help="the session's movement (as xlbridge movement --csv writes it): check every line against it",
    )
    importer.add_argument(
        "--keep-bad-lines",
        action="store_true",
        help="import a result line that cannot be scored as it is, with its error in the Check column",
    )
    importer.add_argument("--force", action="store_true", help="replace the output workbook if it exists")
    importer.set_defaults(run=_import)

    exporter = commands.add_parser(
        "export",
        help="write a computed pairs-session workbook out as USEBIO or PBN",
        description="Write the session (results, scores, ranking) for the federation (USEBIO) or a website (PBN).",
    )
    exporter.add_argument("workbook", help="a computed pairs-session workbook")
    target = exporter.add_mutually_exclusive_group(required=True)
    target.add_argument("--usebio", metavar="OUT.xml", help="write USEBIO 1.2 XML")
    target.add_argument("--pbn", metavar="OUT.pbn", help="write PBN 2.1 with score tables")
    exporter.add_argument("--force", action="store_true", help="replace the output file if it exists")
    exporter.set_defaults(run=_export)

    ranking = commands.add_parser(
        "ranking",
        help="print the ranking of a computed pairs-session workbook",
        description="Print the ranking as the workbook's Ranking sheet shows it (compute it first: xlbridge calc).",
    )
    ranking.add_argument("workbook", help="a computed pairs-session workbook")
    ranking.add_argument("--csv", action="store_true", help="CSV with a header row instead of a table")
    _add_handicap_arguments(ranking)
    ranking.set_defaults(run=_ranking)
    _add_publish(commands)
    _add_movement(commands)
    _add_standings(commands)
    _add_ladder(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line: exit status 0; 2 for anything the user can put right (bad input, a file that cannot be
    read or written), with one line on stderr, ``xlbridge COMMAND: FILE: line N: what is wrong``; 130 when
    interrupted; 141 when the reader of the output went away (``| head``), silently, as a command killed by SIGPIPE.
    Anything else is a bug, and shows its traceback."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        status = int(args.run(args))
        sys.stdout.flush()  # a closed pipe is found here, not at exit
        return status
    except BrokenPipeError:
        _quiet_stdout()
        return 128 + signal.SIGPIPE
    except KeyboardInterrupt:
        print(f"xlbridge {args.command}: interrupted; nothing was written", file=sys.stderr)
        return 130
    except BridgeInputError as error:
        return _fail(args.command, error.message)
    except OSError as error:
        where = f"{error.filename}: " if error.filename else ""
        return _fail(args.command, f"{where}{error.strerror or error}")
    except ModuleNotFoundError as error:
        extra = EXTRAS.get((error.name or "").split(".")[0])
        if extra is None:
            raise
        return _fail(args.command, f'needs the {extra} extra: pip install "xlbridge[{extra}]"')


def _fail(command: str, message: str) -> int:
    """The one line a failure the user can put right prints (a message never spans lines), exit status 2."""
    line = " ".join(message.split()) if "\n" in message or "\r" in message else message
    with contextlib.suppress(BrokenPipeError):  # nobody is reading stderr either
        print(f"xlbridge {command}: {line}", file=sys.stderr)
    _quiet_stdout()
    return 2


def _quiet_stdout() -> None:
    """Point stdout at /dev/null, so that flushing it at exit cannot fail again on a closed pipe."""
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
