"""Shared fixtures: real Parquet files, real DuckDB databases, the real embedding model."""

from __future__ import annotations

import os
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import duckdb
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from hypothesis import HealthCheck, settings

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

# no timed tests (house rule): Hypothesis' per-example deadline (200 ms) failed a first example that compiles the marker
# pattern on a loaded machine; speed is measured by `citeaudit bench`. Every test's own @settings inherits this.
settings.register_profile("citeaudit", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("citeaudit")

REPO = Path(__file__).resolve().parents[1]
SAMPLE = REPO / "data" / "sample"
SHARED_REAL = (REPO / ".." / "shared" / "data" / "real").resolve()


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Stop every local Prefect API an in-process command started, now, with Prefect's logger off. Prefect stops them
    at exit and logs "Stopping temporary server" through a handler made while a test's output was captured: after
    the summary, CI's log ended in a "--- Logging error --- ValueError: I/O operation on closed file" traceback."""
    import logging
    import sys

    server = sys.modules.get("prefect.server.api.server")
    if server is None:
        return
    prefect_logger = logging.getLogger("prefect")
    was = prefect_logger.disabled
    prefect_logger.disabled = True
    try:
        for instance in list(server.SubprocessASGIServer._instances.values()):
            instance.stop()
    finally:
        prefect_logger.disabled = was


def query(db: Path, sql: str) -> list[tuple]:
    """Rows of `sql` on an audit database, opened read-only."""
    con = duckdb.connect(str(db), read_only=True)
    try:
        return con.execute(sql).fetchall()
    finally:
        con.close()


def make_answer(answer_id: str, answer: str, contexts: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    """A contract row with sensible defaults; contexts take doc_id/chunk_id/title/page/url/text."""
    row = {
        "answer_id": answer_id,
        "conversation_id": extra.pop("conversation_id", f"conv-{answer_id}"),
        "turn_index": extra.pop("turn_index", 0),
        "logged_at": extra.pop("logged_at", datetime(2026, 11, 1, 12, tzinfo=UTC)),
        "tenant": extra.pop("tenant", "acme"),
        "model": extra.pop("model", "test-model"),
        "question": extra.pop("question", "q?"),
        "answer": answer,
        "contexts": [{k: c.get(k) for k in ("doc_id", "chunk_id", "title", "page", "url", "text")} for c in contexts],
    }
    row.update(extra)
    return row


@pytest.fixture
def write_answers(tmp_path: Path) -> Callable[..., Path]:
    """Write contract rows to a Parquet file under tmp_path and return its path."""
    from audit.contract import answers_schema

    def _write(rows: list[dict[str, Any]], name: str = "answers.parquet") -> Path:
        path = tmp_path / name
        pq.write_table(pa.Table.from_pylist(rows, schema=answers_schema()), path)
        return path

    return _write


@pytest.fixture(scope="session")
def scorer():
    """The real packaged embedding model, loaded once per test session."""
    from audit.config import AuditConfig
    from audit.pipeline import make_scorer

    return make_scorer(AuditConfig())


def audit_rows(root: Path, rows: list[dict[str, Any]]) -> Path:
    """`rows` written as `root/answers.parquet` and audited by the real `citeaudit run` into `root/audit.duckdb`
    (which must succeed); the database."""
    from click.testing import CliRunner

    from audit.cli import main
    from audit.contract import answers_schema

    pq.write_table(pa.Table.from_pylist(rows, schema=answers_schema()), root / "answers.parquet")
    db = root / "audit.duckdb"
    res = CliRunner().invoke(main, ["run", "--input", str(root / "answers.parquet"), "--db", str(db), "--quiet"])
    assert res.exit_code == 0, res.output
    return db
