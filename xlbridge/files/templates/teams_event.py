"""``teams-event.xlsx``: a teams event (round robin or Swiss): matches by round to VPs, running totals, ranking.

Scored by IMPs converted to victory points (the WBF continuous scale for each match's boards, or the discrete 20-VP
scale), or as board-a-match, where each match's result is the board points each team won.
"""

from __future__ import annotations

from pathlib import Path

from ...engine.scales import vp_scales
from ...engine.session import Event
from ...rules import TEAMS_FORMS
from .common import Flavour, Sheet, TemplateBook, choice_message
from .layout import Block, area_ref, cell_ref, range_ref

__all__ = ["STANDINGS", "STANDINGS_SUBTITLE", "STANDINGS_TITLE", "build"]

MATCH_COLUMNS = [
    "Round",
    "Home",
    "Away",
    "Boards",
    "Home IMPs",
    "Away IMPs",
    "Home BAM",
    "Away BAM",
    "IMP margin",
    "Home VPs",
    "Away VPs",
    "Check",
]
ROUND, HOME, AWAY, BOARDS, HOME_IMPS, AWAY_IMPS, HOME_BAM, AWAY_BAM, MARGIN, HOME_VP, AWAY_VP, CHECK = range(12)
STANDING_COLUMNS = ["Team", "Name", "Played", "IMPs for", "IMPs against", "VPs", "BAM points", "Score", "Place"]
S_TEAM, S_NAME, S_PLAYED, S_FOR, S_AGAINST, S_VP, S_BAM, S_SCORE, S_PLACE = range(len(STANDING_COLUMNS))
FIRST = 1
#: The teams-event forms and the 20-VP scales its Settings offer.
FORMS = TEAMS_FORMS.names()
SCALES = [scale.name for scale in vp_scales(total=20)]


def build(
    path: Path,
    flavour: Flavour,
    rows: int = 200,
    teams: int = 20,
    rounds: int = 15,
    event: Event | None = None,
    computed: bool = False,
) -> None:
    """Write the event workbook: ``rows`` match rows, ``teams`` teams, running totals for ``rounds`` rounds,
    filled with ``event`` if given; with ``computed``, with every value computed."""
    if event is not None:
        rows = max(rows, len(event.matches))
        teams = max(teams, len(event.teams))
        rounds = max([rounds, *(match.round for match in event.matches if match.round is not None)])
    book = TemplateBook(path, flavour, "Teams event", computed)
    settings, team_sheet, matches = book.sheet("Settings"), book.sheet("Teams"), book.sheet("Matches")
    standings = book.sheet("Standings")
    _settings(book, settings, event)
    _teams(book, team_sheet, event)
    _matches(book, matches, rows, teams, event)
    _standings(book, standings, rows, teams, rounds)
    # A blank template opens where it is filled in; an event with matches, on its standings.
    book.book.worksheets()[3 if event is not None and event.matches else 0].activate()
    book.close()


def _settings(book: TemplateBook, sheet: Sheet, event: Event | None) -> None:
    ws = sheet.ws
    ws.set_column(0, 0, 22)
    ws.set_column(1, 1, 28)
    ws.set_column(2, 2, 70)
    ws.write("A1", "Teams event", book.title)
    ws.write("A2", "Fill in the yellow cells here, the teams on Teams and each match on Matches.", book.subtitle)
    given = event or Event()
    rows: list[tuple[str, str, object, str]] = [
        ("Event", "TeamsEvent", given.name, "The event's name."),
        ("Form of scoring", "Form", given.form,
         choice_message(list(TEAMS_FORMS))),
        ("VP scale", "Scale", given.scale,
         "WBF: continuous 20-VP scale for the match's boards (2 decimals). 20: the discrete 20-VP scale."),
        ("Boards per match", "BoardsPerMatch", given.boards, "Used where a match row leaves Boards blank."),
    ]  # fmt: skip
    for offset, (label, name, value, note) in enumerate(rows):
        row = 2 + offset
        ws.write_string(row, 0, label, book.label)
        ws.write(row, 1, value, book.entry) if value != "" else ws.write_blank(row, 1, None, book.entry)
        ws.write_string(row, 2, note, book.note)
        book.book.define_name(name, f"={cell_ref(row, 1, 'Settings')}")
    sheet.validate_list(3, 1, 1, book.list_range("Forms", FORMS), True, " or ".join(FORMS))
    sheet.validate_list(
        4, 1, 1, book.list_range("VP scales", SCALES), True,
        choice_message(vp_scales(total=20)),
    )  # fmt: skip
    ws.set_landscape()  # one page wide, at 100%
    ws.fit_to_pages(1, 0)
    sheet.protect()


