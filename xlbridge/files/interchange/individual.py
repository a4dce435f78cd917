"""An individual's results file: a CSV the movement writes pre-filled (``xlbridge movement --individual``), a row
per board per table per round with its four players, for the secretary to type each result into (in Excel or any
editor), and the one reader of it.

The file opens with its settings, a name and a value a row (``Event``, ``Date``, ``Scoring``, and the movement:
``Movement``, ``Players``, ``Tables``, ``Boards per round``, ``Rounds``, ``First board``; a file without
``Players`` seats 4 a table), then the header row
(:data:`COLUMNS`) and the lines, board by board in the order the travellers are played. A line with its board and
players and nothing else typed is still to come (the ranking is then provisional); every line is checked against the
movement (its board played by those players in those seats), and every problem is named with its line at once.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from ...engine.checks import against_the_contract, plus_dropped
from ...engine.choices import choose_method
from ...engine.errors import BridgeInputError, ImportFileError, refusal
from ...engine.individual import (
    IndividualLine,
    IndividualScore,
    IndividualSession,
    individual_line,
    line_problems,
)
from ...engine.movements.individual import IndividualMovement, complete_individual, meetings, rainbow, starting_player
from ...engine.session import Typed
from ...engine.values import as_whole_number
from ...rules import SessionMethod
from ...rules.individual import COMPLETE_INDIVIDUALS, RAINBOW, SIT_OUT, CompleteIndividual
from ..tables import csv_text, text_table
from .csvfile import read_rows

__all__ = [
    "COLUMNS",
    "individual_csv",
    "individual_table",
    "is_individual_file",
    "ranking_note",
    "ranking_rows",
    "ranking_text",
    "read_individual",
]

#: The lines' columns: the board, where it was played, the four players, then what the Results sheet types.
COLUMNS = ("Board", "Round", "Table", "North", "South", "East", "West", "Contract", "By", "Lead", "Result", "Adjusted")
#: A settings row naming a player: ``Player 7,Jane Smith`` (the movement writes one for each, its name blank).
PLAYER = "Player"
#: The settings row giving the movement's players (a file without it seats 4 a table).
PLAYERS = "Players"
#: The settings naming the movement, in the order they are written.
MOVEMENT_SETTINGS = ("Tables", "Boards per round", "Rounds", "First board")


def individual_csv(movement: IndividualMovement, event: str = "", date: dt.date | None = None, method: str = "") -> str:
    """The results file of ``movement``: its settings (``method``: the scoring as the Scoring row says it, blank for
    the default), a row to name each player, the header and a row per board per table per round (its board, round,
    table and players), board by board, each board's rows in the order it is played."""
    rows: list[list[object]] = [
        ["Event", event],
        ["Date", date.isoformat() if date else ""],
        ["Scoring", method],
        ["Movement", movement.moves.name],
        [PLAYERS, movement.players],
    ]
    values = (movement.tables, movement.boards_per_round, movement.rounds, movement.first_board)
    rows += [[name, value] for name, value in zip(MOVEMENT_SETTINGS, values, strict=True)]
    rows += [[f"{PLAYER} {player}", ""] for player in range(1, movement.players + 1)]
    rows.append(list(COLUMNS))
    lines = sorted((board, at.round, at.table, *at.players) for at in movement.seated for board in at.boards.boards)
    rows += [[*line, *("" for _ in COLUMNS[7:])] for line in lines]
    return csv_text(rows)


def is_individual_file(path: Path) -> bool:
    """Whether ``path`` is an individual's results file (a CSV whose header row has North, South, East and West)."""
    if path.suffix.lower() != ".csv" or not path.is_file():
        return False
    for row in read_rows(path.read_bytes(), path):  # (the header is below its settings)
        if row and row[0].strip() == "Board":
            return [cell.strip() for cell in row[:7]] == list(COLUMNS[:7])
    return False


@dataclass(frozen=True)
class _Settings:
    event: str = ""
    date: dt.date | None = None
    method: SessionMethod | None = None
    movement: IndividualMovement | None = None
    names: tuple[tuple[int, str], ...] = ()


