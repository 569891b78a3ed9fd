"""Markers inside a url, Markdown code or an HTML tag are no markers (`scan.find_markers`): each marker is tested
against the one span that may hold it (`tags.holding`), not against every span of the text. The same markers as the
test against every span, on texts that mix them; a page of 16,000 links, tags, code spans and markers is read in a
fraction of a second (it took about a minute when each marker was tested against every span; not timed here)."""

from __future__ import annotations

import random
import re

from audit.extract.dialects import SUPERSCRIPT, code_spans
from audit.extract.scan import find_markers, marker_regex, superscript_in_place, url_spans
from audit.extract.tags import tag_spans

_SUPERSCRIPT = re.compile(SUPERSCRIPT.pattern)
PIECES = [
    "Refunds take 30 days [1].",
    " see https://kb.example.com/page[2]/x ",
    " `cfg[3]` ",
    " ```\nlist[4]\n``` ",
    ' <a href="/kb/page[5]">the page</a> ',
    " <sup>[6]</sup> ",
    " [Document: Policy.pdf, Page 2] ",
    " www.example.org/a[7] ",
    " plain text, ",
    " [8][9] ",
    " <img src='r[1].png'> ",
]


def every_span(text: str) -> list[tuple[int, int]]:
    """The markers as a test against every span finds them (the reference)."""
    urls, code, tags = url_spans(text), code_spans(text), tag_spans(text)
    return [
        m.span()
        for m in marker_regex().finditer(text)
        if (not _SUPERSCRIPT.fullmatch(m.group()) or superscript_in_place(text, m.start(), m.end()))
        and not any(s < m.start() < e for s, e in urls)
        and not any(s <= m.start() and m.end() <= e for s, e in code)
        and not any(s < m.start() and m.end() < e for s, e in tags)
    ]


def test_the_markers_are_those_a_test_against_every_span_finds() -> None:
    rng = random.Random(7)
    for _ in range(300):
        text = "".join(rng.choice(PIECES) for _ in range(rng.randint(1, 30)))
        assert [m.span() for m in find_markers(text)] == every_span(text), text


def test_a_page_of_sixteen_thousand_links_and_markers_keeps_the_markers_outside_them() -> None:
    n = 16_000
    text = " ".join(
        f"See https://example.com/p{i}[1]/x and <a href='x{i}[2]'>l</a> `c{i}[3]` claim [{i % 9 + 1}]."
        for i in range(n)
    )
    found = find_markers(text)
    assert len(found) == n and all(m.group() == f"[{i % 9 + 1}]" for i, m in enumerate(found))
