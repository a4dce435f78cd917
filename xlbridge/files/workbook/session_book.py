"""Reading a pairs-session workbook: its entry blocks and settings, found by their defined names, through the
session pipeline.

Every command that reads a session workbook (``ranking``, ``export``, ``publish``, ``ladder``, the Bridgemates)
reads it here, as its own formulas read it:

- The blocks (``ResultsBlock``, ``NamesBlock``, ``MovementBlock``) and the settings (``Method``, ``Fields``,
  ``PerBoard``; ``EventName``, ``EventDate``, ``MPScale`` and the particulars, ``Club`` to ``ContactEmail``, for
  the outputs) are the ranges their defined names give
  (:data:`~xlbridge.files.templates.layout.SESSION_NAMES`), handed over as Excel hands them to the session
  functions, and taken through the pipeline by the same code
  (:func:`~xlbridge.excel.session_cells.session_result`): the same cells give the same session, worked out once.
- Nothing typed outside a block is ignored: a value below the results, names or movement block is refused with its
  row (:func:`~.blocks.check_blocks`).
- With ``current`` (every command that reads the figures), :func:`~.calc.check_current`: stored values that are
  not those of the workbook's entries (changed and not computed again) are refused, so no figure read is stale.
"""

from __future__ import annotations

import datetime as dt
import warnings
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from ...engine.errors import BridgeInputError, Doubt, WorkbookError, listed, refusal
from ...engine.masterpoints import SessionAwards, masterpoint_scale
from ...engine.movements import Slot
from ...engine.pipeline import SessionResult
from ...engine.session import Particulars, Session
from ...engine.standings import SessionScore
from ...engine.values import count, show
from ...excel.cells import Grid, as_grid, is_blank_text, single_value
from ...excel.session_cells import SessionCells, session_result
from ..interchange.common import parse_date
from ..templates.hands_layout import read_hands, source_of
from ..templates.layout import (
    FORMER_NAMES,
    HANDS_BLOCK,
    HANDS_SHEET,
    PARTICULARS_NAMES,
    SESSION_NAMES,
    SETTING_NAMES,
)
from .blocks import check_blocks, named_blocks
from .calc import check_current
from .xlsx import Package, cell_argument, defined_area, defined_names, excel_date, open_package, read_values

if TYPE_CHECKING:
    from ..interchange.handrecords import Analysis, SessionHands

__all__ = ["SessionBook", "read_session_book"]


