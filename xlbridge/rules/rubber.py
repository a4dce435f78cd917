"""Rubber bridge and Chicago: the bonuses that differ from duplicate. Trick values, slam and insult bonuses,
overtricks and penalties come from the era's :class:`~xlbridge.rules.duplicate.DealRules` (rubber's own insult
table included)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

__all__ = [
    "CHICAGO_DEALS",
    "CHICAGO_DEAL_FOUR_PARTSCORE",
    "CHICAGO_VULNERABILITY",
    "GAME_BELOW_THE_LINE",
    "HONOURS",
    "RUBBER_BONUS",
    "UNFINISHED_GAME",
    "UNFINISHED_PARTSCORE",
]

# Laws of Contract Bridge 1993 (rubber bridge), Part VII "The Score": Law 74 (the rubber bonus), the scoring table
# of Law 81 (honours).
#: Trick points below the line that make a game.
GAME_BELOW_THE_LINE = 100
#: The rubber bonus, by the loser's games: 700 when it has none (2-0), 500 when it has one (2-1).
RUBBER_BONUS: Mapping[int, int] = MappingProxyType({0: 700, 1: 500})
#: Honours, scored above the line by the side holding them, whoever declares and whether or not the contract makes:
#: four of the five trump honours in one hand 100; all five 150; the four aces at notrump 150.
HONOURS: Mapping[str, int] = MappingProxyType({"four trump honours": 100, "five trump honours": 150, "four aces": 150})

# Laws of Contract Bridge 1993, Law 80, the unfinished rubber: 300 for a side with the only game; 100 for a side
# with the only partscore in an unfinished game (50 before 1993: TIME, 1 March 1943, on the 1943 amendments).
UNFINISHED_GAME = 300
UNFINISHED_PARTSCORE = 100

# Chicago (four-deal bridge), as the ACBL's "How to keep score: Chicago" describes it (also Sports Illustrated,
# 16 March 1959).
CHICAGO_DEALS = 4
#: Who is vulnerable on deal 1, 2, 3, 4 of a chicago: nobody, the dealer's side, the dealer's side, both.
CHICAGO_VULNERABILITY = ("none", "dealer", "dealer", "both")
#: A partscore made on the fourth deal that does not make game.
CHICAGO_DEAL_FOUR_PARTSCORE = 100
