"""The assistant's self-reports (confidence, missing information) and the audited citation type, from tables."""

from __future__ import annotations

import pytest

from audit.citation_type import audited_type
from audit.verdict import Verdict
from audit.verify.claimed import parse_confidence, parse_missing_information

CONFIDENCE = [
    ("absent", None, None, None),
    ("json_null", "null", None, None),
    ("one", "1.0", 1.0, None),
    ("zero_integer", "0", 0.0, None),
    ("tenth", "0.7", 0.7, None),
    ("above_one", "1.5", None, "confidence_out_of_range:1.5"),
    ("percent_style", "85", None, "confidence_out_of_range:85"),
    ("negative", "-0.1", None, "confidence_out_of_range:-0.1"),
    ("string_word", '"high"', None, 'confidence_not_a_number:"high"'),
    # a number written as text is that number (a logger writing every field as text); a percentage a share of 100
    ("numeric_string", '"0.9"', 0.9, None),
    ("percent_string", '"90%"', 0.9, None),
    ("percent_string_above", '"150%"', None, 'confidence_out_of_range:"150%"'),
    ("number_and_words", '"0.9 or so"', None, 'confidence_not_a_number:"0.9 or so"'),
    ("nan_string", '"NaN"', None, 'confidence_not_a_number:"NaN"'),
    ("boolean", "true", None, "confidence_not_a_number:true"),
    ("object", '{"value":0.5}', None, 'confidence_not_a_number:{"value":0.5}'),
    ("list", "[0.5]", None, "confidence_not_a_number:[0.5]"),
    ("not_json", "0.5x", None, "confidence_not_a_number:0.5x"),
]


@pytest.mark.parametrize(("raw", "value", "reason"), [c[1:] for c in CONFIDENCE], ids=[c[0] for c in CONFIDENCE])
def test_parse_confidence(raw, value, reason):
    assert parse_confidence(raw) == (value, reason)


MISSING = [
    ("absent", None, None),
    ("null", "null", None),
    ("text", '"the warranty terms for refurbished items"', "the warranty terms for refurbished items"),
    ("empty_text", '""', None),
    ("list", '["price", " shipping "]', "price; shipping"),
    ("empty_list", "[]", None),
    ("false", "false", None),
    ("true", "true", "true"),
]


@pytest.mark.parametrize(("raw", "want"), [c[1:] for c in MISSING], ids=[c[0] for c in MISSING])
def test_parse_missing_information(raw, want):
    assert parse_missing_information(raw) == want


TYPES = [
    ("fabricated_has_none", "fabricated", False, None, None),
    ("verified_verbatim_claim", "verified", True, None, "direct_quote"),
    ("verified_verbatim_quote", "verified", False, "verbatim", "direct_quote"),
    ("verified_fuzzy_quote", "verified", False, "fuzzy", "paraphrase"),
    ("verified_no_quote", "verified", False, None, "paraphrase"),
    ("weak_is_inference", "weak", False, "verbatim", "inference"),
    ("unsupported", "unsupported", False, "not_found", "unsupported"),
    ("misattributed_is_unsupported_by_its_source", "misattributed", False, None, "unsupported"),
]


@pytest.mark.parametrize(("verdict", "verbatim", "status", "want"), [c[1:] for c in TYPES], ids=[c[0] for c in TYPES])
def test_audited_type(verdict, verbatim, status, want):
    assert audited_type(Verdict(verdict), verbatim, status) == want
