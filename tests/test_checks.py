"""Entry checks: the mistakes a scorer makes typing travellers, found on the lines alone and against the movement,
each naming the line and the reason."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

from xlbridge.engine.checks import check_lines, check_session, flag_rows, infer_kind
from xlbridge.engine.errors import BridgeInputError
from xlbridge.engine.movements import Movement, howell, mitchell
from xlbridge.engine.session import Line, Row, Session, Unscorable, read_line


def line(board: int, ns: int, ew: int, contract: str = "3NT", result: str = "=") -> Line:
    return read_line(board, ns, ew, contract, "N", result)


def played(movement: Movement) -> list[Row]:
    """Every line of the movement entered, in traveller order, as a scorer types them."""
    return [line(s.board, s.ns, s.ew) for s in movement.slots()]


def reasons(rows: list[Row], **options: object) -> list[tuple[int | None, str]]:
    return [(f.row, f.reason) for f in check_lines(rows, **options)]  # type: ignore[arg-type]


def test_clean_lines_have_no_findings() -> None:
    """A Howell's and a Mitchell's travellers typed right: nothing to report, with or without the movement."""
    for movement in (howell(4, 2), mitchell(7, 3), mitchell(8, 2, winners="one"), mitchell(6, 2, even="relay")):
        rows = played(movement)
        assert check_lines(rows, two_fields=movement.two_fields) == []
        assert check_lines(rows, two_fields=movement.two_fields, movement=movement) == []


def test_a_duplicated_line() -> None:
    """The same board and pairs typed twice: nothing says which is right, so both are flagged, each naming the
    other (the ranking waits for either to be put right)."""
    rows: list[Row] = [line(1, 1, 2), line(1, 3, 4), line(1, 1, 2, "4S", "-1")]
    assert reasons(rows, two_fields=False) == [
        (0, "two results for board 1, NS 1 v EW 2 (also on line 3)"),
        (2, "two results for board 1, NS 1 v EW 2 (also on line 1)"),
    ]


def test_a_pair_playing_a_board_twice() -> None:
    """One pair on two lines of a board (one field: in either direction; two fields: in its own direction):
    without the movement either line may be the wrong one, so both are flagged, each naming the other."""
    rows: list[Row] = [line(1, 1, 2), line(1, 3, 1)]
    assert reasons(rows, two_fields=False) == [
        (0, "pair 1 plays board 1 twice (also on line 2)"),
        (1, "pair 1 plays board 1 twice (also on line 1)"),
    ]
    mitchell_rows: list[Row] = [line(1, 1, 1), line(1, 2, 1), line(1, 1, 3)]
    assert reasons(mitchell_rows, two_fields=True) == [
        (0, "EW pair 1 plays board 1 twice (also on line 2)"),
        (0, "NS pair 1 plays board 1 twice (also on line 3)"),
        (1, "EW pair 1 plays board 1 twice (also on line 1)"),
        (2, "NS pair 1 plays board 1 twice (also on line 1)"),
    ]


def test_a_pair_meeting_itself() -> None:
    """In one field NS 3 v EW 3 is one pair twice; in a two-winner Mitchell it is two pairs."""
    assert reasons([line(2, 3, 3)], two_fields=False) == [(0, "pair 3 cannot play against itself")]
    assert reasons([line(2, 3, 3)], two_fields=True) == []


def test_a_board_outside_the_session() -> None:
    """A board number the session does not have (the movement's, or the boards given)."""
    rows: list[Row] = [line(28, 1, 2)]
    assert reasons(rows, two_fields=False, boards=range(1, 28)) == [
        (0, "board 28 is not one of this session's boards (1-27)")
    ]


def test_north_south_swapped_on_one_line_of_a_meeting() -> None:
    """Pairs 3 and 5 meet for three boards; one line has them the other way round: that one is flagged."""
    rows: list[Row] = [line(1, 3, 5), line(2, 3, 5), line(3, 5, 3)]
    assert reasons(rows, two_fields=False) == [
        (2, "NS and EW swapped? NS 5 v EW 3 here, but NS 3 v EW 5 on line 1 and line 2")
    ]


def test_against_the_movement() -> None:
    """A 3-table Mitchell, boards 1-9: a line for pairs who do not play the board, a line missing, NS and EW
    swapped; the missing line is named by its board, round and table."""
    movement = mitchell(3, 3)
    rows = played(movement)
    board_1 = [i for i, row in enumerate(rows) if row.board == 1]
    rows[board_1[1]] = line(1, 3, 1)  # NS 3 plays board 1 against EW 2, and EW 1 against NS 1
    findings = check_lines(rows, two_fields=True, movement=movement)
    assert [(f.row, f.reason) for f in findings] == [
        (
            board_1[1],
            "NS 3 v EW 1 do not play board 1 in this movement: NS 3 plays it against EW 2 (round 2, table 3); "
            "EW 1 plays it against NS 1 (round 1, table 1)",
        ),
        (None, "board 1: no result for NS 3 v EW 2 (round 2, table 3)"),
    ]


def test_wrong_direction_on_an_arrow_switch_round() -> None:
    """One winner: in the switched round the East-West pair sits North-South; a line typed the usual way round
    is flagged as swapped, on an arrow-switch round."""
    movement = mitchell(5, 3, winners="one")
    rows = played(movement)
    index, switched = next((i, s) for i, s in enumerate(movement.slots()) if s.round == 5)
    rows[index] = line(switched.board, switched.ew, switched.ns)
    assert reasons(rows, two_fields=False, movement=movement) == [
        (
            index,
            f"NS and EW swapped: the movement has NS {switched.ns} v EW {switched.ew} on board {switched.board} "
            f"(round 5, table {switched.table}, an arrow-switch round)",
        )
    ]


def test_flagged_lines_are_kept_with_their_reasons() -> None:
    """--keep-bad-lines: a flagged line becomes an Unscorable row with its reason (its board waits), a missing
    line an empty row of its board and pairs."""
    movement = mitchell(3, 1)
    rows = played(movement)
    rows.append(rows[0])
    del rows[1]
    session = Session.of(field_kind="Mitchell", pairs=movement.pairs, lines=rows)
    findings = check_session(session, movement)
    flagged = flag_rows(session, findings)
    kept = [row for row in flagged.lines if isinstance(row, Unscorable)]
    assert [row.reason for row in kept] == [f.reason for f in findings]
    assert kept[0].entered[0] == "3NT"
    assert kept[-1].entered == ("", "", "", "", "")
    assert (kept[-1].board, kept[-1].ns, kept[-1].ew) == (
        movement.slots()[1].board,
        movement.slots()[1].ns,
        movement.slots()[1].ew,
    )


MOVEMENTS = [howell(4, 2), howell(3, 2), mitchell(5, 2), mitchell(6, 2), mitchell(6, 2, winners="one", pairs=11)]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(MOVEMENTS), st.data())
def test_one_mistake_is_found_where_it_was_made(movement: Movement, data: st.DataObject) -> None:
    """Drop a line, repeat one or swap one: exactly that is reported, on that line (or that slot)."""
    rows = played(movement)
    slots = movement.slots()
    index = data.draw(st.integers(0, len(rows) - 1))
    mistake = data.draw(st.sampled_from(["drop", "repeat", "swap"]))
    if mistake == "drop":
        del rows[index]
        findings = check_lines(rows, two_fields=movement.two_fields, movement=movement)
        assert [(f.row, f.slot) for f in findings] == [(None, slots[index])]
    elif mistake == "repeat":
        rows.append(rows[index])
        for plan in (movement, None):
            findings = check_lines(rows, two_fields=movement.two_fields, movement=plan)
            assert [f.row for f in findings] == [index, len(rows) - 1]
            assert all(f.reason.startswith("two results") for f in findings)
    elif slots[index].ns != slots[index].ew:  # NS 1 v EW 1 of a Mitchell turned round is the same line
        s = slots[index]
        rows[index] = line(s.board, s.ew, s.ns)
        findings = check_lines(rows, two_fields=movement.two_fields, movement=movement)
        if movement.two_fields:  # NS 5 v EW 3 is another meeting of a Mitchell: perhaps a line of this board
            assert findings
            assert {f.board for f in findings} == {s.board}
        else:
            assert [f.row for f in findings] == [index]
            assert "swapped" in findings[0].reason


