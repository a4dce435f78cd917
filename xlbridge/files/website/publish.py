"""``xlbridge publish``: a computed pairs-session workbook as a static results website.

The pages: ``index.html`` (the event, the date and the ranking, field by field), one page per board with its
traveller (``board-N.html``), one page per pair with its personal scorecard (``pair-LABEL.html``), and the
stylesheet. No server and no JavaScript: plain HTML5 that reads on a phone and prints.

Every figure is the workbook's own: the workbook is read by the one reader of a session workbook
(:mod:`xlbridge.files.workbook.session_book`), which works the session out as the workbook's formulas do and refuses a
workbook whose stored values are not those of its entries (changed and not computed again), so the ranking, the
travellers and the scorecards (whose running figures the workbook does not hold) are the figures its sheets show.

Pages are written by Jinja2 templates (the ``web`` extra) with autoescaping on: every name and text from the
workbook is escaped.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from pathlib import Path
from typing import Any

from ... import __version__
from ...engine.against_par import against_par
from ...engine.boards import board_dealer, board_vulnerability
from ...engine.errors import BridgeInputError
from ...engine.movements import Seating
from ...engine.pairs import Pair, PairNumber
from ...engine.scorecards import Scorecard, listed_pair, pair_labels, scorecards
from ...engine.session import Line, NotPlayed, Session
from ...engine.standings import SessionScore
from ...engine.text import shown_text
from ...engine.values import count, two_decimals
from ...rules import Side, Strats
from ..workbook.report import Ranking, RankingRow, session_ranking, stratified_ranking
from ..workbook.session_book import read_session_book
from ..workbook.xlsx import ExcelErrorValue
from .handrecord_pages import diagram_context
from .jinja import environment
from .site_folder import GENERATOR, STYLESHEET, Page, check_site_folder, write_pages

__all__ = [
    "LATIN_LETTERS",
    "MOST_IN_SLUG",
    "PageNames",
    "Published",
    "Site",
    "build_site",
    "figure",
    "publish",
    "session_key",
    "slug",
]

SIDE_WORDS = {Side.NS: "North-South", Side.EW: "East-West"}
FIELD_WORDS = {side.value: words for side, words in SIDE_WORDS.items()}
SEAT_WORDS = {"N": "North", "E": "East", "S": "South", "W": "West"}
VULNERABILITY_WORDS = {"None": "None", "NS": "North-South", "EW": "East-West", "Both": "Both"}


@dataclass(frozen=True)
class PairLink:
    """A pair as the pages name it: its label (``7``, or ``7NS`` in a Mitchell), players, and its page."""

    label: str
    names: str
    href: str


@dataclass(frozen=True)
class Field:
    """One field of the ranking: its heading and its rows, in the workbook's order, and who sat out (see
    :func:`_sat_out_note`)."""

    title: str
    rows: list[dict[str, Any]]
    note: str = ""


@dataclass(frozen=True)
class Site:
    """What a publication holds, page by page, before it is written."""

    pages: list[Page]
    #: The file name of each board's page, and of each pair's (by label).
    boards: dict[int, str]
    pairs: dict[str, str]


@dataclass(frozen=True)
class Published:
    """What :func:`publish` wrote."""

    folder: Path
    pages: int
    boards: int
    pairs: int


def figure(value: object) -> str:
    """A figure as the pages print it: whole numbers as they are, others to 2 decimals; nothing for a blank."""
    if value is None or value == "":
        return ""
    if isinstance(value, ExcelErrorValue):
        return value.code
    if isinstance(value, BridgeInputError):
        return "?"
    if isinstance(value, bool):
        return str(value).upper()
    if isinstance(value, (int, float, Fraction)):
        number = float(value)
        return str(int(number)) if number.is_integer() else two_decimals(number)
    return str(value)


def percentage(value: object) -> str:
    """A percentage to 2 decimals, as the Ranking sheet shows it."""
    if isinstance(value, (int, float, Fraction)) and not isinstance(value, bool):
        return two_decimals(float(value))
    return figure(value)


#: The Latin letters that keep no plain letter when their accents are taken off (NFKD), as a file name writes them.
LATIN_LETTERS = str.maketrans({"ß": "ss", "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ø": "o", "Ø": "O",
                               "đ": "d", "Đ": "D", "ð": "d", "Ð": "D", "ł": "l", "Ł": "L", "þ": "th", "Þ": "Th",
                               "ı": "i"})  # fmt: skip
#: The most characters of a name (a pair's label, a team's name) that a page's file name keeps: a file system takes
#: 255 bytes for a file name, and a match's page names two teams.
MOST_IN_SLUG = 40


def slug(text: str, instead: str) -> str:
    """``text`` as part of a page's file name: its Latin letters (without their accents: ``Dvořák`` is ``Dvorak``)
    and digits, every other run of characters one hyphen, at most :data:`MOST_IN_SLUG` characters; ``instead``
    where nothing is left of it (a name in Greek or Cyrillic letters)."""
    plain = unicodedata.normalize("NFKD", text.translate(LATIN_LETTERS)).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^A-Za-z0-9]+", "-", plain)[:MOST_IN_SLUG].strip("-") or instead


class PageNames:
    """The file names of a publication's pages, each its own however alike the names they are made from: ``STEM.html``,
    or where an earlier page has that name (as file systems that take ``A`` and ``a`` for one letter compare them:
    Windows', macOS's), ``STEM-2.html``, ``STEM-3.html``..."""

    def __init__(self) -> None:
        self.used: set[str] = set()

    def __call__(self, stem: str) -> str:
        name, extra = f"{stem}.html", 2
        while name.casefold() in self.used:  # labels that differ only in punctuation ("7 A", "7-A") or letters
            name, extra = f"{stem}-{extra}.html", extra + 1
        self.used.add(name.casefold())
        return name


def _pair_pages(session: Session, show_numbers: bool = False) -> dict[Pair, PairLink]:
    """Each pair's link: its label, players (with their membership numbers where ``show_numbers``) and page
    (``pair-7NS.html``, :class:`PageNames`)."""
    names = PageNames()
    return {pair: PairLink(label, pair.numbered_names if show_numbers else pair.names,
                           names(f"pair-{slug(label, 'pair')}"))
            for pair, label in pair_labels(session).items()}  # fmt: skip


def _date_text(date: dt.date | None) -> str:
    return f"{date.day} {date:%B %Y}" if date else ""


def _sit_outs(session: Session) -> dict[tuple[str, str], list[Seating]]:
    """The rounds each pair sat out (its opponents' seat empty: an odd number of pairs), by the pair's number and
    direction as the ranking shows them; only the pairs that sat out, and none without the movement."""
    plan = session.plan
    if plan is None:
        return {}
    return {(str(pair.label), pair.direction_text): sat for pair in session.pairs if (sat := plan.sit_outs(pair))}


def _sat_out_note(pairs: list[tuple[str, str]], sit_outs: dict[tuple[str, str], list[Seating]], everyone: int) -> str:
    """Why some pairs of a field (``pairs``, by number and direction, in the ranking's order) show fewer boards:
    who sat out, how many rounds and boards (``everyone``: the session's pairs); "" when none did."""
    groups: dict[tuple[int, int], list[str]] = {}
    for key in sorted(pairs, key=lambda key: (len(key[0]), key)):  # by number: 2 before 10
        if key in sit_outs:
            sat = sit_outs[key]
            groups.setdefault((len(sat), sum(len(seating.boards.boards) for seating in sat)), []).append(key[0])
    said = []
    for (rounds, boards), numbers in groups.items():
        many = len(numbers) > 1
        listed = f"{', '.join(numbers[:-1])} and {numbers[-1]}" if many else numbers[0]
        out = "a round" if rounds == 1 else count(rounds, "round")
        said.append(f"{'Pairs' if many else 'Pair'} {listed} {'each ' if many else ''}sat out {out} "
                    f"({count(boards, 'board')})")  # fmt: skip
    if not said:
        return ""
    return (f"{'; '.join(said)}: with {everyone} pairs, whoever meets the empty seat has no opponents that round, "
            "and a pair's percentage is of the boards it played.")  # fmt: skip


def _ranking_fields(
    ranking: Ranking,
    links: dict[tuple[str, str], PairLink],
    two_fields: bool,
    sat_out: Callable[..., str],
    show_numbers: bool = False,
) -> list[Field]:
    """The ranking's rows as the Ranking sheet orders them: one field, or North-South and East-West apart; each
    saying who sat out, and why they played fewer boards (``sat_out``: :func:`_sat_out_note` of a field's pairs).
    With ``show_numbers`` the names are the links', each player's membership number beside him. In a session of
    two sections or more, each section's fields, then the overall ones."""
    grouped: dict[tuple[str, str], list[RankingRow]] = {}
    for row in ranking.rows:
        grouped.setdefault((f"Section {row.section}" if row.section else "", row.direction if two_fields else ""),
                           []).append(row)  # fmt: skip
    for row in ranking.overall:
        grouped.setdefault(("Overall", row.direction if two_fields else ""), []).append(row)
    fields = []
    for (section, direction), rows in grouped.items():
        shown = []
        for row in rows:
            link = links.get((row.pair, row.direction))
            shown.append(
                {
                    "place": row.place,
                    "pair": row.pair,
                    "href": link.href if link else "",
                    "names": link.names if show_numbers and link else row.names,
                    "boards": "" if row.boards is None else str(row.boards),
                    "score": "" if row.score is None else two_decimals(row.score),
                    "percentage": "" if row.percentage is None else two_decimals(row.percentage),
                    "masterpoints": "" if row.masterpoints is None else str(row.masterpoints),
                    "strat": row.strat,
                    "strat_places": row.strat_places,
                }
            )
        note = sat_out([(row.pair, row.direction) for row in rows])
        words = FIELD_WORDS.get(direction, "" if section else "All pairs")
        fields.append(Field(" - ".join(part for part in (section, words) if part), shown, note))
    return fields


def _traveller(
    score: SessionScore, board: int, links: dict[Pair, PairLink], versus_par: list[int | Fraction | None]
) -> list[dict[str, Any]]:
    session = score.session

    def link(number: PairNumber, side: Side, section: str) -> PairLink | None:
        pair = listed_pair(session, number, side, section)
        return None if pair is None else links[pair]

    rows = []
    for index in score.traveller(board):
        line = session.lines[index]
        if isinstance(line, NotPlayed):  # the line is there, nothing was scored on it
            rows.append({"ns": link(line.ns, Side.NS, line.section), "ns_number": f"{line.section}{line.ns}",
                         "ew": link(line.ew, Side.EW, line.section), "ew_number": f"{line.section}{line.ew}",
                         "contract": "Not played", "declarer": "", "lead": "",
                         "result": "", "ns_score": "", "ew_score": "", "ns_points": "", "ew_points": "",
                         "ns_percent": "", "ew_percent": "", "vs_par": ""})  # fmt: skip
            continue
        assert isinstance(line, Line)  # a workbook with lines to check is not published
        figures = score.lines[index]
        ns_points, ew_points = figures.ns_points, figures.ew_points
        ns_score: object
        ew_score: object
        if line.adjusted is not None:  # each side's column as that side sees it (A6040: A+ and A-)
            ns_score, ew_score = line.adjusted_for(Side.NS), line.adjusted_for(Side.EW)
        else:
            ns_score, ew_score = figures.ns_score, figures.ew_score
        rows.append(
            {
                "ns": link(line.ns, Side.NS, line.section),
                "ns_number": f"{line.section}{line.ns}",
                "ew": link(line.ew, Side.EW, line.section),
                "ew_number": f"{line.section}{line.ew}",
                "contract": line.contract_text or (f"Adjusted {line.adjusted_text}" if line.adjusted_text else ""),
                "declarer": line.declarer_text,
                "lead": line.lead,
                "result": line.result_text,
                "ns_score": figure(ns_score),
                "ew_score": figure(ew_score),
                "ns_points": figure(ns_points),
                "ew_points": figure(ew_points),
                "ns_percent": percentage(figures.ns_percent),
                "ew_percent": percentage(figures.ew_percent),
                "vs_par": _signed(versus_par[index]),
            }
        )
    return rows


def _signed(value: int | Fraction | None, sign: int = 1) -> str:
    """A score against par as the pages print it: ``+50``, ``-620``, ``0``; nothing where there is none."""
    if value is None:
        return ""
    shown = figure(value * sign)
    return shown if shown.startswith("-") or shown == "0" else f"+{shown}"


def _card_rows(
    card: Scorecard, links: dict[Pair, PairLink], boards: dict[int, str], versus_par: list[int | Fraction | None]
) -> list[dict[str, Any]]:
    """A scorecard's rows: each board's points and percentage as the workbook shows them, the running figures,
    and the score against par from the pair's side."""
    rows = []
    for row in card.rows:
        rows.append(
            {
                "round": "" if row.round is None else str(row.round),
                "board": row.board,
                "board_href": boards[row.board],
                "opponents": links.get(row.opponents),
                "opponents_number": str(row.opponents.label),
                "direction": row.direction.value,
                "contract": row.contract or (f"Adjusted {row.adjusted}" if row.adjusted else ""),
                "declarer": row.declarer,
                "lead": row.lead,
                "result": row.result,
                "score": figure(row.score) if row.score is not None else row.adjusted,
                "points": figure(row.points),
                "percent": percentage(row.percent),
                "running_points": figure(row.running_points),
                "running_percent": percentage(row.running_percent),
                "vs_par": _signed(versus_par[row.line], 1 if row.direction is Side.NS else -1),
            }
        )
    return rows


def build_site(path: Path, strats: Strats | None = None, show_numbers: bool = False) -> Site:
    """The pages of the computed pairs-session workbook at ``path``: refused while it is stale, has lines to check,
    or lacks results its movement expects. With ``strats``, the ranking is by strats (each pair's strat and its
    place in each strat it competes in, :func:`~..workbook.report.stratified_ranking`). The players' membership
    numbers are shown only with ``show_numbers`` (a public page names players, not their federation numbers, unless
    the club asks)."""
    book = read_session_book(path)
    book.require_complete("publishing")
    hands = book.hands()  # the deals the workbook carries (its Hands sheet), by board
    versus_par = against_par(book.score, {board: a.par.score for board, a in hands.items() if a.par is not None})
    ranking = session_ranking(book) if strats is None else stratified_ranking(book, strats)
    engine = book.score
    session = engine.session
    two_fields = session.field_kind.two_fields
    imp_scoring = session.method.imp_scoring
    links = _pair_pages(session, show_numbers)
    by_label = {(str(pair.label), pair.direction_text): link for pair, link in links.items()}
    sit_outs = _sit_outs(session)
    sat_out = partial(_sat_out_note, sit_outs=sit_outs, everyone=len(session.pairs))
    boards = {board: f"board-{board}.html" for board in session.boards}
    date = ranking.date or session.date
    shown_ranking = {(row.pair, row.direction): row for row in ranking.rows}
    common = {
        "version": __version__,
        "generator": GENERATOR,
        "session_key": session_key(session.event, date, path.name),
        "stylesheet": STYLESHEET,
        "event": session.event or "Results",
        "date": date.isoformat() if date else "",
        "date_text": _date_text(date),
        "description": ranking.description,
        "imp_scoring": imp_scoring,
        "scale": ranking.masterpoints,  # the masterpoint scale the pages show the awards of ("": none)
        "strats": ranking.strats,  # a ranking by strats: a Strat column and a place column for each
        "boards": [(board, boards[board]) for board in session.boards],
        "with_par": any(value is not None for value in versus_par),
    }
    pages = [
        Page(
            "index.html",
            "index.html",
            {
                **common,
                "fields": _ranking_fields(ranking, by_label, two_fields, sat_out, show_numbers),
                "with_percent": not imp_scoring,
            },
        )
    ]
    board_list = session.boards
    for position, board in enumerate(board_list):
        analysis = hands.get(board)
        dealer = analysis.record.dealer if analysis else board_dealer(board)  # a hand record's own, where given
        vulnerability = (analysis.record.vulnerability if analysis else board_vulnerability(board)).value
        first = next((i for i in engine.traveller(board) if isinstance(session.lines[i], Line)), None)  # a datum's
        datum = engine.lines[first].datum if first is not None and session.method.comparison == "butler" else None
        pages.append(
            Page(
                boards[board],
                "board.html",
                {
                    **common,
                    "board": board,
                    "dealer": SEAT_WORDS[dealer.value],
                    "hand": diagram_context(analysis) if analysis else None,
                    "no_deal": bool(hands) and analysis is None,
                    "vulnerability": VULNERABILITY_WORDS[vulnerability],
                    "datum": figure(datum) if datum not in (None, "") else "",
                    "lines": _traveller(engine, board, links, versus_par),
                    "previous": boards[board_list[position - 1]] if position > 0 else "",
                    "next": boards[board_list[position + 1]] if position + 1 < len(board_list) else "",
                },
            )
        )
    for card in scorecards(engine):
        link = links[card.pair]
        shown = shown_ranking.get((str(card.pair.label), card.pair.direction_text))
        pages.append(
            Page(
                link.href,
                "pair.html",
                {
                    **common,
                    "pair": link,
                    "direction": SIDE_WORDS[card.pair.direction] if two_fields and card.pair.direction else "",
                    "place": shown.place if shown else "",
                    "score": "" if shown is None or shown.score is None else two_decimals(shown.score),
                    "percentage": "" if shown is None or shown.percentage is None else two_decimals(shown.percentage),
                    "masterpoints": "" if shown is None or shown.masterpoints is None else str(shown.masterpoints),
                    "sat_out": [
                        f"round {sat.round} (boards {sat.boards}): no opponents at table {sat.table}"
                        for sat in sit_outs.get((str(card.pair.label), card.pair.direction_text), [])
                    ],
                    "rows": _card_rows(card, links, boards, versus_par),
                    "with_rounds": any(row.round is not None for row in card.rows),
                    # A pair that sat one way all evening (a Mitchell) needs no direction on every line.
                    "with_directions": len({row.direction for row in card.rows}) > 1,
                },
            )
        )
    return Site(pages, boards, {link.label: link.href for link in links.values()})


def session_key(event: str, date: dt.date | None, source: str) -> str:
    """Which session a publication is of, as its pages' head says it: the event and its date (``Tuesday pairs, 24
    November 2026``); without a date, the event and the workbook's file name as a digest (``Tuesday pairs, undated
    (workbook 5d41402a)``: the file name tells a week's session from another's, and a public page does not show
    it), its control characters escaped (:func:`~xlbridge.engine.text.shown_text`). Publishing the same session
    again replaces its pages; another session's are kept."""
    when = _date_text(date)
    if when:
        return shown_text(f"{event}, {when}" if event else f"the session of {when}")
    workbook = hashlib.sha256(source.encode("utf-8", "surrogateescape")).hexdigest()[:8]  # the bytes of its name
    return shown_text(f"{event or 'a session'}, undated (workbook {workbook})")


def publish(workbook: Path, folder: Path, force: bool = False, strats: Strats | None = None,
            show_numbers: bool = False) -> Published:  # fmt: skip
    """Write the website of ``workbook`` into ``folder``: a new or empty folder, or an earlier publication (which
    is replaced whole); another session's only with ``force``; never a folder holding anything else. With
    ``strats``, its ranking is by strats; the players' membership numbers are printed beside their names only with
    ``show_numbers``."""
    check_site_folder(workbook, folder)
    jinja = environment()  # the web extra, asked for before the workbook is read
    site = build_site(workbook, strats, show_numbers)
    write_pages(jinja, site.pages, folder, force)
    return Published(folder, len(site.pages), len(site.boards), len(site.pairs))
