"""Generating movements: Mitchell (3 to 30 tables; even tables with a skip or a relay and bye stand; one winner
by arrow switch or two), Howell (3 to 15 tables) and 3/4 Howell (4 to 15), and the Mitchell variants: hesitation,
rover, web, Bowman and appendix; from the tables of :mod:`xlbridge.rules.movements`.

A movement is immutable data (:class:`~.rounds.Movement`: for each round and table the pairs and
the boards). Every generated movement is checked (:func:`~.rounds.movement_problems`) before it
is returned: one that fails its own check is a bug.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, fields, replace

from ...rules import EVEN_TABLES, HOWELL_ROUND_ONE, HOWELL_THREE_TABLES, MOVEMENT_TYPES, WINNERS, Side
from ...rules.boards import HIGHEST_BOARD
from ...rules.movements import (
    APPENDIX_TYPE,
    BOWMAN_TYPE,
    HESITATION_TYPE,
    HOWELL_TYPE,
    MITCHELL_TYPE,
    ONE_WINNER,
    RELAY,
    ROVER_STEP,
    ROVER_TABLES,
    ROVER_TYPE,
    SKIP,
    THREE_QUARTER_HOWELL_TYPE,
    UNEQUAL_BOARDS,
    UNEQUAL_PLAYS,
    WEB_TYPE,
    MovementType,
)
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

__all__ = [
    "MovementOptions",
    "appendix_mitchell",
    "bowman_mitchell",
    "hesitation_mitchell",
    "howell",
    "make_movement",
    "mitchell",
    "rover_mitchell",
    "three_quarter_howell",
    "web_mitchell",
]


@dataclass(frozen=True, slots=True)
class MovementOptions:
    """What a director may choose of a movement beyond its tables and boards per round, as given (checked by the
    generator that reads it); None is the kind's default. Each kind reads those it takes (:data:`GENERATORS`)."""

    rounds: object = None
    first_board: object = 1
    #: An even-table Mitchell's :data:`~xlbridge.rules.EVEN_TABLES` entry.
    even: object = None
    #: A Mitchell's :data:`~xlbridge.rules.WINNERS` entry.
    winners: object = None
    switched_rounds: object = None
    #: 2n, or 2n-1 (a phantom).
    pairs: object = None
    #: The missing pair (``7``, ``7EW``).
    phantom: object = None

    def given(self) -> list[str]:
        """The options given (not left to the kind's default), by name: all but the first board (every kind takes
        it)."""
        return [f.name for f in fields(self) if f.name != "first_board" and getattr(self, f.name) is not None]


def _sets(count: int, per_round: int, first: int) -> list[BoardSet]:
    return [BoardSet(first + index * per_round, first + (index + 1) * per_round - 1) for index in range(count)]


def _phantom(options: MovementOptions, tables: int, default: Pair, candidates: Iterable[Pair]) -> Pair | None:
    """The missing pair: named, or the default when the number of pairs is odd."""
    phantom, pairs = options.phantom, options.pairs
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


def mitchell(tables: object, boards_per_round: object, **options: object) -> Movement:
    """A Mitchell of ``tables`` tables: North-South pairs stay, East-West pairs move up one table and the boards
    down one each round; board set t starts at table t.

    ``even`` (``Skip``, the default, or ``Relay``) says what an even number of tables does; ``winners`` (``Two``,
    the default, or ``One``) whether the last ``switched_rounds`` rounds are arrow-switched to rank one field (by
    default two rounds of one- or two-board rounds, else one). ``pairs`` (2n-1) or ``phantom`` (a pair number,
    ``7EW``) leaves a pair out: by default the North-South pair of the last table.
    """
    return make_movement(MITCHELL_TYPE, tables, boards_per_round, **options)


def _mitchell(kind: MovementType, n: int, per_round: int, first: int, options: MovementOptions) -> Movement:
    even, winners, switched_rounds, rounds = options.even, options.winners, options.switched_rounds, options.rounds
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
        switch = _switched(switched_rounds, per_round, played)
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
    missing = _phantom(options, n, ns_pairs[-1], ns_pairs + ew_pairs)
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