def test_a_board_typed_wrong_blames_that_line_given_the_movement() -> None:
    """A result of board 4 typed as board 14 (a 7-table Mitchell, every pair plays every board): the pairs of that
    line both play board 14 elsewhere. Given the movement only the moved line is flagged, and told which board it
    may be; the two right lines of board 14 are not. Without the movement every line of the collision is flagged,
    naming the others."""
    movement = mitchell(7, 3)
    rows = played(movement)
    moved = next(i for i, slot in enumerate(movement.slots()) if slot.board == 4)
    slot = movement.slots()[moved]
    rows[moved] = line(14, slot.ns, slot.ew)
    findings = check_lines(rows, two_fields=True, movement=movement)
    assert [f.row for f in findings] == [moved, None]
    assert findings[0].reason.endswith(
        f"they play board 4 (round {slot.round}, table {slot.table}), which has no result: is it that?"
    )
    assert findings[1].slot == slot
    alone = check_lines(rows, two_fields=True)
    certain = [f for f in alone if f.certain]
    collided = sorted({f.row for f in certain if f.row is not None})
    assert moved in collided
    assert len(collided) == 3  # the moved line, NS pair's own board 14 and EW pair's own board 14
    assert all(f.board == 14 and "plays board 14 twice" in f.reason for f in certain)
    # and a doubt on the moved line alone: its pairs play the other boards of its round on other rows
    assert [(f.row, "two pairs meet once" in f.reason) for f in alone if not f.certain] == [(moved, True)]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(MOVEMENTS), st.data())
