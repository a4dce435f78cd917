"""Masterpoints: the ABF Masterpoint Manual's and the ACBL club chart's rules, row by row with their sections, ties
at every paid place, the sessions the scales must award or refuse, and Compscore3's own awards pair for pair."""

from __future__ import annotations

import random
import re
import subprocess
import sys
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import xlbridge
from xlbridge import BridgeInputError, Pair, Session, read_line, score_session
from xlbridge.engine.masterpoints import paid_places, place_awards, read_place, scale_of_file
from xlbridge.engine.movements import Movement, howell, mitchell
from xlbridge.excel.functions import FUNCTIONS
from xlbridge.files.interchange import ImportFileError, read_results
from xlbridge.files.interchange.common import split_pair
from xlbridge.files.templates.common import CLASSIC, LITE, Flavour, TemplateBook
from xlbridge.files.workbook.xmlsafe import parse_xml
from xlbridge.rules import MASTERPOINT_SCALES, Side
from xlbridge.rules.masterpoints import ABF_GREEN, ABF_RED, EBU_CLUB, EBU_COUNTY, NO_MASTERPOINTS

from .conftest import BUTLER, HOWELL
from .workbooks import Book

D = Decimal
MASTERPOINTS = FUNCTIONS["MASTERPOINTS"]


def awards(*values: str) -> tuple[Decimal, ...]:
    return tuple(D(value) for value in values)


# --- the winner's award -------------------------------------------------------------------------------------------

# (section, scale, tables, winners, winner's award): every branch of the formulae, at the weights the scales use.
WINNER_ROWS = [
    ("3.1.1 0.02WT, T<=30 (Table 1B)", "ABF green", 1, 2, "0.03"),
    ("3.1.1 0.02WT, T<=30 (Table 1B)", "ABF green", 7, 2, "0.21"),  # Compscore3's Mitchell
    ("3.1.1 0.02WT, T<=30 (Table 1B)", "ABF green", 30, 2, "0.90"),
    ("3.1.1 W[1-exp(-T/32)], T>30 (Table 1B)", "ABF green", 31, 2, "0.93"),  # 1.5 x 0.62043
    ("3.1.1 W[1-exp(-T/32)], T>30 (Table 1C)", "ABF red", 40, 2, "1.78"),  # 2.5 x 0.71350
    ("3.1.1 0.04WT, T<=15 (Table 2B)", "ABF green", 3, 1, "0.18"),
    ("3.1.1 0.04WT, T<=15 (Table 2B)", "ABF green", 15, 1, "0.90"),
    ("3.1.1 0.04WT, T<=15 (Table 2C)", "ABF red", 6, 1, "0.60"),  # Compscore3's Howell
    ("3.1.1 W[1-exp(-T/16)], T>15 (Table 2B)", "ABF green", 16, 1, "0.95"),  # 1.5 x (1 - 1/e) = 0.94818
    ("3.1.1 W[1-exp(-T/16)], T>15 (Table 2C)", "ABF red", 20, 1, "1.78"),  # 2.5 x 0.71350
    ("3.1.3 half tables rounded up", "ABF green", 6.5, 2, "0.21"),
    ("3.1.3 half tables rounded up", "ABF red", 5.5, 1, "0.60"),
    ("ACBL I: .10 per table, first in each group", "ACBL club", 8, 2, "0.80"),
    ("ACBL I: .10 per table (a five-table Howell is one group)", "ACBL club", 5, 1, "0.50"),
    ("ACBL I: a 1/2 table of a Mitchell is a full table", "ACBL club", 7.5, 2, "0.80"),
    ("ACBL I: a 5 1/2 table Howell is 11 pairs", "ACBL club", 5.5, 1, "0.55"),
    ("ACBL I: maximum award 1.50", "ACBL club", 15, 2, "1.50"),
    ("ACBL I: maximum award 1.50", "ACBL club", 20, 1, "1.50"),
]


@pytest.mark.parametrize(("section", "scale", "tables", "winners", "first"), WINNER_ROWS,
                         ids=[f"{row[1]}-{row[2]}-{row[3]}w" for row in WINNER_ROWS])  # fmt: skip
def test_the_winners_award(section: str, scale: str, tables: float, winners: int, first: str) -> None:
    """The winner's award by the number of tables, one winner or two, as the section says."""
    assert place_awards(scale, tables, winners, 60)[0] == D(first), section


# --- the lower places ---------------------------------------------------------------------------------------------

