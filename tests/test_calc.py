"""xlbridge calc: the user's own file, computed, with nothing else in it touched; bad files refused cleanly."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

import pytest
import xlsxwriter

from xlbridge import __version__
from xlbridge.cli import main
from xlbridge.files.workbook.calc import calc_workbook
from xlbridge.files.workbook.docprops import computed_by
from xlbridge.files.workbook.patching import patch_sheet
from xlbridge.files.workbook.xlsx import ExcelErrorValue, open_package

from .workbooks import Book, zip_of


def users_workbook(path: Path, vba: bytes | None = None) -> None:
    """A club's own workbook: an xlbridge column, their own formulas, a chart, validation, names, printing."""
    book = xlsxwriter.Workbook(str(path), {"use_future_functions": True})
    sheet = book.add_worksheet("Scores")
    other = book.add_worksheet("Notes")
    rows = [("4S", "N", "=", 1), ("3NT", "E", "+1", 2), ("2H", "S", "-1", 3), ("4H", "W", "=", 4)]
    sheet.write_row(0, 0, ["Contract", "By", "Result", "Board", "NS score", "Rank", "Best", "Safe"])
    for r, row in enumerate(rows, start=1):
        sheet.write_row(r, 0, row)
    sheet.write_dynamic_array_formula(1, 4, 4, 4, "=BRIDGESCORE(A2:A5,B2:B5,C2:C5,D2:D5)")
    for r in range(1, 5):
        sheet.write_formula(r, 5, f"=RANK.EQ(E{r + 1},$E$2:$E$5)")
    sheet.write_formula(1, 6, "=INDEX(A2:A5,MATCH(MAX(E2:E5),E2:E5,0))")
    sheet.write_formula(1, 7, '=IFERROR(1/0,"none")')
    sheet.write_formula(5, 4, "=SUM(E2:E5)")
    sheet.write_formula(6, 4, "=TotalScore*2")
    book.define_name("TotalScore", "=Scores!$E$6")
    sheet.data_validation(1, 1, 4, 1, {"validate": "list", "source": ["N", "E", "S", "W"]})
    sheet.set_landscape()
    sheet.print_area(0, 0, 6, 7)
    chart = book.add_chart({"type": "column"})
    chart.add_series({"values": "=Scores!$E$2:$E$5"})
    sheet.insert_chart("J2", chart)
    other.write("A1", "Kept as it is")
    other.write_formula("A2", "=UNKNOWNFN(1)")  # not a function the engine knows
    if vba is not None:
        vba_path = path.with_suffix(".bin")
        vba_path.write_bytes(vba)
        book.add_vba_project(str(vba_path))
    book.close()


def test_values_written_everything_else_kept(tmp_path: Path) -> None:
    """Every part other than the computed sheets, workbook.xml's calcPr, the chart's cache of its series and the
    property saying which xlbridge computed it (a custom properties part added, with its relationship and content
    type) is byte-for-byte the original."""
    source = tmp_path / "club.xlsm"
    users_workbook(source, vba=b"not really VBA, but bytes that must survive" * 20)
    original = source.read_bytes()
    destination, computed = calc_workbook(source)
    assert destination == tmp_path / "club-computed.xlsm"
    assert source.read_bytes() == original  # the input is never touched
    before, after = open_package(source), open_package(destination)
    assert [*before.parts, "docProps/custom.xml"] == list(after.parts)  # the same parts in the same order, and one
    changed = {name for name in before.parts if before.parts[name] != after.parts[name]}
    assert changed == {
        before.sheets["Scores"],
        "xl/workbook.xml",
        "xl/charts/chart1.xml",
        "_rels/.rels",
        "[Content_Types].xml",
    }
    assert computed_by(after) == __version__
    for name in ("_rels/.rels", "[Content_Types].xml"):  # one element added, nothing else changed
        added = {"_rels/.rels": '<Relationship Id="rIdXlbridge" Type="http://schemas.openxmlformats.org/'
                 'officeDocument/2006/relationships/custom-properties" Target="docProps/custom.xml"/>',
                 "[Content_Types].xml": '<Override PartName="/docProps/custom.xml" ContentType="application/'
                 'vnd.openxmlformats-officedocument.custom-properties+xml"/>'}[name]  # fmt: skip
        assert after.parts[name].decode().replace(added, "") == before.parts[name].decode()
        # the chart: only the values it keeps of its series, now the computed scores
    old_chart, new_chart = (p.parts["xl/charts/chart1.xml"].decode() for p in (before, after))
    cache = re.compile(r"<c:numCache>.*?</c:numCache>", re.DOTALL)
    assert cache.sub("", old_chart) == cache.sub("", new_chart)
    assert re.findall(r"<c:v>([^<]*)</c:v>", cache.search(new_chart).group(0)) == ["420", "-430", "-50", "-620"]  # type: ignore[union-attr]
    assert after.parts["xl/vbaProject.bin"] == before.parts["xl/vbaProject.bin"]
    # workbook.xml: only calcPr differs; no full recalculation on load any more
    old_wb, new_wb = before.parts["xl/workbook.xml"].decode(), after.parts["xl/workbook.xml"].decode()
    assert re.sub(r"<calcPr[^>]*>", "", old_wb) == re.sub(r"<calcPr[^>]*>", "", new_wb)
    assert "fullCalcOnLoad" in old_wb
    assert "fullCalcOnLoad" not in new_wb
    # the computed sheet: outside <sheetData> nothing changed (validation, print settings, drawing)
    old_sheet, new_sheet = (p.parts[before.sheets["Scores"]].decode() for p in (before, after))
    outside = re.compile(r"<sheetData>.*</sheetData>", re.DOTALL)
    assert outside.sub("", old_sheet) == outside.sub("", new_sheet)
    assert computed.calls["BRIDGESCORE"] == 1


