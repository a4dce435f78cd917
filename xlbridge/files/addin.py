"""Pointing the classic xlwings add-in at xlbridge: the ``UDF Modules`` setting in an ``xlwings.conf`` file.

xlwings reads ``"KEY","value"`` lines from ``%USERPROFILE%\\.xlwings\\xlwings.conf`` (every workbook) or from an
``xlwings.conf`` beside a workbook (that folder only). :func:`configure` adds ``xlbridge.udfs`` to the modules
already listed (``;``-separated), keeps every other line as it was, and replaces the file atomically.
"""

from __future__ import annotations

import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path

from ..engine.errors import BridgeInputError
from .locking import rewriting
from .outputs import write_atomically

__all__ = ["UDF_MODULE", "Configured", "configure", "user_config_path"]

UDF_MODULE = "xlbridge.udfs"
_LINE = re.compile(r'^\s*"([^"]*)"\s*,\s*"([^"]*)"\s*$')


def user_config_path() -> Path:
    """Where the xlwings add-in looks for the user's settings on this machine."""
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Containers" / "com.microsoft.Excel" / "Data" / "xlwings.conf"
    return Path(os.environ.get("USERPROFILE", str(Path.home()))) / ".xlwings" / "xlwings.conf"


def _merged_modules(current: str) -> str:
    modules = [module.strip() for module in current.split(";") if module.strip()]
    if UDF_MODULE not in modules:
        modules.append(UDF_MODULE)
    return ";".join(modules)


@dataclass(frozen=True)
class Configured:
    """What :func:`configure` did: the file's new text, whether it changed, whether ``xlbridge.udfs`` was added, and
    the interpreter the file names (None: the add-in's default), with whether it was already there."""

    text: str
    changed: bool
    added_module: bool
    interpreter: str | None
    interpreter_kept: bool


def configure(path: Path, interpreter: str | None = None) -> Configured:
    """Add xlbridge to ``UDF MODULES`` in the config file at ``path`` (created if missing).

    With ``interpreter``, also set ``INTERPRETER_WIN`` (or ``INTERPRETER_MAC``) when the file has none, so the add-in
    runs the Python that has xlbridge installed; one already set is kept (and reported, so that the user knows).
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    with rewriting(path, "xlbridge addin"):  # read and replaced while no other xlbridge writes it
        try:
            original = path.read_text(encoding="utf-8") if path.exists() else ""
        except UnicodeDecodeError:
            raise BridgeInputError(f"{path}: not an xlwings.conf (it is not UTF-8 text); kept as it is") from None
        lines = original.splitlines()
        keys = {}
        for index, line in enumerate(lines):
            match = _LINE.match(line)
            if match:
                keys[match[1].upper()] = (index, match[2])
        added = True
        if "UDF MODULES" in keys:
            index, value = keys["UDF MODULES"]
            added = UDF_MODULE not in [module.strip() for module in value.split(";")]
            lines[index] = f'"UDF MODULES","{_merged_modules(value)}"'
        else:
            lines.append(f'"UDF MODULES","{UDF_MODULE}"')
        interpreter_key = "INTERPRETER_MAC" if sys.platform == "darwin" else "INTERPRETER_WIN"
        kept = interpreter_key in keys
        named = keys[interpreter_key][1] if kept else interpreter
        if interpreter and not kept:
            lines.append(f'"{interpreter_key}","{interpreter}"')
        text = "\n".join(lines) + "\n"
        if text == original:
            return Configured(text, False, False, named, kept)
        newline = "\r\n" if os.name == "nt" else "\n"
        write_atomically(path, lambda staged: staged.write_text(text, encoding="utf-8", newline=newline), replace=True)
        return Configured(text, True, added, named, kept)
