"""What a marker standing in no statement of its own cites: a Markdown heading's marker, `## Refunds [1]`, its
section's sentences; a pointer's, `See [1].`, `For details, see the policy [2].`, the sentence before it. Pure: the
answer's text and its sentences in, the sentences cited out (`claims.claim_for` makes the claim)."""

from __future__ import annotations

import re

from audit.extract.scan import find_markers
from audit.extract.sentences import MAX_CLAIM_CHARS, Sentence

# a Markdown heading's line: up to three spaces, one to six `#`, a space
_HEADING = re.compile(r"[ \t]{0,3}#{1,6}[ \t]")

# a sentence that only points at its markers, once they are cut: "See.", "(See.)", "For details.", "See also the
# refund policy.", "Cf. the section below." (it cited itself, an empty claim, unsupported, and the sentence before
# it was uncited); a verb's object that is no document stays a statement ("See a doctor immediately.")
_DOCUMENT_WORDS = (
    "policy|policies|document|documents|documentation|docs|page|pages|section|sections|article|articles|source|"
    "sources|guide|guides|faq|faqs|link|links|reference|references|manual|handbook|details|here|above|below|more"
)
_POINTER_SENTENCE = re.compile(
    r"[(\[]?[ \t]*(?:(?:for (?:more |further )?(?:details|information|more)|more (?:details|information))[ \t]*[,:]?"
    r"[ \t]*)?(?:(?:see(?: also)?|cf\.?|refer to)"
    r"(?:[ \t]+(?:(?:the|our|this|that)[ \t]+)?(?:[^\W\d_]+[ \t]+){0,2}"
    rf"(?:{_DOCUMENT_WORDS}))?)?[ \t]*[.!:]?[ \t]*[)\]]?[ \t]*\.?",
    re.I,
)


def is_pointer(sentence: str) -> bool:
    """Whether a sentence, its markers cut, only points at them ("See.", "For details.", "See the policy.")."""
    return len(sentence) <= 80 and _POINTER_SENTENCE.fullmatch(sentence) is not None


# a bracket opening a sentence that holds only a pointer and its markers, `(Source: [1]) Shipping ...`: written after
# the sentence before's stop, it cites that one (it cited the sentence it opens)
_OPENING_POINTER = re.compile(
    r"[(\[][ \t]*(?:(?:see(?: also)?|cf\.?|sources?|refs?\.?|references?|via)[ \t]*[.:]?[ \t]*)?", re.I
)
_SOURCE_LABEL = re.compile(r"(?:sources?|references?|refs?\.?)[ \t]*:[ \t]*\.?", re.I)
_MARKERS_CLOSED = re.compile(r"(?:[\[【{][^\]】}\n]{0,60}[\]】}][ \t,;]*)+[)\]]")


def pointed_at(text: str, sentences: list[Sentence], idx: int, at: int) -> int | None:
    """The sentence a pointer cites, its marker at `at` in `sentences[idx]`: "See [1].", "For details, see the
    policy [2].", "Source: [2]" (a sentence only pointing at its markers), or `(Source: [1])` opening a sentence,
    cite the one before that says something; a pointer opening the answer, `See [1]. Refunds take 30 days.`, the one
    after it (it cited "."). None when the marker is in no pointer or nothing is beside it."""
    s = sentences[idx]
    if idx == 0:
        if not is_pointer(s.text):
            return None
        k = next((k for k in range(1, len(sentences)) if sentences[k].text), None)
        return k if k is not None and not is_pointer(sentences[k].text) else None
    opening = _OPENING_POINTER.fullmatch(text, s.start, at) is not None and _MARKERS_CLOSED.match(text, at) is not None
    # a source's label after a sentence on its line, `days. Source: [2]` (alone on its line, `Sources: [1]` cites
    # the sentences above it: `labelled`)
    labelled = _SOURCE_LABEL.fullmatch(s.text) is not None and bool(text[_line_start(text, s.start) : s.start].strip())
    if not opening and not labelled and not is_pointer(s.text):
        return None
    k = idx - 1
    while k > 0 and not sentences[k].text:
        k -= 1
    return k if sentences[k].text and not is_pointer(sentences[k].text) else None


