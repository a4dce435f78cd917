"""A Swiss pairs event run as a director runs it, every step a command in its own process: `schedule swiss --pairs`
draws round 1, each round's results file is entered with `swiss --results` (its boards IMPed against the room's
datum, each table's IMPs entered into its match, the next round drawn from the standings), then the standings and
the website."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from xlbridge import wbf_vp

from .safety import xlbridge
from .test_league import read_matches, standings_csv
from .workbooks import Book

#: The seven results of every board of round 1, one a table (the same seven on each board, turned a table a board),
#: so that each board's datum can be worked by hand: contract, declarer, result.
CONTRACTS = [("4S", "N", "="), ("4S", "N", "+1"), ("3NT", "S", "-1"), ("4S", "N", "-1"), ("2S", "N", "+2"),
             ("4H", "E", "-1"), ("3S", "N", "+1")]  # fmt: skip
BOARDS = 6


def round_results(round_number: int, tables: list[tuple[int, int]]) -> str:
    """A round's results file as a scorer's CSV: every table plays the round's boards (round 1 boards 1-6, round 2
    boards 7-12...), table t holding contract (t + b + round) on its b-th board."""
    lines = ["board,ns,ew,contract,declarer,result"]
    for index in range(BOARDS):
        board = (round_number - 1) * BOARDS + index + 1
        for table, (ns, ew) in enumerate(tables):
            contract, declarer, result = CONTRACTS[(table + index + round_number - 1) % len(CONTRACTS)]
            lines.append(f"{board},{ns},{ew},{contract},{declarer},{result}")
    return "\n".join(lines) + "\n"


def drawn_tables(printed: str) -> list[tuple[int, int]]:
    """The tables a command printed (`Table 1: 8 Pair 8 v 1 Pair 1`): (North-South, East-West)."""
    return [(int(ns), int(ew)) for ns, ew in re.findall(r"^Table \d+: (\d+) Pair \d+ v (\d+) Pair \d+$", printed, re.M)]


@pytest.mark.slow  # a 14-pair event of five rounds: a dozen commands
def test_a_swiss_pairs_event_from_schedule_to_website(tmp_path: Path) -> None:
    """Fourteen pairs, five rounds of six boards, scored by IMPs against the datum and converted to VPs (WBF): each
    round's results entered and the next round drawn, no two pairs meeting twice; the standings count every match
    and the website shows them.

    Round 1, table 1 (pair 1 North-South v pair 2), worked by hand. Every board has the same seven results, so the
    datum (Butler: the top and bottom result dropped, the mean of the other five rounded to the nearest 10) is:
    board 1 (none vulnerable) 420 450 -50 -50 170 +50 170 -> -50 50 170 170 420 = 760 / 5 = 152 -> 150; board 2
    (NS vulnerable) 620 650 -100 -100 170 +50 170 -> 910 / 5 = 182 -> 180; board 3 (EW) 420 450 -50 -50 170 +100 170
    -> 810 / 5 = 162 -> 160; board 4 (both) 620 650 -100 -100 170 +100 170 -> 960 / 5 = 192 -> 190; boards 5 and 6
    as 2 and 3: 180 and 160. Table 1 holds 4S= (420: +270, 7 IMPs to pair 1), 4S+1 vulnerable (650: +470, 10 to
    pair 1), 3NT-1 (-50: -210, 5 to pair 2), 4S-1 vulnerable (-100: -290, 7 to pair 2), 2S+2 (170: -10, none) and
    4H by East one down vulnerable (+100: -60, 2 to pair 2): 17 IMPs to 14, a margin of 3 over 6 boards, which the
    WBF scale (X = 15 * sqrt(6) = 36.74; 10 + 10 * (1 - 0.618 ** (9 / 36.74)) / (1 - 0.618 ** 3) = 11.456) gives
    as 11.46 - 8.54."""
    path = tmp_path / "swiss-pairs.xlsx"
    done = xlbridge("schedule", "swiss", "--pairs", 14, "--rounds", 5, "--boards-per-match", BOARDS,
                    "--event", "Swiss pairs", "-o", path)  # fmt: skip
    assert done.status == 0, done.err
    assert done.out.startswith("Swiss event of 14 pairs, 5 rounds (round 1 drawn)")
    tables = [(1, 2), (3, 4), (5, 6), (7, 8), (9, 10), (11, 12), (13, 14)]
    met: Counter[frozenset[int]] = Counter()
    directions: Counter[int] = Counter()
    for round_number in range(1, 6):
        met.update(frozenset(table) for table in tables)
        # North-South to the pair that has sat there less often (the higher-placed when equal): never the other
        assert all(directions[ns] <= directions[ew] for ns, ew in tables), (round_number, tables, directions)
        directions.update(ns for ns, _ in tables)
        results = tmp_path / f"round-{round_number}.csv"
        results.write_text(round_results(round_number, tables))
        entered = xlbridge("swiss", path, "--results", results, "--in-place")
        assert (entered.status, entered.err) == (0, ""), entered.err
        assert entered.out.startswith(f"Round {round_number}: 7 matches scored from {results}")
        if round_number == 1:
            assert "\n1 v 2: 17-14 IMPs (6 boards)\n" in entered.out
            assert wbf_vp(3, BOARDS) == 11.46
            after_one = {row["pair"]: row for row in standings_csv(path)}
            assert (after_one["1"]["vps"], after_one["2"]["vps"]) == ("11.46", "8.54")
            assert (after_one["1"]["imps_for"], after_one["1"]["imps_against"]) == ("17", "14")
        tables = drawn_tables(entered.out)
        assert len(tables) == (7 if round_number < 5 else 0)
    assert max(met.values()) == 1, "two pairs met twice"
    assert all(1 <= times <= 4 for times in directions.values()), directions  # North-South in turn, as the rule gives
    matches = read_matches(path)
    assert len(matches) == 35
    assert all(match.home_imps is not None for _, match in matches)
    refused = xlbridge("swiss", path, "--in-place").refused
    assert refused == f"xlbridge swiss: {path}: all 5 rounds are drawn (Rounds, in Settings)"

    standings = standings_csv(path)
    assert [row["played"] for row in standings] == ["5"] * 14
    assert sum(float(row["vps"]) for row in standings) == pytest.approx(35 * 20)
    places = [int(row["place"].rstrip("=")) for row in standings]
    assert places[0] == 1
    assert places == sorted(places)
    site = tmp_path / "site"
    published = xlbridge("publish", path, "-o", site)
    assert published.status == 0, published.err
    first_round = (site / "round-1.html").read_text()
    assert "11.46" in first_round
    assert "8.54" in first_round
    assert standings[0]["name"] in (site / "index.html").read_text()


@pytest.fixture
def drawn(tmp_path: Path) -> Path:
    """A 14-pair Swiss pairs event with round 1 drawn (1 v 2, 3 v 4, ... 13 v 14)."""
    path = tmp_path / "event.xlsx"
    assert (
        xlbridge("schedule", "swiss", "--pairs", 14, "--rounds", 3, "--boards-per-match", BOARDS, "-o", path).status
        == 0
    )
    return path


ROUND_ONE = [(1, 2), (3, 4), (5, 6), (7, 8), (9, 10), (11, 12), (13, 14)]


@pytest.mark.parametrize(
    ("tables", "method", "reason"),
    [
        ([(1, 4), (3, 2), *ROUND_ONE[2:]], "", "1 v 4; 3 v 2: not a match drawn on Matches (is this the event's "
                                               "file?)"),
        (ROUND_ONE[:-1], "", "round 1: no results for 13 v 14 (Matches row 8): the file holds the whole round's "
                             "results"),
        (ROUND_ONE, "MP", "method MP: a Swiss pairs match is scored in IMPs against the field: choose Butler or "
                          "Cross-IMP"),
    ],
)  # fmt: skip
def test_a_round_that_is_not_the_draw_is_refused(
    drawn: Path, tables: list[tuple[int, int]], method: str, reason: str
) -> None:
    """A table the draw does not have, a match of the round without its results, matchpoints: one line naming the
    file, exit 2, and the workbook unchanged."""
    results = drawn.with_name("round.csv")
    results.write_text(round_results(1, tables))
    before = drawn.read_bytes()
    done = xlbridge("swiss", drawn, "--results", results, "--in-place", *(["--method", method] if method else []))
    assert done.refused == f"xlbridge swiss: {results}: {reason}"
    assert drawn.read_bytes() == before


@pytest.mark.parametrize(
    ("boards", "keep", "reason"),
    [
        (4, lambda line: not line.startswith("4,13,14,"), "13 v 14 has no result for board 4: every table of a "
         "round plays the round's boards (boards 1, 2, 3, 4): add the missing lines (an artificial score for a "
         "board not played)"),
        (8, lambda line: not line.startswith(("5,", "6,")), "1 v 2; 3 v 4; 5 v 6; 7 v 8; 9 v 10; 11 v 12; 13 v 14: "
         "4 boards played, but the event's matches are of 8 boards (BoardsPerMatch, in Settings): give the "
         "round's results of every board"),
    ],
)  # fmt: skip
def test_a_round_short_of_its_boards_is_refused(
    tmp_path: Path, boards: int, keep: Callable[[str], bool], reason: str
) -> None:
    """A table without a board the round's other tables played (4 boards a match, board 4 of 13 v 14 left out),
    or a round of fewer boards than the event's matches (4 of 8): one line naming the match and the boards, exit
    2, the workbook unchanged (not a match scored on 3 boards, nor the next round drawn from it)."""
    path = tmp_path / "event.xlsx"
    assert xlbridge("schedule", "swiss", "--pairs", 14, "--rounds", 3, "--boards-per-match", boards, "-o",
                    path).status == 0  # fmt: skip
    results = tmp_path / "round.csv"
    lines = round_results(1, ROUND_ONE).splitlines()
    results.write_text("\n".join(line for line in lines if keep(line) and not line.startswith(("5,", "6,"))))
    before = path.read_bytes()
    done = xlbridge("swiss", path, "--results", results, "--in-place")
    assert done.refused == f"xlbridge swiss: {results}: {reason}"
    assert path.read_bytes() == before


def test_a_table_sitting_the_other_way_is_entered_as_drawn(drawn: Path) -> None:
    """Pair 2 sat North-South against pair 1 (drawn 1 v 2): each pair's IMPs go to its own side of the match."""
    results = drawn.with_name("round.csv")
    results.write_text(round_results(1, [(2, 1), *ROUND_ONE[1:]]))
    done = xlbridge("swiss", drawn, "--results", results, "-o", drawn.with_name("out.xlsx"))
    assert done.status == 0, done.err
    assert "\n1 v 2: 14-17 IMPs (6 boards)\n" in done.out  # as drawn
    first = next(match for _, match in read_matches(drawn.with_name("out.xlsx")) if match.round == 1)
    assert (first.home, first.away, first.home_imps, first.away_imps) == (1, 2, 14, 17)


