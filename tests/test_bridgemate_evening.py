"""An evening on the Bridgemates, through a fake Data Connector on 127.0.0.1 (tests/bridgemate_fake.py), the
official client and its own urllib transport: the event sent, the tables' entries round by round (results,
corrections, erasures, "no play", the lead), and every fault the issue names, with nothing lost in any of them."""

from __future__ import annotations

import csv
import http.server
import json
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import replace
from importlib import resources

import pytest
from bridgemate_dataconnector.dto import ResultDTO

from xlbridge.engine.movements import howell, mitchell
from xlbridge.engine.pairs import Pair
from xlbridge.engine.session import Line, Session
from xlbridge.engine.standings import score_session
from xlbridge.files.bridgemate import (
    Changes,
    Connection,
    ConnectorError,
    EntryKind,
    Section,
    TableEntry,
    accept,
    add_section,
    expected,
    new_event,
    normalise_url,
    poll_changes,
    send_event,
    send_movement,
)
from xlbridge.files.bridgemate.mapping import Event, ResultKey
from xlbridge.files.demo_data import demo_data

from .bridgemate_fake import ACCEPT, ENTRY_UNKNOWN, INITIALIZE, POLL_NEW, FakeDataConnector


@pytest.fixture
def fake() -> Iterator[FakeDataConnector]:
    with FakeDataConnector() as running:
        yield running


def connect(fake: FakeDataConnector, **options: object) -> Connection:
    return Connection(fake.url, "CLUB1", "KEY-1", **options)  # type: ignore[arg-type]


def demo_event() -> tuple[Event, Session]:
    """The built-in demo session (a 9-table Mitchell of 27 boards, two averages, board 19 played eight times) as
    an event of one section."""
    session = demo_data().session
    return new_event(session.event, session.date, [Section(mitchell(9, 3), session.pairs)], session.method), session


def demo_rows() -> dict[tuple[int, int, int], dict[str, str]]:
    """The demo's traveller lines, as the CSV writes them, by (board, NS pair, EW pair)."""
    text = resources.files("xlbridge").joinpath("data", "demo-session.csv").read_text(encoding="utf-8")
    return {(int(r["board"]), int(r["ns"]), int(r["ew"])): r for r in csv.DictReader(text.splitlines())}


def play_round(
    fake: FakeDataConnector, event: Event, number: int, rows: dict[tuple[int, int, int], dict[str, str]]
) -> None:
    """Every table of the round enters its boards as the demo's travellers have them; a board the demo lacks
    was not played there."""
    movement = event.sections[0].movement
    for slot in movement.slots(order="round"):
        if slot.round != number:
            continue
        row = rows.get((slot.board, slot.ns, slot.ew))
        if row is None:
            fake.enter("A", slot.table, slot.round, slot.board, "NP")
        else:
            fake.enter("A", slot.table, slot.round, slot.board, row["contract"], row["declarer"], row["result"],
                       row["lead"], row["adjusted"])  # fmt: skip


def test_a_whole_evening_round_by_round(fake: FakeDataConnector) -> None:
    """The demo evening through the Data Connector: the event is initialised (9 tables of 9 rounds, 36 players
    seated), each round's results arrive as new lines, a correction and an erasure come as such, accepted
    results are not sent again, and at the end every result the movement expects is in: the lines are the
    demo's own, and they rank the pairs exactly as the demo session does."""
    event, session = demo_event()
    connection = connect(fake)
    assert send_event(connection, event) == "Initialized"
    held = fake.session
    assert (held.guid, held.commands) == (event.session_guid, 7)
    assert len(held.rounds["A"]) == 81
    assert len(held.players) == len(held.participations) == 36
    rows = demo_rows()
    known: dict[ResultKey, TableEntry] = {}
    board_4 = ("A", 2, 1, 4)
    erased = next(("A", s.table, s.round, s.board) for s in event.sections[0].movement.slots() if s.round == 7)
    for number in range(1, 10):
        play_round(fake, event, number, rows)
        if number == 4:  # table 2 puts right its round-1 board 4 (3NT= by West)...
            fake.enter("A", 2, 1, 4, "3NT", "W", "+1", "7D")
        changes = poll_changes(connection, event, known)
        assert not changes.refused
        if number == 4:
            assert list(changes.corrected) == [board_4]
            assert changes.corrected[board_4].row.result_text == "+1"
            fake.enter("A", 2, 1, 4, "3NT", "W", "=", "7D")  # ... and back: it was right the first time
        if number == 5:
            assert list(changes.corrected) == [board_4]
            assert changes.corrected[board_4].row.result_text == "="
        if number == 8:
            assert changes.erased == {erased: known[erased]}
            row = known[erased].row
            fake.enter(*erased, row.contract_text, row.declarer_text, row.result_text, row.lead, row.adjusted_text)
        assert len(changes.new) == (28 if number == 9 else 27)
        assert len(changes.corrected) == (1 if number in (4, 5) else 0)
        accept(connection, event, changes)
        known = changes.applied(known)
        if number == 7:
            fake.erase(*erased)  # a table erases a round-7 board after it was accepted, and enters it again later
    assert poll_changes(connection, event, known) == Changes((), (), 0)
    assert sorted(known) == sorted(expected(event))
    not_played = [key for key, entry in known.items() if entry.kind is EntryKind.NOT_PLAYED]
    assert not_played == [("A", 6, 2, 19)]  # NS 6 v EW 5 did not play board 19: the demo has eight results
    received = [entry.row for entry in known.values() if entry.row is not None]
    assert sorted(map(_line_key, received)) == sorted(map(_line_key, session.lines))
    ours = score_session(replace(session, lines=tuple(received)))
    theirs = score_session(session)
    assert [(s.pair, s.total, s.percentage, s.place) for s in ours.ranking] == [
        (s.pair, s.total, s.percentage, s.place) for s in theirs.ranking
    ]