def howell(tables: object, boards_per_round: object, **options: object) -> Movement:
    """A Howell of ``tables`` tables (3 to 8): every pair meets every other once, in 2n-1 rounds of 2n-1 board sets
    (from 4 tables, each pair plays every set and each set is played at every table: a complete Howell), and 5
    rounds at 3 tables (whose last round shares one set among the three tables). The highest pair stays North at
    table 1. ``pairs`` (2n-1) or ``phantom`` leaves a pair out: by default the highest, so table 1 sits out."""
    return make_movement(HOWELL_TYPE, tables, boards_per_round, **options)


def _howell(kind: MovementType, n: int, per_round: int, first: int, options: MovementOptions) -> Movement:
    rounds = options.rounds
    full = 2 * n - 1
    if rounds is not None and as_whole_number(rounds, "rounds") != full:
        raise BridgeInputError(
            f"rounds {rounds}: a {n}-table Howell plays all {full} rounds (with fewer, some sets would be played "
            "more often than others); for fewer boards play fewer boards per round",
            reason=Reason.OUT_OF_RANGE,
        )
    encounters = _howell_rounds(n, full, _sets(full, per_round, first))
    everyone = [Pair(number) for number in range(1, 2 * n + 1)]
    missing = _phantom(options, n, everyone[-1], everyone)
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


def _howell_rounds(n: int, played: int, sets: list[BoardSet]) -> list[Encounter]:
    """The first ``played`` rounds of the complete Howell of ``n`` tables (its table of
    :data:`~xlbridge.rules.movements.HOWELL_ROUND_ONE`, or the 3-table Howell's), on board sets ``sets``."""
    encounters = []
    if n == 3:
        for r, seats in enumerate(HOWELL_THREE_TABLES[:played], start=1):
            for t, (ns, ew, s) in enumerate(seats, start=1):
                encounters.append(Encounter(r, t, ns, ew, sets[s - 1]))
        return encounters
    stationary, full = 2 * n, 2 * n - 1

    def moved(number: int, r: int) -> int:
        return number if number == stationary else (number - 1 + r) % full + 1

    for r in range(played):
        for t, (ns, ew, s) in enumerate(HOWELL_ROUND_ONE[n], start=1):
            encounters.append(Encounter(r + 1, t, moved(ns, r), moved(ew, r), sets[(s - 1 + r) % full]))
    return encounters


def three_quarter_howell(tables: object, boards_per_round: object, **options: object) -> Movement:
    """A 3/4 Howell of ``tables`` tables (4 to 15): the first ``rounds`` rounds of the complete Howell (by default
    three quarters of its 2n-1, rounded up; n to 2n-2), each pair meeting as many others and playing as many board
    sets; the 2n-1 sets are played unequally often (scored to the most, Neuberg), as its notes say."""
    return make_movement(THREE_QUARTER_HOWELL_TYPE, tables, boards_per_round, **options)


def _three_quarter_howell(kind: MovementType, n: int, per_round: int, first: int, options: MovementOptions) -> Movement:
    full = 2 * n - 1
    rounds = options.rounds
    played = math.ceil(3 * full / 4) if rounds is None else whole_in(rounds, "rounds", n, full - 1)
    encounters = _howell_rounds(n, played, _sets(full, per_round, first))
    everyone = [Pair(number) for number in range(1, 2 * n + 1)]
    missing = _phantom(options, n, everyone[-1], everyone)
    notes = [f"the first {played} of the {full} rounds of the complete {n}-table Howell: each pair meets {played} "
             f"of the other {2 * n - 1} pairs"]  # fmt: skip
    movement = Movement(kind, n, played, per_round, first, tuple(_without(encounters, missing, False)), False, missing,
                        notes=tuple(notes))  # fmt: skip
    return _checked(_with_phantom_notes(_with_unequal_notes(_within_limit(movement))))


