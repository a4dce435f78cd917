"""A Swiss pairs event: each round a few boards against one pair, every table of the round playing the same
boards, each pair's result IMPed against the board's datum across the whole room (Butler), the two pairs' IMPs at
a table making their match, and the match converted to victory points like a team match's.

This is how the EBU's and the NZ clubs' Swiss pairs are scored (EBUScore Swiss Pairs Scorer: each pair's total IMPs
for the round converted to VPs; Cambridge Bridge Club, "Cross-IMP Scoring: new options for the scoring of Swiss
Pairs", describing Butler datum scoring as the usual way and cross-IMPs as the alternative): a round's results are
scored as a one-field pairs session by an IMP method (Butler, or cross-IMPs), and a pair's IMPs against the field
on a board are its winnings in the match. The event itself (its draw, VPs, byes, tie-break and standings) is the
teams event's (:mod:`xlbridge.engine.event`, :mod:`xlbridge.engine.draw`), a pair in place of a team: the pair
sitting North-South is the match's home side.
"""

from __future__ import annotations

from fractions import Fraction

from .errors import BridgeInputError
from .matches import EventMatch
from .standings import SessionScore
from .values import hundredths

__all__ = ["round_matches"]


def round_matches(score: SessionScore, round_number: int) -> list[EventMatch]:
    """The matches of a Swiss pairs round from the round's results scored by an IMP method: one per table (the
    North-South pair at home), each pair's IMPs the sum of what it won on the boards against the field (a board's
    IMPs to North-South when positive, to East-West when negative; an artificial score's to each side as awarded),
    and the boards the two pairs played. Refused: a matchpoint-scored round, and a line that cannot be scored."""
    method = score.session.method
    if method.comparison == "matchpoints":
        raise BridgeInputError(
            f"method {method.name}: a Swiss pairs match is scored in IMPs against the field: choose Butler or Cross-IMP"
        )
    tables: dict[tuple[object, object], list[Fraction]] = {}
    boards: dict[tuple[object, object], set[int | None]] = {}
    for line, figures in zip(score.session.lines, score.lines, strict=True):
        if figures.problem or not isinstance(figures.ns_points, (int, Fraction)):
            raise BridgeInputError(f"board {line.board}, {line.ns} v {line.ew}: {figures.problem or 'not scored'}")
        assert isinstance(figures.ew_points, (int, Fraction))
        key = (line.ns, line.ew)
        won = tables.setdefault(key, [Fraction(0), Fraction(0)])
        won[0] += max(Fraction(figures.ns_points), Fraction(0))
        won[1] += max(Fraction(figures.ew_points), Fraction(0))
        boards.setdefault(key, set()).add(line.board)
    played = set().union(*boards.values())
    short = [f"{ns} v {ew} has no result for {_listed(played - boards[(ns, ew)])}"
             for ns, ew in tables if played - boards[(ns, ew)]]  # fmt: skip
    if short:
        raise BridgeInputError(f"{'; '.join(short)}: every table of a round plays the round's boards "
                               f"({_listed(played)}): add the missing lines (an artificial score for a board "
                               "not played)")  # fmt: skip
    out = []
    for (ns, ew), (ns_imps, ew_imps) in tables.items():
        if not (isinstance(ns, int) and isinstance(ew, int)):
            raise BridgeInputError(f"pairs {ns} v {ew}: a Swiss pairs event numbers its pairs 1, 2, 3...")
        out.append(EventMatch(round_number, ns, ew, len(boards[(ns, ew)]), _whole(ns_imps), _whole(ew_imps)))
    return out


def _listed(boards: set[int | None]) -> str:
    """Boards in a sentence: ``board 4``, ``boards 1, 2, 3``."""
    return f"board{'s' if len(boards) > 1 else ''} {', '.join(map(str, sorted(boards, key=lambda board: board or 0)))}"


def _whole(value: Fraction) -> int | Fraction:
    """IMPs as a whole number where they are one, else to 2 decimals (cross-IMPs, or a weighted score, give a
    fraction)."""
    return int(value) if value.denominator == 1 else hundredths(value)