def _teams(book: TemplateBook, sheet: Sheet, event: Event | None) -> None:
    ws = sheet.ws
    sheet.headers(0, ["Team", "Name", "Members"])
    sheet.entry_column(0, 7)
    sheet.entry_column(1, 26, text=True)
    sheet.entry_column(2, 60, text=True)
    ws.fit_to_pages(1, 0)  # one page wide, at 97% or more
    for offset, team in enumerate(event.teams if event else []):
        ws.write_number(FIRST + offset, 0, team.number, book.entry)
        ws.write_string(FIRST + offset, 1, team.name, book.entry_text)
        if team.members:
            ws.write_string(FIRST + offset, 2, team.members, book.entry_text)
    sheet.protect()


def _event_arguments(rows: int, teams: int) -> str:
    """The arguments the event functions take: the matches and teams blocks, the form, the scale, boards per match."""
    matches = area_ref(FIRST, ROUND, FIRST + rows - 1, AWAY_BAM, "Matches")
    return f"{matches},{area_ref(FIRST, 0, FIRST + teams - 1, 2, 'Teams')},Form,Scale,BoardsPerMatch"


def _matches(book: TemplateBook, sheet: Sheet, rows: int, teams: int, event: Event | None) -> None:
    ws = sheet.ws
    sheet.headers(0, MATCH_COLUMNS)
    for index in (ROUND, HOME, AWAY, BOARDS, HOME_IMPS, AWAY_IMPS, HOME_BAM, AWAY_BAM):
        sheet.entry_column(index, 8)
    ws.set_column(MARGIN, MARGIN, 9, book.computed)
    ws.set_column(HOME_VP, AWAY_VP, 9, book.computed_2dp)
    ws.set_column(CHECK, CHECK, 48, book.check)
    sheet.dynamic(FIRST, MARGIN, rows, f"={book.fn('EVENTMATCHES')}({_event_arguments(rows, teams)})", None, cols=4)
    sheet.highlight_problems(FIRST, ROUND, rows, CHECK, CHECK)
    for offset, match in enumerate(event.matches if event else []):
        values = (match.round, match.home, match.away, match.boards, match.home_imps, match.away_imps,
                  match.home_bam, match.away_bam)  # fmt: skip
        for index, value in enumerate(values):
            if value is not None:
                ws.write_number(FIRST + offset, index, value, book.entry)
    ws.freeze_panes(1, 0)
    ws.set_landscape()
    ws.fit_to_pages(1, 0)
    ws.repeat_rows(0)
    sheet.protect()


#: The Standings sheet: the title and subtitle rows, the headings' row.
TITLE_ROW, HEADER_ROW = 0, 3
#: Where the readers (``xlbridge standings``) find the Standings sheet's table, as :func:`_standings` writes it (a
#: team a row under the headings), and its title and subtitle (0-based row, column).
STANDINGS = Block("Standings", tuple(STANDING_COLUMNS), HEADER_ROW, HEADER_ROW + 1)
STANDINGS_TITLE, STANDINGS_SUBTITLE = (TITLE_ROW, 0), (TITLE_ROW + 1, 0)


def _standings(book: TemplateBook, sheet: Sheet, rows: int, teams: int, rounds: int) -> None:
    ws = sheet.ws
    width = len(STANDING_COLUMNS) + rounds
    ws.set_row(TITLE_ROW, 20)
    sheet.dynamic(TITLE_ROW, 0, 2, f"={book.fn('TEAMSINFO')}(TeamsEvent,Form,Scale)", None,
                  formats=[book.title, book.subtitle])  # fmt: skip
    sheet.headers(HEADER_ROW, STANDING_COLUMNS + [f"After round {r}" for r in range(1, rounds + 1)])
    ws.set_column(S_TEAM, S_TEAM, 6, book.shown_whole)
    ws.set_column(S_NAME, S_NAME, 20, book.shown_text)
    ws.set_column(S_PLAYED, S_PLAYED, 7, book.shown_whole)
    ws.set_column(S_FOR, S_AGAINST, 8, book.shown_whole)
    ws.set_column(S_VP, S_SCORE, 8, book.shown_2dp)
    ws.set_column(S_PLACE, S_PLACE, 6, book.shown)
    ws.set_column(S_PLACE + 1, S_PLACE + rounds, 7, book.shown_2dp)
    formula = f"={book.fn('STANDINGS')}({_event_arguments(rows, teams)},{rounds})"
    sheet.dynamic(HEADER_ROW + 1, 0, teams, formula, None, cols=width)
    ws.freeze_panes(HEADER_ROW + 1, 2)
    ws.set_landscape()
    ws.fit_to_pages(1, 0)
    # Printed: the standings and the running totals of the rounds played so far (the highest round on Matches), as
    # Excel evaluates a print area's formula: one page wide, at 80% or more up to 10 rounds.
    played = f"MAX({range_ref(ROUND, FIRST, rows, 'Matches')})"
    book.book.define_name(
        "Standings!_xlnm.Print_Area",
        f"=OFFSET(Standings!$A$1,0,0,{HEADER_ROW + 1 + teams},{len(STANDING_COLUMNS)}+MIN({rounds},{played}))",
    )
    sheet.protect()
