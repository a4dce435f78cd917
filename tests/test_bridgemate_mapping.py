"""The mapping between the Bridgemate Data Connector's DTOs and xlbridge's session, both ways: the event BCS is
initialised with (sections, tables, rounds, boards, players and their seats), and every form of result the
interface has (contracts, declarers, tricks, leads, Pass, the nine artificial scores, "no play", an erasure),
each code outside the interface's refused by name. The codes are the developer's guide's ResultDTO page's."""

from __future__ import annotations

import datetime as dt
from collections import Counter

import pytest
from bridgemate_dataconnector import validate_init_dto
from bridgemate_dataconnector.dto import ResultDTO, TableDirection
from hypothesis import given
from hypothesis import strategies as st

from xlbridge.engine.errors import ResultDTOError
from xlbridge.engine.movements import Encounter, howell, mitchell
from xlbridge.engine.pairs import Pair
from xlbridge.engine.parse import Artificial, Weighted
from xlbridge.engine.session import Line, Unscorable, read_line
from xlbridge.files.bridgemate.mapping import (
    EntryKind,
    Event,
    Section,
    TableEntry,
    init_dto,
    misplaced,
    read_result,
    result_dto,
    section_update_dto,
)
from xlbridge.files.bridgemate.wire import PLACE_FIELDS, RESULT_FIELDS, same_session
from xlbridge.rules import SESSION_METHODS, Side

GUID = "0123456789ABCDEF0123456789ABCDEF"
DATE = dt.date(2025, 3, 4)


def named(movement_pairs: tuple[Pair, ...]) -> tuple[Pair, ...]:
    """The movement's pairs with two players each: ``Ann North3NS`` and ``Bob South3NS``."""
    return tuple(Pair(p.number, p.direction, (f"Ann North{p.number}{p.direction_text}",
                                              f"Bob South{p.number}{p.direction_text}"))
                 for p in movement_pairs)  # fmt: skip


def event_of(*sections: Section, method: object = None) -> Event:
    chosen = SESSION_METHODS.find(method) if method else SESSION_METHODS.default
    assert chosen is not None
    return Event(GUID, "Tuesday pairs", DATE, sections, chosen)


def rounds_sent(event: Event, letters: str = "A") -> list[Encounter]:
    """The encounters the InitDTO holds for a section, read back from its RoundDTOs (a sit-out's missing pair as
    None), with the boards of a sit-out taken from the movement (the DTO must carry none)."""
    dto = init_dto(event, "CLUB1")
    section = next(s for g in dto.sessions[0].scoring_groups for s in g.sections if s.letters == letters)
    movement = event.section(letters).movement
    found = []
    for table in section.tables:
        for r in table.rounds:
            ours = event.section(letters).encounter(r.round_number, r.table_number)
            if r.pair_ns == 0 or r.pair_ew == 0:
                assert (r.low_board_number, r.high_board_number) == (0, 0)
            else:
                assert (r.low_board_number, r.high_board_number) == (ours.boards.first, ours.boards.last)
            found.append(Encounter(r.round_number, r.table_number, r.pair_ns or None, r.pair_ew or None,
                                   ours.boards, ours.switched))  # fmt: skip
    assert len(found) == movement.tables * movement.rounds
    return sorted(found, key=lambda e: (e.round, e.table))


@pytest.mark.parametrize(
    ("movement", "winners", "missing"),
    [
        (mitchell(7, 3), 2, 0),
        (mitchell(4, 3, pairs=7), 2, 4),  # NS 4 missing: positive
        (mitchell(5, 2, phantom="3EW"), 2, -3),  # an East-West pair missing is negative in a two-winner section
        (mitchell(5, 3, winners="one"), 1, 0),  # arrow-switched in the last round: EW pairs 6-10 sit NS
        (mitchell(6, 3, even="relay"), 2, 0),  # tables 1 and 6 share a set
        (howell(4, 2, pairs=7), 1, 8),
        (howell(3, 2), 1, 0),
    ],
    ids=["mitchell-7", "mitchell-phantom-ns", "mitchell-phantom-ew", "one-winner", "relay", "howell-7", "howell-3"],
)
def test_every_round_of_every_table_is_sent_as_the_movement_has_it(movement, winners, missing) -> None:
    """Each table's rounds, 1 to the last, hold the movement's pairs and boards (a sit-out: the missing pair 0
    and no boards); the section has one or two winners as the movement ranks it, and its missing pair."""
    event = event_of(Section(movement, named(movement.pairs)))
    assert rounds_sent(event) == list(movement.encounters)
    section = init_dto(event, "CLUB1").sessions[0].scoring_groups[0].sections[0]
    assert (section.winners, section.missing_pair, section.letters) == (winners, missing, "A")


