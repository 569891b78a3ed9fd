"""The false-alarm sweep, round 3: supported claims that say what their source says in other words (a negation
written into its verb or said by "failed to", ...), each through the real `citeaudit run` on real Parquet and DuckDB
files. A hard rule that caps such a claim below `verified` is a false alarm; the wrong claim beside each one must
stay capped (docs/hostile-inputs.md, "The false-alarm sweep, round 3")."""

from __future__ import annotations

from pathlib import Path

from tests.cli.hostile import claim_verdicts

HARD = ("missing_", "negation_mismatch", "direction_mismatch", "swapped:", "stitched:", "unasserted:", "conditional:")


def _audit(tmp_path: Path, cases: dict[str, tuple[str, str]]) -> dict[str, tuple[str, list[str]]]:
    """Each case's verdict and its hard-rule reasons."""
    return claim_verdicts(tmp_path, cases, HARD)


def test_a_negation_in_its_verb_or_said_by_failed_to_is_one(tmp_path: Path) -> None:
    # "The team didn't win the cup" against "The team did not win the cup" was direction_mismatch (weak): "n't"
    # inside "didn't" was no negation, so "win" stood on the winning side; "failed to win" against "did not win" too.
    # The claim of the other side stays capped (it was verified against "didn't win": a let-in)
    got = _audit(
        tmp_path,
        {
            "didnt": ("The team didn't win the cup.", "The team did not win the cup."),
            "did_not": ("The team did not win the cup.", "The team didn't win the cup."),
            "failed_to": ("The party failed to win a majority.", "The party did not win a majority."),
            "won": ("The team won the cup.", "The team didn't win the cup."),
            "won_majority": ("The party won a majority.", "The party failed to win a majority."),
        },
    )
    for key in ("didnt", "did_not", "failed_to"):
        assert got[key] == ("verified", []), (key, got)
    for key in ("won", "won_majority"):
        assert got[key][0] != "verified" and "direction_mismatch" in got[key][1], (key, got)

