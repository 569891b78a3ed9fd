"""A cause the source does not state: "The flooding caused the outbreak" against "The outbreak followed the
flooding", "Eating breakfast causes higher test scores" against "Children who eat breakfast are associated with
higher test scores" (0.69 to 0.76, `verified`). The source tells of two things one after the other, or together; the
claim makes one the cause of the other, the commonest overreach of a summary, and the embeddings see the same topic.

The rule is lexical and narrow: the claim says so with a word of cause ("caused", "because", "due to", "led to",
"resulted in", "triggered", ...), its candidate windows tie the two things with a word of sequence or association
only ("followed", "preceded", "after", "coincided with", "associated with", "linked to", "correlated with",
"tend to") and hold no word of cause at all (nor "blamed", "attributed", "effect", "so", "therefore", "thanks
to", ...), so that a source stating the cause in other words is no mismatch. Reason `unasserted:cause`.

A prevention or a cure is a cause too (let-in round 16): "Drinking coffee prevents type 2 diabetes" against "Drinking
coffee is linked to a slightly lower risk of type 2 diabetes, although the link may not be causal". The claim's
"prevents", "protects against", "cures", "wards off" against windows that tie the two by association only; a source
that says it lowers, reduces, prevents or protects ("lowers the risk", "reduced the number of cases") states the
effect. A source's denial of cause ("the link may not be causal", "does not prove that coffee ...") states none.

A cause the source tells in a sentence of its own, untied (let-ins round 20; round 19 left it): "The plant closed in
2019 because demand had been falling" against "The plant closed in 2019. Demand for its products had been falling for
years, and the owner retired that spring", "The match was called off because ticket sales had been poor" against
"... called off after heavy rain flooded the pitch. Ticket sales had been poor all season." (`cause_apart`). The
claim's "because" (of), "due to", "owing to", "as a result of", "thanks to" parts it into an effect and a cause of two
content words or more; a sentence of the windows holds half of the effect's words, another half of the cause's, none
holds half of both, the cause's sentence has no word of cause, effect or sequence, and the effect's sentence none that
points back ("as a result", "so", "this", "therefore"). Pure.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

CAUSE = "cause"  # the reason's detail: `unasserted:cause`

# the claim makes one thing the cause of another
_CLAIM_CAUSE = re.compile(
    r"\b(?:caus(?:e|es|ed|ing)|because|due to|owing to|(?:led|leads?|leading) to|result(?:s|ed|ing)? in|"
    r"as a result of|trigger(?:s|ed|ing)?|thanks to)\b",
    re.IGNORECASE,
)
# the source ties them by sequence or association
_LINK = re.compile(
    r"\b(?:follow(?:s|ed)|preced(?:es|ed)|came after|coincid(?:es|ed|ing) with|associated with|"
    r"linked (?:to|with)|correlat(?:es|ed|ing|ion))\b",
    re.IGNORECASE,
)
# ... and states a cause nowhere (words of cause, effect, blame or consequence)
_SOURCE_CAUSE = re.compile(
    r"\b(?:caus\w*|because|due|owing|leads?|led|leading|result\w*|trigger\w*|thanks|blam\w*|attribut\w*|"
    r"effects?|consequen\w*|therefore|thus|hence|so|responsib\w*|prompt\w*|spark\w*|drove|driven|forced|"
    r"contribut\w*|explain\w*|reason\w*|since|as a result)\b",
    re.IGNORECASE,
)


# the claim makes one thing stop another: a prevention or a cure
_CLAIM_PREVENTS = re.compile(
    r"\b(?:prevent(?:s|ed|ing)?|protect(?:s|ed|ing)? (?:\w+ )?against|cur(?:e|es|ed|ing)|wards? off)\b", re.IGNORECASE
)
# ... which the source states in words of lowering ("lowers the risk", "reduced the cases"; not "a lower risk")
_SOURCE_LOWERS = re.compile(
    r"\b(?:lower(?:s|ed|ing)|reduc\w*|cut(?:s|ting)?|prevent\w*|protect\w*|cur(?:e|es|ed|ing)|ward\w* off)\b",
    re.IGNORECASE,
)
# a cause the source denies or leaves open: no cause stated ("the link may not be causal", "does not prove that")
_NO_CAUSE = re.compile(
    r"\b(?:(?:(?:may|might|could|need|does|do|did|is|are)\s+not|cannot|can't|isn't|aren't|doesn't|didn't)\s+"
    r"(?:\w+\s+){0,5}|\bno\s+(?:\w+\s+)?)caus(?:e|es|ed|al|ally|ality|ation|ing)\b(?:\s+and\s+effect)?",
    re.IGNORECASE,
)


# a change of a risk made by the claim's subject, a cause too ("Eating red meat increases the risk of colon cancer"
# against "is associated with a higher risk": let-in round 17), unhedged; a source that says so in a verb states it
_RISK = (
    r"\b(?:increas|rais|boost|doubl|tripl|heighten|lower|reduc|cut|halv|decreas)\w*\s+(?:the|your|their|one's|a)\s+"
    r"(?:\w+\s+)?(?:risks?|chances?|odds|likelihood|incidence)\b"
)
_CLAIM_RISK = re.compile(r"(?<!\bmay )(?<!\bmight )(?<!\bcould )(?<!\bcan )" + _RISK, re.IGNORECASE)
_SOURCE_RISK = re.compile(_RISK, re.IGNORECASE)


def unstated_cause(claim: str, windows: Iterable[str]) -> bool:
    """Whether `claim` states a cause that its candidate `windows` tie only by sequence or association, or tell
    apart in a sentence of its own (`cause_apart`)."""
    windows = list(windows)
    if cause_apart(claim, windows):
        return True
    prevents = _CLAIM_PREVENTS.search(claim) is not None
    risk = not prevents and _CLAIM_RISK.search(claim) is not None
    if not prevents and not risk and not _CLAIM_CAUSE.search(claim):
        return False
    text = " ".join(windows)
    if prevents or risk:  # its denials of cause read as none, its words of lowering (or raising) as a cause stated
        text = _NO_CAUSE.sub(" ", text)
        if (_SOURCE_LOWERS if prevents else _SOURCE_RISK).search(text):
            return False
    return _LINK.search(text) is not None and _SOURCE_CAUSE.search(text) is None


# the claim's effect, its word of cause and the cause
_BECAUSE = re.compile(r"\b(?:because(?:\s+of)?|due\s+to|owing\s+to|as\s+a\s+result\s+of|thanks\s+to)\b", re.I)
# an effect's sentence that points back at a cause told before it
_POINTS_BACK = re.compile(
    r"\b(?:this|that|these|those|it|as a result|consequently|therefore|thus|hence|so|accordingly|result\w*|"
    r"then|subsequently|later|eventually|caus\w*|because|due|led|forc\w*|prompt\w*)\b",
    re.IGNORECASE,
)
# ... and a cause's sentence that says what it did, or when
_TIES = re.compile(
    r"\b(?:after|before|when|following|amid|meant|forc\w*|left|leaving|made|making|which|until|while)\b", re.I
)
# a time's "before" or "after" that ends its clause ("the year before"): it dates, it does not tie (let-ins round 21)
_TIME_AGO = re.compile(
    r"\b(?:the|a|one|two|three|several|some|a\s+few)\s+(?:day|night|week|month|season|year|decade)s?\s+"
    r"(?:before|earlier|after|later)(?=\s*(?:[.,;!?]|$))",
    re.IGNORECASE,
)
_SENTENCE = re.compile(r"(?<=[.!?])\s+")
_WORD = re.compile(r"[a-z]{3,}")
_FUNCTION = frozenset(
    "the and for with from that this was were has have had been its their his her are which who not but into over "
    "than also had".split()
)


def _content(text: str) -> set[str]:
    return {w for w in _WORD.findall(text.lower()) if w not in _FUNCTION}


def cause_apart(claim: str, windows: Iterable[str]) -> bool:
    """Whether `claim` gives a cause ("because ...") that the windows tell in a sentence apart from the effect's,
    with no word that ties the two."""
    m = _BECAUSE.search(claim)
    if m is None:
        return False
    effect, cause = _content(claim[: m.start()]), _content(claim[m.end() :])
    if len(effect) < 2 or len(cause) < 2:
        return False
    sentences = list(dict.fromkeys(s for w in windows for s in _SENTENCE.split(w)))

    def holds(s: str, words: set[str]) -> bool:
        return len(words & _content(s)) * 2 >= len(words)

    effects = [s for s in sentences if holds(s, effect)]
    causes = [s for s in sentences if holds(s, cause)]
    if not effects or not causes or set(effects) & set(causes):
        return False
    if any(_SOURCE_CAUSE.search(s) or _TIES.search(_TIME_AGO.sub(" ", s)) for s in causes):
        return False
    return not any(_POINTS_BACK.search(s) for s in effects)
