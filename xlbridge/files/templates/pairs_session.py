"""``pairs-session.xlsx``: a whole pairs session, from results to the ranking and printable travellers.

Sheets: Settings (event, scoring method, movement, results per board), Names (pairs and players), Results (one row
per result: scores, matchpoints or IMPs for both sides, percentages, a check), Totals (one row per pair), Ranking
(the pairs in place order, one field for a Howell, NS and EW fields for a Mitchell, with a chart of the
percentages) and Travellers (one printable page per board). How the figures are worked out is the engine's
session computation (:mod:`xlbridge.engine.standings`); where every cell is, is :data:`LAYOUT`.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from xlsxwriter.format import Format

from ...engine.session import Line, Row, Session, Unscorable
from ...excel.masterpoints import AWARD_COLUMN
from ...excel.scorecards import COLUMNS as SCORECARD_COLUMNS
from ...excel.scorecards import RESULT_COLUMNS as TYPED_COLUMNS
from ...excel.session import INFO_ROWS, PAIR_COLUMNS, RESULT_COLUMNS, TOTAL_COLUMNS, TRAVELLER_COLUMNS
from ...rules import MASTERPOINT_SCALES, MOVEMENT_KINDS, SESSION_METHODS
from ...rules.handicaps import HANDICAP_LIMIT
from . import pairs_parts
from .common import Flavour, Sheet, TemplateBook
from .layout import Block, NamedCell, area_ref, cell_ref
from .pairs_parts import CHART_COLUMNS, SESSION_ADJUSTED, ranking_chart, settings_formats, write_movement_facts

if TYPE_CHECKING:
    from ..interchange.handrecords import SessionHands

__all__ = ["LAYOUT", "PairsLayout", "Sizes", "build", "sizes"]


def _settings_cells() -> tuple[tuple[NamedCell, ...], tuple[NamedCell, ...]]:
    entered = [
        ("EventName", "Event", "The event's name, printed on the ranking."),
        ("EventDate", "Date", "The date of the session."),
        ("Method", "Scoring", "; ".join(f"{m.name}: {m.description}" for m in SESSION_METHODS) + "."),
        ("Movement", "Movement", "; ".join(f"{m.name}: {m.description}" for m in MOVEMENT_KINDS) + "."),
        ("PerBoard", "Results per board", "Blank: the most results any board has. Boards with fewer are "
         "Neuberg-scaled to this for the percentages and the ranking."),
        ("MPScale", "Masterpoints", "The scale the Masterpoints column of Totals and the Ranking awards: "
         + "; ".join(f"{m.name}: {m.description}" for m in MASTERPOINT_SCALES) + "."),
    ]  # fmt: skip
    computed = [
        ("Title", "Title", "What the ranking is headed."),
        ("EventDay", "Date shown", ""),
        ("Expected", "Results per board used", "The count every board is scaled to (Neuberg)."),
        ("Top", "Top on a board", "Matchpoints for a top."),
        ("Boards", "Boards in the session", ""),
        ("LastBoard", "Last board played", "The travellers print up to this board."),
        ("ResultCount", "Results entered", ""),
        ("Problems", "Problems", "Lines whose Check column says what is wrong (not those only worth a look). The "
         "ranking waits until this is 0."),
        ("IMPScoring", "IMP scoring", ""),
        ("RankingNote", "Ranking note", "What the ranking says under its title."),
    ]  # fmt: skip
    # One cell for each row SESSIONINFO gives, in its order.
    return (
        tuple(NamedCell(name, "Settings", 2 + i, 1, label, note) for i, (name, label, note) in enumerate(entered)),
        tuple(NamedCell(name, "Settings", 9 + i, 1, label, note) for i, (name, label, note) in enumerate(computed)),
    )


@dataclass(frozen=True)
class PairsLayout:
    """Where everything is in the pairs-session workbook."""

    settings: tuple[NamedCell, ...]
    computed: tuple[NamedCell, ...]
    names: Block
    results: Block
    totals: Block
    ranking: Block
    movement: Block
    #: The Ranking sheet's title, date and description cells (0-based row, column).
    ranking_title: tuple[int, int] = (0, 0)
    ranking_date: tuple[int, int] = (1, 0)
    ranking_description: tuple[int, int] = (2, 0)
    #: The columns a traveller shows (see TRAVELLERS).
    traveller_columns: tuple[str, ...] = TRAVELLER_COLUMNS
    #: The rows a board's traveller takes besides its lines: the title row and the headings.
    traveller_extra_rows: int = 3

    def setting(self, name: str) -> NamedCell:
        return next(cell for cell in (*self.settings, *self.computed) if cell.name == name)

    def traveller_top(self, board: int, tables: int) -> int:
        """The 0-based row where board ``board``'s traveller starts on the Travellers sheet."""
        return (board - 1) * (tables + self.traveller_extra_rows)


