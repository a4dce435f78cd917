"""Registries: the named choices a user can make (an era, an IMP scale, a scoring method), found by any of their names.

Every entry of a registry is one of the rules' own table objects, which carries its ``name`` (as shown), its
``aliases`` (other names clubs use), its ``source`` (the law or document it comes from) and a one-line
``description``. A registry is the only way the engine, the worksheet functions, the command line, the templates'
drop-downs and the README's tables learn which choices exist, so adding an entry is one table edit.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Generic, Protocol, TypeVar

__all__ = ["Named", "Registry", "normalise_name"]


class Named(Protocol):
    """What every registry entry carries."""

    @property
    def name(self) -> str: ...

    @property
    def aliases(self) -> tuple[str, ...]: ...

    @property
    def source(self) -> str: ...

    @property
    def description(self) -> str: ...


T = TypeVar("T", bound=Named)


def normalise_name(name: object) -> str:
    """A choice as typed, made comparable: upper case, no spaces; a whole number typed as 1935.0 is ``1935``."""
    if isinstance(name, float) and name.is_integer():
        name = int(name)
    return "".join(str(name).upper().split())


class Registry(Generic[T]):
    """Entries by every one of their names (compared as :func:`normalise_name` makes them); the first is the
    default, used when the choice is left blank."""

    def __init__(self, argument: str, entries: Sequence[T]) -> None:
        if not entries:
            raise ValueError(f"registry {argument!r}: no entries")
        self.argument = argument
        self.entries: tuple[T, ...] = tuple(entries)
        self._by_name: dict[str, T] = {}
        for entry in self.entries:
            for name in (entry.name, *entry.aliases):
                key = normalise_name(name)
                if key in self._by_name:
                    raise ValueError(f"registry {argument!r}: the name {name!r} is used twice")
                self._by_name[key] = entry

    @property
    def default(self) -> T:
        return self.entries[0]

    def find(self, name: object) -> T | None:
        """The entry called ``name`` (any of its names, any case), or None."""
        return self._by_name.get(normalise_name(name))

    def names(self) -> list[str]:
        """The entries' own names, in the registry's order (the default first)."""
        return [entry.name for entry in self.entries]

    def all_names(self) -> list[str]:
        """Every name an entry may be chosen by: names and aliases, in the registry's order."""
        return [name for entry in self.entries for name in (entry.name, *entry.aliases)]

    def __iter__(self) -> Iterator[T]:
        return iter(self.entries)

    def __len__(self) -> int:
        return len(self.entries)

    def __contains__(self, name: object) -> bool:
        return self.find(name) is not None

    def __repr__(self) -> str:
        return f"Registry({self.argument!r}: {', '.join(self.names())})"
