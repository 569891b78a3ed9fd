"""Hostile inputs and log formats, round 5, each through the real `citeaudit run` on real Parquet and DuckDB files:
every citation a RAG assistant writes is read and checked against the source it names, never lost, and a claim
written as such assistants write it raises no false alarm."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.cli.hostile import CTX, Verdicts, batched, claims, logged_rows
from tests.cli.hostile import cites_by_answer as _cites
from tests.conftest import query as q

REFUNDS, SHIPPING = (c["text"] for c in CTX)  # "Refunds take 30 days.", "Shipping is free over 50 euros."


def _completion(content: str, *docs: dict[str, Any]) -> dict[str, Any]:
    msg = {"role": "assistant", "content": content, "context": {"citations": list(docs), "intent": "[]"}}
    return {"object": "chat.completion", "choices": [{"index": 0, "finish_reason": "stop", "message": msg}]}


_REFUND_DOC = {"content": REFUNDS, "title": "Refund Policy.pdf", "url": None, "filepath": "kb/refund.pdf"}
_SHIP_DOC = {"content": SHIPPING, "title": "Shipping.pdf", "url": None, "filepath": "kb/shipping.pdf"}
AZURE = {
    "swapped_right": _completion(f"{REFUNDS[:-1]} [doc2].", _SHIP_DOC, _REFUND_DOC),
    "swapped_wrong": _completion(f"{REFUNDS[:-1]} [doc1].", _SHIP_DOC, _REFUND_DOC),
    "filepath": _completion(
        f"{REFUNDS[:-1]} [doc2].", _SHIP_DOC, {"content": REFUNDS, "filepath": "Refund Policy.pdf"}
    ),
    "unknown": _completion(f"{REFUNDS[:-1]} [doc1].", {"content": REFUNDS, "title": "FAQ.pdf", "filepath": None}),
}


@batched(logged_rows(AZURE))
def test_azure_on_your_data_markers_without_urls_number_the_citations_by_name(answers_db: Path) -> None:
    # Azure OpenAI "On Your Data" over a blob store logs its `context.citations` without urls (content, title,
    # filepath): `[doc1]` is still the first of them, but the markers were numbered by the logged contexts, so where
    # the two orders differ a wrong citation came out verified (GREEN) and a right one misattributed (round 4 left
    # it). Each citation names its source by its url, else its title, else its filepath (the first that a retrieved
    # source carries); a citation naming none of the retrieved sources is unknown_document
    cites = _cites(answers_db)
    assert cites["swapped_right"] == [("Refund Policy.pdf", 1, "verified", REFUNDS)]
    assert cites["swapped_wrong"][0][:3] == ("Shipping.pdf", 2, "misattributed")
    assert cites["filepath"] == [("Refund Policy.pdf", 1, "verified", REFUNDS)]
    assert cites["unknown"][0][:3] == ("FAQ.pdf", None, "fabricated")


INDIC = {
    "devanagari": f"{REFUNDS} [१] {SHIPPING} [२]",
    "bengali": f"{REFUNDS} [১]",
    "tamil": f"{REFUNDS} [௧]",
    "thai": f"{REFUNDS} [๑]",
    "list": f"{SHIPPING} [१, २]",
    "wrong": f"{REFUNDS} [1] {SHIPPING} [१]",
}


@batched(logged_rows(INDIC))
def test_a_marker_in_the_digits_of_an_indic_or_southeast_asian_script_is_the_marker_it_shows(answers_db: Path) -> None:
    # Hindi, Bengali, Tamil or Thai answers write a marker's digits in their script, `[१]`, `[১]`, `[௧]`, `[๑]`, as
    # Arabic ones write `[١]` (read since the seventh sweep): they were no marker, YELLOW no_citations, a wrong source
    # never checked (beside a verified `[1]`, GREEN). Every script's decimal digits read as the ASCII ones they are
    cites = _cites(answers_db)
    assert [c[1:3] for c in cites["devanagari"]] == [(1, "verified"), (2, "verified")]
    for a in ("bengali", "tamil", "thai"):
        assert [c[1:3] for c in cites[a]] == [(1, "verified")], a
    assert [c[1] for c in cites["list"]] == [1, 2]
    assert cites["wrong"][1][1:3] == (1, "misattributed")


MARKS = {
    "rlm_stop": f"\u200f{REFUNDS}\u200f [\u200f1\u200f] \u202b{SHIPPING}\u202c [2]",
    "rlm_after": f"{REFUNDS} [1]\u200f {SHIPPING} [2]\u200e",
    "isolate": f"\u2067{REFUNDS}\u2069 [1] \u2067{SHIPPING}\u2069 [2]",
}


@batched(logged_rows(MARKS))
def test_direction_marks_after_a_sentence_s_stop_end_it_and_stay_out_of_its_claim(answers_db: Path) -> None:
    # Arabic and Hebrew chat widgets put a right-to-left mark (U+200F) after a sentence's stop, or wrap a sentence in
    # an embedding (U+202B ... U+202C): a stop followed by one ended no sentence, so both sentences were one claim
    # cited by each marker (each unsupported: a correct answer RED), and a mark kept at a claim's edge was read as
    # part of it (`\u200f Shipping is free ...`: no exact match). A stop ends its sentence before such marks, and
    # the invisible marks are no part of a claim's text
    cites = _cites(answers_db)
    for a in MARKS:
        assert cites[a] == [("1", 1, "verified", REFUNDS), ("2", 2, "verified", SHIPPING)], a


_JA = "返金には30日かかります。"  # a sentence in Japanese before the cited one


def _vertex(start: int, end: int) -> dict[str, Any]:
    support = {"segment": {"startIndex": start, "endIndex": end}, "groundingChunkIndices": [0]}
    meta = {"groundingChunks": [{"web": {"uri": "https://x.org/d1"}}], "groundingSupports": [support]}
    return {"candidates": [{"content": {"parts": [{"text": _JA + REFUNDS}]}, "groundingMetadata": meta}]}


VERTEX = {
    "chars": _vertex(len(_JA), len(_JA + REFUNDS)),
    "bytes": _vertex(len(_JA.encode()), len((_JA + REFUNDS).encode())),
}


@batched(logged_rows(VERTEX))
def test_vertex_offsets_that_split_a_character_as_bytes_are_read_as_characters(answers_db: Path) -> None:
    # Vertex AI counts a segment's offsets in UTF-8 bytes; a logger that recomputes them in characters (and drops the
    # segment's `text`) gives offsets that, read as bytes over Japanese or Hindi text, cut a character in two: the
    # claim was the bytes between, "��かかります。R" (claim_not_in_answer, unsupported: a correct answer RED). An
    # offset inside a character cannot be a byte's: such offsets are read in characters
    cites = _cites(answers_db)
    assert cites["chars"] == cites["bytes"] == [("https://x.org/d1", 1, "verified", REFUNDS)]


PARAGRAPHS = {
    "group": f"{REFUNDS} {SHIPPING} [1][2]",
    "own": f"{REFUNDS} [1] {SHIPPING} [2]",
    "before_stop": f"{REFUNDS} {SHIPPING[:-1]} [2].",
    "next_line": f"{REFUNDS}\n{SHIPPING} [2]",
    "rtl": f"\u200f{REFUNDS}\u200f {SHIPPING}\u200f [1][2]",  # a right-to-left mark after each stop
}


@batched(logged_rows(PARAGRAPHS))
def test_markers_after_a_paragraph_s_last_stop_cite_that_sentence(answers_db: Path) -> None:
    # the claim is the sentence that carries the marker (ARCHITECTURE.md), also for a group after a paragraph's last
    # stop: round 5 tried a rule making such a group cite the paragraph's sentences no marker cites, and it was
    # reverted: where a log's paragraph of context ends in its cited sentence (WiCE's answers: the claim sentence and
    # its [1] close a paragraph of uncited text) every claim became the whole paragraph (WiCE dev AUROC 0.948 ->
    # 0.674, misattributions found 21 -> 16 of 23); the sentences before stay uncited claims (`min_coverage`)
    db = answers_db
    cites = _cites(db)
    assert [c[1:] for c in cites["group"]] == [(1, "unsupported", SHIPPING), (2, "verified", SHIPPING)], cites["group"]
    assert [c[3] for c in cites["own"]] == [REFUNDS, SHIPPING]
    assert cites["before_stop"][0][3] == cites["next_line"][0][3] == SHIPPING
    assert [c[3] for c in cites["rtl"]] == [SHIPPING, SHIPPING]
    levels = dict(q(db, "SELECT answer_id, n_uncited_claims FROM answer_audit"))
    assert levels == {"group": 1, "own": 0, "before_stop": 1, "next_line": 1, "rtl": 1}, levels


ORDERS = "The plant served {} orders last year."
RAISED = "The company raised {} dollars in 2020."


@claims(
    {
        "k_space": (ORDERS.format("40 k"), ORDERS.format("40,000")),
        "m": (RAISED.format("1,200m"), RAISED.format("1.2 billion")),
        "m_upper": (RAISED.format("350M"), RAISED.format("350 million")),
        "race": ("The club's runners ran a 200m relay.", "The club's runners ran a 200m relay."),
        "k_other": (ORDERS.format("50 k"), ORDERS.format("40,000")),
        "m_other": (RAISED.format("1,300m"), RAISED.format("1.2 billion")),
    },
    ("missing_number",),
)
def test_a_claim_s_k_after_a_space_or_m_for_million_is_found_as_that_many(got: Verdicts) -> None:
    # "40 k orders" against a source's "40,000" was missing_number:40, "raised 1,200m dollars" against "1.2 billion"
    # missing_number:1200 (each weak or unsupported, a correct answer RED): only "100k" written against its number,
    # and an m on a sum of money ("$1,200m"), were read so (round 4 left them: "5 k" and "200m" may be units). Read
    # as a claim's k already is, either reading found counts: the number itself (a "200m relay" beside its source's
    # "200m") or that many thousands or millions; another figure is still missing
    right = ("k_space", "m", "m_upper", "race")
    assert {k: got[k][1] for k in right} == {k: [] for k in right}
    assert got["k_other"][1] == ["missing_number:50 k"] and got["m_other"][1] == ["missing_number:1300 m"]


REVENUE = "Revenue reached {} in 2023."
SCHEME = "The scheme reached {} farmers in 2022."


@claims(
    {
        "mio": (REVENUE.format("€2,5 Mio"), REVENUE.format("€2.5 million")),
        "mio_de": (
            "Der Umsatz betrug 2,5 Mio. Euro im Jahr 2023.",
            "Der Umsatz betrug 2,5 Millionen Euro im Jahr 2023.",
        ),
        "mrd": (REVENUE.format("€1,2 Mrd"), REVENUE.format("€1.2 billion")),
        "lakh": (SCHEME.format("1.2 lakh"), SCHEME.format("120,000")),
        "crore": (SCHEME.format("3 crore"), SCHEME.format("30 million")),
        "mio_other": (REVENUE.format("€3,5 Mio"), REVENUE.format("€2.5 million")),
        "lakh_other": (SCHEME.format("1.2 lakh"), SCHEME.format("12,000")),
    },
    ("missing_number", "missing_name"),
)
def test_a_german_or_indian_scale_word_and_its_decimal_comma_are_read_as_their_value(got: Verdicts) -> None:
    # "€2,5 Mio" against a source's "€2.5 million" was missing_number:25 and missing_name:Mio, "1.2 lakh" against
    # "120,000" missing_number:1.2, "3 crore" against "30 million" missing_number:3 (a correct answer RED): German
    # (Mio., Mrd., Millionen, Milliarden) and Indian (lakh, crore) scale words are scale words, and a comma before
    # one with one or two digits after it is a decimal comma ("2,5 Mio" is 2.5 million); another figure is missing
    right = ("mio", "mio_de", "mrd", "lakh", "crore")
    assert {k: got[k][1] for k in right} == {k: [] for k in right}
    assert got["mio_other"][1] == ["missing_number:3.5 mio"] and got["lakh_other"][1] == ["missing_number:1.2 lakh"]


HIRED = "The team hired {} engineers in 2021."


@claims(
    {
        "two_dozen": (HIRED.format("two dozen"), HIRED.format("24")),
        "a_dozen": (HIRED.format("a dozen"), HIRED.format("12")),
        "digits": (HIRED.format("3 dozen"), HIRED.format("36")),
        "other": (HIRED.format("two dozen"), HIRED.format("30")),
    },
    ("missing_number",),
)
def test_a_claim_s_dozens_are_their_number(got: Verdicts) -> None:
    # "hired two dozen engineers" against a source's "hired 24 engineers" was missing_number:2 (a correct answer RED):
    # a source's "two dozen" was read as 24, a claim's not. A claim's dozens are their number; another is missing
    assert {k: got[k][1] for k in ("two_dozen", "a_dozen", "digits")} == {"two_dozen": [], "a_dozen": [], "digits": []}
    assert got["other"][1] == ["missing_number:24"] and got["other"][0] != "verified"


def _chat(*sources: dict[str, Any]) -> dict[str, Any]:
    cite = {"start": 0, "end": len(REFUNDS), "text": REFUNDS, "type": "TEXT_CONTENT", "sources": list(sources)}
    return {"message": {"role": "assistant", "content": [{"type": "text", "text": REFUNDS}], "citations": [cite]}}


COHERE = {
    "tool": _chat({"type": "tool", "id": "web_search_x:0", "tool_output": {"url": "https://x.org/d1"}}),
    "document": _chat({"type": "document", "id": "kb-7", "document": {"id": "kb-7", "title": "Refund Policy.pdf"}}),
    "wrong": _chat({"type": "tool", "id": "web_search_x:1", "tool_output": {"url": "https://x.org/d2"}}),
    "unknown": _chat({"type": "tool", "id": "web_search_x:2", "tool_output": {"url": "https://other.org"}}),
}


@batched(logged_rows(COHERE))
def test_a_cohere_v2_source_is_named_by_its_document_or_tool_output(answers_db: Path) -> None:
    # Cohere's v2 chat names each cited source by an id the API makes, `{"type": "tool", "id": "web_search_x:0",
    # "tool_output": {"url": ..., "title": ...}}` (a web search or other tool's result), `{"type": "document", "id":
    # "kb-7", "document": {"id": ..., "title": ..., "url": ...}}`: the id was the only name read, so a right citation
    # of a retrieved source was unknown_document (fabricated, RED). The id is read when a retrieved source has it
    # (or is a generated `doc:0`), else the url, title or id its document or tool output gives that one has
    cites = _cites(answers_db)
    assert cites["tool"] == [("https://x.org/d1", 1, "verified", REFUNDS)]
    assert cites["document"] == [("Refund Policy.pdf", 1, "verified", REFUNDS)]
    assert cites["wrong"][0][:3] == ("https://x.org/d2", 2, "misattributed")
    assert cites["unknown"][0][:3] == ("web_search_x:2", None, "fabricated")


TWICE_CTX = [{"doc_id": "d1", "chunk_id": "c1", "title": "Policy.pdf", "text": t} for t in (SHIPPING, REFUNDS)]
TWICE = {
    "marker": f"{REFUNDS} [citation:d1:c1]",
    "object": {"answer": REFUNDS, "citations": [{"document_id": "d1", "chunk_id": "c1"}]},
    "wrong": "Refunds take 90 days. [citation:d1:c1]",
}


@batched(logged_rows(TWICE, TWICE_CTX))
def test_a_chunk_id_retrieved_twice_with_other_texts_cites_the_copy_that_supports_it(answers_db: Path) -> None:
    # a logger that gives two retrieved chunks one id (`d1:c1` for the shipping text and the refund text): a citation
    # of that id resolved to its first rank, so a claim the second copy states came out misattributed, its
    # `better_source` naming the same id (a correct answer RED). The id names each copy, as a page retrieved in
    # several chunks names each: the claim is checked against every copy, the best one cited; neither states a wrong
    # figure
    cites = _cites(answers_db)
    assert cites["marker"] == [("d1:c1", 2, "verified", REFUNDS)]
    assert cites["object"][0][1:] == (2, "verified", REFUNDS)
    assert cites["wrong"][0][2] != "verified"
