"""An individual, from the movement to the website: the Rainbow proved for every size offered, a player credited
with his side's matchpoints, and a Christmas evening of 20 players driven as the director and the secretary drive
it, every step a command in a subprocess, its figures checked against a board worked by hand."""

from __future__ import annotations

import csv
import html
import os
import re
from collections import Counter
from fractions import Fraction
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from xlbridge.engine.errors import BridgeInputError
from xlbridge.engine.individual import IndividualSession, individual_line, line_problems, score_individual
from xlbridge.engine.movements.individual import (
    IndividualMovement,
    IndividualTable,
    complete_individual,
    individual,
    individual_problems,
    meetings,
    rainbow,
)
from xlbridge.engine.movements.rounds import BoardSet
from xlbridge.engine.session import Typed
from xlbridge.rules.individual import COMPLETE_INDIVIDUALS, RAINBOW, individual_sizes

from . import browser
from .safety import xlbridge
from .test_publish import SIDEWAYS

EVENT, DATE = "Christmas individual", "2026-12-18"

# --- the movement ------------------------------------------------------------------------------------------------


def line_of(player: int, tables: int) -> int:
    """The line a player starts in (0 North, 1 South, 2 East, 3 West), as the Rainbow numbers its players."""
    return (player - 1) // tables


@pytest.mark.parametrize("tables", RAINBOW.tables)
def test_every_rainbow_offered_is_sound(tables: int) -> None:
    """Every size offered: every player at a table every round, no player plays a board twice, every board played
    at every table once, each player meets each player of the other three lines exactly once (partner or
    opponent) and never one of his own line; North stays at his table, the moves as the sources give them."""
    movement = rainbow(tables, 2)
    assert individual_problems(movement) == []
    assert movement.players == 4 * tables
    assert movement.rounds == tables
    met: Counter[frozenset[int]] = Counter()
    played: Counter[tuple[int, int]] = Counter()
    for at in movement.seated:
        for board in at.boards.boards:
            for player in at.players:
                played[player, board] += 1
        for a in at.players:
            for b in at.players:
                if a < b:
                    met[frozenset((a, b))] += 1
    assert set(played.values()) == {1}
    assert len(played) == movement.players * tables * 2  # every player plays every board once
    everyone = range(1, movement.players + 1)
    for a in everyone:
        for b in everyone:
            if a < b:
                same_line = line_of(a, tables) == line_of(b, tables)
                assert met[frozenset((a, b))] == (0 if same_line else 1), (a, b)
    for player, rounds in movement.guide.items():
        tables_sat = [seat.table for seat in rounds]
        if line_of(player, tables) == 0:
            assert tables_sat == [player] * tables  # North stays
        assert len(rounds) == tables


def test_the_rainbow_moves_as_its_sources_say() -> None:
    """7 tables, round 1 to round 2: the North player stays, South moves up one table, East up two, West down two,
    the boards down one (Baron Barclay's table 3: South to 4, East to 5, West to 1, boards to 2)."""
    movement = rainbow(7, 3)
    first = {at.table: at for at in movement.seated if at.round == 1}
    second = {at.table: at for at in movement.seated if at.round == 2}
    three = first[3]
    assert (three.north, three.south, three.east, three.west) == (3, 10, 17, 24)
    assert three.boards == BoardSet(7, 9)
    assert second[3].north == 3
    assert second[4].south == three.south
    assert second[5].east == three.east
    assert second[1].west == three.west
    assert second[2].boards == three.boards


def test_a_movement_that_repeats_is_found() -> None:
    """The checks name a player seated twice, a board played twice by one player, a partnership met twice and
    boards played unequally: what a table of moves that does not work gives."""
    sets = BoardSet(1, 1), BoardSet(2, 2)
    seated = (
        IndividualTable(1, 1, 1, 2, 3, 4, sets[0]),
        IndividualTable(1, 2, 5, 6, 7, 1, sets[1]),
        IndividualTable(2, 1, 1, 2, 5, 6, sets[0]),
        IndividualTable(2, 2, 3, 4, 7, 8, sets[1]),
    )
    problems = individual_problems(IndividualMovement(RAINBOW, 2, 2, 1, 1, seated))
    assert "round 1: players seated [1], missing [8]" in problems
    assert "player 1 plays board 1 2 times" in problems
    assert "players 1 and 2 partner 2 times" in problems


