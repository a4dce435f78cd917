"""The worksheet functions of a whole pairs session: SESSIONINFO, SESSIONRESULTS, PAIRTOTALS, RANKING, STRATRANKING
and TRAVELLERS.

Each takes the session's cells (:class:`~xlbridge.excel.session_cells.SessionCells`: the results block, the names
block, the scoring method, one field or two, the results per board and the movement's block), takes the session
through the pipeline once for those cells (:func:`~xlbridge.excel.session_cells.session_result`) and shows its part
of the :class:`~xlbridge.engine.pipeline.SessionResult`. What each shows is a function of the result alone
(:func:`results_cells`, :func:`info_cells`, :func:`totals_cells`, :func:`ranking_cells`, :func:`strat_cells`,
:func:`travellers_cells`), which a workbook's writer calls too, so a workbook written with its values holds what its
formulas give. Every figure costs n log n and needs no function newer than Excel 2016. SESSIONINFO, PAIRTOTALS and
RANKING take a masterpoint scale last (see :mod:`xlbridge.excel.masterpoints`).
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from ..engine.boards import board_dealer, board_vulnerability
from ..engine.errors import BridgeInputError, Reason
from ..engine.pairs import Pair, read_holding
from ..engine.pipeline import SessionResult
from ..engine.session import Line, NotPlayed, Row
from ..engine.standings import LineScore, SessionScore, Standing
from ..engine.strats import read_strats
from ..engine.values import as_whole_number, is_blank
from ..rules import SessionMethod, Side, Strats
from ..rules.boards import HIGHEST_BOARD
from ..rules.strats import STRAT_LETTERS
from .cells import (
    Grid,
    as_grid,
    cell_error,
    entered_text,
    error_value,
    fitted,
    never_raises,
    single_value,
    to_cell,
)
from .masterpoints import award_columns, award_note, with_awards
from .session_cells import ENTERED, SessionCells, session_result

__all__ = [
    "DOUBT",
    "INFO_ROWS",
    "PAIR_COLUMNS",
    "RESULT_COLUMNS",
    "STRAT_COLUMNS",
    "TOTAL_COLUMNS",
    "TRAVELLER_COLUMNS",
    "info_cells",
    "pairtotals",
    "ranking",
    "ranking_cells",
    "ranking_note",
    "ranking_rows",
    "results_cells",
    "sessioninfo",
    "sessionresults",
    "strat_cells",
    "strat_settings",
    "stratranking",
    "totals_cells",
    "travellers",
    "travellers_cells",
]

#: What SESSIONINFO gives, one row each.
INFO_ROWS = ("Title", "Date", "Results per board", "Top", "Boards", "Last board", "Results", "Problems", "IMP scoring",
             "Note")  # fmt: skip
#: What STRATRANKING gives for each place of the ranking: the ranking's place, pair, direction and players, the
#: pair's masterpoints (its players' average or higher), its strat, and its place in each strat it competes in.
STRAT_COLUMNS = ("Place", "Pair", "Direction", "Players", "Masterpoints", "Strat", *STRAT_LETTERS)
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


def _line_cells(session: SessionResult, row: Row, index: int, shown: dict[int, list[object]]) -> list[object]:
    """A line's cells on Results. ``shown`` keeps each line score's cells (:func:`_figures`, and nothing to check)
    by its id, for the call: the lines of one score on a board share their score (see
    :func:`~xlbridge.engine.standings.score_session`), and those with nothing to check share their cells."""
    scored = session.score.lines[index]
    if isinstance(row, NotPlayed):  # nothing scored: blank but for what needs checking
        return ["", "", "", "", "", "", "", scored.problem]
    cells = shown.get(id(scored))
    if cells is None:
        cells = shown[id(scored)] = [*_figures(scored, session.session.method), ""]
    doubts = session.prepared.doubts
    check = scored.problem or (f"{DOUBT}{doubts[index]}" if index in doubts else "")
    if isinstance(row, Line) and row.adjusted is not None:  # each side's column as that side sees it
        return [row.adjusted_for(Side.NS), row.adjusted_for(Side.EW), *cells[2:-1], check]
    return [*cells[:-1], check] if check else cells


def _shape(rows: int, cols: int) -> Any:
    return lambda *_: (rows, cols)


def _results_shape(*arguments: object) -> tuple[int, int]:
    return len(as_grid(SessionCells.split(arguments)[0].results)), len(RESULT_COLUMNS)


def _failed(error: BridgeInputError, rows: int, cols: int, reason_col: int | None = None) -> Grid:
    """Every cell of the answer shows why the session cannot be worked out (and one cell says it in words)."""
    out = [[error_value(error)] * cols for _ in range(rows)]
    if reason_col is not None and rows:
        out[0][reason_col] = error.message
    return out


def results_cells(session: SessionResult) -> Grid:
    """SESSIONRESULTS's cells: for each row of the results block, what its line scored (:data:`RESULT_COLUMNS`),
    blank for a blank row or one of the movement still to be typed. The rows of lines with one score and nothing
    to check are one list: copy a row before changing it."""
    shown: dict[int, list[object]] = {}
    lines = session.session.lines
    return [[""] * len(RESULT_COLUMNS) if index is None else _line_cells(session, lines[index], index, shown)
            for index in session.prepared.line_of]  # fmt: skip


@never_raises(_results_shape)
def sessionresults(*arguments: object) -> Grid:
    """For each row of the results block: NS and EW score, NS and EW points, NS and EW %, datum, check."""
    cells, _ = SessionCells.split(arguments)
    rows = len(as_grid(cells.results))
    try:
        session = session_result(cells)
    except BridgeInputError as error:
        return _failed(error, rows, len(RESULT_COLUMNS), len(RESULT_COLUMNS) - 1)
    return [row[:] for row in fitted(results_cells(session), rows)]


def ranking_note(session: SessionResult, mp_scale: object = None) -> str:
    """What the ranking says under its title (:meth:`~xlbridge.engine.pipeline.SessionResult.note`); with a
    masterpoint scale (a cell, or the scale), the scale or why the session cannot be awarded on it."""
    return session.note() + award_note(session, mp_scale)


def info_cells(session: SessionResult | BridgeInputError, event: object, date: object, mp_scale: object) -> Grid:
    """SESSIONINFO's cells, one a row (:data:`INFO_ROWS`): the title and date as given, then the session's figures
    (or the error that stops it, each figure its error value and the note its reason)."""
    event_text = entered_text(single_value(event))
    day = single_value(date)
    if isinstance(day, (int, float)) and not isinstance(day, bool):  # a date as Excel holds one: its serial number
        shown_day: object = day if math.isfinite(day) else ""
    else:  # a date typed as text (27/07/2026, "Tuesday 24th") is shown as it was typed
        shown_day = in_cell.code if (in_cell := cell_error("date", day)) is not None else entered_text(day)
    head = [event_text or "Ranking", shown_day]
    if isinstance(session, BridgeInputError):
        return [[value] for value in [*head, *[error_value(session)] * (len(INFO_ROWS) - 3), session.message]]
    score = session.score
    played = score.session
    figures = [score.expected, to_cell(score.top), score.boards, max(played.boards, default=0), score.results,
               score.problems, played.method.imp_scoring, ranking_note(session, mp_scale)]  # fmt: skip
    return [[value] for value in [*head, *figures]]


@never_raises(_shape(len(INFO_ROWS), 1))
def sessioninfo(event_name: object, event_date: object, *arguments: object) -> Grid:
    """The session's figures, one a row: title, date, results per board, top, boards, the last board played,
    results, problems, whether it is IMP scoring, and the note the ranking shows (with the movement, how many of
    the results it expects are in; with a masterpoint scale, the scale or why it cannot award the session)."""
    cells, rest = SessionCells.split(arguments)
    try:
        session: SessionResult | BridgeInputError = session_result(cells)
    except BridgeInputError as error:
        session = error
    return info_cells(session, event_name, event_date, rest[0] if rest else None)


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
    return [standing.place, pair.label, pair.direction_text, pair.names, standing.boards, total, percentage]


def _total_cells(standing: Standing | None, score: SessionScore) -> list[object]:
    """A Totals row: the ranking's cells, then the handicap, handicapped percentage and place (blank without)."""
    cells = _standing_cells(standing, score)
    if standing is None or standing.handicap is None:
        return [*cells, "", "", ""]
    handicapped = standing.handicapped
    shown = to_cell(handicapped) if handicapped is not None else ("#N/A" if score.problems else "")
    return [*cells, to_cell(standing.handicap), shown, standing.handicapped_place]


