"""PBN 2.1 (Portable Bridge Notation) results: each board's ScoreTable (§5.9) and the TotalScoreTable (§5.10).

A table is a tag whose value names the columns (``"PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;..."``) followed by one
row per line: whitespace-separated fields, quoted strings may hold spaces, ``-`` is empty. Tag values of ``#`` repeat
the previous board's. Auctions, plays and commentary are skipped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from ...engine.errors import BridgeInputError
from ...engine.pairs import Pair
from ...engine.session import Line, Row, Session, Typed
from ...engine.values import as_whole_number
from ...rules import SESSION_METHODS, SessionMethod, Side
from .common import (
    Imported,
    Problem,
    check_score,
    decoded,
    fail,
    parse_date,
    read_pair,
    read_row,
    relative_result,
    split_pair,
    unreadable,
)

__all__ = ["PbnGame", "read_games", "read_pbn"]

_TAG = re.compile(r'\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]\s*')
_FIELD = re.compile(r'\s*(?:"((?:[^"\\]|\\.)*)"|([^\s"]+))')
#: The tags a game may hold more than once (a note for each annotation); any other tag a second time starts the
#: next board, where no blank line comes between (its [Board] tag may be missing: its ScoreTable is then refused).
_REPEATED = frozenset({"Note"})
#: The words of a [Scoring] tag, and the scoring method each is read as (from the registry).
SCORINGS: dict[str, SessionMethod] = {word: method for method in SESSION_METHODS for word in method.pbn_words}


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


def read_pbn(data: bytes, source: Path) -> Imported:
    games = _games(decoded(data, source), source)  # PBN 2.1 is ISO 8859-1 unless it says otherwise
    if not any("ScoreTable" in game.tables for game in games):
        raise fail(source, None, "the PBN file has no ScoreTable: it holds deals, not results")
    results: list[Row] = []
    rows_at: list[int] = []
    problems: list[Problem] = []
    pairs: dict[tuple[int | str, Side | None], Pair] = {}
    for game in games:
        total = game.tables.get("TotalScoreTable")
        if total is not None and not pairs:
            for where, row in total.rows:
                record = dict(zip(total.columns, row, strict=True))
                names = record.get("Names", "")
                players = [part.strip() for part in re.split(r"\s+(?:-|&|and)\s+", names)]
                pair = read_pair(source, where, record.get("PairId", ""), record.get("Direction", ""), players)
                pairs[(pair.number, pair.direction)] = pair
        table = game.tables.get("ScoreTable")
        if table is None:
            continue
        if "Board" not in game.tags:
            start = min(game.lines.values())
            raise fail(source, table.line, f"the ScoreTable of the board from line {start} has no [Board] tag: "
                       """which board's results are these? Give it its [Board "N"] tag""")  # fmt: skip
        try:
            board = as_whole_number(game.tags["Board"], "board")
        except BridgeInputError as error:
            raise fail(source, game.lines.get("Board"), error.message) from None
        missing = [name for name in ("PairId_NS", "PairId_EW", "Contract") if name not in table.columns]
        if missing:
            raise fail(source, table.line, f"the ScoreTable has no {', '.join(missing)} column")
        for where, row in table.rows:
            line = _score_row(dict(zip(table.columns, row, strict=True)), board, where, problems)
            if line is not None:
                results.append(line)
                rows_at.append(where)
    played = results
    first = games[0].tags
    # The last word that names a method decides: "MatchPoints;MP2" is ACBL's scale.
    words = first.get("Scoring", "").upper().replace(" ", "").split(";")
    method = next((SCORINGS[word] for word in reversed(words) if word in SCORINGS), SESSION_METHODS.default)
    session = Session.of(
        event=first.get("Event", ""),
        date=parse_date(first.get("Date", "")),
        method=method,
        pairs=list(pairs.values()),
        lines=played,
    )
    return Imported(source, "PBN", session=session, problems=problems, rows_at=rows_at, listed_pairs=bool(pairs))


def _score_row(record: dict[str, str], board: int, where: int, problems: list[Problem]) -> Row | None:
    """A ScoreTable row as a result line; None for a sit-out (no pair on one side)."""
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
    score = record.get("Score_NS", "")
    if not contract and score:  # an adjusted score: A6040, points, or xlbridge's weighted form
        return read_row(where, problems, board, ns, ew, Typed(lead=lead, adjusted=score.upper()))
    result = relative_result(contract, record.get("Result", ""))
    play = Typed(contract=contract, declarer=record.get("Declarer", ""), lead=lead, result=result)
    line = read_row(where, problems, board, ns, ew, play)
    for tag, sign in (("Score_NS", 1), ("Score_EW", -1)):
        given = record.get(tag, "")
        if isinstance(line, Line) and given:
            line = check_score(line, given, tag, where, problems, sign)
    return line
