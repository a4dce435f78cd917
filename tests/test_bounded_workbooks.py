"""Hostile workbooks and input files are refused in a line, quickly and in little memory (issue 37, class 1 and 8).

Each file is one an attacker or a damaged disk can hand a club's secretary: a 100 KB workbook whose array formula
fills a whole sheet (17 billion cells), ranges over whole columns, a sheet part of millions of cells, a named pipe,
/dev/zero, a 3 GB file, an encrypted workbook, a damaged package, numbers of 5,000 digits. Each is given to
``ranking``, ``calc`` and ``publish`` as a user runs them, in a process of 1.5 GB of address space and a time
bound: before, the worst took all the memory there was (24 GB) or blocked forever. Each is now refused in one
line naming the sheet and the range (or the file and what it is), exit 2, and the files it was given untouched. A
range over whole columns that xlbridge's own functions read (a block's name, a function's argument) is read as its
rows in use, and answers as Excel does.
"""

from __future__ import annotations

import io
import os
import re
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest

from xlbridge.engine.errors import WorkbookError
from xlbridge.files.workbook import evaluate
from xlbridge.files.workbook.evaluate import Formula, evaluate_cells
from xlbridge.files.workbook.xlsx import (
    ENGINE_CELLS,
    MAX_PART_TAGS,
    READ_CELLS,
    READ_ROWS,
    open_package,
    read_values,
)

from .safety import Ran, Untouched, xlbridge
from .test_interchange import CSV_SESSION
from .workbooks import typed_into, zip_of

#: The machine each command runs on: 1.5 GB of address space (a run past it fails to allocate, with a traceback).
MEMORY = 1536 * 1024 * 1024
#: The longest a command may take before it is taken to hang (each takes about a second).
SECONDS = 60
COMMANDS = ("ranking", "calc", "publish")


def run(command: str, path: Path) -> Ran:
    """``command`` on the workbook at ``path``, as a user runs it, on a machine of :data:`MEMORY`."""
    outputs = {"ranking": [], "calc": ["-o", "out.xlsx"], "publish": ["-o", "site"]}[command]
    return xlbridge(command, path.name, *outputs, cwd=path.parent, memory=MEMORY, timeout=SECONDS)


def refused_by_all(path: Path, *says: str) -> None:
    """``ranking``, ``calc`` and ``publish`` each refuse the file at ``path`` in one line naming it and saying each
    of ``says``, write nothing and leave it as it was."""
    small = path.is_file() and path.stat().st_size < 1 << 20
    kept, status = Untouched(path) if small else None, path.stat() if path.is_file() else None
    for command in COMMANDS:
        line = run(command, path).refused
        assert line.startswith(f"xlbridge {command}: {path.name}: "), line
        for said in says:
            assert said in line, (said, line)
        assert not (path.parent / "out.xlsx").exists()
        assert not (path.parent / "site").exists()
    if kept is not None:
        kept.check()
    elif status is not None:  # a file of gigabytes: not read to be compared
        assert (path.stat().st_size, path.stat().st_mtime_ns) == (status.st_size, status.st_mtime_ns)


def parts_of(package: bytes) -> dict[str, bytes]:
    """The parts of a workbook package, by name."""
    with zipfile.ZipFile(io.BytesIO(package)) as archive:
        return {info.filename: archive.read(info) for info in archive.infolist()}


def changed(source: Path, folder: Path, where: str | None, change: Callable[[str], str]) -> Path:
    """A copy of the workbook ``source`` in ``folder`` (hostile.xlsx) with a part rewritten by ``change``, as
    another program could write it: the part of the sheet ``where``, or the part of that name, or (None) the
    workbook part, which holds the defined names."""
    package = open_package(source)
    part = package.workbook_part if where is None else package.sheets.get(where, where)
    parts = parts_of(source.read_bytes())
    text = parts[part].decode()
    parts[part] = change(text).encode()
    assert parts[part] != text.encode(), "the change changed nothing"
    path = folder / "hostile.xlsx"
    path.write_bytes(zip_of(parts))
    return path


def in_first_row(cells: str) -> Callable[[str], str]:
    """A sheet part's change: ``cells`` put at the start of its first row."""
    return lambda text: re.sub(r'(<row r="1"[^>]*>)', lambda found: found[1] + cells, text, count=1)


