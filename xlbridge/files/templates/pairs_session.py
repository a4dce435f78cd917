"""``pairs-session.xlsx``: a whole pairs session, from results to the ranking and printable travellers.

Sheets: Settings (event, scoring method, movement, results per board), Names (pairs and players), Results (one row
per result: scores, matchpoints or IMPs for both sides, percentages, a check), Totals (one row per pair), Ranking
(the pairs in place order, one field for a Howell, NS and EW fields for a Mitchell, with a chart of the
percentages) and Travellers (one printable page per board). How the figures are worked out is the engine's
session computation (:mod:`xlbridge.engine.standings`); where every cell is, is :data:`LAYOUT`.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from xlsxwriter.format import Format
from xlsxwriter.worksheet import Worksheet

from ...engine.choices import described_methods
from ...engine.movements import Movement
from ...engine.pipeline import SessionResult
from ...engine.session import Line, Session
from ...engine.values import count
from ...excel.cells import Grid, as_grid
from ...excel.masterpoints import AWARD_COLUMN
from ...excel.scorecards import COLUMNS as SCORECARD_COLUMNS
from ...excel.scorecards import scorecard_cells
from ...excel.session import (
    INFO_ROWS,
    RESULT_COLUMNS,
    info_cells,
    ranking_cells,
    ranking_rows,
    results_cells,
    strat_cells,
    strat_settings,
    totals_cells,
    travellers_cells,
)
from ...excel.session_cells import NUMBER_COLUMNS, SessionCells, session_result
from ...rules import DEFAULT_STRATS, FIELD_KINDS, MASTERPOINT_SCALES, SESSION_METHODS, STRAT_RULES
from ...rules.handicaps import HANDICAP_LIMIT
from ..workbook.xlsx import excel_serial
from .common import ENTRY_COLOUR, Flavour, Sheet, TemplateBook
from .layout import (
    BLOCK_NAMES,
    HOLDING_HEADINGS,
    HOLDINGS_BLOCK,
    LAYOUT,
    PARTICULARS_NAMES,
    SCORECARD_HEADER_ROW,
    SCORECARD_PAIR,
    SHEETS,
    STRAT_NAMES,
    Block,
    Sizes,
    area_ref,
    block_areas,
    cell_ref,
    holding_cells,
    session_arguments,
    session_cells,
    sizes,
)

if TYPE_CHECKING:
    from ..interchange.handrecords import SessionHands

__all__ = ["build"]


def build(
    path: Path,
    flavour: Flavour,
    rows: int = Sizes.rows,
    pairs: int = Sizes.pairs,
    boards: int = Sizes.boards,
    tables: int = Sizes.tables,
    session: Session | None = None,
    computed: bool = False,
    hands: SessionHands | None = None,
    result: SessionResult | None = None,
    notes: Mapping[int, str] | None = None,
) -> SessionResult | None:
    """Write the session workbook (``rows`` result rows, ``pairs`` pairs, ``boards`` printable travellers of up to
    ``tables`` results each), filled with ``session`` if given (its movement on the Movement sheet, when it has
    one) and its deals (``hands``: a Hands sheet, each result against par). With ``computed``, every formula is
    written with the values it gives: those of ``result``, the session worked out from the workbook's cells (worked
    out here when not given). ``notes`` are notes on Results rows' Adjusted cells, by the row (0 is the first): why
    an import took an assigned score there. Returns the result written (None when not ``computed``)."""
    size = sizes(session, Sizes(rows, pairs, boards, tables))
    given = session or Session()
    cells = session_cells(given, size)
    if computed and result is None:
        result = session_result(cells)
    book = TemplateBook(path, flavour, "Pairs session", computed)
    sheets = {name: book.sheet(name) for name in SHEETS}
    for key, area in block_areas(size).items():
        book.define_name(BLOCK_NAMES[key], area)
    info = _settings(book, sheets["Settings"], size, given, cells, result)
    _names(book, sheets["Names"], size, cells, given)
    _results(book, sheets["Results"], size, cells, result, notes or {})
    _movement(book, sheets["Movement"], size, cells)
    mp_scale = given.masterpoints.name
    _pair_table(book, sheets["Totals"], LAYOUT.totals, "PAIRTOTALS", size.pairs,
                None if result is None else totals_cells(result, mp_scale))  # fmt: skip
    _totals(sheets["Totals"])
    _ranking(book, sheets["Ranking"], size, session, None if result is None else ranking_cells(
             result, ranking_rows(size.pairs), mp_scale), info)  # fmt: skip
    _strats(book, sheets["Strats"], size, given, result, info)
    last = max(given.boards, default=0)
    _travellers(book, sheets["Travellers"], size, last, None if result is None else travellers_cells(
        result, size.boards, size.tables))  # fmt: skip
    _scorecard(book, sheets["Scorecard"], size, session, result)
    if hands is not None:  # the deals, and each result against par
        from . import hands_sheet  # a session without its deals does without the hand records' modules

        hands_sheet.write_hands(book, LAYOUT.results, size.rows, session_arguments(), hands, result)
    # A blank template, or an evening still to be typed, opens where it is filled in; with results, on its ranking.
    played = any(isinstance(line, Line) for line in given.lines)
    book.book.worksheets()[SHEETS.index("Ranking" if played else "Settings")].activate()
    book.close()
    return result


def _settings(
    book: TemplateBook, sheet: Sheet, size: Sizes, given: Session, typed: SessionCells, result: SessionResult | None
) -> Grid | None:
    """The Settings sheet; returns what SESSIONINFO gives (None without the values)."""
    ws, cells = sheet.ws, sheet.cells
    sheet.heading("Fill in the yellow cells here, the pairs on Names and the results on Results.", (24, 30, 70))
    label, entry, entry_date, computed, computed_date, wrapped = settings_formats(book)
    values: dict[str, object] = {
        "EventName": given.event,
        "EventDate": given.date,
        "Method": typed.method,
        "Fields": given.field_kind.name,
        "PerBoard": given.per_board or "",
        "MPScale": given.masterpoints.name,
        STRAT_NAMES["strats"]: strats_setting(given),
        STRAT_NAMES["strat_by"]: STRAT_RULES.entries[0].name,  # a name of the list xlwings Lite offers, never blank
        **{name: getattr(given.particulars, field) for field, name in PARTICULARS_NAMES.items()},
    }
    for entry_cell in LAYOUT.settings:
        cells.write_string(entry_cell.row, 0, entry_cell.label, label)
        value = values[entry_cell.name]
        style = entry_date if entry_cell.name == "EventDate" else entry
        if isinstance(value, dt.date):
            cells.write_datetime(entry_cell.row, entry_cell.col, dt.datetime.combine(value, dt.time()), style)
        elif value:
            cells.write(entry_cell.row, entry_cell.col, value, style)
        else:
            cells.write_blank(entry_cell.row, entry_cell.col, None, style)
        cells.write_string(entry_cell.row, 2, entry_cell.note, book.note)
        book.define_name(entry_cell.name, entry_cell.ref)
    method, field = LAYOUT.setting("Method"), LAYOUT.setting("Fields")
    methods = book.list_range("Methods", SESSION_METHODS.names())
    # not strict: a method may be followed by its conventions' words (Cross-IMP TOTAL), which the list leaves out
    sheet.validate_list(method.row, method.col, 1, methods, False, described_methods())
    fields = book.list_range("Fields", FIELD_KINDS.names())
    sheet.validate_list(field.row, field.col, 1, fields, True, "One field (a Howell) or Two fields (a Mitchell)")
    mp_scale, scales = LAYOUT.setting("MPScale"), MASTERPOINT_SCALES.names()
    sheet.validate_list(mp_scale.row, mp_scale.col, 1, book.list_range("Masterpoints", scales), True, ", ".join(scales))
    strat_by, rules = LAYOUT.setting(STRAT_NAMES["strat_by"]), STRAT_RULES.names()
    sheet.validate_list(strat_by.row, strat_by.col, 1, book.list_range("StratRules", rules), True, ", ".join(rules))
    per_board = LAYOUT.setting("PerBoard")
    ws.data_validation(
        per_board.row, per_board.col, per_board.row, per_board.col,
        {"validate": "integer", "criteria": ">=", "value": 1, "ignore_blank": True},
    )  # fmt: skip
    first = LAYOUT.computed[0]
    for computed_cell in LAYOUT.computed:
        cells.write_string(computed_cell.row, 0, computed_cell.label, label)
        if computed_cell.note:
            cells.write_string(computed_cell.row, 2, computed_cell.note, book.note)
        book.define_name(computed_cell.name, computed_cell.ref)
    shown = {"EventDay": computed_date, "RankingNote": wrapped}
    date = values["EventDate"]
    serial = excel_serial(date) if isinstance(date, dt.date) else None
    info = None if result is None else info_cells(result, given.event or None, serial, values["MPScale"])
    sheet.dynamic(
        first.row,
        first.col,
        len(INFO_ROWS),
        f"={book.fn('SESSIONINFO')}(EventName,EventDate,{session_arguments()},MPScale)",
        None,
        formats=[shown.get(cell.name, computed) for cell in LAYOUT.computed],
        values=info,
    )
    for cell in (*LAYOUT.settings, *LAYOUT.computed):  # a note that wraps gets the height of its lines
        lines = max(-(-len(cell.note) // NOTE_LINE), 3 if cell.name == "RankingNote" else 1)
        if lines > 1:
            ws.set_row(cell.row, 15 * lines)
    if given.plan is not None:
        write_movement_facts(sheet, LAYOUT.computed[-1].row + 2, label, book.note, given.plan, NOTE_LINE + 30)
    ws.set_landscape()
    ws.fit_to_pages(1, 0)
    sheet.protect()
    return info


#: About how many characters of a note fit on a line of the Settings sheet's notes column.
NOTE_LINE = 72


def _names(book: TemplateBook, sheet: Sheet, size: Sizes, given: SessionCells, session: Session) -> None:
    ws, cells = sheet.ws, sheet.cells
    names = LAYOUT.names
    sheet.headers(names.header_row, names.columns)
    widths = {"Pair": 8, "Section": 8, "Direction": 10, "Player 1": 26, "Player 2": 26, "Handicap": 10,
              **dict.fromkeys(NUMBER_COLUMNS, 16)}  # fmt: skip
    as_text = {"Section", "Direction", "Player 1", "Player 2", *NUMBER_COLUMNS}  # a number's leading zeros kept
    sheet.entry_columns(names, widths, as_text, size.pairs)  # yellow where the block is only
    sheet.validate_list(names.first_row, names.col("Direction"), size.pairs, '"NS,EW"', True,
                        "Mitchell: NS or EW. Howell: leave blank.")  # fmt: skip
    handicap = names.col("Handicap")
    ws.data_validation(names.first_row, handicap, names.first_row + size.pairs - 1, handicap, {
        "validate": "decimal", "criteria": "between", "minimum": -HANDICAP_LIMIT, "maximum": HANDICAP_LIMIT,
        "input_message": f"Optional: the pair's handicap in percentage points (-5, +2.5), added to its percentage on "
                         f"Totals (matchpoint scoring). Blank for none; at most {HANDICAP_LIMIT} either way.",
        "error_message": f"A handicap is a number of percentage points, at most {HANDICAP_LIMIT} either way.",
    })  # fmt: skip
    for column in NUMBER_COLUMNS:
        at = names.col(column)
        ws.data_validation(names.first_row, at, names.first_row + size.pairs - 1, at, {
            "validate": "any", "input_message": "Optional: the player's membership number as the federation gives "
            "it (ABF 7 digits), for the masterpoint files. Typed alone, the member register names the player.",
        })  # fmt: skip
    section = names.col("Section")
    ws.data_validation(names.first_row, section, names.first_row + size.pairs - 1, section, {
        "validate": "any", "input_message": "The pair's section (A, B...) on a night of two sections or more; "
                                            "blank for a session of one section."})  # fmt: skip
    formats = [book.entry, book.entry_text, book.entry_text, book.entry_text, book.entry_text, book.entry,
               *[book.entry_text] * len(NUMBER_COLUMNS)]  # fmt: skip
    cells.write_rows(names.first_row, names.col("Pair"), as_grid(given.names), formats)
    _holdings(book, sheet, size, session)
    ws.set_landscape()  # the sections, numbers and holdings make it wider than a portrait page
    ws.fit_to_pages(1, 0)
    ws.freeze_panes(1, 0)
    sheet.protect()


def _holdings(book: TemplateBook, sheet: Sheet, size: Sizes, session: Session) -> None:
    """The players' masterpoint holdings (a stratified game), in the columns beside the Names block (right of its
    last, the players' membership numbers)."""
    names, ws = LAYOUT.names, sheet.ws
    first = names.col(names.columns[-1]) + 1
    sheet.headers(names.header_row, HOLDING_HEADINGS, first)
    for col in range(first, first + len(HOLDING_HEADINGS)):
        sheet.entry_column(col, 14, first_row=names.first_row, rows=size.pairs)
    last = first + len(HOLDING_HEADINGS) - 1
    book.define_name(HOLDINGS_BLOCK, area_ref(names.first_row, first, names.first_row + size.pairs - 1, last,
                                              names.sheet))  # fmt: skip
    ws.data_validation(names.first_row, first, names.first_row + size.pairs - 1, last, {
        "validate": "decimal", "criteria": ">=", "value": 0,
        "input_message": "Optional, for a stratified game: the player's masterpoints (xlbridge ranking --strats).",
        "error_message": "A player's masterpoints: a number, 0 or more.",
    })  # fmt: skip
    if any(pair.holdings for pair in session.pairs):
        rows = [holding_cells(pair) for pair in session.pairs]
        sheet.cells.write_rows(names.first_row, first, rows, [book.entry] * len(HOLDING_HEADINGS))


