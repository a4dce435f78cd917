"""Where things are in a template: named cells and blocks of columns, described once, and the pairs-session
workbook's layout (:data:`LAYOUT`) with the defined names its readers find its cells by.

The builder writes a template from its layout, the readers (``xlbridge export``, ``ranking``) find its cells from
the same layout, and whatever writes computed values into it places them by it: no row or column number of a
template is written anywhere else. Standard library only: the readers run without XlsxWriter.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ...engine.choices import scoring_words
from ...engine.movements import Encounter
from ...engine.pairs import Pair
from ...engine.scales import AnyVPScale
from ...engine.session import Particulars, Row, Session, Unscorable
from ...excel.functions import CLASSIC_NAMES, LITE_PREFIX
from ...excel.masterpoints import AWARD_COLUMN
from ...excel.scorecards import RESULT_COLUMNS as TYPED_COLUMNS
from ...excel.session import PAIR_COLUMNS, RESULT_COLUMNS, STRAT_COLUMNS, TOTAL_COLUMNS, TRAVELLER_COLUMNS
from ...excel.session_arguments import SessionCells
from ...excel.session_cells import NAME_COLUMNS
from ...rules import (
    CONVENTION_WORDS,
    DEFAULT_STRATS,
    FIELD_KINDS,
    MASTERPOINT_SCALES,
    SESSION_METHODS,
    STRAT_RULES,
    Named,
)
from ..workbook.xlsx import column_letters

__all__ = [
    "BLOCK_NAMES",
    "CLASSIC",
    "EVENT_BLOCK_NAMES",
    "FLAVOURS",
    "FORMER_NAMES",
    "HANDS_BLOCK",
    "HANDS_SHEET",
    "HOLDINGS_BLOCK",
    "HOLDING_HEADINGS",
    "LAYOUT",
    "LITE",
    "PARTICULARS_NAMES",
    "SESSION_NAMES",
    "SETTING_NAMES",
    "STRAT_NAMES",
    "Block",
    "Flavour",
    "NamedCell",
    "PairsLayout",
    "Sizes",
    "area_ref",
    "block_areas",
    "cell_ref",
    "holding_cells",
    "range_ref",
    "session_arguments",
    "session_cells",
    "sizes",
]  # fmt: skip


@dataclass(frozen=True)
class Flavour:
    """How a route spells the function names in a template's formulas: classic Excel (VBA) or xlwings Lite
    (namespaced)."""

    name: str
    prefix: str
    aliases: Mapping[str, str] = field(default_factory=dict)

    def fn(self, name: str) -> str:
        return self.prefix + self.aliases.get(name, name)


#: Classic xlwings: VBA functions; IMP, VP20 and VP30 cannot be VBA function names (see xlbridge.udfs).
CLASSIC = Flavour("classic", "", CLASSIC_NAMES)
#: xlwings Lite: every function as Excel stores an Office.js custom function (shown as BRIDGE.NAME once loaded).
LITE = Flavour("lite", LITE_PREFIX)
FLAVOURS = {"classic": CLASSIC, "lite": LITE}


def _sheet_prefix(sheet: str | None) -> str:
    if sheet is None:
        return ""
    return f"'{sheet}'!" if not sheet.isalnum() else f"{sheet}!"


def cell_ref(row: int, col: int, sheet: str | None = None) -> str:
    """An absolute A1 reference to the 0-based (row, col): ``Settings!$B$3``."""
    return f"{_sheet_prefix(sheet)}${column_letters(col + 1)}${row + 1}"


def range_ref(col: int, first_row: int, rows: int, sheet: str | None = None, absolute: bool = True) -> str:
    """An A1 reference to ``rows`` cells of a column from 0-based ``first_row`` and ``col``: ``Results!$D$2:$D$301``."""
    letter = column_letters(col + 1)
    dollar = "$" if absolute else ""
    return f"{_sheet_prefix(sheet)}{dollar}{letter}{dollar}{first_row + 1}:{dollar}{letter}{dollar}{first_row + rows}"


def area_ref(first_row: int, first_col: int, last_row: int, last_col: int, sheet: str | None = None) -> str:
    """An absolute A1 reference to a block of cells, 0-based corners: ``Results!$A$2:$H$301``."""
    return f"{cell_ref(first_row, first_col, sheet)}:{cell_ref(last_row, last_col)}"


@dataclass(frozen=True)
class NamedCell:
    """A single cell with a defined name (``Method`` is Settings!B5), a label beside it and a note."""

    name: str
    sheet: str
    row: int
    col: int
    label: str = ""
    note: str = ""

    @property
    def ref(self) -> str:
        return cell_ref(self.row, self.col, self.sheet)

    @property
    def position(self) -> tuple[int, int]:
        """(row, column), 1-based, as cell values are addressed when read or written."""
        return self.row + 1, self.col + 1


@dataclass(frozen=True)
class Block:
    """A table of rows on a sheet: the column headings on ``header_row``, data rows from ``first_row`` (0-based)."""

    sheet: str
    columns: tuple[str, ...]
    header_row: int
    first_row: int
    first_col: int = 0

    def col(self, name: str) -> int:
        """The 0-based column of the column headed ``name``."""
        return self.first_col + self.columns.index(name)

    def ref(self, name: str, rows: int, sheet: bool = True) -> str:
        """An absolute reference to ``rows`` data cells of a column: ``Results!$D$2:$D$301``."""
        return range_ref(self.col(name), self.first_row, rows, self.sheet if sheet else None)

    def position(self, name: str, offset: int) -> tuple[int, int]:
        """(row, column), 1-based, of data row ``offset`` (0 is the first) in the column headed ``name``."""
        return self.first_row + offset + 1, self.col(name) + 1

    def cols(self, names: Sequence[str]) -> list[int]:
        return [self.col(name) for name in names]


#: The most characters Excel shows in a cell's input message (Data Validation > Input Message).
INPUT_MESSAGE_LIMIT = 255


def choice_note(entries: Sequence[Named]) -> str:
    """What a choice's help cell says: each choice with what it means (a cell holds it all, however long)."""
    return " ".join(f"{entry.name}: {entry.description}." for entry in entries)


