"""Real Prefect runs for the flow tests: one session-scoped `prefect_test_harness`, small generated logs, real model."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

# Prefect reads its environment at import: set it before anything imports prefect.
_PREFECT_HOME = tempfile.mkdtemp(prefix="citeaudit-prefect-home-")
os.environ["PREFECT_HOME"] = _PREFECT_HOME
os.environ["PREFECT_SERVER_ANALYTICS_ENABLED"] = "false"
os.environ.pop("PREFECT_API_URL", None)  # the harness provides the API

import pytest  # noqa: E402
from flow_helpers import DAY1  # noqa: E402

from audit.sample.generate import write_sample  # noqa: E402
from audit.store import open_db  # noqa: E402


@pytest.fixture(scope="session", autouse=True)
def prefect_harness() -> Iterator[str]:
    """One local Prefect API for the whole session; yields its URL (for subprocess runs)."""
    from prefect.settings import PREFECT_API_URL, temporary_settings
    from prefect.testing.utilities import prefect_test_harness

    with (
        prefect_test_harness(server_startup_timeout=90),
        temporary_settings(
            updates={"flows.heartbeat_frequency": None}  # no 1 s wait per flow run for the heartbeat thread
        ),
    ):
        yield str(PREFECT_API_URL.value())
    shutil.rmtree(_PREFECT_HOME, ignore_errors=True)


@pytest.fixture(scope="session")
def logs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """40 answers over two days, hive-partitioned (incl. rows that get quarantined)."""
    out = tmp_path_factory.mktemp("logs") / "answers"
    write_sample(out, rows=40, days=2, seed=11, start=DAY1, hive=True)
    return out


@pytest.fixture(scope="session")
def sharded_config(tmp_path_factory: pytest.TempPathFactory) -> str:
    """Small shards, so a day is split into several shard tasks (results must not depend on it)."""
    p = tmp_path_factory.mktemp("cfg") / "citeaudit.toml"
    p.write_text("[run]\nshard_rows = 8\n")
    return str(p)


@pytest.fixture(scope="session")
def baseline(logs: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The reference: an uninterrupted incremental nightly run over both days on the local runner."""
    from flows.nightly import nightly_audit

    db = tmp_path_factory.mktemp("baseline") / "audit.duckdb"
    summaries = nightly_audit(input=str(logs), db=str(db))
    return {"db": db, "summaries": summaries}


@pytest.fixture
def warm_db(baseline: dict[str, Any], tmp_path: Path) -> Path:
    """An empty audit database holding only the baseline's embedding cache (a cache, not results)."""
    db = tmp_path / "audit.duckdb"
    con = open_db(db)
    try:
        con.execute(f"ATTACH '{baseline['db']}' AS base (READ_ONLY)")
        con.execute("INSERT INTO embedding_cache SELECT * FROM base.embedding_cache")
        con.execute("DETACH base")
    finally:
        con.close()
    return db
