"""A whole league run as an organiser runs it, every step a command in its own process: the schedule drawn, the
results typed into the workbook (with the mistakes people make), computed, the standings printed, a Swiss event
drawn round by round, the results published."""

from __future__ import annotations

import csv
import io
import random
import re
import shutil
import sys
from collections import Counter
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from xlbridge import wbf_vp
from xlbridge.engine.matches import EventMatch
from xlbridge.files.templates.event_layout import MATCHES, STANDINGS

from .safety import on_a_terminal, xlbridge
from .test_draw import brute_force, check_round_robin
from .workbooks import Book, typed

NAMES = ["Seahorses", "Kittiwakes", "Puffins", "Gannets", "Terns", "Skuas", "Fulmars", "Shags", "Petrels"]


def letter(heading: str) -> str:
    return chr(ord("A") + MATCHES.col(heading))


def read_matches(path: Path) -> list[tuple[int, EventMatch]]:
    """The Matches sheet's rows as typed: (Excel row, the match), read from the file's stored cells."""
    book = Book(path)
    out = []
    for row in range(2, 400):
        round_number = book.value("Matches", f"A{row}")
        if round_number in (None, ""):
            continue
        away = book.value("Matches", f"{letter('Away')}{row}")
        bye = away in (None, "", "BYE")
        imps = [book.value("Matches", f"{letter(h)}{row}") for h in ("Home IMPs", "Away IMPs")]
        out.append((row, EventMatch(round_number, book.value("Matches", f"B{row}"), None if bye else away, None,
                                    *(None if v in (None, "") else v for v in imps), bye=bye)))  # fmt: skip
    return out


def standings_csv(path: Path) -> list[dict[str, str]]:
    done = xlbridge("standings", path, "--csv")
    assert done.status == 0, done.err
    return list(csv.DictReader(io.StringIO(done.out)))


def computed(path: Path) -> None:
    """`xlbridge calc --in-place`: exit 0 and nothing on stderr, never a traceback, whatever was typed."""
    done = xlbridge("calc", path, "--in-place")
    assert (done.status, done.err) == (0, ""), done.err
    assert "Traceback" not in done.out + done.err


def two(value: Fraction) -> str:
    """A figure as the standings print it: 2 decimals."""
    return f"{(Decimal(value.numerator) / Decimal(value.denominator)).quantize(Decimal('0.01'), ROUND_HALF_UP)}"


@pytest.mark.slow
@pytest.mark.parametrize("teams", [6, 7, 8])
def test_schedule_round_robin(tmp_path: Path, teams: int) -> None:
    """`xlbridge schedule round-robin --teams N`: the workbook's Matches hold the whole round robin, every property
    checked from the file; it is computed, and the command says what it wrote."""
    path = tmp_path / "league.xlsx"
    done = xlbridge("schedule", "round-robin", "--teams", teams, "-o", path)
    assert (done.status, done.err) == (0, ""), done.err
    rounds = teams - 1 if teams % 2 == 0 else teams
    assert done.out.splitlines()[0] == (f"Round robin of {teams} teams: {rounds} rounds drawn, 8 boards a match -> "
                                        f"{path}")  # fmt: skip
    assert len(done.out.splitlines()) == 1 + rounds
    rows = [match for _, match in read_matches(path)]
    check_round_robin(teams, rows, 1)
    book = Book(path)
    assert book.errors() == []
    assert book.value("Standings", "A1") == "" or book.value("Standings", "A3") == "No results yet"
    if teams == 7:
        double = xlbridge("schedule", "round-robin", "--teams", teams, "--double", "-o", tmp_path / "double.xlsx")
        assert double.status == 0, double.err
        check_round_robin(teams, [match for _, match in read_matches(tmp_path / "double.xlsx")], 2)


