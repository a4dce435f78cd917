"""What the readers share: the imported data, the one-line errors that name the file and line, line checks."""

from __future__ import annotations

import codecs
import datetime as dt
import functools
import io
import re
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from pathlib import Path

from ...engine import session as rows
from ...engine.errors import BridgeInputError, ImportFileError
from ...engine.field import butler, cross_imps, matchpoints
from ...engine.matches import Event
from ...engine.model import Play
from ...engine.pairs import Pair, PairNumber, read_member, seated_players
from ...engine.pairs import parse_direction as direction
from ...engine.parse import Artificial, Weighted, parse_result, split_contract
from ...engine.pipeline import SessionResult
from ...engine.session import NOTHING_TYPED, Line, Row, Session, Typed, Unscorable
from ...engine.values import NUMBER, as_whole_number, show
from ...rules import FieldKind, SessionMethod, Side
from ..workbook.xlsx import DAMAGED, OLE2_MAGIC

__all__ = [
    "MOST_WAITING",
    "FileMasterpoints",
    "FileStanding",
    "FileStandings",
    "ImportNotes",
    "Imported",
    "Problem",
    "check_score",
    "decoded",
    "detect_format",
    "direction",
    "file_figure",
    "file_place",
    "pair_of",
    "parse_date",
    "points_agree",
    "read_pair",
    "read_row",
    "refuse",
    "relative_result",
    "shared_boards",
    "split_pair",
    "text_of",
    "unreadable",
    "unscorable",
]


#: The most results still to come an import names one by one (the first of them; then their count).
MOST_WAITING = 10


@dataclass(frozen=True)
class Problem:
    """A bad result line kept (with ``--keep-bad-lines``): where it is (its line; 0 for a line the movement has
    and the file lacks, then ``board`` says which) and why it cannot be scored."""

    line: int
    message: str
    board: int | None = None
    #: False for an entry check's finding on a line whose contract scores: the pairs-session workbook's Check
    #: formula does not show such a reason (nor does its ranking wait for it).
    shown: bool = True
    #: True for a result the movement expects and the file does not have (a session still being played): not a
    #: bad line, but a row of the workbook waiting to be typed.
    waiting: bool = False
    #: False for a line whose problem a finding about the whole file already says (the pairs a names file leaves
    #: out, on line after line): it is not listed on its own.
    detail: bool = True
    #: False for a doubt that no movement file settles (a pair's third player): an import says it without
    #: pointing to ``--movement-file``.
    movement_settles: bool = True
    #: The file the problem is in, where it is not the results file (the names file that leaves pairs out).
    file: Path | None = None
    #: The line named, where it is not the result line's first (a USEBIO TRAVELLER_LINE's field, on its own line):
    #: ``line`` is still the result line's, which the count of bad lines counts.
    at: int = 0

    def where(self, source: Path) -> str:
        source, line = self.file or source, self.at or self.line
        return f"{source}: line {line}" if line else f"{source}"


@dataclass(frozen=True)
class FileMasterpoints:
    """The masterpoints a results file reports (USEBIO's, as Compscore3 writes them): the event's
    ``MASTER_POINT_TYPE`` (GREEN, RED) and ``MASTER_POINT_SCALE`` (Club), and each pair's
    ``MASTER_POINTS_AWARDED``, in hundredths of a point (21 is 0.21), by (pair number, direction)."""

    type: str
    scale: str
    awarded: dict[tuple[PairNumber, Side | None], int] = field(default_factory=dict)
    #: The file's line of each pair's award (its PAIR element), where known.
    lines: dict[tuple[PairNumber, Side | None], int] = field(default_factory=dict)


@dataclass(frozen=True)
class FileStanding:
    """A pair's figures as a results file ranks it, each as written (None where the file gives none): its place,
    its total and its percentage; and the file's line of it. :func:`file_figure` and :func:`file_place` read them."""

    place: int | None = None
    total: Decimal | None = None
    percentage: Decimal | None = None
    line: int = 0


