"""Two things said equal where the source says one is more, or the other way round (`audit/verify/equality.py`)."""

from __future__ import annotations

import pytest

from audit.verify.equality import equality_changed

TOWER = "Completed in 1931, the tower is taller than the old cathedral, which dominated the skyline."


@pytest.mark.parametrize(
    ("claim", "window", "want"),
    [
        ("The tower is as tall as the old cathedral.", TOWER, "as tall as/taller than"),
        ("The house is bigger than the barn.", "The house is as big as the barn.", "bigger than/as big as"),
        ("The phone is as expensive as the old model.", "The phone is more expensive than the old model.",
         "as expensive as/more expensive than"),
        # the same comparison, a multiple, a value, an idiom, another thing
        ("The tower is taller than the old cathedral.", TOWER, None),
        ("The river is as wide as the lake.", "The river is twice as wide as the lake.", None),
        ("Rates rose to as high as 40 percent.", "Rates were higher than 40 percent.", None),
        ("The bridge is as long as the old one.", "The bridge is longer than the old one.", None),
        ("The tower is as tall as the old cathedral.", "The mayor is taller than his deputy.", None),
        ("No ship built there was as heavy as this one.", "This ship is heavier than any built there.", None),
    ],
)  # fmt: skip
def test_an_equality_and_an_inequality_of_one_adjective_contradict(claim: str, window: str, want: str | None) -> None:
    assert equality_changed(claim, [window]) == want


@pytest.mark.parametrize(
    ("claim", "window", "want"),
    [
        ("The new model is as fast as the old one.", "The new model is slower than the old one.",
         "as fast as/slower than"),
        ("The tower is as tall as the old cathedral.", "The tower is shorter than the old cathedral.",
         "as tall as/shorter than"),
        # held out (written after the rule)
        ("The car is as cheap as the bike.", "In the shop the car is more expensive than the bike.",
         "as cheap as/more expensive than"),
        ("She is as old as her brother.", "She is two years younger than her brother.", "as old as/younger than"),
        # the equality stated too, another thing compared
        ("The new model is as fast as the old one.", "The new model is as fast as the old one, and slower than rivals.",
         None),
        ("The new model is as fast as the old one.", "The weather was colder than last year.", None),
    ],
)  # fmt: skip
def test_an_equality_against_the_other_sense_of_its_dimension_contradicts(
    claim: str, window: str, want: str | None
) -> None:
    # "as fast as" against "slower than" was verified (a let-in the false-alarm sweep, round 18, saw)
    assert equality_changed(claim, [window]) == want
