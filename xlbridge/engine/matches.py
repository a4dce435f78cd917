"""A team match and a teams event as immutable, parsed values, as the teams workbooks and files hold them.

Apart from :mod:`.session` (a pairs session's), so that scoring a pairs session does not make their classes.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from fractions import Fraction

from .model import Play
from .session import read_play
from .values import is_blank, parse_board

__all__ = ["Event", "EventMatch", "Match", "MatchBoard", "Team"]


@dataclass(frozen=True, slots=True)
class MatchBoard:
    """One board of a team match: the play at each table (None where not yet entered).

    The home team sits North-South at table 1 and East-West at table 2.
    """

    board: int
    table1: Play | None = None
    table2: Play | None = None

    @staticmethod
    def read(board: object, *tables: str) -> MatchBoard:
        """A board as typed: contract, declarer and result at table 1, then at table 2 (all blank: not played)."""
        number = parse_board(board)
        if len(tables) != 6:
            raise ValueError("MatchBoard.read: contract, declarer and result for each of the two tables")
        plays = [
            None if all(is_blank(value) for value in table) else read_play(*table) for table in (tables[:3], tables[3:])
        ]
        return MatchBoard(number, *plays)


@dataclass(frozen=True)
class Match:
    """A team-of-four match."""

    home: str = ""
    away: str = ""
    event: str = ""
    date: dt.date | None = None
    vp_scale: str = "WBF"
    boards: tuple[MatchBoard, ...] = ()


@dataclass(frozen=True, slots=True)
class Team:
    number: int
    name: str
    members: str = ""


@dataclass(frozen=True, slots=True)
class EventMatch:
    """One match of a teams event: IMPs for an IMP/VP event, board points (BAM) for a board-a-match one; a
    match with neither is drawn and not yet played.

    A bye (``bye``) is a row with the home team alone: the team sits the round out and scores by the event's
    bye rule (``away`` is None). IMPs and board points may be fractions (half IMPs, from a weighted score).
    ``again`` is the director's word that a repeat meeting the schedule does not allow was played (a late round
    of a Swiss, a mistake at the table): it is counted.
    """

    round: int | None
    home: int | None
    away: int | None
    boards: int | None = None
    home_imps: int | Fraction | None = None
    away_imps: int | Fraction | None = None
    home_bam: int | float | Fraction | None = None
    away_bam: int | float | Fraction | None = None
    bye: bool = False
    again: bool = False


@dataclass(frozen=True)
class Event:
    """A teams event: round robin or Swiss, IMP/VP or board-a-match.

    ``schedule``, ``bye_rule``, ``tie_break`` and ``entrants`` name entries of :data:`~xlbridge.rules.SCHEDULES`,
    :data:`~xlbridge.rules.BYE_RULES`, :data:`~xlbridge.rules.TIE_BREAKS` and :data:`~xlbridge.rules.ENTRANTS`
    (blank: each one's default; entrants ``Pairs`` for a Swiss pairs event, a pair in place of a team); ``rounds``
    is the number of rounds the event is to have (None: as many as are played).
    """

    name: str = ""
    form: str = "IMP/VP"
    scale: str = "WBF"
    boards: int = 8
    teams: tuple[Team, ...] = ()
    matches: tuple[EventMatch, ...] = field(default_factory=tuple)
    schedule: str = ""
    bye_rule: str = ""
    tie_break: str = ""
    rounds: int | None = None
    entrants: str = ""
