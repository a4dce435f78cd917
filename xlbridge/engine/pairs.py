"""A pair of a session: its number (or a club's label), its direction in two fields, its players and handicap.

A pair is what a movement seats and a session lists; its results are the session's lines (:mod:`.session`).
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from ..rules import HANDICAP_RULES, HandicapRule, Side
from ..rules.handicaps import HANDICAP_LIMIT
from ..rules.words import DIRECTION_WORDS
from .choices import choose
from .errors import BridgeInputError, Reason
from .values import NUMBER, bounded, is_blank, show

__all__ = [
    "Pair",
    "PairNumber",
    "member_key",
    "pair_handicap",
    "parse_direction",
    "read_handicap",
    "read_holding",
    "read_member",
    "seated_players",
    "section_name",
]

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
    are known. ``section`` is the section the pair plays in ("" in a session of one section): its number is its
    section's (``A3``, shown as :attr:`label`).
    """

    number: PairNumber
    direction: Side | None = None
    players: tuple[str, ...] = ()
    handicap: Fraction | None = None
    members: tuple[str, ...] = ()
    holdings: tuple[Fraction | None, ...] = ()
    section: str = ""

    @property
    def label(self) -> PairNumber:
        """The pair's number with its section, as clubs write it (``A3``); its number alone in one section."""
        return f"{self.section}{self.number}" if self.section else self.number

    @property
    def called(self) -> str:
        """The pair as a message names it: ``pair A3NS`` (its label, with its direction in a Mitchell)."""
        return f"pair {self.label}{self.direction_text}"

    @property
    def names(self) -> str:
        return " & ".join(player for player in self.players if player)

    @property
    def numbered(self) -> tuple[tuple[str, str], ...]:
        """Each player with his membership number ("" for none), in the order of ``players``."""
        members = (*self.members, *[""] * len(self.players))
        return tuple(zip(self.players, members[: len(self.players)], strict=True))

    @property
    def numbered_names(self) -> str:
        """The players' names, each with his membership number where he has one: ``Ann Able (0012345) & Bob
        Baker``."""
        return " & ".join(f"{player} ({member})" if player and member else player or member
                          for player, member in self.numbered if player or member)  # fmt: skip

    @property
    def direction_text(self) -> str:
        return "" if self.direction is None else self.direction.value


#: The most characters a membership number has: a federation's run to 7 or 8 (ABF 7 digits, EBU 6 to 8, ACBL a
#: letter and 6 digits); a longer one is a name or a note typed in the wrong column.
MEMBER_LENGTH = 20
#: A membership number: letters and digits, with a dash, a dot or a slash between them (SBU ``S-1234``).
_MEMBER = re.compile(r"[0-9A-Za-z]+(?:[-./][0-9A-Za-z]+)*")
#: A whole number as Excel hands a number cell over, or a CSV saved from one: ``1234567.0``.
_WHOLE_FLOAT = re.compile(r"([0-9]+)\.0*")


def read_member(value: object, argument: str = "membership number") -> str:
    """A membership number as typed: text kept as it is (``0012345`` keeps its zeros), a number cell's
    ``1234567.0`` read as ``1234567``; blank is "". Letters and digits, with a dash, dot or slash between them, at
    most :data:`MEMBER_LENGTH` characters; anything else (a name in the number's column) is refused. A number of
    zeros alone (``0``: Ruter's PBN for a player without one) is none: no federation numbers a member 0."""
    if is_blank(value):
        return ""
    if isinstance(value, float):
        if not (math.isfinite(value) and value.is_integer() and value >= 0):
            raise BridgeInputError(f"{argument} {show(value)}: a membership number is a whole number or text")
        value = str(int(value))
    text = str(value).strip()
    whole = _WHOLE_FLOAT.fullmatch(text)
    text = whole[1] if whole else text
    if len(text) > MEMBER_LENGTH or not _MEMBER.fullmatch(text):
        raise BridgeInputError(f"{argument} {show(text)}: a membership number is letters and digits (such as "
                               f"1234567), at most {MEMBER_LENGTH} characters")  # fmt: skip
    return "" if text.isdigit() and not text.strip("0") else text


def section_name(text: str) -> str:
    """A section as a sheet, a file or a user gives it, as xlbridge names it: its letters in capitals, the spaces
    around them aside (``a`` is section ``A``; "" is the one section of a session that has no sections)."""
    return text.strip().upper()


def member_key(number: str) -> str:
    """A membership number as numbers are compared (one player, one number): digits as the number they write,
    leading zeros aside (the ABF's ``0001000`` is ``1000``); a number with letters as typed."""
    return (number.lstrip("0") or "0") if number.isdigit() and number.isascii() else number


def seated_players(players: Sequence[str], members: Sequence[str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A pair's players and their membership numbers, each player given a name or a number (one with neither left
    out); the numbers () when none is given."""
    given = [(player, member) for player, member in zip(players, (*members, *[""] * len(players)), strict=False)
             if player or member]  # fmt: skip
    names = tuple(player for player, _ in given)
    numbers = tuple(member for _, member in given)
    return names, numbers if any(numbers) else ()


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
    return bounded(points, argument, value)
