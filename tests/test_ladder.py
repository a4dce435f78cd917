"""Season ladders: players (not pairs) across sessions, the best N of M averaged, a minimum to qualify, places shared
like a session's ranking, IMP sessions converted by Young Chelsea's published rule, spellings reported not joined."""

from __future__ import annotations

import csv
import datetime as dt
import io
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from xlbridge import BridgeInputError, score_session
from xlbridge.engine.ladder import LadderSession, SessionResult, ladder_session, name_key, season_ladder
from xlbridge.files.interchange import read_results
from xlbridge.rules import IMP_PERCENT_RULES

from .conftest import BUTLER, HOWELL
from .workbooks import Book

ROOT = Path(__file__).resolve().parent.parent
DEMO_SESSION = ROOT / "xlbridge" / "data" / "demo-session.csv"
DEMO_NAMES = ROOT / "xlbridge" / "data" / "demo-names.csv"


def session(name: str, *results: tuple[tuple[str, ...], float], day: int = 1) -> LadderSession:
    """A matchpointed session of pairs (players, percentage)."""
    pairs = [SessionResult(players, Fraction(str(pct)), boards=24, label=f"pair {i}")
             for i, (players, pct) in enumerate(results, 1)]  # fmt: skip
    return LadderSession(name, date=dt.date(2026, 1, day), results=tuple(pairs))


def test_young_chelseas_rule() -> None:
    """ycbc.co.uk: over 24 boards 60% is +42.5 IMPs and 70% is +85; 1 IMP is 0.2171946% over 26 boards and
    0.20915% over 27."""
    rule = IMP_PERCENT_RULES.default
    assert rule.percentage(Fraction(85, 2), 24) == 60
    assert rule.percentage(85, 24) == 70
    assert rule.percentage(-85, 24) == 30
    assert round(float(rule.percentage(1, 26) - 50), 7) == 0.2171946
    assert round(float(rule.percentage(1, 27) - 50), 5) == 0.20915


def test_a_pairs_percentage_belongs_to_both_players_and_partners_change() -> None:
    """Ann plays with Bob, then with Cath: both sessions are hers; the best 2 of her 3 are averaged."""
    sessions = [
        session("s1", (("Ann", "Bob"), 60), (("Cath", "Dave"), 40)),
        session("s2", (("Ann", "Cath"), 55), (("Bob", "Dave"), 45), day=2),
        session("s3", (("Ann", "Dave"), 45), (("Bob", "Cath"), 52), day=3),
    ]
    ladder = season_ladder(sessions, best=2, minimum=2)
    rows = {row.player: row for row in ladder.rows}
    ann = rows["Ann"]
    assert (ann.scores, ann.counted, ann.played, ann.count) == ((60, 55, 45), (True, True, False), 3, 2)
    assert (ann.total, ann.average, ann.place) == (115, Fraction(115, 2), "1")
    assert [(row.player, row.place, row.average) for row in ladder.rows] == [
        ("Ann", "1", Fraction(115, 2)), ("Bob", "2", Fraction(56)), ("Cath", "3", Fraction(107, 2)),
        ("Dave", "4", Fraction(45)),
    ]  # fmt: skip


def test_minimum_and_ties() -> None:
    """Below the minimum a player is listed after the ranked ones, unplaced; equal averages share a place (2=) and
    the next place counts past them, as in a session's ranking."""
    sessions = [
        session("s1", (("Ann", "Bob"), 60), (("Cath", "Dave"), 50), (("Eve", "Fred"), 40)),
        session("s2", (("Ann", "Cath"), 50), (("Bob", "Dave"), 50), day=2),
    ]
    ladder = season_ladder(sessions, minimum=2)
    shown = [(row.player, row.place, row.average, row.qualified) for row in ladder.rows]
    assert shown == [
        ("Ann", "1=", 55, True), ("Bob", "1=", 55, True), ("Cath", "3=", 50, True), ("Dave", "3=", 50, True),
        ("Eve", "", 40, False), ("Fred", "", 40, False),
    ]  # fmt: skip


