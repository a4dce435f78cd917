"""Deals in the engine: PBN's deal notation read and written, every way a deal can be wrong refused with its
reason, and the deal generator's fairness (suit lengths and hand patterns against their exact probabilities over
10,000 deals) and reproducibility."""

from __future__ import annotations

import math
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import xlbridge
from xlbridge import BridgeInputError, Deal, Seat, TrickTable, parse_deal
from xlbridge.engine.dealing import SEED_BITS, deal_board, deal_boards

#: Board 1 of the Camrose 2024 (BridgeComposer's hand record; see tests/data/README.md).
CAMROSE_1 = "N:T5.982.874.AQ632 K43.73.KQ5.KJT54 AJ9.AQT6.JT62.98 Q8762.KJ54.A93.7"


def test_a_deal_from_any_first_seat() -> None:
    """The same four hands written from each seat in turn are one deal; it is written back from any seat."""
    deal = parse_deal(CAMROSE_1)
    assert str(deal.north) == "T5.982.874.AQ632"
    assert str(deal["W"]) == "Q8762.KJ54.A93.7"
    for first in "NESW":
        written = deal.pbn(first)
        assert written.startswith(f"{first}:")
        assert parse_deal(written) == deal
    assert deal.pbn("E") == "E:K43.73.KQ5.KJT54 AJ9.AQT6.JT62.98 Q8762.KJ54.A93.7 T5.982.874.AQ632"


def test_tolerant_forms() -> None:
    """Lower case, the ten as 10, extra spaces, suits in any order within a holding, no first seat (North)."""
    deal = parse_deal(CAMROSE_1)
    assert parse_deal("  n:t5.982.874.aq632   K43.73.KQ5.KJ1054 AJ9.AQ106.JT62.98 Q8762.KJ54.A93.7 ") == deal
    assert parse_deal("T5.982.874.QA632 K43.73.KQ5.KJT54 AJ9.AQT6.JT62.98 Q8762.KJ54.A93.7") == deal


def test_one_hand_may_be_left_out() -> None:
    """``-`` for one hand: it is the 13 cards the other three lack."""
    deal = parse_deal(CAMROSE_1)
    assert parse_deal("E:K43.73.KQ5.KJT54 - Q8762.KJ54.A93.7 T5.982.874.AQ632") == deal
    assert parse_deal("N:- K43.73.KQ5.KJT54 AJ9.AQT6.JT62.98 Q8762.KJ54.A93.7").north == deal.north


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("N:T5.982.874.AQ632 K43.73.KQ5.KJT54 AJ9.AQT6.JT62.98", "expected four hands after the first seat"),
        ("N:T5.982.874.AQ632 - - Q8762.KJ54.A93.7", "2 hands are not given ('-'): only one may be left out"),
        ("N:TT5.982.874.AQ632 K43.73.KQ5.KJT54 AJ9.AQT6.JT62.98 Q8762.KJ54.A93.7",
         "the ♠10 is twice in North's hand; North holds 14 cards; every hand holds 13"),
        ("N:T5.982.874.AQ632 K43.73.KQ5.KJT54 AJ9.AQT6.JT62.98 T8762.KJ54.A93.7",
         "the ♠10 is in both North's and West's hands; the ♠Q is in no hand"),
        ("N:Z5.982.874.AQ632 K43.73.KQ5.KJT54 AJ9.AQT6.JT62.98 Q8762.KJ54.A93.7",
         "'Z' in North's spades is not a card (A K Q J T 9 8 7 6 5 4 3 2)"),
        ("N:x5.982.874.AQ632 K43.73.KQ5.KJT54 AJ9.AQT6.JT62.98 Q8762.KJ54.A93.7",
         "'X' in North's spades is not a card"),
        ("N:T5.982.874 K43.73.KQ5.KJT54 AJ9.AQT6.JT62.98 Q8762.KJ54.A93.7",
         "North's hand 'T5.982.874' has 3 suits; a hand is spades.hearts.diamonds.clubs"),
        ("N:T5.982.874.AQ632 K43.73.KQ5.KJT54 AJ9.AQT6.JT62.98 .KJ54.A93.7",
         "♠Q, ♠8, ♠7, ♠6, ♠2 are in no hand; West holds 8 cards; every hand holds 13"),
        ("X:T5.982.874.AQ632 K43.73.KQ5.KJT54 AJ9.AQT6.JT62.98 Q8762.KJ54.A93.7", "'X' before the colon is not a seat"),
        ("", "expected a deal in PBN notation"),
        (17, "expected a deal in PBN notation"),
    ],
)  # fmt: skip
def test_wrong_deals_are_refused_with_every_reason(text: object, reason: str) -> None:
    """A deal that is not the whole pack, 13 cards a hand, is refused; the message quotes the deal and names each
    thing wrong."""
    with pytest.raises(BridgeInputError) as raised:
        parse_deal(text)
    assert reason in raised.value.message
    if isinstance(text, str) and text:
        assert raised.value.message.startswith(f"deal {text!r}: ")