# (section, scale, tables, winners, field, the awards of the paid places)
PLACE_ROWS = [
    # ABF section 4: runners-up 70%, then the winner's award over one less than the place; the top half paid.
    ("4: 70%, then 1/(p-1); top half of 7 = 3", "ABF green", 7, 2, 7, awards("0.21", "0.15", "0.11")),
    ("4: 70%, then 1/(p-1); top half of 12 = 6", "ABF red", 6, 1, 12,
     awards("0.60", "0.42", "0.30", "0.20", "0.15", "0.12")),
    ("4: 70%, then 1/(p-1); top half of 20 = 10", "ABF green", 10, 1, 20,
     awards("0.60", "0.42", "0.30", "0.20", "0.15", "0.12", "0.10", "0.09", "0.08", "0.07")),
    ("4: the top half, rounding down (a field of 9: to the 4th)", "ABF green", 4.5, 1, 9,
     awards("0.30", "0.21", "0.15", "0.10")),
    ("4: a field of 3 pays one place", "ABF green", 3, 2, 3, awards("0.09")),
    ("4: a field of 1 pays nothing", "ABF green", 1, 2, 1, ()),
    # ACBL: 70%, 50%, 35%, 1/5, 1/6 ...; depth 40% of the group, .5 rounded up.
    ("ACBL I: 70/50/35%; 40% of 8 = 3", "ACBL club", 8, 2, 8, awards("0.80", "0.56", "0.40")),
    ("ACBL I: 40% of 10 = 4", "ACBL club", 5, 1, 10, awards("0.50", "0.35", "0.25", "0.18")),
    ("ACBL I: 7 1/2 tables: 8 pairs in each group, also the field of 7", "ACBL club", 7.5, 2, 7,
     awards("0.80", "0.56", "0.40")),
    ("ACBL I: 5 1/2 table Howell: 11 pairs, 4.4 -> 4", "ACBL club", 5.5, 1, 11,
     awards("0.55", "0.39", "0.28", "0.19")),
    ("ACBL I: fifth 1/5, sixth 1/6, etc.; 40% of 30 = 12", "ACBL club", 15, 1, 30,
     awards("1.50", "1.05", "0.75", "0.53", "0.30", "0.25", "0.21", "0.19", "0.17", "0.15", "0.14", "0.13")),
    ("ACBL I: 40% of 4 = 1.6 -> 2", "ACBL club", 4, 2, 4, awards("0.40", "0.28")),
]  # fmt: skip


@pytest.mark.parametrize(("section", "scale", "tables", "winners", "field", "expected"), PLACE_ROWS,
                         ids=[row[0] for row in PLACE_ROWS])  # fmt: skip
def test_the_places_paid(section: str, scale: str, tables: float, winners: int, field: int,
                         expected: tuple[Decimal, ...]) -> None:  # fmt: skip
    """Each paid place's award, rounded to the hundredth (halves up), and no place more."""
    assert place_awards(scale, tables, winners, field) == expected, section
    assert paid_places(scale, tables, winners, field) == len(expected)


# (section, form, field, places paid)
DEPTH_ROWS = [
    ("4: duplicate events, top half rounded down", "Pairs", 9, 4),
    ("4: duplicate events, top half rounded down", "Pairs", 8, 4),
    ("4: events played as matches of 5+ boards: top third rounded up (13: the 5th)", "Matches", 13, 5),
    ("4: events played as matches of 5+ boards: top third rounded up", "Match", 8, 3),
    ("4: events played as matches of 5+ boards: top third rounded up", "Matches", 7, 3),
]


@pytest.mark.parametrize(("section", "form", "field", "paid"), DEPTH_ROWS, ids=[f"{r[1]}-{r[2]}" for r in DEPTH_ROWS])
def test_how_deep_the_abf_awards_go(section: str, form: str, field: int, paid: int) -> None:
    """The ABF pays the top half of a duplicate field, the top third of a field playing matches."""
    assert paid_places("ABF green", 20, 1, field, form) == paid, section


def test_the_acbl_depth_does_not_depend_on_the_form() -> None:
    """A club pairs game is paid to 40% of its group whatever its scoring."""
    assert paid_places("ACBL", 4, 1, 8, "Matches") == paid_places("ACBL", 4, 1, 8) == 3


# --- ties -----------------------------------------------------------------------------------------------------------

#: The red 12-pair Howell's awards (Compscore3's), places 1 to 6.
RED_HOWELL = awards("0.60", "0.42", "0.30", "0.20", "0.15", "0.12")


