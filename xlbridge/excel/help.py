"""The help texts Excel's function wizard shows for each argument (Excel cuts each at 255 characters).

Every list of choices is read from its registry, so a new era or scale appears here without an edit.
"""

from __future__ import annotations

from typing import TypeVar

from ..engine.choices import described_methods
from ..rules import (
    ARTIFICIAL_RULES,
    AWARD_FORMS,
    CHICAGO_WHEELS,
    CROSS_IMP_FORMS,
    DATUM_METHODS,
    ERAS,
    FIELD_KINDS,
    IMP_SCALES,
    MASTERPOINT_SCALES,
    MATCH_VP_SCALES,
    MATCHPOINT_SCALES,
    SESSION_METHODS,
    STRAT_RULES,
    TEAMS_FORMS,
    VP_SCALES,
    WINNERS,
    ContinuousVPScale,
    Named,
    Registry,
)
from ..rules.scales import ACBL_30
from ..rules.teams import BYE_RULES, ENTRANTS, SCHEDULES, TIE_BREAKS

T = TypeVar("T", bound=Named)

__all__ = [
    "AWAY_TEAM",
    "BAM_OTHER",
    "BAM_SCORE",
    "BOARD",
    "BOARDS",
    "BOARDS_30",
    "BOARD_LINES",
    "CARD_ROWS",
    "CHICAGO_WHEEL",
    "CONTRACT",
    "CONTRACTS",
    "DATUM_METHOD",
    "DEAL",
    "DECLARER",
    "DECLARERS",
    "EVENT",
    "EVENT_BOARDS",
    "EVENT_BYE_RULE",
    "EVENT_DATE",
    "EVENT_ENTRANTS",
    "EVENT_FORM",
    "EVENT_MATCHES",
    "EVENT_PLANNED",
    "EVENT_ROUNDS",
    "EVENT_SCHEDULE",
    "EVENT_TEAMS",
    "EVENT_TIE_BREAK",
    "EXPECTED",
    "FIELDS",
    "FIRST_DEALER",
    "GROUPS",
    "HANDS_METHOD",
    "HANDS_TABLE",
    "HOME_TEAM",
    "HONOURS",
    "IMP_SCALE",
    "MARGIN",
    "MATCH_BOARDS",
    "MATCH_SCALE",
    "MATCH_TABLE",
    "MP_BOARDS",
    "MP_FIELDS",
    "MP_FORM",
    "MP_METHOD",
    "MP_PLACES",
    "MP_SCALE",
    "MP_TABLES",
    "MP_WINNERS",
    "NAMES",
    "NAMES_BLOCK",
    "PAIR",
    "PAR_BOARD",
    "PAR_METHOD",
    "PER_BOARD",
    "PLAN",
    "POINTS",
    "RESULT",
    "RESULTS",
    "RESULTS_BLOCK",
    "RESULT_LINES",
    "ROUNDS",
    "RULES",
    "SCORE",
    "SCORECARD_METHOD",
    "SESSION_METHOD",
    "SESSION_MP_SCALE",
    "STRAT_BY",
    "STRAT_HOLDINGS",
    "STRAT_LIMITS",
    "TABLE1",
    "TABLE2",
    "TEAM_NUMBERS",
    "TRAVELLER_BOARDS",
    "TRAVELLER_LINES",
    "VP20_SCALE",
    "VP30_SCALE",
    "VULNERABILITY",
    "XIMP_METHOD",
    "choices",
    "vp_choices",
]


def choices(registry: Registry[T]) -> str:
    """A registry's names as help lists them: the default first and marked, aliases in brackets."""
    shown = []
    for index, entry in enumerate(registry):
        notes = [*entry.aliases, *(["default"] if index == 0 else [])]
        shown.append(f"{entry.name} ({', '.join(notes)})" if notes else entry.name)
    return ", ".join(shown)


def vp_choices(total: int) -> str:
    """The VP scales out of ``total`` (both registries), those that depend on the match's length with the board
    counts they are published for: ``20, WBF, ACBL20 (1-36 boards), SBU20 (1-55 boards)``."""
    shown = [
        entry.name if isinstance(entry, ContinuousVPScale) else f"{entry.name} ({entry.lengths})"
        for entry in (*VP_SCALES, *MATCH_VP_SCALES)
        if entry.total == total
    ]
    return ", ".join(shown)


