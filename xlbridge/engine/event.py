"""Scoring a teams event: match by match to victory points (or board-a-match points), a bye by the event's bye rule,
and the standings with running totals round by round, placed by the event's tie-break.

Each match's IMP margin is converted to victory points on a VP scale (by name, from the registry), or the
board-a-match points are totalled. Every row of the matches is checked on its own (a team not on the list, a team
twice in a round, a repeat meeting the schedule does not allow unless the row's Played again confirms it was played,
a match without boards, negative IMPs, a VP scale that does not cover the match's length): a row that cannot be
scored waits with its reason and the standings are worked out from the others. A drawn match with no result yet is
not played, and does not wait; nor does a bye drawn for a round the event has not reached (no match of it or of a
later round typed), which scores once it has. A bye scores by the event's bye rule
(:data:`~xlbridge.rules.BYE_RULES`); teams on equal scores are placed by its tie-break
(:data:`~xlbridge.rules.TIE_BREAKS`, :mod:`xlbridge.engine.ties`), and a tie no criterion breaks is shared. Figures
are exact: victory points to the scale's 2 decimals, sums of them, and a bye's average rounded to 2.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction

from ..rules import TEAMS_FORMS, TeamsForm
from ..rules.teams import BYE_RULES, ENTRANTS, SCHEDULES, TIE_BREAKS, ByeRule, Entrants, Schedule, TieBreak
from .choices import choose
from .errors import BridgeInputError
from .matches import Event, EventMatch, Team
from .scales import AnyVPScale, victory_points, vp_scale
from .standings import share_places
from .ties import Contest, order
from .values import hundredths

__all__ = ["AGAIN", "AGAIN_WORDS", "EventRow", "EventScore", "MatchFigures", "TeamStanding", "score_event"]

#: What a match row is marked with where the director confirms a repeat meeting the schedule does not allow was
#: played (a late round of a Swiss, a mistake at the table), so that it is counted: the column, and the words
#: that say yes (any case; blank says no).
AGAIN = "Played again"
AGAIN_WORDS = ("Y", "YES", "X", "TRUE")


def _exact(value: float | int) -> Fraction:
    """A victory-point figure as the scale gives it (a whole number, or 2 decimals) made exact."""
    return Fraction(value) if isinstance(value, int) else Fraction(Decimal(repr(value)))


#: A row of an event's matches as read: the match, why it cannot be read, or None for a blank row.
EventRow = EventMatch | BridgeInputError | None


@dataclass(frozen=True, slots=True)
class MatchFigures:
    """A row of a teams event scored: the IMP margin, each team's victory points (IMP/VP) or board points (BAM),
    and why it waits ("" when it does not). A bye gives its team's award as ``home_vps`` once its round has begun
    (a match of it has a result); a match drawn but not played yet gives nothing and does not wait."""

    margin: Fraction | None
    home_vps: Fraction | None
    away_vps: Fraction | None
    problem: str
    bye: bool = False
    #: True when the row counts in the standings.
    scored: bool = False


@dataclass(frozen=True, slots=True)
class TeamStanding:
    """A team's line of the standings: matches played and byes, IMPs for and against, VPs (IMP/VP) or board
    points (BAM), its score, its place (``2=`` for a tie that stays) and position (1, 2, ... in place order), the
    tie-break criterion that placed it among teams of equal score ("" if none did), and its score after each
    round (None after the last round played)."""

    team: Team
    played: int
    byes: int
    imps_for: Fraction
    imps_against: Fraction
    vps: Fraction | None
    bam: Fraction | None
    boards: int
    score: Fraction
    place: str
    position: int
    tie_break: str
    running: tuple[Fraction | None, ...]
    bye_rounds: tuple[int, ...] = ()


@dataclass(frozen=True)
class EventScore:
    """A teams event scored: each row (in order), each team's standing (in the teams' order), and the rounds."""

    matches: tuple[MatchFigures, ...]
    standings: tuple[TeamStanding, ...]
    #: Rows that wait for checking, rows scored (matches and byes), and rows drawn but not played yet.
    problems: int
    scored: int
    unplayed: int
    #: The last round with a row scored (0 before any).
    last_round: int
    form: TeamsForm
    #: The event's choices as resolved (None where the Settings' choice is not one: ``settings`` says why).
    scale: AnyVPScale | None
    schedule: Schedule
    bye_rule: ByeRule
    tie_break: TieBreak
    settings: Mapping[str, str] = field(default_factory=dict)
    #: Who the entrants are (teams, or a Swiss pairs event's pairs): the words its outputs say.
    entrants: Entrants = ENTRANTS.default

    @property
    def ranking(self) -> list[TeamStanding]:
        """The standings in place order."""
        return sorted(self.standings, key=lambda standing: standing.position)


def _describe(match: EventMatch) -> str:
    return f"{match.home}: bye" if match.bye else f"{match.home} v {match.away}"


def _resolve(
    event: Event,
) -> tuple[TeamsForm, AnyVPScale | None, Schedule, ByeRule, TieBreak, Entrants, dict[str, str]]:
    """The event's choices from the registries; a choice that is none of them is named in the messages (and the
    default taken for it, so that what can still be shown is)."""
    messages: dict[str, str] = {}

    def pick(name: str, read: Callable[[], object], default: object) -> object:
        try:
            return read()
        except BridgeInputError as error:
            messages[name] = f"{error.message} (Settings)"
            return default

    form = pick("form", lambda: choose(TEAMS_FORMS, event.form, "form"), TEAMS_FORMS.default)
    scale = pick("scale", lambda: vp_scale(event.scale), None)
    schedule = pick("schedule", lambda: choose(SCHEDULES, event.schedule, "schedule"), SCHEDULES.default)
    bye_rule = pick("bye rule", lambda: choose(BYE_RULES, event.bye_rule, "bye rule"), BYE_RULES.default)
    tie_break = pick("tie-break", lambda: choose(TIE_BREAKS, event.tie_break, "tie-break"), TIE_BREAKS.default)
    entrants = pick("entrants", lambda: choose(ENTRANTS, event.entrants, "entrants"), ENTRANTS.default)
    return form, scale, schedule, bye_rule, tie_break, entrants, messages  # type: ignore[return-value]


def _points(value: int | float | Fraction | None) -> Fraction | None:
    if value is None:
        return None
    return Fraction(Decimal(repr(value))) if isinstance(value, float) else Fraction(value)


def _row_problem(match: EventMatch, numbers: set[int], form: TeamsForm, boards: int | None, settings: Mapping[str, str],
                 unreadable: Mapping[int, str]) -> str:  # fmt: skip
    """Why a row cannot be scored on its own ("" when it can, or when it is a match not played yet)."""
    if match.round is None:
        return "round missing"
    if match.round < 1:
        return f"round {match.round}: rounds are numbered from 1"
    if match.home is None:
        return "home team missing (a bye: the team in Home, Away blank or BYE)"
    for side, team in (("home", match.home), ("away", match.away)):
        if team is not None and team not in numbers:
            if team in unreadable:
                return f"{side} team {team}: its row of the list of teams cannot be read ({unreadable[team]})"
            return f"{side} team {team} is not on the list of teams"
    if match.home == match.away:
        return "a team cannot play itself"
    if match.bye:
        entered = [v for v in (match.home_imps, match.away_imps, match.home_bam, match.away_bam) if v is not None]
        return "a bye has no IMPs or board points: leave them blank, or enter the away team" if entered else ""
    given: tuple[int | float | Fraction | None, ...]
    if form.victory_points:
        if "scale" in settings:
            return settings["scale"]
        given, what = (match.home_imps, match.away_imps), "IMPs"
        least = "each team's IMPs are 0 or more (the margin is worked out)"
    else:
        given, what, least = (match.home_bam, match.away_bam), "board-a-match points", "0 or more"
    if given == (None, None):
        return ""
    for side, figure in zip(("home", "away"), given, strict=True):
        if figure is None:
            return f"{side} {what} missing"
        if figure < 0:
            return f"{side} {what} {_text(figure)}: {least}"
    if match.boards is None and boards is None:
        return settings.get("boards", "boards missing: enter the match's boards, or Boards per match in Settings")
    count = match.boards if match.boards is not None else boards
    assert count is not None
    if count < 1:
        return f"boards {count}: a match has at least 1 board"
    if not form.victory_points and _points(match.home_bam) + _points(match.away_bam) != count:  # type: ignore[operator]
        return f"board-a-match points should add up to the {count} boards played"
    return ""


def _text(value: int | float | Fraction) -> str:
    number = float(value)
    return str(int(number)) if number.is_integer() else f"{number:g}"


def _schedule_problems(matches: Sequence[EventMatch | None], problems: list[str], schedule: Schedule) -> None:
    """A team twice in a round, and meetings beyond what the schedule allows: each later row is flagged, naming the
    row it clashes with (the earlier row stays as it is)."""
    playing: dict[tuple[int, int], EventMatch] = {}
    met: dict[frozenset[int], list[EventMatch]] = {}
    for index, match in enumerate(matches):
        if match is None or problems[index] or match.round is None or match.home is None:
            continue
        teams = [team for team in (match.home, match.away) if team is not None]
        clash = next(((team, playing[(match.round, team)]) for team in teams if (match.round, team) in playing), None)
        if clash is not None:
            team, other = clash
            problems[index] = f"team {team} already plays in round {match.round} ({_describe(other)})"
            continue
        if match.bye and match.again:
            problems[index] = f"{AGAIN} {AGAIN_WORDS[0]}, but a bye is no meeting: leave {AGAIN} blank"
            continue
        if not match.bye:
            assert match.away is not None
            pair = frozenset((match.home, match.away))
            before = met.get(pair, [])
            beyond = schedule.meetings is not None and len(before) >= schedule.meetings
            if beyond and not match.again:
                rounds = ", ".join(str(m.round) for m in before)
                allowed = "once" if schedule.meetings == 1 else f"{schedule.meetings} times"
                problems[index] = (f"teams {match.home} and {match.away} already met (round {rounds}): a "
                                   f"{schedule.name.lower()} meets each pair {allowed}; if they did play again, "
                                   f"type {AGAIN_WORDS[0]} in {AGAIN}")  # fmt: skip
                continue
            if match.again and not beyond:
                meets = "have not met before" if not before else "may meet again in this schedule"
                problems[index] = (f"{AGAIN} {AGAIN_WORDS[0]}, but teams {match.home} and {match.away} {meets}: "
                                   f"leave {AGAIN} blank")  # fmt: skip
                continue
            met.setdefault(pair, []).append(match)
        for team in teams:
            playing[(match.round, team)] = match


@dataclass
class _Line:
    """A team's figures as they are added up."""

    team: Team
    played: int = 0
    byes: int = 0
    imps_for: Fraction = Fraction(0)
    imps_against: Fraction = Fraction(0)
    score: Fraction = Fraction(0)
    boards: int = 0
    by_round: dict[int, Fraction] = field(default_factory=dict)
    bye_rounds: list[int] = field(default_factory=list)

    def add(self, round_number: int, points: Fraction) -> None:
        self.score += points
        self.by_round[round_number] = self.by_round.get(round_number, Fraction(0)) + points


