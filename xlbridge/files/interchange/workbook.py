"""Reading a computed pairs-session workbook back: the session as entered and the figures its cells show."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ...engine.errors import BridgeInputError
from ...engine.session import Pair, PairNumber, Row, Session, pair_handicap, read_handicap, read_line
from ...rules import Side
from ..templates.pairs_session import ENTERED, LAYOUT
from ..xlsx import ExcelErrorValue, WorkbookError, cell_text, excel_date, open_package, read_values
from .common import direction

__all__ = ["HANDICAPPED_TOTALS", "HANDICAP_COLUMNS", "ScoredSession", "ShownStanding", "read_workbook"]


@dataclass(frozen=True)
class ShownStanding:
    """A pair's figures as the workbook's Totals sheet shows them (the handicapped ones where it has them)."""

    pair: PairNumber
    direction: Side | None
    total: object
    percentage: object
    place: object
    boards: object = None
    handicap: object = None
    handicapped: object = None
    handicapped_place: object = None


#: Headings a session workbook may have beyond its layout's (the handicapped figures), and what they hold.
HANDICAP_COLUMNS = {"Handicap": "handicap", "Handicap 1": "handicap1", "Handicap 2": "handicap2"}
HANDICAPPED_TOTALS = {"Handicap": "handicap", "Handicapped %": "handicapped", "Handicapped place": "handicapped_place"}


def _extra_columns(values: dict[tuple[int, int], object], header_row: int, wanted: dict[str, str]) -> dict[str, int]:
    """The 1-based columns of the headings in ``wanted`` that the sheet's header row has, by what they hold."""
    found = {}
    for (row, col), value in values.items():
        if row == header_row + 1 and cell_text(value) in wanted:
            found[wanted[cell_text(value)]] = col
    return found


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


def read_workbook(path: Path, handicaps: str | None = None) -> ScoredSession:
    """The session in a computed pairs-session workbook; refused while its Check column reports problems.

    A Names sheet with a ``Handicap`` column (the pair's) or ``Handicap 1`` and ``Handicap 2`` (the players', made
    into the pair's by ``handicaps``) gives the pairs their handicaps; a Totals sheet with ``Handicapped %`` gives
    the handicapped figures as shown."""
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
    handicap_columns = _extra_columns(names, LAYOUT.names.header_row, HANDICAP_COLUMNS)
    pairs = []
    offset = 0
    while cell_text(names.get(LAYOUT.names.position("Pair", offset))):

        def name_cell(heading: str, offset: int = offset) -> str:
            return cell_text(names.get(LAYOUT.names.position(heading, offset)))

        players = tuple(name_cell(h) for h in ("Player 1", "Player 2") if name_cell(h))
        row = LAYOUT.names.first_row + offset + 1
        try:
            side = direction(name_cell("Direction"))
            if "handicap" in handicap_columns:
                handicap = read_handicap(names.get((row, handicap_columns["handicap"])))
            else:
                handicap = pair_handicap([names.get((row, handicap_columns[key])) for key in ("handicap1", "handicap2")
                                          if key in handicap_columns], handicaps)  # fmt: skip
        except BridgeInputError as error:
            raise WorkbookError(f"{path}: Names row {row}: {error.message}") from None
        pairs.append(Pair(_number(name_cell("Pair")), side, players, handicap))
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
    if not lines:
        raise WorkbookError(f"{path}: the Results sheet has no results")
    standings = []
    handicapped_columns = _extra_columns(totals, LAYOUT.totals.header_row, HANDICAPPED_TOTALS)
    offset = 0
    while cell_text(totals.get(LAYOUT.totals.position("Pair", offset))):
        shown = {heading: totals.get(LAYOUT.totals.position(heading, offset)) for heading in
                 ("Pair", "Direction", "Boards", "Total", "%", "Place")}  # fmt: skip
        if any(isinstance(value, ExcelErrorValue) for value in shown.values()):
            raise WorkbookError(f"{path}: the totals are not computed (row {offset + 2} of Totals shows an error)")
        row = LAYOUT.totals.first_row + offset + 1
        extra = {name: totals.get((row, col)) for name, col in handicapped_columns.items()}
        try:
            side = direction(cell_text(shown["Direction"]))
        except BridgeInputError as error:
            raise WorkbookError(f"{path}: Totals row {row}: {error.message}") from None
        standings.append(ShownStanding(_number(shown["Pair"]), side, shown["Total"], shown["%"], shown["Place"],
                                       shown["Boards"], **extra))  # fmt: skip
        offset += 1
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
