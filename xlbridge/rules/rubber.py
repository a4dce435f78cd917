"""Rubber bridge and Chicago: the bonuses that differ from duplicate. Trick values, slam and insult bonuses,
overtricks and penalties come from the era's :class:`~xlbridge.rules.duplicate.DealRules` (rubber's own insult
table included)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from .registry import Registry

__all__ = [
    "CHICAGO_DEALS",
    "CHICAGO_DEAL_FOUR_PARTSCORE",
    "CHICAGO_WHEELS",
    "GAME_BELOW_THE_LINE",
    "HONOURS",
    "RUBBER_BONUS",
    "UNFINISHED_GAME",
    "ChicagoWheel",
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

# Laws of Contract Bridge 1993, Law 80, the unfinished rubber: 300 for a side with the only game (the same under the
# 1932 and 1935 codes). What the only partscore in the unfinished game scores changed with the Laws (50, then 100 from
# 1993): it is each era's (DealRules.rubber_unfinished_partscore, in rules/duplicate.py).
UNFINISHED_GAME = 300

# Chicago (four-deal bridge), as the ACBL's "How to keep score: Chicago" describes it (also Sports Illustrated,
# 16 March 1959).
CHICAGO_DEALS = 4
#: A partscore made on the fourth deal that does not make game.
CHICAGO_DEAL_FOUR_PARTSCORE = 100


@dataclass(frozen=True, slots=True)
class ChicagoWheel:
    """Who is vulnerable on each of a chicago's four deals: ``vulnerability`` holds, for deals 1 to 4, "none", "both",
    "dealer" (the dealer's side) or "other" (the dealer's opponents)."""

    name: str
    source: str
    description: str
    vulnerability: tuple[str, str, str, str]
    aliases: tuple[str, ...] = ()


DEALER_VULNERABLE = ChicagoWheel(
    "DEALER",
    "ACBL, How to keep score: Chicago (deals 2 and 3: dealer's side vulnerable); also Bicycle's four-deal bridge "
    "rules, Sports Illustrated (16 March 1959), Bernard Magee's glossary",
    "deals 2 and 3: the dealer's side vulnerable (the default); deal 1 nobody, deal 4 both",
    ("none", "dealer", "dealer", "both"),
    aliases=("STANDARD",),
)
# The other convention: the ACBL page says "By mutual agreement, the vulnerability on the second and third deals may
# be switched"; Bicycle's rules: "In one variation, played in certain regions, on the second and third deals the
# dealer's side is not vulnerable and the opposing side is vulnerable instead"; TGR's (a London rubber-bridge club)
# plays "dealer's side non-vulnerable on the second and third hands". Which regions play it was not found.
NON_DEALER_VULNERABLE = ChicagoWheel(
    "NON-DEALER",
    'ACBL, How to keep score: Chicago ("by mutual agreement ... may be switched"); Bicycle\'s four-deal bridge '
    "rules (a variation of certain regions); TGR's bridge club, London (house rule)",
    "deals 2 and 3: the dealer's opponents vulnerable (by agreement); deal 1 nobody, deal 4 both",
    ("none", "other", "other", "both"),
    aliases=("NONDEALER", "OPPONENTS", "SWITCHED"),
)

#: Who is vulnerable on a chicago's deals, by the names a scoresheet's ``wheel`` may use (blank: dealer's side).
CHICAGO_WHEELS: Registry[ChicagoWheel] = Registry("wheel", [DEALER_VULNERABLE, NON_DEALER_VULNERABLE])
