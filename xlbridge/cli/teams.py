"""The teams evening: ``schedule`` draws a round robin (or a Swiss event's first round) into a new teams-event
workbook, ``swiss`` adds a Swiss event's next round from its standings."""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

from ..engine.choices import choose
from ..engine.draw import swiss_round
from ..engine.errors import BridgeInputError
from ..engine.matches import Event, EventMatch, Team
from ..engine.scales import vp_scale, vp_scales
from ..files.workbook.event import (
    enter_results,
    read_team_names,
    row_span,
    schedule_event,
    swiss_next,
    write_schedule,
)
from ..files.workbook.standings import read_standings
from ..rules import TEAMS_FORMS
from ..rules.teams import BYE_RULES, ENTRANTS, TIE_BREAKS, Entrants
from .arguments import (
    Commands,
    Progress,
    choice,
    command,
    count,
    escaped,
    flag,
    listed,
    output_or_in_place,
    positive,
    report_arguments,
    show,
)

__all__ = ["add_schedule", "add_standings", "add_swiss"]

#: The kinds of schedule ``xlbridge schedule`` draws.
KINDS = ("round-robin", "swiss")


def _teams(args: argparse.Namespace) -> list[Team]:
    """The event's entrants: named by --names, else numbered (Team 1, ... or, with --pairs, Pair 1, ...)."""
    if args.teams is not None and args.pairs is not None:
        raise BridgeInputError("--teams or --pairs, not both: a Swiss pairs event is drawn as a teams event is")
    given, option = (args.pairs, "--pairs") if args.pairs is not None else (args.teams, "--teams")
    named = read_team_names(Path(args.names)) if args.names else None
    if named is not None and given is not None and given != len(named):
        raise BridgeInputError(f"{option} {given}, but {args.names} names {count(len(named), _entrant(args))}")
    number = given if named is None else len(named)
    if number is None:
        raise BridgeInputError("how many teams? give --teams N (or --pairs N), or --names TEAMS.csv")
    if number < 2:
        given_as = f"{args.names} names {count(number, _entrant(args))}" if named else f"{option} {number}"
        raise BridgeInputError(f"{given_as}: an event needs at least 2 {_entrant(args)}s")
    return named or [Team(team, f"{_entrants(args).one} {team}") for team in range(1, number + 1)]


def _entrants(args: argparse.Namespace) -> Entrants:
    """Who the event's entrants are: pairs (a Swiss pairs event, --pairs) or teams."""
    return choose(ENTRANTS, "Pairs" if args.pairs is not None else None)


def _entrant(args: argparse.Namespace) -> str:
    """What one of the event's entrants is called in a sentence: pair or team."""
    return _entrants(args).one.lower()


def _label(team: int | None, names: dict[int, str]) -> str:
    return f"{team} {names.get(team or 0, '')}".strip()


def _round_lines(matches: list[EventMatch], names: dict[int, str]) -> list[str]:
    """Each round on a line: its matches, home team first, then the bye."""
    rounds: dict[int, list[str]] = {}
    for match in matches:
        shown = f"bye: {_label(match.home, names)}" if match.bye else (
            f"{_label(match.home, names)} v {_label(match.away, names)}")  # fmt: skip
        rounds.setdefault(match.round or 0, []).append(shown)
    return [f"Round {number}: {'; '.join(shown)}" for number, shown in sorted(rounds.items())]


def _event(args: argparse.Namespace, teams: list[Team], schedule: str, rounds: int | None) -> Event:
    return Event(
        name=args.event or "",
        form=args.form or TEAMS_FORMS.default.name,
        scale=args.scale or "WBF",
        boards=args.boards_per_match,
        teams=tuple(teams),
        schedule=schedule,
        bye_rule=args.bye_rule or "",
        tie_break=args.tie_break or "",
        rounds=rounds,
        entrants=_entrants(args).name,
    )


