"""The session pipeline: every pairs session goes source -> input -> prepare -> result -> output.

- A **source** (a results file, a workbook's entry blocks, the worksheet functions' cells, the Bridgemates) gives a
  :class:`SessionInput`: the results block row by row (None for a blank row), the names block row by row, the
  movement when it is known, and the choices made (scoring method, one field or two, results per board, the
  masterpoint scale, the event and its date).
- :func:`prepare` decides one field or two (:func:`decide_field`: one rule, with its evidence), lists the pairs,
  runs the entry checks once (:func:`~xlbridge.engine.checks.check_session`) and names what is missing.
- :func:`result` scores it (:func:`~xlbridge.engine.standings.score_session`) and answers what every output asks:
  provisional or final, the rows to put right, the doubts, the masterpoints.
- Every **output** (a workbook's values, the ranking, the website, USEBIO and PBN, the worksheet functions' cells)
  reads a :class:`SessionResult`.

Rows are named as a sheet names them (``row 7``: the block's first row is ``first_row``), so that the reasons a
workbook's Check column shows are the same whichever source the session came from.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property

from ..rules import (
    MASTERPOINT_SCALES,
    SECTION_SCORINGS,
    SESSION_METHODS,
    FieldKind,
    MasterpointScale,
    SectionScoring,
    SessionMethod,
    Strats,
)
from ..rules.methods import TWO_FIELDS
from .checks import Finding, check_session, flag_rows, infer_kind
from .errors import BridgeInputError
from .masterpoints import SessionAwards, masterpoints
from .movements.rounds import Movement, Slot
from .pairs import Pair, PairNumber
from .session import Row, Session, Unscorable, pairs_in
from .standings import SessionScore, score_session
from .strats import Holdings, Stratified, stratify
from .values import show

__all__ = ["FieldDecision", "PreparedSession", "SessionInput", "SessionResult", "decide_field", "prepare", "result"]


@dataclass(frozen=True)
class SessionInput:
    """A session as a source gives it: its results and names blocks row by row (None for a blank row), the
    movement when known, and the choices made. ``field`` is one field or two as said (None: not said)."""

    rows: tuple[Row | None, ...]
    pairs: tuple[Pair | None, ...] = ()
    plan: Movement | None = None
    method: SessionMethod = SESSION_METHODS.default
    field: FieldKind | None = None
    per_board: int | None = None
    event: str = ""
    date: dt.date | None = None
    masterpoints: MasterpointScale = MASTERPOINT_SCALES.default
    #: The sheet row of each block's first row (a reason names a row as the sheet does: ``row 7``).
    first_row: int = 2
    #: Within section or across the field, where the rows and pairs say their sections; the sections ranked
    #: otherwise than ``field`` (:attr:`~xlbridge.engine.session.Session.section_fields`).
    section_scoring: SectionScoring = SECTION_SCORINGS.default
    section_fields: tuple[tuple[str, FieldKind], ...] = ()

    def row_name(self, row: int) -> str:
        """How a reason names the results block's row ``row`` (0 is the first)."""
        return f"row {self.first_row + row}"


@dataclass(frozen=True)
class FieldDecision:
    """One field or two, and why: ``because`` is ``said`` (the choices), ``movement`` (the movement numbers the
    pairs so), ``names`` (the list of pairs gives directions) or ``lines`` (what the lines show, ``evidence``)."""

    kind: FieldKind
    because: str
    evidence: str = ""


def decide_field(
    chosen: FieldKind | None, plan: Movement | None, pairs: Sequence[Pair], rows: Sequence[Row]
) -> FieldDecision:
    """One field or two: as said; else as the movement numbers its pairs; else two where the list of pairs gives
    directions; else as the lines show (:func:`~xlbridge.engine.checks.infer_kind`). What is said is refused, with
    the reason (the error's ``argument`` is ``fields``), where the movement numbers the pairs the other way, where
    it is one field but the lines show two, or where it is two but the listed pairs have no direction."""
    if chosen is None:
        if plan is not None:
            return FieldDecision(plan.field_kind, "movement")
        if any(pair.direction is not None for pair in pairs):
            return FieldDecision(TWO_FIELDS, "names")
        found = infer_kind(rows)
        return FieldDecision(found.kind, "lines", found.evidence)
    if plan is not None and chosen.two_fields is not plan.two_fields:
        numbered = "apart (NS 1 v EW 1: two fields)" if plan.two_fields else "as one field"
        raise BridgeInputError(f"{chosen.name}, but the movement's rows number the pairs {numbered}; say "
                               f"{plan.field_kind.name}", argument="fields")  # fmt: skip
    if plan is None and not chosen.two_fields and (shown := infer_kind(rows)).kind.two_fields:
        raise BridgeInputError(f"{chosen.name}, but {shown.evidence}; say {shown.kind.name}", argument="fields")
    if chosen.two_fields and pairs and all(pair.direction is None for pair in pairs):
        raise BridgeInputError(f"{chosen.name}, but the names give no pair a direction: North-South and East-West "
                               "pairs are numbered apart, so say NS or EW beside each pair",
                               argument="fields")  # fmt: skip
    return FieldDecision(chosen, "said")