def test_cross_imps_are_entered_to_two_decimals(drawn: Path) -> None:
    """By cross-IMPs (the other Swiss pairs scoring: each result IMPed against every other, averaged) a table's
    IMPs are fractions, entered to 2 decimals."""
    results = drawn.with_name("round.csv")
    results.write_text(round_results(1, ROUND_ONE))
    done = xlbridge("swiss", drawn, "--results", results, "--method", "Cross-IMP", "--in-place")
    assert done.status == 0, done.err
    first = next(match for _, match in read_matches(drawn) if match.round == 1)
    assert first.home_imps is not None
    assert first.home_imps != 17
    assert round(float(first.home_imps), 2) == first.home_imps


def test_an_odd_number_of_pairs_has_a_bye(tmp_path: Path) -> None:
    """Seven pairs: round 1 has three tables and pair 7's bye; its results entered, round 2 gives the bye to
    another pair, the lowest placed that has not had one."""
    path = tmp_path / "seven.xlsx"
    done = xlbridge("schedule", "swiss", "--pairs", 7, "--rounds", 3, "--boards-per-match", BOARDS, "-o", path)
    assert done.status == 0, done.err
    assert "bye: 7 Pair 7" in done.out
    results = tmp_path / "round-1.csv"
    results.write_text(round_results(1, [(1, 2), (3, 4), (5, 6)]))
    entered = xlbridge("swiss", path, "--results", results, "--in-place")
    assert entered.status == 0, entered.err
    bye = re.search(r"^Bye: (\d+) Pair", entered.out, re.M)
    assert bye is not None
    assert bye.group(1) != "7"
    placed = [row["pair"] for row in standings_csv(path)]
    assert placed[-1] == "7"  # its bye scores its average, and it has played no match yet
    assert bye.group(1) == placed[-2]


