"""The blank template workbooks, every one of them written into a folder (``xlbridge templates``, and the
repository's ``workbooks/`` folder)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..outputs import check_folder, check_output, write_atomically
from . import pairs_session, rubber, teams_event, teams_match, traveller
from .common import Flavour

__all__ = ["TEMPLATES", "write_templates"]

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
