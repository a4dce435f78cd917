"""How this xlbridge was installed, and the command that adds one of its extras to it the same way.

pip records where it installed a package from in the package's ``direct_url.json`` (PEP 610, "Recording the Direct
URL Origin of installed distributions"): a folder (a copy of the repository, editable or not), an archive (the
wheel or sdist file, on disk or at an address) or a version-control address; from an index it records none. Only
that last install has ``pip install "xlbridge[calc]"``: from the wheel file a release carries, the command names
the file (``pip install "C:\\Users\\club\\Downloads\\xlbridge-0.1.0-py3-none-any.whl[calc]"``), from a copy of the
repository its folder (``pip install -e "/home/club/xlbridge[calc]"``). Standard library only: it runs where a
command has just found an extra missing.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import sys
import sysconfig
from collections.abc import Mapping
from importlib import metadata
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

__all__ = ["install_command", "requirement"]

#: The name xlbridge is installed by (the distribution's, in pyproject.toml).
DISTRIBUTION = "xlbridge"


def install_command(extra: str) -> str:
    """The command that installs ``extra`` into the Python this xlbridge runs in, from where xlbridge came from:
    ``pip install "xlbridge[calc]"`` from an index, the wheel file or the folder it was installed from otherwise
    (see :func:`requirement`)."""
    try:
        distribution = metadata.distribution(DISTRIBUTION)
    except metadata.PackageNotFoundError:  # run from a copy of the repository, never installed: install it so
        checkout = Path(__file__).resolve().parents[2]
        found = (checkout / "pyproject.toml").is_file()
        origin = {"url": checkout.as_uri(), "dir_info": {"editable": True}} if found else None
        return f"{_pip()} install {requirement(extra, origin)}"
    text = distribution.read_text("direct_url.json")
    origin = json.loads(text) if text else None
    return f"{_pip()} install {requirement(extra, origin, _release_wheel(distribution))}"


def requirement(
    extra: str, origin: Mapping[str, Any] | None, release_wheel: str = "", windows: bool = os.name == "nt"
) -> str:
    """The arguments of ``pip install`` that add ``extra`` to xlbridge installed from ``origin`` (a
    ``direct_url.json``; None from an index), quoted for the shell of ``windows`` or of POSIX:

    - from an index: ``"xlbridge[calc]"``;
    - from a wheel or sdist file: ``"PATH[calc]"``, or, where that file is gone, ``"xlbridge[calc] @ ADDRESS"`` with
      the address of the same wheel on the project's release (``release_wheel``), if known;
    - from a folder: ``"FOLDER[calc]"``, and ``-e "FOLDER[calc]"`` where it was installed editable (a copy of the
      repository, ``pip install -e .``);
    - from an address or a version-control repository: ``"xlbridge[calc] @ ADDRESS"`` (at the revision installed).
    """
    named = f"{DISTRIBUTION}[{extra}]"
    origin = dict(origin or {})
    url = str(origin.get("url", ""))
    if not url:
        return _quoted(named, windows)
    if "vcs_info" in origin:
        vcs = origin["vcs_info"]
        revision = vcs.get("requested_revision") or vcs.get("commit_id")
        address = f"{vcs.get('vcs', 'git')}+{url}" + (f"@{revision}" if revision else "")
        return _quoted(f"{named} @ {address}", windows)
    parts = urlsplit(url)
    if parts.scheme != "file":
        return _quoted(f"{named} @ {url}", windows)
    path = _file_path(parts.netloc, parts.path, windows)
    if "dir_info" in origin:
        editable = "-e " if origin["dir_info"].get("editable") else ""
        return editable + _quoted(f"{path}[{extra}]", windows)
    if release_wheel and not Path(path).exists():
        return _quoted(f"{named} @ {release_wheel}", windows)
    return _quoted(f"{path}[{extra}]", windows)


def _file_path(host: str, path: str, windows: bool) -> str:
    """The path of a ``file:`` address (pip writes ``file:///C:/Users/...`` on Windows, ``file://server/share/...``
    for a shared folder)."""
    path = unquote(path)
    if not windows:
        return path
    if re.match(r"/[A-Za-z]:", path):
        path = path[1:]
    elif host and host != "localhost":
        path = f"//{host}{path}"
    return path.replace("/", "\\")


def _release_wheel(distribution: metadata.Distribution) -> str:
    """The address of this version's wheel on the project's releases (from its Source address, a GitHub
    repository's), or empty when the metadata names none."""
    for entry in distribution.metadata.get_all("Project-URL") or []:
        label, _, address = entry.partition(",")
        if label.strip().lower() == "source" and address.strip().startswith("https://github.com/"):
            version = distribution.version
            name = f"{DISTRIBUTION}-{version}-py3-none-any.whl"
            return f"{address.strip().rstrip('/')}/releases/download/v{version}/{name}"
    return ""


def _pip() -> str:
    """How this Python's pip is run: ``pip`` where the pip found first on the PATH is this Python's (an activated
    virtual environment), else this Python by its full path (``/opt/club/.venv/bin/python -m pip``)."""
    found = shutil.which("pip")
    scripts = sysconfig.get_path("scripts")
    if found and scripts and Path(found).parent.resolve() == Path(scripts).resolve():
        return "pip"
    if not sys.executable:  # an interpreter embedded without one (Pyodide, for xlwings Lite)
        return "pip"
    return f"{_quoted(sys.executable, quote_plain=False)} -m pip"


#: What a POSIX shell leaves alone inside double quotes (else the argument is single-quoted).
_DOUBLE_QUOTABLE = re.compile(r'[^"$`\\!]*')
#: What needs no quotes in either shell.
_PLAIN = re.compile(r"[\w@%+=:,./\\-]+")


def _quoted(argument: str, windows: bool = os.name == "nt", quote_plain: bool = True) -> str:
    """``argument`` as one word of the shell: in double quotes (cmd and PowerShell on Windows; a POSIX shell where
    nothing in it is special there, else single quotes); with ``quote_plain`` false, bare where nothing needs
    quoting."""
    if not quote_plain and _PLAIN.fullmatch(argument) and (windows or "\\" not in argument):
        return argument
    if windows or _DOUBLE_QUOTABLE.fullmatch(argument):
        return f'"{argument}"'
    return shlex.quote(argument)
