"""What a workbook's formulas computed (:mod:`.evaluate` directly, or :mod:`.calc`'s general engine): each
formula's answer as the cells it fills hold it, a row at a time, the values by cell worked out from them where they
are wanted (a chart's sheet, a workbook's cells rewritten where they changed, the staleness check), and the
arguments each of xlbridge's functions was first handed. Standard library only.
"""

from __future__ import annotations

import collections
import itertools
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from ...excel.cells import ERROR_VALUES
from .xlsx import ExcelErrorValue

__all__ = ["Answer", "Argument", "Computed", "Rows", "by_row", "overlaps", "stored", "stored_answer"]

#: A sheet's cells by 1-based row, then column (the blanks left out): as a template's sheet holds them, and as
#: the evaluation looks them up, a row of a range at a time.
Rows = dict[int, dict[int, object]]


#: What :func:`by_row` puts by row: any kind of cell content.
V = TypeVar("V")


def by_row(cells: Mapping[tuple[int, int], V]) -> dict[int, dict[int, V]]:
    """Cells (their values, formulas...) by 1-based (row, column), as a workbook's values are read, by row then
    column (:data:`Rows` for values)."""
    rows: dict[int, dict[int, V]] = {}
    for (row, col), value in cells.items():
        found = rows.get(row)
        if found is None:
            found = rows[row] = {}
        found[col] = value
    return rows


@dataclass(frozen=True)
class Argument:
    """One argument of a formula's call: the value the function is handed, and where its cells are (the sheet and
    1-based first row, first column, last row, last column), or None for a constant."""

    value: Any
    sheet: str | None = None
    area: tuple[int, int, int, int] | None = None


@dataclass(frozen=True)
class Answer:
    """What one formula gave, as its cells hold it: the area it fills (first row, first column, last row, last
    column, 1-based) and each of its cells' values, row by row (nothing as empty text, an error's text as the
    error: as a cell stores them)."""

    area: tuple[int, int, int, int]
    rows: list[list[object]]


def stored(value: object) -> object:
    """A function's answer as a cell stores it: nothing as an empty text, an error's text as the error."""
    if value is None:
        return ""
    if isinstance(value, str) and value in ERROR_VALUES:
        return ExcelErrorValue(value)
    return value


def stored_answer(area: tuple[int, int, int, int], answer: Sequence[Sequence[object]] | object) -> Answer:
    """A function's answer (rows of values, or one value) as the cells of its formula's ``area`` hold it, as
    Excel fills them: a single value fills them all, a smaller answer leaves #N/A, a larger one is cut."""
    grid = answer if isinstance(answer, list) else [[answer]]
    r1, c1, r2, c2 = area
    width, height = c2 - c1 + 1, r2 - r1 + 1
    if len(grid) == 1 and len(grid[0]) == 1:
        return Answer(area, [[stored(grid[0][0])] * width] * height)
    rows = [list(row) if len(row) == width else [*row[:width], *["#N/A"] * (width - len(row))] for row in grid[:height]]
    rows += [["#N/A"] * width] * (height - len(rows))
    return Answer(area, [list(map(stored, row)) for row in rows])


