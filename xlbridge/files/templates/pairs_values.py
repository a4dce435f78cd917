"""The values a pairs-session workbook computes, worked out directly for a session with no problems.

``xlbridge calc`` computes any workbook with the ``formulas`` engine, which takes about 45 s on a session of 200 boards
x 30 tables (its per-cell work on 6,000-row arrays). For a freshly imported session, whose every line has already
been checked, :func:`session_values` gives the same values in well under a second: the xlbridge columns come from the
same worksheet functions (:mod:`xlbridge.worksheet`), the few native formulas are worked out here as the template
writes them. A test holds the two equal cell by cell on real sessions; anything unusual (a line that needs checking,
a pair with no results) returns None, and the caller falls back to the engine.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ...excel import worksheet
from ...engine.boards import board_dealer, board_vulnerability
from ...engine.session import Session
from ..xlsx import excel_serial
from . import pairs_session as layout

__all__ = ["session_values"]

Values = dict[str, dict[tuple[int, int], Any]]


def _column(values: list[Any]) -> list[list[Any]]:
    return [[value] for value in values]


def _flat(grid: list[list[Any]]) -> list[Any]:
    return [row[0] for row in grid]


def session_values(session: Session) -> Values | None:
    """Every computed cell of the session's workbook (1-based row, column), or None when the engine must do it."""
    rows, pairs, boards, tables = layout.sizes(session)
    lines = session.lines
    padding = [""] * (rows - len(lines))
    board_col = _column([line.board for line in lines] + padding)
    method = session.method
    imp_scoring = method in ("Butler", "Cross-IMP")
    scores = worksheet.bridgescore(
        _column([line.contract for line in lines] + padding),
        _column([line.declarer for line in lines] + padding),
        _column([line.result for line in lines] + padding),
        board_col,
    )
    score_col = [[line.adjusted or score] for line, (score,) in zip(lines, scores, strict=False)] + [[""]] * len(
        padding
    )
    if any(isinstance(score, str) and score.startswith("#") for (score,) in score_col):
        return None
    counts = Counter(line.board for line in lines)
    expected = session.per_board or max(counts.values())
    top = (1 if method == "ACBL" else 2) * (expected - 1)
    if imp_scoring:
        function = worksheet.butler if method == "Butler" else worksheet.crossimp
        ns_points = function(score_col, score_col, "NS", board_col)
        ew_points = function(score_col, score_col, "EW", board_col)
        ns_pct = ew_pct = _column([""] * rows)
    else:
        ns_points = worksheet.matchpoints(score_col, score_col, method, "", board_col)
        ew_points = worksheet.matchpoints(score_col, score_col, f"{method} EW", "", board_col)
        ns_pct = worksheet.matchpoints(score_col, score_col, f"{method} %", expected, board_col)
        ew_pct = worksheet.matchpoints(score_col, score_col, f"{method} EW %", expected, board_col)
    datums = worksheet.datum(score_col, "", board_col) if method == "Butler" else _column([""] * rows)
    checks = [""] * rows
    if any(
        isinstance(v, str) and v.startswith("#") for grid in (ns_points, ew_points, ns_pct, ew_pct) for (v,) in grid
    ):
        return None
    known = {pair.number for pair in session.pairs}
    if any(line.ns not in known or line.ew not in known for line in lines):
        return None  # the Check column would say so: the engine shows it
    results_cols: dict[int, list[Any]] = {
        layout.NS_SCORE: _flat(score_col),
        layout.EW_SCORE: [-v if isinstance(v, int) else v for v in _flat(score_col)],
        layout.NS_POINTS: _flat(ns_points),
        layout.EW_POINTS: _flat(ew_points),
        layout.NS_PCT: [v if not imp_scoring and v != "" else "" for v in _flat(ns_pct)],
        layout.EW_PCT: [v if not imp_scoring and v != "" else "" for v in _flat(ew_pct)],
        layout.DATUM: _flat(datums),
        layout.CHECK: checks,
    }
    values: Values = {name: {} for name in ("Settings", "Results", "Totals", "Ranking", "Travellers")}
    for col, column in results_cols.items():
        for offset, value in enumerate(column):
            values["Results"][(layout.FIRST + offset + 1, col + 1)] = value

    distinct = len(counts)
    settings = {9: expected, 10: top, 11: distinct, 12: len(lines), 13: 0, 14: imp_scoring}
    for row, value in settings.items():
        values["Settings"][(row, 2)] = value

    totals = _totals(session, results_cols, imp_scoring, distinct, top, pairs)
    if totals is None:
        return None
    for offset, record in enumerate(totals):
        for col, value in enumerate(record):
            values["Totals"][(layout.FIRST + offset + 1, col + 1)] = value
    _ranking(values["Ranking"], session, totals, imp_scoring, top, pairs)
    _travellers(values["Travellers"], session, results_cols, boards, tables)
    return values


