"""`citeaudit calibrate`: fit the support model on public training pairs, reproducibly, and write it with a card.

Nothing here reads the labelled dev sets: figures reported on them stay out of sample. The model is a
scikit-learn logistic regression on the standardised `MODEL_FEATURES`; each training set weighs sqrt(its size) in
total, so the largest does not drown the others and a 3-pair set does not weigh as much as a 4,000-pair one. Its
out-of-sample estimate is leave-one-set-out: fit on all training sets but one, score that one. The verdict thresholds
are fitted on the same out-of-fold predictions. The feature subset and the weighting were chosen by the mean
leave-one-set-out AUROC on the training pairs (see the model card), never on dev data.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import zipfile
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from audit.config import SupportConfig
from audit.errors import InputError, lone_surrogate_at, not_found, one_line
from audit.metrics import auroc
from audit.misattribution_fit import capped_pairs, fit_misattribution_margin, misattribution_cases
from audit.output_file import output_file, write_output
from audit.support_card import card_text
from audit.verdict import CAP_EPSILON, Verdict

C_REGULARISATION = 1.0
# the features the shipped model uses: the best mean leave-one-set-out AUROC on the training pairs among the
# subsets tried (all 15 features: 0.682; these 9: 0.690); the rest stay computed for analysis
MODEL_FEATURES: tuple[str, ...] = (
    "partial",
    "keyword",
    "keyword_window",
    "bigram",
    "numbers",
    "names",
    "cos_max",
    "token_set",
    "negation_mismatch",
)
# what the second stage (the transformer, on the pairs it refines) adds to them: its best window cosine, and the
# claim's least-aligned content token over the windows' tokens (leave-one-set-out 0.689 without it, 0.705 with it)
SECOND_STAGE_FEATURES: tuple[str, ...] = ("cos_transformer", "token_align")
MIN_SET_PAIRS = 50  # sets smaller than this are fitted on but get no leave-one-out figure of their own


@dataclass(frozen=True)
class TrainPair:
    dataset: str
    claim: str
    source: str
    label: int


def read_pairs(path: str | Path, limit_per_set: int | None = None) -> list[TrainPair]:
    """Training pairs from a (gzipped) JSONL file of {dataset, claim, source, label}."""
    p = Path(path)
    if not p.is_file():
        raise InputError(not_found("training pairs", p))
    try:
        return _read_pairs(p, limit_per_set)
    except (OSError, EOFError, UnicodeDecodeError) as exc:  # a .gz that is no gzip or is cut short, bytes not UTF-8
        raise InputError(f"{p}: cannot read the training pairs ({type(exc).__name__}: {one_line(str(exc))})") from None


def _json_kind(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "a list"
    return "text" if isinstance(value, str) else "a number"


def _not_a_pair(obj: object) -> str | None:
    """Why a decoded line is no {dataset, claim, source, label} pair, or None. Types are checked, not converted: str()
    made a null claim the text "None", int() a label of 0.9 (a probability) 0 and true 1."""
    if not isinstance(obj, dict):
        return f"a pair must be a JSON object, got {_json_kind(obj)}"
    for key in ("dataset", "claim", "source", "label"):
        if key not in obj:
            return f"no {key!r}"
    for key in ("dataset", "claim", "source"):
        if not isinstance(obj[key], str):
            return f"{key} must be text, got {_json_kind(obj[key])}"
    label = obj["label"]
    if type(label) is not int or label not in (0, 1):
        return f"label must be 0 or 1, got {json.dumps(label)}"
    return None


def _read_pairs(p: Path, limit_per_set: int | None) -> list[TrainPair]:
    opener = gzip.open if p.suffix == ".gz" else open
    out: list[TrainPair] = []
    seen: Counter[str] = Counter()
    with opener(p, "rt", encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            if not line.strip():
                continue
            try:
                obj = json.loads(line)
            except (json.JSONDecodeError, RecursionError) as exc:  # too deep: [[[...
                raise InputError(f"{p}:{n}: not a training pair ({exc})") from None
            if (why := _not_a_pair(obj)) is not None:
                raise InputError(f"{p}:{n}: not a training pair ({why})")
            pair = TrainPair(obj["dataset"], obj["claim"], obj["source"], obj["label"])
            for field, text in (("claim", pair.claim), ("source", pair.source), ("dataset", pair.dataset)):
                # a lone surrogate escape (`\ud83d`) is valid JSON but no text: hashing it for the embedding cache
                # raised UnicodeEncodeError, exit 1
                if not text.isascii() and lone_surrogate_at(text) is not None:
                    raise InputError(f"{p}:{n}: not a training pair ({field} holds a lone surrogate, which is no text)")
            if limit_per_set is not None and seen[pair.dataset] >= limit_per_set:
                continue
            seen[pair.dataset] += 1
            out.append(pair)
    if len({t.label for t in out}) < 2:
        raise InputError(f"{p}: need pairs of both labels")
    return out


def set_weights(groups: np.ndarray) -> np.ndarray:
    """Sample weights giving every training set a total weight of sqrt(its size) (mean weight 1)."""
    _names, inverse, counts = np.unique(groups, return_inverse=True, return_counts=True)
    w = (np.sqrt(counts) / counts)[inverse]
    return np.asarray(w * len(groups) / w.sum(), dtype=np.float64)


def _fit(x: np.ndarray, y: np.ndarray, groups: np.ndarray) -> Any:
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    pipe = make_pipeline(StandardScaler(), LogisticRegression(C=C_REGULARISATION, max_iter=2000))
    pipe.fit(x, y, logisticregression__sample_weight=set_weights(groups))
    return pipe


def held_out_sets(y: np.ndarray, groups: np.ndarray) -> list[str]:
    """The training sets `out_of_fold` holds out: MIN_SET_PAIRS pairs or more, the other sets holding both labels."""
    return [
        g
        for g in sorted(set(groups.tolist()))
        if (groups == g).sum() >= MIN_SET_PAIRS and len(set(y[groups != g].tolist())) == 2
    ]


def out_of_fold(x: np.ndarray, y: np.ndarray, groups: np.ndarray) -> tuple[np.ndarray, dict[str, float | None]]:
    """Leave-one-set-out predictions and the AUROC on each held-out set."""
    pred = np.full(len(y), np.nan)
    per_set: dict[str, float | None] = {}
    for g in held_out_sets(y, groups):
        held = groups == g
        pred[held] = _fit(x[~held], y[~held], groups[~held]).predict_proba(x[held])[:, 1]
        per_set[g] = auroc(pred[held].tolist(), y[held].astype(bool).tolist()).value
    return pred, per_set


def fit_thresholds(pred: np.ndarray, y: np.ndarray, groups: np.ndarray) -> tuple[float, float]:
    """`verified`: the cut with the best set-weighted balanced accuracy on out-of-fold predictions; `weak`: the
    cut above which 90% of supported pairs fall (set-weighted), so `weak` catches what `verified` misses."""
    ok = ~np.isnan(pred)
    p, t, w = pred[ok], y[ok], set_weights(groups[ok])
    best, best_cut = -1.0, 0.5
    for cut in np.round(np.arange(0.2, 0.91, 0.01), 2):
        hit = p >= cut
        tpr = (w * (hit & (t == 1))).sum() / (w * (t == 1)).sum()
        tnr = (w * (~hit & (t == 0))).sum() / (w * (t == 0)).sum()
        if (tpr + tnr) / 2 > best:
            best, best_cut = (tpr + tnr) / 2, float(cut)
    pos = t == 1
    order = np.argsort(p[pos])
    cum = np.cumsum(w[pos][order]) / w[pos].sum()
    weak = float(p[pos][order][np.searchsorted(cum, 0.10)])
    return round(best_cut, 2), round(min(weak, best_cut - 0.05), 2)


@dataclass(frozen=True)
class FittedModel:
    model: dict[str, Any]  # the JSON written to audit/models/support.json
    held_out: dict[str, float | None]  # leave-one-set-out AUROC per training set (the full model)
    screen_held_out: dict[str, float | None] | None = None  # the same for the first stage


def _model_dict(
    x: np.ndarray, y: np.ndarray, groups: np.ndarray, feature_names: Sequence[str], name: str, kind: str
) -> tuple[dict[str, Any], dict[str, float | None], np.ndarray]:
    pred, per_set = out_of_fold(x, y, groups)
    pipe = _fit(x, y, groups)
    scaler, logit = pipe.named_steps["standardscaler"], pipe.named_steps["logisticregression"]
    model = {
        "name": name,
        "kind": kind,
        "features": list(feature_names),
        "mean": [round(float(v), 6) for v in scaler.mean_],
        "scale": [round(float(v), 6) for v in scaler.scale_],
        "coef": [round(float(v), 6) for v in logit.coef_[0]],
        "intercept": round(float(logit.intercept_[0]), 6),
        "held_out_auroc": {g: (round(v, 4) if v is not None else None) for g, v in per_set.items()},
    }
    return model, per_set, pred


def fit_support_model(
    x: np.ndarray,
    y: np.ndarray,
    groups: np.ndarray,
    feature_names: Sequence[str],
    screen_features: Sequence[str] | None = None,
    claims: Sequence[str] | None = None,
) -> FittedModel:
    """Fit on every pair (`x` has one column per name in `feature_names`); thresholds and held-out figures from
    leave-one-set-out runs. With `screen_features` (a subset of `feature_names`) a first-stage model over those is
    fitted too and nested as `screen` (the cascade of audit/verify/verifier.py); with it and the pairs' `claims`,
    the misattribution margin too (`fit_misattribution_margin`)."""
    model, per_set, pred = _model_dict(
        x,
        y,
        groups,
        feature_names,
        "citeaudit-support-logistic-v3",
        "standardised logistic regression (scikit-learn), P(source supports claim)",
    )
    verified, weak = fit_thresholds(pred, y, groups)
    counts = Counter(groups.tolist())
    positives = Counter(g for g, lab in zip(groups.tolist(), y.tolist(), strict=True) if lab == 1)
    model["thresholds"] = {Verdict.VERIFIED.value: verified, Verdict.WEAK.value: weak}
    model["trained_on"] = {g: {"pairs": counts[g], "supported": positives[g]} for g in sorted(counts)}
    model["settings"] = {"C": C_REGULARISATION, "set_weighting": "total weight sqrt(pairs) per dataset"}
    screen_per_set = None
    if screen_features is not None:
        cols = [list(feature_names).index(f) for f in screen_features]
        model["screen"], screen_per_set, screen_pred = _model_dict(
            x[:, cols],
            y,
            groups,
            screen_features,
            "citeaudit-support-screen-v3",
            "first stage: the same model without the transformer's cosine",
        )
        model["cascade"] = cascade_agreement(screen_pred, pred, verified, weak)
        if claims is not None:
            capped = capped_pairs(x, feature_names)
            full_c = np.where(capped, np.minimum(pred, verified - CAP_EPSILON), pred)
            screen_c = np.where(capped, np.minimum(screen_pred, verified - CAP_EPSILON), screen_pred)
            cited, other, kind = misattribution_cases(full_c, screen_c, y, claims, groups.tolist())
            verified_margin = SupportConfig().misattribution_verified_margin
            margin, grid = fit_misattribution_margin(cited, other, kind, verified, weak, verified_margin)
            model["misattribution"] = {
                "margin": margin,
                "min_other": weak,
                "verified_margin": verified_margin,
                "cases": {"misattributions": int((kind != 0).sum()), "other_citations": int((kind == 0).sum())},
                "grid": grid,
            }
    return FittedModel(model, per_set, screen_per_set)


def cascade_agreement(
    screen: np.ndarray, full: np.ndarray, verified: float, weak: float, margins: Sequence[float] = (0.05, 0.1, 0.15)
) -> list[dict[str, float]]:
    """For each margin: the share of pairs the cascade refines (screen support within the margin of a threshold)
    and the share whose cascade verdict equals the full model's, on out-of-fold predictions."""

    def level(p: np.ndarray) -> np.ndarray:
        return np.where(p >= verified, 2, np.where(p >= weak, 1, 0))

    ok = ~np.isnan(screen) & ~np.isnan(full)
    s, f = screen[ok], full[ok]
    out = []
    for m in margins:
        band = (np.abs(s - verified) <= m) | (np.abs(s - weak) <= m)
        mixed = np.where(band, f, s)
        out.append(
            {
                "margin": m,
                "refined": round(float(band.mean()), 4),
                "agreement": round(float((level(mixed) == level(f)).mean()), 4),
            }
        )
    return out


