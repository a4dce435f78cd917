"""Handicapped pairs: a handicap in percentage points added to each pair's percentage, a second ranking placed like
the first (EBUScore's sign and its 50% / 100% ways of making a pair's handicap from its players')."""

from __future__ import annotations

import csv
import io
import subprocess
import sys
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from xlbridge import BridgeInputError, Pair, Reason, Session, read_line, score_session
from xlbridge.engine.pairs import pair_handicap, read_handicap
from xlbridge.engine.standings import SessionScore, share_places
from xlbridge.excel import FUNCTIONS
from xlbridge.files.demo_data import demo_data
from xlbridge.files.interchange import read_names
from xlbridge.files.templates import CLASSIC, pairs_session
from xlbridge.files.templates.layout import LAYOUT
from xlbridge.files.workbook.calc import calc_workbook, write_values
from xlbridge.files.workbook.xlsx import open_package

from .workbooks import Book

ROOT = Path(__file__).resolve().parent.parent
DEMO_NAMES = ROOT / "xlbridge" / "data" / "demo-names.csv"
DEMO_SESSION = ROOT / "xlbridge" / "data" / "demo-session.csv"
#: A handicap for each pair of the demo's names file, in its order (one left blank: it counts 0).
HANDICAPS = ["-3", "2", "0", "5", "-1.5", "1", "", "4", "-2", "3", "0", "-4", "2.5", "1", "-1", "0", "3", "-2"]


def xlbridge(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "xlbridge", *args], capture_output=True, text=True, cwd=cwd,
                          check=False, timeout=600)  # fmt: skip


@pytest.mark.parametrize(
    ("players", "rule", "pair"),
    [
        (["-5", "-5"], None, -5),  # EBUScore, "50%": two 60% players (-5 each) -> -5
        (["-5", "-5"], "AVERAGE", -5),
        (["-5", "-5"], "50%", -5),
        (["-5", "-5"], "SUM", -10),  # EBUScore, "100%": -10
        (["-5", "-5"], "100%", -10),
        (["+3", "+5"], "SUM", 8),  # the NGS team: a 56% and a 60% player... added for the partnership
        (["-5", ""], "AVERAGE", Fraction(-5, 2)),  # a player with no handicap counts 0
        (["", ""], None, None),
    ],
)
def test_a_pairs_handicap_from_its_players(players: list[str], rule: str | None, pair: Fraction | None) -> None:
    """The pair's handicap is its players' average (EBUScore's 50%, the default) or their sum (EBUScore's 100%)."""
    assert pair_handicap(players, rule) == pair


@pytest.mark.parametrize(
    ("typed", "points"), [("-5", -5), ("+2.5", Fraction(5, 2)), ("3%", 3), (" -1.25 ", Fraction(-5, 4)), (4.0, 4)]
)
def test_what_a_handicap_may_be(typed: object, points: Fraction) -> None:
    """Percentage points, signed, with decimals or a % sign."""
    assert read_handicap(typed) == points


@pytest.mark.parametrize(
    ("typed", "reason"), [("x", Reason.MALFORMED), (True, Reason.MALFORMED), ("60", Reason.OUT_OF_RANGE)]
)
def test_bad_handicaps(typed: object, reason: Reason) -> None:
    """Not a number, or more than 50 points either way, is refused with the reason."""
    with pytest.raises(BridgeInputError, match="handicap") as caught:
        read_handicap(typed)
    assert caught.value.reason is reason


def test_places_are_shared_like_the_ranking() -> None:
    """Equal figures share a place (2=) and the next place counts past them; each field is placed apart."""
    keys = [(1, 60), (1, 55), (1, 55), (1, 50), (2, 55), (2, 40), (1, None)]
    assert share_places(keys) == ["1", "2=", "2=", "4", "1", "2", ""]


def demo_with_handicaps() -> Session:
    session = demo_data().session
    pairs = [replace(pair, handicap=read_handicap(h)) for pair, h in zip(session.pairs, HANDICAPS, strict=True)]
    return replace(session, pairs=tuple(pairs))


