"""Misattributions, round 4 (issue 7): a claim cited to a copy of its source sentence but for "worst" where it says
"greatest" (or the other way round). FEVER-symmetric's "Humphrey Bogart was ranked greatest male star of Classic
American cinema" cited to "... the American Film Institute ranked Bogart as the worst male star of Classic American
cinema", the "greatest" sentence retrieved too: the copy verified (support ~0.5) and no other source was looked at.
"best / worst" and "greatest / least" were opposites that cannot stand for each other in a copied sentence
(`audit/verify/opposites.py`) and "best / worst" an opposite change of an evidence window (`direction.py`), "greatest /
worst" neither; on the training pairs the two words face each other only in 2 FEVER-symmetric pairs, both not
supported. Through the real `citeaudit run`."""

from __future__ import annotations

from pathlib import Path

from tests.cli.hostile import audit_suggestions

GREATEST = "In 2001, the critics ranked Lena Morrow the greatest actress of the decade."
WORST = "In 2001, the critics ranked Lena Morrow the worst actress of the decade."
BANANAS = "Bananas grow best in tropical regions with heavy rainfall and rich soil."
SAYS_GREATEST = "The critics ranked Lena Morrow the greatest actress of the decade"
SAYS_WORST = "The critics ranked Lena Morrow the worst actress of the decade"
# FEVER's form: the claim in other words than its sources ("was ranked greatest" / "ranked Morrow as the worst")
RANKED = "Lena Morrow was ranked greatest actress of the decade"
AS_WORST = "In 2001, the critics ranked Morrow as the worst actress of the decade."
AS_GREATEST = "In 2001, the critics ranked Morrow as the greatest actress of the decade."


def test_greatest_and_worst_cannot_stand_for_each_other(tmp_path: Path) -> None:
    got = audit_suggestions(
        tmp_path,
        {
            "greatest": (f"{SAYS_GREATEST} [1].", [WORST, GREATEST]),
            "worst": (f"{SAYS_WORST} [2].", [BANANAS, GREATEST, WORST]),
            "right": (f"{SAYS_GREATEST} [2].", [WORST, GREATEST]),
            "ranked": (f"{RANKED} [1].", [AS_WORST, AS_GREATEST, BANANAS]),
        },
    )
    assert got["greatest"][:2] == ("misattributed", 2)
    assert got["worst"][:2] == ("misattributed", 3)
    assert got["ranked"][:2] == ("misattributed", 2)
    assert any(r.startswith("swapped:") for r in got["greatest"][2])
    assert "direction_mismatch" in got["ranked"][2]
    # the right sentence cited: verified, nothing suggested
    assert got["right"][:2] == ("verified", None)