def shared(table: tuple[Decimal, ...], place: int, tied: int) -> Decimal:
    """The share of ``tied`` pairs tied for ``place``: the awards of the places they cover (nothing beyond the paid
    places), divided among them, to the hundredth, halves up."""
    covered = [table[p - 1] if p <= len(table) else D(0) for p in range(place, place + tied)]
    return (sum(covered, D(0)) / tied).quantize(D("0.01"), rounding=ROUND_HALF_UP)


TIES = [(place, tied) for place in range(1, 7) for tied in (2, 3, 4)]


@pytest.mark.parametrize(("place", "tied"), TIES, ids=[f"{tied}-way-at-{place}" for place, tied in TIES])
def test_ties_share_the_awards_of_the_places_they_cover(place: int, tied: int) -> None:
    """At every paid place, 2, 3 or 4 pairs tied share the awards of the places they cover (those beyond the paid
    places add nothing); the other places keep their awards."""
    places: list[object] = []
    number = 1
    while len(places) < 12:
        if number == place:
            places += [f"{place}="] * tied
            number += tied
        else:
            places.append(number)
            number += 1
    got = xlbridge.award_places(places[:12], "ABF red", 6)
    for value, award in zip(places[:12], got, strict=True):
        at = read_place(value)
        assert at is not None
        if at[1]:
            assert award == shared(RED_HOWELL, place, tied)
        else:
            assert award == (RED_HOWELL[at[0] - 1] if at[0] <= 6 else D("0.00"))


def test_a_tie_across_the_last_paid_place() -> None:
    """Three pairs tied for third of a 7-pair field paying 3: the third place's award shared with two unpaid."""
    assert xlbridge.award_places([1, 2, "3=", "3=", "3=", 6, 7], "ABF green", 7, 2) == [
        *awards("0.21", "0.15"), *[D("0.04")] * 3, D("0.00"), D("0.00")]  # fmt: skip


def test_places_written_as_rank_eq_does() -> None:
    """Places 1, 2, 2, 4 (RANK.EQ's, without =) are a tie as well; =2 is 2=."""
    plain = xlbridge.award_places([1, 2, 2, 4, 5, 6], "ABF green", 3)
    assert plain == xlbridge.award_places(["1", "=2", "2=", "4", "5", "6"], "ABF green", 3)
    assert plain[1] == plain[2] == D("0.11")  # (0.13 + 0.09) / 2


@pytest.mark.parametrize(
    ("places", "message"),
    [
        ([2, 3, 4], "place 2: a ranking's places run from 1"),
        (
            [1, 1, 2],
            "place 2: a ranking's places run from 1, each after the 2 pair(s) placed above it (expected 3; "
            "the places of two fields? say which field each is in)",
        ),
        ([1, "2=", 3], "place 2=: no other pair shares place 2"),
        ([1, "second"], "place 'second': expected a place such as 1, 2 or 2="),
        ([1, 0], "place 0: places start at 1"),
        ([1, True], "place True: expected a place such as 1, 2 or 2="),
    ],
)
def test_places_that_are_no_ranking_are_refused(places: list[object], message: str) -> None:
    """Places that no ranking gives (two firsts of a Mitchell in one column, a lone 2=) are refused, never paid."""
    with pytest.raises(BridgeInputError, match="^" + re.escape(message)):
        xlbridge.award_places(places, "ABF green", 4)


def test_two_fields_are_awarded_apart() -> None:
    """In a two-winner movement each field has its winner: the same places in NS and EW earn the same."""
    got = xlbridge.award_places([1, 1, 2, 2, 3, 3], "ABF green", 3, 2, ["NS", "EW"] * 3)
    assert got == [D("0.09"), D("0.09"), D("0.00"), D("0.00"), D("0.00"), D("0.00")]
    with pytest.raises(BridgeInputError, match="place without its field"):
        xlbridge.award_places([1, 1, 2], "ABF green", 3, 2, ["NS", "", "EW"])


@pytest.mark.parametrize(
    ("tables", "message"),
    [
        (None, "tables None: the number of tables in play"),
        (0, "tables 0: a whole number of tables, or a half"),
        (6.25, "tables 6.25: a whole number of tables, or a half"),
        ("seven", "tables 'seven': the number of tables in play"),
        (2, "tables 2: 6 pairs are placed in one field, more than the tables seat there \\(4\\)"),
    ],
)
def test_tables_that_cannot_be(tables: object, message: str) -> None:
    """A number of tables that is none, or too few for the pairs placed, is refused."""
    with pytest.raises(BridgeInputError, match=message):
        xlbridge.award_places([1, 2, 3, 4, 5, 6], "ABF green", tables)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(1, 4), min_size=1, max_size=30), st.sampled_from(["ABF green", "ABF red", "ACBL"]),
       st.sampled_from([1, 2]), st.sampled_from(["Pairs", "Matches"]))  # fmt: skip
