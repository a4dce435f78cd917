"""The package's project links and long description, from the one address of its repository.

hatchling runs this metadata hook while it builds (``[tool.hatch.metadata.hooks.custom]`` in pyproject.toml); the
repository's address is ``xlbridge.PROJECT_URL``, read from ``xlbridge/__init__.py`` as hatchling reads the version
there (the package is not imported to build it). It sets the project links PyPI shows beside the description, and
the long description: README.md with each link to a file of the repository (``docs/commands.md``, a picture) made
into that file's address at the release's tag, since PyPI shows the README away from the repository's files.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from hatchling.metadata.plugin.interface import MetadataHookInterface

#: A Markdown link or picture, a reference definition, or an HTML src= or href=, with its address (group "target").
_LINK = re.compile(
    r"""(?P<lead>!?\]\(\s*|^\s*\[[^\]]+\]:\s*|\b(?:src|href)=")(?P<target>[^)\s"]+)""",
    re.MULTILINE,
)
#: An address that is not a file of the repository: one with a scheme (https:, mailto:) or an anchor of the page.
_ELSEWHERE = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:|#")
_PICTURE = re.compile(r"\.(?:png|jpe?g|gif|svg|webp)(?:[?#].*)?$", re.IGNORECASE)


def absolute_links(markdown: str, repository: str, ref: str) -> str:
    """``markdown`` with every link to a file of the repository made absolute: a page to its address on
    ``repository`` at ``ref``, a picture to its raw file (fenced code is left as it is)."""
    raw = repository.replace("https://github.com/", "https://raw.githubusercontent.com/", 1)

    def absolute(match: re.Match[str]) -> str:
        target = match["target"]
        if _ELSEWHERE.match(target):
            return match[0]
        path = target.removeprefix("./").lstrip("/")
        address = f"{raw}/{ref}/{path}" if _PICTURE.search(path) else f"{repository}/blob/{ref}/{path}"
        return match["lead"] + address

    parts = re.split(r"(^```.*?^```[^\n]*$)", markdown, flags=re.MULTILINE | re.DOTALL)
    return "".join(part if part.startswith("```") else _LINK.sub(absolute, part) for part in parts)


#: The line of ``xlbridge/__init__.py`` that names the repository's address.
_PROJECT_URL = re.compile(r'^PROJECT_URL = "(?P<address>[^"]+)"$', re.MULTILINE)


class LinksHook(MetadataHookInterface):
    """Sets ``urls`` and ``readme`` (both dynamic in pyproject.toml) from ``xlbridge.PROJECT_URL``."""

    def update(self, metadata: dict[str, Any]) -> None:
        found = _PROJECT_URL.search((Path(self.root) / "xlbridge" / "__init__.py").read_text(encoding="utf-8"))
        if found is None:
            raise ValueError('xlbridge/__init__.py: no line PROJECT_URL = "https://..." (the repository\'s address)')
        repository = found["address"].rstrip("/")
        metadata["urls"] = {
            "Homepage": repository,
            "Documentation": f"{repository}#readme",
            "Source": repository,
            "Issues": f"{repository}/issues",
            "Changelog": f"{repository}/blob/main/CHANGELOG.md",
            "Releases": f"{repository}/releases",
        }
        readme = (Path(self.root) / "README.md").read_text(encoding="utf-8")
        metadata["readme"] = {
            "content-type": "text/markdown",
            "text": absolute_links(readme, repository, f"v{metadata['version']}"),
        }
