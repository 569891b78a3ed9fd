"""Source-aware shard assignment (audit.affinity): answers sharing a source meet in one shard while the shards stay
balanced, a shard's row bound holds, and the assignment of a real day holds less distinct source text per shard
than cutting it by answer hash."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from audit.affinity import Items, assign
from audit.shardplan import affinity_items
from audit.window import Window

WICE = Path(__file__).resolve().parents[2] / "shared" / "data" / "real" / "wice_dev_answers.parquet"


def test_answers_that_share_a_source_meet_in_one_shard() -> None:
    # two topics of four answers each, every answer also with a small context of its own
    entries = [(k, 1.0, 1, [(100 + k // 4, 5000), (k, 200)]) for k in range(8)]
    done = assign(Items.of(entries), shards=2, max_rows=100)
    by_topic = [{int(done.shard[k]) for k in range(8) if k // 4 == t} for t in (0, 1)]
    assert by_topic[0] != by_topic[1] and all(len(s) == 1 for s in by_topic)
    assert done.answers == [4, 4]


def test_one_source_shared_by_all_is_still_spread_evenly() -> None:
    entries = [(k, 1.0, 1, [(7, 10_000)]) for k in range(10)]
    done = assign(Items.of(entries), shards=2, max_rows=100)
    assert done.answers == [5, 5]
    assert done.load[0] == pytest.approx(done.load[1])


def test_unrelated_answers_are_balanced_by_cost_and_rows_bound_a_shard() -> None:
    costs = [8.0, 7.0, 6.0, 5.0, 4.0, 3.0, 2.0, 1.0]
    entries = [(k, c, 1, [(k, 1000)]) for k, c in enumerate(costs)]
    done = assign(Items.of(entries), shards=2, max_rows=100)
    assert sorted(done.load) == [18.0, 18.0]
    bounded = assign(Items.of([(k, 1.0, 2, [(0, 100)]) for k in range(6)]), shards=3, max_rows=4)
    assert bounded.answers == [4, 4, 4]  # duplicates of one answer id count as its rows, and stay together


def test_the_assignment_is_deterministic_and_complete() -> None:
    rng = np.random.default_rng(3)
    entries = [
        (int(k), float(rng.uniform(0.1, 2)), 1, [(int(c), 500) for c in rng.choice(40, 3, replace=False)])
        for k in rng.permutation(300)
    ]
    a, b = assign(Items.of(entries), 7, 10_000), assign(Items.of(entries[::-1]), 7, 10_000)
    key_shard = dict(zip(Items.of(entries).keys.tolist(), a.shard.tolist(), strict=True))
    assert key_shard == dict(zip(Items.of(entries[::-1]).keys.tolist(), b.shard.tolist(), strict=True))
    assert sum(a.answers) == 300 and set(a.shard.tolist()) == set(range(7))


@pytest.mark.skipif(not WICE.is_file(), reason="needs ../shared/data/real/wice_dev_answers.parquet")
def test_a_real_day_holds_less_source_text_per_shard_than_an_answer_hash_split() -> None:
    items = affinity_items([str(WICE)], Window(), {})
    done = assign(items, 2, 10_000)

    def distinct_chars(shard_of: np.ndarray) -> list[int]:
        held: list[dict[int, int]] = [{}, {}]
        for i, k in enumerate(shard_of.tolist()):
            lo, hi = items.offsets[i], items.offsets[i + 1]
            held[k].update(zip(items.ctx[lo:hi].tolist(), items.ctx_len[lo:hi].tolist(), strict=True))
        return [sum(h.values()) for h in held]

    whole = sum(dict(zip(items.ctx.tolist(), items.ctx_len.tolist(), strict=True)).values())
    by_hash = distinct_chars((items.keys % np.uint64(2)).astype(np.int64))
    by_source = distinct_chars(done.shard)
    # cut by answer hash, the two halves of WiCE dev hold 1.66x its distinct source text; assigned by source 1.25x
    assert sum(by_hash) > 1.5 * whole
    assert sum(by_source) < 1.35 * whole
    assert max(done.answers) < 0.65 * len(items.keys)