def test_any_ranking_with_ties(groups: list[int], scale: str, winners: int, form: str) -> None:
    """Any ranking of one field, ties anywhere: awards never rise down the ranking, tied pairs get the same, every
    award is in hundredths, and the field gets what its paid places are worth (to a hundredth a pair of rounding)."""
    places: list[object] = []
    for size in groups:
        place = len(places) + 1
        places += [f"{place}=" if size > 1 else place] * size
    tables = Fraction(len(places), 2) if winners == 1 else len(places)
    got = xlbridge.award_places(places, scale, tables, winners, form=form)
    assert all(a is not None and a.as_tuple().exponent == -2 for a in got)
    values = [a for a in got if a is not None]
    assert values == sorted(values, reverse=True)
    for value, award in zip(places, got, strict=True):
        assert award == got[places.index(value)]
    table = place_awards(scale, tables, winners, len(places), form)
    assert abs(sum(values) - sum(table)) <= D("0.01") * len(places)


# --- the registry and the files' names ----------------------------------------------------------------------------


def test_no_masterpoints_awards_nothing() -> None:
    """The default scale, none: no award for anyone, not even 0."""
    assert MASTERPOINT_SCALES.default is NO_MASTERPOINTS
    assert xlbridge.award_places([1, 2, 3], None, 2) == [None, None, None]
    assert place_awards("none", 7, 2, 7) == ()


def test_the_usebio_names_find_the_scale() -> None:
    """A file's MASTER_POINT_TYPE and MASTER_POINT_SCALE name the registry's scale (any case); BLACK points are the
    EBU's local points at the level the scale names, not ACBL club points (issue 36)."""
    assert scale_of_file("GREEN", "Club") is ABF_GREEN
    assert scale_of_file("red", "club") is ABF_RED
    assert scale_of_file("BLACK", "Club") is EBU_CLUB
    assert scale_of_file("black", "County") is EBU_COUNTY
    assert scale_of_file("GOLD", "Club") is None
    assert scale_of_file("", "") is None


# --- sessions -------------------------------------------------------------------------------------------------------

CONTRACTS = ["4S", "3NT", "2H", "4H", "3D", "1NT", "2S"]


def played(movement: Movement, seed: int = 1, skip: set[tuple[int, object]] | None = None) -> Session:
    """A session played on ``movement``: every slot's line, contracts and results drawn at random (``skip``:
    the (round, pair) meetings left out, as a pair that came late or left early)."""
    draw = random.Random(seed)
    two_fields = movement.pairs and movement.pairs[0].direction is not None
    lines = []
    for slot in movement.slots():
        if skip and ((slot.round, slot.ns) in skip or (slot.round, slot.ew) in skip):
            continue
        lines.append(read_line(slot.board, slot.ns, slot.ew, draw.choice(CONTRACTS), draw.choice("NESW"),
                               draw.choice(["=", "+1", "-1", "-2"])))  # fmt: skip
    return Session.of(pairs=movement.pairs, lines=lines, field_kind="Mitchell" if two_fields else "Howell")


def test_a_howell_with_a_sit_out() -> None:
    """7 pairs (a phantom, so one pair sits out each round): 3.5 tables, counted as 4 (3.1.3); the field is the 7
    pairs who played, paid to the 3rd (section 4: a field of 7, rounded down)."""
    scored = score_session(played(howell(4, 2, pairs=7), seed=5))  # a session without ties
    got = xlbridge.masterpoints(scored, "ABF green")
    assert (got.tables, got.winners, got.paid) == (Fraction(7, 2), 1, {1: 3})
    by_place = sorted((int(s.place), a) for s, a in zip(scored.standings, got.awards, strict=True))
    assert [a for _, a in by_place] == list(awards("0.24", "0.17", "0.12", "0", "0", "0", "0"))  # 0.06 x 4 tables
    assert got.form.name == "Pairs"


def test_a_mitchell_with_a_sit_out() -> None:
    """13 pairs in a two-winner Mitchell: 6.5 tables, 7 counted; 7 NS pairs and 6 EW pairs, each field paid to its
    own top half (3 places each)."""
    scored = score_session(played(mitchell(7, 3, pairs=13), seed=2))  # a session without ties
    got = xlbridge.masterpoints(scored, "ABF green")
    assert (got.tables, got.paid) == (Fraction(13, 2), {1: 3, 2: 3})
    for field in (1, 2):
        mine = sorted((int(s.place), a) for s, a in zip(scored.standings, got.awards, strict=True) if s.field == field)
        assert [a for _, a in mine] == list(awards("0.21", "0.15", "0.11", *["0"] * (len(mine) - 3)))
    assert sorted(len([s for s in scored.standings if s.field == f]) for f in (1, 2)) == [6, 7]


