"""The Bridgemate Data Connector over http, through Bridge Systems' own client, with its habits minded.

The client (``bridgemate_dataconnector``) never raises: a request that fails is tried five times (with pauses of
0.2 to 0.8 s) and then answered by the client itself as an error, and its result poll answers an error with an
empty list, as it answers "nothing new". :class:`Connection` sends every request through the client's
``send_request`` and reads each answer itself: an error, whoever made it, becomes one :class:`ConnectorError` that
names the address and says what happened (nobody answering, a time-out, a refused licence, the Data Connector's
own refusal with its reason, an answer that is none); "nothing new" is an empty poll.

The client's http goes through a transport of xlbridge's own (:class:`_Transport`, in place of the client's urllib
one), which bounds what a server can do to the command line: a request, with the client's tries again, is done by
its deadline (:data:`TIMEOUT`; every wait for a byte is cut to the time left, the status line and headers too); an
answer is read up to :data:`MOST_BYTES`, and must be UTF-8, not compressed, and (a POST's) JSON of ordinary depth
and numbers; the failure that made the client give up is kept, to say why (a refused connection, an http status).
The answer's fields are checked for their kinds before they are used, and the Data Connector's words are shown
with their control characters escaped (:mod:`.wire`): nothing a server sends reaches the terminal as a command to
it.
"""

from __future__ import annotations

import contextlib
import http.client
import io
import json
import re
import socket
import time
import urllib.parse
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bridgemate_dataconnector import DataConnectorClient, HttpTransport, TransportException
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

from ...engine.errors import BridgeInputError, ConnectorError
from ...engine.text import printable
from .wire import is_result_shaped, same_session, shown

if TYPE_CHECKING:
    from _typeshed import WriteableBuffer

__all__ = ["MOST_BYTES", "TIMEOUT", "Command", "Connection", "Polled", "normalise_url"]

Command = ScoringProgramDataConnectorCommands

#: The most seconds a request may take, all of it: connecting, sending, every byte of the answer, the client's
#: tries again (the client's own bound is 100 s a try, and a socket's time-out bounds each wait for a byte, not
#: their sum: a server answering a byte every 5 s would hold the command line for hours).
TIMEOUT = 10.0
#: The longest answer read: 16 MiB, a poll of some 30,000 results (a result is about 550 bytes of JSON inside the
#: JSON; a club's evening is a few hundred). A longer one is refused, not read further.
MOST_BYTES = 16 * 2**20
#: How often a request the Data Connector answers "Busy" is tried again, and the pause before each try.
BUSY_TRIES = 3
BUSY_PAUSE = 0.5
#: The http statuses by which a service refuses who is asking.
REFUSED_STATUSES = (401, 403)
#: LastQueueItemId: a whole number (.NET's Int64).
QUEUE_IDS = range(2**63)


def normalise_url(text: str) -> str:
    """The Data Connector's address as a club types it: ``192.168.1.50``, ``bcs-pc:5079`` or a whole
    ``http://...`` address (the port is the Data Connector's own 5079 unless given)."""
    url = text.strip().rstrip("/")
    wrong = BridgeInputError(f"--url {text!r}: expected the Data Connector's address, such as http://192.168.1.50:5079")
    if not re.match(r"https?://", url, re.IGNORECASE):
        if "://" in url or not url:
            raise wrong
        url = f"http://{url}"
    host = url.split("://", 1)[1]
    found = re.fullmatch(r"[\w.-]+(?::(\d{1,5}))?(/\S*)?", host)
    if found is None or not url.isprintable() or (found[1] is not None and not 0 < int(found[1]) < 65536):
        raise wrong
    if not re.match(r"[^/]+:\d", host):
        name, slash, path = host.partition("/")
        url = f"{url.split('://', 1)[0]}://{name}:{DataConnectorClient.DEFAULT_PORT}{slash}{path}"
    return url


# --- the transport: http, bounded ------------------------------------------------------------------------------


