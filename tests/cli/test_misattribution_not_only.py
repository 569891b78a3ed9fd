"""Misattributions, round 4 (issue 7): a right citation flagged for a "not only" said with "n't" or "nor". "Ada
Whitfield was a painter from Vermont" cited to a source saying she "wasn't merely a painter from Vermont, nor just a
teacher": that source states the claim and more ("not merely" adds to what it says, as "not only ... but also" does),
but its "n't" and "nor" were read as negations, so the claim was capped under `verified` for a negation mismatch and,
with another retrieved source on her, called `misattributed` (Factcheck-GPT's "Barack Obama's mother ... hadn't
merely been Barack Obama's mother, nor just a biracial anecdote": a right citation flagged on answers built from the
training pairs, tools/misattribution/measure.py). A source that does say otherwise ("wasn't a painter") is still
misattributed. Through the real `citeaudit run`."""

from __future__ import annotations

from pathlib import Path

from tests.cli.hostile import audit_suggestions

CLAIM = "Ada Whitfield was a painter from Vermont"
# the claim and more, "not merely" said with "n't" and "nor"
MORE = (
    "Ada Whitfield wasn't merely a painter from Vermont, nor just a teacher: she founded the state's first art school "
    "in 1890."
)
ADDS = "Ada Whitfield isn't only remembered as a painter from Vermont; she also founded the state's first art school."
# says otherwise: a sculptor, no painter
DENIES = "Ada Whitfield wasn't a painter from Vermont; she was a sculptor who founded the state's first art school."
# another source on her, that supports the claim too
OTHER = "Born in Vermont, Ada Whitfield painted landscapes and portraits for fifty years."
BANANAS = "Bananas grow best in tropical regions with heavy rainfall and rich soil."


def test_a_not_only_said_with_nt_or_nor_is_no_negation(tmp_path: Path) -> None:
    got = audit_suggestions(
        tmp_path,
        {
            "more": (f"{CLAIM} [1].", [MORE, OTHER, BANANAS]),
            "adds": (f"{CLAIM} [2].", [OTHER, ADDS, BANANAS]),
            "denies": (f"{CLAIM} [1].", [DENIES, OTHER, BANANAS]),
        },
    )
    for key in ("more", "adds"):
        verdict, suggested, reasons = got[key]
        assert verdict == "verified", (key, got[key])
        assert suggested is None
        assert "negation_mismatch" not in reasons
    # a source that says otherwise is still read as one: the other source is suggested
    assert got["denies"][:2] == ("misattributed", 2)
    assert "negation_mismatch" in got["denies"][2]
