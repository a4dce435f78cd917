"""Setting up the classic xlwings add-in: the xlwings.conf file is merged, never clobbered."""

from __future__ import annotations

from pathlib import Path

from xlbridge.cli import main
from xlbridge.files.addin import configure


def test_new_config_file(tmp_path: Path) -> None:
    """A fresh file gets UDF MODULES, and the interpreter when asked."""
    path = tmp_path / "sub" / "xlwings.conf"
    text, changed = configure(path, interpreter=r"C:\Python311\pythonw.exe")
    assert changed
    assert path.read_text(encoding="utf-8") == text
    assert '"UDF MODULES","xlbridge.udfs"' in text
    assert r'"INTERPRETER_WIN","C:\Python311\pythonw.exe"' in text or '"INTERPRETER_MAC"' in text


def test_existing_settings_are_kept_and_modules_merged(tmp_path: Path) -> None:
    """Other modules and settings stay; xlbridge is added once; running again changes nothing."""
    path = tmp_path / "xlwings.conf"
    original = '"INTERPRETER_WIN","C:\\conda\\python.exe"\n"UDF MODULES","club_tools;other"\n"DEBUG UDFS","False"\n'
    path.write_text(original, encoding="utf-8")
    text, changed = configure(path, interpreter="ignored because one is set")
    assert changed
    assert text.splitlines() == [
        '"INTERPRETER_WIN","C:\\conda\\python.exe"',
        '"UDF MODULES","club_tools;other;xlbridge.udfs"',
        '"DEBUG UDFS","False"',
    ]
    assert configure(path)[1] is False


def test_command_writes_a_folder_config(tmp_path: Path, capsys: object) -> None:
    """xlbridge addin --folder DIR writes DIR/xlwings.conf and says what to do next."""
    assert main(["addin", "--folder", str(tmp_path), "--no-interpreter"]) == 0
    assert (tmp_path / "xlwings.conf").read_text(encoding="utf-8") == '"UDF MODULES","xlbridge.udfs"\n'
    assert "Import Functions" in capsys.readouterr().out  # type: ignore[attr-defined]
