"""The run path, as steps that `citeaudit run` (`run_audit`) and the Prefect flow both call:
begin_run -> plan_run (together: start_run) -> audit_shard_to (per shard) -> load_run -> finish_run, or fail_run."""

from __future__ import annotations

import dataclasses
import json
import logging
import os
import shutil
import time
import uuid
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import duckdb

from audit.config import AuditConfig
from audit.counts import AnswerCounts
from audit.encoding import readable_contexts, readable_inputs
from audit.errors import DISK_FULL, DatabaseLocked, InputError, failure_reason, one_line, shown_if_not_utf8
from audit.ingest import answer_inputs, discover_inputs
from audit.late import InputFile, input_files
from audit.model_card import models_stamp
from audit.pipeline import MANIFEST, Shard, audit_shard, write_shard_result
from audit.schema import RESULT_TABLES
from audit.shardplan import plan_by_cost
from audit.shardpool import SHARD_THREAD, ScorerPool, blas_threads, model_threads, quick_switches, shard_threads
from audit.split import split_input
from audit.sql import connect
from audit.store import LoadedRun, RunRecord, code_version, load_shards, record_failed_run, record_started_run
from audit.timing import Stopwatch
from audit.verify.semantic import SemanticScorer, model_key
from audit.verify.support import load_support_model
from audit.window import Window
from audit.workdir import claim_work_dir, damaged_result, release_work_dir, work_key

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class RunSummary:
    run_id: str
    db: str
    window: Window
    counts: AnswerCounts
    seconds: float


def work_root(db: str | Path, work_dir: str | Path | None = None) -> Path:
    """Where shard results wait for the load: `<db folder>/.citeaudit-work` unless given."""
    return Path(work_dir) if work_dir else Path(db).resolve().parent / ".citeaudit-work"


def new_run_id(now: datetime | None = None) -> str:
    now = now or datetime.now(UTC)
    return f"run-{now:%Y%m%dT%H%M%S}-{uuid.uuid4().hex[:6]}"


def models_used(cfg: AuditConfig) -> str:
    """The embedding (or cross-encoder) model and the support model, with the support model file's digest."""
    support = load_support_model(cfg.support.model)
    embedder = cfg.verify.nli_model or model_key(cfg.verify.model, cfg.verify.quantize)
    return f"{embedder} + {support.name} sha256:{support.digest[:12]}"


def new_run_record(input_spec: str, window: Window, cfg: AuditConfig, flow_run_id: str | None = None) -> RunRecord:
    """The `runs` row of a run starting now."""
    if (shown := shown_if_not_utf8(input_spec)) is not None:  # the row records it: DuckDB's "Python Conversion Failure"
        raise InputError(f"--input {shown}: the path is not UTF-8, which DuckDB cannot open: rename it")
    started = datetime.now(UTC)
    return RunRecord(
        run_id=new_run_id(started),
        started_at=started,
        window=window,
        input=input_spec,
        config_hash=cfg.config_hash(),
        model=models_used(cfg),
        flow_run_id=flow_run_id,
    )


def plan_shards(
    files: list[str],
    window: Window,
    cfg: AuditConfig,
    contexts_files: list[str] | None = None,
    workers: int | None = None,
    con: duckdb.DuckDBPyConnection | None = None,
) -> list[Shard]:
    """Hash ranges of `answer_id` holding about `run.shard_seconds` of estimated work and at most `run.shard_rows`
    answers each (see `audit.shardplan`), planned on `con` or a database of its own; the plan is logged."""
    plan = plan_by_cost(
        files,
        window,
        cfg.run.column_mapping,
        cfg.run.shard_seconds,
        cfg.run.shard_rows,
        cfg.verify.refine,
        cfg.verify.quantize,
        workers,
        con,
    )
    log.info("%s: %s", window, plan.describe(workers))
    n = len(plan.shards)
    return [
        Shard(tuple(files), window, i, n, tuple(contexts_files or ()), s.lo, s.hi, s.est_seconds, s.answers)
        for i, s in enumerate(plan.shards)
    ]


