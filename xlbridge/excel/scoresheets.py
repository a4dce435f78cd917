"""The worksheet functions of rubber bridge and Chicago: RUBBERSHEET, RUBBERTOTAL, CHICAGOSHEET, CHICAGOTOTAL and
CHICAGOWHEEL.

Each sheet function takes the deals in order, one row each (blank rows are skipped), and ends each row with both
sides' running totals. A deal that cannot be read makes its row an error with the reason in the notes column; the
deals after it are ``#N/A`` (they depend on it).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..engine.errors import BridgeInputError
from ..engine.rubber import ChicagoRow, Deal, RubberRow, chicago, chicago_wheel, parse_rubber_deal, rubber
from .cells import Grid, as_grid, cell_error, error_value, flat, is_blank, never_raises, text_cell

__all__ = ["chicagosheet", "chicagototal", "chicagowheel", "rubbersheet", "rubbertotal"]

#: The running totals that end every scoresheet row: We (North-South), They (East-West).
RUNNING = 2


def _columns(*args: object) -> tuple[list[list[Any]], int]:
    """Columns of a scoresheet (one cell per deal), all as long as the first; a single cell serves every deal."""
    grids = [as_grid(arg) for arg in args]
    rows = len(grids[0]) * len(grids[0][0])
    columns = []
    for grid in grids:
        cells = flat(grid)
        if len(cells) == 1:
            cells = cells * rows
        elif len(cells) != rows:
            raise BridgeInputError("declarers, contracts, results (and honours) must be ranges of the same size")
        columns.append(cells)
    return columns, rows


def _deal(declarer: object, contract: object, result: object, honours: object) -> Deal:
    """One row as the engine reads it: xlwings Lite's 0 for an empty cell is a blank (a 0 result too, on a row with
    no contract or declarer); an error already in a cell is passed on."""
    for name, value in (("declarer", declarer), ("contract", contract), ("result", result), ("honours", honours)):
        in_cell = cell_error(name, value)
        if in_cell is not None:
            raise in_cell
    declarer, contract, honours = text_cell(declarer), text_cell(contract), text_cell(honours)
    if is_blank(declarer) and is_blank(contract) and result == 0:
        result = None
    return parse_rubber_deal(declarer, contract, result, honours)


@dataclass(frozen=True)
class _Run:
    """A scoresheet worked out: a row per deal up to the first that cannot be read, the totals, that error and its
    index, and which rows are blank."""

    rows: Sequence[Any]
    totals: tuple[int, int]
    error: BridgeInputError | None
    at: int
    blank: list[bool]


def _read(columns: list[list[Any]]) -> tuple[list[Deal], BridgeInputError | None, int]:
    """The deals up to the first that cannot be read, that error (naming its deal) and its index."""
    deals: list[Deal] = []
    for index, values in enumerate(zip(*columns, strict=True)):
        try:
            deals.append(_deal(*values))
        except BridgeInputError as error:
            return deals, error.within(f"deal {index + 1}"), index
    return deals, None, len(deals)


def _blank_rows(declarers: list[Any], contracts: list[Any], results: list[Any]) -> list[bool]:
    return [
        is_blank(text_cell(declarer)) and is_blank(text_cell(contract)) and (is_blank(result) or result == 0)
        for declarer, contract, result in zip(declarers, contracts, results, strict=True)
    ]


def _rubber_run(declarers: object, contracts: object, results: object, honours: object, rules: object) -> _Run:
    columns, _ = _columns(declarers, contracts, results, honours)
    deals, error, at = _read(columns)
    rows, totals = rubber(deals, text_cell(as_grid(rules)[0][0]), settle=error is None)
    return _Run(rows, totals, error, at, _blank_rows(*columns[:3]))


def _chicago_run(declarers: object, contracts: object, results: object, first_dealer: object, wheel: object,
                 honours: object = None) -> _Run:  # fmt: skip
    columns, count = _columns(declarers, contracts, results, *([] if honours is None else [honours]))
    deals, error, at = _read(columns if honours is not None else [*columns, [None] * count])
    rows, totals = chicago(deals, text_cell(as_grid(first_dealer)[0][0]), text_cell(as_grid(wheel)[0][0]))
    return _Run(rows, totals, error, at, _blank_rows(*columns[:3]))


def _sheet(run: Callable[[], _Run], cells: Callable[[Any], list[Any]], points: Callable[[Any], tuple[int, int]],
           width: int, deals: int) -> Grid:  # fmt: skip
    """A scoresheet's rows (``width`` columns from ``cells``, the last the notes) and both sides' running totals
    of ``points``; a bad deal shows its error and reason, and the deals after it are not scored."""
    try:
        done = run()
    except BridgeInputError as error:
        return [[error_value(error)] * (width - 1) + [error.message] + [error_value(error)] * RUNNING] * deals
    out = []
    ns = ew = 0
    for row in done.rows:
        if row is None:
            out.append(cells(row) + [""] * RUNNING)
            continue
        scored = points(row)
        ns, ew = ns + scored[0], ew + scored[1]
        out.append([*cells(row), ns, ew])
    if done.error is None:
        return out
    failed = error_value(done.error)
    out.append([failed] * (width - 1) + [done.error.message] + [failed] * RUNNING)
    for index in range(done.at + 1, len(done.blank)):
        waiting = ["#N/A"] * (width - 1) + [f"not scored: see deal {done.at + 1}"] + ["#N/A"] * RUNNING
        out.append([""] * (width + RUNNING) if done.blank[index] else waiting)
    return out


def _total(run: Callable[[], _Run]) -> Grid:
    """A scoresheet's {NS, EW} totals, or the error that stops them."""
    try:
        done = run()
    except BridgeInputError as error:
        return [[error_value(error)] * 2]
    if done.error is not None:
        return [[error_value(done.error)] * 2]
    return [list(done.totals)]


