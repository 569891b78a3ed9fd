"""Hostile structured output and citation objects found by a seventh sweep, each through the real `citeaudit run` on
real Parquet and DuckDB files: nothing lost, nothing let in, no false alarm."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.cli.hostile import CLAIM, REFUND, SHIPPING, batched
from tests.cli.hostile import POLICY_CTX as CTX
from tests.conftest import make_answer
from tests.conftest import query as q

# ten overlapping fragments of the refund policy's first sentence, each verbatim in it; and a claim it contradicts
FRAGMENTS = [
    "All returns must be made within 30 days",
    "returns must be made within 30 days of purchase",
    "must be made within 30 days of purchase date",
    "All returns must be made within 30 days of purchase date",
    "returns must be made within 30 days",
    "All returns must be made",
    "made within 30 days of purchase date",
    "within 30 days of purchase date",
    "returns must be made within 30",
    "All returns must be made within 30 days of purchase",
]
CREDIT_24 = "Store credit is valid for 24 months."


def _integrity(db: Path) -> dict[str, tuple[int, int, float, str]]:
    """Each answer's (n_citations, n_verified, citation_integrity to 4 places, level)."""
    rows = q(db, "SELECT answer_id, n_citations, n_verified, round(citation_integrity, 4), level FROM answer_audit")
    return {a: (n, v, i, lv) for a, n, v, i, lv in rows}


DEEP = "[" * 3000 + "]" * 3000
CITE = '{"document_id": "abc123", "chunk_index": 0'
HEAD = '{"answer": "' + CLAIM + '"'
ANSWERS = {
    "confidence": HEAD + ', "confidence": ' + DEEP + ', "citations": [' + CITE + "}]}",
    "score": HEAD + ', "citations": [' + CITE + ', "confidence_score": ' + DEEP + "}]}",
    "missing": HEAD + ', "missing_information": ' + DEEP + ', "citations": [' + CITE + "}]}",
}


@batched([make_answer(k, v, CTX) for k, v in ANSWERS.items()])
def test_deeply_nested_self_reports_are_flagged_not_quarantined(answers_db: Path) -> None:
    # a `confidence`, `confidence_score` or `missing_information` nested 3,000 lists deep is valid JSON (DuckDB read
    # it), but Python's json.loads raised RecursionError: a traceback on stderr and the answer quarantined as "a
    # citeaudit defect", its citations never audited
    db = answers_db
    got = dict(q(db, "SELECT answer_id, flags FROM answer_audit"))
    assert got["confidence"] == ["confidence_not_a_number:" + DEEP[:40]]
    assert got["missing"] == []
    [(verdict, reasons)] = q(db, "SELECT verdict, reasons FROM citation_audit WHERE answer_id = 'score'")
    assert verdict == "verified" and "confidence_not_a_number:" + DEEP[:40] in reasons
    [(missing,)] = q(db, "SELECT missing_information FROM answer_audit WHERE answer_id = 'missing'")
    assert missing == DEEP


def _cite(doc: str, span: str) -> dict[str, object]:
    return {"document_id": doc, "chunk_index": 0, "text_span": span, "citation_type": "direct_quote"}


ANSWERS_4 = {
    "dollar": {
        "answer": SHIPPING,
        "citations": [_cite("ship9", "Orders over &#36;50 ship free within the EU&nbsp;region")],
    },
    "nbsp": {
        "answer": CLAIM,
        "citations": [_cite("abc123", "All returns must be made within 30&#160;days of purchase")],
    },
    "invented": {"answer": CLAIM, "citations": [_cite("abc123", "All returns must be made within 90&nbsp;days")]},
}


@batched([make_answer(k, json.dumps(v), CTX) for k, v in ANSWERS_4.items()])
def test_html_entities_in_a_text_span_are_the_characters_they_stand_for(answers_db: Path) -> None:
    # a widget's logger wrote the quote as HTML (`&#36;`, `&nbsp;`, `&amp;`): the verbatim quote was
    # `text_span_not_found_in_source` and `quote_not_verbatim`, weak, a correct answer RED
    db = answers_db
    got = {a: (s, v, r) for a, s, v, r in q(db, "SELECT answer_id, quote_status, verdict, reasons FROM citation_audit")}
    assert got["dollar"] == ("verbatim", "verified", ["exact_match"])
    assert got["nbsp"][:2] == ("verbatim", "verified")
    assert got["invented"][0] == "not_found" and "quote_not_verbatim" in got["invented"][2]
    assert dict(q(db, "SELECT answer_id, level FROM answer_audit")) == {
        "dollar": "GREEN",
        "nbsp": "GREEN",
        "invented": "RED",
    }


