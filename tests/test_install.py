"""The command a hint names installs an extra the way xlbridge itself was installed: from an index by name, from
the wheel file, from a copy of the repository (editable or not), from an address or a repository."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from xlbridge.engine.install import requirement

ROOT = Path(__file__).resolve().parent.parent

WHEEL = "xlbridge-0.1.0-py3-none-any.whl"
RELEASE = f"https://github.com/xlbridge/xlbridge/releases/download/v0.1.0/{WHEEL}"


@pytest.mark.parametrize(
    ("origin", "windows", "expected"),
    [
        # from an index (pip records no direct_url.json)
        (None, False, '"xlbridge[calc]"'),
        (None, True, '"xlbridge[calc]"'),
        # the wheel file, as pip records it on Linux or macOS, and on Windows (a folder with a space, a share)
        ({"url": f"file:///home/club/Downloads/{WHEEL}", "archive_info": {}}, False,
         f'"/home/club/Downloads/{WHEEL}[calc]"'),
        ({"url": f"file:///C:/Users/Jane%20Smith/Downloads/{WHEEL}", "archive_info": {}}, True,
         f'"C:\\Users\\Jane Smith\\Downloads\\{WHEEL}[calc]"'),
        ({"url": f"file://clubserver/scoring/{WHEEL}", "archive_info": {}}, True,
         f'"\\\\clubserver\\scoring\\{WHEEL}[calc]"'),
        # a copy of the repository: editable (pip install -e .) or not (pip install .)
        ({"url": "file:///home/club/xlbridge", "dir_info": {"editable": True}}, False,
         '-e "/home/club/xlbridge[calc]"'),
        ({"url": "file:///C:/Users/club/xlbridge", "dir_info": {"editable": True}}, True,
         '-e "C:\\Users\\club\\xlbridge[calc]"'),
        ({"url": "file:///home/club/xlbridge", "dir_info": {}}, False, '"/home/club/xlbridge[calc]"'),
        # the wheel at an address, and the repository at a tag
        ({"url": RELEASE, "archive_info": {}}, False, f'"xlbridge[calc] @ {RELEASE}"'),
        ({"url": "https://github.com/xlbridge/xlbridge.git",
          "vcs_info": {"vcs": "git", "requested_revision": "v0.1.0", "commit_id": "0123abcd"}}, False,
         '"xlbridge[calc] @ git+https://github.com/xlbridge/xlbridge.git@v0.1.0"'),
        ({"url": "https://github.com/xlbridge/xlbridge.git", "vcs_info": {"vcs": "git", "commit_id": "0123abcd"}},
         False, '"xlbridge[calc] @ git+https://github.com/xlbridge/xlbridge.git@0123abcd"'),
        # a folder whose name a POSIX shell would expand in double quotes: single quotes
        ({"url": "file:///home/club/%24HOME/xlbridge", "dir_info": {"editable": True}}, False,
         "-e '/home/club/$HOME/xlbridge[calc]'"),
    ],
)  # fmt: skip
def test_the_requirement_names_where_xlbridge_came_from(
    origin: dict[str, object] | None, windows: bool, expected: str
) -> None:
    """What `pip install` is given, for each direct_url.json pip writes (PEP 610), quoted for the shell of the
    platform (double quotes: cmd, PowerShell and a POSIX shell alike)."""
    assert requirement("calc", origin, windows=windows) == expected


def test_a_wheel_file_no_longer_there_is_named_by_its_release_address(tmp_path: Path) -> None:
    """The wheel file xlbridge was installed from, deleted since: the same wheel from the project's release; while
    the file is there, the file."""
    wheel = tmp_path / WHEEL
    origin = {"url": wheel.as_uri(), "archive_info": {}}
    assert requirement("web", origin, RELEASE, windows=False) == f'"xlbridge[web] @ {RELEASE}"'
    wheel.write_bytes(b"")
    assert requirement("web", origin, RELEASE, windows=False) == f'"{wheel}[web]"'


def hint(path: str) -> str:
    """The command this test run's xlbridge names for the web extra, in a process whose PATH is ``path``."""
    probe = "from xlbridge.engine.install import install_command; print(install_command('web'))"
    env = {**os.environ, "PATH": path}
    return subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True, check=True).stdout


