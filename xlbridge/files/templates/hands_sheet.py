"""The Hands sheet of a pairs-session workbook: the session's deals, each board's double-dummy table and par, and
on the Results sheet each result against its board's par.

The sheet holds, at its top, a table of the boards (``HandsBlock``): the columns of ``xlbridge hands --csv`` (board,
dealer, vulnerable, par, par contracts, then the tricks of N, E, S and W in NT, S, H, D and C), then the deal in PBN
notation and where the analysis came from. It is what the workbook carries of its hand record:
``xlbridge publish`` reads the deals back from it
(:meth:`xlbridge.files.workbook.session_book.SessionBook.hands`), and the Results sheet's NS vs par column
(``PARDIFF``) reads its pars. Below the table, each board as a hand record prints it: the diagram, the makeable
contracts and the par (the pages' own :func:`~xlbridge.files.website.handrecord_pages.diagram_context`).
"""

from __future__ import annotations

from ...engine.errors import BridgeInputError
from ...engine.model import Strain
from ...engine.pipeline import SessionResult
from ...excel.hands import HANDS_PAR_COLUMN, pardiff_cells
from ..interchange.handrecords import CSV_COLUMNS, Analysis, SessionHands
from .common import Sheet, TemplateBook
from .hands_layout import LAYOUT, SOURCE_END, SOURCE_LEAD, SOURCES, VERSUS_PAR
from .layout import HANDS_BLOCK, HANDS_SHEET, Block, area_ref

__all__ = ["hands_area", "write_hands"]

#: Rows each board's diagram takes below the table (its title, 12 rows of hands, a blank row).
DIAGRAM_ROWS = 14


def _analysis_text(analysis: Analysis, extra: set[int]) -> str:
    text = SOURCES[analysis.source]
    if analysis.disagreements:
        text += "; the file's own tags disagree: " + "; ".join(analysis.disagreements)
    return text + ("; not a board of this session" if analysis.record.board in extra else "")


def _table(book: TemplateBook, sheet: Sheet, hands: SessionHands, rows: int) -> None:
    ws, cells, block = sheet.ws, sheet.cells, LAYOUT
    sheet.headers(block.header_row, block.columns)
    for col, heading in enumerate(block.columns):
        ws.set_column(col, col, 72 if heading == "Deal" else 40 if heading == "Analysis" else
                      18 if col < 3 else 16 if col < 5 else 5)  # fmt: skip  # A-C: the diagrams' hands too
    extra = set(hands.not_in_session)
    by_board: dict[int, Analysis | None] = {a.record.board: a for a in hands.analyses}
    by_board |= dict.fromkeys(hands.without_deal)
    for offset, board in enumerate(sorted(by_board)):
        row, analysis = block.first_row + offset, by_board[board]
        cells.write_number(row, 0, board, book.shown_whole)
        if analysis is None:
            cells.write_string(row, block.col("Analysis"), f"no deal for this board in {hands.source}", book.shown_text)
            continue
        record = analysis.record
        cells.write_string(row, 1, record.dealer.value, book.shown)
        cells.write_string(row, 2, record.vulnerability.value, book.shown)
        if analysis.par is not None:
            cells.write_number(row, HANDS_PAR_COLUMN, analysis.par.score, book.shown_whole)
            cells.write_string(row, HANDS_PAR_COLUMN + 1, analysis.par.contracts, book.shown_text)
        if analysis.tricks is not None:
            figures = [analysis.tricks[column[0]][Strain(column[2:])] for column in CSV_COLUMNS[5:]]
            cells.write_row(row, 5, figures, book.shown_whole)
        cells.write_string(row, block.col("Deal"), record.deal.pbn(), book.shown_text)
        cells.write_string(row, block.col("Analysis"), _analysis_text(analysis, extra), book.shown_text)
    book.define_name(HANDS_BLOCK, f"={hands_area(rows)}")


def hands_area(rows: int) -> str:
    """The table of boards as ``HandsBlock`` refers to it, ``rows`` rows from its first."""
    block = LAYOUT
    return area_ref(block.first_row, 0, block.first_row + rows - 1, len(block.columns) - 1, block.sheet)