@pytest.mark.parametrize("players", individual_sizes())
def test_every_individual_offered_is_sound(players: int) -> None:
    """Every size offered, as ``movement --individual --players N`` gives it: every player at one table a round
    (with 4T+1 players all but one, each sitting out once), no player plays a board twice, every board played
    equally often, no two players partner twice; a complete individual's players partner every other once."""
    movement = individual(players, 2)
    assert movement.players == players
    assert individual_problems(movement) == []
    played: Counter[tuple[int, int]] = Counter()
    plays: Counter[int] = Counter()
    for at in movement.seated:
        for board in at.boards.boards:
            plays[board] += 1
            played.update((player, board) for player in at.players)
    assert set(played.values()) == {1}
    assert set(plays) == set(movement.boards)
    assert len(set(plays.values())) == 1
    out = Counter(player for number in range(1, movement.rounds + 1) for player in movement.sitting_out(number))
    assert set(out.values()) <= {1}
    assert len(out) == (players if players % 4 else 0)
    boards_each = {player: sum(1 for board in range(1, 1000) if (player, board) in played) for player in
                   range(1, players + 1)}  # fmt: skip
    assert len(set(boards_each.values())) == 1  # everyone plays as many boards: no average is credited
    partners, _ = meetings(movement)
    if isinstance(movement.moves, type(COMPLETE_INDIVIDUALS[0])):
        assert set(partners.values()) == {1}
        assert len(partners) == players * (players - 1) // 2


#: Each complete individual's opponents: how often two players meet as opponents (the fewest and the most), as
#: docs/individuals.md states them. 8 and 13 are whist tournaments (each two players oppose twice, Pain's second
#: criterion); the others were the evenest the search found.
OPPONENTS = {8: (2, 2), 9: (1, 3), 12: (0, 4), 13: (2, 2), 16: (1, 3), 17: (1, 3), 21: (1, 3)}


@pytest.mark.parametrize("moves", COMPLETE_INDIVIDUALS, ids=lambda moves: str(moves.players))
def test_each_complete_individual_meets_opponents_as_its_documentation_says(moves: object) -> None:
    assert isinstance(moves, type(COMPLETE_INDIVIDUALS[0]))
    _, opponents = meetings(complete_individual(moves, 2))
    everyone = range(1, moves.players + 1)
    met = [opponents[frozenset((a, b))] for a in everyone for b in everyone if a < b]
    assert (min(met), max(met)) == OPPONENTS[moves.players]


def test_the_eight_player_individual_moves_as_sicherman_gives_it() -> None:
    """Round 1 to round 2 of the 8-player movement (Sicherman: "Table 1 N - stay put. Table 1 W - go to 2 W. Table
    1 E - go to 2 S. Table 1 S - go to 1 W. Table 2 N - go to 1 E. Table 2 W - go to 2 E. Table 2 E - go to 2 N.
    Table 2 S - go to 1 S"); both tables play the round's set, exchanging its boards."""
    movement = individual(8, 2)
    first = {at.table: at for at in movement.seated if at.round == 1}
    second = {at.table: at for at in movement.seated if at.round == 2}
    assert (first[1].players, first[2].players) == ((1, 2, 3, 4), (5, 6, 7, 8))
    assert second[1].north == 1
    assert (second[2].west, second[2].south, second[1].west) == (4, 3, 2)  # 1W to 2W, 1E to 2S, 1S to 1W
    assert (second[1].east, second[2].east, second[2].north, second[1].south) == (5, 8, 7, 6)
    assert movement.shared
    assert first[1].boards == first[2].boards == BoardSet(1, 2)
    assert second[1].boards == BoardSet(3, 4)


@pytest.mark.parametrize("tables", [6, 10])
def test_sizes_no_movement_can_play_are_refused(tables: int) -> None:
    """6 or 10 tables (24 or 40 players): the Rainbow would have a player meet a board, or another player, twice,
    and no complete individual is for that many; the command names every size offered."""
    with pytest.raises(BridgeInputError, match="the Rainbow individual is for"):
        rainbow(tables, 2)
    ran = xlbridge("movement", "--individual", "--players", 4 * tables, "--boards-per-round", 2)
    sizes = ", ".join(map(str, individual_sizes()))
    complete = ", ".join(str(moves.players) for moves in COMPLETE_INDIVIDUALS)
    assert ran.refused == (f"xlbridge movement: {4 * tables} players: the individual movements are for {sizes} "
                           f"players (a complete individual for {complete}; the Rainbow, 4 a table, for 20, 28, 44, "
                           "52, 68, 76, 92)")  # fmt: skip


def test_a_results_file_whose_tables_the_rainbow_cannot_play_names_no_option(tmp_path: Path) -> None:
    """The Tables row edited to 6: refused with its line and what the Rainbow offers, naming no option (none was
    typed: the number is the file's)."""
    assert xlbridge("movement", "--individual", "--players", 20, "--boards-per-round", 2, "-o", "blank.csv",
                    cwd=tmp_path).status == 0  # fmt: skip
    rows = rows_of(tmp_path / "blank.csv")
    at = next(number for number, row in enumerate(rows) if row and row[0] == "Tables")
    rows[at][1] = "6"
    with (tmp_path / "six.csv").open("w", newline="") as out:
        csv.writer(out).writerows(rows)
    ran = xlbridge("ranking", "six.csv", cwd=tmp_path)
    assert ran.refused == (f"xlbridge ranking: six.csv: line {at + 1}: 24 players (6 tables): the Rainbow individual "
                           "is for 5, 7, 11, 13, 17, 19, 23 tables (20, 28, 44, 52... players: 4 a table)")  # fmt: skip


# --- the scoring: a player credited with his side's figures --------------------------------------------------------


