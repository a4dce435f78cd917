"""The conventions scoring programs differ in, within one method: each a named rule, chosen by the words after the
method (the Scoring cell, ``import --method``, a PBN file's ``[Scoring]``), in the engine and the worksheet functions
alike. Every figure here is worked by hand in the test's docstring."""

from __future__ import annotations

import csv
import io
from fractions import Fraction
from pathlib import Path

import pytest

from xlbridge import BridgeInputError, butler, cross_imps, datum, matchpoints
from xlbridge.engine.choices import choose_method
from xlbridge.engine.session import Line, Session, pairs_in, read_line
from xlbridge.engine.standings import score_session
from xlbridge.excel import FUNCTIONS
from xlbridge.rules import SESSION_METHODS

from .safety import xlbridge

# Board 1 (no one vulnerable), NS scores: 4S= 420, 3NT= 400, 3H+1 170, 2S+1 140, 4S-1 -50.
FOUR_S = ("4S", "N", "=")
THREE_NT = ("3NT", "S", "=")
THREE_H_PLUS = ("3H", "N", "+1")
TWO_S_PLUS = ("2S", "N", "+1")
FOUR_S_DOWN = ("4S", "N", "-1")


def one(function: str, *args: object) -> object:
    (row,) = FUNCTIONS[function](*args)
    return row[0]


def session(method: str, lines: list[Line]) -> Session:
    """A one-field session of ``lines``, its pairs the ones they name."""
    return Session.of(method=method, field_kind="One field", lines=lines, pairs=pairs_in(lines))


def standing(scored: Session, pair: int) -> tuple[object, object, str]:
    found = next(s for s in score_session(scored).standings if s.pair.number == pair)
    return found.total, found.percentage, found.place


# --- the words --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "words"),
    [
        ("MP", "MP"),
        ("cross imp", "Cross-IMP"),
        ("Cross-IMP total", "Cross-IMP TOTAL"),
        ("cross-imps summed", "Cross-IMP TOTAL"),
        ("Butler butler-2", "Butler TRIMMED3"),
        ("MP no-neuberg factored", "MP NO-NEUBERG FACTORED"),
        ("ACBL  FACTORED", "ACBL FACTORED"),
        ("MP NEUBERG PERCENTAGE", "MP"),
    ],
)
def test_a_method_is_its_name_then_its_conventions(typed: str, words: str) -> None:
    """A method is written as its name then a word for each convention that is not the default, and read back the
    same; the default's words may be given, and are not written."""
    method = choose_method(typed)
    assert method.words == words
    assert choose_method(method.words) == method


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("MP TOTAL", "'TOTAL' is not a word MP takes (artificial scores: NEUBERG, NO-NEUBERG"),
        ("Cross-IMP TRIMMED3", "'TRIMMED3' is not a word Cross-IMP takes (cross-IMP form: AVERAGE"),
        ("Butler TRIMMED MEAN", "TRIMMED and MEAN are two choices of one convention; give one"),
        ("Swiss", "must be one of MP (or MATCHPOINTS), ACBL, Cross-IMP"),
    ],
)
def test_a_word_the_method_does_not_take_is_refused(typed: str, said: str) -> None:
    """A word of another method's conventions, or two of one convention, is refused, naming what the method takes:
    a datum means nothing to matchpoints."""
    with pytest.raises(BridgeInputError, match=None) as refused:
        choose_method(typed)
    assert said in refused.value.message


def test_every_method_of_the_registry_keeps_the_defaults() -> None:
    """The registry's methods are scored by every default convention: today's figures, unchanged."""
    for method in SESSION_METHODS:
        assert method.words == method.name
        assert not method.conventions.changed()


# --- 1. cross-IMPs summed ---------------------------------------------------------------------------------------


def test_cross_imps_summed_or_averaged() -> None:
    """420 against 400, -50 and 140: 20 is 1 IMP, 470 is 10, 280 is 7 (WBF scale): 18 summed (Ruter's
    [Scoring "IMP;Cross"]), 6 averaged over the 3 comparisons."""
    field = [420, 400, -50, 140]
    assert cross_imps(field, total=True)[0].ns == 18
    assert cross_imps(field)[0].ns == 6
    assert one("CROSSIMP", 420, [[v] for v in field], "SUMMED") == 18
    assert one("CROSSIMP", 420, [[v] for v in field], "TOTAL EW") == -18


