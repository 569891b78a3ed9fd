"""Fixtures shared by the command-line tests."""

from __future__ import annotations

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
