"""Masterpoints: what a club session awards the pairs placed highest, on a federation's scale.

A scale says what the winner of a field earns (by the kind of movement: one winner or two, and the tables in play),
what each lower place earns as a share of that, how many places are paid in a field of a given size, and how the
federation's files name the points (USEBIO 1.2 ``MASTER_POINT_TYPE`` and ``MASTER_POINT_SCALE``). The engine
(:mod:`xlbridge.engine.masterpoints`) reads these tables; every award is rounded to the hundredth, halves up, and
pairs tied for a place share the awards of the places they cover.

Sources. The ABF's: the ABF Masterpoint Manual (10 July 2014 edition, as the ABF Masterpoint Centre publishes it at
abfmasterpoints.com.au/mpmanual): section 2 (grades of club tournaments), 3.1.1 (the formulae of session awards),
3.1.3 (the tables of awards: Tables 1A-1C two winners, 2A-2C one winner, at grade weights 1.0, 1.5 and 2.5; "T is
the number of tables, with half tables rounded up"), 3.2 and 3.3 (the session tables), and section 4 (rules of
masterpointing: placing awards, runners-up, the field). The ACBL's: the ACBL Handbook, chapter 4 (the club
sanctioned game), section three, "I. Calculating the awards" (acbl.org). Clause 4.4.6 of the ABF manual (ties) and
the ACBL's rule for ties were not found in any stored copy: ties share the awards of the places they cover, the
rule both the ABF manual's section 4 (which refers to 4.4.6 for it) and every scorer follow, and the share is
rounded to the hundredth like any award. The EBU's local (black) points: see :data:`EBU_CLUB`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType

from .registry import Registry

__all__ = [
    "ABF_GREEN",
    "ABF_RED",
    "ACBL_CLUB",
    "AWARD_FORMS",
    "EBU_CLUB",
    "EBU_COUNTY",
    "EBU_DISTRICT",
    "EBU_LOCAL_SCALES",
    "EBU_NATIONAL",
    "EBU_REGIONAL",
    "MASTERPOINT_SCALES",
    "MATCHES",
    "NO_MASTERPOINTS",
    "PAIRS",
    "AwardForm",
    "Depth",
    "LocalPointBand",
    "LocalPoints",
    "MasterpointScale",
    "PlaceShares",
    "WinnerAward",
]


@dataclass(frozen=True, slots=True)
class AwardForm:
    """The form of an event, as far as it decides how deep the awards go: duplicate pairs, or an event played as
    matches (of ``boards_per_round`` boards or more)."""

    name: str
    source: str
    description: str
    #: The scoring whose sessions this form pays (a :class:`~xlbridge.rules.methods.SessionMethod`'s
    #: ``comparison``), and the fewest boards a round must have; None: no scoring claims it (the default form pays
    #: any session, another is chosen by name).
    comparison: str | None = None
    boards_per_round: int = 0
    aliases: tuple[str, ...] = ()


# ABF Masterpoint Manual, section 4 (book4a): "Placing awards in all Individual and Duplicate events are made to
# the top half of the field, rounding down if necessary ... This also applies whenever matches of less than 5 boards
# duration are played."
PAIRS = AwardForm(
    "Pairs",
    "ABF Masterpoint Manual, section 4 (placing awards in all individual and duplicate events); Compscore3 "
    "(the ABF's club scorer) for a pairs session scored Butler",
    "duplicate pairs, whatever the scoring (matchpoints, cross-IMPs, Butler) (the default)",
)
# ABF Masterpoint Manual, section 4 (book4a): "In all Teams events (and Butler Pairs and non-Duplicate Matchpoint
# events where matches of at least five or more boards are played) placing awards are given to the top third".
# xlbridge reads "where matches ... are played" as events whose pairs play real matches (each match scored as a
# match between the two pairs), not a pairs session scored Butler against each board's datum: Compscore3, the scorer
# the ABF supplies to its clubs, pays such a session the top half, as any duplicate pairs (its Butler Howell of 8
# pairs in rounds of 5 boards, abftech/cobalt results/tests/test_files/butler_howell.xml: 4 places paid, not 3). A
# session is never paid as matches by its scoring; the form is chosen by name (MASTERPOINTS' form, award_places).
MATCHES = AwardForm(
    "Matches",
    "ABF Masterpoint Manual, section 4 (teams events, and pairs events where matches of at least five boards are "
    "played)",
    "an event played as matches of 5 boards or more (chosen by name; a pairs session scored Butler is paid as pairs)",
    boards_per_round=5,
    aliases=("MATCH",),
)

#: The forms an event's awards may take (blank: duplicate pairs).
AWARD_FORMS: Registry[AwardForm] = Registry("award form", [PAIRS, MATCHES])


@dataclass(frozen=True, slots=True)
class WinnerAward:
    """The winner's award in a field of one kind of movement: ``per_table`` times the scale's weight and the
    tables, up to ``linear_to`` tables; beyond them ``weight * (1 - exp(-T / decay))``. ``half_table`` says how a
    half table counts: ``"whole"`` (rounded up to a table) or ``"half"`` (as half of one)."""

    per_table: Fraction
    half_table: str
    linear_to: int | None = None
    decay: int | None = None


@dataclass(frozen=True, slots=True)
class PlaceShares:
    """What each place below the first earns, as a share of the winner's award: ``listed`` for places 2, 3, ...
    in order, then the winner's award divided by the place less ``offset``."""

    listed: tuple[Fraction, ...]
    offset: int