@dataclass(frozen=True)
class FileStandings:
    """The ranking a results file gives, each pair's by (pair number, direction): what the session's own ranking is
    compared with (:mod:`~xlbridge.files.interchange.figures`), never taken for it. ``totals`` says what the file's
    totals are: ``matchpoints`` (on the session's top, as the workbook's) or ``IMPs``, which are compared; or
    another kind, which is not: ``matchpoints above average`` (Ruter in Norway writes each board's matchpoints less
    half the top), or the ``program's own`` (a USEBIO file's TOTAL_SCORE of a matchpointed event, which programs
    fill differently: NZ Scorer writes the percentage there). ``program`` is the program the file names (USEBIO's
    PROGRAM_NAME; "" where it names none); ``apart`` says why the file's ranking is not the scratch ranking, where
    it is not (a handicapped event's), and then nothing is compared."""

    by_pair: dict[tuple[PairNumber, Side | None], FileStanding] = field(default_factory=dict)
    totals: str = "matchpoints"
    program: str = ""
    apart: str = ""


@dataclass(frozen=True)
class ImportNotes:
    """What an import says about the file beyond its lines: ``summary`` under its summary (empty for nothing), and
    each of ``warnings`` on stderr (each naming the file, and its line where there is one)."""

    summary: str = ""
    warnings: list[str] = field(default_factory=list)


def file_figure(text: str) -> Decimal | None:
    """A pair's figure as a results file writes it (``61.21``, ``61,21``, ``46.7%``), or None (blank, or no
    number)."""
    cleaned = text.strip().removesuffix("%").strip().replace(",", ".")
    if not NUMBER.fullmatch(cleaned):
        return None
    try:
        return Decimal(cleaned)
    except InvalidOperation:
        return None


def file_place(text: str) -> int | None:
    """A pair's place as a results file writes it (``3``, ``3=``, ``3-4``): its first number, or None."""
    match = re.match(r"\s*(\d+)", text)
    return int(match[1]) if match else None


@dataclass
class Imported:
    """What a results file held: a pairs session or a teams event, and the bad lines kept from it."""

    source: Path
    format: str
    session: Session | None = None
    event: Event | None = None
    problems: list[Problem] = field(default_factory=list)
    #: The file's line of each of the session's rows, in their order (0 where the file has none).
    rows_at: list[int] = field(default_factory=list)
    #: Doubts about lines imported as they are (NS and EW the other way round from the rest of their meeting).
    warnings: list[Problem] = field(default_factory=list)
    #: The other files read with it (``--names``, ``--movement-file``): an output is never one of them.
    inputs: tuple[Path, ...] = ()
    #: Whether the file lists its pairs (else they are the pairs its lines name).
    listed_pairs: bool = True
    #: How the pairs are ranked (one field or two) and why, in words.
    kind_evidence: str = ""
    #: The masterpoints the file reports, as it reports them (None: it reports none).
    masterpoints: FileMasterpoints | None = None
    #: The ranking the file gives, as it gives it (None: it gives none).
    standings: FileStandings | None = None
    #: One field or two as the file says it (USEBIO's WINNER_TYPE; a PBN TotalScoreTable ranking every pair in one
    #: list, or each direction apart), and how it says it, in words (None: it does not say).
    file_field: tuple[FieldKind, str] | None = None
    #: The session worked out from the cells its workbook holds (:func:`~xlbridge.engine.pipeline.result`): what
    #: the workbook shows, and every check of its lines.
    result: SessionResult | None = None
    #: The players the member register does not know (``--register``), each as ``name (pair 3NS): why``.
    visitors: tuple[str, ...] = ()
    #: The players typed with a number the member register gives another name (kept as typed).
    misnamed: tuple[str, ...] = ()


def fail(source: Path, line: int | None, message: str) -> ImportFileError:
    where = f"{source}: line {line}" if line else f"{source}"
    return ImportFileError(f"{where}: {message}")


#: Characters no text results file holds (C0 controls but tab and line ends): a damaged or binary file.
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")


def decoded(data: bytes, source: Path) -> str:
    """A text file's content: UTF-8 (with or without its byte-order mark), else Windows-1252 (what Excel and
    Windows programs write), else ISO 8859-1; a control character is refused with its line."""
    text = None
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            text = data.decode(encoding)
            break
        except UnicodeDecodeError:
            continue
    if text is None:
        text = data.decode("latin-1")
    text = text.rstrip("\x1a")  # the end-of-file mark of old DOS programs
    bad = _CONTROL.search(text)
    if bad is not None:
        line = text.count("\n", 0, bad.start()) + 1
        raise fail(source, line, f"holds the control character U+{ord(bad[0]):04X}: the file is damaged, or not text")
    return text


