"""A source's per-source work shared between the shards of one run that run in different processes (Dask workers).

A process keeps what it derived from a source (its index, its key facts, ...) in its own caches
(`audit.verify.textcache`), so a worker auditing two shards that retrieved the same long page does that work once.
Two workers auditing those shards side by side each did it: on WiCE's busiest day ~60 pages shared by the two shards
of a 2-worker run cost each shard ~0.6 s of CPU (of ~4.4 s) that one worker auditing both shards does not spend on
its second shard (measured here, each shard alone in a fresh process against after the other one).

The plan knows which long sources more than one shard retrieved (`audit.split`); each shard's spec carries their
keys. While a shard is audited with a `PeerCache` active (`sharing`), a per-source cache (`text_cache(shared=True)`)
that misses on one of those sources first looks for it in the run's peer folder: a worker that derived it first
wrote it there (pickled, written aside then renamed, so a reader never sees half a file). Otherwise it computes it
and writes it. The values are what the function computes, so a shard's verdicts are the same whoever computed them
(`tests/flows/test_peer_cache.py`). A file that cannot be read or written is only a miss: the shard computes the
value itself. The folder is the run's own (`peer-<run_id>` in the run's work dir, removed with it) and only its own
workers write it: it is trusted as the Dask cluster's task payloads are (pickles, too).
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import pickle
import tempfile
from collections.abc import Hashable, Iterator
from contextvars import ContextVar
from pathlib import Path
from typing import Any

import duckdb

log = logging.getLogger(__name__)

MIN_CHARS = 2000  # a source shorter than this is cheaper to derive again than to share (the plan only names longer)
_MISSING = object()


class PeerCache:
    """The run's peer folder and the texts (sources) this shard shares with other shards."""

    def __init__(self, folder: Path, texts: frozenset[str]) -> None:
        self.folder = folder
        self.texts = texts
        self.hits = self.writes = 0

    @property
    def counts(self) -> tuple[int, int]:
        """(values read from other shards, values written for them)."""
        return self.hits, self.writes

    def _path(self, name: str, args: tuple[Hashable, ...]) -> Path:
        digest = hashlib.sha256(pickle.dumps((name, args), protocol=5)).hexdigest()[:40]
        return self.folder / f"{name}-{digest}.pkl"

    def get(self, name: str, args: tuple[Hashable, ...]) -> Any:
        """The value another shard wrote for `name(*args)`, or `MISSING`."""
        path = self._path(name, args)
        try:
            with path.open("rb") as f:
                value = pickle.load(f)
        except FileNotFoundError:
            return _MISSING
        except Exception as exc:  # a damaged file is a miss: the value is derived again (and rewritten)
            log.warning("peer cache: %s not read (%s): derived again", path, exc)
            return _MISSING
        self.hits += 1
        return value

    def put(self, name: str, args: tuple[Hashable, ...], value: Any) -> None:
        path = self._path(name, args)
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=self.folder, prefix=".", suffix=".tmp")
            try:
                with os.fdopen(fd, "wb") as f:
                    pickle.dump(value, f, protocol=5)
                os.replace(tmp, path)
            except BaseException:
                with contextlib.suppress(OSError):
                    os.unlink(tmp)
                raise
        except (OSError, pickle.PicklingError) as exc:  # a full disk or a value that cannot be pickled: only a miss
            log.debug("peer cache: %s not written (%s)", path, exc)
            return
        self.writes += 1


def peer_cache(con: duckdb.DuckDBPyConnection, keys: tuple[int, ...], folder: Path | None) -> PeerCache | None:
    """A shard's `PeerCache`: its staged context texts (the `ctx` table on `con`) whose `hash` is among `keys` (the
    plan's shared sources); None when it shares none or runs with no peer folder."""
    if folder is None or not keys:
        return None
    rows = con.execute(
        "SELECT DISTINCT text FROM ctx WHERE text IS NOT NULL AND hash(text) IN (SELECT unnest($keys::UBIGINT[]))",
        {"keys": list(keys)},
    ).fetchall()
    return PeerCache(folder, frozenset(r[0] for r in rows)) if rows else None


def shared_first(rows: list[dict[str, Any]], peer: PeerCache | None, index: int) -> list[dict[str, Any]]:
    """A shard's answers in the order that lets shards side by side share the most: first those retrieving a shared
    source this shard derives (the shared sources are halved by a hash of their text: shard `index` takes the half of
    its parity), then those retrieving none, then those retrieving only the other half, which the other shard has
    by then derived and written. In answer order within each group; unchanged without a peer folder. Order only: a
    shard's rows do not depend on it."""
    if peer is None:
        return rows
    owner: dict[str, bool] = {}

    def mine(text: str) -> bool:
        if text not in owner:
            owner[text] = int.from_bytes(hashlib.blake2b(text.encode(), digest_size=4).digest()) % 2 == index % 2
        return owner[text]

    def group(row: dict[str, Any]) -> int:
        texts = [c.get("text") for c in row.get("contexts") or []]
        shared = [t for t in texts if isinstance(t, str) and t in peer.texts]
        if not shared:
            return 1
        return 0 if any(mine(t) for t in shared) else 2

    return sorted(rows, key=group)


MISSING = _MISSING
ACTIVE: ContextVar[PeerCache | None] = ContextVar("citeaudit_peer_cache", default=None)


@contextlib.contextmanager
def sharing(peer: PeerCache | None) -> Iterator[None]:
    """`peer` consulted by the shared per-source caches while the block runs (None: nothing shared)."""
    token = ACTIVE.set(peer)
    try:
        yield
    finally:
        ACTIVE.reset(token)


def peer_value(name: str, args: tuple[Hashable, ...], compute: Any) -> Any:
    """`compute()` for a per-source cache's miss: read from the active peer folder when this shard shares the
    source (`args[0]`), else computed and written there for the other shards."""
    peer = ACTIVE.get()
    text = args[0] if args else None
    if peer is None or not isinstance(text, str) or text not in peer.texts:
        return compute()
    value = peer.get(name, args)
    if value is not _MISSING:
        return value
    value = compute()
    peer.put(name, args, value)
    return value
