"""What the readers share: the imported data, the one-line errors that name the file and line, line checks."""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from pathlib import Path

from ...engine.errors import BridgeInputError
from ...engine.model import Contract
from ...engine.parse import parse_field_entry, split_contract
from ...engine.scoring import ns_score
from ...engine.session import Event, Line, Pair, Session

__all__ = [
    "ImportFileError",
    "Imported",
    "Problem",
    "check_line",
    "movement_of",
    "pairs_in",
    "parse_date",
    "relative_result",
    "split_pair",
]


class ImportFileError(BridgeInputError):
    """A results file that cannot be imported: the message names the file, the line and the problem."""


@dataclass(frozen=True)
class Problem:
    """A bad result line kept (with ``--keep-bad-lines``): where it is and why it cannot be scored."""

    line: int
    message: str


@dataclass
class Imported:
    """What a results file held: a pairs session or a teams event, and the bad lines kept from it."""

    source: Path
    format: str
    session: Session | None = None
    event: Event | None = None
    problems: list[Problem] = field(default_factory=list)


def fail(source: Path, line: int | None, message: str) -> ImportFileError:
    where = f"{source}: line {line}" if line else f"{source}"
    return ImportFileError(f"{where}: {message}")


def check_line(result: Line, source: Path, where: int, keep_bad: bool, problems: list[Problem]) -> bool:
    """Refuse a result line that cannot be scored, or with ``keep_bad`` note it and keep it as it is.

    True when the line is good.
    """
    try:
        if result.adjusted:
            if parse_field_entry(result.adjusted, "adjusted score") is None:
                raise BridgeInputError("adjusted score missing")
        else:
            ns_score(result.contract, result.declarer, result.result, result.board)
        if result.ns in ("", None) or result.ew in ("", None):
            raise BridgeInputError("the NS or EW pair number is missing")
    except BridgeInputError as error:
        if not keep_bad:
            raise fail(source, where, error.message) from None
        problems.append(Problem(where, error.message))
        return False
    return True


def relative_result(contract: str, tricks: int) -> str:
    """Tricks taken as a traveller writes them against the contract: =, +1, -2."""
    parsed, _ = split_contract(contract)
    return _relative(parsed, tricks)


def _relative(contract: Contract, tricks: int) -> str:
    if contract.passed_out:
        return ""
    difference = tricks - contract.tricks_needed
    return "=" if difference == 0 else f"{difference:+d}"


_PAIR = re.compile(r"\s*(\d+)\s*([A-Za-z-]*)\s*")


def split_pair(text: str) -> tuple[int | str, str]:
    """A pair number as files write it: ``7``, ``7NS``, ``7 EW``, ``7N-S``; (number, direction or "")."""
    match = _PAIR.fullmatch(text or "")
    if match is None:
        raise BridgeInputError(f"pair {text!r}: expected a pair number such as 7 or 7NS")
    direction = match[2].upper().replace("-", "")
    if direction not in ("", "NS", "EW"):
        raise BridgeInputError(f"pair {text!r}: the direction after the number must be NS or EW")
    return int(match[1]), direction


def parse_date(text: str) -> dt.date | None:
    """A date as results files write it: 27/07/2022, 2022-07-27, 2022.07.27 (unknown parts as ??)."""
    text = (text or "").strip()
    for pattern in ("%d/%m/%Y", "%Y-%m-%d", "%Y.%m.%d", "%d.%m.%Y"):
        try:
            return dt.datetime.strptime(text, pattern).date()
        except ValueError:
            continue
    return None


def pairs_in(lines: list[Line], mitchell: bool = False) -> list[Pair]:
    """The pairs a file's results mention, when it names none (in a Mitchell, NS 1 and EW 1 are two pairs)."""

    def order(number: int | str) -> tuple[bool, str]:
        return isinstance(number, str), str(number).zfill(6)

    if mitchell:
        ns = [Pair(n, "NS") for n in sorted({line.ns for line in lines}, key=order)]
        return ns + [Pair(n, "EW") for n in sorted({line.ew for line in lines}, key=order)]
    return [Pair(number) for number in sorted({line.ns for line in lines} | {line.ew for line in lines}, key=order)]


def movement_of(lines: list[Line], pairs: list[Pair]) -> str:
    """Mitchell when pairs carry a direction or a pair meets its own number (NS 1 v EW 1), else Howell."""
    if any(pair.direction for pair in pairs) or any(line.ns == line.ew for line in lines):
        return "Mitchell"
    return "Howell"
