"""Fixtures shared by the command-line tests."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from audit.store import open_db
from tests.cli.hostile import BATCH_MARK, Verdicts, audited, claim_answer, own_rows_db
from tests.conftest import query


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """An audit file with its tables and one completed run (what the readers `sql`, `report` and `export` open)."""
    path = tmp_path / "audit.duckdb"
    con = open_db(path)
    con.execute(
        "INSERT INTO runs (run_id, started_at, input, config_hash, code_version, status) "
        "VALUES ('r1', now(), 'x', 'h', 'v', 'completed')"
    )
    con.close()
    return path


@pytest.fixture
def env_restored() -> Iterator[None]:
    """The process environment as it was before the test, after it: a nightly run in-process (CliRunner) sets
    Prefect's variables (`PREFECT_LOGGING_LEVEL`, ...) in os.environ, which the `citeaudit` subprocesses of later
    tests in the same test process would otherwise inherit."""
    saved = dict(os.environ)
    yield
    os.environ.clear()
    os.environ.update(saved)


@pytest.fixture(scope="module")
def claim_batch(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Verdicts]:
    """The cases of every test of the module marked `@claims(...)` (tests/cli/hostile.py), audited in one real
    `citeaudit run` (every row accounted for): each test's verdicts and all their reasons, by its case keys."""
    marked = {
        name: mark.args[0]
        for name, fn in vars(request.module).items()
        if name.startswith("test_") and callable(fn)
        for mark in getattr(fn, "pytestmark", [])
        if mark.name == "claims"
    }
    rows = [
        claim_answer(f"{name}/{key}", key, claim, source)
        for name, cases in marked.items()
        for key, (claim, source) in cases.items()
    ]
    db = audited(tmp_path_factory.mktemp("claims"), rows)
    batch: dict[str, Verdicts] = {name: {} for name in marked}
    for answer_id, verdict, reasons in query(db, "SELECT answer_id, verdict, reasons FROM citation_audit"):
        name, key = answer_id.split("/", 1)
        batch[name][key] = (verdict, reasons)
    return batch


@pytest.fixture
def got(request: pytest.FixtureRequest, claim_batch: dict[str, Verdicts]) -> Verdicts:
    """A `@claims(cases, keep)` test's cases from its module's one run: each case's verdict and its reasons that start
    with one of `keep` (what `claim_verdicts(tmp_path, cases, keep)` gives)."""
    mark = request.node.get_closest_marker("claims")
    assert mark is not None, f"{request.node.name} uses `got` without @claims(...)"
    keep = mark.args[1] if len(mark.args) > 1 else mark.kwargs.get("keep", ("",))
    verdicts = claim_batch[request.function.__name__]
    return {key: (v, [r for r in rs if r.startswith(keep)]) for key, (v, rs) in verdicts.items()}


@pytest.fixture(scope="module")
def rows_batch(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """The rows of every test of the module marked `@batched(rows)` (tests/cli/hostile.py), audited in one real
    `citeaudit run` (every row accounted for), each answer_id behind its test's prefix: the audit file, and each
    test's prefix."""
    marked = {
        name: mark.args[0]
        for name, fn in vars(request.module).items()
        if name.startswith("test_") and callable(fn)
        for mark in getattr(fn, "pytestmark", [])
        if mark.name == "batched"
    }
    prefixes = {name: f"t{i}{BATCH_MARK}" for i, name in enumerate(marked)}
    rows = [
        row | {"answer_id": prefixes[name] + row["answer_id"]}
        for name, test_rows in marked.items()
        for row in test_rows
        if BATCH_MARK not in row["answer_id"]
    ]
    assert len(rows) == sum(len(r) for r in marked.values()), f"an answer_id holds {BATCH_MARK}"
    return audited(tmp_path_factory.mktemp("batched"), rows), prefixes


@pytest.fixture
def answers_db(request: pytest.FixtureRequest, rows_batch: tuple[Path, dict[str, str]], tmp_path: Path) -> Path:
    """A `@batched(rows)` test's audit file: its rows' results alone, from its module's one run."""
    batch, prefixes = rows_batch
    return own_rows_db(batch, prefixes[request.function.__name__], tmp_path / "audit.duckdb")