def test_users_own_formulas_compute_too(tmp_path: Path) -> None:
    """SUM, RANK.EQ, INDEX/MATCH, IFERROR and a defined name compute beside the xlbridge column."""
    source = tmp_path / "club.xlsx"
    users_workbook(source)
    destination, computed = calc_workbook(source, tmp_path / "out.xlsx")
    book = Book(destination)
    assert book.column("Scores", "E", 2, 4) == [420, -430, -50, -620]
    assert book.column("Scores", "F", 2, 4) == [1, 3, 2, 4]
    assert book.value("Scores", "G2") == "4S"
    assert book.value("Scores", "H2") == "none"
    assert book.value("Scores", "E6") == -680
    assert book.value("Scores", "E7") == -1360
    assert book.value("Notes", "A1") == "Kept as it is"
    assert computed.not_computed  # UNKNOWNFN: reported, and its stored value kept
    assert book.value("Notes", "A2") == 0


def test_in_place_replaces_atomically(tmp_path: Path) -> None:
    """--in-place replaces the file with the computed one and leaves no temporary file behind."""
    source = tmp_path / "club.xlsx"
    users_workbook(source)
    assert main(["calc", str(source), "--in-place"]) == 0
    assert Book(source).value("Scores", "E2") == 420
    assert sorted(path.name for path in tmp_path.iterdir()) == ["club.xlsx"]


def test_never_overwrites_an_existing_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An output file that exists is kept; the command says so and exits 2."""
    source = tmp_path / "club.xlsx"
    users_workbook(source)
    existing = tmp_path / "mine.xlsx"
    existing.write_bytes(b"my own file")
    assert main(["calc", str(source), "-o", str(existing)]) == 2
    assert existing.read_bytes() == b"my own file"
    assert "already exists" in capsys.readouterr().err


def bad_files(tmp_path: Path) -> dict[str, tuple[bytes, str]]:
    source = tmp_path / "good.xlsx"
    users_workbook(source)
    good = source.read_bytes()
    parts = open_package(source).parts
    laughs = (
        b'<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>'
        b"<worksheet>&lol2;</worksheet>"
    )
    external = b'<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><worksheet>&e;</worksheet>'
    return {
        "truncated.xlsx": (good[: len(good) // 2], "damaged"),
        "encrypted.xlsx": (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 600, "encrypted (password-protected)"),
        "notes.xlsx": (b"just some text, not a workbook\n", "not an Excel workbook"),
        "bomb.xlsx": (zip_of({**parts, "xl/media/bomb.bin": b"\0" * (300 * 1024 * 1024)}), "refused"),
        "laughs.xlsx": (zip_of({**parts, "xl/worksheets/sheet1.xml": laughs}), "declares entities"),
        "external.xlsx": (zip_of({**parts, "xl/worksheets/sheet1.xml": external}), "declares entities"),
        "noworkbook.xlsx": (zip_of({"hello.txt": b"hi"}), "not an Excel workbook"),
    }


def test_bad_files_one_line_exit_2_nothing_left(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Corrupt, encrypted, not a workbook, zip bomb, entity tricks: one clear line, exit status 2, no output."""
    for name, (data, reason) in bad_files(tmp_path).items():
        path = tmp_path / name
        path.write_bytes(data)
        before = sorted(p.name for p in tmp_path.iterdir())
        assert main(["calc", str(path)]) == 2, name
        err = capsys.readouterr().err
        assert err.count("\n") == 1, (name, err)
        assert reason in err, (name, err)
        assert name in err
        assert sorted(p.name for p in tmp_path.iterdir()) == before, name  # nothing written


