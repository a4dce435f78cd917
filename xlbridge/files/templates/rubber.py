"""``rubber.xlsx`` and ``chicago.xlsx``: We/They scoresheets for rubber bridge and Chicago.

North-South are "We". The scoresheet functions spill one row per deal; lines drawn under a game and a double line
under a finished rubber are drawn by conditional formatting from the Notes column.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from xlsxwriter.utility import xl_col_to_name

from ...rules import CHICAGO_WHEELS, ERAS
from .common import Flavour, Sheet, TemplateBook
from .layout import range_ref

__all__ = ["CHICAGO_COLUMNS", "RUBBER_COLUMNS", "build_chicago", "build_rubber"]

RUBBER_COLUMNS = [
    "Deal",
    "Declarer",
    "Contract",
    "Result",
    "Honours (NS +)",
    "We above",
    "We below",
    "They above",
    "They below",
    "Games",
    "Vulnerable",
    "Notes",
    "We total",
    "They total",
]
CHICAGO_COLUMNS = [
    "Deal",
    "Declarer",
    "Contract",
    "Result",
    "Honours (NS +)",
    "Deal in set",
    "Dealer",
    "Vulnerable",
    "We",
    "They",
    "We partscore",
    "They partscore",
    "Notes",
    "We total",
    "They total",
]
FIRST = 7  # 0-based row of the first deal (Excel row 8)
DECLARER, CONTRACT, RESULT, HONOURS = 1, 2, 3, 4

Deals = Sequence[tuple[str, str, str, str]]


#: Both scoresheets print on one landscape page at 80% or more, A4 or Letter: 32 deals (eight chicagos; several
#: rubbers), the notes column as wide as its longest note needs.
ROWS = 32
NOTES_WIDTH = 36


def _scoresheet(book: TemplateBook, sheet: Sheet, headers: list[str], rows: int, deals: Deals) -> None:
    """The deal columns, validation, row numbers and the lines drawn under games and rubbers (the scoresheet
    function spills the rest, the running totals included)."""
    ws, cells = sheet.ws, sheet.cells
    notes_col = headers.index("Notes")
    sheet.headers(FIRST - 1, headers)
    ws.set_column(0, 0, 13 if "Dealer" in headers else 5)  # Chicago's labels (First dealer, Deals 2 and 3) above
    for index, width in ((DECLARER, 8), (CONTRACT, 8), (RESULT, 7), (HONOURS, 9)):  # yellow where the deals are only
        sheet.entry_column(index, width, text=True, first_row=FIRST, rows=rows)
    ws.set_column(HONOURS + 1, notes_col - 1, 8)
    if "Vulnerable" in headers:  # and the four-deal wheel's heading above it
        ws.set_column(headers.index("Vulnerable"), headers.index("Vulnerable"), 11)
    ws.set_column(notes_col, notes_col, NOTES_WIDTH)
    ws.set_column(notes_col + 1, notes_col + 2, 8)
    sheet.validate_deal(FIRST, rows, CONTRACT, DECLARER, RESULT)
    for offset in range(rows):
        cells.write_number(FIRST + offset, 0, offset + 1, book.shown)
        if offset < len(deals):
            for index, value in zip((DECLARER, CONTRACT, RESULT, HONOURS), deals[offset], strict=False):
                if value:
                    cells.write_string(FIRST + offset, index, value, book.entry_text)
    thin, double, problem = (
        book.book.add_format(spec) for spec in ({"bottom": 1}, {"bottom": 6}, {"bg_color": "#FFC7CE"})
    )
    notes = f"${xl_col_to_name(notes_col)}{FIRST + 1}"
    last = notes_col + 2
    for criteria, fmt in (
        (f'=LEFT({notes},5)="deal "', problem),
        (f'=ISNUMBER(SEARCH("rubber to",{notes}))', double),
        (f'=ISNUMBER(SEARCH("end of the chicago",{notes}))', double),
        (f'=ISNUMBER(SEARCH("line",{notes}))', thin),
        (f'=ISNUMBER(SEARCH("game to",{notes}))', thin),
    ):
        ws.conditional_format(
            FIRST, 0, FIRST + rows - 1, last, {"type": "formula", "criteria": criteria, "format": fmt}
        )
    ws.freeze_panes(FIRST, 1)
    ws.set_landscape()
    ws.set_margins(left=0.4, right=0.4, top=0.5, bottom=0.5)
    ws.print_area(0, 0, FIRST + rows - 1, last)
    ws.fit_to_pages(1, 1)
    ws.repeat_rows(FIRST - 1)


def _spill(book: TemplateBook, sheet: Sheet, rows: int, headers: list[str], first: int, formula: str,
           centred: tuple[str, ...]) -> None:  # fmt: skip
    """The scoresheet function's spill from column ``first``, its text columns set apart from the figures beside
    them: ``centred`` columns centred, the notes a space in (so that no figure runs into the text next to it)."""
    centre = book.book.add_format({"bg_color": "#F2F2F2", "align": "center"})
    indented = book.book.add_format({"bg_color": "#F2F2F2", "indent": 1})
    looks = {index: centre if heading in centred else indented if heading == "Notes" else book.computed
             for index, heading in enumerate(headers) if index >= first}  # fmt: skip
    sheet.dynamic(FIRST, first, rows, formula, looks[first], cols=len(looks))
    for index, look in looks.items():
        for row in range(FIRST, FIRST + rows):
            if (row, index) != (FIRST, first):  # the formula's own cell has its look already
                sheet.cells.write_blank(row, index, None, look)


def _scoresheet_book(path: Path, flavour: Flavour, title: str, name: str, setting: str, subtitle: str
                     ) -> tuple[TemplateBook, Sheet]:  # fmt: skip
    """A scoresheet's workbook and its one sheet, headed, with the label of its first setting in A4."""
    book = TemplateBook(path, flavour, title)
    sheet = book.sheet(name)
    sheet.heading(subtitle)
    sheet.cells.write(3, 0, setting, book.label)
    return book, sheet


