"""`citeaudit bench --dask N`: the same day audited by the `audit-day` flow on the local runner, then on Dask
LocalClusters of 1 and N single-thread workers; prints the speed-up and checks the tables are identical.

Each cluster is fresh (workers import, load the model and prime the embedding cache inside the timed run, as on
the first night of a new cluster), and each run writes a fresh database, so every run is cold. With `repeat`, the two
clusters are timed in turn that many times (each time a fresh cluster and database) and each one's median run is its
figure: one run of a ~7 s day varied by +-10% here. The local runner is timed once (it audits in this process, whose
caches a second run would find warm). With `warm`, every
runner loads its models before the clock starts (the local process directly, Dask workers through the
`WarmModels` plugin), as a long-lived cluster has by its second night: that times the shard work itself.
"""

from __future__ import annotations

import logging
import shutil
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

import duckdb

# what must match between runs: every result row's identity and verdict, scores rounded (torch on 1 or 2 threads
# sums in a different order, so the last bits of a cosine may differ)
_DIGESTS = {
    "answer_audit": "answer_id, level, n_citations, round(citation_integrity, 4), round(coverage, 4)",
    "citation_audit": "answer_id, citation_ord, verdict, round(support, 4), evidence_start, suggested_rank",
    "uncited_claims": "answer_id, sentence_idx, best_rank, round(best_support, 4)",
    "quarantine": "row_ref, reason",
}


@dataclass
class ScalingRun:
    label: str
    workers: int
    seconds: float
    shards: int
    answers: int
    digest: dict[str, tuple[int, int]] = field(default_factory=dict)
    samples: list[float] = field(default_factory=list)  # each timed run's seconds (`seconds`: their median)


def median_run(runs: list[ScalingRun]) -> ScalingRun:
    """One runner's repeated runs as one: the median seconds, every run's seconds, and the tables' digest when every
    run wrote the same tables (else a digest no other runner has)."""
    first = runs[0]
    same = all(r.digest == first.digest and r.shards == first.shards for r in runs)
    return ScalingRun(
        first.label,
        first.workers,
        statistics.median(r.seconds for r in runs),
        first.shards,
        first.answers,
        first.digest if same else {"tables differ between repeated runs": (len(runs), 0)},
        [r.seconds for r in runs],
    )


def table_digest(db: str) -> dict[str, tuple[int, int]]:
    """(rows, order-free hash) of each result table, run ids aside."""
    con = duckdb.connect(db, read_only=True)
    try:
        out = {}
        for table, cols in _DIGESTS.items():
            rows = con.execute(f"SELECT count(*), coalesce(bit_xor(hash({cols})), 0) FROM {table}").fetchall()
            out[table] = (int(rows[0][0]), int(rows[0][1]))
        return out
    finally:
        con.close()


def busiest_day(input_spec: str) -> date:
    """The UTC day with the most answers in the input (the day to time)."""
    from audit.ingest import discover_inputs

    files = discover_inputs(input_spec)
    con = duckdb.connect()
    try:
        con.execute("SET TimeZone = 'UTC'")
        rows = con.execute(
            "SELECT CAST(logged_at AS DATE) AS d, count(*) FROM read_parquet($files, union_by_name = true) "
            "WHERE logged_at IS NOT NULL GROUP BY d ORDER BY 2 DESC, d LIMIT 1",
            {"files": files},
        ).fetchall()
    finally:
        con.close()
    if not rows:
        from audit.errors import InputError

        raise InputError(f"{input_spec}: no row with a logged_at to time")
    day: date = rows[0][0]
    return day


def prefect_api_url() -> str:
    """The Prefect API this process reports to: PREFECT_API_URL, else its local ephemeral server (started here once;
    it stops when the process exits)."""
    from prefect.settings import PREFECT_API_URL

    url = PREFECT_API_URL.value()
    if url:
        return str(url)
    from prefect.server.api.server import SubprocessASGIServer

    server = SubprocessASGIServer()  # one per port: a second call returns the running one
    server.start()
    return str(server.api_url)