def test_the_engine_keeps_both_rankings() -> None:
    """Each pair's handicapped percentage is its percentage plus its handicap; places by it, field by field; the
    scratch figures and places are unchanged."""
    plain = score_session(demo_data().session)
    scored = score_session(demo_with_handicaps())
    assert scored.handicapped
    assert not plain.handicapped
    for before, after, typed in zip(plain.standings, scored.standings, HANDICAPS, strict=True):
        assert (after.percentage, after.place) == (before.percentage, before.place)
        assert after.handicap == (read_handicap(typed) or 0)
        assert after.handicapped == before.percentage + after.handicap  # type: ignore[operator]
    order = scored.handicapped_ranking
    for field in (1, 2):
        shown = [s for s in order if s.field == field]
        assert [s.handicapped_place for s in shown] == share_places([(1, s.handicapped) for s in shown])  # type: ignore[misc]
        assert [s.handicapped for s in shown] == sorted((s.handicapped for s in shown), reverse=True)  # type: ignore[type-var]
    assert [s.place for s in scored.ranking] == [s.place for s in plain.ranking]


def test_a_tie_made_by_the_handicaps() -> None:
    """Two pairs whose handicapped percentages are equal share the place."""
    lines = [read_line(1, 1, 2, "4S", "N", "="), read_line(1, 3, 4, "4S", "N", "-1")]
    session = Session.of(pairs=[Pair(1, handicap=Fraction(-50)), Pair(2), Pair(3, handicap=Fraction(50)), Pair(4)],
                         lines=lines)  # fmt: skip
    got = {s.pair.number: (s.percentage, s.handicapped, s.handicapped_place) for s in score_session(session).standings}
    assert got == {1: (100, 50, "2="), 2: (0, 0, "4"), 3: (0, 50, "2="), 4: (100, 100, "1")}


def test_imp_sessions_have_no_handicapped_ranking() -> None:
    """Handicaps are percentage points: a Butler or cross-IMP session has no percentages to add them to."""
    session = replace(demo_with_handicaps(), method=Session.of(method="Butler").method)
    scored = score_session(session)
    assert not scored.handicapped
    assert all(s.handicapped is None for s in scored.standings)


def test_names_csv_with_handicaps(tmp_path: Path) -> None:
    """A names file's handicap column (the pair's), or handicap1 and handicap2 (the players', made into the pair's);
    a bad handicap names its line."""
    pair_file = tmp_path / "pairs.csv"
    pair_file.write_text("pair,direction,player1,player2,handicap\n1,,Ann,Bob,-2.5\n2,,Cath,Dave,\n")
    assert [p.handicap for p in read_names(pair_file.read_bytes(), pair_file)] == [Fraction(-5, 2), None]
    players = tmp_path / "players.csv"
    players.write_text("pair,direction,player1,player2,Handicap 1,Handicap 2\n1,,Ann,Bob,-4,-2\n2,,Cath,Dave,3,\n")
    assert [p.handicap for p in read_names(players.read_bytes(), players)] == [-3, Fraction(3, 2)]
    assert [p.handicap for p in read_names(players.read_bytes(), players, "SUM")] == [-6, 3]
    bad = tmp_path / "bad.csv"
    bad.write_text("pair,direction,player1,player2,hcp\n1,,Ann,Bob,-2\n2,,Cath,Dave,lots\n")
    with pytest.raises(BridgeInputError, match=r"bad.csv: line 3: handicap 'lots': expected percentage points"):
        read_names(bad.read_bytes(), bad)


