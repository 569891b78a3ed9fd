"""Lexical verification: exact span, best fuzzy window (rapidfuzz), quoted spans. Pure functions."""

from __future__ import annotations

import re
from array import array
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from rapidfuzz import fuzz

from audit.verify.textcache import text_cache

# straight, curly, German („...“), French («...», ‹...›) and Chinese or Japanese (「...」, 『...』) quotation marks
_QUOTED = re.compile(
    r"„([^“”„]{3,}?)[“”]|«\s*([^»]{3,}?)\s*»|‹\s*([^›]{3,}?)\s*›|「([^」]{2,}?)」|『([^』]{2,}?)』|"
    r"\"([^\"]{3,}?)\"|“([^”]{3,}?)”|‘([^’]{3,}?)’|(?<!\w)'([^']{3,}?)'(?!\w)"
)
_EDGE_PUNCT = " \t\n.,;:!?\"'“”‘’()[]"


@dataclass(frozen=True)
class LexicalResult:
    score: float  # best partial alignment of the claim in the source, 0..1
    exact: bool  # the claim (case and spacing aside) appears verbatim in the source
    span: tuple[int, int] | None  # offsets into the source of the exact match or best alignment
    missing_quotes: tuple[str, ...]  # quoted spans of the claim that the source lacks


# every whitespace character (`str.isspace`, and re's `\s`): none lies above U+3000 (tests/verify/test_fast_paths.py)
_SPACE_CODES = np.array([c for c in range(0x3001) if chr(c).isspace()], dtype=np.uint32)
_IS_SPACE = np.zeros(0x3002, dtype=bool)  # by code point, every one above U+3000 at the last
_IS_SPACE[_SPACE_CODES] = True
_SPACES = re.compile(r"\s+")


def lowers_char_by_char(text: str) -> bool:
    """Whether `text.lower()` is `text` lowered one character at a time, one character for one. CPython lowers a
    capital sigma by what surrounds it (a final `ς`) and `İ` to two characters; every other character alone."""
    return "\u03a3" not in text and "\u0130" not in text


