"""Movements: every size and option offered has the properties a director relies on (checked here from the
encounters themselves, not by the engine's own check), and the published movements look as their descriptions say."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from xlbridge.engine.errors import BridgeInputError
from xlbridge.engine.movements import howell, make_movement, mitchell
from xlbridge.engine.movements.generate import (
    appendix_mitchell,
    bowman_mitchell,
    hesitation_mitchell,
    rover_mitchell,
    three_quarter_howell,
    web_mitchell,
)
from xlbridge.engine.movements.rounds import BoardSet, Encounter, Movement, movement_from_rows, movement_problems
from xlbridge.engine.pairs import Pair
from xlbridge.rules import EVEN_TABLES, MOVEMENT_TYPES, WINNERS, Side
from xlbridge.rules.movements import (
    APPENDIX_TYPE,
    BOWMAN_TYPE,
    HESITATION_TYPE,
    HOWELL_TYPE,
    MITCHELL_TYPE,
    ROVER_TABLES,
    ROVER_TYPE,
    THREE_QUARTER_HOWELL_TYPE,
    UNEQUAL_BOARDS,
    UNEQUAL_PLAYS,
    WEB_TYPE,
)

MITCHELL_SIZES = range(MITCHELL_TYPE.min_tables, MITCHELL_TYPE.max_tables + 1)
HOWELL_SIZES = range(HOWELL_TYPE.min_tables, HOWELL_TYPE.max_tables + 1)


def mitchell_cases() -> list[tuple[int, str | None, str, bool]]:
    """Every Mitchell offered: each size, each even-table option, each number of winners, with and without a
    phantom."""
    return [
        (n, even, winners, phantom)
        for n in MITCHELL_SIZES
        for even in (EVEN_TABLES.names() if n % 2 == 0 else [None])
        for winners in WINNERS.names()
        for phantom in (False, True)
    ]


def seat_of(movement: Movement, encounter: Encounter, side: Side) -> object:
    """A seat's pair, the phantom counted as a pair of its own (the full movement)."""
    return movement.pair_at(encounter, side) or "phantom"


def assert_sound(movement: Movement) -> None:
    """The four properties of the issue, on the full movement (the phantom counted as a pair), plus one table
    and one round each, and with the phantom each board's plays fall by the phantom's tables only. Where its kind
    says boards are played unequally often, or pairs play unequal numbers of boards, its notes give the figures."""
    boards_of: dict[object, list[int]] = {}
    meetings: Counter[frozenset[object]] = Counter()
    per_round: Counter[tuple[int, object]] = Counter()
    plays: Counter[int] = Counter()
    tables: Counter[tuple[int, int]] = Counter()
    for e in movement.encounters:
        ns, ew = seat_of(movement, e, Side.NS), seat_of(movement, e, Side.EW)
        assert ns != ew
        meetings[frozenset((ns, ew))] += 1
        tables[(e.round, e.table)] += 1
        for pair in (ns, ew):
            boards_of.setdefault(pair, []).extend(e.boards.boards)
            per_round[(e.round, pair)] += 1
        plays.update(e.boards.boards)
    for pair, boards in boards_of.items():
        assert len(boards) == len(set(boards)), f"{pair} plays a board twice"
    assert set(meetings.values()) == {1}, "two pairs meet twice"
    assert set(per_round.values()) == {1}
    assert set(tables.values()) == {1}
    assert sorted(tables) == [(r, t) for r in range(1, movement.rounds + 1) for t in range(1, movement.tables + 1)]
    unequal = movement.type.unequal if movement.type is not None else ()
    if UNEQUAL_PLAYS in unequal:
        said = "; ".join(movement.notes)
        played = Counter(movement.plays().values())  # as they are played: the phantom's tables do not play
        assert all(f"{boards} boards {times} times" in said for times, boards in played.items()) or len(played) == 1
    else:
        assert len(set(plays.values())) == 1, "every board is played equally often"
    totals = Counter(len(boards) for boards in boards_of.values())
    if UNEQUAL_BOARDS in unequal:
        said = "; ".join(movement.notes)
        assert all(f"{total} ({pairs} pair{'' if pairs == 1 else 's'})" in said for total, pairs in totals.items())
    else:
        assert len(totals) == 1, "every pair plays as many boards"
    assert sorted(plays) == list(movement.boards)
    actual = movement.plays()
    assert sorted(actual) == list(movement.boards)
    if movement.phantom is None:
        assert actual == plays
        assert all(not e.sit_out for e in movement.encounters)
    else:
        sat_out = [e for e in movement.encounters if e.sit_out]
        assert sat_out, "a phantom leaves its opponents sitting out"
        assert movement.phantom not in movement.pairs
        assert len(movement.pairs) == 2 * movement.tables - 1
        lost = Counter(board for e in sat_out for board in e.boards.boards)
        assert actual == plays - lost
    assert movement_problems(movement) == []


