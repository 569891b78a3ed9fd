"""The false-alarm sweep's round-10 rules as pure functions: a negation said by its opposite word (`opposites`),
"zero" for "no" (`features`), name words by their abbreviation or in the plural (`keynames`, `nameforms`), "minus"
in words and spans counted in words (`keyfacts`, `conversions`). The real-run cases are in
tests/cli/test_false_alarms_round10.py."""

from __future__ import annotations

import pytest

from audit.verify.conversions import claim_quantities
from audit.verify.features import negation_mismatch
from audit.verify.keyfacts import key_facts, missing_facts


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


@pytest.mark.parametrize(
    ("claim", "source", "missing"),
    [
        ("Martin Luther King Junior spoke.", "Martin Luther King Jr. spoke in 1963.", []),
        ("John Smith Senior founded it.", "John Smith Sr. founded it.", []),
        ("John Smith Junior founded it.", "John Smith Sr. founded it.", ["missing_name:Junior"]),
        ("Ford Motor Company reported a profit.", "Ford Motor Co. reported a profit.", []),
        (
            "Ford Motor Company reported a profit.",
            "The co-founder of Ford Motor reported a profit.",
            ["missing_name:Company"],
        ),
        ("Apple Incorporated sued.", "Apple Inc. sued in 2012.", []),
        ("Acme Limited went bankrupt.", "Acme Ltd went bankrupt.", []),
        ("Acme Limited went bankrupt.", "Acme Inc went bankrupt.", ["missing_name:Limited"]),
        ("She won three Grammy Awards.", "She won the Grammy Award three times.", []),
        ("She won two Nobel Prizes.", "She won the Nobel Prize twice.", []),
        ("Serena Williams won.", "Prince William won.", ["missing_name:Williams"]),
        ("The battle was won by the Saxons.", "The Saxon army lost the battle.", ["missing_name:Saxons"]),
        ("It fell to -10C.", "It dropped to minus 10 degrees.", []),
        ("It fell to 10C.", "It dropped to minus 10 degrees.", ["missing_number:10"]),
        ("It was signed two decades ago.", "It was signed 20 years ago.", []),
        ("The war lasted four decades.", "The war lasted 30 years.", ["missing_number:4"]),
        ("Twelve people were hurt.", "A dozen people were hurt.", []),
        ("Fifteen people were hurt.", "A dozen people were hurt.", ["missing_number:15"]),
    ],
)
def test_a_name_or_a_number_written_another_way(claim: str, source: str, missing: list[str]) -> None:
    assert missing_facts(key_facts(claim), source) == missing


def test_a_claims_span_in_words_is_a_measure_but_not_a_or_one() -> None:
    assert [(q.keys, q.dimension) for q in claim_quantities("It lasted two decades.")] == [(("2",), "months")]
    assert claim_quantities("It touched 1% for a second straight session.")[0].dimension == "share"
    assert len(claim_quantities("It touched 1% for a second straight session.")) == 1
    assert claim_quantities("It took one year.") == ()
