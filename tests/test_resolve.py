"""Resolution of each dialect against the retrieved contexts, and every fabricated-citation reason."""

from __future__ import annotations

import json

import duckdb
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from audit.contract import answers_schema
from audit.extract.markers import extract_citations
from audit.ingest import stage_answers
from audit.sql import run as run_sql
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
    {"doc_id": "kb_doc_1", "chunk_id": "chunk-2", "title": "Refund Policy v2.pdf", "page": 4, "text": "Fees apply."},
    {"doc_id": "kb_doc_3", "chunk_id": "2", "title": "Warranty Card.pdf", "page": 1, "text": "Two years."},
]


def _obj(item: object) -> str:
    """An answer whose `citations` list holds one citation object (or one malformed item)."""
    return json.dumps({"answer": "Refunds take 30 days.", "citations": [item]})


def _stream(item: object) -> str:
    """A logged stream: token events, then the final event with the answer in `data`."""
    final = {"type": "final", "data": "Shipping is free.", "citations": [item]}
    return json.dumps([{"type": "token", "data": "Shipping"}, final])


CASES = [
    ("numeric_ok", "Refunds take 30 days [1].", 1, None),
    ("numeric_out_of_range", "Refunds take 30 days [5].", None, "index_out_of_range"),
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
        '"inline_citations": [{"source_index": 7, "claim": "Refunds take 30 days."}]}',
        None,
        "index_out_of_range",
    ),
    ("structured_list_ok", '{"answer": "Shipping is free.", "citations": [2]}', 2, None),
    # citation objects: document_id + chunk_index (chunk id as text, else index-th context of the document)
    ("object_chunk_id_is_index", _obj({"document_id": "kb_doc_3", "chunk_index": 2}), 4, None),
    ("object_index_th_context_of_document", _obj({"document_id": "kb_doc_1", "chunk_index": 1}), 3, None),
    ("object_index_zero", _obj({"document_id": "kb_doc_1", "chunk_index": 0}), 1, None),
    ("object_index_as_digit_string", _obj({"document_id": "kb_doc_1", "chunk_index": "1"}), 3, None),
    ("object_unknown_chunk", _obj({"document_id": "kb_doc_1", "chunk_index": 5}), None, "unknown_chunk"),
    ("object_unknown_document", _obj({"document_id": "kb_doc_9", "chunk_index": 0}), None, "unknown_document"),
    (
        "object_id_wins_over_name",
        _obj({"document_id": "kb_doc_9", "document_name": "Shipping Guide.pdf"}),
        None,
        "unknown_document",
    ),
    ("object_id_only_first_context", _obj({"document_id": "kb_doc_1"}), 1, None),
    ("object_id_and_page", _obj({"document_id": "kb_doc_1", "page_number": 4}), 3, None),
    ("object_name_and_page", _obj({"document_name": "Shipping Guide.pdf", "page_number": 7}), 2, None),
    ("object_name_without_extension", _obj({"document_name": "shipping guide", "page_number": 7}), 2, None),
    (
        "object_name_null_id",
        _obj({"document_id": None, "document_name": "Shipping Guide.pdf", "page_number": 7}),
        2,
        None,
    ),
    ("object_name_and_chunk_index", _obj({"document_name": "Refund Policy v2.pdf", "chunk_index": 1}), 3, None),
    (
        "object_name_page_wins_over_index",
        _obj({"document_name": "Refund Policy v2", "page_number": 3, "chunk_index": 1}),
        1,
        None,
    ),
    (
        "object_name_bad_index_with_page",
        _obj({"document_name": "Refund Policy v2.pdf", "page_number": 4, "chunk_index": "x"}),
        3,
        None,
    ),
    (
        # the page is checked against the chunk's (resolve.sql), so one that cannot be read is no page to drop
        "object_id_bad_page_with_index_is_malformed",
        _obj({"document_id": "kb_doc_1", "chunk_index": 1, "page_number": "x"}),
        None,
        "malformed_citation:page_number",
    ),
    (
        "object_name_bad_index_no_page",
        _obj({"document_name": "Refund Policy v2.pdf", "chunk_index": 1.5}),
        None,
        "malformed_citation:chunk_index",
    ),
    (
        "object_page_not_retrieved",
        _obj({"document_name": "Shipping Guide.pdf", "page_number": 8}),
        None,
        "page_not_retrieved",
    ),
    ("object_name_unknown", _obj({"document_name": "Manual.pdf", "page_number": 1}), None, "unknown_document"),
    ("object_null_id", _obj({"document_id": None, "chunk_index": 0}), None, "malformed_citation:document_id"),
    ("object_no_reference", _obj({"text_span": "Refunds take 30 days."}), None, "malformed_citation:document_id"),
    ("object_id_not_a_string", _obj({"document_id": {"x": 1}}), None, "malformed_citation:document_id"),
    (
        "object_non_integer_index",
        _obj({"document_id": "kb_doc_1", "chunk_index": "two"}),
        None,
        "malformed_citation:chunk_index",
    ),
    (
        "object_fractional_index",
        _obj({"document_id": "kb_doc_1", "chunk_index": 1.5}),
        None,
        "malformed_citation:chunk_index",
    ),
    (
        "object_negative_index",
        _obj({"document_id": "kb_doc_1", "chunk_index": -1}),
        None,
        "malformed_citation:chunk_index",
    ),
    (
        "object_bad_page",
        _obj({"document_name": "Shipping Guide.pdf", "page_number": "seven"}),
        None,
        "malformed_citation:page_number",
    ),
    (
        "object_name_not_a_string",
        _obj({"document_name": 7, "page_number": 7}),
        None,
        "malformed_citation:document_name",
    ),
    ("stream_final_event", _stream({"document_id": "kb_doc_2", "chunk_index": 0}), 2, None),
]