def test_a_player_has_his_sides_matchpoints() -> None:
    """Board 1 at three tables of a hand-made individual: 4S= (NS +420), 4S+1 (+450), 3NT-1 (-50): NS matchpoints
    2, 4, 0 of a top of 4 (2 a result beaten, 1 a tie), EW 2, 0, 4. North and South have NS's, East and West EW's;
    a player's percentage is the mean of his boards'."""
    lines = (
        individual_line(1, (1, 2, 3, 4), Typed("4S", "N", "", "=")),
        individual_line(1, (5, 6, 7, 8), Typed("4S", "N", "", "+1")),
        individual_line(1, (9, 10, 11, 12), Typed("3NT", "S", "", "-1")),
        individual_line(2, (1, 5, 9, 10), Typed("1NT", "N", "", "=")),
        individual_line(2, (2, 6, 3, 11), Typed("1NT", "N", "", "+1")),
    )
    score = score_individual(IndividualSession(lines, tuple(range(1, 13))))
    by_player = {standing.player: standing for standing in score.standings}
    # board 1: player 1 (N) 2, player 2 (S) 2, players 3 and 4 (E, W) 2; board 2 (two results, top 2): 1NT= (+90)
    # is beaten by 1NT+1 (+120): player 1 (N of the first) 0, player 2 (N of the second) 2
    assert (by_player[1].total, by_player[2].total, by_player[3].total, by_player[4].total) == (2, 4, 2, 2)
    assert (by_player[5].total, by_player[7].total, by_player[11].total) == (4, 0, 4)
    # board 2's percentages are Neuberg-scaled to the three results board 1 has, as a pairs session's are: the
    # beaten line (0 + 1) x 3/2 - 1 = 0.5 of a top of 4 (12.5%), the other 3.5 (87.5%)
    assert by_player[1].boards == 2
    assert by_player[1].percentage == (50 + Fraction(25, 2)) / 2
    assert by_player[9].percentage == (0 + Fraction(175, 2)) / 2  # North on board 1 (NS 0%), East on board 2
    assert by_player[6].percentage == (100 + Fraction(175, 2)) / 2  # South of +450, then of +120
    assert by_player[12].boards == 1
    assert by_player[12].percentage == 100
    assert [(s.player, s.place) for s in score.ranking[:5]] == [(12, "1"), (6, "2"), (2, "3"), (5, "4="), (11, "4=")]


def test_a_player_seated_twice_or_on_a_board_twice_is_named() -> None:
    """A line with one player in two seats is refused; a player on two lines of one board is named on the second,
    and a line whose players are not seated so by the movement is named with what to check."""
    with pytest.raises(BridgeInputError, match="player 3 is seated twice"):
        individual_line(1, (1, 3, 3, 4), Typed("4S", "N", "", "="))
    lines = [individual_line(1, (1, 6, 11, 16), Typed("4S", "N", "", "=")),
             individual_line(1, (6, 1, 11, 16), Typed("4S", "N", "", "="))]  # fmt: skip
    found = line_problems(lines, rainbow(5, 2))
    assert (1, "player 6 plays board 1 twice (and on line 1 of the results)") in found
    assert any(index == 1 and "board 1 with N 6, S 1, E 11, W 16 is no table of the movement" in reason
               for index, reason in found)  # fmt: skip


# --- the evening, command by command --------------------------------------------------------------------------------

#: Board 1's five results as the tables wrote them (by the North player, who sits at his table all evening):
#: contract, declarer, result; NS scores (board 1: none vulnerable) +420, +450, -50, +420, -110.
BOARD_1 = {1: ("4S", "N", "="), 5: ("4S", "N", "+1"), 4: ("3NT", "S", "-1"), 3: ("4S", "N", "="), 2: ("2H", "E", "=")}
#: Board 1 worked by hand (top 8: 2 a score beaten, 1 a tie): +450 beats four (8); each +420 beats two and ties one
#: (5); -50 beats one (2); -110 none (0). East-West have 8 less each.
BOARD_1_NS = {5: 8, 1: 5, 3: 5, 4: 2, 2: 0}


#: A board's result at every table, but board 1's at tables 1-5.
FLAT = ("3NT", "N", "=")


def rows_of(path: Path) -> list[list[str]]:
    return list(csv.reader(path.read_text().splitlines()))


def typed_file(source: Path, destination: Path, rounds: set[int]) -> None:
    """The results file with the players' names and the travellers of ``rounds`` typed in, as a secretary types
    them (every other board flat: 3NT by North, just made, at every table, each of its results scoring 4 of 8)."""
    rows = rows_of(source)
    header = next(number for number, row in enumerate(rows) if row and row[0] == "Board")
    for row in rows[:header]:  # the players' names, typed beside their numbers
        if row[0].startswith("Player "):
            row[1] = f"Guest {row[0].split()[1]}"
    for row in rows[header + 1 :]:
        board, round_number, north = int(row[0]), int(row[1]), int(row[3])
        if round_number not in rounds:
            continue
        contract, declarer, result = BOARD_1.get(north, FLAT) if board == 1 else FLAT
        row[7:11] = [contract, declarer, "", result]
    with destination.open("w", newline="") as out:
        csv.writer(out).writerows(rows)


