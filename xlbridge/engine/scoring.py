"""The deal-score engine: one function reading the tables of :mod:`xlbridge.rules.duplicate`.

:func:`score_parts` splits a score the way rubber bridge writes it (trick points, overtricks, bonuses, penalty);
:func:`line_score` is the one scorer of a deal line (a parsed play on a vulnerability, signed as a traveller writes
it); :func:`ns_score` and :func:`deal_score` read a line as typed and score it
there.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from ..rules import ERAS, DealRules
from ..rules.duplicate import CURRENT
from .choices import choose
from .errors import BridgeInputError, Reason
from .model import Contract, Doubling, Play, Seat, Vulnerability
from .parse import CONTRACT_FORMS, Result, TypedContract, parse_seat, parse_vulnerability, read_contract, read_result
from .values import is_blank

__all__ = [
    "ScoreParts",
    "deal_score",
    "declarer_vulnerable",
    "line_score",
    "ns_score",
    "parse_play",
    "play_of_parts",
    "read_part",
    "read_vulnerability",
    "resolve_rules",
    "score_parts",
    "signed_score",
]


P = TypeVar("P")

_UNDOUBLED, _NONE, _BOTH = Doubling.UNDOUBLED, Vulnerability.NONE, Vulnerability.BOTH


@dataclass(frozen=True, slots=True)
class ScoreParts:
    """A deal's score split as the scoresheet writes it, all from declarer's side and all >= 0.

    ``trick_points`` go below the line in rubber bridge; the rest above it. ``level_bonus`` is duplicate's game or
    partscore bonus (rubber bridge has none). ``penalty`` is what the defenders score for undertricks.
    """

    trick_points: int = 0
    overtricks: int = 0
    level_bonus: int = 0
    slam_bonus: int = 0
    insult: int = 0
    penalty: int = 0

    @property
    def total(self) -> int:
        """Declarer's side's duplicate score (negative when the contract failed)."""
        return _total(self.trick_points, self.overtricks, self.level_bonus, self.slam_bonus, self.insult, self.penalty)


#: A score's parts in :class:`ScoreParts`' order: trick points, overtricks, level bonus, slam bonus, insult, penalty.
_Parts = tuple[int, int, int, int, int, int]


def _total(trick_points: int, overtricks: int, level_bonus: int, slam_bonus: int, insult: int, penalty: int) -> int:
    return trick_points + overtricks + level_bonus + slam_bonus + insult - penalty


def resolve_rules(rules: object = None) -> DealRules:
    """The era named ``rules`` (``2017``/``1987``/``current``, ``1935``, ``1932``); blank is the current Laws."""
    return choose(ERAS, rules)


def score_parts(contract: Contract, tricks: int, vulnerable: bool, rules: DealRules | None = None) -> ScoreParts:
    """Law 77, table by table: the score of ``contract`` when declarer took ``tricks`` (0-13)."""
    return ScoreParts(*_parts(contract, tricks, vulnerable, ERAS.default if rules is None else rules))


def _parts(contract: Contract, tricks: int, vulnerable: bool, era: DealRules) -> _Parts:
    """:func:`score_parts`' parts as a tuple (what :func:`line_score` adds up without making a ScoreParts)."""
    if contract.passed_out:
        return 0, 0, 0, 0, 0, 0
    if not 0 <= tricks <= 13:
        raise BridgeInputError(f"tricks {tricks}: must be 0 to 13", reason=Reason.OUT_OF_RANGE)
    doubling = contract.doubling
    needed = contract.tricks_needed
    if tricks < needed:
        ladder = era.undertricks[doubling, vulnerable]
        return 0, 0, 0, 0, 0, sum(ladder.each(needed - tricks))
    first, later = era.trick_points[contract.strain]
    factor = era.doubling_factor[doubling]
    trick_points = (first + later * (contract.level - 1)) * factor
    each_over = later if doubling is _UNDOUBLED else era.overtrick[doubling, vulnerable]
    is_game = trick_points >= era.game_threshold
    return (
        trick_points,
        (tricks - needed) * each_over,
        era.game_bonus[vulnerable] if is_game else era.partscore_bonus,
        era.slam_bonus.get((contract.level, vulnerable), 0),
        era.insult_bonus[doubling],
        0,
    )


def deal_score(contract: Contract | str, result: object, vulnerable: bool, rules: object = None) -> int:
    """Declarer's side's duplicate score: ``deal_score("4H", "=", True)`` is 620."""
    return line_score(parse_play(contract, None, result), bool(vulnerable), resolve_rules(rules))


def read_part(read: Callable[[object], P], value: object) -> P | BridgeInputError | None:
    """``read(value)``, or the error it raised (to be reported in its turn), or None for a blank value."""
    if is_blank(value):
        return None
    try:
        return read(value)
    except BridgeInputError as error:
        return error


