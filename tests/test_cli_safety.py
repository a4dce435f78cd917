"""The command line never loses a file, never shows a traceback and never scores a bad line silently (issue 16).

Every item is met the way a user meets it: the command runs in its own process, and the test checks its exit
status, the one line it prints on stderr, and that every file it was given is byte for byte (and mode, owner and
link) what it was.
"""

from __future__ import annotations

import csv
import io
import os
import re
import signal
import stat
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from xlbridge.engine.errors import BridgeInputError
from xlbridge.engine.session import read_line
from xlbridge.files.templates.layout import LAYOUT
from xlbridge.files.workbook.patching import patch_sheet, write_package
from xlbridge.files.workbook.xlsx import open_package, read_values

from .safety import Untouched, xlbridge
from .test_interchange import CSV_SESSION, PBN_SESSION, TEAMS
from .workbooks import Book, zip_of

NAMES = "pair,direction,player1,player2\n1,,A One,B One\n2,,C Two,D Two\n3,,E,F\n4,,G,H\n"


@pytest.fixture
def here(tmp_path: Path, small_session: Path) -> Path:
    """A fresh folder holding a copy of the session workbook, its CSV and names."""
    for name in ("tue.xlsx", "tue.csv", "names.csv"):
        (tmp_path / name).write_bytes((small_session.parent / name).read_bytes())
    return tmp_path


# --- one line instead of a traceback ---------------------------------------------------------------------------

