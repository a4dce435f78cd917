"""The worksheet functions of a team match: TABLESCORE, MATCHBOARDS and MATCHSUMMARY, and BOARDRESULTS for one
board's traveller (those of a teams event are :mod:`xlbridge.excel.event`).

Like the session functions, each reads its block of entries as the template holds it, works it out with the engine
(:mod:`xlbridge.engine.teams`, :mod:`xlbridge.engine.standings`) and answers its part, so that every figure of
those workbooks comes from the engine and needs no function newer than Excel 2016. A cell that cannot be read
makes its own row wait with the reason in words; it never stops the rest.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from ..engine.errors import BridgeInputError, Reason
from ..engine.parse import Artificial, Weighted, adjusted_text, parse_field_entry
from ..engine.session import Line, Session, read_line, read_play
from ..engine.standings import score_session
from ..engine.teams import MatchRow, Table, score_match, table_score
from ..engine.values import NUMBER, as_whole_number, count, show
from .cells import (
    Grid,
    as_grid,
    cell_error,
    entered_pair,
    entered_text,
    error_value,
    is_blank_text,
    never_raises,
    to_cell,
)

__all__ = ["boardresults", "first_cell", "heading_text", "matchboards", "matchsummary", "tablescore"]

MATCH_COLUMNS = ("Net (home)", "IMPs (home)", "Home IMPs", "Away IMPs", "BAM (home)", "Check")
BOARD_COLUMNS = ("NS score", "EW score", "NS MP", "EW MP", "Check")


def first_cell(value: object) -> object:
    """A range's first cell (a setting's), blank as None."""
    cell = as_grid(value)[0][0]
    return None if is_blank_text(cell) else cell


def heading_text(value: object, blank: str) -> str:
    """A range's first cell as a heading shows it (a team's name, an event's title): its text, ``blank`` when it
    is blank, and the error value it holds passed on (as one a function can give back)."""
    cell = first_cell(value)
    in_cell = cell_error("heading", cell)
    return in_cell.code if in_cell is not None else entered_text(cell) or blank


# --- a team match ---------------------------------------------------------------------------------------------------


def _adjusted(contract: object) -> bool:
    """Whether a Contract cell of a team match holds an adjusted score rather than a contract: an artificial score
    (A, A+, A-, A6040), a weighted one (80% 400 / 20% 430), or an assigned North-South score (+420, or a number)."""
    if isinstance(contract, (int, float)) and not isinstance(contract, bool):
        return True
    if not isinstance(contract, str):
        return False
    text = contract.strip().upper()
    return (text.startswith("A") and text[1:2] in ("", "+", "-", "=", *"0123456789")) or "%" in text or (
        text[:1] in "+-" and NUMBER.fullmatch(text) is not None)  # fmt: skip


def _adjusted_table(contract: object, declarer: object, result: object) -> Table:
    if not is_blank_text(declarer) or not (is_blank_text(result) or result == 0):
        raise BridgeInputError(
            f"adjusted score {show(contract)}: an adjusted score stands alone; leave By and Result blank"
        )
    entry = parse_field_entry(contract, "adjusted score")
    if isinstance(entry, (int, Fraction)) and (entry != int(entry) or int(entry) % 10):
        raise BridgeInputError(f"adjusted score {show(contract)}: an assigned score is a multiple of 10 (+420, -100)")
    assert entry is not None
    return entry


def _table(cells: Sequence[object]) -> Table:
    """A table's contract, declarer and result as read (or an adjusted score typed as its contract): None when
    all blank."""
    contract, declarer, result = (list(cells) + [None] * 3)[:3]
    for name, value in (("contract", contract), ("declarer", declarer), ("result", result)):
        in_cell = cell_error(name, value)
        if in_cell is not None:
            return in_cell
    if is_blank_text(contract) and is_blank_text(declarer) and (is_blank_text(result) or result == 0):
        return None
    try:
        if _adjusted(contract):
            return _adjusted_table(contract, declarer, result)
        return read_play(entered_text(contract) or None, entered_text(declarer), entered_text(result) or result)
    except BridgeInputError as error:
        return error


def _tables(boards: object, **tables: object) -> tuple[Grid, ...]:
    """The boards' rows and each table's, refused unless each table has a row for each board (they are read side
    by side)."""
    rows = as_grid(boards)
    grids = [as_grid(table) for table in tables.values()]
    for name, grid in zip(tables, grids, strict=True):
        if len(grid) != len(rows):
            raise BridgeInputError(f"{name}: {count(len(grid), 'row')} for {count(len(rows), 'board')}; give each "
                                   "table's range a row for each board")  # fmt: skip
    return rows, *grids


def _match_rows(boards: object, table1: object, table2: object) -> list[MatchRow | BridgeInputError | None]:
    """Each board's row: its two tables, why its board number cannot be read, or None for a blank row; refused
    when a table has another number of rows than the boards."""
    out: list[MatchRow | BridgeInputError | None] = []
    for board, first, second in zip(*_tables(boards, table1=table1, table2=table2), strict=True):
        if is_blank_text(board[0]):
            out.append(None)
            continue
        try:
            in_cell = cell_error("board", board[0])
            if in_cell is not None:
                raise in_cell
            number = as_whole_number(board[0], "board")
            if number < 1:
                raise BridgeInputError(f"board {number}: board numbers start at 1", reason=Reason.OUT_OF_RANGE)
        except BridgeInputError as error:
            out.append(error)
            continue
        out.append(MatchRow(number, _table(first), _table(second)))
    return out


def _scored_rows(rows: Sequence[MatchRow | BridgeInputError | None]) -> list[MatchRow]:
    """The rows the match is scored from: a board number that cannot be read makes its row an unscorable board."""
    return [row if isinstance(row, MatchRow) else MatchRow(0, row, None) for row in rows if row is not None]


def _shape(rows: int, cols: int) -> Any:
    return lambda *_: (rows, cols)


def _score_cell(value: object) -> object:
    """A table's score as the sheet shows it: the number, or the adjusted score as typed (A+, 80% 400 / ...)."""
    if isinstance(value, (Artificial, Weighted)):
        return adjusted_text(value)
    return to_cell(value)


