"""The xlbridge worksheet functions, declared to xlwings.

One module serves every route:

- classic xlwings on Windows (``UDF Modules: xlbridge.udfs``, then *Import Functions*): ``=BRIDGESCORE(...)``;
- xlwings Lite (Excel on Windows, Mac and the web): ``=BRIDGE.BRIDGESCORE(...)``, the namespace set below;
- anywhere else the decorators pass the functions through unchanged, so they are plain Python functions that
  :mod:`xlbridge.files.calc` registers in the ``formulas`` engine.

Every argument takes a cell or a range (``ndim=2``: always a list of rows) with Excel errors passed in as text
(``err_to_str``), so that a ``#N/A`` upstream comes out as ``#N/A`` rather than as a blank. The work is done by
:mod:`xlbridge.excel`; this module only declares names, help texts and conversions.

Three names cannot be VBA functions, so classic Excel gets aliases: ``VP20`` and ``VP30`` are cell addresses
(column VP), and ``Imp`` is a VBA operator (a VBA function of that name would stop the whole imported module from
compiling). Classic Excel types ``VP_20``, ``VP_30`` and ``IMP_``; on the classic route ``IMP`` is not declared.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from xlwings import arg, func, script

from .excel import deals, events, fields, hands, masterpoints, scales, scorecards, scoresheets, session, teams
from .excel import help as docs
from .excel.relink import relinked_cells

__xlwings_func_namespace__ = "BRIDGE"

#: A cell value, or a list of rows of them, as xlwings hands them over.
Cells = Any
#: What every function returns: a list of rows, which Excel 365 spills.
Grid = list[list[Any]]

CATEGORY = "Bridge"
#: True under classic xlwings (Windows, pywin32), where the VBA wrappers are generated from this module.
CLASSIC_XLWINGS = getattr(func, "__module__", "") == "xlwings.udfs"

RANGE = {"ndim": 2, "err_to_str": True}


def _session_arguments(function: Callable[..., Grid]) -> Callable[..., Grid]:
    """The six arguments every session function ends with: the results and names blocks, the method, the movement
    kind, the results per board and the movement's rows."""
    for name, doc in reversed(
        [("results", docs.RESULTS_BLOCK), ("names", docs.NAMES_BLOCK), ("method", docs.SESSION_METHOD), ("movement", docs.MOVEMENT),
         ("per_board", docs.PER_BOARD), ("plan", docs.PLAN)]
    ):  # fmt: skip
        function = arg(name, doc=doc, **RANGE)(function)
    return function


@func(category=CATEGORY)
@arg("contract", doc=docs.CONTRACT, **RANGE)
@arg("declarer", doc=docs.DECLARER, **RANGE)
@arg("result", doc=docs.RESULT, **RANGE)
@arg("vulnerability", doc=docs.VULNERABILITY, **RANGE)
@arg("rules", doc=docs.RULES, **RANGE)
def BRIDGESCORE(contract: Cells, declarer: Cells, result: Cells, vulnerability: Cells, rules: Cells = None) -> Grid:
    """Duplicate score of each deal (Law 77), North-South's side: +420 when N/S make 4S, -420 when E/W do. A blank declarer gives declarer's side's score. Works on whole columns."""
    return deals.bridgescore(contract, declarer, result, vulnerability, rules)


@func(category=CATEGORY)
@arg("contract", doc=docs.CONTRACT, **RANGE)
@arg("declarer", doc=docs.DECLARER, **RANGE)
@arg("result", doc=docs.RESULT, **RANGE)
@arg("vulnerability", doc=docs.VULNERABILITY, **RANGE)
def BRIDGECHECK(contract: Cells, declarer: Cells, result: Cells, vulnerability: Cells) -> Grid:
    """Empty text when each line can be scored, otherwise the reason in words (for a check column and conditional formatting)."""
    return deals.bridgecheck(contract, declarer, result, vulnerability)


@func(category=CATEGORY)
@arg("board", doc=docs.BOARD, **RANGE)
def BOARDVUL(board: Cells) -> Grid:
    """Who is vulnerable on each board: None, NS, EW or Both (Law 2)."""
    return deals.boardvul(board)