def _settings(found: dict[str, tuple[int, str]], path: Path) -> _Settings:
    """The settings rows read: the event, date, scoring and the movement they name (each problem with its line)."""

    def value(name: str) -> str:
        return found.get(name, (0, ""))[1].strip()

    def where(name: str) -> str:
        return f"{path}: line {found[name][0]}"

    date = None
    if value("Date"):
        try:
            date = dt.date.fromisoformat(value("Date"))
        except ValueError:
            raise ImportFileError(f"{where('Date')}: date {value('Date')!r}: write it YYYY-MM-DD") from None
    method = None
    if value("Scoring"):
        try:
            method = choose_method(value("Scoring"))
        except BridgeInputError as error:
            raise ImportFileError(f"{where('Scoring')}: {error}") from None
    movement = None
    if value("Movement"):
        kinds = (RAINBOW.name, COMPLETE_INDIVIDUALS[0].name)
        if value("Movement").casefold() not in {kind.casefold() for kind in kinds}:
            raise ImportFileError(f"{where('Movement')}: movement {value('Movement')!r}: the individual movements "
                                  f"xlbridge knows are {' and '.join(kinds)}")  # fmt: skip
        numbers = []
        for name in MOVEMENT_SETTINGS:
            if name not in found:
                raise ImportFileError(f"{path}: the settings name the movement but not its {name} (a row "
                                      f"'{name},N' above the header)")  # fmt: skip
            try:
                numbers.append(as_whole_number(value(name), name.lower()))
            except BridgeInputError as error:
                raise ImportFileError(f"{where(name)}: {error}") from None
        tables, per_round, rounds, first = numbers
        players = 4 * tables
        if value(PLAYERS):
            try:
                players = as_whole_number(value(PLAYERS), "players")
            except BridgeInputError as error:
                raise ImportFileError(f"{where(PLAYERS)}: {error}") from None
        complete = {moves.players: moves for moves in COMPLETE_INDIVIDUALS if moves.tables == tables}
        is_rainbow = value("Movement").casefold() == RAINBOW.name.casefold()
        if not is_rainbow and players not in complete:
            sizes = ", ".join(f"{moves.players} players at {moves.tables} tables" for moves in COMPLETE_INDIVIDUALS)
            raise ImportFileError(f"{where(PLAYERS if PLAYERS in found else 'Tables')}: {players} players at {tables} "
                                  f"tables: the complete individuals are for {sizes}")  # fmt: skip
        try:
            if is_rainbow:
                movement = rainbow(tables, per_round, rounds, first)
            else:
                movement = complete_individual(complete[players], per_round, rounds, first)
        except BridgeInputError as error:
            raise ImportFileError(f"{where('Tables')}: {error}") from None
        if movement.players != players:
            raise ImportFileError(f"{where(PLAYERS)}: {players} players: the {movement.moves.name} movement at "
                                  f"{tables} tables seats {movement.players}")  # fmt: skip
    names = []
    for key, (line, name) in found.items():
        number = key.removeprefix(PLAYER).strip()
        if key.startswith(PLAYER) and key != PLAYERS and name.strip():
            if not number.isdigit() or (movement is not None and not 1 <= int(number) <= movement.players):
                raise ImportFileError(f"{path}: line {line}: {key!r}: name a player as 'Player N', N one of the "
                                      "movement's players")  # fmt: skip
            names.append((int(number), " ".join(name.split())))
    return _Settings(value("Event"), date, method, movement, tuple(sorted(names)))


