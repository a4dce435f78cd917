"""Computing a workbook whose formulas are all xlbridge's own, directly, without a general formula engine.

xlbridge's templates compute every figure with xlbridge functions of ranges, defined names and constants
(``=SESSIONRESULTS(Results!$A$2:$H$301,Names!$A$2:$E$41,Method,Movement,PerBoard)``) and show some of them again by
reference (``=Title``). :func:`evaluate` reads such a workbook's formulas, works out the order they depend on each
other, and calls the worksheet functions (:mod:`xlbridge.excel`) with the cells as Excel would hand them over: the
same functions, so the same answers, in a small fraction of the time the ``formulas`` engine needs. A workbook
with any other formula (one the user wrote, a native function) is not evaluated here: :func:`evaluate` says so by
returning None, and :mod:`xlbridge.files.workbook.calc` uses the general engine. Standard library only.
"""

from __future__ import annotations

import re
import time
from collections.abc import Collection, Iterator
from dataclasses import dataclass, field
from typing import Any

from ...excel import FUNCTIONS, spellings
from .computed import Answer, Argument, Computed, Rows, by_row, overlaps, stored_answer
from .xlsx import Package, cell_argument, defined_names, read_formula_cells, read_values, split_ref

__all__ = ["Argument", "Formula", "evaluate", "evaluate_cells", "read_formulas"]


@dataclass(frozen=True)
class Formula:
    """A formula cell: its sheet, the cells it fills (its array range, or itself), and its text."""

    sheet: str
    area: tuple[int, int, int, int]  # first row, first column, last row, last column (1-based)
    text: str


def read_formulas(package: Package) -> list[Formula]:
    """Every formula of the workbook, with the range each fills; a shared formula is given once per cell. Each
    sheet is parsed once per package, for its formulas and its values (:func:`~.xlsx.read_values`)."""
    return [f for sheet in package.sheets for f in _formulas(package, sheet)]


def _formulas(package: Package, sheet: str) -> list[Formula]:
    """The formulas of one sheet (a shared formula's text is not read: only Excel expands it)."""
    return [Formula(sheet, area, "\0shared" if kind == "shared" else text)
            for area, kind, text in read_formula_cells(package, sheet)]  # fmt: skip


# --- the formulas xlbridge writes: calls of its functions on references, names and constants ---------------------

_TOKEN = re.compile(
    r"""\s*(?:
      (?P<string>"(?:[^"]|"")*")
    | (?P<call>[A-Za-z_][A-Za-z0-9_.]*)\(
    | (?P<ref>(?:(?:'(?:[^']|'')+'|[A-Za-z_][A-Za-z0-9_.]*)!)?
               \$?[A-Z]{1,3}\$?\d+(?::\$?[A-Z]{1,3}\$?\d+)?)(?![A-Za-z0-9_(!])
    | (?P<error>\#(?:REF!|NULL!|DIV/0!|VALUE!|NAME\?|NUM!|N/A)
               (?:\$?[A-Z]{1,3}\$?\d+(?::\$?[A-Z]{1,3}\$?\d+)?)?)(?![A-Za-z0-9_(!])
    | (?P<number>\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)
    | (?P<name>[A-Za-z_][A-Za-z0-9_.]*)
    | (?P<punct>[(),])
    )""",
    re.VERBOSE,
)


class _NotOursError(Exception):
    """A formula outside what :func:`evaluate` computes."""


Node = tuple[str, Any]


def _tokens(text: str) -> Iterator[tuple[str, str]]:
    position = 0
    text = text.strip()
    while position < len(text):
        match = _TOKEN.match(text, position)
        if match is None or match.end() == position:
            raise _NotOursError(text)
        kind = match.lastgroup
        assert kind is not None
        yield kind, match[kind]
        position = match.end()


def _parse(text: str, functions: dict[str, str]) -> Node:
    """A formula as a tree of calls, references, names and constants (only those)."""
    tokens = list(_tokens(text.removeprefix("=")))
    node, end = _expression(tokens, 0, functions)
    if end != len(tokens):
        raise _NotOursError(text)
    return node


