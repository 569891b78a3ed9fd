from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from audit.verify.lexical import find_loose, lexical_verify, quoted_spans

SOURCE = "Our policy:  Refunds take 30 days from delivery. The “Gold plan” costs $12 per month."


def test_exact_match_ignores_case_spacing_and_edge_punctuation():
    r = lexical_verify("refunds take 30 days from delivery", SOURCE)
    assert r.exact and r.score == 1.0
    assert SOURCE[r.span[0] : r.span[1]] == "Refunds take 30 days from delivery"


def test_fuzzy_alignment_points_at_the_best_window():
    r = lexical_verify("Refunds take 60 days from delivery.", SOURCE)
    assert not r.exact
    assert 0.8 < r.score < 1.0
    assert "Refunds take 30 days" in SOURCE[r.span[0] : r.span[1]]


@pytest.mark.parametrize(
    "claim,quotes",
    [
        ('The plan is called "Gold plan".', ["Gold plan"]),
        ("The plan is called “Gold plan”.", ["Gold plan"]),
        ("The plan is called ‘Gold plan’.", ["Gold plan"]),
        ("It's the customers' choice.", []),
    ],
    ids=["straight", "curly_double", "curly_single", "apostrophes_are_not_quotes"],
)
def test_quoted_spans(claim, quotes):
    assert quoted_spans(claim) == quotes


def test_missing_quote_is_reported():
    r = lexical_verify('The plan is called "Platinum plan".', SOURCE)
    assert r.missing_quotes == ("Platinum plan",)
    assert lexical_verify('The plan is called "Gold plan".', SOURCE).missing_quotes == ()


def test_empty_inputs_score_zero():
    assert lexical_verify("", SOURCE).score == 0.0
    assert lexical_verify("claim", "").score == 0.0


@given(st.text(max_size=60), st.text(max_size=200))
def test_scores_are_bounded_and_spans_inside_the_source(claim, source):
    r = lexical_verify(claim, source)
    assert 0.0 <= r.score <= 1.0
    if r.span is not None:
        assert 0 <= r.span[0] <= r.span[1] <= len(source)


def test_find_loose_none_when_absent():
    assert find_loose("warranty", SOURCE) is None


def test_a_long_claim_is_aligned_by_its_first_characters():
    # rapidfuzz's partial alignment grows about cubically when claim and source are both long: a hostile answer of
    # 70,000 characters stalled a run for over 10 minutes. A claim past MAX_FUZZY_CHARS is aligned by its start.
    import random

    from audit.verify.lexical import MAX_FUZZY_CHARS

    rng = random.Random(0)
    words = ["".join(rng.choice("abcdefghij") for _ in range(rng.randint(2, 7))) for _ in range(300)]
    claim = " ".join(rng.choice(words) for _ in range(3000))
    source = " ".join(rng.choice(words) for _ in range(3000))
    assert len(claim) > 5 * MAX_FUZZY_CHARS
    assert lexical_verify(claim, source) == lexical_verify(claim[:MAX_FUZZY_CHARS], source)
    short = claim[: MAX_FUZZY_CHARS - 1]
    assert lexical_verify(short, source).score == pytest.approx(
        __import__("rapidfuzz").fuzz.partial_ratio(short.lower(), source.lower()) / 100.0
    )