def _totals(session: Session, columns: dict[int, list[Any]], imp_scoring: bool, distinct: int, top: int,
            pairs: int) -> list[list[Any]] | None:  # fmt: skip
    records: list[list[Any]] = []
    mitchell = session.movement == "Mitchell"
    sides = {"NS": (layout.NS_PCT, layout.NS_POINTS), "EW": (layout.EW_PCT, layout.EW_POINTS)}
    seated: dict[object, list[tuple[str, int]]] = {}  # pair number -> (side, line) in the order of the lines
    for index, line in enumerate(session.lines):
        seated.setdefault(line.ns, []).append(("NS", index))
        seated.setdefault(line.ew, []).append(("EW", index))
    for pair in session.pairs:
        direction = pair.direction
        played = pct_sum = imp_sum = 0.0
        for side, index in seated.get(pair.number, []):
            if direction == ("EW" if side == "NS" else "NS"):
                continue
            pct_col, points_col = sides[side]
            played += 1
            if isinstance(columns[pct_col][index], (int, float)):
                pct_sum += columns[pct_col][index]
            if isinstance(columns[points_col][index], (int, float)):
                imp_sum += columns[points_col][index]
        if not played:
            return None  # a pair with no results: the engine's #VALUE! in its key, shown as it is
        percentage: Any = "" if imp_scoring else pct_sum / played
        total = imp_sum if imp_scoring else percentage / 100 * distinct * top
        players = (pair.players[0] if pair.players else "") + (
            " & " + pair.players[1] if len(pair.players) > 1 and pair.players[1] else ""
        )
        field = 2 if mitchell and direction == "EW" else 1
        key = round(total if imp_scoring else percentage, 6)
        records.append([pair.number, direction, players, int(played), total, percentage, field, key, ""])
    for record in records:
        better = sum(1 for other in records if other[6] == record[6] and other[7] > record[7])
        ties = sum(1 for other in records if other[6] == record[6] and other[7] == record[7])
        record[8] = f"{better + 1}{'=' if ties > 1 else ''}"
    records += [[""] * 9 for _ in range(pairs - len(records))]
    return records


def _ranking(values: dict[tuple[int, int], Any], session: Session, totals: list[list[Any]], imp_scoring: bool,
             top: int, pairs: int) -> None:  # fmt: skip
    values[(1, 1)] = session.event or "Ranking"
    values[(2, 1)] = excel_serial(session.date) if session.date else ""
    values[(3, 1)] = (
        f"{session.method} scoring: total IMPs" if imp_scoring else f"Matchpoints ({session.method}), top {top}"
    )
    present = [record for record in totals if record[0] != ""]
    ordered = sorted(present, key=lambda record: (record[6], -record[7]))
    for offset in range(pairs):
        record = ordered[offset] if offset < len(ordered) else None
        shown = ["" if record is None else record[i] for i in (8, 0, 1, 2, 3, 4, 5)]
        for col, value in enumerate(shown):
            values[(layout.RANKING_FIRST + offset + 1, col + 1)] = value


def _travellers(values: dict[tuple[int, int], Any], session: Session, columns: dict[int, list[Any]],
                boards: int, tables: int) -> None:  # fmt: skip
    shown = [layout.NS, layout.EW, layout.CONTRACT, layout.BY, layout.LEAD, layout.RESULT, layout.NS_SCORE,
             layout.EW_SCORE, layout.NS_POINTS, layout.EW_POINTS]  # fmt: skip
    helper = len(shown) + 2
    for number in range(1, boards + 1):
        values[(number, helper + 2)] = board_dealer(number).value
        values[(number, helper + 3)] = board_vulnerability(number).value
    entered: dict[int, list[Any]] = {
        layout.NS: [line.ns for line in session.lines],
        layout.EW: [line.ew for line in session.lines],
        layout.CONTRACT: [line.contract for line in session.lines],
        layout.BY: [line.declarer for line in session.lines],
        layout.LEAD: [line.lead for line in session.lines],
        layout.RESULT: [line.result for line in session.lines],
    }
    block = tables + 3
    on_board: dict[int, list[int]] = {}
    for index, line in enumerate(session.lines):
        on_board.setdefault(line.board, []).append(index)
    for number in range(1, boards + 1):
        top = (number - 1) * block + 1
        values[(top, 3)] = f"Dealer {board_dealer(number).value}"
        values[(top, 5)] = f"Vulnerable: {board_vulnerability(number).value}"
        indices = on_board.get(number, [])[:tables]
        for offset in range(tables):
            for col, index in enumerate(shown):
                if offset < len(indices):
                    row = indices[offset]
                    value = entered[index][row] if index in entered else columns[index][row]
                else:
                    value = ""
                values[(top + 2 + offset, col + 1)] = value