def test_a_pair_on_the_list_that_did_not_play() -> None:
    """A pair named but absent has no place and no award; the field and the tables are those who played."""
    movement = howell(4, 2)
    session = played(movement)
    with_absent = Session.of(pairs=[*session.pairs, Pair(99)], lines=session.lines, field_kind="Howell")
    scored = score_session(with_absent)
    got = xlbridge.masterpoints(scored, "ABF red")
    assert got.of(Pair(99)) is None
    assert got.tables == 4
    assert got.awards[:-1] == xlbridge.masterpoints(score_session(session), "ABF red").awards


def test_an_unfinished_session_is_refused() -> None:
    """A ranking that waits for a line to be checked has no awards yet: refused, saying why."""
    session = played(howell(4, 2))
    bad = Session.of(pairs=session.pairs, lines=[*session.lines[:-1], read_line_unscorable()], field_kind="Howell")
    with pytest.raises(BridgeInputError, match=r"waits for 1 line\(s\) to be checked"):
        xlbridge.masterpoints(score_session(bad), "ABF green")
    assert xlbridge.masterpoints(score_session(bad), "none").awards == (None,) * 8  # nothing to award anyway


def read_line_unscorable() -> object:
    from xlbridge.engine.session import Unscorable

    return Unscorable(14, 3, 4, ("8S", "N", "", "=", ""), "contract '8S': the level must be 1 to 7")


def test_a_walk_out_is_refused() -> None:
    """A pair that left after 4 of 7 rounds: no published rule says how to award such a session (the ABF manual's
    and the ACBL handbook's as found), so it is refused with the reason, never paid as if it were complete."""
    movement = howell(4, 2)
    session = played(movement, skip={(5, 3), (6, 3), (7, 3)})
    reason = r"pair 3 played 4 of 7 rounds \(a walk-in or walk-out; 3 other pair\(s\) missed rounds against it\)"
    with pytest.raises(BridgeInputError, match=reason):
        xlbridge.masterpoints(score_session(session), "ABF green")


def test_a_walk_out_in_a_mitchell_is_refused() -> None:
    """The same in two fields: NS 3 and EW 3 left after 4 of 7 rounds (each pair is found by its number and its
    direction: by its number alone it played no round, and the session was paid as if complete)."""
    session = played(mitchell(7, 2), skip={(5, 3), (6, 3), (7, 3)})
    with pytest.raises(BridgeInputError, match=r"pair 3(NS|EW) played 4 of 7 rounds \(a walk-in or walk-out"):
        xlbridge.masterpoints(score_session(session), "ABF green")


def test_a_butler_session_is_paid_as_duplicate_pairs() -> None:
    """A pairs session scored Butler, in rounds of 5 boards or of 3: the top half of each field (rounded down), as
    any duplicate pairs and as Compscore3 pays it; the top third is only for an event played as matches."""
    for per_round in (5, 3):
        movement = played(mitchell(8, per_round))
        butler = Session.of(pairs=movement.pairs, lines=movement.lines, field_kind="Mitchell", method="Butler")
        got = xlbridge.masterpoints(score_session(butler), "ABF green")
        assert (got.form.name, got.paid) == ("Pairs", {1: 4, 2: 4}), per_round


def test_awards_in_hundredths() -> None:
    """USEBIO holds an award in hundredths: 0.21 is 21."""
    assert xlbridge.SessionAwards.in_hundredths(D("0.21")) == 21
    assert xlbridge.SessionAwards.in_hundredths(D("0.00")) == 0
    assert xlbridge.SessionAwards.in_hundredths(None) is None


def test_mitchell_pairs_of_the_same_number_are_apart() -> None:
    """NS 1 and EW 1 are two pairs: each has its own award."""
    scored = score_session(played(mitchell(5, 3)))
    got = xlbridge.masterpoints(scored, "ABF green")
    assert got.of(Pair(1, Side.NS)) is not None
    assert got.of(Pair(1, Side.EW)) is not None
    assert len(got.awards) == 10


# --- Compscore3's own awards ----------------------------------------------------------------------------------------


