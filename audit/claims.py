"""Where each citation's claim is in the answer: the sentence before its marker, a structured output's own claim
located in the text, or the whole answer; the sentences a claim lies in; which citations repeat one another; which
sentences are cited. Pure."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import Any

from audit.extract.bullets import announced_list, closed_list, item_text, masked_text
from audit.extract.sections import is_pointer, labelled, pointed_at, section
from audit.extract.sentences import (
    MAX_CLAIM_CHARS,
    Sentence,
    claim_span,
    sentence_at,
    strip_markers,
    word_count,
)
from audit.verify.quote import locate_claim
from audit.verify.text import content_words


@dataclass
class Claim:
    text: str
    start: int | None
    end: int | None
    sentence_idx: int | None


def claim_for(
    cite: dict[str, Any],
    text: str,
    sentences: list[Sentence],
    body_end: int | None = None,
    stretches: dict[int, tuple[int, int]] | None = None,
    clauses: dict[int, tuple[tuple[int, int], ...]] | None = None,
    memo: dict[tuple[int, ...], Claim] | None = None,
) -> Claim:
    """The claim a citation makes. `stretches` (audit/extract/sentences.py): the words each marker follows, the claim
    in an overlong sentence; `clauses` (audit/extract/clauses.py): the clause a marker inside its sentence cites, or
    a list item's frame and item (the claim spans both: "The supported languages are Java"). `memo`: one dict per
    answer, in which the claims cut from an overlong sentence or the whole answer are kept: the markers of a run
    (`[1]` a million times) each cut and stripped the same 2,000 characters again (10,000 markers took 57 s)."""
    memo = {} if memo is None else memo
    if body_end is not None and cite.get("char_start") is not None and int(cite["char_start"]) >= body_end:
        # a marker of the closing list of sources, the answer citing nowhere inline: it cites the whole answer
        return _kept(memo, (-1, body_end), lambda: whole_answer(text, body_end))
    if cite.get("dialect") == "citation_object" and cite.get("json_claim"):
        said = _BREAK.sub(" ", str(cite["json_claim"]))  # `<br>` is a line break in the answer's text (extract.sql)
        where = locate_claim(said, text)  # claim_text in the answer, case and spacing aside
        start, end = (where.start, where.end) if where else (None, None)
        return Claim(strip_markers(said), start, end, None)
    if cite.get("json_claim"):
        claim = str(cite["json_claim"])
        start, end = cite.get("char_start"), cite.get("char_end")
        if start is None:  # inline_citations' claim, not found as written: case and spacing aside, as claim_text
            claim = _BREAK.sub(" ", claim)
            where = locate_claim(claim, text)
            start, end = (where.start, where.end) if where else (None, None)
        return Claim(strip_markers(claim), start, end, None)
    start = cite.get("char_start")
    if start is None:
        return _kept(memo, (-1, len(text)), lambda: whole_answer(text, len(text)))
    idx = sentence_at(sentences, int(start))
    if idx is None:
        return Claim("", None, None, None)
    j = idx
    while j > 0 and not sentences[j].text:
        j -= 1  # a marker standing alone cites the sentence before it
    s = sentences[j]
    if j == idx and (pointed := pointed_at(text, sentences, idx, int(start))) is not None:
        p = sentences[pointed]  # "See [1].", `(Source: [1]) ...`: the sentence before it (audit/extract/sections.py)
        if p.end - p.start <= MAX_CLAIM_CHARS:
            # a pointer sentence is cited with it; a sentence a bracketed pointer opens is not
            return Claim(unbulleted(text, p.start, p.text), p.start, p.end, idx if is_pointer(s.text) else pointed)
    if j == idx and (block := labelled(text, sentences, idx)) is not None:
        # a source label's line, `Sources: [1], [2]`: the sentences above it (audit/extract/sections.py)
        b, e = sentences[block[0]].start, sentences[block[1]].end
        return Claim(unbulleted(text, b, strip_markers(text[b:e])), b, e, idx)
    if j == idx and (headed := _headed(text, sentences, idx)) is not None:
        return headed
    if s.text.endswith((":", "：")) and (listed := _announced(text, s, idx)) is not None:
        return listed
    if j == idx and text.rfind("\n", 0, s.start) >= 0 and (listed := _closed(text, s, idx, sentences)) is not None:
        return listed
    if j == idx and clauses and int(start) in clauses:
        spans = clauses[int(start)]
        if len(spans) > 1:  # in a sentence of at most a claim's length
            return Claim(" ".join(strip_markers(text[b:e]) for b, e in spans), spans[0][0], spans[-1][1], idx)
        b, e = claim_span(text, *spans[0], anchor=int(start))
        return Claim(unbulleted(text, b, strip_markers(text[b:e])), b, e, idx)
    if s.end - s.start <= MAX_CLAIM_CHARS:
        return Claim(unbulleted(text, s.start, s.text), s.start, s.end, idx)
    # an overlong "sentence" (no full stop for pages): the words since the marker before, at most a claim's length
    begin, words_end = (stretches or {}).get(int(start), (s.start, int(start)))
    return _kept(memo, (j, idx, begin, words_end), lambda: _overlong(text, s, j, idx, begin, words_end))


_BREAK = re.compile(r"<(?i:br) ?/?>")
_NUMBERED = re.compile(r"^\d{1,3}[.)](?:[ \t]+(?=\S)|$)")
_BULLET = re.compile(r"(?:[-*+•‣◦▪]|#{1,6}|>)[ \t]+(?=\S)")


def unbulleted(text: str, start: int, claim: str) -> str:
    """`claim` without the list bullet (`-`, `*`, `+`, `•`) it opens with where it opens a line of `text` at `start`:
    `* Refunds take 30 days [1].` was checked as "* Refunds take 30 days." (weak, RED however right; `- ` kept too),
    and so was `- [1] Refunds ...`, a marker after the bullet; nor a heading's `## ` or a quote's `> ` (a heading
    stating the claim, `## Refunds take 30 days [1]`, was weak)."""
    if not claim or claim[0] not in "-*+•‣◦▪#>" or text[text.rfind("\n", 0, start) + 1 : start].strip():
        return claim
    m = _BULLET.match(claim)
    return claim[m.end() :] if m else claim


def _headed(text: str, sentences: list[Sentence], idx: int) -> Claim | None:
    """The claim of a marker on a Markdown heading, `## Refunds [1]` (it cited "## Refunds", an empty claim,
    unsupported, and the section under it was uncited): the section's sentences (audit/extract/sections.py)."""
    found = section(text, sentences, idx)
    if found is None:
        return None
    under = sentences[found[0] : found[1] + 1]
    items = (_NUMBERED.sub("", unbulleted(text, s.start, s.text)) for s in under)  # a list's items, unnumbered
    claim = " ".join(t for t in items if t)
    if len(claim) > MAX_CLAIM_CHARS:
        return None
    return Claim(unbulleted(text, under[0].start, claim), under[0].start, under[-1].end, idx)