class _LateError(Exception):
    """A request's deadline passed before its answer was read whole."""


class _UnusableError(Exception):
    """An answer that cannot be read (too long, compressed, not UTF-8, JSON xlbridge does not read); its reason.
    Trying again would bring the same, so it ends the request (it is not one of the client's TransportExceptions,
    which the client tries again)."""


def _left(deadline: float) -> float:
    """The seconds left until ``deadline`` (of ``time.monotonic``); a time-out when none are."""
    left = deadline - time.monotonic()
    if left <= 0:
        raise TimeoutError("the request's time is up")
    return left


class _Until(io.RawIOBase):
    """A socket's bytes, each wait for them cut to the time left until ``deadline``."""

    def __init__(self, sock: socket.socket, deadline: float) -> None:
        super().__init__()
        self.sock = sock
        self.deadline = deadline

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: WriteableBuffer) -> int:
        self.sock.settimeout(_left(self.deadline))
        return self.sock.recv_into(buffer)


class _Answer(http.client.HTTPResponse):
    """An http answer read by ``deadline``, its status line and headers too (:class:`_Until`)."""

    def __init__(self, sock: socket.socket, deadline: float, method: str) -> None:
        super().__init__(sock, method=method)
        self.fp.close()  # the socket's own reader, made by HTTPResponse, whose waits are bounded one by one
        self.fp = io.BufferedReader(_Until(sock, deadline))


def _body(answer: http.client.HTTPResponse) -> str:
    """The text of an answer: read up to :data:`MOST_BYTES`; refused when longer, compressed or not UTF-8."""
    encoding = answer.getheader("Content-Encoding", "").strip()
    if encoding.lower() not in ("", "identity"):
        raise _UnusableError(f"an answer in {printable(encoding, 20)!r} encoding, which xlbridge does not ask for")
    data = answer.read(MOST_BYTES + 1)
    if len(data) > MOST_BYTES:
        raise _UnusableError(f"an answer longer than {MOST_BYTES // 2**20} MiB, which xlbridge does not read")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise _UnusableError(f"an answer that is not UTF-8 text (byte {data[error.start]:#04x} at offset "
                             f"{error.start})") from None  # fmt: skip


def _json_fault(text: str) -> str:
    """Why ``text`` is not JSON xlbridge reads, or "" (a number of thousands of digits, nesting a thousand deep:
    Python's json refuses them, with errors of other kinds than a JSONDecodeError)."""
    try:
        json.loads(text)
    except RecursionError:
        return "JSON nested deeper than xlbridge reads"
    except json.JSONDecodeError as error:
        return f"something that is not JSON ({error})"
    except ValueError as error:  # int's limit on digits: "Exceeds the limit (4300 digits) ...; use ..."
        return f"JSON xlbridge does not read ({str(error).split(';')[0]})"
    return ""


def _exchange(url: str, body: bytes | None, deadline: float) -> str:
    """One http request (a POST of ``body``, or a GET) and its answer's text, done by ``deadline``. A failure the
    client may try again raises its TransportException (nobody at the address, a hang-up, an http status); a
    time-out :class:`_LateError`; an answer that cannot be read :class:`_UnusableError`."""
    parts = urllib.parse.urlsplit(url)
    kind = http.client.HTTPSConnection if parts.scheme.lower() == "https" else http.client.HTTPConnection
    method = "GET" if body is None else "POST"
    target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    connection = kind(parts.hostname or "", parts.port)
    try:
        connection.timeout = _left(deadline)  # connecting
        connection.connect()
        connection.sock.settimeout(_left(deadline))  # sending: a socket's time-out bounds the whole of sendall
        headers = {"Content-Type": "application/json; charset=utf-8"} if body is not None else {}
        connection.request(method, target, body, headers)
        answer = _Answer(connection.sock, deadline, method)
        answer.begin()
        if not 200 <= answer.status < 300:
            raise TransportException(f"Request to '{url}' returned status {answer.status}.", status_code=answer.status)
        text = _body(answer)
    except TimeoutError as error:
        raise _LateError() from error
    except (OSError, http.client.HTTPException) as error:
        raise TransportException(f"Request to '{url}' failed: {error}") from error
    finally:
        connection.close()
    fault = _json_fault(text) if body is not None else ""  # a POST's answer is JSON, which the client reads
    if fault:
        raise _UnusableError(fault)
    return text


