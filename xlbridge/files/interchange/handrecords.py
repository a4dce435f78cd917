"""Hand-record files: PBN 2.1 with a deal per board, read and written, and each board's double-dummy table and par.

The tags of a hand record (PBN 2.1): Event, Board, Dealer, Vulnerable, Deal; the analysis, where a program wrote
it: OptimumResultTable (PBN 2.1, section 5.7: a row per declarer and strain), OptimumScore (section 4.2: the par
score, ``EW 140`` meaning North-South -140) and BridgeComposer's DoubleDummyTricks (20 hexadecimal digits,
declarers N, S, E, W each in NT, S, H, D, C) and ParContract (``NS 4H=; NS 4S=``, ``EW 3DX-1``, ``E 3H=``).

The dealer and vulnerability of a board are its tags' where it has them (hand records do not always follow the
board-number cycle), else the cycle's. A results file that carries its deals is a hand record too: each board's
deal is read once, however many tables played it. :func:`analyse` gives each board its table and par from the
solver where it is installed (reporting where the file's own tags disagree), else from the file's tags.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from ... import __version__
from ...engine.boards import board_dealer, board_vulnerability
from ...engine.deals import Deal, Par, ParContract, TrickTable, parse_deal
from ...engine.errors import BridgeInputError, SolverMissingError
from ...engine.model import Contract, Doubling, Seat, Strain, Vulnerability
from ...engine.parse import parse_seat, parse_vulnerability
from ...engine.session import Session
from ...engine.solver import solve, solver_available
from ...engine.values import as_whole_number, show
from ...rules import TABLE_SEATS, TABLE_STRAINS
from ..tables import csv_text
from .common import decoded, detect_format, fail
from .pbn import PbnGame, read_games

__all__ = [
    "CSV_COLUMNS",
    "Analysis",
    "HandRecord",
    "HandRecords",
    "SessionHands",
    "analyse",
    "analysis_lines",
    "board_analyses",
    "hand_record_pbn",
    "hands_csv",
    "hands_table",
    "parse_hand_records",
    "read_hand_records",
    "session_boards",
    "session_hands",
]

#: Far beyond any hand record (a 36-board BridgeComposer file with its analysis is some 40 KB).
MAX_BYTES = 16 * 1024 * 1024
#: The columns of ``xlbridge hands --csv``: the board, then its par, then the tricks by declarer and strain.
SEATS_CLOCKWISE = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
CSV_COLUMNS = (
    "board", "dealer", "vulnerable", "par_ns", "par_contracts",
    *(f"{seat.value}_{strain.value}" for seat in SEATS_CLOCKWISE for strain in TABLE_STRAINS),
)  # fmt: skip
#: PBN 2.1, section 3.4 (the Vulnerable tag): its spellings in export format (import also reads Love, Both, -).
PBN_VULNERABLE = {Vulnerability.NONE: "None", Vulnerability.NS: "NS", Vulnerability.EW: "EW", Vulnerability.BOTH: "All"}
#: A par contract as hand records write it: who, the level, the strain (N for notrump), doubled, the result.
_PAR_CONTRACT = re.compile(r"(NS|EW|N|E|S|W)\s*([1-7])(NT|N|S|H|D|C)(XX|X)?(=|[+-]\d{1,2})?", re.IGNORECASE)
_SCORE = re.compile(r"(NS|EW)\s+([+-]?\d{1,5})", re.IGNORECASE)
_STRAINS = {"N": Strain.NOTRUMP, "NT": Strain.NOTRUMP, "S": Strain.SPADES, "H": Strain.HEARTS, "D": Strain.DIAMONDS,
            "C": Strain.CLUBS}  # fmt: skip
#: How the analysis was had.
FROM_SOLVER, FROM_FILE = "solver", "file"


@dataclass(frozen=True)
class HandRecord:
    """One board of a hand record: its deal, dealer and vulnerability, and the file's own analysis if it has one
    (``notes``, each with its line, say which of its tags could not be used, and why)."""

    board: int
    dealer: Seat
    vulnerability: Vulnerability
    deal: Deal
    line: int = 0
    tricks: TrickTable | None = None
    par: Par | None = None
    notes: tuple[tuple[int, str], ...] = ()


@dataclass(frozen=True)
class HandRecords:
    """A hand-record file's boards, in board order, and its event."""

    source: Path | None
    event: str
    boards: tuple[HandRecord, ...]


