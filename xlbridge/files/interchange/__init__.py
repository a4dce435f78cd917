"""Club result files in and out: USEBIO 1.2, PBN 2.1 and CSV to a computed workbook; a workbook back out.

:func:`read_results` detects the format from the content and returns the session (or teams event) it holds;
:func:`import_to_workbook` writes and computes the pairs-session (or teams-event) workbook; :func:`export_session`
writes a computed session (read by :mod:`xlbridge.files.workbook.session_book`) with
:func:`~xlbridge.files.interchange.usebio.write_usebio` or :func:`~xlbridge.files.interchange.pbn.write_pbn`.
"""

from __future__ import annotations

import codecs
import datetime as dt
import io
import zipfile
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from ...engine.checks import check_session, flag_rows, in_playing_order, infer_kind
from ...engine.choices import choose
from ...engine.errors import BridgeInputError, listed, refusal
from ...engine.session import Line, Pair, Session
from ...engine.standings import SessionScore
from ...engine.values import count
from ...rules import MASTERPOINT_SCALES, MOVEMENT_KINDS, SESSION_METHODS, MovementKind
from ...rules.boards import HIGHEST_BOARD
from ...rules.methods import MITCHELL
from ..outputs import check_output, write_atomically
from ..workbook.xlsx import DAMAGED, OLE2_MAGIC
from .common import MOST_WAITING, Imported, ImportFileError, Problem, fail, pairs_in
from .csvfile import read_csv, read_names
from .listing import check_directions, check_pairs, idle_pairs

if TYPE_CHECKING:  # a file read with no movement given (nearly every import) makes none
    from ...engine.movements import Movement

__all__ = ["MAX_FILE_BYTES", "MOST_WAITING", "ImportFileError", "Imported", "Problem", "check_import", "detect_format",
           "export_session", "import_to_workbook", "read_names", "read_names_file", "read_results"]  # fmt: skip

MAX_FILE_BYTES = 64 * 1024 * 1024  # far beyond any club's results: 200 boards x 30 tables of USEBIO is ~5 MB
#: What the workbooks hold: the pairs session's rows of results (it prints a traveller for every board from 1 to
#: HIGHEST_BOARD), the rounds whose standings the teams event shows.
MAX_RESULTS = 20_000
MAX_ROUNDS = 99
#: The most characters an Excel cell holds (Excel's specifications and limits).
MAX_TEXT = 32_767

#: Files that are not results files, by how they start.
SIGNATURES: tuple[tuple[bytes, str], ...] = (
    (OLE2_MAGIC, "an old Excel .xls workbook, a password-protected workbook or another Office file"),
    (b"%PDF", "a PDF document"),
    (b"{\\rtf", "an RTF document"),
    (b"\x1f\x8b", "a gzip-compressed file"),
    (b"BZh", "a bzip2-compressed file"),
    (b"\xfd7zXZ", "an xz-compressed file"),
    (b"7z\xbc\xaf\x27\x1c", "a 7-Zip archive"),
    (b"Rar!", "a RAR archive"),
    (b"\x89PNG", "a PNG image"),
    (b"\xff\xd8\xff", "a JPEG image"),
    (b"GIF8", "a GIF image"),
)
ZIP_MAGIC = (b"PK\x03\x04", b"PK\x05\x06", b"PK\x07\x08")
#: What a zip file is, by a part only that kind holds (Office Open XML), or by its ``mimetype`` part (OpenDocument).
ZIP_KINDS = (("xl/", "an Excel workbook"), ("word/", "a Word document"), ("ppt/", "a PowerPoint presentation"))
OPENDOCUMENT = {
    "application/vnd.oasis.opendocument.spreadsheet": "an OpenDocument spreadsheet (.ods)",
    "application/vnd.oasis.opendocument.text": "an OpenDocument text (.odt)",
}
UTF16_MARKS = (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)


def _zip_kind(data: bytes) -> str:
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            names = archive.namelist()
            if "mimetype" in names and archive.getinfo("mimetype").file_size < 200:
                mimetype = archive.read("mimetype").decode("ascii", "replace").strip()
                return OPENDOCUMENT.get(mimetype, "an OpenDocument file")
    except (*DAMAGED, RuntimeError):  # RuntimeError: an encrypted member
        return "a damaged zip archive"
    for prefix, kind in ZIP_KINDS:
        if any(name.startswith(prefix) for name in names):
            return kind
    return "a zip archive"


