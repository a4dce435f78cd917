"""``teams-event.xlsx``: a teams event (round robin or Swiss): matches by round to VPs, running totals, ranking.

Scored by IMPs converted to victory points (the WBF continuous scale for each match's boards, or the discrete 20-VP
scale), or as board-a-match, where each match's result is the board points each team won.
"""

from __future__ import annotations

from pathlib import Path

from ...engine.session import Event
from ...rules import TEAMS_FORMS, VP_SCALES
from ...rules.methods import BOARD_A_MATCH
from ...rules.scales import VP20_SEED
from .common import Flavour, Sheet, TemplateBook
from .layout import Block, cell_ref, range_ref

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
#: Where the readers (``xlbridge standings``) find the Standings sheet's table, as :func:`_standings` writes it:
#: the headings on row 4, a team a row from row 5; the title and subtitle (0-based row, column) above it.
STANDINGS = Block("Standings", tuple(STANDING_COLUMNS), 3, 4)
STANDINGS_TITLE, STANDINGS_SUBTITLE = (0, 0), (1, 0)
#: The teams-event forms and the 20-VP scales its Settings offer.
FORMS = TEAMS_FORMS.names()
SCALES = [scale.name for scale in VP_SCALES if scale.total == 20]
BAM = BOARD_A_MATCH.name
DISCRETE = VP20_SEED.name


def build(
    path: Path,
    flavour: Flavour,
    rows: int = 200,
    teams: int = 20,
    rounds: int = 15,
    event: Event | None = None,
) -> None:
    """Write the event workbook: ``rows`` match rows, ``teams`` teams, running totals for ``rounds`` rounds,
    filled with ``event`` if given."""
    if event is not None:
        rows = max(rows, len(event.matches))
        teams = max(teams, len(event.teams))
        rounds = max([rounds, *(match.round for match in event.matches)])
    book = TemplateBook(path, flavour, "Teams event")
    settings, team_sheet, matches = book.sheet("Settings"), book.sheet("Teams"), book.sheet("Matches")
    standings = book.sheet("Standings")
    _settings(book, settings, event)
    _teams(book, team_sheet, event)
    _matches(book, matches, rows, teams, event)
    _standings(book, standings, rows, teams, rounds)
    book.book.worksheets()[3].activate()
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
         "IMP/VP: each match's IMP margin to victory points. BAM: board-a-match, total board points."),
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
    sheet.validate_list(4, 1, 1, book.list_range("VP scales", SCALES), True, " or ".join(SCALES))
    sheet.protect()


def _teams(book: TemplateBook, sheet: Sheet, event: Event | None) -> None:
    ws = sheet.ws
    sheet.headers(0, ["Team", "Name", "Members"])
    sheet.entry_column(0, 7)
    sheet.entry_column(1, 26, text=True)
    sheet.entry_column(2, 60, text=True)
    for offset, team in enumerate(event.teams if event else []):
        ws.write_number(FIRST + offset, 0, team.number, book.entry)
        ws.write_string(FIRST + offset, 1, team.name, book.entry_text)
        if team.members:
            ws.write_string(FIRST + offset, 2, team.members, book.entry_text)
    sheet.protect()


def _matches(book: TemplateBook, sheet: Sheet, rows: int, teams: int, event: Event | None) -> None:
    ws = sheet.ws
    fn = book.fn
    sheet.headers(0, MATCH_COLUMNS)
    for index in (ROUND, HOME, AWAY, BOARDS, HOME_IMPS, AWAY_IMPS, HOME_BAM, AWAY_BAM):
        sheet.entry_column(index, 8)
    ws.set_column(MARGIN, AWAY_VP, 9)
    ws.set_column(CHECK, CHECK, 48)

    def col(index: int) -> str:
        return range_ref(index, FIRST, rows)

    boards = f'IF({col(BOARDS)}="",BoardsPerMatch,{col(BOARDS)})'
    played = f'({col(HOME_IMPS)}<>"")*({col(AWAY_IMPS)}<>"")'
    sheet.dynamic(FIRST, MARGIN, rows, f'=IF({played},{col(HOME_IMPS)}-{col(AWAY_IMPS)},"")', book.computed)
    margin = col(MARGIN)
    for index, signed in ((HOME_VP, margin), (AWAY_VP, f'IF({margin}="","",-{margin})')):
        sheet.dynamic(
            FIRST,
            index,
            rows,
            f'=IF(Form="{BAM}","",IF(Scale="{DISCRETE}",{fn("VP20")}({signed}),{fn("VP20")}({signed},{boards})))',
            book.computed_2dp,
        )
    team_numbers = range_ref(0, FIRST, teams, "Teams")
    home, away = col(HOME), col(AWAY)
    bam_sum = f"{col(HOME_BAM)}+{col(AWAY_BAM)}"
    sheet.dynamic(
        FIRST,
        CHECK,
        rows,
        f'=IF(({home}="")*({away}="")*({col(HOME_IMPS)}="")*({col(HOME_BAM)}=""),"",'
        f'IF(({home}="")+({away}="")+({col(ROUND)}=""),"round, home or away team missing",'
        f'IF(COUNTIF({team_numbers},{home})=0,"home team "&{home}&" is not on the Teams sheet",'
        f'IF(COUNTIF({team_numbers},{away})=0,"away team "&{away}&" is not on the Teams sheet",'
        f'IF({home}={away},"a team cannot play itself",'
        f'IF(Form="{BAM}",IF(({col(HOME_BAM)}="")+({col(AWAY_BAM)}=""),"board-a-match points missing",'
        f'IF({bam_sum}<>{boards},"board-a-match points should add up to the boards played","")),'
        f'IF(({col(HOME_IMPS)}="")+({col(AWAY_IMPS)}=""),"IMPs missing","")))))))',
        book.check,
    )
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


