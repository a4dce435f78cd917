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
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from ... import __version__
from ...engine.errors import OutputIsInputError, StaleWorkbookError, WorkbookError
from ...excel import FUNCTIONS, spellings
from ...excel.cells import ERROR_VALUES
from ..outputs import check_open, check_output, target_of
from .blocks import blocks_of, check_blocks, named_blocks
from .charts import refresh_charts
from .computed import Answer, Computed
from .docprops import computed_by, with_computed_by, written_as_is
from .evaluate import evaluate
from .patching import mark_values_current, patch_sheet, write_package
from .xlsx import ExcelErrorValue, Package, column_letters, compute_again, open_package, read_values, split_ref

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


def compute(package: Package) -> Computed:
    """Evaluate every formula of the workbook at ``package.path``."""
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
    mode. Never writes over anything else, unless ``replace`` (an existing ``destination``, or a workbook that an
    office program has open)."""
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
        check_output(destination, writes=f"{kind} ({suffix})", suffixes=(suffix,), inputs=[source], replace=replace)
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
    """A value as a message shows it: a number to 15 significant digits (two that differ never look alike)."""
    if value in (None, ""):
        return "blank"
    if isinstance(value, ExcelErrorValue):
        return value.code
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
        return str(int(value))
    return repr(value) if isinstance(value, str) else f"{value:.15g}" if isinstance(value, float) else str(value)


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