#: The Results columns typed as text (so that =, +1 and -2 stay as typed), with the order of a line's entered text:
#: the typed columns after Board, NS and EW; then the section (A, B: blank in a session of one section).
ENTERED = ("Contract", "By", "Lead", "Result", "Adjusted")
SECTION = "Section"


def _results(book: TemplateBook, sheet: Sheet, size: Sizes, given: SessionCells, result: SessionResult | None,
             notes: Mapping[int, str]) -> None:  # fmt: skip
    ws, cells = sheet.ws, sheet.cells
    results, rows = LAYOUT.results, size.rows
    sheet.headers(results.header_row, results.columns)
    # Printed landscape, one page wide at 80% or more: a Check reason longer than its column reads on into the empty
    # columns beside it on screen.
    widths = {"Board": 6, "NS": 6, "EW": 6, "Contract": 9, "By": 5, "Lead": 6, "Result": 7, "Adjusted": 12,
              SECTION: 8}  # fmt: skip
    # yellow where the block is only: below, nothing can be typed
    sheet.entry_columns(results, widths, (*ENTERED, SECTION), rows)
    first_computed = results.col(RESULT_COLUMNS[0])
    for heading in RESULT_COLUMNS:
        fmt = book.computed_2dp if heading in ("NS %", "EW %") else book.check if heading == "Check" else book.computed
        width = 28 if heading == "Check" else 7 if heading in ("NS %", "EW %") else 8
        ws.set_column(results.col(heading), results.col(heading), width, fmt)
    sheet.dynamic(
        results.first_row, first_computed, rows, f"={book.fn('SESSIONRESULTS')}({session_arguments()})",
        None, cols=len(RESULT_COLUMNS), values=None if result is None else results_cells(result),
    )  # fmt: skip
    check = results.col("Check")
    sheet.highlight_problems(results.first_row, results.col("Board"), rows, check, check)
    sheet.validate_deal(results.first_row, rows, results.col("Contract"), results.col("By"), results.col("Result"))
    sheet.validate_adjusted(results.first_row, rows, results.col("Adjusted"), SESSION_ADJUSTED)
    board = results.col("Board")
    ws.data_validation(results.first_row, board, results.first_row + rows - 1, board,
                       {"validate": "integer", "criteria": ">=", "value": 1})  # fmt: skip
    # A line's cells: Board, NS and EW (None or "": blank), then its entered text (ENTERED), a row at a time.
    section = results.col(SECTION)
    ws.data_validation(results.first_row, section, results.first_row + rows - 1, section, {
        "validate": "any", "input_message": "The section the result was played in (A, B...), on a night of two "
                                            "sections or more; blank for a session of one section."})  # fmt: skip
    cells.write_rows(results.first_row, board, as_grid(given.results),
                     [book.entry] * 3 + [book.entry_text] * (len(ENTERED) + 1))  # fmt: skip
    for row, note in notes.items():
        ws.write_comment(results.first_row + row, results.col("Adjusted"), note, {"x_scale": 2, "y_scale": 1.5})
    ws.freeze_panes(1, 1)
    ws.autofilter(0, 0, results.first_row + rows - 1, check)
    ws.set_landscape()
    ws.fit_to_pages(1, 0)
    ws.repeat_rows(0)
    sheet.protect()


