"""A Dask worker preload: `dask worker tcp://scheduler:8786 --preload flows.preload`.

Imports what a shard task needs (Prefect, the audit pipeline, ONNX Runtime, the static model's library) when the
worker process starts, not when its first shard arrives: ~2 s of CPU per worker process (measured here) that would sit
at the start of the first night's timed run, on every worker at once. It then loads the default models (the packaged
MiniLM in int8 on the worker's threads, the static embedding: ~0.3 s) the way a shard would, so a shard of the
default configuration finds them loaded; another configuration's models still load on its first shard (or at worker
start with the `WarmModels` plugin: README "Scaling out"). A model that cannot load here is logged, never fatal: the
shard that needs it reports the error. It also paces the garbage collector as the command does (`audit.gc_tuning`)
and asks the Prefect API (PREFECT_API_URL) for its version, which Prefect otherwise asks at the worker's first task
run.
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


def check_prefect_api() -> None:
    """Ask the Prefect API named by PREFECT_API_URL for its version, as a worker's first task run would (Prefect
    checks it once per process): ~0.3 s of the first shard's start on a fresh worker, measured here. The client is
    made for that URL, not from Prefect's settings: a worker whose main module imported Prefect before the nanny set
    its environment holds settings without the URL, and a client made from them would start a temporary server of
    its own. Without PREFECT_API_URL nothing is asked; an API that does not answer is logged, never fatal: the first
    task run says what is wrong."""
    import os

    url = os.environ.get("PREFECT_API_URL")
    if not url:
        return
    try:
        from prefect.client.orchestration import SyncPrefectClient
        from prefect.settings import get_current_settings

        api = get_current_settings().api
        key = api.key.get_secret_value() if api.key else os.environ.get("PREFECT_API_KEY")
        auth = api.auth_string.get_secret_value() if api.auth_string else os.environ.get("PREFECT_API_AUTH_STRING")
        with SyncPrefectClient(url, api_key=key, auth_string=auth) as client:
            client.raise_for_api_version_mismatch_once()
    except Exception as exc:
        log.warning("citeaudit preload: the Prefect API did not answer (%s); the first task run asks again", exc)


def dask_setup(worker: object) -> None:  # the hook `dask worker --preload` calls at worker start
    from audit.gc_tuning import pace_collector

    pace_collector()
    import_all()
    check_prefect_api()
    state = getattr(worker, "state", None)
    warm_default_models(int(getattr(state, "nthreads", 0) or 1))
