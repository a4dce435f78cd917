"""Scoring a whole pairs session: every result against its board, every pair's total, the places, the travellers.

The figures follow Compscore3 and EBUScore, and reproduce their numbers: a board's matchpoints are out of that
board's own top (as its traveller shows them); its percentages are Neuberg-scaled to the results every board
should have had; a pair's percentage is the mean of its boards' percentages. Its total is what Compscore3 prints:
each board's figure as its traveller shows it (the percentage to 2 decimals, in matchpoints on the session's top, to 2
decimals), summed, and factored up to the boards the pair was due where a board of one of its rounds went unplayed
(a round it sat out is not made up, nor a result of the movement not typed yet: a provisional ranking's totals are
of the boards played so far), to the hundredth with an exact half to the even one. With cross-IMP or Butler
scoring a pair's total is the sum of its IMPs. Places are shared by pairs whose figures are exactly equal
(``2=``), within each field.

With handicaps (a pair's :attr:`~xlbridge.engine.session.Pair.handicap`, in percentage points) a matchpointed
session also has a handicapped ranking: each pair's percentage plus its handicap (0 for a pair without one), placed
the same way; the scratch figures and places are kept as they are (EBUScore keeps both, and under EBU regulations
master points and grades use the scratch results).

While any result needs checking (an :class:`~xlbridge.engine.session.Unscorable` row, or a pair that is not on the
session's list of pairs) the totals and places wait: they are None, never a wrong ranking.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cached_property

from ..rules import IMP_SCALES, Side
from ..rules.comparisons import EUROPEAN
from .errors import BridgeInputError
from .field import Field
from .pairs import Pair, PairNumber
from .parse import Artificial, Weighted
from .session import Line, NotPlayed, Session, Unscorable
from .values import exact_sum, hundredths_of, hundredths_to_even

__all__ = [
    "Figure",
    "LineScore",
    "Seating",
    "SessionScore",
    "Standing",
    "played_by",
    "score_session",
    "share_places",
]

#: A figure a session shows: a number, the reason it cannot be given, or None for nothing to show.
Figure = Fraction | int | BridgeInputError | None
#: A result's North-South score: points, or an adjusted score.
Score = int | Fraction | Artificial | Weighted


@dataclass(frozen=True, slots=True)
class LineScore:
    """What a result scores: North-South's score, each side's points (matchpoints on the board's own top, or
    IMPs), each side's percentage (matchpoint scoring), the board's Butler datum, and what needs checking."""

    ns_score: Score | None
    ns_points: Figure
    ew_points: Figure
    ns_percent: Figure
    ew_percent: Figure
    datum: Figure
    problem: str = ""

    @property
    def ew_score(self) -> Score | None:
        score = self.ns_score
        return -score if isinstance(score, (int, Fraction)) else score


@dataclass(frozen=True, slots=True)
class Standing:
    """A pair's place in its field: boards played, total, percentage (matchpoint scoring) and place."""

    pair: Pair
    #: 1, or 2 for the East-West field of a two-field movement.
    field: int
    boards: int
    total: Figure
    percentage: Figure
    place: str
    #: With handicaps (matchpoint scoring, a session whose pairs have any): the pair's handicap (0 for a pair
    #: without one), its percentage plus the handicap, and its place by that (ties shared as in the ranking).
    handicap: Fraction | None = None
    handicapped: Figure = None
    handicapped_place: str = ""
    #: Ranked by the total, factored up to the boards the pair was due, rather than by the percentage (the
    #: ``FACTORED`` rule of :data:`~xlbridge.rules.RANKING_RULES`).
    by_total: bool = False

    @property
    def key(self) -> Fraction | int | None:
        """What the ranking sorts by (IMPs, the percentage, or the total); None while it cannot be given."""
        figure = self.total if self.percentage is None or self.by_total else self.percentage
        return None if figure is None or isinstance(figure, BridgeInputError) else figure

    @property
    def handicapped_key(self) -> Fraction | int | None:
        """What the handicapped ranking sorts by; None without it."""
        figure = self.handicapped
        return None if figure is None or isinstance(figure, BridgeInputError) else figure


