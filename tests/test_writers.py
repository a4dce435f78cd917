"""Two writers of one workbook at once (issue 37, class 2): ``calc --in-place`` and ``bridgemate receive`` on the
evening's workbook, the secretary's Excel saving it while a command computes it, a command that holds it too long,
one killed holding it. Nothing that was written is lost, and the Data Connector is told results are kept only once
they are in the workbook on the disk.

Each command runs as a user runs it, in its own process. Where a test must catch a command between its reading the
workbook and its writing it, the command runs held at that point (:data:`HELD`) until the test lets it go on; where
a test must not wait half a minute for a command to give up waiting, it runs with a shorter wait (:data:`WAITING`).
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from xlbridge.engine.errors import OutputBusyError
from xlbridge.files import locking
from xlbridge.files.locking import lock_path, rewriting

from .bridgemate_fake import ACCEPT, POLL_NEW, FakeDataConnector
from .safety import Ran, Untouched, xlbridge
from .test_bridgemate_commands import ENV, MOVEMENT, before_the_evening, demo_rows, entered, play, send
from .test_faults import WEDNESDAY
from .test_interchange import CSV_SESSION

#: A command run held where it calls ``MODULE:NAME`` (an attribute path): it makes the file ``reached`` there, then
#: waits for the file ``go`` before it goes on. argv is ``MODULE:NAME REACHED GO ARGS...``.
HELD = """
import importlib, pathlib, sys, time
where, reached, go = sys.argv[1], pathlib.Path(sys.argv[2]), pathlib.Path(sys.argv[3])
module, _, path = where.partition(":")
*parents, name = path.split(".")
owner = importlib.import_module(module)
for parent in parents:
    owner = getattr(owner, parent)
real = getattr(owner, name)
def held(*args, **kwargs):
    reached.touch()
    deadline = time.monotonic() + 120
    while not go.exists() and time.monotonic() < deadline:
        time.sleep(0.02)
    return real(*args, **kwargs)
setattr(owner, name, held)
from xlbridge.cli import main
sys.exit(main(sys.argv[4:]))
"""

#: A command run with another wait for a workbook another xlbridge writes: argv is ``SECONDS ARGS...``.
WAITING = """
import sys
from xlbridge.files import locking
locking.WAIT = float(sys.argv[1])
from xlbridge.cli import main
sys.exit(main(sys.argv[2:]))
"""


class Held:
    """A command running in its own process, held at ``where`` until :meth:`go`."""

    def __init__(self, where: str, folder: Path, *args: object, env: dict[str, str] | None = None) -> None:
        self.reached, self.going = folder / "held.reached", folder / "held.go"
        self.process = subprocess.Popen(
            [sys.executable, "-c", HELD, where, str(self.reached), str(self.going), *map(str, args)],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
        )  # fmt: skip

    def wait_until_held(self) -> None:
        deadline = time.monotonic() + 120
        while not self.reached.exists():
            assert self.process.poll() is None, self.process.communicate()
            assert time.monotonic() < deadline, "never reached"
            time.sleep(0.02)

    def go(self) -> Ran:
        self.going.touch()
        out, err = self.process.communicate(timeout=300)
        return Ran(self.process.returncode, out, err)


def started(*args: object, env: dict[str, str] | None = None) -> subprocess.Popen[str]:
    """``xlbridge ARGS`` started in its own process."""
    return subprocess.Popen([sys.executable, "-m", "xlbridge", *map(str, args)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env)  # fmt: skip


def finished(process: subprocess.Popen[str]) -> Ran:
    out, err = process.communicate(timeout=300)
    return Ran(process.returncode, out, err)


@pytest.fixture
def fake() -> Iterator[FakeDataConnector]:
    with FakeDataConnector() as running:
        yield running


@pytest.fixture
def evening(tmp_path: Path) -> Path:
    """Tuesday's evening imported as the secretary imports it, and Wednesday's beside it (``wed.xlsx``): what a
    program other than xlbridge saves over Tuesday's in these tests."""
    (tmp_path / "tue.csv").write_text(CSV_SESSION)
    (tmp_path / "wed.csv").write_text(WEDNESDAY)
    for day in ("tue", "wed"):
        done = xlbridge("import", f"{day}.csv", "-o", f"{day}.xlsx", cwd=tmp_path)
        assert done.status == 0, done.err
    return tmp_path / "tue.xlsx"