ANSWERS_2 = {
    "chunk": {"answer": CLAIM, "citations": [{"document_id": "abc123", "chunk_index": 0.0}]},
    "page": {"answer": CLAIM, "citations": [{"document_id": "abc123", "page_number": 3.0}]},
    "name_page": {"answer": CLAIM, "citations": [{"document_name": "Refund Policy.pdf", "page_number": 3.0}]},
    "inline": {"answer": CLAIM, "inline_citations": [{"source_index": 0.0, "claim": CLAIM}]},
    "list": {"answer": CLAIM, "citations": [1.0]},
    "half": {"answer": CLAIM, "citations": [{"document_id": "abc123", "chunk_index": 0.5}]},
    "half_list": {"answer": CLAIM, "citations": [1.5]},
}


@batched([make_answer(k, json.dumps(v), CTX) for k, v in ANSWERS_2.items()])
def test_a_whole_number_written_as_a_float_is_that_position(answers_db: Path) -> None:
    # pandas writes an integer column holding a null as floats: `"chunk_index": 0.0`, `"page_number": 3.0`,
    # `"source_index": 0.0`, `"citations": [1.0]` made a correct citation fabricated (malformed_citation:chunk_index,
    # invalid_citation_ref), the answer RED; a `turn_index` or context page of 2.0 was already read as 2
    db = answers_db
    got = {
        a: (ref, v, ch) for a, ref, v, ch in q(db, "SELECT answer_id, cited_ref, verdict, chunk_id FROM citation_audit")
    }
    assert got["chunk"] == ("abc123:0", "verified", "0")
    assert got["page"] == ("abc123, page 3", "verified", "0")
    assert got["name_page"] == ("Refund Policy.pdf, page 3", "verified", "0")
    assert got["inline"] == ("0", "verified", "0")
    assert got["list"] == ("1", "verified", "0")
    assert got["half"][1] == got["half_list"][1] == "fabricated"


WRONG_90 = "All returns must be made within 90 days of purchase date."


def _claim_text_rows() -> list[dict[str, Any]]:
    """The rows of `test_a_claim_text_of_a_few_words_does_not_cite_the_rest_of_its_sentence`."""
    wrong = WRONG_90

    def cite(claim: str) -> dict[str, object]:
        return {"document_id": "abc123", "chunk_index": 0, "claim_text": claim}

    answers = {
        "fragment": {"answer": wrong, "citations": [cite("must be made") | {"text_span": "must be made"}]},
        "most": {"answer": "The policy says all returns must be made within 30 days.", "citations": [cite(CLAIM[:-1])]},
        "two_parts": {
            "answer": "All returns must be made within 30 days, and store credit is valid for 12 months.",
            "citations": [cite("All returns must be made within 30 days"), cite("store credit is valid for 12 months")],
        },
    }
    answers["most"]["citations"][0]["claim_text"] = "all returns must be made within 30 days"
    return [make_answer(k, json.dumps(v), CTX) for k, v in answers.items()]


@batched(_claim_text_rows())
def test_a_claim_text_of_a_few_words_does_not_cite_the_rest_of_its_sentence(answers_db: Path) -> None:
    # a citation object's claim_text "must be made" (verbatim, verified) counted its whole sentence "... within 90
    # days ..." as cited: the changed figure was neither checked nor an uncited claim (coverage 1, GREEN even under
    # a coverage policy). The words a claim_text leaves out of its sentence, holding a figure or more content than
    # it, are an uncited claim, as a sentence without a marker is
    db = answers_db
    got = {a: (n, cov) for a, n, cov in q(db, "SELECT answer_id, n_uncited_claims, coverage FROM answer_audit")}
    assert got == {"fragment": (1, 0.0), "most": (0, 1.0), "two_parts": (0, 1.0)}
    assert q(db, "SELECT answer_id, sentence FROM uncited_claims") == [("fragment", WRONG_90)]


