"""USEBIO 1.2 (the EBU's XML results format): pairs events in, pairs events and their results out.

Read: MP_PAIRS, BUTLER_PAIRS and CROSS_IMP events (pair numbers such as 7, 7NS, 7EW; adjusted scores such as
A6040), with the elements found wherever they are nested (Compscore3 puts BOARD under EVENT, other programs under
SESSION/SECTION), and the masterpoints they report (each PAIR's MASTER_POINTS_AWARDED, in hundredths, with the
event's MASTER_POINT_TYPE and MASTER_POINT_SCALE: ``Imported.masterpoints``); and SWISS_TEAMS events, read from
MATCH elements (TEAM, OPPOSING_TEAM, ROUND_NUMBER and each BOARD's IMPS) as an open-source scorer writes them.
Parsed with entity expansion off. Written: a scored pairs session, with its masterpoints (as Compscore3 writes them)
when its scale awards any.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from dataclasses import replace
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from xml.etree.ElementTree import Element, SubElement, tostring

from ...engine.errors import BridgeInputError
from ...engine.masterpoints import SessionAwards, masterpoints, scale_of_file
from ...engine.pairs import PairNumber
from ...engine.session import Line, NotPlayed, Row, Session, Typed
from ...engine.standings import SessionScore
from ...engine.values import NUMBER, as_whole_number, show, two_decimals
from ...rules import SESSION_METHODS, SessionMethod, Side
from ...rules.methods import ACBL_MP
from ..workbook.xmlsafe import parse_xml, xml_characters
from .common import (
    FileMasterpoints,
    Imported,
    Problem,
    check_score,
    fail,
    interchange_score,
    pair_of,
    parse_date,
    read_row,
    relative_result,
    split_pair,
    unreadable,
)

__all__ = ["PAIRS_EVENTS", "TEAMS_EVENTS", "read_usebio", "write_usebio"]

#: The pairs event types read, and the scoring method each is read as (from the registry).
PAIRS_EVENTS: dict[str, SessionMethod] = {event: method for method in SESSION_METHODS for event in method.usebio_events}
TEAMS_EVENTS = {"SWISS_TEAMS", "TEAMS", "TEAMS_OF_FOUR", "TEAM_OF_FOUR"}


def _text(element: Element, tag: str) -> str:
    return (element.findtext(tag) or "").strip()


def _line_of(element: Element, tag: str, lines: dict[int, int]) -> int | None:
    """The line of ``element``'s field ``tag``, the line a refusal of it names (the element's, without the field)."""
    field = element.find(tag)
    return lines.get(id(field if field is not None else element), lines.get(id(element)))


def _not_utf8(data: bytes, error: str) -> str:
    """Why a line the XML parser could not read is unreadable, where it is not UTF-8 and the file names no encoding
    but UTF-8 (a file saved by a Windows editor as Windows-1252, "ANSI"), or ""."""
    found = re.match(r"line (\d+): not well-formed \(invalid token\)", error)
    named = re.match(rb"""\s*<\?xml[^>]*encoding=["']([\w.:-]+)""", data[:200].lstrip(b"\xef\xbb\xbf"))
    if found is None or (named is not None and named[1].lower() not in (b"utf-8", b"utf8")):
        return ""
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as bad:
        line = data.count(b"\n", 0, bad.start) + 1
        if line == int(found[1]):
            return (f": line {line} is not UTF-8, which an XML file is unless its first line names another encoding "
                    """(saved as Windows-1252?): save it as UTF-8, or begin it <?xml version="1.0" """
                    """encoding="windows-1252"?>""")  # fmt: skip
    return ""


