"""The nightly flows on real Prefect, DuckDB, Parquet and the real embedding model (no mocks)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import duckdb
import pytest
from flow_helpers import DAY1, DAY2, completed_runs, result_rows, table_counts

import flows.nightly
from audit.runner import work_root
from flows.nightly import backfill, nightly_audit
from tests.flows.faults import EXIT_BEFORE_LOAD_CODE, fail_once

REPO = Path(__file__).resolve().parents[2]
CITEAUDIT = str(Path(sys.executable).parent / "citeaudit")


def test_nightly_over_two_days(baseline: dict[str, Any]) -> None:
    days = [s["day"] for s in baseline["summaries"]]
    assert days == [DAY1.isoformat(), DAY2.isoformat()]  # incremental from an empty database: both days
    runs = completed_runs(baseline["db"])
    assert [r[0] for r in runs] == [DAY1, DAY2]
    assert all(r[5] for r in runs)  # each runs row carries its Prefect flow run id
    for s, r in zip(baseline["summaries"], runs, strict=True):
        assert (s["answers_read"], s["answers_audited"], s["answers_quarantined"], s["citations"]) == r[1:5]
        assert s["answers_audited"] > 0 and s["citations"] > 0
    assert sum(s["answers_quarantined"] for s in baseline["summaries"]) >= 1
    rows = result_rows(baseline["db"])
    assert len(rows["answer_audit"]) == sum(s["answers_audited"] for s in baseline["summaries"])
    assert not work_root(str(baseline["db"]), None).exists() or not any(work_root(str(baseline["db"]), None).iterdir())


def test_same_day_twice_is_idempotent(baseline: dict[str, Any], tmp_path: Path, logs: Path) -> None:
    db = tmp_path / "audit.duckdb"
    shutil.copy(baseline["db"], db)
    before_counts, before_rows = table_counts(db), result_rows(db)
    first = nightly_audit(day=DAY1, input=str(logs), db=str(db))
    second = nightly_audit(day=DAY1, input=str(logs), db=str(db))
    after = table_counts(db)
    assert {k: v for k, v in after.items() if k != "runs"} == {k: v for k, v in before_counts.items() if k != "runs"}
    assert after["runs"] == before_counts["runs"] + 2
    assert result_rows(db) == before_rows
    keys = ("answers_read", "answers_audited", "answers_quarantined", "citations")
    assert [first[0][k] for k in keys] == [second[0][k] for k in keys]
    import duckdb

    con = duckdb.connect(str(db), read_only=True)
    try:
        assert con.execute("SELECT count(*) - count(DISTINCT answer_id) FROM answer_audit").fetchone() == (0,)
        assert con.execute(
            "SELECT count(*) FROM (SELECT answer_id, citation_ord, cited_ref FROM citation_audit GROUP BY ALL "
            "HAVING count(*) > 1)"
        ).fetchone() == (0,)
        # the day's rows all belong to the latest run of that day
        assert con.execute(
            "SELECT count(DISTINCT run_id) FROM answer_audit WHERE CAST(logged_at AT TIME ZONE 'UTC' AS DATE) = ?",
            [DAY1],
        ).fetchone() == (1,)
    finally:
        con.close()


def test_shard_failing_once_is_retried(
    baseline: dict[str, Any],
    warm_db: Path,
    logs: Path,
    sharded_config: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from prefect.client.orchestration import get_client
    from prefect.client.schemas.filters import FlowRunFilter, FlowRunFilterId

    marker = tmp_path / "shard-fault-fired"
    monkeypatch.setattr(flows.nightly, "run_shard", fail_once(flows.nightly.run_shard, marker))
    summaries = nightly_audit(day=DAY1, input=str(logs), db=str(warm_db), config=sharded_config)
    assert marker.exists()  # the fault fired
    assert summaries[0]["shards"] > 1 and summaries[0]["workers"] == 1  # the local runner: one shard at a time
    assert result_rows(warm_db, DAY1) == result_rows(baseline["db"], DAY1)
    flow_run_id = completed_runs(warm_db)[-1][5]
    with get_client(sync_client=True) as client:
        task_runs = client.read_task_runs(flow_run_filter=FlowRunFilter(id=FlowRunFilterId(any_=[flow_run_id])))
    shard_runs = [t for t in task_runs if t.name.startswith("audit-shard")]
    assert len(shard_runs) == summaries[0]["shards"]
    assert all(t.state and t.state.is_completed() for t in shard_runs)
    assert sorted(t.run_count for t in shard_runs)[-1] == 2  # one shard ran twice
    assert sum(t.run_count for t in shard_runs) == len(shard_runs) + 1


def _cli(args: list[str], api_url: str, fault: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PREFECT_API_URL": api_url, "PYTHONPATH": str(REPO)}
    command = [sys.executable, str(REPO / "tests" / "flows" / "faults.py"), fault] if fault else [CITEAUDIT]
    return subprocess.run(
        [*command, *args],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def run_statuses(db: Path) -> list[str]:
    con = duckdb.connect(str(db), read_only=True)
    try:
        return [r[0] for r in con.execute("SELECT status FROM runs ORDER BY started_at").fetchall()]
    finally:
        con.close()


def test_killed_after_shards_then_rerun_equals_uninterrupted(
    baseline: dict[str, Any], warm_db: Path, logs: Path, sharded_config: str, prefect_harness: str
) -> None:
    args = ["nightly", "--input", str(logs), "--db", str(warm_db), "--day", str(DAY2), "--config", sharded_config]
    before = result_rows(warm_db)
    killed = _cli(args, prefect_harness, fault="exit_before_load")
    assert killed.returncode == EXIT_BEFORE_LOAD_CODE, killed.stderr[-3000:]
    # died after the shard stage: complete shard folders on disk, nothing loaded, no completed run
    work = work_root(str(warm_db), None)
    manifests = list(work.glob(f"{DAY2}-run-*/shard-*/_manifest.json"))
    assert len(manifests) > 1
    assert result_rows(warm_db) == before
    assert completed_runs(warm_db) == []
    assert run_statuses(warm_db) == ["running"]  # the dead run stays visible

    rerun = _cli(args, prefect_harness)
    assert rerun.returncode == 0, rerun.stderr[-3000:]
    # a person can read it: no Prefect state chatter, a table row for the day
    assert "Finished in state" not in rerun.stdout + rerun.stderr and rerun.stderr.strip() == ""
    assert sum(line.startswith(f"│ {DAY2}") for line in rerun.stdout.splitlines()) == 1
    assert result_rows(warm_db, DAY2) == result_rows(baseline["db"], DAY2)
    assert [r[0] for r in completed_runs(warm_db)] == [DAY2]
    assert sorted(run_statuses(warm_db)) == ["abandoned", "completed"]
    assert not list(work.glob(f"{DAY2}-run-*"))  # the dead run's leftovers are gone too


def test_dask_cluster_run_equals_local_run(
    baseline: dict[str, Any], warm_db: Path, logs: Path, sharded_config: str
) -> None:
    from distributed import LocalCluster

    with LocalCluster(n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None) as cluster:
        summaries = nightly_audit(
            input=str(logs), db=str(warm_db), config=sharded_config, dask_address=cluster.scheduler_address
        )
        with cluster.get_client() as client:
            worker_pids = set(client.run(os.getpid).values())
    assert len(worker_pids) == 2 and os.getpid() not in worker_pids
    assert [s["day"] for s in summaries] == [DAY1.isoformat(), DAY2.isoformat()]
    assert all(s["shards"] > 1 and s["workers"] == 2 for s in summaries)  # planned for the cluster's 2 threads
    assert result_rows(warm_db) == result_rows(baseline["db"])


def test_incremental_picks_up_after_the_watermark(baseline: dict[str, Any], warm_db: Path, logs: Path) -> None:
    done = backfill(start=DAY1, end=DAY1, input=str(logs), db=str(warm_db))
    assert [s["day"] for s in done] == [DAY1.isoformat()]
    picked = nightly_audit(input=str(logs), db=str(warm_db))  # watermark = DAY1: only DAY2 is pending
    assert [s["day"] for s in picked] == [DAY2.isoformat()]
    assert nightly_audit(input=str(logs), db=str(warm_db)) == []  # nothing left up to yesterday
    assert result_rows(warm_db) == result_rows(baseline["db"])
    assert [r[0] for r in completed_runs(warm_db)] == [DAY1, DAY2]


def test_a_failing_day_is_one_error_line_last_and_a_failed_run(
    warm_db: Path, logs: Path, tmp_path: Path, prefect_harness: str
) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    contexts = tmp_path / "contexts.parquet"  # no `rank` column: every shard of the day fails (after retries)
    pq.write_table(pa.table({"answer_id": ["x"], "text": ["t"]}), contexts)
    args = ["nightly", "--input", str(logs), "--db", str(warm_db), "--day", str(DAY1), "--contexts", str(contexts)]
    res = _cli(args, prefect_harness)
    assert res.returncode == 2, res.stderr[-3000:]
    out = (res.stdout + res.stderr).strip().splitlines()
    assert len(out) == 1 and out[0].startswith("error: ") and "contexts table needs column 'rank'" in out[0]
    assert [s.split(":")[0] for s in run_statuses(warm_db)] == ["failed"]


def test_an_answer_the_audit_breaks_on_is_quarantined_by_the_nightly_flow(
    logs: Path, sharded_config: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the guard (audit/guard.py) in the flows' shards: one answer planted to break the claim locator is quarantined
    # (field `answer`), the day completes, and `runs` still accounts for every answer read
    import audit.assess

    real, broken = audit.assess.claim_for, []

    def breaks_on_first(cite, text, *args, **kwargs):
        if not broken or broken[0] == text:
            broken[:1] = [text]
            raise KeyError("planted")
        return real(cite, text, *args, **kwargs)

    monkeypatch.setattr(audit.assess, "claim_for", breaks_on_first)
    db = tmp_path / "audit.duckdb"
    nightly_audit(day=DAY1, input=str(logs), db=str(db), config=sharded_config)
    con = duckdb.connect(str(db), read_only=True)
    try:
        runs = con.execute("SELECT answers_read, answers_audited, answers_quarantined, status FROM runs").fetchall()
        planted = con.execute("SELECT field FROM quarantine WHERE reason LIKE '%KeyError%planted%'").fetchall()
    finally:
        con.close()
    ((read, audited, quarantined, status),) = runs
    assert status == "completed" and read == audited + quarantined and planted == [("answer",)], (runs, planted)
