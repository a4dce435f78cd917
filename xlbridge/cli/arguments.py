"""What the commands share: a command's parser and its common options, argument types read from the registries,
counted words, a progress bar."""

from __future__ import annotations

import argparse
import datetime as dt
import sys
from collections.abc import Callable
from typing import Any, Protocol, TypeAlias, TypeVar

from ..engine.choices import choose_scoring, described, described_methods
from ..engine.errors import BridgeInputError
from ..engine.strats import read_strats
from ..engine.text import printable
from ..engine.values import count
from ..rules import DEFAULT_STRATS, STRAT_RULES, Named, Registry, Strats
from .catalogue import COMMANDS
from .commandline import Parser
from .terminal import raw_stream

__all__ = [
    "Commands",
    "Parser",
    "Progress",
    "add_strat_arguments",
    "choice",
    "chosen_strats",
    "command",
    "count",
    "described_methods",
    "escaped",
    "flag",
    "iso_date",
    "listed",
    "output_or_in_place",
    "positive",
    "scoring",
    "show",
]

T = TypeVar("T", bound=Named)

#: The parser's commands, as each family's ``add_...`` function receives them (a string: argparse's class is
#: generic only to the type checker).
Commands: TypeAlias = "argparse._SubParsersAction[Parser]"


def command(commands: Commands, name: str, run: Callable[[argparse.Namespace], int], *, verb_of: str = "",
            **options: Any) -> Parser:  # fmt: skip
    """A command's parser, with its summary and description as :mod:`.catalogue` declares it, and the function that
    runs it; a verb of a command (``bridgemate send``: ``verb_of="bridgemate"``) is declared under its full name,
    its summary given as ``help``."""
    declared = COMMANDS[f"{verb_of} {name}" if verb_of else name]
    options.setdefault("help", declared.summary or None)
    parser = commands.add_parser(name, description=declared.description, **options)
    parser.set_defaults(run=run)
    return parser


def flag(parser: argparse._ActionsContainer, name: str, help: str) -> None:
    """An option that is on or off (``--force``, ``--csv``)."""
    parser.add_argument(name, action="store_true", help=help)


def output_or_in_place(parser: argparse.ArgumentParser, output: str, in_place: str, metavar: str | None = None) -> None:
    """``-o OUT`` or ``--in-place`` (the workbook itself), not both."""
    where_to = parser.add_mutually_exclusive_group()
    where_to.add_argument("-o", "--output", metavar=metavar, help=output)
    flag(where_to, "--in-place", in_place)


class Report(Protocol):
    """A printable result of a computed workbook (a ranking, standings): a table for people, CSV for programs."""

    def table(self) -> str: ...

    def csv(self) -> str: ...


def show(report: Report, as_csv: bool) -> None:
    """Print ``report`` as CSV (which ends its own last line) or as a table."""
    print(report.csv() if as_csv else report.table(), end="" if as_csv else "\n")


def escaped(text: str) -> str:
    """Help text from the registries as argparse prints it (a % is written %%: EBUScore's "50%")."""
    return text.replace("%", "%%")


def positive(text: str) -> int:
    """A whole number of sessions, 1 or more."""
    if not text.strip().isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r}: must be a whole number, 1 or more")
    return int(text)


def choice(registry: Registry[T]) -> Callable[[str], str]:
    """An argument choosing from a registry, by any of its entries' names in any case; gives the entry's name."""

    def read(text: str) -> str:
        entry = registry.find(text)
        if entry is None:
            raise argparse.ArgumentTypeError(f"{text!r}: must be one of {described(registry)}")
        return entry.name

    read.__name__ = registry.argument  # what argparse calls the argument in its messages
    return read


def scoring(text: str) -> str:
    """An argument naming a pairs session's scoring method, then a word for each convention scored otherwise than by
    default (``Cross-IMP TOTAL``), and for sections the words of their comparison (``MP Across the field``;
    :func:`~xlbridge.engine.choices.choose_scoring`); gives it as the *Scoring* cell writes it."""
    try:
        method, section_scoring = choose_scoring(text)
        return method.words if section_scoring is None else f"{method.words} {section_scoring.name}"
    except BridgeInputError as error:
        raise argparse.ArgumentTypeError(error.message) from None


