"""A movement in and out of files: the CSV ``round,table,ns,ew,boards`` (one row per table per round, pairs as the
Results sheet takes them, boards as ``first-last``, an empty pair for a sit-out; an evening of sections has a
``section`` column first), the table printed on a terminal, the printable table and guide cards and paper travellers
(HTML, through Jinja2: the ``web`` extra), and the evening's pairs-session workbook, its Results sheet pre-filled
from the movement (:func:`evening_session`).

An evening of two sections or more is :data:`Sections`: each section's letter and its own movement, its pairs
numbered within it (``A3 NS``); every function here takes it where it takes a movement."""

from __future__ import annotations

import datetime as dt
import string
from collections.abc import Collection, Sequence
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from ...engine.boards import board_dealer, board_vulnerability
from ...engine.checks import in_playing_order
from ...engine.errors import BridgeInputError, refusal
from ...engine.movements import Encounter, Movement, movement_from_rows
from ...engine.pairs import Pair, section_name
from ...engine.session import Row, Session
from ...engine.values import count
from ...rules import Side
from ...rules.movements import MITCHELL_TYPE, RELAY
from ..inputs import read_input
from ..outputs import check_output, write_atomically
from ..tables import csv_text, text_table
from ..website.jinja import environment
from .csvfile import read_rows

if TYPE_CHECKING:
    from .handrecords import SessionHands

__all__ = [
    "CSV_COLUMNS",
    "SECTION_COLUMN",
    "Sections",
    "board_move",
    "evening_session",
    "movement_csv",
    "movement_table",
    "named_pairs",
    "pair_moves",
    "paper_travellers",
    "read_movement_csv",
    "read_movement_sections",
    "section_letters",
    "table_cards",
    "write_evening",
    "write_new",
]

CSV_COLUMNS = ("round", "table", "ns", "ew", "boards")
#: The column a movement CSV of sections has first: the section each row's table is in.
SECTION_COLUMN = "section"
#: How the cards and travellers name the seats and the vulnerability.
SEAT_WORDS = {"N": "North", "E": "East", "S": "South", "W": "West"}
VULNERABILITY_WORDS = {"None": "None", "NS": "North-South", "EW": "East-West", "Both": "Both"}

#: An evening's movement section by section, in order: each section's letter and its own movement, its pairs and
#: tables numbered within it. A session of one section is ``(("", movement),)``.
Sections = tuple[tuple[str, Movement], ...]


def section_letters(sections: int) -> tuple[str, ...]:
    """The letters of an evening's sections, in order: A, B, C...; one section has none (``("",)``)."""
    if not 1 <= sections <= len(string.ascii_uppercase):
        raise BridgeInputError(f"{sections} sections: an evening has 1 to {len(string.ascii_uppercase)} (A-Z)")
    return ("",) if sections == 1 else tuple(string.ascii_uppercase[:sections])


def _parts(movement: Movement | Sections) -> Sections:
    """``movement`` section by section (a movement alone is one section, lettered "")."""
    return (("", movement),) if isinstance(movement, Movement) else movement


def movement_csv(movement: Movement | Sections) -> str:
    """One row per table per round, in round and table order; an evening of sections each section's rows in
    turn, its letter in a first column, ``section``."""
    parts = _parts(movement)
    sectioned = len(parts) > 1
    rows: list[Sequence[object]] = [(*([SECTION_COLUMN] if sectioned else []), *CSV_COLUMNS)]
    for section, part in parts:
        rows += [[*([section] if sectioned else []), e.round, e.table, "" if e.ns is None else e.ns,
                  "" if e.ew is None else e.ew, str(e.boards)] for e in part.encounters]  # fmt: skip
    return csv_text(rows)


#: Far beyond any movement's CSV (30 tables, 15 rounds: some 7 KB; 26 sections of them, 200 KB).
MAX_MOVEMENT_BYTES = 1024 * 1024


def read_movement_csv(path: Path) -> Movement:
    """A movement CSV of one section as :func:`movement_csv` writes it (see :func:`read_movement_sections`); a file
    of sections is refused, naming them."""
    parts = read_movement_sections(path)
    if len(parts) > 1:
        raise BridgeInputError(f"{path}: a movement of {len(parts)} sections ({', '.join(s for s, _ in parts)}): "
                               "give the movement of one section here")  # fmt: skip
    return parts[0][1]