def test_high_card_points_and_lengths() -> None:
    """Camrose 2024 board 1: 6, 12, 12 and 10 points (40 in all); North is 2-3-3-5."""
    deal = parse_deal(CAMROSE_1)
    assert [hand.hcp for hand in deal.hands] == [6, 12, 12, 10]
    assert deal.north.lengths == (2, 3, 3, 5)
    assert deal.north.holding("C") == "AQ632"


@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=0, max_value=2**SEED_BITS), st.integers(min_value=1, max_value=10_000))
def test_any_dealt_board_reads_back_as_itself(seed: int, board: int) -> None:
    """Every generated deal is the whole pack, 13 a hand, 40 points, and reads back as itself from its text."""
    deal = deal_board(seed, board)
    assert sorted(len(list(hand.cards)) for hand in deal.hands) == [13, 13, 13, 13]
    assert len({card for hand in deal.hands for card in hand.cards}) == 52
    assert sum(hand.hcp for hand in deal.hands) == 40
    assert parse_deal(deal.pbn(Seat.WEST)) == deal


def test_a_seed_gives_the_same_deals_again() -> None:
    """The same seed deals the same boards; a board's deal depends on the seed and its number only, so boards
    19-36 dealt alone are those of a 36-board set; another seed, other deals."""
    seed, boards = deal_boards(36, seed=20260727)
    assert seed == 20260727
    again = deal_boards(36, seed=20260727)[1]
    assert boards == again
    assert deal_boards(18, first_board=19, seed=20260727)[1] == boards[18:]
    assert [deal for _, deal in deal_boards(36, seed=20260728)[1]] != [deal for _, deal in boards]
    assert len({deal for _, deal in boards}) == 36
    assert [number for number, _ in boards] == list(range(1, 37))


def test_the_first_deals_of_a_seed_never_change() -> None:
    """The scheme is fixed: seed 1 deals these boards on any machine and Python (a changed generator would
    deal other cards from an old seed)."""
    assert deal_board(1, 1).pbn() == "N:K975.KJ6.J8.KJ73 J42.5.KT952.T982 AQ83.T93.AQ74.64 T6.AQ8742.63.AQ5"
    assert xlbridge.deal_board(0, 36) == deal_board(0, 36)


def test_a_fresh_seed_each_time() -> None:
    """Without a seed, a fresh 128-bit one is drawn (and returned, to deal the same boards again)."""
    first, dealt = deal_boards(4)
    second, _ = deal_boards(4)
    assert first != second
    assert first < 2**SEED_BITS
    assert deal_boards(4, seed=first)[1] == dealt


@pytest.mark.parametrize(("boards", "first", "seed"), [(0, 1, 1), (4, 0, 1), (4, 1, -1), (True, 1, 1), (4, 1, 1.5)])
def test_generator_arguments(boards: object, first: object, seed: object) -> None:
    """Boards 1 or more, a first board of 1 or more, a seed that is a whole number from 0."""
    with pytest.raises(BridgeInputError):
        deal_boards(boards, first, seed)  # type: ignore[arg-type]


def suit_length_probability(length: int) -> float:
    """The chance that a hand holds ``length`` cards of a given suit: C(13, k) C(39, 13-k) / C(52, 13)."""
    return math.comb(13, length) * math.comb(39, 13 - length) / math.comb(52, 13)


