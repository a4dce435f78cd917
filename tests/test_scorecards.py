"""Personal scorecards: the engine's card of a pair, and SCORECARD, the worksheet function that spills it."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xlbridge.engine.errors import BridgeInputError, Reason
from xlbridge.engine.pairs import Pair
from xlbridge.engine.scorecards import find_pair, scorecard, scorecards
from xlbridge.engine.session import Line, Session, Unscorable, read_line
from xlbridge.engine.standings import score_session
from xlbridge.excel.functions import FUNCTIONS
from xlbridge.excel.scorecards import COLUMNS
from xlbridge.files.demo_data import demo_data
from xlbridge.files.templates.common import CLASSIC, TemplateBook
from xlbridge.files.workbook.calc import calc_workbook
from xlbridge.rules import Side

from .workbooks import Book

SCORECARD = FUNCTIONS["SCORECARD"]

# Four pairs, two boards, each played twice (a Howell). Board 1, nobody vulnerable: 4S= +420 and 4S+1 +450.
# Board 2, North-South vulnerable: 3NT-1 -100 (pair 1 East-West) and 3NT= +600.
TINY = [
    ("1", 1, 2, "4S", "N", "="),
    ("1", 3, 4, "4S", "N", "+1"),
    ("2", 4, 1, "3NT", "S", "-1"),
    ("2", 2, 3, "3NT", "S", "="),
]


def tiny(method: str = "MP") -> Session:
    return Session.of(
        method=method,
        pairs=[Pair(n, None, (f"Player {2 * n - 1}", f"Player {2 * n}")) for n in (1, 2, 3, 4)],
        lines=[read_line(*line) for line in TINY],
    )


def test_a_card_reads_like_the_travellers_from_the_pairs_side() -> None:
    """Pair 1: board 1 North-South against pair 2 (+420, the bottom: 0 of 2, 0%), board 2 East-West against pair 4
    (+100 to East-West, the top: 2 of 2, 100%); after both boards 2 matchpoints and 50%, as the ranking says."""
    scored = score_session(tiny())
    card = scorecard(scored, 1)
    rows = [
        (r.board, r.direction, r.opponents.number, r.contract, r.declarer, r.result, r.score, r.points, r.percent,
         r.running_points, r.running_percent)
        for r in card.rows
    ]  # fmt: skip
    assert rows == [
        (1, Side.NS, 2, "4S", "N", "=", 420, 0, 0, 0, 0),
        (2, Side.EW, 4, "3NT", "S", "-1", 100, 2, 100, 2, 50),
    ]
    assert card.standing.percentage == 50
    assert card.rows[-1].running_percent == card.standing.percentage
    assert card.rows[0].opponents.players == ("Player 3", "Player 4")


def test_imp_cards_run_to_the_pairs_total() -> None:
    """Cross-IMPs: 420 against 450 is -1 IMP; +100 against -600 on the other table is +12; the total is 11."""
    scored = score_session(tiny("Cross-IMP"))
    card = scorecard(scored, 1)
    assert [(r.points, r.percent, r.running_points, r.running_percent) for r in card.rows] == [
        (-1, None, -1, None),
        (12, None, 11, None),
    ]
    assert card.standing.total == 11


def test_rounds_give_the_play_order() -> None:
    """With the rounds known the card follows them (board 2 in round 1, board 1 in round 2), not the boards."""
    scored = score_session(tiny())
    card = scorecard(scored, 1, rounds=[2, 2, 1, 1])
    assert [(r.round, r.board) for r in card.rows] == [(1, 2), (2, 1)]
    assert card.rows[-1].running_percent == 50
    assert [r.round for r in scorecard(scored, 1).rows] == [None, None]
    with pytest.raises(BridgeInputError, match="rounds: one per result line: 3 given for 4 lines"):
        scorecard(scored, 1, rounds=[1, 2, 3])


MITCHELL = Session.of(
    field_kind="Mitchell",
    pairs=[Pair(1, Side.NS), Pair(2, Side.NS), Pair(1, Side.EW), Pair(2, Side.EW), Pair("3A", None)],
    lines=[read_line(1, 1, 1, "4S", "N", "="), read_line(1, 2, 2, "4S", "N", "-1")],
)


@pytest.mark.parametrize(
    ("label", "found"),
    [
        ("1NS", Pair(1, Side.NS)),
        ("1 ew", Pair(1, Side.EW)),
        ("2 N-S", Pair(2, Side.NS)),
        ("3a", Pair("3A", None)),
        ("3A", Pair("3A", None)),
    ],
)
def test_a_mitchell_pair_is_named_with_its_direction(label: str, found: Pair) -> None:
    assert find_pair(MITCHELL, label) == found


@pytest.mark.parametrize(
    ("label", "message", "reason"),
    [
        (1, "pair 1: 2 pairs have this number; say which: 1NS or 1EW", Reason.MALFORMED),
        (1.0, "pair 1: 2 pairs have this number; say which: 1NS or 1EW", Reason.MALFORMED),
        ("9", "pair '9' is not on the list of pairs", Reason.NOT_IN_FIELD),
        ("9NS", "pair '9NS' is not on the list of pairs", Reason.NOT_IN_FIELD),
        (True, "pair TRUE: expected a pair number such as 7 or 7NS", Reason.MALFORMED),
    ],
)
def test_a_pair_that_cannot_be_found_says_why(label: object, message: str, reason: Reason) -> None:
    with pytest.raises(BridgeInputError) as raised:
        find_pair(MITCHELL, label)
    assert raised.value.message == message
    assert raised.value.reason is reason


def test_a_result_to_put_right_shows_on_the_cards_as_the_reason() -> None:
    """A line that cannot be scored holds up its board: the cards show the reason, the running totals too."""
    lines = [read_line(*line) for line in TINY[1:]]
    lines.insert(0, Unscorable(1, 1, 2, ("8S", "N", "", "=", ""), "contract '8S': the level must be 1 to 7"))
    scored = score_session(Session.of(pairs=[Pair(n) for n in (1, 2, 3, 4)], lines=lines))
    card = scorecard(scored, 3)  # pair 3 played board 1 against pair 4, on the board held up
    first, second = card.rows
    assert isinstance(first.points, BridgeInputError)
    assert "board 1: a result on it needs checking" in first.points.message
    assert isinstance(second.running_points, BridgeInputError)
    assert card.standing.total is None
    # Pair 1's line on board 1 is the one to put right: its card has only board 2 until it is.
    assert [row.board for row in scorecard(scored, 1).rows] == [2]


@st.composite
def sessions(draw: st.DrawFn) -> Session:
    """A Howell of 4 to 8 pairs: each board played by a few tables, every table two different pairs."""
    count = draw(st.integers(4, 8))
    method = draw(st.sampled_from(["MP", "ACBL", "Cross-IMP", "Butler"]))
    lines = []
    for board in range(1, draw(st.integers(1, 5)) + 1):
        order = draw(st.permutations(range(1, count + 1)))
        for table in range(draw(st.integers(1, count // 2))):
            ns, ew = order[2 * table], order[2 * table + 1]
            contract = draw(st.sampled_from(["1NT", "3NT", "4S", "4HX", "6C", "PASS"]))
            tricks = 0 if contract == "PASS" else draw(st.integers(4, 13))
            lines.append(read_line(board, ns, ew, contract, "NESW"[board % 4], str(tricks)))
    return Session.of(method=method, pairs=[Pair(n) for n in range(1, count + 1)], lines=lines)


@settings(max_examples=60, deadline=None)
@given(sessions())
def test_every_card_adds_up_to_its_pairs_standing(session: Session) -> None:
    """Whatever the session: a card has a row for each board the pair played, in board order; each result is on
    two cards, one for each side, whose points add up to the board's top (matchpoints) or to nothing (cross-IMPs);
    the running figures end at the pair's percentage (matchpoints) or total (IMPs)."""
    scored = score_session(session)
    cards = scorecards(scored)
    seen: dict[int, list[object]] = {}
    for card in cards:
        assert len(card.rows) == card.standing.boards
        assert [row.board for row in card.rows] == sorted(row.board for row in card.rows)
        for row in card.rows:
            seen.setdefault(row.line, []).append(row.points)
        if card.rows:
            last = card.rows[-1]
            if session.method.imp_scoring:
                assert last.running_points == card.standing.total
            else:
                assert last.running_percent == card.standing.percentage
    assert sorted(seen) == list(range(len(session.lines)))
    for index, points in seen.items():
        assert len(points) == 2
        if session.method.comparison == "matchpoints":
            board = session.lines[index].board
            results = sum(1 for line in session.lines if line.board == board)
            per_win = session.method.matchpoint_scale.per_win  # type: ignore[union-attr]
            assert sum(points) == per_win * (results - 1)  # type: ignore[arg-type]
        elif session.method.comparison == "cross-imps":
            assert sum(points) == 0  # type: ignore[arg-type]


