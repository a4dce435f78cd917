"""Every worksheet function by the name Excel shows, and the names classic Excel must type instead."""

from __future__ import annotations

from collections.abc import Callable

from . import deals, events, fields, hands, masterpoints, scales, scorecards, scoresheets, session, teams
from .cells import Grid

__all__ = ["CLASSIC_NAMES", "FUNCTIONS", "LITE_PREFIX", "spellings"]

#: Every worksheet function by its name, with the implementation behind it.
FUNCTIONS: dict[str, Callable[..., Grid]] = {
    "BRIDGESCORE": deals.bridgescore,
    "BRIDGECHECK": deals.bridgecheck,
    "BOARDVUL": deals.boardvul,
    "BOARDDEALER": deals.boarddealer,
    "IMP": scales.imp,
    "VP20": scales.vp20,
    "VP30": scales.vp30,
    "MATCHPOINTS": fields.matchpoints,
    "CROSSIMP": fields.crossimp,
    "DATUM": fields.datum,
    "BUTLER": fields.butler,
    "BAM": fields.bam,
    "RUBBERTOTAL": scoresheets.rubbertotal,
    "RUBBERSHEET": scoresheets.rubbersheet,
    "CHICAGOTOTAL": scoresheets.chicagototal,
    "CHICAGOSHEET": scoresheets.chicagosheet,
    "CHICAGOWHEEL": scoresheets.chicagowheel,
    "SESSIONINFO": session.sessioninfo,
    "SESSIONRESULTS": session.sessionresults,
    "PAIRTOTALS": session.pairtotals,
    "RANKING": session.ranking,
    "TRAVELLERS": session.travellers,
    "BOARDRESULTS": teams.boardresults,
    "TABLESCORE": teams.tablescore,
    "MATCHBOARDS": teams.matchboards,
    "MATCHSUMMARY": teams.matchsummary,
    "TEAMNAME": events.teamname,
    "EVENTMATCHES": events.eventmatches,
    "STANDINGS": events.standings,
    "TEAMSINFO": events.teamsinfo,
    "SCORECARD": scorecards.scorecard,
    "MASTERPOINTS": masterpoints.masterpoints,
    "HANDTRICKS": hands.handtricks,
    "PARSCORE": hands.parscore,
}

#: How Excel stores a call of an Office.js custom function (xlwings Lite) in a workbook: ``_xldudf_`` and the
#: function's id, which xlwings makes the Python function's name in upper case; the namespace it shows
#: (``BRIDGE.``) and xlwings Lite's (none) do not appear (Microsoft, OfficeDev/Excel-Custom-Functions issue 108;
#: xlwings' own workbook saved by Excel, xlwingsjs/tests/udf_tests_officejs.xlsx, stores the function shown as
#: ``XLWINGSJS.SUBNAME.NAMESPACE`` as ``_xldudf_XLWINGSJS_NAMESPACE``).
LITE_PREFIX = "_xldudf_"

#: Names a classic (VBA) function cannot have, and what classic Excel types instead: VBA reserves ``Imp``, and
#: ``VP20`` and ``VP30`` are cell addresses (column VP).
CLASSIC_NAMES = {"IMP": "IMP_", "VP20": "VP_20", "VP30": "VP_30"}


def spellings() -> dict[str, str]:
    """Every name a workbook may call a function by, in upper case, with the function's own name: classic Excel's
    (``BRIDGESCORE``, ``VP_20``), xlwings Lite's as typed (``BRIDGE.BRIDGESCORE``) and as Excel stores it
    (``_xldudf_BRIDGESCORE``: Office.js custom functions are saved by their id), and the ``_xludf.`` forms some
    programs write for functions they do not know."""
    names = {name: name for name in FUNCTIONS} | {alias: name for name, alias in CLASSIC_NAMES.items()}
    out = {}
    for spelling, name in names.items():
        for form in (spelling, f"BRIDGE.{spelling}", f"{LITE_PREFIX}{spelling}".upper(), f"_XLUDF.{spelling}",
                     f"_XLUDF.BRIDGE.{spelling}"):  # fmt: skip
            out[form] = name
    return out
