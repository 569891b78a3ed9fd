"""A deed or a state told in another time than the source's (let-ins round 20): a deed done stated as to come, "The
museum will reopen in June" against "The museum reopened in June after a two-year renovation" (round 19 left it; the
other way, a plan stated as done, is `hedges.done_for_planned`'s), and a state that ended stated as holding still,
"The museum has been closed for renovation since 2015" against "was closed for renovation from 2015 until 2018".

`done_as_to_come`: the claim's "will" and a verb ("will reopen", "will be reopened"); a sentence of the windows that
holds most of the claim's other content words says the verb's past ("reopened", "was reopened") and nothing of the
future ("will", "to reopen", "plans", "expected", "scheduled", ...): `swapped:will reopen/reopened`.

`ongoing_but_ended`: the claim's "since" and a year, in a present or a perfect ("has been", "is", "remains"); a
sentence that holds most of its other content words gives that year and an end after it ("from 2015 until 2018",
"2015-2018", "until 2018"), and no window says the state holds ("still", "remains", "since 2015"):
`swapped:since 2015/until 2018`. Pure.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from audit.verify.hedges import _pasts

_WILL = re.compile(r"\b(?:will|shall)\s+(?:(?P<be>be)\s+)?(?P<verb>[a-z]{3,})\b", re.IGNORECASE)
_FUTURE = re.compile(
    r"\b(?:will|shall|going\s+to|plan\w*|expect\w*|schedul\w*|due\s+to|set\s+to|intend\w*|aim\w*|next|upcoming|"
    r"would|could|may|might|soon)\b",
    re.IGNORECASE,
)
_SINCE = re.compile(r"\bsince\s+(?P<year>1\d{3}|20\d{2})\b", re.IGNORECASE)
_HOLDING = re.compile(r"\b(?:has|have)\s+been\b|\b(?:is|are|remains?|stays?|continues?)\b", re.IGNORECASE)
_ENDED = r"\b{year}\s*(?:until|till|to|through|-|–|and)\s*(?P<end>1\d{{3}}|20\d{{2}})\b"
_UNTIL = re.compile(r"\b(?:until|till)\s+(?P<end>1\d{3}|20\d{2})\b", re.IGNORECASE)
_STILL = re.compile(r"\b(?:still|remains?|to\s+this\s+day|ever\s+since|since\s+then|today|now)\b", re.IGNORECASE)
_SENTENCE = re.compile(r"(?<=[.!?;])\s+")
_WORD = re.compile(r"[a-z]{3,}")
_FUNCTION = frozenset(
    "the and for with from that this was were has have had been its their his her are which who not will shall "
    "since until into over than also be is".split()
)
SHARE = 0.6  # of the claim's other content words the sentence must hold


def _content(text: str) -> set[str]:
    return {w for w in _WORD.findall(text.lower()) if w not in _FUNCTION}


def _sentences(words: set[str], windows: Iterable[str]) -> list[str]:
    out = dict.fromkeys(s for w in windows for s in _SENTENCE.split(w))
    return [s for s in out if words and len(words & _content(s)) >= SHARE * len(words)]


def done_as_to_come(claim: str, windows: Iterable[str]) -> str | None:
    """`will reopen/reopened` where the claim says a deed is to come that a sentence of the windows tells as done,
    and of nothing to come; None otherwise."""
    m = _WILL.search(claim)
    if m is None:
        return None
    verb = m["verb"].lower()
    others = _content(claim) - {verb}
    for sentence in _sentences(others, windows):
        if _FUTURE.search(sentence):
            continue
        words = [w.lower() for w in re.findall(r"[A-Za-z]+", sentence)]
        if m["be"]:  # "will be reopened": "was reopened", "has been reopened"
            done = any(w == verb and words[i - 1] in ("was", "were", "been") for i, w in enumerate(words) if i)
            past = verb
        else:
            pasts = _pasts(verb)
            past = next((w for w in words if w in pasts), "")
            done = bool(past)
        if done:
            return f"will {'be ' if m['be'] else ''}{verb}/{past}"
    return None


def ongoing_but_ended(claim: str, windows: Iterable[str]) -> str | None:
    """`since 2015/until 2018` where the claim says a state holds since a year that a sentence of the windows ends
    later, and no window says it holds still; None otherwise."""
    m = _SINCE.search(claim)
    if m is None or not _HOLDING.search(claim[: m.start()]):
        return None
    year = m["year"]
    windows = list(windows)
    if any(_STILL.search(w) or re.search(rf"\bsince\s+{year}\b", w) for w in windows):
        return None
    others = _content(claim) - {year}
    for sentence in _sentences(others, windows):
        if year not in sentence:
            continue
        end = re.search(_ENDED.format(year=year), sentence, re.IGNORECASE) or _UNTIL.search(sentence)
        if end is not None and end["end"] > year:
            return f"since {year}/until {end['end']}"
    return None
