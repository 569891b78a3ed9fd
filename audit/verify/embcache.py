"""The in-memory embedding cache (with the token alignments of refined pairs) and its bounded form: least recently
used out, vectors in one slab, claims kept apart.

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

import math
import threading
from collections import OrderedDict

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from audit.errors import ConfigError
from audit.verify.align import TokenStore


class EmbeddingCache:
    """Embeddings by content hash for one model; `new` holds what this process computed. Safe to share between
    shard threads: every read and write takes the cache's lock.

    Beside the vectors it keeps the token alignment of each refined (claim, evidence windows) pair by its
    `align.alignment_key` (persisted in the `alignment_cache` table, at most `align_limit` in memory, least recently
    used out): token states are not stored, so without it a rerun or re-audit of the same answers ran every window
    it refines through the transformer again for its tokens."""

    def __init__(self, model: str, align_limit: int | None = None) -> None:
        self.model = model
        self._vectors: dict[str, np.ndarray] = {}
        self.new: dict[str, np.ndarray] = {}
        self.hits = 0
        self.misses = 0
        self._lock = threading.RLock()
        self.tokens = TokenStore()  # token states of recent texts, for the token alignment (not persisted)
        self.align_limit = align_limit
        self._aligns: OrderedDict[str, float] = OrderedDict()
        self.new_aligns: dict[str, float] = {}

    def __len__(self) -> int:
        return len(self._vectors)

    def get(self, key: str) -> np.ndarray | None:
        with self._lock:
            return self._vectors.get(key)

    def put(self, key: str, vector: np.ndarray, new: bool = True, kind: str = "source") -> None:
        """`kind` ("source" or "claim") lets a bounded cache keep claims, never asked for twice in a night, apart."""
        with self._lock:
            self._vectors[key] = vector
            if new:
                self.new[key] = vector

    def load_table(self, table: pa.Table) -> None:
        """Add rows of an (content_hash, embedding) table, e.g. read from the `embedding_cache` table."""
        hashes = table.column("content_hash").to_pylist()
        vecs = table.column("embedding").to_pylist()
        with self._lock:
            for h, v in zip(hashes, vecs, strict=True):
                self._vectors[h] = np.asarray(v, dtype=np.float32)

    def take_new_rows(self) -> pa.Table:
        """The vectors computed since the last call, as `embedding_cache` rows, handed over once: a shard's result
        takes them, so each lands in exactly one shard's output however many threads share the cache."""
        with self._lock:
            taken, self.new = self.new, {}
        keys = list(taken)
        # the vectors' float32 numbers as they are, not through a Python float each (~4x faster, the same array)
        offsets = np.zeros(len(keys) + 1, dtype=np.int32)
        np.cumsum([len(taken[k]) for k in keys], out=offsets[1:])
        flat = np.concatenate([taken[k] for k in keys]) if keys else np.zeros(0, dtype=np.float32)
        return pa.table(
            {
                "model": pa.array([self.model] * len(keys), pa.string()),
                "content_hash": pa.array(keys, pa.string()),
                "embedding": pa.ListArray.from_arrays(pa.array(offsets), pa.array(flat, pa.float32())),
            }
        )

    def get_align(self, key: str) -> float | None:
        """A pair's stored token alignment, marked most recently used."""
        with self._lock:
            value = self._aligns.get(key)
            if value is not None:
                self._aligns.move_to_end(key)
            return value

    def put_align(self, key: str, value: float, new: bool = True) -> None:
        """Keep a pair's token alignment (`new`: computed here, handed to the loader by `take_new_alignments`)."""
        with self._lock:
            self._aligns[key] = value
            self._aligns.move_to_end(key)
            if self.align_limit is not None:
                while len(self._aligns) > self.align_limit:
                    self._aligns.popitem(last=False)
            if new:
                self.new_aligns[key] = value

    def aligns_held(self) -> int:
        return len(self._aligns)

    def load_alignments(self, table: pa.Table) -> int:
        """Add (pair_hash, token_align) rows, e.g. read from the `alignment_cache` table; a row whose key is NULL or
        whose value is not a number in [0, 1] (written by hand or by another tool) is left out: its pair is aligned
        again. Never evicts what it primed past `align_limit`. Returns the rows left out."""
        ignored = 0
        with self._lock:
            pairs = zip(table.column("pair_hash").to_pylist(), table.column("token_align").to_pylist(), strict=True)
            for key, value in pairs:
                if not isinstance(key, str) or not _alignment_value(value):
                    ignored += 1
                    continue
                if self.align_limit is not None and len(self._aligns) >= self.align_limit:
                    break
                self._aligns.setdefault(key, float(value))
        return ignored

    def take_new_alignments(self) -> pa.Table:
        """The alignments computed since the last call, as `alignment_cache` rows, handed over once (as vectors)."""
        with self._lock:
            taken, self.new_aligns = self.new_aligns, {}
        return pa.table(
            {
                "model": pa.array([self.model] * len(taken), pa.string()),
                "pair_hash": pa.array(list(taken), pa.string()),
                "token_align": pa.array(list(taken.values()), pa.float64()),
            }
        )


def _alignment_value(value: object) -> bool:
    return isinstance(value, float | int) and not isinstance(value, bool) and math.isfinite(value) and 0 <= value <= 1


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
        super().__init__(model, align_limit=max(2, limit))  # ~0.2 KB each: a bound as many as the vectors
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
