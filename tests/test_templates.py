"""The template workbooks: built by code, computed without Excel, every computed cell checked against the API."""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import replace
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from xlbridge import Field, board_dealer, board_vulnerability, imps, ns_score, parse_field_entry, udfs, vp20, wbf_vp
from xlbridge.engine.choices import choose
from xlbridge.engine.field import bam
from xlbridge.engine.matches import Event, EventMatch, Match, MatchBoard, Team
from xlbridge.engine.pairs import Pair
from xlbridge.engine.parse import adjusted_text
from xlbridge.engine.scoring import signed_score
from xlbridge.engine.session import Line, Session, Unscorable, read_line
from xlbridge.files.demo_data import demo_data
from xlbridge.files.templates import CLASSIC, LITE, Flavour, pairs_session, teams_event, teams_match, traveller
from xlbridge.files.templates.blank import TEMPLATES
from xlbridge.files.templates.layout import LAYOUT, Sizes
from xlbridge.files.templates.match_layout import AWAY_COL, FIRST, HOME_COL, SUMMARY
from xlbridge.files.workbook.xlsx import (
    ExcelErrorValue,
    Package,
    column_letters,
    column_number,
    defined_names,
    open_package,
    split_ref,
)
from xlbridge.rules import SESSION_METHODS, Side

from .workbooks import ROOT, Book, blank, computed_book

FLAVOURS = [CLASSIC, LITE]
XLBRIDGE_FUNCTIONS = {*udfs.FUNCTION_NAMES, "IMP"}  # IMP is not declared on the classic route, but is an xlbridge name
WORKBOOKS = ROOT / "workbooks"


def close(a: float, b: float) -> bool:
    return abs(a - b) < 1e-9


# --- the files in workbooks/ ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("flavour", FLAVOURS, ids=lambda f: f.name)
@pytest.mark.parametrize("name", sorted(TEMPLATES))
def test_committed_templates_equal_the_generator(tmp_path: Path, name: str, flavour: Flavour) -> None:
    """workbooks/ holds exactly what the generator writes (part by part): regenerate with `xlbridge templates`."""
    committed = WORKBOOKS / ("lite" if flavour is LITE else "") / f"{name}.xlsx"
    fresh = tmp_path / f"{name}.xlsx"
    TEMPLATES[name](fresh, flavour)
    assert committed.exists(), f"{committed} missing: run xlbridge templates --out workbooks (--for lite)"
    assert open_package(committed).parts == open_package(fresh).parts


@pytest.mark.parametrize("flavour", FLAVOURS, ids=lambda f: f.name)
@pytest.mark.parametrize("name", sorted(TEMPLATES))
def test_blank_templates_store_their_spilled_cells_empty(name: str, flavour: Flavour) -> None:
    """A blank template, left to be computed when it is opened, stores every cell its formulas spill into empty
    (not as the 0 XlsxWriter pads an array with), so a viewer that shows the stored values shows blanks."""
    package = open_package(WORKBOOKS / ("lite" if flavour is LITE else "") / f"{name}.xlsx")
    zeros = []
    for sheet, part in package.sheets.items():
        xml = package.parts[part].decode()
        for first, last in re.findall(r'<f t="array" ref="([A-Z]+\d+):([A-Z]+\d+)"', xml):
            top, left, bottom, right = split_ref(f"{first}:{last}")
            for row in range(top, bottom + 1):
                cells = re.findall(rf'<c r="([A-Z]+){row}"[^>]*?(?:/>|>(.*?)</c>)', xml)
                for letters, body in cells:
                    if left <= column_number(letters) <= right and "<v>0</v>" in body:
                        zeros.append(f"{sheet}!{letters}{row}")
    assert zeros == []


def sheet_formulas(path: Path) -> dict[str, list[tuple[str, str, bool]]]:
    """Every formula of every sheet: (cell, formula text, is a dynamic array)."""
    package = open_package(path)
    out = {}
    for sheet, part in package.sheets.items():
        xml = package.parts[part].decode()
        found = []
        for ref, attrs, text in re.findall(r'<c r="([A-Z]+\d+)"[^>]*>(?:<f([^>]*)>([^<]*)</f>)', xml):
            found.append((ref, text, 't="array"' in attrs))
        out[sheet] = found
    return out


