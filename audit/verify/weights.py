"""A model folder's weights file and file digests (cached by mtime and size), shared by the embedding cache's key
(`semantic.model_key`) and the exports' model fingerprints (`audit/model_card.py`)."""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path

WEIGHT_FILES = ("model.safetensors", "pytorch_model.bin")


@cache
def _sha256(path: str, mtime_ns: int, size: int) -> str:  # keyed by mtime and size: a changed file is re-hashed
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def file_sha256(path: Path) -> str:
    st = path.stat()
    return _sha256(str(path), st.st_mtime_ns, st.st_size)


def weights_file(folder: Path) -> Path | None:
    """A model folder's weights file, if it has one of the known names."""
    return next((folder / w for w in WEIGHT_FILES if (folder / w).is_file()), None)
