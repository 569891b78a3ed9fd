"""The evaluation run: audit a labelled set (or reuse an audit), read its citation rows back, score them."""

from __future__ import annotations

import logging
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import duckdb
import pyarrow as pa

from audit.config import AuditConfig
from audit.errors import InputError, one_line
from audit.evaluate.labels import read_labels
from audit.evaluate.scoring import CitationRow, EvalReport, aggregate_claim, score_claims
from audit.ingest import discover_inputs
from audit.sql import connect, literal_path, quote
from audit.window import Window

log = logging.getLogger(__name__)


_CITATIONS_SQL = """
SELECT c.answer_id, c.citation_ord, c.claim, c.claim_start, c.context_rank, c.support, c.verdict,
       c.evidence_start, c.evidence_end, c.suggested_rank,
       a.ctx[c.context_rank].text AS source
FROM audit.citation_audit c
JOIN eval_labels l USING (answer_id)
LEFT JOIN (SELECT {answer_id} AS answer_id, {contexts} AS ctx
           FROM read_parquet($files, union_by_name = true)) a USING (answer_id)
ORDER BY c.answer_id, c.citation_ord
"""


def read_citations(
    db: str | Path, files: list[str], answer_ids: Sequence[str], cfg: AuditConfig
) -> tuple[set[str], dict[str, list[CitationRow]]]:
    """Audited labelled answer ids and their citation rows, each with its cited context's text."""
    mapping = cfg.run.column_mapping
    sql = _CITATIONS_SQL.format(
        answer_id=quote(mapping.get("answer_id", "answer_id"), identifier=True),
        contexts=quote(mapping.get("contexts", "contexts"), identifier=True),
    )
    with connect() as con:
        try:
            con.execute("ATTACH ? AS audit (READ_ONLY)", [str(db)])
            con.register("eval_labels", pa.table({"answer_id": pa.array(list(answer_ids), pa.string())}))
            audited = {
                r[0]
                for r in con.execute(
                    "SELECT DISTINCT answer_id FROM audit.answer_audit JOIN eval_labels USING (answer_id)"
                ).fetchall()
            }
            rows: dict[str, list[CitationRow]] = {}
            for r in con.execute(sql, {"files": [literal_path(f) for f in files]}).fetchall():
                rows.setdefault(r[0], []).append(CitationRow(*r))
        except duckdb.Error as exc:
            raise InputError(f"cannot read the audit of {files[0]} from {db}: {one_line(str(exc))}") from None
    return audited, rows


def _latest_run(db: str | Path) -> tuple[str | None, str | None]:
    from audit.store import open_db  # checks the file is citeaudit's

    with open_db(db, read_only=True) as con:
        try:
            rows = con.execute(
                "SELECT run_id, config_hash FROM runs WHERE status = 'completed' ORDER BY finished_at DESC LIMIT 1"
            ).fetchall()
        except duckdb.Error as exc:
            raise InputError(f"{db}: not an audit database ({one_line(str(exc))})") from None
    return (rows[0][0], rows[0][1]) if rows else (None, None)


def evaluate(
    answers_path: str,
    labels_path: str | Path,
    cfg: AuditConfig,
    db: str | Path | None = None,
    reuse_db: bool = False,
    progress: Callable[[int], None] | None = None,
    on_plan: Callable[[int], None] | None = None,
) -> EvalReport:
    """Audit `answers_path` (into `db`, or a temporary DuckDB file) and score it against the labels.

    With `reuse_db` the existing audit in `db` is scored as it is, without re-running the audit.
    """
    from audit.runner import run_audit

    t0 = time.perf_counter()
    labels = read_labels(labels_path)
    files = discover_inputs(answers_path)
    tmp: tempfile.TemporaryDirectory[str] | None = None
    audit_seconds: float | None = None
    try:
        if reuse_db:
            if db is None or not Path(db).is_file():
                raise InputError(f"--reuse-db needs an existing audit database, got {db}")
            run_id, config_hash = _latest_run(db)
            config_hash = config_hash or cfg.config_hash()
        else:
            if db is None:
                tmp = tempfile.TemporaryDirectory(prefix="citeaudit-eval-")
                db_path: str | Path = Path(tmp.name) / "eval.duckdb"
            else:
                db_path = db
            summary = run_audit(answers_path, db_path, Window(), cfg, progress=progress, on_plan=on_plan)
            run_id, config_hash, audit_seconds = summary.run_id, cfg.config_hash(), summary.seconds
            db = db_path
        audited, rows = read_citations(db, files, [lab.answer_id for lab in labels], cfg)
    finally:
        if tmp is not None:
            tmp.cleanup()
    matched = [lab for lab in labels if lab.answer_id in audited]
    if not matched:
        raise InputError(f"none of the {len(labels)} labelled answers in {labels_path} was audited from {answers_path}")
    claims = [aggregate_claim(lab, rows.get(lab.answer_id, [])) for lab in matched]
    return EvalReport(
        answers=answers_path,
        labels=str(labels_path),
        db=None if tmp is not None else str(db),
        run_id=run_id,
        config_hash=config_hash,
        n_labels=len(labels),
        n_matched=len(matched),
        n_unmatched=len(labels) - len(matched),
        audit_seconds=audit_seconds,
        seconds=time.perf_counter() - t0,
        **score_claims(claims),
    )
