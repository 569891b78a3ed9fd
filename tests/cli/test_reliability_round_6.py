"""Reliability sweep, round 6 ("nothing lost, nothing let in"), through the real `citeaudit` command: an option that
would be ignored is refused before any work."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from audit.cli import main


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["--warm-workers"], "--warm-workers applies only with --dask N"),
        (["--repeat", "5"], "--repeat applies only with --dask N"),
        (["--repeat", "3"], "--repeat applies only with --dask N"),  # the default's value, given: still ignored
        (["--no-preload", "--rows", "2"], "--no-preload applies only with --dask N"),
        (["--dask", "2", "--profile", "tiny"], "--profile does not apply with --dask N"),
        (["--dask", "2", "--naive-rows", "0"], "--naive-rows does not apply with --dask N"),
        (["--input", "logs", "--rows", "50"], "--rows shapes the generated answers, and --input times that log"),
        (["--input", "logs", "--seed", "2"], "--seed shapes the generated answers"),
        (["--days", "3"], "--days applies only with --profile tiny"),
    ],
    ids=lambda v: " ".join(v) if isinstance(v, list) else None,
)
def test_a_bench_option_that_would_be_ignored_is_refused(args: list[str], named: str, tmp_path: Path) -> None:
    # `citeaudit bench --warm-workers` (or `--repeat 5`, `--no-preload`) without `--dask` ran the single-process
    # benchmark and said nothing of them, exit 0 (left from reliability round 5); `--dask 0` was refused already
    res = CliRunner().invoke(main, ["bench", *args, "--json", str(tmp_path / "b.json")])
    assert res.exit_code == 2, res.output
    assert res.output.startswith(f"error: {named}"), res.output
    assert "would be ignored" in res.output and "Traceback" not in res.output
    assert not (tmp_path / "b.json").exists()
