"""The worksheet functions of the scales: IMP, VP20 and VP30 (classic Excel: IMP_, VP_20, VP_30)."""

from __future__ import annotations

from ..engine.scales import imps as imp_points
from ..engine.scales import victory_points
from .cells import Grid, as_grid, is_blank_text, never_raises, shape_of, text_cell
from .deals import blank_or, elementwise

__all__ = ["imp", "vp20", "vp30"]


def _shape(*args: object) -> tuple[int, int]:
    return shape_of(*(as_grid(arg) for arg in args))


@never_raises(_shape)
def imp(points: object, imp_scale: object = None) -> Grid:
    """Signed IMPs for each point difference."""
    return elementwise(blank_or(lambda p, s: imp_points(p, text_cell(s))), ("points", "scale"), points, imp_scale)


def _column(total: int, margin: object, boards: object, vp_scale: object) -> Grid:
    """VPs out of ``total`` cell by cell over the broadcast arguments: on the scale named, or with none the one
    the engine chooses for ``total`` and the match's length (:func:`~xlbridge.engine.scales.chosen_vp_scale`)."""

    def one(m: object, b: object, s: object) -> object:
        boards_given = None if is_blank_text(b) else b
        return victory_points(m, None if is_blank_text(s) else text_cell(s), boards_given, total)

    return elementwise(blank_or(one), ("imps", "boards", "vp_scale"), margin, boards, vp_scale)


@never_raises(_shape)
def vp20(margin: object, boards: object = None, vp_scale: object = None) -> Grid:
    """VPs out of 20: the discrete scale, with ``boards`` the WBF continuous scale, or the scale named."""
    return _column(20, margin, boards, vp_scale)


@never_raises(_shape)
def vp30(margin: object, boards: object = None, vp_scale: object = None) -> Grid:
    """VPs out of 30: the discrete scale, with ``boards`` the ACBL's table for that many boards, or the scale
    named."""
    return _column(30, margin, boards, vp_scale)
