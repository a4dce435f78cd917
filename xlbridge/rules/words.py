"""The words of the rule book that its tables are written in: strains, doublings, sides, seats, vulnerability.

Laws of Duplicate Bridge 2017: Law 1 (strains), Law 2 (seats and vulnerability), Law 77 (doubled and redoubled).
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["Doubling", "Seat", "Side", "Strain", "Vulnerability"]


class Strain(StrEnum):
    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"
    NOTRUMP = "NT"


class Doubling(StrEnum):
    UNDOUBLED = ""
    DOUBLED = "X"
    REDOUBLED = "XX"


class Side(StrEnum):
    NS = "NS"
    EW = "EW"

    @property
    def other(self) -> Side:
        return Side.EW if self is Side.NS else Side.NS

    @property
    def sign(self) -> int:
        """+1 for North-South, -1 for East-West: scores are written from North-South's side."""
        return 1 if self is Side.NS else -1


class Seat(StrEnum):
    NORTH = "N"
    EAST = "E"
    SOUTH = "S"
    WEST = "W"

    @property
    def side(self) -> Side:
        return Side.NS if self in (Seat.NORTH, Seat.SOUTH) else Side.EW

    @property
    def next(self) -> Seat:
        """The next seat clockwise (the next dealer)."""
        order = list(Seat)
        return order[(order.index(self) + 1) % 4]


class Vulnerability(StrEnum):
    NONE = "None"
    NS = "NS"
    EW = "EW"
    BOTH = "Both"

    def is_vulnerable(self, side: Side) -> bool:
        return self is Vulnerability.BOTH or self.value == side.value
