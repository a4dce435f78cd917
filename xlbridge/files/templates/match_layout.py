"""Where the team-match workbook keeps what it holds: its board columns, the match's details and the summary, as
the template writes them and the readers (``xlbridge publish`` of a match) find them. Apart from the template so
that a reader needs no workbook writer."""

from __future__ import annotations

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
    "Check",
]
(BOARD, DEALER, VUL, C1, BY1, R1, S1, C2, BY2, R2, S2, NET, IMPS, HOME, AWAY, BAM,
 CHECK) = range(len(COLUMNS))  # fmt: skip
#: Each column's width in characters: what its figures need and no more, so that the scorecard prints on one
#: landscape page (the Board column also holds the labels of the match's details).
WIDTHS = {BOARD: 10, DEALER: 6, VUL: 6, C1: 9, BY1: 4, R1: 7, S1: 8, C2: 9, BY2: 4, R2: 7, S2: 8, NET: 7, IMPS: 7,
          HOME: 11, AWAY: 11, BAM: 6, CHECK: 28}  # fmt: skip
FIRST = 10  # 0-based row of the first board (Excel row 11)
#: The match's details, typed in column B (0-based rows).
INFO = {"Home team": 2, "Away team": 3, "Event": 4, "Date": 5, "VP scale": 6}
INFO_COL, INFO_LAST_COL = 1, 3
#: The summary table (0-based rows; labels across LABEL_COL to HOME_COL - 1, the home team's figures in HOME_COL,
#: the away team's in AWAY_COL; the last row's reason runs on to the right of AWAY_COL).
SUMMARY = {"Teams": 2, "Boards played": 3, "IMPs": 4, "Victory points": 5, "Board-a-match": 6, "Lines with problems": 7}
LABEL_COL, HOME_COL, AWAY_COL = R2, HOME, AWAY
