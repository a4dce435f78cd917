"""The worksheet functions, free of any spreadsheet program: 2-D grids of cell values in, 2-D grids out.

This is the layer between Excel and the scoring engine. It only converts cells to Python values, calls the engine,
and turns errors into Excel error values:

- every argument may be a single value or a range (a list of rows); ranges broadcast like Excel's own functions
  (a single cell, row or column stretches; a position outside a smaller range is ``#N/A``) and the answer has the
  broadcast shape, as a list of rows that Excel 365 spills;
- a line whose inputs are all empty gives an empty text (unused template rows stay blank); a cell that already holds
  an error passes it on;
- nothing raises: a bad element becomes ``#VALUE!`` (malformed), ``#NUM!`` (out of range) or ``#N/A`` (not in its
  field) and the other elements still compute; :func:`bridgecheck` and the message of
  :class:`~xlbridge.errors.BridgeInputError` tell why.

:mod:`xlbridge.udfs` declares these to xlwings; :mod:`xlbridge.calc` registers them in the ``formulas`` engine.
"""

from __future__ import annotations

import contextlib
import functools
import gc
import operator
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from fractions import Fraction
from itertools import repeat
from typing import Any, TypeVar, cast

from ..engine.boards import board_dealer, board_vulnerability
from ..engine.errors import EXCEL_ERRORS, BridgeInputError
from ..engine.field import Field, group_fields
from ..engine.field import bam as board_a_match
from ..engine.model import Contract
from ..engine.parse import normalise_text, parse_field_entry, parse_result, parse_seat, split_contract
from ..engine.rubber import ChicagoRow, Deal, RubberRow, chicago, parse_rubber_deal, rubber
from ..rules import DATUM_METHODS, MATCHPOINT_SCALES, DatumMethod, DealRules, MatchpointScale
from ..rules.comparisons import EUROPEAN, TRIMMED
from ..engine.scales import imp_scale as resolve_imp_scale
from ..engine.scales import imps, vp20, vp30, wbf_vp
from ..engine.scoring import declarer_vulnerable, resolve_rules, score_column, score_line, score_parts
from ..engine.values import NUMBER, cell_error, is_blank, is_blank_text

__all__ = [
    "FUNCTIONS",
    "Grid",
    "bam",
    "boarddealer",
    "boardvul",
    "bridgecheck",
    "bridgescore",
    "butler",
    "chicagosheet",
    "chicagototal",
    "crossimp",
    "datum",
    "imp",
    "matchpoints",
    "rubbersheet",
    "rubbertotal",
    "vp20_cells",
    "vp30_cells",
]

Grid = list[list[Any]]
T = TypeVar("T")

#: The value at a position outside a smaller range, as Excel broadcasts.
OUTSIDE = "#N/A"

#: When True, an unexpected exception escapes instead of becoming #VALUE! (the tests set it, to see bugs).
STRICT = False


def as_grid(value: object) -> Grid:
    """A value as xlwings hands it over (a scalar, or a list of rows) as a list of rows.

    A list of equally long lists, which is what xlwings passes, is used as it is (never changed): a 200,000-row
    column is not copied.
    """
    if isinstance(value, (list, tuple)):
        if not value:
            return [[None]]
        kinds = set(map(type, value))
        if kinds == {list} and len(set(map(len, value))) == 1 and value[0]:
            return value  # type: ignore[return-value]
        if kinds <= {list, tuple}:
            rows = [list(row) for row in value]
            width = max(len(row) for row in rows) or 1
            return [row + [None] * (width - len(row)) for row in rows]
        return [[item] for item in value]  # a plain list from Python: one column
    return [[value]]


def _broadcast_shape(grids: Sequence[Grid]) -> tuple[int, int]:
    return max(len(grid) for grid in grids), max(len(grid[0]) for grid in grids)


def _flatten(grid: Grid, rows: int, cols: int) -> list[Any]:
    """The grid stretched to rows x cols, row by row (Excel's broadcasting)."""
    height, width = len(grid), len(grid[0])
    if (height, width) == (rows, cols):
        return [value for row in grid for value in row]
    if (height, width) == (1, 1):
        return list(repeat(grid[0][0], rows * cols))
    out: list[Any] = []
    for r in range(rows):
        source = grid[0] if height == 1 else grid[r] if r < height else None
        for c in range(cols):
            if source is None:
                out.append(OUTSIDE)
            else:
                out.append(source[0] if width == 1 else source[c] if c < width else OUTSIDE)
    return out


