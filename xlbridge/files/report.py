"""Reading the ranking back out of a computed pairs-session workbook, and the standings out of a teams event, and
printing them.

The figures come from the workbook's own cells (its Ranking or Standings sheet, as last computed), so what the
command line says is what the secretary sees in Excel.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
from dataclasses import dataclass, field, replace
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING

from ..engine.errors import BridgeInputError
from ..engine.standings import Figure, SessionScore, Standing, score_session
from ..engine.values import two_decimals
from .templates.teams_event import STANDINGS, STANDINGS_SUBTITLE, STANDINGS_TITLE
from .xlsx import ExcelErrorValue, WorkbookError, cell_text, open_package, read_values

if TYPE_CHECKING:  # the reader computes the workbook: loaded by the commands that read one
    from .session_book import SessionBook

__all__ = [
    "Ranking",
    "RankingRow",
    "StandingRow",
    "Standings",
    "read_handicapped_ranking",
    "read_ranking",
    "read_standings",
    "session_ranking",
]


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


def _figure(value: Figure) -> float | None:
    return None if value is None or isinstance(value, BridgeInputError) else float(value)


def _ranked(book: SessionBook) -> SessionScore:
    """The session's score, refused while there is nothing to rank or lines wait to be checked."""
    score = book.score
    if not score.session.lines:
        expected = f" (its movement expects {len(book.missing)}: type them into its rows)" if book.missing else ""
        raise WorkbookError(f"{book.path}: the {book.results_sheet} sheet has no results yet{expected}")
    problems = book.problems()
    if problems:
        first = "; ".join(f"row {row}: {reason}" for row, reason in problems[:3])
        more = f" (and {len(problems) - 3} more)" if len(problems) > 3 else ""
        raise WorkbookError(f"{book.path}: the ranking waits for {len(problems)} line(s) on {book.results_sheet} "
                            f"to be put right (see the Check column): {first}{more}")  # fmt: skip
    return score


def _row(standing: Standing, handicapped: bool = False) -> RankingRow:
    pair = standing.pair
    row = RankingRow(
        place=standing.handicapped_place if handicapped else standing.place,
        pair=str(pair.number),
        direction=pair.direction_text,
        names=pair.names,
        boards=standing.boards,
        score=_figure(standing.total),
        percentage=_figure(standing.percentage),
    )
    if not handicapped:
        return row
    return replace(row, handicap=_figure(standing.handicap), handicapped=_figure(standing.handicapped),
                   scratch=standing.place)  # fmt: skip


def session_ranking(book: SessionBook) -> Ranking:
    """The ranking of a session workbook as its Ranking sheet shows it: field by field, in place order."""
    score = _ranked(book)
    session = score.session
    return Ranking(
        event=session.event or "Ranking",
        date=session.date,
        description=book.note,
        rows=[_row(standing) for standing in score.ranking],
    )


def read_ranking(path: Path) -> Ranking:
    """The ranking of a computed pairs-session workbook (read by :func:`~xlbridge.files.session_book.
    read_session_book`: the same figures as its Ranking sheet, refused when they are stale)."""
    from .session_book import read_session_book

    return session_ranking(read_session_book(path))


@dataclass(frozen=True)
class StandingRow:
    """A team's line of a teams event's standings, as its Standings sheet shows it."""

    place: str
    team: str
    name: str
    played: int | None
    imps_for: float | None
    imps_against: float | None
    vps: float | None
    bam: float | None
    score: float | None


#: The columns of ``xlbridge standings --csv`` (those of the Standings sheet), and how each is shown.
STANDING_FIELDS = ("place", "team", "name", "played", "imps_for", "imps_against", "vps", "bam", "score")
DECIMALS = {"vps", "bam", "score"}


