"""Placing teams on equal scores: the tie-break criteria of :data:`~xlbridge.rules.TIE_BREAKS`, applied in order.

The first criterion that tells a group of tied teams apart orders them; teams it leaves together start again from
the first criterion (as EBU White Book 143.2.2 splits a three-way tie, and the CBAI's procedure reads); a group no
criterion splits stays tied, and shares its place.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol

from ..rules.teams import HEAD_TO_HEAD, IMP_DIFFERENCE, IMP_QUOTIENT, TIE_BREAK_POINTS

__all__ = ["Contest", "Totals", "order"]


class Totals(Protocol):
    """What the criteria read of a team's figures."""

    @property
    def score(self) -> Fraction: ...

    @property
    def imps_for(self) -> Fraction: ...

    @property
    def imps_against(self) -> Fraction: ...


@dataclass(frozen=True, slots=True)
class Contest:
    """A match that counts, as the criteria read it: the teams, each one's points (VPs or board points), and the
    home team's IMP margin."""

    home: int
    away: int
    home_points: Fraction
    away_points: Fraction
    margin: Fraction


def order(
    totals: Mapping[int, Totals], played: Sequence[Contest], criteria: Sequence[str], imps: bool, swiss: bool
) -> list[tuple[list[int], str]]:
    """The teams in place order, as groups: by score, then, among equal scores, by ``criteria``. Each group is one
    team (with the criterion that placed it, "" if none was needed) or teams still tied (sharing a place).
    ``imps``: the event is scored by IMPs (the IMP criteria apply); ``swiss``: tie-break points apply."""
    ranked = sorted(totals, key=lambda number: -totals[number].score)
    groups: list[list[int]] = []
    for number in ranked:
        if groups and totals[groups[-1][0]].score == totals[number].score:
            groups[-1].append(number)
        else:
            groups.append([number])
    keys = _Keys(totals, played, imps, swiss)
    out: list[tuple[list[int], str]] = []
    for group in groups:
        out.extend(_split(group, criteria, keys))
    return out


class _Keys:
    """The tie-break criteria's figures for a group of teams with equal scores: higher is better; None where a
    criterion does not apply to the event or the group."""

    def __init__(self, totals: Mapping[int, Totals], played: Sequence[Contest], imps: bool, swiss: bool) -> None:
        self.totals, self.played, self.imps, self.swiss = totals, played, imps, swiss

    def __call__(self, criterion: str, group: Sequence[int]) -> dict[int, object] | None:
        if criterion == HEAD_TO_HEAD:
            return self.head_to_head(group)
        if criterion == TIE_BREAK_POINTS:
            return self.opponents(group) if self.swiss else None
        if criterion == IMP_DIFFERENCE:
            return {n: self.totals[n].imps_for - self.totals[n].imps_against for n in group} if self.imps else None
        if criterion == IMP_QUOTIENT:
            return {n: _quotient(self.totals[n]) for n in group} if self.imps else None
        raise ValueError(f"tie-break criterion {criterion!r}: not one the engine knows")

    def head_to_head(self, group: Sequence[int]) -> dict[int, object] | None:
        """The matches between the teams of the group: their points (VPs, or board points), then their IMP
        margin; only when every two of them have met (EBU White Book 143.7.1(a); CBAI (1))."""
        members = set(group)
        between = [match for match in self.played if match.home in members and match.away in members]
        met = {frozenset((match.home, match.away)) for match in between}
        if any(frozenset((a, b)) not in met for a in group for b in group if a < b):
            return None
        keys: dict[int, tuple[Fraction, Fraction]] = {n: (Fraction(0), Fraction(0)) for n in group}
        for match in between:
            points, margin = keys[match.home]
            keys[match.home] = (points + match.home_points, margin + match.margin)
            points, margin = keys[match.away]
            keys[match.away] = (points + match.away_points, margin - match.margin)
        return dict(keys)

    def opponents(self, group: Sequence[int]) -> dict[int, object]:
        """Tie-break points: the sum of the final scores of every opponent the team met (EBU White Book 143.5.2)."""
        keys = {n: Fraction(0) for n in group}
        for match in self.played:
            if match.home in keys:
                keys[match.home] += self.totals[match.away].score
            if match.away in keys:
                keys[match.away] += self.totals[match.home].score
        return dict(keys)


def _quotient(line: Totals) -> tuple[int, Fraction]:
    """The IMP quotient, IMPs won over IMPs lost, as a key: none lost is above every quotient (more won first)."""
    if line.imps_against == 0:
        return (1, line.imps_for) if line.imps_for else (0, Fraction(1))
    return 0, line.imps_for / line.imps_against


def _split(group: list[int], criteria: Sequence[str], keys: _Keys) -> list[tuple[list[int], str]]:
    """A group of teams on equal scores in order: the first criterion that tells them apart orders them, and teams
    it leaves together are split again from the first criterion; what no criterion splits stays one group."""
    if len(group) == 1:
        return [(group, "")]
    for criterion in criteria:
        found = keys(criterion, group)
        if found is None or len(set(found.values())) == 1:
            continue
        values = sorted(set(found.values()), reverse=True)  # type: ignore[type-var]
        out: list[tuple[list[int], str]] = []
        for value in values:
            sub = [number for number in group if found[number] == value]
            out.extend(
                (part, reason or (criterion if len(part) == 1 else "")) for part, reason in _split(sub, criteria, keys)
            )
        return out
    return [(group, "")]
