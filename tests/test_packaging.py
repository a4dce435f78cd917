"""What ships: the wheel is pure Python, carries what it needs, and runs from outside the source tree."""

from __future__ import annotations

import email
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path
from typing import NamedTuple

import pytest

import xlbridge
from xlbridge.cli import EXTRAS
from xlbridge.engine.install import install_command

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


#: The repository's address, named once (the metadata hook, hatch_build.py, reads it).
REPOSITORY = xlbridge.PROJECT_URL


def test_the_metadata_links_the_project_from_its_one_address(built: Built) -> None:
    """The project's links PyPI shows (home, documentation, source, issues, changelog, releases) are all on the
    repository's address, and the long description is README.md with every link to a file of the repository made
    an address (PyPI shows it away from the files): no relative link is left."""
    version = xlbridge.__version__
    with zipfile.ZipFile(built.wheel) as archive:
        metadata = email.message_from_bytes(archive.read(f"xlbridge-{version}.dist-info/METADATA"))
    links = dict(entry.split(", ", 1) for entry in metadata.get_all("Project-URL"))
    assert set(links) == {"Homepage", "Documentation", "Source", "Issues", "Changelog", "Releases"}
    assert all(address.startswith(REPOSITORY) for address in links.values())
    assert metadata["Description-Content-Type"] == "text/markdown"
    description = metadata.get_payload()
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)\s]+)", description)
    assert len(targets) == len(re.findall(r"\]\(([^)\s]+)", readme)) > 0
    for target in targets:
        assert target.startswith(("https://", "http://", "mailto:", "#")), target
    for target in re.findall(r"\]\(([^)\s]+)", readme):
        if not target.startswith(("https://", "http://", "mailto:", "#")):
            blob = f"{REPOSITORY}/blob/v{version}/{target}"
            raw = REPOSITORY.replace("https://github.com/", "https://raw.githubusercontent.com/") + f"/v{version}/"
            assert f"]({blob})" in description or f"]({raw}{target})" in description, target


def test_the_long_description_renders_on_pypi(built: Built) -> None:
    """twine's check, as PyPI renders the long description: both files pass, strictly (no warning)."""
    done = subprocess.run([sys.executable, "-m", "twine", "check", "--strict", str(built.wheel), str(built.sdist)],
                          capture_output=True, text=True, timeout=300)  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.count("PASSED") == 2


