"""Setting up the classic xlwings add-in: the xlwings.conf file is merged, never clobbered."""

from __future__ import annotations

import stat
import subprocess
import sys
from pathlib import Path

from xlbridge.cli import main
from xlbridge.files.addin import configure

from .safety import current_umask


def test_new_config_file(tmp_path: Path) -> None:
    """A fresh file gets UDF MODULES, and the interpreter when asked."""
    path = tmp_path / "sub" / "xlwings.conf"
    done = configure(path, interpreter=r"C:\Python311\pythonw.exe")
    assert (done.changed, done.added_module, done.interpreter_kept) == (True, True, False)
    text = done.text
    assert path.read_text(encoding="utf-8") == text
    assert '"UDF MODULES","xlbridge.udfs"' in text
    assert r'"INTERPRETER_WIN","C:\Python311\pythonw.exe"' in text or '"INTERPRETER_MAC"' in text


def test_existing_settings_are_kept_and_modules_merged(tmp_path: Path) -> None:
    """Other modules and settings stay; xlbridge is added once; running again changes nothing."""
    path = tmp_path / "xlwings.conf"
    original = '"INTERPRETER_WIN","C:\\conda\\python.exe"\n"UDF MODULES","club_tools;other"\n"DEBUG UDFS","False"\n'
    path.write_text(original, encoding="utf-8")
    done = configure(path, interpreter="ignored because one is set")
    assert (done.changed, done.interpreter, done.interpreter_kept) == (True, "C:\\conda\\python.exe", True)
    assert done.text.splitlines() == [
        '"INTERPRETER_WIN","C:\\conda\\python.exe"',
        '"UDF MODULES","club_tools;other;xlbridge.udfs"',
        '"DEBUG UDFS","False"',
    ]
    assert configure(path).changed is False


def test_command_writes_a_folder_config(tmp_path: Path, capsys: object) -> None:
    """xlbridge addin --folder DIR writes DIR/xlwings.conf and says what to do next."""
    assert main(["addin", "--folder", str(tmp_path), "--no-interpreter"]) == 0
    assert (tmp_path / "xlwings.conf").read_text(encoding="utf-8") == '"UDF MODULES","xlbridge.udfs"\n'
    assert "Import Functions" in capsys.readouterr().out  # type: ignore[attr-defined]


def run_addin(folder: Path, *options: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "xlbridge", "addin", "--folder", str(folder), *options],
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_an_interpreter_already_set_is_kept_and_said(tmp_path: Path) -> None:
    """`xlbridge addin` where the file already names another Python: that one is kept, and the command says so
    (xlbridge must be installed there), rather than a bare "Updated"."""
    conf = tmp_path / "xlwings.conf"
    conf.write_text('"INTERPRETER_WIN","C:\\conda\\python.exe"\n"INTERPRETER_MAC","/opt/conda/bin/python"\n')
    done = run_addin(tmp_path)
    assert (done.returncode, done.stderr) == (0, "")
    lines = done.stdout.splitlines()
    assert lines[0] == f"Updated {conf}: xlbridge.udfs added to its UDF Modules"
    assert lines[1].startswith("The add-in runs the Python already set there, ")
    assert "xlbridge must be installed in it" in lines[1]
    again = run_addin(tmp_path)
    assert again.stdout.splitlines()[0] == f"Already set up: {conf} has xlbridge.udfs in its UDF Modules"


def test_a_new_file_records_this_python(tmp_path: Path) -> None:
    """A fresh xlwings.conf names this Python, and the command says which; the file gets the user's umask."""
    done = run_addin(tmp_path)
    assert done.returncode == 0
    assert f"The add-in will run this Python: {sys.executable}" in done.stdout.splitlines()
    assert stat.S_IMODE((tmp_path / "xlwings.conf").stat().st_mode) == 0o666 & ~current_umask()


def test_a_file_that_is_not_a_config_is_kept(tmp_path: Path) -> None:
    """An xlwings.conf that is not text, or a --folder that is a file: one line, exit 2, nothing changed."""
    conf = tmp_path / "xlwings.conf"
    conf.write_bytes(b"\xff\xfe\x00junk")
    done = run_addin(tmp_path)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == f"xlbridge addin: {conf}: not an xlwings.conf (it is not UTF-8 text); kept as it is\n"
    assert conf.read_bytes() == b"\xff\xfe\x00junk"
    done = run_addin(conf)
    assert (done.returncode, done.stderr) == (2, f"xlbridge addin: {conf}: is a file, not a folder; give a folder to "
                                              "write into\n")  # fmt: skip