@pytest.mark.parametrize(("tables", "even", "winners", "phantom"), mitchell_cases())
def test_every_mitchell_offered_is_sound(tables: int, even: str | None, winners: str, phantom: bool) -> None:
    """No pair plays a board twice, no two pairs meet twice, every board is played equally often, every pair plays
    as many boards; North-South pairs stay; in an odd Mitchell every North-South pair meets every East-West pair."""
    per_round = 1 + tables % 4
    movement = mitchell(tables, per_round, even=even, winners=winners, pairs=2 * tables - 1 if phantom else None)
    assert_sound(movement)
    assert movement.boards == range(1, tables * per_round + 1)
    expected_rounds = tables - 1 if even == "Skip" else tables
    assert movement.rounds == expected_rounds
    for e in movement.encounters:
        stays = e.ew if e.switched else e.ns
        assert stays in (e.table, None), "North-South pairs stay at their table"
    if tables % 2 and not phantom:
        ns_pairs = {p for p in movement.pairs if p.number <= tables and p.direction is not Side.EW}
        met = {frozenset((e.ns, e.ew)) for e in movement.encounters}
        ew_numbers = [p.number for p in movement.pairs if p not in ns_pairs]
        assert all(frozenset((a.number, b)) in met for a in ns_pairs for b in ew_numbers)


@pytest.mark.parametrize("phantom", [False, True])
@pytest.mark.parametrize("tables", HOWELL_SIZES)
def test_every_howell_offered_is_sound(tables: int, phantom: bool) -> None:
    """A Howell: every pair meets every other once and plays every set once; from 4 tables each set is played once
    at every table (a Room square); the 3-table Howell shares one set among its tables in the last round."""
    movement = howell(tables, 2, pairs=2 * tables - 1 if phantom else None)
    assert_sound(movement)
    pairs = {seat_of(movement, e, side) for e in movement.encounters for side in Side}
    assert len(pairs) == 2 * tables
    met = {frozenset((seat_of(movement, e, Side.NS), seat_of(movement, e, Side.EW))) for e in movement.encounters}
    assert met == {frozenset(two) for two in combinations(pairs, 2)}
    assert movement.rounds == 2 * tables - 1
    sets = {e.boards for e in movement.encounters}
    assert len(sets) == 2 * tables - 1
    at_tables = {s: sorted(e.table for e in movement.encounters if e.boards == s) for s in sets}
    by_round = Counter((e.round, e.boards) for e in movement.encounters)
    if tables >= 4:
        assert all(t == list(range(1, tables + 1)) for t in at_tables.values())
        assert set(by_round.values()) == {1}, "a set of its own at every table, every round"
    else:
        assert [key for key, count in by_round.items() if count > 1] == [(5, BoardSet(9, 10))]
        assert movement.shared == ((5, (1, 2, 3)),)


@pytest.mark.parametrize("per_round", range(1, 7))
@pytest.mark.parametrize("first", [1, 5, 101])
def test_boards_per_round_and_first_board(per_round: int, first: int) -> None:
    """Board set s holds boards first + (s-1)k to first + sk - 1, for any k and first board."""
    for movement in (mitchell(5, per_round, first_board=first), howell(4, per_round, first_board=first)):
        assert_sound(movement)
        count = movement.rounds if movement.type is HOWELL_TYPE else movement.tables
        assert movement.boards == range(first, first + count * per_round)
        assert {len(e.boards.boards) for e in movement.encounters} == {per_round}


