"""Board numbers to dealer and vulnerability (Law 2)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from xlbridge import BridgeInputError, Seat, Vulnerability, board_dealer, board_vulnerability
from xlbridge.excel.cells import error_value

LAW_2 = [
    (1, "N", "None"),
    (2, "E", "NS"),
    (3, "S", "EW"),
    (4, "W", "Both"),
    (5, "N", "NS"),
    (6, "E", "EW"),
    (7, "S", "Both"),
    (8, "W", "None"),
    (9, "N", "EW"),
    (10, "E", "Both"),
    (11, "S", "None"),
    (12, "W", "NS"),
    (13, "N", "Both"),
    (14, "E", "None"),
    (15, "S", "NS"),
    (16, "W", "EW"),
]


@pytest.mark.parametrize(("board", "dealer", "vulnerable"), LAW_2)
def test_law_2_table(board: int, dealer: str, vulnerable: str) -> None:
    """Boards 1 to 16 as Law 2 prints them."""
    assert board_dealer(board) == Seat(dealer)
    assert board_vulnerability(board) == Vulnerability(vulnerable)


def test_seed_examples_beyond_16() -> None:
    """Board 325 is board 5 (N deals, NS vulnerable); board 358 is board 6 (E deals, EW vulnerable)."""
    assert (board_dealer(325), board_vulnerability(325)) == (Seat.NORTH, Vulnerability.NS)
    assert (board_dealer(358), board_vulnerability(358)) == (Seat.EAST, Vulnerability.EW)


@given(st.integers(1, 10**6))
def test_cycle_repeats_every_16(board: int) -> None:
    """Any board number >= 1 is the board 16 earlier, and floats from Excel read the same."""
    if board > 16:
        assert board_vulnerability(board) == board_vulnerability(board - 16)
        assert board_dealer(board) == board_dealer(board - 16)
    assert board_vulnerability(float(board)) == board_vulnerability(board)


@pytest.mark.parametrize(("board", "error"), [(0, "#NUM!"), (-3, "#NUM!"), (1.5, "#VALUE!"), ("x", "#VALUE!")])
def test_bad_boards(board: object, error: str) -> None:
    """Board numbers start at 1 and are whole."""
    with pytest.raises(BridgeInputError) as caught:
        board_dealer(board)
    assert error_value(caught.value) == error
