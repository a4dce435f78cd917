"""The one reader of a pairs-session workbook: its Settings, Names, Results and Movement blocks into the engine's
session, exactly as its own formulas read them.

Every command that reads a session workbook (``ranking``, ``export``, ``publish``, ``ladder``, and ``calc`` before it
writes) reads it here, so they cannot disagree with each other or with the workbook:

- The blocks are the ranges the workbook's own ``SESSIONRESULTS`` formula reads (its defined names, or the ranges
  an older workbook's formula names), handed over as Excel hands them to the function, and worked out by the same
  code (:func:`xlbridge.excel.entries.read_session`). Blank rows anywhere are skipped and rows in any order give the
  same session.
- Nothing typed outside a block is ignored: a value below the results, names or movement block is refused with its
  row (:func:`~.blocks.check_blocks`, as in every other workbook's blocks).
- :func:`~.calc.check_current` first: stored values that are not those of the workbook's entries
  (changed and not computed again) are refused, so no figure is ever read stale.
- The masterpoint scale is the one the workbook's ``RANKING`` formula is handed (its ``mp_scale``, the Settings
  sheet's Masterpoints cell; a workbook without it awards none), and the awards are the engine's on the session
  read here (:meth:`SessionBook.awards`), as the Masterpoints column shows them.
"""

from __future__ import annotations

import datetime as dt
import warnings
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from ...engine.errors import BridgeInputError, Doubt, listed, refusal
from ...engine.masterpoints import SessionAwards, masterpoint_scale
from ...engine.movements import Slot
from ...engine.session import Session, Unscorable
from ...engine.standings import SessionScore
from ...engine.values import count, show
from ...excel.cells import as_grid, is_blank_text
from ...excel.entries import WorkedSession, read_session
from ...excel.masterpoints import session_awards
from ...excel.session import provisional_note, ranking_note
from ..interchange.common import parse_date
from .blocks import check_blocks
from .calc import check_current
from .evaluate import Argument, call_arguments, defined_names
from .xlsx import Package, WorkbookError, excel_date, open_package, read_values, split_ref

if TYPE_CHECKING:
    from ..interchange.handrecords import Analysis, SessionHands

__all__ = ["SessionBook", "read_session_book"]

