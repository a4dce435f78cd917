"""The worksheet function of personal scorecards: SCORECARD.

``SCORECARD(pair, names, results, [method], [per_board], [rounds], [rows], [plan])`` reads a whole session from
two ranges laid out as the pairs-session workbook's sheets are (``names``: pair, direction, player 1, player 2,
handicap; ``results``: board, NS, EW, contract, declarer, lead, result, adjusted), read and scored as the session
functions read and score it (:func:`xlbridge.excel.entries.read_session`: the same cells give the same session,
scored once however many cards a sheet shows), and spills the pair's card, one row per board it played, in the
columns of :data:`COLUMNS`; ``rows`` pads it with blank rows to a fixed size (an array formula of Excel 2016 has
one). With the movement's rows (``plan``) the card's rounds are the movement's.

A blank ``pair`` gives a blank row; a card that cannot be given (a pair not on the list, a range of the wrong
width) is one row of error values with the reason in its last cell, as the scoresheet functions show theirs.
"""

from __future__ import annotations

from typing import Any

from ..engine.errors import BridgeInputError, Reason
from ..engine.scorecards import ScorecardRow
from ..engine.scorecards import scorecard as engine_scorecard
from ..engine.values import as_whole_number
from .cells import Grid, as_grid, error_value, held_error, is_blank_text, never_raises, to_cell
from .entries import read_session

__all__ = ["COLUMNS", "NAME_COLUMNS", "RESULT_COLUMNS", "scorecard"]

#: What each row of a card holds.
COLUMNS = (
    "Round", "Board", "Versus", "Direction", "Contract", "By", "Result", "Score", "Points", "%", "Running total",
    "Running %",
)  # fmt: skip
#: The columns ``names`` is read by, in order (the pairs-session workbook's Names sheet; the handicap optional).
NAME_COLUMNS = ("Pair", "Direction", "Player 1", "Player 2", "Handicap")
#: The columns ``results`` is read by, in order (the pairs-session workbook's Results sheet, columns A to H).
RESULT_COLUMNS = ("Board", "NS", "EW", "Contract", "By", "Lead", "Result", "Adjusted")
#: The most rows a padded card may ask for.
MOST_ROWS = 1_000


def _round(value: object, number: int) -> int | None:
    held = held_error("round", value)
    if held is not None:
        raise held.within(f"rounds row {number}")
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


@never_raises(_one_row)
def scorecard(
    pair: object,
    names: object,
    results: object,
    method: object = None,
    per_board: object = None,
    rounds: object = None,
    rows: object = None,
    plan: object = None,
) -> Grid:
    """A pair's personal scorecard, one row per board it played (see :data:`COLUMNS`), padded to ``rows``; with the
    movement's rows (``plan``), its rounds come from the movement."""
    width = len(COLUMNS)
    wanted = as_grid(pair)[0][0]
    try:
        held = held_error("pair", wanted)
        if held is not None:
            raise held
        size = None if is_blank_text(as_grid(rows)[0][0]) else as_whole_number(as_grid(rows)[0][0], "rows")
        if size is not None and not 1 <= size <= MOST_ROWS:
            raise BridgeInputError(f"rows {size}: 1 to {MOST_ROWS}", reason=Reason.OUT_OF_RANGE)
        grid, listed = as_grid(results), as_grid(names)
        if len(grid[0]) != len(RESULT_COLUMNS):
            raise BridgeInputError(f"results: {len(RESULT_COLUMNS)} columns ({', '.join(RESULT_COLUMNS)}), "
                                   f"{len(grid[0])} given")  # fmt: skip
        if len(listed[0]) not in (len(NAME_COLUMNS) - 1, len(NAME_COLUMNS)):
            raise BridgeInputError(f"names: 4 or 5 columns ({', '.join(NAME_COLUMNS)}), {len(listed[0])} given")
        if is_blank_text(wanted):
            card: list[list[Any]] = []
        else:
            worked = read_session(grid, listed, method, None, per_board, plan)
            by_row = _rounds(rounds, len(grid))
            line_rounds: list[int | None] | None = None
            if by_row is not None:
                line_rounds = [None] * len(worked.score.session.lines)
                for row, index in enumerate(worked.line_of):
                    if index is not None:
                        line_rounds[index] = by_row[row]
            card = [_cells(row) for row in engine_scorecard(worked.score, wanted, line_rounds).rows]
    except BridgeInputError as error:
        return [[error_value(error)] * (width - 1) + [error.message]]
    if size is None:
        return card or [[""] * width]
    if len(card) > size:
        return [[error_value(BridgeInputError("", reason=Reason.OUT_OF_RANGE))] * (width - 1)
                + [f"the card has {len(card)} rows, more than the {size} it may fill"]]  # fmt: skip
    return card + [[""] * width for _ in range(size - len(card))]
