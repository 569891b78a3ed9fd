"""An output file written by an older citeaudit is migrated when opened, keeping its rows."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import duckdb
import pytest

from audit.errors import InputError
from audit.schema import OUTPUT_VERSION, output_schema
from audit.store import open_db

V1_DDL = Path(__file__).parent / "cases" / "outputs.v1.sql"
V2_DDL = Path(__file__).parent / "cases" / "outputs.v2.sql"  # as outputs v2 shipped: embedding_cache had a primary key


def _v1_file(path: Path) -> None:
    con = duckdb.connect(str(path))
    con.execute(V1_DDL.read_text())
    con.execute("INSERT INTO schema_version VALUES ('outputs', 1)")
    ts = datetime(2026, 11, 1, 12, tzinfo=UTC)
    con.execute(
        "INSERT INTO answer_audit (run_id, answer_id, logged_at, model, n_sentences, n_claims, n_cited_sentences, "
        "n_citations, n_verified, n_weak, n_unsupported, n_fabricated, n_misattributed, n_uncited_claims, level, "
        "structured_output, structured_parse_failed, flags) VALUES ('r1', 'a1', ?, 'm', 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, "
        "'GREEN', false, false, [])",
        [ts],
    )
    con.execute(
        "INSERT INTO citation_audit (run_id, answer_id, logged_at, citation_ord, marker, dialect, cited_ref, verdict, "
        "reasons) VALUES ('r1', 'a1', ?, 1, '[1]', 'numeric', '1', 'verified', [])",
        [ts],
    )
    con.close()


def test_v1_file_is_migrated_in_place(tmp_path):
    db = tmp_path / "old.duckdb"
    _v1_file(db)
    con = open_db(db)
    try:
        version = con.execute("SELECT version FROM schema_version WHERE name = 'outputs'").fetchall()
        assert version == [(OUTPUT_VERSION,)]
        for table in ("citation_audit", "answer_audit"):
            have = con.sql(f"SELECT * FROM {table} LIMIT 0").to_arrow_table().schema
            assert have.names == output_schema(table).names, table
        assert con.execute("SELECT verdict, quote_status, audited_type FROM citation_audit").fetchall() == [
            ("verified", None, None)
        ]
        assert con.execute("SELECT count(*) FROM unverified_citations").fetchall() == [(0,)]
        assert con.execute("SELECT count(*) FROM confidence_calibration").fetchall() == [(0,)]
    finally:
        con.close()
    # opening again is a no-op
    open_db(db).close()


def _embedding_rows(con: duckdb.DuckDBPyConnection) -> list[tuple[object, ...]]:
    return con.execute("SELECT model, content_hash, embedding FROM embedding_cache ORDER BY content_hash").fetchall()


def test_v2_file_keeps_its_embeddings_and_loses_the_key(tmp_path):
    db = tmp_path / "v2.duckdb"
    con = duckdb.connect(str(db))
    con.execute(V2_DDL.read_text())
    con.execute("INSERT INTO schema_version VALUES ('outputs', 2)")
    con.execute("INSERT INTO embedding_cache VALUES ('m', 'h1', [1.0, 2.0]), ('m', 'h2', [3.0, 4.0])")
    con.close()
    con = open_db(db)
    try:
        assert con.execute("SELECT version FROM schema_version WHERE name = 'outputs'").fetchall() == [
            (OUTPUT_VERSION,)
        ]
        assert _embedding_rows(con) == [("m", "h1", [1.0, 2.0]), ("m", "h2", [3.0, 4.0])]
        keys = con.execute(
            "SELECT count(*) FROM duckdb_constraints() WHERE table_name = 'embedding_cache' "
            "AND constraint_type IN ('PRIMARY KEY', 'UNIQUE')"
        ).fetchall()
        assert keys == [(0,)]
        nulls = con.execute(
            "SELECT count(*) FROM duckdb_constraints() WHERE table_name = 'embedding_cache' "
            "AND constraint_type = 'NOT NULL'"
        ).fetchall()
        assert nulls == [(3,)]
    finally:
        con.close()


def test_a_file_from_a_newer_citeaudit_is_refused(tmp_path):
    db = tmp_path / "new.duckdb"
    open_db(db).close()
    con = duckdb.connect(str(db))
    con.execute("UPDATE schema_version SET version = 99 WHERE name = 'outputs'")
    con.close()
    with pytest.raises(InputError, match="outputs v99 is newer"):
        open_db(db)


V3_EARLY_DDL = Path(__file__).parent / "cases" / "outputs.v3.sql"  # v3 as first shipped, before alignment_cache


def test_a_v3_file_from_before_alignment_cache_is_read_primed_and_then_given_the_table(tmp_path):
    from audit.pipeline import load_cache
    from audit.verify.embcache import EmbeddingCache

    db = tmp_path / "v3.duckdb"
    con = duckdb.connect(str(db))
    con.execute(V3_EARLY_DDL.read_text())
    con.execute("INSERT INTO schema_version VALUES ('outputs', 3)")
    con.execute("INSERT INTO embedding_cache VALUES ('m', 'h1', [0.6, 0.8])")
    con.close()
    open_db(db, read_only=True).close()  # report, sql, export: nothing to migrate
    cache = EmbeddingCache("m")
    load_cache(cache, db)  # a run's priming: the vectors, and no alignments to read
    assert cache.get("h1") is not None and cache.aligns_held() == 0
    con = open_db(db)  # a run's write
    try:
        assert con.execute("SELECT count(*) FROM alignment_cache").fetchall() == [(0,)]
        assert _embedding_rows(con) == [("m", "h1", [0.6000000238418579, 0.800000011920929])]
    finally:
        con.close()
