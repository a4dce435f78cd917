"""The Python API: typed values, parsing, deal scores, fields, scales, rubber and Chicago, whole sessions, scorecards.

No spreadsheet words here: errors carry a :class:`~xlbridge.engine.errors.Reason`, not an Excel code, and a blank
is None or empty text. Everything reads the tables of :mod:`xlbridge.rules`.
"""

from __future__ import annotations

from .boards import board_dealer, board_vulnerability
from .dealing import deal_board, deal_boards
from .deals import Deal, Hand, Par, ParContract, TrickTable, parse_deal
from .errors import BridgeInputError, Reason, SolverMissingError
from .field import Field, Matchpoints, SideScores, bam, butler, cross_imps, datum, matchpoints
from .masterpoints import SessionAwards, award_places, masterpoints
from .model import PASSED_OUT, Contract, Doubling, Play, Seat, Side, Strain, Vulnerability
from .pairs import Pair
from .parse import (
    Artificial,
    Weighted,
    parse_contract,
    parse_field_entry,
    parse_result,
    parse_seat,
    parse_vulnerability,
)
from .scales import imps, victory_points, vp20, vp30, wbf_vp
from .scorecards import Scorecard, ScorecardRow, scorecard, scorecards
from .scoring import ScoreParts, deal_score, line_score, ns_score, score_parts
from .session import Line, Session, Unscorable, read_line
from .solver import double_dummy, par, solve
from .standings import SessionScore, Standing, score_session

__all__ = [
    "PASSED_OUT",
    "Artificial",
    "BridgeInputError",
    "Contract",
    "Deal",
    "Doubling",
    "Field",
    "Hand",
    "Line",
    "Matchpoints",
    "Pair",
    "Par",
    "ParContract",
    "Play",
    "Reason",
    "ScoreParts",
    "Scorecard",
    "ScorecardRow",
    "Seat",
    "Session",
    "SessionAwards",
    "SessionScore",
    "Side",
    "SideScores",
    "SolverMissingError",
    "Standing",
    "Strain",
    "TrickTable",
    "Unscorable",
    "Vulnerability",
    "Weighted",
    "award_places",
    "bam",
    "board_dealer",
    "board_vulnerability",
    "butler",
    "cross_imps",
    "datum",
    "deal_board",
    "deal_boards",
    "deal_score",
    "double_dummy",
    "imps",
    "line_score",
    "masterpoints",
    "matchpoints",
    "ns_score",
    "par",
    "parse_contract",
    "parse_deal",
    "parse_field_entry",
    "parse_result",
    "parse_seat",
    "parse_vulnerability",
    "read_line",
    "score_parts",
    "score_session",
    "scorecard",
    "scorecards",
    "solve",
    "victory_points",
    "vp20",
    "vp30",
    "wbf_vp",
]
