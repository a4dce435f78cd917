"""The club's member register: membership numbers with their players' names, and the pairs of a session named
and numbered by it.

A player typed by number alone is named from the register; one typed by name alone is numbered from it when the
register has that name once (case and spacing aside). A player the register does not know (a number it lacks,
or a name it lacks or has twice) is a visitor: kept as typed, never refused, and listed so that the secretary is
told once. So is a player typed with a number the register gives another name: kept as typed, and listed apart.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from .pairs import Pair, member_key

__all__ = ["Register", "Registered", "registered_pairs"]


def _name_key(name: str) -> str:
    return " ".join(name.casefold().split())


@dataclass(frozen=True)
class Register:
    """Membership numbers and their members' names (``{"1234567": "Ann Able"}``), and where they come from."""

    names: Mapping[str, str]
    source: str = "the register"

    def numbers_by_name(self) -> dict[str, str | None]:
        """Each name's number, by its name as compared (case and spacing aside); None for a name held twice."""
        found: dict[str, str | None] = {}
        for number, name in self.names.items():
            key = _name_key(name)
            found[key] = None if key in found else number
        return found


@dataclass(frozen=True)
class Registered:
    """Pairs with their players named and numbered by the register, and the visitors, each as ``name (pair 3NS)``
    with why."""

    pairs: tuple[Pair, ...]
    visitors: tuple[str, ...]
    #: The players typed with a number the register gives another name, each as ``name (pair 3NS): number 1234567
    #: is 'Ann Able' in members.csv``.
    misnamed: tuple[str, ...] = ()


def registered_pairs(pairs: Sequence[Pair], register: Register) -> Registered:
    """``pairs`` with each player named from his number, or numbered from his name, by ``register``
    (:class:`Register`); the players it does not know listed as visitors."""
    by_name = register.numbers_by_name()
    by_number = {member_key(number): name for number, name in register.names.items()}
    out: list[Pair] = []
    visitors: list[str] = []
    misnamed: list[str] = []
    for pair in pairs:
        label = pair.called
        players, numbers = [], []
        for player, number in pair.numbered:
            if number and member_key(number) in by_number:
                known = by_number[member_key(number)]
                if player and _name_key(player) != _name_key(known):
                    misnamed.append(f"{player} ({label}): number {number} is {known!r} in {register.source}")
                player = player or known
            elif number:
                visitors.append(f"{player or 'number ' + number} ({label}): number {number} not in {register.source}")
            elif by_name.get(_name_key(player)):
                number = by_name[_name_key(player)] or ""
            elif player:
                twice = _name_key(player) in by_name
                why = f"named twice in {register.source}" if twice else f"not in {register.source}"
                visitors.append(f"{player} ({label}): no number, {why}")
            players.append(player)
            numbers.append(number)
        out.append(replace(pair, players=tuple(players), members=tuple(numbers) if any(numbers) else ()))
    return Registered(tuple(out), tuple(visitors), tuple(misnamed))
