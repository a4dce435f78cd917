"""Cells in and out: the worksheet functions over the engine, free of any spreadsheet program.

2-D grids of cell values in, 2-D grids out (see :mod:`~xlbridge.excel.cells`); :mod:`xlbridge.udfs` declares
these functions to xlwings, :mod:`xlbridge.files.workbook.calc` registers them in the ``formulas`` engine.
"""

from __future__ import annotations

from .cells import Grid
from .functions import CLASSIC_NAMES, FUNCTIONS, spellings

__all__ = ["CLASSIC_NAMES", "FUNCTIONS", "Grid", "spellings"]
