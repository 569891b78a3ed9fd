"""All where the source counts only part in a relative clause, "most of whom" (`audit/verify/options.py`)."""

from __future__ import annotations

import pytest

from audit.verify.options import all_for_some

ISLAND = "The island has about 3,000 people, most of whom work in fishing or tourism."


@pytest.mark.parametrize(
    ("claim", "window", "want"),
    [
        ("All of the island's people work in fishing or tourism.", ISLAND, "all/most of whom"),
        ("All of the graduates found jobs.", "The college had 1,200 graduates, many of whom found jobs.",
         "all/many of whom"),
        # the part the source counts, all of them said too, or something else the part does
        ("Most of the island's people work in fishing or tourism.", ISLAND, None),
        ("All of the members voted.", "The club's 300 members all voted, most of them for the plan.", None),
        ("All of the island's people speak English.", ISLAND, None),
    ],
)  # fmt: skip
def test_all_against_most_of_whom(claim: str, window: str, want: str | None) -> None:
    assert all_for_some(claim, [window]) == want
