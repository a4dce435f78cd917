"""Movements: a movement as immutable data, read from rows and checked (:mod:`.rounds`), and generated, Mitchell and
Howell, from the tables of :mod:`xlbridge.rules.movements` (:mod:`.generate`)."""

from .generate import howell, make_movement, mitchell
from .rounds import BoardSet, Encounter, Movement, Seating, Slot, movement_from_rows, movement_problems, whole_in

__all__ = [
    "BoardSet",
    "Encounter",
    "Movement",
    "Seating",
    "Slot",
    "howell",
    "make_movement",
    "mitchell",
    "movement_from_rows",
    "movement_problems",
    "whole_in",
]