@dataclass(frozen=True)
class Analysis:
    """A board's double-dummy table and par (None where there is neither solver nor tag), where they came from
    (:data:`FROM_SOLVER`, :data:`FROM_FILE` or ``""``) and how the file's own tags disagree with the solver."""

    record: HandRecord
    tricks: TrickTable | None
    par: Par | None
    source: str
    disagreements: tuple[str, ...] = ()


# --- reading ------------------------------------------------------------------------------------------------


def _hex_table(text: str) -> TrickTable:
    if not re.fullmatch(r"[0-9a-dA-D]{20}", text):
        raise BridgeInputError(f"DoubleDummyTricks {text!r}: expected 20 hexadecimal digits 0-d (tricks 0-13)")
    return TrickTable(tuple(int(digit, 16) for digit in text))


def _result_table(game: PbnGame) -> TrickTable:
    table = game.tables["OptimumResultTable"]
    names = [column.lower() for column in table.columns]
    if not {"declarer", "denomination", "result"} <= set(names):
        raise BridgeInputError(f"OptimumResultTable names {table.columns}, not Declarer, Denomination and Result")
    at = [names.index(name) for name in ("declarer", "denomination", "result")]
    figures: dict[tuple[Seat, Strain], int] = {}
    for _, row in table.rows:
        seat, strain = parse_seat(row[at[0]]), _STRAINS.get(row[at[1]].upper())
        if seat is None or strain is None or not row[at[2]].isdigit():
            raise BridgeInputError(f"OptimumResultTable row {' '.join(row)!r} is not a declarer, a strain and tricks")
        figures[(seat, strain)] = int(row[at[2]])
    if len(figures) != len(TABLE_SEATS) * len(TABLE_STRAINS):
        raise BridgeInputError(f"OptimumResultTable gives {len(figures)} of the 20 declarer-strain results")
    return TrickTable(tuple(figures[(seat, strain)] for seat in TABLE_SEATS for strain in TABLE_STRAINS))


def parse_par(score: str, contracts: str = "") -> Par:
    """A par from an OptimumScore tag (``NS 420``, ``EW -100``: from the side named) and a ParContract tag
    (``NS 4H=; NS 4S=``; xlbridge's own ``3NT`` or BridgeComposer's ``3N``; empty when not given)."""
    match = _SCORE.fullmatch(score.strip())
    if match is None:
        raise BridgeInputError(f"OptimumScore {score!r}: expected NS or EW and a score, such as 'NS 420' or 'EW 140'")
    ns = int(match[2]) * (1 if match[1].upper() == "NS" else -1)
    listed = []
    text = contracts.strip()
    if text and text.upper() not in ("PASS", "NS PASS", "EW PASS"):
        for part in text.split(";"):
            found = _PAR_CONTRACT.fullmatch(part.strip())
            if found is None:
                raise BridgeInputError(
                    f"ParContract {contracts!r}: {part.strip()!r} is not a contract such as 'NS 4S='"
                )
            who, level, strain, doubled, result = found.groups()
            declarers = tuple(Seat(seat) for seat in who.upper())
            doubling = Doubling((doubled or "").upper())
            listed.append(ParContract(declarers, Contract(int(level), _STRAINS[strain.upper()], doubling),
                                      0 if result in (None, "=") else int(result)))  # fmt: skip
    return Par(ns, tuple(listed))