def read_individual(path: Path) -> IndividualSession:
    """The individual in the results file at ``path``: every line read and checked (against the movement its
    settings name), every problem refused at once, each with its line."""
    rows = read_rows(path.read_bytes(), path)  # commas, or semicolons as Excel saves them in much of Europe
    found: dict[str, tuple[int, str]] = {}
    header = None
    for number, row in enumerate(rows, start=1):
        if row and row[0].strip() == "Board":
            header = number
            break
        if row and row[0].strip():
            found[row[0].strip()] = (number, row[1] if len(row) > 1 else "")
    if header is None:
        raise ImportFileError(f"{path}: no header row ({','.join(COLUMNS)}): is it an individual's results file "
                              "written by xlbridge movement --individual?")  # fmt: skip
    named = [name.strip() for name in rows[header - 1]]
    missing = [name for name in COLUMNS if name not in named]
    if missing:
        raise ImportFileError(f"{path}: line {header}: the header has no {', '.join(missing)} column "
                              f"(expected {','.join(COLUMNS)})")  # fmt: skip
    settings = _settings(found, path)
    at = {name: named.index(name) for name in COLUMNS}
    lines: list[IndividualLine] = []
    numbers: list[int] = []
    problems: list[str] = []
    waiting = 0
    typed_lines = [(number, {name: (row[index].strip() if index < len(row) else "")
                             for name, index in at.items()})
                   for number, row in enumerate(rows[header:], start=header + 1)]  # fmt: skip
    # A result against the contract on one line (+1, -2): a bare number elsewhere may be +1 saved by Excel, which
    # drops the plus sign (engine/checks.plus_dropped, as a pairs file's lines are read).
    relative = next(((f"line {number}", cells["Result"]) for number, cells in typed_lines
                     if against_the_contract(cells["Contract"], cells["Result"])), None)  # fmt: skip
    for number, cells in typed_lines:
        if not any(cells.values()):
            continue
        typed = Typed(cells["Contract"], cells["By"], cells["Lead"], cells["Result"], cells["Adjusted"])
        if typed == Typed():
            waiting += 1
            continue
        doubt = plus_dropped(cells["Contract"], cells["Result"], *relative) if relative else ""
        if doubt:
            problems.append(f"{path}: line {number}: {doubt}")
            continue
        try:
            four = [as_whole_number(cells[seat], f"{seat} player") for seat in COLUMNS[3:7]]
            round_number = as_whole_number(cells["Round"], "round") if cells["Round"] else None
            table = as_whole_number(cells["Table"], "table") if cells["Table"] else None
            lines.append(individual_line(cells["Board"], four, typed, round_number, table))
            numbers.append(number)
        except BridgeInputError as error:
            problems.append(f"{path}: line {number}: {error}")
    problems += [
        f"{path}: line {numbers[index]}: {reason}" for index, reason in line_problems(lines, settings.movement)
    ]
    if problems:
        problems.sort(key=lambda text: int(text.removeprefix(f"{path}: line ").split(":")[0]))
        raise refusal(ImportFileError, problems, f"{path}: {len(problems)} lines to put right (each above)", str(path))
    if not lines:
        raise ImportFileError(
            f"{path}: no results typed yet" + (f" ({waiting} lines wait for theirs)" if waiting else "")
        )
    movement = settings.movement
    players = (
        tuple(range(1, movement.players + 1))
        if movement
        else tuple(sorted({p for line in lines for p in line.players}))
    )
    return IndividualSession(tuple(lines), players, settings.event, settings.date,
                             settings.method or choose_method(None), movement, waiting, settings.names)  # fmt: skip


def _shown(value: Fraction | None) -> str:
    return "" if value is None else f"{float(value):.2f}"


def ranking_rows(score: IndividualScore) -> list[tuple[str, str, str, str, str, str]]:
    """The ranking as the command and the website show it: place, player, name, boards, total, percentage (to 2
    decimals, as a pairs ranking shows them)."""
    name = score.session.name_of
    return [(standing.place, str(standing.player), name(standing.player), str(standing.boards),
             _shown(standing.total), _shown(standing.percentage)) for standing in score.ranking]  # fmt: skip


def ranking_note(score: IndividualScore) -> str:
    """What the ranking says under its title: the scoring and top, and that it is provisional while lines wait."""
    session = score.session
    method = session.method
    top = score.top
    note = (f"{method.words} scoring: total IMPs" if method.imp_scoring else
            f"Matchpoints ({method.words}), top {top.numerator if top.denominator == 1 else float(top)}")  # fmt: skip
    if session.waiting:
        results = len(session.lines)
        note += f"; provisional: {results} of the {results + session.waiting} results the movement expects are in"
    return note


