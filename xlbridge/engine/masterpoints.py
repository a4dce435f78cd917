"""Masterpoints: the awards a ranking's places earn on a scale of :mod:`xlbridge.rules.masterpoints`.

:func:`award_places` is the rule itself, over places as a ranking shows them (``1``, ``2=``, ``4``), the field
each is in and the tables in play; :func:`masterpoints` applies it to a scored session, finding the places, fields,
tables and form there, and refusing a session whose ranking is not one the scales can award (lines still to
check, a pair that walked in or out). Awards are exact hundredths (:class:`~decimal.Decimal`, ``0.21``): each
place's award is rounded to the hundredth, halves up, and pairs tied for a place share the awards of the places
they cover (an unpaid place adds nothing), the share rounded the same way. The EBU's local points
(:class:`~xlbridge.rules.masterpoints.LocalPoints`) are whole local points, 100 to a master point (12 is ``0.12``),
by the boards played; a tie's share is rounded up to a whole point and is never below the scale's step.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from functools import cached_property

from ..rules import AWARD_FORMS, MASTERPOINT_SCALES, AwardForm, MasterpointScale, Side
from ..rules.masterpoints import Depth, LocalPointBand, LocalPoints, WinnerAward
from .choices import choose
from .errors import BridgeInputError, Reason
from .pairs import Pair
from .session import Line
from .standings import SessionScore, Standing, played_by
from .values import NUMBER, as_whole_number, hundredths_of, is_blank, show

__all__ = [
    "SessionAwards",
    "award_places",
    "hundredths",
    "masterpoint_scale",
    "masterpoints",
    "paid_places",
    "place_awards",
    "read_place",
    "scale_of_file",
    "session_form",
]


def masterpoint_scale(name: object) -> MasterpointScale:
    """A scale by any of its names (blank: none)."""
    return choose(MASTERPOINT_SCALES, name, "masterpoints")


def scale_of_file(usebio_type: str, usebio_scale: str) -> MasterpointScale | None:
    """The scale a USEBIO file's ``MASTER_POINT_TYPE`` and ``MASTER_POINT_SCALE`` name (``GREEN``, ``Club``), or
    None when no scale of the registry is written so."""
    wanted = (usebio_type.strip().upper(), usebio_scale.strip().upper())
    for scale in MASTERPOINT_SCALES:
        if scale.awards and scale.usebio_type and (scale.usebio_type.upper(), scale.usebio_scale.upper()) == wanted:
            return scale
    return None


def hundredths(value: Fraction) -> Decimal:
    """``value`` to the hundredth, halves up: 0.105 is 0.11, 0.147 is 0.15 (written with two decimals)."""
    return Decimal(hundredths_of(value.numerator, value.denominator)).scaleb(-2)


#: The award of a placed pair below the paid places.
NOTHING = hundredths(Fraction(0))


def _tables(tables: object) -> Fraction:
    """The tables in play: a whole number or a half (6.5: a sit-out each round)."""
    if isinstance(tables, bool) or is_blank(tables):
        raise BridgeInputError(f"tables {show(tables)}: the number of tables in play, such as 7 or 6.5")
    if isinstance(tables, (Fraction, int)) or (isinstance(tables, float) and math.isfinite(tables)):
        count = Fraction(tables)
    elif isinstance(tables, str) and NUMBER.fullmatch(tables.strip()):
        count = Fraction(Decimal(tables.strip()))
    else:
        raise BridgeInputError(f"tables {show(tables)}: the number of tables in play, such as 7 or 6.5")
    if count <= 0 or (count * 2).denominator != 1:
        raise BridgeInputError(
            f"tables {show(tables)}: a whole number of tables, or a half (6.5), from 0.5", reason=Reason.OUT_OF_RANGE
        )
    return count


def _award(scale: MasterpointScale, winners: int) -> WinnerAward:
    award = scale.winners.get(winners)
    if award is None:
        raise BridgeInputError(f"masterpoints {scale.name}: no award for a movement of {winners} winners")
    return award


def _counted(award: WinnerAward, tables: Fraction) -> Fraction:
    """The tables as the scale counts them: a half table as a whole one, or as it is."""
    return Fraction(math.ceil(tables)) if award.half_table == "whole" else tables


def _winner(scale: MasterpointScale, award: WinnerAward, tables: Fraction) -> Decimal:
    """The winner's award, to the hundredth."""
    counted = _counted(award, tables)
    if award.linear_to is None or award.decay is None or counted <= award.linear_to:
        exact = award.per_table * scale.weight * counted
    else:  # the saturating formula: W[1 - exp(-T/decay)], exact to 28 digits before it is rounded
        decay = (-Decimal(counted.numerator) / Decimal(counted.denominator * award.decay)).exp()
        exact = scale.weight * (1 - Fraction(decay))
    if scale.cap is not None:
        exact = min(exact, scale.cap)
    return hundredths(exact)