@func(category=CATEGORY)
@arg("board", doc=docs.BOARD, **RANGE)
def BOARDDEALER(board: Cells) -> Grid:
    """Who deals each board: N, E, S or W (Law 2)."""
    return deals.boarddealer(board)


if not CLASSIC_XLWINGS:  # VBA reserves Imp: see the module docstring

    @func(category=CATEGORY)
    @arg("points", doc=docs.POINTS, **RANGE)
    @arg("imp_scale", doc=docs.IMP_SCALE, **RANGE)
    def IMP(points: Cells, imp_scale: Cells = None) -> Grid:
        """IMPs for each point difference, with its sign: 620-170=450 points is +10 IMPs, -50 is -2 (WBF scale)."""
        return scales.imp(points, imp_scale)


@func(category=CATEGORY)
@arg("points", doc=docs.POINTS, **RANGE)
@arg("imp_scale", doc=docs.IMP_SCALE, **RANGE)
def IMP_(points: Cells, imp_scale: Cells = None) -> Grid:
    """IMP for classic Excel, where VBA reserves the name Imp: IMPs for each point difference, with its sign (WBF scale)."""
    return scales.imp(points, imp_scale)


@func(category=CATEGORY)
@arg("imps", doc=docs.MARGIN, **RANGE)
@arg("boards", doc=docs.BOARDS, **RANGE)
@arg("vp_scale", doc=docs.VP20_SCALE, **RANGE)
def VP20(imps: Cells, boards: Cells = None, vp_scale: Cells = None) -> Grid:
    """Victory points out of 20 for an IMP margin: the discrete 20-VP scale, the WBF continuous scale when the number of boards is given, or the scale named (ACBL20, SBU20 by match length). In classic Excel type VP_20."""
    return scales.vp20(imps, boards, vp_scale)


@func(category=CATEGORY)
@arg("imps", doc=docs.MARGIN, **RANGE)
@arg("boards", doc=docs.BOARDS, **RANGE)
@arg("vp_scale", doc=docs.VP20_SCALE, **RANGE)
def VP_20(imps: Cells, boards: Cells = None, vp_scale: Cells = None) -> Grid:
    """VP20 for classic Excel (VP20 is a cell address there): 20-VP scale, discrete, WBF continuous with boards, or the scale named."""
    return scales.vp20(imps, boards, vp_scale)


@func(category=CATEGORY)
@arg("imps", doc=docs.MARGIN, **RANGE)
@arg("boards", doc=docs.BOARDS_30, **RANGE)
@arg("vp_scale", doc=docs.VP30_SCALE, **RANGE)
def VP30(imps: Cells, boards: Cells = None, vp_scale: Cells = None) -> Grid:
    """Victory points out of 30 for an IMP margin: the discrete 30-VP scale, or the ACBL's table for the match's length when the number of boards is given. In classic Excel type VP_30."""
    return scales.vp30(imps, boards, vp_scale)


@func(category=CATEGORY)
@arg("imps", doc=docs.MARGIN, **RANGE)
@arg("boards", doc=docs.BOARDS_30, **RANGE)
@arg("vp_scale", doc=docs.VP30_SCALE, **RANGE)
def VP_30(imps: Cells, boards: Cells = None, vp_scale: Cells = None) -> Grid:
    """VP30 for classic Excel (VP30 is a cell address there): victory points out of 30 for an IMP margin."""
    return scales.vp30(imps, boards, vp_scale)


@func(category=CATEGORY)
@arg("score", doc=docs.SCORE, **RANGE)
@arg("field", doc=docs.FIELD, **RANGE)
@arg("method", doc=docs.MP_METHOD, **RANGE)
@arg("expected", doc=docs.EXPECTED, **RANGE)
@arg("groups", doc=docs.GROUPS, **RANGE)
def MATCHPOINTS(score: Cells, field: Cells, method: Cells = None, expected: Cells = None, groups: Cells = None) -> Grid:
    """Matchpoints of each score within its board (2 per result beaten, 1 per tie; ACBL 1 and 1/2), Neuberg-scaled for averages and missing results; % for percentages, EW for East-West."""
    return fields.matchpoints(score, field, method, expected, groups)


