"""Plain CSV results: ``board,ns,ew,contract,declarer,result[,lead][,adjusted][,section]`` with a header row, or the
header-less ``board,NS,EW,contract,declarer,tricks`` that Debian's salliere reads."""

from __future__ import annotations

import csv
import io
from dataclasses import replace
from fractions import Fraction
from operator import itemgetter
from pathlib import Path

from ...engine.checks import against_the_contract, plus_dropped
from ...engine.errors import BridgeInputError, ImportFileError, refusal
from ...engine.pairs import Pair, member_key, pair_handicap, read_handicap, read_holding, section_name
from ...engine.session import Line, Row, Session, Typed, Unscorable
from ...engine.text import shown_text
from ...engine.values import NUMBER, as_whole_number, count
from ...rules import Side
from ..tables import csv_value
from .common import (
    Imported,
    Problem,
    check_score,
    decoded,
    fail,
    pair_of,
    read_row,
    refuse,
    relative_result,
    split_pair,
    unreadable,
    unscorable,
)

__all__ = [
    "HANDICAP_HEADINGS",
    "HOLDING_HEADINGS",
    "NAMES_HEADINGS",
    "NUMBER_HEADINGS",
    "read_csv",
    "read_names",
    "read_rows",
]

SYNONYMS = {
    "board": "board", "bd": "board", "boardno": "board", "boardnumber": "board",
    "ns": "ns", "nspair": "ns", "pairns": "ns", "north-south": "ns", "n-s": "ns",
    "ew": "ew", "ewpair": "ew", "pairew": "ew", "east-west": "ew", "e-w": "ew",
    "contract": "contract", "declarer": "declarer", "by": "declarer", "decl": "declarer", "playedby": "declarer",
    "result": "result", "tricks": "tricks", "lead": "lead", "adjusted": "adjusted", "adj": "adjusted",
    "section": "section", "sect": "section",
    # a column headed only "score" may be anything (matchpoints, a percentage): it is not read
    "nsscore": "nsscore", "scorens": "nsscore", "ewscore": "ewscore", "scoreew": "ewscore",
}  # fmt: skip
#: The score columns a file may give, each checked against what the line's contract scores (as PBN's and USEBIO's
#: are): the heading a message names it by, and the sign of its score as North-South's.
SCORES = (("nsscore", "NS score", 1), ("ewscore", "EW score", -1))
SALLIERE = ["board", "ns", "ew", "contract", "declarer", "tricks"]
#: The fields of a line read, in the order a line's are picked from its columns.
FIELDS = ("board", "ns", "ew", "contract", "declarer", "result", "tricks", "lead", "adjusted", "section")
HEADER = "board, ns, ew, contract, declarer, result"


def _key(heading: str) -> str:
    return heading.strip().lower().replace(" ", "").replace("_", "")


def read_rows(data: bytes, source: Path) -> list[list[str]]:
    """A CSV file's rows, as every CSV of xlbridge's is read (results, names, movements): UTF-8 or Windows-1252
    (see :func:`~xlbridge.files.interchange.common.decoded`), its fields apart by commas, semicolons (Excel in
    many European languages) or tabs, as its first line shows (:func:`_delimiter`), and quoted as RFC 4180 says (a
    field in quotes may hold the separator, a line break, and a quote written twice; spaces before its opening
    quote are left out). A cell that xlbridge's CSV writer kept from being run as a formula (``'=``, ``'-Smith``:
    :func:`~xlbridge.files.tables.csv_cell`) is read as it was meant."""
    text = decoded(data, source)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=_delimiter(text), skipinitialspace=True)
    rows = []
    apostrophes = "'" in text  # else no cell can need csv_value (a 6,000-line file's 42,000 cells not looked at)
    try:
        for row in reader:
            rows.append([csv_value(cell) for cell in row] if apostrophes else row)
    except csv.Error as error:  # a field over the size limit, a quote left open at the end
        raise fail(source, reader.line_num, f"cannot be read as CSV ({error})") from None
    return rows


