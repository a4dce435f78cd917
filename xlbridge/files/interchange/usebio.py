"""USEBIO 1.2 and 1.3 (the EBU's XML results format): pairs events in, pairs events and their results out.

Read: MP_PAIRS, BUTLER_PAIRS and CROSS_IMP events (pair numbers such as 7, 7NS, 7EW; adjusted scores such as
A6040), with the elements found wherever they are nested (Compscore3 puts BOARD under EVENT, other programs under
SESSION/SECTION), the masterpoints they report (each PAIR's MASTER_POINTS_AWARDED, in hundredths, with the
event's MASTER_POINT_TYPE and MASTER_POINT_SCALE: ``Imported.masterpoints``), each player's NATIONAL_ID_NUMBER
(``Pair.members``) and the session's particulars (CLUB, EVENT_IDENTIFIER, the charge code, CONTACT); and SWISS_TEAMS
events, read from MATCH elements (TEAM, OPPOSING_TEAM, ROUND_NUMBER and each BOARD's IMPS) as an open-source scorer
writes them. Parsed with entity expansion off. Written: a scored pairs session, complete as a federation takes it
(:func:`write_usebio`), in USEBIO 1.2 or 1.3.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from decimal import Decimal
from fractions import Fraction
from itertools import pairwise
from pathlib import Path
from xml.etree.ElementTree import Element, SubElement, tostring

from ... import __version__
from ...engine.choices import choose_method
from ...engine.errors import BridgeInputError
from ...engine.field import bam
from ...engine.masterpoints import SessionAwards, masterpoints, scale_of_file
from ...engine.matches import Event, EventMatch, Team
from ...engine.pairs import Pair, PairNumber
from ...engine.parse import split_contract
from ...engine.session import Line, NotPlayed, Particulars, Row, Session, Typed, Unscorable, is_not_played
from ...engine.standings import SessionScore
from ...engine.values import NUMBER, as_whole_number, count, show, two_decimals
from ...rules import (
    FIELD_KINDS,
    SECTION_SCORINGS,
    SESSION_METHODS,
    TEAMS_FORMS,
    FieldKind,
    SectionScoring,
    SessionMethod,
    Side,
    TeamsForm,
)
from ...rules.methods import ACBL_MP, ACROSS_FIELD, BOARD_A_MATCH, IMP_VP, WITHIN_SECTION
from ..workbook.xmlsafe import parse_xml, xml_characters
from .common import (
    FileMasterpoints,
    FileStanding,
    FileStandings,
    Imported,
    Problem,
    check_score,
    fail,
    file_figure,
    file_place,
    interchange_score,
    pair_of,
    parse_date,
    points_agree,
    read_row,
    refuse,
    relative_result,
    shared_boards,
    split_pair,
    unreadable,
)

__all__ = ["DEFAULT_VERSION", "PAIRS_EVENTS", "TEAMS_EVENTS", "USEBIO_VERSIONS", "UsebioVersion", "read_usebio",
           "write_usebio"]  # fmt: skip

#: The pairs event types read, and the scoring method each is read as (from the registry).
PAIRS_EVENTS: dict[str, SessionMethod] = {event: method for method in SESSION_METHODS for event in method.usebio_events}
#: USEBIO 1.2's own pairs event type, its method named by BOARD_SCORING_METHOD: each value read as a method (from
#: the registry).
GENERAL_PAIRS = "PAIRS"
BOARD_SCORING: dict[str, SessionMethod] = {name: method for method in SESSION_METHODS for name in method.usebio_scoring}
#: The traveller lines' points, North-South's, by the method whose points they are (the registry's methods a file
#: names; ACBL matchpoints are MATCH_POINTS too, told apart by the file's tops).
POINTS_OF: dict[str, SessionMethod] = {
    f"NS_{method.usebio_points}": method for method in SESSION_METHODS if method.usebio_scoring
}
TEAMS_EVENTS = {"SWISS_TEAMS", "TEAMS", "TEAMS_OF_FOUR", "TEAM_OF_FOUR"}
#: One field or two, by the WINNER_TYPE a file gives (from the registry).
WINNERS: dict[str, FieldKind] = {str(kind.usebio_winners): kind for kind in FIELD_KINDS}


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


def read_usebio(data: bytes, source: Path, method: str | None = None) -> Imported:
    """The pairs session or teams event of a USEBIO file (1.0 to 1.3), every line read whatever is wrong with the
    others (each bad line kept, with its reason, in ``problems``); what the file says about the event is taken from
    it: the scoring method, one field or two (WINNER_TYPE), the masterpoints, and each pair's figures (to compare,
    never to take). ``method`` is ``--method`` where given: it scores a file that names no method. What cannot be
    read, or would change the figures and cannot be applied, is refused naming its line."""
    lines: dict[int, int] = {}
    try:
        root = parse_xml(data, lines)
    except BridgeInputError as error:
        raise fail(source, None, f"not readable XML: {error.message}{_not_utf8(data, error.message)}") from None
    if root.tag != "USEBIO":
        raise fail(source, 1, f"not a USEBIO file (the root element is {root.tag}, not USEBIO)")
    events = root.findall(".//EVENT")
    if not events:
        raise fail(source, None, "the USEBIO file has no EVENT")
    if len(events) > 1:
        raise fail(source, lines.get(id(events[1])), f"a second EVENT ({len(events)} in the file): xlbridge imports "
                   "one event a file; export each event on its own")  # fmt: skip
    event = events[0]
    kind = _event_type(event)
    if kind in TEAMS_EVENTS:
        return _read_teams(root, event, source, lines)
    _check_shape(root, source, lines)
    chosen = _method(root, event, kind, source, lines, method)
    winners = _winners(event, source, lines)
    sections = _sections(root, lines)
    elements = list(_within(root, "PAIR"))
    pairs = [_pair(element, section, sections, source, lines) for element, section in elements]
    ranked_together = ""
    if winners is not None and not winners.two_fields and _numbered_apart(pairs):
        # One winner, but North-South and East-West pairs numbered apart (NS 1 and EW 1 two pairs: NZ Scorer's
        # sections of Mitchells ranked in one list): each such pair is named with its direction, in one field.
        sections = replace(
            sections, directed=frozenset((pair.section, pair.number) for pair in pairs if pair.direction)
        )
        pairs = [sections.named(pair) for pair in pairs]
        ranked_together = " (its North-South and East-West pairs numbered apart, ranked in one list: 1 NS, 1 EW)"
    if winners is not None and not winners.two_fields:
        # one winner ranks a pair by its number alone: a direction the file gives it (salliere writes NS for every
        # pair of a Howell) is where it sat, not its field
        pairs = [replace(pair, direction=None) for pair in pairs]
    awarded: dict[tuple[PairNumber, Side | None], int] = {}
    pair_types: dict[tuple[PairNumber, Side | None], tuple[str, int | None]] = {}
    standings: dict[tuple[PairNumber, Side | None], FileStanding] = {}
    for pair, (element, _) in zip(pairs, elements, strict=True):
        where = lines.get(id(element))
        key = (pair.label, pair.direction)  # (as the workbook names the pair: A1 in section A)
        percentage, total, place = (_text(element, tag) for tag in ("PERCENTAGE", "TOTAL_SCORE", "PLACE"))
        if chosen.imp_scoring and not total:  # salliere's cross-IMP file: the IMP total where a percentage goes
            percentage, total = "", percentage
        standings[key] = FileStanding(file_place(place), file_figure(total), file_figure(percentage), where or 0)
        award = _pair_award(element, source, lines)
        if award is not None:
            awarded[key] = award[1]
            pair_types[key] = (award[0], where)
    results: list[Row] = []
    rows_at: list[int] = []
    problems: list[Problem] = []
    points: list[tuple[str, tuple[float, float] | None]] = []  # each line's section, and the file's points on it
    for board, section in _within(root, "BOARD"):
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
            row = _traveller_line(element, number, where, problems, lines, _numbering(sections, section))
            results.append(replace(row, section=section) if sections.several else row)
            rows_at.append(where)
            points.append((section, _line_points(element, source, lines)))
    if not results:
        raise fail(source, None, "the file has no traveller lines")
    section_scoring = sections.check_scoring(results, points, chosen, source)
    line_points = [(row.board, sum(given)) for row, (_, given) in zip(results, points, strict=True)
                   if given is not None and row.board is not None]  # fmt: skip
    if chosen.usebio_event == ACBL_MP.usebio_event and _acbl_scale(results, line_points):
        chosen = ACBL_MP  # one event type for both matchpoint scales: the file's tops tell them apart
    description = _text(event, "EVENT_DESCRIPTION") or _text(event, "TITLE")
    reported = _masterpoints(event, awarded, pair_types, source)
    session = Session.of(
        event=description,
        date=parse_date(_text(event, "DATE")),
        method=chosen,
        pairs=pairs,
        lines=results,
        # the scale the file's points are of, when the registry has it (the import says when it has not)
        masterpoints=None if reported is None else scale_of_file(reported.type, reported.scale),
        particulars=_particulars(root, event),
        section_scoring=section_scoring,
    )
    return Imported(
        source,
        "USEBIO",
        session=session,
        problems=problems,
        rows_at=rows_at,
        listed_pairs=bool(pairs),
        masterpoints=reported,
        file_field=None
        if winners is None
        else (winners, f"the file's WINNER_TYPE is {winners.usebio_winners}{ranked_together}"),
        # a matchpointed event's TOTAL_SCORE is each program's own (NZ Scorer writes the percentage there)
        standings=FileStandings(
            standings,
            "IMPs" if chosen.imp_scoring else "the program's own",
            _text(event, "PROGRAM_NAME"),
            _handicapped(root, source, lines),
        ),
    )


def _event_type(event: Element) -> str:
    return (event.get("EVENT_TYPE") or _text(event, "EVENT_TYPE")).upper()


def _check_shape(root: Element, source: Path, lines: dict[int, int]) -> None:
    """Refuse what a pairs-session workbook cannot hold: results of two sessions (SESSION_COUNT 2: each session is
    a workbook) and the matches of a Swiss pairs event."""
    played = [session for session in root.iter("SESSION") if session.find(".//TRAVELLER_LINE") is not None]
    if len(played) > 1:
        raise fail(source, lines.get(id(played[1])), f"a second SESSION with results ({len(played)} in the file): a "
                   "pairs-session workbook holds one session; export each session on its own")  # fmt: skip
    match = root.find(".//MATCH")
    if match is not None:
        raise fail(source, lines.get(id(match)), "a MATCH in a pairs event (Swiss pairs, scored in victory points "
                   "match by match): not an event xlbridge scores")  # fmt: skip


def _method(root: Element, event: Element, kind: str, source: Path, lines: dict[int, int],
            chosen: str | None) -> SessionMethod:  # fmt: skip
    """The scoring method the file names: its EVENT_TYPE (MP_PAIRS, CROSS_IMP, BUTLER_PAIRS), or for USEBIO 1.2's
    ``PAIRS`` its BOARD_SCORING_METHOD; where it names none, the points its traveller lines give (NS_MATCH_POINTS:
    matchpoints), else ``chosen`` (``--method``). Two names that disagree, or a method xlbridge does not score, are
    refused by their line."""
    scoring = event.find("BOARD_SCORING_METHOD")
    if scoring is None:
        scoring = root.find(".//BOARD_SCORING_METHOD")
    named = "" if scoring is None else (scoring.text or "").strip().upper()
    where = lines.get(id(scoring)) if scoring is not None else lines.get(id(event))
    by_scoring = BOARD_SCORING.get(named)
    if kind in PAIRS_EVENTS:
        by_event = PAIRS_EVENTS[kind]
        if named and by_scoring is not by_event:
            raise fail(source, where, f"EVENT_TYPE {kind} but BOARD_SCORING_METHOD {named}: which is it? (a "
                       f"{kind} event is scored {by_event.name})")  # fmt: skip
        return by_event
    if kind != GENERAL_PAIRS:
        known = ", ".join(sorted([*PAIRS_EVENTS, GENERAL_PAIRS, *TEAMS_EVENTS]))
        raise fail(source, lines.get(id(event)), f"event type {kind or '(none)'} is not one xlbridge scores ({known})")
    if by_scoring is not None:
        return by_scoring
    if chosen:
        return choose_method(chosen)
    if named:
        raise fail(
            source,
            where,
            f"BOARD_SCORING_METHOD {named}: not a method xlbridge scores a pairs event by "
            f"({', '.join(BOARD_SCORING)}); import with --method to say how the session is to be scored",
        )
    found = {POINTS_OF[field.tag] for field in root.iterfind(".//TRAVELLER_LINE/*") if field.tag in POINTS_OF}
    if len(found) == 1:
        return found.pop()
    given = "its lines give points of more than one method" if found else "its lines give no points"
    raise fail(
        source,
        lines.get(id(event)),
        f"a PAIRS event that names no BOARD_SCORING_METHOD, and {given}: import "
        f"with --method ({', '.join(method.name for method in SESSION_METHODS)}) to say how it is scored",
    )


def _winners(event: Element, source: Path, lines: dict[int, int]) -> FieldKind | None:
    """One field or two as the event's WINNER_TYPE says (1 or 2), or None where it says neither."""
    found = event.find("WINNER_TYPE")
    typed = "" if found is None else (found.text or "").strip()
    if not typed:
        return None
    kind = WINNERS.get(typed.removesuffix(".0"))
    if kind is None:
        raise fail(source, lines.get(id(found)), f"WINNER_TYPE {typed!r}: expected 1 (one winner: every pair "
                   "ranked together) or 2 (two winners: North-South and East-West ranked apart)")  # fmt: skip
    return kind


