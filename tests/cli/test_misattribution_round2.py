"""Misattributions, round 2 (issue 7): a right source capped below `verified` only for what the cited source lacks
too. "The Oster Bridge in Malmo, designed by the engineer Maria Lindqvist, opened to traffic in 1931" cited to a
source on the bridge that names no engineer (it lacks Malmo, Maria and Lindqvist), while another retrieved source
states it all but Malmo: that source would verify but for the name both lack, so its support is capped just under
`verified` and its lead over the cited one (~0.14) stayed under the wide margin (0.2). It lacks nothing the cited one
does not and holds names the cited one lacks, and before the cap it verifies and leads by more than
`misattribution_verified_margin`: it is suggested (audit/verdict.py `fuller_source`). Through the real
`citeaudit run`."""

from __future__ import annotations

from pathlib import Path

from tests.cli.hostile import audit_suggestions

CLAIM = "The Oster Bridge in Malmo, designed by the engineer Maria Lindqvist, opened to traffic in 1931"
# the bridge and the year, no engineer named (support ~0.32: weak; lacks Malmo, Maria, Lindqvist)
CITED = "The Oster Bridge opened to traffic in 1931. It carries two lanes over the river and was widened in 1968."
# all of the claim but the city (first-stage support ~0.68, capped under `verified` for Malmo, which CITED lacks too)
RIGHT = (
    "Maria Lindqvist, an engineer, designed the Oster Bridge, which opened to traffic in 1931 after four years of "
    "building work."
)
# no more than the cited source: an engineer, no name (lacks what CITED lacks)
ALIKE = "The Oster Bridge, designed by an engineer, opened to traffic in 1931 after four years of building work."
BANANAS = "Bananas grow best in tropical regions with heavy rainfall and rich soil."


def test_a_source_capped_only_for_what_the_cited_one_lacks_too_is_suggested(tmp_path: Path) -> None:
    got = audit_suggestions(
        tmp_path,
        {
            "right_second": (f"{CLAIM} [1].", [CITED, RIGHT, BANANAS]),
            "right_third": (f"{CLAIM} [2].", [BANANAS, CITED, RIGHT]),
            "alike": (f"{CLAIM} [1].", [CITED, ALIKE, BANANAS]),
        },
    )
    assert got["right_second"][:2] == ("misattributed", 2)
    assert "better_source:2" in got["right_second"][2]
    assert got["right_third"][:2] == ("misattributed", 3)
    # the other source holds no more of the claim than the cited one: nothing to suggest
    assert got["alike"][0] in ("weak", "unsupported")
    assert got["alike"][1] is None