def ranking_text(score: IndividualScore, as_csv: bool = False) -> str:
    """The individual's ranking as ``xlbridge ranking`` prints it: a table under its title, or CSV with a header
    (``place,player,name,boards,matchpoints,percentage``; IMPs and no percentage with IMP scoring)."""
    imps = score.session.method.imp_scoring
    heading = ["Place", "Player", "Name", "Boards", "IMPs" if imps else "Matchpoints", "%"]
    rows = [list(row) for row in ranking_rows(score)]
    if imps:
        heading.pop()
        rows = [row[:-1] for row in rows]
    if as_csv:
        return csv_text([[word.lower() if word != "%" else "percentage" for word in heading], *rows])
    session = score.session
    title = session.event or "Individual"
    if session.date:
        title += f", {session.date.isoformat()}"
    return "\n".join([title, ranking_note(score), "", *text_table([heading, *rows], right={1, 3, 4, 5})]) + "\n"


def _moves_text(movement: IndividualMovement) -> list[str]:
    """How the players and the boards move, and whom each player meets, as the printed movement says it."""
    moves = movement.moves
    tables = movement.tables
    if not isinstance(moves, CompleteIndividual):
        return [
            f"  North players 1-{tables} stay at their tables; South {tables + 1}-{2 * tables} move up "
            f"{moves.south}, East {2 * tables + 1}-{3 * tables} up {moves.east}, West {3 * tables + 1}-{4 * tables} "
            f"down {-moves.west}; boards down {-moves.boards}",
            "  each player meets every player of the other three lines once (partner or opponent), his own line never",
        ]
    stay = "".join(f"player {starting_player(seat, tables)} stays at {seat}; " for seat in moves.stationary)
    partners, opponents = meetings(movement)
    met = sorted({opponents[frozenset((a, b))] for a in range(1, movement.players + 1) for b in range(1, a)})
    times = {1: "once", 2: "twice"}
    opposed = times.get(met[0], f"{met[0]} times") if len(met) == 1 else f"{met[0]} to {met[-1]} times"
    out = "; out: sits the round out" if SIT_OUT in moves.cycle else ""
    lines = [
        f"  seats: 1N is table 1 North...; {stay}after each round the others move to the next seat of "
        f"{' '.join(moves.cycle)} (the last back to the first{out})",
        f"  boards: each table takes the next set each round (after set {moves.sets_at(tables)}, set 1)"
        + ("; the tables play the round's set together, exchanging its boards halfway" if movement.shared else ""),
    ]
    if movement.rounds == moves.sets_at(tables):
        partnered = set(partners.values()) == {1} and len(partners) == movement.players * (movement.players - 1) // 2
        lines.append(f"  each player {'partners every other once' if partnered else 'never partners one twice'} and "
                     f"meets each as an opponent {opposed}"
                     + ("; each sits out one round" if SIT_OUT in moves.cycle else ""))  # fmt: skip
    return lines


def individual_table(movement: IndividualMovement) -> str:
    """The movement as a terminal shows it: its title and moves, then a row per round and a column per table
    (``N-S v E-W: boards``), and the player out where one sits out."""
    tables = movement.tables
    lines = [movement.title, *_moves_text(movement), ""]
    out = movement.players > 4 * tables
    heading = ["Round", *(f"Table {table}" for table in range(1, tables + 1)), *(["Out"] if out else [])]
    body = [[str(number), *(f"{at.north}-{at.south} v {at.east}-{at.west}: {at.boards}" for at in movement.seated
                            if at.round == number),
             *([" ".join(map(str, movement.sitting_out(number)))] if out else [])]
            for number in range(1, movement.rounds + 1)]  # fmt: skip
    lines += text_table([heading, *body])
    return "\n".join(lines) + "\n"
