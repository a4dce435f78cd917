"""Reading contracts, results, seats and vulnerability the way club scorers type them."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from xlbridge import BridgeInputError, Contract, Doubling, Seat, Strain, Vulnerability, parse_contract, parse_result
from xlbridge.engine.model import PASSED_OUT
from xlbridge.engine.parse import parse_field_entry, parse_seat, parse_vulnerability, read_result, split_contract
from xlbridge.excel.cells import error_value

S, NT, H = Strain.SPADES, Strain.NOTRUMP, Strain.HEARTS
X, XX = Doubling.DOUBLED, Doubling.REDOUBLED


@pytest.mark.parametrize(
    ("typed", "contract"),
    [
        ("4S", Contract(4, S)),
        ("4s", Contract(4, S)),
        ("4 S", Contract(4, S)),
        (" 4S ", Contract(4, S)),
        ("4♠", Contract(4, S)),
        ("4♤", Contract(4, S)),
        ("3NT", Contract(3, NT)),
        ("3nt", Contract(3, NT)),
        ("3N", Contract(3, NT)),
        ("3 NT", Contract(3, NT)),
        ("4SX", Contract(4, S, X)),
        ("4Sx", Contract(4, S, X)),
        ("4S*", Contract(4, S, X)),
        ("4SXX", Contract(4, S, XX)),
        ("4S**", Contract(4, S, XX)),
        ("4 S x x", Contract(4, S, XX)),
        ("7♥XX", Contract(7, H, XX)),
        ("1♣", Contract(1, Strain.CLUBS)),
        ("2♦", Contract(2, Strain.DIAMONDS)),
        ("PASS", PASSED_OUT),
        ("pass", PASSED_OUT),
        ("P", PASSED_OUT),
        ("AP", PASSED_OUT),
        ("Passed out", PASSED_OUT),
        ("All pass", PASSED_OUT),
    ],
)
def test_contract_forms(typed: str, contract: Contract) -> None:
    """Every form a club scorer types for a contract reads as the same contract."""
    assert parse_contract(typed) == contract


@pytest.mark.parametrize(
    ("typed", "contract", "result"),
    [
        ("4SX-2", Contract(4, S, X), "-2"),
        ("3NT=", Contract(3, NT), "="),
        ("4H+1", Contract(4, H), "+1"),
        ("4♥ +1", Contract(4, H), "+1"),
        ("6NTXX-1", Contract(6, NT, XX), "-1"),
        ("4S", Contract(4, S), None),
    ],
)
def test_contract_with_result(typed: str, contract: Contract, result: str | None) -> None:
    """A combined string splits into the contract and the result written after it."""
    assert split_contract(typed) == (contract, None if result is None else read_result(result))


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("8S", "contract '8S': the level must be 1 to 7"),
        ("0NT", "contract '0NT': the level must be 1 to 7"),
        ("4Z", "contract '4Z': expected a level 1-7 and a strain"),
        ("4", "contract '4': the strain must be C, D, H, S or NT"),
        ("S4", "contract 'S4': expected"),
        ("", "contract '': expected"),
        ("4SXXX", "contract '4SXXX': expected"),
    ],
)
def test_bad_contracts_name_the_value(typed: str, message: str) -> None:
    """A bad contract's message names the argument, the value received and what is allowed."""
    with pytest.raises(BridgeInputError, match="^" + message.replace("(", r"\(").replace("*", r"\*")):
        parse_contract(typed)


def test_non_text_contract_is_an_error() -> None:
    """A number where a contract belongs is not silently read."""
    with pytest.raises(BridgeInputError, match="contract 4: expected"):
        parse_contract(4)


@pytest.mark.parametrize(
    ("result", "tricks"),
    [
        (10, 10),
        (10.0, 10),
        ("10", 10),
        (0, 0),
        (13, 13),
        (-2, 8),
        (-2.0, 8),
        ("-2", 8),
        ("−2", 8),  # the minus sign pasted from a web page
        ("=", 10),
        ("+0", 10),
        ("+1", 11),
        ("+3", 13),
        (" = ", 10),
        (-10, 0),
    ],
)
def test_results_for_4s(result: object, tricks: int) -> None:
    """A result is tricks taken, undertricks as a negative number, or =, +n, -n against the contract."""
    assert parse_result(result, Contract(4, S)) == tricks