def test_names_match_ignoring_case_and_spacing_and_near_spellings_are_reported() -> None:
    """ "hugh  LISLE" is Hugh Lisle; "Hugh Lisle." and "H Lisle" may be, and are reported, not joined; "Player 1" and
    "Player 11" are different players; --same joins a spelling."""
    sessions = [
        session("a.xlsx", (("Hugh Lisle", "Iris Ashby"), 60), (("Player 1", "Player 11"), 40)),
        session("b.xlsx", (("hugh  LISLE", "Iris Ashby"), 50), (("Hugh Lisle.", "H Lisle"), 50), day=2),
    ]
    ladder = season_ladder(sessions)
    players = [row.player for row in ladder.rows]
    assert "hugh  LISLE" not in players
    assert players.count("Hugh Lisle") == 1
    assert {row.player: row.played for row in ladder.rows}["Hugh Lisle"] == 2
    notes = [str(note) for note in ladder.notes]
    assert notes == [
        "'H Lisle' (b.xlsx) and 'Hugh Lisle' (a.xlsx, b.xlsx) may be the same player (an initial for a name): "
        "counted apart",
        "'Hugh Lisle' (a.xlsx, b.xlsx) and 'Hugh Lisle.' (b.xlsx) may be the same player (the same but for spacing "
        "or punctuation): counted apart",
    ]
    joined = season_ladder([sessions[0], session("c.xlsx", (("H Lisle", "Eve Pelham"), 40), day=3)],
                           same={"H LISLE": "hugh lisle"})  # fmt: skip
    assert joined.notes == ()
    assert {row.player: row.played for row in joined.rows}["Hugh Lisle"] == 2


def test_one_name_in_two_pairs_of_a_session_is_refused() -> None:
    """Two pairs of one session naming the same player (after --same) cannot both be that player's."""
    sessions = [session("b.xlsx", (("Hugh Lisle", "Iris Ashby"), 50), (("Hugh Lisle.", "Eve Pelham"), 50))]
    with pytest.raises(BridgeInputError, match=r"b.xlsx: 'Hugh Lisle.' plays in pair 1 and in pair 2"):
        season_ladder(sessions, same={"Hugh Lisle.": "Hugh Lisle"})


def test_bad_counts() -> None:
    """--best and --minimum are whole numbers of sessions, 1 or more."""
    with pytest.raises(BridgeInputError, match="best 0"):
        season_ladder([], best=0)
    with pytest.raises(BridgeInputError, match="minimum 0"):
        season_ladder([], minimum=0)


def test_name_key() -> None:
    assert name_key("  Hugh   LISLE ") == name_key("hugh lisle")


# --- the command, on sessions made by `xlbridge import` from the real sessions and the demo ------------------------


def xlbridge(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "xlbridge", *args], capture_output=True, text=True, cwd=cwd,
                          check=False, timeout=900)  # fmt: skip


#: Names for the Compscore3 sessions' pairs, drawn from the demo's players so that players meet in several sessions
#: with other partners: one spelled with other case and spacing (joined), one with a full stop (reported).
HOWELL_NAMES = """pair,direction,player1,player2
1,,Hugh Lisle,Liam Esher
2,,Iris Ashby,Eve Pelham
3,,Iris Carrow,Rosa Fenwick
4,,Iris Iveson,Kate Zouch
5,,Ann Orme,Fred Yeoman
6,,Jack Norcott,Nick Dunmore
7,,GILL  gedling,Pete Thwaite
8,,Player 15,Player 16
9,,Player 17,Player 18
10,,Player 19,Player 20
11,,Player 21,Player 22
12,,Player 23,Player 24
"""
BUTLER_NAMES = """pair,direction,player1,player2
1,NS,Hugh Lisle,Iris Ashby
2,NS,Liam Esher,Eve Pelham.
3,NS,Ann Orme,Jack Norcott
4,NS,Player 13,Player 14
5,NS,Player 17,Player 18
6,NS,Player 21,Player 22
7,NS,Player 25,Player 26
1,EW,Player 3,Player 4
2,EW,Gill Gedling,Pete Thwaite
3,EW,Player 11,Player 12
4,EW,Player 15,Player 16
5,EW,Player 19,Player 20
6,EW,Player 23,Player 24
7,EW,Player 27,Player 28
"""