@dataclass(frozen=True, slots=True)
class Depth:
    """How many places of a field are paid: ``share`` of its pairs, rounded ``"down"``, ``"up"`` or ``"half up"``
    to a whole place. ``counts`` says which pairs: ``"field"``, those placed in it; ``"group"``, those its tables
    seat (the tables as the scale counts them, twice that for a one-winner movement)."""

    share: Fraction
    rounding: str
    counts: str = "field"


@dataclass(frozen=True, slots=True)
class LocalPointBand:
    """The EBU's local points for a session of ``boards`` boards or more (up to the next band's): ``share`` of the
    pairs its full tables seat are paid (rounded up), and ``most`` is the most one award may be."""

    boards: int
    share: Fraction
    most: int


@dataclass(frozen=True, slots=True)
class LocalPoints:
    """A scale of the EBU's local points, awarded in whole local points (100 to a master point): the last paid
    place earns ``step``, each place above it ``step`` more (none more than its band's ``most``); pairs tied for a
    place share the points of the places they cover, rounded up to a whole point and never below ``step``. ``bands``
    by the boards played, fewest first (a session of fewer boards than the first band's is paid nothing); a field of
    fewer than ``fewest_pairs`` pairs is not awarded."""

    step: int
    bands: tuple[LocalPointBand, ...]
    fewest_pairs: int


@dataclass(frozen=True, slots=True)
class MasterpointScale:
    """A federation's club masterpoint scale. ``winners`` holds the winner's award by the number of winners of the
    movement (1: a Howell or an arrow-switched Mitchell, one field; 2: a Mitchell, two fields); a scale with none
    and no ``local`` points (``none``) awards nothing. ``usebio_type`` and ``usebio_scale`` are how USEBIO files
    name the points."""

    name: str
    source: str
    description: str
    usebio_type: str = ""
    usebio_scale: str = ""
    #: The grade weight W the winner's award is multiplied by.
    weight: Fraction = Fraction(1)
    winners: Mapping[int, WinnerAward] = field(default_factory=lambda: MappingProxyType({}))
    places: PlaceShares = PlaceShares((), 1)
    #: How deep the awards go, by the name of the event's :class:`AwardForm`.
    depths: Mapping[str, Depth] = field(default_factory=lambda: MappingProxyType({}))
    #: The most the winner's award may be (None: no cap).
    cap: Fraction | None = None
    aliases: tuple[str, ...] = ()
    #: The EBU's local points, a scale of their own kind (None: a scale of winners, places and depths).
    local: LocalPoints | None = None
    #: A session of two sections or more: the source of the rule that each set of pairs whose scores are compared
    #: directly is a field, awarded as the scale awards one (within sections, each section's fields; across the
    #: field, each direction's pairs of every section together); "" where no source found gives the scale's rule
    #: for sections, and ``sections_missing`` says what is missing (the session is then refused, saying it).
    sections: str = ""
    sections_missing: str = ""

    @property
    def awards(self) -> bool:
        """False for the scale that awards nothing."""
        return bool(self.winners) or self.local is not None


