"""Nightly audit flows: one window per UTC day, shards as retried tasks, one loader task as the only DuckDB writer.

    audit_day(day)          start (running row + plan shards) -> audit shards (mapped, retried) -> load -> outputs
    nightly_audit(day=None) the day, or with none every day after the watermark in `runs` (incremental) and every
                            audited day whose input files changed since (`audit.late`)
    backfill(start, end)    every day of the range, both included

Each day is an `audit_day` subflow: its own flow run, its own window, its own `runs` row. Days run one after the
other (one writer, and the watermark only moves forward over completed days); shards of a day run in parallel on
the task runner: Prefect's default thread pool, or a `DaskTaskRunner` on an existing Dask cluster when a scheduler
address is given (parameter `dask_address` or `[run] dask_address` in the config). The runner is chosen at run time
inside the parent flow, so a deployment's `dask_address` parameter takes effect without redeploying.

Workers only write Parquet shard folders under the work dir (`<db folder>/.citeaudit-work/` unless given; on a
multi-machine cluster it must be a shared path). The loader replaces the window's rows in one transaction, so a
run that dies at any point leaves the previous state of the window intact, and the next run redoes it.
"""

from __future__ import annotations

import dataclasses
import logging
import os
import threading
import time
from datetime import date, datetime
from pathlib import Path
from typing import Any

from distributed.diagnostics.plugin import WorkerPlugin
from prefect import flow, get_run_logger, task, unmapped
from prefect.cache_policies import NO_CACHE

from audit.config import AuditConfig, load_config
from audit.errors import CiteauditError
from audit.ingest import answer_inputs
from audit.late import late_inputs, record_plan
from audit.pipeline import Shard, make_scorer, runs_on_torch
from audit.report import rank_0_warning
from audit.runner import RunPlan, audit_shard_to, fail_run, finish_run, load_run, start_run
from audit.schedule import data_days, day_range, first_data_day, pending_days, previous_day
from audit.store import DEFAULT_DB, LoadedRun, RunRecord, open_db
from audit.verify.semantic import SemanticScorer
from audit.window import Window
from flows import DEFAULT_INPUT

# One scorer per worker process (the model loads once; the embedding cache is primed once from the DuckDB file).
# Shards in one process run one at a time: the scorer's cache bookkeeping is not thread-safe, and torch already
# uses every core for one batch.
_SCORERS: dict[tuple[str, str], SemanticScorer] = {}
_SHARD_LOCK = threading.Lock()


def _scorer(cfg: AuditConfig, db: str) -> SemanticScorer:
    key = (cfg.config_hash(), str(Path(db).resolve()))
    if key not in _SCORERS:
        _fit_torch_threads(cfg)
        _SCORERS[key] = make_scorer(cfg, db, threads=dask_worker_threads() or 0)
    return _SCORERS[key]


def warm_models(cfg: AuditConfig, threads: int | None = None) -> None:
    """Load the verifier's models into this process and run each once (torch fitted to the Dask worker's threads,
    or `threads` where no worker can be asked yet, as in a preload), so that no shard pays for them: what a
    long-lived worker has done by its second night."""
    from audit.verify.verifier import static_scorer

    threads = threads or dask_worker_threads()
    _fit_torch_threads(cfg, threads)
    static_scorer(cfg.verify.static_model).encode(["warm up"])
    if cfg.verify.refine != "none":
        # through the scorer the shards build (`make_scorer`), so the model loaded is the one they use: same path,
        # device and quantization, or the configured cross-encoder; no database, so no cache is primed here
        make_scorer(cfg, threads=threads or 0).window_scores(["warm up"], [["warm up"]])


class WarmModels(WorkerPlugin):
    """A Dask worker plugin (`client.register_plugin(WarmModels(config))`) that loads the models at worker start."""

    def __init__(self, config: str | None = None) -> None:
        self.config = config

    def setup(self, worker: Any) -> None:
        warm_models(load_config(self.config))


def dask_worker_threads() -> int | None:
    """The thread count of the Dask worker running this code, or None outside a Dask worker."""
    try:
        from distributed import get_worker
    except ImportError:
        return None
    try:
        return int(get_worker().state.nthreads)
    except ValueError:  # not inside a worker
        return None


def _fit_torch_threads(cfg: AuditConfig, threads: int | None = None) -> None:
    """On a Dask worker, torch (and, through `make_scorer`'s `threads`, ONNX Runtime) gets the worker's thread
    count: N single-thread workers on N cores then use N cores, not N x N threads fighting over them. Elsewhere
    both keep their default (every core). torch is only imported when the transformer runs on it (float MiniLM or
    a cross-encoder): the int8 default never loads it (~1.5 s of a fresh worker's first shard)."""
    threads = threads or dask_worker_threads()
    if threads and runs_on_torch(cfg):
        import torch

        torch.set_num_threads(threads)


