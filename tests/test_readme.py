"""The README (the manual) and docs/ (the reference): their examples run and say what the code does, and every
link between them, and to the repository's files, resolves."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import xlbridge

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
PAGES = [README, *sorted((ROOT / "docs").glob("*.md"))]


def python_blocks(page: Path) -> list[str]:
    """The ```python blocks of a page."""
    return re.findall(r"```python\n(.*?)```", page.read_text(encoding="utf-8"), flags=re.DOTALL)


def test_examples_run() -> None:
    """Every ``>>>`` example of the README and docs/ gives the output printed under it."""
    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for page in PAGES:
        globs: dict[str, object] = {"xlbridge": xlbridge}  # imported once, in the page's first block
        for number, block in enumerate(python_blocks(page)):
            name = f"{page.relative_to(ROOT)} block {number}"
            runner.run(parser.get_doctest(block, globs, name, str(page), 0))
    result = runner.summarize(verbose=False)
    assert result.attempted > 10
    assert result.failed == 0


def anchors(page: Path) -> set[str]:
    """The anchors GitHub gives a page's headings (lower case, punctuation dropped, spaces as hyphens)."""
    text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.DOTALL)
    headings = re.findall(r"^#+ (.+)$", text, flags=re.MULTILINE)
    return {re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-") for heading in headings}


def links(page: Path) -> list[str]:
    """The targets of a page's Markdown links and images, outside code."""
    text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.DOTALL)
    text = re.sub(r"`[^`\n]*`", "", text)
    return re.findall(r"\]\(([^)\s]+)\)", text)


def test_every_link_resolves() -> None:
    """Every link of the README and docs/ to another page, a heading or a file of the repository finds it (links
    to the web are left to the reader)."""
    broken = []
    for page in PAGES:
        for target in links(page):
            if re.match(r"[a-z]+:", target):
                continue
            path, _, anchor = target.partition("#")
            found = (page.parent / path).resolve() if path else page
            if not found.exists():
                broken.append(f"{page.relative_to(ROOT)}: {target}: no such file")
            elif anchor and found.suffix == ".md" and anchor not in anchors(found):
                broken.append(f"{page.relative_to(ROOT)}: {target}: no such heading")
    assert broken == []
