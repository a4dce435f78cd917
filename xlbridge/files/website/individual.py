"""``xlbridge publish`` for an individual: the ranking of the players, a traveller per board and a scorecard per
player, as static pages with the pairs site's look and pieces (:mod:`.publish`: its base page, figures and
stylesheet; :mod:`.site_folder`: the folder); its own templates are ``web/individual-*.html``.

Every figure is the engine's (:func:`~xlbridge.engine.individual.score_individual`), as ``xlbridge ranking`` prints
it; publishing waits until every result the movement expects is typed.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ... import __version__
from ...engine.boards import board_dealer, board_vulnerability
from ...engine.errors import BridgeInputError
from ...engine.individual import IndividualLine, IndividualScore, PlayerBoard, score_individual
from ...engine.session import Line, NotPlayed
from ...engine.standings import LineScore
from ...rules import Side
from ..interchange.individual import ranking_note, ranking_rows, read_individual
from .jinja import environment
from .publish import SEAT_WORDS, VULNERABILITY_WORDS, _date_text, figure, percentage, session_key
from .site_folder import GENERATOR, STYLESHEET, Page, check_site_folder, write_pages

__all__ = ["IndividualPublished", "build_individual_site", "publish_individual"]


@dataclass(frozen=True)
class IndividualPublished:
    """What :func:`publish_individual` wrote."""

    folder: Path
    pages: int
    boards: int
    players: int


def _player(player: int, names: dict[int, str] | None = None) -> dict[str, str]:
    """A player as the pages link him: his number, his name (where given) and his page."""
    return {"label": str(player), "names": (names or {}).get(player, ""), "href": f"player-{player}.html"}


def _played(row: Line | NotPlayed, seen_by: Side = Side.NS) -> dict[str, str]:
    """A line's contract, declarer, lead and result as a traveller shows them (an adjusted score as ``seen_by``
    sees it; a board not played says so)."""
    if not isinstance(row, Line):
        return {"contract": "Not played", "declarer": "", "lead": "", "result": ""}
    contract = row.contract_text or f"Adjusted {row.adjusted_for(seen_by)}"
    return {"contract": contract, "declarer": row.declarer_text, "lead": row.lead, "result": row.result_text}


def _traveller_line(line: IndividualLine, figures: LineScore) -> dict[str, Any]:
    row = line.row
    shown: dict[str, Any] = {"players": [_player(player) for player in line.players], **_played(row)}
    if not isinstance(row, Line):
        return shown | dict.fromkeys(("ns_score", "ns_points", "ew_points", "ns_percent", "ew_percent"), "")
    return shown | {
        "ns_score": row.adjusted_for(Side.NS) if row.adjusted is not None else figure(figures.ns_score),
        "ns_points": figure(figures.ns_points),
        "ew_points": figure(figures.ew_points),
        "ns_percent": percentage(figures.ns_percent),
        "ew_percent": percentage(figures.ew_percent),
    }


def _card_row(line: IndividualLine, board: PlayerBoard, href: str, names: dict[int, str]) -> dict[str, Any]:
    return {
        "round": "" if line.round is None else str(line.round),
        "board": line.board,
        "board_href": href,
        "seat": SEAT_WORDS[board.seat],
        "partner": _player(board.partner, names),
        "opponents": [_player(opponent, names) for opponent in board.opponents],
        **_played(line.row, Side.NS if board.seat in "NS" else Side.EW),
        "points": figure(board.points),
        "percent": percentage(board.percent),
    }


def build_individual_site(score: IndividualScore, source: str) -> list[Page]:
    """The pages of the scored individual ``score`` (``source``: its file's name, which tells an undated session
    from another)."""
    session = score.session
    if session.waiting:
        raise BridgeInputError(f"{source}: {session.waiting} results the movement expects are not typed yet: publish "
                               "when every result is in (xlbridge ranking shows the provisional ranking)")  # fmt: skip
    boards = {board: f"board-{board}.html" for board in session.boards}
    board_list = session.boards
    common = {
        "version": __version__,
        "generator": GENERATOR,
        "stylesheet": STYLESHEET,
        "session_key": session_key(session.event, session.date, source),
        "event": session.event or "Individual",
        "date": session.date.isoformat() if session.date else "",
        "date_text": _date_text(session.date),
        "imp_scoring": session.method.imp_scoring,
        "boards": [(board, boards[board]) for board in board_list],
    }
    names = dict(session.names)
    columns = ("place", "player", "names", "boards", "score", "percentage")
    rows = [
        dict(zip(columns, row, strict=True)) | {"href": _player(int(row[1]))["href"]} for row in ranking_rows(score)
    ]
    pages = [Page("index.html", "individual-index.html", {**common, "description": ranking_note(score), "rows": rows})]
    traveller: dict[int, list[int]] = {}
    for index, line in enumerate(session.lines):
        traveller.setdefault(line.board, []).append(index)
    for position, number in enumerate(board_list):
        pages.append(Page(boards[number], "individual-board.html", {
            **common,
            "board": number,
            "dealer": SEAT_WORDS[board_dealer(number).value],
            "vulnerability": VULNERABILITY_WORDS[board_vulnerability(number).value],
            "lines": [_traveller_line(session.lines[index], score.lines[index]) for index in traveller[number]],
            "previous": boards[board_list[position - 1]] if position > 0 else "",
            "next": boards[board_list[position + 1]] if position + 1 < len(board_list) else "",
        }))  # fmt: skip
    shown = {row["player"]: row for row in rows}
    plan = session.plan
    sat_out: dict[int, list[str]] = {}  # the rounds each player sits out (4T+1 players)
    if plan is not None:
        for number in range(1, plan.rounds + 1):
            for player in plan.sitting_out(number):
                sat_out.setdefault(player, []).append(f"round {number}")
    for player in session.players:
        card = [_card_row(session.lines[board.line], board, boards[session.lines[board.line].board], names)
                for board in score.card(player)]  # fmt: skip
        pages.append(Page(_player(player)["href"], "individual-player.html", {
            **common,
            "player": str(player),
            "names": names.get(player, ""),
            "place": shown[str(player)]["place"],
            "score": shown[str(player)]["score"],
            "percentage": shown[str(player)]["percentage"],
            "sat_out": sat_out.get(player, []),
            "rows": card,
        }))  # fmt: skip
    return pages


def publish_individual(results: Path, folder: Path, force: bool = False) -> IndividualPublished:
    """Write the website of the individual's results file ``results`` into ``folder``, as
    :func:`~xlbridge.files.website.publish.publish` does a pairs session's."""
    check_site_folder(results, folder)
    jinja = environment()  # the web extra, asked for before the file is read
    score = score_individual(read_individual(results))
    pages = build_individual_site(score, results.name)
    write_pages(jinja, pages, folder, force)
    return IndividualPublished(folder, len(pages), len(score.session.boards), len(score.session.players))
