"""End to end: one file mixing all five citation formats (and a malformed citation object) audited in one run,
through the real CLI, into a real DuckDB file."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

import duckdb
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

from audit.cli import main
from audit.contract import answers_schema
from tests.conftest import make_answer
from tests.conftest import query as q

REFUND = (
    "All returns must be made within 30 days of purchase date. Opened electronics carry a restocking fee of 15%. "
    "Store credit is valid for 12 months from the date of issue."
)
SHIPPING = "Standard delivery takes 3 to 5 business days. Orders over $50 ship free within the EU region."
CONTEXTS = [
    {"doc_id": "abc123", "chunk_id": "0", "title": "Refund Policy v2.pdf", "page": 3, "text": REFUND},
    {"doc_id": "ship9", "chunk_id": "chunk-1", "title": "Shipping Guide EU.pdf", "page": 2, "text": SHIPPING},
]


def _object(**kw: object) -> dict[str, object]:
    return {"document_name": "Refund Policy v2.pdf", "document_id": "abc123", "page_number": 3, "chunk_index": 0} | kw


ANSWERS = {
    "numeric": "All returns must be made within 30 days of purchase date [1].",
    "document_page": "Orders over $50 ship free within the EU region [Document: Shipping Guide EU.pdf, Page 2].",
    "doc_chunk": "Standard delivery takes 3 to 5 business days [citation:ship9:chunk-1].",
    "json_citations": json.dumps(
        {"answer": "Store credit is valid for 12 months.", "citations": [1], "confidence": 0.9}
    ),
    "json_inline": json.dumps(
        {
            "answer": "Delivery takes 3 to 5 business days.",
            "inline_citations": [{"source_index": 1, "claim": "Delivery takes 3 to 5 business days."}],
        }
    ),
    "objects": json.dumps(
        {
            "answer": "The refund policy allows returns within 30 days. Opened electronics carry a 15% fee. "
            "Refunds are paid in cash at any store.",
            "confidence": 1.0,
            "missing_information": ["refund method"],
            "citations": [
                _object(
                    text_span="All returns must be made within 30 days of purchase date",
                    claim_text="allows returns within 30 days",
                    citation_type="direct_quote",
                    confidence_score=1.0,
                ),
                _object(  # a "direct quote" that is not verbatim
                    text_span="Opened electronics have a restocking fee of 15%",
                    claim_text="Opened electronics carry a 15% fee.",
                    citation_type="direct_quote",
                    confidence_score=0.95,
                ),
                _object(  # an invented quote
                    text_span="Refunds are always paid in cash at any Acme store",
                    claim_text="Refunds are paid in cash at any store.",
                    citation_type="direct_quote",
                    confidence_score=1.0,
                ),
                {"document_id": None, "chunk_index": 0, "text_span": "x"},  # malformed
                _object(claim_text="a claim the answer never makes", confidence_score="high"),
            ],
        }
    ),
    "stream": json.dumps(
        [
            {"type": "token", "data": "Orders"},
            {
                "type": "final",
                "data": "Orders over $50 ship free within the EU region.",
                "sources": [{"id": "ship9"}],
                "confidence": 1.5,
                "citations": [
                    {
                        "document_id": "ship9",
                        "chunk_index": 0,
                        "text_span": "Orders over $50 ship free within the EU region",
                        "claim_text": "Orders over $50 ship free",
                        "citation_type": "direct_quote",
                        "confidence_score": 0.8,
                    }
                ],
            },
        ]
    ),
}


@pytest.fixture(scope="module")
def mixed_db(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("mixed")
    rows = [make_answer(name, answer, CONTEXTS) for name, answer in ANSWERS.items()]
    pq.write_table(pa.Table.from_pylist(rows, schema=answers_schema()), folder / "answers.parquet")
    db = folder / "audit.duckdb"
    result = CliRunner().invoke(main, ["run", "--input", str(folder / "answers.parquet"), "--db", str(db), "--quiet"])
    assert result.exit_code == 0, result.output
    return db


def cite(db: Path, answer_id: str, marker: str, cols: str) -> tuple:
    [row] = q(db, f"SELECT {cols} FROM citation_audit WHERE answer_id = '{answer_id}' AND marker = '{marker}'")
    return row


def test_no_row_is_lost(mixed_db):
    assert q(mixed_db, "SELECT answers_read, answers_audited, answers_quarantined FROM runs") == [(7, 7, 0)]
    assert {r[0] for r in q(mixed_db, "SELECT answer_id FROM answer_audit")} == set(ANSWERS)
    dialects = {r[0] for r in q(mixed_db, "SELECT DISTINCT dialect FROM citation_audit")}
    assert dialects == {"numeric", "document_page", "doc_chunk", "structured", "citation_object"}
    assert q(mixed_db, "SELECT count(*) FROM citation_audit WHERE answer_id = 'objects'") == [(5,)]


def test_verbatim_quote_is_the_evidence(mixed_db):
    status, verdict, ev, claim_start, claimed, audited, conf = cite(
        mixed_db,
        "objects",
        "citations[0]",
        "quote_status, verdict, evidence_text, claim_start, claimed_type, audited_type, claimed_confidence",
    )
    assert status == "verbatim" and ev == "All returns must be made within 30 days of purchase date"
    assert claim_start == json.loads(ANSWERS["objects"])["answer"].index("allows")
    assert (claimed, conf) == ("direct_quote", 1.0)
    assert verdict != "fabricated" and audited is not None


def test_non_verbatim_direct_quote_is_named(mixed_db):
    status, reasons = cite(mixed_db, "objects", "citations[1]", "quote_status, reasons")
    assert status == "fuzzy"
    assert "quote_not_verbatim" in reasons and "text_span_fuzzy_match" in reasons


def test_invented_quote_is_never_verified(mixed_db):
    status, verdict, reasons = cite(mixed_db, "objects", "citations[2]", "quote_status, verdict, reasons")
    assert status == "not_found" and verdict != "verified"
    assert "text_span_not_found_in_source" in reasons and "quote_not_verbatim" in reasons


def test_malformed_object_is_one_fabricated_citation(mixed_db):
    verdict, reasons, audited = cite(mixed_db, "objects", "citations[3]", "verdict, reasons, audited_type")
    assert verdict == "fabricated" and reasons == ["malformed_citation:document_id"] and audited is None


def test_claim_not_in_answer_and_bad_confidence_are_reasons(mixed_db):
    reasons, conf, start = cite(mixed_db, "objects", "citations[4]", "reasons, claimed_confidence, claim_start")
    assert "claim_not_in_answer" in reasons and 'confidence_not_a_number:"high"' in reasons
    assert conf is None and start is None


def test_stream_final_event_is_audited(mixed_db):
    [(text, structured, conf, flags)] = q(
        mixed_db,
        "SELECT answer_text, structured_output, claimed_confidence, flags FROM answer_audit WHERE answer_id = 'stream'",
    )
    assert text == "Orders over $50 ship free within the EU region." and structured
    assert conf is None and "confidence_out_of_range:1.5" in flags
    status, rank, verdict = cite(mixed_db, "stream", "citations[0]", "quote_status, context_rank, verdict")
    assert (status, rank, verdict) == ("verbatim", 2, "verified")


def test_answer_level_self_report(mixed_db):
    got = q(mixed_db, "SELECT answer_id, claimed_confidence, missing_information FROM answer_audit ORDER BY 1")
    assert ("objects", 1.0, "refund method") in got
    assert ("json_citations", 0.9, None) in got
    assert ("numeric", None, None) in got


def test_every_citation_of_every_dialect_has_an_audited_type(mixed_db):
    got = q(mixed_db, "SELECT verdict, audited_type FROM citation_audit")
    for verdict, audited in got:
        assert (audited is None) == (verdict == "fabricated")
        assert audited in (None, "direct_quote", "paraphrase", "inference", "unsupported")
    assert q(mixed_db, "SELECT audited_type FROM citation_audit WHERE answer_id = 'numeric'") == [("direct_quote",)]


def test_calibration_view_has_both_levels(mixed_db):
    got = q(
        mixed_db,
        "SELECT level, bin_low, n, citations, share_verified FROM confidence_calibration ORDER BY level, bin_low",
    )
    levels = {r[0] for r in got}
    assert levels == {"answer", "citation"}
    top = [r for r in got if r[0] == "citation" and r[1] == pytest.approx(0.9)]
    assert top and top[0][2] == 3  # confidence 1.0, 0.95, 1.0 fall in the last bin


def test_reliability_data_for_the_report(mixed_db):
    from audit.reliability import overconfident_models, reliability_points

    con = duckdb.connect(str(mixed_db), read_only=True)
    try:
        points = reliability_points(con, "citation")
        assert points and all(0.0 <= p.bin_low < p.bin_high <= 1.0 for p in points)
        assert (
            sum(p.n for p in points)
            == q(mixed_db, "SELECT count(*) FROM citation_audit WHERE claimed_confidence IS NOT NULL")[0][0]
        )
        [worst] = overconfident_models(con, "citation", min_n=1)
        assert worst.model == "test-model" and worst.gap is not None and worst.gap > 0
    finally:
        con.close()


def test_an_answer_id_on_two_days_counts_once_per_day_in_the_calibration(tmp_path):
    """The same answer_id logged on two days is kept once per day; the calibration view counts each day's citations
    once, under that day's model (it joined every citation with both days' answers: each counted twice, under both
    models)."""
    days = (("m-one", "2026-11-01", "2026-11-02"), ("m-two", "2026-11-02", "2026-11-03"))
    rows = [
        make_answer(
            "same", ANSWERS["objects"], CONTEXTS, model=model, logged_at=datetime.fromisoformat(f"{day}T12:00+00:00")
        )
        for model, day, _ in days
    ]
    pq.write_table(pa.Table.from_pylist(rows, schema=answers_schema()), tmp_path / "answers.parquet")
    db = tmp_path / "audit.duckdb"
    for _, since, until in days:
        args = [
            "run",
            "--input",
            str(tmp_path / "answers.parquet"),
            "--db",
            str(db),
            "--since",
            since,
            "--until",
            until,
        ]
        result = CliRunner().invoke(main, [*args, "--quiet"])
        assert result.exit_code == 0, result.output
    [(per_day,)] = q(db, "SELECT count(*) // 2 FROM citation_audit WHERE claimed_confidence IS NOT NULL")
    got = q(db, "SELECT model, sum(n) FROM confidence_calibration WHERE level = 'citation' GROUP BY 1 ORDER BY 1")
    assert per_day > 0 and got == [("m-one", per_day), ("m-two", per_day)]