def test_an_individual_evening_from_the_movement_to_the_website(tmp_path: Path) -> None:
    """The director prints the Rainbow for 20 players and writes its results file; the secretary types round 1 and
    prints a provisional ranking (publishing waits), then the rest: the ranking and the website give each player
    36 matchpoints from the nine flat boards and board 1's as worked by hand, and his percentage the mean."""
    made = xlbridge("movement", "--individual", "--players", 20, "--boards-per-round", 2, "-o", "xmas.csv",
                    "--event", EVENT, "--date", DATE, cwd=tmp_path)  # fmt: skip
    assert made.status == 0, made.err
    assert made.out.startswith("Rainbow individual: 20 players at 5 tables, 5 rounds of 2 boards (boards 1-10)\n")
    assert "1      1-6 v 11-16: 1-2   2-7 v 12-17: 3-4" in made.out
    assert made.out.endswith("-> xmas.csv: the individual's results file, 50 results to type on 10 boards (in the "
                             "travellers' order), 20 players\n")  # fmt: skip
    blank = tmp_path / "xmas.csv"
    board_1 = [row for row in rows_of(blank) if row and row[0] == "1"]
    assert next(row[:7] for row in board_1) == ["1", "1", "1", "1", "6", "11", "16"]  # round 1, table 1: N S E W
    seats = {int(row[3]): [int(cell) for cell in row[3:7]] for row in board_1}  # board 1's tables by North

    typed_file(blank, tmp_path / "round1.csv", {1})
    early = xlbridge("ranking", "round1.csv", cwd=tmp_path)
    assert early.status == 0, early.err
    assert "provisional: 10 of the 50 results the movement expects are in" in early.out
    waiting = xlbridge("publish", "round1.csv", "-o", "site", cwd=tmp_path)
    assert waiting.refused == (
        "xlbridge publish: round1.csv: 40 results the movement expects are not typed yet: publish when every result "
        "is in (xlbridge ranking shows the provisional ranking)"
    )

    typed_file(blank, tmp_path / "evening.csv", {1, 2, 3, 4, 5})
    ranked = xlbridge("ranking", "evening.csv", "--csv", cwd=tmp_path)
    assert ranked.status == 0, ranked.err
    rows = list(csv.DictReader(ranked.out.splitlines()))
    by_player = {int(row["player"]): row for row in rows}
    expected: dict[int, int] = {}
    for north, (n, s, e, w) in seats.items():
        expected |= {n: BOARD_1_NS[north], s: BOARD_1_NS[north], e: 8 - BOARD_1_NS[north], w: 8 - BOARD_1_NS[north]}
    assert len(expected) == 20
    for player, mps in expected.items():
        row = by_player[player]
        assert row["boards"] == "10"
        assert row["name"] == f"Guest {player}"
        assert row["matchpoints"] == f"{36 + mps:.2f}"
        assert row["percentage"] == f"{(9 * 50 + mps * 100 / 8) / 10:.2f}"  # nine flat boards at 50%, board 1's
    # +450's North and South, and -110's East and West, have 8 on board 1: 44 matchpoints, 55%, first equal
    winners = {seats[5][0], seats[5][1], seats[2][2], seats[2][3]}
    assert {int(row["player"]) for row in rows if row["place"] == "1="} == winners
    assert rows[0]["percentage"] == "55.00"
    assert rows[-1]["percentage"] == "45.00"

    published = xlbridge("publish", "evening.csv", "-o", "site", cwd=tmp_path)
    assert published.status == 0, published.err
    assert published.out == ("evening.csv -> site: 31 pages (the ranking, 10 travellers, 20 players' scorecards); "
                             "open site/index.html\n")  # fmt: skip
    site = tmp_path / "site"
    index = html.unescape((site / "index.html").read_text())
    assert f'{EVENT}, <time datetime="{DATE}">18 December 2026</time>' in index
    assert "Matchpoints (MP), top 8" in index
    winner = min(winners)
    ranked_row = (
        rf'<td class="place">1=</td>\s*<th scope="row" class="pair"><a href="player-{winner}.html">{winner}</a></th>'
        rf'\s*<td class="names">Guest {winner}</td>\s*<td class="num">10</td>\s*<td class="num">44.00</td>\s*'
        r'<td class="num">55.00</td>'
    )
    assert re.search(ranked_row, index)
    board = (site / "board-1.html").read_text()
    n, s, e, w = seats[5]
    assert re.search(rf'<a href="player-{n}.html">{n}</a></td>\s*<td class="pair"><a href="player-{s}.html">{s}</a>'
                     rf'</td>\s*<td class="pair"><a href="player-{e}.html">{e}</a></td>\s*<td class="pair">'
                     rf'<a href="player-{w}.html">{w}</a></td>\s*<td class="contract">4S', board)  # fmt: skip
    assert '<td class="num">450</td>\n<td class="num">8</td>\n<td class="num wide">0</td>' in board
    card = (site / "player-1.html").read_text()
    assert "<dt>Place</dt>" in card
    assert "<dd>41.00</dd>" in card
    assert "<dd>51.25</dd>" in card
    partner = (
        r'<td><abbr title="North">N</abbr></td>\s*<td class="pair"><a href="player-6.html">6</a> '
        r'<span class="names">Guest 6</span></td>'
    )
    assert re.search(partner, card)  # round 1's partner


