"""Fitting the support model: weights, thresholds, reading pairs, and a small real fit end to end."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import numpy as np
import pytest

from audit.calibrate import (
    MODEL_FEATURES,
    SECOND_STAGE_FEATURES,
    fit_support_model,
    fit_thresholds,
    read_pairs,
    run_calibration,
    set_weights,
)
from audit.errors import InputError
from audit.misattribution_fit import fit_misattribution_margin, misattribution_cases
from audit.verify.features import FEATURE_NAMES
from audit.verify.support import load_support_model, model_from_dict

TRAIN = Path(__file__).resolve().parents[2] / "shared" / "data" / "train" / "pairs.jsonl.gz"


def test_every_set_weighs_the_square_root_of_its_size():
    groups = np.array(["a"] * 9 + ["b"] * 36)
    w = set_weights(groups)
    assert w[groups == "b"].sum() / w[groups == "a"].sum() == pytest.approx(2.0)  # sqrt(36) / sqrt(9)
    assert w.sum() == pytest.approx(len(groups))


def test_thresholds_separate_a_separable_score():
    rng = np.random.default_rng(0)
    y = np.array([1] * 200 + [0] * 200)
    pred = np.concatenate([rng.uniform(0.7, 1.0, 200), rng.uniform(0.0, 0.3, 200)])
    verified, weak = fit_thresholds(pred, y, np.array(["s"] * 400))
    assert 0.3 <= verified <= 0.7
    assert weak < verified


def test_fit_recovers_the_informative_feature_and_round_trips():
    rng = np.random.default_rng(1)
    n = 3000
    x = rng.uniform(0, 1, size=(n, len(FEATURE_NAMES)))
    y = (rng.uniform(size=n) < 1 / (1 + np.exp(-(8 * x[:, 1] - 4)))).astype(int)
    groups = np.array(["a", "b", "c"])[rng.integers(0, 3, n)]
    fitted = fit_support_model(x, y, groups, FEATURE_NAMES)
    coef = np.asarray(fitted.model["coef"])
    assert int(np.argmax(coef)) == FEATURE_NAMES.index("keyword")
    assert all(v is not None and v > 0.8 for v in fitted.held_out.values())
    model = model_from_dict(fitted.model)
    assert model.predict(np.array([[0.5] * len(FEATURE_NAMES)]))[0] == pytest.approx(0.5, abs=0.1)


def test_bad_pairs_file_names_the_line(tmp_path):
    p = tmp_path / "pairs.jsonl"
    p.write_text(json.dumps({"dataset": "x", "claim": "c", "source": "s", "label": 1}) + "\n{oops\n")
    with pytest.raises(InputError, match=r"pairs.jsonl:2"):
        read_pairs(p)


def test_a_pair_holding_a_lone_surrogate_names_the_line(tmp_path):
    # `\ud83d` (an emoji cut in half) is valid JSON but no text: hashing the claim for the embedding cache raised
    # UnicodeEncodeError, exit 1, deep in the fit
    p = tmp_path / "pairs.jsonl"
    good = json.dumps({"dataset": "x", "claim": "c", "source": "s", "label": 1})
    p.write_text(good + "\n" + good.replace('"s"', '"s \\ud83d"') + "\n")
    with pytest.raises(InputError, match=r"pairs.jsonl:2: not a training pair \(source holds a lone surrogate"):
        read_pairs(p)


BAD_PAIR_FIELDS = {
    # each was read without a word: str() made a null claim the text "None" and a list "['x']", int() a label of 0.9
    # (a probability) 0, true 1 and "1" 1; a pair that is a list failed with Python's "list indices must be integers"
    "claim_null": ({"claim": None}, "claim must be text, got null"),
    "source_list": ({"source": ["s"]}, "source must be text, got a list"),
    "dataset_number": ({"dataset": 3}, "dataset must be text, got a number"),
    "label_probability": ({"label": 0.9}, "label must be 0 or 1, got 0.9"),
    "label_true": ({"label": True}, "label must be 0 or 1, got true"),
    "label_text": ({"label": "1"}, 'label must be 0 or 1, got "1"'),
    "label_missing": ({"label": None}, "label must be 0 or 1, got null"),
}


@pytest.mark.parametrize(("change", "said"), BAD_PAIR_FIELDS.values(), ids=BAD_PAIR_FIELDS.keys())
def test_a_pair_field_of_the_wrong_json_type_is_refused_naming_line_and_field(tmp_path, change, said):
    p = tmp_path / "pairs.jsonl"
    good = {"dataset": "x", "claim": "c", "source": "s", "label": 1}
    p.write_text(json.dumps(good) + "\n" + json.dumps({**good, **change}) + "\n")
    with pytest.raises(InputError) as err:
        read_pairs(p)
    assert str(err.value) == f"{p}:2: not a training pair ({said})"


def test_a_pair_that_is_no_object_or_lacks_a_field_is_named_so(tmp_path):
    p = tmp_path / "pairs.jsonl"
    p.write_text("[1, 2]\n")
    with pytest.raises(InputError, match=r"pairs.jsonl:1: not a training pair \(a pair must be a JSON object"):
        read_pairs(p)
    p.write_text(json.dumps({"claim": "c", "source": "s", "label": 1}) + "\n")
    with pytest.raises(InputError, match=r"pairs.jsonl:1: not a training pair \(no 'dataset'\)"):
        read_pairs(p)


def test_packaged_model_speaks_this_codes_features():
    m = load_support_model()
    assert m.features == (*MODEL_FEATURES, *SECOND_STAGE_FEATURES) and set(m.features) <= set(FEATURE_NAMES)
    assert m.needs_alignment and m.coef[m.features.index("token_align")] > 0
    assert m.screen is not None and m.screen.features == MODEL_FEATURES and not m.screen.needs_transformer
    assert len(m.digest) == 64


def test_a_pairs_support_does_not_depend_on_the_batch_it_is_scored_in():
    """A claim's support is the same bit for bit whether its shard scores 1, 7 or 5,000 pairs at once (a matrix
    product's last bit depended on the row count: 3,944 of these 5,000 rows differed somewhere)."""
    m = load_support_model()
    x = np.random.default_rng(0).random((5000, len(FEATURE_NAMES)))
    for model in (m, m.screen):
        assert model is not None
        whole = model.predict(x)
        for n in (1, 2, 7, 33):
            parts = np.concatenate([model.predict(x[i : i + n]) for i in range(0, len(x), n)])
            assert np.array_equal(parts, whole), n