# The worksheet function: the demo session laid out as the pairs-session workbook's Names and Results sheets.


def demo_ranges() -> tuple[list[list[object]], list[list[object]]]:
    session = demo_data().session
    names = [[p.number, p.direction_text, *[*p.players, "", ""][:2]] for p in session.pairs]
    results = []
    for line in session.lines:
        assert isinstance(line, Line)
        contract, by, lead, result, adjusted = line.entered
        results.append([float(line.board), float(line.ns), float(line.ew), contract, by, lead, result, adjusted])
    return names, results


def test_the_worksheet_function_spills_the_engines_card() -> None:
    """SCORECARD gives the engine's card, one row per board, as cells: numbers, text, blanks for nothing."""
    names, results = demo_ranges()
    grid = SCORECARD("2NS", results, names, "MP")
    card = scorecard(score_session(demo_data().session), "2NS")
    assert len(grid) == len(card.rows) == 27
    assert all(len(row) == len(COLUMNS) for row in grid)
    first = dict(zip(COLUMNS, grid[0], strict=True))
    assert first == {
        "Round": "", "Board": 1, "Versus": 3, "Direction": "NS", "Contract": "3NT", "By": "S", "Result": "+2",
        "Score": 460, "Points": 16, "%": 100, "Running total": 16, "Running %": 100,
    }  # fmt: skip
    assert grid[-1][COLUMNS.index("Running %")] == pytest.approx(float(card.standing.percentage))  # type: ignore[arg-type]