@pytest.fixture(scope="module")
def season(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Three sessions imported the way a user does it: the Compscore3 Howell (matchpoints), the Compscore3 Butler
    Mitchell (IMPs) and the demo's Mitchell (matchpoints), named so that players appear in several."""
    folder = tmp_path_factory.mktemp("season")
    (folder / "howell-names.csv").write_text(HOWELL_NAMES, encoding="utf-8")
    (folder / "butler-names.csv").write_text(BUTLER_NAMES, encoding="utf-8")
    for source, names, out in ((HOWELL, "howell-names.csv", "howell.xlsx"), (BUTLER, "butler-names.csv", "butler.xlsx"),
                               (DEMO_SESSION, str(DEMO_NAMES), "demo.xlsx")):  # fmt: skip
        done = xlbridge("import", str(source), "--names", names, "-o", out, cwd=folder)
        assert done.returncode == 0, done.stderr
    return folder


def engine_percentages(folder: Path) -> dict[str, list[Fraction | None]]:
    """Each player's percentage in each session (Howell, Butler, demo: the ladder's date order), by the engine from
    the same files: matchpoint percentages, and Butler IMPs by Young Chelsea's rule."""
    rule = IMP_PERCENT_RULES.default
    out: dict[str, list[Fraction | None]] = {}
    sources = ((HOWELL, folder / "howell-names.csv"), (BUTLER, folder / "butler-names.csv"), (DEMO_SESSION, DEMO_NAMES))
    for index, (source, names) in enumerate(sources):
        imported = read_results(source, names=names).session
        assert imported is not None
        for result in ladder_session(score_session(imported), source.name).results:
            figure = result.percentage if result.imps is None else rule.percentage(result.imps, result.boards)
            for player in result.players:
                out.setdefault(name_key(player), [None, None, None])[index] = figure
    return out


def test_the_season_ladder(season: Path) -> None:
    """`xlbridge ladder` on the three workbooks: every player's percentage in every session as the engine works it
    out from the same files (IMPs converted), the best 2 of 3 averaged, 2 to qualify, places shared on ties."""
    done = xlbridge("ladder", "howell.xlsx", "butler.xlsx", "demo.xlsx", "--best", "2", "--minimum", "2", "--csv",
                    "-o", "ladder.xlsx", cwd=season)  # fmt: skip
    assert done.returncode == 0, done.stderr
    rows = list(csv.DictReader(io.StringIO(done.stdout)))
    want = engine_percentages(season)
    sessions = [heading for heading in rows[0] if heading[:1].isdigit()]
    assert len(sessions) == 3
    for row in rows:
        expected = want[name_key(row["player"])]
        assert [row[heading] for heading in sessions] == ["" if v is None else f"{float(v):.2f}" for v in expected]
        played = [v for v in expected if v is not None]
        counted = sorted(played, reverse=True)[:2]
        assert (int(row["played"]), int(row["counted"])) == (len(played), len(counted))
        assert row["average"] == f"{float(sum(counted) / len(counted)):.2f}"
        assert row["qualified"] == ("yes" if len(played) >= 2 else "no")
    by_player = {row["player"]: row for row in rows}
    hugh = by_player["Hugh Lisle"]  # all three sessions: the worst one not counted
    assert (hugh["played"], hugh["counted"], hugh["not_counted"]) == ("3", "2", "1")
    assert by_player["Gill Gedling"]["played"] == "3"  # "GILL  gedling" on the Howell is the same player
    assert "GILL  gedling" not in by_player
    placed = [(row["place"], float(row["average"])) for row in rows if row["qualified"] == "yes"]
    assert [average for _, average in placed] == sorted((average for _, average in placed), reverse=True)
    assert placed[0][0] in ("1", "1=")
    assert all(row["place"] == "" for row in rows if row["qualified"] == "no")
    assert "'Eve Pelham' (howell.xlsx, demo.xlsx) and 'Eve Pelham.' (butler.xlsx) may be the same player" in done.stderr
    assert "Player 1" not in done.stderr  # numbered names are not misspellings of each other
    assert "3 sessions" in done.stderr


def test_the_ladder_workbook(season: Path) -> None:
    """The ladder workbook holds the same figures: players in place order, each session's percentage (those not
    counted in brackets), the sessions and the notes."""
    done = xlbridge("ladder", "howell.xlsx", "butler.xlsx", "demo.xlsx", "--best", "2", "--minimum", "2", "-o",
                    "season.xlsx", "--title", "Club ladder 2026", cwd=season)  # fmt: skip
    assert done.returncode == 0, done.stderr
    book = Book(season / "season.xlsx")
    assert book.errors() == []
    assert book.value("Ladder", "A1") == "Club ladder 2026"
    assert book.value("Ladder", "A2").startswith("Average of the best 2 of 3 sessions, at least 2 to qualify")
    assert [book.value("Ladder", f"{c}5") for c in "ABCDEF"] == [
        "Place",
        "Player",
        "Played",
        "Counted",
        "Total",
        "Average %",
    ]
    table = xlbridge(
        "ladder", "howell.xlsx", "butler.xlsx", "demo.xlsx", "--best", "2", "--minimum", "2", "--csv", cwd=season
    )
    rows = list(csv.DictReader(io.StringIO(table.stdout)))
    ranked = sum(1 for row in rows if row["qualified"] == "yes")
    assert book.value("Ladder", f"B{6 + ranked}") == "Not yet qualified (fewer than 2 sessions):"
    for offset, row in enumerate(rows):
        at = 6 + offset + (offset >= ranked)  # the ranked players, a line, the others
        assert book.value("Ladder", f"B{at}") == row["player"]
        assert (book.value("Ladder", f"A{at}") or "") == row["place"]
        assert f"{book.value('Ladder', f'F{at}'):.2f}" == row["average"]
        for col, heading in zip("GHI", [h for h in row if h[:1].isdigit()], strict=True):
            shown = book.value("Ladder", f"{col}{at}")
            assert ("" if shown is None else f"{shown:.2f}") == row[heading]
    assert [book.value("Sessions", f"B{r}") for r in (2, 3, 4)] == ["howell.xlsx", "butler.xlsx", "demo.xlsx"]
    assert book.value("Sessions", "E3") == "Butler: IMPs to % (YCBC)"
    assert "may be the same player" in book.value("Notes", "A2")
    styles = book.package.parts["xl/styles.xml"].decode()
    assert '"("0.00")"' in styles.replace("&quot;", '"')  # a percentage not counted shows in brackets
    # the Lite and classic flavours do not matter here: the ladder has no formulas
    assert all("<f>" not in book.package.parts[part].decode() for part in book.package.sheets.values())


def test_same_joins_two_spellings(season: Path) -> None:
    """--same joins a spelling the command reported: the note goes, the player has all her sessions."""
    done = xlbridge("ladder", "howell.xlsx", "butler.xlsx", "demo.xlsx", "--same", "Eve Pelham.=Eve Pelham", "--csv",
                    cwd=season)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "Eve Pelham." not in done.stderr
    rows = {row["player"]: row for row in csv.DictReader(io.StringIO(done.stdout))}
    assert rows["Eve Pelham"]["played"] == "3"


def test_a_session_that_cannot_be_read_is_refused_by_name(season: Path) -> None:
    """A file that is not a computed session workbook (a teams event, a results file, nothing at all) stops the
    ladder with one line naming it, and nothing is written."""
    (season / "notes.txt").write_text("not a workbook")
    assert xlbridge("templates", "--out", "blank", cwd=season).returncode == 0
    for bad, message in (
        ("notes.txt", "notes.txt: "),
        ("missing.xlsx", "missing.xlsx: no such file"),
        ("blank/teams-event.xlsx", "blank/teams-event.xlsx: a teams event, not a pairs session"),
        ("blank/pairs-session.xlsx", "blank/pairs-session.xlsx: has not been computed ("),
        ("howell.xlsx", "howell.xlsx: given twice"),
    ):
        done = xlbridge("ladder", "howell.xlsx", bad, "-o", "refused.xlsx", cwd=season)
        assert done.returncode == 2, bad
        # the real Howell's one doubt (board 15, as Compscore3 scored it) is said, and then the refusal, in one line
        said = [line for line in done.stderr.splitlines() if not line.endswith("(worth a look; not held against the "
                                                                               "session)")]  # fmt: skip
        assert said[0].startswith(f"xlbridge ladder: {message}"), done.stderr
        assert len(said) == 1
        assert not (season / "refused.xlsx").exists()
    done = xlbridge("ladder", "howell.xlsx", "--best", "0", cwd=season)
    assert done.returncode == 2
    assert "--best: '0': must be a whole number, 1 or more" in done.stderr


def test_never_overwrites(season: Path) -> None:
    (season / "taken.xlsx").write_text("mine")
    done = xlbridge("ladder", "howell.xlsx", "-o", "taken.xlsx", cwd=season)
    assert (done.returncode, done.stderr) == (
        2,
        "xlbridge ladder: taken.xlsx: already exists; choose another name (or --force to replace it)\n",
    )
    assert (season / "taken.xlsx").read_text() == "mine"