def _announced(text: str, s: Sentence, idx: int) -> Claim | None:
    """The claim of a marker on a line announcing a list whose items cite nothing (audit/extract/bullets.py): the
    line and its items, when they fit a claim's length."""
    masked, marks = masked_text(text)
    block = announced_list(masked, (s.start, s.end), marks)
    if block is None:
        return None
    claim = " ".join([s.text, *(strip_markers(item_text(text, span)) for span in block.items)])
    if len(claim) > MAX_CLAIM_CHARS:
        return None
    return Claim(claim, s.start, block.items[-1][1], idx)


def _closed(text: str, s: Sentence, idx: int, sentences: list[Sentence]) -> Claim | None:
    """The claim of a marker closing the last item of a list, the list's only marker (audit/extract/bullets.py):
    the announcing sentence (if a line announces it) and the items, when they fit a claim's length."""
    masked, marks = masked_text(text)
    block = closed_list(masked, (s.start, s.end), marks)
    if block is None:
        return None
    items = [strip_markers(item_text(text, span)) for span in block.items]
    if block.frame is None:  # a list no line announces: its items
        claim = " ".join(items)
        return Claim(claim, block.items[0][0], s.end, idx) if len(claim) <= MAX_CLAIM_CHARS else None
    line = text[block.frame[0] : block.frame[1]]
    at = block.frame[0] + len(line.rstrip()) - 1  # the announcing line's last character
    # the sentence holding it, walking back from the item's (a list's few lines: `sentence_at` scans from the start)
    frame = next((k for k in range(idx - 1, -1, -1) if sentences[k].start <= at), None)
    if frame is None or not at < sentences[frame].end:
        return None
    head = sentences[frame]
    claim = " ".join([head.text, *items])
    if len(claim) > MAX_CLAIM_CHARS:
        return None
    return Claim(claim, head.start, s.end, idx)


def _kept(memo: dict[tuple[int, ...], Claim], key: tuple[int, ...], find: Callable[[], Claim]) -> Claim:
    """The claim kept in `memo` under `key`, found (by `find`) the first time; a copy each time."""
    if key not in memo:
        memo[key] = find()
    return replace(memo[key])


def _overlong(text: str, s: Sentence, j: int, idx: int, begin: int, words_end: int) -> Claim:
    """The claim of a marker in sentence `idx` citing the overlong sentence `s` (number `j`): the words since the
    marker before (`begin`) up to its run of markers (`words_end`), at most a claim's length; when there are none,
    the sentence's first ones."""
    b, e = claim_span(text, max(s.start, begin), max(s.start, words_end), words_end)
    if j != idx or not has_claim_text(strip_markers(text[b:e])):  # no words before it: the sentence's first ones
        b, e = claim_span(text, s.start, s.end)
    part = text[b:e]
    b, e = b + len(part) - len(part.lstrip()), e - len(part) + len(part.rstrip())
    return Claim(strip_markers(text[b:e]), b, e, idx)


def whole_answer(text: str, end: int) -> Claim:
    """A claim of the whole answer (up to `end`): its first MAX_CLAIM_CHARS characters when it is longer."""
    b, e = claim_span(text, 0, end)
    return Claim(strip_markers(text[b:e]), b, e, None)


