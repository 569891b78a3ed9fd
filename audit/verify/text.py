"""Shared text helpers for verification: tokens, content words, source windows. Pure functions."""

from __future__ import annotations

import re
from dataclasses import dataclass

from audit.extract.sentences import split_sentences

STOPWORDS = frozenset(
    """a about above after again against all also am an and any are as at be because been before being below
    between both but by can could did do does doing down during each few for from further had has have having he
    her here hers herself him himself his how i if in into is it its itself just me more most my myself no nor not
    now of off on once only or other our ours ourselves out over own same she should so some such than that the
    their theirs them themselves then there these they this those through to too under until up very was we were
    what when where which while who whom why will with would you your yours yourself yourselves one two may might
    must shall many much every either neither each per via within without upon among including""".split()
)
_TOKEN = re.compile(r"[^\W_]+(?:[.,'’][^\W_]+)*")


def tokens(text: str) -> list[str]:
    return [t.lower() for t in _TOKEN.findall(text)]


def stem(word: str) -> str:
    """A light suffix strip so plural and simple inflections meet."""
    for suf in ("ies", "es", "s", "ed", "ing"):
        if len(word) > len(suf) + 3 and word.endswith(suf):
            return word[: -len(suf)]
    return word


def content_words(text: str) -> set[str]:
    return {stem(t) for t in tokens(text) if len(t) >= 3 and t not in STOPWORDS}


def keyword_overlap(claim_words: set[str], source_words: set[str]) -> float | None:
    """Share of the claim's content words present in the source; None when the claim has none."""
    if not claim_words:
        return None
    return len(claim_words & source_words) / len(claim_words)


@dataclass(frozen=True)
class Window:
    start: int
    end: int
    text: str


MAX_WINDOW_CHARS = 1200


def source_windows(source: str, size: int) -> list[Window]:
    """Overlapping windows of `size` consecutive sentences (and each single sentence) with offsets."""
    sents = split_sentences(source)
    out: list[Window] = []
    seen: set[tuple[int, int]] = set()
    for width in sorted({1, size}):
        for i in range(len(sents)):
            j = min(len(sents), i + width)
            if width > 1 and j - i < width and i > 0:
                continue
            s, e = sents[i].start, sents[j - 1].end
            if e - s > MAX_WINDOW_CHARS and width > 1:
                continue
            e = min(e, s + MAX_WINDOW_CHARS)
            if (s, e) not in seen:
                seen.add((s, e))
                out.append(Window(s, e, source[s:e]))
    return out