def test_players_are_seated_in_round_one_as_the_movement_seats_them() -> None:
    """Every named player has player data (a number unique in the session) and one round-1 seat: first player
    North or East, second South or West, at the table the movement gives the pair in round 1 (the phantom's
    opponents too: they sit out there)."""
    movement = mitchell(4, 3, pairs=7)
    dto = init_dto(event_of(Section(movement, named(movement.pairs))), "CLUB1")
    assert validate_init_dto(dto)
    numbers = [player.player_number for player in dto.player_data]
    assert len(numbers) == len(set(numbers)) == 14
    assert sorted(p.player_number for p in dto.participations) == sorted(numbers)
    seats = {p.player_number: (p.table_number, p.direction, p.round_number) for p in dto.participations}
    names = {p.player_number: (p.first_name, p.last_name) for p in dto.player_data}
    for encounter in movement.round(1):
        for side, first, second in ((Side.NS, TableDirection.North, TableDirection.South),
                                    (Side.EW, TableDirection.East, TableDirection.West)):  # fmt: skip
            pair = movement.pair_at(encounter, side)
            if pair is None:
                continue
            label = f"{pair.number}{pair.direction_text}"
            assert seats[f"A-{label}-1"] == (encounter.table, first, 1)
            assert seats[f"A-{label}-2"] == (encounter.table, second, 1)
            assert names[f"A-{label}-1"] == ("Ann", f"North{label}")
    assert {p.club_id for p in dto.player_data} == {"CLUB1"}


@pytest.mark.parametrize(
    ("name", "first", "last"),
    [("John Smith", "John", "Smith"), ("Smith, John", "John", "Smith"), ("Mary Ann de Vries", "Mary Ann de", "Vries"),
     ("Cher", None, "Cher"), ("Smith,", None, "Smith"), (", Cher", None, "Cher")],
)  # fmt: skip
def test_a_name_is_split_into_first_and_last(name, first, last) -> None:
    """BCS needs a last name: "First Last", "Last, First" and a single name all give one."""
    movement = howell(3, 2)
    pairs = (Pair(1, None, (name, "")), Pair(2))
    dto = init_dto(event_of(Section(movement, pairs)), "C")
    assert [(p.first_name, p.last_name) for p in dto.player_data] == [(first, last)]


def test_names_are_found_by_number_and_direction() -> None:
    """In a two-winner Mitchell NS 1 and EW 1 are two pairs: each gets its own names, and a names list without
    directions names neither; in a one-field movement the number alone finds the pair."""
    movement = mitchell(3, 2)
    listed = (Pair(1, Side.EW, ("Eve East", "Wes West")), Pair(1, Side.NS, ("Ned North", "Sue South")))
    dto = init_dto(event_of(Section(movement, listed)), "C")
    named = {p.player_number: p.last_name for p in dto.player_data}
    assert named == {"A-1NS-1": "North", "A-1NS-2": "South", "A-1EW-1": "East", "A-1EW-2": "West"}
    assert init_dto(event_of(Section(movement, (Pair(1, None, ("Ann Other",)),))), "C").player_data == []
    howell_names = (Pair(5, Side.NS, ("Ann Other",)),)
    assert [p.player_number for p in init_dto(event_of(Section(howell(3, 2), howell_names)), "C").player_data] == [
        "A-5-1"
    ]


def test_pairs_without_names_have_no_players() -> None:
    """A session without names sends the movement alone; the Bridgemates show pair numbers."""
    dto = init_dto(event_of(Section(howell(4, 2))), "C")
    assert dto.player_data == []
    assert dto.participations == []
    assert validate_init_dto(dto)