NO_MASTERPOINTS = MasterpointScale(
    "None",
    "no masterpoints: the session is not masterpointed",
    "no masterpoints are awarded (the default)",
    aliases=("NO", "OFF"),
)

# ABF Masterpoint Manual 3.1.1: "The formulae used to produce the winners' award in a two winner movement
# (Mitchell) are: 0.02WT for T up to and including 30, W[1-exp(-T/32)] for T exceeding 30. In the case of a single
# winner movement (Howell) ...: 0.04WT for T up to and including 15, W[1-exp(-T/16)] for T exceeding 15." 3.1.3: T is
# the number of tables "with half tables rounded up to the next whole number". Section 4: "Awards for movements with
# a single winner (Individual, Howell, arrow-switch Mitchell) are listed in Tables 2A, 2B, and 2C."
_ABF_WINNERS = MappingProxyType(
    {
        2: WinnerAward(Fraction(2, 100), "whole", linear_to=30, decay=32),  # 3.1.1; 3.2, Tables 1A-1C
        1: WinnerAward(Fraction(4, 100), "whole", linear_to=15, decay=16),  # 3.1.1; 3.3, Tables 2A-2C
    }
)
# ABF Masterpoint Manual, section 4: "Runners-up in any field receive 70% of the winners' award. Other awards are
# calculated as the winners' award divided by one less than the placing position (i.e. 3rd place receives half the
# winners' award, 4th place receives one third, etc.)."
_ABF_PLACES = PlaceShares((Fraction(7, 10),), offset=1)
# ABF Masterpoint Manual, section 4: "For the purpose of session awards a field is any set of players whose scores
# are being directly compared." A session of several sections scored within each section is as many sessions' fields;
# scored across the field, the pairs of every section sitting one way are compared on every board, and are one field.
_ABF_SECTIONS = (
    "ABF Masterpoint Manual, section 4: a field is any set of players whose scores are being directly compared"
)
# ABF Masterpoint Manual, section 4: the top half of the field rounded down ("in a field of 9, awards are made to the
# 4th position") in duplicate events; the top third rounded up ("in a field of 13 awards are made to the 5th
# position") where matches of five boards or more are played. "For the purpose of session awards a field is any
# set of players whose scores are being directly compared."
_ABF_DEPTHS = MappingProxyType(
    {
        PAIRS.name: Depth(Fraction(1, 2), "down"),
        MATCHES.name: Depth(Fraction(1, 3), "up"),
    }
)

# Grade E, "the basic grade for all tournaments ... Grade E masterpoint awards are green in colour" (manual 2.1),
# at grade weight 1.5: Tables 1B and 2B (3.1.3). The weight of general club sessions is 1.5 as Compscore3 awards it
# (its 7-table Mitchell in tests/data: 0.21 = 0.02 x 1.5 x 7 to each winner) and as clubs publish it (Parramatta
# Bridge Club, "The Masterpoint System": "Green for all general sessions (1.5 weighting)").
ABF_GREEN = MasterpointScale(
    "ABF green",
    "ABF Masterpoint Manual (2014): 2.1 (grade E, green), 3.1.1 and 3.1.3, Tables 1B and 2B (weight 1.5), section 4",
    "green points of a general club session (grade E, weight 1.5): a Mitchell winner 0.03 per table, a Howell's 0.06",
    usebio_type="GREEN",
    usebio_scale="Club",
    weight=Fraction(3, 2),
    winners=_ABF_WINNERS,
    places=_ABF_PLACES,
    depths=_ABF_DEPTHS,
    sections=_ABF_SECTIONS,
    aliases=("GREEN", "ABF", "ABF E"),
)
# Grade B4c, "special club sessions/events" (manual 2.6), red points at grade weight 2.5: Tables 1C and 2C (3.1.3).
# Compscore3's red 12-pair Howell in tests/data: 0.60 = 0.04 x 2.5 x 6 to the winner. Bridge NSW, "Using
# Masterpoints": red points "weightings typically in range 2.5 to 5.0"; a congress at a higher weight is not this
# scale.
ABF_RED = MasterpointScale(
    "ABF red",
    "ABF Masterpoint Manual (2014): 2.6 (grade B4c, red), 3.1.1 and 3.1.3, Tables 1C and 2C (weight 2.5), section 4",
    "red points of a special club event (grade B4c, weight 2.5): a Mitchell winner 0.05 per table, a Howell's 0.10",
    usebio_type="RED",
    usebio_scale="Club",
    weight=Fraction(5, 2),
    winners=_ABF_WINNERS,
    places=_ABF_PLACES,
    depths=_ABF_DEPTHS,
    sections=_ABF_SECTIONS,
    aliases=("RED", "ABF B4C"),
)


