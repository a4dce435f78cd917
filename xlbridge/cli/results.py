"""The commands around a workbook: ``demo``, ``calc``, ``templates``, ``import``, ``export``, ``ranking`` and
``standings``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..engine.errors import BridgeInputError, WorkbookError
from ..engine.session import Session
from ..files.interchange import MOST_WAITING, check_import, import_to_workbook, read_results
from ..files.interchange.awards import masterpoint_notes
from ..files.interchange.common import Imported
from ..files.interchange.export import export_awards, export_session
from ..files.interchange.figures import figure_notes
from ..files.interchange.handrecords import SessionHands
from ..files.interchange.usebio import DEFAULT_VERSION, USEBIO_VERSIONS
from ..files.workbook.calc import calc_workbook
from ..files.workbook.report import read_handicapped_ranking, read_ranking, read_stratified_ranking
from ..rules import FIELD_KINDS, HANDICAP_RULES, MASTERPOINT_SCALES, SESSION_METHODS
from .arguments import (
    Commands,
    Progress,
    add_strat_arguments,
    choice,
    chosen_strats,
    command,
    count,
    described_methods,
    escaped,
    flag,
    iso_date,
    listed,
    output_or_in_place,
    report_arguments,
    scoring,
    show,
)
from .hands import HANDS_HELP, say_hands, session_deals

__all__ = ["add_calc", "add_demo", "add_export", "add_import", "add_ranking", "add_templates"]


def _demo(args: argparse.Namespace) -> int:
    from ..files.demo import run_demo

    return run_demo(Path(args.out), force=args.force)


def _calc(args: argparse.Namespace) -> int:
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
    from ..files.templates import FLAVOURS
    from ..files.templates.blank import write_templates

    written = write_templates(Path(args.out), FLAVOURS[args.flavour], replace=args.force)
    for path in written:
        print(path)
    return 0


def _import(args: argparse.Namespace) -> int:
    source, destination = Path(args.file), Path(args.output)
    names = Path(args.names) if args.names else None
    movement_file = Path(args.movement_file) if args.movement_file else None
    hands = Path(args.hands) if args.hands else None
    register = Path(args.register) if args.register else None
    inputs = [source, *(path for path in (names, movement_file, hands, register) if path is not None)]
    check_import(destination, inputs, args.force)  # before any work is done
    progress = Progress(3)  # reading; writing and computing; done
    try:
        progress(f"reading {source.name}")
        imported = read_results(
            source,
            keep_bad=args.keep_bad_lines,
            names=names,
            method=args.method,
            fields=args.fields,
            movement_file=movement_file,
            handicaps=args.handicaps,
            event=args.event,
            date=args.date,
            masterpoints=args.masterpoints,
            register=register,
            file_scores=args.file_scores,
        )
        deals = _deals(imported, hands)
        import_to_workbook(imported, destination, replace=args.force, progress=progress, hands=deals)
        progress("done")
    finally:
        progress.close()
    if imported.session is not None:
        session = imported.session
        to_come = sum(1 for problem in imported.problems if problem.waiting)  # rows waiting to be typed
        later = f" ({to_come} more to come)" if to_come else ""
        idle = len(session.not_played)
        later += f", {count(idle, 'board')} not played" if idle else ""
        what = (
            f"{count(len(session.lines) - to_come - idle, 'result')}{later} on {count(len(session.boards), 'board')}, "
            f"{count(len(session.pairs), 'pair')} ({session.field_kind.name}, {session.method.words})"
        )
    else:
        assert imported.event is not None
        event = imported.event
        byes = sum(1 for match in event.matches if match.bye)
        what = f"{count(len(event.matches) - byes, 'match', 'matches')} of {count(len(event.teams), 'team')}"
        what += f", {count(byes, 'bye')}" if byes else ""
    print(f"{source} ({imported.format}) -> {destination}: {what}")
    if imported.kind_evidence:
        print(f"  {imported.kind_evidence}")
    awards = masterpoint_notes(imported, args.masterpoints)
    figures = figure_notes(imported)
    for note in (awards, figures):
        if note.summary:
            print(f"  {note.summary}")
    waiting = [problem for problem in imported.problems if problem.waiting]
    for problem in imported.problems:
        if problem.waiting or not problem.detail:  # a result still to come (below); a line a finding names
            continue
        kept = "see the Check column" if problem.shown else "put it right before trusting the ranking"
        print(f"{problem.where(source)}: {problem.message} (kept; {kept})", file=sys.stderr)
    for problem in waiting[:MOST_WAITING]:
        print(f"{problem.where(source)}: {problem.message} (its row waits on Results, to be typed)", file=sys.stderr)
    if waiting:
        more = f" (the first {MOST_WAITING} above)" if len(waiting) > MOST_WAITING else ""
        words = ("is", "its row", "waits", "it is") if len(waiting) == 1 else ("are", "their rows", "wait", "they are")
        is_, rows, wait, they = words
        print(f"{source}: {count(len(waiting), 'result')} the movement expects {is_} not in the file{more}: {rows} "
              f"{wait} on Results, to be typed; the ranking is provisional until {they}", file=sys.stderr)  # fmt: skip
    for doubt in imported.warnings:
        checks = "; --movement-file checks it" if doubt.movement_settles else ""
        print(f"{doubt.where(source)}: {doubt.message} (imported as it is{checks})", file=sys.stderr)
    for warning in [*awards.warnings, *figures.warnings]:
        print(warning, file=sys.stderr)
    _note_handicaps(imported.session, destination, args)
    _note_holdings(imported.session, destination, args)
    say_visitors("import", imported.visitors, imported.misnamed)
    say_hands("import", deals, hands or source)
    return 0


def _deals(imported: Imported, hands: Path | None) -> SessionHands | None:
    """The imported session's deals: ``--hands``, or a PBN results file's own."""
    if imported.session is None:
        if hands is not None:
            raise BridgeInputError(f"--hands {hands}: a teams event's workbook has no Hands sheet (hand records go "
                                   "with a pairs session)")  # fmt: skip
        return None
    return session_deals(imported.session, hands, imported.source if imported.format == "PBN" else None)


def say_visitors(command: str, visitors: tuple[str, ...], misnamed: tuple[str, ...] = ()) -> None:
    """The players the member register does not know, on one line of stderr, and those it gives another name, on
    another (they are kept, never refused)."""
    if visitors:
        print(f"xlbridge {command}: note: {count(len(visitors), 'visitor')} (not in the register, kept as typed): "
              f"{'; '.join(visitors)}", file=sys.stderr)  # fmt: skip
    if misnamed:
        print(f"xlbridge {command}: note: {count(len(misnamed), 'player')} whose number the register gives another "
              f"name (kept as typed; check the number): {'; '.join(misnamed)}", file=sys.stderr)  # fmt: skip


def _note_handicaps(session: Session | None, destination: Path, args: argparse.Namespace) -> None:
    """After an import whose names gave handicaps: where they are, and the handicapped ranking."""
    count = 0 if session is None else sum(1 for pair in session.pairs if pair.handicap is not None)
    if count:
        print(
            f"{args.names}: handicaps for {count} pairs, on the Names sheet, the handicapped figures on Totals; "
            f"the handicapped ranking: xlbridge ranking {destination} --handicapped",
            file=sys.stderr,
        )


def _note_holdings(session: Session | None, destination: Path, args: argparse.Namespace) -> None:
    """After an import whose names gave players' masterpoints: where they are, and the ranking by strats."""
    held = 0 if session is None else sum(1 for pair in session.pairs if any(h is not None for h in pair.holdings))
    if held:
        print(
            f"{args.names}: masterpoints for {held} pairs, on the Names sheet (Masterpoints 1 and 2); the ranking by "
            f"strats: xlbridge ranking {destination} --strats",
            file=sys.stderr,
        )