def read_movement_sections(path: Path) -> Sections:
    """A movement CSV as :func:`movement_csv` writes it (a header naming the five columns, in any order, and a
    ``section`` column in an evening of sections: each section's rows its own movement), refused when it cannot be
    used or a section's movement is not sound, naming the file and, for each problem, its line (every line is read:
    several are a line each, then their count). A file without a section column is one section, as before."""
    data = read_input(path, "a movement file", MAX_MOVEMENT_BYTES)
    rows = read_rows(data, path)  # as the results and names files are read: Excel's ; and Windows-1252 too
    numbered = [(number, row) for number, row in enumerate(rows, start=1) if any(cell.strip() for cell in row)]
    if not numbered:
        raise BridgeInputError(f"{path}: the movement file is empty")
    header = [cell.strip().lower() for cell in numbered[0][1]]
    missing = [column for column in CSV_COLUMNS if column not in header]
    if missing:
        raise BridgeInputError(
            f"{path}: line {numbered[0][0]}: a movement file's header names {','.join(CSV_COLUMNS)}; "
            f"it has no {', '.join(missing)}"
        )
    at = [header.index(column) for column in CSV_COLUMNS]
    section_at = header.index(SECTION_COLUMN) if SECTION_COLUMN in header else None
    body = numbered[1:]
    grouped: dict[str, list[int]] = {}  # each section's rows of the body, in the file's order
    for index, (_, row) in enumerate(body):
        section = section_name(row[section_at]) if section_at is not None and section_at < len(row) else ""
        grouped.setdefault(section, []).append(index)
    problems: list[str] = []
    if "" in grouped and len(grouped) > 1:
        given = ", ".join(section for section in grouped if section)
        problems += [f"{path}: line {body[index][0]}: no section, where other lines give {given}"
                     for index in grouped.pop("")]  # fmt: skip
    parts = []
    for section, indices in grouped.items():
        records: list[tuple[object, object, object, object, object]] = []
        for index in indices:
            row = body[index][1]
            cells = [row[i].strip() if i < len(row) else "" for i in at]
            records.append((cells[0], cells[1], cells[2], cells[3], cells[4]))
        context = f"{path}: section {section}" if section else str(path)
        try:
            parts.append((section, movement_from_rows(records, context, partial(_line_name, body, indices))))
        except BridgeInputError as error:
            problems += error.details or (error.message,)
    if problems:
        summary = (f"{path}: {count(len(problems), 'problem')} in the movement file: put them right and import "
                   "again (xlbridge movement --csv writes a movement as a file)")  # fmt: skip
        raise refusal(BridgeInputError, problems, summary, str(path))
    return tuple(parts)


def _line_name(body: Sequence[tuple[int, list[str]]], indices: Sequence[int], index: int) -> str:
    """How a problem names a section's row ``index`` of a movement file: its line in the file."""
    return f"line {body[indices[index]][0]}"


def _cell(encounter: Encounter) -> str:
    if encounter.ns is None or encounter.ew is None:
        sitting = encounter.ew if encounter.ns is None else encounter.ns
        return f"{sitting} sits out"
    return f"{encounter.ns} v {encounter.ew}: {encounter.boards}"


def movement_table(movement: Movement | Sections) -> str:
    """The movement as a terminal shows it: its title and notes, then one row per round and a column per table
    (North-South v East-West: boards); an evening of sections each section's in turn, its title after its letter
    (``Section A: Mitchell...``)."""
    parts = _parts(movement)
    if len(parts) > 1:
        return "\n".join(f"Section {section}: {movement_table(part)}" for section, part in parts)
    movement = parts[0][1]
    lines = [movement.title, *(f"  {note}" for note in movement.notes)]
    balance = movement.balance()
    if balance is not None and movement.type is not None and movement.type is not MITCHELL_TYPE:
        low, high = balance
        same = f"{low}" if low == high else f"{low} to {high}"
        lines.append(f"  every two pairs sit the same way on {same} of the sets they play against others")
    if movement.two_fields:
        seated = [*movement.pairs, *([movement.phantom] if movement.phantom is not None else [])]
        ns, ew = (max((p.number for p in seated if p.direction is side), default=0) for side in Side)
        lines.append(f"  two fields: North-South pairs 1-{ns}, East-West pairs 1-{ew}")
    lines.append("")
    heading = ["Round", *(f"Table {t}" for t in range(1, movement.tables + 1))]
    body = [[str(r), *(_cell(e) for e in movement.round(r))] for r in range(1, movement.rounds + 1)]
    lines += text_table([heading, *body])
    return "\n".join(lines) + "\n"