@dataclass(frozen=True)
class RunPlan:
    """What a started run will audit: its input files, shards, and the work dir their results wait in."""

    files: list[str]
    contexts_files: list[str] | None
    rows: int
    shards: list[Shard]
    work: Path
    inputs: tuple[InputFile, ...] = ()  # the logs holding rows of the window, as found (`audit.late`)
    scanned: tuple[str, ...] = ()  # every log it reads, rows of the window or none (`store.replace_statements`)


BEGIN_THREAD = "citeaudit-begin"  # the thread writing a run's `running` row (audit/cli/common.py exits without it)


def begin_run(
    db: str | Path, input_spec: str, window: Window, cfg: AuditConfig, flow_run_id: str | None = None
) -> RunRecord:
    """Step 1: a `running` row, so from here on any failure ends as `failed: <reason>` (see `fail_run`)."""
    run = new_run_record(input_spec, window, cfg, flow_run_id)
    record_started_run(db, run, cfg.run.lock_wait_seconds)
    return run


def plan_run(
    run: RunRecord,
    db: str | Path,
    cfg: AuditConfig,
    contexts_spec: str | None = None,
    work_dir: str | Path | None = None,
    prefix: str = "",
    workers: int | None = None,
) -> RunPlan:
    """Step 2: discover the inputs, plan the shards for `workers` auditing at once, claim the work dir (a dir of the
    same inputs is reused: its finished shards only load; stale ones are removed). Every step runs on one in-memory
    DuckDB: a new one costs ~13 ms of CPU, and this is the serial start of every run."""
    logs = answer_inputs(run.input, contexts_spec)
    tables = discover_inputs(contexts_spec) if contexts_spec else []
    with connect() as con:
        # a file holding text that is no UTF-8 is read through a copy whose rows name it (`audit.encoding`)
        files = readable_inputs(logs, cfg.run.column_mapping, work_root(db, work_dir), con)
        contexts_files = readable_contexts(tables, work_root(db, work_dir), con) if tables else None
        inputs = input_files(logs, files, run.window, cfg.run.column_mapping, con)
        shards = plan_shards(files, run.window, cfg, contexts_files, workers, con)
        rows = sum(s.answers for s in shards)
        # shards finished by an earlier attempt are reused only by the same code, support model and embedding models:
        # an upgrade (or a refitted model, or another embedding model copied to the same path) between a failed load
        # and its rerun loaded the old verdicts
        support = load_support_model(cfg.support.model).digest
        made_by = f"{run.config_hash}|{code_version()}|{support}|{models_stamp(cfg)}"
        key = work_key(logs, run.window.label(), made_by, tables, len(shards))
        work = claim_work_dir(work_root(db, work_dir), f"{prefix}run-{key}")
        if len(shards) > 1:
            try:
                shards = split_input(files, run.window, cfg, contexts_files, shards, work / "input", con)
            except BaseException:
                release_work_dir(work)
                raise
    return RunPlan(files, contexts_files, rows, shards, work, inputs, tuple(logs))


