"""A claim restated in its source's words (`audit.verify.restate`): a form is replaced only by the source's own text
of the same value, and a verbatim match and a quote are still read as the claim writes them."""

from __future__ import annotations

import pytest

from audit.verify.features import analyse_pair
from audit.verify.restate import in_source_words, words_value


@pytest.mark.parametrize(
    ("claim", "source", "restated"),
    [
        ("Sales fell in H1 2020.", "Sales fell in the first half of 2020.", "Sales fell in the first half of 2020."),
        ("Sales fell in the first half of 2020.", "Sales fell in H1 2020.", "Sales fell in H1 2020."),
        ("In Q3 2021.", "Between July and September 2021.", "In Between July and September 2021."),
        ("Revenue grew in FY20.", "Revenue grew in fiscal year 2020.", "Revenue grew in fiscal year 2020."),
        ("It closed in mid-2020.", "It closed in the middle of 2020.", "It closed in the middle of 2020."),
        ("The trial lasted a fortnight.", "The trial lasted two weeks.", "The trial lasted two weeks."),
        ("Sales tripled.", "Sales rose by 200% last year.", "Sales rose by 200%."),
        ("Sales doubled.", "Sales rose 100 percent.", "Sales rose 100 percent."),
        ("Shares rose 3 pct.", "Shares rose 3 per cent.", "Shares rose 3 per cent."),
        ("Two-thirds of members agreed.", "About 67% of members agreed.", "67% of members agreed."),
        ("Two-thirds of members agreed.", "66.7 percent of members agreed.", "66.7 percent of members agreed."),
        ("It hired 250 people.", "It hired two hundred and fifty people.", "It hired two hundred and fifty people."),
        ("It has 3,400 beds.", "It has three thousand four hundred beds.", "It has three thousand four hundred beds."),
        ("Built in the 1800s.", "Built in the nineteenth century.", "Built in the nineteenth century."),
        ("It fell to minus 5 degrees.", "It fell to -5 °C.", "It fell to -5 degrees."),
        ("A fine of USD 5 million.", "A fine of $5 million.", "A fine of $5 million."),
        ("Founded in AD 79.", "Founded in 79 CE.", "Founded in 79 CE."),
        ("CO2 emissions fell.", "Carbon dioxide emissions fell.", "Carbon dioxide emissions fell."),
        ("UNESCO listed it.", "The United Nations Educational, Scientific and Cultural Organization listed it.",
         "United Nations Educational, Scientific and Cultural Organization listed it."),
        ("The National Rifle Association grew.", "The NRA grew.", "The NRA grew."),
        ("Gross domestic product grew.", "GDP grew by 2%.", "GDP grew."),
        ("She holds a Ph.D. in law.", "She holds a PhD in law.", "She holds a PhD in law."),
        ("Profits fell by 50%.", "Profits halved in 2020.", "Profits halved."),
        ("Rates rose by 25 bps.", "Rates rose by 0.25 percentage points.", "Rates rose by 0.25 percentage points."),
        ("Rates rose by a quarter point.", "Rates rose by 25 basis points.", "Rates rose by 25 basis points."),
        ("Inflation hit 7pc.", "Inflation hit 7 per cent.", "Inflation hit 7 per cent."),
        ("It has 3 mln people.", "It has 3 million people.", "It has 3 million people."),
        ("A fine of 5 million US dollars.", "A fine of $5 million.", "A fine of $5 million."),
        ("Output fell in Jan-Mar 2021.", "Output fell in Q1 2021.", "Output fell in Q1 2021."),
        ("It grew in FY2020-21.", "It grew in the 2020/21 financial year.", "It grew in the 2020/21 financial year."),
    ],
)  # fmt: skip
def test_a_form_the_source_writes_another_way_is_the_sources(claim: str, source: str, restated: str) -> None:
    assert in_source_words(claim, source) == restated


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("Sales fell in H2 2020.", "Sales fell in the first half of 2020."),
        ("It peaked in Q2 2021.", "It peaked between July and September 2021."),
        ("It peaked in Q3 2021.", "It peaked between July and October 2021."),
        ("Revenue grew in FY2019.", "Revenue grew in fiscal 2020."),
        ("Revenue grew in FY2020.", "Revenue grew in fiscal year 2020-21."),
        ("The trial lasted a fortnight.", "The trial lasted three weeks."),
        ("Sales tripled.", "Sales rose by 300% last year."),
        ("Sales tripled.", "Sales rose by 250% last year."),
        ("Two-thirds of members agreed.", "60% of members agreed."),
        ("A third of members agreed.", "34% of members agreed."),
        ("It employs 350 people.", "It employs two hundred and fifty people."),
        ("It employs 200 people.", "It employs two hundred million people."),
        ("It was built in 1985.", "It was built in nineteen eighty-five."),
        ("It was built in the 1800s.", "It was built in the 18th century."),
        ("Founded in AD 79.", "Founded in 79 BC."),
        ("CO2 emissions fell.", "Methane emissions fell."),
        ("A fine of USD 5 million.", "A fine of €5 million."),
        ("A fine of 5 million USD.", "A fine of $5 billion."),
        ("Profits halved.", "Profits fell by 40%."),
        ("Rates rose by 50 bps.", "Rates rose by a quarter point."),
        ("Output fell in Jan-Apr 2021.", "Output fell in Q1 2021."),
        ("The tower is 5 m tall.", "It drew 5 million visitors."),
        ("The Prime Minister resigned.", "The talks ended at 3 PM."),  # "PM" is as often the afternoon
        ("It grew in FY2020-21.", "It grew in the 2021/22 financial year."),
        # the claim writes both; the source writes two names of those initials
        ("Natural Language Processing (NLP) grew.", "The NLP field grew."),
        ("He played in MLB.", "He played in Minor League Baseball, then in Major League Baseball."),
    ],
)
def test_a_form_of_another_value_is_left_as_written(claim: str, source: str) -> None:
    assert in_source_words(claim, source) == claim


def test_numbers_in_words() -> None:
    assert words_value("two hundred and fifty") == 250
    assert words_value("twenty-five") == 25
    assert words_value("three thousand four hundred and six") == 3406
    assert words_value("nineteen eighty-five") is None
    assert words_value("two and three") is None


def test_a_verbatim_match_and_a_quote_are_read_as_written() -> None:
    source = "Retail sales fell in the first half of 2020, the company said."
    a = analyse_pair("Retail sales fell in H1 2020.", source)
    assert a.claim == "Retail sales fell in the first half of 2020."
    assert not a.exact and a.partial == 1.0 and a.missing == ()
    quoted = analyse_pair('The company said "sales fell in H1 2020".', source)
    assert quoted.missing == ("missing_quote:sales fell in H1 2020",)
    assert analyse_pair("Retail sales fell in the first half of 2020.", source).exact