def _within(root: Element, tag: str) -> Iterator[tuple[Element, str]]:
    """Every ``tag`` element of the file, in its order, with the SECTION_ID of the SECTION it is in ("" for none)."""

    def walk(parent: Element, section: str) -> Iterator[tuple[Element, str]]:
        for child in parent:
            if child.tag == tag:
                yield child, section
            elif child.tag == "SECTION":
                yield from walk(child, _section_id(child))
            else:
                yield from walk(child, section)

    return walk(root, "")


def _section_id(section: Element) -> str:
    return (section.get("SECTION_ID") or _text(section, "SECTION_ID")).strip()


@dataclass
class _Sections:
    """The SECTIONs of a file (by their lines) and how their pairs are named: a section's pair ``(A) 1 NS`` (as
    scorer-to-usebio writes it) is its 1 NS; in a file of two sections or more each pair and line carries its
    section (:attr:`~xlbridge.engine.pairs.Pair.section`), its number its section's."""

    at: dict[str, int]
    #: The pairs (section, number) named with their direction, one field ranking North-South and East-West pairs
    #: that are numbered apart in one list (1 NS, 1 EW).
    directed: frozenset[tuple[str, PairNumber]] = frozenset()

    @property
    def several(self) -> bool:
        """Whether the file has two sections or more (its pairs and lines then carry their sections)."""
        return len(self.at) > 1

    def named(self, pair: Pair) -> Pair:
        """A listed pair as the session names it: with its direction where the pairs are ``directed``."""
        if pair.direction is None or (pair.section, pair.number) not in self.directed:
            return pair
        return replace(pair, number=f"{pair.number} {pair.direction.value}", direction=None)

    def side(self, number: PairNumber, side: Side, section: str) -> PairNumber:
        """A traveller line's pair of ``section``, sitting ``side``, as the session names it."""
        return f"{number} {side.value}" if (section, number) in self.directed else number

    def number(self, text: str, section: str) -> str:
        """A pair number as its section's: ``(A) 1 NS`` is 1 NS in section A."""
        prefix = f"({section})"
        return text.strip().removeprefix(prefix) if section and text.strip().startswith(prefix) else text

    def check_scoring(self, results: list[Row], points: list[tuple[str, tuple[float, float] | None]],
                      method: SessionMethod, source: Path) -> SectionScoring:  # fmt: skip
        """How sections that play the same boards are scored: across the whole field, as the file's own points on
        their lines show, or within each section apart; a file whose points cannot tell, or that are scored
        neither way, is refused naming the second section."""
        shared = shared_boards(results, points)
        if not shared:
            return SECTION_SCORINGS.default
        across = points_agree(results, points, shared, method, by_section=False)
        if across is True:
            return ACROSS_FIELD
        first, second, *_ = self.at
        if across is None:
            raise fail(source, self.at[second] or None, f"SECTION {second} plays boards SECTION {first} plays, and "
                       "the file gives no points on their lines to tell whether they are scored across the whole "
                       "field or each section apart")  # fmt: skip
        if points_agree(results, points, shared, method, by_section=True):
            return WITHIN_SECTION
        raise fail(source, self.at[second] or None, f"SECTION {second} plays boards SECTION {first} plays, "
                   "and the file's points on their lines are scored neither across the whole field nor each "
                   "section apart: export each section on its own")  # fmt: skip