def _resolved(path: object, columns: str) -> dict[str, list[tuple]]:
    """The answers of one Parquet file staged, their citations extracted and resolved, in one in-memory DuckDB:
    each answer's `columns` of `resolved`, in citation order."""
    con = duckdb.connect()
    stage_answers(con, [str(path)], Window())
    extract_citations(con)
    run_sql(con, "resolve")
    got: dict[str, list[tuple]] = {}
    for answer_id, *rest in con.execute(
        f"SELECT answer_id, {columns} FROM resolved ORDER BY answer_id, citation_ord"
    ).fetchall():
        got.setdefault(answer_id, []).append(tuple(rest))
    return got


@pytest.fixture(scope="module")
def case_rows(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[tuple]]:
    """Every case of CASES an answer of its own (its name the answer_id) in one file, resolved in one pass: the SQL
    resolves each answer against its own contexts only, so a case's rows are what it resolves to alone."""
    path = tmp_path_factory.mktemp("resolve") / "answers.parquet"
    rows = [make_answer(name, answer, CONTEXTS) for name, answer, _rank, _reason in CASES]
    pq.write_table(pa.Table.from_pylist(rows, schema=answers_schema()), path)
    return _resolved(path, "context_rank, fabricated_reason, doc_id")


@pytest.mark.parametrize("name,rank,reason", [(c[0], *c[2:]) for c in CASES], ids=[c[0] for c in CASES])
def test_resolution(case_rows, name, rank, reason):
    rows = case_rows.get(name, [])
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
    run_sql(con, "resolve")
    assert con.execute("SELECT fabricated_reason FROM resolved").fetchall() == [("index_out_of_range",)]


def test_malformed_citation_objects_leave_the_others_resolved(write_answers):
    items = [{"document_id": "kb_doc_2", "chunk_index": 0}, "kb_doc_1", None, 3, {"document_id": None}]
    answer = json.dumps({"answer": "Shipping is free.", "citations": items})
    other = make_answer("a2", "Refunds take 30 days [1].", CONTEXTS)
    path = write_answers([make_answer("a1", answer, CONTEXTS), other])
    con = duckdb.connect()
    stage_answers(con, [str(path)], Window())
    extract_citations(con)
    run_sql(con, "resolve")
    got = con.execute(
        "SELECT answer_id, marker, dialect, context_rank, fabricated_reason FROM resolved "
        "ORDER BY answer_id, citation_ord"
    ).fetchall()
    assert got == [
        ("a1", "citations[0]", "citation_object", 2, None),
        ("a1", "citations[1]", "citation_object", None, "malformed_citation:not_an_object"),
        ("a1", "citations[2]", "citation_object", None, "malformed_citation:not_an_object"),
        ("a1", "citations[3]", "citation_object", None, "malformed_citation:not_an_object"),
        ("a1", "citations[4]", "citation_object", None, "malformed_citation:document_id"),
        ("a2", "[1]", "numeric", 1, None),
    ]
    assert all(r[0] for r in con.execute("SELECT cited_ref FROM resolved").fetchall())


_json_scalar = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**40), 2**40),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=12),
    st.sampled_from(["kb_doc_1", "kb_doc_2", "Shipping Guide.pdf", "0", "1", "chunk-1"]),
)
_field = st.sampled_from(
    ["document_id", "chunk_index", "document_name", "page_number", "text_span", "claim_text", "confidence_score"]
)
_object = st.dictionaries(_field, _json_scalar, max_size=6)
_item = st.one_of(_json_scalar, _object)
# a citations list of 1 to 5 items, at least one of them an object (any such list: one of its objects put back at
# its place among the others), drawn without a filter so that a file of many lists is drawn as easily as one list
_items = st.tuples(st.lists(_item, max_size=4), _object, st.integers(0, 4)).map(
    lambda t: [*t[0][: t[2]], t[1], *t[0][t[2] :]]
)
_SLOW = [HealthCheck.too_slow, HealthCheck.function_scoped_fixture]


# each example is a file of 5 to 10 answers, each its own random citations list, resolved in one pass (one DuckDB
# staging and resolution a file, not a list: 60-75 lists in all, as many as when each list was an example)
@settings(max_examples=10, deadline=None, suppress_health_check=_SLOW)
@given(st.lists(_items, min_size=5, max_size=10))
def test_any_citation_objects_resolve_or_are_fabricated_with_a_reason(write_answers, answers):
    path = write_answers(
        [
            make_answer(f"a{i}", json.dumps({"answer": "Shipping is free.", "citations": items}), CONTEXTS)
            for i, items in enumerate(answers)
        ]
    )
    got = _resolved(path, "cited_ref, context_rank, fabricated_reason")
    for i, items in enumerate(answers):
        rows = got.get(f"a{i}", [])
        assert len(rows) == len(items), (items, rows)
        for ref, rank, reason in rows:
            assert ref is not None and (rank is None) != (reason is None), (items, rows)
