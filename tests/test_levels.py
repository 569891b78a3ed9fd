"""Per-answer integrity, coverage, density, levels and policy flags, through a real audit of a small log."""

from __future__ import annotations

import duckdb
import pytest

from audit.config import AuditConfig, LevelConfig
from audit.runner import run_audit
from audit.window import Window
from tests.conftest import make_answer

CTX = [
    {
        "doc_id": "d1",
        "chunk_id": "c1",
        "title": "Refunds.pdf",
        "page": 1,
        "text": "Refunds take 30 days from delivery.",
    },
    {"doc_id": "d2", "chunk_id": "c2", "title": "Shipping.pdf", "page": 2, "text": "Shipping is free above 50 euros."},
]
ROWS = [
    make_answer(
        "all-verified", "Answer: Refunds take 30 days from delivery [1]. Shipping is free above 50 euros [2].", CTX
    ),
    make_answer(
        "fabricated", "Answer: Refunds take 30 days from delivery [1]. Shipping is free above 50 euros [7].", CTX
    ),
    make_answer("uncited", "Answer: Refunds take 30 days from delivery. Shipping is free above 50 euros.", CTX),
    make_answer("half-cited", "Refunds take 30 days from delivery [1]. Shipping is free above 50 euros. Thanks!", CTX),
    make_answer("parse-failure", '{"answer": "Refunds take 30 days from delivery [1]', CTX),
    make_answer("marker-on-its-own-line", "Answer: Refunds take 30 days from delivery.\n[1]", CTX),
]


@pytest.fixture(scope="module")
def audited(tmp_path_factory, scorer):
    import pyarrow as pa
    import pyarrow.parquet as pq

    from audit.contract import answers_schema

    folder = tmp_path_factory.mktemp("levels")
    path = folder / "answers.parquet"
    pq.write_table(pa.Table.from_pylist(ROWS, schema=answers_schema()), path)
    cfg = AuditConfig(levels=LevelConfig(min_coverage=0.75, required_prefix="Answer:"))
    db = folder / "audit.duckdb"
    run_audit(str(path), db, Window(), cfg, scorer=scorer)
    con = duckdb.connect(str(db), read_only=True)
    try:
        cols = "answer_id, n_citations, n_verified, citation_integrity, coverage, density, level, flags"
        return {r[0]: r[1:] for r in con.execute(f"SELECT {cols} FROM answer_audit").fetchall()}
    finally:
        con.close()


def test_all_verified_is_green(audited):
    n, verified, integrity, coverage, density, level, flags = audited["all-verified"]
    assert (n, verified, integrity, coverage, level, flags) == (2, 2, 1.0, 1.0, "GREEN", [])
    assert density == 1.0  # two citations over two sentences


def test_a_fabricated_citation_makes_the_answer_red(audited):
    n, verified, integrity, *_, level, _flags = audited["fabricated"]
    assert (n, verified, integrity, level) == (2, 1, 0.5, "RED")


def test_claims_without_any_citation(audited):
    n, _v, integrity, coverage, _d, level, flags = audited["uncited"]
    assert (n, integrity, coverage, level) == (0, None, 0.0, "YELLOW")
    assert "no_citations" in flags and "low_coverage" in flags


def test_policy_rules(audited):
    *_, coverage, _d, _level, flags = audited["half-cited"]
    assert coverage == 0.5  # "Thanks!" is not a claim
    assert set(flags) == {"low_coverage", "missing_required_prefix"}


def test_structured_parse_failure_is_flagged_red(audited):
    *_, level, flags = audited["parse-failure"]
    assert level == "RED"
    assert "structured_parse_failed" in flags


def test_a_marker_on_its_own_line_cites_the_sentence_before_it(audited):
    n, verified, integrity, coverage, density, level, flags = audited["marker-on-its-own-line"]
    assert (n, verified, integrity, coverage, density, level, flags) == (1, 1, 1.0, 1.0, 1.0, "GREEN", [])
