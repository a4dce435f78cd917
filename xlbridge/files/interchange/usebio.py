"""USEBIO 1.2 (the EBU's XML results format): pairs events in, pairs events and their results out.

Read: MP_PAIRS, BUTLER_PAIRS and CROSS_IMP events (pair numbers such as 7, 7NS, 7EW; adjusted scores such as
A6040), with the elements found wherever they are nested (Compscore3 puts BOARD under EVENT, other programs under
SESSION/SECTION); and SWISS_TEAMS events, read from MATCH elements (TEAM, OPPOSING_TEAM, ROUND_NUMBER and each
BOARD's IMPS) as an open-source scorer writes them. Parsed with entity expansion off.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from xml.etree.ElementTree import Element
from xml.sax.saxutils import escape

from ...engine.errors import BridgeInputError
from ...engine.parse import parse_result, split_contract
from ...engine.scoring import ns_score
from ...engine.session import Event, EventMatch, Line, Pair, Session, Team
from ...engine.values import two_decimals
from ..xmlsafe import parse_xml
from .common import Imported, Problem, check_line, fail, movement_of, pairs_in, parse_date, relative_result, split_pair

__all__ = ["PAIRS_EVENTS", "TEAMS_EVENTS", "read_usebio", "write_usebio"]

PAIRS_EVENTS = {"MP_PAIRS": "MP", "BUTLER_PAIRS": "Butler", "CROSS_IMP": "Cross-IMP", "CROSS_IMPS": "Cross-IMP"}
TEAMS_EVENTS = {"SWISS_TEAMS", "TEAMS", "TEAMS_OF_FOUR", "TEAM_OF_FOUR"}
METHOD_EVENTS = {"MP": "MP_PAIRS", "ACBL": "MP_PAIRS", "Butler": "BUTLER_PAIRS", "Cross-IMP": "CROSS_IMP"}


def _text(element: Element, tag: str) -> str:
    return (element.findtext(tag) or "").strip()


def read_usebio(data: bytes, source: Path, keep_bad: bool = False) -> Imported:
    lines: dict[int, int] = {}
    try:
        root = parse_xml(data, lines)
    except BridgeInputError as error:
        raise fail(source, None, f"not readable XML: {error.message}") from None
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
    for element in root.iter("PAIR"):
        try:
            number, suffix = split_pair(_text(element, "PAIR_NUMBER"))
        except BridgeInputError as error:
            raise fail(source, lines.get(id(element)), error.message) from None
        direction = _text(element, "DIRECTION").upper().replace("-", "") or suffix
        players = tuple(_text(player, "PLAYER_NAME") for player in element.iter("PLAYER"))
        pairs.append(Pair(number, direction, players))
    results: list[Line] = []
    problems: list[Problem] = []
    line_points = []
    for board in root.iter("BOARD"):
        travellers = board.findall("TRAVELLER_LINE")
        if not travellers:
            continue  # a hand record: the BOARD repeats without results
        try:
            number = int(_text(board, "BOARD_NUMBER"))
        except ValueError:
            raise fail(source, lines.get(id(board)), f"board number {_text(board, 'BOARD_NUMBER')!r}") from None
        for element in travellers:
            where = lines.get(id(element), 0)
            results.append(_traveller_line(element, number, source, where, keep_bad, problems))
            ns_mp, ew_mp = _text(element, "NS_MATCH_POINTS"), _text(element, "EW_MATCH_POINTS")
            if ns_mp and ew_mp:
                line_points.append((number, float(ns_mp) + float(ew_mp)))
    if not results:
        raise fail(source, None, "the file has no traveller lines")
    method = PAIRS_EVENTS[kind]
    if method == "MP" and _acbl_scale(results, line_points):
        method = "ACBL"
    description = _text(event, "EVENT_DESCRIPTION") or _text(event, "TITLE")
    movement = movement_of(results, pairs)
    session = Session(
        event=description,
        date=parse_date(_text(event, "DATE")),
        method=method,
        movement=movement,
        pairs=pairs or pairs_in(results, mitchell=movement == "Mitchell"),
        lines=results,
    )
    return Imported(source, "USEBIO", session=session, problems=problems)


def _acbl_scale(results: list[Line], line_points: list[tuple[int, float]]) -> bool:
    """True when the file's matchpoints add up to ACBL tops (n - 1 per board) rather than European ones."""
    if not line_points:
        return False
    counts: dict[int, int] = {}
    for result in results:
        counts[result.board] = counts.get(result.board, 0) + 1
    return all(abs(total - (counts[board] - 1)) < 0.01 for board, total in line_points if counts[board] > 1)