NOT_RESULTS = {
    "workbook.xlsx": (None, "an Excel workbook"),
    "old.xls": (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 1000, "an old Excel .xls workbook"),
    "sheet.ods": (
        zip_of({"mimetype": b"application/vnd.oasis.opendocument.spreadsheet", "content.xml": b"<x/>"}),
        "an OpenDocument spreadsheet (.ods)",
    ),
    "archive.zip": (zip_of({"results.csv": CSV_SESSION.encode()}), "a zip archive"),
    "photo.csv": (b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4, "a PNG image"),
    "noise.csv": (bytes((i * 97 + 13) % 256 for i in range(3000)), "a binary file, not text"),
    "report.pdf": (b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj", "a PDF document"),
}


@pytest.mark.parametrize("name", sorted(NOT_RESULTS))
def test_import_of_a_file_that_is_not_results(here: Path, name: str) -> None:
    """An .xlsx, .xls, .ods, zip, image, PDF or binary file given to import: it says what the file is."""
    data, what = NOT_RESULTS[name]
    path = here / name
    path.write_bytes(data if data is not None else (here / "tue.xlsx").read_bytes())
    kept = Untouched(path)
    done = xlbridge("import", name, "-o", "out.xlsx", cwd=here)
    assert done.refused.startswith(f"xlbridge import: {name}: not a results file (it is {what}")
    kept.check()
    assert not (here / "out.xlsx").exists()


def test_excel_unicode_text_is_read(here: Path) -> None:
    """A CSV saved as Excel's "Unicode text" (UTF-16 with its byte-order mark) is read like any other."""
    (here / "u16.csv").write_bytes(CSV_SESSION.encode("utf-16"))
    done = xlbridge("import", "u16.csv", "-o", "u16.xlsx", cwd=here)
    assert (done.status, done.err) == (0, "")
    assert done.out.splitlines()[0] == "u16.csv (CSV) -> u16.xlsx: 4 results on 2 boards, 4 pairs (One field, MP)"


def uncomputed(workbook: Path, target: Path) -> None:
    """The workbook as a program that drops the computed values saves it: every formula kept, no value."""
    with zipfile.ZipFile(workbook) as source:
        parts = {info.filename: source.read(info) for info in source.infolist()}
    for name, data in parts.items():
        if name.startswith("xl/worksheets/sheet"):
            text = data.decode()
            text = re.sub(r"(</f>|<f [^>]*/>)<v>[^<]*</v>", r"\1", text)
            parts[name] = text.encode()
    target.write_bytes(zip_of(parts))


@pytest.mark.parametrize("command", ["ranking", "export"])
def test_a_workbook_without_computed_values(here: Path, command: str) -> None:
    """A blank template, or a workbook saved without its values: compute it first, in one line."""
    assert xlbridge("templates", "--out", "blank", cwd=here).status == 0
    uncomputed(here / "tue.xlsx", here / "novalues.xlsx")
    for name in ("blank/pairs-session.xlsx", "novalues.xlsx"):
        kept = Untouched(here / name)
        args = [command, name] + (["--pbn", "out.pbn"] if command == "export" else [])
        line = xlbridge(*args, cwd=here).refused
        assert line.startswith(f"xlbridge {command}: {name}: has not been computed (")
        assert line.endswith(f"compute it again: xlbridge calc {name} --in-place, or open and save it in Excel")
        kept.check()
    assert not (here / "out.pbn").exists()


def refused_as_damaged(here: Path, command: str, data: bytes) -> str:
    """The line ``command`` refuses the workbook ``data`` with, as damaged.xlsx, which it leaves as it was."""
    path = here / "damaged.xlsx"
    path.write_bytes(data)
    kept = Untouched(path)
    args = [command, "damaged.xlsx"] + (["--pbn", "out.pbn"] if command == "export" else [])
    line = xlbridge(*args, cwd=here).refused
    kept.check()
    assert line.startswith(f"xlbridge {command}: damaged.xlsx: the workbook is damaged (")
    return line


@pytest.mark.parametrize("command", ["ranking", "export", "calc"])
def test_a_damaged_workbook(here: Path, command: str) -> None:
    """A workbook whose compressed data is damaged (zlib's error inside the zip): one line."""
    data = bytearray((here / "tue.xlsx").read_bytes())
    with zipfile.ZipFile(here / "tue.xlsx") as archive:
        info = archive.getinfo("xl/worksheets/sheet3.xml")
    start = info.header_offset + 30 + len(info.filename.encode()) + len(info.extra) + 40
    data[start : start + 40] = b"\xff" * 40
    line = refused_as_damaged(here, command, bytes(data))
    assert line.startswith(f"xlbridge {command}: damaged.xlsx: the workbook is damaged (part xl/worksheets/sheet3.xml")


@pytest.mark.parametrize("command", ["ranking", "standings", "export", "calc"])
def test_a_workbook_whose_directory_is_damaged(here: Path, command: str) -> None:
    """A damaged directory entry that claims a zip version Python does not implement (found by the fuzz tests: it
    raised NotImplementedError out of the command): the workbook is damaged, in one line."""
    data = bytearray((here / "tue.xlsx").read_bytes())
    entry = data.index(b"PK\x01\x02")  # the first central directory entry
    data[entry + 6 : entry + 8] = (255).to_bytes(2, "little")  # version needed to extract: 25.5
    line = refused_as_damaged(here, command, bytes(data))
    assert "(not a readable zip package: zip file version 25.5" in line


@pytest.mark.parametrize("args", [["ranking", "tue.xlsx"], ["ranking", "tue.xlsx", "--csv"], ["score", "4S", "="]])
def test_output_into_a_closed_pipe(here: Path, args: list[str]) -> None:
    """`xlbridge ranking ... | head -1` after head has gone: silent, as a command killed by SIGPIPE (141)."""
    reader, writer = os.pipe()
    os.close(reader)  # the reader is gone before the command writes
    done = subprocess.run([sys.executable, "-m", "xlbridge", *args], stdout=writer, stderr=subprocess.PIPE,
                          cwd=here, timeout=120, check=False)  # fmt: skip
    os.close(writer)
    assert (done.returncode, done.stderr) == (128 + signal.SIGPIPE, b"")


def test_head_reads_the_first_line(here: Path) -> None:
    """In a shell pipeline, head gets its line and the command ends without a word."""
    done = subprocess.run(f"{sys.executable} -m xlbridge ranking tue.xlsx --csv | head -1", shell=True, cwd=here,
                          capture_output=True, text=True, timeout=120, check=False)  # fmt: skip
    assert (done.stdout, done.stderr) == ("place,pair,direction,names,boards,score,percentage\n", "")


# --- files never lost, never exposed --------------------------------------------------------------------------


def test_import_never_writes_over_its_input(here: Path) -> None:
    """`import s.csv -o s.csv --force`, or -o a link to it, or to the names file: refused, every input kept."""
    (here / "link.xlsx").symlink_to("tue.csv")
    (here / "hard.xlsx").hardlink_to(here / "names.csv")
    kept = Untouched(here / "tue.csv", here / "names.csv", here / "link.xlsx", here / "hard.xlsx")
    done = xlbridge("import", "tue.csv", "-o", "tue.csv", "--force", cwd=here)
    assert done.refused == (
        "xlbridge import: tue.csv: what is written is an Excel workbook, so the name must end in .xlsx (tue.xlsx)"
    )
    for target in ("link.xlsx", "hard.xlsx"):
        done = xlbridge("import", "tue.csv", "--names", "names.csv", "-o", target, "--force", cwd=here)
        assert done.refused.startswith(f"xlbridge import: {target}: is the input ")
    kept.check()


def test_export_never_writes_over_its_workbook(here: Path) -> None:
    """`export mine.xlsx --pbn mine.xlsx --force`, or --pbn a link to the workbook: refused, the workbook kept."""
    (here / "mine.pbn").symlink_to("tue.xlsx")
    kept = Untouched(here / "tue.xlsx", here / "mine.pbn")
    line = xlbridge("export", "tue.xlsx", "--pbn", "tue.xlsx", "--force", cwd=here).refused
    assert line == "xlbridge export: tue.xlsx: what is written is PBN text, so the name must end in .pbn (tue.pbn)"
    line = xlbridge("export", "tue.xlsx", "--pbn", "mine.pbn", "--force", cwd=here).refused
    assert line == "xlbridge export: mine.pbn: is the input tue.xlsx; write the output under another name"
    kept.check()


@pytest.mark.parametrize(
    ("args", "ending"),
    [
        (["import", "tue.csv", "-o", "out.csv"], ".xlsx (out.xlsx)"),
        (["import", "tue.csv", "-o", "out"], ".xlsx (out.xlsx)"),
        (["export", "tue.xlsx", "--usebio", "out.pbn"], ".xml (out.xml)"),
        (["export", "tue.xlsx", "--pbn", "out.xml"], ".pbn (out.pbn)"),
        (["calc", "tue.xlsx", "-o", "out.xlsm"], ".xlsx (out.xlsx)"),
    ],
)
def test_an_output_is_named_for_what_it_holds(here: Path, args: list[str], ending: str) -> None:
    """A workbook is not written under a .csv name, nor PBN under .xml: refused, nothing written."""
    before = sorted(path.name for path in here.iterdir())
    line = xlbridge(*args, cwd=here).refused
    assert line.endswith(f"so the name must end in {ending}")
    assert sorted(path.name for path in here.iterdir()) == before


@pytest.mark.parametrize("mask", [0o002, 0o022, 0o077])
def test_new_files_get_the_users_umask(here: Path, mask: int) -> None:
    """Every file written is as readable as the user's umask says (a shared club folder: 0664), not 0600."""
    mode = 0o666 & ~mask
    assert xlbridge("import", "tue.csv", "-o", "new.xlsx", cwd=here, umask=mask).status == 0
    assert xlbridge("export", "new.xlsx", "--pbn", "new.pbn", cwd=here, umask=mask).status == 0
    assert xlbridge("templates", "--out", "blank", cwd=here, umask=mask).status == 0
    written = [here / "new.xlsx", here / "new.pbn", *(here / "blank").iterdir()]
    assert {path.name: stat.S_IMODE(path.stat().st_mode) for path in written} == {path.name: mode for path in written}
    assert not [path for path in here.rglob(".*") if path.is_file()]  # no temporary file left


def test_publish_never_replaces_the_workbooks_folder(here: Path) -> None:
    """`publish tue.xlsx -o . --force` would replace the folder the workbook is in: refused, even with --force."""
    kept = Untouched(here / "tue.xlsx", here / "tue.csv")
    for folder in (".", str(here)):
        line = xlbridge("publish", "tue.xlsx", "-o", folder, "--force", cwd=here).refused
        assert line == f"xlbridge publish: {folder}: holds the workbook tue.xlsx; publish into a folder of its own"
    kept.check()


@pytest.mark.parametrize("mask", [0o002, 0o077])
def test_published_site_and_movement_files_get_the_umask(here: Path, mask: int) -> None:
    """The website's folder and the movement's CSV and cards are as readable as the umask says."""
    assert xlbridge("publish", "tue.xlsx", "-o", "site", cwd=here, umask=mask).status == 0
    movement = ["movement", "mitchell", "--tables", "3", "--boards-per-round", "2"]
    assert xlbridge(*movement, "--csv", "m.csv", "--cards", "m.html", cwd=here, umask=mask).status == 0
    assert stat.S_IMODE((here / "site").stat().st_mode) == 0o777 & ~mask
    for name in ("site/index.html", "m.csv", "m.html"):
        assert stat.S_IMODE((here / name).stat().st_mode) == 0o666 & ~mask, name
    line = xlbridge(*movement, "--csv", "m.txt", cwd=here).refused
    assert line == "xlbridge movement: m.txt: what is written is CSV, so the name must end in .csv (m.csv)"


@pytest.fixture
def small(tmp_path: Path) -> Path:
    """The traveller template: the smallest workbook to compute."""
    assert xlbridge("templates", "--out", str(tmp_path / "t")).status == 0
    path = tmp_path / "traveller.xlsx"
    path.write_bytes((tmp_path / "t" / "traveller.xlsx").read_bytes())
    return path


def test_in_place_keeps_mode_and_owner_and_writes_through_a_link(small: Path) -> None:
    """calc --in-place of a 0664 workbook in a shared folder, reached through a link: the link stays a link, the
    workbook it points at is computed, keeping its mode (and owner, where the system allows)."""
    small.chmod(0o664)
    owner = (1234, 1234) if os.geteuid() == 0 else (small.stat().st_uid, small.stat().st_gid)
    os.chown(small, *owner)
    link = small.with_name("current.xlsx")
    link.symlink_to(small.name)
    done = xlbridge("calc", link.name, "--in-place", cwd=small.parent, umask=0o077)
    assert done.status == 0, done.err
    assert link.is_symlink()
    assert os.readlink(link) == small.name
    status = small.stat()
    assert (stat.S_IMODE(status.st_mode), status.st_uid, status.st_gid) == (0o664, *owner)
    package = open_package(small)
    assert [read_values(package, sheet) for sheet in package.sheets]  # computed: else read_values refuses it
    assert sorted(path.name for path in small.parent.iterdir()) == ["current.xlsx", "t", "traveller.xlsx"]


@pytest.mark.parametrize(
    ("lock", "content", "holder"),
    [("~$traveller.xlsx", b"\x0aAnn Bridge" + b" " * 40, "Excel (by Ann Bridge)"),
     (".~lock.traveller.xlsx#", b"Bob Smith,host,bob,01.12.2026 10:00,file:///home/bob/.config\n",
      "LibreOffice (by Bob Smith)")],
)  # fmt: skip
def test_a_workbook_open_in_excel_is_not_replaced(small: Path, lock: str, content: bytes, holder: str) -> None:
    """calc --in-place while Excel (its ~$ lock file beside the workbook) or LibreOffice has it open: refused,
    unless --force (a lock file left behind by a crash)."""
    (small.parent / lock).write_bytes(content)
    kept = Untouched(small)
    line = xlbridge("calc", small.name, "--in-place", cwd=small.parent).refused
    assert line == f"xlbridge calc: traveller.xlsx: open in {holder}: close it first (or --force if it is not open)"
    kept.check()
    assert xlbridge("calc", small.name, "--in-place", "--force", cwd=small.parent).status == 0


# --- bad lines refused, or kept with their reason --------------------------------------------------------------


def test_a_contract_without_its_declarer_is_refused_by_the_engine() -> None:
    """A session line needs its declarer whatever the vulnerability (board 1: nobody vulnerable); a passed-out
    board has none."""
    with pytest.raises(BridgeInputError, match="declarer missing: contract 4S was played"):
        read_line(1, 1, 2, "4S", "", "=")
    assert read_line(1, 1, 2, "PASS", "", "").score == 0


BAD_LINES = {
    "no declarer": (
        "1,3,4,4S,,=,HK",
        "declarer missing: contract 4S was played, so N, E, S or W must say who declared it",
    ),
    "extra field": ("1,3,4,4S,N,=,HK,1", "8 fields where the header names 7: '1' is beyond the last column"),
    "short row": ("1,3,4,4S,N", "5 fields where the header names 7"),
    "unlisted pair": ("1,3,9,4S,N,=,HK", "EW pair 9 is not on the list of pairs in names.csv"),
    "fourteen tricks": ("1,3,4,4S,N,14,HK", "result '14': there are only 13 tricks"),
}


@pytest.mark.parametrize("case", sorted(BAD_LINES))
def test_a_bad_line_is_refused(here: Path, case: str) -> None:
    """A bad line stops the import, naming the file, the line and what is wrong; nothing is written."""
    line, reason = BAD_LINES[case]
    (here / "bad.csv").write_text(CSV_SESSION.replace("1,3,4,4S,N,-1,HK", line))
    kept = Untouched(here / "bad.csv", here / "names.csv")
    done = xlbridge("import", "bad.csv", "--names", "names.csv", "-o", "out.xlsx", cwd=here)
    problem, summary = done.refusals
    assert problem == f"xlbridge import: bad.csv: line 3: {reason}"
    assert summary.startswith("xlbridge import: bad.csv: 1 line cannot be imported as it is: put it right")
    assert "--keep-bad-lines" in summary
    kept.check()
    assert not (here / "out.xlsx").exists()


def test_bad_lines_kept_with_their_reasons(here: Path) -> None:
    """--keep-bad-lines: each bad line is imported as typed, its reason in the Check column (the workbook works it
    out itself) and on stderr; the totals and the ranking wait (#N/A), and ranking names each of them."""
    text = CSV_SESSION.replace("1,3,4,4S,N,-1,HK", "1,3,4,4S,,=,HK").replace("2,2,4,3NT,E,+1,D4", "2,2,9,3NT,E,+1,D4")
    (here / "bad.csv").write_text(text)
    done = xlbridge("import", "bad.csv", "--names", "names.csv", "-o", "kept.xlsx", "--keep-bad-lines", cwd=here)
    assert done.status == 0
    assert done.err.splitlines() == [
        f"bad.csv: line 3: {BAD_LINES['no declarer'][1]} (kept; see the Check column)",
        "bad.csv: line 5: EW pair 9 is not on the list of pairs in names.csv (kept; see the Check column)",
    ]
    book = Book(here / "kept.xlsx")
    checks = [book.sheets["Results"].get(LAYOUT.results.position("Check", offset)) or "" for offset in range(4)]
    assert checks == ["", BAD_LINES["no declarer"][1], "", "EW pair 9 is not on the list of pairs"]
    assert book.column("Results", "D", 2, 4) == ["4S", "4S", "3NT", "3NT"]  # as typed, to be put right
    assert book.sheets["Settings"][LAYOUT.setting("Problems").position] == 2

    def totals(heading: str) -> list[object]:
        return [book.sheets["Totals"].get(LAYOUT.totals.position(heading, offset)) for offset in range(4)]

    assert [getattr(value, "code", value) for value in totals("Total")] == ["#N/A"] * 4  # the totals wait
    assert [getattr(value, "code", value) for value in totals("%")][:3] == ["#N/A"] * 3  # the percentages too
    assert totals("Boards") == [2, 2, 1, 0]  # boards played, the unscorable line not counted
    assert xlbridge("ranking", "kept.xlsx", cwd=here).refusals == [
        f"xlbridge ranking: kept.xlsx: Results row 3: {BAD_LINES['no declarer'][1]}",
        "xlbridge ranking: kept.xlsx: Results row 5: EW pair 9 is not on the list of pairs",
        "xlbridge ranking: kept.xlsx: 2 lines on Results need checking before ranking: put them right (the Check "
        "column says why)",
    ]


@pytest.mark.parametrize("case", ["extra field", "short row"])
def test_a_line_the_workbook_cannot_check_is_kept_with_a_warning(here: Path, case: str) -> None:
    """A row with a field beyond the header (or short of it): --keep-bad-lines imports what could be read of it,
    and since the workbook cannot see what is wrong, says to put it right before trusting the ranking."""
    line, reason = BAD_LINES[case]
    (here / "bad.csv").write_text(CSV_SESSION.replace("1,3,4,4S,N,-1,HK", line))
    done = xlbridge("import", "bad.csv", "-o", "out.xlsx", "--keep-bad-lines", cwd=here)
    assert (done.status, done.err) == (0, f"bad.csv: line 3: {reason} (kept; put it right before trusting the "
                                          "ranking)\n")  # fmt: skip


def test_a_pair_missing_from_the_names_file(here: Path) -> None:
    """A names file without pair 4: the import names pair 4 and its lines, in one line about the names file (where
    it used to succeed and leave the ranking at #N/A); nothing written."""
    (here / "three.csv").write_text(NAMES.replace("4,,G,H\n", ""))
    lines = xlbridge("import", "tue.csv", "--names", "three.csv", "-o", "out.xlsx", cwd=here).refusals
    assert lines == [
        "xlbridge import: three.csv: 1 pair plays in tue.csv but is not on it: pair 4 (lines 3, 5): add it to "
        "three.csv",
        "xlbridge import: tue.csv: 2 lines cannot be imported until three.csv lists their pairs: put three.csv right "
        "and import again, or import with --keep-bad-lines to take them into the workbook as far as they can be "
        "read, each with its reason in the Check column (the ranking waits until they are put right)",
    ]
    assert not (here / "out.xlsx").exists()


PBN_SCORES = {
    "NS score": ('1 1 1 4S N 10 "HA" "420" -', '1 1 1 4S N 10 "HA" "450" -',
                 "line 16: Score_NS 450 disagrees with 4S by N = on board 1, which scores 420"),
    "EW score": ('2 2 2 4S N 9 "HK" - "50"', '2 2 2 4S N 9 "HK" - "100"',
                 "line 17: Score_EW 100 disagrees with 4S by N -1 on board 1, which scores 50"),
    "unlisted": ('2 2 2 4S N 9 "HK" - "50"', '2 7 2 4S N 9 "HK" - "50"',
                 "line 17: NS pair 7 is not on the list of pairs the file gives"),
    "tricks": ('2 2 2 4S N 9 "HK" - "50"', '2 2 2 4S N 14 "HK" - "50"',
               "line 17: result '14': there are only 13 tricks"),
}  # fmt: skip


@pytest.mark.parametrize("case", sorted(PBN_SCORES))
def test_a_pbn_line_that_disagrees(here: Path, case: str) -> None:
    """A PBN Score_NS or Score_EW the contract does not score, a pair the TotalScoreTable does not list, 14
    tricks: refused with the line (Score_NS was already refused before this issue was built; Score_EW was read
    with the wrong sign)."""
    good, bad, reason = PBN_SCORES[case]
    (here / "s.pbn").write_text(PBN_SESSION.replace(good, bad))
    assert xlbridge("import", "s.pbn", "-o", "out.xlsx", cwd=here).refusals[0] == f"xlbridge import: s.pbn: {reason}"


def test_a_usebio_line_with_fourteen_tricks(here: Path) -> None:
    """USEBIO's TRICKS 14 is refused as 14 tricks (it was once reported as the result "+5")."""
    from .conftest import HOWELL

    text = HOWELL.read_text(encoding="utf-8")
    first = text.index("<TRICKS>")
    (here / "h.xml").write_text(text[:first] + "<TRICKS>14</TRICKS>" + text[text.index("</TRICKS>", first) + 9 :])
    line = xlbridge("import", "h.xml", "-o", "out.xlsx", cwd=here).refusals[0]
    assert line.endswith("result '14': there are only 13 tricks")


def test_a_usebio_file_with_bad_fields(here: Path) -> None:
    """Each bad field of a USEBIO file is named by its own line, the line a secretary's editor goes to (it was the
    TRAVELLER_LINE's, up to ten lines above): TRICKS, CONTRACT, SCORE and a pair number, all at once. A traveller
    line with a bad field that is also a second result for its pairs is one bad line in the count, not two."""
    from .conftest import HOWELL

    lines = HOWELL.read_text(encoding="utf-8").split("\n")
    travellers = [number for number, text in enumerate(lines, 1) if "<TRAVELLER_LINE>" in text]

    def change(traveller: int, tag: str, value: str) -> int:
        """The field ``tag`` of the file's traveller line ``traveller`` (from 0) set to ``value``: its line."""
        start = travellers[traveller]
        number = next(n for n in range(start, start + 12) if f"<{tag}>" in lines[n - 1])
        lines[number - 1] = f"    <{tag}>{value}</{tag}>"
        return number

    tricks = change(0, "TRICKS", "14")
    contract = change(1, "CONTRACT", "8H")
    score = change(2, "SCORE", "-500")
    pair = change(3, "EW_PAIR_NUMBER", "x4")
    (here / "h.xml").write_text("\n".join(lines), encoding="utf-8")
    kept = Untouched(here / "h.xml")
    refusals = xlbridge("import", "h.xml", "-o", "out.xlsx", cwd=here).refusals
    assert refusals[:4] == [
        f"xlbridge import: h.xml: line {tricks}: result '14': there are only 13 tricks",
        f"xlbridge import: h.xml: line {contract}: contract '8H': the level must be 1 to 7",
        f"xlbridge import: h.xml: line {score}: SCORE -500 disagrees with 3H by S -1 on board 1, which scores -50: "
        "put the contract or the SCORE right, or import with --file-scores to score the line by its SCORE as the "
        "file's program did",
        f"xlbridge import: h.xml: line {pair}: pair 'x4': expected a pair number (up to 6 digits) such as 7 or 7NS",
    ]
    assert refusals[4].startswith("xlbridge import: h.xml: 4 lines cannot be imported as they are")
    assert len(refusals) == 5
    kept.check()
    # the second traveller's pairs made those of the first: a second result for them, with a bad contract
    for tag, value in (("NS_PAIR_NUMBER", "3"), ("EW_PAIR_NUMBER", "11")):
        change(1, tag, value)
    (here / "h.xml").write_text("\n".join(lines), encoding="utf-8")
    first, second = travellers[:2]
    refusals = xlbridge("import", "h.xml", "-o", "out.xlsx", cwd=here).refusals
    assert refusals[:4] == [
        f"xlbridge import: h.xml: line {first}: two results for board 1, NS 3 v EW 11 (also on line {second})",
        f"xlbridge import: h.xml: line {tricks}: result '14': there are only 13 tricks",
        f"xlbridge import: h.xml: line {second}: two results for board 1, NS 3 v EW 11 (also on line {first})",
        f"xlbridge import: h.xml: line {contract}: contract '8H': the level must be 1 to 7",
    ]
    assert refusals[-1].startswith("xlbridge import: h.xml: 4 lines cannot be imported as they are")
    assert len(refusals) == 7
    assert not (here / "out.xlsx").exists()


@pytest.mark.parametrize(
    ("tag", "value", "reason"),
    [
        ("DIRECTION", "XX", "direction 'XX': must be NS or EW (blank in a Howell)"),
        ("PAIR_NUMBER", "1Q", "pair '1Q': the direction after the number must be NS or EW"),
        ("BOARD_NUMBER", "1a", "board number '1a': expected a whole number"),
        ("NS_MATCH_POINTS", "ten", "NS_MATCH_POINTS 'ten' and EW_MATCH_POINTS '10': expected numbers"),
    ],
)
def test_a_usebio_field_that_stops_the_import(here: Path, tag: str, value: str, reason: str) -> None:
    """A PAIR's number or direction, a BOARD's number, a line's matchpoints that cannot be read: refused naming
    the field's own line (it was the PAIR's, BOARD's or TRAVELLER_LINE's)."""
    from .conftest import HOWELL

    lines = HOWELL.read_text(encoding="utf-8").split("\n")
    at = next(number for number, text in enumerate(lines, 1) if f"<{tag}>" in text)
    lines[at - 1] = f"<{tag}>{value}</{tag}>"
    (here / "h.xml").write_text("\n".join(lines), encoding="utf-8")
    assert (
        xlbridge("import", "h.xml", "-o", "out.xlsx", cwd=here).refused
        == f"xlbridge import: h.xml: line {at}: {reason}"
    )


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (["4S-2", "+1"], "result '+1': contract '4S-2' already says -2"),
        (["4S=", "8"], "result '8': contract '4S=' already says ="),
        (["4S", "14"], "result '14': there are only 13 tricks"),
        (["4S"], "result missing: expected tricks taken (0-13), or =, +1, -2"),
    ],
)
def test_score_refuses_a_contradiction_in_one_line(args: list[str], line: str) -> None:
    """`xlbridge score 4S-2 +1`: refused as the Python API and BRIDGESCORE refuse it, with no heading first."""
    assert xlbridge("score", *args).refused == f"xlbridge score: {line}"


