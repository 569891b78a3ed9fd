"""A sentence's clauses as pieces: the record `clauses.py` cuts a sentence into and `lists.py` reads a list from,
their trimming, and the word patterns both use. Pure functions."""

from __future__ import annotations

import re
from dataclasses import dataclass

MIN_WORDS = 3  # letter words a clause needs to be a claim of its own
_CLOSERS = ")]}\u201d\u2019\u300d\u300f"  # a marker in brackets, or closing a quote: "(see [1]), ..."
_OPENER = re.compile(r"[\s\x00]*[(\[]\s*(?:(?:see|cf\.?|sources?|via)\b:?\s*)?\Z", re.IGNORECASE)
# a sentence that opens by naming where it comes from: its first marker cites the whole sentence
_INTRO = re.compile(
    r"\s*(?:according to|as (?:\w+ )?(?:in|by)|as per|per|based on|in|from|by|on|at|for|with|under|to)\b",
    re.IGNORECASE,
)
_TRIM = " \t\n\x00,;:\u2013\u2014-\uff0c\uff1b\uff1a"
_CLOSING_QUOTE = re.compile(rf"[\"'][{re.escape(_TRIM)}]+")
# a word: two letters, or a Chinese or Japanese character (as `word_count` counts them)
_A_WORD = re.compile(r"[^\W\d_]{2}|[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_A_WORD_OR_FIGURE = re.compile(_A_WORD.pattern + r"|\d")  # a list's item may be a figure alone: "..., 30% [2]."
_LEADING_CONJUNCTION = re.compile(r"(?:and|but|while|whereas|although|though|yet|whilst|thus|which)\s+", re.IGNORECASE)


@dataclass
class _Piece:
    """A sentence's clause: where it begins (a cut, or the sentence's start), its words, where its claim begins (its
    words, or the sentence's when it refers back) and the markers that follow it."""

    begin: int
    b: int
    e: int
    claim_b: int
    markers: list[int]


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
