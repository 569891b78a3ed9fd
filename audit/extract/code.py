"""Markdown code in an answer: a bracket inside it is no citation marker (`scan.find_markers`, extract.sql's
`code_spans`). Fences (``` or ~~~, also unclosed), `inline code` and indented code blocks. Pure functions."""

from __future__ import annotations

import re

from audit.extract.tags import holding

# ``` or ~~~ fences (also unclosed) and `inline code`; extract.sql uses the same pattern (RE2's `$` is Python's `\Z`)
CODE_SPAN = re.compile(r"(?s)```.*?(?:```|\Z)|~~~.*?(?:~~~|\Z)|`[^`\n]+`")
# a line indented four columns (spaces, or a tab within them), as Markdown's indented code block is; the cheap test
# in DuckDB for a text that may hold one (extract.sql hands only those to `indented_code_spans`)
MAY_INDENT = r"(?:^|\n)(?: {4}| {0,3}\t)[^\s]"
_INDENTED = re.compile(r"(?: {4}| {0,3}\t)")
# a Markdown list item's first line: `-`, `*`, `+` or `1.` / `1)` then a space
_ITEM = re.compile(r" {0,3}(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)")


def code_spans(text: str) -> list[tuple[int, int]]:
    """The (start, end) of each Markdown code span of `text`, sorted and disjoint: fences, inline code and indented
    code blocks (extract.sql's `code_spans`)."""
    fenced = [(m.start(), m.end()) for m in CODE_SPAN.finditer(text)] if "`" in text or "~~~" in text else []
    indented = indented_code_spans(text, fenced) if re.search(MAY_INDENT, text) else []
    if not indented:
        return fenced
    merged: list[tuple[int, int]] = []
    for s, e in sorted(fenced + indented):
        if merged and s < merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], e))
        else:
            merged.append((s, e))
    return merged


def indented_code_spans(text: str, fenced: list[tuple[int, int]] | None = None) -> list[tuple[int, int]]:
    """The (start, end) of each indented code block of `text` (a line's start to its end, blank lines inside a block
    aside): lines indented four columns after a blank line (or opening the text), outside a fence, not inside a list
    item (a list item's paragraph is indented so: its markers cite), until a line that is not indented. A line
    indented right after a paragraph's continues it, and a text indented whole (a template's indentation, no line of
    it at the margin) is prose. `fenced`: the fences and inline code of `text` (`CODE_SPAN`), found if not given."""
    if fenced is None:
        fenced = [(m.start(), m.end()) for m in CODE_SPAN.finditer(text)]
    lines, pos = [], 0
    for line in text.split("\n"):
        lines.append((pos, line))
        pos += len(line) + 1
    if not any(line.strip() and not _INDENTED.match(line) for _, line in lines):
        return []
    spans: list[tuple[int, int]] = []
    firsts = [s for s, _ in fenced]
    in_code = in_list = False
    after_blank = True  # the text's start opens a block as a blank line does
    for start, line in lines:
        end = start + len(line.rstrip("\r"))
        if not line.strip():
            after_blank = True
            continue
        if (f := holding(fenced, firsts, start, at=True)) and start < f[1]:  # a fence's line: its own code
            in_code, after_blank = False, False
            continue
        if _INDENTED.match(line):
            if in_code or (after_blank and not in_list):
                in_code = True
                spans.append((start, end))
        else:
            in_code = False
            if _ITEM.match(line):
                in_list = True
            elif after_blank:
                in_list = False
        after_blank = False
    return spans


def indented_code_list(text: str) -> list[list[int]]:
    """`indented_code_spans(text)` as DuckDB takes a Python function's INTEGER[][] (extract.sql's `code_spans`)."""
    return [[s, e] for s, e in indented_code_spans(text)]
