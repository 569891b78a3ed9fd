"""Hostile inputs and log formats, round 7, each through the real `citeaudit run` on real Parquet and DuckDB files:
a log written as other systems write it is read, a broken row is quarantined naming its file, row and field and the
run goes on, and a broken file stops with one line a user can act on."""

from __future__ import annotations

from pathlib import Path

from tests.cli.hostile import CTX, batched, cites_by_answer, logged_rows

REFUNDS, SHIPPING = (c["text"] for c in CTX)  # "Refunds take 30 days.", "Shipping is free over 50 euros."
BOTH = "Refunds take 30 days and shipping is free over 50 euros"

DOC_CHUNK_LISTS = {
    "comma": f"{BOTH} [citation:d1:c1, citation:d2:c2].",
    "semicolon": f"{BOTH} [Citation: d1:c1; citation:d2:c2].",
    "tight": f"{BOTH} [citation:d1:c1,citation:d2:c2].",
    "wrong": f"{REFUNDS} [citation:d1:c1, citation:d9:c9]",
}


@batched(logged_rows(DOC_CHUNK_LISTS))
def test_two_doc_chunk_citations_in_one_bracket_are_each_read(answers_db: Path) -> None:
    # `[citation:d1:c1, citation:d2:c2]`, as a model told to cite `[citation:doc:chunk]` writes two sources (round 6
    # left it): no marker at all, the claim uncited (YELLOW however wrong a source). Each is a citation now, as
    # `[1, 2]` is two; one naming a chunk never retrieved is fabricated
    got = cites_by_answer(answers_db)
    for a in ("comma", "semicolon", "tight"):
        assert [(ref, rank, v) for ref, rank, v, _ in got[a]] == [("d1:c1", 1, "verified"), ("d2:c2", 2, "verified")], (
            a,
            got[a],
        )
    assert [(ref, v) for ref, _, v, _ in got["wrong"]] == [("d1:c1", "verified"), ("d9:c9", "fabricated")], got
