"""The README tells the truth about the tree and the command line: its Layout, its command table, and every
`citeaudit` option, config key and repository path it and docs/ name, checked."""

from __future__ import annotations

import re
import subprocess
import tomllib
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

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


def test_the_command_list_shows_each_command_whole() -> None:
    """`citeaudit --help` lists every command with its whole line of help, none cut with "..." (each was)."""
    result = CliRunner().invoke(main, ["--help"], terminal_width=80)
    listed = [line for line in result.output.split("Commands:")[1].splitlines() if line.strip()]
    assert sorted(line.split()[0] for line in listed) == sorted(main.commands)
    assert [line for line in listed if line.rstrip().endswith("...")] == []


DOCS = {"README.md": README} | {f"docs/{p.name}": p.read_text() for p in sorted((REPO / "docs").glob("*.md"))}


def code_spans(text: str) -> list[str]:
    """The inline code spans and fenced or indented code lines of a Markdown text."""
    spans = re.findall(r"(?<!`)`([^`\n]+)`(?!`)", text)
    spans += re.findall(r"```[a-z]*\n(.*?)```", text, re.S)
    spans += re.findall(r"^ {4}(citeaudit .*)$", text, re.M)
    return spans


def documented_invocations() -> list[tuple[str, str, str]]:
    """(document, command, option) for each `citeaudit COMMAND ... --option` the README and docs/ write."""
    found = []
    for doc, text in DOCS.items():
        for span in code_spans(text):
            for m in re.finditer(r"citeaudit ([a-z][a-z-]*)((?:[^\n`|;&#]|\\\n)*)", span):
                if m.group(1) in main.commands:
                    found += [(doc, m.group(1), o) for o in re.findall(r"(?<![\w-])(--[a-z][a-z-]*)", m.group(2))]
    return found


def test_every_documented_invocation_uses_options_the_command_takes() -> None:
    """A flag the README or docs/ show after `citeaudit COMMAND` (in code) is one that command takes."""
    wrong = set()
    for doc, name, option in documented_invocations():
        have = {o for p in main.commands[name].params if isinstance(p, click.Option) for o in p.opts} | {"--help"}
        if option not in have:
            wrong.add(f"{doc}: citeaudit {name} {option}")
    assert documented_invocations(), "no invocation found: the pattern is broken"
    assert sorted(wrong) == []


def test_every_config_key_the_readme_names_exists() -> None:
    """`[section] key` in the README names a key of citeaudit.toml (the defaults in code, by test_config)."""
    keys = {(s, k) for s, d in tomllib.loads((REPO / "citeaudit.toml").read_text()).items() for k in d}
    named = re.findall(r"`?\[(extract|verify|support|levels|run|outputs)\]`?\s+`?([a-z_]+)`?", README)
    assert named, "no config key found: the pattern is broken"
    assert sorted({f"[{s}] {k}" for s, k in named if (s, k) not in keys}) == []


def test_every_repository_path_the_docs_name_exists() -> None:
    """A path under audit/, flows/, schemas/, tests/, tools/ or docs/ that the README or docs/ name exists."""
    missing = set()
    for doc, text in DOCS.items():
        for p in re.findall(r"(?<![\w/.-])((?:audit|flows|schemas|tests|tools|docs)/[\w./*-]*[\w*/])", text):
            # a module's attribute counts as its module: `audit/verify/features.FEATURES_VERSION`
            as_file = [p, p + ".py", p.rsplit(".", 1)[0] + ".py"]
            if not (list(REPO.glob(p)) if "*" in p else any((REPO / f).exists() for f in as_file)):
                missing.add(f"{doc}: {p}")
    assert sorted(missing) == []
