"""A small Python API for analysts: the audit file's tables and views as polars frames.

    import citeaudit
    with citeaudit.open("data/audit.duckdb") as audit:
        df = audit.unverified_citations(since="2026-11-01")          # polars DataFrame
        lf = audit.frame("citation_audit", lazy=True)                 # polars LazyFrame, pulled from DuckDB on collect

The file is opened as `citeaudit sql` opens it (read-only, external access off); the window filter runs in DuckDB
and the rows reach polars as an Arrow stream, never as Python objects.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time
from pathlib import Path
from types import TracebackType
from typing import cast

import polars as pl

from audit.errors import InputError
from audit.query import check_statements, open_query_connection
from audit.sql import READ_WAIT_S, quote
from audit.store import DEFAULT_DB
from audit.window import Window, parse_instant

Instant = str | date | datetime | None


def _instant(value: Instant, what: str) -> datetime | None:
    """An ISO string, a date (midnight UTC) or a datetime (naive = UTC) as a UTC instant."""
    if value is None or isinstance(value, datetime):
        return value if value is None or value.tzinfo else value.replace(tzinfo=UTC)
    if isinstance(value, date):
        return datetime.combine(value, time(), tzinfo=UTC)
    return parse_instant(value, what)


class AuditFile:
    """An audit database opened read-only; each table or view comes back as a polars frame."""

    def __init__(self, path: str | Path = DEFAULT_DB, wait_s: float = READ_WAIT_S) -> None:
        self.path = Path(path)
        self._con = open_query_connection(self.path, wait_s)
        rows = self._con.execute(
            "SELECT table_name, bool_or(column_name = 'logged_at') FROM information_schema.columns "
            "WHERE table_schema = 'main' GROUP BY 1"
        ).fetchall()
        self.relations: dict[str, bool] = {name: bool(windowed) for name, windowed in rows}

    def frame(
        self, name: str, since: Instant = None, until: Instant = None, lazy: bool = False
    ) -> pl.DataFrame | pl.LazyFrame:
        """Table or view `name`, rows logged in [since, until) when either is given."""
        if name not in self.relations:
            raise InputError(f"{self.path}: no table or view {name!r}; there are {', '.join(sorted(self.relations))}")
        window = Window(_instant(since, "since"), _instant(until, "until"))
        condition = window.sql("logged_at")
        if condition is not None and not self.relations[name]:
            raise InputError(f"{name} has no logged_at column: since/until do not apply")
        rel = self._con.sql(f"SELECT * FROM {quote(name, identifier=True)} WHERE {condition or 'TRUE'}")
        return rel.pl(lazy=True) if lazy else pl.from_arrow(rel.to_arrow_table())  # type: ignore[return-value]

    def unverified_citations(self, since: Instant = None, until: Instant = None) -> pl.DataFrame:
        """Every citation that is not `verified`, with tenant and model (the `unverified_citations` view)."""
        return cast(pl.DataFrame, self.frame("unverified_citations", since, until))

    def sql(self, query: str) -> pl.DataFrame:
        """A read-only query (SELECT, EXPLAIN, PRAGMA, CALL), as `citeaudit sql` runs it."""
        check_statements(self._con, query)
        return pl.from_arrow(self._con.sql(query).to_arrow_table())  # type: ignore[return-value]

    def close(self) -> None:
        self._con.close()

    def __enter__(self) -> AuditFile:
        return self

    def __exit__(self, *exc: type[BaseException] | BaseException | TracebackType | None) -> None:
        self.close()


def open(path: str | Path = DEFAULT_DB, wait_s: float = READ_WAIT_S) -> AuditFile:
    """Open an audit database for analysis (`citeaudit.open("data/audit.duckdb")`), waiting up to `wait_s` seconds
    for a run that is loading its results to let go of it."""
    return AuditFile(path, wait_s)
