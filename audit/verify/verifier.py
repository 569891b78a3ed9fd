"""Score (claim, source) pairs through the cascade: lexical -> key facts -> static embedding -> transformer.

1. The model-free analysis (`features.analyse_pair`) for every pair; a verbatim match is decided there.
2. The static embedding (`static.StaticScorer`, ~100x faster than MiniLM) scores the `top_k_windows` candidate windows
   of every pair, and the support model's first stage (`screen`) turns the features into a support score.
3. The transformer (MiniLM, or a configured cross-encoder) scores the `refine_windows` candidates with the best
   static cosine, and the full model re-scores the pair with their best cosine as one more feature: every cited
   pair with `[verify] refine = "all"` (default), only those whose first-stage support lies within `refine_margin`
   of the `verified` or `weak` threshold with "band", none with "none".
Alternatives and uncited sentences (repair suggestions) stop after step 2.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np

from audit.config import AuditConfig
from audit.verdict import (
    CAP_EPSILON,
    CONDITIONAL,
    DIRECTION_MISMATCH,
    NEGATION_MISMATCH,
    STITCHED,
    SWAPPED,
    UNASSERTED,
    SourceScore,
)
from audit.verify.asserted import dropped_condition, unasserted_frame
from audit.verify.causal import CAUSE, unstated_cause
from audit.verify.direction import direction_mismatch
from audit.verify.features import (
    COS_TRANSFORMER,
    FEATURE_NAMES,
    TOKEN_ALIGN,
    PairAnalysis,
    analyse_pair,
    evidence_index,
    pair_features,
)
from audit.verify.keyfacts import keyfact_coverage
from audit.verify.narrowed import copy_narrowed
from audit.verify.quoted import quoted_claim
from audit.verify.semantic import SemanticScorer
from audit.verify.static import StaticScorer
from audit.verify.support import load_support_model
from audit.verify.swaps import swapped_words
from audit.verify.text import SourceWindow, content_words, fold_case_traps
from audit.verify.windowed import window_reasons

_NUMBERS = FEATURE_NAMES.index("numbers")
_COS_MAX = FEATURE_NAMES.index("cos_max")
_NEGATION = FEATURE_NAMES.index("negation_mismatch")


@dataclass(frozen=True)
class PairScore:
    lexical: float  # the seeds' min(partial alignment, keyword coverage); 1 for a verbatim match
    exact: bool
    keyfact_coverage: float | None
    number_coverage: float
    semantic: float | None  # cosine of the last stage that ran (transformer where refined, else static); NULL if none
    support: float  # the support model's probability, before the verdict's hard rules
    reasons: tuple[str, ...]  # missing key facts and quotes, a negation mismatch
    evidence: SourceWindow | None
    refined: bool = False  # the transformer re-scored this pair
    words_held: int = 0  # how many of the claim's content words the source holds (`text.content_words`)

    def as_source_score(self, quote_found: bool | None = None) -> SourceScore:
        return SourceScore(self.support, self.exact, self.reasons, quote_found, self.words_held, self.semantic)


@dataclass(frozen=True)
class Featurized:
    analyses: list[PairAnalysis]
    cosines: list[np.ndarray | None]  # cosines of each pair's candidate windows: the transformer's where refined
    x: np.ndarray  # FEATURE_NAMES columns; cos_transformer set where `refined`
    support: np.ndarray
    refined: np.ndarray  # bool per pair


@cache
def static_scorer(path: str = "") -> StaticScorer:
    """One static scorer per process and model folder (the model is read once)."""
    return StaticScorer(path)


def embed_candidates(
    analyses: Sequence[PairAnalysis], scorer: SemanticScorer | StaticScorer
) -> list[np.ndarray | None]:
    """Cosines of each pair's candidate windows, in one batched call (None where nothing was embedded)."""
    todo = [i for i, a in enumerate(analyses) if a.candidates]
    out: list[np.ndarray | None] = [None] * len(analyses)
    if todo:
        sims = scorer.window_scores(
            [analyses[i].claim for i in todo], [[w.text for w in analyses[i].candidates] for i in todo]
        )
        for i, s in zip(todo, sims, strict=True):
            out[i] = s
    return out


def refine_mask(screen: np.ndarray, embedded: np.ndarray, mode: str, cfg: AuditConfig) -> np.ndarray:
    """Which pairs the transformer re-scores: all embedded pairs, none, or those whose first-stage support lies
    within `refine_margin` of a verdict threshold (elsewhere the transformer would not change the verdict)."""
    if mode == "all":
        return embedded.copy()
    if mode == "none":
        return np.zeros(len(screen), dtype=bool)
    m = cfg.verify.refine_margin
    near = (np.abs(screen - cfg.support.verified) <= m) | (np.abs(screen - cfg.support.weak) <= m)
    return np.asarray(near & embedded, dtype=bool)


