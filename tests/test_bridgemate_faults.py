"""``xlbridge bridgemate receive`` (and ``send``) against a Data Connector that misbehaves or is hostile, run as a
user runs them (a subprocess), against the fake on 127.0.0.1 (tests/bridgemate_fake.py): an answer dripped a byte
at a time, one that never ends, one not in UTF-8 or compressed, JSON nested a hundred thousand deep or with a number of
5,000 digits, fields of another kind than the guide's, a result of another session, terminal escapes in what the
server says, and a damaged link file. Each is one line on stderr and exit 2 (a result that cannot be taken is
refused by name and kept in the event's file, the others taken), never a traceback, never a wait past --timeout;
the workbook is as it was, and nothing is accepted that is not in it."""

from __future__ import annotations

import gzip
import json
import os
import shutil
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from xlbridge.cli import bridgemate as command
from xlbridge.cli import main
from xlbridge.engine.errors import XlbridgeError
from xlbridge.files.bridgemate import ConnectorError, connector

from .bridgemate_fake import ERROR, INITIALIZE, OK, POLL_NEW, RESULTS, VALIDATION, FakeDataConnector
from .safety import Ran, Untouched, xlbridge

KEY = ("--key", "KEY-1")
#: A contract the fake's tables could send, as its codes: 3NT by North, nine tricks.
THREE_NT = {"Level": 3, "Denomination": 5, "DeclarerDirection": 1, "TotalTricks": 9}


