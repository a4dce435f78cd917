"""A teams event as the engine and the worksheet functions score it: each row checked on its own, byes by the bye
rule, ties broken by the tie-break, figures exact, nothing ever raised out of a function."""

from __future__ import annotations

import logging
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xlbridge import victory_points, wbf_vp
from xlbridge.engine.event import score_event
from xlbridge.engine.matches import Event, EventMatch, Team
from xlbridge.engine.values import hundredths
from xlbridge.excel import event as events
from xlbridge.rules.teams import BYE_RULES, SCHEDULES, TIE_BREAKS

TEAMS = tuple(Team(number, name) for number, name in enumerate(["Seahorses", "Kittiwakes", "Puffins", "Gannets",
                                                                  "Terns"], start=1))  # fmt: skip


def event(**options: object) -> Event:
    given: dict[str, object] = {"name": "League", "teams": TEAMS, "scale": "WBF", "boards": 8, **options}
    return Event(**given)  # type: ignore[arg-type]


def problems(*rows: EventMatch, **options: object) -> list[str]:
    return [figure.problem for figure in score_event(event(**options), rows).matches]


# --- a bad row is that row's problem --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("row", "reason"),
    [
        (EventMatch(None, 1, 2, 8, 10, 3), "round missing"),
        (EventMatch(0, 1, 2, 8, 10, 3), "round 0: rounds are numbered from 1"),
        (EventMatch(1, None, 2, 8, 10, 3), "home team missing (a bye: the team in Home, Away blank or BYE)"),
        (EventMatch(1, 1, 9, 8, 10, 3), "away team 9 is not on the list of teams"),
        (EventMatch(1, 7, 2, 8, 10, 3), "home team 7 is not on the list of teams"),
        (EventMatch(1, 2, 2, 8, 10, 3), "a team cannot play itself"),
        (EventMatch(1, 1, 2, 0, 10, 3), "boards 0: a match has at least 1 board"),
        (EventMatch(1, 1, 2, 8, -3, 4), "home IMPs -3: each team's IMPs are 0 or more (the margin is worked out)"),
        (EventMatch(1, 1, 2, 8, 10, None), "away IMPs missing"),
        (EventMatch(1, 1, None, 8, 10, None, bye=True), "a bye has no IMPs or board points: leave them blank, or "
                                                        "enter the away team"),
        (EventMatch(1, 1, 2, 24, 33, 0), ""),  # WBF covers any length
    ],
)  # fmt: skip
def test_each_row_is_checked_on_its_own(row: EventMatch, reason: str) -> None:
    """The row's reason, and the good rows beside it still scored."""
    good = EventMatch(1, 3, 4, 8, 21, 11)
    scored = score_event(event(), [good, row, good.__class__(2, 3, 5, 8, 5, 5)])
    assert [figure.problem for figure in scored.matches] == ["", reason, ""]
    assert scored.matches[0].home_vps == Fraction(str(wbf_vp(10, 8)))
    assert scored.problems == (1 if reason else 0)


def test_the_schedule_is_checked() -> None:
    """A team twice in a round and a repeat meeting a single round robin does not allow: the later row waits,
    naming the row it clashes with; a double round robin allows the second meeting, not a third."""
    rows = [EventMatch(1, 1, 2, 8, 10, 3), EventMatch(1, 3, 1, 8, 4, 4), EventMatch(2, 2, 1, 8, 5, 6),
            EventMatch(3, 1, 2, 8, 1, 0)]  # fmt: skip
    again = "; if they did play again, type Y in Played again"
    assert problems(*rows) == [
        "",
        "team 1 already plays in round 1 (1 v 2)",
        "teams 2 and 1 already met (round 1): a round robin meets each pair once" + again,
        "teams 1 and 2 already met (round 1): a round robin meets each pair once" + again,
    ]
    assert problems(*rows, schedule="Double round robin")[2:] == [
        "",
        "teams 1 and 2 already met (round 1, 2): a double round robin meets each pair 2 times" + again,
    ]


