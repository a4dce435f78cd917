"""Between the Bridgemate Data Connector's DTOs and xlbridge's session, both ways, with no network in sight.

Out: a :class:`~xlbridge.engine.movements.Movement` and its pairs (with the players' names) become the
``InitDTO`` that initialises an event in Bridgemate Control Software (BCS 5): the session, its scoring group, each
section with its tables and their rounds (the pairs and the boards), the players and where they sit in round 1.
In: each ``ResultDTO`` the tables send back becomes a :class:`TableEntry`: a result (an engine
:class:`~xlbridge.engine.session.Line`, or an :class:`~xlbridge.engine.session.Unscorable` row with its reason),
a board not played, or an erasure, at its section, table, round and board. A line goes back to a ``ResultDTO`` too.

Every code comes from the Bridgemate Data Connector developer's guide (Bridge Systems BV, the pages ResultDTO,
RoundDTO, SectionDTO, ScoringGroupDTO, ParticipationDTO and PlayerDataDTO), under the names the official client's
DTO classes give them; a value outside them, or of another kind than its field's (:mod:`.wire`), is refused, named.
"""

from __future__ import annotations

import datetime as dt
import functools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from bridgemate_dataconnector import validate_init_dto, validate_section_update_dto
from bridgemate_dataconnector.dto import (
    InitDTO,
    ParticipationDTO,
    PlayerDataDTO,
    ResultDTO,
    RoundDTO,
    ScoringGroupDTO,
    SectionDTO,
    SectionUpdateDTO,
    SessionDTO,
    TableDirection,
    TableDTO,
)

from ...engine.errors import BridgeInputError, ResultDTOError
from ...engine.model import PASSED_OUT, Contract, Doubling, Play, Seat, Strain
from ...engine.movements import Encounter, Movement
from ...engine.pairs import Pair
from ...engine.parse import Artificial, normalise_text
from ...engine.session import Line, Row, Typed, Unscorable, read_line
from ...rules import ARTIFICIAL_CODES, SESSION_METHODS, SessionMethod, Side
from ...rules.methods import ACBL_MP, BUTLER, CROSS_IMP, MP
from .wire import LETTERS, kind_problem, where_played, where_sent

__all__ = [
    "EntryKind",
    "Event",
    "ResultKey",
    "Section",
    "TableEntry",
    "init_dto",
    "misplaced",
    "read_result",
    "result_dto",
    "section_update_dto",
]

#: Where a board was played: section letters, table, round, board.
ResultKey = tuple[str, int, int, int]

# ResultDTO: the contract's denomination, the declarer's seat, the stake (the guide's ResultDTO page).
DENOMINATIONS: Mapping[int, Strain] = {
    ResultDTO.Denomination_Clubs: Strain.CLUBS,
    ResultDTO.Denomination_Diamonds: Strain.DIAMONDS,
    ResultDTO.Denomination_Hearts: Strain.HEARTS,
    ResultDTO.Denomination_Spades: Strain.SPADES,
    ResultDTO.Denomination_NoTrump: Strain.NOTRUMP,
}
DECLARERS: Mapping[int, Seat] = {
    ResultDTO.Direction_North: Seat.NORTH,
    ResultDTO.Direction_East: Seat.EAST,
    ResultDTO.Direction_South: Seat.SOUTH,
    ResultDTO.Direction_West: Seat.WEST,
}
STAKES: Mapping[int, Doubling] = {
    ResultDTO.Stake_Normal: Doubling.UNDOUBLED,
    ResultDTO.Stake_Doubled: Doubling.DOUBLED,
    ResultDTO.Stake_Redoubled: Doubling.REDOUBLED,
}
#: The lead: LeadCardRank 2-14 (11 Jack ... 14 Ace; 0 none) and LeadCardSuit 1-4, as a traveller writes a card.
LEAD_RANKS: Mapping[int, str] = {**{rank: str(rank) for rank in range(2, 10)}, 10: "T", 11: "J", 12: "Q", 13: "K",
                                 14: "A"}  # fmt: skip
