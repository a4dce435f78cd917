"""IMP scales and victory-point scales.

A :class:`BandScale` is a step table: each band starts at its lower bound and runs up to the next band's lower
bound. A value that falls between two printed bands (``15`` points on a table printed 0-10, 20-40, or the 50-60
gap of the 1948 IMP table) therefore counts in the lower band.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from dataclasses import dataclass, field
from fractions import Fraction

from .registry import Registry

__all__ = [
    "IMP_SCALES",
    "VP_SCALES",
    "WBF_VP_2013",
    "BandScale",
    "ContinuousVPScale",
    "DiscreteVPScale",
    "VPScale",
]


@dataclass(frozen=True, slots=True)
class BandScale:
    """A step table: ``bands`` are (lower bound, value) rows in rising order, the first starting at 0."""

    name: str
    source: str
    bands: tuple[tuple[int, int], ...]
    aliases: tuple[str, ...] = ()
    description: str = ""
    _lower: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _steps: tuple[tuple[int, int], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        lower = tuple(bound for bound, _ in self.bands)
        if not lower or lower[0] != 0 or list(lower) != sorted(set(lower)):
            raise ValueError(f"scale {self.name!r}: lower bounds must start at 0 and rise")
        object.__setattr__(self, "_lower", lower)
        pairs = zip(self.bands[1:], self.bands[:-1], strict=True)
        steps = tuple((bound, value - previous) for (bound, value), (_, previous) in pairs)
        object.__setattr__(self, "_steps", steps)

    def __call__(self, magnitude: float | Fraction) -> int:
        """The value of the band holding ``magnitude`` (>= 0)."""
        return self.bands[bisect_right(self._lower, magnitude) - 1][1]

    def signed(self, value: float | Fraction) -> int:
        """The value for a signed amount: the band of its size, with its sign (IMP(-d) = -IMP(d))."""
        return -self(-value) if value < 0 else self(value)

    @property
    def steps(self) -> tuple[tuple[int, int], ...]:
        """(bound, increase) at each bound after the first: the scale as a sum of steps."""
        return self._steps


# The WBF IMP scale, in use since 1962 (WBF General Conditions of Contest; Laws of Duplicate Bridge 2017, Law 78B).
WBF_IMPS = BandScale(
    "WBF",
    "WBF IMP scale (since 1962); Laws of Duplicate Bridge 2017, Law 78B",
    (
        (0, 0),  # 0-10
        (20, 1),  # 20-40
        (50, 2),  # 50-80
        (90, 3),  # 90-120
        (130, 4),  # 130-160
        (170, 5),  # 170-210
        (220, 6),  # 220-260
        (270, 7),  # 270-310
        (320, 8),  # 320-360
        (370, 9),  # 370-420
        (430, 10),  # 430-490
        (500, 11),  # 500-590
        (600, 12),  # 600-740
        (750, 13),  # 750-890
        (900, 14),  # 900-1090
        (1100, 15),  # 1100-1290
        (1300, 16),  # 1300-1490
        (1500, 17),  # 1500-1740
        (1750, 18),  # 1750-1990
        (2000, 19),  # 2000-2240
        (2250, 20),  # 2250-2490
        (2500, 21),  # 2500-2990
        (3000, 22),  # 3000-3490
        (3500, 23),  # 3500-3990
        (4000, 24),  # 4000 and more
    ),
    aliases=("CURRENT", "1962"),
    description="0-24 IMPs: the current scale (the default)",
)

# The European Match Point table of the 1938 European Championship, Oslo (International Bridge League), as tabulated
# in "History of the Laws of Contract Bridge" (Wikipedia user draft User:Maproom/bridgehist; maximum 12).
EMP_1938 = BandScale(
    "1938",
    "European Match Point table, 1938 European Championship (International Bridge League)",
    (
        (0, 0),
        (10, 1),  # 10-30
        (40, 2),  # 40-60
        (70, 3),  # 70-100
        (110, 4),  # 110-180
        (190, 5),  # 190-290
        (300, 6),  # 300-390
        (400, 7),  # 400-490
        (500, 8),  # 500-590
        (600, 9),  # 600-740
        (750, 10),  # 750-1490
        (1500, 11),  # 1500-1990
        (2000, 12),  # 2000 and more
    ),
    aliases=("EMP",),
    description="0-12: the European Match Point table, 10-30 points 1 ... 2000+ 12",
)

# The IMP scale used from 1948 to 1960 (PBN Standard 2.1, section 3.4.12, "IMP_1948"), maximum 15, as Sports
# Illustrated printed it on 2 May 1960: 20-60 points score 1 IMP (the band starts at 20 here, so 50 and 60 score 1).
IMP_1948 = BandScale(
    "1948",
    "IMP scale of 1948-1960 (PBN Standard 2.1, IMP_1948; Sports Illustrated, 2 May 1960)",
    (
        (0, 0),  # 0-10
        (20, 1),  # 20-60
        (70, 2),  # 70-130
        (140, 3),  # 140-210
        (220, 4),  # 220-340
        (350, 5),  # 350-490
        (500, 6),  # 500-740
        (750, 7),  # 750-990
        (1000, 8),  # 1000-1240
        (1250, 9),  # 1250-1490
        (1500, 10),  # 1500-1990
        (2000, 11),  # 2000-2490
        (2500, 12),  # 2500-2990
        (3000, 13),  # 3000-3490
        (3500, 14),  # 3500-3990
        (4000, 15),  # 4000 and more
    ),
    aliases=(),
    description="0-15: 20-60 points 1, 70-130 2 ... 4000+ 15",
)

# The IMP scale as revised in 1961 and replaced on 1 September 1962 (PBN Standard 2.1, section 3.4.12, "IMP_1961"),
# maximum 25: the 1962 scale up to 500-590, then wider; figures as tabulated in "History of the Laws of Contract
# Bridge" (Wikipedia user draft User:Maproom/bridgehist).
IMP_1961 = BandScale(
    "1961",
    "IMP scale of 1961-1962 (PBN Standard 2.1, IMP_1961)",
    (
        *WBF_IMPS.bands[:12],  # 0-10 ... 500-590 -> 11, as in 1962
        (600, 12),  # 600-690
        (700, 13),  # 700-790
        (800, 14),  # 800-890
        (900, 15),  # 900-1040
        (1050, 16),  # 1050-1190
        (1200, 17),  # 1200-1340
        (1350, 18),  # 1350-1490
        (1500, 19),  # 1500-1740
        (1750, 20),  # 1750-1990
        (2000, 21),  # 2000-2240
        (2250, 22),  # 2250-2490
        (2500, 23),  # 2500-2990
        (3000, 24),  # 3000-3490
        (3500, 25),  # 3500 and more
    ),
    aliases=(),
    description="0-25: as 1962 up to 500-590, then 600-690 12 ... 3500+ 25",
)

#: IMP scales, by the names an ``imp_scale`` argument may use (blank: the WBF scale).
IMP_SCALES: Registry[BandScale] = Registry("imp_scale", [WBF_IMPS, IMP_1961, IMP_1948, EMP_1938])


@dataclass(frozen=True, slots=True)
class DiscreteVPScale:
    """Whole victory points: the winner's share by IMP margin; the loser gets ``total`` minus it."""

    name: str
    source: str
    total: int
    winner: BandScale
    aliases: tuple[str, ...] = ()
    description: str = ""