#: Column widths and formats of a table of pairs (Totals and Ranking): whole numbers shown whole, figures to 2dp.
PAIR_WIDTHS = {"Place": 7, "Pair": 6, "Direction": 9, "Players": 36, "Boards": 7, "Total": 9, "%": 8, "Handicap": 9,
               "Handicapped %": 12, "Handicapped place": 12, AWARD_COLUMN: 12}  # fmt: skip


def _pair_table(book: TemplateBook, sheet: Sheet, block: Block, function: str, rows: int, values: Grid | None) -> None:
    ws = sheet.ws
    sheet.headers(block.header_row, block.columns)
    for heading in block.columns:
        two_places = heading in ("Total", "%", "Handicap", "Handicapped %", AWARD_COLUMN)
        fmt = book.shown_2dp if two_places else book.shown_text if heading == "Players" else book.shown_whole
        ws.set_column(block.col(heading), block.col(heading), PAIR_WIDTHS[heading], fmt)
    formula = f"={book.fn(function)}({session_arguments()},MPScale)"  # the scale of the Masterpoints column
    sheet.dynamic(block.first_row, block.first_col, rows, formula, None, cols=len(block.columns), values=values)


def _totals(sheet: Sheet) -> None:
    sheet.ws.freeze_panes(1, 0)
    sheet.ws.set_landscape()
    sheet.ws.fit_to_pages(1, 0)
    sheet.protect()


