"""What an import says about masterpoints: the scale the workbook awards, and where a file's own awards are not
the ones xlbridge gives.

The scale is ``--masterpoints`` when given, else the one a USEBIO file's ``MASTER_POINT_TYPE`` and
``MASTER_POINT_SCALE`` name (:func:`~xlbridge.engine.masterpoints.scale_of_file`, set by the reader), else none. A
file whose points are of no scale of the registry is said to be so (the workbook then awards none); a file awarded
on the workbook's scale has its awards compared with the engine's, pair by pair, and each that differs is named.
"""

from __future__ import annotations

from decimal import Decimal

from ...engine.errors import BridgeInputError
from ...engine.masterpoints import scale_of_file
from ...engine.pairs import PairNumber
from ...rules import MASTERPOINT_SCALES, Side
from .common import Imported, ImportNotes

__all__ = ["masterpoint_notes"]


def _points(hundredths: int) -> str:
    return str(Decimal(hundredths).scaleb(-2))


def masterpoint_notes(imported: Imported, chosen: str | None = None) -> ImportNotes:
    """The masterpoints of an imported session: which scale its workbook awards and why (``chosen``: the scale
    ``--masterpoints`` gave), and each way in which the file's own awards differ from the engine's on that scale."""
    session = imported.session
    source = imported.source
    reported = imported.masterpoints
    if session is None:
        return ImportNotes()
    scale = session.masterpoints
    warnings = []
    named = f"{reported.type or '(no type)'}, {reported.scale or '(no scale)'}" if reported is not None else ""
    file_scale = None if reported is None else scale_of_file(reported.type, reported.scale)
    if reported is not None and file_scale is None:
        scales = ", ".join(s.name for s in MASTERPOINT_SCALES if s.awards)
        warnings.append(
            f"{source}: its masterpoints are {named} (MASTER_POINT_TYPE, MASTER_POINT_SCALE), which is none of the "
            f"scales xlbridge awards ({scales})"
            + (f": the workbook awards {scale.name}, as --masterpoints says" if chosen else
               ": the workbook awards none (--masterpoints chooses a scale)")
            + (f"; the file's awards ({len(reported.awarded)} pairs) are not reproduced" if reported.awarded else "")
        )  # fmt: skip
    if file_scale is not None and not scale.awards and not chosen:  # the file's scale cannot award this session
        assert imported.result is not None  # a pairs session's import works it out
        refused = imported.result.awards(file_scale)
        reason = refused.message if isinstance(refused, BridgeInputError) else file_scale.name
        warnings.append(f"{source}: its masterpoints are {file_scale.name} ({named}), which xlbridge does not award "
                        f"to this session ({reason}): the workbook awards none"
                        + (f"; the file's awards ({len(reported.awarded)} pairs) are not reproduced"
                           if reported is not None and reported.awarded else ""))  # fmt: skip
    if not scale.awards:
        return ImportNotes("", warnings)
    why = "as --masterpoints says" if chosen else f"the file's own ({named})"
    if reported is None or file_scale is not scale or not reported.awarded:
        if reported is not None and file_scale is not None and file_scale is not scale:
            why += f"; the file's awards are {file_scale.name} points ({named}), not compared"
        return ImportNotes(f"masterpoints: {scale.name}, {why}", warnings)
    assert imported.result is not None  # a pairs session's import works it out
    awards = imported.result.awards(scale)
    if isinstance(awards, BridgeInputError):
        warnings.append(f"{source}: {awards.message}; the file's own awards are not in the workbook")
        return ImportNotes(f"masterpoints: {scale.name}, {why}", warnings)
    differ = 0
    two_fields = session.field_kind.two_fields  # in one field a pair is its number (a file may give directions)

    def key_of(number: PairNumber, side: Side | None) -> tuple[PairNumber, Side | None]:
        return number, side if two_fields else None

    ours = {key_of(pair.number, pair.direction): award for pair, award in awards.by_pair.items()}
    file_awards = {key_of(*key): award for key, award in reported.awarded.items()}
    file_lines = {key_of(*key): line for key, line in reported.lines.items()}
    for key in [*ours, *(key for key in file_awards if key not in ours)]:  # the session's order, then the file's
        mine, theirs = ours.get(key), file_awards.get(key)
        if theirs is None and mine is None:
            continue
        if theirs is not None and mine is not None and awards.in_hundredths(mine) == theirs:
            continue
        differ += 1
        number, side = key
        line = file_lines.get(key)
        where = f"{source}: line {line}" if line else f"{source}"
        given = "no award" if theirs is None else _points(theirs)
        computed = "none (the pair has no place)" if mine is None else str(mine)
        warnings.append(f"{where}: pair {number}{side.value if side else ''}: the file awards {given}, xlbridge "
                        f"{computed} on {scale.name} (the workbook shows xlbridge's)")  # fmt: skip
    checked = (f"{differ} pair(s)' awards differ from the file's" if differ else
               "every pair's award as the file gives it")  # fmt: skip
    return ImportNotes(f"masterpoints: {scale.name}, {why}: {checked}", warnings)
