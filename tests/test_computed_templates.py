"""A template computed as it is written holds what writing it and then computing the file gives, byte for byte.

``xlbridge import`` and ``xlbridge demo`` write their workbooks once, with every formula's values stored as the
cells are written (:mod:`xlbridge.files.templates.cells`). Each case below is built both ways: blank, then computed
by ``calc_workbook`` reading it back and patching the values in, and in one pass; every part of the two files must
be the same bytes.
"""

from __future__ import annotations

import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from xlbridge.files.demo_data import demo_data
from xlbridge.files.interchange import read_results
from xlbridge.files.templates import CLASSIC, LITE, pairs_session, teams_event, teams_match
from xlbridge.files.templates.layout import LAYOUT
from xlbridge.files.workbook.calc import calc_workbook
from xlbridge.files.workbook.xlsx import open_package, read_values, values_current

from .conftest import BUTLER, HOWELL
from .test_interchange import CSV_SESSION, TEAMS

#: A workbook written at ``path`` (with or without its values), from data read into ``folder`` where it needs a file.
Build = Callable[[Path, bool, Path], None]


def _parts(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def _read(folder: Path, name: str, text: str, keep_bad: bool = False) -> Any:
    (folder / name).write_text(text)
    return read_results(folder / name, keep_bad=keep_bad)


#: Two lines that cannot be scored: a contract 9Z and eleven overtricks.
BAD_LINES = CSV_SESSION.replace("3NT,E,9", "9Z,E,9").replace("4S,N,-1", "4S,N,+9")

CASES: dict[str, Build] = {
    "demo session, classic": lambda p, c, _: pairs_session.build(p, CLASSIC, session=demo_data().session, computed=c),
    "demo session, lite": lambda p, c, _: pairs_session.build(p, LITE, session=demo_data().session, computed=c),
    "Compscore Howell": lambda p, c, _: pairs_session.build(p, CLASSIC, session=read_results(HOWELL).session,
                                                            computed=c),
    "Compscore Butler": lambda p, c, _: pairs_session.build(p, CLASSIC, session=read_results(BUTLER).session,
                                                            computed=c),
    "lines that need checking": lambda p, c, folder: pairs_session.build(
        p, CLASSIC, session=_read(folder, "bad.csv", BAD_LINES, keep_bad=True).session, computed=c
    ),
    "blank session": lambda p, c, _: pairs_session.build(p, CLASSIC, computed=c),
    "demo match": lambda p, c, _: teams_match.build(p, CLASSIC, match=demo_data().match, computed=c),
    "teams event": lambda p, c, folder: teams_event.build(
        p, CLASSIC, event=_read(folder, "teams.xml", TEAMS).event, computed=c
    ),
}  # fmt: skip


@pytest.mark.parametrize("case", CASES)
def test_written_once_equals_written_then_computed(tmp_path: Path, case: str) -> None:
    """Written blank and computed from its file, or written with its values: the same bytes in every part."""
    build = CASES[case]
    patched, once = tmp_path / "patched.xlsx", tmp_path / "once.xlsx"
    build(patched, False, tmp_path)
    calc_workbook(patched, in_place=True)
    build(once, True, tmp_path)
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
    CASES["lines that need checking"](tmp_path / "once.xlsx", True, tmp_path)
    results = read_values(open_package(tmp_path / "once.xlsx"), "Results")
    checks = [results.get(LAYOUT.results.position("Check", offset)) for offset in range(4)]
    checks = [check for check in checks if check]
    assert len(checks) == 2
    assert any(str(check).startswith("contract '9Z'") for check in checks)
