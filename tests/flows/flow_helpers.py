"""Helpers shared by the flow tests (a uniquely named module: `tests/flows` is not a package)."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

import duckdb

DAY1, DAY2 = date(2026, 11, 1), date(2026, 11, 2)
RESULT_TABLES = ("answer_audit", "citation_audit", "uncited_claims", "quarantine")


def _norm(v: Any) -> Any:
    if isinstance(v, float):
        return round(v, 5)
    if isinstance(v, list):
        return [_norm(x) for x in v]
    if isinstance(v, dict):
        return {k: _norm(x) for k, x in v.items()}
    return v


def result_rows(db: Path | str, day: date | None = None) -> dict[str, list[tuple[Any, ...]]]:
    """Every result table's rows without run ids (floats rounded), optionally those of one day's window
    (a quarantined row without a timestamp belongs to the window of its hive `date=` folder)."""
    con = duckdb.connect(str(db), read_only=True)
    try:
        con.execute("SET TimeZone = 'UTC'")
        out = {}
        for t in RESULT_TABLES:
            where = f"WHERE CAST(logged_at AS DATE) = DATE '{day}'" if day else ""
            if day and t == "quarantine":
                where += f" OR (logged_at IS NULL AND source LIKE '%date={day}%')"
            rows = con.execute(f"SELECT * EXCLUDE (run_id) FROM {t} {where} ORDER BY ALL").fetchall()
            out[t] = [tuple(_norm(v) for v in r) for r in rows]
        return out
    finally:
        con.close()


def table_counts(db: Path | str) -> dict[str, int]:
    con = duckdb.connect(str(db), read_only=True)
    try:
        return {t: con.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in (*RESULT_TABLES, "runs")}
    finally:
        con.close()


def completed_runs(db: Path | str) -> list[tuple[Any, ...]]:
    con = duckdb.connect(str(db), read_only=True)
    try:
        con.execute("SET TimeZone = 'UTC'")
        return con.execute(
            "SELECT CAST(window_start AS DATE), answers_read, answers_audited, answers_quarantined, citations, "
            "flow_run_id FROM runs WHERE status = 'completed' ORDER BY window_start, finished_at"
        ).fetchall()
    finally:
        con.close()
