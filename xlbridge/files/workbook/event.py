"""A teams event's workbook around the evening: written with its schedule drawn (``xlbridge schedule``), read back
as its cells hold it, and given its next Swiss round (``xlbridge swiss``).

The event is read from the cells a secretary types (Settings, Teams, Matches) by the worksheet functions' own
readers (:mod:`xlbridge.excel.event`), and scored by the engine as the workbook scores it, so that the standings a
Swiss round is drawn from are the ones its Standings sheet shows. A new round is written into the first empty rows
of Matches (nothing else in the file changes) and the workbook computed again; the file appears complete or not
at all.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from contextlib import nullcontext
from dataclasses import dataclass, replace
from pathlib import Path

from ...engine.draw import Pairing, round_robin, swiss_round
from ...engine.errors import BridgeInputError, OutputIsInputError, WorkbookError, refusal
from ...engine.event import EventRow, EventScore, score_event
from ...engine.matches import Event, EventMatch, Team
from ...engine.values import count, show
from ...excel.event import read_match, read_teams
from ..inputs import read_input
from ..interchange import MAX_FILE_BYTES
from ..interchange.common import decoded
from ..locking import rewriting
from ..outputs import check_open, check_output, target_of, write_atomically
from ..tables import csv_value
from ..templates.event_layout import EARLIER_COLUMNS, ENTERED, MATCH_COLUMNS, MATCHES, SETTINGS, TEAMS
from .blocks import check_blocks, named_blocks
from .calc import calc_workbook, workbook_suffix, write_values
from .evaluate import evaluate, read_formulas
from .patching import patch_sheet, write_package
from .xlsx import Package, cell_argument, cell_text, open_package, read_values

__all__ = ["Drawn", "EventBook", "read_event_book", "read_team_names", "swiss_next", "write_schedule"]


@dataclass(frozen=True)
class EventBook:
    """A teams-event workbook as its cells hold it: the event (settings and teams), each row of Matches as read
    (with its Excel row number), the rows still empty after the last one used, and the event scored."""

    package: Package
    event: Event
    rows: list[EventRow]
    numbers: list[int]
    free: list[int]
    scored: EventScore
    #: The Matches sheet's headings (an earlier version's have no Played again).
    columns: tuple[str, ...] = tuple(MATCH_COLUMNS)

    def col(self, heading: str) -> int:
        """The Matches sheet's column (0 is A) of ``heading``."""
        return self.columns.index(heading)


def _setting(values: dict[tuple[int, int], object], name: str) -> object:
    return values.get(SETTINGS[name].position)


def read_event_book(path: Path) -> EventBook:
    """The teams-event workbook at ``path``, read from the cells typed in (it need not be computed)."""
    package = open_package(path)
    for sheet in ("Settings", TEAMS.sheet, MATCHES.sheet):
        if sheet not in package.sheets:
            what = "a pairs session" if "Ranking" in package.sheets else "not an xlbridge teams event"
            raise WorkbookError(f"{path}: has no {sheet} sheet ({what})")
    check_blocks(package, named_blocks(package))  # a match or a team below its block: in no standings
    settings = read_values(package, "Settings", computed=False)
    teams_values = read_values(package, TEAMS.sheet, computed=False)
    match_values = read_values(package, MATCHES.sheet, computed=False)
    headings = tuple(
        cell_text(match_values.get((MATCHES.header_row + 1, col + 1))) for col in range(len(MATCH_COLUMNS))
    )
    columns = next((known for known in (tuple(MATCH_COLUMNS), EARLIER_COLUMNS)
                    if headings[: len(known)] == known), None)  # fmt: skip
    if columns is None:
        raise WorkbookError(f"{path}: the Matches sheet's headings are not an xlbridge teams event's")
    team_rows = max((row for row, _ in teams_values), default=TEAMS.first_row)
    team_cells = [  # as the functions are handed them (an error as its text), from the block's first row (row 2)
        [cell_argument(teams_values.get((row, TEAMS.col(name) + 1))) for name in TEAMS.columns]
        for row in range(TEAMS.first_row + 1, team_rows + 1)
    ]
    teams, problems, _ = read_teams(team_cells or [[None, None, None]])
    if problems:
        summary = f"{path}: {count(len(problems), 'row')} on Teams cannot be read: put them right"
        raise refusal(WorkbookError, [f"{path}: {problem}" for problem in problems], summary, str(path))
    last = _capacity(package, max((row for row, _ in match_values), default=MATCHES.first_row))
    rows: list[EventRow] = []
    numbers: list[int] = []
    free: list[int] = []
    for row in range(MATCHES.first_row + 1, last + 1):
        cells = [cell_argument(match_values.get((row, columns.index(name) + 1))) for name in ENTERED if name in columns]
        read = read_match(cells)
        if read is None:
            free.append(row)
            continue
        free.clear()  # only the rows after the last one used are free
        rows.append(read)
        numbers.append(row)
    rounds_text = cell_text(_setting(settings, "Rounds"))
    boards_text = cell_text(_setting(settings, "BoardsPerMatch"))
    event = Event(
        name=cell_text(_setting(settings, "TeamsEvent")),
        form=cell_text(_setting(settings, "Form")) or "IMP/VP",
        scale=cell_text(_setting(settings, "Scale")) or "WBF",
        boards=int(boards_text) if boards_text.isdigit() else 8,
        teams=tuple(teams),
        schedule=cell_text(_setting(settings, "Schedule")),
        bye_rule=cell_text(_setting(settings, "ByeRule")),
        tie_break=cell_text(_setting(settings, "TieBreak")),
        rounds=int(rounds_text) if rounds_text.isdigit() else None,
    )
    settings_problems = (
        {}
        if boards_text.isdigit() or not boards_text
        else {"boards": f"boards per match {show(boards_text)} (Settings)"}
    )
    scored = score_event(event, rows, settings=settings_problems)  # fmt: skip
    return EventBook(package, event, rows, numbers, free, scored, columns)


