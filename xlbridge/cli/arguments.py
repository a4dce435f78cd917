"""What the commands share: argument types read from the registries, counted words, a progress bar."""

from __future__ import annotations

import argparse
import datetime as dt
import sys
from collections.abc import Callable
from typing import Protocol, TypeAlias, TypeVar

from ..engine.choices import described
from ..engine.values import count
from ..rules import Named, Registry
from .commandline import Parser

__all__ = ["Commands", "Parser", "Progress", "choice", "count", "escaped", "iso_date", "listed", "positive", "show"]

T = TypeVar("T", bound=Named)

#: The parser's commands, as each family's ``add_...`` function receives them (a string: argparse's class is
#: generic only to the type checker).
Commands: TypeAlias = "argparse._SubParsersAction[Parser]"


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


def listed(registry: Registry[T]) -> str:
    """A registry's choices as help text: ``MP (default), ACBL, Cross-IMP, Butler``."""
    return ", ".join(f"{entry.name} (default)" if index == 0 else entry.name for index, entry in enumerate(registry))


def iso_date(text: str) -> dt.date:
    """A date as ``--date`` takes it: YYYY-MM-DD."""
    try:
        return dt.date.fromisoformat(text.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: a date is written YYYY-MM-DD, such as 2026-11-24") from None


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
