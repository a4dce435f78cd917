"""The hand records: ``deal`` (random deals for a session's boards, as a PBN file and printable pages) and
``hands`` (each board's double-dummy table and par, from the solver or the file's own tags)."""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import replace
from pathlib import Path

from ..engine.boards import board_dealer, board_vulnerability
from ..engine.dealing import deal_boards
from ..engine.errors import BridgeInputError
from ..engine.session import Session
from ..engine.solver import solver_available
from ..files.interchange.handrecords import (
    Analysis,
    HandRecord,
    HandRecords,
    SessionHands,
    analyse,
    hand_record_pbn,
    hands_csv,
    hands_table,
    needs_solver,
    parse_hand_records,
    read_hand_records,
    session_boards,
    session_hands,
)
from ..files.interchange.movement_files import write_new
from ..files.outputs import check_output
from ..files.website.handrecord_pages import hand_record_page
from ..rules.boards import HIGHEST_BOARD
from .arguments import Commands, Progress, command, count, flag, positive

__all__ = ["HANDS_HELP", "add_deal", "add_hands", "say_hands", "session_deals"]

#: The --hands option of import and movement -o.
HANDS_HELP = ("a PBN hand record of the session's deals: a Hands sheet (each board's diagram, double-dummy table "
              "and par) and each result against par")  # fmt: skip

#: The most boards one command deals (far beyond a session; DDS takes a fraction of a second each).


def _printing_possible() -> None:
    """The printable pages need Jinja2 (the web extra): found missing before anything is worked out or written."""
    import jinja2  # noqa: F401 - only to fail early, in one line (see xlbridge.cli.main)


def _pages(analyses: list[Analysis], event: str) -> str:
    return hand_record_page(analyses, event)


