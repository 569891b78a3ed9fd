"""Joint support: a claim read against all the sources it cites together, as ALCE's citation recall reads it (the
concatenation of a statement's cited passages entails it). "Paris is the capital of France and has 2.1 million
inhabitants [1][2]", [1] stating the capital and [2] the population: each source alone lacks a key fact, the two
together state the claim.

The joint pair is analysed as any pair (`features.analyse_pair`) against the cited sources joined, so its key facts,
word coverage and names are read over their union (a number none of them holds is still missing, a date's month and
year may come from one source and its day from none), and its candidate windows are each source's evidence window
(as the single-source scoring picked it) and the windows together: facts spread over two sources are in no one
window of either. The support model reads the features as they are computed for any pair (it is not refitted); the
hard rules (negation, direction, swapped words, a question, a dropped condition) read the joint evidence. Only
claims citing two sources or more are scored so; a claim citing one source is untouched.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from audit.config import AuditConfig
from audit.verdict import JointEvidence, capped_support
from audit.verify.features import analyse_pair, index_source, without_pictographs
from audit.verify.semantic import SemanticScorer
from audit.verify.text import SourceWindow, content_words, keyword_overlap
from audit.verify.urls import split_urls
from audit.verify.verifier import PairScore, featurize_analyses, pair_scores

SOURCE_BREAK = "\n\n"  # between the joined sources: a paragraph, so no sentence runs from one into the next
_FACTS = ("missing_number:", "missing_date:", "missing_name:", "missing_quote:", "missing_url:")


@dataclasses.dataclass(frozen=True)
class JointClaim:
    """A claim and the distinct sources it cites (two or more), with each one's evidence window (None: none)."""

    claim: str
    sources: tuple[str, ...]
    windows: tuple[SourceWindow | None, ...]


def joined(sources: Sequence[str]) -> str:
    return SOURCE_BREAK.join(sources)


def _joint_candidates(claim: str, windows: Sequence[SourceWindow | None]) -> tuple[SourceWindow, ...]:
    """Each source's evidence window, then all of them together (in the order the claim cites them)."""
    own = [w for w in windows if w is not None and w.text.strip()]
    if len(own) < 2:
        return tuple(own)
    together = " ".join(w.text.strip() for w in own)
    return (*own, SourceWindow(0, len(together), together, sum(w.sentences for w in own)))


def score_joint(items: Sequence[JointClaim], cfg: AuditConfig, scorer: SemanticScorer) -> list[PairScore]:
    """One PairScore per claim: the claim against its cited sources together. The sources' own work (their
    indexes, key facts, windows) is cached from their single-source scoring (`index_source`, `textcache`)."""
    if not items:
        return []
    ws, k = cfg.verify.window_sentences, cfg.verify.top_k_windows
    analyses = []
    for it in items:
        a = analyse_pair(it.claim, joined(it.sources), ws, k)
        if not a.exact:
            cands = _joint_candidates(a.claim, it.windows) or a.candidates
            overlap = tuple(keyword_overlap(a.claim_words, content_words(w.text)) or 0.0 for w in cands)
            a = dataclasses.replace(a, candidates=cands, candidate_overlap=overlap)
        analyses.append(a)
    f = featurize_analyses(analyses, cfg, scorer)
    return pair_scores([joined(it.sources) for it in items], f)


def own_parts(
    claim: str, sources: Sequence[str], missing: Sequence[Sequence[str]], window_sentences: int
) -> list[bool]:
    """Whether each source holds a part of the claim that none of the others holds: a key fact (a number, date,
    name, quote or link the single-source scoring found missing in every other source and not in this one) or a
    content word of the claim (in this source's words and in no other's). Without it, the others' union lacks that
    part: the source is needed for the joint support (ALCE's precision)."""
    facts = [{r for r in m if r.startswith(_FACTS)} for m in missing]
    words = content_words(split_urls(without_pictographs(claim))[0])
    held = [words & index_source(s, window_sentences).all_words for s in sources]
    out = []
    for i in range(len(sources)):
        others = [j for j in range(len(sources)) if j != i]
        lacked_elsewhere = set.intersection(*(facts[j] for j in others)) - facts[i]
        word = held[i] - set().union(*(held[j] for j in others))
        out.append(bool(lacked_elsewhere or word))
    return out


Cited = tuple[int, str, PairScore | None, bool | None]  # a cited source: rank, text, its own score, its quote found


def joint_support(
    claims: Sequence[str], cited: Sequence[Sequence[Cited]], cfg: AuditConfig, scorer: SemanticScorer
) -> list[dict[int, JointEvidence]]:
    """For each claim citing two sources or more (`cited`: each distinct source it cites, in rank order), what its
    joint support is and what each of its sources brings to it, by rank."""
    items = [
        JointClaim(c, tuple(s for _r, s, _p, _q in cs), tuple(p.evidence if p else None for _r, _s, p, _q in cs))
        for c, cs in zip(claims, cited, strict=True)
    ]
    return [
        _evidence(item.claim, cs, joint, cfg)
        for item, cs, joint in zip(items, cited, score_joint(items, cfg, scorer), strict=True)
    ]


def _evidence(claim: str, cited: Sequence[Cited], joint: PairScore, cfg: AuditConfig) -> dict[int, JointEvidence]:
    ranks = [r for r, _s, _p, _q in cited]
    alone = {
        r for r, _s, p, q in cited if p and capped_support(p.as_source_score(q), cfg.support) >= cfg.support.verified
    }
    missing = [p.reasons if p else () for _r, _s, p, _q in cited]
    parts = own_parts(claim, [s for _r, s, _p, _q in cited], missing, cfg.verify.window_sentences)
    score = joint.as_source_score()
    return {
        r: JointEvidence(score, tuple(o for o in ranks if o != r), part, bool(alone - {r}))
        for r, part in zip(ranks, parts, strict=True)
    }
