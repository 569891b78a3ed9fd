"""Numbers a claim states as a range (audit/verify/numranges.py)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from audit.verify.keyfacts import key_facts
from audit.verify.numranges import in_range, number_ranges, source_values, year_counts, years_apart


@pytest.mark.parametrize(
    "claim,ranges",
    [
        ("It has over 250 staff.", [("250", 250.0, 500.0, False)]),
        ("It raised more than $5 billion.", [("5 billion", 5e9, 1e10, False)]),
        ("It costs under 12.50 euros.", [("12.50", 6.25, 12.5, False)]),
        ("It peaked in the 1990s.", [("1990", 1990.0, 1999.0, True)]),
        ("It dates from the 16th century.", [("16", 1500.0, 1600.0, True)]),
        (
            "It peaked in the 80s.",
            [
                ("80", 80.0, 89.0, False),
                ("80", 1880.0, 1889.0, True),
                ("80", 1980.0, 1989.0, True),
                ("80", 2080.0, 2089.0, True),
            ],
        ),
        ("It has 250 staff.", []),
    ],
    ids=["lower_bound", "bound_with_a_scale_word", "upper_bound", "decade", "century", "two_digit_decade", "no_range"],
)
def test_number_ranges(claim, ranges):
    assert list(number_ranges(claim)) == ranges


def test_a_range_is_keyed_as_key_facts_writes_its_number() -> None:
    facts = key_facts("It sold more than 100,000 copies in the 1990s, over $7 million of them.")
    assert {r[0] for r in facts.ranges} == {"100000", "1990", "7 million"} <= set(facts.numbers)


def test_a_bound_is_not_filled_by_a_year() -> None:
    assert not in_range(1000.0, 2000.0, False, source_values(frozenset({"1500", "2020-03-03"})))
    assert in_range(1000.0, 2000.0, True, source_values(frozenset({"1500"})))


def test_a_count_of_years_and_years_apart() -> None:
    assert year_counts("It lasted 12 years, 3 months and 1 year more.") == ("12", "1")
    assert years_apart((1816.0, 1828.0, 12.0, 2020.5)) == frozenset({12})


@given(st.text(max_size=200))
def test_number_ranges_never_raise(text: str) -> None:
    for key, lo, hi, _years in number_ranges(text):
        assert key and lo <= hi


def test_a_hundred_years_written_as_the_1200s_is_a_century() -> None:
    from audit.verify.keyfacts import key_facts, missing_facts

    assert missing_facts(key_facts("It dates from the 1200s."), "It was built in 1245.") == []
    assert missing_facts(key_facts("It dates from the 1800s."), "It was built in 1804.") == []
    assert missing_facts(key_facts("It dates from the 1300s."), "It was built in 1245.") == ["missing_number:1300"]
    assert missing_facts(key_facts("It dates from the 2000s."), "It was built in 2045.") == ["missing_number:2000"]
    assert missing_facts(key_facts("90% have access."), "Nine out of ten have access.") == []
