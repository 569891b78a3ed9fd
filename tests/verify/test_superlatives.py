"""A record of the past stated of now, of a place stated of the world (`audit/verify/superlatives.py`)."""

from __future__ import annotations

import pytest

from audit.verify.superlatives import record_widened

TAIPEI = (
    "Taipei 101 was the tallest building in the world from 2004 until 2010. It remains the tallest building in Taiwan."
)


@pytest.mark.parametrize(
    ("claim", "window", "want"),
    [
        ("Taipei 101 is the tallest building in the world.", TAIPEI,
         "is the tallest building/was the tallest building"),
        ("The towers are the tallest buildings in the world.", "The towers were the tallest buildings until 2004.",
         "are the tallest buildings/were the tallest buildings"),
        ("Lake Mead is the largest reservoir in the world.", "Lake Mead, the largest reservoir in the United States.",
         "in the world/in the united states"),
        ("It is the world's largest reservoir.", "It is the largest reservoir in the United States.",
         "the world/in the united states"),
        ("The Nile is the longest river.", "The Nile was long considered the longest river.",
         "is the longest river/was the longest river"),
        ("It is the largest freshwater lake in the world.", "It is the largest freshwater lake in North America.",
         "in the world/in north america"),
        # the record held now, in the same place, said on the planet, of a narrower place, or of no named place
        ("Taipei 101 is the tallest building in Taiwan.", TAIPEI, None),
        ("The falcon is the fastest animal in the world.", "The falcon is the fastest animal on the planet.", None),
        ("Lake Mead is the largest reservoir in the United States.", "It is the largest reservoir in the world.", None),
        ("It is the largest reservoir in the world.", "It is the largest reservoir in history.", None),
        ("It was the tallest building in the world.", TAIPEI, None),
        ("The Nile is the longest river.", "The Nile is considered the longest river.", None),
    ],
)  # fmt: skip
def test_a_record_is_stated_only_when_and_where_the_source_states_it(claim: str, window: str, want: str | None) -> None:
    assert record_widened(claim, [window]) == want
