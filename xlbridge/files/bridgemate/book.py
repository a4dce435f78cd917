"""A session workbook and its evening on the Bridgemates: the event sent from it, the link kept beside it, and the
tables' results taken into its session.

:func:`event_of` makes the event from what the one reader (:func:`~..workbook.session_book.read_session_book`)
finds: the movement of the Movement sheet, or else the standard movement whose meetings are the Results rows'
(:func:`movement_of_lines`), the pairs of Names, the Settings' event, date and method. :func:`init_for` adds the
Bridgemate settings a club picks (:class:`TableSettings`) and the hand records. :class:`Link` is what ``send``
leaves beside the workbook (``NAME.bridgemate.json``): the session guid a poll names and the movement as sent, so
that ``receive`` reads the very event the tables play. :func:`table_entries` and :func:`apply_changes` turn the
workbook's lines into what is held, board by board at each table, and the tables' changes back into lines.
"""

from __future__ import annotations

import datetime as dt
import json
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from bridgemate_dataconnector import validate_init_dto
from bridgemate_dataconnector.dto import (
    Bm2ShowRankingOption,
    Bm3LeadCardEntryOption,
    Bm3RankingDisplayOption,
    Bm3ResultReentryOption,
    Bm3ViewResultsOption,
    Bridgemate2SettingsDTO,
    Bridgemate3SettingsDTO,
    HandrecordDTO,
    InitDTO,
)

from ...engine.errors import BridgeInputError, InputFileError
from ...engine.model import Strain
from ...engine.movements import Movement, Slot, make_movement, movement_from_rows
from ...engine.session import NotPlayed, Row, Session, Unscorable
from ..inputs import read_input
from ..interchange.handrecords import HandRecords
from ..outputs import write_atomically
from .evening import new_event
from .mapping import EntryKind, Event, ResultKey, Section, TableEntry, init_dto

__all__ = [
    "RANKING_SHOWN",
    "RESULTS_SHOWN",
    "Link",
    "TableSettings",
    "apply_changes",
    "event_of",
    "init_for",
    "link_path",
    "movement_of_lines",
    "table_entries",
]

#: When the tables may see the ranking (``--ranking``): the Bridgemate 3's option, and the Bridgemate 2's.
RANKING_SHOWN: Mapping[str, tuple[Bm3RankingDisplayOption, Bm2ShowRankingOption]] = {
    "never": (Bm3RankingDisplayOption.Disabled, Bm2ShowRankingOption.DoNotShow),
    "each-round": (Bm3RankingDisplayOption.EndOfEachRound, Bm2ShowRankingOption.ShowAllRounds),
    "end": (Bm3RankingDisplayOption.EndOfSession, Bm2ShowRankingOption.ShowAfterLastRound),
    "always": (Bm3RankingDisplayOption.Always, Bm2ShowRankingOption.ShowAllRounds),
}
#: What the tables see once a result is entered (``--results``): the Bridgemate 3's option, and whether a
#: Bridgemate 2 shows the board's other results.
RESULTS_SHOWN: Mapping[str, tuple[Bm3ViewResultsOption, bool]] = {
    "none": (Bm3ViewResultsOption.Disabled, False),
    "own": (Bm3ViewResultsOption.OwnResultOnly, False),
    "all": (Bm3ViewResultsOption.OwnResultAndOtherResults, True),
    "end-of-round": (Bm3ViewResultsOption.AtEndOfRound, True),
}
#: The boards a round a standard movement is looked for with, when the Results rows alone give the movement.
ROUND_SIZES = range(1, 9)
LINK_SUFFIX = ".bridgemate.json"
#: The most a link file may hold: the largest session's movement (20,000 rows) and every one of its results
#: refused (each some hundreds of bytes as kept) is a few MB.
MAX_LINK_BYTES = 16 * 1024 * 1024
#: A Bridgemate 3's screen, which its settings must give (the guide: brightness 1-7, dimmed after 5 s times the
#: mode, 2 by default): the middle brightness, and the default dimming.
BM3_BRIGHTNESS, BM3_DIM = 4, 2


