"""The worksheet functions of the scales: IMP, VP20 and VP30 (classic Excel: IMP_, VP_20, VP_30)."""

from __future__ import annotations

from ..engine.scales import imps, victory_points
from ..rules.scales import VP20_SEED, VP30_SEED, WBF_VP_2013
from .cells import Grid, as_grid, is_blank_text, never_raises, shape_of, text_cell
from .deals import blank_or, elementwise

__all__ = ["imp", "vp20", "vp30"]


def _shape(*args: object) -> tuple[int, int]:
    return shape_of(*(as_grid(arg) for arg in args))


@never_raises(_shape)
def imp(points: object, imp_scale: object = None) -> Grid:
    """Signed IMPs for each point difference."""
    return elementwise(blank_or(lambda p, s: imps(p, text_cell(s))), ("points", "scale"), points, imp_scale)


def _vp20(margin: object, boards: object) -> object:
    if is_blank_text(boards):
        return victory_points(margin, VP20_SEED)
    return victory_points(margin, WBF_VP_2013, boards)


@never_raises(_shape)
def vp20(margin: object, boards: object = None) -> Grid:
    """The discrete 20-VP scale, or with ``boards`` the WBF continuous scale."""
    return elementwise(blank_or(_vp20), ("imps", "boards"), margin, boards)


@never_raises(_shape)
def vp30(margin: object) -> Grid:
    """The discrete 30-VP scale."""
    return elementwise(blank_or(lambda m: victory_points(m, VP30_SEED)), ("imps",), margin)