@never_raises(lambda boards, *_: (len(as_grid(boards)), 1))
def tablescore(boards: object, table: object) -> Grid:
    """For each board of a team match, the North-South score at one table: the contract's score on the board's
    vulnerability, or the adjusted score entered (A, A+, A6040, a weighted score, an assigned score)."""
    try:
        rows, cells_by_board = _tables(boards, table=table)
    except BridgeInputError as error:
        return [[error_value(error)] for _ in as_grid(boards)]
    out: Grid = []
    for board, cells in zip(rows, cells_by_board, strict=True):
        if is_blank_text(board[0]):
            out.append([""])
            continue
        try:
            number = as_whole_number(board[0], "board")
        except BridgeInputError as error:
            out.append([error_value(error)])
            continue
        entry = _table(cells) if number >= 1 else BridgeInputError("board", reason=Reason.OUT_OF_RANGE)
        out.append([_score_cell(table_score(entry, number))])
    return out


def _check_text(check1: str, check2: str) -> str:
    parts = [f"table {table}: {check}" for table, check in ((1, check1), (2, check2)) if check]
    return "; ".join(parts)


@never_raises(lambda boards, *_: (len(as_grid(boards)), len(MATCH_COLUMNS)))
def matchboards(boards: object, table1: object, table2: object) -> Grid:
    """For each board of a team match: the home team's net score, IMPs (signed, then each team's), board-a-match
    points, and what needs checking at either table (or that the board was scored as average at a table where it
    was not played)."""
    try:
        rows = _match_rows(boards, table1, table2)
    except BridgeInputError as error:
        return [[error_value(error)] * (len(MATCH_COLUMNS) - 1) + [error.message] for _ in as_grid(boards)]
    scored = iter(score_match(_scored_rows(rows)).boards)
    out: Grid = []
    for row in rows:
        if row is None:
            out.append([""] * len(MATCH_COLUMNS))
            continue
        board = next(scored)
        if isinstance(row, BridgeInputError):
            code = error_value(row)
            out.append([code, code, code, code, code, row.message])
            continue
        home = "" if board.home_imps is None else to_cell(board.home_imps)
        away = "" if board.away_imps is None else to_cell(board.away_imps)
        out.append([to_cell(board.net), to_cell(board.imps), home, away, to_cell(board.bam),
                    _check_text(board.check1, board.check2)])  # fmt: skip
    return out


