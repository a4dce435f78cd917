"""Every registry of named choices: each entry resolves by each of its names, has a source and a description, can be
chosen from the worksheet functions and the command line, and is what the drop-downs and the reference
(docs/choices.md) list."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from xlbridge import victory_points
from xlbridge.cli import build_parser
from xlbridge.engine.choices import choose
from xlbridge.excel import FUNCTIONS
from xlbridge.files.templates import CLASSIC
from xlbridge.files.templates.blank import TEMPLATES
from xlbridge.files.workbook.xlsx import open_package, read_values
from xlbridge.rules import (
    CHICAGO_WHEELS,
    CROSS_IMP_FORMS,
    DATUM_METHODS,
    ERAS,
    FIELD_KINDS,
    IMP_SCALES,
    MASTERPOINT_SCALES,
    MATCHPOINT_SCALES,
    REGISTRIES,
    SESSION_METHODS,
    TEAMS_FORMS,
    VP_SCALES,
    Named,
    Registry,
)

CHOICES_PAGE = Path(__file__).resolve().parent.parent / "docs" / "choices.md"
ALL = [(registry.argument, registry) for registry in REGISTRIES.values()]
ENTRIES = [(registry, entry) for _, registry in ALL for entry in registry]


def names_of(entry: Named) -> list[str]:
    return [entry.name, *entry.aliases]


@pytest.mark.parametrize(("registry", "entry"), ENTRIES, ids=lambda x: getattr(x, "argument", getattr(x, "name", x)))
def test_every_entry_resolves_by_each_name_and_is_documented(registry: Registry[Named], entry: Named) -> None:
    """Each of an entry's names, in any case and spacing, finds it; it has a source and a one-line description."""
    for name in names_of(entry):
        for typed in (name, name.lower(), f" {name} "):
            assert registry.find(typed) is entry
            assert choose(registry, typed) is entry
    assert entry.source.strip()
    assert entry.description.strip()
    assert "\n" not in entry.description


def test_blank_chooses_the_default() -> None:
    """A blank choice is the registry's first entry, the one its help calls the default."""
    for _, registry in ALL:
        assert choose(registry, None) is registry.default
        assert choose(registry, "  ") is registry.default


def one(function: str, *args: object) -> object:
    (row,) = FUNCTIONS[function](*args)
    return row[0]


@pytest.mark.parametrize("name", ERAS.all_names())
def test_every_era_from_the_sheet_and_the_command_line(name: str) -> None:
    """BRIDGESCORE, RUBBERTOTAL and `xlbridge score --rules` take every era by every name."""
    assert isinstance(one("BRIDGESCORE", "4SX", "N", -4, 1, name), int)
    assert isinstance(one("RUBBERTOTAL", [["N"]], [["4S"]], [["="]], None, name), int)
    assert build_parser().parse_args(["score", "4S", "=", "--rules", name.lower()]).rules == choose(ERAS, name).name


@pytest.mark.parametrize("name", IMP_SCALES.all_names())
def test_every_imp_scale_from_the_sheet(name: str) -> None:
    """IMP, CROSSIMP and BUTLER take every IMP scale by every name."""
    field = [[620], [-100], [420], [450]]
    assert isinstance(one("IMP", 1000, name), int)
    assert isinstance(one("CROSSIMP", 620, field, None, None, name), (int, float))
    assert isinstance(one("BUTLER", 620, field, None, None, name), (int, float))


@pytest.mark.parametrize("name", VP_SCALES.all_names())
def test_every_vp_scale_by_name(name: str) -> None:
    """The Python API takes every VP scale by every name (and the scale decides the winner's share)."""
    assert 0 < victory_points(12, name, boards=8) <= choose(VP_SCALES, name).total


@pytest.mark.parametrize(
    ("registry", "function", "args"),
    [
        (MATCHPOINT_SCALES, "MATCHPOINTS", (420, [[420], [450], [-50]])),
        (CROSS_IMP_FORMS, "CROSSIMP", (420, [[420], [450], [-50]])),
        (DATUM_METHODS, "BUTLER", (420, [[420], [450], [-50], [100], [620]])),
    ],
    ids=["matchpoints", "cross-imps", "datum"],
)
def test_every_method_word_from_the_sheet(registry: Registry[Named], function: str, args: tuple[object, ...]) -> None:
    """The comparison functions take each entry's every name as a method word."""
    for name in registry.all_names():
        assert isinstance(one(function, *args, name), (int, float)), name
        assert one(function, *args, f"{name} CHECK") == "", name


@pytest.mark.parametrize(
    ("option", "registry"),
    [("--method", SESSION_METHODS), ("--fields", FIELD_KINDS), ("--masterpoints", MASTERPOINT_SCALES)],
)
def test_every_session_choice_from_the_command_line(option: str, registry: Registry[Named]) -> None:
    """`xlbridge import` takes every scoring method, one field or two and masterpoint scale by every name, any case."""
    for name in registry.all_names():
        args = build_parser().parse_args(["import", "x.csv", "-o", "y.xlsx", option, name.lower()])
        assert getattr(args, option[2:]) == choose(registry, name).name


def drop_down(template: str, heading: str, tmp_path: Path) -> list[str]:
    path = tmp_path / f"{template}.xlsx"
    TEMPLATES[template](path, CLASSIC)
    lists = read_values(open_package(path), "Lists", computed=False)  # a template: the lists are typed, not computed
    col = next(c for (r, c), value in lists.items() if r == 1 and value == heading)
    return [str(value) for (r, c), value in sorted(lists.items()) if c == col and r > 1]


@pytest.mark.parametrize(
    ("template", "heading", "registry"),
    [
        ("pairs-session", "Methods", SESSION_METHODS),
        ("pairs-session", "Fields", FIELD_KINDS),
        ("pairs-session", "Masterpoints", MASTERPOINT_SCALES),
        ("teams-event", "Forms", TEAMS_FORMS),
        ("rubber", "Eras", ERAS),
        ("chicago", "Wheels", CHICAGO_WHEELS),
    ],
)
def test_drop_downs_list_the_registry(template: str, heading: str, registry: Registry[Named], tmp_path: Path) -> None:
    """What a template's drop-down offers is the registry's names, in its order."""
    assert drop_down(template, heading, tmp_path) == registry.names()


def markdown_table(registry: Registry[Named]) -> str:
    """A registry as the reference's table of it: one row an entry, with its other names, meaning and source."""
    rows = ["| name | also | what it means | source |", "|---|---|---|---|"]
    for entry in registry:
        also = ", ".join(f"`{alias}`" for alias in entry.aliases)
        rows.append(f"| `{entry.name}` | {also} | {entry.description} | {entry.source} |")
    return "\n".join(rows)


@pytest.mark.parametrize(("argument", "registry"), ALL, ids=[argument for argument, _ in ALL])
def test_the_reference_tables_are_the_registries(argument: str, registry: Registry[Named]) -> None:
    """The reference (docs/choices.md) lists each registry's entries exactly as the code holds them (regenerate the
    table from here)."""
    text = CHOICES_PAGE.read_text(encoding="utf-8")
    table = markdown_table(registry)
    assert table in text, f"docs/choices.md's table of {argument} choices should read:\n\n{table}\n"
    assert len(re.findall(re.escape(table.splitlines()[2]), text)) == 1
