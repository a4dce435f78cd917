"""Drawing a teams event: a round robin's whole schedule, and a Swiss event's next round from the standings.

A round robin is drawn by the circle method (the Berger tables' construction): one team stays put and the others
turn round it, so that in n - 1 rounds (n even) every two teams meet once; with an odd number a bye stands in for
the missing team, and each team has it once. Home and away alternate: each team is at home as often as away (one
more or less with an even number of teams) and never three times running; a double round robin plays the whole
schedule again with home and away exchanged.

A Swiss round pairs the teams in their standings order: no two teams meet again, the bye (an odd number) goes to
the lowest-placed team that has not had one (among those that leave a pairing possible), and among the pairings
that allow, the one whose sum of squared place differences is least, so that the leaders meet; of pairings equal
in that, the one whose top tables are closest. It is found exactly and in polynomial time, as the heaviest
matching of a graph whose weights hold those criteria (:mod:`xlbridge.engine.blossom`; the tests check it
against every pairing, by brute force, for up to 10 teams): a round for 128 teams takes well under a second.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from math import isqrt

from .blossom import max_weight_matching
from .errors import BridgeInputError, Reason
from .matches import EventMatch

__all__ = ["MOST_TEAMS", "Pairing", "round_robin", "swiss_round"]

#: The most teams a schedule is drawn for (a workbook's Teams sheet holds 20 by default; far beyond any club, and a
#: Swiss round for as many is drawn in about half a second).
MOST_TEAMS = 128


def _check_teams(teams: Sequence[int]) -> None:
    if len(teams) < 2:
        raise BridgeInputError(f"{len(teams)} team{'s' if len(teams) != 1 else ''}: a teams event needs at least 2")
    if len(teams) > MOST_TEAMS:
        raise BridgeInputError(f"{len(teams)} teams: at most {MOST_TEAMS}", reason=Reason.OUT_OF_RANGE)
    if len(set(teams)) != len(teams):
        raise BridgeInputError("a team is listed twice")


def round_robin(teams: Sequence[int], double: bool = False, boards: int | None = None) -> list[EventMatch]:
    """Every round of a round robin of ``teams`` (once each, or twice with ``double``): one row per match, and a
    bye row for the team that sits out when their number is odd; ``boards`` is each match's boards (None: the
    event's boards per match)."""
    _check_teams(teams)
    circle: list[int | None] = list(teams) + ([None] if len(teams) % 2 else [])
    size = len(circle)
    fixed, turning = circle[-1], circle[:-1]
    rounds: list[list[tuple[int | None, int | None]]] = []
    for number in range(size - 1):
        order = turning[number:] + turning[:number]
        pairs = [(fixed, order[0])] + [(order[i], order[size - 1 - i]) for i in range(1, size // 2)]
        # Home: the team that stays put alternates round by round; the others by their place on the circle (the
        # first of a pair at an even place, the second at an odd one). Each team is then at home as often as away
        # (one more or less with an even number of teams), and never more than twice running.
        rounds.append([
            pair if (number if index == 0 else index) % 2 == 0 else (pair[1], pair[0])
            for index, pair in enumerate(pairs)
        ])  # fmt: skip
    if double:
        rounds += [[(away, home) for home, away in played] for played in rounds]
    out = []
    for number, played in enumerate(rounds, start=1):
        matches = [EventMatch(number, home, away, boards) for home, away in played if home and away]
        byes = [EventMatch(number, home or away, None, bye=True) for home, away in played if not (home and away)]
        out.extend(matches + byes)
    return out


@dataclass(frozen=True)
class Pairing:
    """A Swiss round drawn: its tables (home, away), top table first, the team with the bye (None if none), and
    the sum of squared place differences the tables make."""

    round: int
    tables: tuple[tuple[int, int], ...]
    bye: int | None
    cost: int

    def matches(self, boards: int | None = None) -> list[EventMatch]:
        """The round as rows of Matches: its matches, then the bye."""
        out = [EventMatch(self.round, home, away, boards) for home, away in self.tables]
        if self.bye is not None:
            out.append(EventMatch(self.round, self.bye, None, bye=True))
        return out


def swiss_round(
    order: Sequence[int],
    met: Collection[frozenset[int]],
    byes: Mapping[int, int],
    homes: Mapping[int, int],
    round_number: int,
) -> Pairing:
    """The next Swiss round for teams in their standings ``order`` (first place first): no pair of ``met`` meets
    again; the bye, for an odd number, to the lowest-placed team with the fewest ``byes`` that leaves a pairing;
    the tables by the least sum of squared place differences (ties: the top tables closest); home to the team at
    ``homes`` less often (the higher-placed when equal).

    The round is looked for first among the pairs of teams a few places apart (more places the more each team has
    met; how many changes how soon the round is found, never which). A pairing found there that gives the bye to
    the first team in line for it and costs C (its sum of squared place differences) bounds the best: none of the
    best pairing's tables can cost more than C, so the best is among the pairs at most √C places apart, and it is
    the one found there. Otherwise (no pairing there, or another bye) every pair is looked at."""
    _check_teams(order)
    n = len(order)
    by_bye = sorted(range(n), key=lambda index: (byes.get(order[index], 0), -index)) if n % 2 else []
    meetings = Counter(team for pair in met for team in pair)
    reach = min(n - 1, max(meetings.values(), default=0) + 4)
    found = _best(order, met, by_bye, reach)
    if reach < n - 1 and (found is None or found.bye_rank or isqrt(found.cost) > reach):
        found = _best(order, met, by_bye, n - 1 if found is None or found.bye_rank else isqrt(found.cost))
    if found is None:
        raise BridgeInputError(
            f"round {round_number}: no pairing avoids a repeat meeting (every way of pairing the teams meets a pair "
            "that has played already)"
        )
    tables = tuple(
        (order[first], order[second]) if homes.get(order[first], 0) <= homes.get(order[second], 0)
        else (order[second], order[first])
        for first, second in found.tables
    )  # fmt: skip
    return Pairing(round_number, tables, order[by_bye[found.bye_rank]] if by_bye else None, found.cost)


@dataclass(frozen=True)
class _Found:
    """A pairing found: the bye's index in line for it (0 without a bye), the tables by place (0 the leader; the
    higher-placed first, top table first) and their sum of squared place differences."""

    bye_rank: int
    tables: list[tuple[int, int]]
    cost: int


def _best(order: Sequence[int], met: Collection[frozenset[int]], by_bye: Sequence[int], reach: int) -> _Found | None:
    """The best pairing of the teams among the pairs at most ``reach`` places apart (None if there is none): the
    heaviest matching of the graph :func:`_edges` makes."""
    n = len(order)
    mates = max_weight_matching(n + (1 if by_bye else 0), _edges(order, met, by_bye, reach))
    if None in mates:
        return None
    partner = [mate for mate in mates if mate is not None]  # every team's (and the bye's)
    tables = [(first, second) for first, second in enumerate(partner[:n]) if first < second < n]
    cost = sum((second - first) ** 2 for first, second in tables)
    return _Found(by_bye.index(partner[n]) if by_bye else 0, tables, cost)


def _edges(
    order: Sequence[int], met: Collection[frozenset[int]], by_bye: Sequence[int], reach: int
) -> list[tuple[int, int, int]]:
    """The weighted graph whose heaviest matching is the round: a vertex per team in place order (0 the leader),
    one more for the bye (with an odd number of teams, ``by_bye`` the teams in line for it), and an edge per pair
    at most ``reach`` places apart that has not met.

    Each edge weighs a whole number whose digits in base R (R > any sum of squared place differences) are the
    criteria, the first the most significant, so that each decides before the next: the matching has the most
    edges (every team plays: R^(n+2) an edge), then the bye goes to the first team in line that allows it (its
    index in line, times R^(n+1), taken away), then the sum of squared place differences is least (each table's,
    times R^n, taken away), then the top tables are closest (each table's squared difference, times R^(n - p) for
    p its higher place, taken away: the first table where two pairings differ outweighs every table below it)."""
    n = len(order)
    radix = 1 << (3 * n.bit_length())  # more than n³, so more than any sum of squared place differences
    power = [radix**exponent for exponent in range(n + 3)]
    edges = [(n, team, power[n + 2] - rank * power[n + 1]) for rank, team in enumerate(by_bye)]
    for first in range(n):
        table = power[n] + power[n - first - 1]
        for second in range(first + 1, min(n, first + reach + 1)):
            if frozenset((order[first], order[second])) not in met:
                edges.append((first, second, power[n + 2] - (second - first) ** 2 * table))
    return edges