def _line_key(row: object) -> tuple[object, ...]:
    assert isinstance(row, Line)
    return row.board, row.ns, row.ew, row.entered


def test_an_error_answer_is_not_nothing_new(fake: FakeDataConnector) -> None:
    """The client's own poll answers an error with an empty list, as it answers "nothing new"; xlbridge's poll
    raises the error, naming the address and the Data Connector's reason, and loses nothing: the next poll
    brings the results."""
    event, _ = demo_event()
    connection = connect(fake)
    send_event(connection, event)
    fake.enter("A", 1, 1, 1, "5C", "S", "-1", "7H")
    fake.fail[POLL_NEW] = (ENTRY_UNKNOWN, "Unknown session.")
    assert connection.client.poll_for_results(event.session_guid) == []  # the client's habit
    fake.fail[POLL_NEW] = (ENTRY_UNKNOWN, "Unknown session.")
    with pytest.raises(ConnectorError) as raised:
        poll_changes(connection, event, {})
    assert str(raised.value) == (f"the Bridgemate Data Connector at {fake.url} refused PollQueueForNewResults "
                                 "(EntryUnknown): Unknown session.")  # fmt: skip
    assert raised.value.error_type == "EntryUnknown"
    changes = poll_changes(connection, event, {})
    assert list(changes.new) == [("A", 1, 1, 1)]
    accept(connection, event, changes)
    assert poll_changes(connection, event, changes.applied({})) == Changes((), (), 0)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_an_address_that_hangs_up_is_tried_once() -> None:
    """Something at the address that closes every connection unanswered: sending the event gives up after one
    connection (the Connect that finds no Data Connector), not after the client's five tries of each request, and
    says so in one line naming the address (the client's transport let http.client's RemoteDisconnected through,
    which the command line printed bare, without the address)."""
    event, _ = demo_event()
    accepted: list[socket.socket] = []
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(8)
        listener.settimeout(0.05)
        port = listener.getsockname()[1]
        stop = threading.Event()

        def hang_up() -> None:
            while not stop.is_set():
                try:
                    connection, _ = listener.accept()
                except TimeoutError:
                    continue
                accepted.append(connection)
                connection.close()

        thread = threading.Thread(target=hang_up, daemon=True)
        thread.start()
        try:
            with pytest.raises(ConnectorError) as raised:
                send_event(Connection(f"http://127.0.0.1:{port}", "CLUB1", "KEY-1"), event)
        finally:
            stop.set()
            thread.join()
    assert len(accepted) == 1
    message = str(raised.value)  # the reason as the system gives it: the hang-up, or a reset if it came first
    assert message.startswith(f"no Bridgemate Data Connector answers at http://127.0.0.1:{port} (")
    assert message.endswith(
        "): is Bridgemate Control Software 5 running, with its Data Connector on, and the address right?"
    )


def test_bcs_not_running_is_one_line_naming_the_address() -> None:
    """Nobody listening: sending the event says so, naming the address."""
    event, _ = demo_event()
    url = f"http://127.0.0.1:{free_port()}"
    with pytest.raises(ConnectorError) as raised:
        send_event(Connection(url, "CLUB1", "KEY-1"), event)
    message = str(raised.value)
    assert "\n" not in message
    assert message.startswith(f"no Bridgemate Data Connector answers at {url} (")
    assert message.endswith(
        "is Bridgemate Control Software 5 running, with its Data Connector on, and the address right?"
    )