@pytest.mark.parametrize("method", SESSION_METHODS.names())
def test_every_scoring_method_has_a_bcs_scoring_type(method: str) -> None:
    """Walking the registry: every method of xlbridge gives a scoring group BCS accepts."""
    dto = init_dto(event_of(Section(mitchell(3, 2)), method=method), "C")
    assert validate_init_dto(dto)
    assert dto.sessions[0].scoring_groups[0].scoring_method in (10, 26, 36)


def test_two_sections_and_a_section_added_later() -> None:
    """Sections keep their own tables and letters; a section added later is a SectionUpdateDTO with its players."""
    a, b = mitchell(3, 2), howell(3, 2)
    event = event_of(Section(a, named(a.pairs)), Section(b, named(b.pairs), letters="B", group=2))
    dto = init_dto(event, "C")
    assert [[s.letters for s in g.sections] for g in dto.sessions[0].scoring_groups] == [["A"], ["B"]]
    assert rounds_sent(event, "B") == list(b.encounters)
    update = section_update_dto(event, "B", "C")
    assert (update.letters, update.scoring_group_number, update.winners, len(update.tables)) == ("B", 2, 1, 3)
    assert len(update.added_players) == len(update.participations) == 12
    with pytest.raises(ValueError, match="section 'C' is not one of the event's"):
        section_update_dto(event, "C", "C")


@pytest.mark.parametrize("letters", ["a", "AB", "", "AAAA", "1"])
def test_section_letters_are_refused_unless_bridgemate_has_them(letters: str) -> None:
    with pytest.raises(ValueError, match="A-Z, AA-ZZ or AAA-ZZZ"):
        Section(mitchell(3, 2), letters=letters)


# --- results --------------------------------------------------------------------------------------------------


def wire(**fields: object) -> ResultDTO:
    """A result as the tables send it: section A, table 2, round 3, board 7, NS 2 v EW 5, both sides scored."""
    base = {"session_guid": GUID, "section_letters": "A", "table_number": 2, "round_number": 3, "board_number": 7,
            "scoring_direction": 3, "pair_north_south": 2, "pair_east_west": 5, "declaring_pair": 2}  # fmt: skip
    return ResultDTO(**{**base, **fields})


STRAINS = {1: "C", 2: "D", 3: "H", 4: "S", 5: "NT"}
SEATS = {1: "N", 2: "E", 3: "S", 4: "W"}
DOUBLINGS = {0: "", 1: "X", 2: "XX"}


@pytest.mark.parametrize("denomination", STRAINS)
@pytest.mark.parametrize("stake", DOUBLINGS)
@pytest.mark.parametrize("declarer", SEATS)
def test_every_contract_and_declarer_reads_as_the_typed_line(denomination, stake, declarer) -> None:
    """Level, Denomination, Stake, DeclarerDirection and TotalTricks read as the same contract typed on the
    Results sheet reads (4 of each strain, each doubling, each declarer, made with an overtrick)."""
    pair = 2 if declarer in (1, 3) else 5
    dto = wire(level=4, denomination=denomination, stake=stake, declarer_direction=declarer, total_tricks=11,
               declaring_pair=pair)  # fmt: skip
    entry = read_result(dto)
    typed = read_line(7, 2, 5, f"4{STRAINS[denomination]}{DOUBLINGS[stake]}", SEATS[declarer], "+1")
    assert entry == TableEntry("A", 2, 3, 7, EntryKind.RESULT, typed)
    assert entry.key == ("A", 2, 3, 7)


@pytest.mark.parametrize("tricks", range(14))
def test_every_count_of_tricks(tricks: int) -> None:
    """TotalTricks 0 to 13 are declarer's tricks: 3NT with 9 is made, with 0 nine down, with 13 four over."""
    line = read_result(wire(level=3, denomination=5, declarer_direction=1, total_tricks=tricks)).row
    assert isinstance(line, Line)
    assert line.play is not None
    assert (line.play.tricks, line.contract_text) == (tricks, "3NT")
    assert line.result_text == ("=" if tricks == 9 else f"{tricks - 9:+d}")


