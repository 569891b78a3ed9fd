"""Resolution of each dialect against the retrieved contexts, and every fabricated-citation reason."""

from __future__ import annotations

import duckdb
import pytest

from audit.extract.markers import extract_citations
from audit.ingest import stage_answers
from audit.pipeline import _SQL_DIR
from audit.window import Window
from tests.conftest import make_answer

CONTEXTS = [
    {
        "doc_id": "kb_doc_1",
        "chunk_id": "chunk-1",
        "title": "Refund Policy v2.pdf",
        "page": 3,
        "text": "Refunds take 30 days.",
    },
    {
        "doc_id": "kb_doc_2",
        "chunk_id": "chunk-4",
        "title": "Shipping Guide.pdf",
        "page": 7,
        "text": "Shipping is free.",
    },
]

CASES = [
    ("numeric_ok", "Refunds take 30 days [1].", 1, None),
    ("numeric_out_of_range", "Refunds take 30 days [3].", None, "index_out_of_range"),
    ("numeric_zero", "Refunds take 30 days [0].", None, "index_out_of_range"),
    ("document_page_ok", "Shipping is free [Document: Shipping Guide.pdf, Page 7].", 2, None),
    ("document_page_title_without_extension", "Shipping is free [Document: shipping guide, Page 7].", 2, None),
    ("document_page_by_doc_id", "Shipping is free [Document: kb_doc_2, Page 7].", 2, None),
    ("unknown_document", "Shipping is free [Document: Warranty.pdf, Page 7].", None, "unknown_document"),
    ("page_not_retrieved", "Shipping is free [Document: Shipping Guide.pdf, Page 8].", None, "page_not_retrieved"),
    ("doc_chunk_ok", "Refunds take 30 days [citation:kb_doc_1:chunk-1].", 1, None),
    ("unknown_chunk", "Refunds take 30 days [citation:kb_doc_1:chunk-9].", None, "unknown_chunk"),
    ("doc_chunk_unknown_document", "Refunds take 30 days [citation:kb_doc_9:chunk-1].", None, "unknown_document"),
    (
        "structured_inline_out_of_range",
        '{"answer": "Refunds take 30 days.", '
        '"inline_citations": [{"source_index": 2, "claim": "Refunds take 30 days."}]}',
        None,
        "index_out_of_range",
    ),
    ("structured_list_ok", '{"answer": "Shipping is free.", "citations": [2]}', 2, None),
]


@pytest.mark.parametrize("answer,rank,reason", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_resolution(write_answers, answer, rank, reason):
    path = write_answers([make_answer("a1", answer, CONTEXTS)])
    con = duckdb.connect()
    stage_answers(con, [str(path)], Window())
    extract_citations(con)
    con.execute((_SQL_DIR / "resolve.sql").read_text())
    rows = con.execute("SELECT context_rank, fabricated_reason, doc_id FROM resolved").fetchall()
    assert len(rows) == 1
    got_rank, got_reason, doc = rows[0]
    assert (got_rank, got_reason) == (rank, reason)
    if rank is not None:
        assert doc == CONTEXTS[rank - 1]["doc_id"]


def test_no_contexts_means_every_citation_is_fabricated(write_answers):
    path = write_answers([make_answer("a1", "Refunds take 30 days [1].", [])])
    con = duckdb.connect()
    stage_answers(con, [str(path)], Window())
    extract_citations(con)
    con.execute((_SQL_DIR / "resolve.sql").read_text())
    assert con.execute("SELECT fabricated_reason FROM resolved").fetchall() == [("index_out_of_range",)]