@func(category=CATEGORY)
@arg("score", doc=docs.SCORE, **RANGE)
@arg("field", doc=docs.FIELD, **RANGE)
@arg("method", doc=docs.XIMP_METHOD, **RANGE)
@arg("groups", doc=docs.GROUPS, **RANGE)
@arg("imp_scale", doc=docs.IMP_SCALE, **RANGE)
def CROSSIMP(score: Cells, field: Cells, method: Cells = None, groups: Cells = None, imp_scale: Cells = None) -> Grid:
    """Cross-IMPs of each score: IMPs against every other result on the board, divided by the number of comparisons (or ACBL's total)."""
    return fields.crossimp(score, field, method, groups, imp_scale)


@func(category=CATEGORY)
@arg("field", doc=docs.FIELD, **RANGE)
@arg("method", doc=docs.DATUM_METHOD, **RANGE)
@arg("groups", doc=docs.GROUPS, **RANGE)
def DATUM(field: Cells, method: Cells = None, groups: Cells = None) -> Grid:
    """Butler datum of a board: the mean after dropping the top and bottom score (4+ results), to the nearest 10. With groups, one datum per row."""
    return fields.datum(field, method, groups)


@func(category=CATEGORY)
@arg("score", doc=docs.SCORE, **RANGE)
@arg("field", doc=docs.FIELD, **RANGE)
@arg("method", doc=docs.DATUM_METHOD, **RANGE)
@arg("groups", doc=docs.GROUPS, **RANGE)
@arg("imp_scale", doc=docs.IMP_SCALE, **RANGE)
def BUTLER(score: Cells, field: Cells, method: Cells = None, groups: Cells = None, imp_scale: Cells = None) -> Grid:
    """Butler IMPs of each score: IMPs for the score minus its board's datum. Artificial scores: 3 IMPs per 10% from 50%."""
    return fields.butler(score, field, method, groups, imp_scale)


@func(category=CATEGORY)
@arg("score", doc="North-South score(s) at the team's own table.", **RANGE)
@arg("other", doc="North-South score(s) at the other table, where the teammates sat East-West.", **RANGE)
def BAM(score: Cells, other: Cells) -> Grid:
    """Board-a-match: 1 for a board won (score above the other table's), 1/2 for a tie, 0 for a loss."""
    return fields.bam(score, other)


@func(category=CATEGORY)
@arg("declarers", doc=docs.DECLARERS, **RANGE)
@arg("contracts", doc=docs.CONTRACTS, **RANGE)
@arg("results", doc=docs.RESULTS, **RANGE)
@arg("honours", doc=docs.HONOURS, **RANGE)
@arg("rules", doc=docs.RULES, **RANGE)
def RUBBERTOTAL(declarers: Cells, contracts: Cells, results: Cells, honours: Cells = None, rules: Cells = None) -> Grid:
    """Rubber bridge totals {North-South, East-West} over the deals: games, rubber bonuses 700/500, honours; a rubber still going gets 300/100 (Law 80)."""
    return scoresheets.rubbertotal(declarers, contracts, results, honours, rules)


@func(category=CATEGORY)
@arg("declarers", doc=docs.DECLARERS, **RANGE)
@arg("contracts", doc=docs.CONTRACTS, **RANGE)
@arg("results", doc=docs.RESULTS, **RANGE)
@arg("honours", doc=docs.HONOURS, **RANGE)
@arg("rules", doc=docs.RULES, **RANGE)
def RUBBERSHEET(declarers: Cells, contracts: Cells, results: Cells, honours: Cells = None, rules: Cells = None) -> Grid:
    """A rubber scoresheet, one row per deal: NS above, NS below, EW above, EW below the line, games, vulnerability after the deal, where a line is drawn or the rubber ends, and both running totals."""
    return scoresheets.rubbersheet(declarers, contracts, results, honours, rules)


