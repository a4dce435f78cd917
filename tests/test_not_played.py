"""A board not played at its table (``NP`` in the Adjusted column, as Compscore3's "not played"): the line is there,
it scores nothing, its board's field has one result fewer (Neuberg scales the others to the count the session
expects), and its two pairs are factored up for it, as for a board of a round they played that went unplayed; with
the movement, it is that slot's result (nothing is missing), and checked against it like any other line."""

from __future__ import annotations

from fractions import Fraction
from importlib.resources import files
from pathlib import Path

import pytest

from xlbridge.engine.checks import check_session
from xlbridge.engine.errors import BridgeInputError
from xlbridge.engine.movements import mitchell
from xlbridge.engine.pairs import Pair
from xlbridge.engine.session import NotPlayed, Session, Typed, read_line, read_row
from xlbridge.engine.standings import score_session
from xlbridge.excel.session import sessionresults, travellers
from xlbridge.excel.session_cells import SessionCells, session_result

from .safety import xlbridge
from .workbooks import Book

MOVEMENT = mitchell(5, 2)
NAMES = [[pair.number, pair.direction_text, f"A{pair.number}", f"B{pair.number}", None] for pair in MOVEMENT.pairs]
PLAN = [[e.round, e.table, e.ns, e.ew, str(e.boards)] for e in MOVEMENT.encounters]


def results(not_played: tuple[int, int, int] | None = (1, 1, 1), left_out: bool = False) -> list[list[object]]:
    """The Results block of the 5-table Mitchell: every slot played (3NT by North, made or one down), but the one
    ``not_played`` (NP in its Adjusted cell, or with ``left_out`` no row at all)."""
    rows = []
    for slot in MOVEMENT.slots():
        if (slot.board, slot.ns, slot.ew) == not_played:
            if not left_out:
                rows.append([slot.board, slot.ns, slot.ew, "", "", "", "", "NP"])
            continue
        rows.append([slot.board, slot.ns, slot.ew, "3NT", "N", "", "=" if (slot.ns + slot.board) % 3 else "-1", ""])
    return rows


@pytest.mark.parametrize("typed", ["NP", "np", " Not played ", "N/P"])
def test_np_is_read_as_a_board_not_played(typed: str) -> None:
    assert read_row(3, 1, 2, Typed(adjusted=typed)) == NotPlayed(3, 1, 2)
    assert NotPlayed(3, 1, 2).entered == ("", "", "", "", "NP")
    assert read_row(3, 1, 2, Typed("4S", "N", result="=")) == read_line(3, 1, 2, "4S", "N", "=")


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        (
            ("4S", "N", "=", ""),
            "not played (NP) and contract '4S', declarer 'N', result '=': a board not played has no",
        ),
        (("", "", "", "H7"), "not played (NP) and lead 'H7': a board not played has no contract"),
    ],
)
def test_np_with_a_contract_is_refused(typed: tuple[str, str, str, str], message: str) -> None:
    contract, declarer, result, lead = typed
    with pytest.raises(BridgeInputError) as refused:
        read_row(3, 1, 2, Typed(contract, declarer, lead, result, "NP"))
    assert refused.value.message.startswith(message)


def test_without_the_movement_it_scales_the_board_and_factors_the_pairs_up() -> None:
    """Four pairs at two tables, two boards: board 2 not played at the second table. Pairs 3 and 4 played one board
    and are factored up to the two they were due (pair 3's top on board 1, 2 matchpoints, is 4), board 2 is scored
    on its one result: exactly as when the line is not there at all, and not as an average would be (which counts
    as a board played)."""
    lines = [read_line(1, 1, 2, "4S", "N", "="), read_line(1, 3, 4, "4S", "N", "+1"),
             read_line(2, 1, 2, "3NT", "S", "=")]  # fmt: skip
    pairs = [Pair(n) for n in range(1, 5)]
    with_np = score_session(Session.of(pairs=pairs, lines=[*lines, NotPlayed(2, 3, 4)]))
    without = score_session(Session.of(pairs=pairs, lines=lines))
    assert [(s.boards, s.total, s.percentage) for s in with_np.standings] == [
        (s.boards, s.total, s.percentage) for s in without.standings
    ]
    assert with_np.standings[2].boards == 1
    assert with_np.standings[2].total == Fraction(4)  # 2 matchpoints on its one board, factored up to 2 boards
    assert with_np.lines[3].ns_points is None
    assert with_np.lines[3].problem == ""
    assert with_np.results == 3
    averaged = score_session(Session.of(pairs=pairs, lines=[*lines, read_line(2, 3, 4, adjusted="A")]))
    assert averaged.standings[2].boards == 2 != with_np.standings[2].boards