# --- calc --in-place and bridgemate receive at once ---------------------------------------------------------------


@pytest.mark.slow  # the evening sent, two commands racing, and a wait long enough for the race to be lost: a minute
def test_results_received_while_calc_computes_are_kept(fake: FakeDataConnector, tmp_path: Path) -> None:
    """``calc --in-place`` has read the workbook and computes it when ``bridgemate receive`` starts: receive waits
    for calc to finish writing, then reads what calc wrote, takes round 1's 27 results into it and tells the Data
    Connector they are kept; the next receive has nothing new, and the workbook holds all 27. (Receive wrote the
    results and had them accepted, then calc renamed its copy of the workbook as it was before over them: the next
    receive said "nothing new: 0 of 243 results in", and the results were lost for good.)"""
    path = before_the_evening(tmp_path)
    assert send(path, fake).returncode == 0
    play(fake, MOVEMENT, range(1, 2), demo_rows())
    calc = Held("xlbridge.files.workbook.calc:write_values", tmp_path, "calc", path, "--in-place")
    calc.wait_until_held()
    receive = started("bridgemate", "receive", path, env=ENV)
    deadline = time.monotonic() + 20  # receive polls and accepts within this when nothing stops it
    while (ACCEPT, fake.session.guid) not in fake.requests and time.monotonic() < deadline:
        time.sleep(0.05)
    computed, received = calc.go(), finished(receive)
    assert computed.status == 0, computed.err
    assert received.status == 0, received.err
    assert received.out.startswith("27 new -> "), received.out
    again = finished(started("bridgemate", "receive", path, env=ENV))
    assert again.status == 0, again.err
    assert again.out == "nothing new: 27 of 243 results in\n"
    assert typed_results(path) == 27
    assert not lock_path(path).exists()


def typed_results(path: Path) -> int:
    """How many results the workbook at ``path`` holds (its rows with anything typed after the board and pairs)."""
    return sum(1 for row in entered(path) if any(str(text).strip() for text in row[3:]))


def raced(path: Path, later: float) -> tuple[Ran, Ran]:
    """``bridgemate receive`` and ``calc --in-place`` of the workbook at ``path`` run together, calc started
    ``later`` seconds after receive: both as they finished."""
    receive = started("bridgemate", "receive", path, env=ENV)
    time.sleep(later)
    calc = started("calc", path, "--in-place")
    return finished(receive), finished(calc)


#: How much later calc starts than receive, a round each: from together to past receive's write, so that calc
#: reads the workbook before receive writes it and replaces it after, somewhere in the sweep (receive takes 2.5 s
#: and calc 1.7 s on this evening, each 0.7 s of it starting Python).
LATER = [0.2 * step for step in range(9)]


@pytest.mark.slow  # nine rounds, each two commands at once: half a minute
def test_calc_and_receive_run_together_round_after_round_lose_nothing(fake: FakeDataConnector, tmp_path: Path) -> None:
    """The evening's nine rounds, each received while the secretary computes the workbook: ``bridgemate receive``
    and ``calc --in-place`` started together, calc from 0 to 1.6 s after receive (:data:`LATER`). Every time both
    finish with exit 0, and the workbook holds every result the Data Connector was told is kept: 27 more a
    round, 243 at the end. (Without the lock, calc renamed its copy of the workbook as it read it over what
    receive wrote after: 9 of 27 such rounds lost their 27 results for good, the Data Connector told they were
    kept; and one receive failed, its workbook "cannot be written: No such file or directory".)"""
    path = before_the_evening(tmp_path)
    assert send(path, fake).returncode == 0
    rows = demo_rows()
    held = []
    for number, later in enumerate(LATER, start=1):
        play(fake, MOVEMENT, range(number, number + 1), rows)
        received, computed = raced(path, later)
        assert received.status == 0, received.err
        assert computed.status == 0, computed.err
        assert received.out.startswith("27 new -> "), received.out
        assert not list(fake.unaccepted())  # the Data Connector was told all of them are kept
        held.append(typed_results(path))
    assert held == [27 * number for number in range(1, 10)]
    assert not lock_path(path).exists()


