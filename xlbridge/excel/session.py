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
import weakref
from typing import Any

from ..engine.boards import board_dealer, board_vulnerability
from ..engine.errors import BridgeInputError, Reason
from ..engine.session import Line, NotPlayed, Row
from ..engine.standings import LineScore, SessionScore, Standing
from ..engine.values import as_whole_number, show
from ..rules import SessionMethod, Side
from ..rules.boards import HIGHEST_BOARD
from .cells import Grid, as_grid, error_value, held_error, never_raises, to_cell
from .entries import ENTERED, WorkedSession, entered_text, read_session, single_value
from .masterpoints import award_columns, award_note, with_awards

__all__ = [
    "DOUBT",
    "INFO_ROWS",
    "PAIR_COLUMNS",
    "RESULT_COLUMNS",
    "TOTAL_COLUMNS",
    "TRAVELLER_COLUMNS",
    "WorkedSession",
    "pairtotals",
    "provisional_note",
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
#: What a traveller shows for each line: its pairs, what was entered of it up to the result (Contract, By, Lead,
#: Result), and its scores and points as on Results (NS score, EW score, NS points, EW points).
TRAVELLER_COLUMNS = ("NS", "EW", *ENTERED[:4], *RESULT_COLUMNS[:4])


#: How the Check column says a doubt: a line the ranking does not wait for, to look at.
DOUBT = "Worth a look (the ranking does not wait): "


def _figures(scored: LineScore, method: SessionMethod) -> list[object]:
    """What a line scored as its cells on Results show it, but for an adjusted score's own wording and the check:
    the NS and EW scores, points and percentages, and the datum."""
    percent = not method.imp_scoring
    return [
        "#VALUE!" if scored.ns_score is None else to_cell(scored.ns_score),
        "#VALUE!" if scored.ns_score is None else to_cell(scored.ew_score),
        to_cell(scored.ns_points),
        to_cell(scored.ew_points),
        to_cell(scored.ns_percent) if percent else "",
        to_cell(scored.ew_percent) if percent else "",
        to_cell(scored.datum) if method.comparison == "butler" else "",
    ]


def _line_cells(worked: WorkedSession, row: Row, index: int, shown: dict[int, list[object]]) -> list[object]:
    """A line's cells on Results. ``shown`` keeps each line score's cells (:func:`_figures`, and nothing to check)
    by its id, for the call: the lines of one score on a board share their score (see
    :func:`~xlbridge.engine.standings.score_session`), and those with nothing to check share their cells."""
    scored = worked.score.lines[index]
    if isinstance(row, NotPlayed):  # nothing scored: blank but for what needs checking
        return ["", "", "", "", "", "", "", scored.problem]
    cells = shown.get(id(scored))
    if cells is None:
        cells = shown[id(scored)] = [*_figures(scored, worked.score.session.method), ""]
    check = scored.problem or (f"{DOUBT}{worked.doubts[index]}" if index in worked.doubts else "")
    if isinstance(row, Line) and row.adjusted is not None:  # each side's column as that side sees it
        return [row.adjusted_for(Side.NS), row.adjusted_for(Side.EW), *cells[2:-1], check]
    return [*cells[:-1], check] if check else cells


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
    return [cells[:] for cells in _results_cells(worked)]  # rows of its own: the session's are kept


#: The SESSIONRESULTS cells of each session while it is kept (TRAVELLERS shows each line's again): gone with it.
_RESULT_CELLS: weakref.WeakKeyDictionary[WorkedSession, Grid] = weakref.WeakKeyDictionary()


def _results_cells(worked: WorkedSession) -> Grid:
    """SESSIONRESULTS's cells for each row of the results block, worked out once for the session (read, never
    changed: the rows of lines with one score and nothing to check are one list)."""
    found = _RESULT_CELLS.get(worked)
    if found is None:
        shown: dict[int, list[object]] = {}
        found = _RESULT_CELLS[worked] = [
            [""] * len(RESULT_COLUMNS) if row is None or index is None else _line_cells(worked, row, index, shown)
            for row, index in zip(worked.rows, worked.line_of, strict=True)
        ]
    return found


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
    provisional = provisional_note(worked)
    return note + (f"; {provisional}" if provisional else "") + award_note(worked, mp_scale)


def provisional_note(worked: WorkedSession) -> str:
    """What a ranking says while results its movement expects are not in: ``provisional: 240 of the 242 results
    the movement expects are in``; "" when they are all in (or the movement is not known)."""
    if not worked.missing:
        return ""
    results = worked.score.results
    return f"provisional: {results} of the {len(worked.missing) + results} results the movement expects are in"


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
    event_text = entered_text(single_value(event))
    day = single_value(date)
    if isinstance(day, (int, float)) and not isinstance(day, bool):  # a date as Excel holds one: its serial number
        shown_day: object = day if math.isfinite(day) else ""
    else:  # a date typed as text (27/07/2026, "Tuesday 24th") is shown as it was typed
        shown_day = held.code if (held := held_error("date", day)) is not None else entered_text(day)
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


#: The most lines a traveller of TRAVELLERS holds (far beyond any session); it gives up to HIGHEST_BOARD travellers.
MOST_LINES = 500


def _counts(boards: object, lines: object) -> tuple[int, int]:
    count = as_whole_number(as_grid(boards)[0][0], "boards")
    room = as_whole_number(as_grid(lines)[0][0], "lines")
    if not (1 <= count <= HIGHEST_BOARD and 1 <= room <= MOST_LINES):
        raise BridgeInputError(
            f"boards {count}, lines {room}: travellers hold 1 to {HIGHEST_BOARD} boards of 1 to {MOST_LINES} lines",
            reason=Reason.OUT_OF_RANGE,
        )
    return count, room


def _travellers_shape(boards: object, lines: object, *_: object) -> tuple[int, int]:
    count, room = _counts(boards, lines)
    return count * (room + 3), len(TRAVELLER_COLUMNS)


def _traveller_line(row: Row, computed: list[object]) -> list[object]:
    """One line of a traveller (:data:`TRAVELLER_COLUMNS`): its pairs, what was entered for it, and what it scored
    (``computed``, its cells on Results)."""
    entered = ("not played", *row.entered[1:4]) if isinstance(row, NotPlayed) else row.entered[:4]
    return ["" if row.ns is None else row.ns, "" if row.ew is None else row.ew, *entered, *computed[:4]]


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
    lines, results_cells = worked.score.session.lines, _results_cells(worked)
    out: Grid = []
    for number in range(1, count + 1):
        title = [f"Board {number}", "", f"Dealer {board_dealer(number).value}", "",
                 f"Vulnerable: {board_vulnerability(number).value}", *[""] * (width - 5)]  # fmt: skip
        out += [title, list(TRAVELLER_COLUMNS)]
        indices = worked.score.traveller(number)
        shown = indices if len(indices) <= room else indices[: room - 1]
        for index in shown:
            out.append(_traveller_line(lines[index], results_cells[worked.sheet_row[index]]))
        if len(indices) > room:
            out.append([f"board {number} has {len(indices)} results but its traveller holds {room}: "
                        f"the other {len(indices) - room + 1} are on Results", *[""] * (width - 1)])  # fmt: skip
        out += [blank[:] for _ in range(room - min(len(indices), room))]
        out.append(blank[:])
    return out