def _traveller_line(element: Element, board: int, source: Path, where: int, keep_bad: bool,
                    problems: list[Problem]) -> Line:  # fmt: skip
    try:
        ns, _ = split_pair(_text(element, "NS_PAIR_NUMBER"))
        ew, _ = split_pair(_text(element, "EW_PAIR_NUMBER"))
    except BridgeInputError as error:
        raise fail(source, where, error.message) from None
    contract, score = _text(element, "CONTRACT"), _text(element, "SCORE")
    if score.upper().startswith("A"):
        line = Line(board, ns, ew, lead=_text(element, "LEAD"), adjusted=score.upper())
    else:
        tricks = _text(element, "TRICKS")
        result = tricks
        try:
            if contract and tricks:
                result = relative_result(contract, int(tricks))
        except (BridgeInputError, ValueError):
            result = tricks  # left as written: the check reports it
        line = Line(board, ns, ew, contract, _text(element, "PLAYED_BY"), result, _text(element, "LEAD"))
    if check_line(line, source, where, keep_bad, problems) and not line.adjusted and score:
        _check_score(line, score, source, where, keep_bad, problems)
    return line


def _check_score(line: Line, score: str, source: Path, where: int, keep_bad: bool, problems: list[Problem]) -> None:
    """The file's SCORE must be what the contract scores: a disagreement is reported, never silently replaced."""
    try:
        ours = ns_score(line.contract, line.declarer, line.result, line.board)
    except BridgeInputError:
        return  # already reported by check_line
    try:
        theirs = int(float(score))
    except ValueError:
        message = f"SCORE {score!r} is not a score"
    else:
        if theirs == ours:
            return
        deal = f"{line.contract} by {line.declarer} {line.result} on board {line.board}"
        message = f"SCORE {theirs} disagrees with {deal}, which scores {ours}"
    if not keep_bad:
        raise fail(source, where, message)
    problems.append(Problem(where, message))


def _read_teams(root: Element, event: Element, source: Path, lines: dict[int, int]) -> Imported:
    teams = []
    for element in root.iter("TEAM"):
        if element.find("PLAYER") is None and not element.get("TEAM_ID") and element.find("TEAM_NUMBER") is None:
            continue  # a MATCH's <TEAM>7</TEAM>, not a participant
        raw = element.get("TEAM_ID") or _text(element, "TEAM_NUMBER") or _text(element, "TEAM_ID")
        try:
            number = int(raw)
        except ValueError:
            raise fail(source, lines.get(id(element)), f"team number {raw!r}") from None
        name = element.get("TEAM_NAME") or _text(element, "TEAM_NAME")
        members = ", ".join(_text(player, "PLAYER_NAME") for player in element.iter("PLAYER"))
        teams.append(Team(number, name, members))
    matches: dict[tuple[int, frozenset[int]], EventMatch] = {}
    for element in root.iter("MATCH"):
        where = lines.get(id(element))
        try:
            round_number = int(_text(element, "ROUND_NUMBER"))
            home, away = int(_text(element, "TEAM")), int(_text(element, "OPPOSING_TEAM"))
        except ValueError:
            raise fail(source, where, "a MATCH needs ROUND_NUMBER, TEAM and OPPOSING_TEAM numbers") from None
        boards = element.findall("BOARD")
        if not boards:
            raise fail(source, where, "the MATCH gives no BOARD IMPs (victory points alone cannot be rescored)")
        try:
            swings = [int(float(_text(board, "IMPS"))) for board in boards]
        except ValueError:
            raise fail(source, where, "a BOARD's IMPS is not a number") from None
        key = (round_number, frozenset((home, away)))
        if key not in matches:  # each team's view of the same match is read once
            matches[key] = EventMatch(
                round_number, home, away, len(boards), sum(s for s in swings if s > 0), -sum(s for s in swings if s < 0)
            )
    if not matches:
        raise fail(source, None, "the teams event has no MATCH")
    boards_each = max(match.boards or 0 for match in matches.values())
    name = _text(event, "EVENT_DESCRIPTION") or _text(event, "TITLE")
    event_data = Event(name=name, teams=teams, matches=list(matches.values()), boards=boards_each)
    return Imported(source, "USEBIO", event=event_data)