def test_an_artificial_score_gives_each_pair_its_award(tmp_path: Path) -> None:
    """An adjusted score of 60% to both sides (A6060) gives each pair of the table +3 IMPs (Law 12C2, 3 IMPs for
    10% above average): the match counts 3 to each, and the board adds nothing to its margin."""
    from xlbridge.engine.swiss_pairs import round_matches
    from xlbridge.files.interchange import read_results

    lines = round_results(1, ROUND_ONE).splitlines()
    lines[0] += ",adjusted"
    lines = [lines[0]] + [line + "," for line in lines[1:]]
    lines[1] = "1,1,2,,,,A6060"  # board 1, table 1
    results = tmp_path / "round.csv"
    results.write_text("\n".join(lines) + "\n")
    imported = read_results(results, method="Butler", fields="One field")
    assert imported.result is not None
    first = round_matches(imported.result.score, 1)[0]
    # Board 1 by hand was 7 IMPs to pair 1; instead 3 to each: 17 - 7 + 3 = 13 to pair 1, 14 + 3 = 17 to pair 2.
    assert (first.home, first.away, first.boards, first.home_imps, first.away_imps) == (1, 2, 6, 13, 17)


def corrected(tables: list[tuple[int, int]]) -> str:
    """Round 1's results with table 1's first board corrected to 6S by North three down (-150, where 420 was
    entered); every other line as entered."""
    lines = round_results(1, tables).splitlines()
    lines[1] = f"1,{tables[0][0]},{tables[0][1]},6S,N,-3"
    return "\n".join(lines) + "\n"