def _line_start(text: str, at: int) -> int:
    return text.rfind("\n", 0, at) + 1


# a line that is bold alone, `**Refunds** [1]`, and a setext heading's underline, `Refunds [1]\n=====`
_BOLD_LINE = re.compile(r"(\*\*|__)[^*_\n]{1,120}\1[:：]?")
_UNDERLINE = re.compile(r"[ \t]{0,3}(?:=+|-{2,})[ \t]*(?:\n|$)")
_RULE = re.compile(r"[=\-]{2,}")


def is_heading(text: str, s: Sentence) -> bool:
    """Whether sentence `s` is a Markdown heading's line: `## Refunds [1]`, a line bold alone, `**Refunds** [1]`, or
    one a setext underline follows (`Refunds [1]\n=====`)."""
    line = _line_start(text, s.start)
    if _HEADING.match(text, line) is not None and not text[line : s.start].strip("# \t"):
        return True
    end = text.find("\n", s.end)
    if text[line : s.start].strip() or text[s.end : len(text) if end < 0 else end].strip():
        return False  # the sentence is not its line
    return _BOLD_LINE.fullmatch(s.text) is not None or (end >= 0 and _UNDERLINE.match(text, end + 1) is not None)


def section(text: str, sentences: list[Sentence], idx: int) -> tuple[int, int] | None:
    """The sentences (first, last) a marker on the heading `sentences[idx]` cites: those under it up to the next
    heading, the first holding a marker of its own, or a claim's length; the first alone when it holds one. None
    when `idx` is no heading or nothing follows it."""
    if not is_heading(text, sentences[idx]):
        return None
    first = last = None
    for k in range(idx + 1, len(sentences)):
        s = sentences[k]
        if not s.text or _RULE.fullmatch(s.text):
            continue
        if is_heading(text, s) or (first is not None and s.end - sentences[first].start > MAX_CLAIM_CHARS):
            break
        marked = bool(find_markers(text[s.start : s.end]))
        if marked and first is not None:
            break
        first = k if first is None else first
        last = k
        if marked:
            break
    return None if first is None or last is None else (first, last)


# a line that is only a source's label and its markers once they are cut: `Sources: [1], [2]`, `**Sources:** [1][2]`,
# `Source: [1] and [2].` (it cited "Sources:,", an empty claim, unsupported, RED however right, and the sentences
# above it were uncited claims)
_LABEL_LINE = re.compile(
    r"(?:\*\*|__)?[ \t]*(?:sources?|references?|refs?\.?|citations?)[ \t]*[:：]?[ \t]*(?:\*\*|__)?[ \t]*[:：]?"
    r"(?:[ \t,;&.]|and)*",
    re.I,
)


def labelled(text: str, sentences: list[Sentence], idx: int) -> tuple[int, int] | None:
    """The sentences (first, last) a source label's line cites, `Sources: [1], [2]` under a paragraph: those above
    it up to the one before holding a marker of its own or another such line, at most a claim's length (from the
    nearest). None when `sentences[idx]` is no line of a label and its markers, or nothing precedes it."""
    s = sentences[idx]
    line = _line_start(text, s.start)
    end = text.find("\n", s.end)
    if text[line : s.start].strip() or text[s.end : len(text) if end < 0 else end].strip():
        return None  # the sentence is not its line
    if _LABEL_LINE.fullmatch(s.text) is None or not find_markers(text[s.start : s.end]):
        return None
    first = last = None
    for k in range(idx - 1, -1, -1):
        p = sentences[k]
        if not p.text:
            continue
        if find_markers(text[p.start : p.end]) or _LABEL_LINE.fullmatch(p.text) is not None:
            break
        if last is not None and sentences[last].end - p.start > MAX_CLAIM_CHARS:
            break
        last = k if last is None else last
        first = k
    return None if first is None or last is None else (first, last)
