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
import warnings
from collections.abc import Callable
from contextlib import nullcontext
from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path

from ...engine.choices import choose
from ...engine.draw import Pairing, round_robin, swiss_round
from ...engine.errors import BridgeInputError, Doubt, OutputIsInputError, WorkbookError, refusal
from ...engine.event import EventRow, EventScore, score_event
from ...engine.matches import Event, EventMatch, Team
from ...engine.swiss_pairs import round_matches
from ...engine.values import count, show
from ...excel.event import read_match, read_teams
from ...rules.teams import ENTRANTS, PAIRS
from ..inputs import read_input
from ..interchange import MAX_FILE_BYTES, read_results
from ..interchange.common import decoded, fail
from ..locking import rewriting
from ..outputs import check_open, check_output, target_of, write_atomically
from ..tables import csv_value
from ..templates.event_layout import EARLIER_COLUMNS, ENTERED, MATCH_COLUMNS, MATCHES, SETTINGS, TEAMS
from .blocks import check_blocks, named_blocks
from .calc import calc_workbook, workbook_suffix, write_values
from .evaluate import evaluate, read_formulas
from .patching import patch_sheet, write_package
from .xlsx import Package, cell_argument, cell_text, open_package, read_values

__all__ = [
    "Drawn",
    "Entered",
    "EventBook",
    "enter_results",
    "read_event_book",
    "read_team_names",
    "row_span",
    "swiss_next",
    "write_schedule",
]


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
    return _event_book(open_package(path), path)


def _event_book(package: Package, path: Path) -> EventBook:
    """The teams-event workbook ``package`` (read from ``path``), read from the cells typed in."""
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
    columns = next((known for known in (tuple(MATCH_COLUMNS), EARLIER_COLUMNS) for words in ENTRANTS
                    if headings[: len(known)] == tuple(map(words.side, known))), None)  # fmt: skip
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
        entrants=cell_text(_setting(settings, "Entrants")),  # none in a workbook made before Swiss pairs: teams
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
        if line == 1 and not number.isdigit() and len(row) > 1:
            raise WorkbookError(f"{path}: line 1: headings {', '.join(row)}: a list of teams (or of a Swiss pairs "
                                "event's pairs) is team,name[,members] with or without that heading row, or one "
                                "name a line (a pairs session's names file is not one)")  # fmt: skip
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
    destination = _destination(book, path, destination, in_place, force)
    progress("drawing the next round")
    pairing = swiss_pairing(book, path)
    cells, used = _round_cells(book, pairing, path)
    progress(f"computing and writing {destination.name}")
    _write(_patched(book.package, cells), destination)
    return Drawn(destination, pairing, used, book.event.teams)


def _destination(book: EventBook, path: Path, destination: Path | None, in_place: bool, force: bool) -> Path:
    """Where the workbook read from ``path`` is written: itself with ``in_place``, else ``destination`` (checked)."""
    if in_place:
        check_open(path, force)
        return path
    if destination is None:
        raise BridgeInputError("say where to write: -o OUT.xlsx, or --in-place")
    if target_of(destination) == target_of(path):
        raise OutputIsInputError(f"{destination}: is the input; use --in-place to replace it")
    suffix = workbook_suffix(book.package)
    check_output(destination, writes="an Excel workbook", suffixes=(suffix,), inputs=[path], replace=force)
    return destination


def _round_cells(book: EventBook, pairing: Pairing, path: Path) -> tuple[dict[tuple[int, int], object], list[int]]:
    """The cells of Matches that ``pairing`` is typed into (the first empty rows), and those rows."""
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
    return cells, used


def _patched(package: Package, cells: dict[tuple[int, int], object]) -> Package:
    """``package`` with ``cells`` of Matches typed in (its values read afresh)."""
    part = package.sheets[MATCHES.sheet]
    parts = {**package.parts, part: patch_sheet(package.parts[part], cells)}
    return replace(package, parts=parts, strings=None, values={})


def _write(patched: Package, destination: Path) -> None:
    """Compute ``patched`` and write it to ``destination``."""
    computed = evaluate(patched)
    if computed is not None:
        write_values(patched, computed.changes(), destination, replace=True)
        return
    suffix = workbook_suffix(patched)  # formulas of the user's own: through the general engine, from a file
    staged = destination.with_name(f".{destination.stem}.entered{suffix}")
    try:
        write_package(patched, {}, staged, replace=True)
        calc_workbook(staged, destination, replace=True)
    finally:
        staged.unlink(missing_ok=True)