@dataclass(frozen=True)
class SessionBook:
    """A pairs-session workbook read through the pipeline: its result, and where its blocks are."""

    path: Path
    package: Package
    result: SessionResult
    #: The sheet and 1-based first row of the results block (its row 0), and of the names block.
    results_sheet: str
    results_first_row: int
    names_first_row: int
    #: The masterpoint scale of the Settings sheet, as its cell holds it (None: blank).
    mp_scale: object = None

    @property
    def score(self) -> SessionScore:
        return self.result.score

    @property
    def session(self) -> Session:
        return self.result.session

    @property
    def note(self) -> str:
        """What the ranking says under its title, with the masterpoint scale's word."""
        from ...excel.session import ranking_note

        return ranking_note(self.result, self.mp_scale)

    @property
    def provisional(self) -> str:
        """What the ranking says of a session still being entered (see
        :attr:`~xlbridge.engine.pipeline.SessionResult.provisional`)."""
        return self.result.provisional

    @property
    def missing(self) -> list[Slot]:
        """The movement's lines with no result yet (a session still being entered)."""
        return self.result.missing

    def row_of(self, index: int) -> int:
        """The sheet row of ``session.lines[index]``."""
        return self.results_first_row + self.result.prepared.row_of[index]

    def problems(self) -> list[tuple[int, str]]:
        """Every line that needs checking: (its sheet row, the reason its Check cell gives), in row order."""
        return [(self.results_first_row + row, reason) for row, reason in self.result.problems()]

    def doubts(self) -> list[tuple[int, str]]:
        """What the lines alone put in doubt, not held against the session: (its sheet row, the reason)."""
        return [(self.results_first_row + row, reason) for row, reason in self.result.doubts()]

    def awards(self) -> SessionAwards | None:
        """The session's masterpoints on the workbook's scale, as its Masterpoints column shows them; None when
        the scale awards nothing, or while results the movement expects are not in (the column shows #N/A). A
        scale that is none of the registry's, or a session it cannot award (a walk-in: the column shows the error
        value and the ranking's note the reason), is refused, saying what to do."""
        try:
            scale = masterpoint_scale(self.mp_scale)
        except BridgeInputError as error:
            raise WorkbookError(f"{self.path}: Settings: {error.message}") from None
        if not scale.awards or self.missing:
            return None
        found = self.result.awards(scale)
        if isinstance(found, BridgeInputError):
            raise WorkbookError(f"{self.path}: {found.message}; or choose None as Masterpoints on the Settings sheet")
        return found

    def require_complete(self, doing: str, provisional: bool = False) -> None:
        """The one check of a session before ``doing`` (``ranking``, ``exporting``, ``publishing``, ``a season
        ladder counts it``): refused when it has no results, when lines on Results need checking, or (unless
        ``provisional``: a ranking while results are still being typed, which says so) when results its movement
        expects are not in; each such row and result named, a line each, then their count and what to do."""
        path, sheet = self.path, self.results_sheet
        if not self.session.lines:  # nothing to rank, even provisionally
            expected = f" (its movement expects {len(self.missing)}: type them into its rows)" if self.missing else ""
            raise WorkbookError(f"{path}: the {sheet} sheet has no results yet{expected}")
        rows = [f"{path}: {sheet} row {row}: {reason}" for row, reason in self.problems()]
        prepared = self.result.prepared
        missing = sorted(zip(prepared.missing_rows, prepared.missing_reasons, strict=True),
                         key=lambda pair: (pair[0] is None, pair[0] or 0))  # fmt: skip
        first = self.results_first_row
        # Each result not in by the row that waits for it to be typed, in the sheet's order.
        slots = [f"{path}: {reason}" if row is None else f"{path}: {sheet} row {first + row}: {reason}"
                 for row, reason in missing if not provisional]  # fmt: skip
        reasons = []
        if rows:
            one = len(rows) == 1
            reasons.append(f"{count(len(rows), 'line')} on {sheet} {'needs' if one else 'need'} checking before "
                           f"{doing}: put {'it' if one else 'them'} right (the Check column says why)")  # fmt: skip
        if slots:
            one = len(slots) == 1
            reasons.append(f"{count(len(slots), 'result')} the movement expects {'is' if one else 'are'} not in "
                           f"before {doing}: type {'it' if one else 'each'} (NP in the Adjusted column for a board "
                           "not played)")  # fmt: skip
        if reasons:
            raise WorkbookError(f"{path}: {'; '.join(reasons)}", details=listed([*rows, *slots], str(path)))

    def hands(self) -> dict[int, Analysis]:
        """The session's deals as its Hands sheet holds them (``import --hands``, ``movement -o --hands``, a PBN
        results file's own), by board, each with its table and par where it has them; none without the sheet."""
        found = defined_area(self.package, HANDS_BLOCK)
        if found is None:
            return {}
        sheet, (first_row, first_col, last_row, last_col) = found
        values = read_values(self.package, sheet, computed=False)
        rows = [[values.get((row, col)) for col in range(first_col, last_col + 1)]
                for row in range(first_row, last_row + 1)]  # fmt: skip
        try:
            return read_hands(rows, first_row)
        except BridgeInputError as error:
            raise WorkbookError(f"{self.path}: {error.message}") from None

    def session_hands(self) -> SessionHands | None:
        """The deals of the Hands sheet as a workbook is given them again (``bridgemate receive`` writes the
        workbook anew): its boards with their analysis, the hand record's name, and which boards of the session
        have none; None without the sheet."""
        from ..interchange.handrecords import SessionHands, session_boards

        deals = self.hands()
        if not deals:
            return None
        recorded, boards = set(deals), session_boards(self.session)
        source = source_of(read_values(self.package, HANDS_SHEET, computed=False).get((2, 1)))
        return SessionHands(tuple(deals[board] for board in sorted(deals)), source, tuple(sorted(boards - recorded)),
                            tuple(sorted(recorded - boards)))  # fmt: skip


def _grid(package: Package, sheet: str, area: tuple[int, int, int, int]) -> Grid:
    """A range's stored cells as Excel hands them to a function (numbers as floats, blanks None, errors as text)."""
    values = read_values(package, sheet, computed=False)
    first_row, first_col, last_row, last_col = area
    return [[cell_argument(values.get((row, col))) for col in range(first_col, last_col + 1)]
            for row in range(first_row, last_row + 1)]  # fmt: skip