def _schedule(args: argparse.Namespace) -> int:
    vp_scale(args.scale or "WBF")  # a scale that is none is refused here, not in every row of the workbook
    form = choose(TEAMS_FORMS, args.form)
    if args.pairs is not None and not form.victory_points:
        taken = " or ".join(entry.name for entry in TEAMS_FORMS if entry.victory_points)
        raise BridgeInputError(f"--form {form.name}: a pairs event's match is its pairs' IMPs against the field, "
                               f"converted to VPs: a pairs event takes --form {taken}")  # fmt: skip
    teams = _teams(args)
    names = {team.number: team.name for team in teams}
    if args.kind == "round-robin":
        if args.rounds is not None:
            raise BridgeInputError("--rounds is for a Swiss event: a round robin has as many rounds as it needs")
        event = schedule_event(_event(args, teams, "Double round robin" if args.double else "Round robin", None),
                               double=args.double)  # fmt: skip
        what = f"{'Double round robin' if args.double else 'Round robin'} of {count(len(teams), _entrant(args))}"
    else:
        if args.double:
            raise BridgeInputError("--double is for a round robin")
        if args.rounds is None:
            raise BridgeInputError("how many rounds? give --rounds R for a Swiss event")
        most = len(teams) - 1 if len(teams) % 2 == 0 else len(teams)
        if args.rounds > most:
            entrants = count(len(teams), _entrant(args))
            raise BridgeInputError(f"--rounds {args.rounds}: {entrants} can play at most {most} rounds without two "
                                   f"{_entrant(args)}s meeting again")  # fmt: skip
        event = _event(args, teams, "Swiss", args.rounds)
        first = swiss_round([team.number for team in teams], set(), {}, {}, 1)
        event = replace(event, matches=tuple(first.matches()))
        what = f"Swiss event of {count(len(teams), _entrant(args))}, {count(args.rounds, 'round')} (round 1 drawn)"
    write_schedule(Path(args.output), event, replace=args.force)
    rounds = max((match.round or 0 for match in event.matches), default=0)
    print(f"{what}: {count(rounds, 'round')} drawn, {args.boards_per_match} boards a match -> {args.output}")
    for line in _round_lines(list(event.matches), names):
        print(line)
    return 0


def _swiss(args: argparse.Namespace) -> int:
    if not args.output and not args.in_place:
        raise BridgeInputError("say where to write: -o OUT.xlsx, or --in-place to add the round to the workbook")
    if args.method and not args.results:
        raise BridgeInputError("--method is for a Swiss pairs round's --results")
    if args.redraw and not args.results:
        raise BridgeInputError("--redraw is for a Swiss pairs round's --results entered again")
    output = Path(args.output) if args.output else None
    written = args.workbook if args.in_place else args.output
    # reading; (scoring;) drawing (with --results: or entering); computing and writing; done
    progress = Progress(5 if args.results else 4)
    try:
        if args.results:
            entered = enter_results(Path(args.workbook), Path(args.results), output, args.in_place, args.force,
                                    args.method, progress, args.redraw)  # fmt: skip
            drawn = entered.drawn
        else:
            drawn = swiss_next(Path(args.workbook), output, args.in_place, args.force, progress)
        progress("done")
    finally:
        progress.close()
    if args.results:
        rows = [row for row, _ in entered.matches]
        print(f"Round {entered.round}: {count(len(rows), 'match', 'matches')} scored from {args.results} -> {written}, "
              f"Matches {row_span(rows)}")  # fmt: skip
        for _, match in entered.matches:
            print(f"{match.home} v {match.away}: {_figure(match.home_imps)}-{_figure(match.away_imps)} IMPs "
                  f"({match.boards} boards)")  # fmt: skip
        if drawn is None:
            return 0
    assert drawn is not None
    names = {team.number: team.name for team in drawn.teams}
    pairing = drawn.pairing
    print(f"Round {pairing.round} (from the standings after round {pairing.round - 1}; sum of squared place "
          f"differences {pairing.cost}) -> {written}, Matches {row_span(drawn.rows)}")  # fmt: skip
    for table, (home, away) in enumerate(pairing.tables, start=1):
        print(f"Table {table}: {_label(home, names)} v {_label(away, names)}")
    if pairing.bye is not None:
        print(f"Bye: {_label(pairing.bye, names)}")
    return 0


