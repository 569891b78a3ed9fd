"""Score (claim, source) pairs through the cascade: lexical -> key facts -> semantic -> support.

Embeddings are skipped where the outcome is already decided (a verbatim match), and only the
`top_k_windows` source windows that share the most words with the claim are embedded.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from audit.config import AuditConfig
from audit.verify.keyfacts import key_facts, keyfact_coverage, missing_facts
from audit.verify.lexical import lexical_verify
from audit.verify.semantic import SemanticScorer
from audit.verify.support import Features, support_score
from audit.verify.text import Window, content_words, keyword_overlap, source_windows


@dataclass(frozen=True)
class PairScore:
    lexical: float
    exact: bool
    overlap: float | None
    keyfact_coverage: float | None
    semantic: float | None
    support: float
    reasons: tuple[str, ...]
    evidence: Window | None


class _SourceIndex:
    """Windows and their content words per distinct source text, built once per batch."""

    def __init__(self, window_sentences: int) -> None:
        self._size = window_sentences
        self._memo: dict[str, tuple[list[Window], list[set[str]], set[str]]] = {}

    def get(self, source: str) -> tuple[list[Window], list[set[str]], set[str]]:
        hit = self._memo.get(source)
        if hit is None:
            wins = source_windows(source, self._size)
            words = [content_words(w.text) for w in wins]
            hit = (wins, words, set().union(*words) if words else set())
            self._memo[source] = hit
        return hit


def _top_windows(claim_words: set[str], words: list[set[str]], k: int) -> list[int]:
    scored = sorted(range(len(words)), key=lambda i: (-len(claim_words & words[i]), i))
    return sorted(scored[:k])


def score_pairs(pairs: Sequence[tuple[str, str]], cfg: AuditConfig, scorer: SemanticScorer) -> list[PairScore]:
    """One PairScore per (claim, source) pair, in order."""
    index = _SourceIndex(cfg.verify.window_sentences)
    pending: list[int] = []
    cand_windows: list[list[Window]] = []
    partial: list[tuple[float, bool, float | None, float | None, tuple[str, ...], Window | None]] = []
    for i, (claim, source) in enumerate(pairs):
        lex = lexical_verify(claim, source)
        facts = key_facts(claim)
        missing = missing_facts(facts, source)
        why = [f"missing_quote:{q}" for q in lex.missing_quotes] + missing
        cw = content_words(claim)
        wins, words, all_words = index.get(source)
        overlap = keyword_overlap(cw, all_words)
        evidence = None
        if lex.exact and lex.span is not None:
            evidence = Window(lex.span[0], lex.span[1], source[lex.span[0] : lex.span[1]])
        elif wins:
            pending.append(i)
            cand_windows.append([wins[j] for j in _top_windows(cw, words, cfg.verify.top_k_windows)])
        partial.append((lex.score, lex.exact, overlap, keyfact_coverage(facts, missing), tuple(why), evidence))

    semantic: dict[int, tuple[float | None, Window | None]] = {}
    if pending:
        best = scorer.best_windows([pairs[i][0] for i in pending], [[w.text for w in ws] for ws in cand_windows])
        for i, ws, (score, j) in zip(pending, cand_windows, best, strict=True):
            semantic[i] = (score, ws[j] if j is not None else None)

    out: list[PairScore] = []
    for i, (lexical, exact, overlap, kf, reasons, evidence) in enumerate(partial):
        sem, ev = semantic.get(i, (None, evidence))
        if exact:
            support = 1.0
        else:
            support = support_score(Features(sem, lexical, overlap, kf), cfg.support)
            if any(r.startswith("missing_quote:") for r in reasons):
                support = min(support, cfg.support.weak - 1e-9) if cfg.support.weak > 0 else 0.0
        out.append(PairScore(lexical, exact, overlap, kf, sem, support, reasons, ev))
    return out