@dataclass
class Standings:
    event: str = ""
    description: str = ""
    rows: list[StandingRow] = field(default_factory=list)

    @property
    def board_a_match(self) -> bool:
        """Scored by board-a-match points (the VPs column is empty)."""
        return all(row.vps is None for row in self.rows) and any(row.bam is not None for row in self.rows)

    def table(self) -> str:
        """The standings in place order, as a person reads them."""
        lines = [self.event or "Standings"]
        if self.description:
            lines.append(self.description)
        lines.append("")
        width = max([len(row.name) for row in self.rows] + [4])
        if self.board_a_match:
            lines.append(f"{'Place':<6}{'Team':>5}  {'Name':<{width}}  {'Played':>6}  {'BAM points':>10}")
        else:
            lines.append(f"{'Place':<6}{'Team':>5}  {'Name':<{width}}  {'Played':>6}  {'IMPs for':>8}  "
                         f"{'IMPs against':>12}  {'VPs':>7}")  # fmt: skip
        for row in self.rows:
            shown = [_shown(row.played), _shown(row.imps_for), _shown(row.imps_against), _shown(row.vps, True),
                     _shown(row.bam, True)]  # fmt: skip
            start = f"{row.place:<6}{row.team:>5}  {row.name:<{width}}  {shown[0]:>6}"
            if self.board_a_match:
                lines.append(f"{start}  {shown[4]:>10}")
            else:
                lines.append(f"{start}  {shown[1]:>8}  {shown[2]:>12}  {shown[3]:>7}")
        return "\n".join(lines)

    def csv(self) -> str:
        """CSV with a header row: place, team, name, played, imps_for, imps_against, vps, bam, score."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(STANDING_FIELDS)
        for row in self.rows:
            writer.writerow([_shown(getattr(row, name), name in DECIMALS) for name in STANDING_FIELDS])
        return out.getvalue()


def _shown(value: object, decimals: bool = False) -> str:
    """A figure as the sheet formats it: victory points, board-a-match points and scores to 2 decimals."""
    if value is None:
        return ""
    if isinstance(value, float):
        return two_decimals(value) if decimals or not value.is_integer() else str(int(value))
    return str(value)


def read_standings(path: Path) -> Standings:
    """The Standings sheet of a computed teams-event workbook, in place order."""
    package = open_package(path)
    if STANDINGS.sheet not in package.sheets:
        if "Ranking" in package.sheets:
            raise WorkbookError(f"{path}: a pairs session, not a teams event: xlbridge ranking prints its ranking")
        raise WorkbookError(f"{path}: has no Standings sheet; is it an xlbridge teams event?")
    values = read_values(package, STANDINGS.sheet)
    headings = [cell_text(values.get((STANDINGS.header_row + 1, STANDINGS.col(name) + 1))) for name in
                STANDINGS.columns]  # fmt: skip
    if headings != list(STANDINGS.columns):
        raise WorkbookError(f"{path}: the Standings sheet's headings are not an xlbridge teams event's")

    def at(position: tuple[int, int]) -> object:
        return values.get((position[0] + 1, position[1] + 1))

    standings = Standings(event=cell_text(at(STANDINGS_TITLE)), description=cell_text(at(STANDINGS_SUBTITLE)))
    offset = 0
    while True:

        def cell(heading: str, offset: int = offset) -> object:
            return values.get(STANDINGS.position(heading, offset))

        team = cell("Team")
        if team in (None, ""):
            break
        row = STANDINGS.first_row + offset + 1
        where = f"{path}: Standings row {row}"
        for heading in STANDINGS.columns:
            value = cell(heading)
            if isinstance(value, ExcelErrorValue):
                raise WorkbookError(f"{where} shows {value.code} ({heading}): the standings are not complete (see "
                                    "the Check column of Matches)")  # fmt: skip
        played = _number(cell("Played"), where)
        standings.rows.append(
            StandingRow(
                place=cell_text(cell("Place")),
                team=cell_text(team),
                name=cell_text(cell("Name")),
                played=None if played is None else int(played),
                imps_for=_number(cell("IMPs for"), where),
                imps_against=_number(cell("IMPs against"), where),
                vps=_number(cell("VPs"), where),
                bam=_number(cell("BAM points"), where),
                score=_number(cell("Score"), where),
            )
        )
        offset += 1
    standings.rows.sort(key=lambda row: (row.score is None, -(row.score or 0)))
    return standings


#: Headings of the players' handicaps a secretary may keep beside the Names block (the pair's Handicap is read where
#: it is given; these, made into the pair's by the handicap rule, where it is blank).
PLAYER_HANDICAPS = ("Handicap 1", "Handicap 2")


def _players_handicaps(book: SessionBook, rule: str | None) -> dict[int, Fraction | None] | None:
    """The pairs' handicaps made of their players' (by ``session.pairs`` index), from columns headed Handicap 1 and
    Handicap 2 on the Names sheet beside its block; None when it has no such columns."""
    from ..engine.session import pair_handicap

    if "Names" not in book.package.sheets:
        return None
    values = read_values(book.package, "Names", computed=False)
    columns = [next((col for (row, col), value in values.items() if row == 1 and cell_text(value) == heading), None)
               for heading in PLAYER_HANDICAPS]  # fmt: skip
    if all(col is None for col in columns):
        return None
    out: dict[int, Fraction | None] = {}
    index = 0
    for block_row, pair in enumerate(book.worked.pair_rows):
        if pair is None:
            continue
        row = book.names_first_row + block_row
        try:
            out[index] = pair_handicap([values.get((row, col)) for col in columns if col is not None], rule)
        except BridgeInputError as error:
            raise WorkbookError(f"{book.path}: Names row {row}: {error.message}") from None
        index += 1
    return out


def read_handicapped_ranking(path: Path, names: Path | None = None, handicaps: str | None = None) -> Ranking:
    """The handicapped ranking of a computed matchpointed pairs-session workbook: each pair's percentage plus its
    handicap, placed as the session ranking places (exact figures, ties shared), with the scratch place beside.

    The handicaps come from ``names`` (a names CSV with a handicap column) if given, else from the workbook's
    Names sheet (its Handicap column, or where that is blank its players' in columns headed Handicap 1 and
    Handicap 2 beside the block, made into the pair's by ``handicaps``): the session is scored again with them, by
    the engine's one ranking."""
    from .interchange import read_names
    from .session_book import read_session_book

    book = read_session_book(path)
    score = _ranked(book)
    session = score.session
    if session.method.imp_scoring:
        raise WorkbookError(
            f"{path}: {session.method.name} scoring gives IMPs, not percentages; handicaps are percentage points"
        )
    two_fields = session.movement.two_fields
    if names is not None:
        given = {(pair.number, pair.direction if two_fields else None): pair.handicap
                 for pair in read_names(names.read_bytes(), names, handicaps)}  # fmt: skip
        pairs = [replace(pair, handicap=given.get((pair.number, pair.direction if two_fields else None)))
                 for pair in session.pairs]  # fmt: skip
        score = score_session(replace(session, pairs=tuple(pairs)))
    elif (players := _players_handicaps(book, handicaps)) is not None:
        pairs = [pair if pair.handicap is not None else replace(pair, handicap=players.get(index))
                 for index, pair in enumerate(session.pairs)]  # fmt: skip
        score = score_session(replace(session, pairs=tuple(pairs)))
    if not score.handicapped:
        raise WorkbookError(
            f"{path}: no handicaps: none on its Names sheet (the Handicap column); type them there, or give them "
            "with --names NAMES.csv (a names file with a handicap column)"
        )
    placed = score.handicapped_ranking
    return Ranking(
        event=session.event or "Ranking",
        date=session.date,
        description="Handicapped: each pair's percentage plus its handicap (the scratch place beside)",
        rows=[_row(standing, handicapped=True) for standing in placed],
        handicapped=True,
    )
