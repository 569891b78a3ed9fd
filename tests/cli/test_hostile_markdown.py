"""Markdown and structured-output shapes real RAG logs hold, found by the held-back-data sweep of extraction, each
through the real `citeaudit run` on real Parquet and DuckDB files: every citation extracted and attributed to the
source it names, nothing invented, and a citation that cannot be read flagged with its field."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.hostile import CTX, REFUND, SHIPPING, batched
from tests.conftest import make_answer
from tests.conftest import query as q

ROWS = [
    make_answer("cited", "Set `refund_days[0]` to 30 because refunds take 30 days [1].", CTX),
    make_answer("uncited", "Refunds take 30 days [1]. Read the window from `cfg[3]` in the settings file.", CTX),
]


@batched(ROWS)
def test_a_bracket_in_inline_code_stays_in_the_claim_and_the_sentence(answers_db: Path) -> None:
    # `cfg[3]` is code, not a marker (no citation of source 3): but the claim and the uncited sentence lost its `[3]`
    # ("`cfg` is a setting"), so the text checked and shown to reviewers was not what the answer said
    db = answers_db
    cites = q(db, "SELECT answer_id, marker, context_rank, claim FROM citation_audit ORDER BY answer_id")
    assert cites == [
        ("cited", "[1]", 1, "Set `refund_days[0]` to 30 because refunds take 30 days."),
        ("uncited", "[1]", 1, "Refunds take 30 days."),
    ]
    (sentence,) = q(db, "SELECT sentence FROM uncited_claims WHERE answer_id = 'uncited'")[0]
    assert sentence == "Read the window from `cfg[3]` in the settings file."


FREE = "Shipping is free over 50 euros"
ROWS_2 = [
    make_answer("right", f"Refunds take 30 days (Source 1). {FREE} (source: 2).", CTX),
    make_answer("list", f"Refunds take 30 days (Sources 1, 2). {FREE} (Ref. 2).", CTX),
    make_answer("wrong", "Refunds take 30 days [1]. Shipping costs 20 euros (Source 2).", CTX),
    make_answer("wrong_bracket", "Refunds take 30 days [1]. Shipping costs 20 euros [Source 2].", CTX),
    make_answer("ghost", f"Refunds take 30 days [1]. {FREE} (Doc 9).", CTX),
    make_answer("text", f"Refunds take 30 days [1] (see Figure 2). {FREE} (Section 2) [2] (1).", CTX),
]


@batched(ROWS_2)
def test_a_labelled_position_in_parentheses_is_a_numeric_marker(answers_db: Path) -> None:
    # RAG prompts ask for "(Source 1)" as often as "[Source 1]": it was no marker, so a wrong figure or a source never
    # retrieved beside a verified [1] came out YELLOW at best (the sentence an uncited claim), the citation never seen.
    # A parenthesis without a source's label, "(1)", "(see Figure 2)", "(Section 2)", stays text
    db = answers_db
    got = q(
        db,
        "SELECT answer_id, list((marker, context_rank, verdict, claim) ORDER BY citation_ord) FROM citation_audit "
        "GROUP BY 1",
    )
    cites = {a: [tuple(c) for c in cs] for a, cs in got}
    assert cites["right"] == [
        ("(Source 1)", 1, "verified", "Refunds take 30 days."),
        ("(source: 2)", 2, "verified", "Shipping is free over 50 euros."),
    ]
    assert [(m, r) for m, r, _v, _c in cites["list"]] == [("(Sources 1, 2)", 1), ("(Sources 1, 2)", 2), ("(Ref. 2)", 2)]
    # checked as the bracketed marker is
    assert cites["wrong"][1][:2] == ("(Source 2)", 2) and cites["wrong"][1][2:] == cites["wrong_bracket"][1][2:]
    assert cites["wrong"][1][2] != "verified"
    assert cites["ghost"][1][:3] == ("(Doc 9)", None, "fabricated")
    assert [m for m, *_ in cites["text"]] == ["[1]", "[2]"]
    levels = dict(q(db, "SELECT answer_id, level FROM answer_audit"))
    assert levels["right"] == "GREEN" and levels["ghost"] == "RED"
    assert levels["wrong"] == levels["wrong_bracket"] != "GREEN"


# the policy pages with urls, as a retriever logs them (POLICY_CTX's documents)
URL_CTX = [
    {
        "doc_id": "abc123",
        "chunk_id": "c-0",
        "title": "Refund Policy.pdf",
        "page": 3,
        "url": "https://kb.example.com/refunds",
        "text": REFUND,
    },
    {
        "doc_id": "ship9",
        "chunk_id": "c-1",
        "title": "Shipping.pdf",
        "page": 2,
        "url": "https://kb.example.com/shipping",
        "text": SHIPPING,
    },
]
RETURNS, FREE = "Returns must be made within 30 days of purchase.", "Orders over $50 ship free within the EU."


def _answer(*citations: dict[str, object]) -> str:
    return json.dumps({"answer": f"{RETURNS} {FREE}", "citations": list(citations)})


ROWS_4 = [
    make_answer(
        "ids",
        _answer(
            {
                "doc_id": "abc123",
                "chunk_id": "c-0",
                "quote": "within 30 days of purchase date",
                "claim": RETURNS,
                "confidence": 0.9,
            },
            {"doc_id": "ship9", "chunk_id": "c-1", "quote": "Orders over $50 ship free", "claim": FREE},
        ),
        URL_CTX,
    ),
    make_answer(
        "names",
        _answer(
            {"title": "Refund Policy.pdf", "page": 3, "quote": "within 30 days", "claim": RETURNS},
            {"url": "https://kb.example.com/shipping", "claim": FREE},
        ),
        URL_CTX,
    ),
    make_answer(
        "wrong",
        _answer(
            {"doc_id": "abc123", "chunk_id": "c-9", "claim": RETURNS},
            {"url": "https://kb.example.com/returns", "claim": FREE},
            {"doc_id": "ship9", "chunk_id": "c-1", "quote": "Orders over $20 ship free", "claim": FREE},
            {"doc_id": "abc123", "chunk_id": ["c-0"], "claim": RETURNS},
        ),
        URL_CTX,
    ),
]


@batched(ROWS_4)
def test_citation_objects_in_the_retrievers_own_field_names_resolve(answers_db: Path) -> None:
    # A citation object naming its source as the retrieved context does, `doc_id` + `chunk_id`, `title` + `page`, a
    # `url`, with `quote`, `claim` and `confidence` for `text_span`, `claim_text` and `confidence_score`: each was
    # `malformed_citation:document_id` (fabricated, RED) however right. A chunk or document never retrieved is still
    # fabricated, a quote the source lacks still not verified, and a field that cannot be read named
    db = answers_db
    got = q(
        db,
        "SELECT answer_id, list((cited_ref, context_rank, verdict, quote_status, claimed_confidence, "
        "list_filter(reasons, lambda r: r LIKE 'malformed%' OR r LIKE 'unknown%' OR r LIKE 'text_span%')) "
        "ORDER BY citation_ord) FROM citation_audit GROUP BY 1",
    )
    cites = {a: [tuple(c) for c in cs] for a, cs in got}
    assert cites["ids"] == [
        ("abc123:c-0", 1, "verified", "verbatim", 0.9, []),
        ("ship9:c-1", 2, "verified", "verbatim", None, []),
    ]
    assert cites["names"] == [
        ("Refund Policy.pdf, page 3", 1, "verified", "verbatim", None, []),
        ("https://kb.example.com/shipping", 2, "verified", None, None, []),
    ]
    wrong = cites["wrong"]
    assert wrong[0][:3] == ("abc123:c-9", None, "fabricated") and wrong[0][5] == ["unknown_chunk"]
    assert wrong[1][:3] == ("https://kb.example.com/returns", None, "fabricated") and wrong[1][5] == [
        "unknown_document"
    ]
    assert wrong[2][1:4] == (2, wrong[2][2], "not_found") and wrong[2][2] != "verified"
    assert wrong[3][1:3] == (None, "fabricated") and wrong[3][5] == ["malformed_citation:chunk_id"]
    levels = dict(q(db, "SELECT answer_id, level FROM answer_audit"))
    assert levels == {"ids": "GREEN", "names": "GREEN", "wrong": "RED"}


ONE, TWO = "Refunds take 30 days.", "Shipping is free over 50 euros."
ROWS_5 = [
    make_answer("sources", json.dumps({"answer": f"{ONE} {TWO}", "sources": [1, 2]}), CTX),
    make_answer("refs", json.dumps({"answer": ONE, "refs": [7]}), CTX),
    make_answer("references", json.dumps({"answer": TWO, "references": [{"title": "Shipping.pdf"}]}), CTX),
    # a bracket in code is no inline marker
    make_answer("code", json.dumps({"answer": f"{TWO} Set `fees[1]` to 0.", "sources": [2]}), CTX),
    make_answer(
        "inline", json.dumps({"answer": f"{ONE} [1] {TWO} [2]", "sources": [{"title": "A"}, {"title": "B"}]}), CTX
    ),
]


@batched(ROWS_5)
def test_a_sources_or_references_list_in_structured_output_is_its_citations(answers_db: Path) -> None:
    # `{"answer": ..., "sources": [1, 2]}` (or `references`, `refs`): the list was never read, so a source never
    # retrieved or a wrong one came out YELLOW `no_citations`, unflagged: its citations silently dropped. Read as
    # `citations` is (positions, citation objects), when the answer has no `citations` and cites nowhere inline;
    # beside inline markers it is the list they number, as a closing list of sources is (not cited again)
    db = answers_db
    got = q(
        db,
        "SELECT answer_id, list((marker, cited_ref, context_rank, verdict) ORDER BY citation_ord) FROM citation_audit "
        "GROUP BY 1",
    )
    cites = {a: [tuple(c) for c in cs] for a, cs in got}
    assert [(m, r) for m, _ref, r, _v in cites["sources"]] == [("sources[0]", 1), ("sources[1]", 2)]
    assert cites["refs"] == [("refs[0]", "7", None, "fabricated")]
    assert cites["references"] == [("references[0]", "Shipping.pdf", 2, "verified")]
    assert cites["inline"] == [("[1]", "1", 1, "verified"), ("[2]", "2", 2, "verified")]
    assert [c[:3] for c in cites["code"]] == [("sources[0]", "2", 2)]
    levels = dict(q(db, "SELECT answer_id, level FROM answer_audit"))
    assert levels["refs"] == "RED" and levels["references"] == "GREEN" and levels["inline"] == "GREEN"


def _answer_2(text: str, key: str, names: list[str]) -> str:
    return json.dumps({"answer": text, key: names})


ROWS_6 = [
    make_answer("title", _answer_2(RETURNS, "citations", ["Refund Policy.pdf"]), URL_CTX),
    make_answer("url", _answer_2(FREE, "sources", ["https://kb.example.com/shipping"]), URL_CTX),
    make_answer("stem_and_id", _answer_2(FREE, "citations", ["Shipping", "abc123"]), URL_CTX),
    make_answer("ghost", _answer_2(RETURNS, "citations", ["Warranty.pdf"]), URL_CTX),
    make_answer("blank", _answer_2(RETURNS, "citations", [" "]), URL_CTX),
]


@batched(ROWS_6)
def test_a_document_named_in_a_json_citations_list_is_that_document(answers_db: Path) -> None:
    # `"citations": ["Refund Policy.pdf"]`, `"sources": ["https://kb.example.com/shipping"]`: a list of the documents
    # the answer drew on, by title (with or without its extension), doc_id or url. Each was
    # `invalid_citation_ref` (fabricated, RED) however right; one never retrieved is still fabricated, and named
    db = answers_db
    got = q(
        db,
        "SELECT answer_id, list((marker, cited_ref, context_rank, verdict, reasons) ORDER BY citation_ord) "
        "FROM citation_audit GROUP BY 1",
    )
    cites = {a: [tuple(c) for c in cs] for a, cs in got}
    assert cites["title"][0][:4] == ("citations[0]", "Refund Policy.pdf", 1, "verified")
    assert cites["url"][0][:4] == ("sources[0]", "https://kb.example.com/shipping", 2, "verified")
    assert [c[2] for c in cites["stem_and_id"]] == [2, 1]
    assert cites["ghost"] == [("citations[0]", "Warranty.pdf", None, "fabricated", ["unknown_document"])]
    assert cites["blank"][0][3:] == ("fabricated", ["invalid_citation_ref:citations[0]"])


ROWS_3 = [
    make_answer(
        "two", json.dumps({"answer": RETURNS, "sources": "Refund Policy.pdf, https://kb.example.com/x"}), URL_CTX
    ),
    make_answer("blank", json.dumps({"answer": FREE, "sources": ""}), URL_CTX),
]


@batched(ROWS_3)
def test_a_sources_text_lists_the_documents_it_names(answers_db: Path) -> None:
    # LangChain's RetrievalQAWithSourcesChain logs `{"answer": ..., "sources": "a.pdf, https://..."}`: one text
    # naming the sources, comma separated. It was never read (YELLOW no_citations, unflagged)
    db = answers_db
    cites = q(db, "SELECT answer_id, marker, cited_ref, context_rank, verdict FROM citation_audit ORDER BY 1, 2")
    assert cites == [
        ("two", "sources[0]", "Refund Policy.pdf", 1, "verified"),
        ("two", "sources[1]", "https://kb.example.com/x", None, "fabricated"),
    ]


def _answer_3(text: str, *citations: dict[str, object]) -> str:
    return json.dumps({"answer": text, "citations": list(citations)})


NUMBERED = [{**c, "doc_id": f"kb-{i}"} for i, c in enumerate(URL_CTX)]
ROWS_7 = [
    make_answer(
        "position", _answer_3(FREE, {"id": 2, "quote": "Orders over $50 ship free", "confidence": 0.8}), NUMBERED
    ),
    make_answer("doc_id", _answer_3(RETURNS, {"id": "abc123", "quote": "within 30 days of purchase date"}), URL_CTX),
    make_answer("source_index", _answer_3(RETURNS, {"source_index": 0}, {"source_id": "2"}), NUMBERED),
    make_answer("ghost", _answer_3(RETURNS, {"id": 9}, {"id": "kb-7"}, {"source_index": -1}), NUMBERED),
]


@batched(ROWS_7)
def test_a_citation_object_naming_its_source_by_id_or_position_resolves(answers_db: Path) -> None:
    # `{"id": 2, "quote": ..., "confidence": ...}` (sources shown to the model numbered or by id) and LangChain's
    # `{"source_id": 0, "quote": ...}`, `{"source_index": 0}`: each was malformed_citation:document_id (fabricated,
    # RED) however right. An `id` (`source_id`) is the retrieved document of that id when there is one, else a
    # position as a numeric marker's (1-based by default); `source_index` is 0-based, as in `inline_citations`
    db = answers_db
    got = q(
        db,
        "SELECT answer_id, list((cited_ref, context_rank, verdict, quote_status, claimed_confidence, reasons) "
        "ORDER BY citation_ord) FROM citation_audit GROUP BY 1",
    )
    cites = {a: [tuple(c) for c in cs] for a, cs in got}
    assert cites["position"][0][:5] == ("2", 2, "verified", "verbatim", 0.8)
    assert cites["doc_id"][0][:4] == ("abc123", 1, "verified", "verbatim")
    assert [c[:2] for c in cites["source_index"]] == [("0", 1), ("2", 2)]
    assert [(c[1], c[2], c[5]) for c in cites["ghost"]] == [
        (None, "fabricated", ["index_out_of_range"]),
        (None, "fabricated", ["unknown_document"]),
        (None, "fabricated", ["malformed_citation:source_index"]),
    ]
