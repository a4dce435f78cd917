"""``xlbridge bridgemate send`` and ``receive`` run as a user runs them (a subprocess), against the fake Data
Connector on 127.0.0.1 (tests/bridgemate_fake.py) through the official client: the demo workbook sent, a whole
evening received round by round into the workbook (corrections, an erasure, a board not played, a bad result),
ranked as the same results imported from a CSV; BCS not running, a refused key, Ctrl-C in the middle of a poll."""

from __future__ import annotations

import csv
import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from importlib import resources
from pathlib import Path

import pytest

from xlbridge.engine.install import install_command
from xlbridge.engine.movements import Movement, mitchell
from xlbridge.engine.session import Line
from xlbridge.files.demo_data import demo_data
from xlbridge.files.workbook.session_book import read_session_book

from .bridgemate_fake import FakeDataConnector

ENV = {**os.environ, "XLBRIDGE_BRIDGEMATE_KEY": "KEY-1"}
MOVEMENT = mitchell(9, 3)
EVENT, DATE = "Tuesday Evening Pairs (demo)", "2026-11-24"


@pytest.fixture
def fake() -> Iterator[FakeDataConnector]:
    with FakeDataConnector() as running:
        yield running


def xlbridge(*args: str, env: dict[str, str] = ENV) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "xlbridge", *args], capture_output=True, text=True, env=env,
                          timeout=300)  # fmt: skip


def demo_rows() -> list[dict[str, str]]:
    text = resources.files("xlbridge").joinpath("data", "demo-session.csv").read_text(encoding="utf-8")
    return list(csv.DictReader(text.splitlines()))


def names_csv(folder: Path) -> Path:
    """The demo's pairs as a club lists them for the evening (pair,direction,player1,player2)."""
    names = folder / "names.csv"
    listed = [f"{p.number},{p.direction_text},{p.players[0]},{p.players[1]}\n" for p in demo_data().session.pairs]
    names.write_text("pair,direction,player1,player2\n" + "".join(listed), encoding="utf-8")
    return names


def before_the_evening(folder: Path) -> Path:
    """A club's workbook before play, as ``xlbridge movement -o`` writes it: the demo's pairs named, the movement
    on its Movement sheet, each result's row waiting on Results in the travellers' order."""
    path = folder / "tuesday.xlsx"
    done = xlbridge("movement", "mitchell", "--tables", "9", "--boards-per-round", "3", "-o", str(path), "--names",
                    str(names_csv(folder)), "--event", EVENT, "--date", DATE)  # fmt: skip
    assert done.returncode == 0, done.stderr
    return path


