"""A season ladder from computed session workbooks: read each session's figures, rank the players, write the ladder
(a workbook, CSV, or a table for the terminal).

The figures are the workbooks' own (as their Totals sheets show them, read by the one reader of a session workbook,
which refuses a stale one), so the ladder agrees with what each session's secretary published. A workbook that
cannot be read, whose lines need checking, or whose movement expects results not in yet, is refused by name.
"""

from __future__ import annotations

import csv
import io
from fractions import Fraction
from pathlib import Path

from ..engine.ladder import Ladder, LadderSession, SessionResult
from ..engine.values import two_decimals
from .tables import text_table
from .xlsx import WorkbookError

__all__ = ["ladder_csv", "ladder_table", "read_ladder_session", "session_label"]


def read_ladder_session(path: Path) -> LadderSession:
    """A computed pairs-session workbook as a ladder reads it (through the one reader of a session workbook, so
    stale or unchecked figures, or a session with results still to come, are refused): every pair's players and
    its percentage (or, IMP scoring, its IMPs and the boards it played), as its Totals sheet shows them."""
    from .session_book import read_session_book

    book = read_session_book(path)
    book.require_complete("a season ladder counts it")  # never a provisional ranking: the session is not all in
    score = book.score
    session = score.session
    two_fields = session.movement.two_fields
    imp_scoring = session.method.imp_scoring
    results = []
    for standing in score.standings:
        pair = standing.pair
        side = f" {pair.direction_text}" if two_fields and pair.direction is not None else ""
        figure = standing.total if imp_scoring else standing.percentage
        exact = Fraction(figure) if isinstance(figure, (int, Fraction)) else None
        results.append(
            SessionResult(
                players=pair.players,
                percentage=None if imp_scoring else exact,
                imps=exact if imp_scoring else None,
                boards=standing.boards,
                label=f"pair {pair.number}{side}",
            )
        )
    if not any(result.percentage is not None or result.imps is not None for result in results):
        raise WorkbookError(f"{path}: no pair has a figure on Totals: the session has no results yet")
    return LadderSession(
        name=path.name,
        event=session.event,
        date=session.date,
        imp_scoring=imp_scoring,
        method=session.method.name,
        results=tuple(results),
    )


def session_label(session: LadderSession, number: int) -> str:
    """A session's column heading: its number and date (``3. 24 Nov 26``), or its number and name."""
    if session.date is not None:
        return f"{number}. {session.date.day} {session.date:%b %y}"
    return f"{number}. {Path(session.name).stem[:14]}"


def _figure(value: Fraction | None) -> str:
    return "" if value is None else two_decimals(float(value))


def ladder_csv(ladder: Ladder) -> str:
    """CSV with a header row: place, player, sessions played and counted, total and average of those counted,
    whether the player qualifies, the sessions not counted (by number), then each session's percentage."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    sessions = [session_label(session, number) for number, session in enumerate(ladder.sessions, start=1)]
    writer.writerow(["place", "player", "played", "counted", "total", "average", "qualified", "not_counted", *sessions])
    for row in ladder.rows:
        dropped = [str(i) for i, (score, kept) in enumerate(zip(row.scores, row.counted, strict=True), 1)
                   if score is not None and not kept]  # fmt: skip
        writer.writerow([row.place, row.player, row.played, row.count, _figure(row.total), _figure(row.average),
                         "yes" if row.qualified else "no", ";".join(dropped), *map(_figure, row.scores)])  # fmt: skip
    return out.getvalue()


def ladder_table(ladder: Ladder, title: str = "") -> str:
    """The ladder as a person reads it: the ranked players, then those still short of the minimum; a percentage not
    counted is shown in brackets."""
    labels = [session_label(session, number) for number, session in enumerate(ladder.sessions, start=1)]
    rows: list[list[object]] = [["Place", "Player", "Played", "Counted", "Average", *labels]]
    for row in ladder.rows:
        shown = ["" if score is None else _figure(score) if kept else f"({_figure(score)})"
                 for score, kept in zip(row.scores, row.counted, strict=True)]  # fmt: skip
        rows.append([row.place, row.player, row.played, row.count, _figure(row.average), *shown])
    table = text_table(rows, right=range(2, len(rows[0])))
    lines = [title or "Season ladder", ladder.description, "", table[0]]
    short = next((index for index, row in enumerate(ladder.rows) if not row.qualified), None)
    for index, line in enumerate(table[1:]):
        if index == short:
            lines += ["", f"Not yet qualified (fewer than {ladder.minimum} sessions):"]
        lines.append(line)
    return "\n".join(lines)
