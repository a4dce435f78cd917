"""Generating movements: Mitchell (3 to 30 tables; even tables with a skip or a relay and bye stand; one winner
by arrow switch or two) and Howell (3 to 8 tables), from the tables of :mod:`xlbridge.rules.movements`.

A movement is immutable data (:class:`~.rounds.Movement`: for each round and table the pairs and
the boards). Every generated movement is checked (:func:`~.rounds.movement_problems`) before it
is returned: one that fails its own check is a bug.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ...rules import EVEN_TABLES, HOWELL_ROUND_ONE, HOWELL_THREE_TABLES, MOVEMENT_TYPES, WINNERS, Side
from ...rules.boards import HIGHEST_BOARD
from ...rules.movements import HOWELL_TYPE, MITCHELL_TYPE, ONE_WINNER, RELAY, SKIP
from ..choices import choose
from ..errors import BridgeInputError, Reason
from ..pairs import Pair
from ..values import as_whole_number, count
from .rounds import (
    BoardSet,
    Encounter,
    Movement,
    movement_problems,
    whole_in,
)

__all__ = ["howell", "make_movement", "mitchell"]


def _sets(count: int, per_round: int, first: int) -> list[BoardSet]:
    return [BoardSet(first + index * per_round, first + (index + 1) * per_round - 1) for index in range(count)]


def _phantom(phantom: object, pairs: object, tables: int, default: Pair, candidates: Iterable[Pair]) -> Pair | None:
    """The missing pair: named, or the default when the number of pairs is odd."""
    if pairs is not None:
        count = whole_in(pairs, "pairs", 2 * tables - 1, 2 * tables)
        if count == 2 * tables and phantom is not None:
            raise BridgeInputError(f"phantom {phantom}: {count} pairs fill {tables} tables; no pair is missing")
        if count == 2 * tables:
            return None
    if phantom is None:
        return default if pairs is not None else None
    known = list(candidates)
    if isinstance(phantom, Pair):
        wanted = [phantom]
    else:
        text = str(phantom).strip().upper().replace("-", "")
        found = re.fullmatch(r"(\d+)\s*(NS|EW)?", text)
        if found is None:
            raise BridgeInputError(f"phantom {phantom!r}: expected a pair number such as 7 or 7EW")
        number, side = int(found[1]), Side(found[2]) if found[2] else None
        wanted = [pair for pair in known if pair.number == number and side in (None, pair.direction)]
    chosen = [pair for pair in wanted if pair in known]
    if len(chosen) != 1:
        names = ", ".join(f"{pair.number}{pair.direction_text}" for pair in known)
        problem = "is not a pair of this movement" if not chosen else "could be either direction: add NS or EW"
        raise BridgeInputError(f"phantom {phantom}: {problem} ({names})")
    return chosen[0]


def _without(encounters: list[Encounter], phantom: Pair | None, two_fields: bool) -> list[Encounter]:
    """The encounters with the phantom's seat emptied."""
    if phantom is None:
        return encounters
    out = []
    for encounter in encounters:
        ns, ew = encounter.ns, encounter.ew
        ns_side, ew_side = (Side.NS, Side.EW) if two_fields else (None, None)
        if ns == phantom.number and phantom.direction is ns_side:
            ns = None
        if ew == phantom.number and phantom.direction is ew_side:
            ew = None
        out.append(Encounter(encounter.round, encounter.table, ns, ew, encounter.boards, encounter.switched))
    return out