@pytest.mark.slow
def test_a_league_as_an_organiser_runs_it(tmp_path: Path) -> None:
    """Seven teams, a round robin; every result typed into the workbook, some of them wrong as people type them:
    each wrong row waits with its reason, the standings count the rest and say how many wait, and once put right
    every figure is the one worked out here from the results typed."""
    names = tmp_path / "teams.csv"
    names.write_text("team,name\n" + "".join(f"{n},{name}\n" for n, name in enumerate(NAMES[:7], start=1)))
    path = tmp_path / "league.xlsx"
    assert xlbridge("schedule", "round-robin", "--names", names, "--event", "Winter league", "-o", path).status == 0
    schedule = read_matches(path)
    chooser = random.Random(26)
    results: dict[int, tuple[Fraction, Fraction]] = {}
    for row, match in schedule:
        if not match.bye:
            results[row] = (Fraction(chooser.randint(0, 45)), Fraction(chooser.randint(0, 45)))
    first_match = next(row for row, match in schedule if not match.bye)
    results[first_match] = (Fraction(43, 2), results[first_match][1])  # half IMPs, from a weighted score
    cells: dict[str, object] = {}
    for row, (home, away) in results.items():
        cells[f"{letter('Home IMPs')}{row}"] = float(home) if home.denominator > 1 else int(home)
        cells[f"{letter('Away IMPs')}{row}"] = int(away)
    playing = [(row, match) for row, match in schedule if not match.bye]
    (zero, _), (negative, _), (twice, twice_match), (stranger, _), (bye_row, bye_match) = (
        playing[3], playing[5], playing[7], playing[9], next((r, m) for r, m in schedule if m.bye))  # fmt: skip
    round_one = [m for _, m in schedule if m.round == twice_match.round and not m.bye and m is not twice_match]
    wrong = {
        f"{letter('Boards')}{zero}": 0,
        f"{letter('Home IMPs')}{negative}": -3,
        f"{letter('Away')}{twice}": round_one[0].home,  # that team already plays in this round
        f"{letter('Away')}{stranger}": 9,  # not one of the seven teams
        f"{letter('Home IMPs')}{bye_row}": 12,  # IMPs typed on a bye row
    }
    typed(path, "Matches", {**cells, **wrong})
    computed(path)
    book = Book(path)
    check = letter("Check")
    reasons = {row: book.value("Matches", f"{check}{row}") for row in (zero, negative, twice, stranger, bye_row)}
    assert reasons == {
        zero: "boards 0: a match has at least 1 board",
        negative: "home IMPs -3: each team's IMPs are 0 or more (the margin is worked out)",
        twice: f"team {round_one[0].home} already plays in round {twice_match.round} ({round_one[0].home} v "
        f"{round_one[0].away})",
        stranger: "away team 9 is not on the list of teams",
        bye_row: "a bye has no IMPs or board points: leave them blank, or enter the away team",
    }
    assert book.value("Matches", f"{letter('Away team')}{stranger}") == "?"
    assert book.value("Standings", "A3") == (
        "After round 7 of 7; 5 match rows wait for checking, not counted: see the Check column of Matches"
    )
    note = xlbridge("standings", path, "--csv")
    assert note.err.splitlines() == [
        *(f"xlbridge standings: note: {path}: Matches row {row}: {reasons[row]} (the row waits, not counted)"
          for row in sorted(reasons)),
        "xlbridge standings: note: After round 7 of 7; 5 match rows wait for checking, not counted: see the Check "
        "column of Matches",
    ]  # fmt: skip
    # Put them right, as typed before the mistakes, and compute again: every row counts.
    typed(path, "Matches", {f"{letter('Boards')}{zero}": 8, f"{letter('Home IMPs')}{negative}":
                            int(results[negative][0]), f"{letter('Away')}{twice}": twice_match.away,
                            f"{letter('Away')}{stranger}": next(m for r, m in schedule if r == stranger).away,
                            f"{letter('Home IMPs')}{bye_row}": ""})  # fmt: skip
    computed(path)
    assert Book(path).value("Standings", "A3") == "After round 7 of 7"
    expected = league_table(schedule, results, bye_match)
    shown = standings_csv(path)
    assert [(row["team"], row["score"]) for row in shown] == [(str(t), two(s)) for t, s, _ in expected]
    for row, (team, _, running) in zip(shown, expected, strict=True):
        assert [row[f"after_{n}"] for n in range(1, 8)] == [two(value) for value in running], team
        assert row["byes"] == "1"
        assert row["played"] == "6"
    table = xlbridge("standings", path).out.splitlines()
    assert table[0] == "Winter league"
    assert table[4].split()[-7:] == ["R1", "R2", "R3", "R4", "R5", "R6", "R7"]