# EBU local (black) points, by the level of the event: Club (A), District (B), County (C), Regional (D), National (E).
# The EBU Licensing and Master Points Handbook publishes them as tables (its appendix; not available here); the
# rule those tables follow is taken from the Debian package salliere 0.10 (Matthew Johnson, GPL-2; its
# MasterPointScale and localpoint, read from its jar), the reference the tests compare with, and agrees with what
# the EBU's forum says of the handbook (forums.ebu.co.uk, "Master Points and Individual Events", 2021: "an
# over-riding minimum of 6 points for any club award (and corresponding minima for the other scales of 9, 12, 18,
# 24)", the awards going down by that minimum; "Eligibility for Masterpoints - rounding up or down": awards by
# full tables, half tables ignored, "25-26 tables 13 awards if 1/4, 19 tables 13 awards if 1/3, 13 tables 13
# awards if 1/2"). The awards: a quarter of the pairs the full tables seat for 12-17 boards, a third for 18-35, a
# half for 36 or more, rounded up; the last paid place earns the scale's minimum, each place above it that much
# more, to the band's most (Club 75, 100, 300; the other levels 1.5, 2, 3 and 4 times Club's, 112.5 made 113);
# fewer than 12 boards earn nothing; a field of fewer than 6 pairs is not awarded (salliere refuses it); ties
# share the points of the places they cover, "fractions ... always rounded UP" (ECatsBridge's answer on the EBU's
# formula, bridge.ecats.co.uk/sims/FAQ/mpcalculations.asp), and at least the minimum. These are one-winner
# (single field) awards: the handbook's two-winner scales were not available, so a two-winner movement is refused.
# USEBIO names them MASTER_POINT_TYPE BLACK with MASTER_POINT_SCALE the level (Club, District, ...), in whole local
# points (EBUScore's and salliere's files: a club's 24 is 0.24 of a master point), as each scale here is named: an
# import awards the file's scale, and a session it cannot award (a two-winner Mitchell, fewer than 6 pairs or 12
# boards) says why in its ranking, as a session typed so does.

#: The boards that open each band, and the share of the pairs paid in it.
_EBU_BANDS = ((12, Fraction(1, 4)), (18, Fraction(1, 3)), (36, Fraction(1, 2)))


#: Each level: its name, as USEBIO's MASTER_POINT_SCALE names it, the EBU's letter, the step, the most one award
#: may be for 12-17, 18-35 and 36+ boards, and other names.
_EBU_LEVELS: tuple[tuple[str, str, str, int, tuple[int, int, int], tuple[str, ...]], ...] = (
    ("EBU club", "Club", "A", 6, (75, 100, 300), ("EBU",)),
    ("EBU district", "District", "B", 9, (113, 150, 450), ()),
    ("EBU county", "County", "C", 12, (150, 200, 600), ()),
    ("EBU regional", "Regional", "D", 18, (225, 300, 900), ()),
    ("EBU national", "National", "E", 24, (300, 400, 1200), ()),
)


