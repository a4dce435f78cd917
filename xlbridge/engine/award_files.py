"""A session's masterpoints as a federation's centre takes them: a line per member, his number and his award
(:mod:`xlbridge.rules.award_files`).

The awards are the session's own (:class:`~xlbridge.engine.masterpoints.SessionAwards`, as the workbook's
Masterpoints column shows them): each player of a pair is credited the pair's award. A player credited in more than
one pair has one line, the sum (the centre prefers "one line per player"). A player with an award and no number the
file can carry (none given, or not digits, or too long) has no line: :attr:`AwardLines.unnumbered` names each, for
the secretary to credit by hand or to number and write again.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from ..rules import MasterpointScale
from ..rules.award_files import AWARD_FILES, AwardFile
from .errors import BridgeInputError
from .masterpoints import SessionAwards
from .pairs import Pair, member_key

__all__ = ["AwardLines", "award_file", "award_lines"]


@dataclass(frozen=True)
class AwardLines:
    """The file's lines (each without its line end), the points they credit, and the players credited an award the
    file cannot carry, each as ``name (pair 3NS)`` with why."""

    file: AwardFile
    lines: tuple[str, ...]
    total: Decimal
    unnumbered: tuple[str, ...]


def award_file(scale: MasterpointScale) -> AwardFile:
    """The federation's file that carries ``scale``'s awards; refused, saying which scales have one, for a scale
    none carries."""
    found = AWARD_FILES.get(scale.name)
    carried = " or ".join(f"{name} ({file.suffix})" for name, file in AWARD_FILES.items())
    if not scale.awards:
        raise BridgeInputError(f"masterpoints {scale.name}: the session awards no masterpoints; choose {carried} "
                               "as Masterpoints on the Settings sheet, compute the workbook and write the file "
                               "again")  # fmt: skip
    if found is None:
        raise BridgeInputError(f"masterpoints {scale.name}: no masterpoint file carries them; the ABF's files carry "
                               f"{carried}: choose one of those as Masterpoints on the Settings sheet if the session "
                               "is one of theirs")  # fmt: skip
    return found


def award_lines(awards: SessionAwards, pairs: Sequence[Pair] | None = None) -> AwardLines:
    """The lines of the file that carries ``awards``' scale (:func:`award_file`): a line per numbered player with an
    award above nothing, in the order the session lists its pairs (``pairs``: the session's, numbered by the member
    register, in the same order; by default ``awards``' own)."""
    file = award_file(awards.scale)
    credited: dict[str, Decimal] = {}
    unnumbered: list[str] = []
    most = 10**file.award_digits - 1
    for pair, award in zip(awards.pairs if pairs is None else pairs, awards.awards, strict=True):
        if not award:  # no place, or placed below the paid places
            continue
        if not pair.players:
            unnumbered.append(f"{pair.called}: no players named")
        for player, member in pair.numbered:
            who = f"{player or 'a player'} ({pair.called})"
            if not member:
                unnumbered.append(f"{who}: no number")
            elif not member.isdigit() or not member.isascii() or len(member_key(member)) > file.number_digits:
                unnumbered.append(f"{who}: {member!r} is not an ABF number ({file.number_digits} digits at most)")
            else:
                key = member_key(member).zfill(file.number_digits)
                credited[key] = credited.get(key, Decimal(0)) + award
    lines = []
    for number, points in credited.items():
        hundredths = int(points.scaleb(2))
        if hundredths > most:
            raise BridgeInputError(f"member {number}: {points} points; the {file.name} holds at most {most / 100:.2f}")
        lines.append(f"{number}{hundredths:0{file.award_digits}d}")
    return AwardLines(file, tuple(lines), sum(credited.values(), Decimal("0.00")), tuple(unnumbered))
