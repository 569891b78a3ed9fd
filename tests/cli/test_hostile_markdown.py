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
