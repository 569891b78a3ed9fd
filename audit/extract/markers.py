"""Set-based citation extraction in DuckDB (`sql/extract.sql`), driven by the dialect registry."""

from __future__ import annotations

from pathlib import Path

import duckdb

from audit.extract.dialects import DOC_CHUNK, DOCUMENT_PAGE, NUMERIC, any_marker_pattern

_SQL = (Path(__file__).resolve().parent.parent / "sql" / "extract.sql").read_text()


def extract_citations(con: duckdb.DuckDBPyConnection, numeric_base: int = 1) -> None:
    """From `answers_ok`, build temp tables `texts` (audited text per answer) and `citations`."""
    params = {
        "any": any_marker_pattern(),
        "num": NUMERIC.pattern,
        "dp": DOCUMENT_PAGE.pattern,
        "dc": DOC_CHUNK.pattern,
        "base": numeric_base,
    }
    for stmt in _statements(_SQL):
        used = {k: v for k, v in params.items() if f"${k}" in stmt}
        con.execute(stmt, used)


def _statements(sql: str) -> list[str]:
    body = "\n".join(line for line in sql.splitlines() if not line.lstrip().startswith("--"))
    return [s.strip() for s in body.split(";") if s.strip()]
