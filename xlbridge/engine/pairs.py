"""A pair of a session: its number (or a club's label), its direction in two fields, its players and handicap.

A pair is what a movement seats and a session lists; its results are the session's lines (:mod:`.session`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from ..rules import HANDICAP_RULES, HandicapRule, Side
from ..rules.handicaps import HANDICAP_LIMIT
from ..rules.words import DIRECTION_WORDS
from .choices import choose
from .errors import BridgeInputError, Reason
from .values import NUMBER, is_blank, show

__all__ = ["Pair", "PairNumber", "pair_handicap", "parse_direction", "read_handicap"]

#: A pair's number as a movement gives it (7), or a label a club uses ("7A").
PairNumber = int | str


@dataclass(frozen=True, slots=True)
class Pair:
    """A pair as the Names sheet lists it; ``direction`` is its side in a Mitchell, None in a Howell.

    ``handicap`` is the pair's handicap in percentage points, added to its percentage for the handicapped ranking
    (None: no handicap given; see :func:`pair_handicap` for one made of the players'). ``members`` holds each
    player's membership number as the federation gives it (digits or letters; "" for a player without one), in
    the order of ``players``; empty where no numbers are known. ``section`` is the section the pair plays in
    ("" in a session of one section): its number is its section's (``A3``, shown as :attr:`label`).
    """

    number: PairNumber
    direction: Side | None = None
    players: tuple[str, ...] = ()
    handicap: Fraction | None = None
    members: tuple[str, ...] = ()
    section: str = ""

    @property
    def label(self) -> PairNumber:
        """The pair's number with its section, as clubs write it (``A3``); its number alone in one section."""
        return f"{self.section}{self.number}" if self.section else self.number

    @property
    def names(self) -> str:
        return " & ".join(player for player in self.players if player)

    @property
    def direction_text(self) -> str:
        return "" if self.direction is None else self.direction.value


def parse_direction(text: str) -> Side | None:
    """A pair's direction as sheets and files write it: NS, N-S, ew, and the other languages' words scoring
    programs write (Ö-V, Ø-V, E-O, N-Z, O-W; :data:`~xlbridge.rules.words.DIRECTION_WORDS`); blank for none, as in a
    Howell."""
    cleaned = "".join((text or "").upper().replace("-", "").replace("/", "").split())
    if not cleaned:
        return None
    side = DIRECTION_WORDS.get(cleaned)
    if side is None:
        raise BridgeInputError(f"direction {text!r}: must be NS or EW (blank in a Howell)")
    return Side(side)


def read_handicap(value: object, argument: str = "handicap") -> Fraction | None:
    """A handicap as typed, in percentage points: ``-5``, ``+2.5``, ``3%``, ``-1.25`` (blank: None)."""
    if is_blank(value):
        return None
    text = value.strip().removesuffix("%").strip().replace("−", "-") if isinstance(value, str) else value
    if isinstance(text, float) and math.isfinite(text):
        text = repr(text)
    if isinstance(text, int) and not isinstance(text, bool):
        text = str(text)
    if not isinstance(text, str) or not NUMBER.fullmatch(text):
        raise BridgeInputError(f"{argument} {show(value)}: expected percentage points, such as -5 or +2.5")
    points = Fraction(Decimal(text))
    if abs(points) > HANDICAP_LIMIT:
        raise BridgeInputError(
            f"{argument} {show(value)}: a handicap is at most {HANDICAP_LIMIT} percentage points either way",
            reason=Reason.OUT_OF_RANGE,
        )
    return points


def pair_handicap(players: Sequence[object], rule: object = None) -> Fraction | None:
    """A pair's handicap from its two players' (as typed): their average (``AVERAGE``, EBUScore's "50%", the
    default) or their sum (``SUM``, EBUScore's "100%"); a player with none counts 0; None when neither has one."""
    chosen: HandicapRule = choose(HANDICAP_RULES, rule, "handicaps")
    values = [read_handicap(value, f"player {index} handicap") for index, value in enumerate(players, start=1)]
    if all(value is None for value in values):
        return None
    return sum((value or Fraction(0) for value in values), Fraction(0)) * chosen.factor