def _sections(root: Element, lines: dict[int, int]) -> _Sections:
    """The file's SECTIONs that hold pairs or results, by their lines."""
    at = {_section_id(section): lines.get(id(section), 0) for section in root.iter("SECTION")
          if section.find(".//PAIR") is not None or section.find(".//TRAVELLER_LINE") is not None}  # fmt: skip
    return _Sections(at)


def _line_points(element: Element, source: Path, lines: dict[int, int]) -> tuple[float, float] | None:
    """North-South's and East-West's points a traveller line gives (of whichever method: NS_MATCH_POINTS, ...), or
    None for none; points that are not numbers are refused by their line."""
    for tag in POINTS_OF:
        ns, ew = _text(element, tag), _text(element, "EW" + tag[2:])
        if ns and ew:
            try:
                return float(ns), float(ew)
            except ValueError:
                raise fail(source, _line_of(element, tag, lines), f"{tag} {ns!r} and EW{tag[2:]} {ew!r}: expected "
                           "numbers") from None  # fmt: skip
    return None


def _handicapped(root: Element, source: Path, lines: dict[int, int]) -> str:
    """Why the file's figures are not the scratch ranking's, or "": a pair's HANDICAP (the file's percentage and
    place are then the handicapped ones). A pair's ADJUSTMENT (to its total: a penalty, or a score carried over),
    which a pairs session has no place for, is refused by its line."""
    handicapped = False
    for pair in root.iter("PAIR"):
        adjustment = _text(pair, "ADJUSTMENT")
        if not _nothing(adjustment):
            raise fail(source, _line_of(pair, "ADJUSTMENT", lines), f"ADJUSTMENT {adjustment!r} of pair "
                       f"{_text(pair, 'PAIR_NUMBER')}: an adjustment of a pair's total (a penalty, or a score carried "
                       "over), which a pairs session has no place for: take it out to import the results as played, "
                       "and give the penalty apart")  # fmt: skip
        handicapped = handicapped or not _nothing(_text(pair, "HANDICAP"))
    return "handicapped (each pair's HANDICAP is in its PERCENTAGE and PLACE; the workbook's ranking is scratch)" if (
        handicapped) else ""  # fmt: skip