def score_event(
    event: Event,
    matches: Sequence[EventRow],
    rounds: int = 0,
    settings: Mapping[str, str] | None = None,
    unreadable: Mapping[int, str] | None = None,
) -> EventScore:
    """The event's rows (one per match or bye; None for a blank row) to victory points or board points, each
    checked on its own, and the standings of ``event.teams`` with running totals for rounds 1 to ``rounds``.

    ``settings`` are reasons the event's Settings could not be read (by what they set: ``"boards"`` for the
    boards per match), which the rows that depend on them wait for; ``unreadable`` why the entries of teams not
    in ``event.teams`` could not be read, by team number, which their matches' rows say."""
    form, scale, schedule, bye_rule, tie_break, entrants, resolved = _resolve(event)
    settings = {**resolved, **(settings or {})}
    numbers = {team.number for team in event.teams}
    default_boards: int | None = event.boards if "boards" not in settings else None
    if default_boards is not None and default_boards < 1:
        settings["boards"] = f"boards per match {default_boards} (Settings): a match has at least 1 board"
        default_boards = None
    read: list[EventMatch | None] = [row if isinstance(row, EventMatch) else None for row in matches]
    problems = [
        row.message if isinstance(row, BridgeInputError) else "" if row is None else
        _row_problem(row, numbers, form, default_boards, settings, unreadable or {})
        for row in matches
    ]  # fmt: skip
    chosen = [message for name, message in settings.items() if name in ("form", "schedule", "bye rule", "tie-break")]
    if chosen:  # a choice in Settings that is none: nothing can be scored as the event means it
        problems = [problems[i] or chosen[0] if read[i] is not None else problems[i] for i in range(len(read))]
    _schedule_problems(read, problems, schedule)
    problems = [entrants.say(problem) for problem in problems]  # a Swiss pairs event's: pair, NS, EW

    lines = {team.number: _Line(team) for team in event.teams}
    figures: list[MatchFigures] = []
    played: list[Contest] = []
    byes: list[tuple[int, EventMatch]] = []
    unplayed = 0
    for index, match in enumerate(read):
        if match is None or problems[index]:
            figures.append(MatchFigures(None, None, None, problems[index]))
            continue
        if match.bye:
            byes.append((index, match))
            figures.append(MatchFigures(None, None, None, "", bye=True))
            continue
        if (match.home_imps if form.victory_points else match.home_bam) is None:  # not played yet
            unplayed += 1
            figures.append(MatchFigures(None, None, None, ""))
            continue
        count = match.boards if match.boards is not None else default_boards
        assert count is not None  # a match played without its boards waits, saying so (_row_problem)
        assert match.home is not None
        assert match.away is not None
        assert match.round is not None
        margin: Fraction | None = None
        if form.victory_points:
            assert match.home_imps is not None
            assert match.away_imps is not None
            assert scale is not None
            margin = Fraction(match.home_imps) - Fraction(match.away_imps)
            try:
                home_points = _exact(victory_points(margin, scale, count))
                away_points = _exact(victory_points(-margin, scale, count))
            except BridgeInputError as error:
                problems[index] = error.message
                figures.append(MatchFigures(margin, None, None, error.message))
                continue
        else:
            home_bam, away_bam = _points(match.home_bam), _points(match.away_bam)
            assert home_bam is not None
            assert away_bam is not None  # one of the two alone waits, saying so (_row_problem)
            home_points, away_points = home_bam, away_bam
        figures.append(MatchFigures(margin, home_points, away_points, "", scored=True))
        played.append(Contest(match.home, match.away, home_points, away_points, margin or Fraction(0)))
        for team, mine, _theirs, imps_for, imps_against in (
            (match.home, home_points, away_points, match.home_imps, match.away_imps),
            (match.away, away_points, home_points, match.away_imps, match.home_imps),
        ):
            line = lines[team]
            line.played += 1
            line.boards += count
            line.imps_for += Fraction(imps_for or 0)
            line.imps_against += Fraction(imps_against or 0)
            line.add(match.round, mine)
    # The event has reached the latest round with a match typed in it (scored, or waiting with its reason): a bye of
    # that round or an earlier one scores, one drawn for a later round waits. A round whose matches all wait or were
    # postponed keeps its bye, as it did before byes were drawn ahead.
    typed = [m.round for m, f in zip(read, figures, strict=True) if m and not m.bye and (f.scored or f.problem)]
    reached = max((number for number in typed if number is not None), default=0)
    for index, match in byes:  # after every match: an average is the team's over all its matches
        assert match.home is not None
        assert match.round is not None
        if match.round > reached:  # drawn ahead: it waits for its round, as the round's matches do
            unplayed += 1
            continue
        count = match.boards if match.boards is not None else default_boards
        total = Fraction(scale.total) if form.victory_points and scale is not None else Fraction(count or 0)
        award = _bye_award(bye_rule, lines[match.home], total)
        if award is None:  # the team's average, before it has played
            figures[index] = MatchFigures(None, None, None, "", bye=True)
            continue
        figures[index] = MatchFigures(None, award, None, "", bye=True, scored=True)
        line = lines[match.home]
        line.byes += 1
        line.bye_rounds.append(match.round)
        line.add(match.round, award)

    scored_rounds = [m.round for m, f in zip(read, figures, strict=True) if m is not None and f.scored and m.round]
    last_round = max(scored_rounds, default=0)
    standings = _standings(event.teams, lines, played, form, schedule, tie_break, rounds, last_round)
    return EventScore(
        tuple(figures),
        tuple(standings),
        sum(1 for problem in problems if problem),
        sum(1 for figure in figures if figure.scored),
        unplayed,
        last_round,
        form,
        scale,
        schedule,
        bye_rule,
        tie_break,
        settings,
        entrants,
    )


