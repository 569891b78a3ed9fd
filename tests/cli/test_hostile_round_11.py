"""Hostile inputs and log formats, round 11, each through the real `citeaudit run` on real Parquet and DuckDB files
(one run for the module's `@batched` answers): a citation written as users' RAG systems write it is read as one (not
lost, not counted as fabricated), and nothing of its marker stays in the claim."""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path
from typing import Any

from tests.cli.hostile import CTX, batched, cites_by_answer, fabricated_reasons, logged_rows
from tests.conftest import make_answer
from tests.conftest import query as q

REFUNDS, SHIPPING = (c["text"] for c in CTX)  # "Refunds take 30 days.", "Shipping is free over 50 euros."
JOINED = "Refunds take 30 days and shipping is free over 50 euros."
BOTH = [("1", "verified", JOINED), ("2", "verified", JOINED)]

ENTITY_GAPS = {
    "nbsp": f"{JOINED[:-1]} [1,&nbsp;2].",
    "inside": f"{REFUNDS[:-1]} [&nbsp;1&nbsp;].",
    "decimal": f"{JOINED[:-1]} [1,&#160;2].",
    "hex": f"{JOINED[:-1]} [1,&#xA0;2].",
    "thin": f"{JOINED[:-1]} [1,&thinsp;2].",
    "twice": f"{JOINED[:-1]} [1,&amp;nbsp;2].",
    "paren": f"{JOINED[:-1]} (Sources 1,&nbsp;2).",
    "html": f"{JOINED[:-1]} &#91;1,&nbsp;2&#93;.",
    "range": f"{JOINED[:-1]} [1&nbsp;-&nbsp;2].",
    "amp_number": f"{JOINED[:-1]} [1 &#38; 2].",
    "wrong": f"{REFUNDS[:-1]} [2,&nbsp;2].",
}


@batched(logged_rows(ENTITY_GAPS))
def test_a_space_written_as_an_html_entity_inside_a_marker_is_a_gap(answers_db: Path) -> None:
    # `[1,&nbsp;2]` (a template joining positions with "&nbsp;", or the answer HTML-escaped by a logger): no marker,
    # YELLOW no_citations however wrong; `[1,&#160;2]` and `[1 &#38; 2]` read `#160` / `#38` as a position, a citation
    # of source 160 or 38, fabricated (RED however right)
    got = {a: [(ref, v, c) for ref, _, v, c in cs] for a, cs in cites_by_answer(answers_db).items()}
    for a in ("nbsp", "decimal", "hex", "thin", "twice", "paren", "html", "range", "amp_number"):
        assert got.get(a) == BOTH, (a, got.get(a))
    assert got["inside"] == [("1", "verified", REFUNDS)], got
    assert got["wrong"] == [("2", "misattributed", REFUNDS)], got


STOPS = {
    "after_stop": f"{REFUNDS}&nbsp;[1] {SHIPPING}&#160;[2]",
    "before_stop": f"{REFUNDS[:-1]}&nbsp;[1]. {SHIPPING[:-1]}&nbsp;[2].",
}


@batched(logged_rows(STOPS))
def test_a_space_written_as_an_html_entity_beside_a_marker_keeps_it_with_its_sentence(answers_db: Path) -> None:
    # `days.&nbsp;[1] Shipping ...` ended no sentence: each marker's claim was both sentences; `days&nbsp;[1].` left
    # the claim "Refunds take 30 days ." (the entity read as a no-break space before the stop)
    got = {a: [(ref, v, c) for ref, _, v, c in cs] for a, cs in cites_by_answer(answers_db).items()}
    for a in STOPS:
        assert got.get(a) == [("1", "verified", REFUNDS), ("2", "verified", SHIPPING)], (a, got.get(a))


def _lines(events: list[dict[str, Any]], sse: bool = False) -> str:
    return "\n".join(("event: x\ndata: " if sse else "") + json.dumps(e) for e in events) + ("\n\ndata: [DONE]" * sse)