def play_of_parts(
    contract: TypedContract | BridgeInputError | None,
    declarer: Seat | BridgeInputError | None,
    result: Result | BridgeInputError | None,
) -> Play:
    """A play from the parts of a line as read (None: blank): the first part that could not be read raises, in
    the order contract, declarer, result; a result written inside the contract must agree with one typed beside it."""
    if contract is None:
        raise BridgeInputError(f"contract missing: expected {CONTRACT_FORMS}")
    if isinstance(contract, BridgeInputError):
        raise contract
    if isinstance(declarer, BridgeInputError):
        raise declarer
    if isinstance(result, BridgeInputError):
        raise result
    played = contract.contract
    if contract.embedded is not None:
        tricks = contract.embedded.tricks(played)
        if result is not None and result.tricks(played) != tricks:
            written = contract.embedded.shown.strip("'")
            raise BridgeInputError(f"result {result.shown}: contract {contract.shown} already says {written}")
    elif result is None:
        if not played.passed_out:
            raise BridgeInputError("result missing: expected tricks taken (0-13), or =, +1, -2")
        tricks = 0
    else:
        tricks = result.tricks(played)
    return Play(played, declarer, tricks)


def _seat(value: object) -> Seat:
    seat = parse_seat(value)
    assert seat is not None  # read_part reads no blank
    return seat


def parse_play(contract: object, declarer: object, result: object) -> Play:
    """A contract, its declarer and its result as typed; the result may be written inside the contract."""
    return play_of_parts(read_part(read_contract, contract), read_part(_seat, declarer), read_part(read_result, result))


def declarer_vulnerable(vulnerability: Vulnerability | bool, seat: Seat | None) -> bool:
    """Whether declarer's side is vulnerable: ``vulnerability`` is who is vulnerable, or True/False meaning
    declarer vulnerable; ``seat`` (None if unknown) is needed only when one side alone is vulnerable."""
    if vulnerability is True or vulnerability is False:
        return vulnerability
    if vulnerability is _BOTH or vulnerability is _NONE:  # (module constants: an Enum's member is slow to look up)
        return vulnerability is _BOTH
    if seat is None:
        raise BridgeInputError(
            f"declarer missing: with vulnerability {vulnerability.value} the declarer (N, E, S or W) decides who "
            "is vulnerable"
        )
    return _VULNERABLE[vulnerability, seat]


#: Whether declarer's side is vulnerable (:meth:`Vulnerability.is_vulnerable`), by vulnerability and seat.
_VULNERABLE = {
    (vulnerability, seat): vulnerability.is_vulnerable(seat.side) for vulnerability in Vulnerability for seat in Seat
}


def line_score(play: Play, vulnerability: Vulnerability | bool | None, rules: DealRules = CURRENT) -> int:
    """The score of one deal line, as a traveller writes it: North-South's side, or declarer's side when the
    declarer is unknown. ``vulnerability`` is who is vulnerable, or True/False for declarer vulnerable (None: not
    given, which only a passed-out deal may be).

    The one scorer of a deal line: every other way in (:func:`ns_score`, :func:`deal_score`, a session's lines, the
    worksheet's BRIDGESCORE) comes here."""
    contract, declarer = play.contract, play.declarer
    if contract.passed_out:
        return 0
    if vulnerability is None:
        raise BridgeInputError(
            "vulnerability missing: expected a board number, None, NS, EW, Both, or TRUE/FALSE for declarer vulnerable"
        )
    total = _total(*_parts(contract, play.tricks, declarer_vulnerable(vulnerability, declarer), rules))
    return total if declarer is None else total * _SIGN[declarer]


#: +1 for a North-South declarer, -1 for East-West (:attr:`Side.sign`), by seat.
_SIGN = {seat: seat.side.sign for seat in Seat}


def signed_score(play: Play, vulnerability: Vulnerability | bool, rules: DealRules | None = None) -> int:
    """The score of a parsed play on a vulnerability, as a traveller writes it (see :func:`line_score`)."""
    return line_score(play, vulnerability, CURRENT if rules is None else rules)


def read_vulnerability(value: object) -> Vulnerability | bool | None:
    """A vulnerability as typed (board number, text, TRUE/FALSE); None for a blank; raises what cannot be read."""
    vulnerability = read_part(parse_vulnerability, value)
    if isinstance(vulnerability, BridgeInputError):
        raise vulnerability
    return vulnerability


def ns_score(contract: object, declarer: object, result: object, vulnerability: object, rules: object = None) -> int:
    """The score as a traveller writes it, North-South's side: ``ns_score("4SX", "N", -2, 2)`` is -500.

    With ``declarer`` blank the score is declarer's side's (``vulnerability`` must then not depend on the side).
    """
    play = parse_play(contract, declarer, result)
    return line_score(play, read_vulnerability(vulnerability), resolve_rules(rules))