def choice_message(entries: Sequence[Named]) -> str:
    """A drop-down's input message, beside the choice's help cell (:func:`choice_note`): each choice with what it
    means, or (when that is longer than Excel shows) the choices by name, and that the help beside says the rest."""
    full = choice_note(entries)
    if len(full) <= INPUT_MESSAGE_LIMIT:
        return full
    return f"One of {', '.join(entry.name for entry in entries)}: the note beside this cell says what each means."


def vp_scale_lengths(scales: Sequence[AnyVPScale]) -> str:
    """The VP scales by name with the match lengths each is for: ``20: 1-8 boards; WBF: any number of boards``."""
    return "; ".join(f"{scale.name}: {scale.lengths}" for scale in scales)


# --- the pairs-session workbook -----------------------------------------------------------------------------------


#: The Settings cells of the session's particulars (:class:`~xlbridge.engine.session.Particulars`, by its fields'
#: names): what a federation's results file (``export --usebio``) says besides the results.
PARTICULARS_CELLS = (
    ("Club", "Club", "The club's name, for the federation's results file (xlbridge export --usebio)."),
    ("ClubNumber", "Club number", "The club's number with its federation (blank: none)."),
    ("EventId", "Event identifier", "The event's identifier in the results file, where the federation or the "
     "club numbers its events (blank: none)."),
    ("ChargeCode", "Charge code", "The EBU's charge code for the session (10: a club session; 30 or 40: a "
     "licensed event; blank: none)."),
    ("Contact", "Contact", "Whom the federation asks about these results (blank: none)."),
    ("ContactPhone", "Contact telephone", ""),
    ("ContactEmail", "Contact email", ""),
)  # fmt: skip
#: Each Settings cell of the particulars by its field of :class:`~xlbridge.engine.session.Particulars`.
PARTICULARS_NAMES = dict(zip((field.name for field in dataclasses.fields(Particulars)),
                             (name for name, _, _ in PARTICULARS_CELLS), strict=True))  # fmt: skip


