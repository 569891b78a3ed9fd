"""`citeaudit nightly | backfill | serve`: the Prefect flows from the command line (Prefect imported on use)."""

from __future__ import annotations

from typing import Any

import click
from rich.table import Table

from audit.cli.common import F, config_option, db_option, friendly_errors, out
from audit.report import rank_0_warning
from audit.schedule import last_completed_day
from flows import DEFAULT_INPUT

MAX_BACKFILL_DAYS = 366  # a backfill of more days needs --max-days: every day is a subflow, with data or without


def flow_options(fn: F) -> F:
    """The options every flow command takes."""
    for opt in reversed(
        [
            click.option(
                "--input",
                "input_spec",
                default=DEFAULT_INPUT,
                show_default=True,
                help="Parquet file, folder (hive partitions ok) or glob.",
            ),
            db_option,
            config_option,
            click.option("--contexts", "contexts_spec", help="Contexts as a separate Parquet table."),
            click.option(
                "--dask-address",
                help="Run the shard map on an existing Dask cluster (tcp://host:port); default [run] dask_address, "
                "else Prefect's local runner.",
            ),
            click.option(
                "--work-dir",
                type=click.Path(),
                help="Where shards write Parquet results (default <db folder>/.citeaudit-work; shared on a cluster).",
            ),
        ]
    ):
        fn = opt(fn)
    return fn


def nothing_to_audit(db: str) -> str:
    """The incremental nightly's line when its plan is empty: what the plan covers (the days after the watermark and
    the unfinished ones before it), not 'every day with data is completed': a day before the watermark that was
    never audited (a later day audited first with `--day`) is not in the plan."""
    last = last_completed_day(db)
    if last is None:
        return f"nothing to audit: no day with data up to yesterday (UTC) in {db}"
    return (
        f"nothing to audit: no day with data after the last completed one ({last}) up to yesterday (UTC), and no "
        f"unfinished day before it, in {db}; an earlier day never audited: citeaudit nightly --day or backfill"
    )


def say_if_sample(input_spec: str) -> None:
    """One line when `--input` was left out: the flows then audit the bundled sample, which a user who forgot the
    option (and passed `--db` of a real audit) would otherwise find mixed into their results without a word."""
    if click.get_current_context().get_parameter_source("input_spec") is click.core.ParameterSource.DEFAULT:
        out.print(
            f"no --input given: auditing the bundled sample logs ({input_spec}); pass --input for your own logs",
            soft_wrap=True,
            markup=False,
            highlight=False,
        )


def print_days(summaries: list[dict[str, Any]], db: str) -> None:
    if not summaries:
        out.print(nothing_to_audit(db), soft_wrap=True, markup=False, highlight=False)  # a path, never rich markup
        return
    ctx = click.get_current_context(silent=True)  # `backfill` prints this table too: it was titled "citeaudit nightly"
    t = Table(title=f"citeaudit {ctx.info_name if ctx else 'nightly'}")
    t.add_column("day", no_wrap=True)
    for col in ("read", "audited", "quarant.", "citations", "GREEN", "YELLOW", "RED", "s"):
        t.add_column(col, justify="right")
    for s in summaries:
        lv = s["levels"]
        t.add_row(
            s["day"],
            str(s["answers_read"]),
            str(s["answers_audited"]),
            str(s["answers_quarantined"]),
            str(s["citations"]),
            str(lv.get("GREEN", 0)),
            str(lv.get("YELLOW", 0)),
            str(lv.get("RED", 0)),
            f"{s['seconds']:.1f}",
        )
    out.print(t)
    for s in summaries:
        if s.get("why"):  # a day audited again: its input files changed since its audit
            out.print(s["why"], soft_wrap=True, markup=False, highlight=False)
    for s in summaries:
        if s.get("rank_0"):
            out.print(f"{s['day']}: {rank_0_warning(s['rank_0'])}", soft_wrap=True, markup=False, highlight=False)
    out.print("runs: " + ", ".join(s["run_id"] for s in summaries), soft_wrap=True, markup=False, highlight=False)
    out.print(f"results: {db}", soft_wrap=True, markup=False, highlight=False)


