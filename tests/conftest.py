"""Shared test helpers: where the real club sessions are kept."""

from __future__ import annotations

from pathlib import Path

#: Copies of ../shared/fixtures: real Compscore3 sessions with the names removed (see data/README.md).
DATA = Path(__file__).resolve().parent / "data"
HOWELL = DATA / "usebio" / "mp_pairs_howell.xml"
BUTLER = DATA / "usebio" / "butler_mitchell.xml"
