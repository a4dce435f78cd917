"""Each result against its board's par: North-South's score minus the par (North-South's side).

A pairs session is won on points board by board, so the plain difference in points is what a result against par
says: ``+50`` is a table that did 50 better than par for North-South (a sacrifice that paid, a defence that beat a
makeable contract), ``-620`` a game missed. It is given where the line has a score of points and the board a par:
not for a board not played, an average (A+, A6040), a weighted score or a line that needs checking.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from .standings import SessionScore

__all__ = ["against_par"]


def against_par(score: SessionScore, pars: Mapping[int, int]) -> list[int | Fraction | None]:
    """For each line of ``score.session.lines``: its North-South score minus its board's par (``pars``: board to
    par, North-South's side), or None where there is no score of points or no par."""
    out: list[int | Fraction | None] = []
    for line, figures in zip(score.session.lines, score.lines, strict=True):
        par = pars.get(line.board) if isinstance(line.board, int) else None
        ns = figures.ns_score
        numeric = isinstance(ns, (int, Fraction)) and not isinstance(ns, bool)
        out.append(ns - par if numeric and par is not None else None)  # type: ignore[operator]
    return out
