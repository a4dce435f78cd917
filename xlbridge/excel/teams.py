"""The worksheet functions of team matches and teams events: MATCHBOARDS, MATCHSUMMARY, EVENTMATCHES, STANDINGS and
TEAMSINFO, and BOARDRESULTS for one board's traveller.

Like the session functions, each reads its block of entries as the template holds it, works it out with the engine
(:mod:`xlbridge.engine.teams`, :mod:`xlbridge.engine.standings`) and answers its part, so that every figure of
those workbooks comes from the engine and needs no function newer than Excel 2016.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..engine.errors import BridgeInputError, Reason
from ..engine.session import Event, EventMatch, Line, Session, Team, read_line, read_play
from ..engine.standings import score_session
from ..engine.teams import MatchRow, Table, score_event, score_match
from ..engine.values import as_whole_number
from ..rules import TEAMS_FORMS, VP_SCALES
from ..rules.methods import BOARD_A_MATCH
from .cells import Grid, as_grid, error_value, held_error, is_blank_text, never_raises, to_cell
from .session import _pair_number, _text

__all__ = ["boardresults", "eventmatches", "matchboards", "matchsummary", "standings", "teamsinfo"]

MATCH_COLUMNS = ("Net (home)", "IMPs (home)", "Home IMPs", "Away IMPs", "BAM (home)", "Check table 1", "Check table 2")
EVENT_COLUMNS = ("IMP margin", "Home VPs", "Away VPs", "Check")
STANDING_COLUMNS = ("Team", "Name", "Played", "IMPs for", "IMPs against", "VPs", "BAM points", "Score", "Place")
BOARD_COLUMNS = ("NS score", "EW score", "NS MP", "EW MP", "Check")


def _first(value: object) -> object:
    cell = as_grid(value)[0][0]
    return None if is_blank_text(cell) else cell


def _table(cells: Sequence[object], board: int) -> Table:
    """A table's contract, declarer and result as read: None when all blank."""
    contract, declarer, result = (list(cells) + [None] * 3)[:3]
    for name, value in (("contract", contract), ("declarer", declarer), ("result", result)):
        held = held_error(name, value)
        if held is not None:
            return held
    if is_blank_text(contract) and is_blank_text(declarer) and (is_blank_text(result) or result == 0):
        return None
    try:
        return read_play(_text(contract) or None, _text(declarer), _text(result) or result, board)
    except BridgeInputError as error:
        return error


def _match_rows(boards: object, table1: object, table2: object) -> list[MatchRow | None]:
    out: list[MatchRow | None] = []
    for board, first, second in zip(as_grid(boards), as_grid(table1), as_grid(table2), strict=False):
        if is_blank_text(board[0]):
            out.append(None)
            continue
        number = as_whole_number(board[0], "board")
        out.append(MatchRow(number, _table(first, number), _table(second, number)))
    return out


def _shape(rows: int, cols: int) -> Any:
    return lambda *_: (rows, cols)


def _rows_of(first: object, *_: object) -> tuple[int, int]:
    return len(as_grid(first)), len(MATCH_COLUMNS)


@never_raises(_rows_of)
def matchboards(boards: object, table1: object, table2: object) -> Grid:
    """For each board of a team match: the home team's net score, IMPs (signed, then each team's), board-a-match
    points, and what needs checking at each table."""
    rows = _match_rows(boards, table1, table2)
    scored = iter(score_match([row for row in rows if row is not None]).boards)
    out: Grid = []
    for row in rows:
        if row is None:
            out.append([""] * len(MATCH_COLUMNS))
            continue
        board = next(scored)
        swing = board.imps
        home = swing if isinstance(swing, int) and swing > 0 else ""
        away = -swing if isinstance(swing, int) and swing < 0 else ""
        out.append([to_cell(board.net), to_cell(swing), home, away, to_cell(board.bam), board.check1, board.check2])
    return out


@never_raises(_shape(6, 2))
def matchsummary(
    home: object, away: object, boards: object, table1: object, table2: object, scale: object = None
) -> Grid:
    """A team match's totals, home team then away team: the names, boards played, IMPs, victory points,
    board-a-match points, and the lines that need checking."""
    names = [_text(_first(home)) or "Home", _text(_first(away)) or "Away"]
    try:
        match = score_match([row for row in _match_rows(boards, table1, table2) if row is not None], _first(scale))
    except BridgeInputError as error:
        return [names, *[[error_value(error)] * 2 for _ in range(4)], [error.message, ""]]
    waiting = "#N/A" if match.problems else ""
    both = [(match.home_imps, match.away_imps), (match.home_vps, match.away_vps), (match.home_bam, match.away_bam)]
    figures = [[to_cell(value) if value is not None else waiting for value in pair] for pair in both]
    if match.played == 0:
        figures[1] = ["", ""]
    return [names, [match.played, match.played], *figures, [match.problems, ""]]


def _number(value: object) -> int | None:
    if is_blank_text(value):
        return None
    return as_whole_number(value, "match")


def _points(value: object) -> float | None:
    if is_blank_text(value):
        return None
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    raise BridgeInputError(f"board-a-match points {value!r}: expected a number")


