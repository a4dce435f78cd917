"""``xlbridge publish`` for a teams event: the standings, each round's matches, and the scorecard of each match whose
boards were entered in a team-match workbook, as static pages.

Every figure is the workbook's own: the standings as its Standings sheet shows them
(:func:`~..workbook.report.read_standings`), each match's IMPs and VPs as its Matches sheet shows them, each
scorecard as its team-match workbook shows it. A workbook (the event's, or a scorecard's) changed and not computed
again is refused by the one staleness check (:func:`~..workbook.calc.check_current`). A scorecard belongs to
the event's match between the two teams it names (home and away), and its IMPs must be the ones that match has on
Matches.

The pages use the pairs site's look and pieces (:mod:`xlbridge.files.website.publish`: its base page and stylesheet;
:mod:`~xlbridge.files.website.site_folder`: the folder); their own templates are ``web/teams-*.html``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from ... import __version__
from ...engine.errors import WorkbookError
from ...engine.matches import EventMatch
from ...engine.values import two_decimals
from ..templates import match_layout
from ..templates.event_layout import MATCHES
from ..workbook.blocks import blocks_of, check_blocks
from ..workbook.calc import check_current
from ..workbook.computed import Computed
from ..workbook.evaluate import evaluate
from ..workbook.event import EventBook, read_event_book
from ..workbook.standings import Standings, read_standings
from ..workbook.xlsx import cell_text, open_package, read_values
from .jinja import environment
from .publish import PageNames, figure, session_key, slug
from .site_folder import GENERATOR, STYLESHEET, Page, check_site_folder, write_pages

__all__ = ["EventPublished", "build_event_site", "is_teams_event", "publish_event"]

#: The Match sheet's columns typed at the two tables (contract, declarer, result at each).
TYPED = (match_layout.C1, match_layout.BY1, match_layout.R1, match_layout.C2, match_layout.BY2, match_layout.R2)
#: How closely the engine's VPs must agree with the workbook's (which Excel stores as binary floats).
TOLERANCE = 1e-6


@dataclass(frozen=True)
class EventPublished:
    """What :func:`publish_event` wrote."""

    folder: Path
    pages: int
    rounds: int
    scorecards: int


def is_teams_event(path: Path) -> bool:
    """Whether the workbook at ``path`` is a teams event (it has a Matches and a Standings sheet)."""
    sheets = open_package(path).sheets
    return MATCHES.sheet in sheets and "Standings" in sheets


@dataclass(frozen=True)
class _Shown:
    """A row of Matches as its cells show it."""

    row: int
    match: EventMatch
    home_name: str
    away_name: str
    home_vps: object
    away_vps: object
    check: str


def _shown_matches(path: Path, book: EventBook) -> list[_Shown]:
    values = read_values(open_package(path), MATCHES.sheet)
    out = []
    for row, read in zip(book.numbers, book.rows, strict=True):
        if not isinstance(read, EventMatch):
            continue

        def cell(heading: str, row: int = row) -> object:
            return values.get((row, book.col(heading) + 1))

        out.append(_Shown(row, read, cell_text(cell("Home team")), cell_text(cell("Away team")), cell("Home VPs"),
                          cell("Away VPs"), cell_text(cell("Check"))))  # fmt: skip
    return out


def _agrees(shown: object, exact: Fraction | None) -> bool:
    """A figure a sheet shows and an exact one are the same (within the rounding of a stored float)."""
    if exact is None:
        return shown in (None, "")
    if not isinstance(shown, (int, float)) or isinstance(shown, bool):
        return False
    return bool(abs(shown - float(exact)) <= TOLERANCE)


@dataclass(frozen=True)
class _Scorecard:
    """A team-match workbook attached to one of the event's matches."""

    page: str
    match: _Shown
    context: dict[str, Any]


