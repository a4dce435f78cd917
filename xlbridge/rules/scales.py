"""IMP scales and victory-point scales.

A :class:`BandScale` is a step table: each band starts at its lower bound and runs up to the next band's lower
bound. A value that falls between two printed bands (``15`` points on a table printed 0-10, 20-40, or the 50-60
gap of the 1948 IMP table) therefore counts in the lower band.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cached_property
from types import MappingProxyType

from .registry import Registry

__all__ = [
    "IMP_SCALES",
    "MATCH_VP_SCALES",
    "UNNAMED_VP_SCALES",
    "VP_SCALES",
    "WBF_VP_2013",
    "BandScale",
    "ContinuousVPScale",
    "DiscreteVPScale",
    "MatchLengthVPScale",
    "VPScale",
]


@dataclass(frozen=True)
class BandScale:
    """A step table: ``bands`` are (lower bound, value) rows in rising order, the first starting at 0."""

    name: str
    source: str
    bands: tuple[tuple[int, int], ...]
    aliases: tuple[str, ...] = ()
    description: str = ""

    def __post_init__(self) -> None:
        lower = [bound for bound, _ in self.bands]
        if not lower or lower[0] != 0 or lower != sorted(set(lower)):
            raise ValueError(f"scale {self.name!r}: lower bounds must start at 0 and rise")

    @cached_property
    def _lower(self) -> tuple[int, ...]:
        """Each band's lower bound, in order."""
        return tuple(bound for bound, _ in self.bands)

    @cached_property
    def _steps(self) -> tuple[tuple[int, int], ...]:
        """Where the value rises past the first band, and by how much."""
        pairs = zip(self.bands[1:], self.bands[:-1], strict=True)
        return tuple((bound, value - previous) for (bound, value), (_, previous) in pairs)

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
    #: The longest match (in boards) the table is published for; None: no limit. A longer match is refused: a
    #: table for short matches gives far too many VPs for a long one's margin.
    most_boards: int | None = None

    @property
    def lengths(self) -> str:
        """The match lengths the table is for, as a message or a drop-down lists them: ``1-8 boards``."""
        return "any number of boards" if self.most_boards is None else f"1-{self.most_boards} boards"


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

    @property
    def lengths(self) -> str:
        """The match lengths the scale is for: any, its formula takes the number of boards."""
        return "any number of boards"


