"""Club result files in and out: USEBIO 1.2, PBN 2.1 and CSV to a computed workbook; a workbook back out.

:func:`read_results` detects the format from the content and returns the session (or teams event) it holds;
:func:`import_to_workbook` writes and computes the pairs-session (or teams-event) workbook; :func:`read_workbook`
reads a computed session back for :func:`~xlbridge.interchange.usebio.write_usebio` and
:func:`~xlbridge.interchange.pbn.write_pbn`.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from ...engine.choices import choose
from ...engine.errors import BridgeInputError
from ...engine.session import Pair
from ...rules import MOVEMENT_KINDS, SESSION_METHODS
from .common import Imported, ImportFileError, Problem, fail
from .csvfile import read_csv, read_names
from .pbn import read_pbn, write_pbn
from .usebio import read_usebio, write_usebio
from .workbook import ScoredSession, read_workbook

__all__ = [
    "MAX_FILE_BYTES",
    "ImportFileError",
    "Imported",
    "Problem",
    "ScoredSession",
    "detect_format",
    "import_to_workbook",
    "read_names",
    "read_results",
    "read_workbook",
    "write_pbn",
    "write_usebio",
]

MAX_FILE_BYTES = 64 * 1024 * 1024  # far beyond any club's results: 200 boards x 30 tables of USEBIO is ~5 MB


def detect_format(data: bytes) -> str:
    """USEBIO, PBN or CSV, from the content (not the name)."""
    head = data[:4096].lstrip(b"\xef\xbb\xbf").lstrip()
    if head.startswith(b"<"):
        return "USEBIO"
    if head.startswith((b"%", b"[")):
        return "PBN"
    return "CSV"


def read_results(
    path: Path,
    keep_bad: bool = False,
    names: Path | None = None,
    method: str | None = None,
    movement: str | None = None,
    handicaps: str | None = None,
) -> Imported:
    """Read a results file; a bad line raises :class:`ImportFileError` naming the file and line, unless
    ``keep_bad`` (then it is kept, and listed in ``problems``). ``names`` is a names CSV (with handicaps if it
    has them, the players' made into the pair's by ``handicaps``)."""
    try:
        size = path.stat().st_size
    except OSError as error:
        raise fail(path, None, f"cannot be read ({error.strerror or error})") from None
    if size > MAX_FILE_BYTES:
        raise fail(path, None, f"refused: {size:,} bytes is far more than a results file holds")
    data = path.read_bytes()
    kind = detect_format(data)
    if kind == "USEBIO":
        imported = read_usebio(data, path, keep_bad)
    elif kind == "PBN":
        imported = read_pbn(data, path, keep_bad)
    else:
        pairs: list[Pair] | None = read_names(names.read_bytes(), names, handicaps) if names else None
        imported = read_csv(data, path, keep_bad, method, movement, pairs)
    if imported.session is not None:
        session = imported.session
        if method:
            session = replace(session, method=choose(SESSION_METHODS, method))
        if movement:
            session = replace(session, movement=choose(MOVEMENT_KINDS, movement))
        if names and kind != "CSV":
            session = replace(session, pairs=tuple(read_names(names.read_bytes(), names, handicaps)))
        imported = replace(imported, session=session)
    return imported


def import_to_workbook(
    imported: Imported, destination: Path, replace: bool = False, progress: Callable[[str], None] | None = None
) -> Path:
    """Write the workbook for what was imported and compute it. The file appears complete or not at all."""
    from ..calc import calc_workbook, write_values
    from ..templates import CLASSIC, pairs_session, teams_event
    from ..templates.pairs_cells import session_cells
    from ..xlsx import open_package

    if destination.exists() and not replace:
        raise BridgeInputError(f"{destination}: already exists; choose another name (or --force)")
    destination.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=destination.parent, prefix=f".{destination.stem}.", suffix=".xlsx")
    os.close(handle)
    staged = Path(temporary)
    try:
        if progress:
            progress("writing the workbook")
        if imported.session is not None:
            pairs_session.build(staged, CLASSIC, session=imported.session)
        else:
            assert imported.event is not None
            teams_event.build(staged, CLASSIC, event=imported.event)
        if progress:
            progress("computing it")
        if imported.session is not None and not imported.problems:  # a checked session: the engine's figures
            write_values(open_package(staged), session_cells(imported.session), staged, replace=True)
        else:
            calc_workbook(staged, in_place=True)  # anything unusual: the formula engine
        os.replace(staged, destination)
    except BaseException:
        staged.unlink(missing_ok=True)
        raise
    return destination