def _figure(imps: int | Fraction | None) -> str:
    return str(imps) if not isinstance(imps, Fraction) else f"{float(imps):g}"


def _event_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--boards-per-match", type=positive, default=8, metavar="K", help="boards a match (default 8)")
    parser.add_argument("--event", help="the event's name (the standings' title)")
    parser.add_argument("--form", type=choice(TEAMS_FORMS), help=f"scoring: {listed(TEAMS_FORMS)}")
    parser.add_argument("--scale", help="the VP scale: " + ", ".join(scale.name for scale in vp_scales(20))
                        + " (default WBF)")  # fmt: skip
    parser.add_argument("--bye-rule", type=choice(BYE_RULES), help=escaped(f"what a bye scores: {listed(BYE_RULES)}"))
    parser.add_argument("--tie-break", type=choice(TIE_BREAKS), help=f"how ties are broken: {listed(TIE_BREAKS)}")


def add_schedule(commands: Commands) -> None:
    schedule = command(commands, "schedule", _schedule)
    schedule.add_argument("kind", choices=KINDS, help="round-robin or swiss")
    schedule.add_argument("--teams", type=positive, metavar="N", help="how many teams (or as many as --names lists)")
    schedule.add_argument("--pairs", type=positive, metavar="N", help="Swiss pairs: how many pairs (named Pair 1, "
                          "Pair 2...; or as many as --names lists)")  # fmt: skip
    schedule.add_argument("--names", metavar="TEAMS.csv", help="the teams: team,name[,members] (or one name a line)")
    flag(schedule, "--double", "round robin: every two teams meet twice")
    schedule.add_argument("--rounds", type=positive, metavar="R", help="Swiss: how many rounds the event has")
    _event_options(schedule)
    schedule.add_argument("-o", "--output", required=True, metavar="EVENT.xlsx", help="the workbook to write")
    flag(schedule, "--force", "replace the workbook if it exists")


def add_swiss(commands: Commands) -> None:
    swiss = command(commands, "swiss", _swiss)
    swiss.add_argument("workbook", help="the Swiss event's workbook (Schedule: Swiss)")
    output_or_in_place(swiss, "write the workbook with the new round here", "add the round to the workbook itself",
                       "OUT.xlsx")  # fmt: skip
    swiss.add_argument("--results", metavar="ROUND", help="Swiss pairs: the round's results file (any format "
                       "xlbridge import reads): each table's IMPs against the field are entered into its match, "
                       "then the next round is drawn")  # fmt: skip
    swiss.add_argument("--method", help="Swiss pairs: how the round's boards are IMPed, Butler (default) or "
                       "Cross-IMP")  # fmt: skip
    flag(swiss, "--redraw", "Swiss pairs: a round's corrected --results whose next round is drawn and not yet "
         "played: draw that round again from the corrected standings (else it stands, and a note says so)")  # fmt: skip
    flag(swiss, "--force", "replace OUT.xlsx if it exists, or ignore a stale lock")


def _standings(args: argparse.Namespace) -> int:
    standings = read_standings(Path(args.workbook))
    show(standings, args.csv)
    for wait in standings.waits:  # the standings count the rest: each row that waits named, as its Check says
        print(f"xlbridge standings: note: {wait} (the row waits, not counted)", file=sys.stderr)
    if args.csv and standings.waiting:  # the table says so in its third line; CSV has no room for it
        print(f"xlbridge standings: note: {standings.status}", file=sys.stderr)
    return 0


def add_standings(commands: Commands) -> None:
    standings = command(commands, "standings", _standings)
    report_arguments(standings, "a computed teams-event workbook")
