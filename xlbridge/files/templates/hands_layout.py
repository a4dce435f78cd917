"""Where the Hands sheet of a pairs-session workbook keeps the session's deals, and their reader: the table of the
boards (``HandsBlock``: the columns of ``xlbridge hands --csv``, then the deal and where its analysis came from), as
:mod:`.hands_sheet` writes it and :meth:`~xlbridge.files.workbook.session_book.SessionBook.hands` reads it back.
Apart from the sheet's writer so that a command reading a workbook needs no workbook writer."""

from __future__ import annotations

from ...engine.deals import TrickTable, parse_deal
from ...engine.errors import BridgeInputError
from ...engine.model import Seat, Vulnerability
from ...engine.values import as_whole_number
from ...excel.hands import HANDS_PAR_COLUMN, read_par
from ..interchange.handrecords import CSV_COLUMNS, FROM_FILE, FROM_SOLVER, Analysis, HandRecord, parse_par
from .layout import HANDS_SHEET, Block

__all__ = ["HEADINGS", "LAYOUT", "SOURCES", "SOURCE_END", "SOURCE_LEAD", "VERSUS_PAR", "read_hands", "source_of"]

#: The heading of the Results sheet's column of each result against par.
VERSUS_PAR = "NS vs par"
#: The table's headings: those of ``xlbridge hands --csv`` as a sheet shows them, then the deal and its analysis.
HEADINGS = ("Board", "Dealer", "Vulnerable", "Par (NS)", "Par contracts",
            *(column.replace("_", " ") for column in CSV_COLUMNS[5:]), "Deal", "Analysis")  # fmt: skip
LAYOUT = Block(HANDS_SHEET, HEADINGS, 3, 4)
assert HEADINGS[HANDS_PAR_COLUMN] == "Par (NS)"
#: What the Analysis column says of where a board's table and par came from.
SOURCES = {FROM_SOLVER: "double-dummy solver (DDS)", FROM_FILE: "the hand record's own tags",
           "": "none: no solver here (xlbridge's hands extra) and no tags in the hand record"}  # fmt: skip
#: What the sheet's second row says, around the hand record's name (read back by :func:`source_of`).
SOURCE_LEAD = "The deals of "
SOURCE_END = (": each board's double-dummy table (the tricks each declarer takes in each strain) and par, "
              "North-South's side; below, each board's diagram.")  # fmt: skip


def read_hands(rows: list[list[object]], first_row: int = 1) -> dict[int, Analysis]:
    """The boards of the Hands table as its cells hold them (its rows from the first under the headings, which is
    the sheet's row ``first_row``, each of the table's columns), by board: the deal, dealer and vulnerability, the
    table and par where it has them. A row without a deal (a board the hand record lacks) is none; a row that is
    not what the sheet writes (a cell changed by hand: a board number, a par or a trick count that is not one, a
    board on two rows) is refused, naming its row and board."""
    block, out, seen = LAYOUT, {}, dict[int, int]()
    for sheet_row, row in enumerate(rows, start=first_row):
        cells = [*row, *[None] * (len(block.columns) - len(row))]
        board, deal = cells[0], cells[block.col("Deal")]
        if not isinstance(deal, str) or not deal.strip():
            continue
        where = f"{HANDS_SHEET} sheet, row {sheet_row}"
        try:
            board = as_whole_number(board, "board")
            if board in seen:
                raise BridgeInputError(f"board {board} is on row {seen[board]} too")
            dealer, vulnerability = Seat(str(cells[1])), Vulnerability(str(cells[2]))
            par_cell = cells[HANDS_PAR_COLUMN]
            par_ns = None if par_cell is None or par_cell == "" else read_par(par_cell, "par")
            contracts = cells[HANDS_PAR_COLUMN + 1]
            par = None if par_ns is None else parse_par(f"NS {par_ns}", contracts if isinstance(contracts, str) else "")
            figures = [
                None if value is None or value == "" else as_whole_number(value, "tricks")
                for value in cells[5 : len(CSV_COLUMNS)]
            ]
            if any(figure is None for figure in figures) and any(figure is not None for figure in figures):
                raise BridgeInputError("its double-dummy table has blank cells among its figures")
            tricks = None if None in figures else TrickTable.of(_by_seat(figures))
            record = HandRecord(board, dealer, vulnerability, parse_deal(deal))
        except (BridgeInputError, ValueError) as error:
            reason = error.message if isinstance(error, BridgeInputError) else str(error)
            shown = f", board {board}" if isinstance(board, int) else ""
            raise BridgeInputError(f"{where}{shown}: {reason}") from None
        seen[board] = sheet_row
        written = str(cells[block.col("Analysis")] or "")
        source = next((key for key, text in SOURCES.items() if key and written.startswith(text)), "")
        out[board] = Analysis(record, tricks, par, source)
    return out


def _by_seat(figures: list[int | None]) -> dict[str, dict[str, int]]:
    """The 20 tricks in the table's order (N, E, S, W; each NT, S, H, D, C) by seat and strain."""
    out: dict[str, dict[str, int]] = {}
    for column, figure in zip(CSV_COLUMNS[5:], figures, strict=True):
        seat, strain = column.split("_")
        assert figure is not None
        out.setdefault(seat, {})[strain] = figure
    return out


def source_of(text: object) -> str:
    """The hand record's name as the sheet's second row gives it (``the hand record`` when it does not)."""
    if isinstance(text, str) and text.startswith(SOURCE_LEAD) and text.endswith(SOURCE_END):
        return text[len(SOURCE_LEAD) : -len(SOURCE_END)]
    return "the hand record"
