"""The EBU's local (black) points: each level's scale (Club to National), the places paid by the boards played and
the full tables, ties shared and rounded up, the limits (one field, 6 pairs); and xlbridge's awards against Debian
salliere's (`salliere --mpscale=LEVEL ... localpoint`) on random sessions of 3 to 30 tables, on every scale."""

from __future__ import annotations

import csv
import io
import random
import shutil
import subprocess
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

import xlbridge
from xlbridge import BridgeInputError, Pair, Session, read_line, score_session
from xlbridge.engine.masterpoints import paid_places, place_awards
from xlbridge.engine.movements import howell, mitchell
from xlbridge.excel.functions import FUNCTIONS
from xlbridge.rules import MASTERPOINT_SCALES
from xlbridge.rules.masterpoints import (
    EBU_CLUB,
    EBU_COUNTY,
    EBU_DISTRICT,
    EBU_LOCAL_SCALES,
    EBU_NATIONAL,
    MasterpointScale,
)

from .safety import xlbridge as command
from .test_masterpoints import column, played

MASTERPOINTS = FUNCTIONS["MASTERPOINTS"]
SALLIERE = Path("/usr/games/salliere")
needs_salliere = pytest.mark.skipif(
    shutil.which("java") is None or not SALLIERE.is_file(), reason="needs Debian's salliere: apt-get install salliere"
)


def points(*awards: int) -> tuple[Decimal, ...]:
    """Local points as xlbridge gives them, in master points (12 local points are 0.12)."""
    return tuple(Decimal(award).scaleb(-2) for award in awards)


# (what, scale, tables, boards, pairs placed, each paid place's local points)
LADDERS = [
    ("12-17 boards: a quarter of 12 pairs, 3 places", EBU_CLUB, 6, 16, 12, (18, 12, 6)),
    ("18-35 boards: a third of 12 pairs, 4 places", EBU_CLUB, 6, 24, 12, (24, 18, 12, 6)),
    ("36 boards or more: a half of 12 pairs, 6 places", EBU_CLUB, 6, 36, 12, (36, 30, 24, 18, 12, 6)),
    ("a half table is ignored: 13 pairs are 6 tables", EBU_CLUB, 6.5, 24, 13, (24, 18, 12, 6)),
    ("fewer than 12 boards earn nothing", EBU_CLUB, 6, 11, 12, ()),
    ("the most an award may be, 12-17 boards: 75", EBU_CLUB, 30, 16, 60, (75, 75, 75, *range(72, 0, -6))),
    ("district: 9 a place", EBU_DISTRICT, 4, 24, 8, (27, 18, 9)),
    ("county: 12 a place; 19 tables, a third: 13 places (the handbook's 13)", EBU_COUNTY, 19, 27, 38,
     tuple(12 * k for k in range(13, 0, -1))),
    ("national, 12-17 boards: at most 300", EBU_NATIONAL, 30, 12, 60, (300, 300, 300, *range(288, 0, -24))),
]  # fmt: skip


@pytest.mark.parametrize(("what", "scale", "tables", "boards", "field", "expected"), LADDERS,
                         ids=[row[0] for row in LADDERS])  # fmt: skip
def test_each_paid_place(what: str, scale: object, tables: float, boards: int, field: int,
                         expected: tuple[int, ...]) -> None:  # fmt: skip
    """Each paid place's local points: the last paid place the scale's step, each above it a step more, to the
    band's most; the places paid a share of the pairs the full tables seat, by the boards played."""
    assert place_awards(scale, tables, 1, field, boards=boards) == points(*expected), what
    assert paid_places(scale, tables, 1, field, boards=boards) == len(expected)


