"""Hostile answer logs of size and scale (giant claims, a million newlines, positions at the ends of int32), each
through the real `citeaudit run` on real Parquet and DuckDB files: nothing lost, the run bounded."""

from __future__ import annotations

import json
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
from click.testing import CliRunner

from audit.cli import main
from audit.contract import answers_schema
from tests.cli.hostile import CTX, audited
from tests.conftest import make_answer
from tests.conftest import query as q


def _run_limited(tmp_path: Path, rows: list[dict[str, object]], limits: str) -> tuple[Path, Path]:
    """`citeaudit run` over `rows` with the `[run]` limits given: the input file and the audit database."""
    inp, db, toml = tmp_path / "answers.parquet", tmp_path / "audit.duckdb", tmp_path / "citeaudit.toml"
    pq.write_table(pa.Table.from_pylist(rows, schema=answers_schema()), inp)
    toml.write_text(f"[run]\n{limits}")
    res = CliRunner().invoke(main, ["run", "--input", str(inp), "--db", str(db), "--config", str(toml), "--quiet"])
    assert res.exit_code == 0 and "Traceback" not in res.output, res.output
    return inp, db


def test_positions_at_the_ends_of_int32_are_fabricated_never_a_failed_run(tmp_path: Path) -> None:
    # a JSON `citations` entry of -2147483648 (int32's least) made `num - base + 1` overflow INT32, and an inline
    # `source_index` of 2147483647 `source_index + 1`: the whole run failed ("Overflow in subtraction of INT32"),
    # every good answer beside them unaudited
    answers = {
        "least": {"answer": "Refunds take 30 days.", "citations": [-(2**31)]},
        "greatest_inline": {"answer": "Refunds take 30 days.", "inline_citations": [{"source_index": 2**31 - 1}]},
        "least_inline": {"answer": "Refunds take 30 days.", "inline_citations": [{"source_index": -(2**31)}]},
        "greatest": {"answer": "Refunds take 30 days.", "citations": [2**31 - 1, -1, 2**31]},
    }
    rows = [make_answer(key, json.dumps(doc), CTX) for key, doc in answers.items()]
    db = audited(tmp_path, [*rows, make_answer("good", "Refunds take 30 days [1].", CTX)])
    got = q(db, "SELECT answer_id, marker, cited_ref, verdict FROM citation_audit ORDER BY answer_id, marker")
    assert got == [
        ("good", "[1]", "1", "verified"),
        ("greatest", "citations[0]", "2147483647", "fabricated"),
        ("greatest", "citations[1]", "-1", "fabricated"),
        ("greatest", "citations[2]", "2147483648", "fabricated"),
        ("greatest_inline", "inline_citations[0]", "2147483647", "fabricated"),
        ("least", "citations[0]", "-2147483648", "fabricated"),
        ("least_inline", "inline_citations[0]", "-2147483648", "fabricated"),
    ], got


def test_an_answer_or_contexts_past_the_size_limits_are_quarantined_naming_the_limit(tmp_path: Path) -> None:
    # nothing bounded a row's size: one 50 MB context took 95-138 s and 1.8-2.2 GB of memory for its one answer (a
    # batch of such rows is many times that), a 20 MB answer 21 s and 680 MB. An answer or an answer's contexts
    # past `[run] max_answer_chars` / `max_contexts_chars` are quarantined naming the row, the size and the key;
    # the limits here are small so the test stays fast (the defaults are 4,000,000 and 16,000,000)
    ok = "Refunds take 30 days [1]."
    rows = [
        make_answer("good", ok, CTX),
        make_answer("long_answer", ok + " x" * 600, CTX),  # 1,225 characters
        make_answer("long_contexts", ok, [*CTX, dict(CTX[0], chunk_id="c3", text="Refunds. " * 300)]),  # 2,752
        make_answer("at_the_limits", ok + " " * 975, [dict(CTX[0], text="y" * 2000)]),  # 1,000 and 2,000: audited
    ]
    inp, db = _run_limited(tmp_path, rows, "max_answer_chars = 1000\nmax_contexts_chars = 2000\n")
    assert q(db, "SELECT answers_read, answers_audited, answers_quarantined FROM runs") == [(4, 2, 2)]
    got = q(db, "SELECT answer_id, row_ref, field, reason FROM quarantine ORDER BY answer_id")
    assert got == [
        (
            "long_answer",
            f"{inp.resolve()}:1",
            "answer",
            "answer has 1,225 characters, more than [run] max_answer_chars (1,000): too large to audit in bounded "
            "time and memory (raise the limit to audit it)",
        ),
        (
            "long_contexts",
            f"{inp.resolve()}:2",
            "contexts",
            "contexts hold 2,752 characters of text, more than [run] max_contexts_chars (2,000): too large to "
            "audit in bounded time and memory (raise the limit to audit it)",
        ),
    ], got
    assert sorted(r[0] for r in q(db, "SELECT answer_id FROM answer_audit")) == ["at_the_limits", "good"]


