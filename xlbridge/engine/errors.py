"""The errors of xlbridge, by kind, and the reasons an input cannot be scored.

:class:`XlbridgeError` is the base of everything xlbridge reports for the user to put right (the command line prints
its message, after its details, and exits 2). Its kinds: :class:`BridgeInputError`, bad input (a ``ValueError``:
what cannot be scored or read, with a :class:`Reason`; a file that cannot be read as a workbook, ``WorkbookError``, is
one); and, in :mod:`xlbridge.files`, a refused output (``OutputError``: ``OutputExistsError`` for a file that exists,
``OutputOpenError`` for a workbook open in Excel, ``OutputIsInputError`` for one of the inputs), a workbook's state
(``WorkbookStateError``: ``NotComputedError``, ``StaleWorkbookError``) and a connection's failure
(``ConnectorError``: the Bridgemate Data Connector not reached, too late, or answering with what is not an answer).
None of the last three is a ``ValueError``: the input is sound. Every kind carries the ``message`` and ``details``
the command line prints.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from enum import StrEnum
from typing import TypeVar

__all__ = ["MOST_LISTED", "BridgeInputError", "Doubt", "Reason", "XlbridgeError", "listed", "refusal"]

#: The most problems a refusal lists one by one (a line each); the next line says how many more there are.
MOST_LISTED = 50


class Reason(StrEnum):
    """Why an input cannot be scored (the worksheet functions show each as its own Excel error value)."""

    #: Not something a club would type for it: ``4Z``, ``made it``, 4.5 tricks, a missing result.
    MALFORMED = "malformed"
    #: A number of the right form but outside what the rules allow: 14 tricks, board 0, 7NT+1.
    OUT_OF_RANGE = "out of range"
    #: A score that is not one of its board's results, or a board with nothing to compare.
    NOT_IN_FIELD = "not in its field"
    #: An answer this installation cannot give: double-dummy analysis without the solver (xlwings Lite).
    UNAVAILABLE = "not available here"


class Doubt(UserWarning):
    """Something in the input worth a look that is not held against it (NS and EW the other way round from the
    rest of a meeting, a board played at one table): issued with :func:`warnings.warn`; the command line prints
    each on stderr and goes on."""


class XlbridgeError(Exception):
    """Something the user can put right, said in one line (``message``), after a line for each of its ``details``
    where one input has several problems (each bad line of a file, in the file's order: all seen at once)."""

    def __init__(self, message: str, *, details: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.details = details

    @property
    def message(self) -> str:
        return str(self.args[0])


class BridgeInputError(XlbridgeError, ValueError):
    """Input that cannot be scored: the message names the argument, the allowed forms and what was received.
    ``argument`` is the name of the function's argument the input came from, where the function knows it and its
    caller may know where that is (a session's ``method``: the Settings sheet's cell it was handed); "" otherwise."""

    def __init__(
        self, message: str, *, reason: Reason = Reason.MALFORMED, details: tuple[str, ...] = (), argument: str = ""
    ) -> None:
        super().__init__(message, details=details)
        self.reason = reason
        self.argument = argument

    def within(self, context: str) -> BridgeInputError:
        """The same error, its message prefixed with where it happened (``board 3: ...``)."""
        error = copy.copy(self)  # the same kind of error, carrying whatever else it carries
        error.args = (f"{context}: {self.message}",)
        return error


Refused = TypeVar("Refused", bound=XlbridgeError)


def listed(problems: Sequence[str], source: str = "") -> tuple[str, ...]:
    """The details a refusal of several problems prints: the first :data:`MOST_LISTED`, each as given, then
    ``SOURCE: and 12 more``."""
    shown = tuple(problems[:MOST_LISTED])
    if len(problems) <= MOST_LISTED:
        return shown
    more = f"and {len(problems) - MOST_LISTED} more"
    return (*shown, f"{source}: {more}" if source else more)


def refusal(kind: type[Refused], problems: Sequence[str], summary: str, source: str = "") -> Refused:
    """The error of an input with one or more ``problems`` (each a whole line: ``names.csv: line 3: ...``): one
    problem is its own line; several are a line each (see :func:`listed`), then ``summary`` (how many, and what
    to do), so that a secretary sees every mistake the first time."""
    if len(problems) == 1:
        return kind(problems[0])
    return kind(summary, details=listed(problems, source))
