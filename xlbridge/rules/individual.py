"""Individual movements (four players a table, partnerships changing every round) as data: each one's moves, the
tables it works for, and where it comes from. The engine (:mod:`xlbridge.engine.movements.individual`) reads them.

The Rainbow (the "prime number" movement): North players stay at their tables, the boards move to the next lower
table, South players to the next higher one, East players two tables higher and West players two tables lower, for as
many rounds as there are tables. Sources: Baron Barclay, "The Rainbow Movement for Individual Duplicate Games"
(baronbarclay.com/rainbow.html: the moves, and "this movement works only with prime numbers of tables -- 5, 7, 11, 13,
17, 19, 23"); J. Pain, "Unusual (but useful) movements for clubs", EBU Club Newsletter (ebu.co.uk/newsletters, id 11:
"North players take the table number"; 5, 7, 11 or 13 tables for the Christmas party). A player meets each player of
the three other lines (North, South, East, West) once, as partner or opponent, and never one of his own line.
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["RAINBOW", "IndividualMoves"]


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
