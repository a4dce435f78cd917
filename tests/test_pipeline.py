"""The session pipeline: source -> input -> prepare -> result -> output, each step once per command.

Every command that reads or writes a pairs session prepares it (the entry checks) and scores it once; the values an
import writes into its workbook are those the workbook's own formulas give on its cells; and one rule says whether
a session is one field or two, whatever the source.
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import CodeType, FrameType
from typing import Any

import pytest

from xlbridge.cli import main
from xlbridge.engine.checks import check_session
from xlbridge.engine.choices import choose
from xlbridge.engine.errors import BridgeInputError
from xlbridge.engine.pairs import Pair
from xlbridge.engine.pipeline import SessionInput, decide_field, prepare, result
from xlbridge.engine.session import read_line
from xlbridge.engine.standings import score_session
from xlbridge.excel import cache
from xlbridge.files.templates.layout import LAYOUT
from xlbridge.files.workbook.calc import _same
from xlbridge.files.workbook.evaluate import evaluate
from xlbridge.files.workbook.patching import patch_sheet, write_package
from xlbridge.files.workbook.xlsx import open_package, read_values
from xlbridge.rules import FIELD_KINDS, Side

from .conftest import BUTLER, HOWELL

DEMO = Path(__file__).resolve().parent.parent / "xlbridge" / "data"


@contextmanager
def counted(*functions: Any) -> Iterator[Counter[str]]:
    """How many times each of ``functions`` runs while the block runs (every call of its code, however it was
    imported or wrapped)."""
    codes: dict[CodeType, str] = {function.__code__: function.__name__ for function in functions}
    calls: Counter[str] = Counter()

    def profile(frame: FrameType, event: str, _: object) -> None:
        if event == "call" and frame.f_code in codes:
            calls[codes[frame.f_code]] += 1

    cache.forget()  # each command starts as a fresh process does
    sys.setprofile(profile)
    try:
        yield calls
    finally:
        sys.setprofile(None)


def run(*argv: object) -> Counter[str]:
    """The command run as ``xlbridge`` runs it (exit 0), and how often it prepared and scored a session."""
    with counted(check_session, score_session) as calls:
        status = main([str(arg) for arg in argv])
    assert status == 0, argv
    return calls


ONCE = Counter({"check_session": 1, "score_session": 1})


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("pipeline")
    workbook = folder / "session.xlsx"
    names = DEMO / "demo-names.csv"
    assert run("import", DEMO / "demo-session.csv", "--names", names, "-o", workbook) == ONCE
    return workbook


def test_every_command_prepares_and_scores_a_session_once(imported: Path, tmp_path: Path) -> None:
    """import, ranking, export, publish and calc: the entry checks once, the scorer once."""
    assert run("ranking", imported) == ONCE
    assert run("ranking", imported, "--csv") == ONCE
    assert run("export", imported, "--usebio", tmp_path / "out.xml") == ONCE
    assert run("export", imported, "--pbn", tmp_path / "out.pbn") == ONCE
    assert run("publish", imported, "-o", tmp_path / "site") == ONCE
    assert run("calc", imported, "-o", tmp_path / "computed.xlsx") == ONCE
    for source in (HOWELL, BUTLER, tmp_path / "out.pbn"):
        assert run("import", source, "-o", tmp_path / f"{source.stem}.xlsx") == ONCE


def test_a_workbook_changed_elsewhere_is_checked_with_the_same_working_out(imported: Path, tmp_path: Path) -> None:
    """A workbook saved by another program (its parts no longer those xlbridge wrote) has every formula computed
    again to be known current, and the session worked out for that is the one the command reads: still once."""
    package = open_package(imported)
    part = package.sheets["Settings"]
    changed = tmp_path / "saved-elsewhere.xlsx"
    note = (LAYOUT.setting("EventName").row + 1, 3)  # a note beside the entries: no figure depends on it
    write_package(package, {part: patch_sheet(package.parts[part], {note: "Typed over"})}, changed)
    assert run("ranking", changed) == ONCE
    assert run("calc", changed, "--in-place") == ONCE


@pytest.mark.parametrize("source", [DEMO / "demo-session.csv", HOWELL, BUTLER], ids=lambda path: path.stem)
def test_the_values_written_are_what_the_formulas_give(source: Path, tmp_path: Path) -> None:
    """An import writes each formula with the values the result gives it: the worksheet functions, handed the
    workbook's own cells, give every one of them again."""
    workbook = tmp_path / "session.xlsx"
    assert main(["import", str(source), "-o", str(workbook)]) == 0
    package = open_package(workbook)
    computed = evaluate(package)
    assert computed is not None
    compared = 0
    for sheet in package.sheets:
        stored = read_values(package, sheet)
        for where, value in computed.cells(sheet).items():
            assert _same(stored.get(where), value), (sheet, where, stored.get(where), value)
            compared += 1
    assert compared > 5_000