def pattern_probability(pattern: tuple[int, ...]) -> float:
    """The chance of a hand pattern (4-4-3-2 in any suits): the ways to choose its suits' cards, times the ways
    to give the lengths to the four suits, over C(52, 13)."""
    arrangements = math.factorial(4) / math.prod(math.factorial(n) for n in Counter(pattern).values())
    return arrangements * math.prod(math.comb(13, n) for n in pattern) / math.comb(52, 13)


def within_sampling_error(observed: int, trials: int, probability: float, sigmas: float = 4.5) -> bool:
    """An observed count within ``sigmas`` standard errors of a binomial's mean."""
    return abs(observed - trials * probability) <= sigmas * math.sqrt(trials * probability * (1 - probability))


def test_suit_lengths_and_patterns_over_ten_thousand_deals() -> None:
    """Over 10,000 dealt boards, each hand's length in each suit (8 cards or more counted together: 9, 10 and 11
    are too rare to count apart), North's hand pattern and the seat holding the ♠A occur as often as their exact
    probabilities say, within sampling error (4.5 standard errors; the seed is fixed, so the test gives the same
    answer every run)."""
    deals = [deal for _, deal in deal_boards(10_000, seed=14)[1]]
    assert sum(suit_length_probability(k) for k in range(14)) == pytest.approx(1)
    long = sum(suit_length_probability(k) for k in range(8, 14))
    for seat in "NESW":
        for suit in range(4):
            lengths = Counter(min(deal[seat].lengths[suit], 8) for deal in deals)
            for length in range(9):
                expected = long if length == 8 else suit_length_probability(length)
                assert within_sampling_error(lengths[length], len(deals), expected), (seat, suit, length, lengths)
    patterns = Counter(tuple(sorted(deal.north.lengths, reverse=True)) for deal in deals)
    assert pattern_probability((4, 4, 3, 2)) == pytest.approx(0.2155, abs=5e-5)  # the textbook figure
    assert pattern_probability((5, 3, 3, 2)) == pytest.approx(0.1552, abs=5e-5)
    for pattern in [(4, 4, 3, 2), (5, 3, 3, 2), (5, 4, 3, 1), (5, 4, 2, 2), (4, 3, 3, 3), (6, 3, 2, 2), (4, 4, 4, 1)]:
        assert within_sampling_error(patterns[pattern], len(deals), pattern_probability(pattern)), pattern
    ace = Counter(next(seat for seat in "NESW" if "A" in deal[seat].holding("S")) for deal in deals)
    assert all(within_sampling_error(ace[seat], len(deals), 0.25) for seat in "NESW"), ace


def test_trick_table_reads_by_seat_and_strain() -> None:
    """``table["N"]["NT"]``: BridgeComposer's DoubleDummyTricks order (N, S, E, W; NT, S, H, D, C) read back."""
    table = TrickTable(tuple(int(c, 16) for c in "54555546658977889778"))
    assert [table["N"]["NT"], table["S"]["H"], table["E"]["S"], table[Seat.WEST]["C"]] == [5, 6, 9, 8]
    assert table.rows() == [[5, 4, 5, 5, 5], [8, 9, 7, 7, 8], [5, 4, 6, 6, 5], [8, 9, 7, 7, 8]]
    assert (table.level("E", "S"), table.level("N", "NT")) == (3, 0)
    assert TrickTable.of({seat: table[seat] for seat in "NESW"}) == table
    with pytest.raises(BridgeInputError, match="is not 0 to 13"):
        TrickTable((14,) + (0,) * 19)
    with pytest.raises(BridgeInputError, match="20 figures"):
        TrickTable((1, 2))


def test_deals_are_values() -> None:
    """A Deal is immutable and hashable (a cache key), equal to another of the same cards."""
    deal = parse_deal(CAMROSE_1)
    assert isinstance(deal, Deal)
    assert {deal: 1}[parse_deal(deal.pbn("S"))] == 1
    with pytest.raises(AttributeError):
        deal.north = deal.south  # type: ignore[misc]
