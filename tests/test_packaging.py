"""What ships: the wheel is pure Python, carries what it needs, and runs from outside the source tree."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "--quiet", "-w", str(out)],
        check=True,
        timeout=300,
    )
    (built,) = out.glob("xlbridge-*.whl")
    return built


def test_wheel_is_pure_python(wheel: Path) -> None:
    """xlwings Lite installs pure-Python wheels only: py3-none-any, no compiled files."""
    assert wheel.name.endswith("-py3-none-any.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert not [name for name in names if name.endswith((".so", ".pyd", ".dll"))]
    assert "xlbridge/udfs.py" in names
    assert "xlbridge/py.typed" in names
    assert "xlbridge/rules/duplicate.py" in names
    assert "xlbridge/files/templates/pairs_session.py" in names
    for data in ("demo-session.csv", "demo-names.csv", "demo-match.csv"):
        assert f"xlbridge/data/{data}" in names


def test_installed_wheel_runs_from_outside_the_tree(wheel: Path, tmp_path: Path) -> None:
    """Installed from the wheel alone, the command line scores from an unrelated folder."""
    target = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "--quiet", "--target", str(target), str(wheel)],
        check=True,
        timeout=300,
    )
    env = {**os.environ, "PYTHONPATH": str(target)}
    done = subprocess.run(
        [sys.executable, "-m", "xlbridge", "score", "4SX", "-2", "--board", "2", "--by", "N"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    assert "-500" in done.stdout
    where = subprocess.run(
        [sys.executable, "-c", "import xlbridge; print(xlbridge.__file__)"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    assert where.stdout.startswith(str(target))


def test_udfs_import_with_xlwings_alone() -> None:
    """Importing xlbridge.udfs pulls in nothing beyond the standard library and what xlwings itself imports."""
    probe = """
import json, sys
def third_party():
    return {name.split(".")[0] for name in sys.modules} - set(sys.stdlib_module_names) - {"__main__"}
import xlwings
before = third_party()
import xlbridge, xlbridge.udfs
print(json.dumps(sorted(third_party() - before)))
"""
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=60)
    assert json.loads(done.stdout) == ["xlbridge"]