@dataclass(frozen=True)
class TableSettings:
    """The Bridgemate settings a club picks: the lead card asked for, the results shown after entering one
    (``RESULTS_SHOWN``), the ranking shown (``RANKING_SHOWN``), and whether a result may be changed once both pairs
    have accepted it."""

    lead_card: bool = False
    results: str = "own"
    ranking: str = "never"
    reentry: bool = False
    #: The code the director types to open the Bridgemate's director menu (four digits; the guide's default).
    pin: str = "0000"


def movement_of_lines(rows: Sequence[Row], two_fields: bool) -> Movement:
    """The standard Mitchell or Howell (xlbridge's own, as ``xlbridge movement`` makes it) on which every one of the
    Results rows is played: its board at a table where its two pairs meet; refused, saying so, when none is."""
    played = {(row.board, row.ns, row.ew) for row in rows if row.board is not None}
    if not played:
        raise BridgeInputError("the workbook has neither a movement on its Movement sheet nor results on "
                               "Results: put the movement on the Movement sheet (xlbridge movement --csv writes "
                               "it)")  # fmt: skip
    pairs = {pair for _, ns, ew in played for pair in (ns, ew)}
    numbers = [pair for pair in pairs if isinstance(pair, int)]
    if len(numbers) != len(pairs):
        raise BridgeInputError("the Bridgemates number pairs, and Results names a pair that is not a number")
    kinds = ["Mitchell"] if two_fields else ["Howell", "Mitchell"]
    boards = max(board for board, _, _ in played if board is not None)
    for kind in kinds:
        tables = max(numbers) if kind == "Mitchell" else (max(numbers) + 1) // 2
        for size in ROUND_SIZES:
            try:
                movement = make_movement(kind, tables, size)
            except BridgeInputError:
                continue
            slots = {(slot.board, slot.ns, slot.ew) for slot in movement.slots()}
            if movement.boards.stop > boards and played <= slots:
                return movement
    raise BridgeInputError("the Results rows are not played to a movement xlbridge makes: put the movement on the "
                           "Movement sheet (xlbridge movement --csv writes it)")  # fmt: skip


def event_of(session: Session, name: str = "", date: dt.date | None = None) -> Event:
    """The one-section event of a session workbook's session (its movement, pairs, event name, date, method). A
    session of several sections is refused, saying so: its lines would be sent as one section's."""
    if len(session.sections) > 1:
        raise BridgeInputError(f"the workbook has {len(session.sections)} sections ({', '.join(session.sections)}):"
                               " xlbridge sends one section to the Bridgemates; keep a workbook for each section "
                               "on the night, or type the results")  # fmt: skip
    movement = session.plan or movement_of_lines(session.lines, session.field_kind.two_fields)
    day = date or session.date or dt.date.today()
    return new_event(name or session.event, day, [Section(movement, session.pairs)], session.method)


def _settings(event: Event, chosen: TableSettings) -> tuple[list[Bridgemate2SettingsDTO], list[Bridgemate3SettingsDTO]]:
    ranking3, ranking2 = RANKING_SHOWN[chosen.ranking]
    results3, results2 = RESULTS_SHOWN[chosen.results]
    lead = Bm3LeadCardEntryOption.EnabledNoValidation if chosen.lead_card else Bm3LeadCardEntryOption.Disabled
    two, three = [], []
    reentry = Bm3ResultReentryOption.Enabled if chosen.reentry else Bm3ResultReentryOption.Disabled
    guid = event.session_guid
    for section in event.sections:
        three.append(Bridgemate3SettingsDTO(session_guid=guid, section_letters=section.letters,
                                            bm3_lead_card_entry=lead, bm3_ranking=ranking3,
                                            bm3_view_results=results3, bm3_board_result_reentry=reentry,
                                            bm3_pi_ncode=chosen.pin, bm3_screen_brightness=BM3_BRIGHTNESS,
                                            bm3_screen_dim_mode=BM3_DIM))  # fmt: skip
        two.append(Bridgemate2SettingsDTO(session_guid=guid, section_letters=section.letters,
                                          lead_card=chosen.lead_card, show_results=results2,
                                          show_own_result=chosen.results != "none", bm2_ranking=ranking2,
                                          bm2_score_correction=chosen.reentry, bm2_pi_ncode=chosen.pin))  # fmt: skip
    return two, three


