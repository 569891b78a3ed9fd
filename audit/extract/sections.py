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
    r"[ \t]*)?(?:(?:see(?: also)?|cf\.?|refer to)(?:[ \t]+(?:(?:the|our|this|that)[ \t]+)?(?:[^\W\d_]+[ \t]+){0,2}"
    rf"(?:{_DOCUMENT_WORDS}))?)?[ \t]*[.!:]?[ \t]*[)\]]?[ \t]*\.?",
    re.I,
)


def is_pointer(sentence: str) -> bool:
    """Whether a sentence, its markers cut, only points at them ("See.", "For details.", "See the policy.")."""
    return len(sentence) <= 80 and _POINTER_SENTENCE.fullmatch(sentence) is not None


def pointed_at(sentences: list[Sentence], idx: int) -> int | None:
    """The sentence a pointer (`sentences[idx]`, "See [1].") cites: the one before it that says something; None
    when `idx` is no pointer or opens the answer."""
    if idx == 0 or not is_pointer(sentences[idx].text):
        return None
    k = idx - 1
    while k > 0 and not sentences[k].text:
        k -= 1
    return k if sentences[k].text and not is_pointer(sentences[k].text) else None


def _line_start(text: str, at: int) -> int:
    return text.rfind("\n", 0, at) + 1


def is_heading(text: str, s: Sentence) -> bool:
    """Whether sentence `s` is a Markdown heading's line (`## Refunds [1]`)."""
    line = _line_start(text, s.start)
    return _HEADING.match(text, line) is not None and not text[line : s.start].strip("# \t")


def section(text: str, sentences: list[Sentence], idx: int) -> tuple[int, int] | None:
    """The sentences (first, last) a marker on the heading `sentences[idx]` cites: those under it up to the next
    heading, the first holding a marker of its own, or a claim's length; the first alone when it holds one. None
    when `idx` is no heading or nothing follows it."""
    if not is_heading(text, sentences[idx]):
        return None
    first = last = None
    for k in range(idx + 1, len(sentences)):
        s = sentences[k]
        if not s.text:
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
