"""``teams-match.xlsx``: a team-of-four scorecard, board by board, to IMPs, VPs and board-a-match points.

The home team sits North-South at table 1 and East-West at table 2, so its net score on a board is table 1's
North-South score minus table 2's.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from ...engine.session import Match
from ...rules import VP_SCALES
from ...rules.scales import VP20_SEED
from .common import Flavour, TemplateBook
from .layout import cell_ref, range_ref

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
SUMMARY = {"Teams": 2, "Boards played": 3, "IMPs": 4, "Victory points": 5, "Board-a-match": 6, "Lines with problems": 8}
LABEL_COL, HOME_COL, AWAY_COL = 11, 13, 14


def build(path: Path, flavour: Flavour, rows: int = 36, match: Match | None = None) -> None:
    """Write the scorecard for up to ``rows`` boards, filled with ``match`` if given."""
    if match is not None:
        rows = max(rows, len(match.boards))
    book = TemplateBook(path, flavour, "Team match")
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
    scales = [scale for scale in VP_SCALES if scale.total == 20]
    sheet.validate_list(
        INFO["VP scale"], INFO_COL, 1, book.list_range("VP scales", [scale.name for scale in scales]), True,
        " ".join(f"{scale.name}: {scale.description}." for scale in scales),
    )  # fmt: skip

    def col(index: int) -> str:
        return range_ref(index, FIRST, rows)

    def at(label: str, column: int) -> str:
        return cell_ref(SUMMARY[label], column)

    home_name, away_name, scale = (cell_ref(INFO[label], INFO_COL) for label in ("Home team", "Away team", "VP scale"))
    summary_row = SUMMARY["Teams"]
    ws.merge_range(summary_row, LABEL_COL, summary_row, HOME_COL - 1, "", book.header)
    sheet.formula(summary_row, HOME_COL, f'=IF({home_name}="","Home",{home_name})', book.header)
    sheet.formula(summary_row, AWAY_COL, f'=IF({away_name}="","Away",{away_name})', book.header)
    problems = f'(SUMPRODUCT(({col(CHECK1)}<>"")*1)+SUMPRODUCT(({col(CHECK2)}<>"")*1))'
    played = f'SUMPRODUCT(({col(NET)}<>"")*1)'
    played_cell = at("Boards played", HOME_COL)
    summary = [
        ("Boards played", f"={played}", f"={played}"),
        ("IMPs", f"=IF({problems}>0,NA(),SUM({col(HOME)}))", f"=IF({problems}>0,NA(),SUM({col(AWAY)}))"),
        ("Victory points", "", ""),
        ("Board-a-match", f"=IF({problems}>0,NA(),SUM({col(BAM)}))",
         f"=IF({problems}>0,NA(),{played_cell}-SUM({col(BAM)}))"),
        ("Lines with problems", f"={problems}", ""),
    ]  # fmt: skip
    for label, home, away in summary:
        row = SUMMARY[label]
        ws.merge_range(row, LABEL_COL, row, HOME_COL - 1, label, book.label)
        if home:
            sheet.formula(row, HOME_COL, home, book.computed)
        if away:
            sheet.formula(row, AWAY_COL, away, book.computed)
    margin = f"({at('IMPs', HOME_COL)}-{at('IMPs', AWAY_COL)})"
    discrete = VP20_SEED.name
    vp = f'IF({played_cell}=0,"",IF({scale}="{discrete}",{fn("VP20")}({margin}),{fn("VP20")}({margin},{played_cell})))'
    vp_away = (
        f'IF({played_cell}=0,"",IF({scale}="{discrete}",{fn("VP20")}(-{margin}),{fn("VP20")}(-{margin},{played_cell})))'
    )
    sheet.dynamic(SUMMARY["Victory points"], HOME_COL, 1, f"={vp}", book.computed_2dp)
    sheet.dynamic(SUMMARY["Victory points"], AWAY_COL, 1, f"={vp_away}", book.computed_2dp)

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
    ws.set_column(S2, BAM, 9)
    ws.set_column(HOME_COL, AWAY_COL, 12)  # also the summary's figures: the team names and 2-decimal VPs
    ws.set_column(CHECK1, CHECK2, 40)

    board = col(BOARD)
    sheet.dynamic(FIRST, DEALER, rows, f"={fn('BOARDDEALER')}({board})", book.computed_centre)
    sheet.dynamic(FIRST, VUL, rows, f"={fn('BOARDVUL')}({board})", book.computed_centre)
    table1 = f"{col(C1)},{col(BY1)},{col(R1)},{board}"
    table2 = f"{col(C2)},{col(BY2)},{col(R2)},{board}"
    sheet.dynamic(FIRST, S1, rows, f"={fn('BRIDGESCORE')}({table1})", book.computed)
    sheet.dynamic(FIRST, S2, rows, f"={fn('BRIDGESCORE')}({table2})", book.computed)
    s1, s2, imps = col(S1), col(S2), col(IMPS)
    sheet.dynamic(FIRST, NET, rows, f'=IF(({s1}="")+({s2}=""),"",{s1}-{s2})', book.computed)
    sheet.dynamic(FIRST, IMPS, rows, f"={fn('IMP')}({col(NET)})", book.computed)
    sheet.dynamic(FIRST, HOME, rows, f'=IF({imps}="","",IF({imps}>0,{imps},""))', book.computed)
    sheet.dynamic(FIRST, AWAY, rows, f'=IF({imps}="","",IF({imps}<0,-{imps},""))', book.computed)
    sheet.dynamic(FIRST, BAM, rows, f'=IF({col(NET)}="","",{fn("BAM")}({s1},{s2}))', book.computed)
    sheet.dynamic(FIRST, CHECK1, rows, f"={fn('BRIDGECHECK')}({table1})", book.check)
    sheet.dynamic(
        FIRST,
        CHECK2,
        rows,
        f'=IF({fn("BRIDGECHECK")}({table2})<>"",{fn("BRIDGECHECK")}({table2}),'
        f'IF(({s1}="")<>({s2}=""),"only one table has a result",""))',
        book.check,
    )
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
    ws.repeat_rows(FIRST - 1)
    sheet.protect()
    book.close()