def imported_from_csv(folder: Path, rows: list[dict[str, str]]) -> Path:
    """The same results typed into a CSV and imported with the movement file and the names."""
    table = folder / "same.csv"
    with table.open("w", newline="", encoding="utf-8") as out:
        writer = csv.DictWriter(out, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    plan = folder / "movement.csv"
    done = xlbridge("movement", "mitchell", "--tables", "9", "--boards-per-round", "3", "--csv", str(plan))
    assert done.returncode == 0, done.stderr
    imported = folder / "imported.xlsx"
    done = xlbridge("import", str(table), "--movement-file", str(plan), "--names", str(names_csv(folder)), "-o",
                    str(imported), "--event", EVENT, "--date", DATE)  # fmt: skip
    assert done.returncode == 0, done.stderr
    return imported


def entered(path: Path) -> list[tuple[object, ...]]:
    """The Results rows as the secretary sees them: board, pairs and what is entered, in the sheet's order."""
    return [(row.board, row.ns, row.ew, *row.entered) for row in read_session_book(path, current=False).session.lines]


def play(fake: FakeDataConnector, movement: Movement, rounds: range, rows: list[dict[str, str]]) -> None:
    """The tables of ``rounds`` enter their boards as the demo's travellers have them; the one board the demo
    lacks (NS 6 v EW 5 on board 19) is given an average."""
    by_line = {(int(r["board"]), int(r["ns"]), int(r["ew"])): r for r in rows}
    for slot in movement.slots(order="round"):
        if slot.round in rounds:
            row = by_line.get((slot.board, slot.ns, slot.ew))
            if row is None:
                fake.enter("A", slot.table, slot.round, slot.board, adjusted="A")
            else:
                fake.enter("A", slot.table, slot.round, slot.board, row["contract"], row["declarer"], row["result"],
                           row["lead"], row["adjusted"])  # fmt: skip


def send(path: Path, fake: FakeDataConnector, *options: str) -> subprocess.CompletedProcess[str]:
    return xlbridge("bridgemate", "send", str(path), "--url", fake.url, "--club-id", "CLUB1", *options)


def as_placed(table: str) -> list[list[str]]:
    """A ranking's CSV rows without their totals: each pair's place, players, boards and percentage."""
    rows = list(csv.reader(table.splitlines()))
    score = rows[0].index("score")
    return [row[:score] + row[score + 1 :] for row in rows]


def ranking(path: Path) -> str:
    done = xlbridge("ranking", str(path), "--csv")
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.slow  # sends the 9-table demo: a quarter of a minute; CI runs it (-m slow)
def test_send_the_demo_workbook(fake: FakeDataConnector, tmp_path: Path) -> None:
    """The demo's workbook (no Movement sheet: its movement is the Mitchell its Results rows are played to) goes
    to BCS with its 9 tables of 9 rounds, every pair's names at their round-1 seats, the settings asked for and
    the hand records of a PBN file; the event is kept beside the workbook."""
    assert xlbridge("demo", "--out", str(tmp_path)).returncode == 0
    workbook = tmp_path / "pairs-session.xlsx"
    hands = tmp_path / "hands.pbn"
    assert xlbridge("deal", "--boards", "27", "--seed", "7", "-o", str(hands)).returncode == 0
    done = send(workbook, fake, "--lead-card", "--ranking", "end", "--results", "all", "--hands", str(hands))
    assert done.returncode == 0, done.stderr
    assert "9 tables, 9 rounds of 3 boards" in done.stdout
    assert "27 hand records" in done.stdout
    held = fake.session
    assert held.name == "Tuesday Evening Pairs (demo)"
    assert sorted(held.rounds["A"]) == [(table, number) for table in range(1, 10) for number in range(1, 10)]
    assert (held.rounds["A"][(2, 1)]["PairNS"], held.rounds["A"][(2, 1)]["PairEW"]) == (2, 2)
    names = {f"{p['FirstName']} {p['LastName']}" for p in held.players}
    assert names == {player for pair in demo_data().session.pairs for player in pair.players}
    assert len(held.participations) == 36
    settings = held.init["Bridgemate3Settings"][0]
    assert (settings["BM3LeadCardEntry"], settings["BM3Ranking"], settings["BM3ViewResults"]) == (1, 2, 2)
    assert held.init["Bridgemate2Settings"][0]["LeadCard"] is True
    assert [record["BoardNumber"] for record in held.init["Handrecords"]] == list(range(1, 28))
    link = json.loads((tmp_path / "pairs-session.bridgemate.json").read_text(encoding="utf-8"))
    assert link["session_guid"] == held.guid
    assert len(link["movement"]) == 81
    again = send(workbook, fake)  # sent already: sending again resets the Bridgemates, so it needs --force
    assert again.returncode == 2
    assert "pairs-session.bridgemate.json: already exists" in again.stderr


def test_a_whole_evening_ranks_as_the_csv_does(fake: FakeDataConnector, tmp_path: Path) -> None:
    """The evening at the tables, from the workbook ``movement -o`` writes (sent with its movement and names): three
    rounds received (a correction among them), a table erasing a result and entering it again, a contract without
    its declarer named by table, round and board; then --follow until the last round is in. The Results rows and
    the ranking are those of the same results imported from a CSV with the movement file and the names."""
    workbook = before_the_evening(tmp_path)
    sent = send(workbook, fake)
    assert sent.returncode == 0, sent.stderr
    assert "Tuesday Evening Pairs (demo) (2026-11-24), section A: " in sent.stdout
    assert "9 tables, 9 rounds of 3 boards (boards 1-27); 18 pairs named" in sent.stdout
    names = {f"{p['FirstName']} {p['LastName']}" for p in fake.session.players}
    assert names == {player for pair in demo_data().session.pairs for player in pair.players}
    rows = demo_rows()
    play(fake, MOVEMENT, range(1, 4), rows)
    fake.enter("A", 2, 1, 4, "3NT", "W", "+1", "7D")  # table 2 corrects board 4
    done = xlbridge("bridgemate", "receive", str(workbook))
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == f"81 new -> {workbook} (computed): 81 of 243 results in"
    assert (tmp_path / "tuesday-before-receive.xlsx").exists()
    line = next(row for row in read_session_book(workbook).session.lines if (row.board, row.ns) == (4, 2))
    assert isinstance(line, Line)
    assert line.result_text == "+1"
    fake.enter("A", 2, 1, 4, "3NT", "W", "=", "7D")  # ... and back: it was right the first time
    fake.erase("A", 1, 1, 1)
    fake.enter("A", 1, 4, 10, "3NT", "", "=")  # round 4, table 1: no declarer
    done = xlbridge("bridgemate", "receive", str(workbook))
    assert done.returncode == 2
    assert "1 new, 1 corrected, 1 erased" in done.stdout
    assert "section A, table 1, round 4, board 10: declarer missing" in done.stderr
    lines = read_session_book(workbook).session.lines
    assert not any((row.board, row.ns, row.ew) == (1, 1, 1) and row.entered[0] for row in lines)
    by_line = {(int(r["board"]), int(r["ns"]), int(r["ew"])): r for r in rows}
    first = by_line[(1, 1, 1)]
    fake.enter("A", 1, 1, 1, first["contract"], first["declarer"], first["result"], first["lead"])
    play(fake, MOVEMENT, range(4, 9), rows)  # round 4 again: table 1's board 10 put right
    last = threading.Timer(1.5, play, (fake, MOVEMENT, range(9, 10), rows))
    last.start()
    done = xlbridge("bridgemate", "receive", str(workbook), "--follow", "--every", "0.5")
    last.join()
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1].endswith("243 of 243 results in")
    assert not list(fake.unaccepted())
    average = {**dict.fromkeys(rows[0], ""), "board": "19", "ns": "6", "ew": "5", "adjusted": "A"}
    imported = imported_from_csv(tmp_path, [*rows, average])
    assert entered(workbook) == entered(imported)  # each result in its slot's row, as import lays them out
    assert ranking(workbook) == ranking(imported)
    site = tmp_path / "site"
    assert xlbridge("publish", str(workbook), "-o", str(site)).returncode == 0
    assert (site / "index.html").exists()