def features_key(pairs_path: str | Path, limit_per_set: int | None, verify_settings: dict[str, Any]) -> str:
    """What a cached feature matrix depends on: the pairs file, the subset, the feature code and the embedding."""
    from audit.verify.features import FEATURE_NAMES, FEATURES_VERSION
    from audit.verify.static import resolve_static_path

    h = hashlib.sha256(Path(pairs_path).read_bytes())
    h.update(f"features v{FEATURES_VERSION}".encode())
    h.update((resolve_static_path(str(verify_settings.get("static_model", ""))) / "model.safetensors").read_bytes())
    if verify_settings.get("quantize") == "int8":
        from audit.verify.onnx_model import INT8_MODEL

        h.update((INT8_MODEL / "model.onnx").read_bytes())
    h.update(json.dumps([limit_per_set, FEATURE_NAMES, verify_settings], sort_keys=True).encode())
    return h.hexdigest()


def cached_features(cache: str | Path, key: str, rows: int) -> np.ndarray | None:
    """The features in `cache` when they were computed for `key` (`rows` pairs); None when there is no such file or
    it holds other pairs' (it is then rewritten). A file that is no features file `training_features` wrote is an
    error, left as it is: it may be anything (a typo for the pairs file)."""
    if not Path(cache).is_file():
        return None
    try:
        with np.load(cache) as z:
            got_key, x = str(z["key"]), np.asarray(z["x"])
    except (OSError, ValueError, KeyError, TypeError, zipfile.BadZipFile) as exc:
        raise InputError(
            f"--features-cache {cache} is not a features file calibrate wrote ({type(exc).__name__}: "
            f"{one_line(str(exc))}): give a new file name or remove it (it was left as it is)"
        ) from None
    return x if got_key == key and len(x) == rows else None


