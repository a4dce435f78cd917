"""The xlbridge worksheet functions, declared to xlwings.

One module serves every route:

- classic xlwings on Windows (``UDF Modules: xlbridge.udfs``, then *Import Functions*): ``=BRIDGESCORE(...)``;
- xlwings Lite (Excel on Windows, Mac and the web): ``=BRIDGE.BRIDGESCORE(...)``, the namespace set below;
- anywhere else the decorators pass the functions through unchanged, so they are plain Python functions that
  :mod:`xlbridge.files.workbook.calc` registers in the ``formulas`` engine.

Every argument takes a cell or a range (``ndim=2``: always a list of rows) with Excel errors passed in as text
(``err_to_str``), so that a ``#N/A`` upstream comes out as ``#N/A`` rather than as a blank. The functions, their
arguments and help texts are declared once, in the catalogue of :mod:`xlbridge.excel.functions`; this module
declares each by its name (below, one line a function) as a Python function with that name, signature and
docstring, decorated as xlwings expects, which is all xlwings inspects (``inspect.signature``, ``__name__``,
``__doc__``, the decorators' ``__xlfunc__``).
The one script, ``REENTER_FORMULAS``, is written out below: it is no worksheet function.

Three names cannot be VBA functions, so classic Excel gets aliases (the catalogue's ``classic`` spelling):
``VP20`` and ``VP30`` are cell addresses (column VP), and ``Imp`` is a VBA operator (a VBA function of that name
would stop the whole imported module from compiling). Classic Excel types ``VP_20``, ``VP_30`` and ``IMP_``; on
the classic route ``IMP`` is not declared.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Annotated, Any, Literal

from xlwings import arg, func, script

from . import PROJECT_URL
from .excel.functions import CATALOGUE, Argument, Function
from .excel.relink import relinked_cells

__xlwings_func_namespace__ = "BRIDGE"

#: A cell value, or a list of rows of them, as xlwings hands them over.
Cells = Any
#: What every function returns: a list of rows, which Excel 365 spills.
Grid = list[list[Any]]

CATEGORY = "Bridge"
#: True under classic xlwings (Windows, pywin32), where the VBA wrappers are generated from this module.
CLASSIC_XLWINGS = getattr(func, "__module__", "") == "xlwings.udfs"

RANGE = {"ndim": 2, "err_to_str": True}
#: The reference page of the worksheet functions, on the project's site.
FUNCTIONS_PAGE = f"{PROJECT_URL}/blob/main/docs/functions.md"


def help_url(function: Function) -> str:
    """Where a function's help is, which xlwings Lite links to from Excel (``help_url``): its row of the reference
    page of worksheet functions (``docs/functions.md``, each row anchored by the function's name)."""
    return f"{FUNCTIONS_PAGE}#{function.name.lower()}"


def _annotation(argument: Argument) -> Any:
    """What xlwings reads an argument as: a cell or range; in xlwings Lite, an argument that names one of a
    registry's choices is a ``Literal`` of their names, with what each means as its tooltip, which xlwings makes an
    Office.js custom enum (Excel offers the names as the argument is typed). Classic xlwings would take a
    ``Literal`` for a converter, and fail."""
    if not argument.choices or CLASSIC_XLWINGS:
        return Cells
    names = tuple(name for name, _ in argument.choices)
    return Annotated[Literal[names], {"tooltips": dict(argument.choices)}]


def _declared(function: Function, name: str, summary: str) -> Callable[..., Grid]:
    """The worksheet function ``name`` of a catalogue entry, as xlwings takes it: a function of that name and
    docstring whose signature is the entry's arguments (optional ones default to None), each argument a range
    with its help (in xlwings Lite a choice one of its names: :func:`_annotation`); with its help page, and, where
    the entry says so, its answers cached (``cache=True``: xlwings Lite 0.37 keeps them; classic xlwings and
    earlier Lite ignore the word)."""
    signature = inspect.Signature(
        [
            inspect.Parameter(argument.name, inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=_annotation(argument),
                              default=None if argument.optional else inspect.Parameter.empty)
            for argument in function.arguments
        ],
        return_annotation=Grid,
    )  # fmt: skip
    run = function.run

    def udf(*cells: Cells, **named: Cells) -> Grid:
        bound = signature.bind(*cells, **named)
        bound.apply_defaults()
        return run(*bound.args)

    udf.__name__ = udf.__qualname__ = name
    udf.__doc__ = summary
    udf.__signature__ = signature  # type: ignore[attr-defined]
    # What xlwings reads the arguments' types from (typing.get_type_hints), as the signature says them.
    udf.__annotations__ = {p.name: p.annotation for p in signature.parameters.values()} | {"return": Grid}
    declared: Callable[..., Grid] = udf
    for argument in reversed(function.arguments):
        declared = arg(argument.name, doc=argument.help, **RANGE)(declared)
    return func(category=CATEGORY, help_url=help_url(function), cache=function.cache)(declared)


#: Each name a worksheet function is declared under, with its catalogue entry and what the function wizard says.
_BY_NAME = {spelling: (function, summary) for function in CATALOGUE
            for spelling, summary in function.spellings().items()}  # fmt: skip


def _function(name: str) -> Callable[..., Grid]:
    """The worksheet function declared under ``name`` (a name Excel shows, or classic Excel's spelling of one)."""
    function, summary = _BY_NAME[name]
    return _declared(function, name, summary)


# Every worksheet function, by the name Excel shows (classic Excel types IMP_, VP_20 and VP_30: see above).
BRIDGESCORE = _function("BRIDGESCORE")
BRIDGECHECK = _function("BRIDGECHECK")
BOARDVUL = _function("BOARDVUL")
BOARDDEALER = _function("BOARDDEALER")
if not CLASSIC_XLWINGS:  # VBA reserves Imp: see the module docstring
    IMP = _function("IMP")
IMP_ = _function("IMP_")
VP20 = _function("VP20")
VP_20 = _function("VP_20")
VP30 = _function("VP30")
VP_30 = _function("VP_30")
MATCHPOINTS = _function("MATCHPOINTS")
CROSSIMP = _function("CROSSIMP")
DATUM = _function("DATUM")
BUTLER = _function("BUTLER")
BAM = _function("BAM")
RUBBERTOTAL = _function("RUBBERTOTAL")
RUBBERSHEET = _function("RUBBERSHEET")
CHICAGOTOTAL = _function("CHICAGOTOTAL")
CHICAGOSHEET = _function("CHICAGOSHEET")
CHICAGOWHEEL = _function("CHICAGOWHEEL")
SESSIONINFO = _function("SESSIONINFO")
SESSIONRESULTS = _function("SESSIONRESULTS")
PAIRTOTALS = _function("PAIRTOTALS")
RANKING = _function("RANKING")
STRATRANKING = _function("STRATRANKING")
TRAVELLERS = _function("TRAVELLERS")
BOARDRESULTS = _function("BOARDRESULTS")
TABLESCORE = _function("TABLESCORE")
MATCHBOARDS = _function("MATCHBOARDS")
MATCHSUMMARY = _function("MATCHSUMMARY")
TEAMNAME = _function("TEAMNAME")
EVENTMATCHES = _function("EVENTMATCHES")
STANDINGS = _function("STANDINGS")
TEAMSINFO = _function("TEAMSINFO")
SCORECARD = _function("SCORECARD")
MASTERPOINTS = _function("MASTERPOINTS")
HANDTRICKS = _function("HANDTRICKS")
PARSCORE = _function("PARSCORE")
PARDIFF = _function("PARDIFF")

#: The worksheet functions this module declares, by the names Excel shows (on the classic route, not Imp).
FUNCTION_NAMES = [name for name, (function, _) in _BY_NAME.items()
                  if not (CLASSIC_XLWINGS and function.vba_reserved and name == function.name)]  # fmt: skip


if not CLASSIC_XLWINGS:  # xlwings Lite runs scripts from its task pane; classic Excel has no use for this one

    @script
    async def REENTER_FORMULAS(book: Any) -> None:
        """Enter every xlbridge formula of the workbook again, for cells that still show #NAME? after xlwings Lite has loaded. Unprotect each sheet first (Review > Unprotect Sheet: the templates have no password) and protect it again afterwards."""  # noqa: E501
        for sheet in book.sheets:
            used = sheet.used_range
            formulas = await used.get_formula()
            grid = formulas if isinstance(formulas, list) else [[formulas]]
            grid = [row if isinstance(row, list) else [row] for row in grid]
            for row, col, formula in relinked_cells(grid, used.row, used.column):
                sheet.range((row, col)).formula = formula


#: The xlwings Lite scripts this module declares (none on the classic route).
SCRIPT_NAMES = [] if CLASSIC_XLWINGS else ["REENTER_FORMULAS"]

__all__ = ["FUNCTION_NAMES", "SCRIPT_NAMES", *FUNCTION_NAMES, *SCRIPT_NAMES]  # pyright: ignore[reportUnsupportedDunderAll]
