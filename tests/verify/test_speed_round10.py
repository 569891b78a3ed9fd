"""Speed round 10: work skipped where its result cannot change what the caller reads (outputs unchanged)."""

from __future__ import annotations

import dataclasses

import pytest

from audit.config import AuditConfig
from audit.verdict import CAP_EPSILON, capped_support
from audit.verify.features import claim_facts, index_source
from audit.verify.keyfacts import key_facts
from audit.verify.nameforms import _written_out
from audit.verify.text import _words, content_words
from audit.verify.verifier import score_pairs

CFG = AuditConfig()
# a `verified` bar over most built pairs' support, so that both sides of the cap are met
HIGH = dataclasses.replace(CFG, support=dataclasses.replace(CFG.support, verified=0.66))
PAGE = (
    "The museum opened in 1998 after the old library closed. Visitor numbers rose by 12 percent last year. "
    "The council approved the budget before the election. Tickets are free for children under ten. "
    "The west wing was rebuilt after the fire, and the east wing is still closed for repairs. "
    "Its director, Anna Berg, was appointed in 2015; she replaced Tom Hale, who retired."
)
PAIRS = [
    ("The museum opened in 1998 after the old library closed.", PAGE),  # copied: exact
    ("The council approved the budget after the election.", PAGE),  # a swapped word
    ("Visitor numbers fell by 12 percent last year.", PAGE),  # the opposite change
    ("Tickets are not free for children under ten.", PAGE),  # a negation
    ("The east wing was rebuilt after the fire.", PAGE),
    ("Anna Berg replaced Tom Hale as director in 2015.", PAGE),  # a paraphrase
    ("The museum has a famous collection of Roman coins.", PAGE),
    ("Every wing is closed for repairs.", PAGE),
    ("Visitor numbers doubled last year.", PAGE),
]


@pytest.mark.parametrize("refine", ["none", "all"])
def test_a_capped_only_score_caps_alike_and_skips_rules_only_below_the_cap(scorer, refine: str) -> None:
    full = score_pairs(PAIRS, HIGH, scorer, refine=refine)
    fast = score_pairs(PAIRS, HIGH, scorer, refine=refine, capped_only=True)
    cap = HIGH.support.verified - CAP_EPSILON
    skipped = kept = 0
    for f, q in zip(full, fast, strict=True):
        assert capped_support(q.as_source_score(), HIGH.support) == capped_support(f.as_source_score(), HIGH.support)
        if f.exact or f.support > cap:
            assert q == f
            kept += bool(f.reasons)
            continue
        # below the cap: the same score but for the window rules' reasons, a part of the full ones
        assert (q.support, q.exact, q.semantic, q.evidence, q.lexical) == (
            f.support,
            f.exact,
            f.semantic,
            f.evidence,
            f.lexical,
        )
        assert set(q.reasons) <= set(f.reasons)
        skipped += len(set(f.reasons) - set(q.reasons))
    assert skipped > 0 and kept > 0  # the built pairs reach rules on both sides of the cap


def test_a_page_indexed_holds_its_content_words() -> None:
    page = PAGE + " A line joined\u00a0by odd space.Then no space; ſtill [1] more."
    content_words.cache_clear()
    index_source(page, 3)
    hits = content_words.cache_info().hits
    assert content_words(page) == _words(page)
    assert content_words.cache_info().hits == hits + 1  # kept by the index, not computed again


def test_a_claims_key_facts_are_read_once() -> None:
    claim = "NASA spent $2.5 million on 3 probes launched on March 5, 2020 by the European Space Agency (ESA)."
    claim_facts.cache_clear()
    first = claim_facts(claim)
    assert first == key_facts(claim) and claim_facts(claim) is first
    assert claim_facts.cache_info().hits == 1
    assert _written_out("ESA") is _written_out("ESA")  # compiled once, whatever else fills re's cache
