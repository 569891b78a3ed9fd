"""A claim that states the opposite change of its evidence: "revenue rose" against a window that says it fell.

Sentence embeddings place "rose 5%" and "fell 5%" side by side (same topic), and the word overlap of the two differs
in one word, so the support model scores such a pair high. The rule here is lexical and conservative: the claim uses a
word of one side of an opposition (rose, won, added, opened, approved) and none of the other; its evidence window
uses a word of the other side (fell, lost, removed, closed, rejected) and none of the claim's side. A window that
says both ("fell in March, then rose") is no mismatch. Lower-case words only: "Rose", "Falls" and "Lost" at the start
of a name are names. Pure.
"""

from __future__ import annotations

import re

# (one side, the other): word forms, regular expressions over lower-case words. Left out as too often something else:
# up / down, more / less, higher / lower (the Lower House), cut, fall / falls (the season, the falls), contract(s).
_OPPOSITIONS = (
    (
        r"increas\w*|ris(?:e|es|en|ing)|rose|gr[eo]w(?:s|n|ing)?|growth|gain(?:s|ed|ing)?|climb(?:s|ed|ing)?|"
        r"jump(?:s|ed|ing)?|soar(?:s|ed|ing)?|surg(?:e|es|ed|ing)|rais(?:e|es|ed|ing)|boost(?:s|ed|ing)?|"
        r"expand(?:s|ed|ing)?|doubl(?:e|es|ed|ing)|tripl(?:e|es|ed|ing)",
        r"decreas\w*|fell|fallen|falling|declin(?:e|es|ed|ing)|drop(?:s|ped|ping)?|shr[ai]nk(?:s|ing)?|shrunk|"
        r"reduc(?:e|es|ed|ing|tion)|plung(?:e|es|ed|ing)|slump(?:s|ed|ing)?|halv(?:e|es|ed|ing)",
    ),
    (r"won|wins?|winning", r"lost|los(?:e|es|ing)"),
    (r"add(?:s|ed|ing)?", r"remov(?:e|es|ed|ing|al)|discontinu(?:e|es|ed|ing)|eliminat(?:e|es|ed|ing)|abolish\w*"),
    (r"open(?:s|ed|ing)?|reopen(?:s|ed|ing)?", r"clos(?:e|es|ed|ing|ure)|shut(?:s|ting)?"),
    (r"began|begun|begins|start(?:s|ed)|commenc(?:e|es|ed)", r"ended|ends|finish(?:es|ed)|conclud(?:e|es|ed)|stopped"),
    (r"above", r"below"),
    (
        r"approv(?:e|es|ed|ing|al)|accept(?:s|ed|ing)?|allow(?:s|ed|ing)?|permit(?:s|ted|ting)?|legal",
        r"reject(?:s|ed|ing|ion)?|ban(?:s|ned|ning)?|prohibit(?:s|ed|ing)?|forb[ia]d(?:s|den)?|illegal",
    ),
)
_SIDES = tuple((re.compile(rf"\b(?:{a})\b"), re.compile(rf"\b(?:{b})\b")) for a, b in _OPPOSITIONS)


def direction_mismatch(claim: str, window: str) -> bool:
    """Whether the claim states one side of an opposition that its evidence window states only the other side of."""
    for one, other in _SIDES:
        for said, opposite in ((one, other), (other, one)):
            if (
                said.search(claim)
                and not opposite.search(claim)
                and opposite.search(window)
                and not said.search(window)
            ):
                return True
    return False
