"""The worksheet function of masterpoints, MASTERPOINTS, and the masterpoints column of the session functions.

``MASTERPOINTS(places, tables, mp_scale, [fields], [winners], [form], [boards])`` spills one award per cell of
``places``
(the places a ranking shows: ``1``, ``2=``; blank cells stay blank), as :func:`~xlbridge.engine.masterpoints.
award_places` gives them: ``tables`` the tables in play (6.5 for a sit-out each round), ``mp_scale`` a masterpoint
scale, ``fields`` one field or two (Howell and Mitchell are taken for them), or each place's direction (NS, EW: a
range the size of ``places``, so a two-winner Mitchell's two fields are told apart), ``winners`` One or Two (an
arrow-switched Mitchell has one), ``form`` Pairs or Matches (an event played as matches of 5 boards or more),
``boards`` the boards played (the EBU's local points depend on them).

An award is a number (0.21); a place outside the paid places gets 0; the scale None gives blanks. Places that are
no ranking, or tables that cannot hold them, make every place's cell the error value; with the word ``CHECK`` after
the scale (``"ABF green CHECK"``) the cells hold the reason instead (empty text when the awards can be given).

PAIRTOTALS and RANKING (:mod:`xlbridge.excel.session`) take a masterpoint scale last (``mp_scale``, the Settings
sheet's Masterpoints cell): given, their answer has one column more, each pair's award from
:func:`~xlbridge.engine.masterpoints.masterpoints` over the same worked session (which alone knows its tables,
rounds and fields), and SESSIONINFO's note names the scale, or why the session cannot be awarded on it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..engine.choices import choose
from ..engine.errors import BridgeInputError
from ..engine.masterpoints import award_places, masterpoint_scale
from ..engine.pairs import parse_direction
from ..engine.pipeline import SessionResult
from ..engine.standings import Standing
from ..rules import AWARD_FORMS, FIELD_KINDS, WINNERS, MasterpointScale
from ..rules.methods import TWO_FIELDS
from .cells import Grid, as_grid, cell_error, error_value, flat, is_blank_text, never_raises, shape_back, text_cell
from .options import CHECK

__all__ = ["AWARD_COLUMN", "award_columns", "award_note", "masterpoints", "with_awards"]


def _shape(places: object, *_: object) -> tuple[int, int]:
    grid = as_grid(places)
    return len(grid), len(grid[0])


def _one(value: object, name: str) -> object:
    """A single-cell argument: its value (None for blank), or the error it holds, raised."""
    cell = as_grid(value)[0][0]
    in_cell = cell_error(name, cell)
    if in_cell is not None:
        raise in_cell
    return text_cell(cell)


def _scale(value: object) -> tuple[object, bool]:
    """The scale named, and whether the word CHECK follows it."""
    scale = _one(value, "mp_scale")
    if not isinstance(scale, str):
        return scale, False
    words = scale.split()
    check = [word for word in words if word.upper() == CHECK]
    return " ".join(word for word in words if word.upper() != CHECK) or None, bool(check)


def _winners(fields: object, winners: object, count: int) -> tuple[int, list[object] | None]:
    """The movement's winners, and each place's field when ``fields`` gives each place's direction."""
    cells = flat(as_grid(fields))
    chosen = _one(winners, "winners")
    named = choose(WINNERS, chosen) if chosen is not None else None
    directions: list[object] | None = None
    if len(cells) > 1 or (count == 1 and _direction_cell(cells[0])):
        if len(cells) != count:
            raise BridgeInputError(f"fields: one direction per place ({count}), {len(cells)} given")
        directions = []
        for number, cell in enumerate(cells, start=1):
            in_cell = cell_error(f"fields row {number}", cell)
            if in_cell is not None:
                raise in_cell
            side = parse_direction("" if is_blank_text(cell) else str(cell))
            directions.append(None if side is None else side.value)
        kind = TWO_FIELDS
    else:
        typed = _one(fields, "fields")
        kind = TWO_FIELDS if _direction_cell(typed) else choose(FIELD_KINDS, typed)
    if not kind.two_fields:
        if named is not None and named.field.two_fields:
            raise BridgeInputError(f"winners {named.name}: {kind.name.lower()} has one winner")
        return 1, None
    return (2 if (named or WINNERS.default).field.two_fields else 1), directions


