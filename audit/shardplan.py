"""Shards sized by work: a cheap per-answer cost estimate in DuckDB, cut into contiguous `answer_id` hash ranges.

The profile (README "Speed") says where a shard's time goes: lexical work and a static embedding for every claim
sentence (cited or not), longer for long sources, MiniLM on the cited pairs the verifier refines, and the first stage
on every other retrieved context for citations that do not verify. `cost_sql` estimates that per answer from what
a scan can see without auditing (sentence ends, markers, retrieved contexts and their characters), in seconds of the
reference 2-core machine (only the ratios matter).

Answers are ordered by `hash(answer_id)`, and a shard is a contiguous hash range holding about `[run]
shard_seconds` of estimated work and never more than `[run] shard_rows` answers (the memory bound), whatever the
size of the window: a plan of more than one shard is written once into one folder per shard (`audit.split`), so a
shard reads only its own rows. Duplicates of one answer_id share a hash, so they always meet in the same shard (the
duplicate check needs that). The whole plan is one aggregate query: nothing per answer comes into Python.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

import duckdb
import numpy as np
import pyarrow as pa

from audit.affinity import Items
from audit.errors import InputError, one_line
from audit.extract.dialects import any_marker_pattern
from audit.ingest import check_files, column_expr, describe_files, scan_sql
from audit.sql import quote, shared
from audit.window import Window

log = logging.getLogger(__name__)

# seconds per answer = FIXED + sentences * (PER_SENTENCE + PER_SENTENCE_KCHAR * kchars)
#                      + refined * markers * (PER_CITATION + PER_CITATION_KCHAR * kchars)
#                      + PER_OTHER_CONTEXT * markers * (contexts - 1),  kchars = min(mean source kchars, KCHAR_CAP)
# With the two-stage verifier every sentence (cited or not) costs lexical work and a static embedding, which grow
# with the source's length; MiniLM runs only on cited pairs the second stage refines (`refined`: the share of them,
# 1 for `[verify] refine = "all"`, 0 for "none"), on windows whose token count follows the source's length; the
# misattribution search (first stage only) scores the other contexts. Fitted (`tools/shard_cost/fit.py`: a
# non-negative linear fit of 166 measured shard times, each input weighted equally) in seconds of one single-thread
# worker of the reference 2-core machine, default verifier (ONNX int8 MiniLM, refine "all"), cold cache: WiCE dev
# 11.7 s, AttributionBench dev 17.4 s, a real-shaped night of 2,000 answers 63.3 s, each fitted within 1%, median
# shard error 17% / 8% / 9%. PER_SENTENCE and PER_CITATION came out 0 (FIXED holds them).
FIXED = 0.011
PER_SENTENCE = 0.0
PER_SENTENCE_KCHAR = 0.0013
PER_CITATION = 0.0
PER_CITATION_KCHAR = 0.0033
KCHAR_CAP = 2.0
PER_OTHER_CONTEXT = 0.0002
REFINED_SHARE = {"all": 1.0, "band": 0.6, "none": 0.0}  # band: ~60% of cited pairs (model card)
# MiniLM's time per pair relative to the fitted default (ONNX int8): float32 on torch embeds ~46 texts/s on one
# thread against ONNX int8's 193 (README "Speed")
QUANTIZED_SHARE = {"int8": 1.0, "none": 4.0}

# with `workers` > 1 known (Dask worker threads, or shard threads), a small day is cut finer so each worker gets at
# least SHARDS_PER_WORKER shards, never below MIN_SHARD_SECONDS of estimated work. Measured on a WiCE day with 2 Dask
# workers (each shard costs a Prefect task run, a DuckDB staging and a folder, and a worker's caches only help the
# shards it audits itself): 4 shards per worker ran 8.2-10.9 s, 2 per worker 6.6-8.0 s (previous round); with the
# split input, 2 per worker 5.4-5.8 s (3 runs), 1 per worker 4.7-5.5 s (6 runs). Bigger days are cut by
# `shard_seconds` into many more shards than workers anyway.
SHARDS_PER_WORKER = 1
MIN_SHARD_SECONDS = 1.0
# a day of at most this many `shard_seconds` per worker (workers > 1) is cut into SHARDS_PER_WORKER shards per worker,
# not by `shard_seconds`: each shard pays a fixed cost (extraction compiles its patterns once per statement, ~0.3-0.5
# CPU s a shard; its staging, its result files), and such a day has no tail long enough to balance. Speed round 11:
# AB dev (~18 s estimated, 2 shard threads) in 2 shards instead of 4: extraction 1.9 -> 1.0 CPU s, outputs the same
SMALL_DAY_SHARDS = 2.0


def hash_of(expr: str) -> str:
    """The shard key of an answer id expression (a hash of the VARCHAR answer_id; 0 for NULL)."""
    return f"coalesce(hash({expr}), 0)"


HASH_SQL = hash_of("answer_id")

# markers as the extraction finds them, every dialect of the registry (file-search annotations, superscripts and
# logged HTML too: counted as `[...]` only, an answer citing so was estimated as uncited); a SQL literal (`quote`)
# inside a str.format template
_MARKERS = quote(any_marker_pattern()).replace("{", "{{").replace("}", "}}")
_FEATURES = (
    r"""
    SELECT {hash} AS h,
           len(regexp_extract_all(coalesce(answer, ''), '[.!?]+(\s|$)')) AS sentences,
           len(regexp_extract_all(coalesce(answer, ''), """
    + _MARKERS
    + r""")) AS markers,
           coalesce(len(contexts), 0) AS n_ctx,
           coalesce(list_sum(list_transform(contexts, lambda c: coalesce(length(c.text), 0))), 0) AS ctx_chars{extra}
    FROM ({scan})