def test_receive_tells_the_tables_results_are_kept_only_once_they_are(fake: FakeDataConnector, tmp_path: Path) -> None:
    """``bridgemate receive`` has polled and is about to write the workbook when the secretary's Excel saves it (a
    new file renamed over it): receive refuses to write over it, naming what changed it, and does not accept the
    poll, so the Data Connector keeps the results; the next receive brings them into the workbook Excel saved."""
    path = before_the_evening(tmp_path)
    assert send(path, fake).returncode == 0
    play(fake, MOVEMENT, range(1, 2), demo_rows())
    saved = tmp_path / "saved.xlsx"
    assert xlbridge("calc", path, "-o", saved).status == 0  # the same evening, written anew
    receive = Held("xlbridge.files.bridgemate.receive:Receiver._write", tmp_path, "bridgemate", "receive", path,
                   env=ENV)  # fmt: skip
    receive.wait_until_held()
    os.replace(saved, path)
    kept = Untouched(path)
    line = receive.go().refused
    assert line == (f"xlbridge bridgemate: {path}: changed by another program since it was read: not "
                    "replaced, so what was written there is kept; run the command again")  # fmt: skip
    kept.check()
    assert (ACCEPT, fake.session.guid) not in fake.requests
    assert sum(1 for command, _ in fake.requests if command == POLL_NEW) == 1
    again = finished(started("bridgemate", "receive", path, env=ENV))
    assert again.status == 0, again.err
    assert again.out.startswith(f"27 new -> {path} (computed): 27 of 243 results in"), again.out


# --- another program writing the workbook meanwhile ---------------------------------------------------------------


def _renamed_over(path: Path, other: Path) -> None:
    """Saved as Excel saves: a new file written beside it and renamed over it."""
    shutil.copyfile(other, path.with_name("saving.tmp"))
    os.replace(path.with_name("saving.tmp"), path)


def _written_in_place(path: Path, other: Path) -> None:
    """Saved into the same file, as some programs do."""
    path.write_bytes(other.read_bytes())


@pytest.mark.parametrize(("save", "opened", "by"), [
    (_renamed_over, False, "another program"),
    (_written_in_place, False, "another program"),
    (_renamed_over, True, "Excel (by Ann Ash)"),
])  # fmt: skip
def test_a_workbook_another_program_saves_while_calc_computes_it_is_kept(
    evening: Path, save: object, opened: bool, by: str
) -> None:
    """The secretary saves the workbook (Wednesday's evening over Tuesday's) after ``calc --in-place`` read it and
    before it writes it: calc refuses, one line naming what changed it (Excel, by whom, when its owner file is
    beside the workbook), and the workbook is what the secretary saved (calc wrote its copy of Tuesday's over it)."""
    calc = Held("xlbridge.files.workbook.calc:write_values", evening.parent, "calc", evening, "--in-place")
    calc.wait_until_held()
    save(evening, evening.with_name("wed.xlsx"))  # type: ignore[operator]
    if opened:  # Excel's owner file: the user's name after a byte giving its length
        evening.with_name(f"~${evening.name}").write_bytes(bytes([7]) + b"Ann Ash" + bytes(47))
    kept = Untouched(evening)
    assert calc.go().refused == (f"xlbridge calc: {evening}: changed by {by} since it was read: not replaced, so "
                                 "what was written there is kept; run the command again")  # fmt: skip
    kept.check()
    assert not lock_path(evening).exists()


# --- another xlbridge holding the workbook ------------------------------------------------------------------------


