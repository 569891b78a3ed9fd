"""A quotation in a frame of speech is scored as its quotation (audit/verify/quoted.py)."""

from __future__ import annotations

import pytest

from audit.verify.quoted import quoted_claim

SOURCE = "Refunds take 30 days."


@pytest.mark.parametrize(
    "claim",
    [
        'She said: "Refunds take 30 days."',
        'The policy says "Refunds take 30 days".',
        '"Refunds take 30 days," the spokesperson said.',
        "“Refunds take 30 days,” she added.",
        'According to the policy, "Refunds take 30 days".',
    ],
)
def test_the_quotation_of_a_frame_of_speech(claim: str) -> None:
    assert quoted_claim(claim, SOURCE).lower() == '"refunds take 30 days".'


@pytest.mark.parametrize(
    "claim",
    [
        'Dr. Reyes said "Refunds take 30 days".',  # a speaker the source does not name
        'He called it "a thirty day window".',  # no verb of saying
        'The manual says that "refunds take 30 days" and shipping is free.',  # more than the quotation
        'She said "Yes."',  # too short to stand alone
        "Refunds take 30 days.",
    ],
)
def test_other_claims_stay_as_they_are(claim: str) -> None:
    assert quoted_claim(claim, SOURCE) == claim


def test_a_speaker_the_source_names_keeps_the_quotation() -> None:
    source = "Dr. Reyes said refunds take 30 days."
    assert quoted_claim('Dr. Reyes said "Refunds take 30 days".', source) == '"Refunds take 30 days".'
