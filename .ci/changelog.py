#!/usr/bin/env python3
"""Print the notes of VERSION from CHANGELOG.md (its section, without the heading); exit 1, saying why, when it
has none. With --released, the section must be dated (``## VERSION - YYYY-MM-DD``), as a tagged release's is.

    python .ci/changelog.py 0.1.0             # CI: the version being prepared has its section
    python .ci/changelog.py 0.1.0 --released  # the release workflow: the notes of the release
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

CHANGELOG = Path(__file__).resolve().parent.parent / "CHANGELOG.md"


def notes(text: str, version: str, released: bool) -> str:
    """The section of ``version`` in the changelog ``text``, or ValueError naming what is missing."""
    heading = re.compile(rf"^## {re.escape(version)} - (?P<when>\S+)[ \t]*$", re.MULTILINE)
    found = heading.search(text)
    if found is None:
        raise ValueError(f"CHANGELOG.md has no section '## {version} - YYYY-MM-DD' (or '- unreleased')")
    when = found["when"]
    if when != "unreleased" and not re.fullmatch(r"\d{4}-\d{2}-\d{2}", when):
        raise ValueError(f"CHANGELOG.md: '## {version} - {when}': the date is YYYY-MM-DD, or 'unreleased'")
    if released and when == "unreleased":
        raise ValueError(f"CHANGELOG.md: {version} is marked unreleased: date its section before tagging it")
    end = re.compile(r"^## ", re.MULTILINE).search(text, found.end())
    return text[found.end() : end.start() if end else len(text)].strip() + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("version")
    parser.add_argument("--released", action="store_true", help="the section must carry its release date")
    args = parser.parse_args()
    try:
        sys.stdout.write(notes(CHANGELOG.read_text(encoding="utf-8"), args.version, args.released))
    except ValueError as error:
        print(f".ci/changelog.py: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
