"""Evaluation metrics over plain arrays: AUROC, balanced accuracy, per-class recall. Pure numpy, no I/O.

A missing measurement (None or NaN score) is never scored as 0: it is left out and counted, and a metric
that cannot be computed (no positives, no negatives, an empty class) is None.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class AurocResult:
    value: float | None  # P(score of a random positive > score of a random negative), ties count 1/2
    n_pos: int  # positives with a score
    n_neg: int  # negatives with a score
    n_missing: int  # items left out because their score is None or NaN


@dataclass(frozen=True)
class ClassRecall:
    n: int  # gold items of the class
    hits: int  # of those, predicted as the class (or judged correct)
    recall: float | None  # hits / n; None when n == 0


def _float_scores(scores: Iterable[float | None]) -> np.ndarray:
    return np.array([np.nan if s is None else float(s) for s in scores], dtype=np.float64)


def average_ranks(values: np.ndarray) -> np.ndarray:
    """1-based ranks of `values`; tied values share the mean of the ranks they span."""
    n = len(values)
    order = np.argsort(values, kind="mergesort")
    sorted_vals = values[order]
    ranks = np.empty(n, dtype=np.float64)
    # boundaries of runs of equal values
    starts = np.flatnonzero(np.r_[True, sorted_vals[1:] != sorted_vals[:-1]]) if n else np.array([], dtype=int)
    ends = np.r_[starts[1:], n] if n else np.array([], dtype=int)
    for s, e in zip(starts, ends, strict=True):
        ranks[order[s:e]] = (s + 1 + e) / 2.0
    return ranks


def auroc(scores: Sequence[float | None] | np.ndarray, labels: Sequence[bool | int] | np.ndarray) -> AurocResult:
    """Area under the ROC curve by the rank-sum (Mann-Whitney U) formula, ties averaged.

    `labels` are truthy for positives. Items whose score is None or NaN are excluded and counted in
    `n_missing`; the value is None when no positive or no negative remains.
    """
    s = _float_scores(scores)
    y = np.asarray(labels, dtype=bool)
    if s.shape != y.shape:
        raise ValueError(f"scores and labels differ in length: {s.shape[0]} vs {y.shape[0]}")
    keep = ~np.isnan(s)
    n_missing = int((~keep).sum())
    s, y = s[keep], y[keep]
    n_pos, n_neg = int(y.sum()), int((~y).sum())
    if n_pos == 0 or n_neg == 0:
        return AurocResult(None, n_pos, n_neg, n_missing)
    ranks = average_ranks(s)
    u = ranks[y].sum() - n_pos * (n_pos + 1) / 2.0
    return AurocResult(float(u / (n_pos * n_neg)), n_pos, n_neg, n_missing)


def class_recall(
    correct: Sequence[bool] | np.ndarray, gold: Sequence[str], classes: Sequence[str]
) -> dict[str, ClassRecall]:
    """Per gold class: how many items, how many judged correct, and the recall.

    `correct[i]` says whether the prediction for item i counts as a hit for its gold class; keeping that
    judgement outside lets a caller map several predicted labels to one gold class.
    """
    ok = np.asarray(correct, dtype=bool)
    g = np.asarray(gold, dtype=object)
    if ok.shape != g.shape:
        raise ValueError(f"correct and gold differ in length: {ok.shape[0]} vs {g.shape[0]}")
    out: dict[str, ClassRecall] = {}
    for c in classes:
        mask = g == c
        n = int(mask.sum())
        hits = int(ok[mask].sum())
        out[c] = ClassRecall(n, hits, hits / n if n else None)
    return out


def per_class_counts(values: Sequence[str]) -> dict[str, int]:
    """How often each value occurs, in first-seen order."""
    out: dict[str, int] = {}
    for v in values:
        out[v] = out.get(v, 0) + 1
    return out


def balanced_accuracy(pred: Sequence[str], gold: Sequence[str], classes: Sequence[str]) -> float | None:
    """Mean over `classes` of the recall of exact label matches; classes with no gold item are skipped.

    Items whose gold label is not in `classes` are ignored. None when no class has a gold item.
    """
    p = np.asarray(pred, dtype=object)
    g = np.asarray(gold, dtype=object)
    if p.shape != g.shape:
        raise ValueError(f"pred and gold differ in length: {p.shape[0]} vs {g.shape[0]}")
    recalls = [r.recall for r in class_recall(p == g, list(g), classes).values() if r.recall is not None]
    return float(np.mean(recalls)) if recalls else None