"""
)


def cost_sql(refined: float = 1.0) -> str:
    """Estimated seconds of one answer, from the columns of `_FEATURES` (`refined`: share of cited pairs MiniLM
    re-scores)."""
    kchars = f"least(ctx_chars / 1000.0 / greatest(n_ctx, 1), {KCHAR_CAP})"
    return f"""
    {FIXED}
    + greatest(sentences, 1) * ({PER_SENTENCE} + {PER_SENTENCE_KCHAR} * {kchars})
    + {float(refined)} * markers * ({PER_CITATION} + {PER_CITATION_KCHAR} * {kchars})
    + {PER_OTHER_CONTEXT} * markers * greatest(n_ctx - 1, 0)
"""


_PLAN = """
WITH est AS ({features}),
by_hash AS (SELECT h, sum({cost}) AS cost, count(*) AS n FROM est GROUP BY h),
target AS (
    SELECT CASE WHEN sum(cost) <= $small_day * $min_shards THEN greatest(sum(cost) / $min_shards, $min_seconds)
                ELSE least($seconds, greatest(sum(cost) / $min_shards, $min_seconds)) END AS t
    FROM by_hash
),
running AS (
    SELECT h, cost, n,
           floor((sum(cost) OVER w - cost) / (SELECT t FROM target)) AS cost_bucket,
           floor((sum(n) OVER w - n) / $rows) AS row_bucket
    FROM by_hash WINDOW w AS (ORDER BY h ROWS UNBOUNDED PRECEDING)
)
SELECT min(h) AS lo, max(h) AS hi, sum(n)::BIGINT AS answers, sum(cost) AS cost, any_value((SELECT t FROM target))
FROM running GROUP BY cost_bucket, row_bucket ORDER BY lo
"""


@dataclass(frozen=True)
class ShardSpec:
    """One planned shard: answers whose hash(answer_id) lies in [lo, hi] (None: open end), and their cost."""

    lo: int | None
    hi: int | None
    answers: int
    est_seconds: float


@dataclass(frozen=True)
class ShardPlan:
    shards: list[ShardSpec]
    answers: int
    est_seconds: float
    target_seconds: float

    def describe(self, workers: int | None = None) -> str:
        biggest = max((s.est_seconds for s in self.shards), default=0.0)
        per = f", {len(self.shards) / workers:.1f} shards per worker" if workers else ""
        return (
            f"{self.answers} answers, ~{self.est_seconds:.0f} s of work (estimated) in {len(self.shards)} shards "
            f"of ~{self.target_seconds:.0f} s, largest ~{biggest:.1f} s{per}"
        )


def _estimates(
    files: list[str], window: Window, mapping: dict[str, str], refine: str, quantize: str, extra: str = ""
) -> tuple[str, str]:
    """The per-answer features query over the window (with `extra` columns) and the cost expression over its
    columns for the verifier's `refine` and `quantize` settings: what the plan and the affinity assignment share."""
    types = check_files(files, mapping)
    cols = ", ".join(column_expr(c, mapping, types) for c in ("answer_id", "logged_at", "answer", "contexts"))
    features = _FEATURES.format(hash=HASH_SQL, scan=scan_sql(files, window, cols), extra=extra)
    return features, cost_sql(REFINED_SHARE.get(refine, 1.0) * QUANTIZED_SHARE.get(quantize, 1.0))


