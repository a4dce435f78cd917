"""A computed session workbook written for other programs: USEBIO 1.2 or 1.3 (:func:`~.usebio.write_usebio`), PBN 2.1
(:func:`write_pbn`, each board with its traveller and, where the workbook has its deals, the deal and its
analysis) or the federation's masterpoint file (:func:`export_awards`), read by the one reader of a session workbook
(:mod:`xlbridge.files.workbook.session_book`)."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping
from fractions import Fraction
from pathlib import Path

from ...engine.award_files import AwardLines, award_file, award_lines
from ...engine.boards import board_dealer, board_vulnerability
from ...engine.errors import BridgeInputError, OutputError, WorkbookError
from ...engine.masterpoints import masterpoint_scale
from ...engine.members import registered_pairs
from ...engine.session import Line, NotPlayed
from ...engine.standings import SessionScore
from ...engine.values import two_decimals
from ...rules.award_files import AWARD_FILES
from ..outputs import check_output, write_atomically
from ..workbook.session_book import read_session_book
from .common import interchange_score
from .handrecords import PBN_VULNERABLE, Analysis, analysis_lines
from .pbn import MEMBER_COLUMNS, scoring_tag
from .register import read_register_file
from .usebio import DEFAULT_VERSION, write_usebio

__all__ = ["export_awards", "export_session", "write_pbn"]


def export_session(workbook: Path, destination: Path, form: str, replace: bool = False,
                   usebio_version: str = DEFAULT_VERSION) -> SessionScore:  # fmt: skip
    """Write the session of a computed pairs-session workbook as ``USEBIO`` XML (of ``usebio_version``) or
    ``PBN``, never over the workbook, atomically: refused while the workbook is stale, has lines to check, lacks
    results its movement expects, or (USEBIO) holds a session of two sections or more."""
    suffix = {"USEBIO": ".xml", "PBN": ".pbn"}[form]
    check_output(destination, writes=f"{form} text", suffixes=(suffix,), inputs=[workbook], replace=replace)
    book = read_session_book(workbook)
    book.require_complete("exporting")
    sections = book.score.session.sections
    if len(sections) > 1 and form == "USEBIO":  # each file's pairs are one section's numbers: A1 and B1 one pair
        raise WorkbookError(f"{workbook}: a session of {len(sections)} sections ({', '.join(sections)}): {form} "
                            "export writes one section's pairs; not yet for sections (see docs/limits.md)")  # fmt: skip
    if form == "USEBIO":
        book.awards()  # a session its scale cannot award is refused, saying why
        text = write_usebio(book.score, usebio_version)
    else:
        text = write_pbn(book.score, book.hands())
    write_atomically(destination, lambda temporary: temporary.write_text(text, encoding="utf-8", newline="\n"),
                     replace=replace)  # fmt: skip
    return book.score


def export_awards(
    workbook: Path, destination: Path, replace: bool = False, register: Path | None = None
) -> tuple[AwardLines, tuple[str, ...], tuple[str, ...]]:
    """Write the masterpoints of a computed pairs-session workbook as the federation's file of its scale (the ABF's
    ``.grn`` for ABF green, ``.red`` for ABF red: :func:`~xlbridge.engine.award_files.award_lines`), never over the
    workbook, atomically: refused while the workbook is stale, has lines to check or lacks results, when its scale
    awards nothing or has no file, and when ``destination``'s suffix is not the file's (the suffix is the colour
    the centre credits). With the club's member ``register`` the players typed by name alone are numbered from it
    (:func:`~xlbridge.engine.members.registered_pairs`); the visitors it does not know, and the players it gives
    another name, are returned with the lines."""
    suffixes = tuple(file.suffix for file in AWARD_FILES.values())
    inputs = [workbook] if register is None else [workbook, register]
    check_output(destination, writes="a masterpoint file", suffixes=suffixes, inputs=inputs, replace=replace)
    members = None if register is None else read_register_file(register)
    book = read_session_book(workbook)
    book.require_complete("writing its masterpoints")
    try:  # a scale no file carries is said as that, before whether the session can be awarded on it
        award_file(masterpoint_scale(book.mp_scale))
    except BridgeInputError as error:
        raise WorkbookError(f"{workbook}: Settings: {error.message}") from None
    awards = book.awards()
    assert awards is not None  # a scale that awards, on a complete session
    pairs, visitors, misnamed = awards.pairs, tuple[str, ...](), tuple[str, ...]()
    if members is not None:
        registered = registered_pairs(pairs, members)
        pairs, visitors, misnamed = registered.pairs, registered.visitors, registered.misnamed
    try:
        lines = award_lines(awards, pairs)
    except BridgeInputError as error:
        raise WorkbookError(f"{workbook}: {error.message}") from None
    if destination.suffix.lower() != lines.file.suffix:
        raise OutputError(f"{destination}: the session's {awards.scale.name} masterpoints go in the "
                          f"{lines.file.name}, whose name ends in {lines.file.suffix} (the ending says the colour "
                          f"the centre credits): {destination.with_suffix(lines.file.suffix).name}")  # fmt: skip
    text = "".join(f"{line}\r\n" for line in lines.lines)  # plain ASCII lines, as Notepad saves them
    write_atomically(destination, lambda temporary: temporary.write_bytes(text.encode("ascii")), replace=replace)
    return lines, visitors, misnamed


#: What PBN 2.1 does not allow in a string (as PGN, whose strings it takes: printing characters only): tab,
#: newline and every other control, and the line and paragraph separators, which a reader may take for the end of
#: a line. Each is written as a space.
NOT_IN_A_STRING = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")
#: What makes a table's field a string to quote: white space, a quote or a backslash, or, first, what starts a
#: tag, a comment or an escape line (a row's first field is a number, but a reader must not be asked to know it).
_QUOTED = re.compile(r'[\s"\\]|^[\[%;{]')


def pbn_string(value: object) -> str:
    """A text as the inside of a PBN string (PBN 2.1, its strings as PGN's): each character it does not allow a
    space (:data:`NOT_IN_A_STRING`), a backslash and a quote each after a backslash."""
    text = NOT_IN_A_STRING.sub(" ", "" if value is None else str(value))
    return text.replace("\\", "\\\\").replace('"', '\\"')


def _quote(value: object) -> str:
    """A field of a table's row: ``-`` for nothing, a string where it must be one (:data:`_QUOTED`, or ``-``
    itself), else as it is."""
    text = pbn_string(value)
    if text == "":
        return "-"
    return f'"{text}"' if text == "-" or _QUOTED.search(text) else text


def write_pbn(score: SessionScore, deals: Mapping[int, Analysis] | None = None) -> str:
    """PBN 2.1 for a scored session: a game per board with its ScoreTable; the TotalScoreTable on the first. A
    board of ``deals`` (the workbook's Hands sheet) has its deal, dealer, vulnerability and analysis too. A session
    of two sections or more has a Section column in both tables (PBN 2.1 §5.9-5.10): each line and each pair with
    its section, every section's lines of a board in its one ScoreTable, each pair's Rank its place in the whole
    field (:attr:`~xlbridge.engine.standings.SessionScore.overall`), as :func:`~.pbn.read_pbn` reads it back."""
    session = score.session
    imp = session.method.imp_scoring
    mitchell = session.field_kind.two_fields
    date = session.date.strftime("%Y.%m.%d") if isinstance(session.date, dt.date) else "????.??.??"
    out = ["% PBN 2.1", "% EXPORT", "% written by xlbridge", ""]
    score_kind = "IMP" if imp else "MP"
    sectioned = len(session.sections) > 1
    section = ["Section"] if sectioned else []
    overall = {standing.pair: standing.place for standing in score.overall}
    for position, number in enumerate(session.boards):
        tags = [
            ("Event", session.event), ("Site", ""), ("Date", date), ("Board", str(number)),
            ("West", ""), ("North", ""), ("East", ""), ("South", ""),
            ("Dealer", board_dealer(number).value), ("Vulnerable", board_vulnerability(number).value),
            ("Deal", ""), ("Scoring", scoring_tag(session.method)),
            ("Declarer", ""), ("Contract", ""), ("Result", ""),
        ]  # fmt: skip
        analysis = (deals or {}).get(number)
        if analysis is not None:  # the hand record's dealer and vulnerability, which the par depends on
            record = analysis.record
            tags[8:11] = [("Dealer", record.dealer.value), ("Vulnerable", PBN_VULNERABLE[record.vulnerability]),
                          ("Deal", record.deal.pbn(record.dealer))]  # fmt: skip
        out.extend(f'[{name} "{pbn_string(value)}"]' for name, value in tags)
        out += analysis_lines(analysis) if analysis is not None else []
        if position == 0:
            numbered = any(pair.members for pair in session.pairs)  # the members' columns where there are numbers
            columns = ["Rank", *section, "PairId", "Direction", f"TotalScore{score_kind}", "TotalPercentage", "Names",
                       *(MEMBER_COLUMNS if numbered else ())]  # fmt: skip
            out.append(f'[TotalScoreTable "{";".join(columns)}"]')
            for pair, standing in zip(session.pairs, score.standings, strict=True):
                side = pair.direction
                shown = {"NS": "N-S", "EW": "E-W"}[side.value] if mitchell and side is not None else ""
                # a number as a string, as Ruter writes it: a reader keeps its leading zeros
                members = [f'"{pbn_string(member)}"' if member else "-" for member in
                           [*pair.members, "", ""][: len(MEMBER_COLUMNS)]] if numbered else []  # fmt: skip
                out.append(" ".join([*(_quote(value) for value in (
                    overall[pair], *([pair.section] if sectioned else []), pair.number, shown,
                    _points(standing.total), _points(standing.percentage),
                    pair.names,
                )), *members]))  # fmt: skip
        columns = [*section, "PairId_NS", "PairId_EW", "Contract", "Declarer", "Result", "Lead", "Score_NS", "Score_EW",
                   f"{score_kind}_NS", f"{score_kind}_EW"]  # fmt: skip
        out.append(f'[ScoreTable "{";".join(columns)}"]')
        for index in score.traveller(number):
            line = session.lines[index]
            if isinstance(line, NotPlayed):  # PBN has no form for a board not played at a table: no line
                continue
            assert isinstance(line, Line)  # a workbook with lines to check is not exported
            ns_points, ew_points = (_points(value) for value in (score.lines[index].ns_points,
                                                                   score.lines[index].ew_points))  # fmt: skip
            fields: list[object]
            if line.play is None:
                fields = [line.ns, line.ew, "", "", "", line.lead, interchange_score(line), "", ns_points, ew_points]
            else:
                contract, played = line.play.contract, line.score
                assert isinstance(played, int)
                fields = [line.ns, line.ew, "PASS" if contract.passed_out else str(contract), line.declarer_text,
                          "" if contract.passed_out else line.play.tricks, line.lead, played if played >= 0 else "",
                          -played if played < 0 else "", ns_points, ew_points]  # fmt: skip
            out.append(" ".join(_quote(value) for value in ([line.section] if sectioned else []) + fields))
        out.append("")
    return "\n".join(out)


def _points(value: object) -> str:
    """A figure as PBN writes it: whole numbers as they are, others to 2 decimals."""
    if isinstance(value, (int, float, Fraction)) and not isinstance(value, bool):
        number = float(value)
        return str(int(number)) if number.is_integer() else two_decimals(number)
    return "" if value is None or isinstance(value, BridgeInputError) else str(value)