def _nothing(text: str) -> bool:
    """Whether a figure is blank or nought (0, 0.00)."""
    return not text or (NUMBER.fullmatch(text) is not None and float(text) == 0)


def _pair(element: Element, section: str, sections: _Sections, source: Path, lines: dict[int, int]) -> Pair:
    """A PAIR as the session lists it (with its section, in a file of two sections or more)."""
    named = [player for player in element.iter("PLAYER") if _text(player, "PLAYER_NAME")]
    members = tuple(_text(player, "NATIONAL_ID_NUMBER") for player in named)
    pair_id, side = sections.number(_text(element, "PAIR_NUMBER"), section), _text(element, "DIRECTION")
    try:
        pair = pair_of(pair_id, side, [_text(player, "PLAYER_NAME") for player in named])
    except BridgeInputError as error:  # named at the field's own line: the number's, or the direction's
        tag = "DIRECTION" if error.message.startswith("direction") else "PAIR_NUMBER"
        raise fail(source, _line_of(element, tag, lines), error.message) from None
    pair = replace(pair, members=members if any(members) else ())
    return replace(pair, section=section) if sections.several else pair


def _particulars(root: Element, event: Element) -> Particulars:
    """The club (CLUB's CLUB_NAME and CLUB_ID_NUMBER), the EVENT_IDENTIFIER, the charge code (P2P_CHARGE_RATE, or
    1.3's EBU_CHARGE_CODE) and the CONTACT (FULL_NAME, TELEPHONE, EMAIL) a file gives ("" for each it does not)."""
    club, contact = root.find("CLUB"), event.find("CONTACT")

    def within(parent: Element | None, tag: str) -> str:
        return "" if parent is None else _text(parent, tag)

    charges = (_text(event, version.charge_tag) for version in USEBIO_VERSIONS.values())
    return Particulars(
        club=within(club, "CLUB_NAME"),
        club_number=within(club, "CLUB_ID_NUMBER"),
        event_id=_text(event, "EVENT_IDENTIFIER"),
        charge_code=next((charge for charge in charges if charge), ""),
        contact=within(contact, "FULL_NAME"),
        telephone=within(contact, "TELEPHONE"),
        email=within(contact, "EMAIL"),
    )


def _numbering(sections: _Sections, section: str) -> Callable[[str, Side], PairNumber]:
    """How a traveller line of ``section`` names the pair sitting each side: as its section's (:class:`_Sections`)."""
    return lambda text, side: sections.side(split_pair(sections.number(text, section))[0], side, section)


def _numbered_apart(pairs: list[Pair]) -> bool:
    """Whether a pair number is listed both North-South and East-West (two pairs: a Mitchell's)."""
    directions: dict[tuple[str, PairNumber], set[Side | None]] = {}
    for pair in pairs:
        directions.setdefault((pair.section, pair.number), set()).add(pair.direction)
    return any(Side.NS in found and Side.EW in found for found in directions.values())


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
                     ("adjusted score", "SCORE"), ("SCORE", "SCORE"), ("lead", "LEAD"),
                     ("CONTRACT", "CONTRACT"))  # fmt: skip


def _traveller_line(element: Element, board: int, where: int, problems: list[Problem], lines: dict[int, int],
                    number: Callable[[str, Side], PairNumber]) -> Row:  # fmt: skip
    """A TRAVELLER_LINE as a result line (``where``: its line; ``number``: how it names its pairs), a problem of one
    of its fields named at that field's own line (``Problem.at``; the TRAVELLER_LINE's where the field is not there,
    or the problem is of no field)."""

    def at(tag: str) -> int:
        field = element.find(tag)
        return lines.get(id(field), where) if field is not None else where

    found: list[Problem] = []
    line = _traveller_row(element, board, where, found, at, number)
    for problem in found:
        tag = next((tag for argument, tag in FIELD_OF_ARGUMENT if problem.message.startswith(argument)), "")
        problems.append(replace(problem, at=at(tag) if tag else problem.at))
    return line