def before_end_of_data(rows: str) -> Callable[[str], str]:
    """A sheet part's change: ``rows`` put after its last row."""
    return lambda text: text.replace("</sheetData>", rows + "</sheetData>", 1)


# --- ranges past what a session's workbook holds -------------------------------------------------------------------

#: Each hostile change of the session workbook: where (a sheet, a part, or None: the workbook part), how, and what
#: the refusal says. A formula of the user's own goes beside the ranking (Ranking!J1, outside its table).
HOSTILE: dict[str, tuple[str | None, Callable[[str], str], tuple[str, ...]]] = {
    # the 100 KB workbook: an array formula filling every cell of a sheet (17 billion)
    "array-over-a-whole-sheet": ("Ranking", in_first_row('<c r="J1"><f t="array" ref="A1:XFD1048576">1+1</f>'
                                                         "<v>2</v></c>"),
                                 ("sheet Ranking, cell J1", "A1:XFD1048576")),
    # xlbridge's own array formula stretched over whole columns (2.9 GB and 28 s for ranking before)
    "array-over-whole-columns": ("Results", lambda text: text.replace('ref="J2:Q721"', 'ref="J2:R1048576"', 1),
                                 ("sheet Results, cell J2", "J2:R1048576")),
    # a value in the last cell of a sheet
    "a-value-in-the-last-cell": ("Ranking", before_end_of_data('<row r="1048576"><c r="XFD1048576"><v>1</v></c>'
                                                               "</row>"),
                                 ("sheet Ranking, cell XFD1048576", f"first {READ_ROWS:,} rows")),
    # three array formulas of a million cells each (each within the bounds, not all together)
    "formulas-filling-millions": ("Ranking", in_first_row("".join(
        f'<c r="{first}1"><f t="array" ref="{first}1:{last}100000">1+1</f><v>2</v></c>'
        for first, last in (("AA", "AJ"), ("AK", "AT"), ("AU", "BD")))),
        ("its formulas fill 3,0", f"cells in all, and xlbridge computes at most {READ_CELLS:,}")),
    # a damaged defined name (a traceback before)
    "a-name-not-a-range": (None, lambda text: text.replace("Results!$A$2:$I$721", "Results!$A$2:$I$ZZ"),
                           ("the name ResultsBlock is Results!$A$2:$I$ZZ, which is not a range",)),
}  # fmt: skip


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_a_workbook_past_the_bounds_is_refused_in_a_line(small_session: Path, tmp_path: Path, case: str) -> None:
    """Each workbook of :data:`HOSTILE` is refused by ranking, calc and publish in one line naming the sheet and
    the range, on a machine of 1.5 GB, where before the worst took all the memory there was."""
    where, change, says = HOSTILE[case]
    path = changed(small_session, tmp_path, where, change)
    assert path.stat().st_size < 120_000  # a small file, all of them
    refused_by_all(path, *says)


def whole_columns(text: str) -> str:
    """The workbook part's change: the session's blocks named over whole columns (to the sheet's last row), as a
    secretary may name them so that they never run out of rows."""
    return re.sub(r'(<definedName name="(?:Results|Names|Movement)Block">[^!<]+!\$A\$2:\$[A-Z]+\$)\d+', r"\g<1>1048576",
                  text)  # fmt: skip


def test_blocks_named_over_whole_columns_are_read_as_their_rows_in_use(small_session: Path, tmp_path: Path) -> None:
    """ResultsBlock, NamesBlock and MovementBlock named to row 1,048,576: ranking, publish and calc read them as the
    rows that hold anything (a function is handed the same cells but the blank rows at the end), so each answers
    as for the session itself, in a second or two and well within the machine's 1.5 GB. Before, ranking took
    2 minutes and 1.4 GB for a session of 351 results; on the branch's first bounds, it was refused."""
    path = changed(small_session, tmp_path, None, whole_columns)
    ranked = run("ranking", path)
    assert (ranked.status, ranked.err, ranked.out) == (0, "", run("ranking", small_session).out)
    assert run("publish", path).status == 0
    done = run("calc", path)
    assert (done.status, done.err) == (0, ""), done.err
    computed, session = open_package(tmp_path / "out.xlsx"), open_package(small_session)
    for sheet in session.sheets:
        assert read_values(computed, sheet) == read_values(session, sheet), sheet