def test_a_repeat_the_director_confirms_is_counted() -> None:
    """Issue 36: a Swiss's repeat meeting that was played (Played again: Y) is counted in the standings, its VPs
    as any match's; without the word it waits, saying how to give it."""
    first, repeat = EventMatch(1, 1, 2, 8, 10, 3), EventMatch(4, 2, 1, 8, 20, 1)
    waiting = score_event(event(schedule="Swiss"), [first, repeat])
    assert waiting.matches[1].problem.endswith("if they did play again, type Y in Played again")
    counted = score_event(event(schedule="Swiss"), [first, replace(repeat, again=True)])
    assert [figure.problem for figure in counted.matches] == ["", ""]
    assert counted.matches[1].home_vps == Fraction(str(wbf_vp(19, 8)))
    team_two = next(standing for standing in counted.standings if standing.team.number == 2)
    assert team_two.played == 2


def test_played_again_on_a_first_meeting_or_a_bye_is_flagged() -> None:
    """Y on a row that is no repeat (the mark on the wrong row) waits, saying so; on a bye too."""
    marked = replace(EventMatch(1, 1, 2, 8, 10, 3), again=True)
    bye = EventMatch(1, 3, None, bye=True, again=True)
    assert problems(marked, bye, schedule="Swiss") == [
        "Played again Y, but teams 1 and 2 have not met before: leave Played again blank",
        "Played again Y, but a bye is no meeting: leave Played again blank",
    ]


def test_a_team_twice_in_a_round_no_longer_tops_the_standings() -> None:
    """The issue's case: a team typed twice into one round is not counted twice (it came first with 7 matches)."""
    rows = [EventMatch(1, 1, 2, 8, 30, 0), EventMatch(1, 1, 3, 8, 30, 0), EventMatch(1, 4, 5, 8, 20, 0)]
    scored = score_event(event(), rows)
    first = scored.ranking[0]
    assert (first.team.number, first.played) == (1, 1)
    assert scored.problems == 1


def test_half_imps_are_accepted() -> None:
    """A weighted adjusted score gives half IMPs: 21.5-11 is a margin of 10.5, interpolated on the WBF scale."""
    scored = score_event(event(), [EventMatch(1, 1, 2, 8, Fraction(43, 2), 11)])
    figure = scored.matches[0]
    assert figure.margin == Fraction(21, 2)
    assert figure.home_vps == Fraction(str(wbf_vp(Fraction(21, 2), 8)))
    assert figure.home_vps + figure.away_vps == 20


def test_a_drawn_match_without_a_result_does_not_wait() -> None:
    """A schedule's rows before they are played: no figures, no problem, nothing counted."""
    scored = score_event(event(), [EventMatch(1, 1, 2), EventMatch(1, 3, 4, 8, 10, 10)])
    assert [(f.problem, f.scored) for f in scored.matches] == [("", False), ("", True)]
    assert (scored.unplayed, scored.problems, scored.last_round) == (1, 0, 1)


@pytest.mark.parametrize(("scale", "vps"), [("WBF", 16.25), ("ACBL20", 16), ("SBU20", 17)])
def test_the_plain_20_scale_refuses_a_long_match(scale: str, vps: float) -> None:
    """+33 IMPs over 24 boards: 20-0 on the plain 20 scale (a table for up to 8 boards) is refused, naming the
    scales that fit; the scales for the match's length give the issue's figures."""
    refused = problems(EventMatch(1, 1, 2, 24, 33, 0), scale="20")
    assert refused == ["VP scale 20: a table for matches of 1-8 boards, not 24: choose WBF, ACBL20 or SBU20"]
    assert problems(EventMatch(1, 1, 2, 8, 33, 0), scale="20") == [""]
    assert victory_points(33, scale, 24) == vps
    assert score_event(event(scale=scale), [EventMatch(1, 1, 2, 24, 33, 0)]).matches[0].home_vps == vps


