"""The cards of a deal as hand records write them: suits, ranks, the order of a double-dummy table, high-card points.

PBN 2.1 (Portable Bridge Notation), section 3.4, the Deal tag: each hand lists its spades, hearts, diamonds and
clubs, separated by dots, each suit's ranks from the ace down (``A K Q J T 9 ... 2``; ``T`` is the ten).
"""

from __future__ import annotations

from .words import Seat, Strain

__all__ = ["DECK", "HAND", "HIGH_CARD_POINTS", "RANKS", "SUITS", "SUIT_SYMBOLS", "TABLE_SEATS", "TABLE_STRAINS"]

#: PBN 2.1, section 3.4 (the Deal tag): a hand's suits in the order the Deal tag lists them.
SUITS: tuple[Strain, ...] = (Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)
#: PBN 2.1, section 3.4 (the Deal tag): the ranks, highest first (T is the ten).
RANKS = "AKQJT98765432"
#: Cards in the pack, and in each hand (Laws of Duplicate Bridge 2017, Laws 1 and 6).
DECK = 52
HAND = 13
#: The Milton Work count (ace 4, king 3, queen 2, jack 1: 40 in the pack), as hand records print it.
HIGH_CARD_POINTS: dict[str, int] = {"A": 4, "K": 3, "Q": 2, "J": 1}
#: The suit symbols a diagram prints.
SUIT_SYMBOLS: dict[Strain, str] = {Strain.SPADES: "♠", Strain.HEARTS: "♥", Strain.DIAMONDS: "♦", Strain.CLUBS: "♣"}

#: BridgeComposer's DoubleDummyTricks tag (20 hexadecimal digits): character i is the tricks of declarer
#: ``TABLE_SEATS[i // 5]`` in strain ``TABLE_STRAINS[i % 5]``; its OptimumResultTable lists the rows in the same
#: order (checked on boards where BridgeComposer wrote both tags: every other order disagrees with the table).
TABLE_SEATS: tuple[Seat, ...] = (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST)
TABLE_STRAINS: tuple[Strain, ...] = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)
