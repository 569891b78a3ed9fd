"""One answer that breaks the audit goes to quarantine, not the whole run with it.

A row no check foresaw can still meet a defect of citeaudit's (a source date written `ſeptember` raised KeyError in
the key-fact code and stopped the whole nightly run on one page). When a batch's assessment raises, its answers are
assessed one by one; an answer that still raises is quarantined with the error named (field `answer`, the reason
asks for a report), the rest of the run goes on, and the run's counts say so. When every answer of a batch fails,
a sound answer (`SOUND`: one claim its source states) is audited too: when it fails as well, the fault is not the
rows' (a model that cannot run, a full disk) and the error stops the run as before. Deciding by the batch's size
alone let such a fault quarantine every answer of one-answer batches (`batch_answers = 1`, `shard_rows = 1`, a log
of one answer) in a `completed` run, and stopped a run whose two answers met the same defect. citeaudit's own errors
(a bad config, an unreadable file) always stop it: they name what the user must fix.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

import duckdb
import pyarrow as pa

from audit.assess import BatchResult, assess_batch
from audit.config import AuditConfig
from audit.counts import AnswerCounts
from audit.errors import CiteauditError, one_line
from audit.verify.semantic import SemanticScorer

log = logging.getLogger(__name__)

REASON = "could not be audited: {error} (a citeaudit defect: please report it with this row)"
_TEXT = "Refunds are paid within 30 days of the purchase [1]."
# an answer any working audit audits: when it breaks too, the fault is not the rows'
SOUND: dict[str, Any] = {
    "answer_id": "citeaudit-sound-answer",
    "logged_at": datetime(2026, 1, 1, tzinfo=UTC),
    "answer_text": _TEXT,
    "confidence_raw": None,
    "missing_information_raw": None,
    "ref_start": None,
    "citations": [
        {
            "citation_ord": 1,
            "marker": "[1]",
            "dialect": "numeric",
            "char_start": len(_TEXT) - 4,
            "char_end": len(_TEXT) - 1,
            "cited_ref": "1",
            "json_claim": None,
            "context_rank": 1,
            "doc_id": "d",
            "chunk_id": "c",
            "doc_ranks": None,
            "fabricated_reason": None,
            "quote": None,
            "claimed_type": None,
            "confidence_raw": None,
        }
    ],
    "contexts": [
        {"rank": 1, "text": "Refunds are paid within 30 days of the purchase.", "doc_id": "d", "chunk_id": "c"}
    ],
}


def assess_guarded(
    rows: Sequence[dict[str, Any]], cfg: AuditConfig, scorer: SemanticScorer, failed: dict[str, str]
) -> BatchResult:
    """`assess_batch(rows)`; when it raises, the rows one by one, each answer that raises added to `failed`
    (answer_id -> reason) and left out of the result."""
    try:
        return assess_batch(rows, cfg, scorer)
    except CiteauditError:
        raise
    except Exception as batch_error:
        out, errors = BatchResult(), {}
        for row in rows:
            try:
                one = assess_batch([row], cfg, scorer)
            except CiteauditError:
                raise
            except Exception as exc:
                # one line for the user (the row is quarantined with this reason); the traceback for a bug report
                name = type(exc).__name__
                log.warning("answer %s quarantined: %s: %s", row.get("answer_id"), name, one_line(str(exc)))
                log.info("answer %s", row.get("answer_id"), exc_info=True)  # shown under --verbose
                errors[str(row["answer_id"])] = REASON.format(error=f"{type(exc).__name__}: {one_line(str(exc))[:300]}")
                continue
            out.citations += one.citations
            out.uncited += one.uncited
            out.stats += one.stats
            out.units += one.units
        if errors and len(errors) == len(rows):
            try:  # no answer of the batch can be audited: is it the rows, or the audit?
                assess_batch([SOUND], cfg, scorer)
            except Exception:
                raise batch_error from None
        failed.update(errors)
        return out


def quarantine_failed(con: duckdb.DuckDBPyConnection, counts: AnswerCounts, failed: dict[str, str]) -> AnswerCounts:
    """Move the `failed` answers (answer_id -> reason) from `answers_ok` to `quarantined`, naming file and row."""
    if not failed:
        return counts
    con.register("failed_answers", pa.table({"answer_id": list(failed), "reason": list(failed.values())}))
    try:
        return move_to_quarantine(con, counts, "SELECT answer_id, reason FROM failed_answers")
    finally:
        con.unregister("failed_answers")


def move_to_quarantine(
    con: duckdb.DuckDBPyConnection, counts: AnswerCounts, rows_sql: str, params: dict[str, Any] | None = None
) -> AnswerCounts:
    """Move the answers `rows_sql` selects (`answer_id`, `reason`) from `answers_ok` to `quarantined` (field
    `answer`, file and row named), and count them: a blank structured answer, an answer the audit breaks on."""
    con.execute(f"CREATE OR REPLACE TEMP TABLE answers_to_quarantine AS {rows_sql}", params or {})
    try:
        con.execute(
            "INSERT INTO quarantined SELECT a.source_file, a.source_file || ':' || a.row_no, a.answer_id, a.logged_at, "
            "'answer', q.reason FROM answers_ok a JOIN answers_to_quarantine q USING (answer_id)"
        )
        moved = con.execute(
            "DELETE FROM answers_ok WHERE answer_id IN (SELECT answer_id FROM answers_to_quarantine)"
        ).fetchall()[0][0]
    finally:
        con.execute("DROP TABLE IF EXISTS answers_to_quarantine")
    if not moved:
        return counts
    return AnswerCounts(counts.answers_read, counts.answers_audited - moved, counts.answers_quarantined + moved)


def quarantine_too_many_citations(con: duckdb.DuckDBPyConnection, counts: AnswerCounts, most: int) -> AnswerCounts:
    """An answer with more than `most` citations (`[run] max_citations_per_answer`) goes to quarantine: its audit
    grows with them (100,000 cited sentences in one answer ran past 400 s, `[1]` a million times took 2.4 GB)."""
    return move_to_quarantine(
        con,
        counts,
        "SELECT answer_id, format('answer has {:,} citations, more than [run] max_citations_per_answer ({:,}): too "
        "many to audit in bounded time and memory (raise the limit to audit it)', n, $most) AS reason "
        "FROM (SELECT answer_id, count(*) AS n FROM citations GROUP BY answer_id) WHERE n > $most",
        {"most": most},
    )
