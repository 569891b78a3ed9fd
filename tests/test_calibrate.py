from __future__ import annotations

import numpy as np
import pytest

from audit.calibrate import FeatureRow, LabelledSet, calibrate, claim_features, fit_logistic
from audit.config import AuditConfig


def test_fit_recovers_known_coefficients():
    rng = np.random.default_rng(0)
    x = rng.uniform(0, 1, size=(20000, 3))
    true = np.array([-4.0, 3.0, 5.0, 2.0])
    p = 1 / (1 + np.exp(-(true[0] + x @ true[1:])))
    y = (rng.uniform(size=len(p)) < p).astype(float)
    beta = fit_logistic(x, y, np.ones(len(y)), l2=0.0)
    assert beta == pytest.approx(true, abs=0.25)


def test_claim_features_take_the_max_and_count_verbatim_as_cosine_one():
    rows = [
        FeatureRow("a", 1, 0, 0.4, 0.5, 1.0, False),
        FeatureRow("a", 2, 0, None, 1.0, 0.5, True),
        FeatureRow("a", 3, 0, None, None, None, False),
    ]
    assert claim_features(rows) == (1.0, 1.0, 1.0)
    assert claim_features([FeatureRow("a", 1, 0, None, None, None, False)]) is None


def test_calibration_separates_and_reports_held_out():
    rng = np.random.default_rng(1)

    def labelled(name: str, n: int) -> LabelledSet:
        y = rng.integers(0, 2, size=n).astype(float)
        x = np.clip(rng.normal(0.4 + 0.3 * y[:, None], 0.15, size=(n, 3)), 0, 1)
        return LabelledSet(name, x, y)

    result = calibrate([labelled("one", 300), labelled("two", 500)], AuditConfig())
    for r in result.sets.values():
        assert r["auroc_after"] > 0.8
        assert r["auroc_held_out"] is not None and r["auroc_held_out"] > 0.8
    assert result.support.w_semantic > 0 and result.support.w_lexical > 0