@dataclass(frozen=True)
class Entered:
    """A Swiss pairs round's results entered: where, the round, each match as entered with its row of Matches,
    and the next round drawn from the standings (None while a match drawn has no result, or every round is
    drawn)."""

    destination: Path
    round: int
    matches: list[tuple[int, EventMatch]]
    drawn: Drawn | None


def enter_results(
    path: Path,
    results: Path,
    destination: Path | None = None,
    in_place: bool = False,
    force: bool = False,
    method: str | None = None,
    progress: Callable[[str], None] = lambda step: None,
    redraw: bool = False,
) -> Entered:
    """Enter a Swiss pairs round's results into the event's workbook at ``path``: the round's results file (any
    format ``xlbridge import`` reads) scored as a one-field pairs session by ``method`` (Butler by default, or
    Cross-IMP), each table's IMPs (:func:`~xlbridge.engine.swiss_pairs.round_matches`) typed into its match's
    row of Matches (the round is the one whose matches the file's tables are), and, once every match drawn has
    its result and rounds remain, the next round drawn; then computed and written as :func:`swiss_next` writes.

    A round entered again (corrected results) whose next round is already drawn and not yet played leaves that
    round as drawn, saying so (a :class:`~xlbridge.engine.errors.Doubt`); with ``redraw``, it is drawn again from
    the corrected standings."""
    if not path.exists():
        raise WorkbookError(f"{path}: no such file")
    with rewriting(path, "xlbridge swiss --in-place") if in_place else nullcontext():
        progress(f"reading {path.name}")
        book = read_event_book(path)
        entrants = choose(ENTRANTS, book.event.entrants, "entrants")
        if entrants is not PAIRS:
            raise WorkbookError(f"{path}: a {entrants.one.lower()}s event (Entrants, in Settings: {entrants.name}): "
                                "its matches' IMPs are typed on Matches; --results enters a Swiss pairs event's "
                                "round (Entrants: Pairs)")  # fmt: skip
        destination = _destination(book, path, destination, in_place, force)
        progress(f"scoring {results.name}")
        imported = read_results(results, method=method or "Butler", fields="One field")
        if imported.result is None:
            raise fail(results, None, "a teams event's file: a Swiss pairs round is a pairs session's results")
        try:
            matches = round_matches(imported.result.score, 0)
        except BridgeInputError as error:
            raise fail(results, None, error.message) from None
        number, entered = _placed(book, matches, results)
        cells: dict[tuple[int, int], object] = {}
        for row, match in entered:
            cells[(row, book.col("Boards") + 1)] = match.boards
            cells[(row, book.col("Home IMPs") + 1)] = _cell(match.home_imps)
            cells[(row, book.col("Away IMPs") + 1)] = _cell(match.away_imps)
        unplayed = _unplayed_after(book, number)
        if unplayed is not None and redraw:
            _, rows = unplayed
            cells.update({(row, book.col(name) + 1): None for row in rows for name in ENTERED if name in book.columns})
        elif unplayed is not None:
            later, rows = unplayed
            stands = (f"{path}: round {later} (Matches {row_span(rows)}) was drawn from the standings before round "
                      f"{number}'s results were entered again, and stands: --redraw draws it again from the "
                      "corrected standings")  # fmt: skip
            warnings.warn(Doubt(stands), stacklevel=2)
        elif redraw:
            raise BridgeInputError(f"--redraw: no round after round {number} is drawn and not yet played: there is "
                                   "nothing to draw again")  # fmt: skip
        patched = _patched(book.package, cells)
        after = _event_book(patched, path)
        drawn = None
        last = max((row.round or 0 for row in after.rows if isinstance(row, EventMatch)), default=0)
        waiting = [
            figure
            for row, figure in zip(after.rows, after.scored.matches, strict=True)
            if figure.problem or (isinstance(row, EventMatch) and not row.bye and not figure.scored)
        ]
        more = after.event.rounds is None or last < after.event.rounds
        if after.scored.schedule.swiss and not waiting and more and (number == last or redraw):
            progress(f"drawing round {last + 1}")
            pairing = swiss_pairing(after, path)
            round_cells, used = _round_cells(after, pairing, path)
            patched = _patched(patched, round_cells)
            drawn = Drawn(destination, pairing, used, after.event.teams)
        else:
            progress(f"entering round {number}")
        progress(f"computing and writing {destination.name}")
        _write(patched, destination)
        return Entered(destination, number, entered, drawn)


