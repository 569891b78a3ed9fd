"""The false-alarm sweep, round 18's rules on their own, pure: a range's shared scale word, a place said by its prize,
a country's adjective before a name that is no common word, an era in the other notation (key facts); a rank the
sentence gives the claim's name apart, a list in another order (swaps, kinds); a negation said as a state or a
comparative (states, equality). The `h_` cases held out, written after the rules."""

from __future__ import annotations

import pytest

from audit.verify.equality import not_as_said_less
from audit.verify.keyfacts import key_facts, missing_facts
from audit.verify.kinds import kind_said_otherwise
from audit.verify.numranges import shared_scales
from audit.verify.states import said_as_state
from audit.verify.swaps import swapped_words


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("It will cost $2-3 million.", {"2 million", "2000000"}),
        ("Losses could reach 4 to 5 billion euros.", {"4 billion", "4000000000"}),
        ("The city has between 2 and 3 million residents.", {"2 million", "2000000"}),
        ("h_ The city expects 1.5 to 2 million visitors.", {"1.5 million", "1500000"}),
        # "and" joins a range only after "between"; no scale word after the second number, no range
        ("The team won 2 and lost 3 million times.", set()),
        ("The company cut 2,000-3,000 jobs.", set()),
    ],
)
def test_shared_scales(text: str, want: set[str]) -> None:
    assert shared_scales(text) == want


@pytest.mark.parametrize(
    ("claim", "source", "want"),
    [
        ("The project will cost between $2 million and $3 million.", "It will cost $2-3 million.", []),
        ("The project will cost between $1 million and $3 million.", "It will cost $2-3 million.", ["1 million"]),
        ("h_ Damage is put at between 3 billion and 4 billion dollars.", "Damage is put at $3-4 billion.", []),
        ("Argentina finished second in the final.", "Argentina were runners-up.", []),
        ("She finished second in the final.", "She won the silver medal.", []),
        ("He finished third in the marathon.", "He took bronze.", []),
        ("h_ Norway finished second in the relay.", "Norway took silver in the relay.", []),
        ("h_ The Dutch team finished third in the race.", "The Dutch team won the bronze medal.", []),
        ("He finished second in the final.", "He beat the runner-up in the final.", ["2nd"]),
        ("She finished third in the final.", "She won the silver medal in the final.", ["3rd"]),
        # a metal alone is no place
        ("Peru is the second-largest silver producer.", "Peru is the largest silver producer.", ["2nd"]),
    ],
)
def test_numbers_of_a_range_and_a_place(claim: str, source: str, want: list[str]) -> None:
    got = missing_facts(key_facts(claim.removeprefix("h_ ")), source)
    assert got == [f"missing_number:{n}" for n in want]


@pytest.mark.parametrize(
    ("claim", "source", "want"),
    [
        ("The German Bundestag passed the law.", "The Bundestag passed the law on Friday.", []),
        ("The Russian Duma approved the law.", "The State Duma approved the law.", []),
        ("h_ The Swedish Riksdag approved the budget.", "The Riksdag approved the budget.", []),
        ("h_ The German Bundesbank warned of a recession.", "The Bundesbank warned of a recession.", []),
        # another country named; a common word after the adjective (a name's part, or one of many)
        ("The Austrian Bundestag passed the law.", "The German Bundestag passed the law.", ["Austrian"]),
        ("h_ The Danish Riksdag approved the budget.", "Sweden's Riksdag approved the budget.", ["Danish"]),
        ("The French government raised the pension age.", "The government raised the pension age.", ["French"]),
        ("The American Fantasy Press publishes fantasy.", "The Fantasy Press publishes fantasy.", ["American"]),
        ("Julius Caesar was killed in 44 BC.", "Julius Caesar was killed in 44 BCE.", []),
        ("The city was founded in 79 AD.", "The city was founded in 79 CE.", []),
        ("h_ The temple was built in 300 BCE.", "The temple was built in 300 BC.", []),
        ("h_ Augustus died in 14 CE.", "Augustus died in AD 14.", []),
        ("The city was founded in 79 BC.", "The city was founded in 79 CE.", ["BC"]),
    ],
)
def test_names_of_a_country_and_an_era(claim: str, source: str, want: list[str]) -> None:
    got = missing_facts(key_facts(claim.removeprefix("h_ ")), source)
    assert got == [f"missing_name:{n}" for n in want]


