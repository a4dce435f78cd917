"""Random deals for a session's boards, reproducible from a seed.

Each board's deal is a uniformly random arrangement of the pack: a Fisher-Yates shuffle whose every choice is an
exact uniform draw (rejection sampling, no rounding) from SHA-256 of the seed, the board number and a counter.
So the deal of board 7 depends on the seed and the number 7 only: the same seed deals the same boards again on
any machine and any Python, and dealing boards 1-36 or boards 19-36 alone gives board 19 the same cards. Without a
seed, a fresh one of 128 bits is drawn from the system's secure source (:mod:`secrets`), so that nobody can guess
the deals from it, and it is reported so that they can be dealt again.

Standard library only.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Iterator

from ..rules import HAND
from .deals import CLOCKWISE, PACK, Deal, Hand
from .errors import BridgeInputError, Reason
from .values import parse_board

__all__ = ["SEED_BITS", "deal_board", "deal_boards", "fresh_seed"]

#: The size of a seed drawn when none is given: large enough that the deals of a set are not among few.
SEED_BITS = 128
#: What is hashed before the seed, the board and the counter (a new scheme would change it, never the old one).
_SCHEME = b"xlbridge deal 1"


def fresh_seed() -> int:
    """A new seed from the system's secure random source."""
    return secrets.randbits(SEED_BITS)


def _words(seed: int, board: int) -> Iterator[int]:
    """An endless stream of 64-bit words from the seed and the board."""
    counter = 0
    while True:
        digest = hashlib.sha256(b"%s:%d:%d:%d" % (_SCHEME, seed, board, counter)).digest()
        for start in range(0, len(digest), 8):
            yield int.from_bytes(digest[start : start + 8], "big")
        counter += 1


def _below(words: Iterator[int], bound: int) -> int:
    """A uniform whole number from 0 to ``bound - 1``: words at or above the last whole multiple of ``bound`` are
    drawn again, so that no number is likelier than another."""
    limit = (1 << 64) - (1 << 64) % bound
    while True:
        word = next(words)
        if word < limit:
            return word % bound


def _seed(seed: object) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise BridgeInputError(f"seed {seed!r}: must be a whole number, 0 or more", reason=Reason.OUT_OF_RANGE)
    return seed


def deal_board(seed: int, board: int) -> Deal:
    """Board ``board``'s deal from ``seed``: the pack shuffled (Fisher-Yates), then 13 cards each to North, East,
    South and West."""
    seed, board = _seed(seed), parse_board(board)
    cards = list(PACK)
    words = _words(seed, board)
    for last in range(len(cards) - 1, 0, -1):
        pick = _below(words, last + 1)
        cards[last], cards[pick] = cards[pick], cards[last]
    return Deal(*(Hand.of(cards[HAND * index : HAND * (index + 1)]) for index in range(len(CLOCKWISE))))


def deal_boards(boards: int, first_board: int = 1, seed: int | None = None) -> tuple[int, list[tuple[int, Deal]]]:
    """``boards`` boards' deals, numbered from ``first_board``, and the seed they were dealt from (a fresh one
    when ``seed`` is None)."""
    if isinstance(boards, bool) or not isinstance(boards, int) or boards < 1:
        raise BridgeInputError(f"boards {boards!r}: must be a whole number, 1 or more", reason=Reason.OUT_OF_RANGE)
    first = parse_board(first_board)
    used = fresh_seed() if seed is None else _seed(seed)
    return used, [(board, deal_board(used, board)) for board in range(first, first + boards)]
