"""Ad-hoc queries for analysts (`citeaudit sql`): a connection that can read the audit file and nothing else.

Three locks, each enough on its own for the attacks we know of: the file is opened read-only; external access is
off (no other file, no ATTACH, COPY TO, INSTALL/LOAD, read_csv of /etc/passwd), with the configuration locked so a
query cannot turn it back on; and only reading statement types run at all.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import duckdb

from audit.errors import InputError, link_loop, lone_surrogate_at, one_line, terminal_text
from audit.schema import readable_version
from audit.sql import READ_WAIT_S, connect

TABLE_ROWS = 1000  # `citeaudit sql --format table` shows at most this many rows; csv and json give all
TABLE_CELL_CHARS = 1000  # and at most this many characters of a text; csv and json give it whole

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


def open_query_connection(db: str | Path, wait_s: float = READ_WAIT_S) -> duckdb.DuckDBPyConnection:
    """The audit file, read-only, with external access off and the configuration locked; waits up to `wait_s` for a
    writer (a run's load) to let go of it."""
    p = Path(db)
    if not p.exists() and link_loop(p) is None:  # a folder and a link loop are named by connect
        raise InputError(f"no audit database at {p}: run `citeaudit run` first or pass --db")
    con = connect(p, read_only=True, wait_s=wait_s, config=_LOCKED_CONFIG)
    con.execute("SET lock_configuration = true")
    try:
        # a file from a newer citeaudit is refused, as `report` and `export` refuse it: its tables may have other
        # columns, or columns of the same name that mean something else (it was read as if it were this version's)
        readable_version(con)
    except ValueError as exc:
        con.close()
        raise InputError(f"audit database {p}: {exc}") from None
    return con


def check_statements(con: duckdb.DuckDBPyConnection, query: str) -> None:
    """Refuse any statement that is not a read (SELECT, EXPLAIN, PRAGMA, CALL), and a query of several, before
    anything runs."""
    at = lone_surrogate_at(query)
    if at is not None:  # a byte typed in another encoding (argv holds it as a surrogate): DuckDB's binding refused
        code = ord(query[at])  # the str with a TypeError, exit 1
        shown = f"byte \\x{code - 0xDC00:02x}" if 0xDC80 <= code <= 0xDCFF else f"\\u{code:04x}"
        raise InputError(
            f"the query is not UTF-8 text ({shown} at character {at + 1}): type it in UTF-8 or use chr(N) for a "
            "character, e.g. chr(233) for é"
        )
    try:
        statements = con.extract_statements(query)
    except duckdb.Error as exc:
        raise InputError(f"query failed: {one_line(str(exc))}") from None
    if not statements:  # DuckDB runs nothing and returns no cursor
        raise InputError('no SQL statement in the query: give one, e.g. "SELECT * FROM daily_integrity"')
    for st in statements:
        if st.type not in ALLOWED:
            kind = st.type.name
            raise InputError(
                f"citeaudit sql is read-only: {kind} statements are not allowed (only SELECT, EXPLAIN, PRAGMA, CALL)"
            )
    if len(statements) > 1:  # each ran, and all but the last one's result was dropped
        raise InputError(
            f"citeaudit sql runs one statement at a time: the query holds {len(statements)} statements; "
            "run each on its own"
        )


@contextmanager
def stream_query(
    db: str | Path, query: str, batch_rows: int = 10_000, wait_s: float = READ_WAIT_S
) -> Iterator[tuple[list[str], Iterator[Any]]]:
    """Columns and a row iterator of `query` (one statement), on the locked read-only connection. Rows are
    fetched `batch_rows` at a time while they are read, so a caller that stops early never runs the query to its end
    (a table of SELECT * FROM range(10000000) took minutes)."""
    with open_query_connection(db, wait_s) as con:
        check_statements(con, query)
        try:
            cur = con.execute(query)
        except duckdb.Error as exc:
            raise InputError(f"query failed: {one_line(str(exc))}") from None
        if cur.description is None:
            yield [], iter(())
            return
        yield [d[0] for d in cur.description], _fetch(cur, batch_rows)


def _fetch(cur: duckdb.DuckDBPyConnection, batch_rows: int) -> Iterator[tuple[Any, ...]]:
    while True:
        try:
            batch = cur.fetchmany(batch_rows)
        except duckdb.Error as exc:  # an error met while the rows are read (a cast in the millionth row)
            raise InputError(f"query failed: {one_line(str(exc))}") from None
        if not batch:
            return
        yield from batch


def json_chunks(cols: list[str], rows: Iterator[tuple[Any, ...]]) -> Iterator[str]:
    """The rows as one JSON list of objects, one object at a time: the text `json.dumps(list, indent=1)` writes."""
    first = True
    for row in rows:
        item = json.dumps(_finite(dict(zip(cols, row, strict=True))), default=str, indent=1).replace("\n", "\n ")
        yield ("[\n " if first else ",\n ") + item
        first = False
    yield "[]\n" if first else "\n]\n"


def _finite(value: Any) -> Any:
    """`value` with every NaN or infinite float (in lists and structs too) None: JSON has no such numbers, and the
    bare `NaN` / `Infinity` Python writes made the output unreadable to any other parser (jq)."""
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_finite(v) for v in value]
    return value


def run_query(db: str | Path, query: str) -> tuple[list[str], list[tuple[Any, ...]]]:
    """Columns and rows of `query` (one statement), run on the locked read-only connection."""
    with stream_query(db, query) as (cols, rows):
        return cols, list(rows)


def table_cell(value: Any) -> str:
    """A value as `--format table` shows it (csv and json keep full precision and the whole text). Logged text is
    hostile: control characters, tabs and newlines are written out, never sent (a newline in an answer_id made one row
    read as three), and a text past TABLE_CELL_CHARS is cut, saying its length (a 70,000-character answer filled
    600 lines)."""
    if value is None:
        return "NULL"
    if isinstance(value, float):
        return f"{value:.4f}"
    text = str(value)
    more = f"… ({len(text):,} characters)" if len(text) > TABLE_CELL_CHARS else ""
    return terminal_text(text[:TABLE_CELL_CHARS], one_line=True) + more
