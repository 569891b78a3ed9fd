"""A claim's month written with "of" before its year ("December of 1974") or named alone after a preposition ("born
in May"): dates the key-fact rule read none of, from the training pairs' out-of-fold errors (FEVER's and fm2's
"born in May" / "born in April of 1866" against a source dated in another month scored as supported)."""

from __future__ import annotations

import pytest

from audit.verify.keyfacts import key_facts, missing_facts


@pytest.mark.parametrize(
    "claim,source,missing",
    [
        # the month and year with "of" between them are a date, as "December 1974" is
        ("Jeter was born in December of 1974.", "Jeter was born on June 26, 1974.", ["missing_date:December of 1974"]),
        ("Jeter was born in December of 1974.", "Jeter was born on December 26, 1974.", []),
        ("It opened in December 1974.", "It opened in December of 1974.", []),
        # a month alone after a preposition: the source must state that month
        (
            "Danielle Cormack was born in May.",
            "Danielle Cormack (born 26 December 1970) is an actress.",
            ["missing_date:May"],
        ),
        ("Danielle Cormack was born in May.", "Danielle Cormack (born 26 May 1970) is an actress.", []),
        ("The album was released in October.", "The album came out in October, to praise.", []),
        ("The album was released in March.", "The album came out in March, to praise.", []),
        (
            "The finale aired in the month of September.",
            "The finale aired on August 3, 2014.",
            ["missing_date:September"],
        ),
        ("Filming began in early March.", "Filming began on March 4, 2019.", []),
        ("Filming began in early March.", "Filming began on 4 June 2019.", ["missing_date:March"]),
        # a source's month after "to", "and" or "or" is named alone too (round 6's let-in test: "from March until
        # May" against "runs from March to May" was capped missing_date:May after the merge)
        ("The show runs from March until May.", "The exhibition runs from March to May at the gallery.", []),
        ("It closes in May.", "It is open in April and May.", []),
        ("It closes in May.", "It is open from March to June.", ["missing_date:May"]),
    ],
)
def test_month_forms(claim: str, source: str, missing: list[str]) -> None:
    assert missing_facts(key_facts(claim), source) == missing


@pytest.mark.parametrize(
    "claim",
    [
        "May I ask what happened?",  # a verb, not after a preposition
        "He said it may rain in spring.",
        "The march in Selma was peaceful.",  # lower case: no month
        "It opened in May 2020.",  # month and year: one date, read as before
        "It was built by March Industries.",  # a name: a capitalised word follows
    ],
)
def test_no_month_alone(claim: str) -> None:
    assert not [d for d in key_facts(claim).dates if d in ("May", "March")]