@pytest.fixture
def second_round(drawn: Path) -> tuple[Path, str]:
    """The 14-pair event with round 1's results entered and round 2 drawn (not yet played): the workbook, and
    what the command printed."""
    results = drawn.with_name("round-1.csv")
    results.write_text(round_results(1, ROUND_ONE))
    done = xlbridge("swiss", drawn, "--results", results, "--in-place")
    assert done.status == 0, done.err
    return drawn, done.out


def test_a_corrected_round_leaves_the_next_round_drawn_and_says_so(second_round: tuple[Path, str]) -> None:
    """Round 1's results entered again after round 2 is drawn: round 1's IMPs are replaced, round 2 stays as
    drawn (the pairs may already be at their tables), and a line on stderr names it and says how to redraw."""
    path, _ = second_round
    before = [match for _, match in read_matches(path) if match.round == 2]
    results = path.with_name("round-1-corrected.csv")
    results.write_text(corrected(ROUND_ONE))
    done = xlbridge("swiss", path, "--results", results, "--in-place")
    assert done.status == 0, done.err
    assert done.err == (f"xlbridge swiss: {path}: round 2 (Matches rows 9-15) was drawn from the standings before "
                        "round 1's results were entered again, and stands: --redraw draws it again from the "
                        "corrected standings\n")  # fmt: skip
    # Board 1 now: -150 -50 -50 50 170 170 450, the datum the middle five's 290 / 5 = 58 -> 60; table 1's -150 is
    # -210, 5 IMPs to pair 2 where pair 1 had 7: 17 - 7 = 10 to 14 + 5 = 19.
    assert "\n1 v 2: 10-19 IMPs (6 boards)\n" in done.out
    assert "Table 1:" not in done.out
    matches = read_matches(path)
    assert [match for _, match in matches if match.round == 2] == before
    first = next(match for _, match in matches if match.round == 1)
    assert (first.home_imps, first.away_imps) == (10, 19)


