"""Set-based citation extraction in DuckDB (`sql/extract.sql`), driven by the dialect registry."""

from __future__ import annotations

import duckdb

from audit.extract.dialects import (
    DOC_CHUNK,
    DOCUMENT_PAGE,
    FILE_SEARCH,
    FOOTNOTE_DEFINITION,
    HTML_NUMERIC,
    NAMED_FOOTNOTE,
    NUMERIC,
    SUPERSCRIPT,
    SUPERSCRIPT_AFTER,
    SUPERSCRIPT_BEFORE,
    any_marker_pattern,
    reference_list_pattern,
)
from audit.sql import run


def extract_citations(con: duckdb.DuckDBPyConnection, numeric_base: int = 1) -> None:
    """From `answers_ok`, build temp tables `texts` (audited text per answer) and `citations`."""
    params = {
        "any": any_marker_pattern(),
        "num": NUMERIC.pattern,
        "html": HTML_NUMERIC.pattern,
        "dp": DOCUMENT_PAGE.pattern,
        "dc": DOC_CHUNK.pattern,
        "fs": FILE_SEARCH.pattern,
        "nf": NAMED_FOOTNOTE.pattern,
        "nfdef": FOOTNOTE_DEFINITION,
        "sup": SUPERSCRIPT.pattern,
        "sup_before": SUPERSCRIPT_BEFORE,
        "sup_after": SUPERSCRIPT_AFTER,
        "refs": reference_list_pattern(),
        "base": numeric_base,
    }
    run(con, "extract", params)
