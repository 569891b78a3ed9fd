"""Seeded, deterministic generator of logged RAG answers in the `answers` v1 contract, with planted faults.

A small synthetic knowledge base (four tenants, ~40 documents) is built from a fixed `kb_seed`, so chunks repeat
across nights. Each answer retrieves 3-8 chunks and answers with sentences copied or lightly paraphrased from them,
cited in one of the dialects of ARCHITECTURE.md. Faults are planted at known rates over the rows eligible for them
and every planted thing is one line of `truth.jsonl` (ranks there are always 1-based positions in `contexts`).

Citation objects (`citation_object`) carry a quoted `text_span`, `claim_text`, `citation_type` and `confidence_score`,
as an answer JSON or as the final event of a logged stream (a JSON list of events, or JSON lines). Planted there:
invented quotes, "direct quotes" that are not verbatim, and over-confident answers (one model reports 0.9-1.0
whatever it says; the others report lower confidence when their answer holds a planted fault).

    python -m audit.sample.generate --out data/sample --rows 400 --days 2 --seed 7 --hive
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import sys
import uuid
from collections import Counter
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from audit.contract import answers_schema
from audit.sample.answers import _AnswerBuilder
from audit.sample.kb import _weighted, build_kb
from audit.sample.kb_data import TENANTS
from audit.sample.render import RowPlan
from audit.sample.settings import (
    DEFAULT_START,
    DIALECT_WEIGHTS,
    FAULT_DIALECTS,
    FAULT_RATES,
    KB_SEED,
    MODELS,
    NUMERIC_FORM_WEIGHTS,
    OVERCONFIDENT_MODEL,
    QUARANTINE_EVERY,
    QUARANTINE_REASONS,
    TRUTH_FIELDS,
)

# --------------------------------------------------------------------------------------------------------------
# planning and table assembly


def _plan_rows(rows: int, days: int, start: date, rng: random.Random) -> list[RowPlan]:
    plans: list[RowPlan] = []
    conv = 0
    while len(plans) < rows:
        tenant = rng.choice(sorted(TENANTS))
        model = rng.choice(MODELS)
        dialect = _weighted(rng, DIALECT_WEIGHTS)
        day = start + timedelta(days=conv % days)
        turns = min(rng.randint(1, 5), rows - len(plans))
        t = datetime(day.year, day.month, day.day, tzinfo=UTC) + timedelta(
            seconds=rng.randint(0, 86400 - 1 - 300 * turns), microseconds=rng.randint(0, 999_999)
        )
        conv_id = f"conv-{uuid.UUID(int=rng.getrandbits(128), version=4).hex[:12]}"
        for turn in range(turns):
            form = _weighted(rng, NUMERIC_FORM_WEIGHTS) if dialect == "numeric" else "single"
            plans.append(RowPlan(conv_id, turn, tenant, model, dialect, form, t))
            t += timedelta(seconds=rng.randint(20, 290), microseconds=rng.randint(0, 999_999))
        conv += 1
    # quarantine rows first, then faults over the remaining rows eligible for each kind
    n_q = max(1, rows // QUARANTINE_EVERY) if rows >= 2 * len(QUARANTINE_REASONS) else 0
    order = rng.sample(range(len(plans)), len(plans))
    for i, reason in enumerate(QUARANTINE_REASONS * n_q):
        plans[order[i]].quarantine = reason
    clean = [p for p in plans if p.quarantine is None]
    for kind, rate in FAULT_RATES.items():
        eligible = [p for p in clean if p.dialect in FAULT_DIALECTS[kind]]
        if kind == "overconfident":
            eligible = [p for p in eligible if p.model == OVERCONFIDENT_MODEL and "invalid_json" not in p.faults]
        if eligible:
            for p in rng.sample(eligible, min(len(eligible), max(1, round(rate * len(eligible))))):
                p.faults.append(kind)
    return plans


def generate(
    rows: int, days: int, seed: int, start: str | date = DEFAULT_START, kb_seed: int = KB_SEED
) -> tuple[pa.Table, list[dict[str, Any]]]:
    """`rows` logged answers over `days` UTC days from `start`, as an `answers_schema()` table, and the truth lines."""
    if rows < 1 or days < 1:
        raise ValueError("rows and days must be positive")
    start_day = date.fromisoformat(start) if isinstance(start, str) else start
    rng = random.Random(seed)
    kb = build_kb(kb_seed)
    builder = _AnswerBuilder(kb, rng)
    plans = _plan_rows(rows, days, start_day, rng)
    records: list[dict[str, Any]] = []
    truth: list[dict[str, Any]] = []
    dup_sources: list[dict[str, Any]] = []
    for plan in plans:
        answer_id = f"ans-{uuid.UUID(int=rng.getrandbits(128), version=4).hex}"
        row, row_truth = builder.row(plan, answer_id)
        day = plan.logged_at.date().isoformat()
        for t in row_truth:
            t["date"] = day
        if plan.quarantine is None:
            truth.extend(row_truth)
            if not row_truth and not plan.faults:
                dup_sources.append(row)
            records.append(row)
            continue
        q: dict[str, Any] = {
            "answer_id": answer_id,
            "kind": "quarantine",
            "date": day,
            "dialect": plan.dialect,
            "expected": plan.quarantine,
            "expected_verdict": None,
            "marker": None,
            "details": {"conversation_id": plan.conversation_id, "turn_index": plan.turn_index},
        }
        if plan.quarantine == "null_answer_id":
            row["answer_id"] = q["answer_id"] = None
        elif plan.quarantine == "null_logged_at":
            row["logged_at"] = None
        elif plan.quarantine == "null_answer":
            row["answer"] = None
        else:  # a logging retry: a clean answer written again a few seconds later under the same id
            src = rng.choice(dup_sources or [r for r in records if r["answer_id"]])
            row = dict(src)
            end_of_day = datetime.combine(src["logged_at"].date(), datetime.max.time(), tzinfo=UTC)
            row["logged_at"] = min(src["logged_at"] + timedelta(seconds=rng.randint(1, 5)), end_of_day)
            q |= {
                "answer_id": src["answer_id"],
                "date": src["logged_at"].date().isoformat(),
                "details": {
                    "conversation_id": src["conversation_id"],
                    "turn_index": src["turn_index"],
                    "occurrences": 2,
                },
            }
        q["details"]["logged_at_intended"] = (row["logged_at"] or plan.logged_at).isoformat()
        row["_sort"] = row["logged_at"] or plan.logged_at
        records.append(row)
        truth.append(q)
    records.sort(key=lambda r: r.pop("_sort", None) or r["logged_at"])
    truth = [{k: t.get(k) for k in TRUTH_FIELDS} for t in truth]
    schema = answers_schema()
    table = pa.Table.from_pylist(records, schema=schema)
    return table, truth


def _row_day(row_logged_at: datetime | None, intended: str | None) -> str:
    return row_logged_at.date().isoformat() if row_logged_at is not None else str(intended)


def write_sample(
    out: str | Path,
    rows: int,
    days: int,
    seed: int,
    start: str | date = DEFAULT_START,
    files_per_day: int = 1,
    hive: bool = False,
    kb_seed: int = KB_SEED,
) -> dict[str, Any]:
    """Generate and write Parquet files per day plus `truth.jsonl`; returns a summary with the paths and counts."""
    out = Path(out)
    olds = [*out.glob("answers-*.parquet"), *out.glob("date=*/part-*.parquet")]
    if olds and not (out / "truth.jsonl").is_file():
        # only an earlier sample (its truth.jsonl beside it) is replaced: a folder of real logs named like it lost them
        raise FileExistsError(
            f"{out} holds {olds[0].relative_to(out)} but no truth.jsonl: not an earlier sample, which is all the "
            "generator replaces: give --out a new folder, or remove those files first (nothing was changed)"
        )
    table, truth = generate(rows, days, seed, start, kb_seed)
    out.mkdir(parents=True, exist_ok=True)
    for old in olds:
        old.unlink()
    for d in out.glob("date=*"):
        if d.is_dir() and not any(d.iterdir()):
            shutil.rmtree(d)
    # a row with a null logged_at goes to the day it was meant for
    null_ts_day = {
        (t["details"]["conversation_id"], t["details"]["turn_index"]): t["date"]
        for t in truth
        if t["expected"] == "null_logged_at"
    }
    convs = table.column("conversation_id").to_pylist()
    turns = table.column("turn_index").to_pylist()
    stamps = table.column("logged_at").to_pylist()
    days_of = [_row_day(ts, null_ts_day.get((c, k))) for ts, c, k in zip(stamps, convs, turns, strict=True)]
    paths: list[str] = []
    for day in sorted(set(days_of)):
        idx = [i for i, d in enumerate(days_of) if d == day]
        part = table.take(pa.array(idx, pa.int64()))
        n = max(1, min(files_per_day, part.num_rows))
        bounds = [round(i * part.num_rows / n) for i in range(n + 1)]
        for k in range(n):
            if hive:
                path = out / f"date={day}" / f"part-{k}.parquet"
                path.parent.mkdir(exist_ok=True)
            else:
                path = out / f"answers-{day}-{k}.parquet"
            pq.write_table(part.slice(bounds[k], bounds[k + 1] - bounds[k]), path, compression="zstd")
            paths.append(str(path))
    with (out / "truth.jsonl").open("w") as fh:
        for t in truth:
            fh.write(json.dumps(t, ensure_ascii=False, sort_keys=True) + "\n")
    return {
        "rows": table.num_rows,
        "files": paths,
        "truth": str(out / "truth.jsonl"),
        "rows_per_day": dict(sorted(Counter(days_of).items())),
        "truth_kinds": dict(
            sorted(Counter(t["expected"] if t["kind"] == "quarantine" else t["kind"] for t in truth).items())
        ),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m audit.sample.generate",
        description=__doc__.splitlines()[0],
        epilog="The bundled sample: --out data/sample --rows 400 --days 2 --seed 7 --hive",
    )
    ap.add_argument("--out", required=True, help="output folder (new, or an earlier sample's)")
    ap.add_argument("--rows", type=int, default=400, help="answers in all, spread over the days (default: %(default)s)")
    ap.add_argument("--days", type=int, default=2, help="days the answers are logged over (default: %(default)s)")
    ap.add_argument("--seed", type=int, default=7, help="seed of the answers and their faults (default: %(default)s)")
    ap.add_argument("--start", default=DEFAULT_START, help="first UTC day, YYYY-MM-DD (default: %(default)s)")
    ap.add_argument("--files-per-day", type=int, default=1, help="Parquet files per day (default: %(default)s)")
    ap.add_argument("--hive", action="store_true", help="write out/date=YYYY-MM-DD/part-K.parquet")
    ap.add_argument("--kb-seed", type=int, default=KB_SEED, help="seed of the knowledge base (default: %(default)s)")
    args = ap.parse_args(argv)
    for name in ("rows", "days", "files_per_day"):
        if getattr(args, name) < 1:
            ap.error(f"--{name.replace('_', '-')} must be at least 1, got {getattr(args, name)}")
    try:
        date.fromisoformat(args.start)
    except ValueError as exc:
        ap.error(f"--start {args.start!r} is not a day YYYY-MM-DD ({exc})")
    if Path(args.out).exists() and not Path(args.out).is_dir():
        ap.error(f"--out {args.out} is a file, not a folder: give --out a folder (new or an earlier sample's)")
    try:
        summary = write_sample(
            args.out, args.rows, args.days, args.seed, args.start, args.files_per_day, args.hive, args.kb_seed
        )
    except OSError as exc:  # the folder refused (not an earlier sample), unwritable, a full disk
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(json.dumps({k: v for k, v in summary.items() if k != "files"}, indent=1))
    print(f"{len(summary['files'])} parquet files under {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