@pytest.mark.slow  # a second whole evening received: a quarter of a minute; CI runs it (-m slow)
def test_a_board_not_played(fake: FakeDataConnector, tmp_path: Path) -> None:
    """A board the table says was not played becomes NP in its slot's row, as a secretary types it; it is said on
    stderr by table, round and board, and is no result the evening waits for: receive counts the results in as the
    ranking does, --follow ends without it, and the final ranking is the one the file lacking those lines gives. A
    result sent for it later is a correction."""
    workbook = before_the_evening(tmp_path)
    assert send(workbook, fake).returncode == 0
    demo = demo_rows()
    rows = [row for row in demo if (row["board"], row["ns"]) != ("2", "1")]
    play(fake, MOVEMENT, range(1, 3), rows)
    for item in fake.session.queue:  # the average for board 19 becomes "not played", as is board 2 at table 1
        dto = item[1]
        if (dto["BoardNumber"], dto["TableNumber"]) in ((19, 6), (2, 1)):
            dto.update(Level=-10)
    done = xlbridge("bridgemate", "receive", str(workbook))
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1].endswith(": 52 of 241 results in")
    assert "provisional: 52 of the 241 results the movement expects are in" in xlbridge("ranking", str(workbook)).stdout
    play(fake, MOVEMENT, range(3, 10), rows)
    done = xlbridge("bridgemate", "receive", str(workbook), "--follow", "--every", "0.2")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1].endswith("241 of 241 results in")  # as the ranking counts them
    assert "section A, table 1, round 1, board 2: not played (NP on Results" in done.stderr
    assert "section A, table 6, round 2, board 19: not played (NP on Results" in done.stderr
    mine = entered(workbook)
    assert len(mine) == 243
    assert (2, 1, 1, "", "", "", "", "NP") in mine
    assert (19, 6, 5, "", "", "", "", "NP") in mine
    assert "provisional" not in xlbridge("ranking", str(workbook)).stdout
    imported = imported_from_csv(tmp_path, rows)  # the file has neither line (a results file has no NP)
    theirs = entered(imported)
    assert [row for row in mine if row[7] != "NP"] == [row for row in theirs if row[:3] not in {(2, 1, 1), (19, 6, 5)}]
    # The same places and percentages; the totals of the pairs of those two tables differ as the rule says: a
    # board not played (NP) is factored up, a result the movement expects that is not in the file is not owed
    # (the file's ranking is provisional, as played so far).
    assert as_placed(ranking(workbook)) == as_placed(ranking(imported))
    assert "provisional" in xlbridge("ranking", str(imported)).stdout
    played = next(row for row in demo if (row["board"], row["ns"]) == ("2", "1"))
    fake.enter("A", 1, 1, 2, played["contract"], played["declarer"], played["result"], played["lead"])
    done = xlbridge("bridgemate", "receive", str(workbook))
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("1 corrected")
    line = next(row for row in read_session_book(workbook).session.lines if (row.board, row.ns, row.ew) == (2, 1, 1))
    assert isinstance(line, Line)
    assert line.contract_text == played["contract"]


def test_bcs_not_running(tmp_path: Path) -> None:
    """Nobody at the address: one line naming it, exit 2, and nothing written beside the workbook."""
    workbook = before_the_evening(tmp_path)
    done = xlbridge("bridgemate", "send", str(workbook), "--url", "127.0.0.1:9", "--club-id", "CLUB1")
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1
    assert "no Bridgemate Data Connector answers at http://127.0.0.1:9" in done.stderr
    assert sorted(path.name for path in tmp_path.iterdir()) == ["names.csv", "tuesday.xlsx"]