def _hand_records(event: Event, records: HandRecords) -> list[HandrecordDTO]:
    """The deals of the boards the event plays, with the double-dummy tricks where the file gives them."""
    out = []
    seats = ("north", "east", "south", "west")
    suits = (("spades", 0), ("hearts", 1), ("diamonds", 2), ("clubs", 3))
    strains = (("no_trump", Strain.NOTRUMP), ("spades", Strain.SPADES), ("hearts", Strain.HEARTS),
               ("diamonds", Strain.DIAMONDS), ("clubs", Strain.CLUBS))  # fmt: skip
    for section in event.sections:
        played = set(section.movement.boards)
        for record in records.boards:
            if record.board not in played:
                continue
            dto = HandrecordDTO(session_guid=event.session_guid, scoring_group_number=section.group,
                                section_letters=section.letters, board_number=record.board)  # fmt: skip
            for seat, hand in zip(seats, record.deal.hands, strict=True):
                for suit, index in suits:
                    setattr(dto, f"{seat}_{suit}", hand.suits[index])
            if record.tricks is not None:
                dto.has_hand_evaluation_data = True
                for seat in seats:
                    for field, strain in strains:
                        setattr(dto, f"double_dummy_{seat}_{field}", record.tricks[seat[0].upper()][strain])
            out.append(dto)
    return out


def init_for(event: Event, club_id: str, settings: TableSettings, records: HandRecords | None = None) -> InitDTO:
    """The InitDTO of ``event`` with the club's Bridgemate settings (Bridgemate 2 and 3 alike) and the hand records,
    checked as the client checks it."""
    dto = init_dto(event, club_id)
    dto.bridgemate2_settings, dto.bridgemate3_settings = _settings(event, settings)
    dto.handrecords = _hand_records(event, records) if records is not None else None
    if not validate_init_dto(dto):
        raise BridgeInputError(f"event {event.name!r} does not pass the Data Connector's checks: "
                               f"{'; '.join(dto.validation_messages or [])}")  # fmt: skip
    return dto


# --- the link beside the workbook -----------------------------------------------------------------------------


def link_path(workbook: Path) -> Path:
    """Where ``send`` keeps the event beside ``workbook`` (``Tuesday.xlsx``: ``Tuesday.bridgemate.json``)."""
    return workbook.with_name(workbook.stem + LINK_SUFFIX)


@dataclass(frozen=True)
class Link:
    """What ``send`` keeps beside the workbook: the event as sent (its session guid, name, date, method and
    movement), where it was sent, and every result ``receive`` could not take (kept as the tables sent it)."""

    event: Event
    url: str
    club_id: str
    refused: tuple[dict[str, object], ...] = ()

    def to_json(self) -> str:
        section = self.event.sections[0]
        rows = [[e.round, e.table, e.ns or "", e.ew or "", str(e.boards)] for e in section.movement.encounters]
        return json.dumps({"session_guid": self.event.session_guid, "name": self.event.name,
                           "date": self.event.date.isoformat(), "url": self.url, "club_id": self.club_id,
                           "section": section.letters, "movement": rows, "refused": list(self.refused)},
                          indent=1) + "\n"  # fmt: skip

    def write(self, workbook: Path, replace: bool = False) -> Path:
        text = self.to_json()
        return write_atomically(link_path(workbook), lambda staged: staged.write_text(text, encoding="utf-8"), replace)

    @staticmethod
    def read(workbook: Path, session: Session) -> Link:
        """The link beside ``workbook`` (its pairs and method from the workbook's ``session``); refused, saying
        what to do, when there is none or it is damaged."""
        path = link_path(workbook)
        if not os.path.lexists(path):
            raise BridgeInputError(f"{workbook}: no event was sent from it ({path.name} is not beside it): "
                                   f"xlbridge bridgemate send {workbook} first")  # fmt: skip
        try:
            data = json.loads(read_input(path, "the link file bridgemate send writes", MAX_LINK_BYTES).decode("utf-8"))
            texts = [data[key] for key in ("session_guid", "name", "url", "club_id", "section")]
            if not all(isinstance(text, str) for text in texts) or not isinstance(data.get("refused", []), list):
                raise TypeError("a field of another kind than send writes")
            rows = [tuple(row) for row in data["movement"]]
            movement = movement_from_rows(rows, f"{path}: movement")
            section = Section(movement, session.pairs, data["section"])
            event = Event(data["session_guid"], data["name"], dt.date.fromisoformat(data["date"]), (section,),
                          session.method)  # fmt: skip
            return Link(event, data["url"], data["club_id"], tuple(data.get("refused", [])))
        except InputFileError:  # not a file, or far too large: said as such
            raise
        except (OSError, ValueError, KeyError, TypeError, RecursionError) as error:
            raise BridgeInputError(f"{path}: not the event xlbridge bridgemate send wrote ({error}); send the "
                                   "event again") from None  # fmt: skip


