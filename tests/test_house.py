"""The shape of the code base: every module imports, no import cycle, no module past ~400 lines."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
PACKAGES = ("audit", "flows")
MAX_LINES = 400
LONG_ALLOWED = {"audit/sample/kb_data.py"}  # the generator's knowledge-base content: data, not code


def module_name(path: Path) -> str:
    parts = path.relative_to(REPO).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for pkg in PACKAGES for p in sorted((REPO / pkg).rglob("*.py"))}


def imports_of(name: str, path: Path) -> set[str]:
    """Project modules `name` imports anywhere in its body (function-level imports included)."""
    found: set[str] = set()
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join([*package.split(".")[: len(package.split(".")) - node.level + 1], base]).strip(".")
            targets = [base] + [f"{base}.{a.name}" for a in node.names]
        else:
            continue
        found |= {t for t in targets if t in MODULES and t != name}
    return found


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(n: str) -> list[str] | None:
        state[n] = 1
        stack.append(n)
        for m in sorted(graph.get(n, ())):
            if state.get(m) == 1:
                return [*stack[stack.index(m) :], m]
            if m not in state and (cycle := visit(m)):
                return cycle
        stack.pop()
        state[n] = 2
        return None

    for n in sorted(graph):
        if n not in state and (cycle := visit(n)):
            return cycle
    return None


@pytest.mark.parametrize("name", sorted(m for m in MODULES if not m.endswith("__main__")))
def test_module_imports(name: str) -> None:
    importlib.import_module(name)


def test_no_import_cycle() -> None:
    graph = {name: imports_of(name, path) for name, path in MODULES.items()}
    assert {"audit.sql", "audit.schema"} <= graph["audit.store"] and "audit.cli.main" in graph["audit.cli"]
    assert find_cycle(graph) is None, " -> ".join(find_cycle(graph) or [])


def test_cycle_finder_finds_one() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_library_has_no_click() -> None:
    """Only the cli package parses command lines."""
    offenders = [n for n in MODULES if not n.startswith("audit.cli") and "click" in imports_of_any(MODULES[n])]
    assert offenders == []


def imports_of_any(path: Path) -> set[str]:
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            out.add(node.module.split(".")[0])
    return out


def test_no_module_over_400_lines() -> None:
    long = {
        str(p.relative_to(REPO)): n
        for p in MODULES.values()
        if (n := len(p.read_text().splitlines())) > MAX_LINES and str(p.relative_to(REPO)) not in LONG_ALLOWED
    }
    assert long == {}


def test_default_db_defined_once() -> None:
    hits = [str(p.relative_to(REPO)) for p in MODULES.values() if "DEFAULT_DB = " in p.read_text()]
    assert hits == ["audit/store.py"]


def test_wheel_has_no_top_level_data_package() -> None:
    import tomllib

    cfg = tomllib.loads((REPO / "pyproject.toml").read_text())
    assert cfg["tool"]["setuptools"]["packages"]["find"]["include"] == ["audit*", "flows*", "citeaudit"]
    assert not (REPO / "data" / "__init__.py").exists()


_CONFLICT = ("<<<<<<< ", ">>>>>>> ")  # what git writes around a merge conflict it could not resolve


def conflict_lines(text: str) -> list[int]:
    return [i for i, line in enumerate(text.splitlines(), 1) if line.startswith(_CONFLICT) or line == "======="]


def test_no_merge_conflict_left_in_a_text_file() -> None:
    # a merge of two sweeps once committed docs/hostile-inputs.md with its conflict markers in it
    suffixes = {".py", ".md", ".sql", ".toml", ".json", ".txt", ".cfg", ".yml", ".yaml", ".css", ".js", ".html", ""}
    found = {}
    for path in REPO.rglob("*"):
        rel = path.relative_to(REPO)
        if rel.parts[0].startswith(".") or rel.parts[0] in {"data", "build", "dist"} or "egg-info" in rel.parts[0]:
            continue
        if path.is_file() and path.suffix in suffixes and path.stat().st_size < 2_000_000:
            lines = conflict_lines(path.read_text(encoding="utf-8", errors="replace"))
            if lines:
                found[str(rel)] = lines
    assert not found


def test_conflict_finder_finds_one() -> None:
    assert conflict_lines("a\n<<<<<<< HEAD\nb\n=======\nc\n>>>>>>> branch\n") == [2, 4, 6]
