"""``teams-event.xlsx``: a teams event (round robin or Swiss): matches by round to VPs, running totals, ranking.

Scored by IMPs converted to victory points (the WBF continuous scale for each match's boards, or a discrete
20-VP scale that covers the match's length), or as board-a-match, where each match's result is the board points
each team won. Every row of Matches is checked on its own and waits with its reason; the standings count the rest.
A row with the home team and no away team (or ``BYE``) is a bye, scored by the Settings' bye rule; equal scores
are placed by its tie-break. A repeat meeting the schedule does not allow waits, unless its row's Played again
says Y: the director's word that they did play again. Standings prints in place order on one landscape page.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from pathlib import Path

from ...engine.choices import choose
from ...engine.event import AGAIN_WORDS
from ...engine.matches import Event
from ...excel.event import STANDING_COLUMNS
from ...rules import TEAMS_FORMS
from ...rules.teams import BYE_RULES, ENTRANTS, SCHEDULES, TIE_BREAKS, Entrants
from .common import ENTRY_COLOUR, Flavour, Sheet, TemplateBook, choice_message
from .event_layout import (
    AWAY,
    AWAY_BAM,
    AWAY_IMPS,
    AWAY_NAME,
    AWAY_VP,
    BOARDS,
    CHECK,
    ENTERED,
    FIRST,
    HEADER_ROW,
    HOME,
    HOME_BAM,
    HOME_IMPS,
    HOME_NAME,
    HOME_VP,
    MARGIN,
    MATCH_COLUMNS,
    MATCHES,
    PLAYED_AGAIN,
    ROUND,
    SCALES,
    SETTINGS,
    TEAMS,
    TITLE_ROW,
)
from .layout import EVENT_BLOCK_NAMES, area_ref

__all__ = ["build"]

#: A blank template's size: match rows, teams, and rounds of running totals.
ROWS, TEAM_ROWS, ROUNDS = 200, 20, 10


def build(
    path: Path,
    flavour: Flavour,
    rows: int = ROWS,
    teams: int = TEAM_ROWS,
    rounds: int = ROUNDS,
    event: Event | None = None,
    computed: bool = False,
) -> None:
    """Write the event workbook: ``rows`` match rows, ``teams`` teams, running totals for ``rounds`` rounds,
    filled with ``event`` if given; with ``computed``, with every value computed. For an event, the rounds are
    its planned rounds (or those its matches reach), and there are at least as many match rows as matches."""
    if event is not None:
        rows = max(rows, len(event.matches))
        teams = max(teams, len(event.teams))
        played = [match.round for match in event.matches if match.round is not None]
        rounds = event.rounds or max(played, default=rounds)
        rounds = max([rounds, *played])
    book = TemplateBook(path, flavour, "Teams event", computed)
    book.define_name(EVENT_BLOCK_NAMES["matches"], _matches_block(rows))
    book.define_name(EVENT_BLOCK_NAMES["teams"], _teams_block(teams))
    settings, team_sheet, matches = book.sheet("Settings"), book.sheet("Teams"), book.sheet("Matches")
    standings = book.sheet("Standings")
    entrants = choose(ENTRANTS, event.entrants if event else None, "entrants")
    _settings(book, settings, event)
    _teams(book, team_sheet, teams, event, entrants)
    _matches(book, matches, rows, teams, event, entrants)
    _standings(book, standings, rows, teams, rounds)
    # A blank template opens where it is filled in; an event with matches, on its standings.
    book.book.worksheets()[3 if event is not None and event.matches else 0].activate()
    book.close()


def _settings(book: TemplateBook, sheet: Sheet, event: Event | None) -> None:
    ws, cells = sheet.ws, sheet.cells
    sheet.heading("Fill in the yellow cells here, the teams on Teams and each match on Matches.", (22, 28, 70))
    given = event or Event()
    values: dict[str, object] = {
        "TeamsEvent": given.name,
        "Form": given.form,
        "Scale": given.scale,
        "BoardsPerMatch": given.boards,
        "Schedule": given.schedule or SCHEDULES.default.name,
        "Rounds": given.rounds if given.rounds is not None else "",
        "ByeRule": given.bye_rule or BYE_RULES.default.name,
        "TieBreak": given.tie_break or TIE_BREAKS.default.name,
        "Entrants": given.entrants or ENTRANTS.default.name,
    }
    top = book.book.add_format({"bold": True, "valign": "top"})  # beside the note, which may take a few lines
    for name, cell in SETTINGS.items():
        value = values[name]
        cells.write_string(cell.row, 0, cell.label, top)
        cells.write(cell.row, cell.col, None if value == "" else value, book.entry)
        cells.write_string(cell.row, 2, cell.note, book.note)
        ws.set_row(cell.row, 15 * max(1, -(-len(cell.note) // 80)))  # the note wraps: room for its lines
        book.define_name(name, f"={cell.ref}")
    choices = (("Form", "Forms", TEAMS_FORMS), ("Schedule", "Schedules", SCHEDULES),
               ("ByeRule", "Bye rules", BYE_RULES), ("TieBreak", "Tie-breaks", TIE_BREAKS),
               ("Entrants", "Entrants", ENTRANTS))  # fmt: skip
    for name, label, registry in choices:
        cell = SETTINGS[name]
        sheet.validate_list(cell.row, cell.col, 1, book.list_range(label, registry.names()), True,
                            choice_message(list(registry)))  # fmt: skip
    scale = SETTINGS["Scale"]  # its note, what each scale is for, is short enough to be its message too
    sheet.validate_list(scale.row, scale.col, 1, book.list_range("VP scales", SCALES), True, scale.note)
    ws.set_landscape()  # the settings with what each means beside it, on one page
    ws.fit_to_pages(1, 1)
    sheet.protect()


def _teams(book: TemplateBook, sheet: Sheet, teams: int, event: Event | None, entrants: Entrants) -> None:
    ws, cells = sheet.ws, sheet.cells
    sheet.headers(0, [entrants.side(name) for name in TEAMS.columns])
    for col, width, text in ((0, 7, False), (1, 26, True), (2, 60, True)):  # yellow where the teams block is only
        sheet.entry_column(col, width, text, FIRST, teams)
    ws.fit_to_pages(1, 0)  # one page wide, at 97% or more
    for offset, team in enumerate(event.teams if event else []):
        cells.write_number(FIRST + offset, 0, team.number, book.entry)
        cells.write_string(FIRST + offset, 1, team.name, book.entry_text)
        if team.members:
            cells.write_string(FIRST + offset, 2, team.members, book.entry_text)
    sheet.protect()


def _teams_block(teams: int) -> str:
    return area_ref(FIRST, 0, FIRST + teams - 1, 2, "Teams")


def _matches_block(rows: int) -> str:
    return area_ref(FIRST, ROUND, FIRST + rows - 1, PLAYED_AGAIN, "Matches")


def _blocks(rows: int, teams: int) -> str:
    """The matches block (entries and the names shown between them) and the teams block, by their defined names."""
    return f"{EVENT_BLOCK_NAMES['matches']},{EVENT_BLOCK_NAMES['teams']}"


def _event_arguments(rows: int, teams: int) -> str:
    """The arguments the event functions take: the matches and teams blocks, the form, the scale and the boards
    per match."""
    return f"{_blocks(rows, teams)},Form,Scale,BoardsPerMatch"


def _number(value: int | float | Fraction) -> float | int:
    """A figure as a cell stores it: exact to the decimals typed (21.5)."""
    exact = Fraction(value) if not isinstance(value, float) else Fraction(Decimal(repr(value)))
    if exact.denominator == 1:
        return int(exact)
    return float(Decimal(exact.numerator) / Decimal(exact.denominator))


#: The Matches sheet's column widths in characters: each figure fits its column, and the sheet prints on landscape
#: pages at full width.
MATCH_WIDTHS = {ROUND: 6, HOME: 6, HOME_NAME: 18, AWAY: 6, AWAY_NAME: 18, BOARDS: 6, HOME_IMPS: 7, AWAY_IMPS: 7,
                HOME_BAM: 6, AWAY_BAM: 6, PLAYED_AGAIN: 7, MARGIN: 7, HOME_VP: 7, AWAY_VP: 7, CHECK: 36}  # fmt: skip


def _matches(book: TemplateBook, sheet: Sheet, rows: int, teams: int, event: Event | None, entrants: Entrants) -> None:
    ws, cells = sheet.ws, sheet.cells
    sheet.headers(0, [entrants.side(name) for name in MATCH_COLUMNS])
    for index in (BOARDS, HOME_IMPS, AWAY_IMPS, HOME_BAM, AWAY_BAM):  # yellow where the matches block is only
        sheet.entry_column(index, MATCH_WIDTHS[index], first_row=FIRST, rows=rows)
    centred = book.book.add_format({"locked": False, "bg_color": ENTRY_COLOUR, "align": "center"})
    for index in (ROUND, HOME, AWAY, PLAYED_AGAIN):  # a number centred, apart from its name beside it; Y
        ws.set_column(index, index, MATCH_WIDTHS[index])
        cells.blank_area(FIRST, index, FIRST + rows - 1, index, centred)
    for index, name in ((HOME_NAME, "Home"), (AWAY_NAME, "Away")):
        ws.set_column(index, index, MATCH_WIDTHS[index], book.computed)
        numbers = area_ref(FIRST, MATCHES.col(name), FIRST + rows - 1, MATCHES.col(name), "Matches")
        sheet.dynamic(FIRST, index, rows, f"={book.fn('TEAMNAME')}({numbers},{_teams_block(teams)})", None)
    ws.set_column(MARGIN, MARGIN, MATCH_WIDTHS[MARGIN], book.computed)
    ws.set_column(HOME_VP, AWAY_VP, MATCH_WIDTHS[HOME_VP], book.computed_2dp)
    ws.set_column(CHECK, CHECK, MATCH_WIDTHS[CHECK], book.check)
    formula = f"={book.fn('EVENTMATCHES')}({_event_arguments(rows, teams)},Schedule,ByeRule,Entrants)"
    sheet.dynamic(FIRST, MARGIN, rows, formula, None, cols=4)
    sheet.highlight_problems(FIRST, ROUND, rows, CHECK, CHECK)
    for offset, match in enumerate(event.matches if event else []):
        values = (match.round, match.home, match.away, match.boards, match.home_imps, match.away_imps,
                  match.home_bam, match.away_bam)  # fmt: skip
        for name, value in zip(ENTERED[:-1], values, strict=True):  # the numbers (Played again after them)
            if value is not None:
                look = centred if name in ("Round", "Home", "Away") else book.entry
                cells.write_number(FIRST + offset, MATCHES.col(name), _number(value), look)
        if match.again:
            cells.write_string(FIRST + offset, PLAYED_AGAIN, AGAIN_WORDS[0], centred)
    ws.freeze_panes(1, 0)
    ws.set_landscape()
    ws.set_margins(left=0.4, right=0.4, top=0.5, bottom=0.5)
    filled = len(event.matches) if event is not None and event.matches else rows
    ws.print_area(0, 0, FIRST + filled - 1, CHECK)
    ws.fit_to_pages(1, 0)
    ws.repeat_rows(0)
    sheet.protect()


#: The Standings' column widths in characters (the running totals after them): each figure fits its column.
STANDING_WIDTHS = (5, 5, 22, 6, 5, 7, 8, 7, 15)
ROUND_WIDTH = 7


def _standings(book: TemplateBook, sheet: Sheet, rows: int, teams: int, rounds: int) -> None:
    ws, cells = sheet.ws, sheet.cells
    width = len(STANDING_COLUMNS) + rounds
    ws.set_row(TITLE_ROW, 20)
    info = (f"={book.fn('TEAMSINFO')}(TeamsEvent,Form,Scale,{_blocks(rows, teams)},BoardsPerMatch,Rounds,Schedule,"
            "ByeRule,TieBreak)")  # fmt: skip
    sheet.dynamic(TITLE_ROW, 0, 3, info, None, formats=[book.title, book.subtitle, book.subtitle])
    looks = [book.shown_text if index in (2, 8) else book.shown_2dp if index == 7 else book.shown
             for index in range(len(STANDING_COLUMNS))] + [book.shown_2dp] * rounds  # fmt: skip
    for index, chars in enumerate([*STANDING_WIDTHS, *[ROUND_WIDTH] * rounds]):
        ws.set_column(index, index, chars, looks[index])
    formula = (f"={book.fn('STANDINGS')}({_event_arguments(rows, teams)},{rounds},Schedule,ByeRule,"
               "TieBreak,Entrants)")  # fmt: skip
    # The function fills the headings' row too: it looks like headings, and each team's row like its columns.
    sheet.dynamic(HEADER_ROW, 0, teams + 1, formula, None, cols=width, formats=[book.header])
    for row in range(HEADER_ROW + 1, HEADER_ROW + 1 + teams):
        for col, look in enumerate(looks):
            cells.write_blank(row, col, None, look)
    ws.set_row(HEADER_ROW, 45 if rounds >= 10 else 30)  # "After round 10" takes three lines
    ws.freeze_panes(HEADER_ROW + 1, 3)
    ws.set_landscape()
    ws.set_margins(left=0.4, right=0.4, top=0.5, bottom=0.5)
    ws.print_area(0, 0, HEADER_ROW + teams, width - 1)
    ws.fit_to_pages(1, 1)
    sheet.protect()