def _event(matches: object, teams: object, form: object, scale: object, boards: object) -> tuple[Any, ...]:
    rows: list[EventMatch | None] = []
    for cells in as_grid(matches):
        values = (list(cells) + [None] * 8)[:8]
        if all(is_blank_text(value) for value in values):
            rows.append(None)
            continue
        numbers = [_number(value) for value in values[:6]]
        rows.append(EventMatch(*numbers, home_bam=_points(values[6]), away_bam=_points(values[7])))  # type: ignore[misc]
    team_list = []
    for cells in as_grid(teams):
        number, name, members = (list(cells) + [None] * 3)[:3]
        if not is_blank_text(number):
            team_list.append(Team(as_whole_number(number, "team"), _text(name), _text(members)))
    per_match = _first(boards)
    event = Event(
        form=_text(_first(form)) or TEAMS_FORMS.default.name,
        scale=_text(_first(scale)) or VP_SCALES.default.name,
        boards=8 if per_match is None else as_whole_number(per_match, "boards per match"),
        teams=tuple(team_list),
    )
    return event, rows


@never_raises(lambda matches, *_: (len(as_grid(matches)), len(EVENT_COLUMNS)))
def eventmatches(matches: object, teams: object, form: object, scale: object, boards: object = None) -> Grid:
    """For each match of a teams event: the IMP margin, each team's victory points, and what needs checking."""
    event, rows = _event(matches, teams, form, scale, boards)
    scored = score_event(event, rows, 0)
    out: Grid = []
    for row, figure in zip(rows, scored.matches, strict=True):
        if row is None:
            out.append([""] * len(EVENT_COLUMNS))
        else:
            out.append([to_cell(figure.margin), to_cell(figure.home_vps), to_cell(figure.away_vps), figure.problem])
    return out


#: The most rounds STANDINGS gives running totals for (far beyond any event).
MOST_ROUNDS = 100


def _rounds(value: object) -> int:
    count = as_whole_number(_first(value) or 0, "rounds")
    if not 0 <= count <= MOST_ROUNDS:
        raise BridgeInputError(f"rounds {count}: must be 0 to {MOST_ROUNDS}", reason=Reason.OUT_OF_RANGE)
    return count


def _standings_shape(matches: object, teams: object, *rest: object) -> tuple[int, int]:
    return len(as_grid(teams)), len(STANDING_COLUMNS) + (_rounds(rest[3]) if len(rest) > 3 else 0)


@never_raises(_standings_shape)
def standings(
    matches: object, teams: object, form: object, scale: object, boards: object = None, rounds: object = 0
) -> Grid:
    """A teams event's standings, one row per team in the order of the teams: team, name, matches played, IMPs for
    and against, VPs (or board-a-match points), score, place (``2=`` for a tie), and the score after each round."""
    try:
        count = _rounds(rounds)
    except BridgeInputError as error:
        return [[error_value(error)] * (len(STANDING_COLUMNS) - 1) + [error.message]]
    event, rows = _event(matches, teams, form, scale, boards)
    scored = score_event(event, rows, count)
    waiting = "#N/A" if scored.problems else ""
    by_number = {line.team.number: line for line in scored.standings}
    out: Grid = []
    for cells in as_grid(teams):
        number = None if is_blank_text(cells[0]) else as_whole_number(cells[0], "team")
        line = by_number.get(number) if number is not None else None
        if line is None:
            out.append([""] * (len(STANDING_COLUMNS) + count))
            continue
        score = to_cell(line.score) if line.score is not None else waiting
        running = ["" if value is None else value for value in line.running]
        out.append([line.team.number, line.team.name, line.played, line.imps_for, line.imps_against,
                    "" if line.vps is None else line.vps, "" if line.bam is None else line.bam, score, line.place,
                    *running])  # fmt: skip
    return out


@never_raises(_shape(2, 1))
def teamsinfo(event: object, form: object, scale: object) -> Grid:
    """A teams event's title and what its standings total: victory points on a scale, or board-a-match points."""
    title = _text(_first(event)) or "Standings"
    chosen = _text(_first(form)) or TEAMS_FORMS.default.name
    found = TEAMS_FORMS.find(chosen)
    if found is BOARD_A_MATCH:
        return [[title], ["Board-a-match: total board points"]]
    if found is None:
        return [[title], [f"form {chosen!r}: must be one of {', '.join(TEAMS_FORMS.names())}"]]
    return [[title], [f"Victory points ({_text(_first(scale)) or VP_SCALES.default.name} scale)"]]


@never_raises(lambda board, lines: (len(as_grid(lines)), len(BOARD_COLUMNS)))
def boardresults(board: object, lines: object) -> Grid:
    """One board's traveller: for each line (NS pair, EW pair, contract, by, lead, result, adjusted score), both
    sides' scores and matchpoints and what needs checking."""
    grid = as_grid(lines)
    number = _first(board)
    rows: list[Line | BridgeInputError | None] = []
    for cells in grid:
        ns, ew, contract, declarer, lead, result, adjusted = ([*cells, *[None] * 7])[:7]
        texts = [_text(value) for value in (contract, declarer, lead, result, adjusted)]
        if is_blank_text(ns) and is_blank_text(ew) and not texts[0] and not texts[4]:
            rows.append(None)
            continue
        held = next((e for e in map(held_error, ("contract", "declarer", "result"), (contract, declarer, result))
                     if e is not None), None)  # fmt: skip
        try:
            if held is not None:
                raise held
            if number is None:
                raise BridgeInputError("board missing: enter the board number above the traveller")
            rows.append(read_line(number, _pair_number(ns) or "-", _pair_number(ew) or "-", texts[0], texts[1],
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