def _capacity(package: Package, last_value: int) -> int:
    """The last row of Matches the workbook's functions read (their array's last row), or the last row with a
    value where there is no such formula."""
    areas = [formula.area for formula in read_formulas(package) if formula.sheet == MATCHES.sheet]
    return max([last_value, *(area[2] for area in areas)])


def read_team_names(path: Path) -> list[Team]:
    """The teams of a CSV: ``team,name[,members]`` with or without a header row (any order of those headings),
    or one name a line (numbered 1, 2, ...); ``standings --csv`` is one, its names read as they were
    (:func:`~xlbridge.files.tables.csv_value`)."""
    text = decoded(read_input(path, "a list of teams", MAX_FILE_BYTES), path)
    rows = [[csv_value(cell.strip()) for cell in row] for row in csv.reader(io.StringIO(text, newline="")) if any(row)]
    if not rows:
        raise WorkbookError(f"{path}: no teams in it")
    header = [cell.lower() for cell in rows[0]]
    columns = {"team": 0, "name": 1, "members": 2}
    if "name" in header:
        columns = {key: header.index(key) for key in ("team", "name", "members") if key in header}
        rows = rows[1:]
    teams: list[Team] = []
    for line, row in enumerate(rows, start=2 if "name" in header else 1):
        cells = {key: row[index] if index < len(row) else "" for key, index in columns.items()}
        if len(row) == 1 and "team" not in header:
            cells = {"team": str(len(teams) + 1), "name": row[0], "members": ""}
        number = cells.get("team") or str(len(teams) + 1)
        if not number.isdigit() or int(number) < 1:
            raise WorkbookError(f"{path}: line {line}: team {number!r}: expected a team number (1, 2, ...)")
        teams.append(Team(int(number), cells.get("name", ""), cells.get("members", "")))
    if len({team.number for team in teams}) != len(teams):
        raise WorkbookError(f"{path}: a team number is given twice")
    return teams


def write_schedule(destination: Path, event: Event, replace: bool = False) -> Path:
    """Write ``event`` (its teams, settings and drawn matches) as the teams-event workbook, computed: as many match
    rows as the event will need, running totals for its rounds."""
    check_output(destination, writes="an Excel workbook", suffixes=(".xlsx",), replace=replace)
    per_round = (len(event.teams) + 1) // 2
    rows = max(len(event.matches), per_round * (event.rounds or 0), 1)

    from ..templates import CLASSIC, teams_event  # the workbook writer (the calc extra): not needed to read an event

    def fill(staged: Path) -> None:
        teams_event.build(staged, CLASSIC, rows=rows, teams=len(event.teams), event=event, computed=True)

    return write_atomically(destination, fill, replace=replace)


def schedule_event(event: Event, double: bool = False, boards: int | None = None) -> Event:
    """``event`` with its whole round robin drawn (``double``: twice), its rounds those of the schedule."""
    matches = round_robin([team.number for team in event.teams], double=double, boards=boards)
    rounds = max(match.round or 0 for match in matches)
    return replace(event, matches=tuple(matches), rounds=rounds)


@dataclass(frozen=True)
class Drawn:
    """A Swiss round written: where, the round, the workbook's rows it went into, and the event's teams."""

    destination: Path
    pairing: Pairing
    rows: list[int]
    teams: tuple[Team, ...]


