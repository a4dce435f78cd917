"""A pairs session or a team match as plain data: what the templates are filled with and the importers produce."""

from __future__ import annotations

import csv
import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass, field
from importlib import resources

__all__ = ["DemoData", "Event", "EventMatch", "Line", "Match", "MatchBoard", "Pair", "Session", "Team", "demo_data"]


@dataclass(frozen=True)
class Pair:
    """A pair as the Names sheet lists it; ``direction`` is NS or EW in a Mitchell, blank in a Howell."""

    number: int | str
    direction: str = ""
    players: tuple[str, ...] = ()

    @property
    def names(self) -> str:
        return " & ".join(player for player in self.players if player)


@dataclass(frozen=True)
class Line:
    """One result on a traveller; ``adjusted`` holds an artificial or weighted score instead of a contract."""

    board: int
    ns: int | str
    ew: int | str
    contract: str = ""
    declarer: str = ""
    result: str = ""
    lead: str = ""
    adjusted: str = ""


@dataclass
class Session:
    """A pairs session: pairs, results, and how it is scored (MP, ACBL, Cross-IMP or Butler)."""

    event: str = ""
    date: dt.date | None = None
    method: str = "MP"
    movement: str = "Howell"
    per_board: int | None = None
    pairs: list[Pair] = field(default_factory=list)
    lines: list[Line] = field(default_factory=list)

    @property
    def boards(self) -> list[int]:
        return sorted({line.board for line in self.lines})


@dataclass(frozen=True)
class MatchBoard:
    """One board of a team match: the contract, declarer and result at each table.

    The home team sits North-South at table 1 and East-West at table 2.
    """

    board: int
    contract1: str = ""
    declarer1: str = ""
    result1: str = ""
    contract2: str = ""
    declarer2: str = ""
    result2: str = ""


@dataclass
class Match:
    """A team-of-four match."""

    home: str = ""
    away: str = ""
    event: str = ""
    date: dt.date | None = None
    vp_scale: str = "WBF"
    boards: list[MatchBoard] = field(default_factory=list)


@dataclass(frozen=True)
class Team:
    number: int
    name: str
    members: str = ""


@dataclass(frozen=True)
class EventMatch:
    """One match of a teams event: IMPs for an IMP/VP event, board points (BAM) for a board-a-match one."""

    round: int
    home: int
    away: int
    boards: int | None = None
    home_imps: int | None = None
    away_imps: int | None = None
    home_bam: float | None = None
    away_bam: float | None = None


@dataclass
class Event:
    """A teams event: round robin or Swiss, IMP/VP or board-a-match."""

    name: str = ""
    form: str = "IMP/VP"
    scale: str = "WBF"
    boards: int = 8
    teams: list[Team] = field(default_factory=list)
    matches: list[EventMatch] = field(default_factory=list)


@dataclass
class DemoData:
    session: Session
    match: Match


def _rows(name: str) -> Iterable[dict[str, str]]:
    text = resources.files("xlbridge").joinpath("data", name).read_text(encoding="utf-8")
    return csv.DictReader(text.splitlines())


def demo_data() -> DemoData:
    """The built-in example: an invented 9-table Mitchell club session and the seed documents' 16-board match."""
    pairs = [
        Pair(int(row["pair"]), row["direction"], (row["player1"], row["player2"])) for row in _rows("demo-names.csv")
    ]
    lines = [
        Line(
            board=int(row["board"]),
            ns=int(row["ns"]),
            ew=int(row["ew"]),
            contract=row["contract"],
            declarer=row["declarer"],
            result=row["result"],
            lead=row["lead"],
            adjusted=row["adjusted"],
        )
        for row in _rows("demo-session.csv")
    ]
    session = Session(
        event="Tuesday Evening Pairs (demo)",
        date=dt.date(2026, 11, 24),
        method="MP",
        movement="Mitchell",
        pairs=pairs,
        lines=lines,
    )
    boards = [
        MatchBoard(
            int(row["board"]),
            row["contract1"],
            row["declarer1"],
            row["result1"],
            row["contract2"],
            row["declarer2"],
            row["result2"],
        )
        for row in _rows("demo-match.csv")
    ]
    match = Match(home="Seahorses", away="Kittiwakes", event="Club teams league (demo)", date=dt.date(2026, 11, 26))
    match.boards = boards
    return DemoData(session, match)