def _rounded(value: Fraction, rounding: str) -> int:
    if rounding == "down":
        return math.floor(value)
    if rounding == "up":
        return math.ceil(value)
    return math.floor(value + Fraction(1, 2))  # "half up"


def _depth(scale: MasterpointScale, form: AwardForm) -> Depth:
    depth = scale.depths.get(form.name)
    if depth is None:
        raise BridgeInputError(f"masterpoints {scale.name}: no depth of awards for {form.name}")
    return depth


def paid_places(scale: object, tables: object, winners: int, field_size: int, form: object = None,
                boards: object = None) -> int:  # fmt: skip
    """How many places of a field of ``field_size`` pairs are paid (none on the scale that awards nothing);
    ``boards``, the boards played, for the EBU's local points."""
    chosen = masterpoint_scale(scale)
    if not chosen.awards:
        return 0
    if chosen.local is not None:
        return len(_local_points(chosen, chosen.local, _tables(tables), winners, field_size, boards))
    award, depth = _award(chosen, winners), _depth(chosen, choose(AWARD_FORMS, form))
    count = Fraction(field_size)
    if depth.counts == "group":  # the pairs the field's tables seat, not those placed in it
        count = _counted(award, _tables(tables)) * (2 if winners == 1 else 1)
    return max(0, min(field_size, _rounded(count * depth.share, depth.rounding)))


def place_awards(scale: object, tables: object, winners: int, field_size: int,
                 form: object = None, boards: object = None) -> tuple[Decimal, ...]:  # fmt: skip
    """The award of each paid place of a field, first place first (as the scale's tables list them); ``boards``,
    the boards played, for the EBU's local points."""
    chosen = masterpoint_scale(scale)
    if chosen.local is not None:
        points = _local_points(chosen, chosen.local, _tables(tables), winners, field_size, boards)
        return tuple(Decimal(each).scaleb(-2) for each in points)
    paid = paid_places(chosen, tables, winners, field_size, form)
    if not paid:
        return ()
    first = _winner(chosen, _award(chosen, winners), _tables(tables))
    shares = chosen.places
    out = [first]
    for place in range(2, paid + 1):
        index = place - 2
        share = shares.listed[index] if index < len(shares.listed) else Fraction(1, place - shares.offset)
        out.append(hundredths(Fraction(first) * share))
    return tuple(out)


def _local_points(scale: MasterpointScale, local: LocalPoints, tables: Fraction, winners: int, field_size: int,
                  boards: object) -> tuple[int, ...]:  # fmt: skip
    """Each paid place's EBU local points, first place first: a share of the pairs the full tables seat (half
    tables ignored), by the band of the boards played; the last paid place earns the step, each above it a step
    more, to the band's most."""
    if winners != 1:
        raise BridgeInputError(
            f"masterpoints {scale.name}: the EBU's local points are awarded here to one field (a Howell, an "
            f"arrow-switched Mitchell); its scales for a two-winner movement were not available, so award its two "
            f"fields by hand"
        )
    if field_size < local.fewest_pairs:
        raise BridgeInputError(
            f"masterpoints {scale.name}: {field_size} pairs placed; the EBU awards local points to a field of "
            f"{local.fewest_pairs} pairs or more",
            reason=Reason.OUT_OF_RANGE,
        )
    band = _band(scale, local, boards)
    if band is None:
        return ()
    paid = math.ceil(2 * math.floor(tables) * band.share)
    return tuple(min(band.most, local.step * (paid - index)) for index in range(paid))[:field_size]