@pytest.mark.parametrize("flavour", FLAVOURS, ids=lambda f: f.name)
@pytest.mark.parametrize("name", sorted(TEMPLATES))
def test_template_formula_rules(tmp_path: Path, name: str, flavour: Flavour) -> None:
    """Plain A1 references; each xlbridge call inside an array formula; names spelled for the route (xlwings Lite:
    as Excel stores an Office.js custom function, ``_xldudf_`` and its id)."""
    path = tmp_path / f"{name}.xlsx"
    TEMPLATES[name](path, flavour)
    calls = 0
    for sheet, formulas in sheet_formulas(path).items():
        for ref, text, dynamic in formulas:
            assert "[" not in text, (sheet, ref, text)  # no structured references (Table[[#This Row],[Col]])
            assert "_xludf" not in text.lower()
            assert "BRIDGE." not in text  # the typed name stays #NAME? in Excel: never stored
            assert "!_xldudf_" not in text  # an external-link form Excel sometimes writes
            names = re.findall(r"(?<![\w.])((?:_xldudf_)?[A-Za-z_][A-Za-z0-9_.]*)\(", text)
            ours = [n for n in names if n.removeprefix("_xldudf_") in XLBRIDGE_FUNCTIONS]
            if ours:
                calls += len(ours)
                assert dynamic, (sheet, ref, text)
            for found in ours:
                if flavour is LITE:
                    assert found.startswith("_xldudf_"), (sheet, ref, found)
                else:
                    assert not found.startswith("_xldudf_"), (sheet, ref, found)
                    assert found not in ("IMP", "VP20", "VP30"), (sheet, ref, found)  # not callable in classic
    assert calls > 0


@pytest.mark.parametrize("name", sorted(TEMPLATES))
def test_entry_cells_unlocked_formulas_locked_and_printing(tmp_path: Path, name: str) -> None:
    """Entry columns unlocked and validated, formula cells locked, sheets protected, printing set up."""
    path = tmp_path / f"{name}.xlsx"
    TEMPLATES[name](path, CLASSIC)
    package = open_package(path)
    styles = package.parts["xl/styles.xml"].decode()
    xfs = re.search(r"<cellXfs[^>]*>(.*?)</cellXfs>", styles, re.DOTALL)
    assert xfs is not None
    unlocked = {i for i, xf in enumerate(re.findall(r"<xf [^>]*?(?:/>|>.*?</xf>)", xfs[1], re.DOTALL))
                if 'locked="0"' in xf}  # fmt: skip
    entry_sheets = 0
    for sheet, part in package.sheets.items():
        xml = package.parts[part].decode()
        if sheet == "Lists":
            continue
        assert "<sheetProtection" in xml, sheet
        assert "<pageSetup" in xml or sheet in ("Settings", "Names", "Teams"), sheet
        for style in re.findall(r'<c r="[A-Z]+\d+" s="(\d+)"[^>]*><f', xml):
            assert int(style) not in unlocked, sheet
        column_styles = re.findall(r'<col [^>]*style="(\d+)"', xml)
        cell_styles = re.findall(r'<c r="[A-Z]+\d+" s="(\d+)"(?:/>|>(?!<f))', xml)  # cells without a formula
        if any(int(s) in unlocked for s in column_styles + cell_styles):
            entry_sheets += 1
    assert entry_sheets >= 1
    all_xml = "".join(package.parts[part].decode() for part in package.sheets.values())
    if name != "teams-event":
        assert "<dataValidation " in all_xml
        assert 'numFmtId="49"' in styles  # the text format (@) of the Result column


@pytest.mark.parametrize("flavour", FLAVOURS, ids=lambda f: f.name)
@pytest.mark.parametrize("name", sorted(TEMPLATES))
def test_help_in_the_workbook_says_it_all(name: str, flavour: Flavour) -> None:
    """What a user reads in Excel, a cell's text or the message of a drop-down, sends no one to the README (a
    secretary in Excel has none at hand): a choice's help cell says what each choice means, and its drop-down's
    message, where all that is longer than Excel shows, says the note beside it does."""
    from xml.sax.saxutils import unescape

    from xlbridge.files.templates.event_layout import SETTINGS
    from xlbridge.rules import TEAMS_FORMS
    from xlbridge.rules.teams import BYE_RULES, SCHEDULES, TIE_BREAKS

    path = WORKBOOKS / ("lite" if flavour is LITE else "") / f"{name}.xlsx"
    xml = "".join(part.decode() for part_name, part in open_package(path).parts.items() if part_name.endswith(".xml"))
    texts = [unescape(cell or prompt) for cell, prompt in re.findall(r'<t[^>]*>([^<]*)</t>|prompt="([^"]*)"', xml)]
    assert texts
    assert [text for text in texts if "README" in text] == []
    if name != "teams-event":
        return
    book = Book(path)
    for setting, registry in (("Form", TEAMS_FORMS), ("Schedule", SCHEDULES), ("ByeRule", BYE_RULES),
                              ("TieBreak", TIE_BREAKS)):  # fmt: skip
        note = book.value("Settings", f"C{SETTINGS[setting].row + 1}")
        assert all(f"{entry.name}: {entry.description}." in note for entry in registry), setting
        shown = [prompt for prompt in texts if prompt.startswith(f"One of {', '.join(registry.names())}")]
        assert shown in ([], [f"One of {', '.join(registry.names())}: the note beside this cell says what each means."])


