"""Weighted adjusted scores (Law 12C1(c)): each part scored as if it were the result, the answers weighted.

Sources of the rows below: issue 14's worked example; the Danish tournament directors' site bridgeregler.dk
("Beregning af vægtet score": the teams example, -2.5 IMPs); T. Hill on the blml list, March 2016 (pairs: "60% of
the matchpoints for +620 plus 40% of the matchpoints for -100"); the EBU White Book's example as quoted on the EBU
forum (discussion 901: a weighted score is one of the board's results, each direction's matchpoints still total
n x average).
"""

from __future__ import annotations

import itertools
import math
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from xlbridge import (
    BridgeInputError,
    Field,
    Reason,
    Weighted,
    bam,
    butler,
    cross_imps,
    datum,
    imps,
    matchpoints,
    parse_field_entry,
    score_session,
)
from xlbridge.cli import main
from xlbridge.excel import FUNCTIONS
from xlbridge.files.demo_data import demo_data
from xlbridge.files.interchange import read_results
from xlbridge.files.templates import CLASSIC, pairs_session
from xlbridge.files.workbook.calc import calc_workbook
from xlbridge.files.workbook.evaluate import evaluate
from xlbridge.files.workbook.xlsx import open_package
from xlbridge.rules.comparisons import ACBL
from xlbridge.rules.scales import WBF_IMPS

from .workbooks import Book

ISSUE = "80% 400 / 20% 430"


def test_the_issues_example() -> None:
    """Against 400 and 120: the weighted score earns 0.8 x 3 + 0.2 x 4 = 3.2 of 4, the 400 earns 0.8 x 1 + 2 = 2.8,
    the 120 earns 0; typing the average score (406) instead would give 4 and 2, which is wrong."""
    out = matchpoints([ISSUE, 400, 120])
    assert [m.ns for m in out] == [Fraction(16, 5), Fraction(14, 5), 0]
    assert [m.ew for m in out] == [Fraction(4, 5), Fraction(6, 5), 4]
    assert [m.ns for m in matchpoints([406, 400, 120])] == [4, 2, 0]


def test_the_teams_example() -> None:
    """bridgeregler.dk: 60% of 3NT+1 (+430), 10% of 3NT= (+400), 20% of 4S-1 by the other side (-50), 10% of 3NT-3
    (-150), against +400 at the other table: +1, 0, -10, -11 IMPs, weighted -2.5 IMPs. Weighting the points first
    (+273 against +400: 127 points) would give a whole -3: the order matters."""
    weighted = "60% 430 / 10% 400 / 20% -50 / 10% -150"
    mine, theirs = cross_imps([weighted, 400])  # a team match is a field of two
    assert (mine.ns, theirs.ns) == (Fraction(-5, 2), Fraction(5, 2))
    assert imps(273 - 400) == -3


def test_the_blml_pairs_example() -> None:
    """T. Hill: "60% of the matchpoints for +620 plus 40% of the matchpoints for -100" (the others' results as they
    stand)."""
    others = [620, 650, 170, -100, -200]
    weighted = matchpoints(["60% 620 / 40% -100", *others])[0].ns
    as_620 = matchpoints([620, *others])[0].ns
    as_minus_100 = matchpoints([-100, *others])[0].ns
    assert weighted == Fraction(3, 5) * as_620 + Fraction(2, 5) * as_minus_100
    assert (as_620, as_minus_100, weighted) == (7, 3, Fraction(27, 5))


def test_the_others_meet_each_part() -> None:
    """A result between the parts beats the lower part and loses to the higher one, with their weights: +620 against
    60% of +650 and 40% of +170 earns 0.4 of a win (European 0.8 matchpoints) against that table."""
    out = matchpoints(["60% 650 / 40% 170", 620])
    assert out[1].ns == Fraction(4, 5)
    assert out[0].ns == Fraction(6, 5)


