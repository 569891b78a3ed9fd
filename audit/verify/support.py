"""The calibrated `support` score and the verdict thresholds. Pure functions.

    support = sigmoid(intercept + w_semantic * semantic + w_lexical * lexical + w_numbers * numbers)

- semantic: best cosine between the claim and the source's candidate windows (or the cross-encoder's probability)
- lexical: min(rapidfuzz partial alignment of the claim in the source, share of the claim's content words found)
- numbers: share of the claim's numbers found in the source (1 when it states none)

The four weights are a logistic regression fitted by `citeaudit calibrate` on labelled claims (see README);
they live in config. A verbatim match is decided by the cascade before the model: support 1.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from audit.config import SupportConfig

FEATURES = ("semantic", "lexical", "numbers")


@dataclass(frozen=True)
class Features:
    semantic: float | None
    lexical: float
    numbers: float

    def vector(self) -> tuple[float, float, float]:
        """Values for the model; a missing semantic score counts as 0 (nothing measured supports the claim)."""
        return (self.semantic if self.semantic is not None else 0.0, self.lexical, self.numbers)


def logit(f: Features, cfg: SupportConfig) -> float:
    s, lex, num = f.vector()
    return cfg.intercept + cfg.w_semantic * s + cfg.w_lexical * lex + cfg.w_numbers * num


def support_score(f: Features, cfg: SupportConfig) -> float:
    z = logit(f, cfg)
    return 1.0 / (1.0 + math.exp(-z)) if z > -700 else 0.0


def verdict_for(support: float, cfg: SupportConfig) -> str:
    if support >= cfg.verified:
        return "verified"
    if support >= cfg.weak:
        return "weak"
    return "unsupported"


def is_misattributed(cited: float, best_other: float, cfg: SupportConfig) -> bool:
    """The cited source does not support the claim (not verified), another retrieved one clearly does."""
    return (
        cited < cfg.verified
        and best_other >= cfg.misattribution_min_other
        and best_other - cited >= cfg.misattribution_margin
    )