PORT = "Shanghai has the busiest container port in the world; {} ranks second."


@pytest.mark.parametrize(
    ("claim", "window", "want"),
    [
        ("Singapore has the second-busiest container port in the world.", PORT.format("Singapore"), ()),
        (
            "K2 is the second-highest mountain in the world.",
            "Mount Everest is the highest mountain in the world, and K2 is second.",
            (),
        ),
        (
            "h_ Python is the second most popular programming language.",
            "JavaScript is the most popular programming language, and Python ranks second.",
            (),
        ),
        # the ordinal given another name
        (
            "Singapore has the second-busiest container port in the world.",
            PORT.format("Rotterdam"),
            ("second busiest/busiest",),
        ),
        (
            "h_ Python is the second most popular programming language.",
            "JavaScript is the most popular programming language, and Java ranks second.",
            ("second most/most",),
        ),
        # one list in another order; two words of two clauses are not one list
        ("The flag is red, white and blue.", "The flag is blue, white and red.", ()),
        (
            "The shirt is red and the trousers are blue.",
            "The shirt is blue and the trousers are red.",
            ("red/blue", "blue/red"),
        ),
    ],
)
def test_swapped_words(claim: str, window: str, want: tuple[str, ...]) -> None:
    assert swapped_words(claim.removeprefix("h_ "), [window]) == want


@pytest.mark.parametrize(
    ("claim", "window", "want"),
    [
        ("The jersey is green and yellow.", "The jersey is yellow and green.", None),
        ("The flag is red, white and blue.", "The flag's colours are blue, white and red.", None),
        ("h_ The logo is black and white.", "The logo is white and black.", None),
        (
            "The flag is red, white and green.",
            "The flag is blue, white and red.",
            "red, white and green/blue, white and red",
        ),
        ("The flag is red.", "The flag is blue.", "red/blue"),
        ("h_ The logo is black and red.", "The logo is white and black.", "black and red/white and black"),
    ],
)
def test_kind_said_otherwise_in_a_list(claim: str, window: str, want: str | None) -> None:
    assert kind_said_otherwise(claim.removeprefix("h_ "), [window]) == want


@pytest.mark.parametrize(
    ("negated", "plain", "want"),
    [
        ("The player was not selected for the squad.", "The player was left out of the squad.", True),
        ("The striker was not included in the team.", "The striker was dropped from the team.", True),
        ("The country was not invited to the summit.", "The country was excluded from the summit.", True),
        ("h_ The senator was not invited to the dinner.", "The senator was left off the guest list.", True),
        ("She did not accept the offer.", "She declined the offer.", True),
        ("The new model is not as fast as the old one.", "The new model is slower than the old one.", True),
        ("The river is not as long as the Nile.", "The river is shorter than the Nile.", True),
        ("h_ The bus is not as cheap as the train.", "The bus is more expensive than the train.", True),
        # the denied word stated; the state negated; the same sense; another thing compared
        ("The player was not selected.", "He was left out of the line-up but selected for the squad.", False),
        ("The player was not selected for the squad.", "The player was not left out of the squad.", False),
        ("She did not accept the offer.", "She declined the first offer but accepted the second.", False),
        ("The new model is not as fast as the old one.", "The new model is faster than the old one.", False),
        ("The new model is not as fast as the old one.", "The new model is slower than the rival phone.", False),
        ("h_ The bus is not as cheap as the train.", "The bus is cheaper than the train.", False),
        # "declined" with no object is a fall; the plain side stating the denied sense too
        ("The company did not accept the bid.", "The company's shares declined after the bid.", False),
        ("The model is not as fast as the old one.", "It is slower than the old one was, but faster now.", False),
    ],
)
def test_negation_said_as_a_state_or_a_comparative(negated: str, plain: str, want: bool) -> None:
    assert said_as_state(negated.removeprefix("h_ "), plain) is want


def test_not_as_said_less_alone() -> None:
    assert not_as_said_less("Tea is not as popular as coffee.", "Tea is less popular than coffee.")
    assert not not_as_said_less("Tea is as popular as coffee.", "Tea is less popular than coffee.")
