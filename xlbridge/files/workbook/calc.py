"""Computing a workbook without Excel: directly when its formulas are xlbridge's own (:mod:`.evaluate`), otherwise
with the ``formulas`` engine and the xlbridge functions registered in it.

:func:`compute` evaluates every formula of a workbook with the engine; :func:`calc_workbook` computes it the
fastest way that can and writes the computed values into a copy
of the user's own file (see :mod:`xlbridge.files.workbook.xlsx`), so styles, validation, charts, print settings, defined
names and VBA stay exactly as they were. xlbridge's own workbooks need no extra; a workbook with formulas of its
user's needs the ``formulas`` extra (the general engine, with numpy and scipy).
"""

from __future__ import annotations

import collections
import dataclasses
import logging
import os
import re
import time
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import Any

from ... import __version__
from ...engine.errors import OutputIsInputError, StaleWorkbookError, WorkbookError
from ...engine.values import show
from ...excel import FUNCTIONS, spellings
from ...excel.cells import ERROR_VALUES
from ..locking import rewriting
from ..outputs import check_open, check_output, target_of
from .blocks import blocks_of, check_blocks, named_blocks
from .charts import refresh_charts
from .computed import Answer, Computed
from .docprops import computed_by, with_computed_by, written_as_is
from .evaluate import Formula, evaluate, read_formulas
from .patching import mark_values_current, patch_sheet, write_package
from .xlsx import (
    ENGINE_CELLS,
    MAIN_NS,
    SHEET_COLUMNS,
    SHEET_ROWS,
    ExcelErrorValue,
    Package,
    area_cells,
    column_letters,
    column_number,
    compute_again,
    defined_names,
    open_package,
    range_text,
    read_values,
    split_ref,
)
from .xmlsafe import parse_xml

__all__ = [
    "CALLS",
    "SECONDS",
    "Computed",
    "calc_workbook",
    "check_current",
    "compute",
    "register_functions",
    "workbook_suffix",
    "write_values",
]

#: How many times each xlbridge function was called by the engine, and the seconds spent in it, cell conversions
#: included (both reset by :func:`compute`).
CALLS: collections.Counter[str] = collections.Counter()
SECONDS: collections.defaultdict[str, float] = collections.defaultdict(float)


def _engine(package: Package | None = None) -> Any:
    """The ``formulas`` engine (the formulas extra: without it the command line says what to install, and why:
    the formulas of ``package``)."""
    try:
        import formulas
    except ModuleNotFoundError as error:
        if package is not None:
            error.add_note(f"{package.path}: has formulas that are not xlbridge's own; computing them")
        raise
    return formulas


def _to_cells(value: Any) -> Any:
    """An engine argument (a 2-D numpy array, a scalar, the engine's empty and error tokens) as plain cell values."""
    import numpy as np
    import schedula

    def cell(item: Any) -> Any:
        if item is schedula.EMPTY:
            return None
        if isinstance(item, np.generic):
            return item.item()
        if type(item).__name__ == "XlError":
            return str(item)
        return item

    if isinstance(value, np.ndarray):
        grid = value if value.ndim == 2 else value.reshape(1, -1)
        return [[cell(item) for item in row] for row in grid.tolist()]
    return cell(value)


def _adapter(name: str, function: Callable[..., list[list[Any]]]) -> Callable[..., Any]:
    import numpy as np
    from formulas.tokens.operand import Error

    def call(*args: Any) -> Any:
        started = time.perf_counter()
        CALLS[name] += 1
        result = function(*(_to_cells(arg) for arg in args))
        out = np.empty((len(result), len(result[0])), dtype=object)
        for r, row in enumerate(result):
            for c, item in enumerate(row):
                out[r, c] = Error.errors[item] if isinstance(item, str) and item in Error.errors else item
        SECONDS[name] += time.perf_counter() - started
        return out

    call.__name__ = name
    return call


_registered = False


def register_functions() -> None:
    """Register every worksheet function in the engine under each name a workbook may use (once per process)."""
    global _registered
    if _registered:
        return
    formulas = _engine()
    from formulas.functions import wrap_func

    table = formulas.get_functions()
    wrapped = {name: wrap_func(_adapter(name, function)) for name, function in FUNCTIONS.items()}
    for spelling, name in spellings().items():
        table[spelling] = wrapped[name]
    _registered = True