def test_redraw_draws_the_next_round_again_from_the_corrected_standings(second_round: tuple[Path, str]) -> None:
    """With --redraw, round 2 (drawn, not played) is drawn again from the standings after the corrected round 1,
    into the same rows of Matches, and nothing is said on stderr."""
    path, printed = second_round
    results = path.with_name("round-1-corrected.csv")
    results.write_text(corrected(ROUND_ONE))
    done = xlbridge("swiss", path, "--results", results, "--redraw", "--in-place")
    assert (done.status, done.err) == (0, "")
    assert "Round 2 (from the standings after round 1; " in done.out
    assert "-> " + str(path) + ", Matches rows 9-15" in done.out
    tables = drawn_tables(done.out)
    assert tables != drawn_tables(printed)  # pair 1 lost its lead: the top tables changed
    matches = read_matches(path)
    assert [(match.home, match.away) for _, match in matches if match.round == 2] == tables
    assert len(matches) == 14


def test_redraw_is_refused_after_the_next_round_is_played(tmp_path: Path) -> None:
    """A two-round event with both rounds' results entered: round 2 is played, so round 1's correction is entered
    and nothing is said, and --redraw, with nothing it may draw again, is refused (the workbook unchanged)."""
    path = tmp_path / "event.xlsx"
    assert (
        xlbridge("schedule", "swiss", "--pairs", 14, "--rounds", 2, "--boards-per-match", BOARDS, "-o", path).status
        == 0
    )
    first = tmp_path / "round-1.csv"
    first.write_text(round_results(1, ROUND_ONE))
    entered = xlbridge("swiss", path, "--results", first, "--in-place")
    second = tmp_path / "round-2.csv"
    second.write_text(round_results(2, drawn_tables(entered.out)))
    assert xlbridge("swiss", path, "--results", second, "--in-place").status == 0
    again = tmp_path / "round-1-corrected.csv"
    again.write_text(corrected(ROUND_ONE))
    before = path.read_bytes()
    refused = xlbridge("swiss", path, "--results", again, "--redraw", "--in-place").refused
    assert refused == ("xlbridge swiss: --redraw: no round after round 1 is drawn and not yet played: there is "
                       "nothing to draw again")  # fmt: skip
    assert path.read_bytes() == before
    done = xlbridge("swiss", path, "--results", again, "--in-place")
    assert (done.status, done.err) == (0, "")
    assert "\n1 v 2: 10-19 IMPs (6 boards)\n" in done.out


@pytest.mark.parametrize("rounds", [1, 2])
def test_the_progress_bar_ends_full_whether_or_not_a_round_is_drawn(tmp_path: Path, rounds: int) -> None:
    """On a terminal, `swiss --results` fills its bar to the end: with the next round drawn (2 rounds) and
    without (the last round's results, 1 round)."""
    import sys

    from .safety import on_a_terminal

    path = tmp_path / "event.xlsx"
    assert (
        xlbridge(
            "schedule", "swiss", "--pairs", 14, "--rounds", rounds, "--boards-per-match", BOARDS, "-o", path
        ).status
        == 0
    )
    results = tmp_path / "round-1.csv"
    results.write_text(round_results(1, ROUND_ONE))
    status, shown = on_a_terminal([sys.executable, "-m", "xlbridge", "swiss", str(path), "--results", str(results),
                                   "--in-place"])  # fmt: skip
    assert status == 0
    assert "[" + "#" * 20 + "] done" in shown
    assert ("drawing round 2" in shown) == (rounds == 2)


