"""An advice stated as a duty (let-in round 19, `verified`): "Adults must get at least 150 minutes of moderate
exercise a week" against "Guidelines recommend that adults get at least 150 minutes ...", "Visitors are required to
wear a helmet" against "Visitors are encouraged to wear a helmet". The claim's words are the source's but for the
force of the rule, which the embeddings barely see.

The claim says "must", "has to" / "have to", "is required to", "is obliged to", "mandatory" or "compulsory" (not
"not required to", "does not have to"); a sentence of its windows that holds half its content words advises
("recommend", "advise", "encourage", "urge", "suggest", "should", "ought to", "voluntary", "optional") and no window
says it is a duty in any of the claim's words, nor "require", "oblige", "mandate", "law", "legally", "shall":
`swapped:must/recommend`. Pure.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from audit.verify.options import EVERY_SHARE
from audit.verify.options import _sentences as sentences

# the claim's duty ("must", "is required to", "have to", "mandatory"); not a duty denied ("not required to")
_DUTY = re.compile(
    r"(?<!\bnot\s)(?<!n't\s)(?<!\bno\s)\b(?P<word>must|ha(?:s|ve|d)\s+to|(?:required|obliged|obligated|compelled)\s+to|"
    r"mandatory|compulsory|obligatory)\b",
    re.IGNORECASE,
)
# a window's advice ...
_ADVICE = re.compile(
    r"\b(?P<word>recommend\w*|advis\w*|encourag\w*|urg(?:e|es|ed|ing)|suggest\w*|should|ought\s+to|voluntary|"
    r"optional)\b",
    re.IGNORECASE,
)
# ... with no duty said anywhere
_SOURCE_DUTY = re.compile(
    r"\b(?:must|ha(?:s|ve|d)\s+to|requir\w*|oblig\w*|compel\w*|mandat\w*|compulsory|law|laws|legally|shall|"
    r"enforc\w*|fine[ds]?|penalt\w*|order\w*|bann?\w*|forbid\w*|prohibit\w*|instruct\w*|direct(?:ed|ive)|told\s+to)\b",
    re.IGNORECASE,
)


def advice_as_duty(claim: str, windows: Iterable[str]) -> str | None:
    """`must/recommend` where the claim states a duty that a window sentence with half its content words only
    advises, and no window states a duty; None otherwise."""
    duty = _DUTY.search(claim)
    if duty is None:
        return None
    windows = list(windows)
    if any(_SOURCE_DUTY.search(w) for w in windows):
        return None
    # what the duty is to do: the claim's word after it ("get", "wear"), or, after "mandatory", any content word
    after = re.findall(r"[a-z]+", claim[duty.end() :].lower())[:1]
    done = set(after) - {"be"} or {w for w in re.findall(r"[a-z]{4,}", claim.lower())} - _DUTY_WORDS
    for sentence in sentences(claim, windows, EVERY_SHARE):
        for advice in _ADVICE.finditer(sentence):
            advised = re.findall(r"[a-z]+", sentence[advice.end() :].lower())[:_NEAR]
            if any(w[:_STEM] == d[:_STEM] for w in advised for d in done):  # the advice is to do it
                said = " ".join(duty["word"].lower().split())
                return f"{said}/{_stem(advice['word'].lower())}"
    return None


_NEAR = 5  # words after the advice where what it advises stands ("recommend that adults get")
_STEM = 5  # letters of a word read ("wearing" / "wear", "complete" / "completing")
_DUTY_WORDS = frozenset(
    "must have has had required obliged obligated compelled mandatory compulsory obligatory".split()
)


def _stem(word: str) -> str:
    """ "recommend" for "recommends" or "recommended", "advise" for "advised", "encourage" for "encouraged"."""
    for stem in ("recommend", "advise", "encourage", "urge", "suggest"):
        if word.startswith(stem[:-1] if stem.endswith("e") else stem):
            return stem
    return " ".join(word.split())
