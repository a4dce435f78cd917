"""HANDTRICKS and PARSCORE, the worksheet functions of hand records: the published tables and par from a cell, a
range of deals in one call, every mistake an error value whose reason CHECK gives, and where the solver is not
installed (xlwings Lite) #N/A with the reason saying so; the module still imports with xlwings alone."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import xlbridge.udfs as udfs
from xlbridge.engine.install import install_command
from xlbridge.engine.solver import solver_available

from .handdata import CAMROSE

needs_solver = pytest.mark.skipif(not solver_available(), reason='the solver is not installed: pip install ".[hands]"')
BOARD_1 = CAMROSE[0][3]
BOARD_7 = CAMROSE[1][3]


def published_rows(tricks: str) -> list[list[int]]:
    """BridgeComposer's DoubleDummyTricks (N, S, E, W) as HANDTRICKS' rows (N, E, S, W)."""
    figures = [int(digit, 16) for digit in tricks]
    return [figures[5 * index : 5 * index + 5] for index in (0, 2, 1, 3)]


@needs_solver
def test_handtricks_spills_the_published_table() -> None:
    """One deal: four rows (N, E, S, W) of five tricks (NT, S, H, D, C), BridgeComposer's figures."""
    assert udfs.HANDTRICKS([[BOARD_1]]) == published_rows(CAMROSE[0][4])
    assert udfs.HANDTRICKS(BOARD_7) == published_rows(CAMROSE[1][4])


@needs_solver
def test_handtricks_over_a_range() -> None:
    """A column of deals: a table per deal, one below another; a blank cell four blank rows; a wrong deal four
    rows of #VALUE!; an error cell passed on; CHECK gives one reason per deal."""
    column = [[BOARD_1], [None], ["N:AKQ"], ["#N/A"], [BOARD_7]]
    answer = udfs.HANDTRICKS(column)
    assert len(answer) == 20
    assert answer[0:4] == published_rows(CAMROSE[0][4])
    assert answer[4:8] == [[""] * 5] * 4
    assert answer[8:12] == [["#VALUE!"] * 5] * 4
    assert answer[12:16] == [["#N/A"] * 5] * 4
    assert answer[16:20] == published_rows(CAMROSE[1][4])
    reasons = udfs.HANDTRICKS(column, [["check"]])  # as xlwings hands over a cell
    assert [row[0] for row in reasons] == [
        "", "", "deal 'N:AKQ': expected four hands after the first seat, separated by spaces ('-' for a hand not "
        "given); found 1", "deal: the cell holds the error #N/A", ""]  # fmt: skip


@needs_solver
def test_parscore_is_the_published_par() -> None:
    """The par, North-South's side, dealer and vulnerability by board number; CONTRACTS and EW; a column."""
    assert udfs.PARSCORE(BOARD_7, 7) == [[620]]
    assert udfs.PARSCORE(BOARD_7, 7, "CONTRACTS") == [["NS 4H=; NS 4S="]]
    assert udfs.PARSCORE([[BOARD_7]], [[7]], [["Contracts"]]) == [["NS 4H=; NS 4S="]]  # as xlwings hands them over
    assert udfs.PARSCORE(BOARD_7, 7, [["CHECK"], ["CHECK"]]) == [["method: give one cell (a word such as CHECK), "
                                                                  "not a range"]]  # fmt: skip
    assert udfs.PARSCORE(BOARD_7, 7, "EW") == [[-620]]
    assert udfs.PARSCORE(BOARD_7, 5) == [[500]]  # board 5: North-South vulnerable: East-West's 5DX-3 saves
    deals = [[BOARD_1], [BOARD_7], [None], [BOARD_7]]
    assert udfs.PARSCORE(deals, [[1], [7], [3], [None]]) == [[-140], [620], [""], ["#VALUE!"]]
    assert udfs.PARSCORE(deals, [[1], [7], [3], [None]], "CHECK") == [
        [""], [""], [""], ["board: needed, for the dealer and vulnerability of the deal's par"]]  # fmt: skip
    assert udfs.PARSCORE(BOARD_7, 0) == [["#NUM!"]]
    assert udfs.PARSCORE(BOARD_7, 7, "SCORE") == [["#VALUE!"]]
    assert "CONTRACTS for the par contracts" in udfs.PARSCORE(BOARD_7, 7, "SCORE CHECK")[0][0]


def test_without_the_solver_the_answer_is_na_with_its_reason() -> None:
    """Where the solver is not installed (xlwings Lite: no Pyodide build of endplay), xlbridge.udfs imports, and
    both functions give #N/A; CHECK says what to install and that xlwings Lite cannot."""
    probe = f"""
import json, sys
sys.modules["endplay"] = None  # as in xlwings Lite
import xlbridge.udfs as udfs
print(json.dumps([udfs.HANDTRICKS({BOARD_1!r}), udfs.HANDTRICKS({BOARD_1!r}, "CHECK"), udfs.PARSCORE({BOARD_1!r}, 1),
                  udfs.PARSCORE({BOARD_1!r}, 1, "CHECK"), udfs.HANDTRICKS("N:AKQ", "CHECK")]))
"""
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=120)
    tricks, reason, par, par_reason, bad = json.loads(done.stdout)
    assert tricks == [["#N/A"] * 5] * 4
    assert par == [["#N/A"]]
    assert reason == par_reason == [[
        "double-dummy analysis needs the double-dummy solver (endplay), which is not installed here: "
        f"{install_command('hands')} (xlwings Lite cannot run it)"]]  # fmt: skip
    assert "expected four hands" in bad[0][0]  # a wrong deal is still named as wrong


def test_the_functions_are_declared_with_help() -> None:
    """Both are worksheet functions of the module, with the help texts Excel's wizard shows."""
    assert {"HANDTRICKS", "PARSCORE"} <= set(udfs.FUNCTION_NAMES)
    for function in (udfs.HANDTRICKS, udfs.PARSCORE):
        assert function.__doc__ is not None
        assert 20 <= len(function.__doc__) <= 255
        assert "the hands extra" in function.__doc__


def test_the_python_api_without_the_solver_says_what_to_install() -> None:
    """Without the hands extra the deals still read (standard library), and double_dummy and par raise
    SolverMissingError, a BridgeInputError whose message is the one line to act on."""
    probe = f"""
import sys
sys.modules["endplay"] = None
import xlbridge
deal = xlbridge.parse_deal({BOARD_1!r})
assert deal.north.hcp == 6
for call in (lambda: xlbridge.double_dummy(deal), lambda: xlbridge.par(deal, "None", "N")):
    try:
        call()
    except xlbridge.SolverMissingError as error:
        assert isinstance(error, xlbridge.BridgeInputError)
        print(error.message)
"""
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=120)
    assert (
        done.stdout.splitlines()
        == [
            "double-dummy analysis needs the double-dummy solver (endplay), which is not installed here: "
            f"{install_command('hands')} (xlwings Lite cannot run it)"
        ]
        * 2
    )