_OUTPUT = re.compile(r"^'\[(?P<book>[^\]]*)\](?P<sheet>(?:[^']|'')*)'!(?P<ref>[A-Z0-9:$]+)$")


def _plain(value: Any) -> object:
    import numpy as np
    import schedula

    if value is schedula.EMPTY:
        return ""
    if isinstance(value, np.generic):
        value = value.item()
    if type(value).__name__ == "XlError":
        return ExcelErrorValue(str(value))
    if isinstance(value, str) and value in ERROR_VALUES:
        return ExcelErrorValue(value)  # classic-style error text from a function stays an error in the file
    return value


@contextmanager
def _quiet() -> Iterator[None]:
    """The engine logs a traceback for every formula it cannot evaluate; those become #VALUE!/#NAME? cells."""
    loggers = [logging.getLogger(name) for name in ("schedula", "formulas")]
    levels = [logger.level for logger in loggers]
    progress = os.environ.get("TQDM_DISABLE")
    os.environ["TQDM_DISABLE"] = "1"  # the engine's progress bars
    for logger in loggers:
        logger.setLevel(logging.CRITICAL)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            yield
    finally:
        for logger, level in zip(loggers, levels, strict=True):
            logger.setLevel(level)
        if progress is None:
            os.environ.pop("TQDM_DISABLE", None)
        else:
            os.environ["TQDM_DISABLE"] = progress


def _check_engine_bounds(package: Package) -> None:
    """Refuse a workbook the engine would misread, or take all the memory to compute, before it is loaded. It
    reads a range ending on a sheet's last row or column (``I2:R1048576``, as selecting to the end writes it) as its
    first row or cell alone, another answer than Excel's; and it makes a cell, some 650 bytes, of every place from
    A1 to each sheet's last cell (empty or not: a whole sheet is 17 billion), of each merged range, of each range a
    formula reads (whole columns all their rows) and of each range a formula fills: at most :data:`ENGINE_CELLS` in
    all. The refusal names the largest of them."""
    names = defined_names(package)
    made: list[tuple[int, str, str]] = []  # cells, what makes them, what to do
    read: dict[tuple[str, tuple[int, int, int, int]], str] = {}  # each range read once: what reads it
    for formula in read_formulas(package):
        where = f"sheet {formula.sheet}, cell {column_letters(formula.area[1])}{formula.area[0]}"
        made.append((area_cells(formula.area), f"{where}: its formula fills {range_text(formula.area)}",
                     "make it fill only the cells its answer needs"))  # fmt: skip
        for said, sheet, area, whole in _ranges_read(formula, names):
            if not whole and (area[2] == SHEET_ROWS or area[3] == SHEET_COLUMNS):
                raise WorkbookError(f"{package.path}: {where}: its formula reads {said}, to the sheet's last "
                                    f"{'row' if area[2] == SHEET_ROWS else 'column'}, which the formula engine "
                                    "that computes the workbook's own formulas misreads as its first "
                                    f"{'row' if area[2] == SHEET_ROWS else 'column'} alone: give it only the "
                                    "cells in use")  # fmt: skip
            read.setdefault((sheet, area), f"{where}: its formula reads {said}")
    made += [(area_cells(area), said, "give it only the cells in use") for (_, area), said in read.items()]
    for sheet, part in package.sheets.items():
        read_values(package, sheet, computed=False)
        last_row, last_col = package.extents[sheet]
        made.append((last_row * last_col, f"sheet {sheet}: its last cell is {column_letters(last_col)}{last_row}",
                     "delete the rows and columns past the cells in use"))  # fmt: skip
        for merged in parse_xml(package.parts[part]).iter(_MERGED):
            try:
                area = split_ref(merged.get("ref", ""))
            except ValueError:
                continue  # the engine's own concern
            made.append((area_cells(area), f"sheet {sheet}: it merges {range_text(area)}", "unmerge it"))
    total = sum(cells for cells, _, _ in made)
    if total > ENGINE_CELLS:
        cells, said, fix = max(made)
        raise WorkbookError(f"{package.path}: {said} ({cells:,} cells): the formula engine that computes the "
                            f"workbook's own formulas would make {total:,} cells in all, and it may make at most "
                            f"{ENGINE_CELLS:,}: {fix}")  # fmt: skip