def read_row(
    where: int, problems: list[Problem], board: int, ns: PairNumber | None, ew: PairNumber | None, typed: Typed
) -> Row:
    """A result line as a file gives it (board, pairs, then what was typed of the play): parsed (``NP`` as the
    adjusted score is a board not played, as in the workbook), or kept as it is with its reason noted in
    ``problems`` (the file's line ``where``)."""
    try:
        return rows.read_row(board, ns, ew, typed)
    except BridgeInputError as error:
        return refuse(where, problems, Unscorable(board, ns or None, ew or None, typed, error.message))


def refuse(where: int, problems: list[Problem], kept: Unscorable, shown: bool = True) -> Unscorable:
    """A line that cannot be scored (``kept``, with its reason), noted in ``problems`` as the file's line ``where``:
    every line of a file is read, and :func:`~xlbridge.files.interchange.read_results` refuses them all at once, or
    (``--keep-bad-lines``) keeps them to be put right in the workbook. ``shown`` is False for a reason the workbook
    cannot see in what it holds (a field beyond the header, a file's score that disagrees with the contract)."""
    problems.append(Problem(where, kept.reason, kept.board, shown=shown))
    return kept


def unreadable(where: int, problems: list[Problem], typed: tuple[str, str, str], reason: str,
               entered: Typed = NOTHING_TYPED) -> Unscorable:  # fmt: skip
    """A line whose board or pairs cannot be read (``reason``; ``typed``: the board, NS and EW as the file gives
    them), kept as it was typed, its reason noted."""
    return refuse(where, problems, Unscorable(None, None, None, entered, reason, typed))


def unscorable(row: Row, reason: str) -> Unscorable:
    """A line read from a file, kept as the file gave it, that cannot be scored for ``reason``."""
    return Unscorable(row.board, row.ns, row.ew, row.entered, reason, section=row.section)


def check_score(line: Line, score: str, tag: str, where: int, problems: list[Problem], sign: int = 1) -> Row:
    """A file's score for a line (its ``tag``; ``sign`` -1 for East-West's) must be what the contract scores: a
    disagreement is noted as a problem of the line, never silently replaced."""
    ours = line.score
    try:
        theirs = as_whole_number(score, tag)
    except BridgeInputError:
        message = f"{tag} {score!r} is not a score"
    else:
        if theirs * sign == ours:
            return line
        deal = f"{line.contract_text} by {line.declarer_text} {line.result_text} on board {line.board}"
        assert isinstance(ours, int)  # a played contract's score
        message = f"{tag} {theirs} disagrees with {deal}, which scores {ours * sign}"
    return refuse(where, problems, unscorable(line, message), shown=False)


def interchange_score(line: Line) -> str:
    """A line's adjusted score as USEBIO and PBN write it: ``A6040`` for an artificial score, else the points."""
    return "" if line.adjusted is None else str(line.adjusted)


@functools.lru_cache(maxsize=4096)  # a session's results repeat a few hundred (contract, tricks) pairs
def relative_result(contract: str, tricks: str) -> str:
    """Tricks taken (as files write results) as a traveller writes them against the contract: =, +1, -2. Anything
    else, or tricks the contract cannot have taken, is left as written: reading the line reports it."""
    if not (contract and re.fullmatch(r"[0-9]{1,3}", tricks)):
        return tricks
    try:
        parsed, _ = split_contract(contract)
        return Play(parsed, None, parse_result(int(tricks), parsed)).result_text
    except BridgeInputError:
        return tricks


_PAIR = re.compile(r"\s*([0-9]{1,6})\s*([A-Za-z-]*)\s*")


@functools.lru_cache(maxsize=4096)  # a session's 6,000 lines name a few dozen pairs, each typed the same way
def split_pair(text: str) -> tuple[int, Side | None]:
    """A pair number as files write it: ``7``, ``7NS``, ``7 EW``, ``7N-S``; (number, direction or None). Numbers
    have up to 6 digits (a movement's pair numbers, or a club's own)."""
    match = _PAIR.fullmatch(text or "")
    if match is None:
        raise BridgeInputError(f"pair {show(text)}: expected a pair number (up to 6 digits) such as 7 or 7NS")
    try:
        return int(match[1]), direction(match[2])
    except BridgeInputError:
        raise BridgeInputError(f"pair {text!r}: the direction after the number must be NS or EW") from None


