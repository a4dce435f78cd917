"""IMPs and victory points, read from the scales of :mod:`xlbridge.rules.scales`."""

from __future__ import annotations

import math
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from functools import lru_cache

from ..rules import IMP_SCALES, MATCH_VP_SCALES, VP_SCALES, BandScale, ContinuousVPScale, DiscreteVPScale, VPScale
from ..rules.scales import UNNAMED_VP_SCALES, VP20_SEED, VP30_SEED, WBF_VP_2013, MatchLengthVPScale
from .choices import choose, described
from .errors import BridgeInputError, Reason
from .values import NUMBER, as_whole_number, show

__all__ = [
    "AnyVPScale",
    "chosen_vp_scale",
    "covers",
    "imp_scale",
    "imps",
    "victory_points",
    "vp20",
    "vp30",
    "vp_scale",
    "vp_scales",
    "wbf_vp",
    "wbf_vp_table",
]


def imp_scale(scale: object = None) -> BandScale:
    """The IMP scale called ``scale`` (``WBF``/``1962``, ``1961``, ``1948``, ``1938``); blank is the WBF scale."""
    return choose(IMP_SCALES, scale, "scale")


def _number(value: object, argument: str) -> float | Fraction:
    if isinstance(value, bool) or not isinstance(value, (int, float, Fraction, str)):
        raise BridgeInputError(f"{argument} {show(value)}: expected a number")
    if isinstance(value, str):
        text = value.strip().replace("−", "-")
        if not NUMBER.fullmatch(text):
            raise BridgeInputError(f"{argument} {show(value)}: expected a number")
        value = float(text)
    if isinstance(value, float) and not math.isfinite(value):
        raise BridgeInputError(f"{argument} {show(value)}: expected a number", reason=Reason.OUT_OF_RANGE)
    return value


def imps(points: object, scale: object = None) -> int:
    """Signed IMPs for a point difference: ``imps(620 - 170)`` is 10, ``imps(-50)`` is -2."""
    return imp_scale(scale).signed(_number(points, "points"))


def _discrete_vp(scale: DiscreteVPScale, margin: float | Fraction) -> int:
    winner = scale.winner(-margin if margin < 0 else margin)
    return winner if margin >= 0 else scale.total - winner


def vp20(margin: object) -> int:
    """The discrete 20-VP scale: VPs for a signed IMP margin (the loser's is the complement)."""
    return _discrete_vp(VP20_SEED, _number(margin, "imps"))


def vp30(margin: object) -> int:
    """The discrete 30-VP scale: VPs for a signed IMP margin (the loser's is the complement)."""
    return _discrete_vp(VP30_SEED, _number(margin, "imps"))


#: The continuous scale is computed for matches of up to this many boards (the WBF publishes tables up to a few
#: dozen; beyond about 900 boards its smoothing rule can only step by 0.01 per IMP).
MAX_BOARDS = 10_000