def hesitation_mitchell(tables: object, boards_per_round: object, **options: object) -> Movement:
    """A hesitation Mitchell of ``tables`` tables (3 to 29), n+1 rounds of n+1 board sets: North-South pairs 1 to
    n-1 stay at their tables; the n+1 moving pairs (n to 2n) go up one table East-West and, after East-West at
    table n, sit North-South there for a round (the hesitation) before going on to East-West at table 1. The boards
    go down one table, through a relay between tables n/2 and n/2+1; with an even number of tables, two relays
    there, and table n shares table 1's boards. One field: the last ``switched_rounds`` rounds (by default two of
    one- or two-board rounds, else one) are arrow-switched at every table but table n. ``pairs`` (2n-1) or
    ``phantom`` leaves a pair out: by default North-South pair 1 (with an even number of tables, table n then plays
    table 1's boards alone)."""
    return make_movement(HESITATION_TYPE, tables, boards_per_round, **options)


def _hesitation_mitchell(kind: MovementType, n: int, per_round: int, first: int, options: MovementOptions) -> Movement:
    played = n + 1
    switch = _switched(options.switched_rounds, per_round, played)
    sets = _sets(played, per_round, first)
    half, even = n // 2, n % 2 == 0
    relays: list[int | None] = [None, None] if even else [None]
    # the boards go down this circuit; with an even number of tables table n shares table 1's
    circuit = [*range(1, half + 1), *relays, *range(half + 1, n if even else n + 1)]
    moving = [n + p + 1 for p in range(n)] + [n]  # the moving pair at each position in round 1: EW 1..n, then NS n
    encounters = []
    for r in range(played):
        at = {table: (index + r) % played for index, table in enumerate(circuit) if table is not None}
        if even:
            at[n] = at[1]

        def mover(position: int, r: int = r) -> int:
            return moving[(position - r) % played]

        for t in range(1, n + 1):
            ns, ew = (mover(n), mover(n - 1)) if t == n else (t, mover(t - 1))
            switched = t != n and r >= played - switch
            if switched:
                ns, ew = ew, ns
            encounters.append(Encounter(r + 1, t, ns, ew, sets[at[t]], switched))
    everyone = [Pair(number) for number in range(1, 2 * n + 1)]
    missing = _phantom(options, n, everyone[0], everyone)
    first_switched = played - switch + 1
    which = f"round {played}" if switch == 1 else f"rounds {first_switched}-{played}"
    table_1_plays = missing is None or missing.number != 1  # (North-South 1 missing: table 1 never plays)
    share = (
        f"; table {n} shares table 1's boards every round" if table_1_plays else f"; table {n} plays table 1's boards"
    )
    notes = [
        f"North-South pairs 1-{n - 1} stay; pairs {n}-{2 * n} move: East-West up one table, and after East-West at "
        f"table {n} North-South there for one round (the hesitation), then East-West at table 1",
        f"boards go down one table through {'two relays (bye stands)' if even else 'a relay (bye stand)'} between "
        f"tables {half} "
        f"and {half + 1}" + (share if even else ""),
        f"arrow switch in {which} at every table but table {n}",
    ]
    shared = tuple((r, (1, n)) for r in range(1, played + 1)) if even else ()
    movement = Movement(kind, n, played, per_round, first, tuple(_without(encounters, missing, False)), False, missing,
                        shared=shared, notes=tuple(notes))  # fmt: skip
    return _checked(_with_phantom_notes(_within_limit(movement)))


def rover_mitchell(tables: object, boards_per_round: object, **options: object) -> Movement:
    """A rover Mitchell of ``tables`` tables (odd, 5 to 29) and one more pair: the odd Mitchell, with the rover
    (North-South pair n+1) sitting North-South at a different table each round, the North-South pair whose seat it
    takes sitting out that round. With a number of tables not divisible by 3 it sits at table 1 in round 1 and
    ``ROVER_STEP`` tables on each round, meeting every East-West pair and playing every set once; with 9, 15, 21 or
    27 it sits out the first and the last round and plays the others at the tables of ``ROVER_TABLES``. Two
    winners; every board is played n times; pairs play unequal numbers of boards, as the notes say."""
    return make_movement(ROVER_TYPE, tables, boards_per_round, **options)