def pair_of(number: str, side: str, players: Sequence[str], members: Sequence[str] = ()) -> Pair:
    """A pair as a file lists it: its number (``7``, or ``7NS`` with its direction), a direction, its players and
    their membership numbers (in the players' order, read by :func:`~xlbridge.engine.pairs.read_member`; a player
    given neither name nor number left out); :class:`BridgeInputError` when the number, the direction or a
    membership number cannot be read, or the two directions disagree."""
    pair, suffix = split_pair(number)
    chosen = direction(side)
    if chosen is not None and suffix is not None and chosen is not suffix:
        raise BridgeInputError(f"pair {number.strip()!r} and direction {side.strip()!r} disagree: which is it?")
    numbers = [read_member(member, f"player {index} number") for index, member in enumerate(members, start=1)]
    names, numbers_kept = seated_players(players, numbers)
    return Pair(pair, chosen or suffix, names, members=numbers_kept)


def read_pair(
    source: Path, where: int | None, number: str, side: str, players: Sequence[str], members: Sequence[str] = ()
) -> Pair:
    """:func:`pair_of`, refused naming the file and its line."""
    try:
        return pair_of(number, side, players, members)
    except BridgeInputError as error:
        raise fail(source, where, error.message) from None


def parse_date(text: str) -> dt.date | None:
    """A date as results files write it: 27/07/2022, 2022-07-27, 2022.07.27 (unknown parts as ??)."""
    text = (text or "").strip()
    for pattern in ("%d/%m/%Y", "%Y-%m-%d", "%Y.%m.%d", "%d.%m.%Y"):
        try:
            return dt.datetime.strptime(text, pattern).date()
        except ValueError:
            continue
    return None


# --- what a file is ---------------------------------------------------------------------------------------------

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


# --- sections ------------------------------------------------------------------------------------------------


def shared_boards(results: list[Row], points: list[tuple[str, tuple[float, float] | None]]) -> set[int]:
    """The boards that two sections or more play (``points``: each line's section, and the file's points on it)."""
    sections: dict[int, set[str]] = {}
    for row, (section, _) in zip(results, points, strict=True):
        if row.board is not None:
            sections.setdefault(row.board, set()).add(section)
    return {board for board, found in sections.items() if len(found) > 1}


#: How close a line's figure must be to the file's to be the same: a share of the top (matchpoints), or IMPs.
SAME_SHARE, SAME_IMPS = 0.006, 0.011


def points_agree(results: list[Row], points: list[tuple[str, tuple[float, float] | None]], boards: set[int],
                 method: SessionMethod, by_section: bool) -> bool | None:  # fmt: skip
    """Whether the file's points on the lines of ``boards`` are the lines' own, each board scored across the whole
    field (or, ``by_section``, in each section apart), on the boards whose results are all played scores that can
    be read; None where those lines give no points to tell."""
    groups: dict[tuple[int, str], list[int]] = {}
    unread = {row.board for row in results if isinstance(row, Unscorable)}  # (said as bad lines)
    for index, (row, (section, _)) in enumerate(zip(results, points, strict=True)):
        if isinstance(row, Line) and row.board in boards and row.board not in unread:
            groups.setdefault((row.board, section if by_section else ""), []).append(index)
    compared = 0
    for indices in groups.values():
        entries = [results[index].score for index in indices]  # type: ignore[union-attr]
        if any(isinstance(entry, (Artificial, Weighted)) for entry in entries):
            continue  # programs treat the others of a board with an adjusted score each their own way
        for index, ours in zip(indices, _ns_figures(method, entries), strict=True):
            theirs = points[index][1]
            if theirs is None or ours is None:
                continue
            compared += 1
            if method.imp_scoring:
                if abs(theirs[0] - ours) > SAME_IMPS:
                    return False
            elif sum(theirs) and abs(theirs[0] / sum(theirs) - ours) > SAME_SHARE:
                return False
    return True if compared else None


def _ns_figures(method: SessionMethod, entries: list[object]) -> list[float | None]:
    """North-South's figure on each of a board's results: its share of the top (matchpoints), or its IMPs."""
    if method.comparison == "matchpoints":
        return [None if mp is None or not mp.top else float(mp.ns / mp.top) for mp in matchpoints(entries)]
    scored = cross_imps(entries) if method.comparison == "cross-imps" else butler(entries)
    return [None if sides is None else float(sides.ns) for sides in scored]
