"""HTML tags in an answer: a bracket inside one is no citation marker (`scan.find_markers`, extract.sql's
`tag_spans`); and the one span of such a list (tags, urls, code) that may hold a marker. Pure functions."""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Sequence

# An HTML tag with its attributes, `<a href="/kb/page[2]">`, `<img src='refunds[2].png' alt="...">`: a bracket in it is
# no marker (it was a citation whose claim was the tag's text: a correct answer RED). An attribute's name holds no
# bracket and a quoted value no angle bracket, so "a<b [1] and c>d" is no tag; `<sup>[1]</sup>` holds its marker
# between two tags. extract.sql uses the same pattern
HTML_TAG = (
    r"<[A-Za-z][A-Za-z0-9:-]*(?:\s+[^\s<>\"'=/\[\]]+(?:\s*=\s*(?:\"[^\"<>]*\"|'[^'<>]*'|[^\s\"'<>=\[\]`]+))?)*\s*/?>"
)
_HTML_TAG_RE = re.compile(HTML_TAG)


def tag_spans(text: str) -> list[tuple[int, int]]:
    """The (start, end) of each HTML tag of `text` (extract.sql's `tag_spans`)."""
    if "<" not in text:
        return []
    return [(m.start(), m.end()) for m in _HTML_TAG_RE.finditer(text)]


def holding(
    spans: Sequence[tuple[int, int]], starts: Sequence[int], pos: int, at: bool = False
) -> tuple[int, int] | None:
    """The one span of `spans` (sorted and disjoint, as one regex's matches are; `starts` their starts) that may hold
    a position: the last starting before `pos` (or at it, with `at`), or None. A marker is tested against it alone,
    not against every span: a page of 4,000 links and markers took 2.9 s (quadratic), 16,000 would take a minute."""
    i = (bisect_right if at else bisect_left)(starts, pos) - 1
    return spans[i] if i >= 0 else None