_SETTINGS, _COMPUTED = _settings_cells()
LAYOUT = PairsLayout(
    settings=_SETTINGS,
    computed=_COMPUTED,
    names=Block("Names", ("Pair", "Direction", "Player 1", "Player 2", "Handicap"), 0, 1),
    results=Block("Results", (*TYPED_COLUMNS, *RESULT_COLUMNS), 0, 1),  # typed, as SCORECARD reads them; computed
    totals=Block("Totals", (*TOTAL_COLUMNS, AWARD_COLUMN), 0, 1),
    ranking=Block("Ranking", (*PAIR_COLUMNS, AWARD_COLUMN), 3, 4),
    movement=Block("Movement", ("Round", "Table", "NS", "EW", "Boards"), 0, 1),
)

#: The defined names of the blocks a secretary types in, which every session function reads: the results (board to
#: adjusted), the pairs (pair to handicap) and the movement (round to boards). A reader finds the blocks' extent by
#: them, so that nothing typed outside them goes unnoticed.
BLOCK_NAMES = {"results": "ResultsBlock", "names": "NamesBlock", "movement": "MovementBlock"}


@dataclass(frozen=True)
class Sizes:
    """How much a workbook holds: result rows, pairs, printable travellers, lines per traveller, movement rows.

    A blank template holds the largest session its Names sheet admits: 40 pairs at 20 tables, 36 boards, so 720
    results, and a movement of 20 tables over 36 rounds."""

    rows: int = 720
    pairs: int = 40
    boards: int = 36
    #: Lines a traveller holds: every pair of the Names sheet at a table of its own (40 pairs, 20 tables).
    tables: int = 20
    #: Rows of the Movement sheet: one per table per round.
    plan: int = 720


def sizes(session: Session | None, least: Sizes = Sizes()) -> Sizes:
    """What the workbook holds: ``least``, or more where the session needs it."""
    if session is None:
        return least
    per_board = Counter(line.board for line in session.lines)
    planned = session.plan.encounters if session.plan is not None else ()
    return Sizes(
        max(least.rows, len(session.lines)),
        max(least.pairs, len(session.pairs)),
        max(least.boards, max(session.boards, default=0)),
        max(least.tables, max(per_board.values(), default=0), (len(session.pairs) + 1) // 2),
        max(least.plan, len(planned)),
    )


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
) -> None:
    """Write the session workbook (``rows`` result rows, ``pairs`` pairs, ``boards`` printable travellers of up to
    ``tables`` results each), filled with ``session`` if given (its movement on the Movement sheet, when it has
    one) and its deals (``hands``: a Hands sheet, each result against par); ``computed``: every value computed."""
    size = sizes(session, Sizes(rows, pairs, boards, tables))
    book = TemplateBook(path, flavour, "Pairs session", computed)
    sheets = {name: book.sheet(name) for name in SHEETS}
    for key, area in block_areas(size).items():
        book.book.define_name(BLOCK_NAMES[key], f"={area}")
    _settings(book, sheets["Settings"], size, session)
    _names(book, sheets["Names"], size, session)
    _results(book, sheets["Results"], size, session)
    _movement(book, sheets["Movement"], size, session)
    _totals(book, sheets["Totals"], size)
    _ranking(book, sheets["Ranking"], size, session)
    _travellers(book, sheets["Travellers"], size, max(session.boards, default=0) if session else 0)
    _scorecard(book, sheets["Scorecard"], size, session)
    if hands is not None:  # the deals, and each result against par
        from . import hands_sheet  # a session without its deals does without the hand records' modules

        hands_sheet.write_hands(book, LAYOUT.results, size.rows, session_arguments(), hands)
    # A blank template, or an evening still to be typed, opens where it is filled in; with results, on its ranking.
    played = session is not None and any(isinstance(line, Line) for line in session.lines)
    book.book.worksheets()[SHEETS.index("Ranking" if played else "Settings")].activate()
    book.close()