def _pairs_shape(*arguments: object) -> tuple[int, int]:
    cells, rest = SessionCells.split(arguments)
    return ranking_rows(len(as_grid(cells.names))), len(award_columns(PAIR_COLUMNS, rest[0] if rest else None))


def _totals_shape(*arguments: object) -> tuple[int, int]:
    cells, rest = SessionCells.split(arguments)
    return len(as_grid(cells.names)), len(award_columns(TOTAL_COLUMNS, rest[0] if rest else None))


def totals_cells(session: SessionResult, mp_scale: object = None) -> Grid:
    """PAIRTOTALS's cells: for each row of the names block, the pair's row (:data:`TOTAL_COLUMNS`), blank for a
    blank row; with a masterpoint scale (a cell, even blank), each pair's award."""
    standings = iter(session.score.standings)
    shown = [None if pair is None else next(standings) for pair in session.prepared.input.pairs]
    return with_awards([_total_cells(standing, session.score) for standing in shown], shown, session, mp_scale)


@never_raises(_totals_shape)
def pairtotals(*arguments: object) -> Grid:
    """For each row of the names block: place, pair, direction, players, boards played, total and percentage, and
    with handicaps the handicap, the handicapped percentage and the handicapped place; with a masterpoint scale,
    the pair's award."""
    cells, rest = SessionCells.split(arguments)
    mp_scale = rest[0] if rest else None
    try:
        session = session_result(cells)
    except BridgeInputError as error:
        return _failed(error, len(as_grid(cells.names)), len(award_columns(TOTAL_COLUMNS, mp_scale)))
    return fitted(totals_cells(session, mp_scale), len(as_grid(cells.names)))


