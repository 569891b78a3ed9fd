"""This round's copied-sentence rules without the CLI: a hedge, a plan, hearsay or "nearly" left out
(audit/verify/hedges.py), "one of" left out and a quantifier of several words changed (audit/verify/quantities.py),
verbs of change (audit/verify/changes.py), through `swaps.swapped_words` as the verifier calls it."""

from __future__ import annotations

import pytest

from audit.verify.asserted import unasserted_frame
from audit.verify.direction import direction_mismatch
from audit.verify.swaps import swapped_words


@pytest.mark.parametrize(
    ("claim", "source", "want"),
    [
        (
            "The tower was built in the 12th century.",
            "The tower was probably built in the 12th century.",
            "unasserted:probably",
        ),
        (
            "The stadium will open in 2027 after delays.",
            "The stadium is expected to open in 2027 after delays.",
            "unasserted:expected to",
        ),
        (
            "Smoking causes a rare lung disease in adults.",
            "Smoking may cause a rare lung disease in adults.",
            "unasserted:may",
        ),
        ("The museum opened a new wing in March.", "The museum will open a new wing in March.", "unasserted:will"),
        (
            "The minister had resigned over the scandal.",
            "The minister dismissed reports that he had resigned over the scandal.",
            "unasserted:dismissed reports that",
        ),
        (
            "The bridge was destroyed in the storm last year.",
            "The bridge was partly destroyed in the storm last year.",
            "unasserted:partly",
        ),
        (
            "Lagos is the largest city in Africa by population.",
            "Lagos is one of the largest cities in Africa by population.",
            "swapped:the largest/one of",
        ),
        (
            "Residents said most of the houses were damaged.",
            "Residents said a few of the houses were damaged.",
            "swapped:most/few",
        ),
        (
            "Air quality in the city worsened after the ban.",
            "Air quality in the city improved after the ban.",
            "swapped:worsened/improved",
        ),
    ],
    ids=lambda v: v[:40] if isinstance(v, str) else v,
)
def test_a_copy_that_leaves_out_what_qualifies_it_is_flagged(claim: str, source: str, want: str) -> None:
    found = swapped_words(claim, [source])
    reasons = [f if f.startswith(("unasserted:", "stitched:")) else f"swapped:{f}" for f in found]
    assert want in reasons, (claim, found)


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        (
            "The stadium is scheduled to open in 2027 after delays.",
            "The stadium is expected to open in 2027 after delays.",
        ),
        ("Tenants can keep one small pet in the flat.", "Tenants may keep one small pet in the flat."),
        (
            "The profit of the firm rose by 10 percent last year.",
            "The expected profit of the firm rose by 10 percent last year.",
        ),
        (
            "Investigators think the fire was started by a fault.",
            "The fire is thought to have been started by a fault.",
        ),
        ("The museum opens a new wing in March.", "The museum will open a new wing in March."),
        ("The team reached the summit on the second day.", "The team managed to reach the summit on the second day."),
        ("She is a leading expert on medieval Spain.", "She is one of the leading experts on medieval Spain."),
        (
            "The bridge has been renovated a few times since the war.",
            "The bridge has been renovated several times since the war.",
        ),
        ("The staff are mainly volunteers from the town.", "The staff are mostly volunteers from the town."),
        ("He nearly always wins the race in spring.", "He almost always wins the race in spring."),
    ],
    ids=lambda v: v[:40],
)
def test_the_same_said_in_other_words_is_not_flagged(claim: str, source: str) -> None:
    assert swapped_words(claim, [source]) == ()


def test_hearsay_and_nearly_before_a_verbatim_match_are_frames() -> None:
    source = "According to unconfirmed reports, the president is seriously ill."
    assert unasserted_frame(source, source.index("the president")) == "unconfirmed reports"
    source = "Nearly all of the passengers survived the crash."
    assert unasserted_frame(source, source.index("all")) == "nearly"
    source = "Reports from the capital say the president is seriously ill."
    assert unasserted_frame(source, source.index("the president")) is None


def test_went_up_is_a_rise() -> None:
    assert direction_mismatch("Sales of cars went up sharply last year.", "Sales of cars fell sharply last year.")
    assert not direction_mismatch("Sales of cars went up sharply last year.", "Sales of cars rose sharply last year.")