def start_run(
    db: str | Path,
    input_spec: str,
    window: Window,
    cfg: AuditConfig,
    contexts_spec: str | None = None,
    work_dir: str | Path | None = None,
    prefix: str = "",
    workers: int | None = None,
    flow_run_id: str | None = None,
) -> tuple[RunRecord, RunPlan]:
    """Steps 1 and 2 at once: the `running` row is written in a thread while the shards are planned (each ~50 and
    ~100 ms of CPU, one after the other on the serial start of every run). A plan that fails is recorded as the
    run's failure; a row that cannot be written stops the run, and the work dir its plan made goes."""
    run = new_run_record(input_spec, window, cfg, flow_run_id)
    pool = ThreadPoolExecutor(1, thread_name_prefix=BEGIN_THREAD)
    begun = pool.submit(record_started_run, db, run, cfg.run.lock_wait_seconds)
    try:
        try:
            plan = plan_run(run, db, cfg, contexts_spec, work_dir, prefix, workers)
        except BaseException as exc:
            if isinstance(exc, KeyboardInterrupt) and not begun.done():
                raise  # stopped while the row waits for a database another process holds: no row, nothing to fail
            if begun.exception() is None:  # the running row is written: the failure replaces it
                fail_run(db, run, exc, cfg)
                raise
            begun.result()  # step 1's error first, as when the steps ran one after the other (the database's folder)
            raise
        try:
            failed = begun.exception()
        except KeyboardInterrupt:  # Ctrl-C or SIGTERM while the row waits for the database's lock
            release_work_dir(plan.work)
            raise
        if failed is not None:
            if not any(finished_shard(plan.work, s) for s in plan.shards):  # an earlier attempt's shards stay
                finish_run(plan)
            release_work_dir(plan.work)
            begun.result()
    finally:
        # a stop does not wait out [run] lock_wait_seconds (a minute) for the row: the command exits without the
        # thread (audit/cli/common.py), as Kubernetes' 30 s grace period before SIGKILL needs
        pool.shutdown(wait=begun.done())
    return dataclasses.replace(run, inputs=plan.inputs, scanned=plan.scanned), plan


def finished_shard(work: str | Path, shard: Shard) -> Path | None:
    """The shard's folder when an earlier attempt finished it (manifest written last), else None; a finished folder
    that cannot be loaded as it is (a file cut short, a manifest that is no JSON) is audited again."""
    done = Path(work) / shard.name
    if not (done / MANIFEST).is_file():
        return None
    damage = damaged_result(done, MANIFEST, RESULT_TABLES)
    if damage is not None:
        log.warning("%s: %s: auditing the shard again", done, damage)
        return None
    return done


def audit_shard_to(
    work: str | Path,
    shard: Shard,
    cfg: AuditConfig,
    run_id: str,
    scorer: Callable[[], SemanticScorer],
    progress: Callable[[int], None] | None = None,
    watch: Stopwatch | None = None,
    threads: int = 0,
    run_peers: bool = False,
) -> Path:
    """Step 3 (per shard): audit it and write its Parquet folder; a finished one is reused as it is (and the
    model, which `scorer` loads on first call, is then never needed). `threads`: its DuckDB threads (0: one per core).
    `run_peers`: shards in other processes (Dask workers) share work on common sources (`audit.verify.peercache`)."""
    done = finished_shard(work, shard)
    if done is not None:
        log.info("%s: reusing %s", shard.name, done)
        if progress:
            progress(json.loads((done / MANIFEST).read_text())["answers_audited"])
        return done
    watch = watch or Stopwatch()
    peer = Path(work) / f"peer-{run_id}" if run_peers else None  # removed with the work dir (`finish_run`)
    result = audit_shard(shard, cfg, run_id, scorer(), progress, watch, threads, peer)
    with watch("write"):
        return write_shard_result(result, Path(work), shard)


def load_run(db: str | Path, run: RunRecord, dirs: list[Path], cfg: AuditConfig, rerun_hint: str) -> LoadedRun:
    """Step 4: the single writer replaces the window's rows and records the run (its counts and overview come back);
    a database still locked keeps the finished shards and says how to load them."""
    where = dirs[0].parent if dirs else "the work dir"
    try:
        return load_shards(db, run, dirs, cfg.run.lock_wait_seconds, cfg.run.load_memory_limit)
    except DatabaseLocked as exc:
        raise DatabaseLocked(f"{exc}. Finished shards are kept in {where}: {rerun_hint}") from None
    except duckdb.Error as exc:  # the commit's WAL or the spill file refused: DuckDB's words said nothing to do
        if not DISK_FULL.search(str(exc)):
            raise
        full = f"loading into audit database {db}: {one_line(str(exc))}: free space (or raise the file size limit)"
        raise InputError(
            f"{full}; the window keeps its rows, the finished shards are in {where}: {rerun_hint}"
        ) from None