def test_a_cross_imp_session_summed() -> None:
    """A session scored Cross-IMP TOTAL: pair 1 (NS 420 on the board above) has 18 IMPs, its opponents -18;
    averaged, 6 and -6. The worksheet's PAIRTOTALS takes the same words in the Scoring cell."""
    lines = [read_line(1, 1, 2, *FOUR_S), read_line(1, 3, 4, *THREE_NT), read_line(1, 5, 6, *FOUR_S_DOWN),
             read_line(1, 7, 8, *TWO_S_PLUS)]  # fmt: skip
    assert standing(session("Cross-IMP TOTAL", lines), 1)[0] == 18
    assert standing(session("Cross-IMP TOTAL", lines), 2)[0] == -18
    assert standing(session("Cross-IMP", lines), 1)[0] == 6
    results = [[line.board, line.ns, line.ew, *line.entered[:2], "", line.entered[3], ""] for line in lines]
    names = [[n, "", f"Player {2 * n - 1}", f"Player {2 * n}"] for n in range(1, 9)]
    totals = FUNCTIONS["PAIRTOTALS"](results, names, [["Cross-IMP TOTAL"]], [["One field"]])
    assert {row[1]: row[5] for row in totals}[1] == 18


# --- 2. a Butler datum from 3 results ---------------------------------------------------------------------------


def test_a_datum_trimmed_from_three_results() -> None:
    """420, 400 and -50: Compscore3 trims from 4 results, so the datum is the mean of all three, 256.67, nearest 10
    260; Magic Contest's Butler-2 drops the top and the bottom from 3, leaving 400. 420 against 260 is 160, 4 IMPs;
    against 400, 20, 1 IMP."""
    field = [420, 400, -50]
    assert datum(field) == 260
    assert datum(field, "TRIMMED3") == 400
    assert datum([*field, 140], "TRIMMED3") == datum([*field, 140]) == 270  # from 4, the same: (400 + 140) / 2
    assert butler(field, "TRIMMED3")[0].ns == 1
    assert butler(field)[0].ns == 4
    assert one("DATUM", [[v] for v in field], "BUTLER-2") == 400
    assert one("BUTLER", -50, [[v] for v in field], "TRIMMED3 EW") == 10  # -450 for NS: 10 IMPs to EW


def test_a_butler_session_with_the_datum_from_three() -> None:
    """A Butler session scored Butler TRIMMED3: the board's datum is 400 on every line, and pair 5 (NS -50) has
    -10 IMPs; by Compscore3's datum (260) it has -7 (310)."""
    lines = [read_line(1, 1, 2, *FOUR_S), read_line(1, 3, 4, *THREE_NT), read_line(1, 5, 6, *FOUR_S_DOWN)]
    scored = score_session(session("Butler TRIMMED3", lines))
    assert {line.datum for line in scored.lines} == {400}
    assert standing(session("Butler TRIMMED3", lines), 5)[0] == -10
    assert standing(session("Butler", lines), 5)[0] == -7


# --- 3. an artificial score without Neuberg ---------------------------------------------------------------------


def test_an_artificial_score_without_neuberg() -> None:
    """Six results, top 10: 420, 420, 400, 170, -50 and an average plus. 420 beats three and ties one: 7 of the
    real five's top 8. Neuberg scales it to the six: (7 + 1) x 6/5 - 1 = 8.6; without, the average counts as a tie:
    7 + 1 = 8. -50: 0 becomes 0.2, or 1. The average plus is 6 (60%) either way."""
    field = [420, 420, 400, 170, -50, "A+"]
    with_neuberg = [m.ns for m in matchpoints(field)]
    without = [m.ns for m in matchpoints(field, artificial="NO-NEUBERG")]
    assert with_neuberg == [Fraction(43, 5), Fraction(43, 5), 5, Fraction(13, 5), Fraction(1, 5), 6]
    assert without == [8, 8, 5, 3, 1, 6]
    assert sum(without[:5]) == 5 * 4 + 5  # the real five's 20, and a tie each with the average
    assert one("MATCHPOINTS", 420, [[v] for v in field], "NO-NEUBERG %") == 80
    assert one("MATCHPOINTS", 420, [[v] for v in field], "%") == 86


def test_a_session_without_neuberg() -> None:
    """The board above as a session: pair 1 (NS 420) has 80% without Neuberg, 86% with, second equal behind pair 10
    (East-West against -50: 90%, or 98%); the pair given average plus 60% either way."""
    lines = [read_line(1, 1, 2, *FOUR_S), read_line(1, 3, 4, *FOUR_S), read_line(1, 5, 6, *THREE_NT),
             read_line(1, 7, 8, *THREE_H_PLUS), read_line(1, 9, 10, *FOUR_S_DOWN),
             read_line(1, 11, 12, adjusted="A+")]  # fmt: skip
    assert standing(session("MP NO-NEUBERG", lines), 1)[1:] == (80, "2=")
    assert standing(session("MP", lines), 1)[1:] == (86, "2=")
    assert standing(session("MP NO-NEUBERG", lines), 10)[1:] == (90, "1")
    assert standing(session("MP NO-NEUBERG", lines), 11)[1] == standing(session("MP", lines), 11)[1] == 60


