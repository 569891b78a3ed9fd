"""Fingerprints of the models behind the verdicts, for exports: the SHA-256 of each model's card and weights.

A sentence-transformers folder carries its model card as README.md. Besides the configured embedding model (its
float weights), the models the audit runs are fingerprinted: the first stage's static embedding and, with
`quantize = "int8"`, the int8 ONNX graph MiniLM runs as. Cards shipped in this repository (any file named like
`*model_card*` or `MODEL_CARD*` in any case, e.g. the support model's SUPPORT_MODEL_CARD.md, under `audit/` or
`models/`; code such as this module is no card) are hashed too. `models_stamp` is the cheap fingerprint (stat only)
of the same model folders that keys a run's shard work dir.
"""

from __future__ import annotations

import hashlib
import json
import stat
from fnmatch import fnmatch
from pathlib import Path
from typing import Any

from audit.config import AuditConfig
from audit.errors import ConfigError
from audit.verify.onnx_model import INT8_MODEL
from audit.verify.semantic import resolve_model_path
from audit.verify.static import resolve_static_path
from audit.verify.weights import file_sha256, weights_file

REPO = Path(__file__).resolve().parent.parent
_CARD_DIRS = ("audit", "models")
_CARD_PATTERNS = ("*model_card*", "MODEL_CARD*", "*.card.md")


def folder_fingerprint(name: str, folder: Path | None = None, weights: Path | None = None) -> dict[str, Any]:
    """Card and weights hashes of a model given by name or local folder (or by its folder and weights file)."""
    folder = folder or Path(resolve_model_path(name))
    card = folder / "README.md"
    weights = weights or weights_file(folder)
    return {
        "name": name,
        "card_sha256": file_sha256(card) if card.is_file() else None,
        "weights_sha256": file_sha256(weights) if weights else None,
    }


def repo_model_cards(root: Path = REPO) -> dict[str, str]:
    """Model cards shipped in the repository: relative path -> SHA-256."""
    found: dict[str, str] = {}
    for d in _CARD_DIRS:
        for p in sorted((root / d).rglob("*")):
            # in any case (SUPPORT_MODEL_CARD.md), and never code (audit/model_card.py)
            name = p.name.lower()
            if p.is_file() and p.suffix != ".py" and any(fnmatch(name, pat.lower()) for pat in _CARD_PATTERNS):
                found[str(p.relative_to(root))] = file_sha256(p)
    return found


def model_fingerprints(cfg: AuditConfig) -> dict[str, Any]:
    out: dict[str, Any] = {"embedding_model": folder_fingerprint(cfg.verify.model)}
    static = resolve_static_path(cfg.verify.static_model)
    out["static_model"] = folder_fingerprint(cfg.verify.static_model or static.name, static)
    if cfg.verify.quantize == "int8":
        out["int8_model"] = folder_fingerprint(INT8_MODEL.name, INT8_MODEL, INT8_MODEL / "model.onnx")
    if cfg.verify.nli_model:
        out["nli_model"] = folder_fingerprint(cfg.verify.nli_model)
    out["support_model"] = support_fingerprint(cfg.support.model)
    out["repository_cards"] = repo_model_cards()
    return out


def support_fingerprint(path: str = "") -> dict[str, Any]:
    """The support model behind the verdicts: its name, the SHA-256 of its file and card, and its weights."""
    from audit.verify.support import PACKAGED_MODEL, load_support_model

    p = Path(path) if path else PACKAGED_MODEL
    model = load_support_model(path)
    card = p.parent / "SUPPORT_MODEL_CARD.md"
    return {
        "name": model.name,
        "file_sha256": model.digest,
        "card_sha256": file_sha256(card) if card.is_file() else None,
        "features": list(model.features),
        "coef": [float(c) for c in model.coef],
        "intercept": model.intercept,
    }


def model_folders(cfg: AuditConfig) -> list[Path]:
    """The folders of the models a run of `cfg` embeds and scores with (the support model is a file of its own)."""
    folders = [Path(resolve_model_path(cfg.verify.model)), resolve_static_path(cfg.verify.static_model)]
    if cfg.verify.quantize == "int8":
        folders.append(INT8_MODEL)
    if cfg.verify.nli_model:
        folders.append(Path(cfg.verify.nli_model).resolve())
    return folders


def models_stamp(cfg: AuditConfig) -> str:
    """A cheap fingerprint of the model folders' contents, for the shard work dir's key (`runner.plan_run`): each
    file's path, size, mtime and ctime. Writing a file changes its ctime, which no copy or `touch` can set back, so a
    model swapped in at the same path (even of the same size, its mtime restored) is a new stamp; one stat a file, no
    hashing of weights, on the run's serial start. A folder that cannot be read stamps its error (the load names it)."""
    stats: list[object] = []
    try:
        for folder in model_folders(cfg):
            for path in sorted(folder.rglob("*")):
                st = path.stat()
                if stat.S_ISREG(st.st_mode):
                    stats.append([str(path), st.st_size, st.st_mtime_ns, st.st_ctime_ns])
    except (OSError, ConfigError) as exc:
        stats.append(f"{type(exc).__name__}: {exc}")
    return hashlib.sha256(json.dumps(stats).encode()).hexdigest()[:16]
