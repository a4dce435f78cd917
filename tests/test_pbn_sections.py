"""PBN files of two sections: each line's section (its ScoreTable's Section column, or its board's ``[Section]`` tag)
and each pair's (the TotalScoreTable's Section column), scored within each section or across the field as the
matchpoints on the lines show; and a sectioned workbook's PBN export, which imports back to the same sections,
places and percentages.

The file ``pbn/ruter-style-two-sections.pbn`` is the 7- and 8-table Mitchells of ``tests/test_sections.py`` (board 1
worked by hand there) in Ruter's dialect, each board once per section with its ``[Section]`` tag.
"""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

import pytest

from .conftest import DATA
from .safety import xlbridge
from .test_sections import WITHIN, two_sections_csv

TWO_SECTIONS = DATA / "pbn" / "ruter-style-two-sections.pbn"
#: A TotalScoreTable row: rank, section, pair, direction, total, percentage.
RANKED = re.compile(r'\s*(\d+) ([AB]) (\d) "(N-S|E-W)"\s+([\d.]+)\s+([\d.]+) ')


def ranked(workbook: Path) -> list[dict[str, str]]:
    """``xlbridge ranking WORKBOOK --csv``, row by row."""
    ran = xlbridge("ranking", workbook, "--csv")
    assert ran.status == 0, ran.err
    return list(csv.DictReader(io.StringIO(ran.out)))


def file_ranking() -> dict[tuple[str, str], tuple[str, str, str]]:
    """The file's TotalScoreTable: each pair (``A2``, ``NS``) with its section, place and percentage."""
    out = {}
    for line in TWO_SECTIONS.read_text(encoding="latin-1").splitlines():
        match = RANKED.match(line)
        if match:
            place, section, number, direction, _, percentage = match.groups()
            out[(section + number, direction.replace("-", ""))] = (section, place, percentage)
    return out


def board_one(path: Path) -> dict[str, list[float]]:
    """Board 1's North-South matchpoints in a PBN file, section by section, table by table (a Mitchell's NS pair
    sits at its own table): from the Section column or the [Section] tag."""
    points: dict[str, dict[int, float]] = {}
    tags: dict[str, str] = {}
    columns: list[str] = []
    for line in path.read_text(encoding="latin-1").splitlines():
        tag = re.fullmatch(r'\[(\w+) "(.*)"\]', line.strip())
        if tag:
            tags[tag[1]] = tag[2]
            columns = [part.split("\\")[0] for part in tag[2].split(";")] if tag[1] == "ScoreTable" else []
            continue
        if not line.strip():
            tags, columns = {}, []
        elif columns and tags.get("Board") == "1":
            row = dict(zip(columns, line.split(), strict=False))
            section = row.get("Section") or tags["Section"]
            points.setdefault(section, {})[int(row["PairId_NS"])] = float(row["MP_NS"])
    return {section: [figures[table] for table in sorted(figures)] for section, figures in sorted(points.items())}


def test_a_file_of_two_sections_imports_each_pair_in_its_section(tmp_path: Path) -> None:
    """Ruter's two-section file imports with each pair in its section: the file's matchpoints show it was scored
    within each section (tops 12 and 14; board 1's are the hand-worked ones), and every pair's section, overall
    place and percentage on the ranking are the file's (30 of 30)."""
    assert board_one(TWO_SECTIONS) == WITHIN
    workbook = tmp_path / "two.xlsx"
    ran = xlbridge("import", TWO_SECTIONS, "-o", workbook)
    assert ran.status == 0, ran.err
    assert "the file's ranking: every pair's places, totals and percentages as xlbridge works them out" in ran.out
    assert "within each section, tops A 12, B 14" in xlbridge("ranking", workbook).out
    theirs = file_ranking()
    rows = ranked(workbook)
    assert len(rows) == len(theirs) == 30
    for row in rows:
        section, place, percentage = theirs[(row["pair"], row["direction"])]
        assert (row["section"], row["overall_place"].rstrip("="), row["percentage"]) == (section, place, percentage)


def without_points(path: Path) -> Path:
    """The two-section file with the matchpoints and percentages of its lines taken out (a program that writes the
    results and the ranking only)."""
    text = TWO_SECTIONS.read_text(encoding="latin-1")
    text = text.replace(";MP_NS\\4R;MP_EW\\4R;Percentage_NS\\3R;Percentage_EW\\3R", "")
    text = re.sub(r"(?m)^(\d .*?)\s+[\d.]+\s+[\d.]+\s+\d+\s+\d+$", r"\1", text)
    path.write_text(text, encoding="latin-1")
    return path


def test_a_file_that_cannot_say_how_its_sections_were_scored_is_refused_unless_told(tmp_path: Path) -> None:
    """Without matchpoints on its lines a file cannot say whether its sections were compared across the field or
    within each: refused naming the first line of the second section, saying how to tell it; ``--method "MP
    Across the field"`` (or ``"MP Within section"``) imports it so."""
    path = without_points(tmp_path / "no-points.pbn")
    refused = xlbridge("import", path, "-o", tmp_path / "out.xlsx").refused
    lines = path.read_text(encoding="latin-1").splitlines()
    second = lines.index('[Section "B"]')
    line = next(number for number, text in enumerate(lines[second:], start=second + 1) if text[:1].isdigit())
    assert refused.startswith(f"xlbridge import: {path}: line {line}: section B plays boards section A plays, and the "
                              "ScoreTables give no MP_NS and _EW on their lines")  # fmt: skip
    assert refused.endswith('say which with --method ("MP Across the field" or "MP Within section")')
    assert not (tmp_path / "out.xlsx").exists()
    for method, note in (("MP Across the field", "top 28 across the field"), ("MP Within section", "tops A 12")):
        workbook = tmp_path / f"{method}.xlsx"
        ran = xlbridge("import", path, "-o", workbook, "--method", method)
        assert ran.status == 0, ran.err
        assert note in xlbridge("ranking", workbook).out