# --- writing -------------------------------------------------------------------------------------------------------


def _element(tag: str, value: object) -> str:
    return f"<{tag}>{escape(str(value))}</{tag}>"


def write_usebio(session: Session, points: dict[int, tuple[object, object]], standings: list[dict[str, object]],
                 datums: dict[int, object]) -> str:  # fmt: skip
    """USEBIO 1.2 for a scored session: ``points`` by result index (NS, EW), ``standings`` per pair (pair,
    direction, total, percentage, place), ``datums`` by board (Butler)."""
    mitchell = session.movement == "Mitchell"
    kind = METHOD_EVENTS.get(session.method, "MP_PAIRS")

    def pair_id(number: object, direction: str) -> str:
        return f"{number}{direction}" if mitchell else str(number)

    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">',
    ]
    out.append('<USEBIO Version="1.2">')
    out.append(f'<EVENT EVENT_TYPE="{kind}">')
    out.append(_element("EVENT_DESCRIPTION", session.event))
    out.append(_element("PROGRAM_NAME", "xlbridge"))
    out.append(_element("WINNER_TYPE", 2 if mitchell else 1))
    out.append(_element("DATE", session.date.strftime("%d/%m/%Y") if isinstance(session.date, dt.date) else ""))
    out.append(f'<PARTICIPANTS EVENT_TYPE="{kind}">')
    by_pair = {(row["pair"], row["direction"]): row for row in standings}
    for pair in session.pairs:
        row = by_pair.get((pair.number, pair.direction), {})
        out.append("<PAIR>")
        out.append(_element("PAIR_NUMBER", pair_id(pair.number, pair.direction)))
        out.append(_element("DIRECTION", pair.direction))
        for tag, key in (("TOTAL_SCORE", "total"), ("PERCENTAGE", "percentage"), ("PLACE", "place")):
            if row.get(key) not in (None, ""):
                value = row[key]
                out.append(_element(tag, two_decimals(value) if isinstance(value, float) else value))
        for player in pair.players:
            out.append(f"<PLAYER>{_element('PLAYER_NAME', player)}</PLAYER>")
        out.append("</PAIR>")
    out.append("</PARTICIPANTS>")
    boards: dict[int, list[int]] = {}
    for index, line in enumerate(session.lines):
        boards.setdefault(line.board, []).append(index)
    names = {"MP_PAIRS": "MATCH_POINTS", "BUTLER_PAIRS": "BUTLER_POINTS", "CROSS_IMP": "CROSS_IMP_POINTS"}[kind]
    for number in sorted(boards):
        out.append(f'<BOARD EVENT_TYPE="{kind}">')
        out.append(_element("BOARD_NUMBER", number))
        if kind == "BUTLER_PAIRS" and datums.get(number) not in (None, ""):
            out.append(_element("BOARD_AVERAGE", datums[number]))
        for index in boards[number]:
            line = session.lines[index]
            out.append("<TRAVELLER_LINE>")
            out.append(_element("NS_PAIR_NUMBER", pair_id(line.ns, "NS" if mitchell else "")))
            out.append(_element("EW_PAIR_NUMBER", pair_id(line.ew, "EW" if mitchell else "")))
            if line.adjusted:
                out.append(_element("SCORE", line.adjusted))
            else:
                contract, _ = split_contract(line.contract)
                tricks = parse_result(line.result, contract)
                out.append(_element("CONTRACT", "PASS" if contract.passed_out else str(contract)))
                out.append(_element("PLAYED_BY", line.declarer))
                out.append(_element("LEAD", line.lead))
                out.append(_element("TRICKS", tricks))
                out.append(_element("SCORE", ns_score(line.contract, line.declarer, line.result, line.board)))
            ns_points, ew_points = points.get(index, ("", ""))
            out.append(_element(f"NS_{names}", _number(ns_points)))
            out.append(_element(f"EW_{names}", _number(ew_points)))
            out.append("</TRAVELLER_LINE>")
        out.append("</BOARD>")
    out.append("</EVENT>")
    out.append("</USEBIO>")
    return "\n".join(out) + "\n"


def _number(value: object) -> str:
    if isinstance(value, float):
        return two_decimals(value).rstrip("0").rstrip(".") if not value.is_integer() else str(int(value))
    return str(value)
