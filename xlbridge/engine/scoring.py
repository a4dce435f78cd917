"""The deal-score engine: one function reading the tables of :mod:`xlbridge.rules.duplicate`.

:func:`score_parts` splits a score the way rubber bridge writes it (trick points, overtricks, bonuses, penalty);
:func:`deal_score` adds them up for duplicate; :func:`ns_score` parses what a club types and signs the score for
North-South; :func:`score_column` scores a whole column, parsing each distinct input once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache, wraps
from itertools import repeat
from typing import TypeVar, cast

from .errors import BridgeInputError
from .model import Contract, Doubling, Seat, Vulnerability
from .parse import CONTRACT_FORMS, parse_result, parse_seat, parse_vulnerability, split_contract
from ..rules import CURRENT, ERAS, DealRules, lookup
from .values import cell_error, is_blank, is_blank_text

__all__ = [
    "Deal",
    "ScoreParts",
    "deal_score",
    "declarer_vulnerable",
    "ns_score",
    "parse_deal",
    "resolve_rules",
    "score_column",
    "score_line",
    "score_parts",
]


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
        made = self.trick_points + self.overtricks + self.level_bonus + self.slam_bonus + self.insult
        return made - self.penalty


_F = TypeVar("_F", bound=Callable[..., object])


def _remembered(function: _F) -> _F:
    """``function``, remembering its last few thousand answers (TRUE kept apart from 1); errors are not remembered.

    A column has few distinct contracts, seats, results and boards: each is read once. Unhashable arguments
    (only possible from Python) make the cache raise TypeError before ``function`` runs; ``function`` then runs
    uncached (a TypeError of its own is raised again by that second call).
    """
    cached = lru_cache(maxsize=4096, typed=True)(function)

    @wraps(function)
    def call(*args: object, **kwargs: object) -> object:
        try:
            return cached(*args, **kwargs)
        except TypeError:
            return function(*args, **kwargs)

    return cast(_F, call)


_split_contract = _remembered(split_contract)
_parse_result = _remembered(parse_result)
_parse_seat = _remembered(parse_seat)
_parse_vulnerability = _remembered(parse_vulnerability)


def resolve_rules(rules: object = None) -> DealRules:
    """The era named ``rules`` (``2017``/``1987``/``current``, ``1935``, ``1932``); blank is the current Laws."""
    if isinstance(rules, DealRules):
        return rules
    return lookup(ERAS, rules, "rules", CURRENT)


@_remembered
def score_parts(contract: Contract, tricks: int, vulnerable: bool, rules: DealRules = CURRENT) -> ScoreParts:
    """Law 77, table by table: the score of ``contract`` when declarer took ``tricks`` (0-13)."""
    if contract.passed_out:
        return ScoreParts()
    if not 0 <= tricks <= 13:
        raise BridgeInputError(f"tricks {tricks}: must be 0 to 13", excel_error="#NUM!")
    doubling = contract.doubling
    if tricks < contract.tricks_needed:
        ladder = rules.undertricks[doubling, vulnerable]
        return ScoreParts(penalty=sum(ladder.each(contract.tricks_needed - tricks)))
    first, later = rules.trick_points[contract.strain]
    factor = rules.doubling_factor[doubling]
    trick_points = (first + later * (contract.level - 1)) * factor
    over = tricks - contract.tricks_needed
    each_over = later if doubling is Doubling.UNDOUBLED else rules.overtrick[doubling, vulnerable]
    is_game = trick_points >= rules.game_threshold
    return ScoreParts(
        trick_points=trick_points,
        overtricks=over * each_over,
        level_bonus=rules.game_bonus[vulnerable] if is_game else rules.partscore_bonus,
        slam_bonus=rules.slam_bonus.get((contract.level, vulnerable), 0),
        insult=rules.insult_bonus[doubling],
    )


def deal_score(contract: Contract | str, result: object, vulnerable: bool, rules: object = None) -> int:
    """Declarer's side's duplicate score: ``deal_score("4H", "=", True)`` is 620."""
    parsed, embedded = split_contract(contract)
    if embedded is not None and is_blank(result):
        result = embedded
    tricks = parse_result(result, parsed)
    return score_parts(parsed, tricks, vulnerable, resolve_rules(rules)).total


@dataclass(frozen=True, slots=True)
class Deal:
    """One line of a traveller, parsed: declarer may be unknown (then scores are from declarer's side)."""

    contract: Contract
    declarer: Seat | None
    tricks: int
    vulnerable: bool


def parse_deal(contract: object, declarer: object, result: object, vulnerability: object) -> Deal:
    """Read one traveller line as typed; the result may be written inside the contract (``4SX-2``, ``3NT=``)."""
    if is_blank_text(contract):
        raise BridgeInputError(f"contract missing: expected {CONTRACT_FORMS}")
    parsed, embedded = _split_contract(contract)
    if embedded is not None:
        if not is_blank(result) and _parse_result(result, parsed) != _parse_result(embedded, parsed):
            raise BridgeInputError(f"result {result!r}: contract {contract!r} already says {embedded}")
        result = embedded
    seat = None if is_blank_text(declarer) else _parse_seat(declarer)
    if is_blank(result) and not parsed.passed_out:
        raise BridgeInputError("result missing: expected tricks taken (0-13), or =, +1, -2")
    tricks = _parse_result(result, parsed)
    return Deal(parsed, seat, tricks, _declarer_vulnerable(vulnerability, seat, parsed))


def _declarer_vulnerable(vulnerability: object, seat: Seat | None, contract: Contract) -> bool:
    if contract.passed_out:
        if not is_blank(vulnerability):
            parse_vulnerability(vulnerability)  # still reject nonsense
        return False
    if is_blank(vulnerability):
        raise BridgeInputError(
            "vulnerability missing: expected a board number, None, NS, EW, Both, or TRUE/FALSE for declarer vulnerable"
        )
    return declarer_vulnerable(vulnerability, seat)


def declarer_vulnerable(vulnerability: object, seat: Seat | None) -> bool:
    """Whether declarer's side is vulnerable: ``vulnerability`` is a board number, a vulnerability, or TRUE/FALSE
    meaning declarer vulnerable; ``seat`` (None if unknown) is needed only when one side alone is vulnerable."""
    vul = _parse_vulnerability(vulnerability)
    if isinstance(vul, bool):
        return vul
    if vul in (Vulnerability.NONE, Vulnerability.BOTH):
        return vul is Vulnerability.BOTH
    if seat is None:
        raise BridgeInputError(
            f"declarer missing: with vulnerability {vul.value} the declarer (N, E, S or W) decides who is vulnerable"
        )
    return vul.is_vulnerable(seat.side)


def ns_score(contract: object, declarer: object, result: object, vulnerability: object, rules: object = None) -> int:
    """The score as a traveller writes it, North-South's side: ``ns_score("4SX", "N", -2, 2)`` is -500.

    With ``declarer`` blank the score is declarer's side's (``vulnerability`` must then not depend on the side).
    """
    deal = parse_deal(contract, declarer, result, vulnerability)
    total = score_parts(deal.contract, deal.tricks, deal.vulnerable, resolve_rules(rules)).total
    return total * deal.declarer.side.sign if deal.declarer is not None else total


def is_blank_line(contract: object, declarer: object, result: object) -> bool:
    """A traveller line nobody has filled in yet (vulnerability alone does not make a line).

    xlwings Lite hands an empty cell over as 0, so a 0 in the contract or declarer column is a blank, and so is a 0
    result on a line with neither.
    """
    return is_blank_text(contract) and is_blank_text(declarer) and (is_blank(result) or result == 0)


_cache: dict[tuple[object, ...], int | BridgeInputError | None] = {}
_CACHE_LIMIT = 200_000


def score_line(
    contract: object, declarer: object, result: object, vulnerability: object, rules: object = None
) -> int | BridgeInputError | None:
    """One traveller line as a column shows it: the score, the error (not raised) for a bad line, or None for a
    line nobody has filled in. A cell that already holds an Excel error passes that error on."""
    if is_blank_line(contract, declarer, result):
        return None
    for name, value in (
        ("contract", contract),
        ("declarer", declarer),
        ("result", result),
        ("vulnerability", vulnerability),
    ):
        error = cell_error(name, value)
        if error is not None:
            return error
    try:
        return ns_score(contract, declarer, result, vulnerability, rules)
    except BridgeInputError as error:
        return error


def _cache_key(value: object) -> object:
    """Whole numbers and TRUE/FALSE with their type: TRUE == 1 == 1.0 to a dictionary, but TRUE is not board 1, and
    a Lite blank (0) in the contract or declarer column is not a typed 0.0 (classic Excel's numbers are floats)."""
    return (value.__class__, value) if value.__class__ in (int, bool) else value


def score_column(
    contracts: Sequence[object],
    declarers: Sequence[object],
    results: Sequence[object],
    vulnerabilities: Sequence[object],
    rules: object = None,
) -> list[int | BridgeInputError | None]:
    """Score a whole column of traveller lines: a score, the error for a bad line, or None for a blank line.

    ``rules`` is one era for every line, or a sequence with one per line. Each distinct (contract, declarer,
    result, vulnerability, rules) is parsed and scored once: a real column has a few thousand distinct lines
    however long it is.
    """
    size = len(contracts)
    if not size == len(declarers) == len(results) == len(vulnerabilities):
        raise ValueError("score_column: the columns must have the same length")
    eras: Sequence[object] = rules if isinstance(rules, (list, tuple)) else list(repeat(rules, size))
    if len(eras) != size:
        raise ValueError("score_column: the rules column must have the same length as the others")
    columns = [contracts, declarers, results, vulnerabilities, eras]
    keyed = list(columns)
    for index, column in enumerate(columns):
        kinds = set(map(type, column))
        if int in kinds or bool in kinds:
            keyed[index] = [_cache_key(value) for value in column]
    out: list[int | BridgeInputError | None] = []
    append = out.append
    cache = _cache
    for row, key in enumerate(zip(*keyed, strict=True)):
        hit = cache.get(key, cache)
        if hit is cache:
            hit = score_line(*(column[row] for column in columns))
            if len(cache) >= _CACHE_LIMIT:
                cache.clear()
            cache[key] = hit
        append(hit)  # type: ignore[arg-type]
    return out
