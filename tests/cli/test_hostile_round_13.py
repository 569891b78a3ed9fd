"""Hostile inputs and log formats, round 13, each through the real `citeaudit run` on real Parquet and DuckDB files
(one run for the module's `@batched` answers): a citation written as users' RAG systems write it is read as one, and
its claim is the one it cites."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.cli.hostile import BOTH, batched, logged_rows, verdicts_by_answer
from tests.cli.hostile import CTX_REFUNDS as REFUNDS
from tests.cli.hostile import CTX_SHIPPING as SHIPPING
from tests.conftest import query as q

D1, D2 = "https://x.org/d1", "https://x.org/d2"


BULLETS = {
    "star": f"* {REFUNDS[:-1]} [1].\n* {SHIPPING[:-1]} [2].",
    "star_leading": f"* [1] {REFUNDS}\n* [2] {SHIPPING}",
    "dash_leading": f"- [1] {REFUNDS}\n- [2] {SHIPPING}",
    "plus": f"+ {REFUNDS[:-1]} [1].\n+ {SHIPPING[:-1]} [2].",
    "dot": f"• [1] {REFUNDS}\n  • [2] {SHIPPING}",  # written after the rule
    "wrong": f"* {REFUNDS[:-1]} [2].\n* {SHIPPING[:-1]} [1].",
    "negative": "Intro line.\n-5 degrees is the low [1].",
}


@batched(logged_rows(BULLETS))
def test_a_list_bullet_opening_a_cited_line_is_no_part_of_its_claim(answers_db: Path) -> None:
    # `* Refunds take 30 days [1].` (Markdown's other bullet) was checked as "* Refunds take 30 days." (weak, RED
    # however right); `- [1] Refunds ...` kept "- " in its claim (verified, no exact match)
    got = verdicts_by_answer(answers_db)
    for a in ("star", "star_leading", "dash_leading", "plus", "dot"):
        assert got.get(a) == BOTH, (a, got.get(a))
    assert got["wrong"] == [("2", "misattributed", REFUNDS), ("1", "misattributed", SHIPPING)], got["wrong"]
    assert got["negative"][0][2] == "-5 degrees is the low.", got["negative"]  # a sign, not a bullet


def _object(answer: str, claims: list[tuple[str, str]] | None = None) -> dict[str, Any]:
    cites = [
        {"document_id": d, "chunk_id": c, "claim_text": t} for d, c, t in ((*k.split(":"), t) for k, t in claims or [])
    ]
    return {"answer": answer, "citations": cites}


BREAKS = {
    "br": _object(f"{REFUNDS[:-1]} [1].<br>{SHIPPING[:-1]} [2]."),
    "leading": _object(f"{REFUNDS}<br>[2] {SHIPPING}"),
    "self_closing": _object(f"{REFUNDS[:-1]} [1].<BR/>{SHIPPING[:-1]} [2]."),  # written after the rule
    "wrong": _object(f"{REFUNDS[:-1]} [2].<br />{SHIPPING[:-1]} [1]."),
    "claim_with_tag": _object(f"{REFUNDS}<br>{SHIPPING}", [("d1:c1", f"{REFUNDS}<br>{SHIPPING}")]),
}


@batched(logged_rows(BREAKS))
def test_an_html_line_break_in_a_json_answer_text_ends_a_line(answers_db: Path) -> None:
    # `{"answer": "... days [1].<br>Shipping ... [2]."}` (round 12 read `<br>` in prose only): both one claim, each
    # marker's unsupported, RED however right
    got = verdicts_by_answer(answers_db)
    for a in ("br", "self_closing"):
        assert got.get(a) == BOTH, (a, got.get(a))
    assert got["leading"] == [("2", "verified", SHIPPING)], got["leading"]
    assert got["wrong"] == [("2", "misattributed", REFUNDS), ("1", "misattributed", SHIPPING)], got["wrong"]
    # a claim_text holding the tag is still found in the answer, the tag read as a space
    ((ref, _verdict, claim),) = got["claim_with_tag"]
    assert (ref, claim) == ("d1:c1", f"{REFUNDS} {SHIPPING}"), got["claim_with_tag"]


def _stream(chunks: list[tuple[str, list[tuple[int, int, str]] | None]]) -> list[dict[str, Any]]:
    """Gemini stream chunks: each its text and, where given, grounding metadata of its own (start, end, uri)."""
    out = []
    for text, supports in chunks:
        cand: dict[str, Any] = {"content": {"role": "model", "parts": [{"text": text}]}}
        if supports is not None:
            cand["groundingMetadata"] = {
                "groundingChunks": [{"web": {"uri": u}} for _, _, u in supports],
                "groundingSupports": [
                    {"segment": {"startIndex": s, "endIndex": e}, "groundingChunkIndices": [i]}
                    for i, (s, e, _) in enumerate(supports)
                ],
            }
        out.append({"candidates": [cand]})
    return out


OWN = [(REFUNDS, [(0, 21, D1)]), (" " + SHIPPING, [(1, 32, D2)])]
GEMINI = {
    "own": json.dumps(_stream(OWN)),
    "sse": "\n\n".join(f"data: {json.dumps(e)}" for e in _stream(OWN)),
    "own_wrong": json.dumps(_stream([(REFUNDS, [(0, 21, D2)]), (" " + SHIPPING, [(1, 32, D1)])])),
    # each chunk's metadata counting in the whole text so far (the last one's all of it): read as before
    "cumulative": json.dumps(_stream([(REFUNDS, [(0, 21, D1)]), (" " + SHIPPING, [(0, 21, D1), (22, 53, D2)])])),
    "snake": json.dumps(_stream(OWN)).replace("groundingMetadata", "grounding_metadata"),  # written after the rule
}


@batched(logged_rows(GEMINI))
def test_a_gemini_stream_whose_chunks_each_ground_their_own_text_is_read_on_the_joined_text(answers_db: Path) -> None:
    # each chunk's grounding metadata for its own text (offsets from that chunk's start): the last chunk's read in
    # the whole text, `efunds take 30 days. Shipping i` cited to d2 (misattributed), the first chunk's support lost
    got = verdicts_by_answer(answers_db)
    both = [(D1, "verified", REFUNDS), (D2, "verified", SHIPPING)]
    for a in ("own", "sse", "cumulative", "snake"):
        assert got.get(a) == both, (a, got.get(a))
    assert got["own_wrong"] == [(D2, "misattributed", REFUNDS), (D1, "misattributed", SHIPPING)], got["own_wrong"]


LISTS = {
    "names": f"{REFUNDS[:-1]} [1]. {SHIPPING[:-1]} [2].\n\n[1] Refund Policy.pdf\n[2] Shipping.pdf",
    "urls": f"{REFUNDS[:-1]} [1]. {SHIPPING[:-1]} [2].\n\n- [1] {D1}\n- [2] {D2}",
    "raised": f"{REFUNDS[:-1]}¹. {SHIPPING[:-1]}².\n\n¹ Refund Policy.pdf\n² Shipping.pdf",  # written after the rule
    "claim_line": f"{REFUNDS[:-1]} [1].\n\n[2] {SHIPPING}",
    "no_inline": f"{REFUNDS} {SHIPPING}\n\n[1] Refund Policy.pdf\n[2] Shipping.pdf",
}


@batched(logged_rows(LISTS))
def test_a_closing_list_of_names_without_a_header_is_a_list_of_sources(answers_db: Path) -> None:
    # `... [2].\n\n[1] Refund Policy.pdf\n[2] Shipping.pdf` (a closing list with no "Sources:" above it): each line's
    # marker cited its file's name, weak, RED however right
    got = verdicts_by_answer(answers_db)
    for a in ("names", "urls", "raised"):
        assert got.get(a) == BOTH, (a, got.get(a))
    assert got["claim_line"] == BOTH, got["claim_line"]  # a line that goes on in words is a claim of its own
    # with no marker inline, each cites the whole answer, as under a header
    assert [(r, c) for r, _, c in got["no_inline"]] == [("1", f"{REFUNDS} {SHIPPING}"), ("2", f"{REFUNDS} {SHIPPING}")]
    flags = dict(q(answers_db, "SELECT answer_id, flags FROM answer_audit"))
    assert all("reference_list" in flags[a] for a in ("names", "urls", "raised", "no_inline")), flags
    assert "reference_list" not in flags["claim_line"], flags


OPENINGS = {
    "raised": f"¹ {REFUNDS}\n² {SHIPPING}",
    "raised_wrong": f"² {REFUNDS}\n¹ {SHIPPING}",
    "indented": f"  ¹ {REFUNDS}\n  ² {SHIPPING}",  # written after the rule
    "step": f"Step 1. [1] {REFUNDS}\nStep 2. [2] {SHIPPING}",
    "version": f"Version 1. [1] {REFUNDS}\nVersion 2. [2] {SHIPPING}",  # written after the rule
    "in_a_sentence": f"We shipped version 1. [1] {REFUNDS}",
}


@batched(logged_rows(OPENINGS))
def test_a_superscript_or_a_marker_after_a_label_opening_a_line_cites_that_line(answers_db: Path) -> None:
    # `¹ Refunds take 30 days.` (a renderer raising a line's leading `[1]`) was text: YELLOW no_citations however
    # wrong; `Step 1. [1] Refunds ...` cited "Step 1.", an empty claim (unsupported, RED however right)
    got = verdicts_by_answer(answers_db)
    for a in ("raised", "indented", "step", "version"):
        assert got.get(a) == BOTH, (a, got.get(a))
    assert got["raised_wrong"] == [("2", "misattributed", REFUNDS), ("1", "misattributed", SHIPPING)], got
    assert got["in_a_sentence"][0][2] == "We shipped version 1.", got["in_a_sentence"]  # a sentence's own end
