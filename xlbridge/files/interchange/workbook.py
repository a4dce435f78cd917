"""Reading a computed pairs-session workbook back: the session as entered and the figures its cells show."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ...engine.errors import BridgeInputError
from ...engine.session import Pair, PairNumber, Row, Session, read_line
from ...rules import Side
from ..templates.pairs_session import ENTERED, LAYOUT
from ..xlsx import ExcelErrorValue, WorkbookError, cell_text, excel_date, open_package, read_values
from .common import direction

__all__ = ["ScoredSession", "ShownStanding", "read_workbook"]


@dataclass(frozen=True)
class ShownStanding:
    """A pair's figures as the workbook's Totals sheet shows them."""

    pair: PairNumber
    direction: Side | None
    total: object
    percentage: object
    place: object


@dataclass
class ScoredSession:
    """A session with the workbook's figures: points per result (by index), standings per pair, datums by board,
    and each result's scores and percentages (NS, EW) as its Results row shows them."""

    session: Session
    points: dict[int, tuple[object, object]] = field(default_factory=dict)
    standings: list[ShownStanding] = field(default_factory=list)
    datums: dict[int, object] = field(default_factory=dict)
    scores: dict[int, tuple[object, object]] = field(default_factory=dict)
    percents: dict[int, tuple[object, object]] = field(default_factory=dict)


def _number(value: object) -> PairNumber:
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
    block = LAYOUT.results
    problems = [
        row
        for (row, col), value in results.items()
        if col == block.col("Check") + 1 and row > block.first_row and value
    ]
    if problems:
        raise WorkbookError(f"{path}: {len(problems)} line(s) on Results need checking (first: row {min(problems)})")

    def setting(name: str) -> object:
        return settings.get(LAYOUT.setting(name).position)

    per_board = cell_text(setting("PerBoard"))
    pairs = []
    offset = 0
    while cell_text(names.get(LAYOUT.names.position("Pair", offset))):

        def name_cell(heading: str, offset: int = offset) -> str:
            return cell_text(names.get(LAYOUT.names.position(heading, offset)))

        players = tuple(name_cell(h) for h in ("Player 1", "Player 2") if name_cell(h))
        try:
            side = direction(name_cell("Direction"))
        except BridgeInputError as error:
            raise WorkbookError(f"{path}: Names row {offset + 2}: {error.message}") from None
        pairs.append(Pair(_number(name_cell("Pair")), side, players))
        offset += 1
    scored_points: dict[int, tuple[object, object]] = {}
    scores: dict[int, tuple[object, object]] = {}
    percents: dict[int, tuple[object, object]] = {}
    datums: dict[int, object] = {}
    lines: list[Row] = []
    offset = 0
    while cell_text(results.get(block.position("Board", offset))):

        def cell(heading: str, offset: int = offset) -> object:
            return results.get(block.position(heading, offset))

        board = int(cell_text(cell("Board")))
        entered = {heading: cell_text(cell(heading)) for heading in ENTERED}
        try:
            line = read_line(board, _number(cell("NS")), _number(cell("EW")), entered["Contract"], entered["By"],
                             entered["Result"], entered["Lead"], entered["Adjusted"])  # fmt: skip
        except BridgeInputError as error:
            raise WorkbookError(f"{path}: Results row {offset + 2}: {error.message}") from None
        lines.append(line)
        scored_points[len(lines) - 1] = (cell("NS points"), cell("EW points"))
        scores[len(lines) - 1] = (cell("NS score"), cell("EW score"))
        percents[len(lines) - 1] = (cell("NS %"), cell("EW %"))
        if cell("Datum") not in (None, ""):
            datums[board] = cell("Datum")
        offset += 1
    standings = []
    offset = 0
    while cell_text(totals.get(LAYOUT.totals.position("Pair", offset))):
        shown = {heading: totals.get(LAYOUT.totals.position(heading, offset)) for heading in
                 ("Pair", "Direction", "Total", "%", "Place")}  # fmt: skip
        if any(isinstance(value, ExcelErrorValue) for value in shown.values()):
            raise WorkbookError(f"{path}: the totals are not computed (row {offset + 2} of Totals shows an error)")
        standings.append(ShownStanding(_number(shown["Pair"]), direction(cell_text(shown["Direction"])),
                                       shown["Total"], shown["%"], shown["Place"]))  # fmt: skip
        offset += 1
    if not lines:
        raise WorkbookError(f"{path}: the Results sheet has no results")
    try:
        session = Session.of(
            event=cell_text(setting("EventName")),
            date=excel_date(setting("EventDate")),
            method=cell_text(setting("Method")) or None,
            movement=cell_text(setting("Movement")) or None,
            per_board=int(per_board) if per_board.isdigit() else None,
            pairs=pairs,
            lines=lines,
        )
    except BridgeInputError as error:
        raise WorkbookError(f"{path}: Settings: {error.message}") from None
    return ScoredSession(session, scored_points, standings, datums, scores, percents)
