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


def test_refine_mask_picks_only_pairs_near_a_threshold():
    import numpy as np

    from audit.verify.verifier import refine_mask

    v, w, m = CFG.support.verified, CFG.support.weak, CFG.verify.refine_margin
    screen = np.array([0.0, w - m / 2, (v + w) / 2, v + m / 2, 0.99, v])
    embedded = np.array([True, True, True, True, True, False])
    band = refine_mask(screen, embedded, "band", CFG)
    assert band.tolist() == [False, True, (v - w) / 2 <= m, True, False, False]
    assert refine_mask(screen, embedded, "all", CFG).tolist() == embedded.tolist()
    assert not refine_mask(screen, embedded, "none", CFG).any()


def analyses(pairs):
    from audit.verify.features import analyse_pair

    return [analyse_pair(c, s, CFG.verify.window_sentences, CFG.verify.top_k_windows) for c, s in pairs]


@pytest.mark.parametrize("mode", ["none", "band", "all"])
def test_the_transformer_runs_only_on_refined_pairs(scorer, mode):
    pairs = [
        ("You get your money back within 30 days after we receive the returned item.", SOURCE),
        ("The company was founded by two brothers in Oslo.", SOURCE),
        ("Acme delivers to forty countries from its base in Lyon.", SOURCE),
    ]
    before = scorer.cache.hits + scorer.cache.misses
    out = score_pairs(pairs, CFG, scorer, refine=mode)
    asked = scorer.cache.hits + scorer.cache.misses - before
    refined = [p.refined for p in out]
    # the claim and its candidate windows, per refined pair
    k = CFG.verify.refine_windows
    assert asked == sum(1 + min(k, len(ps.candidates)) for ps, r in zip(analyses(pairs), refined, strict=True) if r)
    if mode == "all":
        assert all(refined)
    if mode == "none":
        assert not any(refined) and all(p.semantic is not None for p in out)  # the static cosine