@click.command()
@flow_options
@click.option(
    "--day",
    help="UTC day YYYY-MM-DD. Default: every day with data after the last completed one, "
    "up to yesterday, and every audited day whose input files changed since its audit (incremental).",
)
@friendly_errors
def nightly(
    input_spec: str,
    db: str,
    config_path: str | None,
    contexts_spec: str | None,
    dask_address: str | None,
    work_dir: str | None,
    day: str | None,
) -> None:
    """Run the nightly audit flow (Prefect): one day, or incrementally since the last completed day."""
    from audit.schedule import parse_day
    from audit.window import Window
    from flows.runtime import flow_params, flow_settings, preflight, start_or_record

    # a bad config, address or input fails before Prefect
    say_if_sample(input_spec)
    preflight(input_spec, config_path, dask_address, contexts_spec)
    the_day = parse_day(day, "--day") if day is not None else None  # "" is no day, not the incremental plan
    start_or_record(db, input_spec, config_path, Window.for_day(the_day) if the_day else Window())
    from flows.nightly import nightly_audit

    params = flow_params(input_spec, db, config_path, contexts_spec, dask_address, work_dir)
    with flow_settings():
        summaries = nightly_audit(day=the_day, **params)
    print_days(summaries, db)


@click.command()
@flow_options
@click.option("--start", required=True, help="First UTC day, YYYY-MM-DD.")
@click.option("--end", required=True, help="Last UTC day, YYYY-MM-DD (included).")
@click.option(
    "--max-days",
    type=click.IntRange(min=1),
    default=MAX_BACKFILL_DAYS,
    show_default=True,
    help="Refuse a range of more days than this (every day is a subflow, data or not); raise it on purpose.",
)
@friendly_errors
def backfill(
    input_spec: str,
    db: str,
    config_path: str | None,
    contexts_spec: str | None,
    dask_address: str | None,
    work_dir: str | None,
    start: str,
    end: str,
    max_days: int,
) -> None:
    """Re-audit every day from --start to --end (both included), one subflow per day."""
    from audit.errors import ConfigError
    from audit.schedule import day_range, parse_day
    from audit.window import Window
    from flows.runtime import flow_params, flow_settings, preflight, start_or_record

    first, last = parse_day(start, "--start"), parse_day(end, "--end")
    if first > last:
        day_range(first, last)  # says so
    days = (last - first).days + 1
    if days > max_days:  # 0001-01-01 to 9999-12-31 planned 3.6 million subflows (a typo in a year: thousands)
        raise ConfigError(
            f"backfill from {first} to {last} covers {days} days, more than --max-days {max_days}: "
            "check the dates, backfill a shorter range, or pass --max-days to allow it"
        )
    say_if_sample(input_spec)
    preflight(input_spec, config_path, dask_address, contexts_spec)
    start_or_record(db, input_spec, config_path, Window(Window.for_day(first).start, Window.for_day(last).end))
    from flows.nightly import backfill as backfill_flow

    params = flow_params(input_spec, db, config_path, contexts_spec, dask_address, work_dir)
    with flow_settings():
        summaries = backfill_flow(start=first, end=last, **params)
    print_days(summaries, db)


@click.command()
@flow_options
@click.option("--cron", help="Cron schedule. Default: [run] cron in the config, else '0 2 * * *'.")
@click.option("--timezone", "tz", help="Time zone of the cron schedule. Default: [run] timezone, else UTC.")
@click.option("--name", default="nightly", show_default=True, help="Deployment name.")
@friendly_errors
def serve(
    input_spec: str,
    db: str,
    config_path: str | None,
    contexts_spec: str | None,
    dask_address: str | None,
    work_dir: str | None,
    cron: str | None,
    tz: str | None,
    name: str,
) -> None:
    """Serve the nightly audit as a Prefect deployment on a cron schedule (default 02:00 UTC) until stopped.

    Uses the Prefect API at PREFECT_API_URL when set; otherwise a local API started for this process.
    """
    from flows.runtime import build_deployment, check_prefect_env

    check_prefect_env()
    say_if_sample(input_spec)
    deployment = build_deployment(
        input_spec, db, config_path, contexts_spec, dask_address, work_dir, cron=cron, tz=tz, name=name
    )
    from flows.deploy import serve_deployments

    serve_deployments(deployment)
