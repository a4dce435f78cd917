"""Rubber bridge and Chicago: the deal-score engine plus a small state machine each.

Rubber bridge writes trick points below the line and everything else above it; a side with 100 below the line
since the last line was drawn wins a game, and the first to two games wins the rubber. Chicago scores four deals
with a fixed vulnerability wheel and duplicate's game bonuses, given at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..rules import ChicagoWheel, DealRules
from ..rules.rubber import (
    CHICAGO_DEAL_FOUR_PARTSCORE,
    CHICAGO_DEALS,
    CHICAGO_WHEELS,
    GAME_BELOW_THE_LINE,
    HONOURS,
    RUBBER_BONUS,
    UNFINISHED_GAME,
)
from .choices import choose
from .errors import BridgeInputError, Reason
from .model import Contract, Seat, Side, Vulnerability
from .parse import normalise_text, parse_seat
from .scoring import parse_play, resolve_rules, score_parts
from .values import NUMBER, as_whole_number, is_blank, show

__all__ = [
    "ChicagoRow",
    "Deal",
    "RubberRow",
    "chicago",
    "chicago_wheel",
    "parse_honours",
    "parse_rubber_deal",
    "rubber",
]


@dataclass(frozen=True, slots=True)
class Deal:
    """A deal as rubber and Chicago scoresheets record it; ``contract`` None is a blank row (no deal)."""

    declarer: Seat | None
    contract: Contract | None
    tricks: int = 0
    honours: int = 0  # North-South's side: +100 held by NS, -150 held by EW

    @property
    def passed_out(self) -> bool:
        return self.contract is not None and self.contract.passed_out


_HONOURS_VALUES = frozenset(HONOURS.values())


def parse_honours(value: object) -> int:
    """Honours as North-South's points: a signed number (+100 NS, -150 EW) or text NS100, EW150; blank is none."""
    if is_blank(value):
        return 0
    amount, sign = 0, 1
    if isinstance(value, str):
        text = normalise_text(value).replace("-", "", 1) if value.strip()[:1].isalpha() else normalise_text(value)
        holder = text[:2]
        if holder in ("NS", "EW") and text[2:].isdigit():
            amount, sign = int(text[2:]), (1 if holder == "NS" else -1)
        elif NUMBER.fullmatch(text):
            amount = as_whole_number(text, "honours")
        else:
            raise BridgeInputError(f"honours {show(value)}: expected +100/-150 (North-South's side) or NS100, EW150")
    else:
        amount = as_whole_number(value, "honours")
    if abs(amount) not in _HONOURS_VALUES:
        raise BridgeInputError(
            f"honours {show(value)}: honours are worth 100 (four trump honours) or 150 (five, or four aces at notrump)",
            reason=Reason.OUT_OF_RANGE,
        )
    return sign * amount


def parse_rubber_deal(declarer: object, contract: object, result: object, honours: object = None) -> Deal:
    """One line of a rubber or Chicago scoresheet; all blank is no deal."""
    if is_blank(contract) and is_blank(declarer) and is_blank(result):
        if not is_blank(honours):
            raise BridgeInputError("honours without a deal: enter the contract too")
        return Deal(None, None)
    if is_blank(contract):
        raise BridgeInputError("contract missing: each deal needs its contract (or PASS)")
    play = parse_play(contract, None, result)
    if play.contract.passed_out:
        if not is_blank(honours):
            raise BridgeInputError("honours on a passed-out deal: it is redealt and scores nothing")
        return Deal(None, play.contract)
    seat = parse_seat(declarer)
    if seat is None:
        raise BridgeInputError("declarer missing: rubber and Chicago need N, E, S or W to know who scores")
    parsed, tricks = play.contract, play.tricks
    points = parse_honours(honours)
    if points and parsed.strain.value == "NT" and abs(points) != HONOURS["four aces"]:
        raise BridgeInputError(
            f"honours {show(honours)}: at notrump only the four aces count (150)", reason=Reason.OUT_OF_RANGE
        )
    return Deal(seat, parsed, tricks, points)


@dataclass(frozen=True, slots=True)
class RubberRow:
    """A deal's line on a rubber scoresheet: points above and below the line for each side, the state after it."""

    ns_above: int = 0
    ns_below: int = 0
    ew_above: int = 0
    ew_below: int = 0
    games: tuple[int, int] = (0, 0)  # (NS, EW) in the current rubber, after the deal
    vulnerability: Vulnerability = Vulnerability.NONE
    marker: str = ""