def _listed_once(pairs: Sequence[Pair | None], session: Session, first_row: int) -> None:
    """Refuse a pair the names list twice (by section and number, and in two fields its direction), naming both
    rows: its results would be counted for each, and both placed."""
    first: dict[tuple[object, object, object], int] = {}
    for number, pair in enumerate(pairs, start=first_row):
        if pair is None:
            continue
        two_fields = session.field_of(pair.section).two_fields
        key = (pair.section, pair.number, pair.direction if two_fields else None)
        if key in first:
            shown = f"{pair.section}{show(pair.number)}{pair.direction_text if two_fields else ''}"
            raise BridgeInputError(f"pair {shown} is listed twice on the names, on rows {first[key]} and {number}")
        first[key] = number


def _waiting(row: Row | None, slots: Collection[tuple[int, PairNumber, PairNumber]]) -> bool:
    """A row of the movement not typed yet: its board and pairs (as pre-filled from the movement), nothing else."""
    return (
        isinstance(row, Unscorable)
        and not any(row.entered)
        and row.board is not None
        and (row.board, row.ns, row.ew) in slots
    )


@dataclass(frozen=True)
class PreparedSession:
    """A session ready to be scored: its lines (the results block's rows that are neither blank nor waiting to be
    typed), each line the entry checks hold against flagged with its reasons (:func:`~xlbridge.engine.checks.
    flag_rows`), its pairs and one field or two decided; what the checks found, and what the movement expects that
    is not in."""

    input: SessionInput
    session: Session
    field: FieldDecision
    #: For each row of the results block, the index of its line in ``session.lines`` (None: blank or waiting).
    line_of: tuple[int | None, ...]
    #: For each line, its row of the results block (0 is the first).
    row_of: tuple[int, ...]
    #: The results block's rows of the movement not typed yet (quiet, counted as not in).
    waiting: tuple[int, ...]
    #: Every finding of the entry checks, each naming rows as the sheet does.
    findings: tuple[Finding, ...]

    @cached_property
    def missing(self) -> list[Slot]:
        """The movement's lines that have no result yet."""
        return [finding.slot for finding in self.findings if finding.slot is not None]

    @cached_property
    def missing_reasons(self) -> list[str]:
        """Each missing line in words: ``board 4: no result for NS 2 v EW 2 (round 1, table 2)``."""
        return [finding.reason for finding in self.findings if finding.slot is not None]

    @cached_property
    def missing_rows(self) -> list[int | None]:
        """For each missing line (as :attr:`missing` lists them), the results block's row waiting for it to be
        typed (0 is the first): the row of its board and pairs with nothing else; None where no row waits."""
        rows = self.input.rows
        waiting = {(row.board, row.ns, row.ew): index for index in self.waiting if (row := rows[index]) is not None}
        return [waiting.get((slot.board, slot.ns, slot.ew)) for slot in self.missing]

    @cached_property
    def doubts(self) -> dict[int, str]:
        """What the lines alone put in doubt (NS and EW the other way round from the rest of a meeting, a board
        played at one table), by the line's index: said, never held against the session."""
        doubts: dict[int, str] = {}
        for finding in self.findings:
            if not finding.certain and finding.row is not None:
                chosen = doubts.get(finding.row)
                doubts[finding.row] = finding.reason if chosen is None else f"{chosen}; {finding.reason}"
        return doubts


def prepare(given: SessionInput) -> PreparedSession:
    """The session ``given`` ready to be scored (see :class:`PreparedSession`): one field or two decided, the pairs
    listed (the names block's; the lines' own where it lists none), the entry checks run once. A session that
    cannot be worked out at all (one field or two said against what the movement or the lines show, a pair listed
    twice) is refused with :class:`~xlbridge.engine.errors.BridgeInputError`, its ``argument`` naming the choice or
    block to put right."""
    slots: set[tuple[int, PairNumber, PairNumber]] = set()
    if given.plan is not None:
        slots = {(s.board, s.ns, s.ew) for s in given.plan.slots()}
    waiting = tuple(index for index, row in enumerate(given.rows) if slots and _waiting(row, slots))
    quiet = set(waiting)
    line_of: list[int | None] = []
    row_of: list[int] = []
    lines: list[Row] = []
    for index, row in enumerate(given.rows):
        if row is None or index in quiet:
            line_of.append(None)
            continue
        line_of.append(len(lines))
        row_of.append(index)
        lines.append(row)
    listed = [pair for pair in given.pairs if pair is not None]
    decided = decide_field(given.field, given.plan, listed, lines)
    two_fields = decided.kind.two_fields
    own_fields = {section: kind.two_fields for section, kind in given.section_fields}
    session = Session(
        event=given.event,
        date=given.date,
        method=given.method,
        field_kind=decided.kind,
        per_board=given.per_board,
        pairs=tuple(listed) or tuple(pairs_in(lines, two_fields, own_fields)),
        lines=tuple(lines),
        plan=given.plan,
        masterpoints=given.masterpoints,
        section_scoring=given.section_scoring,
        section_fields=given.section_fields,
    )
    _listed_once(given.pairs, session, given.first_row)
    # A line the checks flag waits, with its reason in the Check column, as an unscorable one does; a line of the
    # movement with no result is no problem here: it is a row not typed yet.
    findings = check_session(session, given.plan, name=lambda line: given.row_name(row_of[line]))
    flagged = flag_rows(session, findings, missing=False)
    return PreparedSession(given, flagged, decided, tuple(line_of), tuple(row_of), waiting, tuple(findings))


