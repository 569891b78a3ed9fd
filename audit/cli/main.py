"""`citeaudit` command line: parses options, calls the library, prints results. No logic of its own."""

from __future__ import annotations

import logging
import sys
from collections.abc import Iterator

import click
from rich.table import Table
from rich.text import Text

from audit.cli.common import (
    AS_TEXT,
    config_option,
    db_option,
    friendly_errors,
    handle_sigterm,
    out,
    quiet_option,
    reader_waited,
    wait_option,
    window_options,
)
from audit.config import load_config
from audit.errors import terminal_text
from audit.gc_tuning import pace_collector
from audit.progress import audit_progress
from audit.verdict import SEVERITY, Verdict
from audit.window import window_from_args

LEVELS = ("GREEN", "YELLOW", "RED")


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="citeaudit")
@click.option("-v", "--verbose", is_flag=True, help="Log progress details to stderr.")
def main(verbose: bool) -> None:
    """citeaudit: audit the citations in logged RAG answers, offline.

    Reads answers and their retrieved contexts from Parquet, re-extracts every citation, verifies it
    against the cited source, and writes integrity scores to a DuckDB file.
    """
    logging.basicConfig(
        level=logging.INFO if verbose else logging.WARNING, format="%(levelname)s %(name)s: %(message)s"
    )
    handle_sigterm()
    pace_collector()


@main.command()
@click.option("--input", "input_spec", required=True, help="Parquet file, folder (hive partitions ok) or glob.")
@db_option
@window_options("Audit answers")
@config_option
@click.option("--contexts", "contexts_spec", help="Contexts as a separate Parquet table (answer_id, rank, ...).")
@quiet_option
@friendly_errors
def run(
    input_spec: str,
    db: str,
    since: str | None,
    until: str | None,
    config_path: str | None,
    contexts_spec: str | None,
    quiet: bool,
) -> None:
    """Audit the answers at --input (optionally a --since/--until window) into the DuckDB file, without Prefect."""
    from audit.runner import run_audit

    cfg = load_config(config_path)
    window = window_from_args(since, until)
    with audit_progress(disable=quiet) as hooks:
        summary = run_audit(input_spec, db, window, cfg, contexts_spec, progress=hooks.progress, on_plan=hooks.on_plan)
    print_summary(summary.run_id, summary.db, summary.seconds)


def print_summary(run_id: str, db: str, seconds: float) -> None:
    from audit.report import rank_0_warning, run_overview

    ov = run_overview(db, run_id)
    t = Table(title=f"citeaudit run {run_id}", show_lines=False)
    t.add_column("what")
    t.add_column("count", justify="right")
    for key in ("answers_read", "answers_audited", "answers_quarantined", "citations"):
        t.add_row(key.replace("_", " "), str(ov["counts"][key]))
    for level in LEVELS:
        t.add_row(f"level {level}", str(ov["levels"].get(level, 0)))
    for verdict in reversed(SEVERITY):
        t.add_row(f"citations {verdict.value}", str(ov["verdicts"].get(verdict.value, 0)))
    t.add_row("uncited claims", str(ov["uncited"]))
    out.print(t)
    if ov["rank_0"]:
        out.print(rank_0_warning(ov["rank_0"]), soft_wrap=True, highlight=False, markup=False)
    out.print(
        f'results: {db}  ({seconds:.1f} s)  e.g. citeaudit sql "select * from unverified_citations" --db {db}',
        soft_wrap=True,
        highlight=False,
        markup=False,
    )


@main.command()
@click.option(
    "--pairs",
    "pairs_path",
    default="../shared/data/train/pairs.jsonl.gz",
    show_default=True,
    help="Training pairs (JSONL, gzip ok): {dataset, claim, source, label}.",
)
@click.option(
    "--out",
    "out_path",
    default="audit/models/support.json",
    show_default=True,
    help="Where to write the model; its card SUPPORT_MODEL_CARD.md goes beside it.",
)
@click.option(
    "--limit-per-set",
    type=click.IntRange(min=1),
    help="Use at most this many pairs of each training set (quick runs).",
)
@click.option(
    "--features-cache",
    type=click.Path(dir_okay=False),
    help="Keep the training features in this .npz file and reuse them while the pairs, code and model are unchanged.",
)
@config_option
@friendly_errors
def calibrate(
    pairs_path: str, out_path: str, limit_per_set: int | None, features_cache: str | None, config_path: str | None
) -> None:
    """Fit the support model on training pairs (never on the dev sets) and write it with its model card."""
    from audit.calibrate import run_calibration

    fitted = run_calibration(pairs_path, out_path, limit_per_set, config_path, features_cache)
    t = Table("training set", "pairs", "supported", "AUROC when left out of the fit")
    for name, c in fitted.model["trained_on"].items():
        v = fitted.held_out.get(name)
        t.add_row(name, str(c["pairs"]), str(c["supported"]), "-" if v is None else f"{v:.3f}")
    out.print(t)
    th = fitted.model["thresholds"]
    verified, weak = Verdict.VERIFIED, Verdict.WEAK
    click.echo(f"wrote {out_path}: {verified} >= {th[verified]}, {weak} >= {th[weak]}")