def mitchell(
    tables: object,
    boards_per_round: object,
    rounds: object = None,
    first_board: object = 1,
    even: object = None,
    winners: object = None,
    switched_rounds: object = None,
    pairs: object = None,
    phantom: object = None,
) -> Movement:
    """A Mitchell of ``tables`` tables: North-South pairs stay, East-West pairs move up one table and the boards
    down one each round; board set t starts at table t.

    ``even`` (``Skip``, the default, or ``Relay``) says what an even number of tables does; ``winners`` (``Two``,
    the default, or ``One``) whether the last ``switched_rounds`` rounds are arrow-switched to rank one field (by
    default two rounds of one- or two-board rounds, else one). ``pairs`` (2n-1) or ``phantom`` (a pair number,
    ``7EW``) leaves a pair out: by default the North-South pair of the last table.
    """
    kind = MITCHELL_TYPE
    n = whole_in(tables, "tables", kind.min_tables, kind.max_tables)
    per_round = whole_in(boards_per_round, "boards per round", 1, 36)
    first = whole_in(first_board, "first board", 1)
    option = choose(EVEN_TABLES, even) if n % 2 == 0 else None
    if n % 2 and even is not None and str(even).strip():
        raise BridgeInputError(f"even tables {even!r}: {n} tables is an odd number; no skip or relay is needed")
    winner = choose(WINNERS, winners)
    full = n - 1 if option is SKIP else n
    played = full if rounds is None else whole_in(rounds, "rounds", 1, full)
    if option is RELAY and played != n:
        raise BridgeInputError(
            f"rounds {played}: a relay-and-bye Mitchell plays all {n} rounds (with fewer, the shared and resting "
            "sets would be played more or less often than the others); play fewer boards per round, or the skip",
            reason=Reason.OUT_OF_RANGE,
        )
    if winner is ONE_WINNER:
        default_switch = 2 if per_round <= 2 else 1
        switch = whole_in(default_switch if switched_rounds is None else switched_rounds, "switched rounds", 1,
                        max(1, played - 1))  # fmt: skip
    elif switched_rounds is not None:
        raise BridgeInputError("switched rounds: only a one-winner Mitchell is arrow-switched (--winners one)")
    else:
        switch = 0
    two_fields = winner is not ONE_WINNER

    def ew_number(e: int) -> int:
        return e if two_fields else n + e

    sets = _sets(n, per_round, first)
    half = n // 2
    # The relay's board circuit, in the order the sets start: tables 1..n/2, the bye stand, tables n/2+1..n-1;
    # table n shares table 1's set.
    circuit: list[int | None] = [*range(1, half + 1), None, *range(half + 1, n)]
    encounters = []
    for r in range(played):
        skip = 1 if option is SKIP and r >= half else 0
        at: dict[int, int] = {}
        if option is RELAY:
            for index, table in enumerate(circuit):
                if table is not None:
                    at[table] = (index + r) % n
            at[n] = at[1]
        else:
            at = {t: (t - 1 + r) % n for t in range(1, n + 1)}
        for t in range(1, n + 1):
            e = (t - 1 - r - skip) % n + 1
            switched = r >= played - switch
            ns, ew = (ew_number(e), t) if switched else (t, ew_number(e))
            encounters.append(Encounter(r + 1, t, ns, ew, sets[at[t]], switched))
    ns_pairs = [Pair(t, Side.NS if two_fields else None) for t in range(1, n + 1)]
    ew_pairs = [Pair(ew_number(e), Side.EW if two_fields else None) for e in range(1, n + 1)]
    missing = _phantom(phantom, pairs, n, ns_pairs[-1], ns_pairs + ew_pairs)
    notes = []
    if option is SKIP and played > half:
        skip_note = f"East-West pairs skip a table after round {half}: move up two tables"
        if played == n - 1:
            skip_note += f"; each meets {played} of the {n} North-South pairs and plays {played} of the {n} sets"
        notes.append(skip_note)
    if option is RELAY:
        notes.append(
            f"tables 1 and {n} share a board set (the relay); a set rests on a bye stand between tables {half} and "
            f"{half + 1}, and boards move from table {half + 1} to the bye stand to table {half}"
        )
    if option is RELAY and missing == ns_pairs[-1]:
        notes.append(f"NS pair {n} is missing, so table {n} never plays and the relay shares nothing")
    if played < full:
        notes.append(f"{played} of the {full} rounds: each pair meets {count(played, 'opponent')}")
    if switch:
        first_switched = played - switch + 1
        which = f"round {played}" if switch == 1 else f"rounds {first_switched}-{played}"
        notes.append(f"arrow switch in {which}: East-West pairs (numbered {n + 1}-{2 * n}) sit North-South")
    shared = tuple((r, (1, n)) for r in range(1, played + 1)) if option is RELAY else ()
    movement = Movement(
        kind, n, played, per_round, first, tuple(_without(encounters, missing, two_fields)), two_fields,
        missing, option, winner, shared, tuple(notes),
    )  # fmt: skip
    return _checked(_with_phantom_notes(_within_limit(movement)))