def _expression(tokens: list[tuple[str, str]], at: int, functions: dict[str, str]) -> tuple[Node, int]:
    if at >= len(tokens):
        raise _NotOursError("unexpected end")
    kind, text = tokens[at]
    if kind == "call":
        name = functions.get(text.upper())
        if name is None:
            raise _NotOursError(text)
        args: list[Node] = []
        at += 1
        while True:
            if at < len(tokens) and tokens[at] == ("punct", ")"):
                return ("call", (name, args)), at + 1
            if at < len(tokens) and tokens[at] == ("punct", ","):  # an omitted argument
                args.append(("omitted", None))
                at += 1
                continue
            arg, at = _expression(tokens, at, functions)
            args.append(arg)
            if at < len(tokens) and tokens[at] == ("punct", ","):
                at += 1
                if at < len(tokens) and tokens[at] == ("punct", ")"):
                    args.append(("omitted", None))
            elif not (at < len(tokens) and tokens[at] == ("punct", ")")):
                raise _NotOursError("an argument list")
    if kind == "string":
        return ("value", text[1:-1].replace('""', '"')), at + 1
    if kind == "number":
        return ("value", float(text)), at + 1
    if kind == "name" and text.upper() in ("TRUE", "FALSE"):
        return ("value", text.upper() == "TRUE"), at + 1
    if kind == "error":  # a reference whose cells are gone (=#REF!A1: its sheet deleted), or an error typed
        code = _ERROR.search(text)
        assert code is not None  # the token starts with one
        return ("value", code[1]), at + 1
    if kind in ("ref", "name"):
        return (kind, text), at + 1
    raise _NotOursError(text)


#: An Excel error, where a reference or a defined name's range has one: at its start (``#REF!$A$2:$E$721``, its
#: sheet deleted) or after its sheet (``Movement!#REF!``, its cells deleted).
_ERROR = re.compile(r"(?:^|!)(#(?:REF!|NULL!|DIV/0!|VALUE!|NAME\?|NUM!|N/A))")


def _gone(node: Node, book: _Book) -> str | None:
    """The error a defined name stands for when the range it named is gone (its sheet or cells deleted: Excel and
    LibreOffice write the name's range as ``#REF!``), as a function is handed it; None for any other node."""
    kind, value = node
    error = _ERROR.search(book.names.get(value.upper(), "")) if kind == "name" else None
    return error[1] if error else None


#: A row that stores nothing.
_NO_CELLS: dict[int, object] = {}


@dataclass
class _Book:
    """What the evaluation reads: stored values, defined names, and the answers computed so far."""

    sheets: Collection[str]
    names: dict[str, str]  # defined name (upper case) -> Sheet!$A$1[:$B$2]
    stored: dict[str, Rows]
    answers: dict[str, list[Answer]]

    #: Ranges already handed over, as handed (a session's results block goes to several functions); a range is
    #: forgotten when a formula fills any of its cells.
    handed: dict[tuple[str, tuple[int, int, int, int]], list[list[Any]]] = field(default_factory=dict)

    def cells(self, sheet: str, area: tuple[int, int, int, int]) -> list[list[Any]]:
        """A range's cells as xlwings hands them to a function: numbers as floats, blanks None, errors as text
        (each call gets rows of its own, as from xlwings)."""
        grid = self.handed.get((sheet, area))
        if grid is None:
            r1, c1, r2, c2 = area
            stored, columns = self.stored.get(sheet, {}), range(c1, c2 + 1)
            grid = [list(map(cell_argument, map(stored.get(row, _NO_CELLS).get, columns)))
                    for row in range(r1, r2 + 1)]  # a row's cells looked up in its own, by column  # fmt: skip
            for answer in self.answers.get(sheet, ()):  # what formulas filled, over what the cells stored
                if overlaps(answer.area, area):
                    _overlay(grid, area, answer)
            self.handed[(sheet, area)] = grid
        return [row[:] for row in grid]

    def fill(self, sheet: str, answer: Answer) -> None:
        """Keep a formula's answer, and forget the ranges handed over that its cells overlap."""
        self.answers.setdefault(sheet, []).append(answer)
        for key in [key for key in self.handed if key[0] == sheet and overlaps(key[1], answer.area)]:
            del self.handed[key]


def _overlay(grid: list[list[Any]], area: tuple[int, int, int, int], answer: Answer) -> None:
    """Put the answer's cells that are in ``area`` into its ``grid``, as they are handed over."""
    r1, c1, r2, c2 = area
    a1, b1, a2, b2 = answer.area
    left, right = max(c1, b1), min(c2, b2)
    for row in range(max(r1, a1), min(r2, a2) + 1):
        values = answer.rows[row - a1][left - b1 : right - b1 + 1]
        grid[row - r1][left - c1 : right - c1 + 1] = map(cell_argument, values)


def _where(text: str, sheet: str, book: _Book) -> tuple[str, tuple[int, int, int, int]]:
    """The sheet and area a reference or a defined name points to."""
    if "!" not in text:
        target = book.names.get(text.upper())
        if target is None:
            if re.fullmatch(r"\$?[A-Z]{1,3}\$?\d+(:\$?[A-Z]{1,3}\$?\d+)?", text):
                return sheet, split_ref(text)
            raise _NotOursError(f"name {text}")
        text = target
    where, _, ref = text.rpartition("!")
    name = where[1:-1].replace("''", "'") if where.startswith("'") else where
    if name not in book.sheets:
        raise _NotOursError(f"sheet {name}")
    return name, split_ref(ref)