def _band(scale: MasterpointScale, local: LocalPoints, boards: object) -> LocalPointBand | None:
    """The band of the boards played (None: fewer than the first band's, which earn nothing)."""
    if is_blank(boards):
        raise BridgeInputError(
            f"masterpoints {scale.name}: the EBU's local points depend on the boards played: give the boards "
            f"({local.bands[0].boards} or more earn points)"
        )
    played = as_whole_number(boards, "boards")
    if played < 1:
        raise BridgeInputError(f"boards {played}: the boards played, from 1", reason=Reason.OUT_OF_RANGE)
    found = None
    for band in local.bands:
        if played >= band.boards:
            found = band
    return found


_PLACE = re.compile(r"=?\s*([0-9]{1,6})\s*(=?)")


def read_place(value: object) -> tuple[int, bool] | None:
    """A place as a ranking shows it: ``3``, ``3.0``, ``"2="`` or ``"=2"`` (shared); blank is None."""
    if is_blank(value):
        return None
    if isinstance(value, bool):
        raise BridgeInputError(f"place {show(value)}: expected a place such as 1, 2 or 2=")
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        value = int(value)
    if isinstance(value, int):
        if value < 1:
            raise BridgeInputError(f"place {value}: places start at 1", reason=Reason.OUT_OF_RANGE)
        return value, False
    if isinstance(value, str):
        text = value.strip()
        match = _PLACE.fullmatch(text)
        if match is not None and int(match[1]) >= 1:
            return int(match[1]), "=" in text
    raise BridgeInputError(f"place {show(value)}: expected a place such as 1, 2 or 2=")


def _field_awards(label: str, places: list[tuple[int, bool]], table: tuple[Decimal, ...],
                  local: LocalPoints | None = None) -> dict[int, Decimal]:  # fmt: skip
    """Each place's award in one field (ties shared; ``local``: as the EBU's local points share them), after
    checking the places are a ranking: the first is 1, a place held by k pairs is followed by the place k further
    on, and ``=`` marks a place held by more than one."""
    holders = Counter(place for place, _ in places)
    marked = {place for place, tied in places if tied}
    expected = 1
    for place in sorted(holders):
        count = holders[place]
        if place != expected:
            before = f"place {expected}" if expected == 1 else f"the {expected - 1} pair(s) placed above it"
            shared = any(holders[p] > 1 and p not in marked for p in holders)
            hint = "; the places of two fields? say which field each is in" if shared else ""
            raise BridgeInputError(f"{label}place {place}: a ranking's places run from 1, each after {before}"
                                   f" (expected {expected}{hint})")  # fmt: skip
        if count == 1 and place in marked:
            raise BridgeInputError(f"{label}place {place}=: no other pair shares place {place}")
        expected = place + count
    out = {}
    for place, count in holders.items():
        covered = [table[index] if index < len(table) else NOTHING for index in range(place - 1, place - 1 + count)]
        if count == 1:
            out[place] = covered[0]
        elif local is not None:
            out[place] = _local_share(local, covered)
        else:
            out[place] = hundredths(sum(map(Fraction, covered), Fraction(0)) / count)
    return out


def _local_share(local: LocalPoints, covered: list[Decimal]) -> Decimal:
    """What each of pairs tied for a place earns of the EBU's local points: the points of the places they cover,
    shared, rounded up to a whole point, and never below the step (nothing stays nothing)."""
    points = math.ceil(Fraction(sum(int(award.scaleb(2)) for award in covered), len(covered)))
    if 0 < points < local.step:
        points = local.step
    return Decimal(points).scaleb(-2)


