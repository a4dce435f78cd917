"""Season ladders: how an IMP-scored session's result becomes a percentage, so that it can stand beside
matchpointed sessions in one ladder."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .registry import Registry

__all__ = ["IMP_PERCENT_RULES", "ImpPercentRule"]


@dataclass(frozen=True, slots=True)
class ImpPercentRule:
    """An IMP session's percentage: 50 plus ``per_imp_per_board`` percentage points for each IMP per board played."""

    name: str
    source: str
    description: str
    per_imp_per_board: Fraction
    aliases: tuple[str, ...] = ()

    def percentage(self, imps: Fraction | int, boards: int) -> Fraction:
        """The percentage of ``imps`` (a pair's total) over ``boards`` boards played."""
        return 50 + self.per_imp_per_board * Fraction(imps) / boards


# Young Chelsea Bridge Club, "Scoring" (ycbc.co.uk/scoring.htm; also bridgewebs.com/youngchelsea/page67.html, the
# same club's page): "on a 24-board basis 60% is equivalent to +42.5 IMPs, 70% is equivalent to +85 IMPs" (cross-IMP
# totals), and for other lengths "1 IMP corresponds to 0.2171946%" over 26 boards, "0.20915%" over 27: 10 points per
# 42.5 IMPs over 24 boards, 240 / 42.5 = 96/17 (5.647...) points per IMP per board, which gives both figures. One
# club's published rule (a single source): the EBU's NGS conversion, which some clubs cite, was not found; applying
# it to Butler sessions too is xlbridge's choice.
YOUNG_CHELSEA = ImpPercentRule(
    "YCBC",
    "Young Chelsea Bridge Club, Scoring (ycbc.co.uk/scoring.htm): 60% is +42.5 IMPs over 24 boards",
    "50% plus 5.647 (96/17) points per IMP per board played: +42.5 IMPs over 24 boards is 60% (the default)",
    Fraction(96, 17),
    aliases=("YOUNGCHELSEA",),
)

#: IMP-to-percentage rules of a ladder, by the names ``xlbridge ladder --imp-rule`` may use.
IMP_PERCENT_RULES: Registry[ImpPercentRule] = Registry("imp_rule", [YOUNG_CHELSEA])
