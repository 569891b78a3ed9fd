"""The false-alarm sweep, round 12, as pure functions: a compound name written open, hyphenated or closed
(`compounds.compound_found`), an acronym's plural in mixed case (`keynames.has_name`), what one has none of said with
"-less" (`states.said_without`), the year in "COVID-19" (`numbered.without_name_digits`), "No 1" (`features`), a
bound said with a negation (`bounds.bound_said_otherwise`), a sum in its currency and its hundredth
(`subunits.split_sums`) and a share of a scale word (`numwords.numbers_in_words`). The real-CLI cases are in
tests/cli/test_false_alarms_round12.py."""

from __future__ import annotations

import pytest

from audit.verify.bounds import bound_said_otherwise
from audit.verify.compounds import compound_found
from audit.verify.features import is_negated
from audit.verify.keyfacts import key_facts, missing_facts
from audit.verify.numbered import without_name_digits
from audit.verify.numwords import numbers_in_words
from audit.verify.states import said_without
from audit.verify.subunits import split_sums


@pytest.mark.parametrize(
    ("missing", "names", "source", "found"),
    [
        (["Coca-Cola"], ("Coca-Cola",), "The Coca Cola Company", {"Coca-Cola"}),
        (["Sims-based"], ("Sims-based",), "a Sims based podcast", {"Sims-based"}),
        (["FamilyMart"], ("FamilyMart",), "Lawson and Family Mart", {"FamilyMart"}),
        (["PlayStation"], ("PlayStation",), "the Play-Station", {"PlayStation"}),
        (["Family", "Mart"], ("Lawson", "Family", "Mart"), "Lawson and FamilyMart", {"Family", "Mart"}),
        (["Jean-Luc"], ("Jean-Luc",), "by Jean - Luc", set()),  # a spaced dash joins two names
        (["Pepsi-Cola"], ("Pepsi-Cola",), "The Coca Cola Company", set()),
        (["Family", "Mart"], ("Family", "Mart"), "Lawson and Ministop", set()),
    ],
)
def test_compounds_written_open_hyphenated_or_closed(
    missing: list[str], names: tuple[str, ...], source: str, found: set[str]
) -> None:
    assert compound_found(missing, names, source) == found


@pytest.mark.parametrize(
    ("claim", "source", "missing"),
    [
        ("The lab hired two PhDs.", "PhD F asked a question.", []),
        ("The team built PoCs.", "The team built a PoC.", []),
        ("The lab hired two MDs.", "PhD F asked a question.", ["missing_name:MDs"]),
        ("The gallery sold two McAdams.", "The gallery sold a McAdam.", ["missing_name:McAdams"]),
        ("It happened during the COVID-19 pandemic.", "It happened during the COVID pandemic.", []),
        ("It happened during COVID-19.", "It happened during the flu pandemic.", ["missing_name:COVID"]),
        ("The city has 500,000 residents.", "The city has half a million residents.", []),
        (
            "The city has 500,000 residents.",
            "The city has one and a half million residents.",
            ["missing_number:500000"],
        ),
        ("A ticket costs $5.50.", "A ticket costs 5 dollars and 50 cents.", []),
        ("A ticket costs 5 dollars and 50 cents.", "A ticket costs $5.50.", []),
        ("A ticket costs $5.50.", "A ticket costs 5 dollars and 50 pence.", ["missing_number:5.50"]),
    ],
)
def test_names_and_numbers_written_otherwise(claim: str, source: str, missing: list[str]) -> None:
    assert missing_facts(key_facts(claim), source) == missing


@pytest.mark.parametrize(
    ("text", "digits"),
    [
        ("during the COVID-19 pandemic", "during the COVID-   pandemic"),
        ("Covid 19 cases", "Covid    cases"),
        ("19 cases of COVID", "19 cases of COVID"),
    ],
)
def test_the_year_in_covid_19_is_no_number(text: str, digits: str) -> None:
    assert without_name_digits(text) == digits


@pytest.mark.parametrize(
    ("negated", "plain", "waived"),
    [
        ("Photons have no mass.", "The photon is massless.", True),
        ("The family had no home.", "The family was homeless.", True),
        ("The town was without power.", "The town was powerless.", True),
        ("The couple did not have children.", "The couple remained childless.", True),
        ("The family had no home.", "The family was homeless but found a home.", False),
        ("The town had no water.", "The town was powerless.", False),
        ("The painting has no price.", "The painting is priceless.", False),
    ],
)
def test_what_one_has_none_of_said_with_less(negated: str, plain: str, waived: bool) -> None:
    assert said_without(negated, plain) is waived


@pytest.mark.parametrize(
    ("negated", "plain", "waived"),
    [
        ("It will cost not more than 25 euros.", "It will cost at most 25 euros.", True),
        ("It will cost no more than 25 euros.", "It will cost up to 25 euros.", True),
        ("No fewer than 40 people died.", "At least 40 people died.", True),
        ("Applicants must be no younger than 18.", "Applicants must be 18 or older.", True),
        ("It will cost not more than 25 euros.", "It will cost more than 25 euros.", False),
        ("It will not work and costs no more than 25 euros.", "It costs at most 25 euros.", False),
    ],
)
def test_a_bound_said_with_a_negation(negated: str, plain: str, waived: bool) -> None:
    assert bound_said_otherwise(negated, plain) is waived


@pytest.mark.parametrize(
    ("text", "negated"),
    [
        ("The single went to No 1 in Britain.", False),
        ("He wore the No 7 shirt.", False),
        ("There were no 5-star hotels.", True),
        ("No 18-year-olds were allowed to vote.", True),
    ],
)
def test_no_before_a_number_mid_sentence(text: str, negated: bool) -> None:
    assert is_negated(text) is negated


@pytest.mark.parametrize(
    ("text", "sums"),
    [
        ("5 dollars and 50 cents", [(("5", "50"), "cent", 5.5)]),
        ("twelve euros and fifty centimes", [((), "cent", 12.5)]),
        ("three pounds twenty pence", [((), "penny", 3.2)]),
        ("5 dollars and 50 pence", []),  # a hundredth of another currency
        ("five dollars and 150 cents", []),  # no hundredth
    ],
)
def test_sums_in_a_currency_and_its_hundredth(text: str, sums: list[tuple[tuple[str, ...], str, float]]) -> None:
    assert [(k, f, round(v, 4)) for k, f, v in split_sums(text)] == sums


@pytest.mark.parametrize(
    ("text", "numbers"),
    [
        ("half a million", {"500000", "500 thousand", "0.5 million"}),
        ("a quarter of a billion", {"250000000", "250 million", "0.25 billion"}),
        ("three quarters of a million", {"750000", "750 thousand", "0.75 million"}),
        ("a third of a million", set()),
    ],
)
def test_shares_of_scale_words(text: str, numbers: set[str]) -> None:
    assert numbers_in_words(text) == numbers