def _chicago_arguments(function: Callable[..., Grid]) -> Callable[..., Grid]:
    """The arguments of both Chicago functions: the deals' columns, the first dealer, the wheel, the honours."""
    for name, doc in reversed([("declarers", docs.DECLARERS), ("contracts", docs.CONTRACTS), ("results", docs.RESULTS),
                               ("first_dealer", docs.FIRST_DEALER), ("wheel", docs.CHICAGO_WHEEL), ("honours", docs.HONOURS)]):  # fmt: skip
        function = arg(name, doc=doc, **RANGE)(function)
    return function


@func(category=CATEGORY)
@_chicago_arguments
def CHICAGOTOTAL(declarers: Cells, contracts: Cells, results: Cells, first_dealer: Cells = None, wheel: Cells = None,
                 honours: Cells = None) -> Grid:  # fmt: skip
    """Chicago totals {North-South, East-West}: four-deal sets, game bonuses 300/500 at once, 100 for a partscore made on deal 4, and honours where a club scores them."""
    return scoresheets.chicagototal(declarers, contracts, results, first_dealer, wheel, honours)


@func(category=CATEGORY)
@_chicago_arguments
def CHICAGOSHEET(declarers: Cells, contracts: Cells, results: Cells, first_dealer: Cells = None, wheel: Cells = None,
                 honours: Cells = None) -> Grid:  # fmt: skip
    """A Chicago scoresheet, one row per deal: deal 1-4, dealer, vulnerability, NS and EW points, partscores carried, notes, and both running totals."""
    return scoresheets.chicagosheet(declarers, contracts, results, first_dealer, wheel, honours)


@func(category=CATEGORY)
@arg("first_dealer", doc=docs.FIRST_DEALER, **RANGE)
@arg("wheel", doc=docs.CHICAGO_WHEEL, **RANGE)
def CHICAGOWHEEL(first_dealer: Cells = None, wheel: Cells = None) -> Grid:
    """The four deals of a chicago, one row each: the dealer and who is vulnerable."""
    return scoresheets.chicagowheel(first_dealer, wheel)


@func(category=CATEGORY)
@arg("event_name", doc=docs.EVENT, **RANGE)
@arg("event_date", doc=docs.EVENT_DATE, **RANGE)
@_session_arguments
@arg("mp_scale", doc=docs.SESSION_MP_SCALE, **RANGE)
def SESSIONINFO(
    event_name: Cells,
    event_date: Cells,
    results: Cells,
    names: Cells,
    method: Cells,
    movement: Cells,
    per_board: Cells = None,
    plan: Cells = None,
    mp_scale: Cells = None,
) -> Grid:
    """A pairs session's figures, one a row: title, date, results per board, top, boards, last board, results, problems, IMP scoring, and the ranking's note."""
    return session.sessioninfo(event_name, event_date, results, names, method, movement, per_board, plan, mp_scale)


@func(category=CATEGORY)
@_session_arguments
def SESSIONRESULTS(
    results: Cells, names: Cells, method: Cells, movement: Cells, per_board: Cells = None, plan: Cells = None
) -> Grid:
    """For each result of a pairs session: NS and EW score, NS and EW points (matchpoints or IMPs), NS and EW %, Butler datum, and what needs checking."""
    return session.sessionresults(results, names, method, movement, per_board, plan)


@func(category=CATEGORY)
@_session_arguments
@arg("mp_scale", doc=docs.SESSION_MP_SCALE, **RANGE)
def PAIRTOTALS(
    results: Cells, names: Cells, method: Cells, movement: Cells,
    per_board: Cells = None, plan: Cells = None, mp_scale: Cells = None,
) -> Grid:  # fmt: skip
    """For each pair of a session, in the order of the names: place (2= for a tie), pair, direction, players, boards, total and percentage, the handicap, handicapped percentage and place (blank without handicaps), and with a masterpoint scale the award."""
    return session.pairtotals(results, names, method, movement, per_board, plan, mp_scale)


@func(category=CATEGORY)
@_session_arguments
@arg("mp_scale", doc=docs.SESSION_MP_SCALE, **RANGE)
def RANKING(
    results: Cells, names: Cells, method: Cells, movement: Cells,
    per_board: Cells = None, plan: Cells = None, mp_scale: Cells = None,
) -> Grid:  # fmt: skip
    """A session's ranking: the pairs in place order, field by field (NS and EW apart in a two-winner Mitchell): place, pair, direction, players, boards, total, %, and with a masterpoint scale each pair's award."""
    return session.ranking(results, names, method, movement, per_board, plan, mp_scale)