def howell(
    tables: object,
    boards_per_round: object,
    rounds: object = None,
    first_board: object = 1,
    pairs: object = None,
    phantom: object = None,
) -> Movement:
    """A Howell of ``tables`` tables (3 to 8): every pair meets every other once, in 2n-1 rounds of 2n-1 board sets
    (from 4 tables, each pair plays every set and each set is played at every table: a complete Howell), and 5
    rounds at 3 tables (whose last round shares one set among the three tables). The highest pair stays North at
    table 1. ``pairs`` (2n-1) or ``phantom`` leaves a pair out: by default the highest, so table 1 sits out."""
    kind = HOWELL_TYPE
    n = whole_in(tables, "tables", kind.min_tables, kind.max_tables)
    per_round = whole_in(boards_per_round, "boards per round", 1, 36)
    first = whole_in(first_board, "first board", 1)
    full = 2 * n - 1
    if rounds is not None and as_whole_number(rounds, "rounds") != full:
        raise BridgeInputError(
            f"rounds {rounds}: a {n}-table Howell plays all {full} rounds (with fewer, some sets would be played "
            "more often than others); for fewer boards play fewer boards per round",
            reason=Reason.OUT_OF_RANGE,
        )
    sets = _sets(full, per_round, first)
    encounters = []
    if n == 3:
        for r, seats in enumerate(HOWELL_THREE_TABLES, start=1):
            for t, (ns, ew, s) in enumerate(seats, start=1):
                encounters.append(Encounter(r, t, ns, ew, sets[s - 1]))
    else:
        stationary = 2 * n

        def moved(number: int, r: int) -> int:
            return number if number == stationary else (number - 1 + r) % full + 1

        for r in range(full):
            for t, (ns, ew, s) in enumerate(HOWELL_ROUND_ONE[n], start=1):
                encounters.append(Encounter(r + 1, t, moved(ns, r), moved(ew, r), sets[(s - 1 + r) % full]))
    everyone = [Pair(number) for number in range(1, 2 * n + 1)]
    missing = _phantom(phantom, pairs, n, everyone[-1], everyone)
    notes = []
    if missing != everyone[-1]:
        notes.append(f"pair {2 * n} stays North-South at table 1; the others move as their guide cards say")
    if n == 3:
        notes.append(
            "a 3-table Howell cannot give every table a set of its own every round (no Room square of side 5): "
            "in round 5 the three tables share set 5, passing its boards between them"
        )
        shared: tuple[tuple[int, tuple[int, ...]], ...] = ((5, (1, 2, 3)),)
    else:
        shared = ()
    movement = Movement(kind, n, full, per_round, first, tuple(_without(encounters, missing, False)), False,
                        missing, shared=shared, notes=tuple(notes))  # fmt: skip
    return _checked(_with_phantom_notes(_within_limit(movement)))


def make_movement(kind: object, tables: object, boards_per_round: object, **options: object) -> Movement:
    """A movement of the kind named (``Mitchell``, ``Howell``) with its options."""
    chosen = choose(MOVEMENT_TYPES, kind)
    if chosen is HOWELL_TYPE:
        extra = sorted(set(options) - {"rounds", "first_board", "pairs", "phantom"})
        given = [name.replace("_", " ") for name in extra if options[name] is not None]
        if given:
            raise BridgeInputError(f"{', '.join(given)}: a Howell has no such option (a Mitchell's)")
        return howell(tables, boards_per_round, **{k: v for k, v in options.items() if k not in extra})
    return mitchell(tables, boards_per_round, **options)


def _with_phantom_notes(movement: Movement) -> Movement:
    if movement.phantom is None:
        return movement
    pair = movement.phantom
    counts = set(movement.plays().values())
    note = f"pair {pair.number}{pair.direction_text} is missing (a phantom): its opponents sit out"
    if len(counts) > 1:
        note += f"; boards are played {min(counts)} or {max(counts)} times (scored to the most, Neuberg)"
    return Movement(
        movement.type, movement.tables, movement.rounds, movement.boards_per_round, movement.first_board,
        movement.encounters, movement.two_fields, movement.phantom, movement.even, movement.winners,
        movement.shared, (*movement.notes, note),
    )  # fmt: skip


def _within_limit(movement: Movement) -> Movement:
    """Refuse a movement whose boards go beyond the highest board number a movement file and a pairs-session
    workbook take (which prints a traveller for every board from 1)."""
    last = movement.boards.stop - 1
    if last > HIGHEST_BOARD:
        raise BridgeInputError(
            f"first board {movement.first_board}: {count(movement.rounds, 'round')} of "
            f"{count(movement.boards_per_round, 'board')} {'goes' if movement.rounds == 1 else 'go'} "
            f"up to board {last}, and board numbers go up to {HIGHEST_BOARD}",
            reason=Reason.OUT_OF_RANGE,
        )
    return movement


def _checked(movement: Movement) -> Movement:
    problems = movement_problems(movement)
    if problems:  # a generated movement that fails its own check is a bug, not a user's error
        raise AssertionError(f"{movement.title}: " + "; ".join(problems))
    return movement
