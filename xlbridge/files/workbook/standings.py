"""Reading the standings back out of a computed teams-event workbook, and printing them.

The figures come from the workbook's own Standings sheet, as last computed, so what the command line says is what
the secretary sees in Excel; the rows of Matches that wait are named as their Check column names them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ...engine.errors import WorkbookError, refusal
from ...engine.values import two_decimals
from ...excel.event import BAM_HEADINGS, WAITING
from ...rules.teams import ENTRANTS, Entrants
from ..tables import csv_text, text_table
from ..templates.event_layout import STANDINGS, STANDINGS_STATUS, STANDINGS_SUBTITLE, STANDINGS_TITLE
from .calc import check_current
from .event import read_event_book
from .report import number_in
from .xlsx import ExcelErrorValue, cell_text, open_package, read_values

__all__ = ["StandingRow", "Standings", "read_standings"]


@dataclass(frozen=True)
class StandingRow:
    """A team's line of a teams event's standings, as its Standings sheet shows it: IMPs and VPs for an IMP/VP
    event, boards and board points for a board-a-match one, and the score after each round played."""

    place: str
    team: str
    name: str
    played: int | None
    imps_for: float | None
    imps_against: float | None
    vps: float | None
    bam: float | None
    score: float | None
    byes: int = 0
    boards: int | None = None
    tie_break: str = ""
    running: tuple[float | None, ...] = ()


#: The columns of ``xlbridge standings --csv`` before the running totals (``after_1``, ``after_2``...), and which
#: are shown to 2 decimals.
STANDING_FIELDS = ("place", "team", "name", "played", "byes", "imps_for", "imps_against", "vps", "bam", "score",
                   "tie_break")  # fmt: skip
DECIMALS = {"vps", "bam", "score"}


@dataclass
class Standings:
    """A teams event's standings as its Standings sheet shows them: the title, what the standings total, how far
    the event has got (and how many rows of matches wait), and the teams in place order."""

    event: str = ""
    description: str = ""
    status: str = ""
    rows: list[StandingRow] = field(default_factory=list)
    #: The rounds played, whose running totals the sheet shows.
    rounds: int = 0
    #: Each row of Matches that waits, not counted: ``BOOK: Matches row 6: away team 9 is not on the list of teams``.
    waits: list[str] = field(default_factory=list)
    #: Who the event's entrants are (teams, or the pairs of a Swiss pairs event), in whose words it is shown.
    entrants: Entrants = ENTRANTS.default

    @property
    def waiting(self) -> bool:
        """Whether rows of the event's matches wait for checking (and are not counted), as the status says."""
        return WAITING in self.status

    @property
    def board_a_match(self) -> bool:
        """Scored by board-a-match points (the VPs column is board points)."""
        return all(row.vps is None for row in self.rows) and any(row.bam is not None for row in self.rows)

    def table(self) -> str:
        """The standings in place order, as a person reads them, with the running totals."""
        lines = [self.event or "Standings"]
        lines.extend(line for line in (self.description, self.status) if line)
        lines.append("")
        byes = any(row.byes for row in self.rows)
        ties = any(row.tie_break for row in self.rows)
        heading: list[object] = ["Place", self.entrants.one, "Name", "Played", *(["Byes"] if byes else [])]
        heading += ["Boards", "BAM points"] if self.board_a_match else ["IMPs for", "IMPs against", "VPs"]
        heading += [*(["Tie-break"] if ties else []), *(f"R{number}" for number in range(1, self.rounds + 1))]
        rows = [heading]
        for row in self.rows:
            cells: list[object] = [
                row.place,
                row.team,
                row.name,
                _shown(row.played),
                *([_shown(row.byes or None)] if byes else []),
            ]
            if self.board_a_match:
                cells += [_shown(row.boards), _shown(row.bam, True)]
            else:
                cells += [_shown(row.imps_for), _shown(row.imps_against), _shown(row.vps, True)]
            cells += [
                *([row.tie_break] if ties else []),
                *(_shown(value, True) for value in row.running[: self.rounds]),
            ]
            rows.append(cells)
        tie_break = heading.index("Tie-break") if ties else -1
        lines += text_table(rows, right={1, *range(3, len(heading))} - {tie_break})
        return "\n".join(lines)

    def csv(self) -> str:
        """CSV with a header row: place, team (a Swiss pairs event's: pair), name, played, byes, imps_for,
        imps_against, vps, bam, score, tie_break, then the score after each round played (after_1, after_2...)."""
        fields = [self.entrants.side(name) for name in STANDING_FIELDS]
        rows = [[*fields, *(f"after_{number}" for number in range(1, self.rounds + 1))]]
        for row in self.rows:
            cells = [_shown(getattr(row, name), name in DECIMALS) for name in STANDING_FIELDS]
            cells += [_shown(value, True) for value in row.running[: self.rounds]]
            rows.append(cells)
        return csv_text(rows)


