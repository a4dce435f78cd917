"""Every worksheet function by the name Excel shows, and the names classic Excel must type instead."""

from __future__ import annotations

from collections.abc import Callable

from . import deals, fields, scales, scorecards, scoresheets
from .cells import Grid

__all__ = ["CLASSIC_NAMES", "FUNCTIONS", "spellings"]

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
    "SCORECARD": scorecards.scorecard,
}

#: Names a classic (VBA) function cannot have, and what classic Excel types instead: VBA reserves ``Imp``, and
#: ``VP20`` and ``VP30`` are cell addresses (column VP).
CLASSIC_NAMES = {"IMP": "IMP_", "VP20": "VP_20", "VP30": "VP_30"}


def spellings() -> dict[str, str]:
    """Every name a workbook may call a function by (classic, xlwings Lite's ``BRIDGE.``, and the ``_xludf.``
    forms some programs write for functions they do not know), with the function's own name."""
    names = {name: name for name in FUNCTIONS} | {alias: name for name, alias in CLASSIC_NAMES.items()}
    out = {}
    for spelling, name in names.items():
        for form in (spelling, f"BRIDGE.{spelling}", f"_XLUDF.{spelling}", f"_XLUDF.BRIDGE.{spelling}"):
            out[form] = name
    return out
