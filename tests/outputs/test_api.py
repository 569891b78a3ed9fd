"""The analyst API: `citeaudit.open(db).unverified_citations(since=...)` as a polars DataFrame, against DuckDB."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import duckdb
import polars as pl
import pytest

import citeaudit
from audit.errors import CiteauditError, InputError


def test_unverified_citations_of_a_window_equal_the_view(small_db: Path) -> None:
    with citeaudit.open(small_db) as audit:
        df = audit.unverified_citations(since="2026-11-02")
        whole = audit.unverified_citations()
    con = duckdb.connect(str(small_db), read_only=True)
    try:
        [(n,)] = con.execute(
            "SELECT count(*) FROM unverified_citations WHERE logged_at >= TIMESTAMPTZ '2026-11-02 00:00:00+00'"
        ).fetchall()
        [(total,)] = con.execute("SELECT count(*) FROM unverified_citations").fetchall()
        columns = [r[0] for r in con.execute("DESCRIBE unverified_citations").fetchall()]
    finally:
        con.close()
    assert isinstance(df, pl.DataFrame)
    assert 0 < df.height == n < whole.height == total
    assert df.columns == columns
    assert "verified" not in set(whole["verdict"].cast(pl.String))


def test_dates_datetimes_and_lazy_frames(small_db: Path) -> None:
    with citeaudit.open(small_db) as audit:
        by_date = audit.unverified_citations(since=date(2026, 11, 2))
        by_text = audit.unverified_citations(since="2026-11-02T00:00:00+00:00")
        lazy = audit.frame("citation_audit", until="2026-11-02", lazy=True)
        assert isinstance(lazy, pl.LazyFrame)
        day1 = lazy.group_by("verdict").len().collect()
        counts = audit.sql("SELECT count(*) AS n FROM citation_audit WHERE logged_at < '2026-11-02'")
    assert by_date.equals(by_text)
    assert day1["len"].sum() == counts["n"][0] > 0


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda a: a.frame("nope"), "no table or view 'nope'"),
        (lambda a: a.frame("runs", since="2026-11-01"), "runs has no logged_at column"),
        (lambda a: a.unverified_citations(since="tomorrow"), "since: 'tomorrow' is not an ISO date"),
        (lambda a: a.sql("DELETE FROM runs"), "read-only"),
    ],
    ids=["unknown_relation", "window_on_runs", "bad_since", "write_refused"],
)
def test_bad_requests_are_one_clear_error(small_db: Path, call, message: str) -> None:
    with citeaudit.open(small_db) as audit, pytest.raises(CiteauditError, match=message):
        call(audit)


def test_missing_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no audit database at"):
        citeaudit.open(tmp_path / "absent.duckdb")
