"""The calibrated `support` score and the verdict thresholds. Pure functions.

support = sigmoid(intercept + w_semantic*semantic + w_lexical*lexical + w_keyfacts*keyfacts)

- semantic: best-window cosine (or cross-encoder probability) in [0, 1]
- lexical: max(rapidfuzz partial alignment, keyword overlap) of the claim in the source, in [0, 1]
- keyfacts: share of the claim's numbers, dates and names found in the source (1 when it states none)

The weights are fitted by `citeaudit calibrate` (logistic regression on labelled claims) and live in config.
An exact (verbatim) match is decided by the cascade before the model: support 1.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from audit.config import SupportConfig

FEATURES = ("semantic", "lexical", "keyfacts")


@dataclass(frozen=True)
class Features:
    semantic: float | None
    lexical: float
    overlap: float | None
    keyfacts: float | None

    def vector(self) -> tuple[float, float, float]:
        """Feature values for the model; missing measurements get a neutral value, documented here:
        no semantic score -> 0 (nothing measured supports the claim), no key facts -> 1 (nothing missing)."""
        lexical = max(self.lexical, self.overlap if self.overlap is not None else 0.0)
        return (
            self.semantic if self.semantic is not None else 0.0,
            lexical,
            self.keyfacts if self.keyfacts is not None else 1.0,
        )


def support_score(f: Features, cfg: SupportConfig) -> float:
    s, lex, kf = f.vector()
    z = cfg.intercept + cfg.w_semantic * s + cfg.w_lexical * lex + cfg.w_keyfacts * kf
    return 1.0 / (1.0 + math.exp(-z))


def verdict_for(support: float, cfg: SupportConfig) -> str:
    if support >= cfg.verified:
        return "verified"
    if support >= cfg.weak:
        return "weak"
    return "unsupported"
