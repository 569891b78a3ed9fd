"""A Dask worker preload: `dask worker tcp://scheduler:8786 --preload flows.preload`.

Imports what a shard task needs (Prefect, the audit pipeline, ONNX Runtime, the static model's library) when the
worker process starts, not when its first shard arrives: ~2 s of CPU per worker process (measured here) that would sit
at the start of the first night's timed run, on every worker at once. The models themselves still load on the
first shard (or at worker start with the `WarmModels` plugin: README "Scaling out").
"""

from __future__ import annotations

import importlib

MODULES = (
    "flows.nightly",
    "audit.pipeline",
    "audit.verify.verifier",
    "onnxruntime",
    "tokenizers",
    "model2vec",
)


def import_all() -> None:
    for name in MODULES:
        importlib.import_module(name)


def dask_setup(worker: object) -> None:  # the hook `dask worker --preload` calls at worker start
    import_all()
