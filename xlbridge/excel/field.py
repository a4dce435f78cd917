"""The worksheet functions that compare a result with its board's field: MATCHPOINTS, CROSSIMP, DATUM, BUTLER,
and BAM for two tables.

``field`` is a board's North-South scores; ``score`` one of its entries (like ``RANK.EQ``: a score that is not in
the field is ``#N/A``). With ``groups`` (usually the board column, the same size as the field) a whole session's
results list is scored at once, each result only within its own group.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from itertools import repeat
from typing import Any

from ..engine.errors import BridgeInputError
from ..engine.field import Field
from ..engine.field import bam as board_a_match
from ..engine.parse import FieldEntry, normalise_text, parse_field_entry
from ..engine.scales import imp_scale as choose_imp_scale
from ..engine.values import NUMBER
from ..rules import BandScale, Side
from .cache import Memo, cell_key
from .cells import (
    Grid,
    as_grid,
    broadcast,
    cell_error,
    error_value,
    flat,
    is_blank,
    is_blank_text,
    never_raises,
    shape_back,
    shape_of,
    text_cell,
    to_cell,
)
from .deals import elementwise
from .options import asks_for_reasons, cross_imp_options, datum_options, matchpoint_options

__all__ = ["bam", "butler", "crossimp", "datum", "matchpoints"]


def _entry(value: object, argument: str) -> FieldEntry | None:
    """A field's cell as its entry: the error it holds raised, a blank None."""
    in_cell = cell_error(argument, value)
    if in_cell is not None:
        raise in_cell
    return parse_field_entry(value, argument)


def _group_key(value: object) -> object:
    """A board number (or other group label) as a dictionary key: 5, 5.0 and "5" are the same board. TRUE/FALSE
    are not board numbers (but would be 1 and 0 to a dictionary): they come back as the error to show."""
    if is_blank(value):
        return None
    in_cell = cell_error("board", value)
    if in_cell is not None:
        return in_cell
    if isinstance(value, bool):
        return BridgeInputError(f"board {str(value).upper()}: expected a board number")
    if isinstance(value, str):
        text = value.strip()
        if not NUMBER.fullmatch(text):
            return normalise_text(text)
        value = float(text)
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def _fields(
    keys: Sequence[object], cells: Sequence[object], expected: object
) -> dict[object, Field | BridgeInputError]:
    """One :class:`Field` per group key; a group with an unreadable entry is that entry's error."""
    grouped: dict[object, list[object]] = {}
    for key, value in zip(keys, cells, strict=True):
        if key is not None and not isinstance(key, BridgeInputError):
            grouped.setdefault(key, []).append(value)
    return {key: _field(values, expected, f"board {key}") for key, values in grouped.items()}


def _field(cells: Sequence[object], expected: object, context: str | None = None) -> Field | BridgeInputError:
    try:
        return Field([_entry(value, "field entry") for value in cells], expected)
    except BridgeInputError as error:
        return error.within(context) if context else error


Answer = Callable[[Field, FieldEntry, object], object]


def _compare(answer: Answer, score: object, field: object, options: Sequence[object], groups: object) -> Grid:
    """Score each ``score`` against its field (or its group's field) with ``answer(field, entry, method)``.

    ``options`` are the per-element arguments broadcast with ``score``: the method, and for matchpoints the
    expected count (which decides the :class:`Field` built). With ``CHECK`` among the method's words the answer is
    the reason each element cannot be scored ("" when it can), so that the cause of an error can be read.
    """
    score_grid, field_grid = as_grid(score), as_grid(field)
    option_grids = [as_grid(option) for option in options]
    field_cells = flat(field_grid)
    grouped = not all(is_blank_text(value) for value in flat(as_grid(groups)))
    shape_error = None
    keys: list[object] = []
    if grouped:
        group_grid = as_grid(groups)
        rows, cols = len(score_grid), len(score_grid[0])
        sizes = {name: (len(grid), len(grid[0])) for name, grid in
                 (("score", score_grid), ("field", field_grid), ("groups", group_grid))}  # fmt: skip
        if len(set(sizes.values())) > 1:
            shape_error = BridgeInputError(
                "groups: score, field and groups must be ranges of the same size, not "
                + ", ".join(f"{name} {height}x{width}" for name, (height, width) in sizes.items())
            )
            keys = list(repeat(None, rows * cols))  # every score shows the error
        else:
            keys = [_group_key(value) for value in flat(group_grid)]
    else:
        rows, cols = shape_of(score_grid, *option_grids)
    scores = broadcast(score_grid, rows, cols)
    methods, *rest = [broadcast(grid, rows, cols) for grid in option_grids]
    expecteds = rest[0] if rest else list(repeat(None, rows * cols))
    boards: dict[object, Any] = {}

    def board_for(expected: object, key: object) -> Field:
        if shape_error is not None:
            raise shape_error
        if expected not in boards:
            boards[expected] = _fields(keys, field_cells, expected) if grouped else _field(field_cells, expected)
        found = boards[expected]
        if grouped:
            if key is None:
                raise BridgeInputError("board missing: this result has no group (board number)")
            if isinstance(key, BridgeInputError):
                raise key
            found = found[key]
        if isinstance(found, BridgeInputError):
            raise found
        return found  # type: ignore[no-any-return]

    def cell(value: object, method: object, expected: object, key: object) -> object:
        check = asks_for_reasons(method)
        if is_blank(value):
            return ""
        try:
            for name, given in (("score", value), ("method", method), ("expected", expected)):
                in_cell = cell_error(name, given)
                if in_cell is not None:
                    raise in_cell
            result = answer(board_for(text_cell(expected), key), _entry(value, "score"), method)  # type: ignore[arg-type]
            return "" if check else to_cell(result)
        except BridgeInputError as error:
            return error.message if check else error_value(error)

    # A field has few distinct scores: each distinct (score, method, expected, board) is answered once.
    uniform = cols == 1 and shape_error is None and _all_same(methods) and _all_same(expecteds)
    if uniform and bool not in set(map(type, scores)):
        # The usual case, one method for the whole column: a dictionary lookup a row, in C.
        method, expected = methods[0], expecteds[0]
        if grouped:
            answers = Memo(lambda pair: [cell(pair[0], method, expected, pair[1])])
            lookups: Sequence[object] | Any = zip(scores, keys, strict=True)
        else:
            answers = Memo(lambda value: [cell(value, method, expected, None)])
            lookups = scores
        try:
            return list(map(answers.__getitem__, lookups))
        except TypeError:  # an unhashable value, only possible from Python: the loop below
            pass
    out: list[object] = []
    answered: dict[tuple[object, ...], object] = {}
    for index, value in enumerate(scores):
        method, expected = methods[index], expecteds[index]
        key = keys[index] if grouped else None
        try:
            memo = tuple(map(cell_key, (value, method, expected, key)))
            known = answered.get(memo, answered)
            if known is answered:
                known = answered[memo] = cell(value, method, expected, key)
        except TypeError:  # an unhashable value, only possible from Python
            known = cell(value, method, expected, key)
        out.append(known)
    return shape_back(out, rows, cols)


