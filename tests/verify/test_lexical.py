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