def test_score_shows_the_result_it_scored() -> None:
    """The heading shows the result as a traveller writes it and the tricks taken."""
    done = xlbridge("score", "4SX", "8", "--board", "2", "--by", "W")
    assert done.out.splitlines() == [
        "4SX-2 (8 tricks), board 2 (E deals, NS vulnerable)",
        "  by W               EW   -300   (traveller, N-S: +300)",
    ]
    assert xlbridge("score", "4S=").out.splitlines()[0] == "4S= (10 tricks), nobody vulnerable"


# --- smaller ---------------------------------------------------------------------------------------------------


def test_templates_into_a_file(here: Path) -> None:
    """`templates --out FILE`: one line saying it is a file, not the raw [Errno 17]."""
    kept = Untouched(here / "tue.csv")
    line = xlbridge("templates", "--out", "tue.csv", cwd=here).refused
    assert line == "xlbridge templates: tue.csv: is a file, not a folder; give a folder to write into"
    kept.check()


def test_the_summary_counts_in_words(here: Path) -> None:
    """ "1 board", "2 results", and the method and movement by name; --method in any case."""
    (here / "one.csv").write_text("Board,NS,EW,Contract,By,Result\n1,1,2,4S,N,=\n1,3,4,4S,N,-1\n")
    done = xlbridge("import", "one.csv", "-o", "one.xlsx", "--method", "butler", cwd=here)
    assert done.out.splitlines() == [
        "one.csv (CSV) -> one.xlsx: 2 results on 1 board, 4 pairs (One field, Butler)",
        "  One field, found from the lines: no pair number sits both North-South and East-West on one board: one "
        "field (give --fields to say otherwise)",
    ]


