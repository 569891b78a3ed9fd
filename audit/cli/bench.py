"""`citeaudit bench`: answers/s per stage and end to end, the naive peer beside it, peak memory; `--dask N`: one day
on the local runner and on Dask LocalClusters of 1 and N workers."""

from __future__ import annotations

from typing import Any

import click
from rich.table import Table

from audit.cli.common import AS_TEXT, config_option, friendly_errors, out
from audit.config import load_config
from audit.errors import ConfigError

# what `--json` writes, and a key its figures always hold: a file there must be such figures (or empty)
_FIGURES = ("a citeaudit benchmark's figures (JSON)", ("answers",))


# a generated night is built before it is timed: `--rows` 2^70 generated for ever without a word; the bound lies
# far above any night timed here (100,000 answers)
MAX_ROWS = 10_000_000


@click.command()
@click.option(
    "--rows",
    type=click.IntRange(min=1, max=MAX_ROWS),
    default=300,
    show_default=True,
    help=f"Answers per generated night (at most {MAX_ROWS:,}).",
)
@click.option(
    "--profile",
    type=click.Choice(["real", "tiny"]),
    default="real",
    show_default=True,
    help="real: many distinct KB chunks, long documents, Zipf reuse, unique claims, a second night as the warm "
    "figure; tiny: the sample generator's small KB, warm = rerun.",
)
@click.option("--input", "input_spec", help="Time this log instead (file, folder or glob); warm = rerun.")
@click.option(
    "--days", type=click.IntRange(min=1), default=2, show_default=True, help="Days the tiny profile spreads over."
)
@click.option("--seed", default=1, show_default=True, help="Generator seed.")
@click.option(
    "--naive-rows",
    type=click.IntRange(min=0),
    default=100,
    show_default=True,
    help="Answers the naive peer audits (0: skip it).",
)
@click.option("--json", "json_path", type=click.Path(), help="Also write the figures to this JSON file.")
@config_option
@click.option(
    "--dask",
    "dask_workers",
    type=int,
    default=None,
    help="Instead: time one day through the nightly flow on the local runner and on Dask LocalClusters of 1 and "
    "N single-thread workers (--input's busiest day, or --rows real-shaped answers); prints the speed-up.",
)
@click.option(
    "--warm-workers",
    is_flag=True,
    help="With --dask: load the models in every runner before timing (a long-lived cluster's steady state).",
)
@click.option(
    "--repeat",
    type=click.IntRange(min=1),
    default=3,
    show_default=True,
    help="With --dask: time the 1- and N-worker clusters in turn this many times (a fresh cluster and database each "
    "time) and report each one's median run (the local runner is timed once).",
)
@click.option(
    "--no-preload",
    is_flag=True,
    help="With --dask: start workers without `--preload flows.preload`, so each imports the pipeline (~2 s) inside "
    "the timed run.",
)
@friendly_errors
def bench(
    rows: int,
    profile: str,
    input_spec: str | None,
    days: int,
    seed: int,
    naive_rows: int,
    json_path: str | None,
    config_path: str | None,
    dask_workers: int | None,
    warm_workers: bool,
    repeat: int,
    no_preload: bool,
) -> None:
    """Benchmark: answers/s per stage and end to end (cold and warm), the naive peer beside it, peak memory."""
    import json

    _refuse_ignored(click.get_current_context(), dask_workers is not None, input_spec is not None, profile)

    from audit.bench import STAGES, run_bench
    from audit.output_file import output_file, write_output

    if json_path:
        output_file(json_path, "--json", _FIGURES)  # before the benchmark: its figures are written there at the end
    if dask_workers is not None:  # `--dask 0` (or 1) ran the single-process benchmark instead, exit 0
        figures = _bench_dask(input_spec, dask_workers, rows, config_path, warm_workers, not no_preload, repeat)
        if json_path:
            write_output(json_path, json.dumps(figures, indent=2) + "\n", "--json")
        return
    res = run_bench(rows, load_config(config_path), profile, input_spec, days, seed, naive_rows)
    figures = res.as_json()
    out.print(
        f"profile {res.profile}: {res.rows} answers (input made in {res.generate_seconds:.1f} s); "
        f"the naive peer's model load {res.model_load_seconds:.1f} s"
    )
    for p in res.passes:
        again = f" (+{p.reencoded} cached, run again for their token states)" if p.reencoded else ""
        t = Table(title=f"{p.label}: {p.answers} answers, {p.citations} citations, {p.embedded} texts embedded{again}")
        t.add_column("stage")
        t.add_column("seconds", justify="right")
        t.add_column("answers/s", justify="right")
        for stage in STAGES:
            s = p.seconds.get(stage, 0.0)
            t.add_row(stage, f"{s:.2f}", f"{p.answers / s:,.0f}" if s > 0 else "-")
        t.add_row("end to end", f"{p.total:.2f}", f"{p.answers_per_s:,.1f}")
        if p.embedded + p.reencoded and p.seconds.get("semantic"):
            t.add_row("embedding (texts/s)", "", f"{(p.embedded + p.reencoded) / p.seconds['semantic']:,.0f}")
        out.print(t)
    if res.naive:
        out.print(
            f"naive peer (row by row, one model call per citation): {res.naive.answers} answers in "
            f"{res.naive.seconds:.1f} s = {res.naive.answers_per_s:,.2f} answers/s; "
            f"citeaudit cold is {figures['naive_ratio']}x that"
        )
    out.print(f"peak memory (max RSS of the audit passes, the audit's models included): {res.peak_rss_mb:,.0f} MB")
    if json_path:
        write_output(json_path, json.dumps(figures, indent=2) + "\n", "--json")
        out.print(f"figures: {json_path}", **AS_TEXT)


