"""Real club sessions scored by Compscore3 (names removed): every number must come out the same."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from xml.etree.ElementTree import Element

import pytest

from xlbridge import Field, ns_score, parse_field_entry
from xlbridge.files.workbook.xmlsafe import parse_xml
from xlbridge.rules.scales import WBF_IMPS

from .conftest import BUTLER, HOWELL


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
