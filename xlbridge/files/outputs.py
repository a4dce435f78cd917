"""Writing a command's output without losing anything: never over one of its inputs, never under a misleading name,
never over a workbook someone has open, and always complete or not at all.

:func:`check_output` refuses an output before any work is done; :func:`write_atomically` writes it aside (a hidden
file beside it), puts it on the disk (``fsync``) and renames it into place, through a symbolic link to the file it
points at, keeping the mode (and the owner and group where the system allows) of a file it replaces and giving a
new file the user's umask, as any other program would, and while no other xlbridge command writes it (its lock, and
a file a command rewrites checked to be the one it read: :mod:`~xlbridge.files.locking`);
:func:`write_folder_atomically` does the same for a folder (a published website), swapping the new one for the old
in one step where the system can. What a killed writer left aside is removed by the next write of the same output
(:mod:`~xlbridge.files.staging`), never what a live one holds. A refusal of the file system (a full disk, a
read-only folder, a name too long) is said of the output the user named (:func:`write_fault`). Standard library
only.
"""

from __future__ import annotations

import contextlib
import errno
import gc
import os
import shutil
import stat
import sys
import tempfile
import traceback
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from ..engine.errors import OutputError, OutputExistsError, OutputIsInputError, OutputOpenError, XlbridgeError
from .locking import lock_holder, lock_path, replacing
from .staging import (
    aside_prefix,
    exchange,
    file_aside,
    files_aside,
    left_aside,
    made_aside,
    sweep_aside,
    synced,
    synced_folder,
    synced_together,
)

__all__ = [
    "check_folder",
    "check_open",
    "check_output",
    "faults_reported_for",
    "lock_holder",
    "target_of",
    "user_umask",
    "write_atomically",
    "write_fault",
    "write_folder_atomically",
]


def target_of(path: Path) -> Path:
    """The file a path names, through any symbolic links (the path itself if it does not exist)."""
    return Path(os.path.realpath(path))


def _same_file(first: Path, second: Path) -> bool:
    if target_of(first) == target_of(second):
        return True
    try:
        return os.path.samefile(first, second)  # hard links, and the same file reached two ways
    except OSError:
        return False


def check_output(
    path: Path, *, writes: str, suffixes: Sequence[str], inputs: Sequence[Path] = (), replace: bool = False
) -> None:
    """Refuse an output that cannot be written safely, before anything is done.

    ``writes`` says what is written (``an Excel workbook``) and ``suffixes`` the endings its name may have (the
    first is suggested); no output may be one of ``inputs``, even with ``replace``; an existing file is replaced only
    with ``replace``.
    """
    if path.suffix.lower() not in suffixes:
        better = path.with_suffix(suffixes[0]).name if path.suffix else f"{path.name}{suffixes[0]}"
        raise OutputError(f"{path}: what is written is {writes}, so the name must end in {suffixes[0]} ({better})")
    with faults_reported_for(path):  # a name the file system refuses (too long), said as a write would say it
        for source in inputs:
            if _same_file(path, source):
                raise OutputIsInputError(f"{path}: is the input {source}; write the output under another name")
        if path.is_dir():
            raise OutputError(f"{path}: is a folder; give the name of the file to write")
        check_folder(path.parent)
        if (path.exists() or path.is_symlink()) and not replace:
            raise OutputExistsError(f"{path}: already exists; choose another name (or --force to replace it)")


def check_open(path: Path, force: bool) -> None:
    """Refuse to replace a workbook an office program has open (its lock file is beside it), unless ``force``:
    the program would save over what is written, or the user would lose what they typed."""
    holder = None if force else lock_holder(path)
    if holder is not None:
        raise OutputOpenError(f"{path}: open in {holder}: close it first (or --force if it is not open)")


def check_folder(path: Path) -> None:
    """A folder to write into: it may not exist yet, but it may not be a file."""
    with faults_reported_for(path):  # a name the file system refuses (too long), said as a write would say it
        if path.exists() and not path.is_dir():
            raise OutputError(f"{path}: is a file, not a folder; give a folder to write into")
        for parent in path.parents:
            if parent.exists():
                if not parent.is_dir():
                    raise OutputError(f"{parent}: is a file, not a folder")
                break