def _cells(path: Path, package: Package) -> tuple[SessionCells, dict[str, tuple[str, tuple[int, int, int, int]]]]:
    """The session's cells, by the defined names of :data:`~xlbridge.files.templates.layout.SESSION_NAMES`, and
    where each is (sheet and area); refused when the results or names block is not named."""
    named = defined_names(package)
    where = {argument: found for argument, name in SESSION_NAMES.items()
             if (found := defined_area(package, name) or defined_area(package, FORMER_NAMES.get(argument, name)))
             is not None}  # fmt: skip
    missing = [SESSION_NAMES[argument] for argument in ("results", "names") if SESSION_NAMES[argument].upper()
               not in named]  # fmt: skip
    if missing:
        raise WorkbookError(f"{path}: has no {' or '.join(missing)} (defined names of an xlbridge pairs-session "
                            "workbook): is it one? From an older xlbridge: import its session again")  # fmt: skip
    given: dict[str, object] = {argument: _grid(package, sheet, area) for argument, (sheet, area) in where.items()}
    for argument, name in SESSION_NAMES.items():  # a name whose cells were deleted (its sheet, or all its rows)
        if argument not in where and name.upper() in named:
            given[argument] = [["#REF!"]]  # as Excel hands it to the functions
    return SessionCells(**given), where


def _setting(package: Package, name: str) -> object:
    """A Settings cell's value as Excel hands it (None: blank, or no such cell)."""
    found = defined_area(package, name)
    if found is None:
        return None
    sheet, area = found
    return single_value(_grid(package, sheet, area))


def _text(package: Package, name: str) -> str:
    """A Settings cell's text ("" when blank; a number as typed: 10, not 10.0)."""
    value = _setting(package, name)
    return "" if is_blank_text(value) else show(value) if isinstance(value, float) else str(value).strip()


def _event(package: Package) -> tuple[str, dt.date | None]:
    """The event's name and date as the Settings sheet holds them (a date typed as text is read as results files
    write one: 27/07/2026, 2026-07-27)."""
    event, day = _text(package, SETTING_NAMES["event"]), _setting(package, SETTING_NAMES["date"])
    if isinstance(day, (int, float)) and not isinstance(day, bool):
        return event, excel_date(day)
    return event, parse_date(day) if isinstance(day, str) else None


#: What changes the names block before the session is worked out (the handicapped ranking's handicaps from
#: elsewhere): a function of the package, the block's cells and its first row, giving the cells to use.
NamesChange = Callable[[Package, Grid, int], Grid]


def read_session_book(path: Path, current: bool = True, names: NamesChange | None = None) -> SessionBook:
    """The session in a pairs-session workbook, read as its own formulas read it (see the module's notes). With
    ``current`` (every command that reads its figures), a workbook whose stored values are not those of its entries
    is refused (:func:`~.calc.check_current`); without (``bridgemate``, which reads its entries and writes the
    workbook again), it is not. ``names`` changes the names block before the session is worked out."""
    package = open_package(path)
    if "Standings" in package.sheets and "Results" not in package.sheets:
        raise WorkbookError(f"{path}: a teams event, not a pairs session: xlbridge standings prints its standings")
    if "Results" not in package.sheets:
        raise WorkbookError(f"{path}: has no Results sheet; is it an xlbridge pairs session?")
    cells, where = _cells(path, package)
    if names is not None:
        cells = replace(cells, names=names(package, as_grid(cells.names), where["names"][1][0]))
    check_blocks(package, named_blocks(package))
    if current:  # stored figures first: a workbook changed and not computed since is said to be that
        check_current(package)
    try:
        result = session_result(cells)
    except BridgeInputError as error:  # the movement's rows, each named (see movement_from_rows)
        found = where.get(error.argument) or (defined_area(package, SESSION_NAMES[error.argument])
                                              if error.argument in SESSION_NAMES else None)  # fmt: skip
        at = f"{found[0]}: " if found is not None else ""
        problems = [f"{path}: {at}{detail}" for detail in error.details] or [f"{path}: {at}{error.message}"]
        summary = (f"{path}: {count(len(problems), 'problem')} in its entries: put them right, then compute it again "
                   f"(xlbridge calc {path} --in-place)")  # fmt: skip
        raise refusal(WorkbookError, problems, summary, str(path)) from None
    event, date = _event(package)
    mp_scale = _setting(package, SETTING_NAMES["mp_scale"])
    try:
        scale = masterpoint_scale(mp_scale)
    except BridgeInputError:
        scale = masterpoint_scale(None)  # refused by awards(), which every command giving the awards asks
    particulars = Particulars(**{field: _text(package, name) for field, name in PARTICULARS_NAMES.items()})
    session = replace(result.session, event=event, date=date, masterpoints=scale, particulars=particulars)
    scored = replace(result, score=replace(result.score, session=session))
    results_sheet, results_area = where["results"]
    book = SessionBook(path, package, scored, results_sheet, results_area[0], where["names"][1][0], mp_scale)
    for row, reason in book.doubts():
        warnings.warn(Doubt(f"{path}: row {row} on {results_sheet}: {reason} (worth a look; not held against the "
                            "session)"), stacklevel=2)  # fmt: skip
    return book
