"""The four layers of the package: imports point down only (files -> excel -> engine -> rules), and nothing in rules/
or engine/ imports a spreadsheet package, not even inside a function."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "xlbridge"

#: Each module's layer, by its path inside the package; a module may import its own layer and the ones below.
LAYERS = {"rules": 0, "engine": 1, "excel": 2, "udfs.py": 3, "files": 4, "cli": 5, "__main__.py": 6}
TOP = 1  # xlbridge/__init__.py: the Python API, which is the engine's
SPREADSHEET_PACKAGES = {"xlwings", "xlsxwriter", "formulas", "openpyxl", "schedula", "numpy", "defusedxml", "jinja2"}
#: The one exception to "the engine uses the standard library only": the double-dummy solver of the hands extra,
#: which xlbridge.double_dummy and xlbridge.par call. It is imported inside engine/solver.py's functions only (never
#: as the module loads), so the engine and xlbridge.udfs still import without it (test_packaging proves it).
SOLVER = ("endplay", "engine/solver.py")


def layer_of(module: str) -> int:
    """The layer of ``xlbridge.x.y`` (a module or a package)."""
    parts = module.split(".")[1:]
    if not parts:
        return TOP
    first = parts[0]
    return LAYERS.get(first, LAYERS.get(f"{first}.py", TOP))


def modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def module_name(path: Path) -> str:
    parts = ["xlbridge", *path.relative_to(PACKAGE).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path) -> list[tuple[int, str]]:
    """Every module ``path`` imports (at any depth of its code), absolute, with its line."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            # "from . import cells" imports the module xlbridge.excel.cells
            if node.module is None:
                found += [(node.lineno, f"{target}.{alias.name}") for alias in node.names]
            else:
                found.append((node.lineno, target))
    return found