# (what, the places of a ranking, each place's local points) in a 6-table Howell of 24 boards on the Club scale
# (24, 18, 12, 6 paid)
TIES = [
    ("two pairs tied for 1st share 24 + 18", ["1=", "1=", 3, 4, 5, 6], (21, 21, 12, 6, 0, 0)),
    ("a share rounded up to a whole point: (18 + 12 + 6) / 3 = 12; (24 + 18 + 12) / 3 = 18",
     [1, "2=", "2=", "2=", 5, 6], (24, 12, 12, 12, 0, 0)),
    ("a share rounded up: (12 + 6 + 0) / 3 = 6; (18 + 12) / 2 = 15", [1, "2=", "2=", "4=", "4=", "4="],
     (24, 15, 15, 6, 6, 6)),
    ("a tie across the last paid place: (6 + 0) / 2 = 3, raised to the step, 6", [1, 2, 3, "4=", "4=", 6],
     (24, 18, 12, 6, 6, 0)),
    ("(12 + 6 + 0 + 0) / 4 = 4.5, rounded up to 5, raised to 6", [1, 2, "3=", "3=", "3=", "3="],
     (24, 18, 6, 6, 6, 6)),
    ("seven places tied for 1st in 12 pairs: (24 + 18 + 12 + 6) / 7 = 8.57, 9", [*["1="] * 7, 8, 9, 10, 11, 12],
     (9,) * 7 + (0,) * 5),
]  # fmt: skip


@pytest.mark.parametrize(("what", "places", "expected"), TIES, ids=[row[0] for row in TIES])
def test_ties_share_rounded_up(what: str, places: list[object], expected: tuple[int, ...]) -> None:
    """Pairs tied for a place share the local points of the places they cover (an unpaid place adds nothing),
    rounded up to a whole point and never below the step."""
    assert xlbridge.award_places(places, "EBU club", 6, boards=24) == list(points(*expected)), what


