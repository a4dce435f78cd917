"""The club night around the session: ``movement`` before it, ``publish`` after it, ``ladder`` across a season."""

from __future__ import annotations

import argparse
import sys
import warnings
from contextlib import nullcontext
from pathlib import Path

from ..engine.choices import choose
from ..engine.errors import BridgeInputError, Doubt, OutputExistsError, WorkbookError, XlbridgeError
from ..engine.ladder import season_ladder
from ..engine.movements import Movement, make_movement
from ..engine.session import Session, Unscorable
from ..files.interchange import read_names_file
from ..files.interchange.handrecords import SessionHands
from ..files.interchange.individual import is_individual_file
from ..files.interchange.movement_files import (
    Sections,
    evening_session,
    movement_csv,
    movement_table,
    named_pairs,
    paper_travellers,
    section_letters,
    table_cards,
    write_evening,
    write_new,
)
from ..files.locking import rewriting
from ..files.outputs import check_output, write_atomically
from ..files.website.individual import publish_individual
from ..files.website.publish import publish
from ..files.website.teams import is_teams_event, publish_event
from ..files.workbook.session_book import read_session_book
from ..rules import EVEN_TABLES, IMP_PERCENT_RULES, MOVEMENT_TYPES, WINNERS, MovementType
from ..rules.individual import individual_sizes
from .arguments import (
    Commands,
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
    positive,
    scoring,
)
from .hands import HANDS_HELP, say_hands, session_deals

__all__ = ["add_ladder", "add_movement", "add_publish"]


def _movement(args: argparse.Namespace) -> int:
    if args.individual:
        return _individual(args)
    if args.kind is None:
        kinds = ", ".join(kind.name.lower() for kind in MOVEMENT_TYPES)
        raise BridgeInputError(f"movement: name the movement ({kinds}) and its --tables, or give --individual "
                               "--players N")  # fmt: skip
    if args.tables is None:
        kind = choose(MOVEMENT_TYPES, args.kind, "movement")
        raise BridgeInputError(f"movement: give the tables of the {kind.name} (--tables: {_sizes(kind)})")
    options = {"rounds": args.rounds, "first_board": args.first_board, "pairs": args.pairs, "phantom": args.phantom}
    if args.even is not None or args.winners is not None or args.switched_rounds is not None:
        options |= {"even": args.even, "winners": args.winners, "switched_rounds": args.switched_rounds}
    names = Path(args.names) if args.names else None
    if names is not None and not args.output:
        raise BridgeInputError("--names names the pairs of the session workbook: add -o SESSION.xlsx")
    if args.hands and not args.output:
        raise BridgeInputError("--hands gives the session workbook its deals: add -o SESSION.xlsx")
    if args.discard_results and not args.output:
        raise BridgeInputError("--discard-results lets -o replace a session workbook holding results: add -o "
                               "SESSION.xlsx --force")  # fmt: skip
    tables = _tables(args.tables)
    if len(tables) > 1 and (args.pairs is not None or args.phantom is not None):
        raise BridgeInputError(f"--tables {args.tables}: --pairs and --phantom are for one section; an evening of "
                               "sections seats every pair (see docs/limits.md)")  # fmt: skip
    movement: Movement | Sections
    if len(tables) == 1:
        movement = make_movement(args.kind, tables[0], args.boards_per_round, **options)
    else:
        sized = zip(section_letters(len(tables)), tables, strict=True)
        movement = tuple((letter, _section(letter, args, size, options)) for letter, size in sized)
    movements = [movement] if isinstance(movement, Movement) else [part for _, part in movement]
    files = [(Path(args.csv), movement_csv(movement), "CSV", ".csv")] if args.csv else []
    if args.cards:
        files.append((Path(args.cards), table_cards(movement, args.event or ""), "an HTML page", ".html"))
    if args.travellers:
        files.append((Path(args.travellers), paper_travellers(movement, args.event or "", args.date),
                      "an HTML page", ".html"))  # fmt: skip
    inputs = [names] if names is not None else []
    for path, _, what, suffix in files:  # every output checked before anything is printed: a refusal is one line
        check_output(path, writes=what, suffixes=(suffix,), inputs=inputs, replace=args.force)
    # a workbook it replaces is held from before its results are counted until it is replaced
    with rewriting(Path(args.output), "xlbridge movement -o") if args.output else nullcontext():
        workbook = _evening(args, movement, names) if args.output else None
        print(movement_table(movement), end="")
        for path, text, what, suffix in files:
            print(f"-> {write_new(path, text, replace=args.force, writes=what, suffix=suffix)}")
        if workbook is not None:
            destination, session, hands = workbook
            write_evening(session, destination, replace=args.force, hands=hands)
            named = sum(1 for pair in session.pairs if pair.names)
            boards = len({board for part in movements for board in part.boards})
            sections = f"{len(movements)} sections, " if len(movements) > 1 else ""
            print(
                f"-> {destination}: the pairs-session workbook, {count(len(session.lines), 'result')} to type on "
                f"{count(boards, 'board')} (Results, {sections}in the travellers' order), "
                f"{count(len(session.pairs), 'pair')} ({named} named), {session.method.words}"
            )
            say_hands("movement", hands, Path(args.hands) if args.hands else None)
    return 0


