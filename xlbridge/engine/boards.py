"""Board numbers to dealer and vulnerability, read from the 16-board cycle of Law 2."""

from __future__ import annotations

from ..rules import BOARD_CYCLE
from .model import Seat, Vulnerability
from .values import parse_board

__all__ = ["board_dealer", "board_vulnerability"]


def board_dealer(board: object) -> Seat:
    """Who deals board ``board`` (any whole number from 1; the cycle repeats every 16 boards)."""
    return BOARD_CYCLE[(parse_board(board) - 1) % len(BOARD_CYCLE)][0]


def board_vulnerability(board: object) -> Vulnerability:
    """Who is vulnerable on board ``board``: board 325 is board 5 (North-South), board 358 board 6 (East-West)."""
    return BOARD_CYCLE[(parse_board(board) - 1) % len(BOARD_CYCLE)][1]
