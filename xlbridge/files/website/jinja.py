"""The one Jinja2 environment xlbridge's HTML pages are rendered in (the ``web`` extra): the results website and
the hand records from ``web/``, the table cards and the travellers from ``html/``. Autoescaping is on, so every name
and text from a workbook or a file is escaped; a control character in it is shown as Python escapes it (``\\x1b``,
:func:`~xlbridge.engine.text.shown_text`), as on a terminal; an undefined name is refused rather than rendered
empty."""

from __future__ import annotations

from typing import Any

from ...engine.text import UNSHOWN_IN_LINES, shown_text

__all__ = ["environment"]


def environment(folder: str = "web") -> Any:
    """The environment of the templates in ``folder`` (``web`` or ``html``) of :mod:`xlbridge.files`."""
    import jinja2

    return jinja2.Environment(
        loader=jinja2.PackageLoader(__package__, folder),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        finalize=_shown,
    )


def _shown(value: Any) -> Any:
    """A value as a page shows it: text as :func:`shown_text` has it, tabs and newlines kept (HTML already escaped,
    jinja2's Markup, stays so: an escape adds no character HTML reads)."""
    if not isinstance(value, str) or not UNSHOWN_IN_LINES.search(value):
        return value
    shown = shown_text(value, lines=True)
    return type(value)(shown) if hasattr(value, "__html__") else shown
