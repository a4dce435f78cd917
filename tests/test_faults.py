"""The faults a club's machine meets while xlbridge writes (issue 37): a full disk, a read-only folder, a name the
file system refuses, a process killed half-way, a folder of the user's own files given for the website, a new
evening written over one that holds results. Each is one line and exit 2, never a traceback; nothing is left
half-written, nothing is deleted that xlbridge did not write, and what a killed write left beside its output is
removed by the next write of it.

Commands run as a user runs them (their own process), but for the faults a test cannot make a real disk give: a
full disk (``fsync`` answering ENOSPC, as ext4 and network shares report one late) and a read-only folder (the
tests may run as root, whom no mode stops) are met in the command's own process (:func:`xlbridge.cli.main`).
"""

from __future__ import annotations

import errno
import html
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from xlbridge.files import staging

from .safety import Untouched, xlbridge
from .test_interchange import CSV_SESSION

#: Another evening of the same four pairs: its pages are not Tuesday's.
WEDNESDAY = (
    "Board,NS,EW,Contract,By,Result,Lead\n1,1,2,3S,N,+1,HA\n1,3,4,4S,N,=,HK\n2,1,3,3NT,E,8,S2\n2,2,4,1NT,E,+2,D4\n"
)
NAMES = (
    "pair,direction,player1,player2\n1,,Ann Ash,Bob Birch\n2,,Cy Cedar,Di Dogwood\n3,,Ed Elm,Flo Fir\n"
    "4,,Gus Gum,Hal Hazel\n"
)


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two evenings imported as the secretary imports them: Tuesday's and Wednesday's, computed."""
    folder = tmp_path_factory.mktemp("club")
    (folder / "tue.csv").write_text(CSV_SESSION)
    (folder / "wed.csv").write_text(WEDNESDAY)
    (folder / "names.csv").write_text(NAMES)
    for day in ("tue", "wed"):
        done = xlbridge("import", f"{day}.csv", "--names", "names.csv", "-o", f"{day}.xlsx", cwd=folder)
        assert done.status == 0, done.err
    return folder


@pytest.fixture
def here(tmp_path: Path, club: Path) -> Path:
    """A fresh folder holding copies of the two evenings, their CSV files and the names."""
    for name in ("tue.xlsx", "wed.xlsx", "tue.csv", "names.csv"):
        shutil.copyfile(club / name, tmp_path / name)
    return tmp_path


#: Each command that writes, as a user gives it its output (``OUT``), and the output its refusal names.
WRITERS = {
    "import": (["import", "tue.csv", "-o", "OUT.xlsx"], "OUT.xlsx"),
    "movement": (["movement", "mitchell", "--tables", "3", "--boards-per-round", "2", "-o", "OUT.xlsx"], "OUT.xlsx"),
    "schedule": (["schedule", "round-robin", "--teams", "4", "-o", "OUT.xlsx"], "OUT.xlsx"),
    "templates": (["templates", "--out", "OUT"], "OUT/traveller.xlsx"),
    "ladder": (["ladder", "tue.xlsx", "-o", "OUT.xlsx"], "OUT.xlsx"),
    "publish": (["publish", "tue.xlsx", "-o", "OUT"], "OUT"),
}


def writer(command: str, output: str) -> tuple[list[str], str]:
    """The command's arguments writing ``output``, and the output its refusal names."""
    args, named = WRITERS[command]
    return [arg.replace("OUT", output) for arg in args], named.replace("OUT", output)


def files_under(folder: Path) -> list[str]:
    """Every file under ``folder`` (hidden ones too), as paths relative to it."""
    return sorted(str(path.relative_to(folder)) for path in folder.rglob("*") if not path.is_dir())


def the_line(err: str, command: str) -> str:
    """The one line a refusal prints (a ladder's notes on the names aside)."""
    lines = [line for line in err.splitlines() if not line.startswith(f"xlbridge {command}: note:")]
    assert len(lines) == 1, err
    return lines[0]