def _page_rows() -> list[dict[str, Any]]:
    """The rows of `test_a_chunk_cited_on_a_page_it_is_not_on_is_not_verified`."""

    def cite(**kw: object) -> dict[str, object]:
        return {"document_id": "abc123", "chunk_index": 0} | kw

    answers = {
        "wrong_page": {"answer": CLAIM, "citations": [cite(page_number=99)]},
        "right_page": {"answer": CLAIM, "citations": [cite(page_number=3)]},
        "no_page": {"answer": CLAIM, "citations": [cite()]},
    }
    rows = [make_answer(k, json.dumps(v), CTX) for k, v in answers.items()]
    rows.append(make_answer("pageless", json.dumps(answers["wrong_page"]), [CTX[0] | {"page": None}, CTX[1]]))
    return rows


@batched(_page_rows())
def test_a_chunk_cited_on_a_page_it_is_not_on_is_not_verified(answers_db: Path) -> None:
    # `document_id` + `chunk_index` + `page_number`: the page the reader is sent to was dropped (resolve.sql meant
    # "a page, when given, must match"), so a citation sending the reader to page 99 came out verified, GREEN
    db = answers_db
    got = {a: (v, r) for a, v, r in q(db, "SELECT answer_id, verdict, reasons FROM citation_audit")}
    assert got["wrong_page"] == ("fabricated", ["page_not_retrieved"])
    assert got["right_page"][0] == got["no_page"][0] == got["pageless"][0] == "verified"
    assert dict(q(db, "SELECT answer_id, level FROM answer_audit WHERE answer_id = 'wrong_page'")) == {
        "wrong_page": "RED"
    }


def _document_name_rows() -> list[dict[str, Any]]:
    """The rows of `test_a_document_name_that_is_not_the_cited_documents_is_not_verified`."""

    def cite(name: str, **kw: object) -> dict[str, object]:
        return {"document_id": "abc123", "document_name": name} | kw

    answers = {
        "other_name": {"answer": CLAIM, "citations": [cite("Shipping.pdf", chunk_index=0)]},
        "other_name_doc": {"answer": CLAIM, "citations": [cite("Shipping.pdf")]},
        "same_name": {"answer": CLAIM, "citations": [cite("Refund Policy.pdf", chunk_index=0)]},
        "stem": {"answer": CLAIM, "citations": [cite("refund policy", page_number=3)]},
    }
    rows = [make_answer(k, json.dumps(v), CTX) for k, v in answers.items()]
    rows.append(make_answer("untitled", json.dumps(answers["other_name"]), [CTX[0] | {"title": None}, CTX[1]]))
    return rows


@batched(_document_name_rows())
def test_a_document_name_that_is_not_the_cited_documents_is_not_verified(answers_db: Path) -> None:
    # `document_id` resolved the citation and `document_name` was dropped: a citation showing the reader
    # "Shipping.pdf" for a claim of the refund policy (cited by its id) came out verified, GREEN
    db = answers_db
    got = {a: (v, r) for a, v, r in q(db, "SELECT answer_id, verdict, reasons FROM citation_audit")}
    assert got["other_name"] == got["other_name_doc"] == ("fabricated", ["document_name_mismatch"])
    assert got["same_name"][0] == got["stem"][0] == got["untitled"][0] == "verified"


WRONG = "All returns must be made within 90 days of purchase date."
BODY = json.dumps({"answer": WRONG, "citations": [{"document_id": "abc123", "chunk_index": 0}]})
ANSWERS_3 = {
    "tilde": "~~~json\n" + BODY + "\n~~~",
    "backtick": "```json\n" + BODY + "\n```",
    "bare": "~~~\n" + BODY + "\n~~~",
}


@batched([make_answer(k, v, CTX) for k, v in ANSWERS_3.items()])
def test_structured_output_in_a_tilde_fence_is_structured_output(answers_db: Path) -> None:
    # a ```json fence was read as the JSON inside it, a ~~~json fence (Markdown's other fence) was code: its
    # citations were never checked, and a changed figure came out YELLOW `no_citations`
    db = answers_db
    got = {
        a: (s, lv, f) for a, s, lv, f in q(db, "SELECT answer_id, structured_output, level, flags FROM answer_audit")
    }
    assert got == {k: (True, "RED", []) for k in ANSWERS_3}


WRONG_3 = "Store credit is valid for 24 months."


def _cite_2(claim: str, **kw: object) -> dict[str, object]:
    return {"document_id": "abc123", "chunk_index": 0, "claim_text": claim} | kw


