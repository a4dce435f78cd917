"""The small immutable types the scoring engine works with.

Everything a user types is turned into these once, at the edge (see :mod:`xlbridge.parse`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

__all__ = ["PASSED_OUT", "Contract", "Doubling", "Seat", "Side", "Strain", "Vulnerability"]


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


@dataclass(frozen=True, slots=True)
class Contract:
    """A final contract; ``level == 0`` is the passed-out board (:data:`PASSED_OUT`)."""

    level: int
    strain: Strain
    doubling: Doubling = Doubling.UNDOUBLED

    @property
    def passed_out(self) -> bool:
        return self.level == 0

    @property
    def tricks_needed(self) -> int:
        return self.level + 6

    def __str__(self) -> str:
        return "PASS" if self.passed_out else f"{self.level}{self.strain}{self.doubling}"


#: The board that was passed out: it scores 0 for both sides.
PASSED_OUT = Contract(0, Strain.NOTRUMP)