@dataclass(frozen=True)
class MatchLengthVPScale:
    """Discrete victory points that depend on the match's length: one winner's table per band of board counts.

    ``values`` are the VPs the winner can get above a tie (11, 12 ... 20 on a 20-VP scale); each band is (first
    board count, last board count, cut-offs), a cut-off being the smallest IMP margin that earns the winner the
    value in the same place of ``values``. A margin below the first cut-off is a tie (``total`` / 2 each); the loser
    gets ``total`` minus the winner's VPs. A board count outside every band has no table.
    """

    name: str
    source: str
    total: int
    values: tuple[int, ...]
    bands: tuple[tuple[int, int, tuple[int, ...]], ...]
    aliases: tuple[str, ...] = ()
    description: str = ""

    def __post_init__(self) -> None:
        previous = 0
        for first, last, cutoffs in self.bands:
            if not previous < first <= last or len(cutoffs) != len(self.values):
                raise ValueError(f"scale {self.name!r}: band {first}-{last} does not fit the scale")
            previous = last
        assert self._tables  # each band's table made, its cut-offs checked as they are made

    @cached_property
    def _tables(self) -> tuple[BandScale, ...]:
        """The winner's table of each band."""
        return tuple(BandScale(f"{self.name} {first}-{last}", self.source,
                               ((0, self.total // 2), *zip(cutoffs, self.values, strict=True)))
                     for first, last, cutoffs in self.bands)  # fmt: skip

    def winner(self, boards: int) -> BandScale | None:
        """The winner's table for a match of ``boards`` boards, or None outside every band."""
        for (first, last, _), table in zip(self.bands, self._tables, strict=True):
            if first <= boards <= last:
                return table
        return None

    @property
    def tables(self) -> tuple[BandScale, ...]:
        """The winner's table of each band, in the order of :attr:`bands`."""
        return self._tables

    @property
    def lengths(self) -> str:
        """The match lengths the tables are for: ``1-36 boards``."""
        return f"{self.bands[0][0]}-{self.bands[-1][1]} boards"

    @property
    def published(self) -> str:
        """The bands as a message lists them: ``1-8, 9-11 or 12-15``."""
        *others, last = [f"{first}-{last}" for first, last, _ in self.bands]
        return f"{', '.join(others)} or {last}" if others else last


# The ACBL's discrete 20-VP scale by match length, as marcshearer/BridgeScore tabulates it ("Bridge
# Calculations.swift", impsToVpsAcbl, read at commit 53f40c1): cut-offs for 11, 12 ... 20 VPs. Bands 1-8 and 9-11
# agree with bridgehands.com (Victory_Points.htm, "20 Point Victory Scale"), which labels the first band 6-8
# boards: what the ACBL prescribes for 1-5 boards was not found, and 1-8 is BridgeScore's. Bands 12-15, 16-20,
# 21-27 and 28-36 rest on BridgeScore alone (no second copy was found; they are not the WBF 2013 scale rounded).
# No band beyond 36 boards is published.
ACBL_20 = MatchLengthVPScale(
    "ACBL20",
    "ACBL 20-VP scale by match length (marcshearer/BridgeScore, impsToVpsAcbl; bands 1-8 and 9-11 also "
    "bridgehands.com Victory_Points.htm)",
    20,
    (11, 12, 13, 14, 15, 16, 17, 18, 19, 20),
    (
        (1, 8, (1, 3, 5, 8, 11, 14, 17, 20, 24, 28)),
        (9, 11, (1, 3, 6, 10, 14, 18, 22, 26, 31, 36)),
        (12, 15, (1, 4, 7, 11, 15, 20, 25, 30, 36, 42)),  # BridgeScore only
        (16, 20, (2, 5, 9, 14, 19, 25, 32, 39, 47, 56)),  # BridgeScore only
        (21, 27, (3, 7, 12, 18, 25, 33, 42, 51, 61, 72)),  # BridgeScore only
        (28, 36, (4, 9, 15, 22, 30, 39, 49, 60, 72, 85)),  # BridgeScore only
    ),
    description="the ACBL's discrete 20-VP scales, one per band of 1-8 ... 28-36 boards",
)

# The ACBL's discrete 30-VP scale, as bridgehands.com publishes it (Victory_Points.htm, "30 Point Victory Scale"):
# cut-offs for 18, 19 ... 30 VPs (16 and 17 are never awarded: a 1-IMP win is 18-12). Only the 6-8 and 9-11 board
# bands are published there, and no second source was found for either (BridgeScore has no 30-VP table).
ACBL_30 = MatchLengthVPScale(
    "ACBL30",
    "ACBL 30-VP scale by match length (bridgehands.com Victory_Points.htm, 6-8 and 9-11 boards)",
    30,
    (18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30),
    (
        (6, 8, (1, 2, 3, 4, 5, 7, 9, 11, 14, 17, 20, 24, 28)),  # bridgehands.com only
        (9, 11, (1, 2, 3, 5, 7, 9, 12, 15, 18, 22, 26, 31, 36)),  # bridgehands.com only
    ),
    description="the ACBL's discrete 30-VP scales for 6-8 and 9-11 boards",
)

# The Scottish Bridge Union's discrete 20-VP scale by match length, as marcshearer/BridgeScore tabulates it ("Bridge
# Calculations.swift", impsToVpsSbu, read at commit 53f40c1): cut-offs for 11, 12 ... 20 VPs. Every band rests on
# BridgeScore alone: no SBU publication or second copy was found.
SBU_20 = MatchLengthVPScale(
    "SBU20",
    "Scottish Bridge Union 20-VP scale by match length (marcshearer/BridgeScore, impsToVpsSbu)",
    20,
    (11, 12, 13, 14, 15, 16, 17, 18, 19, 20),
    (
        (1, 4, (1, 3, 5, 7, 9, 11, 13, 15, 17, 20)),
        (5, 6, (1, 3, 5, 7, 9, 12, 15, 18, 21, 25)),
        (7, 9, (1, 3, 5, 7, 10, 13, 17, 21, 25, 30)),
        (10, 13, (1, 3, 6, 9, 12, 16, 20, 25, 30, 35)),
        (14, 19, (2, 5, 9, 13, 17, 21, 25, 29, 34, 40)),
        (20, 27, (2, 5, 9, 13, 18, 23, 29, 35, 42, 50)),
        (28, 39, (2, 5, 9, 14, 20, 26, 33, 41, 50, 60)),
        (40, 55, (2, 6, 11, 17, 24, 32, 40, 49, 59, 70)),
    ),
    aliases=("SCOTTISH",),
    description="the Scottish Bridge Union's discrete 20-VP scales, one per band of 1-4 ... 40-55 boards",
)

#: VP scales that depend on the match's length, by the names a VP scale argument may use (a second registry
#: beside :data:`VP_SCALES`: each entry holds one table per band of board counts).
MATCH_VP_SCALES: Registry[MatchLengthVPScale] = Registry("VP scale by match length", [ACBL_20, ACBL_30, SBU_20])

# The discrete 20-VP scale clubs use whatever the length (0 -> 10-10, 1-2 -> 11-9, ... 28+ -> 20-0): the ACBL's
# table for short matches, ACBL20's first band above.
VP20_SEED = DiscreteVPScale(
    "20",
    "ACBL 20-VP scale, matches of up to 8 boards (bridgehands.com Victory_Points.htm)",
    20,
    replace(ACBL_20.tables[0], name="20", source="the winner's share"),
    description="the discrete 20-VP scale for matches of up to 8 boards: 0 IMPs 10-10, 1-2 11-9 ... 28+ 20-0 (the "
    "default)",
    most_boards=ACBL_20.bands[0][1],
)

# The discrete 30-VP scale (0 -> 15-15, 1 -> 18-12, ... 28+ -> 30-0): the ACBL's table for 6-8 boards, ACBL30's first
# band above.
VP30_SEED = DiscreteVPScale(
    "30",
    "ACBL 30-VP scale, matches of 6-8 boards (bridgehands.com Victory_Points.htm)",
    30,
    replace(ACBL_30.tables[0], name="30", source="the winner's share"),
    description="the discrete 30-VP scale for matches of up to 8 boards: 0 IMPs 15-15, 1 18-12 ... 28+ 30-0",
    most_boards=ACBL_30.bands[0][1],
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

#: The scale a VP argument means when none is named, by the VPs a match shares out: (without the match's length,
#: with it). Out of 20, the discrete scale clubs use for a short match, or the WBF's continuous scale for the
#: match's boards; out of 30, the discrete 30-VP scale, or the ACBL's 30-VP table of the match's length. The
#: worksheet functions (VP20, VP30) and the engine (victory_points) both read this table: one choice, one place.
UNNAMED_VP_SCALES: Mapping[int, tuple[DiscreteVPScale, ContinuousVPScale | MatchLengthVPScale]] = MappingProxyType(
    {20: (VP20_SEED, WBF_VP_2013), 30: (VP30_SEED, ACBL_30)}
)
