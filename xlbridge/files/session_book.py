"""The one reader of a pairs-session workbook: its Settings, Names, Results and Movement blocks into the engine's
session, exactly as its own formulas read them.

Every command that reads a session workbook (``ranking``, ``export``, ``publish``, ``ladder``, and ``calc`` before it
writes) reads it here, so they cannot disagree with each other or with the workbook:

- The blocks are the ranges the workbook's own ``SESSIONRESULTS`` formula reads (its defined names, or the ranges
  an older workbook's formula names), handed over as Excel hands them to the function, and worked out by the same
  code (:func:`xlbridge.excel.session.read_session`). Blank rows anywhere are skipped and rows in any order give the
  same session.
- Nothing typed outside a block is ignored: a value below the results, names or movement block is refused with its
  row (the template's yellow cells stop where the block stops, so this is a value typed on an unprotected sheet).
- :func:`~xlbridge.files.calc.check_current` first: stored values that are not those of the workbook's entries
  (changed and not computed again) are refused, so no figure is ever read stale.
- The masterpoint scale is the one the workbook's ``RANKING`` formula is handed (its ``mp_scale``, the Settings
  sheet's Masterpoints cell; a workbook without it awards none), and the awards are the engine's on the session
  read here (:meth:`SessionBook.awards`), as the Masterpoints column shows them.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, replace
from pathlib import Path

from ..engine.errors import BridgeInputError
from ..engine.masterpoints import SessionAwards, masterpoint_scale
from ..engine.movement import Slot
from ..engine.session import Session, Unscorable
from ..engine.standings import SessionScore
from ..engine.values import show
from ..excel.cells import as_grid, is_blank_text
from ..excel.masterpoints import session_awards
from ..excel.session import WorkedSession, ranking_note, read_session
from .calc import check_current
from .evaluate import Argument, call_arguments
from .interchange.common import parse_date
from .xlsx import Package, WorkbookError, column_letters, excel_date, open_package, read_values

__all__ = ["SessionBook", "check_blocks", "read_session_book"]

#: The arguments of the session functions, in order (SESSIONRESULTS(results, names, method, movement, ...)).
ARGUMENTS = ("results", "names", "method", "movement", "per_board", "plan")
#: What each block is called when a row of it is named.
BLOCK_WORDS = {"results": "Results", "names": "Names", "plan": "Movement"}


@dataclass(frozen=True)
class SessionBook:
    """A pairs-session workbook as its formulas read it, worked out: the session, its score, and where each of its
    lines is on the Results sheet."""

    path: Path
    package: Package
    worked: WorkedSession
    #: The session's score (its session with the event and date of the Settings).
    score: SessionScore
    #: The sheet and 1-based first row of the results block (its row 0).
    results_sheet: str
    results_first_row: int
    #: The 1-based first row of the names block.
    names_first_row: int = 2
    #: The masterpoint scale as the RANKING formula is handed it (a cell's value; None without one).
    mp_scale: object = None

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
        found = session_awards(self.worked, scale)
        if isinstance(found, BridgeInputError):
            raise WorkbookError(f"{self.path}: {found.message}; or choose None as Masterpoints on the Settings sheet")
        return found

    @property
    def session(self) -> Session:
        return self.score.session

    @property
    def note(self) -> str:
        """What the ranking says under its title (see :func:`~xlbridge.excel.session.ranking_note`)."""
        return ranking_note(self.worked, self.mp_scale)

    def row_of(self, index: int) -> int:
        """The sheet row of ``session.lines[index]``."""
        return self.results_first_row + self.worked.sheet_row[index]

    @property
    def missing(self) -> list[Slot]:
        """The movement's lines with no result yet (a session still being entered)."""
        return self.worked.missing

    def problems(self) -> list[tuple[int, str]]:
        """Every line that needs checking: (its sheet row, the reason its Check cell gives), in row order."""
        out = []
        for index, (row, figures) in enumerate(zip(self.session.lines, self.score.lines, strict=True)):
            if figures.problem or isinstance(row, Unscorable):
                out.append((self.row_of(index), figures.problem or row.reason))  # type: ignore[union-attr]
        return sorted(out)

    def require_complete(self, doing: str) -> None:
        """Refuse a session whose lines need checking, or that the movement says is not all in, before ``doing``
        (exporting it, publishing it): with the count, the first rows and their reasons."""
        problems = self.problems()
        if problems:
            first = "; ".join(f"row {row}: {reason}" for row, reason in problems[:3])
            more = f" (and {len(problems) - 3} more)" if len(problems) > 3 else ""
            raise WorkbookError(
                f"{self.path}: {len(problems)} line(s) on {self.results_sheet} need checking before {doing}: "
                f"{first}{more}"
            )
        if self.missing:
            first = "; ".join(f"board {s.board} NS {s.ns} v EW {s.ew} (round {s.round}, table {s.table})"
                              for s in self.missing[:3])  # fmt: skip
            more = f" (and {len(self.missing) - 3} more)" if len(self.missing) > 3 else ""
            raise WorkbookError(
                f"{self.path}: {len(self.missing)} result(s) the movement expects are not in, before {doing}: "
                f"{first}{more}; type each (an adjusted score such as A for a board not played)"
            )


