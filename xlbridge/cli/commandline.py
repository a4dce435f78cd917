"""The parser every command has (standard library only: ``xlbridge --help`` loads it, and nothing else)."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

__all__ = ["Parser"]


class Parser(argparse.ArgumentParser):
    """A command's parser; with ``intermixed``, its positional arguments may come after its options as well as
    before them (``xlbridge score 4S --by N =``), as argparse's intermixed parsing reads them."""

    def __init__(self, *args: Any, intermixed: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.intermixed = intermixed
        self._inside = False

    def parse_known_args(  # type: ignore[override]  # the same arguments, typed as argparse's stubs are not
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        if not self.intermixed or self._inside:  # intermixed parsing calls this twice itself
            return super().parse_known_args(args, namespace)
        self._inside = True
        try:
            return self.parse_known_intermixed_args(args, namespace)
        finally:
            self._inside = False