def _binary(head: bytes) -> bool:
    """Bytes no text file holds: a NUL, or C0 control characters (but tab, line ends and form feed) in numbers."""
    controls = sum(1 for byte in head if byte < 32 and byte not in b"\t\n\r\x0c\x1a")
    return b"\x00" in head or controls > max(2, len(head) // 100)


def text_of(data: bytes) -> bytes:
    """A text file as UTF-8 bytes: UTF-16 (Excel's "Unicode text", with its byte-order mark) is converted."""
    if data.startswith(UTF16_MARKS):
        try:
            return data.decode("utf-16").encode("utf-8")
        except UnicodeDecodeError:
            raise BridgeInputError("not a results file (it starts as UTF-16 text but is not readable as it)") from None
    return data


def detect_format(data: bytes) -> str:
    """USEBIO, PBN or CSV, from the content (not the name); a file that is none of them is refused, saying what it
    is: ``not a results file (it is an Excel workbook)``."""
    raw = data[:4096]
    kind = _zip_kind(data) if raw.startswith(ZIP_MAGIC) else None
    kind = kind or next((what for magic, what in SIGNATURES if raw.startswith(magic)), None)
    if kind is None and not raw.startswith(UTF16_MARKS) and _binary(raw):
        kind = "a binary file, not text"
    if kind is not None:
        raise BridgeInputError(f"not a results file (it is {kind})")
    head = text_of(data[:4096])[:4096].lstrip(b"\xef\xbb\xbf").lstrip()
    if head[:15].lower().startswith((b"<!doctype html", b"<html")):
        raise BridgeInputError("not a results file (it is a web page, HTML)")
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
    event: str | None = None,
    date: dt.date | None = None,
    masterpoints: str | None = None,
) -> Imported:
    """Read a results file. Every bad line is found, in one reading: without ``keep_bad`` they are refused together
    (:class:`ImportFileError`, its ``details`` a line for each, in the file's order); with it each is kept, as far
    as it could be read, and listed in ``problems``. ``names`` is a names CSV (with handicaps if it has them, the
    players' made into the pair's by ``handicaps``); ``event`` and ``date`` name the event where the file does not
    (a CSV) or otherwise; ``masterpoints`` is the scale the session is awarded on (by default a USEBIO file's own,
    when the registry has it; see :func:`~xlbridge.files.interchange.awards.masterpoint_notes`).

    Every session's lines are checked against each other (a line entered twice, a pair playing a board twice or
    meeting itself, NS and EW swapped within a meeting), against the list of pairs (``names``, or the file's own:
    a result for a pair not on it; in two fields a pair is its number and its direction) and, given
    ``movement_file`` (the CSV of ``xlbridge movement --csv``), against the movement (pairs that do not play the
    board, a line missing, boards outside the session), which the workbook then carries. ``movement`` (Howell or
    Mitchell) says how the pairs are ranked; by default the movement file's, the file's own, or what the lines show
    (see :func:`~xlbridge.engine.checks.infer_kind`), said with its evidence in ``kind_evidence``. A result the
    movement expects and the file lacks is no bad line: its row waits in the workbook, to be typed (it is in
    ``problems``, ``waiting``), and the rows follow the travellers (each result in its slot's row)."""
    plan = None
    if movement_file is not None:
        from .movement_files import read_movement_csv

        plan = read_movement_csv(movement_file)
    data = _read(path, "results")
    try:
        kind = detect_format(data)
    except BridgeInputError as error:
        raise fail(path, None, error.message) from None
    data = text_of(data)
    listed = read_names_file(names, handicaps) if names else None
    # Every line is read whatever is wrong with the others; what cannot be imported is refused at the end, together.
    if kind == "USEBIO":  # each format's module loaded for its files alone
        from .usebio import read_usebio

        imported = read_usebio(data, path)
    elif kind == "PBN":
        from .pbn import read_pbn

        imported = read_pbn(data, path)
    else:
        imported = read_csv(data, path, method, movement, listed)
    if imported.session is None:
        given = [option for option, value in (("--names", names), ("--method", method), ("--movement", movement),
                                              ("--movement-file", movement_file), ("--event", event),
                                              ("--date", date), ("--masterpoints", masterpoints)) if value]  # fmt: skip
        if given:
            raise fail(path, None, f"a teams event: {', '.join(given)} are for a pairs session")
        _check_event(imported)
        if imported.problems and not keep_bad:
            raise _refusal(imported)
        return imported
    session = imported.session
    if method:
        session = replace(session, method=choose(SESSION_METHODS, method))
    if masterpoints:
        session = replace(session, masterpoints=choose(MASTERPOINT_SCALES, masterpoints, "masterpoints"))
    if event is not None:
        session = replace(session, event=event)
    if date is not None:
        session = replace(session, date=date)
    chosen, evidence = _kind(session, listed, plan, movement, imported.listed_pairs)
    session = replace(session, movement=chosen, plan=plan)
    if listed is not None:
        check_directions(names, listed, chosen, evidence)  # type: ignore[arg-type]
        if plan is not None:  # a listed pair the movement does not have is refused, as `movement -o --names` does
            from .movement_files import named_pairs

            named_pairs(plan, listed, str(names))
        session = replace(session, pairs=tuple(listed))
    elif plan is not None and kind == "CSV":
        session = replace(session, pairs=plan.pairs)
    elif not imported.listed_pairs:  # the pairs the lines name, numbered as the kind says
        session = replace(session, pairs=tuple(pairs_in(list(session.lines), mitchell=chosen.two_fields)))
    listing = names if names else movement_file if plan is not None and kind == "CSV" else None
    others = tuple(other for other in (names, movement_file) if other is not None)
    imported = replace(imported, session=session, inputs=others, kind_evidence=evidence)
    imported = check_pairs(imported, listing)
    if names is not None and plan is None:  # with the movement, a pair it does not have is refused (above)
        imported = idle_pairs(imported, names)
    imported = _entry_checks(imported, plan)
    held = _beyond_the_workbook(imported)
    # Results the movement expects and the file lacks are a session still being played (its rows wait to be typed,
    # and the ranking is provisional), not bad lines; with a bad line they are listed with it, as clues.
    if held or (any(not problem.waiting for problem in imported.problems) and not keep_bad):
        raise _refusal(imported, held, keep_bad)
    return _in_playing_order(imported, plan) if plan is not None else imported


