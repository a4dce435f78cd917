"""Reading the ranking back out of a computed pairs-session workbook, and printing it.

The figures come from the workbook's own cells (its Ranking sheet, as last computed), so what the command line says
is what the secretary sees in Excel.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
from dataclasses import dataclass, field, replace
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

from ..engine.standings import share_places
from ..engine.values import two_decimals
from ..rules import Side
from .templates.pairs_session import LAYOUT
from .xlsx import ExcelErrorValue, WorkbookError, cell_text, excel_date, open_package, read_values

__all__ = ["Ranking", "RankingRow", "read_handicapped_ranking", "read_ranking"]


@dataclass(frozen=True)
class RankingRow:
    place: str
    pair: str
    direction: str
    names: str
    boards: int | None
    score: float | None
    percentage: float | None
    #: In a handicapped ranking (``place`` is then the handicapped place): the handicap, the handicapped
    #: percentage and the scratch place.
    handicap: float | None = None
    handicapped: float | None = None
    scratch: str = ""


@dataclass
class Ranking:
    event: str = ""
    date: dt.date | None = None
    description: str = ""
    rows: list[RankingRow] = field(default_factory=list)
    #: True for the handicapped ranking: rows in handicapped order, with the handicap columns.
    handicapped: bool = False

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
            heading = f"{'Place':<6}{'Pair':>5}  {'Players':<{width}}  {'Boards':>6}  {'Score':>9}  {'%':>6}"
            if self.handicapped:
                heading = f"{'Place':<6}{'Pair':>5}  {'Players':<{width}}  {'Boards':>6}  {'%':>6}  {'Hcp':>6}  "
                heading += f"{'Hcp %':>6}  {'Scratch':>7}"
            lines.append(heading)
            for row in rows:
                boards = "" if row.boards is None else str(row.boards)
                score = "" if row.score is None else two_decimals(row.score)
                pct = "" if row.percentage is None else two_decimals(row.percentage)
                line = f"{row.place:<6}{row.pair:>5}  {row.names:<{width}}  {boards:>6}  {score:>9}  {pct:>6}"
                if self.handicapped:
                    hcp = "" if row.handicap is None else f"{row.handicap:+g}" if row.handicap else "0"
                    shown = "" if row.handicapped is None else two_decimals(row.handicapped)
                    line = f"{row.place:<6}{row.pair:>5}  {row.names:<{width}}  {boards:>6}  {pct:>6}  {hcp:>6}  "
                    line += f"{shown:>6}  {row.scratch:>7}"
                lines.append(line)
        return "\n".join(lines)

    def csv(self) -> str:
        """CSV with a header row: place, pair, direction, names, boards, score, percentage (2 decimals)."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        extra = ["handicap", "handicapped_percentage", "scratch_place"] if self.handicapped else []
        writer.writerow(["place", "pair", "direction", "names", "boards", "score", "percentage", *extra])
        for row in self.rows:
            cells = [
                row.place,
                row.pair,
                row.direction,
                row.names,
                "" if row.boards is None else row.boards,
                "" if row.score is None else two_decimals(row.score),
                "" if row.percentage is None else two_decimals(row.percentage),
            ]
            if self.handicapped:
                cells += [
                    "" if row.handicap is None else f"{row.handicap:g}",
                    "" if row.handicapped is None else two_decimals(row.handicapped),
                    row.scratch,
                ]
            writer.writerow(cells)
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

    if at(LAYOUT.ranking_title) in (None, ""):  # its title is a formula: empty only in a workbook never computed
        raise WorkbookError(f"{path}: the Ranking sheet is not computed (xlbridge calc computes it)")
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


def _key(value: float) -> Fraction:
    """A percentage as the session's Ranking key compares it: to 6 decimals."""
    return Fraction(Decimal(repr(round(value, 6))))


def read_handicapped_ranking(path: Path, names: Path | None = None, handicaps: str | None = None) -> Ranking:
    """The handicapped ranking of a computed matchpointed pairs-session workbook: each pair's percentage as the
    workbook shows it plus its handicap, placed as the session ranking places (ties at 6 decimals shared).

    The handicaps come from ``names`` (a names CSV with a handicap column) if given, else from the workbook's
    Names sheet (a ``Handicap`` column, or ``Handicap 1`` and ``Handicap 2`` combined by ``handicaps``); a workbook
    whose Totals sheet shows ``Handicapped %`` is read as it shows them.
    """
    from .interchange import read_names, read_workbook

    scored = read_workbook(path, handicaps)
    session = scored.session
    if session.method.imp_scoring:
        raise WorkbookError(
            f"{path}: {session.method.name} scoring gives IMPs, not percentages; handicaps are percentage points"
        )
    two_fields = session.movement.two_fields
    pairs = {(pair.number, pair.direction if two_fields else None): pair for pair in session.pairs}
    if names is not None:
        given = {(pair.number, pair.direction if two_fields else None): pair.handicap
                 for pair in read_names(names.read_bytes(), names, handicaps)}  # fmt: skip
        pairs = {key: replace(pair, handicap=given.get(key)) for key, pair in pairs.items()}
    # The Totals' handicapped figures, unless --names gives other handicaps.
    shown_by_workbook = names is None and any(standing.handicapped not in (None, "") for standing in scored.standings)
    if not shown_by_workbook and all(pair.handicap is None for pair in pairs.values()):
        raise WorkbookError(
            f"{path}: no handicaps: none on its Names sheet (the Handicap column); type them there, or give them "
            "with --names NAMES.csv (a names file with a handicap column)"
        )
    rows: list[tuple[int, RankingRow, Fraction | None]] = []
    for standing in scored.standings:
        pair = pairs.get((standing.pair, standing.direction if two_fields else None))
        percentage = _number(standing.percentage, f"{path}: Totals, pair {standing.pair}")
        if shown_by_workbook:
            handicap = _number(standing.handicap, f"{path}: Totals, pair {standing.pair}")
            handicapped = _number(standing.handicapped, f"{path}: Totals, pair {standing.pair}")
        else:
            handicap = float(pair.handicap) if pair is not None and pair.handicap is not None else 0.0
            handicapped = None if percentage is None else percentage + handicap
        boards = _number(standing.boards, f"{path}: Totals, pair {standing.pair}")
        row = RankingRow(
            place=cell_text(standing.handicapped_place) if shown_by_workbook else "",
            pair=str(standing.pair),
            direction="" if standing.direction is None else standing.direction.value,
            names="" if pair is None else pair.names,
            boards=None if boards is None else int(boards),
            score=_number(standing.total, f"{path}: Totals, pair {standing.pair}"),
            percentage=percentage,
            handicap=handicap,
            handicapped=handicapped,
            scratch=cell_text(standing.place),
        )
        field_number = 2 if two_fields and standing.direction is Side.EW else 1
        rows.append((field_number, row, None if handicapped is None else _key(handicapped)))
    if not shown_by_workbook:
        places = share_places([(field_number, key) for field_number, _, key in rows])
        rows = [(f, replace(row, place=place), key) for (f, row, key), place in zip(rows, places, strict=True)]
    rows.sort(key=lambda entry: (entry[0], entry[2] is None, -(entry[2] or 0)))
    return Ranking(
        event=session.event or "Ranking",
        date=session.date,
        description="Handicapped: each pair's percentage plus its handicap (the scratch place beside)",
        rows=[row for _, row, _ in rows],
        handicapped=True,
    )