#: The workbook's sheets, in order (then Hands, when it is given its deals: see hands_sheet).
SHEETS = ("Settings", "Names", "Results", "Totals", "Ranking", "Travellers", "Scorecard", "Movement")
#: The Scorecard sheet: the pair typed (0-based row, column), the card's headings' row, the card's first row.
SCORECARD_PAIR, SCORECARD_HEADER_ROW = (1, 1), 3


def block_areas(size: Sizes) -> dict[str, str]:
    """The blocks a secretary types in, as their defined names refer to them (by :data:`BLOCK_NAMES`' keys): the
    results (board to adjusted), the names (pair to handicap) and the movement (round to boards)."""
    results, names, movement = LAYOUT.results, LAYOUT.names, LAYOUT.movement
    return {
        "results": area_ref(results.first_row, results.col("Board"), results.first_row + size.rows - 1,
                            results.col("Adjusted"), results.sheet),
        "names": area_ref(names.first_row, names.col("Pair"), names.first_row + size.pairs - 1,
                          names.col("Handicap"), names.sheet),
        "movement": area_ref(movement.first_row, movement.col("Round"), movement.first_row + size.plan - 1,
                             movement.col("Boards"), movement.sheet),
    }  # fmt: skip


def session_arguments() -> str:
    """The arguments every session function takes: the results and names blocks, method, movement, per board and
    the movement's rows."""
    return f"{BLOCK_NAMES['results']},{BLOCK_NAMES['names']},Method,Movement,PerBoard,{BLOCK_NAMES['movement']}"


