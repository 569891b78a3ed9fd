"""Shards audited in threads of one process (`citeaudit run`): one scorer per thread over one shared embedding cache,
how many threads, and the transformer's threads per call while they run."""

from __future__ import annotations

import itertools
import os
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from audit.config import AuditConfig
from audit.pipeline import make_scorer, new_cache, runs_on_torch
from audit.verify.semantic import EmbeddingCache, SemanticScorer


class ScorerPool:
    """One semantic scorer per shard thread, made on the thread's first shard: its own model replica (a tokenizer
    must not serve two threads at once), all sharing one embedding cache, primed once from the database (one copy
    in memory, and a window two threads need is embedded once)."""

    def __init__(
        self, cfg: AuditConfig, db: str | Path | None = None, threads: int = 0, fixed: SemanticScorer | None = None
    ) -> None:
        self.cfg, self.db = cfg, db
        self.threads = threads  # the model's threads per call (0: every core); `audit_shards` sets it
        self.fixed = fixed  # a caller's own scorer: it serves every shard, one shard at a time
        self.scorers: list[SemanticScorer] = [fixed] if fixed is not None else []
        self._local = threading.local()
        self._replicas = itertools.count()
        self._lock = threading.Lock()
        self._cache: EmbeddingCache | None = None

    def get(self) -> SemanticScorer:
        if self.fixed is not None:
            return self.fixed
        scorer: SemanticScorer | None = getattr(self._local, "scorer", None)
        if scorer is None:
            with self._lock:
                if self._cache is None and not self.cfg.verify.nli_model:
                    self._cache = new_cache(self.cfg, self.db)
                replica = next(self._replicas)
            scorer = make_scorer(self.cfg, replica=replica, threads=self.threads, cache=self._cache)
            self._local.scorer = scorer
            with self._lock:
                self.scorers.append(scorer)
        return scorer


def shard_threads(cfg: AuditConfig, shards: int) -> int:
    """Shards audited at once: `[run] shard_threads` (0 = one per core), never more than the shards, and one when
    no transformer runs (the lexical and static stages hold Python's GIL: threads would only take turns)."""
    if cfg.verify.refine == "none" and not cfg.verify.nli_model:
        return 1
    wanted = cfg.run.shard_threads or (os.cpu_count() or 1)
    return max(1, min(wanted, shards))


@contextmanager
def model_threads(pool: ScorerPool, n: int) -> Iterator[None]:
    """The transformer's threads per call set to `n` while the block runs (shard threads x model threads = cores):
    ONNX Runtime's through the pool's scorers; torch's for the process when the transformer runs on torch (the float
    model or a cross-encoder; the int8 default never imports torch)."""
    pool.threads = n
    on_torch = runs_on_torch(pool.cfg)
    before = None
    if on_torch:
        import torch

        before = torch.get_num_threads()
        torch.set_num_threads(n)
    try:
        yield
    finally:
        pool.threads = 0
        if before is not None:
            import torch

            torch.set_num_threads(before)


@contextmanager
def blas_threads(cfg: AuditConfig) -> Iterator[None]:
    """NumPy's BLAS on one thread while the shards are audited (not where the transformer runs on torch, whose
    threads `model_threads` sets). The audit's products are small (a claim's tokens by its windows' in
    `align.exact_dot`), the shard threads are the parallelism, and OpenBLAS's own threads spun beside them: 200
    products of 40x384 by 384x500 took 1.26-1.67 CPU s on its 2 threads, 0.16 on one (2.4 / 0.7 s wall), the same
    numbers (`exact_dot` does not depend on the thread count)."""
    if runs_on_torch(cfg):
        yield
        return
    from threadpoolctl import threadpool_limits

    with threadpool_limits(limits=1, user_api="blas"):
        yield


@contextmanager
def quick_switches(seconds: float = 0.001) -> Iterator[None]:
    """Python's GIL handed over every `seconds` (default 5 ms) while shard threads run: a thread back from a model
    call (which released the GIL) otherwise waits up to 5 ms for the other thread's Python to yield it."""
    old = sys.getswitchinterval()
    sys.setswitchinterval(seconds)
    try:
        yield
    finally:
        sys.setswitchinterval(old)


SHARD_THREAD = "citeaudit-shard"  # the name of a thread auditing a shard (audit/cli/common.py exits without them)