def file_pairs(path: Path) -> list[dict[str, str]]:
    """Each PAIR of a USEBIO file as the file writes it (number, direction, place, award), read here directly."""
    root = parse_xml(path.read_bytes())
    tags = ("PAIR_NUMBER", "DIRECTION", "PLACE", "MASTER_POINTS_AWARDED", "MASTER_POINT_TYPE")
    return [{tag: (pair.findtext(tag) or "").strip() for tag in tags} for pair in root.iter("PAIR")]


def file_event(path: Path, tag: str) -> str:
    event = parse_xml(path.read_bytes()).find("EVENT")
    assert event is not None
    return (event.findtext(tag) or "").strip()


FIXTURES = [(BUTLER, 7, "GREEN"), (HOWELL, 6, "RED")]


@pytest.mark.parametrize(("path", "tables", "colour"), FIXTURES, ids=["butler-mitchell", "howell"])
def test_the_reader_keeps_the_files_awards(path: Path, tables: int, colour: str) -> None:
    """Every pair's MASTER_POINTS_AWARDED (hundredths), the event's type and scale, as the file writes them."""
    reported = read_results(path).masterpoints
    assert reported is not None
    assert (reported.type, reported.scale) == (colour, "Club") == (file_event(path, "MASTER_POINT_TYPE"),
                                                                    file_event(path, "MASTER_POINT_SCALE"))  # fmt: skip
    expected = {_key(pair): int(pair["MASTER_POINTS_AWARDED"]) for pair in file_pairs(path)}
    assert reported.awarded == expected
    assert sum(expected.values()) == (2 * (21 + 15 + 11) if colour == "GREEN" else 60 + 42 + 30 + 20 + 15 + 12)


@pytest.mark.parametrize(("path", "tables", "colour"), FIXTURES, ids=["butler-mitchell", "howell"])
def test_compscore3s_awards_pair_for_pair(path: Path, tables: int, colour: str) -> None:
    """The session as xlbridge reads and scores it, awarded on the scale the file names: every pair's award is
    Compscore3's, and the places and tables it is awarded on are the file's."""
    imported = read_results(path)
    assert imported.session is not None
    assert imported.masterpoints is not None
    scale = scale_of_file(imported.masterpoints.type, imported.masterpoints.scale)
    assert scale is (ABF_GREEN if colour == "GREEN" else ABF_RED)
    scored = score_session(imported.session)
    got = xlbridge.masterpoints(scored, scale)
    assert got.tables == tables
    by_pair = {_key(p): p for p in file_pairs(path)}
    for standing, award in zip(scored.standings, got.awards, strict=True):
        theirs = by_pair[(standing.pair.number, standing.pair.direction)]
        assert standing.place == theirs["PLACE"]
        assert award is not None
        assert got.in_hundredths(award) == int(theirs["MASTER_POINTS_AWARDED"]), standing.pair
    assert len(got.awards) == len(by_pair)


def _key(pair: dict[str, str]) -> tuple[object, Side | None]:
    number, side = split_pair(pair["PAIR_NUMBER"])
    return number, Side(pair["DIRECTION"]) if pair["DIRECTION"] else side


@pytest.mark.parametrize(("path", "tables", "colour"), FIXTURES, ids=["butler-mitchell", "howell"])
def test_masterpoints_of_the_files_places(path: Path, tables: int, colour: str) -> None:
    """MASTERPOINTS over the file's own places (and directions): Compscore3's awards, cell for cell."""
    pairs = file_pairs(path)
    places = [[pair["PLACE"]] for pair in pairs]
    directions = [[pair["DIRECTION"]] for pair in pairs]
    mitchell_session = any(row[0] for row in directions)
    got = MASTERPOINTS(
        places, tables, "GREEN" if colour == "GREEN" else "red", directions if mitchell_session else None
    )
    assert got == [[int(pair["MASTER_POINTS_AWARDED"]) / 100] for pair in pairs]


def usebio_variant(tmp_path: Path, old: str, new: str, count: int = -1) -> Path:
    """The Howell's file with ``old`` written ``new`` (``count`` times; all by default)."""
    text = HOWELL.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "variant.xml"
    path.write_text(text.replace(old, new, count), encoding="utf-8")
    return path


def test_awards_inside_a_master_points_element(tmp_path: Path) -> None:
    """USEBIO 1.2 also nests a pair's award in MASTER_POINTS (as other programs write it): read the same."""
    award = "<MASTER_POINTS_AWARDED>60</MASTER_POINTS_AWARDED>"
    nested = usebio_variant(tmp_path, award, f"<MASTER_POINTS>{award}</MASTER_POINTS>")
    reported = read_results(nested).masterpoints
    assert reported is not None
    assert reported.awarded[(6, None)] == 60