@lru_cache(maxsize=256)
def wbf_vp_table(boards: int, scale: ContinuousVPScale = WBF_VP_2013) -> tuple[int, ...]:
    """The winner's VPs in hundredths for margins 0, 1, 2 ... up to the blitz, as the WBF publishes them.

    Each value is the formula rounded half up to 2 decimals; then, while some IMP would be worth more than the one
    before it (V[i+1] - V[i] > V[i] - V[i-1]), V[i] gains 0.01 (the WBF's smoothing). Without the smoothing four of
    the official values for 1-10 boards come out wrong (8 boards, margin 40 is 19.74).
    """
    if not 1 <= boards <= MAX_BOARDS:
        raise BridgeInputError(f"boards {boards}: must be 1 to {MAX_BOARDS:,}", reason=Reason.OUT_OF_RANGE)
    unit = Decimal(1).scaleb(-scale.decimals)
    blitz = scale.blitz_per_root_board * math.sqrt(boards)
    denominator = 1 - scale.tau**3
    values: list[int] = []
    margin = 0
    while True:
        raw = scale.total / 2 + scale.total / 2 * (1 - scale.tau ** (3 * margin / blitz)) / denominator
        exact = min(Decimal(scale.total), Decimal(repr(raw)).quantize(unit, rounding=ROUND_HALF_UP))
        values.append(int(exact / unit))
        if exact >= scale.total:
            break
        margin += 1
    # Smooth: raising V[i] is forced whenever 2 V[i] < V[i-1] + V[i+1], and the rule's fixed point is the least
    # concave sequence (in hundredths) above the rounded one. Raise each V[i] straight to the least value the rule
    # allows, and recheck only its neighbours: the same answer as adding 0.01 at a time, without the long cascades.
    last = len(values) - 1
    pending = list(range(last - 1, 0, -1))
    while pending:
        i = pending.pop()
        least = (values[i - 1] + values[i + 1] + 1) // 2
        if values[i] < least:
            values[i] = least
            pending.extend(j for j in (i - 1, i + 1) if 0 < j < last)
    return tuple(values)


def _continuous_vp(scale: ContinuousVPScale, margin: float | Fraction, boards: int) -> float:
    """VPs on a continuous scale (2 decimals); a fractional margin is interpolated between the whole margins either
    side of it and rounded half up."""
    table = wbf_vp_table(boards, scale)
    magnitude = Fraction(abs(margin)) if not isinstance(margin, Fraction) else abs(margin)
    whole = int(magnitude)
    if whole >= len(table) - 1:
        hundredths = Fraction(table[-1])
    else:
        part = magnitude - whole
        hundredths = table[whole] + (table[whole + 1] - table[whole]) * part
    winner = int(Decimal(hundredths.numerator) / Decimal(hundredths.denominator) + Decimal("0.5"))
    unit = int(10**scale.decimals)
    share: int = winner if margin >= 0 else scale.total * unit - winner
    return share / unit


def wbf_vp(margin: object, boards: object) -> float:
    """The WBF 2013 continuous 20-VP scale: VPs (2 decimals) for a signed IMP margin over ``boards`` boards.

    The loser gets 20 minus the winner's VPs. A fractional margin is interpolated between the whole margins
    either side of it and rounded half up to 2 decimals.
    """
    return victory_points(margin, WBF_VP_2013, boards)


#: A VP scale of either registry: one table, or one per band of board counts.
AnyVPScale = VPScale | MatchLengthVPScale


def vp_scales(total: int | None = None) -> list[AnyVPScale]:
    """Every VP scale, one table or by match length (the two registries in order), or those out of ``total``: what
    a teams workbook offers to choose from."""
    every: list[AnyVPScale] = [*VP_SCALES, *MATCH_VP_SCALES]
    return [scale for scale in every if total is None or scale.total == total]


def vp_scale(scale: object = None) -> AnyVPScale:
    """The VP scale called ``scale``, from :data:`~xlbridge.rules.VP_SCALES` or
    :data:`~xlbridge.rules.MATCH_VP_SCALES` (any of their names, any case); blank is the discrete 20-VP scale, and
    a scale object is taken as it is."""
    if isinstance(scale, MatchLengthVPScale):
        return scale
    if isinstance(scale, (str, int, float)) and not isinstance(scale, bool):
        found = MATCH_VP_SCALES.find(scale)
        if found is not None:
            return found
    try:
        return choose(VP_SCALES, scale, "VP scale")
    except BridgeInputError:
        raise BridgeInputError(
            f"VP scale {show(scale)}: must be one of {described(VP_SCALES)}, {described(MATCH_VP_SCALES)}"
        ) from None


def covers(scale: AnyVPScale, boards: int) -> bool:
    """Whether ``scale`` is published for a match of ``boards`` boards."""
    if isinstance(scale, MatchLengthVPScale):
        return scale.winner(boards) is not None
    if isinstance(scale, DiscreteVPScale):
        return scale.most_boards is None or boards <= scale.most_boards
    return 1 <= boards <= MAX_BOARDS


