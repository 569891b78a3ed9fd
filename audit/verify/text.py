"""Shared text helpers for verification: tokens, content words, source windows. Pure functions."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import overload

import numpy as np

from audit.extract.sentences import sentence_spans
from audit.verify.textcache import text_cache

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
# the four letters Python's `re` matches to ASCII ones under IGNORECASE (the long s of old print "ſ", the Kelvin
# sign "K", the dotted "İ" and the dotless "ı"): a pattern of ASCII words then matches "ſep" and "ſix", and the table
# keyed by the word it matched ("sep", "six") raised KeyError, the answer quarantined (hostile inputs, round 6)
_CASE_TRAP = re.compile("[\u017f\u212a\u0130\u0131]")
_CASE_TRAPS = str.maketrans({"\u017f": "s", "\u212a": "K", "\u0130": "I", "\u0131": "i"})


def fold_case_traps(text: str) -> str:
    """`text` with those four letters as the ASCII letters `re` reads them as, one for one (offsets unchanged)."""
    return text.translate(_CASE_TRAPS) if _CASE_TRAP.search(text) else text


_SENTENCE_STOP = re.compile(r"(?<=[.!?])\s+")
_CLAUSE_STOP = re.compile(r"(?<=[.!?;])\s+")


def stop_split(text: str, semicolons: bool = False) -> list[str]:
    """`text` cut after each stop (".", "!", "?"; ";" too with `semicolons`) that white space follows, no empty
    piece: the rule modules' quick reading of a window's sentences (not `sentence_spans`' full one)."""
    return [s for s in (_CLAUSE_STOP if semicolons else _SENTENCE_STOP).split(text) if s]


def tokens(text: str) -> list[str]:
    # ASCII text lowered whole (the same tokens: lower case moves no ASCII character in or out of a token)
    return _TOKEN.findall(text.lower()) if text.isascii() else [t.lower() for t in _TOKEN.findall(text)]


@lru_cache(maxsize=1 << 18)
def stem(word: str) -> str:
    """A light suffix strip so plural and simple inflections meet."""
    for suf in ("ies", "es", "s", "ed", "ing"):
        if len(word) > len(suf) + 3 and word.endswith(suf):
            return word[: -len(suf)]
    return word


def noun_stem(word: str) -> str:
    """A noun as its plural and singular meet (lower case, `-ies` as `-y`, `-es` / `-s` cut when three letters or more
    are left): the count check (vague.py) and the record check (superlatives.py) compare nouns by it."""
    word = word.lower()
    for end in ("ies", "es", "s"):
        if word.endswith(end) and len(word) - len(end) >= 3:
            return word[: -len(end)] + ("y" if end == "ies" else "")
    return word


def _words(text: str) -> frozenset[str]:
    """Stemmed lower-case words of 3+ letters that are not stopwords."""
    return frozenset(stem(t) for t in tokens(text) if len(t) >= 3 and t not in STOPWORDS)


# cached: claims and windows recur across pairs (a source's sentences are read once, by its cached index: `_words`)
content_words = text_cache(max_chars=16_000_000, max_entries=65536)(_words)  # ~4 bytes a character: ~60 MB at most


def keyword_overlap(claim_words: frozenset[str], source_words: frozenset[str]) -> float | None:
    """Share of the claim's content words present in the source; None when the claim has none."""
    if not claim_words:
        return None
    return len(claim_words & source_words) / len(claim_words)


@dataclass(frozen=True)
class SourceWindow:
    start: int
    end: int
    text: str
    sentences: int = 1


MAX_WINDOW_CHARS = 1200
MAX_SENTENCE_CHARS = 600  # longer "sentences" (menus, tables, unpunctuated pages) are cut into pieces
_PIECE = re.compile(r"\S.{0,398}(?=\s|$)|\S{400}", re.DOTALL)


def _pieces(source: str) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    # cut as the support model's training sources were: a refit would see ten of them cut at `。` otherwise
    for start, end in sentence_spans(source, full_width_stops=False):
        if end - start <= MAX_SENTENCE_CHARS:
            spans.append((start, end))
            continue
        for m in _PIECE.finditer(source, start, end):
            spans.append((m.start(), m.end()))
    return spans


class Windows(Sequence[SourceWindow]):
    """A source's windows, each made when it is read: a long page has thousands (one, two and three sentences at
    every position) and a pair reads the few its claim shares most words with. Holding them all as objects, each
    with its own copy of its text, cost more time than indexing the page and ~9x the page's characters."""

    __slots__ = ("_end", "_source", "_start", "_width")

    def __init__(self, source: str, start: np.ndarray, end: np.ndarray, width: np.ndarray) -> None:
        self._source, self._start, self._end, self._width = source, start, end, width

    def __len__(self) -> int:
        return len(self._start)

    @overload
    def __getitem__(self, j: int) -> SourceWindow: ...

    @overload
    def __getitem__(self, j: slice) -> tuple[SourceWindow, ...]: ...

    def __getitem__(self, j: int | slice) -> SourceWindow | tuple[SourceWindow, ...]:
        if isinstance(j, slice):
            return tuple(self[i] for i in range(*j.indices(len(self))))
        s, e = int(self._start[j]), int(self._end[j])
        return SourceWindow(s, e, self._source[s:e], int(self._width[j]))


@dataclass(frozen=True)
class SentenceWindows:
    """Windows of 1 up to `size` consecutive sentences of a source, described through its sentences: window `j` covers
    sentences `first[j]` to `last[j] - 1`; its content words are the union of theirs, except for the windows in
    `own` (joined across something other than whitespace, so tokenized whole), which carry their own."""

    windows: Windows
    sentence_words: list[frozenset[str]]
    first: np.ndarray
    last: np.ndarray
    own: dict[int, frozenset[str]]
    sequence: list[str]  # the source's content words in order, as `_words` keeps them (its word pairs)

    def words(self, j: int) -> frozenset[str]:
        """Content words of window `j`."""
        own = self.own.get(j)
        if own is not None:
            return own
        return frozenset().union(*self.sentence_words[self.first[j] : self.last[j]])


def sentence_windows(source: str, size: int) -> SentenceWindows:
    """Windows of 1 up to `size` consecutive sentences (offsets into `source`), each sentence tokenized once; in
    order of width, then of position; a window of several sentences longer than MAX_WINDOW_CHARS is left out.

    A window joined across whitespace only has exactly the union of its sentences' words (no token crosses
    whitespace); other joins are tokenized as a whole."""
    sents = _pieces(source)
    single, sequence = _piece_words(source, sents)
    n = len(sents)
    starts = np.fromiter((s for s, _ in sents), dtype=np.int64, count=n)
    ends = np.fromiter((e for _, e in sents), dtype=np.int64, count=n)
    # joins that are not whitespace alone, counted up to each sentence: a window holds one when the count moves
    dirty = np.zeros(n, dtype=np.int64)
    for j in range(n - 1):
        dirty[j + 1] = dirty[j] + (not source[sents[j][1] : sents[j + 1][0]].isspace())
    firsts: list[np.ndarray] = []
    own: dict[int, frozenset[str]] = {}
    made = 0
    for width in range(1, size + 1):
        if width > 1 and n < width:
            break
        i = np.arange(max(n - width + 1, 0), dtype=np.int64)
        if width > 1:
            i = i[ends[i + width - 1] - starts[i] <= MAX_WINDOW_CHARS]
            for k in np.flatnonzero(dirty[i + width - 1] > dirty[i]).tolist():
                s, e = int(starts[i[k]]), int(ends[i[k] + width - 1])
                own[made + k] = content_words(source[s:e])
        firsts.append(i)
        made += len(i)
    first = np.concatenate(firsts) if firsts else np.zeros(0, dtype=np.int64)
    widths = np.concatenate([np.full(len(f), w + 1, dtype=np.int64) for w, f in enumerate(firsts)]) if firsts else first
    last = first + widths
    windows = Windows(source, starts[first], ends[last - 1] if len(last) else first, widths)
    return SentenceWindows(windows, single, first, last, own, sequence)


def postings(word_sets: Sequence[frozenset[str]]) -> dict[str, list[int]]:
    """Each word of `word_sets` and the indices of the sets holding it, in order; words first met first (as a loop of
    `setdefault(t, []).append(i)` lists them, without an empty list made for each word met again)."""
    where: defaultdict[str, list[int]] = defaultdict(list)
    for i, ws in enumerate(word_sets):
        for t in ws:
            where[t].append(i)
    return dict(where)


def _piece_words(source: str, pieces: list[tuple[int, int]]) -> tuple[list[frozenset[str]], list[str]]:
    """`_words` of each piece and the source's content words in order (its word pairs), the page read once: where
    only whitespace lies between and around the pieces, no token crosses one's ends, so the source's tokens are its
    pieces' in turn; else the source is tokenized whole again (not cached: a source is indexed once, its index is)."""
    kept = [[stem(t) for t in tokens(source[s:e]) if len(t) >= 3 and t not in STOPWORDS] for s, e in pieces]
    ends = [0, *(e for _, e in pieces)]
    gaps = [source[a:b] for a, (b, _) in zip(ends, pieces, strict=False)] + [source[ends[-1] :]]
    if all(g.isspace() for g in gaps[1:-1]) and not gaps[0].strip() and not gaps[-1].strip():
        sequence = [w for words in kept for w in words]
    else:
        sequence = [stem(t) for t in tokens(source) if len(t) >= 3 and t not in STOPWORDS]
    return [frozenset(words) for words in kept], sequence