@pytest.mark.parametrize(
    ("contract", "result", "message", "excel_error"),
    [
        (Contract(7, NT), "+1", "result '\\+1': 7NT cannot make 1 overtrick", "#NUM!"),
        (Contract(4, S), "+4", "result '\\+4': 4S cannot make 4 overtricks", "#NUM!"),
        (Contract(4, S), 14, "result 14: there are only 13 tricks", "#NUM!"),
        (Contract(7, NT), -14, "result -14: 7NT can go down 13 at most", "#NUM!"),
        (Contract(1, S), -8, "result -8: 1S can go down 7 at most", "#NUM!"),
        (Contract(4, S), 4.5, "result 4.5: tricks must be a whole number", "#VALUE!"),
        (Contract(4, S), "4.5", "result '4.5': tricks must be a whole number", "#VALUE!"),
        (Contract(4, S), "made it", "result 'made it': expected tricks taken", "#VALUE!"),
        (Contract(4, S), True, "result True: expected", "#VALUE!"),
        (Contract(4, S), None, "result None: expected", "#VALUE!"),
    ],
)
def test_impossible_results(contract: Contract, result: object, message: str, excel_error: str) -> None:
    """Impossible results are errors: 7NT+1, 14 tricks, down 14, 4.5 tricks."""
    with pytest.raises(BridgeInputError, match=message) as caught:
        parse_result(result, contract)
    assert error_value(caught.value) == excel_error


def test_passed_out_has_no_result() -> None:
    """A passed-out board takes a blank result (or 0, as Lite hands over an empty cell) and nothing else."""
    assert parse_result(None, PASSED_OUT) == 0
    assert parse_result(0, PASSED_OUT) == 0
    with pytest.raises(BridgeInputError, match="passed-out board has no result"):
        parse_result("+1", PASSED_OUT)


@pytest.mark.parametrize(
    ("typed", "seat"),
    [("N", Seat.NORTH), ("e", Seat.EAST), (" S ", Seat.SOUTH), ("West", Seat.WEST), ("", None), (None, None)],
)
def test_seats(typed: object, seat: Seat | None) -> None:
    """Declarer is N, E, S or W in any case, or spelled out; blank is no declarer."""
    assert parse_seat(typed) == seat


@pytest.mark.parametrize("typed", ["X", "NS", 1, True])
def test_bad_seats(typed: object) -> None:
    """Anything else is an error naming the allowed seats."""
    with pytest.raises(BridgeInputError, match="must be N, E, S or W"):
        parse_seat(typed)


@pytest.mark.parametrize(
    ("typed", "vulnerability"),
    [
        ("None", Vulnerability.NONE),
        ("Love", Vulnerability.NONE),
        ("-", Vulnerability.NONE),
        ("NS", Vulnerability.NS),
        ("N-S", Vulnerability.NS),
        ("n/s", Vulnerability.NS),
        ("EW", Vulnerability.EW),
        ("E-W", Vulnerability.EW),
        ("Both", Vulnerability.BOTH),
        ("All", Vulnerability.BOTH),
        (2, Vulnerability.NS),
        (2.0, Vulnerability.NS),
        ("3", Vulnerability.EW),
        (325, Vulnerability.NS),
        (358, Vulnerability.EW),
        (True, True),
        (False, False),
    ],
)
def test_vulnerability_forms(typed: object, vulnerability: object) -> None:
    """Vulnerability is a board number, a text, or TRUE/FALSE meaning declarer vulnerable."""
    assert parse_vulnerability(typed) == vulnerability


@pytest.mark.parametrize(
    ("typed", "error"), [("sometimes", "#VALUE!"), (0, "#NUM!"), (2.5, "#VALUE!"), (None, "#VALUE!")]
)
def test_bad_vulnerability(typed: object, error: str) -> None:
    """A board 0, a fraction or a word that is not a vulnerability is an error."""
    with pytest.raises(BridgeInputError) as caught:
        parse_vulnerability(typed)
    assert error_value(caught.value) == error


@pytest.mark.parametrize(
    ("typed", "entry"),
    [
        (620, 620),
        (620.0, 620),
        ("-100", -100),
        ("A", "A5050"),
        ("A=", "A5050"),
        ("A+", "A6040"),
        ("a-", "A4060"),
        ("Ave+", "A6040"),
        ("A6060", "A6060"),
        ("A4040", "A4040"),
        ("", None),
        (None, None),
    ],
)
def test_field_entries(typed: object, entry: object) -> None:
    """A field holds North-South scores, artificial scores (as USEBIO writes them) and blanks."""
    parsed = parse_field_entry(typed)
    assert (str(parsed) if parsed is not None and not isinstance(parsed, int) else parsed) == entry


@given(st.text(max_size=8))
def test_parsers_never_fail_other_than_by_bridge_input_error(text: str) -> None:
    """Junk text is either read or refused with BridgeInputError, never another exception."""
    for parse in (parse_contract, parse_seat, parse_vulnerability, parse_field_entry):
        with contextlib.suppress(BridgeInputError):
            parse(text)
    with contextlib.suppress(BridgeInputError):
        parse_result(text, Contract(3, NT))
