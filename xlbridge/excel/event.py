"""The worksheet functions of a teams event: TEAMNAME, EVENTMATCHES, STANDINGS and TEAMSINFO.

Each reads the event as the teams-event workbook holds it (the Matches block, the Teams block and the Settings),
works it out once with the engine (:mod:`xlbridge.engine.event`) and answers its part. A cell that cannot be read
makes its own row wait with the reason in words; it never stops the rest.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction
from typing import Any

from ..engine.errors import BridgeInputError, Reason
from ..engine.event import AGAIN, AGAIN_WORDS, EventRow, EventScore, score_event
from ..engine.matches import Event, EventMatch, Team
from ..engine.values import NUMBER, as_whole_number, bounded, show
from ..rules import TEAMS_FORMS, VP_SCALES
from ..rules.teams import BYE_RULES, TIE_BREAKS
from .cells import Grid, as_grid, cell_error, entered_text, error_value, is_blank, is_blank_text, never_raises, to_cell
from .teams import first_cell, heading_text

__all__ = [
    "BAM_HEADINGS",
    "BYE_WORDS",
    "STANDING_COLUMNS",
    "WAITING",
    "eventmatches",
    "read_match",
    "read_teams",
    "standings",
    "teamname",
    "teamsinfo",
]

EVENT_COLUMNS = ("IMP margin", "Home VPs", "Away VPs", "Check")
#: How the standings' status line says that rows of matches wait (``xlbridge standings`` notes it).
WAITING = "for checking"
#: The columns STANDINGS gives before the running totals, with the headings of a board-a-match event where
#: they differ.
STANDING_COLUMNS = ("Place", "Team", "Name", "Played", "Byes", "IMPs for", "IMPs against", "VPs", "Tie-break")
BAM_HEADINGS = {"IMPs for": "Boards", "IMPs against": "%", "VPs": "Board points"}
#: The matches block: 8 columns (round, home, away, boards, IMPs, board points), or 10 with each team's name after
#: its number, as the teams-event workbook's Matches sheet has them (the names are shown, not read); and after them
#: Played again (9 or 11 columns), the director's word that a repeat meeting was played.
MATCH_ENTRIES = ("Round", "Home", "Away", "Boards", "Home IMPs", "Away IMPs", "Home BAM", "Away BAM")
NAMED_ENTRIES = ("Round", "Home", "Home team", "Away", "Away team", "Boards", "Home IMPs", "Away IMPs", "Home BAM",
                 "Away BAM")  # fmt: skip
#: What an away team cell may say for a bye (or be blank).
BYE_WORDS = {"BYE", "SIT OUT", "SIT-OUT", "-"}


def _shape(rows: int, cols: int) -> Any:
    return lambda *_: (rows, cols)


# --- a teams event --------------------------------------------------------------------------------------------------


def _whole(value: object, what: str) -> int | None:
    """A whole number from a cell of a range (blank: None; 0 is a number: xlwings Lite hands a blank cell of a
    range over as "", not 0); a cell error, text or a fraction is refused naming ``what``."""
    if is_blank(value):
        return None
    in_cell = cell_error(what, value)
    if in_cell is not None:
        raise in_cell
    return as_whole_number(value, what)


def _decimal(value: object, what: str) -> Fraction | None:
    """A number from a cell as the exact decimal it shows (21.5 IMPs; blank: None)."""
    if is_blank(value):
        return None
    in_cell = cell_error(what, value)
    if in_cell is not None:
        raise in_cell
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise BridgeInputError(f"{what} {show(value)}: expected a number")
    text = value.strip().replace("−", "-") if isinstance(value, str) else repr(value)
    if isinstance(value, float) and not math.isfinite(value):
        raise BridgeInputError(f"{what} {show(value)}: expected a number", reason=Reason.OUT_OF_RANGE)
    if not NUMBER.fullmatch(text) and not isinstance(value, float):
        raise BridgeInputError(f"{what} {show(value)}: expected a number")
    return bounded(Fraction(Decimal(text)), what, value)


def _team_number(value: object, what: str) -> int | None:
    number = _whole(value, what)
    if number is not None and number < 1:
        raise BridgeInputError(f"{what} {number}: teams are numbered from 1", reason=Reason.OUT_OF_RANGE)
    return number


def _again(value: object) -> bool:
    """Whether a Played again cell says yes (Y, Yes, X, TRUE; blank or N says no)."""
    if is_blank(value) or value is False:
        return False
    error = cell_error(AGAIN, value)
    if error is not None:
        raise error
    text = str(value).strip().upper() if not isinstance(value, bool) else "TRUE"
    if text in AGAIN_WORDS:
        return True
    if text in ("N", "NO", "FALSE"):
        return False
    raise BridgeInputError(f"{AGAIN.lower()} {show(value)}: {AGAIN_WORDS[0]} where the teams did play this repeat "
                           "meeting, else blank")  # fmt: skip


def read_match(cells: Sequence[object]) -> EventRow:
    """One row of the matches block (8 columns, or 10 with the names; a ninth or eleventh, Played again): the
    match, a bye, why it cannot be read, or None for a blank row."""
    entries: tuple[str, ...] = NAMED_ENTRIES if len(cells) >= len(NAMED_ENTRIES) else MATCH_ENTRIES
    names = entries + (AGAIN,) * (len(cells) > len(entries))
    values = dict(zip(names, (list(cells) + [None] * len(names))[: len(names)], strict=True))
    entered = {key: value for key, value in values.items() if not key.endswith(" team")}
    if all(is_blank(value) for value in entered.values()):
        return None
    try:
        away_cell = entered["Away"]
        bye = is_blank(away_cell) or (isinstance(away_cell, str) and away_cell.strip().upper() in BYE_WORDS)
        home_cell = entered["Home"]
        if isinstance(home_cell, str) and home_cell.strip().upper() in BYE_WORDS:
            raise BridgeInputError("home team BYE: the team that sits out goes in Home, with Away blank or BYE")
        return EventMatch(
            _whole(entered["Round"], "round"),
            _team_number(home_cell, "home team"),
            None if bye else _team_number(away_cell, "away team"),
            _whole(entered["Boards"], "boards"),
            _decimal(entered["Home IMPs"], "home IMPs"),
            _decimal(entered["Away IMPs"], "away IMPs"),
            _decimal(entered["Home BAM"], "home board-a-match points"),
            _decimal(entered["Away BAM"], "away board-a-match points"),
            bye=bye,
            again=_again(entered.get(AGAIN)),
        )
    except BridgeInputError as error:
        return error


def read_teams(teams: object) -> tuple[list[Team], list[str], dict[int, str]]:
    """The teams listed (number, name, members), and why any listed row cannot be one, naming its row (the block's
    first is row 2): a cell holding an error (a lookup that found nobody: #N/A) among them, which would be the
    team's name or members; and those rows' problems by their team's number, where it can be read (a match of
    team 2 then says why team 2 is not a team)."""
    out: list[Team] = []
    problems: list[str] = []
    unreadable: dict[int, str] = {}
    seen: set[int] = set()
    for row, cells in enumerate(as_grid(teams), start=2):
        number, name, members = values = (list(cells) + [None] * 3)[:3]
        in_cell = next(filter(None, (cell_error(heading, value) for heading, value in
                                  zip(("team", "name", "members"), values, strict=True))), None)  # fmt: skip
        if in_cell is not None:
            problems.append(f"teams row {row}: {in_cell.message}")
            try:
                known = _team_number(number, "team")
            except BridgeInputError:  # the number is the cell that cannot be read: whose row it is, nobody knows
                known = None
            if known is not None:
                unreadable.setdefault(known, problems[-1])
            continue
        if is_blank(number):
            continue
        try:
            value = _team_number(number, "team")
        except BridgeInputError as error:
            problems.append(f"teams row {row}: {error.message}")
            continue
        assert value is not None
        if value in seen:
            problems.append(f"teams row {row}: team {value} is listed twice")
            continue
        seen.add(value)
        out.append(Team(value, entered_text(name), entered_text(members)))
    return out, problems, unreadable


#: The event's optional choices, in the order the functions take them after ``boards`` and ``rounds``.
OPTIONS = ("schedule", "bye_rule", "tie_break", "entrants")


def _event(matches: object, teams: object, form: object, scale: object, boards: object,
           options: Sequence[object] = ()) -> tuple[Event, list[EventRow], dict[str, str], dict[int, str]]:  # fmt: skip
    """The event as its cells hold it: settings, teams and rows, why any setting cannot be read, and why the rows of
    teams that cannot be read (by number) cannot."""
    rows = [read_match(cells) for cells in as_grid(matches)]
    team_list, team_problems, unreadable = read_teams(teams)
    settings: dict[str, str] = {}
    if team_problems:
        settings["teams"] = f"{team_problems[0]} (Teams)"
    per_match = first_cell(boards)
    try:
        board_count = 8 if per_match is None else _whole(per_match, "boards per match")
    except BridgeInputError as error:
        settings["boards"] = f"{error.message} (Settings)"
        board_count = 8
    chosen = dict(zip(OPTIONS, ([*options] + [None] * len(OPTIONS))[: len(OPTIONS)], strict=True))
    event = Event(
        form=entered_text(first_cell(form)) or TEAMS_FORMS.default.name,
        scale=entered_text(first_cell(scale)) or VP_SCALES.default.name,
        boards=8 if board_count is None else board_count,
        teams=tuple(team_list),
        schedule=entered_text(first_cell(chosen["schedule"])),
        bye_rule=entered_text(first_cell(chosen["bye_rule"])),
        tie_break=entered_text(first_cell(chosen["tie_break"])),
        entrants=entered_text(first_cell(chosen["entrants"])),
    )
    return event, rows, settings, unreadable


def _scored(matches: object, teams: object, form: object, scale: object, boards: object, rounds: int,
            options: Sequence[object]) -> tuple[Event, list[EventRow], EventScore]:  # fmt: skip
    event, rows, settings, unreadable = _event(matches, teams, form, scale, boards, options)
    return event, rows, score_event(event, rows, rounds, settings, unreadable)


@never_raises(lambda matches, *_: (len(as_grid(matches)), len(EVENT_COLUMNS)))
def eventmatches(matches: object, teams: object, form: object, scale: object, boards: object = None,
                 schedule: object = None, bye_rule: object = None, entrants: object = None) -> Grid:  # fmt: skip
    """For each match of a teams event: the IMP margin, each team's victory points (a bye: its award), and why
    the row waits, in words ("" when it does not; in a Swiss pairs event's words with ``entrants`` Pairs)."""
    _, rows, scored = _scored(matches, teams, form, scale, boards, 0, (schedule, bye_rule, None, entrants))
    out: Grid = []
    for row, figure in zip(rows, scored.matches, strict=True):
        if row is None:
            out.append([""] * len(EVENT_COLUMNS))
        else:
            out.append([to_cell(figure.margin), to_cell(figure.home_vps), to_cell(figure.away_vps), figure.problem])
    return out


@never_raises(lambda numbers, *_: (len(as_grid(numbers)), len(as_grid(numbers)[0])))
def teamname(numbers: object, teams: object) -> Grid:
    """The name of each team number, from the teams list (number, name, members): blank for a blank cell, ``bye``
    for BYE, and for a number not on the list (or not a number) the text ``?`` (its row's Check says why)."""
    team_list, _, _ = read_teams(teams)
    names = {team.number: team.name or f"Team {team.number}" for team in team_list}
    out: Grid = []
    for row in as_grid(numbers):
        cells = []
        for value in row:
            if is_blank_text(value):
                cells.append("")
            elif isinstance(value, str) and value.strip().upper() in BYE_WORDS:
                cells.append("bye")
            else:
                try:
                    number = _team_number(value, "team")
                except BridgeInputError:
                    number = None
                cells.append(names.get(number, "?") if number is not None else "?")
        out.append(cells)
    return out


#: The most rounds STANDINGS gives running totals for (far beyond any event).
MOST_ROUNDS = 100


def _rounds(value: object) -> int:
    count = as_whole_number(first_cell(value) or 0, "rounds")
    if not 0 <= count <= MOST_ROUNDS:
        raise BridgeInputError(f"rounds {count}: must be 0 to {MOST_ROUNDS}", reason=Reason.OUT_OF_RANGE)
    return count


def _standings_shape(matches: object, teams: object, *rest: object) -> tuple[int, int]:
    return len(as_grid(teams)) + 1, len(STANDING_COLUMNS) + (_rounds(rest[3]) if len(rest) > 3 else 0)


def _figure(value: Fraction | int | None) -> object:
    """A figure as a cell holds it: exact to the decimals shown (56.67, never 56.669999999999995)."""
    if value is None:
        return ""
    number = Fraction(value)
    return int(number) if number.denominator == 1 else float(Decimal(number.numerator) / Decimal(number.denominator))


def _percent(points: Fraction | None, boards: int) -> object:
    if points is None or not boards:
        return ""
    return float(round(Decimal(points.numerator) * 100 / (Decimal(points.denominator) * boards), 2))


@never_raises(_standings_shape)
def standings(matches: object, teams: object, form: object, scale: object, boards: object = None,
              rounds: object = 0, schedule: object = None, bye_rule: object = None,
              tie_break: object = None, entrants: object = None) -> Grid:  # fmt: skip
    """A teams event's standings in place order, after a row of headings: place (``2=`` for a tie that stays),
    team (``entrants`` Pairs: pair), name, matches played, byes, IMPs for and against, VPs (board-a-match: boards,
    %, board points), the tie-break that placed the team among equal scores, and the score after each round played
    (blank after the last); rows of the teams list left over are blank. Rows of matches that wait are not counted
    (TEAMSINFO says how many)."""
    try:
        count = _rounds(rounds)
    except BridgeInputError as error:
        return [[error_value(error)] * (len(STANDING_COLUMNS) - 1) + [error.message]]
    _, _, scored = _scored(matches, teams, form, scale, boards, count, (schedule, bye_rule, tie_break, entrants))
    width = len(STANDING_COLUMNS) + count
    vp = scored.form.victory_points
    headings = [
        scored.entrants.side(heading if vp else BAM_HEADINGS.get(heading, heading)) for heading in STANDING_COLUMNS
    ]
    headings += [f"After round {n}" if n <= scored.last_round else "" for n in range(1, count + 1)]
    out: Grid = [headings]
    for line in scored.ranking:
        running = ["" if value is None else _figure(value) for value in line.running]
        if vp:
            middle = [_figure(line.imps_for), _figure(line.imps_against), _figure(line.vps)]
        else:
            middle = [line.boards, _percent(line.bam, line.boards), _figure(line.bam)]
        out.append([line.place, line.team.number, line.team.name, line.played, line.byes or "", *middle,
                    line.tie_break, *running])  # fmt: skip
    rows = len(as_grid(teams)) + 1
    out.extend([[""] * width for _ in range(rows - len(out))])
    return out[:rows]


def _status(scored: EventScore, planned: int | None) -> str:
    """How far the event has got, and what waits: the standings' third line."""
    parts = []
    if scored.last_round:
        of = f" of {planned}" if planned else ""
        parts.append(f"After round {scored.last_round}{of}")
    else:
        parts.append("No results yet")
    if scored.problems:
        rows = "row waits" if scored.problems == 1 else "rows wait"
        parts.append(f"{scored.problems} match {rows} {WAITING}, not counted: see the Check column of Matches")
    problems = [message for key, message in scored.settings.items() if key != "boards"]
    if problems:
        parts.append(problems[0])
    return "; ".join(parts)


@never_raises(_shape(3, 1))
def teamsinfo(event: object, form: object, scale: object, matches: object = None, teams: object = None,
              boards: object = None, rounds: object = None, schedule: object = None, bye_rule: object = None,
              tie_break: object = None) -> Grid:  # fmt: skip
    """A teams event's title, what its standings total (victory points on a scale, or board-a-match points) and
    how ties are broken and byes scored, and (given the matches and teams) how far it has got and how many rows
    of matches wait for checking."""
    title = heading_text(event, "Standings")
    chosen = entered_text(first_cell(form)) or TEAMS_FORMS.default.name
    found = TEAMS_FORMS.find(chosen)
    if found is None:
        return [[title], [f"form {chosen!r}: must be one of {', '.join(TEAMS_FORMS.names())}"], [""]]
    what = "Board-a-match: total board points" if not found.victory_points else (
        f"Victory points ({entered_text(first_cell(scale)) or VP_SCALES.default.name} scale)")  # fmt: skip
    rules = []
    typed = first_cell(tie_break)
    tie = TIE_BREAKS.find(entered_text(typed)) if typed is not None else TIE_BREAKS.default
    if tie is not None:
        rules.append(f"ties: {tie.name} ({', '.join(tie.criteria)})" if tie.criteria else "ties shared")
    bye = BYE_RULES.find(entered_text(first_cell(bye_rule))) if first_cell(bye_rule) is not None else BYE_RULES.default
    if bye is not None:
        rules.append(f"a bye scores: {bye.name}")
    description = "; ".join([what, *rules])
    if matches is None or teams is None:
        return [[title], [description], [""]]
    planned = first_cell(rounds)
    try:
        planned_rounds = None if planned is None else _whole(planned, "rounds")
    except BridgeInputError:
        planned_rounds = None
    _, _, scored = _scored(matches, teams, form, scale, boards, 0, (schedule, bye_rule, tie_break))
    return [[title], [description], [_status(scored, planned_rounds)]]