def test_lite_blanks_read_as_blanks() -> None:
    """xlwings Lite hands an empty cell over as 0: unused rows and empty leads and adjusted cells are blanks."""
    names, results = demo_ranges()
    lite_names = [[0 if cell == "" else cell for cell in row] for row in names] + [[0, 0, 0, 0]] * 5
    lite_results = [[0 if cell == "" else cell for cell in row] for row in results] + [[0] * 8] * 10
    assert SCORECARD("7EW", lite_results, lite_names, 0, 0, 0) == SCORECARD("7EW", results, names)


@pytest.mark.parametrize(
    ("arguments", "error", "reason"),
    [
        (("12NS",), "#N/A", "pair '12NS' is not on the list of pairs"),
        ((2,), "#VALUE!", "pair 2: 2 pairs have this number; say which: 2NS or 2EW"),
        (("2NS", "Pairs"), "#VALUE!", "method 'Pairs'"),
        (("2NS", "MP", 0.5), "#VALUE!", "results per board 0.5: must be a whole number"),
    ],
)
def test_a_card_that_cannot_be_given_is_one_row_of_errors_with_the_reason(
    arguments: tuple[object, ...], error: str, reason: str
) -> None:
    names, results = demo_ranges()
    pair, *rest = arguments
    method, per_board = (*rest, None, None)[:2]
    (row,) = SCORECARD(pair, results, names, method, None, per_board)
    assert row[:-1] == [error] * (len(COLUMNS) - 1)
    assert reason in row[-1]


