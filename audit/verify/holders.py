"""A record that the source gives another holder (let-ins round 21; round 20 left the first): "The library is the
oldest building in the town" against "The church is the oldest building in the town; the library is its largest",
"The port is the busiest in the region" against "The airport is the busiest in the region, and the port the
oldest". The claim's holder and its record are both the source's words, only not bound together, so the support model
scores it high.

The claim states "X is (was, are, were) the <superlative>"; a clause of its windows (a sentence cut at ";", "but",
"while", "whereas", ", and") states that superlative of another holder, content words before its verb none of the
claim's holder's, and no clause states it with a word of the claim's holder; a clause of the windows names the
claim's holder: `swapped:library/church`. Not a clause whose holder is a pronoun, nor one that does not state the
record outright ("is known for being the fastest") or states it of another noun ("fastest creature" against the
claim's "fastest animal"). Pure.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from audit.verify.superlatives import _SUPERLATIVE

_CLAIM = re.compile(
    rf"^(?P<holder>.+?)\s+(?:is|was|are|were|remains?)\s+(?:still\s+)?(?:the|its|their)\s+(?P<sup>{_SUPERLATIVE})\b"
    r"(?:\s+(?P<noun>[a-z]+))?",
    re.IGNORECASE,
)
_CLAUSE = re.compile(r"(?<=[.!?;])\s+|;\s*|,?\s+\b(?:but|while|whereas|although)\b\s+|,\s+and\s+", re.IGNORECASE)
_VERB = re.compile(r"\b(?:is|was|are|were|remains?|ranks?\s+as)\b", re.IGNORECASE)
_WORD = re.compile(r"[a-z]{3,}")
_PREPOSITION = frozenset("in of on at for with by from among to and since".split())
_FUNCTION = frozenset("the its their this that these those which who also and for with from new old".split())
_PRONOUN = re.compile(r"\b(?:it|they|he|she|this|that|these|those|which|who)\b", re.IGNORECASE)


def _content(text: str) -> set[str]:
    return {w for w in _WORD.findall(text.lower()) if w not in _FUNCTION}


def record_of_other(claim: str, windows: Iterable[str]) -> str | None:
    """`library/church` where the claim's superlative is given in a clause of the windows to another holder, and no
    clause gives it to the claim's holder, which a clause names; None otherwise."""
    m = _CLAIM.search(claim.strip())
    if m is None:
        return None
    holder = _content(m["holder"])
    sup = m["sup"].lower()
    if not holder:
        return None
    clauses = [c for w in windows for c in _CLAUSE.split(w) if c and c.strip()]
    if not any(holder & _content(c) for c in clauses):
        return None
    other = None
    for c in clauses:
        if re.search(rf"\b{re.escape(sup)}\b", c, re.IGNORECASE) is None:
            continue
        if holder & _content(c):
            return None  # a clause gives the claim's holder the record, or may
        at = re.search(rf"\b{_VERB.pattern}\s+(?:the|its|their)\s+{re.escape(sup)}\b(?:\s+(?P<noun>[a-z]+))?", c, re.I)
        if at is None or (
            at["noun"] and m["noun"] and _PREPOSITION.isdisjoint({at["noun"], m["noun"]}) and at["noun"] != m["noun"]
        ):
            continue  # the record not stated outright ("is known for being the fastest"), or of another kind
        before = c[: at.start()]
        if other is None and _content(before) and not _PRONOUN.search(before):
            other = sorted(_content(before), key=before.lower().rfind)[-1]
    if other is None:
        return None
    return f"{sorted(holder, key=m['holder'].lower().rfind)[-1]}/{other}"
