"""Scoring team matches and teams events: board by board to IMPs and board-a-match points, match by match to victory
points, and the standings with running totals round by round.

A team-of-four match is played at two tables: the home team sits North-South at table 1 and East-West at table 2,
so its net score on a board is table 1's North-South score minus table 2's (Laws of Duplicate Bridge 2017, Law 78B
for IMPs, Law 78C for board-a-match). A teams event converts each match's IMP margin to victory points on a VP scale
(by name, from the registry), or totals the board-a-match points.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..rules import TEAMS_FORMS, VP_SCALES
from .boards import board_vulnerability
from .choices import choose
from .errors import BridgeInputError
from .field import bam
from .model import Play
from .scales import imps, victory_points
from .scoring import signed_score
from .session import Event, EventMatch, Team

__all__ = [
    "BoardFigures",
    "EventScore",
    "MatchFigures",
    "MatchRow",
    "MatchScore",
    "TeamStanding",
    "score_event",
    "score_match",
]

#: A table's entry as read: the play, why it cannot be scored, or None when nothing was entered.
Table = Play | BridgeInputError | None


@dataclass(frozen=True, slots=True)
class MatchRow:
    """One board of a team match as entered: its number and what each table entered."""

    board: int
    table1: Table
    table2: Table


@dataclass(frozen=True, slots=True)
class BoardFigures:
    """A board of a team match: each table's North-South score, the home team's net score and IMPs, its
    board-a-match points, and what needs checking at each table (empty when nothing)."""

    score1: int | BridgeInputError | None
    score2: int | BridgeInputError | None
    net: int | BridgeInputError | None
    imps: int | BridgeInputError | None
    bam: Fraction | BridgeInputError | None
    check1: str
    check2: str


@dataclass(frozen=True)
class MatchScore:
    """A team match scored: each board, and the totals (None while a board needs checking)."""

    boards: tuple[BoardFigures, ...]
    played: int
    problems: int
    home_imps: int | None
    away_imps: int | None
    home_vps: float | None
    away_vps: float | None
    home_bam: Fraction | None
    away_bam: Fraction | None


def _score(table: Table, board: int) -> int | BridgeInputError | None:
    if table is None or isinstance(table, BridgeInputError):
        return table
    try:
        return signed_score(table, board_vulnerability(board))
    except BridgeInputError as error:
        return error


def _board(row: MatchRow) -> BoardFigures:
    score1, score2 = _score(row.table1, row.board), _score(row.table2, row.board)
    check1 = score1.message if isinstance(score1, BridgeInputError) else ""
    check2 = score2.message if isinstance(score2, BridgeInputError) else ""
    if not check2 and (score1 is None) != (score2 is None):
        check2 = "only one table has a result"
    if score1 is None or score2 is None:
        return BoardFigures(score1, score2, None, None, None, check1, check2)
    if isinstance(score1, BridgeInputError) or isinstance(score2, BridgeInputError):
        error = score1 if isinstance(score1, BridgeInputError) else score2
        assert isinstance(error, BridgeInputError)
        return BoardFigures(score1, score2, error, error, error, check1, check2)
    net = score1 - score2
    return BoardFigures(score1, score2, net, imps(net), bam(score1, score2), check1, check2)


def score_match(rows: Sequence[MatchRow], scale: object = None) -> MatchScore:
    """Every board of a team match, its IMPs, board-a-match points and victory points on ``scale`` (by name; the
    WBF continuous scale is read for the number of boards played)."""
    boards = tuple(_board(row) for row in rows)
    played = sum(1 for board in boards if board.net is not None)
    problems = sum(1 for board in boards for check in (board.check1, board.check2) if check)
    if problems:
        return MatchScore(boards, played, problems, None, None, None, None, None, None)
    swings = [board.imps for board in boards if isinstance(board.imps, int)]
    home = sum(swing for swing in swings if swing > 0)
    away = -sum(swing for swing in swings if swing < 0)
    home_vps = away_vps = None
    if played:
        chosen = choose(VP_SCALES, scale, "VP scale")
        home_vps = float(victory_points(home - away, chosen, played))
        away_vps = float(victory_points(away - home, chosen, played))
    board_points = sum((board.bam for board in boards if isinstance(board.bam, Fraction)), Fraction(0))
    return MatchScore(boards, played, 0, home, away, home_vps, away_vps, board_points, played - board_points)


@dataclass(frozen=True, slots=True)
class MatchFigures:
    """A match of a teams event: the IMP margin, each team's victory points, and what needs checking."""

    margin: int | None
    home_vps: float | None
    away_vps: float | None
    problem: str