def _pair_label(pair: Pair | None, two_fields: bool) -> str:
    if pair is None:
        return ""
    return f"{pair.number} {pair.direction_text}" if two_fields else str(pair.number)


def pair_moves(movement: Movement, encounter: Encounter) -> list[str]:
    """Where the pairs at a table go after a round, as its table card says it: ``EW 9 to table 2`` (with a
    Mitchell's skip, a change of direction and a sit-out said); a pair that stays where it sits is not named.
    Nothing after the last round."""
    moves: list[str] = []
    if encounter.round >= movement.rounds:
        return moves
    for side in (Side.NS, Side.EW):
        pair = movement.pair_at(encounter, side)
        if pair is None:
            continue
        seat = movement.next_seating(pair, encounter.round)
        who = f"{side.value} {pair.number}"  # as the card's columns name it: its seat, then its number
        if seat is None:
            continue
        if seat.opponents is None:
            moves.append(f"{who} sits out round {seat.round}")
            continue
        if seat.table == encounter.table and seat.direction is side:
            continue
        words = f"{who} to table {seat.table}" if seat.table != encounter.table else f"{who} stays at this table"
        if seat.direction is not side:
            words += f", sitting {seat.direction.value}"
            switched = movement.encounter(seat.round, seat.table)
            if switched is not None and switched.switched:
                words += " (arrow switch)"
        elif movement.type is MITCHELL_TYPE and side is Side.EW and seat.table != encounter.table % movement.tables + 1:
            words += " (skip a table)"
        moves.append(words)
    return moves


def board_move(movement: Movement, encounter: Encounter) -> str:
    """Where a table's boards go after a round: ``boards to table 7``, to two tables (shared), or out of play for
    the next round (on a relay's bye stand; a Howell's sets not in play); "" after the last round."""
    tables = movement.next_tables(encounter.boards, encounter.round, encounter.table)
    if tables is None:
        return ""
    playing = tuple(t for t in tables if not _sits_out(movement, encounter.round + 1, t))
    tables = playing or tables  # boards shared with a table nobody plays at are at the other; else they rest there
    if not tables:
        return "boards rest next round, on a bye stand"
    if len(tables) == 1:
        return f"boards to table {tables[0]}"
    return f"boards to tables {', '.join(map(str, tables[:-1]))} and {tables[-1]} (shared)"


def _shared_with(movement: Movement, encounter: Encounter) -> tuple[int, ...]:
    """The other tables that play this table's boards in the same round (a relay, a 3-table Howell's last round)."""
    for number, tables in movement.shared:
        if number == encounter.round and encounter.table in tables and not encounter.sit_out:
            return tuple(t for t in tables if t != encounter.table and not _sits_out(movement, number, t))
    return ()


def _shared_words(movement: Movement, encounter: Encounter) -> str:
    """What a table card says of boards another table plays in the same round: ``relay: shared with table 8``, a
    3-table Howell's last round ``shared with tables 2 and 3``; "" for boards no other table plays."""
    others = _shared_with(movement, encounter)
    if not others:
        return ""
    tables = f"table {others[0]}" if len(others) == 1 else f"tables {', '.join(map(str, others[:-1]))} and {others[-1]}"
    return f"{'relay: ' if movement.even is RELAY else ''}shared with {tables}"


def _sits_out(movement: Movement, round_number: int, table: int) -> bool:
    encounter = movement.encounter(round_number, table)
    return encounter is None or encounter.sit_out


def _in_section(section: str, text: str) -> str:
    """``text`` (``Table 3``) of a section's card or traveller, said with its section (``Section A, table 3``)."""
    return f"Section {section}, {text[0].lower()}{text[1:]}" if section else text