@pytest.mark.skipif(not TRAIN.is_file(), reason="../shared/data/train/pairs.jsonl.gz is not beside the repo")
def test_calibrate_on_real_training_pairs_writes_a_loadable_model_and_card(tmp_path, scorer):
    out = tmp_path / "support.json"
    fitted = run_calibration(TRAIN, out, limit_per_set=60)
    model = load_support_model(str(out))
    assert model.features == (*MODEL_FEATURES, "cos_transformer", "token_align")
    assert model.screen is not None and model.screen.features == MODEL_FEATURES
    # the full model leans on the transformer's cosine: it is the feature the second stage adds
    assert model.coef[model.features.index("cos_transformer")] > 0
    card = (tmp_path / "SUPPORT_MODEL_CARD.md").read_text()
    assert "First stage" in card and "cos_transformer" in card
    assert "fever_symmetric" in card and "leave" in card.lower()
    # the held-out sets are scored by a model that never saw them; better than chance on most
    scored = [v for v in fitted.held_out.values() if v is not None]
    assert scored and np.mean(scored) > 0.55
    with gzip.open(TRAIN, "rt") as fh:
        assert sum(1 for _ in fh) > sum(c["pairs"] for c in fitted.model["trained_on"].values())


def test_cascade_agreement_counts_refined_pairs_and_equal_verdicts():
    from audit.calibrate import cascade_agreement

    screen = np.array([0.05, 0.45, 0.9, 0.25, np.nan])
    full = np.array([0.10, 0.60, 0.8, 0.10, 0.5])
    rows = cascade_agreement(screen, full, verified=0.5, weak=0.2, margins=(0.0, 0.06))
    # margin 0: nothing refined; verdicts (0,1,2,1) vs full (0,2,2,0): 2 of 4 agree (the NaN pair is left out)
    assert rows[0] == {"margin": 0.0, "refined": 0.0, "agreement": 0.5}
    # margin 0.06: 0.45 and 0.25 are refined and take the full model's verdicts: all 4 agree
    assert rows[1] == {"margin": 0.06, "refined": 0.5, "agreement": 1.0}


def test_misattribution_cases_cite_each_source_of_a_shared_claim_in_turn():
    claims = ["c1", "c1", "c2", "c2", "c3"]
    datasets = ["d"] * 5
    y = np.array([1, 0, 0, 0, 1])
    full = np.array([0.9, 0.1, 0.2, 0.3, 0.5])
    screen = np.array([0.8, 0.2, 0.25, 0.1, 0.5])
    cited, other, kind = misattribution_cases(full, screen, y, claims, datasets)
    # c1: citing the supporting source (must not flag), citing the other one (a misattribution, right source 0);
    # c2: neither supports (must not flag either way); c3 has one source: no case
    assert cited.tolist() == [0.9, 0.1, 0.2, 0.3]
    assert other.tolist() == [0.2, 0.8, 0.1, 0.25]
    assert kind.tolist() == [0, 1, 0, 0]


def test_the_margin_trades_found_misattributions_against_false_flags():
    cited = np.full(6, 0.1)
    other = np.array([0.52, 0.43, 0.22, 0.27, 0.37, 0.95])  # beats the cited one by .42 .33 | .12 .17 .27 .85
    kind = np.array([1, 1, 0, 0, 0, 0])
    margin, grid = fit_misattribution_margin(cited, other, kind, verified=0.6, min_other=0.2)
    by = {g["margin"]: g for g in grid}
    assert (by[0.1]["recall"], by[0.1]["false_flags"]) == (1.0, 1.0)  # every other context flags
    assert (by[0.3]["recall"], by[0.3]["false_flags"]) == (1.0, 0.25)  # only the .85 one still does
    assert (by[0.35]["recall"], by[0.35]["false_flags"]) == (0.5, 0.25)
    assert margin == 0.3  # the best balanced accuracy
    assert fit_misattribution_margin(cited, other, kind, verified=0.05, min_other=0.2)[1][0]["recall"] == 0.0


def test_the_margin_is_fitted_under_the_verified_clause_of_the_rule():
    # the .45 other source reaches verified (.45) .35 ahead of the cited one: flagged at every margin with the
    # verified clause (as audit.verdict.better_source flags it), only up to .35 without it
    cited = np.full(2, 0.1)
    other = np.array([0.45, 0.3])
    kind = np.array([1, 0])
    _, plain = fit_misattribution_margin(cited, other, kind, verified=0.45, min_other=0.2)
    _, with_clause = fit_misattribution_margin(cited, other, kind, verified=0.45, min_other=0.2, verified_margin=0.05)
    assert [g["recall"] for g in plain] == [1.0] * 7 + [0.0]
    assert [g["recall"] for g in with_clause] == [1.0] * 8
