"""The false-alarm sweep, round 6: supported claims that state their source's figure another way, each through the
real `citeaudit run` on real Parquet and DuckDB files. A hard rule that caps such a claim below `verified` is a
false alarm; the wrong claim beside each one must stay capped (docs/hostile-inputs.md, "The false-alarm sweep,
round 6")."""

from __future__ import annotations

from pathlib import Path

from tests.cli.hostile import claim_verdicts

HARD = ("missing_", "negation_mismatch", "direction_mismatch", "swapped:", "stitched:", "unasserted:", "conditional:")


def test_a_rise_in_percent_is_the_multiple_the_source_names(tmp_path: Path) -> None:
    # "Sales rose by 200% last year" against "Sales tripled last year" was missing_number:200 (unsupported), and
    # "rose by 100%" against "doubled" missing_number:100: a rise of 100% doubles, of 200% triples. A rise the
    # multiple does not make stays missing (300% is no tripling, 200% no doubling), and so does a fall or a level
    got = claim_verdicts(
        tmp_path,
        {
            "tripled": ("Sales rose by 200% last year.", "Sales tripled last year."),
            "doubled": ("Sales rose by 100% last year.", "Sales doubled last year."),
            "increase": ("The company reported a 300% increase in profits.", "The company's profits quadrupled."),
            "fold": ("Exports grew 400 percent over the decade.", "Exports grew fivefold over the decade."),
            "three_hundred": ("Sales rose by 300% last year.", "Sales tripled last year."),
            "two_hundred": ("Sales rose by 200% last year.", "Sales doubled last year."),
            "fell": ("Sales fell by 100% last year.", "Sales doubled last year."),
            "share": ("Turnout was 200% of the target.", "Turnout tripled."),
        },
        HARD,
    )
    for key in ("tripled", "doubled", "increase", "fold"):
        assert not any(r.startswith("missing_number:") for r in got[key][1]), (key, got)
    for key, number in (("three_hundred", "300"), ("two_hundred", "200"), ("fell", "100"), ("share", "200")):
        assert got[key][0] != "verified" and f"missing_number:{number}" in got[key][1], (key, got)