def _too_long(scale: DiscreteVPScale, boards: int) -> BridgeInputError:
    """Why a short match's table is refused for a longer match, naming the scales that fit it."""
    fitting = [other.name for other in vp_scales(scale.total) if covers(other, boards) and other is not scale]
    choose_one = f": choose {', '.join(fitting[:-1])} or {fitting[-1]}" if len(fitting) > 1 else (
        f": choose {fitting[0]}" if fitting else "")  # fmt: skip
    return BridgeInputError(
        f"VP scale {scale.name}: a table for matches of {scale.lengths}, not {boards}{choose_one}",
        reason=Reason.OUT_OF_RANGE,
    )


def _band(scale: MatchLengthVPScale, boards: object) -> BandScale:
    if boards is None or (isinstance(boards, str) and not boards.strip()):
        raise BridgeInputError(f"boards missing: the {scale.name} scale depends on the number of boards")
    count = as_whole_number(boards, "boards")
    table = scale.winner(count)
    if table is None:
        raise BridgeInputError(
            f"boards {count}: the {scale.name} scale is published for matches of {scale.published} boards only",
            reason=Reason.OUT_OF_RANGE,
        )
    return table


def _given(boards: object) -> bool:
    return boards is not None and not (isinstance(boards, str) and not boards.strip())


def chosen_vp_scale(scale: object = None, boards: object = None, total: int | None = None) -> AnyVPScale:
    """The VP scale a (scale, boards) pair means: the scale named; with none named, the one
    :data:`~xlbridge.rules.scales.UNNAMED_VP_SCALES` gives for ``total`` (20 when not said): the discrete scale
    without the match's length, the scale for that length with it. A named scale out of another total is refused
    (a 30-VP scale where 20 are shared out)."""
    if scale is None or (isinstance(scale, str) and not scale.strip()):
        short, by_length = UNNAMED_VP_SCALES[total or 20]
        return by_length if _given(boards) else short
    chosen = vp_scale(scale)
    if total is not None and chosen.total != total:
        other = "VP30" if chosen.total == 30 else "VP20"
        raise BridgeInputError(f"VP scale {chosen.name}: a {chosen.total}-VP scale; use {other}")
    return chosen


def victory_points(margin: object, scale: object = None, boards: object = None, total: int | None = None) -> float:
    """VPs for a signed IMP margin on the named scale (``20`` and ``30`` discrete, ``WBF`` with ``boards``;
    ``ACBL20``, ``ACBL30``, ``SBU20`` with ``boards``: the table of the match's length), or on the scale object
    given; with none named, the scale :func:`chosen_vp_scale` gives (out of ``total``, 20 when not said: the
    discrete scale, or with ``boards`` the WBF continuous one). The loser gets the scale's total minus the winner's
    VPs. ``20`` and ``30`` are tables for matches of up to 8 boards: with ``boards`` given, a longer match is refused
    (``victory_points(33, "20", 24)`` would give 20-0 where the WBF scale gives 16.25)."""
    chosen = chosen_vp_scale(scale, boards, total)
    value = _number(margin, "imps")
    if isinstance(chosen, ContinuousVPScale):
        if boards is None:
            raise BridgeInputError(f"boards missing: the {chosen.name} scale depends on the number of boards")
        return _continuous_vp(chosen, value, as_whole_number(boards, "boards"))
    if isinstance(chosen, MatchLengthVPScale):
        winner = _band(chosen, boards)(-value if value < 0 else value)
        return winner if value >= 0 else chosen.total - winner
    if _given(boards):
        count = as_whole_number(boards, "boards")
        if count < 1:
            raise BridgeInputError(f"boards {count}: a match has at least 1 board", reason=Reason.OUT_OF_RANGE)
        if not covers(chosen, count):
            raise _too_long(chosen, count)
    return _discrete_vp(chosen, value)
