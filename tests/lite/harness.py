"""Runs xlbridge's worksheet functions as xlwings Lite runs them: in Pyodide, under node, from local files only.

What it fetches, once, into ``.cache/lite/`` in the checkout (git ignores it):

- the npm package ``pyodide@VERSION`` (the runtime: wasm and the standard library, no wheels);
- from PyPI, the pure-Python wheels of ``micropip`` and ``packaging`` in the versions that Pyodide release pins in
  its ``pyodide-lock.json`` (Pyodide installs everything else with micropip), and of ``xlwings==VERSION``;
- for the CPython side, the same xlwings wheel unpacked, so that both sides use the same xlwings.

Each run builds nothing in the source tree: the xlbridge wheel is built by the caller into a temporary folder.

    python tests/lite/harness.py matrix --pyodide 0.29.3 314.0.7 --xlwings 0.33.15 0.37.8

prints, for each pair, whether the functions are named ``BRIDGE.*`` and whether every answer equals CPython's.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
CACHE = ROOT / ".cache" / "lite"
DRIVER = HERE / "driver.py"
RUNNER = HERE / "run.mjs"

Report = dict[str, Any]

#: The Pyodide releases the test runs in: the newest on npm (xlwings Lite needs 314 or later to keep package versions
#: across restarts) and the last of the 0.x line. Both turn JavaScript null into JsNull, which is what needs testing.
PYODIDE = ("0.29.3", "314.0.7")
#: The newest xlwings at the time of writing; the oldest tested is the lower bound in pyproject.toml.
NEWEST_XLWINGS = "0.37.8"


def missing_tools() -> list[str]:
    """The command-line tools this harness needs and cannot find (node runs Pyodide, npm fetches it)."""
    return [tool for tool in ("node", "npm") if shutil.which(tool) is None]


def _run(command: list[str], **kwargs: Any) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(command, capture_output=True, text=True, check=False, **kwargs)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}")
    return done


def _fresh(target: Path) -> Path:
    """A temporary folder beside ``target``, renamed onto it when filled: an interrupted fetch leaves no half copy."""
    target.parent.mkdir(parents=True, exist_ok=True)
    return Path(tempfile.mkdtemp(prefix=f".{target.name}-", dir=target.parent))


def pyodide_package(version: str) -> Path:
    """The folder of the npm package ``pyodide@version`` (``npm install`` the first time)."""
    target = CACHE / f"pyodide-{version}"
    package = target / "node_modules" / "pyodide"
    if not (package / "pyodide.mjs").is_file():
        scratch = _fresh(target)
        try:
            _run(["npm", "install", "--prefix", str(scratch), "--no-save", "--no-package-lock", "--no-audit",
                  "--no-fund", "--loglevel=error", f"pyodide@{version}"], timeout=600)  # fmt: skip
            shutil.rmtree(target, ignore_errors=True)
            scratch.rename(target)
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
    return package


def lock_info(package: Path) -> dict[str, Any]:
    """What a Pyodide release says about itself: its Python version and the packages it pins."""
    return json.loads((package / "pyodide-lock.json").read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def python_version(package: Path) -> str:
    """The Python inside a Pyodide release, major.minor (``3.13``)."""
    return ".".join(str(lock_info(package)["info"]["python"]).split(".")[:2])


def pypi_wheel(name: str, version: str, python: str) -> Path:
    """The pure-Python (``py3-none-any``) PyPI wheel of ``name==version`` for that Python, downloaded once."""
    folder = CACHE / "wheels"
    found = sorted(folder.glob(f"{name.replace('-', '_')}-{version}-*none-any.whl"))
    if found:
        return found[0]
    scratch = _fresh(folder / f"{name}-{version}")
    try:
        # --platform any: the pure-Python wheel (xlwings also publishes compiled ones for CPython, which Pyodide
        # cannot use); --python-version: what Pyodide's Python is, so that e.g. micropip 0.11 qualifies.
        _run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary", ":all:",
              "--platform", "any", "--python-version", python, "-d", str(scratch), f"{name}=={version}"],
             timeout=600)  # fmt: skip
        (wheel,) = scratch.glob("*.whl")
        folder.mkdir(parents=True, exist_ok=True)
        return wheel.replace(folder / wheel.name)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def boot_wheels(package: Path) -> list[Path]:
    """micropip and packaging, in the versions the Pyodide release pins: loadPackage installs them from files."""
    packages = lock_info(package)["packages"]
    python = python_version(package)
    return [pypi_wheel(name, packages[name]["version"], python) for name in ("packaging", "micropip")]


def cpython_xlwings(version: str) -> Path:
    """A folder holding xlwings==version unpacked from its pure-Python wheel, to put first on CPython's path."""
    target = CACHE / "cpython" / f"xlwings-{version}"
    if not (target / "xlwings" / "__init__.py").is_file():
        wheel = pypi_wheel("xlwings", version, f"{sys.version_info.major}.{sys.version_info.minor}")
        scratch = _fresh(target)
        try:
            with zipfile.ZipFile(wheel) as archive:
                archive.extractall(scratch)
            shutil.rmtree(target, ignore_errors=True)
            scratch.rename(target)
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
    return target


def build_xlbridge_wheel(out: Path) -> Path:
    """The xlbridge wheel built from this checkout into ``out`` (the source tree stays as it was)."""
    _run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(out), str(ROOT)], timeout=600)
    (wheel,) = out.glob("xlbridge-*.whl")
    return wheel