def test_a_command_waits_for_another_writing_the_workbook_then_refuses_naming_it(evening: Path) -> None:
    """Another xlbridge command holds the workbook (``bridgemate receive``, here this test's process): ``calc
    --in-place`` and ``import -o --force`` wait for it, and past their wait refuse, naming the command, its process
    and computer and since when, leaving the workbook as it was; once it is let go, calc computes the workbook and
    the lock is gone."""
    kept = Untouched(evening)
    with rewriting(evening, "xlbridge bridgemate receive"):
        holder = lock_path(evening).read_text(encoding="utf-8")
        assert holder.startswith(f"xlbridge bridgemate receive\nprocess {os.getpid()} on {socket.gethostname()}\n")
        for command, args in (("calc", [evening, "--in-place"]), ("import", ["wed.csv", "-o", evening, "--force"])):
            done = subprocess.run([sys.executable, "-c", WAITING, "0.5", command, *map(str, args)],
                                  capture_output=True, text=True, cwd=evening.parent, timeout=300)  # fmt: skip
            line = Ran(done.returncode, done.stdout, done.stderr).refused
            assert re.fullmatch(
                rf"xlbridge {command}: {re.escape(str(evening))}: xlbridge bridgemate receive \(process "
                rf"{os.getpid()} on {re.escape(socket.gethostname())}, since \d{{4}}-\d\d-\d\d \d\d:\d\d:\d\d\) is "
                r"writing it, and has not finished in 0\.5 s: run this again when it has",
                line,
            ), line
            kept.check()
    assert not lock_path(evening).exists()
    done = xlbridge("calc", evening, "--in-place")
    assert done.status == 0, done.err
    assert not lock_path(evening).exists()


HOLD_AND_DIE = """
import os, signal, sys
from pathlib import Path
from xlbridge.files.locking import rewriting
with rewriting(Path(sys.argv[1]), "xlbridge calc --in-place"):
    os.kill(os.getpid(), signal.SIGKILL)
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
def test_the_lock_of_a_killed_command_is_taken_over(evening: Path) -> None:
    """A command killed while it holds the workbook leaves its lock file beside it: the next command takes it over
    at once (the system let its lock go with the process) and removes it when done."""
    killed = subprocess.run([sys.executable, "-c", HOLD_AND_DIE, str(evening)], capture_output=True, timeout=300)
    assert killed.returncode == -signal.SIGKILL
    assert lock_path(evening).read_text(encoding="utf-8").startswith("xlbridge calc --in-place\nprocess ")
    done = subprocess.run([sys.executable, "-c", WAITING, "5", "calc", str(evening), "--in-place"],
                          capture_output=True, text=True, timeout=300)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert not lock_path(evening).exists()


def test_where_the_file_system_has_no_locks_a_lock_goes_by_its_process(
    evening: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a file system without locks (some network shares), a lock file is its writer's while its process runs on
    this computer (refused past the wait, saying which lock file to remove if it has gone), and taken over once its
    process has ended."""
    monkeypatch.setattr(locking, "_system_lock", lambda handle: None)
    monkeypatch.setattr(locking, "WAIT", 0.2)
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        lock_path(evening).write_text(f"xlbridge calc --in-place\nprocess {sleeper.pid} on {socket.gethostname()}\n"
                                      "since 2026-11-24 20:31:05\n", encoding="utf-8")  # fmt: skip
        with pytest.raises(OutputBusyError) as raised, rewriting(evening, "xlbridge bridgemate receive"):
            pass
        assert str(raised.value) == (
            f"{evening}: xlbridge calc --in-place (process {sleeper.pid} on {socket.gethostname()}, since 2026-11-24 "
            "20:31:05) is writing it, and has not finished in 0.2 s: run this again when it has; if it is not "
            f"running, remove {lock_path(evening).name} beside it"
        )
    finally:
        sleeper.kill()
        sleeper.wait()
    with rewriting(evening, "xlbridge bridgemate receive"):  # its process has gone: taken over
        assert lock_path(evening).read_text(encoding="utf-8").startswith("xlbridge bridgemate receive\n")
    assert not lock_path(evening).exists()