def lines(*typed: tuple[int, int, int]) -> list[Any]:
    return [read_line(board, ns, ew, "3NT", "N", "=") for board, ns, ew in typed]


#: A two-winner Mitchell's lines: NS 1-3 and EW 1-3 numbered apart, each NS pair meeting each EW pair on a board.
MITCHELL_LINES = lines(*((board, ns, (ns + board) % 3 + 1) for board in range(1, 7) for ns in (1, 2, 3)))
#: A Howell's: pairs 1-4, each board played by two different pairs, never a number on both sides of a board.
HOWELL_LINES = lines((1, 1, 2), (1, 3, 4), (2, 1, 3), (2, 2, 4), (3, 1, 4), (3, 2, 3), (4, 3, 1), (4, 4, 2))


@pytest.mark.parametrize(
    ("said", "pairs", "rows", "kind", "because"),
    [
        (None, [], MITCHELL_LINES, "Two fields", "lines"),
        (None, [], HOWELL_LINES, "One field", "lines"),
        (None, [Pair(1, Side.NS), Pair(1, Side.EW)], HOWELL_LINES, "Two fields", "names"),
        ("Howell", [], HOWELL_LINES, "One field", "said"),
        ("two fields", [], HOWELL_LINES, "Two fields", "said"),
        ("Mitchell", [], HOWELL_LINES, "Two fields", "said"),
        # one line with a pair on both sides of a board ("3 v 3") does not make a Howell two fields
        (None, [], [*HOWELL_LINES, *lines((5, 3, 3))], "One field", "lines"),
    ],
)
def test_one_rule_for_one_field_or_two(said: str | None, pairs: list[Pair], rows: list[Any], kind: str,
                                       because: str) -> None:  # fmt: skip
    """What is said; else what the list of pairs' directions say; else what the lines show."""
    decided = decide_field(choose(FIELD_KINDS, said) if said else None, None, pairs, rows)
    assert (decided.kind.name, decided.because) == (kind, because)


def test_what_is_said_against_the_lines_is_refused() -> None:
    """One field said of lines that show two (each number on both sides of many boards) is refused, saying why."""
    with pytest.raises(BridgeInputError, match=r"One field, but on .* occasions a pair number sits") as refused:
        decide_field(choose(FIELD_KINDS, "Howell"), None, [], MITCHELL_LINES)
    assert refused.value.argument == "fields"


def test_the_same_rule_for_a_file_and_a_workbook(tmp_path: Path) -> None:
    """A session prepared from its rows alone (as a workbook's cells give them) is one field or two as the import
    of the same lines decides: both call the one rule."""
    prepared = prepare(SessionInput(tuple(MITCHELL_LINES)))
    assert prepared.field.kind.name == "Two fields"
    assert [(p.number, p.direction) for p in prepared.session.pairs][:2] == [(1, Side.NS), (2, Side.NS)]
    scored = result(prepared)
    assert [standing.field for standing in scored.score.ranking][-1] == 2
    source = tmp_path / "mitchell.csv"
    source.write_text("board,ns,ew,contract,declarer,result\n" + "".join(
        f"{row.board},{row.ns},{row.ew},3NT,N,=\n" for row in MITCHELL_LINES))  # fmt: skip
    workbook = tmp_path / "mitchell.xlsx"
    assert main(["import", str(source), "-o", str(workbook)]) == 0
    assert read_values(open_package(workbook), "Settings")[LAYOUT.setting("Fields").position] == "Two fields"


def test_blank_rows_at_the_end_of_a_block_share_the_working_out_and_keep_each_shape() -> None:
    """The same results block handed with and without blank rows at its end (as a block read as far as its sheet's
    cells in use, and as far as the tallest formula fills): one working-out, and each call answered with as many
    rows as its block, in either order."""
    from xlbridge.excel.hands import pardiff
    from xlbridge.excel.session import sessionresults

    results = [
        [1, 1, 2, "4S", "N", "", "=", ""],
        [1, 3, 4, "3NT", "S", "", "+1", ""],
        [2, 1, 2, "2H", "E", "", "-1", ""],
    ]
    names = [[1, "NS", "A", "B"], [2, "EW", "C", "D"], [3, "NS", "E", "F"], [4, "EW", "G", "H"]]
    padded = [*results, *([None] * 8 for _ in range(4))]
    for first, second in ((results, padded), (padded, results)):
        with counted(check_session, score_session) as calls:
            answers = [sessionresults(block, names, "MP", "Two fields") for block in (first, second)]
            pars = [
                pardiff(block, names, "MP", "Two fields", None, None, [[1, "", "", 420]]) for block in (first, second)
            ]
        assert calls == ONCE
        assert [len(answer) for answer in answers] == [len(first), len(second)]
        assert [len(answer) for answer in pars] == [len(first), len(second)]
        assert answers[0][:3] == answers[1][:3]
        assert all(row == [""] * len(row) for answer in answers for row in answer[3:])
