"""The blocks of cells a workbook's xlbridge functions read, and the refusal of a value typed below one.

Each template's functions are handed whole blocks: a pairs session's Results, Names and Movement, a rubber or
Chicago scoresheet's deals, a team match's boards, a teams event's Matches and Teams, a traveller's lines. A value
typed below a block is in no formula's reach, so nothing there is counted: the templates' yellow cells stop where
their blocks stop, so it is a value typed on an unprotected sheet, or by another program. :func:`check_blocks` finds
every such row, from the blocks the workbook's own formulas name (not from the template's layout: a workbook sized
by ``xlbridge import`` or ``schedule`` has blocks of its own size), and refuses the workbook naming each. ``calc``
asks it before it writes, and so does every reader of a workbook's entries (``ranking``, ``export``, ``publish``,
``ladder``, ``standings``, ``swiss``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from ...engine.errors import listed
from ...excel.functions import CATALOGUE
from .computed import Argument
from .evaluate import call_arguments
from .xlsx import Package, WorkbookError, column_letters, read_values

__all__ = ["READS", "Reads", "blocks_read", "check_blocks"]


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


def _typed_outside(package: Package, argument: Argument, block: str) -> dict[int, tuple[int, str]]:
    """Each row below a block holding a value in the block's columns, which no formula reads: by row, its first
    column holding a value and what is said of the row."""
    assert argument.sheet is not None
    assert argument.area is not None
    first_row, first_col, last_row, last_col = argument.area
    values = read_values(package, argument.sheet, computed=False)
    below: dict[int, int] = {}  # row: its first column holding a value
    for row, col in sorted((row, col) for (row, col), value in values.items()
                           if row > last_row and first_col <= col <= last_col and value not in (None, "")):  # fmt: skip
        below.setdefault(row, col)
    return {row: (col, f"{argument.sheet} row {row} ({column_letters(col)}{row}) is below the {block} block (rows "
                       f"{first_row}-{last_row})") for row, col in below.items()}  # fmt: skip


def blocks_read(
    package: Package, arguments: Mapping[str, list[Argument]] | None = None
) -> Iterator[tuple[str, str, Argument]]:
    """Each block the workbook's functions of :data:`READS` are handed: the function, what the block is called, and
    the argument (its sheet and area). ``arguments`` are those of the workbook's calls (by function, as a direct
    evaluation records them: a function not among them is not called); without them, the calls are found in its
    formulas."""
    for function, blocks in _POSITIONS.items():
        given = arguments.get(function) if arguments is not None else call_arguments(package, function)
        for index, block in blocks.items():
            argument = given[index] if given is not None and index < len(given) else None
            if argument is not None and argument.area is not None:
                yield function, block, argument


def check_blocks(package: Package, arguments: Mapping[str, list[Argument]] | None = None) -> None:
    """Refuse values typed below a block that the workbook's functions read (:func:`blocks_read`, ``arguments``
    as it takes them), naming every row that holds one, block by block, each row once. A workbook with none of
    these functions has no blocks: nothing to check."""
    found: dict[tuple[str, str], dict[int, tuple[int, str]]] = {}  # (sheet, block): row: its first column, said
    rooms: list[str] = []
    for function, block, argument in blocks_read(package, arguments):
        assert argument.sheet is not None  # a block's cells are on a sheet
        rows = found.setdefault((argument.sheet, block), {})  # a block handed as columns (a scoresheet's): a row once
        for row, (col, said) in _typed_outside(package, argument, block).items():
            if row not in rows or col < rows[row][0]:
                rows[row] = (col, said)
        room = READS[function].room
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
