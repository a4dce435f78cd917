"""The tables' results into a session workbook: one poll of the Data Connector taken into the workbook's Results
sheet, checked as ``xlbridge import`` checks a file's lines, and the workbook written and computed as ``import``
writes one, then the poll accepted.

Nothing is lost whenever it stops: the workbook is written beside itself and renamed into place (complete or not
at all), the file it replaces is first kept as ``NAME-before-receive.xlsx`` (once a run: what the session's
reader does not read, such as formatting of the user's own, is not in a rebuilt workbook), and the Data Connector
is told the results are kept only once they are, so an interrupted poll is brought again by the next. Nothing is
lost to another writer either: the workbook is held through each poll, and replaced only while it is still the
file the poll read (:mod:`~xlbridge.files.locking`).
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from ...engine.checks import in_playing_order
from ...engine.pipeline import SessionResult
from ...engine.session import Session, Unscorable
from ...excel.session_cells import session_result
from ..locking import rewriting
from ..outputs import check_open, write_atomically
from ..templates.layout import session_cells, sizes
from ..workbook.session_book import read_session_book
from .book import Link, apply_changes, table_entries
from .connector import Connection
from .evening import Changes, accept, expected, poll_changes
from .mapping import EntryKind

if TYPE_CHECKING:
    from ..interchange.handrecords import SessionHands

__all__ = ["Receipt", "Receiver", "backup_path"]


def backup_path(workbook: Path) -> Path:
    """Where the workbook is kept before ``receive`` first replaces it (``Tuesday-before-receive.xlsx``)."""
    return workbook.with_name(f"{workbook.stem}-before-receive{workbook.suffix}")


@dataclass(frozen=True)
class Receipt:
    """What one poll did: its changes and refusals, whether the workbook was written, the problems its lines
    have (each named by where it was played, or its row), where the boards not played were (each an ``NP`` row on
    Results), and how many of the results the movement expects are in, counted as the ranking counts them (a board
    not played is no result, and none is expected of it)."""

    changes: Changes
    written: bool
    problems: tuple[str, ...]
    not_played: tuple[str, ...]
    received: int
    expected: int

    @property
    def complete(self) -> bool:
        return self.received >= self.expected


@dataclass
class Receiver:
    """The workbook at ``path`` and its event (``link``: what ``send`` left beside it, :meth:`Link.read`), polled
    through ``connection``; ``force`` replaces a workbook an office program seems to have open."""

    path: Path
    connection: Connection
    link: Link
    force: bool = False
    backed_up: bool = False

    def poll(self) -> Receipt:
        """Poll once; take what came into the workbook (written and computed, when anything changed); accept it.
        The workbook is held from before it is read until the poll is accepted (another xlbridge command's write
        of it waits), and replaced only while it is still the file read (:func:`~xlbridge.files.locking.
        rewriting`): what the tables sent is accepted only once it is in the workbook on the disk."""
        with rewriting(self.path, "xlbridge bridgemate receive"):
            return self._poll()

    def _poll(self) -> Receipt:
        book = read_session_book(self.path, current=False)
        event = self.link.event
        known, others = table_entries(event, book.session)
        changes = poll_changes(self.connection, event, known)
        now = changes.applied(known)
        session, result, problems = self._checked(*apply_changes(book.session, event, now, others))
        if changes.changes:
            check_open(self.path, self.force)
            self._write(session, result, book.session_hands())  # the deals of its Hands sheet kept
        if changes.refused:
            refused = tuple(refusal.sent for refusal in changes.refused)
            self.link = replace(self.link, refused=(*self.link.refused, *refused))
            self.link.write(self.path, replace=True)
        accept(self.connection, event, changes)
        keys = expected(event)
        not_played = tuple(now[key].where for key in keys if key in now and now[key].kind is EntryKind.NOT_PLAYED)
        received = sum(1 for key in keys if key in now) - len(not_played)
        return Receipt(changes, bool(changes.changes), tuple(problems), not_played, received,
                       len(keys) - len(not_played))  # fmt: skip

    def _checked(self, session: Session, where: list[str | None]) -> tuple[Session, SessionResult, list[str]]:
        """The session as the workbook will hold it (each result in its slot's row, as ``import --movement-file``
        and ``movement -o`` lay the Results sheet out), worked out from its cells as the workbook's formulas work
        it out, and every problem its lines have, named where it was played (``where``, for each line), or by its
        row."""
        was = list(range(len(session.lines)))
        if session.plan is not None:
            session, order_was = in_playing_order(session, session.plan)
            was = [-1 if index is None else index for index in order_was]
        result = session_result(session_cells(session, sizes(session)))
        names = [(where[index] if index >= 0 else None) or f"Results row {row + 1}" for row, index in enumerate(was)]
        row_of = result.prepared.row_of

        def name(line: int) -> str:
            return names[row_of[line]]

        # a line the movement expects and no table has sent yet is no mistake: its row waits to be typed
        problems = [f"{name(f.row)}: {f.reason_with(name)}" for f in result.prepared.findings
                    if f.certain and f.row is not None]  # fmt: skip
        for index, row in enumerate(result.prepared.input.rows):
            if isinstance(row, Unscorable) and any(str(text).strip() for text in row.entered):
                problems.append(f"{names[index]}: {row.reason}")
        return session, result, problems

    def _write(self, session: Session, result: SessionResult, hands: SessionHands | None = None) -> None:
        from ..templates import CLASSIC, pairs_session

        if not self.backed_up:
            write_atomically(backup_path(self.path), lambda staged: shutil.copy2(self.path, staged), replace=True)
            self.backed_up = True

        def fill(staged: Path) -> None:
            pairs_session.build(staged, CLASSIC, session=session, computed=True, hands=hands, result=result)

        write_atomically(self.path, fill, replace=True)
