"""The folder a website is published into, what every publication shares (a pairs session's pages and a teams
event's): its pages written into it whole, replacing an earlier publication, never a folder holding anything
xlbridge did not write.

A published folder holds a marker (:data:`MARKER`) saying xlbridge wrote it; a folder is replaced only while it holds
nothing but what xlbridge writes into a site (its marker, its stylesheets, pages that say xlbridge wrote them, and
what a file manager keeps in a folder), so sites published before the marker (their pages say who wrote them) are
replaced as well. The pages are written aside and swapped in at once
(:func:`~xlbridge.files.outputs.write_folder_atomically`): a crash leaves the old site or the new one.
"""

from __future__ import annotations

import errno
import html
import os
import re
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path
from typing import Any

from ... import __version__
from ...engine.errors import OutputError, OutputExistsError, OutputIsInputError, OutputNotOursError, WorkbookError
from ..outputs import faults_reported_for, target_of, write_folder_atomically

__all__ = ["DIAGRAMS", "GENERATOR", "MARKER", "STYLESHEET", "Page", "check_site_folder", "write_pages"]

#: Every page says who wrote it; a folder whose index.html says so is a publication that may be replaced.
GENERATOR = "xlbridge"
#: The stylesheet every page links to, and the one of the deals' diagrams (the hand records' own).
STYLESHEET, DIAGRAMS = "style.css", "diagram.css"


@dataclass(frozen=True)
class Page:
    """A page to write: its file name, template and what the template shows."""

    name: str
    template: str
    context: dict[str, Any]


_SESSION = re.compile(r'<meta name="xlbridge-session" content="([^"]*)">')


def _head(path: Path) -> str:
    """The beginning of a page, where its generator and session are said."""
    try:
        with open(path, encoding="utf-8", errors="replace") as page:
            return page.read(2000)
    except OSError:
        return ""


def _says_xlbridge(head: str) -> bool:
    return f'<meta name="generator" content="{GENERATOR}' in head


def _publication(folder: Path) -> tuple[bool, str | None]:
    """Whether ``folder`` holds a publication of xlbridge's (its :data:`MARKER`, or, as sites published before it,
    an index.html xlbridge wrote), and which session's (None: one that does not say)."""
    head = _head(folder / "index.html")
    found = _SESSION.search(head)
    return (folder / MARKER).is_file() or _says_xlbridge(head), None if found is None else html.unescape(found[1])


#: The file every published folder holds, saying that xlbridge wrote it: a folder holding it (or, as sites
#: published before it, an index.html xlbridge wrote) and nothing else xlbridge does not write may be replaced.
MARKER = ".xlbridge-site"
#: What a system's file manager keeps in a folder it has shown (Finder's, Explorer's; and AppleDouble ``._NAME``
#: files on a disk macOS does not own): replaced with the site, nothing of the user's is lost.
SYSTEM_FILES = frozenset({".DS_Store", "Thumbs.db", "desktop.ini"})
#: How many of the files xlbridge did not write a refusal names.
NAMED = 3


def _foreign(folder: Path) -> list[str]:
    """What ``folder`` holds that xlbridge does not write into a site (a folder's name ends in ``/``): anything but
    its marker, its stylesheets, pages that say xlbridge wrote them, and what a file manager keeps there."""
    foreign = []
    with os.scandir(folder) as entries:
        for entry in entries:
            name = entry.name
            if name in SYSTEM_FILES or name.startswith("._"):
                continue
            if not entry.is_file(follow_symlinks=False):
                foreign.append(f"{name}/" if entry.is_dir(follow_symlinks=False) else name)
            elif name not in (MARKER, STYLESHEET, DIAGRAMS) and not (
                name.endswith(".html") and _says_xlbridge(_head(Path(entry.path)))
            ):
                foreign.append(name)
    return sorted(foreign)


