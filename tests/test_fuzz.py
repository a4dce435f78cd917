"""Junk of every format given to the commands: truncated, garbled and spliced CSV, PBN and USEBIO files, damaged
workbook packages, binary files. Whatever it is, the command either does its job or refuses it with one line on
stderr naming the file and exit status 2, and leaves the file it was given as it was: nothing else (a traceback is
a bug) is reachable.

Each case is made from a seed file by a few random edits, reproducibly (the case's name seeds its random numbers),
so a failure names the case that reproduces it. The default run tries a few hundred cases in seconds; ``-m slow``
runs a bigger set.
"""

from __future__ import annotations

import io
import random
import re
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from xlbridge.cli import main
from xlbridge.engine.errors import BridgeInputError
from xlbridge.engine.standings import score_session
from xlbridge.files.interchange import read_results
from xlbridge.files.workbook.calc import write_values
from xlbridge.files.workbook.evaluate import evaluate
from xlbridge.files.workbook.xlsx import open_package, read_values

from .conftest import HOWELL
from .safety import Untouched
from .test_interchange import CSV_SESSION, PBN_SESSION, TEAMS

CSV_FULL = (
    "Board,NS,EW,Contract,By,Result,Lead,Adjusted\n1,1,2,4S,N,=,HA,\n1,3,4,4SX,E,-2,C3,\n2,1,3,,,,,A6040\n"
    "2,2,4,3NT,S,10,S2,\n3,1,4,PASS,,,,\n"
)
NAMES = "pair,direction,player1,player2\n1,,Ann Smith,Bob Jones\n2,,C,D\n3,,E,F\n4,,G,H\n"
#: The seed files the junk is made from, by name (the name's ending is the one a user would give it).
TEXT_SEEDS: dict[str, bytes] = {
    "session.csv": CSV_FULL.encode(),
    "header.csv": CSV_SESSION.encode(),
    "salliere.csv": b"1,1,1,4S,N,10\n1,2,2,4S,N,9\n2,1,2,2H,E,8\n2,2,1,3NT,S,9\n",
    "session.pbn": PBN_SESSION.encode(),
    "howell.xml": HOWELL.read_bytes()[:12_000] + b"</BOARD></EVENT></USEBIO>\n",
    "teams.xml": TEAMS.encode(),
    "names.csv": NAMES.encode(),
}
#: What junk is spliced in: the words of the formats, numbers at and beyond their limits, quoting and markup,
#: characters from elsewhere.
TOKENS = [
    "4S", "7NT", "8S", "4Z", "PASS", "4SXX", "N", "Q", "=", "+1", "-13", "14", "13", "0", "-1", "99999999999", "1e400",
    "nan", "0.5", "A6040", "A", "A+", "Z", "7NS", "7EW", "7XY", "", " ", ",", ";", "\t", "\r", "\n", "\r\n", '"',
    "'", "\\", "[", "]", "{", "}", "<", ">", "&", "&amp;", "&#1;", "<!--", "]]>", "<BOARD>", "</BOARD>", "<PAIR>",
    "<TRAVELLER_LINE>", "<MATCH>", '[Board "', '[ScoreTable "', "#", "-", "%", "é", "♠", "\u00a0", "\ufeff", "\x00",
    "\x01", "\x1a", "\xff", "_x0001_", "x" * 200, "9" * 40,
]  # fmt: skip


def mutate(data: bytes, rng: random.Random, edits: int | None = None) -> bytes:
    """``data`` after a few random edits: cut short, bytes flipped, junk spliced in, spans dropped or repeated,
    lines swapped or lost."""
    for _ in range(edits if edits is not None else rng.randint(1, 4)):
        edit = rng.randrange(8)
        at = rng.randrange(len(data) + 1)
        if edit == 0:
            data = data[:at]
        elif edit == 1 and data:
            flipped = bytearray(data)
            for _ in range(rng.randint(1, 8)):
                flipped[rng.randrange(len(flipped))] = rng.randrange(256)
            data = bytes(flipped)
        elif edit in (2, 3):
            token = rng.choice(TOKENS).encode("utf-8" if rng.random() < 0.8 else "latin-1", "replace")
            data = data[:at] + token * rng.choice((1, 1, 1, 3, 50)) + data[at:]
        elif edit == 4:
            data = data[:at] + data[at + rng.randint(1, 40) :]
        elif edit == 5:
            data = data[:at] + data[at : at + rng.randint(1, 200)] * rng.randint(2, 4) + data[at:]
        else:
            lines = data.split(b"\n")
            i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
            if edit == 6:
                lines[i], lines[j] = lines[j], lines[i]
            else:
                del lines[i]
            data = b"\n".join(lines)
    return data


