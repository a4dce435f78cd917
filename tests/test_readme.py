"""The README is a user's manual: its examples must run and say what the code does."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import xlbridge

README = Path(__file__).resolve().parent.parent / "README.md"


def python_blocks() -> list[str]:
    """The ```python blocks of the README."""
    return re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), flags=re.DOTALL)


def test_readme_examples_run() -> None:
    """Every ``>>>`` example in the README gives the output printed under it."""
    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    globs: dict[str, object] = {"xlbridge": xlbridge}  # imported once, in the first block
    for number, block in enumerate(python_blocks()):
        runner.run(parser.get_doctest(block, globs, f"README block {number}", str(README), 0))
    result = runner.summarize(verbose=False)
    assert result.attempted > 10
    assert result.failed == 0
