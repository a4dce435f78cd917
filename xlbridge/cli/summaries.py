"""Each command's one-line summary, in the order ``xlbridge --help`` lists them.

They are kept apart from the commands' options so that ``xlbridge --help`` (and ``--version``) can list the
commands without importing what the commands need (the registries their choices come from, the file formats).
Standard library only, and nothing else imported.
"""

from __future__ import annotations

__all__ = ["SUMMARIES"]

SUMMARIES: dict[str, str] = {
    "score": "score one contract (both sides, or one declarer)",
    "addin": "point the classic xlwings add-in at xlbridge (UDF Modules = xlbridge.udfs)",
    "demo": "fill the templates with a built-in club session and team match, compute them, print the ranking",
    "calc": "compute every formula of a workbook without Excel, into a copy of it",
    "templates": "write the blank template workbooks",
    "import": "read club results (USEBIO, PBN or CSV) into a computed pairs-session workbook",
    "export": "write a computed pairs-session workbook out as USEBIO or PBN",
    "ranking": "print the ranking of a computed pairs-session workbook",
    "publish": "write a computed pairs-session or teams-event workbook as a results website (static HTML pages)",
    "movement": "print a Mitchell or Howell movement; write its cards, travellers, CSV and pre-filled session workbook",
    "standings": "print the standings of a computed teams-event workbook",
    "schedule": "write a teams-event workbook with its round robin (or a Swiss event's first round) drawn",
    "swiss": "add a Swiss teams event's next round, drawn from its standings",
    "ladder": "a season ladder of players from computed session workbooks",
    "bridgemate": "send a session workbook's event to the Bridgemates (BCS 5), and receive the tables' results into it",
    "deal": "deal random boards into a PBN hand record, with double-dummy tables and par; print the hand records",
    "hands": "print each board of a PBN hand record with its double-dummy table and par (as a table or CSV)",
}
