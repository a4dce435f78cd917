"""The worksheet function of personal scorecards: SCORECARD.

``SCORECARD(pair, results, names, [method], [movement], [per_board], [plan], [rows], [rounds])`` takes the pair
and the session's cells as every session function takes them (:class:`~xlbridge.excel.session_cells.SessionCells`:
``results``, board, NS, EW, contract, declarer, lead, result, adjusted; ``names``, pair, direction, player 1,
player 2, handicap, the players' numbers), read and scored as they read and score them (the same cells give the
same session, scored once however many cards a sheet shows), and spills the pair's card, one row per board it
played, in the columns of :data:`COLUMNS`; ``rows`` pads it with blank rows to a fixed size (an array formula of
Excel 2016 has one). With
the movement's rows (``plan``) the card's rounds are the movement's; ``rounds`` gives a round for each row of
results instead.

A blank ``pair`` gives a blank row; a card that cannot be given (a pair not on the list, a range of the wrong
width) is one row of error values with the reason in its last cell, as the scoresheet functions show theirs.
"""

from __future__ import annotations

from typing import Any

from ..engine.errors import BridgeInputError, Reason
from ..engine.pipeline import SessionResult
from ..engine.scorecards import ScorecardRow
from ..engine.scorecards import scorecard as engine_scorecard
from ..engine.values import as_whole_number
from .cells import Grid, as_grid, cell_error, error_value, is_blank_text, never_raises, to_cell
from .session_cells import FORMER_NAME_WIDTH, NAME_COLUMNS, NUMBER_COLUMNS, SessionCells, session_result

__all__ = ["COLUMNS", "NAME_COLUMNS", "RESULT_COLUMNS", "scorecard", "scorecard_cells"]

#: What each row of a card holds.
COLUMNS = (
    "Round", "Board", "Versus", "Direction", "Contract", "By", "Result", "Score", "Points", "%", "Running total",
    "Running %",
)  # fmt: skip
#: The columns ``results`` is read by, in order (the pairs-session workbook's Results sheet, columns A to I; a
#: workbook's of before sections has no Section column).
RESULT_COLUMNS = ("Board", "NS", "EW", "Contract", "By", "Lead", "Result", "Adjusted", "Section")
#: The most rows a padded card may ask for.
MOST_ROWS = 1_000


def _round(value: object, number: int) -> int | None:
    in_cell = cell_error("round", value)
    if in_cell is not None:
        raise in_cell.within(f"rounds row {number}")
    if is_blank_text(value):
        return None
    found = as_whole_number(value, f"rounds row {number}: round")
    if found < 1:
        raise BridgeInputError(f"rounds row {number}: round {found}: rounds start at 1", reason=Reason.OUT_OF_RANGE)
    return found


def _rounds(rounds: object, rows: int) -> list[int | None] | None:
    """The round of each row of results, or None when no round is given."""
    cells = [row[0] for row in as_grid(rounds)]
    if all(is_blank_text(value) for value in cells):
        return None
    if len(cells) != rows:
        raise BridgeInputError(f"rounds: one per row of results ({rows}), {len(cells)} given")
    return [_round(value, number) for number, value in enumerate(cells, start=1)]


def _cells(row: ScorecardRow) -> list[Any]:
    contract = row.contract or row.adjusted
    return [
        to_cell(row.round),
        row.board,
        row.opponents.number,
        row.direction.value,
        contract,
        row.declarer,
        row.result,
        to_cell(row.score),
        to_cell(row.points),
        to_cell(row.percent),
        to_cell(row.running_points),
        to_cell(row.running_percent),
    ]


def _one_row(*_: object) -> tuple[int, int]:
    return 1, len(COLUMNS)


def _padded(card: Grid, size: int | None) -> Grid:
    """A card, padded with blank rows to ``size`` (a row of errors saying so when it is longer)."""
    width = len(COLUMNS)
    if size is None:
        return card or [[""] * width]
    if len(card) > size:
        return [[error_value(BridgeInputError("", reason=Reason.OUT_OF_RANGE))] * (width - 1)
                + [f"the card has {len(card)} rows, more than the {size} it may fill"]]  # fmt: skip
    return card + [[""] * width for _ in range(size - len(card))]


def _failed(error: BridgeInputError) -> Grid:
    """A card that cannot be given: one row of error values, the reason in its last cell."""
    return [[error_value(error)] * (len(COLUMNS) - 1) + [error.message]]


def scorecard_cells(session: SessionResult, pair: object, rows: int | None = None) -> Grid:
    """SCORECARD's cells for ``pair`` (a number, a label, 7NS; None: a blank card) in the session, padded to
    ``rows`` (its rounds from the movement, when the session has one)."""
    if pair is None:
        return _padded([], rows)
    try:
        card = [_cells(row) for row in engine_scorecard(session.score, pair).rows]
    except BridgeInputError as error:
        return _failed(error)
    return _padded(card, rows)


@never_raises(_one_row)
def scorecard(pair: object, *arguments: object) -> Grid:
    """A pair's personal scorecard, one row per board it played (see :data:`COLUMNS`), padded to ``rows``; with the
    movement's rows (``plan``), its rounds come from the movement."""
    cells, rest = SessionCells.split(arguments)
    rows, rounds = (*rest, None, None)[:2]
    wanted = as_grid(pair)[0][0]
    try:
        in_cell = cell_error("pair", wanted)
        if in_cell is not None:
            raise in_cell
        size = None if is_blank_text(as_grid(rows)[0][0]) else as_whole_number(as_grid(rows)[0][0], "rows")
        if size is not None and not 1 <= size <= MOST_ROWS:
            raise BridgeInputError(f"rows {size}: 1 to {MOST_ROWS}", reason=Reason.OUT_OF_RANGE)
        grid, listed = as_grid(cells.results), as_grid(cells.names)
        if len(grid[0]) not in (len(RESULT_COLUMNS) - 1, len(RESULT_COLUMNS)):
            raise BridgeInputError(f"results: {len(RESULT_COLUMNS)} columns ({', '.join(RESULT_COLUMNS)}; Section "
                                   f"optional), {len(grid[0])} given")  # fmt: skip
        width, most = len(listed[0]), len(NAME_COLUMNS)
        if not (FORMER_NAME_WIDTH - 1 <= width <= FORMER_NAME_WIDTH or most - len(NUMBER_COLUMNS) <= width <= most):
            raise BridgeInputError(f"names: {most} columns ({', '.join(NAME_COLUMNS)}; the numbers optional; or 4 "
                                   f"or 5 without Section), {width} given")  # fmt: skip
        if is_blank_text(wanted):
            card: list[list[Any]] = []
        else:
            session = session_result(cells)
            by_row = _rounds(rounds, len(grid))
            line_rounds = None if by_row is None else [by_row[row] for row in session.prepared.row_of]
            card = [_cells(row) for row in engine_scorecard(session.score, wanted, line_rounds).rows]
    except BridgeInputError as error:
        return _failed(error)
    return _padded(card, size)
