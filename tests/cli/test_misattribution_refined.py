"""Misattributions, round 3 (issue 7): the other retrieved source scored as the cited one is. The cited source's
support is the transformer's (`[verify] refine = "all"`), the other contexts' the static first stage's, which ranks
them; the margin compared supports of two stages. "The new comedy at the Lantern Theatre was poorly received and was
thought to be cruel" cited to a source on the theatre's cafe (support ~0.26: weak), while another retrieved source says
reviewers panned the comedy and found it heartless: its first-stage support (~0.42) led by ~0.16, under the margin
(0.2), and under `verified`, so it was never suggested; scored by the transformer as the cited one is (~0.54) it leads
by ~0.28. The best other context is re-scored so (audit/verdict.py `restated_source`; measured on answers built from
the training pairs, tools/misattribution/measure.py). Through the real `citeaudit run`."""

from __future__ import annotations

from pathlib import Path

from tests.cli.hostile import audit_suggestions

CLAIM = "The new comedy at the Lantern Theatre was poorly received and was thought to be cruel"
# the theatre, nothing of the comedy's reception (support ~0.26: weak)
CITED = (
    "The Lantern Theatre\nThe theatre's cafe serves coffee and cake before each show, and the foyer displays posters "
    "of past comedies."
)
# the claim in other words (first stage ~0.42: ~0.16 ahead; the transformer ~0.54: ~0.28 ahead)
RIGHT = "The Lantern Theatre\nReviewers panned the new comedy. Several found its humour heartless, even vicious."
# the theatre again, nothing of the comedy either (the transformer ~0.26: no lead)
ALIKE = "The Lantern Theatre\nThe building dates from the Victorian era and was restored by volunteers."
BANANAS = "Bananas grow best in tropical regions with heavy rainfall and rich soil."


def test_the_best_other_source_scored_as_the_cited_one_is_suggested(tmp_path: Path) -> None:
    got = audit_suggestions(
        tmp_path,
        {
            "right_second": (f"{CLAIM} [1].", [CITED, RIGHT, BANANAS]),
            "right_third": (f"{CLAIM} [2].", [BANANAS, CITED, RIGHT]),
            "alike": (f"{CLAIM} [1].", [CITED, ALIKE, BANANAS]),
            "cited_right": (f"{CLAIM} [2].", [CITED, RIGHT, BANANAS]),
        },
    )
    assert got["right_second"][:2] == ("misattributed", 2)
    assert "better_source:2" in got["right_second"][2]
    assert got["right_third"][:2] == ("misattributed", 3)
    # the other source supports the claim no better than the cited one: nothing to suggest
    assert got["alike"][0] in ("weak", "unsupported")
    assert got["alike"][1] is None
    # the right citation stays right
    assert got["cited_right"][:2] == ("verified", None)
