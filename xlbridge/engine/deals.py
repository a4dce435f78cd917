"""Deals, as hand records hold them: the four hands, a double-dummy table, the par.

A :class:`Deal` is read from PBN's notation (PBN 2.1, section 3.4, the Deal tag): the seat of the first hand, a
colon, then the four hands clockwise, each ``spades.hearts.diamonds.clubs`` with ranks from the ace down, ``-``
for a hand not given. It always holds the whole pack: 52 different cards, 13 in each hand; one hand may be left
out (it is the 13 cards the other three lack), anything else is refused with the reason.

A :class:`TrickTable` is the tricks each declarer takes in each strain with every card seen (double dummy), read
as ``table["N"]["NT"]``; a :class:`Par` is the score both sides' best bidding reaches against each other, with the
contracts that give it. They come from a solver (:mod:`xlbridge.engine.solver`) or from a file's own tags; here
they are only values. Standard library only.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from ..rules import DECK, HAND, HIGH_CARD_POINTS, RANKS, SUIT_SYMBOLS, SUITS, TABLE_SEATS, TABLE_STRAINS
from .errors import BridgeInputError, Reason
from .model import Contract, Seat, Strain
from .parse import parse_seat
from .values import is_blank, show

__all__ = ["SEAT_NAMES", "Deal", "Hand", "Par", "ParContract", "TrickTable", "parse_deal"]

#: Seats clockwise from North: the order a deal is dealt and written in.
CLOCKWISE: tuple[Seat, ...] = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
SEAT_NAMES = {Seat.NORTH: "North", Seat.EAST: "East", Seat.SOUTH: "South", Seat.WEST: "West"}
_RANK_ORDER = {rank: index for index, rank in enumerate(RANKS)}
#: Every card of the pack, as (suit, rank).
PACK: tuple[tuple[Strain, str], ...] = tuple((suit, rank) for suit in SUITS for rank in RANKS)


@dataclass(frozen=True, slots=True)
class Hand:
    """Thirteen cards: each suit's ranks from the ace down (``"AKT"``; ``""`` for a void), spades first."""

    suits: tuple[str, str, str, str]

    @classmethod
    def of(cls, cards: Iterable[tuple[Strain, str]]) -> Hand:
        """The hand holding these cards, (suit, rank) pairs in any order."""
        held: dict[Strain, list[str]] = {suit: [] for suit in SUITS}
        for suit, rank in cards:
            held[suit].append(rank)
        ordered = ("".join(sorted(held[suit], key=_RANK_ORDER.__getitem__)) for suit in SUITS)
        return cls(tuple(ordered))  # type: ignore[arg-type]

    def holding(self, suit: Strain | str) -> str:
        """The ranks held in ``suit`` (S, H, D or C), from the ace down."""
        return self.suits[SUITS.index(Strain(suit))]

    @property
    def cards(self) -> Iterator[tuple[Strain, str]]:
        for suit, ranks in zip(SUITS, self.suits, strict=True):
            for rank in ranks:
                yield suit, rank

    @property
    def lengths(self) -> tuple[int, int, int, int]:
        """How many spades, hearts, diamonds and clubs."""
        return tuple(len(ranks) for ranks in self.suits)  # type: ignore[return-value]

    @property
    def hcp(self) -> int:
        """High-card points: ace 4, king 3, queen 2, jack 1."""
        return sum(HIGH_CARD_POINTS.get(rank, 0) for ranks in self.suits for rank in ranks)

    def __str__(self) -> str:
        return ".".join(self.suits)


@dataclass(frozen=True, slots=True)
class Deal:
    """The four hands of a board (52 different cards, 13 a hand)."""

    north: Hand
    east: Hand
    south: Hand
    west: Hand

    def __getitem__(self, seat: Seat | str) -> Hand:
        return self.hands[CLOCKWISE.index(Seat(seat))]

    @property
    def hands(self) -> tuple[Hand, Hand, Hand, Hand]:
        """North's, East's, South's and West's hands."""
        return self.north, self.east, self.south, self.west

    def pbn(self, first: Seat | str = Seat.NORTH) -> str:
        """The deal in PBN notation, starting with the hand of ``first``: ``N:AKQ.... ...``."""
        start = CLOCKWISE.index(Seat(first))
        seats = CLOCKWISE[start:] + CLOCKWISE[:start]
        return f"{seats[0].value}:" + " ".join(str(self[seat]) for seat in seats)

    def __str__(self) -> str:
        return self.pbn()


def _deal_error(text: str, problems: list[str]) -> BridgeInputError:
    """The refusal of a deal, quoting it whole (a deal is some 70 characters) and naming every problem."""
    quoted = repr(text) if len(text) <= 100 else show(text)
    return BridgeInputError(f"deal {quoted}: {'; '.join(problems)}")


