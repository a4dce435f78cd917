"""The argument list every session function takes (SESSIONRESULTS, PAIRTOTALS, RANKING, SESSIONINFO, TRAVELLERS,
SCORECARD, PARDIFF), declared once: :class:`SessionCells`. The function catalogue declares the functions with it,
the template writes its formulas with it, and the readers of a workbook and of a results file fill it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from typing import Any

from ..rules import FIELD_KINDS, SESSION_METHODS, Registry
from . import help as docs

__all__ = ["SESSION_ARGUMENTS", "SessionCells"]


def _argument(help_text: str, optional: bool = False, choices: Registry[Any] | None = None) -> Any:
    """A session function's argument, with its help (an optional one is None when left out), and the registry of
    choices it names one of."""
    metadata = {"help": help_text, "choices": choices}
    if optional:
        return field(default=None, metadata=metadata)
    return field(metadata=metadata)


@dataclass(frozen=True)
class SessionCells:
    """The cells of a pairs session, as every session function is handed them (the last two may be left out)."""

    results: object = _argument(docs.RESULTS_BLOCK)
    names: object = _argument(docs.NAMES_BLOCK)
    method: object = _argument(docs.SESSION_METHOD, choices=SESSION_METHODS)
    fields: object = _argument(docs.FIELDS, choices=FIELD_KINDS)
    per_board: object = _argument(docs.PER_BOARD, optional=True)
    plan: object = _argument(docs.PLAN, optional=True)

    @staticmethod
    def split(arguments: Sequence[object]) -> tuple[SessionCells, tuple[object, ...]]:
        """A function's arguments as the session's cells (the first :data:`SESSION_ARGUMENTS`) and the rest."""
        count = len(SESSION_ARGUMENTS)
        given = (*arguments[:count], *([None] * (count - len(arguments))))
        return SessionCells(*given), tuple(arguments[count:])


#: The session functions' arguments, in order, each with its help and the choices it names one of (None: no such
#: list); the function catalogue declares them so.
SESSION_ARGUMENTS: tuple[tuple[str, str, Registry[Any] | None], ...] = tuple(
    (argument.name, argument.metadata["help"], argument.metadata["choices"]) for argument in fields(SessionCells)
)