@dataclass(frozen=True)
class SessionScore:
    """A scored session: one :class:`LineScore` per row of ``session.lines`` and one :class:`Standing` per pair of
    ``session.pairs``, in their order, with the session's figures."""

    session: Session
    lines: tuple[LineScore, ...]
    standings: tuple[Standing, ...]
    #: Results every board is scaled to (Neuberg), and the matchpoint top on a board of that many.
    expected: int
    top: Fraction
    #: Distinct boards, rows of results (not the boards not played), and rows that need checking.
    boards: int
    results: int
    problems: int
    #: In a session of two sections or more scored within each section, each section with its results per board
    #: and top (``expected`` and ``top`` are then the largest section's); empty otherwise.
    section_tops: tuple[tuple[str, int, Fraction], ...] = ()

    @property
    def ranking(self) -> list[Standing]:
        """The standings in place order: section by section, field by field, best first; pairs without a figure
        last."""
        return sorted(self.standings, key=lambda s: (s.pair.section, s.field, s.key is None, -(s.key or 0)))

    @cached_property
    def overall(self) -> list[Standing]:
        """Every section's pairs ranked together, field by field where every section has two winners (the
        North-South pairs of every section in one list, the East-West pairs in another; else all in one list), in
        place order: by percentage (across the field, of one top; within sections, each section's matchpoints
        factored to a common top), or by the total where there are no percentages (IMPs); the places are the
        overall ones. In a session of one section, its ranking."""
        if len(self.session.sections) == 1:
            return self.ranking

        def key(standing: Standing) -> Fraction | int | None:
            figure = standing.percentage if standing.percentage is not None else standing.total
            return None if figure is None or isinstance(figure, BridgeInputError) else figure

        session = self.session
        by_direction = all(session.field_of(section).two_fields for section in session.sections)
        keyed = [(standing.field if by_direction else 1, key(standing)) for standing in self.standings]
        placed = [replace(standing, place=place)
                  for standing, place in zip(self.standings, share_places(keyed), strict=True)]  # fmt: skip
        return sorted(placed, key=lambda s: (s.field if by_direction else 1, key(s) is None, -(key(s) or 0)))

    @property
    def handicapped(self) -> bool:
        """True when the session has a handicapped ranking (matchpoint scoring, some pair with a handicap)."""
        return any(standing.handicap is not None for standing in self.standings)

    @property
    def handicapped_ranking(self) -> list[Standing]:
        """The standings in handicapped place order: field by field, best first; pairs without a figure last."""
        return sorted(self.standings, key=lambda s: (s.field, s.handicapped_key is None, -(s.handicapped_key or 0)))

    def traveller(self, board: int) -> list[int]:
        """The indices of the board's rows, in the order they were entered."""
        return list(self._travellers.get(board, ()))

    @cached_property
    def _travellers(self) -> dict[int | None, list[int]]:
        """Every board's row indices, found in one pass over the rows (not one pass per board)."""
        out: dict[int | None, list[int]] = {}
        for index, row in enumerate(self.session.lines):
            out.setdefault(row.board, []).append(index)
        return out


def _line_problems(session: Session) -> list[str]:
    """What needs checking on each line: why it cannot be scored, or a pair not on the session's list of pairs (a
    session without a list, such as one board's traveller, checks no pairs)."""
    out = []
    reasons: dict[tuple[PairNumber | None, PairNumber | None], str] = {}  # each two pairs' reason, found once
    for row in session.lines:
        unlisted = reasons.get((row.ns, row.ew))
        if unlisted is None:
            unlisted = reasons[row.ns, row.ew] = session.unlisted(row)
        if not isinstance(row, Unscorable):
            out.append(unlisted)
        elif unlisted and unlisted not in row.reason:  # a pair not on the list says first what else is wrong
            out.append(f"{unlisted}; {row.reason}")
        else:
            out.append(row.reason)
    return out


