"""A season ladder: each player's percentage in each session, the best N counted, a minimum to qualify, places.

Players, not pairs, are ranked (partners change): a pair's percentage in a session belongs to both its players.
Players are matched by name with case and spacing ignored (``Hugh  lisle`` is ``Hugh Lisle``); names that look like
one person spelled two ways (the same letters but for punctuation, an initial for a first name, a letter or two
apart) are reported, never joined silently: give the two spellings as the same player to join them. An IMP-scored
session's result becomes a percentage by an :data:`~xlbridge.rules.IMP_PERCENT_RULES` rule.

A player's ladder figure is the average of the sessions counted: the best N percentages (all of them without a
limit), as club ladders that drop the worst scores average the rest (Auckland, Beccles, Cheltenham: see the rules'
notes). Those with fewer sessions than the minimum are listed after the ranked players, unplaced. Places are shared
by exactly equal figures, as in a session's ranking; percentages count to 6 decimals, as a session's ranking key.
"""

from __future__ import annotations

import datetime as dt
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from fractions import Fraction

from ..rules import IMP_PERCENT_RULES, ImpPercentRule
from .choices import choose
from .errors import BridgeInputError, Reason
from .standings import SessionScore, share_places

__all__ = [
    "Ladder",
    "LadderSession",
    "PlayerRow",
    "SessionResult",
    "SpellingNote",
    "ladder_session",
    "name_key",
    "season_ladder",
]


@dataclass(frozen=True, slots=True)
class SessionResult:
    """One pair's result in a session: its players, and its percentage (matchpoint scoring) or its IMPs over the
    boards it played (IMP scoring)."""

    players: tuple[str, ...]
    percentage: Fraction | None = None
    imps: Fraction | None = None
    boards: int = 0
    #: How messages name the pair: ``pair 7 NS``.
    label: str = ""


@dataclass(frozen=True)
class LadderSession:
    """A session as a ladder reads it: its name (how headings and messages call it: the file), event, date, how
    it was scored, and every pair's result."""

    name: str
    event: str = ""
    date: dt.date | None = None
    imp_scoring: bool = False
    method: str = ""
    results: tuple[SessionResult, ...] = ()


@dataclass(frozen=True)
class PlayerRow:
    """A player's line of the ladder: a percentage per session (None where absent), which were counted, and the
    figures."""

    player: str
    scores: tuple[Fraction | None, ...]
    counted: tuple[bool, ...]
    played: int
    total: Fraction
    average: Fraction | None
    qualified: bool
    place: str = ""

    @property
    def count(self) -> int:
        return sum(self.counted)


@dataclass(frozen=True)
class SpellingNote:
    """Two spellings that may be one player (kept apart), why, and the sessions each appears in."""

    names: tuple[str, str]
    sessions: tuple[tuple[str, ...], tuple[str, ...]]
    why: str

    def __str__(self) -> str:
        (a, b), (in_a, in_b) = self.names, self.sessions
        return (
            f"{a!r} ({', '.join(in_a)}) and {b!r} ({', '.join(in_b)}) may be the same player ({self.why}): "
            "counted apart"
        )


@dataclass(frozen=True)
class Ladder:
    """A season ladder: the sessions in order, a row per player (ranked players first, in place order), the rule
    that counted them, and the spellings that may be one player."""

    sessions: tuple[LadderSession, ...]
    rows: tuple[PlayerRow, ...]
    best: int | None
    minimum: int
    rule: ImpPercentRule
    notes: tuple[SpellingNote, ...] = ()
    #: Pairs left out, in words (no players' names).
    left_out: tuple[str, ...] = field(default_factory=tuple)

    @property
    def description(self) -> str:
        """The counting rule in words: ``best 8 of 12 sessions, at least 5 to qualify``."""
        counted = (
            f"best {self.best} of {len(self.sessions)} sessions" if self.best else f"all {len(self.sessions)} sessions"
        )
        factor = float(self.rule.per_imp_per_board)
        imps = f"; IMP sessions: 50% + {factor:.3f} x IMPs per board ({self.rule.name})"
        imps = imps if any(session.imp_scoring for session in self.sessions) else ""
        return f"Average of the {counted}, at least {self.minimum} to qualify{imps}"


def name_key(name: str) -> str:
    """A player's name as players are matched: case and spacing ignored."""
    return " ".join(name.casefold().split())


def _six_decimals(value: Fraction) -> Fraction:
    return Fraction(round(Decimal(value.numerator) / Decimal(value.denominator), 6))