def training_features(
    pairs: Sequence[TrainPair], key: str, cache: str | Path | None, config_path: str | None
) -> np.ndarray:
    """The full feature matrix of the pairs, computed by the audit's own code (slow: the embedding model runs over
    every pair's candidate windows) or read from `cache` when it was computed from the same inputs."""
    from audit.config import load_config
    from audit.pipeline import make_scorer
    from audit.verify.verifier import featurize

    cached = cached_features(cache, key, len(pairs)) if cache is not None else None
    if cached is not None:
        return cached
    cfg = load_config(config_path)
    # every pair gets the transformer's cosine: the full model is fitted on it, the first stage ignores it
    x = featurize([(p.claim, p.source) for p in pairs], cfg, make_scorer(cfg), refine="all", align=True).x
    if cache is not None:  # through a file: numpy adds .npz to a name it is given without it (never read back)
        with Path(cache).open("wb") as fh:
            np.savez_compressed(fh, x=x, key=np.array(key))
    return x


def run_calibration(
    pairs_path: str | Path,
    out: str | Path,
    limit_per_set: int | None = None,
    config_path: str | None = None,
    features_cache: str | Path | None = None,
) -> FittedModel:
    """Featurize the training pairs with the audit's own code, fit, and write the model and its card."""
    import dataclasses

    from audit.config import load_config
    from audit.verify.features import FEATURE_NAMES
    from audit.verify.static import resolve_static_path

    output_file(
        out, "--out", ("a support model (JSON)", ("coef", "thresholds"))
    )  # before the work: its end writes there
    pairs = read_pairs(pairs_path, limit_per_set)
    verify = dataclasses.asdict(load_config(config_path).verify)
    # settings with no effect on the training features
    for setting in ("batch_size", "device", "refine", "refine_margin", "uncited_top_k_windows"):
        verify.pop(setting)
    y = np.array([p.label for p in pairs])
    groups = np.array([p.dataset for p in pairs])
    if len(set(y[np.isin(groups, held_out_sets(y, groups))].tolist())) < 2:  # checked before the features are made
        raise InputError(
            f"{pairs_path}: too few pairs to fit the thresholds: they are fitted on leave-one-set-out predictions, "
            f"which need training sets of {MIN_SET_PAIRS} or more pairs, each beside other sets with both labels, "
            "and both labels among them: give more pairs (or a larger --limit-per-set)"
        )
    key = features_key(pairs_path, limit_per_set, verify)
    x = training_features(pairs, key, features_cache, config_path)
    full = (*MODEL_FEATURES, *SECOND_STAGE_FEATURES)
    cols = [FEATURE_NAMES.index(f) for f in full]
    fitted = fit_support_model(
        x[:, cols], y, groups, full, screen_features=MODEL_FEATURES, claims=[p.claim for p in pairs]
    )
    # the first stage's features depend on the static embedding: record which one they were computed with
    static = resolve_static_path(str(verify.get("static_model", ""))) / "model.safetensors"
    fitted.model["static_model_sha256"] = hashlib.sha256(static.read_bytes()).hexdigest()
    out_path = Path(out)
    write_output(out_path, json.dumps(fitted.model, indent=1) + "\n", "--out")
    write_output(out_path.parent / "SUPPORT_MODEL_CARD.md", card_text(fitted.model, str(pairs_path)), "--out")
    return fitted
