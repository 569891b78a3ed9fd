"""Fixtures shared by the command-line tests."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from audit.store import open_db


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
