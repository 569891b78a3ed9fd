"""The README tells the truth about the tree and the command line: its Layout and its command table, checked."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import click
import pytest

from audit.cli import main

REPO = Path(__file__).resolve().parents[1]
README = (REPO / "README.md").read_text()


def section(title: str) -> str:
    start = README.index(f"## {title}\n")
    end = README.find("\n## ", start + 1)
    return README[start : end if end > 0 else None]


def layout_paths() -> list[str]:
    """Paths named in the Layout block: an unindented line names a top-level folder, an indented one names paths
    inside the last folder; names come before the first run of three spaces."""
    block = section("Layout").split("```")[1]
    paths, top = [], ""
    for line in block.strip("\n").splitlines():
        names = re.split(r"\s{3,}", line.strip())[0].split()
        if not line.startswith(" "):
            top = names[0]
            paths.append(top)
        else:
            paths += [top + n for n in names]
    return paths


def test_every_layout_path_exists() -> None:
    missing = [p for p in layout_paths() if not (REPO / p).exists()]
    assert missing == []


def test_layout_names_every_module_and_folder() -> None:
    named = set(layout_paths())
    tracked = subprocess.run(["git", "ls-files"], cwd=REPO, capture_output=True, text=True, check=True).stdout.split()
    top = {t.split("/")[0] + "/" for t in tracked if "/" in t and not t.startswith(".")}
    audit = {
        ("audit/" + p.name + ("/" if p.is_dir() else ""))
        for p in (REPO / "audit").iterdir()
        if (p.suffix == ".py" and p.name != "__init__.py") or (p.is_dir() and not p.name.startswith("__"))
    }
    audit_named = {n if not n.startswith("audit/sql/") else "audit/sql/" for n in named}
    assert top - named == set(), "top-level folders missing from the Layout"
    assert audit - audit_named == set(), "audit/ modules or packages missing from the Layout"


def command_rows() -> list[tuple[str, list[str]]]:
    """(command, options) of each row of the README's command table."""
    rows = []
    for line in section("Commands").splitlines():
        m = re.match(r"\| `citeaudit ([a-z-]+)([^`]*)` \|", line)
        if m:
            rows.append((m.group(1), re.findall(r"(--[a-z][a-z-]*)", m.group(2))))
    return rows


def test_the_command_table_lists_every_command() -> None:
    assert sorted({name for name, _ in command_rows()}) == sorted(main.commands)


@pytest.mark.parametrize(("name", "options"), command_rows(), ids=[name for name, _ in command_rows()])
def test_each_command_in_the_table_has_the_options_shown(name: str, options: list[str]) -> None:
    command = main.commands[name]
    have = {o for p in command.params if isinstance(p, click.Option) for o in p.opts}
    assert set(options) - have == set(), f"citeaudit {name}: README shows options it does not take"
