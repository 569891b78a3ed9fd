"""CSV cells a spreadsheet would run as a formula, defused (OWASP "CSV injection").

Logged text is hostile: an answer `=HYPERLINK("http://x","click")` or `+cmd|' /C calc'!A0` opened from a CSV in
Excel or LibreOffice is a formula, not text. Every text cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage
return gets a leading `'`, in CSV only (`citeaudit export --format csv`, `citeaudit sql --format csv`); Parquet and
JSON keep the exact text. Numbers are left alone (`-1` stays a number).
"""

from __future__ import annotations

from typing import Any

import duckdb

from audit.sql import quote

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_FORMULA_START_SQL = ", ".join(quote(c) for c in FORMULA_START)


def defuse(value: Any) -> Any:
    """A Python value as a CSV cell: text that starts a formula gets a leading `'`, anything else is unchanged."""
    if isinstance(value, str) and value.startswith(FORMULA_START):
        return "'" + value
    return value


def defused_query(con: duckdb.DuckDBPyConnection, query: str) -> str:
    """`query` with every VARCHAR column defused as `defuse` does, in SQL (for `COPY ... TO ... (FORMAT csv)`)."""
    columns = con.execute(f"DESCRIBE ({query})").fetchall()
    select = []
    for name, type_, *_ in columns:
        col = quote(name, identifier=True)
        if type_ == "VARCHAR":
            select.append(
                f"CASE WHEN left({col}, 1) IN ({_FORMULA_START_SQL}) THEN '''' || {col} ELSE {col} END AS {col}"
            )
        else:
            select.append(col)
    return f"SELECT {', '.join(select)} FROM ({query})"