def _ranking(
    book: TemplateBook, sheet: Sheet, size: Sizes, session: Session | None, values: Grid | None, info: Grid | None
) -> None:
    ws, cells = sheet.ws, sheet.cells
    ranking, pairs = LAYOUT.ranking, size.pairs
    width = len(ranking.columns)
    _pair_table(book, sheet, ranking, "RANKING", ranking_rows(pairs), values)
    for (row, col), name, fmt in (
        (LAYOUT.ranking_title, "Title", book.title),
        (LAYOUT.ranking_date, "EventDay", book.computed_date),
        (LAYOUT.ranking_description, "RankingNote", book.subtitle),
    ):
        cells.merge(ws, row, col, row, col + width - 1, "", fmt)
        shown = None if info is None else info[[cell.name for cell in LAYOUT.computed].index(name)][0]
        sheet.formula(row, col, f"={name}", fmt, shown)
    shown = len(session.pairs) if session is not None and session.pairs else pairs
    if session is not None and len(session.sections) > 1:  # each section's ranking, then the overall ranking
        shown = 2 * shown + 1
    last = ranking.first_row + shown  # printed: the session's pairs (beside the chart), not the empty rows below
    chart_col = width + 1
    ranking_chart(book, ws, ranking, shown, chart_col, session)
    ws.set_landscape()
    ws.fit_to_pages(1, 0)
    ws.print_area(0, 0, max(last - 1, ranking.first_row + 24), chart_col + CHART_COLUMNS - 1)
    ws.repeat_rows(ranking.header_row)
    sheet.protect()


