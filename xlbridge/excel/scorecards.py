"""The worksheet function of personal scorecards: SCORECARD.

``SCORECARD(pair, names, results, [method], [per_board], [rounds])`` reads a whole session from two ranges laid out
as the pairs-session workbook's sheets are (``names``: pair, direction, player 1, player 2; ``results``: board, NS,
EW, contract, declarer, lead, result, adjusted), scores it with the engine's session computation and spills the
pair's card, one row per board it played, in the columns of :data:`COLUMNS`. The session is scored once however
many cards a sheet shows: the scored session is kept, keyed on what was read (:mod:`xlbridge.excel.cache`).

A blank ``pair`` gives a blank row; a card that cannot be given (a pair not on the list, a range of the wrong
width) is one row of error values with the reason in its last cell, as the scoresheet functions show theirs.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..engine.errors import BridgeInputError, Reason
from ..engine.scorecards import ScorecardRow
from ..engine.scorecards import scorecard as engine_scorecard
from ..engine.session import Pair, PairNumber, Row, Session, Unscorable, parse_direction, read_line
from ..engine.standings import score_session
from ..engine.values import as_whole_number, is_blank
from .cache import Kept, forget_if_full
from .cells import Grid, as_grid, error_value, held_error, is_blank_text, never_raises, text_cell, to_cell

__all__ = ["COLUMNS", "NAME_COLUMNS", "RESULT_COLUMNS", "scorecard"]

#: What each row of a card holds.
COLUMNS = (
    "Round", "Board", "Versus", "Direction", "Contract", "By", "Result", "Score", "Points", "%", "Running total",
    "Running %",
)  # fmt: skip
#: The columns ``names`` is read by, in order (the pairs-session workbook's Names sheet).
NAME_COLUMNS = ("Pair", "Direction", "Player 1", "Player 2")
#: The columns ``results`` is read by, in order (the pairs-session workbook's Results sheet, columns A to H).
RESULT_COLUMNS = ("Board", "NS", "EW", "Contract", "By", "Lead", "Result", "Adjusted")

#: Each session read, scored once (many cards on a sheet read the same session).
_SCORED = Kept(score_session)


def _text(value: object) -> str:
    """A cell as the text a traveller holds: whole numbers without ``.0``, xlwings Lite's 0 for an empty cell
    as nothing."""
    value = text_cell(value)
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).strip()


def _pair_number(value: object) -> PairNumber | None:
    text = _text(value)
    if not text:
        return None
    return int(text) if text.isdigit() else text


def _held(row: Sequence[object], headings: Sequence[str]) -> BridgeInputError | None:
    return next((e for e in map(held_error, headings, row) if e is not None), None)


def _pairs(names: object) -> list[Pair]:
    grid = as_grid(names)
    if len(grid[0]) < 1 or len(grid[0]) > len(NAME_COLUMNS):
        raise BridgeInputError(f"names: 1 to {len(NAME_COLUMNS)} columns ({', '.join(NAME_COLUMNS)})")
    pairs = []
    for number, row in enumerate(grid, start=1):
        cells = (list(row) + [None] * len(NAME_COLUMNS))[: len(NAME_COLUMNS)]
        held = _held(cells, NAME_COLUMNS)
        if held is not None:
            raise held.within(f"names row {number}")
        pair = _pair_number(cells[0])
        if pair is None:
            continue
        try:
            side = parse_direction(_text(cells[1]))
        except BridgeInputError as error:
            raise error.within(f"names row {number}") from None
        pairs.append(Pair(pair, side, tuple(player for player in map(_text, cells[2:]) if player)))
    return pairs


def _row(cells: Sequence[object]) -> Row | None:
    """A result row as typed: None when it is empty, else the line or why it cannot be scored."""
    held = _held(cells, RESULT_COLUMNS)
    texts = [_text(cell) for cell in cells]
    if held is None and not any(texts):
        return None
    board_text, _, _, contract, declarer, lead, result, adjusted = texts
    ns, ew = _pair_number(cells[1]), _pair_number(cells[2])
    entered = (contract, declarer, lead, result, adjusted)
    board = int(board_text) if board_text.isdigit() and int(board_text) > 0 else None
    if held is not None:
        return Unscorable(board, ns, ew, entered, held.message)
    if result == "0" and not (contract or declarer):
        result = ""  # xlwings Lite's 0 for an empty cell, on a row with no contract
    try:
        return read_line(board_text, ns, ew, contract, declarer, result, lead, adjusted)
    except BridgeInputError as error:
        return Unscorable(board, ns, ew, entered, error.message)


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


def _session(names: object, results: object, method: object, per_board: object, rounds: object) -> tuple[
    Session, list[int | None] | None
]:  # fmt: skip
    grid = as_grid(results)
    if len(grid[0]) != len(RESULT_COLUMNS):
        raise BridgeInputError(
            f"results: {len(RESULT_COLUMNS)} columns ({', '.join(RESULT_COLUMNS)}), {len(grid[0])} given"
        )
    round_cells = [row[0] for row in as_grid(rounds)]
    given = not all(is_blank_text(value) for value in round_cells)
    if given and len(round_cells) != len(grid):
        raise BridgeInputError(f"rounds: one per row of results ({len(grid)}), {len(round_cells)} given")
    lines: list[Row] = []
    line_rounds: list[int | None] = []
    for number, row in enumerate(grid, start=1):
        line = _row(row)
        if line is not None:
            lines.append(line)
            line_rounds.append(_round(round_cells[number - 1], number) if given else None)
    per_board_cell = text_cell(as_grid(per_board)[0][0])
    held = held_error("per_board", per_board_cell)
    if held is not None:
        raise held
    expected = None if is_blank(per_board_cell) else as_whole_number(per_board_cell, "per_board")
    if expected is not None and expected < 1:
        raise BridgeInputError(f"per_board {expected}: at least 1 result per board", reason=Reason.OUT_OF_RANGE)
    session = Session.of(method=text_cell(as_grid(method)[0][0]), per_board=expected, pairs=_pairs(names), lines=lines)
    return session, line_rounds if given else None


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
    pair: object, names: object, results: object, method: object = None, per_board: object = None, rounds: object = None
) -> Grid:
    """A pair's personal scorecard, one row per board it played (see :data:`COLUMNS`)."""
    forget_if_full()
    width = len(COLUMNS)
    wanted = as_grid(pair)[0][0]
    try:
        held = held_error("pair", wanted)
        if held is not None:
            raise held
        if is_blank_text(wanted):
            return [[""] * width]
        session, line_rounds = _session(names, results, method, per_board, rounds)
        card = engine_scorecard(_SCORED[session], wanted, line_rounds)
    except BridgeInputError as error:
        return [[error_value(error)] * (width - 1) + [error.message]]
    if not card.rows:
        return [[""] * width]
    return [_cells(row) for row in card.rows]