def _declared(package: Package, sheet: str, area: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
    """A block as its formulas or its defined name write it: a block is read as far as its sheet's cells in use
    (an empty template's blocks end at their first row), so its written extent is the tallest range written from
    the same first cell on that sheet, in the workbook's formulas (a reference without a sheet is its own sheet's)
    and defined names."""
    written = [(None, text) for text in defined_names(package).values()]
    for name, part in package.sheets.items():
        written += [(name, text) for text in re.findall(r"<f[^>]*>([^<]*)</f>", package.parts[part].decode())]
    tallest = area
    reference = re.compile(r"(?:(?:'([^']+)'|([A-Za-z0-9_]+))!)?\$?([A-Z]{1,3})\$?(\d+):\$?([A-Z]{1,3})\$?(\d+)")
    for home, text in written:
        for found in reference.finditer(text):
            named = found[1] or found[2] or home
            cells = split_ref(f"{found[3]}{found[4]}:{found[5]}{found[6]}")
            if named == sheet and cells[:2] == area[:2] and cells[2] > tallest[2]:
                tallest = cells
    return tallest


def _unlocked_below(path: Path) -> list[str]:
    """The cells of the first row below each block the workbook's functions read, in the block's columns, that a
    protected sheet still lets a secretary type in (a style unlocked: the cell's own, else its row's, else its
    column's)."""
    from xlbridge.files.workbook.blocks import blocks_of, named_blocks
    from xlbridge.files.workbook.evaluate import evaluate

    package = open_package(path)
    computed = evaluate(package)
    assert computed is not None
    styles = package.parts["xl/styles.xml"].decode()
    xfs = re.search(r"<cellXfs[^>]*>(.*?)</cellXfs>", styles, re.DOTALL)
    assert xfs is not None
    unlocked = {str(i) for i, xf in enumerate(re.findall(r"<xf [^>]*?(?:/>|>.*?</xf>)", xfs[1], re.DOTALL))
                if 'locked="0"' in xf}  # fmt: skip
    found = []
    for block in {*blocks_of(computed.arguments), *named_blocks(package)}:
        xml = package.parts[package.sheets[block.sheet]].decode()
        _, first_col, last_row, last_col = _declared(package, block.sheet, block.area)
        row = last_row + 1
        columns = [(int(low), int(high), style) for low, high, style in
                   re.findall(r'<col min="(\d+)" max="(\d+)"[^>]*?style="(\d+)"', xml)]  # fmt: skip
        row_style = re.search(rf'<row r="{row}"[^>]*?s="(\d+)"[^>]*?customFormat="1"', xml)
        for col in range(first_col, last_col + 1):
            ref = f"{column_letters(col)}{row}"
            cell = re.search(rf'<c r="{ref}" s="(\d+)"', xml)
            style = (cell[1] if cell else row_style[1] if row_style
                     else next((s for low, high, s in columns if low <= col <= high), "0"))  # fmt: skip
            if style in unlocked:
                found.append(f"{block.sheet}!{ref} (below the {block.name} block)")
    return found


@pytest.mark.parametrize("name", sorted(TEMPLATES))
def test_nothing_can_be_typed_below_a_block(tmp_path: Path, name: str) -> None:
    """The yellow, unlocked cells stop where each block the formulas read stops: on the protected sheet nothing can
    be typed below it (a rubber's 33rd deal and a teams event's 201st match could, and were never counted)."""
    path = tmp_path / f"{name}.xlsx"
    TEMPLATES[name](path, CLASSIC)
    assert _unlocked_below(path) == []


def test_ranking_is_landscape_and_travellers_one_page_each(tmp_path: Path) -> None:
    """The ranking prints landscape; the travellers have a page break after each board."""
    path = tmp_path / "pairs.xlsx"
    pairs_session.build(path, CLASSIC, boards=12, tables=10)
    package = open_package(path)
    ranking = package.parts[package.sheets["Ranking"]].decode()
    travellers = package.parts[package.sheets["Travellers"]].decode()
    assert 'orientation="landscape"' in ranking
    assert len(re.findall(r"<brk ", travellers)) == 11


# --- computed with realistic data ----------------------------------------------------------------------------------


def hundredths(value: object) -> Decimal:
    """To 2 decimals, halves up, as a traveller prints a figure."""
    exact = Fraction(value)  # type: ignore[arg-type]
    return (Decimal(exact.numerator) / Decimal(exact.denominator)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def expected_session(session: Session) -> dict[str, object]:
    """The pairs session scored independently of the workbook, with the Python API, as Compscore3 scores it."""
    scores = {}
    for line in session.lines:
        scores[line] = line.adjusted_text or ns_score(
            line.contract_text, line.declarer_text, line.result_text, line.board
        )
    by_board: dict[int, list[Line]] = defaultdict(list)
    for line in session.lines:
        by_board[line.board].append(line)
    per_board = session.per_board or max(len(lines) for lines in by_board.values())
    mp, pct = {}, {}
    for _board, lines in by_board.items():
        own = Field([scores[line] for line in lines])
        full = Field([scores[line] for line in lines], per_board)
        for line in lines:
            entry = parse_field_entry(scores[line])
            mp[line] = own.matchpoints(entry)
            pct[line] = full.matchpoints(entry)
    top = 2 * (per_board - 1)
    pairs = {}
    for pair in session.pairs:
        mine = [(line, "NS") for line in session.lines if line.ns == pair.number and pair.direction != "EW"]
        mine += [(line, "EW") for line in session.lines if line.ew == pair.number and pair.direction != "NS"]
        percentages = [pct[line].ns_percent if side == "NS" else pct[line].ew_percent for line, side in mine]
        percentage = sum(percentages) / len(percentages)
        # Compscore3's total: each board's percentage to 2 decimals, in matchpoints to 2 decimals, summed; a pair
        # that missed a board is factored up to every board (no pair of the demo sits out).
        shown = sum(hundredths(hundredths(p) * top / 100) for p in percentages)
        pairs[(pair.number, pair.direction)] = (len(mine), percentage, hundredths(shown * len(by_board) / len(mine)))
    return {"scores": scores, "mp": mp, "pct": pct, "pairs": pairs}


@pytest.fixture(scope="module")
def demo_session_book(tmp_path_factory: pytest.TempPathFactory) -> tuple[Book, Session]:
    session = demo_data().session
    book = computed_book(
        tmp_path_factory.mktemp("pairs"), "pairs", lambda path: pairs_session.build(path, CLASSIC, session=session)
    )
    return book, session


def test_pairs_session_has_no_error_cell(demo_session_book: tuple[Book, Session]) -> None:
    """The demo session computes with no error anywhere and nothing left uncomputed."""
    book, _ = demo_session_book
    assert book.errors() == []
    assert book.computed is not None
    assert book.computed.not_computed == []


def test_pairs_session_results_columns(demo_session_book: tuple[Book, Session]) -> None:
    """Every score, matchpoint and percentage on Results equals the Python API's, line by line, both sides."""
    book, session = demo_session_book
    want = expected_session(session)
    for offset, line in enumerate(session.lines):
        row = 2 + offset
        score = want["scores"][line]  # type: ignore[index]
        assert book.value("Results", f"J{row}") == score
        ew = -score if isinstance(score, int) else adjusted_text(parse_field_entry(score), Side.EW)  # A+ is A- to EW
        assert book.value("Results", f"K{row}") == ew
        mp, pct = want["mp"][line], want["pct"][line]  # type: ignore[index]
        assert close(book.value("Results", f"L{row}"), float(mp.ns)), row
        assert close(book.value("Results", f"M{row}"), float(mp.ew)), row
        assert close(book.value("Results", f"N{row}"), float(pct.ns_percent)), row
        assert close(book.value("Results", f"O{row}"), float(pct.ew_percent)), row
        assert blank(book.value("Results", f"P{row}")), row  # no datum: matchpoints
        assert blank(book.value("Results", f"Q{row}")), row
    assert blank(book.value("Results", f"J{2 + len(session.lines)}"))


def test_pairs_session_ranking(demo_session_book: tuple[Book, Session]) -> None:
    """Ranking: each field sorted, places with ties as 2=, boards, totals and percentages as computed apart."""
    book, session = demo_session_book
    want = expected_session(session)["pairs"]
    rows = []
    row = 5
    while not blank(book.value("Ranking", f"B{row}")):
        rows.append([book.value("Ranking", f"{letter}{row}") for letter in "ABCDEFG"])
        row += 1
    assert len(rows) == len(session.pairs) == 18
    assert [r[2] for r in rows] == ["NS"] * 9 + ["EW"] * 9
    for place, pair, direction, players, boards, total, percentage in rows:
        count, pct, factored = want[(pair, direction)]  # type: ignore[index]
        assert boards == count
        assert close(percentage, float(pct))
        assert close(total, float(factored))
        same_field = [float(p) for (n, d), (_, p, _) in want.items() if d == direction]  # type: ignore[union-attr]
        better = sum(1 for other in same_field if round(other, 6) > round(float(pct), 6))
        ties = sum(1 for other in same_field if round(other, 6) == round(float(pct), 6))
        assert place == f"{better + 1}{'=' if ties > 1 else ''}"
        names = next(p.names for p in session.pairs if (p.number, p.direction) == (pair, direction))
        assert players == names
    for direction in ("NS", "EW"):
        pcts = [r[6] for r in rows if r[2] == direction]
        assert pcts == sorted(pcts, reverse=True)


def test_pairs_session_travellers(demo_session_book: tuple[Book, Session]) -> None:
    """Each board's traveller lists that board's lines from Results, with dealer and vulnerability."""
    book, session = demo_session_book
    tables = Sizes().tables
    for board in (1, 19, 27):
        top = LAYOUT.traveller_top(board, tables) + 1
        assert book.value("Travellers", f"A{top}") == f"Board {board}"
        assert book.value("Travellers", f"C{top}") == f"Dealer {board_dealer(board).value}"
        assert book.value("Travellers", f"E{top}") == f"Vulnerable: {board_vulnerability(board).value}"
        lines = [line for line in session.lines if line.board == board]
        listed = [book.value("Travellers", f"A{top + 2 + i}") for i in range(tables)]
        assert listed[: len(lines)] == [line.ns for line in lines]
        assert all(blank(value) for value in listed[len(lines) :])


def test_pairs_session_settings(demo_session_book: tuple[Book, Session]) -> None:
    """Settings: results per board (9, the most any board has), top 16, 27 boards, no problems."""
    book, session = demo_session_book
    settings = book.sheets["Settings"]
    names = ("Expected", "Top", "Boards", "LastBoard", "ResultCount", "Problems")
    assert [settings[LAYOUT.setting(name).position] for name in names] == [9, 16, 27, 27, len(session.lines), 0]


def imp_session() -> Session:
    """A small Howell scored by Butler and by cross-IMPs."""
    scores = [("4S", "N", "="), ("4S", "N", "+1"), ("3S", "N", "+1"), ("4S", "N", "-1"), ("4SX", "E", "-3")]
    lines = [
        read_line(1, ns, ew, *deal)
        for (ns, ew), deal in zip([(1, 2), (3, 4), (5, 6), (7, 8), (9, 10)], scores, strict=True)
    ]
    lines += [read_line(2, ns, ew, "3NT", "S", result) for (ns, ew), result in
              zip([(2, 3), (4, 5), (6, 7), (8, 9), (10, 1)], ["=", "+1", "-1", "=", "+2"], strict=True)]  # fmt: skip
    pairs = [Pair(n, None, (f"P{n}a", f"P{n}b")) for n in range(1, 11)]
    return Session.of(event="IMP pairs", method="Butler", pairs=pairs, lines=lines)


@pytest.mark.parametrize("method", ["Butler", "Cross-IMP"])
def test_pairs_session_imp_scoring(tmp_path: Path, method: str) -> None:
    """With Butler or cross-IMP scoring the points columns hold IMPs and the ranking totals them."""
    session = replace(imp_session(), method=choose(SESSION_METHODS, method))
    book = computed_book(tmp_path, "imps", lambda path: pairs_session.build(path, CLASSIC, session=session))
    assert book.errors() == []
    totals: dict[int, Fraction] = defaultdict(Fraction)
    for board in (1, 2):
        lines = [line for line in session.lines if line.board == board]
        field = Field([one.score for one in lines])
        for line in lines:
            score = line.score
            row = 2 + session.lines.index(line)
            from xlbridge.rules.scales import WBF_IMPS

            got = field.butler(score, WBF_IMPS) if method == "Butler" else field.cross_imps(score, WBF_IMPS)
            assert close(book.value("Results", f"L{row}"), float(got.ns))
            assert close(book.value("Results", f"M{row}"), float(got.ew))
            assert blank(book.value("Results", f"N{row}"))
            if method == "Butler":
                assert book.value("Results", f"P{row}") == field.datum()
            totals[line.ns] += got.ns
            totals[line.ew] += got.ew
    row = 5
    while not blank(book.value("Ranking", f"B{row}")):
        pair, total = book.value("Ranking", f"B{row}"), book.value("Ranking", f"F{row}")
        assert close(total, float(totals[pair]))
        assert blank(book.value("Ranking", f"G{row}"))
        row += 1
    assert row == 15


def test_a_bad_line_holds_the_ranking(tmp_path: Path) -> None:
    """A line that cannot be scored shows its reason; the ranking shows #N/A instead of wrong totals."""
    session = demo_data().session
    bad = Unscorable(1, 6, 2, ("8S", "N", "", "=", ""), "contract '8S': the level must be 1 to 7")
    session = replace(session, lines=(*session.lines[:5], bad, *session.lines[6:]))
    book = computed_book(tmp_path, "bad", lambda path: pairs_session.build(path, CLASSIC, session=session))
    assert book.value("Results", "Q7") == "contract '8S': the level must be 1 to 7"
    assert book.sheets["Settings"][LAYOUT.setting("Problems").position] == 1
    assert book.value("Ranking", "A3") == "Waiting: 1 line(s) on Results need checking"
    assert any(where[0] == "Totals" and code == "#N/A" for where, code in [((s, w), c) for s, w, c in book.errors()])


def test_traveller(tmp_path: Path) -> None:
    """The traveller of board 8 of the demo: dealer, vulnerability, scores, both sides' matchpoints."""
    lines = [line for line in demo_data().session.lines if line.board == 8]
    book = computed_book(tmp_path, "trav", lambda path: traveller.build(path, LITE, board=8, lines=lines))
    assert book.errors() == []
    assert (book.value("Traveller", "D3"), book.value("Traveller", "G3")) == ("W", "None")
    scores = [line.adjusted_text or line.score for line in lines]
    field = Field(scores)
    for offset, (_line, score) in enumerate(zip(lines, scores, strict=True)):
        row = 6 + offset
        mp = field.matchpoints(parse_field_entry(score))
        assert book.value("Traveller", f"H{row}") == score
        assert close(book.value("Traveller", f"J{row}"), float(mp.ns))
        assert close(book.value("Traveller", f"K{row}"), float(mp.ew))
        assert blank(book.value("Traveller", f"L{row}"))


def figure(book: Book, label: str, home: bool = True) -> object:
    """A figure of the team match's summary table, the home team's or the away team's."""
    return book.sheets["Match"].get((SUMMARY[label] + 1, (HOME_COL if home else AWAY_COL) + 1))


def test_team_match(tmp_path: Path) -> None:
    """The seed's 16-board match against the demo's second table: scores, net, IMPs, VPs, board-a-match."""
    match = demo_data().match
    book = computed_book(tmp_path, "match", lambda path: teams_match.build(path, CLASSIC, match=match))
    assert book.errors() == []
    home = away = 0
    bam_points = Fraction(0)
    for offset, entry in enumerate(match.boards):
        row = FIRST + 1 + offset
        assert entry.table1 is not None
        assert entry.table2 is not None
        s1 = signed_score(entry.table1, board_vulnerability(entry.board))
        s2 = signed_score(entry.table2, board_vulnerability(entry.board))
        swing = imps(s1 - s2)
        assert book.value("Match", f"B{row}") == board_dealer(entry.board).value
        assert book.value("Match", f"C{row}") == board_vulnerability(entry.board).value
        assert (book.value("Match", f"G{row}"), book.value("Match", f"K{row}")) == (s1, s2)
        assert book.value("Match", f"L{row}") == s1 - s2
        assert book.value("Match", f"M{row}") == swing
        home += max(swing, 0)
        away += max(-swing, 0)
        bam_points += bam(s1, s2)
        assert book.value("Match", f"P{row}") == float(bam(s1, s2))
    first = FIRST + 1
    assert [book.value("Match", f"G{row}") for row in (first, first + 1)] == [-140, -500]  # the seed's first boards
    assert (figure(book, "Boards played"), figure(book, "IMPs"), figure(book, "IMPs", home=False)) == (16, home, away)
    assert figure(book, "Victory points") == wbf_vp(home - away, 16)
    assert figure(book, "Victory points", home=False) == wbf_vp(away - home, 16)
    assert figure(book, "Board-a-match") == float(bam_points)
    assert blank(book.value("Match", f"L{first + len(match.boards)}"))
    assert blank(book.value("Match", f"A{first + len(match.boards)}"))  # a match's scorecard has its boards only


def test_team_match_discrete_scale(tmp_path: Path) -> None:
    """The discrete 20-VP scale by choice."""
    match = Match(home="A", away="B", vp_scale="20", boards=(
        MatchBoard.read(1, "4S", "N", "=", "2S", "N", "+2"), MatchBoard.read(2, "3NT", "E", "=", "3NT", "E", "-1"),
    ))  # fmt: skip
    book = computed_book(tmp_path, "match20", lambda path: teams_match.build(path, CLASSIC, rows=20, match=match))
    assert book.errors() == []
    margin = imps(420 - 170) + imps(-400 - 50)
    assert (figure(book, "Victory points"), figure(book, "Victory points", home=False)) == (vp20(margin), vp20(-margin))


def test_team_match_board_at_one_table_is_averaged(tmp_path: Path) -> None:
    """A board scored at one table only counts as average there (Law 12C2), and its Check and the summary say so;
    the totals are not held."""
    match = Match(home="A", away="B", boards=(
        MatchBoard.read(1, "4S", "N", "=", "2S", "N", "+2"), MatchBoard.read(2, "3NT", "E", "=", "", "", ""),
    ))  # fmt: skip
    book = computed_book(tmp_path, "unfinished", lambda path: teams_match.build(path, CLASSIC, rows=20, match=match))
    row = FIRST + 2
    assert book.value("Match", f"Q{row}") == (
        "table 2: not played at this table: scored as average (A); enter an adjusted score here to change it"
    )
    assert figure(book, "Lines with problems") == 0
    assert figure(book, "Lines with problems", home=False) == "board 2 played at one table: scored as average there"
    assert (figure(book, "IMPs"), figure(book, "IMPs", home=False)) == (imps(420 - 170), 0)
    assert figure(book, "Boards played") == 2


def test_team_match_waits_with_its_reason(tmp_path: Path) -> None:
    """A contract that cannot be scored holds the totals at #N/A, and the summary gives the reason in words."""
    match = Match(home="A", away="B", boards=(MatchBoard.read(1, "4S", "N", "=", "2S", "N", "+2"),))
    path = tmp_path / "bad.xlsx"
    teams_match.build(path, CLASSIC, rows=4, match=match)
    book = computed_book(tmp_path, "bad", lambda out: out.write_bytes(_retype(path, "H11", "8S")))
    assert figure(book, "IMPs") == ExcelErrorValue("#N/A")
    assert figure(book, "Lines with problems") == 1
    reason = figure(book, "Lines with problems", home=False)
    assert reason == "board 1, table 2: contract '8S': the level must be 1 to 7"


def _retype(path: Path, ref: str, text: str) -> bytes:
    """The workbook with one entry cell retyped as text, as a secretary would (by editing the sheet's XML)."""
    import io
    import zipfile

    out = io.BytesIO()
    with zipfile.ZipFile(path) as source, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            data = source.read(info)
            if info.filename == "xl/worksheets/sheet1.xml":
                xml = data.decode()
                cell = re.search(rf'<c r="{ref}"[^>]*?(/>|>.*?</c>)', xml)
                assert cell is not None, ref
                style = re.search(r' s="(\d+)"', cell.group(0))
                attrs = f' s="{style.group(1)}"' if style else ""
                xml = xml.replace(cell.group(0), f'<c r="{ref}"{attrs} t="inlineStr"><is><t>{text}</t></is></c>')
                data = xml.encode()
            target.writestr(info, data)
    return out.getvalue()


def test_teams_event(tmp_path: Path) -> None:
    """A four-team round robin: VPs per match (WBF, 8 boards), running totals and places, in place order."""
    teams = [Team(1, "Seahorses"), Team(2, "Kittiwakes"), Team(3, "Puffins"), Team(4, "Gannets")]
    results = [(1, 1, 2, 8, 23, 11), (1, 3, 4, 8, 5, 5), (2, 1, 3, 8, 2, 30), (2, 2, 4, 8, 17, 16),
               (3, 1, 4, 8, 40, 0), (3, 2, 3, 8, 12, 19)]  # fmt: skip
    event = Event("Winter teams", teams=tuple(teams), matches=tuple(EventMatch(*result) for result in results))
    book = computed_book(
        tmp_path, "event", lambda path: teams_event.build(path, CLASSIC, rows=20, teams=8, rounds=4, event=event)
    )
    assert book.errors() == []
    vps: dict[int, float] = defaultdict(float)
    for offset, (_, home, away, boards, hi, ai) in enumerate(results):
        row = 2 + offset
        assert book.value("Matches", f"C{row}") == teams[home - 1].name  # the names beside the numbers
        assert book.value("Matches", f"E{row}") == teams[away - 1].name
        assert book.value("Matches", f"M{row}") == wbf_vp(hi - ai, boards)
        assert book.value("Matches", f"N{row}") == wbf_vp(ai - hi, boards)
        vps[home] += wbf_vp(hi - ai, boards)
        vps[away] += wbf_vp(ai - hi, boards)
    order = sorted(vps, key=lambda team: -vps[team])
    first = teams_event.HEADER_ROW + 2
    assert book.value("Standings", f"J{first - 1}") == "After round 1"
    assert blank(book.value("Standings", f"M{first - 1}"))  # round 4 not played: no heading
    for offset, number in enumerate(order):
        row = first + offset
        assert book.value("Standings", f"A{row}") == str(offset + 1)
        assert book.value("Standings", f"B{row}") == number
        assert book.value("Standings", f"C{row}") == teams[number - 1].name
        assert close(book.value("Standings", f"H{row}"), vps[number])
        assert book.value("Standings", f"H{row}") == round(vps[number], 2)  # stored as shown
        after_one = sum(wbf_vp(h - a if home == number else a - h, b) for _, home, away, b, h, a in results[:2]
                        if number in (home, away))  # fmt: skip
        assert close(book.value("Standings", f"J{row}"), after_one)


def test_teams_event_board_a_match(tmp_path: Path) -> None:
    """Board-a-match form: the standings total the board points; a tie head-to-head cannot break stays shared."""
    event = Event(
        form="BAM",
        teams=(Team(1, "A"), Team(2, "B"), Team(3, "C")),
        matches=(EventMatch(1, 1, 2, 8, home_bam=5, away_bam=3), EventMatch(2, 1, 3, 8, home_bam=4.5, away_bam=3.5),
                 EventMatch(3, 2, 3, 8, home_bam=2, away_bam=6)),
    )  # fmt: skip
    book = computed_book(
        tmp_path, "bam", lambda path: teams_event.build(path, CLASSIC, rows=10, teams=4, rounds=3, event=event)
    )
    assert book.errors() == []
    first = teams_event.HEADER_ROW + 2
    assert book.value("Standings", f"H{first - 1}") == "Board points"
    shown = [(book.value("Standings", f"A{row}"), book.value("Standings", f"B{row}"),
              book.value("Standings", f"H{row}")) for row in (first, first + 1, first + 2)]  # fmt: skip
    # A and C are on 9.5; they met (4.5-3.5 to A): head-to-head puts A first.
    assert shown == [("1", 1, 9.5), ("2", 3, 9.5), ("3", 2, 5)]
    assert book.value("Standings", f"I{first}") == "head-to-head"


def test_function_calls_do_not_grow_with_rows(tmp_path: Path) -> None:
    """The engine calls each xlbridge function the same number of times for 20 rows as for 300."""
    session = demo_data().session
    small = Session.of(event="x", field_kind="Mitchell", pairs=session.pairs, lines=session.lines[:18])
    counts = []
    for rows in (20, 300):
        book = computed_book(
            tmp_path, f"rows{rows}", lambda path, r=rows: pairs_session.build(path, CLASSIC, rows=r, session=small)
        )
        assert book.computed is not None
        counts.append(dict(book.computed.calls))
    assert counts[0] == counts[1]
    assert sum(counts[0].values()) < 40
    match_counts = []
    for rows in (20, 300):
        book = computed_book(tmp_path, f"match{rows}", lambda path, r=rows: teams_match.build(path, LITE, rows=r))
        assert book.computed is not None
        match_counts.append(dict(book.computed.calls))
    assert match_counts[0] == match_counts[1]


def test_lite_and_classic_compute_the_same(tmp_path: Path, demo_session_book: tuple[Book, Session]) -> None:
    """The xlwings Lite flavour (BRIDGE.*) computes to the same values as the classic one."""
    classic, session = demo_session_book
    lite = computed_book(tmp_path, "lite", lambda path: pairs_session.build(path, LITE, session=session))
    assert lite.sheets["Ranking"] == classic.sheets["Ranking"]
    assert lite.sheets["Results"] == classic.sheets["Results"]
