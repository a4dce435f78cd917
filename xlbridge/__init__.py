"""xlbridge: contract-bridge scoring as data tables, worksheet functions and workbooks.

The Python API (standard library only)::

    >>> import xlbridge
    >>> xlbridge.ns_score("4SX", "N", -2, 2)
    -500
    >>> xlbridge.imps(620 - 170)
    10
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from . import engine as _engine
from .engine import __all__ as _engine_api

if TYPE_CHECKING:
    from .engine import *  # noqa: F403 - the Python API is the engine's, listed once in xlbridge.engine.__all__

__version__ = "0.1.0"

__all__ = ["__version__", *_engine_api]


def __getattr__(name: str) -> Any:
    """The engine's API, loaded as it is first used (see :mod:`xlbridge.engine`). Each name is read from its own
    module: ``xlbridge.scorecards`` is the function even once ``xlbridge.engine.scorecards``, the module of that
    name, has been imported."""
    home = _engine.HOME.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{_engine.__name__}.{home}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
