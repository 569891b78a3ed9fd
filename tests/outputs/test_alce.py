"""ALCE citation recall and precision (answer_audit.sql) from hand-made citation rows, case by case, and on a
real audit."""

from __future__ import annotations

import json
from pathlib import Path

import duckdb
import pytest

from audit.sql import load
from tests.cli.hostile import CTX, audited
from tests.conftest import make_answer
from tests.conftest import query as q

SQL = load("answer_audit")

# each case: citations as (sentence, verdict), uncited claim sentences, expected recall, expected precision
CASES = [
    ([("s1", "verified")], 0, 1.0, 1.0),
    ([("s1", "unsupported")], 0, 0.0, 0.0),
    ([("s1", "verified"), ("s1", "unsupported")], 0, 1.0, 0.5),  # jointly supported; the unverified one not needed
    ([("s1", "verified"), ("s1", "fabricated")], 0, 0.0, 0.0),  # ALCE: a citation to no passage sinks the sentence
    ([("s1", "verified"), ("s2", "weak"), ("s3", "misattributed")], 0, 1 / 3, 1 / 3),
    ([("s1", "verified"), ("s2", "verified")], 2, 0.5, 1.0),  # uncited claims are unsupported statements
    ([], 3, 0.0, None),  # no citation: recall 0, precision not measured
    ([], 0, None, None),  # nothing to measure
]
IDS = [
    "one_verified",
    "one_unsupported",
    "verified_plus_unneeded",
    "verified_plus_fabricated",
    "three_statements",
    "uncited_claims_count",
    "no_citations",
    "nothing",
]


def audit_one(cites: list[tuple[str, str]], uncited: int) -> tuple:
    con = duckdb.connect()
    con.execute(
        "CREATE TEMP TABLE answers_ok AS SELECT 'a' AS answer_id, 'c' AS conversation_id, 0 AS turn_index, "
        "TIMESTAMPTZ '2026-11-01 12:00:00+00' AS logged_at, 't' AS tenant, 'm' AS model, 'f' AS source_file, "
        "'x' AS answer, CAST(NULL AS VARCHAR) AS turn_index_raw"
    )
    con.execute(  # no unreadable page
        "CREATE TEMP TABLE ctx (answer_id VARCHAR, rank INTEGER, page_raw VARCHAR, title VARCHAR, doc_id VARCHAR, "
        "url VARCHAR)"
    )
    con.execute("CREATE TEMP TABLE reference_lists (answer_id VARCHAR, ref_start INTEGER)")  # no closing list
    con.execute("CREATE TEMP TABLE reference_entries (answer_id VARCHAR, rank INTEGER, names VARCHAR[])")
    con.execute(
        "CREATE TEMP TABLE texts AS SELECT 'a' AS answer_id, 'x' AS answer_text, false AS structured, "
        "false AS tagged_prose, false AS structured_parse_failed, CAST([] AS VARCHAR[]) AS citation_shape_flags, "
        "false AS surrogates_replaced, false AS literal_read"
    )
    sentences = sorted({s for s, _ in cites})
    con.execute(
        "CREATE TEMP TABLE stat_rows AS SELECT 'a' AS answer_id, ? AS n_sentences, ? AS n_claims, "
        "? AS n_cited_sentences, ? AS n_uncited_claims, CAST(NULL AS DOUBLE) AS claimed_confidence, "
        "CAST(NULL AS VARCHAR) AS missing_information, CAST([] AS VARCHAR[]) AS self_report_flags",
        [len(sentences) + uncited, len(sentences) + uncited, len(sentences), uncited],
    )
    con.execute(
        "CREATE TEMP TABLE cite_rows (answer_id VARCHAR, citation_ord INTEGER, verdict VARCHAR, claim VARCHAR, "
        "claim_start INTEGER, claim_end INTEGER)"
    )
    # the answer sentences each citation's claim lies in (audit/assess.py): here its sentence, "i-i"; each a statement
    con.execute(
        "CREATE TEMP TABLE claim_units (answer_id VARCHAR, citation_ord INTEGER, claim_sentences VARCHAR, "
        "statement BOOLEAN)"
    )
    for ord_, (s, verdict) in enumerate(cites, 1):
        i = sentences.index(s)
        con.execute("INSERT INTO cite_rows VALUES ('a', ?, ?, ?, ?, ?)", [ord_, verdict, s, 10 * i, 10 * i + 5])
        con.execute("INSERT INTO claim_units VALUES ('a', ?, ?, true)", [ord_, str(i)])
    for name, value in (("green", 0.9), ("yellow", 0.6), ("min_coverage", 0.0)):
        con.execute(f"SET VARIABLE {name} = {value}")
    con.execute("SET VARIABLE prefix = ''")
    con.execute(SQL)
    return con.execute("SELECT citation_recall, citation_precision, n_statements FROM answer_rows").fetchall()[0]