def _anthropic(text: str, index: int) -> list[dict[str, Any]]:
    cite = {"type": "char_location", "cited_text": text, "document_index": index, "start_char_index": 0}
    return [
        {"type": "message_start", "message": {"id": "msg_1", "type": "message", "content": []}},
        {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": "", "citations": []}},
        {"type": "content_block_delta", "index": 0, "delta": {"type": "citations_delta", "citation": cite}},
        {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": text[:8]}},
        {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": text[8:]}},
        {"type": "content_block_stop", "index": 0},
        {"type": "message_delta", "delta": {"stop_reason": "end_turn"}},
        {"type": "message_stop"},
    ]


def _responses(text: str, url: str, completed: bool) -> list[dict[str, Any]]:
    note = {"type": "url_citation", "start_index": 0, "end_index": len(text), "url": url, "title": "x"}
    events: list[dict[str, Any]] = [
        {"type": "response.created", "response": {"id": "resp_1", "output": []}},
        {"type": "response.output_text.delta", "output_index": 0, "content_index": 0, "delta": text[:8]},
        {"type": "response.output_text.delta", "output_index": 0, "content_index": 0, "delta": text[8:]},
        {"type": "response.output_text.annotation.added", "output_index": 0, "content_index": 0, "annotation": note},
    ]
    part = {"type": "output_text", "text": text, "annotations": [note]}
    done = {"type": "response.completed", "response": {"output": [{"type": "message", "content": [part]}]}}
    return events + [done] * completed


def _chunks(text: str, urls: list[str]) -> list[dict[str, Any]]:
    words = text.split(" ")
    return [
        {"object": "chat.completion.chunk", "choices": [{"index": 0, "delta": {"content": w + " "}}], "citations": urls}
        for w in words
    ]


STREAMS = {
    "anthropic": _lines(_anthropic(REFUNDS, 0)),
    "anthropic_sse": _lines(_anthropic(SHIPPING, 1), sse=True),
    "anthropic_list": json.dumps(_anthropic(REFUNDS, 0)),
    "anthropic_wrong": _lines(_anthropic("Refunds take 90 days.", 0)),
    "responses": _lines(_responses(REFUNDS, "https://x.org/d1", completed=True), sse=True),
    "responses_deltas": _lines(_responses(SHIPPING, "https://x.org/d2", completed=False)),
    "chunks": _lines(_chunks(f"{REFUNDS[:-1]} [1].", ["https://x.org/d1"]), sse=True),
    "chunks_wrong": _lines(_chunks(f"{REFUNDS[:-1]} [1].", ["https://x.org/d2"])),
    # a stream cut inside an event (a logger killed mid-line) cannot be read: structured output, RED
    "cut": _lines(_anthropic(REFUNDS, 0))[:-40],
}


@batched(logged_rows(STREAMS))
def test_a_providers_stream_logged_event_by_event_is_read_as_its_response(answers_db: Path) -> None:
    # Anthropic's Messages stream, OpenAI's Responses stream and chat completion chunks (a logger writing the raw
    # stream: JSON lines, `data:` lines, a JSON list of events) were structured_parse_failed, RED however right, each
    # event line an uncited claim
    got = {a: [(ref, v, c) for ref, _, v, c in cs] for a, cs in cites_by_answer(answers_db).items()}
    assert got["anthropic"] == got["anthropic_list"] == [("0", "verified", REFUNDS)], got
    assert got["anthropic_sse"] == [("1", "verified", SHIPPING)], got
    assert got["responses"] == [("https://x.org/d1", "verified", REFUNDS)], got
    assert got["responses_deltas"] == [("https://x.org/d2", "verified", SHIPPING)], got
    assert got["chunks"] == [("https://x.org/d1", "verified", REFUNDS)], got
    assert [v for _, v, _ in got["anthropic_wrong"]] not in (["verified"], ["fabricated"]), got
    assert [v for _, v, _ in got["chunks_wrong"]] == ["misattributed"], got
    levels = dict(q(answers_db, "SELECT answer_id, level FROM answer_audit"))
    flags = dict(q(answers_db, "SELECT answer_id, flags FROM answer_audit"))
    assert {a: levels[a] for a in STREAMS if a not in ("anthropic_wrong", "chunks_wrong", "cut")} == dict.fromkeys(
        [a for a in STREAMS if a not in ("anthropic_wrong", "chunks_wrong", "cut")], "GREEN"
    ), levels
    assert levels["cut"] == "RED" and "structured_parse_failed" in flags["cut"], (levels, flags)
    structured = dict(q(answers_db, "SELECT answer_id, structured_output FROM answer_audit"))
    assert [a for a in STREAMS if not structured[a]] == ["cut"], structured  # as a broken JSON answer is


OPEN, SEP, CLOSE = "\ue200", "\ue202", "\ue201"  # ChatGPT's private-use marks (round 10)
ACME = "Refunds at Acme take 30 days."
ACME_CTX = [CTX[0] | {"text": ACME, "url": "https://x.org/d1"}, CTX[1] | {"url": "https://x.org/d2"}]


def _entity(*items: Any) -> str:
    return f"{OPEN}entity{SEP}{json.dumps(list(items))}{CLOSE}"


ENTITY_MARKS = {
    "name": f"Refunds at {_entity('store', 'Acme')} take 30 days [1].",
    "described": f"Refunds at {_entity('store', 'Acme', 'a shop in Leeds')} take 30 days [1].",
    "cited": f"Refunds at {_entity('store', 'Acme')} take 30 days.{OPEN}cite{SEP}turn0search0{CLOSE}",
    "wrong": f"Refunds at {_entity('store', 'Acme')} take 90 days [1].",
    # no name written: the mark's characters go, its words stay (as before)
    "unnamed": f"Refunds at {_entity('store')} take 30 days [1].",
}


@batched(logged_rows(ENTITY_MARKS, ACME_CTX))
def test_a_chatgpt_entity_mark_reads_as_the_name_it_shows(answers_db: Path) -> None:
    # `\ue200entity\ue202["store","Acme"]\ue201` (ChatGPT's exported answers, shown as "Acme"): its words stayed in the
    # claim, `entity["store","Acme"]`, unsupported with missing_quote:store (a right answer RED)
    got = {a: [(v, c) for _, _, v, c in cs] for a, cs in cites_by_answer(answers_db).items()}
    for a in ("name", "described", "cited"):
        assert got.get(a) == [("verified", ACME)], (a, got.get(a))
    ((wrong, claim),) = got["wrong"]
    assert wrong != "verified" and claim == "Refunds at Acme take 90 days.", got
    assert got["unnamed"][0][1] == 'Refunds at entity["store"] take 30 days.', got


def _gemini(texts: list[str], supports: list[tuple[int, int, int]]) -> list[dict[str, Any]]:
    chunks = [{"web": {"uri": "https://x.org/d1"}}, {"web": {"uri": "https://x.org/d2"}}]
    meta = {
        "groundingChunks": chunks,
        "groundingSupports": [
            {"segment": {"startIndex": s, "endIndex": e}, "groundingChunkIndices": [i]} for s, e, i in supports
        ],
    }
    out: list[dict[str, Any]] = [
        {"candidates": [{"content": {"role": "model", "parts": [{"text": t}]}}]} for t in texts
    ]
    out[-1]["candidates"][0]["groundingMetadata"] = meta
    return out


GEMINI_TEXTS = [REFUNDS, " " + SHIPPING]
GEMINI = {
    "list": json.dumps(_gemini(GEMINI_TEXTS, [(0, 21, 0), (22, 53, 1)])),
    "sse": _lines(_gemini(GEMINI_TEXTS, [(0, 21, 0), (22, 53, 1)]), sse=True),
    "wrong": json.dumps(_gemini(GEMINI_TEXTS, [(0, 21, 1)])),
}


@batched(logged_rows(GEMINI))
def test_a_gemini_stream_logged_chunk_by_chunk_is_read_as_its_response(answers_db: Path) -> None:
    # `streamGenerateContent`'s chunks logged as a JSON list (or `alt=sse` lines): structured_parse_failed, RED, and
    # the JSON's own `"groundingChunkIndices": [0]` read as markers (fabricated, index_out_of_range)
    got = {a: [(ref, v, c) for ref, _, v, c in cs] for a, cs in cites_by_answer(answers_db).items()}
    both = [("https://x.org/d1", "verified", REFUNDS), ("https://x.org/d2", "verified", SHIPPING)]
    assert got["list"] == got["sse"] == both, got
    assert got["wrong"] == [("https://x.org/d2", "misattributed", REFUNDS)], got
    flags = dict(q(answers_db, "SELECT answer_id, flags FROM answer_audit"))
    assert flags == {a: [] for a in GEMINI}, flags


SELECTORS = {
    "one": f"{REFUNDS[:-1]} [1\ufe0f]. {SHIPPING[:-1]} [2\ufe0f].",
    "wrong": f"{REFUNDS[:-1]} [2\ufe0f].",
}


@batched(logged_rows(SELECTORS))
def test_a_variation_selector_after_a_position_is_invisible(answers_db: Path) -> None:
    # `[1\ufe0f]` (a keyboard's emoji digit: the digit and its presentation selector): no marker, YELLOW no_citations
    # however wrong
    got = {a: [(ref, v) for ref, _, v, _ in cs] for a, cs in cites_by_answer(answers_db).items()}
    assert got["one"] == [("1", "verified"), ("2", "verified")], got
    assert got["wrong"] == [("2", "misattributed")], got


SEARCH_TEXT = f"{REFUNDS} {SHIPPING}"
SEARCH_REFS = [
    {"chunkInfo": {"content": REFUNDS, "documentMetadata": {"uri": "https://x.org/d1", "title": "Refunds"}}},
    # a Cloud Storage uri the log's sources do not carry: the document's title names it
    {
        "unstructuredDocumentInfo": {
            "document": "projects/p/documents/d2",
            "uri": "gs://kb/s.pdf",
            "title": "Shipping.pdf",
        }
    },
]


def _search(cites: list[tuple[Any, Any, str]], refs: list[dict[str, Any]] = SEARCH_REFS) -> dict[str, Any]:
    listed = [{"startIndex": s, "endIndex": e, "sources": [{"referenceId": r}]} for s, e, r in cites]
    return {"answer": {"state": "SUCCEEDED", "answerText": SEARCH_TEXT, "citations": listed, "references": refs}}


SEARCH = {
    "answer": _search([("0", "21", "0"), ("22", "53", "1")]),
    # the Python SDK's dump: snake case, integers as numbers, a zero start left out
    "snake": {
        "answer": {
            "answer_text": SEARCH_TEXT,
            "citations": [{"end_index": 21, "sources": [{"reference_id": "0"}]}],
            "references": [{"chunk_info": {"document_metadata": {"uri": "https://x.org/d1"}}}],
        }
    },
    "wrong": _search([("0", "21", "1")]),
    "past_text": _search([("0", "99", "0")]),
    "no_reference": _search([("0", "21", "7")]),
}


@batched(logged_rows(SEARCH))
def test_a_vertex_ai_search_answer_is_read_as_structured_output(answers_db: Path) -> None:
    # Discovery Engine's answer (`answer.answerText`, `citations[].sources[].referenceId` into `references`):
    # structured_parse_failed, RED however right (an `answer` that is no text)
    got = {a: [(ref, v, c) for ref, _, v, c in cs] for a, cs in cites_by_answer(answers_db).items()}
    assert got["answer"] == [("https://x.org/d1", "verified", REFUNDS), ("Shipping.pdf", "verified", SHIPPING)], got
    assert got["snake"] == [("https://x.org/d1", "verified", REFUNDS)], got
    assert got["wrong"] == [("Shipping.pdf", "misattributed", REFUNDS)], got
    bad = {a: reasons for a, reasons in fabricated_reasons(answers_db).items() if a in ("past_text", "no_reference")}
    assert bad == {
        "past_text": ["malformed_citation:endIndex"],
        "no_reference": ["malformed_citation:referenceId"],
    }, bad
    flags = dict(q(answers_db, "SELECT answer_id, flags FROM answer_audit"))
    assert not any("structured_parse_failed" in f for f in flags.values()), flags


CAFE = "Refunds at Café Zoë in Malmö take 30 days."
CAFE_CTX = [{"doc_id": "d1", "chunk_id": "c1", "title": "Refund Policy.pdf", "page": 1, "text": CAFE}]
NFD_CTX = [CAFE_CTX[0] | {"text": unicodedata.normalize("NFD", CAFE)}]


def _quoted(span: str, claim: str | None = None) -> dict[str, Any]:
    cite = {"document_id": "d1", "text_span": span, "citation_type": "direct_quote"}
    return {"answer": CAFE, "citations": [cite | ({"claim_text": claim} if claim else {})]}


NORMAL_FORMS = {
    "nfd_quote": _quoted(unicodedata.normalize("NFD", CAFE)),
    "nfd_claim": _quoted(CAFE, claim=unicodedata.normalize("NFD", CAFE)),
    "wrong": _quoted(unicodedata.normalize("NFD", CAFE.replace("30", "90"))),
}


@batched([*logged_rows(NORMAL_FORMS, CAFE_CTX), make_answer("nfc_on_nfd", json.dumps(_quoted(CAFE)), NFD_CTX)])
def test_a_quote_in_the_other_unicode_normal_form_is_found(answers_db: Path) -> None:
    # a `text_span` decomposed (NFD: `e` + U+0301, as macOS copies text) against a composed (NFC) source, or the
    # reverse: `text_span_not_found_in_source` (never verified, RED however right) or a fuzzy `quote_not_verbatim`;
    # a decomposed `claim_text` in a composed answer `claim_not_in_answer`
    got = dict(q(answers_db, "SELECT answer_id, (verdict, quote_status, reasons) FROM citation_audit"))
    for a in ("nfd_quote", "nfd_claim", "nfc_on_nfd"):
        verdict, status, reasons = got[a]
        assert (verdict, status) == ("verified", "verbatim"), (a, got[a])
        assert not [r for r in reasons if "not_" in r or "fuzzy" in r], (a, got[a])
    verdict, status, reasons = got["wrong"]
    assert verdict != "verified" and status == "not_found" and "text_span_not_found_in_source" in reasons, got
