"""Drawing a teams event: round robins with every property checked, and Swiss rounds checked against every pairing
by brute force."""

from __future__ import annotations

import itertools
import random
import re
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xlbridge.engine.draw import round_robin, swiss_round
from xlbridge.engine.errors import BridgeInputError
from xlbridge.engine.matches import EventMatch


def check_round_robin(teams: int, rows: list[EventMatch], meetings: int) -> None:
    """Every property a round robin promises, computed here from the rows alone."""
    numbers = range(1, teams + 1)
    rounds = sorted({row.round for row in rows if row.round is not None})
    expected_rounds = meetings * (teams - 1 if teams % 2 == 0 else teams)
    assert rounds == list(range(1, expected_rounds + 1))
    for number in rounds:  # each team once a round, byes only for an odd number, one a round
        playing = [team for row in rows if row.round == number for team in (row.home, row.away) if team is not None]
        assert sorted(playing) == list(numbers), number
        assert sum(1 for row in rows if row.round == number and row.bye) == teams % 2
    met = Counter(frozenset((row.home, row.away)) for row in rows if not row.bye)
    assert set(met) == {frozenset(pair) for pair in itertools.combinations(numbers, 2)}  # every two meet
    assert set(met.values()) == {meetings}  # exactly as often as the schedule says
    if meetings == 2:  # a double round robin: once at home, once away
        assert Counter((row.home, row.away) for row in rows if not row.bye).most_common(1)[0][1] == 1
    byes = Counter(row.home for row in rows if row.bye)
    assert byes == (Counter(dict.fromkeys(numbers, meetings)) if teams % 2 else Counter())
    for team in numbers:  # home and away balanced, never three in a row
        sequence = "".join(
            "H" if row.home == team else "A"
            for row in sorted(rows, key=lambda row: row.round or 0)
            if not row.bye and team in (row.home, row.away)
        )
        assert abs(sequence.count("H") - sequence.count("A")) <= (1 if teams % 2 == 0 else 0), (team, sequence)
        assert max(len(run) for run in re.findall("H+|A+", sequence)) <= 2 * (1 if meetings == 1 else 2), sequence


@pytest.mark.parametrize("teams", [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 15, 16, 20, 21, 30])
@pytest.mark.parametrize("double", [False, True])
def test_round_robin_properties(teams: int, double: bool) -> None:
    """Every two teams meet once (twice, home and away, with double); each plays once a round; an odd number has a
    bye a round, each team one; home and away balanced."""
    check_round_robin(teams, round_robin(list(range(1, teams + 1)), double=double), 2 if double else 1)


def test_round_robin_refuses_what_is_no_event() -> None:
    with pytest.raises(BridgeInputError, match="at least 2"):
        round_robin([1])
    with pytest.raises(BridgeInputError, match="listed twice"):
        round_robin([1, 2, 2])


# --- Swiss ----------------------------------------------------------------------------------------------------------


def brute_force(order: list[int], met: set[frozenset[int]], place: dict[int, int]) -> tuple[int, list[int]] | None:
    """The least sum of squared place differences (places in the standings, ``place``) over every repeat-free
    pairing of ``order``, with its table-by-table costs (top table first) as the tie-break: what swiss_round must
    find."""
    best: tuple[int, list[int]] | None = None

    def pairings(left: list[int]) -> list[list[tuple[int, int]]]:
        if not left:
            return [[]]
        top, out = left[0], []
        for partner in left[1:]:
            if frozenset((top, partner)) in met:
                continue
            rest = [team for team in left[1:] if team != partner]
            out += [[(top, partner), *more] for more in pairings(rest)]
        return out

    for pairing in pairings(order):
        costs = [(place[b] - place[a]) ** 2 for a, b in pairing]
        key = (sum(costs), costs)
        if best is None or key < best:
            best = key
    return best


