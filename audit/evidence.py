"""Evidence in context: a window of the cited source around each unverified citation's evidence span.

The audit database keeps no copy of the retrieved contexts, so the window is cut while the shard still has them
(`with_source_windows`); the review page highlights the span inside it (`highlight_span`).
"""

from __future__ import annotations

import duckdb
import pyarrow as pa

from audit.page_text import TEXT_KEPT, TEXT_SHOWN, parts_html
from audit.schema import output_schema
from audit.sql import load

WINDOW_CHARS = 300  # characters of source text kept either side of the evidence span


def with_source_windows(con: duckdb.DuckDBPyConnection, citations: pa.Table) -> pa.Table:
    """`citations` (conformed citation_audit rows) with `source_window_start` / `source_window` filled from the
    shard's `ctx` table."""
    if citations.num_rows == 0:
        return citations
    con.register("cite_rows", citations)
    con.execute("SET VARIABLE window_chars = $chars", {"chars": WINDOW_CHARS})
    table = con.sql(load("source_windows")).to_arrow_table()
    return table.cast(output_schema("citation_audit"))


def highlight_span(window: str, window_start: int, span_start: int, span_end: int) -> str:
    """The window as page HTML (`audit.page_text`: escaped, cut when long) with the span inside `<mark>`; an
    ellipsis where the window cuts the source."""
    a = min(max(span_start - window_start, 0), len(window))
    b = min(max(span_end - window_start, a), len(window))
    before, span, after = window[:a], window[a:b], window[b:]
    lead = "…" if window_start > 0 else ""
    trail = "…" if len(after) >= WINDOW_CHARS else ""
    return lead + parts_html([(before, False), (span, True), (after, False)], TEXT_SHOWN, TEXT_KEPT) + trail
