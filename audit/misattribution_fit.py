"""The misattribution margin, fitted on synthetic citations built from training pairs that share a claim
(`citeaudit calibrate`; the rule itself is `audit/verdict.py`)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

MARGIN_GRID = (0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4)


def misattribution_cases(
    full: np.ndarray, screen: np.ndarray, y: np.ndarray, claims: Sequence[str], datasets: Sequence[str]
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Synthetic citations from training pairs that share a claim (FEVER-symmetric and Factcheck-GPT hold the same
    claim with a supporting and a non-supporting source): each pair is cited in turn, the claim's other sources are
    the answer's other contexts. Returns the cited support (full model), the best other support (first stage, as
    the audit's misattribution search scores it) and whether the citation is a misattribution that names the right
    source (1), a misattribution whose best other source is not a supporting one (-1), or must not be flagged (0).
    Supports are out-of-fold predictions, capped by the caller."""
    by_claim: dict[tuple[str, str], list[int]] = {}
    for i, (d, c) in enumerate(zip(datasets, claims, strict=True)):
        by_claim.setdefault((d, c), []).append(i)
    cited, other, kind = [], [], []
    for idx in by_claim.values():
        for a in idx:
            rest = [b for b in idx if b != a and not np.isnan(screen[b])]
            if np.isnan(full[a]) or not rest:
                continue
            best = max(rest, key=lambda b: (screen[b], -b))
            cited.append(full[a])
            other.append(screen[best])
            if y[a] == 0 and any(y[b] == 1 for b in rest):
                kind.append(1 if y[best] == 1 else -1)
            else:
                kind.append(0)
    return np.array(cited), np.array(other), np.array(kind)


def fit_misattribution_margin(
    cited: np.ndarray,
    other: np.ndarray,
    kind: np.ndarray,
    verified: float,
    min_other: float,
    verified_margin: float | None = None,
) -> tuple[float, list[dict[str, float]]]:
    """`[support] misattribution_margin`: the margin (by which the best other source must beat the cited one) with
    the best balanced accuracy on the synthetic citations of `misattribution_cases` (recall of misattributions with
    the right source, and 1 - the share of the others flagged); ties go to the larger, more cautious margin. With
    `verified_margin` (`[support] misattribution_verified_margin`) an other source reaching `verified` with that lead
    is flagged at every margin, as `audit.verdict.better_source` flags it."""
    grid = []
    best, best_margin = -1.0, MARGIN_GRID[-1]
    for m in MARGIN_GRID:
        flagged = (cited < verified) & (other >= min_other) & (other - cited >= m)
        if verified_margin is not None:
            flagged |= (cited < verified) & (other >= verified) & (other - cited >= verified_margin)
        recall = float((flagged & (kind == 1)).sum() / max((kind != 0).sum(), 1))
        false_flags = float((flagged & (kind == 0)).sum() / max((kind == 0).sum(), 1))
        grid.append({"margin": m, "recall": round(recall, 4), "false_flags": round(false_flags, 4)})
        if (recall + 1 - false_flags) / 2 >= best:
            best, best_margin = (recall + 1 - false_flags) / 2, m
    return best_margin, grid


def capped_pairs(x: np.ndarray, feature_names: Sequence[str]) -> np.ndarray:
    """Pairs the verdict caps below `verified` under the default `[support] cap_*` rules, read from their features (a
    number or name the source lacks, a negation mismatch); `audit.verdict.capped_support` applies the same rules to a
    scored citation's reasons."""
    col = list(feature_names).index
    return (x[:, col("numbers")] < 1) | (x[:, col("names")] < 1) | (x[:, col("negation_mismatch")] > 0)