def _bye_award(rule: ByeRule, line: _Line, total: Fraction) -> Fraction | None:
    """What a bye scores by ``rule``: a share of ``total`` (a match's VPs, or its boards' board points), the team's
    average per match played (None before it has played one), or the greater; to 2 decimals."""
    average = hundredths(line.score / line.played) if line.played else None
    share = hundredths(total * rule.share) if rule.share is not None else None
    if rule.kind == "average":
        return average
    if rule.kind == "greater":
        assert share is not None
        return share if average is None else max(share, average)
    return share


def _standings(
    teams: Sequence[Team],
    lines: Mapping[int, _Line],
    played: Sequence[Contest],
    form: TeamsForm,
    schedule: Schedule,
    tie_break: TieBreak,
    rounds: int,
    last_round: int,
) -> list[TeamStanding]:
    """Each team's line, placed: by score, then by the tie-break among equal scores."""
    placed = order(lines, played, tie_break.criteria, form.victory_points, schedule.swiss)
    position: dict[int, int] = {}
    criterion: dict[int, str] = {}
    first_of: dict[int, int] = {}
    at = 1
    for group, reason in placed:
        start = at
        for number in sorted(group):  # a shared place lists its teams by number
            position[number], criterion[number], first_of[number] = at, reason, start
            at += 1
    places = share_places([(1, -first_of[team.number]) for team in teams])
    out = []
    for team, place in zip(teams, places, strict=True):
        line = lines[team.number]
        running: list[Fraction | None] = []
        so_far = Fraction(0)
        for number in range(1, rounds + 1):
            so_far += line.by_round.get(number, Fraction(0))
            running.append(so_far if number <= last_round else None)
        out.append(
            TeamStanding(
                team,
                line.played,
                line.byes,
                line.imps_for,
                line.imps_against,
                line.score if form.victory_points else None,
                None if form.victory_points else line.score,
                line.boards,
                line.score,
                place,
                position[team.number],
                criterion[team.number],
                tuple(running),
                tuple(line.bye_rounds),
            )
        )
    return out