def _traveller_row(element: Element, board: int, where: int, problems: list[Problem], at: Callable[[str], int],
                   number: Callable[[str, Side], PairNumber]) -> Row:  # fmt: skip
    """The result line a TRAVELLER_LINE gives, its problems noted (a pair number's at its own line: ``at``). A
    board not played is NP, or the words, in CONTRACT or SCORE; an adjusted score is SCORE without a contract,
    each side's percentage in it (A6040, A6060 for average plus to both, A5050, A+), a passed-out board PASS in
    CONTRACT (or SCORE)."""
    contract, score, lead = _text(element, "CONTRACT"), _text(element, "SCORE"), _text(element, "LEAD")
    pairs = []
    for tag, side in (("NS_PAIR_NUMBER", Side.NS), ("EW_PAIR_NUMBER", Side.EW)):
        try:
            pairs.append(number(_text(element, tag), side))
        except BridgeInputError as error:  # kept as far as it was read: the rest of the file is still read
            entered = Typed(contract, _text(element, "PLAYED_BY"), lead, _text(element, "TRICKS"))
            typed = (str(board), _text(element, "NS_PAIR_NUMBER"), _text(element, "EW_PAIR_NUMBER"))
            kept = unreadable(where, problems, typed, error.message, entered)
            problems[-1] = replace(problems[-1], at=at(tag))
            return kept
    ns, ew = pairs
    if is_not_played(contract) or (not contract and is_not_played(score)):
        written = contract or score
        if _scored(element):  # (scorer-to-usebio writes a passed-out board as NP, and scores it)
            reason = (f"{'CONTRACT' if contract else 'SCORE'} {written!r} (not played), but the file scores the line "
                      f"(its points, for SCORE {score or 0}): write PASS for a board passed out, or take out the "
                      "points of a board not played")  # fmt: skip
            return refuse(where, problems, Unscorable(board, ns, ew, Typed(lead=lead, adjusted=written), reason))
        return read_row(where, problems, board, ns, ew, Typed(lead=lead, adjusted=written))
    if not contract and _passed_out(score):
        contract, score = score, ""
    if PERCENT.fullmatch(score):
        reason = (f"SCORE {score!r}: one percentage, but whose? An adjusted score gives each side's: A6040 (60% to "
                  "North-South, 40% to East-West), A6060 (60% to both)")  # fmt: skip
        return refuse(where, problems, Unscorable(board, ns, ew, Typed(lead=lead, adjusted=score), reason))
    if score.upper().startswith("A") or (score and not contract):  # an adjusted score: A6040, or xlbridge's weighted
        return read_row(where, problems, board, ns, ew, Typed(lead=lead, adjusted=score.upper()))
    result = relative_result(contract, _text(element, "TRICKS"))
    play = Typed(contract=contract, declarer=_text(element, "PLAYED_BY"), lead=lead, result=result)
    line = read_row(where, problems, board, ns, ew, play)
    if isinstance(line, Line) and score:
        return check_score(line, score, "SCORE", where, problems)
    return line


#: A lone percentage, such as 60%: one side's share of an adjusted score, not both sides'.
PERCENT = re.compile(r"\s*\d{1,3}(?:\.\d+)?\s*%\s*")


def _scored(element: Element) -> bool:
    """Whether a traveller line gives either side points other than nought (it was scored)."""
    return any(not _nothing(_text(element, side + tag[2:])) for tag in POINTS_OF for side in ("NS", "EW"))


def _passed_out(text: str) -> bool:
    """Whether a SCORE says the board was passed out (PASS, as a contract is written)."""
    try:
        return bool(text) and not text[0].isdigit() and split_contract(text)[0].passed_out
    except BridgeInputError:
        return False


def _imps(text: str) -> Fraction:
    """A board's IMPs as the file writes them: a whole number, or a fraction of one where a weighted adjusted score
    gives it (2.5)."""
    cleaned = text.strip().replace("−", "-")
    if not NUMBER.fullmatch(cleaned):
        raise BridgeInputError(f"a BOARD's IMPS {show(text)}: expected a number of IMPs")
    return Fraction(Decimal(cleaned))


@dataclass(frozen=True)
class _MatchRecord:
    """A MATCH as the file records it, one team's view of a match: its line, the file's ROUND_NUMBER, the team
    (TEAM) and its opponents, the boards played (their numbers, where the file gives them) and each board's
    figure for the team: its IMPs, or the board points of the team and of its opponents (on the file's scale)."""

    line: int | None
    round: int
    team: int
    opponents: int
    boards: tuple[int, ...]
    count: int
    imps: tuple[Fraction, ...] = ()
    points: tuple[tuple[Fraction, Fraction], ...] = ()


def _read_teams(root: Element, event: Element, source: Path, lines: dict[int, int]) -> Imported:
    """A USEBIO teams event: its teams, and its matches from each MATCH's boards (IMPs, or board points), each
    match once, in the event's rounds."""
    teams = _teams(root, source, lines)
    numbers = {team.number for team in teams}
    records = [_match_record(element, numbers, source, lines) for element in root.iter("MATCH")]
    if not records:
        raise fail(source, None, "the teams event has no MATCH")
    form, per_board = _teams_form(root, records, source, lines)
    rounds, evidence = _event_rounds(records, source)
    kind = _event_type(event)
    swiss = kind.startswith("SWISS")
    matches, repeats = _matches(records, rounds, per_board, swiss, source)
    byes: list[str] = []
    if swiss:
        matches, byes = _byes(matches, [team.number for team in teams])
    boards_each = max(match.boards or 0 for match in matches)
    name = _text(event, "EVENT_DESCRIPTION") or _text(event, "TITLE")
    event_data = Event(name=name, form=form.name, teams=tuple(teams), matches=tuple(matches), boards=boards_each,
                       schedule="Swiss" if swiss else "")  # fmt: skip
    return Imported(source, "USEBIO", event=event_data, kind_evidence="; ".join([*evidence, *repeats, *byes]))


