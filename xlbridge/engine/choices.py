"""Choosing from a registry by name, as every argument that names a rule does (an era, a scale, a method)."""

from __future__ import annotations

from typing import TypeVar

from ..rules import Named, Registry
from .errors import BridgeInputError
from .values import is_blank, show

__all__ = ["choose", "described"]

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
