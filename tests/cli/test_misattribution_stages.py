"""Misattributions, round 4 (issue 7): a suggestion the transformer reverses. The misattribution search scores the
other retrieved sources with the static first stage, which reads shared words; the cited source's support is the
transformer's. "There is a website where you can listen to thousands of episodes of classic radio dramas for free"
cited to a page on a site streaming 12,000 old shows free of charge (the transformer ~0.43: weak), while another
retrieved source defines radio drama in the claim's words ("episodes of radio dramas were broadcast for free to
thousands of listeners"): its first-stage support (~0.64) led by more than the margin, so it was suggested; scored as
the cited one is (~0.40) it falls below the cited source. The two stages disagree on which source supports the claim
better, and the first stage's lead is its reading of shared words: no suggestion (BEGIN's "radio dramas" claim
against its "Drama is the specific mode of fiction ..." source, a right citation flagged on answers built from the
training pairs, tools/misattribution/measure.py). A suggestion the transformer confirms stands. Through the real
`citeaudit run`."""

from __future__ import annotations

from pathlib import Path

from tests.cli.hostile import audit_suggestions

CLAIM = "There is a website where you can listen to thousands of episodes of classic radio dramas for free"
# the claim in other words (the transformer ~0.43: weak)
SITE = "Fans of golden-age broadcasting can stream 12,000 old shows free of charge on the Old Time Radio Archive site."
# the claim's words, not the claim (first stage ~0.64 or ~0.54; the transformer ~0.40 or ~0.37)
GENRE = (
    "Radio drama is a dramatized, purely acoustic performance of classic stories; episodes of radio dramas were "
    "broadcast for free to thousands of listeners."
)
MODE = (
    "Drama is the specific mode of fiction represented in performance: a play, opera, mime, ballet, performed in a "
    "theatre, or on radio or television. Classic radio dramas ran to thousands of episodes."
)
BANANAS = "Bananas grow best in tropical regions with heavy rainfall and rich soil."


def test_a_suggestion_the_transformer_puts_below_the_cited_source_is_dropped(tmp_path: Path) -> None:
    got = audit_suggestions(
        tmp_path,
        {
            "margin": (f"{CLAIM} [1].", [SITE, GENRE, BANANAS]),
            "verified": (f"{CLAIM} [1].", [SITE, MODE, BANANAS]),
            "confirmed": (f"{CLAIM} [1].", [BANANAS, SITE]),
        },
    )
    for key in ("margin", "verified"):
        verdict, suggested, reasons = got[key]
        assert verdict == "weak", (key, got[key])
        assert suggested is None
        assert not any(r.startswith("better_source:") for r in reasons)
    # cited to an unrelated source: the site, which the transformer puts far ahead, is suggested
    assert got["confirmed"][:2] == ("misattributed", 2)
