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

from ...engine.checks import check_session, flag_rows
from ...engine.choices import choose
from ...engine.errors import BridgeInputError
from ...engine.movement import Movement
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
    movement_file: Path | None = None,
    handicaps: str | None = None,
) -> Imported:
    """Read a results file; a bad line raises :class:`ImportFileError` naming the file and line, unless
    ``keep_bad`` (then it is kept, and listed in ``problems``). ``names`` is a names CSV (with handicaps if it
    has them, the players' made into the pair's by ``handicaps``).

    Every session's lines are checked against each other (a line duplicated, a pair playing a board twice or
    meeting itself, NS and EW swapped within a meeting) and, given ``movement_file`` (the CSV of ``xlbridge
    movement --csv``), against the movement (pairs that do not play the board, a line missing, boards outside the
    session). ``movement`` (Howell or Mitchell) says how the pairs are ranked; by default the movement file's."""
    plan = None
    if movement_file is not None:
        from ..movement_files import read_movement_csv

        plan = read_movement_csv(movement_file)
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
        if plan is not None and not movement:
            session = replace(session, movement=plan.field_kind)
        if plan is not None and kind == "CSV" and not names:
            session = replace(session, pairs=plan.pairs)
        imported = _entry_checks(replace(imported, session=session), plan, keep_bad)
    return imported


def _entry_checks(imported: Imported, movement: Movement | None, keep_bad: bool) -> Imported:
    """The session's lines checked (and against the movement, when known): the first problem refuses the file,
    naming its line; with ``keep_bad`` each flagged line is kept with its reason and each missing line added.
    Doubts (NS and EW swapped on the lines alone) are kept as ``warnings`` and the lines imported as they are."""
    session = imported.session
    assert session is not None
    at = imported.rows_at

    def name(index: int) -> str:
        return f"line {at[index]}" if index < len(at) and at[index] else f"result {index + 1}"

    found = check_session(session, movement, name)

    def line_of(index: int | None) -> int:
        return at[index] if index is not None and index < len(at) else 0

    warnings = [Problem(line_of(f.row), f.reason, f.board) for f in found if not f.certain]
    findings = [f for f in found if f.certain]
    imported = replace(imported, warnings=[*imported.warnings, *warnings])
    if not findings:
        return imported
    if not keep_bad:
        first = findings[0]
        raise fail(imported.source, line_of(first.row) or None, first.reason)
    problems = [*imported.problems, *(Problem(line_of(f.row), f.reason, f.board, shown=False) for f in findings)]
    problems.sort(key=lambda problem: (problem.line == 0, problem.line))
    flagged = flag_rows(session, findings)
    added = len(flagged.lines) - len(session.lines)
    return replace(imported, session=flagged, problems=problems, rows_at=[*at, *([0] * added)])


def import_to_workbook(
    imported: Imported, destination: Path, replace: bool = False, progress: Callable[[str], None] | None = None
) -> Path:
    """Write the workbook for what was imported and compute it. The file appears complete or not at all."""
    from ..calc import calc_workbook
    from ..templates import CLASSIC, pairs_session, teams_event

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
        calc_workbook(staged, in_place=True)
        os.replace(staged, destination)
    except BaseException:
        staged.unlink(missing_ok=True)
        raise
    return destination
