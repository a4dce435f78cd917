"""The words of the rule book that its tables are written in: strains, doublings, sides, seats, vulnerability.

Laws of Duplicate Bridge 2017: Law 1 (strains), Law 2 (seats and vulnerability), Law 77 (doubled and redoubled).
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from types import MappingProxyType

__all__ = ["DIRECTION_WORDS", "Doubling", "Seat", "Side", "Strain", "Vulnerability"]


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
        return _EW if self is _NS else _NS

    @property
    def sign(self) -> int:
        """+1 for North-South, -1 for East-West: scores are written from North-South's side."""
        return 1 if self is _NS else -1


#: A pair's direction as scoring programs write it, in their languages (compared in upper case, without spaces, ``-``
#: or ``/``): English NS/EW and N-S/E-W; Ruter in Sweden Ö-V (Öst-Väst), in Norway and Denmark Ø-V (Øst-Vest);
#: French, Spanish and Italian E-O (Est-Ouest, Este-Oeste); Dutch N-Z and O-W (Noord-Zuid, Oost-West); German O-W;
#: and a seat alone (N, S, Z; E, W, O, V, Ö, Ø), as some programs write a pair's direction by the seat of its first
#: player. Which side each is, not how it is spelt, is xlbridge's: Side.NS and Side.EW.
DIRECTION_WORDS: Mapping[str, str] = MappingProxyType(
    {
        **dict.fromkeys(("NS", "SN", "NZ", "ZN", "N", "S", "Z"), "NS"),
        **dict.fromkeys(("EW", "WE", "ÖV", "VÖ", "ØV", "VØ", "OV", "EO", "OE", "OW", "WO"), "EW"),
        **dict.fromkeys(("E", "W", "O", "V", "Ö", "Ø"), "EW"),
    }
)


class Seat(StrEnum):
    NORTH = "N"
    EAST = "E"
    SOUTH = "S"
    WEST = "W"

    @property
    def side(self) -> Side:
        return _NS if self is _NORTH or self is _SOUTH else _EW

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
        return self is _BOTH or (self is _NS_VULNERABLE and side is _NS) or (self is _EW_VULNERABLE and side is _EW)


# The members the properties above compare with, as module constants: an Enum's member is slow to look up on its
# class (a scorer asks these thousands of times).
_NS, _EW = Side.NS, Side.EW
_NORTH, _SOUTH = Seat.NORTH, Seat.SOUTH
_BOTH, _NS_VULNERABLE, _EW_VULNERABLE = Vulnerability.BOTH, Vulnerability.NS, Vulnerability.EW
