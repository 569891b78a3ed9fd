"""Shards sized by estimated work: every answer in exactly one shard, duplicates together, both bounds held."""

from __future__ import annotations

import itertools
from pathlib import Path

import duckdb
import pytest

from audit.config import AuditConfig, RunConfig
from audit.ingest import discover_inputs
from audit.runner import plan_shards
from audit.shardplan import (
    MIN_SHARD_SECONDS,
    SHARDS_PER_WORKER,
    SMALL_DAY_SHARDS,
    cost_sql,
    hash_range_filter,
    plan_by_cost,
)
from audit.window import Window

SAMPLE = Path(__file__).resolve().parents[1] / "data" / "sample"


def _answers_per_shard(files: list[str], lo: int | None, hi: int | None) -> list[str]:
    cond = hash_range_filter(lo, hi) or "TRUE"
    listing = ", ".join(f"'{f}'" for f in files)
    rows = duckdb.sql(f"SELECT answer_id FROM read_parquet([{listing}], union_by_name = true) WHERE {cond}").fetchall()
    return [r[0] for r in rows]


@pytest.mark.parametrize(
    ("seconds", "rows"), [(0.5, 5000), (1000.0, 50), (0.05, 7)], ids=["by_work", "by_row_cap", "both_bounds"]
)
def test_every_answer_in_exactly_one_shard(seconds: float, rows: int) -> None:
    files = discover_inputs(str(SAMPLE))
    plan = plan_by_cost(files, Window(), {}, seconds, rows)
    seen: list[str | None] = []
    for spec in plan.shards:
        ids = _answers_per_shard(files, spec.lo, spec.hi)
        assert len(ids) == spec.answers
        assert spec.answers <= rows
        seen += ids
    total = duckdb.sql(f"SELECT count(*) FROM read_parquet({files!r}, union_by_name = true)").fetchall()[0][0]
    assert len(seen) == total == plan.answers
    dupes = [a for a in set(seen) if a is not None and seen.count(a) > 1]
    assert dupes, "the sample plants duplicate answer_ids"
    for a in dupes:  # duplicates of one answer_id meet in one shard
        assert sum(a in _answers_per_shard(files, s.lo, s.hi) for s in plan.shards) == 1


def test_shards_hold_about_the_target_work() -> None:
    files = discover_inputs(str(SAMPLE))
    plan = plan_by_cost(files, Window(), {}, 1.0, 5000)
    assert len(plan.shards) == pytest.approx(plan.est_seconds / 1.0, abs=2)
    biggest_answer = duckdb.sql(
        f"SELECT max({cost_sql()}) FROM (SELECT len(regexp_extract_all(answer, '[.!?]+(\\s|$)')) AS sentences, "
        f"len(regexp_extract_all(answer, '\\[[^\\]]{{1,80}}\\]')) AS markers, len(contexts) AS n_ctx, "
        f"list_sum(list_transform(contexts, lambda c: length(c.text))) AS ctx_chars "
        f"FROM read_parquet({files!r}, union_by_name = true))"
    ).fetchall()[0][0]
    assert all(s.est_seconds <= 1.0 + biggest_answer for s in plan.shards)


def test_long_sources_make_expensive_answers(write_answers) -> None:  # type: ignore[no-untyped-def]
    from tests.conftest import make_answer

    short = [{"doc_id": "d", "chunk_id": "c", "text": "Short source text. " * 20}] * 3
    long = [{"doc_id": "d", "chunk_id": "c", "text": "A long web page sentence here. " * 1500}] * 3
    path = write_answers(
        [
            make_answer("cheap", "One claim [1].", short),
            make_answer("dear", "One claim [1]. Two claims here. Three claims here. Four here [2].", long),
        ]
    )
    plan = plan_by_cost([str(path)], Window(), {}, 1e-9, 5000)  # one answer per shard
    costs = sorted(s.est_seconds for s in plan.shards)
    assert len(costs) == 2 and costs[1] > 2 * costs[0]  # fitted: 13 ms vs 35 ms