def _in_playing_order(imported: Imported, plan: Movement) -> Imported:
    """The rows in the travellers' order, as ``xlbridge movement -o`` lays the Results sheet out: each result in its
    place, a row of the movement still to come waiting there (see :func:`in_playing_order`)."""
    session = imported.session
    assert session is not None
    ordered, was = in_playing_order(session, plan)
    at = imported.rows_at or [0] * len(session.lines)
    return replace(imported, session=ordered, rows_at=[0 if index is None else at[index] for index in was])


def _refusal(imported: Imported, held: list[Problem] | None = None, keep_bad: bool = False) -> ImportFileError:
    """Every bad line of the file in its order, each as ``FILE: line N: reason`` (at most
    :data:`~xlbridge.engine.errors.MOST_LISTED`), then how many there are and what ``--keep-bad-lines`` does; with
    what the workbook cannot hold (``held``, which no option takes in), those and (without ``keep_bad``) the bad
    lines, and no word of ``--keep-bad-lines``."""
    source = imported.source
    problems = [*(held or []), *([] if keep_bad and held else imported.problems)]
    problems.sort(key=lambda problem: (problem.file is None, problem.line == 0, problem.line, problem.at))
    waiting = [p for p in problems if p.waiting]  # clues to the bad lines, the first few of them
    problems = [p for p in problems if not p.waiting] + waiting[:MOST_WAITING]
    shown = [f"{p.where(source)}: {p.message}" for p in problems if p.detail]
    if len(waiting) > MOST_WAITING:
        shown.append(f"{source}: and {count(len(waiting) - MOST_WAITING, 'more result')} the movement expects, not in "
                     "the file")  # fmt: skip
    details = listed(shown, str(source))
    # a result the movement expects and the file lacks is listed, as a clue, but is no line to put right
    lines = len({p.line for p in problems if p.line}) + sum(1 for p in problems if not (p.line or p.file or p.waiting))
    them, they, are, each = ("it", "it", "is", "with its") if lines == 1 else ("them", "they", "are", "each with its")
    their = "its" if lines == 1 else "their"
    message = f"{source}: {count(lines, 'line')} cannot be imported as {they} {are}: put {them} right and import again"
    lists = {p.file for p in problems if p.file is not None and p.file != source}
    if lists and not any(p.detail and p.file is None and not p.waiting for p in problems):  # only those pairs
        listing = lists.pop()
        message = (f"{source}: {count(lines, 'line')} cannot be imported until {listing} lists {their} pairs: put "
                   f"{listing} right and import again")  # fmt: skip
    if not held:
        message += (f", or import with --keep-bad-lines to take {them} into the workbook as far as {they} can be read, "
                    f"{each} reason in the Check column (the ranking waits until {they} {are} put right)")  # fmt: skip
    return ImportFileError(message, details=details)


