"""Scoring a team match: board by board to IMPs and board-a-match points, and the match to victory points.

A team-of-four match is played at two tables: the home team sits North-South at table 1 and East-West at table 2,
so its net score on a board is table 1's North-South score minus table 2's (Laws of Duplicate Bridge 2017, Law 78B
for IMPs, Law 78C for board-a-match). A table may hold an adjusted score instead of a contract: an artificial one
(``A``, ``A+``, ``A-``, ``A6040``: 3 IMPs for every 10% above or below average, Law 12C2) scores each team's
share at that table and the board is not compared; a weighted one (Law 12C1(c)) is compared part by part. A board
played at one table only is scored as average at the other (Law 12C2: neither side at fault), which its check
says, until an adjusted score is entered there. A teams event, match by match, is :mod:`xlbridge.engine.event`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..rules import IMP_SCALES
from .boards import board_vulnerability
from .errors import BridgeInputError
from .field import Field, bam
from .model import Play
from .parse import Artificial, Weighted
from .scales import victory_points, vp_scale
from .scoring import signed_score

__all__ = ["AVERAGE", "BoardFigures", "MatchRow", "MatchScore", "Table", "score_match", "table_score"]

#: A table's entry as read: the play, an adjusted score (artificial, weighted, or an assigned North-South score),
#: why it cannot be scored, or None when nothing was entered.
Table = Play | Artificial | Weighted | int | Fraction | BridgeInputError | None

#: What a board played at one table scores at the other: average (Law 12C2, neither side at fault).
AVERAGE = Artificial(50, 50)


@dataclass(frozen=True, slots=True)
class MatchRow:
    """One board of a team match as entered: its number and what each table entered."""

    board: int
    table1: Table
    table2: Table


@dataclass(frozen=True, slots=True)
class BoardFigures:
    """A board of a team match: each table's North-South score (or adjusted score), the home team's net score and
    IMPs (signed: the home team's score on the board), the IMPs each team won, the home team's board-a-match
    points, and what needs checking at each table (empty when nothing; a board played at one table says so at the
    other).

    An artificial score need not balance (``A6060``: both teams +3; ``A4040``: both -3): each team's IMPs are then
    its own award, and ``away_net`` the away team's score on the board."""

    score1: int | Fraction | Artificial | Weighted | BridgeInputError | None
    score2: int | Fraction | Artificial | Weighted | BridgeInputError | None
    net: int | Fraction | BridgeInputError | None
    imps: int | Fraction | BridgeInputError | None
    home_imps: Fraction | None
    away_imps: Fraction | None
    bam: Fraction | BridgeInputError | None
    check1: str
    check2: str
    #: True when the board's check is a note (scored as average at a table not played), not a problem.
    averaged: bool = False
    #: The away team's own score on the board (``-imps`` unless an artificial award does not balance).
    away_net: Fraction | None = None


@dataclass(frozen=True)
class MatchScore:
    """A team match scored: each board, and the totals (None while a board needs checking, with ``reason``)."""

    boards: tuple[BoardFigures, ...]
    played: int
    problems: int
    home_imps: Fraction | None
    away_imps: Fraction | None
    home_vps: float | None
    away_vps: float | None
    home_bam: Fraction | None
    away_bam: Fraction | None
    #: Why the totals wait, or a note on how they were reached (boards scored as average), in words; "" if none.
    reason: str = ""


def table_score(table: Table, board: int) -> int | Fraction | Artificial | Weighted | BridgeInputError | None:
    """A table's North-South score on ``board``: the play's, or the adjusted score as entered."""
    if table is None or isinstance(table, (BridgeInputError, Artificial, Weighted, int, Fraction)):
        return table
    try:
        return signed_score(table, board_vulnerability(board))
    except BridgeInputError as error:
        return error


def _share(entry: Artificial, home_ns: bool) -> tuple[Fraction, Fraction]:
    """(home, away) shares of a board at a table holding an artificial score: home sits NS at table 1."""
    home, away = (entry.ns_percent, entry.ew_percent) if home_ns else (entry.ew_percent, entry.ns_percent)
    return Fraction(home, 100), Fraction(away, 100)


def _board(row: MatchRow) -> BoardFigures:
    score1, score2 = table_score(row.table1, row.board), table_score(row.table2, row.board)
    check1 = score1.message if isinstance(score1, BridgeInputError) else ""
    check2 = score2.message if isinstance(score2, BridgeInputError) else ""
    if score1 is None and score2 is None:
        return BoardFigures(None, None, None, None, None, None, None, "", "")
    if isinstance(score1, BridgeInputError) or isinstance(score2, BridgeInputError):
        error = score1 if isinstance(score1, BridgeInputError) else score2
        assert isinstance(error, BridgeInputError)
        return BoardFigures(score1, score2, error, error, None, None, error, check1, check2)
    averaged = False
    if score1 is None or score2 is None:  # played at one table: average at the other (Law 12C2)
        averaged = True
        note = "not played at this table: scored as average (A); enter an adjusted score here to change it"
        if score1 is None:
            score1, check1 = AVERAGE, note
        else:
            score2, check2 = AVERAGE, note
    assert score1 is not None
    assert score2 is not None
    imp_scale = IMP_SCALES.default
    if isinstance(score1, Artificial) or isinstance(score2, Artificial):
        # No comparison: each artificial table scores each team's share (Law 12C2), a real result beside it none;
        # the two teams' scores need not balance (A6060: both +3).
        field_of = Field([score1, score2])
        first, second = field_of.cross_imps(score1, imp_scale), field_of.cross_imps(score2, imp_scale)
        home = (first.ns if isinstance(score1, Artificial) else 0) + (
            second.ew if isinstance(score2, Artificial) else 0
        )
        away = (first.ew if isinstance(score1, Artificial) else 0) + (
            second.ns if isinstance(score2, Artificial) else 0
        )
        shares = [_share(entry, ns) for entry, ns in ((score1, True), (score2, False)) if isinstance(entry, Artificial)]
        home_bam = sum((h for h, _ in shares), Fraction(0)) / len(shares)
        if home == -away:  # a balanced award (A6040): a swing to one team, as a compared board gives
            home_won, away_won = (Fraction(home), Fraction(0)) if home > 0 else (Fraction(0), Fraction(away))
        else:
            home_won, away_won = Fraction(home), Fraction(away)
        return BoardFigures(score1, score2, None, Fraction(home), home_won, away_won, home_bam, check1, check2,
                            averaged, Fraction(away))  # fmt: skip
    if isinstance(score1, Weighted) or isinstance(score2, Weighted):
        swing: int | Fraction = Field([score1, score2]).cross_imps(score1, imp_scale).ns
        net: int | Fraction | None = None
    else:
        net = score1 - score2
        swing = imp_scale.signed(net)
    home_imps, away_imps = (Fraction(swing), Fraction(0)) if swing > 0 else (Fraction(0), Fraction(-swing))
    return BoardFigures(score1, score2, net, swing, home_imps, away_imps, bam(score1, score2), check1, check2,
                        away_net=Fraction(-swing))  # fmt: skip


def score_match(rows: Sequence[MatchRow], scale: object = None) -> MatchScore:
    """Every board of a team match, its IMPs, board-a-match points and victory points on ``scale`` (by name; the
    WBF continuous scale is read for the number of boards played, and a scale for short matches refuses a longer
    one)."""
    boards = tuple(_board(row) for row in rows)
    played = sum(1 for board in boards if board.score1 is not None or board.score2 is not None)
    problems = [
        (row.board, table, check)
        for row, board in zip(rows, boards, strict=True)
        if not board.averaged
        for table, check in ((1, board.check1), (2, board.check2))
        if check
    ]
    if problems:
        board_number, table, check = problems[0]
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        where = f"board {board_number}, table {table}" if board_number else "a board's number"
        reason = f"{where}: {check}{more}"
        return MatchScore(boards, played, len(problems), None, None, None, None, None, None, reason)
    averaged = [row.board for row, board in zip(rows, boards, strict=True) if board.averaged]
    note = ""
    if averaged:
        listed = ", ".join(map(str, averaged))
        note = f"board{'s' if len(averaged) > 1 else ''} {listed} played at one table: scored as average there"
    home = sum((board.home_imps for board in boards if board.home_imps is not None), Fraction(0))
    away = sum((board.away_imps for board in boards if board.away_imps is not None), Fraction(0))
    # Each team's margin is its own score over the boards (the same but for its sign unless an award does not
    # balance, when the VPs need not add up to the scale's total).
    home_net = sum((Fraction(board.imps) for board in boards if isinstance(board.imps, (int, Fraction))), Fraction(0))
    away_net = sum((board.away_net for board in boards if board.away_net is not None), Fraction(0))
    home_vps = away_vps = None
    if played:
        chosen = vp_scale(scale)
        try:
            home_vps = float(victory_points(home_net, chosen, played))
            away_vps = float(victory_points(away_net, chosen, played))
        except BridgeInputError as error:
            return MatchScore(boards, played, 1, home, away, None, None, None, None, error.message)
    board_points = sum((board.bam for board in boards if isinstance(board.bam, Fraction)), Fraction(0))
    away_points = sum(
        (_other_bam(board) for board in boards if isinstance(board.bam, Fraction)),
        Fraction(0),
    )
    return MatchScore(boards, played, 0, home, away, home_vps, away_vps, board_points, away_points, note)


def _other_bam(board: BoardFigures) -> Fraction:
    """The away team's board-a-match points on a board: the rest of the board, or its own share at artificial
    tables (which need not balance)."""
    assert isinstance(board.bam, Fraction)
    shares = [_share(entry, ns)[1] for entry, ns in ((board.score1, True), (board.score2, False))
              if isinstance(entry, Artificial)]  # fmt: skip
    return sum(shares, Fraction(0)) / len(shares) if shares else 1 - board.bam
