"""PBN 2.1 (Portable Bridge Notation) results: each board's ScoreTable (§5.9) and the TotalScoreTable (§5.10).

A table is a tag whose value names the columns (``"PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;..."``) followed by one
row per line: whitespace-separated fields, quoted strings may hold spaces, ``-`` is empty. Tag values of ``#`` repeat
the previous board's. Auctions, plays and commentary are skipped.

The programs that write them each have their dialect, all read here: Ruter (the Nordic scorer) and Magic Contest
write a direction as ``N-S`` and ``E-W`` or in their users' languages (``Ö-V``, ``Ø-V``, ``E-O``), a sit-out as a
row with no pair on one side (``"Bye"``), an artificial score in each side's own score column (``"A+" "A+"``: both
pairs not at fault, each its average plus), a passed-out board as ``Pass`` scoring 0; and ``[Scoring]`` says the
method and, for cross-IMPs and Butler, how each program forms it (``IMP;Cross``: summed; ``IMP;Butler-2;Mean``: the
datum trimmed from 3 results). The TotalScoreTable names the pairs and gives the file's own ranking (its places,
totals and percentages: :class:`~.common.FileStandings`, compared with the session's own), and whether the pairs
are ranked in one list (one field) or each direction apart (two).

What cannot be read is refused by its line, saying what would make it readable: a ScoreTable that names no pairs
(a frequency table), a score that is neither a score nor an adjusted score (Ruter's ``Pen`` and ``+0``), a
``[Scoring]`` word that says a method xlbridge does not score.

Sections (PBN 2.1: the ``[Section]`` tag, and a ``Section`` column of the ScoreTable and the TotalScoreTable): each
line is in the section its row's Section column names, else its game's ``[Section]`` tag; each pair of the
TotalScoreTable in its row's. Sections that play the same boards are scored across the field or within each section
as the matchpoints (or IMPs) the file gives on their lines show (:func:`~.common.points_agree`); a file whose lines
give none is refused unless ``--method`` says (``MP Across the field``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ...engine.choices import choose_method
from ...engine.errors import BridgeInputError
from ...engine.pairs import Pair, PairNumber, section_name
from ...engine.parse import parse_weighted
from ...engine.session import NOT_PLAYED, Line, Row, Session, Typed, Unscorable, is_not_played
from ...engine.values import NUMBER, as_whole_number
from ...rules import ARTIFICIAL_CODES, SESSION_METHODS, FieldKind, SectionScoring, SessionMethod, Side
from ...rules.methods import ACROSS_FIELD, ONE_FIELD, PBN_CONVENTIONS, TWO_FIELDS, WITHIN_SECTION
from .common import (
    FileStanding,
    FileStandings,
    Imported,
    Problem,
    check_score,
    decoded,
    fail,
    file_figure,
    file_place,
    parse_date,
    points_agree,
    read_pair,
    read_row,
    refuse,
    relative_result,
    shared_boards,
    split_pair,
    unreadable,
)

__all__ = ["MEMBER_COLUMNS", "PbnGame", "read_games", "read_pbn", "scoring_tag"]

_TAG = re.compile(r'\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]\s*')
_FIELD = re.compile(r'\s*(?:"((?:[^"\\]|\\.)*)"|([^\s"]+))')
#: The tags a game may hold more than once (a note for each annotation); any other tag a second time starts the
#: next board, where no blank line comes between (its [Board] tag may be missing: its ScoreTable is then refused).
_REPEATED = frozenset({"Note"})
#: The words of a [Scoring] tag, and the scoring method each is read as (from the registry).
SCORINGS: dict[str, SessionMethod] = {word: method for method in SESSION_METHODS for word in method.pbn_words}
#: What a ScoreTable's contract column says of a board passed out.
_PASSED = frozenset({"PASS", "P", "AP", "PASSED", "ALLPASS"})
#: What a score column says of a row that is no result: a sit-out (Ruter's "Bye").
_BYE = frozenset({"BYE"})


@dataclass
class _Table:
    columns: list[str]
    line: int
    rows: list[tuple[int, list[str]]] = field(default_factory=list)


@dataclass
class _Game:
    tags: dict[str, str] = field(default_factory=dict)
    lines: dict[str, int] = field(default_factory=dict)
    tables: dict[str, _Table] = field(default_factory=dict)


#: A PBN string's escapes: a quote or a backslash after a backslash. Any other backslash is itself (a table's
#: column widths: ``Rank\\1R``).
_ESCAPED = re.compile(r'\\(["\\])')


def _unescaped(string: str) -> str:
    """The text a PBN string holds (between its quotes): ``\\"`` a quote, ``\\\\`` a backslash, from the left."""
    return _ESCAPED.sub(r"\1", string) if "\\" in string else string