@pytest.mark.parametrize(
    ("entrants", "one", "home", "away", "order"),
    [("--pairs", "Pair", "NS", "EW", "the North-South pair first"), ("--teams", "Team", "Home", "Away",
                                                                       "the home team first")],
)  # fmt: skip
def test_a_pairs_event_says_pair_everywhere_and_a_teams_event_team(
    tmp_path: Path, entrants: str, one: str, home: str, away: str, order: str
) -> None:
    """The Entrants setting `schedule swiss --pairs` writes (Pairs; a teams event's: Teams) is read back, and every
    output says it: the workbook's headings (Teams, Matches, Standings), the standings as text and CSV, and the
    round's page of the website, the North-South pair first."""
    path = tmp_path / "event.xlsx"
    assert (
        xlbridge("schedule", "swiss", entrants, 4, "--rounds", 3, "--boards-per-match", BOARDS, "-o", path).status == 0
    )
    if entrants == "--pairs":  # round 1 played (a teams event's IMPs are typed on Matches: round 1 to play)
        results = tmp_path / "round-1.csv"
        results.write_text(round_results(1, [(1, 2), (3, 4)]))
        assert xlbridge("swiss", path, "--results", results, "--in-place").status == 0
    book = Book(path)
    assert book.value("Settings", "A11") == "Entrants"
    assert book.value("Settings", "B11") == f"{one}s"
    assert book.value("Teams", "A1") == one
    assert [book.value("Matches", f"{col}1") for col in "BCDEGHMN"] == [
        home, f"{home} {one.lower()}", away, f"{away} {one.lower()}", f"{home} IMPs", f"{away} IMPs",
        f"{home} VPs", f"{away} VPs"]  # fmt: skip
    assert book.value("Standings", "B5") == one
    table = xlbridge("standings", path)
    assert table.status == 0, table.err
    assert re.search(rf"^Place +{one} +Name +Played ", table.out, re.M)
    assert standings_csv(path)[0].keys() >= {one.lower(), "name", "vps"}
    site = tmp_path / "site"
    assert xlbridge("publish", path, "-o", site).status == 0
    page = (site / "round-1.html").read_text()
    assert f"The matches of round 1, {order}</caption>" in page
    assert f'<th scope="col">{home}</th>\n<th scope="col">{away}</th>' in page
    assert f'<th scope="col">{one}</th>' in (site / "index.html").read_text()
    other = "Team" if one == "Pair" else "Pair"
    assert other not in page


def test_results_are_refused_for_a_teams_event(tmp_path: Path) -> None:
    """A Swiss teams event (Entrants: Teams) has its matches' IMPs typed on Matches: a pairs session's results file
    is refused for it, naming the setting, and the workbook is unchanged."""
    path = tmp_path / "teams.xlsx"
    assert xlbridge("schedule", "swiss", "--teams", 4, "--rounds", 3, "-o", path).status == 0
    results = tmp_path / "round-1.csv"
    results.write_text(round_results(1, [(1, 2), (3, 4)]))
    before = path.read_bytes()
    refused = xlbridge("swiss", path, "--results", results, "--in-place").refused
    assert refused == (
        f"xlbridge swiss: {path}: a teams event (Entrants, in Settings: Teams): its matches' IMPs "
        "are typed on Matches; --results enters a Swiss pairs event's round (Entrants: Pairs)"
    )
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    ("entrants", "reason"),
    [("Pairs", "EW pair 9 is not on the list of pairs"), ("", "away team 9 is not on the list of teams")],
)
def test_a_row_waits_in_the_event_s_words(entrants: str, reason: str) -> None:
    """A match's Check says why it waits in the event's words: a Swiss pairs event's EW pair, a teams event's away
    team (its Settings without Entrants: a workbook made before Swiss pairs)."""
    from xlbridge.engine.event import score_event
    from xlbridge.engine.matches import Event, EventMatch, Team

    event = Event(teams=(Team(1, "Pair 1"), Team(2, "Pair 2")), schedule="Swiss", entrants=entrants)
    scored = score_event(event, [EventMatch(1, 1, 9, 6, 10, 5)])
    assert scored.matches[0].problem == reason


