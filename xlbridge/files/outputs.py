"""Writing a command's output without losing anything: never over one of its inputs, never under a misleading name,
never over a workbook someone has open, and always complete or not at all.

:func:`check_output` refuses an output before any work is done; :func:`write_atomically` writes it aside and
renames it into place, through a symbolic link to the file it points at, keeping the mode (and the owner and group
where the system allows) of a file it replaces and giving a new file the user's umask, as any other program would.
Standard library only.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar

from ..engine.errors import XlbridgeError
from .inputs import InputFileError, read_head

__all__ = [
    "OutputError",
    "OutputExistsError",
    "OutputIsInputError",
    "OutputOpenError",
    "check_folder",
    "check_open",
    "check_output",
    "lock_holder",
    "staged_beside",
    "target_of",
    "user_umask",
    "write_atomically",
]


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


#: The lock files an office program keeps beside a workbook it has open: Excel's owner file ``~$NAME`` (the
#: user's display name, as a length byte then the name) and LibreOffice's ``.~lock.NAME#`` (``,user,host,...``).
LOCK_FILES: tuple[tuple[str, str, str], ...] = (
    ("Excel", "~$", ""),
    ("LibreOffice", ".~lock.", "#"),
)


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


def _lock_user(program: str, lock: Path) -> str:
    """Who holds a lock file, if it says (best effort: a lock file is the office program's, not ours)."""
    try:
        data = read_head(lock, "a lock file", 512)
    except InputFileError:
        return ""
    if program == "Excel" and data:
        name = data[1 : 1 + data[0]].decode("cp1252", "replace")
    else:
        name = data.decode("utf-8", "replace").split(",")[0]
    return "".join(char for char in name if char.isprintable()).strip()


def lock_holder(path: Path) -> str | None:
    """Which program has the workbook at ``path`` open (from its lock file beside it), or None."""
    target = target_of(path)
    for program, prefix, suffix in LOCK_FILES:
        lock = target.with_name(f"{prefix}{target.name}{suffix}")
        if lock.exists():
            user = _lock_user(program, lock)
            return f"{program} (by {user})" if user else program
    return None


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


def _keep_owner(temporary: str, existing: os.stat_result) -> None:
    """Give the new file the owner and group of the one it replaces, as far as this user may."""
    for uid, gid in ((existing.st_uid, existing.st_gid), (-1, existing.st_gid)):
        try:
            os.chown(temporary, uid, gid)
            return
        except OSError:
            continue


_Made = TypeVar("_Made")


def staged_beside(path: Path, make: Callable[[], _Made]) -> _Made:
    """A temporary file or folder made by ``make`` beside ``path``, to be renamed into its place; a folder that
    cannot be written into is said of ``path``, the output the user asked for, never of the temporary name beside
    it (``ro/.x.ed65si3l.tmp.xml: Permission denied``), which the user never gave."""
    try:
        return make()
    except OSError as error:
        folder = path.parent if path.parent != Path() else Path.cwd()
        raise OSError(error.errno, f"cannot be written: {error.strerror} (in the folder {folder})", str(path)) from None


def write_atomically(path: Path, fill: Callable[[Path], object], replace: bool = False) -> Path:
    """Write the file at ``path`` by ``fill(temporary)``: it appears complete or not at all.

    A symbolic link is written through (the file it points at is replaced, the link stays); a replaced file keeps
    its mode, and its owner and group where the system allows; a new file gets the user's umask. An existing file
    is replaced only when ``replace``. Returns the file written.
    """
    target = target_of(path)
    if target.exists() and not replace:
        raise OutputExistsError(f"{path}: already exists; choose another name (or --force to replace it)")
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = staged_beside(path, lambda: tempfile.mkstemp(dir=target.parent, prefix=f".{target.stem}.",
                                                                     suffix=f".tmp{target.suffix}"))  # fmt: skip
    os.close(handle)
    try:
        fill(Path(temporary))
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
    return target