def _fields(text: str, where: int, source: Path) -> list[str]:
    """A table's row: its fields, strings unescaped; ``-`` alone is an empty field (``"-"`` is the text -)."""
    out, position = [], 0
    while position < len(text):
        if text[position:].strip() == "":
            break
        match = _FIELD.match(text, position)
        if match is None:
            raise fail(source, where, f"table row cannot be read at {text[position:].strip()[:20]!r} (unclosed quote?)")
        out.append(_unescaped(match[1]) if match[1] is not None else "" if match[2] == "-" else match[2])
        position = match.end()
    return out


def _games(text: str, source: Path) -> list[_Game]:
    games: list[_Game] = []
    current = _Game()
    table: _Table | None = None
    comment = False
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if comment:
            comment = "}" not in line
            continue
        if line.startswith(("%", ";")):
            continue
        if line.startswith("{"):
            comment = "}" not in line
            continue
        if not line:
            if current.tags:
                games.append(current)
                current = _Game()
            table = None
            continue
        if line.startswith("["):
            match = _TAG.fullmatch(line)
            if match is None:
                raise fail(source, number, f"malformed tag {line[:40]!r}")
            name, value = match[1], _unescaped(match[2])
            if name in current.tags and name not in _REPEATED:  # a new board without a blank line between
                games.append(current)
                current = _Game()
            current.tags[name] = value
            current.lines[name] = number
            if name.endswith("Table"):
                columns = [part.split("\\")[0].strip() for part in value.split(";") if part.strip()]
                table = current.tables[name] = _Table(columns, number)
            else:
                table = None
            continue
        if table is not None:
            row = _fields(line, number, source)
            if len(row) != len(table.columns):
                raise fail(
                    source,
                    number,
                    f"{_table_name(current, table)} row has {len(row)} fields where its header names "
                    f"{len(table.columns)} ({', '.join(table.columns)})",
                )
            table.rows.append((number, row))
    if current.tags:
        games.append(current)
    inherited: dict[str, str] = {}
    for game in games:
        for name, value in list(game.tags.items()):
            if value == "#" and name in inherited:
                game.tags[name] = inherited[name]
        inherited.update(game.tags)
    return games


#: One game of a PBN file (its tags, the line of each, its tables), for the other readers of PBN files: the hand
#: records of :mod:`xlbridge.files.interchange.handrecords`.
PbnGame = _Game


def read_games(text: str, source: Path) -> list[PbnGame]:
    """Every game of a PBN file's text, its tags and tables read (a malformed tag or table row is refused, naming
    the line); ``#`` values repeat the previous game's."""
    return _games(text, source)


def _table_name(game: _Game, table: _Table) -> str:
    return next(name for name, candidate in game.tables.items() if candidate is table)


def read_pbn(data: bytes, source: Path, method: str | None = None, sections: SectionScoring | None = None) -> Imported:
    """The session a PBN results file holds: its ScoreTables' rows as results (every bad row noted in
    ``problems``, by its line), its TotalScoreTable's pairs and ranking, and the method its ``[Scoring]`` says
    (``method``, the one ``--method`` gives, instead); in a file of two sections or more, each line's and pair's
    section, and how the sections were scored as the lines' points show (``sections``, as ``--method`` says it,
    where they show nothing)."""
    games = _games(decoded(data, source), source)  # PBN 2.1 is ISO 8859-1 unless it says otherwise
    scored = [game for game in games if "ScoreTable" in game.tables]
    if not scored:
        raise fail(source, None, "the PBN file has no ScoreTable: it holds deals, not results")
    chosen = choose_method(method) if method else _scoring(games, scored, source)
    results: list[Row] = []
    rows_at: list[int] = []
    problems: list[Problem] = []
    points: list[tuple[str, tuple[float, float] | None]] = []  # each line's section, and the file's points on it
    total = next((game.tables["TotalScoreTable"] for game in games if "TotalScoreTable" in game.tables), None)
    labels = _sections(scored, total)
    ranked = _ranking(total, chosen, scored, labels, source) if total is not None else ({}, None, None)
    pairs, standings, field_kind = ranked
    for game in scored:
        table = game.tables["ScoreTable"]
        board = _board(game, table, source)
        _columns(table, board, source)
        for where, row in table.rows:
            record = dict(zip(table.columns, row, strict=True))
            line = _score_row(record, board, where, problems)
            if line is not None:
                section = _section(record, game) if labels else ""
                if labels and not section:
                    raise fail(source, where, f"board {board} has no section (a Section column or a [Section] tag), "
                               f"where the file's other lines are in sections {', '.join(labels)}: give every "
                               "board its section")  # fmt: skip
                results.append(replace(line, section=section) if section else line)
                rows_at.append(where)
                points.append((section, _line_points(record, chosen)))
    first = games[0].tags
    session = Session.of(
        event=first.get("Event", ""),
        date=parse_date(first.get("Date", "")),
        method=chosen,
        pairs=list(pairs.values()),
        lines=results,
        section_scoring=_section_scoring(results, points, rows_at, chosen, sections, source),
    )
    return Imported(source, "PBN", session=session, problems=problems, rows_at=rows_at, listed_pairs=bool(pairs),
                    standings=standings, file_field=field_kind)  # fmt: skip


