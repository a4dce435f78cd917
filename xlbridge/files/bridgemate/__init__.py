"""Scores from the tables: xlbridge and Bridgemate Control Software (BCS 5) through the Bridgemate Data Connector.

Needs the ``bridgemate`` extra (``pip install "xlbridge[bridgemate]"``): Bridge Systems' own client,
``bridgemate-dataconnector-client``. :mod:`.mapping` turns a movement and its pairs into the event BCS is
initialised with, and the results the tables send into engine lines; :mod:`.connector` talks to the Data
Connector through the client, telling its errors apart from "nothing new", each request within its time and each
answer within its size; :mod:`.wire` checks what the Data Connector sends before it is used; :mod:`.evening` puts
them together: :func:`send_movement` (or :func:`send_event`) and :func:`poll_changes`, then :func:`accept`.
"""

from ...engine.errors import ConnectorError, ResultDTOError
from .connector import Connection, normalise_url
from .evening import (
    Change,
    Changes,
    Refusal,
    accept,
    add_section,
    expected,
    new_event,
    poll_changes,
    send_event,
    send_movement,
)
from .mapping import EntryKind, Event, ResultKey, Section, TableEntry

__all__ = [
    "Change",
    "Changes",
    "Connection",
    "ConnectorError",
    "EntryKind",
    "Event",
    "Refusal",
    "ResultDTOError",
    "ResultKey",
    "Section",
    "TableEntry",
    "accept",
    "add_section",
    "expected",
    "new_event",
    "normalise_url",
    "poll_changes",
    "send_event",
    "send_movement",
]
