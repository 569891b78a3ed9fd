"""Citation objects' own evidence: where `claim_text` sits in the answer, and whether the quoted `text_span` is
in the resolved source (verbatim, fuzzy or not found). Pure functions.

Matching ignores case, runs of whitespace, typographic quotes and dashes, and punctuation at the edges; an
ellipsis inside a quote joins parts that must each be found, in order. A quote logged as HTML (`&#36;50`,
`30&nbsp;days`) is read as the characters its entities stand for when it is not found as written. A fuzzy match
needs a close alignment (rapidfuzz partial ratio >= FUZZY_MIN) and every number of the quote inside the aligned
text: a quote with a changed figure is an invented quote, not a sloppy one.
"""

from __future__ import annotations

import html
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from rapidfuzz import fuzz

from audit.verify.keyfacts import key_facts, missing_facts
from audit.verify.lexical import MAX_FUZZY_CHARS, folded
from audit.verify.text import content_words, keyword_overlap

FUZZY_MIN = 0.85  # partial alignment of the quote in the source, 0..1
RELEVANCE_MIN = 0.3  # share of the claim's content words found in its quote

VERBATIM, FUZZY, NOT_FOUND = "verbatim", "fuzzy", "not_found"

_FOLD = str.maketrans({"“": '"', "”": '"', "„": '"', "‘": "'", "’": "'", "‚": "'", "–": "-", "—": "-", "‐": "-"})
_EDGE = " \t\n.,;:!?\"'()[]…-"
_ELLIPSIS = re.compile(r"\s*(?:\.\.\.|…|\[\.\.\.\]|\[…\])\s*")


@dataclass(frozen=True)
class Span:
    start: int
    end: int  # exclusive
    text: str


@dataclass(frozen=True)
class QuoteCheck:
    status: str | None  # verbatim | fuzzy | not_found; None when the citation quotes nothing
    score: float | None  # alignment of the quote in the source, 0..1 (1 for verbatim)
    span: Span | None  # the located quote in the source
    reasons: tuple[str, ...]


def _folded(text: str) -> tuple[str, Sequence[int]]:
    """Folded text (lower case, one space per whitespace run, plain quotes and dashes) and each char's offset."""
    return folded(text.translate(_FOLD))  # the translation maps char to char, so offsets survive


def _fold_needle(needle: str) -> str:
    return _folded(needle.translate(_FOLD).strip(_EDGE))[0].strip()


def _span(text: str, where: Sequence[int], a: int, b: int) -> Span:
    start, end = where[a], where[b - 1] + 1
    return Span(start, end, text[start:end])


def locate(needle: str, haystack: str) -> Span | None:
    """Where `needle` occurs in `haystack`, ignoring case, whitespace runs, quote and dash styles, edge punctuation;
    parts joined by an ellipsis must each occur, in order. A needle in the other Unicode normalisation form than the
    haystack's (decomposed, NFD, `e` + U+0301 as macOS copies text, against composed NFC, or the reverse) is found:
    a quote of "Café" so was `text_span_not_found_in_source`, never verified, and a claim_text `claim_not_in_answer`."""
    found = _locate(needle, haystack)
    if found is None and not needle.isascii():
        for form in ("NFC", "NFD"):
            other = unicodedata.normalize(form, needle)
            if other != needle and (found := _locate(other, haystack)) is not None:
                break
    return found


def _locate(needle: str, haystack: str) -> Span | None:
    parts = [p for p in (_fold_needle(x) for x in _ELLIPSIS.split(needle)) if p]
    if not parts:
        return None
    hay, where = _folded(haystack)
    pos, first = 0, None
    for part in parts:
        at = hay.find(part, pos)
        if at < 0:
            return None
        first = at if first is None else first
        pos = at + len(part)
    assert first is not None
    return _span(haystack, where, first, pos)


def locate_claim(claim_text: str | None, answer: str) -> Span | None:
    """The claim's place in the answer (None when the answer does not contain it)."""
    return locate(claim_text, answer) if claim_text and claim_text.strip() else None