# --- the method ---------------------------------------------------------------------------------------------------


def _scoring(games: Sequence[_Game], scored: Sequence[_Game], source: Path) -> SessionMethod:
    """The method the first board's ``[Scoring]`` says (PBN 2.1 §4.2; ``MatchPoints;MP2`` is ACBL's scale: the last
    word that names a method decides), with the conventions its words choose (``IMP;Cross``: summed). A word that
    is no method's, or a file with IMP columns and no ``[Scoring]``, is refused: xlbridge does not guess."""
    tags = games[0].tags
    line = games[0].lines.get("Scoring")
    text = tags.get("Scoring", "").strip()
    if not text:
        imps = [column for game in scored for column in game.tables["ScoreTable"].columns if column.startswith("IMP")]
        if imps:
            raise fail(source, scored[0].tables["ScoreTable"].line, f"the ScoreTable has {imps[0]} but the file no "
                       "[Scoring] tag: cross-IMPs or Butler? Give --method Cross-IMP or --method Butler")  # fmt: skip
        return SESSION_METHODS.default
    words = [word for word in text.upper().replace(" ", "").split(";") if word]
    method: SessionMethod | None = None
    conventions: dict[str, Any] = {}  # each a convention's rule, by its field of Conventions
    for word in words:
        named = SCORINGS.get(word)
        if named is not None:
            method = named
        if word in PBN_CONVENTIONS:
            name, rule = PBN_CONVENTIONS[word]
            conventions[name] = rule
    if method is None:
        raise fail(source, line, f'[Scoring "{text}"]: no method xlbridge scores (matchpoints: MP, MatchPoints; '
                   "cross-IMPs: IMP, Cross; Butler): give --method to say how the session is scored")  # fmt: skip
    chosen = replace(method, conventions=replace(method.conventions, **conventions))
    for word in words:
        known = word in SCORINGS or word in PBN_CONVENTIONS or word in ("MP1",)
        if word in ("MEAN", "MEDIAN") and method.comparison == "butler":
            known = chosen.conventions.datum.average == word.lower()
        if not known:
            raise fail(source, line, f'[Scoring "{text}"]: {word!r} is no word of a method xlbridge scores as '
                       f"{chosen.words} (a datum of the {word.lower()}?): give --method to say how the session is "
                       "scored")  # fmt: skip
    return chosen


def scoring_tag(method: SessionMethod) -> str:
    """The ``[Scoring]`` value written for ``method``: its own (``pbn_scoring``), or where a convention of it is one
    a PBN word says, the words Ruter and Magic Contest write (``IMP;Cross``, ``IMP;Butler-2;Mean``), which
    :func:`read_pbn` reads back as ``method``. Conventions PBN has no word for are not written."""
    for word, (name, rule) in PBN_CONVENTIONS.items():
        if getattr(method.conventions, name) is rule and SCORINGS[word].name == method.name:
            if rule is getattr(SESSION_METHODS.default.conventions, name):
                continue  # the default: the method's own value says it
            spelt = word.title()
            return f"IMP;{spelt};{rule.average.title()}" if name == "datum" else f"IMP;{spelt}"
    return method.pbn_scoring


