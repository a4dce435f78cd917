"""The help texts Excel's function wizard shows for each argument (Excel cuts each at 255 characters).

Every list of choices is read from its registry, so a new era or scale appears here without an edit.
"""

from __future__ import annotations

from typing import TypeVar

from ..rules import (
    CHICAGO_WHEELS,
    CROSS_IMP_FORMS,
    DATUM_METHODS,
    ERAS,
    IMP_SCALES,
    MATCH_VP_SCALES,
    MATCHPOINT_SCALES,
    VP_SCALES,
    Named,
    Registry,
)
from ..rules.scales import ACBL_30

T = TypeVar("T", bound=Named)

__all__ = [
    "BOARD",
    "BOARDS",
    "BOARDS_30",
    "CHICAGO_WHEEL",
    "CONTRACT",
    "CONTRACTS",
    "DATUM_METHOD",
    "DECLARER",
    "DECLARERS",
    "EXPECTED",
    "FIELD",
    "FIRST_DEALER",
    "GROUPS",
    "HONOURS",
    "IMP_SCALE",
    "MARGIN",
    "MP_METHOD",
    "POINTS",
    "RESULT",
    "RESULTS",
    "RULES",
    "SCORE",
    "VP20_SCALE",
    "VP30_SCALE",
    "VULNERABILITY",
    "XIMP_METHOD",
    "choices",
    "vp_choices",
]


def choices(registry: Registry[T]) -> str:
    """A registry's names as help lists them: the default first and marked, aliases in brackets."""
    shown = []
    for index, entry in enumerate(registry):
        notes = [*entry.aliases, *(["default"] if index == 0 else [])]
        shown.append(f"{entry.name} ({', '.join(notes)})" if notes else entry.name)
    return ", ".join(shown)


def vp_choices(total: int) -> str:
    """The VP scales out of ``total`` (both registries), those that depend on the match's length with the board
    counts they are published for: ``20, WBF, ACBL20 (1-36 boards), SBU20 (1-55 boards)``."""
    shown = [entry.name for entry in VP_SCALES if entry.total == total]
    shown += [
        f"{entry.name} ({entry.bands[0][0]}-{entry.bands[-1][1]} boards)"
        for entry in MATCH_VP_SCALES
        if entry.total == total
    ]
    return ", ".join(shown)


CONTRACT = "Contract: 4S, 4s, 4♠, 3NT, 3N, doubled 4SX or 4S*, redoubled 4SXX or 4S**, or PASS. The result may follow it (4SX-2, 3NT=) when the result is left blank."
DECLARER = "Declarer: N, E, S or W. Blank gives declarer's side's score."
RESULT = "Tricks taken (0-13), undertricks as a negative number (-2 = down two), or text =, +1, -2."
VULNERABILITY = "Board number, or None/Love/-, NS/N-S, EW/E-W, Both/All, or TRUE/FALSE meaning declarer vulnerable."
RULES = f"Optional era: {choices(ERAS)}."
BOARD = "Board number (1, 2, 3...; the cycle repeats every 16 boards)."
SCORE = "North-South score(s) to score: one of the field's entries, or an artificial score (A, A+, A-, A6040...)."
FIELD = "The board's North-South scores: numbers, blanks (ignored) and artificial scores (A=50%, A+ 60/40, A- 40/60, A6040)."
GROUPS = "Optional: a range the same size as field (usually the board numbers): each score is compared only within its group."
POINTS = "Point difference(s), signed (e.g. your score minus the other table's)."
IMP_SCALE = f"Optional IMP scale: {choices(IMP_SCALES)}."
MARGIN = "IMP margin(s), signed: the team's IMPs minus the opponents'."
BOARDS = "Optional number of boards in the match: given, the WBF continuous scale (2 decimals); blank, the discrete. A scale by match length needs it."
BOARDS_30 = f"Optional number of boards in the match: given, the ACBL 30-VP table for that length ({ACBL_30.published} boards); blank, the discrete 30-VP scale."
VP20_SCALE = f"Optional VP scale out of 20: {vp_choices(20)}. Blank: 20, or WBF when boards are given."
VP30_SCALE = f"Optional VP scale out of 30: {vp_choices(30)}. Blank: 30, or ACBL30 when boards are given."
MP_METHOD = f"Optional words: {choices(MATCHPOINT_SCALES)}; % for percentages; EW for East-West's side; CHECK for the reason of an error."
EXPECTED = "Optional: how many results the board should have had (Neuberg), for a board played fewer times."
XIMP_METHOD = f"Optional words: {choices(CROSS_IMP_FORMS)}; EW for East-West; CHECK for reasons."
DATUM_METHOD = f"Optional: {choices(DATUM_METHODS)}; EW; CHECK."
DECLARERS = "The declarer of each deal, in order: N, E, S or W (a column, one row per deal)."
CONTRACTS = "The contract of each deal: 4S, 3NT, 4HX... or PASS (redealt, no score). Blank rows are skipped."
RESULTS = "The result of each deal: tricks taken, or =, +1, -2."
HONOURS = "Optional honours per deal, North-South's side: +100, -150, or NS100 / EW150 (four trump honours 100, five or four aces 150)."
FIRST_DEALER = "Optional: who deals the first deal, N (default), E, S or W."
CHICAGO_WHEEL = "Optional: " + "; ".join(f"{w.name} = {w.description.split(';')[0]}" for w in CHICAGO_WHEELS) + "."