SPAN = "All returns must be made within 30 days"
ANSWERS_5 = {
    "copies": [_cite_2(CLAIM, text_span=SPAN)] * 10 + [_cite_2(WRONG_3)],
    "confidences": [_cite_2(CLAIM, text_span=SPAN, confidence_score=i / 10) for i in range(10)] + [_cite_2(WRONG_3)],
    "two_quotes": [_cite_2(CLAIM, text_span=SPAN), _cite_2(CLAIM, text_span="of purchase date")],
}
ROWS_3 = [
    make_answer(k, json.dumps({"answer": CLAIM + " " + WRONG_3, "citations": v}), CTX) for k, v in ANSWERS_5.items()
]


@batched(ROWS_3)
def test_a_citation_object_repeated_is_one_citation(answers_db: Path) -> None:
    # repeats were dropped for every dialect but citation objects: ten copies of a verified citation object (or ten
    # differing only in confidence_score) made a changed figure beside them GREEN (integrity 10/11)
    db = answers_db
    got = {a: (n, lv) for a, n, lv in q(db, "SELECT answer_id, n_citations, level FROM answer_audit")}
    assert got["copies"] == got["confidences"] == (2, "RED")
    assert got["two_quotes"][0] == 2


def _minus_zero_rows() -> list[dict[str, Any]]:
    """The rows of `test_a_confidence_of_minus_zero_is_zero`."""
    cite = '{"document_id": "abc123", "chunk_index": 0, "confidence_score": -0.0}'
    doc = '{"answer": "' + CLAIM + '", "confidence": -0.0, "citations": [' + cite + "]}"
    return [make_answer("zero", doc, CTX)]


@batched(_minus_zero_rows())
def test_a_confidence_of_minus_zero_is_zero(answers_db: Path) -> None:
    # `"confidence": -0` / `-0.0` (valid JSON) was stored as -0.0: reports and exports showed "-0.0"
    import math

    db = answers_db
    [(answer_level,)] = q(db, "SELECT claimed_confidence FROM answer_audit")
    [(citation_level,)] = q(db, "SELECT claimed_confidence FROM citation_audit")
    assert math.copysign(1, answer_level) == math.copysign(1, citation_level) == 1.0


WRONG_4, SPANS = CREDIT_24, FRAGMENTS


def _cite_3(claim: str, span: str | None = None) -> dict[str, object]:
    return {"document_id": "abc123", "chunk_index": 0, "claim_text": claim} | ({"text_span": span} if span else {})


def _doc(cites: list[dict[str, object]]) -> str:
    return json.dumps({"answer": CLAIM + " " + WRONG_4, "citations": cites})


COPIES = [
    {"doc_id": f"r{i}", "chunk_id": "0", "title": f"Refund {i}.pdf", "page": 1, "text": REFUND} for i in range(10)
]
ROWS_4 = [
    make_answer("quotes", _doc([_cite_3(CLAIM, s) for s in SPANS] + [_cite_3(WRONG_4)]), CTX),
    make_answer("one_quote", _doc([_cite_3(CLAIM, SPANS[0]), _cite_3(WRONG_4)]), CTX),
    make_answer("sources", CLAIM + " " + "".join(f"[{i}]" for i in range(1, 11)) + " " + WRONG_4 + " [1]", COPIES),
    make_answer("one_source", CLAIM + " [1] " + WRONG_4 + " [1]", COPIES),
    # a right answer keeps its level: its claim quoted twice (its other sentence is true, uncited)
    make_answer(
        "right",
        _doc([_cite_3(CLAIM, SPANS[0]), _cite_3(CLAIM, SPANS[1])]).replace(
            WRONG_4, "Store credit is valid for 12 months."
        ),
        CTX,
    ),
]


@batched(ROWS_4)
def test_quotes_piled_on_one_claim_do_not_outweigh_a_wrong_claim(answers_db: Path) -> None:
    # ten citation objects quoting ten different verbatim passages of one source for one right claim, beside one
    # wrong claim, made integrity 10/11 (GREEN): repeats were one citation only when their quotes were the same. The
    # same with ten retrieved copies of the source cited [1]...[10] in prose. Integrity weighs each claim once (the
    # share of its citations verified): 1/2 as without the pile, RED; each quote is still checked and counted
    db = answers_db
    got = _integrity(db)
    assert got["quotes"] == (11, 10, 0.5, "RED")
    assert got["sources"] == (11, 10, 0.5, "RED")
    assert got["one_quote"] == (2, 1, 0.5, "RED") and got["one_source"][2:] == (0.5, "RED")
    assert got["right"] == (2, 2, 1.0, "GREEN")