def _titles(parts: Sections) -> tuple[str, list[str]]:
    """The title and notes of a page of every section's cards or travellers: each section's after its letter."""
    if len(parts) == 1:
        return parts[0][1].title, list(parts[0][1].notes)
    title = "; ".join(f"Section {section}: {part.title}" for section, part in parts)
    return title, [f"Section {section}: {note}" for section, part in parts for note in part.notes]


def table_cards(movement: Movement | Sections, event: str = "") -> str:
    """The printable cards as one HTML page: a card per table (round by round: North-South, East-West, boards,
    and where the pairs and the boards go next) and a guide card per pair (round by round: table, direction,
    opponents, boards). In an evening of sections each section's table cards, then each section's guide cards,
    each card named with its section (``Section A, table 3``; ``Pair A3 NS``): the pairs on a card are its
    section's."""
    tables, guides = [], []
    for section, part in _parts(movement):
        tables += _table_cards(part, section)
        guides += _guide_cards(part, section)
    title, notes = _titles(_parts(movement))
    return str(environment("html").get_template("cards.html").render(
        title=title, event=event, notes=notes, tables=tables, guides=guides,
    ))  # fmt: skip


def _table_cards(movement: Movement, section: str) -> list[dict[str, object]]:
    """A section's table cards, as the cards page lays them out."""
    tables: list[dict[str, object]] = []
    for t in range(1, movement.tables + 1):
        rounds = [e for e in movement.encounters if e.table == t]
        tables.append(
            {
                "heading": _in_section(section, f"Table {t}"),
                "id": f"{section.lower()}{'-' if section else ''}table-{t}",
                "rounds": [
                    {
                        "round": e.round,
                        "ns": "" if e.ns is None else e.ns,
                        "ew": "" if e.ew is None else e.ew,
                        "boards": str(e.boards),
                        "sit_out": e.sit_out,
                        "switched": e.switched,
                        "shared": _shared_words(movement, e),
                        "moves": [*pair_moves(movement, e), *filter(None, [board_move(movement, e)])],
                    }
                    for e in rounds
                ],
            }
        )
    return tables


def _guide_cards(movement: Movement, section: str) -> list[dict[str, object]]:
    """A section's guide cards, as the cards page lays them out: each pair by its label (``A3 NS``), a row for
    every round: a round it has no seat in (the rover's round at its table, the rover's own rounds out) is a
    sit-out, as a phantom's is."""
    guides: list[dict[str, object]] = []
    for pair in movement.pairs:
        seated = {s.round: s for s in movement.seatings(pair)}
        rounds: list[dict[str, object]] = []
        for number in range(1, movement.rounds + 1):
            s = seated.get(number)
            if s is None or s.opponents is None:
                rounds.append({"round": number, "opponents": ""})
            else:
                rounds.append({"round": number, "table": s.table, "direction": s.direction.value,
                               "opponents": s.opponents, "boards": str(s.boards)})  # fmt: skip
        guides.append(
            {
                "label": f"{section}{_pair_label(pair, movement.two_fields)}",
                "id": f"pair-{section.lower()}{pair.number}{pair.direction_text.lower()}",
                "rounds": rounds,
            }
        )
    return guides


def paper_travellers(movement: Movement | Sections, event: str = "", date: dt.date | None = None) -> str:
    """The paper travellers as one HTML page, a traveller per board: the board, its dealer and vulnerability, and
    a row for each time it is played, in playing order (round, table, North-South and East-West pair pre-printed;
    contract, declarer, lead, result and both scores left blank to fill in); printed, one board a page. In an
    evening of sections a traveller per board per section, section by section (``Section A, board 1``): each
    section plays its own copy of the boards, and a traveller goes round with its copy."""
    boards = []
    for section, part in _parts(movement):
        slots = part.slots()
        for board in part.boards:
            lines = [slot for slot in slots if slot.board == board]
            if not lines:
                continue
            boards.append(
                {
                    "number": board,
                    "heading": _in_section(section, f"Board {board}"),
                    "id": f"{section.lower()}{'-' if section else ''}board-{board}",
                    "dealer": SEAT_WORDS[board_dealer(board).value],
                    "vulnerability": VULNERABILITY_WORDS[board_vulnerability(board).value],
                    "lines": [{"round": s.round, "table": s.table, "ns": s.ns, "ew": s.ew} for s in lines],
                }
            )
    title, _ = _titles(_parts(movement))
    return str(environment("html").get_template("travellers.html").render(
        title=title, event=event, date=f"{date.day} {date:%B %Y}" if date else "",
        date_iso=date.isoformat() if date else "", boards=boards, sectioned=len(_parts(movement)) > 1,
    ))  # fmt: skip


