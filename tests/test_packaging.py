"""What ships: the wheel is pure Python, carries what it needs, and runs from outside the source tree."""

from __future__ import annotations

import email
import json
import os
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path
from typing import NamedTuple

import pytest

import xlbridge

ROOT = Path(__file__).resolve().parent.parent


def tree_state() -> str:
    """Everything git sees in the checkout, ignored files included (the empty string outside a git checkout)."""
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        return ""
    done = subprocess.run(
        ["git", "status", "--porcelain", "--ignored"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    # The test run's own caches and environments come and go; a build must add nothing else.
    passing = (".venv/", ".cache/", ".pytest_cache/", ".mypy_cache/", ".ruff_cache/", ".hypothesis/", "__pycache__/")
    return "\n".join(line for line in done.stdout.splitlines() if not any(part in line for part in passing))


class Built(NamedTuple):
    wheel: Path
    sdist: Path
    #: What git saw in the checkout before building, after ``pip wheel .``, after ``python -m build``.
    states: tuple[str, str, str]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    """``pip wheel .`` and ``python -m build`` from the checkout, and what git saw before and after each."""
    out = tmp_path_factory.mktemp("dist")
    before = tree_state()
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "--quiet", "-w", str(out / "pip")],
        check=True,
        timeout=300,
    )
    after_pip = tree_state()
    subprocess.run(
        [sys.executable, "-m", "build", "--outdir", str(out / "build"), str(ROOT)],
        check=True,
        timeout=300,
        capture_output=True,
    )
    after_build = tree_state()
    (wheel,) = (out / "pip").glob("xlbridge-*.whl")
    (sdist,) = (out / "build").glob("xlbridge-*.tar.gz")
    return Built(wheel, sdist, (before, after_pip, after_build))


@pytest.fixture(scope="module")
def wheel(built: Built) -> Path:
    return built.wheel


def test_building_leaves_the_source_tree_as_it_was(built: Built) -> None:
    """``pip wheel .`` and ``python -m build`` write no build/ folder and no egg-info into the checkout."""
    before, after_pip, after_build = built.states
    assert after_pip == before
    assert after_build == before
    assert not (ROOT / "build").exists()


def test_licence_and_version_ship_in_wheel_and_sdist(built: Built) -> None:
    """LICENSE is in both, the metadata says MIT, and the version is xlbridge.__version__ (kept in one place)."""
    wheel, sdist = built.wheel, built.sdist
    version = xlbridge.__version__
    assert wheel.name == f"xlbridge-{version}-py3-none-any.whl"
    assert sdist.name == f"xlbridge-{version}.tar.gz"
    with zipfile.ZipFile(wheel) as archive:
        assert f"xlbridge-{version}.dist-info/licenses/LICENSE" in archive.namelist()
        metadata = email.message_from_bytes(archive.read(f"xlbridge-{version}.dist-info/METADATA"))
    assert metadata["Version"] == version
    assert metadata["License-Expression"] == "MIT"
    assert metadata["License-File"] == "LICENSE"
    with tarfile.open(sdist) as archive:
        names = archive.getnames()
        licence = archive.extractfile(f"xlbridge-{version}/LICENSE")
        assert licence is not None
        assert "MIT License" in licence.read().decode()
    assert f"xlbridge-{version}/PKG-INFO" in names


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
    # xlbridge publish
    for page in ("base.html", "head.html", "macros.html", "index.html", "board.html", "pair.html", "style.css"):
        assert f"xlbridge/files/website/web/{page}" in names
    for page in ("hands.html", "diagram.html", "diagram.css"):  # the printable hand records, the deal diagram
        assert f"xlbridge/files/website/web/{page}" in names


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


def _without_calc_extra(argv: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    probe = (
        "import sys\n"
        "for name in ('xlsxwriter', 'formulas', 'openpyxl', 'numpy', 'schedula'):\n"
        "    sys.modules[name] = None  # as if the calc extra were not installed\n"
        "from xlbridge.cli import main\n"
        f"sys.exit(main({argv!r}))\n"
    )
    return subprocess.run([sys.executable, "-c", probe], cwd=cwd, capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize(
    "command",
    [
        ["demo", "--out", "demo"],
        ["templates", "--out", "blank"],
        ["import", "SESSION", "-o", "out.xlsx"],
        ["calc", "BOOK"],
    ],
    ids=lambda command: command[0],
)
def test_a_missing_extra_is_one_line_not_a_traceback(command: list[str], tmp_path: Path) -> None:
    """With only `pip install .` (no calc extra), a command that needs XlsxWriter or formulas says what to install
    (calc: a workbook with a formula of Excel's own, which only the formulas engine computes)."""
    import xlsxwriter

    session = ROOT / "xlbridge" / "data" / "demo-session.csv"
    book = tmp_path / "own-formula.xlsx"
    with xlsxwriter.Workbook(book) as workbook:
        sheet = workbook.add_worksheet()
        sheet.write_column("A1", [3, 4])
        sheet.write_formula("A3", "=SUM(A1:A2)")
    argv = [str(session) if a == "SESSION" else str(book) if a == "BOOK" else a for a in command]
    done = _without_calc_extra(argv, tmp_path)
    assert done.returncode == 2, done.stderr
    assert done.stderr.splitlines() == [f'xlbridge {command[0]}: needs the calc extra: pip install "xlbridge[calc]"']


def test_calc_of_a_template_needs_no_extra(tmp_path: Path) -> None:
    """A workbook whose formulas are all xlbridge's is computed by xlbridge itself: `pip install .` is enough."""
    book = tmp_path / "traveller.xlsx"
    book.write_bytes((ROOT / "workbooks" / "traveller.xlsx").read_bytes())
    done = _without_calc_extra(["calc", str(book)], tmp_path)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "traveller-computed.xlsx").is_file()
