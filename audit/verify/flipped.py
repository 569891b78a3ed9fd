"""A thing given the deed opposite to the one the source gives it, where the source says the claim's deed of another
thing (let-ins round 21; round 20 left the first): "The party lost its majority" against "The party kept its
majority, although it lost six seats". The claim's deed is a word of the source (of another thing), so no word is
swapped for another (`swaps`), and the embeddings read the same sentence.

Pairs of opposite deeds (lost / kept, retained, held; gained / lost; won / lost; accepted / rejected; approved /
rejected, blocked; passed / failed); the claim says one of a pair before its thing ("lost its majority": "majority"),
not negated; a window says the other before the same thing, of the same party (a content word of the claim's before
its verb in the window's sentence before the other verb: not the converse, "Brazil won the final" against "Germany
lost the final to Brazil"), and no window says the claim's deed of it: `swapped:lost/kept`. Pure.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

_LOST = r"lost|loses|lose|losing|forfeited|gave\s+up|surrendered"
_KEPT = r"kept|keeps|keep|keeping|retained|retains|retaining|held\s+on\s+to|held\s+onto|preserved|maintained|defended"
_PAIRS: tuple[tuple[str, str], ...] = (
    (_LOST, _KEPT),
    (_LOST, r"gained|gains|won|wins|regained|secured|took|captured"),
    (r"accepted|accepts|approved|approves|endorsed|backed", r"rejected|rejects|declined|blocked|vetoed|turned\s+down"),
)
_DET = r"(?:(?:its|the|a|an|their|his|her|our|overall|outright)\s+)*"
_FUNCTION = frozenset("the and its their his her this that who which also".split())
_NOT = re.compile(r"\b(?:not|never|no|without)\b|n't\b", re.IGNORECASE)


def _said(verbs: str, thing: str, text: str) -> re.Match[str] | None:
    return re.search(rf"\b(?:{verbs})\s+{_DET}{re.escape(thing)}\b", text, re.IGNORECASE)


def deed_flipped(claim: str, windows: Iterable[str]) -> str | None:
    """`lost/kept` where the claim gives a thing a deed whose opposite a window gives it, and no window the claim's
    deed; None otherwise."""
    if _NOT.search(claim):
        return None
    texts = list(windows)
    for a, b in _PAIRS:
        for own, other in ((a, b), (b, a)):
            for m in re.finditer(rf"\b(?P<verb>{own})\s+{_DET}(?P<thing>[a-z]{{3,}})\b", claim, re.IGNORECASE):
                thing = m["thing"].lower()
                if any(_said(own, thing, t) for t in texts):
                    continue
                party = {w for w in re.findall(r"[a-z]{3,}", claim[: m.start()].lower()) if w not in _FUNCTION}
                said = next((s for t in texts if (s := _said(other, thing, t)) is not None), None)
                if said is None or not party:
                    continue
                before = re.split(r"[.!?;]\s", said.string[: said.start()])[-1].lower()
                if party & set(re.findall(r"[a-z]{3,}", before)) and not _NOT.search(before[-20:]):
                    verb = said.group().split()[0].lower()
                    return f"{' '.join(m['verb'].lower().split())}/{verb}"
    return None
