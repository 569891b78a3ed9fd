"""A deed stated as decided or done where the source only weighs it (let-ins round 21; round 20 left the first): "The
council voted to ban fireworks" against "The council voted to study a ban on fireworks", "The board agreed to close
the plant" against "agreed to consider closing the plant". The claim copies the source's words but one, and the
deed's word is the source's: only the word of weighing it ("study", "consider", "review", "discuss", "debate",
"propose", "explore", "examine", "weigh", "whether to") is left out, so the embeddings see the same deed.

The claim says no word of weighing and its deed after "to" or in the past ("to ban", "banned"); a sentence of the
windows that holds most of the claim's other content words says a word of weighing, then (past "a", "an", "the",
"whether to", "possible") a word of the claim's deed ("ban" / "ban", "closing" / "close"), and no window says that
word save after a word of weighing: `swapped:ban/study a ban`. Pure.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

_WEIGH = (
    r"stud(?:y|ies|ied|ying)|consider(?:s|ed|ing)?|review(?:s|ed|ing)?|discuss(?:es|ed|ing)?|debat(?:e|es|ed|ing)|"
    r"propos(?:e|es|ed|ing)|explor(?:e|es|ed|ing)|examin(?:e|es|ed|ing)|weigh(?:s|ed|ing)?|look(?:s|ed|ing)?\s+into|"
    r"assess(?:es|ed|ing)?|evaluat(?:e|es|ed|ing)|mull(?:s|ed|ing)?"
)
_CLAIM_WEIGHS = re.compile(rf"\b(?:{_WEIGH}|whether|possib\w*|might|may|could|plan(?:s|ned|ning)?)\b", re.IGNORECASE)
_WEIGHED = re.compile(
    rf"\b(?P<weigh>{_WEIGH})\s+(?:(?:a|an|the|whether\s+to|possible|a\s+possible|plans?\s+(?:to|for))\s+)*"
    r"(?P<deed>[a-z]{3,})\b",
    re.IGNORECASE,
)
_SENTENCE = re.compile(r"(?<=[.!?;])\s+")
_WORD = re.compile(r"[a-z]{3,}")
_FUNCTION = frozenset(
    "the and for with from that this was were has have had been its their his her are which who not into over than "
    "also by after before voted agreed decided".split()
)
SHARE = 0.6  # of the claim's other content words the sentence must hold


def _stem(word: str) -> str:
    """A word without its ending: "closing", "close" and "closed" are "clos"; "banning", "bans" and "ban" "ban"."""
    w = word.lower()
    for end in ("ing", "ed", "es", "s", "e"):
        if w.endswith(end) and len(w) - len(end) >= 3:
            w = w[: -len(end)]
            break
    return w[:-1] if len(w) > 3 and w[-1] == w[-2] else w


def _content(text: str) -> set[str]:
    return {w for w in _WORD.findall(text.lower()) if w not in _FUNCTION}


def _said_outright(text: str, stem: str) -> bool:
    """Whether `text` says the deed's word anywhere but right after a word of weighing."""
    weighed = {m.start("deed") for m in _WEIGHED.finditer(text)}
    return any(d.start() not in weighed for d in re.finditer(r"[A-Za-z]{3,}", text) if _stem(d.group()) == stem)


def weighed_as_done(claim: str, windows: Iterable[str]) -> str | None:
    """`ban/study a ban` where the claim states a deed that a sentence of the windows it copies only weighs, and no
    window states; None otherwise."""
    if _CLAIM_WEIGHS.search(claim):
        return None
    # the claim's deeds: a word after "to" or a verb in the past ("voted to ban", "banned"), not a noun ("the impact")
    deeds = re.findall(r"\bto\s+([a-z]{3,})\b|\b([a-z]{3,}ed)\b", claim.lower())
    words = {_stem(w): w for pair in deeds for w in pair if w and w not in _FUNCTION}
    texts = list(windows)
    for text in texts:
        for sentence in _SENTENCE.split(text):
            for m in _WEIGHED.finditer(sentence):
                stem = _stem(m["deed"])
                if stem not in words:
                    continue
                others = _content(claim) - {words[stem]}
                if not others or len(others & _content(sentence)) < SHARE * len(others):
                    continue
                if any(_said_outright(t, stem) for t in texts):
                    continue
                return f"{words[stem]}/{' '.join(m.group().lower().split())}"
    return None