def league_table(
    schedule: list[tuple[int, EventMatch]],
    results: dict[int, tuple[Fraction, Fraction]],
    _: EventMatch,
    played: int = 7,
) -> list[tuple[int, Fraction, list[Fraction]]]:
    """The standings worked out here from the results typed: WBF VPs for 8 boards, each bye the team's average
    (to 2 decimals, halves up) if its round is among the first ``played`` rounds, running totals round by round to
    round ``played``; in order of score (no ties in this league)."""
    by_round: dict[int, dict[int, Fraction]] = {team: {} for team in range(1, 8)}
    vps: dict[int, list[Fraction]] = {team: [] for team in range(1, 8)}
    for row, match in schedule:
        if match.bye or row not in results:
            continue
        home, away = results[row]
        home_vp = Fraction(str(wbf_vp(home - away, 8)))
        assert match.round is not None
        for team, points in ((match.home, home_vp), (match.away, 20 - home_vp)):
            assert team is not None
            vps[team].append(points)
            by_round[team][match.round] = points
    for _, match in schedule:
        if match.bye and (match.round or 0) <= played:
            assert match.home is not None
            assert match.round is not None
            mean = sum(vps[match.home], Fraction(0)) / len(vps[match.home])
            by_round[match.home][match.round] = Fraction(two(mean))
    out = []
    for team, rounds in by_round.items():
        running, total = [], Fraction(0)
        for number in range(1, played + 1):
            total += rounds.get(number, Fraction(0))
            running.append(total)
        out.append((team, total, running))
    out.sort(key=lambda entry: -entry[1])
    assert len({total for _, total, _ in out}) == 7  # no ties: the order is the scores'
    return out


@dataclass(frozen=True)
class PartWay:
    """A league part way through: its workbook, computed, the schedule drawn and the results typed."""

    path: Path
    schedule: list[tuple[int, EventMatch]]
    results: dict[int, tuple[Fraction, Fraction]]

    def copy(self, folder: Path) -> Path:
        """The workbook copied into ``folder``, to be typed into."""
        return Path(shutil.copy(self.path, folder / self.path.name))


@pytest.fixture(scope="module")
def part_way(tmp_path_factory: pytest.TempPathFactory) -> PartWay:
    """Seven teams, the whole round robin drawn (a bye each round) with `schedule`, and the IMPs of the first three
    rounds typed, computed."""
    path = tmp_path_factory.mktemp("part-way") / "league.xlsx"
    assert xlbridge("schedule", "round-robin", "--teams", 7, "--event", "Winter league", "-o", path).status == 0
    schedule = read_matches(path)
    chooser = random.Random(3)
    results = {row: (Fraction(chooser.randint(0, 45)), Fraction(chooser.randint(0, 45)))
               for row, match in schedule if not match.bye and (match.round or 0) <= 3}  # fmt: skip
    typed(path, "Matches", {f"{letter(heading)}{row}": int(imps) for row, both in results.items()
                            for heading, imps in zip(("Home IMPs", "Away IMPs"), both, strict=True)})  # fmt: skip
    computed(path)
    return PartWay(path, schedule, results)


def test_a_league_part_way_through(part_way: PartWay) -> None:
    """Three rounds of seven played: the standings are after round 3 of 7, and a bye drawn for a later round waits
    for it (its team's average was counted, and the standings said "After round 7 of 7")."""
    path, schedule = part_way.path, part_way.schedule
    assert Book(path).value("Standings", "A3") == "After round 3 of 7"
    expected = league_table(schedule, part_way.results, schedule[0][1], played=3)
    shown = standings_csv(path)
    assert [(row["team"], row["score"], row["byes"]) for row in shown] == [
        (str(team), two(score), "1" if any(m.bye and m.home == team and (m.round or 0) <= 3 for _, m in schedule)
         else "0") for team, score, _ in expected]  # fmt: skip
    for row, (team, _, running) in zip(shown, expected, strict=True):
        assert [row[f"after_{n}"] for n in range(1, 4)] == [two(value) for value in running], team
        assert "after_4" not in row
    assert xlbridge("standings", path).out.splitlines()[2] == "After round 3 of 7"