@pytest.mark.parametrize(
    ("typed", "parts"),
    [
        ("80% 400 / 20% 430", ((Fraction(4, 5), 400), (Fraction(1, 5), 430))),
        ("20%430/80%400", ((Fraction(4, 5), 400), (Fraction(1, 5), 430))),  # order and spaces do not matter
        ("50% -100 / 50% +620", ((Fraction(1, 2), -100), (Fraction(1, 2), 620))),
        (
            "33.3% 100 / 33.3% 200 / 33.4% 300",
            ((Fraction(167, 500), 300), (Fraction(333, 1000), 100), (Fraction(333, 1000), 200)),
        ),
        ("50% 400 / 25% 400 / 25% 430", ((Fraction(3, 4), 400), (Fraction(1, 4), 430))),  # the same score joined
        ("100% 400", ((Fraction(1), 400),)),
    ],
)
def test_what_can_be_typed(typed: str, parts: tuple[tuple[Fraction, int], ...]) -> None:
    """Percentages of North-South scores separated by /, any number of parts, summing to exactly 100."""
    entry = parse_field_entry(typed)
    assert entry == Weighted(parts)
    assert parse_field_entry(str(entry)) == entry


@pytest.mark.parametrize(
    ("typed", "message", "reason"),
    [
        ("80% 400 / 30% 430", "the percentages add up to 110, not 100", Reason.OUT_OF_RANGE),
        ("80% 400", "the percentages add up to 80, not 100", Reason.OUT_OF_RANGE),
        ("80% 400 / 20%", r"part 2 \(20%\) is not a percentage and a score", Reason.MALFORMED),
        ("80% 400 / 20% 430.5", r"part 2 \(20% 430.5\) is not a percentage and a score", Reason.MALFORMED),
        ("80% 400 / / 20% 430", r"part 2 \(empty\)", Reason.MALFORMED),
        ("0% 100 / 100% 400", "part 1 gives 0%", Reason.OUT_OF_RANGE),
        ("80% A / 20% 430", r"part 1 \(80% A\)", Reason.MALFORMED),
        ("400 80% / 430 20%", "is not a percentage and a score", Reason.MALFORMED),
    ],
)
def test_malformed_weighted_scores(typed: str, message: str, reason: Reason) -> None:
    """A malformed weighted score names the part and the form expected; in a cell it is #VALUE! (or #NUM! for
    percentages out of range), its reason readable with CHECK."""
    with pytest.raises(BridgeInputError, match=message) as caught:
        parse_field_entry(typed)
    assert caught.value.reason is reason
    assert "80% 400 / 20% 430" in caught.value.message or reason is Reason.OUT_OF_RANGE
    code = "#VALUE!" if reason is Reason.MALFORMED else "#NUM!"
    assert FUNCTIONS["MATCHPOINTS"]([[typed]], [[typed], [400]]) == [[code]]
    (reasons,) = FUNCTIONS["MATCHPOINTS"]([[typed]], [[typed], [400]], [["CHECK"]])
    assert reasons[0] == f"field entry {caught.value.message.removeprefix('score ')}"


def test_a_weighted_score_must_be_in_its_field() -> None:
    """Like any score, a weighted one not on the board is #N/A."""
    with pytest.raises(BridgeInputError, match="score 80% 400 / 20% 430: not one of this board's results") as caught:
        Field(["70% 400 / 30% 430", 400]).matchpoints(parse_field_entry(ISSUE))  # type: ignore[arg-type]
    assert caught.value.reason is Reason.NOT_IN_FIELD


def test_neuberg_with_a_weighted_and_an_artificial_score() -> None:
    """Average plus takes 60% of the full top and is left out; the weighted score is one of the three real results,
    Neuberg-scaled to four: (3.2 + 1) x 4/3 - 1 = 4.6."""
    out = matchpoints([ISSUE, 400, 120, "A+"])
    assert [m.ns for m in out] == [Fraction(23, 5), Fraction(61, 15), Fraction(1, 3), Fraction(18, 5)]
    assert out[0].top == 6


def test_acbl_matchpoints_are_half() -> None:
    """ACBL matchpoints (1 and 1/2) of a weighted score are half the European ones."""
    board = Field([ISSUE, 400, 120, 430, "A-"], expected=6)
    entry = parse_field_entry(ISSUE)
    assert entry is not None
    assert board.matchpoints(entry, ACBL).ns * 2 == board.matchpoints(entry).ns


