"""The workbooks store what Excel stores and compute in Excel what the engine computes, from Excel 2016 on.

Checked on the templates as shipped and on workbooks as `xlbridge import` and `xlbridge demo` size them: xlwings
Lite calls stored as Excel stores Office.js custom functions; no formula that Excel would evaluate differently from
the headless engine (a range where one value is expected, in an ordinary formula); no function newer than Excel
2016 in a classic workbook; travellers that hold every line; the direct evaluation equal to the formula engine.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from xlbridge.cli import main
from xlbridge.engine.choices import choose
from xlbridge.engine.session import read_line
from xlbridge.excel import FUNCTIONS
from xlbridge.excel.functions import LITE_PREFIX
from xlbridge.files.demo_data import demo_data
from xlbridge.files.templates import CLASSIC, LITE, Flavour, pairs_session
from xlbridge.files.templates.blank import TEMPLATES
from xlbridge.files.templates.layout import LAYOUT
from xlbridge.files.workbook.calc import calc_workbook, compute
from xlbridge.files.workbook.evaluate import evaluate, read_formulas
from xlbridge.files.workbook.xlsx import open_package
from xlbridge.rules import FIELD_KINDS

from .conftest import BUTLER, HOWELL
from .workbooks import Book

XLBRIDGE = set(FUNCTIONS) | {"IMP_", "VP_20", "VP_30"}

#: Every worksheet function a classic template may call besides xlbridge's: all are in Excel 2016 (Microsoft's
#: function pages; IFERROR, COUNTIFS and SUMIFS since 2007). FILTER, SORTBY, XLOOKUP, LET, TEXTJOIN, IFS, MAXIFS,
#: SWITCH, CONCAT, VSTACK, HSTACK, TAKE, EXPAND... are not, and must never appear.
EXCEL_2016 = {"IF", "SUM", "SUMPRODUCT", "SUMIFS", "COUNTIF", "COUNTIFS", "ROUND", "NA", "ISERROR", "ISNUMBER", "OR",
              "AND", "INDEX", "MATCH", "MOD", "LEFT", "SEARCH", "OFFSET", "MAX"}  # fmt: skip
NEWER = {"FILTER", "SORT", "SORTBY", "UNIQUE", "SEQUENCE", "XLOOKUP", "XMATCH", "LET", "LAMBDA", "VSTACK", "HSTACK",
         "TAKE", "DROP", "EXPAND", "TEXTJOIN", "CONCAT", "IFS", "MAXIFS", "MINIFS", "SWITCH",
         "ANCHORARRAY"}  # fmt: skip

#: Where an ordinary (not array) formula may hand a whole range to a function: (function, argument positions),
#: None for every argument. Anywhere else Excel intersects the range with the formula's row (implicit
#: intersection) while the headless engine takes the whole range.
RANGE_ARGUMENTS: dict[str, set[int] | None] = {
    "SUM": None, "SUMPRODUCT": None, "COUNTIF": {0}, "COUNTIFS": {0, 2, 4, 6}, "SUMIF": {0, 2},
    "SUMIFS": {0, 1, 3, 5, 7}, "INDEX": {0}, "MATCH": {1}, "OFFSET": {0}, "MAX": None,
}  # fmt: skip


def workbooks(folder: Path) -> Iterator[tuple[str, Path, Flavour]]:
    """Every template in both flavours, and the workbooks import and demo make."""
    for name, build in sorted(TEMPLATES.items()):
        for flavour in (CLASSIC, LITE):
            path = folder / f"{name}-{flavour.name}.xlsx"
            build(path, flavour)
            yield f"{name} ({flavour.name})", path, flavour
    for source in (HOWELL, BUTLER):
        out = folder / f"import-{source.stem}.xlsx"
        assert main(["import", str(source), "-o", str(out)]) == 0
        yield f"import of {source.name}", out, CLASSIC
    assert main(["demo", "--out", str(folder / "demo")]) == 0
    for made in sorted((folder / "demo").glob("*.xlsx")):
        yield f"demo {made.name}", made, CLASSIC


@pytest.fixture(scope="module")
def every_workbook(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[str, Path, Flavour]]:
    return list(workbooks(tmp_path_factory.mktemp("fidelity")))


def calls_in(text: str) -> list[str]:
    return re.findall(r"(?<![\w.$])([A-Za-z_][A-Za-z0-9_.]*)\(", text)


def test_lite_calls_are_stored_as_excel_stores_custom_functions(
    every_workbook: list[tuple[str, Path, Flavour]],
) -> None:
    """No plain BRIDGE. call in a Lite workbook: each is `_xldudf_` and the function's id, and the workbook lists
    those ids and carries xlwings Lite with its main.py and requirements.txt."""
    lite = [(label, path) for label, path, flavour in every_workbook if flavour is LITE]
    assert len(lite) == len(TEMPLATES)
    for label, path in lite:
        package = open_package(path)
        used = set()
        for formula in read_formulas(package):
            assert "BRIDGE." not in formula.text.upper(), (label, formula)
            assert "!_xldudf_" not in formula.text, (label, formula)
            for name in calls_in(formula.text):
                if name.removeprefix(LITE_PREFIX) in XLBRIDGE:
                    assert name.startswith(LITE_PREFIX), (label, formula)
                    used.add(name)
        extension = package.parts["xl/webextensions/webextension1.xml"].decode()
        listed = set(re.findall(r"<we:customFunctionIds>([^<]+)</we:customFunctionIds>", extension))
        assert listed == used, label
        assert 'id="wa200008175"' in extension
        assert "from xlbridge.udfs import *" in extension
        assert "xlwings&gt;=0.36.13" in extension
        assert "webextensiontaskpanes" in package.parts["_rels/.rels"].decode()
        types = package.parts["[Content_Types].xml"].decode()
        assert "application/vnd.ms-office.webextension+xml" in types


def test_classic_workbooks_use_nothing_newer_than_excel_2016(every_workbook: list[tuple[str, Path, Flavour]]) -> None:
    """A classic workbook calls xlbridge's functions and Excel 2016's, nothing newer."""
    for label, path, flavour in every_workbook:
        if flavour is LITE:
            continue
        for formula in read_formulas(open_package(path)):
            for name in calls_in(formula.text.replace("_xlfn.", "")):
                assert name.upper() not in NEWER, (label, formula)
                assert name in XLBRIDGE or name.upper() in EXCEL_2016, (label, name, formula)


def audit(text: str, names: dict[str, bool]) -> list[str]:
    """Ranges handed to a single-value place in an ordinary formula (``names``: which defined names are ranges)."""
    tokens = re.findall(
        r'"(?:[^"]|"")*"|[A-Za-z_][A-Za-z0-9_.]*\(|(?:\'[^\']+\'|[A-Za-z_][A-Za-z0-9_.]*)?!?\$?[A-Z]{1,3}\$?\d+'
        r"(?::\$?[A-Z]{1,3}\$?\d+)?|[A-Za-z_][A-Za-z0-9_.]*|[(),]|<>|<=|>=|[-+*/&=<>^%]|\S",
        text.removeprefix("="),
    )
    stack: list[list[object]] = []  # [function, argument index]
    problems = []
    for index, token in enumerate(tokens):
        if token.endswith("("):
            stack.append([token[:-1].upper(), 0])
        elif token == "(":
            stack.append(["", 0])
        elif token == ")":
            stack.pop()
        elif token == "," and stack:
            stack[-1][1] = int(stack[-1][1]) + 1  # type: ignore[call-overload]
        is_range = (":" in token and not token.startswith('"')) or names.get(token.upper(), False)
        if not is_range:
            continue
        if any(frame[0] == "SUMPRODUCT" or frame[0] in XLBRIDGE for frame in stack):
            continue  # evaluated as arrays
        before, after = tokens[index - 1] if index else "", tokens[index + 1] if index + 1 < len(tokens) else ""
        operators = {"+", "-", "*", "/", "&", "=", "<", ">", "<>", "<=", ">=", "^"}
        if before in operators or after in operators:
            problems.append(f"{token}: an operator on a range")
            continue
        if not stack:
            problems.append(f"{token}: a whole range as the formula's value")
            continue
        function, position = stack[-1]
        allowed = RANGE_ARGUMENTS.get(str(function), set())
        if allowed is not None and position not in allowed:
            problems.append(f"{token}: argument {position + 1} of {function} takes one value")  # type: ignore[operator]
    return problems


def test_no_formula_that_excel_evaluates_differently(every_workbook: list[tuple[str, Path, Flavour]]) -> None:
    """Every formula that hands a range to a place taking one value is an array formula: an ordinary formula
    would be implicitly intersected by Excel (the old Settings!B9 defect: MAX(COUNTIF(r,r)*(r<>"")))."""
    for label, path, _ in every_workbook:
        package = open_package(path)
        workbook = package.parts[package.workbook_part].decode()
        names = {
            name.upper(): ":" in target
            for name, target in re.findall(r'<definedName name="([^"]+)"[^>]*>([^<]+)<', workbook)
        }
        for sheet, part in package.sheets.items():
            xml = package.parts[part].decode()
            for attributes, text in re.findall(r"<f([^>]*)>([^<]+)</f>", xml):
                if 't="array"' in attributes:
                    continue  # an array formula: Excel evaluates every range in it as an array, as the engine does
                text = text.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&").replace("&quot;", '"')
                assert audit(text, names) == [], (label, sheet, text)


def test_the_audit_finds_the_old_defect() -> None:
    """The audit is not vacuous: the Settings formula that Excel 365 got wrong is flagged, a sound one is not."""
    old = '=IF(PerBoard<>"",PerBoard,MAX(COUNTIF(Results!$A$2:$A$301,Results!$A$2:$A$301)*(Results!$A$2:$A$301<>"")))'
    assert audit(old, {}) != []
    assert audit('=SUMPRODUCT((Results!$P$2:$P$301<>"")*1)', {}) == []
    assert audit('=COUNTIF($H$5:$H$44,">"&$H5)+1', {}) == []


def session_with_a_board_played(times: int) -> object:
    """A Howell of 2 x ``times`` pairs where board 1 is played at ``times`` tables."""
    demo = demo_data().session
    pairs = [replace(pair, number=n, direction=None) for n, pair in enumerate(demo.pairs[: 2 * times], start=1)]
    lines = [read_line(1, 2 * t + 1, 2 * t + 2, "3NT", "N", "=" if t % 3 else "+1") for t in range(times)]
    return replace(demo, field_kind=choose(FIELD_KINDS, "Howell"), pairs=tuple(pairs), lines=tuple(lines))


@pytest.mark.parametrize("times", [20, 23])
def test_a_board_played_by_every_table_shows_every_line(tmp_path: Path, times: int) -> None:
    """A board played 20 times shows 20 traveller lines in the template (typed in and computed); played more
    often than any template holds (23 tables, 46 pairs), the workbook grows to hold them all."""
    session = session_with_a_board_played(times)
    path = tmp_path / "played.xlsx"
    pairs_session.build(path, CLASSIC, session=session)  # type: ignore[arg-type]
    out, _ = calc_workbook(path)
    book = Book(out)
    tables = max(20, times)
    top = LAYOUT.traveller_top(1, tables) + 1
    listed = [book.value("Travellers", f"A{top + 2 + i}") for i in range(tables)]
    assert listed == [2 * t + 1 for t in range(times)] + [""] * (tables - times)


def test_a_board_with_more_lines_than_its_traveller_holds_says_so(tmp_path: Path) -> None:
    """Never a silent cut: a traveller with room for 5 lines and a board with 7 shows 4 and says where the rest are."""
    session = session_with_a_board_played(7)
    path = tmp_path / "small.xlsx"
    pairs_session.build(path, CLASSIC, rows=20, pairs=14, boards=2, tables=5, session=session)  # type: ignore[arg-type]
    book = Book(calc_workbook(path)[0])
    top = LAYOUT.traveller_top(1, 7) + 1  # the workbook grew its travellers to the 7 lines the board has
    assert book.value("Travellers", f"A{top + 2 + 6}") == 13
    from xlbridge.excel import session as session_functions

    cells = [[line.board, line.ns, line.ew, *line.entered[:2], line.entered[2], line.entered[3], ""]
             for line in session.lines]  # type: ignore[attr-defined]  # fmt: skip
    names = [[p.number, "", *p.players] for p in session.pairs]  # type: ignore[attr-defined]
    grid = session_functions.travellers(1, 5, cells, names, "MP", "Howell")
    assert grid[2 + 4][0] == "board 1 has 7 results but its traveller holds 5: the other 3 are on Results"


def equal(a: object, b: object) -> bool:
    if isinstance(a, float) or isinstance(b, float):
        return isinstance(a, (int, float)) and isinstance(b, (int, float)) and math.isclose(a, b, abs_tol=1e-9)
    return a == b


@pytest.mark.slow
def test_every_workbook_computes_without_an_error_cell(every_workbook: list[tuple[str, Path, Flavour]]) -> None:
    """Each workbook, as shipped and as import and demo fill it, computes headlessly with no error cell."""
    for label, path, _ in every_workbook:
        package = open_package(path)
        computed = evaluate(package) or compute(package)
        errors = [(sheet, where) for sheet, cells in computed.values.items() for where, value in cells.items()
                  if type(value).__name__ == "ExcelErrorValue"]  # fmt: skip
        assert errors == [], label
        assert computed.not_computed == [], label


def same_cells(path: Path, label: str) -> None:
    """``path`` computed directly and by the formulas engine: the same value in every cell."""
    package = open_package(path)
    direct, engine = evaluate(package), compute(package)
    assert direct is not None, f"{label}: not computed directly"
    assert engine.engine == "formulas"
    for sheet in set(direct.values) | set(engine.values):
        mine, theirs = direct.values.get(sheet, {}), engine.values.get(sheet, {})
        for where in set(mine) | set(theirs):
            assert equal(mine.get(where), theirs.get(where)), (label, sheet, where, mine.get(where), theirs.get(where))


@pytest.mark.slow
def test_every_workbook_is_computed_directly_as_the_formula_engine_computes_it(
    every_workbook: list[tuple[str, Path, Flavour]],
) -> None:
    """Every template (the scoresheets included) and every workbook import and demo make: computed directly, with
    the same value in every cell as the general engine gives."""
    for label, path, _ in every_workbook:
        same_cells(path, label)


def test_scoresheets_with_a_bad_deal_computed_directly_as_the_engine_computes_them(tmp_path: Path) -> None:
    """A rubber and a Chicago with a deal that cannot be scored: the error, its reason and the deals waiting
    after it are the same both ways."""
    from xlbridge.files.templates import rubber

    deals = [("N", "4S", "=", ""), ("E", "8H", "=", ""), ("S", "2S", "+1", "")]
    rubber.build_rubber(tmp_path / "rubber.xlsx", CLASSIC, deals=deals)
    rubber.build_chicago(tmp_path / "chicago.xlsx", LITE, deals=deals, first_dealer="E", wheel="NON-DEALER")
    for name in ("rubber", "chicago"):
        same_cells(tmp_path / f"{name}.xlsx", name)


@pytest.mark.slow
def test_direct_evaluation_equals_the_formula_engine_cell_by_cell(tmp_path: Path) -> None:
    """The pairs session computed directly and by the formulas engine: the same value in every cell, with a line
    to check in it and without, for both flavours."""
    session = demo_data().session
    bad = read_line(1, 6, 2, "3NT", "N", "=")
    cases = {
        "demo": session,
        "a pair not on the list": replace(session, lines=(*session.lines[:-1], replace(bad, ns=99))),
    }
    for label, case in cases.items():
        for flavour in (CLASSIC, LITE):
            path = tmp_path / f"{label}-{flavour.name}.xlsx"
            pairs_session.build(path, flavour, session=case)
            package = open_package(path)
            direct, engine = evaluate(package), compute(package)
            assert direct is not None
            assert engine.engine == "formulas"
            for sheet in set(direct.values) | set(engine.values):
                mine, theirs = direct.values.get(sheet, {}), engine.values.get(sheet, {})
                for where in set(mine) | set(theirs):
                    assert equal(mine.get(where), theirs.get(where)), (label, flavour.name, sheet, where)