def test_a_file_without_masterpoints(tmp_path: Path) -> None:
    """A file that reports no masterpoints has none (not an empty report)."""
    text = HOWELL.read_text(encoding="utf-8")
    for tag in ("MASTER_POINTS_AWARDED", "MASTER_POINT_TYPE", "MASTER_POINT_SCALE"):
        text = re.sub(rf"\s*<{tag}>[^<]*</{tag}>", "", text)
    path = tmp_path / "none.xml"
    path.write_text(text, encoding="utf-8")
    assert read_results(path).masterpoints is None


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("<MASTER_POINTS_AWARDED>42</MASTER_POINTS_AWARDED>", "<MASTER_POINTS_AWARDED>0.42</MASTER_POINTS_AWARDED>",
         r"variant.xml: line 150: MASTER_POINTS_AWARDED '0.42': expected hundredths of a point, such as 21"),
        ("<MASTER_POINTS_AWARDED>42</MASTER_POINTS_AWARDED>", "<MASTER_POINTS_AWARDED>-42</MASTER_POINTS_AWARDED>",
         r"line 150: MASTER_POINTS_AWARDED '-42'"),
        ("<MASTER_POINTS_AWARDED>42</MASTER_POINTS_AWARDED>\n    <MASTER_POINT_TYPE>RED",
         "<MASTER_POINTS_AWARDED>42</MASTER_POINTS_AWARDED>\n    <MASTER_POINT_TYPE>GREEN",
         r"line 144: pair 7: MASTER_POINT_TYPE GREEN, where the session's awards are RED"),
    ],
    ids=["decimal", "negative", "two-types"],
)  # fmt: skip
def test_awards_a_file_gets_wrong_are_refused(tmp_path: Path, old: str, new: str, message: str) -> None:
    """An award that is not whole hundredths, or of another type than the session's, is refused with its line:
    never kept as something it is not."""
    with pytest.raises(ImportFileError, match=message):
        read_results(usebio_variant(tmp_path, old, new, 1))


# --- the worksheet function -----------------------------------------------------------------------------------------


def column(*values: object) -> list[list[object]]:
    return [[value] for value in values]


def test_masterpoints_spills_one_award_per_place() -> None:
    """A number per place (0 below the paid places), blanks kept blank, the places' own shape (a row stays a row)."""
    assert MASTERPOINTS(column(1.0, 2.0, 3.0, None, 4.0, 5.0, 6.0), 3, "ABF green") == column(
        0.18, 0.13, 0.09, "", 0.0, 0.0, 0.0)  # fmt: skip
    assert MASTERPOINTS([[1, "2=", "2=", 4]], 2, "red") == [[0.2, 0.07, 0.07, 0.0]]
    assert MASTERPOINTS(column(*range(1, 8)), 7, "ABF green", "Mitchell") == column(
        0.21, 0.15, 0.11, 0.0, 0.0, 0.0, 0.0
    )  # one field of a Mitchell
    assert MASTERPOINTS(1, 7, "ABF green", "Mitchell") == [[0.0]]  # a field of one pair: the top half is nobody


def test_masterpoints_on_the_scale_none_is_blank() -> None:
    """No scale (blank, None): no awards, blank cells."""
    assert MASTERPOINTS(column(1, 2), 1, None) == column("", "")
    assert MASTERPOINTS(column(1, 2), 1, "none") == column("", "")


def test_directions_tell_a_mitchells_fields_apart() -> None:
    """Each place's direction as ``movement``: NS and EW are two fields, each with its winner; an arrow-switched
    Mitchell (One winner) is one field, awarded as a Howell."""
    places, directions = column(1, 1, 2, 2, 3, 3), column("NS", "EW", "N-S", "E-W", "ns", "ew")
    assert MASTERPOINTS(places, 3, "green", directions) == column(0.09, 0.09, 0.0, 0.0, 0.0, 0.0)
    assert MASTERPOINTS(column(1, 2, 3, 4, 5, 6), 3, "green", directions, "One") == MASTERPOINTS(
        column(1, 2, 3, 4, 5, 6), 3, "green", "Howell")  # fmt: skip
    assert MASTERPOINTS(places, 3, "green", directions, "One") == column(*["#VALUE!"] * 6)  # two firsts, one field