_MERGED = f"{{{MAIN_NS}}}mergeCell"

#: A formula's strings; a range it names (its sheet, if named, then cells ``$A$1:B2``, whole columns ``A:C`` or
#: whole rows ``2:5``), not part of a name nor a function's name (``LOG10(``); and a name, which may be defined.
_STRING = re.compile(r'"(?:[^"]|"")*"')
_REFERENCE = re.compile(r"(?<![\w.$])(?:(?:'((?:[^']|'')+)'|([A-Za-z_][\w.]*))!)?"
                        r"(\$?[A-Z]{1,3}\$?[0-9]{1,7}(?::\$?[A-Z]{1,3}\$?[0-9]{1,7})?"
                        r"|\$?([A-Z]{1,3}):\$?([A-Z]{1,3})|\$?([0-9]{1,7}):\$?([0-9]{1,7}))(?![\w.(!])")  # fmt: skip
_NAME = re.compile(r"(?<![\w.$!])[A-Za-z_\\][\w.]*(?![\w.(!])")


def _ranges_read(formula: Formula, names: dict[str, str]) -> list[tuple[str, str, tuple[int, int, int, int], bool]]:
    """The ranges a formula reads, as its text names them (a defined name with its range), each with its sheet,
    area, and whether it is written as whole columns or rows (which reach the sheet's last row or column)."""
    bare = _STRING.sub('""', formula.text)
    named = [(found[0], found[0]) for found in _REFERENCE.finditer(bare)]
    named += [(f"{name}, which is {names[name.upper()]}", names[name.upper()]) for name in _NAME.findall(bare)
              if name.upper() in names]  # fmt: skip
    ranges = []
    for said, text in named:
        for found in _REFERENCE.finditer(text):
            sheet = found[1].replace("''", "'") if found[1] else found[2] or formula.sheet
            if found[4]:  # whole columns
                area = (1, column_number(found[4]), SHEET_ROWS, column_number(found[5]))
            elif found[6]:  # whole rows
                area = (int(found[6]), 1, int(found[7]), SHEET_COLUMNS)
            else:
                area = split_ref(found[3])
            ranges.append((said, sheet, area, bool(found[4] or found[6])))
    return ranges


def compute(package: Package) -> Computed:
    """Evaluate every formula of the workbook at ``package.path`` (refused first when the engine would take all the
    memory to read it: :func:`_check_engine_bounds`)."""
    _check_engine_bounds(package)
    formulas = _engine(package)
    register_functions()
    CALLS.clear()
    SECONDS.clear()
    started = time.perf_counter()
    names = {name.upper(): name for name in package.sheets}
    with _quiet():
        try:
            model = formulas.ExcelModel().loads(str(package.path)).finish()
            solution = model.calculate()
        except Exception as error:  # the engine's own failure on a file it cannot load
            raise WorkbookError(f"{package.path}: the formula engine could not read it ({error})") from None
    computed = Computed(engine="formulas")
    for cell in model.cells.values():
        if getattr(cell, "func", None) is None:
            continue
        match = _OUTPUT.match(str(cell.output))
        if match is None or match["sheet"].replace("''", "'") not in names:
            continue
        sheet = names[match["sheet"].replace("''", "'")]
        result = solution.get(cell.output)
        if result is None:
            continue
        grid = getattr(result, "value", result)
        r1, c1, r2, c2 = split_ref(match["ref"])
        computed.formula_cells += 1
        rows = [[_engine_value(grid, r - r1, c - c1) for c in range(c1, c2 + 1)] for r in range(r1, r2 + 1)]
        cells = [((r, c), value) for r, row in zip(range(r1, r2 + 1), rows, strict=True)
                 for c, value in zip(range(c1, c2 + 1), row, strict=True)]  # fmt: skip
        answers = computed.answers.setdefault(sheet, [])
        if not any(_unknown(value) for _, value in cells):
            answers.append(Answer((r1, c1, r2, c2), rows))
            continue
        for (r, c), value in cells:  # a cell the engine could not compute is left as it is: the others, one by one
            if _unknown(value):
                computed.not_computed.append(f"{sheet}!{r},{c}")
            else:
                answers.append(Answer((r, c, r, c), [[value]]))
    computed.calls = collections.Counter(CALLS)
    computed.function_seconds = sum(SECONDS.values())
    computed.seconds = time.perf_counter() - started
    return computed