def test_a_teams_event_is_not_given_pairs_options(here: Path) -> None:
    """--names, --method or --movement with a teams event would be ignored: refused instead."""
    (here / "teams.xml").write_text(TEAMS)
    line = xlbridge("import", "teams.xml", "--names", "names.csv", "-o", "t.xlsx", cwd=here).refused
    assert line == "xlbridge import: teams.xml: a teams event: --names are for a pairs session"
    line = xlbridge("import", "teams.xml", "--fields", "two", "-o", "t.xlsx", cwd=here).refused
    assert line == "xlbridge import: teams.xml: a teams event: --fields are for a pairs session"


def test_standings_of_a_teams_event(teams_workbook: Path) -> None:
    """`xlbridge standings TEAMS.xlsx [--csv]`: the Standings sheet in place order, as ranking is for pairs, with
    the running totals of the rounds played."""
    kept = Untouched(teams_workbook)
    done = xlbridge("standings", teams_workbook)
    assert (done.status, done.err) == (0, "")
    assert done.out.splitlines() == [
        "Swiss teams",
        "Victory points (WBF scale); ties: EBU (head-to-head, tie-break points, IMP difference); a bye scores: Average",
        "After round 1",
        "",
        "Place  Team  Name        Played  IMPs for  IMPs against    VPs     R1",
        "1         1  Seahorses        1        10             3  14.96  14.96",
        "2         2  Kittiwakes       1         3            10   5.04   5.04",
    ]
    rows = list(csv.DictReader(io.StringIO(xlbridge("standings", teams_workbook, "--csv").out)))
    book = Book(teams_workbook)
    assert [row["team"] for row in rows] == ["1", "2"]
    for offset, row in enumerate(rows):
        r = 6 + offset
        assert row["name"] == book.value("Standings", f"C{r}")
        assert row["vps"] == f"{book.value('Standings', f'H{r}'):.2f}"
        assert row["place"] == book.value("Standings", f"A{r}")
        assert row["after_1"] == f"{book.value('Standings', f'J{r}'):.2f}"
    assert list(rows[0]) == ["place", "team", "name", "played", "byes", "imps_for", "imps_against", "vps", "bam",
                             "score", "tie_break", "after_1"]  # fmt: skip
    kept.check()


