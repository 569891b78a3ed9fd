"""What the hostile-input sweeps added, through the nightly flow on real Prefect, Parquet and DuckDB."""

from __future__ import annotations

from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
from click.testing import CliRunner

from audit.cli import main
from audit.contract import answers_schema
from tests.cli.hostile import CTX
from tests.conftest import make_answer
from tests.conftest import query as q


def test_nightly_warns_of_contexts_ranked_from_0_as_citeaudit_run_does(tmp_path: Path) -> None:
    # a 0-based logger's contexts table: `citeaudit run` warned how many answers were flagged
    # context_rank_0_not_citable, the nightly flow (what runs every night) flagged them without a word
    answers = [make_answer(a, "Refunds take 30 days [1].", []) for a in ("zero", "one")]
    for a in answers:
        a["contexts"] = None
    inp, ctx, db = tmp_path / "answers.parquet", tmp_path / "contexts.parquet", tmp_path / "audit.duckdb"
    pq.write_table(pa.Table.from_pylist(answers, schema=answers_schema()), inp)
    rows = [
        {"answer_id": a, "rank": first + i, "title": c["title"], "text": c["text"]}
        for a, first in (("zero", 0), ("one", 1))
        for i, c in enumerate(CTX)
    ]
    schema = pa.schema(
        [("answer_id", pa.string()), ("rank", pa.int64()), ("title", pa.string()), ("text", pa.string())]
    )
    pq.write_table(pa.Table.from_pylist(rows, schema=schema), ctx)
    args = ["--input", str(inp), "--contexts", str(ctx), "--db", str(db), "--day", "2026-11-01"]
    res = CliRunner().invoke(main, ["nightly", *args])
    assert res.exit_code == 0 and "Traceback" not in res.output, res.output
    flags = dict(q(db, "SELECT answer_id, flags FROM answer_audit"))
    assert "context_rank_0_not_citable" in flags["zero"] and "context_rank_0_not_citable" not in flags["one"], flags
    assert "2026-11-01: warning: 1 answer's contexts start at rank 0" in res.output, res.output