def _settings(book: TemplateBook, sheet: Sheet, size: Sizes, session: Session | None) -> None:
    ws = sheet.ws
    sheet.heading("Fill in the yellow cells here, the pairs on Names and the results on Results.", (24, 30, 70))
    label, entry, entry_date, computed, computed_date, wrapped = settings_formats(book)
    given = session or Session()
    values: dict[str, object] = {
        "EventName": given.event,
        "EventDate": given.date,
        "Method": given.method.name,
        "Movement": given.movement.name,
        "PerBoard": given.per_board or "",
        "MPScale": given.masterpoints.name,
    }
    for entry_cell in LAYOUT.settings:
        ws.write_string(entry_cell.row, 0, entry_cell.label, label)
        value = values[entry_cell.name]
        style = entry_date if entry_cell.name == "EventDate" else entry
        if isinstance(value, dt.date):
            ws.write_datetime(entry_cell.row, entry_cell.col, dt.datetime.combine(value, dt.time()), style)
        elif value:
            ws.write(entry_cell.row, entry_cell.col, value, style)
        else:
            ws.write_blank(entry_cell.row, entry_cell.col, None, style)
        ws.write_string(entry_cell.row, 2, entry_cell.note, book.note)
        book.book.define_name(entry_cell.name, f"={entry_cell.ref}")
    method, movement = LAYOUT.setting("Method"), LAYOUT.setting("Movement")
    methods = book.list_range("Methods", SESSION_METHODS.names())
    sheet.validate_list(method.row, method.col, 1, methods, True, ", ".join(SESSION_METHODS.names()))
    movements = book.list_range("Movements", MOVEMENT_KINDS.names())
    sheet.validate_list(movement.row, movement.col, 1, movements, True, " or ".join(MOVEMENT_KINDS.names()))
    mp_scale, scales = LAYOUT.setting("MPScale"), MASTERPOINT_SCALES.names()
    sheet.validate_list(mp_scale.row, mp_scale.col, 1, book.list_range("Masterpoints", scales), True, ", ".join(scales))
    per_board = LAYOUT.setting("PerBoard")
    ws.data_validation(
        per_board.row, per_board.col, per_board.row, per_board.col,
        {"validate": "integer", "criteria": ">=", "value": 1, "ignore_blank": True},
    )  # fmt: skip
    first = LAYOUT.computed[0]
    for computed_cell in LAYOUT.computed:
        ws.write_string(computed_cell.row, 0, computed_cell.label, label)
        if computed_cell.note:
            ws.write_string(computed_cell.row, 2, computed_cell.note, book.note)
        book.book.define_name(computed_cell.name, f"={computed_cell.ref}")
    shown = {"EventDay": computed_date, "RankingNote": wrapped}
    sheet.dynamic(
        first.row,
        first.col,
        len(INFO_ROWS),
        f"={book.fn('SESSIONINFO')}(EventName,EventDate,{session_arguments()},MPScale)",
        None,
        formats=[shown.get(cell.name, computed) for cell in LAYOUT.computed],
    )
    for cell in (*LAYOUT.settings, *LAYOUT.computed):  # a note that wraps gets the height of its lines
        lines = max(-(-len(cell.note) // NOTE_LINE), 3 if cell.name == "RankingNote" else 1)
        if lines > 1:
            ws.set_row(cell.row, 15 * lines)
    if session is not None and session.plan is not None:
        write_movement_facts(sheet.ws, LAYOUT.computed[-1].row + 2, label, book.note, session.plan, NOTE_LINE + 30)
    ws.set_landscape()
    ws.fit_to_pages(1, 0)
    sheet.protect()


#: About how many characters of a note fit on a line of the Settings sheet's notes column.
NOTE_LINE = 72


def _names(book: TemplateBook, sheet: Sheet, size: Sizes, session: Session | None) -> None:
    ws = sheet.ws
    names = LAYOUT.names
    sheet.headers(names.header_row, names.columns)
    widths = {"Pair": 8, "Direction": 10, "Player 1": 26, "Player 2": 26, "Handicap": 10}
    as_text = {"Direction", "Player 1", "Player 2"}
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
    for offset, pair in enumerate(session.pairs if session else ()):
        row = names.first_row + offset
        ws.write(row, names.col("Pair"), pair.number, book.entry)
        if pair.direction is not None:
            ws.write_string(row, names.col("Direction"), pair.direction_text, book.entry_text)
        for heading, player in zip(("Player 1", "Player 2"), pair.players, strict=False):
            ws.write_string(row, names.col(heading), player, book.entry_text)
        if pair.handicap is not None:
            ws.write_number(row, handicap, float(pair.handicap), book.entry)
    ws.freeze_panes(1, 0)
    sheet.protect()


#: The Results columns typed as text (so that =, +1 and -2 stay as typed), with the order of a line's entered text:
#: the typed columns after Board, NS and EW.
ENTERED = ("Contract", "By", "Lead", "Result", "Adjusted")


def _results(book: TemplateBook, sheet: Sheet, size: Sizes, session: Session | None) -> None:
    ws = sheet.ws
    results, rows = LAYOUT.results, size.rows
    sheet.headers(results.header_row, results.columns)
    # Printed landscape, one page wide at 80% or more: a Check reason longer than its column reads on into the empty
    # columns beside it on screen.
    widths = {"Board": 6, "NS": 6, "EW": 6, "Contract": 9, "By": 5, "Lead": 6, "Result": 7, "Adjusted": 12}
    sheet.entry_columns(results, widths, ENTERED, rows)  # yellow where the block is only: below, nothing can be typed
    first_computed = results.col(RESULT_COLUMNS[0])
    for heading in RESULT_COLUMNS:
        fmt = book.computed_2dp if heading in ("NS %", "EW %") else book.check if heading == "Check" else book.computed
        width = 28 if heading == "Check" else 7 if heading in ("NS %", "EW %") else 8
        ws.set_column(results.col(heading), results.col(heading), width, fmt)
    sheet.dynamic(
        results.first_row, first_computed, rows, f"={book.fn('SESSIONRESULTS')}({session_arguments()})",
        None, cols=len(RESULT_COLUMNS),
    )  # fmt: skip
    check = results.col("Check")
    sheet.highlight_problems(results.first_row, results.col("Board"), rows, check, check)
    sheet.validate_deal(results.first_row, rows, results.col("Contract"), results.col("By"), results.col("Result"))
    sheet.validate_adjusted(results.first_row, rows, results.col("Adjusted"), SESSION_ADJUSTED)
    board = results.col("Board")
    ws.data_validation(results.first_row, board, results.first_row + rows - 1, board,
                       {"validate": "integer", "criteria": ">=", "value": 1})  # fmt: skip
    # A line's cells: Board, NS and EW (None or "": blank), then its entered text (ENTERED), a row at a time.
    ws.write_rows(results.first_row, board, map(_line_cells, session.lines if session else ()),
                  [book.entry] * 3 + [book.entry_text] * len(ENTERED))  # fmt: skip
    ws.freeze_panes(1, 1)
    ws.autofilter(0, 0, results.first_row + rows - 1, check)
    ws.set_landscape()
    ws.fit_to_pages(1, 0)
    ws.repeat_rows(0)
    sheet.protect()


def _line_cells(line: Row) -> tuple[object, ...]:
    """A line's cells on the Results sheet: its board, NS and EW (what could not be read as typed), then the text
    it entered."""
    if isinstance(line, Unscorable):
        numbers = (text if value in (None, "") else value for value, text in zip((line.board, line.ns, line.ew),
                                                                                 line.typed, strict=True))  # fmt: skip
        return (*numbers, *line.entered)
    return (line.board, line.ns, line.ew, *line.entered)


#: Column widths and formats of a table of pairs (Totals and Ranking): whole numbers shown whole, figures to 2dp.
PAIR_WIDTHS = {"Place": 7, "Pair": 6, "Direction": 9, "Players": 36, "Boards": 7, "Total": 9, "%": 8, "Handicap": 9,
               "Handicapped %": 12, "Handicapped place": 12, AWARD_COLUMN: 12}  # fmt: skip


def _pair_table(book: TemplateBook, sheet: Sheet, block: Block, function: str, size: Sizes) -> None:
    ws = sheet.ws
    sheet.headers(block.header_row, block.columns)
    for heading in block.columns:
        two_places = heading in ("Total", "%", "Handicap", "Handicapped %", AWARD_COLUMN)
        fmt = book.shown_2dp if two_places else book.shown_text if heading == "Players" else book.shown_whole
        ws.set_column(block.col(heading), block.col(heading), PAIR_WIDTHS[heading], fmt)
    formula = f"={book.fn(function)}({session_arguments()},MPScale)"  # the scale of the Masterpoints column
    sheet.dynamic(block.first_row, block.first_col, size.pairs, formula, None, cols=len(block.columns))


def _totals(book: TemplateBook, sheet: Sheet, size: Sizes) -> None:
    _pair_table(book, sheet, LAYOUT.totals, "PAIRTOTALS", size)
    sheet.ws.freeze_panes(1, 0)
    sheet.ws.set_landscape()
    sheet.ws.fit_to_pages(1, 0)
    sheet.protect()


def _ranking(book: TemplateBook, sheet: Sheet, size: Sizes, session: Session | None) -> None:
    ws = sheet.ws
    ranking, pairs = LAYOUT.ranking, size.pairs
    width = len(ranking.columns)
    _pair_table(book, sheet, ranking, "RANKING", size)
    for (row, col), name, fmt in (
        (LAYOUT.ranking_title, "Title", book.title),
        (LAYOUT.ranking_date, "EventDay", book.computed_date),
        (LAYOUT.ranking_description, "RankingNote", book.subtitle),
    ):
        ws.merge_range(row, col, row, col + width - 1, "", fmt)
        sheet.formula(row, col, f"={name}", fmt)
    shown = len(session.pairs) if session is not None and session.pairs else pairs
    last = ranking.first_row + shown  # printed: the session's pairs (beside the chart), not the empty rows below
    chart_col = width + 1
    ranking_chart(book, ws, ranking, shown, chart_col, session)
    ws.set_landscape()
    ws.fit_to_pages(1, 0)
    ws.print_area(0, 0, max(last - 1, ranking.first_row + 24), chart_col + CHART_COLUMNS - 1)
    ws.repeat_rows(ranking.header_row)
    sheet.protect()


def _travellers(book: TemplateBook, sheet: Sheet, size: Sizes, played: int) -> None:
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
        None, cols=width, formats=formats,
    )  # fmt: skip
    ws.set_h_pagebreaks([LAYOUT.traveller_top(number, tables) for number in range(2, size.boards + 1)])
    # Print the boards in play only. Filled from a session (import, demo), the print area ends with its last board;
    # a blank template's grows with the last board that has a result, as Excel evaluates a print area's formula.
    if played:
        ws.print_area(0, 0, LAYOUT.traveller_top(played + 1, tables) - 1, width - 1)
    else:
        book.book.define_name(
            "Travellers!_xlnm.Print_Area", f"=OFFSET(Travellers!$A$1,0,0,MAX(1,LastBoard)*{len(block)},{width})"
        )
    ws.fit_to_pages(1, 0)
    sheet.protect()


def _scorecard(book: TemplateBook, sheet: Sheet, size: Sizes, session: Session | None) -> None:
    """A personal scorecard: the pair typed at the top, its card below (a row per board it played, by board)."""
    ws = sheet.ws
    ws.write(0, 0, "Personal scorecard", book.title)
    row, col = SCORECARD_PAIR
    ws.write(row, 0, "Pair", book.label)
    ws.write_string(row, col, pairs_parts.first_pair_label(session), book.entry_text)
    ws.write(row, col + 1, "Type a pair: its number (7), or with its direction in a Mitchell (7NS, 7EW).",
             book.subtitle)  # fmt: skip
    ws.data_validation(row, col, row, col, {
        "validate": "any", "input_message": "The pair whose card to show: 7, or 7NS / 7EW in a Mitchell."})  # fmt: skip
    sheet.headers(SCORECARD_HEADER_ROW, SCORECARD_COLUMNS)
    for index, heading in enumerate(SCORECARD_COLUMNS):
        two_places = heading in ("Points", "%", "Running total", "Running %")
        fmt = book.shown_2dp if two_places else book.shown_text if heading == "Contract" else book.shown_whole
        ws.set_column(index, index, 18 if heading == "Contract" else 9, fmt)
    entries, pairs, plan = (BLOCK_NAMES[key] for key in ("results", "names", "movement"))
    formula = f'={book.fn("SCORECARD")}({cell_ref(row, col)},{pairs},{entries},Method,PerBoard,"",{size.boards},{plan})'
    sheet.dynamic(SCORECARD_HEADER_ROW + 1, 0, size.boards, formula, None, cols=len(SCORECARD_COLUMNS))
    ws.freeze_panes(SCORECARD_HEADER_ROW + 1, 0)
    ws.set_landscape()
    ws.fit_to_pages(1, 0)
    ws.repeat_rows(SCORECARD_HEADER_ROW)
    sheet.protect()


def _movement(book: TemplateBook, sheet: Sheet, size: Sizes, session: Session | None) -> None:
    """The movement, one row per table per round (as ``xlbridge movement --csv`` writes it): when it is filled, the
    session functions check every result against it, know who sat out, and give each result its round."""
    ws = sheet.ws
    block = LAYOUT.movement
    ws.write_string(block.header_row, len(block.columns) + 1, "Optional: the movement, one row per table per round. "
                    "Every result is then checked against it.", book.subtitle)  # fmt: skip
    sheet.headers(block.header_row, block.columns)
    widths = {"Round": 7, "Table": 7, "NS": 6, "EW": 6, "Boards": 9}
    sheet.entry_columns(block, widths, {"Boards"}, size.plan)
    for heading in ("Round", "Table"):
        col = block.col(heading)
        ws.data_validation(block.first_row, col, block.first_row + size.plan - 1, col,
                           {"validate": "integer", "criteria": ">=", "value": 1})  # fmt: skip
    plan = session.plan if session is not None else None
    for offset, encounter in enumerate(plan.encounters if plan is not None else ()):
        row = block.first_row + offset
        ws.write_number(row, block.col("Round"), encounter.round, book.entry)
        ws.write_number(row, block.col("Table"), encounter.table, book.entry)
        for heading, pair in (("NS", encounter.ns), ("EW", encounter.ew)):
            if pair is not None:
                ws.write_number(row, block.col(heading), pair, book.entry)
        ws.write_string(row, block.col("Boards"), str(encounter.boards), book.entry_text)
    ws.freeze_panes(1, 0)
    ws.repeat_rows(0)
    ws.fit_to_pages(1, 0)
    sheet.protect()