@task(name="start-run", cache_policy=NO_CACHE)
def start_task(
    db: str,
    input: str,
    cfg: AuditConfig,
    contexts: str | None,
    work_dir: str | None,
    day: date,
    workers: int | None,
    flow_run_id: str | None,
) -> tuple[RunRecord, RunPlan]:
    """The day's `running` row, written while its inputs are planned: shards (for `workers` auditing at once) and
    this day's work dir (a dir of this day with the same inputs is reused). A plan that fails is recorded."""
    prefix = f"{day.isoformat()}-"
    return start_run(db, input, Window.for_day(day), cfg, contexts, work_dir, prefix, workers, flow_run_id)


@task(
    name="audit-shard",
    task_run_name="audit-{shard.name}",
    retries=2,
    retry_delay_seconds=1,
    cache_policy=NO_CACHE,
)
def audit_shard_task(shard: Shard, cfg: AuditConfig, run_id: str, db: str, work: str) -> str:
    """Audit one shard and write its Parquet folder (manifest last); never touches the DuckDB file."""
    return run_shard(shard, cfg, run_id, db, work)


def run_shard(shard: Shard, cfg: AuditConfig, run_id: str, db: str, work: str) -> str:
    # a plain module-level function: Dask pickles the task's function by value, and a lock in its globals
    # would not pickle; this one is pickled by reference and finds the worker process's own lock and scorer
    failure: CiteauditError | None = None
    with _SHARD_LOCK:
        try:
            worker_threads = dask_worker_threads()  # None: not on a Dask worker (the flow's own process)
            threads = worker_threads or 0  # a worker's DuckDB on its own threads, as its model is
            scorer = lambda: _scorer(cfg, db)  # noqa: E731
            return str(
                audit_shard_to(work, shard, cfg, run_id, scorer, threads=threads, run_peers=worker_threads is not None)
            )
        except CiteauditError as exc:  # a user error: its message is all; its traceback would pin DuckDB objects
            failure = type(exc)(str(exc))  # (a connection in a frame) in Prefect's state until exit, and
    raise failure  # nanobind then prints "leaked instances" around the one error line


@task(name="load", cache_policy=NO_CACHE)
def load_task(db: str, run: RunRecord, shard_dirs: list[str], cfg: AuditConfig) -> LoadedRun:
    """The single writer: replace the window's rows and record the run, in one transaction; the run's overview is
    read in the same connection (the day's summary)."""
    return load_run(db, run, [Path(d) for d in shard_dirs], cfg, "rerun the same day to load them")


@task(name="write-outputs", cache_policy=NO_CACHE)
def outputs_task(db: str, day: date, cfg: AuditConfig) -> dict[str, str]:
    """The day's review page and export, where `[outputs]` sets their folders."""
    from audit.outputs import write_day_outputs  # here, not at the top: a shard worker never draws (matplotlib, ~0.4 s)

    return write_day_outputs(db, day, cfg)


def runner_workers() -> int:
    """Shards the running flow's task runner audits at once: the Dask cluster's worker threads (as it stands when
    the day is planned), else 1 (the local runner audits one shard at a time per process)."""
    from prefect.context import FlowRunContext

    ctx = FlowRunContext.get()
    runner = getattr(ctx, "task_runner", None)
    if runner is None or type(runner).__name__ != "DaskTaskRunner":
        return 1
    try:
        return max(1, sum(runner.client.nthreads().values()))
    except Exception:  # a sizing hint only: a cluster that cannot say plans as for one worker
        return 1


def _flow_run_id() -> str | None:
    from prefect.runtime import flow_run

    rid = flow_run.id
    return str(rid) if rid else None


@flow(name="audit-day", flow_run_name="audit-{day}")
def audit_day(
    day: date,
    input: str = DEFAULT_INPUT,
    db: str = DEFAULT_DB,
    config: str | None = None,
    contexts: str | None = None,
    work_dir: str | None = None,
) -> dict[str, Any]:
    """Audit one UTC day by `logged_at` and replace that window's rows in `db`."""
    logger = get_run_logger()
    t0 = time.perf_counter()
    cfg = load_config(config)
    workers = runner_workers()
    run, plan = start_task(db, input, cfg, contexts, work_dir, day, workers, _flow_run_id())
    logger.info(
        "%s: %d input files, %d answers, ~%.0f s of work (estimated) in %d shards for %d workers, run %s",
        day,
        len(plan.files),
        plan.rows,
        sum(s.est_seconds for s in plan.shards),
        len(plan.shards),
        workers,
        run.run_id,
    )
    try:
        futures = audit_shard_task.map(
            plan.shards, cfg=unmapped(cfg), run_id=unmapped(run.run_id), db=unmapped(db), work=unmapped(str(plan.work))
        )
        loaded = load_task(db, run, [f.result() for f in futures], cfg)
        # the day's outputs are part of its run: a night stopped while writing them (SIGTERM, a full disk) is
        # `failed`, so the next nightly audits the day again (its kept shards only load) and writes them
        outputs = outputs_task(db, day, cfg) if cfg.outputs.report_dir or cfg.outputs.export_dir else {}
    except BaseException as exc:  # Ctrl-C too: the runs row says why the day did not complete
        fail_run(db, run, exc, cfg, plan)
        raise
    finish_run(plan)
    overview = loaded.overview
    summary = {
        "day": day.isoformat(),
        "run_id": run.run_id,
        "db": db,
        "shards": len(plan.shards),
        "workers": workers,
        **dataclasses.asdict(loaded.counts),
        "levels": overview["levels"],
        "verdicts": overview["verdicts"],
        "uncited": overview["uncited"],
        "rank_0": overview["rank_0"],
        "outputs": outputs,
        "seconds": round(time.perf_counter() - t0, 2),
    }
    logger.info("%s: %s", day, summary)
    if overview["rank_0"]:
        logger.warning("%s: %s", day, rank_0_warning(overview["rank_0"]))
    return summary


