"""Individual movements: four players a table, each round a new partner. A movement is every round's tables, each
with its four players by seat and its boards; :func:`rainbow` generates the Rainbow from its moves
(:data:`~xlbridge.rules.individual.RAINBOW`), and :func:`individual_problems` checks one as the pairs movements
are checked: no player plays a board twice, no two players partner twice, every board is played equally often,
every player plays every round.

Players are numbered as the Rainbow's sources number them: the North players by their table (1 to T), the South
players T+1 to 2T, the East players 2T+1 to 3T, the West players 3T+1 to 4T, each by the table he starts at.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cached_property

from ...rules.individual import RAINBOW, IndividualMoves
from ..errors import BridgeInputError, Reason
from .rounds import BoardSet

__all__ = ["IndividualMovement", "IndividualTable", "PlayerSeat", "individual_problems", "rainbow"]

#: The seats of a table, in the order a line of results gives its players.
SEATS = ("N", "S", "E", "W")


@dataclass(frozen=True, slots=True)
class IndividualTable:
    """One table in one round: its four players (North, South, East, West) and the boards they play."""

    round: int
    table: int
    north: int
    south: int
    east: int
    west: int
    boards: BoardSet

    @property
    def players(self) -> tuple[int, int, int, int]:
        """The four players, in the order of :data:`SEATS`."""
        return self.north, self.south, self.east, self.west


@dataclass(frozen=True, slots=True)
class PlayerSeat:
    """A round of a player's guide card: his table, seat, partner and boards."""

    round: int
    table: int
    seat: str
    partner: int
    boards: BoardSet


@dataclass(frozen=True)
class IndividualMovement:
    """A whole individual movement: every round's tables, in round and table order."""

    moves: IndividualMoves
    tables: int
    rounds: int
    boards_per_round: int
    first_board: int
    seated: tuple[IndividualTable, ...]

    @property
    def players(self) -> int:
        return 4 * self.tables

    @property
    def boards(self) -> range:
        return range(self.first_board, self.first_board + self.tables * self.boards_per_round)

    @property
    def title(self) -> str:
        """``Rainbow individual: 28 players at 7 tables, 7 rounds of 2 boards (boards 1-14)``."""
        boards = self.boards
        return (f"{self.moves.name} individual: {self.players} players at {self.tables} tables, {self.rounds} rounds "
                f"of {self.boards_per_round} boards (boards {boards[0]}-{boards[-1]})")  # fmt: skip

    @cached_property
    def guide(self) -> dict[int, list[PlayerSeat]]:
        """Each player's rounds, in order."""
        out: dict[int, list[PlayerSeat]] = {player: [] for player in range(1, self.players + 1)}
        for at in self.seated:
            north, south, east, west = at.players
            for player, seat, partner in ((north, "N", south), (south, "S", north), (east, "E", west),
                                          (west, "W", east)):  # fmt: skip
                out[player].append(PlayerSeat(at.round, at.table, seat, partner, at.boards))
        return out


def _wrap(table: int, tables: int) -> int:
    """A table number moved past either end, brought round (tables 1 to ``tables``)."""
    return (table - 1) % tables + 1


def rainbow(tables: int, boards_per_round: int, rounds: int | None = None, first_board: int = 1) -> IndividualMovement:
    """The Rainbow individual for ``tables`` tables (4 x tables players), checked. Round r (1 the first), table t:
    North player t, the South player who started at table t - (r-1), the East player who started at t - 2(r-1), the
    West player who started at t + 2(r-1), and the board set that started at table t + (r-1) (set s is boards
    (s-1)K+1 to sK). ``rounds`` plays fewer rounds than the tables (each player then meets fewer)."""
    moves = RAINBOW
    if tables not in moves.tables:
        offered = ", ".join(map(str, moves.tables))
        raise BridgeInputError(f"{4 * tables} players ({tables} tables): the Rainbow individual is for {offered} "
                               "tables (20, 28, 44, 52... players: 4 a table)",
                               reason=Reason.OUT_OF_RANGE, argument="players")  # fmt: skip
    if boards_per_round < 1:
        raise BridgeInputError("--boards-per-round must be 1 or more", argument="boards_per_round")
    rounds = tables if rounds is None else rounds
    if not 1 <= rounds <= tables:
        raise BridgeInputError(f"--rounds {rounds}: the Rainbow for {tables} tables has 1 to {tables} rounds",
                               reason=Reason.OUT_OF_RANGE, argument="rounds")  # fmt: skip
    seated = []
    for number in range(1, rounds + 1):
        moved = number - 1
        for table in range(1, tables + 1):
            # the player of each line at this table is the one who started moves x (rounds gone) tables back
            south, east, west = (_wrap(table - step * moved, tables) for step in (moves.south, moves.east, moves.west))
            board_set = _wrap(table - moves.boards * moved, tables)
            first = first_board + (board_set - 1) * boards_per_round
            seated.append(IndividualTable(number, table, table, tables + south, 2 * tables + east, 3 * tables + west,
                                          BoardSet(first, first + boards_per_round - 1)))  # fmt: skip
    movement = IndividualMovement(moves, tables, rounds, boards_per_round, first_board, tuple(seated))
    problems = individual_problems(movement)
    if problems:  # a table of moves that does not work: never printed for a director to run
        raise AssertionError(f"{movement.title}: {'; '.join(problems)}")
    return movement


def individual_problems(movement: IndividualMovement) -> list[str]:
    """What is wrong with ``movement``: a player seated twice in a round or missing from one, a player who plays a
    board twice, two players who partner twice, a board played more often than another; [] when it is sound."""
    problems = []
    everyone = set(range(1, movement.players + 1))
    partners: Counter[frozenset[int]] = Counter()
    played: Counter[tuple[int, int]] = Counter()
    plays: Counter[int] = Counter()
    for number in range(1, movement.rounds + 1):
        tables = [at for at in movement.seated if at.round == number]
        seated = [player for at in tables for player in at.players]
        if Counter(seated) != Counter(everyone):
            problems.append(f"round {number}: players seated {sorted(Counter(seated) - Counter(everyone))}, "
                            f"missing {sorted(everyone - set(seated))}")  # fmt: skip
    for at in movement.seated:
        partners[frozenset((at.north, at.south))] += 1
        partners[frozenset((at.east, at.west))] += 1
        for board in at.boards.boards:
            plays[board] += 1
            for player in at.players:
                played[player, board] += 1
    problems += [f"player {player} plays board {board} {times} times" for (player, board), times in played.items()
                 if times > 1]  # fmt: skip
    problems += [f"players {' and '.join(map(str, sorted(two)))} partner {times} times"
                 for two, times in partners.items() if times > 1]  # fmt: skip
    if len(set(plays.values())) > 1:
        problems.append(f"boards played unequally often: {sorted(set(plays.values()))} times")
    return problems