def _unplayed_after(book: EventBook, number: int) -> tuple[int, list[int]] | None:
    """The event's last round and its rows of Matches, where it comes after round ``number`` and no match of it
    has a result yet (drawn, not yet played); else None. A refusal where it has some results (being played)."""
    last = max((row.round or 0 for row in book.rows if isinstance(row, EventMatch)), default=0)
    if last <= number:
        return None
    rows = [(at, row, figure) for at, row, figure in zip(book.numbers, book.rows, book.scored.matches, strict=True)
            if isinstance(row, EventMatch) and row.round == last]  # fmt: skip
    if any(figure.scored and not row.bye for _, row, figure in rows):
        return None
    return last, [at for at, _, _ in rows]


def row_span(rows: list[int]) -> str:
    """Rows of a sheet as a secretary reads them: ``row 5``, ``rows 5-11``."""
    return f"rows {rows[0]}-{rows[-1]}" if len(rows) > 1 else f"row {rows[0]}"


def _cell(imps: int | Fraction | None) -> int | float | None:
    """IMPs as a cell holds them (a fraction to its decimals: cross-IMPs are given to 2)."""
    return float(imps) if isinstance(imps, Fraction) else imps


def _meeting(match: EventMatch) -> frozenset[int]:
    """The two sides of a match (not a bye)."""
    assert match.home is not None
    assert match.away is not None
    return frozenset((match.home, match.away))


def _placed(book: EventBook, matches: list[EventMatch], results: Path) -> tuple[int, list[tuple[int, EventMatch]]]:
    """The round whose matches ``matches`` (a round's tables, round 0) are, and each match as its row of Matches
    holds it (home and away as drawn): refused where a table is no match drawn, where the tables are of more than
    one round, where a match's boards are not the event's boards a match, or where a match of the round has no
    table in the file."""
    drawn: dict[frozenset[int], tuple[int, EventMatch]] = {}
    for number, row in zip(book.numbers, book.rows, strict=True):
        if isinstance(row, EventMatch) and not row.bye and row.home is not None and row.away is not None:
            drawn[frozenset((row.home, row.away))] = (number, row)  # a repeat meeting: its latest row
    unknown = [f"{match.home} v {match.away}" for match in matches if _meeting(match) not in drawn]
    if unknown:
        raise fail(results, None, f"{'; '.join(unknown)}: not a match drawn on Matches (is this the event's file?)")
    placed: list[tuple[int, EventMatch]] = []
    for match in matches:
        number, row = drawn[_meeting(match)]
        home_imps, away_imps = (match.home_imps, match.away_imps) if row.home == match.home else (
            match.away_imps, match.home_imps)  # fmt: skip
        placed.append((number, replace(row, boards=match.boards, home_imps=home_imps, away_imps=away_imps)))
    rounds = sorted({row.round or 0 for _, row in placed})
    if len(rounds) > 1:
        raise fail(results, None, f"its tables are matches of rounds {', '.join(map(str, rounds))}: give one "
                                  "round's results a file")  # fmt: skip
    number = rounds[0]
    wrong = [f"{match.home} v {match.away}" for match in matches if match.boards != book.event.boards]
    if wrong:
        raise fail(results, None, f"{'; '.join(wrong)}: {count(matches[0].boards or 0, 'board')} played, but the "
                                  f"event's matches are of {book.event.boards} boards (BoardsPerMatch, in "
                                  "Settings): give the round's results of every board")  # fmt: skip
    seen = {_meeting(match) for match in matches}
    missing = [
        f"{row.home} v {row.away} (Matches row {at})"
        for pair, (at, row) in drawn.items()
        if row.round == number and pair not in seen
    ]
    if missing:
        raise fail(results, None, f"round {number}: no results for {'; '.join(missing)}: the file holds the whole "
                                  "round's results")  # fmt: skip
    return number, sorted(placed, key=lambda entry: entry[0])
