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

__all__ = ["Pair", "PairNumber", "pair_handicap", "parse_direction", "read_handicap", "read_holding"]

#: A pair's number as a movement gives it (7), or a label a club uses ("7A").
PairNumber = int | str


@dataclass(frozen=True, slots=True)
class Pair:
    """A pair as the Names sheet lists it; ``direction`` is its side in a Mitchell, None in a Howell.

    ``handicap`` is the pair's handicap in percentage points, added to its percentage for the handicapped ranking
    (None: no handicap given; see :func:`pair_handicap` for one made of the players'). ``members`` holds each
    player's membership number as the federation gives it (digits or letters; "" for a player without one), in
    the order of ``players``; empty where no numbers are known. ``holdings`` holds each player's masterpoint
    holding (None for a player without one), in the order of ``players``, for a stratified game; empty where none
    are known.
    """

    number: PairNumber
    direction: Side | None = None
    players: tuple[str, ...] = ()
    handicap: Fraction | None = None
    members: tuple[str, ...] = ()
    holdings: tuple[Fraction | None, ...] = ()

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


def _typed_number(value: object) -> Fraction | None:
    """A number as a cell or a file gives it (``2.5``, ``"-5"``, ``3``), exactly; None for anything else."""
    text = repr(value) if isinstance(value, float) and math.isfinite(value) else value
    if isinstance(text, int) and not isinstance(text, bool):
        text = str(text)
    if not isinstance(text, str) or not NUMBER.fullmatch(text):
        return None
    return Fraction(Decimal(text))


def read_handicap(value: object, argument: str = "handicap") -> Fraction | None:
    """A handicap as typed, in percentage points: ``-5``, ``+2.5``, ``3%``, ``-1.25`` (blank: None)."""
    if is_blank(value):
        return None
    points = _typed_number(
        value.strip().removesuffix("%").strip().replace("−", "-") if isinstance(value, str) else value
    )
    if points is None:
        raise BridgeInputError(f"{argument} {show(value)}: expected percentage points, such as -5 or +2.5")
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


def read_holding(value: object, argument: str = "masterpoints") -> Fraction | None:
    """A player's masterpoint holding as typed: ``1040``, ``1148.65``, ``"1,794"`` (blank: None)."""
    if is_blank(value):
        return None
    points = _typed_number(value.strip().replace(",", "") if isinstance(value, str) else value)
    if points is None:
        raise BridgeInputError(f"{argument} {show(value)}: expected the player's masterpoints, such as 1040 or 2.5")
    if points < 0:
        raise BridgeInputError(f"{argument} {show(value)}: masterpoints are not negative", reason=Reason.OUT_OF_RANGE)
    return points