def test_a_line_typed_in_the_wrong_seats_is_refused_with_its_line(tmp_path: Path) -> None:
    """North and South swapped on one line (the movement seats them otherwise), and a contract that cannot be read
    on another: both named with their lines, nothing ranked."""
    assert xlbridge("movement", "--individual", "--players", 20, "--boards-per-round", 2, "-o", "blank.csv",
                    cwd=tmp_path).status == 0  # fmt: skip
    typed_file(tmp_path / "blank.csv", tmp_path / "bad.csv", {1, 2, 3, 4, 5})
    rows = rows_of(tmp_path / "bad.csv")
    header = next(number for number, row in enumerate(rows) if row and row[0] == "Board")
    rows[header + 1][3], rows[header + 1][4] = rows[header + 1][4], rows[header + 1][3]
    rows[header + 3][7] = "8S"
    with (tmp_path / "bad.csv").open("w", newline="") as out:
        csv.writer(out).writerows(rows)
    ran = xlbridge("ranking", "bad.csv", cwd=tmp_path)
    lines = ran.refusals
    assert lines[0].startswith(f"xlbridge ranking: bad.csv: line {header + 2}: board 1 with N 6, S 1, E 11, W 16 is "
                               "no table of the movement")  # fmt: skip
    assert lines[1] == f"xlbridge ranking: bad.csv: line {header + 4}: contract '8S': the level must be 1 to 7"
    assert lines[-1] == "xlbridge ranking: bad.csv: 2 lines to put right (each above)"


def test_a_pairs_movements_options_are_refused_with_individual(tmp_path: Path) -> None:
    """--individual with what only a pairs movement has (its kind, tables, cards, a names file) is refused, every
    such option named, nothing written: none of them would be used."""
    ran = xlbridge("movement", "mitchell", "--individual", "--players", 20, "--boards-per-round", 2, "--tables", 5,
                   "--cards", "cards.html", cwd=tmp_path)  # fmt: skip
    assert ran.refused == ("xlbridge movement: KIND, --tables, --cards: not for --individual (a pairs movement's); "
                           "an individual's players are named in its results file (-o FILE.csv)")  # fmt: skip
    assert list(tmp_path.iterdir()) == []


def test_an_individual_scored_in_imps_ranks_by_them(tmp_path: Path) -> None:
    """``--method Cross-IMP`` writes its Scoring row; the ranking is then each player's IMPs, averaged over the
    comparisons as cross-IMPs are by default, with no percentage. Board 1 by hand (WBF scale; the other boards flat):
    -110 against +450, +420, +420 and -50 is 560, 530, 530 and 60 points, 11 + 11 + 11 + 2 = 35 IMPs to East-West,
    8.75 averaged; +450 against the others 30, 30, 500 and 560: 1 + 1 + 11 + 11 = 24, 6.00."""
    made = xlbridge("movement", "--individual", "--players", 20, "--boards-per-round", 2, "--method", "Cross-IMP",
                    "-o", "imps.csv", cwd=tmp_path)  # fmt: skip
    assert made.status == 0, made.err
    typed_file(tmp_path / "imps.csv", tmp_path / "typed.csv", {1, 2, 3, 4, 5})
    ranked = xlbridge("ranking", "typed.csv", "--csv", cwd=tmp_path)
    assert ranked.status == 0, ranked.err
    rows = list(csv.DictReader(ranked.out.splitlines()))
    assert list(rows[0]) == ["place", "player", "name", "boards", "imps"]
    imps = {int(row["player"]): row["imps"] for row in rows}
    seats = {int(row[3]): [int(cell) for cell in row[3:7]] for row in rows_of(tmp_path / "imps.csv") if row[0] == "1"}
    assert {imps[player] for player in seats[2][2:]} == {"8.75"}  # East and West against 2H= (NS -110)
    assert {imps[player] for player in seats[5][:2]} == {"6.00"}  # North and South of 4S+1 (+450)
    assert {imps[player] for player in seats[2][:2]} == {"-8.75"}
    assert {row["place"] for row in rows if row["player"] in {str(p) for p in seats[2][2:]}} == {"1="}