@dataclass
class _Sides:
    points: dict[Side, int] = field(default_factory=lambda: {Side.NS: 0, Side.EW: 0})

    def __getitem__(self, side: Side) -> int:
        return self.points[side]

    def add(self, side: Side, amount: int) -> None:
        self.points[side] += amount


def _vulnerability(ns: bool, ew: bool) -> Vulnerability:
    return {(False, False): Vulnerability.NONE, (True, False): Vulnerability.NS, (False, True): Vulnerability.EW}.get(
        (ns, ew), Vulnerability.BOTH
    )


def rubber(
    deals: Sequence[Deal], rules: object = None, settle: bool = True
) -> tuple[list[RubberRow | None], tuple[int, int]]:
    """Score rubbers deal by deal: a row per deal (None for a blank row) and the (NS, EW) totals.

    Several rubbers follow one another. With ``settle``, a rubber still unfinished after the last deal gets Law 80's
    bonuses (300 for the only game; for the only partscore in the unfinished game the era's, 100 since 1993 and 50
    before), shown on the last deal's row.
    """
    era: DealRules = resolve_rules(rules)
    games = _Sides()
    below = _Sides()  # trick points towards the current game
    totals = _Sides()
    rows: list[RubberRow | None] = []
    last_deal = None
    for deal in deals:
        if deal.contract is None:
            rows.append(None)
            continue
        above_line, below_line = _Sides(), _Sides()
        marker = ""
        if deal.passed_out:
            marker = "passed out: redealt"
        else:
            assert deal.declarer is not None
            side = deal.declarer.side
            parts = score_parts(deal.contract, deal.tricks, games[side] > 0, era)
            if parts.penalty:
                above_line.add(side.other, parts.penalty)
            else:
                below_line.add(side, parts.trick_points)
                above_line.add(
                    side, parts.overtricks + parts.slam_bonus + era.rubber_insult_bonus[deal.contract.doubling]
                )
                below.add(side, parts.trick_points)
            if deal.honours:
                above_line.add(Side.NS if deal.honours > 0 else Side.EW, abs(deal.honours))
            if below[side] >= GAME_BELOW_THE_LINE:
                games.add(side, 1)
                below = _Sides()
                marker = f"line: game to {side.value}"
                if games[side] == 2:
                    bonus = RUBBER_BONUS[games[side.other]]
                    above_line.add(side, bonus)
                    marker = f"rubber to {side.value} {games[side]}-{games[side.other]}: +{bonus}"
                    games = _Sides()
        for side in Side:
            totals.add(side, above_line[side] + below_line[side])
        rows.append(
            RubberRow(
                above_line[Side.NS],
                below_line[Side.NS],
                above_line[Side.EW],
                below_line[Side.EW],
                (games[Side.NS], games[Side.EW]),
                _vulnerability(games[Side.NS] > 0, games[Side.EW] > 0),
                marker,
            )
        )
        last_deal = len(rows) - 1
    if settle and last_deal is not None:
        extra = _Sides()
        notes = []
        if (games[Side.NS] > 0) != (games[Side.EW] > 0):
            side = Side.NS if games[Side.NS] > 0 else Side.EW
            extra.add(side, UNFINISHED_GAME)
            notes.append(f"{side.value} +{UNFINISHED_GAME} for the only game")
        if (below[Side.NS] > 0) != (below[Side.EW] > 0):
            side = Side.NS if below[Side.NS] > 0 else Side.EW
            extra.add(side, era.rubber_unfinished_partscore)
            notes.append(f"{side.value} +{era.rubber_unfinished_partscore} for the only partscore")
        if notes:
            row = rows[last_deal]
            assert row is not None
            rows[last_deal] = RubberRow(
                row.ns_above + extra[Side.NS],
                row.ns_below,
                row.ew_above + extra[Side.EW],
                row.ew_below,
                row.games,
                row.vulnerability,
                "; ".join(filter(None, [row.marker, "unfinished rubber: " + ", ".join(notes)])),
            )
            for side in Side:
                totals.add(side, extra[side])
    return rows, (totals[Side.NS], totals[Side.EW])


@dataclass(frozen=True, slots=True)
class ChicagoRow:
    """A deal of a chicago: its number in the set of four, dealer, vulnerability, points scored, partscores after."""

    deal: int
    dealer: Seat
    vulnerability: Vulnerability
    ns_points: int = 0
    ew_points: int = 0
    ns_partscore: int = 0
    ew_partscore: int = 0
    marker: str = ""