def _evidence(a: PairAnalysis, source: str, cosines: np.ndarray | None) -> SourceWindow | None:
    if a.exact and a.lexical.span is not None:
        s, e = a.lexical.span
        return SourceWindow(s, e, source[s:e], 0)
    if cosines is None:
        return None
    best = evidence_index(a, cosines)
    return a.candidates[best] if best is not None else None


def featurize(
    pairs: Sequence[tuple[str, str]],
    cfg: AuditConfig,
    scorer: SemanticScorer,
    top_k: int | None = None,
    refine: str | None = None,
    align: bool | None = None,
) -> Featurized:
    """Analyses, cosines, features and support of `pairs`: what the support model sees, in training (`citeaudit
    calibrate`, refine="all", align=True) and in the audit alike. `refine` defaults to `[verify] refine`; a support
    model without a first stage (`screen`) needs the transformer on every pair. `align` (default: whether the
    support model reads `token_align`) computes the token alignment of the refined pairs."""
    model = load_support_model(cfg.support.model)
    mode = refine or cfg.verify.refine
    if model.screen is None and model.needs_transformer:
        mode = "all"  # a single-stage model that reads the transformer's cosine
    elif refine is None and not model.needs_transformer:
        mode = "none"  # a single-stage model without it
    k = top_k or cfg.verify.top_k_windows
    pairs = [(fold_case_traps(c), fold_case_traps(s)) for c, s in pairs]
    analyses = [analyse_pair(c, s, cfg.verify.window_sentences, k) for c, s in pairs]
    cosines = embed_candidates(analyses, static_scorer(cfg.verify.static_model))
    x = np.vstack([pair_features(a, c) for a, c in zip(analyses, cosines, strict=True)])
    first = model.screen if model.screen is not None else model
    support = first.predict(x) if not first.needs_transformer else np.zeros(len(analyses))
    embedded = np.array([c is not None and len(c) > 0 for c in cosines], dtype=bool)
    refined = refine_mask(support, embedded, mode, cfg)
    todo = np.flatnonzero(refined)
    if len(todo):
        keep = [_strongest(cosines[i], cfg.verify.refine_windows) for i in todo]
        claims = [analyses[i].claim for i in todo]
        windows = [[analyses[i].candidates[j].text for j in js] for i, js in zip(todo, keep, strict=True)]
        aligns: np.ndarray | None = None
        if model.needs_alignment if align is None else align:
            sims, aligns = scorer.refine_scores(claims, windows)
        else:
            sims = scorer.window_scores(claims, windows)
        for n, (i, js, sim) in enumerate(zip(todo, keep, sims, strict=True)):
            # the transformer's cosines also pick the evidence window of a refined pair (among the windows it saw)
            full = np.full(len(analyses[i].candidates), -1.0)
            full[js] = sim
            cosines[i] = full
            x[i, COS_TRANSFORMER] = float(sim.max()) if len(sim) else 0.0
            if aligns is not None:
                x[i, TOKEN_ALIGN] = aligns[n]
        support[todo] = model.predict(x[todo])
    return Featurized(analyses, cosines, x, support, refined)


def _strongest(cosines: np.ndarray | None, k: int) -> list[int]:
    """The `k` candidates with the highest first-stage cosine, in candidate order (ties: the earlier)."""
    if cosines is None or len(cosines) == 0:
        return []
    return sorted(int(j) for j in np.argsort(-cosines, kind="stable")[:k])


CLOSE_COPY = 0.9  # a partial alignment this close is the claim copied: its place in the source is read as a match's


def _swap_reason(found: str) -> str:
    """`swapped:before/after` for a word of the claim contradicting its copied sentence's; `stitched:but`,
    `unasserted:would` (a hedge dropped, a question stated) and `conditional:only if` (a condition left out of the
    copy's middle) as they are."""
    return found if found.startswith((f"{STITCHED}:", f"{UNASSERTED}:", f"{CONDITIONAL}:")) else f"{SWAPPED}:{found}"


def _copied_span(a: PairAnalysis, source: str) -> tuple[int, int] | None:
    """Where the claim's (close) copy lies in the source, when it is one and not the whole source."""
    span = a.lexical.span
    if span is None or not (a.exact or a.lexical.score >= CLOSE_COPY) or span == (0, len(source)):
        return None
    return span


def _frame(a: PairAnalysis, source: str) -> str | None:
    """The question, denial or hypothesis of the source that the claim's (close) copy there lies inside, if any."""
    span = _copied_span(a, source)
    return None if span is None else unasserted_frame(source, span[0], a.claim)


def _condition(a: PairAnalysis, source: str) -> str | None:
    """The condition of the source sentence that the claim's (close) copy is the consequent of and leaves out."""
    span = _copied_span(a, source)
    return None if span is None else dropped_condition(source, span[0], span[1], a.claim)


