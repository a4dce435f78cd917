"""Choosing from a registry by name, as every argument that names a rule does (an era, a scale, a method)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, TypeVar

from ..rules import (
    CONVENTION_WORDS,
    SECTION_SCORINGS,
    SESSION_METHODS,
    Named,
    Registry,
    SectionScoring,
    SessionMethod,
)
from .errors import BridgeInputError
from .values import is_blank, show

__all__ = ["choose", "choose_method", "choose_scoring", "described", "described_methods", "scoring_words"]

T = TypeVar("T", bound=Named)


def choose(registry: Registry[T], name: object, argument: str | None = None) -> T:
    """The entry of ``registry`` called ``name`` (case and spaces ignored); blank gives the registry's default.

    A table of the kind the registry holds (an entry, or one a caller built) is accepted as it is.
    """
    if is_blank(name):
        return registry.default
    if isinstance(name, tuple({type(entry) for entry in registry})):
        return name  # type: ignore[return-value] # a table of the registry's kind, e.g. a test's own scale
    found = registry.find(name) if isinstance(name, (str, int, float)) and not isinstance(name, bool) else None
    if found is None:
        raise BridgeInputError(f"{argument or registry.argument} {show(name)}: must be one of {described(registry)}")
    return found


def described(registry: Registry[T]) -> str:
    """The names a registry accepts, as a message lists them: ``2017 (or CURRENT, 1987, 1993), 1935, 1932``."""
    return ", ".join(
        f"{entry.name} (or {', '.join(entry.aliases)})" if entry.aliases else entry.name for entry in registry
    )


def choose_method(name: object, argument: str = "method") -> SessionMethod:
    """A pairs session's scoring method as the *Scoring* cell and ``--method`` take it: a method's name, then a word
    for each convention scored otherwise than by default (``Cross-IMP TOTAL``, ``Butler TRIMMED3``, ``MP NO-NEUBERG
    FACTORED``; see :data:`~xlbridge.rules.methods.CONVENTION_WORDS`); blank is the default method. A method given
    as a :class:`~xlbridge.rules.SessionMethod` is taken as it is. A word that is no convention of the method's
    comparison, or two words of one convention, are refused, naming the words the method takes."""
    if isinstance(name, SessionMethod):
        return name
    if is_blank(name) or not isinstance(name, str):
        return choose(SESSION_METHODS, name, argument)
    words = name.split()
    # the longest run of first words that names a method ("Cross IMP" is Cross-IMP, as it is without the words)
    for count in range(len(words), 0, -1):
        method = SESSION_METHODS.find("".join(words[:count]))
        if method is not None:
            return _with_conventions(method, words[count:], name, argument)
    return choose(SESSION_METHODS, name, argument)  # refused, listing the methods


def choose_scoring(name: object, argument: str = "method") -> tuple[SessionMethod, SectionScoring | None]:
    """A pairs session's scoring method and how its sections are compared, as the *Scoring* cell and ``--method``
    take them: the method's words (:func:`choose_method`), then, for a session of two sections or more, the words
    of a :data:`~xlbridge.rules.SECTION_SCORINGS` entry (``MP Across the field``, ``MP Across``); None where they
    are not given (within each section, unless a file says otherwise)."""
    if isinstance(name, str):
        words = name.split()
        for count in (3, 2, 1):  # the longest run of last words that names one ("Across the field")
            found = SECTION_SCORINGS.find(" ".join(words[-count:])) if len(words) > count else None
            if found is not None:
                return choose_method(" ".join(words[:-count]), argument), found
    return choose_method(name, argument), None


def scoring_words(method: SessionMethod, section_scoring: SectionScoring) -> str:
    """The method as the *Scoring* cell holds it (:attr:`~xlbridge.rules.SessionMethod.words`), then the
    sections' comparison where it is not the default: ``MP Across the field``."""
    default = section_scoring is SECTION_SCORINGS.default
    return method.words if default else f"{method.words} {section_scoring.name}"


def _with_conventions(method: SessionMethod, words: list[str], name: str, argument: str) -> SessionMethod:
    """``method`` scored by the conventions ``words`` name (each of a registry that its comparison takes)."""
    takes = CONVENTION_WORDS[method.comparison]
    chosen: dict[str, Any] = {}  # each a convention's rule, by its field of Conventions
    for word in words:
        found = [(field, entry) for field, registry in takes if (entry := registry.find(word)) is not None]
        if not found:
            allowed = "; ".join(f"{registry.argument}: {described(registry)}" for _, registry in takes)
            raise BridgeInputError(
                f"{argument} {name.strip()!r}: {word!r} is not a word {method.name} takes ({allowed})"
            )
        field, entry = found[0]
        if field in chosen and chosen[field] is not entry:
            raise BridgeInputError(f"{argument} {name.strip()!r}: {chosen[field].name} and {entry.name} are two "
                                   f"choices of one convention; give one")  # fmt: skip
        chosen[field] = entry
    if not chosen:
        return method
    return replace(method, conventions=replace(method.conventions, **chosen))


def described_methods() -> str:
    """The scoring methods and each one's convention words, as help lists them: ``MP, ACBL, Cross-IMP, Butler, then
    a word for a convention that is not the default (MP NO-NEUBERG or FACTORED; ...; Cross-IMP TOTAL; ...)``."""
    takes = {
        comparison: " or ".join(entry.name for _, registry in registries for entry in list(registry)[1:])
        for comparison, registries in CONVENTION_WORDS.items()
    }
    words = "; ".join(f"{method.name} {takes[method.comparison]}" for method in SESSION_METHODS)
    return f"{', '.join(SESSION_METHODS.names())}, then a word for a convention that is not the default ({words})"