def run_pyodide(
    pyodide: str, xlwings: str, xlbridge_wheel: Path, *, deps: bool = True, options: dict[str, Any] | None = None
) -> Report:
    """The driver's report from inside Pyodide ``pyodide`` with ``xlwings`` and the given xlbridge wheel.

    ``deps``: let micropip check xlbridge's xlwings requirement (as Lite does); off to try an xlwings that the
    requirement excludes.
    """
    package = pyodide_package(pyodide)
    python = python_version(package)
    job = {
        "pyodide": str(package),
        "boot": [str(path) for path in boot_wheels(package)],
        "wheels": [str(pypi_wheel("xlwings", xlwings, python)), str(xlbridge_wheel)],
        "deps": deps,
        "driver": str(DRIVER),
        "options": options or {},
    }
    with tempfile.TemporaryDirectory(prefix="xlbridge-lite-") as scratch:
        job_file = Path(scratch) / "job.json"
        job_file.write_text(json.dumps(job), encoding="utf-8")
        done = _run(["node", str(RUNNER), str(job_file)], timeout=600)
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def run_cpython(xlwings: str, *, options: dict[str, Any] | None = None) -> Report:
    """The driver's report from this CPython, with ``xlwings`` first on the path and xlbridge from the checkout."""
    path = os.pathsep.join([str(cpython_xlwings(xlwings)), str(ROOT)])
    env = {**os.environ, "PYTHONPATH": path, "XLWINGS_ON_SERVER": "true", "XLWINGS_LICENSE_KEY": "noncommercial"}
    done = _run([sys.executable, str(DRIVER), json.dumps(options or {})], env=env, timeout=600)
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def names(report: Report) -> list[str]:
    return sorted(function["name"] for function in report["meta"]["functions"])


def naming(report: Report) -> str:
    """``BRIDGE.*`` when every function carries the namespace, ``unprefixed`` when none does."""
    listed = names(report)
    if all(name.startswith("BRIDGE.") for name in listed):
        return "BRIDGE.*"
    if not any("." in name for name in listed):
        return "unprefixed"
    return "mixed"


def arrivals(report: Report) -> str:
    """The non-plain values that reached xlbridge's functions (type: repr), or ``plain`` when there were none."""
    found: dict[str, str] = {}
    for seen in report["arrived"].values():
        found.update(seen["unusual"])
    return ", ".join(f"{name} ({value})" for name, value in sorted(found.items())) or "plain"


def differences(report: Report, reference: Report) -> list[str]:
    """The calls whose answers differ from the reference run's."""
    return [key for key, value in reference["results"].items() if report["results"].get(key) != value]


def errors_among(report: Report, keys: list[str]) -> str:
    """What the differing answers are: a summary such as ``#VALUE! x12``."""
    counts: dict[str, int] = {}

    def walk(value: object) -> None:
        if isinstance(value, list):
            for item in value:
                walk(item)
        elif isinstance(value, dict):
            label = value.get("errorType") or value.get("exception") or value.get("unconverted") or "other"
            counts[str(label)] = counts.get(str(label), 0) + 1
        else:
            counts["value"] = counts.get("value", 0) + 1

    for key in keys:
        walk(report["results"][key])
    shown = {"Value": "#VALUE!", "NotAvailable": "#N/A", "Num": "#NUM!"}
    return ", ".join(f"{shown.get(name, name)} x{count}" for name, count in sorted(counts.items()))


def matrix(pyodides: list[str], xlwings_versions: list[str]) -> list[dict[str, str]]:
    """Every pair run in Pyodide and compared with CPython's answers (same xlwings, and the newest listed)."""
    rows = []
    with tempfile.TemporaryDirectory(prefix="xlbridge-wheel-") as scratch:
        wheel = build_xlbridge_wheel(Path(scratch))
        cpython = {version: run_cpython(version) for version in xlwings_versions}
        newest = cpython[xlwings_versions[-1]]
        for pyodide in pyodides:
            for version in xlwings_versions:
                report = run_pyodide(pyodide, version, wheel, deps=False)
                same = differences(report, cpython[version])
                versus_newest = differences(report, newest)
                rows.append(
                    {
                        "Pyodide (Python)": f"{report['pyodide']} ({report['python']})",
                        "xlwings": version,
                        "names": naming(report),
                        "JS null becomes": report["null_arrives_as"],
                        "reaches xlbridge": arrivals(report),
                        "calls unlike CPython": (
                            f"{len(same)} of {len(report['results'])}: {errors_among(report, same)}" if same else "none"
                        ),
                        "unlike newest xlwings": f"{len(versus_newest)}" if versus_newest else "none",
                        "pass": "yes" if naming(report) == "BRIDGE.*" and not versus_newest else "**no**",
                        "failing calls": ", ".join(same),
                    }
                )
    return rows


def markdown(rows: list[dict[str, str]], *, skip: tuple[str, ...] = ("failing calls",)) -> str:
    keys = [key for key in rows[0] if key not in skip]
    lines = ["| " + " | ".join(keys) + " |", "|" + "---|" * len(keys)]
    lines += ["| " + " | ".join(row[key] for key in keys) + " |" for row in rows]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    table = commands.add_parser("matrix", help="run every Pyodide x xlwings pair and print a table")
    table.add_argument("--pyodide", nargs="+", required=True)
    table.add_argument("--xlwings", nargs="+", required=True, help="oldest first; the last is the reference")
    table.add_argument("--json", type=Path, help="also write the rows here")
    args = parser.parse_args(argv)
    rows = matrix(args.pyodide, args.xlwings)
    print(markdown(rows))
    for row in rows:
        if row["failing calls"]:
            print(f"\n{row['Pyodide (Python)']} with xlwings {row['xlwings']}: {row['failing calls']}")
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