scoring.__name__ = "method"  # what argparse calls the argument in its messages


def listed(registry: Registry[T], default: bool = True) -> str:
    """A registry's choices as help text: ``MP (default), ACBL, Cross-IMP, Butler``; without ``default`` (an
    argument that must be given, which has none) the names alone."""
    return ", ".join(f"{entry.name} (default)" if default and index == 0 else entry.name
                     for index, entry in enumerate(registry))  # fmt: skip


def iso_date(text: str) -> dt.date:
    """A date as ``--date`` takes it: YYYY-MM-DD."""
    try:
        return dt.date.fromisoformat(text.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: a date is written YYYY-MM-DD, such as 2026-11-24") from None


class Progress:
    """A one-line progress bar on stderr while a terminal shows it (nothing when it is a file or a pipe): tqdm's,
    which the commands that show one already have (``import``: the calc extra installs it; ``deal`` and
    ``hands``: the bar is shown only while the hands extra's solver works, and endplay needs it). tqdm is imported
    only for a terminal, so a command in a pipe never loads it. It draws on the terminal's stream itself (its
    carriage returns redraw the line; :mod:`.terminal`), its labels made printable first."""

    def __init__(self, steps: int) -> None:
        self.bar: Any = None
        if sys.stderr.isatty():
            from tqdm import tqdm

            # [######..............] reading tuesday.xml: a bar of 20 and the step's label, 63 columns on one row
            # whatever size the terminal says it is (tqdm draws nothing on one that says none, as a new
            # pseudo-terminal does); each step drawn as it starts (mininterval 0: a step can take seconds), the
            # line cleared at the end (leave=False).
            self.bar = tqdm(total=steps, file=raw_stream(sys.stderr), leave=False, ascii=".#", mininterval=0,
                            ncols=63, nrows=24, bar_format="[{bar:20}] {desc:<40}")  # fmt: skip

    def __call__(self, label: str) -> None:
        if self.bar is not None:
            self.bar.set_description_str(printable(label), refresh=False)
            self.bar.update()

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def report_arguments(report: argparse.ArgumentParser, workbook: str) -> None:
    """A printed report's arguments: the workbook it comes from, and --csv."""
    report.add_argument("workbook", help=workbook)
    flag(report, "--csv", "CSV with a header row instead of a table")


def add_strat_arguments(ranking: argparse.ArgumentParser) -> None:
    """``--strats`` and ``--strat-by``: a ranking by strats (``ranking``, ``publish``)."""
    ranking.add_argument(
        "--strats",
        nargs="?",
        const=DEFAULT_STRATS.shown,
        metavar="B/C",
        help=f"the ranking by strats (ACBL): each pair's strat by its players' masterpoints (the Names sheet's "
        f"Masterpoints 1 and 2) and its place in each strat it competes in; the limits of strats B and C, such as "
        f"750/300 (default {DEFAULT_STRATS.shown})",
    )
    ranking.add_argument(
        "--strat-by",
        type=choice(STRAT_RULES),
        help=escaped("with --strats: how the players' masterpoints make the pair's: " + listed(STRAT_RULES)),
    )


def chosen_strats(args: argparse.Namespace) -> Strats | None:
    """The strats ``--strats`` and ``--strat-by`` choose (None: neither given)."""
    if args.strats is None:
        if args.strat_by is not None:
            raise BridgeInputError(f"--strat-by {args.strat_by} says how strats are made: give --strats too "
                                   f"(--strats alone for ACBL Live's {DEFAULT_STRATS.shown}, or the limits of strats B "
                                   "and C, such as --strats 1000/500)")  # fmt: skip
        return None
    return read_strats(args.strats, args.strat_by)