# --- 4. an incomplete pair ranked by its total ------------------------------------------------------------------

#: Boards 1-2: 1 v 2 and 3 v 4; boards 3-4: 1 v 3 alone (2 and 4 sit out). Pairs 2 and 3 take both tops of the
#: first round; boards 3 and 4, played once, are 50% each.
SAT_OUT = [("4S", "E", "="), ("4S", "N", "="), ("3NT", "W", "="), ("3NT", "S", "=")]


def sat_out_lines() -> list[Line]:
    first = [read_line(board, ns, ew, *SAT_OUT[2 * (board - 1) + table])
             for board in (1, 2) for table, (ns, ew) in enumerate(((1, 2), (3, 4)))]  # fmt: skip
    return first + [read_line(board, 1, 3, "1NT", "N", "=") for board in (3, 4)]


def test_an_incomplete_pair_ranked_by_its_total() -> None:
    """Pair 2 played 2 boards (both tops: 100%, 4 matchpoints on the top of 2); pair 3 four (two tops and two
    averages: 75%, 6 matchpoints). By percentage pair 2 wins; by the total, as Pianola ranks, pair 3 does. Pair 1
    (0, 0, 1, 1: 25%, 2) is third either way, pair 4 (0%) last."""
    lines = sat_out_lines()
    assert [standing(session("MP", lines), pair) for pair in (1, 2, 3, 4)] == [(2, 25, "3"), (4, 100, "1"),
                                                                               (6, 75, "2"), (0, 0, "4")]  # fmt: skip
    factored = [standing(session("MP FACTORED", lines), pair) for pair in (1, 2, 3, 4)]
    assert factored == [(2, 25, "3"), (4, 100, "2"), (6, 75, "1"), (0, 0, "4")]
    ranked = score_session(session("MP FACTORED", lines)).ranking
    assert [s.pair.number for s in ranked] == [3, 2, 1, 4]


def test_the_ranking_function_ranks_by_the_total() -> None:
    """RANKING with MP FACTORED in the Scoring cell lists pair 3 first; with MP, pair 2."""
    results = [[line.board, line.ns, line.ew, *line.entered[:2], "", line.entered[3], ""] for line in sat_out_lines()]
    names = [[n, "", f"Player {2 * n - 1}", f"Player {2 * n}"] for n in range(1, 5)]
    firsts = {method: FUNCTIONS["RANKING"](results, names, [[method]], [["One field"]])[0][1]
              for method in ("MP", "MP FACTORED")}  # fmt: skip
    assert firsts == {"MP": 2, "MP FACTORED": 3}


def test_imp_totals_take_no_ranking_words() -> None:
    """A cross-IMP or Butler session ranks by its total IMPs already: FACTORED is refused there."""
    with pytest.raises(BridgeInputError):
        choose_method("Butler FACTORED")


# --- chosen as a user does --------------------------------------------------------------------------------------


def test_import_with_a_method_and_its_words(tmp_path: Path) -> None:
    """`xlbridge import --method "MP FACTORED"` writes the words into the workbook's Scoring cell, and `ranking`
    reads them back: pair 3 first. A word the method does not take is refused as any bad option is (exit 2)."""
    rows = ["board,ns,ew,contract,declarer,result"]
    rows += [f"{line.board},{line.ns},{line.ew},{line.contract_text},{line.declarer_text},{line.result_text}"
             for line in sat_out_lines()]  # fmt: skip
    source = tmp_path / "sat-out.csv"
    source.write_text("\n".join(rows) + "\n")
    done = xlbridge("import", source, "-o", "x.xlsx", "--method", "mp factored", "--fields", "one", cwd=tmp_path)
    assert done.status == 0, done.err
    assert "MP FACTORED" in done.out
    ranked = xlbridge("ranking", "x.xlsx", "--csv", cwd=tmp_path)
    assert ranked.status == 0, ranked.err
    places = {row["pair"]: row["place"] for row in csv.DictReader(io.StringIO(ranked.out))}
    assert places == {"3": "1", "2": "2", "1": "3", "4": "4"}
    refused = xlbridge("import", source, "-o", "y.xlsx", "--method", "MP TRIMMED3", cwd=tmp_path)
    assert refused.status == 2
    assert "argument --method: method 'MP TRIMMED3': 'TRIMMED3' is not a word MP takes" in refused.err