def _shape_back(values: list[Any], rows: int, cols: int) -> Grid:
    if cols == 1:
        return [[value] for value in values]
    return [values[r * cols : (r + 1) * cols] for r in range(rows)]


def excel_value(value: object) -> object:
    """A Python answer as a cell shows it: numbers, text, "" for nothing, the error code for an error."""
    if value is None:
        return ""
    if isinstance(value, BridgeInputError):
        return value.excel_error
    if isinstance(value, Fraction):
        return int(value) if value.denominator == 1 else float(value)
    return value


def _safe(shape_of: Callable[..., tuple[int, int]]) -> Callable[[Callable[..., Grid]], Callable[..., Grid]]:
    """Never let an exception out of a worksheet function: a bug becomes #VALUE! over the answer's shape."""

    def decorate(function: Callable[..., Grid]) -> Callable[..., Grid]:
        @functools.wraps(function)
        def wrapper(*args: Any) -> Grid:
            try:
                return function(*args)
            except Exception:
                if STRICT:
                    raise
                try:
                    rows, cols = shape_of(*args)
                except Exception:
                    rows, cols = 1, 1
                return [["#VALUE!"] * cols for _ in range(rows)]

        return wrapper

    return decorate


def _shape_of_all(*args: Any) -> tuple[int, int]:
    return _broadcast_shape([as_grid(arg) for arg in args])


def _shape_of_first(first: Any, *_: Any) -> tuple[int, int]:
    grid = as_grid(first)
    return len(grid), len(grid[0])


def _cell_errors(values: Iterable[object], names: Sequence[str]) -> BridgeInputError | None:
    """The error to pass on from the first cell that holds one (or NaN), else None."""
    for name, value in zip(names, values, strict=False):
        error = cell_error(name, value)
        if error is not None:
            return error
    return None


def _elementwise(function: Callable[..., object], names: Sequence[str], *args: object) -> Grid:
    grids = [as_grid(arg) for arg in args]
    rows, cols = _broadcast_shape(grids)
    out: list[object] = []
    for values in zip(*(_flatten(grid, rows, cols) for grid in grids), strict=True):
        passed = _cell_errors(values, names)
        if passed is not None:
            out.append(passed.excel_error)
            continue
        try:
            out.append(excel_value(function(*values)))
        except BridgeInputError as error:
            out.append(error.excel_error)
    return _shape_back(out, rows, cols)


# --- deals and boards ----------------------------------------------------------------------------------------------


def _deal_columns(*args: object) -> tuple[list[list[Any]], int, int]:
    grids = [as_grid(arg) for arg in args]
    rows, cols = _broadcast_shape(grids)
    return [_flatten(grid, rows, cols) for grid in grids], rows, cols


_Play = tuple[Contract, int]  # a contract and the tricks its declarer took
_Side = tuple[int, bool]  # declarer's side's sign (+1 North-South) and whether it is vulnerable


class _Scored(dict[tuple[object, object, object, object], list[object]]):
    """One era's traveller lines already scored: (contract, declarer, result, vulnerability) -> the answer's cell.

    A line not seen before is scored on lookup (``__missing__``), so a whole column is one pass of dictionary
    lookups in C. A new line is mostly made of known parts: the score of a played contract is the declarer's
    side's sign times the score of (contract, tricks, declarer vulnerable), so the (contract, result) and
    (declarer, vulnerability) pairs are read once each and the engine runs once per distinct score. Anything
    else (blanks, passed-out boards, errors, results written in the contract) goes to :func:`score_line`.
    """

    __slots__ = ("era", "plays", "rules", "scores", "seats")

    def __init__(self, rules: object) -> None:
        super().__init__()
        self.rules = rules
        try:
            self.era: DealRules | None = resolve_rules(rules)
        except BridgeInputError:
            self.era = None  # every line shows the era's error: score_line says it
        self.plays: dict[tuple[object, object], _Play | None] = {}
        self.seats: dict[tuple[object, object], _Side | None] = {}
        #: (contract, result, declarer vulnerable) as typed -> declarer's score (plain values hash fastest).
        self.scores: dict[tuple[object, object, bool], int] = {}

    def __missing__(self, key: tuple[object, object, object, object]) -> list[object]:
        contract, declarer, result, vulnerability = key
        play = self.plays.get((contract, result), _UNSEEN)
        if play is _UNSEEN:
            play = self.plays[contract, result] = _played(contract, result)
        seat = self.seats.get((declarer, vulnerability), _UNSEEN)
        if seat is _UNSEEN:
            seat = self.seats[declarer, vulnerability] = _declaring_side(declarer, vulnerability)
        if play is None or seat is None or self.era is None:
            return self._score_alone(key)
        sign, vulnerable = cast(_Side, seat)
        score = self.scores.get((contract, result, vulnerable))
        if score is None:
            played, tricks = cast(_Play, play)
            score = self.scores[contract, result, vulnerable] = score_parts(played, tricks, vulnerable, self.era).total
        if len(self) >= _SCORED_LIMIT:
            self.clear()
        cell = self[key] = [sign * score]
        return cell

    def _score_alone(self, key: tuple[object, object, object, object]) -> list[object]:
        """A line that is not a plain played contract: the whole line through :func:`score_line`."""
        contract, declarer, result, vulnerability = key
        cell = [excel_value(score_line(contract, declarer, result, vulnerability, self.rules))]
        if (contract.__class__ is not str and contract == 0) or (declarer.__class__ is not str and declarer == 0):
            return cell  # a blank from xlwings Lite (0) and FALSE are one key to a dictionary but not one line
        if len(self) >= _SCORED_LIMIT:
            self.clear()
        self[key] = cell
        return cell