def _teams(root: Element, source: Path, lines: dict[int, int]) -> list[Team]:
    """The event's teams (a TEAM with players, or a TEAM_ID: not a MATCH's <TEAM>7</TEAM>)."""
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
    return teams


def _match_record(element: Element, numbers: set[int], source: Path, lines: dict[int, int]) -> _MatchRecord:
    """A MATCH as the file records it; what cannot be read refused by its line (a BOARD's, where it is one's)."""
    where = lines.get(id(element))
    try:
        round_number = _positive(_text(element, "ROUND_NUMBER"), "ROUND_NUMBER")
        team = _positive(_text(element, "TEAM"), "TEAM")
        opponents = _positive(_text(element, "OPPOSING_TEAM"), "OPPOSING_TEAM")
    except BridgeInputError as error:
        raise fail(source, where, error.message) from None
    for number in (team, opponents):
        if numbers and number not in numbers:
            raise fail(source, where, f"team {number} is not one of the event's teams")
    if team == opponents:
        raise fail(source, where, f"team {team} cannot play itself")
    boards = element.findall("BOARD")
    if not boards:
        raise fail(source, where, "the MATCH gives no BOARD IMPs (victory points alone cannot be rescored)")
    imps: list[Fraction] = []
    points: list[tuple[Fraction, Fraction]] = []
    for board in boards:
        try:
            if _text(board, "IMPS"):
                imps.append(_imps(_text(board, "IMPS")))
            else:
                points.append(_board_points(board))
        except BridgeInputError as error:
            raise fail(source, lines.get(id(board), where), error.message) from None
    if imps and points:
        raise fail(source, where, f"the MATCH gives IMPs on {count(len(imps), 'board')} and board points on "
                   f"{len(points)}: a match is scored one way")  # fmt: skip
    numbered = tuple(int(_text(board, "BOARD_NUMBER")) for board in boards if _text(board, "BOARD_NUMBER").isdigit())
    return _MatchRecord(where, round_number, team, opponents, numbered if len(numbered) == len(boards) else (),
                        len(boards), tuple(imps), tuple(points))  # fmt: skip


def _board_points(board: Element) -> tuple[Fraction, Fraction]:
    """A board's points for the MATCH's team and its opponents where its IMPS is empty (point-a-board, or
    board-a-match): TEAM_POINTS and OPPOSING_TEAM_POINTS, or the two tables' scores (a traveller line each, its
    DIRECTION the team's seat: the team wins the board when its North-South score beats the other table's)."""
    ours, theirs = _text(board, "TEAM_POINTS"), _text(board, "OPPOSING_TEAM_POINTS")
    if ours or theirs:
        figures = []
        for tag, text in (("TEAM_POINTS", ours), ("OPPOSING_TEAM_POINTS", theirs)):
            if not NUMBER.fullmatch(text.strip()):
                raise BridgeInputError(f"{tag} {show(text)}: expected a board's points (point-a-board 2, 1 or 0; "
                                       "board-a-match 1, 0.5 or 0)")  # fmt: skip
            figures.append(Fraction(Decimal(text.strip())))
        return figures[0], figures[1]
    seats = {_text(line, "DIRECTION").upper().replace("-", ""): _text(line, "SCORE")
             for line in board.findall("TRAVELLER_LINE")}  # fmt: skip
    if set(seats) != {"NS", "EW"}:
        raise BridgeInputError(f"a BOARD's IMPS {show(_text(board, 'IMPS'))} and no board result: give its IMPS, its "
                               "TEAM_POINTS and OPPOSING_TEAM_POINTS, or a traveller line for each table (DIRECTION NS "
                               "and EW, the team's seat, with its SCORE)")  # fmt: skip
    won = bam(seats["NS"], seats["EW"])
    return won, 1 - won


def _teams_form(
    root: Element, records: list[_MatchRecord], source: Path, lines: dict[int, int]
) -> tuple[TeamsForm, int]:
    """The event's form (IMP/VP, or board-a-match for board points) and the points a board is worth in the file:
    as BOARD_SCORING_METHOD names them (IMPS; BAM 1, PAB 2), else as the boards' points add up (each board's
    points, the two teams', add up to what a board is worth). A method xlbridge does not score, or boards that
    add up otherwise, are refused by their line."""
    scoring = root.find(".//BOARD_SCORING_METHOD")
    named = "" if scoring is None else (scoring.text or "").strip().upper()
    where = lines.get(id(scoring)) if scoring is not None else None
    by_name = {name: (form, worth) for form in TEAMS_FORMS for name, worth in form.usebio_scoring.items()}
    if named and named not in by_name:
        raise fail(source, where, f"BOARD_SCORING_METHOD {named}: not a method xlbridge scores a teams event by "
                   f"({', '.join(by_name)})")  # fmt: skip
    points = [record for record in records if record.points]
    imps = [record for record in records if record.imps]
    form, worth = by_name.get(named, (None, 0))
    if points and imps:
        raise fail(source, points[0].line, f"board points in this MATCH, IMPs in the MATCH of line {imps[0].line}: "
                   "an event is scored one way")  # fmt: skip
    if imps:
        if form is not None and not form.victory_points:
            raise fail(source, where, f"BOARD_SCORING_METHOD {named}, but the MATCHes give IMPs")
        return IMP_VP, 1
    if form is not None and form.victory_points:
        raise fail(source, where, f"BOARD_SCORING_METHOD {named}, but the MATCHes give board points")
    for record in points:
        for ours, theirs in record.points:
            if not worth:
                worth = int(ours + theirs) if ours + theirs in (1, 2) else 0
            if ours + theirs != worth or worth == 0:
                raise fail(source, record.line, f"a board's points add up to {_figure(ours + theirs)}, where a "
                           f"board is worth {worth or '1 (board-a-match) or 2 (point-a-board)'}")  # fmt: skip
    return BOARD_A_MATCH, worth