def test_cross_imps_part_by_part() -> None:
    """Cross-IMPs: each part IMPed against every other result, weighted, over the n - 1 comparisons; the others
    meet each part."""
    out = cross_imps([ISSUE, 400, 120])
    # parts: 400 v 400 = 0, v 120 = +7; 430 v 400 = +1, v 120 = +7 -> 0.8 x 7 + 0.2 x 8 = 7.2 over 2
    assert out[0].ns == Fraction(18, 5)
    assert out[1].ns == Fraction(-1, 5) / 2 + Fraction(7, 2)  # v the weighted: 0.8 x 0 + 0.2 x -1; v 120: +7
    assert sum(c.ns for c in out) == 0


def test_butler_datum_and_imps() -> None:
    """The datum counts the weighted score once, at its weighted mean (406): 120, 400, 406, 500 trimmed to 400 and
    406, mean 403, datum 400; the weighted score is 0.8 x IMP(0) + 0.2 x IMP(30) = 0.2 IMPs."""
    field = [ISSUE, 400, 120, 500]
    assert datum(field) == 400
    assert [s.ns for s in butler(field)] == [Fraction(1, 5), 0, -7, 3]


def test_board_a_match() -> None:
    """Board-a-match: each part against the other table, weighted."""
    assert bam(ISSUE, 400) == Fraction(4, 5) * Fraction(1, 2) + Fraction(1, 5)
    assert bam(400, ISSUE) == Fraction(2, 5)


# --- properties ----------------------------------------------------------------------------------------------------

SCORES = st.sampled_from([-500, -100, -50, 0, 50, 110, 140, 400, 420, 430, 450, 620, 1430])
PERCENT_SPLITS = st.sampled_from([(100,), (50, 50), (80, 20), (60, 30, 10), (25, 25, 25, 25), (33.3, 33.3, 33.4)])


@st.composite
def weighted_scores(draw: st.DrawFn) -> Weighted:
    split = draw(PERCENT_SPLITS)
    scores = draw(st.lists(SCORES, min_size=len(split), max_size=len(split), unique=True))
    return Weighted.of(list(zip(split, scores, strict=True)))


FIELDS = st.tuples(st.lists(SCORES, min_size=0, max_size=12), st.lists(weighted_scores(), min_size=1, max_size=3))


def expanded(plain: list[int], weighted: list[Weighted]) -> list[tuple[Fraction, list[int]]]:
    """Every way the weighted scores' parts could have been the results, with its probability: the definition of
    a weighted score, by pencil and paper."""
    out = []
    for choice in itertools.product(*(entry.parts for entry in weighted)):
        probability = math.prod((weight for weight, _ in choice), start=Fraction(1))
        out.append((probability, [score for _, score in choice] + plain))
    return out


@given(FIELDS, st.integers(0, 3))
def test_matchpoints_are_the_expected_matchpoints_over_every_outcome(field: tuple, missing: int) -> None:  # type: ignore[type-arg]
    """Every entry's matchpoints (Neuberg included) are its matchpoints in each possible outcome, weighted by the
    outcome's probability: the weighted score is compared part by part, and the others meet each part."""
    plain, weighted = field
    size = len(plain) + len(weighted) + missing
    got = [m.ns for m in matchpoints([*weighted, *plain], expected=size)]
    want = [Fraction(0)] * len(got)
    for probability, outcome in expanded(plain, weighted):
        for index, points in enumerate(matchpoints(outcome, expected=size)):
            assert points is not None
            want[index] += probability * points.ns
    assert got == want


@given(FIELDS)
def test_cross_imps_are_the_expected_cross_imps_over_every_outcome(field: tuple) -> None:  # type: ignore[type-arg]
    """Cross-IMPs likewise, with the fast (binary search) and the pencil-and-paper answers equal."""
    plain, weighted = field
    got = [c.ns for c in cross_imps([*weighted, *plain])]
    want = [Fraction(0)] * len(got)
    for probability, outcome in expanded(plain, weighted):
        for index, scores in enumerate(cross_imps(outcome)):
            assert scores is not None
            want[index] += probability * scores.ns
    assert got == want


