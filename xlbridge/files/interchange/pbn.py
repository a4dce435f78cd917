"""PBN 2.1 (Portable Bridge Notation) results: each board's ScoreTable (§5.9) and the TotalScoreTable (§5.10).

A table is a tag whose value names the columns (``"PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;..."``) followed by one
row per line: whitespace-separated fields, quoted strings may hold spaces, ``-`` is empty. Tag values of ``#`` repeat
the previous board's. Auctions, plays and commentary are skipped.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING

from ...engine.boards import board_dealer, board_vulnerability
from ...engine.errors import BridgeInputError
from ...engine.session import Line, NotPlayed, Pair, Row, Session
from ...engine.standings import SessionScore
from ...engine.values import as_whole_number, two_decimals
from ...rules import SESSION_METHODS, SessionMethod, Side
from .common import (
    Imported,
    Problem,
    check_score,
    decoded,
    fail,
    interchange_score,
    movement_of,
    parse_date,
    read_pair,
    read_row,
    relative_result,
    split_pair,
    unreadable,
)

if TYPE_CHECKING:  # the hand records read this module's PBN reader
    from .handrecords import Analysis

__all__ = ["PbnGame", "read_games", "read_pbn", "write_pbn"]

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


def _fields(text: str, where: int, source: Path) -> list[str]:
    out, position = [], 0
    while position < len(text):
        if text[position:].strip() == "":
            break
        match = _FIELD.match(text, position)
        if match is None:
            raise fail(source, where, f"table row cannot be read at {text[position:].strip()[:20]!r} (unclosed quote?)")
        value = match[1] if match[1] is not None else match[2]
        out.append("" if value == "-" else value.replace('\\"', '"').replace("\\\\", "\\"))
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
            name, value = match[1], match[2].replace('\\"', '"').replace("\\\\", "\\")
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
    pair_list = list(pairs.values()) or [
        Pair(n) for n in sorted({r.ns for r in played if r.ns} | {r.ew for r in played if r.ew}, key=str)
    ]
    session = Session.of(
        event=first.get("Event", ""),
        date=parse_date(first.get("Date", "")),
        method=method,
        movement=movement_of(played, pair_list),
        pairs=pair_list,
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
        entered = (contract, record.get("Declarer", ""), lead, record.get("Result", ""), "")
        typed = (str(board), record["PairId_NS"], record["PairId_EW"])
        return unreadable(where, problems, typed, error.message, entered)
    score = record.get("Score_NS", "")
    if not contract and score:  # an adjusted score: A6040, points, or xlbridge's weighted form
        return read_row(where, problems, board, ns, ew, "", "", "", lead, score.upper())
    result = relative_result(contract, record.get("Result", ""))
    line = read_row(where, problems, board, ns, ew, contract, record.get("Declarer", ""), result,
                    lead)  # fmt: skip
    for tag, sign in (("Score_NS", 1), ("Score_EW", -1)):
        given = record.get(tag, "")
        if isinstance(line, Line) and given:
            line = check_score(line, given, tag, where, problems, sign)
    return line


def _quote(value: object) -> str:
    text = "" if value is None else str(value)
    if text == "":
        return "-"
    return f'"{text}"' if (" " in text or '"' in text) else text


def write_pbn(score: SessionScore, deals: Mapping[int, Analysis] | None = None) -> str:
    """PBN 2.1 for a scored session: a game per board with its ScoreTable; the TotalScoreTable on the first. A
    board of ``deals`` (the workbook's Hands sheet) has its deal, dealer, vulnerability and analysis too."""
    from .handrecords import PBN_VULNERABLE, analysis_lines

    session = score.session
    imp = session.method.imp_scoring
    mitchell = session.movement.two_fields
    date = session.date.strftime("%Y.%m.%d") if isinstance(session.date, dt.date) else "????.??.??"
    out = ["% PBN 2.1", "% EXPORT", "% written by xlbridge", ""]
    score_kind = "IMP" if imp else "MP"
    for position, number in enumerate(session.boards):
        tags = [
            ("Event", session.event), ("Site", ""), ("Date", date), ("Board", str(number)),
            ("West", ""), ("North", ""), ("East", ""), ("South", ""),
            ("Dealer", board_dealer(number).value), ("Vulnerable", board_vulnerability(number).value),
            ("Deal", ""), ("Scoring", session.method.pbn_scoring),
            ("Declarer", ""), ("Contract", ""), ("Result", ""),
        ]  # fmt: skip
        analysis = (deals or {}).get(number)
        if analysis is not None:  # the hand record's dealer and vulnerability, which the par depends on
            record = analysis.record
            tags[8:11] = [("Dealer", record.dealer.value), ("Vulnerable", PBN_VULNERABLE[record.vulnerability]),
                          ("Deal", record.deal.pbn(record.dealer))]  # fmt: skip
        out.extend(f'[{name} "{value}"]' for name, value in tags)
        out += analysis_lines(analysis) if analysis is not None else []
        if position == 0:
            columns = ["Rank", "PairId", "Direction", f"TotalScore{score_kind}", "TotalPercentage", "Names"]
            out.append(f'[TotalScoreTable "{";".join(columns)}"]')
            for pair, standing in zip(session.pairs, score.standings, strict=True):
                side = pair.direction
                shown = {"NS": "N-S", "EW": "E-W"}[side.value] if mitchell and side is not None else ""
                out.append(" ".join(_quote(value) for value in (
                    standing.place, pair.number, shown, _points(standing.total), _points(standing.percentage),
                    pair.names,
                )))  # fmt: skip
        columns = ["PairId_NS", "PairId_EW", "Contract", "Declarer", "Result", "Lead", "Score_NS", "Score_EW",
                   f"{score_kind}_NS", f"{score_kind}_EW"]  # fmt: skip
        out.append(f'[ScoreTable "{";".join(columns)}"]')
        for index in score.traveller(number):
            line = session.lines[index]
            if isinstance(line, NotPlayed):  # PBN has no form for a board not played at a table: no line
                continue
            assert isinstance(line, Line)  # a workbook with lines to check is not exported
            ns_points, ew_points = (_points(value) for value in (score.lines[index].ns_points,
                                                                   score.lines[index].ew_points))  # fmt: skip
            fields: list[object]
            if line.play is None:
                fields = [line.ns, line.ew, "", "", "", line.lead, interchange_score(line), "", ns_points, ew_points]
            else:
                contract, played = line.play.contract, line.score
                assert isinstance(played, int)
                fields = [line.ns, line.ew, "PASS" if contract.passed_out else str(contract), line.declarer_text,
                          "" if contract.passed_out else line.play.tricks, line.lead, played if played >= 0 else "",
                          -played if played < 0 else "", ns_points, ew_points]  # fmt: skip
            out.append(" ".join(_quote(value) for value in fields))
        out.append("")
    return "\n".join(out)


def _points(value: object) -> str:
    """A figure as PBN writes it: whole numbers as they are, others to 2 decimals."""
    if isinstance(value, (int, float, Fraction)) and not isinstance(value, bool):
        number = float(value)
        return str(int(number)) if number.is_integer() else two_decimals(number)
    return "" if value is None or isinstance(value, BridgeInputError) else str(value)