#: What ``--register`` is, as each command that takes it says.
REGISTER_HELP = (
    "the club's member register, a CSV of number,name (or a federation's list: MemberID, first and last "
    "name): names the players typed by number alone, numbers those typed by name; others are visitors"
)


def _export(args: argparse.Namespace) -> int:
    if args.abf:
        return _export_awards(args)
    if args.register:
        raise BridgeInputError("--register numbers the players of the masterpoint file: give it with --abf")
    form, destination = ("USEBIO", Path(args.usebio)) if args.usebio else ("PBN", Path(args.pbn))
    if args.usebio_version and not args.usebio:
        raise BridgeInputError("--usebio-version is the version of the USEBIO file: give --usebio OUT.xml too")
    score = export_session(Path(args.workbook), destination, form, replace=args.force,
                           usebio_version=args.usebio_version or DEFAULT_VERSION)  # fmt: skip
    idle = len(score.session.not_played)  # the files have no form for a board not played: left out
    left_out = f" ({count(idle, 'board')} not played left out)" if idle else ""
    print(
        f"{args.workbook} -> {destination}: {count(len(score.session.lines) - idle, 'result')}{left_out}, "
        f"{count(len(score.standings), 'pair')}"
    )
    return 0


def _export_awards(args: argparse.Namespace) -> int:
    """export --abf: the session's masterpoints as the ABF's file; the players credited whom it cannot carry said
    on one line."""
    destination = Path(args.abf)
    register = Path(args.register) if args.register else None
    written, visitors, misnamed = export_awards(Path(args.workbook), destination, replace=args.force, register=register)
    print(f"{args.workbook} -> {destination}: {count(len(written.lines), 'player')}, {written.total} points "
          f"({written.file.name})")  # fmt: skip
    if written.unnumbered:
        print(f"xlbridge export: note: {count(len(written.unnumbered), 'player')} with an award and no ABF number, "
              f"not in {destination} (give their numbers on the Names sheet and write it again, or credit them by "
              f"hand): {'; '.join(written.unnumbered)}", file=sys.stderr)  # fmt: skip
    say_visitors("export", visitors, misnamed)
    return 0