@given(FIELDS)
def test_matchpoints_still_sum_to_n_n_minus_1(field: tuple) -> None:  # type: ignore[type-arg]
    """With weighted scores a board's European matchpoints still sum to n(n-1) for each side (the EBU White Book's
    example: each direction totals n results x the average)."""
    plain, weighted = field
    out = matchpoints([*weighted, *plain])
    n = len(out)
    assert sum(m.ns for m in out) == n * (n - 1)
    assert sum(m.ew for m in out) == n * (n - 1)


@given(st.lists(SCORES, min_size=1, max_size=12), SCORES, st.sampled_from(["A", "A+", None]))
def test_one_part_at_100_percent_is_that_result(others: list[int], score: int, artificial: str | None) -> None:
    """A weighted score of one part at 100% scores exactly as that result, in every comparison."""
    extra = [artificial] if artificial else []
    as_weighted = [f"100% {score}", *others, *extra]
    as_result = [score, *others, *extra]
    assert matchpoints(as_weighted) == matchpoints(as_result)
    assert matchpoints(as_weighted, "ACBL", expected=len(as_result) + 2) == matchpoints(
        as_result, "ACBL", expected=len(as_result) + 2
    )
    assert cross_imps(as_weighted) == cross_imps(as_result)
    assert cross_imps(as_weighted, total=True) == cross_imps(as_result, total=True)
    for method in ("TRIMMED", "ACBL", "MEAN", "MEDIAN"):
        assert datum(as_weighted, method) == datum(as_result, method)
        assert butler(as_weighted, method) == butler(as_result, method)
    assert bam(f"100% {score}", others[0]) == bam(score, others[0])


def test_a_large_field_with_weighted_scores_shares_out_every_matchpoint() -> None:
    """A field of 2,000 results, a tenth of them weighted: every comparison still shares out 2 matchpoints and
    antisymmetric IMPs, so the matchpoints of the whole field total n(n-1) and its cross-IMPs 0 (its speed against
    a field a quarter the size is a row of benchmarks/run.py)."""
    import random

    rng = random.Random(14)
    values: list[object] = [rng.choice([420, 450, 400, -50, 170, 620, -100]) for _ in range(1_800)]
    values += [f"{p}% {rng.choice([420, 450, -50])} / {100 - p}% {rng.choice([620, 170])}" for p in
               [rng.choice([50, 60, 80]) for _ in range(200)]]  # fmt: skip
    board = Field(values)
    entries = [parse_field_entry(value) for value in values]
    total_mp = sum((board.matchpoints(entry).ns for entry in entries), Fraction(0))  # type: ignore[arg-type]
    total_imps = sum((board.cross_imps(entry, WBF_IMPS).ns * (len(values) - 1) for entry in entries), Fraction(0))  # type: ignore[arg-type]
    assert total_mp == len(values) * (len(values) - 1)
    assert total_imps == 0


# --- in the sheet and through a whole session ---------------------------------------------------------------------


def test_worksheet_functions_take_weighted_scores() -> None:
    """MATCHPOINTS, CROSSIMP, DATUM and BUTLER read the text from a cell, in a whole session's column at once."""
    score = [[ISSUE], [400], [120], [620], [ISSUE.replace(" ", "")], [650]]
    boards = [[1], [1], [1], [2], [2], [2]]
    mp = FUNCTIONS["MATCHPOINTS"](score, score, None, None, boards)
    assert [row[0] for row in mp] == [3.2, 2.8, 0, 2, 0, 4]
    ew = FUNCTIONS["MATCHPOINTS"](score, score, [["EW %"]], None, boards)
    assert ew[0][0] == pytest.approx(20)
    assert FUNCTIONS["CROSSIMP"]([[ISSUE]], score[:3])[0][0] == pytest.approx(3.6)
    assert FUNCTIONS["DATUM"](score[:3])[0][0] == 310
    assert FUNCTIONS["BUTLER"]([[ISSUE]], [*score[:3], [500]])[0][0] == pytest.approx(0.2)
    assert FUNCTIONS["MATCHPOINTS"]([[ISSUE]], score[:3], [["CHECK"]]) == [[""]]


