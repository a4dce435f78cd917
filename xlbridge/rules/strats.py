"""Stratified games (ACBL): strats A, B and C by the pairs' masterpoint holdings, each with its own places.

A stratified pairs game is played as one game and ranked once per strat. Strat A is open (every pair); strat B
ranks only the pairs whose figure is under B's limit, strat C only those under C's: a pair competes in its own strat
and every strat above it (a C pair is placed in A, B and C; an A pair in A only). The limits are the club's choice.
Sources:

- ACBL Handbook, chapter 4 (the club sanctioned game), section three, "I. Calculating the awards" (acbl.org):
  "Stratified pairs may be conducted with two or three strats. The lowest strat may have any upper masterpoint
  limitation suitable for a club. The lowest strat must have at least five pairs."
- How the pair's figure is made: ACBL Live for Clubs publishes each club game's ``stratification_type``; the
  Livermore Bridge Club's stratified game of 20 April 2026 (limits "None/1250/500") is ``AVERAGE``, and every pair's
  strat there is the average of its players' holdings (a player with none left out). Clubs also stratify by the
  player with more points ("occasionally the highest point holder in a pair, but usually the average of the two",
  Pottstown Bridge Club, policies; "Categories for a given pair are typically based on the player with the higher
  number of MPs ... and may be based on the average MPs of the partners", Tribune-Star, Bridge results, 2020).
- Which strats a pair competes in: "Strat C players can win Strat A or Strat B masterpoint award levels. However,
  Strat A players are not eligible for Strat B or C awards" (Tribune-Star, 2020); the ABA's "How to stratify games"
  and ACBL Live's strat places (a B pair's place in A and in B) say the same.
- The limits: a strat's limit is the holding its pairs must be under ("B < 750": ACBL Live's "MP Limits:
  None/1250/500" places a pair averaging 1098 in B and one averaging 1417 in A). Open games commonly use
  "Open/500/200, Open/750/300 or Open/1000/500" (Vallarta Bridge, "About masterpoints and stratification"); the
  default here is 750/300.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .registry import Registry

__all__ = ["DEFAULT_STRATS", "STRAT_LETTERS", "STRAT_RULES", "StratRule", "Strats"]

#: The strats' names, highest first: A is open.
STRAT_LETTERS = ("A", "B", "C")


@dataclass(frozen=True, slots=True)
class StratRule:
    """How a pair's masterpoint figure is made of its players' holdings: their average, or the higher."""

    name: str
    source: str
    description: str
    aliases: tuple[str, ...] = ()


# ACBL Live for Clubs, stratification_type AVERAGE: Livermore Bridge Club, Monday Morning Pairs, 20 April 2026
# (my.acbl.org/club-results/details/1430335): every pair's strat is its players' average (a player without a
# holding left out). Pottstown Bridge Club: "usually the average of the two".
AVERAGE = StratRule(
    "AVERAGE",
    "ACBL Live for Clubs, stratification type AVERAGE (Livermore Bridge Club, 20 April 2026); Pottstown Bridge Club",
    "the pair's figure is the average of its players' holdings (as ACBL Live's AVERAGE; the default)",
    aliases=("MEAN", "AVG"),
)
# Tribune-Star, "Bridge results" (2020): "Categories for a given pair are typically based on the player with the
# higher number of MPs"; Kendal Bridge Club (an EBU club stratifying after the ACBL): "based on the Masterpoints
# holding of the partner who has more Masterpoints".
HIGHER = StratRule(
    "HIGHER",
    "Tribune-Star, Bridge results (2020): strats by the player with the higher number of masterpoints",
    "the pair's figure is the holding of its player with more masterpoints",
    aliases=("HIGHEST", "MAX", "MORE"),
)

#: How the players' holdings make the pair's figure, by the names ``--strat-by`` may use (blank: their average).
STRAT_RULES: Registry[StratRule] = Registry("strat-by", [AVERAGE, HIGHER])


@dataclass(frozen=True, slots=True)
class Strats:
    """A game's strats: ``limits`` holds each strat below A's limit, highest first (B's, then C's): its pairs'
    figure must be under it. ``rule`` makes the pair's figure."""

    limits: tuple[Fraction, ...]
    rule: StratRule = AVERAGE

    @property
    def letters(self) -> tuple[str, ...]:
        """The strats' names, A first."""
        return STRAT_LETTERS[: len(self.limits) + 1]

    @property
    def shown(self) -> str:
        """The limits as ACBL Live prints them: ``None/750/300``."""
        return "/".join(
            ["None", *(str(limit) if limit.denominator == 1 else f"{float(limit):g}" for limit in self.limits)]
        )


#: The strats of an open club game when none are chosen: A open, B under 750, C under 300 (Vallarta Bridge's
#: common open-game limits "Open/750/300").
DEFAULT_STRATS = Strats((Fraction(750), Fraction(300)))
