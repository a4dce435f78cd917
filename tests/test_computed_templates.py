"""A template computed as it is written holds what writing it and then computing the file gives, byte for byte.

``xlbridge import`` and ``xlbridge demo`` write their workbooks once, with every formula's values stored as the
workbook is written (:mod:`xlbridge.files.templates.computing`). Each case below is built both ways: the old way
(the template written, then ``calc_workbook`` reading it back and patching the values in) and the one-pass way;
every part of the two files must be the same bytes. The one difference allowed is the rows' ``spans``, an optional
hint that patching drops from the rows it touches (both keep every cell within the spans they state).
"""

from __future__ import annotations

import re
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest

from xlbridge.files.calc import calc_workbook
from xlbridge.files.demo_data import demo_data
from xlbridge.files.interchange import read_results
from xlbridge.files.templates import CLASSIC, LITE, common, computing, pairs_session, teams_event, teams_match
from xlbridge.files.xlsx import open_package, read_values, values_current

from .conftest import BUTLER, HOWELL
from .test_interchange import CSV_SESSION, TEAMS

Build = Callable[[Path, bool], None]


def _parts(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as archive:
        return {name: re.sub(rb' spans="[^"]*"', b"", archive.read(name)) for name in archive.namelist()}


def _cases(tmp_path: Path) -> dict[str, Build]:
    data = demo_data()
    bad = tmp_path / "bad.csv"
    bad.write_text(CSV_SESSION.replace("3NT,E,9", "9Z,E,9").replace("4S,N,-1", "4S,N,+9"))
    with_problems = read_results(bad, keep_bad=True).session
    teams = tmp_path / "teams.xml"
    teams.write_text(TEAMS)
    event = read_results(teams).event
    howell, butler = read_results(HOWELL).session, read_results(BUTLER).session
    return {
        "demo session, classic": lambda p, c: pairs_session.build(p, CLASSIC, session=data.session, computed=c),
        "demo session, lite": lambda p, c: pairs_session.build(p, LITE, session=data.session, computed=c),
        "Compscore Howell": lambda p, c: pairs_session.build(p, CLASSIC, session=howell, computed=c),
        "Compscore Butler": lambda p, c: pairs_session.build(p, CLASSIC, session=butler, computed=c),
        "lines that need checking": lambda p, c: pairs_session.build(p, CLASSIC, session=with_problems, computed=c),
        "blank session": lambda p, c: pairs_session.build(p, CLASSIC, computed=c),
        "demo match": lambda p, c: teams_match.build(p, CLASSIC, match=data.match, computed=c),
        "teams event": lambda p, c: teams_event.build(p, CLASSIC, event=event, computed=c),
    }


CASES = [
    "demo session, classic",
    "demo session, lite",
    "Compscore Howell",
    "Compscore Butler",
    "lines that need checking",
    "blank session",
    "demo match",
    "teams event",
]


@pytest.mark.parametrize("case", CASES)
def test_written_once_equals_written_then_computed(tmp_path: Path, case: str) -> None:
    assert computing.ONE_PASS  # the XlsxWriter installed is one whose cells are read as it writes them
    build = _cases(tmp_path)[case]
    patched, once = tmp_path / "patched.xlsx", tmp_path / "once.xlsx"
    build(patched, False)
    calc_workbook(patched, in_place=True)
    build(once, True)
    before, after = _parts(patched), _parts(once)
    assert sorted(before) == sorted(after)
    differing = [name for name in before if before[name] != after[name]]
    assert differing == []
    package = open_package(once)
    assert values_current(package)
    for sheet in package.sheets:  # a formula cell without its value would be refused here
        read_values(package, sheet)


def test_the_problems_are_in_the_cells(tmp_path: Path) -> None:
    """The case with bad lines really has them: each waits in the Check column with its reason."""
    build = _cases(tmp_path)["lines that need checking"]
    build(tmp_path / "once.xlsx", True)
    package = open_package(tmp_path / "once.xlsx")
    results = read_values(package, "Results")
    checks = [value for (row, col), value in results.items() if col == 16 and row > 1 and value]
    assert len(checks) == 2
    assert any(str(check).startswith("contract '9Z'") for check in checks)


def test_an_unknown_xlsxwriter_writes_then_computes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With an XlsxWriter whose cells cannot be read as it writes them, a template asked for its values is written
    and then computed from its file: the same workbook, by the slower way, and no cell class of xlbridge's used."""
    build = _cases(tmp_path)["lines that need checking"]
    build(tmp_path / "once.xlsx", True)
    monkeypatch.setattr(common, "ONE_PASS", False)
    monkeypatch.setattr(computing.ComputedWorksheet, "_write_cell", None)  # would fail if it were used
    build(tmp_path / "twice.xlsx", True)
    assert _parts(tmp_path / "twice.xlsx") == _parts(tmp_path / "once.xlsx")
