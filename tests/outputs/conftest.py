"""A small real audit (generated logs with planted faults, the real model) shared by the output tests."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from audit.config import AuditConfig
from audit.contract import answers_schema
from audit.runner import run_audit
from audit.sample.generate import write_sample
from audit.window import Window
from tests.conftest import SAMPLE, make_answer

HOSTILE_TENANT = "<i>t&co</i>"
HOSTILE_MODEL = r"m$\nosuchcommand{$"  # mathtext to matplotlib, were it not escaped
HOSTILE_SOURCE = (
    "Refunds are handled by the billing team. <img src=x onerror=\"document.title='pwned'\"> "
    "The warehouse in Oslo ships <script>window.pwned=1</script> parcels on Mondays only."
)
HOSTILE_ANSWER = "The warehouse in Bergen ships <b>parcels</b> <script>window.pwned=2</script> on Fridays [1]."


@pytest.fixture(scope="session")
def small_db(tmp_path_factory: pytest.TempPathFactory, scorer) -> Path:
    """80 generated answers over 2026-11-01 and -02, plus one answer whose logged text is hostile HTML,
    audited into a fresh DuckDB file."""
    root = tmp_path_factory.mktemp("outputs")
    write_sample(root / "logs", rows=80, days=2, seed=5, start="2026-11-01", hive=True)
    hostile = make_answer(
        "hostile-1",
        HOSTILE_ANSWER,
        [{"doc_id": "doc<x>", "chunk_id": "c1", "title": "T", "page": 1, "url": None, "text": HOSTILE_SOURCE}],
        tenant=HOSTILE_TENANT,
        model=HOSTILE_MODEL,
        logged_at=datetime(2026, 11, 1, 9, tzinfo=UTC),
    )
    pq.write_table(
        pa.Table.from_pylist([hostile], schema=answers_schema()), root / "logs" / "date=2026-11-01" / "x.parquet"
    )
    db = root / "audit.duckdb"
    run_audit(str(root / "logs"), db, Window(), AuditConfig(), scorer=scorer)
    return db


@pytest.fixture(scope="session")
def sample_audit_db(tmp_path_factory: pytest.TempPathFactory, scorer) -> Path:
    """The committed sample (data/sample, with its planted over-confident model) audited into a fresh DuckDB file."""
    db = tmp_path_factory.mktemp("sample") / "audit.duckdb"
    run_audit(str(SAMPLE), db, Window(), AuditConfig(), scorer=scorer)
    return db