@pytest.mark.parametrize("cites,uncited,recall,precision", CASES, ids=IDS)
def test_alce_recall_and_precision(cites, uncited, recall, precision):
    got_recall, got_precision, n_statements = audit_one(cites, uncited)
    assert got_recall == (pytest.approx(recall) if recall is not None else None)
    assert got_precision == (pytest.approx(precision) if precision is not None else None)
    assert n_statements == len({s for s, _ in cites}) + uncited


def test_on_a_real_audit_statements_are_the_claim_sentences(small_db):
    con = duckdb.connect(str(small_db), read_only=True)
    try:
        # inline markers: one statement per cited sentence, so the ALCE denominator is the claim count
        assert con.execute("SELECT count(*) FROM answer_audit WHERE n_statements <> n_claims").fetchall() == [(0,)]
        # precision counts verified citations only, so it never exceeds the share of citations verified (integrity,
        # which weighs each claim once, can be lower or higher); NULL without citations
        bad = con.execute(
            "SELECT count(*) FROM answer_audit WHERE citation_precision > n_verified / n_citations + 1e-9 "
            "OR (n_citations = 0) <> (citation_precision IS NULL)"
        ).fetchall()
        assert bad == [(0,)]
        [(n, low)] = con.execute(
            "SELECT count(*), count(*) FILTER (WHERE citation_recall < 1) FROM answer_audit "
            "WHERE n_fabricated > 0 AND n_citations > 0"
        ).fetchall()
        assert n > 0 and low == n  # a fabricated citation always costs recall
        by_day = (
            "SELECT CAST(date_trunc('day', logged_at AT TIME ZONE 'UTC') AS DATE), tenant, avg(citation_recall), "
            "avg(citation_precision) FROM answer_audit GROUP BY ALL ORDER BY ALL"
        )
        view = "SELECT day, tenant, citation_recall, citation_precision FROM daily_integrity ORDER BY ALL"
        assert con.execute(view).fetchall() == con.execute(by_day).fetchall()
        assert con.execute("SELECT count(citation_precision) FROM model_integrity").fetchall()[0][0] > 0
    finally:
        con.close()


# one right statement ("Refunds take 30 days.", verified by [1]) and a fragment that is only padding carrying a
# citation: a list bullet, a lone marker or a line that is only a citation list opening the answer, a stray closing
# bracket or quote, a "Sources:" line, claim_texts that are a marker, whitespace or "Sources:"
PADDED = {
    "bullet": "Policy:\n- Refunds take 30 days [1]\n- [2]\n",
    "star_bullet": "Refunds take 30 days [1].\n* [2]\n",
    "lone_marker_first": "[2]\nRefunds take 30 days [1].",
    "citation_list_first": "[1][2]\nRefunds take 30 days [1].",
    "closing_bracket": "Refunds take 30 days [1].\n) [2]\n",
    "closing_quote": 'Refunds take 30 days [1].\n" [2]\n',
    "sources_line": "Refunds take 30 days [1].\nSources: [1][2]\n",
    "json_fragments": json.dumps(
        {
            "answer": "Refunds take 30 days.",
            "citations": [
                {"document_id": "d1", "claim_text": "Refunds take 30 days."},
                *({"document_id": "d2", "claim_text": t} for t in ("[1]", " ", "Sources:", "- [1][2]")),
            ],
        }
    ),
}


def test_padding_fragments_are_no_statements(tmp_path: Path) -> None:
    # an ALCE statement is a sentence of the answer: a fragment that is only padding (`empty_claim`) is none, as it is
    # no uncited claim either; counted as an unsupported statement, it halved a fully supported answer's recall. Its
    # citation is still a citation (precision, integrity and level unchanged). A real sentence without support still
    # counts, and an answer that is only a marker has nothing to measure
    rows = [make_answer(k, v, CTX) for k, v in PADDED.items()]
    rows += [
        make_answer("unsupported_sentence", "Refunds take 30 days [1].\nShipping costs 9 euros [2].\n", CTX),
        make_answer("only_a_marker", "[1]", CTX),
        make_answer("only_padding_cited", "Refunds take 30 days.\n- [1]\n", CTX),
    ]
    db = audited(tmp_path, rows)
    got = {
        a: (n, s, r)
        for a, n, s, r in q(
            db, "SELECT answer_id, n_statements, n_supported_statements, citation_recall FROM answer_audit"
        )
    }
    assert {a: got[a] for a in PADDED} == {a: (1, 1, 1.0) for a in PADDED}
    assert got["unsupported_sentence"] == (2, 1, 0.5)
    assert got["only_a_marker"] == (0, 0, None)

    # nor is it a claim sentence (coverage = cited / claim sentences): the padded answers claim one sentence, cited;
    # a cited bullet beside an uncited claim covered half the answer's claims
    claims = dict(q(db, "SELECT answer_id, (n_claims, n_cited_sentences, coverage) FROM answer_audit"))
    assert {a: claims[a] for a in PADDED} == {a: (1, 1, 1.0) for a in PADDED}
    assert claims["only_a_marker"] == (0, 0, None)
    assert claims["only_padding_cited"] == (1, 0, 0.0)
