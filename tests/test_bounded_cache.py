"""The in-memory embedding cache stays bounded (least recently used out) and primes from DuckDB without blowing up."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pyarrow as pa
import pytest

from audit.config import AuditConfig, RunConfig
from audit.errors import ConfigError
from audit.pipeline import BoundedEmbeddingCache, load_cache, make_scorer
from audit.store import open_db
from audit.verify.embcache import Slab
from audit.verify.semantic import model_key

MODEL = model_key("all-MiniLM-L6-v2", AuditConfig().verify.quantize)  # the name the default scorer caches under


def _vec(i: int) -> np.ndarray:
    return np.full(4, i, dtype=np.float32)


def test_least_recently_used_go_first() -> None:
    cache = BoundedEmbeddingCache("m", 10)  # 8 rows for sources, 2 for claims
    for i in range(8):
        cache.put(f"k{i}", _vec(i))
    assert cache.get("k0") is not None  # k0 is now the most recently used
    cache.put("k8", _vec(8))
    assert len(cache) <= 10
    assert cache.get("k0") is not None and cache.get("k8") is not None
    assert cache.get("k1") is None  # the oldest unused went first
    assert len(cache.new) == 9  # what this process computed is still handed to the loader


def test_never_more_than_the_limit() -> None:
    cache = BoundedEmbeddingCache("m", 100)
    for i in range(10_000):
        cache.put(f"k{i}", _vec(i), kind="claim" if i % 3 == 0 else "source")
        assert len(cache) <= 100
    assert np.array_equal(cache.get("k9999"), _vec(9999))  # type: ignore[arg-type]
    assert np.array_equal(cache.get("k9998"), _vec(9998))  # type: ignore[arg-type]


def test_claims_never_push_out_sources() -> None:
    # claims are unique per answer: a night of them must not evict the knowledge-base windows that are hit again
    cache = BoundedEmbeddingCache("m", 100)
    for i in range(80):
        cache.put(f"window{i}", _vec(i))
    for i in range(50_000):
        cache.put(f"claim{i}", _vec(i), kind="claim")
    assert all(np.array_equal(cache.get(f"window{i}"), _vec(i)) for i in range(80))  # type: ignore[arg-type]
    assert cache.get("claim49999") is not None and cache.get("claim0") is None
    assert len(cache) <= 100


def test_a_vector_handed_out_is_a_copy_its_row_is_reused() -> None:
    # rows of the slab are reused after eviction: what get() returned earlier must not change under the caller
    cache = BoundedEmbeddingCache("m", 5)
    cache.put("a", _vec(1))
    held = cache.get("a")
    for i in range(50):
        cache.put(f"x{i}", _vec(100 + i))
    assert cache.get("a") is None
    assert np.array_equal(held, _vec(1))  # type: ignore[arg-type]
    assert np.array_equal(cache.new["a"], _vec(1))  # and the loader still gets the original vector


def test_a_vector_of_another_dimension_is_refused() -> None:
    cache = BoundedEmbeddingCache("m", 10)
    cache.put("a", _vec(1))
    try:
        cache.put("b", np.zeros(5, dtype=np.float32))
    except ValueError as exc:
        assert "dimension 5" in str(exc)
    else:
        raise AssertionError("a 5-dimensional vector went into a 4-dimensional cache")


def test_primed_from_the_database_up_to_the_limit(tmp_path: Path) -> None:
    db = tmp_path / "a.duckdb"
    con = open_db(db)
    vecs = np.arange(1, 30_000 * 3 + 1, dtype=np.float32).reshape(30_000, 3)
    vecs /= np.linalg.norm(vecs, axis=1, keepdims=True)  # the scorer's vectors are unit vectors; others are not primed
    con.register(
        "rows",
        pa.table(
            {
                "model": [MODEL] * 30_000,
                "content_hash": [f"h{i}" for i in range(30_000)],
                "embedding": pa.array(list(vecs), pa.list_(pa.float32())),
            }
        ),
    )
    con.execute("INSERT INTO embedding_cache SELECT * FROM rows")
    con.close()
    scorer = make_scorer(AuditConfig(run=RunConfig(cache_vectors=20_000)), db)
    cache = scorer.cache  # type: ignore[attr-defined]
    assert isinstance(cache, BoundedEmbeddingCache) and len(cache) == 20_000
    key = next(k for k in (f"h{i}" for i in range(30_000)) if cache.get(k) is not None)
    assert np.array_equal(cache.get(key), vecs[int(key[1:])])  # type: ignore[arg-type]
    unbounded = BoundedEmbeddingCache(MODEL, 10**9)
    load_cache(unbounded, db)
    assert len(unbounded) == 30_000


def test_shard_threads_sharing_the_cache_hand_over_each_new_vector_once() -> None:
    # two shard threads embed into one cache while their shards' results take the new rows: every vector must land
    # in exactly one shard's output (none lost to a race, none twice)
    import threading

    cache = BoundedEmbeddingCache("m", 1_000)
    taken: list[str] = []
    done = threading.Event()

    def embed(prefix: str) -> None:
        for i in range(5_000):
            cache.put(f"{prefix}{i}", _vec(i))
            cache.get(f"{prefix}{i // 2}")

    def take() -> None:
        while not done.is_set():
            taken.extend(cache.take_new_rows().column("content_hash").to_pylist())

    workers = [threading.Thread(target=embed, args=(p,)) for p in ("a", "b")]
    taker = threading.Thread(target=take)
    taker.start()
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    done.set()
    taker.join()
    taken.extend(cache.take_new_rows().column("content_hash").to_pylist())
    assert len(taken) == len(set(taken)) == 10_000
    assert len(cache) <= 1_000


def test_a_slab_that_cannot_be_allocated_names_the_setting_to_lower() -> None:
    # np.empty raised MemoryError (exit 1, no setting named) when [run] cache_vectors asked for more than there is
    slab = Slab(1 << 40)
    with pytest.raises(
        ConfigError,
        match=r"^the embedding cache cannot have .* GB for 1099511627776 vectors on this "
        r"machine: lower \[run\] cache_vectors$",
    ):
        slab.put("k", np.zeros(384, dtype=np.float32))
