"""``ladder.xlsx``: a season ladder, written with its values by ``xlbridge ladder`` (there is nothing to type in it:
it is not one of the blank templates).

Sheets: Ladder (the players in place order: sessions played and counted, the average of those counted, then each
session's percentage, one not counted in brackets; players short of the minimum after, unplaced), Sessions (each
session's file, event, date and scoring) and Notes (names that may be one player spelled two ways, pairs left out).
Where everything is, is :func:`layout`.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from pathlib import Path

from ...engine.ladder import Ladder
from ..ladder import session_label
from .common import CLASSIC, TemplateBook
from .layout import Block, NamedCell

__all__ = ["LADDER_COLUMNS", "SESSION_COLUMNS", "LadderLayout", "build", "layout"]

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
    labels = tuple(session_label(session, number) for number, session in enumerate(ladder.sessions, start=1))
    where = layout(labels)
    book = TemplateBook(path, CLASSIC, title or "Season ladder")
    counted = book.book.add_format({"bold": True, "num_format": "0.00", "bg_color": "#F2F2F2"})
    dropped = book.book.add_format({"italic": True, "font_color": "#777777", "num_format": '"("0.00")"'})
    unplaced = book.book.add_format({"italic": True, "font_color": "#555555"})

    sheet = book.sheet("Ladder")
    ws = sheet.ws
    ws.write_string(where.title.row, where.title.col, title or "Season ladder", book.title)
    ws.write_string(where.description.row, where.description.col, ladder.description, book.subtitle)
    ranked = sum(1 for row in ladder.rows if row.qualified)
    summary = f"{len(ladder.sessions)} sessions, {len(ladder.rows)} players, {ranked} qualified"
    if ladder.notes:
        summary += f"; {len(ladder.notes)} pair(s) of names may be one player: see Notes"
    ws.write_string(where.summary.row, where.summary.col, summary, book.subtitle)
    block = where.ladder
    numbers = book.book.add_format({"bold": True, "bottom": 1, "bg_color": "#DDE4EE", "text_wrap": True,
                                    "valign": "top", "align": "right"})  # fmt: skip
    sheet.headers(block.header_row, block.columns[:2])
    for heading in block.columns[2:]:
        ws.write_string(block.header_row, block.col(heading), heading, numbers)
    ws.set_column(block.col("Place"), block.col("Place"), 7)
    ws.set_column(block.col("Player"), block.col("Player"), max([len(row.player) for row in ladder.rows] + [20]) + 2)
    ws.set_column(block.col("Played"), block.col("Average %"), 10)
    ws.set_column(len(LADDER_COLUMNS), len(block.columns) - 1, 11)
    offset = 0
    for row in ladder.rows:
        if not row.qualified and offset == ranked:  # a line between the ranked players and the others
            ws.write_string(block.first_row + offset, block.col("Player"),
                            f"Not yet qualified (fewer than {ladder.minimum} sessions):", book.label)  # fmt: skip
            offset += 1
        at = block.first_row + offset
        offset += 1
        style = book.computed if row.qualified else unplaced
        ws.write_string(at, block.col("Place"), row.place, style)
        ws.write_string(at, block.col("Player"), row.player, style)
        ws.write_number(at, block.col("Played"), row.played, style)
        ws.write_number(at, block.col("Counted"), row.count, style)
        ws.write_number(at, block.col("Total"), float(row.total), book.computed_2dp)
        if row.average is not None:
            ws.write_number(at, block.col("Average %"), float(row.average), counted)
        for label, score, kept in zip(labels, row.scores, row.counted, strict=True):
            if score is not None:
                ws.write_number(at, block.col(label), float(score), counted if kept else dropped)
    ws.freeze_panes(block.first_row, block.col("Average %") + 1)
    ws.set_landscape()
    ws.fit_to_pages(1, 0)
    ws.repeat_rows(block.header_row)
    ws.print_area(0, 0, block.first_row + max(offset, 1) - 1, len(block.columns) - 1)
    sheet.protect()

    sheet = book.sheet("Sessions")
    ws = sheet.ws
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
        ws.write_string(at, block.col("Session"), label)
        ws.write_string(at, block.col("File"), session.name)
        ws.write_string(at, block.col("Event"), session.event)
        if session.date is not None:
            ws.write_datetime(at, block.col("Date"), dt.datetime.combine(session.date, dt.time()), book.computed_date)
        ws.write_string(at, block.col("Scoring"), scoring)
        ws.write_number(at, block.col("Pairs"), len(session.results))
    ws.set_landscape()
    ws.fit_to_pages(1, 0)
    sheet.protect()

    sheet = book.sheet("Notes")
    ws = sheet.ws
    block = where.notes
    sheet.headers(block.header_row, block.columns)
    ws.set_column(0, 0, 100)
    ws.set_paper(9)  # A4
    notes = [str(note) for note in ladder.notes] + list(ladder.left_out)
    for offset, note in enumerate(notes or ["None: every name is one player's."]):
        ws.write_string(block.first_row + offset, 0, note, book.note)
    ws.set_landscape()
    ws.fit_to_pages(1, 0)
    sheet.protect()
    book.book.worksheets()[0].activate()
    book.close()