def award_places(places: Sequence[object], scale: object, tables: object, winners: int = 1,
                 fields: Sequence[object] | None = None, form: object = None,
                 boards: object = None) -> list[Decimal | None]:  # fmt: skip
    """The award of each place of a ranking, in its order: a place as a ranking shows it (``1``, ``2=``; blank:
    no place, no award), ``fields`` the field each is in (any labels, such as NS and EW, for a two-winner
    movement; ignored with one winner), ``tables`` the tables in play (6.5 for a sit-out each round), ``boards``
    the boards played (the EBU's local points depend on them). A placed pair outside the paid places gets 0; on the
    scale that awards nothing every award is None."""
    chosen = masterpoint_scale(scale)
    count = _tables(tables)
    if winners not in (1, 2):
        raise BridgeInputError(f"winners {winners}: a movement has one winner or two")
    read = [read_place(place) for place in places]
    if fields is not None and len(fields) != len(read):
        raise BridgeInputError(f"fields: {len(fields)} given for {len(read)} places")
    labels = ["" if winners == 1 or fields is None or is_blank(f) else str(f).strip().upper() for f in fields or read]
    by_field: dict[str, list[tuple[int, bool]]] = {}
    for place, label in zip(read, labels, strict=True):
        if place is not None:
            by_field.setdefault(label, []).append(place)
    if winners == 2 and "" in by_field and len(by_field) > 1:
        raise BridgeInputError("fields: a place without its field (NS or EW) among places that have one")
    room = count * 2 if winners == 1 else Fraction(math.ceil(count))
    shares: dict[str, dict[int, Decimal]] = {}
    for label, holders in by_field.items():
        name = f"{label} " if label else ""
        if len(holders) > room:
            where = f"the {label} field" if label else "one field"
            raise BridgeInputError(
                f"tables {show(tables)}: {len(holders)} pairs are placed in {where}, more than the tables seat there "
                f"({_shown(room)})",
                reason=Reason.OUT_OF_RANGE,
            )
        table = place_awards(chosen, count, winners, len(holders), form, boards) if chosen.awards else ()
        shares[label] = _field_awards(name, holders, table, chosen.local)
    if not chosen.awards:
        return [None] * len(read)
    return [None if place is None else shares[label][place[0]] for place, label in zip(read, labels, strict=True)]