def _individual(args: argparse.Namespace) -> int:
    """``movement --individual``: the individual movement for ``--players``, printed, and its results file
    (``-o``)."""
    from ..engine.movements.individual import individual
    from ..files.interchange.individual import individual_csv, individual_table

    pairs_only = {"KIND": args.kind, "--tables": args.tables, "--pairs": args.pairs, "--phantom": args.phantom,
                  "--even": args.even, "--winners": args.winners, "--switched-rounds": args.switched_rounds,
                  "--csv": args.csv, "--cards": args.cards, "--travellers": args.travellers, "--names": args.names,
                  "--hands": args.hands, "--discard-results": args.discard_results or None}  # fmt: skip
    given = [name for name, value in pairs_only.items() if value is not None]
    if given:
        raise BridgeInputError(f"{', '.join(given)}: not for --individual (a pairs movement's); an individual's "
                               "players are named in its results file (-o FILE.csv)")  # fmt: skip
    if args.players is None:
        raise BridgeInputError(f"--individual needs --players ({', '.join(map(str, individual_sizes()))}); got none")
    if args.output and not args.output.lower().endswith(".csv"):
        raise BridgeInputError(f"-o {args.output}: an individual's results file is a CSV: name it .csv")
    movement = individual(args.players, args.boards_per_round, args.rounds, args.first_board)
    if args.output:
        check_output(Path(args.output), writes="CSV", suffixes=(".csv",), replace=args.force)
    print(individual_table(movement), end="")
    if args.output:
        text = individual_csv(movement, args.event or "", args.date, args.method or "")
        destination = write_new(Path(args.output), text, replace=args.force)
        lines = sum(len(at.boards.boards) for at in movement.seated)
        print(
            f"-> {destination}: the individual's results file, {count(lines, 'result')} to type on "
            f"{count(len(movement.boards), 'board')} (in the travellers' order), {movement.players} players"
        )
    return 0


def _tables(text: str) -> tuple[int, ...]:
    """``--tables``: a movement's tables (``7``), or each section's in turn (``7,8``: section A of 7, B of 8)."""
    sizes = [size.strip() for size in text.split(",")]
    wrong = [size for size in sizes if not size.isdigit() or int(size) < 1]
    if wrong:
        raise BridgeInputError(f"--tables {text}: {', '.join(repr(size) for size in wrong)} "
                               f"{'is not a number' if len(wrong) == 1 else 'are not numbers'} of tables: give the "
                               "tables (7), or each section's in turn (7,8)")  # fmt: skip
    section_letters(len(sizes))  # no more sections than letters
    return tuple(int(size) for size in sizes)


def _section(letter: str, args: argparse.Namespace, tables: int, options: dict[str, object]) -> Movement:
    """Section ``letter``'s movement of ``tables`` (``--even`` is for the sections of an even number of tables);
    a refusal names the section."""
    if tables % 2 and "even" in options:
        options = options | {"even": None}
    try:
        return make_movement(args.kind, tables, args.boards_per_round, **options)
    except BridgeInputError as error:
        raise BridgeInputError(f"section {letter} (--tables {args.tables}): {error.message}") from None


def _evening(
    args: argparse.Namespace, movement: Movement | Sections, names: Path | None
) -> tuple[Path, Session, SessionHands | None]:
    """The session workbook ``-o`` writes, checked (its output, its names, its deals) before anything is
    printed."""
    destination, hands = Path(args.output), Path(args.hands) if args.hands else None
    check_output(destination, writes="an Excel workbook", suffixes=(".xlsx",),
                 inputs=[path for path in (names, hands) if path is not None], replace=args.force)  # fmt: skip
    if destination.exists() and not args.discard_results:
        _refuse_results(destination)
    pairs = named_pairs(movement, read_names_file(names), str(names)) if names is not None else None
    session = evening_session(movement, pairs, args.event or "", args.date, args.method)
    return destination, session, session_deals(session, hands)