def _ranking(args: argparse.Namespace) -> int:
    from ..files.interchange.individual import is_individual_file

    if is_individual_file(Path(args.workbook)):
        return _individual_ranking(args)
    strats = chosen_strats(args)
    if strats is not None:
        if args.handicapped:
            raise BridgeInputError("--strats ranks by strats, --handicapped by handicaps: give one of them")
        ranking = read_stratified_ranking(Path(args.workbook), strats)
    elif args.handicapped:
        names = Path(args.names) if args.names else None
        ranking = read_handicapped_ranking(Path(args.workbook), names, args.handicaps)
    elif args.names or args.handicaps:
        raise BridgeInputError("--names and --handicaps give handicaps: add --handicapped")
    else:
        ranking = read_ranking(Path(args.workbook))
    show(ranking, args.csv)
    if args.csv and ranking.provisional:  # the table says so under its title; CSV has no room for it
        print(f"xlbridge ranking: note: {args.workbook}: {ranking.provisional}", file=sys.stderr)
    return 0


def _individual_ranking(args: argparse.Namespace) -> int:
    """``ranking`` of an individual's results file: each player's matchpoints, percentage and place."""
    from ..engine.individual import score_individual
    from ..files.interchange.individual import ranking_text, read_individual

    if args.handicapped or args.names or args.handicaps or chosen_strats(args) is not None:
        raise BridgeInputError(f"{args.workbook}: an individual has no handicapped or stratified ranking "
                               "(--handicapped, --names, --handicaps, --strats are for a pairs session)")  # fmt: skip
    score = score_individual(read_individual(Path(args.workbook)))
    print(ranking_text(score, args.csv), end="")
    if args.csv and score.session.waiting:
        print(f"xlbridge ranking: note: {args.workbook}: {score.session.waiting} results still to be typed; the "
              "ranking is provisional", file=sys.stderr)  # fmt: skip
    return 0


def _add_handicap_arguments(ranking: argparse.ArgumentParser) -> None:
    flag(ranking, "--handicapped", "the handicapped ranking: each pair's percentage plus its handicap, with the "
         "scratch place beside")  # fmt: skip
    ranking.add_argument("--names", help="with --handicapped: a names CSV with the handicaps (a handicap column)")
    ranking.add_argument(
        "--handicaps",
        type=choice(HANDICAP_RULES),
        help=escaped("how the players' handicaps make the pair's: " + listed(HANDICAP_RULES)),
    )


def add_demo(commands: Commands) -> None:
    """demo: the main job on the built-in example."""
    demo = command(commands, "demo", _demo)
    demo.add_argument("--out", default="xlbridge-demo", help="folder for the workbooks (default: xlbridge-demo)")
    flag(demo, "--force", "replace demo workbooks you have changed")


def add_calc(commands: Commands) -> None:
    """calc: a workbook computed without Excel."""
    calc = command(commands, "calc", _calc)
    calc.add_argument("workbook", help="an .xlsx or .xlsm file")
    output_or_in_place(calc, "where to write the computed copy (default: NAME-computed.xlsx)",
                       "replace the workbook itself (atomically)")  # fmt: skip
    flag(calc, "--force", "replace an existing output, or a workbook whose Excel lock file is stale")


def add_templates(commands: Commands) -> None:
    """templates: the blank workbooks."""
    templates = command(commands, "templates", _templates)
    templates.add_argument(
        "--for",
        dest="flavour",
        choices=["classic", "lite"],
        default="classic",
        help="classic xlwings (=BRIDGESCORE, VP_20) or xlwings Lite (=BRIDGE.BRIDGESCORE)",
    )
    templates.add_argument("--out", default=".", help="folder to write into (default: here)")
    flag(templates, "--force", "replace files of the same names")


