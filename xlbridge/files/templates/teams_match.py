"""``teams-match.xlsx``: a team-of-four scorecard, board by board, to IMPs, VPs and board-a-match points.

The home team sits North-South at table 1 and East-West at table 2, so its net score on a board is table 1's
North-South score minus table 2's.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from ...engine.scales import vp_scales
from ...engine.session import Match
from .common import Flavour, TemplateBook, choice_message
from .layout import area_ref, cell_ref, range_ref

__all__ = ["AWAY_COL", "COLUMNS", "FIRST", "HOME_COL", "INFO", "SUMMARY", "build"]

COLUMNS = [
    "Board",
    "Dealer",
    "Vul",
    "Contract 1",
    "By 1",
    "Result 1",
    "NS score 1",
    "Contract 2",
    "By 2",
    "Result 2",
    "NS score 2",
    "Net (home)",
    "IMPs (home)",
    "Home IMPs",
    "Away IMPs",
    "BAM (home)",
    "Check table 1",
    "Check table 2",
]
(BOARD, DEALER, VUL, C1, BY1, R1, S1, C2, BY2, R2, S2, NET, IMPS, HOME, AWAY, BAM, CHECK1,
 CHECK2) = range(len(COLUMNS))  # fmt: skip
FIRST = 11  # 0-based row of the first board (Excel row 12)
#: The match's details, typed in column B (0-based rows).
INFO = {"Home team": 2, "Away team": 3, "Event": 4, "Date": 5, "VP scale": 6}
INFO_COL, INFO_LAST_COL = 1, 3
#: The summary table (0-based rows; labels across LABEL_COL to HOME_COL - 1, the home team's figures in HOME_COL,
#: the away team's in AWAY_COL).
SUMMARY = {"Teams": 2, "Boards played": 3, "IMPs": 4, "Victory points": 5, "Board-a-match": 6, "Lines with problems": 7}
LABEL_COL, HOME_COL, AWAY_COL = 11, 13, 14


def build(path: Path, flavour: Flavour, rows: int = 36, match: Match | None = None, computed: bool = False) -> None:
    """Write the scorecard for up to ``rows`` boards, filled with ``match`` if given; with ``computed``, with every
    value computed."""
    if match is not None:
        rows = max(rows, len(match.boards))
    book = TemplateBook(path, flavour, "Team match", computed)
    fn = book.fn
    sheet = book.sheet("Match")
    ws = sheet.ws
    ws.write("A1", "Team match", book.title)
    ws.write("A2", "Home team: North-South at table 1, East-West at table 2. Grey cells are computed.", book.subtitle)
    given = match or Match()
    values: dict[str, object] = {"Home team": given.home, "Away team": given.away, "Event": given.event,
                                 "Date": given.date, "VP scale": given.vp_scale}  # fmt: skip
    for label, row in INFO.items():
        ws.write_string(row, 0, label, book.label)
        value = values[label]
        style = book.entry_date if label == "Date" else book.entry
        ws.merge_range(row, INFO_COL, row, INFO_LAST_COL, "", style)  # room for a team's or an event's name
        if isinstance(value, dt.date):
            ws.write_datetime(row, INFO_COL, dt.datetime.combine(value, dt.time()), style)
        elif value:
            ws.write_string(row, INFO_COL, str(value), style)
    scales = vp_scales(total=20)
    sheet.validate_list(
        INFO["VP scale"], INFO_COL, 1, book.list_range("VP scales", [scale.name for scale in scales]), True,
        choice_message(scales),
    )  # fmt: skip

    def col(index: int) -> str:
        return range_ref(index, FIRST, rows)

    board = col(BOARD)
    table1 = area_ref(FIRST, C1, FIRST + rows - 1, R1)
    table2 = area_ref(FIRST, C2, FIRST + rows - 1, R2)
    home_name, away_name, scale = (cell_ref(INFO[label], INFO_COL) for label in ("Home team", "Away team", "VP scale"))
    summary_row = SUMMARY["Teams"]
    formats = [book.header, book.computed, book.computed, book.computed_2dp, book.computed, book.computed]
    for label, row in SUMMARY.items():
        ws.merge_range(row, LABEL_COL, row, HOME_COL - 1, "" if label == "Teams" else label,
                       book.header if label == "Teams" else book.label)  # fmt: skip
    sheet.dynamic(
        summary_row, HOME_COL, len(SUMMARY),
        f"={fn('MATCHSUMMARY')}({home_name},{away_name},{board},{table1},{table2},{scale})",
        None, cols=2, formats=formats,
    )  # fmt: skip

    sheet.headers(FIRST - 1, COLUMNS)
    sheet.entry_column(BOARD, 10, first_row=FIRST, rows=rows)  # also the labels of the match's details
    for index in (C1, C2):
        sheet.entry_column(index, 9, text=True, first_row=FIRST, rows=rows)
    for index in (BY1, BY2):
        sheet.entry_column(index, 5, text=True, first_row=FIRST, rows=rows)
    for index in (R1, R2):
        sheet.entry_column(index, 8, text=True, first_row=FIRST, rows=rows)
    ws.set_column(DEALER, VUL, 7)
    ws.set_column(S1, S1, 9)
    ws.set_column(S2, S2, 9)

    sheet.dynamic(FIRST, DEALER, rows, f"={fn('BOARDDEALER')}({board})", book.computed_centre)
    sheet.dynamic(FIRST, VUL, rows, f"={fn('BOARDVUL')}({board})", book.computed_centre)
    sheet.dynamic(FIRST, S1, rows, f"={fn('BRIDGESCORE')}({col(C1)},{col(BY1)},{col(R1)},{board})", book.computed)
    sheet.dynamic(FIRST, S2, rows, f"={fn('BRIDGESCORE')}({col(C2)},{col(BY2)},{col(R2)},{board})", book.computed)
    for index in range(NET, CHECK2 + 1):
        width = 40 if index >= CHECK1 else 12 if index in (HOME_COL, AWAY_COL) else 9  # names and VPs above
        ws.set_column(index, index, width, book.check if index >= CHECK1 else book.computed)
    sheet.dynamic(FIRST, NET, rows, f"={fn('MATCHBOARDS')}({board},{table1},{table2})", None, cols=CHECK2 - NET + 1)
    sheet.highlight_problems(FIRST, BOARD, rows, CHECK1, CHECK2)
    sheet.highlight_problems(FIRST, BOARD, rows, CHECK2, CHECK2)
    sheet.validate_deal(FIRST, rows, C1, BY1, R1)
    sheet.validate_deal(FIRST, rows, C2, BY2, R2)

    boards = match.boards if match is not None else ()
    for offset in range(rows):
        row = FIRST + offset
        if offset < len(boards):
            entry = boards[offset]
            ws.write_number(row, BOARD, entry.board, book.entry)
            for (contract, declarer, result), play in (((C1, BY1, R1), entry.table1), ((C2, BY2, R2), entry.table2)):
                if play is None:
                    continue
                text = (str(play.contract), "" if play.declarer is None else play.declarer.value, play.result_text)
                for index, value in zip((contract, declarer, result), text, strict=True):
                    if value:
                        ws.write_string(row, index, value, book.entry_text)
        else:
            ws.write_number(row, BOARD, offset + 1, book.entry)
    ws.freeze_panes(FIRST, 1)
    ws.set_landscape()
    ws.fit_to_pages(1, 0)
    # Printed: the boards to the board-a-match points (at 80% or more); the check columns are for typing, and the
    # summary says how many lines have a problem.
    ws.print_area(0, 0, FIRST + rows - 1, BAM)
    ws.repeat_rows(FIRST - 1)
    sheet.protect()
    book.close()
