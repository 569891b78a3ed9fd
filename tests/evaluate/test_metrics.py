"""Properties of the evaluation metrics: AUROC against a brute-force pair count, invariances, edge cases."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from audit.metrics import auroc, average_ranks, balanced_accuracy, class_recall, per_class_counts

# small integer-valued scores make ties common, which is where rank averaging matters
scores_st = st.lists(st.integers(min_value=-5, max_value=5).map(float), min_size=2, max_size=40)


@st.composite
def scored_labels(draw: st.DrawFn) -> tuple[list[float], list[bool]]:
    scores = draw(scores_st)
    labels = draw(st.lists(st.booleans(), min_size=len(scores), max_size=len(scores)))
    return scores, labels


def brute_force_auroc(scores: list[float], labels: list[bool]) -> float | None:
    pos = [s for s, y in zip(scores, labels, strict=True) if y]
    neg = [s for s, y in zip(scores, labels, strict=True) if not y]
    if not pos or not neg:
        return None
    wins = sum(1.0 if p > n else 0.5 if p == n else 0.0 for p in pos for n in neg)
    return wins / (len(pos) * len(neg))


@given(scored_labels())
def test_auroc_matches_pairwise_count(data: tuple[list[float], list[bool]]) -> None:
    scores, labels = data
    got = auroc(scores, labels)
    want = brute_force_auroc(scores, labels)
    if want is None:
        assert got.value is None
    else:
        assert got.value == pytest.approx(want)
    assert got.n_pos == sum(labels)
    assert got.n_neg == len(labels) - sum(labels)
    assert got.n_missing == 0


@given(scored_labels())
def test_auroc_invariant_to_strictly_increasing_transform(data: tuple[list[float], list[bool]]) -> None:
    scores, labels = data
    base = auroc(scores, labels).value
    transformed = auroc([math.exp(s) * 3 + 7 for s in scores], labels).value
    assert (base is None and transformed is None) or transformed == pytest.approx(base)


@given(scored_labels())
def test_auroc_of_negated_scores_is_complement(data: tuple[list[float], list[bool]]) -> None:
    scores, labels = data
    a, b = auroc(scores, labels).value, auroc([-s for s in scores], labels).value
    if a is None:
        assert b is None
    else:
        assert b == pytest.approx(1.0 - a)
        assert 0.0 <= a <= 1.0


@given(st.integers(1, 20), st.integers(1, 20))
def test_perfect_and_reversed_scores(n_pos: int, n_neg: int) -> None:
    labels = [True] * n_pos + [False] * n_neg
    perfect = [1.0 + i for i in range(n_pos)] + [-1.0 - i for i in range(n_neg)]
    assert auroc(perfect, labels).value == 1.0
    assert auroc([-s for s in perfect], labels).value == 0.0
    assert auroc([0.5] * (n_pos + n_neg), labels).value == 0.5


@given(scored_labels(), st.lists(st.booleans(), min_size=40, max_size=40))
def test_missing_scores_are_left_out_and_counted(data: tuple[list[float], list[bool]], drop: list[bool]) -> None:
    scores, labels = data
    drop = drop[: len(scores)]
    with_missing: list[float | None] = [
        (None if i % 2 else float("nan")) if d else s for i, (s, d) in enumerate(zip(scores, drop, strict=True))
    ]
    kept = [(s, y) for s, y, d in zip(scores, labels, drop, strict=True) if not d]
    got = auroc(with_missing, labels)
    assert got.n_missing == sum(drop)
    want = brute_force_auroc([s for s, _ in kept], [y for _, y in kept])
    assert got.value == (None if want is None else pytest.approx(want))


def test_auroc_rejects_mismatched_lengths() -> None:
    with pytest.raises(ValueError, match="differ in length"):
        auroc([0.1, 0.2], [True])


def test_auroc_accepts_numpy_arrays() -> None:
    got = auroc(np.array([0.9, 0.1, np.nan]), np.array([1, 0, 1]))
    assert (got.value, got.n_pos, got.n_neg, got.n_missing) == (1.0, 1, 1, 1)


@given(scores_st)
def test_average_ranks_sum_and_ties(scores: list[float]) -> None:
    ranks = average_ranks(np.array(scores))
    n = len(scores)
    assert ranks.sum() == pytest.approx(n * (n + 1) / 2)
    for i in range(n):
        for j in range(n):
            if scores[i] == scores[j]:
                assert ranks[i] == ranks[j]
            elif scores[i] < scores[j]:
                assert ranks[i] < ranks[j]


labels_st = st.lists(st.sampled_from(["a", "b", "c"]), min_size=1, max_size=30)


@given(labels_st)
def test_balanced_accuracy_of_perfect_prediction_is_one(gold: list[str]) -> None:
    assert balanced_accuracy(gold, gold, ["a", "b", "c"]) == 1.0


@given(st.data())
def test_balanced_accuracy_is_mean_of_present_class_recalls(data: st.DataObject) -> None:
    gold = data.draw(labels_st)
    pred = data.draw(st.lists(st.sampled_from(["a", "b", "c"]), min_size=len(gold), max_size=len(gold)))
    got = balanced_accuracy(pred, gold, ["a", "b", "c"])
    recalls = []
    for c in "abc":
        idx = [i for i, g in enumerate(gold) if g == c]
        if idx:
            recalls.append(sum(pred[i] == c for i in idx) / len(idx))
    assert got == pytest.approx(sum(recalls) / len(recalls))
    assert got is not None and 0.0 <= got <= 1.0


def test_balanced_accuracy_ignores_other_classes_and_handles_none() -> None:
    assert balanced_accuracy(["x", "a"], ["x", "a"], ["a", "b"]) == 1.0
    assert balanced_accuracy(["a"], ["x"], ["a", "b"]) is None


@settings(max_examples=50)
@given(st.data())
def test_class_recall_counts_add_up(data: st.DataObject) -> None:
    gold = data.draw(labels_st)
    correct = data.draw(st.lists(st.booleans(), min_size=len(gold), max_size=len(gold)))
    rec = class_recall(correct, gold, ["a", "b", "c", "d"])
    assert sum(r.n for r in rec.values()) == len(gold)
    assert sum(r.hits for r in rec.values()) == sum(correct)
    assert rec["d"].n == 0 and rec["d"].recall is None
    for r in rec.values():
        assert r.recall is None or 0.0 <= r.recall <= 1.0


def test_per_class_counts_keeps_first_seen_order() -> None:
    assert per_class_counts(["b", "a", "b"]) == {"b": 2, "a": 1}