@pytest.mark.skipif(shutil.which("pip", path=sysconfig.get_path("scripts")) is None, reason="no pip script here")
def test_pip_is_named_as_this_python_runs_it() -> None:
    """`pip` where the pip found first on the PATH is this Python's (an activated virtual environment); else this
    Python by its full path, as `python -m pip`, so that the extra goes where xlbridge is."""
    scripts = sysconfig.get_path("scripts")
    assert hint(os.pathsep.join([scripts, os.defpath])).startswith("pip install ")
    elsewhere = [folder for folder in os.defpath.split(os.pathsep) if Path(folder).resolve() != Path(scripts).resolve()]
    assert hint(os.pathsep.join(elsewhere)).startswith(f"{sys.executable} -m pip install ")


class Club:
    """A fresh virtual environment outside the tree, and a folder to work in, as a club's computer has them."""

    def __init__(self, folder: Path) -> None:
        self.venv, self.work = folder / "venv", folder / "club"
        self.work.mkdir()
        subprocess.run([sys.executable, "-m", "venv", str(self.venv)], check=True, timeout=300)
        self.bin = Path(sysconfig.get_path("scripts", vars={"base": str(self.venv), "platbase": str(self.venv)}))
        self.python = self.bin / Path(sys.executable).name

    def env(self, activated: bool = True) -> dict[str, str]:
        """The environment of a terminal where the virtual environment is activated (its scripts first on the
        PATH), or where it is not (xlbridge then run by its full path)."""
        env = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "VIRTUAL_ENV")}
        path = [folder for folder in env["PATH"].split(os.pathsep) if "venv" not in folder]
        env["PATH"] = os.pathsep.join([str(self.bin), *path] if activated else path)
        return env

    def shell(self, command: str, activated: bool = True) -> subprocess.CompletedProcess[str]:
        """A command line as the user types it (a hint, copied from the terminal)."""
        return subprocess.run(command, shell=True, cwd=self.work, env=self.env(activated), capture_output=True,
                              text=True, timeout=900)  # fmt: skip

    def xlbridge(self, *argv: str, activated: bool = True) -> subprocess.CompletedProcess[str]:
        return subprocess.run([str(self.bin / "xlbridge"), *argv], cwd=self.work, env=self.env(activated),
                              capture_output=True, text=True, timeout=600)  # fmt: skip

    def packages(self) -> set[str]:
        done = subprocess.run([str(self.python), "-m", "pip", "list", "--format=freeze"], capture_output=True,
                              text=True, check=True, timeout=120)  # fmt: skip
        names = {line.split("==")[0].lower() for line in done.stdout.splitlines() if "==" in line}
        return names - {"pip", "setuptools", "xlbridge"}

    def follow(
        self, extra: str, hint: str, command: list[str], activated: bool = True, note: bool = False
    ) -> subprocess.CompletedProcess[str]:
        """Run ``command``, which needs ``extra``: it stops, exit 2, with one line on stderr naming the extra and
        the command that installs it (with ``note``, it goes on without what the extra adds, exit 0, and its one
        line says so), which must match the pattern ``hint``; type that command; ``command`` then runs past the
        extra. Returns that second run."""
        before = self.xlbridge(*command, activated=activated)
        lines = before.stderr.splitlines()
        assert (before.returncode, len(lines)) == (0 if note else 2, 1), before.stderr
        said = rf"xlbridge {command[0]}: note: .* \((?P<hint>.+)\)" if note else (
            rf"xlbridge {command[0]}: (?:.* )?needs the {extra} extra: (?P<hint>.+)")  # fmt: skip
        named = re.fullmatch(said, lines[0])
        assert named is not None, lines[0]
        assert re.fullmatch(hint, named["hint"]), lines[0]
        done = self.shell(named["hint"], activated)
        assert done.returncode == 0, done.stderr
        return self.xlbridge(*command, activated=activated)