def _scorecard(path: Path, shown: list[_Shown], used: set[int], names: PageNames) -> _Scorecard:
    """The team-match workbook at ``path``, read as it shows its figures, and the event's match it belongs to; its
    page named for the round and the teams (``match-1-seahorses-puffins.html``; a team by its number where its name
    has no Latin letter or digit), one of ``names``."""
    package = open_package(path)
    computed = check_current(package)  # a scorecard changed and not computed again is refused, as the event is
    called = (computed or evaluate(package, partial=True) or Computed()).arguments  # the blocks its functions read
    check_blocks(package, blocks_of(called))  # and one with a board below the boards its formulas read
    values = read_values(package, "Match")

    def at(row: int, col: int) -> object:
        return values.get((row + 1, col + 1))

    home, away = (
        cell_text(at(match_layout.INFO[label], match_layout.INFO_COL)) for label in ("Home team", "Away team")
    )
    found = [entry for entry in shown if (entry.home_name.casefold(), entry.away_name.casefold())
             == (home.casefold(), away.casefold())]  # fmt: skip
    if not found:
        raise WorkbookError(
            f"{path}: {home or '(no home team)'} v {away or '(no away team)'}: no such match on the event's Matches "
            "(the scorecard's Home team and Away team name the event's teams)"
        )
    if len(found) > 1:
        rounds = ", ".join(str(entry.match.round) for entry in found)
        raise WorkbookError(f"{path}: {home} v {away} is the event's match of rounds {rounds}: which one cannot be "
                            "told (publish one of them)")  # fmt: skip
    entry = found[0]
    if entry.row in used:
        raise WorkbookError(f"{path}: a second scorecard of round {entry.match.round}, {home} v {away}")
    used.add(entry.row)
    summary = {label: (at(row, match_layout.HOME_COL), at(row, match_layout.AWAY_COL))
               for label, row in match_layout.SUMMARY.items()}  # fmt: skip
    imps = summary["IMPs"]
    typed = (entry.match.home_imps, entry.match.away_imps)
    if typed != (None, None) and any(not _agrees(shown_value, Fraction(value) if value is not None else None)
                                     for shown_value, value in zip(imps, typed, strict=True)):  # fmt: skip
        raise WorkbookError(f"{path}: the scorecard gives {figure(imps[0])}-{figure(imps[1])} IMPs, but Matches row "
                            f"{entry.row} has {figure(typed[0])}-{figure(typed[1])}")  # fmt: skip
    boards = []
    last = max((row for row, _ in values), default=0)
    for row in range(match_layout.FIRST, last):
        # The boards the match has: a numbered row with nothing typed at either table (the blank scorecard numbers
        # 24) is none of them.
        if at(row, match_layout.BOARD) in (None, "") or all(at(row, col) in (None, "") for col in TYPED):
            continue
        cells = {name: at(row, index) for index, name in enumerate(match_layout.COLUMNS)}
        boards.append({name.lower().replace(" ", "_").replace("(", "").replace(")", ""): figure(value)
                       for name, value in cells.items()})  # fmt: skip
    match = entry.match
    teams = (slug(home, f"team-{match.home}"), slug(away, f"team-{match.away}"))
    page = names(f"match-{match.round}-{teams[0]}-{teams[1]}".lower())
    context = {
        "home": home,
        "away": away,
        "round": entry.match.round,
        "played": figure(summary["Boards played"][0]),
        "imps": [figure(value) for value in imps],
        "vps": [figure(value) for value in summary["Victory points"]],
        "boards_list": boards,
    }
    return _Scorecard(page, entry, context)