#: The arguments of the session functions, in order (SESSIONRESULTS(results, names, method, movement, ...)).
ARGUMENTS = ("results", "names", "method", "movement", "per_board", "plan")


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

    def hands(self) -> dict[int, Analysis]:
        """The session's deals as its Hands sheet holds them (``import --hands``, ``movement -o --hands``, a PBN
        results file's own), by board, each with its table and par where it has them; none without the sheet."""
        from ..templates.hands_sheet import HANDS_BLOCK, read_hands

        target = defined_names(self.package).get(HANDS_BLOCK.upper())
        if target is None:
            return {}
        sheet, ref = target.rsplit("!", 1)
        sheet = sheet.strip("'").replace("''", "'")
        first_row, first_col, last_row, last_col = split_ref(ref)
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
        from ..templates.hands_sheet import HANDS_SHEET, source_of

        deals = self.hands()
        if not deals:
            return None
        held, boards = set(deals), session_boards(self.session)
        source = source_of(read_values(self.package, HANDS_SHEET, computed=False).get((2, 1)))
        return SessionHands(tuple(deals[board] for board in sorted(deals)), source, tuple(sorted(boards - held)),
                            tuple(sorted(held - boards)))  # fmt: skip

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

    def doubts(self) -> list[tuple[int, str]]:
        """What the lines alone put in doubt, not held against the session: (its sheet row, the reason), in row
        order, as the Check column says them."""
        return sorted((self.row_of(index), reason) for index, reason in self.worked.doubts.items())

    @property
    def provisional(self) -> str:
        """What the ranking says of a session still being entered (its movement known): ``provisional: 240 of the
        242 results the movement expects are in``; "" when every result is in."""
        return provisional_note(self.worked)

    def require_complete(self, doing: str, provisional: bool = False) -> None:
        """The one check of a session before ``doing`` (``ranking``, ``exporting``, ``publishing``, ``a season
        ladder counts it``): refused when it has no results, when lines on Results need checking, or (unless
        ``provisional``: a ranking while results are still being typed, which says so, see :attr:`provisional`)
        when results its movement expects are not in; each such row and result named, a line each, then their
        count and what to do."""
        path, sheet = self.path, self.results_sheet
        if not self.session.lines:  # nothing to rank, even provisionally
            expected = f" (its movement expects {len(self.missing)}: type them into its rows)" if self.missing else ""
            raise WorkbookError(f"{path}: the {sheet} sheet has no results yet{expected}")
        rows = [f"{path}: {sheet} row {row}: {reason}" for row, reason in self.problems()]
        slots = [] if provisional else [f"{path}: {reason}" for reason in self.worked.missing_reasons]
        said = []
        if rows:
            one = len(rows) == 1
            said.append(f"{count(len(rows), 'line')} on {sheet} {'needs' if one else 'need'} checking before {doing}: "
                        f"put {'it' if one else 'them'} right (the Check column says why)")  # fmt: skip
        if slots:
            one = len(slots) == 1
            said.append(f"{count(len(slots), 'result')} the movement expects {'is' if one else 'are'} not in before "
                        f"{doing}: type {'it' if one else 'each'} (NP in the Adjusted column for a board "
                        "not played)")  # fmt: skip
        if said:
            raise WorkbookError(f"{path}: {'; '.join(said)}", details=listed([*rows, *slots], str(path)))


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
    ``current`` (every command that reads its figures), a workbook whose stored values are not those of its entries
    is refused first; without (``bridgemate``, which reads its entries and writes the workbook again), it is not."""
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
    check_blocks(package, {"SESSIONRESULTS": list(given.values())})
    results = given["results"]
    assert results.sheet is not None
    assert results.area is not None
    try:
        worked = read_session(*(given[name].value if name in given else None for name in ARGUMENTS))
    except BridgeInputError as error:  # the movement's rows, each named (see movement_from_rows)
        cell = given.get(error.argument)  # a setting that cannot be read: on the sheet it is typed on (Settings)
        where = f"{cell.sheet}: " if cell is not None and cell.sheet is not None else ""
        problems = [f"{path}: {where}{detail}" for detail in error.details] or [f"{path}: {where}{error.message}"]
        summary = (f"{path}: {count(len(problems), 'problem')} in its entries: put them right, then compute it again "
                   f"(xlbridge calc {path} --in-place)")  # fmt: skip
        raise refusal(WorkbookError, problems, summary, str(path)) from None
    event, date = _event(arguments("SESSIONINFO"))
    mp_scale = _mp_scale(arguments("RANKING"))
    try:
        scale = masterpoint_scale(mp_scale)
    except BridgeInputError:
        scale = masterpoint_scale(None)  # refused by awards(), which every command giving the awards asks
    session = replace(worked.score.session, event=event, date=date, masterpoints=scale)
    score = replace(worked.score, session=session)
    names = given["names"].area
    book = SessionBook(path, package, worked, score, results.sheet, results.area[0], 2 if names is None else names[0],
                       mp_scale)  # fmt: skip
    for row, reason in book.doubts():
        warnings.warn(Doubt(f"{path}: row {row} on {results.sheet}: {reason} (worth a look; not held against the "
                            "session)"), stacklevel=2)  # fmt: skip
    return book


def _mp_scale(ranking: list[Argument] | None) -> object:
    """The masterpoint scale the RANKING formula is handed (its argument after the movement's block), as a cell's
    value: None for a blank cell or a formula without one."""
    if not ranking or len(ranking) <= len(ARGUMENTS):
        return None
    value = as_grid(ranking[len(ARGUMENTS)].value)[0][0]
    return None if is_blank_text(value) else value
