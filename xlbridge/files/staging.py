"""Where an output is written before it is put in place: a hidden file or folder beside it, named after it
(:func:`aside_prefix`), held by its writer while it writes (a lock other xlbridge processes test), put on the
disk (``fsync``) before it is renamed; what a killed writer left there, removed by the next write of the same
output (:func:`sweep_aside`); and two folders swapped in one step where the system can (:func:`exchange`).
:mod:`~xlbridge.files.outputs` writes every output through these. Standard library only.
"""

from __future__ import annotations

import contextlib
import errno
import functools
import os
import re
import shutil
import stat
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

if sys.platform != "win32":
    import fcntl

__all__ = [
    "ASIDE_NAME",
    "ASIDE_SUFFIX",
    "STALE_AFTER",
    "SWAPS",
    "SYNCED_TOGETHER",
    "aside_prefix",
    "exchange",
    "file_aside",
    "files_aside",
    "left_aside",
    "made_aside",
    "sweep_aside",
    "synced",
    "synced_folder",
    "synced_together",
]

# --- what is written aside, and what a killed writer left there ---------------------------------------------------

#: The most characters of an output's name that the hidden file or folder written beside it repeats: enough to
#: tell whose it is, and few enough that any name the file system takes leaves room for the rest (40 characters
#: of at most 4 bytes each, a random part and an ending stay within the 255 bytes of a name).
ASIDE_NAME = 40
#: The longest ending of an output's name that its hidden file keeps (``.xlsx``); a longer one (``Results. The
#: Tuesday pairs``) is left off.
ASIDE_SUFFIX = 10
#: The random part of a hidden name (as :mod:`tempfile` makes it: 8 letters, digits or underscores).
_RANDOM = "[a-z0-9_]{8}"
#: Where the system has no file locks to say that a writer still runs (Windows), how long what a write left aside
#: must lie untouched before a later write takes it for a killed writer's and removes it: far longer than any
#: write of xlbridge takes.
STALE_AFTER = 3600.0


def aside_prefix(name: str) -> str:
    """How the hidden names written beside an output called ``name`` begin (``.tue.``)."""
    return f".{name[:ASIDE_NAME]}."


def left_aside(name: str, middle: str = "", tail: str = "") -> re.Pattern[str]:
    """The hidden names written beside an output called ``name``: its :func:`aside_prefix` (or, as earlier versions
    wrote it, the whole name), ``middle``, the random part and ``tail`` (regular expressions)."""
    spelled = "|".join(dict.fromkeys(re.escape(part) for part in (name[:ASIDE_NAME], name)))
    return re.compile(rf"\.(?:{spelled})\.{middle}{_RANDOM}{tail}")


def file_aside(target: Path) -> str:
    """A new hidden file beside ``target``, to write it into (its name)."""
    suffix = target.suffix if len(target.suffix) <= ASIDE_SUFFIX else ""
    handle, name = tempfile.mkstemp(dir=target.parent, prefix=aside_prefix(target.stem), suffix=f".tmp{suffix}")
    os.close(handle)
    return name


def files_aside(target: Path) -> re.Pattern[str]:
    """The names of the hidden files written beside ``target`` (with the ending earlier versions gave them too)."""
    kept = target.suffix if len(target.suffix) <= ASIDE_SUFFIX else ""
    endings = "|".join(dict.fromkeys(re.escape(suffix) for suffix in (kept, target.suffix)))
    return left_aside(target.stem, tail=rf"\.tmp(?:{endings})")


def made_aside(make: Callable[[], str]) -> tuple[Path, int | None]:
    """A new hidden file or folder made by ``make`` (which gives its name), held by this writer until it closes the
    handle returned (None where the system has no locks): a sweep of another xlbridge (:func:`sweep_aside`)
    leaves what a live writer holds alone."""
    made = Path(make())
    if sys.platform == "win32":  # no locks: a sweep goes by age
        return made, None
    handle = os.open(made, os.O_RDONLY)
    for _ in range(2):  # a sweep took it in the moment between: another (a third is kept as it is)
        if _claimed(made, handle):
            break
        os.close(handle)
        made = Path(make())
        handle = os.open(made, os.O_RDONLY)
    return made, handle


def _claimed(made: Path, handle: int) -> bool:
    """Whether this writer holds the file or folder it has just made (open as ``handle``): locked against the sweeps
    of other xlbridge processes, and still the one at ``made`` (a sweep may have taken it in the moment before)."""
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False  # a sweep holds it, to remove it
    except OSError:
        pass  # a file system without locks (some network shares): a sweep there removes nothing
    try:
        now = os.stat(made)
    except FileNotFoundError:
        return False
    held = os.fstat(handle)
    return (now.st_dev, now.st_ino) == (held.st_dev, held.st_ino)


