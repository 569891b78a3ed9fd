"""Benchmarks: real-shaped inputs (`shapes`), the naive row-by-row peer (`naive`), the timed runs (`measure`)."""

from audit.bench.measure import PROFILES, STAGES, BenchResult, PassResult, run_bench

__all__ = ["PROFILES", "STAGES", "BenchResult", "PassResult", "run_bench"]