def weighted_demo(board: int = 8) -> tuple[object, str]:
    """The demo session with its first result on ``board`` replaced by a weighted score."""
    session = demo_data().session
    index = next(i for i, line in enumerate(session.lines) if line.board == board and line.play is not None)
    line = session.lines[index]
    text = f"70% {line.score} / 30% {int(line.score) - 100}"  # type: ignore[call-overload]
    lines = list(session.lines)
    lines[index] = replace(line, play=None, adjusted=parse_field_entry(text), lead="")
    return replace(session, lines=tuple(lines)), text


def test_session_workbook_with_a_weighted_score(tmp_path: Path) -> None:
    """The pairs-session workbook as it is: a weighted score typed in its Adjusted column is scored by its formulas
    as the engine's session computation scores it (Excel's way through the formulas engine and the direct
    evaluation give the same cells, and the Totals are the engine's percentages and places)."""
    session, text = weighted_demo()
    built = tmp_path / "weighted.xlsx"
    pairs_session.build(built, CLASSIC, session=session)  # type: ignore[arg-type]
    engine, _ = calc_workbook(built, tmp_path / "engine.xlsx")
    direct = evaluate(open_package(built))
    assert direct is not None
    by_formulas = Book(engine)
    assert by_formulas.errors() == []
    assert text in by_formulas.sheets["Results"].values()
    for sheet in ("Results", "Totals", "Ranking", "Travellers", "Settings"):
        mine = direct.values.get(sheet, {})
        for key in set(by_formulas.sheets[sheet]) & set(mine):
            x, y = by_formulas.sheets[sheet][key], mine[key]
            assert math.isclose(x, y, abs_tol=1e-9) if isinstance(x, float) else x == y, (sheet, key, x, y)
    standings = score_session(session).standings  # type: ignore[arg-type]
    expected = {(str(s.pair.number), s.pair.direction_text): (float(s.percentage), s.place) for s in standings}  # type: ignore[arg-type]
    totals = by_formulas.sheets["Totals"]
    shown = {(str(totals[(row, 2)]).removesuffix(".0"), str(totals[(row, 3)])):
             (totals[(row, 7)], str(totals[(row, 1)])) for row in range(2, 2 + len(expected))}  # fmt: skip
    assert shown.keys() == expected.keys()
    for pair, (percent, place) in expected.items():
        assert shown[pair][0] == pytest.approx(percent, abs=1e-9), pair
        assert shown[pair][1] == place, pair


@pytest.mark.parametrize("form", ["usebio", "pbn"])
def test_csv_import_and_export_carry_the_weighted_score(tmp_path: Path, form: str) -> None:
    """`xlbridge import` reads a weighted score from a CSV's adjusted column; `export` writes it (USEBIO and PBN have
    no form for it: xlbridge writes its own text there) and importing the export gives the same ranking."""
    session, text = weighted_demo()
    rows = ["board,ns,ew,contract,declarer,result,lead,adjusted"]
    for line in session.lines:  # type: ignore[attr-defined]
        contract, declarer, lead, result, adjusted = line.entered
        rows.append(f"{line.board},{line.ns},{line.ew},{contract},{declarer},{result},{lead},{adjusted}")
    source = tmp_path / "weighted.csv"
    source.write_text("\n".join(rows) + "\n", encoding="utf-8")
    names = Path(__file__).resolve().parent.parent / "xlbridge" / "data" / "demo-names.csv"
    imported = read_results(source, names=names)
    assert imported.session is not None
    assert text in [line.adjusted_text for line in imported.session.lines]
    first = tmp_path / "first.xlsx"
    assert main(["import", str(source), "--names", str(names), "-o", str(first)]) == 0
    exported = tmp_path / f"out.{'xml' if form == 'usebio' else 'pbn'}"
    assert main(["export", str(first), f"--{form}", str(exported)]) == 0
    assert text in exported.read_text(encoding="utf-8")
    again = tmp_path / "again.xlsx"
    assert main(["import", str(exported), "-o", str(again)]) == 0
    for sheet in ("Results", "Totals", "Ranking"):
        assert Book(first).sheets[sheet] == Book(again).sheets[sheet], sheet