@pytest.mark.skipif(browser.chromium_path() is None and not os.environ.get("CI"), reason="needs chromium")
@pytest.mark.parametrize(("players", "rounds"), [(28, 7), (13, 13)])
def test_the_individuals_pages_render_in_chromium(players: int, rounds: int, tmp_path: Path) -> None:
    """Every page of an individual's website (the Rainbow's, and a complete individual's with a sit-out) loads in
    Chromium with its stylesheet and no console message, every link leads to a page of the site, and at 1200 and
    400 pixels wide nothing scrolls sideways."""
    assert xlbridge("movement", "--individual", "--players", players, "--boards-per-round", 2, "-o", "blank.csv",
                    "--event", EVENT, cwd=tmp_path).status == 0  # fmt: skip
    typed_file(tmp_path / "blank.csv", tmp_path / "evening.csv", set(range(1, rounds + 1)))
    assert xlbridge("publish", "evening.csv", "-o", "site", cwd=tmp_path).status == 0
    site = tmp_path / "site"
    with browser.chromium() as chromium:
        for path in sorted(site.glob("*.html")):
            assert chromium.open(path.as_uri()).messages == [], path.name
            links = chromium.evaluate("[...document.querySelectorAll('a[href]')].map(a => a.href)")
            for href in links:
                target = Path(unquote(urlsplit(href).path))
                assert target.parent == site, (path.name, href)
                assert target.is_file(), (path.name, href)
            for size, mobile in (((1200, 900), False), ((400, 900), True)):
                chromium.resize(size, mobile=mobile)
                assert chromium.evaluate(SIDEWAYS) == [], (path.name, size)


@pytest.mark.parametrize(
    ("argv", "refused"),
    [
        (["--players", 30], "30 players: the individual movements are for 8, 9, 12, 13,"),
        (["--players", 20, "-o", "xmas.xlsx"], "-o xmas.xlsx: an individual's results file is a CSV: name it .csv"),
    ],
)
def test_an_individual_the_movement_cannot_write_is_refused(argv: list[object], refused: str, tmp_path: Path) -> None:
    """Players who cannot fill tables of four, and a results file named as a workbook: one line each, nothing
    written."""
    ran = xlbridge("movement", "--individual", "--boards-per-round", 2, *argv, cwd=tmp_path)
    assert ran.refused.startswith(f"xlbridge movement: {refused}")
    assert list(tmp_path.iterdir()) == []


def test_long_names_leave_the_file_an_individuals(tmp_path: Path) -> None:
    """92 players with long names put the header row far down the file: it is still read as an individual's."""
    assert xlbridge("movement", "--individual", "--players", 92, "--boards-per-round", 1, "-o", "big.csv",
                    cwd=tmp_path).status == 0  # fmt: skip
    rows = rows_of(tmp_path / "big.csv")
    for row in rows:
        if row[0].startswith("Player "):
            row[1] = "Marie-Christine Featherstonehaugh-Wolstenholme"
    with (tmp_path / "big.csv").open("w", newline="") as out:
        csv.writer(out).writerows(rows)
    ran = xlbridge("ranking", "big.csv", cwd=tmp_path)
    assert ran.refused == "xlbridge ranking: big.csv: no results typed yet (529 lines wait for theirs)"


def test_a_result_whose_plus_sign_excel_dropped_is_refused_with_its_line(tmp_path: Path) -> None:
    """A result ``1`` among results written against the contract (=, +1, -1) is +1 saved by Excel as well as
    3NT down 8: refused with its line as a pairs file's is, nothing ranked, never read as tricks taken."""
    assert xlbridge("movement", "--individual", "--players", 20, "--boards-per-round", 2, "-o", "blank.csv",
                    cwd=tmp_path).status == 0  # fmt: skip
    typed_file(tmp_path / "blank.csv", tmp_path / "bare.csv", {1, 2, 3, 4, 5})
    rows = rows_of(tmp_path / "bare.csv")
    header = next(number for number, row in enumerate(rows) if row and row[0] == "Board")
    flat = next(number for number, row in enumerate(rows) if number > header and row[7:11] == ["3NT", "N", "", "="])
    rows[flat][10] = "1"
    with (tmp_path / "bare.csv").open("w", newline="") as out:
        csv.writer(out).writerows(rows)
    first = rows[header + 1][10]  # the first line's result, against the contract
    ran = xlbridge("ranking", "bare.csv", cwd=tmp_path)
    assert ran.refused == (
        f"xlbridge ranking: bare.csv: line {flat + 1}: result '1': as tricks taken, 3NT down 8, but other results are "
        f"given against the contract (line {header + 2}: {first!r}), where 1 may be +1 (as Excel turns +1 into 1, "
        "dropping its plus sign): write +1, or -8 for down 8"
    )


@pytest.mark.parametrize(
    ("options", "named"),
    [(["--strats", "750/300"], "--strats"), (["--strat-by", "HIGHER", "--show-numbers"], "--strat-by, --show-numbers")],
)
def test_publishing_an_individual_refuses_a_pairs_sessions_options(
    options: list[str], named: str, tmp_path: Path
) -> None:
    """``publish`` of an individual refuses --strats, --strat-by and --show-numbers as ``ranking`` refuses --strats:
    its pages could use none of them, and nothing is written."""
    assert xlbridge("movement", "--individual", "--players", 20, "--boards-per-round", 2, "-o", "blank.csv",
                    cwd=tmp_path).status == 0  # fmt: skip
    typed_file(tmp_path / "blank.csv", tmp_path / "done.csv", {1, 2, 3, 4, 5})
    ran = xlbridge("publish", "done.csv", "-o", "site", *options, cwd=tmp_path)
    assert ran.refused == (f"xlbridge publish: done.csv: {named}: for a pairs session; an individual's pages have no "
                           "strats and name its players without their numbers")  # fmt: skip
    assert not (tmp_path / "site").exists()