def _names_file(folder: Path, handicaps: list[str] | None) -> Path:
    rows = list(csv.reader(DEMO_NAMES.read_text(encoding="utf-8").splitlines()))
    names = folder / ("names.csv" if handicaps else "plain-names.csv")
    with names.open("w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        if handicaps is None:
            writer.writerows(rows)
        else:
            writer.writerow([*rows[0], "handicap"])
            writer.writerows([*row, handicap] for row, handicap in zip(rows[1:], handicaps, strict=True))
    return names


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The demo session imported the way a user does it, its names file carrying a handicap column."""
    folder = tmp_path_factory.mktemp("handicaps")
    names = _names_file(folder, HANDICAPS)
    done = xlbridge("import", str(DEMO_SESSION), "--names", str(names), "-o", "demo.xlsx", cwd=folder)
    assert done.returncode == 0, done.stderr
    assert ("handicaps for 17 pairs, on the Names sheet, the handicapped figures on Totals; the handicapped "
            "ranking: xlbridge ranking demo.xlsx --handicapped") in done.stderr  # fmt: skip
    return folder / "demo.xlsx", names


def _want(scored: SessionScore) -> list[tuple[str, str, str, str, str]]:
    return [
        (s.handicapped_place, str(s.pair.number), s.pair.direction_text, f"{float(s.handicapped):.2f}", s.place)  # type: ignore[arg-type]
        for s in scored.handicapped_ranking
    ]


def _got(done: subprocess.CompletedProcess[str]) -> list[tuple[str, str, str, str, str]]:
    rows = list(csv.DictReader(io.StringIO(done.stdout)))
    return [(r["place"], r["pair"], r["direction"], r["handicapped_percentage"], r["scratch_place"]) for r in rows]


def test_imported_handicaps_are_in_the_workbook(imported: tuple[Path, Path]) -> None:
    """The import writes each pair's handicap into the Names sheet's Handicap column, and the computed Totals show
    the handicap, the handicapped percentage and place of each pair exactly as the engine gives them."""
    workbook, _ = imported
    book = Book(workbook)
    names, totals = book.sheets["Names"], book.sheets["Totals"]
    col = LAYOUT.names.col("Handicap") + 1
    assert names[(1, col)] == "Handicap"
    typed = [names.get((row, col)) for row in range(2, 2 + len(HANDICAPS))]
    assert typed == [float(h) if h else None for h in HANDICAPS]
    scored = score_session(demo_with_handicaps())
    by_pair = {(str(s.pair.number), s.pair.direction_text): s for s in scored.standings}
    heading = {name: LAYOUT.totals.col(name) + 1 for name in ("Pair", "Direction", "Handicap", "Handicapped %",
                                                             "Handicapped place")}  # fmt: skip
    for row in range(2, 2 + len(HANDICAPS)):
        standing = by_pair[
            (str(totals[(row, heading["Pair"])]).removesuffix(".0"), totals[(row, heading["Direction"])])
        ]
        assert totals[(row, heading["Handicap"])] == float(standing.handicap)  # type: ignore[arg-type]
        assert totals[(row, heading["Handicapped %"])] == pytest.approx(float(standing.handicapped), abs=1e-9)  # type: ignore[arg-type]
        assert totals[(row, heading["Handicapped place"])] == standing.handicapped_place


def test_ranking_handicapped_from_the_workbook(imported: tuple[Path, Path]) -> None:
    """`xlbridge ranking --handicapped`: the Totals' handicapped figures in handicapped order, the scratch place
    beside; the same figures and places as the engine's, and the same with --names giving the handicaps again."""
    workbook, names = imported
    want = _want(score_session(demo_with_handicaps()))
    done = xlbridge("ranking", str(workbook), "--handicapped", "--csv", cwd=workbook.parent)
    assert done.returncode == 0, done.stderr
    assert _got(done) == want
    assert next(iter(csv.DictReader(io.StringIO(done.stdout))))["names"] == "Liam Esher & Eve Pelham"
    again = xlbridge("ranking", str(workbook), "--handicapped", "--names", str(names), "--csv", cwd=workbook.parent)
    assert _got(again) == want
    table = xlbridge("ranking", str(workbook), "--handicapped", cwd=workbook.parent).stdout
    assert "Hcp %  Scratch" in table
    assert "North-South" in table
    assert "East-West" in table


def test_names_file_handicaps_replace_the_workbooks(imported: tuple[Path, Path], tmp_path: Path) -> None:
    """--names gives other handicaps: they are used, not the figures the workbook shows."""
    workbook, _ = imported
    other = ["0"] * len(HANDICAPS)
    other[0] = "10"
    names = _names_file(tmp_path, other)
    done = xlbridge("ranking", str(workbook), "--handicapped", "--names", str(names), "--csv", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    pairs = [Pair(p.number, p.direction, p.players, read_handicap(h)) for p, h in
             zip(demo_data().session.pairs, other, strict=True)]  # fmt: skip
    assert _got(done) == _want(score_session(replace(demo_data().session, pairs=tuple(pairs))))


def test_ranking_handicapped_needs_handicaps(imported: tuple[Path, Path], tmp_path: Path) -> None:
    """A workbook with no handicaps and no --names is refused in one line; --names alone asks for --handicapped."""
    _, names = imported
    plain = _names_file(tmp_path, None)
    assert (
        xlbridge("import", str(DEMO_SESSION), "--names", str(plain), "-o", "plain.xlsx", cwd=tmp_path).returncode == 0
    )
    done = xlbridge("ranking", "plain.xlsx", "--handicapped", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr == ("xlbridge ranking: plain.xlsx: no handicaps: none on its Names sheet (the Handicap "
                           "column); type them there, or give them with --names NAMES.csv (a names file with a "
                           "handicap column)\n")  # fmt: skip
    done = xlbridge("ranking", "plain.xlsx", "--names", str(names), cwd=tmp_path)
    assert (done.returncode, done.stderr) == (
        2,
        "xlbridge ranking: --names and --handicaps give handicaps: add --handicapped\n",
    )


def test_handicaps_typed_in_the_template(tmp_path: Path) -> None:
    """A secretary types handicaps into the pairs-session template's Names sheet, or her players' in two columns of
    her own (Handicap 1, Handicap 2: made into the pair's by --handicaps): the Totals the template computes and the
    ranking command agree with the engine."""
    session = demo_data().session
    pairs = tuple(replace(pair, handicap=read_handicap(h)) for pair, h in zip(session.pairs, HANDICAPS, strict=True))
    built = tmp_path / "typed.xlsx"
    pairs_session.build(built, CLASSIC, session=replace(session, pairs=pairs))
    computed, _ = calc_workbook(built, tmp_path / "typed-computed.xlsx")
    done = xlbridge("ranking", str(computed), "--handicapped", "--csv", cwd=tmp_path)
    assert _got(done) == _want(score_session(demo_with_handicaps()))

    plain = tmp_path / "plain.xlsx"
    pairs_session.build(plain, CLASSIC, session=session)
    col = len(LAYOUT.names.columns) + 1
    cells: dict[tuple[int, int], object] = {(1, col): "Handicap 1", (1, col + 1): "Handicap 2"}
    for offset, handicap in enumerate(HANDICAPS):
        cells[(LAYOUT.names.first_row + offset + 1, col)] = float(handicap or 0)
        cells[(LAYOUT.names.first_row + offset + 1, col + 1)] = float(handicap or 0)
    players = tmp_path / "players.xlsx"
    write_values(open_package(plain), {"Names": cells}, players, replace=False)
    players_computed, _ = calc_workbook(players, tmp_path / "players-computed.xlsx")
    summed = xlbridge("ranking", str(players_computed), "--handicapped", "--handicaps", "SUM", "--csv", cwd=tmp_path)
    averaged = xlbridge("ranking", str(players_computed), "--handicapped", "--csv", cwd=tmp_path)
    assert summed.returncode == averaged.returncode == 0, summed.stderr + averaged.stderr
    given = {(str(p.number), p.direction_text): float(h or 0) for p, h in zip(session.pairs, HANDICAPS, strict=True)}
    for done, factor in ((summed, 2), (averaged, 1)):  # each player has the pair's figure: summed, twice it
        shown = {(r["pair"], r["direction"]): float(r["handicap"]) for r in csv.DictReader(io.StringIO(done.stdout))}
        assert shown == {key: factor * value for key, value in given.items()}


def test_a_bad_handicap_in_the_template_says_which() -> None:
    """A handicap the Names sheet cannot hold as one (text, or beyond the limit) leaves the totals as errors, and
    the Results' Check column and the ranking's note name the pair: nothing is ranked on a wrong figure."""
    results = [[1, 1, 2, "4S", "N", "", "=", ""]]
    for typed, why in (("lots", "expected percentage points"), (75, "a handicap is at most 50 percentage points")):
        names = [[1, "", "Ann", "Bob", typed], [2, "", "Cath", "Dave", ""]]
        totals = FUNCTIONS["PAIRTOTALS"](results, names, [["MP"]], [["Howell"]])
        assert {cell for row in totals for cell in row} == {"#VALUE!" if typed == "lots" else "#NUM!"}
        check = FUNCTIONS["SESSIONRESULTS"](results, names, [["MP"]], [["Howell"]])[0][-1]
        note = FUNCTIONS["SESSIONINFO"]("Club", "", results, names, [["MP"]], [["Howell"]])[-1][0]
        assert check == note
        assert check.startswith(f"names row 2: pair 1: handicap {typed!r}: {why}"), check


def test_imp_workbooks_are_refused(tmp_path: Path) -> None:
    """An IMP-scored session has no percentages: the handicapped ranking is refused in one line."""
    from .conftest import BUTLER

    assert xlbridge("import", str(BUTLER), "-o", "butler.xlsx", cwd=tmp_path).returncode == 0
    names = tmp_path / "names.csv"
    names.write_text("pair,direction,player1,player2,handicap\n1,NS,A,B,2\n")
    done = xlbridge("ranking", "butler.xlsx", "--handicapped", "--names", str(names), cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr == (
        "xlbridge ranking: butler.xlsx: Butler scoring gives IMPs, not percentages; handicaps are percentage points\n"
    )
