"""A season ladder from computed session workbooks: read each session's figures, rank the players, write the ladder
(``ladder.xlsx``, CSV, or a table for the terminal).

The figures are the workbooks' own (as their Totals sheets show them, read by the one reader of a session workbook,
which refuses a stale one), so the ladder agrees with what each session's secretary published. A workbook that
cannot be read, whose lines need checking, or whose movement expects results not in yet, is refused by name.

``ladder.xlsx`` is written with its values (there is nothing to type in it: it is not one of the blank templates).
Sheets: Ladder (the players in place order: sessions played and counted, the average of those counted, then each
session's percentage, one not counted in brackets; players short of the minimum after, unplaced), Sessions (each
session's file, event, date and scoring) and Notes (names that may be one player spelled two ways, pairs left out).
Where everything is, is :func:`layout`.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from ..engine.errors import WorkbookError
from ..engine.ladder import Ladder, LadderSession, SessionResult
from ..engine.values import two_decimals
from .tables import csv_text, text_table
from .templates.layout import CLASSIC, Block, NamedCell

__all__ = [
    "LADDER_COLUMNS",
    "SESSION_COLUMNS",
    "LadderLayout",
    "build",
    "ladder_csv",
    "ladder_table",
    "layout",
    "read_ladder_session",
    "session_label",
]


def read_ladder_session(path: Path) -> LadderSession:
    """A computed pairs-session workbook as a ladder reads it (through the one reader of a session workbook, so
    stale or unchecked figures, or a session with results still to come, are refused): every pair's players and
    its percentage (or, IMP scoring, its IMPs and the boards it played), as its Totals sheet shows them."""
    from .workbook.session_book import read_session_book

    book = read_session_book(path)
    book.require_complete("a season ladder counts it")  # never a provisional ranking: the session is not all in
    score = book.score
    session = score.session
    two_fields = session.field_kind.two_fields
    imp_scoring = session.method.imp_scoring
    results = []
    for standing in score.standings:
        pair = standing.pair
        figure = standing.total if imp_scoring else standing.percentage
        exact = Fraction(figure) if isinstance(figure, (int, Fraction)) else None
        results.append(
            SessionResult(
                players=pair.players,
                percentage=None if imp_scoring else exact,
                imps=exact if imp_scoring else None,
                boards=standing.boards,
                label=pair.called if two_fields else f"pair {pair.label}",
            )
        )
    if not any(result.percentage is not None or result.imps is not None for result in results):
        raise WorkbookError(f"{path}: no pair has a figure on Totals: the session has no results yet")
    return LadderSession(
        name=path.name,
        event=session.event,
        date=session.date,
        imp_scoring=imp_scoring,
        method=session.method.name,
        results=tuple(results),
    )


def session_label(session: LadderSession, number: int) -> str:
    """A session's column heading: its number and date (``3. 24 Nov 26``), or its number and name."""
    if session.date is not None:
        return f"{number}. {session.date.day} {session.date:%b %y}"
    return f"{number}. {Path(session.name).stem[:14]}"


def _figure(value: Fraction | None) -> str:
    return "" if value is None else two_decimals(float(value))


def ladder_csv(ladder: Ladder) -> str:
    """CSV with a header row: place, player, sessions played and counted, total and average of those counted,
    whether the player qualifies, the sessions not counted (by number), then each session's percentage."""
    sessions = [session_label(session, number) for number, session in enumerate(ladder.sessions, start=1)]
    rows: list[list[object]] = [
        ["place", "player", "played", "counted", "total", "average", "qualified", "not_counted", *sessions]
    ]
    for row in ladder.rows:
        dropped = [str(i) for i, (score, kept) in enumerate(zip(row.scores, row.counted, strict=True), 1)
                   if score is not None and not kept]  # fmt: skip
        rows.append([row.place, row.player, row.played, row.count, _figure(row.total), _figure(row.average),
                     "yes" if row.qualified else "no", ";".join(dropped), *map(_figure, row.scores)])  # fmt: skip
    return csv_text(rows)


def ladder_table(ladder: Ladder, title: str = "") -> str:
    """The ladder as a person reads it: the ranked players, then those still short of the minimum; a percentage not
    counted is shown in brackets."""
    labels = [session_label(session, number) for number, session in enumerate(ladder.sessions, start=1)]
    rows: list[list[object]] = [["Place", "Player", "Played", "Counted", "Average", *labels]]
    for row in ladder.rows:
        shown = ["" if score is None else _figure(score) if kept else f"({_figure(score)})"
                 for score, kept in zip(row.scores, row.counted, strict=True)]  # fmt: skip
        rows.append([row.place, row.player, row.played, row.count, _figure(row.average), *shown])
    table = text_table(rows, right=range(2, len(rows[0])))
    lines = [title or "Season ladder", ladder.description, "", table[0]]
    short = next((index for index, row in enumerate(ladder.rows) if not row.qualified), None)
    for index, line in enumerate(table[1:]):
        if index == short:
            lines += ["", f"Not yet qualified (fewer than {ladder.minimum} sessions):"]
        lines.append(line)
    return "\n".join(lines)


#: The Ladder sheet's columns before one per session.
LADDER_COLUMNS = ("Place", "Player", "Played", "Counted", "Total", "Average %")
#: The Sessions sheet's columns.
SESSION_COLUMNS = ("Session", "File", "Event", "Date", "Scoring", "Pairs")


@dataclass(frozen=True)
class LadderLayout:
    """Where everything is in a ladder workbook of a given number of sessions."""

    title: NamedCell
    description: NamedCell
    summary: NamedCell
    ladder: Block
    sessions: Block
    notes: Block