def strats_setting(session: Session) -> str:
    """The Settings cell of the strats as a workbook is written: the default limits when the names gave any player's
    masterpoints (a stratified game), blank otherwise."""
    held = any(holding is not None for pair in session.pairs for holding in pair.holdings)
    return DEFAULT_STRATS.shown.split("/", 1)[1] if held else ""


#: Column widths on the Strats sheet.
STRAT_WIDTHS = {"Place": 7, "Pair": 6, "Direction": 9, "Players": 36, "Masterpoints": 13, "Strat": 7}


def _strats(
    book: TemplateBook, sheet: Sheet, size: Sizes, given: Session, result: SessionResult | None, info: Grid | None
) -> None:
    """The Strats sheet: the ranking by strats (STRATRANKING) of the players' masterpoints beside the Names block,
    by the Settings cells Strats and Strat by (blank cells when no strats are set)."""
    ws, cells = sheet.ws, sheet.cells
    block = LAYOUT.strats
    width = len(block.columns)
    sheet.headers(block.header_row, block.columns)
    for heading in block.columns:
        fmt = book.shown_2dp if heading == "Masterpoints" else book.shown_text if heading == "Players" else None
        ws.set_column(block.col(heading), block.col(heading), STRAT_WIDTHS.get(heading, 6), fmt)
    title = LAYOUT.setting("Title")
    cells.merge(ws, 0, 0, 0, width - 1, "", book.title)
    shown = None if info is None else info[LAYOUT.computed.index(title)][0]
    sheet.formula(0, 0, "=Title", book.title, shown)
    cells.merge(ws, 1, 0, 1, width - 1, "", book.subtitle)
    about = ("By strats: the Settings cells Strats and Strat by, the players' masterpoints beside the Names; each "
             "pair placed in its own strat and every strat above it.")  # fmt: skip
    cells.write_string(1, 0, about, book.subtitle)
    limits, rule = STRAT_NAMES["strats"], STRAT_NAMES["strat_by"]
    formula = f"={book.fn('STRATRANKING')}({session_arguments()},{HOLDINGS_BLOCK},{limits},{rule})"
    values = None
    if result is not None:
        holdings = [list(holding_cells(pair)) for pair in given.pairs]
        values = strat_cells(result, size.pairs, holdings, strat_settings(strats_setting(given), None))
    sheet.dynamic(block.first_row, block.first_col, size.pairs, formula, None, cols=width, values=values)
    ws.freeze_panes(block.first_row, 0)
    ws.set_landscape()
    ws.fit_to_pages(1, 0)
    ws.repeat_rows(block.header_row)
    sheet.protect()