def find_quote(quote: str | None, source: str) -> QuoteCheck:
    """Search the quoted span in its source: verbatim, fuzzy (close, same numbers) or not found."""
    if quote is None or not _fold_needle(quote):
        return QuoteCheck(None, None, None, ())
    exact = locate(quote, source)
    if exact is None and "&" in quote and html.unescape(quote) != quote:
        quote = html.unescape(quote)
        exact = locate(quote, source)
    if exact is not None:
        return QuoteCheck(VERBATIM, 1.0, exact, ())
    needle = " ".join(_fold_needle(p) for p in _ELLIPSIS.split(quote) if _fold_needle(p))
    hay, where = _folded(source)
    if len(needle) > MAX_FUZZY_CHARS:  # no fuzzy search (it grows about cubically): only verbatim counts
        return QuoteCheck(NOT_FOUND, 0.0, None, ("text_span_not_found_in_source",))
    al = fuzz.partial_ratio_alignment(needle, hay) if hay else None
    if al is None or len(needle) > len(hay):
        return QuoteCheck(NOT_FOUND, 0.0 if al is None else al.score / 100.0, None, ("text_span_not_found_in_source",))
    score = al.score / 100.0
    if score >= FUZZY_MIN and al.dest_end > al.dest_start:
        a, b = _snap_to_words(needle, hay, al.dest_start, al.dest_end)
        span = _span(source, where, a, b)
        wider = _span(source, where, max(0, al.dest_start - 12), min(len(hay), al.dest_end + 12))
        # a changed figure is an invented quote: every number of the quote must be in (or right next to) the match
        if not [r for r in missing_facts(key_facts(quote), wider.text) if r.startswith("missing_number:")]:
            return QuoteCheck(FUZZY, score, span, ("text_span_fuzzy_match",))
    return QuoteCheck(NOT_FOUND, score, None, ("text_span_not_found_in_source",))


def _snap_to_words(needle: str, hay: str, start: int, end: int, slack: int = 16) -> tuple[int, int]:
    """The aligned window moved to word boundaries nearby, where it matches the quote best (whole words only)."""
    bounds = [m.span() for m in re.finditer(r"\w+", hay[max(0, start - slack) : end + slack])]
    off = max(0, start - slack)
    starts = [off + a for a, _ in bounds if abs(off + a - start) <= slack] or [start]
    ends = [off + b for _, b in bounds if abs(off + b - end) <= slack] or [end]
    best = max(
        ((a, b) for a in starts for b in ends if b > a),
        key=lambda ab: (fuzz.ratio(needle, hay[ab[0] : ab[1]]), -abs(ab[0] - start) - abs(ab[1] - end)),
        default=(start, end),
    )
    return best


def claim_relevance(claim: str, quote: str) -> float | None:
    """Share of the claim's content words that its quote holds (None when the claim has none)."""
    return keyword_overlap(content_words(claim), content_words(quote))


def check_quote(
    claim: str, quote: str | None, source: str, claimed_type: str | None, claim_verbatim: bool = False
) -> QuoteCheck:
    """The quote of one citation against its resolved source, with every reason code that applies:
    `text_span_fuzzy_match`, `text_span_not_found_in_source`, `low_claim_relevance` (the quote is there but says
    little about the claim), `quote_not_verbatim` (a claimed direct quote that is not verbatim in the source; with
    no quote, the claim itself is the quotation: `claim_verbatim` says whether the source holds it)."""
    found = find_quote(quote, source)
    reasons = list(found.reasons)
    if found.status in (VERBATIM, FUZZY) and quote is not None:
        rel = claim_relevance(claim, quote)
        if rel is not None and rel < RELEVANCE_MIN:
            reasons.append("low_claim_relevance")
    if is_direct_quote(claimed_type) and (
        found.status in (FUZZY, NOT_FOUND) or (found.status is None and not claim_verbatim)
    ):
        reasons.append("quote_not_verbatim")
    return QuoteCheck(found.status, found.score, found.span, tuple(reasons))


def is_direct_quote(claimed_type: str | None) -> bool:
    """`direct_quote`, `Direct quote`, `direct-quote`, `quote` all claim a verbatim quotation."""
    if not claimed_type:
        return False
    key = re.sub(r"[\s_-]+", "_", claimed_type.strip().lower())
    return key in ("direct_quote", "quote", "verbatim", "direct", "exact_quote")