def task_runner_for(address: str | None) -> Any:
    """A DaskTaskRunner on an existing cluster for a scheduler address, else None (Prefect's default runner)."""
    if not address:
        return None
    if not os.environ.get("PREFECT_API_URL"):
        logging.getLogger(__name__).warning(
            "PREFECT_API_URL is not set: every Dask worker process will start a temporary Prefect server of its own "
            "(slow, and its task runs land in a database nobody reads). Run `prefect server start` and set "
            "PREFECT_API_URL on this machine and every worker (README: Scaling out)."
        )
    from prefect_dask import DaskTaskRunner

    return DaskTaskRunner(address=address)


def _run_days(
    days: list[date],
    input: str,
    db: str,
    config: str | None,
    dask_address: str | None,
    contexts: str | None,
    work_dir: str | None,
) -> list[dict[str, Any]]:
    cfg = load_config(config)
    runner = task_runner_for(dask_address or cfg.run.dask_address)
    day_flow = audit_day.with_options(task_runner=runner) if runner is not None else audit_day
    # one day after the other, stopping at the first failure: the watermark never passes a day that failed
    return [day_flow(day=d, input=input, db=db, config=config, contexts=contexts, work_dir=work_dir) for d in days]


def incremental_days(
    input: str, db: str, cfg: AuditConfig, now: datetime | None = None, contexts: str | None = None
) -> list[date]:
    """Days after the watermark up to yesterday that hold data (empty days are skipped), then the audited days whose
    input files changed since their audit (see `incremental_plan`)."""
    return list(incremental_plan(input, db, cfg, now, contexts))


def incremental_plan(
    input: str, db: str, cfg: AuditConfig, now: datetime | None = None, contexts: str | None = None
) -> dict[date, str]:
    """The incremental plan, each day with why it is in it (empty for a new day): the days after the watermark up to
    yesterday that hold data and the unfinished days before it (`pending_days`), then the audited days that a new or
    changed input file holds rows of (`audit.late`). A changed day held back (a file its audit read is gone) is logged
    as a warning; files found touched but unchanged get their new mtime recorded, and an audit file from before runs
    recorded their inputs the files as found (the baseline its earlier days are compared with from then on)."""
    files = answer_inputs(input, contexts)
    mapping = cfg.run.column_mapping
    plan = pending_days(db, now, first_data_day(files, mapping))
    days: list[date] = []
    if plan:
        with_rows = set(data_days(files, mapping, min(plan), max(plan)))
        days = [d for d in plan if d in with_rows]
    root = Path(input).resolve()
    late = late_inputs(db, files, mapping, previous_day(now), set(days), root if root.is_dir() else None)
    for why in late.held.values():
        logging.getLogger(__name__).warning("%s", why)
    if late.touched or late.baseline:
        with open_db(db, wait_s=cfg.run.lock_wait_seconds) as con:
            record_plan(con, late)
    return {**dict.fromkeys(days, ""), **late.again}


@flow(name="nightly-audit")
def nightly_audit(
    day: date | None = None,
    input: str = DEFAULT_INPUT,
    db: str = DEFAULT_DB,
    config: str | None = None,
    dask_address: str | None = None,
    contexts: str | None = None,
    work_dir: str | None = None,
) -> list[dict[str, Any]]:
    """Audit `day`, or with no day every day with data after the last completed one, up to yesterday (UTC), and every
    audited day whose input files changed since its audit (a file arrived late, appended): see `incremental_plan`."""
    logger = get_run_logger()
    why: dict[date, str] = {}
    if day is not None:
        days = [day]
    else:
        why = incremental_plan(input, db, load_config(config), contexts=contexts)
        days = list(why)
        logger.info("incremental: %s", ", ".join(map(str, days)) or "nothing to audit")
        for reason in filter(None, why.values()):
            logger.info("%s", reason)
    summaries = _run_days(days, input, db, config, dask_address, contexts, work_dir)
    # an audited day the plan took up again says why ("2026-11-02: audited again, new input file x.parquet")
    return [{**s, "why": why[d]} if why.get(d) else s for d, s in zip(days, summaries, strict=True)]


@flow(name="backfill")
def backfill(
    start: date,
    end: date,
    input: str = DEFAULT_INPUT,
    db: str = DEFAULT_DB,
    config: str | None = None,
    dask_address: str | None = None,
    contexts: str | None = None,
    work_dir: str | None = None,
) -> list[dict[str, Any]]:
    """Re-audit every day from `start` to `end` (both included), each as an `audit-day` subflow."""
    return _run_days(day_range(start, end), input, db, config, dask_address, contexts, work_dir)
