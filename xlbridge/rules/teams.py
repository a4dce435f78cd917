"""How a teams event is run: its schedule, what a bye scores, and how ties in the standings are broken.

The choices of a teams-event workbook's Settings (and of ``xlbridge schedule``), each a registry of named tables
with its source: a schedule says how often two teams may meet (a single round robin once, a double one twice, a
Swiss event never again); a bye rule what a team that sits a round out scores; a tie-break the criteria, in order,
that place teams with equal scores; the entrants who the event's sides are (teams, or the pairs of a Swiss pairs
event) and the words every output calls them by.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from .registry import Registry

__all__ = [
    "BYE_RULES",
    "ENTRANTS",
    "HEAD_TO_HEAD",
    "IMP_DIFFERENCE",
    "IMP_QUOTIENT",
    "PAIRS",
    "SCHEDULES",
    "SWISS",
    "TIE_BREAKS",
    "TIE_BREAK_POINTS",
    "ByeRule",
    "Entrants",
    "Schedule",
    "TieBreak",
]


@dataclass(frozen=True, slots=True)
class Schedule:
    """How the matches of a teams event are drawn: how many times two teams may meet (None: no limit)."""

    name: str
    source: str
    description: str
    meetings: int | None
    #: True for a Swiss event: each round is drawn from the standings (``xlbridge swiss``).
    swiss: bool = False
    aliases: tuple[str, ...] = ()


ROUND_ROBIN = Schedule(
    "Round robin",
    "an all-play-all (round robin): each team plays every other once (EBU White Book 143.7.1(b) calls it "
    "'all-play-all')",
    "every team plays every other once (the default); a second meeting is flagged",
    meetings=1,
    aliases=("ALL-PLAY-ALL", "RR", "SINGLE"),
)
DOUBLE_ROUND_ROBIN = Schedule(
    "Double round robin",
    "a double round robin: each team plays every other twice, at home and away (club leagues; Guelph Bridge Club's "
    "team league describes one)",
    "every team plays every other twice; a third meeting is flagged",
    meetings=2,
    aliases=("DOUBLE", "DRR"),
)
SWISS = Schedule(
    "Swiss",
    "a Swiss event: each round's pairings drawn from the standings, no two teams meeting twice (the Swiss system, "
    "as bridge Swiss teams events run it)",
    "each round drawn from the standings (xlbridge swiss); a second meeting is flagged",
    meetings=1,
    swiss=True,
)

#: Schedules, by the names Settings and ``xlbridge schedule`` use (blank: a round robin).
SCHEDULES: Registry[Schedule] = Registry("schedule", [ROUND_ROBIN, DOUBLE_ROUND_ROBIN, SWISS])


@dataclass(frozen=True, slots=True)
class ByeRule:
    """What a team scores for a round it sits out: a share of a match's total (of 20 VPs, of the boards' board
    points), its own average per match played, or the greater of the two.

    ``kind`` is ``"share"``, ``"average"`` or ``"greater"``; ``share`` the fraction of a match's total for
    ``"share"`` and ``"greater"``.
    """

    name: str
    source: str
    description: str
    kind: str
    share: Fraction | None = None
    aliases: tuple[str, ...] = ()


# No federation's regulation on byes could be read where xlbridge was built (the EBU runs odd numbers of teams in
# triangles, White Book 3.4, rather than with byes): these are the awards club and league rules state, and the
# secretary chooses the one the event's conditions of contest give.
AVERAGE = ByeRule(
    "Average",
    "the team's own average: its score over the matches it played, divided by their number (league conditions of "
    "contest; no federation text was available to read)",
    "the team's average per match it played, to 2 decimals (the default); known once it has played a match",
    kind="average",
    aliases=("AVG", "OWN AVERAGE"),
)
TWELVE = ByeRule(
    "12 VP",
    "a fixed award of 12 VPs of 20 (60%, 18 of 30; 60% of the boards at board-a-match), as league conditions of "
    "contest give it; no federation text was available to read",
    "12 VPs of 20 (60% of a match's total)",
    kind="share",
    share=Fraction(3, 5),
    aliases=("12", "12 VPS", "60%"),
)
GREATER = ByeRule(
    "12 VP or average",
    "the greater of 12 VPs of 20 (60%) and the team's own average, as league conditions of contest give it; no "
    "federation text was available to read",
    "the greater of 12 VPs of 20 and the team's average",
    kind="greater",
    share=Fraction(3, 5),
    aliases=("GREATER", "12 OR AVERAGE", "HIGHER"),
)
DRAW = ByeRule(
    "10 VP",
    "half a match's total (a drawn match: 10 VPs of 20, half the boards at board-a-match); xlbridge's option",
    "10 VPs of 20 (50%: a drawn match)",
    kind="share",
    share=Fraction(1, 2),
    aliases=("10", "10 VPS", "DRAW", "50%"),
)
NOTHING = ByeRule(
    "Nothing",
    "no award: the standings compare totals of the matches played (xlbridge's option)",
    "nothing (0); the team plays one match fewer",
    kind="share",
    share=Fraction(0),
    aliases=("NONE", "0", "ZERO"),
)

#: Bye rules, by the names Settings and ``xlbridge schedule`` use (blank: the team's average).
BYE_RULES: Registry[ByeRule] = Registry("bye rule", [AVERAGE, TWELVE, GREATER, DRAW, NOTHING])

#: The criteria a tie-break may use, by the names the engine computes them under.
HEAD_TO_HEAD = "head-to-head"
TIE_BREAK_POINTS = "tie-break points"
IMP_DIFFERENCE = "IMP difference"
IMP_QUOTIENT = "IMP quotient"


@dataclass(frozen=True, slots=True)
class TieBreak:
    """How teams with equal scores are placed: criteria in order, each applied to the teams still tied; teams a
    criterion separates are placed by it, and those it leaves together start again from the first criterion. A tie
    that no criterion breaks is shared (``3=``)."""

    name: str
    source: str
    description: str
    criteria: tuple[str, ...]
    aliases: tuple[str, ...] = ()


EBU = TieBreak(
    "EBU",
    "EBU White Book 143.7.1: (a) the result of the match between the tied teams, in VPs, then in IMPs; (b) "
    "tie-break points (the sum of the final scores of the team's opponents), never in an all-play-all; (c) the "
    "basic method (IMPs) over all boards; (d) point-a-board count-back needs the boards' results and is not applied",
    "head-to-head (VPs, then IMPs, between the tied teams), then tie-break points (Swiss only), then IMP difference "
    "(the default)",
    (HEAD_TO_HEAD, TIE_BREAK_POINTS, IMP_DIFFERENCE),
    aliases=("WHITE BOOK", "HEAD-TO-HEAD", "ENGLAND"),
)
CBAI = TieBreak(
    "CBAI",
    "Contract Bridge Association of Ireland, Breaking ties in team competitions: (1) the result of the direct "
    "match, VPs then IMPs; (2) the IMP quotient in all matches; (3) the margin against the next highest team both "
    "played is not applied",
    "head-to-head (VPs, then IMPs), then IMP quotient (IMPs won over IMPs lost)",
    (HEAD_TO_HEAD, IMP_QUOTIENT),
    aliases=("IRELAND", "IMP QUOTIENT"),
)
SHARED = TieBreak(
    "Shared",
    "no tie-break: equal scores share their place (EBU White Book 143.4: a tie is split only for a trophy, "
    "qualification or an indivisible prize)",
    "ties stay shared (3=)",
    (),
    aliases=("NONE", "NO TIE-BREAK"),
)

#: Tie-breaks, by the names Settings and ``xlbridge schedule`` use (blank: the EBU's).
TIE_BREAKS: Registry[TieBreak] = Registry("tie-break", [EBU, CBAI, SHARED])


@dataclass(frozen=True, slots=True)
class Entrants:
    """Who plays a teams event's matches, and the words every output calls them by: one entrant (``Team``,
    ``Pair``), the two sides of a match (``Home`` and ``Away``; a pair's table: ``NS`` and ``EW``) and the order
    a match's sides are listed in."""

    name: str
    source: str
    description: str
    one: str
    home: str
    away: str
    order: str
    aliases: tuple[str, ...] = ()

    def side(self, heading: str) -> str:
        """A heading of the teams-event workbook in this event's words (``Home team`` is ``NS pair`` for pairs)."""
        words = heading.split(" ")
        swapped = {"Home": self.home, "Away": self.away, "team": self.one.lower(), "Team": self.one}
        return " ".join(swapped.get(word, word) for word in words)

    def say(self, sentence: str) -> str:
        """A message about the event's matches in this event's words (``away team 9 is not on the list of teams``
        is ``EW pair 9 is not on the list of pairs``); ``Teams``, the sheet's name, stays."""

        def in_text(word: str) -> str:  # Home in a sentence is home; NS stays NS
            return word.lower() if word.istitle() else word

        swapped = {"home": in_text(self.home), "Home": self.home, "away": in_text(self.away), "Away": self.away,
                   "team": self.one.lower(), "teams": f"{self.one.lower()}s"}  # fmt: skip
        return _WORDS.sub(lambda found: swapped[found.group(0)], sentence)


#: The words of a teams event's messages that another kind of entrant says otherwise.
_WORDS = re.compile(r"\b(?:[Hh]ome|[Aa]way|teams?)\b")


TEAMS = Entrants(
    "Teams",
    "a teams event: teams of four (or more) play matches of boards, home and away, as the teams-event workbook "
    "has always scored them (xlbridge's default)",
    "teams of four, each match home and away (the default)",
    one="Team",
    home="Home",
    away="Away",
    order="the home team first",
    aliases=("TEAM",),
)
PAIRS = Entrants(
    "Pairs",
    "a Swiss pairs event: a pair plays each round's boards against one pair, its result IMPed against the room "
    "(EBUScore Swiss Pairs Scorer; the NZ clubs' Swiss pairs), the North-South pair the match's first side",
    "pairs, each round's match at one table, North-South and East-West (xlbridge schedule swiss --pairs)",
    one="Pair",
    home="NS",
    away="EW",
    order="the North-South pair first",
    aliases=("PAIR", "SWISS PAIRS"),
)

#: Who an event's entrants are, by the names Settings uses (blank: teams, as every workbook before Swiss pairs).
ENTRANTS: Registry[Entrants] = Registry("entrants", [TEAMS, PAIRS])
