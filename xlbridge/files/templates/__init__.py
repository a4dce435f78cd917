"""The template workbooks, written by code so that they can be checked, regenerated and filled with data.

Each template comes in two flavours of the same layout: ``classic`` (``=BRIDGESCORE(...)``, ``VP_20``, for the
classic xlwings add-in) and ``lite`` (``=BRIDGE.BRIDGESCORE(...)``, for xlwings Lite). The repository's
``workbooks/`` folder holds both, written by :func:`~xlbridge.files.templates.blank.write_templates`.
Importing one template imports none of the others.
"""

from __future__ import annotations

from .layout import CLASSIC, FLAVOURS, LITE, Flavour

__all__ = ["CLASSIC", "FLAVOURS", "LITE", "Flavour"]
