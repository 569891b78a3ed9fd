"""The "nothing let in" sweep, round 7: wrong claims made from real-looking sources by small edits (a plan stated as
done in the perfect or the passive, ...) that came out `verified`, each beside correct paraphrases that must stay
`verified`; each through the real `citeaudit run` on real Parquet and DuckDB files (docs/hostile-inputs.md, "The
let-in sweep, round 7")."""

from __future__ import annotations

from pathlib import Path

from tests.cli.hostile import claim_verdicts
from tests.cli.test_hostile_verdicts import _assert_flagged, _assert_verified

TERMINAL = "The new passenger terminal at the airport will be completed in 2025."
MERGER = "The company will complete the merger with its rival next year."


def test_a_plan_stated_as_done_in_the_perfect_or_the_passive_is_not_verified(tmp_path: Path) -> None:
    # each was verified (0.71 to 0.82): `hedges.done_for_planned` read a one-word past ("opened" for "will open"),
    # not "has been completed" for "will be completed", "has completed" for "will complete", "were announced" for
    # "will be announced"
    got = claim_verdicts(
        tmp_path,
        {
            "has_been": ("The new passenger terminal at the airport has been completed.", TERMINAL),
            "was_year": ("The new passenger terminal at the airport was completed in 2025.", TERMINAL),
            "was": (
                "The renovation of the main station was completed last year.",
                "The renovation of the main station will be completed next year.",
            ),
            "has_completed": ("The company has completed the merger with its rival.", MERGER),
            "scheduled": (
                "Construction of the stadium has been finished.",
                "Construction of the stadium is scheduled to be finished by 2026.",
            ),
            "were": (
                "The results of the election were announced on Friday afternoon.",
                "The results of the election will be announced on Friday afternoon.",
            ),
            # supported: the plan kept as a plan, or a deed the source states done
            "ok_future": ("The new passenger terminal at the airport will be finished in 2025.", TERMINAL),
            "ok_expected": ("The airport's new passenger terminal is expected to be completed in 2025.", TERMINAL),
            "ok_done": ("The new terminal has been completed.", "The new terminal was completed in 2025."),
            "ok_plans": ("The company plans to complete the merger with its rival next year.", MERGER),
            "ok_done_other": (
                "The old terminal has been completed.",
                "The old terminal has been completed; the new terminal will be completed in 2025.",
            ),
        },
    )
    _assert_flagged(
        got,
        {
            "has_been": "unasserted:will",
            "was_year": "unasserted:will",
            "was": "unasserted:will",
            "has_completed": "unasserted:will",
            "scheduled": "unasserted:scheduled to",
            "were": "unasserted:will",
        },
    )
    _assert_verified(got, ("ok_future", "ok_expected", "ok_done", "ok_plans", "ok_done_other"), clear_of="unasserted:")


ROAD = "The road was partially reopened to traffic on Monday after the landslide."
UNIVERSITY = "It is the newest university in the country, founded in 1992 by the regional government."
PRIZE = "She was the first woman to win the prize in its first decade."


def test_a_word_of_extent_place_age_or_uniqueness_changed_in_a_copy_is_not_verified(tmp_path: Path) -> None:
    # each was verified (0.48 to 0.74): "fully" / "partially", "indoors" / "outdoors", "oldest" / "newest" were in
    # no table of `opposites.py`, and "the only woman" says more than "the first woman" (the first need not be the
    # only one; the only one is the first, so that way round it is right)
    got = claim_verdicts(
        tmp_path,
        {
            "fully": (ROAD.replace("partially", "fully"), ROAD),
            "completely": (ROAD.replace("partially", "completely"), ROAD),
            "indoors": (
                "The concert will be held indoors at the stadium on Saturday.",
                "The concert will be held outdoors at the stadium on Saturday.",
            ),
            "oldest": (UNIVERSITY.replace("newest", "oldest"), UNIVERSITY),
            "only": (PRIZE.replace("the first woman", "the only woman"), PRIZE),
            # supported: the same extent, place, age and rank in other words, or what the source's word entails
            "ok_partly": (ROAD.replace("partially", "partly"), ROAD),
            "ok_outside": (
                "The concert will be held outside at the stadium on Saturday.",
                ("The concert will be held outdoors at the stadium on Saturday."),
            ),
            "ok_youngest": (UNIVERSITY.replace("newest", "youngest"), UNIVERSITY),
            "ok_first": (
                "She was the first woman to win the prize in its first decade.",
                "She was the only woman to win the prize in its first decade.",
            ),
        },
    )
    _assert_flagged(
        got,
        {
            "fully": "swapped:fully/partially",
            "completely": "swapped:completely/partially",
            "indoors": "swapped:indoors/outdoors",
            "oldest": "swapped:oldest/newest",
            "only": "swapped:only/first",
        },
    )
    _assert_verified(got, ("ok_partly", "ok_outside", "ok_youngest", "ok_first"), clear_of="swapped:")
