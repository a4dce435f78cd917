"""The Bridgemate Data Connector over http, through Bridge Systems' own client, with its habits minded.

The client (``bridgemate_dataconnector``) never raises: a request that fails is tried five times (with pauses of
0.2 to 0.8 s) and then answered by the client itself as an error, and its result poll answers an error with an
empty list, as it answers "nothing new". :class:`Connection` sends every request through the client's
``send_request`` and reads each answer itself: an error, whoever made it, becomes one :class:`ConnectorError` that
names the address and says what happened (nobody answering, a time-out, a refused licence, the Data Connector's
own refusal with its reason); "nothing new" is an empty poll. Requests go through the client's own urllib
transport, watched (:class:`_Watched`) so that a failure the client turned into an error answer can still be told
apart: a refused connection, a time-out, an http status.
"""

from __future__ import annotations

import http.client
import json
import re
import time
import urllib.error
from collections.abc import Callable
from dataclasses import dataclass, field

from bridgemate_dataconnector import DataConnectorClient, HttpTransport, TransportException, UrllibTransport
from bridgemate_dataconnector.dto import (
    DataConnectorResponseData,
    ErrorType,
    InitDTO,
    ResultDTO,
    ScoringProgramDataConnectorCommands,
    ScoringProgramRequest,
    ScoringProgramResponse,
    SectionUpdateDTO,
)

from ...engine.errors import BridgeInputError

__all__ = ["Command", "Connection", "ConnectorError", "Polled", "normalise_url"]

Command = ScoringProgramDataConnectorCommands

#: What a request may take before it counts as not answered (the client's own default is 100 s, and it tries
#: five times: a Data Connector that stopped answering would hold the command line for over eight minutes).
TIMEOUT = 10.0
#: How often a request the Data Connector answers "Busy" is tried again, and the pause before each try.
BUSY_TRIES = 3
BUSY_PAUSE = 0.5
#: The http statuses by which a service refuses who is asking.
REFUSED_STATUSES = (401, 403)


class ConnectorError(BridgeInputError):
    """The Data Connector could not be reached, or refused a request: one line naming its address."""

    def __init__(self, message: str, *, url: str, command: str = "", error_type: str = "") -> None:
        super().__init__(message)
        self.url = url
        self.command = command
        self.error_type = error_type


def normalise_url(text: str) -> str:
    """The Data Connector's address as a club types it: ``192.168.1.50``, ``bcs-pc:5079`` or a whole
    ``http://...`` address (the port is the Data Connector's own 5079 unless given)."""
    url = text.strip().rstrip("/")
    if not re.match(r"https?://", url, re.IGNORECASE):
        if "://" in url or not url:
            raise BridgeInputError(f"--url {text!r}: expected the Data Connector's address, such as "
                                   "http://192.168.1.50:5079")  # fmt: skip
        url = f"http://{url}"
    host = url.split("://", 1)[1]
    if not re.fullmatch(r"[^/:\s]+(:\d{1,5})?(/\S*)?", host):
        raise BridgeInputError(f"--url {text!r}: expected the Data Connector's address, such as "
                               "http://192.168.1.50:5079")  # fmt: skip
    if not re.match(r"[^/]+:\d", host):
        name, slash, path = host.partition("/")
        url = f"{url.split('://', 1)[0]}://{name}:{DataConnectorClient.DEFAULT_PORT}{slash}{path}"
    return url


@dataclass
class _Watched(HttpTransport):
    """The client's urllib transport, its failures kept: the last one says why the client gave up."""

    inner: HttpTransport
    failures: list[TransportException] = field(default_factory=list)
    attempts: int = 0

    def get(self, url: str) -> str:
        return self._call(lambda: self.inner.get(url))

    def post(self, url: str, json_body: str) -> str:
        return self._call(lambda: self.inner.post(url, json_body))

    def _call(self, call: Callable[[], str]) -> str:
        self.attempts += 1
        try:
            try:
                return call()
            except (http.client.HTTPException, ConnectionError) as error:
                # Something at the address that hangs up unanswered (RemoteDisconnected) or answers no HTTP: the
                # client's transport lets these through, where the client expects a TransportException.
                raise TransportException(f"Request failed: {error}") from error
        except TransportException as failure:
            if isinstance(failure.__cause__, urllib.error.HTTPError):
                failure.__cause__.close()  # the answer's connection, which the client's transport leaves open
            self.failures.append(failure)
            raise