_UNSEEN = object()


def _played(contract: object, result: object) -> _Play | None:
    """A contract typed alone and the tricks its result means; None for anything else (blank, passed out, the
    result written inside the contract, an error): :func:`score_line` then reads the whole line."""
    if contract.__class__ is not str or is_blank(result):
        return None
    try:
        played, embedded = split_contract(contract)
        if embedded is not None or played.passed_out:
            return None
        return played, parse_result(result, played)
    except BridgeInputError:
        return None


def _declaring_side(declarer: object, vulnerability: object) -> _Side | None:
    """The sign of declarer's side (+1 North-South) and whether it is vulnerable; None unless both cells are
    plain (a seat, and a board number, a vulnerability or TRUE/FALSE as text)."""
    if declarer.__class__ is not str or vulnerability.__class__ is bool:
        return None
    try:
        seat = parse_seat(declarer)
        return None if seat is None else (seat.side.sign, declarer_vulnerable(vulnerability, seat))
    except BridgeInputError:
        return None


#: Lines already scored, per era (the era's cell value as typed).
_SCORED: dict[object, _Scored] = {}
_SCORED_LIMIT = 200_000


def _column_cells(value: object) -> list[Any] | None:
    """The cells of a one-column range (a list of one-value rows, as xlwings passes it) as a flat list; None for
    any other shape."""
    if not isinstance(value, list) or len(value) < 2:
        return None
    try:
        return [cell for (cell,) in value]
    except (TypeError, ValueError):  # a row that is not a one-value list
        return None


def _score_columns_fast(columns: list[list[Any]], rules: object) -> Grid | None:
    """A whole column at the cost of a dictionary lookup a line; None when the general path must do it.

    The answer is a list of the remembered cells (the same one-value list may stand in several rows: nobody
    changes them). TRUE and FALSE share a key with 1 and 0 in a dictionary (True == 1 in Python): a result or
    vulnerability column holding either takes the general path, as does an era that is not a single plain value.
    (In the contract and declarer columns they are errors either way, but for FALSE against a Lite blank, 0,
    which ``_Scored`` never keeps.)
    """
    if len(set(map(len, columns))) != 1 or rules.__class__ not in (str, float, int, type(None)):
        return None
    if bool in set(map(type, columns[2])) or bool in set(map(type, columns[3])):
        return None
    scored = _SCORED.get(rules)
    if scored is None:
        scored = _SCORED[rules] = _Scored(rules)
    with _collection_deferred():
        return list(map(scored.__getitem__, zip(*columns, strict=True)))