def test_ranking_and_standings_point_to_each_other(here: Path, teams_workbook: Path) -> None:
    """`ranking` of a teams event (it used to say "no sheet called Ranking") and `standings` of a pairs session."""
    line = xlbridge("ranking", teams_workbook).refused
    assert line == f"xlbridge ranking: {teams_workbook}: a teams event, not a pairs session: " + (
        "xlbridge standings prints its standings"
    )
    line = xlbridge("standings", "tue.xlsx", cwd=here).refused
    assert (
        line == "xlbridge standings: tue.xlsx: a pairs session, not a teams event: xlbridge ranking prints its ranking"
    )


def test_errors_by_kind(here: Path) -> None:
    """Every refusal is an XlbridgeError of its kind: bad input is a ValueError; a refused output (a file that
    exists, is an input, is open in Excel: each its own kind) is not bad input; a workbook's state (never computed,
    stale) is its own kind, whatever file it is."""
    from xlbridge.engine.errors import (
        NotComputedError,
        OutputError,
        OutputExistsError,
        OutputIsInputError,
        OutputOpenError,
        StaleWorkbookError,
        WorkbookStateError,
        XlbridgeError,
    )
    from xlbridge.files.outputs import check_open, check_output
    from xlbridge.files.workbook.calc import calc_workbook, check_current

    with pytest.raises(OutputExistsError) as exists:
        check_output(here / "tue.csv", writes="CSV", suffixes=(".csv",))
    with pytest.raises(OutputIsInputError) as is_input:
        check_output(here / "tue.csv", writes="CSV", suffixes=(".csv",), inputs=[here / "tue.csv"], replace=True)
    with pytest.raises(OutputIsInputError) as computed_over_itself:
        calc_workbook(here / "tue.xlsx", here / "tue.xlsx")
    (here / "~$tue.xlsx").write_bytes(bytes([4]) + b"Anne" + bytes(50))  # Excel's owner file: Anne has it open
    try:
        with pytest.raises(OutputOpenError) as locked:
            check_open(here / "tue.xlsx", force=False)
    finally:
        (here / "~$tue.xlsx").unlink()
    refusals = (exists.value, is_input.value, computed_over_itself.value, locked.value)
    assert len({type(error) for error in refusals}) == 3
    for error in refusals:
        assert isinstance(error, OutputError)
        assert isinstance(error, XlbridgeError)
        assert not isinstance(error, ValueError)  # a refused output is not bad input
    assert xlbridge("templates", "--out", "blank", cwd=here).status == 0
    with pytest.raises(NotComputedError) as blank:
        check_current(open_package(here / "blank" / "pairs-session.xlsx"))
    stale = here / "stale.xlsx"
    package = open_package(here / "tue.xlsx")
    row, col = LAYOUT.results.position("NS points", 0)
    part = package.sheets["Results"]
    write_package(package, {part: patch_sheet(package.parts[part], {(row, col): 99.0})}, stale)
    with pytest.raises(StaleWorkbookError) as changed:
        check_current(open_package(stale))
    for error in (blank.value, changed.value):
        assert isinstance(error, WorkbookStateError)
        assert not isinstance(error, ValueError)
    with pytest.raises(BridgeInputError):
        read_line(1, 1, 2, "8S", "N", "=")


