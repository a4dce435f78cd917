"""``xlbridge demo``: the templates filled with the built-in example, computed, and the ranking printed."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from ..engine.errors import OutputExistsError, WorkbookError
from .demo_data import demo_data
from .outputs import check_folder, check_open, write_atomically
from .templates import CLASSIC, pairs_session, teams_match
from .templates.match_layout import AWAY_COL, HOME_COL, SUMMARY
from .workbook.report import read_ranking
from .workbook.xlsx import open_package, read_values

__all__ = ["DEMO_FILES", "build_demo", "run_demo"]

DEMO_FILES = ("pairs-session.xlsx", "teams-match.xlsx")


def build_demo(folder: Path) -> None:
    """Write and compute the demo workbooks in ``folder`` (which must be the demo's own, e.g. a fresh one)."""
    data = demo_data()
    pairs_session.build(folder / DEMO_FILES[0], CLASSIC, session=data.session, computed=True)
    teams_match.build(folder / DEMO_FILES[1], CLASSIC, match=data.match, computed=True)


def _same_parts(first: Path, second: Path) -> bool:
    try:
        return open_package(first).parts == open_package(second).parts
    except WorkbookError:
        return False


def _install(fresh: Path, target: Path, force: bool) -> None:
    """Put a freshly computed demo file in place, but never over a file someone has changed."""
    if target.exists() and not force and not _same_parts(fresh, target):
        raise OutputExistsError(
            f"{target}: exists and differs from the demo (changed by you?); kept. "
            "Use --out for another folder, or --force to replace it"
        )
    if target.exists():
        check_open(target, force)
    write_atomically(target, lambda staged: shutil.copyfile(fresh, staged), replace=True)


def match_summary(path: Path) -> str:
    """The team match's result, read from the computed scorecard."""
    values = read_values(open_package(path), "Match")

    def show(label: str, col: int, decimals: int = 0) -> str:
        value = values.get((SUMMARY[label] + 1, col + 1))
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return f"{value:.{decimals}f}"
        return str(getattr(value, "code", value))

    def both(label: str, decimals: int = 0) -> str:
        return f"{show(label, HOME_COL, decimals)}-{show(label, AWAY_COL, decimals)}"

    return (
        f"{show('Teams', HOME_COL)} v {show('Teams', AWAY_COL)}: {show('Boards played', HOME_COL)} boards; "
        f"IMPs {both('IMPs')}; VPs {both('Victory points', 2)} (WBF scale); board-a-match {both('Board-a-match', 1)}"
    )


def run_demo(folder: Path, force: bool = False) -> int:
    check_folder(folder)
    with tempfile.TemporaryDirectory() as scratch:
        build_demo(Path(scratch))
        for name in DEMO_FILES:
            _install(Path(scratch) / name, folder / name, force)
    print(read_ranking(folder / DEMO_FILES[0]).table())
    print()
    print(match_summary(folder / DEMO_FILES[1]))
    print()
    print(f"Workbooks written to {folder.resolve()}:")
    for name in DEMO_FILES:
        print(f"  {folder / name}")
    return 0
