"""Hostile inputs and log formats, round 14, each through the real `citeaudit run` on real Parquet and DuckDB files
(one run for the module's `@batched` answers): a citation written as users' RAG systems write it is read as one, and
its claim is the one it cites."""

from __future__ import annotations

from pathlib import Path

from tests.cli.hostile import (
    BOTH,
    SWAPPED,
    R,
    S,
    batched,
    cites_by_answer,
    logged_rows,
    verdicts_by_answer,
)
from tests.cli.hostile import (
    CTX_REFUNDS as REFUNDS,
)
from tests.cli.hostile import (
    CTX_SHIPPING as SHIPPING,
)
from tests.conftest import query as q

BRACES = {
    "spaced": f"{R} {{1}}. {S} {{2}}.",
    "glued": f"{R}{{1}}. {S}{{2}}.",
    "after_stop": f"{REFUNDS}{{1}} {SHIPPING}{{2}}",  # written after the rule
    "wrong": f"{R} {{2}}. {S} {{1}}.",
    "latex": f"The ratio is \\frac{{1}}{{2}} of it, x^{{2}} grows. {R} [1].",
    "set": f"The set {{1, 2, 3}} has three members. Dear {{0}}, {R.lower()} [1].",  # written after the rule
}


@batched(logged_rows(BRACES))
def test_a_position_in_braces_cites_where_a_citation_stands(answers_db: Path) -> None:
    # `{1}` was no marker (rounds 9 to 13 left it): YELLOW no_citations however wrong the source
    got = verdicts_by_answer(answers_db)
    for a in ("spaced", "glued", "after_stop"):
        assert got.get(a) == BOTH, (a, got.get(a))
    assert got["wrong"] == SWAPPED, got["wrong"]
    assert got["latex"] == [("1", "verified", REFUNDS)], got["latex"]  # LaTeX's braces stay text
    ((sentence,),) = q(answers_db, "SELECT sentence FROM uncited_claims WHERE answer_id = 'latex'")
    assert "\\frac{1}{2}" in sentence, sentence
    assert [ref for ref, _, _ in got["set"]] == ["1"], got["set"]  # a set's, a template's braces: no citations


LEADING = {
    "colon": f"[1]: {REFUNDS}\n[2]: {SHIPPING}",
    "dash": f"[1] – {REFUNDS}\n[2] - {SHIPPING}",
    "bullet_colon": f"- [1]: {REFUNDS}\n- [2]: {SHIPPING}",  # written after the rule
    "wrong": f"[2]: {REFUNDS}\n[1]: {SHIPPING}",
}


@batched(logged_rows(LEADING))
def test_the_colon_after_a_line_opening_marker_is_no_part_of_its_claim(answers_db: Path) -> None:
    # `[2]: Shipping is free ...` cited ": Shipping is free ..." (round 13 left it)
    got = verdicts_by_answer(answers_db)
    for a in ("colon", "dash", "bullet_colon"):
        assert got.get(a) == BOTH, (a, got.get(a))
    assert got["wrong"] == SWAPPED, got["wrong"]


TITLES = {
    "inline": f"{R} [1]. {S} [2].\n\n[1] Refund Policy\n[2] Shipping",
    "no_inline": f"{REFUNDS} {SHIPPING}\n\n[1] Refund Policy\n[2] Shipping",
    "dated": f"{R} [1]. {S} [2].\n\n[1] Refund Policy (2024)\n[2] Shipping FAQ v2",  # written after the rule
    "wrong": f"{R} [2]. {S} [1].\n\n[1] Refund Policy\n[2] Shipping",
    "claim_line": f"{REFUNDS}\n[2] Shipping is free over 50 euros",
}


@batched(logged_rows(TITLES))
def test_a_closing_list_of_plain_titles_without_a_header_cites_no_claim(answers_db: Path) -> None:
    # `[1] Refund Policy` closing the answer (a title without its file's extension; round 12 left it): each marker
    # cited its title (weak `missing_name:Policy`, `empty_claim`), RED however right
    got = verdicts_by_answer(answers_db)
    assert got["inline"] == BOTH, got["inline"]
    assert got["dated"] == BOTH, got["dated"]
    assert got["wrong"] == SWAPPED, got["wrong"]
    whole = f"{REFUNDS} {SHIPPING}"
    assert [(ref, c) for ref, _, c in got["no_inline"]] == [("1", whole), ("2", whole)], got["no_inline"]
    flags = dict(q(answers_db, "SELECT answer_id, flags FROM answer_audit"))
    assert all("reference_list" in flags[a] for a in ("inline", "no_inline", "dated", "wrong")), flags
    assert got["claim_line"] == [("2", "verified", S)], got["claim_line"]  # words going on: a claim


