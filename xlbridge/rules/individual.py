"""Individual movements (four players a table, partnerships changing every round) as data: each one's moves, the
tables it works for, and where it comes from. The engine (:mod:`xlbridge.engine.movements.individual`) reads them.

The Rainbow (the "prime number" movement): North players stay at their tables, the boards move to the next lower
table, South players to the next higher one, East players two tables higher and West players two tables lower, for as
many rounds as there are tables. Sources: Baron Barclay, "The Rainbow Movement for Individual Duplicate Games"
(baronbarclay.com/rainbow.html: the moves, and "this movement works only with prime numbers of tables -- 5, 7, 11, 13,
17, 19, 23"); J. Pain, "Unusual (but useful) movements for clubs", EBU Club Newsletter (ebu.co.uk/newsletters, id 11:
"North players take the table number"; 5, 7, 11 or 13 tables for the Christmas party). A player meets each player of
the three other lines (North, South, East, West) once, as partner or opponent, and never one of his own line.

The complete individuals (:data:`COMPLETE_INDIVIDUALS`): each player partners every other player once, for the
small fields the Rainbow cannot seat (8, 9, 12, 13, 16, 17, 21 players). Each is cyclic, as a director runs it: a player
may stay at one seat all evening, and after each round every other player moves to the next seat of one list (the
last back to the first); with 4T+1 players one seat of the list is "out", so each player sits out one round, and
every player plays the same boards' count (no average is credited). Each table's boards go up one set a round.
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["COMPLETE_INDIVIDUALS", "RAINBOW", "SIT_OUT", "CompleteIndividual", "IndividualMoves", "individual_sizes"]


class IndividualMoves(NamedTuple):
    """An individual movement's moves after each round, in tables (+1: the next higher table, wrapping round), and
    the numbers of tables it works for."""

    name: str
    north: int
    south: int
    east: int
    west: int
    boards: int
    tables: tuple[int, ...]
    source: str

    def players_at(self, tables: int) -> int:
        """The players the movement seats at ``tables`` tables."""
        return 4 * tables

    def sets_at(self, tables: int) -> int:
        """The board sets (and rounds) of the whole movement at ``tables`` tables."""
        return tables


#: The Rainbow (Baron Barclay; EBU Club Newsletter, J. Pain): North stays, South +1, East +2, West -2, boards -1.
RAINBOW = IndividualMoves(
    "Rainbow",
    north=0,
    south=1,
    east=2,
    west=-2,
    boards=-1,
    tables=(5, 7, 11, 13, 17, 19, 23),
    source="baronbarclay.com/rainbow.html; EBU Club Newsletter 11, J. Pain, 'Unusual (but useful) movements'",
)


#: A seat of a complete individual's list where the player sits out the round.
SIT_OUT = "out"


class CompleteIndividual(NamedTuple):
    """A cyclic complete individual: the seats whose players stay all evening (``1N``: table 1, North), the seats
    the other players move round (after each round, to the next seat of ``cycle``; :data:`SIT_OUT` a round out) and
    the board set each table plays in round 1 (every table's set then goes up one a round, after the last the
    first). Players are numbered by their seat in round 1: table 1 North 1, South 2, East 3, West 4, table 2 North
    5...; the player who sits out round 1 is the last."""

    name: str
    players: int
    stationary: tuple[str, ...]
    cycle: tuple[str, ...]
    first_sets: tuple[int, ...]
    source: str

    @property
    def tables(self) -> int:
        return len(self.first_sets)

    def players_at(self, tables: int) -> int:
        """The players the movement seats (its own number: it is for one size)."""
        return self.players

    def sets_at(self, tables: int) -> int:
        """The board sets (and rounds) of the whole movement: one a seat of the cycle."""
        return len(self.cycle)


#: Where a complete individual found by search comes from. Each was found once, offline, by a backtracking search
#: over the cyclic starting rounds (players as the integers modulo the rounds, one fixed player with 4T): partner
#: differences each once (every player partners every other once), the opponent differences as even as the search
#: found, and each table's first set so that no player meets a board twice; the tests prove each by the checks.
CONSTRUCTED = "constructed for xlbridge: a cyclic design found by search, proved by the movement checks"

#: The complete individuals, by players. 8: Col. G. L. Sicherman's "ordinary 8-player individual movement"
#: (sicherman.net/bridge/pseudoteam.txt, 1997: "Table 1 N - stay put. Table 1 W - go to 2 W..."; the tables play
#: different halves of one set and exchange them, as J. Pain's "simplest Individual movement of all (that of 8
#: players at two tables)", EBU Club Newsletter 11): each player partners every other once and opposes each twice.
#: With 8 or 9 players no cyclic movement lets the two tables play different sets (at 8 the second table's four
#: would have to be the first's again, proved by the last stop's exhaustion; at 9 the search exhausted them), so
#: both tables play the round's set, exchanging its boards halfway.
COMPLETE_INDIVIDUALS = (
    CompleteIndividual(
        "Complete", 8, ("1N",), ("1W", "2W", "2E", "2N", "1E", "2S", "1S"), (1, 1),
        "sicherman.net/bridge/pseudoteam.txt (Col. G. L. Sicherman, 1997); EBU Club Newsletter 11, J. Pain",
    ),
    CompleteIndividual(
        "Complete", 9, (), ("1N", "out", "2S", "2W", "1W", "2E", "2N", "1E", "1S"), (1, 1), CONSTRUCTED,
    ),
    CompleteIndividual(
        "Complete", 12, ("1N",), ("1S", "2E", "3N", "2N", "3W", "2S", "3S", "1W", "1E", "2W", "3E"), (1, 2, 11),
        CONSTRUCTED,
    ),
    CompleteIndividual(
        "Complete", 13, (), ("1N", "out", "2S", "3S", "3W", "3E", "2W", "1W", "2E", "3N", "1S", "2N", "1E"),
        (1, 4, 13), CONSTRUCTED,
    ),
    CompleteIndividual(
        "Complete", 16, ("1N",), ("1S", "1E", "4E", "2N", "4N", "3N", "3E", "4S", "3W", "1W", "3S", "4W", "2W", "2E",
                                  "2S"), (1, 15, 14, 4), CONSTRUCTED,
    ),
    CompleteIndividual(
        "Complete", 17, (), ("1N", "3S", "out", "4S", "4N", "2W", "1S", "4W", "3E", "4E", "1E", "3N", "3W", "2N", "2E",
                             "1W", "2S"), (1, 7, 14, 10), CONSTRUCTED,
    ),
    CompleteIndividual(
        "Complete", 21, (), ("1N", "5S", "5N", "2S", "4S", "5W", "out", "3E", "4N", "3N", "4W", "2N", "3W", "2E", "1W",
                             "5E", "2W", "4E", "3S", "1S", "1E"), (1, 13, 21, 15, 12), CONSTRUCTED,
    ),
)  # fmt: skip


def individual_sizes() -> list[int]:
    """The numbers of players an individual movement is offered for, smallest first."""
    return sorted([moves.players for moves in COMPLETE_INDIVIDUALS] + [4 * tables for tables in RAINBOW.tables])