def _card(suit: Strain, rank: str) -> str:
    return f"{SUIT_SYMBOLS[suit]}{'10' if rank == 'T' else rank}"


def _where(seats: list[Seat]) -> str:
    """Where a card is more than once: ``twice in North's hand``, ``in both North's and West's hands``."""
    distinct = list(dict.fromkeys(seats))
    if len(distinct) == 1:
        return f"{'twice' if len(seats) == 2 else f'{len(seats)} times'} in {SEAT_NAMES[distinct[0]]}'s hand"
    names = [f"{SEAT_NAMES[seat]}'s" for seat in distinct]
    listed = " and ".join(names) if len(names) == 2 else f"{', '.join(names[:-1])} and {names[-1]}"
    return f"in {'both ' if len(names) == 2 else ''}{listed} hands"


def _read_hand(seat: Seat, text: str, problems: list[str]) -> list[tuple[Strain, str]] | None:
    """The cards of one hand as written (``AK5.QJ2.T98.7654``), or None for ``-``; what is wrong is added to
    ``problems``."""
    if text == "-":
        return None
    parts = text.split(".")
    if len(parts) != len(SUITS):
        problems.append(
            f"{SEAT_NAMES[seat]}'s hand {show(text)} has {len(parts)} suits; a hand is spades.hearts.diamonds.clubs "
            "(an empty suit between two dots)"
        )
        return []
    cards: list[tuple[Strain, str]] = []
    for suit, ranks in zip(SUITS, parts, strict=True):
        ranks = ranks.upper().replace("10", "T")
        strange = sorted({rank for rank in ranks if rank not in _RANK_ORDER})
        if strange:
            problems.append(
                f"{', '.join(map(repr, strange))} in {SEAT_NAMES[seat]}'s {suit.name.lower()} "
                f"{'is not a card' if len(strange) == 1 else 'are not cards'} (A K Q J T 9 8 7 6 5 4 3 2)"
            )
        cards.extend((suit, rank) for rank in ranks if rank in _RANK_ORDER)
    return cards


def parse_deal(text: object, argument: str = "deal") -> Deal:
    """A deal in PBN notation: ``N:AKQ2.T98.765.432 ...`` (the first seat may be any; without it, North), the four
    hands clockwise, each spades.hearts.diamonds.clubs; ``-`` for the one hand that may be left out. Ranks may be
    in lower case and the ten written ``10``. Refused, naming every problem, unless it holds the 52 cards of the
    pack, 13 in each hand."""
    if isinstance(text, Deal):
        return text
    if not isinstance(text, str) or is_blank(text):
        raise BridgeInputError(
            f"{argument} {show(text)}: expected a deal in PBN notation, such as 'N:AKQ2.T98.765.432 ...'"
        )
    written = text.strip()
    first, body = Seat.NORTH, written
    if len(written) > 1 and written[1] == ":":
        seat = parse_seat(written[0], argument="the first seat") if written[0].upper() in "NESW" else None
        if seat is None:
            raise _deal_error(written, [f"{written[0]!r} before the colon is not a seat (N, E, S or W)"])
        first, body = seat, written[2:]
    parts = body.split()
    if len(parts) != len(CLOCKWISE):
        raise _deal_error(
            written,
            [f"expected four hands after the first seat, separated by spaces ('-' for a hand not given); found "
             f"{len(parts)}"],
        )  # fmt: skip
    start = CLOCKWISE.index(first)
    seats = CLOCKWISE[start:] + CLOCKWISE[:start]
    problems: list[str] = []
    hands = {seat: _read_hand(seat, part, problems) for seat, part in zip(seats, parts, strict=True)}
    malformed = {seat for seat, part in zip(seats, parts, strict=True) if part != "-" and part.count(".") != 3}
    holders: dict[tuple[Strain, str], list[Seat]] = {}
    for seat in CLOCKWISE:
        for card in hands[seat] or ():
            holders.setdefault(card, []).append(seat)
    for card, seen in holders.items():
        if len(seen) > 1:
            problems.append(f"the {_card(*card)} is {_where(seen)}")
    unknown = [seat for seat in CLOCKWISE if hands[seat] is None]
    if not unknown:
        missing = [card for card in PACK if card not in holders]
        if missing:
            cards = ", ".join(_card(*card) for card in missing[:6]) + (", ..." if len(missing) > 6 else "")
            problems.append(f"{'the ' if len(missing) == 1 else ''}{cards} {'is' if len(missing) == 1 else 'are'} "
                            "in no hand")  # fmt: skip
    if len(unknown) > 1:
        problems.append(
            f"{len(unknown)} hands are not given ('-'): only one may be left out (it is the 13 cards the others lack)"
        )
    for seat in CLOCKWISE:
        held = hands[seat]
        if held is not None and len(held) != HAND and seat not in malformed:
            problems.append(f"{SEAT_NAMES[seat]} holds {len(held)} cards; every hand holds {HAND}")
    if problems:
        raise _deal_error(written, problems)
    if unknown:
        (seat,) = unknown
        hands[seat] = [card for card in PACK if card not in holders]
    assert sum(len(cards or ()) for cards in hands.values()) == DECK
    return Deal(*(Hand.of(hands[seat] or ()) for seat in CLOCKWISE))