def _board_of(game: PbnGame, source: Path) -> HandRecord:
    """A game's board: its number, dealer and vulnerability (its tags, else the cycle's), deal and analysis."""
    line = game.lines.get("Deal", 0)
    number_text = game.tags.get("Board", "").strip()
    where = game.lines.get("Board", line)
    try:
        board = as_whole_number(number_text, "board") if number_text.isdecimal() else 0
    except BridgeInputError as error:  # more digits than any board number has
        raise fail(source, where, error.message) from None
    if board < 1:
        raise fail(source, where, f"board {show(number_text)}: a board number is a whole number from 1" if number_text
                   else "the deal has no [Board] tag: which board is it?")  # fmt: skip
    try:
        deal = parse_deal(game.tags["Deal"])
    except BridgeInputError as error:
        raise fail(source, line, f"board {board}: {error.message}") from None
    dealer, vulnerability = board_dealer(board), board_vulnerability(board)
    if game.tags.get("Dealer", "").strip():
        try:
            dealer = parse_seat(game.tags["Dealer"], argument="Dealer") or dealer
        except BridgeInputError as error:
            raise fail(source, game.lines["Dealer"], f"board {board}: {error.message}") from None
    vulnerable = game.tags.get("Vulnerable", "").strip()
    if vulnerable:
        read = None if vulnerable[0].isdigit() else _tag_vulnerability(vulnerable)
        if read is None:
            raise fail(source, game.lines["Vulnerable"], f"board {board}: [Vulnerable {vulnerable!r}] is not None, "
                       "NS, EW or All (Love, Both)")  # fmt: skip
        vulnerability = read
    notes: list[tuple[int, str]] = []
    readers: list[tuple[str, Callable[[], TrickTable]]] = []
    if "OptimumResultTable" in game.tables:  # PBN 2.1's own table first
        readers.append(("OptimumResultTable", lambda: _result_table(game)))
    if game.tags.get("DoubleDummyTricks", "").strip():
        readers.append(("DoubleDummyTricks", lambda: _hex_table(game.tags["DoubleDummyTricks"].strip())))
    tricks = None
    for tag, read_table in readers:
        try:
            found = read_table()
        except BridgeInputError as error:
            notes.append((game.lines.get(tag, line), f"{error.message}; not used"))
            continue
        if tricks is None:
            tricks = found
        elif found != tricks:
            notes.append((game.lines.get(tag, line), "its DoubleDummyTricks and OptimumResultTable disagree; the "
                          "OptimumResultTable is used"))  # fmt: skip
    if tricks is not None and _shorthand(tricks):
        notes.append((line, "its double-dummy table writes 1 for every count below 7 tricks (a shorthand some "
                      "programs use): those figures are not exact"))  # fmt: skip
    par = None
    if game.tags.get("OptimumScore", "").strip():
        try:
            par = parse_par(game.tags["OptimumScore"])
        except BridgeInputError as error:
            notes.append((game.lines["OptimumScore"], f"{error.message}; not used"))
    if par is not None and game.tags.get("ParContract", "").strip():
        try:
            par = parse_par(game.tags["OptimumScore"], game.tags["ParContract"])
        except BridgeInputError as error:
            notes.append((game.lines["ParContract"], f"{error.message}; the par score is used without it"))
    return HandRecord(board, dealer, vulnerability, deal, line, tricks, par, tuple(notes))


def _tag_vulnerability(text: str) -> Vulnerability | None:
    try:
        read = parse_vulnerability(text)
    except BridgeInputError:
        return None
    return None if isinstance(read, bool) else read


def _shorthand(table: TrickTable) -> bool:
    small = [figure for figure in table.tricks if figure < 7]
    return bool(small) and len(small) >= 4 and all(figure == 1 for figure in small)