def test_standings_name_each_row_that_waits(part_way: PartWay, tmp_path: Path) -> None:
    """A round-2 match against a team not on the list and a round-3 match with one team's IMPs: the standings
    count the rest and name each row that waits, on stderr, with its Check's reason (they said only how many
    rows wait, "see the Check column of Matches")."""
    path = part_way.copy(tmp_path)
    stranger, half = (next(row for row, m in part_way.schedule if m.round == n and not m.bye) for n in (2, 3))
    typed(path, "Matches", {f"{letter('Away')}{stranger}": 9, f"{letter('Away IMPs')}{half}": ""})
    computed(path)
    named = [
        f"xlbridge standings: note: {path}: Matches row {stranger}: away team 9 is not on the list of teams (the "
        "row waits, not counted)",
        f"xlbridge standings: note: {path}: Matches row {half}: away IMPs missing (the row waits, not counted)",
    ]
    status = "After round 3 of 7; 2 match rows wait for checking, not counted: see the Check column of Matches"
    table = xlbridge("standings", path)
    assert (table.status, table.err.splitlines(), table.out.splitlines()[2]) == (0, named, status)
    listed = xlbridge("standings", path, "--csv")
    assert (listed.status, listed.err.splitlines()) == (0, [*named, f"xlbridge standings: note: {status}"])
    assert len(list(csv.DictReader(io.StringIO(listed.out)))) == 7


def standings_order(path: Path) -> list[int]:
    """The teams in the order the computed Standings sheet shows them."""
    book = Book(path)
    first = STANDINGS.first_row + 1
    out = []
    while book.value("Standings", f"B{first + len(out)}") not in (None, ""):
        out.append(book.value("Standings", f"B{first + len(out)}"))
    return out


@pytest.mark.slow
def test_a_swiss_event_round_by_round(tmp_path: Path) -> None:
    """Nine teams, five rounds: `schedule swiss` draws round 1, then each round's results are typed, the workbook
    computed and `swiss --in-place` draws the next from the standings: no two teams meet twice, each bye goes to the
    lowest-placed team without one, and each round is the optimal pairing (checked by brute force)."""
    path = tmp_path / "swiss.xlsx"
    done = xlbridge("schedule", "swiss", "--teams", 9, "--rounds", 5, "--bye-rule", "12 VP", "-o", path)
    assert done.status == 0, done.err
    chooser = random.Random(9)
    for number in range(1, 6):
        rows = read_matches(path)
        current = [(row, match) for row, match in rows if match.round == number]
        assert len(current) == 5  # four matches and a bye
        typed(path, "Matches", {
            f"{letter(heading)}{row}": chooser.randint(0, 40)
            for row, match in current if not match.bye for heading in ("Home IMPs", "Away IMPs")
        })  # fmt: skip
        computed(path)
        if number == 5:
            break
        order = standings_order(path)
        played = [match for _, match in read_matches(path)]
        met = {frozenset((m.home, m.away)) for m in played if not m.bye}
        had = Counter(m.home for m in played if m.bye)
        drawn = xlbridge("swiss", path, "--in-place")
        assert drawn.status == 0, drawn.err
        assert drawn.out.splitlines()[0].startswith(f"Round {number + 1} (from the standings after round {number};")
        new = [match for _, match in read_matches(path) if match.round == number + 1]
        bye = next(m.home for m in new if m.bye)
        assert bye == next(team for team in reversed(order) if had[team] == 0)  # the lowest placed without one
        tables = [(m.home, m.away) for m in new if not m.bye]
        assert not any(frozenset(table) in met for table in tables)
        place = {team: index for index, team in enumerate(order, start=1)}
        best = brute_force([team for team in order if team != bye], met, place)
        assert best is not None
        assert sum((place[a] - place[b]) ** 2 for a, b in tables) == best[0]
    played = [match for _, match in read_matches(path)]
    assert max(Counter(frozenset((m.home, m.away)) for m in played if not m.bye).values()) == 1
    assert sorted(Counter(m.home for m in played if m.bye).values()) == [1] * 5
    refused = xlbridge("swiss", path, "--in-place").refused
    assert refused == f"xlbridge swiss: {path}: all 5 rounds are drawn (Rounds, in Settings)"
    assert Book(path).value("Standings", "A3") == "After round 5 of 5"
    assert Book(path).value("Standings", f"A{STANDINGS.first_row + 1}") == "1"