def _rover_mitchell(kind: MovementType, n: int, per_round: int, first: int, options: MovementOptions) -> Movement:
    sets = _sets(n, per_round, first)
    rover = n + 1
    tables = ROVER_TABLES.get(n) or tuple((ROVER_STEP * r) % n + 1 for r in range(n))
    encounters = []
    for r, at_table in enumerate(tables):
        for t in range(1, n + 1):
            ns = rover if t == at_table else t
            encounters.append(Encounter(r + 1, t, ns, (t - 1 - r) % n + 1, sets[(t - 1 + r) % n]))
    playing = [r + 1 for r, table in enumerate(tables) if table]
    rounds = f"rounds 1-{n}" if len(playing) == n else f"rounds {playing[0]}-{playing[-1]}"
    notes = [
        f"the rover (NS pair {rover}) sits North-South at tables {', '.join(str(t) for t in tables if t)} in "
        f"{rounds}; the North-South pair it displaces sits out that round",
    ]
    if len(playing) < n:
        resting = [r + 1 for r, table in enumerate(tables) if not table]
        notes.append(
            f"the rover sits out rounds {' and '.join(map(str, resting))}: with {n} tables, a number divisible by 3, "
            "no rover can play every round without meeting an East-West pair or a set again"
        )
    movement = Movement(kind, n, n, per_round, first, tuple(encounters), True, notes=tuple(notes))
    return _checked(_with_unequal_notes(_within_limit(movement)))


def web_mitchell(tables: object, boards_per_round: object, **options: object) -> Movement:
    """A web Mitchell of ``tables`` tables (even, 6 to 30) and ``rounds`` board sets (odd, at least half the tables
    and fewer than all; by default 13 where it fits, as the EBU's 26-board web Mitchells, else the nearest), two
    copies of every board: North-South pairs stay, East-West pairs move up one table each round; tables 1 to n/2
    play one copy, set t at table t, tables n/2+1 to n the other, set 1 at table n-1 and down, the highest at
    table n, each copy going down one table a round with the sets no table holds on a relay."""
    return make_movement(WEB_TYPE, tables, boards_per_round, **options)


def _web_mitchell(kind: MovementType, n: int, per_round: int, first: int, options: MovementOptions) -> Movement:
    rounds = options.rounds
    half = n // 2
    allowed = [count for count in range(half, n) if count % 2]
    default = 13 if 13 in allowed else (max(allowed) if allowed[-1] < 13 else allowed[0])
    played = default if rounds is None else as_whole_number(rounds, "rounds")
    if played not in allowed:
        raise BridgeInputError(
            f"rounds {played}: a {n}-table web Mitchell plays an odd number of rounds from {allowed[0]} to "
            f"{allowed[-1]} (as many board sets, two copies of each)",
            reason=Reason.OUT_OF_RANGE,
        )
    sets = _sets(played, per_round, first)
    encounters = []
    for r in range(played):
        for t in range(1, n + 1):
            at = (t - 1 + r) % played if t <= half else (n - t - 1 - r) % played
            encounters.append(Encounter(r + 1, t, t, (t - 1 - r) % n + 1, sets[at]))
    notes = [
        f"two copies of every board: tables 1-{half} play one, tables {half + 1}-{n} the other; each copy goes down "
        f"one table a round, {count(played - half, 'set')} of each resting on a relay",
        f"East-West pairs move up one table every round (no skip): each meets {played} of the {n} North-South pairs",
    ]
    movement = Movement(kind, n, played, per_round, first, tuple(encounters), True, notes=tuple(notes),
                        circuits=(tuple(range(1, half + 1)), tuple(range(half + 1, n + 1))))  # fmt: skip
    return _checked(_within_limit(movement))