@pytest.mark.parametrize("tables", [t for t in MITCHELL_SIZES if t <= 16])
def test_fewer_rounds_of_a_mitchell(tables: int) -> None:
    """A Mitchell may stop early (not a relay, which needs every round): each pair then meets fewer opponents."""
    even = "Skip" if tables % 2 == 0 else None
    full = tables - 1 if even else tables
    for rounds in range(1, full + 1):
        movement = mitchell(tables, 2, rounds=rounds, even=even)
        assert movement.rounds == rounds
        assert_sound(movement)


def test_mitchell_as_published() -> None:
    """The Mitchell as every description has it: round 1, NS t v EW t on set t; each round the EW pairs move up
    one table and the boards down one."""
    movement = mitchell(7, 3)
    first, second = movement.round(1), movement.round(2)
    assert [(e.table, e.ns, e.ew, str(e.boards)) for e in first[:3]] == [
        (1, 1, 1, "1-3"),
        (2, 2, 2, "4-6"),
        (3, 3, 3, "7-9"),
    ]
    assert [(e.table, e.ns, e.ew) for e in second[:3]] == [(1, 1, 7), (2, 2, 1), (3, 3, 2)]
    assert second[0].boards == first[1].boards, "table 1 gets table 2's boards"
    assert second[6].boards == first[0].boards, "table 7 gets table 1's boards"
    assert movement.title == "Mitchell, two winners: 7 tables, 7 rounds of 3 boards (boards 1-21)"
    assert movement.field_kind.two_fields


def test_skip_mitchell_as_published() -> None:
    """Even tables, skip (Magee's glossary): after half the rounds the EW pairs move up two tables; n-1 rounds."""
    movement = mitchell(8, 3)
    assert movement.even is not None
    assert movement.even.name == "Skip"
    table_of = {(e.round, e.ew): e.table for e in movement.encounters}
    assert [table_of[(r, 1)] for r in range(1, 8)] == [1, 2, 3, 4, 6, 7, 8]
    assert "skip a table after round 4" in movement.notes[0]


def test_relay_mitchell_as_published() -> None:
    """Even tables, relay and bye stand (ACBL): tables 1 and n share a set, a set rests between tables n/2 and
    n/2+1 and reaches table n/2 next round; n rounds, every NS pair meets every EW pair."""
    movement = mitchell(8, 2, even="relay")
    assert movement.rounds == 8
    for r in range(1, 9):
        tables = movement.round(r)
        assert tables[0].boards == tables[7].boards
        assert len({e.boards for e in tables}) == 7
    first = movement.round(1)
    resting = {BoardSet(2 * s - 1, 2 * s) for s in range(1, 9)} - {e.boards for e in first}
    assert resting == {BoardSet(9, 10)}, "set 5 starts on the bye stand"
    assert movement.round(2)[3].boards == BoardSet(9, 10), "and reaches table 4 next"
    met = {(e.ns, e.ew) for e in movement.encounters}
    assert met == {(a, b) for a in range(1, 9) for b in range(1, 9)}


def test_one_winner_mitchell_as_published() -> None:
    """One winner (EBU newsletter 22; Bridge Central): EW pairs numbered n+1 to 2n, the last round arrow-switched
    for three-board rounds, the last two for two-board rounds; one field."""
    movement = mitchell(7, 3, winners="one")
    assert not movement.field_kind.two_fields
    assert [e.switched for e in movement.encounters if e.table == 1] == [False] * 6 + [True]
    assert movement.round(1)[0] == Encounter(1, 1, 1, 8, BoardSet(1, 3))
    assert movement.round(7)[0] == Encounter(7, 1, 9, 1, BoardSet(19, 21), switched=True)
    two_board = mitchell(7, 2, winners="one")
    assert [e.switched for e in two_board.encounters if e.table == 1] == [False] * 5 + [True, True]
    three = mitchell(9, 2, winners="one", switched_rounds=3)
    assert sum(e.switched for e in three.encounters if e.table == 1) == 3
    assert sorted(p.number for p in movement.pairs) == list(range(1, 15))


