"""``pairs-session.xlsx``: a whole pairs session, from results to the ranking and printable travellers.

Sheets: Settings (event, scoring method, movement, results per board), Names (pairs and players), Results (one row
per result: scores, matchpoints or IMPs for both sides, percentages, a check), Totals (one row per pair), Ranking
(the pairs in place order, one field for a Howell, NS and EW fields for a Mitchell, with a chart of the
percentages) and Travellers (one printable page per board).

The pair figures follow Compscore3 and EBUScore: a pair's percentage is the mean of its boards' percentages (each
board Neuberg-scaled to the results per board), its total that percentage of the session's full top (so a pair that
missed a board is factored up); with Butler or cross-IMP scoring, the total is the sum of its IMPs.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from ...engine.session import Session
from .common import Flavour, Sheet, TemplateBook, cell, column

__all__ = ["RESULT_COLUMNS", "build", "sizes"]

RESULT_COLUMNS = [
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
]
(BOARD, NS, EW, CONTRACT, BY, LEAD, RESULT, ADJUSTED, NS_SCORE, EW_SCORE, NS_POINTS, EW_POINTS, NS_PCT, EW_PCT,
 DATUM, CHECK) = range(len(RESULT_COLUMNS))  # fmt: skip
TOTAL_COLUMNS = ["Pair", "Direction", "Players", "Boards", "Total", "%", "Field order", "Ranking key", "Place"]
T_PAIR, T_DIR, T_PLAYERS, T_BOARDS, T_TOTAL, T_PCT, T_FIELD, T_KEY, T_PLACE = range(len(TOTAL_COLUMNS))
RANKING_COLUMNS = ["Place", "Pair", "Direction", "Players", "Boards", "Total", "%"]
METHODS = ["MP", "ACBL", "Cross-IMP", "Butler"]
MOVEMENTS = ["Howell", "Mitchell"]
FIRST = 1  # the first data row (0-based) on Results, Names, Totals
RANKING_FIRST = 4


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
    rows, pairs, boards, tables = sizes(session, rows, pairs, boards, tables)
    book = TemplateBook(path, flavour, "Pairs session")
    settings = book.sheet("Settings")
    names = book.sheet("Names")
    results = book.sheet("Results")
    totals = book.sheet("Totals")
    ranking = book.sheet("Ranking")
    travellers = book.sheet("Travellers")

    _settings(book, settings, rows, session)
    _names(book, names, pairs, session)
    _results(book, results, rows, pairs, session)
    _totals(book, totals, rows, pairs)
    _ranking(book, ranking, pairs)
    _travellers(book, travellers, rows, boards, tables)
    book.book.worksheets()[4].activate()  # open on the Ranking
    book.close()


def sizes(
    session: Session | None, rows: int = 300, pairs: int = 40, boards: int = 36, tables: int = 15
) -> tuple[int, int, int, int]:
    """Result rows, pairs, travellers and lines per traveller the workbook holds: the defaults, or more when the
    session needs them."""
    if session is None:
        return rows, pairs, boards, tables
    per_board: dict[int, int] = {}
    for line in session.lines:
        per_board[line.board] = per_board.get(line.board, 0) + 1
    return (
        max(rows, len(session.lines)),
        max(pairs, len(session.pairs)),
        max(boards, max(session.boards, default=0)),
        max(tables, max(per_board.values(), default=0)),
    )


def _settings(book: TemplateBook, sheet: Sheet, rows: int, session: Session | None) -> None:
    ws = sheet.ws
    ws.set_column(0, 0, 24)
    ws.set_column(1, 1, 30)
    ws.set_column(2, 2, 70)
    ws.write("A1", "Pairs session", book.title)
    ws.write("A2", "Fill in the yellow cells here, the pairs on Names and the results on Results.", book.subtitle)
    entries = [
        ("Event", "EventName", "", "The event's name, printed on the ranking."),
        ("Date", "EventDate", "", "The date of the session."),
        ("Scoring", "Method", "MP", "MP (European matchpoints), ACBL (matchpoints 1 and 1/2), Cross-IMP or Butler."),
        ("Movement", "Movement", "Howell", "Howell: one field. Mitchell: NS and EW fields, ranked apart."),
        ("Results per board", "PerBoard", "", "Blank: the most results any board has. Boards with fewer are "
         "Neuberg-scaled to this for the percentages and the ranking."),
    ]  # fmt: skip
    for offset, (label, name, default, note) in enumerate(entries):
        row = 2 + offset
        ws.write_string(row, 0, label, book.label)
        value: object = default
        if session is not None:
            value = {
                "EventName": session.event,
                "EventDate": session.date,
                "Method": session.method,
                "Movement": session.movement,
                "PerBoard": session.per_board or "",
            }[name]
        if isinstance(value, dt.date):
            ws.write_datetime(row, 1, dt.datetime.combine(value, dt.time()), book.entry_date)
        elif isinstance(value, int) or value:
            ws.write(row, 1, value, book.entry_date if name == "EventDate" else book.entry)
        else:
            ws.write_blank(row, 1, None, book.entry_date if name == "EventDate" else book.entry)
        ws.write_string(row, 2, note, book.note)
        book.book.define_name(name, f"={cell(row, 1, 'Settings')}")
    sheet.validate_list(4, 1, 1, book.list_range("Methods", METHODS), True, "MP, ACBL, Cross-IMP or Butler")
    sheet.validate_list(5, 1, 1, book.list_range("Movements", MOVEMENTS), True, "Howell or Mitchell")
    ws.data_validation(6, 1, 6, 1, {"validate": "integer", "criteria": ">=", "value": 1, "ignore_blank": True})

    boards = column(BOARD, FIRST, rows, "Results")
    scores = column(NS_SCORE, FIRST, rows, "Results")
    checks = column(CHECK, FIRST, rows, "Results")
    computed = [
        ("Results per board used", "Expected",
         f'=IF(PerBoard<>"",PerBoard,MAX(COUNTIF({boards},{boards})*({boards}<>"")))',
         "The count every board is scaled to (Neuberg)."),
        ("Top on a board", "Top", '=IF(Method="ACBL",1,2)*(Expected-1)', "Matchpoints for a top."),
        ("Boards in the session", "Boards",
         f'=ROUND(SUMPRODUCT(({boards}<>"")/COUNTIF({boards},{boards}&"")),0)', ""),
        ("Results entered", "ResultCount", f'=SUMPRODUCT(({scores}<>"")*1)', ""),
        ("Problems", "Problems", f'=SUMPRODUCT(({checks}<>"")*1)',
         "Lines whose Check column is not empty. The ranking waits until this is 0."),
        ("IMP scoring", "IMPScoring", '=OR(Method="Butler",Method="Cross-IMP")', ""),
    ]  # fmt: skip
    for offset, (label, name, formula, note) in enumerate(computed):
        row = 8 + offset
        ws.write_string(row, 0, label, book.label)
        sheet.formula(row, 1, formula, book.computed)
        if note:
            ws.write_string(row, 2, note, book.note)
        book.book.define_name(name, f"={cell(row, 1, 'Settings')}")
    sheet.protect()


def _names(book: TemplateBook, sheet: Sheet, pairs: int, session: Session | None) -> None:
    ws = sheet.ws
    sheet.headers(0, ["Pair", "Direction", "Player 1", "Player 2"])
    sheet.entry_column(0, 8)
    sheet.entry_column(1, 10, text=True)
    sheet.entry_column(2, 26, text=True)
    sheet.entry_column(3, 26, text=True)
    sheet.validate_list(FIRST, 1, pairs, '"NS,EW"', True, "Mitchell: NS or EW. Howell: leave blank.")
    if session is not None:
        for offset, pair in enumerate(session.pairs):
            ws.write(FIRST + offset, 0, pair.number, book.entry)
            if pair.direction:
                ws.write_string(FIRST + offset, 1, pair.direction, book.entry_text)
            for index, player in enumerate(pair.players[:2]):
                ws.write_string(FIRST + offset, 2 + index, player, book.entry_text)
    ws.freeze_panes(1, 0)
    sheet.protect()


def _results(book: TemplateBook, sheet: Sheet, rows: int, pairs: int, session: Session | None) -> None:
    ws = sheet.ws
    fn = book.fn
    sheet.headers(0, RESULT_COLUMNS)
    widths = {BOARD: 7, NS: 6, EW: 6, CONTRACT: 9, BY: 5, LEAD: 6, RESULT: 7, ADJUSTED: 9}
    for index, width in widths.items():
        sheet.entry_column(index, width, text=index in (CONTRACT, BY, LEAD, RESULT, ADJUSTED))
    ws.set_column(NS_SCORE, DATUM, 9)
    ws.set_column(CHECK, CHECK, 60)

    def col(index: int) -> str:
        return column(index, FIRST, rows)

    board, score = col(BOARD), col(NS_SCORE)
    deal = f"{col(CONTRACT)},{col(BY)},{col(RESULT)},{board}"
    pair_numbers = column(0, FIRST, pairs, "Names")
    sheet.dynamic(
        FIRST, NS_SCORE, rows, f'=IF({col(ADJUSTED)}<>"",{col(ADJUSTED)},{fn("BRIDGESCORE")}({deal}))', book.computed
    )
    sheet.dynamic(FIRST, EW_SCORE, rows, f"=IF(ISNUMBER({score}),-{score},{score})", book.computed)

    def points(side: str) -> str:
        suffix = "" if side == "NS" else " EW"
        return (
            f'=IF(Method="Butler",{fn("BUTLER")}({score},{score},"{side}",{board}),'
            f'IF(Method="Cross-IMP",{fn("CROSSIMP")}({score},{score},"{side}",{board}),'
            f'{fn("MATCHPOINTS")}({score},{score},Method&"{suffix}","",{board})))'
        )

    sheet.dynamic(FIRST, NS_POINTS, rows, points("NS"), book.computed)
    sheet.dynamic(FIRST, EW_POINTS, rows, points("EW"), book.computed)
    for index, words in ((NS_PCT, " %"), (EW_PCT, " EW %")):
        sheet.dynamic(
            FIRST,
            index,
            rows,
            f'=IF(IMPScoring+({score}=""),"",{fn("MATCHPOINTS")}({score},{score},Method&"{words}",Expected,{board}))',
            book.computed_2dp,
        )
    sheet.dynamic(FIRST, DATUM, rows, f'=IF(Method="Butler",{fn("DATUM")}({score},"",{board}),"")', book.computed)
    nothing = f'({col(NS)}="")*({col(EW)}="")*({col(CONTRACT)}="")*({col(ADJUSTED)}="")'
    sheet.dynamic(
        FIRST,
        CHECK,
        rows,
        f'=IF({nothing},"",'
        f'IF(({col(NS)}="")+({col(EW)}=""),"the NS or EW pair number is missing",'
        f'IF(COUNTIF({pair_numbers},{col(NS)})=0,"NS pair "&{col(NS)}&" is not on the Names sheet",'
        f'IF(COUNTIF({pair_numbers},{col(EW)})=0,"EW pair "&{col(EW)}&" is not on the Names sheet",'
        f'IF({col(ADJUSTED)}<>"",{fn("MATCHPOINTS")}({score},{score},"CHECK","",{board}),'
        f"{fn('BRIDGECHECK')}({deal}))))))",
        book.check,
    )
    sheet.highlight_problems(FIRST, BOARD, rows, CHECK, CHECK)
    sheet.validate_deal(FIRST, rows, CONTRACT, BY, RESULT)
    ws.data_validation(FIRST, BOARD, FIRST + rows - 1, BOARD, {"validate": "integer", "criteria": ">=", "value": 1})
    if session is not None:
        for offset, line in enumerate(session.lines):
            row = FIRST + offset
            ws.write_number(row, BOARD, line.board, book.entry)
            ws.write(row, NS, line.ns, book.entry)
            ws.write(row, EW, line.ew, book.entry)
            for index, value in (
                (CONTRACT, line.contract),
                (BY, line.declarer),
                (LEAD, line.lead),
                (RESULT, line.result),
                (ADJUSTED, line.adjusted),
            ):
                if value:
                    ws.write_string(row, index, str(value), book.entry_text)
    ws.freeze_panes(1, 1)
    ws.autofilter(0, 0, FIRST + rows - 1, CHECK)
    ws.set_landscape()
    ws.fit_to_pages(1, 0)
    ws.repeat_rows(0)
    sheet.protect()


def _totals(book: TemplateBook, sheet: Sheet, rows: int, pairs: int) -> None:
    ws = sheet.ws
    sheet.headers(0, TOTAL_COLUMNS)
    ws.set_column(T_PAIR, T_DIR, 9)
    ws.set_column(T_PLAYERS, T_PLAYERS, 34)
    ws.set_column(T_BOARDS, T_PLACE, 10)
    ns, ew = column(NS, FIRST, rows, "Results"), column(EW, FIRST, rows, "Results")
    scores = column(NS_SCORE, FIRST, rows, "Results")
    ns_pct, ew_pct = column(NS_PCT, FIRST, rows, "Results"), column(EW_PCT, FIRST, rows, "Results")
    ns_pts, ew_pts = column(NS_POINTS, FIRST, rows, "Results"), column(EW_POINTS, FIRST, rows, "Results")
    keys = column(T_KEY, FIRST, pairs)
    fields = column(T_FIELD, FIRST, pairs)
    for offset in range(pairs):
        row = FIRST + offset
        r = row + 1  # Excel's row number
        n = f"Names!$A${r}"
        pair, direction = f"$A${r}", f"$B${r}"
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
            T_PAIR: f'=IF({n}="","",{n})',
            T_DIR: f'=IF({pair}="","",IF(Names!$B${r}="","",Names!$B${r}))',
            T_PLAYERS: f'=IF({pair}="","",Names!$C${r}&IF(Names!$D${r}="",""," & "&Names!$D${r}))',
            T_BOARDS: played,
            T_PCT: f'=IF(OR({pair}="",IMPScoring),"",IF($D${r}=0,"",IF(Problems>0,NA(),({pct_sum})/$D${r})))',
            T_TOTAL: f'=IF({pair}="","",IF(Problems>0,NA(),'
            f"IF(IMPScoring,{imp_sum},IF($D${r}=0,0,$F${r}/100*Boards*Top))))",
            T_FIELD: f'=IF({pair}="","",IF(AND(Movement="Mitchell",{direction}="EW"),2,1))',
            T_KEY: f'=IF({pair}="","",IF(ISERROR($E${r}),"",ROUND(IF(IMPScoring,$E${r},$F${r}),6)))',
            T_PLACE: (
                f'=IF(OR({pair}="",$H${r}=""),"",COUNTIFS({fields},$G${r},{keys},">"&$H${r})+1'
                f'&IF(COUNTIFS({fields},$G${r},{keys},$H${r})>1,"=",""))'
            ),
        }
        for index, formula in cells.items():
            fmt = book.computed_2dp if index in (T_TOTAL, T_PCT) else book.computed
            sheet.formula(row, index, formula, fmt)
    ws.freeze_panes(1, 0)
    ws.set_landscape()
    ws.fit_to_pages(1, 0)
    sheet.protect()


def _ranking(book: TemplateBook, sheet: Sheet, pairs: int) -> None:
    ws = sheet.ws
    ws.set_column(0, 2, 9)
    ws.set_column(3, 3, 36)
    ws.set_column(4, 6, 10)
    sheet.formula(0, 0, '=IF(EventName="","Ranking",EventName)', book.title)
    sheet.formula(1, 0, '=IF(EventDate="","",EventDate)', book.computed_date)
    sheet.formula(
        2,
        0,
        '=IF(Problems>0,"Waiting: "&Problems&" line(s) on Results need checking",'
        'IF(IMPScoring,Method&" scoring: total IMPs","Matchpoints ("&Method&"), top "&Top))',
        book.subtitle,
    )
    sheet.headers(RANKING_FIRST - 1, RANKING_COLUMNS)

    def totals(index: int) -> str:
        return column(index, FIRST, pairs, "Totals")

    present = f'{totals(T_PAIR)}<>""'
    table = ",".join(totals(index) for index in (T_PLACE, T_PAIR, T_DIR, T_PLAYERS, T_BOARDS, T_TOTAL, T_PCT))
    width = len(RANKING_COLUMNS)
    blank = f'EXPAND("",{pairs},{width},"")'
    formula = (
        f"=IF(SUMPRODUCT(({present})*1)=0,{blank},"
        f"TAKE(VSTACK(SORTBY(FILTER(HSTACK({table}),{present}),"
        f"FILTER({totals(T_FIELD)},{present}),1,FILTER({totals(T_KEY)},{present}),-1),{blank}),{pairs}))"
    )
    sheet.dynamic(RANKING_FIRST, 0, pairs, formula, book.computed_2dp, cols=width)
    chart = book.book.add_chart({"type": "bar"})
    chart.add_series(
        {
            "name": "Percentage",
            "categories": f"=Ranking!$B${RANKING_FIRST + 1}:$B${RANKING_FIRST + pairs}",
            "values": f"=Ranking!$G${RANKING_FIRST + 1}:$G${RANKING_FIRST + pairs}",
            "fill": {"color": "#4F81BD"},
        }
    )
    chart.set_title({"name": "Percentages"})
    chart.set_y_axis({"reverse": True, "name": "Pair"})
    chart.set_x_axis({"min": 0, "max": 100, "name": "%"})
    chart.set_legend({"none": True})
    chart.show_blanks_as("gap")
    ws.insert_chart(RANKING_FIRST, width + 1, chart, {"x_scale": 1.3, "y_scale": 1.8})
    ws.set_landscape()
    ws.fit_to_pages(1, 0)
    ws.print_area(0, 0, RANKING_FIRST + pairs - 1, width - 1)
    ws.repeat_rows(RANKING_FIRST - 1)
    sheet.protect()


def _travellers(book: TemplateBook, sheet: Sheet, rows: int, boards: int, tables: int) -> None:
    ws = sheet.ws
    fn = book.fn
    shown = [NS, EW, CONTRACT, BY, LEAD, RESULT, NS_SCORE, EW_SCORE, NS_POINTS, EW_POINTS]
    width = len(shown)
    ws.set_column(0, width - 1, 9)
    helper = width + 2  # hidden helper columns: board numbers, dealer, vulnerability
    for number in range(1, boards + 1):
        ws.write_number(number - 1, helper, number)
    board_list = column(helper, 0, boards)
    sheet.dynamic(0, helper + 1, boards, f"={fn('BOARDDEALER')}({board_list})")
    sheet.dynamic(0, helper + 2, boards, f"={fn('BOARDVUL')}({board_list})")
    ws.set_column(helper, helper + 2, None, None, {"hidden": True})

    # Text columns are joined to "" so that an empty cell (a lead not recorded) shows empty, not FILTER's 0.
    source = ",".join(
        column(index, FIRST, rows, "Results") + ('&""' if index in (CONTRACT, BY, LEAD, RESULT) else "")
        for index in shown
    )
    board_column = column(BOARD, FIRST, rows, "Results")
    block = tables + 3
    breaks = []
    for number in range(1, boards + 1):
        top = (number - 1) * block
        ws.write_string(top, 0, f"Board {number}", book.title)
        sheet.formula(top, 2, f'="Dealer "&INDEX({column(helper + 1, 0, boards)},{number})', book.label)
        sheet.formula(top, 4, f'="Vulnerable: "&INDEX({column(helper + 2, 0, boards)},{number})', book.label)
        sheet.headers(top + 1, [RESULT_COLUMNS[index] for index in shown])
        sheet.dynamic(
            top + 2,
            0,
            tables,
            f'=TAKE(VSTACK(FILTER(HSTACK({source}),{board_column}={number},EXPAND("",1,{width},"")),'
            f'EXPAND("",{tables},{width},"")),{tables})',
            book.computed,
            cols=width,
        )
        breaks.append(top + block)
    ws.set_h_pagebreaks(breaks[:-1])
    ws.print_area(0, 0, boards * block - 1, width - 1)
    ws.fit_to_pages(1, 0)
    sheet.protect()