@pytest.mark.parametrize("path", modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_imports_point_down(path: Path) -> None:
    """A module imports only its own layer and the layers below it."""
    mine = layer_of(module_name(path))
    for line, target in imports(path):
        if target.split(".")[0] != "xlbridge" or target == "xlbridge":
            continue
        assert layer_of(target) <= mine, f"{path.relative_to(PACKAGE)}:{line} imports {target}, a layer above it"


def import_graph() -> dict[str, set[str]]:
    """Each module of the package with the modules of the package it imports, at any depth of its code (inside a
    function, or for the type checker, too)."""
    names = {module_name(path): path for path in modules()}
    graph = {}
    for name, path in names.items():
        targets = set()
        for _, target in imports(path):
            while target not in names and "." in target:  # a name imported from a module: the module
                target = target.rsplit(".", 1)[0]
            if target.startswith("xlbridge") and target in names and target != name:
                targets.add(target)
        graph[name] = targets
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The modules that import each other, round a circle (each strongly connected set of two or more)."""
    found: list[list[str]] = []
    order: dict[str, int] = {}
    lowest: dict[str, int] = {}
    stack: list[str] = []

    def visit(module: str) -> None:  # Tarjan's strongly connected components
        order[module] = lowest[module] = len(order)
        stack.append(module)
        for target in sorted(graph[module]):
            if target not in order:
                visit(target)
                lowest[module] = min(lowest[module], lowest[target])
            elif target in stack:
                lowest[module] = min(lowest[module], order[target])
        if lowest[module] == order[module]:
            component = []
            while True:
                member = stack.pop()
                component.append(member)
                if member == module:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for module in sorted(graph):
        if module not in order:
            visit(module)
    return found


def test_no_import_circle() -> None:
    """No two modules import each other, round any circle, not even inside a function or for the type checker: the
    imports of the package are a hierarchy a reader can follow down."""
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    assert circles(import_graph()) == []
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


@pytest.mark.parametrize(
    "path",
    [path for path in modules() if layer_of(module_name(path)) <= LAYERS["engine"]],
    ids=lambda p: str(p.relative_to(PACKAGE)),
)
def test_rules_and_engine_use_the_standard_library_only(path: Path) -> None:
    """rules/ and engine/ (and the package's face) import nothing but the standard library and themselves (and
    the solver, in the one module that calls it)."""
    for line, target in imports(path):
        top = target.split(".")[0]
        if (top, str(path.relative_to(PACKAGE))) == SOLVER:
            continue
        assert top == "xlbridge" or top in sys.stdlib_module_names, f"{path.name}:{line} imports {target}"
        assert top not in SPREADSHEET_PACKAGES


def test_the_solver_is_imported_only_where_it_is_called() -> None:
    """endplay is imported by engine/solver.py alone, and there only inside functions (or for the type checker):
    loading the module loads nothing of the hands extra."""
    package, home = SOLVER
    for path in modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found = [line for line, target in imports(path) if target.split(".")[0] == package]
        if str(path.relative_to(PACKAGE)) != home:
            assert not found, f"{path.relative_to(PACKAGE)} imports {package}"
            continue
        assert found
        for node in tree.body:  # the module's own statements: an import there would run as it loads
            if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
                continue
            for inner in ast.walk(node):
                if isinstance(inner, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    break
                if isinstance(inner, (ast.Import, ast.ImportFrom)):
                    names = [alias.name for alias in inner.names] if isinstance(inner, ast.Import) else [inner.module]
                    assert not any((name or "").startswith(package) for name in names), ast.unparse(inner)


def test_the_layers_are_the_folders() -> None:
    """Every module of the package lives in one of the four layers' folders or is one of the few on top (the
    worksheet functions, the command line)."""
    loose = {path.name for path in PACKAGE.glob("*.py")}
    assert loose == {"__init__.py", "__main__.py", "udfs.py"}
    assert {path.name for path in PACKAGE.iterdir() if path.is_dir() and (path / "__init__.py").exists()} == {
        "rules",
        "engine",
        "excel",
        "files",
        "cli",
    }


#: The most lines a module has: modules are cut where their subject divides, and one past this has grown beyond one.
MOST_LINES = 1_500


@pytest.mark.parametrize("path", modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_module_past_the_size_of_one_subject(path: Path) -> None:
    """A module holds one subject: none grows past :data:`MOST_LINES`."""
    assert len(path.read_text(encoding="utf-8").splitlines()) <= MOST_LINES


@pytest.mark.parametrize("path", modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_sources_are_cited_not_files_outside_the_repository(path: Path) -> None:
    """Comments and docstrings name the law or document a rule comes from, never a file outside the repository."""
    text = path.read_text(encoding="utf-8")
    for outside in ("RESEARCH", "seed document", "the seed's", "../shared"):
        assert outside not in text, f"{path.relative_to(PACKAGE)} refers to {outside!r}"


def test_the_api_is_the_engines() -> None:
    """`import xlbridge` gives the engine's API, every name the same object as in the module it comes from."""
    import subprocess

    script = (
        "import xlbridge, xlbridge.engine\n"
        "assert xlbridge.__all__ == ['PROJECT_URL', '__version__', *xlbridge.engine.__all__]\n"
        "for name in xlbridge.engine.__all__:\n"
        "    assert getattr(xlbridge, name) is getattr(xlbridge.engine, name), name\n"
        "namespace = {}\n"
        "exec('from xlbridge import *', namespace)\n"
        "assert namespace['ns_score']('4S', 'N', '=', 1) == 420\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_help_lists_the_commands_without_loading_them() -> None:
    """`xlbridge --help` prints what the full parser prints, from the commands' summaries alone: none of the
    commands' modules, the worksheet functions or the file formats is imported for it."""
    import subprocess

    from xlbridge.cli import build_parser

    script = (
        "import sys, contextlib, io\n"
        "from xlbridge.cli import main\n"
        "out = io.StringIO()\n"
        "with contextlib.redirect_stdout(out), contextlib.suppress(SystemExit):\n"
        "    main(['--help'])\n"
        "print(out.getvalue())\n"
        "print('MODULES', ' '.join(sorted(m for m in sys.modules if m.startswith('xlbridge'))))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    shown, _, modules = done.stdout.rpartition("MODULES ")
    assert shown.strip() == build_parser().format_help().strip()
    loaded = modules.split()
    assert "xlbridge.cli.catalogue" in loaded
    assert not [m for m in loaded if m.startswith(("xlbridge.excel", "xlbridge.files", "xlbridge.cli.results"))]


def test_a_command_builds_its_own_parser_alone(capsys: pytest.CaptureFixture[str]) -> None:
    """`xlbridge COMMAND --help` prints what the full parser prints for that command, every command; and a command
    imports its own family's module only (`xlbridge import` loads none of the network, teams, evening or scoring
    commands)."""
    import argparse
    import subprocess

    from xlbridge.cli import build_parser, main

    subparsers = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    for name, full in subparsers.choices.items():
        with pytest.raises(SystemExit):
            main([name, "--help"])
        assert capsys.readouterr().out == full.format_help(), name
    script = (
        "import sys, contextlib, io\n"
        "from xlbridge.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):\n"
        "    main(['import', '--help'])\n"
        "print(' '.join(sorted(m for m in sys.modules if m.startswith('xlbridge.cli.'))))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert set(done.stdout.split()) <= {f"xlbridge.cli.{m}" for m in ("arguments", "commandline", "catalogue",
                                                                     "terminal", "results", "hands")}  # fmt: skip


def test_importing_a_pairs_session_loads_only_what_it_computes(tmp_path: Path) -> None:
    """`xlbridge import` of a pairs session imports neither the teams, rubber or network machinery, nor the other
    commands, nor the standard library's web client (which xml.sax.saxutils imports): each is loaded at a command's
    start, and a command that does not use it pays for it."""
    import subprocess

    from .conftest import HOWELL

    script = (
        "import sys\n"
        "from xlbridge.cli import main\n"
        f"assert main(['import', {str(HOWELL)!r}, '-o', {str(tmp_path / 'a.xlsx')!r}]) == 0\n"
        "print('LOADED', ' '.join(sorted(sys.modules)))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    loaded = set(done.stdout.rsplit("LOADED", 1)[1].split())
    unneeded = {"xlbridge.engine.event", "xlbridge.engine.teams", "xlbridge.engine.rubber", "xlbridge.excel.event",
                "xlbridge.excel.scoresheets", "xlbridge.files.templates.teams_event", "xlbridge.files.templates.rubber",
                "xlbridge.cli.bridgemate", "xlbridge.cli.teams", "xlbridge.cli.evening", "urllib.request"}  # fmt: skip
    assert loaded & unneeded == set()
    assert "xlbridge.excel.session" in loaded


def test_commands_load_no_heavy_library_they_do_not_need(tmp_path: Path) -> None:
    """Importing results and computing an xlbridge workbook load neither xlwings nor the general formula engine
    and its numpy and scipy: only a workbook with formulas of its own needs those."""
    import subprocess

    from .conftest import HOWELL

    script = (
        "import sys\n"
        "from xlbridge.cli import main\n"
        f"assert main(['import', {str(HOWELL)!r}, '-o', {str(tmp_path / 'a.xlsx')!r}]) == 0\n"
        f"assert main(['calc', {str(tmp_path / 'a.xlsx')!r}, '-o', {str(tmp_path / 'b.xlsx')!r}]) == 0\n"
        f"assert main(['ranking', {str(tmp_path / 'b.xlsx')!r}]) == 0\n"
        "print('LOADED', ' '.join(sorted(m for m in ('xlwings', 'formulas', 'numpy', 'scipy', 'matplotlib') "
        "if m in sys.modules)))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert done.stdout.rsplit("LOADED", 1)[1].split() == []


def test_the_engine_api_is_its_imports() -> None:
    """xlbridge.engine imports its API from its modules and lists the same names in ``__all__``, once each."""
    import xlbridge.engine

    tree = ast.parse((PACKAGE / "engine" / "__init__.py").read_text(encoding="utf-8"))
    imported = [alias.name for node in tree.body if isinstance(node, ast.ImportFrom) and node.level == 1
                for alias in node.names]  # fmt: skip
    assert sorted(imported) == sorted(xlbridge.engine.__all__)
    assert len(set(imported)) == len(imported)


def private_overrides(classes: list[type]) -> list[str]:
    """Each method a class defines under a private name (``_name``, not a dunder) that one of its third-party base
    classes (from outside xlbridge and the standard library) defines too: an override of that library's internals,
    which any release of it may rename or change. (What Python itself puts in a class, such as an ABC's
    ``_abc_impl``, is no method of the class's own.)"""
    found = []
    for cls in classes:
        for name, value in vars(cls).items():
            if not name.startswith("_") or (name.startswith("__") and name.endswith("__")):
                continue
            if not (callable(value) or isinstance(value, (staticmethod, classmethod, property))):
                continue
            for base in cls.__mro__[1:]:
                top = base.__module__.split(".")[0]
                if top in ("xlbridge", "builtins") or top in sys.stdlib_module_names:
                    continue
                if name in vars(base):
                    found.append(f"{cls.__module__}.{cls.__qualname__}.{name} overrides "
                                 f"{base.__module__}.{base.__qualname__}.{name}")  # fmt: skip
    return found


def test_no_class_overrides_a_private_method_of_a_library() -> None:
    """No class of xlbridge overrides a private method of a third-party class (XlsxWriter's ``_write_cell``, say):
    a library is used through its public API, or the piece is written here."""
    import importlib
    import inspect

    classes = []
    for path in modules():
        if path.name == "__main__.py":
            continue
        module = importlib.import_module(module_name(path))
        classes += [value for value in vars(module).values()
                    if inspect.isclass(value) and value.__module__ == module.__name__]  # fmt: skip
    assert len(classes) > 50
    assert private_overrides(classes) == []


def test_a_private_override_is_found() -> None:
    """The check above finds an override of a library's private method, at any depth of the classes, and lets a
    public override and a private name of xlbridge's own pass."""
    from xlsxwriter.worksheet import Worksheet

    class Public(Worksheet):  # type: ignore[misc]
        def write_string(self, *args: object) -> int:
            return 0

        def _xlbridge_own(self) -> None:
            pass

    class Private(Public):
        def _write_cell(self, *args: object) -> None:
            pass

    assert private_overrides([Public]) == []
    assert private_overrides([Public, Private]) == [
        f"{__name__}.test_a_private_override_is_found.<locals>.Private._write_cell overrides "
        "xlsxwriter.worksheet.Worksheet._write_cell"
    ]


def one_letter_apart(first: str, second: str) -> bool:
    """Whether two names differ by one letter added, dropped or changed (``field`` and ``fields``)."""
    if first == second or abs(len(first) - len(second)) > 1:
        return False
    if len(first) == len(second):
        return sum(a != b for a, b in zip(first, second, strict=True)) == 1
    short, long = sorted((first, second), key=len)
    return any(long[:i] + long[i + 1 :] == short for i in range(len(long)))


def test_no_two_modules_have_names_a_letter_apart() -> None:
    """A newcomer looking for the movements finds one name, not ``movement`` and ``movements``: no two modules or
    folders of the package have names that differ by one letter (the same name in two layers is the same subject)."""
    names = {path.stem for path in modules() if path.stem != "__init__"}
    names |= {path.name for path in PACKAGE.rglob("*") if path.is_dir() and path.name != "__pycache__"}
    close = sorted((a, b) for a in names for b in names if a < b and one_letter_apart(a, b))
    assert close == []
    assert one_letter_apart("field", "fields")
    assert one_letter_apart("teams", "terms")
    assert not one_letter_apart("deals", "deals")
    assert not one_letter_apart("rubber", "ladder")


def test_every_command_is_built_without_the_extras() -> None:
    """Each command's options are built with none of the extras' libraries loaded (a command needs one only where
    it writes a workbook, a page or talks to the Bridgemates, and says so then), but the bridgemate command's, whose
    every verb talks to the Data Connector."""
    import subprocess

    script = (
        "import sys\n"
        "from xlbridge.cli import EXTRAS, build_parser\n"
        "from xlbridge.cli.catalogue import COMMANDS\n"
        "for name in [name for name in COMMANDS if ' ' not in name and name != 'bridgemate']:\n"
        "    build_parser(full=(name,))\n"
        "print(' '.join(sorted({module.split('.')[0] for module in sys.modules} & set(EXTRAS))))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert done.stdout.split() == []
