"""Output table schemas, read from `schemas/outputs.v1.sql` (the single source of truth)."""

from __future__ import annotations

from functools import cache

import duckdb
import pyarrow as pa

from audit.contract import OUTPUT_DDL

OUTPUT_VERSION = 1
RESULT_TABLES = ("answer_audit", "citation_audit", "uncited_claims", "quarantine")


def output_ddl() -> str:
    return OUTPUT_DDL.read_text()


@cache
def output_schema(table: str) -> pa.Schema:
    """Arrow schema of an output table, as DuckDB creates it from the DDL."""
    con = duckdb.connect()
    try:
        con.execute(output_ddl())
        return con.sql(f"SELECT * FROM {table} LIMIT 0").to_arrow_table().schema
    finally:
        con.close()


def conform(rows: list[dict[str, object]], table: str) -> pa.Table:
    """Rows (dicts) as an Arrow table with exactly the output table's columns and types."""
    schema = output_schema(table)
    if not rows:
        return schema.empty_table()
    return pa.Table.from_pylist(rows, schema=schema)