def ranking_rows(pairs: int) -> int:
    """The rows RANKING fills for a names block of ``pairs`` rows: each section's ranking, a row headed Overall,
    and the overall ranking (a session of one section fills the first ``pairs``)."""
    return 2 * pairs + 1


#: What the row between the sections' rankings and the overall ranking says, in its Place column.
OVERALL = "Overall"


def ranking_cells(session: SessionResult, rows: int, mp_scale: object = None) -> Grid:
    """RANKING's cells: the pairs in place order, section by section, field by field, best first
    (:data:`PAIR_COLUMNS`; a pair by its label, ``A3``), blank rows to ``rows``; in a session of two sections or
    more, then a row headed :data:`OVERALL` and every pair in its overall place. With a masterpoint scale (a cell,
    even blank), each pair's award."""
    score = session.score
    ordered: list[Standing | None] = list(score.ranking)
    if len(score.session.sections) > 1:
        ordered += [None, *score.overall]
    shown = [ordered[i] if i < len(ordered) else None for i in range(rows)]
    out = with_awards([_standing_cells(standing, score) for standing in shown], shown, session, mp_scale)
    if len(score.session.sections) > 1 and len(score.ranking) < rows:
        out[len(score.ranking)][0] = OVERALL
    return out


@never_raises(_pairs_shape)
def ranking(*arguments: object) -> Grid:
    """The pairs in place order, section by section, field by field (two fields for a two-winner movement), best
    first, then in a session of several sections the overall ranking; blank rows to twice the size of the names
    block and one; with a masterpoint scale, each pair's award."""
    cells, rest = SessionCells.split(arguments)
    mp_scale = rest[0] if rest else None
    rows = ranking_rows(len(as_grid(cells.names)))
    try:
        session = session_result(cells)
    except BridgeInputError as error:
        return _failed(error, rows, len(award_columns(PAIR_COLUMNS, mp_scale)))
    return ranking_cells(session, rows, mp_scale)


def strat_settings(strats: object, strat_by: object) -> Strats | None:
    """The strats of STRATRANKING's cells: the limits as typed (blank: none, None) and how a pair's figure is made."""
    limits = single_value(strats)
    if isinstance(limits, float) and limits.is_integer():  # a single limit typed in a cell: 500, not 500.0
        limits = int(limits)
    return None if is_blank(limits) else read_strats(limits, single_value(strat_by))


def _holdings(session: SessionResult, holdings: object) -> dict[Pair, tuple[Fraction | None, ...]]:
    """The players' masterpoints by the session's pair, from the rows of ``holdings`` beside the names block's."""
    rows = as_grid(holdings) if holdings is not None else []
    standings = iter(session.score.standings)
    held = {}
    for number, pair in enumerate(session.prepared.input.pairs):
        if pair is None:
            continue
        standing = next(standings)
        cells = rows[number] if number < len(rows) else []
        try:
            held[standing.pair] = tuple(read_holding(cell, "masterpoints") for cell in cells[:2])
        except BridgeInputError as error:
            shown = f"{standing.pair.number}{standing.pair.direction_text}"
            raise BridgeInputError(f"pair {shown}'s {error.message}", reason=error.reason) from error
    return held


