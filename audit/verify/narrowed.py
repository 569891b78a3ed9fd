"""A copy of the source's words that leaves out what narrows them (let-in round 19, each `verified` as an exact match,
which skips the window rules): a record's span of time ("It was the team's first league title" against "It was the
team's first league title since 1986", "Unemployment fell to its lowest level" against "... its lowest level in 20
years"), and a part's figure given to the whole ("Exports rose 12 percent last year" against "Car exports rose 12
percent last year, while total exports were unchanged": round 18's `part_for_whole`, read of a copy now too).

A record: the copy holds a superlative ("lowest", "most popular", "best") or "first", "record", and the source goes on
at once (after a comma at most) with "since" and what it names, "in" (or "for") a count of years, months, decades
("in 20 years", "for more than a decade", "in a generation"), or "so far", "to date", "this year" ...: the record
holds since then, and the claim, which says none of it, states it of all time: `swapped:first/first since 1986`. A
claim with its own "since", "ever", a span of years or "so far" is left alone. Pure.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from audit.verdict import SWAPPED
from audit.verify.contrasted import part_for_whole
from audit.verify.superlatives import _SUPERLATIVE

# a record: "first", "record", a superlative ("lowest", "most popular", "best")
_RECORD = re.compile(rf"\b(?P<rec>first|record|{_SUPERLATIVE})\b", re.IGNORECASE)
_COUNT = (
    r"(?:(?:more\s+than|over|almost|nearly|about|at\s+least|the\s+(?:past|last))\s+)?"
    r"(?:\d[\d,.]*|a|an|one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty|thirty|forty|fifty|"
    r"a\s+hundred|several|many|a\s+few)"
)
# what "since" names when it is a time, not a reason: a year, "records began", "then", "its founding", "the war"
_SINCE = (
    r"(?:the\s+(?:mid-|late\s+|early\s+)?)?\d[\w'’-]*|records|then|last|(?:its|his|her|their)\s+\w+|world\s+war|"
    r"the\s+(?:start|end|beginning|founding|turn|war|early|late|mid|financial|great|last|previous|first)\b[\w\s'’-]*?"
    r"(?=[.,;]|$)|(?:january|february|march|april|may|june|july|august|september|october|november|december)\b"
)
_SPAN = r"(?:years?|months?|weeks?|days?|decades?|centur(?:y|ies)|generations?|quarters?|seasons?)"
# what narrows it, at once after the copy: "since 1986", "in 20 years", "for more than a decade", "so far", "this year"
_NARROWING = re.compile(
    rf"^\s*,?\s*(?P<span>since\s+(?:{_SINCE})|(?:in|for)\s+{_COUNT}\s+{_SPAN}|"
    r"in\s+(?:a\s+)?(?:generation|decade|century|lifetime)|so\s+far(?:\s+this\s+\w+)?|to\s+date|"
    r"(?:this|that)\s+(?:year|season|century|decade|month|week|quarter)|of\s+the\s+(?:year|season|decade))\b",
    re.IGNORECASE,
)
# the claim gives a span of its own, or says "ever"
_CLAIM_SPAN = re.compile(rf"\b(?:since|ever|so far|to date|in\s+{_COUNT}\s+{_SPAN}|all[- ]time)\b", re.IGNORECASE)
_NEAR = 5  # the record's words to the copy's end, at most ("first league title", "lowest level")
_STOP = re.compile(r"[.!?](?=\s|$)")
_WORD_CHARS = re.compile(r"[\w'’-]")


def record_span_dropped(claim: str, source: str, start: int, end: int) -> str | None:
    """`first/first since 1986` where the copy `source[start:end]` of `claim` holds a record that the source narrows
    at once after it to a span of time the claim leaves out; None otherwise."""
    recs = [m for m in _RECORD.finditer(source, start, end) if len(source[m.end() : end].split()) <= _NEAR]
    if not recs or _CLAIM_SPAN.search(claim):
        return None
    rec = recs[-1]
    after = source[end : end + 80]
    if 0 < end < len(source) and _WORD_CHARS.match(source[end - 1]) and _WORD_CHARS.match(source[end]):
        return None  # the copy ends inside a word
    m = _NARROWING.match(after)
    if m is None:
        return None
    word = rec["rec"].lower()
    return f"{word}/{word} {' '.join(m['span'].lower().split())}"


def copy_narrowed(
    claim: str, source: str, span: tuple[int, int] | None, exact: bool, windows: Iterable[str]
) -> tuple[str, ...]:
    """The `swapped:` reason of what a (close) copy of the source, at `span`, leaves out that narrows it: a record's
    span of time; or, for an exact copy (which the window rules do not read), a part's figure given to the whole.
    () otherwise."""
    found = None if span is None else record_span_dropped(claim, source, *span)
    if found is None and exact and span is not None:  # an exact copy has no windows: its sentence is read
        found = part_for_whole(claim, [*windows, _sentence_of(source, *span)])
    return () if found is None else (f"{SWAPPED}:{found}",)


def _sentence_of(source: str, start: int, end: int) -> str:
    """The sentence of `source` (to full stops before a space: not "12.5") that holds `source[start:end]`."""
    stops = [m.end() for m in _STOP.finditer(source)]
    opened = max((i for i in stops if i <= start), default=0)
    closed = min((i for i in stops if i >= end), default=len(source))
    return source[opened:closed]