@func(category=CATEGORY)
@arg("boards", doc=docs.TRAVELLER_BOARDS, **RANGE)
@arg("lines", doc=docs.TRAVELLER_LINES, **RANGE)
@_session_arguments
def TRAVELLERS(
    boards: Cells,
    lines: Cells,
    results: Cells,
    names: Cells,
    method: Cells,
    movement: Cells,
    per_board: Cells = None,
    plan: Cells = None,
) -> Grid:
    """Every board's traveller, one block after another: board, dealer, vulnerability, headings, then each line as entered with both sides' scores and points."""
    return session.travellers(boards, lines, results, names, method, movement, per_board, plan)


@func(category=CATEGORY)
@arg("board", doc=docs.BOARD, **RANGE)
@arg("lines", doc=docs.BOARD_LINES, **RANGE)
def BOARDRESULTS(board: Cells, lines: Cells) -> Grid:
    """One board's traveller: for each line, NS and EW score, NS and EW matchpoints, and what needs checking."""
    return teams.boardresults(board, lines)


@func(category=CATEGORY)
@arg("boards", doc=docs.MATCH_BOARDS, **RANGE)
@arg("table", doc=docs.MATCH_TABLE, **RANGE)
def TABLESCORE(boards: Cells, table: Cells) -> Grid:
    """For each board of a team match, the North-South score at one table: the contract's score, or the adjusted score entered there (A, A+, A6040, a weighted score)."""
    return teams.tablescore(boards, table)


@func(category=CATEGORY)
@arg("boards", doc=docs.MATCH_BOARDS, **RANGE)
@arg("table1", doc=docs.TABLE1, **RANGE)
@arg("table2", doc=docs.TABLE2, **RANGE)
def MATCHBOARDS(boards: Cells, table1: Cells, table2: Cells) -> Grid:
    """For each board of a team match: the home team's net score, IMPs (signed, then each team's), board-a-match points, and what needs checking (a board played at one table is scored as average there, and says so)."""
    return teams.matchboards(boards, table1, table2)


@func(category=CATEGORY)
@arg("home", doc=docs.HOME_TEAM, **RANGE)
@arg("away", doc=docs.AWAY_TEAM, **RANGE)
@arg("boards", doc=docs.MATCH_BOARDS, **RANGE)
@arg("table1", doc=docs.TABLE1, **RANGE)
@arg("table2", doc=docs.TABLE2, **RANGE)
@arg("vp_scale", doc=docs.MATCH_SCALE, **RANGE)
def MATCHSUMMARY(home: Cells, away: Cells, boards: Cells, table1: Cells, table2: Cells, vp_scale: Cells = None) -> Grid:
    """A team match's totals, home then away: names, boards played, IMPs, victory points, board-a-match points, then the lines to check with the first reason in words."""
    return teams.matchsummary(home, away, boards, table1, table2, vp_scale)


@func(category=CATEGORY)
@arg("teams", doc=docs.TEAM_NUMBERS, **RANGE)
@arg("teams_list", doc=docs.EVENT_TEAMS, **RANGE)
def TEAMNAME(teams: Cells, teams_list: Cells) -> Grid:
    """The name of each team number from the teams list (bye for BYE, ? for a number not on the list)."""
    return events.teamname(teams, teams_list)


def _event_arguments(function: Callable[..., Grid]) -> Callable[..., Grid]:
    """The five arguments every event function starts with: the matches and teams blocks, the form, the VP scale
    and the boards per match."""
    for name, doc in reversed([("matches", docs.EVENT_MATCHES), ("teams_list", docs.EVENT_TEAMS), ("form", docs.EVENT_FORM),
                               ("vp_scale", docs.MATCH_SCALE), ("boards", docs.EVENT_BOARDS)]):  # fmt: skip
        function = arg(name, doc=doc, **RANGE)(function)
    return function


