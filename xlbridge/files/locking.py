"""Who is writing a file, so that no write is lost: the lock an xlbridge command holds beside a file while it writes
it, and the file as a command found it before reading it.

A command that rewrites a file (``calc --in-place``, ``swiss --in-place``, ``bridgemate receive``, ``addin``) holds
the file's lock from before it reads the file until it has replaced it (:func:`rewriting`), and replaces it only
while it is still the file it read (:class:`FileState`: its size, when it was last written, which file it is);
every other write of the file waits for the lock while it puts its file in place (:func:`replacing`, which
:func:`~xlbridge.files.outputs.write_atomically` runs). So two xlbridge commands never write a file at once, and a
file another program changed meanwhile (Excel saving it, a copy over it) is never replaced by a copy made from what
it held before.

The lock is a file beside the one written, ``.~xlbridge.NAME.lock`` (made with ``O_EXCL``), holding the command,
its process and computer, and when it began, so that a command that finds it can say who writes. The system's own
lock on it (``flock`` on POSIX, a byte-range lock on Windows) says whether that writer still runs: the system
lets it go when the process ends, however it ends, so the lock file of a killed command is taken over by the next
(and removed when it is done). Where the file system has no locks (some network shares), a lock file is its
writer's while its process runs on this computer, or, written from another computer, until it is removed by hand.
An office program's own lock file beside a workbook it has open says who has it open (:func:`lock_holder`).
Standard library only.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import errno
import hashlib
import os
import re
import socket
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from ..engine.errors import InputFileError, OutputBusyError, OutputChangedError
from .inputs import read_head
from .staging import ASIDE_NAME

if sys.platform == "win32":
    import msvcrt
else:
    import fcntl

__all__ = [
    "LOCK_FILES",
    "LOCK_PREFIX",
    "LOCK_SUFFIX",
    "WAIT",
    "WRITER",
    "FileState",
    "lock_holder",
    "lock_path",
    "replacing",
    "rewriting",
]

#: How a lock file's name begins and ends, around the name of the file it is the lock of.
LOCK_PREFIX, LOCK_SUFFIX = ".~xlbridge.", ".lock"
#: How many seconds a command waits for another xlbridge command to finish writing a file before it refuses:
#: longer than a ``bridgemate receive`` poll holds a workbook (its two requests, each within its ``--timeout`` of
#: 10 s, and the write), far longer than any other command writes one.
WAIT = 30.0
#: Seconds between two looks at a lock held by another.
_EVERY = 0.05
#: What a lock held only while a file is put in place says of its writer.
WRITER = "xlbridge"
#: A writer whose lock does not say who it is (yet).
_ANOTHER = "another xlbridge command"
#: Where Windows' lock sits in the lock file: far past what the file holds, since a byte locked there cannot be
#: read by another process, and the lock's text must be (a byte-range lock may lie past the end of a file).
_WINDOWS_BYTE = 0x7FFFFFFE
#: The system's answers to a lock that another process holds (EACCES, EDEADLK: Windows' msvcrt.locking).
_HELD_ERRNOS = frozenset({errno.EAGAIN, errno.EWOULDBLOCK, errno.EACCES, errno.EDEADLK})
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


@dataclass(frozen=True)
class FileState:
    """A file as a command found it: its size, when it was last written (nanoseconds) and which file it is (its
    device and inode: a file renamed over it is another)."""

    size: int
    modified_ns: int
    inode: int
    device: int

    @classmethod
    def of(cls, path: Path) -> FileState | None:
        """The file at ``path`` now (None: there is none, or none the system can find there: a name too long, a
        folder that cannot be read, which its write then says)."""
        try:
            found = os.stat(path)
        except OSError:
            return None
        return cls(found.st_size, found.st_mtime_ns, found.st_ino, found.st_dev)


def lock_path(target: Path) -> Path:
    """The lock file of the file ``target`` (``.~xlbridge.tuesday.xlsx.lock`` beside it; for a name too long for
    the file system to take with those around it, its first :data:`~xlbridge.files.staging.ASIDE_NAME` characters
    and a digest of the whole)."""
    name = target.name
    if len(os.fsencode(f"{LOCK_PREFIX}{name}{LOCK_SUFFIX}")) > 255:
        name = f"{name[:ASIDE_NAME]}.{hashlib.sha256(os.fsencode(name)).hexdigest()[:12]}"
    return target.with_name(f"{LOCK_PREFIX}{name}{LOCK_SUFFIX}")


@dataclass
class _Held:
    """A lock this process holds: its file, open as ``handle``, and the file it is the lock of as it was read (or
    as this process last wrote it)."""

    lock: Path
    handle: int
    state: FileState | None


#: The files this process rewrites now (the target, through any symbolic links), each with its lock.
_REWRITING: dict[Path, _Held] = {}


@contextlib.contextmanager
def rewriting(path: Path, command: str) -> Iterator[None]:
    """Hold the file at ``path`` for ``command`` (``xlbridge calc --in-place``) while the block reads and rewrites
    it: another xlbridge command's write waits until the block ends, and a write of it in the block
    (:func:`replacing`) is refused if the file changed since the block began
    (:class:`~xlbridge.engine.errors.OutputChangedError`). A file another xlbridge command writes is waited for,
    :data:`WAIT` seconds at most (:class:`~xlbridge.engine.errors.OutputBusyError`). Within a block that holds it
    already, nothing more; a file in a folder that does not exist yet is held only while it is put in place."""
    target = Path(os.path.realpath(path))
    if target in _REWRITING or not target.parent.is_dir():  # (no folder: no file to read, nothing to hold yet)
        yield
        return
    try:
        taken: tuple[Path, int] | None = _take(path, target, command)
    except OSError:  # no lock file can be made (a read-only folder, a full disk): nor can the file be written,
        taken = None  # which its write says of the file, as any output's
    if taken is None:
        yield
        return
    lock, handle = taken
    _REWRITING[target] = _Held(lock, handle, FileState.of(target))
    try:
        yield
    finally:
        del _REWRITING[target]
        _release(lock, handle)


@contextlib.contextmanager
def replacing(path: Path, target: Path) -> Iterator[None]:
    """Run the block that puts a new file in place at ``target`` (the file ``path`` names) while no other xlbridge
    command writes it: its lock held for the block (waited for, :data:`WAIT` seconds at most), or, where this
    process rewrites it (:func:`rewriting`), the file checked first to be the one it read."""
    held = _REWRITING.get(target)
    if held is None:
        lock, handle = _take(path, target, WRITER)
        try:
            yield
        finally:
            _release(lock, handle)
        return
    if FileState.of(target) != held.state:
        raise OutputChangedError(f"{path}: changed by {_changer(target)} since it was read: not replaced, so what "
                                 "was written there is kept; run the command again")  # fmt: skip
    yield
    held.state = FileState.of(target)


def _changer(target: Path) -> str:
    """Who may have changed a file: the office program that has it open (its lock file says), or another."""
    return lock_holder(target) or "another program"


# --- an office program's lock -------------------------------------------------------------------------------------

#: The lock files an office program keeps beside a workbook it has open: Excel's owner file ``~$NAME`` (the
#: user's display name, as a length byte then the name) and LibreOffice's ``.~lock.NAME#`` (``,user,host,...``).
LOCK_FILES: tuple[tuple[str, str, str], ...] = (
    ("Excel", "~$", ""),
    ("LibreOffice", ".~lock.", "#"),
)


def _lock_user(program: str, lock: Path) -> str:
    """Who holds a lock file, if it says (best effort: a lock file is the office program's, not ours)."""
    try:
        data = read_head(lock, "a lock file", 512)  # a pipe or a device named as one is not read
    except InputFileError:
        return ""
    if program == "Excel" and data:
        name = data[1 : 1 + data[0]].decode("cp1252", "replace")
    else:
        name = data.decode("utf-8", "replace").split(",")[0]
    return "".join(char for char in name if char.isprintable()).strip()


def lock_holder(path: Path) -> str | None:
    """Which program has the workbook at ``path`` open (from its lock file beside it), or None."""
    target = Path(os.path.realpath(path))
    for program, prefix, suffix in LOCK_FILES:
        lock = target.with_name(f"{prefix}{target.name}{suffix}")
        if lock.exists():
            user = _lock_user(program, lock)
            return f"{program} (by {user})" if user else program
    return None


# --- the lock file ------------------------------------------------------------------------------------------------


def _take(path: Path, target: Path, command: str) -> tuple[Path, int]:
    """The lock of ``target`` taken for ``command`` (its file, and the handle that holds it), waiting while another
    xlbridge command holds it."""
    lock = lock_path(target)
    deadline = time.monotonic() + WAIT
    while True:
        taken = _try(lock, command)
        if isinstance(taken, int):
            return lock, taken
        if time.monotonic() >= deadline:
            who, by_process = taken
            gone = f"; if it is not running, remove {lock.name} beside it" if by_process else ""
            raise OutputBusyError(f"{path}: {who} is writing it, and has not finished in {WAIT:g} s: run this "
                                  f"again when it has{gone}")  # fmt: skip
        time.sleep(_EVERY)


def _try(lock: Path, command: str) -> int | tuple[str, bool]:
    """The lock taken (the handle of its file, which holds it), or, where another writer holds it, who that is,
    and whether only its process number says it runs (a file system without locks)."""
    try:
        handle = os.open(lock, os.O_RDWR | os.O_CREAT | os.O_EXCL | _NOFOLLOW, 0o644)
        made = True
    except FileExistsError:
        try:
            handle = os.open(lock, os.O_RDWR | _NOFOLLOW)
        except FileNotFoundError:  # its writer let it go in the moment between
            return _ANOTHER, False
        made = False
    try:
        locked = _system_lock(handle)
        holder = "" if made else _holder(handle)
        if locked is False or (locked is None and holder and _running(holder)):
            os.close(handle)
            return _described(holder), locked is None
        if locked and not _still_at(lock, handle):  # its writer removed it as it let it go: a new one is made
            os.close(handle)
            return _ANOTHER, False
        _say_who(handle, command)
    except BaseException:
        with contextlib.suppress(OSError):
            os.close(handle)
        raise
    return handle


def _release(lock: Path, handle: int) -> None:
    """Remove the lock file (while it is still this writer's), and let the system's lock go."""
    if sys.platform == "win32":  # an open file cannot be removed there: closed first (a waiter may open it first:
        with contextlib.suppress(OSError):  # then it stays, and the waiter takes it over)
            os.lseek(handle, _WINDOWS_BYTE, os.SEEK_SET)
            msvcrt.locking(handle, msvcrt.LK_UNLCK, 1)
        os.close(handle)
        with contextlib.suppress(OSError):
            os.unlink(lock)
        return
    try:
        if _still_at(lock, handle):
            os.unlink(lock)
    except OSError:
        pass
    finally:
        os.close(handle)


def _system_lock(handle: int) -> bool | None:
    """Take the system's lock on the lock file: True taken, False held by another process, None where the file
    system has no locks."""
    try:
        if sys.platform == "win32":
            os.lseek(handle, _WINDOWS_BYTE, os.SEEK_SET)
            msvcrt.locking(handle, msvcrt.LK_NBLCK, 1)
        else:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as error:
        return False if error.errno in _HELD_ERRNOS else None
    return True


def _still_at(lock: Path, handle: int) -> bool:
    """Whether the file open as ``handle`` is still the one at ``lock``."""
    try:
        now = os.stat(lock, follow_symlinks=False)
    except FileNotFoundError:
        return False
    held = os.fstat(handle)
    return (now.st_dev, now.st_ino) == (held.st_dev, held.st_ino)


def _say_who(handle: int, command: str) -> None:
    """Write into the lock who holds it: the command, its process and computer, and since when."""
    since = dt.datetime.now().strftime("%Y-%m-%d %H:%M:%S")
    text = f"{command}\nprocess {os.getpid()} on {socket.gethostname()}\nsince {since}\n"
    os.ftruncate(handle, 0)
    os.lseek(handle, 0, os.SEEK_SET)
    os.write(handle, text.encode("utf-8"))


def _holder(handle: int) -> str:
    """What a lock file says of its writer ("" if nothing yet)."""
    os.lseek(handle, 0, os.SEEK_SET)
    return os.read(handle, 1024).decode("utf-8", "replace")


_PROCESS = re.compile(r"process (\d{1,10}) on (.*)")


def _described(holder: str) -> str:
    """Who holds a lock, in words: ``xlbridge bridgemate receive (process 4242 on club-pc, since 2026-05-01
    20:31:05)``."""
    lines = [shown for shown in ("".join(char for char in line if char.isprintable())[:80].strip()
                                 for line in holder.splitlines()[:3]) if shown]  # fmt: skip
    if not lines:
        return _ANOTHER
    return f"{lines[0]} ({', '.join(lines[1:])})" if len(lines) > 1 else lines[0]


def _running(holder: str) -> bool:
    """Whether the writer a lock file names (where the file system has no locks to say) may still run: its
    process runs on this computer, or it is on another, which cannot be asked."""
    found = _PROCESS.search(holder)
    if found is None:
        return False
    pid, host = int(found[1]), found[2].strip()
    if host != socket.gethostname():
        return True
    return pid != os.getpid() and _alive(pid)


def _alive(pid: int) -> bool:
    """Whether the process ``pid`` runs on this computer."""
    if sys.platform == "win32":
        import ctypes

        kernel32 = ctypes.windll.kernel32
        process = kernel32.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
        if not process:
            return bool(kernel32.GetLastError() == 5)  # ERROR_ACCESS_DENIED: it runs, as another user
        try:
            code = ctypes.c_ulong()
            return bool(kernel32.GetExitCodeProcess(process, ctypes.byref(code)) and code.value == 259)  # STILL_ACTIVE
        finally:
            kernel32.CloseHandle(process)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # it runs, as another user
        return True
    return True