def bowman_mitchell(tables: object, boards_per_round: object, **options: object) -> Movement:
    """A switched Bowman of ``tables`` tables (odd, 7 to 29), n-2 rounds of n-2 sets: North-South pairs stay,
    East-West pairs (n+1 to 2n) move up one table round all n tables; the boards go down one round tables n-2 to 1;
    table n-1 shares table 1's boards every round, table n those of tables n-2, n-4, ... in turn (a three-way share
    with tables 1 and n-1 once). One field: the last ``switched_rounds`` rounds (by default two of one- or two-board
    rounds, else one) arrow-switched at every table. ``pairs`` (2n-1) or ``phantom`` leaves a pair out: by default
    North-South pair n, so table n never plays and only table n-1 shares (the appendix Mitchell)."""
    return make_movement(BOWMAN_TYPE, tables, boards_per_round, **options)


def appendix_mitchell(tables: object, boards_per_round: object, **options: object) -> Movement:
    """An appendix (1½-table) Mitchell: the Bowman Mitchell of ``tables`` tables (odd, 7 to 29) and 2n-1 pairs, by
    default North-South pair n missing (``phantom`` names another)."""
    return make_movement(APPENDIX_TYPE, tables, boards_per_round, **options)


def _appendix_mitchell(kind: MovementType, n: int, per_round: int, first: int, options: MovementOptions) -> Movement:
    return _bowman(kind, n, per_round, first, replace(options, pairs=2 * n - 1))


def _bowman(kind: MovementType, n: int, per_round: int, first: int, options: MovementOptions) -> Movement:
    core = n - 2
    switch = _switched(options.switched_rounds, per_round, core)
    sets = _sets(core, per_round, first)
    encounters = []
    shared = []
    partners = []
    for r in range(core):
        at = {t: (t - 1 + r) % core for t in range(1, core + 1)}
        partner = (core - 1 - 2 * r) % core + 1  # the table whose boards table n shares: n-2, n-4, ...
        partners.append(partner)
        at[n - 1], at[n] = at[1], at[partner]
        switched = r >= core - switch
        for t in range(1, n + 1):
            ns, ew = t, n + (t - 1 - r) % n + 1
            if switched:
                ns, ew = ew, ns
            encounters.append(Encounter(r + 1, t, ns, ew, sets[at[t]], switched))
        groups = [(1, n - 1, n)] if partner == 1 else [(1, n - 1), (partner, n)]
        shared += [(r + 1, group) for group in groups]
    everyone = [Pair(number) for number in range(1, 2 * n + 1)]
    missing = _phantom(options, n, everyone[n - 1], everyone)
    which = f"round {core}" if switch == 1 else f"rounds {core - switch + 1}-{core}"
    last = (
        f"table {n}'s East-West pair sits out each round (North-South pair {n} is missing), so no boards go round "
        "the room"
        if missing == everyone[n - 1]
        else f"table {n} shares the boards of tables {', '.join(map(str, partners))} in rounds 1-{core}"
    )
    notes = [
        f"North-South pairs 1-{n} stay; East-West pairs {n + 1}-{2 * n} move up one table round all {n} tables; "
        f"boards go down one table round tables {core} to 1",
        f"table {n - 1} shares table 1's boards every round; {last}",
        f"arrow switch in {which} at every table",
    ]
    movement = Movement(kind, n, core, per_round, first, tuple(_without(encounters, missing, False)), False, missing,
                        shared=tuple(shared), notes=tuple(notes))  # fmt: skip
    return _checked(_with_phantom_notes(_within_limit(movement)))


def _tables(kind: MovementType, tables: object) -> int:
    """The number of tables, one that ``kind`` is offered for."""
    n = whole_in(tables, "tables", kind.min_tables, kind.max_tables)
    if n not in kind.sizes:
        shown = ", ".join(map(str, kind.sizes))
        article = "an" if kind.name[0] in "AEIOU" else "a"
        raise BridgeInputError(f"tables {n}: {article} {kind.name} is offered for {shown} tables",
                               reason=Reason.OUT_OF_RANGE)  # fmt: skip
    return n