LEAD_SUITS: Mapping[int, str] = {1: "C", 2: "D", 3: "H", 4: "S"}
SCORING_DIRECTIONS: Mapping[int, str] = {
    ResultDTO.ScoringDirection_NS: "ScoringDirection_NS",
    ResultDTO.ScoringDirection_EW: "ScoringDirection_EW",
    ResultDTO.ScoringDirection_NSEW: "ScoringDirection_NSEW",
}
# Average plus, average and average minus as percentages (Law 12C2(a)), as xlbridge's own artificial scores have them.
_PLUS, _AVERAGE, _MINUS = ARTIFICIAL_CODES["A+"][0], ARTIFICIAL_CODES["A"][0], ARTIFICIAL_CODES["A-"][0]
#: The artificial scores a Level below zero stands for: (the guide's name, the scoring direction's percentage,
#: the opponents'); with ScoringDirection_EW the scoring direction is East-West.
ARTIFICIAL_LEVELS: Mapping[int, tuple[str, int, int]] = {
    ResultDTO.AvgMinMin: ("AvgMinMin", _MINUS, _MINUS),
    ResultDTO.AvgMinAvg: ("AvgMinAvg", _MINUS, _AVERAGE),
    ResultDTO.AvgMinPlus: ("AvgMinPlus", _MINUS, _PLUS),
    ResultDTO.AvgAvgMin: ("AvgAvgMin", _AVERAGE, _MINUS),
    ResultDTO.AvgAvgAvg: ("AvgAvgAvg", _AVERAGE, _AVERAGE),
    ResultDTO.AvgAvgPlus: ("AvgAvgPlus", _AVERAGE, _PLUS),
    ResultDTO.AvgPlusMin: ("AvgPlusMin", _PLUS, _MINUS),
    ResultDTO.AvgPlusAvg: ("AvgPlusAvg", _PLUS, _AVERAGE),
    ResultDTO.AvgPlusPlus: ("AvgPlusPlus", _PLUS, _PLUS),
}
#: How BCS scores a scoring group, for each of xlbridge's methods (ScoringGroupDTO.ScoringType_*): what the
#: Bridgemates show as the ranking; xlbridge's own figures come from its own scoring of the results. Butler
#: trims the datum (Compscore3's convention), which BCS's nearest is to omit 10%.
SCORING_TYPES: Mapping[str, int] = {
    MP.name: ScoringGroupDTO.ScoringType_Pairs,
    ACBL_MP.name: ScoringGroupDTO.ScoringType_Pairs,
    CROSS_IMP.name: ScoringGroupDTO.ScoringType_XImp3_Average,
    BUTLER.name: ScoringGroupDTO.ScoringType_Imp3_10Percent,
}
#: InitDTO.Commands: start BCS (1), reset the Bridgemates with this event (2), start reading results (4).
START_COMMANDS = InitDTO.StartBCS | InitDTO.Command_Reset | InitDTO.Command_StartReading
#: A lead as typed: rank then suit (AD, 10H) or suit then rank (DA), suit symbols allowed.
_LEAD = re.compile(r"(?:(?P<rank>10|[2-9TJQKA])(?P<suit>[CDHS])|(?P<suit2>[CDHS])(?P<rank2>10|[2-9TJQKA]))")


@dataclass(frozen=True)
class Section:
    """One section of the event: its movement and its pairs (numbered as the movement numbers them, with the
    players' names), under its letters, in its scoring group."""

    movement: Movement
    pairs: tuple[Pair, ...] = ()
    letters: str = "A"
    group: int = 1

    def __post_init__(self) -> None:
        if not LETTERS.fullmatch(self.letters):
            raise BridgeInputError(f"section {self.letters!r}: Bridgemate's sections are A-Z, AA-ZZ or AAA-ZZZ")

    def encounter(self, round_number: int, table: int) -> Encounter | None:
        return self._at.get((round_number, table))

    @functools.cached_property
    def _at(self) -> dict[tuple[int, int], Encounter]:
        return {(e.round, e.table): e for e in self.movement.encounters}

    def names(self, pair: Pair) -> tuple[str, ...]:
        """The players of the movement's ``pair``, as the session lists them (none when it does not): by number
        and, where the movement numbers North-South and East-West apart, direction."""
        return tuple(name for name, _ in self.players(pair))

    def players(self, pair: Pair) -> tuple[tuple[str, str], ...]:
        """The named players of the movement's ``pair`` (as :meth:`names` finds them), each with his membership
        number ("" for none)."""
        for listed in self.pairs:
            if str(listed.number) == str(pair.number) and pair.direction in (None, listed.direction):
                return tuple((player, member) for player, member in listed.numbered if player.strip())
        return ()


