"""Text from a file or the wire as a message, a terminal or a page shows it: nothing in it that a terminal takes
as a command (an escape sequence), that shows text in another order than it has, or that no encoding can write (a
lone surrogate). The command line's streams (:mod:`xlbridge.cli.terminal`), its tables
(:func:`xlbridge.files.tables.text_table`), its messages and the pages all show text by :func:`shown_text`."""

from __future__ import annotations

import re

__all__ = ["MOST_SHOWN", "UNSHOWN", "UNSHOWN_IN_LINES", "printable", "shown_text"]

#: The characters never shown as they are, on a terminal or a page: the C0 controls (ESC starts a terminal's
#: command: a title set, the screen cleared; carriage return writes over the line), DEL and the C1 controls (0x9B
#: is a second CSI, 0x9D a second OSC), the line and paragraph separators, the bidirectional embeddings, overrides
#: and isolates (which show text in another order than it has: CVE-2021-42574, "Trojan Source"), and lone
#: surrogates (which no encoding can write: a file name that is not UTF-8, ``_xD800_`` in a workbook).
UNSHOWN = re.compile("[\x00-\x1f\x7f-\x9f\u2028-\u202e\u2066-\u2069\ud800-\udfff]")
#: The same, but tab and newline: what text that spans lines keeps (:func:`shown_text`).
UNSHOWN_IN_LINES = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028-\u202e\u2066-\u2069\ud800-\udfff]")
#: The most characters of a text from a file or the wire a one-line message shows (:func:`printable`).
MOST_SHOWN = 200


def _escaped(match: re.Match[str]) -> str:
    return repr(match[0])[1:-1]  # as Python writes it: \x1b, \r, \u202e, \udce9


def shown_text(text: str, lines: bool = False) -> str:
    """``text`` with each character of :data:`UNSHOWN` written as Python escapes it (``\\x1b``): what a terminal
    or a page shows of it, character for character; with ``lines``, its tabs and newlines kept
    (:data:`UNSHOWN_IN_LINES`)."""
    return (UNSHOWN_IN_LINES if lines else UNSHOWN).sub(_escaped, text)


def printable(text: str, most: int = MOST_SHOWN) -> str:
    """``text`` fit for one line of a message: each run of white space one space, each character of
    :data:`UNSHOWN` written as Python escapes it (``\\x1b``), at most ``most`` characters shown (then ``...``)."""
    words = " ".join(text.split())
    return shown_text(words[:most]) + ("..." if len(words) > most else "")
