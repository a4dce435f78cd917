"""The built-in example: an invented 9-table Mitchell club session and a 16-board team match, read from the CSV
files that ship with xlbridge (``xlbridge/data``)."""

from __future__ import annotations

import csv
import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass
from importlib import resources

from ..engine.matches import Match, MatchBoard
from ..engine.pairs import Pair
from ..engine.session import Line, Session, read_line
from ..rules import Side

__all__ = ["DemoData", "demo_data"]


@dataclass(frozen=True)
class DemoData:
    session: Session
    match: Match


def _rows(name: str) -> Iterable[dict[str, str]]:
    text = resources.files("xlbridge").joinpath("data", name).read_text(encoding="utf-8")
    return csv.DictReader(text.splitlines())


def demo_data() -> DemoData:
    """The example session (results, pairs, players) and team match."""
    pairs = [
        Pair(int(row["pair"]), Side(row["direction"]) if row["direction"] else None, (row["player1"], row["player2"]))
        for row in _rows("demo-names.csv")
    ]
    lines: list[Line] = [
        read_line(
            row["board"],
            int(row["ns"]),
            int(row["ew"]),
            row["contract"],
            row["declarer"],
            row["result"],
            row["lead"],
            row["adjusted"],
        )
        for row in _rows("demo-session.csv")
    ]
    session = Session.of(
        event="Tuesday Evening Pairs (demo)",
        date=dt.date(2026, 11, 24),
        method="MP",
        field_kind="Two fields",
        pairs=pairs,
        lines=lines,
    )
    boards = tuple(
        MatchBoard.read(
            row["board"], *(row[f"{part}{table}"] for table in (1, 2) for part in ("contract", "declarer", "result"))
        )
        for row in _rows("demo-match.csv")
    )
    match = Match(home="Seahorses", away="Kittiwakes", event="Club teams league (demo)", date=dt.date(2026, 11, 26),
                  boards=boards)  # fmt: skip
    return DemoData(session, match)