def build_rubber(path: Path, flavour: Flavour, rows: int = ROWS, deals: Deals = (), rules: str = "") -> None:
    """Write the rubber scoresheet for ``rows`` deals, filled with ``deals`` (declarer, contract, result, honours)."""
    rows = max(rows, len(deals))
    subtitle = "We are North-South. One row per deal, in order; several rubbers follow each other."
    book, sheet = _scoresheet_book(path, flavour, "Rubber bridge", "Rubber", "Era", subtitle)
    fn = book.fn
    cells = sheet.cells
    cells.write_string(3, 1, rules, book.entry) if rules else cells.write_blank(3, 1, None, book.entry)
    sheet.validate_list(3, 1, 1, book.list_range("Eras", ERAS.names()), True,
                        f"Blank: the current Laws ({ERAS.default.name})")  # fmt: skip
    _scoresheet(book, sheet, RUBBER_COLUMNS, rows, deals)
    deal_columns = ",".join(range_ref(index, FIRST, rows) for index in (DECLARER, CONTRACT, RESULT, HONOURS))
    cells.write(2, 3, "We (NS)", book.header)
    cells.write(2, 4, "They (EW)", book.header)
    cells.write(3, 2, "Total", book.label)
    sheet.dynamic(3, 3, 1, f"={fn('RUBBERTOTAL')}({deal_columns},$B$4)", book.computed, cols=2)
    _spill(book, sheet, rows, RUBBER_COLUMNS, 5, f"={fn('RUBBERSHEET')}({deal_columns},$B$4)", ("Games", "Vulnerable"))
    sheet.protect()
    book.close()


def build_chicago(
    path: Path, flavour: Flavour, rows: int = ROWS, deals: Deals = (), first_dealer: str = "N", wheel: str = ""
) -> None:
    """Write the Chicago scoresheet for ``rows`` deals, filled with ``deals`` (declarer, contract, result, and
    honours where the club scores them); ``wheel`` says who is vulnerable on deals 2 and 3 (a name of
    :data:`~xlbridge.rules.CHICAGO_WHEELS`; blank: the default)."""
    rows = max(rows, len(deals))
    subtitle = "We are North-South. Four deals make a chicago; a passed-out deal is redealt."
    book, sheet = _scoresheet_book(path, flavour, "Chicago", "Chicago", "First dealer", subtitle)
    fn = book.fn
    ws, cells = sheet.ws, sheet.cells
    cells.write_string(3, 1, first_dealer, book.entry)
    seats = book.list_range("Seats", ["N", "E", "S", "W"])
    sheet.validate_list(3, 1, 1, seats, True, "Who deals the first deal: N, E, S or W")
    cells.write(4, 0, "Deals 2 and 3", book.label)
    cells.write_string(4, 1, wheel or CHICAGO_WHEELS.default.name, book.entry)
    sheet.validate_list(4, 1, 1, book.list_range("Wheels", CHICAGO_WHEELS.names()), True,
                        "Who is vulnerable on deals 2 and 3. " + "; ".join(
                            f"{entry.name}: {entry.description.split(';')[0].removeprefix('deals 2 and 3: ')}"
                            for entry in CHICAGO_WHEELS))  # fmt: skip
    # The four-deal wheel: dealer and vulnerability of deals 1-4.
    wheel_col = CHICAGO_COLUMNS.index("We partscore")  # the four-deal wheel, to the right of the subtitle
    cells.write_row(1, wheel_col, ["Deal", "Dealer", "Vulnerable"], book.header)
    for deal in range(1, 5):
        cells.write_number(1 + deal, wheel_col, deal, book.shown)
    sheet.dynamic(2, wheel_col + 1, 4, f"={fn('CHICAGOWHEEL')}($B$4,$B$5)", book.computed, cols=2)
    _scoresheet(book, sheet, CHICAGO_COLUMNS, rows, deals)
    deal_columns = ",".join(range_ref(index, FIRST, rows) for index in (DECLARER, CONTRACT, RESULT))
    honours = range_ref(HONOURS, FIRST, rows)
    cells.write(2, 3, "We (NS)", book.header)
    cells.write(2, 4, "They (EW)", book.header)
    ws.set_row(2, 30)  # the headings over the totals, on two lines where they wrap
    cells.write(3, 2, "Total", book.label)
    sheet.dynamic(3, 3, 1, f"={fn('CHICAGOTOTAL')}({deal_columns},$B$4,$B$5,{honours})", book.computed, cols=2)
    honours_message = ("Only if your club scores honours at Chicago: North-South's, +100 / -150, or NS100 / EW150 "
                       "(to the side holding them, whoever declares).")  # fmt: skip
    ws.data_validation(FIRST, HONOURS, FIRST + rows - 1, HONOURS, {"validate": "any", "input_message": honours_message})
    sheet_formula = f"={fn('CHICAGOSHEET')}({deal_columns},$B$4,$B$5,{honours})"
    _spill(book, sheet, rows, CHICAGO_COLUMNS, HONOURS + 1, sheet_formula, ("Deal in set", "Dealer", "Vulnerable"))
    sheet.protect()
    book.close()