@pytest.mark.parametrize(("rank", "suit", "lead"), [(2, 1, "2C"), (9, 2, "9D"), (10, 3, "TH"), (11, 4, "JS"),
                                                    (12, 1, "QC"), (13, 2, "KD"), (14, 3, "AH"), (0, 0, ""),
                                                    (0, 3, "")])  # fmt: skip
def test_the_lead_is_written_as_a_traveller_writes_it(rank: int, suit: int, lead: str) -> None:
    """LeadCardRank 2-14 and LeadCardSuit 1-4 are a card such as AH or TH (rank 0: no lead, whatever the suit)."""
    dto = wire(level=2, denomination=4, declarer_direction=3, total_tricks=8, lead_card_rank=rank,
               lead_card_suit=suit)  # fmt: skip
    assert read_result(dto).row.lead == lead


def test_pass_no_play_and_an_erasure() -> None:
    """Level 0 is a passed-out board, -10 a board not played at the table, IsDeleted the erasure of what the
    table sent for the board (the rest of the entry then means nothing)."""
    assert read_result(wire(level=0)).row == read_line(7, 2, 5, "PASS")
    assert read_result(wire(level=-10)) == TableEntry("A", 2, 3, 7, EntryKind.NOT_PLAYED)
    assert read_result(wire(is_deleted=True, level=99, denomination=9)) == TableEntry("A", 2, 3, 7, EntryKind.ERASED)


@pytest.mark.parametrize(
    ("level", "name", "split"),
    [(-1, "AvgMinMin", (40, 40)), (-2, "AvgMinAvg", (40, 50)), (-3, "AvgMinPlus", (40, 60)),
     (-4, "AvgAvgMin", (50, 40)), (-5, "AvgAvgAvg", (50, 50)), (-6, "AvgAvgPlus", (50, 60)),
     (-7, "AvgPlusMin", (60, 40)), (-8, "AvgPlusAvg", (60, 50)), (-9, "AvgPlusPlus", (60, 60))],
)  # fmt: skip
@pytest.mark.parametrize("direction", [1, 2, 3])
def test_every_artificial_score(level: int, name: str, split: tuple[int, int], direction: int) -> None:
    """The nine artificial Levels are average minus (40%), average (50%) or average plus (60%) for each side
    (Law 12C2(a)): the first for the scoring direction, the second for its opponents; ScoringDirection_EW turns
    them round, ScoringDirection_NSEW is North-South's."""
    line = read_result(wire(level=level, scoring_direction=direction)).row
    ns, ew = split if direction != 2 else split[::-1]
    assert isinstance(line, Line)
    assert line.adjusted == Artificial(ns, ew)
    assert line.play is None


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"level": 3, "denomination": 0, "declarer_direction": 1, "total_tricks": 9}, "Denomination 0: not one of"),
        ({"level": 3, "denomination": 6, "declarer_direction": 1, "total_tricks": 9}, r"5 \(NoTrump\)"),
        ({"level": 3, "denomination": 1, "stake": 3, "declarer_direction": 1, "total_tricks": 9}, "Stake 3"),
        ({"level": 8, "denomination": 1, "declarer_direction": 1}, "Level 8: 1-7 for a contract"),
        ({"level": -11}, "Level -11"),
        ({"level": 3, "denomination": 1, "declarer_direction": 5, "total_tricks": 9}, "DeclarerDirection 5"),
        ({"level": 3, "denomination": 1, "declarer_direction": 1, "total_tricks": 14}, "TotalTricks 14: 0 to 13"),
        ({"level": 3, "denomination": 1, "declarer_direction": 1, "total_tricks": 9, "lead_card_rank": 1,
          "lead_card_suit": 1}, r"LeadCardRank 1: 2-10, 11 \(Jack\) to 14 \(Ace\)"),
        ({"level": 3, "denomination": 1, "declarer_direction": 1, "total_tricks": 9, "lead_card_rank": 15,
          "lead_card_suit": 1}, "LeadCardRank 15"),
        ({"level": 3, "denomination": 1, "declarer_direction": 1, "total_tricks": 9, "lead_card_rank": 14,
          "lead_card_suit": 5}, r"LeadCardSuit 5: 1 \(Clubs\) to 4 \(Spades\)"),
        ({"level": 3, "denomination": 1, "declarer_direction": 1, "total_tricks": 9, "declaring_pair": 9},
         "DeclaringPair 9 is neither PairNorthSouth 2 nor PairEastWest 5"),
        ({"level": 3, "denomination": 1, "declarer_direction": 1, "total_tricks": 9, "scoring_direction": 1},
         "ScoringDirection_NS: a result for one side only"),
        ({"level": 3, "denomination": 1, "declarer_direction": 1, "total_tricks": 9, "scoring_direction": 2},
         "ScoringDirection_EW: a result for one side only"),
        ({"level": 3, "denomination": 1, "declarer_direction": 1, "total_tricks": 9, "scoring_direction": 0},
         "ScoringDirection 0: a result for one side only"),
        ({"level": -3, "scoring_direction": 0}, r"Level -3 \(AvgMinPlus\) with ScoringDirection 0"),
    ],
    ids=["denomination-0", "denomination-6", "stake-3", "level-8", "level-minus-11", "declarer-5", "tricks-14",
         "lead-rank-1", "lead-rank-15", "lead-suit-5", "declaring-pair", "split-ns", "split-ew", "direction-0",
         "artificial-direction-0"],
)  # fmt: skip
def test_a_code_outside_the_interface_is_refused_by_name(fields: dict[str, int], message: str) -> None:
    """Each value the interface does not have is refused, naming where the board was played, the field and the
    values it may have; nothing is guessed."""
    with pytest.raises(ResultDTOError, match=message) as refused:
        read_result(wire(**fields))
    assert refused.value.message.startswith("section A, table 2, round 3, board 7: ")