def strat_cells(session: SessionResult, rows: int, holdings: object, strats: Strats | None) -> Grid:
    """STRATRANKING's cells: the pairs in the ranking's order (:func:`ranking_cells`' rows) with each pair's
    masterpoints, strat and place in each strat it competes in (:data:`STRAT_COLUMNS`), blank rows to ``rows``;
    all blank without strats. ``holdings``: the players' masterpoints, a row for each row of the names block."""
    width = len(STRAT_COLUMNS)
    if strats is None:
        return [[""] * width for _ in range(rows)]
    stratified = session.stratified(strats, _holdings(session, holdings))
    figures = dict(zip(stratified.pairs, stratified.figures, strict=True))
    out: Grid = []
    for standing in session.score.ranking[:rows]:
        strat, places = stratified.of(standing.pair)
        figure = figures[standing.pair]
        shown = [places.get(letter, "") for letter in STRAT_LETTERS]
        out.append([*_standing_cells(standing, session.score)[:4], "" if figure is None else to_cell(figure), strat,
                    *shown])  # fmt: skip
    return out + [[""] * width for _ in range(rows - len(out))]


def _strats_shape(*arguments: object) -> tuple[int, int]:
    return len(as_grid(SessionCells.split(arguments)[0].names)), len(STRAT_COLUMNS)


@never_raises(_strats_shape)
def stratranking(*arguments: object) -> Grid:
    """The ranking by strats: the pairs in the ranking's order with their masterpoints, strat and place in each
    strat; blank rows to the size of the names block; all blank when no strats are given."""
    cells, rest = SessionCells.split(arguments)
    holdings, strats, strat_by = (*rest, None, None, None)[:3]
    rows = len(as_grid(cells.names))
    try:
        chosen = strat_settings(strats, strat_by)
        session = session_result(cells)
        return strat_cells(session, rows, holdings, chosen)
    except BridgeInputError as error:
        return _failed(error, rows, len(STRAT_COLUMNS), STRAT_COLUMNS.index("Players"))


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
    """One line of a traveller (:data:`TRAVELLER_COLUMNS`): its pairs (with their section, ``A3``, in a session of
    sections), what was entered for it, and what it scored (``computed``, its cells on Results)."""
    entered = ("not played", *row.entered[1:4]) if isinstance(row, NotPlayed) else row.entered[:4]
    ns, ew = ("" if number is None else f"{row.section}{number}" if row.section else number
              for number in (row.ns, row.ew))  # fmt: skip
    return [ns, ew, *entered, *computed[:4]]


def travellers_cells(session: SessionResult, count: int, room: int) -> Grid:
    """TRAVELLERS's cells: ``count`` boards' travellers, one block after another (a title row, the headings, then
    ``room`` rows for the board's lines in the order they were entered, and a blank row)."""
    width = len(TRAVELLER_COLUMNS)
    blank = [""] * width
    lines, results = session.session.lines, results_cells(session)
    row_of = session.prepared.row_of
    out: Grid = []
    for number in range(1, count + 1):
        title = [f"Board {number}", "", f"Dealer {board_dealer(number).value}", "",
                 f"Vulnerable: {board_vulnerability(number).value}", *[""] * (width - 5)]  # fmt: skip
        out += [title, list(TRAVELLER_COLUMNS)]
        indices = session.score.traveller(number)
        shown = indices if len(indices) <= room else indices[: room - 1]
        for index in shown:
            out.append(_traveller_line(lines[index], results[row_of[index]]))
        if len(indices) > room:
            out.append([f"board {number} has {len(indices)} results but its traveller holds {room}: "
                        f"the other {len(indices) - room + 1} are on Results", *[""] * (width - 1)])  # fmt: skip
        out += [blank[:] for _ in range(room - min(len(indices), room))]
        out.append(blank[:])
    return out


@never_raises(_travellers_shape)
def travellers(boards: object, lines: object, *arguments: object) -> Grid:
    """Every board's traveller, one block after another: a title row (board, dealer, vulnerability), the headings,
    then ``lines`` rows for the board's results in the order they were entered. A board with more results than
    its block holds says so in its last row, in words, instead of leaving any out."""
    width = len(TRAVELLER_COLUMNS)
    try:
        count, room = _counts(boards, lines)
    except BridgeInputError as error:
        return [[error_value(error)] * (width - 1) + [error.message]]
    cells, _ = SessionCells.split(arguments)
    try:
        session = session_result(cells)
    except BridgeInputError as error:
        return _failed(error, count * (room + 3), width, 0)
    return travellers_cells(session, count, room)
