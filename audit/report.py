"""Read-side helpers over the audit database: run overviews."""

from __future__ import annotations

from typing import Any

import duckdb


def run_overview(db: str, run_id: str) -> dict[str, Any]:
    """Counts of a run, and level/verdict tallies of the rows it wrote."""
    from audit.store import open_db  # here: the loader (`audit.store`) imports `overview`

    with open_db(db, read_only=True) as con:
        return overview(con, run_id)


def overview(con: duckdb.DuckDBPyConnection, run_id: str) -> dict[str, Any]:
    """`run_overview` on an open connection to the audit file (the loader's, right after its commit)."""
    row = con.execute(
        "SELECT answers_read, answers_audited, answers_quarantined, citations FROM runs WHERE run_id = ?",
        [run_id],
    ).fetchall()
    keys = ("answers_read", "answers_audited", "answers_quarantined", "citations")
    counts = dict(zip(keys, row[0] if row else (0, 0, 0, 0), strict=True))
    levels = dict(
        con.execute("SELECT level, count(*) FROM answer_audit WHERE run_id = ? GROUP BY 1", [run_id]).fetchall()
    )
    verdicts = dict(
        con.execute("SELECT verdict, count(*) FROM citation_audit WHERE run_id = ? GROUP BY 1", [run_id]).fetchall()
    )
    uncited = con.execute("SELECT count(*) FROM uncited_claims WHERE run_id = ?", [run_id]).fetchall()
    zero = con.execute(
        "SELECT count(*) FROM answer_audit WHERE run_id = ? AND list_contains(flags, 'context_rank_0_not_citable')",
        [run_id],
    ).fetchall()
    return {
        "counts": counts,
        "levels": levels,
        "verdicts": verdicts,
        "uncited": uncited[0][0],
        "rank_0": zero[0][0],
    }


def rank_0_warning(n: int) -> str:
    """What `citeaudit run` and the nightly flow say when a run's answers had contexts ranked from 0."""
    whose = "answer's" if n == 1 else "answers'"
    return (
        f"warning: {n} {whose} contexts start at rank 0: ranks are 1-based ([1] cites rank 1), so rank 0 can be "
        "cited by no marker and each [n] may read one place off (a 0-based logger? give ranks from 1); flagged "
        "context_rank_0_not_citable"
    )
