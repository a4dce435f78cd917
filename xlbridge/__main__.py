"""``python -m xlbridge``: the same command line as ``xlbridge``."""

from .cli import run

run()
