"""Refit the shard cost model (`audit/shardplan.py`) from measured shard times.

    python tools/shard_cost/fit.py ../shared/data/real/wice_dev_answers.parquet \
        ../shared/data/real/ab_dev_answers.parquet --real-shaped 2000

Every input is cut into small shards (`--shard-seconds`, under the current constants), and each shard is audited
alone, cold cache, by one scorer on one thread (one shard at a time, the transformer on one thread: what a
single-thread Dask worker does; `citeaudit run`'s shard threads split the cores the same way). The per-answer
terms of `cost_sql` are summed per shard in DuckDB, and a non-negative linear fit (scikit-learn) of shard seconds
on those sums gives the constants, in seconds of this machine. It prints the fit, its error per input, and the
constants to paste into `audit/shardplan.py`.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

import duckdb
import numpy as np

from audit.config import load_config
from audit.ingest import discover_inputs
from audit.pipeline import audit_shard, make_scorer
from audit.runner import plan_shards
from audit.shardplan import _FEATURES, HASH_SQL, KCHAR_CAP, hash_range_filter
from audit.timing import Stopwatch
from audit.window import Window

# the per-answer terms of `cost_sql` (kchars capped as there); FIXED is per answer, "shard" is the per-shard constant
TERMS = {
    "FIXED": "1",
    "PER_SENTENCE": "greatest(sentences, 1)",
    "PER_SENTENCE_KCHAR": "greatest(sentences, 1) * kchars",
    "PER_CITATION": "markers",
    "PER_CITATION_KCHAR": "markers * kchars",
    "PER_OTHER_CONTEXT": "markers * greatest(n_ctx - 1, 0)",
}


def shard_terms(files: list[str], lo: int | None, hi: int | None) -> list[float]:
    from audit.ingest import check_files, column_expr, scan_sql

    types = check_files(files, {})
    cols = ", ".join(column_expr(c, {}, types) for c in ("answer_id", "logged_at", "answer", "contexts"))
    feats = _FEATURES.format(hash=HASH_SQL, scan=scan_sql(files, Window(), cols))
    cond = hash_range_filter(lo, hi) or "TRUE"
    sums = ", ".join(f"sum({expr})" for expr in TERMS.values())
    row = duckdb.sql(
        f"SELECT {sums} FROM (SELECT *, least(ctx_chars / 1000.0 / greatest(n_ctx, 1), {KCHAR_CAP}) AS kchars "
        f"FROM ({feats})) WHERE {cond.replace('coalesce(hash(answer_id), 0)', 'h')}"
    ).fetchall()[0]
    return [float(v or 0) for v in row]


def measure(spec: str, shard_seconds: float) -> tuple[np.ndarray, np.ndarray]:
    import dataclasses

    cfg = load_config(None)
    cfg = dataclasses.replace(cfg, run=dataclasses.replace(cfg.run, shard_seconds=shard_seconds))
    files = discover_inputs(spec)
    shards = plan_shards(files, Window(), cfg)
    scorer = make_scorer(cfg, None, threads=1)  # no database: a cold cache, every text embedded
    scorer.window_scores(["warm up"], [["warm up"]])
    xs, ys = [], []
    for s in shards:
        t0 = time.perf_counter()
        audit_shard(s, cfg, "fit", scorer, None, Stopwatch())
        ys.append(time.perf_counter() - t0)
        xs.append(shard_terms(files, s.hash_lo, s.hash_hi))
    print(f"{spec}: {len(shards)} shards, {sum(ys):.1f} s measured")
    return np.array(xs), np.array(ys)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("inputs", nargs="*", help="answer logs (file, folder or glob)")
    ap.add_argument("--real-shaped", type=int, default=0, help="also a generated real-shaped night of N answers")
    ap.add_argument("--shard-seconds", type=float, default=2.0, help="target of the measuring shards (estimated)")
    args = ap.parse_args()
    specs = list(args.inputs)
    if args.real_shaped:
        from audit.bench.shapes import BENCH_DAY, KnowledgeBase, RealShape, write_night

        shape = RealShape()
        tmp = Path(tempfile.mkdtemp(prefix="citeaudit-costfit-"))
        specs.append(str(write_night(tmp, KnowledgeBase(shape), shape, args.real_shaped, BENCH_DAY, seed=7)))
    data = [measure(s, args.shard_seconds) for s in specs]
    from sklearn.linear_model import LinearRegression

    x = np.vstack([d[0] for d in data])
    y = np.concatenate([d[1] for d in data])
    # one equation per shard, every input weighted equally (a long input must not decide the constants alone)
    w = np.concatenate([np.full(len(d[1]), 1.0 / len(d[1])) for d in data])
    fit = LinearRegression(positive=True).fit(x, y, sample_weight=w)
    print(f"per-shard constant: {fit.intercept_:.3f} s")
    for name, c in zip(TERMS, fit.coef_, strict=True):
        print(f"{name} = {c:.5f}")
    for spec, (xi, yi) in zip(specs, data, strict=True):
        pred = fit.predict(xi)
        print(
            f"{Path(spec).name}: measured {yi.sum():.1f} s, fitted {pred.sum():.1f} s, "
            f"median shard error {np.median(np.abs(pred - yi) / yi):.0%}"
        )


if __name__ == "__main__":
    main()