def test_a_setting_that_is_no_choice_makes_every_row_wait() -> None:
    """A form or schedule that is none of the registry's: every row says so; nothing raises."""
    scored = score_event(Event(teams=TEAMS, form="Pairs"), [EventMatch(1, 1, 2, 8, 10, 3)])
    assert scored.matches[0].problem.startswith("form 'Pairs': must be one of IMP/VP")
    assert scored.matches[0].problem.endswith("(Settings)")


# --- byes -----------------------------------------------------------------------------------------------------------


def bye_event(rule: str) -> list[Fraction | None]:
    """Team 5's bye in round 2 between a match won by 10 IMPs and one lost by 1 (on 8 boards), by ``rule``."""
    rows = [EventMatch(1, 5, 1, 8, 21, 11), EventMatch(2, 5, None, bye=True), EventMatch(2, 1, 2, 8, 12, 12),
            EventMatch(3, 2, 5, 8, 17, 16)]  # fmt: skip
    scored = score_event(event(bye_rule=rule), rows, rounds=3)
    five = next(line for line in scored.standings if line.team.number == 5)
    assert five.byes == 1
    assert five.bye_rounds == (2,)
    assert scored.matches[1].bye
    return [scored.matches[1].home_vps, *five.running]


@pytest.mark.parametrize(
    ("rule", "award"),
    [("Average", hundredths((Fraction(str(wbf_vp(10, 8))) + Fraction(str(wbf_vp(-1, 8)))) / 2)), ("12 VP", 12),
     ("12 VP or average", 12), ("10 VP", 10), ("Nothing", 0)],
)  # fmt: skip
def test_a_bye_scores_by_the_bye_rule(rule: str, award: Fraction) -> None:
    """Every bye rule of the registry: the award, in the running totals of its round."""
    first, third = Fraction(str(wbf_vp(10, 8))), Fraction(str(wbf_vp(-1, 8)))
    assert bye_event(rule) == [award, first, first + award, first + award + third]


def test_every_bye_rule_is_tested() -> None:
    """The test above walks the whole registry."""
    assert {"Average", "12 VP", "12 VP or average", "10 VP", "Nothing"} == set(BYE_RULES.names())


def test_an_average_bye_before_the_team_has_played() -> None:
    """A bye in round 1 by the team's average waits (scores nothing yet, no problem) until it has played."""
    round_one = [EventMatch(1, 5, None, bye=True), EventMatch(1, 1, 2, 8, 10, 3)]
    scored = score_event(event(), round_one, rounds=1)
    assert (scored.matches[0].problem, scored.matches[0].scored) == ("", False)
    scored = score_event(event(), [*round_one, EventMatch(2, 5, 1, 8, 0, 0)], rounds=2)
    assert scored.matches[0].home_vps == 10


def test_a_bye_drawn_ahead_waits_for_its_round() -> None:
    """A bye in a round whose matches have no result yet scores nothing, and the event is not after that round
    (a schedule drawn to the end was "after round 3" with round 2 unplayed); once one match of the round has its
    result, the bye scores."""
    rows = [EventMatch(1, 5, 1, 8, 21, 11), EventMatch(1, 2, None, bye=True), EventMatch(2, 1, 2),
            EventMatch(2, 3, None, bye=True), EventMatch(3, 4, None, bye=True)]  # fmt: skip
    scored = score_event(event(bye_rule="12 VP"), rows, rounds=3)
    assert [(f.home_vps, f.scored) for f in scored.matches] == [
        (Fraction(str(wbf_vp(10, 8))), True), (12, True), (None, False), (None, False), (None, False)]  # fmt: skip
    assert (scored.last_round, scored.unplayed) == (1, 3)
    assert [line.byes for line in scored.standings] == [0, 1, 0, 0, 0]
    scored = score_event(event(bye_rule="12 VP"), [*rows[:2], EventMatch(2, 1, 2, 8, 5, 5), *rows[3:]], rounds=3)
    assert [f.home_vps for f in scored.matches[3:]] == [12, None]
    assert scored.last_round == 2