def _switched(switched_rounds: object, per_round: int, played: int) -> int:
    """How many of the last rounds are arrow-switched: as asked, by default two of one- or two-board rounds, else
    one."""
    default = 2 if per_round <= 2 else 1
    return whole_in(default if switched_rounds is None else switched_rounds, "switched rounds", 1, max(1, played - 1))


#: A kind's generator: the movement of ``n`` tables (a size the kind is offered for), ``per_round`` boards a round
#: from board ``first``, with the director's options.
Generator = Callable[[MovementType, int, int, int, MovementOptions], Movement]

#: Each kind's generator and the options it takes (beyond tables, boards per round and the first board).
GENERATORS: dict[MovementType, tuple[Generator, frozenset[str]]] = {
    MITCHELL_TYPE: (_mitchell, frozenset({"rounds", "even", "winners", "switched_rounds", "pairs", "phantom"})),
    HOWELL_TYPE: (_howell, frozenset({"rounds", "pairs", "phantom"})),
    THREE_QUARTER_HOWELL_TYPE: (_three_quarter_howell, frozenset({"rounds", "pairs", "phantom"})),
    HESITATION_TYPE: (_hesitation_mitchell, frozenset({"switched_rounds", "pairs", "phantom"})),
    ROVER_TYPE: (_rover_mitchell, frozenset()),
    WEB_TYPE: (_web_mitchell, frozenset({"rounds"})),
    BOWMAN_TYPE: (_bowman, frozenset({"switched_rounds", "pairs", "phantom"})),
    APPENDIX_TYPE: (_appendix_mitchell, frozenset({"switched_rounds", "phantom"})),
}


def make_movement(kind: object, tables: object, boards_per_round: object, **options: object) -> Movement:
    """A movement of the kind named (``Mitchell``, ``Howell``, ``Web Mitchell``...) with its options (those of
    :class:`MovementOptions`); an option given that the kind has no use for is refused."""
    chosen = choose(MOVEMENT_TYPES, kind)
    generate, takes = GENERATORS[chosen]
    asked = MovementOptions(**options)  # a name it has no field for is a caller's bug (TypeError)
    given = [name.replace("_", " ") for name in sorted(asked.given()) if name not in takes]
    if given:
        raise BridgeInputError(f"{', '.join(given)}: a {chosen.name} has no such option")
    n = _tables(chosen, tables)
    per_round = whole_in(boards_per_round, "boards per round", 1, 36)
    first = whole_in(asked.first_board, "first board", 1)
    return generate(chosen, n, per_round, first, asked)


def _with_unequal_notes(movement: Movement) -> Movement:
    """The movement with a note of what its kind cannot give equally: how often boards are played, how many
    boards pairs play."""
    unequal = movement.type.unequal if movement.type is not None else ()
    notes = []
    plays = Counter(movement.plays().values())
    if UNEQUAL_PLAYS in unequal and len(plays) > 1:
        spread = ", ".join(f"{count(boards, 'board')} {times} times" for times, boards in sorted(plays.items()))
        notes.append(f"boards are not all played equally often: {spread} (scored to the most, Neuberg)")
    if UNEQUAL_BOARDS in unequal:
        played = Counter(sum(len(s.boards.boards) for s in movement.seatings(pair)) for pair in movement.pairs)
        if len(played) > 1:
            spread = " or ".join(f"{total} ({count(pairs, 'pair')})" for total, pairs in sorted(played.items()))
            notes.append(f"pairs play unequal numbers of boards: {spread}, scored by their average")
    return replace(movement, notes=(*movement.notes, *notes))


def _with_phantom_notes(movement: Movement) -> Movement:
    if movement.phantom is None:
        return movement
    pair = movement.phantom
    counts = set(movement.plays().values())
    note = f"pair {pair.number}{pair.direction_text} is missing (a phantom): its opponents sit out"
    if len(counts) > 1:
        note += f"; boards are played {min(counts)} or {max(counts)} times (scored to the most, Neuberg)"
    return replace(movement, notes=(*movement.notes, note))


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
