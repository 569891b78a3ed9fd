"""A claim that is a quotation in a frame of speech, `She said: "Refunds take 30 days."`, `The policy states "..."`,
`"...," the spokesperson said`: what the source must hold is the quotation; the frame says who said it.

Scored whole, the frame's words ("She said") are words no source sentence holds, and a quotation copied word for word
from its source came out `weak` (no exact match; the support model reading a different sentence), a correct answer RED.
The quotation, in its quotation marks (its words must still be the source's, as any quotation's: `missing_quote`
where a source says it otherwise), is scored in the claim's place (`verifier.score_pairs`) when the frame is short
(at most six words before a verb of saying, or after the quotation) and the quotation has at least three words; not
where the frame names someone the source does not (a capitalised word of the frame, other than a pronoun or an
article, missing from the source): "Dr. Reyes said ..." against a source that never names her keeps its frame, and
with it the name's `missing_name`. Pure.
"""

from __future__ import annotations

import re

_SAY = (
    r"(?:said|says|say|states?|stated|writes|wrote|write|notes?|noted|explains?|explained|adds?|added|announced?"
    r"|announces|declared?|declares|reported|reports|told (?:\w+ ){0,2}?|puts? it|warned|warns|confirmed|confirms"
    r"|replied|answered|insisted|insists|claimed|claims|argued|argues)"
)
_WORDS = r"(?:[\w'’.,-]+ ){0,6}?"
_OPEN, _CLOSE = '["“„«]', '["”“»]'
_QUOTE = rf"{_OPEN}(?P<quote>[^\"“”„«»\n]{{8,}}?)[,.!?]?{_CLOSE}"
_STOP = r"[ \t]*[.!?]?[ \t]*$"
_BEFORE = re.compile(
    rf"^(?P<frame>{_WORDS}{_SAY}(?: that)?|according to {_WORDS}[\w'’.-]+)[ \t]*[:,]?[ \t]*{_QUOTE}{_STOP}",
    re.IGNORECASE,
)
_AFTER = re.compile(rf"^{_QUOTE}[ \t]*,?[ \t]*(?P<frame>{_WORDS}{_SAY}{_WORDS}[\w'’.-]*){_STOP}", re.IGNORECASE)
_UNNAMED = {
    "the", "a", "an", "this", "that", "these", "those", "it", "he", "she", "they", "we", "i", "you", "one", "its",
    "his", "her", "their", "our", "your", "my", "according", "as", "source", "document",
}  # fmt: skip
_NAME = re.compile(r"\b[A-Z][\w'’.-]*")


def quoted_claim(claim: str, source: str) -> str:
    """The quotation of `claim` when it is one in a frame of speech naming no one `source` does not; else `claim`."""
    if '"' not in claim and "“" not in claim and "„" not in claim and "«" not in claim:
        return claim
    text = claim.strip()
    m = _BEFORE.match(text) or _AFTER.match(text)
    if m is None:
        return claim
    quote = m.group("quote").strip()
    if len(re.findall(r"[^\W_]+", quote)) < 3:
        return claim
    lower = source.lower()
    for name in _NAME.finditer(m.group("frame")):
        word = name.group().rstrip(".,'’").lower()
        if word not in _UNNAMED and word not in lower:
            return claim
    return f'"{quote}".'  # still a quotation: its words must be the source's (`missing_quote` where they are not)