def _all_same(values: list[Any]) -> bool:
    """Every element is the very same object (a single cell broadcast over a column is)."""
    return not values or all(map(operator.is_, values, repeat(values[0])))


def _shape_of_first(first: Any, *_: Any) -> tuple[int, int]:
    grid = as_grid(first)
    return len(grid), len(grid[0])


def _imp_scale(value: object) -> BandScale:
    return choose_imp_scale(text_cell(value))


@never_raises(_shape_of_first)
def matchpoints(
    score: object, field: object, method: object = None, expected: object = None, groups: object = None
) -> Grid:
    """Matchpoints (or percentages) of each score within its board's field."""

    def answer(board: Field, entry: FieldEntry, method: object) -> object:
        options = matchpoint_options(method)
        result = board.matchpoints(entry, options.choice, options.artificial)
        if options.percent:
            return result.ns_percent if options.side is Side.NS else result.ew_percent
        return result.ns if options.side is Side.NS else result.ew

    return _compare(answer, score, field, [method, expected], groups)


@never_raises(_shape_of_first)
def crossimp(
    score: object, field: object, method: object = None, groups: object = None, imp_scale: object = None
) -> Grid:
    """Cross-IMPs of each score against the other results of its board."""

    def answer(board: Field, entry: FieldEntry, method: object) -> object:
        options = cross_imp_options(method)
        result = board.cross_imps(entry, _imp_scale(imp_scale), total=not options.choice.averaged)
        return result.ns if options.side is Side.NS else result.ew

    return _compare(answer, score, field, [method], groups)


@never_raises(_shape_of_first)
def butler(
    score: object, field: object, method: object = None, groups: object = None, imp_scale: object = None
) -> Grid:
    """Butler IMPs of each score against its board's datum."""

    def answer(board: Field, entry: FieldEntry, method: object) -> object:
        options = datum_options(method)
        result = board.butler(entry, _imp_scale(imp_scale), options.choice)
        return result.ns if options.side is Side.NS else result.ew

    return _compare(answer, score, field, [method], groups)


def _datum_shape(field: object, method: object = None, groups: object = None) -> tuple[int, int]:
    if all(is_blank_text(value) for value in flat(as_grid(groups))):
        return shape_of(as_grid(method))
    return _shape_of_first(groups)


@never_raises(_datum_shape)
def datum(field: object, method: object = None, groups: object = None) -> Grid:
    """The Butler datum of the field, or with ``groups`` one datum per row (its board's)."""
    if all(is_blank_text(value) for value in flat(as_grid(groups))):
        board = _field(flat(as_grid(field)), None)

        def whole(one_method: object) -> object:
            if isinstance(board, BridgeInputError):
                raise board
            return board.datum(datum_options(one_method).choice)

        return elementwise(whole, ("method",), method)
    # One datum per row: each row's own field cell stands in for the score it is the datum of.
    return _compare(lambda board, _, method: board.datum(datum_options(method).choice), field, field, [method], groups)


@never_raises(lambda score, other: shape_of(as_grid(score), as_grid(other)))
def bam(score: object, other: object) -> Grid:
    """Board-a-match points: 1, 1/2 or 0."""

    def one(mine: object, theirs: object) -> object:
        if is_blank(mine) and is_blank(theirs):
            return None
        return board_a_match(mine, theirs)

    return elementwise(one, ("score", "other"), score, other)