@pytest.mark.parametrize("event", [EVENT, "Christmas individual, the Smith cup"])
def test_an_individual_saved_with_semicolons_is_read_as_with_commas(tmp_path: Path, event: str) -> None:
    """Excel where the comma is the decimal sign (much of Europe) saves the results file with semicolons: it is read
    as the comma-separated one is, as a pairs file, a names file and a register are, and ranks the same; an event
    named with a comma (its first line parts as well by commas as by semicolons) too."""
    assert xlbridge("movement", "--individual", "--players", 20, "--boards-per-round", 2, "-o", "blank.csv",
                    "--event", event, "--date", DATE, cwd=tmp_path).status == 0  # fmt: skip
    typed_file(tmp_path / "blank.csv", tmp_path / "commas.csv", {1, 2, 3, 4, 5})
    with (tmp_path / "semicolons.csv").open("w", newline="") as out:
        csv.writer(out, delimiter=";").writerows(rows_of(tmp_path / "commas.csv"))
    assert ";" in (tmp_path / "semicolons.csv").read_text().splitlines()[0]
    commas = xlbridge("ranking", "commas.csv", cwd=tmp_path)
    semicolons = xlbridge("ranking", "semicolons.csv", cwd=tmp_path)
    assert commas.status == semicolons.status == 0, semicolons.err
    assert semicolons.out == commas.out
    assert commas.out.startswith(f"{event}, {DATE}\n")


# --- a complete individual with a sit-out, command by command -------------------------------------------------------

#: Board 1's three results in the order its traveller lists them: 4S= (NS +420), 4S+1 (+450), 3NT-1 (-50). By hand
#: (top 4: 2 a score beaten): NS 2, 4, 0; EW 2, 0, 4.
BOARD_1_OF_13 = (("4S", "N", "="), ("4S", "N", "+1"), ("3NT", "S", "-1"))
BOARD_1_OF_13_NS = (2, 4, 0)


def test_thirteen_players_one_sitting_out_from_the_movement_to_the_website(tmp_path: Path) -> None:
    """13 players at 3 tables, one sitting out each round: the printed movement names who is out, the results file
    says its 13 players, and after typing it the ranking gives every player his 24 boards (12 rounds of 2: each sits
    out one round, so no average is credited) with board 1 as worked by hand and every other board flat (2 of 4);
    the website has a scorecard for each player saying the round he sat out."""
    made = xlbridge("movement", "--individual", "--players", 13, "--boards-per-round", 2, "-o", "club.csv",
                    "--event", EVENT, "--date", DATE, cwd=tmp_path)  # fmt: skip
    assert made.status == 0, made.err
    assert made.out.startswith("Complete individual: 13 players at 3 tables, 13 rounds of 2 boards (boards 1-26)\n")
    assert (
        "each player partners every other once and meets each as an opponent twice; each sits out one round" in made.out
    )
    first_round = next(line for line in made.out.splitlines() if line.startswith("1 "))
    assert first_round.split()[-1] == "13"  # the last player sits out round 1
    assert made.out.endswith("-> club.csv: the individual's results file, 78 results to type on 26 boards (in the "
                             "travellers' order), 13 players\n")  # fmt: skip
    rows = rows_of(tmp_path / "club.csv")
    assert ["Players", "13"] in rows
    header = next(number for number, row in enumerate(rows) if row and row[0] == "Board")
    board_1 = [row for row in rows[header + 1 :] if row[0] == "1"]
    assert len(board_1) == 3  # one set a table, each set at every table once
    for row in rows[header + 1 :]:
        row[7:11] = [*FLAT[:2], "", FLAT[2]]
    for row, (contract, declarer, result) in zip(board_1, BOARD_1_OF_13, strict=True):
        row[7:11] = [contract, declarer, "", result]
    with (tmp_path / "typed.csv").open("w", newline="") as out:
        csv.writer(out).writerows(rows)

    ranked = xlbridge("ranking", "typed.csv", "--csv", cwd=tmp_path)
    assert ranked.status == 0, ranked.err
    by_player = {int(row["player"]): row for row in csv.DictReader(ranked.out.splitlines())}
    assert sorted(by_player) == list(range(1, 14))
    expected = dict.fromkeys(range(1, 14), 2)  # board 1 flat for whoever did not play it (his 24th board is flat)
    for row, ns in zip(board_1, BOARD_1_OF_13_NS, strict=True):
        north, south, east, west = (int(cell) for cell in row[3:7])
        expected |= {north: ns, south: ns, east: 4 - ns, west: 4 - ns}
    for player, row in by_player.items():
        assert row["boards"] == "24"
        played_1 = any(str(player) in row_1[3:7] for row_1 in board_1)
        mps = 23 * 2 + expected[player] if played_1 else 24 * 2
        assert row["matchpoints"] == f"{mps:.2f}", player
        assert row["percentage"] == f"{mps / 96 * 100:.2f}", player

    published = xlbridge("publish", "typed.csv", "-o", "site", cwd=tmp_path)
    assert published.status == 0, published.err
    assert published.out.startswith("typed.csv -> site: 40 pages (the ranking, 26 travellers, 13 players' scorecards)")
    card = (tmp_path / "site" / "player-13.html").read_text()
    assert "<div><dt>Sat out</dt><dd>round 1</dd></div>" in card
    assert card.count('<th scope="row"><a href="board-') == 24
    traveller = (tmp_path / "site" / "board-1.html").read_text()
    assert traveller.count('<td class="contract">') == 3