def test_bcs_stopping_during_the_evening(fake: FakeDataConnector) -> None:
    """BCS stops after the event is sent: a poll (which the client tries five times) is an error naming the
    address, not an empty poll."""
    event, _ = demo_event()
    connection = connect(fake)
    send_event(connection, event)
    fake.stop()
    with pytest.raises(ConnectorError, match=f"^no Bridgemate Data Connector answers at {fake.url}"):
        poll_changes(connection, event, {})


def test_a_time_out_then_the_results_all_the_same(fake: FakeDataConnector) -> None:
    """A Data Connector that answers too late: the time-out is the request's, the client's tries again within it
    (it tried five times, each with the whole time-out, before), and xlbridge says how long it waited; once it
    answers again the results are all there (none was accepted)."""
    event, _ = demo_event()
    connection = connect(fake, timeout=0.25)
    send_event(connection, event)
    fake.enter("A", 1, 1, 1, "5C", "S", "-1", "7H")
    fake.delay = 2.0
    before = fake.posts
    started = time.monotonic()
    with pytest.raises(ConnectorError) as raised:
        poll_changes(connection, event, {})
    assert time.monotonic() - started < 1.0
    assert str(raised.value) == (f"the Bridgemate Data Connector at {fake.url} did not answer PollQueueForNewResults "
                                 "within 0.25 s: is BCS busy, or stopped?")  # fmt: skip
    assert raised.value.error_type == "TimeOut"
    assert fake.posts - before == 1  # no time left for a second try
    fake.delay = 0
    assert list(poll_changes(connection, event, {}).new) == [("A", 1, 1, 1)]


@pytest.mark.parametrize(
    ("refuse_as", "message"),
    [
        ("http", "the Bridgemate Data Connector at {url} refused club id 'CLUB1' and its licence key (http 401): "
                 "check the club id and the key"),
        ("answer", "the Bridgemate Data Connector at {url} refused InitializeEvent (Validation): Unknown club id or "
                   "invalid licence key."),
    ],
)  # fmt: skip
def test_a_refused_key(refuse_as: str, message: str) -> None:
    """A wrong licence key, refused as an http status or as an error answer: either way one line, and no event."""
    event, _ = demo_event()
    with FakeDataConnector(licence_key="RIGHT", refuse_as=refuse_as) as fake:
        with pytest.raises(ConnectorError) as raised:
            send_event(connect(fake), event)
        assert str(raised.value) == message.format(url=fake.url)
        assert fake.sessions == {}


def test_busy_is_tried_again(fake: FakeDataConnector) -> None:
    """ "Busy" (the guide: try again) is tried again; a Data Connector busy for longer is an error."""
    event, _ = demo_event()
    connection = connect(fake)
    fake.busy = 2
    assert send_event(connection, event) == "Initialized"
    fake.busy = 10
    with pytest.raises(ConnectorError, match=r"refused PollQueueForNewResults \(Busy\)"):
        poll_changes(connection, event, {})


@pytest.mark.parametrize(
    ("garble", "says"),
    [("<html>It works!</html>", "something that is not JSON (Expecting value: line 1 column 1 (char 0))"),
     ("[]", "something that is not its answer (Empty response)")],
)  # fmt: skip
def test_an_answer_that_is_not_one(fake: FakeDataConnector, garble: str, says: str) -> None:
    """Something at the address answers the requests, but not with a Data Connector's answer: said so."""
    event, _ = demo_event()
    connection = connect(fake)
    fake.garble = garble
    with pytest.raises(ConnectorError) as raised:
        send_event(connection, event)
    assert str(raised.value) == f"the Bridgemate Data Connector at {fake.url} answered InitializeEvent with {says}"


def test_a_result_corrected_twice(fake: FakeDataConnector) -> None:
    """Three entries for one board in one poll are one change, the last entry winning, all three kept; two more
    in the next poll are a correction of what was held."""
    event, _ = demo_event()
    connection = connect(fake)
    send_event(connection, event)
    for result in ("=", "+1", "-1"):
        fake.enter("A", 3, 2, 10, "4S", "N", result, "JS")
    changes = poll_changes(connection, event, {})
    (change,) = changes.changes
    assert change.kind == "new"
    assert [entry.row.result_text for entry in change.entries] == ["=", "+1", "-1"]
    assert change.after.row.result_text == "-1"
    accept(connection, event, changes)
    known = changes.applied({})
    fake.enter("A", 3, 2, 10, "4S", "N", "+2", "JS")
    fake.enter("A", 3, 2, 10, "4S", "S", "+2", "JS")
    again = poll_changes(connection, event, known)
    (change,) = again.changes
    assert (change.kind, change.before, change.after.row.declarer_text) == ("corrected", known[change.key], "S")


