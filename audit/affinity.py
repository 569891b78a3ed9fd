"""Source-aware shard assignment: answers that retrieved the same contexts go to the same shard, within a balance cap.

A worker indexes and embeds each distinct source once for all the shards it audits (its caches live in its
process), so answers sharing a long source cost less together than apart. Cut by `hash(answer_id)` into 2 / 4 / 8
shards, WiCE's busiest day makes the workers index and embed 1.43 / 1.70 / 1.90x its distinct source text; assigned
here, 1.12 / 1.21 / 1.30x. Measured on its two shards, each audited alone in a fresh process: ~7% less CPU time; the
wall time of two Dask workers on this 2-core machine did not measurably change (README, Scaling out).

`assign` is a greedy, deterministic assignment (pure Python over what one aggregate query returns): answers in
descending estimated cost; each goes to the shard already holding the most characters of its contexts, unless that
would take the shard past a cap (an even share of the day's work, plus `slack`) or past `max_rows` answers;
otherwise to the least-loaded shard that has room. A shard's load counts an answer's cost in two parts:
`fixed_share` of it always, the rest in proportion to the context characters the shard does not hold yet (what its
caches will not save). The day's work with shared contexts counted once is known only at the end, so a first pass
finds it (its cap follows an estimate: the work placed so far, plus the rest at the share of its estimated cost
that placing has cost so far) and a second assigns under an even share of it.
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

# above this many answers in a window the plan's hash ranges are kept: assigning 100,000 answers to 335 shards took
# 16 s of Python here, and with many more shards than workers a shard's neighbours share a worker only by chance
MAX_ANSWERS = 20_000
SLACK = 0.05  # a shard may hold up to 5% more than an even share of the estimated work
FIXED_SHARE = 0.5  # share of an answer's estimated cost that a shared source does not save


@dataclass(frozen=True)
class Items:
    """Answer ids (their hashes) with their estimated cost and their contexts, in compact arrays: item i's contexts
    are `ctx[offsets[i]:offsets[i + 1]]` (a dense id per distinct text) with their lengths in `ctx_len`."""

    keys: np.ndarray  # uint64 hash(answer_id)
    cost: np.ndarray  # float64 estimated seconds
    rows: np.ndarray  # int64 input rows per key (duplicates of one answer id share a key)
    offsets: np.ndarray  # int64, len(keys) + 1
    ctx: np.ndarray  # int64 dense context ids
    ctx_len: np.ndarray  # int64 characters
    ctx_keys: np.ndarray | None = None  # uint64: the plan's hash of each dense context id's text (None: unknown)

    @staticmethod
    def of(entries: Sequence[tuple[int, float, int, Sequence[tuple[int, int]]]]) -> Items:
        """From (key, cost, rows, [(context key, length), ...]) tuples (tests, small days)."""
        flat = [c for _, _, _, cs in entries for c in cs]
        dense = {k: i for i, k in enumerate(sorted({k for k, _ in flat}))}
        return Items(
            keys=np.array([e[0] for e in entries], dtype=np.uint64),
            cost=np.array([e[1] for e in entries], dtype=np.float64),
            rows=np.array([e[2] for e in entries], dtype=np.int64),
            offsets=np.cumsum([0] + [len(e[3]) for e in entries]).astype(np.int64),
            ctx=np.array([dense[k] for k, _ in flat], dtype=np.int64),
            ctx_len=np.array([n for _, n in flat], dtype=np.int64),
        )


@dataclass(frozen=True)
class Assignment:
    shard: np.ndarray  # 0-based shard of each item, in the order of `Items.keys`
    answers: list[int]  # rows per shard
    load: list[float]  # estimated work per shard, each shared context counted once

    def shared_contexts(self, items: Items, min_chars: int) -> list[tuple[int, ...]]:
        """Per shard, the keys (`Items.ctx_keys`) of the contexts of at least `min_chars` characters that another
        shard also holds: the sources whose per-source work the shards share (`audit.verify.peercache`)."""
        n = len(self.answers)
        if items.ctx_keys is None or n < 2 or not len(items.ctx):
            return [() for _ in range(n)]
        counts = np.diff(items.offsets)
        shard_of = np.repeat(self.shard, counts)  # each context occurrence's shard
        pairs = np.unique(np.stack([items.ctx, shard_of]), axis=1)  # (context, shard), each once
        holders = np.bincount(pairs[0], minlength=len(items.ctx_keys))
        length = np.zeros(len(items.ctx_keys), dtype=np.int64)
        length[items.ctx] = items.ctx_len
        keep = (holders[pairs[0]] > 1) & (length[pairs[0]] >= min_chars)
        out: list[list[int]] = [[] for _ in range(n)]
        for c, k in zip(pairs[0][keep].tolist(), pairs[1][keep].tolist(), strict=True):
            out[k].append(int(items.ctx_keys[c]))
        return [tuple(sorted(keys)) for keys in out]


def assign(
    items: Items,
    shards: int,
    max_rows: int,
    slack: float = SLACK,
    fixed_share: float = FIXED_SHARE,
) -> Assignment:
    """Each item's shard (see the module docstring); `max_rows` bounds a shard's rows unless every shard is full.
    Two passes: the first, under a cap that follows its own running estimate, measures the day's work with shared
    contexts counted once; the second assigns under an even share of that."""
    first = _greedy(items, shards, max_rows, slack, fixed_share, None)
    return _greedy(items, shards, max_rows, slack, fixed_share, sum(first.load))


def _greedy(
    items: Items, shards: int, max_rows: int, slack: float, fixed_share: float, work: float | None
) -> Assignment:
    n = max(1, shards)
    cost = np.maximum(items.cost, 0.0)
    total = float(cost.sum())
    raw_done = load_done = 0.0
    load = [0.0] * n
    rows = [0] * n
    holders: dict[int, list[int]] = {}  # context id -> shards holding it
    heap = [(0.0, k) for k in range(n)]
    out = np.zeros(len(items.keys), dtype=np.int64)
    order = np.lexsort((items.keys, -cost))
    offsets = items.offsets.tolist()
    for i in order.tolist():
        ctx = items.ctx[offsets[i] : offsets[i + 1]].tolist()
        lens = items.ctx_len[offsets[i] : offsets[i + 1]].tolist()
        size = int(items.rows[i])
        c = float(cost[i])
        chars = sum(lens) or 1
        shared: dict[int, int] = {}
        for x, length in zip(ctx, lens, strict=True):
            for k in holders.get(x, ()):
                shared[k] = shared.get(k, 0) + length

        def cost_in(k: int, c: float = c, chars: int = chars, shared: dict[int, int] = shared) -> float:
            return c * (fixed_share + (1.0 - fixed_share) * (1.0 - shared.get(k, 0) / chars))

        # the day's work once shared contexts are counted once, estimated from the share saved so far
        expected = work or (load_done + (total - raw_done) * (load_done / raw_done if raw_done > 0 else 1.0))
        cap = expected / n * (1.0 + slack)
        best = None
        for k in sorted(shared, key=lambda k: (-shared[k], k)):
            if load[k] + cost_in(k) <= cap and rows[k] + size <= max_rows:
                best = k
                break
        if best is None:
            best = _least_loaded(heap, load, rows, size, max_rows)
        added = cost_in(best)
        load[best] += added
        load_done += added
        raw_done += c
        rows[best] += size
        heapq.heappush(heap, (load[best], best))
        out[i] = best
        for x in ctx:
            held = holders.setdefault(x, [])
            if best not in held:
                held.append(best)
    return Assignment(out, rows, load)


def _least_loaded(heap: list[tuple[float, int]], load: list[float], rows: list[int], size: int, max_rows: int) -> int:
    """The shard of least load with room for `size` more rows (the least loaded of all when none has room).
    `heap` holds (load, shard) entries, some stale: an entry counts only while it matches the shard's load."""
    skipped: list[tuple[float, int]] = []
    best = None
    while heap:
        entry = heapq.heappop(heap)
        ld, k = entry
        if ld != load[k]:
            continue  # stale
        skipped.append(entry)
        if rows[k] + size <= max_rows:
            best = k
            break
    for entry in skipped:
        if entry[1] != best:
            heapq.heappush(heap, entry)
    if best is None:
        best = min(range(len(load)), key=lambda k: (load[k], k))
    return best
