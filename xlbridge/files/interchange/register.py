"""The member register a club keeps (``--register members.csv``): a CSV of membership numbers and names, in the
club's own two columns (``number,name``) or in the columns a federation's member list publishes (``MemberID``,
``ABF number``; ``First name`` and ``Last name`` apart). Its other columns (email, club, grade) are not read."""

from __future__ import annotations

from pathlib import Path

from ...engine.errors import BridgeInputError, ImportFileError, refusal
from ...engine.members import Register
from ...engine.pairs import member_key, read_member
from ...engine.values import count
from ..inputs import read_input
from .common import detect_format, fail, text_of
from .csvfile import read_rows

__all__ = ["NAME_HEADINGS", "NUMBER_HEADINGS", "read_register", "read_register_file"]

#: The headings of the number's column (case, spaces and underscores aside): the club's, and the federations'.
NUMBER_HEADINGS = frozenset({
    "number", "no", "membernumber", "memberno", "memberid", "member", "id", "membershipnumber", "playernumber",
    "abfnumber", "abfno", "abf", "ebunumber", "ebuno", "acblnumber", "acblplayernumber", "playerno", "sbunumber",
    "nationalid", "nationalidnumber",
})  # fmt: skip
#: The headings of the name's column, or of its two parts.
NAME_HEADINGS = {
    "name": "name", "playername": "name", "fullname": "name", "membername": "name",
    "firstname": "first", "givenname": "first", "givennames": "first", "forename": "first", "first": "first",
    "lastname": "last", "surname": "last", "familyname": "last", "last": "last",
}  # fmt: skip
#: The largest register read: a federation's whole list (the ABF's some 35,000 members) is well within it.
MAX_REGISTER_BYTES = 32 * 1024 * 1024


def _key(heading: str) -> str:
    return "".join(heading.lower().replace("_", " ").replace(".", " ").split())


def read_register(data: bytes, source: Path) -> Register:
    """The register a CSV holds: a header naming the number's column and the name's (or first and last names),
    then a line per member. Every line is read: a number that cannot be one, a line without a number or a name
    and a number listed twice are refused together (:class:`ImportFileError`, a line for each, naming its line)."""
    rows = read_rows(data, source)
    first = next((index for index, row in enumerate(rows) if any(cell.strip() for cell in row)), None)
    if first is None:
        raise fail(source, None, "the register is empty: a header number,name then a line per member")
    header = [_key(cell) for cell in rows[first]]
    at_number = next((index for index, key in enumerate(header) if key in NUMBER_HEADINGS), None)
    parts = {NAME_HEADINGS[key]: index for index, key in reversed(list(enumerate(header))) if key in NAME_HEADINGS}
    if at_number is None or not ("name" in parts or "first" in parts or "last" in parts):
        missing = ["number column (number, MemberID, ABF number)"] if at_number is None else []
        missing += [] if parts else ["name column (name, or first name and last name)"]
        received = ", ".join(repr(cell.strip()) for cell in rows[first][:6])
        raise fail(source, first + 1, f"the header names no {' and no '.join(missing)}: a register's first line is "
                   f"a header such as number,name; {received} received")  # fmt: skip
    names: dict[str, str] = {}
    seen: dict[str, tuple[int, str]] = {}  # each number's line and number as typed, by its key
    problems: list[str] = []
    for line, row in enumerate(rows[first + 1 :], start=first + 2):
        if not any(cell.strip() for cell in row):
            continue
        cells = [*row, *[""] * len(header)]
        if "name" in parts:
            name = " ".join(cells[parts["name"]].split())
        else:
            name = " ".join(" ".join(cells[parts[part]] for part in ("first", "last") if part in parts).split())
        try:
            number = read_member(cells[at_number], "number")
            if not number:
                raise BridgeInputError(f"no number for {name!r}" if name else "no number and no name")
            if not name:
                raise BridgeInputError(f"number {number}: no name")
            earlier = seen.get(member_key(number))
            if earlier is not None:
                typed = "" if earlier[1] == number else f" as {earlier[1]}"
                raise BridgeInputError(f"number {number} is listed twice (first on line {earlier[0]}{typed}, "
                                       f"{names[earlier[1]]!r}; here {name!r})")  # fmt: skip
        except BridgeInputError as error:
            problems.append(f"{source}: line {line}: {error.message}")
            continue
        seen[member_key(number)], names[number] = (line, number), name
    if problems:
        them = "it" if len(problems) == 1 else "them"
        raise refusal(ImportFileError, problems, f"{source}: {count(len(problems), 'line')} of the register cannot "
                      f"be read: put {them} right and try again", str(source))  # fmt: skip
    if not names:
        raise fail(source, None, "the register lists no members: a header number,name then a line per member")
    return Register(names, str(source))


def read_register_file(path: Path) -> Register:
    """The register of ``--register``, refused if it is not a CSV register."""
    data = read_input(path, "a member register", MAX_REGISTER_BYTES)
    try:
        kind = detect_format(data)
    except BridgeInputError as error:
        raise fail(path, None, error.message.replace("a results file", "a member register", 1)) from None
    if kind != "CSV":
        raise fail(path, None, f"not a member register (it looks like {kind}; a register is CSV, number,name)")
    return read_register(text_of(data), path)
