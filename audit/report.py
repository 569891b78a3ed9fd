"""Read-side helpers over the audit database: run overviews."""

from __future__ import annotations

from typing import Any

from audit.sql import READ_WAIT_S
from audit.store import open_db, overview


def run_overview(db: str, run_id: str) -> dict[str, Any]:
    """Counts of a run, and level/verdict tallies of the rows it wrote (`audit.store.overview`). Waits for another
    run's load (runs of other windows at once each complete, one load after the other)."""
    with open_db(db, read_only=True, wait_s=READ_WAIT_S) as con:
        return overview(con, run_id)


def rank_0_warning(n: int) -> str:
    """What `citeaudit run` and the nightly flow say when a run's answers had contexts ranked from 0."""
    whose = "answer's" if n == 1 else "answers'"
    return (
        f"warning: {n} {whose} contexts start at rank 0: ranks are 1-based ([1] cites rank 1), so rank 0 can be "
        "cited by no marker and each [n] may read one place off (a 0-based logger? give ranks from 1); flagged "
        "context_rank_0_not_citable"
    )