def _engine_value(grid: Any, row: int, col: int) -> object:
    """The engine's value of a cell of a formula's range (0-based in it), as a cell stores it: #N/A past its
    answer."""
    try:
        return _plain(grid[row][col])
    except (IndexError, TypeError):
        return ExcelErrorValue("#N/A")


def _unknown(value: object) -> bool:
    """Whether the engine gave #NAME?: a function it does not know (the cell is not computed)."""
    return isinstance(value, ExcelErrorValue) and value.code == "#NAME?"


def write_values(
    package: Package,
    values: dict[str, dict[tuple[int, int], object]],
    destination: Path,
    replace: bool,
    computed: Computed | None = None,
) -> None:
    """Write ``values`` (by sheet, then 1-based row and column) into a copy of the package at ``destination``, and
    its charts' caches from every value ``computed`` (by default ``values``) and the cells typed, saying that this
    xlbridge computed them (see :mod:`.docprops`)."""
    replaced = {}
    for sheet, cells in values.items():
        part = package.sheets[sheet]
        try:
            replaced[part] = patch_sheet(package.parts[part], cells)
        except WorkbookError as error:
            raise WorkbookError(f"{package.path}: part {part}: {error.message}") from None

    def sheet_values(sheet: str) -> dict[tuple[int, int], object] | None:
        if sheet not in package.sheets:
            return None
        cells = values.get(sheet, {}) if computed is None else computed.cells(sheet)
        return {**read_values(package, sheet, computed=False), **cells}

    replaced.update(refresh_charts(package, sheet_values))
    replaced[package.workbook_part] = mark_values_current(package.parts[package.workbook_part])
    merged = dataclasses.replace(package, parts={**package.parts, **replaced})
    stamped = with_computed_by(merged)  # last: it says what the parts are
    replaced.update({name: data for name, data in stamped.parts.items() if merged.parts.get(name) != data})
    write_package(stamped, replaced, destination, replace=replace)


#: A workbook's kind, by its main part's content type, and the name ending Excel expects for it.
WORKBOOK_SUFFIXES = {
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml": ".xlsx",
    "application/vnd.ms-excel.sheet.macroEnabled.main+xml": ".xlsm",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.template.main+xml": ".xltx",
    "application/vnd.ms-excel.template.macroEnabled.main+xml": ".xltm",
}


def workbook_suffix(package: Package) -> str:
    """The name ending of the workbook's kind (.xlsx, or .xlsm for one with macros): a copy under another ending
    is one Excel refuses to open."""
    types = package.parts.get("[Content_Types].xml", b"").decode("utf-8", "replace")
    for content_type, suffix in WORKBOOK_SUFFIXES.items():
        if content_type in types:
            return suffix
    return package.path.suffix.lower() if package.path.suffix.lower() in WORKBOOK_SUFFIXES.values() else ".xlsx"


def calc_workbook(
    source: Path, destination: Path | None = None, in_place: bool = False, replace: bool = False
) -> tuple[Path, Computed]:
    """Compute ``source`` and write the values into a copy at ``destination`` (default ``NAME-computed.xlsx``
    beside it); with ``in_place``, replace ``source`` itself (the file a link points at), atomically, keeping its
    mode, holding it from before it is read until it is replaced (another xlbridge command's write of it waits),
    and only while it is still the file read (:func:`~xlbridge.files.locking.rewriting`). Never writes over
    anything else, unless ``replace`` (an existing ``destination``, or a workbook that an office program has
    open)."""
    with rewriting(source, "xlbridge calc --in-place") if in_place else nullcontext():
        package = open_package(source)
        suffix = workbook_suffix(package)
        if in_place:
            check_open(source, replace)
            destination = source
        else:
            if destination is None:
                destination = source.with_name(f"{source.stem}-computed{suffix}")
            if target_of(destination) == target_of(source):
                raise OutputIsInputError(f"{destination}: is the input; use --in-place to replace it")
            kind = "a workbook with macros" if suffix == ".xlsm" else "an Excel workbook"
            check_output(destination, writes=f"{kind} ({suffix})", suffixes=(suffix,), inputs=[source],
                         replace=replace)  # fmt: skip
        computed = evaluate(package) or compute(package)
        check_blocks(package, [*blocks_of(computed.arguments), *named_blocks(package)])  # nothing typed outside them
        write_values(package, computed.changes(), destination, replace=in_place or replace, computed=computed)
    return destination, computed


