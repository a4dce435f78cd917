"""Individual movements: four players a table, each round a new partner. A movement is every round's tables, each
with its four players by seat and its boards; :func:`rainbow` generates the Rainbow from its moves
(:data:`~xlbridge.rules.individual.RAINBOW`), :func:`complete_individual` a complete individual from its seats
(:data:`~xlbridge.rules.individual.COMPLETE_INDIVIDUALS`), :func:`individual` the one offered for a number of
players, and :func:`individual_problems` checks one as the pairs movements are checked: no player plays a board
twice, no two players partner twice, every board is played equally often, every player plays every round (or,
with 4T+1 players, all but one, each sitting out equally often).

The Rainbow's players are numbered as its sources number them: the North players by their table (1 to T), the South
players T+1 to 2T, the East players 2T+1 to 3T, the West players 3T+1 to 4T, each by the table he starts at. A
complete individual's are numbered by their seats in round 1 (table 1 N, S, E, W are 1-4, table 2's 5-8...; the
player who sits out round 1 is the last).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cached_property

from ...rules.individual import (
    COMPLETE_INDIVIDUALS,
    RAINBOW,
    SIT_OUT,
    CompleteIndividual,
    IndividualMoves,
    individual_sizes,
)
from ..errors import BridgeInputError, Reason
from .rounds import BoardSet

__all__ = [
    "IndividualMovement",
    "IndividualTable",
    "PlayerSeat",
    "complete_individual",
    "individual",
    "individual_problems",
    "meetings",
    "rainbow",
    "starting_player",
]

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

    moves: IndividualMoves | CompleteIndividual
    tables: int
    rounds: int
    boards_per_round: int
    first_board: int
    seated: tuple[IndividualTable, ...]

    @property
    def players(self) -> int:
        return self.moves.players_at(self.tables)

    @property
    def boards(self) -> range:
        return range(self.first_board, self.first_board + self.moves.sets_at(self.tables) * self.boards_per_round)

    @property
    def shared(self) -> bool:
        """Whether the tables play one set in a round (exchanging its boards), not a set each."""
        first = [at.boards for at in self.seated if at.round == 1]
        return len(first) > 1 and len(set(first)) == 1

    def sitting_out(self, number: int) -> list[int]:
        """The players who sit out round ``number``."""
        seated = {player for at in self.seated if at.round == number for player in at.players}
        return [player for player in range(1, self.players + 1) if player not in seated]

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


def _rounds(name: str, rounds: int | None, full: int, boards_per_round: int) -> int:
    """The rounds asked for (all ``full`` by default), checked with the boards a round."""
    if boards_per_round < 1:
        raise BridgeInputError("--boards-per-round must be 1 or more", argument="boards_per_round")
    rounds = full if rounds is None else rounds
    if not 1 <= rounds <= full:
        raise BridgeInputError(f"--rounds {rounds}: the {name} has 1 to {full} rounds",
                               reason=Reason.OUT_OF_RANGE, argument="rounds")  # fmt: skip
    return rounds


def _proved(movement: IndividualMovement) -> IndividualMovement:
    """``movement``, once the checks find nothing wrong with it."""
    problems = individual_problems(movement)
    if problems:  # a table of moves that does not work: never printed for a director to run
        raise AssertionError(f"{movement.title}: {'; '.join(problems)}")
    return movement


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
    rounds = _rounds(f"Rainbow for {tables} tables", rounds, tables, boards_per_round)
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
    return _proved(IndividualMovement(moves, tables, rounds, boards_per_round, first_board, tuple(seated)))


def starting_player(seat: str, tables: int) -> int:
    """The player who starts at ``seat`` (``2E``: table 2, East; the seat out: the last player)."""
    if seat == SIT_OUT:
        return 4 * tables + 1
    return 4 * (int(seat[:-1]) - 1) + SEATS.index(seat[-1]) + 1


def complete_individual(
    moves: CompleteIndividual, boards_per_round: int, rounds: int | None = None, first_board: int = 1
) -> IndividualMovement:
    """The complete individual ``moves``, checked. Round r (1 the first): the player who starts at the cycle's seat
    p sits at its seat p + (r-1) (round the list), a stationary player at his seat; table t plays the set after its
    first by r-1 (round the sets; set s is boards (s-1)K+1 to sK)."""
    tables = moves.tables
    sets = moves.sets_at(tables)
    rounds = _rounds(f"complete individual of {moves.players} players", rounds, sets, boards_per_round)
    if boards_per_round == 1 and len(set(moves.first_sets)) == 1:
        raise BridgeInputError(f"--boards-per-round 1: the tables of the {moves.players}-player individual share each "
                               "round's boards, exchanging them halfway: give 2 or more",
                               reason=Reason.OUT_OF_RANGE, argument="boards_per_round")  # fmt: skip
    seated = []
    for number in range(1, rounds + 1):
        at = {seat: starting_player(seat, tables) for seat in moves.stationary}
        for position, seat in enumerate(moves.cycle):
            at[moves.cycle[(position + number - 1) % sets]] = starting_player(seat, tables)
        for table, first_set in enumerate(moves.first_sets, start=1):
            board_set = (first_set - 1 + number - 1) % sets + 1
            first = first_board + (board_set - 1) * boards_per_round
            north, south, east, west = (at[f"{table}{seat}"] for seat in SEATS)
            boards = BoardSet(first, first + boards_per_round - 1)
            seated.append(IndividualTable(number, table, north, south, east, west, boards))
    return _proved(IndividualMovement(moves, tables, rounds, boards_per_round, first_board, tuple(seated)))


def individual(
    players: int, boards_per_round: int, rounds: int | None = None, first_board: int = 1
) -> IndividualMovement:
    """The individual movement offered for ``players``: a complete individual where there is one, else the Rainbow
    (4 a table at a prime number of tables); any other number is refused, naming those offered."""
    complete = {moves.players: moves for moves in COMPLETE_INDIVIDUALS}
    if players in complete:
        return complete_individual(complete[players], boards_per_round, rounds, first_board)
    if players % 4 == 0 and players // 4 in RAINBOW.tables:
        return rainbow(players // 4, boards_per_round, rounds, first_board)
    sizes = ", ".join(map(str, individual_sizes()))
    rainbows = ", ".join(str(4 * tables) for tables in RAINBOW.tables)
    raise BridgeInputError(f"{players} players: the individual movements are for {sizes} players (a complete "
                           f"individual for {', '.join(map(str, sorted(complete)))}; the Rainbow, 4 a table, for "
                           f"{rainbows})",
                           reason=Reason.OUT_OF_RANGE, argument="players")  # fmt: skip


def individual_problems(movement: IndividualMovement) -> list[str]:
    """What is wrong with ``movement``: a player seated twice in a round or missing from one (beyond the one who
    sits out, with 4T+1 players), players sitting out unequally often over the whole movement, a player who plays a
    board twice, two players who partner twice, a board played more often than another; [] when it is sound."""
    problems = []
    everyone = set(range(1, movement.players + 1))
    out_each = movement.players - 4 * movement.tables
    partners: Counter[frozenset[int]] = Counter()
    played: Counter[tuple[int, int]] = Counter()
    plays: Counter[int] = Counter()
    sat_out: Counter[int] = Counter()
    for number in range(1, movement.rounds + 1):
        tables = [at for at in movement.seated if at.round == number]
        seated = [player for at in tables for player in at.players]
        missing = sorted(everyone - set(seated))
        if Counter(seated) - Counter(everyone) or len(missing) != out_each:
            problems.append(f"round {number}: players seated {sorted(Counter(seated) - Counter(everyone))}, "
                            f"missing {missing}")  # fmt: skip
        sat_out.update(missing)
    if movement.rounds == movement.moves.sets_at(movement.tables) and len({sat_out[p] for p in everyone}) > 1:
        problems.append(f"players sit out unequally often: {sorted({sat_out[p] for p in everyone})} rounds")
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


def meetings(movement: IndividualMovement) -> tuple[Counter[frozenset[int]], Counter[frozenset[int]]]:
    """How often each two players partner, and how often they meet as opponents, over the movement."""
    partners: Counter[frozenset[int]] = Counter()
    opponents: Counter[frozenset[int]] = Counter()
    for at in movement.seated:
        partners.update((frozenset((at.north, at.south)), frozenset((at.east, at.west))))
        opponents.update(frozenset((a, b)) for a in (at.north, at.south) for b in (at.east, at.west))
    return partners, opponents