def _kind(
    session: Session, listed: list[Pair] | None, plan: Movement | None, said: str | None, listed_pairs: bool
) -> tuple[MovementKind, str]:
    """How the pairs are ranked (one field or two), and why: as said, as the movement file numbers them, as the
    names or the file's own pairs give directions, else as the lines show (:func:`infer_kind`)."""
    if said:
        chosen = choose(MOVEMENT_KINDS, said)
        return chosen, f"{chosen.name}, as --movement says"
    if plan is not None:
        numbered = "apart (two fields)" if plan.two_fields else "as one field"
        return plan.field_kind, f"{plan.field_kind.name}: the movement file numbers the pairs {numbered}"
    pairs = listed if listed is not None else list(session.pairs) if listed_pairs else []
    if any(pair.direction is not None for pair in pairs):
        given = "the names file" if listed is not None else "the file"
        return MITCHELL, f"Mitchell: {given} gives the pairs' directions (two fields)"
    found = infer_kind(session.lines)
    return found.kind, f"{found.kind.name}, found from the lines: {found.evidence} (give --movement to say otherwise)"


def _read(path: Path, what: str) -> bytes:
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise fail(path, None, f"refused: {size:,} bytes is far more than a {what} file holds")
        return path.read_bytes()
    except OSError as error:
        raise fail(path, None, f"cannot be read ({error.strerror or error})") from None


def read_names_file(path: Path, handicaps: str | None = None) -> list[Pair]:
    """The pairs of a names file (``--names``), refused if it is not one."""
    data = _read(path, "names")
    try:
        kind = detect_format(data)
    except BridgeInputError as error:
        raise fail(path, None, error.message.replace("a results file", "a names file", 1)) from None
    if kind != "CSV":
        raise fail(path, None, f"not a names file (it looks like {kind}; a names file is CSV, "
                   "pair,direction,player1,player2)")  # fmt: skip
    pairs = read_names(text_of(data), path, handicaps)
    if not pairs:
        raise fail(path, None, "lists no pairs: a names file is CSV, a header pair,direction,player1,player2 "
                   "then a line for each pair")  # fmt: skip
    return pairs


def _beyond_the_workbook(imported: Imported) -> list[Problem]:
    """What the pairs-session workbook cannot hold, every instance found (refused, rather than cut short; nothing
    takes it in, ``--keep-bad-lines`` neither): a text longer than a cell, more results than its rows, a board
    above the last it prints a traveller for."""
    session = imported.session
    assert session is not None
    texts = [("the event's name", session.event)]
    texts += [(f"pair {pair.number}'s players", player) for pair in session.pairs for player in pair.players]
    held = [Problem(0, problem) for problem in _long_texts(texts)]
    for row, line in zip(session.lines, imported.rows_at or [0] * len(session.lines), strict=True):
        lead = row.lead if isinstance(row, Line) else row.entered[2]  # (without working out a line's other texts)
        if len(lead) > MAX_TEXT:
            held += [Problem(line, problem, row.board) for problem in _long_texts([("the lead", lead)])]
        if row.board is not None and row.board > HIGHEST_BOARD:
            held.append(Problem(line, f"board {row.board}: the pairs-session workbook prints a traveller for every "
                                f"board from 1, so board numbers go up to {HIGHEST_BOARD}", row.board))  # fmt: skip
    if len(session.lines) > MAX_RESULTS:
        held.append(Problem(0, f"{len(session.lines):,} results: the pairs-session workbook holds {MAX_RESULTS:,}"))
    return held


def _long_texts(texts: list[tuple[str, str]]) -> list[str]:
    """Each text longer than a workbook cell holds, saying what it is."""
    return [f"{what}: {len(text):,} characters; a workbook cell holds {MAX_TEXT:,}" for what, text in texts
            if len(text) > MAX_TEXT]  # fmt: skip


