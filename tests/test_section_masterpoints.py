"""Masterpoints of a session of two sections (the 7- and 8-table Mitchells of ``tests/test_sections.py``), on the
ABF's scales: "For the purpose of session awards a field is any set of players whose scores are being directly
compared" (ABF Masterpoint Manual, section 4). Within sections each section's North-South and East-West fields
are awarded on their own tables; across the field the North-South pairs of both sections are one field of 15 tables
(and the East-West pairs another). The awards below are worked by hand from the manual's formula (a two-winner
Mitchell's winner 0.02 x W x T, W 1.5 for green; second 70%, then the winner's award over the place less one; the
top half of the field, rounded down; to the hundredth, halves up). The EBU's and the ACBL's rules for sections were
not found: refused, saying so.
"""

from __future__ import annotations

import csv
import io
from decimal import Decimal
from pathlib import Path

import pytest

from xlbridge.engine.errors import BridgeInputError
from xlbridge.engine.masterpoints import masterpoints

from .safety import xlbridge
from .test_sections import scored, two_sections_csv

#: Within sections: section A (7 tables): 0.21, 0.147 -> 0.15, 0.105 -> 0.11, 3 places of 7; section B (8 tables):
#: 0.24, 0.168 -> 0.17, 0.12, 0.08, 4 places of 8; the same in each direction.
WITHIN = {"A": ["0.21", "0.15", "0.11"], "B": ["0.24", "0.17", "0.12", "0.08"]}
#: Across the field, 15 tables: 0.45, 0.315 -> 0.32, 0.225 -> 0.23, 0.15, 0.1125 -> 0.11, 0.09, 0.075 -> 0.08, 7
#: places of 15 in each direction.
ACROSS = ["0.45", "0.32", "0.23", "0.15", "0.11", "0.09", "0.08"]


@pytest.mark.parametrize("scale", ["ABF green"])
def test_within_sections_each_sections_fields_are_awarded_on_their_own_tables(scale: str) -> None:
    """Scored within sections, each section's two fields are paid as a session of its own: its places (1, 2, 3 in
    section A; 1-4 in section B) earn its tables' awards, and every other pair nothing."""
    score = scored("Within section").score
    awards = masterpoints(score, scale)
    for section, expected in WITHIN.items():
        for field in (1, 2):
            own = [s for s in score.ranking if s.pair.section == section and s.field == field]
            assert [s.place for s in own[: len(expected)]] == [str(place) for place in range(1, len(expected) + 1)]
            assert [awards.of(s.pair) for s in own] == [Decimal(award) for award in expected] + [Decimal("0.00")] * (
                len(own) - len(expected))  # fmt: skip


def test_across_the_field_every_sections_pairs_one_way_are_one_field() -> None:
    """Scored across the field, the North-South pairs of both sections are compared on every board: one field of
    15 tables, paid by the overall places (7 places), whichever section a pair sat in; the East-West pairs the
    same."""
    score = scored("Across the field").score
    awards = masterpoints(score, "ABF red")
    green = masterpoints(score, "ABF green")
    for field in (1, 2):
        overall = [s for s in score.overall if s.field == field]
        assert [s.place for s in overall[:7]] == [str(place) for place in range(1, 8)]
        assert [green.of(s.pair) for s in overall] == [Decimal(award) for award in ACROSS] + [Decimal("0.00")] * 8
        assert {s.pair.section for s in overall[:7]} == {"A", "B"}
    # red, weight 2.5: the winner 0.02 x 2.5 x 15 = 0.75
    assert awards.of(score.overall[0].pair) == Decimal("0.75")
    assert (green.tables, green.winners, green.paid) == (15, 2, {1: 7, 2: 7})


@pytest.mark.parametrize(("scale", "missing"), [
    ("EBU club", "the EBU's rule for a session of several sections (its Licensing and Master Points Handbook) was "
     "not available"),
    ("ACBL club", "the ACBL Handbook's overall awards of a game of several sections (its masterpoint charts) were "
     "not in the copy found, only each section's awards"),
])  # fmt: skip
@pytest.mark.parametrize("how", ["Within section", "Across the field"])
def test_a_scale_without_a_rule_for_sections_refuses_saying_what_is_missing(scale: str, missing: str,
                                                                            how: str) -> None:  # fmt: skip
    """The EBU's local points and the ACBL's club awards of a session of two sections are not worked out from rules
    no source here gives: refused, naming what is missing."""
    with pytest.raises(BridgeInputError) as refused:
        masterpoints(scored(how).score, scale)
    assert refused.value.message == f"masterpoints {scale}: a session of 2 sections (A, B): {missing}: award it by hand"


def test_a_workbook_of_two_sections_shows_each_pairs_award(tmp_path: Path) -> None:
    """As a user runs it: the two sections typed in a CSV, imported across the field on ABF green, rank each pair
    with its award by its overall place (``ranking --csv``, and the text ranking's Overall block); on EBU club the
    ranking is refused, saying why."""
    source = two_sections_csv(tmp_path)
    workbook = tmp_path / "two.xlsx"
    ran = xlbridge("import", source, "-o", workbook, "--method", "MP Across the field", "--masterpoints", "ABF green")
    assert ran.status == 0, ran.err
    ranked = xlbridge("ranking", workbook, "--csv")
    assert ranked.status == 0, ranked.err
    rows = list(csv.DictReader(io.StringIO(ranked.out)))
    for direction in ("NS", "EW"):
        own = sorted((row for row in rows if row["direction"] == direction), key=lambda row: int(row["overall_place"]))
        assert [row["masterpoints"] for row in own] == ACROSS + ["0.00"] * 8
    text = xlbridge("ranking", workbook).out.splitlines()
    overall = text.index("Overall - North-South")
    assert text[overall + 1].endswith("Masterpoints")
    assert [line.split()[-1] for line in text[overall + 2 : overall + 10]] == [*ACROSS, "0.00"]
    other = tmp_path / "ebu.xlsx"
    assert xlbridge("import", source, "-o", other, "--masterpoints", "EBU club").status == 0
    refused = xlbridge("ranking", other).refused
    assert "masterpoints EBU club: a session of 2 sections (A, B): the EBU's rule for a session of several" in refused
    assert refused.endswith("award it by hand; or choose None as Masterpoints on the Settings sheet")
