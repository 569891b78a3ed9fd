"""`citeaudit bench`: answers/s per stage and end to end, cold and warm cache, the naive peer, and peak memory.

Three inputs: the real-shaped profile (default; the warm figure is a second night of new answers over the same
knowledge base), the project's tiny-KB sample generator (`tiny`; the warm figure is a rerun), or any log (`--input`;
the warm figure is a rerun). The naive peer audits a subsample of the same input in the same process, so the ratio is
measured side by side.
"""

from __future__ import annotations

import os
import resource
import shutil
import tempfile
import time
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import Any

from audit.bench.naive import NaiveResult, naive_audit
from audit.bench.shapes import BENCH_DAY, KnowledgeBase, RealShape, write_night
from audit.config import AuditConfig
from audit.ingest import discover_inputs
from audit.runner import ScorerPool, run_audit
from audit.timing import Stopwatch
from audit.verify.semantic import BiEncoderScorer, _load_sentence_transformer, resolve_model_path
from audit.verify.verifier import static_scorer
from audit.window import Window

STAGES = (
    "plan",
    "ingest",
    "extract",
    "resolve",
    "verify",
    "lexical+keyfacts",
    "static",
    "semantic",
    "score",
    "write",
    "load",
)
PROFILES = ("real", "tiny")


@dataclass
class PassResult:
    label: str
    answers: int
    citations: int
    seconds: dict[str, float] = field(default_factory=dict)
    embedded: int = 0
    total: float = 0.0
    reencoded: int = 0  # texts whose vector was cached, run through the transformer again for their token states

    @property
    def answers_per_s(self) -> float:
        return self.answers / self.total if self.total > 0 else 0.0


@dataclass
class BenchResult:
    profile: str
    rows: int
    model_load_seconds: float
    passes: list[PassResult]
    peak_rss_mb: float
    naive: NaiveResult | None
    generate_seconds: float = 0.0

    def as_json(self) -> dict[str, Any]:
        """The figures `--json` writes (the keys issue 9 asks for, plus the warm pass's stages)."""
        cold, warm = self.passes[0], self.passes[-1]
        naive_rate = self.naive.answers_per_s if self.naive else None
        return {
            "profile": self.profile,
            "answers": cold.answers,
            "citations": cold.citations,
            "cold_seconds": round(cold.total, 3),
            "cold_answers_per_s": round(cold.answers_per_s, 2),
            "warm_answers": warm.answers,
            "warm_seconds": round(warm.total, 3),
            "warm_answers_per_s": round(warm.answers_per_s, 2),
            "peak_rss_mb": round(self.peak_rss_mb, 1),
            "model_load_seconds": round(self.model_load_seconds, 2),
            "naive_answers": self.naive.answers if self.naive else 0,
            "naive_answers_per_s": round(naive_rate, 3) if naive_rate else None,
            "naive_ratio": round(cold.answers_per_s / naive_rate, 2) if naive_rate else None,
            "stages": _stage_json(cold),
            "warm_stages": _stage_json(warm),
            "texts_embedded": {"cold": cold.embedded, "warm": warm.embedded},
            "texts_reencoded": {"cold": cold.reencoded, "warm": warm.reencoded},
        }


def _stage_json(p: PassResult) -> dict[str, dict[str, float | None]]:
    return {
        s: {"seconds": round(p.seconds.get(s, 0.0), 3), "answers_per_s": _rate(p.answers, p.seconds.get(s, 0.0))}
        for s in STAGES
    }


def _rate(n: int, seconds: float) -> float | None:
    return round(n / seconds, 1) if seconds > 0 else None


def reset_peak_rss() -> bool:
    """Reset the kernel's high-water mark of this process (Linux), so the peak covers only what follows."""
    try:
        Path("/proc/self/clear_refs").write_text("5")
        return True
    except OSError:
        return False


def peak_rss_mb() -> float:
    """Peak resident memory of this process since the last reset (VmHWM), else since it started."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _one_pass(label: str, logs: str, db: Path, cfg: AuditConfig) -> PassResult:
    watch = Stopwatch()
    t0 = time.perf_counter()
    pool = ScorerPool(cfg, db)  # primes the threads' shared cache from the file on first use: part of a run's cost
    first = static_scorer(cfg.verify.static_model)
    static_before = first.seconds
    summary = run_audit(logs, db, Window(), cfg, scorer=pool, watch=watch)
    total = time.perf_counter() - t0
    bi = [s for s in pool.scorers if isinstance(s, BiEncoderScorer)]
    semantic = sum(s.seconds for s in bi)
    # stage seconds are summed over the shard threads (thread-seconds); `total` is the wall clock
    seconds = dict(watch.seconds)
    seconds["semantic"] = semantic  # the transformer (second stage)
    seconds["static"] = first.seconds - static_before  # the static embedding (first stage)
    seconds["lexical+keyfacts"] = max(0.0, seconds.get("verify", 0.0) - semantic - seconds["static"])
    embedded = sum(s.encoded for s in bi)
    c = summary.counts
    return PassResult(label, c.answers_read, c.citations, seconds, embedded, total, sum(s.reencoded for s in bi))


def _nights(profile: str, rows: int, days: int, seed: int, tmp: Path) -> tuple[str, str, str]:
    """(cold input, warm input, warm label) for a generated profile."""
    if profile == "tiny":
        from audit.sample.generate import write_sample

        write_sample(tmp / "logs", rows=rows, days=days, seed=seed, hive=True)
        return str(tmp / "logs"), str(tmp / "logs"), "warm cache (rerun)"
    shape = RealShape()
    kb = KnowledgeBase(shape)
    first = write_night(tmp / "night1", kb, shape, rows, BENCH_DAY, seed)
    second = write_night(tmp / "night2", kb, shape, rows, BENCH_DAY + timedelta(days=1), seed + 1)
    return str(first), str(second), "warm cache (second night, new answers, same KB)"


def run_bench(
    rows: int,
    cfg: AuditConfig,
    profile: str = "real",
    input_spec: str | None = None,
    days: int = 2,
    seed: int = 1,
    naive_rows: int = 100,
) -> BenchResult:
    """Audit the input cold (fresh database) then warm, time the naive peer on its first `naive_rows` answers."""
    tmp = Path(tempfile.mkdtemp(prefix="citeaudit-bench-"))
    try:
        t0 = time.perf_counter()
        if input_spec is not None:  # "" is an empty path (refused), not "generate answers"
            cold_in, warm_in, warm_label = input_spec, input_spec, "warm cache (rerun)"
            profile = "input"
        else:
            cold_in, warm_in, warm_label = _nights(profile, rows, days, seed, tmp)
        generated = time.perf_counter() - t0
        db = tmp / "bench.duckdb"
        reset_peak_rss()
        passes = [_one_pass("cold cache", cold_in, db, cfg), _one_pass(warm_label, warm_in, db, cfg)]
        peak = peak_rss_mb()
        # the naive peer's float32 model (torch and sentence-transformers, ~450 MB resident) loads after the peak is
        # read: the audit's default runs on ONNX Runtime and never holds it
        load, naive = 0.0, None
        if naive_rows > 0:
            t0 = time.perf_counter()
            model = _load_sentence_transformer(resolve_model_path(cfg.verify.model), cfg.verify.device)
            load = time.perf_counter() - t0
            naive = naive_audit(discover_inputs(cold_in), naive_rows, model)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return BenchResult(profile, passes[0].answers, load, passes, peak, naive, generated)


def bench_threads() -> int:
    """Threads torch will use (for the printout: figures depend on it)."""
    import torch

    return int(torch.get_num_threads()) or (os.cpu_count() or 1)
