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


def test_a_query_or_window_with_no_rows_is_an_empty_frame_with_its_columns(tmp_path: Path) -> None:
    # a log with no self-reported confidence (the file-search and named-footnote answers of the dialect sweep) leaves
    # confidence_calibration empty, and a window may hold no rows: both raised pyarrow's "Must pass schema, or at
    # least one RecordBatch" (a DuckDB result with no batch), never an empty frame
    from tests.cli.hostile import CTX, audited
    from tests.conftest import make_answer

    db = audited(
        tmp_path,
        [
            make_answer("fs", "Refunds take 30 days【4:0†source】.", []),
            make_answer("fn", "Refunds take 30 days[^note].", CTX),
        ],
    )
    with citeaudit.open(db) as audit:
        calibration = audit.sql("SELECT * FROM confidence_calibration")
        later = audit.unverified_citations(since="2030-01-01")
        found = audit.unverified_citations()
    assert calibration.height == 0 and "model" in calibration.columns, calibration
    assert later.height == 0 and later.columns == found.columns
    assert sorted(zip(found["dialect"], found["reasons"].to_list(), strict=True)) == [
        ("file_search", ["source_not_named"]),
        ("named_footnote", ["footnote_not_defined"]),
    ]