def plan_by_cost(
    files: list[str],
    window: Window,
    mapping: dict[str, str],
    shard_seconds: float,
    shard_rows: int,
    refine: str = "all",
    quantize: str = "int8",
    workers: int | None = None,
    con: duckdb.DuckDBPyConnection | None = None,
) -> ShardPlan:
    """Contiguous hash ranges of about `shard_seconds` estimated work each, at most `shard_rows` answers each
    (`refine`, `quantize`: the verifier's settings, which set how much of the cost MiniLM adds). With `workers`
    (the shards audited at once), a smaller target where that gives each worker at least `SHARDS_PER_WORKER`, and
    exactly that many on a small day (`SMALL_DAY_SHARDS`).
    Planned on `con` (the run plan's database) or a database of its own."""
    features, cost = _estimates(files, window, mapping, refine, quantize)
    try:
        with shared(con) as db:
            rows = db.execute(
                _PLAN.format(features=features, cost=cost),
                {
                    "seconds": float(shard_seconds),
                    "rows": int(shard_rows),
                    "min_shards": float(SHARDS_PER_WORKER * workers) if workers and workers > 1 else 1.0,
                    "small_day": SMALL_DAY_SHARDS * float(shard_seconds) if workers and workers > 1 else 0.0,
                    "min_seconds": min(MIN_SHARD_SECONDS, float(shard_seconds)),
                },
            ).fetchall()
    except duckdb.Error as exc:
        raise InputError(f"cannot plan shards over {describe_files(files)}: {one_line(str(exc))}") from None
    specs = [
        ShardSpec(
            lo=None if i == 0 else int(lo),
            hi=None if i == len(rows) - 1 else int(rows[i + 1][0]) - 1,
            answers=int(n),
            est_seconds=float(cost),
        )
        for i, (lo, _hi, n, cost, _t) in enumerate(rows)
    ]
    if not specs:
        specs = [ShardSpec(None, None, 0, 0.0)]
    target = float(rows[0][4]) if rows else float(shard_seconds)
    plan = ShardPlan(specs, sum(s.answers for s in specs), sum(s.est_seconds for s in specs), target)
    log.info("shard plan: %s", plan.describe())
    return plan


_ITEMS = """
WITH est AS (
    SELECT h, {cost} AS cost,
           list_distinct(list_transform(
               coalesce(contexts, []),
               lambda c: {{'k': hash(coalesce(c.text, '')), 'n': length(coalesce(c.text, ''))}}
           )) AS ctx
    FROM ({features}) f
)
SELECT h, sum(cost) AS cost, count(*)::BIGINT AS n, flatten(list(ctx)) AS ctx FROM est GROUP BY h ORDER BY h
"""


def affinity_items(
    files: list[str],
    window: Window,
    mapping: dict[str, str],
    refine: str = "all",
    quantize: str = "int8",
    con: duckdb.DuckDBPyConnection | None = None,
) -> Items:
    """Each answer id's hash with its estimated cost, input rows and distinct retrieved contexts (a hash of each
    text and its length): what `audit.affinity.assign` needs. One aggregate query, on `con` (the run plan's
    database) or a database of its own; the texts stay in DuckDB."""
    features, cost = _estimates(files, window, mapping, refine, quantize, extra=", contexts")
    query = _ITEMS.format(features=features, cost=cost)
    try:
        with shared(con) as db:
            table: pa.Table = db.sql(query).to_arrow_table()
    except duckdb.Error as exc:
        raise InputError(f"cannot plan shards over {describe_files(files)}: {one_line(str(exc))}") from None
    ctx = table.column("ctx").combine_chunks()
    values = ctx.flatten()
    keys = values.field("k").to_numpy(zero_copy_only=False)
    distinct, dense = np.unique(keys, return_inverse=True)
    return Items(
        keys=table.column("h").to_numpy().astype(np.uint64),
        cost=table.column("cost").to_numpy().astype(np.float64),
        rows=table.column("n").to_numpy().astype(np.int64),
        offsets=ctx.offsets.to_numpy().astype(np.int64) - int(ctx.offsets[0].as_py() or 0),
        ctx=dense.astype(np.int64),
        ctx_len=values.field("n").to_numpy(zero_copy_only=False).astype(np.int64),
        ctx_keys=distinct.astype(np.uint64),
    )


def hash_range_filter(lo: int | None, hi: int | None) -> str | None:
    """SQL condition selecting the answers of a shard's hash range (None when it is everything)."""
    parts = []
    if lo is not None:
        parts.append(f"{HASH_SQL} >= {int(lo)}")
    if hi is not None:
        parts.append(f"{HASH_SQL} <= {int(hi)}")
    return " AND ".join(parts) or None
