"""What the command line writes to a terminal: everything it prints, on stdout and stderr, passes through
:class:`ShownStream`, so that no text from a file (a player's name, an event, a file name) can command the terminal
and no character the terminal's encoding lacks stops the command."""

from __future__ import annotations

import contextlib
import io
import sys
from collections.abc import Iterator
from typing import TextIO

from ..engine.text import shown_text

__all__ = ["ShownStream", "raw_stream", "shown_streams"]


class ShownStream(io.TextIOBase):
    """A stream of the command line's (stdout, stderr) as it writes to it: each control character, escape and
    lone surrogate written as Python escapes it (:func:`~xlbridge.engine.text.shown_text`, tabs and newlines
    kept), and each character the stream's encoding cannot write (``ř`` on Windows' cp1252) as its replacement
    (``?``), never an error."""

    def __init__(self, stream: TextIO) -> None:
        super().__init__()
        self.stream = stream

    @property
    def encoding(self) -> str:  # type: ignore[override]  # the stream's (io.TextIOBase's is read-only)
        return self.stream.encoding

    def write(self, text: str) -> int:
        shown = shown_text(text, lines=True)
        encoding = getattr(self.stream, "encoding", None)
        if encoding and not shown.isascii():
            shown = shown.encode(encoding, "replace").decode(encoding)
        self.stream.write(shown)
        return len(text)

    def writable(self) -> bool:
        return True

    def flush(self) -> None:
        self.stream.flush()

    def fileno(self) -> int:
        return self.stream.fileno()

    def isatty(self) -> bool:
        return self.stream.isatty()


def raw_stream(stream: TextIO) -> TextIO:
    """The stream a :class:`ShownStream` writes to (``stream`` itself when it is none): for a progress bar, whose
    carriage returns redraw its line."""
    return stream.stream if isinstance(stream, ShownStream) else stream


@contextlib.contextmanager
def shown_streams() -> Iterator[None]:
    """sys.stdout and sys.stderr each a :class:`ShownStream` while a command runs; put back as they were after."""
    before = sys.stdout, sys.stderr
    if sys.stdout is not None:  # None where there is no console (pythonw on Windows): print writes nothing
        sys.stdout = ShownStream(sys.stdout)
    if sys.stderr is not None:
        sys.stderr = ShownStream(sys.stderr)
    try:
        yield
    finally:
        sys.stdout, sys.stderr = before
