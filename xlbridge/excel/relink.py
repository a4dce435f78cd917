"""Re-entering xlbridge's formulas in xlwings Lite, for a cell that still shows #NAME? after the add-in has loaded.

Excel stores a call of an Office.js custom function by its id (``_xldudf_IMP(620)``) and shows it by its name
(``BRIDGE.IMP(620)``) once the add-in that defines it has registered. A formula typed before that, or saved by a
program that wrote the name as typed, stays ``#NAME?`` until the cell is entered again (Microsoft, office-js
issues 3558, 6395, 6611). :func:`relinked` gives the formula to enter again, with every xlbridge call spelled as
Excel shows it; the ``REENTER_FORMULAS`` script of :mod:`xlbridge.udfs` enters it in every such cell.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from .functions import CLASSIC_NAMES, FUNCTIONS, LITE_PREFIX

__all__ = ["relinked", "relinked_cells"]

_KNOWN = set(FUNCTIONS) | set(CLASSIC_NAMES.values())

_CALL = re.compile(rf"(?<![\w.])(?:{LITE_PREFIX}|BRIDGE\.)(?P<name>[A-Za-z_][A-Za-z0-9_]*)\(", re.IGNORECASE)


def relinked(formula: object) -> str | None:
    """The formula with every xlbridge call written ``BRIDGE.NAME(``; None when it holds no xlbridge call."""
    if not isinstance(formula, str) or not formula.startswith("="):
        return None
    found = False

    def spelled(match: re.Match[str]) -> str:
        nonlocal found
        name = match["name"].upper()
        if name not in _KNOWN:
            return match[0]
        found = True
        return f"BRIDGE.{name}("

    text = _CALL.sub(spelled, formula)
    return text if found else None


def relinked_cells(formulas: Iterable[Iterable[object]], row: int, col: int) -> Iterator[tuple[int, int, str]]:
    """(row, column, formula to enter) for each cell of a block of formulas (its top-left at ``row``, ``col``,
    1-based) that calls xlbridge."""
    for r, cells in enumerate(formulas):
        for c, formula in enumerate(cells):
            text = relinked(formula)
            if text is not None:
                yield row + r, col + c, text
