"""Quotes and claims of citation objects, from case files: quote status, located spans and reason codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from audit.verify.quote import check_quote, locate, locate_claim

CASES_DIR = Path(__file__).parent / "cases"
QUOTES = [json.loads(line) for line in (CASES_DIR / "quotes.jsonl").read_text().splitlines()]
CLAIMS = [json.loads(line) for line in (CASES_DIR / "claims.jsonl").read_text().splitlines()]


@pytest.mark.parametrize("case", QUOTES, ids=[c["id"] for c in QUOTES])
def test_quote_cases(case):
    got = check_quote(
        case["claim"], case["quote"], case["source"], case["claimed_type"], case.get("claim_verbatim", False)
    )
    assert got.status == case["status"]
    assert list(got.reasons) == case["reasons"]
    if got.span is not None:
        assert case["source"][got.span.start : got.span.end] == got.span.text
    if case["span"] is not None:
        assert got.span is not None and got.span.text == case["span"]
    if got.status in ("verbatim", "fuzzy"):
        assert got.span is not None
    else:
        assert got.span is None


@pytest.mark.parametrize("case", CLAIMS, ids=[c["id"] for c in CLAIMS])
def test_claim_cases(case):
    got = locate_claim(case["claim"], case["answer"])
    if case["span"] is None:
        assert got is None
    else:
        assert got is not None and got.text == case["span"]
        assert case["answer"][got.start : got.end] == got.text


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=60), st.text(max_size=200))
def test_locate_never_raises_and_offsets_stay_inside(needle, haystack):
    got = locate(needle, haystack)
    if got is not None:
        assert 0 <= got.start < got.end <= len(haystack)
        assert haystack[got.start : got.end] == got.text
    check_quote("a claim", needle, haystack, "direct_quote")


@settings(max_examples=100, deadline=None)
@given(st.text(min_size=1, max_size=80), st.text(max_size=40), st.text(max_size=40))
def test_a_substring_is_always_found_verbatim(piece, before, after):
    source = before + piece + after
    got = check_quote("claim", piece, source, None)
    assert got.status in ("verbatim", None)


def test_a_quote_past_the_fuzzy_limit_counts_only_verbatim():
    from audit.verify.lexical import MAX_FUZZY_CHARS
    from audit.verify.quote import NOT_FOUND, VERBATIM, find_quote

    source = " ".join(f"word{i}" for i in range(2000))
    quote = source[: MAX_FUZZY_CHARS + 500]
    assert find_quote(quote, source).status == VERBATIM
    changed = quote.replace("word1 ", "wurd1 ", 1)
    got = find_quote(changed, source)
    assert got.status == NOT_FOUND and got.span is None
