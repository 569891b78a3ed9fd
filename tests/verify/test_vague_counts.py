"""A count said in words that the source's figure rules out (`audit/verify/vague.py`)."""

from __future__ import annotations

import pytest

from audit.verify.vague import count_said_otherwise


@pytest.mark.parametrize(
    ("claim", "window", "want"),
    [
        ("A couple of flights were cancelled on Friday.", "The airport cancelled 48 flights on Friday.",
         "a couple of/48"),
        ("The island has a population of a few dozen people.", "The island has a population of about 3,000 people.",
         "a few dozen/3,000"),
        ("The book was translated into a handful of languages.", "The book was translated into more than 40 languages.",
         "a handful of/40"),
        ("Thousands of fans attended the final.", "About 600 fans attended the final.", "thousands of/600"),
        # a figure in the range, a bound that leaves the claim's range open, a partitive, another noun, another topic
        ("Dozens of flights were cancelled on Friday.", "The airport cancelled 48 flights on Friday.", None),
        ("The island has a population of a few thousand people.", "The island has about 3,000 people.", None),
        ("Millions of visitors came to the festival.", "The festival attracted more than 200,000 visitors.", None),
        ("A few of the flights were cancelled on Friday.", "The airport cancelled 48 flights on Friday.", None),
        ("A couple of trains were cancelled on Friday.", "The airport cancelled 48 flights on Friday.", None),
        ("A couple of flights were delayed by fog.", "In 2023 the airline operated 48 flights a day.", None),
        ("Hundreds of flights were cancelled.", "Hundreds of flights, 312 in all, were cancelled.", None),
    ],
)  # fmt: skip
def test_a_count_in_words_is_checked_against_the_figure_for_the_same_thing(
    claim: str, window: str, want: str | None
) -> None:
    assert count_said_otherwise(claim, [window]) == want
