"""The small immutable types the scoring engine works with (the rule book's own words, such as :class:`Seat`, come
from :mod:`xlbridge.rules.words`).

Everything a user types is turned into these once, at the edge (see :mod:`xlbridge.engine.parse`).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rules.words import Doubling, Seat, Side, Strain, Vulnerability

__all__ = ["PASSED_OUT", "Contract", "Doubling", "Play", "Seat", "Side", "Strain", "Vulnerability"]


@dataclass(frozen=True, slots=True)
class Contract:
    """A final contract; ``level == 0`` is the passed-out board (:data:`PASSED_OUT`)."""

    level: int
    strain: Strain
    doubling: Doubling = Doubling.UNDOUBLED

    @property
    def passed_out(self) -> bool:
        return self.level == 0

    @property
    def tricks_needed(self) -> int:
        return self.level + 6

    def __str__(self) -> str:
        return "PASS" if self.passed_out else f"{self.level}{self.strain}{self.doubling}"


#: The board that was passed out: it scores 0 for both sides.
PASSED_OUT = Contract(0, Strain.NOTRUMP)


@dataclass(frozen=True, slots=True)
class Play:
    """A contract as played: who declared it (None when unknown) and the tricks declarer took (0-13)."""

    contract: Contract
    declarer: Seat | None
    tricks: int

    @property
    def texts(self) -> tuple[str, str, str]:
        """The contract, declarer and result as a traveller writes them (``4SX``, ``N``, ``-2``)."""
        return str(self.contract), "" if self.declarer is None else self.declarer.value, self.result_text

    @property
    def result_text(self) -> str:
        """The result as a traveller writes it: ``=``, ``+1``, ``-2`` (blank for a passed-out board)."""
        if self.contract.passed_out:
            return ""
        difference = self.tricks - self.contract.tricks_needed
        return "=" if difference == 0 else f"{difference:+d}"
