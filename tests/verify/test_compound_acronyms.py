"""An acronym in mixed case ("YoY", "QoQ") is found where its source writes out the hyphenated compound its letters
are the initials of ("year-over-year"): from the training pairs' out-of-fold errors (SummEdits summaries flagged
missing_name:YoY against "up 19% year-over-year")."""

from __future__ import annotations

import pytest

from audit.verify.keyfacts import key_facts, missing_facts


@pytest.mark.parametrize(
    "claim,source,missing",
    [
        ("Revenue rose 19% YoY.", "Organic revenues were up 19% year-over-year.", []),
        ("Revenue rose 19% YoY.", "Organic revenues were up 19% year over year.", []),
        ("Sales rose 4% QoQ.", "Sales rose 4% quarter-on-quarter.", []),
        # the initials must be the compound's, in order, and the compound written out
        ("Revenue rose 19% YoY.", "Organic revenues were up 19% on the year.", ["missing_name:YoY"]),
        ("Sales rose 4% QoQ.", "Sales rose 4% year-over-year.", ["missing_name:QoQ"]),
        # a name in mixed case is no acronym: "McDonald" is not "Mc-Donald"'s initials
        ("It was McDonald's idea.", "It was my-dad's idea.", ["missing_name:McDonald's"]),
    ],
)
def test_compound_acronyms(claim: str, source: str, missing: list[str]) -> None:
    assert missing_facts(key_facts(claim), source) == missing
