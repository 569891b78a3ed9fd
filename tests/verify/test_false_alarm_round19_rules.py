"""The false-alarm sweep, round 19's rules on their own, pure: a span in two units found in an approximate span's
range, a change the source gives by its ends, a temperature's scale named in the other, "km/h" metric, "British" /
"UK", a rank given by order (key facts; swaps); a negated universal said by its opposite, "no team" (states). The
`h_` cases held out, written after the rules."""

from __future__ import annotations

import pytest

from audit.verify.differences import derived_change
from audit.verify.features import negation_mismatch
from audit.verify.keyfacts import key_facts, missing_facts
from audit.verify.ranked import order_ranks
from audit.verify.swaps import swapped_words
from audit.verify.universals import universal_said_otherwise

LARGEST = "Russia is the largest country in the world, followed by Canada."
MARKET = "The US is the largest market, followed by China and Brazil."


@pytest.mark.parametrize(
    ("claim", "source", "want"),
    [
        ("The flight takes about 7 hours.", "The flight takes 6 hours and 50 minutes.", []),
        ("The flight takes about 7 hours.", "The flight time is 6 h 50 min.", []),
        ("The drive takes about 3 hours.", "The drive takes 2 hours 55 minutes.", []),
        ("The video is about 4 minutes long.", "The video runs 3 minutes 58 seconds.", []),
        ("h_ He spent about 4 years in exile.", "He spent 3 years and 11 months in exile.", []),
        ("The flight takes about 8 hours.", "The flight takes 6 hours and 50 minutes.", ["missing_number:8"]),
        ("The flight takes about 7 minutes.", "The flight takes 6 hours and 50 minutes.", ["missing_number:7"]),
        ("The flight takes 7 hours.", "The flight takes 6 hours and 50 minutes.", ["missing_number:7"]),
        ("h_ He spent about 4 years in exile.", "He spent 3 years and 1 month in exile.", ["missing_number:4"]),
        # a change by its ends
        ("The jobless rate rose by 2 percentage points.", "The jobless rate rose from 18% to 20%.", []),
        ("Support fell by 3 points.", "Support fell from 45% to 42%.", []),
        ("Sales rose 50%.", "Sales rose from 200 units to 300 units.", []),
        ("Profit fell 25%.", "Profit fell from $4 million to $3 million.", []),
        ("h_ Ticket sales dropped 30%.", "Ticket sales dropped from 10,000 to 7,000.", []),
        (
            "The jobless rate rose by 3 percentage points.",
            "The jobless rate rose from 18% to 20%.",
            ["missing_number:3"],
        ),
        (
            "The jobless rate fell by 2 percentage points.",
            "The jobless rate rose from 18% to 20%.",
            ["missing_number:2"],
        ),
        ("Sales rose 40%.", "Sales rose from 200 units to 300 units.", ["missing_number:40"]),
        ("Sales fell 50%.", "Sales rose from 200 units to 300 units.", ["missing_number:50"]),
        ("h_ Ticket sales dropped 70%.", "Ticket sales dropped from 10,000 to 7,000.", ["missing_number:70"]),
        # a temperature's scale, km/h
        ("It reached 40 degrees Celsius.", "It reached 104 degrees Fahrenheit.", []),
        ("It reached 104 degrees Fahrenheit.", "It reached 40 degrees Celsius.", []),
        ("It reached 40 degrees Celsius.", "It reached 40 degrees Fahrenheit.", ["missing_name:Celsius"]),
        (
            "It reached 45 degrees Celsius.",
            "It reached 104 degrees Fahrenheit.",
            ["missing_number:45", "missing_name:Celsius"],
        ),
        ("The train reaches 300 km/h.", "The train reaches 186 mph.", []),
        ("h_ The jet flew at 900 km/h.", "The jet flew at 559 mph.", []),
        ("The train reaches 320 km/h.", "The train reaches 186 mph.", ["missing_number:320"]),
        ("The British government announced it.", "The UK government announced it.", []),
        ("The British government announced it.", "The French government announced it.", ["missing_name:British"]),
        # a rank by order: held by the claim's name
        ("Canada is the second-largest country.", LARGEST, []),
        ("Brazil is the third-largest market.", MARKET, []),
        ("Canada is the second-largest country.", "After Russia, Canada is the largest country.", []),
        (
            "h_ Ningbo is the third-busiest port.",
            "Shanghai is the busiest port, followed by Singapore, Ningbo and Shenzhen.",
            [],
        ),
        ("Canada is the third-largest country.", LARGEST, ["missing_number:3rd"]),
        ("Brazil is the second-largest market.", MARKET, ["missing_number:2nd"]),
        (
            "The pound had its second-biggest fall.",
            "The pound had its biggest fall after Brexit.",
            ["missing_number:2nd"],
        ),
    ],
)
def test_missing_facts(claim: str, source: str, want: list[str]) -> None:
    claim = claim.removeprefix("h_ ")
    assert missing_facts(key_facts(claim), source) == want