def ladder_session(score: SessionScore, name: str) -> LadderSession:
    """A scored session (the engine's) as a ladder reads it."""
    session = score.session
    results = []
    for standing in score.standings:
        pair = standing.pair
        total, percentage = standing.total, standing.percentage
        results.append(
            SessionResult(
                pair.players,
                percentage if isinstance(percentage, Fraction) else None,
                Fraction(total) if session.method.imp_scoring and isinstance(total, (int, Fraction)) else None,
                standing.boards,
                pair.called,
            )
        )
    return LadderSession(name, session.event, session.date, session.method.imp_scoring, session.method.name,
                         tuple(results))  # fmt: skip


def _percentage(result: SessionResult, session: LadderSession, rule: ImpPercentRule) -> Fraction | None:
    if session.imp_scoring:
        if result.imps is None or result.boards <= 0:
            return None
        return _six_decimals(rule.percentage(result.imps, result.boards))
    return None if result.percentage is None else _six_decimals(result.percentage)


def season_ladder(
    sessions: Sequence[LadderSession],
    best: int | None = None,
    minimum: int = 1,
    imp_rule: object = None,
    same: Mapping[str, str] | None = None,
) -> Ladder:
    """The ladder of ``sessions`` (in the order given): each player's best ``best`` percentages averaged (all of
    them when None), ranked among those with at least ``minimum`` sessions. ``same`` joins spellings: each key is
    counted as its value (a name reported as possibly the same player)."""
    if best is not None and best < 1:
        raise BridgeInputError(f"best {best}: count at least 1 session", reason=Reason.OUT_OF_RANGE)
    if minimum < 1:
        raise BridgeInputError(f"minimum {minimum}: at least 1 session", reason=Reason.OUT_OF_RANGE)
    rule: ImpPercentRule = choose(IMP_PERCENT_RULES, imp_rule, "imp_rule")
    joined = {name_key(spelling): name_key(as_name) for spelling, as_name in (same or {}).items()}
    scores: dict[str, dict[int, Fraction]] = {}
    spellings: dict[str, Counter[str]] = {}
    seen_in: dict[str, list[str]] = {}
    partners: set[tuple[str, str]] = set()  # two names of one pair are two players
    left_out = []
    for index, session in enumerate(sessions):
        here: dict[str, str] = {}
        for result in session.results:
            players = [player.strip() for player in result.players if player.strip()]
            percentage = _percentage(result, session, rule)
            if percentage is None:
                continue
            if not players:
                left_out.append(f"{session.name}: {result.label or 'a pair'} has no players' names: left out")
                continue
            for player in players:
                key = joined.get(name_key(player), name_key(player))
                if key in here:
                    raise BridgeInputError(
                        f"{session.name}: {player!r} plays in {here[key]} and in {result.label or 'another pair'}; "
                        "two players of one name need telling apart"
                    )
                here[key] = result.label or "a pair"
                scores.setdefault(key, {})[index] = percentage
                spellings.setdefault(key, Counter())[player] += 1
                seen_in.setdefault(player, []).append(session.name)
            keys = sorted({joined.get(name_key(player), name_key(player)) for player in players})
            partners.update((a, b) for i, a in enumerate(keys) for b in keys[i + 1 :])
    rows = []
    for key, by_session in scores.items():
        ordered = sorted(by_session, key=lambda i: (-by_session[i], i))
        counted = set(ordered if best is None else ordered[:best])
        total = sum((by_session[i] for i in counted), Fraction(0))
        row_scores = tuple(by_session.get(i) for i in range(len(sessions)))
        rows.append(
            PlayerRow(
                player=_shown(spellings[key]),
                scores=row_scores,
                counted=tuple(i in counted for i in range(len(sessions))),
                played=len(by_session),
                total=total,
                average=total / len(counted),
                qualified=len(by_session) >= minimum,
            )
        )
    places = share_places([(1, row.average if row.qualified else None) for row in rows])
    placed = [replace(row, place=place) for row, place in zip(rows, places, strict=True)]
    placed.sort(key=lambda row: (not row.qualified, -(row.average or 0), name_key(row.player)))
    shown = {key: _shown(counter) for key, counter in spellings.items()}
    notes = _spelling_notes(shown, spellings, seen_in, partners)
    return Ladder(tuple(sessions), tuple(placed), best, minimum, rule, notes, tuple(left_out))


def _shown(counter: Counter[str]) -> str:
    """The spelling a player is shown by: the most used, the first met among equals."""
    return counter.most_common(1)[0][0]