WRONG_5, SPANS_2 = CREDIT_24, FRAGMENTS


def _cite_4(claim: str, span: str | None = None, source: tuple[str, int] = ("abc123", 0)) -> dict[str, object]:
    where = {"document_id": source[0], "chunk_index": source[1], "claim_text": claim}
    return where | ({"text_span": span} if span else {})


def _doc_2(cites: list[dict[str, object]], answer: str = CLAIM + " " + WRONG_5) -> str:
    return json.dumps({"answer": answer, "citations": cites})


COPIES_2 = [
    {"doc_id": f"r{i}", "chunk_id": "0", "title": f"Refund {i}.pdf", "page": 1, "text": REFUND} for i in range(6)
]
CLAUSES = "All returns must be made [1] within 30 days [2] of purchase date [3], within 30 days [4], and within 30"
ROWS_5 = [
    make_answer("fragments", _doc_2([_cite_4(s, s) for s in SPANS_2] + [_cite_4(WRONG_5)]), CTX),
    make_answer("one_fragment", _doc_2([_cite_4(SPANS_2[0], SPANS_2[0]), _cite_4(WRONG_5)]), CTX),
    make_answer("clauses", CLAUSES + " days of purchase [5]. " + WRONG_5 + " [6]", COPIES_2),
    make_answer("one_clause", CLAIM + " [1] " + WRONG_5 + " [6]", COPIES_2),
    # the whole answer as one claim_text: its own range (0-1), not a group swallowing the wrong claim's
    make_answer(
        "whole",
        _doc_2([_cite_4(CLAIM + " " + WRONG_5, CLAIM)] + [_cite_4(s, s) for s in SPANS_2] + [_cite_4(WRONG_5)]),
        CTX,
    ),
    # an honest answer, one citation a sentence, keeps its figure: 2 of 3 (as verified / citations)
    make_answer(
        "honest",
        _doc_2(
            [_cite_4(CLAIM, SPANS_2[0]), _cite_4(WRONG_5), _cite_4(SHIPPING, None, ("ship9", 1))],
            f"{CLAIM} {WRONG_5} {SHIPPING}",
        ),
        CTX,
    ),
]


@batched(ROWS_5)
def test_fragments_of_one_right_sentence_do_not_outweigh_a_wrong_claim(answers_db: Path) -> None:
    # a claim was its located span: ten overlapping claim_text fragments of one right sentence, each quoted verbatim,
    # were ten claims beside one wrong claim (integrity 10/11, GREEN); in prose, five markers inside one right
    # sentence cite three clauses of it (3 claims to 1: 0.75, YELLOW). Integrity weighs each answer sentence once (its
    # lowest-scoring claim), so the padding lifts neither above the answer without it (1/2, RED). A claim that spans
    # the whole answer weighs in each sentence it spans: it merges no sentence's claims and hides no wrong one
    db = answers_db
    got = _integrity(db)
    assert got["one_fragment"] == (2, 1, 0.5, "RED") and got["one_clause"] == (2, 1, 0.5, "RED")
    assert got["fragments"] == (11, 10, 0.5, "RED")  # every fragment still checked and counted
    assert got["clauses"] == (6, 5, 0.5, "RED")
    assert got["whole"] == (12, 10, 0.0, "RED")  # the whole-answer claim (weak) weighs in both its sentences
    assert got["honest"] == (3, 2, round(2 / 3, 4), "YELLOW")


WRONG_6 = "Store credit is valid for 24 months."
SENTENCES = [
    "All returns must be made within 30 days of purchase date.",
    "Store credit is valid for 12 months.",
    "Orders over $50 ship free within the EU region.",
]


def _cite_5(claim: str, source: tuple[str, int] = ("abc123", 0)) -> dict[str, object]:
    return {"document_id": source[0], "chunk_index": source[1], "claim_text": claim}


