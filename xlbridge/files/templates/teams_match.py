"""``teams-match.xlsx``: a team-of-four scorecard, board by board, to IMPs, VPs and board-a-match points.

The home team sits North-South at table 1 and East-West at table 2, so its net score on a board is table 1's
North-South score minus table 2's. An adjusted score (A, A+, A-, A6040, a weighted score) is typed in a table's
Contract cell; a board played at one table only is scored as average at the other, and its Check says so.
Printed, the scorecard is one landscape page.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from ...engine.matches import Match
from ...engine.scales import vp_scales
from .common import ENTRY_COLOUR, Flavour, TemplateBook
from .layout import area_ref, cell_ref, range_ref, vp_scale_lengths
from .match_layout import (
    BOARD,
    BY1,
    BY2,
    C1,
    C2,
    CHECK,
    COLUMNS,
    DEALER,
    FIRST,
    HOME_COL,
    INFO,
    INFO_COL,
    INFO_LAST_COL,
    LABEL_COL,
    NET,
    R1,
    R2,
    S1,
    S2,
    SUMMARY,
    VUL,
    WIDTHS,
)

__all__ = ["build"]

#: What a Contract cell says when selected: a contract, or an adjusted score instead.
CONTRACT_MESSAGE = ("e.g. 4S, 3NT, 4HX; or an adjusted score with By and Result blank: A, A+, A-, A6040, "
                    "80% 400 / 20% 430")  # fmt: skip


#: A blank scorecard's boards: a one-page scorecard at full size.
ROWS = 24


def build(
    path: Path, flavour: Flavour, rows: int | None = None, match: Match | None = None, computed: bool = False
) -> None:
    """Write the scorecard for up to ``rows`` boards (a blank one: 24, numbered; one filled with ``match``: its
    boards), filled with ``match`` if given; with ``computed``, with every value computed."""
    rows = max(rows or (len(match.boards) if match is not None and match.boards else ROWS),
               len(match.boards) if match is not None else 0)  # fmt: skip
    book = TemplateBook(path, flavour, "Team match", computed)
    fn = book.fn
    sheet = book.sheet("Match")
    ws, cells = sheet.ws, sheet.cells
    sheet.heading("Home team: North-South at table 1, East-West at table 2. Grey cells are computed.")
    given = match or Match()
    values: dict[str, object] = {"Home team": given.home, "Away team": given.away, "Event": given.event,
                                 "Date": given.date, "VP scale": given.vp_scale}  # fmt: skip
    for label, row in INFO.items():
        cells.write_string(row, 0, label, book.label)
        value = values[label]
        style = book.entry_date if label == "Date" else book.entry
        cells.merge(ws, row, INFO_COL, row, INFO_LAST_COL, "", style)  # room for a team's or an event's name
        if isinstance(value, dt.date):
            cells.write_datetime(row, INFO_COL, dt.datetime.combine(value, dt.time()), style)
        elif value:
            cells.write_string(row, INFO_COL, str(value), style)
    scales = vp_scales(total=20)
    sheet.validate_list(
        INFO["VP scale"], INFO_COL, 1, book.list_range("VP scales", [scale.name for scale in scales]), True,
        f"{vp_scale_lengths(scales)}.",
    )  # fmt: skip

    def col(index: int) -> str:
        return range_ref(index, FIRST, rows)

    board = col(BOARD)
    table1 = area_ref(FIRST, C1, FIRST + rows - 1, R1)
    table2 = area_ref(FIRST, C2, FIRST + rows - 1, R2)
    home_name, away_name, scale = (cell_ref(INFO[label], INFO_COL) for label in ("Home team", "Away team", "VP scale"))
    summary_row = SUMMARY["Teams"]
    names = book.book.add_format({**HEADER_LOOK, "shrink": True})  # a long name shrinks rather than being cut
    formats = [names, book.computed, book.computed, book.computed_2dp, book.computed, book.computed]
    for label, row in SUMMARY.items():
        cells.merge(ws, row, LABEL_COL, row, HOME_COL - 1, "" if label == "Teams" else label,
                       book.header if label == "Teams" else book.label)  # fmt: skip
    sheet.dynamic(
        summary_row, HOME_COL, len(SUMMARY),
        f"={fn('MATCHSUMMARY')}({home_name},{away_name},{board},{table1},{table2},{scale})",
        None, cols=2, formats=formats,
    )  # fmt: skip

    sheet.headers(FIRST - 1, COLUMNS)
    sheet.entry_column(BOARD, WIDTHS[BOARD], first_row=FIRST, rows=rows)  # also the labels of the match's details
    for index in (C1, C2, BY1, BY2, R1, R2):
        sheet.entry_column(index, WIDTHS[index], text=True, first_row=FIRST, rows=rows)
    contract = book.book.add_format({"locked": False, "bg_color": ENTRY_COLOUR, "num_format": 49, "indent": 1})
    for index in (C1, C2):  # a space in: apart from the score to its left
        for row in range(FIRST, FIRST + rows):
            cells.write_blank(row, index, None, contract)
    for index in (DEALER, VUL, S1, S2):
        ws.set_column(index, index, WIDTHS[index])
    sheet.dynamic(FIRST, DEALER, rows, f"={fn('BOARDDEALER')}({board})", book.computed_centre)
    sheet.dynamic(FIRST, VUL, rows, f"={fn('BOARDVUL')}({board})", book.computed_centre)
    sheet.dynamic(FIRST, S1, rows, f"={fn('TABLESCORE')}({board},{table1})", book.computed)
    sheet.dynamic(FIRST, S2, rows, f"={fn('TABLESCORE')}({board},{table2})", book.computed)
    for index in range(NET, CHECK + 1):
        ws.set_column(index, index, WIDTHS[index], book.check if index == CHECK else book.computed)
    sheet.dynamic(FIRST, NET, rows, f"={fn('MATCHBOARDS')}({board},{table1},{table2})", None, cols=CHECK - NET + 1)
    sheet.highlight_problems(FIRST, BOARD, rows, CHECK, CHECK)
    sheet.validate_deal(FIRST, rows, C1, BY1, R1, CONTRACT_MESSAGE)
    sheet.validate_deal(FIRST, rows, C2, BY2, R2, CONTRACT_MESSAGE)

    boards = match.boards if match is not None else ()
    for offset in range(rows):
        row = FIRST + offset
        if offset < len(boards):
            entry = boards[offset]
            cells.write_number(row, BOARD, entry.board, book.entry)
            for (contract_col, declarer, result), play in (
                ((C1, BY1, R1), entry.table1),
                ((C2, BY2, R2), entry.table2),
            ):
                if play is None:
                    continue
                text = (str(play.contract), "" if play.declarer is None else play.declarer.value, play.result_text)
                for index, value in zip((contract_col, declarer, result), text, strict=True):
                    if value:
                        cells.write_string(row, index, value, contract if index == contract_col else book.entry_text)
        elif match is None:  # a blank scorecard is numbered; a match's own has its boards only
            cells.write_number(row, BOARD, offset + 1, book.entry)
    ws.freeze_panes(FIRST, 1)
    ws.set_landscape()
    ws.set_margins(left=0.4, right=0.4, top=0.5, bottom=0.5)
    ws.print_area(0, 0, FIRST + rows - 1, CHECK)
    ws.fit_to_pages(1, 1)
    sheet.protect()
    book.close()


#: The look of the summary's team names (the header format, with its text shrunk to fit the column).
HEADER_LOOK = {"bold": True, "bottom": 1, "bg_color": "#DDE4EE", "valign": "top", "align": "center"}