@dataclass
class _Transport(HttpTransport):
    """The client's http (in place of its urllib transport): each request done by ``deadline``
    (:func:`_exchange`), its failures kept (the last says why the client gave up) and its tries counted."""

    deadline: float = 0.0
    failures: list[TransportException] = field(default_factory=list)
    attempts: int = 0

    def get(self, url: str) -> str:
        return self._call(url, None)

    def post(self, url: str, json_body: str) -> str:
        return self._call(url, json_body.encode("utf-8"))

    def _call(self, url: str, body: bytes | None) -> str:
        self.attempts += 1
        try:
            return _exchange(url, body, self.deadline)
        except TransportException as failure:
            self.failures.append(failure)
            raise


@dataclass(frozen=True)
class Polled:
    """What a result poll brought: the results in the order the tables sent them (oldest first), and the id of
    the last, which accepting them names."""

    results: tuple[ResultDTO, ...]
    last_queue_item_id: int


class Connection:
    """The Data Connector at ``url``, for club ``club_id`` with its licence key; each request done within
    ``timeout`` seconds, or refused."""

    def __init__(self, url: str, club_id: str = "", licence_key: str = "", timeout: float = TIMEOUT) -> None:
        self.url = normalise_url(url)
        self.club_id = club_id
        self.timeout = timeout
        self._transport = _Transport()
        self.client = DataConnectorClient(club_id, licence_key, base_address=self.url, transport=self._transport)

    def error(self, message: str, command: str = "", error_type: str = "") -> ConnectorError:
        return ConnectorError(message, url=self.url, command=command, error_type=error_type)

    @contextlib.contextmanager
    def _timed(self, command: str) -> Iterator[None]:
        """One request (with the client's tries again, and the tries again of "Busy") done within the
        connection's ``timeout``; a time-out or an answer that cannot be read raised as :class:`ConnectorError`."""
        self._transport.deadline = time.monotonic() + self.timeout
        self._transport.failures.clear()
        self._transport.attempts = 0
        try:
            yield
        except _LateError:
            if self._transport.failures:  # the client was trying again, after failures that say more
                raise self._unreached(command) from None
            raise self.error(f"the Bridgemate Data Connector at {self.url} did not answer {command} within "
                             f"{self.timeout:g} s: is BCS busy, or stopped?", command,
                             ErrorType.TimeOut.name) from None  # fmt: skip
        except _UnusableError as unusable:
            raise self.error(f"the Bridgemate Data Connector at {self.url} answered {command} with {unusable}",
                             command, ErrorType.WrongDataType.name) from None  # fmt: skip

    def _unreached(self, command: str) -> ConnectorError:
        """Why the client got no answer, from the failure of its last try."""
        failure = self._transport.failures[-1] if self._transport.failures else None
        reason = failure.__cause__ if failure is not None else None
        attempts = self._transport.attempts
        tries = f" (tried {attempts} times)" if attempts > 1 else ""
        if failure is not None and failure.status_code in REFUSED_STATUSES:
            return self.error(f"the Bridgemate Data Connector at {self.url} refused club id {self.club_id!r} and its "
                              f"licence key (http {failure.status_code}): check the club id and the key", command,
                              "Refused")  # fmt: skip
        if failure is not None and failure.status_code is not None:
            return self.error(f"the Bridgemate Data Connector at {self.url} answered {command} with http "
                              f"{failure.status_code}{tries}", command, ErrorType.NoConnection.name)  # fmt: skip
        if isinstance(reason, OSError) and reason.strerror:
            why = f" ({printable(reason.strerror)})"
        else:
            why = f" ({printable(str(reason))})" if reason is not None else ""
        return self.error(f"no Bridgemate Data Connector answers at {self.url}{why}: is Bridgemate Control "
                          "Software 5 running, with its Data Connector on, and the address right?", command,
                          ErrorType.NoConnection.name)  # fmt: skip

    def check(self) -> str:
        """That a Data Connector answers at the address (one request, not retried); its own words."""
        with self._timed("Connect"):
            response = self.client.connect()
        if response.data_type == DataConnectorResponseData.OK:
            return _message(response.serialized_data)
        if not self._transport.failures:  # something answered, but not the Data Connector
            raise self.error(f"{self.url} answers, but not as a Bridgemate Data Connector (is the address right?)",
                             "Connect", ErrorType.NoConnection.name)  # fmt: skip
        raise self._unreached("Connect")

    def request(self, command: Command, session_guid: str = "", data: str = "") -> ScoringProgramResponse:
        """One request's answer, when it is not an error (an error raises :class:`ConnectorError`); one the Data
        Connector answers "Busy" is tried again a few times, within the same time."""
        with self._timed(command.name):
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
        self._check_kinds(name, response)
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
        if session_guid and response.session_guid and not same_session(response.session_guid, session_guid):
            raise self.error(f"the Bridgemate Data Connector at {self.url} answered {name} for session "
                             f"{shown(response.session_guid)}, not {session_guid}", name,
                             ErrorType.UnexpectedCommand.name)  # fmt: skip
        return response

    def _check_kinds(self, name: str, response: ScoringProgramResponse) -> None:
        """That the answer's fields the client takes as they come are of the guide's kinds: LastQueueItemId a whole
        number, SessionGuid and SerializedData text (or null)."""
        last = response.last_queue_item_id
        if type(last) is not int or last not in QUEUE_IDS:
            raise self.error(f"the Bridgemate Data Connector at {self.url} answered {name} with LastQueueItemId "
                             f"{shown(last)}, not a whole number", name,
                             ErrorType.WrongDataType.name)  # fmt: skip
        for wire, value in (("SessionGuid", response.session_guid), ("SerializedData", response.serialized_data)):
            if value is not None and not isinstance(value, str):
                raise self.error(f"the Bridgemate Data Connector at {self.url} answered {name} with {wire} "
                                 f"{shown(value)}, not text", name, ErrorType.WrongDataType.name)  # fmt: skip

    def initialize(self, dto: InitDTO) -> str:
        """Initialise an event in BCS (InitializeEvent); the Data Connector's own words."""
        response = self.request(Command.InitializeEvent, "", _compact(dto.to_dict()))
        return _message(response.serialized_data)

    def update_movement(self, dto: SectionUpdateDTO) -> ScoringProgramResponse:
        """Add a section, or change its movement (UpdateMovement)."""
        return self.request(Command.UpdateMovement, dto.session_guid or "", _compact(dto.to_dict()))

    def poll_results(self, session_guid: str, everything: bool = False) -> Polled:
        """The results not accepted yet (``everything``: all the session's, accepted or not). An error answer
        raises, never passes for "nothing new"; so does an answer that is not a list of ResultDTOs."""
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
        except (ValueError, RecursionError):  # not JSON, a number of thousands of digits, nesting too deep
            items = None
        if not isinstance(items, list) or not all(is_result_shaped(item) for item in items):
            raise self.error(f"the Bridgemate Data Connector at {self.url} answered {command.name} with results "
                             f"that are not a list of ResultDTOs: {shown(text)}", command.name,
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
    """An answer's message, fit for a terminal (:func:`printable`): the JSON string it holds, or the text itself."""
    try:
        decoded = json.loads(serialized or '""')
    except (ValueError, RecursionError):
        decoded = None
    return printable(decoded if isinstance(decoded, str) else serialized or "")