def _diagram(book: TemplateBook, sheet: Sheet, top: int, analysis: Analysis) -> None:
    """One board as a hand record prints it, from 0-based row ``top``: its facts, the four hands (North above,
    West and East beside, South below), the makeable contracts and the par beside them."""
    from ..website.handrecord_pages import diagram_context

    cells, board = sheet.cells, diagram_context(analysis)
    cells.write_string(top, 0, f"Board {board['number']}   Dealer {board['dealer']}   {board['vulnerable']}",
                    book.label)  # fmt: skip
    places = {"north": (top + 1, 1), "west": (top + 5, 0), "east": (top + 5, 2), "south": (top + 9, 1)}
    for hand in board["hands"]:
        row, col = places[hand["place"]]
        for offset, suit in enumerate(hand["suits"]):
            cells.write_string(row + offset, col, f"{suit['symbol']} {suit['cards']}")
    cells.write_string(top + 6, 1, f"N {board['hcp']['N']}  S {board['hcp']['S']}", book.subtitle)
    cells.write_string(top + 7, 1, f"E {board['hcp']['E']}  W {board['hcp']['W']}", book.subtitle)
    if board["makeable"]:
        cells.write_string(top + 1, 4, "Makeable", book.header)
        for offset, strain in enumerate(board["strains"]):
            cells.write_string(top + 1, 5 + offset, strain["symbol"], book.header)
        for row, line in enumerate(board["makeable"], start=top + 2):
            cells.write_string(row, 4, line["seat"], book.label)
            for offset, cell in enumerate(line["levels"]):
                level = cell["level"]
                if isinstance(level, int):
                    cells.write_number(row, 5 + offset, level, book.shown)
                else:
                    cells.write_string(row, 5 + offset, level, book.shown)
    par = board["par"]
    shown = f"Par {par['score']}: {par['contracts']}" if par and par["contracts"] else f"Par {par['score']}" if par \
        else "No par: " + SOURCES[""].removeprefix("none: ")  # fmt: skip
    cells.write_string(top + 7, 4, shown, book.label)


def write_hands(
    book: TemplateBook, results: Block, rows: int, arguments: str, hands: SessionHands, session: SessionResult | None
) -> None:
    """The Hands sheet, and beside the Results sheet's figures (``results``: its block, ``rows`` rows) the column
    of each result against par: PARDIFF of the session (``arguments``, as every session function takes them) and
    ``HandsBlock``, with its values where the ``session`` is given."""
    sheet = book.sheet(HANDS_SHEET)
    ws, cells = sheet.ws, sheet.cells
    cells.write_string(0, 0, "Hands", book.title)
    cells.write_string(1, 0, f"{SOURCE_LEAD}{hands.source}{SOURCE_END}", book.subtitle)
    boards = len({a.record.board for a in hands.analyses} | set(hands.without_deal))
    _table(book, sheet, hands, max(boards, 1))
    top = LAYOUT.first_row + boards + 2
    drawn = sorted(hands.analyses, key=lambda a: a.record.board)
    for index, analysis in enumerate(drawn):
        _diagram(book, sheet, top + index * DIAGRAM_ROWS, analysis)
    ws.freeze_panes(LAYOUT.first_row, 1)
    # Printed: the diagrams, four boards a page (the table above them is the workbook's, read on screen).
    ws.print_area(top, 0, top + max(len(drawn), 1) * DIAGRAM_ROWS - 1, 9)
    ws.set_h_pagebreaks([top + index * DIAGRAM_ROWS for index in range(4, len(drawn), 4)])
    ws.fit_to_pages(1, 0)
    sheet.protect()
    results_sheet, col = book.sheets[results.sheet], len(results.columns)
    results_sheet.cells.write_string(results.header_row, col, VERSUS_PAR, book.header)
    results_sheet.ws.set_column(col, col, 9, book.computed)
    formula = f"={book.fn('PARDIFF')}({arguments},{HANDS_BLOCK})"
    pars: dict[int, int | BridgeInputError] = {a.record.board: a.par.score for a in hands.analyses if a.par is not None}
    values = None if session is None else pardiff_cells(session, pars)
    results_sheet.dynamic(results.first_row, col, rows, formula, None, values=values)
