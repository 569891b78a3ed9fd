"""Hostile answer texts found by a seventh sweep of answer logs, each through the real `citeaudit run` on real
Parquet and DuckDB files: nothing lost, nothing let in."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audit.extract.scan import markers_outside_code, reference_list_start
from tests.cli.hostile import CTX, batched
from tests.conftest import make_answer
from tests.conftest import query as q
from tests.extract.test_markers import extract

EVENT = '{"type": "final", "data": "Refunds take 30 days [1].", "answer": %s}'
OTHER = EVENT % '"Refunds take 90 days [7]."'
ANSWERS = {
    "event": OTHER,
    "server_sent": f'data: {{"type": "delta", "data": "Refunds"}}\n\ndata: {OTHER}\n\n',
    "event_list": f'[{{"type": "delta", "data": "Refunds"}}, {OTHER}]',
    "not_a_string": EVENT % '{"text": "Refunds take 90 days [7]."}',
    "same_text": EVENT % '"Refunds take 30 days [1]."',
    "null_answer": EVENT % "null",
}


@batched([make_answer(key, doc, CTX) for key, doc in ANSWERS.items()])
def test_a_final_event_whose_answer_differs_from_its_data_text_is_flagged(answers_db: Path) -> None:
    # a final event's `data` text is the answer; an `answer` field beside it saying something else (here citing a
    # source never retrieved) was dropped without a word and the answer came out GREEN: which text the user saw is
    # unknown, as when `data` is an object whose `answer` differs (duplicate_json_key:answer, RED)
    db = answers_db
    got = dict(q(db, "SELECT answer_id, (answer_text, level, flags) FROM answer_audit"))
    text, conflict = "Refunds take 30 days [1].", ["duplicate_json_key:answer"]
    assert got == {
        "event": (text, "RED", conflict),
        "server_sent": (text, "RED", conflict),
        "event_list": (text, "RED", conflict),
        "not_a_string": (text, "RED", conflict),
        "same_text": (text, "GREEN", []),
        "null_answer": (text, "GREEN", []),
    }, got


ANSWERS_2 = {
    "wrong_figure": "Refunds take 30 days [1]. Shipping costs 20 euros [\u200b2].",
    "never_retrieved": "Refunds take 30 days [1][\u20607\u2060].",
    "soft_hyphen": "Refunds take 30 days [1\u00ad].",
    "list": "Refunds take 30 days [\ufeff1,\u200b 2].",
}


@batched([make_answer(key, text, CTX) for key, text in ANSWERS_2.items()])
def test_a_numeric_marker_with_invisible_characters_inside_is_a_citation(answers_db: Path) -> None:
    # a zero-width space, word joiner, soft hyphen or byte order mark inside the brackets (a model's or a
    # renderer's; invisible on screen) made `[2]` no marker: its claim went unchecked, and next to a verified
    # citation the answer came out GREEN whatever it cited ([7], never retrieved, included)
    db = answers_db
    got = q(db, "SELECT answer_id, marker, cited_ref, verdict, claim FROM citation_audit ORDER BY 1, citation_ord")
    refunds, shipping = "Refunds take 30 days.", "Shipping costs 20 euros."
    assert [(a, c, v, claim) for a, _m, c, v, claim in got] == [
        ("list", "1", "verified", refunds),
        ("list", "2", "unsupported", refunds),
        ("never_retrieved", "1", "verified", refunds),
        ("never_retrieved", "7", "fabricated", refunds),
        ("soft_hyphen", "1", "verified", refunds),
        ("wrong_figure", "1", "verified", refunds),
        ("wrong_figure", "2", got[-1][3], shipping),
    ], got
    assert got[-1][3] != "verified" and got[-1][1] == "[\u200b2]", got
    levels = dict(q(db, "SELECT answer_id, level FROM answer_audit"))
    assert levels == {"wrong_figure": "RED", "never_retrieved": "RED", "soft_hyphen": "GREEN", "list": "RED"}, levels


FOOTNOTED = {
    # Markdown footnotes: `[^2]` cites source 2, `[^2]: ...` lines at the end define the notes. The markers were no
    # citations: beside a verified one a wrong figure and a source never retrieved came out GREEN
    "wrong_figure": "Refunds take 30 days [1]. Shipping costs 20 euros[^2].\n\n[^2]: Shipping.pdf",
    "never_retrieved": "Refunds take 30 days[^1][^7].\n\n[^1]: Refund Policy.pdf\n[^7]: Made up.pdf",
    "correct": "Refunds take 30 days[^1]. Shipping is free over 50 euros[^2].\n\n[^1]: Refund Policy.pdf\r\n"
    "[^2]: Shipping.pdf\n",
    # link definitions closing the answer name its sources: each came out a citation of the line above it, RED
    "link_definitions": "Refunds take 30 days [1]. Shipping is free over 50 euros [2].\n\n[1]: https://kb.example/r\n"
    "[2]: https://kb.example/s",
    # only the definitions cite: each cites the whole answer above it (the 90 days are checked, not let in)
    "only_definitions": "Refunds take 90 days.\n\n[^1]: Refund Policy.pdf",
    # a definition followed by prose is no closing list: its marker stays a citation
    "prose_after": "Refunds take 30 days.\n[1]: Refunds take 30 days.\nShipping costs 20 euros [2].",
    # `[2]:` before a statement is no link definition (that needs a link): the statement is no source's name; its
    # marker opens the line, so it cites that line (hostile inputs round 12), no longer the sentence above it
    "statement": "Refunds take 30 days [1].\n[2]: Shipping costs 20 euros.",
    # nothing but definitions: the list is the whole answer (its first line was read as the answer, citing inline)
    "nothing_else": "[1]: https://kb.example/r\n[2]: https://kb.example/s",
}


@batched([make_answer(key, text, CTX) for key, text in FOOTNOTED.items()])
def test_markdown_footnotes_cite_and_closing_definitions_name_sources(answers_db: Path) -> None:
    db = answers_db
    got = dict(q(db, "SELECT answer_id, (level, n_citations, n_uncited_claims, flags) FROM answer_audit"))
    cites = q(db, "SELECT answer_id, marker, context_rank, verdict, claim FROM citation_audit ORDER BY 1, citation_ord")
    assert got == {
        "wrong_figure": ("RED", 2, 0, ["reference_list"]),
        "never_retrieved": ("RED", 2, 0, ["reference_list"]),
        "correct": ("GREEN", 2, 0, ["reference_list"]),
        "link_definitions": ("GREEN", 2, 0, ["reference_list"]),
        # the closing list cites the whole answer above it, as a JSON `citations` list does: no uncited claim
        "only_definitions": ("RED", 1, 0, ["reference_list"]),
        "prose_after": ("RED", 2, 1, []),
        "statement": ("RED", 2, 0, []),
        "nothing_else": ("RED", 2, 0, ["reference_list"]),
    }, (got, cites)
    by_id: dict[str, list[tuple[Any, ...]]] = {}
    for answer_id, *rest in cites:
        by_id.setdefault(answer_id, []).append(tuple(rest))
    refunds, shipping = "Refunds take 30 days.", "Shipping costs 20 euros."
    assert by_id["wrong_figure"][1][:2] == ("[^2]", 2) and by_id["wrong_figure"][1][3] == shipping, by_id
    assert by_id["wrong_figure"][1][2] != "verified", by_id
    assert by_id["never_retrieved"] == [("[^1]", 1, "verified", refunds), ("[^7]", None, "fabricated", refunds)]
    assert [v for _m, _r, v, _c in by_id["correct"] + by_id["link_definitions"]] == ["verified"] * 4, by_id
    assert by_id["only_definitions"] == [("[^1]", 1, by_id["only_definitions"][0][2], "Refunds take 90 days.")]
    assert by_id["only_definitions"][0][2] != "verified", by_id
    # the claim keeps the colon after its marker (": Shipping ..."), as "- [1] ..." keeps its dash: cosmetic
    assert [(m, c.lstrip(": ")) for m, _r, _v, c in by_id["statement"]] == [("[1]", refunds), ("[2]", shipping)]


@pytest.mark.parametrize("key", sorted(FOOTNOTED))
def test_footnotes_the_sql_and_the_python_reference_agree(key: str) -> None:
    text = FOOTNOTED[key]
    cites, _ = extract([text])
    assert sorted({(c[5], c[6]) for c in cites}) == sorted((m.start(), m.end()) for m in markers_outside_code(text))
    start = reference_list_start(text)
    assert (start is None) == (key in ("prose_after", "statement")), start
    if start is not None:
        assert text[start:].startswith("[") and (start == 0) == (key == "nothing_else"), start


ZH = "根据我们的退款政策，所有退货必须在购买之日起30天内完成，并附上原始收据。"
JA = "返品は購入日から30日以内に行う必要があります。"
KO = "환불은 구매일로부터 30일 이내에 처리됩니다."
CASES = {
    "zh_changed": ("根据我们的退款政策，所有退货必须在购买之日起90天内完成[1]。", ZH),
    "ja_changed": ("返品は購入日から90日以内に行う必要があります[1]。", JA),
    "ko_changed": ("환불은 구매일로부터 90일 이내에 처리됩니다 [1].", KO),
    "zh_same": ("根据我们的退款政策，所有退货必须在购买之日起30天内完成[1]。", ZH),
    "ja_same": ("返品は購入日から30日以内に行う必要があります[1]。", JA),
    "ko_same": ("환불은 구매일로부터 30일 이내에 처리됩니다 [1].", KO),
}
ROWS = [
    make_answer(key, answer, [{"doc_id": "d1", "chunk_id": "c1", "title": "R", "page": 1, "text": text}])
    for key, (answer, text) in CASES.items()
]


@batched(ROWS)
def test_a_changed_figure_written_against_cjk_or_hangul_text_is_named(answers_db: Path) -> None:
    # numbers are key facts only between non-word characters, and a CJK or Hangul character is a word character:
    # `90天` (90 days) held no number, so a claim whose figure was changed against its source (`30天`) had no
    # `missing_number` and came out verified, GREEN
    db = answers_db
    got = dict(
        q(db, "SELECT answer_id, (verdict, list_filter(reasons, lambda r: r ^@ 'missing_number')) FROM citation_audit")
    )
    for key in ("zh", "ja", "ko"):
        assert got[f"{key}_changed"][1] == ["missing_number:90"] and got[f"{key}_changed"][0] != "verified", got
        assert got[f"{key}_same"] == ("verified", []), got
    levels = dict(q(db, "SELECT answer_id, level FROM answer_audit"))
    assert {k: v for k, v in levels.items() if k.endswith("_changed")} == dict.fromkeys(
        ("zh_changed", "ja_changed", "ko_changed"), "RED"
    ), levels


ZH_2 = [
    {"doc_id": "d1", "chunk_id": "c1", "title": "R", "page": 1, "text": "所有退货必须在购买之日起30天内完成。"},
    {"doc_id": "d2", "chunk_id": "c2", "title": "S", "page": 1, "text": "订单金额超过50欧元即可享受免费送货服务。"},
]
ANSWERS_3 = {
    "zh": "所有退货必须在购买之日起30天内完成[1]。订单金额超过50欧元即可享受免费送货服务[2]！",
    "question_first": "退款需要多久？所有退货必须在购买之日起30天内完成[1]。",
}


@batched([make_answer(key, text, ZH_2) for key, text in ANSWERS_3.items()])
def test_sentences_end_at_a_full_width_full_stop(answers_db: Path) -> None:
    # `。`, `！` and `？` ended no sentence (only `.`, `!` and `?` before a space did): every marker of a Chinese or
    # Japanese answer cited the whole answer, so each correct citation was checked against the other's claim too
    # and a correct answer came out RED
    db = answers_db
    got = q(db, "SELECT answer_id, marker, claim, claim_start, claim_end, verdict FROM citation_audit ORDER BY 1, 2")
    assert got == [
        ("question_first", "[1]", "所有退货必须在购买之日起30天内完成。", 7, 29, "verified"),
        ("zh", "[1]", "所有退货必须在购买之日起30天内完成。", 0, 22, "verified"),
        ("zh", "[2]", "订单金额超过50欧元即可享受免费送货服务！", 22, 46, "verified"),
    ], got
    assert q(db, "SELECT DISTINCT level FROM answer_audit") == [("GREEN",)]


ANSWERS_4 = {
    "wrong_figure": "Refunds take 30 days [1]. Shipping costs 20 euros[^2^].",
    "correct": "Refunds take 30 days[^1^]. Shipping is free over 50 euros[^2^].\n\n[1]: https://kb.example/r\n"
    "[2]: https://kb.example/s",
}


@batched([make_answer(key, text, CTX) for key, text in ANSWERS_4.items()])
def test_copilot_footnotes_cite(answers_db: Path) -> None:
    # Bing Chat / Copilot write `[^2^]` (source 2) and close with `[2]: https://...` link definitions: `[^2^]` was no
    # marker, so beside a verified `[1]` a wrong figure came out GREEN, and alone the definitions cited the answer
    db = answers_db
    got = dict(q(db, "SELECT answer_id, (level, n_citations, flags) FROM answer_audit"))
    assert got == {"wrong_figure": ("RED", 2, []), "correct": ("GREEN", 2, ["reference_list"])}, got
    cites = q(db, "SELECT marker, context_rank, claim FROM citation_audit WHERE answer_id = 'wrong_figure' ORDER BY 1")
    assert cites == [("[1]", 1, "Refunds take 30 days."), ("[^2^]", 2, "Shipping costs 20 euros.")], cites
    for text in ANSWERS_4.values():
        cites_sql, _ = extract([text])
        assert sorted({(c[5], c[6]) for c in cites_sql}) == [(m.start(), m.end()) for m in markers_outside_code(text)]


ANSWERS_5 = {"listed": "Refunds take 30 days [1]. Shipping costs 20 euros [2; 3]."}


@batched([make_answer(key, text, CTX) for key, text in ANSWERS_5.items()])
def test_a_marker_listing_positions_with_semicolons_cites_each(answers_db: Path) -> None:
    # `[2; 3]` (as `[2, 3]`, semicolons as in author-year styles) was no marker: beside a verified `[1]` a wrong
    # figure citing source 2 and a source never retrieved came out GREEN
    db = answers_db
    got = q(db, "SELECT marker, cited_ref, verdict, claim FROM citation_audit ORDER BY citation_ord")
    shipping = "Shipping costs 20 euros."
    assert [(m, r, c) for m, r, _v, c in got] == [
        ("[1]", "1", "Refunds take 30 days."),
        ("[2; 3]", "2", shipping),
        ("[2; 3]", "3", shipping),
    ], got
    assert got[1][2] != "verified" and got[2][2] == "fabricated", got
    assert q(db, "SELECT level FROM answer_audit") == [("RED",)]
    text = ANSWERS_5["listed"]
    cites_sql, _ = extract([text])
    assert sorted({(c[5], c[6]) for c in cites_sql}) == [(m.start(), m.end()) for m in markers_outside_code(text)]


ANSWERS_6 = {
    "tilde": "Refunds take 30 days [1].\n~~~python\nx = arr[2]\n~~~\nShipping is free over 50 euros [2].",
    "unclosed": "Refunds take 30 days [1].\n~~~\nx = arr[2]",
}


@batched([make_answer(key, text, CTX) for key, text in ANSWERS_6.items()])
def test_markers_in_a_tilde_code_fence_are_code(answers_db: Path) -> None:
    # Markdown fences code with ~~~ as with ```: `arr[2]` in such a fence was a citation with an empty claim
    # (unsupported), so a correct answer came out RED
    db = answers_db
    got = dict(q(db, "SELECT answer_id, (level, n_citations) FROM answer_audit"))
    assert got == {"tilde": ("GREEN", 2), "unclosed": ("GREEN", 1)}, got
    for text in ANSWERS_6.values():
        cites_sql, _ = extract([text])
        assert sorted({(c[5], c[6]) for c in cites_sql}) == [(m.start(), m.end()) for m in markers_outside_code(text)]


ANSWERS_7 = {
    "linked": "Refunds take 30 days [1](https://kb.example/refunds). Shipping is free over 50 euros "
    "[2](https://en.wikipedia.org/wiki/Shipping_(law)).",
}


@batched([make_answer(key, text, CTX) for key, text in ANSWERS_7.items()])
def test_a_numeric_marker_linked_to_its_source_leaves_no_link_in_the_claim(answers_db: Path) -> None:
    # `[1](https://...)`, a Markdown link whose text is the position (as Perplexity-style answers cite): the link's
    # `(https://...)` stayed in the claim, which its source does not say, so a correct answer came out RED
    db = answers_db
    got = q(db, "SELECT marker, cited_ref, verdict, claim FROM citation_audit ORDER BY citation_ord")
    assert got == [
        ("[1](https://kb.example/refunds)", "1", "verified", "Refunds take 30 days."),
        ("[2](https://en.wikipedia.org/wiki/Shipping_(law))", "2", "verified", "Shipping is free over 50 euros."),
    ], got
    assert q(db, "SELECT level FROM answer_audit") == [("GREEN",)]
    text = ANSWERS_7["linked"]
    cites_sql, _ = extract([text])
    assert sorted({(c[5], c[6]) for c in cites_sql}) == [(m.start(), m.end()) for m in markers_outside_code(text)]
    # only a link is part of the marker: a year in parentheses right after one stays in the claim (and is checked)
    year = "The refund rules changed [1](2019)."
    assert [(c[2], c[5], c[6]) for c in extract([year])[0]] == [("[1]", 25, 28)]


# a 120 KB answer of 2,500 sentences
LONG_ANSWER = " ".join(f"Sentence number {i} says refunds take 30 days." for i in range(2500))


def _thousand_citations_rows() -> list[dict[str, Any]]:
    """The rows of `test_one_long_claim_cited_a_thousand_times_is_analysed_once`."""
    import json

    answer = LONG_ANSWER
    # each with its own quote (copies of one citation object are one citation: test_hostile_structured.py)
    cites = [{"document_id": f"d{i % 2 + 1}", "text_span": f"Sentence number {i} says"} for i in range(1000)]
    doc = json.dumps({"answer": answer, "citations": cites})
    return [make_answer("many", doc, CTX)]


@batched(_thousand_citations_rows())
def test_one_long_claim_cited_a_thousand_times_is_analysed_once(answers_db: Path) -> None:
    # 1,000 citation objects without a claim_text over a 120 KB answer cite the whole answer 1,000 times (a JSON
    # `citations` list of positions did so too, before a repeat counted once): each (claim, source) pair was
    # analysed again (48 s and 1.5 GB for one row); a pair's score depends on its texts alone, so each distinct pair
    # is scored once (its time is `citeaudit bench`'s to measure, not a test's: the brief forbids timed tests)
    db = answers_db
    got = q(
        db, "SELECT cited_ref, count(*), count(DISTINCT (verdict, support)) FROM citation_audit GROUP BY 1 ORDER BY 1"
    )
    assert got == [("d1", 500, 1), ("d2", 500, 1)], got


def _overlong_sentence_rows() -> list[dict[str, Any]]:
    """The rows of `test_markers_along_one_overlong_sentence_cite_the_words_before_each`."""
    import json

    runon = "Refunds take 30 days " + "".join(f"word{i} more text [{i % 2 + 1}] " for i in range(5000)) + "."
    answer = LONG_ANSWER
    listed = json.dumps({"answer": answer, "citations": [i % 2 + 1 for i in range(5000)]})
    adjacent = "Refunds take 30 days " + "".join(f"[{i % 2 + 1}]" for i in range(5000)) + "."
    rows = [
        make_answer("runon", runon, CTX),
        make_answer("listed", listed, CTX),
        make_answer("adjacent", adjacent, CTX),
    ]
    return rows


@batched(_overlong_sentence_rows())
def test_markers_along_one_overlong_sentence_cite_the_words_before_each(answers_db: Path) -> None:
    # 5,000 markers along one unpunctuated 130 KB "sentence": each citation's claim was the whole sentence, stored
    # 5,000 times (650 MB), and the run stopped at its load ("needs more memory than load_memory_limit", exit 2); a
    # JSON citations list citing a long answer 5,000 times likewise. A claim holds at most 2,000 characters (as many
    # as the verifier aligns): in an overlong sentence a marker cites the words since the marker before it, and a
    # whole-answer claim is the answer's first 2,000 characters
    db = answers_db
    got = q(db, "SELECT answer_id, count(*), max(length(claim)) FROM citation_audit GROUP BY 1 ORDER BY 1")
    first = LONG_ANSWER[: LONG_ANSWER.rfind(" ", 0, 2000)]
    # side by side, and listed again, the same source for the same words is one citation
    assert got == [("adjacent", 2, 20), ("listed", 2, len(first)), ("runon", 5000, 36)], got
    claims = q(
        db, "SELECT claim, claim_start, claim_end FROM citation_audit WHERE answer_id = 'runon' ORDER BY citation_ord"
    )
    assert claims[:3] == [
        ("Refunds take 30 days word0 more text", 0, 36),
        ("word1 more text", 41, 56),
        ("word2 more text", 61, 76),
    ]
    assert q(db, "SELECT DISTINCT claim, claim_start FROM citation_audit WHERE answer_id = 'listed'") == [(first, 0)]


WRONG = " Shipping costs 20 euros [2]."
ANSWERS_8 = {
    "listed": "Refunds take 30 days [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]." + WRONG,
    "side_by_side": "Refunds take 30 days " + "[1]" * 10 + "." + WRONG,
    "ranges": "Refunds take 30 days [1-1, 1, 1-1, 1, 1, 1, 1, 1, 1, 1]." + WRONG,
    "two_dialects": "Refunds take 30 days [1][Document: Refund Policy.pdf, Page 1]." + WRONG,
    "fabricated_twice": "Refunds take 30 days [1][7][7].",
    "other_claims": "Refunds take 30 days [1]. Refunds take 30 days, it says [1].",
}


@batched([make_answer(key, text, CTX) for key, text in ANSWERS_8.items()])
def test_a_source_cited_again_for_the_same_claim_is_one_citation(answers_db: Path) -> None:
    # `[1, 1, ...]` or `[1][1]...` ten times on a verified claim counted ten verified citations: a wrong figure
    # beside it (1 of 11 unverified, integrity 0.91) came out GREEN
    db = answers_db
    got = dict(q(db, "SELECT answer_id, (n_citations, n_verified, level) FROM answer_audit"))
    assert got == {
        "listed": (2, 1, "RED"),
        "side_by_side": (2, 1, "RED"),
        "ranges": (2, 1, "RED"),
        "two_dialects": (2, 1, "RED"),
        "fabricated_twice": (2, 1, "RED"),
        "other_claims": (2, 2, "GREEN"),
    }, got


ZH_3 = [
    {"doc_id": "d1", "chunk_id": "c1", "title": "R", "page": 1, "text": "退款需要30天。"},
    {"doc_id": "d2", "chunk_id": "c2", "title": "S", "page": 1, "text": "运费超过50欧元免费。"},
]
ANSWERS_9 = {
    "zh_uncited": "所有退货必须在购买之日起90天内完成。",
    "ja_uncited": "返品は購入日から90日以内に行う必要があります。",
    "zh_short": "退款需要30天[1]。运费超过50欧元免费[2]。",
    "zh_thanks": "谢谢！",
    "ja_thanks": "ありがとうございます。",
}


@batched([make_answer(key, text, ZH_3) for key, text in ANSWERS_9.items()])
def test_chinese_and_japanese_statements_are_counted_as_words(answers_db: Path) -> None:
    # words were runs of letters between spaces: a Chinese or Japanese sentence is one run, so no sentence of such
    # an answer was a claim (an answer stating a wrong figure without any citation came out GREEN, an English one
    # YELLOW) and a short cited one, 退款需要30天 (refunds take 30 days), was no statement (empty_claim, RED).
    # A character of these scripts counts as half a word
    db = answers_db
    got = dict(q(db, "SELECT answer_id, (n_claims, n_citations, n_verified, level, flags) FROM answer_audit"))
    assert got == {
        "zh_uncited": (1, 0, 0, "YELLOW", ["no_citations"]),
        "ja_uncited": (1, 0, 0, "YELLOW", ["no_citations"]),
        "zh_short": (2, 2, 2, "GREEN", []),
        "zh_thanks": (0, 0, 0, "GREEN", []),
        "ja_thanks": (0, 0, 0, "GREEN", []),
    }, got


CTX_2 = [
    {"doc_id": "d1", "chunk_id": "c1", "title": "R.pdf", "page": 1, "text": "Refunds are paid within 30 days."},
    {"doc_id": "d2", "chunk_id": "c2", "title": "Ship.pdf", "page": 1, "text": "Shipping is free over 50 euros."},
]
ANSWERS_10 = {
    "clauses": "Refunds are paid within 30 days [1], and shipping is free over 50 euros [2].",
    "wrong": "Refunds are paid within 60 days [1], and shipping is free over 50 euros [2].",
}


@batched([make_answer(k, v, CTX_2) for k, v in ANSWERS_10.items()])
def test_markers_inside_a_sentence_cite_the_clause_before_them(answers_db: Path) -> None:
    # "X [1], and Y [2].": each source was checked against the whole sentence, missed the other's figure, and two
    # correct citations came out weak and unsupported (the answer RED); a wrong figure in one clause is still caught
    db = answers_db
    got = q(db, "SELECT answer_id, citation_ord, claim, verdict FROM citation_audit ORDER BY 1, 2")
    assert got == [
        ("clauses", 1, "Refunds are paid within 30 days", "verified"),
        ("clauses", 2, "shipping is free over 50 euros.", "verified"),
        ("wrong", 1, "Refunds are paid within 60 days", got[2][3]),
        ("wrong", 2, "shipping is free over 50 euros.", "verified"),
    ], got
    assert got[2][3] != "verified", got
    levels = dict(q(db, "SELECT answer_id, level FROM answer_audit"))
    assert levels["clauses"] == "GREEN" and levels["wrong"] != "GREEN", levels


CTX_3 = [
    {
        "doc_id": "d1",
        "chunk_id": "c1",
        "title": "R.pdf",
        "page": 1,
        "text": "The company's revenue rose by 5% in 2020 to $7 billion.",
    },
    {"doc_id": "d2", "chunk_id": "c2", "title": "Ship.pdf", "page": 1, "text": "Shipping is free over 50 euros."},
]
ANSWERS_11 = {
    "reaching": "The company's revenue rose by 5% [1], reaching $9 billion in 2020.",
    "which": "The company's revenue rose by 5% [1], which brought it to $9 billion.",
    "and": "The company's revenue rose by 5% [1] and shipping costs 20 euros on every order.",
    "last_of_two": "Shipping is free over 50 euros [2], and the company's revenue rose by 5% [1], to $9 billion.",
    "right": "The company's revenue rose by 5% [1], reaching $7 billion in 2020.",
}


@batched([make_answer(k, v, CTX_3) for k, v in ANSWERS_11.items()])
def test_words_after_a_sentences_last_marker_stay_with_that_marker(answers_db: Path) -> None:
    # "X [1], reaching Y." cited only X once markers cited their clause: a wrong figure after the sentence's last
    # marker was checked against no source and counted as no uncited claim either (its sentence was cited), and the
    # answer came out GREEN. Only a clause another marker follows is cut off; the rest stays with the last marker
    db = answers_db
    got = q(db, "SELECT answer_id, marker, claim, verdict FROM citation_audit ORDER BY 1, citation_ord")
    claims = {(a, m): (c, v) for a, m, c, v in got}
    assert claims[("reaching", "[1]")][0] == "The company's revenue rose by 5%, reaching $9 billion in 2020.", got
    assert claims[("last_of_two", "[2]")] == ("Shipping is free over 50 euros", "verified"), got
    assert claims[("last_of_two", "[1]")][0] == "the company's revenue rose by 5%, to $9 billion.", got
    assert claims[("right", "[1]")][1] == "verified", got
    levels = dict(q(db, "SELECT answer_id, level FROM answer_audit"))
    assert {a: lv for a, lv in levels.items() if lv == "GREEN"} == {"right": "GREEN"}, (levels, got)


CTX_4 = [
    {"doc_id": "d1", "chunk_id": "c1", "title": "R.pdf", "page": 1, "text": "Refunds are paid within 30 days."},
    {"doc_id": "d2", "chunk_id": "c2", "title": "S.pdf", "page": 1, "text": "Shipping is free over 50 euros."},
]
CJK = [
    {"doc_id": "d1", "chunk_id": "c1", "title": "R.pdf", "page": 1, "text": "购买后三十天内退款。"},
    {"doc_id": "d2", "chunk_id": "c2", "title": "S.pdf", "page": 1, "text": "订单超过五十欧元免运费。"},
]
ROWS_2 = [
    make_answer(
        "see", "Refunds are paid within 30 days (see [1]), and shipping is free over 50 euros (see [2]).", CTX_4
    ),
    make_answer("bare", "Refunds are paid within 30 days ([1]), and shipping is free over 50 euros ([2]).", CTX_4),
    make_answer("cjk", "购买后三十天内退款[1]，订单超过五十欧元免运费[2]。", CJK),
]


@batched(ROWS_2)
def test_markers_in_brackets_and_after_full_width_commas_cite_their_clause(answers_db: Path) -> None:
    # "X (see [1]), and Y [2]." and "X[1]，Y[2]。" kept the whole sentence for each marker (a bracket after the marker,
    # a full-width comma: no clause break), so each source missed the other's figure: two correct citations RED; and
    # a claim kept the brackets its markers left, "(see )" (a word its source lacks: `weak`)
    db = answers_db
    got = q(db, "SELECT answer_id, citation_ord, claim, verdict FROM citation_audit ORDER BY 1, 2")
    assert [(a, o, c) for a, o, c, _v in got] == [
        ("bare", 1, "Refunds are paid within 30 days"),
        ("bare", 2, "shipping is free over 50 euros."),
        ("cjk", 1, "购买后三十天内退款"),
        ("cjk", 2, "订单超过五十欧元免运费。"),
        ("see", 1, "Refunds are paid within 30 days"),
        ("see", 2, "shipping is free over 50 euros."),
    ], got
    assert {v for *_x, v in got} == {"verified"}, got


CTX_5 = [
    {
        "doc_id": "d1",
        "chunk_id": "c1",
        "title": "E.pdf",
        "page": 1,
        "text": "The Empire State Building opened in 1931 in New York.",
    },
    {"doc_id": "d2", "chunk_id": "c2", "title": "T.pdf", "page": 1, "text": "The Eiffel Tower is 330 metres tall."},
]
ANSWERS_12 = {
    "it": "The Empire State Building opened in 1931 in New York [1], and it is 330 metres tall [2].",
    "which": "The Empire State Building opened in 1931 in New York [1], which is 330 metres tall [2].",
    "its": "The Empire State Building opened in 1931 in New York [1], and its height is 330 metres [2].",
}


@batched([make_answer(k, v, CTX_5) for k, v in ANSWERS_12.items()])
def test_a_clause_that_refers_back_is_checked_with_what_it_refers_to(answers_db: Path) -> None:
    # "The Empire State Building opened in 1931 [1], and it is 330 metres tall [2]." with [2] a page on the Eiffel
    # Tower: cut off, "it is 330 metres tall" was verified against it and the answer GREEN (before the clause rule the
    # whole sentence missed the building's name). A clause opening with "it", "its", "which", ... keeps the words
    # before it
    db = answers_db
    got = q(db, "SELECT answer_id, citation_ord, verdict FROM citation_audit ORDER BY 1, 2")
    assert {(a, o): v for a, o, v in got if o == 1} == {
        ("it", 1): "verified",
        ("its", 1): "verified",
        ("which", 1): "verified",
    }, got
    assert "verified" not in {v for _a, o, v in got if o == 2}, got
    levels = dict(q(db, "SELECT answer_id, level FROM answer_audit"))
    assert "GREEN" not in levels.values(), levels


TEXTS = {
    "check": "✅ Refunds take 30 days [1].",
    "smile": "Refunds take 30 days 😀 [1].",
    "star_middle": "Refunds take ★ 30 days [1].",
    "family": "Refunds take 30 days \U0001f468\u200d\U0001f469\u200d\U0001f467 [1].",
    "flag": "Shipping is free over 50 euros \U0001f1ea\U0001f1fa [2].",
    "wrong": "✅ Refunds take 90 days [1].",
}


@batched([make_answer(k, v, CTX) for k, v in TEXTS.items()])
def test_an_emoji_in_a_cited_claim_does_not_make_it_weak(answers_db: Path) -> None:
    # chat assistants decorate answers ("✅ Refunds take 30 days [1].", "... 30 days 😀 [1]."): the pictograph
    # stayed in the claim, which no source holds, so a verbatim claim lost its exact match and the support model
    # gave it 0.34-0.43, `weak`, the answer RED. Pictographs carry no fact: the claim is verified without them
    db = answers_db
    got = {a: (v, r) for a, v, r in q(db, "SELECT answer_id, verdict, reasons FROM citation_audit")}
    for k in ("check", "smile", "star_middle", "family", "flag"):
        assert got[k] == ("verified", ["exact_match"]), k
    assert got["wrong"][0] != "verified" and "missing_number:90" in got["wrong"][1]
    [(claim,)] = q(db, "SELECT claim FROM citation_audit WHERE answer_id = 'smile'")
    assert claim == "Refunds take 30 days 😀."  # the claim is shown as written