def write_new(path: Path, text: str, replace: bool = False, writes: str = "CSV", suffix: str = ".csv") -> Path:
    """Write a text file whole (aside, then renamed; see :func:`~xlbridge.files.outputs.write_atomically`), under a
    name ending in ``suffix`` (what is written: ``writes``); an existing file is kept unless ``replace``."""
    check_output(path, writes=writes, suffixes=(suffix,), replace=replace)
    write_atomically(path, lambda staged: staged.write_text(text, encoding="utf-8", newline="\n"), replace=replace)
    return path


def named_pairs(movement: Movement | Sections, listed: Sequence[Pair], source: str = "names") -> tuple[Pair, ...]:
    """The movement's pairs with the players (and handicaps) of a names file: each listed pair is one of the
    movement's (in two fields by its number and direction: NS 1 and EW 1 are two pairs); a pair of the movement the
    file does not list keeps no names. A listed pair the movement does not have (or the phantom) is refused,
    naming it, as is a names file without directions for a movement of two fields. In an evening of sections each
    listed pair is its section's (by its section, number and direction: A3 NS), each section's pairs in turn; a
    pair without a section, or of a section the evening does not have, is refused, every section's problems
    together."""
    parts = _parts(movement)
    sections = [section for section, _ in parts]
    given = list(dict.fromkeys(pair.section for pair in listed))
    if len(parts) == 1:
        if given != [""]:
            raise BridgeInputError(f"{source}: gives sections ({', '.join(s for s in given if s)}), but the movement "
                                   "is one section: leave the section column blank, or make a movement of sections "
                                   "(--tables 7,8)")  # fmt: skip
        return _named_pairs(parts[0][1], listed, source)
    problems = []
    unsectioned = [pair for pair in listed if not pair.section]
    if unsectioned:
        shown = ", ".join(f"{p.number}{p.direction_text}" for p in unsectioned[:10])
        shown += ", ..." if len(unsectioned) > 10 else ""
        problems.append(f"{source}: {count(len(unsectioned), 'pair')} without a section ({shown}), but the evening has "
                        f"sections {', '.join(sections)}: give each pair its section (a section column)")  # fmt: skip
    strangers = [section for section in given if section and section not in sections]
    if strangers:
        problems.append(f"{source}: section{'s' if len(strangers) > 1 else ''} {', '.join(strangers)}: the movement "
                        f"has sections {', '.join(sections)}")  # fmt: skip
    named: list[Pair] = []
    for section, part in parts:
        try:
            own = _named_pairs(part, [p for p in listed if p.section == section], f"{source}: section {section}")
        except BridgeInputError as error:
            problems.append(error.message)
            continue
        named += [replace(pair, section=section) for pair in own]
    if problems:
        raise refusal(BridgeInputError, problems, f"{source}: {count(len(problems), 'problem')} naming the "
                      "sections' pairs: put them right and try again", source)  # fmt: skip
    return tuple(named)


