"""The one error type of xlbridge, and the reasons an input cannot be scored."""

from __future__ import annotations

import copy
from enum import StrEnum

__all__ = ["BridgeInputError", "Reason"]


class Reason(StrEnum):
    """Why an input cannot be scored (the worksheet functions show each as its own Excel error value)."""

    #: Not something a club would type for it: ``4Z``, ``made it``, 4.5 tricks, a missing result.
    MALFORMED = "malformed"
    #: A number of the right form but outside what the rules allow: 14 tricks, board 0, 7NT+1.
    OUT_OF_RANGE = "out of range"
    #: A score that is not one of its board's results, or a board with nothing to compare.
    NOT_IN_FIELD = "not in its field"
    #: An answer this installation cannot give: double-dummy analysis without the solver (xlwings Lite).
    UNAVAILABLE = "not available here"


class BridgeInputError(ValueError):
    """Input that cannot be scored: the message names the argument, the allowed forms and what was received."""

    def __init__(self, message: str, *, reason: Reason = Reason.MALFORMED, details: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.reason = reason
        #: Lines that come before the message where one input has several problems (each bad line of a file, in
        #: the file's order): a secretary sees them all at once.
        self.details = details

    @property
    def message(self) -> str:
        return str(self.args[0])

    def within(self, context: str) -> BridgeInputError:
        """The same error, its message prefixed with where it happened (``board 3: ...``)."""
        error = copy.copy(self)  # the same kind of error, carrying whatever else it carries
        error.args = (f"{context}: {self.message}",)
        return error