def score_pairs(
    pairs: Sequence[tuple[str, str]],
    cfg: AuditConfig,
    scorer: SemanticScorer,
    top_k: int | None = None,
    refine: str | None = None,
    capped_only: bool = False,
) -> list[PairScore]:
    """One PairScore per (claim, source) pair, in order (`top_k` candidate windows each; default from config;
    `refine`: band | all | none, default from config). A pair given twice is scored once: a pair's score depends on
    its texts alone, and an answer citing one long claim a thousand times (a JSON `citations` list, markers along
    one unpunctuated sentence) analysed it a thousand times (a 120 KB answer with 1,000 entries: 48 s, 1.5 GB).
    `capped_only`: the caller reads a score only through `verdict.capped_support` (and `fuller_source`, which reads
    the reasons of a source reaching `verified` only), so the rules that read the candidate windows are not run for
    a pair not copied exactly whose support is at or below the cap their reasons impose (`verified` less
    `CAP_EPSILON`): there a reason changes nothing (its reasons are then the key facts' and the negation feature's)."""
    if not pairs:
        return []
    # what the rules read (`text`); a quotation in a frame of speech, the quotation (`quoted.py`)
    pairs = [(fold_case_traps(quoted_claim(c, s)), fold_case_traps(s)) for c, s in pairs]
    unique = list(dict.fromkeys(pairs))
    if len(unique) < len(pairs):
        scored = dict(zip(unique, score_pairs(unique, cfg, scorer, top_k, refine, capped_only), strict=True))
        return [scored[pair] for pair in pairs]
    f = featurize(pairs, cfg, scorer, top_k, refine)
    cap = cfg.support.verified - CAP_EPSILON
    out: list[PairScore] = []
    for (claim, source), a, cos, feats, p, ref in zip(
        pairs, f.analyses, f.cosines, f.x, f.support, f.refined, strict=True
    ):
        if capped_only and not a.exact and float(p) <= cap:
            out.append(_below_cap(a, source, cos, feats, float(p), bool(ref)))
            continue
        frame = _frame(a, source)
        condition = _condition(a, source) if frame is None else None
        windows = [w.text for w in a.candidates]  # the candidate windows every rule below reads
        narrowed = copy_narrowed(a.claim, source, _copied_span(a, source), a.exact, windows)  # `swapped:` reasons
        exact = a.exact and frame is None and condition is None and not narrowed
        semantic = float(feats[COS_TRANSFORMER]) if ref else (float(feats[_COS_MAX]) if cos is not None else None)
        evidence = _evidence(a, source, cos)
        opposite = not a.exact and evidence is not None and direction_mismatch(a.claim, evidence.text)
        negated = bool(feats[_NEGATION]) and not a.exact
        swaps = () if a.exact else swapped_words(a.claim, windows, a.facts.names)
        negated = negated or "negation" in swaps
        windowed = () if a.exact else window_reasons(a.claim, windows, swaps)
        # a cause its windows tie only by sequence or association ("caused" for "followed"): listed last
        causal = not a.exact and unstated_cause(a.claim, windows)
        out.append(
            PairScore(
                lexical=1.0 if exact else a.seed_baseline,
                exact=exact,
                keyfact_coverage=keyfact_coverage(
                    a.facts, [r for r in a.missing if not r.startswith(("missing_quote:", "missing_url:"))]
                ),
                number_coverage=float(feats[_NUMBERS]),
                semantic=semantic,
                support=1.0 if exact else float(p),
                reasons=a.missing
                + ((NEGATION_MISMATCH,) if negated else ())
                + ((DIRECTION_MISMATCH,) if opposite else ())
                + tuple(dict.fromkeys(_swap_reason(w) for w in swaps if w != "negation"))
                + windowed
                + ((f"{UNASSERTED}:{frame}",) if frame is not None else ())
                + narrowed
                + ((f"{CONDITIONAL}:{condition}",) if condition is not None else ())
                + ((f"{UNASSERTED}:{CAUSE}",) if causal else ()),
                evidence=evidence,
                refined=bool(ref),
                words_held=len(content_words(claim) & content_words(source)),
            )
        )
    return out


def _below_cap(
    a: PairAnalysis, source: str, cos: np.ndarray | None, feats: np.ndarray, p: float, ref: bool
) -> PairScore:
    """`score_pairs`' score of a pair not copied exactly whose support is at or below the cap, for a caller that reads
    it only capped (`capped_only`): the window rules' reasons left out, which could only cap it where it already is."""
    return PairScore(
        lexical=a.seed_baseline,
        exact=False,
        keyfact_coverage=keyfact_coverage(
            a.facts, [r for r in a.missing if not r.startswith(("missing_quote:", "missing_url:"))]
        ),
        number_coverage=float(feats[_NUMBERS]),
        semantic=float(feats[COS_TRANSFORMER]) if ref else (float(feats[_COS_MAX]) if cos is not None else None),
        support=p,
        reasons=a.missing + ((NEGATION_MISMATCH,) if bool(feats[_NEGATION]) else ()),
        evidence=_evidence(a, source, cos),
        refined=ref,
    )