def sweep_aside(path: Path, names: re.Pattern[str], ours: Callable[[Path], bool] = lambda leftover: True) -> list[Path]:
    """Remove what earlier writes of ``path`` left beside it when they were killed: the hidden files, and folders
    that ``ours`` says hold only what xlbridge writes, whose names ``names`` matches and that no live writer
    holds. What cannot be removed stays; the write goes on. Returns what was found (removed or not)."""
    try:
        with os.scandir(path.parent) as entries:
            found = [path.parent / entry.name for entry in entries if names.fullmatch(entry.name)]
    except OSError:
        return []
    for leftover in found:
        with contextlib.suppress(OSError):
            _remove_left(leftover, ours)
    return found


def _remove_left(leftover: Path, ours: Callable[[Path], bool]) -> None:
    """Remove ``leftover`` if no live writer holds it (its lock can be taken; where there are no locks, it has lain
    untouched for :data:`STALE_AFTER`) and it is a file, or a folder ``ours`` recognises."""
    if sys.platform == "win32":
        found = leftover.lstat()
        if time.time() - found.st_mtime >= STALE_AFTER:
            _remove(leftover, found, ours)
        return
    handle = os.open(leftover, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)  # never through a link, never waiting
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)  # raises while its writer runs (or where nothing locks)
        _remove(leftover, os.fstat(handle), ours)
    finally:
        os.close(handle)


def _remove(leftover: Path, found: os.stat_result, ours: Callable[[Path], bool]) -> None:
    if stat.S_ISREG(found.st_mode):
        leftover.unlink()
    elif stat.S_ISDIR(found.st_mode) and ours(leftover):
        shutil.rmtree(leftover)


# --- on the disk ------------------------------------------------------------------------------------------


def synced(path: Path) -> None:
    """Have the system put the file at ``path`` on the disk now, so that it is whole there before it is renamed into
    place: a crash just after the rename cannot leave an empty or partial file under the output's name."""
    handle = os.open(path, os.O_RDWR if sys.platform == "win32" else os.O_RDONLY)  # Windows syncs what it may write
    try:
        os.fsync(handle)
    finally:
        os.close(handle)


#: How many files :func:`synced_together` has put on the disk at once.
SYNCED_TOGETHER = 16


def synced_together(paths: Sequence[Path]) -> None:
    """:func:`synced` for many files at once, from several threads: the file system commits them together (ext4 in
    one journal commit), where one after the other each would wait for its own."""
    from concurrent.futures import ThreadPoolExecutor  # loaded only by what writes a folder (publish)

    with ThreadPoolExecutor(min(SYNCED_TOGETHER, len(paths)) or 1) as pool:
        list(pool.map(synced, paths))  # (list: every file's fault raised here)


def synced_folder(path: Path) -> None:
    """Have the system put the folder's entries (a rename into it) on the disk now, where it can (POSIX; Windows
    syncs no folder, and a few file systems none either)."""
    if sys.platform == "win32":
        return
    handle = os.open(path, os.O_RDONLY)
    try:
        os.fsync(handle)
    except OSError as error:
        if error.errno != errno.EINVAL:  # a file system that cannot sync a folder
            raise
    finally:
        os.close(handle)


# --- two folders swapped -------------------------------------------------------------------------------------

#: How the systems that can swap two folders in one step are asked to: the C library's call, and its flag.
#: Linux: renameat2(2), RENAME_EXCHANGE (since Linux 3.15, glibc 2.28); macOS: renamex_np(2), RENAME_SWAP (10.12).
SWAPS = {"linux": ("renameat2", 2), "darwin": ("renamex_np", 2)}
#: renameat2's "relative to the current folder", for paths given whole.
_AT_FDCWD = -100


def exchange(first: Path, second: Path) -> bool:
    """Swap two folders in one step, where the system can (:data:`SWAPS`): False where it cannot (another system,
    an older C library, a file system that does not swap)."""
    swap = _swapper()
    if swap is None:
        return False
    if swap(os.fsencode(first), os.fsencode(second)) == 0:
        return True
    import ctypes

    code = ctypes.get_errno()
    if code in (errno.EINVAL, errno.ENOSYS, errno.ENOTSUP, errno.EOPNOTSUPP):
        return False
    raise OSError(code, os.strerror(code), str(first), None, str(second))


@functools.cache
def _swapper() -> Callable[[bytes, bytes], int] | None:
    """The system's call that swaps two folders (:data:`SWAPS`), or None."""
    if sys.platform not in SWAPS:
        return None
    import ctypes  # loaded only by what replaces a folder (publish)

    name, flag = SWAPS[sys.platform]
    call = getattr(ctypes.CDLL(None, use_errno=True), name, None)
    if call is None:
        return None
    call.restype = ctypes.c_int
    if name == "renameat2":
        call.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
        return lambda first, second: int(call(_AT_FDCWD, first, _AT_FDCWD, second, flag))
    call.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_uint]
    return lambda first, second: int(call(first, second, flag))