def test_howell_as_published() -> None:
    """The Howells clubs play: 5 tables in 9 rounds of 3 boards, 7 tables in 13 rounds of 2 (Magee's glossary);
    the highest pair stays North at table 1; the 4-table Howell is perfectly balanced (every two pairs sit the
    same way on 3 of the sets they play against others)."""
    assert howell(5, 3).title == "Howell: 5 tables, 9 rounds of 3 boards (boards 1-27)"
    assert howell(7, 2).title == "Howell: 7 tables, 13 rounds of 2 boards (boards 1-26)"
    movement = howell(4, 3)
    assert {(e.table, e.ns) for e in movement.encounters if e.table == 1} == {(1, 8)}
    assert movement.balance() == (3, 3)
    assert howell(6, 2).balance() == (5, 5)
    assert howell(8, 2).balance() == (7, 7)
    three = howell(3, 4)
    assert [(e.ns, e.ew, str(e.boards)) for e in three.round(5)] == [(6, 1, "17-20"), (2, 3, "17-20"), (4, 5, "17-20")]
    assert any("share set 5" in note for note in three.notes)


def test_phantoms() -> None:
    """An odd number of pairs: a phantom, by default NS at the last table of a Mitchell (Magee: so a relay shares
    nothing that round) and the stationary pair of a Howell; or the pair named."""
    assert mitchell(7, 2, pairs=13).phantom == Pair(7, Side.NS)
    assert mitchell(7, 2, phantom="3EW").phantom == Pair(3, Side.EW)
    assert mitchell(7, 2, winners="one", phantom=10).phantom == Pair(10)
    assert howell(4, 2, pairs=7).phantom == Pair(8)
    assert howell(4, 2, phantom=3).phantom == Pair(3)
    skip = mitchell(8, 2, pairs=15)
    assert "played 6 or 7 times" in skip.notes[-1]
    assert all(e.table == 8 and e.ns is None for e in skip.encounters if e.sit_out)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: mitchell(2, 2), "tables 2: must be 3 to 30"),
        (lambda: mitchell(7, 0), "boards per round 0: must be 1 to 36"),
        (lambda: mitchell(7, 2, rounds=8), "rounds 8: must be 1 to 7"),
        (lambda: mitchell(8, 2, rounds=8), "rounds 8: must be 1 to 7"),
        (lambda: mitchell(8, 2, even="relay", rounds=6), "a relay-and-bye Mitchell plays all 8 rounds"),
        (lambda: mitchell(7, 2, even="relay"), "7 tables is an odd number"),
        (lambda: mitchell(8, 2, even="sideways"), "even tables 'sideways': must be one of Skip"),
        (lambda: mitchell(7, 2, switched_rounds=2), "only a one-winner Mitchell is arrow-switched"),
        (lambda: howell(4, 2, rounds=5), "a 4-table Howell plays all 7 rounds"),
        (lambda: howell(16, 2), "tables 16: must be 3 to 15"),
        (lambda: three_quarter_howell(6, 2, rounds=11), "rounds 11: must be 6 to 10"),
        (lambda: hesitation_mitchell(30, 2), "tables 30: must be 3 to 29"),
        (lambda: rover_mitchell(8, 2), "tables 8: a Rover Mitchell is offered for 5, 7, 9, 11"),
        (lambda: web_mitchell(7, 2), "tables 7: a Web Mitchell is offered for 6, 8"),
        (
            lambda: web_mitchell(14, 2, rounds=14),
            "rounds 14: a 14-table web Mitchell plays an odd number of rounds from 7 to 13",
        ),
        (lambda: make_movement("web", 14, 2, pairs=27), "pairs: a Web Mitchell has no such option"),
        (lambda: mitchell(7, 2, pairs=12), "pairs 12: must be 13 to 14"),
        (lambda: mitchell(7, 2, phantom=3), "could be either direction"),
        (lambda: mitchell(7, 2, phantom="9NS"), "is not a pair of this movement"),
        (lambda: mitchell(7, 2, pairs=14, phantom=3), "no pair is missing"),
        (lambda: make_movement("Howell", 4, 2, winners="one"), "a Howell has no such option"),
        (lambda: make_movement("Relay", 4, 2), "movement type 'Relay': must be one of Mitchell, Howell, 3/4 Howell"),
    ],
)
def test_impossible_choices_are_refused(call: object, message: str) -> None:
    """A movement that cannot be had is refused with the reason, never generated wrong."""
    with pytest.raises(BridgeInputError, match=message.replace("(", r"\(")):
        call()  # type: ignore[operator]