def _shown(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else str(float(value))


# --- a scored session -----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SessionAwards:
    """A scored session's masterpoints: one award per standing of the session, in the standings' order (the order of
    its pairs), None for a pair without a place (or on the scale that awards nothing), 0 for one placed below the
    paid places."""

    scale: MasterpointScale
    form: AwardForm
    #: Tables in play (half the pairs placed: 6.5 with a sit-out each round), and the movement's winners.
    tables: Fraction
    winners: int
    #: Places paid in each field (1, or 2 for East-West's field of a two-winner movement).
    paid: dict[int, int]
    awards: tuple[Decimal | None, ...]
    pairs: tuple[Pair, ...]

    @cached_property
    def by_pair(self) -> dict[Pair, Decimal | None]:
        """Each pair's award, by the session's :class:`~xlbridge.engine.session.Pair`."""
        return dict(zip(self.pairs, self.awards, strict=True))

    def of(self, pair: Pair) -> Decimal | None:
        """The award of one of the session's pairs (KeyError for a pair not in the session)."""
        return self.by_pair[pair]

    @staticmethod
    def in_hundredths(award: Decimal | None) -> int | None:
        """An award as USEBIO's ``MASTER_POINTS_AWARDED`` holds it: 0.21 is 21."""
        return None if award is None else int(award.scaleb(2))


def _rounds(score: SessionScore) -> tuple[dict[Pair, int], Counter[int]]:
    """How many rounds (distinct opponents) each placed pair played, and how many boards each meeting had."""
    session = score.session
    seated = session.seating
    rounds: dict[Pair, int] = {}
    for standing in score.standings:
        opponents = set()
        for side, index in played_by(standing.pair, seated, session.field_kind.two_fields):
            line = session.lines[index]
            assert isinstance(line, Line)  # a complete ranking has no line to check
            opponents.add(line.ew if side is Side.NS else line.ns)
        rounds[standing.pair] = len(opponents)
    meetings = Counter((line.ns, line.ew) for line in session.lines if isinstance(line, Line))
    return rounds, Counter(meetings.values())


def session_form(score: SessionScore) -> AwardForm:
    """The form of the session's event as the scales pay it: the form whose scoring and round length the session
    has, else duplicate pairs (the default; a pairs session scored Butler too, as Compscore3 pays it)."""
    return _form(score, _rounds(score)[1])


def _form(score: SessionScore, boards: Counter[int]) -> AwardForm:
    """The form, from the boards each meeting of the session had (the most common count is a round's)."""
    per_round = boards.most_common(1)[0][0] if boards else 0
    for form in AWARD_FORMS:
        if form.comparison == score.session.method.comparison and per_round >= form.boards_per_round:
            return form
    return AWARD_FORMS.default


def _label(pair: Pair) -> str:
    return f"{pair.number}{pair.direction_text}"


def masterpoints(ranking: SessionScore, scale: object = None) -> SessionAwards:
    """The masterpoints of a scored session (:func:`~xlbridge.engine.standings.score_session`) on ``scale`` (a
    name of :data:`~xlbridge.rules.masterpoints.MASTERPOINT_SCALES`; blank: none).

    Each field (two in a two-winner Mitchell) is awarded on its own, on the scratch ranking; the tables in play are
    half the pairs placed, so a sit-out each round (a phantom) makes a half table, counted as the scale says; a pair
    that sat out a round is in its field like any other; the session's distinct boards are the boards played that
    choose an EBU local-point band. A session of two sections or more is awarded as the scale's source says
    (:func:`_sectioned`). Refused, with the reason: a ranking that waits for lines to be checked, a pair whose
    figures are in error, a session with no place, a session of several sections on a scale whose rule for them no
    source here gives, and a pair that played fewer rounds than its field (a walk-in or walk-out, beyond one round
    a sit-out explains), for which neither the ABF manual nor the ACBL handbook as found gives a rule.
    """
    chosen = masterpoint_scale(scale)
    standings = ranking.standings
    winners = 2 if ranking.session.field_kind.two_fields else 1
    placed = [standing for standing in standings if standing.place]
    tables = Fraction(len(placed), 2)
    pairs = tuple(standing.pair for standing in standings)
    if not chosen.awards:
        return SessionAwards(chosen, AWARD_FORMS.default, tables, winners, {}, (None,) * len(standings), pairs)
    if ranking.problems:
        raise BridgeInputError(
            f"masterpoints: the ranking waits for {ranking.problems} line(s) to be checked; the awards follow a "
            f"complete ranking"
        )
    if len(ranking.session.sections) > 1:
        return _sectioned(ranking, chosen)
    for standing in standings:
        if isinstance(standing.total, BridgeInputError):
            raise standing.total.within(f"masterpoints: pair {_label(standing.pair)}")
        if standing.boards and not standing.place:
            raise BridgeInputError(f"masterpoints: pair {_label(standing.pair)} played but has no place")
    if not placed:
        raise BridgeInputError("masterpoints: no pair has a place, so there is nothing to award")
    rounds, boards = _rounds(ranking)
    _check_rounds(ranking, rounds, placed, winners)
    form = _form(ranking, boards)
    fields = [standing.field for standing in standings]
    places = [standing.place for standing in standings]
    awards = award_places(places, chosen, tables, winners, fields, form, ranking.boards)
    paid = {
        field: paid_places(chosen, tables, winners, sum(1 for s in placed if s.field == field), form, ranking.boards)
        for field in sorted({s.field for s in placed})
    }
    return SessionAwards(chosen, form, tables, winners, paid, tuple(awards), pairs)


def _section_scores(score: SessionScore) -> list[tuple[SessionScore, list[int]]]:
    """Each section of a scored session as a scored session of its own (its lines, standings and figures), with
    the indices of its standings in the session's."""
    tops = {section: (expected, top) for section, expected, top in score.section_tops}
    out = []
    for own, lines, pairs in score.session.split():
        expected, top = tops.get(own.sections[0], (score.expected, score.top))
        figures = [score.lines[index] for index in lines]
        out.append((SessionScore(
            own, tuple(figures), tuple(score.standings[index] for index in pairs), expected, top, len(own.boards),
            len(own.lines) - len(own.not_played), sum(1 for line in figures if line.problem),
        ), pairs))  # fmt: skip
    return out


def _sectioned(score: SessionScore, scale: MasterpointScale) -> SessionAwards:
    """The masterpoints of a session of two sections or more, where the scale's source says how
    (:attr:`~xlbridge.rules.masterpoints.MasterpointScale.sections`: each set of pairs compared directly is a
    field): scored within each section, each section awarded as a session of its own; across the field, the pairs
    of every section ranked together (each direction apart where every section has two), on the tables of the
    whole field. Refused, saying what is missing, on a scale whose rule for sections no source here gives."""
    sections = score.session.sections
    if not scale.sections:
        raise BridgeInputError(
            f"masterpoints {scale.name}: a session of {len(sections)} sections ({', '.join(sections)}): "
            f"{scale.sections_missing}: award it by hand"
        )
    parts = _section_scores(score)
    section_awards = [(masterpoints(own, scale), pairs) for own, pairs in parts]  # each section's checks, once
    pairs = tuple(standing.pair for standing in score.standings)
    awards: list[Decimal | None] = [None] * len(pairs)
    first = section_awards[0][0]
    if not score.session.section_scoring.across:
        paid: Counter[int] = Counter()
        for own, indices in section_awards:
            paid.update(own.paid)
            for index, award in zip(indices, own.awards, strict=True):
                awards[index] = award
        tables = sum((own.tables for own, _ in section_awards), Fraction(0))
        return SessionAwards(scale, first.form, tables, first.winners, dict(paid), tuple(awards), pairs)
    overall = score.overall
    winners = 2 if all(own.winners == 2 for own, _ in section_awards) else 1
    placed = [standing for standing in overall if standing.place]
    tables = Fraction(len(placed), 2)
    places = [standing.place for standing in overall]
    fields = [standing.field for standing in overall]
    given = award_places(places, scale, tables, winners, fields, first.form, score.boards)
    by_pair = dict(zip((standing.pair for standing in overall), given, strict=True))
    paid_in = {field: paid_places(scale, tables, winners, sum(1 for s in placed if s.field == field), first.form,
                                  score.boards) for field in sorted({s.field for s in placed})}  # fmt: skip
    return SessionAwards(scale, first.form, tables, winners, paid_in, tuple(by_pair[pair] for pair in pairs), pairs)


def _check_rounds(score: SessionScore, rounds: dict[Pair, int], placed: list[Standing], winners: int) -> None:
    """Refuse a session in which a pair played fewer rounds than the others of its field: one round less is a
    sit-out where the session has one (an odd number of pairs in one field, fields of two sizes), more is a pair
    that came late or left early."""
    fields: dict[int, list[Pair]] = {}
    for standing in score.standings:
        if standing.place:
            fields.setdefault(standing.field, []).append(standing.pair)
    sizes = {len(members) for members in fields.values()}
    sit_outs = len(placed) % 2 == 1 if winners == 1 else len(sizes) > 1
    short: list[tuple[int, Pair, int]] = []
    for members in fields.values():
        most = max(rounds[pair] for pair in members)
        allowed = most - (1 if sit_outs else 0)
        short += [(most - rounds[pair], pair, most) for pair in members if rounds[pair] < allowed]
    if not short:
        return
    worst = max(missed for missed, _, _ in short)
    named = [(pair, most) for missed, pair, most in short if missed == worst]
    listed = ", ".join(f"pair {_label(pair)} played {rounds[pair]} of {most}" for pair, most in named)
    others = len(short) - len(named)
    also = f"; {others} other pair(s) missed rounds against it" if others else ""
    raise BridgeInputError(
        f"masterpoints: {listed} rounds (a walk-in or walk-out{also}): no published rule for awarding such a "
        f"session was found, so award it by hand",
        reason=Reason.OUT_OF_RANGE,
    )
