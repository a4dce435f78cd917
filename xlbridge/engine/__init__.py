"""The Python API: typed values, parsing, deal scores, fields, scales, rubber and Chicago, whole sessions, scorecards.

No spreadsheet words here: errors carry a :class:`~xlbridge.engine.errors.Reason`, not an Excel code, and a blank
is None or empty text. Everything reads the tables of :mod:`xlbridge.rules`.
"""

from __future__ import annotations

from .boards import board_dealer, board_vulnerability
from .errors import BridgeInputError, Reason
from .field import Field, Matchpoints, SideScores, bam, butler, cross_imps, datum, matchpoints
from .model import PASSED_OUT, Contract, Doubling, Play, Seat, Side, Strain, Vulnerability
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
from .scoring import ScoreParts, deal_score, ns_score, score_column, score_parts
from .session import Line, Pair, Session, Unscorable, read_line
from .standings import SessionScore, Standing, score_session

__all__ = [
    "PASSED_OUT",
    "Artificial",
    "BridgeInputError",
    "Contract",
    "Doubling",
    "Field",
    "Line",
    "Matchpoints",
    "Pair",
    "Play",
    "Reason",
    "ScoreParts",
    "Scorecard",
    "ScorecardRow",
    "Seat",
    "Session",
    "SessionScore",
    "Side",
    "SideScores",
    "Standing",
    "Strain",
    "Unscorable",
    "Vulnerability",
    "Weighted",
    "bam",
    "board_dealer",
    "board_vulnerability",
    "butler",
    "cross_imps",
    "datum",
    "deal_score",
    "imps",
    "matchpoints",
    "ns_score",
    "parse_contract",
    "parse_field_entry",
    "parse_result",
    "parse_seat",
    "parse_vulnerability",
    "read_line",
    "score_column",
    "score_parts",
    "score_session",
    "scorecard",
    "scorecards",
    "victory_points",
    "vp20",
    "vp30",
    "wbf_vp",
]