def _analysed(records: HandRecords, progress_label: str) -> list[Analysis]:
    """Each board's analysis, with a progress bar on a terminal while the solver works."""
    if not solver_available():
        return analyse(records, use_solver=False)
    bar = Progress(max(1, (len(records.boards) + 39) // 40))
    try:
        return analyse(records, use_solver=True, progress=lambda done: bar(f"{progress_label} ({done} boards)"))
    finally:
        bar.close()


def session_deals(session: Session, hands: Path | None, results: Path | None = None) -> SessionHands | None:
    """The deals a session workbook carries: the hand record ``hands`` (``--hands``), else those of a PBN results
    file ``results`` that has them (its ``[Deal]`` tags), else None. Every board analysed, with a progress bar on a
    terminal while the solver works; a malformed file is refused naming its line."""
    carries = results is not None and re.search(rb'\[Deal\s+"\s*[NESWnesw]:', data := results.read_bytes())
    if hands is None and not carries:
        return None  # (the hand records' modules not loaded)

    # a results file that carries its deals
    carried = parse_hand_records(data, results) if carries and results is not None else None
    records = _beside(read_hand_records(hands), carried) if hands is not None else carried
    assert records is not None
    records = _as_scored(records)
    found = session_hands(records, session_boards(session), use_solver=False)  # the file's own, while the solver works

    if solver_available():
        analysed = _analysed(records, "solving the deals")
        found = SessionHands(tuple(analysed), found.source, found.without_deal, found.not_in_session)
    return found


def _beside(records: HandRecords, carried: HandRecords | None) -> HandRecords:
    """The hand record ``--hands`` gives, each board whose deal differs from the results file's own noted (the
    Hands sheet has the hand record's: the one asked for)."""
    if carried is None:
        return records
    theirs = {record.board: record for record in carried.boards}
    name = carried.source.name if carried.source is not None else "the results file"
    out = []
    for record in records.boards:
        other = theirs.get(record.board)
        if other is not None and other.deal != record.deal:
            note = f"the results file {name} deals it differently (its line {other.line}): the Hands sheet has this one"
            record = replace(record, notes=(*record.notes, (record.line, note)))
        out.append(record)
    return replace(records, boards=tuple(out))


def _as_scored(records: HandRecords) -> HandRecords:
    """The hand record with each board's dealer and vulnerability as the session scores it (by its number), so
    that its par is the par of the scores it is set against. A board the file deals otherwise is noted, and its
    par tag, worked out for the other vulnerability, is left out (the solver works it out again where it is
    installed)."""
    par = "its par tag, for the other vulnerability, is left out"
    if solver_available():
        par = "its par is worked out for that"
    out = []
    for record in records.boards:
        dealer, vulnerable = board_dealer(record.board), board_vulnerability(record.board)
        if (record.dealer, record.vulnerability) != (dealer, vulnerable):
            note = (f"the hand record has dealer {record.dealer.value}, vulnerable {record.vulnerability.value}; "
                    f"the session scores board {record.board} as its number does (dealer {dealer.value}, vulnerable "
                    f"{vulnerable.value}); {par}")  # fmt: skip
            record = replace(record, dealer=dealer, vulnerability=vulnerable, par=None,
                             notes=(*record.notes, (record.line, note)))  # fmt: skip
        out.append(record)
    return replace(records, boards=tuple(out))


def say_hands(command: str, hands: SessionHands | None, source: Path | None) -> None:
    """After writing a workbook with deals: where they are, and each finding on stderr, a line each."""
    if hands is None:
        return

    where = "by the solver" if solver_available() else "from the file's own tags"
    print(f"  Hands sheet: {count(len(hands.analyses), 'deal')} from {hands.source}, tables and par {where}; each "
          "result against par in the Results sheet's NS vs par column")  # fmt: skip
    for finding in hands.findings(str(source)):
        print(finding, file=sys.stderr)
    if not solver_available() and any(a.source == "" for a in hands.analyses):
        _solver_note(command)


def _solver_note(command: str) -> None:
    from ..engine.install import install_command  # importlib.metadata: 30 ms that only this note needs

    print(f"xlbridge {command}: note: no double-dummy tables or par: the solver is not installed "
          f"({install_command('hands')})", file=sys.stderr)  # fmt: skip


def _deal(args: argparse.Namespace) -> int:
    if args.boards > HIGHEST_BOARD:
        raise BridgeInputError(f"--boards {args.boards}: at most {HIGHEST_BOARD} boards at a time")
    output = Path(args.output)
    printed = Path(args.print) if args.print else None
    check_output(output, writes="a PBN hand record", suffixes=(".pbn",), replace=args.force)
    if printed is not None:
        check_output(printed, writes="an HTML page", suffixes=(".html", ".htm"), inputs=[output], replace=args.force)
        _printing_possible()
    seed, dealt = deal_boards(args.boards, args.first_board, args.seed)
    records = HandRecords(None, args.event or "", tuple(
        HandRecord(board, board_dealer(board), board_vulnerability(board), deal) for board, deal in dealt
    ))  # fmt: skip
    analyses = _analysed(records, "solving")
    first, last = dealt[0][0], dealt[-1][0]
    span = f"board {first}" if first == last else f"boards {first}-{last}"
    again = f"xlbridge deal --boards {args.boards}{f' --first-board {first}' if first != 1 else ''} --seed {seed}"
    comments = [f"Dealt by xlbridge: {span}, seed {seed} (each board's deal depends on the seed and its number only)",
                f"Deal them again: {again}"]  # fmt: skip
    page = _pages(analyses, records.event) if printed is not None else ""  # everything made before anything written
    write_new(output, hand_record_pbn(analyses, records.event, comments), args.force, "a PBN hand record", ".pbn")
    print(f"Dealt {span} (seed {seed}; deal them again with: {again})")
    analysed = "double-dummy tables and par by the solver" if solver_available() else "no double-dummy analysis"
    print(f"-> {output}: dealer and vulnerability by board number, {analysed}")
    if printed is not None:
        write_new(printed, page, args.force, "an HTML page", printed.suffix.lower())
        print(f"-> {printed}: printable hand records, {count(-(-len(analyses) // 4), 'page')} of four boards")
    if not solver_available():
        _solver_note("deal")
    return 0


def add_deal(commands: Commands) -> None:
    deal = command(commands, "deal", _deal)
    deal.add_argument("--boards", type=positive, required=True, metavar="N", help="how many boards to deal")
    deal.add_argument("--first-board", type=positive, default=1, metavar="B", help="the first board (default 1)")
    deal.add_argument("--seed", type=_seed, metavar="S", help="deal from this seed (default: a fresh one, printed)")
    deal.add_argument("-o", "--output", required=True, metavar="HANDS.pbn", help="the PBN hand record to write")
    _print_option(deal)
    deal.add_argument("--event", help="the event's name, in the file and on the printed pages")
    flag(deal, "--force", "replace output files that exist")


def _print_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--print", metavar="OUT.html", help="also write printable hand records, four boards a page")


def _seed(text: str) -> int:
    if not text.strip().isdigit():
        raise argparse.ArgumentTypeError(f"{text!r}: must be a whole number, 0 or more")
    return int(text)


def _hands(args: argparse.Namespace) -> int:
    source = Path(args.file)
    printed = Path(args.print) if args.print else None
    if printed is not None:
        check_output(printed, writes="an HTML page", suffixes=(".html", ".htm"), inputs=[source], replace=args.force)
        _printing_possible()
    records = read_hand_records(source)
    analyses = _analysed(records, "solving")
    missing = needs_solver(analyses)
    if missing is not None and printed is None:
        raise missing
    for analysis in analyses:
        record = analysis.record
        for line, note in (*record.notes, *((record.line, text) for text in analysis.disagreements)):
            print(f"xlbridge hands: {source}: line {line}: board {record.board}: {note}", file=sys.stderr)
    if printed is not None:
        write_new(printed, _pages(analyses, records.event), args.force, "an HTML page", printed.suffix.lower())
    print(hands_csv(analyses) if args.csv else hands_table(analyses), end="")
    disagreeing = sum(1 for analysis in analyses if analysis.disagreements)
    where = "by the solver" if solver_available() else "from the file's own tags"
    summary = f"{count(len(analyses), 'board')} from {source}: tables and par {where}"
    if solver_available() and any(a.record.tricks or a.record.par for a in analyses):
        summary += f"; the file's own tags disagree on {count(disagreeing, 'board')}" if disagreeing else (
            "; the file's own tags agree")  # fmt: skip
    print(summary, file=sys.stderr if args.csv else sys.stdout)
    if printed is not None:
        print(f"-> {printed}: printable hand records, {count(-(-len(analyses) // 4), 'page')} of four boards",
              file=sys.stderr if args.csv else sys.stdout)  # fmt: skip
    if not solver_available():
        _solver_note("hands")
    return 0


def add_hands(commands: Commands) -> None:
    hands = command(commands, "hands", _hands)
    hands.add_argument("file", metavar="HANDS.pbn", help="a PBN file of deals (a hand record, or results with deals)")
    flag(hands, "--csv", "print CSV: board, dealer, vulnerable, par_ns, par_contracts, then N_NT ... W_C")
    _print_option(hands)
    flag(hands, "--force", "replace the printed page if it exists")
