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
    got = con.execute("SELECT version FROM schema_version WHERE name = 'outputs'").fetchall()
    return int(got[0][0]) if got else 1


def migrate(con: duckdb.DuckDBPyConnection) -> int | None:
    """Bring an existing output file up to OUTPUT_VERSION one step at a time, in one transaction.
    Returns the version found; raises ValueError for a file written by a newer citeaudit."""
    found = stored_version(con)
    if found is None or found == OUTPUT_VERSION:
        return found
    if found > OUTPUT_VERSION:
        raise ValueError(f"outputs v{found} is newer than this citeaudit (v{OUTPUT_VERSION}): upgrade citeaudit")
    with transaction(con):
        for v in range(found, OUTPUT_VERSION):
            run_script(con, migration(v))
    return found


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