DOCUMENT_PAGES = {
    "page_colon": f"{R} [Document: Refund Policy.pdf, Page: 1]. {S} [Document: Shipping.pdf, Page: 2].",
    "bar": f"{R} [Document: Refund Policy.pdf | Page 1]. {S} [Doc: Shipping.pdf, Pg. 2].",
    "parenthesised": f"{R} (Document: Refund Policy.pdf, Page 1). {S} (Source: Shipping.pdf, p. 2).",
    "two_in_one": f"{R} and {S.lower()} [Document: Refund Policy.pdf, Page 1; Document: Shipping.pdf, Page 2].",
    "wrong": f"{R} (Document: Shipping.pdf, Page: 2). {S} [Document: Refund Policy.pdf | Page 1].",
}


@batched(logged_rows(DOCUMENT_PAGES))
def test_a_document_page_marker_in_a_templates_other_forms_resolves(answers_db: Path) -> None:
    # `Page: 1` and `| Page 1` were unknown_document (fabricated, RED however right), `(Document: X, Page 1)` no
    # marker (YELLOW however wrong), two documents in one bracket one document no source has (fabricated)
    got = cites_by_answer(answers_db)
    for a in ("page_colon", "bar", "parenthesised"):
        assert [(rank, v) for _, rank, v, _ in got[a]] == [(1, "verified"), (2, "verified")], (a, got.get(a))
    assert [(ref, rank, v) for ref, rank, v, _ in got["two_in_one"]] == [
        ("Refund Policy.pdf, page 1", 1, "verified"),
        ("Shipping.pdf, page 2", 2, "verified"),
    ], got["two_in_one"]
    assert [(rank, v) for _, rank, v, _ in got["wrong"]] == [(2, "misattributed"), (1, "misattributed")], got["wrong"]


CLAIM_EDGES = {
    "nbsp": f"{R}\u00a0[1]. {S}\u202f[2].",
    "cf": f"{R} (see [1]). {S} (cf. [2]).",
    "bold": f"{R} **[1]**. {S} _[2]_.",
    "see_also": f"{R} (see also [1]). {S} *[2]*.",  # written after the rule
}


@batched(logged_rows(CLAIM_EDGES))
def test_what_held_only_a_marker_goes_from_its_claim(answers_db: Path) -> None:
    # `days\u00a0[1].` cited "Refunds take 30 days ." , `(cf. [2])` left "(cf. )" and `**[1]**` left "****" in the
    # claim checked and shown
    got = verdicts_by_answer(answers_db)
    for a in CLAIM_EDGES:
        assert got.get(a) == BOTH, (a, got.get(a))


FILE_NAMES = {
    "bracketed": f"{R} [Refund Policy.pdf]. {S} [Shipping.pdf].",
    "linked": f"{R} [Refund Policy.pdf](https://x.org/d1). {S} [Shipping.pdf](https://x.org/d2).",
    "by_id": f"{R} [citation: d1]. {S} [Reference: Shipping.pdf].",  # written after the rule
    "wrong": f"{R} [Shipping.pdf]. {S} [Refund Policy.pdf].",
    "unknown": f"{R} [Handbook.docx].",
    "see": f"{R}, see [Refund Policy.pdf](https://x.org/d1).",
    "in_prose": f"Open the file [config.json] to change it. {R} [1].",  # written after the rule
}


@batched(logged_rows(FILE_NAMES))
def test_a_file_name_alone_in_brackets_cites_that_document(answers_db: Path) -> None:
    # `[Refund Policy.pdf]` (a prompt asking to cite the file's name in brackets) was no marker: YELLOW
    # no_citations however wrong the source; linked, the url stayed in the claim
    got = cites_by_answer(answers_db)
    for a in ("bracketed", "linked", "by_id"):
        assert [(rank, v, c) for _, rank, v, c in got[a]] == [(1, "verified", REFUNDS), (2, "verified", SHIPPING)], (
            a,
            got.get(a),
        )
    assert [(rank, v) for _, rank, v, _ in got["wrong"]] == [(2, "misattributed"), (1, "misattributed")], got["wrong"]
    assert [(ref, v) for ref, _, v, _ in got["unknown"]] == [("Handbook.docx", "fabricated")], got["unknown"]
    assert [(rank, v, c) for _, rank, v, c in got["see"]] == [(1, "verified", REFUNDS)], got["see"]
    assert [ref for ref, _, _, _ in got["in_prose"]] == ["1"], got["in_prose"]  # a file named in prose cites none
