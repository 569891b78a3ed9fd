"""The bounded in-memory embedding cache: least recently used out, vectors in one slab, claims kept apart.

Measured on the real-shaped profile (`citeaudit bench`), what made a process's memory grow with the night:
- a vector kept as its own NumPy array in a dict costs ~2.4 KB (384 floats are 1.5 KB): here the vectors live in
  rows of one float32 matrix per segment, reused when evicted (~2.1 KB each with its key, measured);
- vectors primed from the database were views into one flattened block, so evicting them freed nothing until the
  last of the block went; here every vector is copied into its row;
- claims are unique per answer and are never asked for again in a night, but they took half the cache's rows and
  pushed out the knowledge-base windows that are hit again and again: here claims have their own, smaller
  segment (a rerun of the same day still finds its latest claims there, and in the database).
"""

from __future__ import annotations

import threading

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from audit.errors import ConfigError
from audit.verify.semantic import EmbeddingCache

CLAIM_SHARE = 0.2  # of `limit`: the rows claims may hold; sources (windows) get the rest


class Slab:
    """At most `limit` vectors of one dimension in one float32 matrix; least recently used evicted, a quarter of
    the rows at a time (a dict is rebuilt once rather than popped row by row). Not locked: its owner locks."""

    def __init__(self, limit: int) -> None:
        self.limit = max(1, limit)
        self._rows: dict[str, int] = {}  # key -> row, least recently used first
        self._free: list[int] = []
        self._next = 0  # rows below this have been handed out at least once
        self._mat: np.ndarray | None = None  # allocated at the first vector; pages become resident as rows fill

    def __len__(self) -> int:
        return len(self._rows)

    def __contains__(self, key: str) -> bool:
        return key in self._rows

    def get(self, key: str) -> np.ndarray | None:
        """A copy of the vector (a row is reused once evicted), marked most recently used."""
        row = self._rows.pop(key, None)
        if row is None or self._mat is None:
            return None
        self._rows[key] = row
        return self._mat[row].copy()

    def put(self, key: str, vector: np.ndarray) -> None:
        vec = np.asarray(vector, dtype=np.float32).reshape(-1)
        if self._mat is None:
            try:
                self._mat = np.empty((self.limit, vec.shape[0]), dtype=np.float32)
            except MemoryError:
                raise ConfigError(
                    f"the embedding cache cannot have {self.limit * vec.shape[0] * 4 / 1e9:.1f} GB for {self.limit} "
                    "vectors on this machine: lower [run] cache_vectors"
                ) from None
        elif vec.shape[0] != self._mat.shape[1]:
            raise ValueError(f"embedding of dimension {vec.shape[0]} in a cache of dimension {self._mat.shape[1]}")
        row = self._rows.pop(key, None)
        if row is None:
            row = self._take_row()
        self._mat[row] = vec
        self._rows[key] = row

    def _take_row(self) -> int:
        if not self._free and self._next >= self.limit:
            drop = max(1, self.limit // 4)
            keys = list(self._rows)
            self._free.extend(self._rows[k] for k in keys[:drop])
            self._rows = {k: self._rows[k] for k in keys[drop:]}
        if self._free:
            return self._free.pop()
        self._next += 1
        return self._next - 1


class BoundedEmbeddingCache(EmbeddingCache):
    """An embedding cache holding at most `limit` vectors in memory: sources (knowledge-base windows) in one slab,
    claims in another of `CLAIM_SHARE` of the rows. Vectors computed by this process stay in `new` until a shard's
    result takes them (`take_new_rows`), whatever was evicted meanwhile."""

    def __init__(self, model: str, limit: int) -> None:
        super().__init__(model)
        self.limit = max(2, limit)
        claims = max(1, int(self.limit * CLAIM_SHARE))
        self._claims = Slab(claims)
        self._sources = Slab(self.limit - claims)
        self._lock = threading.RLock()

    def __len__(self) -> int:
        return len(self._claims) + len(self._sources)

    def get(self, key: str) -> np.ndarray | None:
        with self._lock:
            vec = self._sources.get(key)
            return vec if vec is not None else self._claims.get(key)

    def put(self, key: str, vector: np.ndarray, new: bool = True, kind: str = "source") -> None:
        vec = np.array(vector, dtype=np.float32).reshape(-1)  # a copy: the caller's array may be a view of a batch
        with self._lock:
            (self._claims if kind == "claim" else self._sources).put(key, vec)
            if new:
                self.new[key] = vec

    def load_table(self, table: pa.Table) -> None:
        """Add (content_hash, embedding) rows, e.g. primed from the `embedding_cache` table: sources first, then
        the claims' slab once the sources' is full (the table does not say which a row was)."""
        if table.num_rows == 0:
            return
        flat = pc.list_flatten(table.column("embedding")).to_numpy().astype(np.float32)
        vecs = flat.reshape(table.num_rows, -1)
        with self._lock:
            for key, vec in zip(table.column("content_hash").to_pylist(), vecs, strict=True):
                if key in self._sources or key in self._claims:
                    continue
                slab = self._sources if len(self._sources) < self._sources.limit else self._claims
                if slab is self._claims and len(self._claims) >= self._claims.limit:
                    return  # full: priming never evicts what it primed
                slab.put(key, vec)