def _shown(value: object, decimals: bool = False) -> str:
    """A figure as the sheet formats it: victory points, board-a-match points and scores to 2 decimals."""
    if value is None:
        return ""
    if isinstance(value, float):
        return two_decimals(value) if decimals else str(int(value)) if value.is_integer() else repr(value)
    if isinstance(value, int) and decimals:
        return two_decimals(value)
    return str(value)


def read_standings(path: Path) -> Standings:
    """The Standings sheet of a computed teams-event workbook, in place order (as the sheet lists it)."""
    package = open_package(path)
    if STANDINGS.sheet not in package.sheets:
        if "Ranking" in package.sheets:
            raise WorkbookError(f"{path}: a pairs session, not a teams event: xlbridge ranking prints its ranking")
        raise WorkbookError(f"{path}: has no Standings sheet; is it an xlbridge teams event?")
    check_current(package)  # the one staleness check: no standings read from stale values
    book = read_event_book(path)
    unread = [message for key, message in book.scored.settings.items() if key != "boards"]
    if unread:  # a choice that is none (a VP scale 'WBF30'): every match waits for it, and the standings are empty
        problems = [f"{path}: Settings: {message.removesuffix(' (Settings)')}: no match can be scored until it is "
                    "put right" for message in unread]  # fmt: skip
        summary = f"{path}: {len(unread)} settings cannot be read: put them right on Settings"
        raise refusal(WorkbookError, problems, summary, str(path))
    values = read_values(package, STANDINGS.sheet)

    def at(row: int, col: int) -> object:
        return values.get((row + 1, col + 1))

    entrants = book.scored.entrants
    headings = [cell_text(at(STANDINGS.header_row, STANDINGS.col(name))) for name in STANDINGS.columns]
    board_a_match = headings != [entrants.side(name) for name in STANDINGS.columns]
    if board_a_match and headings != [entrants.side(BAM_HEADINGS.get(name, name)) for name in STANDINGS.columns]:
        raise WorkbookError(f"{path}: the Standings sheet's headings are not an xlbridge teams event's")
    first_round = STANDINGS.first_col + len(STANDINGS.columns)
    rounds = 0
    while cell_text(at(STANDINGS.header_row, first_round + rounds)) == f"After round {rounds + 1}":
        rounds += 1
    standings = Standings(
        event=cell_text(at(*STANDINGS_TITLE)),
        description=cell_text(at(*STANDINGS_SUBTITLE)),
        status=cell_text(at(*STANDINGS_STATUS)),
        rounds=rounds,
        waits=[f"{path}: Matches row {number}: {figure.problem}"
               for number, figure in zip(book.numbers, book.scored.matches, strict=True) if figure.problem],
        entrants=entrants,
    )  # fmt: skip
    offset = 0
    while True:

        def cell(heading: str, offset: int = offset) -> object:
            return values.get(STANDINGS.position(heading, offset))

        team = cell("Team")
        if team in (None, ""):
            break
        row = STANDINGS.first_row + offset + 1
        where = f"{path}: Standings row {row}"
        for heading in STANDINGS.columns:
            value = cell(heading)
            if isinstance(value, ExcelErrorValue):
                raise WorkbookError(f"{where} shows {value.code} ({heading}): the standings are not complete (see "
                                    "the Check column of Matches)")  # fmt: skip
        played = number_in(cell("Played"), where)
        byes = number_in(cell("Byes"), where)
        first, second, points = (number_in(cell(heading), where) for heading in ("IMPs for", "IMPs against", "VPs"))
        running = tuple(number_in(at(row - 1, first_round + number), where) for number in range(rounds))
        standings.rows.append(
            StandingRow(
                place=cell_text(cell("Place")),
                team=cell_text(team),
                name=cell_text(cell("Name")),
                played=None if played is None else int(played),
                imps_for=None if board_a_match else first,
                imps_against=None if board_a_match else second,
                vps=None if board_a_match else points,
                bam=points if board_a_match else None,
                score=points,
                byes=0 if byes is None else int(byes),
                boards=int(first) if board_a_match and first is not None else None,
                tie_break=cell_text(cell("Tie-break")),
                running=running,
            )
        )
        offset += 1
    return standings