def _typed_outside(package: Package, argument: Argument, block: str) -> None:
    """A value typed below a block (in its columns), which no formula reads: refused with its row."""
    assert argument.sheet is not None
    assert argument.area is not None
    first_row, first_col, last_row, last_col = argument.area
    values = read_values(package, argument.sheet, computed=False)
    below = sorted((row, col) for (row, col), value in values.items()
                   if row > last_row and first_col <= col <= last_col and value not in (None, ""))  # fmt: skip
    if below:
        row, col = below[0]
        where = f"{argument.sheet} row {row} ({column_letters(col)}{row})"
        raise WorkbookError(
            f"{package.path}: {where} is below the {BLOCK_WORDS[block]} block (rows {first_row}-{last_row}), which "
            "the workbook's formulas read: nothing there is counted. Move it into a blank row of the block, or "
            "import the session again (xlbridge import) to make room"
        )


def check_blocks(package: Package, arguments: list[Argument] | None = None) -> None:
    """Refuse a value typed below a block of a pairs-session workbook (the results, names or movement block that
    its session functions read), naming its row; ``arguments`` are those of its SESSIONRESULTS call (found when not
    given). A workbook without one is not a session workbook: nothing to check."""
    if arguments is None:
        arguments = call_arguments(package, "SESSIONRESULTS")
    for block, argument in zip(ARGUMENTS, arguments or [], strict=False):
        if block in BLOCK_WORDS and argument.area is not None:
            _typed_outside(package, argument, block)


def _event(info: list[Argument] | None) -> tuple[str, dt.date | None]:
    """The event's name and date as SESSIONINFO is handed them (a date typed as text is read as results files
    write one: 27/07/2026, 2026-07-27)."""
    if not info or len(info) < 2:
        return "", None
    name, day = (as_grid(argument.value)[0][0] for argument in info[:2])
    event = "" if is_blank_text(name) else show(name) if isinstance(name, float) else str(name).strip()
    if isinstance(day, (int, float)) and not isinstance(day, bool):
        return event, excel_date(day)
    return event, parse_date(day) if isinstance(day, str) else None


def read_session_book(path: Path, current: bool = True) -> SessionBook:
    """The session in a pairs-session workbook, read as its own formulas read it (see the module's notes). With
    ``current`` (every command that reads figures), a workbook whose stored values are not those of its entries is
    refused first."""
    package = open_package(path)
    if "Standings" in package.sheets and "Results" not in package.sheets:
        raise WorkbookError(f"{path}: a teams event, not a pairs session: xlbridge standings prints its standings")
    if "Results" not in package.sheets:
        raise WorkbookError(f"{path}: has no Results sheet; is it an xlbridge pairs session?")
    computed = check_current(package) if current else None

    def arguments(function: str) -> list[Argument] | None:
        found = computed.arguments.get(function) if computed is not None else None
        return found if found is not None else call_arguments(package, function)  # not computed directly here

    given = dict(zip(ARGUMENTS, arguments("SESSIONRESULTS") or [], strict=False))
    if len(given) < 4:
        raise WorkbookError(f"{path}: has no SESSIONRESULTS formula; is it an xlbridge pairs session?")
    check_blocks(package, list(given.values()))
    results = given["results"]
    assert results.sheet is not None
    assert results.area is not None
    try:
        worked = read_session(*(given[name].value if name in given else None for name in ARGUMENTS))
    except BridgeInputError as error:
        raise WorkbookError(f"{path}: {error.message}") from None
    event, date = _event(arguments("SESSIONINFO"))
    mp_scale = _mp_scale(arguments("RANKING"))
    try:
        scale = masterpoint_scale(mp_scale)
    except BridgeInputError:
        scale = masterpoint_scale(None)  # refused by awards(), which every command giving the awards asks
    session = replace(worked.score.session, event=event, date=date, masterpoints=scale)
    score = replace(worked.score, session=session)
    names = given["names"].area
    return SessionBook(path, package, worked, score, results.sheet, results.area[0], 2 if names is None else names[0],
                       mp_scale)  # fmt: skip


def _mp_scale(ranking: list[Argument] | None) -> object:
    """The masterpoint scale the RANKING formula is handed (its argument after the movement's block), as a cell's
    value: None for a blank cell or a formula without one."""
    if not ranking or len(ranking) <= len(ARGUMENTS):
        return None
    value = as_grid(ranking[len(ARGUMENTS)].value)[0][0]
    return None if is_blank_text(value) else value