PADDING = [_cite_5(s) for s in FRAGMENTS]  # the source's own words, which the answer does not say
PARAPHRASED = "Returns are accepted for a month after buying. Credit can be used for a year."
ROWS_6 = [
    make_answer("padded", json.dumps({"answer": WRONG_6, "citations": [*PADDING, _cite_5(WRONG_6)]}), CTX),
    make_answer("alone", json.dumps({"answer": WRONG_6, "citations": [_cite_5(SENTENCES[0]), _cite_5(WRONG_6)]}), CTX),
    make_answer(
        "paraphrased",
        json.dumps(
            {"answer": PARAPHRASED, "citations": [_cite_5(SENTENCES[0]), _cite_5(SENTENCES[1]), _cite_5(WRONG_6)]}
        ),
        CTX,
    ),
]


@batched(ROWS_6)
def test_claims_the_answer_does_not_make_weigh_as_one(answers_db: Path) -> None:
    # a claim_text located nowhere in the answer (`claim_not_in_answer`) was a unit of its own: ten verbatim source
    # sentences as claim_texts beside the answer's one wrong claim made it GREEN (10 of 11). The claims an answer does
    # not make tell nothing of which of its sentences they back: together they weigh as one unit (their mean share),
    # so they lift the answer no more than one right claim; an answer whose every claim_text is a paraphrase (none
    # located) keeps verified / citations
    db = answers_db
    got = _integrity(db)
    assert got["alone"] == (2, 1, 0.5, "RED")
    assert got["padded"] == (11, 10, 0.5, "RED")  # every padding citation still checked and counted
    assert got["paraphrased"][:3] == (3, 2, round(2 / 3, 4))
    flags = q(
        db,
        "SELECT count(*) FROM citation_audit "
        "WHERE answer_id = 'padded' AND list_contains(reasons, 'claim_not_in_answer')",
    )
    assert flags == [(10,)]


WRONG_7 = "Store credit is valid for 24 months."


def _doc_3(confidence: float, *claims: str) -> str:
    cites = [{"document_id": "abc123", "chunk_index": 0, "claim_text": c} for c in claims]
    return json.dumps({"answer": " ".join(claims), "citations": cites, "confidence": confidence})


ROWS_7 = [
    make_answer("sure_and_half_wrong", _doc_3(0.95, CLAIM, WRONG_7), CTX),  # 0.95 against 0.5: flagged
    make_answer("sure_and_right", _doc_3(0.95, CLAIM), CTX),  # 0.95 against 1: not
    make_answer("unsure_and_wrong", _doc_3(0.5, WRONG_7), CTX),  # claims little: not
    make_answer("at_the_edge", _doc_3(0.9, CLAIM, WRONG_7), CTX),  # 0.9 against 0.5: exactly the gap, flagged
    make_answer("no_confidence", json.dumps({"answer": WRONG_7, "citations": [{"document_id": "abc123"}]}), CTX),
    # sure and citing nothing: no integrity to compare with (flagged `no_citations`, not `overconfident`)
    make_answer("no_citations", json.dumps({"answer": WRONG_7, "citations": [], "confidence": 0.99}), CTX),
]


@batched(ROWS_7)
def test_an_answer_claiming_far_more_confidence_than_its_citations_bear_is_flagged(answers_db: Path) -> None:
    # the answer's own `confidence` was stored, and over-confidence shown per model only: an answer claiming 0.95 with
    # half its citations wrong carried no flag of its own. `overconfident`: claimed >= 0.9 and integrity at least 0.4
    # lower ([levels] overconfident_confidence, overconfident_gap)
    db = answers_db
    got = dict(q(db, "SELECT answer_id, list_contains(flags, 'overconfident') FROM answer_audit"))
    assert got == {
        "sure_and_half_wrong": True,
        "sure_and_right": False,
        "unsure_and_wrong": False,
        "at_the_edge": True,
        "no_confidence": False,
        "no_citations": False,
    }


def _spanning_rows() -> list[dict[str, Any]]:
    """The rows of `test_claims_spanning_several_sentences_weigh_each_sentence_once`."""
    right = [
        "Returns are accepted within 30 days.",
        "Refunds go to the original card.",
        "Store credit lasts 12 months.",
        "Gift cards cannot be refunded.",
    ]
    wrong = "Shipping is free on every order."
    ctx = [{**CTX[0], "text": " ".join(right)}, CTX[1]]
    runs = [" ".join(right[i : j + 1]) for i in range(4) for j in range(i, 4)]

    def doc(claims: list[str], answer: str = " ".join([*right, wrong])) -> str:
        cites = [{"document_id": "abc123", "chunk_index": 0, "claim_text": c} for c in claims]
        return json.dumps({"answer": answer, "citations": cites})

    rows = [
        make_answer("runs", doc([*runs, wrong]), ctx),
        make_answer("one_a_sentence", doc([*right, wrong]), ctx),
        # one claim_text over the right sentences and the wrong one: each of the five sentences fails with it
        make_answer("run_over_the_wrong_one", doc([*right, " ".join([*right, wrong])]), ctx),
        make_answer("honest_run", doc([" ".join(right[:2]), right[2], right[3]], " ".join(right)), ctx),
    ]
    return rows


