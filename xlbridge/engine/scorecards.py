"""Personal scorecards: a pair's session board by board, from the session computation (:func:`score_session`).

A card lists every result the pair played, in play order (by round when the rounds are known, else by board):
the round, the board, the opponents, the pair's direction, the contract, declarer, lead and result, the score from
the pair's side, its matchpoints (on the board's own top) or IMPs, its percentage (matchpoint scoring, Neuberg-scaled
as the ranking uses it), and the running figures: the points so far, and the pair's percentage so far (the mean of
its boards' percentages, which after the last board is the percentage the ranking shows).

Nothing here is computed a second way: every figure is the one :func:`score_session` gave the result's line.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..rules import Side
from .errors import BridgeInputError, Reason
from .pairs import Pair, PairNumber, section_name
from .parse import Artificial, Weighted
from .session import Line, Session
from .standings import Figure, Seating, SessionScore, Standing, played_by
from .values import NUMBER, show

__all__ = ["Scorecard", "ScorecardRow", "find_pair", "listed_pair", "pair_labels", "scorecard", "scorecards"]

#: A pair named with its direction, as Mitchell results write it: ``7NS``, ``7 EW``, ``7 N-S``.
_WITH_DIRECTION = re.compile(r"(?P<section>[A-Z]*)(?P<number>\d+)\s*(?P<side>N-?S|E-?W)", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class ScorecardRow:
    """One board of a personal scorecard (figures from the pair's side)."""

    #: The row of ``session.lines`` this result is.
    line: int
    #: The round it was played in, when the session's rounds are known.
    round: int | None
    board: int
    #: The pair's direction on this board.
    direction: Side
    #: The pair at the other side of the table (as the session lists it, when it does).
    opponents: Pair
    contract: str
    declarer: str
    lead: str
    result: str
    #: An adjusted score as the traveller writes it (``A+``, ``A6040``), or "".
    adjusted: str
    #: The score from the pair's side; None for an artificial adjusted score (see ``adjusted``).
    score: int | Fraction | None
    #: Matchpoints on the board's own top, or IMPs; the reason where they cannot be given.
    points: Figure
    #: The board's percentage (matchpoint scoring, Neuberg-scaled); None with IMP scoring.
    percent: Figure
    #: The points so far, this board included.
    running_points: Figure
    #: The pair's percentage so far (the mean of its percentages, this board included); None with IMP scoring.
    running_percent: Figure


@dataclass(frozen=True)
class Scorecard:
    """A pair's personal scorecard: its standing (total, percentage, place) and its boards in play order."""

    pair: Pair
    standing: Standing
    rows: tuple[ScorecardRow, ...]


def pair_labels(session: Session) -> dict[Pair, str]:
    """How each pair is named: its number with its section (``7``, ``A7``: :attr:`~xlbridge.engine.pairs.Pair.
    label`), with its direction where two pairs share it (``7NS`` and ``7EW`` in a Mitchell)."""
    shared = Counter(pair.label for pair in session.pairs)
    return {
        pair: f"{pair.label}{pair.direction_text}" if shared[pair.label] > 1 else str(pair.label)
        for pair in session.pairs
    }


def _normalised(label: object) -> PairNumber:
    if isinstance(label, bool):
        raise BridgeInputError(f"pair {str(label).upper()}: expected a pair number such as 7 or 7NS")
    if isinstance(label, float) and label.is_integer():
        return int(label)
    if isinstance(label, str):
        text = label.strip()
        if NUMBER.fullmatch(text) and float(text).is_integer():
            return int(float(text))
        return text
    if isinstance(label, int):
        return label
    raise BridgeInputError(f"pair {show(label)}: expected a pair number such as 7 or 7NS")


def _same(number: PairNumber, wanted: PairNumber) -> bool:
    """The same pair number: 7 and "7" are, and labels are compared without regard to case ("7a" is "7A")."""
    return number == wanted or str(number).upper() == str(wanted).upper()


def find_pair(session: Session, label: object) -> Pair:
    """The pair of ``session`` that ``label`` names: its number (``7``; ``A7`` in section A), a club's label
    (``7A``), or in a Mitchell the number with its direction (``7NS``, ``7 EW``; ``A7NS`` in section A). A number
    that two pairs share (NS 7 and EW 7; A7NS and B7NS) must say which."""
    wanted = _normalised(label)
    if wanted == "":
        raise BridgeInputError("pair: blank; give a pair number such as 7 or 7NS")

    found = [pair for pair in session.pairs if _same(pair.label, wanted)]  # (A3 in section A)
    match = _WITH_DIRECTION.fullmatch(wanted) if isinstance(wanted, str) else None
    if not found and match is not None:
        number, side = int(match["number"]), Side(match["side"].upper().replace("-", ""))
        section = section_name(match["section"])  # (A3NS: pair 3 NS of section A)
        found = [pair for pair in session.pairs
                 if _same(pair.number, number) and pair.direction is side
                 and section in ("", pair.section)]  # fmt: skip
    if len(found) == 1:
        return found[0]
    if found:
        named = " or ".join(f"{pair.label}{pair.direction_text}" for pair in found)
        raise BridgeInputError(f"pair {show(label)}: {len(found)} pairs have this number; say which: {named}")
    raise BridgeInputError(f"pair {show(label)} is not on the list of pairs", reason=Reason.NOT_IN_FIELD)


def listed_pair(session: Session, number: PairNumber, side: Side, section: str = "") -> Pair | None:
    """The pair of the session's list that sat at ``side`` under ``number`` in ``section`` (a Mitchell pair only in
    its own direction), or None when the list has none."""
    listed = [pair for pair in session.pairs
              if pair.number == number and pair.section == section and pair.direction in (None, side)]  # fmt: skip
    return next((pair for pair in listed if pair.direction is side), listed[0] if listed else None)


def _opponent(session: Session, number: PairNumber, side: Side, section: str) -> Pair:
    found = listed_pair(session, number, side, section)
    return found or Pair(number, side if session.field_of(section).two_fields else None, section=section)


def _sided_score(line: Line, side: Side) -> int | Fraction | None:
    score = line.score
    if isinstance(score, (Artificial, Weighted)):  # the Adjusted column shows it as assigned
        return None
    return score * side.sign


def _running(so_far: Figure, value: Figure) -> Figure:
    if isinstance(so_far, BridgeInputError):
        return so_far
    if isinstance(value, BridgeInputError):
        return value
    if value is None:
        return so_far
    return (so_far or 0) + Fraction(value)


def _rounds_checked(rounds: Sequence[int | None] | None, session: Session) -> Sequence[int | None]:
    if rounds is None and session.plan is not None:  # each line's round, from the movement's line it is
        played = {(slot.board, slot.ns, slot.ew): slot.round for slot in session.plan.slots()}
        return [played.get((line.board, line.ns, line.ew)) for line in session.lines]  # type: ignore[arg-type]
    if rounds is None:
        return [None] * len(session.lines)
    if len(rounds) != len(session.lines):
        raise BridgeInputError(
            f"rounds: one per result line: {len(rounds)} given for {len(session.lines)} lines",
            reason=Reason.OUT_OF_RANGE,
        )
    return rounds


def _card(
    scored: SessionScore, pair: Pair, standing: Standing, seated: Seating, rounds: Sequence[int | None]
) -> Scorecard:
    session = scored.session
    played = played_by(pair, seated, session.field_of(pair.section).two_fields)

    def order(seat: tuple[Side, int]) -> tuple[bool, int, int, int]:
        index = seat[1]
        line = session.lines[index]
        assert isinstance(line, Line)
        known = rounds[index]
        return known is None, known or 0, line.board, index

    rows = []
    points_so_far: Figure = None
    percent_sum: Figure = None
    opponents: dict[tuple[PairNumber, Side, str], Pair] = {}  # each opponent found on the list once
    for count, (side, index) in enumerate(sorted(played, key=order), start=1):
        line = session.lines[index]
        assert isinstance(line, Line)
        figures = scored.lines[index]
        points = figures.ns_points if side is Side.NS else figures.ew_points
        percent = figures.ns_percent if side is Side.NS else figures.ew_percent
        points_so_far = _running(points_so_far, points)
        percent_sum = _running(percent_sum, percent)
        running_percent = percent_sum / count if isinstance(percent_sum, Fraction) else percent_sum
        opponent = (line.ew if side is Side.NS else line.ns, side.other, line.section)
        if opponent not in opponents:
            opponents[opponent] = _opponent(session, *opponent)
        rows.append(
            ScorecardRow(
                line=index,
                round=rounds[index],
                board=line.board,
                direction=side,
                opponents=opponents[opponent],
                contract=line.contract_text,
                declarer=line.declarer_text,
                lead=line.lead,
                result=line.result_text,
                adjusted=line.adjusted_for(side),
                score=_sided_score(line, side),
                points=points,
                percent=percent,
                running_points=points_so_far,
                running_percent=running_percent,
            )
        )
    return Scorecard(pair, standing, tuple(rows))


def scorecard(scored: SessionScore, pair: object, rounds: Sequence[int | None] | None = None) -> Scorecard:
    """The personal scorecard of ``pair`` (a :class:`Pair` of the session, or a label :func:`find_pair` reads).

    ``rounds``, when the movement is known, gives the round of each row of ``session.lines`` (None where not
    known): the card is then in play order, round by round.
    """
    session = scored.session
    chosen = pair if isinstance(pair, Pair) and pair in session.pairs else find_pair(session, pair)
    standing = scored.standings[session.pairs.index(chosen)]
    return _card(scored, chosen, standing, session.seating, _rounds_checked(rounds, session))


def scorecards(scored: SessionScore, rounds: Sequence[int | None] | None = None) -> tuple[Scorecard, ...]:
    """Every pair's scorecard, in the order of ``session.pairs``."""
    session = scored.session
    checked = _rounds_checked(rounds, session)
    seated = session.seating
    return tuple(
        _card(scored, pair, standing, seated, checked)
        for pair, standing in zip(session.pairs, scored.standings, strict=True)
    )