def _check_ours(folder: Path) -> None:
    """Refuse a folder holding anything xlbridge did not write, even with ``--force``: publishing replaces the
    folder whole, and deletes nothing of the user's."""
    foreign = _foreign(folder) if folder.is_dir() else []
    if not foreign:
        return
    shown = ", ".join(foreign[:NAMED]) + (f", and {len(foreign) - NAMED} more" if len(foreign) > NAMED else "")
    if _publication(folder)[0]:
        raise OutputNotOursError(f"{folder}: holds results xlbridge published and files it did not write ({shown}): "
                                 "move them out, or publish into a new folder (publish deletes nothing it did not "
                                 "write, even with --force)")  # fmt: skip
    raise OutputNotOursError(f"{folder}: holds files xlbridge did not write ({shown}): publish into a new or empty "
                             "folder (publish replaces only a folder of results it published, even with "
                             "--force)")  # fmt: skip


def _left_by_publish(leftover: Path) -> bool:
    """Whether a hidden folder a killed publish left beside a site holds only what publish writes: the pages of a
    site being written, or the site it replaced (there, or in the folder it was moved aside into)."""
    inside = list(leftover.iterdir())
    if len(inside) == 1 and inside[0].is_dir() and not inside[0].is_symlink():
        leftover = inside[0]
    return not _foreign(leftover)


def check_site_folder(workbook: Path, folder: Path) -> None:
    """Refuse a folder a publication of ``workbook`` cannot be written into, before anything is done: a file, the
    workbook's own folder (or one above it), or one holding anything xlbridge did not write (even with
    ``--force``)."""
    if not workbook.exists():
        raise WorkbookError(f"{workbook}: no such file")
    with faults_reported_for(folder):  # a name the file system refuses (too long), said as a write would say it
        if folder.exists() and not folder.is_dir():
            raise OutputError(f"{folder}: is a file, not a folder")
        if target_of(folder) in (target_of(workbook), *target_of(workbook).parents):
            raise OutputIsInputError(f"{folder}: holds the workbook {workbook}; publish into a folder of its own")
        _check_ours(folder)


def write_pages(environment: Any, pages: list[Page], folder: Path, force: bool = False) -> None:
    """Render ``pages``, the stylesheet and the :data:`MARKER` into ``folder``, which appears complete or not at all
    (:func:`~xlbridge.files.outputs.write_folder_atomically`: a crash leaves the old site or the new one): an
    earlier publication there of the same session (the first page's ``session_key``) is replaced whole; another
    session's only with ``force``; a folder holding anything xlbridge did not write, never."""
    _check_ours(folder)
    published, held = _publication(folder) if folder.is_dir() else (False, None)
    ours = pages[0].context["session_key"]
    if published and held != ours and not force:
        raise OutputExistsError(
            f"{folder}: holds the results of another session ({held or 'one that does not say which'}), not of "
            f"{ours}: publish into a folder of its own (or --force to replace them)"
        )

    def fill(staged: Path) -> None:
        marker = (f"{GENERATOR} {__version__}\nA results website xlbridge published: xlbridge publish replaces this "
                  "folder while it holds nothing else.\n")  # fmt: skip
        (staged / MARKER).write_text(marker, encoding="utf-8")
        for page in pages:
            html = environment.get_template(page.template).render(page.context)
            try:
                with open(staged / page.name, "w", encoding="utf-8", newline="\n") as out:
                    out.write(html)
            except OSError as error:
                if error.errno != errno.ENAMETOOLONG:
                    raise
                raise OutputError(
                    f"{folder}: its page {page.name[:60]}... cannot be written: the name, made from names in the "
                    f"workbook, has {len(page.name)} characters, more than the file system takes; shorten those names"
                ) from None
        sheets = [STYLESHEET, *([DIAGRAMS] if any(page.context.get("hand") for page in pages) else [])]
        for name in sheets:  # the deals' looks, where a page shows one (as the printable hand records do)
            text = files(__package__).joinpath("web", name).read_text(encoding="utf-8")
            (staged / name).write_text(text, encoding="utf-8", newline="\n")

    write_folder_atomically(folder, fill, _left_by_publish)