def _seat(value: Seat | str) -> Seat:
    seat = parse_seat(value, argument="seat")
    if seat is None:
        raise BridgeInputError("seat: expected N, E, S or W")
    return seat


@dataclass(frozen=True, slots=True)
class TrickTable:
    """The tricks each declarer takes in each strain, double dummy: ``table["N"]["NT"]``.

    ``tricks`` holds the 20 figures in the order of BridgeComposer's DoubleDummyTricks tag: declarers N, S, E, W,
    each in NT, S, H, D, C.
    """

    tricks: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(self.tricks) != len(TABLE_SEATS) * len(TABLE_STRAINS):
            raise BridgeInputError(f"a double-dummy table holds 20 figures, not {len(self.tricks)}")
        for index, value in enumerate(self.tricks):
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= HAND:
                seat, strain = TABLE_SEATS[index // 5], TABLE_STRAINS[index % 5]
                raise BridgeInputError(
                    f"double-dummy tricks of {seat.value} in {strain.value}: {show(value)} is not 0 to 13",
                    reason=Reason.OUT_OF_RANGE,
                )

    @classmethod
    def of(cls, figures: Mapping[Seat | str, Mapping[Strain | str, int]]) -> TrickTable:
        """A table from ``{seat: {strain: tricks}}`` (every seat and strain)."""
        try:
            return cls(tuple(figures[seat][strain] for seat in TABLE_SEATS for strain in TABLE_STRAINS))
        except KeyError as missing:
            raise BridgeInputError(
                f"a double-dummy table needs every declarer and strain; {missing} is missing"
            ) from None

    def __getitem__(self, seat: Seat | str) -> Mapping[Strain, int]:
        row = TABLE_SEATS.index(_seat(seat)) * len(TABLE_STRAINS)
        return MappingProxyType(dict(zip(TABLE_STRAINS, self.tricks[row : row + len(TABLE_STRAINS)], strict=True)))

    def rows(self) -> list[list[int]]:
        """Rows N, E, S, W; columns NT, S, H, D, C (as HANDTRICKS spills it)."""
        return [[self[seat][strain] for strain in TABLE_STRAINS] for seat in CLOCKWISE]

    def level(self, seat: Seat | str, strain: Strain | str) -> int:
        """The highest contract ``seat`` makes in ``strain`` (0 when it takes fewer than 7 tricks)."""
        return max(0, self[seat][Strain(strain)] - 6)


@dataclass(frozen=True, slots=True)
class ParContract:
    """One par contract: who may declare it (``NS``, or one seat when only one makes it), the contract (doubled
    when it is a sacrifice) and the result, tricks over (+) or under (-) it."""

    declarers: tuple[Seat, ...]
    contract: Contract
    result: int

    def __post_init__(self) -> None:
        sides = {seat.side for seat in self.declarers}
        if len(sides) != 1:
            raise BridgeInputError(f"a par contract is declared by one side, not {self.declarers}")
        if self.contract.passed_out or not 0 <= self.tricks <= HAND:
            raise BridgeInputError(f"par contract {self.contract}{self.result:+d}: the tricks must be 0 to 13")

    @property
    def tricks(self) -> int:
        """The tricks declarer takes."""
        return self.contract.tricks_needed + self.result

    @property
    def by(self) -> str:
        """``NS``, ``EW``, or the one seat (``E``)."""
        seats = set(self.declarers)
        side = next(iter(seats)).side
        return side.value if len(seats) == 2 else next(iter(seats)).value

    def __str__(self) -> str:
        result = "=" if self.result == 0 else f"{self.result:+d}"
        return f"{self.by} {self.contract}{result}"


@dataclass(frozen=True, slots=True)
class Par:
    """The par of a deal: its score, North-South's side, and the par contracts (none when the par is to pass)."""

    score: int
    listed: tuple[ParContract, ...] = ()

    @property
    def contracts(self) -> str:
        """The par contracts as text, ``EW 4SX-1`` (several joined by ``; ``); ``PASS`` when nobody bids."""
        if not self.listed:
            return "PASS" if self.score == 0 else ""
        return "; ".join(str(contract) for contract in self.listed)

    def __str__(self) -> str:
        side = "NS" if self.score >= 0 else "EW"
        return f"{side} {abs(self.score)}: {self.contracts}" if self.contracts else f"{side} {abs(self.score)}"
