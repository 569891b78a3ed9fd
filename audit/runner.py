"""A whole audit run without Prefect: discover -> plan shards -> audit shards -> load. The flows reuse each step."""

from __future__ import annotations

import json
import logging
import math
import shutil
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from audit.config import AuditConfig
from audit.counts import AnswerCounts
from audit.errors import DatabaseLocked
from audit.ingest import count_rows, discover_inputs
from audit.pipeline import MANIFEST, Shard, audit_shard, make_scorer, write_shard_result
from audit.store import RunRecord, load_shards, record_failed_run, record_started_run
from audit.timing import Stopwatch
from audit.verify.semantic import SemanticScorer, model_key
from audit.verify.support import load_support_model
from audit.window import Window
from audit.workdir import claim_work_dir, work_key

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class RunSummary:
    run_id: str
    db: str
    window: Window
    counts: AnswerCounts
    seconds: float


def failure_reason(exc: BaseException) -> str:
    """The `failed: ...` text of a run that stopped on `exc`."""
    if isinstance(exc, KeyboardInterrupt):
        return "interrupted (Ctrl-C / SIGINT)"
    return f"{type(exc).__name__}: {exc}"


def work_root(db: str | Path, work_dir: str | Path | None = None) -> Path:
    """Where shard results wait for the load: `<db folder>/.citeaudit-work` unless given."""
    return Path(work_dir) if work_dir else Path(db).resolve().parent / ".citeaudit-work"


def new_run_id(now: datetime | None = None) -> str:
    now = now or datetime.now(UTC)
    return f"run-{now:%Y%m%dT%H%M%S}-{uuid.uuid4().hex[:6]}"


def models_used(cfg: AuditConfig) -> str:
    """The embedding (or cross-encoder) model and the support model, with the support model file's digest."""
    support = load_support_model(cfg.support.model)
    return f"{cfg.verify.nli_model or model_key(cfg.verify.model)} + {support.name} sha256:{support.digest[:12]}"


def new_run_record(input_spec: str, window: Window, cfg: AuditConfig, flow_run_id: str | None = None) -> RunRecord:
    """The `runs` row of a run starting now."""
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
    rows: int | None = None,
) -> list[Shard]:
    """Enough hash slices of answer_id that none holds more than `run.shard_rows` answers (`rows` in the window,
    counted here unless the caller already has it)."""
    if rows is None:
        rows = count_rows(files, window, cfg.run.column_mapping)
    n = max(1, math.ceil(rows / cfg.run.shard_rows))
    return [Shard(tuple(files), window, i, n, tuple(contexts_files or ())) for i in range(n)]


def run_audit(
    input_spec: str,
    db: str | Path,
    window: Window,
    cfg: AuditConfig,
    contexts_spec: str | None = None,
    progress: Callable[[int], None] | None = None,
    on_plan: Callable[[int], None] | None = None,
    scorer: SemanticScorer | None = None,
    watch: Stopwatch | None = None,
) -> RunSummary:
    """Audit every answer in the window and replace the window's rows in `db` (stage times go to `watch`)."""
    t0 = time.perf_counter()
    watch = watch or Stopwatch()
    run = new_run_record(input_spec, window, cfg)
    record_started_run(db, run, cfg.run.lock_wait_seconds)  # from here on, any failure is `failed: <reason>`
    try:
        files = discover_inputs(input_spec)
        contexts_files = discover_inputs(contexts_spec) if contexts_spec else None
        rows = count_rows(files, window, cfg.run.column_mapping)
        shards = plan_shards(files, window, cfg, contexts_files, rows)
        if on_plan:
            on_plan(rows)
        key = work_key(files, window.label(), run.config_hash, contexts_files or [], len(shards))
        work = claim_work_dir(work_root(db), f"run-{key}")
        dirs = []
        for shard in shards:
            done = work / shard.name
            if (done / MANIFEST).is_file():  # finished by an earlier attempt that could not load
                log.info("%s: reusing %s", shard.name, done)
                dirs.append(done)
                if progress:
                    progress(json.loads((done / MANIFEST).read_text())["answers_audited"])
                continue
            scorer = scorer or make_scorer(cfg, db)
            result = audit_shard(shard, cfg, run.run_id, scorer, progress, watch)
            with watch("write"):
                dirs.append(write_shard_result(result, work, shard))
        with watch("load"):
            try:
                counts = load_shards(db, run, dirs, cfg.run.lock_wait_seconds)
            except DatabaseLocked as exc:
                raise DatabaseLocked(
                    f"{exc}. Finished shards are kept in {work}: rerun the same command to load them"
                ) from None
    except BaseException as exc:  # Ctrl-C and a model that will not load end in `failed: ...` too
        record_failed_run(
            db, run, failure_reason(exc), 1.0 if isinstance(exc, DatabaseLocked) else cfg.run.lock_wait_seconds
        )
        raise
    shutil.rmtree(work, ignore_errors=True)
    return RunSummary(run.run_id, str(db), window, counts, time.perf_counter() - t0)
