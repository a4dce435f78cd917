"""The catalogue of worksheet functions: each declared once, by the name Excel shows, with the spelling classic
Excel must type instead, its arguments and their help, what the function wizard says of it, and the function of
this layer that computes it.

:mod:`xlbridge.udfs` makes the xlwings declarations from it, :mod:`xlbridge.files.workbook.calc` and
:mod:`xlbridge.files.workbook.evaluate` read :data:`FUNCTIONS` from it, and the help texts of each argument are those of
:mod:`xlbridge.excel.help` (read from the rules' registries).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from ..rules import (
    AWARD_FORMS,
    CHICAGO_WHEELS,
    MASTERPOINT_SCALES,
    STRAT_RULES,
    TEAMS_FORMS,
    WINNERS,
    Registry,
)
from ..rules.teams import BYE_RULES, ENTRANTS, SCHEDULES, TIE_BREAKS
from . import help as docs
from .cells import Grid
from .session_arguments import SESSION_ARGUMENTS

__all__ = ["CATALOGUE", "CLASSIC_NAMES", "FUNCTIONS", "LITE_PREFIX", "Argument", "Function", "spellings"]


@dataclass(frozen=True)
class Argument:
    """One argument as Excel shows it: its name (never a word VBA reserves: ``Date``, ``Event``, ``Scale``) and its
    help; an optional one may be left out of the call. ``choices``: each choice of the registry the argument names
    one of (a single cell: ``MP``, ``Two fields``), by name with what it means, which xlwings Lite offers as the
    argument is typed."""

    name: str
    help: str
    optional: bool = False
    choices: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Function:
    """One worksheet function: its name, what the function wizard says of it, its arguments in order, and the
    function of this layer it calls with them (``computed_by``, its module and name: ``"deals.bridgescore"``).
    ``classic`` is the spelling classic Excel types where the name cannot serve there, for the reason ``why``;
    ``vba_reserved`` when VBA reserves the name itself, so that classic Excel is given only the other spelling (a VBA
    function named ``Imp`` stops the whole imported module compiling)."""

    name: str
    summary: str
    arguments: tuple[Argument, ...]
    computed_by: str
    classic: str | None = None
    why: str = ""
    vba_reserved: bool = False
    #: Whether its answers may be kept for the same arguments: the same every time, and costly (the solver's).
    cache: bool = False

    @cached_property
    def run(self) -> Callable[..., Grid]:
        """The function of this layer that computes it, its module imported when it is first asked for: a workbook
        of a pairs session loads none of the teams, rubber or hand-record functions."""
        module, name = self.computed_by.split(".")
        run: Callable[..., Grid] = getattr(importlib.import_module(f"{__package__}.{module}"), name)
        return run

    def spellings(self) -> dict[str, str]:
        """The names this function is declared under, each with what the function wizard says: the name itself, and
        the classic spelling with its reason."""
        if self.classic is None:
            return {self.name: self.summary}
        return {
            self.name: f"{self.summary} In classic Excel type {self.classic}.",
            self.classic: f"{self.name} for classic Excel ({self.why}): {self.summary}",
        }


#: An argument as the catalogue declares it: (name, help), or (name, help, the registry it names one of).
Declared = tuple[str, str] | tuple[str, str, Registry[Any] | None]


def _arguments(*declared: Declared, optional_from: int | None = None) -> tuple[Argument, ...]:
    """Arguments from their declarations, those from position ``optional_from`` on optional."""
    cut = len(declared) if optional_from is None else optional_from
    out = []
    for index, (name, text, *registry) in enumerate(declared):
        choices = tuple((entry.name, entry.description) for entry in registry[0]) if registry and registry[0] else ()
        out.append(Argument(name, text, index >= cut, choices))
    return tuple(out)


_DEAL = (("contract", docs.CONTRACT), ("declarer", docs.DECLARER), ("result", docs.RESULT),
         ("vulnerability", docs.VULNERABILITY))  # fmt: skip
_IMPS = (("points", docs.POINTS), ("imp_scale", docs.IMP_SCALE))
_RUBBER = (("declarers", docs.DECLARERS), ("contracts", docs.CONTRACTS), ("results", docs.RESULTS),
           ("honours", docs.HONOURS), ("rules", docs.RULES))  # fmt: skip
_CHICAGO = (("declarers", docs.DECLARERS), ("contracts", docs.CONTRACTS), ("results", docs.RESULTS),
            ("first_dealer", docs.FIRST_DEALER), ("wheel", docs.CHICAGO_WHEEL, CHICAGO_WHEELS), ("honours", docs.HONOURS))  # fmt: skip
#: The six arguments every session function takes together (the last two optional).
_SESSION = SESSION_ARGUMENTS
_AWARD: tuple[Declared, ...] = (("mp_scale", docs.SESSION_MP_SCALE, MASTERPOINT_SCALES),)
#: The five arguments every event function starts with (the last optional).
_EVENT: tuple[Declared, ...] = (("matches", docs.EVENT_MATCHES), ("teams_list", docs.EVENT_TEAMS),
                                ("form", docs.EVENT_FORM, TEAMS_FORMS), ("vp_scale", docs.MATCH_SCALE),
                                ("boards", docs.EVENT_BOARDS))  # fmt: skip
_EVENT_RULES: tuple[Declared, ...] = (("schedule", docs.EVENT_SCHEDULE, SCHEDULES),
                                      ("bye_rule", docs.EVENT_BYE_RULE, BYE_RULES))  # fmt: skip
_TIE_BREAK: Declared = ("tie_break", docs.EVENT_TIE_BREAK, TIE_BREAKS)
_ENTRANTS: Declared = ("entrants", docs.EVENT_ENTRANTS, ENTRANTS)
_MATCH = (("boards", docs.MATCH_BOARDS), ("table1", docs.TABLE1), ("table2", docs.TABLE2))

#: Every worksheet function, in the order the README lists them.
CATALOGUE: tuple[Function, ...] = (
    Function("BRIDGESCORE", "Duplicate score of each deal (Law 77), North-South's side: +420 when N/S make 4S, -420 when E/W do. A blank declarer gives declarer's side's score. Works on whole columns.",
             _arguments(*_DEAL, ("rules", docs.RULES), optional_from=4), "deals.bridgescore"),
    Function("BRIDGECHECK", "Empty text when each line can be scored, otherwise the reason in words (for a check column and conditional formatting).",
             _arguments(*_DEAL), "deals.bridgecheck"),
    Function("BOARDVUL", "Who is vulnerable on each board: None, NS, EW or Both (Law 2).",
             _arguments(("board", docs.BOARD)), "deals.boardvul"),
    Function("BOARDDEALER", "Who deals each board: N, E, S or W (Law 2).",
             _arguments(("board", docs.BOARD)), "deals.boarddealer"),
    Function("IMP", "IMPs for each point difference, with its sign: 620-170=450 points is +10 IMPs, -50 is -2 (WBF scale).",
             _arguments(*_IMPS, optional_from=1), "scales.imp", classic="IMP_", why="VBA reserves the name Imp",
             vba_reserved=True),
    Function("VP20", "Victory points out of 20 for an IMP margin: the discrete 20-VP scale, the WBF continuous scale when the number of boards is given, or the scale named (ACBL20, SBU20 by match length).",
             _arguments(("imps", docs.MARGIN), ("boards", docs.BOARDS), ("vp_scale", docs.VP20_SCALE), optional_from=1),
             "scales.vp20", classic="VP_20", why="VP20 is a cell address there"),
    Function("VP30", "Victory points out of 30 for an IMP margin: the discrete 30-VP scale, or the ACBL's table for the match's length when the number of boards is given.",
             _arguments(("imps", docs.MARGIN), ("boards", docs.BOARDS_30), ("vp_scale", docs.VP30_SCALE), optional_from=1),
             "scales.vp30", classic="VP_30", why="VP30 is a cell address there"),
    Function("MATCHPOINTS", "Matchpoints of each score within its board (2 per result beaten, 1 per tie; ACBL 1 and 1/2), Neuberg-scaled for averages and missing results; % for percentages, EW for East-West.",
             _arguments(("score", docs.SCORE), ("field", docs.FIELD), ("method", docs.MP_METHOD), ("expected", docs.EXPECTED),
                        ("groups", docs.GROUPS), optional_from=2), "field.matchpoints"),
    Function("CROSSIMP", "Cross-IMPs of each score: IMPs against every other result on the board, divided by the number of comparisons (or ACBL's total).",
             _arguments(("score", docs.SCORE), ("field", docs.FIELD), ("method", docs.XIMP_METHOD), ("groups", docs.GROUPS),
                        ("imp_scale", docs.IMP_SCALE), optional_from=2), "field.crossimp"),
    Function("DATUM", "Butler datum of a board: the mean after dropping the top and bottom score (4+ results), to the nearest 10. With groups, one datum per row.",
             _arguments(("field", docs.FIELD), ("method", docs.DATUM_METHOD), ("groups", docs.GROUPS), optional_from=1),
             "field.datum"),
    Function("BUTLER", "Butler IMPs of each score: IMPs for the score minus its board's datum. Artificial scores: 3 IMPs per 10% from 50%.",
             _arguments(("score", docs.SCORE), ("field", docs.FIELD), ("method", docs.DATUM_METHOD), ("groups", docs.GROUPS),
                        ("imp_scale", docs.IMP_SCALE), optional_from=2), "field.butler"),
    Function("BAM", "Board-a-match: 1 for a board won (score above the other table's), 1/2 for a tie, 0 for a loss.",
             _arguments(("score", docs.BAM_SCORE), ("other", docs.BAM_OTHER)), "field.bam"),
    Function("RUBBERTOTAL", "Rubber bridge totals {North-South, East-West} over the deals: games, rubber bonuses 700/500, honours; a rubber still going gets 300/100 (Law 80).",
             _arguments(*_RUBBER, optional_from=3), "scoresheets.rubbertotal"),
    Function("RUBBERSHEET", "A rubber scoresheet, one row per deal: NS above, NS below, EW above, EW below the line, games, vulnerability after the deal, where a line is drawn or the rubber ends, and both running totals.",
             _arguments(*_RUBBER, optional_from=3), "scoresheets.rubbersheet"),
    Function("CHICAGOTOTAL", "Chicago totals {North-South, East-West}: four-deal sets, game bonuses 300/500 at once, 100 for a partscore made on deal 4, and honours where a club scores them.",
             _arguments(*_CHICAGO, optional_from=3), "scoresheets.chicagototal"),
    Function("CHICAGOSHEET", "A Chicago scoresheet, one row per deal: deal 1-4, dealer, vulnerability, NS and EW points, partscores carried, notes, and both running totals.",
             _arguments(*_CHICAGO, optional_from=3), "scoresheets.chicagosheet"),
    Function("CHICAGOWHEEL", "The four deals of a chicago, one row each: the dealer and who is vulnerable.",
             _arguments(("first_dealer", docs.FIRST_DEALER), ("wheel", docs.CHICAGO_WHEEL, CHICAGO_WHEELS), optional_from=0),
             "scoresheets.chicagowheel"),
    Function("SESSIONINFO", "A pairs session's figures, one a row: title, date, results per board, top, boards, last board, results, problems, IMP scoring, and the ranking's note.",
             _arguments(("event_name", docs.EVENT), ("event_date", docs.EVENT_DATE), *_SESSION, *_AWARD, optional_from=6),
             "session.sessioninfo"),
    Function("SESSIONRESULTS", "For each result of a pairs session: NS and EW score, NS and EW points (matchpoints or IMPs), NS and EW %, Butler datum, and what needs checking.",
             _arguments(*_SESSION, optional_from=4), "session.sessionresults"),
    Function("PAIRTOTALS", "For each pair of a session, in the order of the names: place (2= for a tie), pair, direction, players, boards, total and percentage, the handicap, handicapped percentage and place (blank without handicaps), and with a masterpoint scale the award.",
             _arguments(*_SESSION, *_AWARD, optional_from=4), "session.pairtotals"),
    Function("RANKING", "A session's ranking: the pairs in place order, field by field (NS and EW apart in a two-winner Mitchell): place, pair, direction, players, boards, total, %, and with a masterpoint scale each pair's award.",
             _arguments(*_SESSION, *_AWARD, optional_from=4), "session.ranking"),
    Function("STRATRANKING", "A session's ranking by strats (ACBL), in the ranking's order: place, pair, direction, players, the pair's masterpoints (its players' average or higher), its strat, and its place in strats A, B and C (each it competes in). Blank without strats.",
             _arguments(*_SESSION, ("holdings", docs.STRAT_HOLDINGS), ("strats", docs.STRAT_LIMITS),
                        ("strat_by", docs.STRAT_BY, STRAT_RULES), optional_from=4), "session.stratranking"),
    Function("TRAVELLERS", "Every board's traveller, one block after another: board, dealer, vulnerability, headings, then each line as entered with both sides' scores and points.",
             _arguments(("boards", docs.TRAVELLER_BOARDS), ("lines", docs.TRAVELLER_LINES), *_SESSION, optional_from=6),
             "session.travellers"),
    Function("BOARDRESULTS", "One board's traveller: for each line, NS and EW score, NS and EW matchpoints, and what needs checking.",
             _arguments(("board", docs.BOARD), ("lines", docs.BOARD_LINES)), "teams.boardresults"),
    Function("TABLESCORE", "For each board of a team match, the North-South score at one table: the contract's score, or the adjusted score entered there (A, A+, A6040, a weighted score).",
             _arguments(("boards", docs.MATCH_BOARDS), ("table", docs.MATCH_TABLE)), "teams.tablescore"),
    Function("MATCHBOARDS", "For each board of a team match: the home team's net score, IMPs (signed, then each team's), board-a-match points, and what needs checking (a board played at one table is scored as average there, and says so).",
             _arguments(*_MATCH), "teams.matchboards"),
    Function("MATCHSUMMARY", "A team match's totals, home then away: names, boards played, IMPs, victory points, board-a-match points, then the lines to check with the first reason in words.",
             _arguments(("home", docs.HOME_TEAM), ("away", docs.AWAY_TEAM), *_MATCH, ("vp_scale", docs.MATCH_SCALE),
                        optional_from=5), "teams.matchsummary"),
    Function("TEAMNAME", "The name of each team number from the teams list (bye for BYE, ? for a number not on the list).",
             _arguments(("teams", docs.TEAM_NUMBERS), ("teams_list", docs.EVENT_TEAMS)), "event.teamname"),
    Function("EVENTMATCHES", "For each match of a teams event: the IMP margin, each team's victory points (a bye: its award), and why the row waits, in words (each row is checked on its own).",
             _arguments(*_EVENT, *_EVENT_RULES, _ENTRANTS, optional_from=4), "event.eventmatches"),
    Function("STANDINGS", "A teams event's standings in place order after a row of headings: place (2= for a tie that stays), team (or pair), name, played, byes, IMPs for and against, VPs (or board points), the tie-break used, and the score after each round played.",
             _arguments(*_EVENT, ("rounds", docs.EVENT_ROUNDS), *_EVENT_RULES, _TIE_BREAK, _ENTRANTS,
                        optional_from=4), "event.standings"),
    Function("TEAMSINFO", "A teams event's title; what its standings total, how ties are broken and byes scored; and (given the matches and teams) how far it has got and how many rows of matches wait.",
             _arguments(("event_name", docs.EVENT), ("form", docs.EVENT_FORM), ("vp_scale", docs.MATCH_SCALE),
                        ("matches", docs.EVENT_MATCHES), ("teams_list", docs.EVENT_TEAMS), ("boards", docs.EVENT_BOARDS),
                        ("rounds", docs.EVENT_PLANNED), *_EVENT_RULES, _TIE_BREAK, optional_from=3),
             "event.teamsinfo"),
    Function("SCORECARD", "A pair's personal scorecard, one row per board in play order: round, board, opponents, direction, contract, by, result, score, points (MPs or IMPs), %, running total, running %.",
             _arguments(("pair", docs.PAIR), *_SESSION, ("rows", docs.CARD_ROWS), ("rounds", docs.ROUNDS), optional_from=3),
             "scorecards.scorecard"),
    Function("MASTERPOINTS", "The masterpoints each place of a ranking earns (ABF green or red, ACBL club, EBU local points): one award per place, ties sharing the awards of the places they cover, 0 below the places paid.",
             _arguments(("places", docs.MP_PLACES), ("tables", docs.MP_TABLES), ("mp_scale", docs.MP_SCALE),
                        ("fields", docs.MP_FIELDS), ("winners", docs.MP_WINNERS, WINNERS), ("form", docs.MP_FORM, AWARD_FORMS),
                        ("boards", docs.MP_BOARDS), optional_from=3),
             "masterpoints.masterpoints"),
    Function("HANDTRICKS", 'A deal\'s double-dummy tricks: rows N, E, S, W; columns NT, S, H, D, C (a table per deal of a range). Needs the solver, the hands extra (CHECK says how to install it); in xlwings Lite #N/A.',
             _arguments(("deal", docs.DEAL), ("method", docs.HANDS_METHOD), optional_from=1), "hands.handtricks",
             cache=True),
    Function("PARSCORE", 'The par score of each deal, North-South\'s side (CONTRACTS: the par contracts), dealer and vulnerability by board. Needs the solver, the hands extra (CHECK says how to install it); in xlwings Lite #N/A.',
             _arguments(("deal", docs.DEAL), ("board", docs.PAR_BOARD), ("method", docs.PAR_METHOD), optional_from=2),
             "hands.parscore", cache=True),
    Function("PARDIFF", "For each result of a pairs session: North-South's score minus the par of its board (North-South's side) from a Hands table (board first, par in its fourth column); blank for a board not played, an average, or a board without a par.",
             _arguments(*_SESSION, ("hands", docs.HANDS_TABLE), optional_from=4), "hands.pardiff"),
)  # fmt: skip

_BY_NAME = {function.name: function for function in CATALOGUE}


class _Functions(Mapping[str, Callable[..., Grid]]):
    """Every worksheet function by its name, with the function of this layer behind it (see :attr:`Function.run`)."""

    def __getitem__(self, name: str) -> Callable[..., Grid]:
        return _BY_NAME[name].run

    def __iter__(self) -> Iterator[str]:
        return iter(_BY_NAME)

    def __len__(self) -> int:
        return len(_BY_NAME)


#: Every worksheet function by its name, with the function of this layer behind it.
FUNCTIONS: Mapping[str, Callable[..., Grid]] = _Functions()

#: How Excel stores a call of an Office.js custom function (xlwings Lite) in a workbook: ``_xldudf_`` and the
#: function's id, which xlwings makes the Python function's name in upper case; the namespace it shows
#: (``BRIDGE.``) and xlwings Lite's (none) do not appear (Microsoft, OfficeDev/Excel-Custom-Functions issue 108;
#: xlwings' own workbook saved by Excel, xlwingsjs/tests/udf_tests_officejs.xlsx, stores the function shown as
#: ``XLWINGSJS.SUBNAME.NAMESPACE`` as ``_xldudf_XLWINGSJS_NAMESPACE``).
LITE_PREFIX = "_xldudf_"

#: The names classic Excel cannot type or compile, and what it types instead.
CLASSIC_NAMES = {function.name: function.classic for function in CATALOGUE if function.classic is not None}


def spellings() -> dict[str, str]:
    """Every name a workbook may call a function by, in upper case, with the function's own name: classic Excel's
    (``BRIDGESCORE``, ``VP_20``), xlwings Lite's as typed (``BRIDGE.BRIDGESCORE``) and as Excel stores it
    (``_xldudf_BRIDGESCORE``: Office.js custom functions are saved by their id), and the ``_xludf.`` forms some
    programs write for functions they do not know."""
    names = {name: name for name in FUNCTIONS} | {alias: name for name, alias in CLASSIC_NAMES.items()}
    out = {}
    for spelling, name in names.items():
        for form in (spelling, f"BRIDGE.{spelling}", f"{LITE_PREFIX}{spelling}".upper(), f"_XLUDF.{spelling}",
                     f"_XLUDF.BRIDGE.{spelling}"):  # fmt: skip
            out[form] = name
    return out
