"""A fake Bridgemate Data Connector (BCS 5's http interface) for the tests, on 127.0.0.1, started and stopped by
the test that uses it.

Built from the Bridgemate Data Connector developer's guide (Bridge Systems BV): "Overview of communication" (the
request and response envelopes, the commands and their values, the data types, the error codes), "Initialize an
event", "Update the movement for a section or add one", and the DTO pages (RoundDTO: a sit-out has pair 0 and no
boards; ResultDTO: the codes), and from the shape of the official client's request and response fixtures: a
``POST /dc-scoringprogram`` of ``{Command, ClubId, LicenceKey, SessionGuid, SerializedData}`` (the data a JSON
string inside the JSON) answered with ``{RequestCommand, DataType, LastQueueItemId, ErrorType, SessionGuid,
SerializedData}``; ``GET /`` answers "Bridgemate dataconnector service version ...". The DTOs it is sent are
checked with the validation the official client ports from the Data Connector's own shared DTOs, and against
the movement it holds.

It plays BCS's side of an evening: the tables' entries (results, corrections, erasures, "no play", the lead) go
into the session's result queue, which a poll reads and an accept empties. And it can fault: nothing listening
(BCS not running), answering too late (a time-out), refusing the licence key (as an http 401, or as an error
answer), answering "Busy", answering with something else than its answer, answering one command with an error,
a result for a table the movement lacks or for the phantom's table, a section added in BCS itself; and as a
hostile server would: answering a byte at a time, without end, compressed, or with bytes of the test's choosing.

The tables' results are written here from what a traveller says (``4SX``, ``N``, ``-1``, lead ``HA``), by this
module's own reading of the codes in the guide, not by xlbridge's mapping, so that the two check each other.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from bridgemate_dataconnector import validate_init_dto, validate_section_update_dto
from bridgemate_dataconnector.dto import InitDTO, SectionUpdateDTO

# The guide's values ("Overview of communication"): commands, data types, error types.
PING, INITIALIZE, UPDATE_MOVEMENT, PUT_PLAYERS, PUT_PARTICIPATIONS = 4, 5, 6, 11, 12
POLL_NEW, POLL_ALL, ACCEPT = 19, 23, 27
OK, ERROR, RESULTS, MOVEMENT = 1, 4, 12, 14
NO_ERROR, BUSY, NO_DATA, MOVEMENT_ERROR, VALIDATION, ENTRY_UNKNOWN, NOT_IMPLEMENTED = 0, 1, 2, 4, 5, 6, 8
VERSION = "Bridgemate dataconnector service version 5.0.1041.0 (a test fake)"

# ResultDTO's codes (the guide's ResultDTO page).
STRAINS = {"C": 1, "D": 2, "H": 3, "S": 4, "N": 5, "NT": 5}
SEATS = {"N": 1, "E": 2, "S": 3, "W": 4}
RANKS = {**{str(n): n for n in range(2, 10)}, "T": 10, "10": 10, "J": 11, "Q": 12, "K": 13, "A": 14}
#: Artificial scores as a traveller writes them (North-South's first), and their Level with the scoring
#: direction North-South: average minus, average, average plus are 40, 50 and 60%.
ARTIFICIAL = {"A": -5, "A5050": -5, "A+": -7, "A6040": -7, "A-": -3, "A4060": -3, "A6060": -9, "A4040": -1,
              "A5060": -6, "A6050": -8, "A4050": -2, "A5040": -4}  # fmt: skip
NO_PLAY = -10


@dataclass
class FakeSession:
    """One session as BCS holds it: its sections' rounds (by letters, then (table, round)), its players and
    seats, and its result queue (id, ResultDTO as a dict), with the last id accepted."""

    guid: str
    name: str
    rounds: dict[str, dict[tuple[int, int], dict[str, Any]]] = field(default_factory=dict)
    players: list[dict[str, Any]] = field(default_factory=list)
    participations: list[dict[str, Any]] = field(default_factory=list)
    queue: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    accepted: int = 0
    commands: int = 0
    #: The InitializeEvent request's data as sent (its settings and hand records).
    init: dict[str, Any] = field(default_factory=dict)


class FakeDataConnector:
    """The fake, serving on 127.0.0.1 at a port of its own (``url``) once started."""

    def __init__(self, club_id: str = "CLUB1", licence_key: str = "KEY-1", refuse_as: str = "http") -> None:
        self.club_id, self.licence_key, self.refuse_as = club_id, licence_key, refuse_as
        self.sessions: dict[str, FakeSession] = {}
        #: Every request answered: (command, session guid); ``posts`` counts the POSTs that arrived (answered
        #: or not), ``gets`` the GETs.
        self.requests: list[tuple[int, str]] = []
        self.posts = self.gets = 0
        #: Faults: seconds to wait before answering a POST; how many POSTs to answer "Busy"; one error answer
        #: for the next request of a command: {command: (error type, message)}.
        self.delay = 0.0
        self.busy = 0
        self.fail: dict[int, tuple[int, str]] = {}
        #: What to answer every POST with instead of an answer (a web server of another kind at the address).
        self.garble: str | None = None
        #: What to answer a command's POSTs with instead of its answer, byte for byte (a damaged or hostile
        #: answer: not UTF-8, nested ten thousand deep, a number of 5,000 digits): {command: body}.
        self.raw: dict[int, bytes] = {}
        #: The Content-Encoding every answer to a POST claims (a server compressing what nobody asked it to).
        self.encoding: str | None = None
        #: Seconds between the bytes of every answer to a POST, its status line and headers too (a server that
        #: answers a byte at a time, each in time for a read, the whole never).
        self.drip = 0.0
        #: Bytes to answer every POST with, of no declared length (a server that never stops); ``flooded``: how
        #: many were sent before the client hung up.
        self.flood = 0
        self.flooded = 0
        self._next_id = 0
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # --- serving ---------------------------------------------------------------------------------------------

    @property
    def url(self) -> str:
        assert self._server is not None, "not started"
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    def start(self) -> FakeDataConnector:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:  # the tests' output stays quiet
                pass

            def do_GET(self) -> None:
                fake.gets += 1
                if self.path in ("", "/"):
                    self._send(200, VERSION, "text/plain")
                else:
                    self._send(404, "Not found", "text/plain")

            def do_POST(self) -> None:
                fake.posts += 1
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length).decode("utf-8")
                if self.path.rstrip("/") != "/dc-scoringprogram":
                    self._send(404, "Not found", "text/plain")
                    return
                if fake.delay and fake._stopping.wait(fake.delay):
                    return
                if fake.flood:
                    self._flood()
                    return
                status, answer = fake.answer(body)
                if fake.drip:
                    self._drip(status, answer)
                    return
                self._send(status, answer, "application/json; charset=utf-8")

            def _send(self, status: int, text: str | bytes, kind: str) -> None:
                data = text.encode("utf-8") if isinstance(text, str) else text
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", kind)
                    self.send_header("Content-Length", str(len(data)))
                    if fake.encoding:
                        self.send_header("Content-Encoding", fake.encoding)
                    self.end_headers()
                    self.wfile.write(data)
                except OSError:  # the client gave up waiting (a time-out): nobody to answer
                    pass

            def _drip(self, status: int, text: str | bytes) -> None:
                data = text.encode("utf-8") if isinstance(text, str) else text
                whole = (f"HTTP/1.1 {status} OK\r\nContent-Type: application/json; charset=utf-8\r\n"
                         f"Content-Length: {len(data)}\r\n\r\n").encode("ascii") + data  # fmt: skip
                self.close_connection = True
                for index in range(len(whole)):
                    if fake._stopping.wait(fake.drip):
                        return
                    try:
                        self.wfile.write(whole[index : index + 1])
                    except OSError:  # the client gave up
                        return

            def _flood(self) -> None:
                self.close_connection = True
                chunk = b" " * 65536
                try:
                    self.wfile.write(b"HTTP/1.1 200 OK\r\nContent-Type: application/json; charset=utf-8\r\n\r\n")
                    while fake.flooded < fake.flood and not fake._stopping.is_set():
                        self.wfile.write(chunk)
                        fake.flooded += len(chunk)
                except OSError:  # the client hung up
                    pass

        class Server(ThreadingHTTPServer):
            daemon_threads = True

            def handle_error(self, request: Any, client_address: Any) -> None:
                pass  # a client that hung up mid-answer (the time-out fault)

        self._server = Server(("127.0.0.1", 0), Handler)
        self._thread = threading.Thread(
            target=self._server.serve_forever, args=(0.05,), name="fake-data-connector", daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stopping.set()
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def __enter__(self) -> FakeDataConnector:
        return self.start()

    def __exit__(self, *_: object) -> None:
        self.stop()

    # --- the interface ---------------------------------------------------------------------------------------

    def answer(self, body: str) -> tuple[int, str | bytes]:
        """The http status and body that answer one POSTed request."""
        try:
            request = json.loads(body)
        except json.JSONDecodeError:
            return 400, "Bad request"
        if not isinstance(request, dict) or not {"Command", "ClubId", "LicenceKey", "SessionGuid",
                                                 "SerializedData"} <= set(request):  # fmt: skip
            return 400, "Bad request"
        command, guid = int(request["Command"]), request["SessionGuid"] or ""
        if self.garble is not None:
            return 200, self.garble
        if command in self.raw:
            return 200, self.raw[command]
        with self._lock:
            self.requests.append((command, guid))
            if (request["ClubId"], request["LicenceKey"]) != (self.club_id, self.licence_key):
                if self.refuse_as == "http":
                    return 401, "Unauthorized"
                return 200, self._error(command, guid, VALIDATION, "Unknown club id or invalid licence key.")
            if self.busy:
                self.busy -= 1
                return 200, self._error(command, guid, BUSY, "Busy with an earlier request.")
            if command in self.fail:
                error_type, message = self.fail.pop(command)
                return 200, self._error(command, guid, error_type, message)
            handler = {PING: self._ping, INITIALIZE: self._initialize, UPDATE_MOVEMENT: self._update_movement,
                       PUT_PLAYERS: self._put_players, PUT_PARTICIPATIONS: self._put_participations,
                       POLL_NEW: self._poll, POLL_ALL: self._poll, ACCEPT: self._accept}.get(command)  # fmt: skip
            if handler is None:
                return 200, self._error(command, guid, NOT_IMPLEMENTED, f"Command {command} is not supported.")
            return 200, handler(command, guid, request["SerializedData"] or "")

    @staticmethod
    def _response(command: int, guid: str, data_type: int, data: str, last_id: int = 0, error: int = 0) -> str:
        return json.dumps({"RequestCommand": command, "DataType": data_type, "LastQueueItemId": last_id,
                           "ErrorType": error, "SessionGuid": guid, "SerializedData": data})  # fmt: skip

    def _error(self, command: int, guid: str, error_type: int, message: str) -> str:
        return self._response(command, guid, ERROR, json.dumps(message), error=error_type)

    def _ping(self, command: int, guid: str, data: str) -> str:
        return self._response(command, guid, OK, data)

    def _initialize(self, command: int, guid: str, data: str) -> str:
        if guid:
            return self._error(command, guid, VALIDATION, "InitializeEvent takes no SessionGuid in the request.")
        dto = InitDTO.from_dict(json.loads(data))
        if not validate_init_dto(dto):
            return self._error(command, guid, VALIDATION, "\r\n".join(dto.validation_messages or []))
        raw = json.loads(data)
        for session in raw["Sessions"]:
            held = FakeSession(session["SessionGuid"], session["Name"], commands=raw["Commands"], init=raw)
            for group in session["ScoringGroups"]:
                for section in group["Sections"]:
                    problem = self._take_section(held, section["Letters"], section["Winners"], section["Tables"])
                    if problem:
                        return self._error(command, guid, MOVEMENT_ERROR, problem)
            held.players = [p for p in raw.get("PlayerData") or [] if p["SessionGuid"] == held.guid]
            held.participations = [p for p in raw.get("Participations") or [] if p["SessionGuid"] == held.guid]
            self.sessions[held.guid] = held
        return self._response(command, "", OK, json.dumps("Initialized"))

    @staticmethod
    def _take_section(held: FakeSession, letters: str, winners: int, tables: list[dict[str, Any]]) -> str:
        """The RoundDTO page's rules: each pair once a round (one winner: among all pairs; two: among its own
        direction's), a sit-out or an empty table without boards, boards low to high."""
        rounds: dict[tuple[int, int], dict[str, Any]] = {}
        seen: set[tuple[int, str, int]] = set()
        for table in tables:
            for r in table["Rounds"]:
                for side in ("PairNS", "PairEW"):
                    if r[side]:
                        key = (r["RoundNumber"], side if winners == 2 else "", r[side])
                        if key in seen:
                            return f"Section {letters}: pair {r[side]} plays twice in round {r['RoundNumber']}."
                        seen.add(key)
                if r["PairNS"] and r["PairEW"] and not 0 < r["LowBoardNumber"] <= r["HighBoardNumber"]:
                    return f"Section {letters}: table {table['TableNumber']} has no boards in round {r['RoundNumber']}."
                rounds[(table["TableNumber"], r["RoundNumber"])] = r
        held.rounds[letters] = rounds
        return ""

    def _update_movement(self, command: int, guid: str, data: str) -> str:
        dto = SectionUpdateDTO.from_dict(json.loads(data))
        held = self.sessions.get(guid)
        if held is None or dto.session_guid != guid:
            return self._error(command, guid, ENTRY_UNKNOWN, f"Unknown session '{guid}'.")
        if not validate_section_update_dto(dto):
            return self._error(command, guid, VALIDATION, "\r\n".join(dto.validation_messages or []))
        raw = json.loads(data)
        if raw["IsDeleted"]:
            held.rounds.pop(raw["Letters"], None)
            return self._response(command, guid, OK, json.dumps("Section deleted."))
        problem = self._take_section(held, raw["Letters"], raw["Winners"], raw["Tables"])
        if problem:
            return self._error(command, guid, MOVEMENT_ERROR, problem)
        held.players += raw.get("AddedPlayers") or []
        held.participations += raw.get("Participations") or []
        updated = {"SessionGuid": guid, "Letters": raw["Letters"], "Tables": raw["Tables"]}
        return self._response(command, guid, MOVEMENT, json.dumps(updated))

    def _put_players(self, command: int, guid: str, data: str) -> str:
        return self._put(command, guid, data, "players")

    def _put_participations(self, command: int, guid: str, data: str) -> str:
        return self._put(command, guid, data, "participations")

    def _put(self, command: int, guid: str, data: str, what: str) -> str:
        held = self.sessions.get(guid)
        if held is None:
            return self._error(command, guid, ENTRY_UNKNOWN, f"Unknown session '{guid}'.")
        items = json.loads(data or "[]")
        if not items:
            return self._error(command, guid, NO_DATA, "Empty data")
        getattr(held, what).extend(items)
        return self._response(command, guid, OK, json.dumps("Received"))

    def _poll(self, command: int, guid: str, data: str) -> str:
        held = self.sessions.get(guid)
        if held is None:
            return self._error(command, guid, ENTRY_UNKNOWN, f"Unknown session '{guid}'.")
        items = [(i, dto) for i, dto in held.queue if command == POLL_ALL or i > held.accepted]
        last = items[-1][0] if items else held.accepted
        return self._response(command, guid, RESULTS, json.dumps([dto for _, dto in items]), last_id=last)

    def _accept(self, command: int, guid: str, data: str) -> str:
        held = self.sessions.get(guid)
        if held is None:
            return self._error(command, guid, ENTRY_UNKNOWN, f"Unknown session '{guid}'.")
        held.accepted = max(held.accepted, int(json.loads(data)))
        return self._response(command, guid, OK, json.dumps("Accepted"))

    # --- the tables --------------------------------------------------------------------------------------------

    @property
    def session(self) -> FakeSession:
        """The one session the fake holds (most tests have one)."""
        assert len(self.sessions) == 1, f"{len(self.sessions)} sessions"
        return next(iter(self.sessions.values()))

    def _queue(self, held: FakeSession, dto: dict[str, Any]) -> None:
        with self._lock:
            self._next_id += 1
            held.queue.append((self._next_id, dto))

    def enter(self, letters: str, table: int, round_number: int, board: int, contract: str = "", declarer: str = "",
              result: str = "", lead: str = "", adjusted: str = "", *, anywhere: bool = False,
              scoring_direction: int = 3) -> None:  # fmt: skip
        """A table enters a board's result as its traveller line says (``contract`` ``NP`` for a board not
        played); BCS takes only boards its movement has the table play, unless ``anywhere`` (a fault)."""
        held = self.session
        seat = held.rounds.get(letters, {}).get((table, round_number))
        if not anywhere:
            assert seat is not None, f"BCS has no round {round_number} at table {letters}{table}"
            assert seat["LowBoardNumber"] <= board <= seat["HighBoardNumber"], f"board {board} is not played there"
        ns, ew = (seat["PairNS"], seat["PairEW"]) if seat else (0, 0)
        dto = _result(held.guid, letters, table, round_number, board, ns, ew)
        dto["ScoringDirection"] = scoring_direction
        dto.update(_traveller(contract, declarer, result, lead, adjusted, ns, ew))
        self._queue(held, dto)

    def erase(self, letters: str, table: int, round_number: int, board: int) -> None:
        """The table erases the result it sent for a board (IsDeleted: the rest means nothing)."""
        self._queue(self.session, {**_result(self.session.guid, letters, table, round_number, board, 0, 0),
                                   "IsDeleted": True})  # fmt: skip

    def send_raw(self, fields: dict[str, Any]) -> None:
        """A result with codes of the test's choosing (a code the interface lacks)."""
        held = self.session
        self._queue(held, {**_result(held.guid, "A", 1, 1, 1, 1, 1), **fields})

    def add_section_in_bcs(self, letters: str, rounds: list[dict[str, Any]]) -> None:
        """The director adds a section in BCS itself (xlbridge is not told)."""
        self.session.rounds[letters] = {(r["TableNumber"], r["RoundNumber"]): r for r in rounds}

    def unaccepted(self) -> Iterator[dict[str, Any]]:
        held = self.session
        return (dto for i, dto in held.queue if i > held.accepted)


