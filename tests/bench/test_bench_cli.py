"""`citeaudit bench` end to end with the real model: both profiles, --input, the JSON figures issue 9 asks for."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from audit.cli import main

KEYS = {
    "answers",
    "cold_seconds",
    "cold_answers_per_s",
    "warm_answers_per_s",
    "peak_rss_mb",
    "naive_answers_per_s",
    "naive_ratio",
    "stages",
}
SAMPLE = Path(__file__).resolve().parents[2] / "data" / "sample"


@pytest.mark.parametrize(
    "args",
    [["--rows", "6", "--naive-rows", "2"], ["--profile", "tiny", "--rows", "20", "--naive-rows", "3"]],
    ids=["real_shaped", "tiny_kb"],
)
def test_bench_writes_the_figures(args: list[str], tmp_path: Path) -> None:
    out = tmp_path / "bench.json"
    res = CliRunner().invoke(main, ["bench", *args, "--json", str(out)])
    assert res.exit_code == 0, res.output
    figures = json.loads(out.read_text())
    assert figures.keys() >= KEYS
    assert figures["answers"] == int(args[args.index("--rows") + 1])
    assert figures["cold_answers_per_s"] > 0 and figures["warm_answers_per_s"] > 0
    assert figures["naive_ratio"] == pytest.approx(figures["cold_answers_per_s"] / figures["naive_answers_per_s"], 0.02)
    assert figures["stages"]["semantic"]["seconds"] > 0 and figures["stages"]["ingest"]["answers_per_s"] > 0
    assert 100 < figures["peak_rss_mb"] < 4000
    assert "naive peer" in res.output and "end to end" in res.output


def test_bench_on_a_given_log(tmp_path: Path) -> None:
    day = next(SAMPLE.glob("date=*"))
    out = tmp_path / "bench.json"
    res = CliRunner().invoke(main, ["bench", "--input", str(day), "--naive-rows", "0", "--json", str(out)])
    assert res.exit_code == 0, res.output
    figures = json.loads(out.read_text())
    assert figures["profile"] == "input" and figures["answers"] == figures["warm_answers"] > 100
    assert figures["texts_embedded"]["warm"] == 0  # the rerun finds every text in the cache
    # ... and every refined pair's token alignment (`alignment_cache`): no text runs again for its token states
    assert figures["texts_reencoded"]["warm"] == 0
    assert figures["naive_ratio"] is None


def test_bench_missing_input_is_one_line_error(tmp_path: Path) -> None:
    res = CliRunner().invoke(main, ["bench", "--input", str(tmp_path / "none.parquet")])
    assert res.exit_code == 2 and "no Parquet input found" in res.output and "Traceback" not in res.output