@pytest.mark.parametrize(
    ("command", "output"),
    [
        (["export", "tue.xlsx", "--usebio"], "ro/tue.xml"),
        (["calc", "tue.xlsx", "-o"], "ro/tue-c.xlsx"),
        (["publish", "tue.xlsx", "-o"], "ro/site"),
    ],
    ids=["export", "calc", "publish"],
)
def test_an_output_folder_that_cannot_be_written(
    here: Path, command: list[str], output: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """An output into a folder the user may not write (a shared folder, read-only): refused naming the output and
    its folder, not the temporary file beside it that the user never named (``ro/.tue.ed65si3l.tmp.xml:
    Permission denied``). The folder is refused as the system refuses it to a user who is not its owner (the tests
    may run as root, whom no mode stops)."""
    from xlbridge.cli import main

    (here / "ro").mkdir()

    def refused(*args: object, dir: str | None = None, prefix: str = "", suffix: str = "", **kwargs: object) -> object:
        raise PermissionError(13, "Permission denied", f"{dir}/{prefix}ed65si3l{suffix}")

    monkeypatch.setattr("tempfile.mkstemp", refused)
    monkeypatch.setattr("tempfile.mkdtemp", refused)
    monkeypatch.chdir(here)
    assert main([*command, output]) == 2
    err = capsys.readouterr().err
    assert err == f"xlbridge {command[0]}: {output}: cannot be written: Permission denied (in the folder ro)\n"
    assert os.listdir(here / "ro") == []


@pytest.mark.parametrize(("cell", "typed", "said"), [
    ("B5", "WBF30", "Settings: VP scale 'WBF30': must be one of 20, 30, WBF"),
    ("B9", "Half", "Settings: bye rule 'Half': must be one of"),
], ids=["VP scale", "bye rule"])  # fmt: skip
def test_a_teams_event_whose_settings_cannot_be_read(teams_workbook: Path, tmp_path: Path, cell: str, typed: str,
                                                     said: str) -> None:  # fmt: skip
    """A teams event's Settings retyped as no choice (a VP scale of 'WBF30'), computed: every match waits for it,
    so standings and publish refuse, naming the setting (they printed, and published, every team 1= on 0 VPs, exit
    0)."""
    from .workbooks import typed_into

    path = typed_into(teams_workbook, tmp_path / "settings.xlsx", {"Settings": {cell: typed}})
    assert xlbridge("calc", path, "--in-place", cwd=tmp_path).status == 0
    for command in (["standings", path], ["standings", path, "--csv"], ["publish", path, "-o", tmp_path / "site"]):
        line = xlbridge(*command, cwd=tmp_path).refused
        assert line.startswith(f"xlbridge {command[0]}: {path}: {said}"), line
        assert line.endswith("no match can be scored until it is put right"), line
    assert not (tmp_path / "site").exists()
