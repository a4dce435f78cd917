"""The blocks of cells a workbook's xlbridge functions read, and the refusal of a value typed below one.

Each template's functions are handed whole blocks: a pairs session's Results, Names and Movement, a rubber or
Chicago scoresheet's deals, a team match's boards, a teams event's Matches and Teams, a traveller's lines. A value
typed below a block is in no formula's reach, so nothing there is counted: the templates' yellow cells stop where
their blocks stop, so it is a value typed on an unprotected sheet, or by another program. :func:`check_blocks` finds
every such row of the blocks it is given, and refuses the workbook naming each: the blocks a reader finds by their
defined names (a pairs session's, a teams event's), or those the workbook's functions were handed when it was
computed (:func:`blocks_of`; a workbook sized by ``xlbridge import`` or ``schedule`` has blocks of its own size).
``calc`` asks it before it writes, and so does every reader of a workbook's entries (``ranking``, ``export``,
``publish``, ``ladder``, ``standings``, ``swiss``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ...engine.errors import WorkbookError, listed
from ...excel.functions import CATALOGUE
from ..templates.layout import BLOCK_NAMES, EVENT_BLOCK_NAMES
from .computed import Argument
from .xlsx import Package, column_letters, defined_area, read_values

__all__ = ["NAMED", "READS", "Block", "Reads", "blocks_of", "check_blocks", "named_blocks"]


@dataclass(frozen=True)
class Reads:
    """The blocks one function is handed: what each block is called when a row of it is named, by the names of the
    function's arguments; and what else makes room for a row that does not fit (after "Move it into a blank row of
    the block, or ..."), or "" when nothing does."""

    blocks: Mapping[str, str]
    room: str = ""


#: The function of each layout that is handed every block its entries are typed in (the layout's other functions
#: read the same blocks).
READS: Mapping[str, Reads] = {
    "SESSIONRESULTS": Reads({"results": "Results", "names": "Names", "plan": "Movement"},
                            "import the session again (xlbridge import) to make room"),
    "RUBBERSHEET": Reads(dict.fromkeys(("declarers", "contracts", "results", "honours"), "deals"),
                         "carry on in a new scoresheet"),
    "CHICAGOSHEET": Reads(dict.fromkeys(("declarers", "contracts", "results", "honours"), "deals"),
                          "carry on in a new scoresheet"),
    "MATCHBOARDS": Reads(dict.fromkeys(("boards", "table1", "table2"), "boards")),
    "EVENTMATCHES": Reads({"matches": "Matches", "teams_list": "Teams"},
                          "write the event again with more rounds (xlbridge schedule)"),
    "BOARDRESULTS": Reads({"lines": "lines"}),
}  # fmt: skip

#: Of each function of READS, the position of each argument that is a block, with what the block is called.
_POSITIONS = {
    function.name: {index: READS[function.name].blocks[argument.name] for index, argument in
                    enumerate(function.arguments) if argument.name in READS[function.name].blocks}
    for function in CATALOGUE
    if function.name in READS
}  # fmt: skip


@dataclass(frozen=True)
class Block:
    """A block of entries: the function of :data:`READS` that reads it, what it is called when a row of it is named,
    its sheet and its 1-based area (first row, first column, last row, last column)."""

    function: str
    name: str
    sheet: str
    area: tuple[int, int, int, int]


def blocks_of(arguments: Mapping[str, list[Argument]]) -> list[Block]:
    """The blocks the workbook's functions of :data:`READS` were handed, from the arguments of their calls (by
    function, as a direct evaluation records them: a function not among them is not called)."""
    found = []
    for function, blocks in _POSITIONS.items():
        given = arguments.get(function) or []
        for index, name in blocks.items():
            argument = given[index] if index < len(given) else None
            if argument is not None and argument.sheet is not None and argument.area is not None:
                found.append(Block(function, name, argument.sheet, argument.area))
    return found


#: The blocks found by their defined names: the function of :data:`READS` that reads each, what it is called, and
#: its defined name.
NAMED = (("SESSIONRESULTS", "Results", BLOCK_NAMES["results"]), ("SESSIONRESULTS", "Names", BLOCK_NAMES["names"]),
         ("SESSIONRESULTS", "Movement", BLOCK_NAMES["movement"]), ("EVENTMATCHES", "Matches",
         EVENT_BLOCK_NAMES["matches"]), ("EVENTMATCHES", "Teams", EVENT_BLOCK_NAMES["teams"]))  # fmt: skip


def named_blocks(package: Package) -> list[Block]:
    """The blocks of :data:`NAMED` the workbook has, by their defined names."""
    found = []
    for function, name, defined in NAMED:
        where = defined_area(package, defined)
        if where is not None:
            found.append(Block(function, name, *where))
    return found


def _typed_outside(package: Package, block: Block) -> dict[int, tuple[int, str]]:
    """Each row below a block holding a value in the block's columns, which no formula reads: by row, its first
    column holding a value and what is said of the row."""
    first_row, first_col, last_row, last_col = block.area
    values = read_values(package, block.sheet, computed=False)
    below: dict[int, int] = {}  # row: its first column holding a value
    for row, col in sorted((row, col) for (row, col), value in values.items()
                           if row > last_row and first_col <= col <= last_col and value not in (None, "")):  # fmt: skip
        below.setdefault(row, col)
    return {row: (col, f"{block.sheet} row {row} ({column_letters(col)}{row}) is below the {block.name} block (rows "
                       f"{first_row}-{last_row})") for row, col in below.items()}  # fmt: skip


def check_blocks(package: Package, blocks: Iterable[Block]) -> None:
    """Refuse values typed below any of ``blocks``, naming every row that holds one, block by block, each row once
    (a block handed as columns, a scoresheet's, names a row once)."""
    found: dict[tuple[str, str], dict[int, tuple[int, str]]] = {}  # (sheet, block): row: its first column, said
    rooms: list[str] = []
    for block in blocks:
        rows = found.setdefault((block.sheet, block.name), {})
        for row, (col, typed) in _typed_outside(package, block).items():
            if row not in rows or col < rows[row][0]:
                rows[row] = (col, typed)
        room = READS[block.function].room
        if rows and room and room not in rooms:
            rooms.append(room)
    lines = [f"{package.path}: {rows[row][1]}" for rows in found.values() for row in sorted(rows)]
    room = "".join(f", or {text}" for text in rooms)
    if len(lines) == 1:
        raise WorkbookError(f"{lines[0]}, which the workbook's formulas read: nothing there is counted. Move it into "
                            f"a blank row of the block{room}")  # fmt: skip
    if lines:
        raise WorkbookError(
            f"{package.path}: {len(lines)} rows below the blocks the workbook's formulas read hold values, and "
            f"nothing there is counted: move each into a blank row of its block{room}",
            details=listed(lines, str(package.path)),
        )