def add_import(commands: Commands) -> None:
    """import: a club's results file into a computed workbook."""
    importer = command(commands, "import", _import)
    importer.add_argument("file", help="the results file")
    importer.add_argument("-o", "--output", required=True, help="the workbook to write (.xlsx)")
    importer.add_argument(
        "--names",
        help="CSV of pair,direction,player1,player2 to name the pairs (and a handicap column, masterpoints1 and "
        "masterpoints2, if any)",
    )
    importer.add_argument("--register", metavar="MEMBERS.csv", help=REGISTER_HELP)
    importer.add_argument(
        "--handicaps",
        type=choice(HANDICAP_RULES),
        help=escaped(
            "how the players' handicaps (handicap1, handicap2) make the pair's: "
            + "; ".join(f"{rule.name}: {rule.description}" for rule in HANDICAP_RULES)
        ),
    )
    importer.add_argument(
        "--method",
        type=scoring,
        help=escaped(f"scoring: {described_methods()} (default: the file's, or {SESSION_METHODS.default.name})"),
    )
    importer.add_argument(
        "--fields",
        "--movement",
        dest="fields",
        type=choice(FIELD_KINDS),
        help="one field or two: "
        + "; ".join(f"{kind.name} ({', '.join(kind.aliases)}): {kind.description}" for kind in FIELD_KINDS)
        + " (default: the movement file's, the file's own, or what the lines show)",
    )
    importer.add_argument(
        "--movement-file",
        metavar="MOVEMENT.csv",
        help="the session's movement (as xlbridge movement --csv writes it): check every line against it",
    )
    flag(importer, "--keep-bad-lines", "import a result line that cannot be scored as it is, with its error in the "
         "Check column")  # fmt: skip
    flag(importer, "--file-scores", "score a USEBIO line whose SCORE is not its contract's by its SCORE, as the "
         "program that wrote the file scored it: an assigned score in the Adjusted column, noted with the contract "
         "it replaces there and on stderr")  # fmt: skip
    importer.add_argument(
        "--masterpoints",
        metavar="SCALE",
        type=choice(MASTERPOINT_SCALES),
        help=escaped(
            "the masterpoint scale of the Masterpoints column: "
            + "; ".join(f"{scale.name}: {scale.description}" for scale in MASTERPOINT_SCALES)
            + " (default: a USEBIO file's own type and scale, else None)"
        ),
    )
    importer.add_argument(
        "--hands", metavar="HANDS.pbn", help=HANDS_HELP + " (a PBN results file brings its own deals)"
    )
    importer.add_argument("--event", help="the event's name (for a CSV, which has none; else instead of the file's)")
    importer.add_argument("--date", type=iso_date, help="the session's date, YYYY-MM-DD (instead of the file's)")
    flag(importer, "--force", "replace the output workbook if it exists")


def add_export(commands: Commands) -> None:
    """export: a computed session as USEBIO or PBN."""
    exporter = command(commands, "export", _export)
    exporter.add_argument("workbook", help="a computed pairs-session workbook")
    target = exporter.add_mutually_exclusive_group(required=True)
    target.add_argument("--usebio", metavar="OUT.xml", help="write USEBIO XML (version 1.2 unless --usebio-version)")
    target.add_argument("--pbn", metavar="OUT.pbn", help="write PBN 2.1 with score tables")
    exporter.add_argument("--usebio-version", choices=list(USEBIO_VERSIONS),
                          help=f"the USEBIO version written (default {DEFAULT_VERSION}, as the ABF and the EBU take; "
                          "1.3 writes the charge code as EBU_CHARGE_CODE)")  # fmt: skip
    target.add_argument("--abf", metavar="OUT.grn", help="write the masterpoints as the ABF Masterpoint Centre's "
                        "file: .grn for ABF green points, .red for ABF red (a line per player with an ABF "
                        "number)")  # fmt: skip
    exporter.add_argument("--register", metavar="MEMBERS.csv", help="with --abf: " + REGISTER_HELP)
    flag(exporter, "--force", "replace the output file if it exists")


def add_ranking(commands: Commands) -> None:
    """ranking: the session's ranking, scratch or handicapped."""
    ranking = command(commands, "ranking", _ranking)
    report_arguments(ranking, "a computed pairs-session workbook, or an individual's results CSV")
    _add_handicap_arguments(ranking)
    add_strat_arguments(ranking)
