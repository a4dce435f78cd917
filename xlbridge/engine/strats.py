"""Stratified games: each pair's strat by its players' masterpoint holdings, and its place in each strat it competes in.

The rules are :mod:`xlbridge.rules.strats`' (the limits, how a pair's figure is made). A pair competes in its own
strat and every strat above it; each strat is ranked on its own within each field (North-South and East-West of a
Mitchell apart) of each section (a session of sections: each section's pairs among themselves, as its ranking
places them), by the session's one ranking figure, pairs with exactly equal figures sharing a place (``2=``) as
in the open ranking (:func:`~xlbridge.engine.standings.share_places`). A pair whose players have no holding at all
is in strat A (it cannot be shown to be under a limit).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from functools import cached_property
from itertools import pairwise

from ..rules import STRAT_RULES, MasterpointScale, StratRule, Strats
from ..rules.strats import STRAT_LETTERS
from .choices import choose
from .errors import BridgeInputError, Reason
from .pairs import Pair
from .standings import SessionScore, share_places
from .values import NUMBER, bounded, is_blank, show

__all__ = ["Holdings", "Stratified", "pair_figure", "read_strats", "strat_awards_missing", "stratify"]

#: The players' masterpoint holdings by the session's pair, where they are kept apart from the pairs.
Holdings = Mapping[Pair, tuple[Fraction | None, ...]]

_OPEN = {"", "NONE", "OPEN", "-", "INF", "INFINITY", "UNLIMITED"}


def read_strats(text: object, rule: object = None) -> Strats:
    """Strats as a club writes their limits: ``750/300`` (B under 750, C under 300), ACBL Live's ``None/1250/500``
    (A open, written first), or one limit (``500``: two strats); ``rule`` makes the pair's figure (blank: AVERAGE)."""
    chosen: StratRule = choose(STRAT_RULES, rule, "strat-by")
    given = "" if is_blank(text) else str(text).strip()
    parts = [part.strip() for part in given.split("/")]
    if parts and parts[0].upper() in _OPEN and len(parts) > 1:
        parts = parts[1:]
    if not given or not 1 <= len(parts) <= len(STRAT_LETTERS) - 1:
        raise BridgeInputError(
            f"strats {show(text)}: expected the limits of strats B and C, highest first, such as 750/300 (or "
            f"None/750/300 as ACBL Live writes them; 500 alone for two strats)",
            argument="strats",
        )
    limits = []
    for letter, part in zip(STRAT_LETTERS[1:], parts, strict=False):
        cleaned = part.replace(",", "")
        if not NUMBER.fullmatch(cleaned) or (limit := Fraction(Decimal(cleaned))) <= 0:  # Decimal: any length
            raise BridgeInputError(
                f"strats {show(text)}: strat {letter}'s limit {part!r} is not a number of masterpoints above 0",
                argument="strats",
            )
        limits.append(bounded(limit, f"strats: strat {letter}'s limit", part))
    if any(lower >= higher for higher, lower in pairwise(limits)):
        raise BridgeInputError(
            f"strats {show(text)}: each strat's limit must be below the one before it (B's above C's)",
            argument="strats",
            reason=Reason.OUT_OF_RANGE,
        )
    return Strats(tuple(limits), chosen)


def pair_figure(holdings: Sequence[Fraction | None], rule: StratRule) -> Fraction | None:
    """A pair's masterpoint figure by ``rule``, from its players' ``holdings``: their average or the higher (a
    player without one left out); None when neither has one."""
    known = [holding for holding in holdings if holding is not None]
    if not known:
        return None
    if rule.name == "HIGHER":
        return max(known)
    return sum(known, Fraction(0)) / len(known)


def _strat(figure: Fraction | None, strats: Strats) -> int:
    """The index of the lowest strat whose limit the figure is under (0: A)."""
    if figure is None:
        return 0
    return sum(1 for limit in strats.limits if figure < limit)


@dataclass(frozen=True)
class Stratified:
    """A session ranked by strats: for each standing of the session (in its order), the pair's figure, its strat
    (``"A"``, ``"B"``, ``"C"``) and its place in each strat it competes in (``{"A": "5", "B": "3"}``; a pair
    without a place in the ranking has none)."""

    strats: Strats
    pairs: tuple[Pair, ...]
    figures: tuple[Fraction | None, ...]
    strat: tuple[str, ...]
    places: tuple[dict[str, str], ...]

    @cached_property
    def by_pair(self) -> dict[Pair, tuple[str, dict[str, str]]]:
        """Each pair's strat and places, by the session's pair."""
        return dict(zip(self.pairs, zip(self.strat, self.places, strict=True), strict=True))

    def of(self, pair: Pair) -> tuple[str, dict[str, str]]:
        """The strat and places of one of the session's pairs (KeyError for a pair not in the session)."""
        return self.by_pair[pair]

    def counts(self) -> dict[str, int]:
        """How many pairs are in each strat (their own), A first."""
        return {letter: self.strat.count(letter) for letter in self.strats.letters}


def stratify(score: SessionScore, strats: Strats, holdings: Holdings | None = None) -> Stratified:
    """The session ``score`` ranked by ``strats`` (see the module's notes); ``holdings``, by the session's pair, the
    players' masterpoint holdings where they are kept apart from the pairs (a workbook's Names sheet); else each
    pair's own."""
    standings = score.standings
    held = [s.pair.holdings if holdings is None else holdings.get(s.pair, ()) for s in standings]
    figures = tuple(pair_figure(players, strats.rule) for players in held)
    levels = [_strat(figure, strats) for figure in figures]
    places: list[dict[str, str]] = [{} for _ in standings]
    fields: dict[tuple[str, int], int] = {}  # each section's fields apart, numbered as share_places takes them
    field = [fields.setdefault((standing.pair.section, standing.field), len(fields)) for standing in standings]
    for index, letter in enumerate(strats.letters):
        keys = [
            (field[at], standing.key if level >= index and standing.place else None)
            for at, (standing, level) in enumerate(zip(standings, levels, strict=True))
        ]
        for shown, place in zip(places, share_places(keys), strict=True):
            if place:
                shown[letter] = place
    return Stratified(
        strats,
        tuple(standing.pair for standing in standings),
        figures,
        tuple(strats.letters[level] for level in levels),
        tuple(places),
    )


def strat_awards_missing(scale: MasterpointScale, letters: Sequence[str]) -> str:
    """Why a stratified session's masterpoints are not given on ``scale``: what is missing ("" on a scale that
    awards nothing)."""
    if not scale.awards:
        return ""
    lower = " and ".join(letters[1:])
    return (
        f"{scale.name} masterpoints are not given for a stratified game: the awards of strat{'s' * (len(letters) > 2)}"
        f" {lower} need ACBL's club award charts for the lower strats (the masterpoint charts that follow chapter 4 "
        f"of the ACBL Handbook), which were not found; award them by hand, or rank without --strats for strat A's "
        f"(the open field's) awards"
    )