@st.composite
def swiss_history(draw: st.DrawFn) -> tuple[list[int], set[frozenset[int]], dict[int, int]]:
    teams = draw(st.integers(2, 10))
    order = draw(st.permutations(list(range(1, teams + 1))))
    pairs = list(itertools.combinations(sorted(order), 2))
    met = {frozenset(pair) for pair in draw(st.lists(st.sampled_from(pairs), max_size=len(pairs)))}
    byes = {team: draw(st.integers(0, 1)) for team in order} if teams % 2 else {}
    return list(order), met, byes


@settings(max_examples=300, deadline=None)
@given(swiss_history())
def test_swiss_round_is_the_optimal_pairing(history: tuple[list[int], set[frozenset[int]], dict[int, int]]) -> None:
    """Up to 10 teams, any standings and any meetings so far: the round has no repeat, the bye goes to the
    lowest-placed team with the fewest byes that leaves a pairing, and its tables are the least sum of squared
    place differences, the top tables closest among equals (brute force over every pairing)."""
    order, met, byes = history
    candidates = [None] if len(order) % 2 == 0 else sorted(order, key=lambda t: (byes.get(t, 0), -order.index(t)))
    expected = None
    places = {team: index for index, team in enumerate(order, start=1)}
    for bye in candidates:
        found = brute_force([team for team in order if team != bye], met, places)
        if found is not None:
            expected = (bye, found)
            break
    if expected is None:
        with pytest.raises(BridgeInputError, match="no pairing avoids a repeat"):
            swiss_round(order, met, byes, {}, 3)
        return
    pairing = swiss_round(order, met, byes, {}, 3)
    bye, (cost, costs) = expected
    assert pairing.bye == bye
    assert pairing.cost == cost
    place = {team: index for index, team in enumerate(order, start=1)}
    tables = [tuple(sorted(table, key=place.__getitem__)) for table in pairing.tables]
    assert [(place[b] - place[a]) ** 2 for a, b in tables] == costs
    assert all(frozenset(table) not in met for table in pairing.tables)
    playing = sorted(team for table in pairing.tables for team in table)
    assert playing == sorted(team for team in order if team != bye)


def test_swiss_round_one_pairs_the_seeds_and_the_leaders_meet() -> None:
    """With no history, 1 v 2, 3 v 4...; after a round, the leaders meet, never again the same pair."""
    assert swiss_round([1, 2, 3, 4, 5, 6], set(), {}, {}, 1).tables == ((1, 2), (3, 4), (5, 6))
    met = {frozenset((1, 2)), frozenset((3, 4)), frozenset((5, 6))}
    second = swiss_round([1, 3, 5, 2, 4, 6], met, {}, {1: 1, 5: 1}, 2)
    assert second.tables == ((3, 1), (2, 5), (4, 6))  # 1 was at home and 3 away: 3 is at home now
    assert second.bye is None


def test_swiss_bye_goes_to_the_lowest_placed_team_without_one() -> None:
    """Five teams; 5th had a bye: the 4th has this one."""
    assert swiss_round([1, 2, 3, 4, 5], set(), {5: 1}, {}, 2).bye == 4
    assert swiss_round([1, 2, 3, 4, 5], set(), {}, {}, 1).bye == 5


def test_swiss_with_thirty_teams_and_many_meetings() -> None:
    """A late round of a 30-team Swiss with many meetings: every team at one table, no pair meeting again. (How
    long it takes is not judged here: timings are the benchmarks'.)"""
    import random

    chooser = random.Random(7)
    order = list(range(1, 31))
    met: set[frozenset[int]] = set()
    for _ in range(6):  # six earlier rounds of random pairings
        shuffled = order[:]
        chooser.shuffle(shuffled)
        met |= {frozenset(shuffled[i : i + 2]) for i in range(0, 30, 2)}
    pairing = swiss_round(order, met, {}, {}, 7)
    assert sorted(team for table in pairing.tables for team in table) == order
    assert pairing.bye is None
    assert all(frozenset(table) not in met for table in pairing.tables)


