"""The command line's commands, each declared once: the module of its family, which adds its options and runs it
(``import`` in :mod:`.results`), its one-line summary (``xlbridge --help``) and its description (``xlbridge COMMAND
--help``), in the order ``xlbridge --help`` lists them.

Standard library only, and nothing else imported: ``xlbridge --help`` (and ``--version``) list the commands from
here without importing what they need (the registries their choices come from, the file formats).
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["COMMANDS", "Command"]


class Command(NamedTuple):
    """A command (or a verb of one: ``bridgemate send``): its family's module, its summary and its description."""

    family: str
    summary: str
    description: str


#: Every command by its name, in the order ``xlbridge --help`` lists them; then the verbs of those that have them.
COMMANDS: dict[str, Command] = {
    "score": Command(
        "scoring",
        "score one contract (both sides, or one declarer)",
        "Score a contract as a traveller does: xlbridge score 4SX -2 --board 2",
    ),
    "addin": Command(
        "scoring",
        "point the classic xlwings add-in at xlbridge (UDF Modules = xlbridge.udfs)",
        "Add xlbridge.udfs to the UDF Modules of an xlwings.conf file; every other setting is kept.",
    ),
    "demo": Command(
        "results",
        "fill the templates with a built-in club session and team match, compute them, print the ranking",
        (
            "The main job on a built-in example: a 9-table Mitchell pairs session and a 16-board team match, "
            "written as workbooks, computed, and the ranking printed."
        ),
    ),
    "calc": Command(
        "results",
        "compute every formula of a workbook without Excel, into a copy of it",
        (
            "Compute a workbook with the formulas engine and the xlbridge functions. The values are written into "
            "a copy of your file; everything else in it stays exactly as it was."
        ),
    ),
    "templates": Command(
        "results",
        "write the blank template workbooks",
        "Write the blank templates: traveller, pairs session, team match, teams event, rubber and Chicago.",
    ),
    "import": Command(
        "results",
        "read club results (USEBIO, PBN or CSV) into a computed pairs-session workbook",
        (
            "Read a results file (USEBIO 1.2 XML, PBN 2.1 with a ScoreTable, or CSV "
            "board,ns,ew,contract,declarer,result[,lead]) into the pairs-session workbook (a teams event into "
            "the teams-event workbook) and compute it. The format is found from the content."
        ),
    ),
    "export": Command(
        "results",
        "write a computed pairs-session workbook out as USEBIO, PBN or the ABF's masterpoint file",
        (
            "Write the session (results, scores, ranking) for the federation (USEBIO) or a website (PBN), or its "
            "masterpoints as the ABF Masterpoint Centre's file (.grn, .red)."
        ),
    ),
    "ranking": Command(
        "results",
        "print the ranking of a computed pairs-session workbook",
        (
            "Print the ranking as the workbook's Ranking sheet shows it (a workbook changed and not computed "
            "since is refused: compute it with xlbridge calc); --handicapped, the handicapped ranking; --strats, "
            "an ACBL stratified game's (each pair's strat and its place in each strat)."
        ),
    ),
    "publish": Command(
        "evening",
        "write a computed pairs-session or teams-event workbook as a results website (static HTML pages)",
        (
            "Write the ranking, a traveller for every board and a personal scorecard for every pair as static "
            "HTML pages (no server, no JavaScript) into a folder, every figure as the workbook shows it; for a "
            "teams event, the standings, each round's matches and the scorecards of the matches given."
        ),
    ),
    "movement": Command(
        "evening",
        "print a movement (Mitchell, Howell and their variants); write its cards, travellers, CSV and session workbook",
        (
            "Generate a movement (who plays whom on which boards, round by round), checked before it is printed: "
            "no pair plays a board twice, no two pairs meet twice, every board is played equally often."
        ),
    ),
    "standings": Command(
        "teams",
        "print the standings of a computed teams-event workbook",
        (
            "Print the standings as the workbook's Standings sheet shows them, in place order (compute it first: "
            "xlbridge calc)."
        ),
    ),
    "schedule": Command(
        "teams",
        "write a teams-event workbook with its round robin (or a Swiss event's first round) drawn",
        (
            "Write a new teams-event workbook with its schedule drawn and computed: a round robin (every two "
            "teams meet once, or twice with --double, home and away alternating; with an odd number a bye a "
            "round), or a Swiss event's first round (then xlbridge swiss draws each next one from the "
            "standings)."
        ),
    ),
    "swiss": Command(
        "teams",
        "add a Swiss event's next round, drawn from its standings (Swiss pairs: after its results)",
        (
            "Add a Swiss event's next round to its workbook, from the current standings: no two teams meet "
            "again, the bye (an odd number) to the lowest-placed team that has not had one, and of the pairings "
            "that allow, the one with the least sum of squared place differences (the top tables closest among "
            "equals), so the leaders meet. The round goes into the first empty rows of Matches and the workbook "
            "is computed again. A Swiss pairs event's round is entered first with --results (the round's results "
            "file, IMPed against the datum: each table's IMPs typed into its match)."
        ),
    ),
    "ladder": Command(
        "evening",
        "a season ladder of players from computed session workbooks",
        (
            "Rank the players of a season: each player's percentage in each session (a pair's percentage is both "
            "its players'; IMP sessions converted by a published rule), the best N sessions averaged, a minimum "
            "to qualify. Players are matched by name, case and spacing ignored; names that may be one player "
            "spelled two ways are reported, not joined (--same joins them)."
        ),
    ),
    "bridgemate": Command(
        "bridgemate",
        "send a session workbook's event to the Bridgemates (BCS 5), and receive the tables' results into it",
        (
            "Run a session workbook's evening on the Bridgemates through Bridgemate Control Software 5's Data "
            "Connector: send the event to the tables, then receive their results into the workbook."
        ),
    ),
    "bridgemate send": Command(
        "bridgemate",
        "",
        (
            "Initialise the event in BCS from a session workbook: its section, tables and movement round by "
            "round (the Movement sheet's, or the standard movement its Results rows are played to), its boards, "
            "the players' names at their seats, the hand records given, and the Bridgemates' settings. BCS "
            "resets the Bridgemates with it. The event is kept beside the workbook (NAME.bridgemate.json) for "
            "receive."
        ),
    ),
    "bridgemate receive": Command(
        "bridgemate",
        "",
        (
            "Read the results entered at the tables since the last receive into the workbook's Results sheet "
            "(new, corrected and erased results, boards not played, the lead), check them as import does, and "
            "compute the workbook. The workbook is replaced whole or not at all; the file it replaces is kept as "
            "NAME-before-receive.xlsx."
        ),
    ),
    "deal": Command(
        "hands",
        "deal random boards into a PBN hand record, with double-dummy tables and par; print the hand records",
        (
            "Deal random boards (every deal equally likely), dealer and vulnerability by board number, into a "
            "PBN hand record with each board's double-dummy table and par (where the solver, the hands extra, is "
            "installed), and optionally as printable hand records. The same --seed deals the "
            "same boards again."
        ),
    ),
    "hands": Command(
        "hands",
        "print each board of a PBN hand record with its double-dummy table and par (as a table or CSV)",
        (
            "Print each board of a PBN hand record with its double-dummy table (the tricks of N, E, S and W in "
            "NT, S, H, D and C) and par: worked out by the solver where it is installed (the hands "
            "extra), and the file's own tags (DoubleDummyTricks, OptimumResultTable, OptimumScore, "
            "ParContract) checked against it; else the file's own tags. Dealer and vulnerability are the file's."
        ),
    ),
}
