"""Control of a thing stated where the source gives a share of half or less (let-ins round 20; round 19 left it):
"The airline is majority owned by the state" and "The state owns a majority stake in the airline" against "The state
owns 49 percent of the airline", "The family holds a controlling stake in the brewery" against "holds a 35% stake".
The claim's words are the source's but for the share, and "majority" is no figure a key fact could miss.

The claim says "majority owned", "a majority stake" (share, interest, holding, shareholder, owner), "owns a majority",
"a controlling stake" (interest, share), "owns most of"; a sentence of the windows that holds half of the claim's
content words gives a share ("49 percent", "a 35% stake") of at most 50 percent beside a word of owning ("own",
"stake", "share", "holding", "held"), and no window says "majority", "controlling", "more than half" or a share
above 50 percent beside one: `swapped:majority/49 percent`. Pure.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

_CLAIM = re.compile(
    r"\b(?P<word>majority|controlling)[\s-]+(?:owned|stake|share|interest|holding|shareholder|owner|control)\b"
    r"|\b(?:own|owns|owned|holds?|held|has|have|had|acquired|bought|took)\s+(?:a\s+)?(?P<w2>majority|most)\b",
    re.IGNORECASE,
)
_OWNING = re.compile(r"\b(?:own\w*|stakes?|shares?|holding\w*|holds?|held|shareholder\w*|equity)\b", re.IGNORECASE)
_SHARE = re.compile(r"\b(?P<p>\d+(?:\.\d+)?)\s*(?:%|percent\b|per\s+cent\b)", re.IGNORECASE)
_CONTROL = re.compile(r"\b(?:majority|controlling|control|more\s+than\s+half|most\s+of)\b", re.IGNORECASE)
_SENTENCE = re.compile(r"(?<=[.!?;])\s+")
_WORD = re.compile(r"[a-z]{3,}")
_FUNCTION = frozenset(
    "the and for with from that this was were has have had its their his her are which who owns owned own holds "
    "held stake share majority controlling most".split()
)
HALF = 50.0
NEAR = 60  # characters between a share and its word of owning


def _content(text: str) -> set[str]:
    return {w for w in _WORD.findall(text.lower()) if w not in _FUNCTION}


def _owned_share(sentence: str) -> float | None:
    """The largest share the sentence gives beside a word of owning, or None."""
    got = [
        float(m["p"])
        for m in _SHARE.finditer(sentence)
        if _OWNING.search(sentence[max(0, m.start() - NEAR) : m.end() + NEAR])
    ]
    return max(got) if got else None


def control_for_share(claim: str, windows: Iterable[str]) -> str | None:
    """`majority/49 percent` where the claim states control of what a sentence of the windows owns a share of half or
    less of, and no window states control or more than half; None otherwise."""
    m = _CLAIM.search(claim)
    if m is None:
        return None
    word = (m["word"] or m["w2"]).lower()
    mine = _content(claim)
    found: float | None = None
    for window in windows:
        for sentence in _SENTENCE.split(window):
            share = _owned_share(sentence)
            if share is not None and share > HALF:
                return None
            if _CONTROL.search(sentence) and _OWNING.search(sentence):
                return None
            if share is not None and len(mine & _content(sentence)) * 2 >= len(mine):
                found = share if found is None else found
    if found is None:
        return None
    return f"{word}/{found:g} percent"