def _depends_on(node: Node, sheet: str, book: _Book) -> list[tuple[str, tuple[int, int, int, int]]]:
    kind, value = node
    if kind == "call":
        return [area for arg in value[1] for area in _depends_on(arg, sheet, book)]
    if kind in ("ref", "name") and _gone(node, book) is None:
        return [_where(value, sheet, book)]
    return []


def _run(node: Node, sheet: str, book: _Book, computed: Computed) -> Any:
    kind, value = node
    if kind == "value":
        return value
    if kind == "omitted":
        return None
    if kind in ("ref", "name"):
        gone = _gone(node, book)
        if gone is not None:
            return gone
        where, area = _where(value, sheet, book)
        return book.cells(where, area)
    name, args = value
    values = [_run(arg, sheet, book, computed) for arg in args]
    if name not in computed.arguments:
        computed.arguments[name] = [
            Argument(handed, *(_where(arg[1], sheet, book) if arg[0] in ("ref", "name") and _gone(arg, book) is None
                               else (None, None)))
            for arg, handed in zip(args, values, strict=True)
        ]  # fmt: skip
    function = FUNCTIONS[name]  # its module loaded on its first call: not the function's own time
    started = time.perf_counter()
    result = function(*values)
    computed.function_seconds += time.perf_counter() - started
    computed.calls[name] += 1
    return result


def evaluate(package: Package, partial: bool = False) -> Computed | None:
    """Compute every formula of the workbook, if every one is xlbridge's kind; else None (nothing computed). With
    ``partial``, compute xlbridge's formulas whatever the others are (see :func:`evaluate_cells`)."""
    started = time.perf_counter()
    formulas = read_formulas(package)
    values = {sheet: by_row(read_values(package, sheet, computed=False)) for sheet in package.sheets}
    computed = evaluate_cells(list(package.sheets), formulas, values, defined_names(package), partial)
    if computed is not None:
        computed.seconds = time.perf_counter() - started
    return computed


def evaluate_cells(
    sheets: Collection[str],
    formulas: list[Formula],
    values: dict[str, Rows],
    names: dict[str, str],
    partial: bool = False,
) -> Computed | None:
    """Compute ``formulas`` over the cells ``values`` holds (by sheet, then 1-based row, then column), with the
    workbook's defined ``names`` (upper case, to ``Sheet!$A$1:$B$2``), if every formula is xlbridge's kind; else
    None. What :func:`evaluate` does once it has read a file, and what a template computed as it is written does
    with the cells it holds.

    With ``partial``, every formula of xlbridge's kind is computed and the others are left as they are: their
    cells hold what they stored, and an xlbridge formula that reads them is handed that (as Excel last computed
    it: a volatile =TODAY() as it was then), as are formulas of xlbridge's kind that depend on each other in a
    circle. What is computed is then exactly what xlbridge's own functions give (the staleness check)."""
    started = time.perf_counter()
    functions = spellings()
    computed = Computed()
    book = _Book(sheets, names, values, computed.answers)
    parsed: list[tuple[Formula, Node]] = []
    needs: dict[int, list[tuple[str, tuple[int, int, int, int]]]] = {}
    for formula in formulas:
        try:
            node = _parse(formula.text, functions)
            needs[id(formula)] = _depends_on(node, formula.sheet, book)
        except _NotOursError:
            if not partial:
                return None
            continue
        parsed.append((formula, node))
    pending = parsed
    while pending:
        ready = [
            (f, node)
            for f, node in pending
            if not any(
                other.sheet == where and overlaps(other.area, area) and other is not f
                for where, area in needs[id(f)]
                for other, _ in pending
            )
        ]
        if not ready:
            if partial:
                break  # left as they are
            return None  # formulas that depend on each other in a circle: the general engine says what it makes of it
        for f, node in ready:
            _fill(f, _run(node, f.sheet, book, computed), book, computed)
        pending = [item for item in pending if all(item[0] is not f for f, _ in ready)]
    computed.stored = values
    for formula in formulas:
        computed.anchors.setdefault(formula.sheet, set()).add(formula.area[:2])
    computed.seconds = time.perf_counter() - started
    return computed


def _fill(formula: Formula, result: Any, book: _Book, computed: Computed) -> None:
    """Keep a function's answer as the cells its formula fills hold it (:func:`~.computed.stored_answer`)."""
    computed.formula_cells += 1
    book.fill(formula.sheet, stored_answer(formula.area, result))
