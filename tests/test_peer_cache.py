"""Per-source work shared between shards in different processes (`audit.verify.peercache`): the plan names the long
sources two shards hold, a shard reads what another wrote, and its verdicts are the same as when it derives them."""

from __future__ import annotations

import dataclasses
import logging
import pickle
from datetime import date
from pathlib import Path

import numpy as np
import pytest

from audit.affinity import Assignment, Items
from audit.config import AuditConfig, RunConfig
from audit.pipeline import Shard, audit_shard
from audit.runner import start_run
from audit.verify.features import index_source
from audit.verify.keyfacts import _source_counts, _source_facts
from audit.verify.peercache import MIN_CHARS, PeerCache, peer_value, shared_first, sharing
from audit.window import Window
from tests.conftest import make_answer

SHARED_CACHES = (index_source, _source_facts, _source_counts)


def _clear() -> None:
    """What a fresh worker process holds: none of the shared per-source caches."""
    for c in SHARED_CACHES:
        c.cache_clear()


def test_the_plan_names_long_contexts_that_two_shards_hold() -> None:
    # items: (key, cost, rows, [(context key, length)]); context 10 long and in both shards, 20 long in one, 30 short
    items = Items.of(
        [
            (1, 1.0, 1, [(10, 5000), (20, 5000)]),
            (2, 1.0, 1, [(10, 5000), (30, 100)]),
            (3, 1.0, 1, [(30, 100)]),
        ]
    )
    items = dataclasses.replace(items, ctx_keys=np.array([10, 20, 30], dtype=np.uint64))
    done = Assignment(shard=np.array([0, 1, 1]), answers=[1, 2], load=[1.0, 2.0])
    assert done.shared_contexts(items, MIN_CHARS) == [(10,), (10,)]
    assert done.shared_contexts(items, 50) == [(10,), (10,)]  # 30 is held by shard 1 only
    one = Assignment(shard=np.array([0, 0, 0]), answers=[3, 0], load=[3.0, 0.0])
    assert one.shared_contexts(items, MIN_CHARS) == [(), ()]
    assert done.shared_contexts(dataclasses.replace(items, ctx_keys=None), MIN_CHARS) == [(), ()]


def test_a_value_written_by_one_shard_is_read_by_another_and_a_damaged_file_is_derived_again(tmp_path: Path) -> None:
    text = "A long source. " * 200
    calls: list[str] = []

    def compute() -> tuple[str, int]:
        calls.append(text)
        return ("derived", len(text))

    writer, reader = PeerCache(tmp_path, frozenset({text})), PeerCache(tmp_path, frozenset({text}))
    with sharing(writer):
        assert peer_value("f", (text, 3), compute) == ("derived", len(text))
    with sharing(reader):
        assert peer_value("f", (text, 3), compute) == ("derived", len(text))
        assert peer_value("f", (text, 4), compute) == ("derived", len(text))  # other arguments: another value
    assert len(calls) == 2 and writer.counts == (0, 1) and reader.counts == (1, 1)
    for f in tmp_path.glob("f-*.pkl"):
        f.write_bytes(b"\x80\x05 cut short")
    with sharing(PeerCache(tmp_path, frozenset({text}))):
        assert peer_value("f", (text, 3), compute) == ("derived", len(text))
    assert len(calls) == 3
    with sharing(PeerCache(tmp_path, frozenset())):  # a source this shard does not share: derived, not written
        peer_value("g", (text, 3), compute)
    assert not list(tmp_path.glob("g-*.pkl")) and len(calls) == 4
    assert pickle.loads((sorted(tmp_path.glob("f-*.pkl"))[0]).read_bytes()) == ("derived", len(text))