def test_every_registry_entry_generates() -> None:
    """Each movement type, even-table option and winners entry, by each of its names, gives a sound movement."""
    for kind in MOVEMENT_TYPES:
        for name in (kind.name, *kind.aliases):
            movement = make_movement(name, kind.sizes[1], 2)
            assert movement.type is kind
            assert_sound(movement)
    for option in EVEN_TABLES:
        for name in (option.name, *option.aliases):
            assert mitchell(6, 2, even=name).even is option
    for entry in WINNERS:
        for name in (entry.name, *entry.aliases):
            assert mitchell(5, 2, winners=name).winners is entry


def test_slots_in_traveller_order() -> None:
    """Every line of the travellers, board by board in playing order, sit-outs left out: what a pre-filled
    Results sheet holds."""
    movement = mitchell(5, 2, pairs=9)
    slots = movement.slots()
    assert [(s.board, s.round, s.table, s.ns, s.ew) for s in slots[:4]] == [
        (1, 1, 1, 1, 1),
        (1, 3, 4, 4, 2),
        (1, 4, 3, 3, 5),
        (1, 5, 2, 2, 3),
    ]
    assert len(slots) == 5 * 2 * 4, "table 5's North-South pair is missing: each board is played 4 times"
    assert [s.board for s in movement.slots("round")[:4]] == [1, 2, 3, 4]


def test_guide_card() -> None:
    """A pair's guide card: each round its table, direction, opponents and boards (None: it sits out)."""
    movement = howell(4, 2, pairs=7)
    card = movement.seatings(Pair(1))
    assert len(card) == 7
    assert (card[0].table, card[0].direction, card[0].opponents) == (1, Side.EW, None)
    assert {s.boards for s in card} == {e.boards for e in movement.encounters}


def test_a_file_movement_is_checked() -> None:
    """A movement as a file lists it is read back as it was written, and refused if a pair would meet another
    twice or play a board twice."""
    movement = mitchell(5, 3, pairs=9)
    rows = [(e.round, e.table, e.ns or "", e.ew or "", str(e.boards)) for e in movement.encounters]
    again = movement_from_rows(rows)
    assert again.slots() == movement.slots()
    assert again.two_fields
    bad = [*rows]
    bad[5] = (2, 1, 1, 1, "4-6")
    with pytest.raises(BridgeInputError, match="meet again"):
        movement_from_rows(bad)
    with pytest.raises(BridgeInputError, match="row 1: boards 'x'"):
        movement_from_rows([(1, 1, 1, 2, "x")])


VARIANTS = [THREE_QUARTER_HOWELL_TYPE, HESITATION_TYPE, ROVER_TYPE, WEB_TYPE, BOWMAN_TYPE, APPENDIX_TYPE]


