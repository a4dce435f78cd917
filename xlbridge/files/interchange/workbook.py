"""Reading a computed pairs-session workbook back: the session as entered and the figures its cells show."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ...engine.session import Line, Pair, Session
from ..templates import pairs_session as layout
from ..xlsx import ExcelErrorValue, WorkbookError, cell_text, excel_date, open_package, read_values

__all__ = ["ScoredSession", "read_workbook"]


@dataclass
class ScoredSession:
    """A session with the workbook's figures: points per result (by index), standings per pair, datums by board."""

    session: Session
    points: dict[int, tuple[object, object]] = field(default_factory=dict)
    standings: list[dict[str, object]] = field(default_factory=list)
    datums: dict[int, object] = field(default_factory=dict)


def _number(value: object) -> int | str:
    text = cell_text(value)
    return int(text) if text.isdigit() else text


def read_workbook(path: Path) -> ScoredSession:
    """The session in a computed pairs-session workbook; refused while its Check column reports problems."""
    package = open_package(path)
    for sheet in ("Settings", "Names", "Results", "Totals"):
        if sheet not in package.sheets:
            raise WorkbookError(f"{path}: has no {sheet} sheet; is it an xlbridge pairs session?")
    settings = read_values(package, "Settings")
    names = read_values(package, "Names")
    results = read_values(package, "Results")
    totals = read_values(package, "Totals")
    problems = [row for (row, col), value in results.items() if col == layout.CHECK + 1 and row > 1 and value]
    if problems:
        raise WorkbookError(f"{path}: {len(problems)} line(s) on Results need checking (first: row {min(problems)})")
    date = settings.get((4, 2))
    session = Session(
        event=cell_text(settings.get((3, 2))),
        date=excel_date(date),
        method=cell_text(settings.get((5, 2))) or "MP",
        movement=cell_text(settings.get((6, 2))) or "Howell",
        per_board=int(cell_text(settings.get((7, 2)))) if cell_text(settings.get((7, 2))).isdigit() else None,
    )
    row = 2
    while (row, 1) in names and cell_text(names[(row, 1)]):
        players = tuple(cell_text(names.get((row, col))) for col in (3, 4) if cell_text(names.get((row, col))))
        session.pairs.append(Pair(_number(names[(row, 1)]), cell_text(names.get((row, 2))), players))
        row += 1
    scored = ScoredSession(session)
    row = 2
    while cell_text(results.get((row, layout.BOARD + 1))):

        def cell(col: int, row: int = row) -> object:
            return results.get((row, col + 1))

        board = int(cell_text(cell(layout.BOARD)))
        session.lines.append(
            Line(
                board=board,
                ns=_number(cell(layout.NS)),
                ew=_number(cell(layout.EW)),
                contract=cell_text(cell(layout.CONTRACT)),
                declarer=cell_text(cell(layout.BY)),
                result=cell_text(cell(layout.RESULT)),
                lead=cell_text(cell(layout.LEAD)),
                adjusted=cell_text(cell(layout.ADJUSTED)),
            )
        )
        scored.points[len(session.lines) - 1] = (cell(layout.NS_POINTS), cell(layout.EW_POINTS))
        if cell(layout.DATUM) not in (None, ""):
            scored.datums[board] = cell(layout.DATUM)
        row += 1
    row = 2
    while cell_text(totals.get((row, layout.T_PAIR + 1))):
        values = {key: totals.get((row, col + 1)) for key, col in (
            ("pair", layout.T_PAIR), ("direction", layout.T_DIR), ("total", layout.T_TOTAL),
            ("percentage", layout.T_PCT), ("place", layout.T_PLACE))}  # fmt: skip
        if any(isinstance(value, ExcelErrorValue) for value in values.values()):
            raise WorkbookError(f"{path}: the totals are not computed (row {row} of Totals shows an error)")
        values["pair"] = _number(values["pair"])
        values["direction"] = cell_text(values["direction"])
        scored.standings.append(values)
        row += 1
    if not session.lines:
        raise WorkbookError(f"{path}: the Results sheet has no results")
    return scored