def _one_run(
    label: str,
    workers: int,
    day: date,
    input_spec: str,
    config: str | None,
    tmp: Path,
    warm: bool = False,
    preload: bool = True,
    attempt: int = 0,
) -> ScalingRun:
    from prefect.settings import PREFECT_API_URL, temporary_settings

    from audit.config import load_config
    from flows.nightly import WarmModels, audit_day, task_runner_for, warm_models

    db = str(tmp / f"{label}-{attempt}.duckdb")  # a fresh database each run: every run is cold
    # every runner reports to one Prefect API, started before any clock (the local runner's first flow would
    # otherwise time the start of a temporary server)
    api = prefect_api_url()
    if workers == 0:
        if warm:
            warm_models(load_config(config))
        with temporary_settings(updates={PREFECT_API_URL: api}):
            t0 = time.perf_counter()
            summary = audit_day(day=day, input=input_spec, db=db, config=config)
            seconds = time.perf_counter() - t0
    else:
        from distributed import LocalCluster

        if logging.getLogger().getEffectiveLevel() > logging.INFO:
            # the in-process scheduler logs every worker's comings and goings (and a traceback when a closing worker
            # drops its stream): noise for a benchmark; `citeaudit -v` shows it
            logging.getLogger("distributed").setLevel(logging.ERROR)
        # workers report task runs to the flow's Prefect API; without one each worker process would start a
        # temporary Prefect server of its own (seconds per worker, and task runs in a database nobody reads)
        env = {"PREFECT_API_URL": api}
        # `preload`: workers import the pipeline when they start (`dask worker --preload flows.preload`, as the
        # README's cluster does), so the timed run holds the model loads but not ~2 s of imports per worker
        with LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            env=env,
            preload=["flows.preload"] if preload else [],
        ) as cluster:
            if warm:
                from distributed import Client

                with Client(cluster) as client:
                    client.register_plugin(WarmModels(config), name="citeaudit-warm-models")
            flow = audit_day.with_options(task_runner=task_runner_for(cluster.scheduler_address))
            t0 = time.perf_counter()
            summary = flow(day=day, input=input_spec, db=db, config=config)
            seconds = time.perf_counter() - t0
    return ScalingRun(
        label, workers, seconds, int(summary["shards"]), int(summary["answers_read"]), table_digest(db), [seconds]
    )


def run_scaling(
    input_spec: str | None,
    workers: int,
    rows: int = 300,
    day: date | None = None,
    config: str | None = None,
    warm: bool = False,
    preload: bool = True,
    repeat: int = 1,
) -> tuple[date, list[ScalingRun]]:
    """One day (the input's busiest, or `rows` generated real-shaped answers) on the local runner, then on 1 and
    `workers` single-thread Dask workers (`warm`: every runner has its models loaded before the clock starts;
    `preload`: workers import the pipeline at start, as `dask worker --preload flows.preload` does); the clusters in
    turn `repeat` times, each one's figure its median run."""
    tmp = Path(tempfile.mkdtemp(prefix="citeaudit-scaling-"))
    try:
        if input_spec is None:
            from audit.bench.shapes import BENCH_DAY, KnowledgeBase, RealShape, write_night

            shape = RealShape()
            input_spec = str(write_night(tmp / "logs", KnowledgeBase(shape), shape, rows, BENCH_DAY, seed=1))
            day = BENCH_DAY
        day = day or busiest_day(input_spec)
        # the local runner audits in this process, whose caches (source indexes, the loaded model) a second run would
        # find warm: it is timed once; each cluster run is on fresh worker processes, so cold every time
        local = _one_run("local runner", 0, day, input_spec, config, tmp, warm)
        one: list[ScalingRun] = []
        many: list[ScalingRun] = []
        for i in range(max(1, repeat)):
            one.append(_one_run("dask 1 worker", 1, day, input_spec, config, tmp, warm, preload, attempt=i))
            many.append(_one_run(f"dask {workers} workers", workers, day, input_spec, config, tmp, warm, preload, i))
        return day, [local, median_run(one), median_run(many)]
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def scaling_json(runs: list[ScalingRun]) -> dict[str, Any]:
    local, one, many = runs
    return {
        "answers": one.answers,
        "repeat": len(one.samples),
        "seconds_by_runner": {r.label: [round(x, 2) for x in r.samples] for r in runs},
        "shards": one.shards,
        "shards_by_runner": {r.label: r.shards for r in runs},
        "local_seconds": round(local.seconds, 2),
        "dask_1_seconds": round(one.seconds, 2),
        f"dask_{many.workers}_seconds": round(many.seconds, 2),
        "speedup": round(one.seconds / many.seconds, 2),
        "vs_local": round(local.seconds / many.seconds, 2),
        "identical_tables": local.digest == one.digest == many.digest,
    }