def test_a_refused_key(fake: FakeDataConnector, tmp_path: Path) -> None:
    """A wrong licence key, at send and at receive: one line saying so, exit 2, the workbook as it was."""
    workbook = before_the_evening(tmp_path)
    done = send(workbook, fake, "--key", "WRONG")
    assert done.returncode == 2
    assert "refused club id 'CLUB1' and its licence key" in done.stderr
    assert send(workbook, fake).returncode == 0
    before = workbook.read_bytes()
    done = xlbridge("bridgemate", "receive", str(workbook), "--key", "WRONG")
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1
    assert "licence key" in done.stderr
    assert workbook.read_bytes() == before


def test_receive_before_send(tmp_path: Path) -> None:
    """A workbook no event was sent from: said, with what to do."""
    workbook = before_the_evening(tmp_path)
    done = xlbridge("bridgemate", "receive", str(workbook), "--url", "127.0.0.1:9")
    assert done.returncode == 2
    assert "no event was sent from it" in done.stderr


@pytest.mark.slow  # a poll held and interrupted: a quarter of a minute; CI runs it (-m slow)
def test_an_interruption_mid_poll_leaves_the_workbook(fake: FakeDataConnector, tmp_path: Path) -> None:
    """Ctrl-C while a poll waits for its answer: exit 130, the workbook byte for byte as it was, nothing left
    beside it; the results are not lost: the next receive brings them."""
    workbook = before_the_evening(tmp_path)
    assert send(workbook, fake).returncode == 0
    play(fake, MOVEMENT, range(1, 2), demo_rows())
    before = workbook.read_bytes()
    files = sorted(path.name for path in tmp_path.iterdir())
    fake.delay = 30.0
    posts = fake.posts
    running = subprocess.Popen([sys.executable, "-m", "xlbridge", "bridgemate", "receive", str(workbook), "--follow"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ENV)  # fmt: skip
    deadline = time.monotonic() + 60
    while fake.posts < posts + 1 and time.monotonic() < deadline:  # its poll waiting for the answer
        time.sleep(0.05)
    running.send_signal(signal.SIGINT)
    _, err = running.communicate(timeout=60)
    assert running.returncode == 130, err
    assert "interrupted" in err
    assert err.count("\n") == 1
    assert workbook.read_bytes() == before
    assert sorted(path.name for path in tmp_path.iterdir()) == files
    fake.delay = 0.0
    done = xlbridge("bridgemate", "receive", str(workbook))
    assert done.returncode == 0
    assert "27 new" in done.stdout


def test_without_the_extra(tmp_path: Path) -> None:
    """Without bridgemate-dataconnector-client: one line saying what to install, exit 2."""
    code = ("import sys; sys.modules['bridgemate_dataconnector'] = None; from xlbridge.cli import main; "
            "sys.exit(main(sys.argv[1:]))")  # fmt: skip
    for verb in ("send", "receive"):
        done = subprocess.run([sys.executable, "-c", code, "bridgemate", verb, str(tmp_path / "x.xlsx"), "--url", "x"],
                              capture_output=True, text=True)  # fmt: skip
        assert (done.returncode, done.stderr) == (2, "xlbridge bridgemate: needs the bridgemate extra: "
                                                     f"{install_command('bridgemate')}\n")  # fmt: skip


def test_the_settings_words_are_the_settings() -> None:
    """--results and --ranking offer exactly the settings the event is sent with."""
    from xlbridge.cli import bridgemate as command
    from xlbridge.files.bridgemate import book

    assert tuple(book.RESULTS_SHOWN) == command.RESULTS_SHOWN
    assert tuple(book.RANKING_SHOWN) == command.RANKING_SHOWN


def test_a_workbook_of_two_sections_is_refused_saying_so(fake: FakeDataConnector, tmp_path: Path) -> None:
    """A workbook of two sections is not sent as one (its lines would be one section's movement, wrongly): refused
    in one line, exit 2, nothing sent and no link file."""
    from .test_sections import two_sections_csv

    workbook = tmp_path / "two.xlsx"
    assert xlbridge("import", str(two_sections_csv(tmp_path)), "-o", str(workbook)).returncode == 0
    sent = send(workbook, fake)
    assert sent.returncode == 2, sent.stderr
    assert sent.stderr.splitlines() == [
        f"xlbridge bridgemate: {workbook}: the workbook has 2 sections (A, B): xlbridge sends one section to the "
        "Bridgemates; keep a workbook for each section on the night, or type the results"
    ]
    assert not list(tmp_path.glob("*.json"))