def _fields(
    session: Session, scores: Sequence[Score | None], expected: int
) -> dict[int, tuple[Field, Field | BridgeInputError] | BridgeInputError]:
    """Each board's field as it stands (its own top) and scaled to ``expected`` results, or why it cannot be;
    ``scores`` are the lines' scores (None for a line that is not a result)."""
    entries: dict[int, list[object]] = {}
    blocked: set[int] = set()
    for row, score in zip(session.lines, scores, strict=True):
        if isinstance(row, Unscorable):
            if row.board is not None:
                blocked.add(row.board)
        elif isinstance(row, Line):  # a board not played at a table is not one of its results
            entries.setdefault(row.board, []).append(score)
    fields: dict[int, tuple[Field, Field | BridgeInputError] | BridgeInputError] = {}
    for board, board_scores in entries.items():
        if board in blocked:
            fields[board] = BridgeInputError(f"board {board}: a result on it needs checking")
            continue
        own = Field(board_scores)
        scaled: Field | BridgeInputError
        if own.size > expected:  # a board scored to fewer results than it has: the session's per-board figure
            scaled = BridgeInputError(f"board {board} has {own.size} results, more than the {expected} per board "
                                      "the session is scored to (results per board)")  # fmt: skip
        else:  # a board with as many results as expected is its own scaled field: no Neuberg to apply
            scaled = own if own.size == expected else Field(board_scores, expected)
        fields[board] = (own, scaled)
    return fields


def _score_line(entry: Score, fields: tuple[Field, Field | BridgeInputError], session: Session) -> LineScore:
    """What a result whose score is ``entry`` scores on its board (``fields``, as :func:`_fields` gives them)."""
    own, scaled = fields
    method = session.method
    conventions = method.conventions
    imp_scale = IMP_SCALES.default
    if method.comparison == "matchpoints":
        scale, artificial = method.matchpoint_scale or EUROPEAN, conventions.artificial
        mp = own.matchpoints(entry, scale, artificial)
        ns_pct: Figure
        ew_pct: Figure
        if isinstance(scaled, BridgeInputError):
            ns_pct, ew_pct = scaled, scaled
        else:
            pct = mp if scaled is own else scaled.matchpoints(entry, scale, artificial)
            ns_pct, ew_pct = pct.ns_percent, pct.ew_percent
        return LineScore(entry, mp.ns, mp.ew, ns_pct, ew_pct, None)
    if method.comparison == "cross-imps":
        imps = own.cross_imps(entry, imp_scale, total=not conventions.cross_imps.averaged)
        return LineScore(entry, imps.ns, imps.ew, None, None, None)
    datum_method = conventions.datum
    ns: Figure
    ew: Figure
    try:
        butler = own.butler(entry, imp_scale, datum_method)
        ns, ew = butler.ns, butler.ew
    except BridgeInputError as error:  # a board with no real result to form a datum from
        ns = ew = error
    try:
        datum: Figure = own.datum(datum_method)
    except BridgeInputError as error:
        datum = error
    return LineScore(entry, ns, ew, None, None, datum)


#: Where each pair sat (:attr:`~xlbridge.engine.session.Session.seating`).
Seating = dict[tuple[str, PairNumber, Side | None], list[tuple[Side, int]]]
#: Who a pair is: its section, its number, and in two fields its direction.
PairKey = tuple[str, PairNumber, Side | None]


def _pair_key(section: str, number: PairNumber, side: Side | None, two_fields: bool) -> PairKey:
    """Who a pair is: in two fields its number and its direction (NS 1 and EW 1 are two pairs), else its number;
    in its section."""
    return section, number, side if two_fields else None


def played_by(pair: Pair, seated: Seating, two_fields: bool) -> list[tuple[Side, int]]:
    """The results ``pair`` played, as (its side, row index): in two fields (``two_fields``: the session's
    movement's, always given, since a pair is found by its number alone in one field) only in its own direction (a
    pair listed there without a direction played none: its results are not on the list of pairs)."""
    return seated.get(_pair_key(pair.section, pair.number, pair.direction, two_fields), [])


