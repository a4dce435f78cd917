"""Parts of the pairs-session workbook apart from its tables: what its Settings say of the movement played, and the
Ranking sheet's chart. :mod:`.pairs_session` places them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from xlsxwriter.format import Format
from xlsxwriter.worksheet import Worksheet

from ...engine.values import count
from .common import ENTRY_COLOUR, Sheet, TemplateBook
from .layout import Block, area_ref

if TYPE_CHECKING:
    from ...engine.movements import Movement
    from ...engine.session import Session

__all__ = ["CHART_COLUMNS", "SESSION_ADJUSTED", "first_pair_label", "movement_facts", "ranking_chart",
           "settings_formats", "write_movement_facts"]  # fmt: skip

#: How many columns (of Excel's default width, 64 pixels) the ranking's chart takes beside the table.
CHART_COLUMNS = 6

#: What a Results row's Adjusted cell says when selected: an assigned score, or a board not played.
SESSION_ADJUSTED = ("For a score the director assigns: NS's score (+420), A, A+ (60% NS, 40% EW), A-, A6040..., or "
                    "a weighted score (80% 400 / 20% 430). NP: the board was not played at this table.")  # fmt: skip


def settings_formats(book: TemplateBook) -> tuple[Format, Format, Format, Format, Format, Format]:
    """The Settings sheet's formats, each reading from the top of its row (beside a note that may take more than
    one line): label, entry, date entry, computed, computed date, computed text that wraps."""
    top = {"valign": "top"}
    add = book.book.add_format
    return (
        add({"bold": True, **top}),
        add({"locked": False, "bg_color": ENTRY_COLOUR, **top}),
        add({"locked": False, "bg_color": ENTRY_COLOUR, "num_format": "dd/mm/yyyy", "align": "left", **top}),
        add({"bg_color": "#F2F2F2", **top}),
        add({"num_format": "dd mmmm yyyy", "italic": True, "align": "left", **top}),
        add({"bg_color": "#F2F2F2", "text_wrap": True, **top}),
    )


def movement_facts(plan: Movement) -> list[tuple[str, str]]:
    """What the Settings sheet says of the movement a session is played to: its name and size, its winners (how
    its pairs are ranked), its boards, and what a director should know of it."""
    rounds = f"{count(plan.rounds, 'round')} of {count(plan.boards_per_round, 'board')}"
    size = f"{plan.tables} tables, {rounds}, as on the Movement sheet"
    kind = plan.title if plan.type is not None else size
    switched = any(encounter.switched for encounter in plan.encounters)
    if plan.two_fields:
        winners = "Two: North-South and East-West pairs ranked apart (Movement: Mitchell)"
    else:
        winners = "One: every pair ranked together (Movement: Howell)" + (
            ", East-West pairs arrow-switched" if switched else "")  # fmt: skip
    boards = plan.boards
    facts = [
        ("Movement played", kind),
        ("Winners", winners),
        ("Boards", f"{boards.start}-{boards.stop - 1}: {len(boards)} boards, {plan.boards_per_round} a round"),
    ]
    return facts + [("Note" if index == 0 else "", note) for index, note in enumerate(plan.notes)]  # fmt: skip


def write_movement_facts(sheet: Sheet, top: int, label: Format, note: Format, plan: Movement, line: int) -> None:
    """The movement's facts from 0-based row ``top`` (text: the Movement sheet holds its rows), each across the
    value and note columns, a row as tall as its text's lines of ``line`` characters."""
    ws, cells = sheet.ws, sheet.cells
    cells.write_string(top, 0, "The movement", label)
    cells.write_string(top, 2, "Its rows are on the Movement sheet: every result is checked against them.", note)
    for offset, (heading, text) in enumerate(movement_facts(plan), start=1):
        if heading:
            cells.write_string(top + offset, 0, heading, label)
        cells.merge(ws, top + offset, 1, top + offset, 2, text, note)
        lines = -(-len(text) // line)
        if lines > 1:
            ws.set_row(top + offset, 15 * lines)


def ranking_chart(
    book: TemplateBook, ws: Worksheet, ranking: Block, shown: int, column: int, session: Session | None
) -> None:
    """The ranking's bar chart, from 0-based ``column`` beside the table: what the scoring gives (percentages, or
    IMPs, the total, with cross-IMPs and Butler), one bar for each of the ``shown`` first rows (the session's pairs,
    when it is known); each bar labelled by its pair's number and, where there may be two fields, its direction
    (two levels of labels: NS 2 and EW 2 are two pairs)."""
    imps = session is not None and session.method.imp_scoring
    two_fields = session is None or session.movement.two_fields
    first_row, last_row = ranking.first_row, ranking.first_row + shown - 1
    labels = area_ref(first_row, ranking.col("Pair"), last_row, ranking.col("Direction" if two_fields else "Pair"),
                      ranking.sheet)  # fmt: skip
    figure = ranking.col("Total" if imps else "%")
    chart = book.book.add_chart({"type": "bar"})
    chart.add_series(
        {"name": "IMPs" if imps else "Percentage", "categories": f"={labels}",
         "values": f"={area_ref(first_row, figure, last_row, figure, ranking.sheet)}", "fill": {"color": "#4F81BD"}}
    )  # fmt: skip
    chart.set_title({"name": "IMPs" if imps else "Percentages"})
    chart.set_y_axis({"reverse": True, "name": "Pair"})
    chart.set_x_axis({"name": "IMPs"} if imps else {"min": 0, "max": 100, "name": "%"})
    chart.set_legend({"none": True})
    chart.show_blanks_as("gap")
    # Beside the table, as wide as the columns the print area gives it (a whole page wide at 80% or more).
    ws.insert_chart(ranking.first_row, column, chart, {"x_scale": CHART_COLUMNS * 64 / 480, "y_scale": 1.6})


def first_pair_label(session: Session | None) -> str:
    """The first pair of the session as the Scorecard sheet's Pair cell takes it: 7, or 7NS in a Mitchell."""
    if session is None or not session.pairs:
        return ""
    first = session.pairs[0]
    return f"{first.number}{first.direction_text if session.movement.two_fields else ''}"