#: The separators a CSV's fields may have: commas (RFC 4180), semicolons (Excel where the comma is the decimal
#: sign), tabs.
DELIMITERS = (",", ";", "\t")
#: How much of a file is read to find the separator: its first lines are in it.
_FIRST_LINES = 65536
#: How many of its first lines that are not blank choose the separator.
_LINES_LOOKED_AT = 50


def _delimiter(text: str) -> str:
    """The separator of a CSV's fields: of :data:`DELIMITERS`, the one that parts the first line that is not blank
    into the most fields, read as RFC 4180 reads it (a separator in quotes is text); where they tie, the one that
    parts the first lines (up to :data:`_LINES_LOOKED_AT`) into the most fields in all; the first where those tie
    too. A header names its columns and holds no separator but its own, so it decides where there is one; a
    settings line such as ``Event;Christmas, Smith cup`` parts as well by commas as by semicolons, the rows below it
    do not. (csv.Sniffer guessed the quoting too, and misread quotes written twice: ``"Jim ""Bud"" Smith"``.)"""
    return max(DELIMITERS, key=lambda delimiter: _fields(text, delimiter))  # max keeps the first of equals


def _fields(text: str, delimiter: str) -> tuple[int, int]:
    """The fields of the first line that is not blank, and of the first lines in all, parted by ``delimiter``."""
    rows = csv.reader(io.StringIO(text[:_FIRST_LINES], newline=""), delimiter=delimiter, skipinitialspace=True)
    lines: list[int] = []
    try:
        for row in rows:
            if "".join(row).strip():
                lines.append(len(row))
                if len(lines) == _LINES_LOOKED_AT:
                    break
    except csv.Error:  # a field past the csv module's size, or a quote cut at the end of what is looked at
        pass
    return (lines[0] if lines else 0, sum(lines))


