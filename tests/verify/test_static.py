"""The first-stage static embedding, with the real packaged model."""

from __future__ import annotations

import hashlib
import json

import numpy as np
import pytest

from audit.errors import ConfigError
from audit.verify.static import PACKAGED_STATIC, StaticScorer, resolve_static_path
from audit.verify.support import PACKAGED_MODEL


@pytest.fixture(scope="module")
def static():
    return StaticScorer()


def test_paraphrase_scores_above_an_unrelated_window(static):
    [sims] = static.window_scores(
        ["Refunds are paid within thirty days of the return."],
        [["We refund the money within 30 days after receiving the returned item.", "The CEO moved to Lyon in 2019."]],
    )
    assert sims.shape == (2,) and sims[0] > sims[1] + 0.2
    assert ((sims >= 0) & (sims <= 1)).all()


def test_texts_without_known_tokens_embed_as_zeros_not_nan(static):
    emb = static.encode(["", "\u2063\u2063", "ordinary words"])
    assert np.isfinite(emb).all()
    assert np.linalg.norm(emb[2]) == pytest.approx(1.0, abs=1e-4)
    [sims] = static.window_scores([""], [["ordinary words"]])
    assert sims.tolist() == [0.0]


def test_a_claim_without_windows_gets_an_empty_score(static):
    assert [s.tolist() for s in static.window_scores(["a claim"], [[]])] == [[]]


def test_missing_model_folder_is_a_config_error(tmp_path):
    with pytest.raises(ConfigError, match="distill-static"):
        resolve_static_path(str(tmp_path))


def test_packaged_support_model_was_fitted_on_the_packaged_static_embedding():
    recorded = json.loads(PACKAGED_MODEL.read_text())["static_model_sha256"]
    assert recorded == hashlib.sha256((PACKAGED_STATIC / "model.safetensors").read_bytes()).hexdigest()