def read_usebio(data: bytes, source: Path) -> Imported:
    lines: dict[int, int] = {}
    try:
        root = parse_xml(data, lines)
    except BridgeInputError as error:
        raise fail(source, None, f"not readable XML: {error.message}{_not_utf8(data, error.message)}") from None
    if root.tag != "USEBIO":
        raise fail(source, 1, f"not a USEBIO file (the root element is {root.tag}, not USEBIO)")
    event = root.find(".//EVENT")
    if event is None:
        raise fail(source, None, "the USEBIO file has no EVENT")
    kind = (event.get("EVENT_TYPE") or _text(event, "EVENT_TYPE")).upper()
    if kind in TEAMS_EVENTS:
        return _read_teams(root, event, source, lines)
    if kind not in PAIRS_EVENTS:
        known = ", ".join(sorted([*PAIRS_EVENTS, *TEAMS_EVENTS]))
        raise fail(source, lines.get(id(event)), f"event type {kind or '(none)'} is not one xlbridge scores ({known})")
    pairs = []
    awarded: dict[tuple[PairNumber, Side | None], int] = {}
    pair_types: dict[tuple[PairNumber, Side | None], tuple[str, int | None]] = {}
    for element in root.iter("PAIR"):
        players = [_text(player, "PLAYER_NAME") for player in element.iter("PLAYER")]
        pair_id, side = _text(element, "PAIR_NUMBER"), _text(element, "DIRECTION")
        try:
            pair = pair_of(pair_id, side, players)
        except BridgeInputError as error:  # named at the field's own line: the number's, or the direction's
            tag = "DIRECTION" if error.message.startswith("direction") else "PAIR_NUMBER"
            raise fail(source, _line_of(element, tag, lines), error.message) from None
        pairs.append(pair)
        award = _pair_award(element, source, lines)
        if award is not None:
            awarded[(pair.number, pair.direction)] = award[1]
            pair_types[(pair.number, pair.direction)] = (award[0], lines.get(id(element)))
    results: list[Row] = []
    rows_at: list[int] = []
    problems: list[Problem] = []
    line_points = []
    for board in root.iter("BOARD"):
        travellers = board.findall("TRAVELLER_LINE")
        if not travellers:
            continue  # a hand record: the BOARD repeats without results
        try:
            number = int(_text(board, "BOARD_NUMBER"))
        except ValueError:
            typed = _text(board, "BOARD_NUMBER")
            raise fail(source, _line_of(board, "BOARD_NUMBER", lines), f"board number {typed!r}: expected a whole "
                       "number") from None  # fmt: skip
        for element in travellers:
            where = lines.get(id(element), 0)
            results.append(_traveller_line(element, number, where, problems, lines))
            rows_at.append(where)
            ns_mp, ew_mp = _text(element, "NS_MATCH_POINTS"), _text(element, "EW_MATCH_POINTS")
            if ns_mp and ew_mp:
                try:
                    line_points.append((number, float(ns_mp) + float(ew_mp)))
                except ValueError:
                    raise fail(
                        source,
                        _line_of(element, "NS_MATCH_POINTS", lines),
                        f"NS_MATCH_POINTS {ns_mp!r} and EW_MATCH_POINTS {ew_mp!r}: expected numbers",
                    ) from None
    if not results:
        raise fail(source, None, "the file has no traveller lines")
    method = PAIRS_EVENTS[kind]
    if method.usebio_event == ACBL_MP.usebio_event and _acbl_scale(results, line_points):
        method = ACBL_MP  # one event type for both matchpoint scales: the file's tops tell them apart
    description = _text(event, "EVENT_DESCRIPTION") or _text(event, "TITLE")
    reported = _masterpoints(event, awarded, pair_types, source)
    session = Session.of(
        event=description,
        date=parse_date(_text(event, "DATE")),
        method=method,
        pairs=pairs,
        lines=results,
        # the scale the file's points are of, when the registry has it (the import says when it has not)
        masterpoints=None if reported is None else scale_of_file(reported.type, reported.scale),
    )
    return Imported(
        source,
        "USEBIO",
        session=session,
        problems=problems,
        rows_at=rows_at,
        listed_pairs=bool(pairs),
        masterpoints=reported,
    )


