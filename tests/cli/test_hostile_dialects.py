"""Citation markers real assistants write, found by the dialect sweep, each through the real `citeaudit run` on real
Parquet and DuckDB files: a citation silently not read is let in (GREEN), one misread is a false alarm (RED)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq
from click.testing import CliRunner

from audit.cli import main
from audit.contract import answers_schema
from tests.conftest import make_answer
from tests.conftest import query as q
from tests.extract.test_markers import extract

CTX = [
    {"doc_id": "d1", "chunk_id": "c1", "title": "Refund Policy.pdf", "page": 1, "text": "Refunds take 30 days."},
    {"doc_id": "d2", "chunk_id": "c2", "title": "Shipping.pdf", "page": 2, "text": "Shipping is free over 50 euros."},
]


def _audited(tmp_path: Path, rows: list[dict[str, Any]]) -> Path:
    """Write `rows` as answers.parquet, audit them into audit.duckdb (which must succeed, every row accounted for)."""
    inp, db = tmp_path / "answers.parquet", tmp_path / "audit.duckdb"
    pq.write_table(pa.Table.from_pylist(rows, schema=answers_schema()), inp)
    res = CliRunner().invoke(main, ["run", "--input", str(inp), "--db", str(db), "--quiet"])
    assert res.exit_code == 0 and "Traceback" not in res.output, res.output
    ((read, audited, quarantined),) = q(db, "SELECT answers_read, answers_audited, answers_quarantined FROM runs")
    assert (read, audited, quarantined) == (len(rows), len(rows), 0)
    return db


def test_an_openai_file_search_annotation_cites_the_file_it_names(tmp_path: Path) -> None:
    # OpenAI Assistants' file search writes `【4:0†Refund Policy.pdf】` (message and search-result indexes, then the
    # file's name): it was no marker, so beside a verified [1] a wrong figure cited this way came out GREEN. It names
    # its source by title (with or without the extension, as [Document: X, Page Y] does); `†source` names none, and
    # the numbers are no context ranks: a citation that cannot be resolved, never GREEN by default
    answers = {
        "named": "Refunds take 30 days【4:0†Refund Policy.pdf】.",
        "stem": "Shipping is free over 50 euros【4:12†Shipping】.",
        "ascii": "Refunds take 30 days [4:0†Refund Policy.pdf].",
        "one_number": "Refunds take 30 days【7†Refund Policy.pdf】.",
        "wrong_figure": "Refunds take 30 days [1]. Shipping costs 20 euros【4:1†Shipping.pdf】.",
        "unknown_file": "Refunds take 30 days [1]. Refunds take 30 days【4:0†Warranty.pdf】.",
        "unnamed": "Refunds take 30 days【4:0†source】.",
    }
    db = _audited(tmp_path, [make_answer(key, text, CTX) for key, text in answers.items()])
    got = q(
        db,
        "SELECT answer_id, dialect, cited_ref, context_rank, verdict, reasons, claim FROM citation_audit "
        "WHERE dialect <> 'numeric' ORDER BY 1, citation_ord",
    )
    refunds = "Refunds take 30 days."
    assert [(a, d, r, rank, v, claim) for a, d, r, rank, v, _reasons, claim in got] == [
        ("ascii", "file_search", "Refund Policy.pdf", 1, "verified", refunds),
        ("named", "file_search", "Refund Policy.pdf", 1, "verified", refunds),
        ("one_number", "file_search", "Refund Policy.pdf", 1, "verified", refunds),
        ("stem", "file_search", "Shipping", 2, "verified", "Shipping is free over 50 euros."),
        ("unknown_file", "file_search", "Warranty.pdf", None, "fabricated", refunds),
        ("unnamed", "file_search", "source", None, "fabricated", refunds),
        ("wrong_figure", "file_search", "Shipping.pdf", 2, got[-1][4], "Shipping costs 20 euros."),
    ], got
    assert got[-1][4] != "verified", got
    reasons = {a: list(r) for a, _d, _r, _rank, _v, r, _c in got}
    assert reasons["unknown_file"] == ["unknown_document"]
    assert reasons["unnamed"] == ["source_not_named"]
    levels = dict(q(db, "SELECT answer_id, level FROM answer_audit"))
    assert levels == {
        "named": "GREEN",
        "stem": "GREEN",
        "ascii": "GREEN",
        "one_number": "GREEN",
        "wrong_figure": "RED",
        "unknown_file": "RED",
        "unnamed": "RED",
    }, levels
    # the Python reference finds the same markers as the SQL
    cites, _ = extract([answers["named"], answers["unnamed"]])
    assert [(m, d, r) for _a, _o, m, d, r, *_ in cites] == [
        ("【4:0†Refund Policy.pdf】", "file_search", "Refund Policy.pdf"),
        ("【4:0†source】", "file_search", "source"),
    ]
