"""The template workbooks, written by code so that they can be checked, regenerated and filled with data.

Each template comes in two flavours of the same layout: ``classic`` (``=BRIDGESCORE(...)``, ``VP_20``, for the
classic xlwings add-in) and ``lite`` (``=BRIDGE.BRIDGESCORE(...)``, for xlwings Lite). The repository's
``workbooks/`` folder holds both, written by :func:`write_templates`.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from . import pairs_session, rubber, teams_event, teams_match, traveller
from .common import CLASSIC, FLAVOURS, LITE, Flavour

__all__ = ["CLASSIC", "FLAVOURS", "LITE", "TEMPLATES", "Flavour", "write_templates"]

#: Every template by its file name (without .xlsx), with the function that writes it.
TEMPLATES: dict[str, Callable[..., Any]] = {
    "traveller": traveller.build,
    "pairs-session": pairs_session.build,
    "teams-match": teams_match.build,
    "teams-event": teams_event.build,
    "rubber": rubber.build_rubber,
    "chicago": rubber.build_chicago,
}


def write_templates(directory: Path, flavour: Flavour, replace: bool = False) -> list[Path]:
    """Write every blank template into ``directory``; existing files are kept unless ``replace``."""
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for name, build in TEMPLATES.items():
        path = directory / f"{name}.xlsx"
        if path.exists() and not replace:
            raise FileExistsError(f"{path}: already exists (use --force to replace it)")
        build(path, flavour)
        written.append(path)
    return written
