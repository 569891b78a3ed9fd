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
    assert time.monotonic() - start < 3.0  # 15 s before, on a busy 2-core machine


def test_a_figure_the_source_states_in_another_sentence_beside_the_claims_year_is_no_swap() -> None:
    # the first sentence copies more of the claim's words, with 2020 and 5 for its 2021 and 7, but the second states
    # 7 million in 2021: a claim saying it in the first sentence's words was capped
    source = "In 2020, sales were 5 million units. In 2021, the figure reached 7 million."
    assert swapped_words("In 2021, sales were 7 million units.", [source]) == ()
    stitched = "Norway has a population of 5.5 million people. Sweden has a population of 10.5 million people."
    assert swapped_words("Norway has a population of 10.5 million people.", [stitched]) == ("10.5/5.5",)


def test_reported_speech_moves_will_back_to_would() -> None:
    # the false-alarm sweep, round 4
    from tools.hard_reasons.measure import reasons

    said = "Musk said the company would focus on cheaper models."
    assert reasons("Musk said the company will focus on cheaper models.", said) == []
    plan = "The plan will cut emissions by half."
    assert reasons(plan, "The plan would cut emissions by half.") == ["unasserted:would"]
    assert "unasserted:would" in reasons(
        plan, "Officials said that, if approved, the plan would cut emissions by half."
    )


@pytest.mark.parametrize(
    ("claim", "source", "want"),
    [
        ("half", "a third", True),
        ("a quarter", "half", True),
        ("one third", "a third", False),
        ("several", "a few", False),
        ("quarterly", "a quarter", False),
        ("ten years", "a decade", False),
        ("two decades", "twenty years", False),
        ("ten years", "a century", True),
    ],
)
def test_a_fraction_with_its_article_is_compared_with_one_without(claim: str, source: str, want: bool) -> None:
    assert contradicts(claim, source) is want


def test_a_sentences_words_read_from_the_cache_are_those_read_afresh() -> None:
    """`_words` is cached per text (a source's sentences recur in each claim's windows): the copied-sentence rule finds
    the same contradictions warm as cold, and a caller's list is its own."""
    from audit.verify.swaps import _words

    cases = [
        ("The bridge opened before the war.", ["The bridge opened after the war. It was 1932."]),
        ("Sales didn't rise 5% in 2021.", ["Sales rose 5% in 2021, the report said.", "Profit fell."]),
        ("The shop opens at 9 a.m. daily.", ["The shop opens at 9 p.m. daily. It is closed on Mondays."]),
    ]
    _words.cache_clear()
    cold = [swapped_words(c, ws) for c, ws in cases]
    assert [swapped_words(c, ws) for c, ws in cases] == cold
    assert any(cold)
    for _, ws in cases:
        assert list(_words(ws[0])) == list(_words.__wrapped__(ws[0]))  # type: ignore[attr-defined]
    words = list(_words(cases[0][1][0]))
    words.clear()
    assert list(_words(cases[0][1][0])) == list(_words.__wrapped__(cases[0][1][0]))  # type: ignore[attr-defined]