@pytest.fixture(scope="module")
def blank(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A club's workbook before play, as ``xlbridge movement -o`` writes it: a 3-table Mitchell of 6 boards."""
    path = tmp_path_factory.mktemp("blank") / "tuesday.xlsx"
    made = xlbridge("movement", "mitchell", "--tables", "3", "--boards-per-round", "2", "-o", path, "--event",
                    "Tuesday", "--date", "2026-11-24")  # fmt: skip
    assert made.status == 0, made.err
    return path


@pytest.fixture
def fake() -> Iterator[FakeDataConnector]:
    with FakeDataConnector() as running:
        yield running


def send(path: Path, fake: FakeDataConnector, *options: str) -> None:
    """``xlbridge bridgemate send`` (in this process: it only sets the scene)."""
    assert main(["bridgemate", "send", str(path), "--url", fake.url, "--club-id", "CLUB1", *KEY, *options]) == 0


@pytest.fixture
def workbook(blank: Path, fake: FakeDataConnector, tmp_path: Path) -> Path:
    """The workbook, its event sent to the fake (the link file beside it)."""
    path = tmp_path / blank.name
    shutil.copy(blank, path)
    send(path, fake)
    return path


def receive(path: Path, *options: str) -> Ran:
    return xlbridge("bridgemate", "receive", path, *KEY, *options, timeout=60)


def answer(guid: str, data: str, last: object = 1) -> str:
    """A poll's answer (the guide's envelope) with ``data`` as its SerializedData."""
    return json.dumps({"RequestCommand": POLL_NEW, "DataType": RESULTS, "LastQueueItemId": last, "ErrorType": 0,
                       "SessionGuid": guid, "SerializedData": data})  # fmt: skip


def test_an_answer_dripped_a_byte_at_a_time_ends_at_the_time_out(fake: FakeDataConnector, workbook: Path) -> None:
    """A server that answers a byte every 0.2 s, each in time for a read (the socket's time-out bounds each wait,
    not their sum: the whole answer, tried five times, took minutes): receive gives up at --timeout, saying so in
    one line; the workbook is as it was, and the tables' result still waits in the Data Connector."""
    fake.enter("A", 1, 1, 1, "3NT", "N", "=")
    untouched = Untouched(workbook)
    fake.drip = 0.2
    started = time.monotonic()
    done = receive(workbook, "--timeout", "1")
    elapsed = time.monotonic() - started
    assert done.refused == (f"xlbridge bridgemate: the Bridgemate Data Connector at {fake.url} did not answer "
                            "PollQueueForNewResults within 1 s: is BCS busy, or stopped?")  # fmt: skip
    assert elapsed < 10  # a second for the request, the rest Python starting
    untouched.check()
    assert len(list(fake.unaccepted())) == 1


def test_an_answer_that_never_ends_is_not_read_whole(fake: FakeDataConnector, workbook: Path) -> None:
    """An answer of 300 MiB (of no declared length): reading stops past 16 MiB, and it is refused."""
    fake.flood = 300 * 2**20
    untouched = Untouched(workbook)
    done = receive(workbook)
    assert done.refused == (
        f"xlbridge bridgemate: the Bridgemate Data Connector at {fake.url} answered "
        "PollQueueForNewResults with an answer longer than 16 MiB, which xlbridge does not read"
    )
    assert fake.flooded < 64 * 2**20  # what was read, and what the sockets' buffers took
    untouched.check()


@pytest.mark.parametrize(
    ("body", "says"),
    [
        (lambda guid: answer(guid, "[]").encode("utf-8").replace(b"[]", b"[\xff]"),
         "an answer that is not UTF-8 text (byte 0xff at offset 148)"),
        (lambda guid: "[" * 100_000, "JSON nested deeper than xlbridge reads"),
        (lambda guid: answer(guid, "[]", last=0).replace('"LastQueueItemId": 0', '"LastQueueItemId": ' + "9" * 5000),
         "JSON xlbridge does not read (Exceeds the limit (4300 digits) for integer string conversion: value has 5000 "
         "digits)"),
        (lambda guid: json.dumps({"RequestCommand": POLL_NEW, "DataType": RESULTS, "LastQueueItemId": 1,
                                  "SessionGuid": guid, "SerializedData": [{"Level": 3}]}),
         "SerializedData [{'Level': 3}], not text"),
        (lambda guid: answer(guid, "[]", last="7"), "LastQueueItemId '7', not a whole number"),
        (lambda guid: answer(guid, "[" * 100_000),
         f"results that are not a list of ResultDTOs: '{'[' * 27}...{'[' * 28}'"),
        (lambda guid: answer(guid, '[{"Level": ' + "9" * 5000 + "}]"),
         f"results that are not a list of ResultDTOs: '[{{\"Level\": {'9' * 16}...{'9' * 26}}}]'"),
        (lambda guid: answer(guid, '[{"Level": [[[3]]]}]'),
         "results that are not a list of ResultDTOs: '[{\"Level\": [[[3]]]}]'"),
    ],
    ids=["not-utf-8", "nested", "5000-digits", "data-a-list", "id-a-string", "nested-inside", "5000-digits-inside",
         "a-field-nested"],
)  # fmt: skip
def test_an_answer_that_is_not_one_is_a_line(
    fake: FakeDataConnector, workbook: Path, body: Callable[[str], str | bytes], says: str
) -> None:
    """An answer that cannot be read, or is not shaped as the guide's: one line naming the address, the request
    and what is wrong with the answer (no traceback); the workbook is as it was, nothing is accepted."""
    fake.enter("A", 1, 1, 1, "3NT", "N", "=")
    text = body(fake.session.guid)
    fake.raw[POLL_NEW] = text if isinstance(text, bytes) else text.encode("utf-8")
    untouched = Untouched(workbook)
    done = receive(workbook)
    assert done.refused == (f"xlbridge bridgemate: the Bridgemate Data Connector at {fake.url} answered "
                            f"PollQueueForNewResults with {says}")  # fmt: skip
    untouched.check()
    assert len(list(fake.unaccepted())) == 1


def test_a_compressed_answer_is_a_line(fake: FakeDataConnector, workbook: Path) -> None:
    """An answer in gzip (which xlbridge does not ask for: it asks for none) is refused, not unpacked."""
    fake.raw[POLL_NEW] = gzip.compress(answer(fake.session.guid, "[]").encode("utf-8"))
    fake.encoding = "gzip"
    done = receive(workbook)
    assert done.refused == (
        f"xlbridge bridgemate: the Bridgemate Data Connector at {fake.url} answered "
        "PollQueueForNewResults with an answer in 'gzip' encoding, which xlbridge does not ask for"
    )


@pytest.mark.parametrize(
    ("fields", "where", "why"),
    [
        ({**THREE_NT, "Level": "3"}, "section A, table 1, round 1, board 1", "Level '3': a whole number"),
        ({**THREE_NT, "TableNumber": "1"}, "section A, table '1', round 1, board 1", "TableNumber '1': a whole number"),
        ({**THREE_NT, "Level": True, "Denomination": 4}, "section A, table 1, round 1, board 1",
         "Level True: a whole number"),
        ({**THREE_NT, "Level": 3.0}, "section A, table 1, round 1, board 1", "Level 3.0: a whole number"),
        ({**THREE_NT, "BoardNumber": 10**100}, f"section A, table 1, round 1, board 1{'0' * 17}...{'0' * 19}",
         f"BoardNumber 1{'0' * 17}...{'0' * 19}: a whole number"),
        ({"IsDeleted": "false", **THREE_NT}, "section A, table 1, round 1, board 1",
         "IsDeleted 'false': true or false"),
        ({**THREE_NT, "SessionGuid": "0123456789ABCDEF0123456789ABCDEF"}, "section A, table 1, round 1, board 1",
         "SessionGuid '0123456789ABCDEF0123456789ABCDEF': a result of another session than this event's ({guid})"),
        ({**THREE_NT, "SectionLetters": "\x1b]0;pwned\x07\x1b[2J"}, r"section '\x1b]0;pwned\x07\x1b[2J', table 1, "
         "round 1, board 1", r"SectionLetters '\x1b]0;pwned\x07\x1b[2J': A-Z, AA-ZZ or AAA-ZZZ"),
    ],
    ids=["level-text", "table-text", "level-true", "level-float", "board-huge", "erased-text", "another-session",
         "escapes"],
)  # fmt: skip
def test_a_result_of_another_kind_is_refused_by_name(
    fake: FakeDataConnector, workbook: Path, fields: dict[str, object], where: str, why: str
) -> None:
    """A result whose fields are not of the guide's kinds (``"3"``, ``true``, ``"false"``: the client's DTO takes
    them as they come, and "false" was an erasure, true a contract "TrueS"), or of another session than the
    event's: refused by name and kept, as sent, in the event's file, while the evening's other results are taken
    in (the result sent before it for the same board is not erased); exit 2, and nothing from the server reaches
    the terminal as is."""
    fake.enter("A", 1, 1, 1, "4S", "S", "=")
    fake.send_raw(fields)
    fake.enter("A", 2, 1, 3, "2H", "E", "+1")
    done = receive(workbook)
    assert done.status == 2, done.err
    line = f"xlbridge bridgemate receive: {where}: {why.format(guid=fake.session.guid)}: not taken (kept in the " \
           "event's file)"  # fmt: skip
    assert done.err == line + "\n"
    assert done.out == f"2 new -> {workbook} (computed): 2 of 18 results in\n"
    assert "\x1b" not in done.err + done.out
    kept = json.loads(workbook.with_name("tuesday.bridgemate.json").read_text(encoding="utf-8"))["refused"]
    assert [{name: refused[name] for name in fields} for refused in kept] == [fields]
    assert not list(fake.unaccepted())


def test_the_servers_words_are_escaped(fake: FakeDataConnector, blank: Path, tmp_path: Path) -> None:
    """Terminal escapes in what the Data Connector says (its answer to InitializeEvent, its reason for a refusal)
    are shown escaped: a title set, a screen cleared, text turned red never reach the terminal."""
    path = tmp_path / blank.name
    shutil.copy(blank, path)
    words = json.dumps("Initialized\x1b]0;pwned\x07\x1b[2J")
    fake.raw[INITIALIZE] = json.dumps({"RequestCommand": INITIALIZE, "DataType": OK, "SerializedData": words}).encode()
    done = xlbridge("bridgemate", "send", path, "--url", fake.url, "--club-id", "CLUB1", *KEY)
    assert done.status == 0, done.err
    assert r"BCS answered 'Initialized\x1b]0;pwned\x07\x1b[2J'" in done.out
    del fake.raw[INITIALIZE]
    send(path, fake, "--force")
    refusal = json.dumps("Unknown \x1b[31msession\x1b[0m\r\nTry \x9b2J again")
    fake.raw[POLL_NEW] = json.dumps({"RequestCommand": POLL_NEW, "DataType": ERROR, "ErrorType": VALIDATION,
                                     "SerializedData": refusal}).encode()  # fmt: skip
    done = receive(path)
    assert done.refused == (
        f"xlbridge bridgemate: the Bridgemate Data Connector at {fake.url} refused "
        r"PollQueueForNewResults (Validation): Unknown \x1b[31msession\x1b[0m Try \x9b2J again"
    )


@pytest.mark.parametrize("kind", ["a named pipe (FIFO)", "far more than"])
def test_a_link_file_that_is_no_file_is_a_line(workbook: Path, kind: str) -> None:
    """The event's file beside the workbook replaced by a named pipe (whose reader would wait forever) or by a
    file of gigabytes: one line naming it, nothing read."""
    link = workbook.with_name("tuesday.bridgemate.json")
    link.unlink()
    if kind.startswith("a named pipe"):
        if not hasattr(os, "mkfifo"):
            pytest.skip("no named pipes here")
        os.mkfifo(link)
    else:
        with link.open("wb") as file:
            file.truncate(3 * 1024**3)
    message = receive(workbook).refused
    assert message.startswith(f"xlbridge bridgemate: {link}: "), message
    assert kind in message


def edited(text: bytes, **fields: object) -> bytes:
    """The link file's JSON with ``fields`` replaced."""
    return json.dumps({**json.loads(text), **fields}).encode("utf-8")


@pytest.mark.parametrize(
    ("damage", "says"),
    [
        (lambda text: b"[" * 100_000, "maximum recursion depth exceeded"),
        (lambda text: b"\xff\xfe" + text, "'utf-8' codec can't decode byte 0xff in position 0"),
        (lambda text: edited(text, url=5), "a field of another kind than send writes"),
        (lambda text: edited(text, session_guid=["F" * 32]), "a field of another kind than send writes"),
        (lambda text: edited(text, refused="x"), "a field of another kind than send writes"),
        (lambda text: edited(text, movement=[[1, 1]]), "not enough values to unpack (expected 5, got 2)"),
        (lambda text: text[: len(text) // 2], "Expecting"),
    ],
    ids=["nested", "not-utf-8", "url-a-number", "guid-a-list", "refused-text", "row-short", "cut-short"],
)
def test_a_damaged_link_file_is_a_line(workbook: Path, damage: Callable[[bytes], bytes], says: str) -> None:
    """The event's file beside the workbook, damaged: one line naming it and saying to send the event again."""
    link = workbook.with_name("tuesday.bridgemate.json")
    link.write_bytes(damage(link.read_bytes()))
    message = receive(workbook).refused
    assert message.startswith(f"xlbridge bridgemate: {link}: not the event xlbridge bridgemate send wrote (")
    assert says in message
    assert message.endswith("); send the event again")


def test_a_failed_connection_is_its_own_kind() -> None:
    """The connection's failures are an error of their own (exit 2, one line), not bad input: not a ValueError."""
    assert issubclass(ConnectorError, XlbridgeError)
    assert not issubclass(ConnectorError, ValueError)


def test_the_timeouts_default_is_the_connections() -> None:
    """--timeout's default (the parser is made without the extra) is the connection's own."""
    assert command.TIMEOUT == connector.TIMEOUT
