"""The copied-sentence rule (audit/verify/swaps.py) and its word table (audit/verify/opposites.py), without the CLI."""

from __future__ import annotations

import random
import time

import pytest

from audit.verify.opposites import contradicts
from audit.verify.swaps import swapped_words


@pytest.mark.parametrize(
    ("claim_word", "source_word", "want"),
    [
        ("before", "after", True),
        ("allowed", "banned", True),
        ("third", "second", True),
        ("miles", "kilometres", True),
        ("dollars", "euros", True),
        ("percent", "percentage points", True),
        ("legal", "illegal", True),
        ("one third", "two thirds", True),
        ("kilometres", "km", False),
        ("%", "percent", False),
        ("annually", "yearly", False),
        ("form", "inform", False),
        ("also smaller", "slightly larger", False),
        ("rose", "increased", False),
    ],
    ids=lambda v: str(v).replace(" ", "_"),
)
def test_contradicts(claim_word: str, source_word: str, want: bool) -> None:
    assert contradicts(claim_word, source_word) is want


def test_a_source_without_stops_is_read_in_bounded_time() -> None:
    # a 60,000-word source without a stop was one sentence: aligning a 300-word claim with it took 5 s a pair
    rng = random.Random(1)
    vocab = ["alpha", "beta", "the", "of", "sales", "rose", "fell", "in", "2020", *(f"w{i}" for i in range(300))]
    source = " ".join(rng.choice(vocab) for _ in range(60_000))
    start = time.monotonic()
    for n in (20, 140, 300):
        assert swapped_words(" ".join(rng.choice(vocab) for _ in range(n)), [source]) == ()
    assert time.monotonic() - start < 1.0
