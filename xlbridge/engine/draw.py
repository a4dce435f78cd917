"""Drawing a teams event: a round robin's whole schedule, and a Swiss event's next round from the standings.

A round robin is drawn by the circle method (the Berger tables' construction): one team stays put and the others
turn round it, so that in n - 1 rounds (n even) every two teams meet once; with an odd number a bye stands in for
the missing team, and each team has it once. Home and away alternate: each team is at home as often as away (one
more or less with an even number of teams) and never three times running; a double round robin plays the whole
schedule again with home and away exchanged.

A Swiss round pairs the teams in their standings order: no two teams meet again, the bye (an odd number) goes to
the lowest-placed team that has not had one (among those that leave a pairing possible), and among the pairings
that allow, the one whose sum of squared place differences is least, so that the leaders meet; of pairings equal
in that, the one whose top tables are closest. It is found exactly, by a branch-and-bound search over the pairings
(the tests check it against every pairing, by brute force, for up to 10 teams).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from .errors import BridgeInputError, Reason
from .matches import EventMatch

__all__ = ["MOST_TEAMS", "Pairing", "round_robin", "swiss_round"]

#: The most teams a schedule is drawn for (a workbook's Teams sheet holds 20 by default; far beyond any club).
MOST_TEAMS = 100


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
    ``homes`` less often (the higher-placed when equal)."""
    _check_teams(order)
    place = {team: index for index, team in enumerate(order, start=1)}
    candidates: list[int | None] = [None]
    if len(order) % 2:
        fewest = sorted(order, key=lambda team: (byes.get(team, 0), -place[team]))
        candidates = list(fewest)
    for bye in candidates:
        playing = [team for team in order if team != bye]
        found = _best_pairing(playing, place, met)
        if found is not None:
            cost, pairs = found
            tables = []
            for first, second in pairs:  # first is the higher-placed
                at_home = homes.get(first, 0) <= homes.get(second, 0)
                tables.append((first, second) if at_home else (second, first))
            return Pairing(round_number, tuple(tables), bye, cost)
    raise BridgeInputError(
        f"round {round_number}: no pairing avoids a repeat meeting (every way of pairing the teams meets a pair "
        "that has played already)"
    )


def _best_pairing(
    teams: Sequence[int], place: Mapping[int, int], met: Collection[frozenset[int]]
) -> tuple[int, list[tuple[int, int]]] | None:
    """The pairing of ``teams`` (in place order) with the least sum of squared place differences and no pair of
    ``met``, the top tables closest among equals; None if every pairing repeats a meeting.

    Depth first: the highest-placed team left is paired with each allowed partner in place order, so pairings come
    in the order of their tables' differences, top table first, and the first found of the least sum is the one
    wanted. A branch is cut when its sum so far and a lower bound for the rest (each team left at least its
    nearest allowed partner's squared difference, halved) cannot beat the best found.
    """
    allowed = {
        team: [other for other in teams if other != team and frozenset((team, other)) not in met] for team in teams
    }
    best: list[object] = [None, None]  # cost, pairs

    def bound(left: Sequence[int]) -> int | None:
        total = 0
        members = set(left)
        for team in left:
            near = [(place[other] - place[team]) ** 2 for other in allowed[team] if other in members]
            if not near:
                return None
            total += min(near)
        return (total + 1) // 2

    def search(left: list[int], cost: int, pairs: list[tuple[int, int]]) -> None:
        if not left:
            if best[0] is None or cost < best[0]:  # type: ignore[operator]
                best[0], best[1] = cost, list(pairs)
            return
        rest = bound(left)
        if rest is None or (best[0] is not None and cost + rest >= best[0]):  # type: ignore[operator]
            return
        top, others = left[0], left[1:]
        for partner in others:
            if partner not in allowed[top]:
                continue
            pairs.append((top, partner))
            search([team for team in others if team != partner], cost + (place[partner] - place[top]) ** 2, pairs)
            pairs.pop()

    search(list(teams), 0, [])
    if best[0] is None:
        return None
    return best[0], best[1]  # type: ignore[return-value]