#: 3NT by North, nine tricks, as a result's fields on the wire.
THREE_NT = {"Level": 3, "Denomination": 5, "DeclarerDirection": 1, "TotalTricks": 9, "LeadCardRank": 14,
            "LeadCardSuit": 4}  # fmt: skip


def on_the_wire(**fields: object) -> ResultDTO:
    """A result as the client reads it from the wire (taking each value as it comes): 3NT by North at section A,
    table 2, round 3, board 7, with ``fields`` changed."""
    return ResultDTO.from_dict({**wire().to_dict(), **THREE_NT, **fields})


@pytest.mark.parametrize("field", [*PLACE_FIELDS, *RESULT_FIELDS])
@pytest.mark.parametrize(("value", "shown"), [("3", "'3'"), (True, "True"), (3.0, "3.0"), ([3], "[3]"),
                                              (2**31, "2147483648")])  # fmt: skip
def test_a_value_of_another_kind_is_refused_by_name(field: str, value: object, shown: str) -> None:
    """Every whole number of a result (text, true or false, a fraction, a list, past the 32 bits of .NET's int):
    refused, naming the field and the value, never compared or written as if it were one ("TrueS")."""
    with pytest.raises(ResultDTOError) as refused:
        read_result(on_the_wire(**{field: value}))
    assert refused.value.problem == f"{field} {shown}: a whole number"
    assert read_result(on_the_wire()).row.contract_text == "3NT"


@pytest.mark.parametrize(("value", "shown"), [("false", "'false'"), (0, "0"), (1, "1"), ("true", "'true'")])
def test_an_erasure_is_true_or_false(value: object, shown: str) -> None:
    """IsDeleted is true or false: ``"false"`` (text, which Python would take as true) is not an erasure."""
    with pytest.raises(ResultDTOError) as refused:
        read_result(on_the_wire(IsDeleted=value))
    assert refused.value.problem == f"IsDeleted {shown}: true or false"


def test_an_erasure_reads_only_where_it_was() -> None:
    """An erasure's other fields mean nothing (the guide): of any kind, it is the erasure of its place."""
    erased = on_the_wire(IsDeleted=True, Level="x", Denomination=None, TotalTricks=[1])
    assert read_result(erased) == TableEntry("A", 2, 3, 7, EntryKind.ERASED)
    with pytest.raises(ResultDTOError, match=r"^section A, table 2, round 3, board '7': BoardNumber '7'"):
        read_result(on_the_wire(IsDeleted=True, BoardNumber="7"))


