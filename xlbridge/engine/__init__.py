"""The Python API: typed values, parsing, deal scores, fields, scales, rubber and Chicago, whole sessions, scorecards.

No spreadsheet words here: errors carry a :class:`~xlbridge.engine.errors.Reason`, not an Excel code, and a blank
is None or empty text. Everything reads the tables of :mod:`xlbridge.rules`.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the API's names, for the type checker: HOME below lists the same (a test holds them equal)
    from .boards import board_dealer, board_vulnerability
    from .dealing import deal_board, deal_boards
    from .deals import Deal, Hand, Par, ParContract, TrickTable, parse_deal
    from .errors import BridgeInputError, Reason
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
    from .solver import SolverMissingError, double_dummy, par, solve
    from .standings import SessionScore, Standing, score_session

#: Where each name of the API lives: the one list of the API's names. The API is loaded name by name when first
#: used, so that a program which needs one corner of it (the command line printing its help) does not pay for the
#: rest; the imports above tell the type checker the same names (tests/test_layers.py holds the two equal).
HOME = {
    "Artificial": "parse",
    "BridgeInputError": "errors",
    "Contract": "model",
    "Deal": "deals",
    "Doubling": "model",
    "Field": "field",
    "Hand": "deals",
    "Line": "session",
    "Matchpoints": "field",
    "PASSED_OUT": "model",
    "Pair": "pairs",
    "Par": "deals",
    "ParContract": "deals",
    "Play": "model",
    "Reason": "errors",
    "ScoreParts": "scoring",
    "Scorecard": "scorecards",
    "ScorecardRow": "scorecards",
    "Seat": "model",
    "Session": "session",
    "SessionAwards": "masterpoints",
    "SessionScore": "standings",
    "Side": "model",
    "SideScores": "field",
    "SolverMissingError": "solver",
    "Standing": "standings",
    "Strain": "model",
    "TrickTable": "deals",
    "Unscorable": "session",
    "Vulnerability": "model",
    "Weighted": "parse",
    "award_places": "masterpoints",
    "bam": "field",
    "board_dealer": "boards",
    "board_vulnerability": "boards",
    "butler": "field",
    "cross_imps": "field",
    "datum": "field",
    "deal_board": "dealing",
    "deal_boards": "dealing",
    "deal_score": "scoring",
    "double_dummy": "solver",
    "imps": "scales",
    "masterpoints": "masterpoints",
    "matchpoints": "field",
    "ns_score": "scoring",
    "par": "solver",
    "parse_contract": "parse",
    "parse_deal": "deals",
    "parse_field_entry": "parse",
    "parse_result": "parse",
    "parse_seat": "parse",
    "parse_vulnerability": "parse",
    "read_line": "session",
    "line_score": "scoring",
    "score_parts": "scoring",
    "score_session": "standings",
    "scorecard": "scorecards",
    "scorecards": "scorecards",
    "solve": "solver",
    "victory_points": "scales",
    "vp20": "scales",
    "vp30": "scales",
    "wbf_vp": "scales",
}


def __getattr__(name: str) -> Any:
    home = HOME.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{home}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


#: The API is every name of :data:`HOME` (the type checker reads the same names from the imports above).
__all__ = sorted(HOME)