def test_a_workbook_without_entrants_reads_as_teams(tmp_path: Path) -> None:
    """A workbook made before the Entrants setting (its cell blank) is a teams event: its standings say Team, and
    a round's results file is refused for it."""
    from dataclasses import replace

    from xlbridge.files.workbook.patching import patch_sheet, write_package
    from xlbridge.files.workbook.xlsx import open_package

    made = tmp_path / "made.xlsx"
    assert xlbridge("schedule", "swiss", "--pairs", 4, "--rounds", 3, "-o", made).status == 0
    package = open_package(made)
    part = package.sheets["Settings"]
    blank = patch_sheet(package.parts[part], {(11, 1): None, (11, 2): None})  # Entrants, its label and its value
    old = tmp_path / "old.xlsx"
    write_package(replace(package, parts={**package.parts, part: blank}, values={}), {}, old)
    assert xlbridge("calc", old, "--in-place").status == 0
    table = xlbridge("standings", old)
    assert table.status == 0, table.err
    assert re.search(r"^Place +Team +Name +Played ", table.out, re.M)
    results = tmp_path / "round-1.csv"
    results.write_text(round_results(1, [(1, 2), (3, 4)]))
    assert "a teams event (Entrants, in Settings: Teams)" in xlbridge("swiss", old, "--results", results, "-o",
                                                                      tmp_path / "out.xlsx").refused  # fmt: skip


def test_a_pairs_event_scored_board_a_match_is_refused(tmp_path: Path) -> None:
    """A Swiss pairs match is its pairs' IMPs converted to VPs: `schedule --pairs --form BAM` is refused in one line
    naming the forms a pairs event takes, and no workbook is written (it once was, its rounds then entered as "7
    matches scored" with no standings and no next round)."""
    path = tmp_path / "bam.xlsx"
    done = xlbridge("schedule", "swiss", "--pairs", 14, "--rounds", 3, "--form", "BAM", "--boards-per-match", 4,
                    "-o", path)  # fmt: skip
    assert done.refused == ("xlbridge schedule: --form BAM: a pairs event's match is its pairs' IMPs against the "
                            "field, converted to VPs: a pairs event takes --form IMP/VP")  # fmt: skip
    assert not path.exists()


@pytest.mark.parametrize(
    ("kind", "entrants", "reason"),
    [("swiss", ["--pairs", 1, "--rounds", 1], "--pairs 1: an event needs at least 2 pairs"),
     ("round-robin", ["--teams", 1], "--teams 1: an event needs at least 2 teams")],
)  # fmt: skip
def test_an_event_of_one_entrant_is_refused(tmp_path: Path, kind: str, entrants: list[object], reason: str) -> None:
    """One pair (or team) is no event: refused saying an event needs two, not that one pair "can play at most 1
    rounds"."""
    path = tmp_path / "one.xlsx"
    done = xlbridge("schedule", kind, *entrants, "-o", path)
    assert done.refused == f"xlbridge schedule: {reason}"
    assert not path.exists()


def test_a_pairs_session_s_names_file_is_refused_saying_what_a_list_of_pairs_is(tmp_path: Path) -> None:
    """`--names` given a pairs session's names file (pair,direction,player1,player2, numbers added): refused naming
    its headings and what a list of an event's pairs is, not "team 'pair': expected a team number"."""
    names = tmp_path / "names-num.csv"
    names.write_text("pair,direction,player1,player2,Player 1 number,Player 2 number\n"
                     "1,NS,Player 1,Player 2,1000001,1000002\n1,EW,Player 3,Player 4,1000003,1000004\n")  # fmt: skip
    path = tmp_path / "event.xlsx"
    done = xlbridge("schedule", "swiss", "--pairs", 14, "--rounds", 3, "--names", names, "-o", path)
    assert done.refused == (f"xlbridge schedule: {names}: line 1: headings pair, direction, player1, player2, "
                            "Player 1 number, Player 2 number: a list of teams (or of a Swiss pairs event's pairs) "
                            "is team,name[,members] with or without that heading row, or one name a line (a pairs "
                            "session's names file is not one)")  # fmt: skip
    assert not path.exists()