# --- the workbook's lines and the tables' entries --------------------------------------------------------------


def _waiting(row: Row) -> bool:
    """A row of a missing line, put there to be typed (its board and pairs, nothing entered)."""
    return isinstance(row, Unscorable) and not any(str(text).strip() for text in row.entered)


def _slots_of(event: Event) -> dict[ResultKey, Slot]:
    """Where each line of the event's movements is played, in the travellers' order, and its board and pairs."""
    return {(section.letters, slot.table, slot.round, slot.board): slot for section in event.sections
            for slot in section.movement.slots()}  # fmt: skip


def _keys_of(event: Event) -> dict[tuple[int, object, object], ResultKey]:
    """Each line of the movement (board, NS pair, EW pair; the other way round too) and where it is played."""
    found: dict[tuple[int, object, object], ResultKey] = {}
    slots = _slots_of(event)
    for key, slot in slots.items():
        found[(slot.board, slot.ns, slot.ew)] = key
    for key, slot in slots.items():
        found.setdefault((slot.board, slot.ew, slot.ns), key)
    return found


def table_entries(event: Event, session: Session) -> tuple[dict[ResultKey, TableEntry], list[Row]]:
    """What the workbook holds, as entries at the movement's tables and rounds (a row of ``NP``: the board not
    played there, as the tables send it), and the rows that are at none (typed by hand for pairs the movement does
    not seat so; kept as they are). Rows waiting to be typed are neither."""
    keys = _keys_of(event)
    entries: dict[ResultKey, TableEntry] = {}
    others: list[Row] = []
    for row in session.lines:
        if _waiting(row):
            continue
        key = keys.get((row.board, row.ns, row.ew)) if row.board is not None else None
        if key is None or key in entries:
            others.append(row)
        elif isinstance(row, NotPlayed):
            entries[key] = TableEntry(*key, EntryKind.NOT_PLAYED)
        else:
            entries[key] = TableEntry(*key, EntryKind.RESULT, row)
    return entries, others


def apply_changes(
    session: Session, event: Event, entries: Mapping[ResultKey, TableEntry], others: Sequence[Row]
) -> tuple[Session, list[str | None]]:
    """The session with the lines of ``held`` in the travellers' order (a board not played a row of ``NP``, as a
    secretary types it, of the pairs the movement seats there) and the ``others`` after them; and for each line,
    where it was played (None for the others)."""
    slots = _slots_of(event)
    order = {key: index for index, key in enumerate(slots)}
    rows: list[Row] = []
    where: list[str | None] = []
    for key, entry in sorted(entries.items(), key=lambda item: order.get(item[0], len(order))):
        if entry.kind is EntryKind.NOT_PLAYED and key in slots:
            slot = slots[key]
            rows.append(NotPlayed(slot.board, slot.ns, slot.ew))
        elif entry.row is not None:
            rows.append(entry.row)
        else:
            continue
        where.append(entry.where)
    return replace(session, lines=(*rows, *others)), [*where, *([None] * len(others))]
