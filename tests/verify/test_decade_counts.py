"""A count of decades or centuries states its years: "three decades" is 30, "half a century" 50, "two centuries"
200. From the training pairs' out-of-fold errors (FEVER's "has been working in his field for 30 years" against "an
American singer ... for three decades" was missing_number:30)."""

from __future__ import annotations

import pytest

from audit.verify.keyfacts import key_facts, missing_facts


@pytest.mark.parametrize(
    "claim,source,missing",
    [
        ("He has worked as a singer for 30 years.", "He has been a singer for three decades.", []),
        ("He has worked as a singer for 30 years.", "He has been a singer for two decades.", ["missing_number:30"]),
        ("The empire lasted 200 years.", "The empire lasted two centuries.", []),
        ("The bridge stood for 50 years.", "The bridge stood for half a century.", []),
        ("The bridge stood for 10 years.", "The bridge stood for a decade.", []),
        ("The bridge stood for 10 years.", "The bridge stood for a century.", ["missing_number:10"]),
        ("The empire lasted 300 years.", "The empire lasted two centuries.", ["missing_number:300"]),
    ],
)
def test_decade_counts(claim: str, source: str, missing: list[str]) -> None:
    assert missing_facts(key_facts(claim), source) == missing
