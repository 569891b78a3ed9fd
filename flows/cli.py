"""`citeaudit nightly | backfill | serve`: the Prefect flows from the command line.

Prefect is imported inside the commands, so `citeaudit --help` and `citeaudit run` never pay for it.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import wraps
from pathlib import Path
from typing import Any

import click

import flows  # noqa: F401  (prepares Prefect's environment before any Prefect import)

DEFAULT_INPUT = "data/sample"
DEFAULT_DB = "data/audit.duckdb"


def _friendly(fn: Callable[..., Any]) -> Callable[..., Any]:
    """`audit.cli.friendly_errors`, looked up at call time (audit.cli imports this module)."""

    @wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        from audit.cli import friendly_errors

        return friendly_errors(fn)(*args, **kwargs)

    return wrapper


@contextmanager
def flow_settings() -> Iterator[None]:
    """Settings for flows run in this process.

    Against the ephemeral local API (no PREFECT_API_URL) nothing watches for crashed runs, so flow-run heartbeats
    are off: otherwise every flow and subflow run waits up to a second for its heartbeat thread on exit.
    """
    if os.environ.get("PREFECT_API_URL"):
        yield
        return
    from prefect.settings import temporary_settings

    with temporary_settings(updates={"flows.heartbeat_frequency": None}):
        yield


def quiet_prefect() -> None:
    """Prefect's own chatter (a line per task state, tracebacks of failed tasks) off unless -v: the command prints
    one line per day and, on failure, one line with the error. A PREFECT_LOGGING_LEVEL the user set wins."""
    import logging

    verbose = logging.getLogger().getEffectiveLevel() <= logging.INFO
    os.environ.setdefault("PREFECT_LOGGING_LEVEL", "INFO" if verbose else "CRITICAL")


def start_prefect_api(attempts: int = 2) -> None:
    """Start Prefect's local ephemeral API up front (unless PREFECT_API_URL names a server): a busy machine gets the
    configured timeout, then a second try with twice as long, then one clear line instead of a traceback."""
    from prefect.settings import PREFECT_API_URL, PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS

    if PREFECT_API_URL.value():
        return
    from prefect.server.api.server import SubprocessASGIServer

    from audit.errors import OrchestratorError

    timeout = int(PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS.value())
    waited, last = 0, ""
    for attempt in range(attempts):
        server = SubprocessASGIServer()
        try:
            server.start(timeout=timeout * (attempt + 1))
            return
        except Exception as exc:  # Prefect raises RuntimeError with the server's whole output
            waited += timeout * (attempt + 1)
            last = str(exc).split(". ")[0].split("\n")[0].rstrip(".")
            server.stop()
    raise OrchestratorError(
        f"the local Prefect API did not start ({attempts} tries, {waited} s in all: {last}). On a busy machine raise "
        f"PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS (now {timeout}), or set PREFECT_API_URL to a running "
        "Prefect server; `citeaudit run` audits without Prefect"
    )


def start_or_record(db: str, input_spec: str, config_path: str | None, window: Any) -> None:
    """`start_prefect_api`, and when it fails a `runs` row `failed: ...` for the window the command was to audit."""
    from audit.config import load_config
    from audit.errors import OrchestratorError

    quiet_prefect()
    try:
        start_prefect_api()
    except OrchestratorError as exc:
        from audit.runner import new_run_record
        from audit.store import record_failed_run

        record_failed_run(db, new_run_record(input_spec, window, load_config(config_path)), str(exc))
        raise


def _common(fn: Callable[..., Any]) -> Callable[..., Any]:
    for opt in reversed(
        [
            click.option(
                "--input",
                "input_spec",
                default=DEFAULT_INPUT,
                show_default=True,
                help="Parquet file, folder (hive partitions ok) or glob.",
            ),
            click.option("--db", default=DEFAULT_DB, show_default=True, help="DuckDB output file (the only writer)."),
            click.option("--config", "config_path", type=click.Path(), help="TOML config (see citeaudit.toml)."),
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


def print_days(summaries: list[dict[str, Any]], db: str) -> None:
    from rich.table import Table

    from audit.cli import out

    if not summaries:
        out.print(f"nothing to audit: every day with data up to yesterday (UTC) is completed in {db}")
        return
    t = Table(title="citeaudit nightly")
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
    out.print("runs: " + ", ".join(s["run_id"] for s in summaries), soft_wrap=True, markup=False, highlight=False)
    out.print(f"results: {db}", soft_wrap=True, markup=False, highlight=False)


@click.command()
@_common
@click.option(
    "--day",
    help="UTC day YYYY-MM-DD. Default: every day with data after the last completed one, "
    "up to yesterday (incremental).",
)
@_friendly
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

    preflight(input_spec, config_path)  # a bad config or input file fails here, before Prefect starts
    the_day = parse_day(day, "--day") if day else None
    from audit.window import Window

    start_or_record(db, input_spec, config_path, Window.for_day(the_day) if the_day else Window())
    from flows.nightly import nightly_audit

    params = _flow_params(input_spec, db, config_path, contexts_spec, dask_address, work_dir)
    with flow_settings():
        summaries = nightly_audit(day=the_day, **params)
    print_days(summaries, db)


@click.command()
@_common
@click.option("--start", required=True, help="First UTC day, YYYY-MM-DD.")
@click.option("--end", required=True, help="Last UTC day, YYYY-MM-DD (included).")
@_friendly
def backfill(
    input_spec: str,
    db: str,
    config_path: str | None,
    contexts_spec: str | None,
    dask_address: str | None,
    work_dir: str | None,
    start: str,
    end: str,
) -> None:
    """Re-audit every day from --start to --end (both included), one subflow per day."""
    from audit.schedule import day_range, parse_day

    preflight(input_spec, config_path)
    first, last = parse_day(start, "--start"), parse_day(end, "--end")
    day_range(first, last)  # validates the order
    from audit.window import Window

    start_or_record(db, input_spec, config_path, Window(Window.for_day(first).start, Window.for_day(last).end))
    from flows.nightly import backfill as backfill_flow

    params = _flow_params(input_spec, db, config_path, contexts_spec, dask_address, work_dir)
    with flow_settings():
        summaries = backfill_flow(start=first, end=last, **params)
    print_days(summaries, db)


@click.command()
@_common
@click.option("--cron", help="Cron schedule. Default: [run] cron in the config, else '0 2 * * *'.")
@click.option("--timezone", "tz", help="Time zone of the cron schedule. Default: [run] timezone, else UTC.")
@click.option("--name", default="nightly", show_default=True, help="Deployment name.")
@_friendly
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
    deployment = build_deployment(
        input_spec, db, config_path, contexts_spec, dask_address, work_dir, cron=cron, tz=tz, name=name
    )
    from flows.deploy import serve_deployments

    serve_deployments(deployment)


def build_deployment(
    input_spec: str,
    db: str,
    config_path: str | None,
    contexts_spec: str | None = None,
    dask_address: str | None = None,
    work_dir: str | None = None,
    cron: str | None = None,
    tz: str | None = None,
    name: str = "nightly",
) -> Any:
    """The deployment `citeaudit serve` serves: cron and time zone from the options, else from the config."""
    from audit.config import load_config

    cfg = load_config(config_path)
    from flows.deploy import nightly_deployment

    return nightly_deployment(
        name=name,
        cron=cron or cfg.run.cron,
        timezone=tz or cfg.run.timezone,
        input=_abs(input_spec),
        db=str(Path(db).resolve()),
        config=str(Path(config_path).resolve()) if config_path else None,
        dask_address=dask_address,
        contexts=_abs(contexts_spec) if contexts_spec else None,
        work_dir=str(Path(work_dir).resolve()) if work_dir else None,
    )


def _flow_params(
    input_spec: str,
    db: str,
    config_path: str | None,
    contexts_spec: str | None,
    dask_address: str | None,
    work_dir: str | None,
) -> dict[str, Any]:
    """The parameters every audit flow takes, from the shared command-line options."""
    return {
        "input": input_spec,
        "db": db,
        "config": config_path,
        "dask_address": dask_address,
        "contexts": contexts_spec,
        "work_dir": work_dir,
    }


def preflight(input_spec: str, config_path: str | None) -> None:
    """Config and input files checked up front: a user error is one line, not a failed flow run's log."""
    from audit.config import load_config
    from audit.ingest import check_files, discover_inputs

    cfg = load_config(config_path)
    check_files(discover_inputs(input_spec), cfg.run.column_mapping)


def _abs(spec: str) -> str:
    """Absolute form of a path or glob: served runs do not share the caller's working directory."""
    return spec if Path(spec).is_absolute() else str(Path.cwd() / spec)
