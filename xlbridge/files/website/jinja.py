"""The one Jinja2 environment xlbridge's HTML pages are rendered in (the ``web`` extra): the results website and
the hand records from ``web/``, the table cards and the travellers from ``html/``. Autoescaping is on, so every name
and text from a workbook or a file is escaped; an undefined name is refused rather than rendered empty."""

from __future__ import annotations

from typing import Any

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
    )