# --- the ranking ------------------------------------------------------------------------------------------------

#: The TotalScoreTable's columns of the players' membership numbers, as Ruter (the Nordic scorer) writes them
#: (``MemberID1\7R;MemberID2\7R``, beside ``Names``, in the Swedish federation's published results).
MEMBER_COLUMNS = ("MemberID1", "MemberID2")


def _ranking(
    total: _Table, method: SessionMethod, scored: Sequence[_Game], sections: Sequence[str], source: Path
) -> tuple[dict[tuple[PairNumber, Side | None], Pair], FileStandings, tuple[FieldKind, str] | None]:
    """The TotalScoreTable's pairs (a pair's row refused by its line where its number or direction cannot be read),
    its ranking (each pair's place, total and percentage as written; in a file of sections, each pair in its row's
    Section and placed in the whole field) and one field or two as it ranks them: one list of places is one field;
    places that start again for each direction are two."""
    if "PairId" not in total.columns:
        teams = "TeamId" in total.columns
        raise fail(
            source,
            total.line,
            f"the TotalScoreTable has no PairId column (it has {', '.join(total.columns)})"
            + (
                ": a teams event's (TeamId); xlbridge reads a teams event from its USEBIO file"
                if teams
                else ": its ranking cannot be matched to the results' pairs; export it with the pairs' numbers"
            ),
        )
    if sections and "Section" not in total.columns:
        raise fail(source, total.line, f"the TotalScoreTable has no Section column, where the ScoreTables' lines are "
                   f"in sections {', '.join(sections)}: its pairs cannot be told apart (A1 and B1 are two pairs); "
                   "export the ranking with each pair's section")  # fmt: skip
    pairs: dict[tuple[PairNumber, Side | None], Pair] = {}
    figures: dict[tuple[PairNumber, Side | None], FileStanding] = {}
    places: dict[Side | None, list[int]] = {}
    score_column = _total_column(total.columns, method)
    for where, row in total.rows:
        record = dict(zip(total.columns, row, strict=True))
        names = record.get("Names", "")
        players = [part.strip() for part in re.split(r"\s+(?:-|&|and)\s+", names)]
        members = [record.get(column, "") for column in MEMBER_COLUMNS]
        pair = read_pair(source, where, record.get("PairId", ""), record.get("Direction", ""), players, members)
        section = section_name(record.get("Section", "")) if sections else ""
        if sections and not section:
            raise fail(source, where, f"pair {pair.number} has no Section, where the file's pairs are in sections "
                       f"{', '.join(sections)}: give every pair its section")  # fmt: skip
        pair = replace(pair, section=section) if section else pair
        key = (pair.label, pair.direction)  # (as the workbook names the pair: A1 in section A)
        if key in figures:  # a second row would replace the first's players and figures without a word
            raise fail(source, where, f"{pair.called} is ranked twice in the TotalScoreTable (also on line "
                       f"{figures[key].line}): give each pair one row, with its own number, direction and "
                       "section")  # fmt: skip
        pairs[key] = pair
        place = file_place(record.get("Rank", ""))
        if place is not None:
            places.setdefault(pair.direction, []).append(place)
        total_figure = file_figure(record.get(score_column, "")) if score_column else None
        figures[key] = FileStanding(place, total_figure, file_figure(record.get("TotalPercentage", "")), where)
    kind = "IMPs" if method.imp_scoring else "matchpoints"
    if not method.imp_scoring and _below_average(total, score_column, scored):
        kind = "matchpoints above average"
    field_kind: tuple[FieldKind, str] | None = None
    if _one_ranking([place for ranked in places.values() for place in ranked]):
        field_kind = (ONE_FIELD, "the file's TotalScoreTable ranks every pair in one list")
    elif len(places) > 1 and all(_one_ranking(ranked) for ranked in places.values()):
        field_kind = (TWO_FIELDS, "the file's TotalScoreTable ranks North-South and East-West apart")
    return pairs, FileStandings(figures, kind), field_kind


def _one_ranking(places: Sequence[int]) -> bool:
    """Whether ``places`` are one ranking: 1, 2, 2, 4... (pairs that tie share a place, and the next place is
    counted past them)."""
    ordered = sorted(places)
    return bool(ordered) and all(place in (ordered[index - 1] if index else 1, index + 1)
                                 for index, place in enumerate(ordered))  # fmt: skip