def test_an_erasure_and_a_board_not_played(fake: FakeDataConnector) -> None:
    """An erased result is an erasure of what was held (or of what came in the same poll: then nothing changes);
    a board not played is its own entry, which a result may replace."""
    event, _ = demo_event()
    connection = connect(fake)
    send_event(connection, event)
    fake.enter("A", 1, 1, 1, "5C", "S", "-1", "7H")
    fake.enter("A", 1, 1, 2, "NP")
    fake.enter("A", 1, 1, 3, "PASS")
    fake.erase("A", 1, 1, 3)
    first = poll_changes(connection, event, {})
    assert sorted(first.new) == [("A", 1, 1, 1), ("A", 1, 1, 2)]
    assert first.new[("A", 1, 1, 2)].kind is EntryKind.NOT_PLAYED
    accept(connection, event, first)
    known = first.applied({})
    fake.erase("A", 1, 1, 1)
    fake.enter("A", 1, 1, 2, "4H", "N", "+1", "6D")
    second = poll_changes(connection, event, known)
    assert second.erased == {("A", 1, 1, 1): known[("A", 1, 1, 1)]}
    assert second.corrected[("A", 1, 1, 2)].row.contract_text == "4H"
    assert sorted(second.applied(known)) == [("A", 1, 1, 2)]


def test_a_result_for_a_table_the_movement_lacks_or_the_phantoms(fake: FakeDataConnector) -> None:
    """A result for table 5 of a 4-table section, or for the phantom's table, is refused with where it was and
    why, kept as the Data Connector sent it; the other results come in as usual."""
    movement = mitchell(4, 3, pairs=7)
    connection = connect(fake)
    pairs = [Pair(p.number, p.direction, (f"Player {p.number}{p.direction_text}",)) for p in movement.pairs]
    event = send_movement(connection, movement, pairs, "Short", demo_data().session.date)
    assert fake.session.guid == event.session_guid
    assert len(fake.session.players) == 7
    assert fake.session.rounds["A"][(4, 1)]["PairNS"] == 0  # the phantom's table, as BCS holds it
    fake.enter("A", 5, 1, 1, "3NT", "N", "=", anywhere=True)
    fake.enter("A", 4, 1, 10, "3NT", "N", "=", anywhere=True)
    fake.enter("A", 1, 1, 1, "3NT", "N", "=", "SA")
    changes = poll_changes(connection, event, {})
    assert list(changes.new) == [("A", 1, 1, 1)]
    assert [str(refusal) for refusal in changes.refused] == [
        "section A, table 5, round 1, board 1: table 5: section A's movement has tables 1-4",
        "section A, table 4, round 1, board 10: round 1, table 4: pair 4EW sits out there (the phantom's table), "
        "so no board is played",
    ]
    assert changes.refused[0].sent["TableNumber"] == 5
    assert changes.refused[0].sent["Level"] == 3


def test_a_result_the_interface_cannot_have(fake: FakeDataConnector) -> None:
    """A code outside the interface's is refused by name, the result kept as sent."""
    event, _ = demo_event()
    connection = connect(fake)
    send_event(connection, event)
    fake.send_raw({"Level": 3, "Denomination": 9, "DeclarerDirection": 1, "TotalTricks": 9})
    changes = poll_changes(connection, event, {})
    assert changes.changes == ()
    (refusal,) = changes.refused
    assert refusal.where == "section A, table 1, round 1, board 1"
    assert refusal.reason.startswith("Denomination 9: not one of 1 (Clubs)")
    assert ResultDTO.from_dict(refusal.sent).denomination == 9


