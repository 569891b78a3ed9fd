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


INDENTED = {
    "code": f"{REFUNDS} [1]\n\n    arr[2] = 0\n    print(arr[2])\n\nThat is all.",
    "tab": f"{REFUNDS} [1]\n\n\tcfg[2] = True\n",
    "first": f"    x = a[2]\n\n{REFUNDS} [1]",
    "in_fence": f"{REFUNDS} [1]\n\n```\n    arr[2] = 0\n```\n",
    # an indented line that is no code: a list item's paragraph, a paragraph's continuation, a whole answer indented
    "item": f"- {REFUNDS} [1]\n\n    {SHIPPING} [2]",
    "lazy": f"{REFUNDS} [1]\n    {SHIPPING} [2]",
    "all": f"    {REFUNDS} [1]\n    {SHIPPING} [2]",
}


@batched(logged_rows(INDENTED))
def test_a_bracket_in_a_code_block_indented_four_spaces_is_no_marker(answers_db: Path) -> None:
    # Markdown's indented code block (four spaces or a tab, after a blank line, not inside a list): `arr[2] = 0` in
    # it was a citation of source 2 whose claim was "arr = 0" (empty_claim, unsupported: a correct answer RED), as
    # a fence's was before round 3. An indented line that continues a paragraph or a list item, or an answer
    # indented whole (a template's indentation), is prose: its markers cite
    got = cites_by_answer(answers_db)
    for a in ("code", "tab", "first", "in_fence"):
        assert [(ref, v) for ref, _, v, _ in got[a]] == [("1", "verified")], (a, got[a])
    for a in ("item", "lazy", "all"):
        assert [(ref, v) for ref, _, v, _ in got[a]] == [("1", "verified"), ("2", "verified")], (a, got[a])
