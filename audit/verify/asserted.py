"""A claim its source holds only inside a question, a denial or a hypothesis: not asserted there.

"The factory had polluted the river" is verbatim in "The ministry denied that the factory had polluted the river", and
"The new drug reduces the risk" in "Researchers are investigating whether the new drug reduces the risk": a verbatim
match decided `verified` (support 1) at once, and a close copy scores as high. The rule is lexical and narrow: the
words of the source sentence just before the claim's match end with a frame that asserts nothing ("whether", "if",
"denied that", "no evidence that", "it is a myth that", "rejected claims that"), with at most two words between the
frame and the match and no punctuation ("If the parcel is lost, customers receive a refund" is no frame for
"Customers receive a refund": the comma closes the condition). A report of what someone said or found ("said that",
"found that") asserts through its source and is no frame; a "not" right before the match denies it ("All of the
samples were contaminated" in "Not all of the samples were contaminated"). Pure.
"""

from __future__ import annotations

import re

_FRAMES = (
    r"whether|if",
    r"den(?:y|ies|ied|ying)(?: that)?",
    r"(?:reject(?:s|ed|ing)?|dismiss(?:es|ed|ing)?|refut(?:e|es|ed|ing)|disput(?:e|es|ed|ing)|deb[ua]nk(?:s|ed|ing)?)"
    r" (?:the |any )?(?:claims?|allegations?|reports?|suggestions?|rumou?rs?|idea|notion|assertions?) that",
    r"no (?:evidence|proof|indication|sign) (?:yet )?that",
    r"(?:not true|untrue|false|a myth|a misconception|a common misconception|not the case|unproven|not proven) that",
    r"(?:doubt(?:s|ed|ing)?|question(?:s|ed|ing)?) (?:that|whether|if)",
    r"(?:hypothesi[sz]e[sd]?|speculat(?:e|es|ed|ing)|rumou?r(?:s|ed)?|conjecture[sd]?) that",
    # a claim or allegation someone makes ("Critics claim that the law will raise costs"), not a report
    r"(?:claim(?:s|ed|ing)?|alleg(?:e|es|ed|ing)) that",
    # a line the source labels ("Myth: vaccines cause autism.")
    r"(?:myth|false|fiction|misconception|rumou?r|hoax):",
)
# the frame, then at most two words with nothing between them but spaces, then the match
_FRAMED = re.compile(rf"\b({'|'.join(_FRAMES)})\s+(?:[\w'’-]+\s+){{0,2}}$", re.IGNORECASE)
# a "not" right before the match denies it: "All of the samples were contaminated" in "Not all of the samples were
# contaminated", "Every ..." in "Not every ..." (a verbatim match: verified)
_NOT_BEFORE = re.compile(r"\b(not)\s+$", re.IGNORECASE)
_SENTENCE_END = re.compile(r"[.!?](?:\s|$)|\n")
_LOOK_BACK = 200  # characters before the match where its frame may lie


def unasserted_frame(source: str, start: int) -> str | None:
    """The frame (lower case) that the words of `source` before offset `start`, in the same sentence, end with: the
    match at `start` is asked, denied or supposed there, not asserted. None when there is none."""
    before = source[max(0, start - _LOOK_BACK) : start]
    before = _SENTENCE_END.split(before)[-1]
    # a match that starts inside a word (a fuzzy alignment's start) starts at that word
    before = re.sub(r"[\w'’-]+$", "", before)
    m = _FRAMED.search(before) or _NOT_BEFORE.search(before)
    return None if m is None else " ".join(m.group(1).lower().split())
