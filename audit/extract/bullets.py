"""Markdown lists a marker cites whole: a marker on the line that announces a list ("The refund policy says the
following [1]:") cites the items under it, none of which cites anything itself; so does a marker closing the last item
of such a list when it is the list's only one ("The refund policy says:" ... "- Refunds are paid by card. [1]"). Pure.

The line's own words announce a statement they do not make: checked alone, "The refund policy says the following:"
was weak (a correct answer RED), or verified however wrong the items were, and each item was an uncited claim. A
colon ends no sentence (README, "How a citation is verified"): the sentence that carries the marker runs on into
the list, so the claim is the line and its items, as one claim (each item a clause of it, for joint support); a
marker at that sentence's end, after the last item, cites it whole as a marker at any sentence's end does. A list no
line announces (of two items or more) whose only markers close its last item is cited whole too: its markers stand
where a list's source is given, after the list (they cited the last item alone, and the items before it were uncited
claims); items citing their own sources keep their own claims.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from functools import lru_cache

from audit.extract.sentences import mask_markers

# a list item's line: a bullet (`-`, `*`, `+`, `•`) or a number (`1.`, `2)`), indented or not, then its text
_ITEM = re.compile(r"[ \t]*(?:[-*+•]|\d{1,3}[.)])[ \t]+(?=\S)")
_ANNOUNCES = re.compile(r"[:：][\s\x00]*$")  # markers masked as NULs may follow the colon


@dataclass(frozen=True)
class ListBlock:
    frame: tuple[int, int] | None  # the line announcing the list (its text up to the line's end); None: no line does
    items: tuple[tuple[int, int], ...]  # each item's line(s), its bullet or number included


def _lines(text: str) -> list[tuple[int, int]]:
    out, pos = [], 0
    for line in text.split("\n"):
        out.append((pos, pos + len(line)))
        pos += len(line) + 1
    return out


@lru_cache(maxsize=8)
def list_blocks(text: str) -> tuple[ListBlock, ...]:
    """The lists of `text`, each with its items (blank lines between them allowed; an indented line continues an
    item): those announced by a line ending in a colon (markers aside: the caller masks them), the item lines after
    it; and the runs of two items or more no line announces (`frame` None)."""
    if "\n" not in text:
        return ()
    lines = _lines(text)
    out: list[ListBlock] = []
    i = 0
    while i < len(lines):
        a, b = lines[i]
        line = text[a:b]
        item = _ITEM.match(line) is not None
        announces = not item and _ANNOUNCES.search(line) is not None
        if not (announces or item):
            i += 1
            continue
        items: list[tuple[int, int]] = []
        j = i + 1 if announces else i
        while j < len(lines):
            la, lb = lines[j]
            body = text[la:lb]
            if _ITEM.match(body):
                items.append((la, lb))
            elif items and body[:1] in (" ", "\t") and body.strip():
                items[-1] = (items[-1][0], lb)  # an item's continuation
            elif body.strip():
                break
            j += 1
        if items and (announces or len(items) > 1):
            out.append(ListBlock((a, b) if announces else None, tuple(items)))
        i = max(j, i + 1)
    return tuple(out)


@lru_cache(maxsize=8)
def masked_text(text: str) -> tuple[str, tuple[tuple[int, int], ...]]:
    """`text` with its markers masked, and their spans (once per answer: every marker of a frame asks)."""
    masked, marks = mask_markers(text)
    return masked, tuple(marks)


def item_text(text: str, span: tuple[int, int]) -> str:
    """An item's text without its bullet or number."""
    body = text[span[0] : span[1]]
    m = _ITEM.match(body)
    return body[m.end() :] if m else body


@lru_cache(maxsize=8)
def _index(masked: str) -> tuple[tuple[ListBlock, ...], list[int], tuple[ListBlock, ...], list[int]]:
    """The announced lists of `masked` and their announcing lines' starts; all its lists and their last items'
    starts (in order: a marker's list is found by bisection, not by a scan of every list for every marker)."""
    blocks = list_blocks(masked)
    announced = tuple(b for b in blocks if b.frame is not None)
    return announced, [b.frame[0] for b in announced if b.frame], blocks, [b.items[-1][0] for b in blocks]


def _marked(marks: tuple[tuple[int, int], ...], lo: int, hi: int) -> bool:
    """Whether a marker (of `marks`, in text order) starts in [lo, hi)."""
    i = bisect_left(marks, (lo, -1))
    return i < len(marks) and marks[i][0] < hi


def announced_list(masked: str, sentence: tuple[int, int], marks: tuple[tuple[int, int], ...]) -> ListBlock | None:
    """The list the sentence (start, end) announces, when it is the last of its line, the line ends in a colon and
    no item of the list holds a marker (`masked`: the text with its markers masked, `marks` their spans, in order)."""
    blocks, frames, _, _ = _index(masked)
    i = bisect_right(frames, sentence[0]) - 1
    if i < 0:
        return None
    block = blocks[i]
    a, b = block.frame or (0, 0)
    if not (a <= sentence[0] < b and masked[sentence[1] : b].strip(" \t\r\x00") == ""):
        return None
    return None if _marked(marks, block.items[0][0], block.items[-1][1]) else block


def closed_list(masked: str, sentence: tuple[int, int], marks: tuple[tuple[int, int], ...]) -> ListBlock | None:
    """The list whose last item ends with the sentence (start, end), when no marker stands in the list or its
    announcing line (if any) before that sentence."""
    _, _, blocks, lasts = _index(masked)
    i = bisect_right(lasts, sentence[0]) - 1
    if i < 0:
        return None
    block = blocks[i]
    a, b = block.items[-1]
    if not (a <= sentence[0] < b and masked[sentence[1] : b].strip(" \t\r\x00") == ""):
        return None
    return None if _marked(marks, (block.frame or block.items[0])[0], sentence[0]) else block