def _result(guid: str, letters: str, table: int, round_number: int, board: int, ns: int, ew: int) -> dict[str, Any]:
    return {"SessionGuid": guid, "SectionLetters": letters, "TableNumber": table, "RoundNumber": round_number,
            "BoardNumber": board, "ScoringDirection": 3, "IsDeleted": False, "PairNorthSouth": ns,
            "PairEastWest": ew, "DeclaringPair": ns, "DeclarerDirection": 0, "Level": 0, "Denomination": 0,
            "Stake": 0, "TotalTricks": 0, "LeadCardRank": 0, "LeadCardSuit": 0, "ValidationMessages": None}  # fmt: skip


def _traveller(contract: str, declarer: str, result: str, lead: str, adjusted: str, ns: int, ew: int) -> dict[str, Any]:
    """A traveller line's codes: ``4SX`` ``N`` ``-1`` (or ``=``, ``+2``), lead ``HA`` or ``AH``; ``PASS``; ``NP``
    (not played); an artificial score ``A+`` ... as ``adjusted``."""
    codes: dict[str, Any] = {}
    if lead:
        card = re.fullmatch(r"(?:(10|[2-9TJQKA])([CDHS])|([CDHS])(10|[2-9TJQKA]))", lead.upper())
        assert card, lead
        rank, suit = (card[1], card[2]) if card[1] else (card[4], card[3])
        codes.update(LeadCardRank=RANKS[rank], LeadCardSuit=STRAINS[suit])
    if adjusted:
        return {**codes, "Level": ARTIFICIAL[adjusted.upper()]}
    if contract.upper() == "NP":
        return {**codes, "Level": NO_PLAY}
    if contract.upper() == "PASS":
        return {**codes, "Level": 0}
    found = re.fullmatch(r"([1-7])(NT|[CDHSN])(X{0,2})", contract.upper())
    assert found, contract
    level = int(found[1])
    made = 0 if result == "=" else int(result)
    codes.update(Level=level, Denomination=STRAINS[found[2]], Stake=len(found[3]), TotalTricks=level + 6 + made)
    if declarer:
        codes.update(DeclarerDirection=SEATS[declarer.upper()], DeclaringPair=ns if declarer.upper() in "NS" else ew)
    return codes
