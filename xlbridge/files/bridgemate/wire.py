"""What the Bridgemate Data Connector sends, checked before it is used: the shape of a result
(:func:`is_result_shaped`), the kind of each of its fields (:func:`kind_problem`), the session it names
(:func:`same_session`), and a value of it shown in a message fit for a terminal (:func:`shown`; its text, by
:func:`xlbridge.engine.text.printable`).

The official client's DTOs take each value as the wire gives it (``"3"``, ``true``, ``"false"``, a list): a value
of another kind than the guide's would be compared, counted or written as if it were one (``"false"`` read as an
erasure, ``true`` as a contract "TrueS"), or stop the command with a traceback. And a server's text may hold
escapes that a terminal takes as commands (a title set, the screen cleared): they are shown escaped, as Python
writes them.
"""

from __future__ import annotations

import re
import reprlib
import uuid
from collections.abc import Mapping

__all__ = [
    "LETTERS",
    "PLACE_FIELDS",
    "RESULT_FIELDS",
    "WHOLE_NUMBERS",
    "is_result_shaped",
    "kind_problem",
    "same_session",
    "shown",
    "where_played",
    "where_sent",
]

#: A section's letters: A-Z, AA-ZZ or AAA-ZZZ (SectionDTO.Letters).
LETTERS = re.compile(r"([A-Z])\1{0,2}")
#: A whole number as the Data Connector's DTOs have them (.NET's Int32).
WHOLE_NUMBERS = range(-(2**31), 2**31)
#: The ResultDTO's whole numbers (the guide's ResultDTO page, by their names on the wire): where a result was
#: played, and what it was (which an erasure does without).
PLACE_FIELDS = ("TableNumber", "RoundNumber", "BoardNumber")
RESULT_FIELDS = ("ScoringDirection", "PairNorthSouth", "PairEastWest", "DeclaringPair", "DeclarerDirection", "Level",
                 "Denomination", "Stake", "TotalTricks", "LeadCardRank", "LeadCardSuit")  # fmt: skip
_SHOWN = reprlib.Repr()
_SHOWN.maxstring = _SHOWN.maxother = 60


def shown(value: object) -> str:
    """A value from the wire as a message shows it: as Python writes it, cut short past about 60 characters, its
    control characters escaped."""
    return _SHOWN.repr(value)


def same_session(sent: object, guid: str) -> bool:
    """Whether ``sent`` names the session of guid ``guid``, however a guid is written (capitals or not, hyphens,
    braces)."""
    if not isinstance(sent, str):
        return False
    try:
        return uuid.UUID(sent) == uuid.UUID(guid)
    except ValueError:
        return sent == guid


def is_result_shaped(item: object) -> bool:
    """Whether ``item`` is shaped as a ResultDTO: an object whose values are numbers, text, true, false, null or
    (its ValidationMessages) a list of those; nothing nested deeper."""

    def scalar(value: object) -> bool:
        return value is None or isinstance(value, str | int | float)

    return isinstance(item, dict) and all(
        scalar(value) or (isinstance(value, list) and all(scalar(each) for each in value)) for value in item.values()
    )


def _whole(value: object) -> bool:
    return type(value) is int and value in WHOLE_NUMBERS


def where_played(section: object, table: object, round_number: object, board: object) -> str:
    """``section A, table 3, round 2, board 5``."""
    return f"section {section}, table {table}, round {round_number}, board {board}"


def where_sent(fields: Mapping[str, object]) -> str:
    """Where a result (its ``fields`` by their names on the wire) says it was played; a value of another kind than
    its field's shown as Python writes it (:func:`shown`)."""
    letters = fields["SectionLetters"]
    section = letters if isinstance(letters, str) and LETTERS.fullmatch(letters) else shown(letters)
    numbers = (fields[name] for name in PLACE_FIELDS)
    return where_played(section, *(value if _whole(value) else shown(value) for value in numbers))


def kind_problem(fields: Mapping[str, object], session_guid: str = "") -> str:
    """What is wrong with a result's ``fields`` (by their names on the wire), or "": a result of another session
    than ``session_guid`` (when given; a result that names none is the polled session's), or a field it is read by
    of another kind than the guide's: SectionLetters as BCS's sections are, IsDeleted true or false, the rest whole
    numbers (an erasure's place alone)."""
    letters = fields["SectionLetters"]
    if not isinstance(letters, str) or not LETTERS.fullmatch(letters):
        return f"SectionLetters {shown(letters)}: A-Z, AA-ZZ or AAA-ZZZ"
    sent = fields["SessionGuid"]
    if session_guid and sent not in (None, "") and not same_session(sent, session_guid):
        return f"SessionGuid {shown(sent)}: a result of another session than this event's ({session_guid})"
    deleted = fields["IsDeleted"]
    if not isinstance(deleted, bool):
        return f"IsDeleted {shown(deleted)}: true or false"
    for name in PLACE_FIELDS if deleted else (*PLACE_FIELDS, *RESULT_FIELDS):
        if not _whole(fields[name]):
            return f"{name} {shown(fields[name])}: a whole number"
    return ""
