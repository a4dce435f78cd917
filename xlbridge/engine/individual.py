"""Scoring an individual: four players a table, each round a new partner, each player ranked on his own.

A board's lines are matchpointed exactly as a pairs session's are (:func:`~xlbridge.engine.standings.score_session`
scores them: each line is its two partnerships, North-South and East-West); only who is credited differs. A player's
score on a board is his side's: North and South have North-South's matchpoints and percentage, East and West
East-West's. His total is the sum of his matchpoints over the boards he played (each on its board's own top), his
percentage the mean of his boards' percentages (Neuberg-scaled where a board has fewer results than the others, as
a pair's is); places go by the percentage, exactly equal ones shared (``2=``), as a pairs field's do.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

from ..rules import SESSION_METHODS, SessionMethod, Side
from ..rules.methods import ONE_FIELD
from .errors import BridgeInputError
from .movements.individual import SEATS, IndividualMovement
from .session import Line, NotPlayed, Session, Typed, read_row
from .standings import LineScore, SessionScore, score_session, share_places
from .values import exact_sum

__all__ = [
    "IndividualLine",
    "IndividualScore",
    "IndividualSession",
    "PlayerBoard",
    "PlayerStanding",
    "individual_line",
    "line_problems",
    "partnership",
    "score_individual",
]


def partnership(first: int, second: int) -> str:
    """How a line names a partnership of two players (``3&17``): the pair the pairs engine matchpoints."""
    return f"{first}&{second}"


@dataclass(frozen=True, slots=True)
class IndividualLine:
    """One result of an individual: its four players (North, South, East, West) and the result, a pairs session's
    row whose pairs are the two partnerships (:func:`partnership`)."""

    players: tuple[int, int, int, int]
    row: Line | NotPlayed
    round: int | None = None
    table: int | None = None

    @property
    def board(self) -> int:
        return self.row.board

    def seat_of(self, player: int) -> str:
        """The seat ``player`` sat in (N, S, E or W)."""
        return SEATS[self.players.index(player)]


def individual_line(
    board: object, players: Sequence[int], typed: Typed, round: int | None = None, table: int | None = None
) -> IndividualLine:
    """A result as typed: its board, its four players (North, South, East, West) and what was typed of its play
    (``NP`` in the Adjusted column for a board not played); what cannot be scored raises
    :class:`~xlbridge.engine.errors.BridgeInputError`, saying why."""
    north, south, east, west = players
    seated = Counter(players)
    twice = sorted(player for player, times in seated.items() if times > 1)
    if twice:
        raise BridgeInputError(f"player {twice[0]} is seated twice at the table (N {north}, S {south}, E {east}, "
                               f"W {west}): each seat has its own player")  # fmt: skip
    row = read_row(board, partnership(north, south), partnership(east, west), typed)
    return IndividualLine((north, south, east, west), row, round, table)


def line_problems(lines: Sequence[IndividualLine], plan: IndividualMovement | None) -> list[tuple[int, str]]:
    """What the lines put wrong, as (the line's index, the reason), in line order: a player who plays a board twice
    (named on its second line), and with the movement known, a line whose board and players are not a table of it
    (players typed in the wrong seats, or a wrong board)."""
    out = []
    seen: dict[tuple[int, int], int] = {}
    tables: dict[tuple[int, tuple[int, int, int, int]], int] = {}
    if plan is not None:
        tables = {(board, at.players): at.round for at in plan.seated for board in at.boards.boards}
    for index, line in enumerate(lines):
        for player in line.players:
            first = seen.setdefault((player, line.board), index)
            if first != index:
                out.append((index, f"player {player} plays board {line.board} twice (and on line {first + 1} of "
                                   "the results)"))  # fmt: skip
        if plan is not None and (line.board, line.players) not in tables:
            seated = ", ".join(f"{seat} {player}" for seat, player in zip(SEATS, line.players, strict=True))
            out.append((index, f"board {line.board} with {seated} is no table of the movement ({plan.title}): "
                               "check the board and the players' seats"))  # fmt: skip
    return out


@dataclass(frozen=True)
class IndividualSession:
    """An individual: its players (by number, with their names where given), its results and how it is scored.
    ``waiting`` counts the movement's lines not typed yet (a provisional ranking)."""

    lines: tuple[IndividualLine, ...]
    players: tuple[int, ...]
    event: str = ""
    date: dt.date | None = None
    method: SessionMethod = SESSION_METHODS.default
    plan: IndividualMovement | None = None
    waiting: int = 0
    #: Each player's name, where the file gives one.
    names: tuple[tuple[int, str], ...] = ()

    def name_of(self, player: int) -> str:
        """The player's name ("" where none is given)."""
        return dict(self.names).get(player, "")

    @cached_property
    def boards(self) -> list[int]:
        return sorted({line.board for line in self.lines})

    def as_pairs(self) -> Session:
        """The session the pairs engine scores: every line with its two partnerships as its pairs, one field."""
        return Session(
            event=self.event,
            date=self.date,
            method=self.method,
            field_kind=ONE_FIELD,
            pairs=(),
            lines=tuple(line.row for line in self.lines),
        )


@dataclass(frozen=True, slots=True)
class PlayerStanding:
    """A player's place: boards played, his total (matchpoints, or IMPs), his percentage (matchpoints) and place."""

    player: int
    boards: int
    total: Fraction | None
    percentage: Fraction | None
    place: str

    @property
    def key(self) -> Fraction | None:
        """What the ranking sorts by: the percentage (the total where the scoring has none)."""
        return self.percentage if self.percentage is not None else self.total


@dataclass(frozen=True, slots=True)
class PlayerBoard:
    """A board on a player's scorecard: the line, his seat, partner and opponents, and what it gave him."""

    line: int
    seat: str
    partner: int
    opponents: tuple[int, int]
    points: Fraction | int | None
    percent: Fraction | None


@dataclass(frozen=True)
class IndividualScore:
    """A scored individual: its lines' figures (the pairs engine's, one per line) and each player's standing."""

    session: IndividualSession
    pairs: SessionScore
    standings: tuple[PlayerStanding, ...]

    @property
    def ranking(self) -> list[PlayerStanding]:
        """The standings in place order, best first; players without a figure last."""
        return sorted(self.standings, key=lambda s: (s.key is None, -(s.key or 0), s.player))

    @property
    def lines(self) -> tuple[LineScore, ...]:
        return self.pairs.lines

    @property
    def top(self) -> Fraction:
        return self.pairs.top

    def card(self, player: int) -> list[PlayerBoard]:
        """The boards ``player`` played, round by round (where the lines give their rounds), board by board."""
        lines = self.session.lines
        order = sorted(self._played[player], key=lambda index: (lines[index].round or 0, lines[index].board))
        return [self._board(index, player) for index in order]

    @cached_property
    def _played(self) -> dict[int, list[int]]:
        out: dict[int, list[int]] = defaultdict(list)
        for index, line in enumerate(self.session.lines):
            if isinstance(line.row, Line):
                for player in line.players:
                    out[player].append(index)
        return out

    def _board(self, index: int, player: int) -> PlayerBoard:
        line = self.session.lines[index]
        north, south, east, west = line.players
        seat = line.seat_of(player)
        partner = {"N": south, "S": north, "E": west, "W": east}[seat]
        opponents = (east, west) if seat in "NS" else (north, south)
        scored = self.pairs.lines[index]
        side = Side.NS if seat in "NS" else Side.EW
        points = scored.ns_points if side is Side.NS else scored.ew_points
        percent = scored.ns_percent if side is Side.NS else scored.ew_percent
        return PlayerBoard(index, seat, partner, opponents, _number(points), _fraction(percent))


def _number(figure: object) -> Fraction | int | None:
    return figure if isinstance(figure, (int, Fraction)) else None


def _fraction(figure: object) -> Fraction | None:
    return figure if isinstance(figure, Fraction) else None


def score_individual(session: IndividualSession) -> IndividualScore:
    """Every line, player and place of ``session``: the lines matchpointed by the pairs engine, each player credited
    with his side's figures. While a line's figures cannot be given (a result to check), no player has a total."""
    pairs = score_session(session.as_pairs())
    waiting = any(line.problem for line in pairs.lines)
    partial = IndividualScore(session, pairs, ())
    figures = []
    for player in session.players:
        card = partial.card(player)
        total: Fraction | None = None
        percentage: Fraction | None = None
        if card and not waiting:
            total = exact_sum(board.points for board in card if board.points is not None)
            percents = [board.percent for board in card if board.percent is not None]
            percentage = exact_sum(percents) / len(percents) if percents else None
        figures.append((player, len(card), total, percentage))
    places = share_places([(1, pct if pct is not None else total) for _, _, total, pct in figures])
    standings = tuple(PlayerStanding(player, boards, total, pct, place)
                      for (player, boards, total, pct), place in zip(figures, places, strict=True))  # fmt: skip
    return IndividualScore(session, pairs, standings)