@dataclass(frozen=True)
class Event:
    """An event as BCS holds it: one session (its guid, 32 capital hex digits), its name, date and scoring."""

    session_guid: str
    name: str
    date: dt.date
    sections: tuple[Section, ...]
    method: SessionMethod = SESSION_METHODS.default

    def section(self, letters: str) -> Section | None:
        return next((section for section in self.sections if section.letters == letters), None)

    def with_section(self, section: Section) -> Event:
        kept = tuple(other for other in self.sections if other.letters != section.letters)
        return Event(self.session_guid, self.name, self.date, (*kept, section), self.method)


class EntryKind(StrEnum):
    RESULT = "result"
    NOT_PLAYED = "not played"
    ERASED = "erased"


@dataclass(frozen=True, slots=True)
class TableEntry:
    """What the tables sent for one board at one table: a result (``row``: a :class:`Line`, or an
    :class:`Unscorable` row that says why it cannot be scored), a board not played, or the erasure of what was
    sent before."""

    section: str
    table: int
    round: int
    board: int
    kind: EntryKind
    row: Row | None = None

    @property
    def key(self) -> ResultKey:
        return (self.section, self.table, self.round, self.board)

    @property
    def where(self) -> str:
        return where_played(self.section, self.table, self.round, self.board)


# --- out: the event ------------------------------------------------------------------------------------------


def _rounds(section: Section, guid: str, table: int) -> list[RoundDTO]:
    """A table's rounds, 1 to the last; a round the movement does not use the table in is an empty table."""
    rounds = []
    for number in range(1, section.movement.rounds + 1):
        encounter = section.encounter(number, table)
        ns = encounter.ns if encounter is not None else None
        ew = encounter.ew if encounter is not None else None
        boards = encounter.boards if encounter is not None and not encounter.sit_out else None
        rounds.append(RoundDTO(session_guid=guid, section_letters=section.letters, table_number=table,
                               round_number=number, low_board_number=boards.first if boards else 0,
                               high_board_number=boards.last if boards else 0, pair_ns=ns or 0,
                               pair_ew=ew or 0))  # fmt: skip
    return rounds


def _missing_pair(movement: Movement) -> int:
    """SectionDTO.MissingPair: the phantom's number; in a two-winner section negative for an East-West pair."""
    if movement.phantom is None:
        return 0
    number = movement.phantom.number
    assert isinstance(number, int)  # a movement numbers its pairs
    return -number if movement.two_fields and movement.phantom.direction is Side.EW else number


def _tables(section: Section, guid: str) -> list[TableDTO]:
    tables = range(1, section.movement.tables + 1)
    return [TableDTO(session_guid=guid, section_letters=section.letters, table_number=table,
                     rounds=_rounds(section, guid, table)) for table in tables]  # fmt: skip


def _section_dto(section: Section, guid: str) -> SectionDTO:
    movement = section.movement
    return SectionDTO(session_guid=guid, scoring_group_number=section.group, letters=section.letters,
                      winners=2 if movement.two_fields else 1, game_type=SectionDTO.GameType_Pairs,
                      missing_pair=_missing_pair(movement), tables=_tables(section, guid))  # fmt: skip


def _split_name(name: str) -> tuple[str, str]:
    """(first name, last name): ``Smith, John`` and ``John Smith`` alike; one word is a last name."""
    if "," in name:
        last, _, first = (part.strip() for part in name.partition(","))
        return ("", first) if not last else (first, last)
    words = name.split()
    return " ".join(words[:-1]), words[-1]


def _seats(section: Section, guid: str, club_id: str) -> tuple[list[PlayerDataDTO], list[ParticipationDTO]]:
    """Each named player as player data (his membership number as the Data Connector's player number, as the
    federation's scorers send it; a player without one, or whose number another player of the session already
    has, numbered by section, pair and seat: ``A-7NS-1``, as BCS needs a number unique in the session) and where
    he sits in round 1 (BCS follows the movement from there). A pair takes its seats in its order: first player
    North (or East), second South (or West)."""
    players, participations = [], []
    taken: set[str] = set()
    for encounter in sorted(section.movement.round(1), key=lambda e: e.table):
        for side, seats in ((Side.NS, (TableDirection.North, TableDirection.South)),
                            (Side.EW, (TableDirection.East, TableDirection.West))):  # fmt: skip
            pair = section.movement.pair_at(encounter, side)
            if pair is None:
                continue
            for index, ((name, member), seat) in enumerate(zip(section.players(pair), seats, strict=False), start=1):
                first, last = _split_name(name)
                number = member if member and member not in taken else ""
                number = number or f"{section.letters}-{pair.number}{pair.direction_text}-{index}"
                taken.add(number)
                players.append(PlayerDataDTO(session_guid=guid, club_id=club_id, player_number=number,
                                             first_name=first or None, last_name=last))  # fmt: skip
                participations.append(ParticipationDTO(session_guid=guid, section_letters=section.letters,
                                                       table_number=encounter.table, direction=seat, round_number=1,
                                                       player_number=number))  # fmt: skip
    return players, participations


