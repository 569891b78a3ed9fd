"""Hostile inputs and log formats, round 15, each through the real `citeaudit run` on real Parquet and DuckDB files
(one run for the module's `@batched` answers): a marker standing in no statement of its own (a heading's, a link
label's, a pointer's) cites the statement it points at; an answer or its citations logged in another shape are read."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.cli.hostile import (
    BOTH,
    SWAPPED,
    URL_CTX,
    R,
    S,
    batched,
    cites_by_answer,
    logged_rows,
    uncited_by_answer,
    verdicts_by_answer,
)
from tests.cli.hostile import (
    CTX_REFUNDS as REFUNDS,
)
from tests.cli.hostile import (
    CTX_SHIPPING as SHIPPING,
)
from tests.conftest import query as q

HEADINGS = {
    "atx": f"## Refunds [1]\n{REFUNDS}\n\n## Shipping [2]\n{SHIPPING}",
    "wrong": f"## Refunds [2]\n{REFUNDS}\n\n## Shipping [1]\n{SHIPPING}",
    "bold": f"**Refunds** [1]\n{REFUNDS}\n\n**Shipping** [2]\n{SHIPPING}",
    "setext": f"Refunds [1]\n=====\n{REFUNDS}\n\nShipping [2]\n-----\n{SHIPPING}",  # written after the rule
    "closed": f"## Refunds [1] ##\n{REFUNDS}\n## Shipping [2] ##\n{SHIPPING}",  # written after the rule
    "stated": f"## {R} [1]\n## {S} [2]",
    "quoted": f"> {REFUNDS[:-1]} [1].\n> {S} [2].",  # written after the rule
}


@batched(logged_rows(HEADINGS))
def test_a_headings_marker_cites_its_section(answers_db: Path) -> None:
    # `## Refunds [1]\nRefunds take 30 days.` cited "## Refunds" (empty_claim, unsupported, RED however right) and
    # left the section uncited (round 14 left it); a heading stating the claim kept its `## ` (weak)
    got = verdicts_by_answer(answers_db)
    for a in ("atx", "bold", "setext", "closed"):
        assert got.get(a) == BOTH, (a, got.get(a))
    assert got["wrong"] == SWAPPED, got["wrong"]
    assert got["stated"] == [("1", "verified", R), ("2", "verified", S)], got["stated"]
    assert got["quoted"] == BOTH, got["quoted"]
    assert not set(uncited_by_answer(answers_db)) & set(HEADINGS), uncited_by_answer(answers_db)


POINTERS = {
    "see": f"{REFUNDS} See [1]. {SHIPPING} (See [2].)",
    "for_details": f"{REFUNDS} See the refund policy [1]. {SHIPPING} For details, see [2].",
    "source_opening": f"{REFUNDS} (Source: [1]) {SHIPPING} Source: [2]",
    "wrong": f"{REFUNDS} See [2]. {SHIPPING} See also [1].",  # written after the rule
    "advice": f"{R} [1]. See a doctor immediately [2].",
    "first": f"See [1]. {REFUNDS}",
}


@batched(logged_rows(POINTERS))
def test_a_pointers_marker_cites_the_sentence_before_it(answers_db: Path) -> None:
    # `Refunds take 30 days. See [1].` cited "." (empty_claim, unsupported) and left the sentence uncited;
    # `(Source: [1]) Shipping ...` cited the Shipping sentence (misattributed however right)
    got = verdicts_by_answer(answers_db)
    for a in ("see", "for_details", "source_opening"):
        assert got.get(a) == BOTH, (a, got.get(a))
    assert got["wrong"] == SWAPPED, got["wrong"]
    assert got["advice"][1][2] == "See a doctor immediately.", got["advice"]  # a statement, not a pointer
    assert got["first"] == [("1", "verified", REFUNDS)], got["first"]  # opening the answer: the one after (round 16)
    uncited = uncited_by_answer(answers_db)
    assert not set(uncited) & {"see", "for_details", "source_opening", "wrong"}, uncited


LINKS = {
    "label": f"{R} [see [1]](https://x.org/d1). {S} ([source [2]](https://x.org/d2)).",
    "wrong": f"{R} [see [2]](https://x.org/d2). {S} [2].",  # written after the rule
    "plain_link": f"{R} [1]. Read [our FAQ](https://x.org/faq) for more. {S} [2].",
}


@batched(logged_rows(LINKS))
def test_a_marker_in_a_links_label_leaves_no_link_in_its_claim(answers_db: Path) -> None:
    # `days [see [1]](http://...)` checked "Refunds take 30 days (http://...)." (weak missing_url; round 14 left it)
    got = verdicts_by_answer(answers_db)
    assert got["label"] == BOTH, got["label"]
    assert got["wrong"][0][:2] == ("2", "misattributed") and got["wrong"][0][2] == REFUNDS, got["wrong"]
    assert got["plain_link"] == BOTH, got["plain_link"]  # a link that is no citation: an uncited sentence, kept
    assert uncited_by_answer(answers_db)["plain_link"] == ["Read [our FAQ](https://x.org/faq) for more."]


BRACES = {
    "spaced": f"{R} {{1}} {{2}}. {S} {{2}}.",
    "three": f"{R} {{1}}{{2}}{{3}}. {S} {{2}}.",
    "then_bracket": f"{R} {{1}} [2]. {S} [2].",  # written after the rule
    "latex": f"The value \\frac{{1}}{{2}} {{3}} holds. {R} [1].",
}


@batched(logged_rows(BRACES))
def test_brace_markers_with_a_space_between_each_cite(answers_db: Path) -> None:
    # `days {1} {2}.` cited nothing (the first's place: a space, not a stop), `{1}{2}{3}` the first two
    got = verdicts_by_answer(answers_db)
    assert [ref for ref, _, _ in got["spaced"]] == ["1", "2", "2"], got["spaced"]
    assert [ref for ref, _, _ in got["three"]] == ["1", "2", "3", "2"], got["three"]
    assert [ref for ref, _, _ in got["then_bracket"]] == ["1", "2", "2"], got["then_bracket"]
    assert [ref for ref, _, _ in got["latex"]] == ["1"], got["latex"]  # LaTeX's braces stay text


LISTS = {
    "strings": {"answer": [f"{R} [1].", f"{S} [2]."]},
    "wrong": {"answer": [f"{R} [2].", f"{S} [1]."]},
    "pieces": {"answer": ["Refunds take ", "30 days [1]. Shipping is free", " over 50 euros [2]."]},
    "segments": {"answer": [{"text": f"{R} [1]."}, {"text": f"{S} [2]."}]},  # written after the rule
    "segment_cites": {"answer": [{"text": REFUNDS, "citations": [1]}, {"text": SHIPPING, "citations": [2]}]},
    "one_segment": {"answer": {"text": f"{R} [1]. {S} [2]."}},
    "not_text": {"answer": [f"{R} [1].", 5]},
}


@batched(logged_rows(LISTS))
def test_an_answer_given_as_a_list_is_read_as_its_text(answers_db: Path) -> None:
    # `{"answer": ["...", "..."]}` was structured_parse_failed: the raw JSON checked as every marker's claim (RED)
    got = verdicts_by_answer(answers_db)
    for a in ("strings", "pieces", "segments", "one_segment"):
        assert got.get(a) == BOTH, (a, got.get(a))
    assert got["wrong"] == SWAPPED, got["wrong"]
    assert [(v, c) for _, v, c in got["segment_cites"]] == [("verified", REFUNDS), ("verified", SHIPPING)]
    flags = dict(q(answers_db, "SELECT answer_id, flags FROM answer_audit"))
    assert "structured_parse_failed" in flags["not_text"], flags  # a part that is no text: flagged, as before
    assert not any("structured_parse_failed" in flags[a] for a in LISTS if a != "not_text"), flags


def _object(**kw: Any) -> dict[str, Any]:
    return {"document_id": "d1", "chunk_index": 0, "text_span": R, "claim_text": REFUNDS} | kw


NESTED = {
    "answer_text": {"answer": json.dumps({"answer": f"{R} [1]. {S} [2]."})},
    "citations_text": {"answer": f"{REFUNDS} {SHIPPING}", "citations": json.dumps([_object()])},
    "twice": {"answer": json.dumps({"answer": f"{R} [2]. {S} [1]."})},  # written after the rule
    "whole": json.dumps({"answer": f"{REFUNDS} {SHIPPING}", "citations": [_object()]}),
}


@batched(logged_rows(NESTED))
def test_json_written_as_text_inside_the_json_is_read(answers_db: Path) -> None:
    # `"citations": "[{...}]"` was citations_not_a_list (RED, no citation read); `"answer": "{\"answer\": ...}"`
    # checked the inner JSON as each claim, unflagged
    got = verdicts_by_answer(answers_db)
    assert got["answer_text"] == BOTH, got["answer_text"]
    assert got["twice"] == SWAPPED, got["twice"]
    for a in ("citations_text", "whole"):
        assert [(ref, v, c) for ref, v, c in got[a]] == [("d1:0", "verified", REFUNDS)], (a, got.get(a))
    flags = dict(q(answers_db, "SELECT answer_id, flags FROM answer_audit"))
    assert not any(flags[a] for a in NESTED), flags


OBJECTS = {
    "chunk_named": {
        "answer": f"{REFUNDS} {SHIPPING}",
        "citations": [
            _object(chunk_index="c1"),
            _object(document_id="d2", chunk_index="c2", text_span=S, claim_text=SHIPPING),
        ],
    },
    "chunk_wrong": {"answer": REFUNDS, "citations": [_object(chunk_index="c2")]},  # written after the rule
    "chunk_garbage": {"answer": REFUNDS, "citations": [_object(chunk_index="x")]},
    # probed and found right (round 15): the confidence as a word, a share, null; a quote with an ellipsis, or
    # from another source; an id differing by case or spacing
    "confidence": {
        "answer": REFUNDS,
        "citations": [_object(confidence_score=c) for c in ("high", "85%", None)],
    },
    "ellipsis": {
        "answer": SHIPPING,
        "citations": [_object(document_id="d2", text_span="Shipping ... 50 euros", claim_text=SHIPPING)],
    },
    "other_quote": {"answer": REFUNDS, "citations": [_object(text_span=S)]},
    "id_case": {"answer": REFUNDS, "citations": [_object(document_id=" D1 ")]},
}


@batched(logged_rows(OBJECTS, URL_CTX))
def test_a_chunk_index_written_as_a_chunks_id_resolves(answers_db: Path) -> None:
    # `"chunk_index": "c1"` was malformed_citation:chunk_index (fabricated, RED however right; round 14 left it)
    rows = q(answers_db, "SELECT answer_id, cited_ref, context_rank, verdict, reasons FROM citation_audit "
                         "ORDER BY answer_id, citation_ord")  # fmt: skip
    got: dict[str, list[tuple[Any, ...]]] = {}
    for a, ref, rank, v, reasons in rows:
        got.setdefault(a, []).append((ref, rank, v, list(reasons)))
    assert [(ref, rank, v) for ref, rank, v, _ in got["chunk_named"]] == [
        ("d1:c1", 1, "verified"),
        ("d2:c2", 2, "verified"),
    ], got["chunk_named"]
    assert got["chunk_wrong"][0][2] == "fabricated", got["chunk_wrong"]  # d1 has no chunk c2
    assert got["chunk_garbage"][0][3] == ["malformed_citation:chunk_index"], got["chunk_garbage"]  # as before
    confidence = [r for _, _, _, rs in got["confidence"] for r in rs if r.startswith("confidence")]
    assert confidence == ['confidence_not_a_number:"high"'], got["confidence"]
    assert got["ellipsis"][0][2] == "verified", got["ellipsis"]
    assert "text_span_not_found_in_source" in got["other_quote"][0][3], got["other_quote"]
    assert got["id_case"][0][:3] == ("D1:0", 1, "verified"), got["id_case"]


# two retrieved documents whose ids and titles differ by case alone, saying different things
CASED_CTX = [
    {"doc_id": "DOC-A", "chunk_id": "c1", "title": "A.pdf", "page": 1, "text": REFUNDS},
    {"doc_id": "doc-a", "chunk_id": "c1", "title": "a.pdf", "page": 1, "text": "Refunds take 90 days."},
]
CASED = {
    "upper": {"answer": REFUNDS, "citations": [_object(document_id="DOC-A")]},
    "lower": {"answer": REFUNDS, "citations": [_object(document_id="doc-a")]},
    "neither": {"answer": REFUNDS, "citations": [_object(document_id="Doc-A")]},
    "name": {"answer": REFUNDS, "citations": [{"document_name": "a.pdf", "text_span": R, "claim_text": REFUNDS}]},
    "page": f"{R} [Document: a.pdf, Page 1].",  # written after the rule
}


@batched(logged_rows(CASED, CASED_CTX))
def test_a_name_matching_two_documents_case_aside_resolves_to_the_one_written(answers_db: Path) -> None:
    # `doc-a` (or the title `a.pdf`) with `DOC-A` and `doc-a` both retrieved resolved to `DOC-A`, the first: a claim
    # only `DOC-A` states came out verified against the document the citation did not name
    got = {a: [(rank, v) for _, rank, v, _ in cs] for a, cs in cites_by_answer(answers_db).items()}
    assert got["upper"] == [(1, "verified")], got["upper"]
    for a in ("lower", "name", "page"):
        assert got[a] == [(2, "misattributed")], (a, got.get(a))
    assert got["neither"] == [(1, "verified")], got["neither"]  # named as neither: the first, as before


LABEL_LINES = {
    "one": f"{REFUNDS}\n\n**Sources:** [1]",
    "paragraphs": f"{REFUNDS}\nSources: [1]\n\n{SHIPPING}\nSources: [2]",
    "wrong": f"{REFUNDS}\nSource: [2]",
    "both": f"{REFUNDS} {SHIPPING}\nSources: [1], [2]",
    "inline_above": f"{R} [1]. {SHIPPING}\nSource: [2]",  # written after the rule
    "and": f"{REFUNDS}\n\n{SHIPPING}\nSources: [2] and [1].",  # written after the rule
}


@batched(logged_rows(LABEL_LINES))
def test_a_source_labels_line_cites_the_sentences_above_it(answers_db: Path) -> None:
    # `Refunds take 30 days.\nSources: [1]` cited "Sources:" (empty_claim, unsupported, RED however right) and left
    # the sentences above it uncited (round 15 left it)
    got = verdicts_by_answer(answers_db)
    assert got["one"] == [("1", "verified", REFUNDS)], got["one"]
    assert got["paragraphs"] == BOTH, got["paragraphs"]
    assert got["wrong"] == [("2", "misattributed", REFUNDS)], got["wrong"]
    assert got["inline_above"] == [("1", "verified", REFUNDS), ("2", "verified", SHIPPING)], got["inline_above"]
    assert {c for _, _, c in got["both"]} == {f"{REFUNDS} {SHIPPING}"}, got["both"]
    assert {c for _, _, c in got["and"]} == {f"{REFUNDS} {SHIPPING}"}, got["and"]
    assert not set(uncited_by_answer(answers_db)) & set(LABEL_LINES), uncited_by_answer(answers_db)