CONTRACT = "Contract: 4S, 4s, 4♠, 3NT, 3N, doubled 4SX or 4S*, redoubled 4SXX or 4S**, or PASS. The result may follow it (4SX-2, 3NT=) when the result is left blank."
DECLARER = "Declarer: N, E, S or W. Blank gives declarer's side's score."
RESULT = "Tricks taken (0-13), undertricks as a negative number (-2 = down two), or text =, +1, -2."
VULNERABILITY = "Board number, or None/Love/-, NS/N-S, EW/E-W, Both/All, or TRUE/FALSE meaning declarer vulnerable."
RULES = f"Optional era: {choices(ERAS)}."
BOARD = "Board number (1, 2, 3...; the cycle repeats every 16 boards)."
SCORE = "North-South score(s) to score: one of the field's entries, or an artificial score (A, A+, A-, A6040...)."
FIELD = "The board's North-South scores: numbers, blanks (ignored) and artificial scores (A=50%, A+ 60/40, A- 40/60, A6040)."
GROUPS = "Optional: a range the same size as field (usually the board numbers): each score is compared only within its group."
POINTS = "Point difference(s), signed (e.g. your score minus the other table's)."
IMP_SCALE = f"Optional IMP scale: {choices(IMP_SCALES)}."
MARGIN = "IMP margin(s), signed: the team's IMPs minus the opponents'."
BOARDS = "Optional number of boards in the match: given, the WBF continuous scale (2 decimals); blank, the discrete. A scale by match length needs it."
BOARDS_30 = f"Optional number of boards in the match: given, the ACBL 30-VP table for that length ({ACBL_30.published} boards); blank, the discrete 30-VP scale."
VP20_SCALE = f"Optional VP scale out of 20: {vp_choices(20)}. Blank: 20, or WBF when boards are given."
VP30_SCALE = f"Optional VP scale out of 30: {vp_choices(30)}. Blank: 30, or ACBL30 when boards are given."
MP_METHOD = f"Optional words: {choices(MATCHPOINT_SCALES)}; {choices(ARTIFICIAL_RULES)}; % for percentages; EW for East-West's side; CHECK for the reason of an error."
EXPECTED = "Optional: how many results the board should have had (Neuberg), for a board played fewer times."
XIMP_METHOD = f"Optional words: {choices(CROSS_IMP_FORMS)}; EW for East-West; CHECK for reasons."
DATUM_METHOD = f"Optional: {choices(DATUM_METHODS)}; EW; CHECK."
DECLARERS = "The declarer of each deal, in order: N, E, S or W (a column, one row per deal)."
CONTRACTS = "The contract of each deal: 4S, 3NT, 4HX... or PASS (redealt, no score). Blank rows are skipped."
RESULTS = "The result of each deal: tricks taken, or =, +1, -2."
HONOURS = "Optional honours per deal, North-South's side: +100, -150, or NS100 / EW150 (four trump honours 100, five or four aces 150)."
FIRST_DEALER = "Optional: who deals the first deal, N (default), E, S or W."
RESULTS_BLOCK = "The session's results, one row each: board, NS pair, EW pair, contract, by, lead, result, adjusted score or NP for a board not played (8 columns; blank rows are skipped)."
NAMES_BLOCK = (
    "The pairs, one row each: pair number, direction (NS or EW in a Mitchell, blank in a Howell), player 1, player 2, "
    "handicap (optional, percentage points), player 1 number, player 2 number (optional, membership numbers)."
)
SESSION_METHOD = f"How the session is scored: {described_methods()}."
FIELDS = f"One field or two: {choices(FIELD_KINDS)}."
PER_BOARD = "Optional: the results every board is scaled to (Neuberg); blank: the most any board has."
PLAN = "Optional: the movement, one row per table per round: round, table, NS pair, EW pair, boards (1-3); every result is then checked against it (5 columns; blank: no movement)."
EVENT = "The event's name (the ranking's title)."
EVENT_DATE = "The session's date."
TRAVELLER_BOARDS = "How many boards' travellers to give (boards 1 to this)."
TRAVELLER_LINES = "How many lines each traveller holds (a board with more says so in its last line)."
BOARD_LINES = (
    "The traveller's lines, one row each: NS pair, EW pair, contract, by, lead, result, adjusted score (7 columns)."
)
BAM_SCORE = "North-South score(s) at the team's own table."
BAM_OTHER = "North-South score(s) at the other table, where the teammates sat East-West."
MATCH_BOARDS = "The match's board numbers, one row each."
TABLE1 = "Table 1 (the home team North-South): contract, declarer and result of each board (3 columns)."
TABLE2 = "Table 2 (the home team East-West): contract, declarer and result of each board (3 columns)."
HOME_TEAM = "The home team's name."
AWAY_TEAM = "The away team's name."
MATCH_SCALE = f"The VP scale: {vp_choices(20)}; or of 30: {vp_choices(30)}."
MATCH_TABLE = "One table of the match: contract, declarer and result of each board (3 columns); an adjusted score (A, A+, A6040, 80% 400 / 20% 430) goes in the contract."
EVENT_MATCHES = "The matches, one row each: round, home, away, boards, home IMPs, away IMPs, home BAM, away BAM (8 columns; 10 with each team's name after its number), then Played again (Y: a repeat meeting was played). Away blank or BYE: a bye."
EVENT_TEAMS = "The teams, one row each: number, name, members."
EVENT_FORM = f"How matches are scored: {choices(TEAMS_FORMS)}."
EVENT_BOARDS = "Optional: the boards of a match whose row leaves Boards blank (default 8)."
EVENT_ROUNDS = "Optional: how many rounds to show running totals for."
EVENT_PLANNED = "Optional: how many rounds the event has (the standings say 'after round 3 of 7')."
EVENT_SCHEDULE = f"Optional: {choices(SCHEDULES)}: how often two teams may meet."
EVENT_BYE_RULE = f"Optional: what a bye scores: {choices(BYE_RULES)}."
EVENT_TIE_BREAK = f"Optional: how equal scores are placed: {choices(TIE_BREAKS)}."
EVENT_ENTRANTS = f"Optional: who the event's entrants are, the standings' headings in their words: {choices(ENTRANTS)}."
TEAM_NUMBERS = "Team numbers (a column, as Home or Away on the Matches sheet); BYE or blank for none."
PAIR = "The pair whose card to show: its number (7), or in a Mitchell with its direction (7NS, 7EW)."
NAMES = "The pairs, one row each: pair, direction (NS/EW in a Mitchell, blank in a Howell), player 1, player 2 and optionally the handicap, as the Names sheet lists them."
CARD_ROWS = "Optional: the rows the card fills, blank rows after it (for a fixed array range, as in Excel 2016)."
RESULT_LINES = "The results, one row each, 8 columns: board, NS, EW, contract, declarer, lead, result, adjusted, as on the Results sheet."
SCORECARD_METHOD = f"Optional scoring: {choices(SESSION_METHODS)}."
ROUNDS = "Optional: the round of each row of results (a column as long as results): the card is then in play order, round by round."
CHICAGO_WHEEL = "Optional: " + "; ".join(f"{w.name} = {w.description.split(';')[0]}" for w in CHICAGO_WHEELS) + "."
MP_PLACES = "The places of a ranking (1, 2, 2= ...), one cell each, as the ranking shows them; blank cells stay blank."
MP_TABLES = "The tables in play: 7, or 6.5 with a sit-out each round."
#: The masterpoint scales by their own names (with every alias, the help would pass Excel's 255 characters).
_MP_SCALES = ", ".join(MASTERPOINT_SCALES.names())
MP_SCALE = f"The masterpoint scale: {_MP_SCALES} (None: the default). Add CHECK for the reason of an error."
MP_FIELDS = f"Optional: {choices(FIELD_KINDS)}; or each place's direction (NS, EW), a range the size of places, for both fields of a Mitchell."
MP_WINNERS = f"Optional, for a Mitchell: {choices(WINNERS)} (an arrow-switched Mitchell has one winner)."
SESSION_MP_SCALE = (
    f"Optional: the masterpoint scale, {_MP_SCALES} (None: the default): a Masterpoints column follows, each pair's "
    "award (blank cells for None)."
)
MP_BOARDS = "Optional: the boards played (24); the EBU's local points need it (12 or more earn points)."
MP_FORM = f"Optional: {choices(AWARD_FORMS)} (an event played as matches, paid to the top third; a Butler pairs session is paid as Pairs)."
DEAL = "A deal in PBN notation: N:AKQ2.T98.765.432 ... (first seat, then the four hands clockwise, each spades.hearts.diamonds.clubs; '-' for one hand). A range gives one answer per deal."
HANDS_METHOD = "Optional: CHECK for the reason a deal has no table (empty text when it has one), one cell per deal."
PAR_BOARD = "The board number of each deal: its dealer and vulnerability (the 16-board cycle)."
PAR_METHOD = "Optional words: CONTRACTS for the par contracts (EW 4SX-1) instead of the score; EW for East-West's score; CHECK for the reason of an error."
HANDS_TABLE = "The Hands sheet's table of the session's boards: board, dealer, vulnerable, par (North-South's side), ... one row per board (HandsBlock)."
STRAT_HOLDINGS = (
    "Optional: the players' masterpoints, two columns (Masterpoints 1, Masterpoints 2), one row for each row of the names "
    "block, as beside the Names sheet's block (blank: none)."
)
STRAT_LIMITS = (
    "Optional: the limits of strats B and C, highest first: 750/300 (B under 750, C under 300), None/750/300 as ACBL Live "
    "writes them, or 500 alone for two strats. Blank: no strats (blank cells)."
)
STRAT_BY = f"Optional: how the players' masterpoints make the pair's: {choices(STRAT_RULES)}. Blank: AVERAGE."