@func(category=CATEGORY)
@_event_arguments
@arg("schedule", doc=docs.EVENT_SCHEDULE, **RANGE)
@arg("bye_rule", doc=docs.EVENT_BYE_RULE, **RANGE)
def EVENTMATCHES(matches: Cells, teams_list: Cells, form: Cells, vp_scale: Cells, boards: Cells = None,
                 schedule: Cells = None, bye_rule: Cells = None) -> Grid:  # fmt: skip
    """For each match of a teams event: the IMP margin, each team's victory points (a bye: its award), and why the row waits, in words (each row is checked on its own)."""
    return events.eventmatches(matches, teams_list, form, vp_scale, boards, schedule, bye_rule)


@func(category=CATEGORY)
@_event_arguments
@arg("rounds", doc=docs.EVENT_ROUNDS, **RANGE)
@arg("schedule", doc=docs.EVENT_SCHEDULE, **RANGE)
@arg("bye_rule", doc=docs.EVENT_BYE_RULE, **RANGE)
@arg("tie_break", doc=docs.EVENT_TIE_BREAK, **RANGE)
def STANDINGS(matches: Cells, teams_list: Cells, form: Cells, vp_scale: Cells, boards: Cells = None,
              rounds: Cells = None, schedule: Cells = None, bye_rule: Cells = None, tie_break: Cells = None) -> Grid:  # fmt: skip
    """A teams event's standings in place order after a row of headings: place (2= for a tie that stays), team, name, played, byes, IMPs for and against, VPs (or board points), the tie-break used, and the score after each round played."""
    return events.standings(matches, teams_list, form, vp_scale, boards, rounds, schedule, bye_rule, tie_break)


@func(category=CATEGORY)
@arg("event_name", doc=docs.EVENT, **RANGE)
@arg("form", doc=docs.EVENT_FORM, **RANGE)
@arg("vp_scale", doc=docs.MATCH_SCALE, **RANGE)
@arg("matches", doc=docs.EVENT_MATCHES, **RANGE)
@arg("teams_list", doc=docs.EVENT_TEAMS, **RANGE)
@arg("boards", doc=docs.EVENT_BOARDS, **RANGE)
@arg("rounds", doc=docs.EVENT_PLANNED, **RANGE)
@arg("schedule", doc=docs.EVENT_SCHEDULE, **RANGE)
@arg("bye_rule", doc=docs.EVENT_BYE_RULE, **RANGE)
@arg("tie_break", doc=docs.EVENT_TIE_BREAK, **RANGE)
def TEAMSINFO(event_name: Cells, form: Cells, vp_scale: Cells, matches: Cells = None, teams_list: Cells = None,
              boards: Cells = None, rounds: Cells = None, schedule: Cells = None, bye_rule: Cells = None,
              tie_break: Cells = None) -> Grid:  # fmt: skip
    """A teams event's title; what its standings total, how ties are broken and byes scored; and (given the matches and teams) how far it has got and how many rows of matches wait."""
    return events.teamsinfo(event_name, form, vp_scale, matches, teams_list, boards, rounds, schedule, bye_rule,
                            tie_break)  # fmt: skip


if not CLASSIC_XLWINGS:  # xlwings Lite runs scripts from its task pane; classic Excel has no use for this one

    @script
    async def REENTER_FORMULAS(book: Any) -> None:
        """Enter every xlbridge formula of the workbook again, for cells that still show #NAME? after xlwings Lite has loaded. Unprotect each sheet first (Review > Unprotect Sheet: the templates have no password) and protect it again afterwards."""
        for sheet in book.sheets:
            used = sheet.used_range
            formulas = await used.get_formula()
            grid = formulas if isinstance(formulas, list) else [[formulas]]
            grid = [row if isinstance(row, list) else [row] for row in grid]
            for row, col, formula in relinked_cells(grid, used.row, used.column):
                sheet.range((row, col)).formula = formula


