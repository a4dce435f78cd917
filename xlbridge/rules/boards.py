"""The board cycle: who deals and who is vulnerable on each board."""

from __future__ import annotations

from .words import Seat, Vulnerability

__all__ = ["BOARD_CYCLE", "HIGHEST_BOARD"]

#: The highest board number xlbridge takes (and the most rounds, tables or pair numbers of a movement): far beyond any
#: club's sessions, and the last board a pairs-session workbook prints a traveller for (it prints one for every board
#: from 1). One limit, which the movements, the result files and the TRAVELLERS function all read.
HIGHEST_BOARD = 999

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
NONE, NS, EW, BOTH = Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW, Vulnerability.BOTH

#: Laws of Duplicate Bridge 2017, Law 2: boards 1 to 16 (then repeating every 16 boards): (dealer, vulnerable).
BOARD_CYCLE: tuple[tuple[Seat, Vulnerability], ...] = (
    (N, NONE),  # 1
    (E, NS),  # 2
    (S, EW),  # 3
    (W, BOTH),  # 4
    (N, NS),  # 5
    (E, EW),  # 6
    (S, BOTH),  # 7
    (W, NONE),  # 8
    (N, EW),  # 9
    (E, BOTH),  # 10
    (S, NONE),  # 11
    (W, NS),  # 12
    (N, BOTH),  # 13
    (E, NONE),  # 14
    (S, NS),  # 15
    (W, EW),  # 16
)