def test_a_bye_of_a_round_reached_scores_though_its_matches_wait() -> None:
    """A round whose only match waits with a mistake (negative IMPs), or was postponed while a later round was
    played, keeps its bye: the event has reached it (the bye of such a round once gave nothing, without a word)."""
    wrong = [EventMatch(1, 5, 1, 8, 21, 11), EventMatch(1, 2, None, bye=True), EventMatch(2, 1, 2, 8, -3, 10),
             EventMatch(2, 3, None, bye=True)]  # fmt: skip
    scored = score_event(event(bye_rule="12 VP"), wrong, rounds=2)
    assert scored.matches[2].problem
    assert not scored.matches[2].scored
    assert [(f.home_vps, f.scored) for f in scored.matches[1::2]] == [(12, True), (12, True)]
    postponed = [*wrong[:2], EventMatch(2, 1, 2), wrong[3], EventMatch(3, 4, 5, 8, 9, 9)]
    scored = score_event(event(bye_rule="12 VP"), postponed, rounds=3)
    assert (scored.matches[3].home_vps, scored.matches[3].scored) == (12, True)


def test_a_made_up_bye_team_gets_nothing() -> None:
    """BYE as the away team is a bye (the issue: a made-up Bye team got VPs and a place)."""
    out = events.eventmatches([[1, 1, "", "BYE", "", 8, None, None, None, None],
                               [1, 2, "", 3, "", 8, 10, 10, None, None]],
                              [[1, "A", ""], [2, "B", ""], [3, "C", ""]], "IMP/VP", "WBF", 8, "", "12 VP")  # fmt: skip
    assert out == [["", 12, "", ""], [0, 10, 10, ""]]


# --- ties -----------------------------------------------------------------------------------------------------------


def standings(rows: list[EventMatch], **options: object) -> list[tuple[str, int, str]]:
    scored = score_event(event(**options), rows)
    return [(line.place, line.team.number, line.tie_break) for line in scored.ranking]


def test_head_to_head_breaks_a_tie_between_two() -> None:
    """EBU White Book 143.7.1(a): two teams on equal VPs, placed by their match (VPs): the winner first."""
    rows = [EventMatch(1, 1, 2, 8, 3, 10), EventMatch(2, 1, 3, 8, 17, 10), EventMatch(2, 2, 4, 8, 10, 17)]
    scored = score_event(event(), rows)
    assert [line.score for line in scored.ranking[:2]] == [20, 20]
    assert standings(rows)[:2] == [("1", 2, "head-to-head"), ("2", 1, "head-to-head")]


def test_equal_vps_from_the_match_go_to_its_imps_then_imp_difference() -> None:
    """Teams tied on VPs whose match was drawn (VPs and IMPs): the IMP difference over every match decides
    (143.7.1(c)); both won their other match by more than the blitz, 60 and 70 IMPs."""
    rows = [EventMatch(1, 1, 2, 8, 3, 3), EventMatch(2, 1, 3, 8, 60, 0), EventMatch(2, 2, 4, 8, 70, 0)]
    assert standings(rows)[:2] == [("1", 2, "IMP difference"), ("2", 1, "IMP difference")]


def test_head_to_head_equal_in_vps_goes_to_the_imps_between_them() -> None:
    """143.7.1(a): "if the match was tied in terms of VPs, the Basic method of scoring (IMPs) will decide": in a
    double round robin, 1 beat 2 by 60 and lost by 45, both 20-0 (beyond the blitz): 1 is ahead by 15 IMPs."""
    rows = [EventMatch(1, 1, 2, 8, 60, 0), EventMatch(2, 2, 1, 8, 45, 0)]
    assert standings(rows, schedule="Double round robin")[:2] == [("1", 1, "head-to-head"), ("2", 2, "head-to-head")]


