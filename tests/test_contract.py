"""The contract in schemas/ holds the code, the DuckDB tables and the data samples to one shape."""

from __future__ import annotations

import json
import re

import duckdb
import pyarrow.parquet as pq
import pytest

from audit.contract import ANSWERS_CONTRACT, answers_schema, contexts_table_schema, contract_version
from audit.ingest import discover_inputs
from audit.schema import RESULT_TABLES, output_ddl, output_schema
from tests.conftest import SAMPLE, SHARED_REAL


def test_contract_document_is_versioned():
    doc = json.loads(ANSWERS_CONTRACT.read_text())
    assert doc["name"] == "answers"
    assert contract_version() == 1
    assert ANSWERS_CONTRACT.name == f"answers.v{doc['version']}.json"


def test_sample_files_follow_the_contract():
    files = discover_inputs(str(SAMPLE))
    assert files
    for f in files:
        assert pq.read_schema(f).equals(answers_schema(), check_metadata=False), f


@pytest.mark.skipif(not SHARED_REAL.exists(), reason="../shared/data/real not present")
@pytest.mark.parametrize("name", ["wice_dev_answers.parquet", "ab_dev_answers.parquet"])
def test_shared_real_data_follows_the_contract(name):
    assert pq.read_schema(SHARED_REAL / name).equals(answers_schema(), check_metadata=False)


def test_contexts_table_schema_matches_nested_context_fields():
    nested = [f.name for f in answers_schema().field("contexts").type.value_type]
    flat = contexts_table_schema().names
    assert flat[:2] == ["answer_id", "rank"]
    assert flat[2:] == nested


def test_output_tables_come_from_the_ddl():
    con = duckdb.connect()
    con.execute(output_ddl())
    tables = {r[0] for r in con.execute("SELECT table_name FROM information_schema.tables").fetchall()}
    for t in (*RESULT_TABLES, "runs", "embedding_cache", "alignment_cache"):
        assert t in tables
    for view in ("unverified_citations", "daily_integrity", "model_integrity", "source_health"):
        assert view in tables
    # the names other tools rely on (issue: audit engine)
    required = {
        "runs": "run_id started_at finished_at input config_hash code_version status answers_read answers_audited "
        "answers_quarantined",
        "answer_audit": "run_id answer_id conversation_id logged_at tenant model n_sentences n_citations n_verified "
        "citation_integrity coverage density level structured_output",
        "citation_audit": "run_id answer_id citation_ord marker dialect char_start char_end claim context_rank doc_id "
        "chunk_id lexical_score support verdict reasons semantic_score evidence_start evidence_end evidence_text "
        "suggested_rank",
        "uncited_claims": "run_id answer_id sentence_idx char_start char_end sentence best_rank best_support",
        "quarantine": "run_id source row_ref answer_id reason",
    }
    for table, cols in required.items():
        have = set(output_schema(table).names)
        missing = set(cols.split()) - have
        assert not missing, (table, missing)


def test_output_version_is_in_the_ddl_file_name():
    from audit.contract import OUTPUT_DDL
    from audit.schema import OUTPUT_VERSION

    assert re.fullmatch(rf"outputs\.v{OUTPUT_VERSION}\.sql", OUTPUT_DDL.name)