def test_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A file that is not there: one line, exit 2."""
    assert main(["calc", str(tmp_path / "nowhere.xlsx")]) == 2
    assert "no such file" in capsys.readouterr().err


def test_patch_inserts_missing_rows_and_cells_in_order() -> None:
    """Spilled values go into cells and rows that did not exist, in order; errors and text get their types."""
    xml = (
        b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'
        b'<row r="1"><c r="A1"><f>X()</f><v>0</v></c><c r="C1" s="3"/></row><row r="4"><c r="B4"><v>7</v></c></row>'
        b"</sheetData><pageMargins/></worksheet>"
    )
    patched = patch_sheet(xml, {(1, 1): 5, (1, 2): "a<b", (2, 1): ExcelErrorValue("#N/A"), (4, 1): 1.5, (1, 3): ""})
    text = patched.decode()
    assert '<c r="A1"><f>X()</f><v>5</v></c>' in text
    assert '<c r="B1" t="inlineStr"><is><t>a&lt;b</t></is></c><c r="C1" s="3"/>' in text
    assert '<row r="2"><c r="A2" t="e"><v>#N/A</v></c></row>' in text
    assert '<row r="4"><c r="A4"><v>1.5</v></c><c r="B4"><v>7</v></c></row>' in text
    assert text.endswith("</sheetData><pageMargins/></worksheet>")


def test_a_recomputed_workbook_is_rewritten_only_where_a_value_changed(tmp_path: Path) -> None:
    """calc of a computed workbook writes only the cells whose values differ: computed again unchanged, every part
    is byte for byte the same; after one retyped contract, the output holds exactly the values a computation gives."""
    from xlbridge.files.demo_data import demo_data
    from xlbridge.files.templates import CLASSIC, pairs_session
    from xlbridge.files.workbook.evaluate import evaluate
    from xlbridge.files.workbook.patching import write_package
    from xlbridge.files.workbook.xlsx import read_values

    blank = tmp_path / "session.xlsx"
    pairs_session.build(blank, CLASSIC, session=demo_data().session)
    first, _ = calc_workbook(blank, tmp_path / "first.xlsx")
    again, _ = calc_workbook(first, tmp_path / "again.xlsx")
    with zipfile.ZipFile(first) as one, zipfile.ZipFile(again) as two:
        parts = [(info.filename, one.read(info)) for info in one.infolist()]
        assert parts == [(info.filename, two.read(info)) for info in two.infolist()]
    package = open_package(first)
    results = package.sheets["Results"]
    assert read_values(package, "Results")[(2, 4)] != "7NT"
    edited = tmp_path / "edited.xlsx"
    write_package(package, {results: patch_sheet(package.parts[results], {(2, 4): "7NT"})}, edited)
    out, computed = calc_workbook(edited, tmp_path / "edited-computed.xlsx")
    changed = computed.changes()
    assert 0 < sum(len(cells) for cells in changed.values()) < 40  # the line's scores, its board, the totals
    written = open_package(out)
    expected = evaluate(open_package(edited))
    assert expected is not None
    for sheet, cells in expected.values.items():
        stored = read_values(written, sheet)
        for where, value in cells.items():
            assert stored.get(where, "") == value, (sheet, where)


def test_an_imported_session_is_deflated_at_the_written_level(tmp_path: Path) -> None:
    """`xlbridge import` writes its workbook's sheets at zlib's fastest level (patching.COMPRESS_LEVEL), every part
    of it and of a copy `xlbridge calc` writes from it, and both open again: zipfile takes a level for the whole
    archive but a part written from a ZipInfo of its own is deflated at the default level unless told."""
    import zlib

    from xlbridge.files.workbook.patching import COMPRESS_LEVEL

    from .conftest import HOWELL

    imported, computed = tmp_path / "howell.xlsx", tmp_path / "again.xlsx"
    assert main(["import", str(HOWELL), "-o", str(imported)]) == 0
    assert main(["calc", str(imported), "-o", str(computed)]) == 0
    for path in (imported, computed):
        open_package(path)
        with zipfile.ZipFile(path) as archive:
            for info in archive.infolist():
                if info.compress_type != zipfile.ZIP_DEFLATED or info.file_size < 10_000:
                    continue
                deflate = zlib.compressobj(COMPRESS_LEVEL, zlib.DEFLATED, -15)
                expected = len(deflate.compress(archive.read(info)) + deflate.flush())
                assert info.compress_size == expected, (path.name, info.filename)


def test_the_time_said_in_the_functions_is_theirs_not_their_loading(tmp_path: Path) -> None:
    """`xlbridge calc` says how long xlbridge's functions took: a function's module, loaded when the function is
    first called, is not counted in it. Here loading it moves the clock on by 1,000 s (no real wait, and no real
    time can come near it), so the figure said shows at once whether the loading was counted."""
    import subprocess
    import sys

    workbook = Path(__file__).parents[1] / "workbooks" / "pairs-session.xlsx"
    script = (
        "import sys, time, importlib.abc\n"
        "real, skew = time.perf_counter, [0.0]\n"
        "time.perf_counter = lambda: real() + skew[0]\n"
        "class Slow(importlib.abc.MetaPathFinder):\n"
        "    def find_spec(self, name, path, target=None):\n"
        "        if name == 'xlbridge.excel.session':\n"
        "            skew[0] += 1000.0\n"
        "        return None\n"
        "sys.meta_path.insert(0, Slow())\n"
        "from xlbridge.cli import main\n"
        f"sys.exit(main(['calc', {str(workbook)!r}, '-o', {str(tmp_path / 'out.xlsx')!r}]))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, cwd=tmp_path)
    said = re.search(r"\((\d+) xlbridge function calls, ([\d.]+) s in them\)", done.stdout)
    assert said is not None, done.stdout
    assert int(said[1]) > 0, done.stdout
    assert float(said[2]) < 1000, done.stdout