def test_with_the_movement_it_is_the_slots_result() -> None:
    """The workbook's movement expects every slot: with NP the session is complete (nothing missing, not
    provisional), and the board's two pairs are factored up to the boards they were due; with the row left out it
    waits for it, provisional, and their totals are of the boards they played (a result not in is not owed yet).
    Every percentage, and every other pair's figures, are the same either way."""
    complete = session_result(SessionCells(results(), NAMES, "MP", "Mitchell", None, PLAN))
    waiting = session_result(SessionCells(results(left_out=True), NAMES, "MP", "Mitchell", None, PLAN))
    assert complete.missing == []
    assert [(s.board, s.ns, s.ew) for s in waiting.missing] == [(1, 1, 1)]
    assert [(s.boards, s.percentage) for s in complete.score.standings] == [
        (s.boards, s.percentage) for s in waiting.score.standings
    ]
    for final, provisional in zip(complete.score.standings, waiting.score.standings, strict=True):
        if final.pair.number == 1:  # NS 1 and EW 1, who were to play board 1
            assert abs(final.total - provisional.total * Fraction(10, 9)) <= Fraction(1, 200)  # type: ignore[operator]
        else:
            assert final.total == provisional.total
    assert complete.score.standings[0].boards == 9
    assert complete.score.results == len(MOVEMENT.slots()) - 1
    cells = sessionresults(results(), NAMES, "MP", "Mitchell", None, PLAN)
    assert cells[0] == [""] * 8  # nothing scored, nothing to check
    shown = travellers(1, 10, results(), NAMES, "MP", "Mitchell", None, PLAN)
    assert shown[2][:3] == [1, 1, "not played"]


def test_np_is_checked_like_any_line() -> None:
    """An NP for pairs that do not play the board, or twice for one slot, is named in the Check column, and the
    ranking waits for it."""
    wrong = results()
    wrong[0][2] = 3  # NS 1 v EW 3 do not meet on board 1
    cells = sessionresults(wrong, NAMES, "MP", "Mitchell", None, PLAN)
    assert cells[0][-1].startswith("NS 1 v EW 3 do not play board 1 in this movement")
    twice = [*results(), [1, 1, 1, "", "", "", "", "NP"]]
    reasons = [row[-1] for row in sessionresults(twice, NAMES, "MP", "Mitchell", None, PLAN)]
    assert reasons[0].startswith("two results for board 1, NS 1 v EW 1 (also on row ")
    assert session_result(SessionCells(twice, NAMES, "MP", "Mitchell", None, PLAN)).score.problems == 2
    session = Session.of(pairs=MOVEMENT.pairs, lines=[NotPlayed(1, 1, 1), NotPlayed(1, 1, 1)], plan=MOVEMENT)
    findings = [f.reason for f in check_session(session, MOVEMENT) if f.row is not None]
    assert findings == ["two results for board 1, NS 1 v EW 1 (also on line 2)",
                        "two results for board 1, NS 1 v EW 1 (also on line 1)"]  # fmt: skip


def test_a_results_file_carries_np_into_the_workbook_and_out(tmp_path: Path) -> None:
    """The demo results file with one line made NP (as a scorer's CSV carries it), run as a secretary runs it:
    import puts NP in that line's Adjusted cell and says the board not played apart from the results; the ranking
    is that of the file with the line left out; export --usebio leaves the line out and says so, and importing the
    export ranks the same."""
    data = files("xlbridge").joinpath("data")
    lines = data.joinpath("demo-session.csv").read_text().splitlines()
    board, ns, ew = lines[4].split(",")[:3]
    names = tmp_path / "names.csv"
    names.write_text(data.joinpath("demo-names.csv").read_text())
    (tmp_path / "np.csv").write_text("\n".join([*lines[:4], f"{board},{ns},{ew},,,,,NP", *lines[5:]]) + "\n")
    (tmp_path / "out.csv").write_text("\n".join([*lines[:4], *lines[5:]]) + "\n")
    done = xlbridge("import", "np.csv", "--names", "names.csv", "-o", "np.xlsx", cwd=tmp_path)
    assert "-> np.xlsx: 241 results, 1 board not played on 27 boards, 18 pairs" in done.out
    book = Book(tmp_path / "np.xlsx")
    assert [book.value("Results", f"{c}5") for c in "ABCH"] == [int(board), int(ns), int(ew), "NP"]
    xlbridge("import", "out.csv", "--names", "names.csv", "-o", "out.xlsx", cwd=tmp_path)
    ranked = xlbridge("ranking", "np.xlsx", "--csv", cwd=tmp_path).out
    assert ranked == xlbridge("ranking", "out.xlsx", "--csv", cwd=tmp_path).out
    exported = xlbridge("export", "np.xlsx", "--usebio", "np.xml", cwd=tmp_path).out
    assert exported == "np.xlsx -> np.xml: 241 results (1 board not played left out), 18 pairs\n"
    xlbridge("import", "np.xml", "-o", "again.xlsx", cwd=tmp_path)
    assert xlbridge("ranking", "again.xlsx", "--csv", cwd=tmp_path).out == ranked