def finish_run(plan: RunPlan) -> None:
    """Step 5: the run is loaded; its shard results go, and its hold on the work dir."""
    release_work_dir(plan.work)
    shutil.rmtree(plan.work, ignore_errors=True)


def fail_run(db: str | Path, run: RunRecord, exc: BaseException, cfg: AuditConfig, plan: RunPlan | None = None) -> None:
    """Step 5 on failure: the `runs` row says why; the window keeps its previous rows. The plan's work dir is kept
    (a rerun only loads its finished shards) and let go, so a rerun from another process may take it."""
    wait_s = 1.0 if isinstance(exc, DatabaseLocked) else cfg.run.lock_wait_seconds
    try:
        record_failed_run(db, run, failure_reason(exc), wait_s)
    finally:
        if plan is not None:
            release_work_dir(plan.work)


def audit_shards(
    plan: RunPlan,
    cfg: AuditConfig,
    run_id: str,
    pool: ScorerPool,
    progress: Callable[[int], None] | None = None,
    watch: Stopwatch | None = None,
) -> list[Path]:
    """Step 3 for every shard of the plan, `shard_threads` at a time (the transformer releases the GIL, so two
    shards' model calls run on two cores); the shard folders in plan order. NumPy's BLAS on one thread meanwhile
    (`blas_threads`)."""
    threads = 1 if pool.fixed is not None else shard_threads(cfg, len(plan.shards))
    if threads == 1:
        with blas_threads(cfg):
            return [audit_shard_to(plan.work, s, cfg, run_id, pool.get, progress, watch) for s in plan.shards]
    log.info("auditing %d shards, %d at a time", len(plan.shards), threads)
    per_shard = max(1, (os.cpu_count() or 1) // threads)  # cores each shard's model and DuckDB may use
    with model_threads(pool, per_shard), blas_threads(cfg), quick_switches():
        ex = ThreadPoolExecutor(threads, thread_name_prefix=SHARD_THREAD)
        futures = [
            ex.submit(audit_shard_to, plan.work, s, cfg, run_id, pool.get, progress, watch, per_shard)
            for s in plan.shards
        ]
        try:
            done = [f.result() for f in futures]
        except BaseException:
            # a failed shard (or Ctrl-C, SIGTERM) stops the rest: no new shard starts, and the running ones are not
            # waited for (SIGTERM waited for a shard stuck on a long answer, minutes); the command exits without
            # them (audit/cli/common.py), their work dirs removed by the next run
            ex.shutdown(wait=False, cancel_futures=True)
            raise
        ex.shutdown()
        return done


def run_audit(
    input_spec: str,
    db: str | Path,
    window: Window,
    cfg: AuditConfig,
    contexts_spec: str | None = None,
    progress: Callable[[int], None] | None = None,
    on_plan: Callable[[int], None] | None = None,
    scorer: SemanticScorer | ScorerPool | None = None,
    watch: Stopwatch | None = None,
) -> RunSummary:
    """Audit every answer in the window and replace the window's rows in `db` (stage times go to `watch`). A given
    `scorer` serves every shard, one at a time; a `ScorerPool` (default: a new one) lets shards run in threads."""
    t0 = time.perf_counter()
    watch = watch or Stopwatch()
    pool = scorer if isinstance(scorer, ScorerPool) else ScorerPool(cfg, db, fixed=scorer)
    workers = 1 if pool.fixed is not None else shard_threads(cfg, 1 << 30)
    with watch("plan"):
        run, plan = start_run(db, input_spec, window, cfg, contexts_spec, workers=workers)
    try:
        if on_plan:
            on_plan(plan.rows)
        dirs = audit_shards(plan, cfg, run.run_id, pool, progress, watch)
        with watch("load"):
            counts = load_run(db, run, dirs, cfg, "rerun the same command to load them").counts
    except BaseException as exc:  # Ctrl-C and a model that will not load end in `failed: ...` too
        fail_run(db, run, exc, cfg, plan)
        raise
    finish_run(plan)
    return RunSummary(run.run_id, str(db), window, counts, time.perf_counter() - t0)
