"""Output table schemas, read from `schemas/outputs.v3.sql` (the single source of truth)."""

from __future__ import annotations

from functools import cache

import duckdb
import pyarrow as pa

from audit.contract import MIGRATIONS_DIR, OUTPUT_DDL
from audit.sql import connect, quote, run_script, transaction

OUTPUT_VERSION = 3
RESULT_TABLES = ("answer_audit", "citation_audit", "uncited_claims", "quarantine")


def output_ddl() -> str:
    return OUTPUT_DDL.read_text()


def migration(version: int) -> str:
    """The SQL that takes an output file from `version` to `version + 1`."""
    return (MIGRATIONS_DIR / f"outputs.v{version}_to_v{version + 1}.sql").read_text()


def stored_version(con: duckdb.DuckDBPyConnection) -> int | None:
    """The outputs version an existing file was written with (None for a new, empty file)."""
    tables = {r[0] for r in con.execute("SELECT table_name FROM information_schema.tables").fetchall()}
    if "citation_audit" not in tables:
        return None
    if "schema_version" not in tables:
        return 1
    _check_table(_objects(con), "schema_version")
    got = con.execute("SELECT version FROM schema_version WHERE name = 'outputs'").fetchall()
    if not got:
        return 1
    # citeaudit writes one row per name (its primary key), a version from 1 up and never NULL
    if len(got) > 1 or got[0][0] is None or got[0][0] < 1:
        found = "two outputs rows" if len(got) > 1 else f"outputs version {got[0][0]}"
        raise ValueError(_not_ours(f"its table schema_version holds {found}"))
    return int(got[0][0])


def newer_version(found: int) -> str:
    """Why a file written by a newer citeaudit is neither written nor read (its tables may have other columns)."""
    return f"outputs v{found} is newer than this citeaudit (v{OUTPUT_VERSION}): upgrade citeaudit"


def readable_version(con: duckdb.DuckDBPyConnection) -> int | None:
    """`stored_version`, with a file written by a newer citeaudit refused (ValueError): this code neither reads nor
    writes it (its tables may have other columns, or columns of the same name that mean something else)."""
    found = stored_version(con)
    if found is not None and found > OUTPUT_VERSION:
        raise ValueError(newer_version(found))
    return found


def migrate(con: duckdb.DuckDBPyConnection) -> int | None:
    """Bring an existing output file up to OUTPUT_VERSION one step at a time, in one transaction.
    Returns the version found; raises ValueError for a file written by a newer citeaudit, or for a file whose
    tables are not citeaudit's (another application's database: left as it was)."""
    found = readable_version(con)
    if found is None or found == OUTPUT_VERSION:
        check_tables(con)
        return found
    try:
        with transaction(con):
            for v in range(found, OUTPUT_VERSION):
                run_script(con, migration(v))
            check_tables(con)  # a mismatch rolls the migration back
    except duckdb.Error as exc:
        raise ValueError(
            f"not a citeaudit audit database: migrating it from outputs v{found} failed, nothing was changed "
            f"({str(exc).splitlines()[0]}): give --db a citeaudit database or a new file"
        ) from None
    return found


def _objects(con: duckdb.DuckDBPyConnection) -> dict[str, tuple[str, dict[str, str]]]:
    """Each table and view of the connection's main schema: (table type, {column: type})."""
    kinds = dict(
        con.execute(
            "SELECT table_name, table_type FROM information_schema.tables "
            "WHERE table_catalog = current_database() AND table_schema = 'main'"
        ).fetchall()
    )
    columns: dict[str, dict[str, str]] = {name: {} for name in kinds}
    for table, column, kind in con.execute(
        "SELECT table_name, column_name, data_type FROM information_schema.columns "
        "WHERE table_catalog = current_database() AND table_schema = 'main' ORDER BY table_name, ordinal_position"
    ).fetchall():
        columns[table][column] = kind
    return {name: (kind, columns[name]) for name, kind in kinds.items()}


@cache
def _output_objects() -> dict[str, tuple[str, dict[str, str]]]:
    with connect() as con:
        run_script(con, output_ddl())
        return _objects(con)


def _listed(names: list[str], most: int = 4) -> str:
    more = f" and {len(names) - most} more" if len(names) > most else ""
    return ", ".join(names[:most]) + more


def check_tables(con: duckdb.DuckDBPyConnection) -> None:
    """Raise ValueError naming the first table or view that bears an output name but not its shape (columns and
    types of the current outputs version): the file belongs to another application. Other objects are not looked at."""
    have = _objects(con)
    for name in _output_objects():
        _check_table(have, name)


def _check_table(have: dict[str, tuple[str, dict[str, str]]], name: str) -> None:
    """Raise ValueError when the object `name` of `have` (`_objects`) is not the output table or view of that name."""
    if name not in have:
        return
    kind, columns = _output_objects()[name]
    got_kind, got = have[name]
    problem = ""
    if got_kind != kind:
        problem = f"{name} is a {got_kind.lower()}, not a {kind.lower()}"
    elif kind == "VIEW" and "citation_audit" not in have:  # citeaudit creates its views after its tables
        problem = f"it has a view {name} but no citeaudit tables"
    elif kind == "BASE TABLE" and got != columns:
        missing = [c for c in columns if c not in got]
        extra = [c for c in got if c not in columns]
        typed = [f"has {c} as {got[c]}, not {t}" for c, t in columns.items() if c in got and got[c] != t]
        parts = [f"lacks {_listed(missing)}"] if missing else []
        parts += [f"has {_listed(extra)} that citeaudit does not write"] if extra else []
        parts += typed[:1]
        problem = f"its table {name} " + "; ".join(parts)
    if problem:
        raise ValueError(_not_ours(problem))


def _not_ours(problem: str) -> str:
    return f"not a citeaudit audit database ({problem}): give --db a citeaudit database or a new file"


@cache
def output_schema(table: str) -> pa.Schema:
    """Arrow schema of an output table, as DuckDB creates it from the DDL."""
    with connect() as con:
        run_script(con, output_ddl())
        return con.sql(f"SELECT * FROM {quote(table, identifier=True)} LIMIT 0").to_arrow_table().schema


def conform(rows: list[dict[str, object]], table: str) -> pa.Table:
    """Rows (dicts) as an Arrow table with exactly the output table's columns and types."""
    schema = output_schema(table)
    if not rows:
        return schema.empty_table()
    return pa.Table.from_pylist(rows, schema=schema)