#: How closely a stored number must equal the computed one: Excel stores binary doubles to 17 significant digits,
#: XlsxWriter to 16, and no program that saves a workbook keeps fewer than 15, whose rounding is some 5e-15 of the
#: number; a figure that differs in its 12th digit (1e-11 of it) is a different figure.
_RELATIVE = 1e-13


def _same(stored: object, computed: object) -> bool:
    """A stored value and a computed one are the same value: numbers within rounding, text as text, an error as its
    code (classic xlwings hands an error back as its text), a blank as empty text."""
    if stored in (None, "") or computed in (None, ""):
        return stored in (None, "") and computed in (None, "")
    if isinstance(stored, ExcelErrorValue) or isinstance(computed, ExcelErrorValue):
        codes = [value.code if isinstance(value, ExcelErrorValue) else value for value in (stored, computed)]
        return codes[0] == codes[1]
    if isinstance(stored, bool) or isinstance(computed, bool):
        return stored is computed
    if isinstance(stored, (int, float)) and isinstance(computed, (int, float)):
        return abs(stored - computed) <= _RELATIVE * max(1.0, abs(stored), abs(computed))
    return stored == computed


def _shown(value: object) -> str:
    """A value as a message shows it: a number to 15 significant digits (two that differ never look alike), a long
    text cut short (:func:`~xlbridge.engine.values.show`)."""
    if value in (None, ""):
        return "blank"
    if isinstance(value, ExcelErrorValue):
        return value.code
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
        return str(int(value))
    return show(value) if isinstance(value, str) else f"{value:.15g}" if isinstance(value, float) else str(value)


def check_current(package: Package) -> Computed | None:
    """The one staleness check of every command that reads a computed workbook. A workbook whose parts are still
    those this xlbridge wrote with its values (:func:`~.docprops.written_as_is`) is current: None. Otherwise
    xlbridge's own formulas are computed again in memory (directly, :func:`~.evaluate.evaluate`), and every cell
    they fill must hold what they give. The cells of any other formula are not compared: they are handed to
    xlbridge's as stored, as Excel last computed them (a volatile =NOW() as it was then). A workbook changed and not
    computed again (in Excel without the add-in, or edited by a program that keeps the old values) is refused,
    naming the first cell that differs, or, when another xlbridge computed it (see :mod:`.docprops`), saying so; so
    is one never computed. Each sheet is read once (the package keeps what it read). Returns what was computed
    (the same values as stored)."""
    if written_as_is(package):
        return None
    for sheet in package.sheets:  # never computed (as a whole, or a formula without a value): said as such
        read_values(package, sheet)
    computed = evaluate(package, partial=True)
    assert computed is not None  # partial: whatever the other formulas are
    for sheet in package.sheets:
        differ = {where: (stored, value) for where, stored, value in computed.unlike_stored(sheet)
                  if not _same(stored, value)}  # fmt: skip
        if differ:
            where = min(differ)
            raise _stale(package, f"{sheet}!{column_letters(where[1])}{where[0]}", *differ[where])
    return computed


def _stale(package: Package, cell: str, shown: object, value: object) -> StaleWorkbookError:
    """The refusal of a workbook whose ``cell`` shows what xlbridge's formulas do not give: computed by another
    xlbridge (whose rules may differ: the entries are not to blame), or changed and not computed since."""
    again = compute_again(package.path)
    made_by = computed_by(package)
    if made_by is not None and made_by != __version__:
        return StaleWorkbookError(
            f"{package.path}: computed by xlbridge {made_by}; this is xlbridge {__version__}, whose figures differ "
            f"({cell} shows {_shown(shown)}, xlbridge {__version__} gives {_shown(value)}): {again}"
        )
    unknown = "" if made_by is not None else " (or computed by another xlbridge)"
    return StaleWorkbookError(
        f"{package.path}: its figures are not those of its entries ({cell} shows {_shown(shown)}, its entries give "
        f"{_shown(value)}): it was changed and not computed since{unknown}; {again}"
    )