def test_an_unwritable_peer_folder_only_costs_the_sharing(tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    peer = PeerCache(blocked / "peer", frozenset({"x" * 10}))
    with sharing(peer):
        assert peer_value("f", ("x" * 10,), lambda: 7) == 7
    assert peer.counts == (0, 0)


def _long_source(topic: str, n: int) -> str:
    return " ".join(
        f"The {topic} report of year {1900 + i} says that {topic} output rose by {i + 3} percent in region {i}."
        for i in range(n)
    )


def _day(write_answers) -> Path:  # type: ignore[no-untyped-def]
    # every answer retrieved both long pages: a 2-shard plan cannot keep them in one shard; each page is indexed and
    # its key facts taken (2 values each; no claim counts things, so no `_source_counts`)
    pages = [_long_source("steel", 40), _long_source("coal", 40)]
    assert min(len(p) for p in pages) >= MIN_CHARS
    rows = [
        make_answer(
            f"a{i}",
            f"Steel output rose by {i + 3} percent in region {i} [1]. Coal output rose by {i + 4} percent [2].",
            [{"doc_id": "steel", "text": pages[0]}, {"doc_id": "coal", "text": pages[1]}],
        )
        for i in range(12)
    ]
    return write_answers(rows)  # type: ignore[no-any-return]


def test_shards_in_two_processes_share_long_sources_and_their_verdicts_stay_the_same(
    write_answers, tmp_path: Path, scorer, caplog: pytest.LogCaptureFixture
) -> None:  # type: ignore[no-untyped-def]
    cfg = AuditConfig(run=RunConfig(shard_seconds=0.2))  # the day (~0.36 s of estimated work) in two shards
    logs = _day(write_answers)
    _, plan = start_run(tmp_path / "a.duckdb", str(logs), Window.for_day(date(2026, 11, 1)), cfg, workers=2)
    shards: list[Shard] = plan.shards
    assert len(shards) == 2 and all(len(s.shared_sources) == 2 for s in shards)
    peer = tmp_path / "peer"

    def audit(shard: Shard, with_peer: bool) -> list[dict[str, object]]:
        _clear()
        rows = audit_shard(shard, cfg, "run", scorer, threads=1, peer=peer if with_peer else None)
        return rows.tables["citation_audit"].to_pylist()

    alone = audit(shards[1], with_peer=False)
    with caplog.at_level(logging.INFO, logger="audit.pipeline"):
        audit(shards[0], with_peer=True)  # the first shard derives the two pages and writes them
        shared = audit(shards[1], with_peer=True)  # the second, in a "fresh process", reads them
    said = [r.getMessage() for r in caplog.records if "shared sources" in r.getMessage()]
    assert said == [
        "shard-00000-of-00002: per-source work of shared sources: 0 read from peers, 4 written",
        "shard-00001-of-00002: per-source work of shared sources: 4 read from peers, 0 written",
    ]
    key = lambda r: (r["answer_id"], r["citation_ord"])  # noqa: E731 - a peer run audits shared sources first
    assert sorted(shared, key=key) == sorted(alone, key=key)


def test_shards_derive_their_half_of_the_shared_sources_first_and_read_the_other_half_last(tmp_path: Path) -> None:
    texts = [f"page {i} " * 300 for i in range(8)]
    peer = PeerCache(tmp_path, frozenset(texts[:6]))  # 6 shared pages; 6 and 7 are this shard's own
    rows = [{"answer_id": f"a{i}", "contexts": [{"text": t}]} for i, t in enumerate(texts)]
    rows.append({"answer_id": "none", "contexts": None})
    own = {"a6", "a7", "none"}  # no shared source: between the two halves, in answer order
    before, after = {}, {}
    for k in (0, 1):
        order = [r["answer_id"] for r in shared_first(rows, peer, k)]
        at = [i for i, a in enumerate(order) if a in own]
        assert order[at[0] : at[-1] + 1] == ["a6", "a7", "none"]
        before[k], after[k] = set(order[: at[0]]), set(order[at[-1] + 1 :])
        assert sorted(order) == sorted(r["answer_id"] for r in rows)
    assert before[0] == after[1] and before[1] == after[0]  # what one shard derives first, the other reads last
    assert before[0] | before[1] == {f"a{i}" for i in range(6)} and before[0] and before[1]
    assert shared_first(rows, None, 0) == rows
