"""The `support` score: P(the source supports the claim) from the pair features. Pure given a loaded model.

The model is a standardised logistic regression over `FEATURE_NAMES`, fitted by scikit-learn on public training
pairs only (`citeaudit calibrate`, see `audit/models/SUPPORT_MODEL_CARD.md`). It ships as a small JSON file a person
can read: feature names, scaling, one weight per feature, the intercept, and what it was fitted on. A second,
nested model (`screen`) over the same features minus the transformer's cosine is the cascade's first stage.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from audit.errors import ConfigError, not_found
from audit.verify.features import FEATURE_NAMES

PACKAGED_MODEL = Path(__file__).resolve().parent.parent / "models" / "support.json"


@dataclass(frozen=True)
class SupportModel:
    name: str
    features: tuple[str, ...]
    columns: np.ndarray  # where each of `features` sits in the full FEATURE_NAMES vector
    mean: np.ndarray
    scale: np.ndarray
    coef: np.ndarray
    intercept: float
    digest: str  # sha256 of the model file: recorded with every run
    trained_on: tuple[tuple[str, int], ...] = ()  # (training set, pairs): what the model saw
    screen: SupportModel | None = None  # the first stage: the same kind of model without `cos_transformer`

    @property
    def needs_transformer(self) -> bool:
        return "cos_transformer" in self.features or self.needs_alignment

    @property
    def needs_alignment(self) -> bool:
        return "token_align" in self.features

    def predict(self, x: np.ndarray) -> np.ndarray:
        """P(supported) for each row of a (n, len(FEATURE_NAMES)) feature matrix."""
        if x.size == 0:
            return np.zeros(0)
        # Summed feature by feature, element-wise: a matrix product's last bit depends on how many rows BLAS sees,
        # and a claim's support must not depend on its shard or batch.
        scaled = (x[:, self.columns] - self.mean) / self.scale
        z = np.full(len(x), self.intercept, dtype=np.float64)
        for j, weight in enumerate(self.coef):
            z = z + scaled[:, j] * weight
        return np.asarray(1.0 / (1.0 + np.exp(-np.clip(z, -50.0, 50.0))), dtype=np.float64)


def model_from_dict(data: dict[str, Any], digest: str = "", where: str = "<dict>") -> SupportModel:
    """Build a model from its JSON form, checking it speaks the features this code computes."""
    try:
        features = tuple(data["features"])
        mean = np.asarray(data["mean"], dtype=np.float64)
        scale = np.asarray(data["scale"], dtype=np.float64)
        coef = np.asarray(data["coef"], dtype=np.float64)
        intercept = float(data["intercept"])
        name = str(data.get("name", "support"))
        seen = tuple((str(k), int(v.get("pairs", 0))) for k, v in (data.get("trained_on") or {}).items())
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise ConfigError(f"{where}: not a support model file ({type(exc).__name__}: {exc})") from None
    if not (np.all(np.isfinite(mean)) and np.all(np.isfinite(scale)) and np.all(np.isfinite(coef))) or not (
        np.isfinite(intercept)
    ):  # JSON NaN: every support NaN, every such citation `unsupported` without a word
        raise ConfigError(f"{where}: model mean, scale, coef and intercept must be finite numbers")
    unknown = [f for f in features if f not in FEATURE_NAMES]
    if unknown or not features:
        raise ConfigError(f"{where}: model features {unknown or '[]'} are not among this code's {list(FEATURE_NAMES)}")
    if not (len(mean) == len(scale) == len(coef) == len(features)) or np.any(scale <= 0):
        raise ConfigError(f"{where}: model arrays do not match its {len(features)} features")
    columns = np.array([FEATURE_NAMES.index(f) for f in features])
    screen = None
    if data.get("screen") is not None:
        if not isinstance(data["screen"], dict):
            raise ConfigError(f"{where}: `screen` must be a model object")
        screen = model_from_dict(data["screen"], digest, f"{where} (screen)")
        if screen.needs_transformer:
            raise ConfigError(f"{where}: the screen model must not use cos_transformer or token_align (it runs first)")
    return SupportModel(name, features, columns, mean, scale, coef, intercept, digest, seen, screen)


@cache
def load_support_model(path: str = "") -> SupportModel:
    """The packaged model, or the one at `path` (`[support] model`)."""
    p = Path(path) if path else PACKAGED_MODEL
    if not p.is_file():
        raise ConfigError(not_found("support model file", p))
    try:
        raw = p.read_bytes()
        data = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise ConfigError(f"{p}: not valid JSON: {exc}") from None
    except RecursionError:  # [[[[...]]]] past Python's recursion limit
        raise ConfigError(f"{p}: not valid JSON: nested too deeply") from None
    except UnicodeDecodeError as exc:  # json.loads takes UTF-8, -16 or -32 bytes; Latin-1 text is none of them
        raise ConfigError(f"{p}: not valid JSON: a support model file is UTF-8, byte {exc.start} is not") from None
    except OSError as exc:
        raise ConfigError(f"{p}: cannot read the support model file: {exc.strerror}") from None
    return model_from_dict(data, hashlib.sha256(raw).hexdigest(), str(p))


def provenance(path: str = "") -> str:
    """One line on what the support model saw, printed with every evaluation so figures can be judged."""
    m = load_support_model(path)
    seen = ", ".join(f"{name} ({pairs})" for name, pairs in m.trained_on) or "unknown"
    return f"support model {m.name} sha256:{m.digest[:12]}, fitted only on training pairs: {seen}"
