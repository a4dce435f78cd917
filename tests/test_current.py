"""The staleness check of a computed workbook (xlbridge.files.workbook.calc.check_current), as every command that
reads one runs it: a formula of the secretary's own (a volatile =NOW()) is not xlbridge's to compare; a figure
that differs is named with digits that differ; a workbook computed by another xlbridge is refused saying so."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest

from xlbridge import __version__
from xlbridge.engine.errors import StaleWorkbookError
from xlbridge.files.workbook.calc import calc_workbook, check_current
from xlbridge.files.workbook.docprops import computed_by, with_computed_by
from xlbridge.files.workbook.evaluate import evaluate
from xlbridge.files.workbook.patching import patch_sheet, write_package
from xlbridge.files.workbook.xlsx import column_letters, open_package, read_values

from .safety import xlbridge


@pytest.fixture(scope="module")
def computed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The demo session's pairs-session workbook, computed by xlbridge calc."""
    from xlbridge.files.demo_data import demo_data
    from xlbridge.files.templates import CLASSIC, pairs_session

    folder = tmp_path_factory.mktemp("current")
    blank = folder / "session.xlsx"
    pairs_session.build(blank, CLASSIC, session=demo_data().session)
    path, _ = calc_workbook(blank, folder / "computed.xlsx")
    return path


def with_formula(path: Path, destination: Path, sheet: str, formula: str, stored: float) -> Path:
    """The workbook with a formula of the secretary's own typed in a row of its own below ``sheet``'s cells, holding
    ``stored`` as Excel last computed it."""
    package = open_package(path)
    part = package.sheets[sheet]
    row = max(r for r, _ in read_values(package, sheet)) + 5
    xml = package.parts[part].decode()
    cell = f'<row r="{row}"><c r="A{row}" s="0"><f>{formula}</f><v>{stored!r}</v></c></row>'
    assert xml.count("</sheetData>") == 1
    write_package(package, {part: xml.replace("</sheetData>", cell + "</sheetData>").encode()}, destination)
    return destination


def a_fraction(path: Path) -> tuple[str, tuple[int, int], float]:
    """The first figure xlbridge's formulas give that is not a whole number: (sheet, (row, column), value)."""
    computed = evaluate(open_package(path))
    assert computed is not None
    for sheet, cells in computed.values.items():
        for where, value in sorted(cells.items()):
            if isinstance(value, float) and not value.is_integer() and abs(value) > 1:
                return sheet, where, value
    raise AssertionError("no fractional figure")


def changed(path: Path, destination: Path, sheet: str, where: tuple[int, int], value: float) -> Path:
    package = open_package(path)
    part = package.sheets[sheet]
    write_package(package, {part: patch_sheet(package.parts[part], {where: value})}, destination)
    return destination


def test_a_volatile_formula_beside_xlbridges_is_not_stale(computed: Path, tmp_path: Path) -> None:
    """=NOW() and =TODAY()+1 typed on the Settings sheet keep what Excel last computed: the ranking is printed and
    the session exported, not refused (once, the general engine computed them again, found another time, and blamed
    the entries); a figure of xlbridge's changed in the same workbook is still refused."""
    now = with_formula(computed, tmp_path / "now.xlsx", "Settings", "NOW()", 46022.8125)
    check_current(open_package(now))
    ranking = xlbridge("ranking", now)
    assert ranking.status == 0, ranking.err
    assert ranking.out == xlbridge("ranking", computed).out
    today = with_formula(now, tmp_path / "today.xlsx", "Settings", "TODAY()+1", 46000.0)
    assert xlbridge("export", today, "--usebio", tmp_path / "today.xml").status == 0
    sheet, where, value = a_fraction(computed)
    stale = changed(now, tmp_path / "stale.xlsx", sheet, where, value + 1)
    line = xlbridge("ranking", stale).refused
    assert f"its figures are not those of its entries ({sheet}!{column_letters(where[1])}{where[0]} shows " in line


def test_a_figure_differing_in_its_12th_digit_is_named_with_digits_that_differ(computed: Path, tmp_path: Path) -> None:
    """One unit in the 12th significant digit is a different figure (no program saves fewer than 15 digits): the
    refusal shows the two to 15 digits, where they differ (once, to 6, they read alike)."""
    sheet, where, value = a_fraction(computed)
    unit = 10.0 ** (math.floor(math.log10(abs(value))) - 11)
    stale = changed(computed, tmp_path / "stale.xlsx", sheet, where, value + unit)
    with pytest.raises(StaleWorkbookError) as refused:
        check_current(open_package(stale))
    cell = f"{sheet}!{column_letters(where[1])}{where[0]}"
    found = re.search(rf"\({re.escape(cell)} shows (\S+), its entries give (\S+)\)", refused.value.message)
    assert found is not None, refused.value.message
    shows, gives = found.groups()
    assert shows != gives
    assert len(shows.replace(".", "").lstrip("-0")) >= 12
    assert float(shows) == pytest.approx(value + unit, rel=1e-14)
    assert float(gives) == pytest.approx(value, rel=1e-14)
    # below any digit a program keeps (the 16th), the same figure
    check_current(open_package(changed(computed, tmp_path / "same.xlsx", sheet, where, value * (1 + 4e-16))))


def test_a_workbook_computed_by_another_xlbridge(computed: Path, tmp_path: Path) -> None:
    """A workbook whose property says another xlbridge computed it, and whose figures this one does not give, is
    refused naming both versions (its entries are not to blame); with the same figures, it is read."""
    assert computed_by(open_package(computed)) == __version__
    sheet, where, value = a_fraction(computed)
    package = open_package(changed(computed, tmp_path / "rules.xlsx", sheet, where, value + 0.5))
    other = tmp_path / "other.xlsx"
    write_package(with_computed_by(package, "0.0.9"), {}, other)
    assert computed_by(open_package(other)) == "0.0.9"
    line = xlbridge("ranking", other).refused
    cell = f"{sheet}!{column_letters(where[1])}{where[0]}"
    assert line.startswith(f"xlbridge ranking: {other}: computed by xlbridge 0.0.9; this is xlbridge {__version__}, "
                           f"whose figures differ ({cell} shows ")  # fmt: skip
    assert f"xlbridge {__version__} gives " in line
    assert "not those of its entries" not in line
    assert line.endswith(f"compute it again: xlbridge calc {other} --in-place, or open and save it in Excel")
    kept = tmp_path / "same.xlsx"
    write_package(with_computed_by(open_package(computed), "0.0.9"), {}, kept)
    assert computed_by(open_package(kept)) == "0.0.9"
    assert xlbridge("ranking", kept).status == 0