def binary(rng: random.Random) -> bytes:
    """Bytes of no format, or the start of a common non-text format."""
    starts = [b"", b"PK\x03\x04", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", b"%PDF-1.7\n", b"\x1f\x8b", b"\xff\xfe", b"<"]
    return rng.choice(starts) + rng.randbytes(rng.choice((0, 1, 10, 300, 5000)))


def mutate_package(data: bytes, rng: random.Random) -> bytes:
    """A workbook package with one or two of its parts garbled (the zip itself intact), or the zip's bytes
    garbled."""
    if rng.random() < 0.2:
        return mutate(data, rng)
    source = zipfile.ZipFile(io.BytesIO(data))
    infos = source.infolist()
    targets = {rng.choice(infos).filename for _ in range(rng.randint(1, 2))}
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for info in infos:
            part = source.read(info)
            if info.filename in targets:
                if rng.random() < 0.1:
                    continue  # the part is gone
                part = mutate(part, rng)
            archive.writestr(info.filename, part)
    return out.getvalue()


#: The last line of a refusal of several problems: their count (``3 lines cannot be imported as ...``, ``5 problems
#: in the movement file``, ``2 lines on Results need checking``).
COUNTED = re.compile(r": [0-9][0-9,]* [a-z]")


def one_line(status: int, err: str, command: str, path: Path) -> None:
    """A refusal: exit status 2, one line naming the command and the file (several problems, of a results file's
    lines, a movement file's rows, a workbook's rows: one line each, then their count), every line naming them."""
    assert status == 2, (status, err)
    assert err.endswith("\n"), err
    lines = err.splitlines()
    assert len(lines) == 1 or COUNTED.search(lines[-1]), err
    for line in lines:
        assert line.startswith(f"xlbridge {command}: "), err
        assert str(path) in line or str(path.parent) in line or "--" in line, err


def cases(names: list[str], count: int) -> Iterator[tuple[str, random.Random]]:
    for name in names:
        for index in range(count):
            yield f"{name}#{index}", random.Random(f"{name}#{index}")


def results_files(tmp_path: Path, count: int, imports: int, capsys: pytest.CaptureFixture[str]) -> int:
    """Junk results files through ``xlbridge import``: each refusal is one line, exit 2, the file unchanged and
    nothing written; a file still read is imported (up to ``imports`` per seed, the rest laid out by the engine).
    Returns how many were refused."""
    refused = 0
    imported: dict[str, int] = {}
    for case, rng in cases([*TEXT_SEEDS, "binary"], count):
        seed = case.split("#")[0]
        data = binary(rng) if seed == "binary" else mutate(TEXT_SEEDS[seed], rng)
        folder = tmp_path / case.replace("#", "-")
        folder.mkdir(parents=True)
        path = folder / (seed if seed != "binary" else "results.csv")
        path.write_bytes(data)
        keep = rng.random() < 0.3
        options = ["--keep-bad-lines"] if keep else []
        try:
            result = read_results(path, keep_bad=keep)
        except BridgeInputError as error:
            message = "".join(f"xlbridge import: {line}\n" for line in (*error.details, error.message))
        except Exception as error:  # a bug: say which case reproduces it
            raise AssertionError(f"{case}: {type(error).__name__}: {error}\n{data[:300]!r}") from error
        else:
            message = ""
        if message:
            refused += 1
            status = main(["import", str(path), "-o", str(folder / "out.xlsx"), *options])
            captured = capsys.readouterr()
            one_line(status, captured.err, "import", path)
            assert captured.err == message, case
            assert path.read_bytes() == data, case
            assert [p.name for p in folder.iterdir()] == [path.name], case
            continue
        if imported.get(result.format, 0) < imports:
            imported[result.format] = imported.get(result.format, 0) + 1
            status = main(["import", str(path), "-o", str(folder / "out.xlsx"), *options])
            captured = capsys.readouterr()
            assert status == 0, (case, captured.err)
            assert path.read_bytes() == data, case
            if result.session is not None:
                read_values(open_package(folder / "out.xlsx"), "Results")
        elif result.session is not None:
            score_session(result.session)
    return refused


MOVEMENT = (
    "round,table,ns,ew,boards\n1,1,1,1,1-2\n1,2,2,2,3-4\n1,3,3,3,5-6\n2,1,1,3,3-4\n2,2,2,1,5-6\n2,3,3,2,1-2\n"
    "3,1,1,2,5-6\n3,2,2,3,1-2\n3,3,3,1,3-4\n"
)  # xlbridge movement mitchell --tables 3 --boards-per-round 2 --csv
PLAYED = "Board,NS,EW,Contract,By,Result\n1,1,1,4S,N,=\n2,1,1,3NT,S,9\n3,2,2,2H,E,8\n4,2,2,1NT,W,7\n"


def movement_files(tmp_path: Path, count: int, capsys: pytest.CaptureFixture[str]) -> int:
    """Junk movement files (``--movement-file``) with a results file: each refusal one line, exit 2, nothing
    written, the files unchanged. Returns how many were refused."""
    refused = 0
    for case, rng in cases(["movement.csv"], count):
        folder = tmp_path / case.replace("#", "-")
        folder.mkdir(parents=True)
        results, plan = folder / "played.csv", folder / "movement.csv"
        results.write_text(PLAYED)
        plan.write_bytes(mutate(MOVEMENT.encode(), rng))
        kept = Untouched(results, plan)
        keep = ["--keep-bad-lines"] if rng.random() < 0.3 else []
        try:
            status = main(["import", str(results), "--movement-file", str(plan), "-o", str(folder / "o.xlsx"), *keep])
        except Exception as error:  # a bug: say which case reproduces it
            raise AssertionError(f"{case}: {type(error).__name__}: {error}\n{plan.read_bytes()[:300]!r}") from error
        captured = capsys.readouterr()
        if status != 0:
            refused += 1
            one_line(status, captured.err, "import", plan)
            assert sorted(p.name for p in folder.iterdir()) == ["movement.csv", "played.csv"], case
        kept.check()
    return refused


def workbook_files(
    tmp_path: Path, seeds: dict[str, Path], count: int, capsys: pytest.CaptureFixture[str]
) -> dict[str, int]:
    """Damaged workbooks through ``ranking``, ``standings``, ``export`` and the part of ``calc`` that writes values
    into a copy: one line and exit 2 for each refusal, the workbook unchanged. Returns the refusals by command."""
    refusals = {"ranking": 0, "standings": 0, "export": 0, "calc": 0}
    for case, rng in cases(list(seeds), count):
        seed = case.split("#")[0]
        folder = tmp_path / case.replace("#", "-")
        folder.mkdir(parents=True)
        path = folder / f"{seed}.xlsx"
        data = mutate_package(seeds[seed].read_bytes(), rng) if rng.random() < 0.9 else binary(rng)
        path.write_bytes(data)
        kept = Untouched(path)
        for command in ("ranking", "standings", "export"):
            argv = [command, str(path)] + (["--pbn", str(folder / "out.pbn")] if command == "export" else [])
            try:
                status = main(argv)
            except Exception as error:  # a bug: say which case reproduces it
                raise AssertionError(f"{case} {command}: {type(error).__name__}: {error}") from error
            captured = capsys.readouterr()
            if status != 0:
                refusals[command] += 1
                one_line(status, captured.err, command, path)
            kept.check()
        try:  # calc: xlbridge's own formulas evaluated, the values placed in a copy (the formulas engine is too
            # slow to run hundreds of times; it is given damaged files in test_calc.py)
            package = open_package(path)
            evaluate(package)
            write_values(package, {sheet: {(1, 1): "x", (3, 2): 1.5} for sheet in package.sheets}, folder / "c.xlsx",
                         replace=False)  # fmt: skip
        except BridgeInputError:
            refusals["calc"] += 1
        except Exception as error:
            raise AssertionError(f"{case} calc: {type(error).__name__}: {error}") from error
        kept.check()
    return refusals


@pytest.fixture(scope="module")
def workbook_seeds(tmp_path_factory: pytest.TempPathFactory, teams_workbook: Path) -> dict[str, Path]:
    """A computed pairs session (imported from CSV) and a computed teams event, to damage."""
    folder = tmp_path_factory.mktemp("seeds")
    source = folder / "session.csv"
    source.write_text(CSV_FULL)
    assert main(["import", str(source), "-o", str(folder / "pairs.xlsx")]) == 0
    return {"pairs": folder / "pairs.xlsx", "teams": teams_workbook}


def test_junk_results_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Some 300 junk results files, every format and binary, and 40 junk movement files: each refused in one line
    or imported, none a bug."""
    refused = results_files(tmp_path, 40, 2, capsys)
    assert refused > 150  # the junk is junk: most of it is refused (so the test does reach the refusals)
    assert movement_files(tmp_path / "movements", 40, capsys) > 10


def test_junk_workbooks(tmp_path: Path, workbook_seeds: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    """Some 40 damaged workbooks through every command that reads one: refused in one line, or read."""
    refusals = workbook_files(tmp_path, workbook_seeds, 20, capsys)
    assert min(refusals.values()) > 10


@pytest.mark.slow
def test_more_junk(tmp_path: Path, workbook_seeds: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    """The same, ten times over, with more of the files that can still be read imported."""
    results_files(tmp_path / "results", 400, 15, capsys)
    movement_files(tmp_path / "movements", 400, capsys)
    workbook_files(tmp_path / "workbooks", workbook_seeds, 300, capsys)
