"""Ad-hoc queries for analysts (`citeaudit sql`): a connection that can read the audit file and nothing else.

Three locks, each enough on its own for the attacks we know of: the file is opened read-only; external access is
off (no other file, no ATTACH, COPY TO, INSTALL/LOAD, read_csv of /etc/passwd), with the configuration locked so a
query cannot turn it back on; and only reading statement types run at all.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import duckdb

from audit.errors import InputError
from audit.sql import connect

ALLOWED = {
    duckdb.StatementType.SELECT,
    duckdb.StatementType.EXPLAIN,
    duckdb.StatementType.PRAGMA,
    duckdb.StatementType.CALL,
}
_LOCKED_CONFIG = {
    "enable_external_access": False,
    "autoinstall_known_extensions": False,
    "autoload_known_extensions": False,
    "allow_community_extensions": False,
}


def open_query_connection(db: str | Path) -> duckdb.DuckDBPyConnection:
    """The audit file, read-only, with external access off and the configuration locked."""
    p = Path(db)
    if not p.is_file():
        raise InputError(f"no audit database at {p}: run `citeaudit run` first or pass --db")
    con = connect(p, read_only=True, config=_LOCKED_CONFIG)
    con.execute("SET lock_configuration = true")
    return con


def check_statements(con: duckdb.DuckDBPyConnection, query: str) -> None:
    """Refuse any statement that is not a read (SELECT, EXPLAIN, PRAGMA, CALL), before anything runs."""
    try:
        statements = con.extract_statements(query)
    except duckdb.Error as exc:
        raise InputError(f"query failed: {exc}") from None
    if not statements:  # DuckDB runs nothing and returns no cursor
        raise InputError('no SQL statement in the query: give one, e.g. "SELECT * FROM daily_integrity"')
    for st in statements:
        if st.type not in ALLOWED:
            kind = st.type.name
            raise InputError(
                f"citeaudit sql is read-only: {kind} statements are not allowed (only SELECT, EXPLAIN, PRAGMA, CALL)"
            )


def run_query(db: str | Path, query: str) -> tuple[list[str], list[tuple[Any, ...]]]:
    """Columns and rows of the last statement of `query`, run on the locked read-only connection."""
    with open_query_connection(db) as con:
        check_statements(con, query)
        try:
            cur = con.execute(query)
        except duckdb.Error as exc:
            raise InputError(f"query failed: {exc}") from None
        if cur.description is None:
            return [], []
        return [d[0] for d in cur.description], cur.fetchall()
