"""The session's list of pairs checked: against its lines (a result for a pair not on it; the pairs a names file
leaves out, said once; a pair listed that plays no result) and, in two fields, for the directions it needs."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from ...engine.session import Pair, PairNumber, Row, Unscorable
from ...engine.values import count
from ...rules import MovementKind, Side
from .common import Imported, Problem, fail, refuse, unscorable

__all__ = ["check_directions", "check_pairs", "idle_pairs"]


def check_directions(names: Path, listed: list[Pair], kind: MovementKind, evidence: str) -> None:
    """In two fields a pair is its number and its direction: a names file whose pairs have none cannot say which
    of NS 1 and EW 1 is which, and is refused, naming them."""
    if not kind.two_fields:
        return
    undirected = [pair for pair in listed if pair.direction is None]
    if undirected:
        shown = ", ".join(str(pair.number) for pair in undirected[:10]) + (", ..." if len(undirected) > 10 else "")
        raise fail(names, None, f"{count(len(undirected), 'pair')} without a direction ({shown}), but the session "
                   f"has two fields ({evidence}), where NS 1 and EW 1 are two pairs: give each pair its direction "
                   "(a direction column: NS or EW)")  # fmt: skip


def check_pairs(imported: Imported, listing: Path | None) -> Imported:
    """Every result's pairs must be on the session's list of pairs (in the file ``listing``, or None for the
    results file's own): a result for another pair is a bad line. Where a pair missing from the list plays on two
    lines or more, the list leaves pairs out (a names file of another session, or cut short): then one finding
    about the list names every pair missing from it, and their lines are not listed one by one."""
    session = imported.session
    assert session is not None
    at = imported.rows_at or [0] * len(session.lines)
    said = f"in {listing}" if listing is not None else "the file gives"
    problems = list(imported.problems)
    lines: list[Row] = []
    missing: dict[tuple[Side | None, PairNumber], list[int]] = {}  # a pair not on the list: its lines
    marked: list[int] = []  # the problems of those lines
    two_fields = session.movement.two_fields
    reasons: dict[tuple[PairNumber | None, PairNumber | None], str] = {}  # each two pairs' reason, found once
    for row, line in zip(session.lines, at, strict=True):
        reason = "" if isinstance(row, Unscorable) else reasons.get((row.ns, row.ew))
        if reason is None:
            reason = reasons[row.ns, row.ew] = session.unlisted(row)
        if reason:
            row = refuse(line, problems, unscorable(row, f"{reason} {said}"))
            marked.append(len(problems) - 1)
            for side, number in session.unlisted_pairs(row):
                missing.setdefault((side if two_fields else None, number), []).append(line)
        lines.append(row)
    if any(len(found) > 1 for found in missing.values()):
        for index in marked:
            problems[index] = replace(problems[index], detail=False)
        problems.append(_pairs_left_out(missing, imported.source, listing, session.pairs))
    problems.sort(key=lambda problem: (problem.line, problem.at))
    return replace(imported, session=replace(session, lines=tuple(lines)), problems=problems)


def idle_pairs(imported: Imported, names: Path) -> Imported:
    """A pair of the names file that plays on no line (one that did not come, or another evening's) is a doubt: it
    would show on the ranking with no boards and no place."""
    session = imported.session
    assert session is not None
    two_fields = session.movement.two_fields
    played = {(number, side if two_fields else None) for row in session.lines
              for side, number in ((Side.NS, row.ns), (Side.EW, row.ew))}  # fmt: skip
    idle = [pair for pair in session.pairs if (pair.number, pair.direction if two_fields else None) not in played]
    doubts = [Problem(0, f"{f'{pair.direction_text} pair' if two_fields else 'pair'} {pair.number} is on it but plays "
                      f"no result in {imported.source}: it shows on the ranking with no boards and no place; take it "
                      "off the names file if it did not play", file=names) for pair in idle]  # fmt: skip
    return replace(imported, warnings=[*imported.warnings, *doubts])


def _pairs_left_out(missing: dict[tuple[Side | None, PairNumber], list[int]], source: Path,
                    listing: Path | None, listed: Sequence[Pair] = ()) -> Problem:  # fmt: skip
    """The one finding about a list of pairs that leaves out pairs that play: each pair (North-South first), with
    its lines where there are a few pairs, else how many lines they play on. Where each is on the list (``listed``)
    with the other direction, the list's directions are what is wrong: a one-field session's pairs play both ways."""

    def order(key: tuple[Side | None, PairNumber]) -> tuple[bool, bool, str]:
        side, number = key
        return side is Side.EW, isinstance(number, str), str(number).zfill(6)

    few = len(missing) <= 3
    shown = []
    for key in sorted(missing, key=order):
        side, number = key
        found = sorted(set(missing[key]))
        where = (f"line {found[0]}" if len(found) == 1 else f"lines {', '.join(map(str, found))}" if len(found) <= 3
                 else f"{len(found)} lines, from line {found[0]}")  # fmt: skip
        shown.append(f"{side.value + ' ' if side is not None else 'pair '}{number}" + f" ({where})" * few)
    pairs = ("; " if few else ", ").join(shown)
    if not few:
        pairs += f" ({len({line for found in missing.values() for line in found})} lines)"
    one = len(missing) == 1
    play, are, them = ("plays", "is", "it") if one else ("play", "are", "them")
    if listing is None:
        return Problem(0, f"{count(len(missing), 'pair')} {play} on its lines but {are} not on the list of pairs the "
                       f"file gives: {pairs}", file=source)  # fmt: skip
    directions = {(pair.number, pair.direction) for pair in listed}
    if all(side is not None and (number, side.other) in directions for side, number in missing):
        return Problem(0, f"{count(len(missing), 'pair')} {play} in {source} but {are} not on it: {pairs}: each is on "
                       f"it with the other direction: the directions of {listing.name} make two fields (NS 1 and EW 1 "
                       "two pairs), but these pairs play both North-South and East-West: if it is one field (a "
                       "Howell), give --movement Howell, or leave the directions blank", file=listing)  # fmt: skip
    return Problem(0, f"{count(len(missing), 'pair')} {play} in {source} but {are} not on it: {pairs}: add {them} to "
                   f"{listing.name}", file=listing)  # fmt: skip
