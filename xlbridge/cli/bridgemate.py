"""``bridgemate send`` and ``bridgemate receive``: a session workbook's evening on the Bridgemates, through Bridge
Control Software 5's Data Connector (the ``bridgemate`` extra)."""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

from ..engine.errors import BridgeInputError, WorkbookError
from ..engine.values import count
from ..files.bridgemate import Connection
from ..files.bridgemate.book import Link, TableSettings, event_of, init_for, link_path
from ..files.bridgemate.receive import Receipt, Receiver
from ..files.interchange.handrecords import read_hand_records
from ..files.outputs import check_output
from ..files.workbook.session_book import read_session_book
from .arguments import Commands, command, flag
from .catalogue import COMMANDS

__all__ = ["add_bridgemate"]

#: The environment variable a licence key may be given in, rather than on the command line (where other users
#: of the computer can see it in the list of processes).
KEY_VARIABLE = "XLBRIDGE_BRIDGEMATE_KEY"
#: Seconds between polls with --follow, by default.
EVERY = 10.0
#: The most seconds a request to the Data Connector may take, by default (files/bridgemate/connector.py's TIMEOUT:
#: the parser is made without the extra, so it is written here, and a test holds the two equal).
TIMEOUT = 10.0


def _workbook(name: str) -> Path:
    path = Path(name)
    if not path.exists():
        raise WorkbookError(f"{path}: no such file")
    return path


def _connection(url: str, club_id: str, key: str | None, timeout: float) -> Connection:
    return Connection(url, club_id, key if key is not None else os.environ.get(KEY_VARIABLE, ""), timeout)


def _send(args: argparse.Namespace) -> int:
    path = _workbook(args.workbook)
    link = link_path(path)
    check_output(link, writes="the event sent (JSON)", suffixes=(".json",), inputs=[path], replace=args.force)
    book = read_session_book(path, current=False)
    try:
        event = event_of(book.session, args.event or "", None)
    except BridgeInputError as error:
        raise error.within(str(path)) from None
    records = read_hand_records(Path(args.hands)) if args.hands else None
    settings = TableSettings(args.lead_card, args.results, args.ranking, args.reentry, args.pin)
    connection = _connection(args.url, args.club_id, args.key, args.timeout)
    dto = init_for(event, connection.club_id, settings, records)
    connection.check()
    answer = connection.initialize(dto)
    Link(event, connection.url, connection.club_id).write(path, replace=args.force)
    section = event.sections[0]
    movement = section.movement
    named = sum(1 for pair in section.pairs if any(player.strip() for player in pair.players))
    hands = f", {count(len(dto.handrecords or []), 'hand record')}" if records is not None else ""
    print(f"{path} -> {connection.url}: {event.name or 'the event'} ({event.date.isoformat()}), section "
          f"{section.letters}: {movement.title}; {count(named, 'pair')} named{hands}; BCS answered "
          f"'{answer}'")  # fmt: skip
    print(f"  the event is kept in {link}: xlbridge bridgemate receive {path} --url {args.url} reads the results")
    return 0


def _receive(args: argparse.Namespace) -> int:
    path = _workbook(args.workbook)
    link = Link.read(path, read_session_book(path, current=False).session)
    connection = _connection(args.url or link.url, args.club_id if args.club_id is not None else link.club_id,
                             args.key, args.timeout)  # fmt: skip
    receiver = Receiver(path, connection, link, force=args.force)
    said: set[str] = set()
    receipt: Receipt | None = None
    try:
        while True:
            receipt = receiver.poll()
            _say(path, receipt, said)
            if not args.follow or receipt.complete:
                break
            time.sleep(args.every)
    except KeyboardInterrupt:
        done = f" ({receipt.received} of {receipt.expected} results in)" if receipt is not None else ""
        print(f"xlbridge bridgemate receive: interrupted; {path} holds the results of the last poll written{done}, "
              "and the Data Connector keeps the rest for the next receive", file=sys.stderr)  # fmt: skip
        return 130
    assert receipt is not None
    return 2 if receipt.problems or receiver.link.refused else 0