@dataclass
class Computed:
    """What was computed: each formula's answer, by sheet (the values by cell are worked out from them when asked:
    :meth:`cells`, :attr:`values`), and what could not be."""

    #: Each formula's answer, by sheet, in the order they were computed (a later one's cells over an earlier one's).
    answers: dict[str, list[Answer]] = field(default_factory=dict)
    formula_cells: int = 0
    not_computed: list[str] = field(default_factory=list)
    calls: collections.Counter[str] = field(default_factory=collections.Counter)
    seconds: float = 0.0
    #: Of :attr:`seconds`, the time spent in xlbridge's functions.
    function_seconds: float = 0.0
    #: "xlbridge" when computed directly, "formulas" by the general engine.
    engine: str = "xlbridge"
    #: The values the cells stored before, by sheet, row and column (when computed directly; None when not read):
    #: what is unchanged need not be written again.
    stored: dict[str, Rows] | None = None
    #: The cell of each formula (its array's top left), by sheet: it must hold a value, even a blank one.
    anchors: dict[str, set[tuple[int, int]]] = field(default_factory=dict)
    #: The arguments of each function's first call, as it was handed them (when computed directly).
    arguments: dict[str, list[Argument]] = field(default_factory=dict)
    #: The values by cell of each sheet asked for, with how many of its answers they were worked out from (see
    #: :meth:`cells`).
    by_cell: dict[str, tuple[int, dict[tuple[int, int], object]]] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    def cells(self, sheet: str) -> dict[tuple[int, int], object]:
        """The values computed for the sheet's cells, by 1-based (row, column), from the answers (worked out when
        first asked, and again once more answers have come: the import writes its cells from the answers and asks
        only for a chart's sheet)."""
        answers = self.answers.get(sheet, [])
        count, found = self.by_cell.get(sheet, (-1, {}))
        if count != len(answers):
            found = {}
            for answer in answers:
                r1, c1, r2, c2 = answer.area
                positions = itertools.product(range(r1, r2 + 1), range(c1, c2 + 1))  # row by row
                found.update(zip(positions, itertools.chain.from_iterable(answer.rows), strict=True))
            self.by_cell[sheet] = (len(answers), found)
        return found

    @property
    def values(self) -> dict[str, dict[tuple[int, int], object]]:
        """The computed values by sheet and 1-based (row, column) (see :meth:`cells`)."""
        return {sheet: self.cells(sheet) for sheet in self.answers}

    def changes(self) -> dict[str, dict[tuple[int, int], object]]:
        """The computed values that differ from what the cells stored (all of them when nothing stored is known):
        a spilled blank where nothing was stored is unchanged, a formula's own cell without a value never is."""
        if self.stored is None:
            return self.values
        return {sheet: {where: value for where, _, value in self.unlike_stored(sheet)} for sheet in self.answers}

    def unlike_stored(self, sheet: str) -> Iterator[tuple[tuple[int, int], object, object]]:
        """Each cell of the sheet whose computed value is not the value of the same kind that it stored
        (:attr:`stored`), a blank where it stored nothing being what it stored but in a formula's own cell: its
        1-based (row, column), what it stored (None: nothing) and its computed value; each cell once (a later
        answer's over an earlier one's). Compared a row of an answer at a time: most rows are as they were."""
        stored = (self.stored or {}).get(sheet, {})
        anchors = self.anchors.get(sheet, set())
        anchor_rows = {row for row, _ in anchors}
        for row, first_col, values in self._rows(sheet):
            kept = stored.get(row, {})
            columns = range(first_col, first_col + len(values))
            before = list(map(kept.get, columns, itertools.repeat("")))  # nothing stored: a blank
            if before == values and list(map(type, before)) == list(map(type, values)) and row not in anchor_rows:
                continue
            for col, was, value in zip(columns, before, values, strict=True):
                where = (row, col)
                if type(was) is not type(value) or was != value or (where in anchors and col not in kept):
                    yield where, kept.get(col), value

    def _rows(self, sheet: str) -> Iterator[tuple[int, int, list[object]]]:
        """The computed values of the sheet's cells, a row of an answer at a time (its row, first column and
        values); each cell on its own, as :meth:`cells` has it, where two answers overlap."""
        answers = self.answers.get(sheet, [])
        if _apart([answer.area for answer in answers]):
            for answer in answers:
                for offset, values in enumerate(answer.rows):
                    yield answer.area[0] + offset, answer.area[1], values
        else:
            for (row, col), value in self.cells(sheet).items():
                yield row, col, [value]


def _apart(areas: list[tuple[int, int, int, int]]) -> bool:
    """Whether no two of the areas share a cell."""
    ordered = sorted(areas)
    for at, area in enumerate(ordered):
        for other in ordered[at + 1 :]:
            if other[0] > area[2]:  # it and every area after it start below this one
                break
            if overlaps(area, other):
                return False
    return True


def overlaps(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    """Whether two areas (first row, first column, last row, last column) share a cell."""
    return not (a[2] < b[0] or b[2] < a[0] or a[3] < b[1] or b[3] < a[1])