@pytest.mark.parametrize(
    ("dimension", "value", "way", "source", "want"),
    [
        ("points", 2.0, 1, "It rose from 18% to 20%.", True),
        ("points", 2.0, 0, "It went from 20 per cent to 18 per cent.", True),
        ("points", 2.0, 1, "It went from 20% to 18%.", False),  # up, against a fall
        ("points", 2.0, 0, "It rose from 18 to 20.", False),  # no percent: no points
        ("rise", 50.0, 0, "It rose from 2 million to 3 million.", True),
        ("rise", 50.0, 0, "It rose from 2 to 3 million.", True),
        ("fall", 50.0, 0, "It rose from 200 to 300.", False),
    ],
)
def test_derived_change(dimension: str, value: float, way: int, source: str, want: bool) -> None:
    assert derived_change(dimension, value, 0, way, source) is want


def test_order_ranks() -> None:
    assert order_ranks(MARKET) == [(frozenset({"china"}), 2), (frozenset({"brazil"}), 3)]
    assert order_ranks("Canada is the largest country by area after Russia.") == [(frozenset({"canada"}), 2)]
    assert order_ranks("The company had its biggest loss after the war.") == []
    assert order_ranks("Its interest rose, followed by Canada.") == []  # no superlative
    # the round's own let-ins: a rank in the past, an ordinal in the sentence too, a name across a sentence's end
    assert order_ranks("After Russia, Canada was the largest exporter in 1990, now third.") == []
    assert order_ranks("Russia is the largest, followed by Canada and the US, which ranks fourth.") == []
    assert order_ranks("Russia is the largest country, followed by Canada. The US is third.") == [
        (frozenset({"canada"}), 2)
    ]


@pytest.mark.parametrize(
    ("claim", "window", "want"),
    [
        ("Canada is the second-largest country in the world.", LARGEST, ()),
        ("Canada is the second-largest country by area.", "After Russia, Canada is the largest country by area.", ()),
        (
            "h_ Germany is the second-largest exporter in Europe.",
            "The Netherlands is the largest exporter in Europe, followed by Germany.",
            (),
        ),
        ("Canada is the third-largest country in the world.", LARGEST, ("third largest/largest",)),
        ("China is the second-largest country by area.", "After Russia, Canada is the largest country by area.",
         ("second largest/largest",)),
        # a measure the sentence states in another unit, converted
        ("The oven was set to 350 degrees Fahrenheit.", "The oven was set to 177 degrees Celsius.", ()),
        ("h_ The pool is kept at 82 degrees Fahrenheit.", "The pool is kept at 28 degrees Celsius.", ()),
        ("The oven was set to 400 degrees Fahrenheit.", "The oven was set to 177 degrees Celsius.", ("400/177",)),
        ("The oven was set to 350 degrees Celsius.", "The oven was set to 177 degrees Celsius.", ("350/177",)),
        ("h_ The pool is kept at 90 degrees Fahrenheit.", "The pool is kept at 28 degrees Celsius.", ("90/28",)),
    ],
)  # fmt: skip
def test_swapped_words(claim: str, window: str, want: tuple[str, ...]) -> None:
    assert swapped_words(claim.removeprefix("h_ "), [window]) == want


@pytest.mark.parametrize(
    ("claim", "window", "want"),
    [
        ("No one survived the crash.", "All passengers died in the crash.", False),
        ("None of the crew survived.", "All crew members were killed.", False),
        ("Not all members agreed with the plan.", "Some members disagreed with the plan.", False),
        ("None of the students failed the exam.", "All the students passed the exam.", False),
        ("None of the attempts succeeded.", "All the attempts failed.", False),
        ("No team scored in the first half.", "The first half ended goalless.", False),
        ("h_ None of the hostages survived.", "All the hostages were killed.", False),
        ("h_ No side scored in the second half.", "The second half was goalless.", False),
        ("No one survived the crash.", "Some passengers died in the crash.", True),
        ("No one survived the crash.", "All passengers survived the crash.", True),
        ("No one survived the crash.", "All passengers died, but two crew members survived.", True),
        ("Not all members agreed with the plan.", "All members agreed with the plan.", True),
        ("Not all members agreed with the plan.", "Some members agreed with the plan.", True),
        ("None of the students failed the exam.", "All the students failed the exam.", True),
        ("No team scored in the first half.", "The first half ended 1-0.", True),
        ("h_ None of the hostages survived.", "Some of the hostages were killed.", True),
        ("No passenger survived the crash.", "All crew members died in the crash.", True),  # another subject
        ("Not all members agreed with the plan.", "Some critics disagreed with the plan.", True),
    ],
)
def test_negation_mismatch(claim: str, window: str, want: bool) -> None:
    assert negation_mismatch(claim.removeprefix("h_ "), window) is want


def test_universal_said_otherwise_alone() -> None:
    assert universal_said_otherwise("Nobody passed the test.", "Everyone failed the test.")
    assert not universal_said_otherwise("Nobody passed the test.", "Everyone failed, and nobody passed the test.")
    assert not universal_said_otherwise("Nobody passed the test.", "Many failed the test.")