def _pair_award(element: Element, source: Path, lines: dict[int, int]) -> tuple[str, int] | None:
    """A PAIR's MASTER_POINTS_AWARDED (hundredths) and its MASTER_POINT_TYPE: directly in the PAIR, as Compscore3
    writes them, or in a MASTER_POINTS element; None when the pair has none."""
    holder = element if element.find("MASTER_POINTS_AWARDED") is not None else element.find("MASTER_POINTS")
    if holder is None or not _text(holder, "MASTER_POINTS_AWARDED"):
        return None
    where = lines.get(id(holder.find("MASTER_POINTS_AWARDED")), lines.get(id(element)))
    text = _text(holder, "MASTER_POINTS_AWARDED")
    try:
        points = as_whole_number(text, "MASTER_POINTS_AWARDED")
    except BridgeInputError:
        points = -1
    if points < 0:
        raise fail(source, where, f"MASTER_POINTS_AWARDED {text!r}: expected hundredths of a point, such as 21")
    return _text(holder, "MASTER_POINT_TYPE"), points


def _masterpoints(event: Element, awarded: dict[tuple[PairNumber, Side | None], int],
                  pair_types: dict[tuple[PairNumber, Side | None], tuple[str, int | None]],
                  source: Path) -> FileMasterpoints | None:  # fmt: skip
    """The masterpoints the file reports: the event's type and scale, and each pair's award, or None for none. A
    pair's award of another type than the event's is refused (one session, one type of points)."""
    kind, scale = _text(event, "MASTER_POINT_TYPE"), _text(event, "MASTER_POINT_SCALE")
    if not (kind or scale or awarded):
        return None
    if not kind:  # the event does not say: the pairs' own type, which must then be one
        written = [pair_kind for pair_kind, _ in pair_types.values() if pair_kind]
        kind = written[0] if written else ""
    for key, (pair_kind, where) in pair_types.items():
        if pair_kind and kind and pair_kind.upper() != kind.upper():
            number, side = key
            raise fail(source, where, f"pair {number}{side.value if side else ''}: MASTER_POINT_TYPE {pair_kind}, "
                                      f"where the session's awards are {kind} (one type a session)")  # fmt: skip
    at = {key: where for key, (_, where) in pair_types.items() if where}
    return FileMasterpoints(kind, scale, awarded, at)


def _acbl_scale(results: list[Row], line_points: list[tuple[int, float]]) -> bool:
    """True when the file's matchpoints add up to ACBL tops (n - 1 per board) rather than European ones."""
    if not line_points:
        return False
    counts: dict[int, int] = {}
    for result in results:
        if result.board is not None:
            counts[result.board] = counts.get(result.board, 0) + 1
    return all(abs(total - (counts[board] - 1)) < 0.01 for board, total in line_points if counts[board] > 1)


#: The field of a TRAVELLER_LINE a problem is about, by the argument its message starts with (the engine's
#: messages name the argument first: ``contract '8S': the level must be 1 to 7``; a file's score disagreeing:
#: ``SCORE -500 disagrees with ...``).
FIELD_OF_ARGUMENT = (("contract", "CONTRACT"), ("declarer", "PLAYED_BY"), ("result", "TRICKS"), ("tricks", "TRICKS"),
                     ("adjusted score", "SCORE"), ("SCORE", "SCORE"), ("lead", "LEAD"))  # fmt: skip


def _traveller_line(element: Element, board: int, where: int, problems: list[Problem], lines: dict[int, int]) -> Row:
    """A TRAVELLER_LINE as a result line (``where``: its line), a problem of one of its fields named at that field's
    own line (``Problem.at``; the TRAVELLER_LINE's where the field is not there, or the problem is of no field)."""

    def at(tag: str) -> int:
        field = element.find(tag)
        return lines.get(id(field), where) if field is not None else where

    found: list[Problem] = []
    line = _traveller_row(element, board, where, found, at)
    for problem in found:
        tag = next((tag for argument, tag in FIELD_OF_ARGUMENT if problem.message.startswith(argument)), "")
        problems.append(replace(problem, at=at(tag) if tag else problem.at))
    return line