def _ebu_local(name: str, level: str, letter: str, step: int, most: tuple[int, int, int],
               aliases: tuple[str, ...]) -> MasterpointScale:  # fmt: skip
    """The EBU's local points at one level: ``step`` a place, at most ``most`` for 12-17, 18-35 and 36+ boards."""
    return MasterpointScale(
        name,
        f"EBU Licensing and Master Points Handbook, local point scale {letter} ({level}), as Debian salliere 0.10 "
        f"awards it (--mpscale={level})",
        f"EBU local (black) points, {level.lower()} level: {step} a place up from the last paid, at most "
        f"{most[0]}, {most[1]} or {most[2]} by the boards",
        usebio_type="BLACK",
        usebio_scale=level,
        local=LocalPoints(
            step,
            tuple(
                LocalPointBand(boards, share, points) for (boards, share), points in zip(_EBU_BANDS, most, strict=True)
            ),
            fewest_pairs=6,
        ),
        sections_missing="the EBU's rule for a session of several sections (its Licensing and Master Points "
        "Handbook) was not available",
        aliases=(f"EBU {letter}", *aliases),
    )


#: The EBU's local-point scales, Club to National.
EBU_LOCAL_SCALES = tuple(_ebu_local(*level) for level in _EBU_LEVELS)
EBU_CLUB, EBU_DISTRICT, EBU_COUNTY, EBU_REGIONAL, EBU_NATIONAL = EBU_LOCAL_SCALES

# ACBL Handbook, chapter 4, section three, "I. Calculating the awards": "Open games award .10 MP per table for first
# place in each group. ... The second place award is 70% of 1st, third is 50% of 1st, fourth is 35%, fifth is 1/5
# and sixth is 1/6, etc. ... Maximum award is 1.50 masterpoints." "Section awards ... are based on the number of
# pairs ... in each group. For example, an eight-table Mitchell movement is two groups of 8 pairs. A five-table
# Howell movement is one group of 10 pairs. In a Mitchell movement, a 1/2 table will be treated as though it were a
# full table. For example, 7 1/2 tables would be 8 pairs in each group while a 5 1/2 table Howell is 11 pairs in the
# comparison group. Depth of awards is 40% times the number of pairs in the comparison group, rounded to the nearest
# whole number with .5 rounded up." A table is counted as the movement seats it: the first place of each field of
# an 8-table Mitchell earns 0.80, a 5-table Howell's 0.50 (the cap of 1.50 is then reached at 15 tables, as the
# invitational games' 1.20 at .08 per table). A game of several sections adds overall awards to each section's
# ("For overall awards 1/2 table is counted as a full table"; chapter 4, section three, V: "section awards are given
# for the highest scores in each field without regard to scores in any other field"), from the handbook's masterpoint
# charts, which no copy found here gives: such a session is refused, saying so.
# ACBL club points are black points (chapter 4, section three, I.B),
# but a USEBIO file's BLACK points are the EBU's local points (the scales above): ACBL points have no USEBIO name
# here.
ACBL_CLUB = MasterpointScale(
    "ACBL club",
    "ACBL Handbook, chapter 4, section three, I. Calculating the awards (open club games: section awards)",
    "ACBL open club game, section awards: first in each group 0.10 per table (at most 1.50), to 40% of the group",
    winners=MappingProxyType(
        {
            2: WinnerAward(Fraction(1, 10), "whole"),  # "a 1/2 table will be treated as though it were a full table"
            1: WinnerAward(Fraction(1, 10), "half"),  # "a 5 1/2 table Howell is 11 pairs in the comparison group"
        }
    ),
    places=PlaceShares((Fraction(7, 10), Fraction(1, 2), Fraction(35, 100)), offset=0),
    depths=MappingProxyType(
        {
            PAIRS.name: Depth(Fraction(2, 5), "half up", counts="group"),
            MATCHES.name: Depth(Fraction(2, 5), "half up", counts="group"),  # a pairs game all the same
        }
    ),
    cap=Fraction(3, 2),
    sections_missing="the ACBL Handbook's overall awards of a game of several sections (its masterpoint charts) were "
    "not in the copy found, only each section's awards",
    aliases=("ACBL",),
)

#: The masterpoint scales a session may be awarded on (blank: none).
MASTERPOINT_SCALES: Registry[MasterpointScale] = Registry(
    "masterpoints", [NO_MASTERPOINTS, ABF_GREEN, ABF_RED, ACBL_CLUB, *EBU_LOCAL_SCALES]
)
