"""Every error xlbridge reports, by kind, and the reasons an input cannot be scored.

:class:`XlbridgeError` is the base of everything the user can put right: the command line prints its ``details``
(a line each) and its ``message``, one line, on stderr, and exits with the kind's ``exit_code`` (2 for every kind:
anything the user can put right, as argparse exits on a wrong option). Its kinds:

- :class:`BridgeInputError`, bad input (a ``ValueError``, with a :class:`Reason`: each shows as its own Excel error
  value in a cell): :class:`ImportFileError` a results file's line, :class:`InputFileError` a name given as an
  input that is no file to read (a pipe, a device, far too large), :class:`WorkbookError` a file that cannot be read
  as a workbook, :class:`UnsafeXMLError` and :class:`XMLSyntaxError` an XML document, :class:`CellError` a cell
  holding an error value, :class:`ResultDTOError` a result the Bridgemates sent, :class:`SolverMissingError`
  double-dummy analysis without the solver;
- :class:`OutputError`, a refused output (the input is sound): :class:`OutputExistsError` (``--force`` replaces it),
  :class:`OutputOpenError` (a workbook open in Excel), :class:`OutputIsInputError` and :class:`OutputNotOursError`
  (never replaced), :class:`OutputBusyError` and :class:`OutputChangedError` (another writer's: never replaced);
- :class:`WorkbookStateError`, a sound workbook not in the state a command needs: :class:`NotComputedError`,
  :class:`StaleWorkbookError`;
- :class:`ConnectorError`, the Bridgemate Data Connector not reached, too late, or answering with what is not an
  answer (not a ``ValueError``: the input may be sound).

The command line's other statuses (:func:`xlbridge.cli.main`): 1 for a worksheet function failing on a workbook it
computed (a bug), 130 when interrupted, 141 when the reader of its output went away.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from enum import StrEnum
from typing import ClassVar, TypeVar

__all__ = [
    "MOST_LISTED",
    "BridgeInputError",
    "CellError",
    "ConnectorError",
    "Doubt",
    "ImportFileError",
    "InputFileError",
    "NotComputedError",
    "OutputBusyError",
    "OutputChangedError",
    "OutputError",
    "OutputExistsError",
    "OutputIsInputError",
    "OutputNotOursError",
    "OutputOpenError",
    "Reason",
    "ResultDTOError",
    "SolverMissingError",
    "StaleWorkbookError",
    "UnsafeXMLError",
    "WorkbookError",
    "WorkbookStateError",
    "XMLSyntaxError",
    "XlbridgeError",
    "listed",
    "refusal",
]

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

    #: The command line's exit status when it is raised.
    exit_code: ClassVar[int] = 2

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


class ImportFileError(BridgeInputError):
    """A results file that cannot be imported: the message names the file, the line and the problem."""


class InputFileError(BridgeInputError):
    """A name given as an input file that is not one to read: missing, not a regular file (a folder, a named pipe,
    a device), or larger than such a file is; the message names it and says what it is."""


class WorkbookError(BridgeInputError):
    """A file that cannot be used as a workbook; the message says why, in one line."""


class WorkbookStateError(XlbridgeError):
    """A workbook that is sound but not in the state a command needs: its figures are not computed, or not current."""


class NotComputedError(WorkbookStateError):
    """A workbook never computed (a blank template, or saved by a program that drops the values)."""


class StaleWorkbookError(WorkbookStateError):
    """A workbook whose stored values are not those of its inputs (changed and not computed again)."""


class OutputError(XlbridgeError):
    """An output refused because writing it would lose or hide something (a name that does not say what it holds,
    a folder where a file is asked for); the message names the file and what to do. Not bad input: the input is
    sound, the output is what is refused. Its kinds below are the refusals ``--force`` can and cannot lift."""


class OutputExistsError(OutputError):
    """The output exists (a file, or a folder holding other files): replaced only with ``--force``."""


class OutputOpenError(OutputError):
    """The output is a workbook an office program has open (its lock file is beside it): ``--force`` if it is not."""


class OutputIsInputError(OutputError):
    """The output is one of the command's inputs (or the folder holding one): never replaced, even with ``--force``."""


class OutputNotOursError(OutputError):
    """The output is a folder holding files xlbridge did not write: never replaced, even with ``--force``."""


class OutputBusyError(OutputError):
    """Another xlbridge command is writing the output (its lock is beside it), and went on past the wait: run the
    command again once it has finished."""


class OutputChangedError(OutputError):
    """The file a command rewrites changed after the command read it (another program wrote it): never replaced,
    so what the other wrote is kept; run the command again."""


class ConnectorError(XlbridgeError):
    """The Data Connector could not be reached, did not answer in time, answered with something that is not an
    answer, or refused a request: one line naming its address. Not a ``ValueError``: the input may be sound."""

    def __init__(self, message: str, *, url: str, command: str = "", error_type: str = "") -> None:
        super().__init__(message)
        self.url = url
        self.command = command
        self.error_type = error_type


class UnsafeXMLError(BridgeInputError):
    """The document declares entities: refused rather than expanded."""


class XMLSyntaxError(BridgeInputError):
    """The document is not well-formed XML (truncated, corrupt); the message gives the line."""


class CellError(BridgeInputError):
    """An input cell that already holds an Excel error value (or a number that is none, NaN): it is passed on as
    that value, before anything else about its line."""

    def __init__(self, message: str, code: str = "#VALUE!") -> None:
        super().__init__(message)
        self.code = code


class ResultDTOError(BridgeInputError):
    """A result from the tables that cannot be read at all: a code outside the interface's, a value of another
    kind than its field's, a form xlbridge cannot hold. The message names where it was played (``where``, when
    known) and the field (``problem``)."""

    def __init__(self, problem: str, where: str = "") -> None:
        super().__init__(f"{where}: {problem}" if where else problem)
        self.where = where
        self.problem = problem


class SolverMissingError(BridgeInputError):
    """Double-dummy analysis asked for where the solver (endplay, the hands extra) is not installed: the message
    names the command that installs it (xlwings Lite cannot run it)."""

    def __init__(self, what: str = "double-dummy analysis") -> None:
        from .install import install_command  # importlib.metadata: 30 ms that only this error needs

        super().__init__(
            f"{what} needs the double-dummy solver (endplay), which is not installed here: "
            f"{install_command('hands')} (xlwings Lite cannot run it)",
            reason=Reason.UNAVAILABLE,
        )
