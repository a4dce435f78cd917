"""``rubber.xlsx`` and ``chicago.xlsx``: We/They scoresheets for rubber bridge and Chicago.

North-South are "We". The scoresheet functions spill one row per deal; lines drawn under a game and a double line
under a finished rubber are drawn by conditional formatting from the Notes column.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

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


def _scoresheet(book: TemplateBook, sheet: Sheet, headers: list[str], rows: int, deals: Deals) -> None:
    """The deal columns, validation, row numbers and the lines drawn under games and rubbers (the scoresheet
    function spills the rest, the running totals included)."""
    ws = sheet.ws
    sheet.headers(FIRST - 1, headers)
    ws.set_column(0, 0, 6)
    for col, width in ((DECLARER, 8), (CONTRACT, 9), (RESULT, 8)):  # yellow where deals are typed only
        sheet.entry_column(col, width, True, FIRST, rows)
    ws.set_column(5, 10, 9)
    ws.set_column(11, 11, 26)  # a longer note reads on into the totals' empty rows on screen; printed 80% or more
    ws.set_column(12, 13, 9)
    sheet.validate_deal(FIRST, rows, CONTRACT, DECLARER, RESULT)
    for offset in range(rows):
        ws.write_number(FIRST + offset, 0, offset + 1)
        if offset < len(deals):
            for index, value in zip((DECLARER, CONTRACT, RESULT, HONOURS), deals[offset], strict=False):
                if value:
                    ws.write_string(FIRST + offset, index, value, book.entry_text)
    thin, double, problem = (
        book.book.add_format(spec) for spec in ({"bottom": 1}, {"bottom": 6}, {"bg_color": "#FFC7CE"})
    )
    notes = f"$L{FIRST + 1}"
    for criteria, fmt in (
        (f'=LEFT({notes},5)="deal "', problem),
        (f'=ISNUMBER(SEARCH("rubber to",{notes}))', double),
        (f'=ISNUMBER(SEARCH("end of the chicago",{notes}))', double),
        (f'=ISNUMBER(SEARCH("line",{notes}))', thin),
        (f'=ISNUMBER(SEARCH("game to",{notes}))', thin),
    ):
        ws.conditional_format(FIRST, 0, FIRST + rows - 1, 13, {"type": "formula", "criteria": criteria, "format": fmt})
    ws.freeze_panes(FIRST, 1)
    ws.set_landscape()
    ws.fit_to_pages(1, 0)
    ws.repeat_rows(FIRST - 1)


def build_rubber(path: Path, flavour: Flavour, rows: int = 60, deals: Deals = (), rules: str = "") -> None:
    """Write the rubber scoresheet for ``rows`` deals, filled with ``deals`` (declarer, contract, result, honours)."""
    rows = max(rows, len(deals))
    book = TemplateBook(path, flavour, "Rubber bridge")
    fn = book.fn
    sheet = book.sheet("Rubber")
    ws = sheet.ws
    ws.write("A1", "Rubber bridge", book.title)
    ws.write("A2", "We are North-South. One row per deal, in order; several rubbers follow each other.", book.subtitle)
    ws.write("A4", "Era", book.label)
    ws.write_string(3, 1, rules, book.entry) if rules else ws.write_blank(3, 1, None, book.entry)
    sheet.validate_list(3, 1, 1, book.list_range("Eras", ERAS.names()), True,
                        f"Blank: the current Laws ({ERAS.default.name})")  # fmt: skip
    sheet.entry_column(HONOURS, 13, True, FIRST, rows)  # before the deals are written into it
    _scoresheet(book, sheet, RUBBER_COLUMNS, rows, deals)
    deal_columns = ",".join(range_ref(index, FIRST, rows) for index in (DECLARER, CONTRACT, RESULT, HONOURS))
    ws.write("D3", "We (NS)", book.header)
    ws.write("E3", "They (EW)", book.header)
    ws.write("C4", "Total", book.label)
    sheet.dynamic(3, 3, 1, f"={fn('RUBBERTOTAL')}({deal_columns},$B$4)", book.computed, cols=2)
    sheet.dynamic(FIRST, 5, rows, f"={fn('RUBBERSHEET')}({deal_columns},$B$4)", book.computed, cols=9)
    sheet.protect()
    book.close()


def build_chicago(
    path: Path, flavour: Flavour, rows: int = 40, deals: Deals = (), first_dealer: str = "N", wheel: str = ""
) -> None:
    """Write the Chicago scoresheet for ``rows`` deals, filled with ``deals`` (declarer, contract, result); ``wheel``
    says who is vulnerable on deals 2 and 3 (a name of :data:`~xlbridge.rules.CHICAGO_WHEELS`; blank: the default)."""
    rows = max(rows, len(deals))
    book = TemplateBook(path, flavour, "Chicago")
    fn = book.fn
    sheet = book.sheet("Chicago")
    ws = sheet.ws
    ws.write("A1", "Chicago", book.title)
    ws.write("A2", "We are North-South. Four deals make a chicago; a passed-out deal is redealt.", book.subtitle)
    ws.write("A4", "First dealer", book.label)
    ws.write_string(3, 1, first_dealer, book.entry)
    seats = book.list_range("Seats", ["N", "E", "S", "W"])
    sheet.validate_list(3, 1, 1, seats, True, "Who deals the first deal: N, E, S or W")
    ws.write("A5", "Deals 2 and 3", book.label)
    ws.write_string(4, 1, wheel or CHICAGO_WHEELS.default.name, book.entry)
    sheet.validate_list(4, 1, 1, book.list_range("Wheels", CHICAGO_WHEELS.names()), True,
                        "Who is vulnerable on deals 2 and 3. " + "; ".join(
                            f"{entry.name}: {entry.description.split(';')[0].removeprefix('deals 2 and 3: ')}"
                            for entry in CHICAGO_WHEELS))  # fmt: skip
    # The four-deal wheel: dealer and vulnerability of deals 1-4.
    ws.write_row(1, 7, ["Deal", "Dealer", "Vulnerable"], book.header)
    for deal in range(1, 5):
        ws.write_number(1 + deal, 7, deal, book.label)
    sheet.dynamic(2, 8, 4, f"={fn('CHICAGOWHEEL')}($B$4,$B$5)", book.computed, cols=2)
    _scoresheet(book, sheet, CHICAGO_COLUMNS, rows, [(*deal[:3], "") for deal in deals])
    ws.set_column(0, 0, 13)  # its settings' labels (First dealer, Deals 2 and 3) whole beside their cells
    deal_columns = ",".join(range_ref(index, FIRST, rows) for index in (DECLARER, CONTRACT, RESULT))
    ws.write("D3", "We (NS)", book.header)
    ws.write("E3", "They (EW)", book.header)
    ws.set_row(2, 30)  # the headings over the totals, on two lines where they wrap
    ws.write("C4", "Total", book.label)
    sheet.dynamic(3, 3, 1, f"={fn('CHICAGOTOTAL')}({deal_columns},$B$4,$B$5)", book.computed, cols=2)
    sheet.dynamic(FIRST, 4, rows, f"={fn('CHICAGOSHEET')}({deal_columns},$B$4,$B$5)", book.computed, cols=10)
    sheet.protect()
    book.close()