def user_umask() -> int:
    """The user's umask (the permissions a new file is made without)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _keep_owner(temporary: Path, existing: os.stat_result) -> None:
    """Give the new file the owner and group of the one it replaces, as far as this user may."""
    for uid, gid in ((existing.st_uid, existing.st_gid), (-1, existing.st_gid)):
        try:
            os.chown(temporary, uid, gid)
            return
        except OSError:
            continue


# --- faults: what the file system refuses, said of the output the user named -------------------------------------

#: The ways a file system refuses a write, each with what the user can do about it ("" where the system's own
#: words say it). Any of them, and any fault of a file written for the output, is said of the output the user
#: named, never of the hidden file written beside it.
WRITE_FAULTS: dict[int, str] = {
    errno.ENOSPC: "free some space there, or write somewhere else",
    **({errno.EDQUOT: "free some of your space there, or write somewhere else"} if hasattr(errno, "EDQUOT") else {}),
    errno.EFBIG: "write somewhere else",
    errno.EROFS: "write somewhere else",
    errno.EACCES: "",
    errno.EPERM: "",
    errno.ENAMETOOLONG: "give a shorter name",
}


def write_fault(error: BaseException, path: Path) -> OSError | None:
    """The file system's refusal behind ``error``, raised while writing ``path`` (one of :data:`WRITE_FAULTS`, or
    any fault naming a file written for it), said of ``path``: ``out/tue.xlsx: cannot be written: No space left on
    device (in the folder out); free some space there, or write somewhere else``, never of the hidden file or
    folder written beside it, which the user never named. None when ``error`` is no such refusal, or one of
    another file (an input that cannot be read is said of that input, where it happened). A library that wraps
    the system's error in its own (XlsxWriter's ``FileCreateError``) keeps it as the cause or context, where it is
    found."""
    seen: BaseException | None = error
    for _ in range(8):  # a chain of a few causes at most; never a loop
        if seen is None or isinstance(seen, XlbridgeError):  # (a refusal that says what happened itself)
            return None
        code, named = (seen.errno, seen.filename) if isinstance(seen, OSError) else (None, None)
        if code is not None and (named is not None or code in WRITE_FAULTS):  # else perhaps its cause is one
            if isinstance(named, (str, bytes, os.PathLike)) and not _written_for(Path(os.fsdecode(named)),
                                                                                 target_of(path)):  # fmt: skip
                return None  # a fault of another file (an input)
            folder = path.parent if path.parent != Path() else Path.cwd()
            advice = WRITE_FAULTS.get(code, "")
            # The system's words for it (a fault already said of a file written inside this one: said again).
            said = f"cannot be written: {os.strerror(code)} (in the folder {folder})"
            return OSError(code, f"{said}; {advice}" if advice else said, str(path))
        seen = seen.__cause__ or (None if seen.__suppress_context__ else seen.__context__)
    return None


def _written_for(named: Path, target: Path) -> bool:
    """Whether a file the system named is written for the output ``target``: the output, a folder it is written
    into, or what is written aside for it (a hidden file or folder beside it, and what that folder holds)."""
    named = target_of(named)
    if named in (target, lock_path(target)) or named in target.parents:
        return True
    try:
        beside = named.relative_to(target.parent).parts[0]
    except (ValueError, IndexError):
        return False
    return beside.startswith((aside_prefix(target.stem), aside_prefix(target.name)))


@contextlib.contextmanager
def faults_reported_for(path: Path) -> Iterator[None]:
    """Run the block that writes ``path``: a refusal of the file system (:func:`write_fault`) is raised as said
    of ``path``, what it left open closed first, quietly (:func:`_close_what_failed`)."""
    try:
        yield
    except Exception as error:
        fault = write_fault(error, path)
        if fault is None:
            raise
        _close_what_failed(error)
        raise fault from None


def _close_what_failed(error: BaseException) -> None:
    """Close now what a failed write left open in the frames of its traceback (XlsxWriter's zip file, when the
    disk filled under it), and say nothing while they close: the file would otherwise be closed at exit, fail again
    on the full disk, and print a traceback of its own after the one line that says what happened."""
    hook = sys.unraisablehook
    sys.unraisablehook = lambda unraisable: None
    try:
        seen: BaseException | None = error
        while seen is not None:
            traceback.clear_frames(seen.__traceback__)
            seen = seen.__cause__ or seen.__context__
        gc.collect()
    finally:
        sys.unraisablehook = hook


# --- writing ------------------------------------------------------------------------------------------------------


def write_atomically(path: Path, fill: Callable[[Path], object], replace: bool = False) -> Path:
    """Write the file at ``path`` by ``fill(temporary)``: it appears complete (on the disk, not only in the
    system's memory) or not at all.

    A symbolic link is written through (the file it points at is replaced, the link stays); a replaced file keeps
    its mode, and its owner and group where the system allows; a new file gets the user's umask. An existing file
    is replaced only when ``replace``. The file is put in place while no other xlbridge command writes it (waiting
    for one that does), and, where this command rewrites it, only while it is still the file the command read
    (:func:`~xlbridge.files.locking.replacing`). What earlier writes of it left beside it when killed is removed
    first. A refusal of the file system (a full disk, a read-only folder, a name too long) is said of ``path``
    (:func:`write_fault`). Returns the file written.
    """
    target = target_of(path)
    with faults_reported_for(path):
        if target.exists() and not replace:
            raise OutputExistsError(f"{path}: already exists; choose another name (or --force to replace it)")
        target.parent.mkdir(parents=True, exist_ok=True)
        for leftover in sweep_aside(target, files_aside(target)):  # and what was written over it, left beside it
            sweep_aside(leftover, files_aside(leftover))  # (a workbook XlsxWriter wrote, then patched in place)
        temporary, handle = made_aside(lambda: file_aside(target))
        try:
            fill(temporary)
            synced(temporary)
            with replacing(path, target):
                try:
                    existing: os.stat_result | None = os.stat(target)
                except FileNotFoundError:
                    existing = None
                if existing is None:
                    os.chmod(temporary, 0o666 & ~user_umask())
                else:
                    if not replace:
                        raise OutputExistsError(f"{path}: appeared while it was being written; not replaced")
                    os.chmod(temporary, stat.S_IMODE(existing.st_mode))
                    _keep_owner(temporary, existing)
                os.replace(temporary, target)
        except BaseException:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(temporary)
            raise
        finally:
            if handle is not None:
                os.close(handle)
        synced_folder(target.parent)
    return target


def write_folder_atomically(folder: Path, fill: Callable[[Path], object], ours: Callable[[Path], bool]) -> Path:
    """Write the folder ``folder`` by ``fill(staged)`` (an empty hidden folder beside it, which ``fill`` writes its
    files into): it appears complete, every file on the disk, or not at all. An existing folder is replaced by
    swapping the two in one step where the system can (:func:`_exchange`), so that a crash at any moment leaves the
    old folder or the new one, never neither; elsewhere by two renames in a row. ``ours`` says whether a folder is
    one ``fill`` could have written: a hidden one left beside ``folder`` by a killed writer is removed only then.
    What may be replaced is the caller's to check first. A symbolic link is written through; a replaced folder
    keeps its mode, a new one gets the user's umask; a refusal of the file system is said of ``folder``.
    """
    target = target_of(folder)
    with faults_reported_for(folder):
        target.parent.mkdir(parents=True, exist_ok=True)
        sweep_aside(target, left_aside(target.name, middle=r"(?:old\.)?"), ours)
        staged, handle = made_aside(lambda: tempfile.mkdtemp(prefix=aside_prefix(target.name), dir=target.parent))
        try:
            fill(staged)
            synced_together([written for written in staged.iterdir() if written.is_file()])
            synced_folder(staged)
            os.chmod(staged, stat.S_IMODE(target.stat().st_mode) if target.is_dir() else 0o777 & ~user_umask())
            _put_in_place(staged, target)
        except BaseException:
            shutil.rmtree(staged, ignore_errors=True)  # the new folder, or (once swapped) the old one
            raise
        finally:
            if handle is not None:
                os.close(handle)
    return target


def _put_in_place(staged: Path, target: Path) -> None:
    """Put the folder ``staged`` where ``target`` is, and remove what was there."""
    if not target.exists():
        os.rename(staged, target)
        synced_folder(target.parent)
        return
    if exchange(staged, target):
        synced_folder(target.parent)
        shutil.rmtree(staged, ignore_errors=True)  # the old folder, under the hidden name now (or swept later)
        return
    retired, handle = made_aside(lambda: tempfile.mkdtemp(prefix=f"{aside_prefix(target.name)}old.",
                                                           dir=target.parent))  # fmt: skip
    try:
        os.rename(target, retired / target.name)
        try:
            os.rename(staged, target)
        except BaseException:
            os.rename(retired / target.name, target)
            raise
        synced_folder(target.parent)
    finally:
        if handle is not None:
            os.close(handle)
    shutil.rmtree(retired, ignore_errors=True)