@dataclass(frozen=True, slots=True)
class TeamStanding:
    """A team's line of the standings; ``running`` is its score after each round (None after the last played)."""

    team: Team
    played: int
    imps_for: int
    imps_against: int
    vps: float | None
    bam: float | None
    score: float | None
    place: str
    running: tuple[float | None, ...]


@dataclass(frozen=True)
class EventScore:
    """A teams event scored: each match (in order) and each team's standing (in the teams' order)."""

    matches: tuple[MatchFigures, ...]
    standings: tuple[TeamStanding, ...]
    problems: int
    last_round: int


def _check(match: EventMatch | None, teams: set[int], board_a_match: bool, boards: int) -> str:
    if match is None:
        return ""
    if match.home is None or match.away is None or match.round is None:
        return "round, home or away team missing"
    if match.home not in teams:
        return f"home team {match.home} is not on the list of teams"
    if match.away not in teams:
        return f"away team {match.away} is not on the list of teams"
    if match.home == match.away:
        return "a team cannot play itself"
    if board_a_match:
        if match.home_bam is None or match.away_bam is None:
            return "board-a-match points missing"
        if match.home_bam + match.away_bam != boards:
            return "board-a-match points should add up to the boards played"
        return ""
    if match.home_imps is None or match.away_imps is None:
        return "IMPs missing"
    return ""


def score_event(event: Event, matches: Sequence[EventMatch | None], rounds: int) -> EventScore:
    """The event's matches (one per row; None for a blank row) to victory points or board points, and the
    standings of ``event.teams`` with running totals for rounds 1 to ``rounds``."""
    form = choose(TEAMS_FORMS, event.form, "form")
    scale = choose(VP_SCALES, event.scale, "VP scale")
    numbers = {team.number for team in event.teams}
    figures = []
    for match in matches:
        boards = event.boards if match is None or match.boards is None else match.boards
        problem = _check(match, numbers, not form.victory_points, boards)
        margin = home_vps = away_vps = None
        if match is not None and match.home_imps is not None and match.away_imps is not None:
            margin = match.home_imps - match.away_imps
            if form.victory_points:
                home_vps = float(victory_points(margin, scale, boards))
                away_vps = float(victory_points(-margin, scale, boards))
        figures.append(MatchFigures(margin, home_vps, away_vps, problem))
    problems = sum(1 for figure in figures if figure.problem)
    played = [(match, figure) for match, figure in zip(matches, figures, strict=True) if match is not None]
    last_round = max((match.round for match, _ in played if match.round is not None), default=0)
    lines = []
    for team in event.teams:
        count = imps_for = imps_against = 0
        vps = bam_points = 0.0
        by_round: dict[int, float] = {}
        for match, figure in played:
            sides = (
                [(match.home_imps, match.away_imps, figure.home_vps, match.home_bam)]
                if match.home == team.number
                else []
            )
            if match.away == team.number:
                sides.append((match.away_imps, match.home_imps, figure.away_vps, match.away_bam))
            for mine, theirs, vp, board_points in sides:
                counted = (figure.margin is not None) or (not form.victory_points and board_points is not None)
                count += counted
                imps_for += mine or 0
                imps_against += theirs or 0
                gained = (vp or 0.0) if form.victory_points else (board_points or 0.0)
                vps += vp or 0.0
                bam_points += board_points or 0.0
                if match.round is not None:
                    by_round[match.round] = by_round.get(match.round, 0.0) + gained
        total = vps if form.victory_points else bam_points
        running: list[float | None] = []
        so_far = 0.0
        for number in range(1, rounds + 1):
            so_far += by_round.get(number, 0.0)
            running.append(so_far if number <= last_round else None)
        lines.append((team, count, imps_for, imps_against, vps, bam_points, total, running))
    keys = [None if problems else round(total, 6) for *_, total, _ in lines]
    standings = []
    for (team, count, imps_for, imps_against, vps, bam_points, total, running), key in zip(lines, keys, strict=True):
        place = ""
        if key is not None:
            better = sum(1 for other in keys if other is not None and other > key)
            tied = sum(1 for other in keys if other == key) > 1
            place = f"{better + 1}{'=' if tied else ''}"
        standings.append(
            TeamStanding(
                team,
                count,
                imps_for,
                imps_against,
                vps if form.victory_points else None,
                None if form.victory_points else bam_points,
                None if problems else round(total, 6),
                place,
                tuple(running),
            )
        )
    return EventScore(tuple(figures), tuple(standings), problems, last_round)
