"""xlbridge: contract-bridge scoring as data tables, worksheet functions and workbooks.

The Python API (standard library only)::

    >>> import xlbridge
    >>> xlbridge.ns_score("4SX", "N", -2, 2)
    -500
    >>> xlbridge.imps(620 - 170)
    10
"""

from __future__ import annotations

from .engine import *  # noqa: F403 - the Python API is the engine's, listed once in xlbridge.engine.__all__
from .engine import __all__ as _engine_api

__version__ = "0.1.0"
#: The project's address: its source, reference pages (docs/) and issues.
PROJECT_URL = "https://github.com/xlbridge/xlbridge"

__all__ = ["PROJECT_URL", "__version__", *_engine_api]  # pyright: ignore[reportUnsupportedDunderAll]