def layout(labels: tuple[str, ...]) -> LadderLayout:
    """The layout of a ladder whose sessions are headed ``labels``."""
    return LadderLayout(
        title=NamedCell("Title", "Ladder", 0, 0),
        description=NamedCell("Description", "Ladder", 1, 0),
        summary=NamedCell("Summary", "Ladder", 2, 0),
        ladder=Block("Ladder", (*LADDER_COLUMNS, *labels), 4, 5),
        sessions=Block("Sessions", SESSION_COLUMNS, 0, 1),
        notes=Block("Notes", ("Note",), 0, 1),
    )


def build(path: Path, ladder: Ladder, title: str = "") -> None:
    """Write ``ladder`` as a workbook (values only)."""
    from .templates.common import TemplateBook  # XlsxWriter, the calc extra: printing the ladder needs none

    labels = tuple(session_label(session, number) for number, session in enumerate(ladder.sessions, start=1))
    where = layout(labels)
    book = TemplateBook(path, CLASSIC, title or "Season ladder")
    counted = book.book.add_format({"bold": True, "num_format": "0.00", "bg_color": "#F2F2F2"})
    dropped = book.book.add_format({"italic": True, "font_color": "#777777", "num_format": '"("0.00")"'})
    unplaced = book.book.add_format({"italic": True, "font_color": "#555555"})

    sheet = book.sheet("Ladder")
    ws, cells = sheet.ws, sheet.cells
    cells.write_string(where.title.row, where.title.col, title or "Season ladder", book.title)
    cells.write_string(where.description.row, where.description.col, ladder.description, book.subtitle)
    ranked = sum(1 for row in ladder.rows if row.qualified)
    summary = f"{len(ladder.sessions)} sessions, {len(ladder.rows)} players, {ranked} qualified"
    if ladder.notes:
        summary += f"; {len(ladder.notes)} pair(s) of names may be one player: see Notes"
    cells.write_string(where.summary.row, where.summary.col, summary, book.subtitle)
    block = where.ladder
    numbers = book.book.add_format({"bold": True, "bottom": 1, "bg_color": "#DDE4EE", "text_wrap": True,
                                    "valign": "top", "align": "right"})  # fmt: skip
    sheet.headers(block.header_row, block.columns[:2])
    for heading in block.columns[2:]:
        cells.write_string(block.header_row, block.col(heading), heading, numbers)
    ws.set_column(block.col("Place"), block.col("Place"), 7)
    ws.set_column(block.col("Player"), block.col("Player"), max([len(row.player) for row in ladder.rows] + [20]) + 2)
    ws.set_column(block.col("Played"), block.col("Average %"), 10)
    ws.set_column(len(LADDER_COLUMNS), len(block.columns) - 1, 11)
    offset = 0
    for row in ladder.rows:
        if not row.qualified and offset == ranked:  # a line between the ranked players and the others
            cells.write_string(block.first_row + offset, block.col("Player"),
                            f"Not yet qualified (fewer than {ladder.minimum} sessions):", book.label)  # fmt: skip
            offset += 1
        at = block.first_row + offset
        offset += 1
        style = book.computed if row.qualified else unplaced
        cells.write_string(at, block.col("Place"), row.place, style)
        cells.write_string(at, block.col("Player"), row.player, style)
        cells.write_number(at, block.col("Played"), row.played, style)
        cells.write_number(at, block.col("Counted"), row.count, style)
        cells.write_number(at, block.col("Total"), float(row.total), book.computed_2dp)
        if row.average is not None:
            cells.write_number(at, block.col("Average %"), float(row.average), counted)
        for label, score, kept in zip(labels, row.scores, row.counted, strict=True):
            if score is not None:
                cells.write_number(at, block.col(label), float(score), counted if kept else dropped)
    ws.freeze_panes(block.first_row, block.col("Average %") + 1)
    ws.set_landscape()
    ws.fit_to_pages(1, 0)
    ws.repeat_rows(block.header_row)
    ws.print_area(0, 0, block.first_row + max(offset, 1) - 1, len(block.columns) - 1)
    sheet.protect()

    sheet = book.sheet("Sessions")
    ws, cells = sheet.ws, sheet.cells
    block = where.sessions
    sheet.headers(block.header_row, block.columns)
    for heading, width in zip(block.columns, (11, 30, 34, 12, 24, 7), strict=True):
        ws.set_column(block.col(heading), block.col(heading), width)
    for offset, (label, session) in enumerate(zip(labels, ladder.sessions, strict=True)):
        at = block.first_row + offset
        imps = sum(1 for result in session.results if result.imps is not None)
        scoring = (
            f"{session.method}: IMPs to % ({ladder.rule.name})" if session.imp_scoring and imps else session.method
        )
        cells.write_string(at, block.col("Session"), label)
        cells.write_string(at, block.col("File"), session.name)
        cells.write_string(at, block.col("Event"), session.event)
        if session.date is not None:
            cells.write_datetime(
                at, block.col("Date"), dt.datetime.combine(session.date, dt.time()), book.computed_date
            )
        cells.write_string(at, block.col("Scoring"), scoring)
        cells.write_number(at, block.col("Pairs"), len(session.results))
    ws.set_landscape()
    ws.fit_to_pages(1, 0)
    sheet.protect()

    sheet = book.sheet("Notes")
    ws, cells = sheet.ws, sheet.cells
    block = where.notes
    sheet.headers(block.header_row, block.columns)
    ws.set_column(0, 0, 100)
    ws.set_paper(9)  # A4
    notes = [str(note) for note in ladder.notes] + list(ladder.left_out)
    for offset, note in enumerate(notes or ["None: every name is one player's."]):
        cells.write_string(block.first_row + offset, 0, note, book.note)
    ws.set_landscape()
    ws.fit_to_pages(1, 0)
    sheet.protect()
    book.book.worksheets()[0].activate()
    book.close()