def _travellers(book: TemplateBook, sheet: Sheet, size: Sizes, played: int, values: Grid | None) -> None:
    ws = sheet.ws
    shown, tables = LAYOUT.traveller_columns, size.tables
    width = len(shown)
    for col, heading in enumerate(shown):
        ws.set_column(col, col, 10 if heading in ("NS score", "EW score", "NS points", "EW points") else 8)
    for number in range(1, size.boards + 1):  # the title row: board, dealer, vulnerability, left to right
        ws.set_row(LAYOUT.traveller_top(number, tables), 20)
    block: list[Format | None] = [book.title, book.header, *[book.shown] * tables, None]
    formats = block * size.boards
    sheet.dynamic(
        0, 0, len(formats), f"={book.fn('TRAVELLERS')}({size.boards},{tables},{session_arguments()})",
        None, cols=width, formats=formats, values=values,
    )  # fmt: skip
    ws.set_h_pagebreaks([LAYOUT.traveller_top(number, tables) for number in range(2, size.boards + 1)])
    # Print the boards in play only. Filled from a session (import, demo), the print area ends with its last board;
    # a blank template's grows with the last board that has a result, as Excel evaluates a print area's formula.
    if played:
        ws.print_area(0, 0, LAYOUT.traveller_top(played + 1, tables) - 1, width - 1)
    else:
        book.define_name(
            "Travellers!_xlnm.Print_Area", f"=OFFSET(Travellers!$A$1,0,0,MAX(1,LastBoard)*{len(block)},{width})"
        )
    ws.fit_to_pages(1, 0)
    sheet.protect()