def _direction_cell(value: object) -> bool:
    """True when a single cell names a direction (NS, EW) rather than one field or two."""
    if not isinstance(value, str):
        return False
    try:
        return parse_direction(value) is not None
    except BridgeInputError:
        return False


def _answer(places: list[object], values: list[Any], rows: int, cols: int) -> Grid:
    return shape_back([value if not is_blank_text(place) else "" for place, value in zip(places, values, strict=True)],
                      rows, cols)  # fmt: skip


@never_raises(_shape)
def masterpoints(places: object, tables: object, mp_scale: object, fields: object = None, winners: object = None,
                 form: object = None, boards: object = None) -> Grid:  # fmt: skip
    """One award per place: the masterpoints each place of a ranking earns on the scale named."""
    grid = as_grid(places)
    rows, cols = len(grid), len(grid[0])
    cells = flat(grid)
    check = False
    try:
        scale, check = _scale(mp_scale)
        for number, cell in enumerate(cells, start=1):
            in_cell = cell_error(f"places row {number}", cell)
            if in_cell is not None:
                raise in_cell
        count, directions = _winners(fields, winners, len(cells))
        awards = award_places([text_cell(cell) for cell in cells], scale, _one(tables, "tables"), count, directions,
                              choose(AWARD_FORMS, _one(form, "form"), "form"), _one(boards, "boards"))  # fmt: skip
    except BridgeInputError as error:
        return _answer(cells, [error.message if check else error_value(error)] * len(cells), rows, cols)
    if check:
        return _answer(cells, [""] * len(cells), rows, cols)
    return _answer(cells, ["" if award is None else float(award) for award in awards], rows, cols)


# --- the session functions' masterpoints ----------------------------------------------------------------------------

#: The column PAIRTOTALS and RANKING add after their own when they are given a masterpoint scale.
AWARD_COLUMN = "Masterpoints"


def award_columns(columns: tuple[str, ...], mp_scale: object) -> tuple[str, ...]:
    """A table's columns: ``columns``, and the Masterpoints column when a masterpoint scale is given (a cell, even
    a blank one; an argument left out is None)."""
    return columns if mp_scale is None else (*columns, AWARD_COLUMN)


def _session_scale(mp_scale: object) -> MasterpointScale:
    """The scale a session function is handed: a cell (blank: none; an error in it is passed on) or the scale."""
    return masterpoint_scale(_one(mp_scale, "mp_scale"))


def award_note(session: SessionResult, mp_scale: object) -> str:
    """What the ranking's note says of masterpoints (after its own words, ``; ...``): the scale, that the awards
    wait for the movement's results, or why the session cannot be awarded on it; nothing on a scale of none."""
    try:
        scale = _session_scale(mp_scale)
    except BridgeInputError as error:
        return f"; {error.message}"
    note = session.award_note(scale)
    return f"; {note}" if note else ""


def _award_cells(session: SessionResult, mp_scale: object) -> Callable[[Standing | None], object]:
    """How the Masterpoints column shows each pair's award: a number (0.21; 0 below the paid places), blank for a
    pair that did not play or a scale that awards nothing, ``#N/A`` while the ranking waits or the movement's
    results are not all in, and the error value where the session cannot be awarded (the note says why)."""
    try:
        scale = _session_scale(mp_scale)
    except BridgeInputError as error:
        wrong = error_value(error)
        return lambda standing: "" if standing is None else wrong
    if not scale.awards:
        return lambda standing: ""
    if session.score.problems or session.missing:
        return lambda standing: "#N/A" if standing is not None and standing.boards else ""
    awards = session.awards(scale)
    if isinstance(awards, BridgeInputError):
        failed = error_value(awards)
        return lambda standing: failed if standing is not None and standing.boards else ""

    def cell(standing: Standing | None) -> object:
        award = None if standing is None else awards.of(standing.pair)
        return "" if award is None else float(award)

    return cell


def with_awards(rows: Grid, standings: Sequence[Standing | None], session: SessionResult, mp_scale: object) -> Grid:
    """A table of pairs (a row per standing, None for a blank row) with the Masterpoints column after its own, when
    a masterpoint scale is given (else the table as it is)."""
    if mp_scale is None:
        return rows
    award = _award_cells(session, mp_scale)
    return [[*cells, award(standing)] for cells, standing in zip(rows, standings, strict=True)]
