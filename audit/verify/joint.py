"""Joint support by clauses: a claim citing several sources is supported by them together when each of its parts
is supported by one of them ("score each sentence/clause and combine: an answer is supported only if its parts are").
"Paris is the capital of France and has 2.1 million inhabitants [1][2]", [1] stating the capital and [2] the
population: each source alone lacks a key fact; [1] verifies "Paris is the capital of France" and [2] "has 2.1
million inhabitants".

The claim is cut into clauses as the project cuts a sentence at its markers (`audit/extract/clauses.py`
`claim_clauses`: commas, semicolons, "and" / "but" / "while" between clauses, a list's items each with its frame,
sentences), and each clause is scored against each cited source alone, by the single-source scoring with all its
hard rules (`score_pairs`: a wrong number in a clause is `missing_number` there). `verdict.decide` reads the
clause-by-source scores (`verdict.jointly_verified`). A claim that is one clause ("Apple acquired Nest Labs in 2014
[1][2]", [1] on Apple and Beats, [2] on Google and Nest) is never read jointly: no source states it, and the union of
its sources' words is no evidence that any does. Cost: clauses x cited sources pairs, for claims citing several
sources only, at most `MAX_CLAUSES` x `MAX_SOURCES`; each source's index and key facts come from the cache of its
single scoring (`textcache`), and a pair scored twice is scored once (`score_pairs`).
"""

from __future__ import annotations

from collections.abc import Sequence

from audit.config import AuditConfig
from audit.extract.clauses import claim_clauses
from audit.verdict import JointEvidence, capped_support
from audit.verify.semantic import SemanticScorer
from audit.verify.verifier import PairScore, score_pairs

MAX_CLAUSES = 16  # a claim of more clauses is not read jointly: the pairs a claim adds stay bounded
MAX_SOURCES = 8  # nor one citing more distinct sources

Cited = tuple[int, str, PairScore | None, bool | None]  # a cited source: rank, text, its own score, its quote found


def joint_support(
    claims: Sequence[str], cited: Sequence[Sequence[Cited]], cfg: AuditConfig, scorer: SemanticScorer
) -> list[dict[int, JointEvidence]]:
    """For each claim citing two sources or more (`cited`: each distinct source it cites, in rank order), its
    clauses' scores against each of them, by rank (empty: the claim is one clause, or too large to read so)."""
    # a claim one of whose sources verifies it alone is read jointly by none: that citation is verified, and every
    # other is not needed (`verdict.jointly_verified`), so its clauses are not scored (MiniLM spent for nothing)
    alone = [{r for r, _s, p, q in cs if p and _verified(p, q, cfg)} for cs in cited]
    splits = [
        claim_clauses(c) if 2 <= len(cs) <= MAX_SOURCES and not a else ()
        for c, cs, a in zip(claims, cited, alone, strict=True)
    ]
    splits = [s if len(s) <= MAX_CLAUSES else () for s in splits]
    pairs = [(clause, text) for s, cs in zip(splits, cited, strict=True) for clause in s for _r, text, _p, _q in cs]
    scores = iter(score_pairs(pairs, cfg, scorer))
    out: list[dict[int, JointEvidence]] = []
    for split, cs in zip(splits, cited, strict=True):
        if not split:
            out.append({})
            continue
        rows = tuple(tuple(next(scores).as_source_score() for _ in cs) for _ in split)
        ranks = tuple(r for r, _s, _p, _q in cs)
        out.append({r: JointEvidence(r, ranks, rows, False) for r in ranks})  # none verifies alone (above)
    return out


def _verified(score: PairScore, quote_found: bool | None, cfg: AuditConfig) -> bool:
    return capped_support(score.as_source_score(quote_found), cfg.support) >= cfg.support.verified
