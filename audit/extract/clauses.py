"""Markers inside a sentence cite its clauses: "X [1], and Y [2]." is X for [1] and Y for [2]. Pure functions.

Assistants put a marker right after the clause it supports. A marker followed, in its sentence, by a clause break
(a comma, semicolon, colon or dash, or a conjunction: `and`, `but`, `while`, ...) and more words cuts the sentence
there; each marker cites the words from the cut before it (or the sentence's start) to the cut after it (or the
sentence's end). Checked against the whole sentence, each source of "X [1], and Y [2]." missed the other's facts:
two correct citations came out `weak` and `unsupported` (a correct answer RED).

Left to the whole sentence: a marker with no clause break after it ("rose 5% [1] in 2020": the year is part of
what it cites), a piece of fewer than `MIN_WORDS` words, and a sentence that opens with the source's name ("According
to the policy [1], refunds take 30 days": [1] cites all of it). The words after a sentence's last marker are part of
its clause ("X [1], reaching Y." is all of it for [1]): cut off, they were checked against no source, in a sentence
that counted as cited.

A list's items ("The supported languages are Python [1], Java [2], and Go [3].") are left to `lists.py`.

`claim_clauses` cuts a claim with no marker inside it the same way, as if a marker followed each clause break: the
parts a claim citing several sources is read by (audit/verify/joint.py).
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from itertools import pairwise

from audit.extract.lists import list_items
from audit.extract.pieces import _A_WORD_OR_FIGURE, _CLOSERS, _INTRO, _TRIM, MIN_WORDS, _Piece, _trimmed
from audit.extract.sentences import MAX_CLAIM_CHARS, Sentence, mask_markers, split_sentences, strip_markers, word_count

_BREAK = re.compile(
    rf"[\s\x00{re.escape(_CLOSERS)}]*(?:[,;:\u2013\u2014\uff0c\uff1b\uff1a]|-\s"
    r"|\b(?:and|but|while|whereas|although|though|yet|whilst|thus|which)\b)",
    re.IGNORECASE,
)
# a clause that opens by referring back ("..., and it is 330 m tall [2]", "..., which ...") is about what the words
# before it name: cut off, "it is 330 m tall" was verified against a page on another building
_BACK_REF = re.compile(
    rf"[{re.escape(_TRIM + _CLOSERS)}]*(?:(?:and|but|while|whereas|although|though|yet|whilst|thus)\s+)?"
    r"(?:which|who|whom|whose|it|its|they|their|them|this|these|those|he|she|his|her|such)\b",
    re.IGNORECASE,
)


def _runs(text: str, marks: Sequence[tuple[int, int]]) -> list[tuple[int, int, list[int]]]:
    """Markers side by side (`[1][2]`, `[1], [2]` is two runs) as (start, end, the markers' starts)."""
    runs: list[tuple[int, int, list[int]]] = []
    for start, end in sorted(marks):
        if runs and not text[runs[-1][1] : start].strip():
            s, _e, ms = runs[-1]
            ms.append(start)  # in place: a copy for each marker made a run of 100,000 markers take 46 s
            runs[-1] = (s, end, ms)
        else:
            runs.append((start, end, [start]))
    return runs


def cited_clauses(
    text: str, sentences: Sequence[Sentence], marks: Sequence[tuple[int, int]]
) -> dict[int, tuple[tuple[int, int], ...]]:
    """For each marker (by its start) that cites a clause of its sentence rather than all of it, the (start, end) of
    that clause in `text`, markers and edge punctuation excluded; for a list item, its list's frame, the item and
    the words after the list's last item. Markers absent from the result cite their sentence.
    """
    masked, _ = mask_markers(text)
    out: dict[int, tuple[tuple[int, int], ...]] = {}
    runs = _runs(text, marks)
    i = 0
    for sent in sentences:
        inside: list[tuple[int, int, list[int]]] = []
        while i < len(runs) and runs[i][0] < sent.end:
            if runs[i][0] >= sent.start:
                inside.append(runs[i])
            i += 1
        if len(inside) < 2:
            continue
        # a cut needs a marker after it in the sentence: the words after the last marker stay with it ("X [1],
        # reaching Y." cut after [1] left a wrong Y checked against no source, in a cited sentence: GREEN); and a word
        # or figure after it (where the sentence's last word starts: one scan, not one per marker)
        last_word = max((m.start() for m in _A_WORD_OR_FIGURE.finditer(masked, sent.start, sent.end)), default=-1)
        # nor a cut between markers with no word between them ("Go [3], [4] until 2019": [3] and [4] cite one clause)
        cuts = [
            r
            for r, nxt in pairwise(inside)
            if last_word >= r[1]
            and _BREAK.match(masked, r[1], sent.end)
            and _A_WORD_OR_FIGURE.search(masked, r[1], nxt[0])
        ]
        if not cuts:
            continue
        # cuts are in order and apart: searched by bisection (a scan of them per marker, and of the sentence per
        # clause, made a sentence of 4,000 markers 7 s, of 16,000 two minutes)
        starts, ends = [r[0] for r in cuts], [r[1] for r in cuts]
        head = _trimmed(masked, sent.start, sent.end)[0]
        short = sent.end - sent.start <= MAX_CLAIM_CHARS
        pieces: list[_Piece] = []
        for r in inside:
            # this run's clause: from the last cut before it to the next cut at or after it (else the sentence end)
            k, j = bisect_left(starts, r[0]), bisect_right(ends, r[0])
            begin = ends[j - 1] if j else sent.start
            end = starts[k] if k < len(starts) else sent.end
            b, e = _trimmed(masked, begin, end)
            claim_b = b
            if begin != sent.start and short and _BACK_REF.match(masked, begin, e):
                claim_b = min(head, e)  # the words it refers back to come with it (not in an overlong "sentence": a
                # claim of up to MAX_CLAIM_CHARS for each of its markers made 1,000 markers 30 s)
            if pieces and pieces[-1].begin == begin:
                pieces[-1].markers.extend(r[2])  # runs with no cut between them cite one clause
            else:
                pieces.append(_Piece(begin, b, e, claim_b, list(r[2])))
        # a list's frame is copied to each item: only in a sentence of a claim's length (a bounded copy per marker)
        listed = list_items(masked, sent.start, pieces) if short else {}
        for n, p in enumerate(pieces):
            spans = listed.get(n)
            if spans == ():
                continue  # it cites its whole sentence
            if spans is None:
                piece = masked[p.b : p.e]
                if word_count(piece, letters_only=True) < MIN_WORDS:
                    continue
                if p.begin == sent.start and _INTRO.match(piece):
                    continue
                spans = ((p.claim_b, p.e),)
            for m in p.markers:
                out[m] = spans
    return out


# where a claim may be cut into clauses: just before a clause break (`_BREAK`'s, a space after its punctuation: "2,100"
# is one number), where an assistant would put a clause's marker
_CUT = re.compile(
    r"(?<=[^\s\x00])(?=\s*(?:[,;:\u2013\u2014\uff0c\uff1b\uff1a](?:\s|\Z)|\s-\s"
    r"|\s(?:and|but|while|whereas|although|though|yet|whilst|thus|which)\b))",
    re.IGNORECASE,
)
_TAIL = re.compile(r"[\s.!?\u3002\uff01\uff1f]*\Z")


def claim_clauses(claim: str) -> tuple[str, ...]:
    """The clauses of a claim (with no marker inside it) as `cited_clauses` reads them when a marker follows each
    clause break, sentence by sentence: "Paris is the capital of France and has 2.1 million inhabitants" is "Paris is
    the capital of France" and "has 2.1 million inhabitants"; a list's items each with its frame; a clause that
    refers back ("..., and it has ...") with the words before it. A cut whose clause `cited_clauses` leaves to the
    whole sentence (fewer than `MIN_WORDS` words: "Paris, the capital, ..."; an opening "According to ...") is not
    made. A claim of several sentences is at least its sentences. Empty when the claim is one clause: "Apple acquired
    Nest Labs in 2014" (audit/verify/joint.py reads a claim's clauses)."""
    out = [
        c
        for sent in split_sentences(claim)
        for c in _announcing(sent.text, tuple(dict.fromkeys(_sentence_clauses(sent.text))))
    ]
    unique = tuple(dict.fromkeys(c for c in out if c))
    return unique if len(unique) > 1 else ()


_COLON_NEXT = re.compile(r"\s*[:\uff1a]")


def _announcing(sentence: str, clauses: tuple[str, ...]) -> tuple[str, ...]:
    """The clauses with each one that a colon ends joined to the next: words announcing what follows ("Our policies
    are these: Refunds take 30 days.", a list's announcing line and its first item, audit/extract/bullets.py) state
    no fact of their own, and no source verifies them alone (joint support failed every such claim)."""
    out: list[str] = []
    pos, carry = 0, ""
    for n, clause in enumerate(clauses):
        at = sentence.find(clause, pos)
        pos = at + len(clause) if at >= 0 else pos
        joined = f"{carry}: {clause}" if carry else clause
        carry = ""
        if at >= 0 and n < len(clauses) - 1 and _COLON_NEXT.match(sentence, pos):
            carry = joined
        else:
            out.append(joined)
    return tuple(out)


def _sentence_clauses(sentence: str) -> tuple[str, ...]:
    """One sentence's clauses (`claim_clauses`): itself when it has no cut that `cited_clauses` makes."""
    masked, _ = mask_markers(sentence)
    tail = _TAIL.search(masked)
    end = tail.start() if tail else len(masked)
    cuts = [m.start() for m in _CUT.finditer(masked, 0, end)]
    while cuts:
        text, marks, last = "", [], 0
        for n, c in enumerate([*cuts, end]):
            text += sentence[last:c]
            mark = f" [{n + 1}]"
            marks.append((len(text) + 1, len(text) + len(mark)))
            text, last = text + mark, c
        text += sentence[last:]
        sentences = split_sentences(text)
        found = cited_clauses(text, sentences, marks)
        if len(sentences) != 1 or marks[-1][0] not in found:
            break
        kept = [c for c, (s, _e) in zip(cuts, marks, strict=False) if s in found]
        if len(kept) == len(cuts):
            return tuple(strip_markers(" ".join(text[b:e] for b, e in found[s])) for s, _e in marks)
        cuts = kept
    return (sentence.strip(),)
