"""The one error type of xlbridge."""

from __future__ import annotations

__all__ = ["EXCEL_ERRORS", "BridgeInputError"]

#: The Excel error values a worksheet function can show, as Excel spells them.
EXCEL_ERRORS = frozenset({"#N/A", "#VALUE!", "#NUM!", "#DIV/0!", "#REF!", "#NAME?", "#NULL!", "#SPILL!", "#CALC!"})


class BridgeInputError(ValueError):
    """Input that cannot be scored: the message names the argument, the allowed forms and what was received.

    ``excel_error`` is the Excel error value the worksheet functions show for it: ``#VALUE!`` for a malformed
    value (the default), ``#NUM!`` for a number out of range, ``#N/A`` for a score that is not in its field.
    """

    def __init__(self, message: str, *, excel_error: str = "#VALUE!") -> None:
        super().__init__(message)
        self.excel_error = excel_error

    @property
    def message(self) -> str:
        return str(self.args[0])
