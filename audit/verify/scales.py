"""A word of more force than the source's on one scale (let-ins round 20; round 19 left "banned" / "restricted"):
"The council banned fireworks" against "The council restricted the use of fireworks", "The storm destroyed the
church" against "damaged the church roof", "The chief executive was fired" against "stepped down", "The study
proved" against "suggested", "The drug cures the disease" against "treats", "permanently closed" against "briefly
closed", "approved unanimously" against "approved by 9 votes to 6". The two words are no opposites (`swaps` reads
those): the weaker is true where the stronger is, not the other way, so the embeddings see the same deed.

Each scale has its strong words and its weak ones; the claim says a strong word (not negated), a sentence of the
windows that holds most of the claim's other content words says a weak one of the scale, and no window says a strong
one: `swapped:banned/restricted`. Pure.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

# scale: (its strong words, its weak words), as patterns
_SCALES: dict[str, tuple[str, str]] = {
    "ban": (r"bann?(?:ed|s)?|prohibit(?:s|ed)?|outlaw(?:s|ed)?", r"restrict(?:s|ed)?|limit(?:s|ed)|curb(?:s|ed)"),
    "destroy": (r"destroy(?:s|ed)?|demolish(?:es|ed)?|razed|flattened", r"damag(?:es|ed)"),
    "fire": (
        r"fired|sacked|dismissed|ousted",
        r"resign(?:s|ed)|stepp(?:ed)?\s+down|steps\s+down|quit|retired|left\s+the\s+(?:company|post|job|role)",
    ),
    "prove": (
        r"prov(?:es|ed|en)|confirm(?:s|ed)|established",
        r"suggest(?:s|ed)|indicat(?:es|ed)|hint(?:s|ed)|impl(?:ies|ied)",
    ),
    "cure": (
        r"cur(?:es|ed)|eradicat(?:es|ed)|eliminat(?:es|ed)",
        r"treat(?:s|ed)|eas(?:es|ed)|reliev(?:es|ed)|alleviat(?:es|ed)",
    ),
    "permanent": (r"permanent(?:ly)?|for\s+good|forever", r"brief(?:ly)?|temporar(?:y|ily)|for\s+a\s+time"),
    "unanimous": (r"unanimous(?:ly)?", r"by\s+\d+\s+votes?\s+to\s+[1-9]\d*|narrow(?:ly)?|split\s+vote"),
}
# each scale's strong and weak words, compiled once; any strong word at all, a first look before the scales
_PATTERNS = tuple(
    (re.compile(rf"\b(?:{strong})\b", re.IGNORECASE), re.compile(rf"\b(?:{weak})\b", re.IGNORECASE))
    for strong, weak in _SCALES.values()
)
_ANY_STRONG = re.compile(rf"\b(?:{'|'.join(strong for strong, _ in _SCALES.values())})\b", re.IGNORECASE)
_NOT = re.compile(r"\b(?:not|never|no|n't|without)\b|n't\b", re.IGNORECASE)
_SENTENCE = re.compile(r"(?<=[.!?;])\s+")
_WORD = re.compile(r"[a-z]{3,}")
_FUNCTION = frozenset(
    "the and for with from that this was were has have had been its their his her are which who not into over than "
    "also by after before".split()
)
SHARE = 0.6  # of the claim's other content words the sentence must hold


def _content(text: str) -> set[str]:
    return {w for w in _WORD.findall(text.lower()) if w not in _FUNCTION}


def more_force(claim: str, windows: Iterable[str]) -> str | None:
    """`banned/restricted` where the claim says a strong word of a scale that a sentence of the windows it copies says
    a weak word of, and no window a strong one; None otherwise."""
    if _ANY_STRONG.search(claim) is None:
        return None
    windows = list(windows)
    for strong, weak in _PATTERNS:
        m = strong.search(claim)
        if m is None or _NOT.search(claim[max(0, m.start() - 30) : m.start()]):
            continue
        if any(strong.search(w) for w in windows):
            continue
        others = _content(claim[: m.start()] + " " + claim[m.end() :])
        if not others:
            continue
        for sentence in dict.fromkeys(s for w in windows for s in _SENTENCE.split(w)):
            if len(others & _content(sentence)) < SHARE * len(others):
                continue
            said = weak.search(sentence)
            if said is not None and not _NOT.search(sentence[max(0, said.start() - 30) : said.start()]):
                return f"{' '.join(m.group().lower().split())}/{' '.join(said.group().lower().split())}"
    return None