def _refused(what: str, messages: Sequence[str] | None) -> BridgeInputError:
    return BridgeInputError(f"{what} does not pass the Data Connector's checks: {'; '.join(messages or [])}")


def init_dto(event: Event, club_id: str, commands: int = START_COMMANDS) -> InitDTO:
    """The InitDTO that initialises ``event`` in BCS: its session, scoring groups, sections, tables, rounds,
    players and round-1 seats; checked as the client checks it (a refusal names each problem)."""
    guid = event.session_guid
    groups = []
    for number in sorted({section.group for section in event.sections}):
        sections = [_section_dto(section, guid) for section in event.sections if section.group == number]
        method = SCORING_TYPES[event.method.name]
        groups.append(ScoringGroupDTO(session_guid=guid, club_id=club_id, sections=sections,
                                      scoring_group_number=number, scoring_method=method))  # fmt: skip
    session = SessionDTO(scoring_groups=groups, session_guid=guid, name=event.name or "Pairs", year=event.date.year,
                         month=event.date.month, day=event.date.day)  # fmt: skip
    players: list[PlayerDataDTO] = []
    participations: list[ParticipationDTO] = []
    for section in event.sections:
        named, seated = _seats(section, guid, club_id)
        players += named
        participations += seated
    dto = InitDTO(commands=commands, club_id=club_id, sessions=[session], player_data=players,
                  participations=participations)  # fmt: skip
    if not validate_init_dto(dto):
        raise _refused(f"event {event.name!r}", dto.validation_messages)
    return dto


def section_update_dto(event: Event, letters: str, club_id: str) -> SectionUpdateDTO:
    """The SectionUpdateDTO that adds section ``letters`` of ``event`` to BCS (or replaces its movement), with
    its players and their round-1 seats."""
    section = event.section(letters)
    if section is None:
        raise BridgeInputError(f"section {letters!r} is not one of the event's")
    guid = event.session_guid
    players, participations = _seats(section, guid, club_id)
    dto = SectionUpdateDTO(session_guid=guid, club_id=club_id, scoring_group_number=section.group,
                           scoring_group_scoring_method=SCORING_TYPES[event.method.name], letters=letters,
                           winners=2 if section.movement.two_fields else 1, game_type=SectionDTO.GameType_Pairs,
                           missing_pair=_missing_pair(section.movement), added_players=players,
                           participations=participations, tables=_tables(section, guid))  # fmt: skip
    if not validate_section_update_dto(dto):
        raise _refused(f"section {letters}", dto.validation_messages)
    return dto


# --- in: the tables' results ---------------------------------------------------------------------------------


def _named(table: Mapping[int, object], value: int, field: str, names: Sequence[str]) -> None:
    if value not in table:
        raise ResultDTOError(f"{field} {value}: not one of {', '.join(names)}")


def _lead(dto: ResultDTO) -> str:
    if dto.lead_card_rank == 0:
        return ""
    if dto.lead_card_rank not in LEAD_RANKS:
        raise ResultDTOError(f"LeadCardRank {dto.lead_card_rank}: 2-10, 11 (Jack) to 14 (Ace), or 0 for none")
    if dto.lead_card_suit not in LEAD_SUITS:
        raise ResultDTOError(f"LeadCardSuit {dto.lead_card_suit}: 1 (Clubs) to 4 (Spades)")
    return LEAD_RANKS[dto.lead_card_rank] + LEAD_SUITS[dto.lead_card_suit]


def read_result(dto: ResultDTO, session_guid: str = "") -> TableEntry:
    """A result as the tables sent it, read as a :class:`TableEntry`.

    A contract is checked as a typed line is (a contract with no declarer is kept as an :class:`Unscorable` row
    saying so). The pairs are the ones that sat North-South and East-West: when the declaring pair is not the
    pair of the declarer's seat (BCS's "switched seating": the pairs sat the other way round), the declaring
    pair sat in the declarer's direction, and the line says so, for the entry checks to name the swap. A code
    outside the interface's, a value of another kind than its field's, or a result of another session than
    ``session_guid`` (when given) raises :class:`ResultDTOError`, naming where, the field and what it may be.
    """
    fields = dto.to_dict()
    try:
        problem = kind_problem(fields, session_guid)
        if problem:
            raise ResultDTOError(problem)
        kind, row = _read(dto)
    except ResultDTOError as error:
        raise ResultDTOError(error.problem, where_sent(fields)) from None
    return TableEntry(dto.section_letters or "", dto.table_number, dto.round_number, dto.board_number, kind, row)


