"""CSV cells a spreadsheet would run as a formula, defused (OWASP "CSV injection"), and NUL characters written out.

Logged text is hostile: an answer `=HYPERLINK("http://x","click")` or `+cmd|' /C calc'!A0` opened from a CSV in
Excel or LibreOffice is a formula, not text. Every text cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage
return gets a leading `'`, in CSV only (`citeaudit export --format csv`, `citeaudit sql --format csv`); Parquet and
JSON keep the exact text. Numbers are left alone (`-1` stays a number).

A NUL in logged text is written as the four characters `\\x00` (as `audit.errors.terminal_text` shows it), in every
text cell and in every text of a list: a raw NUL ends the line or the string for many CSV readers (Python's csv
before 3.11 refused the file, C tools cut the cell there). Parquet and JSON keep it.
"""

from __future__ import annotations

from typing import Any

import duckdb

from audit.sql import quote

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
NUL_WRITTEN = "\\x00"  # what a NUL character in a text cell is written as
_FORMULA_START_SQL = ", ".join(quote(c) for c in FORMULA_START)


def defuse(value: Any) -> Any:
    """A Python value as a CSV cell: NUL written out, and text that starts a formula gets a leading `'`; anything
    else is unchanged (a list is written as its repr, which writes a NUL as `\\x00` too)."""
    if not isinstance(value, str):
        return value
    value = value.replace("\x00", NUL_WRITTEN)
    return "'" + value if value.startswith(FORMULA_START) else value


def _nul_written_sql(text: str) -> str:
    return f"replace({text}, chr(0), {quote(NUL_WRITTEN)})"


def defused_query(con: duckdb.DuckDBPyConnection, query: str) -> str:
    """`query` with every VARCHAR column defused as `defuse` does, and NUL written out in every VARCHAR[] column,
    in SQL (for `COPY ... TO ... (FORMAT csv)`)."""
    columns = con.execute(f"DESCRIBE ({query})").fetchall()
    select = []
    for name, type_, *_ in columns:
        col = quote(name, identifier=True)
        if type_ == "VARCHAR":
            text = _nul_written_sql(col)
            select.append(
                f"CASE WHEN left({col}, 1) IN ({_FORMULA_START_SQL}) THEN '''' || {text} ELSE {text} END AS {col}"
            )
        elif type_ == "VARCHAR[]":
            select.append(f"list_transform({col}, lambda s: {_nul_written_sql('s')}) AS {col}")
        else:
            select.append(col)
    return f"SELECT {', '.join(select)} FROM ({query})"