@text_cache(max_chars=16_000_000, max_entries=4096)  # ~6 bytes a character: ~100 MB at most
def folded(text: str) -> tuple[str, Sequence[int]]:
    """Lower-cased text with each whitespace run folded to one space, and the original offset of every char."""
    if lowers_char_by_char(text):
        # whole-string operations (a long source char by char cost ~4 ms): the same text and offsets as below
        codes = np.frombuffer(text.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
        blank = _IS_SPACE[np.minimum(codes, len(_IS_SPACE) - 1)]
        keep = ~blank
        keep[1:] |= ~blank[:-1]  # a whitespace character is kept when it starts a run
        keep[:1] = True
        return _plain(text), array("i", np.flatnonzero(keep).astype(np.int32).tobytes())
    chars: list[str] = []
    where: list[int] = []
    space = False
    for i, ch in enumerate(text):
        if ch.isspace():
            if not space:
                chars.append(" ")
                where.append(i)
            space = True
            continue
        space = False
        for low in ch.lower():
            chars.append(low)
            where.append(i)
    return "".join(chars), array("i", where)


@text_cache(max_chars=16_000_000, max_entries=4096)  # shares its text with `folded`'s
def _plain(text: str) -> str:
    """A quick fold (whole-string lower case, whitespace runs to one space) for ruling a match out before the
    character-by-character fold with offsets: for ordinary text the two agree."""
    return _SPACES.sub(" ", lowered(text))


@text_cache(max_chars=16_000_000, max_entries=4096)  # ~1 byte a character (most pages are ASCII): ~16 MB at most
def lowered(text: str) -> str:
    """`text.lower()`, cached: a source is aligned against each of its claims (a long page lowered once a pair)."""
    return text.lower()


def find_loose(needle: str, haystack: str) -> tuple[int, int] | None:
    """Offsets of `needle` in `haystack`, ignoring case, runs of whitespace and edge punctuation."""
    target = folded(needle.strip(_EDGE_PUNCT))[0].strip()
    if not target:
        return None
    if lowers_char_by_char(haystack) and target not in _plain(haystack):
        return None  # the haystack lower-cases char by char, so the quick fold is the fold below: no match
    hay, where = folded(haystack)
    pos = hay.find(target)
    # a match is of whole words: "rose by 2 percent" is no copy of "rose by 2 percentage points", nor "Like its
    # predecessor" of "Unlike its predecessor"
    while pos >= 0 and not whole_words(haystack, hay, where, pos, len(target)):
        pos = hay.find(target, pos + 1)
    if pos < 0:
        return None
    return where[pos], where[pos + len(target) - 1] + 1


def _wordy(char: str) -> bool:
    """A letter or digit of a script that spaces its words (not Chinese or Japanese, which a quote cuts anywhere)."""
    return char.isalnum() and ord(char) < 0x2E80


def whole_words(haystack: str, hay: str, where: Sequence[int], pos: int, size: int) -> bool:
    """Whether the match `hay[pos:pos + size]` of the folded `haystack` (`where`: each folded character's offset in
    it) starts and ends between words. A lower-case letter against a capital is a joint, not one word: a page
    scraped without its line breaks writes "They use personal and possessive pronounsThere are no articles"."""
    for inside, outside in ((pos, pos - 1), (pos + size - 1, pos + size)):
        if not (0 <= outside < len(hay) and _wordy(hay[inside]) and _wordy(hay[outside])):
            continue
        first, second = sorted((where[inside], where[outside]))
        if not (haystack[first].islower() and haystack[second].isupper()):
            return False
    return True


# an ellipsis in a quote leaves words out: "...", "…", "[...]", "[…]"
_ELLIPSIS = re.compile(r"\s*(?:\.\.\.|…|\[\.\.\.\]|\[…\])\s*")


def has_quote(quote: str, source: str) -> bool:
    """Whether `source` holds a claim's quoted span (`find_loose`); one shortened by an ellipsis ("we will win ...
    in November") part by part, in order: looked up whole, it was missing_quote against the full sentence."""
    parts = [p for p in _ELLIPSIS.split(quote) if p.strip(_EDGE_PUNCT)]
    if len(parts) < 2:
        return find_loose(quote, source) is not None
    pos = 0
    for part in parts:
        found = find_loose(part, source[pos:])
        if found is None:
            return False
        pos += found[1]
    return True


def quoted_spans(claim: str) -> list[str]:
    """Text inside straight or curly double quotes, single quotes, or German, French, Chinese and Japanese quotation
    marks, in the claim."""
    return [next(g for g in m.groups() if g) for m in _QUOTED.finditer(claim)]


# rapidfuzz's partial alignment grows about cubically with the shorter text when both are long (random prose: a
# 1,400-character claim against a like-sized source 0.04 s, 2,900 characters 0.3 s, 5,500 characters 2.6 s; a hostile
# 70,000-character answer stalled a run for over 10 minutes). A longer claim is aligned by its first 2,000
# characters: no training claim is over 722, so no fitted feature moves.
MAX_FUZZY_CHARS = 2000


def fuzzy_text(claim: str) -> str:
    """The claim as the partial alignment reads it: lower case, at most `MAX_FUZZY_CHARS` characters."""
    return claim[:MAX_FUZZY_CHARS].lower()


def lexical_verify(claim: str, source: str, written: str | None = None) -> LexicalResult:
    """Score how literally `source` contains `claim`; its quotes and a verbatim match are read on the claim as
    `written` where `claim` is it restated in the source's words (`audit.verify.restate`)."""
    as_written = claim if written is None else written
    missing = tuple(q for q in quoted_spans(as_written) if not has_quote(q, source))
    if not claim.strip() or not source.strip():
        return LexicalResult(0.0, False, None, missing)
    exact = find_loose(as_written, source)
    if exact is not None:
        return LexicalResult(1.0, True, exact, missing)
    restated = find_loose(claim, source) if written is not None and written != claim else None
    if restated is not None:  # a copy once restated: aligned in full, and no verbatim claim
        return LexicalResult(1.0, False, restated, missing)
    al = fuzz.partial_ratio_alignment(fuzzy_text(claim), lowered(source))
    if al is None:
        return LexicalResult(0.0, False, None, missing)
    # partial_ratio aligns the shorter string inside the longer one
    span = (al.dest_start, al.dest_end) if len(fuzzy_text(claim)) <= len(source) else (0, len(source))
    return LexicalResult(al.score / 100.0, False, span, missing)