@contextlib.contextmanager
def _collection_deferred() -> Iterator[None]:
    """Python's cycle collector paused: a column's work makes thousands of small objects but no cycles, and each
    collection would walk every cell of the ranges Excel passed (800,000 lists for four 200,000-row columns)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


@_safe(_shape_of_all)
def bridgescore(
    contract: object, declarer: object, result: object, vulnerability: object, rules: object = None
) -> Grid:
    """North-South scores (declarer's side's when declarer is blank), line by line."""
    era = as_grid(rules)
    cells = [_column_cells(value) for value in (contract, declarer, result, vulnerability)]
    if len(era) == 1 and len(era[0]) == 1:
        ready = [column for column in cells if column is not None]
        fast = _score_columns_fast(ready, era[0][0]) if len(ready) == 4 else None
        if fast is not None:
            return fast
    columns, rows, cols = _deal_columns(contract, declarer, result, vulnerability, rules)
    contracts, declarers, results, vulnerabilities, eras = columns
    scores = score_column(contracts, declarers, results, vulnerabilities, rules=eras)
    return _shape_back([excel_value(score) for score in scores], rows, cols)


@_safe(_shape_of_all)
def bridgecheck(
    contract: object, declarer: object, result: object, vulnerability: object, rules: object = None
) -> Grid:
    """Empty text for a valid (or unused) line, otherwise the reason it cannot be scored."""
    columns, rows, cols = _deal_columns(contract, declarer, result, vulnerability, rules)
    contracts, declarers, results, vulnerabilities, eras = columns
    scores = score_column(contracts, declarers, results, vulnerabilities, rules=eras)
    return _shape_back([score.message if isinstance(score, BridgeInputError) else "" for score in scores], rows, cols)


def _blank_or(function: Callable[..., T]) -> Callable[..., T | None]:
    """Blank when the first argument is blank, else ``function``."""

    def inner(first: object, *rest: object) -> T | None:
        return None if is_blank(first) else function(first, *rest)

    return inner


@_safe(_shape_of_all)
def boardvul(board: object) -> Grid:
    """None, NS, EW or Both for each board number."""
    return _elementwise(_blank_or(lambda b: board_vulnerability(b).value), ["board"], board)


@_safe(_shape_of_all)
def boarddealer(board: object) -> Grid:
    """N, E, S or W for each board number."""
    return _elementwise(_blank_or(lambda b: board_dealer(b).value), ["board"], board)


# --- IMPs and VPs --------------------------------------------------------------------------------------------------


def _text_option(value: object) -> object:
    return None if is_blank_text(value) else value


@_safe(_shape_of_all)
def imp(points: object, imp_scale: object = None) -> Grid:
    """Signed IMPs for each point difference."""
    return _elementwise(_blank_or(lambda p, s: imps(p, _text_option(s))), ["points", "scale"], points, imp_scale)


def _vp20(margin: object, boards: object) -> object:
    return vp20(margin) if is_blank_text(boards) else wbf_vp(margin, boards)


@_safe(_shape_of_all)
def vp20_cells(margin: object, boards: object = None) -> Grid:
    """The discrete 20-VP scale, or with ``boards`` the WBF continuous scale."""
    return _elementwise(_blank_or(_vp20), ["imps", "boards"], margin, boards)


@_safe(_shape_of_all)
def vp30_cells(margin: object) -> Grid:
    """The discrete 30-VP scale."""
    return _elementwise(_blank_or(vp30), ["imps"], margin)


@_safe(_shape_of_all)
def bam(score: object, other: object) -> Grid:
    """Board-a-match points: 1, 1/2 or 0."""

    def one(mine: object, theirs: object) -> object:
        if is_blank(mine) and is_blank(theirs):
            return None
        return board_a_match(mine, theirs)

    return _elementwise(one, ["score", "other"], score, other)


# --- comparisons across a field ------------------------------------------------------------------------------------

_SPLIT = re.compile(r"[\s,;/]+")


@functools.lru_cache(maxsize=512)
def _tokens(method: object) -> tuple[str, ...]:
    if is_blank_text(method):
        return ()
    if not isinstance(method, str):
        raise BridgeInputError(f"method {method!r}: expected text such as MP, ACBL, %, EW")
    text = method.upper().replace("%", " % ")
    return tuple(token for token in _SPLIT.split(text) if token)


def _side(tokens: Sequence[str]) -> tuple[str, list[str]]:
    """The side asked for, and the other words (CHECK, which asks for reasons, is handled by the caller)."""
    rest = [token for token in tokens if token not in ("NS", "N-S", "EW", "E-W", "CHECK")]
    side = "EW" if any(token in ("EW", "E-W") for token in tokens) else "NS"
    return side, rest


@functools.lru_cache(maxsize=512)
def _matchpoint_options(method: object) -> tuple[MatchpointScale, bool, str]:
    side, rest = _side(_tokens(method))
    percent = False
    scale = EUROPEAN
    for token in rest:
        if token in ("%", "PERCENT", "PCT"):
            percent = True
        elif token in MATCHPOINT_SCALES:
            scale = MATCHPOINT_SCALES[token]
        else:
            raise BridgeInputError(
                f"method {method!r}: use MP (European) or ACBL, % for percentages, EW for East-West's side"
            )
    return scale, percent, side


@functools.lru_cache(maxsize=512)
def _cross_imp_options(method: object) -> tuple[bool, str]:
    side, rest = _side(_tokens(method))
    total = False
    for token in rest:
        if token in ("TOTAL", "ACBL"):
            total = True
        elif token not in ("AVERAGE", "AVG"):
            raise BridgeInputError(
                f"method {method!r}: use AVERAGE (IMPs over the comparisons) or TOTAL (ACBL), EW for East-West"
            )
    return total, side


@functools.lru_cache(maxsize=512)
def _datum_options(method: object) -> tuple[DatumMethod, str]:
    side, rest = _side(_tokens(method))
    chosen = TRIMMED
    for token in rest:
        if token in DATUM_METHODS:
            chosen = DATUM_METHODS[token]
        else:
            names = ", ".join(sorted(DATUM_METHODS))
            raise BridgeInputError(f"method {method!r}: use one of {names}, and EW for East-West's side")
    return chosen, side


def _group_key(value: object) -> object:
    """A board number (or other group label) as a dictionary key: 5, 5.0 and "5" are the same board. TRUE/FALSE
    are not board numbers (but would be 1 and 0 to a dictionary): they come back as the error to show."""
    if is_blank(value):
        return None
    if isinstance(value, bool):
        return BridgeInputError(f"board {str(value).upper()}: expected a board number")
    if isinstance(value, str):
        text = value.strip()
        if NUMBER.fullmatch(text):
            value = float(text)
        else:
            return normalise_text(text)
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


Answer = Callable[[Field, object, object], object]


def _compare(answer: Answer, score: object, field: object, options: Sequence[object], groups: object) -> Grid:
    """Score each ``score`` against its field (or its group's field) with ``answer(field, entry, method)``.

    ``options`` are the per-element arguments broadcast with ``score``: the method, and for matchpoints the
    expected count (which decides the :class:`Field` built). With ``CHECK`` among the method's words the answer is
    the reason each element cannot be scored ("" when it can), so that the cause of an error can be read.
    """
    score_grid, field_grid = as_grid(score), as_grid(field)
    option_grids = [as_grid(option) for option in options]
    field_values = [value for row in field_grid for value in row]
    grouped = not _is_omitted(groups)
    shape_error = None
    keys: list[object] = []
    if grouped:
        group_grid = as_grid(groups)
        rows, cols = len(score_grid), len(score_grid[0])
        sizes = {(rows, cols), (len(field_grid), len(field_grid[0])), (len(group_grid), len(group_grid[0]))}
        if len(sizes) > 1:
            shape_error = BridgeInputError("groups: score, field and groups must be ranges of the same size")
        keys = [_group_key(value) for row in group_grid for value in row]
    else:
        rows, cols = _broadcast_shape([score_grid, *option_grids])
    scores = _flatten(score_grid, rows, cols)
    methods, *rest = [_flatten(grid, rows, cols) for grid in option_grids]
    expecteds = rest[0] if rest else list(repeat(None, rows * cols))
    boards: dict[object, Any] = {}

    def board_for(expected: object, key: object) -> Field:
        if shape_error is not None:
            raise shape_error
        if expected not in boards:
            try:
                if grouped:
                    usable = [None if _is_bad_group(key) else key for key in keys]
                    boards[expected] = group_fields(usable, field_values, expected)
                else:
                    boards[expected] = Field(field_values, expected)
            except BridgeInputError as error:
                boards[expected] = error
        found = boards[expected]
        if grouped and not isinstance(found, BridgeInputError):
            if key is None:
                raise BridgeInputError("board missing: this result has no group (board number)")
            if isinstance(key, BridgeInputError):
                raise key
            if isinstance(key, str) and key in EXCEL_ERRORS:
                raise BridgeInputError(f"board: the cell holds the error {key}", excel_error=key)
            found = found[key]
        if isinstance(found, BridgeInputError):
            raise found
        return found  # type: ignore[no-any-return]

    def cell(value: object, method: object, expected: object, key: object) -> object:
        check = "CHECK" in _words(method)
        if is_blank(value):
            return ""
        try:
            passed = _cell_errors([value, method, expected], ["score", "method", "expected"])
            if passed is not None:
                raise passed
            result = answer(board_for(expected, key), parse_field_entry(value), method)
            return "" if check else excel_value(result)
        except BridgeInputError as error:
            return error.message if check else error.excel_error

    # A field has few distinct scores: each distinct (score, method, expected, board) is answered once. The types
    # are part of the key, as TRUE == 1 to a dictionary.
    uniform = cols == 1 and shape_error is None and _all_same(methods) and _all_same(expecteds)
    if uniform and bool not in set(map(type, scores)):
        # The usual case, one method for the whole column: a dictionary lookup a row, in C.
        method, expected = methods[0], expecteds[0]
        if grouped:
            answers = _Remembered(lambda pair: [cell(pair[0], method, expected, pair[1])])
            lookups: Iterable[object] = zip(scores, keys, strict=True)
        else:
            answers = _Remembered(lambda value: [cell(value, method, expected, None)])
            lookups = scores
        try:
            with _collection_deferred():
                return list(map(answers.__getitem__, lookups))
        except TypeError:  # an unhashable value, only possible from Python: the loop below
            pass
    out: list[object] = []
    answered: dict[tuple[object, ...], object] = {}
    for index, value in enumerate(scores):
        method, expected = methods[index], expecteds[index]
        key = keys[index] if index < len(keys) else None  # keys is empty unless grouped
        memo = (value.__class__, value, method.__class__, method, expected.__class__, expected, key.__class__, key)
        try:
            known = answered.get(memo, answered)
            if known is answered:
                known = answered[memo] = cell(value, method, expected, key)
        except TypeError:  # an unhashable value, only possible from Python
            known = cell(value, method, expected, key)
        out.append(known)
    return _shape_back(out, rows, cols)


class _Remembered(dict[Any, Any]):
    """A dictionary that works out an answer it does not have yet (``answer(key)``) and keeps it."""

    __slots__ = ("answer",)

    def __init__(self, answer: Callable[[Any], Any]) -> None:
        super().__init__()
        self.answer = answer

    def __missing__(self, key: Any) -> Any:
        value = self[key] = self.answer(key)
        return value


def _all_same(values: list[Any]) -> bool:
    """Every element is the very same object (a single cell broadcast over a column is)."""
    return not values or all(map(operator.is_, values, repeat(values[0])))


def _is_bad_group(key: object) -> bool:
    return isinstance(key, BridgeInputError) or (isinstance(key, str) and key in EXCEL_ERRORS)


def _words(method: object) -> tuple[str, ...]:
    try:
        return _tokens(method)
    except BridgeInputError:
        return ()


def _is_omitted(value: object) -> bool:
    grid = as_grid(value)
    return all(is_blank_text(cell) for row in grid for cell in row)


def _matchpoints_answer(board: Field, entry: object, method: object) -> object:
    scale, percent, side = _matchpoint_options(method)
    result = board.matchpoints(entry, scale)  # type: ignore[arg-type]
    if percent:
        return result.ns_percent if side == "NS" else result.ew_percent
    return result.ns if side == "NS" else result.ew


@_safe(_shape_of_first)
def matchpoints(
    score: object, field: object, method: object = None, expected: object = None, groups: object = None
) -> Grid:
    """Matchpoints (or percentages) of each score within its board's field."""
    return _compare(_matchpoints_answer, score, field, [method, expected], groups)


def _cross_imp_answer(board: Field, entry: object, method: object) -> object:
    total, side = _cross_imp_options(method)
    result = board.cross_imps(entry, resolve_imp_scale(), total)  # type: ignore[arg-type]
    return result.ns if side == "NS" else result.ew


@_safe(_shape_of_first)
def crossimp(score: object, field: object, method: object = None, groups: object = None) -> Grid:
    """Cross-IMPs of each score against the other results of its board."""
    return _compare(_cross_imp_answer, score, field, [method], groups)


def _butler_answer(board: Field, entry: object, method: object) -> object:
    chosen, side = _datum_options(method)
    result = board.butler(entry, resolve_imp_scale(), chosen)  # type: ignore[arg-type]
    return result.ns if side == "NS" else result.ew


@_safe(_shape_of_first)
def butler(score: object, field: object, method: object = None, groups: object = None) -> Grid:
    """Butler IMPs of each score against its board's datum."""
    return _compare(_butler_answer, score, field, [method], groups)


def _datum_answer(board: Field, entry: object, method: object) -> object:
    chosen, _ = _datum_options(method)
    return board.datum(chosen)


def _datum_shape(field: object, method: object = None, groups: object = None) -> tuple[int, int]:
    if _is_omitted(groups):
        return _shape_of_all(method)
    return _shape_of_first(groups)


@_safe(_datum_shape)
def datum(field: object, method: object = None, groups: object = None) -> Grid:
    """The Butler datum of the field, or with ``groups`` one datum per row (its board's)."""
    if _is_omitted(groups):
        board_grid = as_grid(method)
        rows, cols = len(board_grid), len(board_grid[0])
        out: list[object] = []
        for one_method in _flatten(board_grid, rows, cols):
            try:
                chosen, _ = _datum_options(one_method)
                out.append(Field(value for row in as_grid(field) for value in row).datum(chosen))
            except BridgeInputError as error:
                out.append(error.excel_error)
        return _shape_back(out, rows, cols)
    # One datum per row: each row's own field cell stands in for the score it is the datum of.
    return _compare(_datum_answer, field, field, [method], groups)


# --- rubber and Chicago --------------------------------------------------------------------------------------------


def _scoresheet_columns(*args: object) -> tuple[list[list[Any]], int]:
    """Columns of a scoresheet (one cell per deal), all as long as the first."""
    grids = [as_grid(arg) for arg in args]
    rows = len(grids[0]) * len(grids[0][0])
    columns = []
    for grid in grids:
        cells = [value for row in grid for value in row]
        if len(cells) == 1:
            cells = cells * rows  # one cell for every deal (a blank, or one value)
        elif len(cells) != rows:
            raise BridgeInputError("declarers, contracts, results (and honours) must be ranges of the same size")
        columns.append(cells)
    return columns, rows


def _parsed_deals(
    declarers: list[Any], contracts: list[Any], results: list[Any], honours: list[Any]
) -> tuple[list[Deal], BridgeInputError | None, int]:
    """The deals up to the first one that cannot be read, that error, and its index."""
    deals: list[Deal] = []
    for index, values in enumerate(zip(declarers, contracts, results, honours, strict=True)):
        try:
            passed = _cell_errors(values, ["declarer", "contract", "result", "honours"])
            if passed is not None:
                raise passed
            deals.append(parse_rubber_deal(*values))
        except BridgeInputError as error:
            return deals, BridgeInputError(f"deal {index + 1}: {error.message}", excel_error=error.excel_error), index
    return deals, None, len(deals)


def _sheet_after_error(rows: list[list[Any]], width: int, error: BridgeInputError, at: int, blank: list[bool]) -> Grid:
    """The error on its own row (codes, and the reason in the marker column); later deals cannot be scored."""
    rows.append([error.excel_error] * (width - 1) + [error.message])
    for index in range(at + 1, len(blank)):
        rows.append([""] * width if blank[index] else ["#N/A"] * (width - 1) + [f"not scored: see deal {at + 1}"])
    return rows


def _blank_lines(declarers: list[Any], contracts: list[Any], results: list[Any]) -> list[bool]:
    return [
        is_blank_text(d) and is_blank_text(c) and (is_blank(r) or r == 0)
        for d, c, r in zip(declarers, contracts, results, strict=True)
    ]


def _rubber_cells(row: RubberRow | None) -> list[Any]:
    if row is None:
        return [""] * 7
    games = f"{row.games[0]}-{row.games[1]}"
    return [row.ns_above, row.ns_below, row.ew_above, row.ew_below, games, row.vulnerability.value, row.marker]


def _rubber_run(
    declarers: object, contracts: object, results: object, honours: object, rules: object
) -> tuple[list[RubberRow | None], tuple[int, int], BridgeInputError | None, int, list[bool]]:
    (declared, contracted, resulted, held), _ = _scoresheet_columns(declarers, contracts, results, honours)
    deals, error, at = _parsed_deals(declared, contracted, resulted, held)
    era = None if is_blank_text(_first(rules)) else _first(rules)
    rows, totals = rubber(deals, era, settle=error is None)
    return rows, totals, error, at, _blank_lines(declared, contracted, resulted)


def _first(value: object) -> object:
    grid = as_grid(value)
    return grid[0][0]


def _scoresheet_shape(declarers: object, *_: object) -> tuple[int, int]:
    grid = as_grid(declarers)
    return len(grid) * len(grid[0]), 7


Run = tuple[Sequence[Any], tuple[int, int], BridgeInputError | None, int, list[bool]]


def _sheet(run: Callable[[], Run], cells: Callable[[Any], list[Any]], width: int, deals: int) -> Grid:
    """A scoresheet's rows; a bad deal shows its error and reason, and the deals after it are not scored."""
    try:
        rows, _, error, at, blank = run()
    except BridgeInputError as error:
        return [[error.excel_error] * (width - 1) + [error.message] for _ in range(deals)]
    out = [cells(row) for row in rows]
    return out if error is None else _sheet_after_error(out, width, error, at, blank)


def _total(run: Callable[[], Run]) -> Grid:
    """A scoresheet's {NS, EW} totals, or the error that stops them."""
    try:
        _, totals, error, _, _ = run()
    except BridgeInputError as error:
        return [[error.excel_error, error.excel_error]]
    if error is not None:
        return [[error.excel_error, error.excel_error]]
    return [list(totals)]


@_safe(_scoresheet_shape)
def rubbersheet(
    declarers: object, contracts: object, results: object, honours: object = None, rules: object = None
) -> Grid:
    """A rubber scoresheet, one row per deal: NS above, NS below, EW above, EW below, games, vulnerable, marker."""
    return _sheet(
        lambda: _rubber_run(declarers, contracts, results, honours, rules),
        _rubber_cells,
        7,
        _scoresheet_shape(declarers)[0],
    )


@_safe(lambda *args: (1, 2))
def rubbertotal(
    declarers: object, contracts: object, results: object, honours: object = None, rules: object = None
) -> Grid:
    """North-South's and East-West's totals over the rubbers (a rubber still going gets Law 80's bonuses)."""
    return _total(lambda: _rubber_run(declarers, contracts, results, honours, rules))


def _chicago_run(
    declarers: object, contracts: object, results: object, first_dealer: object
) -> tuple[list[ChicagoRow | None], tuple[int, int], BridgeInputError | None, int, list[bool]]:
    (declared, contracted, resulted), total = _scoresheet_columns(declarers, contracts, results)
    deals, error, at = _parsed_deals(declared, contracted, resulted, [None] * total)
    rows, totals = chicago(deals, _first(first_dealer))
    return rows, totals, error, at, _blank_lines(declared, contracted, resulted)


def _chicago_cells(row: ChicagoRow | None) -> list[Any]:
    if row is None:
        return [""] * 8
    return [
        row.deal,
        row.dealer.value,
        row.vulnerability.value,
        row.ns_points,
        row.ew_points,
        row.ns_partscore,
        row.ew_partscore,
        row.marker,
    ]


@_safe(lambda declarers, *args: (_scoresheet_shape(declarers)[0], 8))
def chicagosheet(declarers: object, contracts: object, results: object, first_dealer: object = None) -> Grid:
    """A Chicago scoresheet, one row per deal: deal 1-4, dealer, vulnerable, NS and EW points, partscores, marker."""
    return _sheet(
        lambda: _chicago_run(declarers, contracts, results, first_dealer),
        _chicago_cells,
        8,
        _scoresheet_shape(declarers)[0],
    )


@_safe(lambda *args: (1, 2))
def chicagototal(declarers: object, contracts: object, results: object, first_dealer: object = None) -> Grid:
    """North-South's and East-West's Chicago totals."""
    return _total(lambda: _chicago_run(declarers, contracts, results, first_dealer))


#: Every worksheet function by its Excel name, with the implementation behind it.
FUNCTIONS: dict[str, Callable[..., Grid]] = {
    "BRIDGESCORE": bridgescore,
    "BRIDGECHECK": bridgecheck,
    "BOARDVUL": boardvul,
    "BOARDDEALER": boarddealer,
    "IMP": imp,
    "VP20": vp20_cells,
    "VP30": vp30_cells,
    "MATCHPOINTS": matchpoints,
    "CROSSIMP": crossimp,
    "DATUM": datum,
    "BUTLER": butler,
    "BAM": bam,
    "RUBBERTOTAL": rubbertotal,
    "RUBBERSHEET": rubbersheet,
    "CHICAGOTOTAL": chicagototal,
    "CHICAGOSHEET": chicagosheet,
}