@dataclass(frozen=True)
class Polled:
    """What a result poll brought: the results in the order the tables sent them (oldest first), and the id of
    the last, which accepting them names."""

    results: tuple[ResultDTO, ...]
    last_queue_item_id: int


class Connection:
    """The Data Connector at ``url``, for club ``club_id`` with its licence key."""

    def __init__(self, url: str, club_id: str = "", licence_key: str = "", timeout: float = TIMEOUT) -> None:
        self.url = normalise_url(url)
        self.club_id = club_id
        self.timeout = timeout
        self._transport = _Watched(UrllibTransport(timeout_seconds=timeout))
        self.client = DataConnectorClient(club_id, licence_key, base_address=self.url, transport=self._transport)

    def error(self, message: str, command: str = "", error_type: str = "") -> ConnectorError:
        return ConnectorError(message, url=self.url, command=command, error_type=error_type)

    def _unreached(self, command: str) -> ConnectorError:
        """Why the client got no answer, from the failure of its last try."""
        failure = self._transport.failures[-1] if self._transport.failures else None
        cause = failure.__cause__ if failure is not None else None
        reason = cause.reason if isinstance(cause, urllib.error.URLError) else cause
        tries = "" if command == "Connect" else " (tried 5 times)"
        if failure is not None and failure.status_code in REFUSED_STATUSES:
            return self.error(f"the Bridgemate Data Connector at {self.url} refused club id {self.club_id!r} and its "
                              f"licence key (http {failure.status_code}): check the club id and the key", command,
                              "Refused")  # fmt: skip
        if failure is not None and failure.status_code is not None:
            return self.error(f"the Bridgemate Data Connector at {self.url} answered {command} with http "
                              f"{failure.status_code}{tries}", command, ErrorType.NoConnection.name)  # fmt: skip
        if isinstance(reason, TimeoutError):
            return self.error(f"the Bridgemate Data Connector at {self.url} did not answer {command} within "
                              f"{self.timeout:g} s{tries}: is BCS busy, or stopped?", command,
                              ErrorType.TimeOut.name)  # fmt: skip
        why = f" ({reason.strerror or reason})" if isinstance(reason, OSError) else ""
        return self.error(f"no Bridgemate Data Connector answers at {self.url}{why}: is Bridgemate Control "
                          "Software 5 running, with its Data Connector on, and the address right?", command,
                          ErrorType.NoConnection.name)  # fmt: skip

    def check(self) -> str:
        """That a Data Connector answers at the address (one request, not retried); its own words."""
        self._transport.failures.clear()
        response = self.client.connect()
        if response.data_type == DataConnectorResponseData.OK:
            return str(json.loads(response.serialized_data or '""'))
        if not self._transport.failures:  # something answered, but not the Data Connector
            raise self.error(f"{self.url} answers, but not as a Bridgemate Data Connector (is the address right?)",
                             "Connect", ErrorType.NoConnection.name)  # fmt: skip
        raise self._unreached("Connect")

    def request(self, command: Command, session_guid: str = "", data: str = "") -> ScoringProgramResponse:
        """One request's answer, when it is not an error (an error raises :class:`ConnectorError`); one the Data
        Connector answers "Busy" is tried again a few times."""
        for attempt in range(BUSY_TRIES + 1):
            self._transport.failures.clear()
            request = ScoringProgramRequest(command=command, session_guid=session_guid, serialized_data=data)
            response = self.client.send_request(request)
            if response.data_type != DataConnectorResponseData.Error or response.error_type != ErrorType.Busy:
                break
            if attempt < BUSY_TRIES:
                time.sleep(BUSY_PAUSE)
        return self._checked(command, session_guid, response)

    def _checked(self, command: Command, session_guid: str, response: ScoringProgramResponse) -> ScoringProgramResponse:
        name = command.name
        if response.data_type == DataConnectorResponseData.Error:
            if response.error_type == ErrorType.NoConnection and self._transport.failures:
                raise self._unreached(name)
            if response.error_type in (ErrorType.NoConnection, ErrorType.EmptyResponse):  # made by the client
                raise self.error(f"the Bridgemate Data Connector at {self.url} answered {name} with something that "
                                 f"is not its answer ({_message(response.serialized_data)})", name,
                                 response.error_type.name)  # fmt: skip
            raise self.error(f"the Bridgemate Data Connector at {self.url} refused {name} "
                             f"({response.error_type.name}): {_message(response.serialized_data)}", name,
                             response.error_type.name)  # fmt: skip
        if response.request_command != command:
            raise self.error(f"the Bridgemate Data Connector at {self.url} answered {name} as if it were "
                             f"{response.request_command.name}", name, ErrorType.UnexpectedCommand.name)  # fmt: skip
        if session_guid and response.session_guid and response.session_guid != session_guid:
            raise self.error(f"the Bridgemate Data Connector at {self.url} answered {name} for session "
                             f"{response.session_guid}, not {session_guid}", name,
                             ErrorType.UnexpectedCommand.name)  # fmt: skip
        return response

    def initialize(self, dto: InitDTO) -> str:
        """Initialise an event in BCS (InitializeEvent); the Data Connector's own words."""
        response = self.request(Command.InitializeEvent, "", _compact(dto.to_dict()))
        return _message(response.serialized_data)

    def update_movement(self, dto: SectionUpdateDTO) -> ScoringProgramResponse:
        """Add a section, or change its movement (UpdateMovement)."""
        return self.request(Command.UpdateMovement, dto.session_guid or "", _compact(dto.to_dict()))

    def poll_results(self, session_guid: str, everything: bool = False) -> Polled:
        """The results not accepted yet (``everything``: all the session's, accepted or not). An error answer
        raises, never passes for "nothing new"."""
        command = Command.PollQueueForAllResults if everything else Command.PollQueueForNewResults
        response = self.request(command, session_guid)
        text = (response.serialized_data or "").strip()
        if response.data_type in (DataConnectorResponseData.OK, DataConnectorResponseData.None_) and text in (
            "", "null", '""', "[]"):  # fmt: skip
            return Polled((), response.last_queue_item_id)
        if response.data_type != DataConnectorResponseData.Results:
            raise self.error(f"the Bridgemate Data Connector at {self.url} answered {command.name} with "
                             f"{response.data_type.name}, not Results", command.name,
                             ErrorType.WrongDataType.name)  # fmt: skip
        try:
            items = json.loads(text) if text not in ("", "null") else []
        except json.JSONDecodeError:
            items = None
        if not isinstance(items, list) or not all(isinstance(item, dict) for item in items):
            raise self.error(f"the Bridgemate Data Connector at {self.url} answered {command.name} with results "
                             f"that are not a list of ResultDTOs: {text[:60]!r}", command.name,
                             ErrorType.WrongDataType.name)  # fmt: skip
        return Polled(tuple(ResultDTO.from_dict(item) for item in items), response.last_queue_item_id)

    def accept_results(self, session_guid: str, last_queue_item_id: int) -> None:
        """Tell the Data Connector that the results up to ``last_queue_item_id`` are safely kept
        (AcceptResultQueueItems): a poll for new results no longer brings them."""
        self.request(Command.AcceptResultQueueItems, session_guid, json.dumps(last_queue_item_id))


def _compact(data: object) -> str:
    """JSON as the client writes it (System.Text.Json's compact form)."""
    return json.dumps(data, separators=(",", ":"))


def _message(serialized: str | None) -> str:
    """An answer's message: the JSON string it holds, or the text itself."""
    try:
        decoded = json.loads(serialized or '""')
    except json.JSONDecodeError:
        return (serialized or "").strip()
    text = decoded if isinstance(decoded, str) else json.dumps(decoded)
    return " ".join(text.split())