# options that shape only one of the benchmarks: given where they would be ignored (`--warm-workers` without `--dask`
# ran the single-process benchmark, exit 0, without a word), each is refused before any work, as `--dask 0` is
_DASK_ONLY = ("warm_workers", "repeat", "no_preload")
_SINGLE_ONLY = ("profile", "days", "seed", "naive_rows")
_GENERATED_ONLY = ("rows", "profile", "days", "seed")


def _refuse_ignored(ctx: click.Context, dask: bool, has_input: bool, profile: str) -> None:
    from click.core import ParameterSource

    def given(name: str) -> bool:
        return ctx.get_parameter_source(name) not in (None, ParameterSource.DEFAULT, ParameterSource.DEFAULT_MAP)

    def flag(name: str) -> str:
        return "--" + name.replace("_", "-")

    for name in _DASK_ONLY:
        if not dask and given(name):
            raise ConfigError(
                f"{flag(name)} applies only with --dask N (the Dask comparison) and would be ignored: add --dask N, "
                "or leave it out"
            )
    for name in _SINGLE_ONLY:
        if dask and given(name):
            raise ConfigError(
                f"{flag(name)} does not apply with --dask N (one day through the nightly flow: --input's busiest day, "
                "or --rows real-shaped answers) and would be ignored: leave it out, or leave out --dask"
            )
    for name in _GENERATED_ONLY:
        if has_input and given(name):
            raise ConfigError(
                f"{flag(name)} shapes the generated answers, and --input times that log instead: it would be ignored; "
                "leave out one of the two"
            )
    if not has_input and profile != "tiny" and given("days"):
        raise ConfigError(
            "--days applies only with --profile tiny (the real-shaped profile times two nights) and would be ignored: "
            "add --profile tiny, or leave it out"
        )


def _bench_dask(
    input_spec: str | None,
    workers: int,
    rows: int,
    config_path: str | None,
    warm: bool = False,
    preload: bool = True,
    repeat: int = 1,
) -> dict[str, Any]:
    import os

    # a busy machine (the benchmark makes it busy) can take longer than Prefect's 20 s to start its local API
    os.environ.setdefault("PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS", "120")
    from flows.runtime import flow_settings
    from flows.scaling import run_scaling, scaling_json

    if workers < 2:
        raise ConfigError("--dask N: N must be at least 2 (it is compared with 1 worker)")
    with flow_settings():
        day, runs = run_scaling(input_spec, workers, rows, None, config_path, warm, preload, repeat)
    figures = scaling_json(runs)
    figures["warm_workers"] = warm
    figures["preload"] = preload
    mode = "models loaded before timing" if warm else "cold: models load inside the timed run"
    imports = "workers import the pipeline at start (--preload)" if preload else "workers import inside the run"
    each = f"; the median of {repeat} runs each" if repeat > 1 else ""
    t = Table(title=f"{day}: {figures['answers']} answers ({mode}; {imports}{each})")
    t.add_column("runner")
    t.add_column("shards", justify="right")
    t.add_column("seconds", justify="right")
    t.add_column("answers/s", justify="right")
    if repeat > 1:
        t.add_column("each run (s)", justify="right")
    for r in runs:
        cells = [r.label, str(r.shards), f"{r.seconds:.1f}", f"{r.answers / r.seconds:,.2f}"]
        t.add_row(*cells, *([" ".join(f"{x:.1f}" for x in r.samples)] if repeat > 1 else []))
    out.print(t)
    out.print(
        f"speed-up {workers} workers vs 1: {figures['speedup']}x; vs the local runner: {figures['vs_local']}x; "
        f"identical tables: {'yes' if figures['identical_tables'] else 'NO'}"
    )
    return figures