def _traveller_row(element: Element, board: int, where: int, problems: list[Problem],
                   at: Callable[[str], int]) -> Row:  # fmt: skip
    """The result line a TRAVELLER_LINE gives, its problems noted (a pair number's at its own line: ``at``)."""
    contract, score, lead = _text(element, "CONTRACT"), _text(element, "SCORE"), _text(element, "LEAD")
    pairs = []
    for tag in ("NS_PAIR_NUMBER", "EW_PAIR_NUMBER"):
        try:
            pairs.append(split_pair(_text(element, tag))[0])
        except BridgeInputError as error:  # kept as far as it was read: the rest of the file is still read
            entered = Typed(contract, _text(element, "PLAYED_BY"), lead, _text(element, "TRICKS"))
            typed = (str(board), _text(element, "NS_PAIR_NUMBER"), _text(element, "EW_PAIR_NUMBER"))
            kept = unreadable(where, problems, typed, error.message, entered)
            problems[-1] = replace(problems[-1], at=at(tag))
            return kept
    ns, ew = pairs
    if score.upper().startswith("A") or (score and not contract):  # an adjusted score: A6040, or xlbridge's weighted
        return read_row(where, problems, board, ns, ew, Typed(lead=lead, adjusted=score.upper()))
    result = relative_result(contract, _text(element, "TRICKS"))
    play = Typed(contract=contract, declarer=_text(element, "PLAYED_BY"), lead=lead, result=result)
    line = read_row(where, problems, board, ns, ew, play)
    if isinstance(line, Line) and score:
        return check_score(line, score, "SCORE", where, problems)
    return line


def _imps(text: str) -> Fraction:
    """A board's IMPs as the file writes them: a whole number, or a fraction of one where a weighted adjusted score
    gives it (2.5)."""
    cleaned = text.strip().replace("−", "-")
    if not NUMBER.fullmatch(cleaned):
        raise BridgeInputError(f"a BOARD's IMPS {show(text)}: expected a number of IMPs")
    return Fraction(Decimal(cleaned))