@pytest.fixture(scope="module")
def finished_league(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A seven-team round robin played to the end, and the team-match workbook of its first match (the demo's
    boards, the teams' names), whose IMPs are the ones typed for that match."""
    from dataclasses import replace as replaced

    from xlbridge.files.demo_data import demo_data
    from xlbridge.files.templates import CLASSIC, teams_match

    folder = tmp_path_factory.mktemp("league")
    names = folder / "teams.csv"
    names.write_text("".join(f"{name}\n" for name in NAMES[:7]))  # one name a line
    path = folder / "league.xlsx"
    assert xlbridge("schedule", "round-robin", "--names", names, "--event", "Winter <league>", "-o", path).status == 0
    schedule = read_matches(path)
    chooser = random.Random(7)
    cells: dict[str, object] = {}
    for row, match in schedule:
        if not match.bye:
            cells[f"{letter('Home IMPs')}{row}"] = chooser.randint(0, 40)
            cells[f"{letter('Away IMPs')}{row}"] = chooser.randint(0, 40)
    row, first = next((row, match) for row, match in schedule if not match.bye)
    card = folder / "first-match.xlsx"
    match = replaced(demo_data().match, home=NAMES[(first.home or 1) - 1], away=NAMES[(first.away or 1) - 1])
    teams_match.build(card, CLASSIC, match=match, computed=True)
    shown = Book(card).sheets["Match"]
    from xlbridge.files.templates.match_layout import AWAY_COL, HOME_COL, SUMMARY

    imps = [shown[(SUMMARY["IMPs"] + 1, col + 1)] for col in (HOME_COL, AWAY_COL)]
    cells.update({f"{letter('Home IMPs')}{row}": imps[0], f"{letter('Away IMPs')}{row}": imps[1],
                  f"{letter('Boards')}{row}": 16})  # fmt: skip
    typed(path, "Matches", cells)
    computed(path)
    return path, card


@pytest.mark.slow  # the league site written and read: four seconds
def test_the_league_is_published(finished_league: tuple[Path, Path], tmp_path: Path) -> None:
    """`xlbridge publish EVENT.xlsx -o DIR --scorecard MATCH.xlsx`: the standings as the workbook shows them, a page
    a round, the scorecard of the match whose boards were entered; valid HTML5, escaped, every link resolving,
    rendered by Chromium without an error and as wide as a phone at most."""
    from . import browser
    from .test_publish import PHONES, needs_chromium, parse, resolves, sideways, text

    path, card = finished_league
    site = tmp_path / "site"
    done = xlbridge("publish", path, "-o", site, "--scorecard", card)
    assert (done.status, done.err) == (0, ""), done.err
    assert done.out == (f"{path} -> {site}: 9 pages (the standings, 7 rounds, 1 scorecards); open "
                        f"{site / 'index.html'}\n")  # fmt: skip
    pages = sorted(site.glob("*.html"))
    assert [page.name for page in pages if page.name.startswith("match-")] == [
        next(page.name for page in pages if page.name.startswith("match-1-"))
    ]
    for page in pages:
        tree = parse(page)  # strict HTML5
        assert tree.get("lang") == "en"
        for table in tree.iter("table"):
            assert text(table.find("caption")), page.name  # type: ignore[arg-type]
    index = (site / "index.html").read_text()
    assert "Winter &lt;league&gt;" in index
    assert "<league>" not in index
    shown = standings_csv(path)
    cells = [[text(cell) for cell in row] for row in parse(site / "index.html").iter("tr")][1:]
    assert [(row[0], row[1], row[2], row[-8]) for row in cells] == [
        (row["place"], row["team"], row["name"], row["score"]) for row in shown
    ]
    assert [row[-7:] for row in cells] == [[row[f"after_{n}"] for n in range(1, 8)] for row in shown]
    again = xlbridge("publish", path, "-o", site, "--scorecard", card)  # an earlier publication is replaced
    assert again.status == 0, again.err
    if needs_chromium.args[0]:  # no Chromium here
        return
    with browser.chromium() as chromium:
        for page in pages:
            problems = chromium.open(page.as_uri())
            assert problems.messages == [], (page.name, problems.messages)
            for href in chromium.evaluate("[...document.querySelectorAll('a[href]')].map(a => a.href)"):
                assert resolves(href, site), (page.name, href)
            for width in PHONES:
                chromium.resize((width, 800), mobile=True)
                assert sideways(chromium) == [], (page.name, width)


def test_publishing_refuses_a_stale_workbook_and_a_scorecard_of_no_match(
    finished_league: tuple[Path, Path], tmp_path: Path
) -> None:
    """A result retyped and not computed again, or a scorecard whose teams did not meet: refused in one line."""
    import shutil

    path, _ = finished_league
    stale = tmp_path / "stale.xlsx"
    shutil.copy(path, stale)
    row = next(row for row, match in read_matches(stale) if not match.bye and row > 3)
    typed(stale, "Matches", {f"{letter('Home IMPs')}{row}": 99})
    line = xlbridge("publish", stale, "-o", tmp_path / "site").refused
    assert line.startswith(f"xlbridge publish: {stale}: its figures are not those of its entries (Matches!")
    assert line.endswith(f"compute it again: xlbridge calc {stale} --in-place, or open and save it in Excel")
    other = tmp_path / "other.xlsx"
    from xlbridge.engine.matches import Match
    from xlbridge.files.templates import CLASSIC, teams_match

    teams_match.build(other, CLASSIC, match=Match(home="Seahorses", away="Nobody"), computed=True)
    line = xlbridge("publish", path, "-o", tmp_path / "site2", "--scorecard", other).refused
    assert line == (f"xlbridge publish: {other}: Seahorses v Nobody: no such match on the event's Matches (the "
                    "scorecard's Home team and Away team name the event's teams)")  # fmt: skip


def test_publishing_refuses_a_scorecard_with_a_board_below_its_boards(
    finished_league: tuple[Path, Path], tmp_path: Path
) -> None:
    """The match's scorecard (16 boards) with a 17th board typed in the first row below its boards, on an unprotected
    sheet (Excel computes nothing new: no formula reads that row): publish refuses it by its row and writes no page,
    where the scorecard would be published a board short."""
    from .workbooks import typed_into

    path, card = finished_league
    below = typed_into(card, tmp_path / "below.xlsx", {"Match": {"A27": 17.0, "D27": "4S", "E27": "N", "F27": "="}})
    site = tmp_path / "site"
    line = xlbridge("publish", path, "-o", site, "--scorecard", below).refused
    assert line == (
        f"xlbridge publish: {below}: Match row 27 (A27) is below the boards block (rows 11-26), which the "
        "workbook's formulas read: nothing there is counted. Move it into a blank row of the block"
    )
    assert not site.exists()


@pytest.mark.slow  # a scorecard typed and computed, the league computed and published: ten seconds
def test_a_match_typed_on_the_blank_scorecard_is_published_with_its_boards(
    finished_league: tuple[Path, Path], tmp_path: Path
) -> None:
    """An 8-board match typed on the blank team-match template (whose 24 boards are numbered) and computed, its
    IMPs typed on the league's Matches: its published page, on screen and printed, shows the 8 boards the match
    has, not 16 empty rows after them."""
    from xlbridge.files.templates.match_layout import AWAY_COL, HOME_COL, INFO, SUMMARY

    from . import browser
    from .test_publish import needs_chromium, parse

    league, _ = finished_league
    path = tmp_path / "league.xlsx"
    shutil.copy(league, path)
    row, match = [(row, match) for row, match in read_matches(path) if not match.bye][1]
    assert xlbridge("templates", "--out", tmp_path / "blank").status == 0
    card = tmp_path / "match.xlsx"
    shutil.copy(tmp_path / "blank" / "teams-match.xlsx", card)
    home, away = NAMES[(match.home or 1) - 1], NAMES[(match.away or 1) - 1]
    plays = [("4S", "N", "="), ("3NT", "S", "+1"), ("2H", "E", "-1"), ("4HX", "W", "-2"), ("1NT", "N", "="),
             ("5D", "E", "="), ("3C", "S", "+2"), ("6S", "N", "-1")]  # fmt: skip
    cells: dict[str, object] = {f"B{INFO['Home team'] + 1}": home, f"B{INFO['Away team'] + 1}": away}
    for offset, (contract, declarer, result) in enumerate(plays):  # each board a trick apart at the other table
        other = plays[(offset + 1) % len(plays)]
        cells |= {f"D{11 + offset}": contract, f"E{11 + offset}": declarer, f"F{11 + offset}": result,
                  f"H{11 + offset}": other[0], f"I{11 + offset}": other[1], f"J{11 + offset}": other[2]}  # fmt: skip
    typed(card, "Match", cells)
    computed(card)
    shown = Book(card).sheets["Match"]
    imps = [shown[(SUMMARY["IMPs"] + 1, col + 1)] for col in (HOME_COL, AWAY_COL)]
    assert shown[(SUMMARY["Boards played"] + 1, HOME_COL + 1)] == 8
    typed(path, "Matches", {f"{letter('Home IMPs')}{row}": imps[0], f"{letter('Away IMPs')}{row}": imps[1],
                            f"{letter('Boards')}{row}": 8})  # fmt: skip
    computed(path)
    site = tmp_path / "site"
    done = xlbridge("publish", path, "-o", site, "--scorecard", card)
    assert done.status == 0, done.err
    (page,) = site.glob(f"match-{match.round}-*.html")
    boards = [row for table in parse(page).iter("table") for row in table.find("tbody") or []]
    assert [next(iter(row)).text for row in boards] == [str(board) for board in range(1, 9)]
    for published in site.glob("*.html"):  # a public page names neither workbook (their file names are private)
        assert not {path.name, card.name, str(tmp_path)} & set(re.findall(r"[\w/.-]+", published.read_text())), (
            published.name)  # fmt: skip
    if needs_chromium.args[0]:  # no Chromium here
        return
    with browser.chromium() as chromium:
        chromium.open(page.as_uri())
        chromium.call("Emulation.setEmulatedMedia", {"media": "print"})
        rows = "[...document.querySelectorAll('table.scorecard tbody tr')].map(r => r.cells[0].innerText)"
        assert chromium.evaluate(rows) == [str(board) for board in range(1, 9)]


@pytest.mark.slow  # the league site written and printed: five seconds
def test_the_standings_print_landscape_at_full_size(finished_league: tuple[Path, Path], tmp_path: Path) -> None:
    """The league's standings page, with its score after each of seven rounds, prints on a landscape page (as the
    workbook's Standings do) and fits it; each round's page prints portrait and fits that. The standings were laid
    out wider than a portrait page, which a browser shrinks to fit."""
    from . import browser
    from .test_publish import PRINTED_WIDTH, needs_chromium, printed_paper, printed_width

    if needs_chromium.args[0]:
        pytest.skip("needs Chromium")
    path, card = finished_league
    site = tmp_path / "site"
    assert xlbridge("publish", path, "-o", site, "--scorecard", card).status == 0
    landscape = round((29.7 - 2 * 1.5) / 2.54 * 96)  # A4 turned, less the margins
    with browser.chromium() as chromium:
        width, height = printed_paper(chromium, site / "index.html")
        assert width > height
        assert printed_width(chromium, site / "index.html", landscape) <= landscape
        for page in sorted(site.glob("*.html")):
            if page.name != "index.html":
                width, height = printed_paper(chromium, page)
                assert width < height, page.name
                assert printed_width(chromium, page, PRINTED_WIDTH) <= PRINTED_WIDTH, page.name


def test_swiss_shows_its_progress_on_a_terminal_only(tmp_path: Path) -> None:
    """`xlbridge swiss` (seconds for a hundred teams) draws a one-line progress bar while stderr is a terminal:
    reading, drawing, computing and writing, done; and nothing of it into a pipe."""
    path = tmp_path / "swiss.xlsx"
    assert xlbridge("schedule", "swiss", "--teams", 8, "--rounds", 3, "-o", path).status == 0
    first = [row for row, match in read_matches(path) if match.round == 1]
    typed(path, "Matches", {f"{letter(heading)}{row}": imps for row, imps in zip(first, (12, 30, 7, 21), strict=True)
                            for heading in ("Home IMPs", "Away IMPs")})  # fmt: skip
    computed(path)
    status, shown = on_a_terminal(
        [sys.executable, "-m", "xlbridge", "swiss", str(path), "-o", str(tmp_path / "a.xlsx")]
    )
    assert status == 0
    assert "[#####...............] reading swiss.xlsx" in shown
    assert "[##########..........] drawing the next round" in shown
    assert "[###############.....] computing and writing a.xlsx" in shown
    assert "[" + "#" * 20 + "] done" in shown
    piped = xlbridge("swiss", path, "-o", tmp_path / "b.xlsx")
    assert piped.status == 0
    assert "#" not in piped.err
    assert "\r" not in piped.err