def _refuse_results(destination: Path) -> None:
    """Refuse to replace a pairs-session workbook that holds results (typed, imported or received from the tables:
    any row with something entered; the rows a movement put there to be typed are none), or one that cannot be
    read to tell: ``--force`` replaces an empty evening, ``--discard-results`` one with results."""
    try:
        with warnings.catch_warnings():  # its doubts (pairs swapped?) are no matter to what replaces it
            warnings.simplefilter("ignore", Doubt)
            rows = read_session_book(destination, current=False).session.lines
    except XlbridgeError:
        raise OutputExistsError(f"{destination}: cannot be read as a pairs session, so the results it may hold "
                                "cannot be counted: add --discard-results to replace it anyway, or choose another "
                                "name") from None  # fmt: skip
    results = sum(1 for row in rows if not isinstance(row, Unscorable) or any(text.strip() for text in row.entered))
    if results:
        raise OutputExistsError(f"{destination}: holds {count(results, 'result')}: add --discard-results to replace it "
                                "with a new evening (they are lost), or choose another name")  # fmt: skip


def _sizes(kind: MovementType) -> str:
    """The tables a kind of movement is offered for, as help says them: ``3-30``, ``6-30 even``."""
    offered = kind.sizes
    span = f"{offered[0]}-{offered[-1]}"
    if offered == tuple(range(offered[0], offered[-1] + 1)):
        return span
    if offered == tuple(range(offered[0], offered[-1] + 1, 2)):
        return f"{span} {'even' if offered[0] % 2 == 0 else 'odd'}"
    return ", ".join(map(str, offered))


def add_movement(commands: Commands) -> None:
    movement = command(commands, "movement", _movement)
    movement.add_argument("kind", nargs="?", type=choice(MOVEMENT_TYPES), help=listed(MOVEMENT_TYPES, default=False))
    movement.add_argument(
        "--tables",
        metavar="N[,N...]",
        help="tables (" + "; ".join(f"{kind.name} {_sizes(kind)}" for kind in MOVEMENT_TYPES) + "); an evening of "
        "sections each section's in turn, 7,8: sections A and B, each its own movement of the kind",
    )
    flag(movement, "--individual", "an individual (4 players a table, a new partner each round)")
    sizes = ", ".join(map(str, individual_sizes()))
    movement.add_argument("--players", type=int, help=f"--individual: the players ({sizes})")
    movement.add_argument("--boards-per-round", type=int, required=True, metavar="K", help="boards each round")
    movement.add_argument(
        "--rounds",
        type=int,
        help="rounds to play (default: all the movement has; "
        "a 3/4 Howell three quarters of the complete one's; a web Mitchell 13 where it fits)",
    )
    movement.add_argument("--first-board", type=int, default=1, metavar="B", help="the first board (default 1)")
    movement.add_argument("--even", type=choice(EVEN_TABLES), help=f"even-table Mitchell: {listed(EVEN_TABLES)}")
    movement.add_argument("--winners", type=choice(WINNERS), help=f"Mitchell winners: {listed(WINNERS)}")
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
    movement.add_argument(
        "--travellers",
        metavar="OUT.html",
        help="write the paper travellers: a page per board, its lines pre-printed in playing order",
    )
    movement.add_argument(
        "-o",
        "--output",
        metavar="SESSION.xlsx",
        help="write the evening's pairs-session workbook, its Results pre-filled from the movement (--individual: "
        "the results CSV, a row per board per table per round with its four players)",
    )
    movement.add_argument(
        "--names",
        metavar="NAMES.csv",
        help="with -o: CSV of pair,direction,player1,player2 naming the pairs (and handicaps); in an evening of "
        "sections a section column too (A, B: pairs numbered within their section)",
    )
    movement.add_argument(
        "--method", type=scoring, help=escaped(f"with -o: the scoring, {described_methods()} (default: MP)")
    )
    movement.add_argument("--hands", metavar="HANDS.pbn", help=f"with -o: {HANDS_HELP}")
    movement.add_argument("--event", help="the event's name, printed on the cards, travellers and workbook")
    movement.add_argument("--date", type=iso_date, help="the session's date, YYYY-MM-DD (travellers, workbook)")
    flag(movement, "--force", "replace output files that exist")
    flag(movement, "--discard-results", "with -o and --force: replace a session workbook that holds results")


