"""Reliability sweep, round 5: a hostile operator's stops and waits, through the real `citeaudit` command on real
Parquet and DuckDB files: a stop is prompt and says what happened, and the rerun loses and doubles nothing."""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

import duckdb
import pyarrow as pa
import pyarrow.parquet as pq
from click.testing import CliRunner

from audit.cli import main
from audit.contract import answers_schema
from tests.conftest import REPO, make_answer, query

CTX = [{"doc_id": "d1", "chunk_id": "c1", "title": "Refund Policy.pdf", "page": 1, "text": "Refunds take 30 days."}]


def test_a_stop_while_the_run_waits_for_a_locked_database_is_prompt_and_honest(tmp_path: Path) -> None:
    # SIGTERM (a scheduler's stop, Kubernetes' before its SIGKILL 30 s later) while `citeaudit run` waited for an audit
    # file another process held: the command waited out [run] lock_wait_seconds (60 s) for its `running` row before
    # it stopped, then said "the run is recorded as failed", though no run had been recorded (reliability round 5)
    inp, db, cfg = tmp_path / "answers.parquet", tmp_path / "audit.duckdb", tmp_path / "wait.toml"
    rows = [make_answer(f"a{i}", "Refunds take 30 days [1].", CTX) for i in range(3)]
    pq.write_table(pa.Table.from_pylist(rows, schema=answers_schema()), inp)
    cfg.write_text("[run]\nlock_wait_seconds = 3600.0\n")
    args = ["-v", "run", "--input", str(inp), "--db", str(db), "--config", str(cfg), "--quiet"]
    holder = duckdb.connect(str(db))  # another process's hold on the file (DuckDB locks it per process)
    proc = subprocess.Popen(
        [sys.executable, "-m", "audit.cli", *args], cwd=REPO, stderr=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        assert proc.stderr is not None
        seen = []
        for line in proc.stderr:  # until it waits for the lock
            seen.append(line)
            if "is locked; retrying" in line:
                break
        proc.send_signal(signal.SIGTERM)
        _, rest = proc.communicate(timeout=120)  # it waited an hour before (the config's lock wait)
    finally:
        holder.close()
        if proc.poll() is None:  # a failed wait: not left running
            proc.kill()
            proc.wait()
    lines = [*seen, *rest.splitlines(keepends=True)]
    assert proc.returncode == 143, "".join(lines)[-3000:]
    assert "Traceback" not in "".join(lines)
    assert lines[-1].strip() == "error: terminated by SIGTERM (before its run began: rerun it)", lines[-3:]
    res = CliRunner().invoke(main, ["run", "--input", str(inp), "--db", str(db), "--quiet"])
    assert res.exit_code == 0, res.output
    assert query(db, "SELECT status, answers_read, answers_audited FROM runs") == [("completed", 3, 3)]
    assert query(db, "SELECT count(*), count(DISTINCT answer_id) FROM answer_audit") == [(3, 3)]