def _scorecard(
    book: TemplateBook, sheet: Sheet, size: Sizes, session: Session | None, result: SessionResult | None
) -> None:
    """A personal scorecard: the pair typed at the top, its card below (a row per board it played, by board)."""
    ws, cells = sheet.ws, sheet.cells
    cells.write(0, 0, "Personal scorecard", book.title)
    row, col = SCORECARD_PAIR
    cells.write(row, 0, "Pair", book.label)
    label = first_pair_label(session)
    cells.write_string(row, col, label, book.entry_text)
    cells.write(row, col + 1, "Type a pair: its number (7), or with its direction in a Mitchell (7NS, 7EW).",
             book.subtitle)  # fmt: skip
    ws.data_validation(row, col, row, col, {
        "validate": "any", "input_message": "The pair whose card to show: 7, or 7NS / 7EW in a Mitchell."})  # fmt: skip
    sheet.headers(SCORECARD_HEADER_ROW, SCORECARD_COLUMNS)
    for index, heading in enumerate(SCORECARD_COLUMNS):
        two_places = heading in ("Points", "%", "Running total", "Running %")
        fmt = book.shown_2dp if two_places else book.shown_text if heading == "Contract" else book.shown_whole
        ws.set_column(index, index, 18 if heading == "Contract" else 9, fmt)
    formula = f"={book.fn('SCORECARD')}({cell_ref(row, col)},{session_arguments()},{size.boards})"
    values = None if result is None else scorecard_cells(result, label or None, size.boards)
    sheet.dynamic(SCORECARD_HEADER_ROW + 1, 0, size.boards, formula, None, cols=len(SCORECARD_COLUMNS), values=values)
    ws.freeze_panes(SCORECARD_HEADER_ROW + 1, 0)
    ws.set_landscape()
    ws.fit_to_pages(1, 0)
    ws.repeat_rows(SCORECARD_HEADER_ROW)
    sheet.protect()


def _movement(book: TemplateBook, sheet: Sheet, size: Sizes, given: SessionCells) -> None:
    """The movement, one row per table per round (as ``xlbridge movement --csv`` writes it): when it is filled, the
    session functions check every result against it, know who sat out, and give each result its round."""
    ws, cells = sheet.ws, sheet.cells
    block = LAYOUT.movement
    cells.write_string(block.header_row, len(block.columns) + 1, "Optional: the movement, one row per table per round. "
                    "Every result is then checked against it.", book.subtitle)  # fmt: skip
    sheet.headers(block.header_row, block.columns)
    widths = {"Round": 7, "Table": 7, "NS": 6, "EW": 6, "Boards": 9}
    sheet.entry_columns(block, widths, {"Boards"}, size.plan)
    for heading in ("Round", "Table"):
        col = block.col(heading)
        ws.data_validation(block.first_row, col, block.first_row + size.plan - 1, col,
                           {"validate": "integer", "criteria": ">=", "value": 1})  # fmt: skip
    formats = [book.entry] * 4 + [book.entry_text]
    cells.write_rows(block.first_row, block.col("Round"), as_grid(given.plan), formats)
    ws.freeze_panes(1, 0)
    ws.repeat_rows(0)
    ws.fit_to_pages(1, 0)
    sheet.protect()


# --- what the Settings sheet says of the movement, and the Ranking sheet's chart ------------------------------------

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
    two_fields = session is None or session.field_kind.two_fields
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
    return f"{first.number}{first.direction_text if session.field_kind.two_fields else ''}"