def test_the_changelog_has_the_version_being_prepared() -> None:
    """CHANGELOG.md has a section for xlbridge.__version__ (dated, or marked unreleased until it is tagged), whose
    text is the release's notes; a version without one is refused, as the release workflow refuses to publish it."""
    script = ROOT / ".ci" / "changelog.py"
    done = subprocess.run([sys.executable, str(script), xlbridge.__version__], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip()
    assert not done.stdout.startswith("## ")
    missing = subprocess.run([sys.executable, str(script), "99.0.0"], capture_output=True, text=True)
    assert missing.returncode == 1
    assert "no section '## 99.0.0" in missing.stderr


def test_the_release_workflow_is_valid_and_publishes_the_checked_files() -> None:
    """.github/workflows/release.yml is a workflow GitHub Actions accepts (its published schema), runs on a version
    tag, checks the changelog and the long description, publishes on PyPI by trusted publishing (an identity token,
    no password) and attaches the wheel to the GitHub release."""
    workflow = ROOT / ".github" / "workflows" / "release.yml"
    done = subprocess.run([sys.executable, "-m", "check_jsonschema", "--builtin-schema", "vendor.github-workflows",
                           str(workflow)], capture_output=True, text=True, timeout=120)  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    text = workflow.read_text(encoding="utf-8")
    assert 'tags: ["v*"]' in text
    assert ".ci/changelog.py" in text
    assert "twine check --strict" in text
    assert "id-token: write" in text
    assert "pypa/gh-action-pypi-publish" in text
    assert "password" not in text
    assert re.search(r"gh release create .*dist/\*\.whl", text)


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


def _without_extras(argv: list[str], cwd: Path, keep: tuple[str, ...] = ()) -> subprocess.CompletedProcess[str]:
    """The command as a user runs it where xlbridge was installed without its extras (but those of ``keep``): each
    extra's libraries (the command line's table of them, and the hands extra's solver) cannot be imported."""
    blocked = sorted(
        [name for name, extra in EXTRAS.items() if extra not in keep] + ["endplay"] * ("hands" not in keep)
    )
    probe = (
        "import sys\n"
        f"for name in {blocked!r}:\n"
        "    sys.modules[name] = None  # as if its extra were not installed\n"
        "from xlbridge.cli import main\n"
        f"sys.exit(main({argv!r}))\n"
    )
    return subprocess.run([sys.executable, "-c", probe], cwd=cwd, capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="module")
def own_formula(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A workbook with a formula of the user's own (=SUM), which only the general formula engine computes."""
    import xlsxwriter

    book = tmp_path_factory.mktemp("own") / "own-formula.xlsx"
    with xlsxwriter.Workbook(book) as workbook:
        sheet = workbook.add_worksheet()
        sheet.write_column("A1", [3, 4])
        sheet.write_formula("A3", "=SUM(A1:A2)")
    return book


@pytest.mark.parametrize(
    "command",
    [
        ["demo", "--out", "demo"],
        ["templates", "--out", "blank"],
        ["import", "SESSION", "-o", "out.xlsx"],
        ["movement", "howell", "--tables", "3", "--boards-per-round", "2", "-o", "evening.xlsx"],
    ],
    ids=lambda command: command[0],
)
def test_a_missing_extra_is_one_line_not_a_traceback(command: list[str], tmp_path: Path) -> None:
    """Installed without extras, a command that writes a workbook says in one line which extra it needs and the
    command that installs it (for the way xlbridge was installed: see tests/test_install.py)."""
    session = ROOT / "xlbridge" / "data" / "demo-session.csv"
    argv = [str(session) if a == "SESSION" else a for a in command]
    done = _without_extras(argv, tmp_path)
    assert done.returncode == 2, done.stderr
    assert done.stderr.splitlines() == [f"xlbridge {command[0]}: needs the calc extra: {install_command('calc')}"]


def test_formulas_of_the_users_own_ask_for_the_formulas_extra(own_formula: Path, tmp_path: Path) -> None:
    """Only a workbook holding formulas that are not xlbridge's needs the general formula engine: the command says
    so, names the workbook and the formulas extra (not calc, which does not bring it)."""
    done = _without_extras(["calc", str(own_formula), "-o", "out.xlsx"], tmp_path, keep=("calc",))
    assert done.returncode == 2, done.stderr
    assert done.stderr.splitlines() == [
        f"xlbridge calc: {own_formula}: has formulas that are not xlbridge's own; computing them needs the formulas "
        f"extra: {install_command('formulas')}"
    ]
    assert not (tmp_path / "out.xlsx").exists()


def test_calc_of_a_template_needs_no_extra(tmp_path: Path) -> None:
    """A workbook whose formulas are all xlbridge's is computed by xlbridge itself: `pip install .` is enough."""
    book = tmp_path / "traveller.xlsx"
    book.write_bytes((ROOT / "workbooks" / "traveller.xlsx").read_bytes())
    done = _without_extras(["calc", str(book)], tmp_path)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "traveller-computed.xlsx").is_file()


@pytest.fixture(scope="module")
def evening(tmp_path_factory: pytest.TempPathFactory, teams_workbook: Path) -> Path:
    """A folder with a computed pairs session with its deals (a Hands sheet), its hand record, and a computed teams
    event, made with every extra."""
    folder = tmp_path_factory.mktemp("evening")

    def run(*argv: str) -> None:
        done = subprocess.run([sys.executable, "-m", "xlbridge", *argv], cwd=folder, capture_output=True, text=True,
                              timeout=300)  # fmt: skip
        assert done.returncode == 0, done.stderr

    run("demo", "--out", "demo")
    run("export", "demo/pairs-session.xlsx", "--pbn", "results.pbn")
    run("deal", "--boards", "27", "--seed", "5", "-o", "hands.pbn")
    run("import", "results.pbn", "--hands", "hands.pbn", "-o", "session.xlsx")
    shutil.copy(teams_workbook, folder / "teams.xlsx")
    return folder


@pytest.mark.parametrize(
    "command",
    [
        "ranking session.xlsx",
        "ranking session.xlsx --csv",
        "export session.xlsx --usebio OUT/session.xml",
        "export session.xlsx --pbn OUT/session.pbn",
        "standings teams.xlsx",
        "ladder session.xlsx demo/pairs-session.xlsx",
        "calc session.xlsx -o OUT/again.xlsx",
        "hands hands.pbn --csv",
        "movement mitchell --tables 7 --boards-per-round 3 --csv OUT/movement.csv",
        "publish session.xlsx -o OUT/site",
        "publish teams.xlsx -o OUT/site",
    ],
)
def test_reading_commands_run_without_the_extras(command: str, evening: Path, tmp_path: Path) -> None:
    """What only reads a computed workbook or a file, and prints or writes text, runs in a base install (`pip
    install xlbridge`, and the web extra for publish's pages): no XlsxWriter, no formula engine, no solver."""
    argv = [arg.replace("OUT", str(tmp_path)) for arg in command.split()]
    done = _without_extras(argv, evening, keep=("web",) if argv[0] == "publish" else ())
    assert done.returncode == 0, done.stderr
    outputs = [Path(arg) for arg in argv if arg.startswith(str(tmp_path))]
    assert all(path.exists() for path in outputs), done.stdout
    notes = [line for line in done.stderr.splitlines() if line.startswith("xlbridge ")]
    if argv[0] == "hands":  # the file's own tables, and a note naming the solver's extra
        assert notes == [
            "xlbridge hands: note: no double-dummy tables or par: the solver is not installed "
            f"({install_command('hands')})"
        ]
    else:
        assert notes == []
