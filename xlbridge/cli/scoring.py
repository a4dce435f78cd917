"""``xlbridge score`` (one contract, as a traveller scores it) and ``xlbridge addin`` (the classic add-in's set-up)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..engine.boards import board_dealer, board_vulnerability
from ..engine.model import Seat, Vulnerability
from ..engine.parse import parse_seat, parse_vulnerability
from ..engine.scoring import ns_score, parse_play
from ..files.addin import UDF_MODULE
from ..files.outputs import check_folder
from ..rules import ERAS
from .arguments import Commands, choice, command, flag, listed

__all__ = ["add_addin", "add_score"]

SIDE_NAMES = {"NS": "North-South", "EW": "East-West"}


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
    from ..files.addin import configure, user_config_path

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


def add_score(commands: Commands) -> None:
    """score: one contract, both sides or one declarer."""
    score = command(
        commands, "score", _score, intermixed=True
    )  # the result may follow the options: xlbridge score 4S --by N =
    score.add_argument("contract", help="the contract, e.g. 4S, 3NT, 4HX, or 4SX-2 with its result")
    score.add_argument("result", nargs="?", help="tricks taken (0-13), or =, +1, -2 (omit if in the contract)")
    score.add_argument("--by", metavar="SEAT", help="declarer: N, E, S or W (default: show both sides)")
    where = score.add_mutually_exclusive_group()
    where.add_argument("--board", type=int, help="board number: gives dealer and vulnerability")
    where.add_argument("--vul", metavar="VUL", help="None, NS, EW or Both (default None)")
    score.add_argument("--rules", type=choice(ERAS), default=None, help=f"scoring era: {listed(ERAS)}")


def add_addin(commands: Commands) -> None:
    """addin: xlbridge.udfs in the UDF Modules of an xlwings.conf."""
    addin = command(commands, "addin", _addin)
    addin.add_argument(
        "--folder", help="write xlwings.conf in this folder (for the workbooks there) instead of the user's"
    )
    flag(addin, "--no-interpreter", "do not record this Python as the interpreter")
