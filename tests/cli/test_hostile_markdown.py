"""Markdown and structured-output shapes real RAG logs hold, found by the held-back-data sweep of extraction, each
through the real `citeaudit run` on real Parquet and DuckDB files: every citation extracted and attributed to the
source it names, nothing invented, and a citation that cannot be read flagged with its field."""

from __future__ import annotations

from pathlib import Path

from tests.cli.hostile import CTX
from tests.cli.hostile import audited as _audited
from tests.conftest import make_answer
from tests.conftest import query as q


def test_a_bracket_in_inline_code_stays_in_the_claim_and_the_sentence(tmp_path: Path) -> None:
    # `cfg[3]` is code, not a marker (no citation of source 3): but the claim and the uncited sentence lost its `[3]`
    # ("`cfg` is a setting"), so the text checked and shown to reviewers was not what the answer said
    rows = [
        make_answer("cited", "Set `refund_days[0]` to 30 because refunds take 30 days [1].", CTX),
        make_answer("uncited", "Refunds take 30 days [1]. Read the window from `cfg[3]` in the settings file.", CTX),
    ]
    db = _audited(tmp_path, rows)
    cites = q(db, "SELECT answer_id, marker, context_rank, claim FROM citation_audit ORDER BY answer_id")
    assert cites == [
        ("cited", "[1]", 1, "Set `refund_days[0]` to 30 because refunds take 30 days."),
        ("uncited", "[1]", 1, "Refunds take 30 days."),
    ]
    (sentence,) = q(db, "SELECT sentence FROM uncited_claims WHERE answer_id = 'uncited'")[0]
    assert sentence == "Read the window from `cfg[3]` in the settings file."


def test_a_labelled_position_in_parentheses_is_a_numeric_marker(tmp_path: Path) -> None:
    # RAG prompts ask for "(Source 1)" as often as "[Source 1]": it was no marker, so a wrong figure or a source never
    # retrieved beside a verified [1] came out YELLOW at best (the sentence an uncited claim), the citation never seen.
    # A parenthesis without a source's label, "(1)", "(see Figure 2)", "(Section 2)", stays text
    free = "Shipping is free over 50 euros"
    rows = [
        make_answer("right", f"Refunds take 30 days (Source 1). {free} (source: 2).", CTX),
        make_answer("list", f"Refunds take 30 days (Sources 1, 2). {free} (Ref. 2).", CTX),
        make_answer("wrong", "Refunds take 30 days [1]. Shipping costs 20 euros (Source 2).", CTX),
        make_answer("wrong_bracket", "Refunds take 30 days [1]. Shipping costs 20 euros [Source 2].", CTX),
        make_answer("ghost", f"Refunds take 30 days [1]. {free} (Doc 9).", CTX),
        make_answer("text", f"Refunds take 30 days [1] (see Figure 2). {free} (Section 2) [2] (1).", CTX),
    ]
    db = _audited(tmp_path, rows)
    got = q(
        db,
        "SELECT answer_id, list((marker, context_rank, verdict, claim) ORDER BY citation_ord) FROM citation_audit "
        "GROUP BY 1",
    )
    cites = {a: [tuple(c) for c in cs] for a, cs in got}
    assert cites["right"] == [
        ("(Source 1)", 1, "verified", "Refunds take 30 days."),
        ("(source: 2)", 2, "verified", "Shipping is free over 50 euros."),
    ]
    assert [(m, r) for m, r, _v, _c in cites["list"]] == [("(Sources 1, 2)", 1), ("(Sources 1, 2)", 2), ("(Ref. 2)", 2)]
    # checked as the bracketed marker is
    assert cites["wrong"][1][:2] == ("(Source 2)", 2) and cites["wrong"][1][2:] == cites["wrong_bracket"][1][2:]
    assert cites["wrong"][1][2] != "verified"
    assert cites["ghost"][1][:3] == ("(Doc 9)", None, "fabricated")
    assert [m for m, *_ in cites["text"]] == ["[1]", "[2]"]
    levels = dict(q(db, "SELECT answer_id, level FROM answer_audit"))
    assert levels["right"] == "GREEN" and levels["ghost"] == "RED"
    assert levels["wrong"] == levels["wrong_bracket"] != "GREEN"