def _figure(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else str(float(value))


def _event_rounds(records: list[_MatchRecord], source: Path) -> tuple[list[int], list[str]]:
    """Each record's round of the event: its ROUND_NUMBER, or, where the two teams' records of one match give two
    rounds (EBU Teams Scorer counts each team's own matches), the order of its boards among the event's (each
    round plays its own boards); and what the import says of it. Records whose boards cannot tell are refused."""
    recorded = {(record.round, record.team, record.opponents) for record in records}
    if all((record.round, record.opponents, record.team) in recorded for record in records):
        return [record.round for record in records], []  # each match from both sides in one round: the event's
    rounds_of: dict[tuple[frozenset[int], tuple[int, ...]], set[int]] = {}
    for record in records:
        if record.boards:
            rounds_of.setdefault((frozenset((record.team, record.opponents)), record.boards), set()).add(record.round)
    two = [key for key, found in rounds_of.items() if len(found) > 1]
    if not two:
        _mirrored(records, source)
        return [record.round for record in records], []
    sets = sorted({frozenset(record.boards) for record in records}, key=min)
    if not all(record.boards for record in records) or any(a & b for a, b in pairwise(sets)):
        teams, _ = two[0]
        first = next(record for record in records if frozenset((record.team, record.opponents)) == teams)
        raise fail(source, first.line, f"the two teams' records of this match give rounds "
                   f"{' and '.join(map(str, sorted(rounds_of[two[0]])))}, and the event's boards do not tell its "
                   "round (each round its own boards): give each MATCH its ROUND_NUMBER in the event")  # fmt: skip
    index = {boards: number for number, boards in enumerate(sets, start=1)}
    note = ("rounds from the boards each match played (the file's ROUND_NUMBER counts each team's own matches, "
            "as EBU Teams Scorer writes it)")  # fmt: skip
    return [index[frozenset(record.boards)] for record in records], [note]


def _mirrored(records: list[_MatchRecord], source: Path) -> None:
    """In a file that records matches from both teams' sides, a record without the other side's in its round is
    refused: the two sides give two rounds (EBU Teams Scorer counts each team's own matches), and boards without
    numbers cannot tell the event's round."""
    recorded = {(record.round, record.team, record.opponents) for record in records}
    alone = [record for record in records if (record.round, record.opponents, record.team) not in recorded]
    if alone and len(alone) < len(records):
        record = alone[0]
        raise fail(source, record.line, f"team {record.team}'s record of its match with team {record.opponents} "
                   f"gives round {record.round}, where team {record.opponents}'s records give no such match in "
                   "that round, and the boards are not numbered to tell the event's round: give each MATCH its "
                   "ROUND_NUMBER in the event")  # fmt: skip


def _matches(records: list[_MatchRecord], rounds: list[int], worth: int, swiss: bool,
             source: Path) -> tuple[list[EventMatch], list[str]]:  # fmt: skip
    """The event's matches, each once (the two teams' records of it must agree), in the file's order; in a Swiss a
    later meeting of two teams is marked played again (the file gives its boards), and named."""
    from ...engine.event import AGAIN  # (the teams machinery loaded for a teams file alone)

    matches: dict[tuple[int, frozenset[int]], EventMatch] = {}
    for record, round_number in zip(records, rounds, strict=True):
        if record.imps:
            won = sum((s for s in record.imps if s > 0), Fraction(0))
            lost = -sum((s for s in record.imps if s < 0), Fraction(0))
            match = EventMatch(round_number, record.team, record.opponents, record.count, won, lost)
            figures: tuple[object, object] = (match.home_imps, match.away_imps)
            what = "IMPs"
        else:
            ours = sum((points for points, _ in record.points), Fraction(0)) / worth
            theirs = sum((points for _, points in record.points), Fraction(0)) / worth
            match = EventMatch(round_number, record.team, record.opponents, record.count, home_bam=ours,
                               away_bam=theirs)  # fmt: skip
            figures, what = (ours, theirs), "board points"
        key = (round_number, frozenset((record.team, record.opponents)))
        seen = matches.get(key)
        if seen is None:
            matches[key] = match
            continue
        # Each team's view of the same match is read once, and the two must agree.
        both = (seen.home_imps, seen.away_imps) if record.imps else (seen.home_bam, seen.away_bam)
        view = both if seen.home == record.team else both[::-1]
        if view != figures:
            shown = "-".join(_figure(Fraction(str(figure))) for figure in figures)
            other = "-".join(_figure(Fraction(str(figure))) for figure in view)
            raise fail(source, record.line, f"round {round_number}, team {record.team} v team {record.opponents}: "
                       f"{shown} {what}, where the other view of the match gives {other}")  # fmt: skip
    out: list[EventMatch] = []
    repeats: list[str] = []
    met: dict[frozenset[int], list[int]] = {}
    for (round_number, teams), match in matches.items():
        before = met.setdefault(teams, [])
        if swiss and before:
            match = replace(match, again=True)
            repeats.append(f"round {round_number}: teams {match.home} and {match.away} meet again (round "
                           f"{', '.join(map(str, before))} too), counted as the file gives the boards they played "
                           f"({AGAIN} Y on Matches)")  # fmt: skip
        before.append(round_number)
        out.append(match)
    return out, repeats


def _byes(matches: list[EventMatch], teams: list[int]) -> tuple[list[EventMatch], list[str]]:
    """A Swiss's matches with a bye for each team that plays no match of a round (a USEBIO file lists matches
    only), after that round's matches, and what the import says of them."""
    played: dict[int, set[int]] = {}
    for match in matches:
        assert match.round is not None
        played.setdefault(match.round, set()).update(team for team in (match.home, match.away) if team is not None)
    out: list[EventMatch] = []
    notes = []
    for round_number in sorted(played):
        out += [match for match in matches if match.round == round_number]
        for team in teams:
            if team not in played[round_number]:
                out.append(EventMatch(round_number, team, None, bye=True))
                notes.append(f"round {round_number}: team {team} plays no match, a bye (scored by the bye rule)")
    return out, notes


def _positive(text: str, argument: str) -> int:
    number = as_whole_number(text, argument)
    if number < 1:
        raise BridgeInputError(f"{argument} {number}: must be 1 or more")
    return number


# --- writing -------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class UsebioVersion:
    """A version of USEBIO that xlbridge writes: its number, its document type (the DTD the EBU publishes), and the
    element that holds the EBU's charge code (1.3 renamed 1.2's P2P_CHARGE_RATE EBU_CHARGE_CODE; usebio.org)."""

    name: str
    dtd: str
    charge_tag: str

    @property
    def prologue(self) -> str:
        """What precedes the USEBIO element: the XML declaration and the document type line, which ElementTree
        does not write (its declaration quotes with ' and it has no DOCTYPE)."""
        return f'<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE USEBIO SYSTEM "{self.dtd}">\n'


#: The versions written, by number: 1.2 (the default: what the ABF and the EBU take) and 1.3.
USEBIO_VERSIONS = {
    version.name: version
    for version in (
        UsebioVersion("1.2", "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd", "P2P_CHARGE_RATE"),
        UsebioVersion("1.3", "http://www.ebu.co.uk/usebio/usebio_v1_3.dtd", "EBU_CHARGE_CODE"),
    )
}
DEFAULT_VERSION = "1.2"


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


def write_usebio(score: SessionScore, version: str = DEFAULT_VERSION) -> str:
    """USEBIO ``version`` (:data:`USEBIO_VERSIONS`: 1.2 or 1.3) for a scored session, complete as a federation
    takes it: the CLUB (name and number) and the EVENT's identifier, description, WINNER_TYPE, date, charge code
    (P2P_CHARGE_RATE in 1.2, EBU_CHARGE_CODE in 1.3, where the session has one) and CONTACT, as the session's
    particulars give them; every pair's total, percentage and place, its players' names and NATIONAL_ID_NUMBERs;
    every traveller line with its points, and (Butler) each board's datum, as the session computation gives them.
    On a masterpoint scale that awards and has a USEBIO name (not ACBL club points: a file's BLACK Club points are
    the EBU's), the event's MASTER_POINT_SCALE and MASTER_POINT_TYPE, MPS_AWARDED_FLAG Y, and each placed pair's
    MASTER_POINTS_AWARDED (in hundredths) with its MASTER_POINT_TYPE, directly in the PAIR, as Compscore3 writes
    them (else MPS_AWARDED_FLAG N). The elements in the order the programs the federations take write them
    (Compscore3, EBUScore, Pianola). A session that cannot be awarded on its scale is refused
    (:class:`BridgeInputError`, with the reason). Built as an ElementTree, an element a line."""
    written = USEBIO_VERSIONS[version]
    session = score.session
    mitchell = session.field_kind.two_fields
    method = session.method
    kind = method.usebio_event
    scale = session.masterpoints
    named = scale.awards and bool(scale.usebio_type)
    awards = masterpoints(score, scale).awards if named else (None,) * len(score.standings)
    particulars = session.particulars

    def pair_id(number: object, side: Side | None) -> str:
        return f"{number}{side.value}" if mitchell and side is not None else str(number)

    root = _group(None, "USEBIO", Version=written.name)
    club = _group(root, "CLUB")
    _field(club, "CLUB_NAME", particulars.club)
    _field(club, "CLUB_ID_NUMBER", particulars.club_number)
    event = _group(root, "EVENT", EVENT_TYPE=kind)
    _field(event, "EVENT_IDENTIFIER", particulars.event_id)
    _field(event, "EVENT_DESCRIPTION", session.event)
    _field(event, "PROGRAM_NAME", "xlbridge")
    _field(event, "PROGRAM_VERSION", __version__)
    _field(event, "WINNER_TYPE", session.field_kind.usebio_winners)
    _field(event, "DATE", session.date.strftime("%d/%m/%Y") if isinstance(session.date, dt.date) else "")
    if named:
        _field(event, "MASTER_POINT_SCALE", scale.usebio_scale)
        _field(event, "MASTER_POINT_TYPE", scale.usebio_type)
    _field(event, "MPS_AWARDED_FLAG", "Y" if named else "N")
    _field(event, "SESSION_COUNT", 1)
    _field(event, "SECTION_COUNT", 1)
    if particulars.charge_code:
        _field(event, written.charge_tag, particulars.charge_code)
    contact = _group(event, "CONTACT")
    _field(contact, "FULL_NAME", particulars.contact)
    _field(contact, "TELEPHONE", particulars.telephone)
    _field(contact, "EMAIL", particulars.email)
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
        for index, player in enumerate(pair.players):
            holder = _group(element, "PLAYER")
            _field(holder, "PLAYER_NAME", player)
            _field(holder, "NATIONAL_ID_NUMBER", pair.members[index] if index < len(pair.members) else "")
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
    return written.prologue + tostring(root, encoding="unicode", short_empty_elements=False)


def _number(value: object) -> str:
    """A figure as USEBIO writes it: whole numbers as they are, others to 2 decimals (7.5, 7.88)."""
    if isinstance(value, (int, float, Fraction)) and not isinstance(value, bool):
        number = float(value)
        return str(int(number)) if number.is_integer() else two_decimals(number).rstrip("0").rstrip(".")
    return "" if value is None else str(value)