def _read(dto: ResultDTO) -> tuple[EntryKind, Row | None]:
    if dto.is_deleted:
        return EntryKind.ERASED, None
    if dto.level == ResultDTO.ContractLevel_NoPLay:
        return EntryKind.NOT_PLAYED, None
    ns, ew = dto.pair_north_south, dto.pair_east_west
    if dto.declaring_pair not in (ns, ew):
        raise ResultDTOError(f"DeclaringPair {dto.declaring_pair} is neither PairNorthSouth {ns} nor PairEastWest {ew}")
    lead = _lead(dto)
    if dto.level in ARTIFICIAL_LEVELS:
        return EntryKind.RESULT, _artificial(dto, ns, ew, lead)
    if dto.level == ResultDTO.ContractLevel_Pass:
        return EntryKind.RESULT, read_line(dto.board_number, ns, ew, str(PASSED_OUT), lead=lead)
    if not 1 <= dto.level <= 7:
        raise ResultDTOError(f"Level {dto.level}: 1-7 for a contract, 0 for Pass, -1 to -9 for an artificial score "
                             "(AvgMinMin to AvgPlusPlus), -10 for ContractLevel_NoPLay")  # fmt: skip
    return EntryKind.RESULT, _contract(dto, ns, ew, lead)


def _artificial(dto: ResultDTO, ns: int, ew: int, lead: str) -> Row:
    name, scoring, opponents = ARTIFICIAL_LEVELS[dto.level]
    if scoring != opponents and dto.scoring_direction not in SCORING_DIRECTIONS:
        raise ResultDTOError(f"Level {dto.level} ({name}) with ScoringDirection {dto.scoring_direction}: "
                             f"which side has which score needs {', '.join(SCORING_DIRECTIONS.values())}")  # fmt: skip
    split = (opponents, scoring) if dto.scoring_direction == ResultDTO.ScoringDirection_EW else (scoring, opponents)
    return read_line(dto.board_number, ns, ew, lead=lead, adjusted=str(Artificial(*split)))


def _contract(dto: ResultDTO, ns: int, ew: int, lead: str) -> Row:
    _named(DENOMINATIONS, dto.denomination, "Denomination", ["1 (Clubs)", "2 (Diamonds)", "3 (Hearts)",
                                                             "4 (Spades)", "5 (NoTrump)"])  # fmt: skip
    _named(STAKES, dto.stake, "Stake", ["0 (Normal)", "1 (Doubled)", "2 (Redoubled)"])
    if not 0 <= dto.total_tricks <= 13:
        raise ResultDTOError(f"TotalTricks {dto.total_tricks}: 0 to 13")
    if dto.scoring_direction != ResultDTO.ScoringDirection_NSEW:
        named = SCORING_DIRECTIONS.get(dto.scoring_direction, f"ScoringDirection {dto.scoring_direction}")
        raise ResultDTOError(f"{named}: a result for one side only (a split score), which xlbridge cannot hold; "
                             "enter each side's adjusted score by hand")  # fmt: skip
    contract = Contract(dto.level, DENOMINATIONS[dto.denomination], STAKES[dto.stake])
    result = Play(contract, None, dto.total_tricks).result_text
    seat = DECLARERS.get(dto.declarer_direction)
    if seat is None and dto.declarer_direction != 0:
        raise ResultDTOError(f"DeclarerDirection {dto.declarer_direction}: 1 (North) to 4 (West), 0 for none")
    if seat is not None and (seat.side is Side.NS) != (dto.declaring_pair == ns):
        ns, ew = ew, ns  # switched seating: the declaring pair sat in the declarer's direction
    declarer = "" if seat is None else seat.value
    try:
        return read_line(dto.board_number, ns, ew, str(contract), declarer, result, lead)
    except BridgeInputError as error:
        return Unscorable(dto.board_number, ns, ew, Typed(str(contract), declarer, lead, result), error.message)