@dataclass(frozen=True)
class SessionResult:
    """A scored session, and the answers every output asks of it."""

    prepared: PreparedSession
    score: SessionScore
    #: Each masterpoint scale's awards (or why the session cannot be awarded on it), worked out once each.
    _awards: dict[str, SessionAwards | BridgeInputError] = field(default_factory=dict, repr=False, compare=False)
    #: The session ranked by strats, worked out once for each choice of strats and holdings.
    _strats: dict[object, Stratified] = field(default_factory=dict, repr=False, compare=False)

    @property
    def session(self) -> Session:
        return self.score.session

    @property
    def missing(self) -> list[Slot]:
        """The movement's lines with no result yet (a session still being entered)."""
        return self.prepared.missing

    def row_name(self, line: int) -> str:
        """How the session's line ``line`` is named (``row 7``)."""
        return self.prepared.input.row_name(self.prepared.row_of[line])

    def problems(self) -> list[tuple[int, str]]:
        """Every line that needs checking, as (its row of the results block, 0 the first; the reason its Check
        cell gives), in row order."""
        out = []
        for index, (row, figures) in enumerate(zip(self.session.lines, self.score.lines, strict=True)):
            if figures.problem or isinstance(row, Unscorable):
                reason = figures.problem or row.reason  # type: ignore[union-attr]
                out.append((self.prepared.row_of[index], reason))
        return sorted(out)

    def doubts(self) -> list[tuple[int, str]]:
        """What the lines alone put in doubt, not held against the session: (its row of the results block, the
        reason), in row order, as the Check column says them."""
        row_of = self.prepared.row_of
        return sorted((row_of[index], reason) for index, reason in self.prepared.doubts.items())

    @property
    def provisional(self) -> str:
        """What a ranking says while results its movement expects are not in: ``provisional: 240 of the 242
        results the movement expects are in``; "" when they are all in (or the movement is not known)."""
        missing = len(self.missing)
        if not missing:
            return ""
        results = self.score.results
        return f"provisional: {results} of the {missing + results} results the movement expects are in"

    def awards(self, scale: MasterpointScale) -> SessionAwards | BridgeInputError:
        """The masterpoints on ``scale``, or why the session cannot be awarded on it (a ranking that waits, a
        walk-in)."""
        found = self._awards.get(scale.name)
        if found is None:
            try:
                found = masterpoints(self.score, scale)
            except BridgeInputError as error:
                found = error
            self._awards[scale.name] = found
        return found

    def stratified(self, strats: Strats, holdings: Holdings | None = None) -> Stratified:
        """The session ranked by ``strats`` (:func:`~xlbridge.engine.strats.stratify`): each pair's strat by its
        players' masterpoint holdings (``holdings``, by the session's pair, where given; else each pair's own), and
        its place in each strat it competes in."""
        key = (strats, None if holdings is None else frozenset(holdings.items()))
        found = self._strats.get(key)
        if found is None:
            found = self._strats[key] = stratify(self.score, strats, holdings)
        return found

    def award_note(self, scale: MasterpointScale) -> str:
        """What the ranking's note says of masterpoints on ``scale``: the scale, that the awards wait for the
        movement's results, or why the session cannot be awarded on it; "" on a scale of none."""
        if not scale.awards:
            return ""
        if self.missing:
            return f"{scale.name} masterpoints when every result is in"
        awards = self.awards(scale)
        return awards.message if isinstance(awards, BridgeInputError) else f"{scale.name} masterpoints"

    def note(self) -> str:
        """What the ranking says under its title: the scoring and top, that it waits for lines to be checked, or
        that it is provisional (:attr:`provisional`)."""
        score = self.score
        method = score.session.method
        if score.problems:
            return f"Waiting: {score.problems} line(s) on Results need checking"
        if method.imp_scoring:
            note = f"{method.words} scoring: total IMPs"
        elif score.section_tops:  # each section its own top
            tops = ", ".join(f"{section} {_shown_top(top)}" for section, _, top in score.section_tops)
            note = f"Matchpoints ({method.words}) within each section, tops {tops}"
        else:
            note = f"Matchpoints ({method.words}), top {_shown_top(score.top)}"
            if len(score.session.sections) > 1:
                note += " across the field"
        provisional = self.provisional
        return note + (f"; {provisional}" if provisional else "")


def _shown_top(top: Fraction) -> str:
    """A matchpoint top as a note says it: 12, or 12.5."""
    return show(top.numerator if top.denominator == 1 else float(top))


def result(prepared: PreparedSession) -> SessionResult:
    """The prepared session scored (:func:`~xlbridge.engine.standings.score_session`)."""
    return SessionResult(prepared, score_session(prepared.session))