@pytest.mark.parametrize(
    ("argv", "refused"),
    [
        (["--players", 8, "--boards-per-round", 1], "--boards-per-round 1: the tables of the 8-player individual share "
         "each round's boards, exchanging them halfway: give 2 or more"),
        (["--players", 13, "--boards-per-round", 2, "--rounds", 14], "--rounds 14: the complete individual of 13 "
         "players has 1 to 13 rounds"),
    ],
)  # fmt: skip
def test_a_complete_individual_the_tables_cannot_play_is_refused(
    argv: list[object], refused: str, tmp_path: Path
) -> None:
    """One board a round where the two tables share it, and more rounds than the movement has: one line, nothing
    written."""
    ran = xlbridge("movement", "--individual", *argv, "-o", "x.csv", cwd=tmp_path)
    assert ran.refused == f"xlbridge movement: {refused}"
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("setting", "value", "refused"),
    [
        ("Players", "14", "line 5: 14 players at 3 tables: the complete individuals are for 8 players at 2 tables, 9 "
         "players at 2 tables, 12 players at 3 tables, 13 players at 3 tables, 16 players at 4 tables, 17 players at 4 "
         "tables, 21 players at 5 tables"),
        ("Movement", "Howell", "line 4: movement 'Howell': the individual movements xlbridge knows are Rainbow and "
         "Complete"),
        ("Players", "twelve", "line 5: players 'twelve'"),
    ],
)  # fmt: skip
def test_a_results_file_naming_a_movement_xlbridge_has_not_is_refused(
    setting: str, value: str, refused: str, tmp_path: Path
) -> None:
    """The settings of a 13-player file edited: its Players row to 14 (no complete individual seats 14 at 3 tables),
    its Movement to one xlbridge has not, its Players to a word: refused with the line, nothing ranked."""
    assert xlbridge("movement", "--individual", "--players", 13, "--boards-per-round", 2, "-o", "blank.csv",
                    cwd=tmp_path).status == 0  # fmt: skip
    rows = rows_of(tmp_path / "blank.csv")
    at = next(number for number, row in enumerate(rows) if row and row[0] == setting)
    rows[at][1] = value
    with (tmp_path / "edited.csv").open("w", newline="") as out:
        csv.writer(out).writerows(rows)
    ran = xlbridge("ranking", "edited.csv", cwd=tmp_path)
    assert ran.refused.startswith(f"xlbridge ranking: edited.csv: {refused}")


@pytest.mark.slow
@pytest.mark.parametrize("moves", COMPLETE_INDIVIDUALS, ids=lambda moves: str(moves.players))
def test_every_complete_individuals_file_ranks_and_publishes(moves: object, tmp_path: Path) -> None:
    """Each complete individual's results file, written by the movement and typed flat (3NT= at every table): the
    ranking has every player at 50% on as many boards as each other, and the website a page per board and player."""
    assert isinstance(moves, type(COMPLETE_INDIVIDUALS[0]))
    players = moves.players
    assert xlbridge("movement", "--individual", "--players", players, "--boards-per-round", 2, "-o", "blank.csv",
                    cwd=tmp_path).status == 0  # fmt: skip
    rows = rows_of(tmp_path / "blank.csv")
    header = next(number for number, row in enumerate(rows) if row and row[0] == "Board")
    for row in rows[header + 1 :]:
        row[7:11] = [*FLAT[:2], "", FLAT[2]]
    with (tmp_path / "typed.csv").open("w", newline="") as out:
        csv.writer(out).writerows(rows)
    ranked = xlbridge("ranking", "typed.csv", "--csv", cwd=tmp_path)
    assert ranked.status == 0, ranked.err
    ranking = list(csv.DictReader(ranked.out.splitlines()))
    assert sorted(int(row["player"]) for row in ranking) == list(range(1, players + 1))
    assert {row["percentage"] for row in ranking} == {"50.00"}
    rounds = len(moves.cycle) - (1 if players % 4 else 0)  # the rounds each player plays
    assert {row["boards"] for row in ranking} == {str(2 * rounds)}
    published = xlbridge("publish", "typed.csv", "-o", "site", cwd=tmp_path)
    assert published.status == 0, published.err
    boards = 2 * len(moves.cycle)
    assert published.out.startswith(f"typed.csv -> site: {1 + boards + players} pages (the ranking, {boards} "
                                    f"travellers, {players} players' scorecards)")  # fmt: skip