def parse_hand_records(data: bytes, source: Path) -> HandRecords:
    """The boards of a PBN file's bytes: one per board number (a results file repeats a board's deal for every
    table: it is read once), in board order. A board given two different deals is refused, naming both lines."""
    games = read_games(decoded(data, source), source)
    boards: dict[int, HandRecord] = {}
    for game in games:
        if not game.tags.get("Deal", "").strip():
            continue
        record = _board_of(game, source)
        seen = boards.get(record.board)
        if seen is None:
            boards[record.board] = record
        elif seen.deal != record.deal:
            raise fail(source, record.line, f"board {record.board} has another deal at line {seen.line}; a board is "
                       "dealt once")  # fmt: skip
        elif (seen.tricks is None and record.tricks) or (seen.par is None and record.par):
            boards[record.board] = replace(seen, tricks=seen.tricks or record.tricks, par=seen.par or record.par)
    if not boards:
        raise fail(source, None, "holds no deals ([Deal] tags): it is not a hand record")
    event = next((game.tags["Event"] for game in games if game.tags.get("Event", "").strip() not in ("", "#")), "")
    return HandRecords(source, event, tuple(boards[number] for number in sorted(boards)))


def read_hand_records(path: Path) -> HandRecords:
    """The hand record at ``path`` (PBN); refused with one line naming the file (and the line) when it is not one."""
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise BridgeInputError(f"{path}: refused: {size:,} bytes is far more than a hand record holds")
        data = path.read_bytes()
    except OSError as error:
        raise BridgeInputError(f"{path}: cannot be read ({error.strerror or error})") from None
    try:
        kind = detect_format(data)
    except BridgeInputError as error:
        raise BridgeInputError(f"{path}: {error.message.replace('a results file', 'a hand record (PBN)')}") from None
    if kind != "PBN":
        raise BridgeInputError(f"{path}: not a hand record: it is {kind} (a hand record is a PBN file)")
    return parse_hand_records(data, path)


# --- the analysis -------------------------------------------------------------------------------------------


def _differences(record: HandRecord, tricks: TrickTable, par: Par) -> list[str]:
    """Where the file's tags disagree with the solver."""
    found = []
    if record.tricks is not None and record.tricks != tricks:
        exact = not _shorthand(record.tricks)
        cells = [
            f"{seat.value} {strain.value} {record.tricks[seat][strain]} (the solver {tricks[seat][strain]})"
            for seat in SEATS_CLOCKWISE
            for strain in TABLE_STRAINS
            if record.tricks[seat][strain] != tricks[seat][strain] and (exact or record.tricks[seat][strain] >= 7)
        ]
        if cells:
            found.append(f"its double-dummy tricks differ: {', '.join(cells)}")
    if record.par is not None:
        if record.par.score != par.score:
            found.append(f"its par is {_score_text(record.par.score)}, the solver's {_score_text(par.score)}")
        elif record.par.listed and set(record.par.listed) != set(par.listed):
            found.append(f"its par contracts are {record.par.contracts}, the solver's {par.contracts}")
    return found


def _score_text(score: int) -> str:
    return f"NS {score}" if score >= 0 else f"EW {-score}"


def analyse(
    records: HandRecords | Sequence[HandRecord],
    use_solver: bool | None = None,
    progress: Callable[[int], object] | None = None,
) -> list[Analysis]:
    """Each board's table and par: from the solver where it is installed (``use_solver`` None) or asked for
    (True: :class:`~xlbridge.engine.solver.SolverMissingError` without it), with the file's disagreeing tags
    reported; else from the file's tags."""
    boards = records.boards if isinstance(records, HandRecords) else tuple(records)
    solving = solver_available() if use_solver is None else use_solver
    if not solving:
        return [Analysis(b, b.tricks, b.par, FROM_FILE if b.tricks or b.par else "") for b in boards]
    solved = solve([(b.deal, b.vulnerability, b.dealer) for b in boards], progress)
    return [
        Analysis(record, tricks, par, FROM_SOLVER, tuple(_differences(record, tricks, par)))
        for record, (tricks, par) in zip(boards, solved, strict=True)
    ]


