"""The false-alarm sweep, round 11, as pure functions: a sum in its currency's hundredth (`subunits.money`), a
negation said as a state (`states.said_as_state`), a score of nothing in words (`numwords.numbers_in_words`). The
real-CLI cases are in tests/cli/test_false_alarms_round11.py."""

from __future__ import annotations

import pytest

from audit.verify.subunits import money


@pytest.mark.parametrize(
    ("text", "sums"),
    [
        ("A stamp costs 85 cents.", [("85", "cent", 0.85)]),
        ("A stamp costs $0.85.", [("0.85", "cent", 0.85)]),
        ("A loaf costs 90p.", [("90", "penny", 0.9)]),
        ("It costs £0.90 or 1.50 euros.", [("0.90", "penny", 0.9), ("1.50", "cent", 1.5)]),
        ("The deal was worth $2.3 billion.", []),  # a scale word: no sum in cents
        ("Temperatures reached 35C.", []),  # no "c" for a cent: a temperature
        ("See page 5 p of the report, version 2.5p.", []),  # "p" only joined to a whole number
    ],
)
def test_sums_of_money_and_their_families(text: str, sums: list[tuple[str, str, float]]) -> None:
    assert [(k, f, round(v, 4)) for k, f, v in money(text)] == sums
