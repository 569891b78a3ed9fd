"""The false-alarm sweep's round-10 rules as pure functions: a negation said by its opposite word (`opposites`),
"zero" for "no" (`features`), name words by their abbreviation or in the plural (`keynames`, `nameforms`), "minus"
in words and spans counted in words (`keyfacts`, `conversions`). The real-run cases are in
tests/cli/test_false_alarms_round10.py."""

from __future__ import annotations

import pytest

from audit.verify.features import negation_mismatch


@pytest.mark.parametrize(
    ("claim", "window", "mismatch"),
    [
        ("Mark Hale was found not guilty.", "The jury acquitted Mark Hale.", False),
        ("Mark Hale was acquitted.", "A jury found Mark Hale not guilty.", False),
        ("The officer was cleared of misconduct.", "The officer was found not guilty of misconduct.", False),
        ("The patient survived the surgery.", "The patient did not die during the surgery.", False),
        ("The tumour was benign.", "The tumour was not cancerous.", False),
        ("Only a few fans came.", "Not many fans came.", False),
        ("The species is extinct.", "The species no longer exists.", False),
        ("Sales were flat.", "Sales did not change.", False),
        ("He tested negative.", "He did not test positive.", False),
        ("There were no deaths.", "Zero deaths were reported.", False),
        # the claim that states what the window denies, or denies what it states
        ("Mark Hale was not acquitted.", "The jury acquitted Mark Hale.", True),
        ("The patient died in surgery.", "The patient did not die during the surgery.", True),
        ("Many fans came.", "Not many fans came.", True),
        ("The tumour was not benign.", "The tumour was benign.", True),
        ("He tested positive.", "He did not test positive.", True),
        ("Sales changed.", "Sales did not change.", True),
    ],
)
def test_a_negation_said_by_its_opposite_word(claim: str, window: str, mismatch: bool) -> None:
    assert negation_mismatch(claim, window) is mismatch