def _settings_cells() -> tuple[tuple[NamedCell, ...], tuple[NamedCell, ...]]:
    entered = [
        ("EventName", "Event", "The event's name, printed on the ranking."),
        ("EventDate", "Date", "The date of the session."),
        ("Method", "Scoring", "; ".join(f"{m.name}: {m.description}" for m in SESSION_METHODS) + ". After it, a "
         "word for each convention scored otherwise than by default: " + "; ".join(
             f"{rule.name}: {rule.description}" for registries in CONVENTION_WORDS.values()
             for _, registry in registries for rule in list(registry)[1:]) + "."),
        ("Fields", "Ranked in", "; ".join(f"{m.name}: {m.description}" for m in FIELD_KINDS) + "."),
        ("PerBoard", "Results per board", "Blank: the most results any board has. Boards with fewer are "
         "Neuberg-scaled to this for the percentages and the ranking."),
        ("MPScale", "Masterpoints", "The scale the Masterpoints column of Totals and the Ranking awards: "
         + "; ".join(f"{m.name}: {m.description}" for m in MASTERPOINT_SCALES) + "."),
        ("StratLimits", "Strats", "For a stratified game (ACBL): the limits of strats B and C, highest first, such as "
         f"{DEFAULT_STRATS.shown.split('/', 1)[1]} (B under 750 masterpoints, C under 300), or one limit for two "
         "strats; the Strats sheet ranks each strat by the players' masterpoints beside the Names. Blank: none."),
        ("StratBy", "Strat by", "How the players' masterpoints make the pair's: "
         + "; ".join(f"{m.name}: {m.description}" for m in STRAT_RULES) + "."),
        *PARTICULARS_CELLS,
    ]  # fmt: skip
    computed = [
        ("Title", "Title", "What the ranking is headed."),
        ("EventDay", "Date shown", ""),
        ("Expected", "Results per board used", "The count every board is scaled to (Neuberg)."),
        ("Top", "Top on a board", "Matchpoints for a top."),
        ("Boards", "Boards in the session", ""),
        ("LastBoard", "Last board played", "The travellers print up to this board."),
        ("ResultCount", "Results entered", ""),
        ("Problems", "Problems", "Lines whose Check column says what is wrong (not those only worth a look). The "
         "ranking waits until this is 0."),
        ("IMPScoring", "IMP scoring", ""),
        ("RankingNote", "Ranking note", "What the ranking says under its title."),
    ]  # fmt: skip
    # One cell for each row SESSIONINFO gives, in its order.
    return (
        tuple(NamedCell(name, "Settings", 2 + i, 1, label, note) for i, (name, label, note) in enumerate(entered)),
        tuple(
            NamedCell(name, "Settings", len(entered) + 3 + i, 1, label, note)
            for i, (name, label, note) in enumerate(computed)
        ),
    )


@dataclass(frozen=True)
class PairsLayout:
    """Where everything is in the pairs-session workbook."""

    settings: tuple[NamedCell, ...]
    computed: tuple[NamedCell, ...]
    names: Block
    results: Block
    totals: Block
    ranking: Block
    movement: Block
    #: The Strats sheet: the ranking by strats (STRATRANKING), under the title.
    strats: Block
    #: The Ranking sheet's title, date and description cells (0-based row, column).
    ranking_title: tuple[int, int] = (0, 0)
    ranking_date: tuple[int, int] = (1, 0)
    ranking_description: tuple[int, int] = (2, 0)
    #: The columns a traveller shows (see TRAVELLERS).
    traveller_columns: tuple[str, ...] = TRAVELLER_COLUMNS
    #: The rows a board's traveller takes besides its lines: the title row and the headings.
    traveller_extra_rows: int = 3

    def setting(self, name: str) -> NamedCell:
        return next(cell for cell in (*self.settings, *self.computed) if cell.name == name)

    def traveller_top(self, board: int, tables: int) -> int:
        """The 0-based row where board ``board``'s traveller starts on the Travellers sheet."""
        return (board - 1) * (tables + self.traveller_extra_rows)


