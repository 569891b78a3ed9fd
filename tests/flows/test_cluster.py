"""The flow on a real Dask LocalCluster: a worker killed mid-shard loses and duplicates nothing; workers pin torch."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import cloudpickle
import faults
import pytest
from flow_helpers import DAY1, completed_runs, result_rows

from flows.nightly import nightly_audit


def test_worker_killed_mid_shard_loses_and_duplicates_nothing(
    baseline: dict[str, Any],
    warm_db: Path,
    logs: Path,
    sharded_config: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    prefect_harness: str,
) -> None:
    from distributed import LocalCluster

    marker = tmp_path / "worker-killed"
    cloudpickle.register_pickle_by_value(faults)  # the test's fault travels to the workers by value
    env = {"PREFECT_API_URL": prefect_harness}  # workers report to the test's Prefect API
    with LocalCluster(n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None, env=env) as cluster:
        with cluster.get_client() as client:
            pids_before = set(client.run(os.getpid).values())
            client.run(faults.kill_worker_once_in, str(marker))
        summaries = nightly_audit(
            day=DAY1, input=str(logs), db=str(warm_db), config=sharded_config, dask_address=cluster.scheduler_address
        )
        with cluster.get_client() as client:
            pids_after = set(client.run(os.getpid).values())
    assert marker.exists() and pids_after != pids_before  # one worker process really died and was replaced
    assert summaries[0]["shards"] > 1
    assert result_rows(warm_db, DAY1) == result_rows(baseline["db"], DAY1)  # nothing lost, nothing twice
    assert [r[0] for r in completed_runs(warm_db)] == [DAY1]


def _fitted_threads(quantize: str) -> tuple[bool, int]:
    """(torch imported after fitting the worker's threads, torch's thread count or 0)."""
    import sys

    from audit.config import AuditConfig, VerifyConfig
    from flows.nightly import _fit_torch_threads

    _fit_torch_threads(AuditConfig(verify=VerifyConfig(quantize=quantize)))
    if "torch" not in sys.modules:
        return False, 0
    import torch

    return True, int(torch.get_num_threads())


def test_torch_threads_follow_the_worker_thread_count() -> None:
    from distributed import LocalCluster

    with (
        LocalCluster(n_workers=1, processes=True, threads_per_worker=3, dashboard_address=None) as cluster,
        cluster.get_client() as client,
    ):
        # the int8 default runs on ONNX Runtime: a fresh worker never imports torch (~1.5 s of its first shard)
        assert client.submit(_fitted_threads, "int8", pure=False).result() == (False, 0)
        # float MiniLM runs on torch: its threads follow the worker's (as a task, like a shard)
        assert client.submit(_fitted_threads, "none", pure=False).result() == (True, 3)


def _loaded_models() -> tuple[int, int, int]:
    """(int8 transformers loaded, static models loaded, threads per call of the loaded int8 transformer or 0)."""
    from audit.verify.onnx_model import load_int8
    from audit.verify.static import _load

    int8 = load_int8.cache_info().currsize
    threads = 0
    if int8:
        from audit.verify.onnx_model import INT8_MODEL

        threads = load_int8(str(INT8_MODEL), 1).session.get_session_options().intra_op_num_threads
    return int8, _load.cache_info().currsize, threads


def test_warm_models_plugin_loads_both_models_when_a_worker_starts() -> None:
    from distributed import LocalCluster

    from flows.nightly import WarmModels

    with (
        LocalCluster(n_workers=1, processes=True, threads_per_worker=1, dashboard_address=None) as cluster,
        cluster.get_client() as client,
    ):
        before = client.run(_loaded_models)
        client.register_plugin(WarmModels(None), name="citeaudit-warm-models")
        after = client.run(_loaded_models)
    [(minilm0, static0, _)] = before.values()
    [(minilm1, static1, threads)] = after.values()
    assert (minilm0, static0) == (0, 0)  # nothing loaded by a fresh worker ...
    # ... both models after the plugin, the transformer on the worker's one thread (a second load would add one)
    assert (minilm1, static1, threads) == (1, 1, 1)


# evaluated on the worker by the builtin `eval`: a function of this module would import this module there, and
# with it the pipeline (`from flows.nightly import ...` above), which is what the test looks for
_IMPORTED = "tuple(m in __import__('sys').modules for m in ('audit.pipeline', 'onnxruntime', 'torch', 'matplotlib'))"
# ... and how many int8 model sessions are loaded (the preload loads the default one, as a shard would)
_WARM = (
    "(lambda m: m.load_int8.cache_info().currsize if m else 0)"
    "(__import__('sys').modules.get('audit.verify.onnx_model'))"
)


def test_preload_imports_the_pipeline_and_loads_the_models_when_a_worker_starts_never_torch_or_matplotlib() -> None:
    from distributed import LocalCluster

    # preloaded: the pipeline and the default models, never torch (the int8 default runs on ONNX Runtime) or
    # matplotlib (workers never draw)
    for preload, expected, sessions in (([], (False,) * 4, 0), (["flows.preload"], (True, True, False, False), 1)):
        with (
            LocalCluster(
                n_workers=1, processes=True, threads_per_worker=1, dashboard_address=None, preload=preload
            ) as cluster,
            cluster.get_client() as client,
        ):
            (state,) = client.run(eval, _IMPORTED).values()  # before any task ran on the worker
            (loaded,) = client.run(eval, _WARM).values()
        assert state == expected, preload
        assert loaded == sessions, preload


# on the worker: its collector's first-generation threshold, whether the Prefect API's version was asked already
# (Prefect asks once per process, API and client version, at the first task run otherwise), and its child processes
# (asking must never start a temporary Prefect server in the worker)
_PACED_AND_ASKED = (
    "(lambda gc, o: (gc.get_threshold()[0], o._is_api_version_check_cached(o._api_version_check_key("
    "str(o.get_client(sync_client=True).api_url), __import__('prefect').__version__)), "
    "len(__import__('psutil').Process().children(recursive=True))))"
    "(__import__('gc'), __import__('prefect.client.orchestration', fromlist=['get_client']))"
)


def test_preload_paces_the_collector_and_asks_the_prefect_api_before_the_first_task(prefect_harness: str) -> None:
    from distributed import LocalCluster

    from audit.gc_tuning import FIRST_GENERATION

    env = {"PREFECT_API_URL": prefect_harness}
    for preload, expected in (([], False), (["flows.preload"], True)):
        with (
            LocalCluster(
                n_workers=1, processes=True, threads_per_worker=1, dashboard_address=None, env=env, preload=preload
            ) as cluster,
            cluster.get_client() as client,
        ):
            ((threshold, asked, children),) = client.run(eval, _PACED_AND_ASKED).values()
        assert (threshold >= FIRST_GENERATION, asked, children) == (expected, expected, 0), preload