def _total_column(columns: Sequence[str], method: SessionMethod) -> str:
    """The TotalScoreTable's column of the totals in the method's kind (TotalScoreMP, or TotalScoreIMP), or ""."""
    wanted = ("TotalScoreIMP", "TotalIMP") if method.imp_scoring else ("TotalScoreMP", "TotalMP")
    return next((column for column in wanted if column in columns), "")


def _below_average(total: _Table, column: str, scored: Sequence[_Game]) -> bool:
    """Whether the file's matchpoints are above (or below) the average, as Ruter in Norway writes them: a total or
    a board's matchpoints below 0."""
    position = total.columns.index(column) if column else None
    if position is not None and any((file_figure(row[position]) or 0) < 0 for _, row in total.rows):
        return True
    for game in scored:
        table = game.tables["ScoreTable"]
        if "MP_NS" in table.columns:
            at = table.columns.index("MP_NS")
            if any((file_figure(row[at]) or 0) < 0 for _, row in table.rows):
                return True
    return False


# --- the boards ---------------------------------------------------------------------------------------------------


def _board(game: _Game, table: _Table, source: Path) -> int:
    if "Board" not in game.tags:
        start = min(game.lines.values())
        raise fail(source, table.line, f"the ScoreTable of the board from line {start} has no [Board] tag: "
                   """which board's results are these? Give it its [Board "N"] tag""")  # fmt: skip
    try:
        return as_whole_number(game.tags["Board"], "board")
    except BridgeInputError as error:
        raise fail(source, game.lines.get("Board"), error.message) from None


def _columns(table: _Table, board: int, source: Path) -> None:
    """A ScoreTable must name who played each result (PairId_NS, PairId_EW) and say what they scored (a contract,
    or a score): a table of each result's frequency names no pairs, and cannot rank them."""
    missing = [name for name in ("PairId_NS", "PairId_EW") if name not in table.columns]
    if missing:
        shown = ", ".join(table.columns)
        frequency = " (a frequency table: each result and how often it was scored)" if "Multiplicity" in shown else ""
        raise fail(source, table.line, f"board {board}: the ScoreTable has no {' or '.join(missing)} column (it has "
                   f"{shown}){frequency}: it does not say which pairs played each result, so they cannot be ranked; "
                   "export the results with the pairs' numbers (PairId_NS, PairId_EW)")  # fmt: skip
    if not {"Contract", "Score_NS", "Score_EW", "Score"} & set(table.columns):
        raise fail(source, table.line, f"board {board}: the ScoreTable has no Contract and no Score_NS or Score_EW "
                   f"column (it has {', '.join(table.columns)}): nothing says what each pair scored")  # fmt: skip


def _section(record: dict[str, str], game: _Game) -> str:
    """The section of a ScoreTable's row: its Section column's, else its game's ``[Section]`` tag ("" for none)."""
    return section_name(record.get("Section", "")) or section_name(game.tags.get("Section", ""))


def _sections(scored: Sequence[_Game], total: _Table | None) -> tuple[str, ...]:
    """The sections the file names (its lines', and its ranking's pairs'), where it names two or more; () for a
    file of one section (a single ``[Section "A"]`` on every board says nothing: its pairs are numbered as one)."""
    named = {_section(dict(zip(game.tables["ScoreTable"].columns, row, strict=True)), game)
             for game in scored for _, row in game.tables["ScoreTable"].rows}  # fmt: skip
    if total is not None and "Section" in total.columns:
        at = total.columns.index("Section")
        named |= {section_name(row[at]) for _, row in total.rows}
    named.discard("")
    return tuple(sorted(named)) if len(named) > 1 else ()


def _line_points(record: dict[str, str], method: SessionMethod) -> tuple[float, float] | None:
    """North-South's and East-West's points a ScoreTable row gives (MP_NS and MP_EW, or IMP_NS and IMP_EW, as
    ``method`` scores), or None where it gives no numbers there."""
    kind = "IMP" if method.imp_scoring else "MP"
    ns, ew = (file_figure(record.get(f"{kind}_{side}", "")) for side in ("NS", "EW"))
    return None if ns is None or ew is None else (float(ns), float(ew))