def _check_event(imported: Imported) -> None:
    """What the teams-event workbook cannot hold is refused, rather than cut short: every instance, at once."""
    event = imported.event
    assert event is not None
    texts = [("the event's name", event.name)]
    texts += [(f"team {team.number}'s {what}", text) for team in event.teams for what, text in
              (("name", team.name), ("members", team.members))]  # fmt: skip
    problems = [f"{imported.source}: {problem}" for problem in _long_texts(texts)]
    rounds = sorted({match.round for match in event.matches if match.round is not None and match.round > MAX_ROUNDS})
    problems += [f"{imported.source}: round {number}: the teams-event workbook shows the standings after each round, "
                 f"up to round {MAX_ROUNDS}" for number in rounds]  # fmt: skip
    if problems:
        summary = (f"{imported.source}: {count(len(problems), 'thing')} the teams-event workbook cannot hold: put "
                   "them right and import again")  # fmt: skip
        raise refusal(ImportFileError, problems, summary, str(imported.source))


def _entry_checks(imported: Imported, movement: Movement | None) -> Imported:
    """The session's lines checked (and against the movement, when known): each flagged line is kept with its
    reasons (the workbook's Check column shows the same, the workbook holding the movement), each missing line added
    as a row of its board and pairs waiting to be typed. Doubts
    (NS and EW swapped on the lines alone; a board with far fewer results than the others) are kept as
    ``warnings`` and the lines imported as they are."""
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
    noted = [Problem(line_of(f.row), f.reason, f.board, shown=f.slot is None, waiting=f.slot is not None)
             for f in findings]  # fmt: skip
    problems = sorted([*imported.problems, *noted], key=lambda problem: (problem.line == 0, problem.line, problem.at))
    flagged = flag_rows(session, findings)
    added = len(flagged.lines) - len(session.lines)
    return replace(imported, session=flagged, problems=problems, rows_at=[*at, *([0] * added)])


def check_import(destination: Path, inputs: list[Path], replace: bool = False) -> None:
    """Refuse a workbook to import into that is one of the ``inputs``, not named .xlsx, or exists (unless
    ``replace``)."""
    check_output(destination, writes="an Excel workbook", suffixes=(".xlsx",), inputs=inputs, replace=replace)


def import_to_workbook(
    imported: Imported, destination: Path, replace: bool = False, progress: Callable[[str], None] | None = None
) -> Path:
    """Write the workbook for what was imported and compute it. The file appears complete or not at all; it is
    never one of the files read, and an existing file is replaced only with ``replace``."""
    from ..templates import CLASSIC

    check_import(destination, [imported.source, *imported.inputs], replace)

    def fill(staged: Path) -> None:
        if progress:
            progress("writing and computing the workbook")
        if imported.session is not None:
            from ..templates import pairs_session  # the teams machinery is loaded only for a teams event

            pairs_session.build(staged, CLASSIC, session=imported.session, computed=True, hands=imported.hands)
        else:
            from ..templates import teams_event

            assert imported.event is not None
            teams_event.build(staged, CLASSIC, event=imported.event, computed=True)

    return write_atomically(destination, fill, replace=replace)


def export_session(workbook: Path, destination: Path, form: str, replace: bool = False) -> SessionScore:
    """Write the session of a computed pairs-session workbook as ``USEBIO`` XML or ``PBN``, never over the
    workbook, atomically: refused while the workbook is stale, has lines to check, or lacks results its movement
    expects."""
    from ..workbook.session_book import read_session_book

    suffix = {"USEBIO": ".xml", "PBN": ".pbn"}[form]
    check_output(destination, writes=f"{form} text", suffixes=(suffix,), inputs=[workbook], replace=replace)
    book = read_session_book(workbook)
    book.require_complete("exporting")
    if form == "USEBIO":
        book.awards()  # a session its scale cannot award is refused, saying why
    if form == "USEBIO":
        from .usebio import write_usebio

        text = write_usebio(book.score)
    else:
        from .pbn import write_pbn

        text = write_pbn(book.score, book.hands())
    write_atomically(destination, lambda temporary: temporary.write_text(text, encoding="utf-8", newline="\n"),
                     replace=replace)  # fmt: skip
    return book.score
