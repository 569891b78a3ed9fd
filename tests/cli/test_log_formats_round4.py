"""Log formats of other RAG systems, round 4, each through the real `citeaudit run` on real Parquet and DuckDB files:
a citation the format gives is read, checked against the source it names, or `fabricated` with its reason, never
lost."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.cli.hostile import CTX, batched, logged_rows
from tests.cli.hostile import cites_by_answer as _cites
from tests.cli.hostile import fabricated_reasons as _reasons
from tests.cli.hostile import run_logged as _run
from tests.conftest import query as q

REFUNDS, SHIPPING = (c["text"] for c in CTX)  # "Refunds take 30 days.", "Shipping is free over 50 euros."
TEXT = f"{REFUNDS} {SHIPPING}"


def _dumped(text: str, *supports: tuple[int, int, list[Any]]) -> dict[str, Any]:
    chunks = [{"web": {"uri": "https://x.org/d1", "title": "x.org"}},
              {"retrieved_context": {"uri": "https://x.org/d2", "title": "Shipping.pdf"}}]  # fmt: skip
    sup = [{"segment": {"start_index": s, "end_index": e, "text": text[s:e]}, "grounding_chunk_indices": i,
            "confidence_scores": [0.9]} for s, e, i in supports]  # fmt: skip
    meta = {"grounding_chunks": chunks, "grounding_supports": sup, "web_search_queries": ["refunds"]}
    cand = {"content": {"parts": [{"text": text}], "role": "model"}, "grounding_metadata": meta,
            "finish_reason": "STOP"}  # fmt: skip
    return {"candidates": [cand], "model_version": "gemini-2.0-flash", "sdk_http_response": None}


END = len(REFUNDS)
ANSWERS = {
    "right": _dumped(TEXT, (0, END, [0]), (END + 1, len(TEXT), [1])),
    "wrong": _dumped(TEXT, (0, END, [1])),
    "past": _dumped(TEXT, (0, END, [7])),
}


@batched(logged_rows(ANSWERS))
def test_a_gemini_response_dumped_by_the_python_sdk_is_read(answers_db: Path) -> None:
    # google-genai's `response.model_dump(mode="json")` (and `to_dict()` of the older SDK) write the fields in snake
    # case, `grounding_metadata`, `grounding_supports`, `start_index`, `grounding_chunk_indices`: every support was
    # left unread (YELLOW no_citations, a wrong one never checked)
    db = answers_db
    cites = _cites(db)
    assert cites["right"] == [
        ("https://x.org/d1", 1, "verified", REFUNDS),
        ("https://x.org/d2", 2, "verified", SHIPPING),
    ]
    assert cites["wrong"][0][1] == 2 and cites["wrong"][0][2] != "verified"
    assert _reasons(db)["past"] == ["malformed_citation:groundingChunkIndices"]


CODE = {"executableCode": {"language": "PYTHON", "code": "print(1)"}}


def _doc(parts: list[Any], *supports: dict[str, Any]) -> dict[str, Any]:
    chunks = [{"retrievedContext": {"uri": f"https://x.org/{d}"}} for d in ("d1", "d2")]
    meta = {"groundingChunks": chunks, "groundingSupports": list(supports)}
    return {"candidates": [{"content": {"parts": parts}, "groundingMetadata": meta}]}


def _seg(text: str, idx: int, part: int | None = None, start: int = 0) -> dict[str, Any]:
    at = {"partIndex": part} if part is not None else {}
    s = {"startIndex": start, "endIndex": start + len(text.encode()), "text": text} | at
    return {"segment": s, "groundingChunkIndices": [idx]}


TWO = [{"text": REFUNDS}, CODE, {"text": " Rückgabe: " + SHIPPING}]
ANSWERS_2 = {
    "parts": _doc(TWO, _seg(REFUNDS, 0, 0), _seg(SHIPPING, 1, 2, len(" Rückgabe: ".encode()))),
    "wrong_part": _doc(TWO, _seg(SHIPPING, 1, 7, 1)),
    "joined": _doc([{"text": REFUNDS}, {"text": " " + SHIPPING}], _seg(SHIPPING, 1, None, len(REFUNDS) + 1)),
}


@batched(logged_rows(ANSWERS_2))
def test_a_grounding_segment_counts_in_the_part_its_part_index_names(answers_db: Path) -> None:
    # a segment's offsets count from the start of the part its `partIndex` names (Gemini answers in several parts,
    # code or a thought part between): they were read in the parts joined, a second part's support
    # malformed_citation:segment.startIndex (fabricated, RED) however right
    db = answers_db
    cites = _cites(db)
    assert cites["parts"] == [
        ("https://x.org/d1", 1, "verified", REFUNDS),
        ("https://x.org/d2", 2, "verified", SHIPPING),
    ]
    assert _reasons(db)["wrong_part"] == ["malformed_citation:segment.partIndex"]
    assert cites["joined"] == [("https://x.org/d2", 2, "verified", SHIPPING)]  # no partIndex: the parts joined


def test_an_openai_assistants_message_cites_by_its_file_citations(tmp_path: Path) -> None:
    # an Assistants API `thread.message` (`content[].text` an object: `value` and `annotations`, each file citation
    # the `【4:0†source】` mark it replaces and the `file_id` it stands for) was structured_parse_failed (RED, the raw
    # JSON audited as the claim, each mark `source_not_named`) however right
    ctx = [c | {"doc_id": f"file-{c['doc_id']}"} for c in CTX]

    def message(*claims: tuple[str, str], quote: str | None = None) -> dict[str, Any]:
        value, notes = "", []
        for i, (claim, file_id) in enumerate(claims):
            mark = f"【4:{i}†source】"
            value += ("" if not value else " ") + claim[:-1]
            body = {"file_id": file_id} | ({"quote": quote} if quote else {})
            notes.append({"type": "file_citation", "text": mark, "start_index": len(value),
                          "end_index": len(value) + len(mark), "file_citation": body})  # fmt: skip
            value += mark + "."
        text = {"type": "text", "text": {"value": value, "annotations": notes}}
        return {"id": "msg_1", "object": "thread.message", "role": "assistant", "content": [text], "run_id": "run_1"}

    past = message((REFUNDS, "file-d1"))
    past["content"][0]["text"]["annotations"][0]["start_index"] = 500
    answers = {
        "right": message((REFUNDS, "file-d1"), (SHIPPING, "file-d2")),
        "wrong": message((REFUNDS, "file-d2")),
        "unknown": message((REFUNDS, "file-zz")),
        "quote": message((REFUNDS, "file-d1"), quote="Refunds take 90 days."),
        "past": past,
    }
    db = _run(tmp_path, answers, ctx)
    cites, reasons = _cites(db), _reasons(db)
    text = dict(q(db, "SELECT answer_id, answer_text FROM answer_audit"))
    assert text["right"] == TEXT
    assert cites["right"] == [("file-d1", 1, "verified", REFUNDS[:-1]), ("file-d2", 2, "verified", SHIPPING[:-1])]
    assert cites["wrong"][0][1] == 2 and cites["wrong"][0][2] != "verified"
    assert reasons["unknown"] == ["unknown_document"]
    assert cites["quote"][0][2] != "verified"  # a quote its file does not hold
    # the annotation cannot be read, its mark stays in the text: it is read as one too, naming no file (one of the
    # sources retrieved: round 9)
    assert reasons["past"] == ["malformed_citation:start_index"], reasons
    levels = dict(q(db, "SELECT answer_id, flags FROM answer_audit"))
    assert all("structured_parse_failed" not in f for f in levels.values())


RESULTS = [{"title": "Shipping", "url": "https://x.org/d2", "date": "2025-01-01"},
           {"title": "Refunds", "url": "https://x.org/d1", "date": None}]  # fmt: skip


def _px(text: str, found: list[Any]) -> dict[str, Any]:
    msg = {"role": "assistant", "content": text}
    return {"id": "x", "model": "sonar", "object": "chat.completion", "search_results": found,
            "choices": [{"index": 0, "message": msg, "finish_reason": "stop"}]}  # fmt: skip


ANSWERS_3 = {
    "right": _px(f"{REFUNDS[:-1]} [2]. {SHIPPING[:-1]} [1].", RESULTS),
    "wrong": _px(f"{REFUNDS[:-1]} [1].", RESULTS),
    "past": _px(f"{REFUNDS[:-1]} [3].", RESULTS),
    "no_url": _px(f"{REFUNDS[:-1]} [1].", [{"title": "Refunds"}]),  # no url to number: [1] is the first context
}


@batched(logged_rows(ANSWERS_3))
def test_perplexity_markers_number_its_search_results(answers_db: Path) -> None:
    # Perplexity's chat completions list their sources as `search_results` (`{"title", "url", "date"}`; the older
    # `citations` url list is deprecated): `[1]` is the first result, yet it was read as the first retrieved
    # context, a right answer misattributed and a wrong one verified when the orders differ
    db = answers_db
    cites = _cites(db)
    assert cites["right"] == [
        ("https://x.org/d1", 1, "verified", REFUNDS),
        ("https://x.org/d2", 2, "verified", SHIPPING),
    ]
    assert cites["wrong"][0][:2] == ("https://x.org/d2", 2) and cites["wrong"][0][2] != "verified"
    assert _reasons(db)["past"] == ["index_out_of_range"]
    assert cites["no_url"] == [("1", 1, "verified", REFUNDS)]


R, S = REFUNDS[:-1], SHIPPING[:-1]
ANSWERS_4 = {
    "paren_url": f"{R} ([x.org](https://x.org/d1)). {S} ([x.org](https://x.org/d2)).",
    "doc_id": f"{R} [Refund Policy](d1). {S} [Shipping](d2).",
    "wrong": f"{R} ([x.org](https://x.org/d2)).",
    "unknown": f"{R} ([y.org](https://y.org/refunds)).",
    "numeric": f"{R} [1](https://x.org/d1).",  # a numeric marker's link, as before
    "prose_link": f"See [our refund page](https://y.org/refunds) for details. {R} [1].",  # a link, no citation
}


@batched(logged_rows(ANSWERS_4))
def test_a_markdown_link_to_a_source_cites_it(answers_db: Path) -> None:
    # ChatGPT search writes its citations as a link in parentheses after the claim, `([x.org](https://...))`, and
    # RAG prompts ask for `[title](doc_id)`: both were no citation (YELLOW no_citations, a wrong one never checked)
    db = answers_db
    cites, reasons = _cites(db), _reasons(db)
    assert cites["paren_url"] == [
        ("https://x.org/d1", 1, "verified", REFUNDS),
        ("https://x.org/d2", 2, "verified", SHIPPING),
    ]
    assert cites["doc_id"] == [("d1", 1, "verified", REFUNDS), ("d2", 2, "verified", SHIPPING)]
    assert cites["wrong"][0][:2] == ("https://x.org/d2", 2) and cites["wrong"][0][2] != "verified"
    assert reasons["unknown"] == ["unknown_document"]
    assert cites["numeric"] == [("1", 1, "verified", REFUNDS)]
    assert cites["prose_link"] == [("1", 1, "verified", REFUNDS)]
    text = dict(q(db, "SELECT answer_id, answer_text FROM answer_audit"))
    assert text["paren_url"] == ANSWERS_4["paren_url"]  # the text as logged; the link out of the claim only


R_2, S_2 = REFUNDS[:-1], SHIPPING[:-1]
ANSWERS_5 = {
    "after": f'{R_2} <cite id="1">Refund Policy.pdf</cite>. {S_2} <cite id="2">Shipping</cite>.',
    "next": f'{REFUNDS} <cite source="d1">d1</cite> {SHIPPING} <cite id="2">https://x.org/d2</cite>',
    "wrong": f'{R_2} <cite id="2">Shipping.pdf</cite>.',
    "claim": f'<cite id="1">{REFUNDS}</cite> {SHIPPING}',  # a claim in the tag, as before
}


@batched(logged_rows(ANSWERS_5))
def test_a_cite_tag_around_a_sources_name_cites_the_sentence_before_it(answers_db: Path) -> None:
    # `<cite id="1">Refund Policy.pdf</cite>` after the claim wraps the source's name, not a claim: the name was
    # audited as the claim (weak, RED) and the sentence it cites was an uncited claim
    db = answers_db
    cites = _cites(db)
    text = dict(q(db, "SELECT answer_id, answer_text FROM answer_audit"))
    uncited = dict(q(db, "SELECT answer_id, n_uncited_claims FROM answer_audit"))
    assert cites["after"] == [("1", 1, "verified", R_2), ("2", 2, "verified", S_2)]
    assert text["after"] == TEXT and uncited["after"] == 0
    assert cites["next"] == [("d1", 1, "verified", REFUNDS), ("2", 2, "verified", SHIPPING)]
    assert cites["wrong"][0][1] == 2 and cites["wrong"][0][2] != "verified"
    assert cites["claim"] == [("1", 1, "verified", REFUNDS)]


LINK = " ([x.org](https://x.org/d1))"
TEXT_2 = REFUNDS[:-1] + LINK + ". " + SHIPPING
NOTE = {"type": "url_citation", "start_index": len(REFUNDS) - 1, "end_index": len(REFUNDS) - 1 + len(LINK),
        "url": "https://x.org/d1", "title": "x.org"}  # fmt: skip
PART = {"type": "output_text", "text": TEXT_2, "annotations": [NOTE]}


@batched(logged_rows({"responses": {"output": [{"type": "message", "content": [PART]}]}}))
def test_an_openai_url_citation_and_the_link_it_renders_are_one_citation(answers_db: Path) -> None:
    # the link a url_citation annotation spans (`([x.org](https://...))`) is read as a `link` citation too: one
    # citation of the annotation, the link out of the answer text (it was read twice)
    db = answers_db
    assert _cites(db)["responses"] == [("https://x.org/d1", 1, "verified", REFUNDS[:-1])]
    assert q(db, "SELECT answer_text FROM answer_audit") == [(TEXT,)]