def test_an_answer_past_the_citation_limit_is_quarantined_naming_the_limit(tmp_path: Path) -> None:
    # an answer of 100,000 cited sentences (2 MB, under max_answer_chars) ran past 400 s and 940 MB for its one row,
    # `[1]` 1,000,000 times 95 s and 2.4 GB; past `[run] max_citations_per_answer` (10,000) such an answer is
    # quarantined naming the count and the key (a limit of 3 here keeps the test fast)
    cited = "Refunds take 30 days [1]. Shipping is free over 50 euros [2]."
    rows = [
        make_answer("good", cited, CTX),
        make_answer("at_the_limit", cited + " Refunds take 30 days [1].", CTX),
        make_answer("markers", cited + " Refunds take 30 days [1][2].", CTX),
        make_answer("json", json.dumps({"answer": "Refunds take 30 days.", "citations": [1, 2, 1, 2]}), CTX),
    ]
    inp, db = _run_limited(tmp_path, rows, "max_citations_per_answer = 3\n")
    assert q(db, "SELECT answers_read, answers_audited, answers_quarantined FROM runs") == [(4, 2, 2)]
    got = q(db, "SELECT answer_id, row_ref, field, reason FROM quarantine ORDER BY answer_id")
    too_many = "citations, more than [run] max_citations_per_answer (3): too many to audit in bounded time and memory"
    assert got == [
        ("json", f"{inp.resolve()}:3", "answer", f"answer has 4 {too_many} (raise the limit to audit it)"),
        ("markers", f"{inp.resolve()}:2", "answer", f"answer has 4 {too_many} (raise the limit to audit it)"),
    ], got
    assert sorted(r[0] for r in q(db, "SELECT answer_id FROM answer_audit")) == ["at_the_limit", "good"]


def test_sigterm_stops_a_run_whose_shards_run_in_threads_at_once(tmp_path: Path) -> None:
    # with shards audited in threads, SIGTERM (a scheduler's timeout) reached the main thread, which then waited for
    # every running shard to end before it recorded the run failed and exited: a run stuck on a long answer ignored
    # `timeout` for as long as that answer took (one of 100,000 cited sentences: killed with -9 after 9 minutes).
    # Now the running shards are left at once: exit 143 within seconds, the run `failed: terminated (SIGTERM)`
    import signal
    import subprocess
    import sys
    import time

    long = " ".join(f"Refunds take {i} days [1]." for i in range(30_000))  # minutes of work, allowed below
    rows = [
        make_answer("long", long, CTX),
        *(make_answer(f"ok{i}", "Refunds take 30 days [1].", CTX) for i in range(3)),
    ]
    inp, db, toml = tmp_path / "answers.parquet", tmp_path / "audit.duckdb", tmp_path / "citeaudit.toml"
    pq.write_table(pa.Table.from_pylist(rows, schema=answers_schema()), inp)
    toml.write_text("[run]\nmax_citations_per_answer = 100000\nshard_seconds = 0.0001\nshard_threads = 2\n")
    cmd = [sys.executable, "-m", "audit.cli", "-v", "run", "--input", str(inp), "--db", str(db), "--config", str(toml)]
    proc = subprocess.Popen(cmd, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
    assert proc.stderr is not None
    seen = []
    for line in proc.stderr:  # wait until the shards are being audited, two at a time
        seen.append(line)
        if "auditing" in line and "at a time" in line:
            break
    time.sleep(3)
    proc.send_signal(signal.SIGTERM)
    start = time.monotonic()
    try:
        code = proc.wait(timeout=30)
    finally:
        proc.kill()
    rest = proc.stderr.read()
    assert code == 143 and time.monotonic() - start < 30, "".join(seen) + rest
    assert rest.strip().splitlines()[-1] == (
        "error: terminated by SIGTERM (the run is recorded as failed; rerun to complete it)"
    )
    assert "Traceback" not in rest
    assert q(db, "SELECT status FROM runs") == [("failed: terminated (SIGTERM)",)]