def test_blank_pair_wrong_width_and_an_error_upstream() -> None:
    names, results = demo_ranges()
    assert SCORECARD(None, results, names) == [[""] * len(COLUMNS)]
    assert SCORECARD("#N/A", results, names)[0][0] == "#N/A"
    (row,) = SCORECARD("2NS", [line[:7] for line in results], names)
    assert row[0] == "#VALUE!"
    assert "results: 9 columns" in row[-1]


def test_an_error_in_a_result_cell_holds_up_its_board() -> None:
    """A #N/A from a lookup in a contract cell: that line needs checking, so its board shows the error on every
    card that has it (here pair 2NS's board 1, played at another table)."""
    names, results = demo_ranges()
    index = next(i for i, row in enumerate(results) if row[0] == 1.0 and row[1] != 2.0)
    results[index][3] = "#N/A"
    grid = SCORECARD("2NS", results, names)
    assert grid[0][COLUMNS.index("Points")] == "#VALUE!"
    assert grid[0][COLUMNS.index("Score")] == 460  # the pair's own score stands


def test_rounds_column_orders_the_spill() -> None:
    names, results = demo_ranges()
    rounds = [[9 - (int(row[0]) - 1) // 3] for row in results]  # boards 25-27 in round 1 ... boards 1-3 in round 9
    grid = SCORECARD("2NS", results, names, "MP", None, None, None, None, rounds)
    assert [row[:2] for row in grid[:4]] == [[1, 25], [1, 26], [1, 27], [2, 22]]
    (row,) = SCORECARD("2NS", results, names, "MP", None, None, None, None, rounds[:5])
    assert "rounds: one per row of results" in row[-1]


def test_a_scorecard_sheet_computes_in_a_workbook(tmp_path: Path) -> None:
    """A scorecard in a workbook of the user's own (padded to a fixed spill range with Excel 365's TAKE, VSTACK and
    EXPAND, which only the general formula engine computes), computed from the file by xlbridge calc: the engine's
    card, and blank cells after it (every value the general engine gives is written)."""
    names, results = demo_ranges()
    source = tmp_path / "card.xlsx"
    book = TemplateBook(source, CLASSIC, "Scorecard test")
    for sheet_name, rows in (("Names", names), ("Results", results)):
        sheet = book.sheet(sheet_name).cells
        for r, row in enumerate(rows, start=1):
            for c, value in enumerate(row):
                if value not in ("", None):
                    sheet.write(r, c, value)
    card_sheet = book.sheet("Scorecard")
    card_sheet.cells.write_string(0, 1, "5EW")
    width = len(COLUMNS)
    card_sheet.dynamic(
        2,
        0,
        36,
        f'=TAKE(VSTACK({book.fn("SCORECARD")}(B1,Results!A2:H301,Names!A2:D41,"MP"),EXPAND("",36,{width},"")),36)',
        cols=width,
    )
    book.close()
    destination, _ = calc_workbook(source)
    shown = Book(destination)
    card = scorecard(score_session(demo_data().session), "5EW")
    for offset, row in enumerate(card.rows):
        excel_row = 3 + offset

        def cell(heading: str, excel_row: int = excel_row) -> object:
            return shown.sheets["Scorecard"].get((excel_row, COLUMNS.index(heading) + 1))

        assert cell("Board") == row.board
        assert cell("Versus") == row.opponents.number
        assert cell("Points") == pytest.approx(float(Fraction(row.points)))  # type: ignore[arg-type]
        assert cell("Running %") == pytest.approx(float(Fraction(row.running_percent)))  # type: ignore[arg-type]
    assert shown.sheets["Scorecard"].get((3 + len(card.rows), 1)) in (None, "")