def board_analyses(path: Path, use_solver: bool | None = None) -> dict[int, Analysis]:
    """A hand-record file's boards by number, each with its table and par (for a workbook's Hands sheet or a
    results website's board pages)."""
    return {analysis.record.board: analysis for analysis in analyse(read_hand_records(path), use_solver)}


@dataclass(frozen=True)
class SessionHands:
    """What a session workbook is given of its hand record: each board's analysis, the file's name, the session's
    boards with no deal in it, and the hand record's boards the session does not have (kept, and said)."""

    analyses: tuple[Analysis, ...]
    source: str
    without_deal: tuple[int, ...] = ()
    not_in_session: tuple[int, ...] = ()

    def findings(self, where: str) -> list[str]:
        """What to tell the user, a line each: the boards that do not match, the file's tags that could not be
        used or disagree with the solver."""
        out = []
        if self.not_in_session:
            out.append(f"{where}: {_boards_text(self.not_in_session)}: not in the session (kept on the Hands sheet)")
        if self.without_deal:
            their = "its" if len(self.without_deal) == 1 else "their"
            out.append(f"{where}: no deal for {_boards_text(self.without_deal)} of the session: {their} results "
                       "have no score against par")  # fmt: skip
        for analysis in self.analyses:
            record = analysis.record
            for line, note in (*record.notes, *((record.line, text) for text in analysis.disagreements)):
                out.append(f"{where}: line {line}: board {record.board}: {note}")
        return out


def _boards_text(boards: Sequence[int]) -> str:
    """Boards as a line names them, runs joined: ``board 5``, ``boards 2-6, 9, 11-12``."""
    runs: list[list[int]] = []
    for board in sorted(boards):
        if runs and board == runs[-1][-1] + 1:
            runs[-1].append(board)
        else:
            runs.append([board])
    text = ", ".join(str(run[0]) if len(run) == 1 else f"{run[0]}-{run[-1]}" for run in runs)
    return f"board {text}" if len(boards) == 1 else f"boards {text}"


def session_boards(session: Session) -> set[int]:
    """The boards of a session: those of its lines, and of its movement where it has one (an evening before its
    results are in)."""
    return {*session.boards, *(session.plan.boards if session.plan is not None else ())}


def session_hands(records: HandRecords, boards: Collection[int], use_solver: bool | None = None) -> SessionHands:
    """The hand record of a session whose boards are ``boards``: every board of the file analysed (from the
    solver where it is installed, else the file's tags), and the boards on one side only."""
    analyses = analyse(records, use_solver)
    recorded = {analysis.record.board for analysis in analyses}
    name = records.source.name if records.source is not None else "the hand record"
    return SessionHands(tuple(analyses), name, tuple(sorted(set(boards) - recorded)),
                        tuple(sorted(recorded - set(boards))))  # fmt: skip


def needs_solver(analyses: Sequence[Analysis]) -> SolverMissingError | None:
    """The error to give when nothing could be analysed: no solver, and no board with tags of its own."""
    if analyses and all(analysis.source == "" for analysis in analyses):
        return SolverMissingError("the double-dummy tables and par of a hand record without its own analysis")
    return None


# --- writing ------------------------------------------------------------------------------------------------