def _printed(percent: Fraction, top: Fraction) -> int:
    """A board's figure as its traveller prints it, in hundredths of a matchpoint: the percentage to 2 decimals,
    in matchpoints on ``top``, to 2 decimals again (whole-number arithmetic: a session has thousands of them)."""
    shown = hundredths_of(*percent.as_integer_ratio())  # the percentage, in hundredths
    return hundredths_of(shown * top.numerator, 10_000 * top.denominator)


#: What a line gives a pair's total from one side: its points, its percentage and its figure as the traveller
#: prints it (:func:`_printed`; 0 without percentages).
Seen = tuple[Figure, Figure, int]


def _sides(shown_line: LineScore, top: Fraction) -> tuple[Seen, Seen]:
    """What a line gives a pair's total from each side, North-South's then East-West's (the printed figures worked
    out once for each distinct line score)."""
    ns, ew = shown_line.ns_percent, shown_line.ew_percent
    if isinstance(ns, Fraction) and isinstance(ew, Fraction):
        return (shown_line.ns_points, ns, _printed(ns, top)), (shown_line.ew_points, ew, _printed(ew, top))
    return (shown_line.ns_points, ns, 0), (shown_line.ew_points, ew, 0)


def _due(session: Session, seated: Seating) -> dict[PairKey, int]:
    """How many boards each pair should have played: those of the rounds it sat at a table with opponents (a
    sit-out's are not due). From the movement when the session has it, counting only the movement's lines that
    are in (a result, or a board not played): a line not typed yet is not owed, so a provisional ranking gives
    every pair's total as played so far. Else from the lines: a pair is due every board of each set it played in
    (:func:`~xlbridge.engine.meetings.board_sets`: a board of a set left unplayed, or fouled, is due; a round it
    sat out is not), and never more than the most any pair of its field played (so that no line typed wrong makes
    the others owe boards nobody played)."""
    two_fields = session.field_kind.two_fields
    if session.plan is not None:
        entered = {(row.board, row.ns, row.ew) for row in session.lines}
        due: Counter[PairKey] = Counter()
        section = session.sections[0]  # (a session with its movement: one section)
        for encounter in session.plan.encounters:
            if encounter.ns is None or encounter.ew is None:
                continue
            boards = sum(1 for board in encounter.boards.boards if (board, encounter.ns, encounter.ew) in entered)
            for number, side in ((encounter.ns, Side.NS), (encounter.ew, Side.EW)):
                due[_pair_key(section, number, side, two_fields)] += boards
        return dict(due)
    sets = session.board_sets
    size = Counter(sets.values())
    most: Counter[Side | None] = Counter()  # the most boards a pair of each field played
    for (_, _, direction), played in seated.items():
        most[direction] = max(most[direction], len(played))
    out = {}
    root_of = [None if row.board is None else sets.get(row.board) for row in session.lines]  # each line's set
    for key, played in seated.items():
        roots = {root for _, index in played if (root := root_of[index]) is not None}
        out[key] = min(sum(size[root] for root in roots), most[key[2]])
    return out


