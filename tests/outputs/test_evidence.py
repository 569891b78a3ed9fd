"""Evidence in context: the stored source window holds the evidence span at its offsets, and highlighting it
never lets logged text through unescaped."""

from __future__ import annotations

import html

import duckdb
from hypothesis import given
from hypothesis import strategies as st

from audit.errors import terminal_text
from audit.evidence import WINDOW_CHARS, highlight_span


def test_source_window_holds_the_evidence_span(small_db):
    con = duckdb.connect(str(small_db), read_only=True)
    try:
        rows = con.execute(
            "SELECT verdict, source_window IS NOT NULL, evidence_text, "
            "substr(source_window, evidence_start - source_window_start + 1, evidence_end - evidence_start), "
            "evidence_start - source_window_start, length(source_window) - (evidence_end - source_window_start) "
            "FROM citation_audit WHERE evidence_start IS NOT NULL"
        ).fetchall()
    finally:
        con.close()
    windows = [r for r in rows if r[1]]
    assert windows and all(r[0] != "verified" for r in windows)  # verified citations keep no window
    assert len(windows) == sum(1 for r in rows if r[0] != "verified")
    for _, _, evidence, cut, before, after in windows:
        assert cut == evidence
        assert 0 <= before <= WINDOW_CHARS and 0 <= after <= WINDOW_CHARS


@given(st.text(max_size=80), st.integers(0, 50), st.integers(-5, 100), st.integers(-5, 100))
def test_highlight_never_raises_and_escapes_everything(window, window_start, a, b):
    out = highlight_span(window, window_start, window_start + a, window_start + b)
    assert out.count("<mark>") == 1 and out.count("</mark>") == 1
    plain = out.replace("<mark>", "").replace("</mark>", "")
    assert "<" not in plain and ">" not in plain
    # nothing lost (windows < WINDOW_CHARS), control characters written out (a bidi override shown, not applied)
    assert html.unescape(plain) == ("…" if window_start > 0 else "") + terminal_text(window)