@never_raises(_shape(6, 2))
def matchsummary(
    home: object, away: object, boards: object, table1: object, table2: object, scale: object = None
) -> Grid:
    """A team match's totals, home team then away team: the names, boards played, IMPs, victory points,
    board-a-match points, and the lines that need checking with the first reason in words (or how the totals
    were reached: boards scored as average)."""
    names = [heading_text(home, "Home"), heading_text(away, "Away")]
    try:
        match = score_match(_scored_rows(_match_rows(boards, table1, table2)), first_cell(scale))
    except BridgeInputError as error:
        return [names, *[[error_value(error)] * 2 for _ in range(4)], [1, error.message]]
    waiting = "#N/A" if match.problems else ""
    both = [(match.home_imps, match.away_imps), (match.home_vps, match.away_vps), (match.home_bam, match.away_bam)]
    figures = [[to_cell(value) if value is not None else waiting for value in pair] for pair in both]
    if match.played == 0:
        figures[1] = ["", ""]
    return [names, [match.played, match.played], *figures, [match.problems, match.reason]]


@never_raises(lambda board, lines: (len(as_grid(lines)), len(BOARD_COLUMNS)))
def boardresults(board: object, lines: object) -> Grid:
    """One board's traveller: for each line (NS pair, EW pair, contract, by, lead, result, adjusted score), both
    sides' scores and matchpoints and what needs checking."""
    grid = as_grid(lines)
    number = first_cell(board)
    rows: list[Line | BridgeInputError | None] = []
    for cells in grid:
        ns, ew, contract, declarer, lead, result, adjusted = ([*cells, *[None] * 7])[:7]
        texts = [entered_text(value) for value in (contract, declarer, lead, result, adjusted)]
        if is_blank_text(ns) and is_blank_text(ew) and not texts[0] and not texts[4]:
            rows.append(None)
            continue
        in_cell = next((e for e in map(cell_error, ("contract", "declarer", "result"), (contract, declarer, result))
                     if e is not None), None)  # fmt: skip
        try:
            if in_cell is not None:
                raise in_cell
            if number is None:
                raise BridgeInputError("board missing: enter the board number above the traveller")
            rows.append(read_line(number, entered_pair(ns) or "-", entered_pair(ew) or "-", texts[0], texts[1],
                                  texts[3], texts[2], texts[4]))  # fmt: skip
        except BridgeInputError as error:
            rows.append(error)
    played = [row for row in rows if isinstance(row, Line)]
    failed = next((row for row in rows if isinstance(row, BridgeInputError)), None)
    scored = iter(score_session(Session(lines=tuple(played))).lines) if played else iter(())
    out: Grid = []
    for row in rows:
        if row is None:
            out.append([""] * len(BOARD_COLUMNS))
        elif isinstance(row, BridgeInputError):
            out.append([error_value(row), error_value(row), error_value(row), error_value(row), row.message])
        else:
            line = next(scored)
            ns_score = row.adjusted_text if row.adjusted is not None else to_cell(line.ns_score)
            ew_score = row.adjusted_text if row.adjusted is not None else to_cell(line.ew_score)
            points = (
                ["#VALUE!", "#VALUE!"] if failed is not None else [to_cell(line.ns_points), to_cell(line.ew_points)]
            )
            out.append([ns_score, ew_score, *points, ""])
    return out