def _publish(args: argparse.Namespace) -> int:
    workbook = Path(args.workbook)
    if is_individual_file(workbook):  # an individual's results file: its own pages (files/website/individual.py)
        if args.scorecard:
            raise BridgeInputError("--scorecard is for a teams event's team-match workbooks")
        pairs_only = {"--strats": args.strats, "--strat-by": args.strat_by, "--show-numbers": args.show_numbers or None}
        given = [name for name, value in pairs_only.items() if value is not None]
        if given:
            raise BridgeInputError(f"{args.workbook}: {', '.join(given)}: for a pairs session; an individual's pages "
                                   "have no strats and name its players without their numbers")  # fmt: skip
        one = publish_individual(workbook, Path(args.output), force=args.force)
        print(f"{args.workbook} -> {one.folder}: {one.pages} pages (the ranking, {one.boards} travellers, "
              f"{one.players} players' scorecards); open {one.folder / 'index.html'}")  # fmt: skip
        return 0
    if workbook.exists() and is_teams_event(workbook):  # a teams event: its own pages (files/website/teams.py)
        if args.show_numbers:
            raise BridgeInputError("--show-numbers is for a pairs session: a teams event's pages name its teams")
        done = publish_event(workbook, Path(args.output), [Path(card) for card in args.scorecard], force=args.force)
        print(f"{args.workbook} -> {done.folder}: {done.pages} pages (the standings, {done.rounds} rounds, "
              f"{done.scorecards} scorecards); open {done.folder / 'index.html'}")  # fmt: skip
        return 0
    if args.scorecard:
        raise BridgeInputError("--scorecard is for a teams event's team-match workbooks")
    published = publish(
        workbook, Path(args.output), force=args.force, strats=chosen_strats(args), show_numbers=args.show_numbers
    )
    print(
        f"{args.workbook} -> {published.folder}: {published.pages} pages (the ranking, {published.boards} travellers, "
        f"{published.pairs} scorecards); open {published.folder / 'index.html'}"
    )
    return 0


def add_publish(commands: Commands) -> None:
    publisher = command(commands, "publish", _publish)
    publisher.add_argument(
        "workbook", help="a computed pairs-session or teams-event workbook, or an individual's results CSV"
    )
    publisher.add_argument("-o", "--output", required=True, metavar="DIR", help="the folder to write the pages into")
    publisher.add_argument(
        "--scorecard", action="append", default=[], metavar="MATCH.xlsx",
        help="a teams event: a computed team-match workbook whose boards to publish with its match (repeat for more)",
    )  # fmt: skip
    flag(publisher, "--show-numbers", "print each player's membership number beside his name (by default the pages "
         "show none)")  # fmt: skip
    flag(publisher, "--force", "replace another session's published results (a folder holding other files, never)")
    add_strat_arguments(publisher)


def _ladder(args: argparse.Namespace) -> int:
    import datetime as dt

    from ..files.ladder import build, ladder_csv, ladder_table, read_ladder_session

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
        write_atomically(destination, lambda staged: build(staged, ladder, args.title), args.force)
        ranked = sum(1 for row in ladder.rows if row.qualified)
        print(f"{len(paths)} sessions, {len(ladder.rows)} players ({ranked} qualified) -> {destination}",
              file=sys.stderr if args.csv else sys.stdout)  # fmt: skip
    return 0


def add_ladder(commands: Commands) -> None:
    ladder = command(commands, "ladder", _ladder)
    ladder.add_argument("sessions", nargs="+", metavar="SESSION.xlsx", help="computed pairs-session workbooks")
    ladder.add_argument("-o", "--output", metavar="LADDER.xlsx", help="write the ladder workbook")
    ladder.add_argument("--best", type=positive, metavar="N", help="count each player's best N sessions (default all)")
    ladder.add_argument("--minimum", type=positive, default=1, metavar="M",
                        help="sessions a player needs to be placed (default 1)")  # fmt: skip
    flag(ladder, "--csv", "print CSV with a header row instead of a table")
    ladder.add_argument(
        "--imp-rule",
        type=choice(IMP_PERCENT_RULES),
        help=escaped(
            "IMP sessions to a percentage: " + "; ".join(f"{r.name}: {r.description}" for r in IMP_PERCENT_RULES)
        ),
    )
    ladder.add_argument("--same", action="append", default=[], metavar="SPELLING=NAME",
                        help="count a name spelled SPELLING as NAME (repeat for more)")  # fmt: skip
    ladder.add_argument("--title", default="", help="the ladder's title (default: Season ladder)")
    flag(ladder, "--force", "replace the output workbook if it exists")
