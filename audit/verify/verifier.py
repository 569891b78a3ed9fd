"""Score (claim, source) pairs through the cascade: lexical -> key facts -> semantic -> support model.

The model-free analysis runs first (`features.analyse_pair`); embeddings are skipped where the outcome is already
decided (a verbatim match), and only the `top_k_windows` source windows that share the most (idf-weighted) words with
the claim are embedded, in one batch for the whole list of pairs. The support model then scores every pair at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from audit.config import AuditConfig
from audit.verdict import SourceScore
from audit.verify.features import FEATURE_NAMES, PairAnalysis, analyse_pair, evidence_index, pair_features
from audit.verify.keyfacts import keyfact_coverage
from audit.verify.semantic import SemanticScorer
from audit.verify.support import load_support_model
from audit.verify.text import SourceWindow

_NUMBERS = FEATURE_NAMES.index("numbers")


@dataclass(frozen=True)
class PairScore:
    lexical: float  # the seeds' min(partial alignment, keyword coverage); 1 for a verbatim match
    exact: bool
    keyfact_coverage: float | None
    number_coverage: float
    semantic: float | None  # best window cosine (or cross-encoder probability); NULL when not embedded
    support: float  # the support model's probability, before the verdict's hard rules
    reasons: tuple[str, ...]  # missing key facts and quotes
    evidence: SourceWindow | None

    def as_source_score(self, quote_found: bool | None = None) -> SourceScore:
        return SourceScore(self.support, self.exact, self.reasons, quote_found)


def embed_candidates(analyses: Sequence[PairAnalysis], scorer: SemanticScorer) -> list[np.ndarray | None]:
    """Cosines of each pair's candidate windows, in one batched model call (None where nothing was embedded)."""
    todo = [i for i, a in enumerate(analyses) if a.candidates]
    out: list[np.ndarray | None] = [None] * len(analyses)
    if todo:
        sims = scorer.window_scores(
            [analyses[i].claim for i in todo], [[w.text for w in analyses[i].candidates] for i in todo]
        )
        for i, s in zip(todo, sims, strict=True):
            out[i] = s
    return out


def _evidence(a: PairAnalysis, source: str, cosines: np.ndarray | None) -> SourceWindow | None:
    if a.exact and a.lexical.span is not None:
        s, e = a.lexical.span
        return SourceWindow(s, e, source[s:e], 0)
    if cosines is None:
        return None
    best = evidence_index(a, cosines)
    return a.candidates[best] if best is not None else None


def featurize(
    pairs: Sequence[tuple[str, str]], cfg: AuditConfig, scorer: SemanticScorer, top_k: int | None = None
) -> tuple[list[PairAnalysis], list[np.ndarray | None], np.ndarray]:
    """Analyses, candidate cosines and the feature matrix of `pairs`: what the support model sees, in training
    (`citeaudit calibrate`) and in the audit alike."""
    k = top_k or cfg.verify.top_k_windows
    analyses = [analyse_pair(c, s, cfg.verify.window_sentences, k) for c, s in pairs]
    cosines = embed_candidates(analyses, scorer)
    x = np.vstack([pair_features(a, c) for a, c in zip(analyses, cosines, strict=True)])
    return analyses, cosines, x


def score_pairs(
    pairs: Sequence[tuple[str, str]], cfg: AuditConfig, scorer: SemanticScorer, top_k: int | None = None
) -> list[PairScore]:
    """One PairScore per (claim, source) pair, in order (`top_k` candidate windows each; default from config)."""
    if not pairs:
        return []
    analyses, cosines, x = featurize(pairs, cfg, scorer, top_k)
    support = load_support_model(cfg.support.model).predict(x)
    out: list[PairScore] = []
    for (_claim, source), a, cos, feats, p in zip(pairs, analyses, cosines, x, support, strict=True):
        out.append(
            PairScore(
                lexical=1.0 if a.exact else a.seed_baseline,
                exact=a.exact,
                keyfact_coverage=keyfact_coverage(
                    a.facts, [r for r in a.missing if not r.startswith("missing_quote:")]
                ),
                number_coverage=float(feats[_NUMBERS]),
                semantic=float(cos.max()) if cos is not None and len(cos) else None,
                support=1.0 if a.exact else float(p),
                reasons=a.missing,
                evidence=_evidence(a, source, cos),
            )
        )
    return out