def _read_teams(root: Element, event: Element, source: Path, lines: dict[int, int]) -> Imported:
    from ...engine.matches import Event, EventMatch, Team  # (a pairs session's file makes none of them)

    teams = []
    for element in root.iter("TEAM"):
        if element.find("PLAYER") is None and not element.get("TEAM_ID") and element.find("TEAM_NUMBER") is None:
            continue  # a MATCH's <TEAM>7</TEAM>, not a participant
        raw = element.get("TEAM_ID") or _text(element, "TEAM_NUMBER") or _text(element, "TEAM_ID")
        try:
            number = _positive(raw, "team number")
        except BridgeInputError as error:
            raise fail(source, lines.get(id(element)), error.message) from None
        name = element.get("TEAM_NAME") or _text(element, "TEAM_NAME")
        members = ", ".join(_text(player, "PLAYER_NAME") for player in element.iter("PLAYER"))
        teams.append(Team(number, name, members))
    numbers = {team.number for team in teams}
    matches: dict[tuple[int, frozenset[int]], EventMatch] = {}
    for element in root.iter("MATCH"):
        where = lines.get(id(element))
        try:
            round_number = _positive(_text(element, "ROUND_NUMBER"), "ROUND_NUMBER")
            home = _positive(_text(element, "TEAM"), "TEAM")
            away = _positive(_text(element, "OPPOSING_TEAM"), "OPPOSING_TEAM")
            boards = element.findall("BOARD")
            if not boards:
                raise BridgeInputError("the MATCH gives no BOARD IMPs (victory points alone cannot be rescored)")
            swings = [_imps(_text(board, "IMPS")) for board in boards]
        except BridgeInputError as error:
            raise fail(source, where, error.message) from None
        for team in (home, away):
            if numbers and team not in numbers:
                raise fail(source, where, f"team {team} is not one of the event's teams")
        if home == away:
            raise fail(source, where, f"team {home} cannot play itself")
        won, lost = sum((s for s in swings if s > 0), Fraction(0)), -sum((s for s in swings if s < 0), Fraction(0))
        match = EventMatch(round_number, home, away, len(boards), won, lost)
        key = (round_number, frozenset((home, away)))
        seen = matches.get(key)
        if seen is None:
            matches[key] = match
            continue
        # Each team's view of the same match is read once, and the two must agree.
        view = (seen.home_imps, seen.away_imps) if seen.home == home else (seen.away_imps, seen.home_imps)
        if view != (match.home_imps, match.away_imps):
            raise fail(
                source,
                where,
                f"round {round_number}, team {home} v team {away}: {match.home_imps}-{match.away_imps} IMPs, where "
                f"the other view of the match gives {view[0]}-{view[1]}",
            )
    if not matches:
        raise fail(source, None, "the teams event has no MATCH")
    boards_each = max(match.boards or 0 for match in matches.values())
    name = _text(event, "EVENT_DESCRIPTION") or _text(event, "TITLE")
    kind = (event.get("EVENT_TYPE") or _text(event, "EVENT_TYPE")).upper()
    schedule = "Swiss" if kind.startswith("SWISS") else ""  # a Swiss event's repeats are flagged as its own
    event_data = Event(name=name, teams=tuple(teams), matches=tuple(matches.values()), boards=boards_each,
                       schedule=schedule)  # fmt: skip
    return Imported(source, "USEBIO", event=event_data)


def _positive(text: str, argument: str) -> int:
    number = as_whole_number(text, argument)
    if number < 1:
        raise BridgeInputError(f"{argument} {number}: must be 1 or more")
    return number


# --- writing -------------------------------------------------------------------------------------------------------


#: What precedes the USEBIO element: the XML declaration and the document type line, which ElementTree does not
#: write (its declaration quotes with ' and it has no DOCTYPE); the rest is ElementTree's serialisation.
PROLOGUE = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">\n'
)


def _field(parent: Element, tag: str, value: object) -> Element:
    """A field of ``parent``, on a line of its own: ``<TAG>value</TAG>`` (a character XML cannot hold written as
    U+FFFD, so that what is written always parses)."""
    field = SubElement(parent, tag)
    field.text, field.tail = xml_characters(str(value)), "\n"
    return field


def _group(parent: Element | None, tag: str, **attributes: str) -> Element:
    """An element of fields, its start and end tags each on a line of their own."""
    group = Element(tag, attributes) if parent is None else SubElement(parent, tag, attributes)
    group.text, group.tail = "\n", "\n"
    return group