_SETTINGS, _COMPUTED = _settings_cells()
LAYOUT = PairsLayout(
    settings=_SETTINGS,
    computed=_COMPUTED,
    names=Block("Names", NAME_COLUMNS, 0, 1),
    results=Block("Results", (*TYPED_COLUMNS, *RESULT_COLUMNS), 0, 1),  # typed, as SCORECARD reads them; computed
    totals=Block("Totals", (*TOTAL_COLUMNS, AWARD_COLUMN), 0, 1),
    ranking=Block("Ranking", (*PAIR_COLUMNS, AWARD_COLUMN), 3, 4),
    movement=Block("Movement", ("Round", "Table", "NS", "EW", "Boards"), 0, 1),
    strats=Block("Strats", STRAT_COLUMNS, 2, 3),
)

#: The players' masterpoint holdings (a stratified game), in the columns beside the Names block (right of its last):
#: read by these headings, so that the block the session functions read stays as it is.
HOLDING_HEADINGS = ("Masterpoints 1", "Masterpoints 2")

#: The defined name of the players' masterpoints beside the Names block (:data:`HOLDING_HEADINGS`), which STRATRANKING
#: reads, and of the Settings cells of the strats.
HOLDINGS_BLOCK = "HoldingsBlock"
STRAT_NAMES = {"strats": "StratLimits", "strat_by": "StratBy"}
#: The defined names of the blocks a secretary types in, which every session function reads: the results (board to
#: section), the pairs (pair to the players' numbers) and the movement (round to boards). A reader finds the
#: blocks' extent by them, so that nothing typed outside them goes unnoticed.
BLOCK_NAMES = {"results": "ResultsBlock", "names": "NamesBlock", "movement": "MovementBlock"}
#: The defined name of each of the session's cells (:class:`~xlbridge.excel.session_cells.SessionCells`, by its
#: arguments' names), which the session functions are handed and the readers read.
SESSION_NAMES = {"results": BLOCK_NAMES["results"], "names": BLOCK_NAMES["names"], "method": "Method",
                 "fields": "Fields", "per_board": "PerBoard", "plan": BLOCK_NAMES["movement"]}  # fmt: skip
assert list(SESSION_NAMES) == [argument.name for argument in dataclasses.fields(SessionCells)]
#: The defined names of a teams event's blocks: its matches (round to the away team's board points) and its teams.
EVENT_BLOCK_NAMES = {"matches": "MatchesBlock", "teams": "TeamsBlock"}
#: The Settings the outputs read besides: the event's name and date, and the masterpoint scale.
SETTING_NAMES = {"event": "EventName", "date": "EventDate", "mp_scale": "MPScale"}
#: The Hands sheet (a session's deals), and the defined name of its table of boards, which PARDIFF and the session
#: reader read.
HANDS_SHEET = "Hands"
HANDS_BLOCK = "HandsBlock"
#: The names the settings had in workbooks of earlier versions (the Fields cell was called Movement).
FORMER_NAMES = {"fields": "Movement"}


@dataclass(frozen=True)
class Sizes:
    """How much a workbook holds: result rows, pairs, printable travellers, lines per traveller, movement rows.

    A blank template holds the largest session its Names sheet admits: 40 pairs at 20 tables, 36 boards, so 720
    results, and a movement of 20 tables over 36 rounds."""

    rows: int = 720
    pairs: int = 40
    boards: int = 36
    #: Lines a traveller holds: every pair of the Names sheet at a table of its own (40 pairs, 20 tables).
    tables: int = 20
    #: Rows of the Movement sheet: one per table per round.
    plan: int = 720


