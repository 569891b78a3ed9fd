"""The cascade on real pairs, with the real packaged model."""

from __future__ import annotations

import pytest

from audit.config import AuditConfig
from audit.verdict import capped_support
from audit.verify.verifier import score_pairs

SOURCE = (
    "Acme ships to 40 countries. Refunds are issued within 30 days of receiving the returned item. "
    "Gift cards cannot be refunded. Our headquarters moved to Lyon in 2019."
)
CFG = AuditConfig()


@pytest.fixture(scope="module")
def scores(scorer):
    pairs = [
        ("Refunds are issued within 30 days of receiving the returned item.", SOURCE),
        ("You get your money back within 30 days after we receive the returned item.", SOURCE),
        ("Refunds are issued within 90 days of receiving the returned item.", SOURCE),
        ("The company was founded by two brothers in Oslo.", SOURCE),
        ("Gift cards can be refunded.", ""),
    ]
    return score_pairs(pairs, CFG, scorer)


def test_verbatim_claim_is_decided_without_embedding(scores):
    exact = scores[0]
    assert exact.exact and exact.support == 1.0 and exact.semantic is None
    assert exact.evidence.text == "Refunds are issued within 30 days of receiving the returned item"


def test_paraphrase_is_supported_with_its_evidence_span(scores):
    p = scores[1]
    assert not p.exact
    assert p.support >= CFG.support.weak  # the model is conservative on paraphrase: at least weak ...
    assert p.support > scores[3].support + 0.2  # ... and far above an unrelated claim
    assert "30 days" in p.evidence.text
    assert SOURCE[p.evidence.start : p.evidence.end] == p.evidence.text


def test_changed_number_is_never_verified_and_named(scores):
    c = scores[2]
    assert capped_support(c.as_source_score(), CFG.support) < CFG.support.verified
    assert "missing_number:90" in c.reasons
    assert c.number_coverage == 0.0


def test_unrelated_claim_is_unsupported(scores):
    u = scores[3]
    assert u.support < CFG.support.weak
    assert {"missing_name:Oslo"} <= set(u.reasons)


def test_empty_source_scores_low_without_crashing(scores):
    e = scores[4]
    assert e.evidence is None and e.semantic is None
    assert e.support < CFG.support.weak