def write_usebio(score: SessionScore) -> str:
    """USEBIO 1.2 for a scored session: every pair's total, percentage and place, every traveller line with its
    points, and (Butler) each board's datum, as the session computation gives them; on a masterpoint scale that
    awards, the event's MASTER_POINT_TYPE and MASTER_POINT_SCALE and each placed pair's MASTER_POINTS_AWARDED (in
    hundredths) with its MASTER_POINT_TYPE, directly in the PAIR, as Compscore3 writes them. A session that cannot
    be awarded on its scale is refused (:class:`BridgeInputError`, with the reason). Built as an ElementTree, an
    element a line (a PLAYER and its PLAYER_NAME on one)."""
    session = score.session
    mitchell = session.field_kind.two_fields
    method = session.method
    kind = method.usebio_event
    scale = session.masterpoints
    awards = masterpoints(score, scale).awards if scale.awards else (None,) * len(score.standings)

    def pair_id(number: object, side: Side | None) -> str:
        return f"{number}{side.value}" if mitchell and side is not None else str(number)

    root = _group(None, "USEBIO", Version="1.2")
    event = _group(root, "EVENT", EVENT_TYPE=kind)
    _field(event, "EVENT_DESCRIPTION", session.event)
    _field(event, "PROGRAM_NAME", "xlbridge")
    _field(event, "WINNER_TYPE", 2 if mitchell else 1)
    _field(event, "DATE", session.date.strftime("%d/%m/%Y") if isinstance(session.date, dt.date) else "")
    if scale.awards:
        _field(event, "MASTER_POINT_SCALE", scale.usebio_scale)
        _field(event, "MASTER_POINT_TYPE", scale.usebio_type)
    participants = _group(event, "PARTICIPANTS", EVENT_TYPE=kind)
    for pair, standing, award in zip(session.pairs, score.standings, awards, strict=True):
        element = _group(participants, "PAIR")
        _field(element, "PAIR_NUMBER", pair_id(pair.number, pair.direction))
        _field(element, "DIRECTION", pair.direction_text)
        for tag, value in (("TOTAL_SCORE", standing.total), ("PERCENTAGE", standing.percentage),
                           ("PLACE", standing.place)):  # fmt: skip
            if value not in (None, ""):
                _field(element, tag, value if isinstance(value, str) else two_decimals(value))  # type: ignore[arg-type]
        if award is not None:
            _field(element, "MASTER_POINTS_AWARDED", SessionAwards.in_hundredths(award))
            _field(element, "MASTER_POINT_TYPE", scale.usebio_type)
        for player in pair.players:
            holder = SubElement(element, "PLAYER")
            holder.tail = "\n"
            _field(holder, "PLAYER_NAME", player).tail = None
    for number in session.boards:
        # A board not played at a table has no line: USEBIO has no form for one (its pairs' totals say it).
        indices = [index for index in score.traveller(number) if not isinstance(session.lines[index], NotPlayed)]
        board = _group(event, "BOARD", EVENT_TYPE=kind)
        _field(board, "BOARD_NUMBER", number)
        datum = score.lines[indices[0]].datum if indices else None
        if method.comparison == "butler" and isinstance(datum, (int, Fraction)):
            _field(board, "BOARD_AVERAGE", _number(datum))
        for index in indices:
            line = session.lines[index]
            assert isinstance(line, Line)  # a workbook with lines to check is not exported
            traveller = _group(board, "TRAVELLER_LINE")
            _field(traveller, "NS_PAIR_NUMBER", pair_id(line.ns, Side.NS))
            _field(traveller, "EW_PAIR_NUMBER", pair_id(line.ew, Side.EW))
            if line.play is None:
                _field(traveller, "SCORE", interchange_score(line))
            else:
                contract = line.play.contract
                _field(traveller, "CONTRACT", "PASS" if contract.passed_out else str(contract))
                _field(traveller, "PLAYED_BY", line.declarer_text)
                _field(traveller, "LEAD", line.lead)
                _field(traveller, "TRICKS", line.play.tricks)
                _field(traveller, "SCORE", line.score)
            figures = score.lines[index]
            _field(traveller, f"NS_{method.usebio_points}", _number(figures.ns_points))
            _field(traveller, f"EW_{method.usebio_points}", _number(figures.ew_points))
    # An empty field as <LEAD></LEAD>, as USEBIO files write it (not <LEAD />).
    return PROLOGUE + tostring(root, encoding="unicode", short_empty_elements=False)


def _number(value: object) -> str:
    """A figure as USEBIO writes it: whole numbers as they are, others to 2 decimals (7.5, 7.88)."""
    if isinstance(value, (int, float, Fraction)) and not isinstance(value, bool):
        number = float(value)
        return str(int(number)) if number.is_integer() else two_decimals(number).rstrip("0").rstrip(".")
    return "" if value is None else str(value)