def played_swiss(teams: int, rounds: int, seed: int) -> tuple[list[int], set[frozenset[int]], dict[int, int]]:
    """A Swiss event of ``teams`` after ``rounds`` rounds drawn by swiss_round, with random results (each match's
    20 victory points split at random, a bye worth 12): the standings, the pairs that met and the byes."""
    chooser = random.Random(seed)
    scores = dict.fromkeys(range(1, teams + 1), 0)
    order = list(scores)
    met: set[frozenset[int]] = set()
    byes: dict[int, int] = {}
    for number in range(1, rounds + 1):
        pairing = swiss_round(order, met, byes, {}, number)
        for home, away in pairing.tables:
            met.add(frozenset((home, away)))
            won = chooser.randint(0, 20)
            scores[home] += won
            scores[away] += 20 - won
        if pairing.bye is not None:
            byes[pairing.bye] = byes.get(pairing.bye, 0) + 1
            scores[pairing.bye] += 12
        order = sorted(scores, key=lambda team: (-scores[team], team))
    return order, met, byes


@pytest.mark.parametrize(
    ("teams", "rounds"),
    [(64, 10), pytest.param(127, 12, marks=pytest.mark.slow), pytest.param(128, 7, marks=pytest.mark.slow)],
)
def test_a_late_round_of_a_big_swiss_is_the_best_of_all_pairings(teams: int, rounds: int) -> None:
    """A late round of a big Swiss (the draw looks first among teams a few places apart): every team plays once,
    no pair meets again, the bye goes to the lowest-placed team without one, and the round is the one found by
    looking at every pair of teams."""
    from xlbridge.engine.draw import _best

    order, met, byes = played_swiss(teams, rounds, seed=teams)
    pairing = swiss_round(order, met, byes, {}, rounds + 1)
    playing = sorted(team for table in pairing.tables for team in table)
    assert playing == sorted(team for team in order if team != pairing.bye)
    assert not any(frozenset(table) in met for table in pairing.tables)
    if teams % 2:
        assert pairing.bye == next(team for team in reversed(order) if not byes.get(team))
    in_line = sorted(range(teams), key=lambda index: (byes.get(order[index], 0), -index)) if teams % 2 else []
    everywhere = _best(order, met, in_line, teams - 1)
    assert everywhere is not None
    place = {team: index for index, team in enumerate(order)}
    tables = sorted(tuple(sorted(map(place.__getitem__, table))) for table in pairing.tables)
    assert (pairing.cost, tables) == (everywhere.cost, sorted(everywhere.tables))


@settings(max_examples=40, deadline=None)
@given(st.integers(11, 40), st.integers(1, 8), st.randoms(use_true_random=False))
def test_looking_near_first_finds_the_round_of_all_pairings(teams: int, rounds: int, chooser: random.Random) -> None:
    """Any standings and any earlier random rounds: the round swiss_round draws is the best of all pairings, as
    found when every pair of teams is looked at."""
    from xlbridge.engine.draw import _best

    order = list(range(1, teams + 1))
    chooser.shuffle(order)
    met: set[frozenset[int]] = set()
    for _ in range(rounds):
        shuffled = order[:]
        chooser.shuffle(shuffled)
        met |= {frozenset(shuffled[i : i + 2]) for i in range(0, teams - 1, 2)}
    byes = {team: chooser.randint(0, 1) for team in order} if teams % 2 else {}
    in_line = sorted(range(teams), key=lambda index: (byes.get(order[index], 0), -index)) if teams % 2 else []
    everywhere = _best(order, met, in_line, teams - 1)
    if everywhere is None:
        with pytest.raises(BridgeInputError, match="no pairing avoids a repeat"):
            swiss_round(order, met, byes, {}, rounds + 1)
        return
    pairing = swiss_round(order, met, byes, {}, rounds + 1)
    place = {team: index for index, team in enumerate(order)}
    tables = sorted(tuple(sorted(map(place.__getitem__, table))) for table in pairing.tables)
    assert (pairing.cost, tables) == (everywhere.cost, sorted(everywhere.tables))
    assert pairing.bye == (order[in_line[everywhere.bye_rank]] if teams % 2 else None)