@pytest.mark.parametrize(("edit", "said"), [
    (('[Section "B"]\r\n', ""), "board 1 has no section (a Section column or a [Section] tag), where the file's other "
     "lines are in sections A, B: give every board its section"),
    ((' 2 B 3 "N-S"', ' 2 - 3 "N-S"'), "pair 3 has no Section, where the file's pairs are in sections A, B: give "
     "every pair its section"),
], ids=["board", "pair"])  # fmt: skip
def test_a_board_or_pair_without_its_section_is_refused(tmp_path: Path, edit: tuple[str, str], said: str) -> None:
    """A board (or a ranked pair) with no section among sectioned ones would make a section of its own: refused in
    one line naming its line."""
    text = TWO_SECTIONS.read_bytes().decode("latin-1")
    old, new = edit
    assert old in text
    path = tmp_path / "broken.pbn"
    path.write_bytes(text.replace(old, new, 1).encode("latin-1"))
    refused = xlbridge("import", path, "-o", tmp_path / "out.xlsx").refused
    assert refused.endswith(said)
    assert re.match(rf"xlbridge import: {re.escape(str(path))}: line \d+: ", refused)


def test_a_pair_ranked_twice_is_refused_naming_both_lines(tmp_path: Path) -> None:
    """A TotalScoreTable that ranks one pair twice (a row's section or number mistyped: ``A 2`` where ``B 3`` was
    meant) is refused naming both rows: the second row's players and figures replaced the first's without a word,
    and the pair it should have been went missing."""
    text = TWO_SECTIONS.read_bytes().decode("latin-1")
    old = ' 2 B 3 "N-S"'
    assert old in text
    path = tmp_path / "twice.pbn"
    path.write_bytes(text.replace(old, ' 2 A 2 "N-S"', 1).encode("latin-1"))
    lines = text.splitlines()
    first, second = (
        next(n for n, line in enumerate(lines, start=1) if line.startswith(row)) for row in (' 1 A 2 "N-S"', old)
    )
    refused = xlbridge("import", path, "-o", tmp_path / "out.xlsx").refused
    assert refused == (f"xlbridge import: {path}: line {second}: pair A2NS is ranked twice in the TotalScoreTable "
                       f"(also on line {first}): give each pair one row, with its own number, direction and "
                       "section")  # fmt: skip
    assert not (tmp_path / "out.xlsx").exists()


def test_a_pair_left_off_the_ranking_is_named_with_its_section(tmp_path: Path) -> None:
    """A TotalScoreTable that leaves out a pair who plays (B3 North-South) is refused naming the pair with its
    section: ``NS 3`` could be A3 or B3."""
    text = TWO_SECTIONS.read_bytes().decode("latin-1")
    lines = text.splitlines(keepends=True)
    row = next(n for n, line in enumerate(lines) if line.startswith(' 2 B 3 "N-S"'))
    path = tmp_path / "left-out.pbn"
    path.write_bytes("".join(lines[:row] + lines[row + 1 :]).encode("latin-1"))
    ran = xlbridge("import", path, "-o", tmp_path / "out.xlsx")
    assert ran.status == 2
    first = ran.err.splitlines()[0]
    assert re.fullmatch(rf"xlbridge import: {re.escape(str(path))}: 1 pair plays on its lines but is not on the list "
                        r"of pairs the file gives: NS B3 \(16 lines, from line \d+\)", first), first  # fmt: skip


def test_one_section_named_on_every_board_is_a_session_of_one_section(tmp_path: Path) -> None:
    """A ``[Section "A"]`` on every board of a one-section file says nothing: its pairs are numbered as one, and
    the ranking has no sections."""
    text = (DATA / "pbn" / "ruter-style-howell.pbn").read_bytes().replace(b"[Board ", b'[Section "A"]\n[Board ')
    path = tmp_path / "one.pbn"
    path.write_bytes(text)
    workbook = tmp_path / "one.xlsx"
    ran = xlbridge("import", path, "-o", workbook)
    assert ran.status == 0, ran.err
    rows = ranked(workbook)
    assert "section" not in rows[0]
    assert all(row["pair"].isdigit() for row in rows)


@pytest.mark.parametrize("method", [None, "MP Across the field"])
def test_a_sectioned_workbook_exported_as_pbn_imports_back_the_same(tmp_path: Path, method: str | None) -> None:
    """A workbook of two sections (within each, and across the field) exported as PBN writes a Section column in
    both tables and every section's lines of a board in one ScoreTable; the file imports back to the same sections,
    places, overall places and percentages, scored the same way as its matchpoints show."""
    workbook = tmp_path / "two.xlsx"
    option = ("--method", method) if method else ()
    assert xlbridge("import", two_sections_csv(tmp_path), "-o", workbook, *option).status == 0
    exported = tmp_path / "two.pbn"
    ran = xlbridge("export", workbook, "--pbn", exported)
    assert ran.status == 0, ran.err
    text = exported.read_text(encoding="utf-8")
    assert '[TotalScoreTable "Rank;Section;PairId;Direction;' in text
    assert text.count('[ScoreTable "Section;PairId_NS;PairId_EW;') == 16  # a board each, both sections' lines
    again = tmp_path / "again.xlsx"
    ran = xlbridge("import", exported, "-o", again)
    assert ran.status == 0, ran.err
    assert "the file's ranking: every pair's places, totals and percentages as xlbridge works them out" in ran.out
    assert ranked(again) == ranked(workbook)
    note = "top 28 across the field" if method else "within each section, tops A 12, B 14"
    assert note in xlbridge("ranking", again).out
