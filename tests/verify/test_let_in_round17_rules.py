"""The let-in sweep's round 17 rules on their own, pure: a figure moved to another person (`bindings.py`), a part
given as the whole (`parts.py`), a link stated as a changed risk (`causal.py`), a plan stated as a present state
(`hedges.present_for_future`), "any" against a bound after the noun (`options.any_for_bounded`), "percentage points"
for "percent" (`left_out.cut_short`), "the best" for "among the best" (`quantities.one_of_dropped`), a two-word name
in another's place (`swaps`)."""

from __future__ import annotations

import pytest

from audit.verify.bindings import figure_of_another
from audit.verify.causal import unstated_cause
from audit.verify.options import any_for_bounded
from audit.verify.parts import members_for_part, place_for_part
from audit.verify.swaps import swapped_words

CFO = (
    "Chief executive Anna Weiss, 58, has led the company since 2015. Chief financial officer Tom Baker, 44, joined in "
    "2019."
)
SLIDES = (
    "Let's start on Slide 17, that shows consolidated sales were $441 million. On Slide 38, the EBITDA estimate is "
    "unchanged."
)


@pytest.mark.parametrize(
    ("claim", "window", "want"),
    [
        ("The company's chief financial officer, Tom Baker, is 58 years old.", CFO, "58/44"),
        ("Tom Baker joined the company in 2015.", CFO, "2015/2019"),
        ("Tom Baker joined the company in 2019.", CFO, None),
        ("Anna Weiss has run the company since 2015.", CFO, None),
        # a pronoun may stand for the claim's person; a capitalised word that names no person ("Slide 38", "EBITDA")
        ("Barack Obama was elected president in 2008.",
         "Barack Obama was born in 1961. In 2008, he was elected president, defeating John McCain.", None),
        ("The EBITDA of the company rose to 441 million dollars.", SLIDES, None),
        # a span's ends date a period (the training pairs' check: "Arsenal won 10 trophies between 1989 and 2005")
        ("Tom Baker won 10 trophies between 2015 and 2020.",
         "Anna Weiss, 58, won the cup in 2015. Tom Baker won 10 trophies in 2019 and 2020.", None),
        # the claim's person given the figure in no sentence, and no deed of the claim with the other figure
        ("Jane Doe became mayor in 2012.",
         "John Roe was mayor from 2008 to 2012. Jane Doe took over in 2016 after a special election.", None),
    ],
)  # fmt: skip
def test_a_figure_given_to_another_person(claim: str, window: str, want: str | None) -> None:
    assert figure_of_another(claim, [window]) == want


@pytest.mark.parametrize(
    ("claim", "window", "want"),
    [
        ("Texas passed the law in 2021.", "The city of Austin, Texas, passed the law in 2021.", "texas/austin, texas"),
        ("Austin passed the law in 2021.", "The city of Austin, Texas, passed the law in 2021.", None),
        ("The Louvre is in France.", "The Louvre, in Paris, France, is the world's most-visited museum.", None),
        # a list of names is no place in another
        ("Topman has outlets in six cities.", "Dorothy Perkins, Topman has outlets in six cities.", None),
        ("California banned plastic bags in 2014.",
         "California banned plastic bags in 2014, after the city of San Francisco, California, banned them.", None),
    ],
)  # fmt: skip
def test_a_place_given_the_deed_of_a_city_in_it(claim: str, window: str, want: str | None) -> None:
    assert place_for_part(claim, [window]) == want


STRIKE = "About 300 of the company's 5,000 employees went on strike on Monday."


@pytest.mark.parametrize(
    ("claim", "window", "want"),
    [
        ("The company's employees went on strike on Monday.", STRIKE, "employees/300 of 5,000"),
        ("About 300 employees went on strike on Monday.", STRIKE, None),
        ("The company's employees went on strike on Monday.",
         "All 5,000 of the company's employees went on strike on Monday.", None),
    ],
)  # fmt: skip
def test_members_said_to_do_what_a_counted_part_did(claim: str, window: str, want: str | None) -> None:
    assert members_for_part(claim, [window]) == want


MEAT = "Eating red meat is associated with a higher risk of colon cancer, the review found."


@pytest.mark.parametrize(
    ("claim", "window", "want"),
    [
        ("Eating red meat increases the risk of colon cancer.", MEAT, True),
        ("Exercise lowers the risk of heart disease.", "Exercise is linked to a lower risk of heart disease.", True),
        ("Eating red meat may increase the risk of colon cancer.", MEAT, False),
        ("Eating red meat is linked to a higher risk of colon cancer.", MEAT, False),
        # the source says the raise in a verb ("raises the risk"), not an adjective ("an increased risk")
        ("Smoking raises the risk of stroke.", "Smoking raises the risk of stroke and is linked to cancer.", False),
        ("Smoking raises the risk of stroke.", "Smoking is associated with an increased risk of stroke.", True),
    ],
)
def test_a_link_stated_as_a_changed_risk(claim: str, window: str, want: bool) -> None:
    assert unstated_cause(claim, [window]) is want


@pytest.mark.parametrize(
    ("claim", "window", "want"),
    [
        ("The factory employs 2,000 workers.", "The factory will employ 2,000 workers when it opens.",
         "unasserted:will"),
        ("The bridge opens in 2027.", "The bridge will open in 2027, officials said.", None),
        ("The museum opens in March.", "The museum will open in March, officials said.", None),
        ("Support for the party rose 3 percentage points.",
         "Support for the party rose 3 percent, from 30 percent to 30.9 percent.", "percentage points/percent"),
        ("The school is the best in the country.", "The school is among the best in the country.", "the best/among"),
        ("Buzz Aldrin was the first person to walk on the Moon.",
         "Neil Armstrong was the first person to walk on the Moon; Buzz Aldrin followed him.",
         "buzz aldrin/neil armstrong"),
        ("Anna Weiss hired Tom Baker in 2019.", "She hired Tom Baker in 2019, a year after Anna Weiss took over.",
         None),
    ],
)  # fmt: skip
def test_a_copied_sentence_said_otherwise(claim: str, window: str, want: str | None) -> None:
    got = swapped_words(claim, [window], ["Aldrin", "Moon", "Weiss", "Tom", "Baker"])
    assert got == ((want,) if want else ())


@pytest.mark.parametrize(
    ("claim", "window", "want"),
    [
        ("Any truck may use the bridge.", "Trucks of up to 40 tonnes may use the bridge.", "any/up to 40 tonnes"),
        ("Any child can enter the contest.", "Children aged 8 to 12 can enter the contest.", "any/aged 8 to 12"),
        ("Any truck of up to 40 tonnes may use the bridge.", "Trucks of up to 40 tonnes may use the bridge.", None),
        ("Any visitor can see the show.", "Visitors over 18 can see the show, and any visitor may buy a book.", None),
    ],
)  # fmt: skip
def test_any_against_a_bound_after_the_noun(claim: str, window: str, want: str | None) -> None:
    assert any_for_bounded(claim, [window]) == want