@pytest.mark.parametrize(
    ("letters", "shown"),
    [(None, "None"), ("a", "'a'"), ("\x1b[2J", r"'\x1b[2J'"), ("B" * 100, f"'{'B' * 27}...{'B' * 28}'")],
)
def test_section_letters_are_bridgemates(letters: object, shown: str) -> None:
    """A section's letters are BCS's (A-Z, AA-ZZ, AAA-ZZZ); others are refused, shown escaped and cut short."""
    with pytest.raises(ResultDTOError) as refused:
        read_result(on_the_wire(SectionLetters=letters))
    assert refused.value.message == (f"section {shown}, table 2, round 3, board 7: SectionLetters {shown}: A-Z, "
                                     "AA-ZZ or AAA-ZZZ")  # fmt: skip


@pytest.mark.parametrize("written", [GUID, GUID.lower(), "01234567-89ab-cdef-0123-456789abcdef",
                                     "{01234567-89AB-CDEF-0123-456789ABCDEF}", None, ""])  # fmt: skip
def test_a_result_of_the_session_however_its_guid_is_written(written: object) -> None:
    """A result names its session's guid in capitals or not, with hyphens or braces, or not at all (the poll
    names the session): it is the event's."""
    assert read_result(on_the_wire(SessionGuid=written), GUID).kind is EntryKind.RESULT
    assert same_session(GUID.lower(), GUID)


@pytest.mark.parametrize("written", ["F" * 32, "not a guid", 7, ["0123456789ABCDEF0123456789ABCDEF"]])
def test_a_result_of_another_session_is_refused(written: object) -> None:
    """A result of another session than the event's is refused, naming both."""
    with pytest.raises(ResultDTOError, match="a result of another session than this event's") as refused:
        read_result(on_the_wire(SessionGuid=written), GUID)
    assert refused.value.problem.endswith(f"({GUID})")
    assert read_result(on_the_wire(SessionGuid=written)).kind is EntryKind.RESULT  # no session to hold it to


def test_a_symmetric_artificial_score_needs_no_direction() -> None:
    """Average for both sides is the same whichever side it is written for."""
    assert read_result(wire(level=-5, scoring_direction=0)).row.adjusted == Artificial(50, 50)


def test_a_contract_without_its_declarer_is_kept_with_the_reason() -> None:
    """DeclarerDirection 0 on a contract: the line is kept as the tables sent it, to be put right, with the
    reason the Results sheet gives for it."""
    row = read_result(wire(level=4, denomination=4, declarer_direction=0, total_tricks=10)).row
    assert isinstance(row, Unscorable)
    assert row.entered == ("4S", "", "", "=", "")
    assert row.reason.startswith("declarer missing")


def test_switched_seating_keeps_the_pairs_as_they_sat() -> None:
    """The guide: a declarer North or South while the declaring pair is the East-West pair is a switched
    seating. The declaring pair sat North-South, so the line has it there (and the entry checks name the swap)."""
    row = read_result(wire(level=4, denomination=3, declarer_direction=1, total_tricks=10, declaring_pair=5)).row
    assert (row.ns, row.ew, row.declarer_text) == (5, 2, "N")


# --- both ways ------------------------------------------------------------------------------------------------


def entry_of(line: Line) -> TableEntry:
    return TableEntry("A", 2, 3, line.board, EntryKind.RESULT, line)


@given(
    level=st.integers(1, 7),
    strain=st.sampled_from(sorted(STRAINS.values())),
    doubling=st.sampled_from(sorted(DOUBLINGS.values())),
    seat=st.sampled_from("NESW"),
    tricks=st.integers(0, 13),
    lead=st.sampled_from(["", "AS", "TD", "2C", "KH"]),
    board=st.integers(1, 36),
)
def test_a_line_goes_out_and_comes_back_the_same(level, strain, doubling, seat, tricks, lead, board) -> None:
    """Any contract, declarer, result and lead sent as the tables send it reads back as the same line."""
    result = tricks - (level + 6)
    line = read_line(board, 2, 5, f"{level}{strain}{doubling}", seat, "=" if result == 0 else f"{result:+d}", lead)
    assert read_result(result_dto(GUID, entry_of(line))) == entry_of(line)