def _say(path: Path, receipt: Receipt, said: set[str]) -> None:
    """One line for the poll, and each problem, refusal and board not played once a run (on stderr)."""
    changes = receipt.changes
    kinds = [(len(changes.new), "new"), (len(changes.corrected), "corrected"), (len(changes.erased), "erased")]
    what = ", ".join(f"{number} {kind}" for number, kind in kinds if number) or "nothing new"
    written = f" -> {path} (computed)" if receipt.written else ""
    print(f"{what}{written}: {receipt.received} of {receipt.expected} results in", flush=True)
    lines = [f"{refusal}: not taken (kept in the event's file)" for refusal in changes.refused]
    lines += [f"{where}: not played (NP on Results; type an adjusted score there if the director gives one)"
              for where in receipt.not_played]  # fmt: skip
    lines += list(receipt.problems)
    for line in lines:
        if line not in said:
            said.add(line)
            print(f"xlbridge bridgemate receive: {line}", file=sys.stderr)


#: The words of --results and --ranking (the parser is made without the extra, so they are written here; a test
#: holds them equal to the settings they stand for, files/bridgemate/book.py's RESULTS_SHOWN and RANKING_SHOWN).
RESULTS_SHOWN = ("none", "own", "all", "end-of-round")
RANKING_SHOWN = ("never", "each-round", "end", "always")


def _settings_options(send: argparse.ArgumentParser) -> None:
    flag(send, "--lead-card", "the tables enter the opening lead")
    send.add_argument("--results", choices=RESULTS_SHOWN, default="own",
                      help="what a table sees once it has entered a result: none, its own (default), all the "
                      "board's results, or all of them at the end of the round")  # fmt: skip
    send.add_argument("--ranking", choices=RANKING_SHOWN, default="never",
                      help="when the tables may see the ranking (BCS's own): never (default), after each round, "
                      "at the end, always")  # fmt: skip
    flag(send, "--reentry", "a result may be changed at the table after both pairs have accepted it")
    send.add_argument("--pin", default="0000", help="the four-digit code of the Bridgemates' director menu")


def _connection_options(parser: argparse.ArgumentParser, required: bool) -> None:
    parser.add_argument("--url", required=required, help="the Data Connector's address, such as "
                        "http://192.168.1.50:5079" + ("" if required else " (default: the one sent to)"))  # fmt: skip
    parser.add_argument("--club-id", default="" if required else None, metavar="ID", help="the club id Bridge Systems "
                        "gave the club" + ("" if required else " (default: the one sent with)"))  # fmt: skip
    parser.add_argument("--key", help=f"the club's licence key (default: the {KEY_VARIABLE} environment variable)")
    parser.add_argument("--timeout", type=_seconds, default=TIMEOUT, metavar="SECONDS",
                        help="the most seconds the Data Connector may take over a request, its whole answer and "
                        f"the tries again included (default {TIMEOUT:g})")  # fmt: skip


def add_bridgemate(commands: Commands) -> None:
    declared = COMMANDS["bridgemate"]
    bridgemate = commands.add_parser("bridgemate", help=declared.summary, description=declared.description)
    verbs = bridgemate.add_subparsers(dest="verb", required=True, metavar="send|receive")
    send = command(verbs, "send", _send, verb_of="bridgemate", help="initialise the event in BCS from the workbook")
    send.add_argument("workbook", metavar="SESSION.xlsx", help="a pairs-session workbook")
    _connection_options(send, required=True)
    send.add_argument("--event", help="the event's name (default: the workbook's)")
    send.add_argument("--hands", metavar="HANDS.pbn", help="a PBN hand record whose deals the tables may show")
    _settings_options(send)
    flag(send, "--force", "send again a workbook already sent (a new event in BCS)")
    receive = command(verbs, "receive", _receive, verb_of="bridgemate",
                      help="read the results entered at the tables into the workbook, and compute it")  # fmt: skip
    receive.add_argument("workbook", metavar="SESSION.xlsx", help="the workbook the event was sent from")
    _connection_options(receive, required=False)
    flag(receive, "--follow", "keep polling until every result the movement expects is in (or Ctrl-C)")
    receive.add_argument("--every", type=_seconds, default=EVERY, metavar="SECONDS",
                         help=f"with --follow, the seconds between polls (default {EVERY:g})")  # fmt: skip
    flag(receive, "--force", "replace the workbook even if it seems open in Excel")


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 < value <= 3600:
        raise argparse.ArgumentTypeError(f"{text!r}: seconds, more than 0 and at most 3600")
    return value
