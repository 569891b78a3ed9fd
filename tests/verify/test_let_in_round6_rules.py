"""The let-in sweep's round 6 rules, as pure functions: words a copy leaves out that say otherwise (a unit, a role, a
rate, a denial's qualifier, an interval's count), leave or going on against a bar or an end, and the new words of
`opposites.py` and `reversal.py`."""

from __future__ import annotations

from audit.verify.bars import leave_or_going_on
from audit.verify.left_out import dropped_qualifier, interval_widened, left_out, next_figures_unit
from audit.verify.opposites import contradicts
from audit.verify.swaps import swapped_words


def test_a_unit_read_off_the_next_figure() -> None:
    assert (
        next_figures_unit(["by", "2"], ["percentage", "points", "to", "5"], ["percent"]) == "percent/percentage points"
    )
    assert next_figures_unit(["by", "2"], ["percentage", "points"], ["percent"]) is None  # no next figure
    assert next_figures_unit(["by", "two"], ["percentage", "points", "to", "5"], ["percent"]) is None  # no figure
    assert next_figures_unit(["30"], ["or", "about", "19"], ["miles"]) is None  # no unit left out


def test_a_qualifier_role_rate_or_interval_left_out() -> None:
    assert dropped_qualifier(["no", "one", "was"], ["seriously"]) == "seriously"
    assert dropped_qualifier(["three", "passengers", "were"], ["seriously"]) is None  # no denial
    assert left_out([], ["the"], ["former"], ["chief"]) == "chief/former chief"
    assert left_out([], ["acme"], [""], ["said"]) is None  # "Acme Co." (a capital is "")
    assert left_out([], ["gdp"], ["per", "capita"], ["reached"]) == "unasserted:per capita"
    assert left_out(["x"], ["the"], ["former"], ["chief"]) is None  # the claim has a word in their place
    assert interval_widened(["place", "every"], ["year"], ["two", "years"]) == "year/two years"
    assert interval_widened(["place", "each"], ["year"], ["two", "years"]) is None


def test_leave_or_going_on_against_a_bar_or_an_end() -> None:
    bar = "Foreign firms are barred from bidding for government contracts."
    assert leave_or_going_on("Foreign firms can bid for government contracts.", [bar]) == "can/barred from"
    assert leave_or_going_on("Foreign firms cannot bid for government contracts.", [bar]) is None
    assert leave_or_going_on("Foreign firms can no longer bid for government contracts.", [bar]) is None
    assert leave_or_going_on("Foreign firms can bid.", ["Foreign firms are not barred from bidding."]) is None
    assert leave_or_going_on("Local firms can sell food.", [bar]) is None  # another verb
    ended = "The company stopped making typewriters in 1995."
    assert leave_or_going_on("The company still makes typewriters.", [ended]) == "still/stopped"
    assert leave_or_going_on("The company still makes printers.", [ended]) is None
    assert (
        leave_or_going_on("The company still makes typewriters.", ["The company never stopped making typewriters."])
        is None
    )


def test_the_new_words_of_the_tables() -> None:
    for claim, source in (
        ("two thirds", "a third"),
        ("a day", "an hour"),
        ("eighteenth", "nineteenth"),
        ("thousands", "hundreds"),
        ("fivefold", "tenfold"),
        ("sold", "acquired"),
        ("april", "march"),
        ("father", "grandfather"),
        ("required", "recommended"),
        ("sharply", "slightly"),
    ):
        assert contradicts(claim, source), (claim, source)
    for claim, source in (("a day", "one day"), ("a third", "one third"), ("19th", "nineteenth"), ("a car", "a bus")):
        assert not contradicts(claim, source), (claim, source)
    assert swapped_words("Samsung sued Apple over patents in 2011.", ["Apple sued Samsung over patents in 2011."]) == (
        "samsung/apple",
    )
    both = "The plan helps not only fishermen but also farmers."
    assert swapped_words("The plan helps not only farmers but also fishermen.", [both]) == ()
