"""Entry checks: the lines of a session checked against each other and, when it is known, against the movement.

On the lines alone: a line entered twice, a pair playing a board twice, a pair meeting itself, a board outside the
session, and (one field) two pairs whose lines disagree on who sat North-South. Against a movement: a result for
pairs that do not play that board, North-South and East-West swapped (an arrow-switch round named as such), a
line the movement has and the results lack. Each :class:`Finding` names the row and the reason in words.

Where lines collide (two results for one board and pairs, a pair twice on a board), the line that is wrong is
blamed: given the movement, the line that disagrees with it (the lines it agrees with are not flagged); without
it there is no telling which, so every line of the collision is flagged, naming the others.

:func:`infer_kind` tells a two-field session (a two-winner Mitchell, whose North-South and East-West pairs are
numbered apart) from a one-field one by the lines alone, with the evidence in words.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from itertools import chain, islice
from typing import Any, TypeVar

from ..rules import FieldKind
from ..rules.methods import ONE_FIELD, TWO_FIELDS
from .errors import BridgeInputError
from .movements.rounds import Encounter, Movement, Slot
from .pairs import PairNumber
from .parse import read_result, split_contract
from .session import (
    NOTHING_TYPED,
    Line,
    Meetings,
    Row,
    Session,
    Typed,
    Unscorable,
    board_sets,
    meetings,
    rows_with_pairs,
    seats,
)

__all__ = [
    "Finding",
    "KindEvidence",
    "against_the_contract",
    "check_lines",
    "check_session",
    "flag_rows",
    "in_playing_order",
    "infer_kind",
    "plus_dropped",
    "plus_dropped_rows",
    "waiting_row",
]

#: How a reason names a row: ``line 7`` (the default counts from 1).
Namer = Callable[[int], str]
Key = TypeVar("Key", bound=Hashable)


#: Where a finding's text names the rows it refers to (its ``refs``), in the words of whoever reads it.
REFS = "\x00"
#: The most other rows a finding names one by one (a line entered 16,000 times names five, then how many more).
MOST_REFS = 5


def _default_name(index: int) -> str:
    return f"line {index + 1}"


@dataclass(frozen=True, slots=True)
class Finding:
    """A problem: the row it is on (its index; None for a line the movement has and the rows lack) and why.

    The reason names other rows (``also on line 7``) by ``name``; :meth:`reason_with` says it with another (a file's
    lines where the rows are a workbook's)."""

    row: int | None
    board: int | None
    #: Why, with :data:`REFS` where the rows ``refs`` are named.
    text: str
    #: For a missing line: the movement's line that has no result.
    slot: Slot | None = None
    #: False for a doubt the lines alone raise (NS and EW the other way round from the rest of a meeting): a
    #: movement may turn a board, so without the movement it is reported but not held against the line.
    certain: bool = True
    #: The other rows the reason names (the first :data:`MOST_REFS`), and how many more there are.
    refs: tuple[int, ...] = ()
    more: int = 0
    name: Namer = field(default=_default_name, compare=False, repr=False)

    @property
    def reason(self) -> str:
        """Why, in words, the rows it names named by its ``name``."""
        return self.reason_with(self.name)

    def reason_with(self, name: Namer) -> str:
        """Why, in words, the rows it names named by ``name``."""
        if not self.refs:
            return self.text
        names = [name(index) for index in self.refs]
        if self.more:
            listed = f"{', '.join(names)} and {self.more:,} more"
        else:
            listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        return self.text.replace(REFS, listed)


def _refs(indices: Iterable[int], count: int) -> dict[str, Any]:
    """A finding's ``refs`` and ``more``: the first of ``indices`` (``count`` in all) and how many beyond."""
    first = tuple(islice(indices, MOST_REFS))
    return {"refs": first, "more": max(0, count - len(first))}


#: How many times a number of results is said (two results for board 3...).
_TIMES = {2: "two", 3: "three", 4: "four"}


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
    ``boards``: the session's boards, when known (the movement's, by default). The findings do not depend on the
    order of the rows, only the row each names does.
    """
    return _check(rows, two_fields, boards, movement, name, None)


def _check(
    rows: Sequence[Row],
    two_fields: bool,
    boards: range | None,
    movement: Movement | None,
    name: Namer,
    session: Session | None,
) -> list[Finding]:
    """:func:`check_lines`, reading the meetings and board sets of ``session`` (found once for it), when given."""
    if movement is not None:
        two_fields = movement.two_fields
        boards = boards if boards is not None else movement.boards
    findings: list[Finding] = []
    known = rows_with_pairs(rows)
    if movement is not None:
        findings += _against(known, movement, two_fields)

    for index, row in known:
        board, ns = row.board, row.ns
        if not two_fields and ns == row.ew:
            findings.append(Finding(index, board, f"pair {ns} cannot play against itself"))
        if boards is not None and board not in boards:
            outside = f"board {board} is not one of this session's boards ({boards.start}-{boards.stop - 1})"
            findings.append(Finding(index, board, outside))
    once = _seated_once(known, two_fields)  # then no line is there twice, and no pair plays a board twice
    entered = {} if once else _repeated(((row.board, row.ns, row.ew), index) for index, row in known)
    for (board, ns, ew), indices in entered.items():
        # the same line twice: given the movement or not, nothing says which is the one
        times = _TIMES.get(len(indices), f"{len(indices):,}")
        again = f"{times} results for board {board}, NS {ns} v EW {ew} (also on {REFS})"
        for index in indices:
            others = (other for other in indices if other != index)
            findings.append(Finding(index, board, again, **_refs(others, len(indices) - 1)))
    if movement is None:  # the movement blames by itself
        findings += _on_the_lines(rows, known, two_fields, once, session)
    named = [replace(finding, name=name) for finding in findings]
    return sorted(named, key=lambda f: (f.row is None, f.row or 0, f.board or 0, f.text))


def _on_the_lines(
    rows: Sequence[Row],
    known: list[tuple[int, Row]],
    two_fields: bool,
    once: bool,
    session: Session | None,
) -> list[Finding]:
    """What the lines alone say of the lines that collide: a pair playing a board twice (every line of it, naming
    the others; none when each pair sits ``once`` on each board it plays), and the doubts (NS and EW swapped, two
    rounds' boards in one meeting, a board played once); the meetings and board sets are ``session``'s, if given."""
    findings = []
    for (board, key), indices in ({} if once else _repeated(_seats(known, two_fields))).items():
        if len({(rows[i].ns, rows[i].ew) for i in indices}) < 2:  # one line entered twice: said above
            continue
        number, side = key if isinstance(key, tuple) else (key, "")
        said = f"{side} pair {number}" if two_fields else f"pair {number}"
        twice = f"{said} plays board {board} twice (also on {REFS})"
        by_line: dict[tuple[object, object], list[int]] = {}  # the pair's lines on the board, by their two pairs
        for index in indices:
            by_line.setdefault((rows[index].ns, rows[index].ew), []).append(index)
        for line, same in by_line.items():
            others = [first for other, lines in by_line.items() if other != line for first in lines[:MOST_REFS]]
            for index in same:
                findings.append(Finding(index, board, twice, **_refs(sorted(others), len(indices) - len(same))))
    met = session.meetings if session is not None else meetings(known, two_fields)
    if not two_fields:  # in two fields NS 1 v EW 2 and NS 2 v EW 1 are two meetings
        findings.extend(_swapped(rows, met))
    findings.extend(_joined(rows, met, session.board_sets if session is not None else board_sets(rows, met)))
    findings.extend(_lonely(known))
    return findings


def _repeated(keyed: Iterable[tuple[Key, int]]) -> dict[Key, list[int]]:
    """The keys given more than once, each with its indices in order (a key given once, as nearly every one is,
    costs no list)."""
    first: dict[Key, int] = {}
    again: dict[Key, list[int]] = {}
    for key, index in keyed:
        seen = first.setdefault(key, index)
        if seen != index:
            again.setdefault(key, [seen]).append(index)
    return again


def _seated_once(known: list[tuple[int, Row]], two_fields: bool) -> bool:
    """Whether each pair sits once on each board it plays (in two fields, each side's numbers apart; in one, a pair
    meeting itself sits twice): then no line is there twice, and no pair plays a board twice."""
    ns, ew = seats(known)
    if two_fields:
        return all(len(set(sat)) == len(sat) for sat in (*ns.values(), *ew.values()))
    return all(len(set(sat).union(ew[board])) == len(sat) + len(ew[board]) for board, sat in ns.items())


def _seats(known: list[tuple[int, Row]], two_fields: bool) -> Iterator[tuple[tuple[int | None, object], int]]:
    """Each pair on each board, by the row it plays it on: in two fields a pair is its number and its side."""
    for index, row in known:
        board, ns, ew = row.board, row.ns, row.ew
        if two_fields:
            yield (board, (ns, "NS")), index
            yield (board, (ew, "EW")), index
        else:
            yield (board, ns), index
            if ew != ns:
                yield (board, ew), index


def _swapped(rows: Sequence[Row], meetings: Meetings) -> list[Finding]:
    """Two pairs meet once: every line of their meeting has the same pair North-South. The lines that disagree
    with the most (with the first, on a tie) are flagged."""
    findings = []
    for indices in meetings.values():
        first = rows[indices[0]].ns
        if all(rows[i].ns == first for i in indices):
            continue
        sitting = Counter(rows[i].ns for i in indices)
        usual = max(sitting, key=lambda ns: (sitting[ns], ns == first))
        agree = [i for i in indices if rows[i].ns == usual]
        for index in indices:
            row = rows[index]
            if row.ns != usual:
                reason = f"NS and EW swapped? NS {row.ns} v EW {row.ew} here, but NS {usual} v EW {row.ns} on {REFS}"
                findings.append(Finding(index, row.board, reason, certain=False, **_refs(agree, len(agree))))
    return findings


def _joined(rows: Sequence[Row], meetings: Meetings, sets: dict[int, int]) -> list[Finding]:
    """Two pairs meet once, for one set of boards (``sets``: each board's set, as :func:`board_sets` finds it): a
    meeting whose boards are of two sets has a line with a pair (or its board) typed wrong, most likely the lines
    of the part with fewer of them. Only a doubt: some short Howells meet twice."""
    met = [{sets[rows[index].board] for index in indices} for indices in meetings.values()]  # type: ignore[index]
    played = Counter(chain.from_iterable(met))  # how many meetings played each set
    findings = []
    for indices, found in zip(meetings.values(), met, strict=True):
        if len(found) < 2:  # (nearly every meeting: one set)
            continue
        parts: dict[int, list[int]] = {}
        for index in indices:
            parts.setdefault(sets[rows[index].board], []).append(index)  # type: ignore[index]
        most = max(map(len, parts.values()))
        odd = [part for part in parts.values() if len(part) < most] or list(parts.values())  # a tie: every part
        row = rows[indices[0]]
        for root, part in parts.items():
            if part not in odd or played[root] == 1:  # a board no other table played: _lonely says so
                continue
            boards = ", ".join(str(rows[index].board) for index in sorted(part, key=lambda i: rows[i].board or 0))
            mine = set(part)
            others = sorted((index for index in indices if index not in mine), key=lambda i: rows[i].board or 0)
            reason = (
                f"NS {row.ns} v EW {row.ew} play board {boards} here and another round's boards elsewhere: two "
                f"pairs meet once; is a pair number or the board wrong? (also meeting on {REFS})"
            )
            refs = _refs(others, len(others))
            findings += [Finding(index, rows[index].board, reason, certain=False, **refs) for index in part]
    return findings


def _lonely(known: list[tuple[int, Row]]) -> list[Finding]:
    """A board with a third or fewer of the results the others have (board 28 once, where the others have 6): most
    likely a board number typed wrong. Only a doubt: without the movement a board may have been played less."""
    counts = Counter([row.board for _, row in known])
    most = max(counts.values(), default=0)
    rare = {board for board, times in counts.items() if most >= 3 and times * 3 <= most}
    findings = []
    for index, row in known if rare else ():
        if row.board in rare:
            times = "1 result" if counts[row.board] == 1 else f"{counts[row.board]} results"
            reason = f"board {row.board} has {times} where other boards have up to {most}: is its board number right?"
            findings.append(Finding(index, row.board, reason, certain=False))
    return findings


def _against(known: list[tuple[int, Row]], movement: Movement, two_fields: bool) -> list[Finding]:
    """The findings against the movement: each line it does not have, each of its lines without a result."""
    slots: dict[tuple[int, PairNumber | None, PairNumber | None], Slot] = {}
    playing: dict[tuple[int, PairNumber | None, str], Slot] = {}  # (board, pair, side or "") -> its slot
    meeting: dict[frozenset[tuple[PairNumber | None, str]], list[Slot]] = {}  # the slots of two pairs' meeting
    encounters: dict[tuple[int, int], Encounter] = {(e.round, e.table): e for e in movement.encounters}
    for slot in movement.slots():
        slots[(slot.board, slot.ns, slot.ew)] = slot
        ns_key, ew_key = (slot.ns, "NS" if two_fields else ""), (slot.ew, "EW" if two_fields else "")
        playing[(slot.board, *ns_key)] = slot
        playing[(slot.board, *ew_key)] = slot
        meeting.setdefault(frozenset((ns_key, ew_key)), []).append(slot)
    matched: set[Slot] = set()
    findings = []

    def seat(slot: Slot) -> str:
        switched = encounters[(slot.round, slot.table)].switched
        return f"round {slot.round}, table {slot.table}" + (", an arrow-switch round" if switched else "")

    unmatched: list[tuple[int, Row]] = []
    for index, row in known:
        exact = slots.get((row.board, row.ns, row.ew))  # type: ignore[arg-type]
        if exact is not None:
            matched.add(exact)
        else:
            unmatched.append((index, row))
    boards = movement.boards
    for index, row in unmatched:
        board, ns, ew = row.board, row.ns, row.ew
        assert board is not None
        if board not in boards:  # a board the session does not have: said as such (check_lines)
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
        reason = f"NS {ns} v EW {ew} do not play board {board} in this movement: {'; '.join(details)}"
        ours = meeting.get(frozenset(((ns, "NS" if two_fields else ""), (ew, "EW" if two_fields else ""))), [])
        missing = [slot for slot in ours if slot not in matched and (slot.ns, slot.ew) == (ns, ew)]
        if len(missing) == 1:  # their own meeting lacks a result: most likely its board was typed wrong
            reason += f"; they play board {missing[0].board} ({seat(missing[0])}), which has no result: is it that?"
        elif missing:
            listed = ", ".join(str(slot.board) for slot in missing)
            reason += f"; they play boards {listed} ({seat(missing[0])}), which have no result: is it one of those?"
        findings.append(Finding(index, board, reason))
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
    """:func:`check_lines` over a session's lines, its pairs numbered as its movement kind says (their meetings
    found once for the session: :attr:`~xlbridge.engine.session.Session.meetings`). A session of two sections or
    more is checked section by section (each section's pairs are numbered apart; ``movement`` is then not used),
    each finding saying its section and naming the session's rows. A line without a section among lines that give
    one is in none of them: it is that finding, not a section of its own."""
    parts = session.split()
    if len(parts) == 1:
        return _check(session.lines, session.field_kind.two_fields, None, movement, name, session)
    given = ", ".join(section for section in session.sections if section)
    out = [Finding(index, row.board, f"no section, where other lines give {given}", name=name)
           for index, row in enumerate(session.lines) if not row.section]  # fmt: skip
    for own, lines, _ in parts:
        section = own.sections[0]
        if not section:
            continue
        for found in _check(own.lines, own.field_kind.two_fields, None, None, name, own):
            row = None if found.row is None else lines[found.row]
            text = f"section {section}: {found.text}" if section else found.text
            out.append(replace(found, row=row, text=text, refs=tuple(lines[ref] for ref in found.refs)))
    return out + _stray_sections(session, name)


def _stray_sections(session: Session, name: Namer) -> list[Finding]:
    """A section that plays no board twice (section C on one line, where A and B play every board at each of
    their tables): most likely a section letter typed wrong, whose lines have nothing to be compared with in it.
    Only a doubt: a section may have been that small."""
    plays = Counter((row.section, row.board) for row in session.lines if row.section)
    results = Counter(row.section for row in session.lines if row.section)
    stray = {section for section in results if all(times == 1 for (own, _), times in plays.items() if own == section)}
    others = ", ".join(sorted(results.keys() - stray))  # (where every section is so, none is out of place)
    findings = []
    for index, row in enumerate(session.lines) if stray and others else ():
        if row.section in stray:
            times = "1 result" if results[row.section] == 1 else f"{results[row.section]} results"
            reason = (f"section {row.section} has {times} and plays no board twice, where the other sections are "
                      f"{others}: is its section right?")  # fmt: skip
            findings.append(Finding(index, row.board, reason, certain=False, name=name))
    return findings


def flag_rows(session: Session, findings: Sequence[Finding], missing: bool = True) -> Session:
    """The session with each line a certain finding flags kept as an :class:`~xlbridge.engine.session.Unscorable`
    row carrying its reasons (so that its scores wait until it is put right), and (with ``missing``) each missing
    line added at the end as an empty row of its board and pairs. Doubts (``certain`` False) leave their lines as
    they are: a session with nothing to flag or add is given back as it is (with what it found of itself)."""
    reasons: dict[int, list[str]] = {}
    for finding in findings:
        if finding.row is not None and finding.certain:
            reasons.setdefault(finding.row, []).append(finding.reason)
    if not reasons and not (missing and any(finding.slot is not None for finding in findings)):
        return session
    lines: list[Row] = []
    for index, row in enumerate(session.lines):
        if index in reasons:
            text = "; ".join(reasons[index])
            if isinstance(row, Unscorable):
                row = replace(row, reason=f"{row.reason}; {text}")
            else:  # a result, or a board not played, the lines or the movement say is wrong
                row = Unscorable(row.board, row.ns, row.ew, row.entered, text, section=row.section)
        lines.append(row)
    for finding in findings if missing else ():
        if finding.slot is not None:
            slot = finding.slot
            lines.append(Unscorable(slot.board, slot.ns, slot.ew, NOTHING_TYPED, finding.reason))
    return replace(session, lines=tuple(lines))


# --- a bare number among results against the contract ------------------------------------------------------------


@functools.lru_cache(maxsize=4096)  # looked at line by line in a file of tricks: a few hundred distinct
def against_the_contract(contract: str, result: str) -> bool:
    """Whether a line gives its result against the contract (=, +1, -2, or after the contract: 4S=), not as the
    tricks taken."""
    try:
        _, embedded = split_contract(contract)
        written = embedded if embedded is not None else read_result(result)
    except BridgeInputError:
        return False
    return written.kind in ("over", "down")


def plus_dropped(contract: str, result: str, where: str, example: str) -> str:
    """Why a result typed as a bare number cannot be trusted among results given against the contract (``where``,
    the first line or row that gives one, and ``example``, its result), or "": as tricks taken it would be the
    contract gone down, and as a result against the contract it could be made, as Excel turns +1 into 1 (and = is
    typed 0 there, since Excel takes it for the start of a formula). A number that cannot count overtricks (8 on
    3NT) is the tricks taken, as it says."""
    if not re.fullmatch(r"[0-9]{1,2}", result):
        return ""
    try:
        parsed, embedded = split_contract(contract)
    except BridgeInputError:
        return ""
    tricks = int(result)
    if embedded is not None or parsed.passed_out or tricks >= parsed.tricks_needed:
        return ""
    if parsed.tricks_needed + tricks > 13:
        return ""
    down = parsed.tricks_needed - tricks
    meant = "=" if tricks == 0 else f"+{tricks}"
    turned = ("typed as 0 in Excel, which takes = for the start of a formula" if tricks == 0
              else f"as Excel turns +{tricks} into {tricks}, dropping its plus sign")  # fmt: skip
    return (f"result {result!r}: as tricks taken, {contract} down {down}, but other results are given against the "
            f"contract ({where}: {example!r}), where {result} may be {meant} ({turned}): write {meant}, or -{down} "
            f"for down {down}")  # fmt: skip


def plus_dropped_rows(rows: Sequence[Row | None], typed: Sequence[Typed], name: Namer) -> list[Row | None]:
    """The rows of a results block (``typed``: what was typed of each, as text), each scored line whose result is
    a bare number that :func:`plus_dropped` doubts, where another row gives its result against the contract, kept
    as an :class:`~xlbridge.engine.session.Unscorable` row with why (its scores wait until it is put right, as the
    import refuses it); the rows are named by ``name``."""
    bare = [index for index, (row, texts) in enumerate(zip(rows, typed, strict=True))
            if isinstance(row, Line) and row.play is not None and texts.result.isdigit()]  # fmt: skip
    if not bare:
        return list(rows)
    first = next((index for index, texts in enumerate(typed) if against_the_contract(texts.contract, texts.result)),
                 None)  # fmt: skip
    if first is None:
        return list(rows)
    out = list(rows)
    example = typed[first].result
    for index in bare:
        row, texts = rows[index], typed[index]
        reason = plus_dropped(texts.contract, texts.result, name(first), example)
        if reason and row is not None:
            out[index] = Unscorable(row.board, row.ns, row.ew, texts, reason, section=row.section)
    return out


def waiting_row(slot: Slot) -> Unscorable:
    """A row of the movement not typed yet: its board and pairs, nothing else (a workbook keeps it quiet, and
    counts it as a result still to come)."""
    return Unscorable(slot.board, slot.ns, slot.ew, NOTHING_TYPED,
                      f"board {slot.board}: no result for NS {slot.ns} v EW {slot.ew} (round {slot.round}, "
                      f"table {slot.table})")  # fmt: skip


def in_playing_order(session: Session, movement: Movement) -> tuple[Session, list[int | None]]:
    """The session's lines as the movement's travellers hold them: board by board, each board's lines in the order
    they are played (:meth:`~xlbridge.engine.movements.Movement.slots`), each slot's result in its place (a result
    with North-South and East-West swapped in the place of the line it was meant for) and a slot without one as a
    row waiting to be typed (:func:`waiting_row`); then the lines the movement does not have, in their order.

    Also gives, for each line of the new session, the index of the line it was (None for a waiting row added), so
    that what is known about each line (where it was read) can follow it."""
    at: dict[tuple[int | None, PairNumber | None, PairNumber | None], list[int]] = {}
    for index, row in enumerate(session.lines):
        at.setdefault((row.board, row.ns, row.ew), []).append(index)
    taken: set[int] = set()

    def take(key: tuple[int, PairNumber, PairNumber]) -> list[int]:
        found = [index for index in at.get(key, ()) if index not in taken]
        taken.update(found)
        return found

    slots = movement.slots()
    exact = [take((slot.board, slot.ns, slot.ew)) for slot in slots]  # every slot's own lines first: a line turned
    turned = [take((slot.board, slot.ew, slot.ns)) for slot in slots]  # round may have the key of another slot
    lines: list[Row] = []
    was: list[int | None] = []
    for slot, found in zip(slots, (a + b for a, b in zip(exact, turned, strict=True)), strict=True):
        if not found:
            lines.append(waiting_row(slot))
            was.append(None)
        for index in found:
            lines.append(session.lines[index])
            was.append(index)
    for index, row in enumerate(session.lines):
        if index not in taken:
            lines.append(row)
            was.append(index)
    return replace(session, lines=tuple(lines)), was


@dataclass(frozen=True, slots=True)
class KindEvidence:
    """The movement kind the lines show, and why, in words."""

    kind: FieldKind
    evidence: str


def infer_kind(rows: Sequence[Row]) -> KindEvidence:
    """One field or two, from the lines alone.

    In a two-winner Mitchell the North-South and East-West pairs are numbered apart, so on a board a number sits
    North-South on one line and East-West on another (NS 3 and EW 3 are two pairs), nearly always; in a one-field
    movement (a Howell, a one-winner Mitchell) a number on both sides of one board is a pair playing it twice, a
    mistake. A few such sightings are mistakes in a one-field session; many are the two fields of a Mitchell. In a
    session of sections a number is looked for within its section (pair 1 of A and pair 1 of B are two pairs)."""
    known = rows_with_pairs(rows)
    lines = len(known)
    # each number on each board of each section that sits North-South on one line and East-West on another
    both = 0
    for section in dict.fromkeys(row.section for _, row in known):
        ns, ew = seats([(index, row) for index, row in known if row.section == section])
        both += sum(len(set(sat).intersection(ew[board])) for board, sat in ns.items())
    if both >= 3 and both * 20 >= lines:
        return KindEvidence(
            TWO_FIELDS,
            f"on {both} occasions a pair number sits North-South on one line of a board and East-West on another: "
            "North-South and East-West pairs are numbered apart (two fields)",
        )
    if both:
        return KindEvidence(
            ONE_FIELD,
            f"only {both} time{'s' if both > 1 else ''} in {lines} lines does a pair number sit both North-South "
            "and East-West on one board (two fields would show it on most): one field, those lines flagged",
        )
    return KindEvidence(ONE_FIELD, "no pair number sits both North-South and East-West on one board: one field")
