"""A closing list of sources ("Sources:", "**References**", each line a marker and a title or url), as RAG answers
often end: its markers cite no claim. Each one came out as a citation whose claim was "Sources:" or a file name
(unsupported, misattributed), so a correct answer was RED."""

from __future__ import annotations

from pathlib import Path

import pytest

from audit.extract.scan import markers_outside_code, reference_list_start
from tests.cli.hostile import batched
from tests.conftest import make_answer
from tests.conftest import query as q
from tests.extract.test_markers import extract

CTX = [
    {"doc_id": "d1", "chunk_id": "c1", "title": "Refund Policy.pdf", "page": 1, "text": "Refunds take 30 days."},
    {"doc_id": "d2", "chunk_id": "c2", "title": "Shipping.pdf", "page": 2, "text": "Shipping is free over $50."},
]
BODY = "Refunds take 30 days [1]. Shipping is free over $50 [2]."
ANSWERS = {
    "sources": f"{BODY}\n\nSources:\n[1] Refund Policy.pdf\n[2] Shipping.pdf",
    "references_md": f"{BODY}\r\n\r\n**References**\r\n1. [1] Refund Policy.pdf, page 1\r\n- [2]: https://x.example/s\r\n",
    "heading": f"{BODY}\n\n## Citations\n\n* [Document: Refund Policy.pdf, Page 1]\n• [2] Shipping.pdf\n",
    # only the list cites: each of its markers cites the whole answer (the 90 days are checked, not let in)
    "only_list": "Refunds take 90 days. Shipping is free over $50.\n\nSources:\n[1] Refund Policy.pdf\n[2] Ship.pdf",
    # a header followed by prose, or by prose after the list, is no closing list: its markers stay citations
    "prose_after": f"{BODY}\n\nSources:\n[1] Refund Policy.pdf\nRefunds take 90 days [1].",
    "header_in_text": "Sources: refunds take 90 days [1].",
    "plain": BODY,
}


@batched([make_answer(key, text, CTX) for key, text in ANSWERS.items()])
def test_a_closing_list_of_sources_cites_no_claim(answers_db: Path) -> None:
    db = answers_db
    got = {
        a: (lvl, n, u, list(f))
        for a, lvl, n, u, f in q(db, "SELECT answer_id, level, n_citations, n_uncited_claims, flags FROM answer_audit")
    }
    assert got["sources"] == ("GREEN", 2, 0, ["reference_list"])
    assert got["references_md"] == ("GREEN", 2, 0, ["reference_list"])
    assert got["heading"] == ("GREEN", 2, 0, ["reference_list"])
    # as a structured citation cited nowhere inline: both sentences cited (they were also 2 uncited claims)
    assert got["only_list"] == ("RED", 2, 0, ["reference_list"])
    whole = q(db, "SELECT claim, claim_start, claim_end, verdict FROM citation_audit WHERE answer_id = 'only_list'")
    body = "Refunds take 90 days. Shipping is free over $50."
    assert {(c, s, e) for c, s, e, _ in whole} == {(body, 0, len(body) + 2)}
    assert "verified" not in {v for *_, v in whole}
    assert got["plain"] == ("GREEN", 2, 0, [])
    assert got["prose_after"][0] == "RED" and got["prose_after"][1] == 4  # the list is no closing list here
    assert got["header_in_text"][:2] == ("RED", 1)
    claims = q(db, "SELECT answer_id, claim FROM citation_audit WHERE answer_id IN ('sources', 'references_md')")
    assert sorted(c for _, c in claims) == sorted([*["Refunds take 30 days.", "Shipping is free over $50."] * 2])


@pytest.mark.parametrize("key", sorted(ANSWERS))
def test_the_sql_and_the_python_reference_agree(key: str) -> None:
    text = ANSWERS[key]
    cites, _ = extract([text])
    assert sorted({(c[5], c[6]) for c in cites}) == sorted((m.start(), m.end()) for m in markers_outside_code(text))
    start = reference_list_start(text)
    assert (start is not None) == (key in {"sources", "references_md", "heading", "only_list"})
    if start is not None:
        assert text[start:].lstrip().lower().lstrip("#* ").startswith(("sources", "references", "citations"))


LISTED = "Refunds take 30 days."


@batched(
    [
        make_answer("list", f"{LISTED}\n\nSources:\n[1] Refund Policy.pdf", CTX),
        make_answer("json", f'{{"answer": "{LISTED}", "citations": [1]}}', CTX),
    ]
)
def test_an_answer_cited_only_by_its_closing_list_has_no_uncited_claims(answers_db: Path) -> None:
    """Each marker of the list cites the whole answer above it, as a structured `citations` entry cited nowhere
    inline does: its sentences are cited sentences. They were also listed as uncited claims, so a right answer whose
    every sentence its list's source verifies was YELLOW at coverage 0, and counted each sentence twice as an ALCE
    statement (recall 1/2)."""
    db = answers_db
    got = dict(
        q(
            db,
            "SELECT answer_id, (level, n_uncited_claims, coverage, n_cited_sentences, n_statements, citation_recall) "
            "FROM answer_audit",
        )
    )
    assert got["json"] == ("GREEN", 0, 1.0, 1, 1, 1.0)
    assert got["list"] == got["json"]
    assert q(db, "SELECT count(*) FROM uncited_claims") == [(0,)]