def test_three_teams_tied_all_having_met() -> None:
    """Three teams on equal VPs who all met: their matches between them decide (a mini-league)."""
    rows = [EventMatch(1, 1, 2, 8, 10, 0), EventMatch(2, 2, 3, 8, 10, 0), EventMatch(3, 3, 1, 8, 10, 0)]
    # a circle of wins: equal VPs head-to-head, equal IMP margins: then the IMP difference (all equal): shared
    assert standings(rows)[:3] == [("1=", 1, ""), ("1=", 2, ""), ("1=", 3, "")]


def test_tie_break_registry_orders() -> None:
    """The CBAI's order uses the IMP quotient; Shared breaks nothing; the EBU's tie-break points only in Swiss."""
    rows = [EventMatch(1, 1, 3, 8, 10, 0), EventMatch(1, 2, 4, 8, 30, 20)]  # 1 and 2 tied, never met
    assert standings(rows, tie_break="CBAI")[:2] == [("1", 1, "IMP quotient"), ("2", 2, "IMP quotient")]
    assert standings(rows, tie_break="Shared")[:2] == [("1=", 1, ""), ("1=", 2, "")]
    assert standings(rows)[:2] == [("1=", 1, ""), ("1=", 2, "")]  # IMP difference 10 each
    assert set(TIE_BREAKS.names()) == {"EBU", "CBAI", "Shared"}


def test_tie_break_points_in_a_swiss() -> None:
    """Tie-break points (EBU White Book 143.5.2): in a Swiss, the sum of the opponents' final scores."""
    rows = [EventMatch(1, 1, 3, 8, 10, 0), EventMatch(1, 2, 4, 8, 10, 0), EventMatch(2, 3, 5, 8, 20, 0)]
    # 1 and 2 both beat someone by 10; 1's opponent (3) then won, 2's (4) did not play again
    assert standings(rows, schedule="Swiss")[:3] == [("1", 3, ""), ("2", 1, "tie-break points"),
                                                     ("3", 2, "tie-break points")]  # fmt: skip
    assert standings(rows)[1:3] == [("2=", 1, ""), ("2=", 2, "")]  # not in a round robin


def test_figures_are_exact_to_two_decimals() -> None:
    """Sums of VPs are exact: 3 x 18.83 is 56.49 in the cells, never 56.489999999999995 (the float sum)."""
    rows = [EventMatch(round_number, 1, opponent, 8, 40, 7) for round_number, opponent in ((1, 2), (2, 3), (3, 4))]
    line = next(line for line in score_event(event(), rows, rounds=3).standings if line.team.number == 1)
    assert line.score == 3 * Fraction(str(wbf_vp(33, 8)))
    assert 3 * wbf_vp(33, 8) == 56.489999999999995
    out = events.standings([[r.round, r.home, r.away, r.boards, r.home_imps, r.away_imps, None, None] for r in rows],
                           [[t.number, t.name, ""] for t in TEAMS], "IMP/VP", "WBF", 8, 3)  # fmt: skip
    assert out[1][7] == float(line.score) == 56.49
    assert repr(out[1][7]) == "56.49"
    assert hundredths(Fraction(2, 3)) == Fraction(67, 100)


def test_schedules_registry() -> None:
    assert [schedule.meetings for schedule in SCHEDULES] == [1, 2, 1]


# --- junk never escapes -------------------------------------------------------------------------------------------

junk = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 30),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from(["", "BYE", "bye", "x", "#N/A", "#VALUE!", "21.5", "-", "8", "A+", " 3 "]),
)
match_rows = st.lists(st.lists(junk, min_size=10, max_size=10), min_size=1, max_size=12)
team_rows = st.lists(st.lists(junk, min_size=3, max_size=3), min_size=1, max_size=6)
setting = st.one_of(junk, st.sampled_from(["WBF", "20", "ACBL20", "BAM", "IMP/VP", "Swiss", "12 VP", "CBAI"]))


