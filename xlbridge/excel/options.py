"""The method words of the comparison functions: a few words in any order, such as ``"ACBL EW %"``.

The words that choose a rule (a matchpoint scale and what an artificial score does to the other results, a
cross-IMP form, a datum method) are the names of the registries' entries; the others belong to the worksheet
functions themselves: a side (``EW``), percentages (``%``) and ``CHECK`` (the reason of an error instead of the
error).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Generic, TypeVar

from ..engine.choices import described
from ..engine.errors import BridgeInputError
from ..rules import (
    ARTIFICIAL_RULES,
    CROSS_IMP_FORMS,
    DATUM_METHODS,
    MATCHPOINT_SCALES,
    ArtificialRule,
    Named,
    Registry,
    Side,
)
from .cells import is_blank_text

__all__ = ["CHECK", "PERCENT", "SIDES", "Options", "cross_imp_options", "datum_options", "matchpoint_options", "words"]

#: Words for a side; North-South is the default.
SIDES = {"NS": Side.NS, "N-S": Side.NS, "EW": Side.EW, "E-W": Side.EW}
#: Words asking for percentages instead of matchpoints.
PERCENT = frozenset({"%", "PERCENT", "PCT"})
#: The word asking for the reason of each error instead of the error.
CHECK = "CHECK"

_SPLIT = re.compile(r"[\s,;/]+")
T = TypeVar("T", bound=Named)


def words(method: object) -> tuple[str, ...]:
    """A method's words, upper case (``%`` is a word of its own); blank is no words."""
    if is_blank_text(method):
        return ()
    if not isinstance(method, str):
        raise BridgeInputError(f"method {method!r}: expected text such as MP, ACBL, %, EW")
    return tuple(word for word in _SPLIT.split(method.upper().replace("%", " % ")) if word)


def asks_for_reasons(method: object) -> bool:
    """True when the method's words include CHECK (even if the other words are wrong)."""
    try:
        return CHECK in words(method)
    except BridgeInputError:
        return False


@dataclass(frozen=True, slots=True)
class Options(Generic[T]):
    """A method read: the registry entry chosen, the side, whether percentages were asked for, and (matchpoints)
    what an artificial score does to the board's other results."""

    choice: T
    side: Side
    percent: bool
    artificial: ArtificialRule = ARTIFICIAL_RULES.default


def _options(registry: Registry[T], method: object, matchpoints: bool, usage: str) -> Options[T]:
    choice, side, percent, artificial = registry.default, Side.NS, False, ARTIFICIAL_RULES.default
    for word in words(method):
        found = registry.find(word)
        rule = ARTIFICIAL_RULES.find(word) if matchpoints else None
        if word in SIDES:
            side = SIDES[word]
        elif word == CHECK:
            continue
        elif matchpoints and word in PERCENT:
            percent = True
        elif found is not None:
            choice = found
        elif rule is not None:
            artificial = rule
        else:
            raise BridgeInputError(f"method {method!r}: use {described(registry)}{usage}")
    return Options(choice, side, percent, artificial)


def matchpoint_options(method: object) -> Options:  # type: ignore[type-arg]
    """MATCHPOINTS' words: a matchpoint scale, what an artificial score does to the others, ``%``, a side."""
    return _options(
        MATCHPOINT_SCALES,
        method,
        True,
        f"; {described(ARTIFICIAL_RULES)} for artificial scores; % for percentages; EW for East-West's side",
    )


def cross_imp_options(method: object) -> Options:  # type: ignore[type-arg]
    """CROSSIMP's words: a cross-IMP form (averaged or total), a side."""
    return _options(CROSS_IMP_FORMS, method, False, "; EW for East-West's side")


def datum_options(method: object) -> Options:  # type: ignore[type-arg]
    """DATUM's and BUTLER's words: a datum method, a side."""
    return _options(DATUM_METHODS, method, False, "; EW for East-West's side")