@main.command("distill-static")
@click.option(
    "--out",
    "out_dir",
    default="audit/models/static-minilm",
    show_default=True,
    help="Folder to write the static embedding model to.",
)
@friendly_errors
def distill_static_cmd(out_dir: str) -> None:
    """Rebuild the first-stage static embedding from the packaged MiniLM (offline; needs model2vec[distill])."""
    from audit.verify.static import distill_static

    click.echo(f"wrote {distill_static(out_dir)}")


@main.command()
@db_option
@click.option("--out", "out_dir", required=True, help="Folder to write the files and manifest.json to.")
@window_options("Rows")
@click.option("--format", "fmt", type=click.Choice(["parquet", "csv"]), default="parquet", show_default=True)
@config_option
@wait_option
@friendly_errors
def export(
    db: str, out_dir: str, since: str | None, until: str | None, fmt: str, config_path: str | None, wait_s: float
) -> None:
    """Export a period's findings for compliance: one file per table, the config, and a manifest with row counts,
    SHA-256 and its own digest (check it with `citeaudit verify-export`)."""
    from audit.export import DIGEST_KEY, MANIFEST_NAME, export_findings

    window, cfg = window_from_args(since, until), load_config(config_path)
    with reader_waited():
        manifest = export_findings(db, out_dir, window, fmt, cfg, wait_s)
    t = Table("file", "rows", "sha256")
    for name, f in manifest["files"].items():
        t.add_row(name, "-" if f["rows"] is None else str(f["rows"]), f["sha256"][:16] + "…")
    out.print(t)
    out.print(f"manifest: {out_dir}/{MANIFEST_NAME}  {DIGEST_KEY} {manifest[DIGEST_KEY]}", **AS_TEXT)


@main.command("verify-export")
@click.argument("folder", type=click.Path())
@friendly_errors
def verify_export(folder: str) -> None:
    """Check an export folder against its manifest.json: SHA-256 and row count of every file, missing and extra
    files, and the manifest's own digest. Exit code 1 with one line per problem."""
    from audit.verify_export import verify_export as check

    result = check(folder)
    for problem in result.problems:  # names come from the manifest and the folder: written out, one line each
        click.echo(terminal_text(f"{folder}: {problem}", one_line=True), err=True)
    if not result.ok:
        sys.exit(1)
    out.print(f"ok: {result.files_checked} files match {folder}/manifest.json", **AS_TEXT)


@main.command()
@db_option
@click.option("--out", "out_file", default="data/review.html", show_default=True, help="HTML file to write.")
@window_options("Citations")
@click.option(
    "--limit",
    type=click.IntRange(min=0),
    default=1000,
    show_default=True,
    help="At most this many citations, worst first.",
)
@config_option
@wait_option
@friendly_errors
def report(
    db: str, out_file: str, since: str | None, until: str | None, limit: int, config_path: str | None, wait_s: float
) -> None:
    """Write a self-contained HTML review page: figures, charts, unverified citations worst first with evidence."""
    from audit.review import write_report

    window, cfg = window_from_args(since, until), load_config(config_path)
    with reader_waited():
        path = write_report(db, out_file, window, cfg, limit, wait_s)
    out.print(f"review page: {path}", **AS_TEXT)


@main.command()
@click.argument("query")
@db_option
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["table", "csv", "json"]),
    default="table",
    show_default=True,
    help="table: for the terminal (the first 1,000 rows, long texts and wide columns cut); csv, json: every row whole.",
)
@wait_option
@friendly_errors
def sql(query: str, db: str, fmt: str, wait_s: float) -> None:
    """Run a read-only SQL QUERY against the audit database and print the result."""
    from audit.query import stream_query

    with reader_waited(), stream_query(db, query, wait_s=wait_s) as (cols, rows):
        _print_rows(cols, rows, fmt)


def _print_rows(cols: list[str], rows: Iterator[tuple[object, ...]], fmt: str) -> None:
    from audit.query import TABLE_ROWS, json_chunks

    if fmt == "csv":  # text that would run as a spreadsheet formula gets a leading ' (as in export)
        import csv

        from audit.csv_safe import defuse

        w = csv.writer(sys.stdout)
        w.writerow([defuse(c) for c in cols])
        w.writerows([defuse(v) for v in r] for r in rows)
    elif fmt == "json":
        for chunk in json_chunks(cols, rows):
            sys.stdout.write(chunk)
    else:
        t = Table()
        for c in cols:  # a column name can be logged text too (PIVOT)
            t.add_column(_cell(c))
        for n, r in enumerate(rows):
            if n == TABLE_ROWS:
                out.print(t)
                click.echo(
                    f"showing the first {TABLE_ROWS:,} rows; the query returns more: "
                    "--format csv or --format json gives all rows"
                )
                return
            t.add_row(*(_cell(v) for v in r))
        out.print(t)


def _cell(value: object) -> Text:
    """Table display only (`audit.query.table_cell`): rich markup in logged text is shown, never applied (`[/]`
    stopped the command)."""
    from audit.query import table_cell

    return Text(table_cell(value))
