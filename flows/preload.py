"""A Dask worker preload: `dask worker tcp://scheduler:8786 --preload flows.preload`.

Imports what a shard task needs (Prefect, the audit pipeline, ONNX Runtime, the static model's library) when the
worker process starts, not when its first shard arrives: ~2 s of CPU per worker process (measured here) that would sit
at the start of the first night's timed run, on every worker at once. It then loads the default models (the packaged
MiniLM in int8 on the worker's threads, the static embedding: ~0.3 s) the way a shard would, so a shard of the
default configuration finds them loaded; another configuration's models still load on its first shard (or at worker
start with the `WarmModels` plugin: README "Scaling out"). A model that cannot load here is logged, never fatal: the
shard that needs it reports the error.
"""

from __future__ import annotations

import importlib
import logging

log = logging.getLogger(__name__)

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


def warm_default_models(threads: int) -> None:
    """Load the default configuration's models as a shard on a worker of `threads` threads would."""
    from audit.config import AuditConfig
    from flows.nightly import warm_models

    try:
        warm_models(AuditConfig(), threads)
    except Exception as exc:  # a worker must start whatever the models do; the first shard says what is wrong
        log.warning("citeaudit preload: the default models did not load (%s); shards load their own", exc)


def dask_setup(worker: object) -> None:  # the hook `dask worker --preload` calls at worker start
    from audit.gc_tuning import pace_collector

    pace_collector()
    import_all()
    state = getattr(worker, "state", None)
    warm_default_models(int(getattr(state, "nthreads", 0) or 1))