def test_a_function_handed_whole_columns_in_a_users_own_cell(small_session: Path, tmp_path: Path) -> None:
    """``=RANKING(Results!A2:H1048576,...)`` typed in a cell of the user's own: computed by calc over the rows in
    use, as the template's own ranking beside it, and the workbook computed is ranked; before calc, its stale
    value is said as such."""
    formula = "RANKING(Results!A2:H1048576,NamesBlock,Method,Fields,PerBoard,MovementBlock,MPScale)"
    path = changed(small_session, tmp_path, "Ranking", in_first_row(f'<c r="J1"><f>{formula}</f><v>0</v></c>'))
    assert "Ranking!J1 shows 0, its entries give '1='" in run("ranking", path).refused
    done = run("calc", path)
    assert (done.status, done.err) == (0, ""), done.err
    ranked = run("ranking", tmp_path / "out.xlsx")
    assert (ranked.status, ranked.out) == (0, run("ranking", small_session).out)
    assert read_values(open_package(tmp_path / "out.xlsx"), "Ranking")[(1, 10)] == "1="


@pytest.mark.slow
def test_a_sheet_part_of_millions_of_cells_is_refused_before_it_is_parsed(small_session: Path, tmp_path: Path) -> None:
    """A sheet part of 3.4 million tags (3 million empty cells, 7 MB zipped): refused by its count of tags, before
    its tree (some 300 bytes a tag) is built."""
    rows = "".join(f'<row r="{row}">' + "".join(f'<c r="{letter}{row}"/>' for letter in "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
                   + "</row>" for row in range(30, 120_000))  # fmt: skip
    path = changed(small_session, tmp_path, "Movement", before_end_of_data(rows))
    part = open_package(small_session).sheets["Movement"]
    refused_by_all(path, f"part {part} has 3,364,260 XML tags", f"({MAX_PART_TAGS:,})")


def test_a_sheet_part_named_otherwise_is_checked_as_any_other(small_session: Path, tmp_path: Path) -> None:
    """A sheet whose part's name does not end in .xml (its relationship says it is the sheet): checked as an XML
    part is, so a damaged one is a line naming it."""
    parts = parts_of(small_session.read_bytes())
    part = open_package(small_session).sheets["Movement"]
    renamed = part.replace(".xml", ".dat")
    parts = {renamed if name == part else name: data for name, data in parts.items()}
    parts[renamed] = parts[renamed][: len(parts[renamed]) // 2]  # cut short
    rels = "xl/_rels/workbook.xml.rels"
    parts[rels] = parts[rels].replace(part.removeprefix("xl/").encode(), renamed.removeprefix("xl/").encode())
    path = tmp_path / "renamed.xlsx"
    path.write_bytes(zip_of(parts))
    refused_by_all(path, f"part {renamed}: line 2: ")  # then what the XML parser says (where the cut fell)


# --- what the general formula engine reads -------------------------------------------------------------------------

#: A formula of the user's own (a native function): the workbook is then computed by the general engine, which
#: makes a cell of every place of each sheet's used rectangle and of each merged range.
OWN_FORMULA = '<c r="K1"><f>1+1</f><v>2</v></c>'


@pytest.mark.parametrize(
    ("change", "says", "fix"),
    [
        (before_end_of_data('<row r="20000"><c r="XFD20000" s="1"/></row>'), "its last cell is XFD20000",
         "delete the rows and columns past the cells in use"),
        (lambda text: re.sub(r"(<mergeCells[^>]*>)", r'\1<mergeCell ref="A100:XFD1048576"/>', text),
         "it merges A100:XFD1048576", "unmerge it"),
    ],
    ids=["an-empty-cell-far-away", "a-merged-sheet"],
)  # fmt: skip
def test_what_the_general_engine_would_make_whole_is_refused(
    small_session: Path, tmp_path: Path, change: Callable[[str], str], says: str, fix: str
) -> None:
    """An empty formatted cell far from the rest, or a range merged over a sheet, where a formula of the user's
    own needs the general engine: calc refuses it in a line (the engine would make every cell of it); ranking and
    publish, which do not use the engine, read it as they read any other."""
    path = changed(small_session, tmp_path, "Ranking", lambda text: in_first_row(OWN_FORMULA)(change(text)))
    line = run("calc", path).refused
    assert line.startswith(f"xlbridge calc: {path.name}: sheet Ranking: {says} ("), line
    assert line.endswith(f"and it may make at most {ENGINE_CELLS:,}: {fix}"), line
    assert run("ranking", path).status == 0
    assert run("publish", path).status == 0


@pytest.mark.slow
def test_a_users_own_formula_over_its_rows_is_computed(small_session: Path, tmp_path: Path) -> None:
    """``=SUM(Results!I2:R721)``, a formula of the user's own over the block's rows: computed by the general
    engine as Excel computes it, within the machine's 1.5 GB."""
    path = changed(
        small_session, tmp_path, "Ranking", in_first_row('<c r="J1"><f>SUM(Results!I2:R721)</f><v>0</v></c>')
    )
    done = run("calc", path)
    assert (done.status, done.err) == (0, ""), done.err
    results = read_values(open_package(small_session), "Results")
    total = sum(value for (row, col), value in results.items() if row > 1 and 9 <= col <= 18
                and isinstance(value, int | float) and not isinstance(value, bool))  # fmt: skip
    assert read_values(open_package(tmp_path / "out.xlsx"), "Ranking")[(1, 10)] == total != 0


@pytest.mark.parametrize(
    ("reference", "says"),
    [
        ("Results!I2:R1048576", "its formula reads Results!I2:R1048576, to the sheet's last row, which the formula "
                                "engine that computes the workbook's own formulas misreads as its first row alone"),
        ("Results!I:R", "its formula reads Results!I:R (10,485,760 cells): the formula engine that computes the "
                        "workbook's own formulas would make"),
        ("Results!I2:R300000", "its formula reads Results!I2:R300000 (2,999,990 cells)"),
    ],
    ids=["to-the-last-row", "whole-columns", "three-million-cells"],
)  # fmt: skip
def test_whole_columns_in_a_users_own_formula(small_session: Path, tmp_path: Path, reference: str, says: str) -> None:
    """Whole columns in a formula of the user's own, as Excel users write them (selecting to the end writes
    ``I2:R1048576``): the general engine would read the first row alone (408 became 102: another answer than
    Excel's), or make a cell of every place (2.6 GB, and more than a minute): calc refuses each in a line, saying
    to give the rows in use. Ranking and publishing read the value Excel stored, as before."""
    path = changed(small_session, tmp_path, "Ranking", in_first_row(f'<c r="J1"><f>SUM({reference})</f><v>0</v></c>'))
    line = run("calc", path).refused
    assert line.startswith(f"xlbridge calc: {path.name}: sheet Ranking, cell J1: {says}"), line
    assert line.endswith(": give it only the cells in use")
    assert run("ranking", path).status == 0
    assert run("publish", path).status == 0


def test_a_dimension_claiming_a_whole_sheet_is_only_a_claim(small_session: Path, tmp_path: Path) -> None:
    """A sheet part whose ``<dimension>`` says it spans a whole sheet (xlbridge reads the cells, not the claim):
    ranked, and computed to the same values, as the session itself."""
    whole = '<dimension ref="A1:XFD1048576"/>'
    path = changed(small_session, tmp_path, "Results", lambda text: re.sub(r'<dimension ref="[^"]*"/>', whole, text))
    ranked = run("ranking", path)
    assert (ranked.status, ranked.out) == (0, run("ranking", small_session).out)
    assert run("calc", path).status == 0
    computed = open_package(tmp_path / "out.xlsx")
    assert read_values(computed, "Ranking") == read_values(open_package(small_session), "Ranking")


# --- files that are no workbook -------------------------------------------------------------------------------------


def test_a_named_pipe_is_refused_without_waiting(tmp_path: Path) -> None:
    """A FIFO given as a workbook (its reader would wait for a writer forever): refused by what it is."""
    if not hasattr(os, "mkfifo"):
        pytest.skip("no named pipes here")
    path = tmp_path / "pipe.xlsx"
    os.mkfifo(path)
    refused_by_all(path, "is a named pipe (FIFO), not a file")


def test_a_device_is_refused_unread(tmp_path: Path) -> None:
    """/dev/zero given as a workbook (it never ends): refused by what it is, nothing read."""
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero here")
    path = tmp_path / "zero.xlsx"
    path.symlink_to("/dev/zero")
    refused_by_all(path, "is a device, not a file")


def test_a_folder_is_refused(tmp_path: Path) -> None:
    (tmp_path / "folder.xlsx").mkdir()
    refused_by_all(tmp_path / "folder.xlsx", "is a folder, not a file")


def test_a_file_of_gigabytes_is_refused_by_its_size(tmp_path: Path) -> None:
    """A 3 GB file that starts as a zip does (sparse: it takes no disk): refused by its size, nothing read."""
    path = tmp_path / "huge.xlsx"
    with path.open("wb") as file:
        file.write(b"PK\x03\x04")
        file.truncate(3 * 1024**3)
    refused_by_all(path, "refused: 3,221,225,472 bytes is far more than a workbook holds")


DAMAGED: dict[str, tuple[Callable[[bytes], bytes], str]] = {
    "encrypted": (lambda data: b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(4096),
                  "an encrypted (password-protected) workbook or an old .xls file"),
    "cut-short": (lambda data: data[: len(data) // 2], "the workbook is damaged (not a readable zip package"),
    "without-its-workbook-part": (lambda data: zip_of({name: part for name, part in parts_of(data).items()
                                                       if name != "xl/workbook.xml"}),
                                  "not an Excel workbook (no xl/workbook.xml part)"),
}  # fmt: skip


@pytest.mark.parametrize("case", sorted(DAMAGED))
def test_an_encrypted_or_damaged_package_is_a_line(small_session: Path, tmp_path: Path, case: str) -> None:
    damage, says = DAMAGED[case]
    path = tmp_path / "damaged.xlsx"
    path.write_bytes(damage(small_session.read_bytes()))
    refused_by_all(path, says)


@pytest.mark.parametrize(
    ("cells", "says"),
    [
        ({"A2": "9" * 5000}, f"Results row 2: board '{'9' * 49}... (5000 characters): too large (at most 15 digits)"),
        ({"D2": "4" + "0" * 5000 + "S"}, f"Results row 2: contract '4{'0' * 48}... (5002 characters): the level "
                                         "must be 1 to 7"),
    ],
    ids=["board", "contract"],
)  # fmt: skip
def test_numbers_of_thousands_of_digits_in_a_workbook(
    small_session: Path, tmp_path: Path, cells: dict[str, object], says: str
) -> None:
    """A board or a contract typed as 5,000 digits (int() refuses more than 4,300): ranking and publish on the
    workbook as saved say it was changed and not computed, quoting the value cut short; calc computes it (the
    line's Check says why); ranking and publish then refuse in one line naming the row, exit 2."""
    path = typed_into(small_session, tmp_path / "tue.xlsx", {"Results": cells})
    for command in ("ranking", "publish"):
        line = run(command, path).refused
        assert "it was changed and not computed since" in line
        assert len(line) < 400, line
    assert run("calc", path).status == 0
    for command in ("ranking", "publish"):
        done = run(command, tmp_path / "out.xlsx")
        assert (done.status, done.out) == (2, ""), done.err
        assert done.err.splitlines()[0] == f"xlbridge {command}: out.xlsx: {says}", done.err
    assert not (tmp_path / "site").exists()


# --- the other input files -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "what"),
    [
        (["import", "IN", "-o", "out.xlsx"], "a results file"),
        (["import", "tue.csv", "--names", "IN", "-o", "out.xlsx"], "a names file"),
        (["import", "tue.csv", "--movement-file", "IN", "-o", "out.xlsx"], "a movement file"),
        (["import", "tue.csv", "--hands", "IN", "-o", "out.xlsx"], "a hand record"),
        (["hands", "IN"], "a hand record"),
        (["schedule", "round-robin", "--names", "IN", "-o", "out.xlsx"], "a list of teams"),
        (["ranking", "tue.xlsx", "--handicapped", "--names", "IN"], "a names file"),
    ],
    ids=["results", "names", "movement", "hands", "hand-record", "teams", "handicaps"],
)
def test_every_input_file_is_a_regular_file(small_session: Path, tmp_path: Path, args: list[str], what: str) -> None:
    """A named pipe, a device or a file of gigabytes given as any input file: refused by what it is, unread."""
    (tmp_path / "tue.csv").write_text(CSV_SESSION)
    (tmp_path / "tue.xlsx").write_bytes(small_session.read_bytes())
    huge = tmp_path / "huge.csv"
    with huge.open("wb") as file:
        file.truncate(3 * 1024**3)
    inputs = {"huge.csv": "refused: 3,221,225,472 bytes is far more than " + what}
    if Path("/dev/zero").exists():
        inputs["/dev/zero"] = "is a device, not a file"
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "pipe.csv")
        inputs["pipe.csv"] = "is a named pipe (FIFO), not a file"
    for name, says in inputs.items():
        done = xlbridge(*[name if arg == "IN" else arg for arg in args], cwd=tmp_path, memory=MEMORY, timeout=SECONDS)
        assert done.refused.startswith(f"xlbridge {args[0]}: {name}: {says}"), done.err
        assert not (tmp_path / "out.xlsx").exists()


# --- the bounds themselves -----------------------------------------------------------------------------------------


def test_the_ranges_a_workbooks_formulas_read_are_bounded_in_all(monkeypatch: pytest.MonkeyPatch) -> None:
    """The ranges xlbridge's functions are handed count against one bound, all together (each made again when a
    formula fills one of its cells counts again): two ranges of 60 cells, where 100 may be read in all."""
    formulas = [Formula("S", (1, 3, 1, 3), "IMP(S!A1:A60)"), Formula("S", (1, 4, 1, 4), "IMP(S!B1:B60)")]
    values = {"S": {60: {1: 5.0, 2: 5.0}}}  # the cells in use reach row 60
    assert evaluate_cells(["S"], formulas, values, {}) is not None
    monkeypatch.setattr(evaluate, "READ_CELLS", 100)
    with pytest.raises(WorkbookError, match=r"^refused: its formulas read more than 100 cells in all \(the last "
                                            r"S!B1:B60\)"):  # fmt: skip
        evaluate_cells(["S"], formulas, values, {})


def test_whole_columns_are_handed_as_the_rows_that_can_hold_anything() -> None:
    """A range over whole columns (or rows) is handed to a function cut at its sheet's last cell in use (a value,
    or a formula's cells), and never shorter than the tallest range a formula fills, so that a function answering
    row by row fills its formula's rows as for the whole columns."""
    values = {"S": {3: {1: 5.0}}, "T": {40: {1: 1.0, 3: 2.0}}}

    def handed(area: tuple[int, int, int, int], text: str) -> tuple[int, int, int, int] | None:
        computed = evaluate_cells(["S", "T"], [Formula("S", area, text)], values, {})
        assert computed is not None
        return computed.arguments["IMP"][0].area

    assert handed((2, 3, 11, 3), "IMP(S!A2:A1048576)") == (2, 1, 11, 1)  # the formula's own cells are in use
    assert handed((1, 3, 100, 3), "IMP(T!A1:A1048576)") == (1, 1, 100, 1)  # the 100 rows the formula fills
    assert handed((1, 3, 1, 3), "IMP(T!A1:B1048576)") == (1, 1, 40, 2)  # T's last row in use
    assert handed((1, 3, 1, 3), "IMP(T!B1:XFD5)") == (1, 2, 5, 3)  # T's last column in use
    assert handed((1, 3, 1, 3), "IMP(T!E50:F1048576)") == (50, 5, 50, 5)  # past them all: its first cell


@pytest.mark.slow
def test_the_largest_session_is_within_the_bounds(tmp_path: Path) -> None:
    """The largest session a workbook holds (20,000 results: 200 boards at 100 tables) is imported, ranked,
    computed and published within the bounds, on the same 1.5 GB machine."""
    from benchmarks import data

    (tmp_path / "national.csv").write_text(data.session_file(200, 100)[0])
    assert xlbridge("import", "national.csv", "-o", "national.xlsx", cwd=tmp_path).status == 0
    for command in COMMANDS:
        done = run(command, tmp_path / "national.xlsx")
        assert done.status == 0, done.err