def _standings(book: TemplateBook, sheet: Sheet, rows: int, teams: int, rounds: int) -> None:
    ws = sheet.ws
    sheet.formula(0, 0, '=IF(TeamsEvent="","Standings",TeamsEvent)', book.title)
    sheet.formula(1, 0, f'=IF(Form="{BAM}","Board-a-match: total board points","Victory points ("&Scale&" scale)")',
                  book.subtitle)  # fmt: skip
    header_row = 3
    sheet.headers(header_row, STANDING_COLUMNS + [f"After round {r}" for r in range(1, rounds + 1)])
    ws.set_column(S_TEAM, S_TEAM, 7)
    ws.set_column(S_NAME, S_NAME, 26)
    ws.set_column(S_PLAYED, S_PLACE, 10)
    ws.set_column(S_PLACE + 1, S_PLACE + rounds, 9)

    def m(index: int) -> str:
        return range_ref(index, FIRST, rows, "Matches")

    problems = f'SUMPRODUCT(({m(CHECK)}<>"")*1)'
    first = header_row + 1
    keys = range_ref(S_SCORE, first, teams)
    for offset in range(teams):
        row = first + offset
        r = row + 1
        team = f"$A${r}"
        number_cell = f"Teams!$A${FIRST + offset + 1}"

        def both(home_col: int, away_col: int, extra: str = "", team: str = team) -> str:
            criteria_home = f"{m(HOME)},{team}{extra}"
            criteria_away = f"{m(AWAY)},{team}{extra}"
            return f"SUMIFS({m(home_col)},{criteria_home})+SUMIFS({m(away_col)},{criteria_away})"

        cells = {
            S_TEAM: f'=IF({number_cell}="","",{number_cell})',
            S_NAME: f'=IF({team}="","",Teams!$B${FIRST + offset + 1})',
            S_PLAYED: f'=IF({team}="","",SUMPRODUCT((({m(HOME)}={team})+({m(AWAY)}={team}))*({m(MARGIN)}<>""))'
            f'+IF(Form="{BAM}",SUMPRODUCT((({m(HOME)}={team})+({m(AWAY)}={team}))*({m(HOME_BAM)}<>"")),0))',
            S_FOR: f'=IF({team}="","",{both(HOME_IMPS, AWAY_IMPS)})',
            S_AGAINST: f'=IF({team}="","",{both(AWAY_IMPS, HOME_IMPS)})',
            S_VP: f'=IF({team}="","",IF(Form="{BAM}","",{both(HOME_VP, AWAY_VP)}))',
            S_BAM: f'=IF({team}="","",IF(Form="{BAM}",{both(HOME_BAM, AWAY_BAM)},""))',
            S_SCORE: f'=IF({team}="","",IF({problems}>0,NA(),ROUND(IF(Form="{BAM}",$G${r},$F${r}),6)))',
            S_PLACE: f'=IF(OR({team}="",ISERROR($H${r})),"",COUNTIF({keys},">"&$H${r})+1'
            f'&IF(COUNTIF({keys},$H${r})>1,"=",""))',
        }
        for col, formula in cells.items():
            sheet.formula(row, col, formula, book.computed_2dp if col in (S_VP, S_SCORE) else book.computed)
        for number in range(1, rounds + 1):
            upto = f',{m(ROUND)},"<="&{number}'
            running = f'IF(Form="{BAM}",{both(HOME_BAM, AWAY_BAM, upto)},{both(HOME_VP, AWAY_VP, upto)})'
            sheet.formula(row, S_PLACE + number, f'=IF({team}="","",{running})', book.computed_2dp)
    ws.freeze_panes(first, 2)
    ws.set_landscape()
    ws.fit_to_pages(1, 0)
    sheet.protect()
