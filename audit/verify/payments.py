"""A way to pay that the source rules out: "Visitors must pay the entrance fee by card" against "Visitors must pay
the entrance fee in cash; the museum does not take cards", "The café accepts cards" against "The café is cash only".

`exclusive.py`'s class of ways to pay (cash / card / cheque / transfer / crypto) is read by `swaps` between two copies
of one sentence, one word in the place of another; a sentence that rules the claim's way out in another clause, or
says another way is the only one, has no word in the claim's word's place, and the support model scores the window
high (let-in round 12 left it; round 13: each was `verified`). Here the claim's one way to pay, in a claim of paying,
accepting or taking, against a window sentence holding one of its content words (four letters or more, not of
paying) that says another way only ("cash only", "only in cash", "accepts only cards", "by card or phone only") or
denies the claim's ("does not take cards", "no longer take coins or cash", "no cards", "cards are not accepted",
"cashless", "stopped accepting cash"). Not a claim with a negation of its own, nor where the window's sentence says
the claim's way only or names it outside what rules it out ("the café accepts cards too"). Pure.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from audit.verify.exclusive import EXCLUSIVE_CLASSES
from audit.verify.text import stop_split

_WORD = re.compile(r"[^\W\d_]+")  # "café" whole
_FUNCTION = frozenset(
    "the a an of in on at to for by with from and or but as its his her their this that these those it which who "
    "one".split()
)


_WAYS = {w: c for entry in EXCLUSIVE_CLASSES["payment"].split() for w, _, c in [entry.partition(":")] if "_" not in w}
_WAY = "|".join(sorted(_WAYS, key=len, reverse=True))
_PAY_WORD = re.compile(rf"\b({_WAY})\b", re.IGNORECASE)
# another way only: "cash only", "only in cash", "accepts only cards", "only takes card payments"
_ONLY = re.compile(
    rf"\b({_WAY})(?:\s+payments?)?(?:\s+(?:or|and)\s+[a-z]+)?\s+only\b|\bonly\s+(?:(?:takes?|accepts?|took|accepted|in|by|with|pay(?:s|ing)?\s+"
    rf"(?:in|by|with))\s+)?(?:a\s+)?({_WAY})\b",
    re.IGNORECASE,
)
# the claim's way denied: "does not take cards", "no cards", "cards are not accepted", "cashless"
_DENIED = re.compile(
    rf"\b(?:not|never|no\s+longer|n['’]t)\s+(?:(?:take|accept|allow)s?\s+|(?:be\s+)?(?:paid\s+)?(?:in|by|with)\s+)"
    rf"(?:a\s+|[a-z]+\s+(?:or|and)\s+)?({_WAY})\b|\bno\s+({_WAY})\b|\b({_WAY})\s+(?:payments?\s+)?(?:(?:is|are)\s+)?(?:not|no\s+longer)\s+"
    rf"(?:be\s+)?(?:accepted|taken|allowed)\b|\b({_WAY})less\b|\bstopped\s+(?:accepting|taking)\s+({_WAY})\b",
    re.IGNORECASE,
)
_RULING = re.compile(f"{_ONLY.pattern}|{_DENIED.pattern}", re.IGNORECASE)
_CLAIM_NOT = re.compile(r"\b(?:not|never|no|cannot|without)\b|n['’]t\b", re.IGNORECASE)
_PAY = re.compile(r"\b(?:pa(?:y|ys|id|ying|yment|yments)|accept(?:s|ed)?|takes?|took|bought|buy)\b", re.IGNORECASE)
MIN_LETTERS = 4  # a content word the claim and the window's sentence share: "café", not "can"


def _content(text: str) -> set[str]:
    words = _WORD.findall(text.lower())
    return {
        w for w in words if w not in _FUNCTION and len(w) >= MIN_LETTERS and w not in _WAYS and not _PAY.fullmatch(w)
    }


def payment_ruled_out(claim: str, windows: Iterable[str]) -> str | None:
    """The claim's way to pay and the window's words that rule it out, as a reason's detail ("card/cash only",
    "card/not take cards"); None otherwise."""
    if _CLAIM_NOT.search(claim) is not None or _PAY.search(claim) is None:
        return None
    ways = {_WAYS[m.group(1).lower()]: m.group(1).lower() for m in _PAY_WORD.finditer(claim)}
    if len(ways) != 1:
        return None
    ((way, word),) = ways.items()
    content = _content(claim)
    for s in (s for text in windows for s in stop_split(text.lower())):
        if not content & _content(s) or re.search(rf"\b{word}\b", _RULING.sub(" ", s)) is not None:
            continue  # not of the same thing, or it says the claim's way is taken ("the café accepts cards too")
        ruled = None
        for m in _ONLY.finditer(s):
            other = _WAYS[(m.group(1) or m.group(2)).lower()]
            if other == way:
                ruled = None
                break
            ruled = ruled or f"{word}/{' '.join(m.group().split())}"
        else:
            for m in _DENIED.finditer(s):
                denied = next(g for g in m.groups() if g)
                if _WAYS[denied.lower()] == way:
                    return f"{word}/{' '.join(m.group().split())}"
        if ruled is not None:
            return ruled
    return None