def _standings(session: Session, sides: list[tuple[Seen, Seen] | None], waiting: bool, failing: bool) -> list[Standing]:
    """Each pair's standing, from what its lines give it (``sides``: each line's, from each side, as :func:`_sides`
    gives them; ``failing``: whether a figure of any line fails); no figures while the ranking is ``waiting`` for
    lines to be checked."""
    two_fields = session.field_kind.two_fields
    seated = session.seating
    due = _due(session, seated) if not (session.method.imp_scoring or waiting) else {}
    figures: list[tuple[Pair, int, int, Figure, Figure]] = []
    for pair in session.pairs:
        mine = played_by(pair, seated, two_fields)
        field = 2 if two_fields and pair.direction is Side.EW else 1
        total: Figure
        percentage: Figure = None
        if waiting or not mine:
            figures.append((pair, field, len(mine), None, None))
            continue
        seen = [sides[index][0 if side is Side.NS else 1] for side, index in mine]  # type: ignore[index]
        errors = [v for each in seen for v in each[:2] if isinstance(v, BridgeInputError)] if failing else []
        if errors:
            total = errors[0]
            percentage = None if session.method.imp_scoring else errors[0]
        elif session.method.imp_scoring:
            total = exact_sum(Fraction(points) for points, _, _ in seen)  # type: ignore[arg-type]
        else:
            percents: list[Fraction] = [pct for _, pct, _ in seen]  # type: ignore[misc]
            percentage = exact_sum(percents) / len(percents)
            # As the club's scorer prints it: each board's figure as its traveller shows it (the percentage to 2
            # decimals, in matchpoints on the session's top, to 2 decimals again), summed over the boards the
            # pair played, factored up to the boards it was due (a board left unplayed; not a round sat out), an
            # exact half of a hundredth going to the even one (Compscore3: 64.40 x 17/16 = 68.425 prints 68.42).
            shown = sum(printed for _, _, printed in seen)  # hundredths
            key = _pair_key(pair.section, pair.number, pair.direction, two_fields)
            owed = max(due.get(key, len(mine)), len(mine))
            total = Fraction(hundredths_to_even(shown * owed, 100 * len(mine)), 100)
        figures.append((pair, field, len(mine), total, percentage))
    by_total = session.method.conventions.ranking.by_total
    keyed = [Standing(pair, field, count, total, pct, "", by_total=by_total)
             for pair, field, count, total, pct in figures]  # fmt: skip
    places = share_places([(standing.field, standing.key) for standing in keyed])
    out = [replace(standing, place=place) for standing, place in zip(keyed, places, strict=True)]
    if session.method.imp_scoring or all(pair.handicap is None for pair in session.pairs):
        return out
    handicapped = []
    for standing in out:
        handicap = standing.pair.handicap or Fraction(0)
        figure = standing.percentage
        handicapped.append(
            replace(
                standing,
                handicap=handicap,
                handicapped=figure + handicap if isinstance(figure, (int, Fraction)) else figure,
            )
        )
    places = share_places([(standing.field, standing.handicapped_key) for standing in handicapped])
    return [replace(standing, handicapped_place=place) for standing, place in zip(handicapped, places, strict=True)]


def share_places(keys: Sequence[tuple[int, Fraction | int | float | None]]) -> list[str]:
    """Places for (field, figure) pairs, best figure first within each field: exactly equal figures share a place,
    shown with ``=`` (``2=``), and the next place is counted past them (1, 2=, 2=, 4); no figure, no place."""
    by_field: dict[int, list[Fraction | int | float]] = {}
    for field, key in keys:
        if key is not None:
            by_field.setdefault(field, []).append(key)
    negated = {field: sorted(-value for value in values) for field, values in by_field.items()}  # best first
    out = []
    for field, key in keys:
        if key is None:
            out.append("")
            continue
        better = bisect_left(negated[field], -key)
        tied = bisect_right(negated[field], -key) - better > 1
        out.append(f"{better + 1}{'=' if tied else ''}")
    return out


def _failed(shown_line: LineScore) -> LineScore:
    """A line's score saying, as what needs checking, why a figure of it cannot be given."""
    for figure in (shown_line.ns_points, shown_line.ew_points, shown_line.ns_percent, shown_line.ew_percent):
        if isinstance(figure, BridgeInputError):
            return replace(shown_line, problem=str(figure))
    return shown_line


@dataclass(frozen=True)
class _Scored:
    """The lines of one comparison group scored: each line's score, what it gives each side's total, and the
    group's figures."""

    lines: list[LineScore]
    sides: list[tuple[Seen, Seen] | None]
    failing: bool
    expected: int
    top: Fraction