def read_csv(data: bytes, source: Path, method: str | None = None, names: list[Pair] | None = None) -> Imported:
    rows = read_rows(data, source)
    if not any(any(cell.strip() for cell in row) for row in rows):
        raise fail(source, None, "the file is empty")
    header = [SYNONYMS.get(_key(cell), "") for cell in rows[0]]
    if "board" in header:
        columns, first = header, 1
        twice = _named_twice(rows[0], header)
        if twice:
            raise fail(source, 1, f"the header names {twice}: rename the one that is not it (the scores: NS score and "
                       "EW score)")  # fmt: skip
        missing = [name for name in ("board", "ns", "ew", "contract") if name not in columns]
        if missing:
            raise fail(source, 1, f"the header has no {', '.join(missing)} column")
        if "result" not in columns and "tricks" not in columns:
            raise fail(source, 1, "the header has no result (or tricks) column")
    else:
        columns, first = SALLIERE, 0
        if rows[0] and not NUMBER.fullmatch(rows[0][0].strip()):
            raise fail(source, 1, f"not a results file: the first line is neither a header naming {HEADER} nor a "
                       f"result line ({','.join(SALLIERE)})")  # fmt: skip
    results: list[Row] = []
    rows_at: list[int] = []
    problems: list[Problem] = []
    # Each line that is not blank (all its fields together are spaces, or nothing), its fields stripped and followed
    # by a blank for each column: a column the line stops short of, or the file does not give (at -1), reads "".
    place = {name: index for index, name in enumerate(columns) if name}
    padding = [""] * len(columns)
    lines = [(number, row, [*map(str.strip, row), *padding])
             for number, row in enumerate(rows[first:], start=first + 1) if "".join(row).strip()]  # fmt: skip
    fields = itemgetter(*(place.get(name, -1) for name in FIELDS))
    # A column headed "result" may hold tricks taken or results against the contract; written against it on one
    # line (-1), a bare number elsewhere may be +1 saved by Excel, which drops the plus sign.
    at_result = place.get("result", -1)  # (-1: the file has no such column)
    relative = next(((f"line {number}", texts[at_result]) for number, row, texts in lines if 0 <= at_result < len(row)
                     and against_the_contract(texts[place["contract"]], texts[at_result])), None)  # fmt: skip
    scored = [(place[column], tag, sign) for column, tag, sign in SCORES if column in place]  # the file's scores
    for number, row, texts in lines:
        shape = _shape(row, columns)
        board_text, ns_text, ew_text, contract, declarer, result, tricks, lead, adjusted, section = fields(texts)
        result = result or tricks
        try:
            board = as_whole_number(board_text, "board")
            if board < 1:
                raise BridgeInputError(f"board {board}: board numbers start at 1")
            ns, ns_side = split_pair(ns_text)
            ew, ew_side = split_pair(ew_text)
            _in_their_columns(ns_text, ew_text, ns_side, ew_side)
        except BridgeInputError as error:  # kept as far as it was read: the rest of the file is still read
            entered = Typed(contract, declarer, lead, result, adjusted)
            kept = unreadable(number, problems, (board_text, ns_text, ew_text), error.message, entered)
            results.append(replace(kept, section=section_name(section)))
            rows_at.append(number)
            continue
        doubt = plus_dropped(contract, result, *relative) if relative and at_result < len(row) else ""
        result = relative_result(contract, result)  # tricks taken: written the traveller's way, =, +1, -2
        typed = Typed(contract=contract, declarer=declarer, lead=lead, result=result, adjusted=adjusted.upper())
        line = read_row(number, [] if shape else problems, board, ns, ew, typed)
        if shape:  # kept (--keep-bad-lines) as far as it could be read, with why it cannot be trusted
            line = refuse(number, problems, unscorable(line, shape), shown=False)
        elif doubt and not isinstance(line, Unscorable):  # kept as tricks taken, the workbook cannot tell
            line = refuse(number, problems, unscorable(line, doubt), shown=False)
        for at, tag, sign in scored if not shape else ():
            if isinstance(line, Line) and line.adjusted is None and texts[at]:
                line = check_score(line, texts[at], tag, number, problems, sign)
        results.append(replace(line, section=section_name(section)) if section else line)
        rows_at.append(number)
    if not results:
        raise fail(source, None, "the file has no result lines")
    event = shown_text(source.stem)  # a file name's control characters and undecodable bytes (\udce9) escaped
    session = Session.of(event=event, method=method, pairs=names or (), lines=results)
    return Imported(source, "CSV", session=session, problems=problems, rows_at=rows_at, listed_pairs=names is not None)


def _named_twice(headings: list[str], columns: list[str]) -> str:
    """The columns a header names twice (``NS`` over the pairs and again over their scores), in words, or ""."""
    at: dict[str, list[int]] = {}
    for index, column in enumerate(columns):
        if column:
            at.setdefault(column, []).append(index)
    chosen = []
    for column, where in at.items():
        if len(where) > 1:
            numbers = ", ".join(str(index + 1) for index in where[:-1]) + f" and {where[-1] + 1}"
            typed = ", ".join(repr(headings[index].strip()) for index in where)
            times = "twice" if len(where) == 2 else f"{len(where)} times"
            chosen.append(f"the {column} column {times} (columns {numbers}: {typed})")
    return " and ".join(chosen)


#: A pair's direction in words, as a message names it.
_SIDE_WORDS = {Side.NS: "a North-South", Side.EW: "an East-West"}


def _in_their_columns(ns_text: str, ew_text: str, ns: Side | None, ew: Side | None) -> None:
    """A pair typed with its direction (7EW) in the other direction's column is refused: which is it?"""
    if ns is not Side.EW and ew is not Side.NS:  # each pair in its own column, or typed without its direction
        return
    typed = (("ns", ns_text, ns, Side.NS), ("ew", ew_text, ew, Side.EW))
    wrong = [f"{text!r} in the {column} column is {_SIDE_WORDS[side]}" for column, text, side, own in typed
             if side is not None and side is not own]  # fmt: skip
    if wrong:
        raise BridgeInputError(f"{' pair and '.join(wrong)} pair: are NS and EW swapped? Give each pair in its own "
                               "column")  # fmt: skip


