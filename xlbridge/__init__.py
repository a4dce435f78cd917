"""xlbridge: contract-bridge scoring as data tables, worksheet functions and workbooks.

The Python API (standard library only)::

    >>> import xlbridge
    >>> xlbridge.ns_score("4SX", "N", -2, 2)
    -500
    >>> xlbridge.imps(620 - 170)
    10
"""

from __future__ import annotations

from .engine.boards import board_dealer, board_vulnerability
from .engine.errors import BridgeInputError
from .engine.field import Field, Matchpoints, SideScores, bam, butler, cross_imps, datum, matchpoints
from .engine.model import PASSED_OUT, Contract, Doubling, Seat, Side, Strain, Vulnerability
from .engine.parse import Artificial, parse_contract, parse_field_entry, parse_result, parse_seat, parse_vulnerability
from .engine.scales import imps, victory_points, vp20, vp30, wbf_vp
from .engine.scoring import ScoreParts, deal_score, ns_score, score_column, score_parts

__version__ = "0.1.0"

__all__ = [
    "PASSED_OUT",
    "Artificial",
    "BridgeInputError",
    "Contract",
    "Doubling",
    "Field",
    "Matchpoints",
    "ScoreParts",
    "Seat",
    "Side",
    "SideScores",
    "Strain",
    "Vulnerability",
    "__version__",
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
    "score_column",
    "score_parts",
    "victory_points",
    "vp20",
    "vp30",
    "wbf_vp",
]