@func(category=CATEGORY)
@arg("pair", doc=docs.PAIR, **RANGE)
@arg("names", doc=docs.NAMES, **RANGE)
@arg("results", doc=docs.RESULT_LINES, **RANGE)
@arg("method", doc=docs.SCORECARD_METHOD, **RANGE)
@arg("per_board", doc=docs.PER_BOARD, **RANGE)
@arg("rounds", doc=docs.ROUNDS, **RANGE)
@arg("rows", doc=docs.CARD_ROWS, **RANGE)
@arg("plan", doc=docs.PLAN, **RANGE)
def SCORECARD(
    pair: Cells,
    names: Cells,
    results: Cells,
    method: Cells = None,
    per_board: Cells = None,
    rounds: Cells = None,
    rows: Cells = None,
    plan: Cells = None,
) -> Grid:
    """A pair's personal scorecard, one row per board in play order: round, board, opponents, direction, contract, by, result, score, points (MPs or IMPs), %, running total, running %."""
    return scorecards.scorecard(pair, names, results, method, per_board, rounds, rows, plan)


@func(category=CATEGORY)
@arg("places", doc=docs.MP_PLACES, **RANGE)
@arg("tables", doc=docs.MP_TABLES, **RANGE)
@arg("mp_scale", doc=docs.MP_SCALE, **RANGE)
@arg("movement", doc=docs.MP_MOVEMENT, **RANGE)
@arg("winners", doc=docs.MP_WINNERS, **RANGE)
@arg("form", doc=docs.MP_FORM, **RANGE)
def MASTERPOINTS(
    places: Cells,
    tables: Cells,
    mp_scale: Cells,
    movement: Cells = None,
    winners: Cells = None,
    form: Cells = None,
) -> Grid:
    """The masterpoints each place of a ranking earns (ABF green or red, ACBL club): one award per place, ties sharing the awards of the places they cover, 0 below the places paid."""
    return masterpoints.masterpoints(places, tables, mp_scale, movement, winners, form)


@func(category=CATEGORY)
@arg("deal", doc=docs.DEAL, **RANGE)
@arg("method", doc=docs.HANDS_METHOD, **RANGE)
def HANDTRICKS(deal: Cells, method: Cells = None) -> Grid:
    """A deal's double-dummy tricks: rows N, E, S, W; columns NT, S, H, D, C (a table per deal of a range). Needs the solver (pip install "xlbridge[hands]"); in xlwings Lite #N/A, CHECK says why."""
    return hands.handtricks(deal, method)


@func(category=CATEGORY)
@arg("deal", doc=docs.DEAL, **RANGE)
@arg("board", doc=docs.PAR_BOARD, **RANGE)
@arg("method", doc=docs.PAR_METHOD, **RANGE)
def PARSCORE(deal: Cells, board: Cells, method: Cells = None) -> Grid:
    """The par score of each deal, North-South's side (CONTRACTS: the par contracts), dealer and vulnerability by board. Needs the solver (pip install "xlbridge[hands]"); in xlwings Lite #N/A, CHECK says why."""
    return hands.parscore(deal, board, method)


#: The worksheet functions this module declares, by the names Excel shows.
_DECLARED = ("BRIDGESCORE", "BRIDGECHECK", "BOARDVUL", "BOARDDEALER", "IMP", "IMP_", "VP20", "VP_20", "VP30", "VP_30",
             "MATCHPOINTS", "CROSSIMP", "DATUM", "BUTLER", "BAM", "RUBBERTOTAL", "RUBBERSHEET", "CHICAGOTOTAL",
             "CHICAGOSHEET", "CHICAGOWHEEL", "SESSIONINFO", "SESSIONRESULTS", "PAIRTOTALS", "RANKING", "TRAVELLERS",
             "BOARDRESULTS", "TABLESCORE", "MATCHBOARDS", "MATCHSUMMARY", "TEAMNAME", "EVENTMATCHES", "STANDINGS",
             "TEAMSINFO", "SCORECARD", "MASTERPOINTS", "HANDTRICKS", "PARSCORE")  # fmt: skip
FUNCTION_NAMES = [name for name in _DECLARED if name in globals()]

#: The xlwings Lite scripts this module declares (none on the classic route).
SCRIPT_NAMES = [name for name in ("REENTER_FORMULAS",) if name in globals()]

__all__ = ["FUNCTION_NAMES", "SCRIPT_NAMES", *FUNCTION_NAMES, *SCRIPT_NAMES]
