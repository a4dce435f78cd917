"""``traveller.xlsx``: one board's traveller as clubs print it."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from ...engine.session import Line
from .common import Flavour, TemplateBook
from .layout import area_ref, cell_ref

__all__ = ["COLUMNS", "FIRST_ROW", "build"]

FIRST_ROW = 5  # 0-based: the first table's row (Excel row 6)
COLUMNS = [
    "NS pair",
    "EW pair",
    "Contract",
    "By",
    "Lead",
    "Result",
    "Adjusted",
    "NS score",
    "EW score",
    "NS MP",
    "EW MP",
    "Check",
]
NS, EW, CONTRACT, BY, LEAD, RESULT, ADJUSTED, NS_SCORE, EW_SCORE, NS_MP, EW_MP, CHECK = range(len(COLUMNS))
BOARD = (2, 1)  # B3: the board number
VULNERABLE = (2, 6)  # G3: its vulnerability


def build(path: Path, flavour: Flavour, rows: int = 20, board: int | None = None, lines: Sequence[Line] = ()) -> None:
    """Write the traveller (``rows`` tables), filled with ``lines`` of board ``board`` if given."""
    book = TemplateBook(path, flavour, "Traveller")
    fn = book.fn
    sheet = book.sheet("Traveller")
    ws, cells = sheet.ws, sheet.cells
    sheet.heading("Enter the board number, then one line per table. Grey columns are computed.")
    cells.write(2, 0, "Board", book.label)
    cells.write_blank(*BOARD, None, book.entry) if board is None else cells.write_number(*BOARD, board, book.entry)
    board_cell = cell_ref(*BOARD)
    cells.write(2, 2, "Dealer", book.label)
    sheet.dynamic(2, 3, 1, f"={fn('BOARDDEALER')}({board_cell})", book.computed)
    cells.merge(ws, 2, 4, 2, 5, "Vulnerable", book.label)  # the label whole, over two narrow columns
    sheet.dynamic(*VULNERABLE, 1, f"={fn('BOARDVUL')}({board_cell})", book.computed)
    sheet.headers(FIRST_ROW - 1, COLUMNS)

    widths = ((NS, 7, False), (EW, 7, False), (CONTRACT, 9, True), (BY, 5, True), (LEAD, 6, True), (RESULT, 7, True),
              (ADJUSTED, 18, True))  # fmt: skip
    for index, width, text in widths:  # yellow where the lines are typed only
        sheet.entry_column(index, width, text, FIRST_ROW, rows)

    block = area_ref(FIRST_ROW, NS, FIRST_ROW + rows - 1, ADJUSTED)
    for index in range(NS_SCORE, CHECK + 1):  # one page, 80% or more: a longer reason reads on beyond it on screen
        ws.set_column(index, index, 40 if index == CHECK else 9, book.check if index == CHECK else book.computed)
    sheet.dynamic(FIRST_ROW, NS_SCORE, rows, f"={fn('BOARDRESULTS')}({board_cell},{block})", None,
                  cols=CHECK - NS_SCORE + 1)  # fmt: skip
    sheet.highlight_problems(FIRST_ROW, NS, rows, CHECK, CHECK)

    sheet.validate_deal(FIRST_ROW, rows, CONTRACT, BY, RESULT)
    sheet.validate_adjusted(FIRST_ROW, rows, ADJUSTED)

    for offset, line in enumerate(lines):
        row = FIRST_ROW + offset
        cells.write(row, NS, line.ns, book.entry)
        cells.write(row, EW, line.ew, book.entry)
        for index, value in zip((CONTRACT, BY, LEAD, RESULT, ADJUSTED), line.entered, strict=True):
            if value:
                cells.write_string(row, index, value, book.entry_text)

    ws.freeze_panes(FIRST_ROW, 0)
    ws.set_landscape()
    ws.set_paper(9)  # A4
    ws.fit_to_pages(1, 1)
    ws.print_area(0, 0, FIRST_ROW + rows - 1, CHECK)
    sheet.protect()
    book.close()
