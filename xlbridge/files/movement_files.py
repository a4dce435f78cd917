"""A movement in and out of files: the CSV ``round,table,ns,ew,boards`` (one row per table per round, pairs as the
Results sheet takes them, boards as ``first-last``, an empty pair for a sit-out), the table printed on a terminal,
and the printable table and guide cards (HTML, through Jinja2: the ``web`` extra)."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from ..engine.errors import BridgeInputError, refusal
from ..engine.movement import Encounter, Movement, movement_from_rows
from ..engine.session import Pair
from ..engine.values import count
from .outputs import check_output, write_atomically
from .tables import text_table

__all__ = ["CSV_COLUMNS", "movement_csv", "movement_table", "read_movement_csv", "table_cards", "write_new"]

CSV_COLUMNS = ("round", "table", "ns", "ew", "boards")


def movement_csv(movement: Movement) -> str:
    """One row per table per round, in round and table order."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for e in movement.encounters:
        writer.writerow([e.round, e.table, "" if e.ns is None else e.ns, "" if e.ew is None else e.ew, str(e.boards)])
    return out.getvalue()


#: Far beyond any movement's CSV (30 tables, 15 rounds: some 7 KB).
MAX_MOVEMENT_BYTES = 1024 * 1024


def read_movement_csv(path: Path) -> Movement:
    """A movement CSV as :func:`movement_csv` writes it (a header naming the five columns, in any order); refused
    when it cannot be used or is not a sound movement, naming the file and, for each problem, its line (every line
    is read: several are a line each, then their count)."""
    try:
        if path.stat().st_size > MAX_MOVEMENT_BYTES:
            raise BridgeInputError(f"{path}: refused: {path.stat().st_size:,} bytes is far more than a movement holds")
        text = path.read_bytes().decode("utf-8-sig")
    except OSError as error:
        raise BridgeInputError(f"{path}: cannot be read ({error.strerror or error})") from None
    except UnicodeDecodeError:
        raise BridgeInputError(f"{path}: is not a text (CSV) file") from None
    reader = csv.reader(io.StringIO(text, newline=""))  # a line end inside a quoted field is the field's
    try:
        rows = list(reader)
    except csv.Error as error:  # a field over the size limit, a quote left open
        raise BridgeInputError(f"{path}: line {reader.line_num}: cannot be read as CSV ({error})") from None
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
    body = numbered[1:]
    records: list[tuple[object, object, object, object, object]] = []
    for _, row in body:
        cells = [row[i].strip() if i < len(row) else "" for i in at]
        records.append((cells[0], cells[1], cells[2], cells[3], cells[4]))
    try:
        return movement_from_rows(records, str(path), lambda index: f"line {body[index][0]}")
    except BridgeInputError as error:
        if not error.details:
            raise
        summary = (f"{path}: {count(len(error.details), 'problem')} in the movement file: put them right and import "
                   "again (xlbridge movement --csv writes a movement as a file)")  # fmt: skip
        raise refusal(BridgeInputError, error.details, summary, str(path)) from None


def _cell(encounter: Encounter) -> str:
    if encounter.ns is None or encounter.ew is None:
        sitting = encounter.ew if encounter.ns is None else encounter.ns
        return f"{sitting} sits out"
    return f"{encounter.ns} v {encounter.ew}: {encounter.boards}"


def movement_table(movement: Movement) -> str:
    """The movement as a terminal shows it: its title and notes, then one row per round and a column per table
    (North-South v East-West: boards)."""
    lines = [movement.title, *(f"  {note}" for note in movement.notes)]
    balance = movement.balance()
    if balance is not None and movement.type is not None and movement.type.name == "Howell":
        low, high = balance
        same = f"{low}" if low == high else f"{low} to {high}"
        lines.append(f"  every two pairs sit the same way on {same} of the sets they play against others")
    if movement.two_fields:
        n = movement.tables
        lines.append(f"  two fields: North-South pairs 1-{n}, East-West pairs 1-{n}")
    lines.append("")
    heading = ["Round", *(f"Table {t}" for t in range(1, movement.tables + 1))]
    body = [[str(r), *(_cell(e) for e in movement.round(r))] for r in range(1, movement.rounds + 1)]
    lines += text_table([heading, *body])
    return "\n".join(lines) + "\n"


def _pair_label(pair: Pair | None, two_fields: bool) -> str:
    if pair is None:
        return ""
    return f"{pair.number} {pair.direction_text}" if two_fields else str(pair.number)


def table_cards(movement: Movement, event: str = "") -> str:
    """The printable cards as one HTML page: a card per table (round by round: North-South, East-West, boards)
    and a guide card per pair (round by round: table, direction, opponents, boards)."""
    from jinja2 import Environment, PackageLoader, select_autoescape

    environment = Environment(
        loader=PackageLoader("xlbridge.files", "html"),
        autoescape=select_autoescape(default=True, default_for_string=True),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    tables = []
    for t in range(1, movement.tables + 1):
        rounds = [e for e in movement.encounters if e.table == t]
        tables.append(
            {
                "number": t,
                "rounds": [
                    {
                        "round": e.round,
                        "ns": "" if e.ns is None else e.ns,
                        "ew": "" if e.ew is None else e.ew,
                        "boards": str(e.boards),
                        "sit_out": e.sit_out,
                        "switched": e.switched,
                    }
                    for e in rounds
                ],
            }
        )
    guides = []
    for pair in movement.pairs:
        seatings = movement.seatings(pair)
        guides.append(
            {
                "label": _pair_label(pair, movement.two_fields),
                "id": f"pair-{pair.number}{pair.direction_text.lower()}",
                "rounds": [
                    {
                        "round": s.round,
                        "table": s.table,
                        "direction": s.direction.value,
                        "opponents": "" if s.opponents is None else s.opponents,
                        "boards": str(s.boards),
                    }
                    for s in seatings
                ],
            }
        )
    return environment.get_template("cards.html").render(
        title=movement.title, event=event, notes=movement.notes, tables=tables, guides=guides,
        two_fields=movement.two_fields,
    )  # fmt: skip


def write_new(path: Path, text: str, replace: bool = False, writes: str = "CSV", suffix: str = ".csv") -> Path:
    """Write a text file whole (aside, then renamed; see :func:`~xlbridge.files.outputs.write_atomically`), under a
    name ending in ``suffix`` (what is written: ``writes``); an existing file is kept unless ``replace``."""
    check_output(path, writes=writes, suffixes=(suffix,), replace=replace)
    write_atomically(path, lambda staged: staged.write_text(text, encoding="utf-8", newline="\n"), replace=replace)
    return path
