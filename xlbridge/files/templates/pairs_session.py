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

from ...engine.session import Session
from ...rules import MOVEMENT_KINDS, SESSION_METHODS
from ...rules.comparisons import EUROPEAN
from .common import Flavour, Sheet, TemplateBook
from .layout import Block, NamedCell, cell_ref, range_ref

__all__ = ["LAYOUT", "PairsLayout", "Sizes", "build", "sizes"]


def _settings_cells() -> tuple[tuple[NamedCell, ...], tuple[NamedCell, ...]]:
    entered = [
        ("EventName", "Event", "The event's name, printed on the ranking."),
        ("EventDate", "Date", "The date of the session."),
        ("Method", "Scoring", "; ".join(f"{m.name}: {m.description}" for m in SESSION_METHODS) + "."),
        ("Movement", "Movement", "; ".join(f"{m.name}: {m.description}" for m in MOVEMENT_KINDS) + "."),
        ("PerBoard", "Results per board", "Blank: the most results any board has. Boards with fewer are "
         "Neuberg-scaled to this for the percentages and the ranking."),
    ]  # fmt: skip
    computed = [
        ("Expected", "Results per board used", "The count every board is scaled to (Neuberg)."),
        ("Top", "Top on a board", "Matchpoints for a top."),
        ("Boards", "Boards in the session", ""),
        ("ResultCount", "Results entered", ""),
        ("Problems", "Problems", "Lines whose Check column is not empty. The ranking waits until this is 0."),
        ("IMPScoring", "IMP scoring", ""),
    ]
    return (
        tuple(NamedCell(name, "Settings", 2 + i, 1, label, note) for i, (name, label, note) in enumerate(entered)),
        tuple(NamedCell(name, "Settings", 8 + i, 1, label, note) for i, (name, label, note) in enumerate(computed)),
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
    #: The Ranking sheet's title, date and description cells (0-based row, column).
    ranking_title: tuple[int, int] = (0, 0)
    ranking_date: tuple[int, int] = (1, 0)
    ranking_description: tuple[int, int] = (2, 0)
    #: The columns of Results a traveller shows.
    traveller_columns: tuple[str, ...] = (
        "NS", "EW", "Contract", "By", "Lead", "Result", "NS score", "EW score", "NS points", "EW points",
    )  # fmt: skip
    #: The rows a board's traveller takes besides its lines: the title row and the headings.
    traveller_extra_rows: int = 3

    def setting(self, name: str) -> NamedCell:
        return next(cell for cell in (*self.settings, *self.computed) if cell.name == name)

    def traveller_top(self, board: int, tables: int) -> int:
        """The 0-based row where board ``board``'s traveller starts on the Travellers sheet."""
        return (board - 1) * (tables + self.traveller_extra_rows)

    def traveller_helper(self) -> int:
        """The first hidden helper column of the Travellers sheet: board numbers, then dealer, then vulnerability."""
        return len(self.traveller_columns) + 2


_SETTINGS, _COMPUTED = _settings_cells()
LAYOUT = PairsLayout(
    settings=_SETTINGS,
    computed=_COMPUTED,
    names=Block("Names", ("Pair", "Direction", "Player 1", "Player 2"), 0, 1),
    results=Block(
        "Results",
        (
            "Board",
            "NS",
            "EW",
            "Contract",
            "By",
            "Lead",
            "Result",
            "Adjusted",
            "NS score",
            "EW score",
            "NS points",
            "EW points",
            "NS %",
            "EW %",
            "Datum",
            "Check",
        ),
        0,
        1,
    ),
    totals=Block(
        "Totals", ("Pair", "Direction", "Players", "Boards", "Total", "%", "Field order", "Ranking key", "Place"), 0, 1
    ),
    ranking=Block("Ranking", ("Place", "Pair", "Direction", "Players", "Boards", "Total", "%"), 3, 4),
)


@dataclass(frozen=True)
class Sizes:
    """How much a workbook holds: result rows, pairs, printable travellers, lines per traveller."""

    rows: int = 300
    pairs: int = 40
    boards: int = 36
    tables: int = 15


def sizes(session: Session | None, least: Sizes = Sizes()) -> Sizes:
    """What the workbook holds: ``least``, or more where the session needs it."""
    if session is None:
        return least
    per_board = Counter(line.board for line in session.lines)
    return Sizes(
        max(least.rows, len(session.lines)),
        max(least.pairs, len(session.pairs)),
        max(least.boards, max(session.boards, default=0)),
        max(least.tables, max(per_board.values(), default=0)),
    )


def build(
    path: Path,
    flavour: Flavour,
    rows: int = 300,
    pairs: int = 40,
    boards: int = 36,
    tables: int = 15,
    session: Session | None = None,
) -> None:
    """Write the session workbook (``rows`` result rows, ``pairs`` pairs, ``boards`` printable travellers of up to
    ``tables`` results each), filled with ``session`` if given."""
    size = sizes(session, Sizes(rows, pairs, boards, tables))
    book = TemplateBook(path, flavour, "Pairs session")
    sheets = {name: book.sheet(name) for name in ("Settings", "Names", "Results", "Totals", "Ranking", "Travellers")}
    _settings(book, sheets["Settings"], size, session)
    _names(book, sheets["Names"], size, session)
    _results(book, sheets["Results"], size, session)
    _totals(book, sheets["Totals"], size)
    _ranking(book, sheets["Ranking"], size)
    _travellers(book, sheets["Travellers"], size)
    book.book.worksheets()[4].activate()  # open on the Ranking
    book.close()


def _settings(book: TemplateBook, sheet: Sheet, size: Sizes, session: Session | None) -> None:
    ws = sheet.ws
    ws.set_column(0, 0, 24)
    ws.set_column(1, 1, 30)
    ws.set_column(2, 2, 70)
    ws.write("A1", "Pairs session", book.title)
    ws.write("A2", "Fill in the yellow cells here, the pairs on Names and the results on Results.", book.subtitle)
    given = session or Session()
    values: dict[str, object] = {
        "EventName": given.event,
        "EventDate": given.date,
        "Method": given.method.name,
        "Movement": given.movement.name,
        "PerBoard": given.per_board or "",
    }
    for entry in LAYOUT.settings:
        ws.write_string(entry.row, 0, entry.label, book.label)
        value = values[entry.name]
        style = book.entry_date if entry.name == "EventDate" else book.entry
        if isinstance(value, dt.date):
            ws.write_datetime(entry.row, entry.col, dt.datetime.combine(value, dt.time()), style)
        elif value:
            ws.write(entry.row, entry.col, value, style)
        else:
            ws.write_blank(entry.row, entry.col, None, style)
        ws.write_string(entry.row, 2, entry.note, book.note)
        book.book.define_name(entry.name, f"={entry.ref}")
    method, movement = LAYOUT.setting("Method"), LAYOUT.setting("Movement")
    methods = book.list_range("Methods", SESSION_METHODS.names())
    sheet.validate_list(method.row, method.col, 1, methods, True, ", ".join(SESSION_METHODS.names()))
    movements = book.list_range("Movements", MOVEMENT_KINDS.names())
    sheet.validate_list(movement.row, movement.col, 1, movements, True, " or ".join(MOVEMENT_KINDS.names()))
    per_board = LAYOUT.setting("PerBoard")
    ws.data_validation(
        per_board.row, per_board.col, per_board.row, per_board.col,
        {"validate": "integer", "criteria": ">=", "value": 1, "ignore_blank": True},
    )  # fmt: skip

    results = LAYOUT.results
    boards = results.ref("Board", size.rows)
    scores = results.ref("NS score", size.rows)
    checks = results.ref("Check", size.rows)
    imp_methods = ",".join(f'Method="{m.name}"' for m in SESSION_METHODS if m.imp_scoring)
    per_win = str(EUROPEAN.per_win)  # IMP scoring shows the European top (it ranks by IMPs)
    for scored in reversed(SESSION_METHODS.entries):
        if scored.matchpoint_scale is not None:
            per_win = f'IF(Method="{scored.name}",{scored.matchpoint_scale.per_win},{per_win})'
    formulas = {
        "Expected": f'=IF(PerBoard<>"",PerBoard,MAX(COUNTIF({boards},{boards})*({boards}<>"")))',
        "Top": f"={per_win}*(Expected-1)",
        "Boards": f'=ROUND(SUMPRODUCT(({boards}<>"")/COUNTIF({boards},{boards}&"")),0)',
        "ResultCount": f'=SUMPRODUCT(({scores}<>"")*1)',
        "Problems": f'=SUMPRODUCT(({checks}<>"")*1)',
        "IMPScoring": f"=OR({imp_methods})",
    }
    for entry in LAYOUT.computed:
        ws.write_string(entry.row, 0, entry.label, book.label)
        sheet.formula(entry.row, entry.col, formulas[entry.name], book.computed)
        if entry.note:
            ws.write_string(entry.row, 2, entry.note, book.note)
        book.book.define_name(entry.name, f"={entry.ref}")
    sheet.protect()


def _names(book: TemplateBook, sheet: Sheet, size: Sizes, session: Session | None) -> None:
    ws = sheet.ws
    names = LAYOUT.names
    sheet.headers(names.header_row, names.columns)
    for heading, width in zip(names.columns, (8, 10, 26, 26), strict=True):
        sheet.entry_column(names.col(heading), width, text=heading != "Pair")
    sheet.validate_list(names.first_row, names.col("Direction"), size.pairs, '"NS,EW"', True,
                        "Mitchell: NS or EW. Howell: leave blank.")  # fmt: skip
    for offset, pair in enumerate(session.pairs if session else ()):
        row = names.first_row + offset
        ws.write(row, names.col("Pair"), pair.number, book.entry)
        if pair.direction is not None:
            ws.write_string(row, names.col("Direction"), pair.direction_text, book.entry_text)
        for heading, player in zip(("Player 1", "Player 2"), pair.players, strict=False):
            ws.write_string(row, names.col(heading), player, book.entry_text)
    ws.freeze_panes(1, 0)
    sheet.protect()


#: The Results columns typed as text (so that =, +1 and -2 stay as typed), with the order of a line's entered text.
ENTERED = ("Contract", "By", "Lead", "Result", "Adjusted")


def _results(book: TemplateBook, sheet: Sheet, size: Sizes, session: Session | None) -> None:
    ws = sheet.ws
    fn = book.fn
    results, rows = LAYOUT.results, size.rows
    sheet.headers(results.header_row, results.columns)
    widths = {"Board": 7, "NS": 6, "EW": 6, "Contract": 9, "By": 5, "Lead": 6, "Result": 7, "Adjusted": 9}
    for heading, width in widths.items():
        sheet.entry_column(results.col(heading), width, text=heading in ENTERED)
    ws.set_column(results.col("NS score"), results.col("Datum"), 9)
    ws.set_column(results.col("Check"), results.col("Check"), 60)

    def col(heading: str) -> str:
        return results.ref(heading, rows, sheet=False)

    def at(heading: str) -> int:
        return results.col(heading)

    board, score, adjusted = col("Board"), col("NS score"), col("Adjusted")
    deal = f"{col('Contract')},{col('By')},{col('Result')},{board}"
    pair_numbers = LAYOUT.names.ref("Pair", size.pairs)
    first = results.first_row
    sheet.dynamic(first, at("NS score"), rows, f'=IF({adjusted}<>"",{adjusted},{fn("BRIDGESCORE")}({deal}))',
                  book.computed)  # fmt: skip
    sheet.dynamic(first, at("EW score"), rows, f"=IF(ISNUMBER({score}),-{score},{score})", book.computed)
    butler, cross_imp = (
        next(m.name for m in SESSION_METHODS if m.comparison == kind) for kind in ("butler", "cross-imps")
    )

    def points(side: str) -> str:
        suffix = "" if side == "NS" else " EW"
        return (
            f'=IF(Method="{butler}",{fn("BUTLER")}({score},{score},"{side}",{board}),'
            f'IF(Method="{cross_imp}",{fn("CROSSIMP")}({score},{score},"{side}",{board}),'
            f'{fn("MATCHPOINTS")}({score},{score},Method&"{suffix}","",{board})))'
        )

    sheet.dynamic(first, at("NS points"), rows, points("NS"), book.computed)
    sheet.dynamic(first, at("EW points"), rows, points("EW"), book.computed)
    for heading, words in (("NS %", " %"), ("EW %", " EW %")):
        sheet.dynamic(first, at(heading), rows,
                      f'=IF(IMPScoring+({score}=""),"",{fn("MATCHPOINTS")}({score},{score},Method&"{words}",Expected,{board}))',
                      book.computed_2dp)  # fmt: skip
    sheet.dynamic(first, at("Datum"), rows, f'=IF(Method="{butler}",{fn("DATUM")}({score},"",{board}),"")',
                  book.computed)  # fmt: skip
    ns, ew = col("NS"), col("EW")
    nothing = f'({ns}="")*({ew}="")*({col("Contract")}="")*({adjusted}="")'
    sheet.dynamic(
        first,
        at("Check"),
        rows,
        f'=IF({nothing},"",'
        f'IF(({ns}="")+({ew}=""),"the NS or EW pair number is missing",'
        f'IF(COUNTIF({pair_numbers},{ns})=0,"NS pair "&{ns}&" is not on the list of pairs",'
        f'IF(COUNTIF({pair_numbers},{ew})=0,"EW pair "&{ew}&" is not on the list of pairs",'
        f'IF({adjusted}<>"",{fn("MATCHPOINTS")}({score},{score},"CHECK","",{board}),'
        f"{fn('BRIDGECHECK')}({deal}))))))",
        book.check,
    )
    sheet.highlight_problems(first, at("Board"), rows, at("Check"), at("Check"))
    sheet.validate_deal(first, rows, at("Contract"), at("By"), at("Result"))
    ws.data_validation(first, at("Board"), first + rows - 1, at("Board"),
                       {"validate": "integer", "criteria": ">=", "value": 1})  # fmt: skip
    for offset, line in enumerate(session.lines if session else ()):
        row = first + offset
        if line.board is not None:
            ws.write_number(row, at("Board"), line.board, book.entry)
        for heading, value in (("NS", line.ns), ("EW", line.ew)):
            if value not in (None, ""):
                ws.write(row, at(heading), value, book.entry)
        for heading, text in zip(ENTERED, line.entered, strict=True):
            if text:
                ws.write_string(row, at(heading), text, book.entry_text)
    ws.freeze_panes(1, 1)
    ws.autofilter(0, 0, first + rows - 1, at("Check"))
    ws.set_landscape()
    ws.fit_to_pages(1, 0)
    ws.repeat_rows(0)
    sheet.protect()


def _totals(book: TemplateBook, sheet: Sheet, size: Sizes) -> None:
    ws = sheet.ws
    totals, results, rows = LAYOUT.totals, LAYOUT.results, size.rows
    sheet.headers(totals.header_row, totals.columns)
    ws.set_column(totals.col("Pair"), totals.col("Direction"), 9)
    ws.set_column(totals.col("Players"), totals.col("Players"), 34)
    ws.set_column(totals.col("Boards"), totals.col("Place"), 10)
    ns, ew = results.ref("NS", rows), results.ref("EW", rows)
    scores = results.ref("NS score", rows)
    ns_pct, ew_pct = results.ref("NS %", rows), results.ref("EW %", rows)
    ns_pts, ew_pts = results.ref("NS points", rows), results.ref("EW points", rows)
    keys = totals.ref("Ranking key", size.pairs, sheet=False)
    fields = totals.ref("Field order", size.pairs, sheet=False)
    mitchell = next(kind.name for kind in MOVEMENT_KINDS if kind.two_fields)
    names = LAYOUT.names
    for offset in range(size.pairs):
        row = totals.first_row + offset
        n, direction_cell, player1, player2 = (
            cell_ref(row, names.col(heading), names.sheet) for heading in ("Pair", "Direction", "Player 1", "Player 2")
        )
        pair, direction, boards_played, total, pct, field_order, key = (
            cell_ref(row, totals.col(heading))
            for heading in ("Pair", "Direction", "Boards", "Total", "%", "Field order", "Ranking key")
        )
        as_ns = f'IF({direction}="EW",0,{{}})'
        as_ew = f'IF({direction}="NS",0,{{}})'
        played = (
            f'=IF({pair}="","",'
            + as_ns.format(f'SUMPRODUCT(({ns}={pair})*({scores}<>""))')
            + "+"
            + as_ew.format(f'SUMPRODUCT(({ew}={pair})*({scores}<>""))')
            + ")"
        )
        pct_sum = as_ns.format(f"SUMIF({ns},{pair},{ns_pct})") + "+" + as_ew.format(f"SUMIF({ew},{pair},{ew_pct})")
        imp_sum = as_ns.format(f"SUMIF({ns},{pair},{ns_pts})") + "+" + as_ew.format(f"SUMIF({ew},{pair},{ew_pts})")
        cells = {
            "Pair": f'=IF({n}="","",{n})',
            "Direction": f'=IF({pair}="","",IF({direction_cell}="","",{direction_cell}))',
            "Players": f'=IF({pair}="","",{player1}&IF({player2}="",""," & "&{player2}))',
            "Boards": played,
            "%": f'=IF(OR({pair}="",IMPScoring),"",IF({boards_played}=0,"",'
            f"IF(Problems>0,NA(),({pct_sum})/{boards_played})))",
            "Total": f'=IF({pair}="","",IF(Problems>0,NA(),'
            f"IF(IMPScoring,{imp_sum},IF({boards_played}=0,0,{pct}/100*Boards*Top))))",
            "Field order": f'=IF({pair}="","",IF(AND(Movement="{mitchell}",{direction}="EW"),2,1))',
            "Ranking key": f'=IF({pair}="","",IF(ISERROR({total}),"",ROUND(IF(IMPScoring,{total},{pct}),6)))',
            "Place": (
                f'=IF(OR({pair}="",{key}=""),"",COUNTIFS({fields},{field_order},{keys},">"&{key})+1'
                f'&IF(COUNTIFS({fields},{field_order},{keys},{key})>1,"=",""))'
            ),
        }
        for heading, formula in cells.items():
            fmt = book.computed_2dp if heading in ("Total", "%") else book.computed
            sheet.formula(row, totals.col(heading), formula, fmt)
    ws.freeze_panes(1, 0)
    ws.set_landscape()
    ws.fit_to_pages(1, 0)
    sheet.protect()


def _ranking(book: TemplateBook, sheet: Sheet, size: Sizes) -> None:
    ws = sheet.ws
    ranking, totals, pairs = LAYOUT.ranking, LAYOUT.totals, size.pairs
    ws.set_column(0, 2, 9)
    ws.set_column(3, 3, 36)
    ws.set_column(4, 6, 10)
    sheet.formula(*LAYOUT.ranking_title, '=IF(EventName="","Ranking",EventName)', book.title)
    sheet.formula(*LAYOUT.ranking_date, '=IF(EventDate="","",EventDate)', book.computed_date)
    sheet.formula(
        *LAYOUT.ranking_description,
        '=IF(Problems>0,"Waiting: "&Problems&" line(s) on Results need checking",'
        'IF(IMPScoring,Method&" scoring: total IMPs","Matchpoints ("&Method&"), top "&Top))',
        book.subtitle,
    )
    sheet.headers(ranking.header_row, ranking.columns)

    def of_totals(heading: str) -> str:
        return totals.ref(heading, pairs)

    present = f'{of_totals("Pair")}<>""'
    table = ",".join(of_totals(heading) for heading in ranking.columns)
    width = len(ranking.columns)
    blank = f'EXPAND("",{pairs},{width},"")'
    formula = (
        f"=IF(SUMPRODUCT(({present})*1)=0,{blank},"
        f"TAKE(VSTACK(SORTBY(FILTER(HSTACK({table}),{present}),"
        f"FILTER({of_totals('Field order')},{present}),1,FILTER({of_totals('Ranking key')},{present}),-1),{blank}),"
        f"{pairs}))"
    )
    sheet.dynamic(ranking.first_row, 0, pairs, formula, book.computed_2dp, cols=width)
    chart = book.book.add_chart({"type": "bar"})
    first, last = ranking.first_row + 1, ranking.first_row + pairs
    chart.add_series(
        {
            "name": "Percentage",
            "categories": f"=Ranking!$B${first}:$B${last}",
            "values": f"=Ranking!$G${first}:$G${last}",
            "fill": {"color": "#4F81BD"},
        }
    )
    chart.set_title({"name": "Percentages"})
    chart.set_y_axis({"reverse": True, "name": "Pair"})
    chart.set_x_axis({"min": 0, "max": 100, "name": "%"})
    chart.set_legend({"none": True})
    chart.show_blanks_as("gap")
    ws.insert_chart(ranking.first_row, width + 1, chart, {"x_scale": 1.3, "y_scale": 1.8})
    ws.set_landscape()
    ws.fit_to_pages(1, 0)
    ws.print_area(0, 0, ranking.first_row + pairs - 1, width - 1)
    ws.repeat_rows(ranking.header_row)
    sheet.protect()


def _travellers(book: TemplateBook, sheet: Sheet, size: Sizes) -> None:
    ws = sheet.ws
    fn = book.fn
    results, shown = LAYOUT.results, LAYOUT.traveller_columns
    width = len(shown)
    ws.set_column(0, width - 1, 9)
    helper = LAYOUT.traveller_helper()  # hidden helper columns: board numbers, dealer, vulnerability
    for number in range(1, size.boards + 1):
        ws.write_number(number - 1, helper, number)
    board_list = range_ref(helper, 0, size.boards)
    sheet.dynamic(0, helper + 1, size.boards, f"={fn('BOARDDEALER')}({board_list})")
    sheet.dynamic(0, helper + 2, size.boards, f"={fn('BOARDVUL')}({board_list})")
    ws.set_column(helper, helper + 2, None, None, {"hidden": True})

    # Text columns are joined to "" so that an empty cell (a lead not recorded) shows empty, not FILTER's 0.
    source = ",".join(results.ref(heading, size.rows) + ('&""' if heading in ENTERED else "") for heading in shown)
    board_column = results.ref("Board", size.rows)
    tables = size.tables
    breaks = []
    for number in range(1, size.boards + 1):
        top = LAYOUT.traveller_top(number, tables)
        ws.write_string(top, 0, f"Board {number}", book.title)
        sheet.formula(top, 2, f'="Dealer "&INDEX({range_ref(helper + 1, 0, size.boards)},{number})', book.label)
        sheet.formula(top, 4, f'="Vulnerable: "&INDEX({range_ref(helper + 2, 0, size.boards)},{number})', book.label)
        sheet.headers(top + 1, shown)
        sheet.dynamic(
            top + 2,
            0,
            tables,
            f'=TAKE(VSTACK(FILTER(HSTACK({source}),{board_column}={number},EXPAND("",1,{width},"")),'
            f'EXPAND("",{tables},{width},"")),{tables})',
            book.computed,
            cols=width,
        )
        breaks.append(LAYOUT.traveller_top(number + 1, tables))
    ws.set_h_pagebreaks(breaks[:-1])
    ws.print_area(0, 0, LAYOUT.traveller_top(size.boards + 1, tables) - 1, width - 1)
    ws.fit_to_pages(1, 0)
    sheet.protect()