def test_every_level_by_each_name() -> None:
    """The five levels are in the registry, by name and by the EBU's letter (EBU A to E); each level is the Club
    scale 1.5, 2, 3 and 4 times over (a district's 112.5 made 113)."""
    levels = ["Club", "District", "County", "Regional", "National"]
    assert [MASTERPOINT_SCALES.find(f"EBU {level}") for level in levels] == list(EBU_LOCAL_SCALES)
    assert [MASTERPOINT_SCALES.find(f"ebu {letter}") for letter in "ABCDE"] == list(EBU_LOCAL_SCALES)
    assert MASTERPOINT_SCALES.find("EBU") is EBU_CLUB
    club = EBU_CLUB.local
    assert club is not None
    for scale, times in zip(EBU_LOCAL_SCALES, (1, Fraction(3, 2), 2, 3, 4), strict=True):
        local = scale.local
        assert local is not None
        assert local.step == club.step * times
        assert [band.most for band in local.bands] == [-(-band.most * times // 1) for band in club.bands]


def test_a_two_winner_movement_is_refused() -> None:
    """A Mitchell's two fields are not awarded on the EBU's scales (its two-winner scales were not available):
    refused with the reason, from a scored session and from places."""
    session = played(mitchell(6, 4))
    with pytest.raises(BridgeInputError, match=r"masterpoints EBU club: the EBU's local points are awarded here to "
                                               r"one field .* award its two fields by hand"):  # fmt: skip
        xlbridge.masterpoints(score_session(session), "EBU club")
    with pytest.raises(BridgeInputError, match=r"to one field"):
        xlbridge.award_places([1, 2, 3, 1, 2, 3], "EBU club", 3, 2, ["NS"] * 3 + ["EW"] * 3, boards=24)


def test_fewer_than_six_pairs_are_refused() -> None:
    """A field of 5 pairs is not awarded (salliere: "Must have at least 6 competitors"); 6 are."""
    with pytest.raises(BridgeInputError, match=r"5 pairs placed; the EBU awards local points to a field of 6 pairs"):
        xlbridge.award_places([1, 2, 3, 4, 5], "EBU club", 2.5, boards=24)
    assert xlbridge.award_places([1, 2, 3, 4, 5, 6], "EBU club", 3, boards=24) == list(points(12, 6, 0, 0, 0, 0))


def test_the_boards_are_needed() -> None:
    """The band depends on the boards played: without them the awards are refused, with the reason."""
    with pytest.raises(BridgeInputError, match=r"the EBU's local points depend on the boards played: give the boards "
                                               r"\(12 or more earn points\)"):  # fmt: skip
        xlbridge.award_places([1, 2, 3, 4, 5, 6], "EBU club", 3)
    with pytest.raises(BridgeInputError, match=r"boards 0: the boards played, from 1"):
        xlbridge.award_places([1, 2, 3, 4, 5, 6], "EBU club", 3, boards=0)


def test_masterpoints_on_the_sheet() -> None:
    """MASTERPOINTS takes the boards played last: a 7-table Howell of 26 boards on the Club scale pays 5 places
    (30 to 6 local points, shown as 0.30 to 0.06 master points); without the boards, #VALUE! and, with CHECK, why."""
    places = column(*range(1, 15))
    shown = MASTERPOINTS(places, 7, "EBU club", None, None, None, 26)
    assert [row[0] for row in shown] == [0.30, 0.24, 0.18, 0.12, 0.06, *[0.0] * 9]
    assert MASTERPOINTS(column(1, 2, 3, 4, 5, 6), 3, "EBU club") == column(*["#VALUE!"] * 6)
    why = MASTERPOINTS(column(1, 2, 3, 4, 5, 6), 3, "EBU club CHECK")
    assert why[0][0].startswith("masterpoints EBU club: the EBU's local points depend on the boards played")


def test_a_scored_howell_on_every_level() -> None:
    """A 7-table Howell of 26 boards (a third of 14 pairs: 5 places) scored and awarded: the ranking's places, the
    boards the session has, each level's ladder."""
    session = played(howell(7, 2))
    scored = score_session(session)
    assert scored.boards == 26
    for scale in EBU_LOCAL_SCALES:
        awards = xlbridge.masterpoints(scored, scale)
        assert awards.paid == {1: 5}
        local = scale.local
        assert local is not None
        ladder = place_awards(scale, 7, 1, 14, boards=26)
        assert len(ladder) == 5
        for standing in scored.standings:
            award = awards.of(standing.pair)
            assert award is not None
            if not standing.place.endswith("=") and int(standing.place) <= 5:
                assert award == ladder[int(standing.place) - 1]
            assert award == 0 or award * 100 >= local.step


# --- against Debian salliere ----------------------------------------------------------------------------------------

#: Contracts drawn for a random session (few, so that ties come often), with the tricks over or under.
DRAWN = [("4S", "N"), ("3NT", "S"), ("2H", "E"), ("1NT", "W"), ("3C", "N")]


def random_session(seed: int) -> tuple[Session, str, str]:
    """A session of 6 to 61 pairs (3 to 30 full tables; an odd number has a sit-out each round), each round a new
    opponent (a round robin cut short), every table playing the round's boards (2 to 4 a round, 8 to 45 boards in
    all), who sits NS drawn at each table: the session, and salliere's boards and names files of it."""
    draw = random.Random(seed)
    count = draw.randint(6, 61)
    per_round = draw.choice([2, 3, 4])
    slots: list[int | None] = [*range(1, count + 1), *([None] if count % 2 else [])]
    most = min(len(slots) - 1, 45 // per_round)
    rounds = draw.randint(min(most, -(-8 // per_round)), most)
    lines, rows = [], []
    for round_ in range(rounds):
        turned = [slots[0], *slots[1:][round_:], *slots[1:][:round_]]
        tables = [(turned[i], turned[-1 - i]) if draw.random() < 0.5 else (turned[-1 - i], turned[i])
                  for i in range(len(turned) // 2)]  # fmt: skip
        for board in range(round_ * per_round + 1, (round_ + 1) * per_round + 1):
            for ns, ew in tables:
                if ns is None or ew is None:
                    continue
                contract, declarer = draw.choice(DRAWN)
                over = draw.choice([-1, 0, 0, 1])
                tricks = 6 + int(contract[0]) + over
                lines.append(read_line(board, ns, ew, contract, declarer, "=" if not over else f"{over:+d}"))
                rows.append(f"{board},{ns},{ew},{contract},{declarer},{tricks}")
    names = "".join(f"{number},Player {2 * number - 1},Player {2 * number}\n" for number in range(1, count + 1))
    pairs = [Pair(number) for number in range(1, count + 1)]
    return Session.of(pairs=pairs, lines=lines, field_kind="Howell"), "\n".join(rows) + "\n", names


def salliere_points(boards: str, names: str, level: str, folder: Path) -> dict[int, int]:
    """Each pair's local points as salliere awards them (`score matchpoint total localpoint` on the files)."""
    (folder / "boards.csv").write_text(boards)
    (folder / "names.csv").write_text(names)
    done = subprocess.run(["java", "-jar", str(SALLIERE), f"--mpscale={level}", "score", "matchpoint", "total",
                           "localpoint", "--", "boards.csv", "names.csv"], cwd=folder, capture_output=True,
                          text=True, check=False, timeout=300)  # fmt: skip
    assert done.returncode == 0, done.stderr
    with (folder / "names.csv").open(newline="") as read:
        return {int(row[0]): int(float(row[5] or 0)) for row in csv.reader(read) if row}


def xlbridge_points(session: Session, scale: object) -> dict[int, int]:
    """Each pair's award as xlbridge gives it, in local points (0.12 is 12)."""
    awards = xlbridge.masterpoints(score_session(session), scale)
    return {int(str(pair.number)): int((award or 0) * 100) for pair, award in awards.by_pair.items()}


#: Each scale and the level salliere's --mpscale names it by.
LEVELS = list(zip(EBU_LOCAL_SCALES, ("Club", "District", "County", "Regional", "National"), strict=True))


@needs_salliere
@pytest.mark.slow
@pytest.mark.parametrize(("scale", "level"), LEVELS, ids=[level for _, level in LEVELS])
def test_local_points_agree_with_salliere(scale: MasterpointScale, level: str, tmp_path: Path) -> None:
    """On 8 random sessions of 3 to 30 tables for each level (seeded: the same sessions each run), xlbridge's
    local points are salliere's, pair for pair, ties and the boards' bands included."""
    for seed in range(8):
        session, boards, names = random_session(EBU_LOCAL_SCALES.index(scale) * 100 + seed)
        ours = xlbridge_points(session, scale)
        assert ours == salliere_points(boards, names, level, tmp_path), seed
        assert len(ours) >= 6


@needs_salliere
@pytest.mark.slow
def test_import_and_ranking_give_salliere_s_points(tmp_path: Path) -> None:
    """salliere's own boards file (16 pairs, 42 boards) imported with `--masterpoints "EBU county"`: `xlbridge
    ranking --csv` gives each pair salliere's local points in master points (120 is 1.20)."""
    session, boards, names = random_session(21)
    theirs = salliere_points(boards, names, "County", tmp_path)
    (tmp_path / "session.csv").write_text(boards)
    imported = command("import", tmp_path / "session.csv", "-o", tmp_path / "session.xlsx", "--masterpoints",
                       "EBU county")  # fmt: skip
    assert imported.status == 0, imported.err
    assert "  masterpoints: EBU county, as --masterpoints says\n" in imported.out
    ranking = command("ranking", tmp_path / "session.xlsx", "--csv")
    assert ranking.status == 0, ranking.err
    shown = {int(row["pair"]): row["masterpoints"] for row in csv.DictReader(io.StringIO(ranking.out))}
    assert shown == {pair: str(Decimal(points).scaleb(-2)) for pair, points in theirs.items()}
    assert len(session.pairs) == 16
    assert sum(1 for points in theirs.values() if points) == 9  # 36+ boards: 8 places, a tie across the 8th