def _shape(row: list[str], columns: list[str]) -> str:
    """Why a row does not fit its columns (too few fields, or one beyond the last), or ""."""
    least = len(columns) - 1 if columns is SALLIERE else len(columns)  # salliere: a passed-out board's tricks
    if least <= len(row) <= len(columns):
        return ""
    named = "salliere's order (no header) has" if columns is SALLIERE else "header names"
    if len(row) < least:
        return f"{len(row)} fields where the {named} {len(columns)}"
    extra = next((cell.strip() for cell in row[len(columns) :] if cell.strip()), None)
    if extra is not None:
        return f"{len(row)} fields where the {named} {len(columns)}: {extra!r} is beyond the last column"
    return ""


#: The names file's optional handicap columns: the pair's, or each player's (combined by the handicap rule).
HANDICAP_HEADINGS = {"handicap": "handicap", "hcp": "handicap", "pairhandicap": "handicap",
                     "handicap1": "handicap1", "hcp1": "handicap1", "player1handicap": "handicap1",
                     "handicap2": "handicap2", "hcp2": "handicap2", "player2handicap": "handicap2"}  # fmt: skip
#: The names file's optional masterpoint holdings (a stratified game): each player's.
HOLDING_HEADINGS = {"masterpoints1": "masterpoints1", "mp1": "masterpoints1", "holding1": "masterpoints1",
                    "player1masterpoints": "masterpoints1", "masterpoints2": "masterpoints2", "mp2": "masterpoints2",
                    "holding2": "masterpoints2", "player2masterpoints": "masterpoints2"}  # fmt: skip
#: The names file's optional membership-number columns, one per player (the Names sheet's headings, ``Player 1
#: number``, and the shorter forms).
NUMBER_HEADINGS = {"player1number": "number1", "number1": "number1", "member1": "number1", "membernumber1": "number1",
                   "player2number": "number2", "number2": "number2", "member2": "number2", "membernumber2": "number2",
                   }  # fmt: skip
#: A names file's columns, as its header names them (case, spaces and underscores aside: ``Player 1``), and as a
#: file without a header has them.
NAMES_COLUMNS = ("pair", "direction", "player1", "player2")
NAMES_HEADINGS = (
    *NAMES_COLUMNS,
    "section",
    "handicap",
    "handicap1",
    "handicap2",
    "masterpoints1",
    "masterpoints2",
    "number1",
    "number2",
)


