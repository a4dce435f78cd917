"""Where the teams-event workbook keeps what it holds: the Matches and Teams sheets' tables, the Settings' named
cells and the Standings sheet, as the template writes them and the readers (``xlbridge swiss``, ``standings``,
``publish``) find them. Apart from the pairs session's layout so that a pairs command loads none of the teams
machinery."""

from __future__ import annotations

from ...engine.event import AGAIN
from ...engine.scales import vp_scales
from ...excel.event import STANDING_COLUMNS
from ...rules import TEAMS_FORMS
from ...rules.teams import BYE_RULES, ENTRANTS, SCHEDULES, TIE_BREAKS
from .layout import Block, NamedCell, choice_note, vp_scale_lengths

MATCH_COLUMNS = [
    "Round",
    "Home",
    "Home team",
    "Away",
    "Away team",
    "Boards",
    "Home IMPs",
    "Away IMPs",
    "Home BAM",
    "Away BAM",
    AGAIN,
    "IMP margin",
    "Home VPs",
    "Away VPs",
    "Check",
]
(ROUND, HOME, HOME_NAME, AWAY, AWAY_NAME, BOARDS, HOME_IMPS, AWAY_IMPS, HOME_BAM, AWAY_BAM, PLAYED_AGAIN, MARGIN,
 HOME_VP, AWAY_VP, CHECK) = range(len(MATCH_COLUMNS))  # fmt: skip
#: The Matches sheet's headings before its Played again column: a workbook of an earlier version, still read.
EARLIER_COLUMNS = tuple(name for name in MATCH_COLUMNS if name != AGAIN)
#: The columns typed in, in the order of the matches block the functions read (the names between are shown).
ENTERED = ("Round", "Home", "Away", "Boards", "Home IMPs", "Away IMPs", "Home BAM", "Away BAM", AGAIN)
FIRST = 1
#: The Matches sheet's table, and the Teams sheet's, as the readers (``xlbridge swiss``, ``publish``) find them.
MATCHES = Block("Matches", tuple(MATCH_COLUMNS), 0, FIRST)
TEAMS = Block("Teams", ("Team", "Name", "Members"), 0, FIRST)
#: The 20-VP scales the teams event's Settings offer.
SCALES = [scale.name for scale in vp_scales(total=20)]

#: The Settings, one a row from Excel row 3: each a named cell, with its label and what it means.
SETTINGS = {
    cell.name: cell
    for cell in (
        NamedCell("TeamsEvent", "Settings", 2, 1, "Event", "The event's name."),
        NamedCell("Form", "Settings", 3, 1, "Form of scoring", choice_note(list(TEAMS_FORMS))),
        NamedCell("Scale", "Settings", 4, 1, "VP scale", vp_scale_lengths(vp_scales(total=20))
                  + ". The plain 20 scale is a table for short matches: a longer match waits, saying so."),
        NamedCell("BoardsPerMatch", "Settings", 5, 1, "Boards per match",
                  "Used where a match row leaves Boards blank."),
        NamedCell("Schedule", "Settings", 6, 1, "Schedule", choice_note(list(SCHEDULES))),
        NamedCell("Rounds", "Settings", 7, 1, "Rounds", "How many rounds the event has (xlbridge swiss draws up to "
                  "this many; the standings say 'after round 3 of 7'). Blank: as many as are played."),
        NamedCell("ByeRule", "Settings", 8, 1, "Bye rule", choice_note(list(BYE_RULES))),
        NamedCell("TieBreak", "Settings", 9, 1, "Tie-break", choice_note(list(TIE_BREAKS))),
        NamedCell("Entrants", "Settings", 10, 1, "Entrants", choice_note(list(ENTRANTS)) + ". xlbridge schedule "
                  "swiss --pairs writes Pairs, and every sheet's headings in its words; the standings and the "
                  "website follow it."),
    )
}  # fmt: skip

#: The Standings sheet: the title, subtitle and status rows, the headings' row (which STANDINGS fills).
TITLE_ROW, HEADER_ROW = 0, 4
#: Where the readers (``xlbridge standings``) find the Standings sheet's table, as :func:`_standings` writes it (a
#: team a row under the headings, in place order), and its title and subtitles (0-based row, column).
STANDINGS = Block("Standings", STANDING_COLUMNS, HEADER_ROW, HEADER_ROW + 1)
STANDINGS_TITLE, STANDINGS_SUBTITLE, STANDINGS_STATUS = (TITLE_ROW, 0), (TITLE_ROW + 1, 0), (TITLE_ROW + 2, 0)
