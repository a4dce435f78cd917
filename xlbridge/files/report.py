"""Reading the ranking back out of a computed pairs-session workbook, and printing it.

The figures come from the workbook's own cells (its Ranking sheet, as last computed), so what the command line says
is what the secretary sees in Excel.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
from dataclasses import dataclass, field
from pathlib import Path

from ..engine.values import two_decimals
from .templates.pairs_session import LAYOUT
from .xlsx import ExcelErrorValue, WorkbookError, cell_text, excel_date, open_package, read_values

__all__ = ["Ranking", "RankingRow", "read_ranking"]


@dataclass(frozen=True)
class RankingRow:
    place: str
    pair: str
    direction: str
    names: str
    boards: int | None
    score: float | None
    percentage: float | None


@dataclass
class Ranking:
    event: str = ""
    date: dt.date | None = None
    description: str = ""
    rows: list[RankingRow] = field(default_factory=list)

    def table(self) -> str:
        """The ranking as a person reads it: one block per field (North-South, East-West, or all pairs)."""
        lines = [self.event or "Ranking"]
        subtitle = " - ".join(
            part for part in (self.date.strftime("%d %B %Y") if self.date else "", self.description) if part
        )
        if subtitle:
            lines.append(subtitle)
        fields: dict[str, list[RankingRow]] = {}
        for row in self.rows:
            fields.setdefault(row.direction, []).append(row)
        width = max([len(row.names) for row in self.rows] + [7])
        for direction, rows in fields.items():
            lines.append("")
            if direction:
                lines.append({"NS": "North-South", "EW": "East-West"}.get(direction, direction))
            lines.append(f"{'Place':<6}{'Pair':>5}  {'Players':<{width}}  {'Boards':>6}  {'Score':>9}  {'%':>6}")
            for row in rows:
                boards = "" if row.boards is None else str(row.boards)
                score = "" if row.score is None else two_decimals(row.score)
                pct = "" if row.percentage is None else two_decimals(row.percentage)
                lines.append(f"{row.place:<6}{row.pair:>5}  {row.names:<{width}}  {boards:>6}  {score:>9}  {pct:>6}")
        return "\n".join(lines)

    def csv(self) -> str:
        """CSV with a header row: place, pair, direction, names, boards, score, percentage (2 decimals)."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["place", "pair", "direction", "names", "boards", "score", "percentage"])
        for row in self.rows:
            writer.writerow(
                [
                    row.place,
                    row.pair,
                    row.direction,
                    row.names,
                    "" if row.boards is None else row.boards,
                    "" if row.score is None else two_decimals(row.score),
                    "" if row.percentage is None else two_decimals(row.percentage),
                ]
            )
        return out.getvalue()


def _number(value: object, where: str) -> float | None:
    if value in (None, ""):
        return None
    if isinstance(value, ExcelErrorValue):
        raise WorkbookError(f"{where} shows {value.code}: the ranking is not complete (see the Check column)")
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise WorkbookError(f"{where}: expected a number, found {value!r}")
    return float(value)


def read_ranking(path: Path) -> Ranking:
    """The Ranking sheet of a computed pairs-session workbook."""
    package = open_package(path)
    if "Ranking" not in package.sheets:
        raise WorkbookError(f"{path}: has no Ranking sheet; is it an xlbridge pairs session?")
    values = read_values(package, "Ranking")
    block = LAYOUT.ranking
    headings = [cell_text(values.get((block.header_row + 1, block.col(name) + 1))) for name in block.columns]
    if headings != list(block.columns):
        raise WorkbookError(f"{path}: the Ranking sheet's headings are not an xlbridge pairs session's")

    def at(position: tuple[int, int]) -> object:
        return values.get((position[0] + 1, position[1] + 1))

    ranking = Ranking(
        event=cell_text(at(LAYOUT.ranking_title)),
        date=excel_date(at(LAYOUT.ranking_date)),
        description=cell_text(at(LAYOUT.ranking_description)),
    )
    offset = 0
    while True:

        def cell(heading: str, offset: int = offset) -> object:
            return values.get(block.position(heading, offset))

        pair = cell("Pair")
        if pair in (None, ""):
            break
        row = block.first_row + offset + 1
        if isinstance(pair, ExcelErrorValue):
            raise WorkbookError(
                f"{path}: Ranking row {row} shows {pair.code}: fix the lines flagged in the Check column"
            )
        where = f"{path}: Ranking row {row}"
        boards = _number(cell("Boards"), where)
        ranking.rows.append(
            RankingRow(
                place=cell_text(cell("Place")),
                pair=cell_text(pair),
                direction=cell_text(cell("Direction")),
                names=cell_text(cell("Players")),
                boards=None if boards is None else int(boards),
                score=_number(cell("Total"), where),
                percentage=_number(cell("%"), where),
            )
        )
        offset += 1
    return ranking