def claim_sentences(cl: Claim, sentences: list[Sentence], starts: list[int]) -> str | None:
    """The answer sentences a claim lies in, "i,j,..." (the sentences with text its span overlaps): a claim weighs in
    each of them in citation_integrity, which weighs each sentence once. None when the claim is located nowhere (a
    claim the answer does not make). `starts`: the sentences' starts (`overlapping`)."""
    if cl.start is None or cl.end is None:
        return None
    hit = [i for i in overlapping(sentences, starts, cl.start, max(cl.end, cl.start + 1)) if sentences[i].text]
    return ",".join(map(str, hit)) if hit else None


def overlapping(sentences: list[Sentence], starts: list[int], a: int, b: int) -> Iterator[int]:
    """The sentences the span [a, b) overlaps. `starts`: the sentences' starts, in order (sentences do not overlap):
    the search begins at the span's, so an answer of thousands of cited sentences is not scanned once per claim."""
    for i in range(max(bisect_right(starts, a) - 1, 0), len(sentences)):
        if sentences[i].start >= b:
            return
        if a < sentences[i].end:
            yield i


def first_of_each(cites: list[dict[str, Any]], claims: list[Claim]) -> list[bool]:
    """Whether each citation is the first to cite its source for its claim: `[1, 1]`, `[1][1]`, a position in two
    dialects or a JSON `citations: [1, 1]` is one citation (ten repeats on a verified claim made a wrong one beside
    it GREEN: 10 of 11 verified). Citation objects each carry their own quote: one is a repeat when its quote and
    its citation type are the same too (ten copies, or ten differing only in confidence, made a wrong claim GREEN)."""
    seen: set[tuple[Any, ...]] = set()
    out: list[bool] = []
    for c, cl in zip(cites, claims, strict=True):
        rank = c.get("context_rank")
        key: tuple[Any, ...] = (cl.start, cl.end, cl.text, rank if rank is not None else (c["dialect"], c["cited_ref"]))
        if c["dialect"] == "citation_object":
            key += (c.get("cited_ref"), c.get("quote"), c.get("claimed_type"), c.get("fabricated_reason"))
        out.append(key not in seen)
        seen.add(key)
    return out


def cited_sentences(
    cites: list[dict[str, Any]],
    claims: list[Claim],
    sentences: list[Sentence],
    text: str | None = None,
    body_end: int | None = None,
) -> set[int]:
    """The sentences the citations cite. A structured claim (claim_text, an inline claim) cites the sentences it
    overlaps, unless the words it leaves out of one (`text` given) hold a figure or more content than the claims
    there: "must be made" did not cite "All returns must be made within 90 days." (the 90 went unchecked). A marker
    of the closing list of sources (at or after `body_end`, the answer citing nowhere inline) cites every sentence
    above it, as a JSON citations list does (its sentences were also uncited claims)."""
    cited: set[int] = set()
    json_spans: list[tuple[int, int]] = []
    starts = [s.start for s in sentences]
    for c, cl in zip(cites, claims, strict=True):
        if cl.sentence_idx is not None:
            cited.add(cl.sentence_idx)
            k = cl.sentence_idx
            while k > 0 and not sentences[k].text:
                k -= 1
                cited.add(k)
            s = sentences[cl.sentence_idx]
            if cl.start is not None and cl.end is not None and (cl.end > s.end or cl.start < s.start):
                # a list's announcing line and its items (audit/extract/bullets.py)
                cited.update(overlapping(sentences, starts, min(cl.start, s.start), max(cl.end, s.end)))
        elif c.get("json_claim") and cl.start is not None and cl.end is not None:
            json_spans.append((cl.start, cl.end))
        elif c.get("char_start") is None and not c.get("json_claim"):
            cited.update(range(len(sentences)))  # a JSON citations list cites the whole answer
        elif body_end is not None and c.get("char_start") is not None and int(c["char_start"]) >= body_end:
            cited.update(range(len(sentences)))  # a closing list's marker: the whole answer above it (claim_for)
    parts: dict[int, list[tuple[int, int]]] = {}  # the structured claims' spans within each sentence they overlap
    for a, b in json_spans:
        for i in overlapping(sentences, starts, a, b):
            parts.setdefault(i, []).append((max(a, sentences[i].start), min(b, sentences[i].end)))
    for i, spans in parts.items():
        if text is None or _claims_cover(text, sentences[i], sorted(spans)):
            cited.add(i)
    return cited


def _claims_cover(text: str, s: Sentence, spans: list[tuple[int, int]]) -> bool:
    """Whether the claims' spans leave no figure of the sentence out, nor more of its content than they hold."""
    inside, outside, pos = [], [], s.start
    for a, b in spans:
        outside.append(text[pos:a] if a > pos else "")
        inside.append(text[a:b])
        pos = max(pos, b)
    outside.append(text[pos : s.end])
    rest = strip_markers(" ".join(outside))
    if any(ch.isdigit() for ch in rest):
        return False
    return len(content_words(rest)) <= len(content_words(" ".join(inside)))


def has_claim_text(claim: str) -> bool:
    """At least two words of letters: "1." or "[1]" alone is no statement."""
    return word_count(claim, letters_only=True) >= 2