def test_the_findings_do_not_depend_on_the_order_of_the_rows(movement: Movement, data: st.DataObject) -> None:
    """Rows typed in any order give the same findings, each on the same line (its row moved with it)."""
    rows = played(movement)
    index = data.draw(st.integers(0, len(rows) - 1))
    other = data.draw(st.integers(0, len(rows) - 1))
    rows.append(rows[index])  # a mistake to find: a line twice
    rows[other] = line(rows[other].board, rows[other].ns, rows[other].ew + 1 if rows[other].ew < 5 else 1)  # type: ignore[operator]
    order = data.draw(st.permutations(range(len(rows))))
    shuffled = [rows[i] for i in order]
    for plan in (movement, None):
        plain = {(f.row, f.reason.split(" (also")[0]) for f in check_lines(rows, two_fields=True, movement=plan)}
        moved = {(order[f.row] if f.row is not None else None, f.reason.split(" (also")[0])
                 for f in check_lines(shuffled, two_fields=True, movement=plan)}  # fmt: skip
        assert plain == moved


def every_movement() -> Iterator[Movement]:
    """The Mitchells (2 rounds to all, both kinds of winners, 1-3 boards a round) and Howells the command line
    offers, on a spread of sizes."""
    for tables in (3, 4, 5, 7, 9, 12, 15):
        for boards in (1, 2, 3):
            for winners in ("two", "one"):
                for rounds in sorted({2, max(2, tables // 2), tables - 1 if tables % 2 == 0 else tables}):
                    with contextlib.suppress(BridgeInputError):  # a size that movement cannot have
                        yield mitchell(tables, boards, rounds=rounds, winners=winners)
    for tables in range(3, 9):
        for boards in (1, 2, 3):
            yield howell(tables, boards)


def test_the_movement_kind_is_told_from_the_lines() -> None:
    """Every Mitchell and Howell the command line generates: two fields are found exactly where the pairs are
    numbered apart (a two-winner Mitchell), one field for the others, each with its evidence in words."""
    for movement in every_movement():
        found = infer_kind(played(movement))
        assert found.kind.two_fields is movement.two_fields, (movement.title, found.evidence)
        assert ("numbered apart" in found.evidence) is movement.two_fields


def test_a_typo_does_not_make_a_howell_a_mitchell() -> None:
    """A Howell with one line typed NS 4 v EW 4: still one field (and that line then meets itself)."""
    movement = howell(6, 3)
    rows = played(movement)
    rows[5] = line(rows[5].board, 4, 4)
    found = infer_kind(rows)
    assert not found.kind.two_fields
    assert found.evidence.startswith("only 1 time in")
    assert (5, "pair 4 cannot play against itself") in reasons(rows, two_fields=found.kind.two_fields)