def _quoted(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _par_tags(par: Par) -> list[tuple[str, str]]:
    """OptimumScore from the declaring side's view and ParContract with BridgeComposer's 3N, as it writes them."""
    if not par.listed:
        return [("OptimumScore", f"NS {par.score}")] + ([("ParContract", "Pass")] if par.score == 0 else [])
    side = par.listed[0].declarers[0].side
    score = par.score if side.value == "NS" else -par.score
    text = "; ".join(str(contract).replace("NT", "N") for contract in par.listed)
    return [("OptimumScore", f"{side.value} {score}"), ("ParContract", text)]


def hand_record_pbn(analyses: Sequence[Analysis], event: str = "", comments: Sequence[str] = ()) -> str:
    """PBN 2.1 (export format) for the boards: the tags of a hand record, each deal from its dealer's seat, and
    where there is an analysis, DoubleDummyTricks, OptimumScore, ParContract and OptimumResultTable as
    BridgeComposer writes them."""
    out = ["% PBN 2.1", "% EXPORT", "%Content-type: text/x-pbn; charset=UTF-8", f"%Creator: xlbridge {__version__}"]
    out += [f"% {comment}" for comment in comments]
    for analysis in analyses:
        record = analysis.record
        tags = [("Event", event), ("Site", ""), ("Date", "????.??.??"), ("Board", str(record.board)), ("West", ""),
                ("North", ""), ("East", ""), ("South", ""), ("Dealer", record.dealer.value),
                ("Vulnerable", PBN_VULNERABLE[record.vulnerability]), ("Deal", record.deal.pbn(record.dealer)),
                ("Scoring", ""), ("Declarer", ""), ("Contract", ""), ("Result", "")]  # fmt: skip
        out += [f'[{name} "{_quoted(value)}"]' for name, value in tags]
        out += analysis_lines(analysis)
        out.append("")
    return "\n".join(out)


def analysis_lines(analysis: Analysis) -> list[str]:
    """A board's analysis as PBN lines, where it has one: DoubleDummyTricks, OptimumScore, ParContract and the
    OptimumResultTable, as BridgeComposer writes them (a hand record's, and a results file's that has its deals)."""
    tags = []
    if analysis.tricks is not None:
        tags.append(("DoubleDummyTricks", "".join(f"{figure:x}" for figure in analysis.tricks.tricks)))
    if analysis.par is not None:
        tags += _par_tags(analysis.par)
    out = [f'[{name} "{_quoted(value)}"]' for name, value in tags]
    if analysis.tricks is not None:
        out.append('[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]')
        out += [f"{seat.value} {strain.value:>2} {analysis.tricks[seat][strain]:>2}" for seat in TABLE_SEATS
                for strain in TABLE_STRAINS]  # fmt: skip
    return out


def _cells(analysis: Analysis) -> list[str]:
    tricks = analysis.tricks
    figures = [str(tricks[seat][strain]) if tricks else "" for seat in SEATS_CLOCKWISE for strain in TABLE_STRAINS]
    par = analysis.par
    record = analysis.record
    return [str(record.board), record.dealer.value, record.vulnerability.value,
            "" if par is None else str(par.score), "" if par is None else par.contracts, *figures]  # fmt: skip


def hands_csv(analyses: Sequence[Analysis]) -> str:
    """The boards as CSV: :data:`CSV_COLUMNS`, a row each (blank where a board has no analysis)."""
    return csv_text([CSV_COLUMNS, *map(_cells, analyses)])


def hands_table(analyses: Sequence[Analysis]) -> str:
    """The boards as a terminal shows them: a line each, the tricks of N, E, S and W in NT, S, H, D and C, then
    the par."""
    strains = " ".join(f"{strain.value:>2}" for strain in TABLE_STRAINS)
    lines = [f"Board Dealer Vul   {'  '.join(f'{seat.value}: {strains}' for seat in SEATS_CLOCKWISE)}  Par"]
    for analysis in analyses:
        record, tricks, par = analysis.record, analysis.tricks, analysis.par
        blocks = [
            "   " + " ".join(f"{tricks[seat][strain]:>2}" if tricks else " -" for strain in TABLE_STRAINS)
            for seat in SEATS_CLOCKWISE
        ]
        shown = "-" if par is None else str(par)
        lines.append(f"{record.board:>5} {record.dealer.value:<6} {record.vulnerability.value:<5}"
                     f"{'  '.join(blocks)}  {shown}")  # fmt: skip
    return "\n".join(lines) + "\n"