@dataclass(frozen=True, slots=True)
class ContinuousVPScale:
    """The WBF 2013 continuous scale (see :func:`xlbridge.engine.scales.wbf_vp_table`).

    For a margin of M IMPs over B boards: X = ``blitz_per_root_board`` * sqrt(B), and the winner's share is
    min(total, half + half * (1 - tau ** (3 M / X)) / (1 - tau ** 3)), to ``decimals`` places, rounded half up
    and then smoothed so that no IMP is worth more than the one before it.
    """

    name: str
    source: str
    total: int
    blitz_per_root_board: float
    tau: float
    decimals: int
    aliases: tuple[str, ...] = ()
    description: str = ""


# The ACBL's discrete 20-VP scale for matches of up to 8 boards (0 -> 10-10, 1-2 -> 11-9, ... 28+ -> 20-0), as
# bridgehands.com (Victory_Points.htm, 6-8 boards) and marcshearer/BridgeScore (impsToVpsAcbl, 1-8) publish it.
VP20_SEED = DiscreteVPScale(
    "20",
    "ACBL 20-VP scale, matches of up to 8 boards (bridgehands.com Victory_Points.htm)",
    20,
    BandScale(
        "20",
        "the winner's share",
        (
            (0, 10),  # 0: 10-10
            (1, 11),  # 1-2: 11-9
            (3, 12),  # 3-4: 12-8
            (5, 13),  # 5-7: 13-7
            (8, 14),  # 8-10: 14-6
            (11, 15),  # 11-13: 15-5
            (14, 16),  # 14-16: 16-4
            (17, 17),  # 17-19: 17-3
            (20, 18),  # 20-23: 18-2
            (24, 19),  # 24-27: 19-1
            (28, 20),  # 28+: 20-0
        ),
    ),
    description="the discrete 20-VP scale: 0 IMPs 10-10, 1-2 11-9 ... 28+ 20-0 (the default)",
)

# The ACBL's discrete 30-VP scale for matches of 6-8 boards (0 -> 15-15, 1 -> 18-12, ... 28+ -> 30-0), as
# bridgehands.com (Victory_Points.htm) publishes it.
VP30_SEED = DiscreteVPScale(
    "30",
    "ACBL 30-VP scale, matches of 6-8 boards (bridgehands.com Victory_Points.htm)",
    30,
    BandScale(
        "30",
        "the winner's share",
        (
            (0, 15),  # 0: 15-15
            (1, 18),  # 1: 18-12
            (2, 19),  # 2: 19-11
            (3, 20),  # 3: 20-10
            (4, 21),  # 4: 21-9
            (5, 22),  # 5-6: 22-8
            (7, 23),  # 7-8: 23-7
            (9, 24),  # 9-10: 24-6
            (11, 25),  # 11-13: 25-5
            (14, 26),  # 14-16: 26-4
            (17, 27),  # 17-19: 27-3
            (20, 28),  # 20-23: 28-2
            (24, 29),  # 24-27: 29-1
            (28, 30),  # 28+: 30-0
        ),
    ),
    description="the discrete 30-VP scale: 0 IMPs 15-15, 1 18-12 ... 28+ 30-0",
)

# WBF Scoring Panel, "The New WBF IMP to VP Scales" (2013): the continuous 20-VP scale.
WBF_VP_2013 = ContinuousVPScale(
    "WBF",
    "WBF continuous 20-VP scale, 2013 (WBF Scoring Panel technical report)",
    total=20,
    blitz_per_root_board=15.0,
    tau=(math.sqrt(5) - 1) / 2,
    decimals=2,
    description="the WBF 2013 continuous 20-VP scale for the match's number of boards, to 2 decimals",
)

VPScale = DiscreteVPScale | ContinuousVPScale

#: Victory-point scales, by the names a VP scale argument may use (blank: the discrete 20-VP scale).
VP_SCALES: Registry[VPScale] = Registry("VP scale", [VP20_SEED, VP30_SEED, WBF_VP_2013])
