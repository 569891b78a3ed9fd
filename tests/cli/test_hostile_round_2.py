"""Reliability sweep, round 2: hostile environments, inputs and misuse, each through the real `citeaudit` command on
real Parquet and DuckDB files: one line naming what to change, a non-zero exit, never a traceback, nothing lost."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

from audit.contract import answers_schema
from tests.conftest import REPO, make_answer

CTX = [{"doc_id": "d1", "chunk_id": "c1", "title": "Refund Policy.pdf", "page": 1, "text": "Refunds take 30 days."}]


def _answers(path: Path) -> Path:
    rows = [make_answer("good", "Refunds take 30 days [1].", CTX)]
    pq.write_table(pa.Table.from_pylist(rows, schema=answers_schema()), path)
    return path


def _citeaudit(args: list[str], **env: str) -> subprocess.CompletedProcess[str]:
    full = {**os.environ, "PYTHONPATH": str(REPO), **env}
    return subprocess.run(
        [sys.executable, "-m", "audit.cli", *args], capture_output=True, text=True, env=full, timeout=600
    )


def test_a_prefect_setting_in_the_environment_prefect_cannot_read_is_named_in_one_line(tmp_path: Path) -> None:
    # PREFECT_LOGGING_LEVEL=LOUD (or a port, a timeout of "soon"): Prefect printed "Failed to initialize plugins: 2
    # validation errors for LoggingSettings" and five lines of pydantic's, then `nightly` ended "error:
    # ValidationError: 2 validation errors for LoggingSettings", exit 1, as a defect of citeaudit's, naming no variable
    inp = _answers(tmp_path / "answers.parquet")
    cases = {
        "PREFECT_LOGGING_LEVEL": "LOUD",
        "PREFECT_SERVER_API_PORT": "abc",
        "PREFECT_API_REQUEST_TIMEOUT": "soon",
    }
    for name, value in cases.items():
        db = tmp_path / f"{name}.duckdb"
        done = _citeaudit(["nightly", "--day", "2026-11-01", "--input", str(inp), "--db", str(db)], **{name: value})
        assert done.returncode == 2, (name, done.stderr)
        want = f"error: {name}={value!r}: Prefect cannot read this setting ("
        assert done.stderr.startswith(want) and done.stderr.count("\n") == 1, (name, done.stderr)
        assert "unset it or give" in done.stderr, done.stderr
        assert not db.exists(), name
    done = _citeaudit(["serve", "--input", str(inp), "--db", str(tmp_path / "s.duckdb")], PREFECT_LOGGING_LEVEL="LOUD")
    assert done.returncode == 2 and done.stderr.startswith("error: PREFECT_LOGGING_LEVEL='LOUD'"), done.stderr