# --- names that may be one player ------------------------------------------------------------------------------------

_WORD = re.compile(r"[^\W_]+")


def _letters(key: str) -> str:
    return "".join(_WORD.findall(key))


def _digits(key: str) -> str:
    return "".join(character for character in key if character.isdigit())


def _distance(a: str, b: str, limit: int) -> int:
    """The edit distance of ``a`` and ``b`` (insertions, deletions, substitutions, a swap of neighbours), or
    ``limit + 1`` once it is certain to exceed ``limit``."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i, x in enumerate(a, start=1):
        current = [i] + [0] * len(b)
        for j, y in enumerate(b, start=1):
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x != y))
            if i > 1 and j > 1 and x == b[j - 2] and a[i - 2] == y:
                current[j] = min(current[j], previous2[j - 2] + 1)
        if min(current) > limit:
            return limit + 1
        previous2, previous = previous, current
    return previous[-1]


def _initials(a: list[str], b: list[str]) -> bool:
    """The same surname and the same first names, an initial standing for a name (``J Smith``, ``John Smith``)."""
    if len(a) != len(b) or len(a) < 2 or a[-1] != b[-1] or a == b:
        return False
    return all(x == y or (len(x) == 1 and y.startswith(x)) or (len(y) == 1 and x.startswith(y))
               for x, y in zip(a[:-1], b[:-1], strict=True))  # fmt: skip


def _signature(key: str) -> tuple[str, ...]:
    """The first letter of each word: what a misspelling seldom changes (``Jon Smith`` and ``John Smith`` share it;
    ``Cath Brooke`` and ``Kate Brooke`` do not)."""
    return tuple(word[0] for word in _WORD.findall(key))


def _why(a: str, b: str) -> str | None:
    """Why two names (matching keys) may be one player, or None: the same letters but for spacing or punctuation;
    an initial for a first name; or, word for word with the same initials, a letter apart (two in names of 10
    letters or more). Names with different digits are told apart (numbered names such as ``Player 1`` and
    ``Player 11`` are not misspellings)."""
    if _digits(a) != _digits(b):
        return None
    letters_a, letters_b = _letters(a), _letters(b)
    if letters_a == letters_b:
        return "the same but for spacing or punctuation"
    if _initials(_WORD.findall(a), _WORD.findall(b)):
        return "an initial for a name"
    if _signature(a) != _signature(b):
        return None
    limit = 1 if min(len(letters_a), len(letters_b)) < 10 else 2
    apart = _distance(letters_a, letters_b, limit)
    if apart <= limit:
        return f"{apart} letter{'s' * (apart != 1)} apart"
    return None


def _spelling_notes(
    shown: dict[str, str],
    spellings: dict[str, Counter[str]],
    seen_in: dict[str, list[str]],
    partners: set[tuple[str, str]],
) -> tuple[SpellingNote, ...]:
    """Every two players whose names may be one player's (never two who played in one pair). Only names that share
    something are compared (the same letters, the same surname, or the same initials and a length within two
    letters), so a season of hundreds of players takes a moment."""
    by_letters: dict[str, list[str]] = {}
    by_surname: dict[str, list[str]] = {}
    by_initials: dict[tuple[str, ...], list[str]] = {}
    for key in sorted(shown):
        words = _WORD.findall(key)
        by_letters.setdefault(_letters(key), []).append(key)
        by_surname.setdefault(words[-1] if words else "", []).append(key)
        by_initials.setdefault(_signature(key), []).append(key)
    candidates: set[tuple[str, str]] = set()
    for group in [*by_letters.values(), *by_surname.values()]:
        candidates.update((a, b) for i, a in enumerate(group) for b in group[i + 1 :])
    for group in by_initials.values():
        by_length = sorted(group, key=lambda key: len(_letters(key)))
        for i, a in enumerate(by_length):
            for b in by_length[i + 1 :]:
                if len(_letters(b)) - len(_letters(a)) > 2:
                    break
                candidates.add((min(a, b), max(a, b)))

    def sessions(key: str) -> tuple[str, ...]:
        named = [name for spelling in spellings[key] for name in seen_in[spelling]]
        return tuple(dict.fromkeys(named))

    notes = []
    for a, b in sorted(candidates - partners):
        why = _why(a, b)
        if why is not None:
            notes.append(SpellingNote((shown[a], shown[b]), (sessions(a), sessions(b)), why))
    return tuple(notes)
