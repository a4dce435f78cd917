"""The ``xlbridge`` command line: scoring where Excel is not.

One module per family of commands (``scoring``, ``results``, ``evening``, ``teams``, ``hands``, ``bridgemate``), each
adding its commands to the parser; this one runs them, and turns every failure the user can put right into one line
on stderr and exit status 2."""

from __future__ import annotations

import argparse
import contextlib
import importlib
import logging
import os
import signal
import sys
import warnings
from collections.abc import Collection, Iterator, Sequence
from typing import NoReturn

from .. import __version__
from ..engine.errors import Doubt, XlbridgeError
from .catalogue import COMMANDS
from .commandline import Parser
from .terminal import shown_streams

__all__ = ["build_parser", "main", "run"]

#: The packages of the optional extras (pyproject.toml), by the extra that installs them.
EXTRAS = {"xlsxwriter": "calc", "tqdm": "calc", "formulas": "formulas", "openpyxl": "formulas", "schedula": "formulas",
          "numpy": "formulas", "scipy": "formulas", "jinja2": "web", "markupsafe": "web",
          "bridgemate_dataconnector": "bridgemate"}  # fmt: skip


def build_parser(full: Collection[str] | None = None) -> argparse.ArgumentParser:
    """The command line's parser, with the commands named in ``full`` (every command when None) built with their
    options; the others by name and summary alone, which is all that ``xlbridge --help``, ``--version`` and a
    mistyped command need, and nothing those commands need is imported."""
    parser = argparse.ArgumentParser(
        prog="xlbridge", description="Contract-bridge scoring: the xlbridge worksheet functions without Excel."
    )
    parser.add_argument("--version", action="version", version=f"xlbridge {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND", parser_class=Parser)
    for name, declared in COMMANDS.items():  # in the order --help lists them
        if " " in name:  # a verb of a command: its command adds it
            continue
        if full is None or name in full:
            family = importlib.import_module(f"{__name__}.{declared.family}")
            getattr(family, f"add_{name}")(commands)
        else:
            commands.add_parser(name, help=declared.summary)
    return parser


def _command_named(argv: Sequence[str]) -> tuple[str, ...]:
    """The command the arguments name, if they name one (else they can only ask for the help or the version, or be
    wrong)."""
    first = next((arg for arg in argv if not arg.startswith("-")), None)
    return () if first is None else (first,)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line: exit status 0; 2 for anything the user can put right (bad input, a file that cannot be
    read or written), with one line on stderr, ``xlbridge COMMAND: FILE: line N: what is wrong``; 130 when
    interrupted; 141 when the reader of the output went away (``| head``), silently, as a command killed by SIGPIPE;
    1 when a worksheet function failed on a workbook the command computed (a bug, named in one line). Anything else
    is a bug, and shows its traceback. Whatever it prints is shown as a terminal can show it (:mod:`.terminal`)."""
    with shown_streams():
        return _main(sys.argv[1:] if argv is None else list(argv))


def _main(arguments: list[str]) -> int:
    named = _command_named(arguments)
    try:  # a command's family imports what it needs: a library of an extra that is not installed is said so
        parser = build_parser(full=named)
    except ModuleNotFoundError as error:
        return _missing_extra(named[0], error)
    args = parser.parse_args(arguments)
    try:
        with _function_failures() as failed, _doubts_on_stderr(args.command):
            status = int(args.run(args))
        sys.stdout.flush()  # a closed pipe is found here, not at exit
        return _report_failures(args.command, failed) or status
    except BrokenPipeError:
        _quiet_stdout()
        return 128 + signal.SIGPIPE
    except KeyboardInterrupt:
        print(f"xlbridge {args.command}: interrupted; nothing was written", file=sys.stderr)
        return 130
    except XlbridgeError as error:  # bad input, a refused output, a workbook's state: the user can put it right
        return _fail(args.command, error.message, error.details, error.exit_code)
    except OSError as error:
        where = f"{error.filename}: " if error.filename else ""
        return _fail(args.command, f"{where}{error.strerror or error}")
    except ModuleNotFoundError as error:
        return _missing_extra(args.command, error)


def _missing_extra(command: str, error: ModuleNotFoundError) -> int:
    """The extra to install for a library not installed (raised again when it is none of an extra's), after what
    needs it where the code that imported it said so (a note on the error: "BOOK.xlsx: ...; computing them")."""
    from ..engine.install import install_command  # importlib.metadata: 30 ms that only this path needs

    extra = EXTRAS.get((error.name or "").split(".")[0])
    if extra is None:
        raise error
    why = "".join(f"{note} " for note in getattr(error, "__notes__", ()))
    return _fail(command, f"{why}needs the {extra} extra: {install_command(extra)}")


def run() -> NoReturn:
    """The ``xlbridge`` command and ``python -m xlbridge``: :func:`main`, its status the process's exit status."""
    raise SystemExit(main())


@contextlib.contextmanager
def _function_failures() -> Iterator[list[str]]:
    """The worksheet functions that failed while a command computed a workbook (each logs its exception and shows
    #VALUE!), kept off stderr: the command then says so in one line each, never with a traceback."""
    failed: list[str] = []

    class Collect(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            name = str(record.args[0]) if isinstance(record.args, tuple) and record.args else "a function"
            if name not in failed:
                failed.append(name)

    logger = logging.getLogger("xlbridge")
    handler, propagate = Collect(logging.ERROR), logger.propagate
    logger.addHandler(handler)
    logger.propagate = False
    try:
        yield failed
    finally:
        logger.removeHandler(handler)
        logger.propagate = propagate


@contextlib.contextmanager
def _doubts_on_stderr(command: str) -> Iterator[None]:
    """Each :class:`~xlbridge.engine.errors.Doubt` a command meets said on stderr, one line each, every time."""

    def say(message: Warning | str, category: type[Warning], *rest: object, **named: object) -> None:
        if issubclass(category, Doubt):
            print(f"xlbridge {command}: {message}", file=sys.stderr)
        else:
            shown(message, category, *rest, **named)  # type: ignore[arg-type]

    with warnings.catch_warnings():
        warnings.simplefilter("always", Doubt)
        shown = warnings.showwarning
        warnings.showwarning = say
        yield


def _report_failures(command: str, failed: list[str]) -> int:
    """One line a failed worksheet function (a bug), and exit status 1; 0 when none failed."""
    for name in failed:
        print(f"xlbridge {command}: {name} failed on this workbook, and its cells show #VALUE!: this is a bug in "
              "xlbridge; please report it with the workbook", file=sys.stderr)  # fmt: skip
    return 1 if failed else 0


def _fail(command: str, message: str, details: Sequence[str] = (), status: int = XlbridgeError.exit_code) -> int:
    """The line a failure the user can put right prints (a message never spans lines), after a line for each of
    its details (every bad line of a file); its exit status (2, as every :class:`XlbridgeError` exits)."""
    with contextlib.suppress(BrokenPipeError):  # nobody is reading stderr either
        for text in (*details, message):
            line = " ".join(text.split()) if "\n" in text or "\r" in text else text
            print(f"xlbridge {command}: {line}", file=sys.stderr)
    _quiet_stdout()
    return status


def _quiet_stdout() -> None:
    """Point stdout at /dev/null, so that flushing it at exit cannot fail again on a closed pipe."""
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
