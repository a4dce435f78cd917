"""Shared test helpers: where the real club sessions are kept."""

from __future__ import annotations

import compileall
import logging
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

# No test asserts how long something takes (timings are benchmarks/'s): Hypothesis's per-example deadline, a
# wall-clock assertion of its own, fails on a shared machine that is merely busy.
settings.register_profile("xlbridge", deadline=None)
settings.load_profile("xlbridge")

#: Copies of ../shared/fixtures: real Compscore3 sessions with the names removed (see data/README.md).
DATA = Path(__file__).resolve().parent / "data"
HOWELL = DATA / "usebio" / "mp_pairs_howell.xml"
BUTLER = DATA / "usebio" / "butler_mitchell.xml"


def real_files(pattern: str, under: str = "") -> list[Path]:
    """The real results files of other programs kept out of the repository (data/README.md says where they are found):
    those matching ``pattern`` under ``under`` in the folder XLBRIDGE_REAL_RESULTS names (none where it is unset)."""
    folder = os.environ.get("XLBRIDGE_REAL_RESULTS", "")
    return sorted((Path(folder) / under).rglob(pattern)) if folder else []


#: Compscore3's sessions: the two in the repository, and the five more of the ABF's public test data where
#: XLBRIDGE_REAL_RESULTS has them (compscore3_*.xml in its usebio/): every award and total is the file's.
COMPSCORE3 = [HOWELL, BUTLER, *real_files("compscore3_*.xml", "usebio")]


def pytest_configure(config: pytest.Config) -> None:
    """xlbridge compiled once, before the tests run their commands in subprocesses: where the environment says not
    to write bytecode (PYTHONDONTWRITEBYTECODE, as these machines set it), each of some 750 commands would otherwise
    compile xlbridge from its source again, a third of its time."""
    if sys.flags.dont_write_bytecode:
        compileall.compile_dir(Path(__file__).resolve().parent.parent / "xlbridge", quiet=1)


@pytest.fixture(autouse=True)
def no_bug_behind_an_error_value(caplog: pytest.LogCaptureFixture) -> Iterator[None]:
    """A worksheet function that meets a bug shows #VALUE! in its cells and logs the traceback (the path Excel
    gets): no test may pass while that happened."""
    yield
    bugs = [record for record in caplog.records if record.name == "xlbridge" and record.levelno >= logging.ERROR]
    assert not bugs, f"{bugs[0].getMessage()}\n{bugs[0].exc_text or ''}"


@pytest.fixture(scope="session")
def small_session(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A small computed pairs session (tue.xlsx, 4 results), imported from CSV (tue.csv, with names.csv) as a user
    would: by the command, in a process of its own."""
    from .safety import xlbridge
    from .test_cli_safety import NAMES
    from .test_interchange import CSV_SESSION

    folder = tmp_path_factory.mktemp("session")
    (folder / "tue.csv").write_text(CSV_SESSION)
    (folder / "names.csv").write_text(NAMES)
    done = xlbridge("import", "tue.csv", "--names", "names.csv", "-o", "tue.xlsx", cwd=folder)
    assert done.status == 0, done.err
    return folder / "tue.xlsx"


@pytest.fixture(scope="session")
def teams_workbook(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A small Swiss teams event (USEBIO) imported as the teams-event workbook, computed."""
    from xlbridge.files.interchange import import_to_workbook, read_results

    from .test_interchange import TEAMS

    folder = tmp_path_factory.mktemp("teams")
    source = folder / "teams.xml"
    source.write_text(TEAMS)
    return import_to_workbook(read_results(source), folder / "teams.xlsx")
