"""The computed cells of a pairs-session workbook, from the engine's session computation.

:func:`session_cells` lays out what :func:`~xlbridge.engine.standings.score_session` worked out (each result's
scores and points, each pair's total and place, the ranking, each board's traveller) in the cells
:data:`~xlbridge.files.templates.pairs_session.LAYOUT` names, as the workbook's own formulas show them. ``xlbridge
import`` writes these values into the workbook it builds, so that it opens computed; a test holds them equal to
what the formula engine makes of the workbook's formulas, cell by cell.
"""

from __future__ import annotations

from typing import Any

from ...engine.boards import board_dealer, board_vulnerability
from ...engine.session import Line, Session
from ...engine.standings import LineScore, SessionScore, Standing, score_session
from ...excel.cells import ERROR_VALUES, to_cell
from ..xlsx import ExcelErrorValue, excel_serial
from .pairs_session import LAYOUT, Sizes, sizes

__all__ = ["Values", "session_cells"]

#: Cell values by sheet, then by 1-based (row, column).
Values = dict[str, dict[tuple[int, int], Any]]


def _value(figure: object) -> object:
    """An engine figure as the cell stores it: a number, text, "" for nothing, an error value."""
    shown = to_cell(figure)
    return ExcelErrorValue(shown) if isinstance(shown, str) and shown in ERROR_VALUES else shown


def _score_cells(row: object, scored: LineScore) -> tuple[object, object]:
    """NS and EW score cells: the adjusted score as typed (an average stays text), or the points."""
    if isinstance(row, Line) and row.adjusted is not None:
        return row.adjusted_text, row.adjusted_text
    if scored.ns_score is None:
        return ExcelErrorValue("#VALUE!"), ExcelErrorValue("#VALUE!")
    return _value(scored.ns_score), _value(scored.ew_score)


def _results(values: Values, score: SessionScore, size: Sizes) -> dict[str, list[object]]:
    """The computed columns of Results, by heading (also what the travellers show)."""
    imp_scoring = score.session.method.imp_scoring
    butler = score.session.method.comparison == "butler"
    columns: dict[str, list[object]] = {heading: [] for heading in (
        "NS score", "EW score", "NS points", "EW points", "NS %", "EW %", "Datum", "Check")}  # fmt: skip
    for row, scored in zip(score.session.lines, score.lines, strict=True):
        ns, ew = _score_cells(row, scored)
        figures = {
            "NS score": ns,
            "EW score": ew,
            "NS points": _value(scored.ns_points),
            "EW points": _value(scored.ew_points),
            "NS %": "" if imp_scoring else _value(scored.ns_percent),
            "EW %": "" if imp_scoring else _value(scored.ew_percent),
            "Datum": _value(scored.datum) if butler else "",
            "Check": scored.problem,
        }
        for heading, value in figures.items():
            columns[heading].append(value)
    for column in columns.values():
        column.extend([""] * (size.rows - len(column)))
    results = values["Results"]
    for heading, column in columns.items():
        for offset, value in enumerate(column):
            results[LAYOUT.results.position(heading, offset)] = value
    return columns


def _standing_cells(standing: Standing | None, score: SessionScore) -> dict[str, object]:
    if standing is None:
        return dict.fromkeys(LAYOUT.totals.columns, "")
    waiting = "#N/A" if score.problems else ""
    total = _value(standing.total) if standing.total is not None else ExcelErrorValue(waiting) if waiting else ""
    if score.session.method.imp_scoring:
        percentage: object = ""
    else:
        percentage = _value(standing.percentage) if standing.percentage is not None else (
            ExcelErrorValue(waiting) if waiting and standing.boards else "")  # fmt: skip
    key = standing.key
    return {
        "Pair": standing.pair.number,
        "Direction": standing.pair.direction_text,
        "Players": standing.pair.names,
        "Boards": standing.boards,
        "Total": total,
        "%": percentage,
        "Field order": standing.field,
        "Ranking key": "" if key is None else round(float(key), 6),
        "Place": standing.place,
    }


def _description(score: SessionScore) -> str:
    method = score.session.method
    if score.problems:
        return f"Waiting: {score.problems} line(s) on Results need checking"
    if method.imp_scoring:
        return f"{method.name} scoring: total IMPs"
    return f"Matchpoints ({method.name}), top {_value(score.top)}"


def _travellers(values: Values, score: SessionScore, size: Sizes, computed: dict[str, list[object]]) -> None:
    sheet = values["Travellers"]
    helper = LAYOUT.traveller_helper()
    session = score.session
    for number in range(1, size.boards + 1):
        sheet[(number, helper + 2)] = board_dealer(number).value
        sheet[(number, helper + 3)] = board_vulnerability(number).value
    for number in range(1, size.boards + 1):
        top = LAYOUT.traveller_top(number, size.tables) + 1
        sheet[(top, 3)] = f"Dealer {board_dealer(number).value}"
        sheet[(top, 5)] = f"Vulnerable: {board_vulnerability(number).value}"
        rows = score.traveller(number)[: size.tables]
        for offset in range(size.tables):
            for col, heading in enumerate(LAYOUT.traveller_columns, start=1):
                value: object = ""
                if offset < len(rows):
                    value = _entered(session, rows[offset], heading, computed)
                sheet[(top + 2 + offset, col)] = value


def _entered(session: Session, index: int, heading: str, computed: dict[str, list[object]]) -> object:
    if heading in computed:
        return computed[heading][index]
    row = session.lines[index]
    if heading == "NS":
        return "" if row.ns is None else row.ns
    if heading == "EW":
        return "" if row.ew is None else row.ew
    return dict(zip(("Contract", "By", "Lead", "Result", "Adjusted"), row.entered, strict=True))[heading]


def session_cells(session: Session, least: Sizes = Sizes()) -> Values:  # noqa: B008 - a frozen default
    """Every computed cell of the session's workbook, by sheet and 1-based (row, column)."""
    size = sizes(session, least)
    score = score_session(session)
    values: Values = {name: {} for name in ("Settings", "Results", "Totals", "Ranking", "Travellers")}
    computed = _results(values, score, size)
    settings = {
        "Expected": score.expected,
        "Top": _value(score.top),
        "Boards": score.boards,
        "ResultCount": score.results,
        "Problems": score.problems,
        "IMPScoring": session.method.imp_scoring,
    }
    for name, value in settings.items():
        values["Settings"][LAYOUT.setting(name).position] = value
    standings = list(score.standings)
    for offset in range(size.pairs):
        cells = _standing_cells(standings[offset] if offset < len(standings) else None, score)
        for heading, value in cells.items():
            values["Totals"][LAYOUT.totals.position(heading, offset)] = value
    ranking = values["Ranking"]
    (r, c), (dr, dc), (sr, sc) = LAYOUT.ranking_title, LAYOUT.ranking_date, LAYOUT.ranking_description
    ranking[(r + 1, c + 1)] = session.event or "Ranking"
    ranking[(dr + 1, dc + 1)] = excel_serial(session.date) if session.date else ""
    ranking[(sr + 1, sc + 1)] = _description(score)
    ordered = score.ranking
    for offset in range(size.pairs):
        cells = _standing_cells(ordered[offset] if offset < len(ordered) else None, score)
        for heading in LAYOUT.ranking.columns:
            ranking[LAYOUT.ranking.position(heading, offset)] = cells[heading]
    _travellers(values, score, size, computed)
    return values