@pytest.mark.slow
def test_each_hint_of_a_wheel_install_installs_its_extra(tmp_path: Path) -> None:
    """Installed from the wheel without extras into a fresh environment, each command that needs an extra names
    the command that installs it from that wheel, and that command works: calc (adding XlsxWriter and tqdm, no
    numpy or scipy), web, formulas, hands, bridgemate."""
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(tmp_path / "dist"),
                    str(ROOT)], check=True, timeout=600)  # fmt: skip
    (wheel,) = (tmp_path / "dist").glob("xlbridge-*.whl")
    club = Club(tmp_path)
    installed = club.shell(f'pip install "{wheel}"')
    assert installed.returncode == 0, installed.stderr
    assert club.packages() == {"xlwings"}
    assert club.xlbridge("score", "4S", "=", "--by", "N").returncode == 0

    # What only reads runs in the base install: the ranking and the files of a session computed elsewhere.
    given = subprocess.run([sys.executable, "-m", "xlbridge", "demo", "--out", "given"], cwd=club.work,
                           capture_output=True, text=True, timeout=600)  # fmt: skip
    assert given.returncode == 0, given.stderr
    for command in (["ranking", "given/pairs-session.xlsx"], ["ranking", "given/pairs-session.xlsx", "--csv"],
                    ["export", "given/pairs-session.xlsx", "--pbn", "session.pbn"],
                    ["export", "given/pairs-session.xlsx", "--usebio", "session.xml"]):  # fmt: skip
        done = club.xlbridge(*command)
        assert (done.returncode, done.stderr) == (0, ""), done.stderr
    assert "Pair" in club.xlbridge("ranking", "given/pairs-session.xlsx").stdout
    assert (club.work / "session.pbn").is_file()
    assert (club.work / "session.xml").is_file()

    def hint(extra: str) -> str:
        return re.escape(f'pip install "{wheel}[{extra}]"')

    done = club.follow("calc", hint("calc"), ["demo"])
    assert done.returncode == 0, done.stderr
    assert club.packages() == {"xlwings", "xlsxwriter", "tqdm"}  # the calc extra: no numpy, no scipy

    done = club.follow("web", hint("web"), ["publish", "xlbridge-demo/pairs-session.xlsx", "-o", "site"])
    assert done.returncode == 0, done.stderr
    assert (club.work / "site" / "index.html").is_file()

    own = club.work / "own.xlsx"
    made = club.shell(f"python -c \"import xlsxwriter; b = xlsxwriter.Workbook('{own.name}'); "
                      "s = b.add_worksheet(); s.write_column('A1', [3, 4]); s.write_formula('A3', '=SUM(A1:A2)'); "
                      "b.close()\"")  # fmt: skip
    assert made.returncode == 0, made.stderr
    done = club.follow("formulas", hint("formulas"), ["calc", own.name])
    assert done.returncode == 0, done.stderr
    assert (club.work / "own-computed.xlsx").is_file()

    dealt = ["deal", "--boards", "2", "--seed", "5", "-o", "hands.pbn", "--force"]
    done = club.follow("hands", hint("hands"), dealt, note=True)  # without the solver: the deals, no analysis
    assert done.returncode == 0, done.stderr
    assert "tables and par by the solver" in done.stdout

    sent = ["bridgemate", "send", "xlbridge-demo/pairs-session.xlsx", "--url", "http://127.0.0.1:9"]
    done = club.follow("bridgemate", hint("bridgemate"), sent)
    assert done.returncode == 2
    assert "extra" not in done.stderr, done.stderr
    assert "http://127.0.0.1:9" in done.stderr


@pytest.mark.slow
def test_the_hint_of_an_editable_install_run_without_activating_it(tmp_path: Path) -> None:
    """Installed editable from this copy of the repository (`pip install -e .`), and xlbridge run by its full
    path from a terminal where the environment is not activated: the hint names that environment's Python and
    the copy, and works."""
    club = Club(tmp_path)
    installed = club.shell(f'pip install -e "{ROOT}"')
    assert installed.returncode == 0, installed.stderr
    hint = re.escape(str(club.bin)) + r"/python[\d.]* -m pip install -e " + re.escape(f'"{ROOT}[web]"')
    cards = ["movement", "mitchell", "--tables", "3", "--boards-per-round", "2", "--cards", "cards.html"]
    done = club.follow("web", hint, cards, activated=False)
    assert done.returncode == 0, done.stderr
    assert (club.work / "cards.html").is_file()
