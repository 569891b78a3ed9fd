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
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Sequence

from audit.extract.sentences import MAX_CLAIM_CHARS, Sentence, mask_markers, word_count

MIN_WORDS = 3  # letter words a clause needs to be a claim of its own
_CLOSERS = ")]}\u201d\u2019\u300d\u300f"  # a marker in brackets, or closing a quote: "(see [1]), ..."
_BREAK = re.compile(
    rf"[\s\x00{re.escape(_CLOSERS)}]*(?:[,;:\u2013\u2014\uff0c\uff1b\uff1a]|-\s"
    r"|\b(?:and|but|while|whereas|although|though|yet|whilst|thus|which)\b)",
    re.IGNORECASE,
)
_OPENER = re.compile(r"[\s\x00]*[(\[]\s*(?:(?:see|cf\.?|sources?|via)\b:?\s*)?\Z", re.IGNORECASE)
# a sentence that opens by naming where it comes from: its first marker cites the whole sentence
_INTRO = re.compile(
    r"\s*(?:according to|as (?:\w+ )?(?:in|by)|as per|per|based on|in|from|by|on|at|for|with|under|to)\b",
    re.IGNORECASE,
)
_TRIM = " \t\n\x00,;:\u2013\u2014-\uff0c\uff1b\uff1a"
# a clause that opens by referring back ("..., and it is 330 m tall [2]", "..., which ...") is about what the words
# before it name: cut off, "it is 330 m tall" was verified against a page on another building
_BACK_REF = re.compile(
    rf"[{re.escape(_TRIM + _CLOSERS)}]*(?:(?:and|but|while|whereas|although|though|yet|whilst|thus)\s+)?"
    r"(?:which|who|whom|whose|it|its|they|their|them|this|these|those|he|she|his|her|such)\b",
    re.IGNORECASE,
)
_CLOSING_QUOTE = re.compile(rf"[\"'][{re.escape(_TRIM)}]+")
# a word: two letters, or a Chinese or Japanese character (as `word_count` counts them)
_A_WORD = re.compile(r"[^\W\d_]{2}|[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_LEADING_CONJUNCTION = re.compile(r"(?:and|but|while|whereas|although|though|yet|whilst|thus|which)\s+", re.IGNORECASE)


def _runs(text: str, marks: Sequence[tuple[int, int]]) -> list[tuple[int, int, list[int]]]:
    """Markers side by side (`[1][2]`, `[1], [2]` is two runs) as (start, end, the markers' starts)."""
    runs: list[tuple[int, int, list[int]]] = []
    for start, end in sorted(marks):
        if runs and not text[runs[-1][1] : start].strip():
            s, _e, ms = runs[-1]
            runs[-1] = (s, end, [*ms, start])
        else:
            runs.append((start, end, [start]))
    return runs


def _trimmed(text: str, b: int, e: int) -> tuple[int, int]:
    """`text[b:e]` without edge spaces, punctuation and markers, nor a conjunction it opens with."""
    if m := _OPENER.search(text, b, e):  # "(see" before a marker in brackets
        e = m.start()
    piece = text[b:e]
    left = len(piece) - len(piece.lstrip(_TRIM + _CLOSERS))
    right = len(piece) - len(piece.rstrip(_TRIM))
    b, e = b + left, max(b + left, e - right)
    if m := _CLOSING_QUOTE.match(text, b, e):  # '"we pay in 30 days [1]," and ...': the quote the marker closed
        b = m.end()
    if m := _LEADING_CONJUNCTION.match(text, b, e):
        b = m.end()
    return b, e


def cited_clauses(
    text: str, sentences: Sequence[Sentence], marks: Sequence[tuple[int, int]]
) -> dict[int, tuple[int, int]]:
    """For each marker (by its start) that cites a clause of its sentence rather than all of it, the (start, end) of
    that clause in `text`, markers and edge punctuation excluded. Markers absent from the result cite their sentence.
    """
    masked, _ = mask_markers(text)
    out: dict[int, tuple[int, int]] = {}
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
        # after it (where the sentence's last word starts: one scan, not one per marker)
        last_word = max((m.start() for m in _A_WORD.finditer(masked, sent.start, sent.end)), default=-1)
        cuts = [r for r in inside[:-1] if last_word >= r[1] and _BREAK.match(masked, r[1], sent.end)]
        if not cuts:
            continue
        # cuts are in order and apart: searched by bisection (a scan of them per marker, and of the sentence per
        # clause, made a sentence of 4,000 markers 7 s, of 16,000 two minutes)
        starts, ends = [r[0] for r in cuts], [r[1] for r in cuts]
        head = _trimmed(masked, sent.start, sent.end)[0]
        for r in inside:
            # this run's clause: from the last cut before it to the next cut at or after it (else the sentence end)
            k, j = bisect_left(starts, r[0]), bisect_right(ends, r[0])
            begin = ends[j - 1] if j else sent.start
            end = starts[k] if k < len(starts) else sent.end
            b, e = _trimmed(masked, begin, end)
            piece = masked[b:e]
            if word_count(piece, letters_only=True) < MIN_WORDS:
                continue
            if begin == sent.start and _INTRO.match(piece):
                continue
            if begin != sent.start and sent.end - sent.start <= MAX_CLAIM_CHARS and _BACK_REF.match(masked, begin, e):
                b = min(head, e)  # the words it refers back to come with it (not in an overlong "sentence": a claim
                # of up to MAX_CLAIM_CHARS for each of its markers made 1,000 markers 30 s)
            for m in r[2]:
                out[m] = (b, e)
    return out
