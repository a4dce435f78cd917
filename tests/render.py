"""Looking at a workbook as its user will: a values-only copy (the formulas taken out, the computed values kept,
since LibreOffice knows no xlbridge function) turned into PDF pages and PNG pictures by LibreOffice and pdftoppm.

``python tests/render.py BOOK.xlsx OUT_DIR`` writes OUT_DIR/BOOK-<sheet>-<page>.png for every sheet it prints.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

__all__ = ["available", "render", "values_only"]


def available() -> bool:
    return shutil.which("soffice") is not None and shutil.which("pdftoppm") is not None


def values_only(source: Path, destination: Path) -> None:
    """A copy of the workbook whose cells keep their values but lose their formulas."""
    with zipfile.ZipFile(source) as archive, zipfile.ZipFile(destination, "w", zipfile.ZIP_DEFLATED) as out:
        for info in archive.infolist():
            data = archive.read(info)
            if info.filename.startswith("xl/worksheets/sheet"):
                text = data.decode()
                text = re.sub(r"<f\b[^>]*/>|<f\b[^>]*>.*?</f>", "", text, flags=re.DOTALL)
                text = re.sub(r' cm="\d+"', "", text)
                data = text.encode()
            out.writestr(info, data)


def render(source: Path, folder: Path, dpi: int = 60) -> list[Path]:
    """PNG pictures of every printed page of the workbook (each sheet's print area, as printing would)."""
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        copy = Path(scratch) / source.name
        values_only(source, copy)
        profile = Path(scratch) / "profile"
        subprocess.run(
            ["soffice", f"-env:UserInstallation=file://{profile}", "--headless", "--convert-to", "pdf",
             "--outdir", scratch, str(copy)],
            check=True, capture_output=True, timeout=180,
        )  # fmt: skip
        pdf = copy.with_suffix(".pdf")
        prefix = folder / source.stem
        subprocess.run(["pdftoppm", "-png", "-r", str(dpi), str(pdf), str(prefix)], check=True, timeout=180)
    return sorted(folder.glob(f"{source.stem}*.png"))


if __name__ == "__main__":
    pages = render(Path(sys.argv[1]), Path(sys.argv[2]))
    print("\n".join(map(str, pages)))
