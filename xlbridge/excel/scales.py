"""The worksheet functions of the scales: IMP, VP20 and VP30 (classic Excel: IMP_, VP_20, VP_30)."""

from __future__ import annotations

from ..engine.errors import BridgeInputError
from ..engine.scales import AnyVPScale, victory_points, vp_scale
from ..engine.scales import imps as imp_points
from ..rules.scales import ACBL_30, VP20_SEED, VP30_SEED, WBF_VP_2013
from .cells import Grid, as_grid, is_blank_text, never_raises, shape_of, text_cell
from .deals import blank_or, elementwise

__all__ = ["imp", "vp20", "vp30"]


def _shape(*args: object) -> tuple[int, int]:
    return shape_of(*(as_grid(arg) for arg in args))


@never_raises(_shape)
def imp(points: object, imp_scale: object = None) -> Grid:
    """Signed IMPs for each point difference."""
    return elementwise(blank_or(lambda p, s: imp_points(p, text_cell(s))), ("points", "scale"), points, imp_scale)


def _victory_points(total: int, short: AnyVPScale, by_length: AnyVPScale, margin: object, boards: object,
                    scale: object) -> object:  # fmt: skip
    """VPs out of ``total`` on the scale named; without one, the ``short`` discrete scale, or with ``boards`` the
    ``by_length`` scale (WBF continuous for VP20, the ACBL's 30-VP table of the match's length for VP30)."""
    chosen: AnyVPScale
    if is_blank_text(scale):
        chosen = short if is_blank_text(boards) else by_length
    else:
        chosen = vp_scale(text_cell(scale))
        if chosen.total != total:
            other = "VP30" if chosen.total == 30 else "VP20"
            raise BridgeInputError(f"VP scale {chosen.name}: a {chosen.total}-VP scale; use {other}")
    return victory_points(margin, chosen, None if is_blank_text(boards) else boards)


def _column(total: int, short: AnyVPScale, by_length: AnyVPScale, margin: object, boards: object,
            vp_scale: object) -> Grid:  # fmt: skip
    """:func:`_victory_points` cell by cell over the broadcast arguments."""
    one = blank_or(lambda m, b, s: _victory_points(total, short, by_length, m, b, s))
    return elementwise(one, ("imps", "boards", "vp_scale"), margin, boards, vp_scale)


@never_raises(_shape)
def vp20(margin: object, boards: object = None, vp_scale: object = None) -> Grid:
    """VPs out of 20: the discrete scale, with ``boards`` the WBF continuous scale, or the scale named."""
    return _column(20, VP20_SEED, WBF_VP_2013, margin, boards, vp_scale)


@never_raises(_shape)
def vp30(margin: object, boards: object = None, vp_scale: object = None) -> Grid:
    """VPs out of 30: the discrete scale, with ``boards`` the ACBL's table for that many boards, or the scale
    named."""
    return _column(30, VP30_SEED, ACBL_30, margin, boards, vp_scale)
