"""One row of the benchmarks' table, and how a time is shown in it (shared by run.py and commands.py)."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Row", "seconds"]


@dataclass
class Row:
    """One line of the table."""

    what: str
    ours: str
    peer: str
    theirs: str
    ratio: str
    target: str = ""
    met: bool | None = None


def seconds(value: float) -> str:
    return f"{value * 1000:.1f} ms" if value < 1 else f"{value:.2f} s"
