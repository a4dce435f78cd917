"""Double-dummy tables and par, from DDS (Bo Haglund and Soren Hein's double-dummy solver) through PyPI's endplay.

endplay is the ``hands`` extra (``pip install "xlbridge[hands]"``): it has wheels for CPython on Linux, Windows
and macOS, none for Pyodide (xlwings Lite), and heavy dependencies of its own. It is imported here only, and only
inside the functions that need it, so that the rest of the engine (and xlbridge.udfs) still imports with the
standard library alone; without it, these functions raise :class:`SolverMissingError`, whose message says what to
install.

Par is DDS's par: the contract(s) that neither side can improve on by bidding on (sacrifices doubled), with the
dealer's side first to bid. Each deal's table is worked out once and remembered; many deals at once go to DDS
together (its ``CalcAllTables``, which uses every core).
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..rules import TABLE_SEATS, TABLE_STRAINS
from .deals import Deal, Par, ParContract, TrickTable, parse_deal
from .errors import BridgeInputError, SolverMissingError
from .model import Contract, Doubling, Seat, Strain, Vulnerability
from .parse import parse_seat, parse_vulnerability

if TYPE_CHECKING:
    from endplay.dds.ddtable import DDTable  # the hands extra: see the module's docstring

__all__ = ["double_dummy", "double_dummy_tables", "par", "solve", "solver_available"]

#: What a user without the solver is told to run.
#: DDS's CalcAllTables takes at most MAXNOOFTABLES (40) deals at a time when all five strains are asked for (41
#: is refused: "Too many DD tables requested").
BATCH = 40
#: How many deals' tables are remembered (a season's hand records).
REMEMBERED = 4096

Board = tuple["Deal | str", object, object]


def solver_available() -> bool:
    """Whether the solver can be imported here."""
    try:
        return importlib.util.find_spec("endplay") is not None
    except (ImportError, ValueError):  # blocked (sys.modules["endplay"] = None), or half installed
        return False


def _endplay() -> Any:
    """endplay's DDS module, or :class:`SolverMissingError`."""
    try:
        import endplay.dds
    except ImportError:
        raise SolverMissingError() from None
    return endplay.dds


def _vulnerability(value: object) -> Vulnerability:
    read = value if isinstance(value, Vulnerability) else parse_vulnerability(value)
    if isinstance(read, bool):
        raise BridgeInputError(f"vulnerability {value!r}: give None, NS, EW, Both or a board number, not TRUE/FALSE")
    return read


def _dealer(value: object) -> Seat:
    seat = value if isinstance(value, Seat) else parse_seat(value, argument="dealer")
    if seat is None:
        raise BridgeInputError("dealer: expected N, E, S or W")
    return seat


#: Each deal's table as xlbridge's and as endplay's (which its par needs), remembered; forgotten all at once when
#: full (a season's hand records fit).
_tables: dict[Deal, tuple[TrickTable, DDTable]] = {}


def _remember(deal: Deal, table: DDTable) -> tuple[TrickTable, DDTable]:
    from endplay.types import Denom, Player

    denoms = {Strain.NOTRUMP: Denom.nt, Strain.SPADES: Denom.spades, Strain.HEARTS: Denom.hearts,
              Strain.DIAMONDS: Denom.diamonds, Strain.CLUBS: Denom.clubs}  # fmt: skip
    players = {Seat.NORTH: Player.north, Seat.EAST: Player.east, Seat.SOUTH: Player.south, Seat.WEST: Player.west}
    tricks = tuple(int(table[denoms[strain], players[seat]]) for seat in TABLE_SEATS for strain in TABLE_STRAINS)
    if len(_tables) >= REMEMBERED:
        _tables.clear()
    _tables[deal] = (TrickTable(tricks), table)
    return _tables[deal]


def _analysed(deal: Deal) -> tuple[TrickTable, DDTable]:
    """A deal's table, worked out by DDS the first time it is asked for."""
    found = _tables.get(deal)
    if found is None:
        dds = _endplay()
        from endplay.types import Deal as EndplayDeal

        found = _remember(deal, dds.calc_dd_table(EndplayDeal(deal.pbn())))
    return found