def test_plan_shards_builds_shards_from_the_plan() -> None:
    files = discover_inputs(str(SAMPLE))
    cfg = AuditConfig(run=RunConfig(shard_seconds=2.0))
    shards = plan_shards(files, Window(), cfg)
    assert len(shards) > 1 and {s.count for s in shards} == {len(shards)}
    assert [s.index for s in shards] == list(range(len(shards)))
    assert shards[0].hash_lo is None and shards[-1].hash_hi is None
    for a, b in itertools.pairwise(shards):
        assert a.hash_hi is not None and b.hash_lo == a.hash_hi + 1


def test_a_small_day_is_cut_so_every_worker_gets_shards() -> None:
    files = discover_inputs(str(SAMPLE))
    alone = plan_by_cost(files, Window(), {}, 1000.0, 5000)  # the target exceeds the whole day: one shard
    assert len(alone.shards) == 1
    assert len(plan_by_cost(files, Window(), {}, 1000.0, 5000, workers=1).shards) == 1
    for workers in (2, 3):
        plan = plan_by_cost(files, Window(), {}, 1000.0, 5000, workers=workers)
        assert len(plan.shards) >= SHARDS_PER_WORKER * workers
        assert plan.est_seconds == pytest.approx(alone.est_seconds)
    # never below the smallest shard worth a task: a thousand workers do not make a thousand shards
    many = plan_by_cost(files, Window(), {}, 1000.0, 5000, workers=1000)
    assert len(many.shards) <= alone.est_seconds / MIN_SHARD_SECONDS + 1
    # a day already cut finer than that by `shard_seconds` keeps its cut
    fine = plan_by_cost(files, Window(), {}, 0.5, 5000)
    assert len(plan_by_cost(files, Window(), {}, 0.5, 5000, workers=2).shards) == len(fine.shards)


def test_the_sweeps_dialects_cost_what_a_numeric_marker_does(write_answers) -> None:  # type: ignore[no-untyped-def]
    # the plan counted markers as `[...]` only: an answer citing with file-search annotations, superscripts or logged
    # HTML (&#91;1&#93;) was estimated as uncited, so a day of such a log was cut into too few, unbalanced shards
    from tests.conftest import make_answer

    ctx = [
        {"doc_id": "d", "chunk_id": "c", "title": "Refund Policy.pdf", "text": "Refunds take 30 days. " * 200},
        {"doc_id": "e", "chunk_id": "c", "title": "Shipping.pdf", "text": "Shipping is free. " * 200},
    ]
    texts = {
        "numeric": "Refunds take 30 days [1]. Shipping is free [2].",
        "file_search": "Refunds take 30 days【4:0†Refund Policy.pdf】. Shipping is free【4:1†Shipping.pdf】.",
        "superscript": "Refunds take 30 days¹. Shipping is free².",
        "html": "Refunds take 30 days &#91;1&#93;. Shipping is free<sup>2</sup>.",
    }
    costs = {}
    for key, text in texts.items():
        path = write_answers([make_answer(key, text, ctx)], name=f"{key}.parquet")
        (shard,) = plan_by_cost([str(path)], Window(), {}, 1e-9, 5000).shards
        costs[key] = shard.est_seconds
    assert all(c == pytest.approx(costs["numeric"]) for c in costs.values()), costs


def test_a_small_day_is_one_shard_per_worker() -> None:
    # speed round 11: a shard's fixed cost (extraction's pattern compiles, its staging) paid once per worker where the
    # day is at most SMALL_DAY_SHARDS x shard_seconds per worker; a bigger day is cut by shard_seconds as before
    files = discover_inputs(str(SAMPLE))
    day = plan_by_cost(files, Window(), {}, 1000.0, 5000).est_seconds
    small = day / (2 * SMALL_DAY_SHARDS) * 1.01  # the day is just within SMALL_DAY_SHARDS x small per worker
    assert len(plan_by_cost(files, Window(), {}, small, 5000).shards) > 2  # alone: cut by shard_seconds
    assert len(plan_by_cost(files, Window(), {}, small, 5000, workers=2).shards) == 2 * SHARDS_PER_WORKER
    big = day / (2 * SMALL_DAY_SHARDS) * 0.9
    assert len(plan_by_cost(files, Window(), {}, big, 5000, workers=2).shards) == len(
        plan_by_cost(files, Window(), {}, big, 5000).shards
    )