@pytest.mark.parametrize("adjusted", ["A", "A+", "A-", "A6060", "A4040", "A5060", "A4050", "A6050", "A5040"])
def test_artificial_scores_go_out_and_come_back(adjusted: str) -> None:
    line = read_line(3, 2, 5, adjusted=adjusted)
    assert read_result(result_dto(GUID, entry_of(line))) == entry_of(line)


def test_pass_not_played_and_erased_go_out_and_come_back() -> None:
    passed = entry_of(read_line(3, 2, 5, "PASS", lead="♠A"))
    assert read_result(result_dto(GUID, passed)) == entry_of(read_line(3, 2, 5, "PASS", lead="AS"))
    for kind in (EntryKind.NOT_PLAYED, EntryKind.ERASED):
        entry = TableEntry("B", 1, 2, 3, kind)
        assert read_result(result_dto(GUID, entry)) == entry


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (read_line(3, 2, 5, adjusted="A5545"), "adjusted score A5545: Bridgemate's artificial scores are"),
        (read_line(3, 2, 5, adjusted="420"), "adjusted score 420"),
        (Line(3, 2, 5, adjusted=Weighted.of([(80, 400), (20, 430)])), "adjusted score 80% 400 / 20% 430"),
        (read_line(3, "2A", 5, "4S", "N", "="), "Bridgemate numbers pairs"),
        (read_line(3, 2, 5, "4S", "N", "=", lead="XY"), "lead 'XY': expected a card such as AD"),
        (Unscorable(3, 2, 5, ("4S", "", "", "=", ""), "declarer missing"), "only a result that can be scored"),
    ],
    ids=["unbalanced-artificial", "assigned-points", "weighted", "pair-label", "bad-lead", "unscorable"],
)
def test_what_the_interface_has_no_form_for_is_refused(line, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        result_dto(GUID, TableEntry("A", 2, 3, 3, EntryKind.RESULT, line))


# --- results against the movement -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "reason"),
    [
        (("A", 1, 1, 1), ""),
        (("A", 5, 1, 1), "table 5: section A's movement has tables 1-4"),
        (("A", 1, 4, 1), "round 4: section A's movement has rounds 1-3"),
        (("A", 4, 1, 10), "round 1, table 4: pair 4EW sits out there (the phantom's table), so no board is played"),
        (("A", 1, 1, 4), "board 4 is not played at table 1 in round 1 (1-3)"),
        (("C", 1, 1, 1), "section C is not in this event (its sections: A); was it added in BCS?"),
    ],
)
def test_where_a_result_cannot_have_been_played(key, reason: str) -> None:
    """A result for a table, round or section the movement lacks, for the phantom's table, or for a board the
    table does not play in that round, is named as such."""
    movement = mitchell(4, 3, pairs=7)
    entry = TableEntry(*key, EntryKind.RESULT, read_line(key[3], 1, 1, "PASS"))
    assert misplaced(event_of(Section(movement)), entry) == reason


def test_boards_are_played_as_often_as_the_movement_says() -> None:
    """The InitDTO plays each board as often as the movement does (a sanity check of the rounds as sent)."""
    movement = mitchell(4, 3, pairs=7)
    dto = init_dto(event_of(Section(movement)), "C")
    played = Counter(board for t in dto.sessions[0].scoring_groups[0].sections[0].tables for r in t.rounds
                     for board in range(r.low_board_number, r.high_board_number + 1) if r.low_board_number)  # fmt: skip
    assert played == movement.plays()


def test_a_players_membership_number_is_his_player_number() -> None:
    """A player with a membership number is sent under it, as the federations' scorers send it; one without, or
    whose number another player already has (a mistake on the Names sheet), under his seat's number (BCS needs
    each unique in the session); the init passes the client's checks."""
    movement = mitchell(3, 2)
    listed = (Pair(1, Side.NS, ("Ned North", "Sue South"), members=("0012345", "")),
              Pair(1, Side.EW, ("Eve East", "Wes West"), members=("0012345", "2345678")))  # fmt: skip
    dto = init_dto(event_of(Section(movement, listed)), "C")
    assert validate_init_dto(dto)
    named = {p.player_number: p.last_name for p in dto.player_data}
    assert named == {"0012345": "North", "A-1NS-2": "South", "A-1EW-1": "East", "2345678": "West"}
    assert sorted(p.player_number for p in dto.participations) == sorted(named)
