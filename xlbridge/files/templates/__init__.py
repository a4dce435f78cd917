"""The template workbooks, written by code so that they can be checked, regenerated and filled with data.

Each template comes in two flavours of the same layout: ``classic`` (``=BRIDGESCORE(...)``, ``VP_20``, for the
classic xlwings add-in) and ``lite`` (``=BRIDGE.BRIDGESCORE(...)``, for xlwings Lite). The repository's
``workbooks/`` folder holds both, written by :func:`write_templates`.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..outputs import check_folder, check_output, write_atomically
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
    """Write every blank template into ``directory``; existing files are kept unless ``replace``. Nothing is
    written unless every file can be; each appears complete or not at all."""
    check_folder(directory)
    paths = {name: directory / f"{name}.xlsx" for name in TEMPLATES}
    for path in paths.values():
        check_output(path, writes="an Excel workbook", suffixes=(".xlsx",), replace=replace)
    for name, build in TEMPLATES.items():

        def fill(staged: Path, build: Callable[..., Any] = build) -> None:
            build(staged, flavour)

        write_atomically(paths[name], fill, replace=replace)
    return list(paths.values())
