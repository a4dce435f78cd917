"""Tables for comparing results across a field: matchpoint scales, artificial scores and Butler datums."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType

from .registry import Registry

__all__ = [
    "ARTIFICIAL_CODES",
    "ARTIFICIAL_IMPS_PER_10_PERCENT",
    "ARTIFICIAL_RULES",
    "CROSS_IMP_FORMS",
    "DATUM_METHODS",
    "MATCHPOINT_SCALES",
    "ArtificialRule",
    "CrossImpForm",
    "DatumMethod",
    "MatchpointScale",
]


@dataclass(frozen=True, slots=True)
class MatchpointScale:
    """Matchpoints per result beaten and per result tied (Laws of Duplicate Bridge 2017, Law 78A)."""

    name: str
    source: str
    per_win: Fraction
    per_tie: Fraction
    aliases: tuple[str, ...] = ()
    description: str = ""


EUROPEAN = MatchpointScale(
    "MP",
    "Law 78A; European practice (EBU, WBF): 2 per result beaten, 1 per tie",
    Fraction(2),
    Fraction(1),
    aliases=("EUROPEAN", "EBU", "WBF"),
    description="European matchpoints: 2 per result beaten, 1 per tie; top 2(n-1) (the default)",
)
ACBL = MatchpointScale(
    "ACBL",
    "Law 78A; ACBL practice: 1 per result beaten, 1/2 per tie",
    Fraction(1),
    Fraction(1, 2),
    description="ACBL matchpoints: 1 per result beaten, 1/2 per tie; top n-1",
)

#: Matchpoint scales, by the names a method argument may use.
MATCHPOINT_SCALES: Registry[MatchpointScale] = Registry("matchpoint scale", [EUROPEAN, ACBL])


@dataclass(frozen=True, slots=True)
class CrossImpForm:
    """How a result's IMPs against the other results of its board are summed up."""

    name: str
    source: str
    #: True: divided by the number of comparisons (n - 1); False: the undivided total.
    averaged: bool
    aliases: tuple[str, ...] = ()
    description: str = ""


AVERAGED = CrossImpForm(
    "AVERAGE",
    "WBF and EBU cross-IMP (Calcutta) scoring: the IMPs against each other result over the number of comparisons",
    averaged=True,
    aliases=("AVG", "AVERAGED"),
    description="IMPs against every other result divided by the number of comparisons (the default)",
)
TOTAL = CrossImpForm(
    "TOTAL",
    "ACBLscore manual, IMP pairs (cross-IMPs): the undivided total; Ruter and Magic Contest "
    '(PBN [Scoring "IMP;Cross"]): the sum over the comparisons',
    averaged=False,
    aliases=("ACBL", "SUMMED"),
    description="the undivided total of the IMPs against every other result (ACBL, Ruter)",
)

#: Cross-IMP forms, by the names a CROSSIMP method may use.
CROSS_IMP_FORMS: Registry[CrossImpForm] = Registry("cross-IMP form", [AVERAGED, TOTAL])

#: Artificial adjusted scores: code -> (North-South's percentage, East-West's percentage) of the full top.
#: Laws of Duplicate Bridge 2017, Law 12C2(a): average minus 40%, average 50%, average plus 60%. USEBIO 1.2 writes
#: any split as "A" + NS% + EW% (A6040); that form is read by pattern, not listed here.
ARTIFICIAL_CODES: Mapping[str, tuple[int, int]] = MappingProxyType(
    {
        "A": (50, 50),
        "A=": (50, 50),
        "AV": (50, 50),
        "AVE": (50, 50),
        "AVG": (50, 50),
        "A+": (60, 40),
        "AV+": (60, 40),
        "AVE+": (60, 40),
        "A-": (40, 60),
        "AV-": (40, 60),
        "AVE-": (40, 60),
    }
)

#: In IMP scoring (cross-IMPs, Butler) an artificial score of average plus is +3 IMPs and average minus -3
#: (Laws of Duplicate Bridge 2017, Law 86A; ACBLscore does the same). Other splits scale in proportion:
#: 3 IMPs for every 10 percentage points above or below 50%.
ARTIFICIAL_IMPS_PER_10_PERCENT = Fraction(3)