# --- a full disk, a read-only folder, a name too long: one line naming the output ---------------------------------


@pytest.mark.parametrize("command", WRITERS)
def test_a_full_disk_is_one_line_naming_the_output(
    here: Path, command: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The disk is full when the output is put on it (ENOSPC from fsync, where ext4 and network shares report it):
    one line naming the output the user gave and what to do, exit 2 (it was a traceback in five of these, the
    bare system message without a file in the others); no output, and nothing hidden left beside it."""
    from xlbridge.cli import main

    def full(handle: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full)
    monkeypatch.chdir(here)
    (here / "out").mkdir()
    args, named = writer(command, "out/new")
    assert main(args) == 2
    assert the_line(capsys.readouterr().err, command) == (
        f"xlbridge {command}: {named}: cannot be written: No space left on device (in the folder "
        f"{Path(named).parent}); free some space there, or write somewhere else"
    )
    assert files_under(here / "out") == []


@pytest.mark.skipif(sys.platform == "win32", reason="a file size limit is POSIX's")
@pytest.mark.parametrize("command", WRITERS)
def test_a_file_refused_half_way_is_one_line(here: Path, command: str) -> None:
    """The file system refuses the output half-way through writing it (a file size limit on the process, as a
    quota or a FAT disk's 4 GB refuse a file: EFBIG from the real write): one line, exit 2, and never the traceback
    XlsxWriter's half-written zip file printed when Python closed it at exit; nothing left."""
    import resource

    def limited() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # the write fails (EFBIG) instead of killing the process

    (here / "out").mkdir()
    args, named = writer(command, "out/new")
    done = subprocess.run([sys.executable, "-m", "xlbridge", *args], cwd=here, capture_output=True, text=True,
                          preexec_fn=limited, timeout=300, check=False)  # fmt: skip
    assert done.returncode == 2, done.stderr
    assert the_line(done.stderr, command) == (
        f"xlbridge {command}: {named}: cannot be written: File too large (in the folder {Path(named).parent}); "
        "write somewhere else"
    )
    assert files_under(here / "out") == []


@pytest.mark.parametrize("command", WRITERS)
def test_a_read_only_folder_is_one_line_naming_the_output(
    here: Path, command: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A folder on a read-only disk (a write-protected USB stick): one line naming the output, not the hidden
    file beside it (``ro/.new.x6_kq2ab.tmp.xlsx: Read-only file system``, the user never named it), exit 2. The
    disk refuses to create anything in it, as the system does (EEXIST first for what exists)."""
    from xlbridge.cli import main

    ro = here / "ro"
    ro.mkdir()
    real_open, real_mkdir = os.open, os.mkdir

    def refused(path: object) -> OSError:
        return OSError(errno.EROFS, os.strerror(errno.EROFS), os.fsdecode(path))  # type: ignore[call-overload]

    def inside(path: object) -> bool:
        return Path(os.path.abspath(os.fsdecode(path))).is_relative_to(ro)  # type: ignore[call-overload]

    def opened(path: object, flags: int, *rest: object, **named: object) -> int:
        if flags & os.O_CREAT and inside(path) and not os.path.exists(path):  # type: ignore[arg-type]
            raise refused(path)
        return real_open(path, flags, *rest, **named)  # type: ignore[arg-type]

    def made(path: object, *rest: object, **named: object) -> None:
        if inside(path):
            raise FileExistsError(errno.EEXIST, "File exists", path) if os.path.exists(path) else refused(path)  # type: ignore[arg-type]
        real_mkdir(path, *rest, **named)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "open", opened)
    monkeypatch.setattr(os, "mkdir", made)
    monkeypatch.chdir(here)
    args, named = writer(command, "ro/new")
    assert main(args) == 2
    folder = Path(named).parent
    assert the_line(capsys.readouterr().err, command) == (
        f"xlbridge {command}: {named}: cannot be written: Read-only file system (in the folder {folder}); write "
        "somewhere else"
    )
    assert os.listdir(ro) == []


@pytest.mark.parametrize("command", WRITERS)
def test_a_name_too_long_for_the_file_system_is_one_line(here: Path, command: str) -> None:
    """An output named with 300 characters, more than a file system takes (255 bytes): one line naming it and
    saying to shorten it, exit 2; nothing written."""
    args, named = writer(command, "a" * 300)
    named = "a" * 300 if command == "templates" else named  # the folder to write the templates into is refused
    line = xlbridge(*args, cwd=here).refused
    folder = here.resolve()
    assert line == (
        f"xlbridge {command}: {named}: cannot be written: File name too long (in the folder {folder}); give a "
        "shorter name"
    )
    assert sorted(os.listdir(here)) == ["names.csv", "tue.csv", "tue.xlsx", "wed.xlsx"]


def test_any_fault_of_the_hidden_file_is_said_of_the_output(
    here: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A disk failing as the workbook written aside is renamed into place (EIO, naming both files): said of the
    output the user gave, never of the hidden file; the old workbook as it was."""
    from xlbridge.cli import main

    def failing(source: str, destination: str) -> None:
        raise OSError(errno.EIO, os.strerror(errno.EIO), source, None, destination)

    monkeypatch.chdir(here)
    kept = Untouched(here / "tue.xlsx")
    monkeypatch.setattr(os, "replace", failing)
    assert main(["import", "tue.csv", "-o", "tue.xlsx", "--force"]) == 2
    assert capsys.readouterr().err == (
        f"xlbridge import: tue.xlsx: cannot be written: Input/output error (in the folder {here.resolve()})\n"
    )
    kept.check()
    assert hidden(here) == []


def test_a_long_name_the_file_system_takes_is_written(here: Path) -> None:
    """A name of 250 characters, which the file system takes, is written: the hidden file written beside it
    repeats only the first 40 characters (it repeated the whole name, and 264 characters were refused)."""
    name = "b" * 245 + ".xlsx"
    done = xlbridge("import", "tue.csv", "-o", name, cwd=here)
    assert done.status == 0, done.err
    assert sorted(os.listdir(here)) == sorted([name, "names.csv", "tue.csv", "tue.xlsx", "wed.xlsx"])


# --- publish replaces only its own folder, whole --------------------------------------------------------------------


def test_publish_force_never_deletes_a_folder_of_other_files(here: Path) -> None:
    """``publish -o Documents --force`` over a folder of the user's own (a tax return, a folder of photos): refused
    in one line naming them, exit 2, every file kept as it was (--force deleted them all)."""
    documents = here / "Documents"
    (documents / "photos").mkdir(parents=True)
    (documents / "tax.pdf").write_bytes(b"%PDF-1.7\n")
    (documents / "photos" / "holiday.jpg").write_bytes(b"\xff\xd8\xff\xe0")
    kept = Untouched(documents / "tax.pdf", documents / "photos" / "holiday.jpg")
    line = xlbridge("publish", "tue.xlsx", "-o", "Documents", "--force", cwd=here).refused
    assert line == (
        "xlbridge publish: Documents: holds files xlbridge did not write (photos/, tax.pdf): publish into a new or "
        "empty folder (publish replaces only a folder of results it published, even with --force)"
    )
    kept.check()
    assert files_under(documents) == ["photos/holiday.jpg", "tax.pdf"]
    assert sorted(os.listdir(here)) == ["Documents", "names.csv", "tue.csv", "tue.xlsx", "wed.xlsx"]


def test_a_site_holding_a_file_of_the_users_is_not_replaced(here: Path) -> None:
    """A published site the club added a file to: publishing again (even another session's, with --force) is
    refused, naming the file; once it is moved out, the site is replaced."""
    assert xlbridge("publish", "tue.xlsx", "-o", "site", cwd=here).status == 0
    (here / "site" / "notes.txt").write_text("bring the boards back", encoding="utf-8")
    for args in (["tue.xlsx"], ["wed.xlsx", "--force"]):
        line = xlbridge("publish", *args, "-o", "site", cwd=here).refused
        assert line == (
            "xlbridge publish: site: holds results xlbridge published and files it did not write (notes.txt): move "
            "them out, or publish into a new folder (publish deletes nothing it did not write, even with --force)"
        )
        assert (here / "site" / "notes.txt").read_text(encoding="utf-8") == "bring the boards back"
    (here / "site" / "notes.txt").unlink()
    assert xlbridge("publish", "wed.xlsx", "-o", "site", "--force", cwd=here).status == 0


def test_a_site_is_marked_and_sites_without_the_mark_are_still_known(here: Path) -> None:
    """A site holds a marker saying xlbridge wrote it; a site published before the marker (its index.html says who
    wrote it) is replaced as one; what a file manager keeps in a folder (Finder's .DS_Store, Explorer's Thumbs.db)
    is no file of the user's."""
    assert xlbridge("publish", "tue.xlsx", "-o", "site", cwd=here).status == 0
    marker = (here / "site" / ".xlbridge-site").read_text(encoding="utf-8")
    assert marker.startswith("xlbridge ")
    assert "xlbridge publish replaces this folder" in marker
    (here / "site" / ".xlbridge-site").unlink()  # as an earlier version published it
    for name in (".DS_Store", "Thumbs.db"):
        (here / "site" / name).write_bytes(b"\0\0\0\1Bud1")
    done = xlbridge("publish", "tue.xlsx", "-o", "site", cwd=here)
    assert done.status == 0, done.err
    assert (here / "site" / ".xlbridge-site").read_text(encoding="utf-8") == marker
    assert not (here / "site" / ".DS_Store").exists()


@pytest.mark.slow  # a teams event scheduled, typed, computed and published: ten seconds
def test_team_names_too_long_for_a_file_name_give_pages_of_bounded_names(tmp_path: Path) -> None:
    """A teams event whose two teams have names of 130 characters, published with their match's scorecard: the
    match's page name, made from both names, once came to more than a file system takes (255 bytes) and the publish
    was refused. Each name now gives at most MOST_IN_SLUG characters of a page's name: the site is written, every
    page name is short, and the pages show the names whole."""
    from dataclasses import replace

    from xlbridge.files.demo_data import demo_data
    from xlbridge.files.templates import CLASSIC, teams_match
    from xlbridge.files.templates.match_layout import AWAY_COL, HOME_COL, SUMMARY
    from xlbridge.files.website.publish import MOST_IN_SLUG

    from .test_league import computed, letter, read_matches
    from .workbooks import Book, typed

    names = ["Northern Counties " + "Seahorses " * 11 + "A", "Southern Counties " + "Kittiwakes " * 10 + "B"]
    (tmp_path / "teams.csv").write_text("".join(f"{name}\n" for name in names))
    event = tmp_path / "event.xlsx"
    assert xlbridge("schedule", "round-robin", "--names", "teams.csv", "-o", event, cwd=tmp_path).status == 0
    ((row, match),) = [(row, match) for row, match in read_matches(event) if not match.bye]
    card = tmp_path / "card.xlsx"
    played = replace(demo_data().match, home=names[(match.home or 1) - 1], away=names[(match.away or 1) - 1])
    teams_match.build(card, CLASSIC, match=played, computed=True)
    imps = [Book(card).sheets["Match"][(SUMMARY["IMPs"] + 1, col + 1)] for col in (HOME_COL, AWAY_COL)]
    typed(event, "Matches", {f"{letter('Home IMPs')}{row}": imps[0], f"{letter('Away IMPs')}{row}": imps[1],
                             f"{letter('Boards')}{row}": 16})  # fmt: skip
    computed(event)
    assert xlbridge("publish", event, "-o", "site", "--scorecard", card, cwd=tmp_path).status == 0
    pages = sorted(os.listdir(tmp_path / "site"))
    (match_page,) = [name for name in pages if name.startswith("match-")]
    assert all(len(name.encode()) < 2 * MOST_IN_SLUG + 20 for name in pages), pages
    shown = (tmp_path / "site" / match_page).read_text(encoding="utf-8")
    assert all(html.escape(name) in shown for name in names), match_page


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file of a folder, by its path in it, with its content."""
    return {name: (folder / name).read_bytes() for name in files_under(folder)}


@pytest.fixture(scope="module")
def sites(club: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, bytes]]:
    """Tuesday's site (the old one) and Wednesday's (the new one), as publish writes them."""
    folder = tmp_path_factory.mktemp("sites")
    out = {}
    for day, when in (("tue", "old"), ("wed", "new")):
        assert xlbridge("publish", club / f"{day}.xlsx", "-o", folder / day).status == 0
        out[when] = snapshot(folder / day)
    assert out["old"] != out["new"]
    return out


#: A command run in a process that kills itself (SIGKILL: no clean-up of any kind) on the ``nth`` call of
#: ``MODULE:NAME`` (an attribute path), before or after the call: argv is ``MODULE:NAME WHEN NTH ARGS...``.
KILLED = """
import builtins, importlib, os, signal, sys
where, when, nth = sys.argv[1], sys.argv[2], int(sys.argv[3])
module, _, path = where.partition(":")
*parents, name = path.split(".")
owner = importlib.import_module(module)
for parent in parents:
    owner = getattr(owner, parent)
real = getattr(owner, name, None) or getattr(builtins, name)
calls = 0
def killing(*args, **kwargs):
    global calls
    calls += 1
    if when == "before" and calls == nth:
        os.kill(os.getpid(), signal.SIGKILL)
    done = real(*args, **kwargs)
    if when == "after" and calls == nth:
        os.kill(os.getpid(), signal.SIGKILL)
    return done
setattr(owner, name, killing)
from xlbridge.cli import main
sys.exit(main(sys.argv[4:]))
"""


def killed(here: Path, where: str, when: str, nth: int, *args: str) -> None:
    """Run ``xlbridge ARGS`` in ``here``, killed at ``where``: it must die there."""
    done = subprocess.run([sys.executable, "-c", KILLED, where, when, str(nth), *args], cwd=here,
                          capture_output=True, text=True, timeout=300, check=False)  # fmt: skip
    assert done.returncode == -signal.SIGKILL, (done.returncode, done.stderr)


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
@pytest.mark.parametrize(("where", "when", "nth", "left"), [
    ("jinja2.environment:Template.render", "after", 3, "old"),
    ("xlbridge.files.outputs:synced_together", "before", 1, "old"),
    ("xlbridge.files.outputs:exchange", "before", 1, "old"),
    ("xlbridge.files.outputs:exchange", "after", 1, "new"),
    ("shutil:rmtree", "before", 1, "new"),
], ids=["pages half written", "pages written", "before the swap", "after the swap",
        "old site half removed"])  # fmt: skip
def test_a_publish_killed_at_any_step_leaves_the_old_site_or_the_new(
    here: Path, sites: dict[str, dict[str, bytes]], where: str, when: str, nth: int, left: str
) -> None:
    """Publishing Wednesday over Tuesday's site, killed at each step (kill -9: nothing cleaned up): the folder holds
    Tuesday's site or Wednesday's, whole, never neither (a kill between the two renames left none: the old site
    hidden in .site.old.*). The next publish removes what the killed one left beside it."""
    assert xlbridge("publish", "tue.xlsx", "-o", "site", cwd=here).status == 0
    assert snapshot(here / "site") == sites["old"]
    killed(here, where, when, nth, "publish", "wed.xlsx", "-o", "site", "--force")
    assert snapshot(here / "site") == sites[left]
    assert xlbridge("publish", "wed.xlsx", "-o", "site", "--force", cwd=here).status == 0
    assert snapshot(here / "site") == sites["new"]
    assert sorted(os.listdir(here)) == ["names.csv", "site", "tue.csv", "tue.xlsx", "wed.xlsx"]


def test_where_folders_cannot_be_swapped_the_old_site_is_put_back_on_a_failure(
    here: Path, sites: dict[str, dict[str, bytes]], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """On a system that cannot swap two folders in one step (Windows), the site is replaced by two renames; the
    second refused puts the old site back, and says so in one line; when it is not refused, the new site is in
    place and nothing is left beside it."""
    from xlbridge.cli import main

    monkeypatch.setattr(staging, "_swapper", lambda: None)
    monkeypatch.chdir(here)
    assert main(["publish", "tue.xlsx", "-o", "site"]) == 0
    real = os.rename

    def second_refused(source: str, destination: str) -> None:
        if Path(destination).name == "site" and Path(source).name.startswith(".site."):
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), source)
        real(source, destination)

    monkeypatch.setattr(os, "rename", second_refused)
    assert main(["publish", "wed.xlsx", "-o", "site", "--force"]) == 2
    assert capsys.readouterr().err.endswith(
        f"xlbridge publish: site: cannot be written: Permission denied (in the folder {here.resolve()})\n"
    )
    assert snapshot(here / "site") == sites["old"]
    monkeypatch.setattr(os, "rename", real)
    assert main(["publish", "wed.xlsx", "-o", "site", "--force"]) == 0
    assert snapshot(here / "site") == sites["new"]
    assert sorted(os.listdir(here)) == ["names.csv", "site", "tue.csv", "tue.xlsx", "wed.xlsx"]


# --- what a killed write left beside its output ---------------------------------------------------------------


def hidden(folder: Path) -> list[str]:
    return sorted(name for name in os.listdir(folder) if name.startswith("."))


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
@pytest.mark.parametrize(("where", "when"), [
    ("xlsxwriter.workbook:Workbook.close", "after"),
    ("xlbridge.files.outputs:synced", "before"),
], ids=["workbook half written", "workbook written, not renamed"])  # fmt: skip
def test_what_a_killed_write_left_is_removed_by_the_next(here: Path, where: str, when: str) -> None:
    """An import killed while it writes the workbook leaves the old one as it was and a hidden file or two
    beside it (17 such files were found after 180 kills, never removed); the next write of the same workbook
    removes them. Hidden files of other names are kept."""
    done = xlbridge("import", "tue.csv", "-o", "out.xlsx", cwd=here)
    assert done.status == 0, done.err
    (here / ".out.xlsx.notes").write_text("a file of the user's, hidden")
    kept = Untouched(here / "out.xlsx", here / ".out.xlsx.notes")
    killed(here, where, when, 1, "import", "tue.csv", "-o", "out.xlsx", "--force")
    kept.check()
    assert len(hidden(here)) > 1, hidden(here)
    assert xlbridge("import", "tue.csv", "-o", "out.xlsx", "--force", cwd=here).status == 0
    assert hidden(here) == [".out.xlsx.notes"]


@pytest.mark.skipif(sys.platform == "win32", reason="Windows has no file locks: what is left is removed after an hour")
def test_a_live_writers_file_is_not_removed(here: Path) -> None:
    """A hidden file another xlbridge is writing right now (it holds its lock) is left alone; once its writer is
    gone (its lock with it), the next write removes it. One of an earlier version, named after the whole of a
    long name, is removed too."""
    import fcntl

    long_name = "Tuesday pairs, the club championship, second round"
    live = here / ".out.ab12_yz9.tmp.xlsx"
    old = here / f".{long_name}.k3j9x0qa.tmp.xlsx"
    live.write_bytes(b"PK\3\4 half a workbook")
    old.write_bytes(b"PK\3\4 what a killed writer left")
    with open(live, "rb") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        assert xlbridge("import", "tue.csv", "-o", "out.xlsx", cwd=here).status == 0
        assert xlbridge("import", "tue.csv", "-o", f"{long_name}.xlsx", cwd=here).status == 0
        assert hidden(here) == [live.name]
    assert xlbridge("import", "tue.csv", "-o", "out.xlsx", "--force", cwd=here).status == 0
    assert hidden(here) == []


# --- on the disk before the rename ------------------------------------------------------------------------------


def test_a_workbook_is_on_the_disk_before_it_is_renamed_into_place(here: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The file written aside is put on the disk (fsync) before it is renamed over the output, and the folder's
    entry after: a crash (a power cut) then leaves the old workbook or the new one, never an empty file under
    its name (write_atomically never called fsync)."""
    from xlbridge.cli import main

    done: list[tuple[str, int]] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(handle: int) -> None:
        done.append(("fsync", os.fstat(handle).st_ino))
        real_fsync(handle)

    def replace(source: str, destination: str) -> None:
        real_replace(source, destination)
        done.append(("replace", os.stat(destination).st_ino))

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    monkeypatch.chdir(here)
    assert main(["import", "tue.csv", "-o", "new.xlsx"]) == 0
    written, folder = (here / "new.xlsx").stat().st_ino, here.stat().st_ino
    renamed = done.index(("replace", written))
    assert ("fsync", written) in done[:renamed]
    assert ("fsync", folder) in done[renamed:]


def test_a_site_is_on_the_disk_before_it_is_swapped_into_place(here: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every page of a site, and its folder, is put on the disk before the site is swapped in; its folder's
    entry after."""
    from xlbridge.cli import main

    synced: list[int] = []
    real_fsync = os.fsync

    def fsync(handle: int) -> None:
        synced.append(os.fstat(handle).st_ino)
        real_fsync(handle)

    monkeypatch.chdir(here)
    assert main(["publish", "tue.xlsx", "-o", "site"]) == 0
    monkeypatch.setattr(os, "fsync", fsync)
    assert main(["publish", "wed.xlsx", "-o", "site", "--force"]) == 0
    site = here / "site"
    assert {path.stat().st_ino for path in [site, *site.iterdir()]} <= set(synced)
    assert synced[-1] == here.stat().st_ino


# --- a new evening over one that holds results ------------------------------------------------------------------


def test_movement_never_replaces_an_evening_holding_results(here: Path) -> None:
    """``movement ... -o S.xlsx --force`` over a session workbook holding an evening's results (a Howell's 161,
    imported): refused, saying how many and naming the option that discards them (they were replaced without a
    word); with --discard-results, replaced. An evening with nothing typed yet is replaced with --force alone."""
    from .conftest import HOWELL

    imported = xlbridge("import", HOWELL, "-o", "s.xlsx", cwd=here)
    assert imported.status == 0, imported.err
    assert ": 161 results on " in imported.out
    kept = Untouched(here / "s.xlsx")
    movement = ["movement", "howell", "--tables", "3", "--boards-per-round", "2", "-o", "s.xlsx", "--force"]
    line = xlbridge(*movement, cwd=here).refused
    assert line == ("xlbridge movement: s.xlsx: holds 161 results: add --discard-results to replace it with a new "
                    "evening (they are lost), or choose another name")  # fmt: skip
    kept.check()
    done = xlbridge(*movement, "--discard-results", cwd=here)
    assert done.status == 0, done.err
    assert "-> s.xlsx: the pairs-session workbook, 30 results to type" in done.out
    again = xlbridge(*movement, cwd=here)  # its 30 rows wait to be typed: no result is lost
    assert again.status == 0, again.err


def test_movement_never_replaces_a_workbook_it_cannot_count_the_results_of(here: Path) -> None:
    """A workbook that is no pairs session (a teams event, with its matches) given to ``movement -o --force``:
    refused, since the results it may hold cannot be counted; --discard-results replaces it."""
    assert xlbridge("schedule", "round-robin", "--teams", "4", "-o", "event.xlsx", cwd=here).status == 0
    movement = ["movement", "howell", "--tables", "3", "--boards-per-round", "2", "-o", "event.xlsx", "--force"]
    line = xlbridge(*movement, cwd=here).refused
    assert line == (
        "xlbridge movement: event.xlsx: cannot be read as a pairs session, so the results it may hold cannot be "
        "counted: add --discard-results to replace it anyway, or choose another name"
    )
    assert xlbridge(*movement, "--discard-results", cwd=here).status == 0
    line = xlbridge(*movement[:6], "--discard-results", cwd=here).refused  # without -o: nothing to replace
    assert line == ("xlbridge movement: --discard-results lets -o replace a session workbook holding results: add -o "
                    "SESSION.xlsx --force")  # fmt: skip


# --- a bare number typed as a result among results against the contract ----------------------------------------


@pytest.mark.parametrize(("result", "meant", "down"), [(1, "+1", 9), ("1", "+1", 9), (0, "=", 10)])
def test_a_bare_number_typed_as_a_result_in_the_workbook_waits_saying_why(
    here: Path, result: object, meant: str, down: int
) -> None:
    """Tuesday's evening, its results typed against the contract (=, -1, +1): on Results row 2 (4S by North, made)
    the secretary types 1 for +1 (Excel keeps the number 1, or the text 1 in a text cell) or 0 for =. ``calc``
    computes the workbook, the row's Check cell saying what the import says of the same line (it scored 4S nine
    down with an empty Check cell), and ``ranking`` waits for it, naming the row; -9 typed, it is down nine."""
    from xlbridge.engine.checks import plus_dropped
    from xlbridge.files.templates.layout import LAYOUT

    from .workbooks import Book, typed

    path = here / "tue.xlsx"
    typed(path, "Results", {"G2": result})
    done = xlbridge("calc", path, "--in-place")
    assert done.status == 0, done.err
    said = plus_dropped("4S", str(result), "row 3", "-1")
    assert said == (f"result '{result}': as tricks taken, 4S down {down}, but other results are given against the "
                    f"contract (row 3: '-1'), where {result} may be {meant} ("
                    + ("typed as 0 in Excel, which takes = for the start of a formula" if meant == "=" else
                       "as Excel turns +1 into 1, dropping its plus sign")
                    + f"): write {meant}, or -{down} for down {down}")  # fmt: skip
    assert Book(path).sheets["Results"].get(LAYOUT.results.position("Check", 0)) == said
    assert xlbridge("ranking", path).refusals == [
        f"xlbridge ranking: {path}: Results row 2: {said}",
        f"xlbridge ranking: {path}: 1 line on Results needs checking before ranking: put it right (the Check column "
        "says why)",
    ]
    typed(path, "Results", {"G2": "-9"})
    assert xlbridge("calc", path, "--in-place").status == 0
    assert Book(path).sheets["Results"].get(LAYOUT.results.position("Check", 0)) in (None, "")
    assert xlbridge("ranking", path).status == 0


def test_a_workbook_of_tricks_taken_is_read_as_tricks_taken(here: Path) -> None:
    """A workbook whose results are all tricks taken (10 for 4S made, 9 for down one): nothing to put in doubt, a
    bare 1 there is four spades nine down, as typed."""
    from .workbooks import Book, typed

    path = here / "tue.xlsx"
    typed(path, "Results", {"G2": "1", "G3": "9", "G4": "9", "G5": "10"})
    assert xlbridge("calc", path, "--in-place").status == 0
    assert xlbridge("ranking", path).status == 0
    assert Book(path).value("Results", "J2") == -450  # NS score: 4S nine down, not vulnerable on board 1