def misplaced(event: Event, entry: TableEntry) -> str:
    """Why ``entry`` has no place in the event's movements (a section, table or round it lacks, a sit-out, a
    board not played there), or ""."""
    section = event.section(entry.section)
    if section is None:
        known = ", ".join(other.letters for other in event.sections)
        return f"section {entry.section} is not in this event (its sections: {known}); was it added in BCS?"
    movement = section.movement
    encounter = section.encounter(entry.round, entry.table)
    if encounter is None:
        if not 1 <= entry.table <= movement.tables:
            return f"table {entry.table}: section {section.letters}'s movement has tables 1-{movement.tables}"
        return f"round {entry.round}: section {section.letters}'s movement has rounds 1-{movement.rounds}"
    if encounter.sit_out:
        sitting = movement.pair_at(encounter, Side.EW if encounter.ns is None else Side.NS)
        who = "nobody" if sitting is None else f"pair {sitting.number}{sitting.direction_text}"
        return (f"round {entry.round}, table {entry.table}: {who} sits out there (the phantom's table), so no board "
                "is played")  # fmt: skip
    if entry.board not in encounter.boards.boards:
        return f"board {entry.board} is not played at table {entry.table} in round {entry.round} ({encounter.boards})"
    return ""


# --- back out: a line as the tables would send it ------------------------------------------------------------


def _card(lead: str) -> tuple[int, int]:
    """(LeadCardRank, LeadCardSuit) of a lead as typed (``AD``, ``10H``, ``♦A``; blank: no lead)."""
    text = normalise_text(lead)
    if not text:
        return 0, 0
    found = _LEAD.fullmatch(text)
    if found is None:
        raise BridgeInputError(f"lead {lead!r}: expected a card such as AD, 7H or TS")
    rank, suit = found["rank"] or found["rank2"], found["suit"] or found["suit2"]
    rank = "T" if rank == "10" else rank
    ranks = {text: number for number, text in LEAD_RANKS.items()}
    suits = {text: number for number, text in LEAD_SUITS.items()}
    return ranks[rank], suits[suit]


def result_dto(session_guid: str, entry: TableEntry) -> ResultDTO:
    """``entry`` as the tables would send it (an erasure, a board not played, or its line: a contract or an
    artificial score of average plus, average or average minus for each side). A line the interface has no
    form for (an assigned score in points, a weighted score, another split) is refused, saying so."""
    dto = ResultDTO(session_guid=session_guid, section_letters=entry.section, table_number=entry.table,
                    round_number=entry.round, board_number=entry.board,
                    scoring_direction=ResultDTO.ScoringDirection_NSEW)  # fmt: skip
    if entry.kind is EntryKind.ERASED:
        dto.is_deleted = True
        return dto
    if entry.kind is EntryKind.NOT_PLAYED:
        dto.level = ResultDTO.ContractLevel_NoPLay
        return dto
    line = entry.row
    if not isinstance(line, Line):
        raise BridgeInputError(f"{entry.where}: only a result that can be scored can be sent")
    if not isinstance(line.ns, int) or not isinstance(line.ew, int):
        raise BridgeInputError(f"{entry.where}: Bridgemate numbers pairs; NS {line.ns} v EW {line.ew}")
    dto.pair_north_south, dto.pair_east_west, dto.declaring_pair = line.ns, line.ew, line.ns
    dto.lead_card_rank, dto.lead_card_suit = _card(line.lead)
    if line.play is None:
        levels = {(scoring, opponents): level for level, (_, scoring, opponents) in ARTIFICIAL_LEVELS.items()}
        adjusted = line.adjusted
        split = (adjusted.ns_percent, adjusted.ew_percent) if isinstance(adjusted, Artificial) else None
        if split not in levels:
            raise BridgeInputError(f"{entry.where}: adjusted score {line.adjusted_text}: Bridgemate's artificial "
                                   "scores are average plus, average or average minus for each side")  # fmt: skip
        dto.level = levels[split]
        return dto
    play = line.play
    if play.contract.passed_out:
        dto.level = ResultDTO.ContractLevel_Pass
        return dto
    assert play.declarer is not None  # read_play insists on one for a contract
    dto.level, dto.total_tricks = play.contract.level, play.tricks
    dto.denomination = {strain: code for code, strain in DENOMINATIONS.items()}[play.contract.strain]
    dto.stake = {doubling: code for code, doubling in STAKES.items()}[play.contract.doubling]
    dto.declarer_direction = {seat: code for code, seat in DECLARERS.items()}[play.declarer]
    dto.declaring_pair = line.ns if play.declarer.side is Side.NS else line.ew
    return dto