def _chicago_vulnerability(wheel: ChicagoWheel, deal: int, dealer: Seat) -> Vulnerability:
    kind = wheel.vulnerability[deal - 1]
    if kind == "none":
        return Vulnerability.NONE
    if kind == "both":
        return Vulnerability.BOTH
    return Vulnerability((dealer.side if kind == "dealer" else dealer.side.other).value)


def _wheel_start(first_dealer: object, wheel: object) -> tuple[Seat, ChicagoWheel]:
    dealer = Seat.NORTH if is_blank(first_dealer) else parse_seat(first_dealer, "first_dealer")
    assert dealer is not None
    return dealer, choose(CHICAGO_WHEELS, wheel, "wheel")


def chicago_wheel(first_dealer: object = None, wheel: object = None) -> list[tuple[Seat, Vulnerability]]:
    """The four deals of a chicago: each one's dealer (the first dealer, then clockwise) and vulnerability."""
    dealer, chosen = _wheel_start(first_dealer, wheel)
    out = []
    for number in range(1, CHICAGO_DEALS + 1):
        out.append((dealer, _chicago_vulnerability(chosen, number, dealer)))
        dealer = dealer.next
    return out


def chicago(
    deals: Sequence[Deal], first_dealer: object = None, wheel: object = None
) -> tuple[list[ChicagoRow | None], tuple[int, int]]:
    """Score Chicago deal by deal: a row per deal (None for a blank row) and the (NS, EW) totals.

    ``wheel`` says who is vulnerable on deals 2 and 3: ``DEALER`` (the dealer's side, the default) or
    ``NON-DEALER`` (the dealer's opponents, as some clubs agree). A passed-out deal is redealt by the same dealer
    and does not count as one of the four. A deal's honours (where a club scores them) go to the side holding
    them, whoever declares and whether or not the contract makes, as in rubber bridge; they count towards no game.
    """
    dealer, chosen = _wheel_start(first_dealer, wheel)
    era = resolve_rules(None)
    number = 1
    below = _Sides()
    totals = _Sides()
    rows: list[ChicagoRow | None] = []
    for deal in deals:
        if deal.contract is None:
            rows.append(None)
            continue
        vulnerability = _chicago_vulnerability(chosen, number, dealer)
        points = _Sides()
        marker = ""
        if deal.passed_out:
            rows.append(
                ChicagoRow(number, dealer, vulnerability, 0, 0, below[Side.NS], below[Side.EW], "passed out: redealt")
            )
            continue
        assert deal.declarer is not None
        side = deal.declarer.side
        vulnerable = vulnerability.is_vulnerable(side)
        parts = score_parts(deal.contract, deal.tricks, vulnerable, era)
        if parts.penalty:
            points.add(side.other, parts.penalty)
        else:
            points.add(side, parts.trick_points + parts.overtricks + parts.slam_bonus + parts.insult)
            below.add(side, parts.trick_points)
            if below[side] >= era.game_threshold:
                points.add(side, era.game_bonus[vulnerable])
                below = _Sides()
                marker = f"game to {side.value}: +{era.game_bonus[vulnerable]}"
            elif number == CHICAGO_DEALS:
                points.add(side, CHICAGO_DEAL_FOUR_PARTSCORE)
                marker = f"partscore on deal 4: +{CHICAGO_DEAL_FOUR_PARTSCORE} to {side.value}"
        if deal.honours:  # above the line, to the side holding them (Law 81 of rubber bridge)
            points.add(Side.NS if deal.honours > 0 else Side.EW, abs(deal.honours))
        for each in Side:
            totals.add(each, points[each])
        if number == CHICAGO_DEALS:
            marker = "; ".join(filter(None, [marker, "end of the chicago"]))
        rows.append(
            ChicagoRow(
                number, dealer, vulnerability, points[Side.NS], points[Side.EW], below[Side.NS], below[Side.EW], marker
            )
        )
        dealer = dealer.next
        number += 1
        if number > CHICAGO_DEALS:
            number = 1
            below = _Sides()
    return rows, (totals[Side.NS], totals[Side.EW])


def parse_deals(
    declarers: Sequence[Any], contracts: Sequence[Any], results: Sequence[Any], honours: Sequence[Any] | None = None
) -> list[Deal]:
    """Parse a scoresheet's columns; the first bad line raises, naming its deal number."""
    deals = []
    for index, (declarer, contract, result) in enumerate(zip(declarers, contracts, results, strict=True)):
        held = honours[index] if honours is not None else None
        try:
            deals.append(parse_rubber_deal(declarer, contract, result, held))
        except BridgeInputError as error:
            raise error.within(f"deal {index + 1}") from None
    return deals
