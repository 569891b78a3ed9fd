"""`citeaudit eval`: audit a labelled set and score the verdicts against the human labels."""

from __future__ import annotations

import json

import click

from audit.cli.common import config_option, friendly_errors, quiet_option


@click.command(name="eval")
@click.option("--answers", required=True, help="Answers Parquet (file, folder or glob) of a labelled set.")
@click.option("--labels", required=True, help="Labels JSONL: {answer_id, gold, ...} per line.")
@config_option
@click.option("--db", help="Keep the audit in this DuckDB file (default: a temporary file).")
@click.option("--reuse-db", is_flag=True, help="Score the audit already in --db instead of re-running it.")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON instead of a table.")
@quiet_option
@friendly_errors
def eval_cmd(
    answers: str,
    labels: str,
    config_path: str | None,
    db: str | None,
    reuse_db: bool,
    as_json: bool,
    quiet: bool,
) -> None:
    """Audit a labelled set and score the verdicts against the human labels (AUROC, recall, ...)."""
    from audit.config import load_config
    from audit.evaluate.labels import read_labels
    from audit.evaluate.report_text import format_report
    from audit.evaluate.run import evaluate
    from audit.ingest import discover_inputs
    from audit.progress import audit_progress
    from audit.verify.support import provenance

    cfg = load_config(config_path)
    read_labels(labels)  # fail on bad inputs before any progress display
    discover_inputs(answers)
    with audit_progress(disable=quiet or reuse_db) as hooks:
        report = evaluate(
            answers, labels, cfg, db=db, reuse_db=reuse_db, progress=hooks.progress, on_plan=hooks.on_plan
        )
    if as_json:
        click.echo(
            json.dumps({**report.as_dict(), "support_model": provenance(cfg.support.model)}, indent=1, default=str)
        )
    else:
        click.echo(format_report(report))
        click.echo(provenance(cfg.support.model))
