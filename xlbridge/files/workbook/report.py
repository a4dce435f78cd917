"""Reading the ranking back out of a computed pairs-session workbook, and printing it.

The figures come from the workbook's own cells (its Ranking sheet, as last computed), so what the command line says
is what the secretary sees in Excel (:mod:`.standings` reads a teams event's the same way).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

from ...engine.errors import BridgeInputError, WorkbookError, refusal
from ...engine.pairs import Pair, section_name
from ...engine.standings import Figure, Standing
from ...engine.values import count, two_decimals
from ...excel.cells import Grid, entered_pair, entered_text, is_blank_text
from ...excel.session_cells import FORMER_NAME_WIDTH, NAME_COLUMNS
from ...rules import Strats
from ..inputs import read_input
from ..tables import csv_text, text_table
from .session_book import NamesChange, SessionBook, read_session_book
from .xlsx import ExcelErrorValue, Package, cell_text, read_values

__all__ = [
    "Ranking",
    "RankingRow",
    "number_in",
    "read_handicapped_ranking",
    "read_ranking",
    "read_stratified_ranking",
    "session_ranking",
    "stratified_ranking",
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
    #: The pair's masterpoints (0.21; 0.00 below the places paid), in a ranking that shows them.
    masterpoints: Decimal | None = None
    #: In a stratified ranking: the pair's strat, and its place in each strat of the ranking ("" where it does not
    #: compete), A first.
    strat: str = ""
    strat_places: tuple[str, ...] = ()
    #: The pair's section ("" in a session of one section; its ``pair`` is then its label, A3).
    section: str = ""


@dataclass
class Ranking:
    event: str = ""
    date: dt.date | None = None
    description: str = ""
    rows: list[RankingRow] = field(default_factory=list)
    #: True for the handicapped ranking: rows in handicapped order, with the handicap columns.
    handicapped: bool = False
    #: The masterpoint scale the ranking shows the awards of (its name; "" for none: no masterpoints column).
    masterpoints: str = ""
    #: Why the ranking is provisional (results its movement expects are not in yet), in words; "" when it is not.
    #: The table says so under its title; ``ranking --csv``, which has no room for it, on stderr.
    provisional: str = ""
    #: A stratified ranking's strats (``A``, ``B``, ``C``): a Strat column and a place column for each.
    strats: tuple[str, ...] = ()
    #: In a session of two sections or more, every pair in its overall place (``rows`` are then section by
    #: section, each pair's place its section's); empty otherwise.
    overall: list[RankingRow] = field(default_factory=list)

    def table(self) -> str:
        """The ranking as a person reads it: one block per field (North-South, East-West, or all pairs), section by
        section, then overall, where there are sections."""
        lines = [self.event or "Ranking"]
        subtitle = " - ".join(
            part for part in (self.date.strftime("%d %B %Y") if self.date else "", self.description) if part
        )
        if subtitle:
            lines.append(subtitle)
        fields: dict[tuple[str, str], list[RankingRow]] = {}
        for row in self.rows:
            fields.setdefault((f"Section {row.section}" if row.section else "", row.direction), []).append(row)
        for row in self.overall:
            fields.setdefault(("Overall", row.direction), []).append(row)
        heading: list[object] = ["Place", "Pair", "Players", "Boards"]
        if self.handicapped:
            heading += ["%", "Hcp", "Hcp %", "Scratch"]
        elif self.strats:
            heading += ["Score", "%", "Strat", *self.strats]
        else:
            heading += ["Score", "%"] + ["Masterpoints"] * bool(self.masterpoints)
        rows: list[list[object]] = []
        for block in fields.values():
            rows.append(heading)
            rows.extend(self._cells(row) for row in block)
        table = iter(text_table(rows, right={1, *range(3, len(heading))}))
        for (section, direction), block in fields.items():
            lines.append("")
            named = {"NS": "North-South", "EW": "East-West"}.get(direction, direction)
            if section or direction:
                lines.append(" - ".join(part for part in (section, named) if part))
            lines.extend(next(table) for _ in range(len(block) + 1))
        return "\n".join(lines)

    def _cells(self, row: RankingRow) -> list[object]:
        """A row of the table: its place, pair, players, boards, then the score, % and masterpoints, or the %,
        handicap, handicapped % and scratch place."""
        pct = None if row.percentage is None else two_decimals(row.percentage)
        if self.handicapped:
            hcp = None if row.handicap is None else f"{row.handicap:+g}" if row.handicap else "0"
            shown = None if row.handicapped is None else two_decimals(row.handicapped)
            return [row.place, row.pair, row.names, row.boards, pct, hcp, shown, row.scratch]
        score = None if row.score is None else two_decimals(row.score)
        if self.strats:
            return [row.place, row.pair, row.names, row.boards, score, pct, row.strat, *row.strat_places]
        return [
            row.place,
            row.pair,
            row.names,
            row.boards,
            score,
            pct,
            *([row.masterpoints] if self.masterpoints else []),
        ]

    def csv(self) -> str:
        """CSV with a header row: place, pair, direction, names, boards, score, percentage (2 decimals), and the
        handicapped columns, or the masterpoints (0.21) on a scale that awards them; in a session of two sections
        or more, each pair's section and overall place last (its place is its section's)."""
        extra = ["handicap", "handicapped_percentage", "scratch_place"] if self.handicapped else []
        extra += ["masterpoints"] if self.masterpoints else []
        extra += ["strat", *(f"place_{letter.lower()}" for letter in self.strats)] if self.strats else []
        extra += ["section", "overall_place"] if self.overall else []
        overall = {(row.pair, row.direction): row.place for row in self.overall}
        rows: list[Sequence[object]] = [
            ["place", "pair", "direction", "names", "boards", "score", "percentage", *extra]
        ]
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
            if self.masterpoints:
                cells.append("" if row.masterpoints is None else str(row.masterpoints))
            if self.strats:
                cells += [row.strat, *row.strat_places]
            if self.overall:
                cells += [row.section, overall.get((row.pair, row.direction), "")]
            rows.append(cells)
        return csv_text(rows)


def number_in(value: object, where: str) -> float | None:
    if value in (None, ""):
        return None
    if isinstance(value, ExcelErrorValue):
        raise WorkbookError(f"{where} shows {value.code}: the ranking is not complete (see the Check column)")
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise WorkbookError(f"{where}: expected a number, found {value!r}")
    return float(value)


def _figure(value: Figure) -> float | None:
    return None if value is None or isinstance(value, BridgeInputError) else float(value)


def _row(standing: Standing, handicapped: bool = False) -> RankingRow:
    pair = standing.pair
    row = RankingRow(
        place=standing.handicapped_place if handicapped else standing.place,
        pair=str(pair.label),
        direction=pair.direction_text,
        names=pair.names,
        boards=standing.boards,
        score=_figure(standing.total),
        percentage=_figure(standing.percentage),
        section=pair.section,
    )
    if not handicapped:
        return row
    return replace(row, handicap=_figure(standing.handicap), handicapped=_figure(standing.handicapped),
                   scratch=standing.place)  # fmt: skip


def session_ranking(book: SessionBook) -> Ranking:
    """The ranking of a session workbook as its Ranking sheet shows it: field by field, in place order, with each
    pair's masterpoints on the workbook's scale (refused, saying why, when the session cannot be awarded on it)."""
    book.require_complete("ranking", provisional=True)
    score = book.score
    session = score.session
    awards = book.awards()
    rows = [_row(standing) for standing in score.ranking]
    # each pair's award beside its overall place too (across the field, the place it is paid by)
    overall = [_row(standing) for standing in score.overall] if len(session.sections) > 1 else []
    if awards is not None:
        rows = [replace(row, masterpoints=awards.of(standing.pair)) for row, standing in zip(rows, score.ranking,
                                                                                             strict=True)]  # fmt: skip
        overall = [replace(row, masterpoints=awards.of(standing.pair))
                   for row, standing in zip(overall, score.overall, strict=False)]  # fmt: skip
    return Ranking(
        event=session.event or "Ranking",
        date=session.date,
        description=book.note,
        rows=rows,
        masterpoints=session.masterpoints.name if session.masterpoints.awards else "",
        provisional=book.provisional,
        overall=overall,
    )


def read_ranking(path: Path) -> Ranking:
    """The ranking of a computed pairs-session workbook (read by :func:`~.session_book.
    read_session_book`: the same figures as its Ranking sheet, refused when they are stale)."""
    return session_ranking(read_session_book(path))


#: Headings of the players' handicaps a secretary may keep beside the Names block (the pair's Handicap is read where
#: it is given; these, made into the pair's by the handicap rule, where it is blank).
PLAYER_HANDICAPS = ("Handicap 1", "Handicap 2")


def _with_handicaps(names: Path | None, rule: str | None) -> NamesChange:
    """How the names block is given its pairs' handicaps for the handicapped ranking: from ``names`` (a names CSV
    with a handicap column: each pair's, by its number and direction) if given, else where a pair's Handicap cell
    is blank, its players' from columns headed Handicap 1 and Handicap 2 beside the block (made into the pair's by
    ``rule``)."""
    from ...engine.pairs import pair_handicap, parse_direction
    from ..interchange import MAX_FILE_BYTES, read_names

    given = None if names is None else read_names(read_input(names, "a names file", MAX_FILE_BYTES), names, rule)

    def change(package: Package, block: Grid, first_row: int) -> Grid:
        # the Direction and Handicap columns (a workbook's of before sections has no Section column)
        width = len(NAME_COLUMNS) if block and len(block[0]) > FORMER_NAME_WIDTH else FORMER_NAME_WIDTH
        headings = NAME_COLUMNS if width == len(NAME_COLUMNS) else tuple(h for h in NAME_COLUMNS if h != "Section")
        at_direction, at_handicap = headings.index("Direction"), headings.index("Handicap")
        rows = [list(row) + [None] * (width - len(row)) for row in block]
        if given is not None:
            by_pair = {(pair.number, pair.direction): pair.handicap for pair in given}
            undirected = {pair.number: pair.handicap for pair in given if pair.direction is None}
            for row in rows:
                number = entered_pair(row[0])
                try:
                    side = parse_direction(entered_text(row[at_direction]))
                except BridgeInputError:
                    continue  # the session's reading names it
                if number is not None:
                    handicap = by_pair.get((number, side), undirected.get(number))
                    row[at_handicap] = None if handicap is None else float(handicap)
            return rows
        values = read_values(package, "Names", computed=False) if "Names" in package.sheets else {}
        columns = [next((col for (row, col), value in values.items() if row == 1 and cell_text(value) == heading),
                        None) for heading in PLAYER_HANDICAPS]  # fmt: skip
        if all(col is None for col in columns):
            return rows
        for number, row in enumerate(rows, start=first_row):
            if entered_pair(row[0]) is None or not is_blank_text(row[at_handicap]):
                continue
            try:
                handicap = pair_handicap([values.get((number, col)) for col in columns if col is not None], rule)
            except BridgeInputError as error:
                raise WorkbookError(f"{package.path}: Names row {number}: {error.message}") from None
            row[at_handicap] = None if handicap is None else float(handicap)
        return rows

    return change


def read_handicapped_ranking(path: Path, names: Path | None = None, handicaps: str | None = None) -> Ranking:
    """The handicapped ranking of a computed matchpointed pairs-session workbook: each pair's percentage plus its
    handicap, placed as the session ranking places (exact figures, ties shared), with the scratch place beside.

    The handicaps come from ``names`` (a names CSV with a handicap column) if given, else from the workbook's
    Names sheet (its Handicap column, or where that is blank its players' in columns headed Handicap 1 and
    Handicap 2 beside the block, made into the pair's by ``handicaps``): the session is scored again with them, by
    the engine's one ranking."""
    book = read_session_book(path, names=_with_handicaps(names, handicaps))
    book.require_complete("ranking", provisional=True)
    score = book.score
    session = score.session
    if session.method.imp_scoring:
        raise WorkbookError(
            f"{path}: {session.method.name} scoring gives IMPs, not percentages; handicaps are percentage points"
        )
    if not score.handicapped:
        raise WorkbookError(
            f"{path}: no handicaps: none on its Names sheet (the Handicap column); type them there, or give them "
            "with --names NAMES.csv (a names file with a handicap column)"
        )
    placed = score.handicapped_ranking
    return Ranking(
        event=session.event or "Ranking",
        date=session.date,
        description="Handicapped: each pair's percentage plus its handicap (the scratch place beside)"
        + (f"; {book.provisional}" if book.provisional else ""),
        rows=[_row(standing, handicapped=True) for standing in placed],
        handicapped=True,
        provisional=book.provisional,
    )


def _names_holdings(book: SessionBook) -> dict[Pair, tuple[Fraction | None, ...]]:
    """The players' masterpoint holdings the Names sheet keeps beside its block (the columns headed
    :data:`~xlbridge.files.templates.layout.HOLDING_HEADINGS`), by the session's pair; each cell that is not a
    number of masterpoints refused, naming its row."""
    from ...engine.pairs import parse_direction, read_holding
    from ..templates.layout import HOLDING_HEADINGS

    package = book.package
    values = read_values(package, "Names", computed=False) if "Names" in package.sheets else {}
    headed = {cell_text(value): col for (row, col), value in values.items() if row == 1}
    columns = [headed.get(heading) for heading in HOLDING_HEADINGS]
    if all(col is None for col in columns):
        return {}
    two_fields = book.session.field_kind.two_fields
    pairs = {(pair.section, pair.number, pair.direction if two_fields else None): pair for pair in book.session.pairs}
    held: dict[Pair, tuple[Fraction | None, ...]] = {}
    problems = []
    last = max(row for row, _ in values)
    at_pair, at_direction = headed.get("Pair", 1), headed.get("Direction", 2)  # a workbook's of before sections
    at_section = headed.get("Section")
    for number in range(book.names_first_row, last + 1):
        pair_number = entered_pair(values.get((number, at_pair)))
        if pair_number is None:
            continue
        section = "" if at_section is None else section_name(entered_text(values.get((number, at_section))))
        try:
            side = parse_direction(entered_text(values.get((number, at_direction))))
            holdings = tuple(None if col is None else read_holding(values.get((number, col)), heading)
                             for col, heading in zip(columns, HOLDING_HEADINGS, strict=True))  # fmt: skip
        except BridgeInputError as error:
            problems.append(f"{book.path}: Names row {number}: {error.message}")
            continue
        pair = pairs.get((section, pair_number, side if two_fields else None))
        if pair is not None:
            held[pair] = holdings
    if problems:
        raise refusal(WorkbookError, problems, f"{book.path}: {count(len(problems), 'row')} of masterpoints on the "
                      "Names sheet cannot be read: put them right and try again", str(book.path))  # fmt: skip
    return held


def read_stratified_ranking(path: Path, strats: Strats) -> Ranking:
    """The ranking of a computed pairs-session workbook by strats (:func:`stratified_ranking`)."""
    book = read_session_book(path)
    book.require_complete("ranking", provisional=True)
    return stratified_ranking(book, strats)


def stratified_ranking(book: SessionBook, strats: Strats) -> Ranking:
    """The ranking of a session workbook by strats: each pair's strat by its players' masterpoints (the Names
    sheet's Masterpoints 1 and Masterpoints 2 beside the block) and its place in each strat it competes in, field by
    field in the open ranking's order (in a session of sections, each section's strats, then the overall ranking).
    Masterpoints are not shown: the lower strats' awards are not known
    (:func:`~xlbridge.engine.strats.strat_awards_missing` says why, in the description)."""
    from ...engine.strats import strat_awards_missing

    path = book.path
    holdings = _names_holdings(book)
    if not any(any(h is not None for h in held) for held in holdings.values()):
        raise WorkbookError(
            f"{path}: no masterpoints on its Names sheet (the columns Masterpoints 1 and Masterpoints 2 beside the "
            "pairs): type each player's there, or import the session again with a names file that has columns "
            "masterpoints1 and masterpoints2"
        )
    stratified = book.result.stratified(strats, holdings)
    score = book.score
    letters = strats.letters
    rows = []
    for standing in score.ranking:
        strat, places = stratified.of(standing.pair)
        rows.append(replace(_row(standing), strat=strat, strat_places=tuple(places.get(each, "") for each in letters)))
    counts = ", ".join(f"{letter} {n}" for letter, n in stratified.counts().items())
    limits = ", ".join(f"{letter} under {limit}" for letter, limit in zip(letters[1:], strats.shown.split("/")[1:],
                                                                      strict=True))  # fmt: skip
    words = f"Strats by the players' {strats.rule.name.lower()} masterpoints: A open, {limits} (pairs: {counts})"
    missing = strat_awards_missing(book.session.masterpoints, letters)
    note = "; ".join(part for part in (book.note, words, missing) if part)
    return Ranking(
        event=book.session.event or "Ranking",
        date=book.session.date,
        description=note,
        rows=rows,
        provisional=book.provisional,
        strats=letters,
        overall=[_row(standing) for standing in score.overall] if len(book.session.sections) > 1 else [],
    )
