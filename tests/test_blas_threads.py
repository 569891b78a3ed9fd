"""NumPy's BLAS on one thread while shards are audited (`shardpool.blas_threads`): the shard threads are the
parallelism, and OpenBLAS's own threads only spun beside them on the audit's small products."""

from __future__ import annotations

import dataclasses

import numpy as np
from threadpoolctl import threadpool_info, threadpool_limits

from audit.config import AuditConfig
from audit.shardpool import blas_threads
from audit.verify.align import exact_dot


def _blas() -> list[int]:
    return [int(i["num_threads"]) for i in threadpool_info() if i["user_api"] == "blas"]


def test_blas_runs_on_one_thread_in_the_block_and_as_before_after_it() -> None:
    with threadpool_limits(limits=2, user_api="blas"):
        before = _blas()
        assert before and max(before) == 2
        with blas_threads(AuditConfig()):
            assert set(_blas()) == {1}
        assert _blas() == before
        cfg = AuditConfig()
        on_torch = dataclasses.replace(cfg, verify=dataclasses.replace(cfg.verify, quantize="none"))
        with blas_threads(on_torch):  # torch's threads are `model_threads`' to set
            assert _blas() == before


def test_the_products_are_the_same_on_one_blas_thread_as_on_two() -> None:
    rng = np.random.default_rng(7)
    pairs = [(rng.standard_normal((40, 384)).astype(np.float16), rng.standard_normal((384, 600))) for _ in range(20)]
    with threadpool_limits(limits=2, user_api="blas"):
        two = [exact_dot(a, b.astype(np.float16)) for a, b in pairs]
    with blas_threads(AuditConfig()):
        one = [exact_dot(a, b.astype(np.float16)) for a, b in pairs]
    assert all(np.array_equal(x, y) for x, y in zip(one, two, strict=True))


def test_the_gil_is_handed_over_each_millisecond_while_shards_run_and_as_before_after() -> None:
    import sys

    from audit.shardpool import quick_switches

    before = sys.getswitchinterval()
    with quick_switches():
        assert sys.getswitchinterval() == 0.001
    assert sys.getswitchinterval() == before
