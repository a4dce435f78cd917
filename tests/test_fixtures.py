"""Real club sessions scored by Compscore3 (names removed): every number must come out the same."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from xml.etree.ElementTree import Element

import pytest

from xlbridge import Field, ns_score, parse_field_entry
from xlbridge.engine.values import hundredths, hundredths_to_even
from xlbridge.files.interchange import read_results
from xlbridge.files.interchange.common import split_pair
from xlbridge.files.workbook.xmlsafe import parse_xml
from xlbridge.rules.scales import WBF_IMPS

from .conftest import BUTLER, COMPSCORE3, HOWELL


def boards(path: Path) -> Iterator[tuple[int, Element, list[Element]]]:
    """The boards of a USEBIO file that carry traveller lines (the hand records repeat BOARD without them)."""
    root = parse_xml(path.read_bytes())
    for board in root.iter("BOARD"):
        lines = board.findall("TRAVELLER_LINE")
        if lines:
            yield int(board.findtext("BOARD_NUMBER", "")), board, lines


@pytest.mark.parametrize("path", [HOWELL, BUTLER], ids=["howell", "butler"])
def test_every_score_from_its_contract(path: Path) -> None:
    """Each traveller line's score follows from its contract, declarer, tricks and board number."""
    checked = 0
    for number, _, lines in boards(path):
        for line in lines:
            if line.findtext("CONTRACT"):
                contract, by, tricks = (line.findtext(tag) for tag in ("CONTRACT", "PLAYED_BY", "TRICKS"))
                assert ns_score(contract, by, tricks, number) == int(line.findtext("SCORE", "")), (number, contract)
                checked += 1
    assert checked > 150


def test_every_matchpoint_of_the_howell() -> None:
    """161 lines of the matchpointed Howell, the average line and the board played five times included."""
    checked = 0
    for _, _, lines in boards(HOWELL):
        field = Field(line.findtext("SCORE") for line in lines)
        for line in lines:
            mp = field.matchpoints(parse_field_entry(line.findtext("SCORE")))
            assert round(float(mp.ns), 2) == float(line.findtext("NS_MATCH_POINTS", ""))
            assert round(float(mp.ew), 2) == float(line.findtext("EW_MATCH_POINTS", ""))
            checked += 1
    assert checked == 161


def test_every_butler_datum_and_imp_of_the_mitchell() -> None:
    """35 datums and 245 lines of Butler IMPs of the Mitchell, both sides."""
    datums = lines_checked = 0
    for _, board, lines in boards(BUTLER):
        field = Field(line.findtext("SCORE") for line in lines)
        assert field.datum() == int(board.findtext("BOARD_AVERAGE", ""))
        datums += 1
        for line in lines:
            imps = field.butler(parse_field_entry(line.findtext("SCORE")), WBF_IMPS)
            assert imps.ns == int(line.findtext("NS_BUTLER_POINTS", ""))
            assert imps.ew == int(line.findtext("EW_BUTLER_POINTS", ""))
            lines_checked += 1
    assert (datums, lines_checked) == (35, 245)


def compscore3_pairs(path: Path) -> dict[tuple[str, str], tuple[Fraction, int]]:
    """Each pair's TOTAL_SCORE and MASTER_POINTS_AWARDED (hundredths) as Compscore3 wrote them, by number and
    direction ("" in a one-winner movement)."""
    out = {}
    for pair in parse_xml(path.read_bytes()).iter("PAIR"):
        number, _ = split_pair(pair.findtext("PAIR_NUMBER", ""))
        key = (str(number), pair.findtext("DIRECTION", "").strip())
        out[key] = (Fraction(pair.findtext("TOTAL_SCORE", "")), int(pair.findtext("MASTER_POINTS_AWARDED", "")))
    return out


def xlbridge_pairs(path: Path) -> dict[tuple[str, str], tuple[Fraction, int]]:
    """Each pair's total as xlbridge prints it (2 decimals) and its award on the file's own scale, in hundredths."""
    imported = read_results(path)
    assert imported.result is not None
    assert imported.session is not None
    awards = imported.result.awards(imported.session.masterpoints)
    assert not isinstance(awards, Exception), awards
    two_fields = imported.session.field_kind.two_fields
    out = {}
    for standing in imported.result.score.standings:
        award = awards.in_hundredths(awards.of(standing.pair))
        assert isinstance(standing.total, Fraction)
        assert award is not None
        key = (str(standing.pair.number), standing.pair.direction_text if two_fields else "")
        out[key] = (hundredths(standing.total), award)
    return out


@pytest.mark.parametrize("path", COMPSCORE3, ids=[path.stem for path in COMPSCORE3])
def test_compscore3s_totals_and_awards_pair_for_pair(path: Path) -> None:
    """On each of Compscore3's sessions every pair's total as printed and its masterpoints on the file's own scale
    are the file's: the two in the repository, and with XLBRIDGE_REAL_RESULTS the five more of the ABF's test data
    (110 pairs, 220 players' awards in all; among them a Butler Howell of 8 pairs that pays 4 places, and a
    Mitchell's pair 8 EW factored up from 64.40 over 16 boards to 17, 68.425, printed 68.42)."""
    assert xlbridge_pairs(path) == compscore3_pairs(path)


def test_a_factored_total_on_a_half_goes_to_the_even_hundredth() -> None:
    """A pair that played 16 of its 17 boards for 64.40: 64.40 x 17/16 = 68.425, printed 68.42 as Compscore3 prints
    it (an exact half to the even hundredth); 68.435 goes up to 68.44, and every other figure rounds halves up."""
    assert Fraction("64.40") * 17 / 16 == Fraction("68.425")
    assert hundredths_to_even(6440 * 17, 100 * 16) == 6842
    assert hundredths_to_even(68435, 1000) == 6844
    assert hundredths(Fraction("68.425")) == Fraction("68.43")