def build_event_site(path: Path, scorecards: list[Path]) -> list[Page]:
    """The pages of the computed teams-event workbook at ``path``, with the scorecards of the team-match
    workbooks ``scorecards``."""
    standings = read_standings(path)  # refused when stale, by the one staleness check
    book = read_event_book(path)
    shown = _shown_matches(path, book)
    used: set[int] = set()
    names = PageNames()
    cards = [_scorecard(card, shown, used, names) for card in scorecards]
    card_of = {card.match.row: card.page for card in cards}
    rounds = sorted({entry.match.round for entry in shown if entry.match.round is not None})
    round_pages = {number: f"round-{number}.html" for number in rounds}
    common = {
        "version": __version__,
        "generator": GENERATOR,
        "stylesheet": STYLESHEET,
        "event": standings.event or "Teams event",
        "session_key": session_key(book.event.name, None, path.name),  # the Settings' name (or the file's)
        "date": "",
        "date_text": "",
        "rounds": [(number, round_pages[number]) for number in rounds],
        # the event's words: Team, Home and Away, or a Swiss pairs event's Pair, NS and EW
        "entrant": standings.entrants.one,
        "home_side": standings.entrants.home,
        "away_side": standings.entrants.away,
        "sides_order": standings.entrants.order,
    }
    pages = [Page("index.html", "teams-index.html", {**common, **_standings_context(standings)})]
    for position, number in enumerate(rounds):
        matches = [_match_context(entry, card_of.get(entry.row, "")) for entry in shown if entry.match.round == number]
        pages.append(Page(round_pages[number], "teams-round.html", {
            **common,
            "number": number,
            "matches": [match for match in matches if not match["bye"]],
            "byes": [match for match in matches if match["bye"]],
            "previous": round_pages[rounds[position - 1]] if position else "",
            "next": round_pages[rounds[position + 1]] if position + 1 < len(rounds) else "",
        }))  # fmt: skip
    for card in cards:
        round_page = round_pages.get(card.match.match.round or 0, "")
        pages.append(Page(card.page, "teams-match.html", {**common, **card.context, "round_page": round_page}))
    return pages


def _standings_context(standings: Standings) -> dict[str, Any]:
    def shown(value: float | None, decimals: bool = True) -> str:
        if value is None:
            return ""
        return two_decimals(value) if decimals else figure(value)

    return {
        "description": standings.description,
        "status": standings.status,
        "board_a_match": standings.board_a_match,
        "with_byes": any(row.byes for row in standings.rows),
        "with_ties": any(row.tie_break for row in standings.rows),
        "played_rounds": list(range(1, standings.rounds + 1)),
        "rows": [
            {
                "place": row.place,
                "team": row.team,
                "name": row.name,
                "played": figure(row.played),
                "byes": figure(row.byes or None),
                "imps_for": shown(row.imps_for, False),
                "imps_against": shown(row.imps_against, False),
                "boards": figure(row.boards),
                "score": shown(row.score),
                "tie_break": row.tie_break,
                "running": [shown(value) for value in row.running[: standings.rounds]],
            }
            for row in standings.rows
        ],
    }


def _match_context(entry: _Shown, card: str) -> dict[str, Any]:
    match = entry.match
    return {
        "bye": match.bye,
        "home": f"{match.home} {entry.home_name}".strip(),
        "away": f"{match.away} {entry.away_name}".strip() if not match.bye else "",
        "imps": [figure(match.home_imps), figure(match.away_imps)],
        "vps": [figure(entry.home_vps), figure(entry.away_vps)],
        "waiting": bool(entry.check),
        "card": card,
    }


def publish_event(workbook: Path, folder: Path, scorecards: list[Path], force: bool = False) -> EventPublished:
    """Write the website of the teams-event ``workbook`` (with the team-match workbooks ``scorecards``) into
    ``folder``, as :func:`~xlbridge.files.website.publish.publish` does a pairs session's."""
    check_site_folder(workbook, folder)
    for card in scorecards:
        if not card.exists():
            raise WorkbookError(f"{card}: no such file")
    jinja = environment()  # the web extra, asked for before the workbooks are read
    pages = build_event_site(workbook, scorecards)
    write_pages(jinja, pages, folder, force)
    rounds = sum(1 for page in pages if page.template == "teams-round.html")
    return EventPublished(folder, len(pages), rounds, len(scorecards))