@pytest.mark.parametrize(("kind", "tables"), [(kind, n) for kind in VARIANTS for n in kind.sizes])
def test_every_variant_offered_is_sound(kind: object, tables: int) -> None:
    """Every size of every other kind offered, with each option of its rounds and missing pair it takes, has the
    properties of the issue (or says where it lacks them)."""
    movements = [make_movement(kind, tables, 2)]
    if kind is THREE_QUARTER_HOWELL_TYPE:
        movements += [three_quarter_howell(tables, 2, rounds=r) for r in range(tables, 2 * tables - 1)]
        movements.append(three_quarter_howell(tables, 2, pairs=2 * tables - 1))
    if kind is HESITATION_TYPE:
        movements += [hesitation_mitchell(tables, 2, pairs=2 * tables - 1), hesitation_mitchell(tables, 3)]
    if kind is WEB_TYPE:
        movements += [web_mitchell(tables, 2, rounds=r) for r in range(tables // 2, tables) if r % 2]
    if kind is BOWMAN_TYPE:
        movements += [bowman_mitchell(tables, 2, pairs=2 * tables - 1), bowman_mitchell(tables, 3)]
    if kind is APPENDIX_TYPE:
        movements.append(appendix_mitchell(tables, 3, phantom=1))
    for movement in movements:
        assert movement.type is kind
        assert_sound(movement)


@pytest.mark.parametrize(
    ("tables", "balance"),
    [(3, (1, 4)), (4, (3, 3)), (5, (3, 5)), (6, (5, 5)), (7, (5, 7)), (8, (7, 7)), (9, (7, 9)), (10, (9, 9)),
     (11, (9, 11)), (12, (11, 11)), (13, (11, 13)), (14, (11, 15)), (15, (13, 15))],
)  # fmt: skip
def test_howell_balance(tables: int, balance: tuple[int, int]) -> None:
    """The balance figure of every Howell offered, as docs/movements.md gives it: the fewest and most board sets on
    which two pairs sit the same way while playing against others (n-1 is perfect), counted here by hand."""
    movement = howell(tables, 1)
    seat = {(number, e.boards): side for e in movement.encounters for side, number in ((0, e.ns), (1, e.ew))}
    against = {(number, e.boards): other for e in movement.encounters for number, other in ((e.ns, e.ew), (e.ew, e.ns))}
    sets = {e.boards for e in movement.encounters}
    same = [
        sum(seat[(a, s)] == seat[(b, s)] and against[(a, s)] != b for s in sets)
        for a, b in combinations(range(1, 2 * tables + 1), 2)
    ]
    assert (min(same), max(same)) == balance == movement.balance()


@pytest.mark.parametrize("tables", range(3, 30))
def test_hesitation_balance(tables: int) -> None:
    """The balance figure of every hesitation Mitchell of 2-board rounds, as docs/movements.md gives it: 1 to n-1
    with an odd number of tables (0 to 3 at 3, 1 to 5 at 5), 0 to n with an even number."""
    expected = {3: (0, 3), 5: (1, 5)}.get(tables, (1, tables - 1) if tables % 2 else (0, tables))
    assert hesitation_mitchell(tables, 2).balance() == expected


def test_three_quarter_howell() -> None:
    """A 3/4 Howell of 6 tables plays 9 of the 11 rounds (as the EBU's club lists have it): each pair meets 9
    others and plays 9 sets; the sets are played 4 to 6 times, as its notes say."""
    movement = three_quarter_howell(6, 3)
    assert movement.rounds == 9
    for pair in movement.pairs:
        seatings = movement.seatings(pair)
        assert len({s.opponents for s in seatings}) == 9
    assert sorted(set(movement.plays().values())) == [4, 5, 6]
    assert (
        "boards are not all played equally often: 9 boards 4 times, 18 boards 5 times, 6 boards 6 times"
        in (movement.notes[-1])
    )
    full = howell(6, 3)
    assert movement.encounters == full.encounters[: 9 * 6], "the first 9 rounds of the complete Howell"


def test_hesitation_mitchell_as_published() -> None:
    """The 7-table hesitation Mitchell of the EBU's newsletter: 8 rounds of 3 boards on 8 sets; pairs 1-6 stay
    North-South; pairs 7-14 move EW 1 -> ... -> EW 7 -> NS 7 -> EW 1; the last round switched but at table 7."""
    movement = hesitation_mitchell(7, 3)
    assert (movement.rounds, movement.boards) == (8, range(1, 25))
    for e in movement.encounters:
        if e.table < 7:
            assert (e.ew if e.switched else e.ns) == e.table
        assert e.switched == (e.round == 8 and e.table != 7)
    route = [(s.table, s.direction) for s in movement.seatings(Pair(8))]
    assert route == [(1, Side.EW), (2, Side.EW), (3, Side.EW), (4, Side.EW), (5, Side.EW), (6, Side.EW),
                     (7, Side.EW), (7, Side.NS)]  # fmt: skip
    assert [s.table for s in movement.seatings(Pair(7))][:2] == [7, 1]
    relay = {e.boards for e in movement.round(1)}
    assert BoardSet(10, 12) not in relay, "set 4 starts on the relay between tables 3 and 4"


def test_hesitation_mitchell_of_even_tables_as_published() -> None:
    """The 8-table hesitation Mitchell of the EBU's movement book (as Exeter Bridge Club's directors' list gives
    it): 9 rounds of 3 boards on 9 sets, two relays between tables 4 and 5, table 8 sharing table 1's boards and
    the hesitation at table 8; pairs 1-7 stay North-South, pairs 8-16 move EW 1 -> ... -> EW 8 -> NS 8 -> EW 1; the
    last round switched at every table but table 8. With 15 pairs North-South 1 is missing, so table 8 plays table
    1's boards alone."""
    movement = hesitation_mitchell(8, 3)
    assert (movement.rounds, movement.boards) == (9, range(1, 28))
    for r in range(1, 10):
        at = {e.table: e.boards for e in movement.round(r)}
        assert at[8] == at[1]
        assert len(set(at.values())) == 7, "two sets rest on the relays"
    assert movement.shared == tuple((r, (1, 8)) for r in range(1, 10))
    first = [(e.boards.first - 1) // 3 + 1 for e in movement.round(1)]
    assert first == [1, 2, 3, 4, 7, 8, 9, 1], "sets 5 and 6 start on the relays between tables 4 and 5"
    for e in movement.encounters:
        if e.table < 8:
            assert (e.ew if e.switched else e.ns) == e.table
        assert e.switched == (e.round == 9 and e.table != 8)
    route = [(s.table, s.direction) for s in movement.seatings(Pair(9))]
    assert route == [(t, Side.EW) for t in range(1, 9)] + [(8, Side.NS)]
    assert Counter(movement.plays().values()) == {8: 27}, "every board played 8 times"
    short = hesitation_mitchell(8, 3, pairs=15)
    assert short.phantom == Pair(1)
    assert all((e.ew if e.switched else e.ns) is None for e in short.encounters if e.table == 1)


def test_rover_mitchell() -> None:
    """A 7-table rover Mitchell: the rover (NS 8) sits at tables 1, 3, 5, 7, 2, 4, 6; each North-South pair sits
    out the round the rover takes its seat; the rover meets every East-West pair and plays every set once."""
    movement = rover_mitchell(7, 2)
    rover = movement.seatings(Pair(8, Side.NS))
    assert [s.table for s in rover] == [1, 3, 5, 7, 2, 4, 6]
    assert sorted(s.opponents or 0 for s in rover) == list(range(1, 8))
    assert len({s.boards for s in rover}) == 7
    for t in range(1, 8):
        assert len(movement.seatings(Pair(t, Side.NS))) == 6
        assert len(movement.seatings(Pair(t, Side.EW))) == 7


def test_rover_mitchell_of_tables_divisible_by_three() -> None:
    """A 9-table rover Mitchell: the rover (NS 10) sits out rounds 1 and 9 and plays the 7 rounds between at 7
    different tables, meeting 7 East-West pairs and playing 7 sets, each once; two North-South pairs never sit out;
    every board is still played 9 times; the notes say so."""
    movement = rover_mitchell(9, 2)
    rover = movement.seatings(Pair(10, Side.NS))
    assert [s.round for s in rover] == list(range(2, 9))
    assert len({s.table for s in rover}) == len({s.opponents for s in rover}) == len({s.boards for s in rover}) == 7
    sitting_out = [t for t in range(1, 10) if len(movement.seatings(Pair(t, Side.NS))) == 8]
    assert len(sitting_out) == 7
    assert Counter(movement.plays().values()) == {9: 18}
    assert "the rover sits out rounds 1 and 9" in "; ".join(movement.notes)
    assert "14 (1 pair) or 16 (7 pairs) or 18 (11 pairs)" in "; ".join(movement.notes)


def rover_rounds_at_most(n: int) -> int:
    """The most rounds a rover can play in an n-table Mitchell at different North-South tables without meeting an
    East-West pair or playing a set twice (round r, table t: East-West pair t-r, set t+r), by exhaustive search."""
    best = 0

    def place(r: int, tables: int, pairs: int, sets: int, played: int) -> None:
        nonlocal best
        if played + n - r <= best:
            return
        if r == n:
            best = played
            return
        for t in range(n):
            pair, board_set = (t - r) % n, (t + r) % n
            if not (tables >> t & 1 or pairs >> pair & 1 or sets >> board_set & 1):
                place(r + 1, tables | 1 << t, pairs | 1 << pair, sets | 1 << board_set, played + 1)
        place(r + 1, tables, pairs, sets, played)

    place(0, 0, 0, 0, 0)
    return best


@pytest.mark.parametrize(("tables", "most"), [(5, 5), (7, 7), (9, 7)])
def test_no_rover_plays_every_round_at_9_tables(tables: int, most: int) -> None:
    """The exhaustive check behind ROVER_TABLES: with 5 or 7 tables a rover plays every round, with 9 at most 7 of
    them (as the 9-table rover Mitchell does), so a rover at a number of tables divisible by 3 sits out."""
    assert rover_rounds_at_most(tables) == most
    assert sum(1 for table in ROVER_TABLES.get(tables, range(1, tables + 1)) if table) == most


def rover_of_all_rounds_but_one(n: int) -> bool:
    """Whether an n-table rover can play n-1 rounds (at different tables, never meeting an East-West pair or
    playing a set twice), by exhaustive search. Moving every round and table on by c (t-r kept, t+r moved by 2c)
    puts its round out first; moving every table on by c (t-r and t+r moved by c) puts it at table 1 in round 2."""

    def place(r: int, tables: int, pairs: int, sets: int) -> bool:
        if r == n:
            return True
        free = [(t, (t - r) % n, (t + r) % n) for t in range(n)]
        return any(
            place(r + 1, tables | 1 << t, pairs | 1 << pair, sets | 1 << board_set)
            for t, pair, board_set in free
            if not (tables >> t & 1 or pairs >> pair & 1 or sets >> board_set & 1)
        )

    return place(2, 1, 1 << (n - 1), 1 << 1)


@pytest.mark.parametrize("tables", [pytest.param(9), pytest.param(15, marks=pytest.mark.slow)])
def test_no_rover_plays_all_rounds_but_one(tables: int) -> None:
    """The exhaustive check behind ROVER_TABLES at 9 and 15 tables: no rover plays n-1 rounds, so its n-2 are the
    most (with 7 tables, as a check of the search, one does)."""
    assert not rover_of_all_rounds_but_one(tables)
    assert rover_of_all_rounds_but_one(7)
    assert sum(1 for table in ROVER_TABLES[tables] if table) == tables - 2


def test_web_mitchell_as_published() -> None:
    """Bridge Central's 10-table web Mitchell of 7 sets: tables 1-5 start on sets 1-5, tables 6-10 on sets 4, 3,
    2, 1, 7; each copy goes down one table; East-West pairs move up one, so each meets 7 of the 10 North-South pairs
    and plays every board once; no set is at two tables of one copy in a round."""
    movement = web_mitchell(10, 3, rounds=7)
    first = [e.boards.first for e in movement.round(1)]
    assert [(board - 1) // 3 + 1 for board in first] == [1, 2, 3, 4, 5, 4, 3, 2, 1, 7]
    assert movement.circuits == ((1, 2, 3, 4, 5), (6, 7, 8, 9, 10))
    for r in range(1, 8):
        for copy in movement.circuits:
            sets = [e.boards for e in movement.round(r) if e.table in copy]
            assert len(sets) == len(set(sets))
    for pair in movement.pairs:
        seatings = movement.seatings(pair)
        assert sorted(b for s in seatings for b in s.boards.boards) == list(range(1, 22))
    assert set(movement.plays().values()) == {10}
    assert movement.next_tables(BoardSet(1, 3), 1, table=1) == ()
    assert movement.next_tables(BoardSet(1, 3), 1, table=9) == (8,)


def test_switched_bowman_as_published() -> None:
    """The EBU's switched Bowman for 11 tables: 9 rounds of 3 boards on 9 sets, tables 1-9 starting on sets 1-9;
    table 10 shares with table 1 every round, table 11 with tables 9, 7, 5, 3, 1 (and 10), 8, 6, 4, 2; the last
    round arrow-switched at every table; every board played 11 times."""
    movement = bowman_mitchell(11, 3)
    assert (movement.rounds, movement.boards) == (9, range(1, 28))
    partners = []
    for r in range(1, 10):
        at = {e.table: e.boards for e in movement.round(r)}
        assert at[10] == at[1]
        partners.append(min(t for t in range(1, 10) if at[t] == at[11]))
        assert all(e.switched == (r == 9) for e in movement.round(r))
    assert partners == [9, 7, 5, 3, 1, 8, 6, 4, 2]
    assert set(movement.plays().values()) == {11}
    assert (5, (1, 10, 11)) in movement.shared


def test_appendix_mitchell_is_the_bowman_with_a_half_table() -> None:
    """The appendix Mitchell of 10½ tables: the 11-table Bowman with North-South pair 11 missing, so table 11's
    East-West pair sits out and no boards go round the room: only table 10 shares (with table 1)."""
    movement = appendix_mitchell(11, 3)
    assert movement.phantom == Pair(11)
    assert movement.title.startswith("Appendix Mitchell: 10.5 tables, 9 rounds of 3 boards")
    assert all(e.sit_out for e in movement.encounters if e.table == 11)
    assert movement.slots() == bowman_mitchell(11, 3, pairs=21).slots()
