"""Every rule xlbridge scores by, as named tables with their sources, and the registries that find them by name.

Adding a scale or an era is an edit here; the engine modules only read these tables.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

from ..engine.errors import BridgeInputError
from .boards import BOARD_CYCLE
from .comparisons import (
    ARTIFICIAL_CODES,
    ARTIFICIAL_IMPS_PER_10_PERCENT,
    DATUM_METHODS,
    MATCHPOINT_SCALES,
    DatumMethod,
    MatchpointScale,
)
from .duplicate import CURRENT, ERAS, DealRules, Ladder
from .scales import IMP_SCALES, VP_SCALES, BandScale, ContinuousVPScale, DiscreteVPScale

__all__ = [
    "ARTIFICIAL_CODES",
    "ARTIFICIAL_IMPS_PER_10_PERCENT",
    "BOARD_CYCLE",
    "CURRENT",
    "DATUM_METHODS",
    "ERAS",
    "IMP_SCALES",
    "MATCHPOINT_SCALES",
    "REGISTRIES",
    "VP_SCALES",
    "BandScale",
    "ContinuousVPScale",
    "DatumMethod",
    "DealRules",
    "DiscreteVPScale",
    "Ladder",
    "MatchpointScale",
    "lookup",
]

T = TypeVar("T")

#: Every registry of named choices, by the argument that chooses from it.
REGISTRIES: Mapping[str, Mapping[str, object]] = {
    "rules": ERAS,
    "scale": IMP_SCALES,
    "VP scale": VP_SCALES,
    "matchpoint method": MATCHPOINT_SCALES,
    "datum method": DATUM_METHODS,
}


def lookup(registry: Mapping[str, T], name: object, argument: str, default: T) -> T:
    """The entry called ``name`` (case and spaces ignored; blank gives ``default``)."""
    if name is None or (isinstance(name, str) and not name.strip()):
        return default
    key = str(int(name)) if isinstance(name, float) and name.is_integer() else str(name)
    key = key.strip().upper().replace(" ", "")
    try:
        return registry[key]
    except KeyError:
        allowed = ", ".join(sorted(registry))
        raise BridgeInputError(f"{argument} {name!r}: must be one of {allowed}") from None
