"""Handicapped pairs: how the players' handicaps make their pair's.

A handicap is a number of percentage points added to a pair's percentage for a second, handicapped ranking (the
scratch ranking is kept): EBUScore's sign, where a strong player has a negative handicap ("A handicap of -5 ...
represents that the player's percentage will be reduced by 5%", EBUScore wiki, Handicaps). ScoreBridge and Pianola
use the opposite sign (EBU forum, discussion 470): give their handicaps negated.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .registry import Registry

__all__ = ["HANDICAP_LIMIT", "HANDICAP_RULES", "HandicapRule"]


@dataclass(frozen=True, slots=True)
class HandicapRule:
    """How two players' handicaps make their pair's: ``factor`` times their sum."""

    name: str
    source: str
    description: str
    factor: Fraction
    aliases: tuple[str, ...] = ()


# EBUScore wiki, "Handicaps" (and its change of 2018-03-15): the "50%" option, "two 60% players (each with a handicap
# of -5) ... -5%"; EBUScore and PairsScorer had only this before version 1.1.8. Beccles Bridge Club likewise averages
# a player's percentage with the partner's.
AVERAGE = HandicapRule(
    "AVERAGE",
    "EBUScore's 50% handicap option (EBUScore wiki, Handicaps); Beccles Bridge Club's pair handicap",
    "the pair's handicap is the average of its players' (EBUScore's 50%; the default)",
    Fraction(1, 2),
    aliases=("50%", "MEAN"),
)
# EBUScore wiki, "Handicaps": the "100%" option (1.1.8 on), "two 60% players (each with a handicap of -5) ... overall
# adjustment of -10%", so that every pair expects about 50%; the EBU's NGS team on the EBU forum (discussion 470):
# handicaps are per player and added for a partnership.
SUM = HandicapRule(
    "SUM",
    "EBUScore's 100% handicap option (EBUScore wiki, Handicaps); the EBU NGS team (EBU forum, discussion 470)",
    "the pair's handicap is the sum of its players' (EBUScore's 100%)",
    Fraction(1),
    aliases=("100%", "ADDED"),
)

#: How the players' handicaps make the pair's, by the names ``--handicaps`` may use (blank: their average).
HANDICAP_RULES: Registry[HandicapRule] = Registry("handicaps", [AVERAGE, SUM])

#: The largest handicap, either way, in percentage points: xlbridge's bound on what can be meant (EBUScore's grade
#: handicaps run from -6 to +6 a player).
HANDICAP_LIMIT = 50