def test_a_section_added_during_the_session(fake: FakeDataConnector) -> None:
    """A section added from xlbridge (UpdateMovement) is held by BCS and its results come in; one added in BCS
    alone has its results refused, saying so, until xlbridge knows it."""
    event, _ = demo_event()
    connection = connect(fake)
    send_event(connection, event)
    late = howell(3, 2)
    grown = add_section(connection, event, Section(late, letters="B", group=1))
    assert sorted(fake.session.rounds) == ["A", "B"]
    assert [s.letters for s in grown.sections] == ["A", "B"]
    assert len(fake.session.rounds["B"]) == 15
    first = late.round(1)[0]
    fake.enter("B", first.table, 1, first.boards.first, "2S", "E", "=", "D2")
    fake.add_section_in_bcs("C", [{"TableNumber": 1, "RoundNumber": 1, "LowBoardNumber": 1, "HighBoardNumber": 2,
                                   "PairNS": 1, "PairEW": 2}])  # fmt: skip
    fake.enter("C", 1, 1, 1, "1NT", "N", "=")
    changes = poll_changes(connection, grown, {})
    assert list(changes.new) == [("B", first.table, 1, first.boards.first)]
    assert changes.new[("B", first.table, 1, first.boards.first)].row.lead == "2D"
    assert [r.reason for r in changes.refused] == ["section C is not in this event (its sections: A, B); was it "
                                                   "added in BCS?"]  # fmt: skip
    with pytest.raises(ConnectorError, match=r"refused UpdateMovement \(EntryUnknown\)"):
        add_section(connection, replace(event, session_guid="F" * 32), Section(late, letters="D"))


def test_the_event_goes_out_as_the_client_writes_it(fake: FakeDataConnector) -> None:
    """What the Data Connector receives is the InitDTO as the client serialises it, in the envelope the guide
    describes: no session guid on InitializeEvent, the club id and key on every request; accepting names the
    last result polled."""
    event, _ = demo_event()
    connection = connect(fake)
    send_event(connection, event)
    assert fake.gets == 1  # the check that a Data Connector answers
    assert fake.requests == [(INITIALIZE, "")]
    fake.enter("A", 1, 1, 1, "5C", "S", "-1", "7H")
    fake.enter("A", 1, 1, 2, "4H", "N", "+1", "6D")
    changes = poll_changes(connection, event, {})
    accept(connection, event, changes)
    assert fake.requests[-1] == (ACCEPT, event.session_guid)
    assert fake.session.accepted == changes.last_queue_item_id == fake.session.queue[-1][0]
    assert list(fake.unaccepted()) == []


def test_something_else_at_the_address() -> None:
    """A web server that is not a Data Connector is named as such."""

    class Other(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200)
            self.send_header("Content-Length", "5")
            self.end_headers()
            self.wfile.write(b"hello")

        def log_message(self, format: str, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Other)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}"
        with pytest.raises(ConnectorError, match=f"^{url} answers, but not as a Bridgemate Data Connector"):
            Connection(url).check()
    finally:
        server.shutdown()
        server.server_close()


@pytest.mark.parametrize(
    ("typed", "url"),
    [("192.168.1.50", "http://192.168.1.50:5079"), ("bcs-pc:6000", "http://bcs-pc:6000"),
     ("http://bcs-pc", "http://bcs-pc:5079"), ("HTTPS://dc.example.org:443/", "HTTPS://dc.example.org:443"),
     (" http://127.0.0.1:5079/ ", "http://127.0.0.1:5079")],
)  # fmt: skip
def test_the_address_as_a_club_types_it(typed: str, url: str) -> None:
    assert normalise_url(typed) == url


@pytest.mark.parametrize(
    "typed", ["", "ftp://bcs-pc", "bcs pc", "http://", "bcs[1", "bcs-pc:99999", "bcs-pc:0", "\x1b[31m", "bcs-pc/\x07"]
)
def test_an_address_that_is_none(typed: str) -> None:
    """Not an address (a host name with a bracket was a bare ValueError from urllib's parsing, a port past 65535
    another; control characters would reach the terminal in every message naming the address)."""
    with pytest.raises(ValueError, match="expected the Data Connector's address"):
        normalise_url(typed)


def test_the_polled_results_are_kept_as_sent(fake: FakeDataConnector) -> None:
    """A refusal keeps the result as the wire had it: every field, the JSON round trip exact."""
    event, _ = demo_event()
    connection = connect(fake)
    send_event(connection, event)
    fake.enter("A", 9, 1, 1, "3NT", "N", "+1", "2D", anywhere=True)  # table 9 plays boards 25-27 in round 1
    (refusal,) = poll_changes(connection, event, {}).refused
    sent = dict(fake.session.queue[-1][1])
    assert json.dumps(refusal.sent, sort_keys=True) == json.dumps(sent, sort_keys=True)
    assert refusal.reason == "board 1 is not played at table 9 in round 1 (25-27)"
