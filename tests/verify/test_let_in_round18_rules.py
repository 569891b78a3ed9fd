"""The let-in sweep's round 18 rules on their own, pure (`audit/verify/contrasted.py`): the attribute a sentence gives
another name beside the claim's, a deed of a name the windows say is yet to come, a forecast stated as done, a part's
figure given to the whole."""

from __future__ import annotations

import pytest

from audit.verify.contrasted import attribute_of_other, forecast_as_done, part_for_whole, yet_to_come

LAGOS = "Lagos is the largest city in Nigeria, while Abuja is the capital."
PORT = "Shanghai has the busiest container port in the world; Singapore ranks second."
SENATE = "The bill was passed by the House in March, but the Senate has yet to vote on it."
PRICES = "Prices are projected to rise next year, analysts said."
REVENUE = "Revenue from the company's cloud division grew 15 percent, while total revenue was flat."


@pytest.mark.parametrize(
    ("claim", "window", "want"),
    [
        ("Lagos is the capital of Nigeria.", LAGOS, "lagos/abuja"),
        ("Singapore has the busiest container port in the world.", PORT, "singapore/shanghai"),
        ("Abuja is the capital of Nigeria.", LAGOS, None),
        ("Lagos is the largest city in Nigeria.", LAGOS, None),
        ("Singapore has the second-busiest container port in the world.", PORT, None),
        # the claim's own name with the attribute too
        (
            "Paris is the capital of France.",
            "Paris is the capital of France, and Berlin is the capital of Germany.",
            None,
        ),
        # a name the sentence does not give
        ("Lagos is the capital of Nigeria.", "Abuja is the capital of Nigeria.", None),
    ],
)
def test_attribute_of_other(claim: str, window: str, want: str | None) -> None:
    assert attribute_of_other(claim, [window]) == want


@pytest.mark.parametrize(
    ("claim", "window", "want"),
    [
        ("The bill was passed by the Senate.", SENATE, "yet to"),
        ("The Senate voted on the bill.", SENATE, "yet to"),
        ("The bill was passed by the House.", SENATE, None),
        # the name outside a clause of "yet to" in another sentence
        ("The bill was passed by the House.", "The Senate has yet to vote on the bill. The House passed it.", None),
        (
            "The Senate passed the bill.",
            "The Senate has yet to vote on the tax bill. The Senate passed the bill.",
            None,
        ),
        # the claim says it is yet to come itself, or states no past
        ("The Senate has yet to vote on the bill.", SENATE, None),
        ("The Senate is expected to vote on the bill.", SENATE, None),
    ],
)
def test_yet_to_come(claim: str, window: str, want: str | None) -> None:
    assert yet_to_come(claim, [window]) == want


@pytest.mark.parametrize(
    ("claim", "window", "want"),
    [
        ("Prices have risen.", PRICES, "projected to"),
        ("Prices rose last year.", PRICES, "projected to"),
        ("Interest rates have fallen.", "Interest rates are expected to fall later this year.", "expected to"),
        ("Prices are expected to rise next year.", PRICES, None),
        # the past said too
        ("Prices rose 3 percent.", "Prices rose 3 percent this year and are projected to rise again.", None),
        ("Prices rose.", "Wages are projected to rise next year.", None),
    ],
)
def test_forecast_as_done(claim: str, window: str, want: str | None) -> None:
    assert forecast_as_done(claim, [window]) == want


@pytest.mark.parametrize(
    ("claim", "window", "want"),
    [
        ("The company's revenue grew 15 percent.", REVENUE, "revenue/total revenue"),
        ("The company's cloud revenue grew 15 percent.", REVENUE, None),
        ("The company's total revenue was flat.", REVENUE, None),
        # no total in another clause, or no figure in the claim
        (
            "The company's revenue grew 15 percent.",
            "The company's revenue grew 15 percent, driven by cloud sales.",
            None,
        ),
        ("The company's revenue grew.", REVENUE, None),
    ],
)
def test_part_for_whole(claim: str, window: str, want: str | None) -> None:
    assert part_for_whole(claim, [window]) == want
