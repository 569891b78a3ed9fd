"""A record stated unranked that the windows give only ranked below the first or as one of several
(`superlatives.record_ranked_raised`)."""

from __future__ import annotations

import pytest

from audit.verify.superlatives import record_ranked_raised


@pytest.mark.parametrize(
    ("claim", "window", "reason"),
    [
        (
            "Singapore has the busiest port in the world.",
            "Singapore's port is the second busiest in the world after Shanghai.",
            "busiest/second busiest",
        ),
        (
            "Singapore has the busiest port.",
            "Singapore has the world's second-busiest container port.",
            "busiest/second busiest",
        ),
        (
            "It is the most populous state.",
            "It is the second most populous state.",
            "most populous/second most populous",
        ),
        (
            "Lagos is the largest city in Africa.",
            "Lagos is one of the largest cities in Africa.",
            "largest/one of the largest",
        ),
        ("It is the largest city in Africa.", "It is among the largest cities in Africa.", "largest/among the largest"),
        # held out (written after the rule)
        (
            "The Nile is the longest river.",
            "The Nile is the 2nd-longest river after the Amazon, some say.",
            "longest/2nd longest",
        ),
        (
            "It was the deadliest storm of the year.",
            "It was one of the deadliest storms of the year.",
            "deadliest/one of the deadliest",
        ),
    ],
)
def test_a_record_the_windows_rank_lower_is_flagged(claim: str, window: str, reason: str) -> None:
    assert record_ranked_raised(claim, [window]) == reason


@pytest.mark.parametrize(
    ("claim", "window"),
    [
        ("Lagos is one of the largest cities in Africa.", "Lagos is the second largest city in Africa."),
        ("Lagos is among the largest cities in Africa.", "Lagos is one of the largest cities in Africa."),
        ("The mayor of the largest city resigned.", "The mayor of one of the largest cities resigned."),
        ("Tokyo is the largest city.", "Tokyo is the largest city; Delhi is the second largest."),
        ("It is the 3rd largest lake.", "It is the third-largest lake."),
        ("It is the best film of the year.", "Critics called it the best film of the year."),
        ("It is the second busiest port.", "It is the second busiest port."),
        ("The team had the best record.", "The team finished with the league's best record."),
        ("It is the tallest tower.", "Its tallest tower stands 300 m; the second tallest 250 m."),
    ],
)
def test_a_record_the_windows_state_unranked_or_the_claim_ranks_is_not(claim: str, window: str) -> None:
    assert record_ranked_raised(claim, [window]) is None
