"""Reading a command's input files safely: only a regular file, never more of it than such a file holds.

A name given as an input may be anything the system can name: a named pipe (FIFO), whose reader waits until a writer
comes, forever if none does; a device such as ``/dev/zero``, which never ends; a folder; or a file of gigabytes.
:func:`open_input` refuses each by name before reading anything, and a file larger than its bound by its size; it
opens without waiting (a pipe swapped in after the check is found by the open file's own kind), and
:func:`read_input` reads at most one byte past the bound, so that a file that grows as it is read is refused too.
The outputs are :mod:`.outputs`'. Standard library only.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

from ..engine.errors import InputFileError

__all__ = ["open_input", "read_head", "read_input"]

#: What a name can be besides a regular file, as a refusal says it (the tests of :mod:`stat`).
KINDS: tuple[tuple[Callable[[int], bool], str], ...] = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a named pipe (FIFO)"),
    (stat.S_ISCHR, "a device"),
    (stat.S_ISBLK, "a disk device"),
    (stat.S_ISSOCK, "a socket"),
)

#: How an input is opened: for reading only; without waiting for a writer (a named pipe swapped in after the check
#: opens at once and is refused by its kind); as bytes on Windows (neither flag exists elsewhere).
_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)


def _check(path: Path, status: os.stat_result, what: str, most: int | None) -> None:
    """Refuse what is not a regular file, or is larger than ``most`` bytes (None: any size)."""
    if not stat.S_ISREG(status.st_mode):
        kind = next((said for test, said in KINDS if test(status.st_mode)), "not a regular file")
        raise InputFileError(f"{path}: is {kind}, not a file: give {what} saved as a file")
    if most is not None and status.st_size > most:
        raise InputFileError(f"{path}: refused: {status.st_size:,} bytes is far more than {what} holds "
                             f"(at most {most:,})")  # fmt: skip


def open_input(path: Path, what: str, most: int | None) -> BinaryIO:
    """The file at ``path`` opened for reading, once it is known to be a regular file of at most ``most`` bytes
    (None: of any size); ``what`` says what it should be in a refusal (``a workbook``)."""
    try:
        _check(path, os.stat(path), what, most)  # nothing opened: a device or a pipe is not touched
        handle = os.open(path, _FLAGS)
    except OSError as error:
        raise InputFileError(f"{path}: cannot be read ({error.strerror or error})") from None
    try:
        _check(path, os.fstat(handle), what, most)  # the file opened, whatever took the name since
        return os.fdopen(handle, "rb")
    except BaseException:
        os.close(handle)
        raise


def read_input(path: Path, what: str, most: int) -> bytes:
    """The content of the regular file at ``path``, of at most ``most`` bytes (see :func:`open_input`)."""
    with open_input(path, what, most) as file:
        try:
            data = file.read(most + 1)
        except OSError as error:
            raise InputFileError(f"{path}: cannot be read ({error.strerror or error})") from None
    if len(data) > most:
        raise InputFileError(f"{path}: refused: it grew past {most:,} bytes, far more than {what} holds, "
                             "as it was read")  # fmt: skip
    return data


def read_head(path: Path, what: str, size: int) -> bytes:
    """The first ``size`` bytes of the regular file at ``path``, of any size (the rest is not read)."""
    with open_input(path, what, None) as file:
        try:
            return file.read(size)
        except OSError as error:
            raise InputFileError(f"{path}: cannot be read ({error.strerror or error})") from None
