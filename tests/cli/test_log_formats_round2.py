"""Log formats of other RAG systems (round 2 of the log-format sweep), each through the real `citeaudit run` on real
Parquet and DuckDB files: read as the citations they are, resolved to the source they name, and each hostile variant
(offsets out of range, negative, start after end, past the text, unknown documents, wrong types) one fabricated
citation naming its field: nothing lost, no traceback."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.cli.hostile import CTX, batched, logged_rows
from tests.cli.hostile import cites_by_answer as _cites
from tests.cli.hostile import fabricated_reasons as _reasons
from tests.cli.hostile import run_logged as _run
from tests.conftest import query as q

REFUNDS, SHIPPING = (c["text"] for c in CTX)  # "Refunds take 30 days.", "Shipping is free over 50 euros."
TEXT = f"{REFUNDS} {SHIPPING}"


def _levels(db: Path) -> dict[str, tuple[str, list[str]]]:
    return {a: (lv, fl) for a, lv, fl in q(db, "SELECT answer_id, level, flags FROM answer_audit")}


def _cohere(doc: str = "d1", **kw: Any) -> dict[str, Any]:
    return {"start": 0, "end": len(REFUNDS), "text": REFUNDS, "document_ids": [doc]} | kw


SHIP = {"start": len(REFUNDS) + 1, "end": len(TEXT), "text": SHIPPING, "document_ids": ["d2"]}
EMOJI = "🙂 " + TEXT  # JavaScript counts the emoji as two code units
ANSWERS = {
    "right": {"text": TEXT, "citations": [_cohere(), SHIP]},
    "wrong": {"text": TEXT, "citations": [_cohere("d2")]},
    "v2": {"message": {"role": "assistant", "content": [{"type": "text", "text": TEXT}],
                       "citations": [_cohere(document_ids=None, sources=[{"type": "document", "id": "d1"}])]}},
    "utf16": {"text": EMOJI, "citations": [_cohere(start=3, end=3 + len(REFUNDS))]},
    "negative": {"text": TEXT, "citations": [_cohere(start=-4)]},
    "reversed": {"text": TEXT, "citations": [_cohere(start=20, end=5, text=None)]},
    "past_end": {"text": TEXT, "citations": [_cohere(start=40, end=400, text=None)]},
    "off_text": {"text": TEXT, "citations": [_cohere(start=2)]},
    "string_start": {"text": TEXT, "citations": [_cohere(start="0")]},
    "unknown_doc": {"text": TEXT, "citations": [_cohere("kb-7")]},
    "ids_not_list": {"text": TEXT, "citations": [_cohere(document_ids="d1")]},
    "id_object": {"text": TEXT, "citations": [_cohere(document_ids=[{"x": 1}])]},
    "not_object": {"text": TEXT, "citations": [_cohere(), 7]},
}  # fmt: skip


@batched(logged_rows(ANSWERS))
def test_cohere_citations_by_offsets_resolve_to_their_documents(answers_db: Path) -> None:
    # Cohere's chat response cites by character offsets into `text` and `document_ids` (v2: `sources` under
    # `message`): it was structured_parse_failed (RED) with the raw JSON audited as the claim, however right
    db = answers_db
    cites, reasons, levels = _cites(db), _reasons(db), _levels(db)
    assert cites["right"] == [("d1", 1, "verified", REFUNDS), ("d2", 2, "verified", SHIPPING)]
    assert levels["right"] == ("GREEN", [])
    assert cites["wrong"][0][:2] == ("d2", 2) and cites["wrong"][0][2] != "verified"
    assert cites["v2"] == [("d1", 1, "verified", REFUNDS)]
    assert cites["utf16"] == [("d1", 1, "verified", REFUNDS)]
    assert reasons["negative"] == ["malformed_citation:start"]
    assert reasons["reversed"] == ["malformed_citation:end"]
    assert reasons["past_end"] == ["malformed_citation:end"]
    assert reasons["off_text"] == ["malformed_citation:start"]  # in range, but not at the text it quotes
    assert reasons["string_start"] == ["malformed_citation:start"]
    assert reasons["unknown_doc"] == ["unknown_document"]
    assert reasons["ids_not_list"] == ["malformed_citation:document_ids"]
    assert reasons["id_object"] == ["malformed_citation:document_ids"]
    assert reasons["not_object"] == ["malformed_citation:not_an_object"] and cites["not_object"][0][2] == "verified"
    for key in ("negative", "reversed", "past_end", "unknown_doc", "not_object"):
        assert levels[key][0] == "RED", key
    # the malformed citation keeps what was logged
    (ref,) = q(db, "SELECT cited_ref FROM citation_audit WHERE answer_id = 'negative'")[0]
    assert json.loads(ref)["start"] == -4


ANSWERS_2 = {
    "index": f'(cite index="1-2">{REFUNDS}</cite> <cite index="2-1,2-3">{SHIPPING}</cite>',
    "id": f'<cite id="1">{REFUNDS}</cite> <citation source="Shipping.pdf">{SHIPPING}</citation>',
    "wrong": f'<cite id="2">{REFUNDS}</cite>',
    "json": {"answer": f'<cite id="1">{REFUNDS}</cite>'},
    "bad_index": f'<cite index="first">{REFUNDS}</cite>',
    "ghost": f'<cite id="9">{REFUNDS}</cite>',
}


@batched(logged_rows(ANSWERS_2))
def test_cite_tags_around_the_claim_cite_the_document_they_name(answers_db: Path) -> None:
    # `<cite index="1-2">` (Anthropic: document 1, sentence 2), `<cite id="1">`, `<citation source="...">` around the
    # claim were no marker: YELLOW no_citations, a wrong source never seen
    db = answers_db
    cites, reasons, levels = _cites(db), _reasons(db), _levels(db)
    assert cites["index"] == [("1", 1, "verified", REFUNDS), ("2", 2, "verified", SHIPPING)]
    assert cites["id"] == [("1", 1, "verified", REFUNDS), ("Shipping.pdf", 2, "verified", SHIPPING)]
    assert levels["index"] == levels["id"] == ("GREEN", [])
    (text,) = q(db, "SELECT answer_text FROM answer_audit WHERE answer_id = 'index'")[0]
    assert text == TEXT  # the tags are no part of what the user read
    assert cites["wrong"][0][1] == 2 and cites["wrong"][0][2] != "verified" and levels["wrong"][0] != "GREEN"
    assert cites["json"] == [("1", 1, "verified", REFUNDS)]
    assert reasons["bad_index"] == ["malformed_citation:cite.index"]
    assert reasons["ghost"] == ["index_out_of_range"]


ANSWERS_3 = {
    "response": {"response": f"{REFUNDS[:-1]} [1].", "source_nodes": [{"node": {"id_": "n1"}, "score": 0.8}]},
    "result": {"result": f"{REFUNDS[:-1]} [1].", "source_documents": []},
    "output": {"output": f"{REFUNDS[:-1]} [2]."},
    "text": {"text": REFUNDS, "citations": [1]},
    "content": {"role": "assistant", "content": REFUNDS, "citations": [2]},
    "no_text": {"response": {"x": 1}},
    # a key given twice: DuckDB reads the first, Python the last; which the user saw is unknown
    "twice": '{"text": "Refunds take 30 days [1].", "text": "Refunds take 90 days [1]."}',
}


@batched(logged_rows(ANSWERS_3))
def test_an_answer_under_another_key_is_read(answers_db: Path) -> None:
    # `response` (LlamaIndex), `result` / `output` (LangChain), `text`, `content`: structured_parse_failed, RED
    db = answers_db
    cites, levels = _cites(db), _levels(db)
    assert cites["response"] == cites["result"] == [("1", 1, "verified", REFUNDS)]
    assert cites["text"] == [("1", 1, "verified", REFUNDS)]
    assert cites["output"][0][:2] == ("2", 2) and cites["output"][0][2] != "verified"
    assert cites["content"][0][:2] == ("2", 2) and cites["content"][0][2] != "verified"
    assert levels["response"] == ("GREEN", [])
    assert levels["no_text"] == levels["twice"] == ("RED", ["structured_parse_failed"])


ANSWERS_4 = {
    "top": {"sentences": [{"text": REFUNDS, "citations": [1]}, {"text": SHIPPING, "citations": [1]}]},
    "nested": {"answer": {"sentences": [{"text": REFUNDS, "citations": ["Refund Policy.pdf"]}]}},
    "bad": {"sentences": [{"text": REFUNDS, "citations": 1}, {"text": 5}]},
}


@batched(logged_rows(ANSWERS_4))
def test_per_sentence_citations_cite_their_sentence(answers_db: Path) -> None:
    db = answers_db
    cites, reasons = _cites(db), _reasons(db)
    assert cites["top"][0] == ("1", 1, "verified", REFUNDS)
    assert cites["top"][1][:2] == ("1", 1) and cites["top"][1][2:] == ("misattributed", SHIPPING)
    assert cites["nested"] == [("Refund Policy.pdf", 1, "verified", REFUNDS)]
    assert reasons["bad"] == ["malformed_citation:sentences[].citations", "malformed_citation:sentences[].text"]


CLAIMS = ["Refunds take 30 days.", "Refunds take thirty days.", "Refunds are paid within 30 days."]
ANSWERS_5 = {
    "text_conf": {
        "answer": " ".join(CLAIMS),
        "citations": [{"document_id": "d1", "claim_text": c, "confidence_score": v}
                      for c, v in zip(CLAIMS, ["0.9", "90%", "high"], strict=True)],
    }
}  # fmt: skip


@batched(logged_rows(ANSWERS_5))
def test_a_confidence_written_as_text_is_read_or_named(answers_db: Path) -> None:
    # "0.9" and "90%" were `confidence_not_a_number` (NULL); "high" still is, named in a reason
    db = answers_db
    got = q(db, "SELECT claimed_confidence, list_filter(reasons, lambda r: r LIKE 'confidence%') FROM citation_audit "
                "ORDER BY citation_ord")  # fmt: skip
    assert got == [(0.9, []), (0.9, []), (None, ['confidence_not_a_number:"high"'])]


ANSWERS_6 = {
    "conflict": {"answer": REFUNDS, "citations": [{"document_id": "d1", "doc_id": "d2"}]},
    "pages": {"answer": REFUNDS, "citations": [{"document_id": "d1", "page_number": 1, "page": 2}]},
    "agree": {"answer": REFUNDS, "citations": [{"document_id": "d1", "doc_id": " d1"}]},
    "title_url": {"answer": REFUNDS, "citations": [{"title": "Refund Policy.pdf", "url": "https://x.org/d1"}]},
}


@batched(logged_rows(ANSWERS_6))
def test_a_field_given_twice_under_two_names_is_flagged_not_guessed(answers_db: Path) -> None:
    db = answers_db
    reasons, cites = _reasons(db), _cites(db)
    assert reasons["conflict"] == ["malformed_citation:document_id+doc_id"]
    assert reasons["pages"] == ["malformed_citation:page_number+page"]
    assert [c[1:] for c in cites["agree"] + cites["title_url"]] == [(1, "verified", REFUNDS)] * 2


CTX_2 = [
    {"doc_id": "z1", "chunk_id": "0", "title": "退款政策.pdf", "text": "退款需要30天。"},
    {"doc_id": "z2", "chunk_id": "0", "title": "运费.pdf", "text": "订单超过50欧元免运费。"},
]
ANSWERS_7 = {
    "paren": "退款需要30天（来源 1）。订单超过50欧元免运费（出典2）。",
    "bracket": "退款需要30天[来源1]。订单超过50欧元免运费【来源：2】。",
    "wrong": "退款需要90天（来源 1）。",
    "ghost": "退款需要30天（来源 7）。",
}


@batched(logged_rows(ANSWERS_7, CTX_2))
def test_chinese_and_japanese_labels_are_markers(answers_db: Path) -> None:
    db = answers_db
    cites, levels = _cites(db), _levels(db)
    assert [(r, v) for _, r, v, _ in cites["paren"]] == [(1, "verified"), (2, "verified")]
    assert [(r, v) for _, r, v, _ in cites["bracket"]] == [(1, "verified"), (2, "verified")]
    assert cites["wrong"][0][1] == 1 and cites["wrong"][0][2] != "verified" and levels["wrong"][0] == "RED"
    assert _reasons(db)["ghost"] == ["index_out_of_range"]


URLS = ["https://x.org/d2", "https://x.org/d1"]
ANSWERS_8 = {
    "right": {"answer": f"{SHIPPING[:-1]} [1]. {REFUNDS[:-1]} [2].", "citations": URLS},
    "wrong": {"answer": f"{REFUNDS[:-1]} [1].", "citations": URLS},
    "past": {"answer": f"{REFUNDS[:-1]} [3].", "citations": URLS},
    "unknown": {"answer": f"{REFUNDS[:-1]} [1].", "citations": ["https://elsewhere.org/x"]},
    "chat": {"choices": [{"message": {"content": f"{REFUNDS[:-1]} [2]."}}], "citations": URLS},
}


@batched(logged_rows(ANSWERS_8))
def test_perplexity_markers_number_the_url_list(answers_db: Path) -> None:
    # `[1]` beside `"citations": ["https://..."]` is the first url, resolved by url: it was checked against the first
    # retrieved context (and the url cited the whole answer once more)
    db = answers_db
    cites, reasons = _cites(db), _reasons(db)
    assert cites["right"] == [(URLS[0], 2, "verified", SHIPPING), (URLS[1], 1, "verified", REFUNDS)]
    assert cites["wrong"][0][:2] == (URLS[0], 2) and cites["wrong"][0][2] != "verified"
    assert reasons["past"] == ["index_out_of_range"]
    assert reasons["unknown"] == ["unknown_document"]
    assert cites["chat"] == [(URLS[1], 1, "verified", REFUNDS)]


LINK = " ([x.org](https://x.org/d1))"
TEXT_2 = REFUNDS[:-1] + LINK + ". " + SHIPPING
START = len(REFUNDS) - 1
NOTE = {"type": "url_citation", "start_index": START, "end_index": START + len(LINK), "url": "https://x.org/d1"}
RESPONSES = {
    "output": [{"type": "message", "content": [{"type": "output_text", "text": TEXT_2, "annotations": [NOTE]}]}]
}
CHAT = {"choices": [{"message": {"content": TEXT_2, "annotations": [{"type": "url_citation", "url_citation": NOTE}]}}]}
FILE_NOTE = {"type": "file_citation", "file_id": "file-1", "filename": "Shipping.pdf", "index": len(TEXT)}
ANSWERS_9 = {
    "responses": RESPONSES,
    "chat": CHAT,
    "file": {"output": [{"type": "message", "content": [{"type": "output_text", "text": TEXT,
                                                          "annotations": [FILE_NOTE]}]}]},
    "past": {"output": [{"type": "message", "content": [{"type": "output_text", "text": TEXT,
                                                          "annotations": [NOTE | {"start_index": 900}]}]}]},
    "no_url": {"output": [{"type": "message", "content": [{"type": "output_text", "text": TEXT,
                                                            "annotations": [NOTE | {"url": None}]}]}]},
}  # fmt: skip


@batched(logged_rows(ANSWERS_9))
def test_openai_annotations_cite_the_sentence_before_them(answers_db: Path) -> None:
    db = answers_db
    cites, reasons = _cites(db), _reasons(db)
    assert cites["responses"] == cites["chat"] == [("https://x.org/d1", 1, "verified", REFUNDS[:-1])]
    assert cites["file"] == [("Shipping.pdf", 2, "verified", SHIPPING)]
    assert reasons["past"] == ["malformed_citation:start_index"]
    assert reasons["no_url"] == ["malformed_citation:url"]


def test_vertex_grounding_supports_cite_their_segment(tmp_path: Path) -> None:
    text = "Rückerstattung: " + TEXT  # Vertex counts UTF-8 bytes: the ü moves every offset by one
    at = len("Rückerstattung: ".encode())
    chunks = [{"web": {"uri": "https://x.org/d1", "title": "x.org"}}, {"retrievedContext": {"uri": "https://x.org/d2"}}]

    def doc(*supports: dict[str, Any]) -> dict[str, Any]:
        meta = {"groundingChunks": chunks, "groundingSupports": list(supports)}
        return {"candidates": [{"content": {"parts": [{"text": text}]}, "groundingMetadata": meta}]}

    def seg(start: Any, end: Any, idx: Any) -> dict[str, Any]:
        return {"segment": {"startIndex": start, "endIndex": end}, "groundingChunkIndices": idx}

    end = at + len(REFUNDS)
    answers = {
        "right": doc(seg(at, end, [0]), seg(end + 1, len(text.encode()), [1])),
        "wrong": doc(seg(at, end, [1])),
        "chunk_past": doc(seg(at, end, [5])),
        "past_end": doc(seg(at, 5000, [0])),
        "no_indices": doc(seg(at, end, None)),
    }
    db = _run(tmp_path, answers)
    cites, reasons = _cites(db), _reasons(db)
    assert cites["right"] == [
        ("https://x.org/d1", 1, "verified", REFUNDS),
        ("https://x.org/d2", 2, "verified", SHIPPING),
    ]
    assert cites["wrong"][0][1] == 2 and cites["wrong"][0][2] != "verified"
    assert reasons["chunk_past"] == ["malformed_citation:groundingChunkIndices"]
    assert reasons["past_end"] == ["malformed_citation:segment.endIndex"]
    assert reasons["no_indices"] == ["malformed_citation:groundingChunkIndices"]
