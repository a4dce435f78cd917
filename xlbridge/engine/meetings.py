"""Who met whom, found from a session's lines: the rows of each meeting of two pairs, and the boards played as one
set (a round's boards). The entry checks read them for their doubts (NS and EW the other way round within a
meeting, a meeting over two rounds' boards), and the ranking for the boards each pair was due when the movement is
not known; a :class:`~xlbridge.engine.session.Session` finds them once for both.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from itertools import combinations
from typing import TYPE_CHECKING, TypeAlias

if TYPE_CHECKING:  # a session finds its meetings here: session.py imports this module
    from .session import PairNumber, Row

__all__ = ["Meetings", "board_sets", "meetings", "placed", "seats"]

#: The rows of each meeting of two pairs, in order, by the two pairs: in two fields NS 1 v EW 2 (its NS pair
#: first), in one field 1 and 2 either way round.
Meetings: TypeAlias = "dict[tuple[PairNumber, PairNumber] | frozenset[PairNumber], list[int]]"


def placed(rows: Sequence[Row]) -> list[tuple[int, Row]]:
    """The rows with a board and both pairs, each with its index: the rows that can meet each other."""
    return [(index, row) for index, row in enumerate(rows)
            if row.board is not None and row.ns not in (None, "") and row.ew not in (None, "")]  # fmt: skip


def seats(known: list[tuple[int, Row]]) -> tuple[dict[int, list[PairNumber]], dict[int, list[PairNumber]]]:
    """Who sat North-South on each board, line by line, and who sat East-West, from the rows with a board and both
    pairs (``known``, as :func:`placed` gives them)."""
    ns: dict[int, list[PairNumber]] = defaultdict(list)
    ew: dict[int, list[PairNumber]] = defaultdict(list)
    for _, row in known:
        ns[row.board].append(row.ns)  # type: ignore[index, arg-type]
        ew[row.board].append(row.ew)  # type: ignore[index, arg-type]
    return ns, ew


def meetings(known: list[tuple[int, Row]], two_fields: bool) -> Meetings:
    """The rows of each meeting of two pairs (in two fields each its number and its direction), in order, from the
    rows with a board and both pairs (``known``, as :func:`placed` gives them); a pair meeting itself meets no one."""
    seated: dict[tuple[PairNumber, PairNumber], list[int]] = {}  # the rows of each NS pair v EW pair
    for index, row in known:
        if two_fields or row.ns != row.ew:
            seated.setdefault((row.ns, row.ew), []).append(index)  # type: ignore[arg-type]
    if two_fields:  # NS 1 v EW 2 and NS 2 v EW 1 are two meetings
        return dict(seated)  # type: ignore[arg-type]
    out: Meetings = {}
    for pairs, indices in seated.items():  # in one field 1 v 2 and 2 v 1 are one meeting, its rows in order
        found = out.setdefault(frozenset(pairs), indices)
        if found is not indices:
            out[frozenset(pairs)] = sorted(found + indices)
    return out


def board_sets(rows: Sequence[Row], found: Meetings) -> dict[int, int]:
    """Which boards were played as one set (a round's boards), found from the lines and their meetings (``found``,
    as :func:`meetings` finds them): each board with the lowest board of its set. Two boards are one set when the
    meetings that played both are at least half as many as those that played either with the board it was most
    often played with: a set played at every table is linked by every table, a board of it left unplayed at one
    table still by the others, but one line with a board number or a pair number typed wrong links two sets by one
    meeting alone, and does not join them."""
    # the boards each meeting played: at every table of a round the same set, counted once with its tables
    played_by: Counter[tuple[int, ...]] = Counter(
        tuple(sorted({rows[index].board for index in indices}))  # type: ignore[type-var, misc]
        for indices in found.values()
    )
    together: Counter[tuple[int, int]] = Counter()
    boards: set[int] = set()
    for played, times in played_by.items():
        boards.update(played)
        for two in combinations(played, 2):  # every two boards the meeting played, the lower first
            together[two] += times
    strongest: Counter[int] = Counter()
    for (a, b), shared in together.items():  # shared: how many meetings played both
        strongest[a] = max(strongest[a], shared)
        strongest[b] = max(strongest[b], shared)
    parent = {board: board for board in boards}

    def root(board: int) -> int:
        while parent[board] != board:
            parent[board] = parent[parent[board]]
            board = parent[board]
        return board

    for (a, b), shared in together.items():
        if 2 * shared >= max(strongest[a], strongest[b]):
            low, high = sorted((root(a), root(b)))
            parent[high] = low
    return {board: root(board) for board in boards}