def _score_lines(session: Session) -> _Scored:
    """Every line of ``session`` scored against the other results on its board in ``session``."""
    counts = Counter(row.board for row in session.lines if row.board is not None and not isinstance(row, NotPlayed))
    planned = session.plan.plays() if session.plan is not None else Counter()
    expected = session.per_board or max([*counts.values(), *planned.values()], default=1)
    scale = session.method.matchpoint_scale or EUROPEAN
    top = scale.per_win * (expected - 1)
    problems = _line_problems(session)
    scores = [row.score if isinstance(row, Line) else None for row in session.lines]  # each worked out once
    fields = _fields(session, scores, expected)
    # Every result of one score on a board scores the same, and a board's results share a few scores: each is
    # scored once (by its type too, so that every line keeps the score it was entered as).
    scored_by: dict[tuple[int, type, Score], tuple[LineScore, tuple[Seen, Seen]]] = {}
    lines = []
    sides: list[tuple[Seen, Seen] | None] = []  # what each result gives a pair's total (None: not a result)
    failing = False  # whether any line has a figure that cannot be given
    for row, score, problem in zip(session.lines, scores, problems, strict=True):
        if isinstance(row, Unscorable):
            error = BridgeInputError(row.reason)
            lines.append(LineScore(None, error, error, error, error, None, problem))
            sides.append(None)
            failing = True
            continue
        if isinstance(row, NotPlayed):  # nothing to score
            lines.append(LineScore(None, None, None, None, None, None, problem))
            sides.append(None)
            continue
        board = fields[row.board]
        if isinstance(board, BridgeInputError):
            lines.append(LineScore(score, board, board, board, board, None, problem))
            sides.append(((board, board, 0), (board, board, 0)))
            failing = True
            continue
        assert score is not None  # a Line's
        key = (row.board, score.__class__, score)
        found = scored_by.get(key)
        if found is None:
            scored_line = _score_line(score, board, session)
            shown_line = _failed(scored_line)
            failing = failing or shown_line is not scored_line  # (a figure of it fails)
            found = scored_by[key] = shown_line, _sides(shown_line, top)
        lines.append(replace(found[0], problem=problem) if problem else found[0])
        sides.append(found[1])
    return _Scored(lines, sides, failing, expected, top)


def score_session(session: Session) -> SessionScore:
    """Every result, pair and place of ``session``, scored as its method says. A session of two sections or more
    compares a board's results within each section or across the field (its ``section_scoring``), and ranks each
    section's pairs apart (:attr:`SessionScore.overall` ranks them together)."""
    parts = session.split()
    if len(parts) == 1 or session.section_scoring.across:
        groups = [(session, list(range(len(session.lines))))]
    else:
        groups = [(own, lines) for own, lines, _ in parts]
    lines: list[LineScore | None] = [None] * len(session.lines)
    sides: list[tuple[Seen, Seen] | None] = [None] * len(session.lines)
    failing = False
    tops: dict[str, tuple[int, Fraction]] = {}
    for group, indices in groups:
        scored = _score_lines(group)
        for index, line, side in zip(indices, scored.lines, scored.sides, strict=True):
            lines[index], sides[index] = line, side
        failing = failing or scored.failing
        tops.update(dict.fromkeys(group.sections, (scored.expected, scored.top)))
    shown = [line for line in lines if line is not None]
    problems = [line.problem for line in shown]  # with the lines whose figures fail: a ranking never holds a hole
    waiting = any(problems)
    standings: list[Standing | None] = [None] * len(session.pairs)
    for own, indices, pairs in parts:
        ranked = _standings(own, [sides[index] for index in indices], waiting, failing)
        for index, standing in zip(pairs, ranked, strict=True):
            standings[index] = standing
    expected, top = max(tops.values())
    return SessionScore(
        session,
        tuple(shown),
        tuple(standing for standing in standings if standing is not None),
        expected,
        top,
        len({row.board for row in session.lines if row.board is not None and not isinstance(row, NotPlayed)}),
        len(session.lines) - len(session.not_played),
        sum(1 for problem in problems if problem),
        tuple((section, *figures) for section, figures in tops.items()) if len(groups) > 1 else (),
    )