@dataclass(frozen=True, slots=True)
class DatumMethod:
    """How a Butler datum is formed from a board's real (not artificial) scores."""

    name: str
    source: str
    #: How many scores are dropped at each end: (fixed count, minimum field size for it, percent of the field).
    drop_each_end: int
    drop_from: int
    drop_percent: int
    #: "mean" or "median" of what is left.
    average: str
    #: Rounding to the nearest ``round_to``: "half-away" (from zero) or "half-even".
    rounding: str
    round_to: int = 10
    aliases: tuple[str, ...] = ()
    description: str = ""

    def dropped(self, count: int) -> int:
        """How many scores to drop at each end of a field of ``count`` real scores."""
        fixed = self.drop_each_end if count >= self.drop_from else 0
        return fixed + count * self.drop_percent // 100


TRIMMED = DatumMethod(
    "TRIMMED",
    "Compscore3 (Australian Bridge Federation): drop the single top and bottom from 4 results, mean, "
    "nearest 10 with halves away from zero",
    drop_each_end=1,
    drop_from=4,
    drop_percent=0,
    average="mean",
    rounding="half-away",
    aliases=("BUTLER", "COMPSCORE"),
    description="drop the single top and bottom from 4 results, mean, nearest 10 (Compscore3; the default)",
)
ACBL_DATUM = DatumMethod(
    "ACBL",
    "ACBLscore manual, IMPs using computed datum: drop 5% high and 5% low (whole scores, rounded down), mean, "
    "nearest 10 with a final 5 to the even ten",
    drop_each_end=0,
    drop_from=0,
    drop_percent=5,
    average="mean",
    rounding="half-even",
    description="drop 5% at each end, mean, nearest 10 with a final 5 to the even ten (ACBLscore)",
)
TRIMMED_FROM_3 = DatumMethod(
    "TRIMMED3",
    'Magic Contest and Ruter (PBN [Scoring "IMP;Butler-2;Mean"]): drop the single top and bottom from 3 results, mean, '
    "nearest 10 with halves away from zero",
    drop_each_end=1,
    drop_from=3,
    drop_percent=0,
    average="mean",
    rounding="half-away",
    aliases=("BUTLER-2",),
    description="drop the single top and bottom from 3 results, mean, nearest 10 (Magic Contest, Ruter)",
)
MEAN = DatumMethod(
    "MEAN",
    "xlbridge's option (no scorer's convention): the plain mean of all results, nearest 10 with halves away from zero",
    drop_each_end=0,
    drop_from=0,
    drop_percent=0,
    average="mean",
    rounding="half-away",
    description="the mean of every result, nearest 10",
)
MEDIAN = DatumMethod(
    "MEDIAN",
    "xlbridge's option (no scorer's convention): the median result (the mean of the middle two for an even count), "
    "nearest 10 with "
    "halves away from zero",
    drop_each_end=0,
    drop_from=0,
    drop_percent=0,
    average="median",
    rounding="half-away",
    description="the median result, nearest 10",
)

#: Datum methods, by the names a method argument may use.
DATUM_METHODS: Registry[DatumMethod] = Registry("datum method", [TRIMMED, TRIMMED_FROM_3, ACBL_DATUM, MEAN, MEDIAN])


@dataclass(frozen=True, slots=True)
class ArtificialRule:
    """What an artificial score (average plus, average minus...) does to the other results of its board at
    matchpoints: it takes its percentage of the full top either way, and is compared with none of them."""

    name: str
    source: str
    #: True: the real results are matchpointed among themselves and Neuberg-scaled to the board's full count; False:
    #: each artificial score counts, for every real result, as a result it tied with (no scaling).
    neuberg: bool
    aliases: tuple[str, ...] = ()
    description: str = ""


NEUBERG = ArtificialRule(
    "NEUBERG",
    'the WBF\'s Neuberg formula; R. Barker, EBU forum comment 7177 ("the remaining real scores have to be neuberged"; '
    "the artificial scores are not in the calculation); Compscore3, Magic Contest",
    neuberg=True,
    description="the board's real results Neuberg-scaled to its full count (the default)",
)
AS_TIES = ArtificialRule(
    "NO-NEUBERG",
    "manual scoring: the pair given an average ties with every other pair on the board, so a top loses 1 matchpoint "
    'and a bottom gains 1 (Culcheth Bridge Club, "Neuberg scoring adopted"; the EBU\'s article on Neuberg advises '
    "clubs scoring by hand against the formula); BriAn scores such a board without Neuberg too",
    neuberg=False,
    aliases=("TIES", "SIMPLE"),
    description="no Neuberg: an artificial score counts as a tie with each real result (a top loses 1 matchpoint)",
)

#: What an artificial score does to its board's other results, by the names a method may use.
ARTIFICIAL_RULES: Registry[ArtificialRule] = Registry("artificial scores", [NEUBERG, AS_TIES])
