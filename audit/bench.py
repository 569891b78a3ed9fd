"""`citeaudit bench`: answers/s per stage and end to end, cold and warm embedding cache, and peak memory.

Data comes from the project's seeded generator, so the figures are reproducible on any machine.
"""

from __future__ import annotations

import resource
import shutil
import tempfile
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from audit.config import AuditConfig
from audit.ingest import discover_inputs
from audit.pipeline import audit_shard as _audit_shard
from audit.pipeline import make_scorer, write_shard_result
from audit.runner import new_run_id, plan_shards
from audit.store import RunRecord, load_shards
from audit.timing import Stopwatch
from audit.verify.semantic import BiEncoderScorer, _load_sentence_transformer, model_key, resolve_model_path
from audit.window import Window

STAGES = ("ingest", "extract", "resolve", "verify", "lexical+keyfacts", "semantic", "score", "write", "load")


@dataclass
class PassResult:
    label: str
    answers: int
    citations: int
    seconds: dict[str, float] = field(default_factory=dict)
    embedded: int = 0
    total: float = 0.0


@dataclass
class BenchResult:
    rows: int
    model_load_seconds: float
    passes: list[PassResult]
    peak_rss_mb: float


def _one_pass(label: str, files: list[str], db: Path, cfg: AuditConfig, work: Path) -> PassResult:
    watch = Stopwatch()
    t0 = time.perf_counter()
    scorer = make_scorer(cfg, db)
    run = RunRecord(new_run_id(), datetime.now(UTC), Window(), "bench", cfg.config_hash(), model_key(cfg.verify.model))
    shards = plan_shards(files, Window(), cfg)
    dirs, answers, citations = [], 0, 0
    for shard in shards:
        result = _audit_shard(shard, cfg, run.run_id, scorer, watch=watch)
        answers += result.counts.read
        citations += result.tables["citation_audit"].num_rows
        with watch("write"):
            dirs.append(write_shard_result(result, work, shard))
    with watch("load"):
        load_shards(db, run, dirs)
    total = time.perf_counter() - t0
    semantic = scorer.seconds if isinstance(scorer, BiEncoderScorer) else 0.0
    seconds = dict(watch.seconds)
    seconds["semantic"] = semantic
    seconds["lexical+keyfacts"] = max(0.0, seconds.get("verify", 0.0) - semantic)
    embedded = scorer.encoded if isinstance(scorer, BiEncoderScorer) else 0
    return PassResult(label, answers, citations, seconds, embedded, total)


def run_bench(rows: int, days: int, seed: int, cfg: AuditConfig) -> BenchResult:
    from data.generate import write_sample

    tmp = Path(tempfile.mkdtemp(prefix="citeaudit-bench-"))
    try:
        write_sample(tmp / "logs", rows=rows, days=days, seed=seed, hive=True)
        files = discover_inputs(str(tmp / "logs"))
        t0 = time.perf_counter()
        _load_sentence_transformer(resolve_model_path(cfg.verify.model), cfg.verify.device)
        load = time.perf_counter() - t0
        db = tmp / "bench.duckdb"
        passes = [
            _one_pass("cold cache", files, db, cfg, tmp / "work1"),
            _one_pass("warm cache (rerun)", files, db, cfg, tmp / "work2"),
        ]
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return BenchResult(rows, load, passes, peak)