def swiss_pairing(book: EventBook, path: Path) -> Pairing:
    """The next round of the Swiss event in ``book``, from its standings; refused while the event is not ready for
    it (a row waiting, a match of the last round without its result, every round drawn)."""
    scored = book.scored
    if not scored.schedule.swiss:
        raise WorkbookError(f"{path}: the event's schedule is {scored.schedule.name}, not Swiss: choose Swiss as its "
                            "Schedule (Settings) to draw it round by round")  # fmt: skip
    for row, figure, number in zip(book.rows, scored.matches, book.numbers, strict=True):
        if figure.problem:
            raise WorkbookError(f"{path}: Matches row {number} waits ({figure.problem}): put it right first")
        if isinstance(row, EventMatch) and not figure.scored and not row.bye:
            raise WorkbookError(f"{path}: Matches row {number}: round {row.round}, {row.home} v {row.away} has no "
                                "result yet: the next round is drawn from complete standings")  # fmt: skip
    drawn = max((row.round or 0 for row in book.rows if isinstance(row, EventMatch)), default=0)
    if book.event.rounds is not None and drawn >= book.event.rounds:
        raise WorkbookError(f"{path}: all {book.event.rounds} rounds are drawn (Rounds, in Settings)")
    matches = [row for row in book.rows if isinstance(row, EventMatch)]
    met = {frozenset((row.home, row.away)) for row in matches if not row.bye and row.home and row.away}
    byes: dict[int, int] = {}
    homes: dict[int, int] = {}
    for row in matches:
        if row.home is not None:
            (byes if row.bye else homes)[row.home] = (byes if row.bye else homes).get(row.home, 0) + 1
    order = [line.team.number for line in scored.ranking]
    return swiss_round(order, met, byes, homes, drawn + 1)


def swiss_next(
    path: Path,
    destination: Path | None = None,
    in_place: bool = False,
    force: bool = False,
    progress: Callable[[str], None] = lambda step: None,
) -> Drawn:
    """Add the next Swiss round's pairings to the workbook at ``path`` (into the first empty rows of Matches) and
    compute it: into ``destination``, or the workbook itself with ``in_place`` (held from before it is read until
    it is replaced, and replaced only while it is still the file read: :func:`~xlbridge.files.locking.rewriting`);
    ``progress`` is told each step as it starts."""
    if not path.exists():
        raise WorkbookError(f"{path}: no such file")
    with rewriting(path, "xlbridge swiss --in-place") if in_place else nullcontext():
        return _draw_next(path, destination, in_place, force, progress)


def _draw_next(
    path: Path, destination: Path | None, in_place: bool, force: bool, progress: Callable[[str], None]
) -> Drawn:
    """:func:`swiss_next`, the workbook held if it is rewritten."""
    progress(f"reading {path.name}")
    book = read_event_book(path)
    suffix = workbook_suffix(book.package)
    if in_place:
        check_open(path, force)
        destination = path
    else:
        if destination is None:
            raise BridgeInputError("say where to write: -o OUT.xlsx, or --in-place")
        if target_of(destination) == target_of(path):
            raise OutputIsInputError(f"{destination}: is the input; use --in-place to replace it")
        check_output(destination, writes="an Excel workbook", suffixes=(suffix,), inputs=[path], replace=force)
    progress("drawing the next round")
    pairing = swiss_pairing(book, path)
    new_rows = pairing.matches()
    if len(new_rows) > len(book.free):
        raise WorkbookError(
            f"{path}: Matches has room for {len(book.free)} more rows, and round {pairing.round} needs "
            f"{len(new_rows)}: write the event again with xlbridge schedule swiss (more rounds)"
        )
    cells: dict[tuple[int, int], object] = {}
    used = book.free[: len(new_rows)]
    for row, match in zip(used, new_rows, strict=True):
        cells[(row, book.col("Round") + 1)] = match.round
        cells[(row, book.col("Home") + 1)] = match.home
        cells[(row, book.col("Away") + 1)] = "BYE" if match.bye else match.away
    part = book.package.sheets[MATCHES.sheet]
    patched = replace(book.package, parts={**book.package.parts, part: patch_sheet(book.package.parts[part], cells)})
    progress(f"computing and writing {destination.name}")
    computed = evaluate(patched)
    if computed is not None:
        write_values(patched, computed.changes(), destination, replace=True)
    else:  # formulas of the user's own: through the general engine, from a file
        staged = destination.with_name(f".{destination.stem}.entered{suffix}")
        try:
            write_package(patched, {}, staged, replace=True)
            calc_workbook(staged, destination, replace=True)
        finally:
            staged.unlink(missing_ok=True)
    return Drawn(destination, pairing, used, book.event.teams)