@settings(max_examples=200, deadline=None)
@given(match_rows, team_rows, setting, setting, junk, setting, setting, setting)
def test_junk_in_the_event_never_fails_a_function(
    matches: list[list[object]], teams: list[list[object]], form: object, scale: object, boards: object,
    schedule: object, bye: object, tie: object,
) -> None:  # fmt: skip
    """Any cells in the matches, teams and settings: every event function answers without failing (a failure is
    logged and would show #VALUE!: that is a bug this test catches)."""
    logger = logging.getLogger("xlbridge")
    records: list[logging.LogRecord] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            records.append(record)

    handler = Keep(logging.ERROR)
    logger.addHandler(handler)
    try:
        events.eventmatches(matches, teams, form, scale, boards, schedule, bye)
        events.standings(matches, teams, form, scale, boards, 5, schedule, bye, tie)
        events.teamsinfo("x", form, scale, matches, teams, boards, 5, schedule, bye, tie)
        events.teamname([[row[1]] for row in matches], teams)
    finally:
        logger.removeHandler(handler)
    assert records == []


def test_nought_imps_is_a_result() -> None:
    """0 IMPs typed is a result (a blank cell of a range is "" or None, never 0), and 0-0 is a drawn match."""
    out = events.eventmatches([[1, 1, "", 2, "", 8, 0, 0, None, None]], [[1, "A", ""], [2, "B", ""]], "IMP/VP", "WBF")
    assert out == [[0, 10, 10, ""]]


def test_half_imps_from_a_usebio_teams_file(tmp_path: Path) -> None:
    """A board's IMPs of 2.5 (a weighted adjusted score) in a USEBIO SWISS_TEAMS file are read exactly and reach
    the workbook; the event is imported as a Swiss one."""
    from xlbridge.files.interchange import import_to_workbook, read_results

    from .test_interchange import TEAMS
    from .workbooks import Book

    path = tmp_path / "teams.xml"
    path.write_text(TEAMS.replace("<IMPS>-3</IMPS>", "<IMPS>-2.5</IMPS>").replace("<IMPS>3</IMPS>", "<IMPS>2.5</IMPS>"))
    result = read_results(path)
    assert result.event is not None
    assert (result.event.matches[0].home_imps, result.event.matches[0].away_imps) == (10, Fraction(5, 2))
    assert result.event.schedule == "Swiss"
    import_to_workbook(result, tmp_path / "teams.xlsx")
    book = Book(tmp_path / "teams.xlsx")
    assert book.value("Matches", "H2") == 2.5
    assert book.value("Matches", "M2") == wbf_vp(Fraction(15, 2), 2)


def test_played_again_in_the_matches_block() -> None:
    """EVENTMATCHES with the Played again column (the eleventh, after the names): y counts a repeat of a Swiss,
    a word that is neither yes nor blank is that row's reason; a block without the column reads as before."""
    teams = [[1, "A", ""], [2, "B", ""]]
    first, repeat = [1, 1, "", 2, "", 8, 10, 3, None, None, None], [4, 2, "", 1, "", 8, 20, 1, None, None, "y"]
    out = events.eventmatches([first, repeat], teams, "IMP/VP", "WBF", 8, "Swiss")
    assert out[1] == [19, wbf_vp(19, 8), wbf_vp(-19, 8), ""]
    maybe = events.eventmatches([first, [*repeat[:-1], "maybe"]], teams, "IMP/VP", "WBF", 8, "Swiss")
    assert maybe[1][3] == "played again 'maybe': Y where the teams did play this repeat meeting, else blank"
    older = events.eventmatches([first[:-1], repeat[:-1]], teams, "IMP/VP", "WBF", 8, "Swiss")
    assert older[1][3].endswith("type Y in Played again")