def _par(table: DDTable, vulnerability: Vulnerability, dealer: Seat) -> Par:
    """DDS's par from endplay's table, its contracts grouped by who may declare them and listed as hand records
    list them (lowest first, clubs before notrump)."""
    dds = _endplay()
    from endplay.types import Denom, Penalty, Player, Vul

    vul = {Vulnerability.NONE: Vul.none, Vulnerability.NS: Vul.ns, Vulnerability.EW: Vul.ew,
           Vulnerability.BOTH: Vul.both}[vulnerability]  # fmt: skip
    strains = {Denom.nt: Strain.NOTRUMP, Denom.spades: Strain.SPADES, Denom.hearts: Strain.HEARTS,
               Denom.diamonds: Strain.DIAMONDS, Denom.clubs: Strain.CLUBS}  # fmt: skip
    seats = {Player.north: Seat.NORTH, Player.east: Seat.EAST, Player.south: Seat.SOUTH, Player.west: Seat.WEST}
    doublings = {Penalty.passed: Doubling.UNDOUBLED, Penalty.doubled: Doubling.DOUBLED,
                 Penalty.redoubled: Doubling.REDOUBLED}  # fmt: skip
    found = dds.par(table, vul, {seat: player for player, seat in seats.items()}[dealer])
    grouped: dict[tuple[int, Strain, Doubling, int], list[Seat]] = {}
    for contract in found:  # each read as it comes: endplay reuses one structure for a pair of declarers
        if contract.level == 0:
            continue  # passed out
        key = (int(contract.level), strains[contract.denom], doublings[contract.penalty], int(contract.result))
        grouped.setdefault(key, []).append(seats[contract.declarer])
    order = list(reversed(TABLE_STRAINS))  # C, D, H, S, NT
    listed = [
        ParContract(tuple(sorted(set(by), key=TABLE_SEATS.index)), Contract(level, strain, doubling), result)
        for (level, strain, doubling, result), by in sorted(grouped.items(),
                                                            key=lambda item: (item[0][0], order.index(item[0][1])))
    ]  # fmt: skip
    return Par(int(found.score), tuple(listed))


def double_dummy(deal: Deal | str) -> TrickTable:
    """The tricks each declarer takes in each strain with all four hands seen: ``double_dummy(deal)["N"]["NT"]``.
    ``deal`` is a :class:`~xlbridge.engine.deals.Deal` or its PBN text."""
    return _analysed(parse_deal(deal))[0]


def par(deal: Deal | str, vulnerability: object, dealer: object) -> Par:
    """The par of ``deal`` (a Deal or its PBN text) with ``vulnerability`` (None, NS, EW, Both, or a board number)
    and ``dealer`` (N, E, S, W): ``.score`` (North-South's side) and ``.contracts`` (``EW 4SX-1``)."""
    return _par(_analysed(parse_deal(deal))[1], _vulnerability(vulnerability), _dealer(dealer))


def _work_out(deals: Sequence[Deal], progress: Callable[[int], object] | None = None) -> None:
    """Every deal not yet worked out, sent to DDS together, :data:`BATCH` at a time (``progress(done)`` after each
    batch)."""
    waiting = [deal for deal in dict.fromkeys(deals) if deal not in _tables]
    if not waiting:
        return
    dds = _endplay()
    from endplay.types import Deal as EndplayDeal

    for start in range(0, len(waiting), BATCH):
        batch = waiting[start : start + BATCH]
        for deal, table in zip(batch, dds.calc_all_tables([EndplayDeal(deal.pbn()) for deal in batch]), strict=True):
            _remember(deal, table)
        if progress is not None:
            progress(start + len(batch))


def double_dummy_tables(deals: Sequence[Deal | str]) -> list[TrickTable]:
    """The double-dummy table of each deal, the deals worked out together."""
    read = [parse_deal(deal) for deal in deals]
    _work_out(read)
    return [_analysed(deal)[0] for deal in read]


def solve(boards: Sequence[Board], progress: Callable[[int], object] | None = None) -> list[tuple[TrickTable, Par]]:
    """The table and par of each (deal, vulnerability, dealer): the deals not yet worked out go to DDS together,
    :data:`BATCH` at a time, and ``progress(done)`` is called after each batch."""
    read = [(parse_deal(deal), _vulnerability(vul), _dealer(dealer)) for deal, vul, dealer in boards]
    _work_out([deal for deal, _, _ in read], progress)
    out = []
    for deal, vulnerability, dealer in read:
        tricks, table = _analysed(deal)
        out.append((tricks, _par(table, vulnerability, dealer)))
    return out