def _section_scoring(
    results: list[Row],
    points: list[tuple[str, tuple[float, float] | None]],
    rows_at: list[int],
    method: SessionMethod,
    said: SectionScoring | None,
    source: Path,
) -> SectionScoring | None:
    """How sections that play the same boards were scored: as the file's points on their lines show (across the
    field, or within each section), else as ``said``. Refused, naming a line of the second section, where the
    lines give no points and nothing is said, or where their points are scored neither way."""
    shared = shared_boards(results, points)
    if not shared:
        return said
    across = points_agree(results, points, shared, method, by_section=False)
    if across is True:
        return ACROSS_FIELD
    within = points_agree(results, points, shared, method, by_section=True) if across is False else None
    if within is True:
        return WITHIN_SECTION
    first = points[0][0]
    second, line = next((section, at) for (section, _), at in zip(points, rows_at, strict=True) if section != first)
    if across is None:
        if said is not None:
            return said
        raise fail(source, line, f"section {second} plays boards section {first} plays, and the ScoreTables give no "
                   f"{'IMP' if method.imp_scoring else 'MP'}_NS and _EW on their lines to tell whether they were "
                   f'scored across the field or within each section: say which with --method ("{method.words} '
                   f'Across the field" or "{method.words} Within section")')  # fmt: skip
    raise fail(source, line, f"section {second} plays boards section {first} plays, and the file's points on their "
               "lines are scored neither across the whole field nor within each section: export each section on "
               "its own")  # fmt: skip


# --- a result -----------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Column:
    """What one score column says of a row without a contract: an artificial score (``ns`` and ``ew``, each side's
    percentage where the column gives it: A+ in Score_EW gives East-West's, A6040 both), ``points`` (North-South's
    assigned score), ``passed`` out, ``not played``, or ``weighted`` (xlbridge's own weighted score, North-South's
    scores in Score_NS, as its export writes it: ``text``)."""

    kind: str
    ns: int | None = None
    ew: int | None = None
    points: int = 0
    text: str = ""


def _column(text: str, tag: str) -> _Column | None:
    """What a score column (``tag``: Score_NS or Score_EW) says without a contract, as that side's own: None for
    nothing. Refused (:class:`BridgeInputError`), naming what it reads, where it is none of these."""
    value = " ".join(text.split()).upper()
    ours = tag == "Score_NS"
    if not value:
        return None
    if value.startswith("+"):  # Ruter's "+0": a form of its own, with no score or percentage in it
        raise BridgeInputError(f"{tag} {text!r}: Ruter's own adjusted form, which xlbridge cannot read: give the "
                               "adjusted score as A+, A= or A-, or as a percentage (60%)")  # fmt: skip
    if NUMBER.fullmatch(value):
        points = as_whole_number(value, tag)
        return _Column("points", points=points if ours else -points)
    percent = ARTIFICIAL_CODES[value][0] if value in ARTIFICIAL_CODES else _percentage(value)
    if percent is not None:
        return _Column("artificial", ns=percent) if ours else _Column("artificial", ew=percent)
    split = re.fullmatch(r"A(\d\d)(\d\d)", value)
    if split:  # North-South's first, in either column (USEBIO's A6040)
        return _Column("artificial", ns=int(split[1]), ew=int(split[2]))
    if value in _PASSED:
        return _Column("passed")
    if ours and "/" in value and "%" in value:  # xlbridge's weighted score (Law 12C1c), as its export writes it
        parse_weighted(value, tag)  # refused here, naming what is wrong with it, where it is not one
        return _Column("weighted", text=value)
    if is_not_played(value):
        return _Column("not played")
    if value == "PEN":
        raise BridgeInputError(f"{tag} {text!r}: a penalty line (Ruter's Pen), which xlbridge does not score: "
                               "take the line out, and give the pair's score on the board as its adjusted "
                               "score")  # fmt: skip
    raise BridgeInputError(f"{tag} {text!r}: neither a score nor an adjusted score xlbridge reads (a number, A+, A=, "
                           "A-, A6040, 60%, PASS or NP)")  # fmt: skip


def _percentage(value: str) -> int | None:
    """A side's own percentage as a score column writes it (``60%``), or None."""
    number = value.removesuffix("%").strip()
    if number == value or not number.isdigit() or int(number) > 99:
        return None
    return int(number)


