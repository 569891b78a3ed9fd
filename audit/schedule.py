"""Which UTC days a scheduled audit should cover: yesterday, the incremental plan since the watermark, backfill ranges.

The watermark is the latest one-day window with a `completed` row in `runs`. No Prefect here: the flows and the CLI
both call these functions.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, date, datetime, time, timedelta
from pathlib import Path
from typing import Any

import duckdb

from audit.errors import ConfigError, InputError, one_line
from audit.ingest import check_files, column_expr, describe_files, scan_sql
from audit.schema import readable_version
from audit.sql import READ_WAIT_S, connect
from audit.window import Window


def previous_day(now: datetime | None = None) -> date:
    """The UTC day before `now` (naive datetimes are UTC): the window a nightly run audits."""
    now = now or datetime.now(UTC)
    now = now.replace(tzinfo=UTC) if now.tzinfo is None else now.astimezone(UTC)
    return now.date() - timedelta(days=1)


def parse_day(text: str, what: str = "day") -> date:
    try:
        day = date.fromisoformat(text)
    except ValueError:
        raise ConfigError(f"{what}: {text!r} is not a day (YYYY-MM-DD)") from None
    if day == date.max:  # a day's window ends at the next midnight, which no date holds (OverflowError, exit 1)
        raise ConfigError(f"{what}: {text!r} is the last day a date can hold; its window would end past it")
    return day


def day_range(start: date, end: date) -> list[date]:
    """Every day from `start` to `end`, both included."""
    if start > end:
        raise ConfigError(f"start {start} is after end {end}")
    return [start + timedelta(days=i) for i in range((end - start).days + 1)]


@contextmanager
def _runs(db: str | Path) -> Iterator[duckdb.DuckDBPyConnection | None]:
    """A read-only connection to `db`, in UTC, when it holds a `runs` table; None when there is no such file or
    table."""
    p = Path(db)
    if not p.exists():
        yield None
        return
    with connect(p, read_only=True, wait_s=READ_WAIT_S) as con:
        con.execute("SET TimeZone = 'UTC'")
        # fetchall: DuckDB 2 refuses a new query while an earlier result is not read to its end
        has_runs = con.execute("SELECT count(*) FROM information_schema.tables WHERE table_name = 'runs'").fetchall()
        yield con if has_runs[0][0] else None


def last_completed_day(db: str | Path) -> date | None:
    """The watermark: the latest UTC day whose one-day window has a completed run in `db` that started after the day
    had ended (None if none). A day audited before it ended (`nightly --day` of today, or of 2999-01-01 for 2026)
    holds part of its rows, or none: counted, it moved the watermark past every day up to it, never audited."""
    with _runs(db) as con:
        if con is None:
            return None
        # a file from a newer citeaudit: its `runs` may have other columns (a binder error, exit 1); the write that
        # follows refuses it anyway, so refuse it here, as every other command does
        try:
            readable_version(con)
        except ValueError as exc:
            raise InputError(f"audit database {Path(db)}: {exc}") from None
        row = con.execute(
            """
            SELECT max(CAST(window_start AS DATE)) FROM runs
            WHERE status = 'completed'
              AND window_end - window_start = INTERVAL 1 DAY
              AND CAST(CAST(window_start AS DATE) AS TIMESTAMPTZ) = window_start
              AND window_end <= started_at
            """
        ).fetchall()
    return row[0][0]


# one-day windows at midnight UTC none of whose runs completed, and that no completed run of a window covering the
# day audited after the day had ended: a day killed mid-way (left `running`) or failed
UNFINISHED_DAYS = """
SELECT DISTINCT CAST(r.window_start AS DATE) AS day FROM runs r
WHERE r.status <> 'completed'
  AND r.window_end - r.window_start = INTERVAL 1 DAY
  AND CAST(CAST(r.window_start AS DATE) AS TIMESTAMPTZ) = r.window_start
  AND NOT EXISTS (
    SELECT 1 FROM runs c WHERE c.status = 'completed'
      AND (c.window_start IS NULL OR c.window_start <= r.window_start)
      AND (c.window_end IS NULL OR c.window_end >= r.window_end)
      AND c.started_at >= r.window_end)
ORDER BY day
"""


def unfinished_days(db: str | Path) -> list[date]:
    """Days whose audit did not complete (killed, failed) and that no completed run covered since: below the watermark
    (a later day audited by hand, `nightly --day`) the incremental plan missed them for good."""
    with _runs(db) as con:
        return [] if con is None else [r[0] for r in con.execute(UNFINISHED_DAYS).fetchall()]


def _scan_logged_at(files: list[str], mapping: dict[str, str] | None, select: str, window: Window) -> list[Any]:
    """`select` over the usable `logged_at` values of `files` in `window`, read with the audit's own scan."""
    mapping = mapping or {}
    inner = scan_sql(files, window, column_expr("logged_at", mapping, check_files(files, mapping)))
    with connect() as con:
        con.execute("SET TimeZone = 'UTC'")
        try:
            return con.execute(f"SELECT {select} FROM ({inner}) WHERE logged_at IS NOT NULL").fetchall()
        except duckdb.Error as exc:
            raise InputError(f"cannot scan logged_at in {describe_files(files)}: {one_line(str(exc))}") from None


def data_days(
    files: list[str], mapping: dict[str, str] | None = None, start: date | None = None, end: date | None = None
) -> list[date]:
    """The UTC days (between `start` and `end`, both included) on which `files` hold at least one row.

    Only the `logged_at` column is read and Parquet statistics prune row groups; rows without a usable
    timestamp belong to no day.
    """
    if not files:
        return []
    window = Window(
        datetime.combine(start, time(), tzinfo=UTC) if start else None,
        datetime.combine(end + timedelta(days=1), time(), tzinfo=UTC) if end else None,
    )
    rows = _scan_logged_at(files, mapping, "DISTINCT CAST(logged_at AS DATE)", window)
    return sorted(r[0] for r in rows)


def first_data_day(files: list[str], mapping: dict[str, str] | None = None) -> date | None:
    """The earliest UTC day with a row in `files` (a min(logged_at) query; None when there is none)."""
    if not files:
        return None
    rows = _scan_logged_at(files, mapping, "CAST(min(logged_at) AS DATE)", Window())
    return rows[0][0] if rows else None


def pending_days(db: str | Path, now: datetime | None, first_day: date | None) -> list[date]:
    """The incremental plan: every UTC day after the watermark up to and including yesterday, then the days before
    it whose audit did not complete (`unfinished_days`): last, so one that keeps failing holds no new day back.

    Without a watermark the plan starts at `first_day` (the first day that has data, see `first_data_day`);
    with neither, there is only the unfinished days.
    """
    last = last_completed_day(db)
    start = last + timedelta(days=1) if last is not None else first_day
    end = previous_day(now)
    new = day_range(start, end) if start is not None and start <= end else []
    return new + [d for d in unfinished_days(db) if d <= end and d not in new]
