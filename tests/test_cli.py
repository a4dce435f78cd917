"""The command line: the demo (the README's first command), ranking, templates, score."""

from __future__ import annotations

import csv
import gc
import io
import subprocess
import sys
from pathlib import Path

import pytest

from xlbridge.cli import main
from xlbridge.files.templates import CLASSIC
from xlbridge.files.templates.blank import TEMPLATES

from .workbooks import Book


@pytest.fixture(scope="module")
def demo_folder(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    folder = tmp_path_factory.mktemp("demo") / "xlbridge-demo"
    done = subprocess.run(
        [sys.executable, "-m", "xlbridge", "demo", "--out", str(folder)],
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    return folder, done.stdout


def test_demo_writes_computed_workbooks_and_prints_the_ranking(demo_folder: tuple[Path, str]) -> None:
    """The demo session (9-table Mitchell) and the 16-board match, computed, ranked, and where they are."""
    folder, out = demo_folder
    assert sorted(path.name for path in folder.iterdir()) == ["pairs-session.xlsx", "teams-match.xlsx"]
    assert "North-South" in out
    assert "East-West" in out
    assert out.count("\n1 ") == 2  # a winner in each field
    assert "Seahorses v Kittiwakes: 16 boards" in out
    assert str(folder.resolve()) in out
    pairs = Book(folder / "pairs-session.xlsx")
    assert pairs.errors() == []
    assert pairs.value("Ranking", "B5") is not None


def test_demo_again_is_harmless_but_keeps_changed_files(demo_folder: tuple[Path, str], capsys) -> None:  # type: ignore[no-untyped-def]
    """Running the demo again replaces its own unchanged files; a changed file is kept unless --force."""
    folder, _ = demo_folder
    assert main(["demo", "--out", str(folder)]) == 0
    capsys.readouterr()
    match = folder / "teams-match.xlsx"
    match.write_bytes(match.read_bytes()[:-10] + b"0123456789")  # someone's changes
    changed = match.read_bytes()
    assert main(["demo", "--out", str(folder)]) == 2
    assert "kept" in capsys.readouterr().err
    assert match.read_bytes() == changed
    assert main(["demo", "--out", str(folder), "--force"]) == 0
    assert match.read_bytes() != changed


def test_ranking_table_and_csv(demo_folder: tuple[Path, str], capsys: pytest.CaptureFixture[str]) -> None:
    """The ranking command reads the workbook's own Ranking: a table, or CSV with the promised columns."""
    folder, _ = demo_folder
    workbook = folder / "pairs-session.xlsx"
    assert main(["ranking", str(workbook)]) == 0
    table = capsys.readouterr().out
    assert table.startswith("Tuesday Evening Pairs (demo)")
    assert main(["ranking", str(workbook), "--csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert list(rows[0]) == ["place", "pair", "direction", "names", "boards", "score", "percentage"]
    assert len(rows) == 18
    book = Book(workbook)
    for offset, row in enumerate(rows):
        r = 5 + offset
        assert row["place"] == book.value("Ranking", f"A{r}")
        assert row["pair"] == str(book.value("Ranking", f"B{r}"))
        assert row["direction"] == book.value("Ranking", f"C{r}")
        assert row["percentage"] == f"{book.value('Ranking', f'G{r}'):.2f}"
        assert row["percentage"].count(".") == 1
        assert len(row["percentage"].split(".")[1]) == 2


def test_ranking_of_something_else(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A workbook without a Ranking sheet: one line, exit 2."""
    path = tmp_path / "t.xlsx"
    TEMPLATES["traveller"](path, CLASSIC)
    assert main(["ranking", str(path)]) == 2
    assert "has no Results sheet" in capsys.readouterr().err


def test_templates_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """xlbridge templates writes every template; it will not replace files without --force."""
    assert main(["templates", "--for", "lite", "--out", str(tmp_path)]) == 0
    assert sorted(path.stem for path in tmp_path.iterdir()) == sorted(TEMPLATES)
    assert main(["templates", "--out", str(tmp_path)]) == 2
    assert "already exists" in capsys.readouterr().err
    assert main(["templates", "--out", str(tmp_path), "--force"]) == 0


def test_score_command(capsys: pytest.CaptureFixture[str]) -> None:
    """xlbridge score prints both sides, or one declarer; bad input is one line and exit 2."""
    assert main(["score", "4SX", "-2", "--board", "2"]) == 0
    out = capsys.readouterr().out
    assert "board 2 (E deals, NS vulnerable)" in out
    assert "NS   -500" in out
    assert "EW   -300" in out
    assert main(["score", "4S", "=", "--by", "W", "--vul", "EW"]) == 0
    assert "EW   +620" in capsys.readouterr().out
    assert main(["score", "8S", "="]) == 2
    assert capsys.readouterr().err == "xlbridge score: contract '8S': the level must be 1 to 7\n"


@pytest.mark.parametrize(("argv", "status"), [(["score", "4S", "="], 0), (["score", "8S", "="], 2)])
def test_the_command_exits_with_its_status(argv: list[str], status: int) -> None:
    """``python -m xlbridge`` (as the ``xlbridge`` script) exits with the command's status, and leaves Python's
    cycle collector as it found it."""
    probe = "import atexit, gc\n"
    probe += "atexit.register(lambda: print('collector', gc.get_freeze_count(), gc.isenabled(), gc.get_threshold()))\n"
    probe += f"import runpy, sys\nsys.argv = ['xlbridge', *{argv!r}]\nrunpy.run_module('xlbridge', run_name='__main__')"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
    assert done.returncode == status
    assert done.stdout.splitlines()[-1] == f"collector 0 True {gc.get_threshold()}"


@pytest.mark.parametrize(
    "argv",
    [["4S", "--by", "N", "="], ["4S", "=", "--by", "N"], ["--by", "N", "4S", "="], ["4S=", "--by", "N"]],
)
def test_score_takes_the_result_after_the_options(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """The result may come after the options, as a secretary types it (``xlbridge score 4S --by N =``), with the
    same answer as before them; a word too many is still refused."""
    assert main(["score", *argv]) == 0
    answer = "4S= (10 tricks), nobody vulnerable\n  by N               NS   +420   (traveller, N-S: +420)\n"
    assert capsys.readouterr().out == answer
    assert main(["score", "4SX", "--board", "2", "-2", "--by", "N"]) == 0
    assert "NS   -500" in capsys.readouterr().out
    with pytest.raises(SystemExit) as refused:
        main(["score", "4S", "--by", "N", "=", "extra"])
    assert refused.value.code == 2
    assert "unrecognized arguments: extra" in capsys.readouterr().err


def test_every_commands_help_prints(capsys: pytest.CaptureFixture[str]) -> None:
    """`xlbridge COMMAND --help` works for every command (help built from the registries, whose descriptions may
    hold a %, as EBUScore's "50%" handicaps do)."""
    import argparse

    from xlbridge.cli import build_parser

    commands = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    for name in commands.choices:
        with pytest.raises(SystemExit) as done:
            main([name, "--help"])
        assert done.value.code == 0, name
        assert "usage: xlbridge" in capsys.readouterr().out


def test_an_argument_that_must_be_given_has_no_default() -> None:
    """No help calls a choice the default of an argument that must be given (`movement`'s kind, Mitchell or
    Howell, has none): what a director reads in `xlbridge movement --help`."""
    import argparse

    from xlbridge.cli import build_parser

    commands = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    wrong = [f"{name} {action.dest}: {action.help}" for name, parser in commands.choices.items()
             for action in parser._actions
             if (action.required or not action.option_strings) and "(default" in (action.help or "")]  # fmt: skip
    assert wrong == []
    shown = subprocess.run([sys.executable, "-m", "xlbridge", "movement", "--help"], capture_output=True, text=True,
                           check=True).stdout  # fmt: skip
    assert "kind                  Mitchell, Howell, 3/4 Howell, Hesitation Mitchell,\n" in shown


def test_import_shows_its_progress_on_a_terminal_only(tmp_path: Path) -> None:
    """`xlbridge import` draws a one-line progress bar when stderr is a terminal (its last step full, then wiped),
    and writes nothing of it when stderr is a pipe or a file."""
    from .conftest import HOWELL
    from .safety import on_a_terminal

    command = [sys.executable, "-m", "xlbridge", "import", str(HOWELL), "-o"]
    status, text = on_a_terminal([*command, str(tmp_path / "tty.xlsx")])
    assert status == 0
    assert "[" + "#" * 6 + "." * 14 + "] reading mp_pairs_howell.xml" in text  # the first of three steps
    assert "[" + "#" * 20 + "] done" in text
    assert "\r" + " " * 63 + "\r" in text  # the bar is wiped before anything else is said
    piped = subprocess.run([*command, str(tmp_path / "piped.xlsx")], capture_output=True, text=True, check=True)
    assert "\r" not in piped.stderr
    assert "####" not in piped.stderr
    assert piped.stderr.count("\n") == text.count("\n")  # the same warnings, without the bar