def _deals(declarers: object, *_: object) -> int:
    grid = as_grid(declarers)
    return len(grid) * len(grid[0])


def _rubber_cells(row: RubberRow | None) -> list[Any]:
    if row is None:
        return [""] * 7
    games = f"{row.games[0]}-{row.games[1]}"
    return [row.ns_above, row.ns_below, row.ew_above, row.ew_below, games, row.vulnerability.value, row.marker]


def _chicago_cells(row: ChicagoRow | None) -> list[Any]:
    if row is None:
        return [""] * 8
    return [row.deal, row.dealer.value, row.vulnerability.value, row.ns_points, row.ew_points, row.ns_partscore,
            row.ew_partscore, row.marker]  # fmt: skip


def _rubber_points(row: RubberRow) -> tuple[int, int]:
    return row.ns_above + row.ns_below, row.ew_above + row.ew_below


def _chicago_points(row: ChicagoRow) -> tuple[int, int]:
    return row.ns_points, row.ew_points


@never_raises(lambda declarers, *_: (_deals(declarers), 7 + RUNNING))
def rubbersheet(
    declarers: object, contracts: object, results: object, honours: object = None, rules: object = None
) -> Grid:
    """A rubber scoresheet, one row per deal: NS above, NS below, EW above, EW below, games, vulnerable, marker,
    then NS's and EW's running totals."""
    run = lambda: _rubber_run(declarers, contracts, results, honours, rules)  # noqa: E731
    return _sheet(run, _rubber_cells, _rubber_points, 7, _deals(declarers))


@never_raises(lambda *_: (1, 2))
def rubbertotal(
    declarers: object, contracts: object, results: object, honours: object = None, rules: object = None
) -> Grid:
    """North-South's and East-West's totals over the rubbers (a rubber still going gets Law 80's bonuses)."""
    return _total(lambda: _rubber_run(declarers, contracts, results, honours, rules))


@never_raises(lambda declarers, *_: (_deals(declarers), 8 + RUNNING))
def chicagosheet(
    declarers: object, contracts: object, results: object, first_dealer: object = None, wheel: object = None,
    honours: object = None,
) -> Grid:  # fmt: skip
    """A Chicago scoresheet, one row per deal: deal 1-4, dealer, vulnerable, NS and EW points, partscores, marker,
    then NS's and EW's running totals. ``wheel`` says who is vulnerable on deals 2 and 3 (blank: the dealer's side);
    ``honours``, a column beside the deals, scores them where a club does."""
    run = lambda: _chicago_run(declarers, contracts, results, first_dealer, wheel, honours)  # noqa: E731
    return _sheet(run, _chicago_cells, _chicago_points, 8, _deals(declarers))


@never_raises(lambda *_: (1, 2))
def chicagototal(
    declarers: object, contracts: object, results: object, first_dealer: object = None, wheel: object = None,
    honours: object = None,
) -> Grid:  # fmt: skip
    """North-South's and East-West's Chicago totals."""
    return _total(lambda: _chicago_run(declarers, contracts, results, first_dealer, wheel, honours))


@never_raises(lambda *_: (4, 2))
def chicagowheel(first_dealer: object = None, wheel: object = None) -> Grid:
    """The four deals of a chicago, one row each: the dealer and who is vulnerable."""
    try:
        deals = chicago_wheel(text_cell(as_grid(first_dealer)[0][0]), text_cell(as_grid(wheel)[0][0]))
    except BridgeInputError as error:
        return [[error_value(error), error.message]] * 4
    return [[dealer.value, vulnerability.value] for dealer, vulnerability in deals]
