"""Deal-score tables: trick values, bonuses, overtricks and the undertrick ladders, era by era.

The current tables are those of the Laws of Duplicate Bridge 2017, Law 77, whose numbers have not changed since
the 1987 Laws. The older eras are those of the Laws of Contract Bridge of 1932 and 1935 (Portland Club, Whist Club of
New York and Commission Française du Bridge): only the rows that differed are written out; everything else is the
current table.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from .registry import Registry
from .words import Doubling, Strain

__all__ = ["CURRENT", "ERAS", "ERA_1932", "ERA_1935", "NV", "DealRules", "Ladder", "V"]

NV, V = False, True  # keys of the tables below: not vulnerable, vulnerable

U, X, XX = Doubling.UNDOUBLED, Doubling.DOUBLED, Doubling.REDOUBLED


@dataclass(frozen=True, slots=True)
class Ladder:
    """Penalties for undertricks, one entry per undertrick in turn.

    ``first`` lists the penalties of the first undertricks; every further undertrick costs the last listed value
    plus ``step`` more than the one before it (``step=0``: the same again).
    """

    first: tuple[int, ...]
    step: int = 0

    def each(self, count: int) -> tuple[int, ...]:
        """The penalty of each of ``count`` undertricks."""
        values = list(self.first[:count])
        while len(values) < count:
            values.append(values[-1] + self.step)
        return tuple(values)


@dataclass(frozen=True, slots=True, eq=False)
class DealRules:
    """One era's scoring tables. The engine (:mod:`xlbridge.engine.scoring`) reads nothing but these.

    Each era is one object, compared and hashed by identity, so that scores can be remembered per era.
    """

    name: str
    aliases: tuple[str, ...]
    source: str
    description: str
    #: Trick points per odd trick, undoubled: (the first trick, each later trick).
    trick_points: Mapping[Strain, tuple[int, int]]
    #: Trick points are multiplied by this when doubled or redoubled.
    doubling_factor: Mapping[Doubling, int]
    #: Trick points at or above this make a game.
    game_threshold: int
    game_bonus: Mapping[bool, int]
    partscore_bonus: int
    #: (level, vulnerable) -> slam bonus.
    slam_bonus: Mapping[tuple[int, bool], int]
    #: For making a doubled or redoubled contract (the "insult").
    insult_bonus: Mapping[Doubling, int]
    #: Each overtrick, doubled or redoubled; undoubled overtricks score their trick value.
    overtrick: Mapping[tuple[Doubling, bool], int]
    undertricks: Mapping[tuple[Doubling, bool], Ladder]
    #: The same insult bonus as it stood in rubber bridge, where the Laws changed later (1993, not 1987).
    rubber_insult_bonus: Mapping[Doubling, int]
    #: Rubber bridge, a rubber left unfinished: what a side with the only partscore in the unfinished game scores.
    rubber_unfinished_partscore: int


def _frozen(table: dict) -> Mapping:  # type: ignore[type-arg]
    return MappingProxyType(table)


# Laws of Duplicate Bridge 2017, Law 77 (identical figures since the 1987 Laws; Laws of Contract Bridge 1993 for
# rubber).
CURRENT = DealRules(
    name="2017",
    aliases=("CURRENT", "1987", "1993"),
    source="Laws of Duplicate Bridge 2017, Law 77 (the same figures since the 1987 Laws)",
    description="the current Laws (the default)",
    # Law 77, "Trick score": clubs and diamonds 20, hearts and spades 30, notrump 40 then 30.
    trick_points=_frozen(
        {
            Strain.CLUBS: (20, 20),
            Strain.DIAMONDS: (20, 20),
            Strain.HEARTS: (30, 30),
            Strain.SPADES: (30, 30),
            Strain.NOTRUMP: (40, 30),
        }
    ),
    # Law 77: "If doubled, multiply by 2; if redoubled, multiply by 4."
    doubling_factor=_frozen({U: 1, X: 2, XX: 4}),
    # Law 77, "Premium score": 100 or more trick points is a game.
    game_threshold=100,
    game_bonus=_frozen({NV: 300, V: 500}),
    partscore_bonus=50,
    slam_bonus=_frozen({(6, NV): 500, (6, V): 750, (7, NV): 1000, (7, V): 1500}),
    # Law 77: "For making doubled or redoubled contracts": 50 / 100.
    insult_bonus=_frozen({U: 0, X: 50, XX: 100}),
    # Law 77, "Overtricks": doubled 100 / 200, redoubled 200 / 400 each.
    overtrick=_frozen({(X, NV): 100, (X, V): 200, (XX, NV): 200, (XX, V): 400}),
    # Law 77, "Undertrick penalty tricks".
    undertricks=_frozen(
        {
            (U, NV): Ladder((50,)),
            (U, V): Ladder((100,)),
            (X, NV): Ladder((100, 200, 200, 300)),
            (X, V): Ladder((200, 300)),
            (XX, NV): Ladder((200, 400, 400, 600)),
            (XX, V): Ladder((400, 600)),
        }
    ),
    # Laws of Contract Bridge 1993, the scoring table (Law 81): rubber bridge has the same insult bonus since 1993.
    rubber_insult_bonus=_frozen({U: 0, X: 50, XX: 100}),
    # Laws of Contract Bridge 1993, Law 80 (the unfinished rubber): 100 for the only partscore in an unfinished game.
    rubber_unfinished_partscore=100,
)

# 1935 to 1987 (duplicate) / 1993 (rubber): Laws of Contract Bridge 1935, Law 39 (in force from 31 March 1935;
# confirmed by TIME, 25 March 1935, "New Contract"), unchanged until the Laws of Duplicate Contract Bridge 1987 and
# the Laws of Contract Bridge 1993. Doubled non-vulnerable undertricks
# 100, 200, 200, 200...; vulnerable undoubled 100 each and doubled 200, 300, 300...; making redoubled +50.
# Redoubled undertricks were always twice doubled. The redoubled insult of 50 is confirmed for 1943-1987 (the 1943
# amendments of the Whist Club of New York and the ACBL: TIME, 1 March 1943); what it was from 1935 to 1943 is not.
ERA_1935 = dataclasses.replace(
    CURRENT,
    name="1935",
    aliases=(),
    source="Laws of Contract Bridge 1935, Law 39 (in force until the 1987 duplicate and 1993 rubber Laws)",
    description="1935-1987: doubled undertricks 100, 200, 200... (vulnerable 200, 300...); making redoubled +50",
    insult_bonus=_frozen({U: 0, X: 50, XX: 50}),
    rubber_insult_bonus=_frozen({U: 0, X: 50, XX: 50}),
    # The unfinished rubber: 50 for the only partscore in an unfinished game under the 1932 and 1935 codes (and the
    # 1943 amendments: TIME, 1 March 1943), raised to 100 by the Laws of Contract Bridge 1993, Law 80.
    rubber_unfinished_partscore=50,
    undertricks=_frozen(
        {
            (U, NV): Ladder((50,)),
            (U, V): Ladder((100,)),
            (X, NV): Ladder((100, 200)),
            (X, V): Ladder((200, 300)),
            (XX, NV): Ladder((200, 400)),
            (XX, V): Ladder((400, 600)),
        }
    ),
)

# Before 1935: Laws of Contract Bridge 1932, Law 32 (the first international code; TIME, 25 March 1935, quotes its
# vulnerable ladder 100, 150... and its 20,800 for 13 down vulnerable redoubled, which this table gives):
# non-vulnerable undoubled 50 each, doubled 100, 150, 200, 250...;
# vulnerable undoubled 100, 150, 200, 250... and doubled 200, 300, 400, 500...; redoubled twice doubled.
# Only the undertrick ladders are the 1932 code's: its notrump tricks scored 30, 40, 30, 40... (Law 30) and its grand
# slam 1500 / 2250 (The Press, Christchurch, 30 March 1935), which this era does not model: trick values and
# bonuses are the current ones.
ERA_1932 = dataclasses.replace(
    ERA_1935,
    name="1932",
    aliases=(),
    source="Laws of Contract Bridge 1932, Law 32 (undertrick ladders only)",
    description="before 1935: doubled undertricks 100, 150, 200... (vulnerable 200, 300, 400...); undoubled "
    "vulnerable 100, 150, 200...",
    undertricks=_frozen(
        {
            (U, NV): Ladder((50,)),
            (U, V): Ladder((100,), step=50),
            (X, NV): Ladder((100,), step=50),
            (X, V): Ladder((200,), step=100),
            (XX, NV): Ladder((200,), step=100),
            (XX, V): Ladder((400,), step=200),
        }
    ),
)

#: Eras, by the names a ``rules`` argument may use (blank: the current Laws).
ERAS: Registry[DealRules] = Registry("rules", [CURRENT, ERA_1935, ERA_1932])
