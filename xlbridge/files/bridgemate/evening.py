"""An evening on the Bridgemates: the event sent to BCS, and the results the tables send back as changes to what
xlbridge already holds, keyed by (section, table, round, board).

:func:`send_event` initialises the event (its movements, pairs and players); :func:`add_section` adds a section
once play has started; :func:`poll_changes` reads what the tables sent since the last accepted poll (a correction
is a later result for the same table, round and board; an erasure its own entry) and says, board by board, what is
new, corrected or erased against what the caller holds, and what cannot be placed in the event; :func:`accept`
tells the Data Connector that those results are safely kept, so that an interruption between the two loses
nothing: the next poll brings them again.
"""

from __future__ import annotations

import datetime as dt
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...engine.errors import ResultDTOError
from ...engine.movements import Movement
from ...engine.pairs import Pair
from ...rules import SESSION_METHODS, SessionMethod
from .connector import Connection
from .mapping import (
    EntryKind,
    Event,
    ResultKey,
    Section,
    TableEntry,
    init_dto,
    misplaced,
    read_result,
    section_update_dto,
)

__all__ = ["Change", "Changes", "Refusal", "accept", "add_section", "expected", "new_event", "poll_changes",
           "send_event", "send_movement"]  # fmt: skip


def new_event(name: str, date: dt.date, sections: Sequence[Section], method: SessionMethod | None = None) -> Event:
    """An event of its own session guid (a new one each time: BCS keeps every event it was sent)."""
    letters = [section.letters for section in sections]
    if len(set(letters)) != len(letters) or not letters:
        raise ValueError(f"sections {letters}: each section once, at least one")
    return Event(uuid.uuid4().hex.upper(), name, date, tuple(sections), method or SESSION_METHODS.default)


def send_event(connection: Connection, event: Event) -> str:
    """Initialise ``event`` in BCS through the Data Connector (which starts BCS, resets the Bridgemates with the
    event and starts reading their results); the Data Connector's answer in its own words."""
    connection.check()
    return connection.initialize(init_dto(event, connection.club_id))


def send_movement(
    connection: Connection,
    movement: Movement,
    pairs: Sequence[Pair],
    name: str,
    date: dt.date,
    method: SessionMethod | None = None,
) -> Event:
    """Send a one-section event: ``movement`` with its ``pairs`` (their players' names), called ``name``; the
    event as sent, whose session guid a later poll names."""
    event = new_event(name, date, [Section(movement, tuple(pairs))], method)
    send_event(connection, event)
    return event


def add_section(connection: Connection, event: Event, section: Section) -> Event:
    """Add ``section`` to the event in BCS once play has started (a late table, a second room); the event with
    it. A section of the same letters has its movement replaced (BCS deletes its results from the first round
    that changed)."""
    grown = event.with_section(section)
    connection.update_movement(section_update_dto(grown, section.letters, connection.club_id))
    return grown


def expected(event: Event) -> list[ResultKey]:
    """Every result the event's movements expect (the phantom's tables have none), in the order they are
    played: section, round, table, board."""
    keys = []
    for section in event.sections:
        for slot in section.movement.slots(order="round"):
            keys.append((section.letters, slot.table, slot.round, slot.board))
    return keys


@dataclass(frozen=True)
class Change:
    """What one board at one table comes to after a poll: ``before`` is what the caller held (None: nothing),
    ``after`` what it holds now (None: erased); ``entries`` every entry the tables sent for it in this poll, in
    the order they were sent (a result corrected twice has three)."""

    key: ResultKey
    before: TableEntry | None
    after: TableEntry | None
    entries: tuple[TableEntry, ...]

    @property
    def kind(self) -> str:
        """``new``, ``corrected`` or ``erased``."""
        if self.after is None:
            return "erased"
        return "new" if self.before is None else "corrected"


@dataclass(frozen=True)
class Refusal:
    """A result that cannot be taken into the event: where the tables said it was played, why, and the result
    as the Data Connector sent it (nothing is thrown away)."""

    where: str
    reason: str
    sent: dict[str, Any]

    def __str__(self) -> str:
        return f"{self.where}: {self.reason}"


@dataclass(frozen=True)
class Changes:
    """A poll's changes, board by board in the order of the movement, and its refusals."""

    changes: tuple[Change, ...]
    refused: tuple[Refusal, ...]
    #: The id of the last result polled: :func:`accept` names it (0: nothing was polled).
    last_queue_item_id: int

    def of_kind(self, kind: str) -> dict[ResultKey, TableEntry]:
        """The changes of one kind, each board's entry after it (for an erasure: the entry erased, when known)."""
        found: dict[ResultKey, TableEntry] = {}
        for change in self.changes:
            if change.kind == kind:
                entry = change.after if change.after is not None else (change.before or change.entries[-1])
                found[change.key] = entry
        return found

    @property
    def new(self) -> dict[ResultKey, TableEntry]:
        return self.of_kind("new")

    @property
    def corrected(self) -> dict[ResultKey, TableEntry]:
        return self.of_kind("corrected")

    @property
    def erased(self) -> dict[ResultKey, TableEntry]:
        return self.of_kind("erased")

    def applied(self, known: Mapping[ResultKey, TableEntry]) -> dict[ResultKey, TableEntry]:
        """What the caller holds once it has taken these changes."""
        entries = dict(known)
        for change in self.changes:
            if change.after is None:
                entries.pop(change.key, None)
            else:
                entries[change.key] = change.after
        return entries


def poll_changes(
    connection: Connection, event: Event, known: Mapping[ResultKey, TableEntry], everything: bool = False
) -> Changes:
    """The tables' results since the last accepted poll (``everything``: all the session's, accepted or not),
    as changes to ``known``; a result that cannot be read, of another session, or with no place in the event is
    refused, by name. A poll the Data Connector answers with an error raises
    :class:`~xlbridge.files.bridgemate.connector.ConnectorError`; nothing new is no change."""
    polled = connection.poll_results(event.session_guid, everything)
    entries: dict[ResultKey, TableEntry | None] = dict(known)
    sent: dict[ResultKey, list[TableEntry]] = {}
    refused = []
    for dto in polled.results:
        wire = dto.to_dict()
        try:
            entry = read_result(dto, event.session_guid)
        except ResultDTOError as error:
            refused.append(Refusal(error.where, error.problem, wire))
            continue
        reason = misplaced(event, entry)
        if reason:
            refused.append(Refusal(entry.where, reason, wire))
            continue
        sent.setdefault(entry.key, []).append(entry)
        entries[entry.key] = None if entry.kind is EntryKind.ERASED else entry
    order = {key: index for index, key in enumerate(expected(event))}
    changes = []
    for key in sorted(sent, key=lambda key: (order.get(key, len(order)), key)):
        before, after = known.get(key), entries[key]
        if after != before:
            changes.append(Change(key, before, after, tuple(sent[key])))
    return Changes(tuple(changes), tuple(refused), polled.last_queue_item_id if polled.results else 0)


def accept(connection: Connection, event: Event, changes: Changes) -> None:
    """Tell the Data Connector that a poll's results are kept (call it once they are safely written)."""
    if changes.last_queue_item_id:
        connection.accept_results(event.session_guid, changes.last_queue_item_id)
