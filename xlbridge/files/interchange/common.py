"""What the readers share: the imported data, the one-line errors that name the file and line, line checks."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ...engine.errors import BridgeInputError
from ...engine.model import Play
from ...engine.parse import parse_result, split_contract
from ...engine.session import Event, Line, Pair, PairNumber, Row, Session, Unscorable, read_line
from ...engine.session import parse_direction as direction
from ...rules import Side

__all__ = [
    "ImportFileError",
    "Imported",
    "Problem",
    "check_score",
    "direction",
    "movement_of",
    "pairs_in",
    "parse_date",
    "read_pair",
    "read_row",
    "relative_result",
    "split_pair",
]


class ImportFileError(BridgeInputError):
    """A results file that cannot be imported: the message names the file, the line and the problem."""


@dataclass(frozen=True)
class Problem:
    """A bad result line kept (with ``--keep-bad-lines``): where it is (its line; 0 for a line the movement has
    and the file lacks, then ``board`` says which) and why it cannot be scored."""

    line: int
    message: str
    board: int | None = None
    #: False for an entry check's finding on a line whose contract scores: the pairs-session workbook's Check
    #: formula does not show such a reason (nor does its ranking wait for it).
    shown: bool = True

    def where(self, source: Path) -> str:
        return f"{source}: line {self.line}" if self.line else f"{source}"


@dataclass
class Imported:
    """What a results file held: a pairs session or a teams event, and the bad lines kept from it."""

    source: Path
    format: str
    session: Session | None = None
    event: Event | None = None
    problems: list[Problem] = field(default_factory=list)
    #: The file's line of each of the session's rows, in their order (0 where the file has none).
    rows_at: list[int] = field(default_factory=list)
    #: Doubts about lines imported as they are (NS and EW the other way round from the rest of their meeting).
    warnings: list[Problem] = field(default_factory=list)


def fail(source: Path, line: int | None, message: str) -> ImportFileError:
    where = f"{source}: line {line}" if line else f"{source}"
    return ImportFileError(f"{where}: {message}")


def read_row(
    source: Path,
    where: int,
    keep_bad: bool,
    problems: list[Problem],
    board: int,
    ns: PairNumber | None,
    ew: PairNumber | None,
    *entered: str,
) -> Row:
    """A result line as a file gives it (board, pairs, then contract, declarer, result, lead, adjusted score):
    parsed, or refused naming the file and line, or with ``keep_bad`` kept as it is, its reason noted."""
    contract, declarer, result, lead, adjusted = (*entered, "", "", "", "", "")[:5]
    try:
        return read_line(board, ns, ew, contract, declarer, result, lead, adjusted)
    except BridgeInputError as error:
        if not keep_bad:
            raise fail(source, where, error.message) from None
        problems.append(Problem(where, error.message))
        return Unscorable(board, ns or None, ew or None, (contract, declarer, lead, result, adjusted), error.message)


def check_score(line: Line, score: str, tag: str, source: Path, where: int, keep_bad: bool,
                problems: list[Problem]) -> Row:  # fmt: skip
    """A file's score for a line (its ``tag``) must be what the contract scores: a disagreement is refused (with
    ``keep_bad``, the line is kept to be put right), never silently replaced."""
    ours = line.score
    try:
        theirs = int(float(score))
    except ValueError:
        message = f"{tag} {score!r} is not a score"
    else:
        if theirs == ours:
            return line
        deal = f"{line.contract_text} by {line.declarer_text} {line.result_text} on board {line.board}"
        message = f"{tag} {theirs} disagrees with {deal}, which scores {ours}"
    if not keep_bad:
        raise fail(source, where, message)
    problems.append(Problem(where, message))
    return Unscorable(line.board, line.ns, line.ew, line.entered, message)


def interchange_score(line: Line) -> str:
    """A line's adjusted score as USEBIO and PBN write it: ``A6040`` for an artificial score, else the points."""
    return "" if line.adjusted is None else str(line.adjusted)


def relative_result(contract: str, tricks: int) -> str:
    """Tricks taken as a traveller writes them against the contract: =, +1, -2."""
    parsed, _ = split_contract(contract)
    return Play(parsed, None, parse_result(tricks, parsed)).result_text


_PAIR = re.compile(r"\s*(\d+)\s*([A-Za-z-]*)\s*")


def split_pair(text: str) -> tuple[int, Side | None]:
    """A pair number as files write it: ``7``, ``7NS``, ``7 EW``, ``7N-S``; (number, direction or None)."""
    match = _PAIR.fullmatch(text or "")
    if match is None:
        raise BridgeInputError(f"pair {text!r}: expected a pair number such as 7 or 7NS")
    try:
        return int(match[1]), direction(match[2])
    except BridgeInputError:
        raise BridgeInputError(f"pair {text!r}: the direction after the number must be NS or EW") from None


def read_pair(source: Path, where: int | None, number: str, side: str, players: Sequence[str]) -> Pair:
    """A pair as a file lists it: its number (``7``, or ``7NS`` with its direction), a direction, its players."""
    try:
        pair, suffix = split_pair(number)
        return Pair(pair, direction(side) or suffix, tuple(player for player in players if player))
    except BridgeInputError as error:
        raise fail(source, where, error.message) from None


def parse_date(text: str) -> dt.date | None:
    """A date as results files write it: 27/07/2022, 2022-07-27, 2022.07.27 (unknown parts as ??)."""
    text = (text or "").strip()
    for pattern in ("%d/%m/%Y", "%Y-%m-%d", "%Y.%m.%d", "%d.%m.%Y"):
        try:
            return dt.datetime.strptime(text, pattern).date()
        except ValueError:
            continue
    return None


def pairs_in(lines: list[Row], mitchell: bool = False) -> list[Pair]:
    """The pairs a file's results mention, when it names none (in a Mitchell, NS 1 and EW 1 are two pairs)."""

    def order(number: PairNumber) -> tuple[bool, str]:
        return isinstance(number, str), str(number).zfill(6)

    ns = {line.ns for line in lines if line.ns is not None}
    ew = {line.ew for line in lines if line.ew is not None}
    if mitchell:
        return [Pair(n, Side.NS) for n in sorted(ns, key=order)] + [Pair(n, Side.EW) for n in sorted(ew, key=order)]
    return [Pair(number) for number in sorted(ns | ew, key=order)]


def movement_of(lines: list[Row], pairs: list[Pair]) -> str:
    """Mitchell when pairs carry a direction or a pair meets its own number (NS 1 v EW 1), else Howell."""
    if any(pair.direction for pair in pairs) or any(line.ns == line.ew for line in lines):
        return "Mitchell"
    return "Howell"
