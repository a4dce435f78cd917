"""Entry checks: the lines of a session checked against each other and, when it is known, against the movement.

On the lines alone: a line duplicated, a pair playing a board twice, a pair meeting itself, a board outside the
session, and (one field) two pairs whose lines disagree on who sat North-South. Against a movement: a result for
pairs that do not play that board, North-South and East-West swapped (an arrow-switch round named as such), a
line the movement has and the results lack. Each :class:`Finding` names the row and the reason in words.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from .movement import Encounter, Movement, Slot
from .session import Line, PairNumber, Row, Session, Unscorable

__all__ = ["Finding", "check_lines", "check_session", "flag_rows"]

#: How a reason names a row: ``line 7`` (the default counts from 1).
Namer = Callable[[int], str]


@dataclass(frozen=True, slots=True)
class Finding:
    """A problem: the row it is on (its index; None for a line the movement has and the rows lack) and why."""

    row: int | None
    board: int | None
    reason: str
    #: For a missing line: the movement's line that has no result.
    slot: Slot | None = None
    #: False for a doubt the lines alone raise (NS and EW the other way round from the rest of a meeting): a
    #: movement may turn a board, so without the movement it is reported but not held against the line.
    certain: bool = True


def _default_name(index: int) -> str:
    return f"line {index + 1}"


def _listed(indices: Sequence[int], name: Namer) -> str:
    names = [name(index) for index in indices]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def check_lines(
    rows: Sequence[Row],
    *,
    two_fields: bool,
    boards: range | None = None,
    movement: Movement | None = None,
    name: Namer = _default_name,
) -> list[Finding]:
    """Every problem of ``rows`` (a session's lines, in order): on the data alone, and against ``movement``.

    ``two_fields``: North-South and East-West pairs are numbered apart (NS 1 and EW 1 are two pairs).
    ``boards``: the session's boards, when known (the movement's, by default).
    """
    if movement is not None:
        two_fields = movement.two_fields
        boards = boards if boards is not None else movement.boards
    findings: list[Finding] = []
    seen_line: dict[tuple[int, PairNumber, PairNumber], int] = {}
    seen_pair: dict[tuple[int, object], int] = {}
    meetings: dict[frozenset[PairNumber], list[int]] = {}
    known = [(index, row) for index, row in enumerate(rows) if _placed(row)]

    def pair_words(number: PairNumber, side: str) -> str:
        return f"{side} pair {number}" if two_fields else f"pair {number}"

    for index, row in known:
        board, ns, ew = row.board, row.ns, row.ew
        assert board is not None
        assert ns is not None
        assert ew is not None
        here: list[str] = []
        if not two_fields and ns == ew:
            here.append(f"pair {ns} cannot play against itself")
        if boards is not None and board not in boards:
            here.append(f"board {board} is not one of this session's boards ({boards.start}-{boards.stop - 1})")
        earlier = seen_line.get((board, ns, ew))
        if earlier is not None:
            here.append(f"a second result for board {board}, NS {ns} v EW {ew} (the first is {name(earlier)})")
        else:
            seen_line[(board, ns, ew)] = index
            for number, side in ((ns, "NS"), (ew, "EW")) if two_fields or ns != ew else ((ns, "NS"),):
                key = (number, side) if two_fields else number
                other = seen_pair.get((board, key))
                if other is not None:
                    here.append(f"{pair_words(number, side)} plays board {board} twice (also on {name(other)})")
                else:
                    seen_pair[(board, key)] = index
            if not two_fields and ns != ew:
                meetings.setdefault(frozenset((ns, ew)), []).append(index)
        findings.extend(Finding(index, board, reason) for reason in here)
    if movement is None:
        findings.extend(_swapped(rows, meetings, name))
    else:
        findings.extend(_against(rows, known, movement, two_fields))
    return sorted(findings, key=lambda f: (f.row is None, f.row or 0, f.board or 0))


def _placed(row: Row) -> bool:
    return row.board is not None and row.ns not in (None, "") and row.ew not in (None, "")


def _swapped(rows: Sequence[Row], meetings: dict[frozenset[PairNumber], list[int]], name: Namer) -> list[Finding]:
    """Two pairs meet once: every line of their meeting has the same pair North-South. The lines that disagree
    with the most (with the first, on a tie) are flagged."""
    findings = []
    for indices in meetings.values():
        sitting = Counter(rows[i].ns for i in indices)
        if len(sitting) < 2:
            continue
        first = rows[indices[0]].ns
        usual = max(sitting, key=lambda ns: (sitting[ns], ns == first))
        agree = [i for i in indices if rows[i].ns == usual]
        for index in indices:
            row = rows[index]
            if row.ns != usual:
                findings.append(
                    Finding(
                        index,
                        row.board,
                        f"NS and EW swapped? NS {row.ns} v EW {row.ew} here, but NS {usual} v EW {row.ns} on "
                        f"{_listed(agree, name)}",
                        certain=False,
                    )
                )
    return findings


def _against(rows: Sequence[Row], known: list[tuple[int, Row]], movement: Movement, two_fields: bool) -> list[Finding]:
    slots: dict[tuple[int, PairNumber | None, PairNumber | None], Slot] = {}
    playing: dict[tuple[int, PairNumber | None, str], Slot] = {}  # (board, pair, side or "") -> its slot
    encounters: dict[tuple[int, int], Encounter] = {(e.round, e.table): e for e in movement.encounters}
    for slot in movement.slots():
        slots[(slot.board, slot.ns, slot.ew)] = slot
        playing[(slot.board, slot.ns, "NS" if two_fields else "")] = slot
        playing[(slot.board, slot.ew, "EW" if two_fields else "")] = slot
    matched: set[Slot] = set()
    findings = []

    def seat(slot: Slot) -> str:
        switched = encounters[(slot.round, slot.table)].switched
        return f"round {slot.round}, table {slot.table}" + (", an arrow-switch round" if switched else "")

    for index, row in known:
        board, ns, ew = row.board, row.ns, row.ew
        assert board is not None
        exact = slots.get((board, ns, ew))
        if exact is not None:
            matched.add(exact)
            continue
        turned = slots.get((board, ew, ns))
        if turned is not None:
            matched.add(turned)
            findings.append(
                Finding(
                    index,
                    board,
                    f"NS and EW swapped: the movement has NS {turned.ns} v EW {turned.ew} on board {board} "
                    f"({seat(turned)})",
                )
            )
            continue
        details = []
        for number, side in ((ns, "NS"), (ew, "EW")):
            words = f"{side} {number}" if two_fields else f"pair {number}"
            theirs = playing.get((board, number, side if two_fields else ""))
            if theirs is None:
                details.append(f"{words} does not play it")
            else:
                if two_fields:
                    against = f"EW {theirs.ew}" if side == "NS" else f"NS {theirs.ns}"
                else:
                    against = f"pair {theirs.ew if theirs.ns == number else theirs.ns}"
                details.append(f"{words} plays it against {against} ({seat(theirs)})")
        findings.append(
            Finding(index, board, f"NS {ns} v EW {ew} do not play board {board} in this movement: {'; '.join(details)}")
        )
    for slot in movement.slots():
        if slot not in matched:
            findings.append(
                Finding(
                    None,
                    slot.board,
                    f"board {slot.board}: no result for NS {slot.ns} v EW {slot.ew} ({seat(slot)})",
                    slot,
                )
            )
    return findings


def check_session(session: Session, movement: Movement | None = None, name: Namer = _default_name) -> list[Finding]:
    """:func:`check_lines` over a session's lines, its pairs numbered as its movement kind says."""
    return check_lines(session.lines, two_fields=session.movement.two_fields, movement=movement, name=name)


def flag_rows(session: Session, findings: Sequence[Finding]) -> Session:
    """The session with each line a certain finding flags kept as an :class:`~xlbridge.engine.session.Unscorable`
    row carrying its reasons (so that its scores wait until it is put right), and each missing line added at the
    end as an empty row of its board and pairs. Doubts (``certain`` False) leave their lines as they are."""
    reasons: dict[int, list[str]] = {}
    for finding in findings:
        if finding.row is not None and finding.certain:
            reasons.setdefault(finding.row, []).append(finding.reason)
    lines: list[Row] = []
    for index, row in enumerate(session.lines):
        if index in reasons:
            text = "; ".join(reasons[index])
            if isinstance(row, Line):
                row = Unscorable(row.board, row.ns, row.ew, row.entered, text)
            else:
                row = replace(row, reason=f"{row.reason}; {text}")
        lines.append(row)
    for finding in findings:
        if finding.slot is not None:
            slot = finding.slot
            lines.append(Unscorable(slot.board, slot.ns, slot.ew, ("", "", "", "", ""), finding.reason))
    return replace(session, lines=tuple(lines))
