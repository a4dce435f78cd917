"""The worksheet functions of a whole pairs session: SESSIONINFO, SESSIONRESULTS, PAIRTOTALS, RANKING, TRAVELLERS.

Each takes the session as a sheet holds it: the results block (board, NS, EW, contract, by, lead, result,
adjusted: one row per result, blank rows allowed), the names block (pair, direction, player 1, player 2), the
scoring method, the movement kind and the results per board (blank: the most any board has). Each works out the
whole session with the engine (:func:`~xlbridge.engine.standings.score_session`; the same inputs are worked out
once, however many of these functions ask) and answers its part, so every figure of a session workbook has one
source, costs n log n, and needs no function newer than Excel 2016. SESSIONINFO, PAIRTOTALS and RANKING take a
masterpoint scale last (see :mod:`xlbridge.excel.masterpoints`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from ..engine.boards import board_dealer, board_vulnerability
from ..engine.checks import check_session, flag_rows
from ..engine.choices import choose
from ..engine.errors import BridgeInputError, Reason
from ..engine.movement import Movement, Slot, movement_from_rows
from ..engine.session import (
    Line,
    Pair,
    PairNumber,
    Row,
    Session,
    Unscorable,
    parse_direction,
    read_handicap,
    read_line,
)
from ..engine.standings import SessionScore, Standing, score_session
from ..engine.values import as_whole_number, show
from ..rules import MOVEMENT_KINDS, SESSION_METHODS, Side
from ..rules.boards import HIGHEST_BOARD
from .cache import Recent
from .cells import Grid, as_grid, error_value, held_error, is_blank_text, never_raises, to_cell
from .masterpoints import award_columns, award_note, with_awards

__all__ = [
    "INFO_ROWS",
    "PAIR_COLUMNS",
    "RESULT_COLUMNS",
    "TOTAL_COLUMNS",
    "TRAVELLER_COLUMNS",
    "WorkedSession",
    "pairtotals",
    "ranking",
    "ranking_note",
    "read_session",
    "sessioninfo",
    "sessionresults",
    "travellers",
]

#: What SESSIONINFO gives, one row each.
INFO_ROWS = ("Title", "Date", "Results per board", "Top", "Boards", "Last board", "Results", "Problems", "IMP scoring",
             "Note")  # fmt: skip
#: What SESSIONRESULTS gives for each row of the results block.
RESULT_COLUMNS = ("NS score", "EW score", "NS points", "EW points", "NS %", "EW %", "Datum", "Check")
#: What PAIRTOTALS gives for each pair, and RANKING for each place.
PAIR_COLUMNS = ("Place", "Pair", "Direction", "Players", "Boards", "Total", "%")
#: What PAIRTOTALS gives for each pair: the ranking's columns, then the handicapped figures (blank without handicaps).
TOTAL_COLUMNS = (*PAIR_COLUMNS, "Handicap", "Handicapped %", "Handicapped place")
#: What a traveller shows for each line.
TRAVELLER_COLUMNS = ("NS", "EW", "Contract", "By", "Lead", "Result", "NS score", "EW score", "NS points", "EW points")
ENTERED = ("Contract", "By", "Lead", "Result", "Adjusted")


def _text(value: object) -> str:
    """An entry cell as text: blank (xlwings Lite's 0 included) is "", 10.0 is "10"."""
    if is_blank_text(value):
        return ""
    return show(value).strip("'") if isinstance(value, float) else str(value).strip()


def _pair_number(value: object) -> PairNumber | None:
    """A pair number as typed: a whole number, or a label such as 7A; blank is None."""
    if is_blank_text(value):
        return None
    try:
        return as_whole_number(value, "pair")
    except BridgeInputError:
        return _text(value)


def _row(cells: Sequence[object]) -> Row | None:
    """One row of the results block: a line, an unscorable line with its reason, or None for a blank row."""
    board, ns, ew, *entered = (list(cells) + [None] * 8)[:8]
    texts = tuple(_text(value) for value in entered)
    if all(is_blank_text(value) for value in (board, ns, ew, texts[0], texts[4])):
        return None
    try:
        known: int | None = as_whole_number(board, "board") if not is_blank_text(board) else None
    except BridgeInputError:
        known = None  # no board to hold up
    for name, value in zip(("board", "NS", "EW", *ENTERED), (board, ns, ew, *entered), strict=True):
        held = held_error(name, value)
        if held is not None:  # the line waits, and with it its board
            return Unscorable(known, _pair_number(ns), _pair_number(ew), texts, held.message)  # type: ignore[arg-type]
    contract, declarer, lead, result, adjusted = texts
    try:
        if is_blank_text(board):
            raise BridgeInputError("board missing: each result needs its board number")
        number = as_whole_number(board, "board")
        return read_line(number, _pair_number(ns), _pair_number(ew), contract, declarer, result, lead, adjusted)
    except BridgeInputError as error:
        return Unscorable(known, _pair_number(ns), _pair_number(ew), texts, error.message)  # type: ignore[arg-type]


def _pairs(names: Grid) -> list[Pair | None]:
    """The pairs of the names block, row by row (None for a blank row); a fifth column is the pair's handicap."""
    out: list[Pair | None] = []
    for cells in names:
        number, direction, first, second, handicap = (list(cells) + [None] * 5)[:5]
        pair = _pair_number(number)
        if pair is None:
            out.append(None)
            continue
        try:
            side = parse_direction(_text(direction))
        except BridgeInputError as error:
            raise error.within(f"pair {show(pair)}") from None
        points = read_handicap(None if is_blank_text(handicap) else handicap, f"pair {show(pair)}: handicap")
        out.append(Pair(pair, side, (_text(first), _text(second)), points))
    return out


def _frozen(grid: Grid) -> tuple[tuple[Any, ...], ...]:
    return tuple(map(tuple, grid))


def _option(value: object) -> object:
    grid = as_grid(value)
    return None if is_blank_text(grid[0][0]) else grid[0][0]


def _plan(cells: Grid | None) -> Movement | None:
    """The movement a block of cells lists (round, table, NS pair, EW pair, boards per row, as ``xlbridge movement
    --csv`` writes it; blank rows skipped), or None when the block is empty."""
    if cells is None:
        return None
    records: list[tuple[object, object, object, object, object]] = []
    numbers = []
    for number, row in enumerate(cells, start=2):
        r, t, ns, ew, boards = (_text(value) for value in (list(row) + [None] * 5)[:5])
        texts = (r, t, ns, ew, boards)
        for heading, value in zip(("round", "table", "NS", "EW", "boards"), row, strict=False):
            held = held_error(heading, value)
            if held is not None:
                raise held.within(f"movement row {number}")
        if any(texts):
            records.append(texts)
            numbers.append(number)
    if not records:
        return None
    return movement_from_rows(records, "movement", lambda index: f"row {numbers[index]}")


def _waiting(row: Row | None, slots: Mapping[tuple[int, int, int], Slot]) -> bool:
    """A row of the movement not typed yet: its board and pairs (as pre-filled from the movement), nothing else."""
    return (
        isinstance(row, Unscorable)
        and not any(row.entered)
        and row.board is not None
        and (row.board, row.ns, row.ew) in slots
    )


class WorkedSession:
    """A session as a sheet holds it, worked out: its rows (aligned with the results block) and its score."""

    def __init__(
        self, results: Grid, names: Grid, method: object, movement: object, per_board: object, plan: Grid | None
    ) -> None:
        self.plan = _plan(plan)
        slots = {} if self.plan is None else {(s.board, s.ns, s.ew): s for s in self.plan.slots()}
        rows = [_row(cells) for cells in results]
        #: The results rows of the movement not typed yet (0 is the block's first): quiet, counted as not in.
        self.waiting = [number for number, row in enumerate(rows) if _waiting(row, slots)]
        self.rows: list[Row | None] = [None if number in self.waiting else row for number, row in enumerate(rows)]
        self.pair_rows = _pairs(names)
        expected = None if is_blank_text(per_board) else as_whole_number(per_board, "results per board")
        if expected is not None and expected < 1:
            raise BridgeInputError(f"results per board {expected}: at least 1", reason=Reason.OUT_OF_RANGE)
        if is_blank_text(movement):
            movement = self.plan.field_kind.name if self.plan is not None else _inferred_movement(self.pair_rows)
        kind = choose(MOVEMENT_KINDS, movement, "movement")
        if self.plan is not None and kind.two_fields is not self.plan.two_fields:
            numbered = "apart (NS 1 v EW 1: two fields)" if self.plan.two_fields else "as one field"
            raise BridgeInputError(f"movement {kind.name}: the movement's rows number the pairs {numbered}; say "
                                   f"{self.plan.field_kind.name}")  # fmt: skip
        session = Session(
            method=choose(SESSION_METHODS, method, "method"),
            movement=kind,
            per_board=expected,
            pairs=tuple(pair for pair in self.pair_rows if pair is not None),
            lines=tuple(row for row in self.rows if row is not None),
            plan=self.plan,
        )
        self.line_of: list[int | None] = []  # results row -> index into session.lines
        self.sheet_row: list[int] = []  # index into session.lines -> the row's number in the block (0 is the first)
        for number, row in enumerate(self.rows):
            self.line_of.append(None if row is None else len(self.sheet_row))
            if row is not None:
                self.sheet_row.append(number)
        # The entry checks (a line twice, a pair playing a board twice... and against the movement when the
        # workbook has it): a line they flag waits, with its reason in the Check column, as an unscorable one
        # does. A line of the movement with no result is not a problem here: it is a row not typed yet.
        findings = check_session(session, self.plan, name=lambda index: f"row {self.sheet_row[index] + 2}")
        #: The movement's lines that have no result yet.
        self.missing = [finding.slot for finding in findings if finding.slot is not None]
        self.score: SessionScore = score_session(flag_rows(session, findings, missing=False))


def _inferred_movement(pairs: list[Pair | None]) -> str:
    """The movement when none is said: a Mitchell when the names give directions (a Howell's have none)."""
    return "Mitchell" if any(pair and pair.direction for pair in pairs) else "Howell"


_SESSIONS = Recent(8)


def read_session(
    results: object, names: object, method: object, movement: object, per_board: object, plan: object = None
) -> WorkedSession:
    """The session the cells hold, worked out once for these cells (the functions below share it). ``plan`` is
    the movement's block (round, table, NS, EW, boards), when the workbook has one."""
    results_grid, names_grid = as_grid(results), as_grid(names)
    plan_grid = None if plan is None else as_grid(plan)
    if plan_grid is not None and all(is_blank_text(value) for row in plan_grid for value in row):
        plan_grid = None  # an empty block: no movement (and the same session as without one)
    said = _option(movement)
    if said is None and plan_grid is None:  # keyed as the movement it will be, so that a function without one
        said = _inferred_movement(_pairs(names_grid))  # (SCORECARD) shares the session
    key = (_frozen(results_grid), _frozen(names_grid), _option(method), said, _option(per_board),
           None if plan_grid is None else _frozen(plan_grid))  # fmt: skip
    found = _SESSIONS.get(key)
    if found is None:
        found = _SESSIONS[key] = WorkedSession(results_grid, names_grid, key[2], key[3], key[4], plan_grid)
    return found  # type: ignore[no-any-return]


def _figure(value: object) -> object:
    return to_cell(value)


def _line_cells(worked: WorkedSession, row: Row, index: int) -> list[object]:
    scored = worked.score.lines[index]
    method = worked.score.session.method
    ns: object
    ew: object
    if isinstance(row, Line) and row.adjusted is not None:  # each side's column as that side sees it
        ns, ew = row.adjusted_for(Side.NS), row.adjusted_for(Side.EW)
    elif scored.ns_score is None:
        ns = ew = "#VALUE!"
    else:
        ns, ew = _figure(scored.ns_score), _figure(scored.ew_score)
    percent = not method.imp_scoring
    return [
        ns,
        ew,
        _figure(scored.ns_points),
        _figure(scored.ew_points),
        _figure(scored.ns_percent) if percent else "",
        _figure(scored.ew_percent) if percent else "",
        _figure(scored.datum) if method.comparison == "butler" else "",
        scored.problem,
    ]


def _shape(rows: int, cols: int) -> Any:
    return lambda *_: (rows, cols)


def _results_shape(results: object, *_: object) -> tuple[int, int]:
    return len(as_grid(results)), len(RESULT_COLUMNS)


def _failed(error: BridgeInputError, rows: int, cols: int, reason_col: int | None = None) -> Grid:
    """Every cell of the answer shows why the session cannot be worked out (and one cell says it in words)."""
    out = [[error_value(error)] * cols for _ in range(rows)]
    if reason_col is not None and rows:
        out[0][reason_col] = error.message
    return out


@never_raises(_results_shape)
def sessionresults(
    results: object, names: object, method: object, movement: object, per_board: object = None, plan: object = None
) -> Grid:
    """For each row of the results block: NS and EW score, NS and EW points, NS and EW %, datum, check."""
    rows = len(as_grid(results))
    try:
        worked = read_session(results, names, method, movement, per_board, plan)
    except BridgeInputError as error:
        return _failed(error, rows, len(RESULT_COLUMNS), len(RESULT_COLUMNS) - 1)
    out: Grid = []
    for row, index in zip(worked.rows, worked.line_of, strict=True):
        out.append([""] * len(RESULT_COLUMNS) if row is None or index is None else _line_cells(worked, row, index))
    return out


def ranking_note(worked: WorkedSession, mp_scale: object = None) -> str:
    """What the ranking says under its title: the scoring and top, that it waits for lines to be checked, or (with
    the movement) that it is provisional, with how many of the results the movement expects are in; with a
    masterpoint scale (a cell, or the scale), the scale or why the session cannot be awarded on it."""
    score = worked.score
    method = score.session.method
    if score.problems:
        return f"Waiting: {score.problems} line(s) on Results need checking"
    if method.imp_scoring:
        note = f"{method.name} scoring: total IMPs"
    else:
        note = f"Matchpoints ({method.name}), top {show(to_cell(score.top))}"
    if worked.missing:
        expected = len(worked.missing) + score.results
        note += f"; provisional: {score.results} of the {expected} results the movement expects are in"
    return note + award_note(worked, mp_scale)


@never_raises(_shape(len(INFO_ROWS), 1))
def sessioninfo(
    event: object,
    date: object,
    results: object,
    names: object,
    method: object,
    movement: object,
    per_board: object = None,
    plan: object = None,
    mp_scale: object = None,
) -> Grid:
    """The session's figures, one a row: title, date, results per board, top, boards, the last board played,
    results, problems, whether it is IMP scoring, and the note the ranking shows (with the movement, how many of
    the results it expects are in; with a masterpoint scale, the scale or why it cannot award the session)."""
    event_text = _text(_option(event))
    day = _option(date)
    shown_day = day if isinstance(day, (int, float)) and not isinstance(day, bool) and math.isfinite(day) else ""
    head = [event_text or "Ranking", shown_day]
    try:
        worked = read_session(results, names, method, movement, per_board, plan)
    except BridgeInputError as error:
        return [[value] for value in [*head, *[error_value(error)] * (len(INFO_ROWS) - 3), error.message]]
    score = worked.score
    session = score.session
    note = ranking_note(worked, mp_scale)
    figures = [score.expected, to_cell(score.top), score.boards, max(session.boards, default=0), score.results,
               score.problems, session.method.imp_scoring, note]  # fmt: skip
    return [[value] for value in [*head, *figures]]


def _standing_cells(standing: Standing | None, score: SessionScore) -> list[object]:
    if standing is None:
        return [""] * len(PAIR_COLUMNS)
    waiting = "#N/A" if score.problems else ""
    total = to_cell(standing.total) if standing.total is not None else waiting
    if score.session.method.imp_scoring:
        percentage: object = ""
    else:
        percentage = to_cell(standing.percentage) if standing.percentage is not None else (
            waiting if standing.boards else "")  # fmt: skip
    pair = standing.pair
    return [standing.place, pair.number, pair.direction_text, pair.names, standing.boards, total, percentage]


def _total_cells(standing: Standing | None, score: SessionScore) -> list[object]:
    """A Totals row: the ranking's cells, then the handicap, handicapped percentage and place (blank without)."""
    cells = _standing_cells(standing, score)
    if standing is None or standing.handicap is None:
        return [*cells, "", "", ""]
    handicapped = standing.handicapped
    shown = to_cell(handicapped) if handicapped is not None else ("#N/A" if score.problems else "")
    return [*cells, to_cell(standing.handicap), shown, standing.handicapped_place]


def _pairs_shape(results: object, names: object, *rest: object) -> tuple[int, int]:  # rest[4]: the mp_scale
    return len(as_grid(names)), len(award_columns(PAIR_COLUMNS, rest[4] if len(rest) > 4 else None))


def _totals_shape(results: object, names: object, *rest: object) -> tuple[int, int]:
    return len(as_grid(names)), len(award_columns(TOTAL_COLUMNS, rest[4] if len(rest) > 4 else None))


@never_raises(_totals_shape)
def pairtotals(results: object, names: object, method: object, movement: object, per_board: object = None,
               plan: object = None, mp_scale: object = None) -> Grid:  # fmt: skip
    """For each row of the names block: place, pair, direction, players, boards played, total and percentage, and
    with handicaps the handicap, the handicapped percentage and the handicapped place; with a masterpoint scale,
    the pair's award."""
    rows = len(as_grid(names))
    try:
        worked = read_session(results, names, method, movement, per_board, plan)
    except BridgeInputError as error:
        return _failed(error, rows, len(award_columns(TOTAL_COLUMNS, mp_scale)))
    standings = iter(worked.score.standings)
    shown = [None if pair is None else next(standings) for pair in worked.pair_rows]
    return with_awards([_total_cells(standing, worked.score) for standing in shown], shown, worked, mp_scale)


@never_raises(_pairs_shape)
def ranking(results: object, names: object, method: object, movement: object, per_board: object = None,
            plan: object = None, mp_scale: object = None) -> Grid:  # fmt: skip
    """The pairs in place order, field by field (two fields for a two-winner movement), best first; blank rows to
    the size of the names block; with a masterpoint scale, each pair's award."""
    rows = len(as_grid(names))
    try:
        worked = read_session(results, names, method, movement, per_board, plan)
    except BridgeInputError as error:
        return _failed(error, rows, len(award_columns(PAIR_COLUMNS, mp_scale)))
    ordered = worked.score.ranking
    shown = [ordered[i] if i < len(ordered) else None for i in range(rows)]
    return with_awards([_standing_cells(standing, worked.score) for standing in shown], shown, worked, mp_scale)


#: The most travellers TRAVELLERS gives, and the most lines each holds (far beyond any session).
MOST_BOARDS, MOST_LINES = HIGHEST_BOARD, 500


def _counts(boards: object, lines: object) -> tuple[int, int]:
    count = as_whole_number(as_grid(boards)[0][0], "boards")
    room = as_whole_number(as_grid(lines)[0][0], "lines")
    if not (1 <= count <= MOST_BOARDS and 1 <= room <= MOST_LINES):
        raise BridgeInputError(
            f"boards {count}, lines {room}: travellers hold 1 to {MOST_BOARDS} boards of 1 to {MOST_LINES} lines",
            reason=Reason.OUT_OF_RANGE,
        )
    return count, room


def _travellers_shape(boards: object, lines: object, *_: object) -> tuple[int, int]:
    count, room = _counts(boards, lines)
    return count * (room + 3), len(TRAVELLER_COLUMNS)


def _traveller_line(worked: WorkedSession, index: int, computed: list[object]) -> list[object]:
    """One line of a traveller: what was entered for it, and what it scored (``computed``, as on Results)."""
    row = worked.score.session.lines[index]
    shown: dict[str, object] = dict(zip(ENTERED, row.entered, strict=True))
    shown.update(zip(RESULT_COLUMNS, computed, strict=True))
    shown["NS"] = "" if row.ns is None else row.ns
    shown["EW"] = "" if row.ew is None else row.ew
    return [shown[heading] for heading in TRAVELLER_COLUMNS]


@never_raises(_travellers_shape)
def travellers(
    boards: object,
    lines: object,
    results: object,
    names: object,
    method: object,
    movement: object,
    per_board: object = None,
    plan: object = None,
) -> Grid:
    """Every board's traveller, one block after another: a title row (board, dealer, vulnerability), the headings,
    then ``lines`` rows for the board's results in the order they were entered. A board with more results than
    its block holds says so in its last row, in words, instead of leaving any out."""
    width = len(TRAVELLER_COLUMNS)
    try:
        count, room = _counts(boards, lines)
    except BridgeInputError as error:
        return [[error_value(error)] * (width - 1) + [error.message]]
    blank = [""] * width
    try:
        worked = read_session(results, names, method, movement, per_board, plan)
    except BridgeInputError as error:
        return _failed(error, count * (room + 3), width, 0)
    by_index = {index: row_number for row_number, index in enumerate(worked.line_of) if index is not None}
    out: Grid = []
    for number in range(1, count + 1):
        title = [f"Board {number}", "", f"Dealer {board_dealer(number).value}", "",
                 f"Vulnerable: {board_vulnerability(number).value}", *[""] * (width - 5)]  # fmt: skip
        out += [title, list(TRAVELLER_COLUMNS)]
        indices = worked.score.traveller(number)
        shown = indices if len(indices) <= room else indices[: room - 1]
        for index in shown:
            row = worked.rows[by_index[index]]
            assert row is not None
            out.append(_traveller_line(worked, index, _line_cells(worked, row, index)))
        if len(indices) > room:
            out.append([f"board {number} has {len(indices)} results but its traveller holds {room}: "
                        f"the other {len(indices) - room + 1} are on Results", *[""] * (width - 1)])  # fmt: skip
        out += [blank[:] for _ in range(room - min(len(indices), room))]
        out.append(blank[:])
    return out