@batched(_spanning_rows())
def test_claims_spanning_several_sentences_weigh_each_sentence_once(answers_db: Path) -> None:
    # a claim spanning several sentences was a unit of its own ("0-1", "0-2", "1-3" ...): every run of an answer's
    # four right sentences as a claim_text made ten units beside the wrong fifth sentence, 10 of 11, GREEN, where one
    # claim_text a sentence is 4/5, YELLOW. A claim now weighs in each sentence it spans, each sentence by its
    # worst-backed claim: the runs lift nothing, and a run whose claim fails sinks every sentence in it
    db = answers_db
    got = _integrity(db)
    assert got["one_a_sentence"] == (5, 4, 0.8, "YELLOW")
    assert got["runs"] == (11, 10, 0.8, "YELLOW")  # every run still checked and counted
    assert got["run_over_the_wrong_one"][2:] == (0.0, "RED")
    assert got["honest_run"] == (3, 3, 1.0, "GREEN")


WRONG_2 = "Store credit is valid for 24 months."
RIGHT = "Store credit is valid for 12 months."
CITE_2 = {"document_id": "abc123", "chunk_index": 0, "claim_text": RIGHT}
ROWS = [
    make_answer("not_made", json.dumps({"answer": WRONG_2, "citations": [CITE_2]}), CTX),
    make_answer("made", json.dumps({"answer": RIGHT, "citations": [CITE_2]}), CTX),
]


@batched(ROWS)
def test_an_answer_none_of_whose_sentences_is_cited_is_not_green(answers_db: Path) -> None:
    # the one citation backs a claim_text the answer does not make (claim_not_in_answer, verified against the
    # source), and the answer's one sentence, wrong, is cited by nothing: integrity 1.0 over the claim it does not
    # make, coverage 0, GREEN. With claims and not one of them cited the answer is YELLOW, as with no citation
    db = answers_db
    got = {
        a: (i, c, lv)
        for a, i, c, lv in q(db, "SELECT answer_id, citation_integrity, coverage, level FROM answer_audit")
    }
    assert got == {"not_made": (1.0, 0.0, "YELLOW"), "made": (1.0, 1.0, "GREEN")}


CTX_2 = [{**CTX[0], "doc_id": "12"}, CTX[1]]
CITES = {
    "whole": '{"document_id": 12.0, "chunk_index": 0}',
    "whole_alone": '{"document_id": 12.0}',
    "exponent": '{"document_id": 1.2e1, "page_number": 3}',
    "integer": '{"document_id": 12, "chunk_index": 0}',
    "half": '{"document_id": 12.5, "chunk_index": 0}',
}
ROWS_2 = [make_answer(k, f'{{"answer": "{CLAIM}", "citations": [{c}]}}', CTX_2) for k, c in CITES.items()]


@batched(ROWS_2)
def test_a_document_id_written_as_a_whole_float_is_that_integer(answers_db: Path) -> None:
    # `"document_id": 12.0` (pandas writes an integer id column holding a null as floats) was
    # malformed_citation:document_id, a correct citation fabricated, the answer RED; `12.5` names no document
    db = answers_db
    got = {
        a: (r, v, list(rs))
        for a, r, v, rs in q(db, "SELECT answer_id, cited_ref, verdict, reasons FROM citation_audit")
    }
    assert got["whole"][:2] == ("12:0", "verified"), got
    assert got["whole_alone"][:2] == ("12", "verified"), got
    assert got["exponent"][:2] == ("12, page 3", "verified"), got
    assert got["integer"][:2] == ("12:0", "verified"), got
    assert got["half"][1:] == ("fabricated", ["malformed_citation:document_id"]), got
    levels = dict(q(db, "SELECT answer_id, level FROM answer_audit"))
    assert levels == {**dict.fromkeys(CITES, "GREEN"), "half": "RED"}, levels
