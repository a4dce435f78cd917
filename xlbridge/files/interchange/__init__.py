"""Club result files in and out: USEBIO 1.2, PBN 2.1 and CSV to a computed workbook (a workbook back out:
:mod:`.export`).

:func:`read_results` detects the format from the content and returns the session (or teams event) it holds, worked
out as its workbook will work it out; :func:`import_to_workbook` writes the pairs-session (or teams-event) workbook
with its values.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

from ...engine.checks import in_playing_order
from ...engine.choices import choose, choose_scoring
from ...engine.errors import BridgeInputError, ImportFileError, listed, refusal
from ...engine.members import registered_pairs
from ...engine.movements import Movement
from ...engine.pairs import Pair, PairNumber
from ...engine.pipeline import FieldDecision, decide_field
from ...engine.session import Line, Session, Unscorable, pairs_in
from ...engine.values import count
from ...excel.session_cells import session_result
from ...rules import FIELD_KINDS, MASTERPOINT_SCALES, FieldKind, Side
from ...rules.boards import HIGHEST_BOARD
from ..inputs import read_input
from ..outputs import check_output, write_atomically
from ..templates.layout import session_cells, sizes
from .common import MOST_WAITING, Imported, Problem, detect_format, fail, text_of
from .csvfile import read_csv, read_names
from .handrecords import SessionHands
from .register import read_register_file

__all__ = ["MAX_FILE_BYTES", "MOST_WAITING", "ImportFileError", "Imported", "Problem", "check_import",
           "import_to_workbook", "read_names", "read_names_file", "read_results"]  # fmt: skip

MAX_FILE_BYTES = 64 * 1024 * 1024  # far beyond any club's results: 200 boards x 30 tables of USEBIO is ~5 MB
#: What the workbooks hold: the pairs session's rows of results (it prints a traveller for every board from 1 to
#: HIGHEST_BOARD), the rounds whose standings the teams event shows.
MAX_RESULTS = 20_000
MAX_ROUNDS = 99
#: The most characters an Excel cell holds (Excel's specifications and limits).
MAX_TEXT = 32_767


def read_results(
    path: Path,
    keep_bad: bool = False,
    names: Path | None = None,
    method: str | None = None,
    fields: str | None = None,
    movement_file: Path | None = None,
    handicaps: str | None = None,
    event: str | None = None,
    date: dt.date | None = None,
    masterpoints: str | None = None,
    register: Path | None = None,
    file_scores: bool = False,
) -> Imported:
    """Read a results file (the source) into the session its workbook will hold, and work that session out from
    the workbook's cells (:func:`~xlbridge.excel.session_cells.session_result`: prepared, checked and scored once,
    as the workbook's own formulas will). Every bad line is found, in one reading: without ``keep_bad`` they are
    refused together (:class:`ImportFileError`, its ``details`` a line for each, in the file's order); with it each
    is kept, as far as it could be read, and listed in ``problems``. ``names`` is a names CSV (with handicaps if it
    has them, the players' made into the pair's by ``handicaps``); ``event`` and ``date`` name the event where the
    file does not (a CSV) or otherwise; ``masterpoints`` is the scale the session is awarded on (by default a
    USEBIO file's own, when the registry has it; see :func:`~xlbridge.files.interchange.awards.masterpoint_notes`);
    ``register`` is the club's member register (:mod:`.register`), which names the players typed by number and
    numbers those typed by name (:func:`~xlbridge.engine.members.registered_pairs`; the visitors in ``visitors``).
    With ``file_scores`` a USEBIO line whose SCORE is not its contract's is scored by its SCORE, as the file's
    program scored it (an assigned score to North-South; each said in ``warnings`` with its contract).

    Every session's lines are checked against each other (a line entered twice, a pair playing a board twice or
    meeting itself, NS and EW swapped within a meeting), against the list of pairs (``names``, or the file's own:
    a result for a pair not on it; in two fields a pair is its number and its direction) and, given
    ``movement_file`` (the CSV of ``xlbridge movement --csv``), against the movement (pairs that do not play the
    board, a line missing, boards outside the session), which the workbook then carries. One field or two is
    decided once (:func:`~xlbridge.engine.pipeline.decide_field`: ``fields``, one or two, when given;
    else the movement file's, the names' or the file's own directions, or what the lines show), said with its
    evidence in ``kind_evidence``. A result the movement expects and the file lacks is no bad line: its row waits
    in the workbook, to be typed (it is in ``problems``, ``waiting``), and the rows follow the travellers (each
    result in its slot's row)."""
    plan = None
    if movement_file is not None:
        from .movement_files import read_movement_sections

        parts = read_movement_sections(movement_file)
        if len(parts) > 1:
            raise fail(movement_file, None, f"a movement of {len(parts)} sections "
                       f"({', '.join(section for section, _ in parts)}): import checks a results file against one "
                       "section's movement; import without --movement-file (see docs/limits.md)")  # fmt: skip
        plan = parts[0][1]
    data = _read(path, "results")
    try:
        kind = detect_format(data)
    except BridgeInputError as error:
        raise fail(path, None, error.message) from None
    data = text_of(data)
    # the method's words, and (its last words) how sections are compared where it says: the readers take the first
    section_scoring = None
    if method:
        chosen, section_scoring = choose_scoring(method, "--method")
        method = chosen.words if section_scoring is not None else method
    listed = read_names_file(names, handicaps) if names else None
    members = read_register_file(register) if register else None
    # Every line is read whatever is wrong with the others; what cannot be imported is refused at the end, together.
    if kind == "USEBIO":  # each format's module loaded for its files alone
        from .usebio import read_usebio

        imported = read_usebio(data, path, method, file_scores)
    elif kind == "PBN":
        from .pbn import read_pbn

        imported = read_pbn(data, path, method, section_scoring)
    else:
        imported = read_csv(data, path, method, listed)
    if imported.session is None:
        given = [option for option, value in (("--names", names), ("--method", method), ("--fields", fields),
                                              ("--movement-file", movement_file), ("--event", event),
                                              ("--date", date), ("--masterpoints", masterpoints),
                                              ("--register", register)) if value]  # fmt: skip
        if given:
            raise fail(path, None, f"a teams event: {', '.join(given)} are for a pairs session")
        _check_event(imported)
        if imported.problems and not keep_bad:
            raise _refusal(imported)
        return imported
    session = imported.session
    if names is not None and listed is not None:
        _same_sections(path, names, session, listed)
    if method:
        session = replace(session, method=chosen, section_scoring=section_scoring or session.section_scoring)
    if masterpoints:
        session = replace(session, masterpoints=choose(MASTERPOINT_SCALES, masterpoints, "masterpoints"))
    if event is not None:
        session = replace(session, event=event)
    if date is not None:
        session = replace(session, date=date)
    file_pairs = list(session.pairs) if imported.listed_pairs else []
    decided = _field(path, session, listed if listed is not None else file_pairs, plan, fields, imported.file_field)
    evidence = _evidence(decided, names is not None, None if fields else imported.file_field)
    two_fields = decided.kind.two_fields
    if listed is not None:
        _check_directions(names, listed, two_fields, evidence)  # type: ignore[arg-type]
        if plan is not None:  # a listed pair the movement does not have is refused, as `movement -o --names` does
            from .movement_files import named_pairs

            named_pairs(plan, listed, str(names))
        pairs = tuple(listed)
    elif plan is not None and kind == "CSV":
        pairs = plan.pairs
    else:
        pairs = tuple(file_pairs) or tuple(pairs_in(session.lines, mitchell=two_fields))
    visitors: tuple[str, ...] = ()
    misnamed: tuple[str, ...] = ()
    if members is not None:
        registered = registered_pairs(pairs, members)
        pairs, visitors, misnamed = registered.pairs, registered.visitors, registered.misnamed
    session = replace(session, field_kind=decided.kind, plan=plan, pairs=pairs)
    rows_at = imported.rows_at or [0] * len(session.lines)
    if plan is not None:  # the rows in the travellers' order, as `xlbridge movement -o` lays the Results sheet out
        ordered, was = in_playing_order(session, plan)
        session, rows_at = ordered, [0 if index is None else rows_at[index] for index in was]
    others = tuple(other for other in (names, movement_file, register) if other is not None)
    imported = replace(imported, session=session, rows_at=rows_at, inputs=others, kind_evidence=evidence,
                       visitors=visitors, misnamed=misnamed)  # fmt: skip
    beyond = _beyond_the_workbook(imported)
    if beyond:
        raise _refusal(imported, beyond, keep_bad)
    try:
        result = session_result(session_cells(session, sizes(session)))
        if not masterpoints and isinstance(result.awards(session.masterpoints), BridgeInputError):
            # the file's own scale cannot award this session (the EBU's local points of a two-winner Mitchell): the
            # workbook awards none, so that its ranking is not refused; the import says why (masterpoint_notes)
            session = replace(session, masterpoints=MASTERPOINT_SCALES.default)
            result = session_result(session_cells(session, sizes(session)))
            imported = replace(imported, session=session)
    except BridgeInputError as error:  # the session cannot be worked out at all: a pair listed twice by the file
        raise fail(path, None, error.message) from None
    listing = names if names else movement_file if plan is not None and kind == "CSV" else None
    imported = _checked(replace(imported, result=result), listing, names if plan is None else None)
    # Results the movement expects and the file lacks are a session still being played (its rows wait to be typed,
    # and the ranking is provisional), not bad lines; with a bad line they are listed with it, as clues.
    if any(not problem.waiting for problem in imported.problems) and not keep_bad:
        raise _refusal(imported)
    return imported


def _field(
    path: Path,
    session: Session,
    pairs: list[Pair],
    plan: Movement | None,
    typed: str | None,
    in_file: tuple[FieldKind, str] | None = None,
) -> FieldDecision:
    """One field or two (:func:`~xlbridge.engine.pipeline.decide_field`): what ``--fields`` says (``typed``), else
    what the file says (``in_file``: the kind and how the file says it); refused where the movement file or the
    lines say otherwise."""
    if typed:
        chosen: FieldKind | None = choose(FIELD_KINDS, typed)
        given = f"--fields {typed}: "
    elif in_file is not None:
        chosen, given = in_file[0], f"{in_file[1]} ({in_file[0].name}), give --fields to say otherwise: "
    else:
        chosen, given = None, ""
    try:
        return decide_field(chosen, plan, pairs, session.lines)
    except BridgeInputError as error:
        raise fail(path, None, f"{given}{error.message}") from None


def _evidence(decided: FieldDecision, names_file: bool, in_file: tuple[FieldKind, str] | None = None) -> str:
    """One field or two, and why, in words."""
    kind = decided.kind
    if decided.because == "said":
        return f"{kind.name}: {in_file[1]}" if in_file is not None else f"{kind.name}, as --fields says"
    if decided.because == "movement":
        numbered = "apart (two fields)" if kind.two_fields else "as one field"
        return f"{kind.name}: the movement file numbers the pairs {numbered}"
    if decided.because == "names":
        return f"{kind.name}: {'the names file' if names_file else 'the file'} gives the pairs' directions"
    return f"{kind.name}, found from the lines: {decided.evidence} (give --fields to say otherwise)"


def _checked(imported: Imported, listing: Path | None, names: Path | None) -> Imported:
    """What the session's working out found, as the import says it, each line named by its line in the file: a
    result for a pair not on the list of pairs (in the file ``listing``, or the results file's own), the entry
    checks' findings (a result the movement expects and the file lacks: its row waits, to be typed), and as doubts
    what the lines alone put in doubt and each pair of the names file (``names``) that plays no result."""
    result = imported.result
    assert result is not None
    at = imported.rows_at
    row_of = result.prepared.row_of

    def line_of(index: int | None) -> int:
        return at[row_of[index]] if index is not None and row_of[index] < len(at) else 0

    def name(index: int) -> str:
        line = line_of(index)
        return f"line {line}" if line else f"result {row_of[index] + 1}"

    problems = [*imported.problems, *_unlisted(imported, listing, line_of)]
    warnings = list(imported.warnings)
    for finding in result.prepared.findings:
        line, reason = line_of(finding.row), finding.reason_with(name)
        if finding.slot is not None:
            problems.append(Problem(0, reason, finding.board, waiting=True))
        elif finding.certain:
            problems.append(Problem(line, reason, finding.board))
        else:
            warnings.append(Problem(line, reason, finding.board))
    if names is not None:
        warnings += _idle(result.session, imported.source, names)
    warnings += _players_beyond_two(imported.session or result.session)
    problems.sort(key=lambda problem: (problem.line == 0, problem.line, problem.at))
    return replace(imported, problems=problems, warnings=warnings)


def _same_sections(path: Path, names: Path, session: Session, pairs: Sequence[Pair]) -> None:
    """A names file gives the sections the results file does (each pair numbered within its section: A3 NS), or
    none where the results are of one section; refused otherwise, naming what each gives."""
    results = [section for section in dict.fromkeys(row.section for row in session.lines) if section]
    named = list(dict.fromkeys(pair.section for pair in pairs))
    if not results and named != [""]:
        raise fail(names, None, f"gives sections ({', '.join(s for s in named if s)}), but {path.name} is of one "
                   "section: leave the names file's section column blank")  # fmt: skip
    if not results:
        return
    unsectioned = [f"{pair.number}{pair.direction_text}" for pair in pairs if not pair.section]
    if unsectioned:
        shown = ", ".join(unsectioned[:10]) + (", ..." if len(unsectioned) > 10 else "")
        raise fail(names, None, f"{count(len(unsectioned), 'pair')} without a section ({shown}), but {path.name} "
                   f"gives sections ({', '.join(results)}): give each pair its section (a section column: A, "
                   "B)")  # fmt: skip
    strangers = [section for section in named if section not in results]
    if strangers:
        raise fail(names, None, f"section{'s' if len(strangers) > 1 else ''} {', '.join(strangers)}: {path.name} "
                   f"gives sections {', '.join(results)}")  # fmt: skip


def _check_directions(names: Path, listed: list[Pair], two_fields: bool, evidence: str) -> None:
    """In two fields a pair is its number and its direction: a names file whose pairs have none cannot say which
    of NS 1 and EW 1 is which, and is refused, naming them."""
    if not two_fields:
        return
    undirected = [pair for pair in listed if pair.direction is None]
    if undirected:
        shown = ", ".join(str(pair.number) for pair in undirected[:10]) + (", ..." if len(undirected) > 10 else "")
        raise fail(names, None, f"{count(len(undirected), 'pair')} without a direction ({shown}), but the session "
                   f"has two fields ({evidence}), where NS 1 and EW 1 are two pairs: give each pair its direction "
                   "(a direction column: NS or EW)")  # fmt: skip


def _unlisted(imported: Imported, listing: Path | None, line_of: Callable[[int], int]) -> list[Problem]:
    """A result for a pair that is not on the session's list of pairs (in the file ``listing``, or None for the
    results file's own) is a bad line. Where a pair missing from the list plays on two lines or more, the list
    leaves pairs out (a names file of another session, or cut short): then one finding about the list names every
    pair missing from it, and their lines are not listed one by one."""
    result = imported.result
    assert result is not None
    session = result.session
    listed_in = f"in {listing}" if listing is not None else "the file gives"
    two_fields = session.field_kind.two_fields
    problems: list[Problem] = []
    missing: dict[tuple[Side | None, str, PairNumber], list[int]] = {}  # a pair not on the list (in its section)
    read = imported.session.lines if imported.session is not None else ()
    row_of = result.prepared.row_of
    for index, row in enumerate(session.lines):
        if isinstance(read[row_of[index]], Unscorable):  # a line the file's reading refused: said as that
            continue
        reason = session.unlisted(row)
        if not reason:
            continue
        line = line_of(index)
        problems.append(Problem(line, f"{reason} {listed_in}", row.board))
        for side, number in session.unlisted_pairs(row):
            missing.setdefault((side if two_fields else None, row.section, number), []).append(line)
    if any(len(found) > 1 for found in missing.values()):
        problems = [replace(problem, detail=False) for problem in problems]
        problems.append(_pairs_left_out(missing, imported.source, listing, session.pairs))
    return problems


def _players_beyond_two(session: Session) -> list[Problem]:
    """A pair the file names more than two players for (a substitute who came in during the session): the Names
    sheet holds two, so the others are said, not dropped without a word."""
    said = []
    for pair in session.pairs:
        named = [player for player in pair.players if player]
        if len(named) > 2:
            shown = f"{pair.direction_text} pair" if session.field_kind.two_fields else "pair"
            said.append(Problem(0, f"{shown} {pair.number} has {len(named)} players ({', '.join(named)}): the Names "
                                f"sheet holds two, so {', '.join(named[2:])} is not in the workbook",
                                movement_settles=False))  # fmt: skip
    return said


def _idle(session: Session, source: Path, names: Path) -> list[Problem]:
    """A pair of the names file that plays on no line (one that did not come, or another evening's) is a doubt: it
    would show on the ranking with no boards and no place."""
    two_fields = session.field_kind.two_fields
    played = {(number, side if two_fields else None) for row in session.lines
              for side, number in ((Side.NS, row.ns), (Side.EW, row.ew))}  # fmt: skip
    idle = [pair for pair in session.pairs if (pair.number, pair.direction if two_fields else None) not in played]
    return [Problem(0, f"{f'{pair.direction_text} pair' if two_fields else 'pair'} {pair.number} is on it but plays "
                    f"no result in {source}: it shows on the ranking with no boards and no place; take it off the "
                    "names file if it did not play", file=names) for pair in idle]  # fmt: skip


def _pairs_left_out(missing: dict[tuple[Side | None, str, PairNumber], list[int]], source: Path,
                    listing: Path | None, listed: Sequence[Pair] = ()) -> Problem:  # fmt: skip
    """The one finding about a list of pairs that leaves out pairs that play: each pair (North-South first), with
    its lines where there are a few pairs, else how many lines they play on. Where each is on the list (``listed``)
    with the other direction, the list's directions are what is wrong: a one-field session's pairs play both ways."""

    def order(key: tuple[Side | None, str, PairNumber]) -> tuple[bool, str, bool, str]:
        side, section, number = key
        return side is Side.EW, section, isinstance(number, str), str(number).zfill(6)

    few = len(missing) <= 3
    shown = []
    for key in sorted(missing, key=order):
        side, section, number = key
        found = sorted(set(missing[key]))
        where = (f"line {found[0]}" if len(found) == 1 else f"lines {', '.join(map(str, found))}" if len(found) <= 3
                 else f"{len(found)} lines, from line {found[0]}")  # fmt: skip
        shown.append(f"{side.value + ' ' if side is not None else 'pair '}{section}{number}" + f" ({where})" * few)
    pairs = ("; " if few else ", ").join(shown)
    if not few:
        pairs += f" ({len({line for found in missing.values() for line in found})} lines)"
    one = len(missing) == 1
    play, are, them = ("plays", "is", "it") if one else ("play", "are", "them")
    if listing is None:
        return Problem(0, f"{count(len(missing), 'pair')} {play} on its lines but {are} not on the list of pairs the "
                       f"file gives: {pairs}", file=source)  # fmt: skip
    directions = {(pair.section, pair.number, pair.direction) for pair in listed}
    if all(side is not None and (section, number, side.other) in directions for side, section, number in missing):
        return Problem(0, f"{count(len(missing), 'pair')} {play} in {source} but {are} not on it: {pairs}: each is on "
                       f"it with the other direction: the directions of {listing.name} make two fields (NS 1 and EW 1 "
                       "two pairs), but these pairs play both North-South and East-West: if it is one field (a "
                       "Howell), give --fields one, or leave the directions blank", file=listing)  # fmt: skip
    return Problem(0, f"{count(len(missing), 'pair')} {play} in {source} but {are} not on it: {pairs}: add {them} to "
                   f"{listing.name}", file=listing)  # fmt: skip


def _refusal(imported: Imported, beyond: list[Problem] | None = None, keep_bad: bool = False) -> ImportFileError:
    """Every bad line of the file in its order, each as ``FILE: line N: reason`` (at most
    :data:`~xlbridge.engine.errors.MOST_LISTED`), then how many there are and what ``--keep-bad-lines`` does; with
    what the workbook cannot hold (``held``, which no option takes in), those and (without ``keep_bad``) the bad
    lines, and no word of ``--keep-bad-lines``."""
    source = imported.source
    problems = [*(beyond or []), *([] if keep_bad and beyond else imported.problems)]
    problems.sort(key=lambda problem: (problem.file is None, problem.line == 0, problem.line, problem.at))
    waiting = [p for p in problems if p.waiting]  # clues to the bad lines, the first few of them
    problems = [p for p in problems if not p.waiting] + waiting[:MOST_WAITING]
    shown = [f"{p.where(source)}: {p.message}" for p in problems if p.detail]
    if len(waiting) > MOST_WAITING:
        shown.append(f"{source}: and {count(len(waiting) - MOST_WAITING, 'more result')} the movement expects, not in "
                     "the file")  # fmt: skip
    details = listed(shown, str(source))
    # a result the movement expects and the file lacks is listed, as a clue, but is no line to put right
    lines = len({p.line for p in problems if p.line}) + sum(1 for p in problems if not (p.line or p.file or p.waiting))
    them, they, are, each = ("it", "it", "is", "with its") if lines == 1 else ("them", "they", "are", "each with its")
    their = "its" if lines == 1 else "their"
    message = f"{source}: {count(lines, 'line')} cannot be imported as {they} {are}: put {them} right and import again"
    lists = {p.file for p in problems if p.file is not None and p.file != source}
    if lists and not any(p.detail and p.file is None and not p.waiting for p in problems):  # only those pairs
        listing = lists.pop()
        message = (f"{source}: {count(lines, 'line')} cannot be imported until {listing} lists {their} pairs: put "
                   f"{listing} right and import again")  # fmt: skip
    if not beyond:
        message += (f", or import with --keep-bad-lines to take {them} into the workbook as far as {they} can be read, "
                    f"{each} reason in the Check column (the ranking waits until {they} {are} put right)")  # fmt: skip
    return ImportFileError(message, details=details)


def _read(path: Path, what: str) -> bytes:
    return read_input(path, f"a {what} file", MAX_FILE_BYTES)


def read_names_file(path: Path, handicaps: str | None = None) -> list[Pair]:
    """The pairs of a names file (``--names``), refused if it is not one."""
    data = _read(path, "names")
    try:
        kind = detect_format(data)
    except BridgeInputError as error:
        raise fail(path, None, error.message.replace("a results file", "a names file", 1)) from None
    if kind != "CSV":
        raise fail(path, None, f"not a names file (it looks like {kind}; a names file is CSV, "
                   "pair,direction,player1,player2)")  # fmt: skip
    pairs = read_names(text_of(data), path, handicaps)
    if not pairs:
        raise fail(path, None, "lists no pairs: a names file is CSV, a header pair,direction,player1,player2 "
                   "then a line for each pair")  # fmt: skip
    return pairs


def _beyond_the_workbook(imported: Imported) -> list[Problem]:
    """What the pairs-session workbook cannot hold, every instance found (refused, rather than cut short; nothing
    takes it in, ``--keep-bad-lines`` neither): a text longer than a cell, more results than its rows, a board
    above the last it prints a traveller for."""
    session = imported.session
    assert session is not None
    texts = [("the event's name", session.event)]
    texts += [(f"{pair.called}'s players", player) for pair in session.pairs for player in pair.players]
    beyond = [Problem(0, problem) for problem in _long_texts(texts)]
    for row, line in zip(session.lines, imported.rows_at or [0] * len(session.lines), strict=True):
        lead = row.lead if isinstance(row, Line) else row.entered[2]  # (without working out a line's other texts)
        if len(lead) > MAX_TEXT:
            beyond += [Problem(line, problem, row.board) for problem in _long_texts([("the lead", lead)])]
        if row.board is not None and row.board > HIGHEST_BOARD:
            beyond.append(Problem(line, f"board {row.board}: the pairs-session workbook prints a traveller for every "
                                f"board from 1, so board numbers go up to {HIGHEST_BOARD}", row.board))  # fmt: skip
    if len(session.lines) > MAX_RESULTS:
        beyond.append(Problem(0, f"{len(session.lines):,} results: the pairs-session workbook holds {MAX_RESULTS:,}"))
    return beyond


def _long_texts(texts: list[tuple[str, str]]) -> list[str]:
    """Each text longer than a workbook cell holds, saying what it is."""
    return [f"{what}: {len(text):,} characters; a workbook cell holds {MAX_TEXT:,}" for what, text in texts
            if len(text) > MAX_TEXT]  # fmt: skip


def _check_event(imported: Imported) -> None:
    """What the teams-event workbook cannot hold is refused, rather than cut short: every instance, at once."""
    event = imported.event
    assert event is not None
    texts = [("the event's name", event.name)]
    texts += [(f"team {team.number}'s {what}", text) for team in event.teams for what, text in
              (("name", team.name), ("members", team.members))]  # fmt: skip
    problems = [f"{imported.source}: {problem}" for problem in _long_texts(texts)]
    rounds = sorted({match.round for match in event.matches if match.round is not None and match.round > MAX_ROUNDS})
    problems += [f"{imported.source}: round {number}: the teams-event workbook shows the standings after each round, "
                 f"up to round {MAX_ROUNDS}" for number in rounds]  # fmt: skip
    if problems:
        summary = (f"{imported.source}: {count(len(problems), 'thing')} the teams-event workbook cannot hold: put "
                   "them right and import again")  # fmt: skip
        raise refusal(ImportFileError, problems, summary, str(imported.source))


def check_import(destination: Path, inputs: list[Path], replace: bool = False) -> None:
    """Refuse a workbook to import into that is one of the ``inputs``, not named .xlsx, or exists (unless
    ``replace``)."""
    check_output(destination, writes="an Excel workbook", suffixes=(".xlsx",), inputs=inputs, replace=replace)


def import_to_workbook(
    imported: Imported,
    destination: Path,
    replace: bool = False,
    progress: Callable[[str], None] | None = None,
    hands: SessionHands | None = None,
) -> Path:
    """Write the workbook for what was imported, with its values (and the session's deals, ``hands``: its Hands
    sheet). The file appears complete or not at all; it is never one of the files read, and an existing file is
    replaced only with ``replace``."""
    from ..templates import CLASSIC

    check_import(destination, [imported.source, *imported.inputs], replace)

    def fill(staged: Path) -> None:
        if progress:
            progress("writing and computing the workbook")
        if imported.session is not None:
            from ..templates import pairs_session  # the teams machinery is loaded only for a teams event

            # each line a warning notes (an assigned score --file-scores took for the file's contract), by its row
            noted = {warning.line: warning.note for warning in imported.warnings if warning.note}
            notes = {row: noted[at] for row, at in enumerate(imported.rows_at) if at in noted}
            pairs_session.build(staged, CLASSIC, session=imported.session, computed=True, hands=hands,
                                result=imported.result, notes=notes)  # fmt: skip
        else:
            from ..templates import teams_event

            assert imported.event is not None
            teams_event.build(staged, CLASSIC, event=imported.event, computed=True)

    return write_atomically(destination, fill, replace=replace)