def read_names(data: bytes, source: Path, handicaps: str | None = None) -> list[Pair]:
    """A names file: ``pair,direction,player1,player2`` with a header (direction blank in a Howell), and optionally
    a ``handicap`` column (the pair's, in percentage points) or ``handicap1`` and ``handicap2`` (each player's,
    made into the pair's by ``handicaps``: AVERAGE, the default, or SUM), ``masterpoints1`` and ``masterpoints2``
    (each player's masterpoint holding, for a stratified game), and ``number1`` and ``number2`` (each player's
    membership number, headed ``Player 1 number`` as on the Names sheet; a number without a name is a player the
    member register names), and ``section`` (on an evening of sections: A, B; each pair numbered within its
    section, so that A3 NS and B3 NS are two pairs). Every line is read: a pair number or direction or
    membership number that cannot be read, a pair listed twice, a membership number given twice, a handicap that
    is not one, a field beyond the header's columns, a heading that is none of a names file's and a column headed
    twice are refused together (:class:`ImportFileError`, a line for each, naming its line)."""
    rows = read_rows(data, source)
    if not rows:
        return []
    problems: list[tuple[int, str]] = []
    headings = HANDICAP_HEADINGS | HOLDING_HEADINGS | NUMBER_HEADINGS
    header = [headings.get(_key(cell), _key(cell)) for cell in rows[0]]
    first = 1 if "pair" in header else 0
    if first:
        for cell, heading in zip(rows[0], header, strict=True):
            if heading and heading not in NAMES_HEADINGS:
                problems.append((1, f"column {cell.strip()!r} is not one a names file has ("
                                    f"{', '.join(NAMES_HEADINGS)})"))  # fmt: skip
        twice = _named_twice(rows[0], header)
        if twice:
            problems.append((1, f"the header names {twice}: rename the one that is not it"))
    else:
        header = list(NAMES_COLUMNS)
    if "handicap" in header and ("handicap1" in header or "handicap2" in header):
        problems.append((1, "give the pair's handicap or the players' (handicap1, handicap2), not both"))
    pairs = []
    seen: dict[tuple[object, object, object], int] = {}
    numbered: dict[str, tuple[int, str]] = {}  # each membership number's line and player, by its key
    for number, row in enumerate(rows[first:], start=first + 1):
        if not any(cell.strip() for cell in row):
            continue
        record = dict(zip(header, (cell.strip() for cell in row), strict=False))
        players = (record.get("player1", ""), record.get("player2", ""))
        try:
            extra = _unnamed(row, header, "the header names" if first else "a names file without a header has")
            if extra:
                raise BridgeInputError(extra)
            numbers = (record.get("number1", ""), record.get("number2", ""))
            pair = pair_of(record.get("pair", ""), record.get("direction", ""), players, numbers)
            pair = replace(pair, section=section_name(record.get("section", "")))
            key = (pair.section, pair.number, pair.direction)
            if key in seen:
                twice = f"{pair.called} is listed twice (first on line {seen[key]})"
                if pair.direction is None:  # most likely a Mitchell's NS and EW pair of that number
                    twice += f": if they are NS {pair.number} and EW {pair.number}, give each its direction (NS or EW)"
                raise BridgeInputError(twice)
            seen[key] = number
            for player, member in zip(pair.players, pair.members, strict=False):
                who = f"{player or 'number ' + member} ({pair.called})"
                earlier = numbered.get(member_key(member)) if member else None
                if earlier is not None:
                    raise BridgeInputError(f"number {member} is given twice (first on line {earlier[0]}, for "
                                           f"{earlier[1]}; here for {who}): one player, one number")  # fmt: skip
                if member:
                    numbered[member_key(member)] = (number, who)
            if "handicap" in record:
                handicap = read_handicap(record["handicap"])
            else:
                handicap = pair_handicap((record.get("handicap1", ""), record.get("handicap2", "")), handicaps)
            holdings = _holdings(record)
        except BridgeInputError as error:
            problems.append((number, error.message))
            continue
        pairs.append(replace(pair, handicap=handicap, holdings=holdings))
    if problems:
        lines = len({line for line, _ in problems})
        them = "it" if lines == 1 else "them"
        raise refusal(ImportFileError, [f"{source}: line {line}: {message}" for line, message in problems],
                      f"{source}: {count(lines, 'line')} of the names file cannot be read: put {them} right and "
                      "try again", str(source))  # fmt: skip
    return pairs


def _holdings(record: dict[str, str]) -> tuple[Fraction | None, ...]:
    """The players' masterpoint holdings of a names file's line (empty where the file has no such columns)."""
    if "masterpoints1" not in record and "masterpoints2" not in record:
        return ()
    return tuple(read_holding(record.get(f"masterpoints{n}", ""), f"player {n} masterpoints") for n in (1, 2))


def _unnamed(row: list[str], header: list[str], named: str) -> str:
    """Why a names file's line has a field its header does not name (beyond the last column, or under a blank
    heading), or ""."""
    for index, cell in enumerate(row):
        if not cell.strip() or (index < len(header) and header[index]):
            continue
        if index >= len(header):
            return f"{len(row)} fields where {named} {len(header)}: {cell.strip()!r} is beyond the last column"
        return f"{cell.strip()!r} is in column {index + 1}, which the header does not name"
    return ""