def test_masterpoints_errors_and_their_reasons() -> None:
    """Places that are no ranking, a wrong scale, tables or movement: every place's cell is the error value, and
    with CHECK after the scale the reason; blank places stay blank; an error in a cell is passed on."""
    places = column(1, 1, 2, None)
    assert MASTERPOINTS(places, 3, "green") == column("#VALUE!", "#VALUE!", "#VALUE!", "")
    (reason, *_), *_ = MASTERPOINTS(places, 3, "green CHECK")
    assert reason.startswith("place 2: a ranking's places run from 1")
    assert MASTERPOINTS(column(1, 2), 3, "green CHECK") == column("", "")
    assert MASTERPOINTS(column(1, 2), 3, "gold")[0][0] == "#VALUE!"
    assert MASTERPOINTS(column(1, 2), 3, "gold CHECK")[0][0].startswith("masterpoints 'gold': must be one of None")
    assert MASTERPOINTS(column(1, 2), 0.25, "green") == column("#NUM!", "#NUM!")
    assert MASTERPOINTS(column(1, 2), 0, "green") == column("#VALUE!", "#VALUE!")  # xlwings Lite's empty cell
    assert MASTERPOINTS(column(1, 2), "#N/A", "green") == column("#N/A", "#N/A")
    assert MASTERPOINTS(column(1, "#N/A"), 2, "green") == column("#N/A", "#N/A")
    assert MASTERPOINTS(column(1, 2), 1, "ACBL CHECK", "Howell", "Two") == column(
        *["winners Two: one field has one winner"] * 2)  # fmt: skip
    assert MASTERPOINTS(column(1, 2), 1, "ACBL CHECK", column("NS", "EW", "NS"))[0][0] == (
        "fields: one direction per place (2), 3 given"
    )
    assert MASTERPOINTS(column(1, 2), 2, "ACBL CHECK", "Swiss")[0][0].startswith("fields 'Swiss': must be one of")


def test_masterpoints_in_xlwings_lite_blank_cells() -> None:
    """xlwings Lite hands an empty cell over as 0: a blank place, movement, winners or form."""
    assert MASTERPOINTS(column(1, 2, 0), 2, "ABF green", 0, 0, 0) == MASTERPOINTS(column(1, 2, None), 2, "ABF green")


def test_masterpoints_matches_form() -> None:
    """Form Matches: the ABF's top third, rounded up, of a field of 8: 3 places, not 4; "Butler" is no form (a
    session scored Butler is paid as pairs): #VALUE!, and award_places names the forms there are."""
    places = column(*range(1, 9))
    assert [row[0] for row in MASTERPOINTS(places, 4, "green")].count(0.0) == 4
    assert [row[0] for row in MASTERPOINTS(places, 4, "green", None, None, "Matches")].count(0.0) == 5
    assert MASTERPOINTS(column(1, 2), 4, "green", None, None, "Butler") == column("#VALUE!", "#VALUE!")
    with pytest.raises(BridgeInputError, match=r"award form 'Butler': must be one of Pairs, Matches"):
        xlbridge.award_places([1, 2], "green", 4, form="Butler")


@pytest.mark.parametrize("flavour", [CLASSIC, LITE], ids=["classic", "lite"])
def test_masterpoints_computed_in_a_workbook(tmp_path: Path, flavour: Flavour) -> None:
    """A sheet of the Mitchell's places and directions as Compscore3 ranked them, and a MASTERPOINTS formula
    spilling beside them, computed from the file by `xlbridge calc`, as a secretary would: Compscore3's awards."""
    pairs = file_pairs(BUTLER)
    source = tmp_path / "awards.xlsx"
    book = TemplateBook(source, flavour, "Masterpoints test")
    sheet = book.sheet("Ranking")
    for row, pair in enumerate(pairs, start=1):
        sheet.cells.write_string(row, 0, pair["PLACE"])
        sheet.cells.write_string(row, 1, pair["PAIR_NUMBER"])
        sheet.cells.write_string(row, 2, pair["DIRECTION"])
    last = len(pairs) + 1
    sheet.dynamic(1, 3, len(pairs), f'={book.fn("MASTERPOINTS")}(A2:A{last},7,"ABF green",C2:C{last})')
    book.close()
    done = subprocess.run([sys.executable, "-m", "xlbridge", "calc", str(source)], capture_output=True, text=True,
                          check=False, timeout=300)  # fmt: skip
    assert done.returncode == 0, done.stderr
    shown = Book(tmp_path / "awards-computed.xlsx")
    assert shown.column("Ranking", "D", 2, len(pairs)) == [int(pair["MASTER_POINTS_AWARDED"]) / 100 for pair in pairs]
    assert not shown.errors()
