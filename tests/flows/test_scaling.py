"""`citeaudit bench --dask N`: one real day through the flow on the local runner and on real LocalClusters of 1 and
N single-thread workers, the same tables from each (the speed figures themselves are not asserted: README)."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest
from click.testing import CliRunner

from audit.cli import main
from audit.sample.generate import write_sample

DAY = date(2026, 10, 5)


@pytest.fixture(scope="module")
def busy_day(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("scaling") / "answers"
    # 80 answers: one shard of estimated work for one worker, cut in two for two; each run's cost is mostly its
    # cluster's start (160 checked the same)
    write_sample(out, rows=80, days=1, seed=5, start=DAY, hive=True)
    return out


def test_bench_dask_times_one_day_on_every_runner_with_the_same_tables(busy_day: Path, tmp_path: Path) -> None:
    out = tmp_path / "scaling.json"
    res = CliRunner().invoke(
        main, ["bench", "--dask", "2", "--repeat", "2", "--input", str(busy_day), "--json", str(out)]
    )
    assert res.exit_code == 0, res.output
    figures = json.loads(out.read_text())
    # each cluster timed twice, each time cold (a fresh cluster and database), its median run its figure; the local
    # runner once (a second run in the same process would find its caches warm)
    assert figures["repeat"] == 2
    runs = figures["seconds_by_runner"]
    assert {k: len(v) for k, v in runs.items()} == {"local runner": 1, "dask 1 worker": 2, "dask 2 workers": 2}
    assert figures["dask_2_seconds"] == pytest.approx(sum(runs["dask 2 workers"]) / 2, abs=0.02)
    assert figures["identical_tables"] is True
    assert figures["preload"] is True and figures["warm_workers"] is False
    assert 50 < figures["answers"] <= 80  # the day's rows (a sample row without a logged_at is on no day)
    shards = figures["shards_by_runner"]
    # ~1.5 s of estimated work: one shard for one worker, cut so each of the cluster's 2 workers has one
    assert shards["dask 1 worker"] == shards["local runner"] == 1
    assert shards["dask 2 workers"] >= 2
    for key in ("local_seconds", "dask_1_seconds", "dask_2_seconds"):
        assert figures[key] > 0
    assert figures["speedup"] == pytest.approx(figures["dask_1_seconds"] / figures["dask_2_seconds"], abs=0.01)
    assert "speed-up 2 workers vs 1" in res.output and "identical tables: yes" in res.output


@pytest.mark.parametrize("workers", ["1", "0"])
def test_bench_dask_needs_two_workers_or_more(busy_day: Path, workers: str) -> None:
    # `--dask 0` ran the single-process benchmark instead, exit 0 (reliability round 5)
    res = CliRunner().invoke(main, ["bench", "--dask", workers, "--input", str(busy_day)])
    assert res.exit_code == 2 and "at least 2" in res.output and "Traceback" not in res.output
