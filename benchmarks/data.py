"""Realistic, reproducible inputs for the benchmarks (fixed seeds: every run measures the same data).

A board's results cluster around its par contract: most tables reach it, some play a level higher or lower or in
another strain, a few double, one in a hundred passes it out; declarer is usually one of the par side's two
hands. That gives the few thousand distinct (contract, declarer, result, board) lines a real column has.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from xlbridge import ns_score

STRAINS = ["C", "D", "H", "S", "NT"]
PARTNER = {"N": "S", "S": "N", "E": "W", "W": "E"}


@dataclass(frozen=True)
class Traveller:
    """Four columns of traveller lines, as cell values: contract text, declarer, tricks and board as numbers
    (Excel hands numbers over as floats). A passed-out board has a blank declarer and result."""

    contracts: list[object]
    declarers: list[object]
    tricks: list[object]
    boards: list[object]

    def __len__(self) -> int:
        return len(self.contracts)

    def rows(self) -> list[list[list[object]]]:
        """The four columns as xlwings hands a one-column range to a function: a list of one-value rows."""
        return [[[value] for value in column] for column in self.columns()]

    def columns(self) -> list[list[object]]:
        return [self.contracts, self.declarers, self.tricks, self.boards]

    def lines(self) -> int:
        """How many distinct (contract, declarer, result, board) lines the column holds."""
        return len(set(zip(*self.columns(), strict=True)))


def _pars(rng: random.Random, boards: int) -> dict[int, tuple[int, str, str]]:
    """Each board's par: level, strain and the declarer who usually plays it."""
    return {
        board: (rng.choice([1, 2, 2, 3, 3, 4, 4, 4, 5, 6]), rng.choice(STRAINS), rng.choice("NESW"))
        for board in range(1, boards + 1)
    }


def _line(rng: random.Random, par: tuple[int, str, str]) -> tuple[str, str | None, float | None]:
    """One table's contract, declarer and tricks on a board with this par (PASS: no declarer, no tricks)."""
    if rng.random() < 0.01:
        return "PASS", None, None
    level, strain, seat = par
    if rng.random() < 0.25:
        level = max(1, min(7, level + rng.choice([-1, 1])))
        strain = rng.choice(STRAINS)
    if rng.random() < 0.3:
        seat = PARTNER[seat]
    if rng.random() < 0.03:
        seat = rng.choice("NESW")
    doubled = "X" if rng.random() < 0.06 else ""
    tricks = max(0, min(13, level + 6 + round(rng.gauss(0, 1.0))))
    return f"{level}{strain}{doubled}", seat, float(tricks)


def traveller(rows: int, boards: int = 36, seed: int = 7) -> Traveller:
    """``rows`` results spread over ``boards`` boards."""
    rng = random.Random(seed)
    pars = _pars(rng, boards)
    columns: list[list[object]] = [[], [], [], []]
    for _ in range(rows):
        board = rng.randint(1, boards)
        for column, value in zip(columns, (*_line(rng, pars[board]), float(board)), strict=True):
            column.append(value)
    return Traveller(*columns)


def session_file(boards: int, tables: int, seed: int = 19) -> tuple[str, str]:
    """A whole session as salliere's files: ``board,NS,EW,contract,declarer,tricks`` lines (every board played at
    every table; NS pairs 1 to ``tables``, EW pairs from ``tables + 1``, meeting a new opponent each board) and a
    names file ``pair,player,player``."""
    rng = random.Random(seed)
    pars = _pars(rng, boards)
    lines = []
    for board in range(1, boards + 1):
        for table in range(tables):
            contract, declarer, tricks = _line(rng, pars[board])
            east_west = tables + 1 + (table + board) % tables
            if contract == "PASS":  # salliere's spelling
                lines.append(f"{board},{table + 1},{east_west},P,,")
            else:
                lines.append(f"{board},{table + 1},{east_west},{contract},{declarer},{int(tricks or 0)}")
    names = [f"{pair},Player {2 * pair - 1},Player {2 * pair}" for pair in range(1, 2 * tables + 1)]
    return "\n".join(lines) + "\n", "\n".join(names) + "\n"


def names_with_header(names_csv: str) -> str:
    """salliere's names file (``pair,player,player``) as xlbridge's names file, which says its columns."""
    rows = [line.split(",", 1) for line in names_csv.splitlines()]
    return "pair,direction,player1,player2\n" + "".join(f"{pair},,{players}\n" for pair, players in rows)


def first_line_a_trick_short(boards_csv: str) -> tuple[str, int]:
    """A session file with its first line retyped one trick short (as a secretary corrects a result), and that
    line's tricks as retyped."""
    first, rest = boards_csv.split("\n", 1)
    board, ns, ew, contract, declarer, tricks = first.split(",")
    if contract == "P":
        raise ValueError("the session's first line is passed out: no trick to change")
    retyped = int(tricks) - 1
    return f"{board},{ns},{ew},{contract},{declarer},{retyped}\n{rest}", retyped


def board_pars(boards: int, seed: int = 19) -> dict[int, int]:
    """Each board's par, North-South's side, for the boards of ``session_file(boards, ..., seed)``: its par
    contract made exactly (a Hands sheet's par column, for PARDIFF)."""
    pars = _pars(random.Random(seed), boards)
    return {board: ns_score(f"{level}{strain}", seat, "=", board) for board, (level, strain, seat) in pars.items()}


def field(size: int, seed: int = 11) -> list[int]:
    """One board's North-South scores at ``size`` tables: a realistic field, full of ties."""
    lines = traveller(size, boards=1, seed=seed)
    return [ns_score(*line) for line in zip(*lines.columns(), strict=True)]


def distinct_field(size: int, seed: int = 13) -> list[int]:
    """The worst case for the comparisons: every score different (no two tables alike)."""
    return [10 * value for value in random.Random(seed).sample(range(-size * 20, size * 20), size)]


def weighted_field(size: int, seed: int = 14) -> list[int | str]:
    """A realistic field with a tenth of its results weighted adjusted scores (Law 12C1(c)), as text."""
    rng = random.Random(seed)
    plain: list[int | str] = list(field(size - size // 10, seed))
    weighted = [f"{p}% {rng.choice([420, 450, -50])} / {100 - p}% {rng.choice([620, 170])}"
                for p in (rng.choice([50, 60, 80]) for _ in range(size // 10))]  # fmt: skip
    return plain + weighted


def session(results: int, boards: int = 36, seed: int = 17) -> tuple[list[int], list[int]]:
    """A whole session's NS scores and their board numbers, in the order they were entered."""
    lines = traveller(results, boards=boards, seed=seed)
    scores = [ns_score(*line) for line in zip(*lines.columns(), strict=True)]
    return scores, [int(board) for board in lines.boards]  # type: ignore[call-overload]
