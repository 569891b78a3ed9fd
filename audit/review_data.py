"""What the review page shows, read from the audit database for one window: headline figures, breakdowns by day,
tenant and model, and the unverified citations worst first. Plain data out; the page is drawn in `audit.review`."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import duckdb

from audit.charts import TREND_DAYS
from audit.reliability import Overconfidence, overconfident_models
from audit.sql import quote
from audit.verdict import SEVERITY
from audit.window import Window

MAX_LIMIT = 2**63 - 1  # the largest LIMIT DuckDB takes (BIGINT): a --limit past it shows every finding
OVERCONFIDENCE_LEVELS = ("answer", "citation")
# worst first, as reviewers go through them (audit.verdict.SEVERITY)
SEVERITY_RANK_SQL = (
    "CASE verdict " + " ".join(f"WHEN {quote(v.value)} THEN {i}" for i, v in enumerate(SEVERITY)) + " END"
)


HEADLINE_SQL = """
SELECT count(*) AS answers,
       coalesce(sum(n_citations), 0) AS citations,
       sum(n_verified) / nullif(sum(n_citations), 0) AS citation_integrity,
       avg(CASE WHEN level = 'RED' THEN 1.0 ELSE 0.0 END) AS share_red,
       avg(citation_recall) AS citation_recall,
       avg(citation_precision) AS citation_precision,
       avg(coverage) AS coverage,
       coalesce(sum(n_fabricated), 0) AS fabricated,
       coalesce(sum(n_misattributed), 0) AS misattributed,
       coalesce(sum(n_uncited_claims), 0) AS uncited_claims
FROM answer_audit WHERE {where}
"""

BREAKDOWN_SQL = """
SELECT {key} AS key, count(*) AS answers, sum(n_citations) AS citations,
       sum(n_verified) / nullif(sum(n_citations), 0) AS citation_integrity,
       avg(CASE WHEN level = 'RED' THEN 1.0 ELSE 0.0 END) AS share_red,
       avg(citation_recall) AS citation_recall, avg(citation_precision) AS citation_precision,
       avg(coverage) AS coverage
FROM answer_audit WHERE {where} GROUP BY 1 ORDER BY 1 NULLS LAST
"""
BREAKDOWNS = {
    "day": "CAST(date_trunc('day', logged_at AT TIME ZONE 'UTC') AS DATE)",
    "tenant": "tenant",
    "model": "model",
}

FINDINGS_SQL = """
SELECT verdict, support, answer_id, tenant, model, logged_at, marker, dialect, cited_ref, context_rank, doc_id,
       chunk_id, suggested_rank, reasons, claim, evidence_start, evidence_end, evidence_text, source_window_start,
       source_window,
       (SELECT a.flags FROM answer_audit a WHERE a.run_id = u.run_id AND a.answer_id = u.answer_id) AS flags
FROM unverified_citations u WHERE {where}
ORDER BY {severity_rank},
         support NULLS FIRST, logged_at, answer_id, citation_ord
LIMIT $limit
"""


@dataclass(frozen=True)
class Finding:
    """One unverified citation as the page shows it."""

    verdict: str
    support: float | None
    answer_id: str
    tenant: str | None
    model: str | None
    logged_at: datetime
    marker: str
    dialect: str
    cited_ref: str
    context_rank: int | None
    doc_id: str | None
    chunk_id: str | None
    suggested_rank: int | None
    reasons: list[str]
    claim: str | None
    evidence_start: int | None
    evidence_end: int | None
    evidence_text: str | None
    source_window_start: int | None
    source_window: str | None
    flags: list[str]  # the answer's (answer_audit.flags)


@dataclass(frozen=True)
class ReviewData:
    window: Window
    headline: dict[str, Any]
    quarantined: int
    breakdowns: dict[str, list[dict[str, Any]]]  # "day" | "tenant" | "model" -> rows
    unverified_total: int
    findings: list[Finding]
    overconfident: dict[str, list[Overconfidence]]  # "answer" | "citation" -> most over-confident first; {} w/o view


def window_condition(window: Window, column: str = "logged_at") -> str:
    return window.sql(column) or "TRUE"


def trend_condition(window: Window, latest: datetime | None, column: str = "logged_at") -> str:
    """The window widened back to TREND_DAYS days before its end (or before the latest row when unbounded)."""
    end = window.end or latest
    if end is None:
        return "TRUE"
    start: datetime | None
    try:
        start = end - timedelta(days=TREND_DAYS)
    except OverflowError:  # an end in the first TREND_DAYS days of year 1: back to the calendar's start
        start = None
    if window.start is not None and (start is None or window.start < start):
        start = window.start
    return Window(start, window.end).sql(column) or "TRUE"


def relation_exists(con: duckdb.DuckDBPyConnection, name: str) -> bool:
    rows = con.execute("SELECT count(*) FROM information_schema.tables WHERE table_name = ?", [name]).fetchall()
    return bool(rows[0][0])


def _dicts(cur: duckdb.DuckDBPyConnection) -> list[dict[str, Any]]:
    cols = [d[0] for d in cur.description or []]
    return [dict(zip(cols, row, strict=True)) for row in cur.fetchall()]


def load_review_data(con: duckdb.DuckDBPyConnection, window: Window, limit: int) -> ReviewData:
    """Everything the page shows except the charts, for `window` (the over-confident models: all rows, as the
    `confidence_calibration` view has no time); at most `limit` findings (one past DuckDB's LIMIT: all)."""
    where = window_condition(window)
    headline = _dicts(con.execute(HEADLINE_SQL.format(where=where)))[0]
    quarantined = con.execute(f"SELECT count(*) FROM quarantine WHERE {where}").fetchall()[0][0]
    breakdowns = {
        name: _dicts(con.execute(BREAKDOWN_SQL.format(key=key, where=where))) for name, key in BREAKDOWNS.items()
    }
    total = con.execute(f"SELECT count(*) FROM unverified_citations WHERE {where}").fetchall()[0][0]
    rows = con.execute(
        FINDINGS_SQL.format(where=where, severity_rank=SEVERITY_RANK_SQL), {"limit": min(int(limit), MAX_LIMIT)}
    ).fetchall()
    return ReviewData(
        window=window,
        headline=headline,
        quarantined=int(quarantined),
        breakdowns=breakdowns,
        unverified_total=int(total),
        findings=[Finding(*r) for r in rows],
        overconfident=(
            {level: overconfident_models(con, level) for level in OVERCONFIDENCE_LEVELS}
            if relation_exists(con, "confidence_calibration")
            else {}
        ),
    )


def latest_logged_at(con: duckdb.DuckDBPyConnection) -> datetime | None:
    value = con.execute("SELECT max(logged_at) FROM answer_audit").fetchall()[0][0]
    return value if isinstance(value, datetime) else None
