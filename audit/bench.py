"""`citeaudit bench`: answers/s per stage and end to end, cold and warm embedding cache, and peak memory.

Data comes from the project's seeded generator, so the figures are reproducible on any machine.
"""

from __future__ import annotations

import resource
import shutil
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from audit.config import AuditConfig
from audit.pipeline import make_scorer
from audit.runner import run_audit
from audit.timing import Stopwatch
from audit.verify.semantic import BiEncoderScorer, _load_sentence_transformer, resolve_model_path
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


def _one_pass(label: str, logs: str, db: Path, cfg: AuditConfig) -> PassResult:
    watch = Stopwatch()
    t0 = time.perf_counter()
    scorer = make_scorer(cfg, db)  # primes the embedding cache from the file: part of a run's cost
    summary = run_audit(logs, db, Window(), cfg, scorer=scorer, watch=watch)
    total = time.perf_counter() - t0
    semantic = scorer.seconds if isinstance(scorer, BiEncoderScorer) else 0.0
    seconds = dict(watch.seconds)
    seconds["semantic"] = semantic
    seconds["lexical+keyfacts"] = max(0.0, seconds.get("verify", 0.0) - semantic)
    embedded = scorer.encoded if isinstance(scorer, BiEncoderScorer) else 0
    c = summary.counts
    return PassResult(label, c.answers_read, c.citations, seconds, embedded, total)


def run_bench(rows: int, days: int, seed: int, cfg: AuditConfig) -> BenchResult:
    from audit.sample.generate import write_sample

    tmp = Path(tempfile.mkdtemp(prefix="citeaudit-bench-"))
    try:
        write_sample(tmp / "logs", rows=rows, days=days, seed=seed, hive=True)
        logs = str(tmp / "logs")
        t0 = time.perf_counter()
        _load_sentence_transformer(resolve_model_path(cfg.verify.model), cfg.verify.device)
        load = time.perf_counter() - t0
        db = tmp / "bench.duckdb"
        passes = [
            _one_pass("cold cache", logs, db, cfg),
            _one_pass("warm cache (rerun)", logs, db, cfg),
        ]
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return BenchResult(rows, load, passes, peak)
