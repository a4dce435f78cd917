"""Pointing the classic xlwings add-in at xlbridge: the ``UDF Modules`` setting in an ``xlwings.conf`` file.

xlwings reads ``"KEY","value"`` lines from ``%USERPROFILE%\\.xlwings\\xlwings.conf`` (every workbook) or from an
``xlwings.conf`` beside a workbook (that folder only). :func:`configure` adds ``xlbridge.udfs`` to the modules
already listed (``;``-separated), keeps every other line as it was, and replaces the file atomically.
"""

from __future__ import annotations

import os
import re
import sys
import tempfile
from pathlib import Path

__all__ = ["UDF_MODULE", "configure", "user_config_path"]

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


def configure(path: Path, interpreter: str | None = None) -> tuple[str, bool]:
    """Add xlbridge to ``UDF MODULES`` in the config file at ``path`` (created if missing).

    With ``interpreter``, also set ``INTERPRETER_WIN`` (or ``INTERPRETER_MAC``) when the file has none, so the add-in
    runs the Python that has xlbridge installed. Returns the new text and whether anything changed.
    """
    original = path.read_text(encoding="utf-8") if path.exists() else ""
    lines = original.splitlines()
    keys = {}
    for index, line in enumerate(lines):
        match = _LINE.match(line)
        if match:
            keys[match[1].upper()] = (index, match[2])
    if "UDF MODULES" in keys:
        index, value = keys["UDF MODULES"]
        lines[index] = f'"UDF MODULES","{_merged_modules(value)}"'
    else:
        lines.append(f'"UDF MODULES","{UDF_MODULE}"')
    interpreter_key = "INTERPRETER_MAC" if sys.platform == "darwin" else "INTERPRETER_WIN"
    if interpreter and interpreter_key not in keys:
        lines.append(f'"{interpreter_key}","{interpreter}"')
    text = "\n".join(lines) + "\n"
    if text == original:
        return text, False
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".xlwings.conf.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\r\n" if os.name == "nt" else "\n") as out:
            out.write(text)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return text, True