def _adjusted(score_ns: str, score_ew: str) -> str:
    """The Adjusted column's text for a row with no contract, from both score columns, each side's own: ``"A+"
    "A+"`` is average plus to both pairs (A6060), ``"A+" "A-"`` A6040; a code in one column alone is that side's,
    the other side getting the rest (``A+`` in Score_EW alone is A4060); points as North-South's; ``NP`` for a board
    not played, ``PASS`` for one passed out. What the two columns say against each other is refused, naming both."""
    columns = [column for column in (_column(score_ns, "Score_NS"), _column(score_ew, "Score_EW")) if column]
    if not columns:
        raise BridgeInputError("no contract and no score: was the board played at this table? Give its result, an "
                               "adjusted score (A+, A=, A-, A6040) or NP for a board not played")  # fmt: skip
    kinds = {column.kind for column in columns}
    if kinds == {"not played"}:
        return NOT_PLAYED
    if kinds == {"passed"}:
        return "PASS"
    if kinds == {"weighted"}:
        return columns[0].text
    if kinds == {"points"} and len({column.points for column in columns}) == 1:
        return str(columns[0].points)
    if kinds == {"artificial"}:
        ns = {column.ns for column in columns if column.ns is not None}
        ew = {column.ew for column in columns if column.ew is not None}
        if len(ns) <= 1 and len(ew) <= 1:  # one side's given: the other side gets the rest
            ns_percent = min(ns) if ns else 100 - min(ew)
            ew_percent = min(ew) if ew else 100 - ns_percent
            return f"A{ns_percent:02d}{ew_percent:02d}"
    raise BridgeInputError(f"Score_NS {score_ns!r} and Score_EW {score_ew!r} say different things: give one "
                           "adjusted score, or each side's own (A+, A=, A-, 60%)")  # fmt: skip


def _score_row(record: dict[str, str], board: int, where: int, problems: list[Problem]) -> Row | None:
    """A ScoreTable row as a result line; None for a sit-out (no pair on one side: Ruter's ``"Bye"``)."""
    if not record.get("PairId_NS") or not record.get("PairId_EW"):
        return None
    contract, lead = record.get("Contract", ""), record.get("Lead", "")
    try:
        ns, _ = split_pair(record["PairId_NS"])
        ew, _ = split_pair(record["PairId_EW"])
    except BridgeInputError as error:  # kept as far as it was read: the rest of the file is still read
        entered = Typed(contract, record.get("Declarer", ""), lead, record.get("Result", ""))
        typed = (str(board), record["PairId_NS"], record["PairId_EW"])
        return unreadable(where, problems, typed, error.message, entered)
    score_ns = record.get("Score_NS", "") or _declarers_score(record.get("Score", ""))
    score_ew = record.get("Score_EW", "")
    if contract.upper().replace(" ", "") in _PASSED:
        contract = "PASS"
    if not contract:  # an adjusted score: each side's own, points, not played
        try:
            adjusted = _adjusted(score_ns, score_ew)
        except BridgeInputError as error:
            entered = Typed(lead=lead, adjusted=" / ".join(text for text in (score_ns, score_ew) if text))
            return refuse(where, problems, Unscorable(board, ns, ew, entered, error.message))
        if adjusted == "PASS":
            return read_row(where, problems, board, ns, ew, Typed(contract="PASS", lead=lead))
        return read_row(where, problems, board, ns, ew, Typed(lead=lead, adjusted=adjusted))
    result = relative_result(contract, record.get("Result", ""))
    play = Typed(contract=contract, declarer=record.get("Declarer", ""), lead=lead, result=result)
    line = read_row(where, problems, board, ns, ew, play)
    for tag, given, sign in (("Score_NS", score_ns, 1), ("Score_EW", score_ew, -1)):
        if isinstance(line, Line) and given and not NUMBER.fullmatch(given.strip()):
            reason = (
                f"{tag} {given!r}: not a score; where the table's score was replaced by an adjusted score "
                "(Ruter writes 800>a), give the adjusted score (A+, A=, A-, A6040) without the contract"
            )
            return refuse(where, problems, Unscorable(board, ns, ew, line.entered, reason))
        if isinstance(line, Line) and given:
            line = check_score(line, given, tag, where, problems, sign)
    return line


def _declarers_score(text: str) -> str:
    """A ScoreTable's ``Score`` column (PBN 2.1: the score as ``NS 420`` or ``EW 650``) as North-South's points, or
    "" where it has none."""
    match = re.fullmatch(r"\s*(NS|EW)\s+(-?\d+)\s*", text.upper())
    if match is None:
        return text.strip()
    return str(int(match[2]) * (1 if match[1] == "NS" else -1))