def sizes(session: Session | None, least: Sizes = Sizes()) -> Sizes:
    """What the workbook holds: ``least``, or more where the session needs it."""
    if session is None:
        return least
    per_board = Counter(line.board for line in session.lines)
    planned = session.plan.encounters if session.plan is not None else ()
    return Sizes(
        max(least.rows, len(session.lines)),
        max(least.pairs, len(session.pairs)),
        max(least.boards, max(session.boards, default=0)),
        max(least.tables, max(per_board.values(), default=0), (len(session.pairs) + 1) // 2),
        max(least.plan, len(planned)),
    )


#: The workbook's sheets, in order (then Hands, when it is given its deals: see hands_sheet).
SHEETS = ("Settings", "Names", "Results", "Totals", "Ranking", "Strats", "Travellers", "Scorecard", "Movement")
#: The Scorecard sheet: the pair typed (0-based row, column), the card's headings' row, the card's first row.
SCORECARD_PAIR, SCORECARD_HEADER_ROW = (1, 1), 3


def block_areas(size: Sizes) -> dict[str, str]:
    """The blocks a secretary types in, as their defined names refer to them (by :data:`BLOCK_NAMES`' keys): the
    results (board to section), the names (pair to the players' numbers) and the movement (round to boards)."""
    results, names, movement = LAYOUT.results, LAYOUT.names, LAYOUT.movement
    return {
        "results": area_ref(results.first_row, results.col("Board"), results.first_row + size.rows - 1,
                            results.col("Section"), results.sheet),
        "names": area_ref(names.first_row, names.col("Pair"), names.first_row + size.pairs - 1,
                          names.col(names.columns[-1]), names.sheet),
        "movement": area_ref(movement.first_row, movement.col("Round"), movement.first_row + size.plan - 1,
                             movement.col("Boards"), movement.sheet),
    }  # fmt: skip


def _line_cells(line: Row) -> tuple[object, ...]:
    """A line's cells on the Results sheet: its board, NS and EW (what could not be read as typed), the text it
    entered, and its section."""
    if isinstance(line, Unscorable):
        numbers = (text if value in (None, "") else value for value, text in zip((line.board, line.ns, line.ew),
                                                                                 line.typed, strict=True))  # fmt: skip
        return (*numbers, *line.entered, line.section)
    return (line.board, line.ns, line.ew, *line.entered, line.section)


def _pair_cells(pair: Pair) -> tuple[object, ...]:
    """A pair's cells on the Names sheet: its number, section, direction, players, handicap and the players'
    membership numbers."""
    players = (*pair.players, "", "")[:2]
    members = (*pair.members, "", "")[:2]
    handicap = None if pair.handicap is None else float(pair.handicap)
    return (pair.number, pair.section, pair.direction_text, *players, handicap, *members)


def holding_cells(pair: Pair) -> tuple[float | None, ...]:
    """A pair's players' masterpoint holdings, as the columns headed :data:`HOLDING_HEADINGS` hold them."""
    held = (*pair.holdings, None, None)[: len(HOLDING_HEADINGS)]
    return tuple(None if holding is None else float(holding) for holding in held)


def _plan_cells(encounter: Encounter) -> tuple[object, ...]:
    """A table's round on the Movement sheet: round, table, NS, EW and the boards."""
    return (encounter.round, encounter.table, encounter.ns, encounter.ew, str(encounter.boards))


def _padded(rows: list[tuple[object, ...]], size: int, width: int) -> list[list[object]]:
    """A block's rows, then blank rows to ``size``."""
    return [list(row) for row in rows] + [[None] * width for _ in range(size - len(rows))]


def session_cells(session: Session, size: Sizes) -> SessionCells:
    """The cells the workbook holds for ``session`` (its blocks of ``size``, blank rows and all, and its Settings),
    as every session function of the workbook is handed them: what the builder writes and what the session is
    worked out from."""
    results = _padded([_line_cells(line) for line in session.lines], size.rows, len(TYPED_COLUMNS))
    names = _padded([_pair_cells(pair) for pair in session.pairs], size.pairs, len(LAYOUT.names.columns))
    encounters = session.plan.encounters if session.plan is not None else ()
    plan = _padded([_plan_cells(encounter) for encounter in encounters], size.plan, len(LAYOUT.movement.columns))
    several = len(session.sections) > 1  # (a session of one section is scored as any: no words for its sections)
    method = scoring_words(session.method, session.section_scoring) if several else session.method.words
    return SessionCells(results, names, method, session.field_kind.name, session.per_board, plan)


def session_arguments() -> str:
    """The session's cells as every session function of the workbook is handed them: their defined names."""
    return ",".join(SESSION_NAMES.values())