def _named_pairs(movement: Movement, listed: Sequence[Pair], source: str) -> tuple[Pair, ...]:
    """One section's pairs named (see :func:`named_pairs`)."""
    two_fields = movement.two_fields
    ours = {(pair.number, pair.direction): pair for pair in movement.pairs}
    if two_fields:
        undirected = [pair for pair in listed if pair.direction is None]
        if undirected:
            shown = ", ".join(str(pair.number) for pair in undirected[:10]) + (", ..." if len(undirected) > 10 else "")
            raise BridgeInputError(
                f"{source}: {count(len(undirected), 'pair')} without a direction ({shown}), but the {movement.name} "
                "numbers North-South and East-West pairs apart (NS 1 and EW 1 are two pairs): give each pair its "
                "direction (a direction column: NS or EW)"
            )
    names: dict[tuple[object, Side | None], Pair] = {}
    strangers = []  # every listed pair the movement does not have, said at once
    phantom_listed = False
    for pair in listed:
        key = (pair.number, pair.direction if two_fields else None)
        if key not in ours:
            label = f"{pair.direction_text} pair {pair.number}" if two_fields else f"pair {pair.number}"
            phantom = movement.phantom is not None and (movement.phantom.number, movement.phantom.direction) == key
            phantom_listed = phantom_listed or phantom
            strangers.append(label + (" (the phantom: its seat is empty)" if phantom else ""))
            continue
        names[key] = pair
    if strangers:
        everyone = ", ".join(f"{p.number}{p.direction_text}" for p in movement.pairs)
        are = "is not a pair" if len(strangers) == 1 else "are not pairs"
        missing = _other_phantom(movement, names.keys()) if phantom_listed else ""
        raise BridgeInputError(f"{source}: {', '.join(strangers)} {are} of this movement ({everyone}){missing}")
    return tuple(
        replace(pair, players=names[key].players, handicap=names[key].handicap, members=names[key].members)
        if key in names
        else pair
        for key, pair in ours.items()
    )


def _other_phantom(movement: Movement, named: Collection[tuple[object, Side | None]]) -> str:
    """What a refusal of a names file listing the phantom says to do: make the movement with the pair the file
    leaves out (``named``: the movement's pairs it lists, by number and direction) as the missing one."""
    left_out = [pair for pair in movement.pairs if (pair.number, pair.direction) not in named]
    if len(left_out) != 1:
        return "; make the movement with --phantom PAIR, naming the pair that is missing"
    pair = left_out[0]
    label = f"{pair.direction_text} pair {pair.number}" if movement.two_fields else f"pair {pair.number}"
    return (f"; the names leave out {label} alone: if it is the pair missing, make the movement with --phantom "
            f"{pair.number}{pair.direction_text}")  # fmt: skip


def evening_session(
    movement: Movement | Sections,
    pairs: Sequence[Pair] | None = None,
    event: str = "",
    date: dt.date | None = None,
    method: object = None,
) -> Session:
    """The session of an evening about to be played to ``movement``: its pairs (``pairs``, as
    :func:`named_pairs` gives them; by default the movement's, unnamed), and one line per board per table per round,
    in the travellers' order, each waiting to be typed (its board and pairs, nothing else). An evening of sections
    has each section's pairs and lines in turn, each with its section; its sessions's sections share one field or
    two (a movement of each section's kind), and it keeps no movement (the workbook's holds one section)."""
    parts = _parts(movement)
    if len(parts) == 1:
        session = Session.of(event=event, date=date, method=method, pairs=pairs or parts[0][1].pairs, plan=parts[0][1])
        return in_playing_order(session, parts[0][1])[0]
    kinds = {part.field_kind for _, part in parts}
    if len(kinds) > 1:
        said = ", ".join(f"{section} {part.field_kind.name}" for section, part in parts)
        raise BridgeInputError(f"the sections are ranked apart in different ways ({said}): a workbook of sections "
                               "ranks each alike; give each section a movement of the same kind")  # fmt: skip
    listed = pairs or [replace(pair, section=section) for section, part in parts for pair in part.pairs]
    lines: list[Row] = []
    for section, part in parts:
        own = Session.of(pairs=part.pairs, plan=part)
        lines += [replace(row, section=section) for row in in_playing_order(own, part)[0].lines]
    return Session.of(event=event, date=date, method=method, pairs=listed, lines=lines,
                      field_kind=parts[0][1].field_kind.name)  # fmt: skip


def write_evening(
    session: Session, destination: Path, replace: bool = False, hands: SessionHands | None = None
) -> Path:
    """The pairs-session workbook of ``session`` (see :func:`evening_session`), with its deals' Hands sheet when
    ``hands`` are given, computed, written whole (never over an existing file unless ``replace``)."""
    from ..templates import CLASSIC, pairs_session

    check_output(destination, writes="an Excel workbook", suffixes=(".xlsx",), replace=replace)
    return write_atomically(
        destination,
        lambda staged: pairs_session.build(staged, CLASSIC, session=session, computed=True, hands=hands),
        replace=replace,
    )
